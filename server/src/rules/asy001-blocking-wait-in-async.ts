/** ASY001 blocking-wait-in-async: .Result, .Wait(), GetAwaiter().GetResult(), Task.WaitAll/WaitAny on a task inside async code, which should await it instead. */
import { helperNote, waitsOf } from './waitingHelpers';
import { quoted } from './messageText';
import type { MethodBody, TaskWait } from '../model/types';
import type { TaskEvidence } from '../workspace/typing';
import { asyncContextBodies, type Fix, type Rule, type RuleContext, type RuleFinding, type TextEdit } from './types';
import { describeAsyncBody, isWorkspaceTypeName, needsParentheses } from './asy001-004-blocking-common';
import { syncApiCallOf } from './asy002-sync-api-in-async';
import { lockingCallOf } from './asy004-blocking-lock-in-async';
import { whyAwaitIsNotAllowedAt } from './awaitContext';
import { awaitInstead, callOfWait, looksLikeTimeoutOrToken, receiverEnd, waitSquiggle, waitedTaskEvidence, waitsUntil } from './waitedTasks';
import { withoutContextClause } from './contextFree';

/** Whether a wait in an async body is ASY001's. */
function blockingWaitEvidence(ctx: RuleContext, body: MethodBody, wait: TaskWait): TaskEvidence | null {
  const evidence = waitedTaskEvidence(ctx, body, wait);
  if (!evidence) return null;
  if (evidence.verdict === 'task') return evidence;
  // Unknown receivers: `.Result` is too common a property name to guess; `.Wait()` is worth it only in Task.Wait's
  // shapes, and only when it is not a SemaphoreSlim (ASY002) or an event or lock (ASY004) by its name.
  if (wait.kind !== 'wait' || wait.argumentTexts.length > 2 || !wait.argumentTexts.every(looksLikeTimeoutOrToken)) return null;
  // `Signals.Wait()` on a workspace type is a static method of that type, not a task.
  if (isWorkspaceTypeName(ctx, wait.receiverText)) return null;
  const call = callOfWait(body, wait);
  if (call && (syncApiCallOf(ctx, body, call) || lockingCallOf(ctx, body, call))) return null;
  return { verdict: 'unknown', reason: `${evidence.reason}; .Wait() in Task.Wait's shape is taken for a task wait` };
}

/** The `await` form of the wait as edits, or the reason there is none. */
function awaitFix(ctx: RuleContext, body: MethodBody, wait: TaskWait): Fix | string {
  const { text } = ctx;
  // Where C# forbids an await (a lock), making the method async would not help: that reason comes first.
  const notHere = whyAwaitIsNotAllowedAt(ctx, body, wait.span.start);
  if (notHere) return notHere;
  if (!body.isAsync) return 'the method is not async, so await cannot go here without making it async and changing how it returns';
  const call = callOfWait(body, wait);
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') {
    const args = wait.argumentTexts;
    if (args.length === 0 || args.some(looksLikeTimeoutOrToken)) return `${wait.kind === 'waitAll' ? 'Task.WhenAll' : 'Task.WhenAny'} takes no timeout or token`;
    // WaitAny returns the index of the finished task, WhenAny the task itself: only a discarded result carries over.
    if (wait.kind === 'waitAny' && call?.usage !== 'discarded') return 'Task.WaitAny returns an index where await Task.WhenAny returns the task';
    const twin = wait.kind === 'waitAll' ? 'WhenAll' : 'WhenAny';
    return {
      title: `Await Task.${twin} instead of blocking`,
      safety: 'unsafe',
      edits: [{ start: wait.span.start, end: wait.span.start, newText: 'await ' }, { start: wait.nameSpan.start, end: wait.nameSpan.end, newText: twin }],
    };
  }
  const end = receiverEnd(text, wait);
  if (end === null) return 'the receiver could not be located in the text';
  if (/\?/.test(text.slice(end, wait.nameSpan.start))) return 'the ?. access means the task may be null, which await would not tolerate';
  if (wait.kind === 'wait' && wait.argumentTexts.length > 0) return 'Wait with a timeout or token has no plain await form (WaitAsync has different failure behaviour)';
  // A statement-level wait never needs parentheses: `(await t);` would not even be a statement.
  const statement = wait.kind === 'wait' || call?.usage === 'discarded' || call?.usage === 'returned';
  const parens = !statement && needsParentheses(text, wait.span);
  const edits: TextEdit[] = [
    { start: wait.span.start, end: wait.span.start, newText: parens ? '(await ' : 'await ' },
    { start: end, end: wait.span.end, newText: parens ? ')' : '' },
  ];
  return { title: 'Await the task instead of blocking', safety: 'unsafe', edits };
}

/**
 * What the wait risks besides the held thread: a deadlock under a single-threaded context, or, where the project runs
 * without one (rules/contextFree.ts), nothing more, which the note says rather than claim a deadlock.
 */
function deadlockClause(ctx: RuleContext, body: MethodBody): string {
  return withoutContextClause(ctx, body) ?? ', and under a single-threaded SynchronizationContext (UI, classic ASP.NET) it deadlocks when the task needs that thread to finish';
}

export const rule: Rule = {
  meta: {
    id: 'ASY001',
    name: 'blocking-wait-in-async',
    category: 'blocking',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['VSTHRD103', 'CA1849', 'MA0042', 'AsyncFixer02', 'S4462', 'EPC35', 'xUnit1031'],
    scope: 'method',
    summary: 'A .Result, .Wait(), GetAwaiter().GetResult() or Task.WaitAll/WaitAny on a task inside async code, which should await it.',
    docs: `## What it does
Flags a thread waiting on a task inside async code (async methods, async lambdas, async local functions,
async anonymous methods and async top-level statements): \`t.Result\`, \`t.Wait()\`,
\`t.GetAwaiter().GetResult()\`, \`Task.WaitAll(...)\` and \`Task.WaitAny(...)\`, and a call of a waiting helper of the
workspace (an extension method of tasks that blocks on the task it extends, \`LoadAsync().Await()\`), which waits
as the helper's own \`GetAwaiter().GetResult()\` does; the helper's own wait is not reported.

It stays quiet where the task has already completed and the wait cannot block: the same task was awaited
earlier (also when the wait names it through a type pattern's variable, \`if (sent is Task<string> reply)\`
then \`reply.Result\`), it went through an awaited \`Task.WhenAll(...)\` (or a static \`WhenAll\` of the project's own,
\`TaskUtils.WhenAll(a, b)\`, named after it), it is a query task of a batch whose execution was awaited after the
query was added (Marten's \`var user = batch.Load<User>(id); await batch.Execute();\` from
\`session.CreateBatchQuery()\`, which completes every task the batch handed out: knowledge/deferredBatches.ts), the wait is guarded by \`IsCompleted\` or
\`IsCompletedSuccessfully\` (directly, or through a bool local assigned once from such a check, as in
\`var started = content?.Task.IsCompleted == true;\` then \`if (started)\`; \`x!.Task\` and \`x?.Task\` name the
same task as \`x.Task\`; in a local function, a check around every call of it in the enclosing function counts,
when the task is that function's local or parameter and the local function is not handed on as a delegate), it reads an element of a sequence filtered for finished tasks
(\`tasks.Where(t => t.IsCompleted).Select(t => t.Result)\`), it sits in a \`ContinueWith\` callback on the antecedent (or a Proto.Actor
\`ReenterAfter(task, ...)\` callback on its task), it is a parameter read in the branch its faulted and
cancelled states leave (a callback given the task once it has finished), the task was created
complete (\`Task.FromResult\`), is a local initialised with such a task and never assigned again (a method that fills
\`results.Result\` before returning \`results\`), or is a private field that every write fills with such a task or null (a stream's
cache of its last read's task), it is the result of an awaited \`Task.WhenAny\` (also a local declared without a value
that every write assigns such a result, as a reader loop's \`winner = await Task.WhenAny(reads);\`, or a branch taken when it lost leaves earlier: \`return\`,
\`throw\`, or, in a loop, a \`break\` or \`continue\` that ends the branch), or it raced one other task alone in an
awaited \`Task.WhenAny(a, t)\` written before, as a statement of a block around the wait, and that other task is known
unfinished there (the \`else\` of \`if (a.IsCompleted)\`, the \`then\` of \`if (!a.IsCompleted)\`, or after \`if
(a.IsCompleted) return ...;\`: one of the two has finished, and it is not a), or a wait on the task's own
\`((IAsyncResult)t).AsyncWaitHandle\` says it was signalled (\`WaitOne\` true, \`WaitHandle.WaitAny\` returned its
index; that wait blocks, and is ASY004's), or a loop before it awaits until the task has finished and ends no other
way (\`while (!t.IsCompleted) { ...; await Task.WhenAny(t, Task.Delay(250)); }\`, with no \`break\` of its own; a
\`!token.IsCancellationRequested\` beside the test counts when \`token.ThrowIfCancellationRequested()\` or an \`if\` on
the token that returns or throws follows the loop), or a \`Task.WaitAll\` with a timeout over an array written in place that holds the
task returned true (\`if (!Task.WaitAll(new[] { a, b }, timeout)) return ...;\`) or a \`Task.WaitAny\` over one returned
its index (\`Task.WaitAny([a, b], timeout) == 0 && a.Result\`; those waits are reported themselves). It is quiet, too, on a call that passes a workspace enum's member as a mode (\`GetUserAsync(id, CacheMode.CacheOnly)\`) to methods
each of which either hands back a completed task or, for that mode, never reaches an await: every await sits in a
branch the mode rules out (\`if (mode == CacheMode.AllowDownload) return await ...;\`) or a return before the first
await runs for it (\`if (user is not null || mode == CacheMode.CacheOnly) return user;\`). Through a public interface
or virtual member the workspace's implementations decide, the mode being the member's own contract; an implementation
that throws instead of handing back a task (a stub's \`throw new NotSupportedException();\`) blocks no waiter and
leaves the judgement to the others. A conditional receiver (\`channel?.GetUserAsync(...)\`) is judged as a plain one.
\`nameof(...)\` and \`Result\`
properties of types that are not tasks are never flagged.

## Why is this bad?
An async method exists to give its thread back while it waits. Blocking on a task inside it holds a thread
for the task's whole duration, and where a SynchronizationContext runs continuations on one thread (UI
apps, classic ASP.NET) it deadlocks: the task needs the thread that is waiting for it. Even without a
context, blocked thread-pool threads starve the pool under load. The method can simply \`await\` the task. Where the
project runs without a context (an ASP.NET Core, worker or console application, or a library only they host: see
ASY003), or inside an async function handed to \`Task.Run\` (a thread-pool thread), the note says the wait cannot
deadlock there and names the reason.

## Example
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

class PageLoader
{
    private readonly HttpClient _http = new();

    public async Task<int> LoadAsync(string url)
    {
        using var response = await _http.GetAsync(url);
        var body = response.Content.ReadAsStringAsync().Result;
        return body.Length;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

class PageLoader
{
    private readonly HttpClient _http = new();

    public async Task<int> LoadAsync(string url)
    {
        using var response = await _http.GetAsync(url);
        var body = await response.Content.ReadAsStringAsync();
        return body.Length;
    }
}
\`\`\`

## Fix safety
Unsafe. \`t.Result\` becomes \`await t\` (in parentheses where the value is used as a receiver),
\`t.Wait();\` becomes \`await t;\`, \`t.GetAwaiter().GetResult()\` becomes \`await t\`, \`Task.WaitAll(a, b)\`
becomes \`await Task.WhenAll(a, b)\`, and a discarded \`Task.WaitAny(...)\` becomes \`await Task.WhenAny(...)\`.
Behaviour changes: \`.Wait()\` and \`.Result\` wrap a failure in an AggregateException and \`await\` rethrows the
first inner exception, so \`catch (AggregateException)\` blocks stop matching; and the thread is released, so
code after the await may run later and, without a SynchronizationContext, on another thread. No fix is offered
for \`?.\` waits, waits with a timeout or token, a \`WaitAny\` whose index is used, or where C# allows no \`await\`:
inside a \`lock\`, in an unsafe context, in a \`catch ... when\` filter, or in a query expression past its first
\`from\` clause.
The fix adds no \`ConfigureAwait(false)\`: it stays minimal.

## Limitations
Without a compiler the rule does not know types. It flags \`.Result\` and \`.Wait()\` when declarations in the
workspace (locals, parameters, fields, properties, workspace method return types), a Task factory, the
\`Async\` naming convention or a task-like name (\`task\`, \`_loadTask\`) say the receiver is a task; a \`.Result\`
on a receiver of unknown type is not flagged, so blocking on a task returned by a library method without the
Async suffix is missed. An unknown \`.Wait()\` in Task.Wait's shape is flagged unless its name suggests a
SemaphoreSlim or an event. Completion checks are recognised in the shapes listed above; a task completed in
a way the syntax does not show is still flagged.`,
  },
  check(ctx: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = [];
    for (const body of asyncContextBodies(ctx)) {
      for (const wait of waitsOf(ctx, body)) {
        const evidence = blockingWaitEvidence(ctx, body, wait);
        if (!evidence) continue;
        const fix = awaitFix(ctx, body, wait);
        findings.push({
          span: waitSquiggle(ctx.text, wait),
          message: `${quoted(ctx.text.slice(wait.span.start, wait.span.end))} blocks the thread; ${awaitInstead(wait)}`,
          note: `Inside ${describeAsyncBody(body)}, the thread waits ${waitsUntil(wait)} doing nothing${deadlockClause(ctx, body)}; await releases the thread instead. Why this is a task: ${evidence.reason}${helperNote(wait)}.${typeof fix === 'string' ? ` No automatic fix: ${fix}.` : ''}`,
          bodyId: body.id,
          fix: typeof fix === 'string' ? undefined : fix,
        });
      }
    }
    return findings;
  },
};
