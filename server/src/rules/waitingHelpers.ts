/**
 * Waiting helpers: extension methods of a workspace that block on the task they extend, such as
 *
 *     public static T Await<T>(this Task<T> task) => task.GetAwaiter().GetResult();
 *
 * (a shortcut some code bases keep, and the shape of Nito.AsyncEx's WaitAndUnwrapException when a repository copies
 * it). Every `LoadAsync().Await()` blocks as `LoadAsync().GetAwaiter().GetResult()` would, but the wait is written in
 * the helper, once: reporting it there says nothing a maintainer can act on, and the call sites, where the choice to
 * block is made, went unreported (Smartstore calls its `Await()` 110 times). ASY001 and ASY003 read a call of a
 * waiting helper as a wait at the call (`waitsOf`), with the same evidence that its receiver is a task and the same
 * exemptions (a dual-path call with its flag false completes before the wait), and leave alone the helper's own wait
 * on its `this` parameter (`isHelperOwnWait`).
 */
import type { MethodBody, TaskWait } from '../model/types';
import type { WorkspaceIndex } from '../workspace/index';
import type { RuleContext } from './types';

/** `Task`, `ValueTask`, `Task<T>`, `System.Threading.Tasks.ValueTask<int>`. */
const TASK_TYPE = /^(?:global::)?(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)(?:<.+>)?$/;

const BLOCKING_KINDS: ReadonlySet<TaskWait['kind']> = new Set(['getResult', 'result', 'wait']);

/** The `this` parameter of a waiting helper, or null when `body` is none. */
function extendedTaskOf(body: MethodBody): string | null {
  if (body.kind !== 'method' || !body.isStatic || body.isAsync || body.awaits.length > 0) return null;
  const first = body.parameters[0];
  if (!first || !first.modifiers.includes('this') || !TASK_TYPE.test(first.typeText ?? '')) return null;
  return body.waits.some((w) => BLOCKING_KINDS.has(w.kind) && w.knownCompleted === null && isTheTask(w.receiverText, first.name)) ? first.name : null;
}

/**
 * `task`, or the same task as another awaitable: `task.AsTask()`, `task.Preserve()`, `task.ConfigureAwait(false)`, or
 * `task.WaitAsync(token)`, which completes with it unless the token or timeout fires first (a helper that waits for
 * its task with a way out, as Nito.AsyncEx's WaitAndUnwrapException does).
 */
function isTheTask(receiverText: string, name: string): boolean {
  const text = receiverText.trim();
  return text === name || new RegExp(`^${name}\\s*\\.\\s*(?:AsTask|Preserve|ConfigureAwait|WaitAsync)\\s*\\([^()]*\\)$`).test(text);
}

/** A static method whose first parameter is `this Task` (or ValueTask, generic or not). */
function extendsTask(body: MethodBody): boolean {
  const first = body.parameters[0];
  return body.isStatic && !!first && first.modifiers.includes('this') && TASK_TYPE.test(first.typeText ?? '');
}

export function isWaitingHelper(body: MethodBody): boolean {
  return extendedTaskOf(body) !== null;
}

/** The wait inside a waiting helper on the task it extends: its callers' waits are reported instead. */
export function isHelperOwnWait(body: MethodBody, wait: TaskWait): boolean {
  const extended = extendedTaskOf(body);
  return extended !== null && isTheTask(wait.receiverText, extended);
}

/** A waiting helper a call binds to: its name and type, for notes. */
interface WaitingHelper {
  owner: string;
  /** Arguments a call passes besides the receiver. */
  arguments: number;
  /**
   * Whether the helper blocks on the awaitable it extends as it is (`task.GetAwaiter().GetResult()`, through
   * ConfigureAwait too) rather than on a Task made of it first (`task.AsTask()`, `task.Preserve()`): a ValueTask
   * converted first is blocked on as its Task, which is defined whatever source backs it.
   */
  blocksOnItAsItIs: boolean;
}

/** Whether one of the helper's own waits reads the extended awaitable `name` as it is, not converted to a Task. */
function blocksOnItAsItIs(body: MethodBody, name: string): boolean {
  return body.waits.some((w) => BLOCKING_KINDS.has(w.kind) && w.knownCompleted === null
    && new RegExp(`^${name}(?:\\s*\\.\\s*ConfigureAwait\\s*\\([^()]*\\))?$`).test(w.receiverText.trim()));
}

const helpersByIndex = new WeakMap<WorkspaceIndex, { version: number; byName: Map<string, WaitingHelper[] | null> }>();

/**
 * The waiting helpers named `name` that a call with `argumentCount` arguments could bind to, or null when another
 * extension method of tasks with that name and arity could take the call too. Methods of that name on other types
 * (an instance `Await()` of a type of its own) need no check here: a call is read as a wait only when its receiver is
 * shown to be a task (the rules' evidence, as for `.Result`).
 */
function helpersNamed(index: WorkspaceIndex, name: string, argumentCount: number): WaitingHelper[] | null {
  let memo = helpersByIndex.get(index);
  if (!memo || memo.version !== index.version) helpersByIndex.set(index, (memo = { version: index.version, byName: new Map() }));
  const key = `${name}/${argumentCount}`;
  if (memo.byName.has(key)) return memo.byName.get(key)!;
  const helpers: WaitingHelper[] = [];
  let other = false;
  for (const ref of index.methodsByName.get(name) ?? []) {
    const body = ref.body;
    const arity = ref.member ? ref.member.parameters?.length ?? ref.member.parameterTypes.length : body?.parameters.length ?? 0;
    if (body && isWaitingHelper(body)) {
      if (arity - 1 === argumentCount) helpers.push({ owner: ref.typeName ?? body.containingType ?? 'a static class', arguments: arity - 1, blocksOnItAsItIs: blocksOnItAsItIs(body, extendedTaskOf(body)!) });
    } else if (arity - 1 === argumentCount && body && extendsTask(body)) other = true;
  }
  const found = helpers.length > 0 && !other ? helpers : null;
  memo.byName.set(key, found);
  return found;
}

/** What a wait that a waiting helper makes says in a note: the helper and how it blocks. */
const helperOfWait = new WeakMap<TaskWait, WaitingHelper & { name: string }>();

/** `, which TaskExtensions.Await makes by blocking on the task it extends`, or '' for a wait written in place. */
export function helperNote(wait: TaskWait): string {
  const helper = helperOfWait.get(wait);
  return helper ? `; the call of ${helper.owner}.${helper.name}, a waiting helper of the workspace, blocks on it` : '';
}

/**
 * Whether the wait is a call of waiting helpers that each block on a Task made of the awaitable first (`.AsTask()`,
 * `.Preserve()`): what the call passes is never blocked on as a ValueTask.
 */
export function helperBlocksOnATaskOfIt(wait: TaskWait): boolean {
  const helper = helperOfWait.get(wait);
  return helper !== undefined && !helper.blocksOnItAsItIs;
}

/**
 * The body's waits and, for each call of a waiting helper on a receiver (`LoadAsync().Await()`), a wait at the call
 * in `.Result`'s shape. The call's
 * receiver is the waited task, so the rules' evidence that it is a task, and their exemptions, apply to it as to a
 * wait written in place.
 */
export function waitsOf(ctx: RuleContext, body: MethodBody): TaskWait[] {
  let extra: TaskWait[] | null = null;
  for (const call of body.calls) {
    if (call.receiver === null || call.inNameof) continue;
    // A wait the model knows already (`GetAwaiter().GetResult()`, `.Wait()`), whatever a workspace helper is called.
    if (body.waits.some((w) => w.span.start === call.span.start && w.span.end === call.span.end)) continue;
    const helpers = helpersNamed(ctx.index, call.name, call.argumentTexts.length);
    if (!helpers) continue;
    const receiverText = receiverTextOf(ctx.text, call.span.start, call.nameSpan.start);
    if (!receiverText) continue;
    const wait: TaskWait = {
      // `.Result`'s shape whatever the helper returns: only a receiver shown to be a task makes it a wait (an
      // unknown receiver of `.Wait()` counts in Task.Wait's shape, which a helper's name does not have).
      kind: 'result',
      receiverText,
      span: call.span,
      nameSpan: call.nameSpan,
      argumentTexts: call.argumentTexts,
      // Guards read from the tree where the call is (model/extract.ts markGuardedHelperCalls).
      knownCompleted: call.receiverCompleted ?? null,
      inNameof: false,
      onSyncPath: call.onSyncPath,
    };
    helperOfWait.set(wait, { ...helpers[0], blocksOnItAsItIs: helpers.some((h) => h.blocksOnItAsItIs), name: call.name });
    (extra ??= []).push(wait);
  }
  return extra ? [...body.waits, ...extra] : body.waits;
}

/** The receiver of a member call as written (`LoadAsync(id)` of `LoadAsync(id).Await()`), or null. */
function receiverTextOf(text: string, start: number, nameStart: number): string | null {
  const dot = text.lastIndexOf('.', nameStart);
  if (dot <= start) return null;
  const receiver = text.slice(start, dot).replace(/\s*\?$/, '').trimEnd();
  return receiver.length > 0 ? receiver : null;
}
