// Corpus entries for async lambdas and async local functions, each reachable through a name the harness can call.
namespace Calibration;

using System;
using System.Threading.Tasks;

/// <summary>
/// Async lambdas are stored in static readonly fields, created once when the class initializes; the harness
/// measures a call by invoking the field's delegate, and invoking a delegate allocates nothing, so the number is
/// the lambda's own state machine. Wrappers that create the delegate per call say so: they pay for the closure and
/// the delegate too. Async local functions are called from a non-async wrapper method, which allocates nothing itself.
/// </summary>
public static class Lambdas
{
    // Probe: async lambda (cached delegate) returning 42 without awaiting.
    [Probe(Paths.Sync)]
    public static readonly Func<Task<int>> Lambda_NoAwaitReturn42 = async () => 42;

    // Probe: async lambda (cached delegate) awaiting a Task.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static readonly Func<Task> Lambda_AwaitTask = async () => await Src.Task;

    // Probe: static async lambda (cached delegate) awaiting a Task in a block body.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static readonly Func<Task> Lambda_StaticAwaitTask = static async () => { await Src.Task; };

    // Probe: async lambda (cached delegate) returning the awaited Task<int>'s result (1000).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static readonly Func<Task<int>> Lambda_ReturnAwaitTaskInt = async () => await Src.TaskInt;

    // Probe: async lambda (cached delegate) with an int parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend, Args = "1000")]
    public static readonly Func<int, Task<int>> Lambda_IntParameterUsedAfterAwait = async x => { await Src.Task; return x + 1; };

    // Probe: wrapper that creates, per call, an async lambda capturing a local: closure object + delegate + state machine.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Lambda_CreatedPerCallCapturingLocal()
    {
        int captured = Src.Seed;
        Func<Task> lambda = async () => { await Src.Task; Sink.Int = captured; };
        return lambda();
    }

    // Probe: static async local function awaiting a Task, called from a non-async wrapper.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task LocalFunction_StaticAwaitTask()
    {
        return Local();

        static async Task Local() { await Src.Task; }
    }

    // Probe: async local function capturing a local of the wrapper (read after the await).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task LocalFunction_CapturingLocal()
    {
        int captured = Src.Seed;
        return Local();

        async Task Local() { await Src.Task; Sink.Int = captured; }
    }

    // Probe: static async local function with an int parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<int> LocalFunction_IntParameterUsedAfterAwait()
    {
        return Local(Src.Seed);

        static async Task<int> Local(int x) { await Src.Task; return x + 1; }
    }
}
