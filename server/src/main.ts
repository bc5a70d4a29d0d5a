/**
 * Entry of the AsyncLens language server (dist/server.js, the `asynclens-lsp` executable): on the main thread
 * it serves LSP over the transport named on the command line; started as a worker by the server itself, the
 * same bundle runs the analysis engine or the large-document modeller.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { startServer } from './lsp/server';
import { runEngineThread } from './lsp/engine/worker';
import { runLargeDocumentThread } from './lsp/engine/largeDocuments';
import { isModelWorker, runModelWorker } from './host/modelPool';
import { TOOL_VERSION } from './cli/version';

const USAGE = `usage: asynclens-lsp --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The AsyncLens language server for C#: diagnostics, hovers, quick fixes, inlay hints and CodeLens about
async code. Editors start it with one of the transports above; settings come from the client under the
section "asynclens" (see server/src/config/settings.ts).
`;

const TRANSPORTS = /^--(stdio|node-ipc|socket=\d+|pipe=.+)$/;

if (!isMainThread) {
  // The server starts its helper threads from this same bundle and says which one each is.
  if ((workerData as { role?: string } | null)?.role === 'asynclens-model') void runLargeDocumentThread();
  else if (isModelWorker()) void runModelWorker();
  else void runEngineThread();
} else {
  const args = process.argv.slice(2);
  if (args.includes('--version')) {
    process.stdout.write(`${TOOL_VERSION}\n`);
  } else if (args.includes('--help') || args.includes('-h') || !args.some((a) => TRANSPORTS.test(a))) {
    process.stderr.write(USAGE);
    process.exitCode = args.includes('--help') || args.includes('-h') ? 0 : 2;
  } else {
    startServer(__filename);
  }
}
