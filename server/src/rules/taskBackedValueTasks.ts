/**
 * ValueTasks that a workspace method hands back over a Task or a value, never over an IValueTaskSource: blocking on
 * one is as defined as blocking on the Task it wraps (ASY024 reports only blocking that may reach a source).
 */
import type { MethodBody } from '../model/types';
import { conditionalArmsOf } from '../model/completion';
import { resolveCallText, workspaceImplementationsOf } from '../workspace/completion';
import { withoutConfigureAwait } from '../workspace/typing';
import { DEFAULT_BUILDER_BACKING } from '../knowledge/awaiters';
import type { WorkspaceIndex } from '../workspace/index';

/** How many one-line delegations (`return Other(...);`) are followed before giving up. */
const MAX_DELEGATIONS = 3;

/**
 * How the ValueTask a call hands back is backed, as far as the workspace shows:
 * - `taskBacked`: every method the call may run is a workspace method that hands back a ValueTask wrapping a Task or
 *   a value (a call dispatched through a type only the workspace can implement included);
 * - `taskBackedInWorkspace`: the call is dispatched through a public type (or on a workspace type whose member is
 *   declared outside the workspace, `IEndpoint : IAsyncDisposable`), and every implementation the workspace declares
 *   is such a method; code outside the workspace could still implement it over a pooled IValueTaskSource;
 * - `unknown`: anything else.
 */
export type ValueTaskBacking =
  | { kind: 'taskBacked' }
  | { kind: 'taskBackedInWorkspace'; owner: string; implementations: number }
  | { kind: 'unknown' };

/**
 * How the call `receiverText` (a `.ConfigureAwait(...)` on it aside) backs its ValueTask: Task-backed methods are
 * `async ValueTask` methods built by the default builder, and methods whose every return is such a call or a
 * ValueTask made without a source (`new ValueTask(task)`, `default`, `ValueTask.FromResult(x)`,
 * `ValueTask.CompletedTask`). A remote interface's call (an Orleans grain's) reaches a proxy and stays unknown.
 */
export function valueTaskBackingOf(index: WorkspaceIndex, file: string, body: MethodBody, receiverText: string, holdsNoSource: (text: string) => boolean): ValueTaskBacking {
  const call = resolveCallText(withoutConfigureAwait(receiverText), file, body, index);
  if (!call) return { kind: 'unknown' };
  const { resolution } = call;
  if (resolution.targets.length > 0) {
    return resolution.targets.every((t) => !!t.body && judgeBody(index, t.file, t.body, holdsNoSource, 0)) ? { kind: 'taskBacked' } : { kind: 'unknown' };
  }
  if (!resolution.owner) return { kind: 'unknown' };
  const implementations = workspaceImplementationsOf(index, resolution.owner, call.name, call.argumentCount);
  const judging: JudgedMember = { owner: resolution.owner, name: call.name, argumentCount: call.argumentCount };
  const all = implementations.length > 0 && implementations.every((m) => judgeBody(index, m.file, m.body!, holdsNoSource, 0, judging));
  return all ? { kind: 'taskBackedInWorkspace', owner: resolution.owner, implementations: implementations.length } : { kind: 'unknown' };
}

/**
 * The public member whose workspace implementations are being judged (`IStreamFactory.GetStream`). An implementation
 * that hands on the same member of another instance (a wrapper's `return _inner.GetStream();`) returns what one of
 * those implementations returns, or what code outside the workspace does, which the verdict already leaves open
 * (`taskBackedInWorkspace`): so such a delegation is judged to be as backed as the rest.
 */
interface JudgedMember {
  owner: string;
  name: string;
  argumentCount: number;
}

/** A delegation (`return Other(...);`) judged like the call itself; a dispatch the workspace cannot close is not followed. */
function judgeCall(index: WorkspaceIndex, file: string, body: MethodBody, text: string, holdsNoSource: (text: string) => boolean, depth: number, judging?: JudgedMember): boolean {
  const call = resolveCallText(text, file, body, index);
  const targets = call?.resolution.targets ?? [];
  if (targets.length === 0 && judging && call && call.resolution.owner === judging.owner && call.name === judging.name && call.argumentCount === judging.argumentCount) return true;
  return targets.length > 0 && targets.every((t) => !!t.body && judgeBody(index, t.file, t.body, holdsNoSource, depth, judging));
}

function judgeBody(index: WorkspaceIndex, file: string, body: MethodBody, holdsNoSource: (text: string) => boolean, depth: number, judging?: JudgedMember): boolean {
  if (body.hasSyntaxErrors || body.isIterator) return false;
  if (body.isAsync) return builtOverTask(body);
  if (depth >= MAX_DELEGATIONS || body.returns.length === 0) return false;
  return body.returns.every((r) => r.expressionText !== null && judgeReturned(index, file, body, r.expressionText, holdsNoSource, depth, judging));
}

/** A returned expression, or each arm of a returned conditional (`cached ? new ValueTask<int>(n) : LoadAsync()`). */
function judgeReturned(index: WorkspaceIndex, file: string, body: MethodBody, text: string, holdsNoSource: (text: string) => boolean, depth: number, judging?: JudgedMember): boolean {
  const arms = conditionalArmsOf(`(${text.trim()})`);
  if (arms) return arms.every((arm) => judgeReturned(index, file, body, arm, holdsNoSource, depth, judging));
  return holdsNoSource(text) || judgeCall(index, file, body, text, holdsNoSource, depth + 1, judging);
}

/**
 * An `async ValueTask` or `async ValueTask<T>` method without an `[AsyncMethodBuilder]` of its own: the default
 * builder backs an unfinished one with a Task (knowledge/awaiters.ts DEFAULT_BUILDER_BACKING). Any builder attribute,
 * PoolingAsyncValueTaskMethodBuilder or another, leaves the method unjudged. The attribute cannot be put on an
 * assembly or module (its AttributeUsage lists classes, structs, interfaces, delegates, enums and methods), and on a
 * type it makes that type task-like rather than choosing the builder of the type's methods.
 */
function builtOverTask(body: MethodBody): boolean {
  const backing = DEFAULT_BUILDER_BACKING[body.returnKind as keyof typeof DEFAULT_BUILDER_BACKING];
  return backing?.unfinished === 'task' && !body.attributes.some((a) => /(?:^|\.)AsyncMethodBuilder(?:Attribute)?\b/.test(a));
}
