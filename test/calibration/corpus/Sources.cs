// The awaitable sources that corpus methods await, which the harness switches between completed and pending instances.
namespace Calibration;

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

/// <summary>How the harness runs one batch of calls.</summary>
public enum RunMode
{
    /// <summary>All sources are completed before the batch.</summary>
    Sync,

    /// <summary>Before each call the sources are pending; right after the call the harness completes them on its own thread.</summary>
    Suspend,

    /// <summary>Like Suspend, then the harness spins until the call's work, which runs on the thread pool, has finished.</summary>
    SuspendOnPool,
}

/// <summary>
/// The sources every corpus method awaits. Corpus methods read the public fields and properties;
/// the harness calls Prepare before a batch (outside the measured window, since it allocates the
/// pending TaskCompletionSources), then Arm before each call and Finish after it (inside the window,
/// allocation-free). Completing a pending source runs the awaiting method's continuation inline,
/// because the TaskCompletionSources are created without RunContinuationsAsynchronously.
/// </summary>
public static class Src
{
    /// <summary>The result of every Task&lt;int&gt; and ValueTask&lt;int&gt; source; outside the Task&lt;int&gt; cache on purpose.</summary>
    public const int IntResult = 1000;
    public const long LongResult = 5_000_000_000L;
    public const string StringResult = "x";
    public const decimal DecimalResult = 1.5m;

    static readonly Task<int> s_completedInt = System.Threading.Tasks.Task.FromResult(IntResult);
    static readonly Task<long> s_completedLong = System.Threading.Tasks.Task.FromResult(LongResult);
    static readonly Task<string> s_completedString = System.Threading.Tasks.Task.FromResult(StringResult);
    static readonly Task<decimal> s_completedDecimal = System.Threading.Tasks.Task.FromResult(DecimalResult);

    public static Task Task = System.Threading.Tasks.Task.CompletedTask;
    public static Task<int> TaskInt = s_completedInt;
    public static Task<long> TaskLong = s_completedLong;
    public static Task<string> TaskString = s_completedString;
    public static Task<decimal> TaskDecimal = s_completedDecimal;

    /// <summary>Values corpus methods compute with, held in fields so that the compiler cannot fold them.</summary>
    public static int Seed = 41;
    public static int SmallSeed = 2;
    public static string Name = "name";
    public static readonly List<int> List = new() { 1, 2, 3 };
    public static readonly int[] Array = { 1, 2, 3 };
    public static readonly DisposableClass SharedDisposable = new();

    static bool s_pending;
    static int s_call;
    static bool s_finished;

    static TaskCompletionSource[] s_pendingTask = System.Array.Empty<TaskCompletionSource>();
    static TaskCompletionSource<int>[] s_pendingInt = System.Array.Empty<TaskCompletionSource<int>>();
    static TaskCompletionSource<long>[] s_pendingLong = System.Array.Empty<TaskCompletionSource<long>>();
    static TaskCompletionSource<string>[] s_pendingString = System.Array.Empty<TaskCompletionSource<string>>();
    static TaskCompletionSource<decimal>[] s_pendingDecimal = System.Array.Empty<TaskCompletionSource<decimal>>();

    static readonly ReusableValueTaskSource<bool> s_valueTask = new();
    static readonly ReusableValueTaskSource<int> s_valueTaskInt = new();
    static readonly ReusableValueTaskSource<long> s_valueTaskLong = new();
    static readonly ReusableValueTaskSource<string> s_valueTaskString = new();
    static readonly ReusableValueTaskSource<decimal> s_valueTaskDecimal = new();
    static readonly CustomSource s_custom = new();
    static readonly CustomSource s_customCritical = new();

    // A call may await NextTask/NextValueTask up to this many times; each read hands out a fresh pending source.
    const int MaxSequencePerCall = 16;
    static TaskCompletionSource[] s_sequenceTasks = System.Array.Empty<TaskCompletionSource>();
    static int s_sequenceTasksHanded;
    static int s_sequenceTasksCompleted;
    static int s_sequenceTasksAtArm;
    static readonly ReusableValueTaskSource<bool>[] s_sequenceValueTasks = CreateValueTaskRing();
    static int s_sequenceValueTasksHanded;
    static int s_sequenceValueTasksCompleted;

    static volatile bool s_gateClosed;
    static int s_done;

    /// <summary>More sources a corpus adds (the fakes behind the library APIs of corpus-api/), driven with these.</summary>
    static readonly List<ISourceGroup> s_groups = new();

    /// <summary>Adds a group of sources that Prepare, Arm and Finish drive along with Src's own; call it once, at start-up.</summary>
    public static void Register(ISourceGroup group) => s_groups.Add(group);

    public static ValueTask ValueTask =>
        s_pending ? new ValueTask(s_valueTask, s_valueTask.Version) : default;

    public static ValueTask<int> ValueTaskInt =>
        s_pending ? new ValueTask<int>(s_valueTaskInt, s_valueTaskInt.Version) : new ValueTask<int>(IntResult);

    public static ValueTask<long> ValueTaskLong =>
        s_pending ? new ValueTask<long>(s_valueTaskLong, s_valueTaskLong.Version) : new ValueTask<long>(LongResult);

    public static ValueTask<string> ValueTaskString =>
        s_pending ? new ValueTask<string>(s_valueTaskString, s_valueTaskString.Version) : new ValueTask<string>(StringResult);

    public static ValueTask<decimal> ValueTaskDecimal =>
        s_pending ? new ValueTask<decimal>(s_valueTaskDecimal, s_valueTaskDecimal.Version) : new ValueTask<decimal>(DecimalResult);

    /// <summary>A ValueTask&lt;int&gt; that wraps the TaskInt source's Task instead of an IValueTaskSource.</summary>
    public static ValueTask<int> ValueTaskIntOverTask => new(TaskInt);

    /// <summary>An awaitable whose awaiter implements only INotifyCompletion.</summary>
    public static CustomAwaitable Custom => new(s_pending ? s_custom : null);

    /// <summary>An awaitable whose awaiter implements ICriticalNotifyCompletion.</summary>
    public static CustomCriticalAwaitable CustomCritical => new(s_pending ? s_customCritical : null);

    /// <summary>Each read hands out the next pending Task, so every await of it in a loop suspends.</summary>
    public static Task NextTask
    {
        get
        {
            if (!s_pending) return System.Threading.Tasks.Task.CompletedTask;
            if (s_sequenceTasksHanded - s_sequenceTasksAtArm >= MaxSequencePerCall || s_sequenceTasksHanded >= s_sequenceTasks.Length)
                throw new InvalidOperationException("A corpus method read Src.NextTask more often than the harness prepared for.");
            return s_sequenceTasks[s_sequenceTasksHanded++].Task;
        }
    }

    /// <summary>Each read hands out the next pending ValueTask (over a reusable IValueTaskSource).</summary>
    public static ValueTask NextValueTask
    {
        get
        {
            if (!s_pending) return default;
            if (s_sequenceValueTasksHanded >= MaxSequencePerCall)
                throw new InvalidOperationException("A corpus method read Src.NextValueTask more often than the harness prepared for.");
            var source = s_sequenceValueTasks[s_sequenceValueTasksHanded++];
            return new ValueTask(source, source.Version);
        }
    }

    /// <summary>The body of the Task.Run work item in worked example 18: it waits until the harness has let the
    /// caller reach its await, so that the awaited Task is always still running there.</summary>
    public static void RunBody()
    {
        while (s_gateClosed) Thread.SpinWait(20);
    }

    /// <summary>Called by every async void entry as its last statement, because async void has no Task to watch.</summary>
    public static void SignalDone() => Interlocked.Increment(ref s_done);

    public static int DoneCount => Volatile.Read(ref s_done);

    /// <summary>Sets the sources up for a batch of calls. Allocates, so the harness calls it before reading the counter.</summary>
    public static void Prepare(RunMode mode, int calls)
    {
        s_call = -1;
        s_finished = true;
        s_gateClosed = false;
        foreach (var group in s_groups) group.Prepare(mode, calls);
        if (mode == RunMode.Sync)
        {
            s_pending = false;
            Task = System.Threading.Tasks.Task.CompletedTask;
            TaskInt = s_completedInt;
            TaskLong = s_completedLong;
            TaskString = s_completedString;
            TaskDecimal = s_completedDecimal;
            return;
        }

        s_pending = true;
        s_pendingTask = Fill(new TaskCompletionSource[calls], static () => new TaskCompletionSource());
        s_pendingInt = Fill(new TaskCompletionSource<int>[calls], static () => new TaskCompletionSource<int>());
        s_pendingLong = Fill(new TaskCompletionSource<long>[calls], static () => new TaskCompletionSource<long>());
        s_pendingString = Fill(new TaskCompletionSource<string>[calls], static () => new TaskCompletionSource<string>());
        s_pendingDecimal = Fill(new TaskCompletionSource<decimal>[calls], static () => new TaskCompletionSource<decimal>());

        // Only the sequence sources that were handed out are completed, so only those need replacing.
        int sequenceCapacity = calls * MaxSequencePerCall;
        if (s_sequenceTasks.Length < sequenceCapacity)
        {
            s_sequenceTasks = Fill(new TaskCompletionSource[sequenceCapacity], static () => new TaskCompletionSource());
        }
        else
        {
            for (int i = 0; i < s_sequenceTasksHanded; i++) s_sequenceTasks[i] = new TaskCompletionSource();
        }
        s_sequenceTasksHanded = 0;
        s_sequenceTasksCompleted = 0;
        s_sequenceTasksAtArm = 0;
    }

    /// <summary>Makes every source pending for call number <paramref name="call"/>. Allocation-free.</summary>
    public static void Arm(RunMode mode, int call)
    {
        if (mode == RunMode.Sync) return;
        foreach (var group in s_groups) group.Arm(call);
        s_call = call;
        s_finished = false;
        Task = s_pendingTask[call].Task;
        TaskInt = s_pendingInt[call].Task;
        TaskLong = s_pendingLong[call].Task;
        TaskString = s_pendingString[call].Task;
        TaskDecimal = s_pendingDecimal[call].Task;
        s_valueTask.Reset();
        s_valueTaskInt.Reset();
        s_valueTaskLong.Reset();
        s_valueTaskString.Reset();
        s_valueTaskDecimal.Reset();
        s_custom.Reset();
        s_customCritical.Reset();
        for (int i = 0; i < s_sequenceValueTasksHanded; i++) s_sequenceValueTasks[i].Reset();
        s_sequenceValueTasksHanded = 0;
        s_sequenceValueTasksCompleted = 0;
        s_sequenceTasksAtArm = s_sequenceTasksHanded;
        s_gateClosed = true;
    }

    /// <summary>Completes every source armed for the current call, in a fixed order, on the calling thread; each completion
    /// runs the waiting continuation inline. Safe to call more than once per call. Allocation-free.</summary>
    public static void Finish(RunMode mode)
    {
        if (mode == RunMode.Sync) return;
        if (!s_finished)
        {
            s_finished = true;
            int call = s_call;
            s_pendingTask[call].SetResult();
            s_pendingInt[call].SetResult(IntResult);
            s_pendingLong[call].SetResult(LongResult);
            s_pendingString[call].SetResult(StringResult);
            s_pendingDecimal[call].SetResult(DecimalResult);
            s_valueTask.SetResult(true);
            s_valueTaskInt.SetResult(IntResult);
            s_valueTaskLong.SetResult(LongResult);
            s_valueTaskString.SetResult(StringResult);
            s_valueTaskDecimal.SetResult(DecimalResult);
            s_custom.Complete();
            s_customCritical.Complete();
            s_gateClosed = false;
        }

        // A completed sequence source resumes the method, which may take the next one before SetResult returns.
        while (s_sequenceTasksCompleted < s_sequenceTasksHanded) s_sequenceTasks[s_sequenceTasksCompleted++].SetResult();
        while (s_sequenceValueTasksCompleted < s_sequenceValueTasksHanded) s_sequenceValueTasks[s_sequenceValueTasksCompleted++].SetResult(true);

        // A completed group source resumes code that may take another one (of any group) before it returns.
        bool progressed;
        do
        {
            progressed = false;
            foreach (var group in s_groups) while (group.CompleteOne()) progressed = true;
        }
        while (progressed);
    }

    static T[] Fill<T>(T[] array, Func<T> create)
    {
        for (int i = 0; i < array.Length; i++) array[i] = create();
        return array;
    }

    static ReusableValueTaskSource<bool>[] CreateValueTaskRing()
    {
        var ring = new ReusableValueTaskSource<bool>[MaxSequencePerCall];
        for (int i = 0; i < ring.Length; i++) ring[i] = new ReusableValueTaskSource<bool>();
        return ring;
    }
}

/// <summary>
/// Sources outside Src (the fakes behind library APIs) that the harness prepares, arms and completes with Src's own.
/// Arm and CompleteOne run inside the measured window and must not allocate more on one call than on another.
/// </summary>
public interface ISourceGroup
{
    /// <summary>Before a batch, outside the measured window: make what the batch's calls will hand out.</summary>
    void Prepare(RunMode mode, int calls);

    /// <summary>Before each call of a suspending batch.</summary>
    void Arm(int call);

    /// <summary>Completes the oldest source handed out and not yet completed; false when there is none.</summary>
    bool CompleteOne();
}

/// <summary>Static fields corpus methods write their values to, so that those values are used and stay live.</summary>
public static class Sink
{
    public static int Int;
    public static long Long;
    public static decimal Decimal;
    public static Guid Guid;
    public static string? String;
    public static Triple Triple;
    public static object? Object;

    public static void Add(int a, string b, int c) => Int += a + b.Length + c;
}

/// <summary>An IValueTaskSource that the harness resets and completes once per call, so pending ValueTasks cost nothing to make.</summary>
public sealed class ReusableValueTaskSource<T> : IValueTaskSource<T>, IValueTaskSource
{
    ManualResetValueTaskSourceCore<T> _core;

    public short Version => _core.Version;

    public void Reset() => _core.Reset();

    public void SetResult(T result) => _core.SetResult(result);

    public T GetResult(short token) => _core.GetResult(token);

    void IValueTaskSource.GetResult(short token) => _core.GetResult(token);

    public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

    public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        _core.OnCompleted(continuation, state, token, flags);
}

/// <summary>The completion state behind the custom awaiters: one continuation slot, reset per call.</summary>
public sealed class CustomSource
{
    Action? _continuation;
    bool _completed;

    public bool IsCompleted => _completed;

    public void OnCompleted(Action continuation)
    {
        if (_completed) continuation();
        else _continuation = continuation;
    }

    public void Reset()
    {
        _completed = false;
        _continuation = null;
    }

    public void Complete()
    {
        _completed = true;
        var continuation = _continuation;
        _continuation = null;
        continuation?.Invoke();
    }
}

/// <summary>A user awaitable whose awaiter implements only INotifyCompletion: the builder must hand it an Action.</summary>
public readonly struct CustomAwaitable
{
    readonly CustomSource? _source;

    public CustomAwaitable(CustomSource? source) => _source = source;

    public CustomAwaiter GetAwaiter() => new(_source);
}

public readonly struct CustomAwaiter : INotifyCompletion
{
    readonly CustomSource? _source;

    public CustomAwaiter(CustomSource? source) => _source = source;

    public bool IsCompleted => _source is null || _source.IsCompleted;

    public void OnCompleted(Action continuation) => _source!.OnCompleted(continuation);

    public void GetResult() { }
}

/// <summary>A user awaitable whose awaiter implements ICriticalNotifyCompletion (the builder calls UnsafeOnCompleted).</summary>
public readonly struct CustomCriticalAwaitable
{
    readonly CustomSource? _source;

    public CustomCriticalAwaitable(CustomSource? source) => _source = source;

    public CustomCriticalAwaiter GetAwaiter() => new(_source);
}

public readonly struct CustomCriticalAwaiter : ICriticalNotifyCompletion
{
    readonly CustomSource? _source;

    public CustomCriticalAwaiter(CustomSource? source) => _source = source;

    public bool IsCompleted => _source is null || _source.IsCompleted;

    public void OnCompleted(Action continuation) => _source!.OnCompleted(continuation);

    public void UnsafeOnCompleted(Action continuation) => _source!.OnCompleted(continuation);

    public void GetResult() { }
}

/// <summary>An enum whose underlying type is byte.</summary>
public enum SmallEnum : byte
{
    None = 0,
    One = 1,
}

/// <summary>An 8-byte user struct.</summary>
public struct Point
{
    public int X;
    public int Y;

    public Point(int x, int y)
    {
        X = x;
        Y = y;
    }
}

/// <summary>A 12-byte user struct.</summary>
public struct Int3
{
    public int A;
    public int B;
    public int C;
}

/// <summary>A 24-byte user struct.</summary>
public struct Triple
{
    public long A;
    public long B;
    public long C;
}

/// <summary>A 24-byte disposable class (header 16 + one int, rounded up).</summary>
public sealed class DisposableClass : IDisposable
{
    public int Disposals;

    public void Dispose() => Disposals++;
}

/// <summary>A 16-byte disposable struct.</summary>
public struct DisposableStruct : IDisposable
{
    public long Value;
    public long Extra;

    public DisposableStruct(long value)
    {
        Value = value;
        Extra = 0;
    }

    public void Dispose() => Sink.Long += Value;
}

/// <summary>An 8-byte async-disposable struct whose DisposeAsync completes synchronously.</summary>
public struct AsyncDisposableStruct : IAsyncDisposable
{
    public long Value;

    public AsyncDisposableStruct(long value) => Value = value;

    public ValueTask DisposeAsync()
    {
        Sink.Long += Value;
        return default;
    }
}
