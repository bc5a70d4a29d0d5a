/** ASY029 single-task-whenall: `Task.WhenAll(t)` or `Task.WaitAll(t)` with one task. */
import type { CallSite, MethodBody, SuspensionPoint } from '../model/types';
import { argumentNameOf } from './callTargets';
import { maskCommentsAndStrings } from './sourceText';
import { expressionResultOf } from './taskResults';
import type { Fix, Rule, RuleContext, RuleFinding } from './types';
import { quoted } from './messageText';

const docs = `## What it does
Flags \`Task.WhenAll(t)\` and \`Task.WaitAll(t)\` called with a single argument that is a \`Task\` or \`Task<T>\` (its
type known from the workspace's declarations or the API signatures). A single argument that is a collection or an
array of tasks (\`Task.WhenAll(downloads)\`) is what these methods are for and is left alone, and so is an argument
whose type is not known.

## Why is this bad?
\`Task.WhenAll\` with one task allocates a second task (and, for \`Task<T>\`, a one-element array for the result)
that completes when the first does, and says "several things run at once" to the reader where one does. The
usual cause is a refactoring that removed the other tasks. \`await t\` gives the same result and exception
(\`await\` throws the task's first exception either way); \`Task.WaitAll(t)\` and \`t.Wait()\` both throw an
\`AggregateException\`.

## Example
\`\`\`csharp
using System.Threading.Tasks;

public class Exporter
{
    public async Task ExportAsync()
    {
        Task upload = UploadAsync();
        await Task.WhenAll(upload);
    }

    private static Task UploadAsync() => Task.Delay(10);
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Threading.Tasks;

public class Exporter
{
    public async Task ExportAsync()
    {
        Task upload = UploadAsync();
        await upload;
    }

    private static Task UploadAsync() => Task.Delay(10);
}
\`\`\`

## Fix safety
\`await Task.WhenAll(t)\` becomes \`await t\` when \`t\` is a \`Task\`, or when it is a \`Task<T>\` and the await is a
statement of its own (the \`T[]\` result is not used); \`Task.WaitAll(t);\` becomes \`t.Wait();\`. The fix is
**unsafe** in one case only: when \`t\` is null, WhenAll and WaitAll throw an \`ArgumentNullException\` and the
await or Wait a \`NullReferenceException\` (the fix verification caught this on a parameter). For a task that
exists the result and the exceptions are the same. Elsewhere (the \`T[]\` is used, the task from WhenAll is
stored or returned) the fix is display-only: the types or the task's identity change.

## Limitations
- \`Task.WhenAll(new[] { t })\` and other one-element arrays are not reported.
- A \`Task.WhenAll\` a workspace type declares for itself (a helper named \`Task\`) is not Task's and is left alone.
`;

const TASK_RECEIVER = /^(?:global::)?(?:System\.Threading\.Tasks\.)?Task$/;

/** Parentheses the argument needs before `.Wait()` or after `await`: anything that is not a primary expression. */
function primary(text: string): string {
  const t = text.trim();
  return /^[\w.]+(?:\([^()]*\))?$|^[\w.]+$/.test(t) ? t : `(${t})`;
}

/** The await whose operand starts at the call (`await Task.WhenAll(t)` or `await Task.WhenAll(t).ConfigureAwait(false)`). */
function awaitOf(body: MethodBody, call: CallSite): SuspensionPoint | undefined {
  return body.awaits.find((a) => a.kind === 'await' && a.keywordSpan.end <= call.span.start && call.span.end <= a.span.end);
}

/** Whether the await is a statement of its own: `await X;`, its value unused. */
function isStatementAwait(masked: string, a: SuspensionPoint): boolean {
  let before = a.span.start - 1;
  while (before >= 0 && /\s/.test(masked[before])) before--;
  let after = a.span.end;
  while (after < masked.length && /\s/.test(masked[after])) after++;
  return masked[after] === ';' && (before < 0 || /[;{}]/.test(masked[before]) || /\belse$/.test(masked.slice(Math.max(0, before - 4), before + 1)));
}

function fixFor(ctx: RuleContext, body: MethodBody, call: CallSite, argument: string, generic: boolean, masked: string): Fix {
  if (call.name === 'WaitAll') {
    if (call.usage === 'discarded') {
      return { title: `Wait on ${argument.trim()} itself`, safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.end, newText: `${primary(argument)}.Wait()` }] };
    }
    return { title: `Wait on ${argument.trim()} itself`, safety: 'display-only', edits: [] };
  }
  const awaited = call.usage === 'awaited' ? awaitOf(body, call) : undefined;
  if (awaited && (!generic || isStatementAwait(masked, awaited))) {
    const configured = /^\s*\.\s*ConfigureAwait\s*\(/.test(masked.slice(call.span.end, call.span.end + 40));
    const operand = awaited.keywordSpan.end < call.span.start && /^\s+$/.test(masked.slice(awaited.keywordSpan.end, call.span.start));
    if (operand) {
      return { title: `Await ${argument.trim()} itself`, safety: 'unsafe', edits: [{ start: call.span.start, end: call.span.end, newText: configured ? primary(argument) : argument.trim() }] };
    }
  }
  return { title: `Await ${argument.trim()} itself`, safety: 'display-only', edits: [] };
}

export const rule: Rule = {
  meta: {
    id: 'ASY029',
    name: 'single-task-whenall',
    category: 'allocation',
    defaultSeverity: 'information',
    fix: 'unsafe',
    equivalents: ['CA1842', 'CA1843'],
    summary: 'Task.WhenAll or Task.WaitAll with a single task: await or wait on the task itself.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors) continue;
      for (const call of body.calls) {
        if ((call.name !== 'WhenAll' && call.name !== 'WaitAll') || call.inNameof || call.argumentTexts.length !== 1) continue;
        if (!call.receiver || !TASK_RECEIVER.test(call.receiver.replace(/\s+/g, '')) || call.typeArguments.length > 0) continue;
        const argument = call.argumentTexts[0];
        if (argumentNameOf(argument) !== null || /^\s*(?:params|ref|out|in)\b/.test(argument)) continue;
        const result = expressionResultOf(ctx, body, argument.trim());
        if (result.kind !== 'task' || !result.typeText) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        const generic = /</.test(result.typeText);
        const fix = fixFor(ctx, body, call, argument, generic, masked);
        findings.push({
          span: call.span,
          message: call.name === 'WhenAll'
            ? `'Task.WhenAll' with a single task: await ${quoted(argument.trim(), 40)} itself`
            : `'Task.WaitAll' with a single task: wait on ${quoted(argument.trim(), 40)} itself`,
          note: `${argument.trim()} is a ${result.typeText}. ${call.name === 'WhenAll' ? 'WhenAll allocates a second task (and an array for the results) that completes when this one does.' : 'WaitAll allocates an array and a waiter for one task.'}`,
          bodyId: body.id,
          fix,
        });
      }
    }
    return findings;
  },
};
