// Corpus entries whose result is a constant the source names rather than spells: enum members, const fields, casts.
namespace Calibration;

using System;
using System.Threading.Tasks;

/// <summary>A workspace enum whose first member is implicitly zero.</summary>
public enum Color
{
    Red,
    Green,
    Blue,
}

/// <summary>An enum whose zero member is neither first nor implicit, with an alias and a computed member.</summary>
public enum Level
{
    Low = 1,
    High = 2,
    Off = 0,
    Default = Off,
    Max = High + 1,
}

/// <summary>A byte-sized flags enum with a combined member.</summary>
[Flags]
public enum Access : byte
{
    None = 0,
    Read = 1,
    Write = 2,
    ReadWrite = Read | Write,
}

/// <summary>A long-sized enum whose second member does not fit in an int.</summary>
public enum BigEnum : long
{
    Zero,
    Huge = 5_000_000_000,
}

/// <summary>Constants declared in another type, read through its name.</summary>
public static class Limits
{
    public const int Zero = 0;
    public const int Thousand = 1000;
}

public static class Constants
{
    public const int SmallConst = 5;
    public const int BigConst = 1000;
    public const long ZeroLong = 0;
    public const string Text = "x";
    public const char NulChar = '\0';
    public const double ZeroDouble = 0.0;
    public const int Derived = SmallConst + 3;
    public const int Shifted = 1 << 4;

    // Probe: Task<Color> returning Color.Red, the implicit zero member: its all-zero value is cached.
    [Probe(Paths.Sync)]
    public static async Task<Color> Enum_ReturnImplicitZeroMember() { return Color.Red; }

    // Probe: Task<Color> returning Color.Green (1): not cached, one Task<Color>.
    [Probe(Paths.Sync)]
    public static async Task<Color> Enum_ReturnImplicitOneMember() { return Color.Green; }

    // Probe: Task<Level> returning Level.Off, explicitly 0 though declared third: cached.
    [Probe(Paths.Sync)]
    public static async Task<Level> Enum_ReturnExplicitZeroNotFirst() { return Level.Off; }

    // Probe: Task<Level> returning Level.Default, an alias of the zero member: cached.
    [Probe(Paths.Sync)]
    public static async Task<Level> Enum_ReturnAliasOfZero() { return Level.Default; }

    // Probe: Task<Level> returning Level.Low, explicitly 1 though declared first: not cached.
    [Probe(Paths.Sync)]
    public static async Task<Level> Enum_ReturnExplicitOneFirst() { return Level.Low; }

    // Probe: Task<Level> returning Level.Max, declared as High + 1 (3): not cached.
    [Probe(Paths.Sync)]
    public static async Task<Level> Enum_ReturnComputedMember() { return Level.Max; }

    // Probe: Task<Access> (a byte enum) returning Access.None: a 1-byte zero, cached.
    [Probe(Paths.Sync)]
    public static async Task<Access> Enum_ByteFlagsNone() { return Access.None; }

    // Probe: Task<Access> returning Access.ReadWrite, declared as Read | Write (3): not cached.
    [Probe(Paths.Sync)]
    public static async Task<Access> Enum_ByteFlagsCombined() { return Access.ReadWrite; }

    // Probe: Task<BigEnum> (a long enum) returning BigEnum.Zero: an 8-byte zero, cached.
    [Probe(Paths.Sync)]
    public static async Task<BigEnum> Enum_LongZeroMember() { return BigEnum.Zero; }

    // Probe: Task<BigEnum> returning BigEnum.Huge (5,000,000,000): not cached.
    [Probe(Paths.Sync)]
    public static async Task<BigEnum> Enum_LongHugeMember() { return BigEnum.Huge; }

    // Probe: Task<DayOfWeek> returning DayOfWeek.Sunday, the BCL enum's zero member: cached.
    [Probe(Paths.Sync)]
    public static async Task<DayOfWeek> Enum_BclZeroMember() { return DayOfWeek.Sunday; }

    // Probe: Task<DayOfWeek> returning DayOfWeek.Friday (5): not cached.
    [Probe(Paths.Sync)]
    public static async Task<DayOfWeek> Enum_BclNonZeroMember() { return DayOfWeek.Friday; }

    // Probe: Task<Color> returning (Color)0, a cast of the zero literal: cached.
    [Probe(Paths.Sync)]
    public static async Task<Color> Enum_CastOfZero() { return (Color)0; }

    // Probe: Task<Color> returning (Color)2: not cached.
    [Probe(Paths.Sync)]
    public static async Task<Color> Enum_CastOfTwo() { return (Color)2; }

    // Probe: Task<Color> returning Color.Blue after one await: one Task<Color> on the sync path, the box when it suspends.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<Color> Enum_ReturnMemberAfterAwait() { await Src.Task; return Color.Blue; }

    // Probe: Task<Color> returning Color.Red after one await: cached on the sync path.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<Color> Enum_ReturnZeroMemberAfterAwait() { await Src.Task; return Color.Red; }

    // Probe: Task<int> returning a const field of 5: inside the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_IntSmall() { return SmallConst; }

    // Probe: Task<int> returning a const field of 1000: outside the cache.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_IntBig() { return BigConst; }

    // Probe: Task<int> returning a const declared as SmallConst + 3 (8): cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_IntDerivedFromConst() { return Derived; }

    // Probe: Task<int> returning a const declared as 1 << 4 (16): not cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_IntShifted() { return Shifted; }

    // Probe: Task<long> returning a const long 0: cached.
    [Probe(Paths.Sync)]
    public static async Task<long> Const_LongZero() { return ZeroLong; }

    // Probe: Task<string> returning a const string: a non-null reference, never cached.
    [Probe(Paths.Sync)]
    public static async Task<string> Const_StringText() { return Text; }

    // Probe: Task<char> returning a const '\0': cached.
    [Probe(Paths.Sync)]
    public static async Task<char> Const_CharNul() { return NulChar; }

    // Probe: Task<double> returning a const 0.0: cached.
    [Probe(Paths.Sync)]
    public static async Task<double> Const_DoubleZero() { return ZeroDouble; }

    // Probe: Task<int> returning Limits.Zero, a const of another type: cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_QualifiedZero() { return Limits.Zero; }

    // Probe: Task<int> returning Limits.Thousand: not cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_QualifiedThousand() { return Limits.Thousand; }

    // Probe: Task<int> returning int.MaxValue, a BCL constant: not cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_IntMaxValue() { return int.MaxValue; }

    // Probe: Task<int> returning the negated const -SmallConst (-5): not cached.
    [Probe(Paths.Sync)]
    public static async Task<int> Const_NegatedConst() { return -SmallConst; }
}
