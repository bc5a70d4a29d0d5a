// Corpus entries that reproduce the worked examples of cost-model.md section 8, numbered as there.
namespace Calibration;

using System;
using System.Threading.Tasks;

/// <summary>
/// The static worked examples. The table in cost-model.md has no #17. Example 14 is a pair (Outer awaits Inner):
/// the Outer entry measures both frames together, which is what the table's 192 B means; Inner is measured alone
/// as well. Examples 9-11, 13-16 and 18 suspend on the thread pool (Task.Yield, Task.Delay, Task.Run), so the
/// harness counts the bytes of the whole process for them, including what the awaited callee allocates.
/// </summary>
public static class WorkedExamples
{
    // Probe: worked example 1, `async Task M(){ }`.
    [Probe(Paths.Sync)]
    public static async Task Example01_TaskEmpty() { }

    // Probe: worked example 2, `async Task<int> M(){ return 42; }`.
    [Probe(Paths.Sync)]
    public static async Task<int> Example02_TaskIntReturn42() { return 42; }

    // Probe: worked example 2 awaited by an async caller, `return await Example02() - 42;`: both frames, sync path (the outer result 0 is cached).
    [Probe(Paths.Sync)]
    public static async Task<int> Example02b_AwaitedByAsyncCaller() { return await Example02_TaskIntReturn42() - 42; }

    // Probe: worked example 3, `async Task<int> M(){ return 7; }`.
    [Probe(Paths.Sync)]
    public static async Task<int> Example03_TaskIntReturn7() { return 7; }

    // Probe: worked example 4 (first half), `async Task<long> M(){ return 5; }`.
    [Probe(Paths.Sync)]
    public static async Task<long> Example04a_TaskLongReturn5() { return 5; }

    // Probe: worked example 4 (second half), `async Task<long> M(){ return 0L; }`.
    [Probe(Paths.Sync)]
    public static async Task<long> Example04b_TaskLongReturn0L() { return 0L; }

    // Probe: worked example 5, `async Task<decimal> M(){ return 0m; }`.
    [Probe(Paths.Sync)]
    public static async Task<decimal> Example05_TaskDecimalReturn0m() { return 0m; }

    // Probe: worked example 6, `async Task<DayOfWeek> M(){ return default; }`.
    [Probe(Paths.Sync)]
    public static async Task<DayOfWeek> Example06_TaskDayOfWeekReturnDefault() { return default; }

    // Probe: worked example 7 (first half), `async Task<string?> M(){ return null; }`.
    [Probe(Paths.Sync)]
    public static async Task<string?> Example07a_TaskStringReturnNull() { return null; }

    // Probe: worked example 7 (second half), `async Task<string?> M(){ return "x"; }`.
    [Probe(Paths.Sync)]
    public static async Task<string?> Example07b_TaskStringReturnX() { return "x"; }

    // Probe: worked example 8, `async ValueTask<int> M(){ return 1000; }`.
    [Probe(Paths.Sync)]
    public static async ValueTask<int> Example08_ValueTaskIntReturn1000() { return 1000; }

    // Probe: worked example 9, `static async Task M(){ await Task.Yield(); }`.
    [Probe(Paths.SuspendOnPool)]
    public static async Task Example09_TaskAwaitYield() { await Task.Yield(); }

    // Probe: worked example 10, `async Task<int> M(int x){ await Task.Yield(); return x+1; }`.
    [Probe(Paths.SuspendOnPool)]
    public static async Task<int> Example10_TaskIntAwaitYieldReturnXPlus1(int x) { await Task.Yield(); return x + 1; }

    // Probe: worked example 12, `async Task M(Task t){ await t.ConfigureAwait(false); }`, passed the harness's Task source.
    [Probe(Paths.Sync | Paths.Suspend, Args = "Src.Task")]
    public static async Task Example12_TaskAwaitParameterConfigureAwaitFalse(Task t) { await t.ConfigureAwait(false); }

    // Probe: worked example 13, `async Task M(){ for(int i=0;i<10;i++) await Task.Yield(); }`: 10 suspensions, one box.
    [Probe(Paths.SuspendOnPool)]
    public static async Task Example13_TaskYieldLoopOf10()
    {
        for (int i = 0; i < 10; i++) await Task.Yield();
    }

    // Probe: worked example 14 (inner half), #10 without x: `async Task<int> Inner(){ await Task.Yield(); return 1; }`.
    [Probe(Paths.SuspendOnPool)]
    public static async Task<int> Example14_Inner() { await Task.Yield(); return 1; }

    // Probe: worked example 14 (the pair), `Outer(){ return await Inner()+1; }`: Outer's box plus Inner's box.
    [Probe(Paths.SuspendOnPool)]
    public static async Task<int> Example14_OuterAwaitInnerPlus1() { return await Example14_Inner() + 1; }

    // Probe: worked example 15, `async ValueTask<int> M(){ await Task.Yield(); return 1; }`.
    [Probe(Paths.SuspendOnPool)]
    public static async ValueTask<int> Example15_ValueTaskIntAwaitYieldReturn1() { await Task.Yield(); return 1; }

    // Probe: worked example 16, `async void M(){ await Task.Yield(); }` (its sync 0 B is AsyncVoid_NoAwait).
    [Probe(Paths.SuspendOnPool)]
    public static async void Example16_AsyncVoidAwaitYield() { await Task.Yield(); Src.SignalDone(); }

    // Probe: worked example 18, `await Task.Run(static()=>{})`, work item held until the caller suspends; includes Task.Run's own 64 B Task.
    [Probe(Paths.SuspendOnPool)]
    public static async Task Example18_TaskAwaitTaskRunStaticLambda() { await Task.Run(static () => Src.RunBody()); }
}

/// <summary>Worked example 11 needs an instance with a field.</summary>
public sealed class WorkedExampleInstance
{
    int _field = 1000;

    // Probe: worked example 11 as written, instance `await Task.Delay(1); return _field;`; includes Task.Delay's own timer objects.
    [Probe(Paths.SuspendOnPool, Slow = true)]
    public async Task<int> Example11_InstanceAwaitTaskDelay1ReturnField() { await Task.Delay(1); return _field; }

    // Probe: worked example 11 with Src.Task in place of Task.Delay(1): the same state machine, measured without the timer's objects.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task<int> Example11b_InstanceAwaitTaskReturnField() { await Src.Task; return _field; }
}
