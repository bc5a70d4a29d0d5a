/** Entry point of the `asynclens` executable (dist/cli.js). */
import { main } from './main';
import { EXIT_USAGE, outputFailed, processIO } from './io';

void main(process.argv.slice(2), processIO()).then((code) => {
  // Output that could not be written (a full disk, not a reader that went away) is an I/O error.
  process.exitCode = outputFailed() ? EXIT_USAGE : code;
});
