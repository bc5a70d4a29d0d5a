// Corpus entries that await one Task and differ in the return kind: the builder field's size and the box's Task<TResult>.
namespace Calibration;

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

public static class ReturnKinds
{
    // Probe: Task<int> returning 1000 after one await of a Task.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> TaskInt_AwaitTaskReturn1000() { await Src.Task; return 1000; }

    // Probe: Task<int> returning 7 after one await: cached on the sync path, but the box is the Task when it suspends.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> TaskInt_AwaitTaskReturn7() { await Src.Task; return 7; }

    // Probe: Task<int> returning the awaited Task<int>'s result (1000).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> TaskInt_ReturnAwaitTaskInt() { return await Src.TaskInt; }

    // Probe: Task<long> returning 5 after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<long> TaskLong_AwaitTaskReturn5() { await Src.Task; return 5; }

    // Probe: Task<bool> returning true after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<bool> TaskBool_AwaitTaskReturnTrue() { await Src.Task; return true; }

    // Probe: Task<decimal> returning 1.5m after one await (80 B Task<decimal> in the box).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<decimal> TaskDecimal_AwaitTaskReturn1_5m() { await Src.Task; return 1.5m; }

    // Probe: Task<Guid> returning Guid.Empty after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<Guid> TaskGuid_AwaitTaskReturnEmpty() { await Src.Task; return Guid.Empty; }

    // Probe: Task<Triple> (24-byte struct) returning default after one await (88 B Task<Triple> in the box).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<Triple> TaskTriple_AwaitTaskReturnDefault() { await Src.Task; return default; }

    // Probe: Task<string> returning "x" after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<string> TaskString_AwaitTaskReturnX() { await Src.Task; return "x"; }

    // Probe: ValueTask after one await (AsyncValueTaskMethodBuilder, 8 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async ValueTask ValueTask_AwaitTask() { await Src.Task; }

    // Probe: ValueTask<int> returning 1000 after one await (AsyncValueTaskMethodBuilder<int>, 16 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async ValueTask<int> ValueTaskInt_AwaitTaskReturn1000() { await Src.Task; return 1000; }

    // Probe: ValueTask<decimal> returning 1.5m after one await (AsyncValueTaskMethodBuilder<decimal>, 24 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async ValueTask<decimal> ValueTaskDecimal_AwaitTaskReturn1_5m() { await Src.Task; return 1.5m; }

    // Probe: ValueTask<Triple> (24-byte struct) returning default after one await (builder 8 + 24).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async ValueTask<Triple> ValueTaskTriple_AwaitTaskReturnDefault() { await Src.Task; return default; }

    // Probe: async void after one await (AsyncVoidMethodBuilder, 16 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async void AsyncVoid_AwaitTask() { await Src.Task; Src.SignalDone(); }

    // Probe: PoolingAsyncValueTaskMethodBuilder (ValueTask) after one await: boxes are pooled and reused.
    [Probe(Paths.Sync | Paths.Suspend)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public static async ValueTask PoolingValueTask_AwaitTask() { await Src.Task; }

    // Probe: PoolingAsyncValueTaskMethodBuilder<int> returning 1000 after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<int> PoolingValueTaskInt_AwaitTaskReturn1000() { await Src.Task; return 1000; }

    // Probe: PoolingAsyncValueTaskMethodBuilder<decimal> returning 1.5m after one await.
    [Probe(Paths.Sync | Paths.Suspend)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<decimal> PoolingValueTaskDecimal_AwaitTaskReturn1_5m() { await Src.Task; return 1.5m; }

    // Probe: ValueTask after Task.Yield(): the box with AsyncValueTaskMethodBuilder.
    [Probe(Paths.SuspendOnPool)]
    public static async ValueTask ValueTask_AwaitYield() { await Task.Yield(); }

    // Probe: PoolingAsyncValueTaskMethodBuilder<int> after Task.Yield(), where the box returns to the pool on another thread.
    [Probe(Paths.SuspendOnPool)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<int> PoolingValueTaskInt_AwaitYieldReturn1000() { await Task.Yield(); return 1000; }

    // Probe: async iterator that yields 3 ints without awaiting, enumerated once by the harness.
    [Probe(Paths.Sync)]
    public static async IAsyncEnumerable<int> AsyncIterator_YieldThreeNoAwait()
    {
        yield return 1;
        yield return 2;
        yield return 3;
    }

    // Probe: async iterator that awaits a Task before each of 3 yields, enumerated once; the loop variable is live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async IAsyncEnumerable<int> AsyncIterator_AwaitTaskBeforeEachOfThree()
    {
        for (int i = 0; i < 3; i++)
        {
            await Src.Task;
            yield return i;
        }
    }

    // Probe: async iterator that awaits Task.Yield() once and yields one int, enumerated once.
    [Probe(Paths.SuspendOnPool)]
    public static async IAsyncEnumerable<int> AsyncIterator_AwaitYieldThenYieldOne()
    {
        await Task.Yield();
        yield return 1;
    }
}
