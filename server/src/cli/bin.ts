/** Entry point of the `asynclens` executable (dist/cli.js); started as a worker, the same bundle models files (modelPool.ts). */
import { isMainThread } from 'node:worker_threads';
import { main } from './main';
import { processIO } from './io';
import { runModelWorker } from '../host/modelPool';

if (isMainThread) {
  void main(process.argv.slice(2), processIO()).then((code) => {
    process.exitCode = code;
  });
} else {
  void runModelWorker();
}
