/**
 * Whether the task a synchronous wait blocks on can need the waiting thread's SynchronizationContext to complete.
 * A wait deadlocks on a single-threaded context only when some continuation on the way to the task's completion was
 * captured on that context: an await without ConfigureAwait(false) in the awaited method, or in a workspace method it
 * awaits (which runs its first part on the caller's thread and captures the caller's context at its first
 * unconfigured await). When every await on the way configures, no continuation needs the thread, and the wait only
 * holds it (ASY003: the second seeded reading of the thirty-eighth session found StackExchange.Redis's and other
 * libraries' deliberate waits on such chains reported with a deadlock that cannot happen).
 *
 * What is followed: the waited call (or the one value of a local), resolved to the workspace methods it may run, and
 * in each of those the awaits, and the workspace methods those awaits call. An await of anything outside the workspace
 * is taken to configure where the await itself does (.NET's libraries configure their own awaits; a package's are
 * taken on trust). A method not async hands back what its returns hand back: a completed task, or a delegation
 * followed in turn. Anything else (a task held in a field or parameter, a dispatch to implementations outside the
 * workspace, too deep a chain) is unknown.
 */
import type { MethodBody, TaskWait } from '../model/types';
import type { RuleContext } from './types';
import type { WorkspaceIndex } from '../workspace/index';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { resolveCallText } from '../workspace/completion';
import { waitedTaskValues } from './waitedTasks';

export type ChainVerdict = 'configured' | 'captures' | 'unknown';

/** How many methods deep the chain is followed before it is unknown. */
const MAX_DEPTH = 4;

/** The verdict for the tasks a wait blocks on (`initializerOf` gives a local's one value, or null). */
export function waitedChainOf(ctx: RuleContext, body: MethodBody, wait: TaskWait, initializerOf: (name: string) => string | null): ChainVerdict {
  const values = waitedTaskValues(wait, initializerOf);
  if (values.length === 0) return 'unknown';
  return combine(values.map((value) => (value === null ? 'unknown' : followCall(ctx.index, ctx.file, body, value, 0, new Set(), 'unknown'))));
}

function combine(verdicts: readonly ChainVerdict[]): ChainVerdict {
  if (verdicts.includes('captures')) return 'captures';
  return verdicts.includes('unknown') ? 'unknown' : 'configured';
}

/**
 * The verdict for a call written in `body`: the workspace methods it may run, each judged. A call the workspace does
 * not resolve is `outside`: unknown, or (inside the chain, where an outside API is taken to configure its own awaits)
 * followed through its receiver (outsideCallChain). A dispatch the workspace cannot close is unknown either way.
 */
function followCall(index: WorkspaceIndex, file: string, body: MethodBody, text: string, depth: number, seen: Set<string>, outside: 'unknown' | 'followReceiver'): ChainVerdict {
  const resolution = resolveCallText(text, file, body, index)?.resolution;
  if (!resolution) return 'unknown';
  if (resolution.targets.length > 0) return combine(resolution.targets.map((t) => (t.body ? bodyChain(index, t.file, t.body, depth, seen) : 'unknown')));
  return resolution.dispatched || outside === 'unknown' ? 'unknown' : outsideCallChain(index, file, body, text, depth, seen);
}

function bodyChain(index: WorkspaceIndex, file: string, body: MethodBody, depth: number, seen: Set<string>): ChainVerdict {
  const key = `${file}\0${body.id}`;
  // A method already on the way is judged where it was first met (recursion adds no new await).
  if (seen.has(key)) return 'configured';
  if (depth >= MAX_DEPTH || body.hasSyntaxErrors) return 'unknown';
  seen.add(key);
  if (!body.isAsync) {
    if (body.returns.length === 0) return 'unknown';
    return combine(body.returns.map((r) => {
      const returned = r.expressionText?.trim() ?? '';
      if (/^(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\s*\.\s*(?:CompletedTask|FromResult\b)/.test(returned)) return 'configured';
      if (!returned.endsWith(')')) return 'unknown';
      // A call outside the workspace (`task.ContinueWith(...)`, a .NET or package API) is taken to configure, as an
      // await of one is; a workspace call is followed.
      return followCall(index, file, body, returned, depth + 1, seen, 'followReceiver');
    }));
  }
  const verdicts: ChainVerdict[] = [];
  for (const a of body.awaits) {
    // A task written as complete never suspends the method: nothing is captured there.
    if (a.operand.kind === 'completedTask' || a.operand.kind === 'fromResult') continue;
    const configuredBy = a.operand.configureAwait === null ? configuringWrapperOf(index, a.operand.text) : null;
    if (configuredBy === null && (a.operand.configureAwait === null || !/^false$/.test(a.operand.configureAwait.trim()))) return 'captures';
    const awaited = configuredBy ?? a.operand.text;
    // The awaited workspace method starts on this thread: its own awaits must configure too.
    // An await outside the workspace (a .NET or package call) is taken to configure, but a workspace call it is made
    // on (`LoadAsync().ContinueWith(...)`) starts on this thread and is followed.
    if ((a.operand.callee !== null || configuredBy !== null) && a.kind === 'await' && awaited.trim().endsWith(')')) {
      const inner = followCall(index, file, body, awaited, depth + 1, seen, 'followReceiver');
      if (inner === 'captures') return 'captures';
      if (inner === 'unknown') verdicts.push('unknown');
    }
  }
  return combine(verdicts);
}

/**
 * The task a workspace wrapper configures (`task.ForAwait()` for `static ConfiguredTaskAwaitable ForAwait(this Task
 * task) => task.ConfigureAwait(false)`, StackExchange.Redis's helper), or null: an extension method of the name whose
 * every declaration returns its `this` parameter with ConfigureAwait(false).
 */
function configuringWrapperOf(index: WorkspaceIndex, operand: string): string | null {
  const call = splitCallText(operand.trim());
  if (!call || call.receiver === null || splitTopLevel(call.argumentsText).some((a) => a.trim() !== '')) return null;
  const declared = index.methodsByName.get(call.name) ?? [];
  const wraps = declared.length > 0 && declared.every((m) => {
    const self = m.body?.parameters[0];
    if (!m.body || !self?.modifiers.includes('this') || m.body.returns.length !== 1) return false;
    const returned = m.body.returns[0].expressionText?.replace(/\s+/g, '') ?? '';
    return returned === `${self.name}.ConfigureAwait(false)`;
  });
  return wraps ? call.receiver : null;
}

/**
 * A call outside the workspace (`x.ContinueWith(...)`, a .NET or package API) is taken to configure its own awaits; what
 * it is called on is not: a workspace call as its receiver (`LoadAsync().ContinueWith(...)`) runs first, on this
 * thread, and is judged as an awaited one would be.
 */
function outsideCallChain(index: WorkspaceIndex, file: string, body: MethodBody, text: string, depth: number, seen: Set<string>): ChainVerdict {
  const receiver = splitCallText(text.trim())?.receiver?.replace(/\s*[?!]+$/, '').trim() ?? '';
  return receiver.endsWith(')') ? followCall(index, file, body, receiver, depth, seen, 'followReceiver') : 'configured';
}
