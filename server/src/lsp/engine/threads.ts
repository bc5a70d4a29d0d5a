/**
 * Entry of dist/engine.js, the bundle every worker thread of the language server runs: the analysis engine (started
 * by the launcher, main.ts), the large-document modeller and the indexing model pool (both started by the engine).
 * `workerData.role` says which one a thread is. Each role's modules are required, not imported, so a thread
 * evaluates only its own.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { compileGrammar } from '../../host/wasm';

if (isMainThread) {
  process.stderr.write('dist/engine.js runs the threads of the AsyncLens language server; start dist/server.js instead\n');
  process.exitCode = 2;
} else {
  const role = (workerData as { role?: string } | null)?.role;
  if (role === 'asynclens-model') void (require('./largeDocuments') as typeof import('./largeDocuments')).runLargeDocumentThread();
  else {
    const pool = require('../../host/modelPool') as typeof import('../../host/modelPool');
    if (pool.isModelWorker()) void pool.runModelWorker();
    else {
      // The engine's first diagnostic waits for the parser: its grammar compiles while the engine's modules load.
      const grammar = compileGrammar();
      grammar.catch(() => undefined);
      void (require('./worker') as typeof import('./worker')).runEngineThread(grammar);
    }
  }
}
