// Measures the heap bytes one call of every corpus entry allocates, on its synchronous and its suspension path, and prints JSON.
namespace Calibration.Harness;

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Calibration;

/// <summary>One corpus member and the loop that calls it <c>calls</c> times in a given mode.</summary>
/// <summary>One corpus member and the loop that calls it <c>calls</c> times in a given mode; for a member that calls
/// library APIs, also the loop that makes the same API calls alone (its bytes are subtracted: see ProbeAttribute.Baseline).</summary>
public sealed record Entry(string Name, string Class, Paths Paths, bool Slow, Action<int, RunMode> Run, Action<int, RunMode>? Baseline = null);

public static class Program
{
    static int s_calls = 1000;
    static int s_warmupRounds = 4;
    static int s_warmupCalls = 1000;
    static bool s_verbose;
    static int s_repeat;

    public static int Main(string[] args)
    {
        var only = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--only": foreach (var name in args[++i].Split(',')) only.Add(name); break;
                case "--calls": s_calls = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--warmup-rounds": s_warmupRounds = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--warmup-calls": s_warmupCalls = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--verbose": s_verbose = true; break;
                case "--repeat": s_repeat = int.Parse(args[++i], CultureInfo.InvariantCulture); break;
                case "--layouts":
                    Console.Out.Write(Layouts.Render(Entries.All));
                    return 0;
                default:
                    Console.Error.WriteLine($"unknown argument {args[i]}; use --only A,B --calls N --warmup-rounds R --warmup-calls N --verbose");
                    return 64;
            }
        }

        var started = Stopwatch.StartNew();
        // The model assumes no SynchronizationContext and the default TaskScheduler; a console app's main thread has both.
        if (SynchronizationContext.Current is not null || TaskScheduler.Current != TaskScheduler.Default)
        {
            Console.Error.WriteLine("calibration: the measuring thread must have no SynchronizationContext and the default TaskScheduler");
            return 3;
        }

        Entries.Initialize();
        PoolHold.Configure();
        var (newObject, taskFromResult) = MeasureSanity();
        Log($"sanity: new object() = {newObject} B, Task.FromResult(1000) = {taskFromResult} B");
        if (newObject != 24 || taskFromResult != 72)
        {
            Console.Error.WriteLine($"calibration: SANITY CHECK FAILED: new object() = {newObject} B (expected 24), " +
                                    $"Task.FromResult(1000) = {taskFromResult} B (expected 72). The counter or the runtime is not what the model assumes.");
            return 2;
        }

        var entries = Entries.All.Where(e => only.Count == 0 || only.Contains(e.Name)).ToArray();
        if (only.Count > 0 && entries.Length != only.Count)
        {
            Console.Error.WriteLine("calibration: unknown entry in --only: " + string.Join(",", only.Except(entries.Select(e => e.Name))));
            return 64;
        }

        var jobs = new List<(Entry Entry, RunMode Mode)>();
        foreach (var entry in entries)
        {
            if ((entry.Paths & Paths.Sync) != 0) jobs.Add((entry, RunMode.Sync));
            if ((entry.Paths & Paths.Suspend) != 0) jobs.Add((entry, RunMode.Suspend));
            if ((entry.Paths & Paths.SuspendOnPool) != 0) jobs.Add((entry, RunMode.SuspendOnPool));
        }

        WarmUp(jobs);
        Log($"warm-up done after {started.Elapsed.TotalSeconds:F1} s");

        // A diagnostic mode for chasing noise: measure every selected path many times and print each result.
        if (s_repeat > 0)
        {
            s_verbose = true;
            for (int r = 0; r < s_repeat; r++) foreach (var (entry, mode) in jobs) Measure(entry, mode);
            return 0;
        }

        // Two passes; a job whose passes disagree is measured again until two consecutive passes agree.
        var first = jobs.Select(job => Measure(job.Entry, job.Mode)).ToArray();
        var second = jobs.Select(job => Measure(job.Entry, job.Mode)).ToArray();
        var unstable = new List<string>();
        for (int j = 0; j < jobs.Count; j++)
        {
            int attempts = 0;
            while (first[j] != second[j] && attempts < 5)
            {
                Log($"unstable: {jobs[j].Entry.Name} {jobs[j].Mode}: {first[j]} then {second[j]}; measuring again");
                first[j] = second[j];
                second[j] = Measure(jobs[j].Entry, jobs[j].Mode);
                attempts++;
            }
            if (first[j] != second[j]) unstable.Add($"{jobs[j].Entry.Name}:{jobs[j].Mode}");
        }

        var json = new StringBuilder();
        json.Append("{\n");
        json.Append($"  \"runtime\": \"{Environment.Version}\",\n");
        json.Append($"  \"framework\": \"{RuntimeInformation.FrameworkDescription}\",\n");
        json.Append($"  \"machine\": \"{RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant()} {OsName()}\",\n");
        json.Append($"  \"calls\": {s_calls},\n");
        json.Append($"  \"seconds\": {started.Elapsed.TotalSeconds.ToString("F1", CultureInfo.InvariantCulture)},\n");
        json.Append($"  \"sanity\": {{ \"newObject\": {newObject}, \"taskFromResult1000\": {taskFromResult} }},\n");
        json.Append("  \"unstable\": [" + string.Join(", ", unstable.Select(u => $"\"{u}\"")) + "],\n");
        json.Append("  \"entries\": {\n");
        for (int e = 0; e < entries.Length; e++)
        {
            var entry = entries[e];
            string sync = "null", suspend = "null";
            for (int j = 0; j < jobs.Count; j++)
            {
                if (jobs[j].Entry != entry) continue;
                string value = second[j].ToString(CultureInfo.InvariantCulture);
                if (jobs[j].Mode == RunMode.Sync) sync = value;
                else suspend = value;
            }
            json.Append($"    \"{entry.Name}\": {{ \"class\": \"{entry.Class}\", \"sync\": {sync}, \"suspend\": {suspend} }}");
            json.Append(e + 1 < entries.Length ? ",\n" : "\n");
        }
        json.Append("  }\n}\n");
        Console.Out.Write(json.ToString());
        Log($"done in {started.Elapsed.TotalSeconds:F1} s; {jobs.Count} paths of {entries.Length} entries; unstable: {unstable.Count}");
        return unstable.Count == 0 ? 0 : 4;
    }

    /// <summary>
    /// Calls every path a few times (so everything is jitted at Tier 0), pauses so that the runtime's call-counting
    /// delay (100 ms after the last Tier-0 jitting) expires, then runs rounds of calls with pauses between them, so
    /// that each method climbs Tier 0 -> instrumented tier -> Tier 1 (tiered PGO, the default) in the background.
    /// </summary>
    static void WarmUp(List<(Entry Entry, RunMode Mode)> jobs)
    {
        foreach (var (entry, mode) in jobs) Run(entry, mode, 30);
        Thread.Sleep(300);
        for (int round = 0; round < s_warmupRounds; round++)
        {
            foreach (var (entry, mode) in jobs) Run(entry, mode, entry.Slow ? s_warmupCalls / 10 : s_warmupCalls);
            Thread.Sleep(300);
        }
    }

    static void Run(Entry entry, RunMode mode, int calls)
    {
        Src.Prepare(mode, calls);
        Drive.Reset();
        entry.Run(calls, mode);
        Check(entry, mode);
        if (entry.Baseline is null) return;
        Src.Prepare(mode, calls);
        Drive.Reset();
        entry.Baseline(calls, mode);
        Check(entry, mode);
    }

    /// <summary>
    /// Bytes per call, rounded. Sync and Suspend run entirely on this thread (every continuation runs inline), so they
    /// read this thread's counter. SuspendOnPool continues on thread-pool workers, so it adds this thread's counter and
    /// every worker's (read by PoolHold's blockers before and after the batch); the process-wide counter is only
    /// reported, because the runtime's background threads make it noisy.
    /// </summary>
    static long Measure(Entry entry, RunMode mode)
    {
        if (entry.Baseline is null) return Round(MeasureLoop(entry, entry.Run, mode));
        // The entry's bytes minus those of the same library calls made alone: the method's own async machinery.
        double total = MeasureLoop(entry, entry.Run, mode);
        double library = MeasureLoop(entry, entry.Baseline, mode);
        if (s_verbose) Log($"{entry.Name} {mode}: {total:F1} B/call, of which the library's own calls {library:F1} B/call");
        return Round(total - library);
    }

    static long Round(double bytesPerCall) => (long)Math.Round(bytesPerCall, MidpointRounding.AwayFromZero);

    /// <summary>Bytes per call of one batch, not rounded.</summary>
    static double MeasureLoop(Entry entry, Action<int, RunMode> run, RunMode mode)
    {
        int calls = entry.Slow ? Math.Max(1, s_calls / 10) : s_calls;
        for (int attempt = 0; ; attempt++)
        {
            Src.Prepare(mode, calls);
            Drive.Reset();
            long bytes, processBytes = 0, workerBytes = 0;
            if (mode == RunMode.SuspendOnPool)
            {
                int workersSeen = PoolHold.WorkersSeen;
                long workersBefore = PoolHold.SnapshotWorkerBytes();
                long processBefore = GC.GetTotalAllocatedBytes(precise: true);
                long threadBefore = GC.GetAllocatedBytesForCurrentThread();
                run(calls, mode);
                long threadAfter = GC.GetAllocatedBytesForCurrentThread();
                long processAfter = GC.GetTotalAllocatedBytes(precise: true);
                long workersAfter = PoolHold.SnapshotWorkerBytes();
                if (PoolHold.WorkersSeen != workersSeen)
                {
                    // A new worker thread's counter has no "before" reading; measure again on the now-stable pool.
                    Log($"{entry.Name}: the thread pool started a new worker during the measurement; measuring again");
                    if (attempt < 3) continue;
                    throw new InvalidOperationException("the thread pool keeps starting new workers although it is pinned");
                }
                workerBytes = workersAfter - workersBefore;
                bytes = (threadAfter - threadBefore) + workerBytes;
                processBytes = processAfter - processBefore;
            }
            else
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                run(calls, mode);
                bytes = GC.GetAllocatedBytesForCurrentThread() - before;
            }
            Check(entry, mode);
            long perCall = (long)Math.Round((double)bytes / calls, MidpointRounding.AwayFromZero);
            if (s_verbose)
            {
                string exact = bytes % calls == 0 ? "" : $" (not a whole number: {bytes} B / {calls})";
                string pool = mode == RunMode.SuspendOnPool
                    ? $"; of which on pool workers {(double)workerBytes / calls:F1} B; whole process {(double)processBytes / calls:F1} B"
                    : "";
                Log($"{entry.Name} {mode}: {perCall} B/call{exact}{pool}");
            }
            return (double)bytes / calls;
        }
    }

    static void Check(Entry entry, RunMode mode)
    {
        if (Drive.NotCompleted != 0 || Drive.NotSuspended != 0)
        {
            throw new InvalidOperationException(
                $"{entry.Name} in mode {mode}: {Drive.NotCompleted} calls did not complete as expected and " +
                $"{Drive.NotSuspended} calls did not suspend; the entry's [Probe] paths do not match what its body awaits.");
        }
    }

    static object? s_sanitySink;

    static (long NewObject, long TaskFromResult) MeasureSanity()
    {
        for (int i = 0; i < 3; i++)
        {
            SanityNewObject(s_calls);
            SanityTaskFromResult(s_calls);
            Thread.Sleep(150);
        }
        long before = GC.GetAllocatedBytesForCurrentThread();
        SanityNewObject(s_calls);
        long newObject = (GC.GetAllocatedBytesForCurrentThread() - before) / s_calls;
        before = GC.GetAllocatedBytesForCurrentThread();
        SanityTaskFromResult(s_calls);
        long taskFromResult = (GC.GetAllocatedBytesForCurrentThread() - before) / s_calls;
        return (newObject, taskFromResult);
    }

    static void SanityNewObject(int calls)
    {
        for (int i = 0; i < calls; i++) Volatile.Write(ref s_sanitySink, new object());
    }

    static void SanityTaskFromResult(int calls)
    {
        for (int i = 0; i < calls; i++) Volatile.Write(ref s_sanitySink, Task.FromResult(1000));
    }

    static string OsName() =>
        RuntimeInformation.IsOSPlatform(OSPlatform.Linux) ? "linux" :
        RuntimeInformation.IsOSPlatform(OSPlatform.OSX) ? "osx" :
        RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? "windows" : "unknown";

    static void Log(string message) => Console.Error.WriteLine("calibration: " + message);
}
