// Corpus entries with several awaits of different awaiter types: each distinct awaiter type gets its own `<>u__N`
// field, awaits of one type share it, and a nullable annotation or a tuple element name does not make a new type.
namespace Calibration;

using System.Threading.Tasks;

/// <summary>Workspace methods whose declared return types decide the awaiter of `await Method()`.</summary>
public static class AwaitedSources
{
    public static ValueTask<long> LongValueTask() => Src.ValueTaskLong;

    public static Task<int> IntTask() => Src.TaskInt;

    public static Task<string?> NullableStringTask() => Src.TaskString!;

    static readonly Task<(int Count, string Name)> s_namedTuple = Task.FromResult((1, "a"));
    static readonly Task<(int, string)> s_tuple = Task.FromResult((1, "a"));

    public static Task<(int Count, string Name)> NamedTupleTask() => s_namedTuple;

    public static Task<(int, string)> TupleTask() => s_tuple;
}

public static class AwaiterFields
{
    // Probe: Task, Task<int>, Task<string>, then Task again: three awaiter fields, the last await reuses the first.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_TaskIntStringThenTask() { await Src.Task; Sink.Int = await Src.TaskInt; Sink.String = await Src.TaskString; await Src.Task; }

    // Probe: Task<int> then Task<long>: TaskAwaiter<int> and TaskAwaiter<long> are two fields.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_TaskIntThenTaskLong() { Sink.Int = await Src.TaskInt; Sink.Long = await Src.TaskLong; }

    // Probe: ConfiguredTaskAwaiter, ConfiguredTaskAwaiter<int> and TaskAwaiter: three fields of 16, 16 and 8 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_ConfiguredPlainAndGeneric() { await Src.Task.ConfigureAwait(false); Sink.Int = await Src.TaskInt.ConfigureAwait(false); await Src.Task; }

    // Probe: ValueTaskAwaiter<int>, ValueTaskAwaiter<long> and ValueTaskAwaiter: fields of 16, 24 and 16 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_ValueTaskIntLongPlain() { Sink.Int = await Src.ValueTaskInt; Sink.Long = await Src.ValueTaskLong; await Src.ValueTask; }

    // Probe: ValueTaskAwaiter<string> and ValueTaskAwaiter<decimal>: 24 and 32 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_ValueTaskStringAndDecimal() { Sink.String = await Src.ValueTaskString; Sink.Decimal = await Src.ValueTaskDecimal; }

    // Probe: Task.Yield() then Task: a YieldAwaiter (1 B) and a TaskAwaiter.
    [Probe(Paths.SuspendOnPool)]
    public static async Task Awaiters_YieldThenTask() { await Task.Yield(); await Src.Task; }

    // Probe: different awaiter types in the two branches of an if: still one field each.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_DifferentTypesInBranches()
    {
        if (Src.Seed > 0) Sink.Long = await Src.ValueTaskLong;
        else Sink.Int = await Src.TaskInt;
    }

    // Probe: awaiting workspace methods declared to return ValueTask<long> and Task<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_WorkspaceMethodReturnTypes() { Sink.Long = await AwaitedSources.LongValueTask(); Sink.Int = await AwaitedSources.IntTask(); }

    // Probe: Task<string?> and Task<string>: the nullable annotation is not a different type, one field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_NullableAnnotationShared() { Sink.String = await AwaitedSources.NullableStringTask(); Sink.String = await Src.TaskString; }

    // Probe: Task<(int Count, string Name)> and Task<(int, string)>: tuple element names do not make a new type.
    [Probe(Paths.Sync)]
    public static async Task Awaiters_TupleNamesShared() { var a = await AwaitedSources.NamedTupleTask(); var b = await AwaitedSources.TupleTask(); Sink.Int = a.Count + b.Item1; }

    // Probe: a Task<int> local awaited, then the Task<int> field: one shared TaskAwaiter<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_LocalAndFieldSameType() { Task<int> pending = Src.TaskInt; Sink.Int = await pending; Sink.Int += await Src.TaskInt; }

    // Probe: custom awaiter, then Task, then ValueTask<int>: three fields, one Action for the custom awaiter.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Awaiters_CustomTaskValueTaskInt() { await Src.Custom; await Src.Task; Sink.Int = await Src.ValueTaskInt; }
}
