/** ASY023 null-task-return: `return null;` (or a null branch, `default`, `x?.M()`) in a function that returns Task without `async`. */
import type { MemberSignature, MethodBody, ReturnSite, Span, SuspensionPoint, TypeDeclaration } from '../model/types';
import { closingBracket, conditionalParts, contains, escapeRegExp, topLevel } from '../model/syntax';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import { maskCommentsAndStrings, returnExpressionSpan, taskQualifier } from './sourceText';
import type { Fix, Rule, RuleContext, RuleFinding, TextEdit } from './types';
import { quoted } from './messageText';
import { acceptsNull } from './typeKinds';
import { NULL_TASK, nullTestedByEveryCaller } from './nullTasks';
import { testCodeVerdict } from '../project/testCode';
import { nullableAnnotationsAt, nullableWarningsAt } from '../project/nullableWarnings';
import { importsNamespace } from './asy001-004-blocking-common';
import { callersOf, methodsNamed, stripGenerics, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { descendantsOf } from '../workspace/completion';
import { fieldWritesIn } from './fieldWrites';
import { ownTypeOf } from '../model/enclosingTypes';

const docs = `## What it does
Flags a function that returns \`Task\` or \`Task<T>\` without \`async\` and hands back a null task: \`return null;\`,
\`return default;\`, \`return (Task)null;\`, a conditional with a null branch (\`return ready ? null : LoadAsync();\`)
or a conditional access that is null when its receiver is (\`return _cache?.RefreshAsync();\`). Methods, local
functions, expression-bodied properties and lambdas whose delegate type is declared (\`Func<Task> f = () => null;\`)
are looked at. A return type declared nullable (\`Task?\`) says the null is intended and is left alone; so are
async functions, where \`return null;\` is the result, not the task. So is a test double in test code whose name, or
the name of a type around it, says it returns null (\`class MutatorReturnsNull : IMutator\`, \`FindReturningNull\`,
\`NullTask\`): it hands the code under test the null a careless implementation would, so that a test can check the
guard that reports it, and the fix would defeat the test. Outside test code such a name changes nothing. A virtual
method's null in an abstract class is information when every workspace class deriving from it that is not abstract
overrides the method (itself or through a class between them) and no code calls \`base.\` on it: no dispatched call
reaches the default today, but the next subclass that does not override it will. A public type of a published library
keeps the warning, since its users may derive from it. A private method whose every call tests the task for null
before continuing on it (\`Task write = WriteRow(); if (write != null) ...\`, \`WriteRow()?.ContinueWith(...)\`), drops
it, or returns it to a private caller whose calls do the same, is information too: that is the null-task convention
of code written before ValueTask (Microsoft.Data.SqlClient's bulk copy and TDS writer), and no caller awaits the null
today. A method group of it, or a method code outside its type can call, keeps the warning.

It also flags the consuming side: an await of a conditional access (\`await _onExit?.Invoke(code);\`,
\`var title = await _journal?.TitleAsync();\`, \`await (_store?.SaveAsync()).ConfigureAwait(false);\`). When the
receiver is null, \`?.\` skips the call and yields null, and the await then throws. A \`??\` inside the awaited operand
(\`await (x?.M() ?? Task.CompletedTask)\`) keeps it quiet; one after the await (\`await x?.TitleAsync() ?? "none"\`)
does not, since it applies to the awaited result. So does a receiver that an enclosing \`if\` or \`?:\` tests
against null (\`if (x != null)\`, \`x is not null && ...\`, \`x is { }\`), and a readonly field that construction always
creates (see Limitations). Where the compiler's nullable analysis already reports the await (warning CS8602 under
\`<Nullable>enable</Nullable>\` or \`warnings\`, or after \`#nullable enable\`, unless NoWarn silences CS8602), the finding
is information: the build already shows it, and two warnings for one mistake teach people to ignore one (a
null-forgiving \`!\` after the access silences the compiler, and the finding stays a warning). It is information too
where the receiver is declared without \`?\` in a nullable annotation context (\`<Nullable>annotations</Nullable>\` or
\`enable\`): a parameter \`Func<bool, string, Task> report\` is declared not null, so only a caller breaking that makes
the await throw, and the \`?.\` is noise to remove more than a crash to fix. Elsewhere (nullable disabled, or a receiver
declared \`Func<...>?\` under annotations only) nothing else reports it, and it is a warning. PVS-Studio's V3168 and ErrorProne.NET's null-conditional await analyzer report the same await;
vs-threading's request for it (issue 298) is open; Roslyn closed its own request (issue 22784) in favour of
nullable analysis, which covers only code with nullable warnings on.

## Why is this bad?
Callers await what a Task-returning method returns. \`await null\` throws a \`NullReferenceException\` at the
caller, far from the \`return\`, and only on the path that returned null, so tests that miss it pass.
\`Task.CompletedTask\` and \`Task.FromResult\` cost nothing (the runtime caches completed tasks for common results)
and can be awaited.

## Example
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class ReportQueue
{
    private readonly Queue<string> _pending = new();

    public Task FlushAsync()
    {
        if (_pending.Count == 0)
        {
            return null;
        }
        return Task.Run(() => _pending.Clear());
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class ReportQueue
{
    private readonly Queue<string> _pending = new();

    public Task FlushAsync()
    {
        if (_pending.Count == 0)
        {
            return Task.CompletedTask;
        }
        return Task.Run(() => _pending.Clear());
    }
}
\`\`\`

## Fix safety
The fix replaces the null by a completed task: \`Task.CompletedTask\` for \`Task\`, \`Task.FromResult<T>(null)\` for
\`Task<T>\` (\`default\` instead of \`null\` unless \`T\` is known to take null), and appends \`?? Task.CompletedTask\` to a
conditional access. For an awaited conditional access whose result nothing reads (an \`await x?.M();\` statement, or
the expression body of an async method returning Task or void) it awaits \`(x?.M() ?? Task.CompletedTask)\` instead:
one read of the receiver, as before, so a field another thread sets to null between a test and the call cannot
make it throw, which \`if (x is not null) await x.M();\` (two reads) could. Where the result is read
(\`var n = await x?.CountAsync();\`) there is no fix: what the code should get when the receiver is null (a default,
an early return, an exception) is the author's decision. It is **unsafe** in the strict sense: it is meant to change what a caller sees. Awaiting the
result used to throw and now completes with the default result, and a caller that compared the task with null
(\`if (task is null)\`) now takes the other branch. For callers that await, it only removes the crash.

## Limitations
- A conditional access on a readonly field of the method's own class that its initializer or every constructor
  sets to a new object (\`private readonly Cache _cache = new();\`, \`return _cache?.RefreshAsync();\`) or to a value
  that throws when null (\`_log = log ?? throw new ArgumentNullException(nameof(log));\`) is left alone, and so is a
  private field that is not readonly when every write in its type does the same: the receiver is never null there
  (the \`?.\` is only noise), except in a call made by the constructor itself before the assignment, which the rule
  does not follow. A partial class, a struct (whose \`default\` holds
  null fields), a class with a primary constructor (which every other constructor chains to, and which assigns no
  field) or any other write to the field (from a parameter, \`null\`, \`out\`, inside an \`if\` alone) keeps the
  finding.
- An awaited conditional access is recognised as written: a task stored first (\`var t = x?.M(); await t;\`) and an
  \`await foreach\` over \`x?.ReadAllAsync()\` are not followed. A receiver left early on when null is read only in
  the guard statement \`if (x == null) return;\` (or \`is null\`, with throw, continue or break) in a block that still
  holds the await, with no assignment to x in between; a guard with more conditions (\`if (x is null || done)\`) or a
  receiver known not null some other way (a non-nullable parameter every caller fills) still gets the finding, where
  the \`?.\` is noise that a maintainer may still want gone.
- Only the returned expression's own shape is read: a null stored in a variable first and then returned, or a
  switch expression arm, is not seen.
- \`null\` is written only for a \`T\` known to take it: a reference type (a C# keyword, a workspace class, record,
  interface or delegate, a type the signature database or the BCL tables in knowledge/typeSizes.ts list as one), a
  \`Foo?\` (Nullable<Foo> or an annotated reference), a type parameter constrained to \`class\`. Any other \`T\`
  (\`Guid\`, a struct from a package the database lacks, an unconstrained type parameter) gets \`default\`, which
  compiles whatever T is and is null for a reference type.
`;

type NullShape =
  | { kind: 'null'; span: Span }
  | { kind: 'conditionalAccess'; span: Span };

/** Where in `span` a null task comes from, or null: the whole value, a branch of `?:`, or a conditional access. */
function nullShapeOf(masked: string, span: Span): NullShape | null {
  let { start, end } = trimmed(masked, span);
  while (masked[start] === '(' && closing(masked, start, end) === end - 1) ({ start, end } = trimmed(masked, { start: start + 1, end: end - 1 }));
  const text = masked.slice(start, end);
  if (NULL_TASK.test(text) || /^null\s+as\s+(?:[\w.]+\.)?Task(?:<.+>)?$/.test(text)) return { kind: 'null', span: { start, end } };
  const conditional = conditionalParts(masked, start, end);
  if (conditional) return nullShapeOf(masked, conditional.whenTrue) ?? nullShapeOf(masked, conditional.whenFalse);
  if (hasTopLevel(masked, start, end, /\?\?/) || hasTopLevel(masked, start, end, /[=<>!+\-*/%&|^]/)) return null;
  if (hasTopLevel(masked, start, end, /\?[.[]/) && /^[@\w(]/.test(text)) return { kind: 'conditionalAccess', span: { start, end } };
  return null;
}

function trimmed(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /[\s;]/.test(text[end - 1])) end--;
  return { start, end };
}

function closing(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') if (--depth === 0) return i;
  }
  return -1;
}

/** Whether `pattern` matches at some index outside brackets. */
function hasTopLevel(text: string, start: number, end: number, pattern: RegExp): boolean {
  let found = false;
  const sticky = new RegExp(pattern.source, 'y');
  topLevel(text, start, end, (i) => {
    sticky.lastIndex = i;
    found = sticky.test(text);
    return found;
  });
  return found;
}

function completedTaskText(ctx: RuleContext, body: MethodBody): string | null {
  const q = taskQualifier(body.returnTypeText);
  if (body.returnKind === 'Task') return `${q}Task.CompletedTask`;
  // `default` is null for a reference type and compiles for any T; `null` reads better where it surely converts.
  if (body.returnKind === 'TaskOfT' && body.resultTypeText) return `${q}Task.FromResult<${body.resultTypeText}>(${acceptsNull(ctx, body, body.resultTypeText) ? 'null' : 'default'})`;
  return null;
}

/**
 * The completed task in place of the null. Where the callers test the task for null (`calledTestingNull`), a null is
 * how they learn the work finished synchronously, and the title says that their tests then take the other path.
 */
function fixFor(ctx: RuleContext, body: MethodBody, shape: NullShape, calledTestingNull: boolean): Fix | null {
  const completed = completedTaskText(ctx, body);
  if (!completed) return null;
  const edit: TextEdit = shape.kind === 'null'
    ? { start: shape.span.start, end: shape.span.end, newText: completed }
    : { start: shape.span.end, end: shape.span.end, newText: ` ?? ${completed}` };
  const shown = completed.replace(/<.*>\(.*\)$/, '');
  const title = shape.kind === 'null' ? `Return ${shown} instead of null` : `Fall back to ${shown} when the receiver is null`;
  return { title: calledTestingNull ? `${title} (its callers test for null: check them)` : title, safety: 'unsafe', edits: [edit] };
}

/** `ReturnsNull`, `ReturnNull`, `ReturningNull`, `NullReturning`, `NullTask`: a name that says the null is the point. */
const NAMED_FOR_NULL = /Return(?:s|ing)?Null|NullReturning|NullTask/;

/**
 * Whether a test's function, or a type around it, is named for returning a null task (`class
 * MutatorReturnsNull : IMutator`, `Task FindReturnsNull(...)`): a test double written to hand the code under test the
 * null a careless implementation would, so that a test can check the guard that reports it. The null is what the
 * test is about, and the fix would defeat it. Test code only: a production type of that name is still a bug's place.
 */
function namedForItsNull(ctx: RuleContext, body: MethodBody): boolean {
  const chain = bodyChain(body, ctx.model.bodies);
  return chain.some((b) => NAMED_FOR_NULL.test(b.name) || (b.containingType !== null && NAMED_FOR_NULL.test(b.containingType)));
}

/** The file's project is test code, or (outside a project, as a lone file) the file holds a test or test class. */
function isTestCode(ctx: RuleContext): boolean {
  return !!ctx.testCode || testCodeVerdict(null, ctx.text, ctx.model, null).testCode;
}

function isTaskReturning(body: MethodBody): boolean {
  if (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') return false;
  // `Task?`: the signature says callers must expect null (VSTHRD114's false alarm, vs-threading issue 637).
  return !/\?\s*$/.test(body.returnTypeText ?? '');
}

export const rule: Rule = {
  meta: {
    id: 'ASY023',
    name: 'null-task-return',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['VSTHRD114', 'MA0022', 'S4586', 'RCS1210'],
    summary: 'A non-async function returning Task hands back null, or an await awaits a conditional access (x?.M()) that is null, which throws.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.isAsync || body.hasSyntaxErrors || !isTaskReturning(body)) continue;
      if (namedForItsNull(ctx, body) && isTestCode(ctx)) continue;
      // Whether the callers test the task for null depends on the body, not on the return: asked once, at its first null.
      let tested: string | null | undefined;
      for (const r of body.returns) {
        if (r.expressionText === null) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        const at = expressionSpanOf(r, ctx.text);
        if (!at) continue;
        const shape = nullShapeOf(masked, at);
        if (!shape) continue;
        if (shape.kind === 'conditionalAccess' && receiverIsAlwaysCreated(ctx, body, masked, shape.span)) continue;
        if (tested === undefined) tested = nullTestedByEveryCaller(ctx.index, ctx.file, masked, ctx.model.types, body);
        const fix = fixFor(ctx, body, shape, tested !== null);
        const unreached = (shape.kind === 'null' ? unreachedDefaultReason(ctx, body) : null) ?? tested;
        findings.push({
          span: shape.span,
          message: shape.kind === 'null'
            ? `${body.name === '<lambda>' || body.kind === 'lambda' ? 'This function' : quoted(body.name)} returns a null task: awaiting it throws NullReferenceException`
            : `${quoted(ctx.text.slice(shape.span.start, shape.span.end))} is a null task when its receiver is null`,
          note: 'Callers await what a Task-returning method returns, and await null throws; a completed task costs nothing and can be awaited.',
          bodyId: body.id,
          ...(fix ? { fix } : {}),
          ...(unreached ? { maxSeverity: { severity: 'information' as const, reason: unreached } } : {}),
        });
      }
    }
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors) continue;
      for (const point of body.awaits) {
        masked ??= maskCommentsAndStrings(ctx.text);
        const finding = awaitedNullTaskFinding(ctx, body, point, masked);
        if (finding) findings.push(finding);
      }
    }
    return findings;
  },
};

/**
 * The consuming side of a null task: an await whose operand is a conditional access (`await _onExit?.Invoke(code)`,
 * `await (_store?.SaveAsync()).ConfigureAwait(false)`). When the receiver is null the access yields null, and await
 * calls GetAwaiter (or ConfigureAwait) on it, which throws NullReferenceException: `?.` guards the call but not the
 * await. Only a reference type can come out of a conditional access as something awaitable (a ValueTask would come
 * out as `ValueTask?`, which does not compile under await), so every such await awaits a possibly null task.
 */
function awaitedNullTaskFinding(ctx: RuleContext, body: MethodBody, point: SuspensionPoint, masked: string): RuleFinding | null {
  const awaited = awaitedConditionalAccess(masked, point);
  if (!awaited) return null;
  const receiver = receiverOf(masked, awaited.access);
  if (receiverIsAlwaysCreated(ctx, body, masked, awaited.access)) return null;
  if (receiver !== null && (testedNotNull(point, receiver) || leftEarlyWhenNull(body, point, receiver, masked))) return null;
  const access = ctx.text.slice(awaited.access.start, awaited.access.end);
  const fix = resultIsDiscarded(body, point, masked) ? completedTaskFallback(ctx, masked, awaited.access) : null;
  return {
    span: awaited.access,
    message: `${quoted(access)} is null when ${receiver !== null ? quoted(receiver) : 'its receiver'} is null, and awaiting null throws NullReferenceException`,
    note: `The conditional access skips the call when its receiver is null but yields null, and the await ${awaited.configured ? 'calls ConfigureAwait on that null' : 'asks that null for its awaiter'}; test the receiver (\`if (x is not null) await x.M();\`) or await a completed task in its place.`,
    bodyId: body.id,
    ...(fix ? { fix } : {}),
    ...quieterWhere(ctx, body, point, receiver, awaited.forgiven),
  };
}

/**
 * Information instead of a warning where the build already says it or the code declares the null away: the compiler's
 * nullable analysis reports the await (CS8602; not with a `!`, which silences it), or the receiver is declared with a
 * reference type without `?` in a nullable annotation context (`Func<bool, string, Task> update` of a parameter), so
 * that only a caller breaking the annotation makes it null and the `?.` is noise rather than a live path.
 */
function quieterWhere(ctx: RuleContext, body: MethodBody, point: SuspensionPoint, receiver: string | null, forgiven: boolean): Pick<RuleFinding, 'maxSeverity'> {
  const at = point.keywordSpan.start;
  if (!forgiven && nullableWarningsAt(ctx.text, at, ctx.nullableWarnings ?? null)) {
    return { maxSeverity: { severity: 'information', reason: 'the compiler\'s nullable analysis already reports this await here (CS8602, a dereference of a possibly null reference)' } };
  }
  const declared = receiver !== null && nullableAnnotationsAt(ctx.text, at, ctx.nullableAnnotations ?? null) ? declaredTypeOf(ctx, body, receiver) : null;
  if (declared && !/\?\s*$/.test(declared)) {
    return { maxSeverity: { severity: 'information', reason: `${quoted(receiver!)} is declared ${quoted(declared)}, not null, in a nullable annotation context: only a caller that breaks the annotation makes the await throw, and the ?. is noise` } };
  }
  return {};
}

/** The type a receiver's declaration writes: a parameter or an explicitly typed local of the body, or a field or property of its type. */
function declaredTypeOf(ctx: RuleContext, body: MethodBody, receiver: string): string | null {
  const member = /^this\s*\.\s*([A-Za-z_]\w*)$/.exec(receiver);
  const name = member ? member[1] : /^[A-Za-z_]\w*$/.test(receiver) ? receiver : null;
  if (!name) return null;
  if (!member) {
    for (const b of bodyChain(body, ctx.model.bodies)) {
      const local = b.locals.find((l) => l.name === name);
      if (local) return local.kind === 'local' ? local.typeText : null;
      const parameter = b.parameters.find((p) => p.name === name);
      if (parameter) return parameter.typeText;
    }
  }
  const type = ownTypeOf(ctx.model.types, body);
  const found = type?.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
  return found?.typeText ?? null;
}

/**
 * The conditional access an await's operand is, seen through parentheses and one `.ConfigureAwait(...)` called on a
 * parenthesized access, or null. The access may be a branch of a conditional (`ready ? Task.CompletedTask : x?.M()`);
 * a `??` that gives a task in its place (`await (x?.M() ?? Task.CompletedTask)`) makes it not one. A `??` after the
 * await (`await x?.CountAsync() ?? 0`) binds to the awaited result and does not.
 */
function awaitedConditionalAccess(masked: string, point: SuspensionPoint): { access: Span; configured: boolean; forgiven: boolean } | null {
  if (point.kind !== 'await') return null;
  let span = unparenthesized(masked, trimmed(masked, { start: point.keywordSpan.end, end: operandEnd(masked, point) }));
  const configured = CONFIGURE_AWAIT_CALL.exec(masked.slice(span.start, span.end));
  if (configured && masked[span.start] === '(' && closing(masked, span.start, span.end) === span.start + configured.index - 1) {
    span = unparenthesized(masked, { start: span.start, end: span.start + configured.index });
  }
  const shape = nullShapeOf(masked, span);
  // `await x?.M()!`: the null-forgiving operator silences the compiler's warning, so nothing else reports the await.
  return shape?.kind === 'conditionalAccess' ? { access: shape.span, configured: !!configured, forgiven: /!\s*$/.test(masked.slice(shape.span.start, shape.span.end)) || /^\s*!(?!=)/.test(masked.slice(shape.span.end, shape.span.end + 8)) } : null;
}

/**
 * Where an await's operand ends. The parser reads `await x?.M()` as `(await x)?.M()` (parser.md, quirk 1), so the
 * await's span stops before the `?.`; the model then gives the whole chain as the operand's text, which ends it.
 */
function operandEnd(masked: string, point: SuspensionPoint): number {
  let start = point.keywordSpan.end;
  while (start < point.span.end && /\s/.test(masked[start])) start++;
  const end = start + point.operand.text.length;
  return end > point.span.end && /^\s*\?[.[]/.test(masked.slice(point.span.end, end)) ? end : point.span.end;
}

/** A `.ConfigureAwait(...)` call that ends the text, with the `)` of a parenthesized task just before it. */
const CONFIGURE_AWAIT_CALL = /(?<=\))\s*\.\s*ConfigureAwait\s*\([^()]*\)$/;

function unparenthesized(masked: string, span: Span): Span {
  let { start, end } = trimmed(masked, span);
  while (masked[start] === '(' && closing(masked, start, end) === end - 1) ({ start, end } = trimmed(masked, { start: start + 1, end: end - 1 }));
  return { start, end };
}

/** The receiver of a conditional access as written before its first `?.` or `?[` outside brackets, or null. */
function receiverOf(masked: string, access: Span): string | null {
  let at = -1;
  topLevel(masked, access.start, access.end, (i) => {
    if (masked[i] === '?' && (masked[i + 1] === '.' || masked[i + 1] === '[')) at = i;
    return at >= 0;
  });
  return at > access.start ? masked.slice(access.start, at).trim() : null;
}

/** A receiver as a regular expression that also takes it with or without `this.` (`_cache`, `this._cache`). */
function receiverPattern(receiver: string): string {
  return String.raw`(?:this\s*\.\s*)?` + escapeRegExp(receiver.replace(/^this\s*\.\s*/, ''));
}

/**
 * Whether an enclosing `if` or `?:` has tested the receiver against null (`if (_cb != null)`, `x is not null &&
 * ...`, `x is { }`, or the else branch of `x == null ? ... : ...`): the `?.` is only noise then. A field another
 * thread may set to null between the test and the await is the writer's race, not this await's.
 */
function testedNotNull(point: SuspensionPoint, receiver: string): boolean {
  const name = receiverPattern(receiver);
  const notNull = new RegExp(String.raw`^\(*\s*(?:${name}\s*(?:!=\s*null|is\s+not\s+null|is\s*\{\s*\})|null\s*!=\s*${name})\s*\)*$`);
  const isNull = new RegExp(String.raw`^\(*\s*(?:${name}\s*(?:==\s*null|is\s+null)|null\s*==\s*${name})\s*\)*$`);
  return point.regions.some((r) => {
    if (r.kind !== 'conditional' || r.detail === undefined) return false;
    // The else branch of a test sees it negated (model/extract.ts conditionDetail): `!(x == null)`.
    const negated = /^!\((.*)\)$/s.exec(r.detail);
    // `!(a || x == null)` holds only where x is not null; a part in brackets of its own does not match, and says nothing.
    if (negated) return negated[1].split('||').some((part) => isNull.test(part.trim()));
    return r.detail.split('&&').some((part) => notNull.test(part.trim()));
  });
}

/**
 * Whether the body leaves when the receiver is null before it reaches the await: a guard statement
 * `if (x == null) return;` (or `is null`, with throw, continue or break, braced or not) earlier in a block that still
 * holds the await, and no assignment to x between the two. The `?.` is only noise after such a guard.
 */
function leftEarlyWhenNull(body: MethodBody, point: SuspensionPoint, receiver: string, masked: string): boolean {
  if (!body.bodySpan) return false;
  const name = receiverPattern(receiver);
  const guard = new RegExp(String.raw`\bif\s*\(\s*(?:${name}\s*(?:==\s*null|is\s+null)|null\s*==\s*${name})\s*\)\s*\{?\s*(?:return|throw|continue|break)\b`, 'g');
  const assignment = new RegExp(String.raw`(?<![\w.])${name}\s*(?:\?\?)?=(?![=>])`);
  const before = masked.slice(body.bodySpan.start, point.keywordSpan.start);
  for (let m = guard.exec(before); m; m = guard.exec(before)) {
    const between = before.slice(m.index);
    if (staysInBlock(between) && !assignment.test(between.slice(m[0].length))) return true;
  }
  return false;
}

/** Whether text never closes the block it starts in (its braces never go below their starting depth). */
function staysInBlock(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return true;
}

/**
 * Whether nothing reads what the await gives: it is a statement of its own (`await x?.M();`), or the expression body
 * of an async method or function returning Task or void. Only then can a completed Task stand in for the null, whatever
 * task type the call returns; a result that is read (`var n = await x?.CountAsync();`) needs a value of its own.
 */
function resultIsDiscarded(body: MethodBody, point: SuspensionPoint, masked: string): boolean {
  const statement = point.statementSpan;
  if (!statement) return false;
  const end = operandEnd(masked, point);
  if (statement.start === point.keywordSpan.start) return masked.slice(end, statement.end).trim() === ';' || (statement.end === end && isAsyncTaskOrVoid(body));
  return /^=>\s*$/.test(masked.slice(statement.start, point.keywordSpan.start)) && isAsyncTaskOrVoid(body);
}

function isAsyncTaskOrVoid(body: MethodBody): boolean {
  return body.isAsync && (body.returnKind === 'Task' || body.returnKind === 'void');
}

/** `await (x?.M() ?? Task.CompletedTask)`: awaits a completed task where the access gives null. */
function completedTaskFallback(ctx: RuleContext, masked: string, access: Span): Fix {
  const completed = `${importsNamespace(ctx, 'System.Threading.Tasks') ? '' : 'System.Threading.Tasks.'}Task.CompletedTask`;
  let before = access.start - 1;
  while (before >= 0 && /\s/.test(masked[before])) before--;
  let after = access.end;
  while (after < masked.length && /\s/.test(masked[after])) after++;
  const inParentheses = masked[before] === '(' && masked[after] === ')' && closing(masked, before, masked.length) === after;
  const edits: TextEdit[] = inParentheses
    ? [{ start: access.end, end: access.end, newText: ` ?? ${completed}` }]
    : [{ start: access.start, end: access.start, newText: '(' }, { start: access.end, end: access.end, newText: ` ?? ${completed})` }];
  return { title: 'Await Task.CompletedTask when the receiver is null', safety: 'unsafe', edits };
}

/** The returned expression's span: after `return`, or an expression body's expression (`=> null`). */
function expressionSpanOf(r: ReturnSite, text: string): Span | null {
  const inside = text.slice(r.span.start, r.span.end);
  if (/^=>/.test(inside)) return { start: r.span.start + 2, end: r.span.end };
  return returnExpressionSpan(r, text);
}

/**
 * Whether a conditional access's receiver is a field of the body's own class that holds a value from construction on:
 * its initializer or a statement of every constructor creates it or assigns a value that throws when null (`x ?? throw
 * ...`), and every other write does the same (a readonly field's only in constructors; a private one's anywhere in its
 * type). The `?.` then never yields null (outside the constructors, which are not looked at), so no null task comes
 * back.
 */
function receiverIsAlwaysCreated(ctx: RuleContext, body: MethodBody, masked: string, access: Span): boolean {
  const receiver = /^(this\s*\.\s*)?([A-Za-z_]\w*)\s*\?[.[]/.exec(masked.slice(access.start, access.end));
  if (!receiver) return false;
  const name = receiver[2];
  const chain = bodyChain(body, ctx.model.bodies);
  if (chain.some((b) => b.kind === 'constructor')) return false;
  if (!receiver[1] && declaresLocalOrParameter(chain, name)) return false;
  const type = ownTypeOf(ctx.model.types, body);
  // A struct's default value holds null fields; a partial class may have constructors in other files.
  if (!type || (type.kind !== 'class' && type.kind !== 'record') || type.modifiers.includes('partial')) return false;
  const field = type.members.find((m) => m.kind === 'field' && m.name === name);
  // A private field that is not readonly may be written by the type's other members too, and each write must then
  // hold a value as well; a field others can see may be written by anybody.
  if (!field || (!field.isReadonly && !isPrivateField(field, masked))) return false;
  const constructors = ctx.model.bodies.filter((b) => b.kind === 'constructor' && b.isStatic === field.isStatic && ownTypeOf(ctx.model.types, b) === type);
  return createdByEveryConstruction(field, type, constructors, masked);
}

/** A field declared without `public`, `protected` or `internal`: only its own type writes it. */
function isPrivateField(field: MemberSignature, masked: string): boolean {
  // The declaration's head: back from the name to the end of the member before it (the field's span may start at its
  // declarator).
  const before = masked.slice(0, field.nameSpan.start);
  const start = Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}')) + 1;
  return !/\b(?:public|protected|internal)\b/.test(before.slice(start));
}

/**
 * Whether every write to the field in its type creates an object and every constructor that does not chain to
 * another (`: this(...)`) creates it in a statement of its own (not under an `if`), unless the initializer does.
 */
function createdByEveryConstruction(field: MemberSignature, type: TypeDeclaration, constructors: readonly MethodBody[], masked: string): boolean {
  const writes = fieldWritesIn(field, type, masked);
  if (!writes) return false;
  // Each write must lie in a constructor and assign a creation: readonly fields are written nowhere else but in
  // init accessors, which any caller of `with` or an initializer may run. A compound write (`??=`, `-=` of a
  // delegate) may leave null behind.
  for (const w of writes) {
    if (w.operator !== '=' || (field.isReadonly && !constructors.some((c) => contains(c.span, { start: w.at, end: w.at })))) return false;
    if (!holdsValue(masked.slice(w.valueStart, statementEnd(masked, w.valueStart)))) return false;
  }
  if (field.initializerText && holdsValue(field.initializerText)) return true;
  // A primary constructor assigns no field of its own, and every other constructor chains to it.
  if (constructors.length === 0 || type.primaryConstructorParameters.length > 0) return false;
  return constructors.every((c) => chainsToAnother(c, masked) || createsAtTopLevel(c, field.name, masked));
}

/**
 * An expression that is never null: an object creation, or a value that throws when it is null (`logger ?? throw new
 * ArgumentNullException(nameof(logger))`, the guard NuGet's DelegatingLogger writes in its constructor and setter).
 */
function holdsValue(expression: string): boolean {
  return isCreation(expression) || /^[^?;]*\?\?\s*throw\b[^;]*$/.test(expression.trim());
}

/** `new T(...)`, `new()`, `new T[n]`, `new T { ... }`: an object creation and nothing after it. */
function isCreation(expression: string): boolean {
  const text = expression.trim();
  const head = /^new\b[\w.\s<>,?]*/.exec(text);
  if (!head) return false;
  let i = head[0].length;
  while (i < text.length && '([{'.includes(text[i])) {
    const close = closingBracket(text, i);
    if (close < 0) return false;
    i = close + 1;
    while (/\s/.test(text[i] ?? '')) i++;
  }
  return i === text.length && i > head[0].length;
}

/** The end of the expression that starts at `from`: the `;` (or the end of an expression body) outside brackets. */
function statementEnd(masked: string, from: number): number {
  let depth = 0;
  for (let i = from; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') { if (--depth < 0) return i; }
    else if (c === ';' && depth === 0) return i;
  }
  return masked.length;
}

/** A constructor whose initializer is `: this(...)` leaves the field to the constructor it chains to. */
function chainsToAnother(constructor: MethodBody, masked: string): boolean {
  const bodyStart = constructor.bodySpan?.start ?? constructor.span.end;
  return /:\s*this\s*\(/.test(masked.slice(constructor.nameSpan.end, bodyStart));
}

/**
 * Whether a statement of the constructor itself assigns the field a creation: one that starts the body or follows
 * another statement, not nested in a block, a lambda or an argument, nor the branch of an `if` without braces.
 */
function createsAtTopLevel(constructor: MethodBody, name: string, masked: string): boolean {
  const span = constructor.bodySpan;
  if (!span) return false;
  const write = new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?${name}\s*=(?![=>])`, 'y');
  const outer = masked[span.start] === '{' ? 1 : 0;
  let depth = 0;
  for (let i = span.start; i < span.end; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === outer && /[A-Za-z_]/.test(c) && startsStatement(masked, span.start, i)) {
      write.lastIndex = i;
      const m = write.exec(masked);
      if (m && holdsValue(masked.slice(i + m[0].length, statementEnd(masked, i + m[0].length)))) return true;
    }
  }
  return false;
}

/** Whether `at` starts a statement of the body that starts at `bodyStart`: after `{`, `;` or `}`, or first in an expression body. */
function startsStatement(masked: string, bodyStart: number, at: number): boolean {
  let j = at - 1;
  while (j >= bodyStart && /\s/.test(masked[j])) j--;
  if (j < bodyStart) return true;
  if ('{;}'.includes(masked[j])) return true;
  return /^\s*=>\s*$/.test(masked.slice(bodyStart, at));
}

/**
 * Why a virtual method's null task is a default no call reaches, or null: the method is virtual in an abstract class
 * (nothing creates an instance of it), every workspace class deriving from it that is not abstract overrides the
 * method (itself or through a class between them), and no workspace code calls `base.Name(...)`. A dispatched call
 * then always runs an override, so the null is a trap for the next subclass rather than a bug today (ScreenToGif's
 * capture base, reading 6's K6): information, with the reason. A public type of a published library keeps the
 * warning, since its users may derive from it without overriding; so does a class that is not abstract (akka.net's
 * `Routee.Ask`, whose base instances exist).
 */
function unreachedDefaultReason(ctx: RuleContext, body: MethodBody): string | null {
  const owner = body.containingType;
  if (body.kind !== 'method' || !body.modifiers.includes('virtual') || owner === null || body.containingTypeKind !== 'class') return null;
  const type = ownTypeOf(ctx.model.types, body);
  if (!type || !type.modifiers.includes('abstract')) return null;
  if (ctx.library?.isLibrary && (type.modifiers.includes('public') || type.modifiers.includes('protected'))) return null;
  const between = descendantsOf(ctx.index, owner);
  const concrete = concreteSubclassesOf(ctx.index, between);
  if (concrete.length === 0 || !concrete.every((sub) => overriddenOnTheWay(ctx.index, sub, between, body))) return null;
  if (callersOf(ctx.index, body.name).some((c) => c.call.receiver === 'base')) return null;
  const subclasses = concrete.length === 1 ? `its one concrete subclass, ${quoted(concrete[0])}, overrides`
    : concrete.length === 2 ? 'both of its concrete subclasses override' : `all ${concrete.length} of its concrete subclasses override`;
  return `${quoted(owner)} is abstract and ${subclasses} ${quoted(body.name)}, so no call reaches this default today; make it abstract or return a completed task before a new subclass relies on it`;
}

/** Of the workspace types deriving from a class, directly or not, the classes some declaration of the name leaves concrete. */
function concreteSubclassesOf(index: WorkspaceIndex, descendants: ReadonlySet<string>): string[] {
  return [...descendants].filter((name) => typesNamed(index, name).some((r) => r.type.kind === 'class' && !r.type.modifiers.includes('abstract'))).sort();
}

/**
 * Whether `sub` or a class between it and the method's class (one of `between`, the class's descendants) declares an
 * override of the method (by name and parameter count), an abstract one included (which leaves the override to the
 * concrete class below it). Interfaces and the bases above the method's class are not between.
 */
function overriddenOnTheWay(index: WorkspaceIndex, sub: string, between: ReadonlySet<string>, method: MethodBody): boolean {
  const seen = new Set<string>();
  const stack = [sub];
  while (stack.length) {
    const name = stack.pop()!;
    if (!between.has(name) || seen.has(name)) continue;
    seen.add(name);
    if (methodsNamed(index, method.name, name).some((m) => m.typeName === name && overrides(m.body, m.member, method))) return true;
    for (const ref of typesNamed(index, name)) for (const base of ref.type.baseTypes) stack.push(stripGenerics(base));
  }
  return false;
}

function overrides(body: MethodBody | null, member: MemberSignature | null, method: MethodBody): boolean {
  if (body) return body.modifiers.includes('override') && body.parameters.length === method.parameters.length;
  // A member without a body in a class is abstract: `public abstract override Task<int> M(...)`.
  return member !== null && member.kind === 'method' && member.parameterTypes.length === method.parameters.length;
}
