// Corpus entries for async iterators: the class state machine grows by every local live across a `yield return`
// (not only across an await), by parameters and their copies, by [EnumeratorCancellation]'s combined-token field,
// and by what the loop keeps between iterations. The harness enumerates each once, as `await foreach` would.
namespace Calibration;

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

public static class AsyncIterators
{
    // Probe: an int local written before a `yield return` and read after it, no await: the local is hoisted.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_IntLocalLiveAcrossYield() { int x = Src.Seed; yield return 1; Sink.Int = x; }

    // Probe: a long local live across a `yield return`.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_LongLocalLiveAcrossYield() { long x = Src.LongResult; yield return 1; Sink.Long = x; }

    // Probe: a decimal local live across a `yield return`.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_DecimalLocalLiveAcrossYield() { decimal x = Src.DecimalResult; yield return 1; Sink.Decimal = x; }

    // Probe: a local used only before the `yield return`: not hoisted.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_LocalNotLiveAcrossYield() { long x = Src.LongResult; Sink.Long = x; yield return 1; }

    // Probe: a loop counter live across the `yield return` in its body.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_CounterLiveAcrossYield() { for (int i = 0; i < 3; i++) yield return i; }

    // Probe: foreach over a List<int> yielding each element: the List<int>.Enumerator is hoisted.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_ForeachListYield() { foreach (int item in Src.List) yield return item; }

    // Probe: an [EnumeratorCancellation] token used in the body: the token, its copy and <>x__combinedTokens.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_EnumeratorCancellationUsed([EnumeratorCancellation] CancellationToken cancellationToken) { cancellationToken.ThrowIfCancellationRequested(); yield return 1; }

    // Probe: an [EnumeratorCancellation] token never used in the body: is <>x__combinedTokens still there?
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_EnumeratorCancellationUnused([EnumeratorCancellation] CancellationToken cancellationToken) { yield return 1; }

    // Probe: a CancellationToken parameter without [EnumeratorCancellation]: the token and its copy only.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_PlainTokenParameter(CancellationToken cancellationToken) { cancellationToken.ThrowIfCancellationRequested(); yield return 1; }

    // Probe: an int parameter used after a `yield return`: the parameter and its <>3__ copy.
    [Probe(Paths.Sync, Args = "3")]
    public static async IAsyncEnumerable<int> Iterator_IntParameter(int count) { for (int i = 0; i < count; i++) yield return i; }

    // Probe: IAsyncEnumerable<long>: an 8-byte <>2__current.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<long> Iterator_YieldLong() { yield return Src.LongResult; }

    // Probe: IAsyncEnumerable<decimal>: a 16-byte <>2__current.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<decimal> Iterator_YieldDecimal() { yield return Src.DecimalResult; }

    // Probe: a local live across an await and a `yield return`, the await suspending once.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async IAsyncEnumerable<int> Iterator_LocalAcrossAwaitAndYield() { long x = Src.LongResult; await Src.Task; yield return 1; Sink.Long = x; }

    // Probe: try/finally around a `yield return`: the finally runs on DisposeAsync or at the end.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> Iterator_TryFinallyAroundYield()
    {
        try
        {
            yield return 1;
        }
        finally
        {
            Sink.Int++;
        }
    }

    // Probe: an awaited int result yielded after a second await: the awaited value is kept across it.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async IAsyncEnumerable<int> Iterator_AwaitedValueLiveAcrossAwait() { int v = await Src.TaskInt; await Src.ValueTask; yield return v; }
}

/// <summary>An instance async iterator reading a field after a `yield return`: `this` is hoisted.</summary>
public sealed class IteratorOwner
{
    int _value = 7;

    // Probe: instance iterator reading a field after its `yield return`: `this` (8 B) is a field.
    [Probe(Paths.Sync)]
    public async IAsyncEnumerable<int> Iterator_InstanceReadsField() { yield return 1; Sink.Int = _value; }
}
