/**
 * The protocol thread's handle on the analysis engine thread: starts it as a worker running dist/engine.js,
 * sends commands, matches request answers, and restarts the engine (replaying open documents and settings)
 * if it dies, so a crash in analysis costs a moment of staleness, not the server.
 */
import { Worker } from 'node:worker_threads';
import type { EngineCommand, EngineEvent, EngineRequest, EngineResult } from './engine/messages';

export interface EngineClientOptions {
  /** The script the worker runs: dist/engine.js, which starts the engine when its role is not another thread's. */
  script: string;
  onEvent(event: EngineEvent): void;
  /** Commands that bring a fresh engine up to date (init, settings, open documents), for a restart. */
  replay(): EngineCommand[];
  log(level: 'info' | 'warn' | 'error', message: string): void;
  /** Called when the engine died too often to restart. */
  onGiveUp(message: string): void;
}

export interface EngineClient {
  send(command: EngineCommand): void;
  request(request: EngineRequest): Promise<EngineResult>;
  dispose(): Promise<void>;
}

const MAX_RESTARTS = 3;

/**
 * An engine thread started before the protocol side can take its events: the language server starts it first thing,
 * so the thread's own start (a Node environment, the bundle, the parser's WebAssembly: about half of the time to a
 * first diagnostic) overlaps the protocol thread's and the initialize handshake instead of following them. Its
 * events and log lines wait here, in order, until `attach` names who takes them.
 */
export interface EarlyEngine {
  attach(options: Omit<EngineClientOptions, 'script'>): EngineClient;
  dispose(): Promise<void>;
}

export function startEngineEarly(script: string): EarlyEngine {
  let attached: Omit<EngineClientOptions, 'script'> | null = null;
  const held: ((to: Omit<EngineClientOptions, 'script'>) => void)[] = [];
  const deliver = (call: (to: Omit<EngineClientOptions, 'script'>) => void) => (attached ? call(attached) : held.push(call));
  const client = startEngine({
    script,
    onEvent: (event) => deliver((to) => to.onEvent(event)),
    // A restart before `attach` has nothing to replay: the protocol side sends init and documents when it attaches.
    replay: () => attached?.replay() ?? [],
    log: (level, message) => deliver((to) => to.log(level, message)),
    onGiveUp: (message) => deliver((to) => to.onGiveUp(message)),
  });
  return {
    attach(options) {
      attached = options;
      for (const call of held.splice(0)) call(options);
      return client;
    },
    dispose: () => client.dispose(),
  };
}

export function startEngine(options: EngineClientOptions): EngineClient {
  let worker: Worker | null = null;
  let nextId = 1;
  let restarts = 0;
  let disposed = false;
  const pending = new Map<number, { resolve(result: EngineResult): void; reject(err: Error): void }>();

  function spawn(): void {
    const w = new Worker(options.script, {
      // The worker's stdout would otherwise be copied into this process's stdout, which is the LSP channel
      // under --stdio; its lines go to the client's log instead.
      stdout: true,
      stderr: false,
      workerData: { role: 'asynclens-engine' },
    });
    w.stdout.setEncoding('utf8');
    w.stdout.on('data', (chunk: string) => {
      for (const line of chunk.split(/\r?\n/)) if (line.trim()) options.log('info', `[engine] ${line}`);
    });
    w.on('message', (event: EngineEvent) => {
      if (event.kind === 'response') {
        const waiter = pending.get(event.id);
        pending.delete(event.id);
        if (!waiter) return;
        if (event.error !== undefined) waiter.reject(new Error(event.error));
        else waiter.resolve(event.result ?? null);
        return;
      }
      options.onEvent(event);
    });
    w.on('error', (err) => options.log('error', `analysis engine failed: ${err.stack ?? err.message}`));
    w.on('exit', (code) => {
      if (worker !== w) return;
      worker = null;
      for (const waiter of pending.values()) waiter.reject(new Error('the analysis engine stopped'));
      pending.clear();
      if (disposed) return;
      if (restarts >= MAX_RESTARTS) {
        options.onGiveUp(`the analysis engine stopped ${restarts + 1} times (last exit code ${code}); restart the server to try again`);
        return;
      }
      restarts++;
      options.log('warn', `the analysis engine stopped (exit code ${code}); restarting it (${restarts} of ${MAX_RESTARTS})`);
      spawn();
      for (const command of options.replay()) w2().postMessage(command);
    });
    worker = w;
  }

  const w2 = (): Worker => {
    if (!worker) throw new Error('the analysis engine is not running');
    return worker;
  };

  spawn();

  return {
    send(command: EngineCommand): void {
      if (!worker) return;
      worker.postMessage(command);
    },
    request(request: EngineRequest): Promise<EngineResult> {
      if (!worker) return Promise.reject(new Error('the analysis engine is not running'));
      const id = nextId++;
      return new Promise<EngineResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ kind: 'request', id, request } satisfies EngineCommand);
      });
    },
    async dispose(): Promise<void> {
      disposed = true;
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
