/** Entry point of the `asynclens` executable (dist/cli.js). */
import { main } from './main';
import { processIO } from './io';

void main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
