/** ASY023 null-task-return: `return null;` (or a null branch, `default`, `x?.M()`) in a function that returns Task without `async`. */
import type { MethodBody, ReturnSite, Span } from '../model/types';
import { conditionalParts, topLevel } from '../model/syntax';
import { maskCommentsAndStrings, returnExpressionSpan, taskQualifier } from './sourceText';
import type { Fix, Rule, RuleContext, RuleFinding, TextEdit } from './types';
import { quoted } from './messageText';
import { acceptsNull } from './typeKinds';

const docs = `## What it does
Flags a function that returns \`Task\` or \`Task<T>\` without \`async\` and hands back a null task: \`return null;\`,
\`return default;\`, \`return (Task)null;\`, a conditional with a null branch (\`return ready ? null : LoadAsync();\`)
or a conditional access that is null when its receiver is (\`return _cache?.RefreshAsync();\`). Methods, local
functions, expression-bodied properties and lambdas whose delegate type is declared (\`Func<Task> f = () => null;\`)
are looked at. A return type declared nullable (\`Task?\`) says the null is intended and is left alone; so are
async functions, where \`return null;\` is the result, not the task.

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
conditional access. It is **unsafe** in the strict sense: it is meant to change what a caller sees. Awaiting the
result used to throw and now completes with the default result, and a caller that compared the task with null
(\`if (task is null)\`) now takes the other branch. For callers that await, it only removes the crash.

## Limitations
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

const NULL_VALUE = /^(?:\((?:[\w.]+\.)?Task(?:<.+>)?\)\s*)?(?:null|default(?:\s*\(\s*(?:[\w.]+\.)?Task(?:<.+>)?\s*\))?)\s*!?$/s;

/** Where in `span` a null task comes from, or null: the whole value, a branch of `?:`, or a conditional access. */
function nullShapeOf(masked: string, span: Span): NullShape | null {
  let { start, end } = trimmed(masked, span);
  while (masked[start] === '(' && closing(masked, start, end) === end - 1) ({ start, end } = trimmed(masked, { start: start + 1, end: end - 1 }));
  const text = masked.slice(start, end);
  if (NULL_VALUE.test(text) || /^null\s+as\s+(?:[\w.]+\.)?Task(?:<.+>)?$/.test(text)) return { kind: 'null', span: { start, end } };
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

function fixFor(ctx: RuleContext, body: MethodBody, shape: NullShape): Fix | null {
  const completed = completedTaskText(ctx, body);
  if (!completed) return null;
  const edit: TextEdit = shape.kind === 'null'
    ? { start: shape.span.start, end: shape.span.end, newText: completed }
    : { start: shape.span.end, end: shape.span.end, newText: ` ?? ${completed}` };
  return { title: shape.kind === 'null' ? `Return ${completed.replace(/<.*>\(.*\)$/, '')} instead of null` : `Fall back to ${completed.replace(/<.*>\(.*\)$/, '')} when the receiver is null`, safety: 'unsafe', edits: [edit] };
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
    summary: 'A non-async function returning Task hands back null, which throws when awaited.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.isAsync || body.hasSyntaxErrors || !isTaskReturning(body)) continue;
      for (const r of body.returns) {
        if (r.expressionText === null) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        const at = expressionSpanOf(r, ctx.text);
        if (!at) continue;
        const shape = nullShapeOf(masked, at);
        if (!shape) continue;
        const fix = fixFor(ctx, body, shape);
        findings.push({
          span: shape.span,
          message: shape.kind === 'null'
            ? `${body.name === '<lambda>' || body.kind === 'lambda' ? 'This function' : quoted(body.name)} returns a null task: awaiting it throws NullReferenceException`
            : `${quoted(ctx.text.slice(shape.span.start, shape.span.end))} is a null task when its receiver is null`,
          note: 'Callers await what a Task-returning method returns, and await null throws; a completed task costs nothing and can be awaited.',
          bodyId: body.id,
          ...(fix ? { fix } : {}),
        });
      }
    }
    return findings;
  },
};

/** The returned expression's span: after `return`, or an expression body's expression (`=> null`). */
function expressionSpanOf(r: ReturnSite, text: string): Span | null {
  const inside = text.slice(r.span.start, r.span.end);
  if (/^=>/.test(inside)) return { start: r.span.start + 2, end: r.span.end };
  return returnExpressionSpan(r, text);
}
