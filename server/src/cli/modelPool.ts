/**
 * Parsing and modelling on every core (issue 14): worker threads running this same bundle parse and model files
 * and hand back plain FileModels; the main thread keeps the order of the sources, so the index, the verdicts, the
 * rules and the output are exactly what one thread gives. Small runs stay on one thread: starting a worker (a
 * Node thread, the wasm runtime, a cold JIT) costs more than a few files take.
 */
import os from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { modelFile, type ModelledSource, type SourceFile } from '../analysis/project';
import { fileBudget } from '../model/budget';
import type { FileModel } from '../model/types';
import { initParser } from '../parse/parser';
import { locateWasm } from '../host/wasm';

/** workerData.role of a modelling thread, which the bundle's entry checks before anything else. */
export const MODEL_WORKER_ROLE = 'asynclens-cli-model';

export interface PoolOptions {
  /** The bundle to start workers from (dist/cli.js); without it everything runs on this thread. */
  workerScript: string | null;
  /** Threads to model on; 1 or less: this thread only. */
  threads: number;
  /** Per-file time limit of the model, in ms (model/budget.ts). */
  budgetMs: number;
  onProgress?: (done: number, total: number) => void;
}

/** Below this much source, one thread is faster than starting workers. */
const MIN_PARALLEL_CHARS = 400_000;
const MIN_PARALLEL_FILES = 8;

/** The threads `--threads auto` stands for: every core the process may use. */
export function defaultThreads(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

interface ModelRequest {
  id: number;
  text: string;
  preprocessorSymbols?: readonly string[];
  budgetMs: number;
}

interface ModelReply {
  id: number;
  model: FileModel;
  error?: string;
}

/** Models every source, on worker threads when that pays; the result is in the order of `sources`. */
export async function modelSources(sources: readonly SourceFile[], options: PoolOptions): Promise<ModelledSource[]> {
  const chars = sources.reduce((n, s) => n + s.text.length, 0);
  const threads = Math.min(options.threads, Math.ceil(sources.length / 4));
  if (!options.workerScript || threads <= 1 || sources.length < MIN_PARALLEL_FILES || chars < MIN_PARALLEL_CHARS) {
    return sources.map((s, i) => {
      options.onProgress?.(i, sources.length);
      return modelHere(s, options.budgetMs);
    });
  }
  return modelOnWorkers(sources, threads, options);
}

function modelHere(s: SourceFile, budgetMs: number): ModelledSource {
  const { model, tree, error } = modelFile(s.text, null, undefined, { preprocessorSymbols: s.preprocessorSymbols, budget: fileBudget(budgetMs, () => performance.now()) });
  tree?.delete();
  return { ...s, model, ...(error ? { error } : {}) };
}

async function modelOnWorkers(sources: readonly SourceFile[], threads: number, options: PoolOptions): Promise<ModelledSource[]> {
  const results: (ModelledSource | undefined)[] = new Array(sources.length);
  // Largest first, so no thread is left with one big file at the end; every thread takes the next one when free.
  const queue = sources.map((_, i) => i).sort((a, b) => sources[b].text.length - sources[a].text.length || a - b);
  let done = 0;
  const finish = (id: number, result: ModelledSource) => {
    if (results[id]) return;
    results[id] = result;
    options.onProgress?.(++done, sources.length);
  };
  const workers: Worker[] = [];
  const workerThreads = Array.from({ length: threads - 1 }, () => new Promise<void>((resolve) => {
    const worker = new Worker(options.workerScript!, { workerData: { role: MODEL_WORKER_ROLE } });
    workers.push(worker);
    // Two requests in flight per worker: it never waits for the main thread between files.
    const inFlight = new Set<number>();
    const feed = () => {
      while (inFlight.size < 2 && queue.length > 0) {
        const id = queue.shift()!;
        inFlight.add(id);
        const s = sources[id];
        worker.postMessage({ id, text: s.text, preprocessorSymbols: s.preprocessorSymbols, budgetMs: options.budgetMs } satisfies ModelRequest);
      }
      if (inFlight.size === 0) resolve();
    };
    worker.on('message', (reply: ModelReply) => {
      inFlight.delete(reply.id);
      const s = sources[reply.id];
      finish(reply.id, { ...s, model: reply.model, ...(reply.error ? { error: reply.error } : {}) });
      feed();
    });
    // A worker that dies leaves its files to this thread: the run is slower, never wrong.
    const fallBack = () => {
      for (const id of inFlight) finish(id, modelHere(sources[id], options.budgetMs));
      inFlight.clear();
      resolve();
    };
    worker.on('error', fallBack);
    worker.on('exit', fallBack);
    feed();
  }));
  // This thread models too, one file at a time from the same queue, letting the workers' answers in between (it
  // has no file of its own to wait for: its models are never copied between threads).
  const here = (async () => {
    while (queue.length > 0) {
      const id = queue.shift()!;
      finish(id, modelHere(sources[id], options.budgetMs));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  })();
  try {
    await Promise.all([here, ...workerThreads]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate().catch(() => undefined)));
  }
  // Whatever is left (every worker failed at once) is modelled here.
  return results.map((r, i) => r ?? modelHere(sources[i], options.budgetMs));
}

/** The worker's side: load the parser, then model each file it is sent. */
export async function runModelWorker(): Promise<void> {
  const port = parentPort;
  if (!port || (workerData as { role?: string } | null)?.role !== MODEL_WORKER_ROLE) return;
  const early: ModelRequest[] = [];
  let ready = false;
  const handle = (request: ModelRequest) => {
    const s: SourceFile = { path: '', text: request.text, ...(request.preprocessorSymbols ? { preprocessorSymbols: request.preprocessorSymbols } : {}) };
    const { model, error } = modelHere(s, request.budgetMs);
    port.postMessage({ id: request.id, model, ...(error ? { error } : {}) } satisfies ModelReply);
  };
  port.on('message', (request: ModelRequest) => {
    if (ready) handle(request);
    else early.push(request);
  });
  await initParser(locateWasm());
  ready = true;
  for (const request of early.splice(0)) handle(request);
}
