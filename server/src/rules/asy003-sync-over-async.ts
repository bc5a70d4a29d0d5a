/** ASY003 sync-over-async: a non-async method that blocks on a task (.Result, .Wait(), GetAwaiter().GetResult(), Task.WaitAll), outside entry points. */
import type { LocalVariable, MethodBody, Span, TaskWait } from '../model/types';
import { isAsyncContext, type Rule, type RuleContext, type RuleFinding } from './types';
import { consoleToolCap } from './libraryCode';
import { describeSyncBody, importsNamespace, receiverTypeOf, taskEvidenceOf } from './asy001-004-blocking-common';
import { bodyChain } from '../model/bodies';
import { innermostItemAt } from '../model/spanForest';
import { methodsNamed, typeFamily, typesNamed } from '../workspace/index';
import { arrayWrittenInPlace, closingBracket, escapeRegExp, splitTopLevel } from '../model/syntax';
import { memberInSentence, quoted } from './messageText';
import { privateFieldWrites, waitSquiggle, waitedTaskEvidence, waitsUntil } from './waitedTasks';
import { dedicatedThreadStartOf } from './threadStarts';
import { everyTaskIsPoolWork, isPoolWorkAcross, isSynchronousMethodGroup, POOL_START_CALL } from './poolWork';
import { maskCommentsAndStrings, valueAfterPlaceholder, writesOfName } from './sourceText';
import { helperNote, isHelperOwnWait, waitsOf } from './waitingHelpers';
import { throwAssertionOf } from '../knowledge/throwAssertions';
import { synchronousContractOf, workspaceContractOf, type SynchronousContract } from './synchronousContracts';
import { hasEventHandlerSignature, usedAsMethodGroup } from './callbackSlots';
import { winFormsUiThreadHandlerReason } from './winFormsHandlers';
import { contextFreeReason, inBlazorComponent, withoutContextClause } from './contextFree';
import { LOCK, whyAwaitIsNotAllowedAt } from './awaitContext';
import { synchronousTwinCallOf } from './synchronousTwinCalls';
import { contextFreeIoOf, type ContextFreeIoWait } from './contextFreeIo';
import { waitedChainOf, type ChainVerdict } from './configuredChains';
import { voidDelegateTargetOf } from './asy021-async-lambda-to-void';

/**
 * Synchronous code that may block: bodies that are not async code to their callers (a method returning a Task is,
 * and its waits are ASY001's), and not Main or top-level statements, where a console app has nothing better to do,
 * nor the start of a dedicated thread, which exists to run that one function and has no context and no caller.
 */
function syncBodies(ctx: RuleContext): MethodBody[] {
  return ctx.model.bodies.filter((b) => !b.hasSyntaxErrors && !b.isEntryPoint && !isAsyncContext(ctx, b) && (b.waits.length === 0 || (dedicatedThreadStartOf(ctx, b) === null && !isAwaiterGetResult(ctx, b) && !isAsyncResultEnd(ctx, b))));
}

/**
 * The `GetResult()` of an awaiter (a type with `IsCompleted` and `OnCompleted` beside it: the awaiter pattern of the C#
 * spec, "Awaitable expressions"): an `await` calls it only once `IsCompleted` is true or the continuation handed to
 * `OnCompleted` runs, so a task it reads there has completed (`public void GetResult() => _task.GetAwaiter().GetResult();`).
 * Code that calls an awaiter's GetResult itself, not through `await`, is reported where it does.
 */
function isAwaiterGetResult(ctx: RuleContext, body: MethodBody): boolean {
  if (body.kind !== 'method' || body.name !== 'GetResult' || body.parameters.length > 0 || body.containingType === null) return false;
  return ctx.model.types.some((t) => t.name === body.containingType && t.span.start <= body.span.start && body.span.end <= t.span.end
    && t.members.some((m) => m.name === 'IsCompleted' && m.kind === 'property')
    && t.members.some((m) => (m.name === 'OnCompleted' || m.name === 'UnsafeOnCompleted') && m.kind === 'method'));
}

/**
 * The End method of the Asynchronous Programming Model (`string EndExecute(IAsyncResult asyncResult)` beside
 * `IAsyncResult BeginExecute(...)`, or an override such as Stream's `EndRead`): its documented contract is to block
 * until the operation the IAsyncResult stands for completes ("If the asynchronous operation ... has not completed when
 * EndOperationName is called, EndOperationName blocks the calling thread",
 * learn.microsoft.com/dotnet/standard/asynchronous-programming-patterns/asynchronous-programming-model-apm), and
 * .NET's own bridge from a task, TaskToAsyncResult.End, does it with GetAwaiter().GetResult(). Making it async would
 * break the pattern it implements; a caller that must not block awaits the Task-based method instead.
 */
function isAsyncResultEnd(ctx: RuleContext, body: MethodBody): boolean {
  const operation = /^End([A-Z]\w*)$/.exec(body.name)?.[1];
  if (body.kind !== 'method' || !operation || !body.parameters.some((p) => ASYNC_RESULT_TYPE.test(p.typeText ?? ''))) return false;
  if (body.modifiers.includes('override')) return true;
  return ctx.model.types.some((t) => t.name === body.containingType && t.span.start <= body.span.start && body.span.end <= t.span.end
    && t.members.some((m) => m.kind === 'method' && m.name === `Begin${operation}` && ASYNC_RESULT_TYPE.test(m.typeText ?? '')));
}

/** `IAsyncResult`, `System.IAsyncResult`, `global::System.IAsyncResult`. */
const ASYNC_RESULT_TYPE = /^(?:global::)?(?:System\.)?IAsyncResult\??$/;

/**
 * How the waited task was started on the thread pool, or null: 'here' when it is a `Task.Run(...)` call itself
 * (`Task.Run(async () => await CloseAsync()).Wait()`), 'held' when a local assigned once holds one (`var task =
 * Task.Run(async () => ...); ...; task.Wait();`) or a private field that its initializer, if any, and every write fill
 * with one (`_refresh = Task.Run(RefreshAsync);` in a constructor, waited by a synchronous callback until it first
 * completes: MySqlConnector's MySqlDataSource, read in the thirty-fifth session). Task.Run's delegate starts on the
 * thread pool, where no SynchronizationContext is current, so its awaits resume on the pool and never need the waiting
 * thread. The usual escape hatch for a synchronous member that must call async code. Task.Factory.StartNew does not
 * count: it runs on TaskScheduler.Current, which may be a context's scheduler.
 */
function startedOnThreadPool(ctx: RuleContext, body: MethodBody, wait: TaskWait): 'here' | 'held' | null {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return null;
  // A null-forgiving `!` (`_refresh!.Wait()` on a `Task?` field) changes nothing about the task.
  const receiver = withoutNullForgiving(wait.receiverText);
  if (isTaskRunCall(receiver)) return 'here';
  if (!/^(?:this\s*\.\s*)?[A-Za-z_]\w*$/.test(receiver)) return null;
  const local = receiver.includes('.') ? null : onlyAssignmentOf(ctx, body, receiver);
  if (local) return isTaskRunCall(local.initializerText) ? 'held' : null;
  const values = privateFieldValues(ctx, body, receiver);
  return values !== null && values.every(isTaskRunCall) ? 'held' : null;
}

/** The receiver's text without a trailing null-forgiving `!`. */
function withoutNullForgiving(receiver: string): string {
  return receiver.trim().replace(/\s*!$/, '');
}

/** Whether `text` is a `Task.Run(...)` call and nothing more. */
function isTaskRunCall(text: string): boolean {
  const masked = maskCommentsAndStrings(text.trim());
  const run = /^(?:System\.Threading\.Tasks\.)?Task\s*\.\s*Run\s*(?:<[^<>()]*>)?\s*\(/.exec(masked);
  return !!run && closingBracket(masked, run[0].length - 1) === masked.length - 1;
}

/**
 * The right side of the assignment whose value starts at `at`, up to the `;` that ends its statement at the same
 * bracket depth (`Task.CompletedTask`, `ResolveAsync(force: true)`), or null when none ends it before `end`.
 */
function assignedExpressionAt(text: string, at: number, end: number): string | null {
  const rest = maskCommentsAndStrings(text.slice(at, end));
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return null;
    } else if (c === ';' && depth === 0) return text.slice(at, at + i).trim() || null;
  }
  return null;
}

/**
 * Every value a private field of the body's type is given (its initializer and each assignment), or null when one
 * cannot be read or the field is not such a field (waitedTasks.ts privateFieldWrites): what a wait on the field waits
 * for is one of them.
 */
function privateFieldValues(ctx: RuleContext, body: MethodBody, name: string): string[] | null {
  const field = privateFieldWrites(ctx, body, name);
  if (!field) return null;
  const values = [...(field.initializer ? [field.initializer.text] : []), ...field.writes.map((at) => assignedExpressionAt(ctx.text, at, field.type.span.end))];
  return values.length > 0 && values.every((v): v is string => v !== null) ? values : null;
}

/**
 * Whether the waited task is a `Task.Delay(...)` call itself (`Task.Delay(interval, token).Wait(token)`): a sleep that
 * a token can cut short, the synchronous pause its method means to take. A delay is a timer, not an asynchronous
 * operation: it has no continuation that needs the waiting thread's context and nothing to deadlock on, and the
 * method that sleeps would be making its callers asynchronous only to stop sleeping. In async code the same wait is
 * ASY001's, where `await Task.Delay(...)` is the fix.
 */
function sleepsOnDelay(wait: TaskWait): boolean {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return false;
  const text = maskCommentsAndStrings(wait.receiverText.trim());
  const delay = /^(?:System\.Threading\.Tasks\.)?Task\s*\.\s*Delay\s*\(/.exec(text);
  return !!delay && closingBracket(text, delay[0].length - 1) === text.length - 1;
}


/**
 * Whether the waited task runs only synchronous code on the thread pool: it is `Task.Run(...)` or
 * `Task.Factory.StartNew(...)` itself, or a local assigned once from one (`var load = Task.Run(() => LoadAll());
 * ...; load.Result`), and the delegate is a lambda or anonymous method that is not async and hands back no task (it
 * returns nothing, or only values whose type the workspace or the signatures show is not a task), or a method group of
 * the type whose every method of that name is as synchronous (`Task.Factory.StartNew(Drain, this, ...)`). Waiting for it
 * is fork/join over synchronous work, as the Task class's documentation waits for a `Task.Run` loop
 * (learn.microsoft.com/dotnet/fundamentals/runtime-libraries/system-threading-tasks-task, "Wait for one or more
 * tasks to complete"): there is no asynchronous operation the thread waits on, no
 * continuation that needs its context, and nothing to await instead of the work itself. A blocking call inside
 * the delegate is its own finding (a lambda is a body of its own). A delegate that returns a task, or whose
 * returned value is of a type not seen, is still reported. Task.WaitAll and Task.WaitAny count when every task
 * they wait for is such a start (`forksSynchronousWork`).
 */
function runsSynchronousWork(ctx: RuleContext, body: MethodBody, wait: TaskWait): boolean {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return forksSynchronousWork(ctx, body, wait);
  return isSynchronousPoolTask(ctx, body, wait.receiverText.trim(), wait.span.start) || isPoolWorkAcross(ctx, body, wait.receiverText);
}

/** Whether `task`, written at or after `from`, is a pool start of a synchronous delegate or a local assigned once from one. */
function isSynchronousPoolTask(ctx: RuleContext, body: MethodBody, task: string, from: number): boolean {
  const taskStart = ctx.text.indexOf(task, from);
  if (taskStart < 0) return false;
  if (POOL_START_CALL.test(task)) return synchronousDelegateAt(ctx, taskStart, task);
  if (!/^(?:this\s*\.\s*)?[A-Za-z_]\w*$/.test(task)) return false;
  const local = onlyAssignmentOf(ctx, body, task);
  if (!local) return fieldHoldsOnlyPoolWork(ctx, body, task);
  const initializer = local.initializerText.trim();
  const initializerStart = ctx.text.indexOf(initializer, local.span.end);
  return initializerStart >= 0 && POOL_START_CALL.test(initializer) && synchronousDelegateAt(ctx, initializerStart, initializer);
}

/**
 * The local named `name` that the body or a body around it declares with an initializer and never writes again (no
 * `=`, compound assignment, `ref` or `out` elsewhere in the scope it is visible in); null for a parameter, a name
 * declared nowhere around the body, or a local written more than once.
 */
function onlyAssignmentOf(ctx: RuleContext, body: MethodBody, name: string): (LocalVariable & { initializerText: string }) | null {
  for (const owner of bodyChain(body, ctx.model.bodies)) {
    if (owner.parameters.some((p) => p.name === name)) return null;
    const local = owner.locals.find((l) => l.name === name);
    if (!local) continue;
    if (local.kind !== 'local' || !local.initializerText) return null;
    if (writesOfName(ctx.text, local.scope, name) === 1) return { ...local, initializerText: local.initializerText };
    // Declared with a placeholder so that a catch after the try can read it (`Task<T> work = null; try { work =
    // Task.Run(...); work.Wait(token); }`): its one later value is the one it holds when waited.
    const later = valueAfterPlaceholder(ctx.text, local);
    return later !== null ? { ...local, initializerText: later } : null;
  }
  return null;
}

/**
 * `_pollTask.Wait()` where `_pollTask` is a private field (`privateFieldWrites`) that its initializer, if any, and
 * every write fill with a pool start of a synchronous delegate, written in place or returned by a method of the type
 * (`_pollTask = StartPolling(token);` beside `Task StartPolling(CancellationToken ct) => Task.Factory.StartNew(() =>
 * { ... }, ct, TaskCreationOptions.LongRunning, TaskScheduler.Default);`): a client's Dispose that cancels its poll
 * loop and then joins it waits for synchronous work on a thread of its own, as a wait on the start itself does.
 */
function fieldHoldsOnlyPoolWork(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const field = privateFieldWrites(ctx, body, receiver);
  if (!field) return false;
  const values = [...(field.initializer ? [field.initializer.start] : []), ...field.writes];
  return values.length > 0 && values.every((at) => startsSynchronousPoolWorkAt(ctx, field.type, at));
}

/**
 * Whether the expression written at `at`, up to the `;` that ends it, is a pool start of a synchronous delegate, or a
 * call of a method of `type` (by its simple name or through `this.`) whose every overload of that name returns only
 * such a start.
 */
function startsSynchronousPoolWorkAt(ctx: RuleContext, type: { name: string; span: Span }, at: number): boolean {
  if (at < 0) return false;
  const text = maskCommentsAndStrings(ctx.text.slice(at, type.span.end));
  const start = POOL_START_CALL.exec(text);
  const call = start ?? /^(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*\(/.exec(text);
  if (!call) return false;
  const close = closingBracket(text, call[0].length - 1);
  if (close < 0 || !/^\s*;/.test(text.slice(close + 1))) return false;
  if (start) return synchronousDelegateAt(ctx, at, ctx.text.slice(at, at + close + 1));
  const methods = ctx.model.bodies.filter((b) => b.kind === 'method' && b.name === call[1] && b.containingType === type.name
    && type.span.start <= b.span.start && b.span.end <= type.span.end);
  return methods.length > 0 && methods.every((m) => m.returns.length === 1 && returnsSynchronousPoolStart(ctx, m));
}

/** Whether the method's one return hands back a pool start of a synchronous delegate (`=> Task.Run(() => Poll())`). */
function returnsSynchronousPoolStart(ctx: RuleContext, method: MethodBody): boolean {
  const returned = method.returns[0].expressionText?.trim();
  if (!returned || !POOL_START_CALL.test(returned)) return false;
  const at = ctx.text.indexOf(returned, method.returns[0].span.start);
  return at >= 0 && synchronousDelegateAt(ctx, at, returned);
}

/**
 * For Task.WaitAll and Task.WaitAny: whether every task waited for is a pool start of a synchronous delegate
 * (`isSynchronousPoolTask`), so the wait is fork/join over synchronous work, as the Task class's documentation
 * starts ten `Task.Run` calls into a list and waits for `tasks.ToArray()`. The tasks are read from an array written
 * in place (`new[] { loading, indexing }`, `[a, b]`), from a list local whose every `Add` the text shows
 * (`tasksAddedTo`), or from the arguments themselves (`Task.WaitAll(a, b)`); a timeout or token after an array
 * or a list is not a task. Any task of another origin keeps the wait reported.
 */
function forksSynchronousWork(ctx: RuleContext, body: MethodBody, wait: TaskWait): boolean {
  const [first] = wait.argumentTexts;
  if (first === undefined) return false;
  if (projectsSynchronousPoolWork(ctx, body, first.trim())) return true;
  const tasks = tasksWrittenIn(first.trim(), wait.span.start) ?? tasksAddedTo(ctx, body, first.trim(), wait.span)
    ?? wait.argumentTexts.map((text) => ({ text: text.trim(), start: wait.span.start }));
  if (tasks.length > 0 && tasks.every((t) => isSynchronousPoolTask(ctx, body, t.text, t.start) || isPoolWorkAcross(ctx, body, t.text))) return true;
  // Through the workspace's methods and collections, by their models (poolWork.ts): `Task.WaitAll(scans)` where
  // `scans` is `cache.Select(e => e.Value).ToArray()` of a cache only pool work fills.
  return everyTaskIsPoolWork(ctx, body, first) || (wait.argumentTexts.length > 1 && wait.argumentTexts.every((t) => isPoolWorkAcross(ctx, body, t)));
}

/**
 * Whether the argument is a local assigned once from a projection whose every element is a pool start of a
 * synchronous delegate: `var tasks = Enumerable.Range(0, workers).Select(i => Task.Run(() => Work(i))).ToArray();`
 * (or a block lambda that returns `Task.Factory.StartNew(...)`), then `Task.WaitAll(tasks)`. The tasks are written
 * in the selector instead of one by one, and the wait is the same fork/join over synchronous work. A selector that is
 * async, or that hands back anything else, keeps the wait reported.
 */
function projectsSynchronousPoolWork(ctx: RuleContext, body: MethodBody, argument: string): boolean {
  const name = /^([A-Za-z_]\w*)(?:\s*\.\s*(?:ToArray|ToList)\s*\(\s*\))?$/.exec(maskCommentsAndStrings(argument))?.[1];
  const local = name ? onlyAssignmentOf(ctx, body, name) : null;
  if (!local) return false;
  const initializer = local.initializerText.trim();
  const initializerStart = ctx.text.indexOf(initializer, local.span.end);
  const selector = initializerStart >= 0 ? selectorOf(maskCommentsAndStrings(initializer)) : null;
  if (selector === null) return false;
  const lambda = ctx.model.bodies.find((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.span.start === initializerStart + selector);
  return !!lambda && !lambda.isAsync && !lambda.hasSyntaxErrors && lambda.returns.length > 0 && lambda.returns.every((r) => {
    const returned = r.expressionText?.trim();
    const at = returned ? ctx.text.indexOf(returned, r.span.start) : -1;
    return !!returned && at >= 0 && POOL_START_CALL.test(maskCommentsAndStrings(returned)) && synchronousDelegateAt(ctx, at, returned);
  });
}

/**
 * Where the selector of a projection starts in `text` (`source.Select(selector)`, then `.ToArray()` or `.ToList()` or
 * nothing): the offset of Select's one argument, or null when the text ends in anything else.
 */
function selectorOf(text: string): number | null {
  const body = text.replace(/\s*\.\s*(?:ToArray|ToList)\s*\(\s*\)$/, '');
  for (const select of body.matchAll(/\.\s*Select\s*\(/g)) {
    const open = select.index + select[0].length - 1;
    if (closingBracket(body, open) !== body.length - 1) continue;
    if (splitTopLevel(body.slice(open + 1, -1)).length !== 1) return null;
    let start = open + 1;
    while (/\s/.test(body[start] ?? '')) start++;
    return start;
  }
  return null;
}

/** A task written in the source, and where to look for it from. */
interface WrittenTask {
  text: string;
  start: number;
}

/** The elements of an array written in place (`new[] { a, b }`, `new Task[] { a, b }`, `[a, b]`); null for any other expression. */
function tasksWrittenIn(argument: string, from: number): WrittenTask[] | null {
  const array = arrayWrittenInPlace(maskCommentsAndStrings(argument));
  if (!array || array.close !== argument.length - 1) return null;
  return splitTopLevel(argument.slice(array.open + 1, -1)).map((element) => ({ text: element, start: from }));
}

/**
 * The tasks a list local collects, when the text shows each of them: `tasks` or `tasks.ToArray()` where `tasks` is
 * a local assigned once from an empty `new List<...>(...)` and every mention in its scope besides its declaration and
 * the wait adds one task (`tasks.Add(Task.Run(...))`), reads its size (`tasks.Count`) or copies it (`tasks.ToArray()`). Null when some
 * mention may put in a task the text does not show (AddRange, an indexer write, the list handed to another method).
 */
function tasksAddedTo(ctx: RuleContext, body: MethodBody, argument: string, wait: Span): WrittenTask[] | null {
  const name = /^([A-Za-z_]\w*)(?:\s*\.\s*ToArray\s*\(\s*\))?$/.exec(maskCommentsAndStrings(argument))?.[1];
  if (!name) return null;
  const local = onlyAssignmentOf(ctx, body, name);
  if (!local || !/^new\s+(?:System\.Collections\.Generic\.)?List\s*<[^{}]*>\s*\([^()]*\)$/.test(maskCommentsAndStrings(local.initializerText.trim()))) return null;
  const scopeText = maskCommentsAndStrings(ctx.text.slice(local.scope.start, local.scope.end));
  const added: WrittenTask[] = [];
  const mention = new RegExp(`(?<![\\w.@])${name}\\b`, 'g');
  for (let m = mention.exec(scopeText); m; m = mention.exec(scopeText)) {
    const at = local.scope.start + m.index;
    if (at === local.span.start || (wait.start <= at && at < wait.end)) continue;
    const after = scopeText.slice(m.index + name.length);
    if (/^\s*\.\s*(?:Count\b(?!\s*\()|ToArray\s*\(\s*\))/.test(after)) continue;
    const add = /^\s*\.\s*Add\s*\(/.exec(after);
    if (!add) return null;
    const open = m.index + name.length + add[0].length - 1;
    const close = closingBracket(scopeText, open);
    if (close < 0) return null;
    const start = local.scope.start + open + 1;
    const task = ctx.text.slice(start, local.scope.start + close).trim();
    if (splitTopLevel(maskCommentsAndStrings(task)).length !== 1) return null;
    added.push({ text: task, start });
  }
  return added;
}

/**
 * For the pool-start call written at `start` (`Task.Run(...)`, nothing after its closing parenthesis): whether its
 * first argument is a synchronous lambda that hands back no task, or a method group of the type around the call that
 * is as synchronous (poolWork.ts `isSynchronousMethodGroup`).
 */
function synchronousDelegateAt(ctx: RuleContext, start: number, callText: string): boolean {
  const text = maskCommentsAndStrings(callText);
  const open = POOL_START_CALL.exec(text);
  if (!open) return false;
  const close = closingBracket(text, open[0].length - 1);
  if (close !== text.length - 1) return false;
  let argumentStart = start + open[0].length;
  while (argumentStart < start + close && /\s/.test(ctx.text[argumentStart])) argumentStart++;
  const delegate = ctx.model.bodies.find((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.span.start === argumentStart);
  if (!delegate) return isSynchronousMethodGroup(ctx, innermostItemAt(ctx.model.types, start)?.name ?? null, splitTopLevel(text.slice(open[0].length, close))[0] ?? '');
  if (delegate.isAsync || delegate.hasSyntaxErrors) return false;
  return delegate.returns.every((r) => r.expressionText === null || taskEvidenceOf(ctx, delegate, r.expressionText).verdict === 'notTask');
}

/**
 * A test that runs once per mode by a `bool async` parameter (`[Values(false, true)] bool async`, `[TestCase(true)]`)
 * and, on the asynchronous branch, blocks on the API it tests (`if (async) { cursor = subject.FindAsync(filter)
 * .GetAwaiter().GetResult(); } else { cursor = subject.Find(filter); }`), as the MongoDB driver's suite does for
 * every twin it ships: the flag chooses which half of a paired API the test exercises, and blocking is how one
 * synchronous test body drives both and shares its assertions. Making the test async would change how it runs, not
 * what the library does, and reporting the wait would list every asynchronous half of such a suite (331 findings in
 * the MongoDB driver's) for a test style, not a defect. Test code only: in production the same wait on the
 * asynchronous path blocks the very callers that asked not to be blocked.
 */
function drivesAsyncApiFromSyncTest(ctx: RuleContext, wait: TaskWait): boolean {
  return !!ctx.testCode && wait.onAsyncPath === true;
}

/**
 * What the wait risks: a deadlock on a single-threaded context; only a held thread when Task.Run started the work; or,
 * in a project that runs without a SynchronizationContext (an ASP.NET Core, worker or console application, or code
 * only they host: project/synchronizationContext.ts), a held thread and, under load, a starved thread pool. The seeded
 * readings found the deadlock clause false in ASP.NET Core services (test/real-world/README.md, the twenty-ninth and
 * thirtieth sessions); the wait is still worth removing there, as Microsoft's ASP.NET Core best practices say
 * (learn.microsoft.com/aspnet/core/fundamentals/best-practices, "Avoid blocking calls").
 */
function riskOf(ctx: RuleContext, body: MethodBody, wait: TaskWait, pool: 'here' | 'held' | null, io: ContextFreeIoWait | null, chain: () => ChainVerdict): string {
  if (pool !== null) {
    const started = pool === 'here' ? 'Task.Run starts the work' : `${withoutNullForgiving(wait.receiverText)} holds a task Task.Run started, which runs the work`;
    return `. ${started} on the thread pool, where its awaits resume without this thread's context, so the wait does not deadlock on a UI or request context; it still holds this thread and a pool thread until then, and under load the pool starves`;
  }
  const source = completionSourceOf(ctx, body, wait);
  if (source !== null) {
    return `. ${source}.Task is a TaskCompletionSource's: no continuation of it needs this thread, since it completes when other code sets ${source} (a callback, another thread), so the wait deadlocks only if that code has to run on this thread; it holds the thread until then`;
  }
  if (io !== null) {
    const one = io.calls.length === 1 && wait.kind !== 'waitAll' && wait.kind !== 'waitAny';
    return `. The ${one ? 'task' : 'tasks'} of ${io.calls.join(' and ')} ${one ? 'is' : 'are'} .NET's own I/O (${io.waitsFor.join(', ')}), whose awaits never resume on the caller's context (the .NET libraries configure them), so the wait cannot deadlock; it holds this thread until the I/O ends`;
  }
  const without = withoutContextClause(ctx, body);
  if (without !== null) return without;
  const verdict = chain();
  if (verdict === 'configured') return `. Every await on the way to the task's completion uses ConfigureAwait(false), so no continuation needs this thread's context and the wait cannot deadlock on one; it holds the thread until the task completes`;
  const deadlock = ', and deadlocks where a single-threaded SynchronizationContext (UI, classic ASP.NET) must run the task\'s continuation on this very thread';
  // The await that makes it so, where the chain shows one: what a maintainer would configure, or take off this path.
  return typeof verdict === 'object' ? `${deadlock}: on the way, \`await ${verdict.awaited}\` in ${verdict.within} has no ConfigureAwait(false), so it resumes there` : deadlock;
}

/**
 * A wait on a task whose every await on the way configures (rules/configuredChains.ts) is information where the code
 * does not surely run on a SynchronizationContext: no continuation needs the waiting thread, so there is no deadlock
 * to warn of, only a thread held, as the synchronous API a library offers on purpose holds it (the second seeded
 * reading of the thirty-eighth session: StackExchange.Redis's blocking reconfigure, whose 11 awaits all configure). A
 * chain with one unconfigured await keeps the warning: a UI consumer's thread would deadlock on it.
 */
function configuredChainSeverity(ctx: RuleContext, body: MethodBody, chain: () => ChainVerdict): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | null {
  if (ctx.testCode || ctx.library?.withContext || inBlazorComponent(ctx, body) || chain() !== 'configured') return null;
  return { maxSeverity: { severity: 'information', reason: 'every await the task waits on configures, so the wait risks no deadlock, only a thread held until the task completes' } };
}

/**
 * A wait on work Task.Run started (startedOnThreadPool) is information where the code does not surely run on a
 * SynchronizationContext: the note already says the wait cannot deadlock, since the work's awaits resume on the pool,
 * and what is left is two threads held until it ends, the usual escape hatch of a synchronous API that must call
 * async code. The third seeded reading of the thirty-ninth session found such a wait in a driver's synchronous builder
 * reported as a warning beside that very note. On a UI thread the wait freezes the window while the work runs, so
 * there it stays a warning.
 */
function threadPoolSeverity(ctx: RuleContext, body: MethodBody, pool: 'here' | 'held' | null): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | null {
  if (ctx.testCode || ctx.library?.withContext || inBlazorComponent(ctx, body) || pool === null) return null;
  return { maxSeverity: { severity: 'information', reason: 'Task.Run runs the work on the thread pool, so the wait risks no deadlock, only this thread and a pool thread held until the work ends' } };
}

/**
 * A wait where the analysis can show no deadlock is information, where the code does not surely run on a
 * SynchronizationContext: the task is a workspace method's whose awaits on the way could not all be read (a dispatch
 * the workspace cannot close, a task held elsewhere, a package's method, a chain too deep), and none that was read
 * resumes on the caller's context. A warning says "this deadlocks on a UI thread"; the three seeded readings of the
 * thirty-eighth and thirty-ninth sessions judged 19 of 22 such warnings debatable or wrong (a driver's synchronous
 * builder, a library's synchronous API kept beside its async one, a bounded wait in a timer callback), because a
 * library's deliberate synchronous boundary is its maintainers' choice and no deadlock was shown. A chain with an
 * await that captures the context (rules/configuredChains.ts 'captures') keeps the warning: a UI caller's thread
 * deadlocks on it. So does code that surely runs on a context (a UI application or UI class library, a library only
 * such applications host, a Blazor component), and test code keeps its own caps.
 */
function unshownDeadlockSeverity(ctx: RuleContext, body: MethodBody, chain: () => ChainVerdict): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | Record<string, never> {
  if (ctx.testCode || ctx.library?.withContext || inBlazorComponent(ctx, body) || chain() !== 'unknown') return {};
  return { maxSeverity: { severity: 'information', reason: 'no await on the way to the task is known to resume on the waiting thread\'s context, and the code does not surely run on one, so no deadlock is shown; the wait holds the thread until the task completes' } };
}

/**
 * A wait on .NET's own I/O that the waiting code started (rules/contextFreeIo.ts) is information where the code does
 * not surely run on a SynchronizationContext: it cannot deadlock, and it holds the thread only as long as the I/O, as
 * the synchronous API would. The seeded reading of the thirty-eighth session judged such a wait wrong as a warning
 * (a child process's two pipes drained at once, with a timeout, in a synchronous helper). On a UI thread the wait
 * freezes the window while the I/O runs, so there it stays a warning.
 */
function contextFreeIoSeverity(ctx: RuleContext, body: MethodBody, io: ContextFreeIoWait | null): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | null {
  if (io === null || ctx.testCode || ctx.library?.withContext || inBlazorComponent(ctx, body)) return null;
  return { maxSeverity: { severity: 'information', reason: 'the wait is on .NET\'s own I/O, which risks no deadlock; it holds the thread as long as the I/O runs, as the synchronous API would' } };
}

/**
 * The TaskCompletionSource whose task the wait blocks on (`tcs` for `tcs.Task.GetAwaiter().GetResult()`, a local,
 * parameter, field or property typed as one), or null. Such a task is no async method's: the thread that waits runs
 * nothing it needs, so the context deadlock the note names otherwise does not apply (MailKit's and OpenTelemetry's
 * cancellable waits on socket callbacks, read in the thirty-third session).
 */
function completionSourceOf(ctx: RuleContext, body: MethodBody, wait: TaskWait): string | null {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return null;
  // `tcs?.Task.Wait()` reads a source that may not have been made yet: its task, when there is one, is as free of
  // this thread as a source read without the conditional access (the RabbitMQ client's channel waits so on close).
  const source = /^(@?[A-Za-z_][\w.]*)\s*\??\.\s*Task$/.exec(wait.receiverText.trim())?.[1];
  if (!source) return null;
  const type = receiverTypeOf(ctx, body, source);
  return type !== null && /^(?:global::)?(?:System\.Threading\.Tasks\.)?TaskCompletionSource\b/.test(type.trim()) ? source : null;
}

/** Whether the type around the body, or one of its workspace bases, declares DisposeAsync or lists IAsyncDisposable. */
function hasDisposeAsync(ctx: RuleContext, body: MethodBody): boolean {
  const owner = body.containingType?.split('.').pop();
  if (!owner) return false;
  return typeFamily(ctx.index, owner).has('IAsyncDisposable') || methodsNamed(ctx.index, 'DisposeAsync', owner).length > 0;
}

/**
 * The title for a lambda given to an assertion that expects it to throw and takes a delegate that returns void
 * (NUnit's `Assert.Throws<T>(() => client.SendAsync(x).GetAwaiter().GetResult())`, knowledge/throwAssertions.ts). Made
 * async there, the lambda would become async void: its exception would leave through the thread pool after the
 * assertion had returned, and the test would fail or crash. The library's own assertion for async code takes the
 * task and waits for it.
 */
function throwAssertionFixTitle(ctx: RuleContext, body: MethodBody): string | null {
  const target = body.delegateTarget;
  if (target?.kind !== 'argument' || target.call?.kind !== 'invocation') return null;
  const call = target.call;
  const row = throwAssertionOf(call.receiver, call.name, (namespace) => importsNamespace(ctx, namespace, true));
  const counterpart = row?.asyncCounterparts[call.name];
  if (!row || !counterpart) return null;
  return `${row.receiver}.${call.name} takes a delegate that returns void, where an async lambda would escape the assertion: give an async lambda that awaits the task to ${row.receiver}.${counterpart} instead`;
}

/**
 * The title for a lambda that a method declared outside the workspace takes as a delegate returning void
 * (CancellationToken.Register's Action, List<T>.ForEach's Action<T>). Made async there, the lambda would be async void:
 * the method would go on at its first await without waiting for the rest, and an exception in it would no longer
 * reach the caller, so "make the lambda async" trades a held thread for lost work. A workspace method's parameter can
 * become a Func<Task>, as can a delegate variable the code declares, and an event handler or a queued callback is not waited for either way (async void is how such
 * handlers await), so those keep the usual title. The seeded reading of the thirty-ninth session found the usual title
 * on a state flush inside a Register callback that runs as the token is cancelled.
 */
function voidCallbackFixTitle(ctx: RuleContext, body: MethodBody): string | null {
  // A delegate type the code declares itself (`Action work = () => ...`) is the code's own to change.
  if (body.delegateTarget?.kind !== 'argument') return null;
  const target = voidDelegateTargetOf(ctx, body, true);
  if (!target || target.handler || target.workspaceCallee) return null;
  return `The lambda cannot usefully become async: ${target.description}, so an async lambda would be async void (nothing waits for its rest, and its exception would not reach the caller); move the asynchronous work to code that can await it, or keep the wait`;
}

/**
 * The title for a projection that only unwraps each task of a sequence (`tasks.Select(t => t.Result)`,
 * `.Select(t => t.GetAwaiter().GetResult())`), most often after a `Select(async x => ...)` that started them. Made
 * async, the lambda would hand back the tasks again, not their results; what waits for all of them without blocking is
 * `await Task.WhenAll(tasks)`, whose array holds the results in the sequence's order. The enclosing method must be
 * async for that, which it already is when the projection sits inside async code. A `SelectMany(t => t.Result)` over
 * tasks of sequences is the same wait, flattened: made async, its lambda would not even compile (SelectMany needs a
 * sequence, not a task of one), and the results of `Task.WhenAll` are flattened after the await instead.
 */
function unwrappingProjectionFixTitle(ctx: RuleContext, body: MethodBody): string | null {
  const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
  const [parameter] = body.parameters;
  if (call?.kind !== 'invocation' || (call.name !== 'Select' && call.name !== 'SelectMany') || call.receiver === null || call.argumentIndex !== 0 || body.parameters.length !== 1 || body.returns.length !== 1) return null;
  const returned = maskCommentsAndStrings(body.returns[0].expressionText ?? '').trim();
  const unwrap = new RegExp(`^${escapeRegExp(parameter.name)}\\s*\\.\\s*(?:Result|GetAwaiter\\s*\\(\\s*\\)\\s*\\.\\s*GetResult\\s*\\(\\s*\\))$`);
  if (!unwrap.test(returned)) return null;
  const enclosing = bodyChain(body, ctx.model.bodies)[1];
  if (!enclosing) return null;
  const instead = call.name === 'Select'
    ? 'await Task.WhenAll over the tasks instead of reading each one\'s result in Select: its array holds the results in order'
    : 'await Task.WhenAll over the tasks and flatten the array it returns (SelectMany(r => r)) instead of reading each one\'s result in SelectMany';
  if (isAsyncContext(ctx, enclosing)) return `${instead[0].toUpperCase()}${instead.slice(1)}`;
  return enclosing.kind === 'method' || enclosing.kind === 'localFunction' ? `Make ${enclosing.name} async and ${instead} (changes its signature and every caller)` : null;
}

/** A method or local function returning a value (not void) whose name the file hands out as a method group. */
function returnsValueToADelegate(body: MethodBody, masked: string): boolean {
  const returned = body.returnTypeText?.trim() ?? null;
  return (body.kind === 'method' || body.kind === 'localFunction') && returned !== null && returned !== 'void' && usedAsMethodGroup(body, masked);
}

/**
 * The display-only fix for a wait on a framework call whose synchronous twin does the same work
 * (rules/synchronousTwinCalls.ts): calling it changes one name where making the caller async changes every caller.
 */
function synchronousTwinFixTitle(ctx: RuleContext, wait: TaskWait): string | null {
  const twin = synchronousTwinCallOf(wait, (typeName, method) => methodsNamed(ctx.index, method, typeName).length > 0);
  return twin ? `Call ${twin.call}, the synchronous twin of ${twin.waited}, instead of blocking on its task` : null;
}

/** The display-only fix: what making the caller async involves for this kind of body (`twin`: asyncTwinOf). */
/**
 * A title that tells the reader to await the task, completed with what stands in the way where the wait sits: inside
 * a \`lock\` statement an await does not compile (CS1996), so the lock must become a SemaphoreSlim awaited with
 * WaitAsync; a catch filter, an unsafe context, a query clause or a thread-affine lock need the wait moved out first.
 * The seeded reading of the thirty-fourth session found a title that said only "make Create async and await" for a
 * wait inside \`lock (PushLock)\` (Sonarr).
 */
function withAwaitObstacle(ctx: RuleContext, body: MethodBody, wait: TaskWait, title: string): string {
  if (!/\bawait the task\b/.test(title)) return title;
  const obstacle = whyAwaitIsNotAllowedAt(ctx, body, wait.span.start);
  if (!obstacle) return title;
  return obstacle === LOCK
    ? `${title}; the wait is inside a lock statement, where await is not allowed: replace the lock with a SemaphoreSlim awaited with WaitAsync`
    : `${title}, after moving the wait out of where it is (${obstacle})`;
}

function fixTitle(ctx: RuleContext, body: MethodBody, twin: string | null, masked: () => string, ownContract: () => string | null): string {
  switch (body.kind) {
    case 'constructor':
      return `Move the asynchronous work out of the constructor of ${body.containingType ?? body.name} into an async factory method and await the task there`;
    case 'accessor': {
      // A property of the workspace's interface or base class keeps its synchronous signature: replacing it changes
      // that type too (the seeded reading of the thirty-seventh session found quartz's IScheduler.Context getter
      // titled as if only the getter changed).
      const contract = ownContract();
      const property = body.name.replace(/^(?:get|set|init)_/, '');
      if (contract) return `Replace the ${property} property with an async method and await the task (${contract}: changes that type, its implementations and every caller)`;
      return `Replace ${body.name} with an async method and await the task (changes every caller)`;
    }
    case 'lambda':
    case 'anonymousMethod':
      return throwAssertionFixTitle(ctx, body) ?? unwrappingProjectionFixTitle(ctx, body) ?? voidCallbackFixTitle(ctx, body) ?? 'Make the lambda async and await the task (changes the delegate type it is passed as)';
    default:
      // An operator cannot be async (C# allows the modifier on methods, local functions and lambdas only).
      if (/^(?:(?:implicit|explicit) )?operator /.test(body.name)) {
        return `${body.name} cannot be async: move the asynchronous work into an async method and await the task there (callers call it instead)`;
      }
      // Dispose (and the pattern's Dispose(bool disposing)) cannot become async: its asynchronous counterpart is
      // IAsyncDisposable.DisposeAsync. A type that has one already (a Dispose that blocks on its own DisposeAsync)
      // needs nothing implemented: its callers that can should await it instead.
      if (body.name === 'Dispose' && (body.parameters.length === 0 || (body.parameters.length === 1 && /^bool$/i.test(body.parameters[0].typeText ?? '')))) {
        return hasDisposeAsync(ctx, body)
          ? `Dispose stays synchronous (IDisposable's): callers that can should await the type's DisposeAsync instead (await using)`
          : `Implement IAsyncDisposable and await the task in DisposeAsync (callers then use await using)`;
      }
      // An override keeps the signature of the member it overrides, which is synchronous.
      if (body.modifiers.includes('override')) return overrideFixTitle(ctx, body);
      // The synchronous half of a pair (`ExpectNext` beside `ExpectNextAsync`): the async one exists already, and the
      // blocking one is there for callers that cannot await.
      if (twin) return `${body.name} is the synchronous twin of ${twin}: callers that can should await ${twin} instead`;
      // A member of a workspace interface keeps the interface's synchronous signature: making it async changes the
      // interface, every implementation and every caller (the seeded reading of the thirty-fifth session found three
      // of jellyfin's manager interfaces' members titled as if only the method changed).
      const contract = workspaceInterfaceDeclaring(ctx, body);
      if (contract) return `${body.name} implements ${contract}.${body.name}, which is synchronous: make the interface member async and await the task (changes ${contract}, its implementations and every caller)`;
      // Handed out as a delegate that returns a value (`Resolving += OnResolving`, which must return an Assembly), it
      // cannot return a task: whoever invokes the delegate reads the value at once.
      if (returnsValueToADelegate(body, masked())) {
        return `${body.name} is handed out as a delegate that returns ${body.returnTypeText} at once, so it cannot become async: move the asynchronous work to code that can await it, or keep the wait`;
      }
      // An event handler made async becomes async void: where a UI framework raises the event, that is what async
      // void is for; elsewhere (a socket library's receive thread) an exception escaping it ends the process, and the
      // event source no longer waits for one event's work before raising the next (the seeded reading of the
      // thirty-eighth session found the plain title on a handler that blocks to keep messages in order).
      if (body.returnKind === 'void' && hasEventHandlerSignature(ctx, body) && !raisedOnUiThread(ctx, body)) {
        return `${body.name} is an event handler: made async it would be async void, whose exception ends the process and whose awaits let the next event start before this one's work ends; keep the wait, or queue the work to a loop that awaits each item in order`;
      }
      return `Make ${body.name} async and await the task (changes its signature and every caller)`;
  }
}

/** Whether an event handler runs where a UI framework raises events: a Windows Forms form's or control's, or code that surely has a SynchronizationContext. */
function raisedOnUiThread(ctx: RuleContext, body: MethodBody): boolean {
  return !!ctx.library?.withContext || inBlazorComponent(ctx, body) || winFormsUiThreadHandlerReason(ctx, body) !== null;
}

/**
 * A blocking synchronous twin (`Publish` beside `PublishAsync`, a `Dispose` beside `DisposeAsync`, a Stream's `Read`
 * beside `ReadAsync`) is shown as a hint: the wait is what the method is for, kept for callers that cannot await,
 * and its author chose it knowing the async one exists. Two independent readings of real libraries found these the
 * largest class of findings their maintainers would not act on (test/real-world/README.md, the seeded readings of
 * the twenty-fifth and twenty-sixth sessions), and a reading of the information findings themselves would have shown
 * none of them in the Problems panel (the thirty-second session: 14 of 15 debatable). A hint stays in the editor, where
 * someone reading the twin sees it, out of the panel. The finding stays, since each caller of the twin that could
 * await should (ASY002 reports an async caller); a severity set for ASY003 shows it at that severity.
 */
function twinSeverity(body: MethodBody, twin: string): { severity: 'hint'; reason: string } {
  return { severity: 'hint', reason: `${body.name} is the synchronous twin of ${twin}, which exists for callers that cannot await, so blocking is its design` };
}

/**
 * A wait in a function whose signature is a synchronous contract declared outside the workspace (rules/
 * synchronousContracts.ts: an override of `Stream.Flush`, `SynchronizationContext.Send`, an implementation of a
 * framework interface's synchronous member, a `GetOrAdd` factory, a startup class's `Configure` the host calls by
 * convention) is shown as a hint: the function cannot await,
 * so blocking is how it meets the contract, not its author's choice. The seeded readings found these the bulk of the
 * ASY003 warnings maintainers would not act on (test/real-world/README.md, twenty-ninth and thirtieth sessions), and
 * as information too (thirty-second session). The finding stays, with where the fix lies
 * (`SynchronousContract.remedy`): for a declared contract its callers, which can use the contract's asynchronous
 * counterpart where it has one.
 */
/**
 * A wait in a console tool's code is information (rules/libraryCode.ts consoleToolCap), and so is a wait in any code
 * that runs without a SynchronizationContext (rules/contextFree.ts: an ASP.NET Core, worker or console application, a
 * library only they host, a function handed to Task.Run): it cannot deadlock, and what it costs is a pool thread held
 * for the task's duration, which matters under load. Two seeded readings (test/real-world/README.md, thirty-fourth and
 * thirty-fifth sessions) found every such warning they read true but not one a maintainer would fail a build on: the
 * remedy is an async chain up through a synchronous API, often an interface's (jellyfin's managers, Smartstore's view
 * helpers, Sonarr's controllers). Where a context may run the code (a UI application, a published library anybody's
 * UI may call), a wait can deadlock and stays a warning.
 */
function contextFreeSeverity(ctx: RuleContext, body: MethodBody): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | null {
  const tool = consoleToolCap(ctx, 'the wait holds the one flow of work its user started, with no context to deadlock on and no request load');
  if (tool) return { maxSeverity: tool };
  // The note says already why the code has no context (withoutContextClause): the cap's reason does not repeat it.
  const contextFree = !ctx.testCode && contextFreeReason(ctx, body) !== null;
  return contextFree ? { maxSeverity: { severity: 'information', reason: 'without a SynchronizationContext the wait risks no deadlock, only a thread held while the task runs' } } : null;
}

/**
 * A wait in a member of a synchronous contract the workspace itself declares (rules/synchronousContracts.ts
 * workspaceContractOf: an implementation of its interface's member, an override of its base class's, a property
 * accessor of either) is information, where the code does not surely run on a SynchronizationContext: the wait is how
 * the member meets its API, and the fix, making that API async, changes every implementation and caller. Two seeded
 * readings (test/real-world/README.md, thirty-sixth and thirty-seventh sessions) judged every such warning they read
 * by design, in published libraries (a scheduler's synchronous properties, an exporter's synchronous send, a device
 * factory's Delete) and applications (a command's Execute, a report module's SendMessage). Where the code surely runs
 * on a context (a UI application or class library, a class library nobody publishes that a UI application hosts, a
 * Blazor component: project/synchronizationContext.ts surelyWithContext), the member may be called on that thread and
 * the wait deadlock there, so it stays a warning.
 */
function workspaceContractSeverity(ctx: RuleContext, body: MethodBody, contractOf: () => string | null): { maxSeverity: NonNullable<RuleFinding['maxSeverity']> } | null {
  if (ctx.testCode || ctx.library?.withContext || inBlazorComponent(ctx, body)) return null;
  const contract = contractOf();
  const name = memberInSentence(body.name);
  return contract ? { maxSeverity: { severity: 'information', reason: `${name} cannot await without changing its API: ${contract}, so blocking is how it meets that contract; making it async changes the contract, its implementations and every caller` } } : null;
}

function contractSeverity(body: MethodBody, contract: SynchronousContract): { severity: 'hint'; reason: string } {
  const name = body.kind === 'lambda' || body.kind === 'anonymousMethod' ? 'the function' : body.name;
  return { severity: 'hint', reason: `${name} cannot await: ${contract.reason}, so blocking is how it meets a synchronous contract; ${contract.remedy}` };
}

/** The workspace interface of the body's type (or of a base of it) that declares a method of the body's name, if any. */
function workspaceInterfaceDeclaring(ctx: RuleContext, body: MethodBody): string | null {
  const owner = body.containingType?.split('.').pop();
  if (!owner || body.kind !== 'method' || body.modifiers.includes('static')) return null;
  const family = typeFamily(ctx.index, owner);
  const declaring = methodsNamed(ctx.index, body.name, null).find((m) => m.typeName !== null && m.typeName !== owner && family.has(m.typeName)
    && typesNamed(ctx.index, m.typeName).some((r) => r.type.kind === 'interface'));
  return declaring?.typeName ?? null;
}

/**
 * The async twin the type around the body (or a workspace base) declares beside it, or null: `<name>Async`, or, for a
 * name that marks itself synchronous with a `Sync` word inside or at its end (`WithSyncCircuitBreaker`, `ExecuteSync`),
 * the name without it (or that with Async) when that method returns a task. A leading `Sync` is the verb (`SyncUsers`),
 * not the mark.
 */
function asyncTwinOf(ctx: RuleContext, body: MethodBody): string | null {
  const owner = body.containingType?.split('.').pop();
  if (!owner || body.kind !== 'method') return null;
  if (methodsNamed(ctx.index, `${body.name}Async`, owner).length > 0) return `${body.name}Async`;
  const unmarked = body.name.replace(/(?<=[a-z0-9])Sync(?=[A-Z]|$)/, '');
  if (unmarked === body.name) return null;
  const returnsTask = (name: string) => methodsNamed(ctx.index, name, owner).some((m) => m.body !== undefined && m.body !== null && TASK_RETURN_KINDS.has(m.body.returnKind));
  return [unmarked, `${unmarked}Async`].find(returnsTask) ?? null;
}

const TASK_RETURN_KINDS = new Set(['Task', 'TaskOfT', 'ValueTask', 'ValueTaskOfT']);

/**
 * An override keeps the synchronous signature of the member it overrides. When its own type also declares the async
 * twin (a Stream subclass's `Read` that blocks on its own `ReadAsync` override, which the seeded reading found), the
 * async counterpart exists already and the base cannot change: the override stays, and only its callers can move. A
 * twin only a base declares may still be the place to move the work to, so that case keeps the general title.
 */
function overrideFixTitle(ctx: RuleContext, body: MethodBody): string {
  const owner = body.containingType?.split('.').pop();
  if (owner && methodsNamed(ctx.index, `${body.name}Async`, owner).some((m) => m.typeName === owner)) return `${body.name} overrides a synchronous member and must stay synchronous: callers that can should await ${body.name}Async, which the type has too`;
  return `${body.name} overrides a synchronous member: await the task in an async counterpart instead (changes the base type and its callers)`;
}

export const rule: Rule = {
  meta: {
    id: 'ASY003',
    name: 'sync-over-async',
    category: 'blocking',
    defaultSeverity: 'warning',
    fix: 'display-only',
    equivalents: ['VSTHRD002', 'MA0045', 'S4462', 'xUnit1031'],
    summary: 'A non-async method blocks on a task with .Result, .Wait(), GetAwaiter().GetResult() or Task.WaitAll.',
    docs: `## What it does
Flags synchronous code that blocks on a task: \`.Result\`, \`.Wait()\`, \`.GetAwaiter().GetResult()\`,
\`Task.WaitAll(...)\` and \`Task.WaitAny(...)\` in a method, local function, lambda, accessor or constructor that is
not async, when the waited-on expression is a task (by its declaration, a workspace method's return type, a
Task factory or the Async naming convention). A call of a waiting helper of the workspace (an extension method of
tasks that blocks on the task it extends: \`LoadAsync().Await()\` for \`LoadAsync().GetAwaiter().GetResult()\`) is such
a wait at the call, with the exemptions of a wait written in place (a ContinueWith callback's antecedent, a completion
check around it) when the helper is named as one usually is (\`Await...\`, \`...Wait...\`, \`...Sync\`); the helper's own
wait is not reported, since its callers decide to block.

It stays quiet in an awaiter's own \`GetResult()\` (a type with \`IsCompleted\` and \`OnCompleted\`: \`await\` calls it
only once the awaited work has completed), in the End method of the Asynchronous Programming Model (\`EndRead(IAsyncResult)\`
beside a \`BeginRead\` that returns an IAsyncResult, or an override: blocking until the operation completes is that
method's documented contract), in \`Main\` and in top-level statements (a console app's entry point has no
SynchronizationContext to deadlock on and no caller to make async) and in a private method or local function only
the entry point calls, directly or through other such methods (it runs where Main does, once, at start-up), in the start function of a dedicated thread
(a lambda given to \`new Thread(...)\`, also a target-typed \`Thread t = new(...)\`, or to
\`Task.Factory.StartNew(..., TaskCreationOptions.LongRunning, TaskScheduler.Default)\`, whose default scheduler runs a
long-running task on a thread created for it, or a private method the file hands to either and never calls, also
one of two such methods a thread's start chooses between, \`new Thread(inProcess ? RunHere : RunSpawned)\`: the
thread exists to run it, starts without a context, and \`ThreadStart\` returns void, so there is no caller to make
async either), in a method only such starts call, directly or through other such methods (a supervisor loop and the
helper that waits for its next stopped worker; a custom
SynchronizationContext's message pump that each thread's lambda runs: a private method, or a member of a private
nested type, of a type declared in that file alone, every call of it in a thread's start, its name in no method
group or nameof, and no interface the type lists declaring it, or a local function every call of which is in a
thread's start, with no delegate of it handed out), on a task that only runs synchronous work on the thread pool (\`Task.Run(() => LoadAll())\` or
\`Task.Factory.StartNew(...)\` with a lambda that is not async and hands back no task, or with a method group of the type
whose every method of that name is not async and returns no task, waited on directly, through a
local assigned once, through a private field that every write fills with one (written in place or returned by a
method of the type: a poll loop that Dispose cancels and joins), or by a \`Task.WaitAll\` or \`Task.WaitAny\` whose every task is one, in an array written in place,
a list local filled only by \`tasks.Add(Task.Run(...))\` or a local assigned once from a projection whose selector returns
one (\`Enumerable.Range(0, n).Select(i => Task.Run(() => Work(i))).ToArray()\`), and, followed by the models of
any file, through workspace methods that are not async and return only such work (\`ScanCache.ForAssembly(a).Result\`
where the method returns a \`Task.Factory.StartNew\` of a scan), a continuation of such work whose callback is
synchronous too, on the default scheduler (\`ContinueWith\`, \`Task.Factory.ContinueWhenAll\`), a local declared with
one and never written again, a \`StartNew\` on a local \`new TaskFactory(TaskCreationOptions.LongRunning, ...)\` given no
scheduler but the default one, a workspace extension method that hands back the task it is given unchanged
(\`task.LogExceptions()\` that attaches a logging continuation and returns \`task\`), and a collection field only its file can name whose every value put in is one
(\`cache.GetOrAdd(key, k => Task.Factory.StartNew(() => Scan(k)))\`, waited as \`Task.WaitAll(cache.Select(e =>
e.Value).ToArray())\`): fork/join over synchronous code, with no asynchronous operation to wait for and no
continuation that needs this thread; a blocking call inside the lambda is reported there), on a \`Task.Delay(...)\` waited
on directly (\`Task.Delay(interval, token).Wait(token)\`: a sleep a token can cut short, with no asynchronous
operation behind it and no continuation that needs this thread), and where the syntax shows the task has
completed: awaited earlier in an enclosing async method, passed to an awaited \`Task.WhenAll\` (for example
\`tasks.Select(t => t.Result)\` after \`await Task.WhenAll(tasks)\`, also through operators that keep the elements
such as \`tasks.Where(...).Select(t => t.Result)\`, a lookup \`fetching[key]\` after \`await
Task.WhenAll(fetching.Values)\` or \`(fetching.Select(f => f.Value))\`, or after awaiting a local that holds the
\`Task.WhenAll(tasks)\`), an element of a sequence filtered for finished
tasks (\`tasks.Where(t => t.Status == TaskStatus.RanToCompletion).Select(t => t.Result)\`, directly or through a
local), guarded by \`IsCompleted\` or
\`IsCompletedSuccessfully\` (directly or through a bool local assigned once from such a check, or around every call
of the local function the wait is in, when it reads a task of the enclosing function), by a timed
\`t.Wait(timeout)\` or a bool helper named for waiting (\`if (!TryWait(t)) ThrowTimeout();\`), by a wait on the
task's own wait handle that says it was signalled (\`((IAsyncResult)t).AsyncWaitHandle\`, directly or through a local
assigned once: \`handle.WaitOne(timeout)\`, \`WaitHandle.WaitAny(new[] { handle, stopped }) == 0\` with the handle's
index, \`WaitHandle.WaitAll(...)\` true), by a \`Task.WaitAll\` with a timeout over an array written in place that holds the task
and returned true (\`if (!Task.WaitAll([output, errors], timeout)) return ...; use(output.Result)\`) or a \`Task.WaitAny\`
over one that returned the task's index (\`Task.WaitAny([done.Task, stop.Task], timeout) == 0 && done.Task.Result\`;
those waits are reported themselves), the element of an array at the index \`Task.WaitAny\` returned for it
(\`var i = Task.WaitAny(tasks); var done = tasks[i];\`, the WaitAny itself being the wait reported), in a switch on the
task's status (or a local holding it) for a finished state (an arm's \`when\` clause too), read through a cast of the task
(\`((Task<T>)task).Result\`) as through the task, inside a \`ContinueWith\` callback on the antecedent (or a Proto.Actor
\`ReenterAfter(task, ...)\` callback on its task, or a \`Task.Factory.ContinueWhenAny\` callback on the task it is given),
inside a \`Task.Factory.ContinueWhenAll(tasks, done => ...)\` callback on an element of its array (\`done[0]\`, an element
of the array written in place, or a lambda over it such as \`done.Select(t => t.Result)\`), a parameter read in the branch
its faulted and cancelled states leave (\`if (t.IsFaulted) ... else if (t.IsCanceled) ... else use(t.Result)\`, or
after an \`if\` that returns or throws on each, \`if (t.IsFaulted && t.Exception != null) { ...; return; } if
(t.IsCanceled) { ...; return; } use(t.Result)\`, or a switch on the task whose
earlier cases match \`{ IsCanceled: true }\` and \`{ IsFaulted: true }\`: a callback given the task once it has
finished, as stream stages' are), created complete (or held by a local initialised so and never assigned again), or already
waited for to the end by an earlier \`Task.WaitAll(a, b)\` or \`t.Wait()\` without a timeout (that wait is the one
reported). \`(c ? a : b).Result\` counts as complete when both arms do. A task from a dual-path call with its
async flag false is complete by contract: a workspace method's \`bool async\` parameter (\`Read(false)\`,
\`Read(async: false)\`), or a workspace delegate's (\`handler(this, line, false)\` where the delegate type declares
\`bool doAsync\` in that position, as a protocol engine's handlers serve its synchronous and asynchronous loops).
So is a call that passes a workspace enum's member as a mode (\`GetUserAsync(id, CacheMode.CacheOnly)\`) to methods
each of which either hands back a completed task or, for that mode, never reaches an await: every await sits in a
branch the mode rules out (\`if (mode == CacheMode.AllowDownload) return await ...;\`) or a return before the first
await runs for it (\`if (user is not null || mode == CacheMode.CacheOnly) return user;\`). Through a public interface
or virtual member the workspace's implementations decide, the mode being the member's own contract; an implementation
that throws instead of handing back a task (a stub's \`throw new NotSupportedException();\`) blocks no waiter and
leaves the judgement to the others. A conditional receiver (\`channel?.GetUserAsync(...)\`) is judged as a plain one.
So is a wait on a task parameter of a function that only workspace helpers call, each after awaiting the task it
passes there (\`await task; continuation.Invoke(task, state);\`), the function handed over by name (a method group,
\`&Complete\`), as a lambda, or inside a wrapper struct that keeps it and calls it with its own parameters.
In test code it leaves alone a wait on the asynchronous branch of a \`bool async\` parameter (\`if (async) {
subject.RenameAsync(id, name).GetAwaiter().GetResult(); } else { subject.Rename(id, name); }\`, the true arm of
\`async ? ... : ...\`, or after \`if (!async) { ...; return; }\`, also inside a lambda written there): a theory that runs
once per mode and blocks on the asynchronous half of a paired API to share one synchronous body and its assertions,
as drivers with synchronous and asynchronous twins test them. In production code the same wait is reported.
\`Result\` properties of types that are not tasks are never flagged.

A wait in a synchronous twin (a method whose type, or a workspace base, declares the same name with the Async
suffix: \`Publish\` beside \`PublishAsync\`, \`Dispose\` beside \`DisposeAsync\`, a Stream's \`Read\` beside its
\`ReadAsync\`; or a method whose name marks it synchronous, beside the task-returning method named without the mark:
\`WithSyncCircuitBreaker\` beside \`WithCircuitBreaker\`, \`ExecuteSync\` beside \`Execute\` or \`ExecuteAsync\`) is shown as a hint (faint dots in the editor, out of the Problems panel) rather than a warning, and its note says so: the twin exists for callers
that cannot await, so blocking is its design, and the finding is there for the callers that could use the async one.
A wait in a function whose signature is a synchronous contract declared outside the workspace is shown as a
hint in the same way: an override of a .NET or package type's member (\`Stream.Flush\`, a property getter,
\`SynchronizationContext.Send\`), an implementation of an outside interface's member (\`IDisposable.Dispose\`,
\`IFileProvider\`'s \`CreateReadStream\`, a public property or indexer such as \`ICollection<T>.Count\` or \`IList<T>\`'s
indexer, also through a workspace interface that extends the outside one), the dispose pattern's \`Dispose(bool)\`, and a factory lambda a .NET API
calls synchronously (ConcurrentDictionary's \`GetOrAdd\`). Such a function cannot await, so the fix is in its callers,
which can use the contract's asynchronous counterpart where it has one (\`FlushAsync\`, \`IAsyncDisposable\`). A
lambda handed to any other API (a LINQ predicate, which an async loop could replace) stays a warning. A wait in a
member of a synchronous contract the workspace declares (an implementation of its own interface's member, an
override of its own base class's, a property accessor of either) is shown as information: the wait is how the member
meets the maintainers' API, and making it async changes that API, every implementation and every caller. Where the
code surely runs on a SynchronizationContext (a UI application or UI class library, a class library nobody publishes
that such an application hosts, a Blazor component) it stays a warning, since the member may be called on that
thread and the wait deadlock there; \`asynclens projects\` prints "SynchronizationContext: yes" for such projects. A wait in a method
ASP.NET Core's host finds by name on a startup class and calls synchronously is shown as a hint too: a public \`Configure\` (or
\`ConfigureDevelopment\` ...) that takes an \`IApplicationBuilder\`, which must return void, and a public
\`ConfigureServices\` that takes an \`IServiceCollection\`; the note says the work can move to an async \`Main\`
before the host runs, or to a hosted service whose \`StartAsync\` the host awaits. A method that only shares the name
(without those parameters, or not public) stays a warning.
A wait in a console tool's code is shown as information: a console application (OutputType Exe) with no UI
framework, no ASP.NET Core server, no worker SDK, no service host package (Microsoft.Extensions.Hosting, Topshelf) of
its own or in a project it references, no name whose last word says it serves (Server, Service, Daemon, Agent,
Host, Worker) and no code at the top of its folder that says it runs until stopped (a \`Console.CancelKeyPress\` or
\`ProcessExit\` subscription, a generic host or WebApplication builder), or a class library that only such tools run. An installer or a command-line front end runs one flow of
work its user started, so the wait holds the thread that would wait anyway, with no context to deadlock on and no
request load to starve the pool; making it async means making the tool's synchronous chain, Main included, async.
A wait in other code that runs without a SynchronizationContext is shown as information too: an ASP.NET Core, worker
or console application, a class library only they host (not a published one, which anybody's UI may call), and a
function handed to \`Task.Run\` (not a Blazor component's code, which has its renderer's context). There the wait
cannot deadlock; it holds a pool thread while the task runs, which costs under load, and the remedy is usually an
async chain up through a synchronous API. The note says which of the two applies. A class library that both a UI
application and such applications host (a command-line library a tray application references for its option
parser) is judged per file: a file the UI application's code reaches, through the types its code names and theirs,
may run on its UI thread; any other file runs only where there is no context, and the note names both hosts.
A severity set for ASY003 in settings or .editorconfig shows these at that severity too.

## Why is this bad?
Blocking on a task from synchronous code ("sync over async") holds the calling thread for the task's whole
duration. Where a SynchronizationContext runs continuations on one thread (UI apps, classic ASP.NET, some
test runners) it deadlocks: the task's continuation needs the very thread that is waiting for it. On the
thread pool, each blocked caller ties up a thread the task itself may need, and under load the pool starves.

The note says which of the two the project risks. In an ASP.NET Core application, a worker service (the generic
host) or a console application, which install no SynchronizationContext, and in a class library nobody publishes
whose every application is one of those (\`asynclens projects\` prints the reason as "SynchronizationContext: none"),
the wait cannot deadlock on a context, and the note says so; it is still reported as a warning, since a thread held
per request is what starves an ASP.NET Core server under load (Microsoft's ASP.NET Core best practices: "Avoid
blocking calls"). A Blazor component (a type derived from \`ComponentBase\`, or a \`.razor.cs\` code-behind file)
runs on its renderer's context even there, and a published library runs in any application, UI ones too: their
notes keep the deadlock. A wait inside the function handed to \`Task.Run\` runs on a thread-pool thread, which has no
context in any application, and its note says so too, as does the note of a wait on a task \`Task.Run\` started
(\`Task.Run(async () => await CloseAsync()).Wait()\`, or a local assigned once from such a call, or a private field
that every write fills with one: \`_first = Task.Run(FetchAsync);\` in a constructor, waited later), whose awaits
resume on the pool whatever context the waiting thread has. A wait on a \`TaskCompletionSource\`'s task (\`tcs.Task.Wait()\`,
\`tcs\` typed as one) needs no continuation on the waiting thread: the task completes when other code sets it (a socket
callback, a cancellation registration), so the note says it deadlocks only if that code has to run on this thread.
A wait whose every task is .NET's own I/O that the waiting code started (\`process.StandardOutput.ReadToEndAsync()\`,
\`File.ReadAllTextAsync(path)\`, a socket's or a process's task, written in the wait or held by a local assigned once)
cannot deadlock either: the .NET libraries configure their awaits, so the task never needs the waiting thread. The
note says so, and the finding is shown as information, unless the code surely runs on a SynchronizationContext (a UI
application's), where the wait freezes the UI thread while the I/O runs. A Stream's or a TextReader's own async
methods do not count (a subclass the workspace writes may override them), nor does a wait that also waits on a
workspace method's task.
A wait on a workspace method whose every await on the way to the task's completion uses \`ConfigureAwait(false)\` (its
own awaits, and those of the workspace methods it awaits, which start on the waiting thread) cannot deadlock on a
context either: no continuation needs the waiting thread. The note says so, and the finding is information unless the
code surely runs on a SynchronizationContext. An await of a workspace extension that returns its task with \`ConfigureAwait(false)\` (\`task.ForAwait()\`) counts as configured. One await without \`ConfigureAwait(false)\` on the way (an
\`await Task.Yield()\` included) keeps the deadlock and the warning. A private field is followed through every value
its type gives it (\`_listing = offline ? Task.CompletedTask : ResolveAsync();\`); a task held in a parameter, or a
call through an interface code outside the workspace may implement, is not followed.
A wait on work \`Task.Run\` started is information as well, unless the code surely runs on a SynchronizationContext.
And where the code does not surely run on one, a wait is a warning only when the chain shows an await that resumes on
the caller's context (an await without \`ConfigureAwait(false)\` in a workspace method on the way); where the chain
cannot be read to its end (a package's method, a dispatch the workspace cannot close, a task held in a parameter) no
deadlock is shown, and the finding is information whose note keeps the condition under which it would deadlock.

## Example
\`\`\`csharp
using System.Threading.Tasks;

class PriceClient
{
    public async Task<decimal> GetPriceAsync(string sku)
    {
        await Task.Delay(10);
        return 9.99m;
    }

    public decimal GetPrice(string sku) => GetPriceAsync(sku).Result;
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Threading.Tasks;

class PriceClient
{
    public async Task<decimal> GetPriceAsync(string sku)
    {
        await Task.Delay(10);
        return 9.99m;
    }

    public async Task<decimal> GetTotalAsync(string sku, int quantity) => await GetPriceAsync(sku) * quantity;
}
\`\`\`

## Fix safety
Display-only. The remedy is to make the method async and await the task, which changes its signature and
every caller up the chain (or, for a constructor, to move the work into an async factory method; an operator, which
cannot be async, into an async method its callers call instead; an override, whose signature is its base's, into
an async counterpart, or, when its type has the async twin already, as a Stream subclass's \`Read\` beside its
\`ReadAsync\` override, nowhere: its callers that can should await the twin; a method that implements a member of an
interface the workspace declares, with the interface's member, its implementations and callers; a lambda given to NUnit's
\`Assert.Throws\` or \`Assert.Catch\`, which take a delegate that returns void and would make an async lambda async
void, into an async lambda given to \`Assert.ThrowsAsync\` or \`Assert.CatchAsync\`; a projection that only reads each
task's result, \`.Select(t => t.Result)\`, whose lambda made async would hand back the tasks again, into
\`await Task.WhenAll\` over the tasks, and \`.SelectMany(t => t.Result)\`, whose lambda cannot be async at all, into
that await with the results flattened after it; a lambda that another library's method takes as a delegate returning
void (\`CancellationToken.Register\`'s Action, \`List<T>.ForEach\`'s), which made async would be async void, so that
nothing waits for its rest, into code that can await the work, or nowhere; a void event handler outside UI code, which made async would be
async void, whose escaping exception ends the process and whose awaits let the event source raise the next event
before this one's work ends, into a loop that awaits each item in order, or nowhere). That is a
design change across files that a person must make; the rule only describes it. Where the waited task comes from a
framework call whose synchronous twin does the same work (\`Dns.GetHostAddressesAsync(host).Result\`,
\`File.ReadAllTextAsync(path).GetAwaiter().GetResult()\`: the static calls of ASY002's table, with the arguments the
twin takes unchanged and no cancellation token or wait timeout), the title says to call the twin instead: one name
changes, and the thread still blocks, but on the work itself rather than on a task whose continuation needs another.

## Limitations
Without a compiler the rule does not know types. It flags a wait when the workspace's declarations, a Task
factory, the Async suffix, an \`AsTask()\` conversion or a task-like name say the receiver is a task, so a \`.Result\` or \`.Wait()\` on a
task returned by a library method without the Async suffix is missed. Whether a context exists is decided
per project, from its SDK, OutputType and references: a console application that installs one itself (a
hand-written message loop; the packages that do are listed in knowledge/contextPackages.ts) is taken to have none,
and a method of a published library that only ever runs on the thread pool still gets the deadlock clause. It cannot see completion that the syntax does not show. A mode kept in a
readonly field (\`IOBehavior m_ioBehavior\`, set by the constructor from its parameter) is not followed as a constant
mode argument is: both modes reach the object when its creator passes its own mode on, and whether the framework
calls the synchronous override only in the synchronous mode (a NegotiateStream over the stream) is not in view. Synchronous lambdas
inside \`Main\` are checked like any other non-async body. A helper only \`Main\` calls is left alone even when a form
or window Main created before the call has installed a UI context, as a wait in Main itself is.`,
  },
  check(ctx: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = [];
    // The file's masked text, made once and only when a body's contract is asked about.
    let masked: string | undefined;
    for (const body of syncBodies(ctx)) {
      const twin = asyncTwinOf(ctx, body);
      // Asked once per body, and only for one with a wait to report: it reads the signatures.
      let contract: SynchronousContract | null | undefined;
      const contractOf = () => (contract === undefined ? (contract = twin ? null : synchronousContractOf(ctx, body, (masked ??= maskCommentsAndStrings(ctx.text)))) : contract);
      // The contract of the workspace's own the body meets (workspaceContractOf), asked once too: the severity and an
      // accessor's fix title both read it.
      let ownContract: string | null | undefined;
      const ownContractOf = () => (ownContract === undefined ? (ownContract = workspaceContractOf(ctx, body, (masked ??= maskCommentsAndStrings(ctx.text)))) : ownContract);
      for (const wait of waitsOf(ctx, body)) {
        // A waiting helper's own wait: its callers' waits are reported where they call it (waitingHelpers.ts).
        if (isHelperOwnWait(body, wait)) continue;
        if (drivesAsyncApiFromSyncTest(ctx, wait)) continue;
        const evidence = waitedTaskEvidence(ctx, body, wait);
        if (!evidence || evidence.verdict !== 'task') continue;
        if (runsSynchronousWork(ctx, body, wait) || sleepsOnDelay(wait)) continue;
        const synchronousBy = contractOf();
        const initializerOf = (name: string) => onlyAssignmentOf(ctx, body, name)?.initializerText ?? null;
        const io = contextFreeIoOf(ctx, body, wait, initializerOf);
        // The note and the severity both ask whether Task.Run started the waited work.
        const pool = startedOnThreadPool(ctx, body, wait);
        // Followed only when a note or a severity asks: it resolves calls across the workspace.
        let chainVerdict: ChainVerdict | undefined;
        const valuesOf = (name: string) => {
          const one = initializerOf(name);
          return one !== null ? [one] : privateFieldValues(ctx, body, name);
        };
        const chain = () => (chainVerdict ??= waitedChainOf(ctx, body, wait, valuesOf));
        findings.push({
          span: waitSquiggle(ctx.text, wait),
          message: `${quoted(ctx.text.slice(wait.span.start, wait.span.end))} blocks the thread on a task (sync over async)`,
          note: `Sync over async in ${describeSyncBody(body)}: the thread waits ${waitsUntil(wait)}${riskOf(ctx, body, wait, pool, io, chain)}. Why this is a task: ${evidence.reason}${helperNote(wait)}.`,
          bodyId: body.id,
          fix: { title: synchronousTwinFixTitle(ctx, wait) ?? withAwaitObstacle(ctx, body, wait, fixTitle(ctx, body, twin, () => (masked ??= maskCommentsAndStrings(ctx.text)), ownContractOf)), safety: 'display-only', edits: [] },
          ...(twin ? { maxSeverity: twinSeverity(body, twin) } : synchronousBy ? { maxSeverity: contractSeverity(body, synchronousBy) } : contextFreeSeverity(ctx, body) ?? threadPoolSeverity(ctx, body, pool) ?? contextFreeIoSeverity(ctx, body, io) ?? configuredChainSeverity(ctx, body, chain) ?? workspaceContractSeverity(ctx, body, ownContractOf) ?? unshownDeadlockSeverity(ctx, body, chain)),
        });
      }
    }
    return findings;
  },
};
