/** ASY030 taskrun-wrapper: a public library method whose only work is Task.Run of synchronous code (async over sync). */
import type { MethodBody, TypeDeclaration } from '../model/types';
import { implementsInterfaceMember } from './callbackSlots';
import { libraryCodeOf } from './libraryCode';
import { maskCommentsAndStrings } from './sourceText';
import type { Rule, RuleContext, RuleFinding } from './types';
import { quoted } from './messageText';

const docs = `## What it does
Flags a public method of a public type, in library code, whose whole body hands synchronous work to the thread
pool: \`=> Task.Run(() => Parse(text))\`, \`return Task.Run(Compute);\`, or an \`async\` method whose only statement is
\`await Task.Run(...)\` / \`return await Task.Run(...)\`. Library code is decided as for ASY027 (the project, or the
\`asynclens.libraryCode\` setting).

Not reported: \`Task.Run\` of an async lambda (\`Task.Run(async () => ...)\`), methods that do anything else, private
and internal methods and members of non-public types (offloading inside a library is the library's business),
overrides and interface implementations (the signature is someone else's), application and test code.

## Why is this bad?
An async signature tells callers the operation is asynchronous: that it waits for I/O without holding a thread.
A wrapper around \`Task.Run\` keeps a thread-pool thread busy for the whole operation instead, and costs a queue hop
and a task per call. Callers that are already on the thread pool (ASP.NET Core requests, other library code) pay
that twice for nothing, and the ones that wanted to offload (a UI) can call \`Task.Run\` themselves. Expose the
synchronous method and let the caller decide; see Stephen Toub, "Should I expose asynchronous wrappers for
synchronous methods?" (https://devblogs.microsoft.com/pfxteam/should-i-expose-asynchronous-wrappers-for-synchronous-methods/).

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class ReportParser
{
    public Task<int> CountLinesAsync(string path) => Task.Run(() => File.ReadAllLines(path).Length);
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class ReportParser
{
    public int CountLines(string path) => File.ReadAllLines(path).Length;

    public async Task<int> CountLinesAsync(string path)
    {
        string[] lines = await File.ReadAllLinesAsync(path);
        return lines.Length;
    }
}
\`\`\`

## Fix safety
**Display-only**: the fix is a change of the public API (a synchronous method, or real asynchronous I/O inside),
which callers have to follow.

## Limitations
- Only a body that is nothing but the \`Task.Run\` is recognised; a wrapper that validates its arguments first is
  not reported.
- Whether the work is CPU-light or heavy is not judged: a long computation offloaded on purpose is reported too;
  suppress it where the offload is the method's documented contract.
- The second half of the catalogue's description, \`await Task.Run(...)\` of light work inside ASP.NET Core request
  code, is not implemented.
`;

const TASK_RUN = /^(?:(?:global::)?System\.Threading\.Tasks\.)?Task\s*\.\s*Run\s*(?:<[^()]*>)?\s*\(/;

/** The body's only statement as masked text (`return Task.Run(...)`, `await Task.Run(...)`), or null when it has several. */
function onlyStatementOf(masked: string, body: MethodBody): string | null {
  if (!body.bodySpan) return null;
  let text = masked.slice(body.bodySpan.start, body.bodySpan.end).trim();
  if (body.isExpressionBodied) return text.replace(/^=>\s*/, '').replace(/;\s*$/, '');
  if (!text.startsWith('{') || !text.endsWith('}')) return null;
  text = text.slice(1, -1).trim();
  let depth = 0;
  let statements = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) statements++;
  }
  if (statements !== 1 || !text.endsWith(';')) return null;
  return text.slice(0, -1).trim();
}

/** The Task.Run call's argument text when the statement is just that call (returned or awaited), else null. */
function wrappedWork(statement: string, isAsync: boolean): string | null {
  const s = statement.replace(/\s*\.\s*ConfigureAwait\s*\([^()]*\)\s*$/, '');
  // An async body awaits the call (and may return its result); any other body returns it or is it.
  const m = isAsync ? /^(?:return\s+)?await\s+([\s\S]*)$/.exec(s) : /^(?:return\s+)?((?!await\b)[\s\S]*)$/.exec(s);
  if (!m) return null;
  const call = m[1].trim();
  const open = TASK_RUN.exec(call);
  if (!open) return null;
  // The call must end the statement: its closing parenthesis is the last character.
  let depth = 0;
  for (let i = open[0].length - 1; i < call.length; i++) {
    if (call[i] === '(') depth++;
    else if (call[i] === ')' && --depth === 0) return i === call.length - 1 ? call.slice(open[0].length, i) : null;
  }
  return null;
}

function isPublicSurface(ctx: RuleContext, body: MethodBody): boolean {
  if (!body.modifiers.includes('public')) return false;
  const owner = ctx.model.types
    .filter((t: TypeDeclaration) => t.span.start <= body.span.start && body.span.end <= t.span.end)
    .sort((a, b) => (b.span.start - a.span.start));
  // Every enclosing type must be public for the method to be part of the library's API.
  return owner.length > 0 && owner.every((t) => t.modifiers.includes('public'));
}

export const rule: Rule = {
  meta: {
    id: 'ASY030',
    name: 'taskrun-wrapper',
    category: 'style',
    defaultSeverity: 'information',
    fix: 'display-only',
    equivalents: [],
    summary: 'A public library method whose only work is Task.Run of synchronous code: async over sync.',
    docs,
  },
  check(ctx) {
    if (ctx.testCode || !libraryCodeOf(ctx).isLibrary) return [];
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.kind !== 'method' || body.hasSyntaxErrors || body.modifiers.includes('override')) continue;
      if (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') continue;
      if (!isPublicSurface(ctx, body)) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      const statement = onlyStatementOf(masked, body);
      if (!statement) continue;
      const work = wrappedWork(statement, body.isAsync);
      if (work === null || /^\s*async\b/.test(work)) continue;
      if (/\.\s*$/.test(masked.slice(body.span.start, body.nameSpan.start)) || implementsInterfaceMember(ctx, body)) continue;
      findings.push({
        span: body.nameSpan,
        message: `${quoted(body.name)} only runs synchronous work on the thread pool with 'Task.Run' (async over sync)`,
        note: 'An async signature promises work that does not hold a thread. Expose the synchronous method and let callers that need to offload call Task.Run themselves.',
        bodyId: body.id,
        fix: { title: 'Expose the synchronous method (or do real asynchronous I/O inside)', safety: 'display-only', edits: [] },
      });
    }
    return findings;
  },
};
