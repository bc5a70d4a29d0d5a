// Corpus entries where an await sits in a loop, a try block, a using, a foreach, or the middle of an expression.
namespace Calibration;

using System;
using System.Threading.Tasks;

public static class ControlFlow
{
    // Probe: 10 awaits of the same Task in a loop; only the first suspends (the source is then complete), the counter is live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Loop_AwaitTaskTenTimes()
    {
        for (int i = 0; i < 10; i++) await Src.Task;
    }

    // Probe: 10 awaits in a loop, each of a fresh pending Task, so all 10 suspend: still one box per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Loop_TenAwaitsEachSuspending()
    {
        for (int i = 0; i < 10; i++) await Src.NextTask;
    }

    // Probe: 10 awaits in a loop, each of a fresh pending ValueTask over an IValueTaskSource: all 10 suspend.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Loop_TenValueTaskAwaitsEachSuspending()
    {
        for (int i = 0; i < 10; i++) await Src.NextValueTask;
    }

    // Probe: `sum += await` in a loop over a Task<int>: sum and the counter are live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Loop_SumOfTenAwaitedInts()
    {
        int sum = 0;
        for (int i = 0; i < 10; i++) sum += await Src.TaskInt;
        return sum;
    }

    // Probe: await inside try with a finally that runs after it.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task TryFinally_AwaitInTry()
    {
        try
        {
            await Src.Task;
        }
        finally
        {
            Sink.Int++;
        }
    }

    // Probe: await inside finally: adds the pending-exception object and the branch int.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task TryFinally_AwaitInFinally()
    {
        try
        {
            Sink.Int++;
        }
        finally
        {
            await Src.Task;
        }
    }

    // Probe: await inside try with a catch that does not await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task TryCatch_AwaitInTry()
    {
        try
        {
            await Src.Task;
        }
        catch (InvalidOperationException)
        {
            Sink.Int++;
        }
    }

    // Probe: await in try and in catch; the catch never runs, but its await adds the exception object field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task TryCatch_AwaitInTryAndInCatch()
    {
        try
        {
            await Src.Task;
        }
        catch (InvalidOperationException)
        {
            _ = await Src.TaskInt;
        }
    }

    // Probe: await in try and in a catch that reads its exception variable after the await: the exception becomes a field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task TryCatch_AwaitInCatchUsingException()
    {
        try
        {
            await Src.Task;
        }
        catch (InvalidOperationException exception)
        {
            _ = await Src.TaskInt;
            Sink.Object = exception;
        }
    }

    // Probe: await inside using over a shared IDisposable class instance: the resource temp is live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Using_DisposableClass_AwaitInside()
    {
        using (Src.SharedDisposable)
        {
            await Src.Task;
        }
    }

    // Probe: await inside using over a new IDisposable class instance: the method's own 24 B object plus the live reference.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Using_NewDisposableClass_AwaitInside()
    {
        using (var resource = new DisposableClass())
        {
            await Src.Task;
        }
    }

    // Probe: await inside using over a 16-byte IDisposable struct: the struct is live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Using_DisposableStruct_AwaitInside()
    {
        using (var resource = new DisposableStruct(Src.Seed))
        {
            await Src.Task;
        }
    }

    // Probe: await using over an 8-byte IAsyncDisposable struct: adds a ValueTaskAwaiter for DisposeAsync.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_AsyncDisposableStruct_AwaitInside()
    {
        await using (var resource = new AsyncDisposableStruct(Src.Seed))
        {
            await Src.Task;
        }
    }

    // Probe: await inside foreach over a List<int>: the List<int>.Enumerator (24 B) is live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Foreach_ListOfInt_AwaitInside()
    {
        foreach (int item in Src.List)
        {
            await Src.Task;
            Sink.Int += item;
        }
    }

    // Probe: await inside foreach over an int[]: the array reference and the index are live.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Foreach_ArrayOfInt_AwaitInside()
    {
        foreach (int item in Src.Array)
        {
            await Src.Task;
            Sink.Int += item;
        }
    }

    // Probe: `x + await y`: x is evaluated first and spilled into a field across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Spill_IntPlusAwaitTaskInt() { return Src.Seed + await Src.TaskInt; }

    // Probe: a call whose earlier arguments (int, string) are spilled across an await in a later argument.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_CallArgumentsBeforeAwait() { Sink.Add(Src.Seed, Src.Name, await Src.TaskInt); }
}
