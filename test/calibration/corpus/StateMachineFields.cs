// Corpus entries that grow the state machine: `this`, parameters and locals hoisted across an await.
namespace Calibration;

using System;
using System.Threading;
using System.Threading.Tasks;

/// <summary>Class instance methods: `this` is one 8-byte reference when the body uses it.</summary>
public sealed class InstanceClass
{
    int _value = 1000;

    // Probe: class instance method that reads a field after the await, so `this` (8 B) is hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task<int> InstanceClass_UsesThisAfterAwait() { await Src.Task; return _value; }

    // Probe: class instance method that writes a field only before the await: is `this` hoisted anyway?
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceClass_UsesThisBeforeAwaitOnly() { _value++; await Src.Task; }

    // Probe: class instance method whose body never touches `this`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task<int> InstanceClass_NotUsingThis() { await Src.Task; return 1000; }
}

/// <summary>An 8-byte struct whose instance async method copies the whole struct into the state machine.</summary>
public struct InstanceStruct8
{
    long _a;

    // Probe: struct (8 B) instance method using `this` after the await: the struct is copied into the state machine.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceStruct8_UsesThis() { await Src.Task; Sink.Long = _a; }
}

/// <summary>A 16-byte struct holding a reference.</summary>
public struct InstanceStruct16WithRef
{
    string? _name;
    int _count;

    // Probe: struct (16 B, holds a reference) instance method using `this` after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceStruct16WithRef_UsesThis() { await Src.Task; Sink.String = _name; Sink.Int = _count; }
}

/// <summary>A 24-byte struct.</summary>
public struct InstanceStruct24
{
    long _a;
    long _b;
    long _c;

    // Probe: struct (24 B) instance method using `this` after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceStruct24_UsesThis() { await Src.Task; Sink.Long = _a + _b + _c; }
}

/// <summary>A 40-byte struct.</summary>
public struct InstanceStruct40
{
    long _a;
    long _b;
    long _c;
    long _d;
    long _e;

    // Probe: struct (40 B) instance method using `this` after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceStruct40_UsesThis() { await Src.Task; Sink.Long = _a + _b + _c + _d + _e; }

    // Probe: struct (40 B) instance method that never touches `this`: is the struct still copied?
    [Probe(Paths.Sync | Paths.Suspend)]
    public async Task InstanceStruct40_NotUsingThis() { await Src.Task; Sink.Long = 1; }
}

/// <summary>Parameters: in Release every referenced parameter is hoisted, whether or not it is live across the await.</summary>
public static class Parameters
{
    // Probe: int parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Int_UsedAfterAwait(int x) { await Src.Task; Sink.Int = x; }

    // Probe: long parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Long_UsedAfterAwait(long x) { await Src.Task; Sink.Long = x; }

    // Probe: decimal (16 B) parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Decimal_UsedAfterAwait(decimal x) { await Src.Task; Sink.Decimal = x; }

    // Probe: Guid (16 B) parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Guid_UsedAfterAwait(Guid x) { await Src.Task; Sink.Guid = x; }

    // Probe: string parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_String_UsedAfterAwait(string? x) { await Src.Task; Sink.String = x; }

    // Probe: 24-byte struct parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Triple_UsedAfterAwait(Triple x) { await Src.Task; Sink.Triple = x; }

    // Probe: CancellationToken (8 B) parameter used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_CancellationToken_UsedAfterAwait(CancellationToken cancellationToken)
    {
        await Src.Task;
        cancellationToken.ThrowIfCancellationRequested();
    }

    // Probe: long parameter used only before the await (long, so that hoisting it changes the size): is it hoisted anyway?
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_Long_UsedBeforeAwaitOnly(long x) { Sink.Long = x; await Src.Task; }

    // Probe: four parameters (int, long, decimal, Guid) never referenced: none is hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_IntLongDecimalGuid_Unused(int a, long b, decimal c, Guid d) { await Src.Task; }

    // Probe: five parameters (int, long, string, decimal, Guid) all used after the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Param_IntLongStringDecimalGuid_UsedAfterAwait(int a, long b, string? c, decimal d, Guid e)
    {
        await Src.Task;
        Sink.Int = a;
        Sink.Long = b;
        Sink.String = c;
        Sink.Decimal = d;
        Sink.Guid = e;
    }
}

/// <summary>Locals: only those read after an await before being written again become fields.</summary>
public static class Locals
{
    // Probe: int local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Int_LiveAcrossAwait() { int x = Src.Seed; await Src.Task; Sink.Int = x; }

    // Probe: long local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Long_LiveAcrossAwait() { long x = Src.Seed; await Src.Task; Sink.Long = x; }

    // Probe: decimal local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Decimal_LiveAcrossAwait() { decimal x = Src.Seed; await Src.Task; Sink.Decimal = x; }

    // Probe: Guid local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Guid_LiveAcrossAwait() { Guid x = new Guid(Src.Seed, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0); await Src.Task; Sink.Guid = x; }

    // Probe: string local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_String_LiveAcrossAwait() { string x = Src.Name; await Src.Task; Sink.String = x; }

    // Probe: 24-byte struct local live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Triple_LiveAcrossAwait()
    {
        Triple x = new Triple { A = Src.Seed };
        await Src.Task;
        Sink.Triple = x;
    }

    // Probe: long local used only before the await (long, so that hoisting it changes the size): not hoisted.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Long_NotLiveAcrossAwait() { long x = Src.Seed; Sink.Long = x; await Src.Task; }

    // Probe: long local used before the await and written again after it before any read: is it hoisted?
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_Long_ReassignedAfterAwait()
    {
        long x = Src.Seed;
        Sink.Long = x;
        await Src.Task;
        x = Src.SmallSeed;
        Sink.Long = x;
    }

    // Probe: two int locals in disjoint scopes, each live across its own await: one pooled field or two?
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_TwoIntsDisjointScopes()
    {
        {
            int a = Src.Seed;
            await Src.Task;
            Sink.Int = a;
        }
        {
            int b = Src.SmallSeed;
            await Src.TaskInt;
            Sink.Int = b;
        }
    }

    // Probe: an int and a long in disjoint scopes: different types cannot share a field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_IntAndLongDisjointScopes()
    {
        {
            int a = Src.Seed;
            await Src.Task;
            Sink.Int = a;
        }
        {
            long b = Src.SmallSeed;
            await Src.TaskInt;
            Sink.Long = b;
        }
    }

    // Probe: two int locals both live across the same await: two fields.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_TwoIntsBothLive()
    {
        int a = Src.Seed;
        int b = Src.SmallSeed;
        await Src.Task;
        Sink.Int = a + b;
    }

    // Probe: int, long, string and decimal locals all live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task Local_IntLongStringDecimal_LiveAcrossAwait()
    {
        int a = Src.Seed;
        long b = Src.SmallSeed;
        string c = Src.Name;
        decimal d = Src.Seed;
        await Src.Task;
        Sink.Int = a;
        Sink.Long = b;
        Sink.String = c;
        Sink.Decimal = d;
    }
}
