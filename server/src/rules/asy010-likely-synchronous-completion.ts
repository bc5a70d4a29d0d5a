/** ASY010 likely-synchronous-completion: an async method or local function whose common path never suspends. */
import { quoted, withoutDetails } from './messageText';
import { shapeOfTypeText } from '../cost';
import { taskOfTBytes } from '../cost/estimate';
import type { MethodBody } from '../model/types';
import { verdictKey, type CompletionVerdict } from '../workspace/completion';
import { bodyOf } from '../workspace/index';
import { describeCache } from '../knowledge/taskCache';
import { isHarnessMethod } from './testSubjects';
import { asyncBodies, type RelatedLocation, type Rule, type RuleContext, type RuleFinding } from './types';
import { elidesCode } from './sourceText';
import { contractReason } from './asy012-valuetask-candidate';

const docs = `## What it does
Flags an \`async\` method or local function that has awaits, yet whose common path finishes without
suspending: every await is of an already completed task (\`Task.CompletedTask\`, \`Task.FromResult\`,
\`ValueTask.FromResult\`, \`new ValueTask<T>(value)\`, \`default\`, \`Task.Delay(0)\`) or of a workspace
method that itself never suspends; or it returns from a cache before its first await; or it awaits only on
a cache miss. A workspace method that returns \`new ValueTask(task)\` (or \`new ValueTask<T>(task)\`) completes
when that task does, and one over an \`IValueTaskSource\` is not known to complete at once. The argument of
\`new ValueTask<T>(x)\` is a task when its type says so, or when the last call of its chain follows the Async naming
convention (\`new ValueTask<T>(set.Visible(true).SingleOrDefaultAsync(...))\`); otherwise it is taken for a result.
The message says which, and points at the callee that makes it so; for awaits only on a cache miss it names the
guard around all of them when there is one (\`_rows == null\` rather than the \`_total == null\` nested in it around
the first await). A callee that is only synchronous on a cache hit does not make its callers so: how often a caller
hits is not in the code.
A body that leaves code out with a comment line holding only an ellipsis (\`// ...\`, as documentation snippets and sketches do) is not flagged: the missing code may suspend.

Methods with no await at all belong to ASY011 (async-without-await). Async iterators and \`async void\`
methods are not checked (the latter allocate nothing on the synchronous path, and their signature is usually an
event handler's or an override's), nor are the methods a test or benchmark harness calls (\`[Fact]\`, \`[Test]\`,
\`[TestMethod]\`, their set-up and clean-up, xUnit's \`IAsyncLifetime.InitializeAsync\` and \`DisposeAsync\`, BenchmarkDotNet's \`[Benchmark]\` and \`[GlobalSetup]\`): the harness
calls each once per test or measurement, so no caller gains from a cached task or a \`ValueTask\`. Async lambdas
are not flagged either: a lambda's return type is chosen by the delegate it is converted to (\`Func<Task>\`, an
event handler, a framework callback), so the advice that follows from this finding (cache the task, return
\`ValueTask<T>\`, drop \`async\`) rarely applies to it; its cost shows in the hover of the method around it.

## Why is this bad?
On the synchronous path the state machine runs for nothing: the builder is set up, \`MoveNext\` runs,
every await checks \`IsCompleted\`, and the result is stored into a task. An \`async Task<T>\` that
completes synchronously still allocates a \`Task<T>\` (72 B for most T) for every result the runtime
does not cache (on .NET 8 and later: \`true\`, \`false\`, \`null\`, \`int\` -1 to 8, and the all-zero value
of a 1, 2, 4, 8 or 16-byte type without references).
Knowing that a method is usually synchronous tells you where a \`ValueTask<T>\` (ASY012) or a cached
task pays off. This is a suggestion (a hint), not a defect: the method may be written this way on purpose.

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

    private static async Task<decimal> FetchPriceAsync(string sku)
    {
        await Task.Delay(100);
        return 9.99m;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Collections.Concurrent;
using System.Threading.Tasks;

public class PriceList
{
    private readonly ConcurrentDictionary<string, Task<decimal>> _prices = new();

    // The cached task is handed back as it is: no state machine runs and nothing is allocated on a hit.
    public Task<decimal> GetPriceAsync(string sku) => _prices.GetOrAdd(sku, FetchPriceAsync);

    private static async Task<decimal> FetchPriceAsync(string sku)
    {
        await Task.Delay(100);
        return 9.99m;
    }
}
\`\`\`

## Fix safety
No fix: whether to return \`ValueTask<T>\` (ASY012), cache the task, or leave the method as it is
depends on how it is called.

## Limitations
- Without a compiler, an await counts as complete only when its operand is written as a completed
  task, or is a call that resolves by name, argument count and the receiver's declared type to
  workspace methods that all complete synchronously. Overloads of the same arity are all considered;
  a virtual, abstract or interface call counts as synchronous only when every override or
  implementation in the workspace does. An implementation outside the workspace is not seen.
- Calls through a delegate, an awaited variable or field, \`Task.WhenAll\`, \`await foreach\` and
  \`await using\` are counted as "may suspend".
- Recursion is followed to a fixed point: methods that call each other and never reach an await that
  may suspend are reported as synchronous, which is what happens at run time. A call through a public
  interface or a virtual member of a public type may run code outside the workspace, so it may suspend.
  So may a call on an Orleans grain interface (one deriving from \`IGrainWithStringKey\`, \`IGrainObserver\`,
  \`IAddressable\` ...): it goes through a proxy that sends a message, whatever the grain class returns.
- The cache heuristics read names, not behaviour: a return before the first await counts as a cache hit
  when its \`if\` condition is a \`TryGetValue(...)\` or \`ContainsKey(...)\` call (another \`TryGet...\`
  only when a name says cache) and the branch returns a value, an \`IsCompleted\` /
  \`IsCompletedSuccessfully\` check, a null check of anything named *cache*, *memo* or *prefetch*, a null check of a
  field (\`_x\`, \`s_x\`, \`this.x\`) whose branch only returns that field (\`_x.HasValue\` is such a null check: a
  back-off window, \`if (_retryAfter.HasValue && now < _retryAfter.Value) return false;\`, is no cache hit), or a flag named like
  \`_initialized\`, \`_loaded\` or \`_warmedUp\`; awaits
  count as "only on a miss" under the negation of those, or on the right of \`x ?? await ...\` and
  \`x ??= await ...\`. A null check of a field whose name does not say cache reads as a miss only when the
  statement it guards writes that field (\`_token = await ...\`, \`??=\`, \`ref _token\`): a branch that leaves it null
  (\`if (_address is null) return new Mailbox(await LookUpAsync());\`) chose a kind of input, a setting left out, and
  every call made with it awaits. A field written as \`this.x = ...\` is not checked. A lookup in a cache whose entries expire (\`IMemoryCache\`, \`MemoryCache\`,
  \`ObjectCache\`, \`IDistributedCache\`, known from the receiver's declared type) does not count: such caches
  keep remote results for a while, and whether the same key comes back within the expiration depends on the
  workload. Nor does any cache or initialisation check in a method that starts
  something (a name with the word Start: \`StartAsync\`, \`StartProxyAsync\`): it runs once per thing it starts, so
  finding it already started is the exception its check guards against. Nor does a lookup in a local the method creates empty (\`var seen = new Dictionary<K, V>(comparer)\`,
  \`[]\`): it starts empty on every call, so its first lookup misses. Nor does a lookup made per item of a loop
  whose names do not say cache (\`foreach (var f in remote) if (!keep.ContainsKey(f.Name)) await DeleteAsync(f);\`):
  it filters the items, and every item it lets through takes the await. Nor does an early return after a lookup
  in a local the method computed (\`var modes = ModesFor(prefix);\`) whose names do not say cache, when the branch
  hands back neither the lookup's out variable nor the collection (\`if (empty && modes.ContainsKey(Mode.Bookmarks))
  return ListAll();\`): it chose a kind of input, not a cached value. Nor does an early return after a lookup whose found
  entry another part of the condition tests, when the branch hands back neither that entry nor the collection
  (\`if (_restartedAt.TryGetValue(id, out var last) && now - last < _window) return "restarted lately";\`,
  \`if (_failures.TryGetValue(id, out var n) && n >= 3) return false;\`): the dictionary keeps a record to decide by (a
  back-off window, an attempt limit), and the usual call finds none, or an old one, and goes on to the await; an
  expiring entry that the branch hands back (\`return entry.Value;\`) stays a cache hit. Another cache that rarely hits is still reported, and a fast path with other names
  is missed. Negated checks that lead to an early exit (\`if (!_map.TryGetValue(k, out v)) return null;\`)
  are read as the rare path and do not count.
`;

function noteFor(ctx: RuleContext, body: MethodBody, verdict: CompletionVerdict): string {
  const path = verdict.basis === 'completedAwaits' ? 'Every call' : 'On that path the method';
  switch (body.returnKind) {
    case 'TaskOfT':
    {
      // The exact size of this Task<T> where the result type is known, as ASY012 and the hover say it.
      const T = body.resultTypeText ?? 'T';
      const size = body.resultTypeText ? `${taskOfTBytes(shapeOfTypeText(body.resultTypeText, { index: ctx.index, typeParameters: new Set(body.typeParameters) }))} B` : '72 B for most T';
      // An override or an implementation cannot change its return type alone: only a cached task is open to it.
      const contract = contractReason(ctx, body);
      const remedy = contract ? `a cached task would avoid that allocation (a ValueTask<${T}> would change a signature that is not its own: ${contract})` : `a ValueTask<${T}> or a cached task would avoid that allocation`;
      return `${path} runs the state machine for nothing and may allocate a Task<${T}> (${size}) unless the result is one the runtime caches (${describeCache('net8')}); ${remedy}.`;
    }
    case 'Task':
      return `${path} runs the state machine for nothing; an async Task that completes synchronously hands back the cached completed Task, so it allocates nothing, but the builder, MoveNext and every IsCompleted check still run.`;
    case 'ValueTask':
    case 'ValueTaskOfT':
      return `${path} runs the state machine for nothing; a ValueTask carries a synchronous result inline, so it allocates nothing there.`;
    case 'void':
      return `${path} runs the state machine for nothing; an async void method allocates nothing when it completes synchronously.`;
    default:
      return `${path} runs the state machine for nothing; what it allocates depends on the custom builder of ${body.returnTypeText ?? 'its return type'}.`;
  }
}

function relatedOf(ctx: RuleContext, verdict: CompletionVerdict): RelatedLocation[] {
  const related: RelatedLocation[] = [];
  for (const callee of verdict.callees) {
    const target = bodyOf(ctx.index, callee.file, callee.bodyId);
    if (!target) continue;
    const reason = ctx.completion.get(verdictKey(callee.file, callee.bodyId))?.reason;
    related.push({ file: callee.file, span: target.nameSpan, message: reason ? `${callee.name} completes synchronously: ${reason}` : `${callee.name} completes synchronously` });
  }
  if (verdict.pathSpan) {
    related.push({ file: ctx.file, span: verdict.pathSpan, message: verdict.basis === 'fastPath' ? 'the synchronous path returns here, before any await' : 'this await runs only when the check above misses' });
  }
  return related;
}

export const rule: Rule = {
  meta: {
    id: 'ASY010',
    name: 'likely-synchronous-completion',
    category: 'completion',
    defaultSeverity: 'hint',
    fix: 'none',
    equivalents: [],
    summary: 'An async method whose common path never suspends: its state machine runs for nothing there.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    for (const body of asyncBodies(ctx)) {
      if (body.kind !== 'method' && body.kind !== 'localFunction') continue;
      // No await at all is ASY011's finding; async iterators have no verdict; an async void method allocates
      // nothing on its synchronous path and its signature (an event handler's, an override's) is rarely free to change.
      if (body.awaits.length === 0 || body.isIterator || body.returnKind === 'void') continue;
      // A sketch with code left out (`// ...`) may suspend in what is missing.
      if (elidesCode(ctx.text, body)) continue;
      // A test or a benchmark is called by its harness, once per test or measurement, with the signature the
      // harness reads: there is no caller for whom a cached task or a ValueTask would pay.
      if (isHarnessMethod(ctx.index, body)) continue;
      const verdict = ctx.completion.get(verdictKey(ctx.file, body.id));
      if (!verdict?.likelySync) continue;
      const related = relatedOf(ctx, verdict);
      findings.push({
        span: body.nameSpan,
        message: `${quoted(body.name)} likely completes synchronously: ${withoutDetails(verdict.reason)}`.length <= 100
          ? `${quoted(body.name)} likely completes synchronously: ${withoutDetails(verdict.reason)}`
          : `${quoted(body.name)} likely completes synchronously`,
        note: `${capitalised(verdict.reason)}. ${noteFor(ctx, body, verdict)}`,
        bodyId: body.id,
        ...(related.length ? { related } : {}),
      });
    }
    return findings;
  },
};

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
