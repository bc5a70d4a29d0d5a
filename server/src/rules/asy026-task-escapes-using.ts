/** ASY026 task-escapes-using: a non-async function returns a task from inside a `using` or `try`/`finally` that disposes what the task uses. */
import type { MethodBody, ReturnSite, Span, UsingResource } from '../model/types';
import { maskCommentsAndStrings, returnExpressionSpan } from './sourceText';
import { tryClausesOf } from './tryClauses';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { expressionResultOf } from './taskResults';
import { isAsyncContext, type Fix, type Rule, type RuleContext, type RuleFinding, type TextEdit } from './types';
import { typesNamed } from '../workspace/index';
import { inertDisposalFor } from '../knowledge/inertDisposals';
import { bodyChain } from '../model/bodies';

const docs = `## What it does
Flags a \`return\` of a task, in a function that is not \`async\`, from inside
- a \`using\` statement or after a \`using var\` declaration whose resource the returned expression mentions
  (\`using var connection = Open(); return connection.QueryAsync(sql);\`), or
- a \`try\` whose \`finally\` disposes, closes or returns to a pool something the returned expression mentions, or
  releases a lock (\`Release()\`, \`Monitor.Exit\`, \`ExitWriteLock()\`) whatever the expression mentions, unless the
  expression only reads a task that exists already (a field, a property or a parameter: \`return _ready.Task;\` under a
  read lock), which starts no work under the lock.

Completed tasks (\`Task.FromResult(...)\`, \`Task.CompletedTask\`, \`new ValueTask<T>(value)\`) are left alone: their
work is done before the \`return\`. So is a \`using\` of an object created there (\`new T(...)\`) of a workspace type whose \`Dispose()\`
does nothing (an empty body kept to satisfy IDisposable): disposing it cannot pull anything from under the task,
and a \`using\` of a framework object created with the argument that makes its Dispose only mark it disposed
(\`new HttpMessageInvoker(handler, disposeHandler: false)\`: the request already handed to the handler runs on).
An \`HttpClient\` created the same way is still reported: its Dispose cancels the requests still pending.

Meziantou's MA0100 ("Await task before disposing of resources") is the same check. MA0129 ("Await task in using
statement") and VSTHRD107 ("Await Task within using expression") look alike but catch another mistake, a task used
as the \`using\` resource itself (\`using (gate.EnterAsync())\` disposes the task, not what it returns), so they are
not listed as equivalents and their suppressions do not silence this rule.

## Why is this bad?
\`return\` hands the task back as soon as it exists, usually at the callee's first await that suspends; then the
\`using\` disposes its resource and the \`finally\` runs. The task goes on with a disposed connection or stream
(\`ObjectDisposedException\`, or a command on a connection that was closed under it), a buffer back in the pool
that someone else now writes, or outside the lock that was meant to cover it. It works in tests where the
callee completes synchronously and fails under load.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class ReportFiles
{
    public Task<string> ReadHeaderAsync(string path)
    {
        using var reader = new StreamReader(path);
        return reader.ReadLineAsync();
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public class ReportFiles
{
    public async Task<string> ReadHeaderAsync(string path)
    {
        using var reader = new StreamReader(path);
        return await reader.ReadLineAsync();
    }
}
\`\`\`

## Fix safety
The fix makes the method (or local function) \`async\` and awaits the task: \`return await X;\`, or for a \`Task\`
without a result \`await X; return;\`. It is offered when that return is the function's only one, and it is
**unsafe**: an exception thrown before the task exists (argument checks) now ends up in the returned task
instead of being thrown to the caller, and the method gets a state machine.

## Limitations
- "Uses the resource" means the returned expression mentions the variable's name, unless every mention sits in an
  argument of the returned call whose type is a string or a number (\`WriteAsync(Encoding.UTF8.GetString(buffer.ToArray()))\`):
  such an argument is computed before the call starts its task, which gets the value. A task that reaches the
  resource another way (a field set from it earlier) is not seen, and a variable-less \`using (Scope())\` is
  not reported.
- A callee that completes synchronously makes the code correct by accident; it is still reported, since the
  next change to the callee may not.
- Returning an \`IAsyncEnumerable<T>\` from inside a \`using\` has the same problem and is not reported.
`;

const COMPLETED = /^(?:new\s+(?:[\w.]+\.)?ValueTask\b|(?:[\w.]+\.)?(?:Task|ValueTask)\s*\.\s*(?:FromResult|CompletedTask|FromException|FromCanceled)\b|default\b|null\b)/;
const LOCK_RELEASE = /(?:\.\s*(?:Release|ReleaseMutex|ExitReadLock|ExitWriteLock|ExitUpgradeableReadLock)\s*\(|Monitor\s*\.\s*Exit\s*\()/;
const DISPOSAL = /(@?[A-Za-z_]\w*)\s*\??\s*\.\s*(?:Dispose|DisposeAsync|Close)\s*\(|\.\s*Return\s*\(\s*(@?[A-Za-z_]\w*)/g;

function mentions(masked: string, span: Span, name: string): boolean {
  return new RegExp(`(?<![\\w.])${name.replace(/^@/, '')}\\b`).test(masked.slice(span.start, span.end));
}

/**
 * Whether the resource is of a workspace type whose `Dispose()` does nothing: every type of that name declares a
 * parameterless Dispose with a block body that calls nothing, declares nothing and touches no instance state (an
 * empty body kept to satisfy IDisposable, as a driver's per-call byte handler does). Its type comes from `new T(...)`;
 * anything else is taken to clean something up.
 */
function disposesNothing(ctx: RuleContext, resource: UsingResource): boolean {
  // Only a resource created here has that very type; one declared as T may be any subtype, whose Dispose may work.
  const created = /^new\s+([A-Za-z_][\w.]*)\s*(?:<[^()]*>)?\s*\(/.exec(resource.resourceText.trim())?.[1] ?? null;
  const typeName = created?.replace(/^.*\./, '');
  if (!typeName) return false;
  const types = typesNamed(ctx.index, typeName);
  if (types.length === 0) return false;
  return types.every(({ file, type }) => {
    const dispose = type.members.find((m) => m.kind === 'method' && m.name === 'Dispose' && m.parameterTypes.length === 0);
    const disposeBody = dispose?.bodyId ? ctx.index.files.get(file)?.bodies.find((b) => b.id === dispose.bodyId) : undefined;
    if (!disposeBody || disposeBody.isExpressionBodied) return false;
    return disposeBody.calls.length === 0 && disposeBody.locals.length === 0 && disposeBody.awaits.length === 0 && (disposeBody.creations ?? []).length === 0 && !disposeBody.usesThis;
  });
}

/**
 * Whether the resource is created here (`new T(...)`) of a framework type whose Dispose, given the argument the
 * knowledge table names (`new HttpMessageInvoker(handler, disposeHandler: false)`), only marks it disposed: the
 * operation it already started goes on undisturbed.
 */
function disposalLeavesStartedWork(resource: UsingResource): boolean {
  const created = /^new\s+((?:global::)?[A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/.exec(resource.resourceText.trim());
  const row = created ? inertDisposalFor(created[1]) : undefined;
  if (!row || !created) return false;
  const args = splitTopLevel(created[2]).map((a) => a.trim());
  const named = args.find((a) => new RegExp(`^${row.parameter}\\s*:`).test(a));
  const value = named ? named.replace(/^[^:]*:\s*/, '') : args[row.position];
  return value === row.value;
}

/** The variable a using region declares (`using var conn = ...`, `using (var conn = ...)`), from the model's usings. */
function usingOf(body: MethodBody, region: Span): UsingResource | undefined {
  return body.usings.find((u) => u.span.start === region.start);
}

/**
 * The flags a cleanup in a finally block is guarded by, innermost last (`if (disposeEnumerator) enumerator.Dispose();`,
 * `if (gotLock) { ... if (releaseLock) _gate.Release(); }`): every `if (flag)` whose block or statement holds `at`.
 */
function guardFlagsOf(finallyText: string, at: number): string[] {
  const flags: string[] = [];
  for (const m of finallyText.slice(0, at).matchAll(/\bif\s*\(\s*(?:this\.)?([A-Za-z_]\w*)\s*\)\s*/g)) {
    const from = m.index! + m[0].length;
    if (finallyText[from] === '{') {
      let depth = 0;
      let close = -1;
      for (let i = from; i < finallyText.length; i++) {
        if (finallyText[i] === '{') depth++;
        else if (finallyText[i] === '}' && --depth === 0) { close = i; break; }
      }
      if (close === -1 || close > at) flags.push(m[1]);
    } else if (!finallyText.slice(from, at).includes(';')) {
      flags.push(m[1]);
    }
  }
  return flags;
}

/**
 * Whether the guarded cleanup does not run for this return: ownership was handed over (the flag was last set to
 * false before the return: `disposeEnumerator = false; return ConvertAsync(enumerator, ...);`), or the return sits in
 * the branch where the flag is false (`if (!gotLock) return SlowAsync(...);`).
 */
function flagOffAtReturn(masked: string, body: MethodBody, flag: string, returnAt: number): boolean {
  const start = body.bodySpan?.start ?? body.span.start;
  const text = masked.slice(start, returnAt);
  const assignments = [...text.matchAll(new RegExp(`(?<![\\w.])${flag}\\s*=(?!=)\\s*([^;]*);|\\bref\\s+${flag}\\b`, 'g'))];
  const last = assignments[assignments.length - 1];
  if (last && last[1]?.trim() === 'false') return true;
  for (const m of text.matchAll(new RegExp(`\\bif\\s*\\(\\s*!\\s*${flag}\\s*\\)`, 'g'))) {
    let at = m.index! + m[0].length;
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text[at] !== '{') {
      if (!text.slice(at).includes(';')) return true;
      continue;
    }
    let depth = 0;
    let closed = false;
    for (let i = at; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) { closed = true; break; }
    }
    if (!closed) return true;
  }
  return false;
}

/** Immutable values an argument can be computed into: the task gets the value, never the resource it was read from. */
const VALUE_TYPES = new Set(['string', 'bool', 'char', 'byte', 'sbyte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'String', 'Boolean', 'Int32', 'Int64']);

/**
 * Whether the returned call reads the resource only to compute arguments of an immutable type
 * (`WriteAsync(Encoding.UTF8.GetString(buffer.ToArray()))`): those are evaluated before the call starts the task,
 * which then holds the string or number, not the resource. A resource that is the call's receiver, an argument itself,
 * or inside a lambda, or an argument whose type is not known or could refer back to it (an array, a reader), still counts.
 */
function readOnlyIntoValues(ctx: RuleContext, body: MethodBody, masked: string, expr: Span, name: string): boolean {
  const call = splitCallText(masked.slice(expr.start, expr.end));
  const original = splitCallText(ctx.text.slice(expr.start, expr.end));
  if (!call || !original || call.name !== original.name) return false;
  const mentionsName = (text: string) => mentions(text, { start: 0, end: text.length }, name);
  if (call.receiver !== null && mentionsName(call.receiver)) return false;
  const args = splitTopLevel(call.argumentsText);
  const originalArgs = splitTopLevel(original.argumentsText);
  if (args.length !== originalArgs.length) return false;
  return args.every((arg, i) => {
    if (!mentionsName(arg)) return true;
    if (arg.includes('=>') || /^\s*(?:@?[A-Za-z_]\w*\s*:\s*)?(?:ref\s+|out\s+|in\s+)?@?[A-Za-z_]\w*\s*$/.test(arg)) return false;
    const typeText = expressionResultOf(ctx, body, originalArgs[i].trim()).typeText?.replace(/^System\./, '');
    return !!typeText && VALUE_TYPES.has(typeText);
  });
}

/**
 * Whether the returned expression only reads a task that exists already: a field, a property or a parameter
 * (`_delay.Task`, `this._warmup`, `pending`), not a call and not a local the function may have just assigned from
 * one. No work starts in the try for such a return, so a lock released in the finally guarded only the read of
 * shared state (a TaskCompletionSource swapped under a write lock elsewhere), not anything the task does.
 */
function readsExistingTask(ctx: RuleContext, body: MethodBody, masked: string, expr: Span): boolean {
  const text = masked.slice(expr.start, expr.end).trim().replace(/!$/, '');
  const chain = /^(?:this\s*\.\s*)?(@?[A-Za-z_]\w*)(?:\s*[?!]?\s*\.\s*@?[A-Za-z_]\w*)*$/.exec(text);
  if (!chain) return false;
  const first = chain[1].replace(/^@/, '');
  if (/^this\b/.test(text)) return true;
  return !bodyChain(body, ctx.model.bodies).some((b) => b.locals.some((l) => l.name === first));
}

/** Why the returned task outlives what it uses, or null. */
function escapeReason(ctx: RuleContext, body: MethodBody, r: ReturnSite, masked: string, expr: Span): string | null {
  for (const region of r.regions) {
    if (region.kind === 'using') {
      const resource = usingOf(body, region.span);
      const name = resource?.variableName ?? (resource && /^@?[A-Za-z_]\w*$/.test(resource.resourceText.trim()) ? resource.resourceText.trim() : null);
      if (name && mentions(masked, expr, name) && !readOnlyIntoValues(ctx, body, masked, expr, name) && !(resource && (disposesNothing(ctx, resource) || disposalLeavesStartedWork(resource)))) return `the using disposes ${name} as soon as the task is returned, while the task may still be using it`;
    } else if (region.kind === 'try') {
      const clauses = tryClausesOf(masked, region.span);
      if (!clauses?.finallyBlock) continue;
      const finallyText = masked.slice(clauses.finallyBlock.start, clauses.finallyBlock.end);
      const cleanupRuns = (at: number) => !guardFlagsOf(finallyText, at).some((flag) => flagOffAtReturn(masked, body, flag, r.span.start));
      const release = LOCK_RELEASE.exec(finallyText);
      if (release && cleanupRuns(release.index) && !readsExistingTask(ctx, body, masked, expr)) return 'the finally block releases the lock as soon as the task is returned, while the task may still be running under it';
      for (const m of finallyText.matchAll(DISPOSAL)) {
        const name = m[1] ?? m[2];
        if (name && mentions(masked, expr, name) && !readOnlyIntoValues(ctx, body, masked, expr, name) && cleanupRuns(m.index!)) return `the finally block ${m[2] ? 'returns' : 'disposes'} ${name} as soon as the task is returned, while the task may still be using it`;
      }
    }
  }
  return null;
}

/** `async` before the return type, and `return await X;` (or `await X; return;`) when this is the only return. */
function fixFor(ctx: RuleContext, body: MethodBody, r: ReturnSite, expr: Span, masked: string): Fix | null {
  if ((body.kind !== 'method' && body.kind !== 'localFunction') || body.returns.length !== 1 || !body.returnTypeText) return null;
  const head = masked.slice(body.span.start, body.nameSpan.start);
  const typeAt = head.lastIndexOf(body.returnTypeText.replace(/\s+/g, ' '));
  const typeStart = typeAt === -1 ? head.search(/(?:[\w.]+\.)?(?:Value)?Task\b/) : typeAt;
  if (typeStart < 0) return null;
  const edits: TextEdit[] = [{ start: body.span.start + typeStart, end: body.span.start + typeStart, newText: 'async ' }];
  const exprText = ctx.text.slice(expr.start, expr.end);
  if (body.returnKind === 'TaskOfT' || body.returnKind === 'ValueTaskOfT') edits.push({ start: expr.start, end: expr.start, newText: 'await ' });
  else if (body.returnKind === 'Task' || body.returnKind === 'ValueTask') edits.push({ start: r.span.start, end: r.span.end, newText: `await ${exprText}; return;` });
  else return null;
  return { title: 'Make the method async and await the task', safety: 'unsafe', edits };
}

export const rule: Rule = {
  meta: {
    id: 'ASY026',
    name: 'task-escapes-using',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['MA0100'],
    summary: 'A non-async method returns a task from inside a using or try/finally that disposes what the task uses.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.isAsync || body.hasSyntaxErrors || !isAsyncContext(ctx, body)) continue;
      if (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT' && body.returnKind !== 'ValueTask' && body.returnKind !== 'ValueTaskOfT') continue;
      for (const r of body.returns) {
        if (r.expressionText === null || !r.regions.some((g) => g.kind === 'using' || g.kind === 'try')) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        const expr = returnExpressionSpan(r, ctx.text);
        if (!expr || COMPLETED.test(masked.slice(expr.start, expr.end).trim())) continue;
        const reason = escapeReason(ctx, body, r, masked, expr);
        if (!reason) continue;
        const fix = fixFor(ctx, body, r, expr, masked);
        findings.push({
          span: expr,
          message: `This task is returned before the ${reason.startsWith('the using') ? 'using' : 'finally block'} cleans up what it uses`,
          note: `${reason[0].toUpperCase()}${reason.slice(1)}. ` + 'Without async, return hands the task back at once; the using or finally then runs before the task has finished.',
          bodyId: body.id,
          ...(fix ? { fix } : {}),
        });
      }
    }
    return findings;
  },
};
