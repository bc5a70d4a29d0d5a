/**
 * The waits ASY001, ASY003, ASY004 and ASY024 share: whether a `.Result`, `.Wait()`, `GetAwaiter().GetResult()` or
 * `Task.WaitAll`/`WaitAny` waits on a task that may still be running (waitedTaskEvidence, with the contracts that hand
 * back completed tasks), where its squiggle goes and how messages describe it. Kept apart from the rules so that
 * ASY004, which asks whether a wait is on a task, and ASY001, which asks whether a call takes a lock, need not import
 * each other.
 */
import { helperCompletedReason } from './helperCompletedTasks';
import { maskCommentsAndStrings } from './sourceText';
import type { CallSite, MethodBody, Span, TaskWait } from '../model/types';
import { withoutConfigureAwait, type TaskEvidence } from '../workspace/typing';
import { methodsNamed, stripGenerics, type MethodRef } from '../workspace/index';
import { COMPLETED_TASK_EXPRESSION, resolveCallSite, verdictKey, derivedMembersNamed } from '../workspace/completion';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import { arrayWrittenInPlace, splitCallText, splitTopLevel } from '../model/syntax';
import { ASYNC_FLAG_NAMES, conditionalArmsOf, syncPathCallReason } from '../model/completion';
import { isSyncModeEnum } from '../model/dualPath';
import { type RuleContext } from './types';
import { receiverTypeOf, taskEvidenceOf } from './asy001-004-blocking-common';
import { modeArgumentsOf, modeSkipsEveryAwait, takesMode } from './constantModeArguments';

/** `Wait()`, `Wait(100)`, `Wait(TimeSpan.FromSeconds(1))`, `Wait(ct)`, `Wait(timeout, ct)`: the shapes of Task.Wait's overloads. */
const TIMEOUT_OR_TOKEN = /^\d+$|TimeSpan|Timeout|[Tt]oken|^ct$|[Cc]ancel|[Tt]imeout|[Mm]illiseconds|[Dd]elay|[Ss]econds/;

export function looksLikeTimeoutOrToken(arg: string): boolean {
  return TIMEOUT_OR_TOKEN.test(arg.trim().replace(/^\w+:\s*/, ''));
}

/** `(await Task.WhenAny(a, b)).Result`: the task WhenAny hands back has completed. */
function isAwaitedWhenAny(receiver: string): boolean {
  return /^\(\s*await\s+(System\.Threading\.Tasks\.)?Task\.WhenAny\s*\(/.test(receiver.trim());
}

/** The call the model recorded for an invocation-shaped wait (`.Wait()`, `GetResult()`, `Task.WaitAll`). */
export function callOfWait(body: MethodBody, wait: TaskWait): CallSite | undefined {
  return body.calls.find((c) => c.span.start === wait.span.start && c.span.end === wait.span.end);
}

/** Where the receiver ends and the blocking member begins (`t|.Result`), or null when the text does not say. */
export function receiverEnd(text: string, wait: TaskWait): number | null {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return null;
  return text.startsWith(wait.receiverText, wait.span.start) ? wait.span.start + wait.receiverText.length : null;
}

/** The squiggle: from the dot after the receiver (`.Result`, `.GetAwaiter().GetResult()`), or the whole `Task.WaitAll(...)`. */
export function waitSquiggle(text: string, wait: TaskWait): Span {
  const end = receiverEnd(text, wait);
  if (end === null) return wait.span;
  let start = end;
  while (start < wait.span.end && /[\s?]/.test(text[start])) start++;
  return { start: start < wait.span.end ? start : wait.nameSpan.start, end: wait.span.end };
}

/** "until the task completes", or for WaitAll/WaitAny what they wait for. */
export function waitsUntil(wait: TaskWait): string {
  if (wait.kind === 'waitAll') return 'until every task completes';
  if (wait.kind === 'waitAny') return 'until one of the tasks completes';
  return 'until the task completes';
}

/** What the message tells the reader to do instead of the wait. */
export function awaitInstead(wait: TaskWait): string {
  if (wait.kind === 'waitAll') return 'await Task.WhenAll instead';
  if (wait.kind === 'waitAny') return 'await Task.WhenAny instead';
  return 'await the task instead';
}

/**
 * Whether the waited-on expression is a task, as far as a non-compiler can tell: declarations first, then the
 * shape of the wait. `GetAwaiter().GetResult()` only exists on awaitables, so an unknown receiver counts.
 */
export function waitedTaskEvidence(ctx: RuleContext, body: MethodBody, wait: TaskWait): TaskEvidence | null {
  const evidence = evidenceBeforeHelpers(ctx, body, wait);
  // Asked last, and only of a wait on a task: it reads the models of the helpers the function is handed to.
  return evidence?.verdict === 'task' && helperCompletedReason(ctx, body, wait) !== null ? null : evidence;
}

function evidenceBeforeHelpers(ctx: RuleContext, body: MethodBody, wait: TaskWait): TaskEvidence | null {
  if (wait.knownCompleted || wait.inNameof || wait.onSyncPath) return null;
  if (completesByContract(ctx, body, wait.receiverText)) return null;
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return { verdict: 'task', reason: `Task.${wait.kind === 'waitAll' ? 'WaitAll' : 'WaitAny'} waits on tasks` };
  if (isAwaitedWhenAny(wait.receiverText)) return null;
  const evidence = taskEvidenceOf(ctx, body, wait.receiverText);
  if (evidence.verdict === 'notTask') return null;
  if (evidence.verdict === 'task') return evidence;
  if (wait.kind === 'getResult') return { verdict: 'task', reason: 'GetAwaiter().GetResult() is only written on awaitables' };
  return evidence;
}

/**
 * Whether the waited expression hands back a completed task by construction: a dual-path call with its flag false,
 * a workspace method that never suspends, or a conditional whose arms both do
 * (`(_schemaOnly ? NextResultSchemaOnly(false) : NextResult(false)).GetAwaiter().GetResult()`).
 */
function completesByContract(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const arms = conditionalArmsOf(receiver.trim());
  if (arms) return arms.every((arm) => syncPathCallReason(arm) !== null || completesByContract(ctx, body, arm));
  return callsSyncPathByPosition(ctx, body, receiver) || callsCompletedMethod(ctx, body, receiver) || fieldHoldsOnlyCompletedTasks(ctx, body, receiver)
    || localHoldsOnlyCompletedTask(ctx, body, receiver) || callsWithModeThatSkipsAwaits(ctx, body, receiver);
}

/**
 * `guild.GetUserAsync(id, CacheMode.CacheOnly).GetAwaiter().GetResult()` where every workspace method the call may
 * run either hands back a completed task anyway or, for the mode the call passes, never reaches an await
 * (rules/constantModeArguments.ts): a cache-only lookup that awaits only when the caller allows a download. A call
 * dispatched through a public interface or virtual member, which code outside the workspace could implement, is
 * judged by the workspace's implementations when the mode's enum is the workspace's own: the mode is then part of
 * the member's contract, which the implementations shown honour, and an outside one that suspended for it would
 * break that contract.
 */
function callsWithModeThatSkipsAwaits(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const call = splitCallText(receiver.trim().replace(/\.\s*ConfigureAwait\s*\([^()]*\)$/, ''));
  if (!call) return false;
  const args = splitTopLevel(call.argumentsText);
  const modes = modeArgumentsOf(args);
  if (modes.length === 0) return false;
  // `channel?.GetUserAsync(...)`: a null receiver skips the whole chain, wait included, so the call is judged on the
  // receiver's type as if it were there.
  const receiverText = call.receiver === null ? null : call.receiver.replace(/\s*[?!]+$/, '');
  const resolved = resolveCallSite(call.name, receiverText, args.length, ctx.file, body, ctx.index);
  const ownModes = modes.filter((mode) => (ctx.index.typesByName.get(mode.enumName) ?? []).some(({ type }) => type.kind === 'enum'));
  const open = resolved.targets.length === 0 && resolved.dispatched && resolved.owner && resolved.declared && ownModes.length > 0;
  const judged = open ? ownModes : modes;
  const targets = open ? [...resolved.declared!, ...derivedMembersNamed(ctx.index, resolved.owner!, call.name)].filter((t) => t.body && judged.some((mode) => takesMode(t.body!, mode, resolved.declared!))) : resolved.targets;
  let skipped = false;
  const every = targets.length > 0 && targets.every((t) => {
    if (!t.body) return false;
    if (judged.some((mode) => modeSkipsEveryAwait(t.body!, mode))) return (skipped = true);
    if (throwsInstead(t.body)) return true;
    const verdict = ctx.completion.get(verdictKey(t.file, t.body.id));
    return !!verdict && verdict.likelySync && verdict.certain;
  });
  return every && skipped;
}

/**
 * A method that hands back no task at all: not async, not an iterator, and every return (if any) is a throw
 * expression. C# lets a method returning a value end without a return only where every path throws (a mock's or a
 * stub's `throw new NotImplementedException();`), so a wait on its call throws at once instead of blocking.
 */
function throwsInstead(body: MethodBody): boolean {
  if (body.isAsync || body.isIterator || body.returnKind === 'NotAsyncReturn' || body.returnKind === 'Unknown') return false;
  return body.returns.every((r) => r.expressionText !== null && /^throw\b/.test(r.expressionText.trim()));
}

/**
 * `task.Result` where `task` is a local initialised with a task created complete (`var task =
 * Task.FromResult<IList<T>>(new List<T>());`, `Task.CompletedTask`) and never assigned again: a method that builds its
 * result into a completed task's value (`task.Result.Add(item)`) before returning the task reads it without waiting.
 */
function localHoldsOnlyCompletedTask(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const name = /^([A-Za-z_]\w*)$/.exec(receiver.trim().replace(/\s*[?!]$/, ''))?.[1];
  if (!name) return false;
  for (const b of bodyChain(body, ctx.model.bodies)) {
    if (b.parameters.some((p) => p.name === name)) return false;
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    if (local.kind !== 'local' || !local.initializerText || !COMPLETED_TASK_EXPRESSION.test(local.initializerText.trim())) return false;
    // Assigned again anywhere it is visible after its declaration (`task = LoadAsync();`, `ref task`), it may hold another task.
    const visible = maskCommentsAndStrings(ctx.text).slice(local.span.end, local.scope.end);
    return !new RegExp(`(?:^|[^\\w.])${name}\\s*(?:[-+*/%&|^]|\\?\\?|<<|>>)?=(?!=)|(?:\\bref|\\bout)\\s+${name}\\b|(?:\\+\\+|--)\\s*${name}\\b|\\b${name}\\s*(?:\\+\\+|--)`).test(visible);
  }
  return false;
}

/**
 * `_lastRead?.Result` where `_lastRead` is a private field of the body's type that every write fills with a task
 * created complete (`_lastRead = Task.FromResult(n)`, `Task.CompletedTask`) or with null, and whose initializer, if
 * any, is one too: it never holds a running task, so reading its result does not wait (a stream's cache of its
 * last read's task).
 */
function fieldHoldsOnlyCompletedTasks(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const field = privateFieldWrites(ctx, body, receiver.trim().replace(/\s*[?!]$/, ''));
  if (!field) return false;
  const init = field.initializer?.text.trim();
  if (init && init !== 'null' && !COMPLETED_TASK_EXPRESSION.test(init)) return false;
  // A field nothing writes holds null throughout; that is a stub, not a cache of completed tasks, and stays reported.
  let completedWrites = init && init !== 'null' ? 1 : 0;
  for (const at of field.writes) {
    const value = ctx.text.slice(at);
    if (COMPLETED_TASK_EXPRESSION.test(value)) completedWrites++;
    else if (!/^null\b/.test(value)) return false;
  }
  return completedWrites > 0;
}

/** Where a private field gets its values: its initializer as written and the offset of each assignment's right side. */
export interface PrivateFieldWrites {
  /** The type that declares the field, by name and span. */
  type: { name: string; span: Span };
  initializer: { text: string; start: number } | null;
  writes: number[];
}

/**
 * For `_name` or `this._name` naming a private field of the body's type: its initializer and every assignment's right
 * side (`=`, `??=`, never `==`), through any instance of the type (`other._name = ...`). Only the type can write a
 * private field; a partial type may write it in another file, so those give null, as do fields passed by `ref` or
 * `out`, whose writer the text does not show, and names a local or parameter around the body hides.
 */
export function privateFieldWrites(ctx: RuleContext, body: MethodBody, receiver: string): PrivateFieldWrites | null {
  const name = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(receiver.trim())?.[1];
  if (!name) return null;
  const chain = bodyChain(body, ctx.model.bodies);
  if (declaresLocalOrParameter(chain, name)) return null;
  const owner = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
  const type = ctx.model.types.find((t) => t.name === owner && t.span.start <= body.span.start && body.span.end <= t.span.end);
  if (!type || type.modifiers.includes('partial')) return null;
  const field = type.members.find((m) => m.kind === 'field' && m.name === name);
  if (!field) return null;
  // The declaration from the end of the member before it: its modifiers and attributes, then the type and name.
  const declarationStart = Math.max(ctx.text.lastIndexOf(';', field.nameSpan.start), ctx.text.lastIndexOf('{', field.nameSpan.start), ctx.text.lastIndexOf('}', field.nameSpan.start));
  if (/\b(?:public|internal|protected)\b/.test(ctx.text.slice(declarationStart + 1, field.nameSpan.start))) return null;
  const typeText = ctx.text.slice(type.span.start, type.span.end);
  if (new RegExp(`\\b(?:ref|out)\\s+(?:this\\s*\\.\\s*)?${name}\\b`).test(typeText)) return null;
  const initializerText = field.initializerText?.trim();
  const initializer = initializerText ? { text: initializerText, start: ctx.text.indexOf(initializerText, field.nameSpan.end) } : null;
  const writes: number[] = [];
  const write = new RegExp(`(?<!\\w)${name}\\s*(?:\\?\\?)?=(?!=)\\s*`, 'g');
  for (let m = write.exec(typeText); m; m = write.exec(typeText)) writes.push(type.span.start + m.index + m[0].length);
  return { type: { name: type.name, span: type.span }, initializer, writes };
}

/**
 * `DetectSetting().Result` where every workspace method the call may run hands back a completed task on every path
 * (it returns Task.FromResult/CompletedTask, or it is async and never suspends): nothing is waited for.
 */
function callsCompletedMethod(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const m = /^(?:(.+)\.)?([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\(([^]*)\)$/.exec(receiver.trim());
  if (!m) return false;
  const resolved = resolveCallSite(m[2], m[1]?.trim() ?? null, splitTopLevel(m[3]).length, ctx.file, body, ctx.index);
  return resolved.targets.length > 0 && resolved.targets.every((t) => {
    const verdict = t.body ? ctx.completion.get(verdictKey(t.file, t.body.id)) : undefined;
    return !!verdict && verdict.likelySync && verdict.certain;
  });
}

/**
 * `Rollback(false).GetAwaiter().GetResult()` where the workspace's Rollback takes `bool async` in that position:
 * the dual-path method runs synchronously and hands back a completed task, by contract. (The named form,
 * `Rollback(async: false)`, the model recognises on its own.)
 */
function callsSyncPathByPosition(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  // Split by depth, so a receiver that is itself a call (`GetSchemaProvider().GetSchemaAsync(...)`) or has a
  // null-forgiving mark (`Connection!.Session.PrepareAsync(...)`) is taken apart at the right parenthesis.
  const call = splitCallText(receiver.trim().replace(/\.\s*ConfigureAwait\s*\([^()]*\)$/, ''));
  if (!call) return false;
  const args = splitTopLevel(call.argumentsText);
  const falseAt = args.map((a, i) => (a === 'false' ? i : -1)).filter((i) => i >= 0);
  const modeAt = args.map((a, i) => (SYNC_MODE_ARGUMENT.exec(a) ? i : -1)).filter((i) => i >= 0);
  if (falseAt.length === 0 && modeAt.length === 0) return false;
  // On the receiver's type when it is known (`WriteBuffer.Flush(false)`), else any same-named workspace method:
  // a literal false passed where a `bool async` parameter stands is the dual-path convention either way.
  const simpleReceiver = call.receiver !== null && /^[\w.]+$/.test(call.receiver) && call.receiver !== 'this' && call.receiver !== 'base' ? call.receiver : null;
  const owner = simpleReceiver ? receiverTypeOf(ctx, body, simpleReceiver) : null;
  const named = methodsNamed(ctx.index, call.name, owner === null ? null : stripGenerics(owner));
  if (falseAt.length && named.some((ref) => ref.body?.asyncFlag && falseAt.includes(ref.body.parameters.findIndex((p) => p.name === ref.body!.asyncFlag)))) return true;
  if (falseAt.length && invokesDelegateOnSyncPath(ctx, body, call, falseAt)) return true;
  return modeAt.some((i) => passesSyncMode(ctx, named, args, i));
}

/**
 * `handler(this, item, false).GetAwaiter().GetResult()` (or `handler.Invoke(...)`) where `handler` is a local,
 * parameter or field whose type is a delegate declared in the workspace with a `bool doAsync` parameter (an async
 * flag name, model/completion.ts ASYNC_FLAG_NAMES) in that position: the dual-path convention through a callback,
 * as a protocol engine keeps one handler type for both its synchronous and asynchronous loops. With the flag false,
 * the handler runs synchronously and hands back a completed task.
 */
function invokesDelegateOnSyncPath(ctx: RuleContext, body: MethodBody, call: { name: string; receiver: string | null }, falseAt: readonly number[]): boolean {
  const variable = call.receiver === null ? call.name : call.name === 'Invoke' && /^[A-Za-z_]\w*$/.test(call.receiver) ? call.receiver : null;
  if (variable === null) return false;
  const typeText = receiverTypeOf(ctx, body, variable);
  if (!typeText) return false;
  const name = stripGenerics(typeText.replace(/\?$/, '')).replace(/^.*\./, '');
  return (ctx.index.typesByName.get(name) ?? []).some(({ type }) => {
    if (type.kind !== 'delegate') return false;
    const parameters = type.members.find((m) => m.name === 'Invoke')?.parameters ?? [];
    return parameters.some((p, i) => (p.typeText === 'bool' || p.typeText === 'Boolean') && ASYNC_FLAG_NAMES.has(p.name) && falseAt.includes(i));
  });
}

/**
 * `IOBehavior.Synchronous`, `ExecutionMode.Sync`: a member of a mode enum passed to select the synchronous path,
 * perhaps by name (`ioBehavior: IOBehavior.Synchronous`). Group 2 is the enum's name, group 3 the member.
 */
const SYNC_MODE_ARGUMENT = /^(?:[A-Za-z_]\w*\s*:\s*)?(?:[\w.]*\.)?([A-Za-z_]\w*)\.(Synchronous|Sync)$/;

/**
 * Whether argument `i` (`IOBehavior.Synchronous`) selects the synchronous path of one of `candidates`: the method
 * takes that enum where the argument stands (by position or by name), and the enum is declared in the workspace as
 * a mode with both a synchronous and an asynchronous member. MySqlConnector serves `Open()` and `OpenAsync()` from one
 * `OpenAsync(IOBehavior ioBehavior, ...)` this way: the synchronous API passes `IOBehavior.Synchronous`, every read
 * and write inside is then synchronous, and the ValueTask it hands back is complete.
 */
function passesSyncMode(ctx: RuleContext, candidates: readonly MethodRef[], args: readonly string[], i: number): boolean {
  const argument = /^([A-Za-z_]\w*)\s*:/.exec(args[i])?.[1] ?? null;
  const enumName = SYNC_MODE_ARGUMENT.exec(args[i])![1];
  const isModeEnum = (ctx.index.typesByName.get(enumName) ?? []).some(({ type }) => isSyncModeEnum(type));
  if (!isModeEnum) return false;
  return candidates.some((ref) => {
    const parameters = ref.member?.parameters ?? ref.body?.parameters ?? [];
    const at = argument === null ? i : parameters.findIndex((p) => p.name === argument);
    const typeText = parameters[at]?.typeText;
    return typeof typeText === 'string' && stripGenerics(typeText).replace(/^.*\./, '') === enumName;
  });
}

/** The tasks a wait waits for as written: its receiver, or Task.WaitAll's and WaitAny's tasks (an array written in place, or the params). */
export function waitedTaskTexts(wait: TaskWait): string[] {
  if (wait.kind !== 'waitAll' && wait.kind !== 'waitAny') return [wait.receiverText];
  const [first] = wait.argumentTexts;
  if (first === undefined) return [];
  const trimmed = first.trim();
  const array = arrayWrittenInPlace(maskCommentsAndStrings(trimmed));
  if (array && array.close === trimmed.length - 1) return splitTopLevel(trimmed.slice(array.open + 1, -1)).map((t) => t.trim()).filter((t) => t !== '');
  // `Task.WaitAll(output, errors)`: the params form, whose tasks are the arguments (a timeout or token needs the array form).
  return wait.argumentTexts.every((a) => /^[A-Za-z_]\w*$/.test(a.trim()) && !looksLikeTimeoutOrToken(a)) ? wait.argumentTexts.map((a) => a.trim()) : [];
}

/**
 * What each task a wait waits for is, as written: the task expression without a trailing `!`, `.ConfigureAwait(...)`
 * or `.AsTask()`, or for a local's name its one value (`initializerOf`, null when it has another or more than one),
 * without a trailing `.AsTask()` either. AsTask() only wraps a ValueTask in a Task that completes when it does, so the
 * task's completion is the call's that made the ValueTask (the RabbitMQ client's `Dispose()` waits on
 * `DisposeAsync().AsTask()`, whose awaits all configure).
 */
export function waitedTaskValues(wait: TaskWait, initializerOf: (name: string) => string | null): (string | null)[] {
  return waitedTaskExpressions(wait).map((text) => {
    if (!/^[A-Za-z_]\w*$/.test(text)) return text;
    const value = initializerOf(text);
    return value === null ? null : withoutAsTask(value);
  });
}

/** The tasks a wait waits for as written (waitedTaskTexts), each without a trailing `!`, `.ConfigureAwait(...)` or `.AsTask()`. */
export function waitedTaskExpressions(wait: TaskWait): string[] {
  return waitedTaskTexts(wait).map((task) => withoutAsTask(withoutConfigureAwait(task.trim().replace(/\s*!$/, ''))));
}

/** The ValueTask expression of `expression.AsTask()`, or the text as it is. */
export function withoutAsTask(text: string): string {
  return text.trim().replace(/\s*\.\s*AsTask\s*\(\s*\)$/, '');
}
