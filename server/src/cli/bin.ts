/** Entry point of the `asynclens` executable (dist/cli.js); started as a worker, the same bundle models files (modelPool.ts). */
import { isMainThread } from 'node:worker_threads';
import { main } from './main';
import { EXIT_USAGE, outputFailed, processIO } from './io';
import { runModelWorker } from '../host/modelPool';
import { tuneTieringForOneRun } from './jit';

if (isMainThread) {
  // Before any analysis runs, and before the model workers start, which share V8's flags.
  tuneTieringForOneRun();
  void main(process.argv.slice(2), processIO()).then((code) => {
    // Output that could not be written (a full disk, not a reader that went away) is an I/O error.
    process.exitCode = outputFailed() ? EXIT_USAGE : code;
  });
} else {
  void runModelWorker();
}
