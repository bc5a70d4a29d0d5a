// Corpus entries for chains of async methods, each awaiting the next, whose innermost level awaits a source: what one
// call of the outermost method allocates, every level included. With compiler state machines each suspended level
// boxes its own state machine; under Runtime Async each suspended frame allocates a continuation.
namespace Calibration;

using System.Threading.Tasks;

public static class Chains
{
    static async Task TaskLevel1() { await Src.Task; }

    static async Task TaskLevel2() { await TaskLevel1(); }

    static async Task TaskLevel3() { await TaskLevel2(); }

    static async Task<int> IntLevel1() { return await Src.TaskInt + 1; }

    static async Task<int> IntLevel2() { return await IntLevel1() + 1; }

    static async Task<int> IntLevel3() { return await IntLevel2() + 1; }

    static async Task YieldLevel1() { await Task.Yield(); }

    static async Task YieldLevel2() { await YieldLevel1(); }

    static async Task YieldLevel3() { await YieldLevel2(); }

    static async ValueTask<int> ValueTaskLevel1() { return await Src.ValueTaskInt + 1; }

    static async ValueTask<int> ValueTaskLevel2() { return await ValueTaskLevel1() + 1; }

    static async Task<long> LocalsLevel1() { long before = Sink.Long; await Src.Task; return before + 1; }

    static async Task<long> LocalsLevel2() { long before = Sink.Long; long inner = await LocalsLevel1(); return before + inner; }

    // Probe: two levels of async Task, the inner one awaiting a pending Task.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Chain2_Task() { await TaskLevel1(); }

    // Probe: three levels of async Task, the innermost awaiting a pending Task.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Chain3_Task() { await TaskLevel2(); }

    // Probe: four levels of async Task, the innermost awaiting a pending Task.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Chain4_Task() { await TaskLevel3(); }

    // Probe: two levels of Task<int>, each adding 1 to the awaited result (1001, 1002: not cached).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Chain2_TaskInt() { return await IntLevel1() + 1; }

    // Probe: three levels of Task<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Chain3_TaskInt() { return await IntLevel2() + 1; }

    // Probe: four levels of Task<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Chain4_TaskInt() { return await IntLevel3() + 1; }

    // Probe: two levels of async Task, the innermost awaiting Task.Yield().
    [Probe(Paths.SuspendOnPool)]
    public static async Task Chain2_Yield() { await YieldLevel1(); }

    // Probe: three levels of async Task, the innermost awaiting Task.Yield().
    [Probe(Paths.SuspendOnPool)]
    public static async Task Chain3_Yield() { await YieldLevel2(); }

    // Probe: four levels of async Task, the innermost awaiting Task.Yield().
    [Probe(Paths.SuspendOnPool)]
    public static async Task Chain4_Yield() { await YieldLevel3(); }

    // Probe: three levels of ValueTask<int>, the innermost awaiting a pending ValueTask<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async ValueTask<int> Chain3_ValueTaskInt() { return await ValueTaskLevel2() + 1; }

    // Probe: three levels of Task<long> whose frames keep long locals across their awaits.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<long> Chain3_LongLocals() { long before = Src.Seed; long inner = await LocalsLevel2(); return before + inner; }

    // Probe: a Task outer level over a Task<int> inner level whose result 8 is cached.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Chain2_CachedInnerResult() { Sink.Int = await CachedInner(); }

    static async Task<int> CachedInner() { await Src.Task; return 8; }
}
