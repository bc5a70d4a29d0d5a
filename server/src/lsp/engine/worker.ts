/**
 * Entry of the analysis engine thread: loads the parser, then turns messages from the protocol thread into
 * engine calls and engine events into messages back.
 */
import { parentPort } from 'node:worker_threads';
import { loadParser, locateWasm } from '../../host/wasm';
import { installSignatureDatabase } from '../../host/signatures';
import { signatureDatabase } from '../../signatures/provider';
import { createEngine, type EngineHost } from './engine';
import { cacheBaseDirectory } from '../../host/packageSignatures';
import { toolFingerprint } from '../../host/modelCache';
import type { EngineCommand, EngineEvent } from './messages';

export async function runEngineThread(grammar?: Promise<WebAssembly.Module>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the AsyncLens engine must run in a worker thread');
  const post = (event: EngineEvent) => port.postMessage(event);
  // Node ends a thread on an unhandled rejection; here it is logged and the engine carries on.
  process.on('unhandledRejection', (reason) => post({ kind: 'log', level: 'error', message: `engine: unhandled rejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}` }));
  // Commands that arrive while the parser loads wait in order; none is lost.
  const early: EngineCommand[] = [];
  let engine: ReturnType<typeof createEngine> | null = null;
  port.on('message', (command: EngineCommand) => {
    if (engine) engine.handle(command);
    else early.push(command);
  });
  const parserReady = loadParser(grammar).then(() => null, (err: unknown) => err);
  installSignatureDatabase(process.env, (message) => post({ kind: 'log', level: 'warn', message }));
  // The signature database's index (its type and name lines; member blocks stay unread until asked for) is read
  // while the parser's WebAssembly compiles, which V8 does off this thread: the first document's typing would read it
  // anyway, after its parse, on the way to its first diagnostics.
  signatureDatabase();
  const parserFailure = await parserReady;
  if (parserFailure !== null) {
    post({ kind: 'fatal', message: `cannot load the C# parser: ${parserFailure instanceof Error ? parserFailure.message : String(parserFailure)}` });
    return;
  }
  // The bundle that runs this thread (dist/engine.js) also runs the large-document thread and the indexing pool
  // (threads.ts picks by role).
  engine = createEngine({ post, largeDocumentScript: __filename, modelCache: indexingCacheOf(process.env) });
  post({ kind: 'ready' });
  for (const command of early.splice(0)) engine.handle(command);
}

/**
 * Where indexing keeps models between sessions: the user's cache folder (ASYNCLENS_CACHE_DIR moves it), unless
 * ASYNCLENS_MODEL_CACHE turns it off. The fingerprint covers this bundle and the parser's wasm files, so models a
 * different build made are never used.
 */
function indexingCacheOf(env: NodeJS.ProcessEnv): EngineHost['modelCache'] {
  if (/^(?:off|0|false|no)$/i.test(env.ASYNCLENS_MODEL_CACHE ?? '')) return undefined;
  let fingerprint: string | null = null;
  return {
    directory: cacheBaseDirectory(env),
    fingerprint: () => {
      if (fingerprint === null) {
        const wasm = locateWasm();
        fingerprint = toolFingerprint([__filename, wasm.runtimeWasm, wasm.grammarWasm]);
      }
      return fingerprint;
    },
  };
}
