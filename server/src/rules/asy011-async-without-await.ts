/** ASY011 async-without-await: an async method, local function or lambda with no await at all. */
import { quoted } from './messageText';
import type { MethodBody, ReturnSite } from '../model/types';
import { shapeOfTypeText } from '../cost';
import { taskOfTBytes } from '../cost/estimate';
import { cachedValuesOf } from '../cost/resultCache';
import { asyncBodies, type Fix, type Rule, type RuleContext, type RuleFinding, type TextEdit } from './types';
import { asyncModifierRemoval, elidesCode, lastStatementOf, maskCommentsAndStrings, returnExpressionSpan, taskQualifier } from './sourceText';
import { enclosingTypes } from '../model/enclosingTypes';
import { expressionResultOf } from './taskResults';
import { canonicalType } from './asy002-argument-types';
import { stripGenerics, typeFamily, typesNamed } from '../workspace/index';

const docs = `## What it does
Flags an \`async\` method, local function, lambda or anonymous method whose body has no \`await\`
expression, no \`await foreach\` and no \`await using\` of its own (awaits inside a nested lambda or
local function belong to that function). Async iterators (\`async IAsyncEnumerable<T>\` with
\`yield return\`) are skipped: without \`async\` they would need a different shape, not a wrapped return.
A body that leaves code out with a comment line holding only an ellipsis (\`// ...\`, as documentation snippets and sketches do) is skipped too: what the missing code awaits is not known (an empty
body, or one whose comments say something, is all there is, and is flagged).

Such a method is shown as information: it costs no bytes that the fixed method would not (see below), only the
state machine's few instructions per call, so removing \`async\` is a clean-up rather than a defect. The .NET 10 SDK's
compiler no longer reports it (CS1998), and the style rule that replaced it, IDE0390, runs in a build only where the
project enforces code style. Two slips that never await are warnings, since the method does not do what
it says: a return that reads a member of the task where its result's member was meant, and a \`using\` of the task a
call returns (both below). A severity set for ASY011 in settings or .editorconfig shows every finding at that severity.

## Why is this bad?
The compiler still generates and runs a state machine for every call: a builder, \`MoveNext\`, and the
code that stores the result or the exception into the task. Nothing is ever awaited, so all of that
buys nothing. The task itself costs the same either way: \`Task.CompletedTask\` is cached, and an
\`async Task<T>\` allocates the same \`Task<T>\` (72 B for most T, 0 B for the values the runtime caches)
that \`Task.FromResult\` does. Compilers before the .NET 10 SDK report this as CS1998; the .NET 10 SDK's
compiler no longer does (a build with SDK 10.0.401 shows no warning for such a method, with language
version 12 or 14), and the IDE's style rule IDE0390 (IDE0391 for overrides and interface members) took its place.

## Example
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class Inventory
{
    private readonly Dictionary<string, int> _stock = new();

    public async Task<int> CountAsync(string sku)
    {
        return _stock.TryGetValue(sku, out var count) ? count : 0;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class Inventory
{
    private readonly Dictionary<string, int> _stock = new();

    public Task<int> CountAsync(string sku)
    {
        return Task.FromResult(_stock.TryGetValue(sku, out var count) ? count : 0);
    }
}
\`\`\`

## Fix safety
The fix removes \`async\` and makes every return hand back a task:
- \`Task\` / \`ValueTask\`: \`return;\` becomes \`return Task.CompletedTask;\` (\`ValueTask.CompletedTask\`), and
  \`return Task.CompletedTask;\` is appended when the block can fall off its end (its last statement is
  not a return or a throw); an expression body \`=> Foo()\` becomes \`{ Foo(); return Task.CompletedTask; }\`.
- \`Task<T>\`: \`return x;\` and \`=> x\` become \`Task.FromResult(x)\`, with \`<T>\` written out unless \`x\` is a
  literal or a local of exactly that type (so \`null\`, \`default\` and a \`List<int>\` returned as
  \`IEnumerable<int>\` still compile); \`ValueTask<T>\` returns become \`new ValueTask<T>(x)\`.
- \`async void\`: only \`async\` is removed.
- A lambda is fixed only when its delegate type is written in its declaration
  (\`Func<Task<int>> f = async () => 1;\`); a lambda passed as an argument is flagged without a fix,
  because dropping \`async\` could change which overload it binds to.
- A body that only throws (\`=> throw new NotSupportedException()\`, a stub's \`{ throw new NotImplementedException(); }\`)
  keeps its throw and gets no return; it has no result to wrap, so the note says what changes instead: the exception
  is thrown at the call rather than carried by the task.

The fix is **safe** only for trivial bodies: returns and assignments of literals, locals, parameters
and fields, with no call, no \`new\`, no operator, no member access, no indexing and no \`throw\`.
Anything else makes it **unsafe**, because any of those can throw: with \`async\` the exception is
stored in the returned task (and \`async void\` raises it on the synchronization context); without it the
exception is thrown to the caller synchronously, before any task exists. Code that calls the method
and only observes exceptions by awaiting the task then behaves differently.
A method of a mutable struct that writes one of the struct's fields or properties is **unsafe** too, however
trivial: an async struct method works on the copy of \`this\` its state machine holds, so the caller's value
never sees the write; without \`async\` it does.

A body whose return reads a member of a task where its result's member was meant (\`=> SaveWithResponseAsync(x).Id\`
in an \`async Task<int>\` method, where the task's result type declares an \`Id\` too: that reads Task.Id, a number
the runtime gives each task) is reported as that slip, and its fix awaits the task instead: \`(await
SaveWithResponseAsync(x)).Id\`. It is **unsafe**: it changes what the method returns, to what was meant.
So is a body whose \`using\` holds the task a call returns (\`using var host = builder.StartAsync();\`, typed as a
\`Task<IHost>\`): Task is IDisposable, so it compiles, disposes the task, never disposes the host and waits for
nothing. Its fix adds the await (\`using var host = await builder.StartAsync();\`), **unsafe** as well. The call must
be typed: a chain through the workspace's own extension method on an API type (\`Host.CreateDefaultBuilder()
.UseSomething().StartAsync()\`) is not, and keeps the plain finding.

## Limitations
- The delegate type of a lambda is known only from its declaration; an async lambda passed as an
  argument gets no fix.
- \`Task.FromResult\` without \`<T>\` relies on the returned expression's type, which is not known
  without a compiler; the fix writes \`<T>\` whenever it is not sure, which is verbose but compiles.
- Methods with a custom task-like return type (\`[AsyncMethodBuilder]\`) are flagged without a fix.
- \`#if\` blocks are read as written: an await that only exists under a preprocessor symbol is still
  seen, and one hidden in an inactive branch may be counted or not depending on how tree-sitter parses it.
`;

// ---- text helpers shared with ASY013 (unnecessary-async) ----

const TYPE_KEYWORDS = new Set(['bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort', 'object', 'string']);
const TRIVIAL_KEYWORDS = new Set(['return', 'var', 'true', 'false', 'null', 'default', ...TYPE_KEYWORDS]);

/**
 * A body that cannot throw: only literals, locals, parameters and fields, returned or assigned.
 * Calls, `new`, operators, member access and indexing can all throw (or run user code that does).
 */
function isTrivialBody(ctx: RuleContext, body: MethodBody, masked: string): boolean {
  if (body.calls.length > 0 || !body.bodySpan) return false;
  const text = masked.slice(body.bodySpan.start, body.bodySpan.end);
  const fields = new Set<string>();
  for (const t of ctx.model.types) {
    if (t.name !== body.containingType) continue;
    for (const m of t.members) if (m.kind === 'field') fields.add(m.name);
  }
  const names = new Set([...body.locals.map((l) => l.name), ...body.parameters.map((p) => p.name), ...fields]);
  // Token by token, stopping at the first that is not trivial: a body holding nested lambdas is long, and
  // most bodies fail at once (tokenising each whole body made deep nesting quadratic).
  const tokens = /"\s*"|'\s*'|@?[A-Za-z_]\w*|\d[\w.]*|=>|\S/g;
  for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
    const token = match[0];
    if (/^["']/.test(token) || /^\d/.test(token)) continue;
    if (['{', '}', ';', '=', '=>', ','].includes(token)) continue;
    if (/^@?[A-Za-z_]/.test(token)) {
      const name = token.replace(/^@/, '');
      if (TRIVIAL_KEYWORDS.has(name) || names.has(name)) continue;
    }
    return false;
  }
  return true;
}

/**
 * Whether the method runs on a copy of a mutable struct and changes it. An async struct method works on the copy
 * of `this` its state machine holds, so its writes never reach the caller's value; without `async` the same
 * writes change the caller's value. A readonly struct or readonly member cannot write; a static method has no
 * `this`. Writes are read from the masked text: an assignment, increment or compound assignment to an instance
 * field or property (or `this`), a `ref`/`out` of one, or a call of one of the struct's own instance methods.
 */
function changesStructCopy(ctx: RuleContext, body: MethodBody, masked: string): boolean {
  if (body.kind !== 'method' || body.isStatic || body.modifiers.includes('readonly') || !body.bodySpan) return false;
  if (body.containingTypeKind !== 'struct' && body.containingTypeKind !== 'record struct') return false;
  const type = enclosingTypes(ctx.model.types, body.span).find((t) => t.name === body.containingType);
  if (!type || type.modifiers.includes('readonly')) return false;
  const text = masked.slice(body.bodySpan.start, body.bodySpan.end);
  const shadowed = new Set([...body.locals.map((l) => l.name), ...body.parameters.map((p) => p.name)]);
  const state = type.members.filter((m) => !m.isStatic && (m.kind === 'field' || m.kind === 'property') && !shadowed.has(m.name)).map((m) => m.name);
  const methods = type.members.filter((m) => !m.isStatic && m.kind === 'method' && m.name !== body.name).map((m) => m.name);
  if (/this\s*(=(?!=)|\.\s*\w+\s*(=(?!=)|\+\+|--|[-+*/%&|^]=|\?\?=|<<=|>>=))|(ref|out)\s+this/.test(text)) return true;
  for (const name of state) {
    const n = name.replace(/[$]/g, '\\$&');
    const write = new RegExp(`(?<![\\w.])${n}\\s*(=(?!=)|\\+\\+|--|[-+*/%&|^]=|\\?\\?=|<<=|>>=)|(\\+\\+|--)\\s*${n}\\b|\\b(ref|out)\\s+${n}\\b`);
    if (write.test(text)) return true;
  }
  return methods.some((name) => new RegExp(`(?<![\\w.])(this\\s*\\.\\s*)?${name}\\s*(<[^;{}()]*>)?\\s*\\(`).test(text));
}

/** `Task.FromResult(x)` needs `<T>` unless x is a literal, local, parameter or field of exactly T; otherwise inference could pick another type. */
function needsTypeArgument(ctx: RuleContext, r: ReturnSite, body: MethodBody, resultType: string): boolean {
  const lit = r.literal;
  const t = resultType.replace(/^System\./, '');
  if (lit) {
    const exact: Record<string, string[]> = {
      int: ['int', 'Int32'], long: ['long', 'Int64'], uint: ['uint', 'UInt32'], ulong: ['ulong', 'UInt64'], bool: ['bool', 'Boolean'],
      string: ['string', 'String'], char: ['char', 'Char'], double: ['double', 'Double'], float: ['float', 'Single'], decimal: ['decimal', 'Decimal'],
    };
    return !(exact[lit.kind]?.includes(t) ?? false);
  }
  const e = (r.expressionText ?? '').trim().replace(/^this\./, '');
  const local = body.locals.find((l) => l.name === e) ?? null;
  const parameter = body.parameters.find((p) => p.name === e) ?? null;
  const field = ctx.model.types.find((t) => t.name === body.containingType)?.members.find((m) => m.name === e && m.kind === 'field') ?? null;
  const declared = local ? local.typeText ?? local.inferredTypeText : parameter ? parameter.typeText : field?.typeText ?? null;
  return declared === null || declared.replace(/\s+/g, '') !== resultType.replace(/\s+/g, '');
}

function fixFor(ctx: RuleContext, body: MethodBody, masked: string): Fix | null {
  const text = ctx.text;
  const removal = asyncModifierRemoval(body, text, masked);
  if (!removal || !body.bodySpan) return null;
  // A lambda's delegate type is only known from its declaration; without it, dropping async could rebind an overload.
  if ((body.kind === 'lambda' || body.kind === 'anonymousMethod') && body.returnTypeText === null) return null;
  // A struct method that changes its struct: without async the change reaches the caller's value (see above).
  const safety = isTrivialBody(ctx, body, masked) && !changesStructCopy(ctx, body, masked) ? 'safe' : 'unsafe';
  const edits: TextEdit[] = [removal];
  const prefix = taskQualifier(body.returnTypeText);
  const isThrow = (r: ReturnSite) => /^throw\b/.test((r.expressionText ?? '').trim());
  switch (body.returnKind) {
    case 'void':
      return { title: 'Remove async', safety, edits };
    case 'Task':
    case 'ValueTask': {
      const completed = `${prefix}${body.returnKind}.CompletedTask`;
      if (body.isExpressionBodied) {
        const r = body.returns[0];
        if (!r || r.expressionText === null) return null;
        if (isThrow(r)) return { title: 'Remove async', safety, edits };
        const isLambda = body.kind === 'lambda' || body.kind === 'anonymousMethod';
        // A method's expression body ends with `;`, which a block body must not have (CS1597).
        const end = isLambda ? body.bodySpan.end : body.span.end;
        if (!isLambda && !/^\s*;$/.test(text.slice(body.bodySpan.end, body.span.end))) return null;
        edits.push({ start: body.bodySpan.start, end, newText: `{ ${r.expressionText}; return ${completed}; }` });
        return { title: `Remove async and return ${body.returnKind}.CompletedTask`, safety, edits };
      }
      for (const r of body.returns) {
        if (r.expressionText !== null) return null;
        edits.push({ start: r.span.start, end: r.span.end, newText: `return ${completed};` });
      }
      const tail = appendedReturn(body, text, masked, `return ${completed};`);
      if (tail) edits.push(tail);
      // A body that ends in a throw and has no `return;` gets no return: only async goes.
      return { title: edits.length > 1 ? `Remove async and return ${body.returnKind}.CompletedTask` : 'Remove async', safety, edits };
    }
    case 'TaskOfT':
    case 'ValueTaskOfT': {
      const resultType = body.resultTypeText;
      if (!resultType) return null;
      const wrapped = body.returns.filter((r) => !isThrow(r)).length;
      for (const r of body.returns) {
        if (isThrow(r)) continue;
        const at = returnExpressionSpan(r, text);
        if (!at) return null;
        const wrapping = body.returnKind === 'TaskOfT'
          ? `${prefix}Task.FromResult${needsTypeArgument(ctx, r, body, resultType) ? `<${resultType}>` : ''}(${r.expressionText})`
          : `new ${prefix}ValueTask<${resultType}>(${r.expressionText})`;
        edits.push({ start: at.start, end: at.end, newText: wrapping });
      }
      const title = wrapped === 0 ? 'Remove async' : body.returnKind === 'TaskOfT' ? 'Remove async and return Task.FromResult(...)' : `Remove async and return new ValueTask<${resultType}>(...)`;
      return { title, safety, edits };
    }
    default:
      return null;
  }
}

/** `return Task.CompletedTask;` after the last statement, when the block could fall off its end. */
function appendedReturn(body: MethodBody, text: string, masked: string, statement: string): TextEdit | null {
  const span = body.bodySpan!;
  const last = lastStatementOf(span, masked);
  if (!last) {
    const inner = text.slice(span.start + 1, span.end - 1);
    if (!inner.includes('\n')) return { start: span.start + 1, end: span.end - 1, newText: ` ${statement} ` };
    return { start: span.start + 1, end: span.start + 1, newText: `\n${statementIndent(text, span.end - 1, span.end - 1)}${statement}` };
  }
  const direct = body.returns.some((r) => r.span.end === last.end && r.conditionText === null && !r.regions.some((g) => g.kind !== 'using'));
  if (direct || /^throw\b/.test(last.text)) return null;
  const between = text.slice(last.end, span.end - 1);
  if (!between.includes('\n')) return { start: last.end, end: last.end, newText: ` ${statement}` };
  // After a trailing comment on the last statement's line, so the comment stays with its statement.
  const lineEnd = masked.indexOf('\n', last.end);
  const restOfLine = masked.slice(last.end, lineEnd);
  const at = /^\s*$/.test(restOfLine) ? last.end + restOfLine.replace(/\r$/, '').length : last.end;
  return { start: at, end: at, newText: `${text[lineEnd - 1] === '\r' ? '\r\n' : '\n'}${statementIndent(text, last.end - 1, span.end - 1)}${statement}` };
}

/** The last statement's indentation, unless it is not deeper than the closing brace's (a `#endif` line): then one level in. */
function statementIndent(text: string, lastStatement: number, closingBrace: number): string {
  const own = indentOfLine(text, lastStatement);
  const closing = indentOfLine(text, closingBrace);
  return own.length > closing.length ? own : `${closing}${closing.includes('\t') ? '\t' : '    '}`;
}

function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function slipFinding(body: MethodBody, slip: TaskMemberSlip): RuleFinding {
  const short = slip.task.length > 40 ? `${slip.task.slice(0, slip.task.indexOf('(') + 1)}...)` : slip.task;
  return {
    span: body.nameSpan,
    message: `${quoted(body.name)} is async but never awaits: it returns the task's own ${slip.member}, not ${slip.resultType}.${slip.member}`,
    note: `${short} is a Task<${slip.resultType}>, and Task itself has ${slip.member} (Task.${slip.member}), so the code compiles and returns that instead of the ${slip.member} of the ${slip.resultType} the task completes with. Await the task first; dropping async here would keep the slip.`,
    bodyId: body.id,
    fix: { title: `Await ${short} and read ${slip.member} of its result`, safety: 'unsafe', edits: [{ start: slip.span.start, end: slip.span.end, newText: `(await ${slip.task}).${slip.member}` }] },
  };
}

/**
 * A body that hands back no value and ends in a throw (`{ throw new NotImplementedException(); }`, `=> throw ...`):
 * every call ends in that exception, so there is no result for Task.FromResult or Task.CompletedTask to carry.
 */
function onlyThrows(body: MethodBody, masked: string): boolean {
  const isThrow = (r: ReturnSite) => /^throw\b/.test((r.expressionText ?? '').trim());
  if (body.returns.some((r) => !isThrow(r))) return false;
  if (body.isExpressionBodied) return body.returns.length > 0;
  const last = body.bodySpan ? lastStatementOf(body.bodySpan, masked) : null;
  return !!last && /^throw\b/.test(last.text);
}

function noteFor(ctx: RuleContext, body: MethodBody, masked: string): string {
  const common = 'The compiler still builds and runs a state machine on every call (builder, MoveNext, result and exception plumbing)';
  // A stub that only throws returns no value: the state machine and its task exist only to carry the exception.
  if (body.returnKind !== 'void' && onlyThrows(body, masked)) {
    return `${common}, and a task, only to carry the exception the body throws; without async the exception is thrown at the call instead, before any task exists, which callers that look for it only by awaiting may not expect.`;
  }
  switch (body.returnKind) {
    case 'TaskOfT': {
      // Task.FromResult uses the same cache of completed tasks as the async builder (.NET 8 and later; measured on
      // .NET 10: Task.FromResult(true), (1), (0L) and null allocate nothing, (1000) 72 B), so the bytes do not change.
      const T = body.resultTypeText ?? 'T';
      if (T === 'bool') return `${common}; without async the method returns Task.FromResult(...): both forms hand back the runtime's cached true and false tasks, so neither allocates, and the state machine is skipped.`;
      const shape = shapeOfTypeText(T, { index: ctx.index, typeParameters: new Set(body.typeParameters) });
      const cached = cachedValuesOf(T, shape, 'net8');
      return `${common}; without async the method returns Task.FromResult(...), which allocates the same Task<${T}> (${taskOfTBytes(shape)} B${cached ? `, none when the result is ${cached}` : ''}) and skips the state machine.`;
    }
    case 'ValueTaskOfT':
    case 'ValueTask':
      return `${common}; without async it returns the ValueTask directly and allocates nothing either way.`;
    case 'Task':
      return `${common}; without async it returns Task.CompletedTask, the same cached task, and skips the state machine.`;
    default:
      return `${common}, and nothing is ever awaited.`;
  }
}

/**
 * Why the fix of a body that throws somewhere is unsafe, in a sentence, or null when it has no `throw` of its own (a
 * body that only throws says so in its note already). The thirty-ninth session's seeded reading found the fix's
 * title silent on this for a parser that rejects its argument: the editor marks the fix unsafe, the note says why.
 */
function thrownAtCallSentence(body: MethodBody, masked: string): string | null {
  if (!body.bodySpan || onlyThrows(body, masked)) return null;
  if (!/(?<![\w.@])throw\b/.test(masked.slice(body.bodySpan.start, body.bodySpan.end))) return null;
  return 'The fix is unsafe here: the body throws, and without async that exception leaves at the call instead of faulting the returned task, which a caller that looks for it only by awaiting does not expect.';
}

/** The members of Task that a value of the awaited result is likely to have too: reading them on the task is a slip. */
const TASK_OWN_MEMBERS = new Set(['Id', 'Status', 'Exception', 'AsyncState', 'CreationOptions', 'IsCompleted', 'IsFaulted', 'IsCanceled', 'IsCompletedSuccessfully']);

/** A return that reads a member of a task where the member of its result was meant, and what to write instead. */
interface TaskMemberSlip {
  /** Where the returned expression is, to be replaced. */
  span: { start: number; end: number };
  task: string;
  member: string;
  resultType: string;
}

/**
 * `=> RegisterWithResponseAsync(subject).Id` in an async method that never awaits: the expression reads the Id of
 * the Task<RegisteredSchema> (Task.Id, a number the runtime gives each task) where the schema's Id was meant, and it
 * compiles only because Task has an Id too. Reported when the receiver is typed as a Task<T> whose T (a workspace type
 * or a base of it) declares a field or property of the same name: the method was meant to await.
 */
function taskMemberSlipOf(ctx: RuleContext, body: MethodBody): TaskMemberSlip | null {
  for (const r of body.returns) {
    const m = /^([\s\S]*\S)\s*\.\s*([A-Z]\w*)$/.exec(r.expressionText?.trim() ?? '');
    if (!m || !TASK_OWN_MEMBERS.has(m[2]) || !m[1].endsWith(')')) continue;
    const typed = expressionResultOf(ctx, body, m[1]);
    const result = typed.kind === 'task' ? /^(?:System\.Threading\.Tasks\.)?Task\s*<([\s\S]+)>$/.exec(typed.typeText?.trim() ?? '')?.[1]?.trim() : undefined;
    if (!result) continue;
    // The result's member must be of the type the method returns, or the awaited read would not compile: a method
    // declared to return TaskStatus that returns `SaveAsync(x).Status` means the task's own status.
    const returned = body.resultTypeText ? canonicalType(body.resultTypeText) : null;
    const declares = [...typeFamily(ctx.index, stripGenerics(result))].some((name) => typesNamed(ctx.index, name)
      .some((t) => t.type.members.some((member) => member.name === m[2] && (member.kind === 'property' || member.kind === 'field')
        && returned !== null && member.typeText !== null && canonicalType(member.typeText) === returned)));
    const span = returnExpressionSpan(r, ctx.text);
    if (declares && span) return { span, task: m[1], member: m[2], resultType: result };
  }
  return null;
}

/** A `using` whose resource is the task a call returns, where the task's result was meant, and the await to add. */
interface DisposedTask {
  /** Where the resource expression starts, for the `await ` to go before it. */
  at: number;
  task: string;
  resultType: string;
}

/**
 * `using var host = builder.StartAsync();` in an async method that never awaits: the resource is the Task<IHost>,
 * not the host. Task is IDisposable, so it compiles; the using disposes the task, the host the task completes with is
 * never disposed, and nothing waits for the start. Reported when the resource (of a `var` declaration or a bare
 * `using (...)`) is typed as a Task<T>: the method was meant to await it.
 */
function disposedTaskOf(ctx: RuleContext, body: MethodBody): DisposedTask | null {
  for (const u of body.usings) {
    if (u.isAwaitUsing || (u.typeText !== null && u.typeText.trim() !== 'var')) continue;
    const task = u.resourceText.trim();
    const typed = expressionResultOf(ctx, body, task);
    const result = typed.kind === 'task' ? /^(?:System\.Threading\.Tasks\.)?Task\s*<([\s\S]+)>$/.exec(typed.typeText?.trim() ?? '')?.[1]?.trim() : undefined;
    const at = ctx.text.indexOf(task, u.keywordSpan.end);
    // The signatures answer qualified names (`Microsoft.Extensions.Hosting.IHost`); the message says `IHost`.
    if (result && at !== -1 && at < u.span.end) return { at, task, resultType: result.replace(/(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_]\w*)/g, '') };
  }
  return null;
}

function disposedTaskFinding(body: MethodBody, slip: DisposedTask): RuleFinding {
  const short = slip.task.length > 40 ? `${slip.task.slice(0, slip.task.indexOf('(') + 1)}...)` : slip.task;
  return {
    span: body.nameSpan,
    message: `${quoted(body.name)} is async but never awaits: its using disposes the task, not the ${slip.resultType} it completes with`,
    note: `${short} is a Task<${slip.resultType}>, and Task is IDisposable, so the using compiles: it disposes the task, the ${slip.resultType} is never disposed, and nothing waits for the call to finish. Await the call; dropping async here would keep the slip.`,
    bodyId: body.id,
    fix: { title: `Await ${short} so the using disposes its ${slip.resultType}`, safety: 'unsafe', edits: [{ start: slip.at, end: slip.at, newText: 'await ' }] },
  };
}

/**
 * How a method that never awaits is shown when no severity is configured for ASY011. Its task is the one the fixed
 * method would return (Task.FromResult and the async builder share the runtime's cached tasks; Task.CompletedTask is
 * cached) and its state machine stays on the stack, since nothing suspends: the price is instructions, not bytes. Three
 * seeded readings of real repositories' warnings judged all seven of its rows true and none worth a warning, and the
 * .NET 10 compiler dropped CS1998 for IDE0390, a style rule (learn.microsoft.com, IDE0390 and IDE0391).
 */
const NO_AWAIT_SEVERITY = {
  severity: 'information' as const,
  reason: 'a method that never awaits costs no more bytes than the fixed one (the same task, and a state machine that stays on the stack), only a few instructions per call, so removing async is a clean-up; the .NET 10 compiler no longer reports it (CS1998), and IDE0390, the style rule that replaced it, runs in a build only where the project enforces code style',
};

export const rule: Rule = {
  meta: {
    id: 'ASY011',
    name: 'async-without-await',
    category: 'completion',
    defaultSeverity: 'warning',
    fix: 'safe',
    equivalents: ['IDE0390', 'CS1998'],
    summary: 'An async method with no await at all: a state machine for nothing.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of asyncBodies(ctx)) {
      if (body.kind !== 'method' && body.kind !== 'localFunction' && body.kind !== 'lambda' && body.kind !== 'anonymousMethod') continue;
      if (body.awaits.length > 0 || body.isIterator) continue;
      // `public async Task ConfigureAsync() { // ... }`: a sketch whose code is left out may await in what is missing.
      if (elidesCode(ctx.text, body)) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      const slip = taskMemberSlipOf(ctx, body);
      if (slip) {
        findings.push(slipFinding(body, slip));
        continue;
      }
      const disposed = disposedTaskOf(ctx, body);
      if (disposed) {
        findings.push(disposedTaskFinding(body, disposed));
        continue;
      }
      const fix = fixFor(ctx, body, masked);
      findings.push({
        maxSeverity: NO_AWAIT_SEVERITY,
        span: body.nameSpan,
        message: body.kind === 'lambda' || body.kind === 'anonymousMethod'
          ? `This ${body.kind === 'lambda' ? 'lambda' : 'anonymous method'} is async but never awaits`
          : `${quoted(body.name)} is async but never awaits`,
        note: [noteFor(ctx, body, masked), fix ? thrownAtCallSentence(body, masked) : null].filter((part) => part !== null).join(' '),
        bodyId: body.id,
        ...(fix ? { fix } : {}),
      });
    }
    return findings;
  },
};
