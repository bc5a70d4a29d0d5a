/**
 * Entry of the AsyncLens language server (dist/server.js, the `asynclens-lsp` executable): on the main thread
 * it serves LSP over the transport named on the command line; started as a worker by the server itself, the
 * same bundle runs the analysis engine or the large-document modeller.
 *
 * The modules each role runs are required here, not imported: an import would evaluate all of them (the protocol
 * library, the analysis core, their tables) before this file's first line, and the language server starts its
 * engine thread before the protocol thread loads, so the two load at once (lsp/engineClient.ts startEngineEarly).
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { startEngineEarly } from './lsp/engineClient';
import { TOOL_VERSION } from './cli/version';

const USAGE = `usage: asynclens-lsp --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The AsyncLens language server for C#: diagnostics, hovers, quick fixes, inlay hints and CodeLens about
async code. Editors start it with one of the transports above; settings come from the client under the
section "asynclens" (see server/src/config/settings.ts).
`;

const TRANSPORTS = /^--(stdio|node-ipc|socket=\d+|pipe=.+)$/;

if (!isMainThread) {
  // The server starts its helper threads from this same bundle and says which one each is.
  const role = (workerData as { role?: string } | null)?.role;
  if (role === 'asynclens-model') void (require('./lsp/engine/largeDocuments') as typeof import('./lsp/engine/largeDocuments')).runLargeDocumentThread();
  else {
    const pool = require('./host/modelPool') as typeof import('./host/modelPool');
    if (pool.isModelWorker()) void pool.runModelWorker();
    else void (require('./lsp/engine/worker') as typeof import('./lsp/engine/worker')).runEngineThread();
  }
} else {
  const args = process.argv.slice(2);
  if (args.includes('--version')) {
    process.stdout.write(`${TOOL_VERSION}\n`);
  } else if (args.includes('--help') || args.includes('-h') || !args.some((a) => TRANSPORTS.test(a))) {
    process.stderr.write(USAGE);
    process.exitCode = args.includes('--help') || args.includes('-h') ? 0 : 2;
  } else {
    const early = startEngineEarly(__filename);
    (require('./lsp/server') as typeof import('./lsp/server')).startServer(__filename, early);
  }
}
