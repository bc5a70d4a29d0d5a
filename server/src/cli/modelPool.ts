/**
 * The CLI's use of the model pool (host/modelPool.ts): worker threads started from dist/cli.js and this thread
 * model the sources together, largest first; the result is in the order of the sources, so the index, the verdicts,
 * the rules and the output are exactly what one thread gives. Small runs stay on one thread: starting a worker (a
 * Node thread, the wasm runtime, a cold JIT) costs more than a few files take.
 */
import type { ModelledSource, SourceFile } from '../analysis/project';
import { ModelPool, modelHere } from '../host/modelPool';
import type { FileModelCache } from '../host/modelCache';

export interface PoolOptions {
  /** The bundle to start workers from (dist/cli.js); without it everything runs on this thread. */
  workerScript: string | null;
  /** Threads to model on, this one included; 1 or less: this thread only. */
  threads: number;
  /** Per-file time limit of the model, in ms (model/budget.ts). */
  budgetMs: number;
  onProgress?: (done: number, total: number) => void;
  /** Models of unchanged files from an earlier run (modelCache.ts): only the others are modelled. */
  cache?: FileModelCache | null;
}

/** Below this much source, one thread is faster than starting workers. */
const MIN_PARALLEL_CHARS = 400_000;
const MIN_PARALLEL_FILES = 8;

/**
 * Models every source (or takes its model from the cache), on worker threads when that pays; the result is in the
 * order of `sources`.
 */
export async function modelSources(sources: readonly SourceFile[], options: PoolOptions): Promise<ModelledSource[]> {
  const cache = options.cache ?? null;
  if (!cache) return modelEvery(sources, options);
  const cached = sources.map((s): ModelledSource | null => {
    const model = cache.lookup(s);
    return model ? { ...s, model } : null;
  });
  const fresh = await modelEvery(sources.filter((_, i) => cached[i] === null), options);
  let next = 0;
  return cached.map((m) => m ?? fresh[next++]!);
}

async function modelEvery(sources: readonly SourceFile[], options: PoolOptions): Promise<ModelledSource[]> {
  const chars = sources.reduce((n, s) => n + s.text.length, 0);
  const threads = Math.min(options.threads, Math.ceil(sources.length / 4));
  if (!options.workerScript || threads <= 1 || sources.length < MIN_PARALLEL_FILES || chars < MIN_PARALLEL_CHARS) {
    return sources.map((s, i) => {
      options.onProgress?.(i, sources.length);
      return modelHere(s, options.budgetMs);
    });
  }
  const pool = new ModelPool(options.workerScript, threads - 1, options.budgetMs);
  let done = 0;
  try {
    // Largest first, so no thread is left with one big file at the end; every thread takes the next one when free.
    const order = sources.map((_, i) => i).sort((a, b) => sources[b].text.length - sources[a].text.length || a - b);
    const results = order.map((i) => pool.model(sources[i]).then((m) => {
      options.onProgress?.(++done, sources.length);
      return m;
    }));
    // This thread models from the same queue, letting the workers' answers in between files (its own models are
    // never copied between threads).
    for (let pending = pool.takeQueued(); pending; pending = pool.takeQueued()) {
      pending.resolve(modelHere(pending.source, options.budgetMs));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const modelled = await Promise.all(results);
    const byIndex: ModelledSource[] = new Array(sources.length);
    order.forEach((i, k) => (byIndex[i] = modelled[k]));
    return byIndex;
  } finally {
    await pool.close();
  }
}
