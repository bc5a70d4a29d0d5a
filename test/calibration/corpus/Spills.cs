// Corpus entries where a value computed before an await in the same expression must survive the await: the compiler
// spills it into a state-machine field (`<>7__wrapN`). Every shape avoids allocating user objects.
namespace Calibration;

using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

/// <summary>Where the spill entries write their results.</summary>
public static class SpillSink
{
    public static Point Point;
    public static (int, int) Pair;
    public static bool Flag;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Plus(int a, int b) => a + b;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static Guid PickGuid(Guid g, int x) => x > 0 ? g : Guid.Empty;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static long SumTriple(Triple t, int x) => t.A + t.B + t.C + x;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Mix(long a, string b, decimal c, int d) => (int)a + b.Length + (int)c + d;
}

public static class Spills
{
    // Probe: `await a + await b` over Task<int>: the first result is spilled across the second await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitPlusAwaitInt() { Sink.Int = await Src.TaskInt + await Src.TaskInt; }

    // Probe: `await a + await b` over Task<long>: a long is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitPlusAwaitLong() { Sink.Long = await Src.TaskLong + await Src.TaskLong; }

    // Probe: `await a + await b` over Task<decimal>: a 16-byte decimal is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitPlusAwaitDecimal() { Sink.Decimal = await Src.TaskDecimal + await Src.TaskDecimal; }

    // Probe: `await a + await b + await c` over Task<int>: the running sum is spilled across each later await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ThreeAwaitsInt() { Sink.Int = await Src.TaskInt + await Src.TaskInt + await Src.TaskInt; }

    // Probe: an awaited int times an awaited long: the int is spilled, two awaiter types.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitIntTimesAwaitLong() { Sink.Long = await Src.TaskInt * await Src.TaskLong; }

    // Probe: `await a + await b` over ValueTask<int> and ValueTask<long>: int spilled, two ValueTask awaiters.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitValueTaskIntPlusAwaitValueTaskLong() { Sink.Long = await Src.ValueTaskInt + await Src.ValueTaskLong; }

    // Probe: string.Equals(await a, await b): the first awaited string is spilled as an argument.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitedStringArgument() { SpillSink.Flag = string.Equals(await Src.TaskString, await Src.TaskString); }

    // Probe: a call whose arguments are an awaited int, a field's string and a second await: int and string spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_AwaitThenFieldThenAwaitArguments() { Sink.Add(await Src.TaskInt, Src.Name, await Src.TaskInt); }

    // Probe: a Guid argument evaluated before an awaited argument: 16 bytes spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_GuidArgument() { Sink.Guid = SpillSink.PickGuid(Sink.Guid, await Src.TaskInt); }

    // Probe: a 24-byte struct argument evaluated before an awaited argument: the struct is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_TripleArgument() { Sink.Long = SpillSink.SumTriple(Sink.Triple, await Src.TaskInt); }

    // Probe: long, string and decimal arguments before an awaited int: each is spilled into its own field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ThreeArgumentsOfDifferentTypes() { Sink.Int = SpillSink.Mix(Sink.Long, Src.Name, Sink.Decimal, await Src.TaskInt); }

    // Probe: constant arguments before an await need no spill.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ConstantArgumentsNotSpilled() { Sink.Add(1, "a", await Src.TaskInt); }

    // Probe: an argument list nested in another: the outer and inner earlier arguments are all spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_NestedCallArguments() { Sink.Add(Src.Seed, Src.Name, SpillSink.Plus(Src.SmallSeed, await Src.TaskInt)); }

    // Probe: `field < await x`: the left operand of a comparison is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ComparisonLeftOperand() { SpillSink.Flag = Src.Seed < await Src.TaskInt; }

    // Probe: `long field * await int`: the long left operand is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_LongFieldTimesAwait() { Sink.Long = Sink.Long * await Src.TaskInt; }

    // Probe: `decimal field + await decimal`: the decimal left operand is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_DecimalFieldPlusAwait() { Sink.Decimal = Sink.Decimal + await Src.TaskDecimal; }

    // Probe: a struct object initializer with an awaited member: the partly built Point is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_StructObjectInitializer() { SpillSink.Point = new Point { X = Src.Seed, Y = await Src.TaskInt }; }

    // Probe: a struct constructor call whose second argument is awaited: the first argument is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_StructConstructorArgument() { SpillSink.Point = new Point(Src.Seed, await Src.TaskInt); }

    // Probe: a tuple literal whose second element is awaited: the first element is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_TupleElement() { SpillSink.Pair = (Src.Seed, await Src.TaskInt); }

    // Probe: `array[index] + await x`: the element read before the await is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ArrayElementPlusAwait() { Sink.Int = Src.Array[1] + await Src.TaskInt; }

    // Probe: `array[i] = await x`: the array reference and the index are spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_ArrayElementAssignment() { Src.Array[Src.SmallSeed] = await Src.TaskInt - 997; }

    // Probe: a dotted instance receiver (Src.Name.IndexOf(await ...)): the string receiver is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_DottedInstanceReceiver() { Sink.Int = Src.Name.IndexOf(await Src.TaskString, StringComparison.Ordinal); }

    // Probe: `sum += await x` on a local: the local's value before the await is spilled.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_CompoundAssignmentLocal() { int sum = Src.Seed; sum += await Src.TaskInt; Sink.Int = sum; }

    // Probe: two statements, each `field + await x` over int: do their spills share one field?
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_TwoStatementsSameType() { Sink.Int = Src.Seed + await Src.TaskInt; Sink.Int = Src.SmallSeed + await Src.TaskInt; }

    // Probe: `return await a - await b` in Task<int>: the first result is spilled; the result 0 is cached.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> Spill_ReturnAwaitMinusAwait() { return await Src.TaskInt - await Src.TaskInt; }

    // Probe: an awaited value used as the left operand of `&&` with an awaited right operand: branching, no spill.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Spill_LogicalAndNoSpill() { SpillSink.Flag = await Src.TaskInt > 0 && await Src.TaskLong > 0; }
}
