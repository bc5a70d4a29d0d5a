// Corpus entries that differ only in what they await: the awaiter field's size and the extra Action some awaiters need.
namespace Calibration;

using System.Threading.Tasks;

public static class Awaiters
{
    // Probe: awaiting a Task (TaskAwaiter, 8 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTask() { await Src.Task; }

    // Probe: awaiting a Task<int> and discarding the result (TaskAwaiter<int>, 8 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskInt() { _ = await Src.TaskInt; }

    // Probe: awaiting a Task<decimal> and discarding the result (TaskAwaiter<decimal>, still 8 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskDecimal() { _ = await Src.TaskDecimal; }

    // Probe: awaiting Task.ConfigureAwait(false) (ConfiguredTaskAwaiter, 16 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskConfigureAwaitFalse() { await Src.Task.ConfigureAwait(false); }

    // Probe: awaiting Task<int>.ConfigureAwait(false) (ConfiguredTaskAwaiter<int>, 16 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskIntConfigureAwaitFalse() { _ = await Src.TaskInt.ConfigureAwait(false); }

    // Probe: awaiting a ValueTask over an IValueTaskSource (ValueTaskAwaiter, 16 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTask() { await Src.ValueTask; }

    // Probe: awaiting ValueTask.ConfigureAwait(false) over an IValueTaskSource.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskConfigureAwaitFalse() { await Src.ValueTask.ConfigureAwait(false); }

    // Probe: awaiting a ValueTask<int> over an IValueTaskSource (ValueTaskAwaiter<int>, 16 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskInt() { _ = await Src.ValueTaskInt; }

    // Probe: awaiting a ValueTask<long> over an IValueTaskSource (ValueTaskAwaiter<long>, 24 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskLong() { _ = await Src.ValueTaskLong; }

    // Probe: awaiting a ValueTask<string> over an IValueTaskSource (ValueTaskAwaiter<string>, 24 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskString() { _ = await Src.ValueTaskString; }

    // Probe: awaiting a ValueTask<decimal> over an IValueTaskSource (ValueTaskAwaiter<decimal>, 32 B field).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskDecimal() { _ = await Src.ValueTaskDecimal; }

    // Probe: awaiting a ValueTask<int> that wraps a Task<int> rather than an IValueTaskSource.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitValueTaskIntOverTask() { _ = await Src.ValueTaskIntOverTask; }

    // Probe: awaiting a user awaitable whose awaiter implements only INotifyCompletion (needs an Action).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitCustomAwaiter() { await Src.Custom; }

    // Probe: awaiting a user awaitable whose awaiter implements ICriticalNotifyCompletion (needs an Action).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitCustomCriticalAwaiter() { await Src.CustomCritical; }

    // Probe: awaiting the same source twice: both awaits share one TaskAwaiter field; only the first suspends.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskTwice() { await Src.Task; await Src.Task; }

    // Probe: awaiting a Task then a Task<int>: two awaiter fields, two suspensions, one box.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitTaskThenTaskInt() { await Src.Task; _ = await Src.TaskInt; }

    // Probe: awaiting a custom awaiter twice, both pending: the Action is made once per call (it lives in the box).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Task_AwaitCustomThenCustomCritical() { await Src.Custom; await Src.CustomCritical; }

    // Probe: awaiting Task.Yield() (YieldAwaiter, 1 B field); always suspends, the rest runs on the thread pool.
    [Probe(Paths.SuspendOnPool)]
    public static async Task Task_AwaitYield() { await Task.Yield(); }
}
