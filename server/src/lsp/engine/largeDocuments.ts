/**
 * Parsing and modelling of large open documents on a thread of their own. The model of a 10,000-line file takes
 * a second or more; done on the engine thread it would hold up every other file's analysis and every request
 * the engine answers. The helper thread keeps the large documents' texts and trees (incremental parses, trees
 * deleted when replaced) and sends back plain FileModels.
 */
import { Worker, parentPort } from 'node:worker_threads';
import type { FileModel } from '../../model/types';
import type { BodyProvenance } from '../../model/bodyCache';
import { DEFAULT_SETTINGS } from '../../config/settings';
import { loadParser } from '../../host/wasm';
import { applyChanges, disposeDocument, openDocument, remodel, type OpenDocument } from './documents';
import type { ContentChange } from './messages';
import { textDigest } from '../textSync';
import { bodiesToSend, receivedBodies, type SentBody, type SentModel } from './modelTransfer';
import { createDebounceModelling } from './debounceModel';
import { declarationsDigestOf, rememberDeclarationsDigest } from '../../analysis/ruleCache';
import { rememberResolutionSurface, resolutionSurface } from '../../workspace/completion';

/**
 * Documents longer than this (UTF-16 code units, about 6,000 lines of C#) are modelled on the helper thread.
 * ASYNCLENS_LARGE_DOCUMENT_CHARS overrides it (tests use 0 to send every document there).
 */
export const LARGE_DOCUMENT_CHARS = (() => {
  const fromEnv = Number(process.env.ASYNCLENS_LARGE_DOCUMENT_CHARS);
  return process.env.ASYNCLENS_LARGE_DOCUMENT_CHARS && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : 250_000;
})();

/** Documents are named by `key`: the engine's document URI (two URIs of one file are two documents). */
type ModelCommand =
  | { kind: 'open'; key: string; version: number; text: string }
  | { kind: 'change'; key: string; version: number; changes: ContentChange[] }
  | { kind: 'close'; key: string }
  /**
   * `symbols`: the preprocessing symbols of the document's project (which `#if` branches are code), as the engine
   * models its other documents; `full`: send every body whole (the engine no longer holds the model a difference
   * would refer to).
   */
  | { kind: 'model'; key: string; version: number; symbols?: readonly string[]; full?: boolean };

type ModelEvent =
  /**
   * The model travels as JSON text: a FileModel is plain data (no Map, Set, undefined in arrays or non-finite
   * numbers; test/unit/model.test.ts checks the fixtures' models), and for the model of a 3 MB file
   * (about 50 MB of JSON) JSON.stringify and JSON.parse took about half the CPU time of the structured clone that
   * postMessage does of an object graph; a string crosses the thread boundary as one copy.
   *
   * Its bodies go first, in parts (`modelPart`) of BODIES_PER_PART: the engine parses one part while this thread
   * writes the next, instead of waiting for the whole text (on the 3 MB document each side takes most of a second).
   * The `model` event that ends them carries the rest of the model, with an empty list of bodies, and how many parts
   * came before it.
   *
   * A body unchanged since the last model sent for the document crosses as a reference into that model
   * (modelTransfer.ts); `base` is that model's version, or null when every body is whole.
   */
  | { kind: 'modelPart'; key: string; version: number; base: number | null; bodiesJson: string }
  /**
   * `builtBeforeAsked`: the thread had modelled this version on its own, after the edit (debounceModel.ts).
   * `digests`: what the engine computes of every model it indexes (the declarations' digest and the resolution
   * surface, tens of milliseconds for 10,000 lines), computed here: with the model during the debounce, or, for a
   * model the engine waits for, after its bodies are posted, while the engine reads them.
   */
  | { kind: 'model'; key: string; version: number; base: number | null; modelJson: string; parts: number; textDigest: string; builtBeforeAsked: boolean; digests: ModelDigests; parseError?: string }
  | { kind: 'stale'; key: string; version: number }
  | { kind: 'fatal'; message: string };

/** What the engine derives from every model it indexes, computed once on the thread that built the model. */
interface ModelDigests {
  declarations: string;
  resolution: string;
}

const digestsOf = (model: FileModel, provenance?: BodyProvenance): ModelDigests => ({ declarations: declarationsDigestOf(model, provenance), resolution: resolutionSurface(model) });

export interface ModelledVersion {
  model: FileModel;
  /** textSync.ts `textDigest` of the text this thread modelled, which the engine compares with its own copy. */
  textDigest: string;
  /** The thread had built this model during the edit's debounce, before the engine asked for it. */
  builtBeforeAsked: boolean;
  /** It had also sent it before the engine asked: the request took it at once (`pushed`). */
  sentBeforeAsked?: boolean;
  parseError?: string;
}

export interface LargeDocumentModeller {
  open(key: string, version: number, text: string): void;
  change(key: string, version: number, changes: ContentChange[]): void;
  close(key: string): void;
  /** The model of exactly this version under these preprocessing symbols, or null when the document moved on or the helper is gone. */
  model(key: string, version: number, symbols?: readonly string[]): Promise<ModelledVersion | null>;
  /** False once the helper thread has failed: callers then model on their own thread. */
  readonly available: boolean;
  dispose(): Promise<void>;
}

/** Bodies per `modelPart` event: parts of a few megabytes of JSON, a few hundred of them for the largest files. */
const BODIES_PER_PART = 1000;

/**
 * `onPushed` hears of a model the thread built during an edit's debounce and sent before anyone asked for it (kept
 * in `pushed`): the engine may start that version's analysis at once.
 */
export function startLargeDocumentModeller(script: string, log: (level: 'info' | 'warn' | 'error', message: string) => void,
  onPushed: (key: string, version: number) => void = () => undefined): LargeDocumentModeller {
  let available = true;
  const waiting = new Map<string, { version: number; resolve(result: ModelledVersion | null): void }[]>();
  const worker = new Worker(script, { stdout: true, stderr: false, workerData: { role: 'asynclens-model' } });
  worker.stdout.setEncoding('utf8');
  worker.stdout.on('data', (chunk: string) => {
    for (const line of chunk.split(/\r?\n/)) if (line.trim()) log('info', `[model] ${line}`);
  });
  /** Hands `result` to whoever waits for this version; false when nobody did. */
  const settle = (key: string, version: number, result: ModelledVersion | null): boolean => {
    const list = waiting.get(key) ?? [];
    let taken = false;
    const rest = list.filter((w) => {
      if (w.version !== version) return true;
      w.resolve(result);
      taken = true;
      return false;
    });
    if (rest.length) waiting.set(key, rest);
    else waiting.delete(key);
    return taken;
  };
  /**
   * Models the thread built during an edit's debounce and sent before the engine asked, per document, with the
   * symbols they were built under: the engine's request after the debounce takes it at once, and the transfer and the
   * rebuilding of the moved bodies are done while the debounce runs rather than after it.
   */
  const pushed = new Map<string, { version: number; symbols: string; result: ModelledVersion }>();
  const symbolsKey = (symbols: readonly string[] | undefined) => JSON.stringify(symbols ?? null);
  const failAll = () => {
    for (const list of waiting.values()) for (const w of list) w.resolve(null);
    waiting.clear();
  };
  /** Bodies of the model being received, per document: for one version only (a part of another starts afresh). */
  const arriving = new Map<string, { version: number; bodies: FileModel['bodies'][number][]; parts: number; unresolved: boolean }>();
  /** The last whole model received per document: what the thread's differences refer to. */
  const lastReceived = new Map<string, { version: number; bodies: FileModel['bodies'] }>();
  /** The symbols each document's model was last asked under, for asking again. */
  const symbolsAsked = new Map<string, readonly string[] | undefined>();
  /**
   * The last model received per document (pushed or asked for), with the symbols it was built under: a request for
   * that version again (the project changed, the symbols did not) is answered here. So the thread is only ever asked
   * for a version this side has not received, and it need not send one again that it has sent already (see its
   * `sentVersions`): when the debounce ends before a pushed model arrives, the request crosses it, and answering
   * that request with the same model again cost the engine a second parse and move of every body.
   */
  const receivedModels = new Map<string, { version: number; symbols: string; result: ModelledVersion }>();
  /** The bodies a difference against `base` refers to, if this side still holds that model. */
  const baseBodies = (key: string, base: number | null) => {
    const last = lastReceived.get(key);
    return base !== null && last?.version === base ? last.bodies : null;
  };
  worker.on('message', (event: ModelEvent) => {
    if (event.kind === 'modelPart') {
      let received = arriving.get(event.key);
      if (!received || received.version !== event.version) arriving.set(event.key, (received = { version: event.version, bodies: [], parts: 0, unresolved: false }));
      const bodies = receivedBodies(JSON.parse(event.bodiesJson) as SentBody[], baseBodies(event.key, event.base));
      if (bodies) for (const body of bodies) received.bodies.push(body);
      else received.unresolved = true;
      received.parts++;
    } else if (event.kind === 'model') {
      const received = arriving.get(event.key);
      arriving.delete(event.key);
      const mine = received?.version === event.version ? received : null;
      if (mine?.unresolved) {
        // A difference against a model this side does not hold (never expected: both sides move on together).
        // The waiters stay; the thread sends this version again with every body whole.
        log('warn', `the large-document thread's model of ${event.key} referred to a model the engine does not hold; asking for it whole`);
        lastReceived.delete(event.key);
        send({ kind: 'model', key: event.key, version: event.version, symbols: symbolsAsked.get(event.key), full: true });
        return;
      }
      if ((mine?.parts ?? 0) !== event.parts) {
        // Messages on one port arrive in order, so this does not happen; if it did, the engine models the text itself.
        log('warn', `the large-document thread's model of ${event.key} arrived incomplete; modelling it on the engine thread`);
        settle(event.key, event.version, null);
        return;
      }
      const model = JSON.parse(event.modelJson) as FileModel;
      if (mine) model.bodies = mine.bodies;
      rememberDeclarationsDigest(model, event.digests.declarations);
      rememberResolutionSurface(model, event.digests.resolution);
      lastReceived.set(event.key, { version: event.version, bodies: model.bodies });
      const result: ModelledVersion = { model, textDigest: event.textDigest, builtBeforeAsked: event.builtBeforeAsked, ...(event.parseError ? { parseError: event.parseError } : {}) };
      receivedModels.set(event.key, { version: event.version, symbols: symbolsKey(symbolsAsked.get(event.key)), result });
      if (!settle(event.key, event.version, result)) {
        pushed.set(event.key, { version: event.version, symbols: symbolsKey(symbolsAsked.get(event.key)), result });
        onPushed(event.key, event.version);
      }
    } else if (event.kind === 'stale') settle(event.key, event.version, null);
    else {
      log('error', `large-document thread: ${event.message}`);
      available = false;
      failAll();
    }
  });
  worker.on('error', (err) => log('error', `large-document thread failed: ${err.stack ?? err.message}`));
  worker.on('exit', () => {
    available = false;
    failAll();
  });
  const send = (command: ModelCommand) => {
    if (available) worker.postMessage(command);
  };
  return {
    get available() {
      return available;
    },
    open: (key, version, text) => {
      lastReceived.delete(key);
      receivedModels.delete(key);
      pushed.delete(key);
      send({ kind: 'open', key, version, text });
    },
    change: (key, version, changes) => {
      pushed.delete(key);
      send({ kind: 'change', key, version, changes });
    },
    close: (key) => {
      lastReceived.delete(key);
      receivedModels.delete(key);
      symbolsAsked.delete(key);
      pushed.delete(key);
      send({ kind: 'close', key });
    },
    model(key, version, symbols) {
      if (!available) return Promise.resolve(null);
      const ready = pushed.get(key);
      pushed.delete(key);
      if (ready && ready.version === version && ready.symbols === symbolsKey(symbols)) return Promise.resolve({ ...ready.result, sentBeforeAsked: true });
      const had = receivedModels.get(key);
      if (had && had.version === version && had.symbols === symbolsKey(symbols)) return Promise.resolve({ ...had.result, builtBeforeAsked: true, sentBeforeAsked: true });
      return new Promise((resolve) => {
        const list = waiting.get(key) ?? [];
        list.push({ version, resolve });
        waiting.set(key, list);
        symbolsAsked.set(key, symbols);
        send({ kind: 'model', key, version, ...(symbols ? { symbols } : {}) });
      });
    },
    async dispose() {
      available = false;
      failAll();
      await worker.terminate();
    },
  };
}

/** Entry of the helper thread: the same document bookkeeping the engine uses, minus everything but the model. */
export async function runLargeDocumentThread(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the large-document modeller must run in a worker thread');
  const docs = new Map<string, OpenDocument>();
  /** Per document, what was sent last (the engine holds it): the next model's unchanged bodies refer to it. */
  const sentModels = new Map<string, SentModel>();
  /**
   * Per document, the version whose model was sent last. The engine asks only for versions it has not received
   * (startLargeDocumentModeller `receivedModels`), so a request for one already sent crossed it on the way: the model
   * arrives before any answer could, and is not sent again.
   */
  const sentVersions = new Map<string, number>();
  const early: ModelCommand[] = [];
  let ready = false;
  const timedRemodel = (doc: OpenDocument) => debounceModelling.timed(doc, () => {
    remodel(doc);
    // Part of what an edit costs the engine, done here (memoised on the model; sent with it). The body cache's
    // provenance lets the digest hash only the headers of the methods the edit changed.
    digestsOf(doc.model!, doc.modelCache.provenance);
  });
  /**
   * An edited document is modelled as soon as this thread is idle, before the engine asks (debounceModel.ts), and
   * sent at once: the engine keeps it for its request after the debounce (startLargeDocumentModeller `pushed`).
   */
  const debounceModelling = createDebounceModelling({
    wanted: (doc) => docs.get(doc.key) === doc && doc.modelledVersion !== doc.version,
    model: (doc) => {
      timedRemodel(doc);
      sendModel(doc, true, false);
    },
    // The request for this version models it again and answers stale if that fails too.
    log: (message) => process.stdout.write(`large-document thread: ${message}\n`),
  });
  const handle = (command: ModelCommand) => {
    switch (command.kind) {
      case 'open': {
        const previous = docs.get(command.key);
        if (previous) disposeDocument(previous);
        sentModels.delete(command.key);
        sentVersions.delete(command.key);
        docs.set(command.key, openDocument(command.key, command.key, command.version, command.text, DEFAULT_SETTINGS));
        return;
      }
      case 'change': {
        const doc = docs.get(command.key);
        if (!doc) return;
        applyChanges(doc, command.version, command.changes);
        debounceModelling.edited(doc);
        return;
      }
      case 'close': {
        const doc = docs.get(command.key);
        if (doc) disposeDocument(doc);
        docs.delete(command.key);
        sentModels.delete(command.key);
        sentVersions.delete(command.key);
        return;
      }
      case 'model': {
        const doc = docs.get(command.key);
        if (!doc || doc.version !== command.version) {
          port.postMessage({ kind: 'stale', key: command.key, version: command.version } satisfies ModelEvent);
          return;
        }
        // Other symbols (a project change) make another model of the same text.
        if (JSON.stringify(command.symbols ?? null) !== JSON.stringify(doc.preprocessorSymbols ?? null)) {
          doc.preprocessorSymbols = command.symbols;
          doc.modelledVersion = -1;
        }
        const builtBeforeAsked = doc.modelledVersion === doc.version;
        if (builtBeforeAsked && !command.full && sentVersions.get(command.key) === doc.version) return;
        // Asked for and not built yet: the engine waits. Its digests are left to sendModel, after the bodies are on
        // their way, so the engine reads the first parts while this thread computes them (on the 3 MB document they
        // took 0.15-0.5 s on the way to the first diagnostics).
        if (!builtBeforeAsked) debounceModelling.timed(doc, () => remodel(doc));
        sendModel(doc, builtBeforeAsked, command.full === true);
        return;
      }
    }
  };
  /** Sends the document's current model, its bodies as a difference from the last model sent unless `full`. */
  const sendModel = (doc: OpenDocument, builtBeforeAsked: boolean, full: boolean) => {
    const model = doc.model!;
    const previous = full ? null : sentModels.get(doc.key) ?? null;
    // Forgotten first: if a post below throws, the engine holds no model a next difference could refer to.
    sentModels.delete(doc.key);
    sentVersions.delete(doc.key);
    const { bodies, sent } = bodiesToSend(model.bodies, doc.modelCache.provenance, doc.version, previous);
    const base = previous?.version ?? null;
    let parts = 0;
    for (let from = 0; from < bodies.length; from += BODIES_PER_PART, parts++) {
      port.postMessage({ kind: 'modelPart', key: doc.key, version: doc.version, base, bodiesJson: JSON.stringify(bodies.slice(from, from + BODIES_PER_PART)) } satisfies ModelEvent);
    }
    port.postMessage({ kind: 'model', key: doc.key, version: doc.version, base, modelJson: JSON.stringify({ ...model, bodies: [] }), parts, textDigest: textDigest(doc.modelled!), builtBeforeAsked, digests: digestsOf(model, doc.modelCache.provenance), ...(doc.parseError ? { parseError: doc.parseError } : {}) } satisfies ModelEvent);
    if (sent) sentModels.set(doc.key, sent);
    sentVersions.set(doc.key, doc.version);
  };
  const guarded = (command: ModelCommand) => {
    try {
      handle(command);
    } catch (err) {
      // A failure on one document answers that request as stale; the engine then models it itself.
      if (command.kind === 'model') port.postMessage({ kind: 'stale', key: command.key, version: command.version } satisfies ModelEvent);
      process.stdout.write(`large-document thread: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    }
  };
  port.on('message', (command: ModelCommand) => {
    if (ready) guarded(command);
    else early.push(command);
  });
  try {
    await loadParser();
  } catch (err) {
    port.postMessage({ kind: 'fatal', message: `cannot load the C# parser: ${err instanceof Error ? err.message : String(err)}` } satisfies ModelEvent);
    return;
  }
  ready = true;
  for (const command of early.splice(0)) guarded(command);
}
