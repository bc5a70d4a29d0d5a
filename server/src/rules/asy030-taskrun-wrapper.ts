/**
 * ASY030 taskrun-wrapper: a public library method whose only work is Task.Run of synchronous code (async over sync),
 * and `await Task.Run(...)` of blocking or trivial work in ASP.NET Core request code.
 */
import type { MethodBody } from '../model/types';
import { implementsInterfaceMember, mayImplementUnknownInterface } from './callbackSlots';
import { libraryCodeOf } from './libraryCode';
import { maskCommentsAndStrings } from './sourceText';
import type { Rule, RuleContext, RuleFinding } from './types';
import { requestHandlerKindOf, type RequestHandlerKind } from './requestCode';
import { syncApiCallOf } from './asy002-sync-api-in-async';
import { quoted } from './messageText';
import { enclosingTypes } from '../model/enclosingTypes';
import { isTaskLike } from '../model/returnKind';
import { methodsNamed } from '../workspace/index';
import { expressionResultOf } from './taskResults';

const docs = `## What it does
Flags two kinds of async over sync.

**Library wrappers.** A public method of a public type, in library code, whose whole body hands synchronous work to
the thread pool: \`=> Task.Run(() => Parse(text))\`, \`return Task.Run(Compute);\`, or an \`async\` method whose only
statement is \`await Task.Run(...)\` / \`return await Task.Run(...)\`. Library code is decided as for ASY027 (the
project, or the \`asynclens.libraryCode\` setting).

**\`await Task.Run(...)\` in ASP.NET Core request code**, in library and application code alike, when the lambda is
one of:
- a single call to a synchronous API that has an asynchronous twin (the ones ASY002 knows: \`File.ReadAllText\`,
  \`Stream.Read\`, \`Thread.Sleep\`, an EF Core query's \`ToList\`, a workspace \`Foo\` beside \`FooAsync\`), perhaps
  followed by property reads (\`File.ReadAllLines(path).Length\`): Task.Run only moves the block to another pool
  thread;
- a short expression without calls, constructors or lambdas (\`() => _items.Count * 2\`): a hop for nothing.

Request code is recognised by the shapes ASP.NET Core binds: public instance methods of a type deriving from
\`ControllerBase\`/\`Controller\` or marked \`[ApiController]\` (not \`[NonAction]\`); \`On{Verb}\` handlers of a
\`PageModel\`; public methods of a SignalR \`Hub\`; \`Invoke\`/\`InvokeAsync\` taking an \`HttpContext\` first (middleware);
lambdas passed to \`MapGet\`/\`MapPost\`/\`MapPut\`/\`MapDelete\`/\`MapPatch\`/\`MapMethods\`/\`MapFallback\`, \`Use\` or
\`Run\` on anything but \`Task\`; and overrides taking a gRPC \`ServerCallContext\`.

Not reported: \`Task.Run\` of asynchronous work (an async lambda, \`Task.Run(async () => ...)\`, a method group of a
workspace method that returns a task, \`Task.Run(PumpAsync)\`, or a lambda whose expression is a task,
\`Task.Run(() => FetchAsync(id))\`: Task.Run moves only the start of that work off the caller's thread), methods that do anything else, private
and internal methods and members of non-public types (offloading inside a library is the library's business),
overrides and interface implementations (the signature is someone else's; a public method of a type that lists an
interface neither the workspace nor the signature database declares counts as one, since that interface may declare
it), test code. In request code: a lambda
with a loop, several statements, or a call whose cost is unknown (\`() => Compute(data)\`, in-memory LINQ, a
constructor), which may be the CPU-bound work Task.Run is for; a method group; a Task.Run started first and awaited
later (the work runs beside the request's own); helpers the action calls; a wait on a task inside the lambda
(\`() => GetAsync().Result\`), which ASY003 reports.

## Why is this bad?
An async signature tells callers the operation is asynchronous: that it waits for I/O without holding a thread.
A wrapper around \`Task.Run\` keeps a thread-pool thread busy for the whole operation instead, and costs a queue hop
and a task per call. Callers that are already on the thread pool (ASP.NET Core requests, other library code) pay
that twice for nothing, and the ones that wanted to offload (a UI) can call \`Task.Run\` themselves. Expose the
synchronous method and let the caller decide; see Stephen Toub, "Should I expose asynchronous wrappers for
synchronous methods?" (https://devblogs.microsoft.com/pfxteam/should-i-expose-asynchronous-wrappers-for-synchronous-methods/).

In request code the hop frees nothing: ASP.NET Core already runs the request on a thread-pool thread, which waits
for the Task.Run while another pool thread does the work (or blocks on the I/O). Microsoft's ASP.NET Core Best
Practices, "Avoid blocking calls" (https://learn.microsoft.com/aspnet/core/fundamentals/best-practices#avoid-blocking-calls),
say: do not call Task.Run and immediately await it, since it only results in extra unnecessary thread-pool
scheduling, and do not use Task.Run to make a synchronous API asynchronous; call the asynchronous API instead. In a
controller, \`var text = await Task.Run(() => File.ReadAllText(path));\` becomes
\`var text = await File.ReadAllTextAsync(path, HttpContext.RequestAborted);\`.

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
**Display-only**: the library fix is a change of the public API (a synchronous method, or real asynchronous I/O
inside), which callers have to follow; in request code the asynchronous twin may need other arguments (a token, a
buffer) and the trivial case is a rewrite of the statement.

## Limitations
- Only a library body that is nothing but the \`Task.Run\` is recognised; a wrapper that validates its arguments first
  is not reported.
- For library wrappers, whether the work is CPU-light or heavy is not judged: a long computation offloaded on purpose
  is reported too; suppress it where the offload is the method's documented contract.
- Request code is recognised by its shape alone, with base types read by simple name through the workspace: a
  controller whose base class comes from a package under another name, Blazor components, and endpoint filters are
  not recognised; work a request handler delegates to a service is not followed.
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

/**
 * Whether the work handed to Task.Run is asynchronous itself, as an async lambda is: a method group of a workspace
 * method that returns a task (`Task.Run(PumpLoop)` binds the `Func<Task>` overload), or a lambda whose expression body
 * is a task (`() => FetchAsync(id)`). Task.Run then moves only the start of that work off the caller's thread; the
 * work is not the synchronous code the message would say it is.
 */
function startsAsyncWork(ctx: RuleContext, body: MethodBody, work: string): boolean {
  const first = firstArgumentOf(work);
  const group = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(first);
  if (group) {
    return methodsNamed(ctx.index, group[1]!, body.containingType).some((m) => m.member?.kind === 'method' && isTaskLike(m.member.returnKind));
  }
  const lambda = /^\(\s*\)\s*=>\s*([\s\S]+)$/.exec(first);
  if (!lambda || lambda[1]!.trimStart().startsWith('{')) return false;
  const result = expressionResultOf(ctx, body, lambda[1]!.trim());
  return result.kind === 'task' || result.kind === 'valueTask';
}

/** The first argument of an argument list's text, up to its first comma outside brackets. */
function firstArgumentOf(args: string): string {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) return args.slice(0, i).trim();
  }
  return args.trim();
}

function isPublicSurface(ctx: RuleContext, body: MethodBody): boolean {
  if (!body.modifiers.includes('public')) return false;
  const owner = enclosingTypes(ctx.model.types, body.span);
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
    summary: 'A public library method whose only work is Task.Run of synchronous code, or await Task.Run of blocking or trivial work in ASP.NET Core request code.',
    docs,
    // Each finding is about one method (or a handler lambda inside it) and reads only its text, the enclosing types'
    // declarations, the workspace's types and the project's verdicts (library code, test code).
    scope: 'method',
  },
  check(ctx) {
    if (ctx.testCode) return [];
    return [...libraryWrapperFindings(ctx), ...requestCodeFindings(ctx)];
  },
};

/** The library half: a public method of a library whose whole body is the Task.Run. */
function libraryWrapperFindings(ctx: RuleContext): RuleFinding[] {
  if (!libraryCodeOf(ctx).isLibrary) return [];
  const findings: RuleFinding[] = [];
  let masked: string | null = null;
  for (const body of ctx.model.bodies) {
    if (body.kind !== 'method' || body.hasSyntaxErrors || body.modifiers.includes('override')) continue;
    if (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') continue;
    if (!isPublicSurface(ctx, body)) continue;
    // A controller action of a Razor class library is request code: the request half speaks for it.
    if (requestHandlerKindOf(ctx, body) !== null) continue;
    masked ??= maskCommentsAndStrings(ctx.text);
    const statement = onlyStatementOf(masked, body);
    if (!statement) continue;
    const work = wrappedWork(statement, body.isAsync);
    if (work === null || /^\s*async\b/.test(work) || startsAsyncWork(ctx, body, work)) continue;
    if (/\.\s*$/.test(masked.slice(body.span.start, body.nameSpan.start)) || implementsInterfaceMember(ctx, body) || mayImplementUnknownInterface(ctx, body)) continue;
    findings.push({
      span: body.nameSpan,
      message: `${quoted(body.name)} only runs synchronous work on the thread pool with 'Task.Run' (async over sync)`,
      note: 'An async signature promises work that does not hold a thread. Expose the synchronous method and let callers that need to offload call Task.Run themselves.',
      bodyId: body.id,
      fix: { title: 'Expose the synchronous method (or do real asynchronous I/O inside)', safety: 'display-only', edits: [] },
    });
  }
  return findings;
}

const TASK_RECEIVER = /^(?:(?:global::)?System\.Threading\.Tasks\.)?Task$/;

/** The request half: `await Task.Run(() => light or blocking work)` in a body ASP.NET Core runs per request. */
function requestCodeFindings(ctx: RuleContext): RuleFinding[] {
  const findings: RuleFinding[] = [];
  let masked: string | null = null;
  for (const handler of ctx.model.bodies) {
    if (handler.awaits.length === 0 || !handler.isAsync) continue;
    const kind = requestHandlerKindOf(ctx, handler);
    if (!kind) continue;
    for (const point of handler.awaits) {
      const callee = point.operand.callee;
      if (callee?.name !== 'Run' || callee.receiver === null || !TASK_RECEIVER.test(callee.receiver.replace(/\s+/g, ''))) continue;
      const work = ctx.model.bodies.find((b) => b.parentId === handler.id && b.delegateTarget?.kind === 'argument'
        && b.delegateTarget.call?.name === 'Run' && b.delegateTarget.call.argumentIndex === 0
        && point.span.start <= b.span.start && b.span.end <= point.span.end);
      if (!work || work.isAsync || work.hasSyntaxErrors) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      const verdict = offloadedWorkOf(ctx, work, masked);
      if (!verdict) continue;
      const run = /Task\s*\.\s*Run\b/.exec(masked.slice(point.keywordSpan.end, point.span.end));
      const span = run
        ? { start: point.keywordSpan.end + run.index, end: point.keywordSpan.end + run.index + run[0].length }
        : point.keywordSpan;
      findings.push(verdict.kind === 'blocking'
        ? {
          span,
          message: `'await Task.Run' in ${inPhrase(kind)} only moves the blocking call ${quoted(verdict.text)} to another thread-pool thread`,
          note: `ASP.NET Core already runs request code on the thread pool: the request still holds a thread while ${verdict.text.length > 40 ? 'the call' : quoted(verdict.text)} blocks, and pays a queue hop. ${verdict.instead}`,
          bodyId: handler.id,
          fix: { title: 'Call the asynchronous API and await it directly', safety: 'display-only', edits: [] },
        }
        : {
          span,
          message: `'await Task.Run' in ${inPhrase(kind)} offloads trivial work ${quoted(verdict.text)}: a thread-pool hop for nothing`,
          note: 'ASP.NET Core already runs request code on the thread pool, so the hop adds a queued work item, a task and a context switch without freeing anything. Compute the value inline.',
          bodyId: handler.id,
          fix: { title: 'Compute the value inline', safety: 'display-only', edits: [] },
        });
    }
  }
  return findings;
}

/** `a controller action`, `middleware`. */
function inPhrase(kind: RequestHandlerKind): string {
  return kind === 'middleware' ? kind : `a ${kind}`;
}

type OffloadedWork =
  | { kind: 'blocking'; text: string; instead: string }
  | { kind: 'trivial'; text: string };

/** Statements whose one `;` does not make them one expression (`foreach (...) Save(x);`). */
const COMPOUND_STATEMENT = /^(?:for|foreach|while|do|if|switch|lock|using|try|fixed|checked|unchecked|unsafe)\b/;

/**
 * What a Task.Run lambda does, when it is worth a request-code finding: one blocking call (synchronous I/O with an
 * async twin), or one short expression without calls. Anything else (a loop, several
 * statements, a call to code whose cost is unknown) may be the CPU-bound work Task.Run exists for: not judged.
 */
function offloadedWorkOf(ctx: RuleContext, work: MethodBody, masked: string): OffloadedWork | null {
  const expression = singleExpressionOf(masked, work);
  if (expression === null || COMPOUND_STATEMENT.test(expression.text)) return null;
  const text = ctx.text.slice(expression.span.start, expression.span.end).replace(/\s+/g, ' ').trim();
  // The expression is the blocking call itself, perhaps followed by property reads (`File.ReadAllLines(p).Length`).
  const covers = (s: { start: number; end: number }): boolean => s.start === expression.span.start
    && /^(?:\s*[?!]?\.\s*[A-Za-z_]\w*)*$/.test(masked.slice(s.end, expression.span.end));
  for (const call of work.calls) {
    if (!covers(call.span)) continue;
    const match = syncApiCallOf(ctx, work, call);
    if (!match) continue;
    const twin = match.kind === 'table' ? match.row.asyncTwin : `${call.name}Async`;
    return { kind: 'blocking', text, instead: `Await ${twin} instead.` };
  }
  // A wait inside (`() => GetAsync().Result`) is ASY003's finding, whose fix (make the lambda async) is the first step.
  const hasNested = ctx.model.bodies.some((b) => b.parentId === work.id);
  if (work.calls.length === 0 && work.waits.length === 0 && !hasNested && !/\bnew\b|\bawait\b/.test(expression.text) && expression.text.length <= 80) {
    return { kind: 'trivial', text };
  }
  return null;
}

/** The lambda's one expression (an expression body, `return e;` or `e;`) with its span in the source. */
function singleExpressionOf(masked: string, body: MethodBody): { text: string; span: { start: number; end: number } } | null {
  if (!body.bodySpan) return null;
  let start = body.bodySpan.start;
  let end = body.bodySpan.end;
  const skipSpace = (): void => {
    while (start < end && /\s/.test(masked[start])) start++;
    while (end > start && /\s/.test(masked[end - 1])) end--;
  };
  skipSpace();
  if (masked.startsWith('=>', start)) { start += 2; skipSpace(); }
  if (masked[start] === '{') {
    if (masked[end - 1] !== '}') return null;
    start++; end--; skipSpace();
    if (masked[end - 1] !== ';') return null;
    end--; skipSpace();
    const inner = masked.slice(start, end);
    if (topLevelSemicolons(inner) !== 0) return null;
    const ret = /^return\b\s*/.exec(inner);
    if (ret) { start += ret[0].length; skipSpace(); }
  } else if (masked[end - 1] === ';') {
    end--; skipSpace();
  }
  if (start >= end) return null;
  return { text: masked.slice(start, end), span: { start, end } };
}

function topLevelSemicolons(text: string): number {
  let depth = 0;
  let count = 0;
  for (const c of text) {
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) count++;
  }
  return count;
}
