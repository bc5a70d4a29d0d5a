/** ASY024 valuetask-misuse: a ValueTask consumed twice, blocked on before it is known complete, kept in a field, or dropped (also inside a task Task.Run starts). */
import type { CallSite, EnclosingRegion, MemberSignature, MethodBody, Span, TaskWait } from '../model/types';
import { intentionalDropOf } from '../knowledge/fireAndForget';
import { isTaskDelegateStart } from '../knowledge/taskDelegateStarts';
import { withoutConfigureAwait } from '../workspace/typing';
import { closingBracket, conditionalParts, enclosingOpenBrace, isConditionalQuestion, splitTopLevel } from '../model/syntax';
import { isConditionalCall, receiverTypeOf, typeDerivesFrom } from './asy001-004-blocking-common';
import { taskBackedValueTaskApiFor } from '../knowledge/taskBackedValueTaskApis';
import { whyAwaitIsNotAllowedAt } from './awaitContext';
import { waitSquiggle, waitedTaskEvidence } from './waitedTasks';
import { awaitableKindOf, callResultOf, expressionResultOf } from './taskResults';
import { maskCommentsAndStrings } from './sourceText';
import type { Fix, Rule, RuleContext, RuleFinding } from './types';
import { quoted } from './messageText';
import { fileNamespaces, ignoringCatchFix, ignoringCatchNote, ignoringCatchSeverity, ignoringTryOf } from './asy022-unobserved-task';
import { valueTaskBackingOf } from './taskBackedValueTasks';
import { helperBlocksOnATaskOfIt, helperNote, isHelperOwnWait, waitsOf } from './waitingHelpers';

const docs = `## What it does
Flags the uses of a \`ValueTask\` or \`ValueTask<T>\` that its contract forbids or makes likely to go wrong:
- a local consumed twice: awaited, \`.Result\`, \`.GetAwaiter().GetResult()\` or \`.AsTask()\` more than once on
  the same path (two in the two branches of an \`if\`, or the two arms of a \`?:\`, are one each), counting the lambdas and local
  functions that capture it, and once in a lambda that runs per element or is created in a loop;
- \`.Result\` or \`.GetAwaiter().GetResult()\` on one that is not known to have completed (an
  \`IsCompletedSuccessfully\` check or an earlier await makes it known, also a check around every call of the local
  function that reads a ValueTask of the method around it), or a call of a workspace waiting helper
  (\`static T Await<T>(this ValueTask<T> task)\`) on one, rather than the helper's own wait (not when the helper
  blocks on a Task it makes of it first, \`task.AsTask()\` or \`task.Preserve()\`). A ValueTask that a
  workspace method hands back over a Task is not reported: an \`async ValueTask\` method without an
  \`[AsyncMethodBuilder]\` attribute (the default builder backs an unfinished one with a Task), or a method whose
  every return is such a call, a \`new ValueTask(task)\` or a ValueTask of a value; a call through an interface or
  a virtual member counts when every implementation it may run is such a method and only the workspace can add one
  (an internal interface). Through a public interface or virtual member (or a workspace type's implementations of an
  interface declared outside it, \`IAsyncDisposable\`), whose every workspace implementation is such a method, the
  finding is shown as information: only an implementation outside the workspace could hand back a source;
- a field of type \`ValueTask\`/\`ValueTask<T>\`, outside awaitable and awaiter types that wrap one, unless it is
  \`readonly\`, no constructor assigns it, and its initializer makes one without an \`IValueTaskSource\`
  (\`ValueTask.CompletedTask\`, \`ValueTask.FromResult(...)\`, \`default\`, \`new(value)\`): such a ValueTask
  holds a result or a Task, and reading it again and again is safe (a field of the awaiter a configured ValueTask
  hands out, \`ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter\`, is no ValueTask: it is how a state machine
  written by hand keeps the await it resumes from, as the compiler's does);
- a call returning a \`ValueTask\` whose result is dropped;
- a \`Task.Run\` or \`Task.Factory.StartNew\` whose delegate returns a \`ValueTask\`
  (\`Task.Run(() => client.DisposeAsync()).Wait()\`): \`Task.Run\` unwraps a \`Task\` the delegate returns but has no
  overload for a \`ValueTask\`, so the delegate binds to \`Func<TResult>\` and the started \`Task<ValueTask>\` completes
  when the delegate returns, before the operation ends. A wait on it or an await of it does not wait for the operation,
  and nothing consumes the ValueTask. Reported where the started task's result is never read (the call dropped,
  \`.Wait()\`, \`await Task.Run(...);\` as a statement, or returned as a plain \`Task\`); \`await await Task.Run(...)\`
  consumes the ValueTask after all.

Passing a ValueTask to a helper that awaits it once, returning it, or awaiting it directly are all fine and not
reported (CA2012 reports a ValueTask stored in a local even when it is awaited once).

## Why is this bad?
A ValueTask may wrap an \`IValueTaskSource\` that its producer reuses as soon as the first consumer has read the
result (sockets, pipes, channels and pooled async methods do). A second await then reads another operation's
result or throws \`InvalidOperationException\`; \`GetResult()\` on one that has not completed need not block at all
and may throw or return garbage. A dropped ValueTask never returns its source to the pool and loses its exception.
One built over a Task (a workspace \`async ValueTask\` method, Blazor's JS interop \`InvokeAsync\` and \`InvokeVoidAsync\`)
holds no pooled source, and the note says so; its exception is still lost, and its caller still goes on before it ends.
Such a drop in a \`try\` whose catch takes every exception and does nothing, or only returns a value that cannot
throw (\`try { js.InvokeVoidAsync("f"); return Task.CompletedTask; } catch { return Task.CompletedTask; }\`), is shown
as **information**, as ASY022 shows a dropped Task there: the author means failures to be ignored, and the note says
that the catch cannot see the ValueTask's fault.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class Copier
{
    public async Task<int> ReadTwiceAsync(Stream stream, byte[] buffer)
    {
        var read = stream.ReadAsync(buffer.AsMemory());
        int first = await read;
        int again = await read;
        return first + again;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class Copier
{
    public async Task<int> ReadTwiceAsync(Stream stream, byte[] buffer)
    {
        int first = await stream.ReadAsync(buffer.AsMemory());
        return first + first;
    }
}
\`\`\`

## Fix safety
- A dropped ValueTask in an async function: the fix adds \`await\` (**unsafe**: the function now waits, and the
  operation's exception propagates here).
- \`.Result\` / \`.GetAwaiter().GetResult()\` on one not known complete: the fix inserts \`.AsTask()\` before it
  (**unsafe**: it still blocks, now on a real Task that may allocate; making the caller async is better).
- A delegate of \`Task.Run\` or \`Task.Factory.StartNew\` that returns a ValueTask: **display-only**; return
  \`.AsTask()\` from it, or make it \`async\` and await the ValueTask.
- A second consumption or a field: **display-only**; keep the first result in a variable, or convert with
  \`.AsTask()\` once and use the Task as often as needed.

## Limitations
- The ValueTask type is known from declarations and the API signatures; a \`var\` local initialised by a call
  whose return type neither says is not looked at.
- Consumptions in the lambdas and local functions a function creates count for its locals. A lambda's counts
  where the lambda is written, whether or not something runs it: a lambda that awaits a ValueTask the method also
  awaits is wrong the moment it runs, and one written never to run is dead code. A local function's counts at each
  call of it (its declaration runs nothing). A lambda given to a per-element call (\`ForEach\`, \`Select\`,
  \`Parallel.ForEach\`, ...) or written inside a loop after the local's declaration consumes it on every run, which is
  reported even when it is the only consumption. A lambda stored and invoked twice is one consumption to this rule.
- Consuming in a loop of the function itself a local declared outside it is not reported (each iteration may
  reassign it).
- \`Task.WhenAll(valueTask)\` does not compile (a ValueTask is not a Task), so the compiler reports it already;
  ValueTasks kept in a collection and each awaited once are correct and not reported.
- ASY001 and ASY003 also report \`.Result\` on a ValueTask as a blocking wait; this rule says why it is worse.
- A call dispatched to an interface's or a virtual member is reported even when every workspace implementation is
  built over a Task: code outside the workspace may implement it over a pooled source. .NET 5 could pool the default
  builder's boxes when the process set \`DOTNET_SYSTEM_THREADING_POOLASYNCVALUETASKS\`; that runtime is out of
  support and the switch is gone since .NET 6, so it is not considered.
`;

function isValueTaskType(typeText: string | null): boolean {
  return !!typeText && awaitableKindOf(typeText) === 'valueTask';
}

const VALUE_TASK_TYPE = String.raw`(?:global::)?(?:System\.Threading\.Tasks\.)?ValueTask(?:<.+>)?`;
const VALUE_TASK_FACTORY = new RegExp(String.raw`^${VALUE_TASK_TYPE}\.(?:CompletedTask|FromResult|FromException|FromCanceled)\b`);
const VALUE_TASK_CONSTRUCTION = new RegExp(String.raw`^new\s*(?:${VALUE_TASK_TYPE})?\s*(?=\()`);

/**
 * Whether an initializer makes a ValueTask that wraps no IValueTaskSource: the static factories, `default`, and
 * every constructor but `ValueTask(IValueTaskSource, short)`, the only one with two parameters. Such a ValueTask
 * holds its result (or a Task, which may be awaited any number of times), so nothing is recycled under a second
 * reader (dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Threading/Tasks/ValueTask.cs).
 */
export function holdsNoValueTaskSource(initializer: string): boolean {
  const text = initializer.trim();
  if (/^default\b/.test(text) || VALUE_TASK_FACTORY.test(text)) return true;
  const construction = VALUE_TASK_CONSTRUCTION.exec(text);
  if (!construction) return false;
  // The argument list must end the initializer: `new ValueTask<int>(x).Something()` is another value.
  const open = construction[0].length;
  return closingBracket(text, open) === text.length - 1 && splitTopLevel(text.slice(open + 1, -1)).length <= 1;
}

/** A constructor of the field's type that assigns it (`_pending = source.ReadAsync();`), which its initializer does not bind. */
function assignedInConstructor(ctx: RuleContext, owner: string, name: string, masked: string): boolean {
  const assignment = new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?${name}\s*=(?![=>])`);
  return ctx.model.bodies.some((b) => b.kind === 'constructor' && b.containingType === owner && assignment.test(masked.slice(b.span.start, b.span.end)));
}

/** A readonly field that is created without an IValueTaskSource and never replaced: any number of reads are safe. */
function isSharedCompletedField(ctx: RuleContext, owner: string, field: MemberSignature, masked: string): boolean {
  return !!field.isReadonly && !!field.initializerText && holdsNoValueTaskSource(field.initializerText) && !assignedInConstructor(ctx, owner, field.name, masked);
}

interface Consumption {
  span: Span;
  what: string;
  regions: EnclosingRegion[];
  /** Why this one consumption may run more than once (a lambda run per element or created in a loop), else absent. */
  repeats?: string;
}

/**
 * Calls that run a lambda argument once per element (or per iteration): a consumption inside it repeats. Sources:
 * List<T>.ForEach, Array.ForEach, the Enumerable operators that take a selector or predicate, and Parallel's loops.
 */
const PER_ELEMENT_CALLS = new Set([
  'ForEach', 'ForEachAsync', 'For', 'Select', 'SelectMany', 'Where', 'Any', 'All', 'Count', 'Sum', 'Min', 'Max', 'Average',
  'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'GroupBy', 'ToDictionary', 'ToLookup', 'TakeWhile', 'SkipWhile',
  'First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'Aggregate', 'ConvertAll', 'TrueForAll', 'Exists', 'FindAll',
]);

/**
 * Consumptions of a captured local inside the functions the body creates. A lambda's consumption counts where the
 * lambda is written: code that awaits a ValueTask and also hands out a lambda that awaits it is wrong as soon as the
 * lambda runs, and a lambda written never to run is dead code, so it is counted rather than guessed about. A local
 * function's consumption counts at each call of it in the body (a declaration alone runs nothing). Functions that
 * declare a parameter or local of the same name (shadowing it) are not looked into.
 */
function nestedConsumptions(ctx: RuleContext, body: MethodBody, name: string, masked: string, declaredAt: number): Consumption[] {
  const out: Consumption[] = [];
  for (const child of ctx.model.bodies) {
    if (child.parentId !== body.id || child.hasSyntaxErrors) continue;
    const inner = capturedConsumptions(ctx, child, name);
    if (inner.length === 0) continue;
    if (child.kind === 'localFunction') {
      for (const call of body.calls) {
        if (call.name !== child.name || call.receiver !== null || call.span.start < declaredAt) continue;
        out.push({ span: call.span, what: `${inner[0].what} through local function ${child.name}()`, regions: regionsAt(body, call.span) });
      }
      continue;
    }
    const where = regionsAt(body, child.span);
    const repeats = repeatsOf(child, masked, declaredAt);
    for (const c of inner) out.push({ span: c.span, what: `${c.what} inside a lambda`, regions: [...where, ...c.regions], repeats });
  }
  return out;
}

/** The consumptions of `name` in a nested function and the functions inside it, unless one of them shadows the name. */
function capturedConsumptions(ctx: RuleContext, fn: MethodBody, name: string): Consumption[] {
  if (fn.parameters.some((p) => p.name === name) || fn.locals.some((l) => l.name === name)) return [];
  const out = consumptionsOf(fn, name);
  for (const child of ctx.model.bodies) {
    if (child.parentId === fn.id && !child.hasSyntaxErrors) out.push(...capturedConsumptions(ctx, child, name));
  }
  return out;
}

/** Why a lambda may run more than once: an argument of a per-element call, or written inside a loop after the local's declaration. */
function repeatsOf(lambda: MethodBody, masked: string, declaredAt: number): string | undefined {
  const call = lambda.delegateTarget?.kind === 'argument' ? lambda.delegateTarget.call : undefined;
  if (call?.kind === 'invocation' && PER_ELEMENT_CALLS.has(call.name)) return `the lambda runs once per element of ${call.name}`;
  return loopAround(masked, declaredAt, lambda.span.start) ? 'the lambda is created on every iteration of a loop' : undefined;
}

/** Whether a `for`/`foreach`/`while`/`do` statement that starts after `from` holds the offset `at`. */
function loopAround(masked: string, from: number, at: number): boolean {
  const keyword = /(?<![\w.@])(for|foreach|while|do)\b/g;
  keyword.lastIndex = from;
  for (let m = keyword.exec(masked); m && m.index < at; m = keyword.exec(masked)) {
    let i = m.index + m[0].length;
    while (/\s/.test(masked[i] ?? '')) i++;
    if (m[1] !== 'do') {
      if (masked[i] !== '(') continue;
      i = closingBracket(masked, i);
      if (i < 0) continue;
      i++;
      while (/\s/.test(masked[i] ?? '')) i++;
    }
    // `} while (x);` ends a do loop: its statement is the empty one after the condition.
    const end = masked[i] === '{' ? closingBracket(masked, i) : masked.indexOf(';', i);
    if (end >= at && i <= at) return true;
  }
  return false;
}

/** Two consumptions that cannot both run: the two branches of one `if`/`?:`, or sections of one switch. */
function exclusive(a: Consumption, b: Consumption): boolean {
  for (const ra of a.regions) {
    if (ra.kind !== 'conditional' && ra.kind !== 'switch') continue;
    const rb = b.regions.find((r) => r.kind === ra.kind && r.span.start === ra.span.start && r.span.end === ra.span.end);
    if (!rb) continue;
    if (ra.kind === 'switch' || ra.detail !== rb.detail) return true;
  }
  return false;
}

/** A return after `first` inside the branch that holds it: the flow does not reach a later consumption. */
function returnsBetween(body: MethodBody, first: Consumption, second: Consumption): boolean {
  const branch = first.regions.find((r) => r.kind === 'conditional' && !(r.span.start <= second.span.start && second.span.end <= r.span.end));
  if (!branch) return false;
  // The return may hold the first consumption itself: `if (t.IsCompletedSuccessfully) return t.Result;`.
  return body.returns.some((r) => r.span.end >= first.span.end && r.span.end <= branch.span.end && r.span.start >= branch.span.start && r.span.end <= second.span.start);
}

/**
 * The second consumption sits in the `else` of an `if` whose other branch holds the first: read from the masked text,
 * since waits and calls carry no regions of their own. Going out from the first through the blocks around it, the
 * first block that is an if's branch and closes before the second decides: an `else` must follow it and hold the
 * second. Without a braced branch, an unbraced one (`if (c) x = t.Result; else y = await t;`) counts when the first's
 * statement is followed at once by the `else`. Statements after the first inside its branch, nested ifs and their
 * elses included, are skipped: they run in sequence with the first.
 */
function inElseOfFirst(masked: string, first: Consumption, second: Consumption): boolean {
  for (let open = enclosingOpenBrace(masked, first.span.start); open >= 0; open = enclosingOpenBrace(masked, open)) {
    const close = closingBracket(masked, open);
    if (close < 0) return false;
    // Both inside this block: no branch of it separates them.
    if (close >= second.span.start) break;
    if (isIfBranch(masked, open)) return elseHolds(masked, close + 1, second);
  }
  // An unbraced branch: the first's statement ends at a `;` outside brackets, and `else` comes next.
  let depth = 0;
  for (let i = first.span.end; i < second.span.start; i++) {
    const c = masked[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') { if (--depth < 0) return false; }
    else if (c === ';' && depth === 0) return elseHolds(masked, i + 1, second);
  }
  return false;
}

/** Whether the block opened at `open` is the branch of an `if (...)` (also of an `else if`). */
function isIfBranch(masked: string, open: number): boolean {
  let i = open - 1;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  if (masked[i] !== ')') return false;
  let depth = 0;
  for (; i >= 0; i--) {
    if (masked[i] === ')') depth++;
    else if (masked[i] === '(' && --depth === 0) break;
  }
  i--;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  return i >= 1 && masked.slice(i - 1, i + 1) === 'if' && !/[\w@]/.test(masked[i - 2] ?? ' ');
}

/** Whether an `else` starts at `from` (after white space) and its block or statement holds `second`. */
function elseHolds(masked: string, from: number, second: Consumption): boolean {
  let at = from;
  while (at < masked.length && /\s/.test(masked[at])) at++;
  if (!/^else\b/.test(masked.slice(at, at + 5))) return false;
  at += 4;
  while (at < masked.length && /\s/.test(masked[at])) at++;
  if (masked[at] === '{') {
    const close = closingBracket(masked, at);
    return close >= 0 && second.span.end <= close;
  }
  // An `else` statement (or an `else if` chain): it ends at the first `;` outside brackets, or at a block that closes
  // without another `else` after it.
  let depth = 0;
  for (let i = at; i < masked.length; i++) {
    const c = masked[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (c === '}' && depth === 0 && !/^\s*else\b/.test(masked.slice(i + 1, i + 40))) return second.span.end <= i + 1;
      if (depth < 0) return second.span.end <= i;
    } else if (c === ';' && depth === 0) return second.span.end <= i + 1;
  }
  return false;
}

/**
 * The two consumptions are the two arms of one conditional expression (`t.IsCompletedSuccessfully ? new(t.Result) :
 * Wrap(t.AsTask())`): read from the masked text, as the waits and calls there carry no regions. Going back from the
 * first through every enclosing bracket, each conditional `?` (not `?.`, `??` or `?[`) is a candidate, innermost
 * first; the first consumption is in its true arm and the second in its false arm when the `:` that ends the true
 * arm lies between them and the second ends before the conditional does.
 */
function inOtherArm(masked: string, first: Consumption, second: Consumption): boolean {
  let depth = 0;
  for (let i = first.span.start - 1; i >= 0; i--) {
    const c = masked[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[') { if (depth > 0) depth--; }
    else if (c === '{') { if (depth === 0) return false; depth--; }
    else if (c === ';') return false;
    else if (depth === 0 && isConditionalQuestion(masked, i)) {
      const end = conditionalEnd(masked, i);
      const parts = conditionalParts(masked, i, end);
      if (parts && parts.whenTrue.end >= first.span.end && parts.whenTrue.end < second.span.start && second.span.end <= end) return true;
    }
  }
  return false;
}

/** Where the conditional whose `?` is at `question` ends: the first unmatched closing bracket, `;` or `,` after it. */
function conditionalEnd(masked: string, question: number): number {
  let depth = 0;
  for (let i = question + 1; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') { if (depth === 0) return i; depth--; }
    else if (depth === 0 && (c === ';' || c === ',')) return i;
  }
  return masked.length;
}

function consumptionsOf(body: MethodBody, name: string): Consumption[] {
  const out: Consumption[] = [];
  for (const a of body.awaits) {
    if (a.kind === 'await' && withoutConfigureAwait(a.operand.text).trim() === name) out.push({ span: a.span, what: 'awaited', regions: a.regions });
  }
  for (const w of body.waits) {
    // A read known to find the task complete still consumes it: the source may be reused once its result is read.
    if (w.receiverText.trim() !== name) continue;
    out.push({ span: w.span, what: w.kind === 'result' ? 'read with .Result' : 'read with GetResult()', regions: regionsAt(body, w.span) });
  }
  for (const c of body.calls) {
    if (c.receiver?.trim() === name && (c.name === 'AsTask' || c.name === 'Preserve')) out.push({ span: c.span, what: `converted with ${c.name}()`, regions: regionsAt(body, c.span) });
  }
  return out.sort((x, y) => x.span.start - y.span.start);
}

/** Waits and calls carry no regions; the awaits and returns around them do, so borrow the innermost that encloses. */
function regionsAt(body: MethodBody, span: Span): EnclosingRegion[] {
  const all = [...body.awaits.flatMap((a) => a.regions), ...body.returns.flatMap((r) => r.regions)];
  const seen = new Set<string>();
  const out: EnclosingRegion[] = [];
  for (const r of all) {
    const key = `${r.kind}:${r.span.start}:${r.span.end}:${r.detail ?? ''}`;
    if (seen.has(key) || !(r.span.start <= span.start && span.end <= r.span.end)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

function reassigned(masked: string, body: MethodBody, name: string, after: number): boolean {
  const span = body.bodySpan ?? body.span;
  const text = masked.slice(after, span.end);
  return new RegExp(`(?<![\\w.])${name}\\s*(?:=(?![=>])|\\?\\?=)`).test(text);
}

/**
 * The names each body consumes as a ValueTask would be, in its own code or in a function nested in it: awaited,
 * waited on, converted with AsTask() or Preserve(). Every consumption consumptionsOf and nestedConsumptions find is
 * of one of these names, so a local named otherwise has none, and its initializer need not be typed (typing the
 * initializer of every local was most of what this rule cost).
 */
function consumedNamesByBody(bodies: readonly MethodBody[]): (body: MethodBody) => ReadonlySet<string> {
  const children = new Map<string, MethodBody[]>();
  for (const b of bodies) {
    if (b.parentId === null || b.hasSyntaxErrors) continue;
    let list = children.get(b.parentId);
    if (!list) children.set(b.parentId, (list = []));
    list.push(b);
  }
  const known = new Map<MethodBody, Set<string>>();
  const namesOf = (body: MethodBody): Set<string> => {
    let names = known.get(body);
    if (names) return names;
    names = new Set();
    known.set(body, names);
    for (const a of body.awaits) if (a.kind === 'await') names.add(withoutConfigureAwait(a.operand.text).trim());
    for (const w of body.waits) names.add(w.receiverText.trim());
    for (const c of body.calls) if (c.receiver !== null && (c.name === 'AsTask' || c.name === 'Preserve')) names.add(c.receiver.trim());
    for (const child of children.get(body.id) ?? []) for (const n of namesOf(child)) names.add(n);
    return names;
  };
  return namesOf;
}

function doubleConsumptions(ctx: RuleContext, body: MethodBody, masked: string, consumed: ReadonlySet<string>): RuleFinding[] {
  const findings: RuleFinding[] = [];
  // Locals from their declaration to the end of their scope, and parameters over the whole body.
  const candidates = [
    ...body.locals.filter((l) => l.kind === 'local' || l.kind === 'using').map((l) => ({ name: l.name, declared: l.typeText ?? l.inferredTypeText, initializer: l.initializerText, from: l.span.end, to: l.scope.end })),
    ...(body.bodySpan ? body.parameters.map((p) => ({ name: p.name, declared: p.typeText, initializer: null, from: body.bodySpan!.start, to: body.bodySpan!.end })) : []),
  ];
  for (const local of candidates) {
    if (!consumed.has(local.name)) continue;
    const isValueTask = local.declared ? isValueTaskType(local.declared) : local.initializer ? expressionResultOf(ctx, body, local.initializer).kind === 'valueTask' : false;
    if (!isValueTask) continue;
    const uses = [...consumptionsOf(body, local.name), ...nestedConsumptions(ctx, body, local.name, masked, local.from)]
      .filter((u) => u.span.start >= local.from && u.span.start < local.to)
      .sort((x, y) => x.span.start - y.span.start);
    if (uses.length === 0 || reassigned(masked, body, local.name, local.from)) continue;
    // A loop that encloses the uses but not the declaration may run them with different values.
    const first = uses[0];
    const second = uses.slice(1).find((u) => !exclusive(first, u) && !returnsBetween(body, first, u) && !inElseOfFirst(masked, first, u) && !inOtherArm(masked, first, u));
    if (!second) {
      // One consumption in a lambda that runs many times is a second consumption by itself.
      const repeated = uses.find((u) => u.repeats);
      if (repeated) {
        findings.push({
          span: repeated.span,
          message: `ValueTask ${quoted(local.name)} is consumed again each time the lambda runs`,
          note: `It is ${repeated.what}, and ${repeated.repeats}. ` + 'A ValueTask may be consumed only once: from the second run on, the read gets another operation\'s result or throws. Await it once before the loop, or call AsTask() once and use the Task inside.',
          bodyId: body.id,
          fix: { title: 'Await it once outside the lambda, or convert to a Task once with AsTask()', safety: 'display-only', edits: [] },
        });
      }
      continue;
    }
    // Where the first consumption is goes in a related location rather than as a line number in the words: the
    // editor links it, and the finding stays true of the method wherever an edit above moves it (ruleCache.ts).
    findings.push({
      span: second.span,
      message: `ValueTask ${quoted(local.name)} is consumed a second time`,
      note: `It is ${first.what} first and ${second.what} here. ` + 'A ValueTask may wrap a pooled IValueTaskSource that is reused once its result has been read: a second read gets another operation\'s result or throws. Keep the first result, or call AsTask() once and reuse the Task.',
      related: [{ file: ctx.file, span: first.span, message: `first consumed here: ${first.what}` }],
      bodyId: body.id,
      fix: { title: 'Keep the result of the first await, or convert to a Task once with AsTask()', safety: 'display-only', edits: [] },
    });
  }
  return findings;
}

function blockingRead(ctx: RuleContext, body: MethodBody, wait: TaskWait): RuleFinding | null {
  if (wait.kind !== 'result' && wait.kind !== 'getResult') return null;
  if (wait.knownCompleted || wait.inNameof) return null;
  // `new ValueTask<T>(task).Result` reads a Task (or a value): only a ValueTask over an IValueTaskSource
  // (`new ValueTask<T>(source, token)`) forbids blocking.
  if (/^new\s+(?:[\w.]+\.)?ValueTask\b[^(]*\((?![^()]*,)/.test(wait.receiverText.trim())) return null;
  // `vt.Preserve()` hands back a ValueTask over a Task when vt had not completed, which may be blocked on.
  if (/\.\s*Preserve\s*\(\s*\)$/.test(wait.receiverText.trim())) return null;
  // The ASY001/ASY003 evidence: a dual-path method called with its async flag false, or a workspace method that
  // always returns a completed task, hands back a task that has finished.
  if (waitedTaskEvidence(ctx, body, wait) === null) return null;
  // A waiting helper's own wait on the ValueTask it extends: its calls are judged instead, each on what it passes.
  if (isHelperOwnWait(body, wait)) return null;
  // A helper that makes a Task of it first (`task.Preserve().GetAwaiter().GetResult()`) blocks on that Task.
  if (helperBlocksOnATaskOfIt(wait)) return null;
  const receiver = expressionResultOf(ctx, body, wait.receiverText);
  if (receiver.kind !== 'valueTask') return null;
  // A workspace `async ValueTask` method built by the default builder (or a method that hands one on) wraps a Task
  // while it runs: blocking on it is as defined as on `new ValueTask(task)` above.
  const backing = valueTaskBackingOf(ctx.index, ctx.file, body, wait.receiverText, holdsNoValueTaskSource);
  if (backing.kind === 'taskBacked') return null;
  const helper = helperNote(wait);
  const end = ctx.text.startsWith(wait.receiverText, wait.span.start) ? wait.span.start + wait.receiverText.length : null;
  // Through a waiting helper, `.AsTask()` would need a Task overload of the helper, which need not exist.
  const fix: Fix = end !== null && helper === '' && !/\?\s*$/.test(ctx.text.slice(wait.span.start, end + 2))
    ? { title: 'Convert to a Task with AsTask() before blocking on it', safety: 'unsafe', edits: [{ start: end, end, newText: '.AsTask()' }] }
    : { title: 'Await it instead, or convert to a Task with AsTask() first', safety: 'display-only', edits: [] };
  return {
    span: waitSquiggle(ctx.text, wait),
    message: backing.kind === 'taskBackedInWorkspace'
      ? `${quoted(wait.receiverText)} is a ValueTask of a member code outside the workspace may implement: blocking on it is defined only while every implementation wraps a Task`
      : `${quoted(wait.receiverText)} is a ValueTask that may not have completed: blocking on it is undefined`,
    note: `It is a ${receiver.typeText?.replace(/^System\.Threading\.Tasks\./, '') ?? 'ValueTask'}, ${helper ? `and${helper.slice(1)}` : `read with ${wait.kind === 'result' ? '.Result' : 'GetAwaiter().GetResult()'}`}. ` + 'An IValueTaskSource need not support blocking: reading the result of an incomplete ValueTask may throw or return another operation\'s result. A Task (AsTask()) blocks correctly.',
    bodyId: body.id,
    fix,
    // Through a public interface or virtual member whose every workspace implementation wraps a Task, only an
    // implementation outside the workspace could hand back a source: possible (a library's users, a test double),
    // not likely, so the finding informs rather than warns.
    ...(backing.kind === 'taskBackedInWorkspace' ? { maxSeverity: { severity: 'information' as const, reason: `${backing.implementations === 1 ? 'the one implementation' : `each of the ${backing.implementations} implementations`} the workspace declares for ${backing.owner} hands back a ValueTask over a Task, which may be blocked on; only one outside the workspace could back it with a source` } } : {}),
  };
}

function droppedCall(ctx: RuleContext, body: MethodBody, call: CallSite): RuleFinding | null {
  if (call.usage !== 'discarded' || call.inNameof || call.name === 'ConfigureAwait' || intentionalDropOf(call, fileNamespaces(ctx))) return null;
  const result = callResultOf(ctx, body, call);
  if (result.kind !== 'valueTask') return null;
  const canAwait = body.isAsync && whyAwaitIsNotAllowedAt(ctx, body, call.span.start) === null && !isConditionalCall(ctx.text, call);
  const overTask = droppedValueTaskWrapsTask(ctx, body, call);
  // In a try whose catch ignores every exception (ASY022's same case, asy022-unobserved-task.ts ignoringTryOf), the
  // author means failures to be ignored: Oqtane's interop wrappers, `try { js.InvokeVoidAsync(...); return
  // Task.CompletedTask; } catch { return Task.CompletedTask; }`. Only a ValueTask over a Task, which holds no pooled
  // source: what such a drop loses is then only what the catch meant to lose.
  const ignoring = overTask ? ignoringTryOf(ctx, body, call) : null;
  if (ignoring) {
    return {
      span: call.span,
      message: `The ValueTask ${quoted(ctx.text.slice(call.span.start, call.span.end))} returns is dropped`,
      note: `It wraps ${overTask}, so no pooled source is held. ${ignoringCatchNote(body, ignoring, 'ValueTask')}`,
      bodyId: body.id,
      fix: ignoringCatchFix(ctx, body, call, ignoring, 'ValueTask'),
      ...ignoringCatchSeverity(ignoring),
    };
  }
  return {
    span: call.span,
    message: `The ValueTask ${quoted(ctx.text.slice(call.span.start, call.span.end))} returns is dropped`,
    // A ValueTask over a Task has no pooled source to hand back: what is lost is the exception and the wait.
    note: overTask
      ? `It wraps ${overTask}, so no pooled source is held; but its exception is lost, and the caller goes on before the operation ends.`
      : 'A dropped ValueTask loses its exception, and the caller goes on before the operation ends; one backed by a pooled source (an IValueTaskSource) never hands that source back either.',
    bodyId: body.id,
    fix: canAwait
      ? { title: 'Await the ValueTask', safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.start, newText: 'await ' }] }
      : { title: 'Await it (make the method async), or keep it and consume it once', safety: 'display-only', edits: [] },
  };
}

/**
 * What a dropped call's ValueTask wraps when it is known to wrap a Task, for the note: a library method that builds
 * its ValueTask over a Task (knowledge/taskBackedValueTaskApis.ts, on a receiver of the row's type), or a workspace
 * method whose every return is one (taskBackedValueTasks.ts). Null when the ValueTask may hold a pooled source.
 */
function droppedValueTaskWrapsTask(ctx: RuleContext, body: MethodBody, call: CallSite): string | null {
  const receiverType = call.receiver === null ? null : receiverTypeOf(ctx, body, call.receiver);
  const row = receiverType === null ? undefined : taskBackedValueTaskApiFor(call.name, (type) => typeDerivesFrom(ctx, receiverType, type));
  if (row) return `${row.backing} (${row.type}.${call.name} builds its ValueTask over it)`;
  const text = ctx.text.slice(call.span.start, call.span.end);
  return valueTaskBackingOf(ctx.index, ctx.file, body, text, holdsNoValueTaskSource).kind === 'taskBacked' ? 'a Task (the method it calls builds its ValueTask over one)' : null;
}

/** A task whose result is a ValueTask: `Task<ValueTask>`, `Task<ValueTask<int>>`, with or without the namespace. */
const TASK_OF_VALUE_TASK = /^(?:System\.Threading\.Tasks\.)?Task<\s*(?:System\.Threading\.Tasks\.)?ValueTask\b/;

/**
 * A Task.Run or Task.Factory.StartNew (knowledge/taskDelegateStarts.ts) whose delegate returns a ValueTask. Those calls
 * unwrap a task the delegate returns only when it is a Task: `Task.Run` has overloads for `Func<Task>` and
 * `Func<Task<TResult>>` and none for a ValueTask, so such a delegate binds to `Run<TResult>(Func<TResult>)`
 * (learn.microsoft.com, Task.Run, "Overloads"); `TaskFactory.StartNew` unwraps nothing (its `Task<Task>` needs
 * `Unwrap()`, which has no ValueTask overload either). The task it starts completes when the delegate hands the
 * ValueTask back, so whoever waits on or awaits that task goes on before the operation ends,
 * and nothing consumes the ValueTask: it is dropped inside the started task. Only where the started task's result,
 * the ValueTask, is never read: dropped, waited on with Wait(), awaited as a statement, or returned as a plain Task.
 * Code that reads it (`await await Task.Run(...)`, `.Result` then consumed) may consume the ValueTask after all.
 */
function poolStartedValueTask(ctx: RuleContext, body: MethodBody, call: CallSite, masked: string): RuleFinding | null {
  const receiver = call.receiver?.trim() ?? '';
  if (!isTaskDelegateStart(receiver, call.name)) return null;
  if (!dropsStartedResult(body, call, masked)) return null;
  const result = callResultOf(ctx, body, call);
  if (!result.typeText || !TASK_OF_VALUE_TASK.test(result.typeText)) return null;
  const inner = result.typeText.replace(/^(?:System\.Threading\.Tasks\.)?Task<\s*/, '').replace(/>\s*$/, '').replace(/^System\.Threading\.Tasks\./, '');
  return {
    span: call.span,
    message: `The ${inner} the delegate of ${quoted(`${receiver}.${call.name}`)} returns is never awaited: the started task ends when the delegate returns it`,
    note: `${receiver}.${call.name} gives a Task<${inner}>: it unwraps a Task the delegate returns but not a ValueTask, so the started task completes as soon as the delegate hands the ${inner} back, before the operation ends. A wait on it or an await of it goes on while the operation still runs, its exception is lost, and a pooled source is never handed back. Return a Task (\`.AsTask()\`) from the delegate, or make it async and await the ValueTask.`,
    bodyId: body.id,
    fix: { title: 'Return .AsTask() from the delegate, or make it async and await the ValueTask', safety: 'display-only', edits: [] },
  };
}

/**
 * Whether the result of a started task is never read where the call is written: the call is a statement, is waited
 * on with `.Wait(...)`, is awaited as a statement of its own (`await Task.Run(...);`, with or without
 * ConfigureAwait), or is returned from a method whose return type is the plain `Task`, which keeps no result.
 */
function dropsStartedResult(body: MethodBody, call: CallSite, masked: string): boolean {
  const after = masked.slice(call.span.end);
  switch (call.usage) {
    case 'discarded': return true;
    case 'blocked': return /^\s*\.\s*Wait\s*\(/.test(after);
    case 'awaited': return awaitedAsStatement(masked, call.span.start) && /^\s*(?:\)\s*)?(?:\.\s*ConfigureAwait\s*\([^()]*\)\s*)?;/.test(after);
    case 'returned': return /^(?:System\.Threading\.Tasks\.)?Task$/.test(body.returnTypeText?.trim() ?? '');
    default: return false;
  }
}

const isSpace = (ch: string) => /\s/.test(ch);

/**
 * Whether the text before `at` ends a statement's start with `await` (`{ await (`, `; await`, or the text's start),
 * which `/(?:^|[;{}])\s*await\s*\(?\s*$/` answers of `masked.slice(0, at)`. Read backwards from `at`: that
 * expression tried every position of the prefix, so each awaited call read the file up to it, quadratic in the file's
 * length (about 25 s of the rules' time on a 3 MB document of 10,000 awaited Task.Run calls).
 */
export function awaitedAsStatement(masked: string, at: number): boolean {
  let i = at;
  while (i > 0 && isSpace(masked[i - 1])) i--;
  if (i > 0 && masked[i - 1] === '(') i--;
  while (i > 0 && isSpace(masked[i - 1])) i--;
  if (i < 5 || masked.slice(i - 5, i) !== 'await') return false;
  i -= 5;
  while (i > 0 && isSpace(masked[i - 1])) i--;
  return i === 0 || ';{}'.includes(masked[i - 1]);
}

/** Types that wrap a ValueTask on purpose: awaitables and awaiters (GetAwaiter, GetResult, OnCompleted). */
function isAwaitableWrapper(members: readonly { name: string }[]): boolean {
  return members.some((m) => m.name === 'GetAwaiter' || m.name === 'GetResult' || m.name === 'OnCompleted' || m.name === 'UnsafeOnCompleted');
}

export const rule: Rule = {
  meta: {
    id: 'ASY024',
    name: 'valuetask-misuse',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['CA2012', 'S5034'],
    summary: 'A ValueTask consumed twice, blocked on before it completes, kept in a field, or dropped.',
    docs,
    scope: 'method',
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    const consumedNames = consumedNamesByBody(ctx.model.bodies);
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      findings.push(...doubleConsumptions(ctx, body, masked, consumedNames(body)));
      for (const wait of waitsOf(ctx, body)) {
        const f = blockingRead(ctx, body, wait);
        if (f) findings.push(f);
      }
      for (const call of body.calls) {
        const f = droppedCall(ctx, body, call) ?? poolStartedValueTask(ctx, body, call, masked);
        if (f) findings.push(f);
      }
    }
    return findings;
  },
  /** ValueTask fields, on the type declarations rather than in any method. */
  checkDeclarations(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const type of ctx.model.types) {
      if (isAwaitableWrapper(type.members)) continue;
      for (const m of type.members) {
        if (m.kind !== 'field' || !isValueTaskType(m.typeText)) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        if (isSharedCompletedField(ctx, type.name, m, masked)) continue;
        findings.push({
          span: m.nameSpan,
          message: `Field ${quoted(m.name)} keeps a ValueTask: whoever reads it next may consume it again`,
          note: 'A ValueTask may be consumed (awaited, its result read) only once. Keep a Task (AsTask()) in the field, or the result once it is known.',
          fix: { title: 'Store a Task (AsTask()) or the result instead', safety: 'display-only', edits: [] },
        });
      }
    }
    return findings;
  },
};
