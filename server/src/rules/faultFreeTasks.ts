/**
 * Tasks that cannot fault, as a workspace method hands them back: every return is a completed task, or a task it starts
 * over work that stops every exception (`Task.Run(async () => { try { ... } catch { } })`, or `Task.Factory.StartNew(()
 * => Perform(request))` where `Perform`'s whole body is one try that catches everything), the task of a
 * TaskCompletionSource it only ever gives a result (`return tcs.Task;`, model/resultOnlySources.ts), or a call to
 * another such method. A method like that is its type's fire-and-forget entry point: what the work produces or how it fails reaches
 * the caller another way (a callback, an event, a log), and a caller that drops its task loses no exception. ASY022
 * leaves such a caller alone (osu!'s metadata cache fetch and its API client's PerformAsync, read in the thirty-ninth
 * session, whose task starts report their failures through the request's own Failure event).
 */
import { stopsEveryExceptionAlways } from '../model/soleStatements';
import type { MethodBody, ReturnSite } from '../model/types';
import { conditionalArmsOf } from '../model/completion';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { resolveCallText, workspaceImplementationsOf } from '../workspace/completion';
import type { MethodRef, WorkspaceIndex } from '../workspace/index';
import { isTaskDelegateStart } from '../knowledge/taskDelegateStarts';
import { isCompletedTaskText } from './keptTasks';
import { synchronousCallCannotThrow } from './faultFreeCalls';

/** How many one-line delegations (`return Other(...);`) are followed before giving up. */
const MAX_DELEGATIONS = 3;

/** What a method's returned tasks are: all complete already, some started over work that cannot fault, or either may fault. */
type ReturnedTasks = 'completed' | 'started' | 'mayFault';

/**
 * Whether the call `callText`, made in `body`, hands back a task that cannot fault and that some of the methods it may
 * run start (all of them returning completed tasks is ASY022's own, softer case). The methods are the workspace's:
 * those the call binds to, or, through an interface or a virtual member outside what the workspace can close, every
 * implementation the workspace declares; code outside the workspace could implement a public one otherwise.
 */
export function handsBackFaultFreeTask(index: WorkspaceIndex, file: string, body: MethodBody, callText: string): boolean {
  const verdict = callVerdict(index, file, body, callText, 0, true);
  return verdict === 'started';
}

function callVerdict(index: WorkspaceIndex, file: string, body: MethodBody, callText: string, depth: number, dispatchToWorkspace: boolean): ReturnedTasks {
  const call = resolveCallText(callText, file, body, index);
  if (!call) return 'mayFault';
  const { resolution } = call;
  const methods: readonly MethodRef[] = resolution.targets.length > 0
    ? resolution.targets
    : dispatchToWorkspace && resolution.owner ? workspaceImplementationsOf(index, resolution.owner, call.name, call.argumentCount) : [];
  if (methods.length === 0) return 'mayFault';
  return combined(methods.map((m) => (m.body ? bodyVerdict(index, m.file, m.body, depth) : 'mayFault')));
}

function bodyVerdict(index: WorkspaceIndex, file: string, body: MethodBody, depth: number): ReturnedTasks {
  if (body.hasSyntaxErrors || body.isIterator || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT')) return 'mayFault';
  // An async method whose whole body is one try that stops every exception hands back a task that cannot fault.
  if (body.isAsync) return stopsEveryException(body) ? 'started' : 'mayFault';
  if (body.returns.length === 0) return 'mayFault';
  return combined(body.returns.map((site) => returnedVerdict(index, file, body, site, depth)));
}

function returnedVerdict(index: WorkspaceIndex, file: string, body: MethodBody, site: ReturnSite, depth: number): ReturnedTasks {
  const text = site.expressionText?.trim();
  if (!text) return 'mayFault';
  const arms = conditionalArmsOf(`(${text})`);
  if (arms) return combined(arms.map((arm) => expressionVerdict(index, file, body, site, arm.trim(), depth)));
  return expressionVerdict(index, file, body, site, text, depth);
}

function expressionVerdict(index: WorkspaceIndex, file: string, body: MethodBody, site: ReturnSite, text: string, depth: number): ReturnedTasks {
  if (isCompletedTaskText(text)) return 'completed';
  // The task of a TaskCompletionSource local the method only ever gives a result (model/resultOnlySources.ts).
  const source = /^(@?[A-Za-z_]\w*)\s*\.\s*Task$/.exec(text)?.[1]?.replace(/^@/, '');
  if (source) return body.resultOnlySources?.includes(source) ? 'started' : 'mayFault';
  const call = splitCallText(text);
  if (!call) return 'mayFault';
  if (call.receiver !== null && isTaskDelegateStart(call.receiver, call.name)) return startedDelegateCannotFault(index, file, body, site) ? 'started' : 'mayFault';
  // A delegation to another method (`=> ExportSkin(CurrentSkin)`): what that one hands back. Only calls the workspace
  // closes are followed here; the first call alone reaches a public type's implementations.
  return depth < MAX_DELEGATIONS ? callVerdict(index, file, body, text, depth + 1, false) : 'mayFault';
}

/**
 * The first lambda written in the returned expression, `Task.Run`'s or `StartNew`'s delegate (its first argument), stops
 * every exception: its whole body is one try that catches everything (an async lambda's task, or a void delegate's
 * run), or it is `() => Perform(request)`, a call that cannot throw (faultFreeCalls.ts synchronousCallCannotThrow).
 */
function startedDelegateCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, site: ReturnSite): boolean {
  const call = splitCallText(site.expressionText?.trim() ?? '');
  const first = call ? splitTopLevel(call.argumentsText)[0]?.trim() ?? '' : '';
  if (!/^(?:async\s+)?(?:static\s+)?(?:\(\s*\)|_)\s*=>/.test(first)) return false;
  const lambda = firstLambdaIn(index, file, body, site);
  const sole = lambda?.soleStatement;
  if (!lambda || lambda.hasSyntaxErrors || !sole) return false;
  if (sole.kind === 'catchAll') return stopsEveryExceptionAlways(sole) && (lambda.isAsync || lambda.returns.length === 0);
  return sole.kind === 'return' && !lambda.isAsync && synchronousCallCannotThrow(index, file, lambda, sole.expressionText);
}

/** The lambda nested directly in `body` that starts first inside the return statement: the delegate a task start is handed. */
function firstLambdaIn(index: WorkspaceIndex, file: string, body: MethodBody, site: ReturnSite): MethodBody | null {
  let first: MethodBody | null = null;
  for (const b of index.files.get(file)?.bodies ?? []) {
    if (b.kind !== 'lambda' || b.parentId !== body.id || b.span.start < site.span.start || b.span.end > site.span.end) continue;
    if (!first || b.span.start < first.span.start) first = b;
  }
  return first;
}

function stopsEveryException(body: MethodBody): boolean {
  return stopsEveryExceptionAlways(body.soleStatement);
}

/** Several returns or methods together: any that may fault decides, then any started task. */
function combined(verdicts: readonly ReturnedTasks[]): ReturnedTasks {
  if (verdicts.length === 0 || verdicts.includes('mayFault')) return 'mayFault';
  return verdicts.includes('started') ? 'started' : 'completed';
}
