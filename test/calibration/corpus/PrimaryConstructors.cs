// Corpus entries for primary constructors: a method that reads a primary-constructor parameter reads a field of
// `this`, so `this` is hoisted (class) or copied with the parameter's field (struct).
namespace Calibration;

using System.Threading.Tasks;

/// <summary>A class whose methods read its primary-constructor parameters.</summary>
public sealed class PrimaryCtorService(int seed, string name)
{
    public PrimaryCtorService() : this(41, "n") { }

    // Probe: reads an int primary-constructor parameter after the await: `this` is hoisted (8 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task<int> PrimaryCtor_ReadIntAfterAwait() { await Src.Task; return seed + 1000; }

    // Probe: reads a primary-constructor parameter only before the await: `this` is still hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtor_ReadBeforeAwaitOnly() { Sink.Int = seed; await Src.Task; }

    // Probe: reads a string primary-constructor parameter after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtor_ReadStringAfterAwait() { await Src.Task; Sink.String = name; }

    // Probe: writes a primary-constructor parameter before the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtor_WriteBeforeAwait() { seed++; await Src.Task; }

    // Probe: never mentions a primary-constructor parameter or member: `this` is not hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtor_NotReading() { await Src.Task; Sink.Int++; }

    // Probe: a parameter of the method named like the primary-constructor parameter hides it: no `this`.
    [Probe(Paths.Sync | Paths.Suspend, Args = "1000")]
    public async Task<int> PrimaryCtor_MethodParameterHides(int seed) { await Src.Task; return seed; }

    // Probe: a non-async wrapper making an async lambda that reads a primary-constructor parameter: it captures `this`, a delegate per call.
    [Probe(Paths.Sync | Paths.Suspend)]
    public Task PrimaryCtor_LambdaReadsParameter()
    {
        System.Func<Task> lambda = async () => { await Src.Task; Sink.Int = seed; };
        return lambda();
    }
}

/// <summary>A struct whose primary-constructor parameter is captured by a method: the struct holds it (8 B).</summary>
public struct PrimaryCtorStruct(long value)
{
    public PrimaryCtorStruct() : this(5) { }

    // Probe: struct method reading its captured primary-constructor parameter: the 8 B struct is copied.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtorStruct_ReadAfterAwait() { await Src.Task; Sink.Long = value; }
}

/// <summary>A struct whose primary-constructor parameters are captured: long and string, 16 B.</summary>
public struct PrimaryCtorStructTwo(long value, string label)
{
    public PrimaryCtorStructTwo() : this(5, "s") { }

    // Probe: struct method reading two captured primary-constructor parameters: the 16 B struct is copied.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task PrimaryCtorStructTwo_ReadAfterAwait() { await Src.Task; Sink.Long = value; Sink.String = label; }
}

/// <summary>A positional record: its parameters are properties with backing fields.</summary>
public sealed record PrimaryRecord(int Seed, string Label)
{
    public PrimaryRecord() : this(41, "r") { }

    // Probe: record method reading a positional property after the await: `this` is hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task<int> PrimaryRecord_ReadPropertyAfterAwait() { await Src.Task; return Seed + 1000; }
}
