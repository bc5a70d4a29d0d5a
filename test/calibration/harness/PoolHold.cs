// Holds every thread-pool worker while a SuspendOnPool call is in progress, so that its continuation cannot start before the call returns.
namespace Calibration.Harness;

using System;
using System.Threading;

/// <summary>
/// Task.Yield, Task.Run and timers continue on the thread pool, which makes two kinds of noise: a worker may run the
/// continuation before the call has even returned (then an awaiting caller sees a completed Task and does not
/// suspend, as in worked example 14), and the pool may start new threads mid-measurement (each new thread allocates
/// its Thread object and queues, which the process-wide counter sees). So the harness fixes the pool at
/// <see cref="Workers"/> threads, starts them all during warm-up, and before each call queues one blocker per worker
/// and waits until every worker runs one; after the call it releases them. The blockers are one preallocated
/// IThreadPoolWorkItem queued without allocating, so the hold itself adds nothing to the count.
/// Each blocker also records its worker's allocated-bytes counter, so the harness can add up exactly the bytes of
/// the calling thread and the pool workers, the only threads that run a corpus method's code; the process-wide
/// counter would also see the runtime's own background threads (the pool's gate thread, the finalizer), which
/// now and then allocate a few hundred bytes of their own.
/// </summary>
public sealed class PoolHold : IThreadPoolWorkItem
{
    static readonly PoolHold s_blocker = new();
    static int s_running;
    static int s_outstanding;
    static volatile bool s_holding;

    [ThreadStatic]
    static int t_workerNumber;
    static int s_workersSeen;
    static readonly long[] s_workerBytes = new long[1024];

    /// <summary>The fixed number of worker threads: the processor count, the smallest maximum the pool accepts.</summary>
    public static int Workers { get; private set; }

    /// <summary>Pins the pool's worker count so that it neither grows nor shrinks while the harness runs.</summary>
    public static void Configure()
    {
        Workers = Environment.ProcessorCount;
        ThreadPool.GetMaxThreads(out _, out int completionPortThreads);
        ThreadPool.GetMinThreads(out _, out int minCompletionPortThreads);
        if (!ThreadPool.SetMaxThreads(Workers, completionPortThreads) || !ThreadPool.SetMinThreads(Workers, minCompletionPortThreads))
        {
            throw new InvalidOperationException($"could not fix the thread pool at {Workers} worker threads");
        }
    }

    /// <summary>Occupies every worker; returns once all of them are spinning in a blocker.</summary>
    public static void Hold()
    {
        Drain();
        s_holding = true;
        for (int i = 0; i < Workers; i++)
        {
            Interlocked.Increment(ref s_outstanding);
            ThreadPool.UnsafeQueueUserWorkItem(s_blocker, preferLocal: false);
        }
        SpinWait spin = default;
        while (Volatile.Read(ref s_running) < Workers) spin.SpinOnce(-1);
    }

    /// <summary>Lets the blocked workers go; the work queued during the call runs after them.</summary>
    public static void Release() => s_holding = false;

    /// <summary>Waits until every blocker has returned, so that none of them is still running during the next call.</summary>
    public static void Drain()
    {
        SpinWait spin = default;
        while (Volatile.Read(ref s_outstanding) != 0) spin.SpinOnce(-1);
    }

    /// <summary>How many distinct worker threads have run a blocker so far; it must not change during a measurement.</summary>
    public static int WorkersSeen => Volatile.Read(ref s_workersSeen);

    /// <summary>Runs one blocker on every worker and returns the sum of the workers' allocated-bytes counters.</summary>
    public static long SnapshotWorkerBytes()
    {
        Hold();
        Release();
        Drain();
        long sum = 0;
        for (int i = 0; i < s_workersSeen; i++) sum += Volatile.Read(ref s_workerBytes[i]);
        return sum;
    }

    public void Execute()
    {
        int number = t_workerNumber;
        if (number == 0) t_workerNumber = number = Interlocked.Increment(ref s_workersSeen);
        Volatile.Write(ref s_workerBytes[number - 1], GC.GetAllocatedBytesForCurrentThread());
        Interlocked.Increment(ref s_running);
        SpinWait spin = default;
        while (s_holding) spin.SpinOnce(-1);
        Interlocked.Decrement(ref s_running);
        Interlocked.Decrement(ref s_outstanding);
    }
}
