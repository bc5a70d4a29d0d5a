// Corpus entries that return early on some condition and otherwise await something that always suspends: the early
// return is a synchronous path. The condition reads whether Src.Task is complete, which it is exactly on the
// harness's synchronous runs, so the sync path takes the early return and the suspension path reaches the await.
namespace Calibration;

using System.Threading.Tasks;

public static class SyncPaths
{
    /// <summary>Always suspends: its only await is Task.Yield().</summary>
    public static async Task<int> AlwaysYields() { await Task.Yield(); return 2; }

    // Probe: early `return 1000` before an unconditional Task.Yield(): the sync path allocates one Task<int>.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_TaskInt1000BeforeYield() { if (Src.Task.IsCompleted) return 1000; await Task.Yield(); return 1; }

    // Probe: early `return 5` (cached) before an unconditional Task.Yield(), later `return 1000`: the sync path is free.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_TaskInt5BeforeYield() { if (Src.Task.IsCompleted) return 5; await Task.Yield(); return 1000; }

    // Probe: async Task with an early `return;` before Task.Yield(): the sync path returns the cached completed Task.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task EarlyReturn_TaskBeforeYield() { if (Src.Task.IsCompleted) return; await Task.Yield(); Sink.Int++; }

    // Probe: ValueTask<int> with an early `return 1000` before Task.Yield(): the result travels in the ValueTask.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async ValueTask<int> EarlyReturn_ValueTaskIntBeforeYield() { if (Src.Task.IsCompleted) return 1000; await Task.Yield(); return 1; }

    // Probe: Task<string> returning a field's string early, else yielding: one Task<string> on the sync path.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<string> EarlyReturn_TaskStringBeforeYield() { if (Src.Task.IsCompleted) return Src.Name; await Task.Yield(); return "y"; }

    // Probe: Task<long> returning 0L early (cached), else yielding and returning a large long.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<long> EarlyReturn_TaskLongZeroBeforeYield() { if (Src.Task.IsCompleted) return 0L; await Task.Yield(); return Src.LongResult; }

    // Probe: the early return sits in a block with a statement before it.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_InBlockBeforeYield()
    {
        if (Src.Task.IsCompleted)
        {
            Sink.Int++;
            return 1000;
        }

        await Task.Yield();
        return 3;
    }

    // Probe: a switch whose case returns early before an unconditional Task.Yield().
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_SwitchCaseBeforeYield()
    {
        switch (Src.Task.IsCompleted)
        {
            case true:
                return 1000;
        }

        await Task.Yield();
        return 4;
    }

    // Probe: the early return is inside a loop whose body then yields: the first iteration can return synchronously.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_InLoopBeforeYield()
    {
        for (int i = 0; i < 3; i++)
        {
            if (Src.Task.IsCompleted) return 1000;
            await Task.Yield();
        }

        return 6;
    }

    // Probe: an early return before awaiting a workspace method that always suspends (its own box comes on top).
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_BeforeAlwaysSuspendingCallee() { if (Src.Task.IsCompleted) return 1000; return await AlwaysYields() + 1; }

    // Probe: two guards, each returning early, before Task.Yield(): both return cached values.
    [Probe(Paths.Sync | Paths.SuspendOnPool)]
    public static async Task<int> EarlyReturn_TwoGuardsBeforeYield()
    {
        if (Src.Seed < 0) return 7;
        if (Src.Task.IsCompleted) return 8;
        await Task.Yield();
        return 1000;
    }

    // Probe: an early return before Task.Delay(1), a real timer: the suspension path includes Task.Delay's own objects.
    [Probe(Paths.Sync | Paths.SuspendOnPool, Slow = true)]
    public static async Task<int> EarlyReturn_BeforeDelay() { if (Src.Task.IsCompleted) return 1000; await Task.Delay(1); return 2; }

    // Probe: no early return before the unconditional Task.Yield() (a return only after it): no synchronous path.
    [Probe(Paths.SuspendOnPool)]
    public static async Task<int> NoEarlyReturn_YieldThenReturn() { Sink.Int++; await Task.Yield(); if (Src.Task.IsCompleted) return 1000; return 9; }
}
