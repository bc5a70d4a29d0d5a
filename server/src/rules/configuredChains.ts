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
 * followed in turn (each arm of a returned `c ? a : b`). A method the completion verdicts certainly find synchronous
 * (workspace/completion.ts: every return a completed task, or every await of one) suspends nowhere, so it captures
 * nothing whatever its awaits say (StackExchange.Redis's `CompletedTask<T>.Default`, which hands back a cached
 * completed task or a `TaskCompletionSource`'s task after `SetResult`). Anything else (a task held in a field or
 * parameter, a dispatch to implementations outside the workspace, too deep a chain) is unknown.
 */
import type { MethodBody, TaskWait } from '../model/types';
import type { RuleContext } from './types';
import { typesNamed, type WorkspaceIndex } from '../workspace/index';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { conditionalArmsOf } from '../model/completion';
import { resolveCallText, shortText, verdictKey, type CompletionAnalysis } from '../workspace/completion';
import { waitedTaskExpressions, withoutAsTask } from './waitedTasks';

/** An await on the way that resumes on the caller's context: the function it is written in, and what it awaits. */
export interface CapturingAwait {
  readonly within: string;
  readonly awaited: string;
}

/** Every await on the way configures; some await captures the caller's context (the first found); or not known. */
export type ChainVerdict = 'configured' | 'unknown' | CapturingAwait;

/** What following a chain reads: the workspace's methods, and which of them certainly complete synchronously. */
interface ChainScope {
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
}

/** How many methods deep the chain is followed before it is unknown (a library's connect path is five or six). */
const MAX_DEPTH = 6;

/**
 * The verdict for the tasks a wait blocks on. `valuesOf` gives what a name holds: a local's one value, or every value
 * a private field is given (a task a method starts once and a synchronous member waits for); null when unknown.
 */
export function waitedChainOf(ctx: RuleContext, body: MethodBody, wait: TaskWait, valuesOf: (name: string) => readonly string[] | null): ChainVerdict {
  // `.AsTask()` only wraps a ValueTask in a Task that completes when it does (waitedTasks.ts withoutAsTask).
  const tasks = waitedTaskExpressions(wait);
  if (tasks.length === 0) return 'unknown';
  const scope: ChainScope = { index: ctx.index, completion: ctx.completion };
  const judge = (value: string): ChainVerdict => {
    if (COMPLETED_TASK.test(value)) return 'configured';
    const arms = conditionalArmsOf(`(${value})`);
    return arms ? combine(arms.map(judge)) : followCall(scope, ctx.file, body, value, 0, new Set(), 'unknown');
  };
  return combine(tasks.map((task) => {
    if (!/^(?:this\s*\.\s*)?[A-Za-z_]\w*$/.test(task)) return judge(task);
    const values = valuesOf(task.replace(/^this\s*\.\s*/, ''));
    return values === null || values.length === 0 ? 'unknown' : combine(values.map((value) => judge(withoutAsTask(value))));
  }));
}

/** A task written as complete: it suspends nothing and captures nothing. */
const COMPLETED_TASK = /^(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\s*\.\s*(?:CompletedTask|FromResult\b)/;

function combine(verdicts: readonly ChainVerdict[]): ChainVerdict {
  const captures = verdicts.find((v): v is CapturingAwait => typeof v === 'object');
  if (captures) return captures;
  return verdicts.includes('unknown') ? 'unknown' : 'configured';
}

/**
 * The verdict for a call written in `body`: the workspace methods it may run, each judged. A call the workspace does
 * not resolve is `outside`: unknown, or (inside the chain, where an outside API is taken to configure its own awaits)
 * followed through its receiver (outsideCallChain). A dispatch the workspace cannot close is unknown either way.
 */
function followCall(scope: ChainScope, file: string, body: MethodBody, text: string, depth: number, seen: Set<string>, outside: 'unknown' | 'followReceiver'): ChainVerdict {
  const resolution = resolveCallText(text, file, body, scope.index)?.resolution;
  if (!resolution) return 'unknown';
  if (resolution.targets.length > 0) return combine(resolution.targets.map((t) => (t.body ? bodyChain(scope, t.file, t.body, depth, seen) : 'unknown')));
  return resolution.dispatched || outside === 'unknown' ? 'unknown' : outsideCallChain(scope, file, body, text, depth, seen);
}

function bodyChain(scope: ChainScope, file: string, body: MethodBody, depth: number, seen: Set<string>): ChainVerdict {
  const key = `${file}\0${body.id}`;
  // A method already on the way is judged where it was first met (recursion adds no new await).
  if (seen.has(key)) return 'configured';
  if (depth >= MAX_DEPTH || body.hasSyntaxErrors) return 'unknown';
  seen.add(key);
  // A method that suspends nowhere leaves no continuation to capture the waiting thread's context.
  const verdict = scope.completion.get(verdictKey(file, body.id));
  if (verdict?.likelySync && verdict.certain) return 'configured';
  if (!body.isAsync) {
    if (body.returns.length === 0) return 'unknown';
    return combine(body.returns.map((r) => returnedChain(scope, file, body, r.expressionText?.trim() ?? '', depth, seen)));
  }
  const verdicts: ChainVerdict[] = [];
  for (const a of body.awaits) {
    // A task written as complete never suspends the method: nothing is captured there.
    if (a.operand.kind === 'completedTask' || a.operand.kind === 'fromResult') continue;
    const configuredBy = a.operand.configureAwait === null ? configuringWrapperOf(scope.index, a.operand.text) : null;
    if (configuredBy === null && (a.operand.configureAwait === null || !/^false$/.test(a.operand.configureAwait.trim()))) {
      return { within: body.kind === 'lambda' || body.kind === 'anonymousMethod' ? 'a lambda' : body.name, awaited: shortText(a.operand.text) };
    }
    const awaited = configuredBy ?? a.operand.text;
    // The awaited workspace method starts on this thread: its own awaits must configure too.
    // An await outside the workspace (a .NET or package call) is taken to configure, but a workspace call it is made
    // on (`LoadAsync().ContinueWith(...)`) starts on this thread and is followed.
    if ((a.operand.callee !== null || configuredBy !== null) && a.kind === 'await' && awaited.trim().endsWith(')')) {
      const inner = followCall(scope, file, body, awaited, depth + 1, seen, 'followReceiver');
      if (typeof inner === 'object') return inner;
      if (inner === 'unknown') verdicts.push('unknown');
    }
  }
  return combine(verdicts);
}

/** What a method that is not async hands back through one return: judged as the call it delegates to, arm by arm. */
function returnedChain(scope: ChainScope, file: string, body: MethodBody, returned: string, depth: number, seen: Set<string>): ChainVerdict {
  if (COMPLETED_TASK.test(returned)) return 'configured';
  const arms = conditionalArmsOf(`(${returned})`);
  if (arms) return combine(arms.map((arm) => returnedChain(scope, file, body, arm, depth, seen)));
  // A readonly field always holds what its initializer made (`static readonly Task<T> Cached = Make(...)`).
  const held = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(returned)?.[1];
  if (held) {
    const initializer = readonlyFieldInitializer(scope.index, body, held);
    return initializer ? returnedChain(scope, file, body, initializer, depth, seen) : 'unknown';
  }
  const source = /^([A-Za-z_]\w*)\s*\.\s*Task$/.exec(returned)?.[1];
  if (source) return completedHere(body, source) ? 'configured' : 'unknown';
  if (!returned.endsWith(')')) return 'unknown';
  // A call outside the workspace (`task.ContinueWith(...)`, a .NET or package API) is taken to configure, as an
  // await of one is; a workspace call is followed.
  return followCall(scope, file, body, returned, depth + 1, seen, 'followReceiver');
}

/**
 * Whether a local TaskCompletionSource's task is completed by the method that returns it: the model finds the source
 * only ever given a result (model/resultOnlySources.ts: every mention, nested functions included, a SetResult,
 * TrySetResult or `.Task`, so no other code holds it) and the method gives it one (`tcs.SetResult(value); return
 * tcs.Task;`, StackExchange.Redis's completed task that carries an async state).
 */
function completedHere(body: MethodBody, source: string): boolean {
  return !!body.resultOnlySources?.includes(source) && body.calls.some((c) => c.receiver === source && /^(?:Try)?SetResult$/.test(c.name));
}

/** The initializer of a readonly field of the body's own type (any of its partial declarations), or null. */
function readonlyFieldInitializer(index: WorkspaceIndex, body: MethodBody, name: string): string | null {
  if (!body.containingType || body.locals.some((l) => l.name === name) || body.parameters.some((p) => p.name === name)) return null;
  for (const ref of typesNamed(index, body.containingType)) {
    const field = ref.type.members.find((m) => m.kind === 'field' && m.name === name);
    if (field) return field.isReadonly && field.initializerText ? field.initializerText.trim() : null;
  }
  return null;
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
function outsideCallChain(scope: ChainScope, file: string, body: MethodBody, text: string, depth: number, seen: Set<string>): ChainVerdict {
  const receiver = splitCallText(text.trim())?.receiver?.replace(/\s*[?!]+$/, '').trim() ?? '';
  return receiver.endsWith(')') ? followCall(scope, file, body, receiver, depth, seen, 'followReceiver') : 'configured';
}
