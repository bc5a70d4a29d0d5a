/** ASY012 valuetask-candidate: a Task<T> method that usually completes synchronously with an uncached result, awaited once by every caller. */
import { quoted } from './messageText';
import type { MethodBody, Span, TypeDeclaration } from '../model/types';
import { resolveCallRef, verdictKey } from '../workspace/completion';
import { callersOf, stripGenerics, typeFamily, typesNamed, type CallRef } from '../workspace/index';
import { shapeOfTypeText } from '../cost';
import { taskOfTBytes } from '../cost/estimate';
import { cachedValuesOf, cachingOf } from '../cost/resultCache';
import { maskCommentsAndStrings } from './sourceText';
import { elisionOf } from './asy013-unnecessary-async';
import { asyncBodies, type RelatedLocation, type Rule, type RuleContext, type RuleFinding } from './types';
import { firstNames } from '../project/proseLists';

const docs = `## What it does
Flags an \`async Task<T>\` method (or local function) that
- likely completes synchronously (the verdict ASY010 explains: completed awaits, a cache fast path,
  awaits only on a cache miss, or workspace callees that never suspend), and has at least one await
  (a method with none belongs to ASY011, whose fix removes the state machine instead);
- returns at least one value the runtime does not cache, so its synchronous path allocates a \`Task<T>\`.
  On .NET 8 and later the cached results are \`true\`, \`false\`, \`null\`, \`int\` -1 to 8, and the all-zero
  value of any 1, 2, 4, 8 or 16-byte type without references (\`0L\`, \`0.0\`, \`0m\`, \`default\` of an enum
  or a small struct); the cost model decides this, so the hover and this rule agree;
- has at least one caller in the workspace, and every call that reaches it is awaited directly,
  exactly once (\`await M()\`, also with \`.ConfigureAwait(...)\`); or, for a public method of a public type
  with a cache fast path (a library's API, whose callers live elsewhere), no caller in the workspace at all,
  which the message says.

It is not flagged when a caller stores the task, passes it on (\`Task.WhenAll(M(), ...)\`), returns it,
blocks on it (\`.Result\`, \`.Wait()\`, \`GetAwaiter().GetResult()\`), or discards it; when the method has
no caller in the workspace and is not a public API method with a cache fast path (outside code may use the
task in any of those ways); when it is an
\`override\`, \`virtual\`, \`abstract\` or explicit interface implementation, or implements a method of a
workspace interface, or its type lists a base type that looks like an interface outside the workspace
(the signature is a contract); and when ASY013 flags it (returning the inner task removes the state
machine altogether, which is the better fix).

Public methods of public types are still flagged: the fix then changes the public API, which the
message says.

## Why is this bad?
On the synchronous path an \`async Task<T>\` allocates a \`Task<T>\` for every result the runtime does not
cache: 72 B for most T, 80 B for \`decimal\`, \`Guid\` and other 16-byte structs, more for larger ones. An
\`async ValueTask<T>\` stores the result inline and allocates nothing there; when it does suspend it costs
about the same as the Task. A method that usually hits a cache pays that allocation on almost every call.

## Example
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class PriceList
{
    private readonly Dictionary<string, decimal> _prices = new();

    public async Task<decimal> GetPriceAsync(string sku)
    {
        if (_prices.TryGetValue(sku, out var price))
        {
            return price;
        }

        price = await FetchPriceAsync(sku);
        _prices[sku] = price;
        return price;
    }

    public async Task<decimal> TotalAsync(string[] skus)
    {
        var total = 0m;
        foreach (var sku in skus)
        {
            total += await GetPriceAsync(sku);
        }

        return total;
    }

    private static async Task<decimal> FetchPriceAsync(string sku)
    {
        await Task.Delay(100);
        return 9.99m;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Collections.Generic;
using System.Threading.Tasks;

public class PriceList
{
    private readonly Dictionary<string, decimal> _prices = new();

    public async ValueTask<decimal> GetPriceAsync(string sku)
    {
        if (_prices.TryGetValue(sku, out var price))
        {
            return price;
        }

        price = await FetchPriceAsync(sku);
        _prices[sku] = price;
        return price;
    }

    public async Task<decimal> TotalAsync(string[] skus)
    {
        var total = 0m;
        foreach (var sku in skus)
        {
            total += await GetPriceAsync(sku);
        }

        return total;
    }

    private static async Task<decimal> FetchPriceAsync(string sku)
    {
        await Task.Delay(100);
        return 9.99m;
    }
}
\`\`\`

## Fix safety
The fix changes the declared return type from \`Task<T>\` to \`ValueTask<T>\` and nothing else; the body
compiles unchanged. It is **unsafe**: a \`ValueTask<T>\` must be awaited exactly once and never read
after that, which holds for the callers the workspace shows but not for code outside it; code that
converts the method to a \`Func<Task<T>>\` (a method group) stops compiling; and for a public member of
a public type it is a breaking change of the API.

## Limitations
- Calls are matched by name, argument count and the receiver's declared type. A call whose receiver's
  type is unknown is treated as a possible caller: if it is not awaited, the method is not flagged.
  Method groups (\`list.Select(GetPriceAsync)\`) and reflection are not seen, so such a use does not
  stop the finding.
- "Awaited exactly once" is a property of each call expression; a task stored and then awaited is
  treated as stored, never as awaited.
- "Likely completes synchronously" is ASY010's verdict, with its heuristics: a fast path that looks up a cache
  whose entries expire (\`IMemoryCache\` and the like) does not count, since its hit rate depends on the workload.
- Whether a returned value is cached is known for literals and recognisable zero values (\`default\`,
  \`Guid.Empty\`, \`TimeSpan.Zero\`); a computed value counts as "72 B unless it happens to be cached".
- The bytes assume the compiler's state machine on .NET 8-10. With Runtime Async (.NET 11) a \`Task<T>\`
  awaited directly by another runtime-async method allocates nothing on the synchronous path, so the
  finding matters much less there; rules do not know the runtime profile the editor is set to.
- A public method of a type that implements an interface from outside the workspace is skipped, since
  that interface may declare it; a few library interfaces whose members are known (\`IDisposable\`,
  \`IAsyncDisposable\`, \`IEquatable<T>\`, \`IComparable<T>\`, \`IEnumerable<T>\`, \`IHostedService\` and
  others) do not count. An abstract class from a library is not inspected, but overriding its members
  needs \`override\`, which is skipped anyway.
`;

function containingTypeOf(ctx: RuleContext, body: MethodBody): TypeDeclaration | null {
  let best: TypeDeclaration | null = null;
  for (const t of ctx.model.types) {
    if (t.name !== body.containingType || t.span.start > body.span.start || t.span.end < body.span.end) continue;
    if (!best || best.span.start < t.span.start) best = t;
  }
  return best;
}

/**
 * Library interfaces whose members are known, so that implementing one does not make every public method
 * of the type a possible contract (learn.microsoft.com lists each interface's members).
 */
const KNOWN_LIBRARY_INTERFACES: Record<string, string[]> = {
  IDisposable: ['Dispose'],
  IAsyncDisposable: ['DisposeAsync'],
  IEquatable: ['Equals'],
  IComparable: ['CompareTo'],
  ICloneable: ['Clone'],
  IFormattable: ['ToString'],
  IEnumerable: ['GetEnumerator'],
  IAsyncEnumerable: ['GetAsyncEnumerator'],
  IHostedService: ['StartAsync', 'StopAsync'],
};

/** Why the method's signature is a contract it cannot change alone, or null when it is free to change. */
export function contractReason(ctx: RuleContext, body: MethodBody): string | null {
  const fixed = body.modifiers.find((m) => m === 'override' || m === 'virtual' || m === 'abstract');
  if (fixed) return `it is ${fixed}`;
  if (body.kind === 'localFunction') return null;
  if (body.containingTypeKind === 'interface') return 'it is an interface member';
  // `Task<int> IStore.GetAsync()`: an explicit interface implementation has a dot before its name.
  if (/\.\s*$/.test(ctx.text.slice(Math.max(0, body.nameSpan.start - 40), body.nameSpan.start))) return 'it implements an interface member explicitly';
  const type = containingTypeOf(ctx, body);
  if (!type) return null;
  for (const name of typeFamily(ctx.index, type.name)) {
    if (name === type.name) continue;
    for (const ref of typesNamed(ctx.index, name)) {
      if (ref.type.kind === 'interface' && ref.type.members.some((m) => m.kind === 'method' && m.name === body.name)) return `it implements ${ref.type.name}.${body.name}`;
    }
  }
  const isPublic = body.modifiers.includes('public');
  for (const base of type.baseTypes) {
    const name = stripGenerics(base);
    const known = KNOWN_LIBRARY_INTERFACES[name];
    if (known) {
      if (known.includes(body.name)) return `it implements ${name}.${body.name}`;
      continue;
    }
    if (/^I[A-Z]/.test(name) && typesNamed(ctx.index, name).length === 0 && isPublic) return `${type.name} implements ${name}, which is not in the workspace and may declare ${body.name}`;
  }
  return null;
}

/** The workspace calls that reach the body, or a reason why one of them disqualifies it. */
function callersOfBody(ctx: RuleContext, body: MethodBody): { callers: CallRef[]; disqualified: string | null } {
  const callers: CallRef[] = [];
  for (const ref of callersOf(ctx.index, body.name)) {
    if (ref.call.inNameof) continue;
    const resolution = resolveCallRef(ref.call, ref.caller, ref.file, ctx.index);
    const reaches = resolution.targets.some((m) => m.file === ctx.file && m.body?.id === body.id);
    if (!reaches) {
      // A call whose receiver's type is unknown may still be this method: only an awaited one is harmless.
      if (!resolution.receiverTypeKnown && ref.call.usage !== 'awaited') return { callers, disqualified: `a call in ${ref.caller.name} may reach it and is not awaited directly` };
      continue;
    }
    if (ref.call.usage !== 'awaited') return { callers, disqualified: `${ref.caller.name} uses its task without awaiting it once (${ref.call.usage})` };
    callers.push(ref);
  }
  return { callers, disqualified: null };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The span of the `Task` identifier in the declared return type `Task<T>`, which the fix renames. */
function returnTypeTaskSpan(ctx: RuleContext, body: MethodBody): Span | null {
  const head = ctx.text.slice(body.span.start, body.nameSpan.start).replace(/\s+$/, '');
  if (!head.endsWith('>')) return null;
  let depth = 0;
  for (let i = head.length - 1; i >= 0; i--) {
    if (head[i] === '>') depth++;
    else if (head[i] === '<' && --depth === 0) {
      const word = /(\w+)\s*$/.exec(head.slice(0, i));
      if (!word || word[1] !== 'Task') return null;
      const start = body.span.start + word.index;
      return { start, end: start + 4 };
    }
  }
  return null;
}

export const rule: Rule = {
  meta: {
    id: 'ASY012',
    name: 'valuetask-candidate',
    category: 'allocation',
    defaultSeverity: 'hint',
    fix: 'unsafe',
    equivalents: [],
    summary: 'A Task<T> method that usually completes synchronously with an uncached result, and every caller awaits once: ValueTask<T> would allocate nothing there.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of asyncBodies(ctx)) {
      if (body.kind !== 'method' && body.kind !== 'localFunction') continue;
      if (body.returnKind !== 'TaskOfT' || !body.resultTypeText || body.awaits.length === 0 || body.isIterator) continue;
      const verdict = ctx.completion.get(verdictKey(ctx.file, body.id));
      if (!verdict?.likelySync) continue;
      if (contractReason(ctx, body)) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      if (elisionOf(ctx, body, masked)) continue;
      const { callers, disqualified } = callersOfBody(ctx, body);
      if (disqualified) continue;
      const isPublicApi = body.kind === 'method' && body.modifiers.includes('public') && (containingTypeOf(ctx, body)?.modifiers.includes('public') ?? false);
      // A library's public method has its callers outside the workspace. With a real cache fast path it is still a
      // candidate, said with that caveat; anything less certain needs callers the workspace shows.
      const cacheFastPath = (verdict.basis === 'fastPath' || verdict.basis === 'awaitsOnlyOnMiss') && verdict.pathKind === 'cache';
      if (callers.length === 0 && !(isPublicApi && cacheFastPath)) continue;
      // The cost model decides which results the runtime caches (knowledge/taskCache.ts, .NET 8 and later), so hovers and
      // this rule agree. Every return counts: the fast path's and the slow path's alike.
      const shape = shapeOfTypeText(body.resultTypeText, { index: ctx.index, typeParameters: new Set(body.typeParameters) });
      if (body.returns.length > 0 && body.returns.every((r) => cachingOf(r, body.resultTypeText!, shape, 'net8') === 'cached')) continue;
      const taskSpan = returnTypeTaskSpan(ctx, body);
      const T = body.resultTypeText;
      const related: RelatedLocation[] = callers.map((c) => ({ file: c.file, span: c.call.nameSpan, message: `awaited once by ${c.caller.name}` }));
      const n = callers.length;
      const cachedValues = cachedValuesOf(T, shape, 'net8');
      const allocation = `allocates a Task<${T}> of ${taskOfTBytes(shape)} B${cachedValues ? ` unless the result is cached (${cachedValues})` : ''}`;
      findings.push({
        span: body.nameSpan,
        message: `${quoted(body.name)} could return ${quoted(`ValueTask<${T}>`)}: it likely completes synchronously`,
        note: `${n === 0 ? 'No caller in the workspace: callers elsewhere must await it once.' : `${n === 1 ? 'Its only caller awaits' : `All ${n} callers await`} it once.`} ${capitalised(verdict.reason)}. On that path each call ${allocation} (.NET 8-10); a ValueTask<${T}> carries the result inline and allocates nothing there.${n === 0 ? ' No caller in the workspace: a ValueTask<T> must be awaited exactly once and never read after that, so check the callers outside it before changing.' : ''}${isPublicApi ? ' The method is public: changing its return type changes the public API.' : ''}`,
        bodyId: body.id,
        related,
        ...(taskSpan ? { fix: { title: `Change the return type to ValueTask<${T}> (${callersToCheck(callers.map((c) => c.caller.name))})`, safety: 'unsafe' as const, edits: [{ start: taskSpan.start, end: taskSpan.end, newText: 'ValueTask' }] } } : {}),
      });
    }
    return findings;
  },
};

/** What else a signature change touches, for the fix's title: the callers to check, or that they are outside the workspace. */
function callersToCheck(names: string[]): string {
  const unique = [...new Set(names)];
  if (unique.length === 0) return 'check callers outside the workspace';
  return `check ${unique.length === 1 ? 'its caller' : 'its callers'} ${firstNames(unique)}`;
}
