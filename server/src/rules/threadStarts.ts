/**
 * Dedicated threads' start functions: a function handed to `new Thread(...)` as the work the thread runs
 * (`new Thread(Run)`, `new Thread(new ThreadStart(Run))`, `new Thread(() => ...)`). Such a thread is created to run
 * that one function and may block as long as it likes: it has no SynchronizationContext to deadlock on (a new thread
 * has none until its code installs one) and no caller that could await instead, since ThreadStart returns void. ASY003
 * leaves them alone as it leaves Main. Read from syntax; pure.
 */
import type { FileModel, MethodBody, ObjectCreation } from '../model/types';
import { typesNamed } from '../workspace/index';
import type { RuleContext } from './types';

/** `Thread`, `System.Threading.Thread`, `global::System.Threading.Thread`. */
const THREAD_TYPE = /^(?:global::)?(?:System\.Threading\.)?Thread$/;

/** Why `body` is the start function of a dedicated thread, or null when it is not (or not visibly) one. */
export function dedicatedThreadStartOf(ctx: RuleContext, body: MethodBody): string | null {
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') {
    const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
    if (call?.kind !== 'creation' || !THREAD_TYPE.test(call.name) || call.argumentIndex !== 0) return null;
    return isSystemThread(ctx) ? `it is the start of a thread created with new ${call.name}(...)` : null;
  }
  if (body.kind !== 'method' && body.kind !== 'localFunction') return null;
  // A method others may call runs on their threads too; only a private one the file never calls runs on the thread alone.
  if (body.kind === 'method' && body.modifiers.some((m) => m === 'public' || m === 'protected' || m === 'internal')) return null;
  const { starts, called } = threadUsesOf(ctx.model);
  const creation = starts.get(body.name);
  if (!creation || called.has(body.name) || !isSystemThread(ctx)) return null;
  return `${body.name} is the start of a thread created with new ${creation.typeText}(...), which runs nothing else`;
}

/** A workspace type named Thread is not System.Threading.Thread. */
function isSystemThread(ctx: RuleContext): boolean {
  return typesNamed(ctx.index, 'Thread').length === 0;
}

interface ThreadUses {
  /** Method names handed to a Thread constructor, with the creation. */
  starts: Map<string, ObjectCreation>;
  /** Names the file calls directly (`Run()`, `this.Run()`). */
  called: Set<string>;
}

/** Read once per file model: ASY003 asks for every synchronous body that waits. */
const usesByModel = new WeakMap<FileModel, ThreadUses>();

function threadUsesOf(model: FileModel): ThreadUses {
  let uses = usesByModel.get(model);
  if (uses) return uses;
  uses = { starts: new Map(), called: new Set() };
  for (const b of model.bodies) {
    for (const c of b.calls) if (c.receiver === null || c.receiver.trim() === 'this') uses.called.add(c.name);
    for (const creation of b.creations ?? []) {
      const name = startFunctionName(creation);
      if (name && !uses.starts.has(name)) uses.starts.set(name, creation);
    }
  }
  usesByModel.set(model, uses);
  return uses;
}

/** The method a Thread creation starts: `new Thread(Run)`, `new Thread(this.Run, stackSize)`, `new Thread(new ThreadStart(Run))`. */
function startFunctionName(creation: ObjectCreation): string | null {
  if (!THREAD_TYPE.test(creation.typeText)) return null;
  let first = creation.argumentTexts[0]?.trim().replace(/^start\s*:\s*/, '') ?? '';
  const wrapped = /^new\s+(?:(?:global::)?System\.Threading\.)?(?:Parameterized)?ThreadStart\s*\(\s*([^()]*?)\s*\)$/.exec(first);
  if (wrapped) first = wrapped[1];
  return /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(first)?.[1] ?? null;
}
