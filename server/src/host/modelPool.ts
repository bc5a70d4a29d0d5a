/**
 * Parsing and modelling on every core (issue 14): worker threads running the host's own bundle (dist/cli.js for
 * the CLI, dist/server.js for the language server's indexing) parse and model files and hand back plain FileModels.
 * Callers keep their own order (the CLI indexes in the order of its sources), so the results are exactly what one
 * thread gives. A worker that dies leaves its files to the calling thread: slower, never wrong.
 */
import os from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { modelFile, type ModelledSource, type SourceFile } from '../analysis/project';
import { fileBudget } from '../model/budget';
import type { FileModel } from '../model/types';
import { loadParser } from './wasm';

/** workerData.role of a modelling thread, which the bundle's entry checks before anything else. */
export const MODEL_WORKER_ROLE = 'asynclens-model-pool';

/** The threads "every core" stands for. */
export function defaultThreads(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

interface ModelRequest {
  id: number;
  text: string;
  preprocessorSymbols?: readonly string[];
  generatedCode?: boolean;
  budgetMs: number;
}

interface ModelReply {
  id: number;
  model: FileModel;
  error?: string;
}

/** Models one source on the calling thread, within the per-file time limit. */
export function modelHere(s: SourceFile, budgetMs: number): ModelledSource {
  const { model, tree, error } = modelFile(s.text, null, undefined, { preprocessorSymbols: s.preprocessorSymbols, generatedCode: s.generatedCode, budget: fileBudget(budgetMs, () => performance.now()) });
  tree?.delete();
  return { ...s, model, ...(error ? { error } : {}) };
}

interface Pending {
  source: SourceFile;
  resolve: (m: ModelledSource) => void;
}

/** Worker threads that model whatever they are given, two files in flight each, in the order asked. */
export class ModelPool {
  private readonly workers: { worker: Worker; inFlight: Map<number, Pending>; alive: boolean }[] = [];
  private readonly queue: { id: number; pending: Pending }[] = [];
  private nextId = 0;
  private closed = false;

  constructor(workerScript: string, threads: number, private readonly budgetMs: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(workerScript, { workerData: { role: MODEL_WORKER_ROLE } });
      const slot = { worker, inFlight: new Map<number, Pending>(), alive: true };
      this.workers.push(slot);
      worker.on('message', (reply: ModelReply) => {
        const pending = slot.inFlight.get(reply.id);
        if (!pending) return;
        slot.inFlight.delete(reply.id);
        pending.resolve({ ...pending.source, model: reply.model, ...(reply.error ? { error: reply.error } : {}) });
        this.feed(slot);
      });
      const fallBack = () => {
        if (!slot.alive) return;
        slot.alive = false;
        for (const pending of slot.inFlight.values()) pending.resolve(modelHere(pending.source, this.budgetMs));
        slot.inFlight.clear();
        // With no worker left, what is queued is modelled here.
        if (!this.workers.some((w) => w.alive)) for (const { pending } of this.queue.splice(0)) pending.resolve(modelHere(pending.source, this.budgetMs));
      };
      worker.on('error', fallBack);
      worker.on('exit', fallBack);
    }
  }

  /** The model of a source, from whichever worker is free first. */
  model(source: SourceFile): Promise<ModelledSource> {
    return new Promise((resolve) => {
      const pending = { source, resolve };
      if (this.closed || !this.workers.some((w) => w.alive)) {
        resolve(modelHere(source, this.budgetMs));
        return;
      }
      this.queue.push({ id: this.nextId++, pending });
      for (const slot of this.workers) this.feed(slot);
    });
  }

  /** Takes the next queued source, for a caller that models on its own thread too; undefined when none is waiting. */
  takeQueued(): Pending | undefined {
    return this.queue.shift()?.pending;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => {
      w.alive = false;
      return w.worker.terminate().catch(() => undefined);
    }));
  }

  private feed(slot: { worker: Worker; inFlight: Map<number, Pending>; alive: boolean }): void {
    while (slot.alive && slot.inFlight.size < 2 && this.queue.length > 0) {
      const { id, pending } = this.queue.shift()!;
      slot.inFlight.set(id, pending);
      const s = pending.source;
      slot.worker.postMessage({ id, text: s.text, preprocessorSymbols: s.preprocessorSymbols, generatedCode: s.generatedCode, budgetMs: this.budgetMs } satisfies ModelRequest);
    }
  }
}

/** The worker's side: load the parser, then model each file it is sent. Does nothing outside a pool worker. */
export async function runModelWorker(): Promise<void> {
  const port = parentPort;
  if (!port || (workerData as { role?: string } | null)?.role !== MODEL_WORKER_ROLE) return;
  const early: ModelRequest[] = [];
  let ready = false;
  const handle = (request: ModelRequest) => {
    const { model, error } = modelHere({ path: '', text: request.text, ...(request.preprocessorSymbols ? { preprocessorSymbols: request.preprocessorSymbols } : {}), generatedCode: request.generatedCode }, request.budgetMs);
    port.postMessage({ id: request.id, model, ...(error ? { error } : {}) } satisfies ModelReply);
  };
  port.on('message', (request: ModelRequest) => {
    if (ready) handle(request);
    else early.push(request);
  });
  await loadParser();
  ready = true;
  for (const request of early.splice(0)) handle(request);
}

export function isModelWorker(): boolean {
  return (workerData as { role?: string } | null)?.role === MODEL_WORKER_ROLE;
}
