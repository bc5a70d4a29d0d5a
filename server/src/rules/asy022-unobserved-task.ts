/** ASY022 unobserved-task: a call whose Task is dropped, neither awaited, stored, returned nor passed on. */
import type { CallSite, FileModel, MethodBody } from '../model/types';
import { intentionalDropOf, specificationLambdaOf } from '../knowledge/fireAndForget';
import { importsNamespace, isConditionalCall, receiverTypeOf } from './asy001-004-blocking-common';
import { throwAssertionOf } from '../knowledge/throwAssertions';
import { whyAwaitIsNotAllowedAt } from './awaitContext';
import { callResultOf } from './taskResults';
import { applicableCandidates, callCandidates, everyDeclaredBody, type CallCandidate } from './callTargets';
import { mayReturnNullTask } from './nullTasks';
import { returnsKeptTask, returnsOnlyCompletedTasks, returnsOnlyFaultedTasks } from './keptTasks';
import { derivedMembersNamed } from '../workspace/completion';
import { bodyOf, containerOf, stripGenerics } from '../workspace/index';
import type { Fix, Rule, RuleContext, RuleFinding } from './types';
import { quoted } from './messageText';
import { fireAndForgetHelperOf } from './fireAndForgetHelpers';
import { voidDelegateTargetOf } from './asy021-async-lambda-to-void';
import { hasEventHandlerSignature, implementsInterfaceMember, mayImplementUnknownInterface, namesInterfaceExplicitly, voidWorkspaceBaseOf } from './callbackSlots';
import { maskCommentsAndStrings } from './sourceText';
import { dropInIgnoringTry } from './tryClauses';
import { skipWhitespace } from '../model/syntax';
import { handsBackFaultFreeTask } from './faultFreeTasks';
import { rendersOwnComponent } from './faultFreeCalls';
import { trackerOfReturnedTask } from './trackedTasks';
import { isTaskDelay } from './shortPauses';
import { canBeOverridden } from './factoryResults';

const docs = `## What it does
Flags a statement that calls a method returning \`Task\` or \`Task<T>\` and drops the task: no \`await\`, no
assignment (\`_ = ...\` included), no \`return\`, not passed on. It looks at every function, async or not,
lambdas and local functions included, and at a dropped \`X().ConfigureAwait(false);\` too (an await whose
\`await\` was forgotten, which the compiler's CS4014 misses because a configured awaitable is not a task).

The task type is known from the workspace's declarations and the API signature database; a call whose return
type neither says is not reported. \`ValueTask\` results are ASY024's.

It also flags the task an expression-bodied, non-async lambda returns when the lambda is converted to a delegate
that returns void: \`items.ForEach(i => SaveAsync(i))\`, \`Array.ForEach(files, f => DeleteAsync(f))\`,
\`Parallel.ForEach(...)\`, a \`new Timer(_ => RefreshAsync())\` callback, an \`Action\` parameter the workspace or the
signatures declare, a typed event's \`+=\`. The compiler accepts it (a call is a valid statement body) and the task
is dropped in the conversion, silently. An \`async\` lambda in the same place is ASY021's: it becomes async void
instead, and only one of the two rules reports a lambda. A lambda handed to NUnit's \`Assert.Throws\` or
\`Assert.Catch\` (knowledge/throwAssertions.ts) whose call binds only to workspace methods that are not async is left
alone: it tests a guard that throws before any task exists (\`Assert.Throws<InvalidOperationException>(() =>
stopped.Send(message))\`), a task exists only when the call does not throw, and then the assertion fails the test.
One whose call is async (its exception goes into the task, which the assertion never sees) or goes through an
interface is still reported.

Left alone, as the peers' known false alarms: \`_ = SaveAsync();\` (a discard says "on purpose"),
\`Task.Run(...)\` and \`Task.Factory.StartNew(...)\` statements (they exist to start work without waiting for
it), \`.ContinueWith(...)\` (the continuation observes the task), NSubstitute's \`sub.Received().SendAsync(...)\`
checks and the calls in a lambda NSubstitute records rather than runs (\`Received.InOrder(() => { sub.A(); sub.B();
})\`, \`sub.When(x => x.SendAsync(...))\`: each names a call to check or configure), StackExchange.Redis calls with \`CommandFlags.FireAndForget\`, commands queued on a StackExchange.Redis
\`ITransaction\` (\`tran.HashSetAsync(...);\` before \`await tran.ExecuteAsync()\`: their tasks complete only when the
transaction runs, so awaiting one first never returns; a batch's commands stay reported), a fire-and-forget helper the
workspace declares (\`SaveAsync().Forget()\`: the task is passed on), and a chaining extension method that hands its
receiver back (Shouldly's \`pending.ShouldNotBeNull();\`, typed \`T M<T>(this T value)\`: the task is the receiver's,
made and kept elsewhere). A dropped assertion task is reported: \`Should.NotThrowAsync(act);\` without \`await\`
never finishes its check.

Left alone as well: a call to workspace methods that may all return a null task (\`return null;\`, a null branch of
\`?:\`, or a returned call to such a method). Code written before ValueTask used null for "finished
synchronously" (Microsoft.Data.SqlClient's TDS writer), and its callers drop the task where they know there is none;
the await this rule asks for would throw on the null. ASY023 reports the null where it is returned. And \`Interlocked.Exchange\` or
\`CompareExchange\` on a Task field: it returns the task the field held before, and dropping that starts nothing.
Nor \`GetOrAdd\` or \`AddOrUpdate\` on a \`ConcurrentDictionary\` of tasks: they return the value the dictionary holds
for the key, and the task stays there for the code that reads the key.
A call to workspace methods that all hand back a task they keep in a field of their type is left alone too
(\`return _load ??= Task.Run(Load);\`, \`return _prepare = Task.Run(...)\`, the field itself once set, the task of a
TaskCompletionSource field, \`return _runPromise.Task;\`, which every call hands back, or a completed task): the type
observes that task later, or hands the same task to its other callers, so a caller that only starts the work (\`BeginLoad() =>
LoadAsync();\`) drops a reference, not the task.
A call to workspace methods that all hand back a task that cannot fault is left alone as well: each return is a
completed task, a task the method starts with \`Task.Run\` or \`Task.Factory.StartNew\` over a lambda whose whole body
is one try that catches everything (\`return Task.Run(async () => { try { await FetchAsync(); } catch { } });\`) or
over \`() => Perform(request)\` where \`Perform\` returns no task and its whole body is such a try, the task of a
TaskCompletionSource the method creates in a local and only ever gives a result (\`return answer.Task;\`, every other
mention of \`answer\` a \`SetResult\` or \`TrySetResult\`), or a call to another such method. Such a method is its type's fire-and-forget entry point: its work reports results and failures
some other way (a callback, an event, a log), and there is no exception to lose. Through an interface or a virtual
member, every implementation the workspace declares must be one (or return a completed task). osu!framework's
\`LoadComponentAsync\` is one of the intentional drops above: its task hands the load's exception to the update
thread's scheduler and never faults.
A Blazor component's own render request dropped in its code (\`void OnThemeChanged(object? s, EventArgs e) =>
InvokeAsync(StateHasChanged);\`, in a type deriving from ComponentBase, LayoutComponentBase or OwningComponentBase) is
left alone too: it only queues a render on the component's dispatcher, the renderer handles what rendering throws, and
the handler means to go on before the render runs, so there is nothing to wait for and no exception to lose.
A call to workspace methods that all hand the task they return to a tracker first is shown as a **hint** that names
the tracker: each creates the task in a local, passes it to a workspace method that keeps it (awaits it, or hands it to
a member of a field whose type is a workspace type or a collection: \`_inFlight.AddTask(task)\`, \`_pending.Add(task)\`)
and returns the same local, directly or through one-line delegations (\`=> LogImplAsync(...)\`). The tracker holds the
task for the code that waits for it (a runner that awaits its registered tasks before it exits), so the caller's copy
adds nothing. Through an interface, every implementation the calling project can see must do so; a test project's
double of the interface does not count, since production code never runs it.
A call to workspace methods that all return only completed tasks (\`Task.CompletedTask\`, \`Task.FromResult(x)\`) and
that nothing can override (not virtual, abstract or override) is still reported, since the method may start doing
asynchronous work later, but the message no longer says an exception is lost: the work is done when the call returns
and a failure throws at the call. A call whose every target returns only a faulted task (\`Task.FromException(...)\`,
a base's "not in this state" default) is reported as a call that never does its work: the drop hides the exception
that says why. A virtual default counts only where the receiver's type is known and no workspace type deriving from it
declares a member of that name.

## Why is this bad?
The caller goes on while the work runs: the next statement may read state the task has not written yet, the
method may return (and a \`using\` dispose what the task still uses) before it finishes, and an exception the
task ends with is never observed. No one learns that the save failed.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class AuditLog
{
    public async Task RecordAsync(string path, string line)
    {
        File.AppendAllTextAsync(path, line);
        await Task.Yield();
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class AuditLog
{
    public async Task RecordAsync(string path, string line)
    {
        await File.AppendAllTextAsync(path, line);
        await Task.Yield();
    }
}
\`\`\`

## Fix safety
In an async function the fix adds \`await\`. It is **unsafe**: the function now waits where it did not, and an
exception of the task now propagates from this statement. It is not offered inside a \`lock\` (no await may be
there) or for \`x?.SaveAsync()\` (awaiting null throws): there the title says to await only when there is a task
(check the receiver first, or \`await (x?.SaveAsync() ?? Task.CompletedTask)\`).
Where the workspace has its own helper for tasks nobody awaits (an extension method of Task or ValueTask that returns
void and does not block, \`task.CatchAndLog()\`, called at least twice), the display-only title names it.
A dropped \`Task.Delay(...)\` is reported for what it does: it pauses nothing (the code after it runs at once, and a
retry loop spins), and has no exception to lose. Its fix awaits it in async code; in synchronous code a one-argument
delay becomes \`System.Threading.Thread.Sleep(...)\` (**unsafe**: the thread now blocks for the time, as the author
presumably meant), and a delay with a token is left to the author.

Elsewhere the fix is **display-only**: make the function async and await, or write \`_ = SaveAsync();\` if
firing and forgetting is the intent, and then catch the task's exception inside it. In a constructor, an accessor or
an operator, which C# does not let be async, and in a void override, it offers only the discard or observing the task;
so it does in a lambda that is not async and is given where a delegate that returns void goes (an event's handler, an
\`Action\` of a type the workspace does not declare), where an async lambda would be async void (ASY021): the title
says to await there only inside a try/catch that takes every exception.

A drop in a synchronous void override or implementation of a member the workspace itself declares void, as a contract
at least two of its types fulfil (an abstract state's \`public abstract void OnReady(...)\` that each state overrides, a
listener interface's \`void OnMuted(...)\`, implemented by a public method or explicitly, with the same parameter
types), is shown as **information**: the await needs that member to return Task, and every override, implementation
and caller to change with it, a redesign of the workspace's own synchronous contract rather than a fix at this line
(Jellyfin's SyncPlay states drop their best-effort broadcasts so, under the group's lock). The note names the member.
The base's own virtual body, a method whose signature returns Task, an interface with a single implementation (a seam
for injection, whose member can return Task as easily as a method of the class), and an override or implementation of
a member a framework or package declares (\`Dispose\`, a UI framework's \`OnAppearing\`) keep the warning.

A drop that is the only statement of a \`try\` whose catch takes every exception and does nothing (\`try {
Notify(); } catch { }\`, \`catch (Exception) { }\`, no filter) is shown as **information**: the author means failures
to be ignored, and a dropped task ignores them too, but not through the catch, which never sees the task's fault (the
call returns once the work has started, and the exception goes into the task). The note says so; the fix is the
discard that says the drop is meant (\`_ = Notify();\`), or in async code the await inside the try, where the catch then
takes the fault. So is a drop followed in its try only by a \`return\` of a value that cannot throw, whose
catch-all does nothing but return one (\`try { Notify(); return Task.CompletedTask; } catch { return
Task.CompletedTask; }\`). A catch that does something else, a catch of one type, a filter, or another statement in
the try keeps the warning.

In a synchronous void method with an event handler's signature (\`(object? sender, EventArgs e)\`), the display-only
title offers the discard or observing the task, and an await only inside a try/catch that takes every exception: made
async, the handler would be async void (ASY020).

## Limitations
- A call on a receiver whose type the workspace and the signatures do not know is not reported, even when its
  name ends in Async.
- A call through a public interface whose every workspace implementation hands back a task that cannot fault is
  left alone, although code outside the workspace could implement the interface otherwise. A TaskCompletionSource
  kept in a field, or handed to other code, is not followed: whoever holds it may give it an exception.
- A workspace method that returns a completed task (\`Task.CompletedTask\`) is still reported: dropping its task
  is harmless today, but the next change to it may not be.
- \`void Fire() => SaveAsync();\`, an expression-bodied void method or local function, drops the task the same way
  and is reported.
- A tracker is taken at its word: a method that adds the task to a collection field is trusted to have code that
  waits for the collection's tasks, which is not checked. A task registered only on some path, or stored in a field
  by assignment (\`_last = task\`), is not recognised as tracked.
- A void delegate is recognised where ASY021 recognises one (workspace declarations and the signature database);
  a lambda given to a method neither knows is not reported.
`;

/** The call to type: the one under a dropped `.ConfigureAwait(...)`, whose own CallSite is also recorded. */
function isConfigureAwait(call: CallSite): boolean {
  return call.name === 'ConfigureAwait';
}

/**
 * A lambda given to a call that records the calls made in it (NSubstitute's `Received.InOrder(() => ...)`,
 * `sub.When(x => x.SendAsync(...))`: knowledge/fireAndForget.ts SPECIFICATION_LAMBDAS): its calls specify, they start no work.
 */
function recordsItsCalls(ctx: RuleContext, body: MethodBody): boolean {
  const target = body.delegateTarget;
  if (target?.kind !== 'argument' || target.call?.kind !== 'invocation') return false;
  return specificationLambdaOf(target.call, fileNamespaces(ctx)) !== undefined;
}

/**
 * A dropped `Task.Delay(...)`: the delay is a timer's task, with no exception to lose (a cancelled one is all it can
 * end as), and dropped it pauses nothing: the code goes on at once, and a loop meant to wait spins. The second seeded
 * reading of the thirty-eighth session found the lost-exception message on a synchronous client's `Task.Delay(100);`
 * whose pause never happened. The fix: await it in async code; in synchronous code, Thread.Sleep pauses the thread.
 */
function droppedDelayFinding(ctx: RuleContext, body: MethodBody, call: CallSite, code: string): RuleFinding {
  const notAllowed = whyAwaitIsNotAllowedAt(ctx, body, call.span.start);
  // The edit writes over the receiver and the name, so the call must start with its receiver as written (`Task.Delay`).
  const writtenFromReceiver = call.receiver !== null && ctx.text.startsWith(call.receiver, call.span.start);
  const oneArgument = call.argumentTexts.length === 1 && !/[Tt]oken|[Cc]ancel/.test(call.argumentTexts[0]);
  const fix: Fix = body.isAsync && notAllowed === null
    ? { title: 'Await the delay', safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.start, newText: 'await ' }] }
    : !body.isAsync && oneArgument && writtenFromReceiver
      ? { title: 'Pause the thread with Thread.Sleep instead (or remove the delay)', safety: 'unsafe', edits: [{ start: call.span.start, end: call.nameSpan.end, newText: 'System.Threading.Thread.Sleep' }] }
      : { title: body.isAsync ? 'Await the delay' : 'Pause with Thread.Sleep, or make the method async and await the delay', safety: 'display-only', edits: [] };
  return {
    span: call.span,
    message: `${quoted(code, 45)} is dropped: nothing waits for the delay`,
    note: 'Task.Delay returns a task that completes when the time has passed; it pauses only code that waits for that task. Dropped, it pauses nothing: the statements after it run at once, and a loop meant to wait between tries spins.',
    bodyId: body.id,
    fix,
  };
}

function droppedConfigured(ctx: RuleContext, call: CallSite): boolean {
  return /^\s*\.\s*ConfigureAwait\s*\(/.test(ctx.text.slice(call.span.end, call.span.end + 40));
}

function fixFor(ctx: RuleContext, body: MethodBody, call: CallSite): Fix {
  const notAllowed = whyAwaitIsNotAllowedAt(ctx, body, call.span.start);
  if (body.isAsync && notAllowed === null && !isConditionalCall(ctx.text, call)) {
    return { title: 'Await the task', safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.start, newText: 'await ' }] };
  }
  // Where no await can go (inside a lock, an unsafe context, a query), or where the method cannot become async (an
  // override keeps its base's void), only an explicit discard, or code that observes the task, is left.
  const noAwait = notAllowed ?? cannotBecomeAsync(body) ?? fixedVoidSignature(ctx, body) ?? voidDelegateLambda(ctx, body) ?? voidEventHandler(ctx, body);
  // The code base's own helper for tasks nobody awaits, where it has one, is the fix its maintainers use.
  const helper = fireAndForgetHelperOf(ctx.index);
  const observe = helper ? `call .${helper}() on it, the workspace's helper for tasks nobody awaits, or assign it to _ to fire and forget on purpose` : null;
  if (noAwait !== null) return { title: observe ? `${observe[0].toUpperCase()}${observe.slice(1)} (${noAwait})` : `Assign the task to _ to fire and forget on purpose, or observe its exceptions (${noAwait})`, safety: 'display-only', edits: [] };
  // `await x?.M()` awaits null where x is null and throws a NullReferenceException the call site never threw (the
  // seeded reading of the thirty-eighth session found 'Await the task' on MudBlazor's `_inputReference?.SetText(Text)`).
  if (body.isAsync && isConditionalCall(ctx.text, call)) {
    return { title: 'Await the task, and only when there is one: the ?. gives null when its receiver is null, and awaiting null throws (check the receiver first, or await (... ?? Task.CompletedTask))', safety: 'display-only', edits: [] };
  }
  return { title: body.isAsync ? 'Await the task' : observe ? `Make the method async and await the task, or ${observe}` : 'Make the method async and await the task, or assign it to _ to fire and forget on purpose', safety: 'display-only', edits: [] };
}

/**
 * Why a synchronous method cannot become async, or null: an override keeps its base's return type, and an
 * implementation of an interface member its interface's (`IDisposable.Dispose`: the fifth seeded reading found "make
 * the method async" offered inside a Dispose's catch; the seventh, inside an override of OpenTelemetry's
 * `BaseExporter<T>.Export`, which returns `ExportResult`, where `async` would need `Task<ExportResult>`). One that
 * already returns a task could become async without changing its signature, and is left to the other reasons.
 */
function fixedVoidSignature(ctx: RuleContext, body: MethodBody): string | null {
  if (body.isAsync || body.kind !== 'method' || (body.returnKind !== 'void' && body.returnKind !== 'NotAsyncReturn')) return null;
  const kept = body.returnKind === 'void' ? 'void' : `return type ${body.returnTypeText?.trim() ?? ''}`.trim();
  if (body.modifiers.includes('override')) return `an override keeps its base's ${kept}`;
  if (namesInterfaceExplicitly(ctx.text, body) || implementsInterfaceMember(ctx, body)) return `${body.name} implements an interface member, which keeps its ${kept}`;
  return null;
}

/**
 * Why a lambda that is not async should not simply become async, or null: it is given where a delegate that returns
 * void goes (an event's handler, an Action), whose type the workspace cannot change, so an async lambda there is async
 * void (ASY021) and its exceptions reach no caller. The fifth seeded reading of the fortieth session found "make the
 * method async" offered inside v2rayN's `downloadHandle.Error += (sender, args) => { ... }`.
 */
function voidDelegateLambda(ctx: RuleContext, body: MethodBody): string | null {
  if (body.isAsync || (body.kind !== 'lambda' && body.kind !== 'anonymousMethod')) return null;
  const target = voidDelegateTargetOf(ctx, body, false);
  if (!target || target.workspaceCallee) return null;
  return `the lambda cannot return a task, since ${target.description}; made async it would be async void (ASY021), so await there only inside a try/catch that takes every exception`;
}

/**
 * Why a synchronous void method with an event handler's signature (`(object? sender, EventArgs e)`) should not simply
 * become async, or null: made async it is async void, whose exceptions reach no caller (ASY020), so the await belongs
 * only inside a try/catch that takes everything. The sixth seeded reading of the forty-first session found "make the
 * method async" offered in Jellyfin's progress handler.
 */
function voidEventHandler(ctx: RuleContext, body: MethodBody): string | null {
  if (body.isAsync || body.returnKind !== 'void' || body.kind !== 'method' || !hasEventHandlerSignature(ctx, body)) return null;
  return `${body.name} has an event handler's signature; made async it would be async void (ASY020), so await there only inside a try/catch that takes every exception`;
}

/**
 * Why the body can never be made async, or null: C# takes the `async` modifier on methods, local functions, lambdas
 * and anonymous methods only, so a constructor (GrandNode's Redis message bus subscribes in its own), a property or
 * event accessor and an operator that drop a task can discard it or observe it, not await it.
 */
function cannotBecomeAsync(body: MethodBody): string | null {
  if (body.kind === 'constructor') return 'a constructor cannot be async';
  if (body.kind === 'accessor') return 'an accessor cannot be async';
  if (body.kind === 'operator') return 'an operator cannot be async';
  return null;
}

export const rule: Rule = {
  meta: {
    id: 'ASY022',
    name: 'unobserved-task',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['VSTHRD110', 'MA0134', 'CS4014', 'AsyncFixer04'],
    summary: 'A call whose Task is dropped: not awaited, stored, returned or passed on.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors || recordsItsCalls(ctx, body)) continue;
      for (const call of body.calls) {
        if (call.usage !== 'discarded' || call.inNameof || isConfigureAwait(call)) continue;
        if (intentionalDropOf(call, fileNamespaces(ctx), () => receiverTypeOfCall(ctx, body, call))) continue;
        const result = callResultOf(ctx, body, call);
        if (result.kind !== 'task') continue;
        const targets = applicableTargetsOf(ctx, body, call);
        if (dropsNothing(ctx, body, call, targets, true)) continue;
        const configured = droppedConfigured(ctx, call);
        const code = ctx.text.slice(call.span.start, call.span.end);
        if (isTaskDelay(call)) {
          findings.push(droppedDelayFinding(ctx, body, call, code));
          continue;
        }
        const completedToday = completesBeforeReturning(ctx, targets, call.receiver?.trim() === 'base');
        const faulted = completedToday ? null : alwaysFaultsFor(ctx, body, call, targets);
        const tracker = completedToday || faulted ? null : trackerOf(ctx, body, targets, code);
        // A drop that always faults is a bug whatever catch is around it, so it keeps its warning.
        const silenced = !completedToday && !faulted && !tracker && !configured ? ignoringTryOf(ctx, body, call) : null;
        findings.push({
          span: call.span,
          message: configured
            ? `${quoted(code, 45)} is configured for an await that never happens: its task is dropped`
            : faulted ? `The task ${quoted(code, 45)} returns is dropped, and it always faults: the call never does its work`
            : completedToday || tracker ? `The task ${quoted(code, 45)} returns is dropped` : `The task ${quoted(code, 45)} returns is dropped: its exception is lost`,
          note: `${result.source ? `${result.source[0].toUpperCase()}${result.source.slice(1)} is ${result.typeText}. ` : ''}${completedToday
            ? `${call.receiver?.trim() === 'base' ? 'A call through base runs the base\'s own declaration whatever overrides it, and that declaration returns only completed tasks (Task.CompletedTask, Task.FromResult)' : 'Every method the call binds to returns a completed task (Task.CompletedTask, Task.FromResult) and none can be overridden'}: its work is done when it returns, and a failure throws at the call, so nothing is lost today. Awaiting it keeps that so when the method starts doing asynchronous work.`
            : faulted ? faultedNote(faulted) : tracker ? trackedNote(tracker) : silenced ? ignoringCatchNote(body, silenced) : 'The caller goes on while the work runs, and an exception the task ends with is lost.'}`,
          bodyId: body.id,
          fix: silenced ? ignoringCatchFix(ctx, body, call, silenced) : fixFor(ctx, body, call),
          ...(tracker ? trackedSeverity(tracker) : silenced ? ignoringCatchSeverity(silenced) : workspaceVoidDesign(ctx, body)),
        });
      }
    }
    findings.push(...droppedByVoidDelegate(ctx));
    return findings;
  },
};

/**
 * `try { Notify(); } catch { }`: the dropped call is the only statement of a try whose catch takes everything and
 * does nothing. The author wants failures ignored, and they are, but by the drop: the call returns once the work has
 * started, and the work's exception goes into the task, which the catch never sees. The sixth seeded reading of the
 * forty-first session found Jellyfin's best-effort progress broadcasts so, in a void event handler. What is lost is
 * what the author chose to lose, so the finding is information and says where the exception really goes. The seventh
 * reading (forty-third session) found the same intent written `try { Drop(); return Task.CompletedTask; } catch {
 * return Task.CompletedTask; }` (tryClauses.ts dropInIgnoringTry `returns`), which ASY024 shares for ValueTasks.
 */
export function ignoringTryOf(ctx: RuleContext, body: MethodBody, call: CallSite): 'empty' | 'returns' | null {
  const masked = maskCommentsAndStrings(ctx.text);
  const end = skipWhitespace(masked, call.span.end);
  if (masked[end] !== ';') return null;
  return dropInIgnoringTry(masked, { start: call.span.start, end: end + 1 }, body.span.end);
}

/** The catch, as notes name it. */
function catchWords(kind: 'empty' | 'returns'): string {
  return kind === 'empty' ? 'The empty catch around the call' : 'The catch around the call, which takes every exception and only returns,';
}

export function ignoringCatchNote(body: MethodBody, kind: 'empty' | 'returns', what = 'task'): string {
  const awaitAdvice = body.isAsync ? `, or await the ${what} inside the try so that the catch takes its fault` : '';
  return `${catchWords(kind)} cannot see the ${what}'s fault: the call returns once the work has started, and an exception the work ends with goes into the ${what}, which nothing observes. Failures are ignored, as the catch asks, but by the drop, not by the catch; write _ = ... to say the drop is meant${awaitAdvice}.`;
}

export function ignoringCatchSeverity(kind: 'empty' | 'returns'): Pick<RuleFinding, 'maxSeverity'> {
  const reason = kind === 'empty'
    ? 'the call is alone in a try whose empty catch takes every exception, so the author means failures to be ignored, and a dropped task ignores them too'
    : 'the call is in a try whose catch takes every exception and only returns, so the author means failures to be ignored, and a dropped task ignores them too';
  return { maxSeverity: { severity: 'information', reason } };
}

/**
 * The fix for a drop in a try whose catch ignores everything: in an async method where an await may go, the await
 * inside the try (then the catch takes the fault, as its author believed); elsewhere the discard that says the drop is
 * meant, never "make the method async", which in an event handler would make it async void.
 */
export function ignoringCatchFix(ctx: RuleContext, body: MethodBody, call: CallSite, kind: 'empty' | 'returns', what = 'task'): Fix {
  const catchName = kind === 'empty' ? 'the empty catch' : 'the catch';
  if (body.isAsync && whyAwaitIsNotAllowedAt(ctx, body, call.span.start) === null && !isConditionalCall(ctx.text, call)) {
    return { title: `Await the ${what} inside the try, so that ${catchName} takes its fault`, safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.start, newText: 'await ' }] };
  }
  return { title: `Assign the ${what} to _ to say the drop is meant (${catchName} cannot see the ${what}'s fault)`, safety: 'display-only', edits: [] };
}

/**
 * Information, when the dropping method is a synchronous void override or implementation of a workspace base member
 * that returns void and that several workspace types implement (callbackSlots.ts voidWorkspaceBaseOf): the await the
 * rule asks for needs the base to return Task, and every override, implementation and caller of it to change, which is
 * a redesign of the workspace's own synchronous contract, not a fix at this line. Three seeded readings (the
 * thirty-eighth and thirty-ninth sessions) found Jellyfin's SyncPlay group states, about 40 such drops of best-effort
 * broadcasts, the same debatable class each time. A method whose own signature returns Task, one whose void a
 * framework fixed, and an implementation of an interface nothing else implements keep the warning.
 */
function workspaceVoidDesign(ctx: RuleContext, body: MethodBody): Pick<RuleFinding, 'maxSeverity'> {
  const base = voidWorkspaceBaseOf(ctx, body);
  if (base === null) return {};
  return { maxSeverity: { severity: 'information', reason: `${body.name} keeps the void of ${base}.${body.name}, a member of the workspace's own design; awaiting the task means making that member return Task and changing every override or implementation, and their callers, with it` } };
}

/**
 * The tracker every method the call may run hands its returned task to before returning it (trackedTasks.ts:
 * `Runner.RegisterTask`, which keeps it and awaits it), or null. Only the workspace's methods are read: a call that
 * may bind to an API method is not followed.
 */
function trackerOf(ctx: RuleContext, body: MethodBody, applicable: readonly CallCandidate[], code: string): string | null {
  if (applicable.length === 0 || !applicable.every((c) => c.source === 'workspace')) return null;
  return trackerOfReturnedTask(ctx.index, ctx.file, body, code);
}

function trackedNote(tracker: string): string {
  return `Every method the call may run hands the task to ${tracker}, which keeps it, before returning it: the tracker holds the task for the code that waits for it and sees its exception, so dropping this copy loses nothing.`;
}

/**
 * A hint: the drop loses nothing today (pulumi-dotnet's public `Log.Error`, which drops the logger's task that the
 * deployment's runner already tracks, was the third seeded reading's wrong finding); it stays visible, since the caller
 * still goes on before the work ends.
 */
function trackedSeverity(tracker: string): Pick<RuleFinding, 'maxSeverity'> {
  return { maxSeverity: { severity: 'hint', reason: `${tracker} already tracks the task` } };
}

/**
 * Whether dropping the call's task drops nothing, by what the methods it binds to (looked up once) return: its
 * receiver handed back for chaining (`handsBackItsReceiver`, only where `chaining` counts), a null task all of them
 * may return (nullTasks.ts: the convention in which null means "finished synchronously", where the await this rule
 * would ask for throws on the null; ASY023 reports the null), a task all of them keep in a field of their type
 * (keptTasks.ts: `return _load ??= Task.Run(...)`, which the type observes later), or a task they start over work
 * that stops every exception (faultFreeTasks.ts: `return Task.Run(async () => { try { ... } catch { } })`), which has
 * no exception to lose. A Blazor component's own render request (`InvokeAsync(StateHasChanged)` in an event handler
 * of the component, faultFreeCalls.ts rendersOwnComponent) has none either: it only queues a render, and the renderer
 * handles what rendering throws (knowledge/componentRenders.ts); the caller means to go on before it runs.
 */
function dropsNothing(ctx: RuleContext, body: MethodBody, call: CallSite, applicable: readonly CallCandidate[], chaining: boolean): boolean {
  if (rendersOwnComponent(ctx.index, ctx.file, body, ctx.text.slice(call.span.start, call.span.end))) return true;
  if (applicable.length === 0) return false;
  if (chaining && call.receiver !== null && applicable.every(handsBackItsReceiver)) return true;
  const declarations = runnableDeclarations(applicable);
  if (everyDeclaredBody(ctx.index, declarations, (b) => mayReturnNullTask(ctx.index, b)) || everyDeclaredBody(ctx.index, declarations, (b) => returnsKeptTask(ctx.index, b))) return true;
  return applicable.every((c) => c.source === 'workspace') && handsBackFaultFreeTask(ctx.index, ctx.file, body, ctx.text.slice(call.span.start, call.span.end));
}

/** The methods the call may bind to, looked up once for the questions above and below; empty when none is known. */
function applicableTargetsOf(ctx: RuleContext, body: MethodBody, call: CallSite): readonly CallCandidate[] {
  const found = callCandidates(ctx, body, call);
  return found ? applicableCandidates(found, call) : [];
}

/**
 * The method every target of the call is, when each returns only faulted tasks (`Task.FromException(...)`) and no
 * override can run instead: puppeteer-sharp's state machine drops `Exited.EnterFromAsync(...)`, whose receiver's type
 * does not override the base's default, which faults with "invalid transition", so the state never changes and nobody
 * hears why (the sixth seeded reading's row 30, a real bug the plain message undersold). A virtual target counts only
 * when the receiver's type is known (declared, or the caller's own class for a call without a receiver) and no
 * workspace type deriving from it declares a member of the name; an API method is never read. Null otherwise.
 */
function alwaysFaultsFor(ctx: RuleContext, body: MethodBody, call: CallSite, applicable: readonly CallCandidate[]): FaultingTarget | null {
  if (applicable.length === 0 || !applicable.every((c) => c.source === 'workspace' && !c.workspaceExtension)) return null;
  const declarations = runnableDeclarations(applicable);
  if (!everyDeclaredBody(ctx.index, declarations, (b) => returnsOnlyFaultedTasks(ctx.index, b))) return null;
  const bodies = declarations.map((d) => (d ? bodyOf(ctx.index, d.file, d.bodyId) : null));
  const overridable = bodies.some((b) => b !== null && canBeOverridden(b));
  if (overridable) {
    const receiverType = call.receiver === null || call.receiver === 'this' ? body.containingType : receiverTypeOfCall(ctx, body, call);
    if (receiverType === null) return null;
    const owner = stripGenerics(receiverType);
    if (derivedMembersNamed(ctx.index, owner, call.name).length > 0) return null;
  }
  const first = applicable.find((c) => c.declaration !== undefined) ?? applicable[0];
  return { method: first.display, overridable };
}

/** The method a call whose task always faults runs, and whether it is a virtual default no override replaces here. */
interface FaultingTarget {
  method: string;
  overridable: boolean;
}

function faultedNote(target: FaultingTarget): string {
  return `${target.method}, the method the call runs${target.overridable ? ' (nothing overrides it for this receiver)' : ''}, returns only Task.FromException: the task is faulted when it comes back, so the work never happens, and dropping it hides the exception that says why.`;
}

/**
 * Whether every method the call binds to returns only completed tasks and cannot be overridden (keptTasks.ts
 * `returnsOnlyCompletedTasks`: a method that does its work synchronously behind a Task signature, as an interface
 * asks). Dropping such a task loses nothing today, which the finding says instead of claiming work runs on.
 */
function completesBeforeReturning(ctx: RuleContext, applicable: readonly CallCandidate[], throughBase: boolean): boolean {
  return applicable.length > 0 && everyDeclaredBody(ctx.index, runnableDeclarations(applicable), (b) => returnsOnlyCompletedTasks(b, throughBase));
}

/**
 * The declarations whose bodies may run for the call: a member without a body beside ones with a body is an abstract
 * (or interface) declaration the bodies override or implement, which never runs itself. A call on `this` in
 * `ActorSystemCore` finds both the base's `internal abstract Task FinalTerminate();` and the class's override, and only
 * the override's body says what the task is (akka.net's ActorSystemImpl, the thirty-fourth session's seeded reading).
 * Where no candidate has a body (an interface-typed receiver), every candidate stays, and nothing is known.
 */
function runnableDeclarations(applicable: readonly CallCandidate[]): readonly (CallCandidate['declaration'])[] {
  const bodied = applicable.filter((c) => c.declaration !== undefined);
  const workspaceOnly = applicable.every((c) => c.source === 'workspace' && !c.workspaceExtension);
  return (workspaceOnly && bodied.length > 0 ? bodied : applicable).map((c) => c.declaration);
}

/**
 * `pending.ShouldNotBeNull();`: an extension method typed `T M<T>(this T value)` (or `this T? value`) hands its
 * receiver back for chaining. The task it returns is the one the receiver already holds, made and kept elsewhere, so
 * dropping this reference drops nothing (Shouldly's and similar assertion libraries' chaining methods).
 */
function handsBackItsReceiver(c: CallCandidate): boolean {
  const method = c.api?.viaExtension ? c.api.method : null;
  const returned = method?.returnType;
  let self = method?.parameters[0]?.type;
  if (self?.kind === 'named' && /^System\.Nullable`1$/.test(self.name)) self = self.args[0];
  return returned?.kind === 'typeParameter' && returned.ofMethod && self?.kind === 'typeParameter' && self.ofMethod && self.index === returned.index;
}

/** The type of the call's receiver as the workspace and the signatures say (`tran` declared from CreateTransaction()), or null. */
function receiverTypeOfCall(ctx: RuleContext, body: MethodBody, call: CallSite): string | null {
  return call.receiver === null ? null : receiverTypeOf(ctx, body, call.receiver);
}

/**
 * The namespaces the file imports or declares its types in: a framework's members are meant only there. Kept per
 * model's types and usings (never modified once built; the per-method rule cache checks copies of a model that share
 * them), since ASY022 and ASY024 ask it for every dropped call.
 */
export function fileNamespaces(ctx: RuleContext): readonly string[] {
  const { types, usings } = ctx.model;
  const known = namespacesOfModel.get(types);
  if (known && known.usings === usings) return known.namespaces;
  const declared = types.map(containerOf).filter((n) => n !== '');
  const namespaces = [...new Set([...usings.map((u) => u.replace(/\s+/g, '').replace(/^global::/, '')), ...declared])];
  // Keyed by the types list, checked against the usings: models without types share one empty list.
  namespacesOfModel.set(types, { usings, namespaces });
  return namespaces;
}

const namespacesOfModel = new WeakMap<FileModel['types'], { usings: FileModel['usings']; namespaces: readonly string[] }>();

/**
 * What a void member whose expression body drops a task can do: return the task, when its signature is its own; an
 * override or an interface's member (`IDisposable.Dispose`) cannot, and observes the task or offers an async twin.
 */
function voidMemberAdvice(ctx: RuleContext, body: MethodBody): string {
  if (body.modifiers.includes('override') || namesInterfaceExplicitly(ctx.text, body) || implementsInterfaceMember(ctx, body) || mayImplementUnknownInterface(ctx, body)) {
    const twin = body.name === 'Dispose' && body.parameters.length === 0 ? 'DisposeAsync (IAsyncDisposable)' : `${body.name}Async`;
    return `${body.name}'s signature is not its own: observe the task's exceptions, or offer ${twin} that returns it`;
  }
  return `Make ${body.name} return the task (Task instead of void), and let its callers await it`;
}

/**
 * `items.ForEach(i => SaveAsync(i))`: the lambda's body is a task-returning call, and the delegate it becomes returns
 * void, so the conversion drops the task. Async lambdas are ASY021's (they become async void instead).
 */
function droppedByVoidDelegate(ctx: RuleContext): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const body of ctx.model.bodies) {
    if (body.isAsync || !body.isExpressionBodied || body.hasSyntaxErrors || !body.bodySpan) continue;
    // `void Fire() => SaveAsync();`: a void method's expression body is a statement, its value thrown away.
    const voidMember = (body.kind === 'method' || body.kind === 'localFunction') && body.returnTypeText?.trim() === 'void';
    if (body.kind !== 'lambda' && !voidMember) continue;
    if (recordsItsCalls(ctx, body)) continue;
    const call = returnedCallOf(ctx, body);
    if (!call || intentionalDropOf(call, fileNamespaces(ctx), () => receiverTypeOfCall(ctx, body, call))) continue;
    const result = callResultOf(ctx, body, call);
    if (result.kind !== 'task') continue;
    const applicable = applicableTargetsOf(ctx, body, call);
    if (dropsNothing(ctx, body, call, applicable, false)) continue;
    if (!voidMember && assertsASynchronousThrow(ctx, body, applicable)) continue;
    const target = voidMember ? { description: `${body.name} returns void`, handler: false } : voidDelegateTargetOf(ctx, body, true);
    if (!target) continue;
    const code = ctx.text.slice(call.span.start, call.span.end);
    const tracker = trackerOf(ctx, body, applicable, code);
    findings.push({
      span: call.span,
      message: voidMember
        ? `The task ${quoted(code, 45)} returns is dropped: ${quoted(body.name)} returns void`
        : `The task ${quoted(code, 45)} returns is dropped: the lambda becomes a delegate that returns void`,
      note: `The ${voidMember ? 'expression body\'s' : 'lambda\'s'} task is thrown away because ${target.description}. `
        + `${result.source ? `${result.source[0].toUpperCase()}${result.source.slice(1)} is ${result.typeText}. ` : ''}`
        + (tracker ? trackedNote(tracker) : 'Nothing waits for the work, and an exception the task ends with is lost.'),
      bodyId: body.id,
      fix: { title: voidMember ? voidMemberAdvice(ctx, body) : 'Await the work in a loop (foreach + await), or pass a Func<Task> to an API that awaits it', safety: 'display-only', edits: [] },
      ...(tracker ? trackedSeverity(tracker) : {}),
    });
  }
  return findings;
}

/**
 * `Assert.Throws<ArgumentException>(() => session.Send(null!))`: a lambda handed to an assertion that expects it to
 * throw (knowledge/throwAssertions.ts), whose call binds only to workspace methods that are not async. Such a method
 * throws its guard's exception before it makes a task, and that is what the test asserts; a task exists only when the
 * call does not throw, and then the assertion fails the test, so nothing is lost unseen, and the awaiting assertion
 * the fix would suggest no longer tells a synchronous throw from a faulted task. An async method puts its exception
 * in the task, which the assertion never sees: that lambda is still reported, as xUnit2014 reports it.
 */
function assertsASynchronousThrow(ctx: RuleContext, body: MethodBody, applicable: readonly CallCandidate[]): boolean {
  const target = body.delegateTarget;
  if (target?.kind !== 'argument' || target.call?.kind !== 'invocation') return false;
  if (!throwAssertionOf(target.call.receiver, target.call.name, (namespace) => importsNamespace(ctx, namespace, true))) return false;
  return applicable.length > 0 && applicable.every((c) => c.source === 'workspace')
    && everyDeclaredBody(ctx.index, applicable.map((c) => c.declaration), (b) => !b.isAsync);
}

/** The call that is the lambda's whole expression body (`i => SaveAsync(i)`, `i => repo.SaveAsync(i).ConfigureAwait(false)`). */
function returnedCallOf(ctx: RuleContext, body: MethodBody): CallSite | null {
  let start = body.bodySpan!.start;
  const end = body.bodySpan!.end;
  const text = ctx.text;
  while (start < end && /\s/.test(text[start])) start++;
  if (text.startsWith('=>', start)) start += 2;
  while (start < end && /[\s(]/.test(text[start])) start++;
  // The outermost call starts where the expression starts; a dropped ConfigureAwait wraps it.
  const outer = body.calls.filter((c) => c.span.start === start && c.usage !== 'awaited').sort((a, b) => b.span.end - a.span.end)[0];
  if (!outer) return null;
  const covered = text.slice(outer.span.end, end).replace(/[\s);]/g, '');
  if (covered !== '') return null;
  if (isConfigureAwait(outer)) return body.calls.filter((c) => c.span.start === start && c !== outer && !isConfigureAwait(c)).sort((a, b) => b.span.end - a.span.end)[0] ?? null;
  return outer;
}
