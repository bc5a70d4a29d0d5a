/**
 * Entry of the AsyncLens language server (dist/server.js, the `asynclens-lsp` executable): serves LSP over the
 * transport named on the command line.
 *
 * The server is three bundles so that this one stays small: dist/server.js (this launcher), dist/engine.js (the
 * analysis engine and the threads it starts) and dist/protocol.js (the protocol side, lsp/server.ts). The launcher
 * starts the engine thread first thing and only then loads the protocol side, so the two threads read and compile
 * their code at once; with one bundle the engine could start only after this thread had read and compiled all of
 * it, about 120 ms of a 600 ms start-up (test/bench/README.md, "First diagnostics").
 */
import path from 'node:path';
import { startEngineEarly } from './lsp/engineClient';
import { TOOL_VERSION } from './cli/version';

const USAGE = `usage: asynclens-lsp --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The AsyncLens language server for C#: diagnostics, hovers, quick fixes, inlay hints and CodeLens about
async code. Editors start it with one of the transports above; settings come from the client under the
section "asynclens" (see server/src/config/settings.ts).
`;

const TRANSPORTS = /^--(stdio|node-ipc|socket=\d+|pipe=.+)$/;

/** The bundles next to this one that the build writes (server/scripts/build.mjs); the .vsix carries them. */
export const ENGINE_BUNDLE = 'engine.js';
export const PROTOCOL_BUNDLE = 'protocol.js';

const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write(`${TOOL_VERSION}\n`);
} else if (args.includes('--help') || args.includes('-h') || !args.some((a) => TRANSPORTS.test(a))) {
  process.stderr.write(USAGE);
  process.exitCode = args.includes('--help') || args.includes('-h') ? 0 : 2;
} else {
  const engineScript = path.join(__dirname, ENGINE_BUNDLE);
  const early = startEngineEarly(engineScript);
  // A path the bundler cannot follow, so the protocol side stays in its own file and loads only now.
  const protocol = require(path.join(__dirname, PROTOCOL_BUNDLE)) as typeof import('./lsp/server');
  protocol.startServer(engineScript, early);
}
