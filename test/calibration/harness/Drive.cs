// Drives one call of a corpus entry to completion without allocating, and counts calls that did not take the intended path.
namespace Calibration.Harness;

using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Calibration;

/// <summary>
/// The generated entry loops call Src.Arm, then the corpus member, then one of these overloads with what it
/// returned. Each overload checks that the call took the path the mode asks for, completes the pending sources
/// (which resumes the method inline), waits for pool-side work when the mode says so, and consumes the result:
/// consuming matters for PoolingAsyncValueTaskMethodBuilder, whose box goes back to its pool on GetResult.
/// Nothing here allocates; the counters are read by the harness after the measured window.
/// </summary>
public static class Drive
{
    /// <summary>Calls that were meant to suspend but completed synchronously.</summary>
    public static int NotSuspended;

    /// <summary>Calls that were meant to complete synchronously but did not, or never completed at all.</summary>
    public static int NotCompleted;

    public static void Reset()
    {
        NotSuspended = 0;
        NotCompleted = 0;
    }

    /// <summary>Called by the generated loops before each call: arms the sources and, for SuspendOnPool, holds the pool.</summary>
    public static void BeforeCall(RunMode mode, int call)
    {
        Src.Arm(mode, call);
        if (mode == RunMode.SuspendOnPool) PoolHold.Hold();
    }

    public static void Complete(Task task, RunMode mode)
    {
        AfterCall(task.IsCompleted, mode);
        if (mode == RunMode.SuspendOnPool) SpinUntilCompleted(task);
        if (!task.IsCompleted)
        {
            NotCompleted++;
            return;
        }
        task.GetAwaiter().GetResult();
        Sink.Object = task;
    }

    public static void Complete<T>(Task<T> task, RunMode mode)
    {
        AfterCall(task.IsCompleted, mode);
        if (mode == RunMode.SuspendOnPool) SpinUntilCompleted(task);
        if (!task.IsCompleted)
        {
            NotCompleted++;
            return;
        }
        ResultSink<T>.Value = task.GetAwaiter().GetResult();
        Sink.Object = task;
    }

    public static void Complete(ValueTask valueTask, RunMode mode)
    {
        AfterCall(valueTask.IsCompleted, mode);
        if (mode == RunMode.SuspendOnPool)
        {
            SpinWait spin = default;
            while (!valueTask.IsCompleted) spin.SpinOnce(-1);
        }
        if (!valueTask.IsCompleted)
        {
            NotCompleted++;
            return;
        }
        valueTask.GetAwaiter().GetResult();
    }

    public static void Complete<T>(ValueTask<T> valueTask, RunMode mode)
    {
        AfterCall(valueTask.IsCompleted, mode);
        if (mode == RunMode.SuspendOnPool)
        {
            SpinWait spin = default;
            while (!valueTask.IsCompleted) spin.SpinOnce(-1);
        }
        if (!valueTask.IsCompleted)
        {
            NotCompleted++;
            return;
        }
        ResultSink<T>.Value = valueTask.GetAwaiter().GetResult();
    }

    /// <summary>Enumerates an async iterator once, the way `await foreach` would, then disposes it.</summary>
    public static void Complete<T>(IAsyncEnumerable<T> sequence, RunMode mode)
    {
        IAsyncEnumerator<T> enumerator = sequence.GetAsyncEnumerator();
        bool first = true;
        while (true)
        {
            ValueTask<bool> moved = enumerator.MoveNextAsync();
            if (first)
            {
                AfterCall(moved.IsCompleted, mode);
                first = false;
            }
            else if (!moved.IsCompleted)
            {
                if (mode == RunMode.Sync) NotCompleted++;
                Src.Finish(mode);
            }
            if (mode == RunMode.SuspendOnPool)
            {
                SpinWait spin = default;
                while (!moved.IsCompleted) spin.SpinOnce(-1);
            }
            if (!moved.IsCompleted)
            {
                NotCompleted++;
                return;
            }
            if (!moved.GetAwaiter().GetResult()) break;
            ResultSink<T>.Value = enumerator.Current;
        }
        ValueTask disposed = enumerator.DisposeAsync();
        if (!disposed.IsCompleted)
        {
            NotCompleted++;
            return;
        }
        disposed.GetAwaiter().GetResult();
    }

    /// <summary>An async void entry signals its end through Src.SignalDone; <paramref name="doneBefore"/> is the count before the call.</summary>
    public static void CompleteVoid(int doneBefore, RunMode mode)
    {
        AfterCall(Src.DoneCount != doneBefore, mode);
        if (mode == RunMode.SuspendOnPool)
        {
            SpinWait spin = default;
            while (Src.DoneCount == doneBefore) spin.SpinOnce(-1);
        }
        if (Src.DoneCount != doneBefore + 1) NotCompleted++;
    }

    static void AfterCall(bool completedInsideCall, RunMode mode)
    {
        if (mode == RunMode.Sync)
        {
            if (!completedInsideCall) NotCompleted++;
            return;
        }
        // The pool is held until here, so a SuspendOnPool call cannot have completed yet either.
        if (mode != RunMode.Sync && completedInsideCall) NotSuspended++;
        Src.Finish(mode);
        if (mode == RunMode.SuspendOnPool) PoolHold.Release();
    }

    static void SpinUntilCompleted(Task task)
    {
        SpinWait spin = default;
        while (!task.IsCompleted) spin.SpinOnce(-1);
    }
}

/// <summary>Where the harness stores results so that the JIT cannot drop the work that produced them.</summary>
public static class ResultSink<T>
{
    public static T? Value;
}
