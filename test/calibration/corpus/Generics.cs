// Corpus entries for generic code: one state machine layout per instantiation. Entries are non-async wrappers that
// call a generic async method (or a method of a closed generic type) with one type argument; the bytes measured are
// that instantiation's. Workspace generic structs used as locals and parameters are sized from their declaration.
namespace Calibration;

using System;
using System.Threading.Tasks;

/// <summary>Where generic entries keep their values, so that they are used after the await.</summary>
public static class GenericSink<T>
{
    public static T? Value;
}

/// <summary>A workspace generic struct: a T and an int tag.</summary>
public struct Tagged<T>
{
    public T Value;
    public int Tag;

    public Tagged(T value, int tag)
    {
        Value = value;
        Tag = tag;
    }
}

/// <summary>The generic async methods the wrappers instantiate.</summary>
public static class GenericMethods
{
    /// <summary>A T parameter read after the await, returned in a Task&lt;T&gt;.</summary>
    public static async Task<T> EchoAfterAwait<T>(T value) { await Src.Task; return value; }

    /// <summary>A T parameter read after the await, in an async Task.</summary>
    public static async Task HoldAcrossAwait<T>(T value) { await Src.Task; GenericSink<T>.Value = value; }

    /// <summary>A T parameter returned in a ValueTask&lt;T&gt;: the builder's size depends on T.</summary>
    public static async ValueTask<T> EchoValueTask<T>(T value) { await Src.Task; return value; }

    /// <summary>A T local live across the await.</summary>
    public static async Task LocalAcrossAwait<T>(T value) { T copy = value; GenericSink<T>.Value = default; await Src.Task; GenericSink<T>.Value = copy; }

    /// <summary>No await: the synchronous result decides whether a Task&lt;T&gt; is allocated.</summary>
    public static async Task<T> ReturnWithoutAwait<T>(T value) { return value; }

    /// <summary>A class-constrained T is a reference whatever the argument.</summary>
    public static async Task<T> ClassConstrained<T>(T value) where T : class { await Src.Task; return value; }

    /// <summary>Awaits a ValueTask&lt;T&gt; parameter: the awaiter's size depends on T.</summary>
    public static async Task AwaitValueTaskOf<T>(ValueTask<T> source) { GenericSink<T>.Value = await source; }

    /// <summary>A Tagged&lt;T&gt; local live across the await.</summary>
    public static async Task TaggedLocal<T>(T value) { Tagged<T> tagged = new Tagged<T>(value, Src.Seed); await Src.Task; GenericSink<Tagged<T>>.Value = tagged; }
}

/// <summary>A generic class whose async method returns its T field: `this` is hoisted, the Task&lt;T&gt; depends on T.</summary>
public sealed class Repository<T>
{
    readonly T _item;

    public Repository(T item) => _item = item;

    public async Task<T> GetAsync() { await Src.Task; return _item; }
}

public static class Generics
{
    static readonly Repository<int> s_ints = new(1000);
    static readonly Repository<Guid> s_guids = new(Guid.Empty);
    static readonly Repository<string> s_strings = new("x");

    // Probe: EchoAfterAwait<int> (T inferred from the argument): 4-byte T field, Task<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<int> Generic_EchoInt() => GenericMethods.EchoAfterAwait(Src.Seed);

    // Probe: EchoAfterAwait<long> (explicit type argument).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<long> Generic_EchoLong() => GenericMethods.EchoAfterAwait<long>(Src.LongResult);

    // Probe: EchoAfterAwait<string>: a reference T.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<string> Generic_EchoString() => GenericMethods.EchoAfterAwait(Src.Name);

    // Probe: EchoAfterAwait<Guid>: a 16-byte T in the state machine and in Task<Guid>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<Guid> Generic_EchoGuid() => GenericMethods.EchoAfterAwait(Sink.Guid);

    // Probe: EchoAfterAwait<decimal>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<decimal> Generic_EchoDecimal() => GenericMethods.EchoAfterAwait(Src.DecimalResult);

    // Probe: EchoAfterAwait<Triple>: a 24-byte T, Task<Triple> is 88 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<Triple> Generic_EchoTriple() => GenericMethods.EchoAfterAwait(Sink.Triple);

    // Probe: HoldAcrossAwait<byte>: a 1-byte T.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_HoldByte() => GenericMethods.HoldAcrossAwait((byte)Src.SmallSeed);

    // Probe: HoldAcrossAwait<(int, string)>: a 16-byte T holding a reference.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_HoldTupleIntString() => GenericMethods.HoldAcrossAwait((Src.Seed, Src.Name));

    // Probe: HoldAcrossAwait<Tagged<long>>: a workspace generic struct as T.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_HoldTaggedLong() => GenericMethods.HoldAcrossAwait(new Tagged<long>(Src.LongResult, 1));

    // Probe: EchoValueTask<long>: AsyncValueTaskMethodBuilder<long> is 16 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static ValueTask<long> Generic_ValueTaskEchoLong() => GenericMethods.EchoValueTask(Src.LongResult);

    // Probe: EchoValueTask<decimal>: AsyncValueTaskMethodBuilder<decimal> is 24 B.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static ValueTask<decimal> Generic_ValueTaskEchoDecimal() => GenericMethods.EchoValueTask(Src.DecimalResult);

    // Probe: LocalAcrossAwait<decimal>: a T local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_LocalDecimal() => GenericMethods.LocalAcrossAwait(Src.DecimalResult);

    // Probe: LocalAcrossAwait<string>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_LocalString() => GenericMethods.LocalAcrossAwait(Src.Name);

    // Probe: ReturnWithoutAwait<int> with 41: one Task<int>.
    [Probe(Paths.Sync)]
    public static Task<int> Generic_ReturnWithoutAwaitInt() => GenericMethods.ReturnWithoutAwait(Src.Seed);

    // Probe: ReturnWithoutAwait<Guid> with Guid.Empty: the all-zero Guid is cached.
    [Probe(Paths.Sync)]
    public static Task<Guid> Generic_ReturnWithoutAwaitGuidEmpty() => GenericMethods.ReturnWithoutAwait(Guid.Empty);

    // Probe: ClassConstrained<string>: a class-constrained T.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<string> Generic_ClassConstrainedString() => GenericMethods.ClassConstrained(Src.Name);

    // Probe: AwaitValueTaskOf<long>: ValueTask<long> parameter (16 B) and ValueTaskAwaiter<long> (24 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_AwaitValueTaskLong() => GenericMethods.AwaitValueTaskOf(Src.ValueTaskLong);

    // Probe: AwaitValueTaskOf<decimal>: ValueTask<decimal> parameter (24 B) and ValueTaskAwaiter<decimal> (32 B).
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_AwaitValueTaskDecimal() => GenericMethods.AwaitValueTaskOf(Src.ValueTaskDecimal);

    // Probe: TaggedLocal<long>: a Tagged<T> local whose size depends on T.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task Generic_TaggedLocalOfLong() => GenericMethods.TaggedLocal(Src.LongResult);

    // Probe: Repository<int>.GetAsync: `this` hoisted, Task<int>.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<int> Generic_RepositoryInt() => s_ints.GetAsync();

    // Probe: Repository<Guid>.GetAsync: Task<Guid> is 80 B; Guid.Empty is cached on the sync path.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<Guid> Generic_RepositoryGuid() => s_guids.GetAsync();

    // Probe: Repository<string>.GetAsync.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static Task<string> Generic_RepositoryString() => s_strings.GetAsync();

    // Probe: a non-generic method with a Tagged<int> local (8 B) live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Generic_TaggedIntLocalInPlainMethod() { Tagged<int> t = new Tagged<int>(Src.Seed, 1); await Src.Task; Sink.Int = t.Value + t.Tag; }

    // Probe: a non-generic method with a Tagged<string> local (16 B, holds a reference) live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Generic_TaggedStringLocalInPlainMethod() { Tagged<string> t = new Tagged<string>(Src.Name, 1); await Src.Task; Sink.String = t.Value; }

    // Probe: a non-generic method with a Tagged<Guid> parameter (20 B, rounded to 24) used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Generic_TaggedGuidParameterInPlainMethod(Tagged<Guid> t) { await Src.Task; Sink.Guid = t.Value; }
}
