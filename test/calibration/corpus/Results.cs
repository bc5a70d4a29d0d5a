// Corpus entries without any await: what SetResult costs on the synchronous path for each return kind and value.
namespace Calibration;

using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

public static class Results
{
    // Probe: async Task<int> returning -1, the lowest value of the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_ReturnMinus1() { return -1; }

    // Probe: async Task<int> returning 0, inside the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_Return0() { return 0; }

    // Probe: async Task<int> returning 8, the highest cached Task<int>.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_Return8() { return 8; }

    // Probe: async Task<int> returning 9, the first value outside the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_Return9() { return 9; }

    // Probe: async Task<int> returning 42, outside the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_Return42() { return 42; }

    // Probe: async Task<int> returning 1000, outside the Task<int> cache.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_Return1000() { return 1000; }

    // Probe: async Task<int> returning a value computed at run time (42), so the cache check happens at run time and misses.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_ReturnComputedUncached() { return Src.Seed + 1; }

    // Probe: async Task<int> returning a value computed at run time (3), so the cache check happens at run time and hits.
    [Probe(Paths.Sync)]
    public static async Task<int> TaskInt_ReturnComputedCached() { return Src.SmallSeed + 1; }

    // Probe: async Task<bool> returning true (cached).
    [Probe(Paths.Sync)]
    public static async Task<bool> TaskBool_ReturnTrue() { return true; }

    // Probe: async Task<bool> returning false (cached).
    [Probe(Paths.Sync)]
    public static async Task<bool> TaskBool_ReturnFalse() { return false; }

    // Probe: async Task<long> returning 0L, the default value, which is cached.
    [Probe(Paths.Sync)]
    public static async Task<long> TaskLong_Return0L() { return 0L; }

    // Probe: async Task<long> returning 5: only default(long) is cached, so this allocates.
    [Probe(Paths.Sync)]
    public static async Task<long> TaskLong_Return5() { return 5; }

    // Probe: async Task<DayOfWeek> returning default.
    [Probe(Paths.Sync)]
    public static async Task<DayOfWeek> TaskEnum_ReturnDefault() { return default; }

    // Probe: async Task<DayOfWeek> returning a non-zero member.
    [Probe(Paths.Sync)]
    public static async Task<DayOfWeek> TaskEnum_ReturnFriday() { return DayOfWeek.Friday; }

    // Probe: async Task<SmallEnum> (an enum declared `: byte`) returning default.
    [Probe(Paths.Sync)]
    public static async Task<SmallEnum> TaskByteEnum_ReturnDefault() { return default; }

    // Probe: async Task<SmallEnum> (an enum declared `: byte`) returning a non-zero member.
    [Probe(Paths.Sync)]
    public static async Task<SmallEnum> TaskByteEnum_ReturnOne() { return SmallEnum.One; }

    // Probe: async Task<decimal> returning 0m, the default value (Task<decimal> is 80 B when allocated).
    [Probe(Paths.Sync)]
    public static async Task<decimal> TaskDecimal_Return0m() { return 0m; }

    // Probe: async Task<decimal> returning 1.5m.
    [Probe(Paths.Sync)]
    public static async Task<decimal> TaskDecimal_Return1_5m() { return 1.5m; }

    // Probe: async Task<decimal> returning 0.0m, equal to 0m but with scale 1, so its bits are not all zero.
    [Probe(Paths.Sync)]
    public static async Task<decimal> TaskDecimal_Return0_0m() { return 0.0m; }

    // Probe: async Task<double> returning 0.0, the default value.
    [Probe(Paths.Sync)]
    public static async Task<double> TaskDouble_Return0() { return 0.0; }

    // Probe: async Task<double> returning -0.0, equal to 0.0 but with the sign bit set.
    [Probe(Paths.Sync)]
    public static async Task<double> TaskDouble_ReturnNegativeZero() { return -0.0; }

    // Probe: async Task<double> returning 1.5.
    [Probe(Paths.Sync)]
    public static async Task<double> TaskDouble_Return1_5() { return 1.5; }

    // Probe: async Task<string?> returning null (cached).
    [Probe(Paths.Sync)]
    public static async Task<string?> TaskString_ReturnNull() { return null; }

    // Probe: async Task<string?> returning "x" (a non-null reference is never cached).
    [Probe(Paths.Sync)]
    public static async Task<string?> TaskString_ReturnX() { return "x"; }

    // Probe: async Task<char> returning '\0', the default value, which is cached.
    [Probe(Paths.Sync)]
    public static async Task<char> TaskChar_ReturnDefault() { return '\0'; }

    // Probe: async Task<char> returning 'a'.
    [Probe(Paths.Sync)]
    public static async Task<char> TaskChar_ReturnA() { return 'a'; }

    // Probe: async Task<Point> (an 8-byte user struct) returning default.
    [Probe(Paths.Sync)]
    public static async Task<Point> TaskPoint_ReturnDefault() { return default; }

    // Probe: async Task<Triple> (a 24-byte user struct) returning default: Task<Triple> is 88 B.
    [Probe(Paths.Sync)]
    public static async Task<Triple> TaskTriple_ReturnDefault() { return default; }

    // Probe: async Task<Int3> (a 12-byte user struct) returning default.
    [Probe(Paths.Sync)]
    public static async Task<Int3> TaskInt3_ReturnDefault() { return default; }

    // Probe: async Task<Guid> returning Guid.Empty: Task<Guid> is 80 B.
    [Probe(Paths.Sync)]
    public static async Task<Guid> TaskGuid_ReturnEmpty() { return Guid.Empty; }

    // Probe: async Task<DateTime> returning default.
    [Probe(Paths.Sync)]
    public static async Task<DateTime> TaskDateTime_ReturnDefault() { return default; }

    // Probe: async Task<(int, int)> returning default.
    [Probe(Paths.Sync)]
    public static async Task<(int, int)> TaskTuple_ReturnDefault() { return default; }

    // Probe: async Task<(int, string?)> (a 16-byte struct holding a reference) returning default.
    [Probe(Paths.Sync)]
    public static async Task<(int, string?)> TaskIntStringTuple_ReturnDefault() { return default; }

    // Probe: async Task<(int, int)> returning (1, 2).
    [Probe(Paths.Sync)]
    public static async Task<(int, int)> TaskTuple_Return1And2() { return (1, 2); }

    // Probe: async Task<int?> returning null (an empty Nullable is cached).
    [Probe(Paths.Sync)]
    public static async Task<int?> TaskNullableInt_ReturnNull() { return null; }

    // Probe: async Task<int?> returning 0 (HasValue is set, so the bits are not all zero).
    [Probe(Paths.Sync)]
    public static async Task<int?> TaskNullableInt_Return0() { return 0; }

    // Probe: async Task<int?> returning 5.
    [Probe(Paths.Sync)]
    public static async Task<int?> TaskNullableInt_Return5() { return 5; }

    // Probe: async Task with an empty body: completes with the cached completed Task.
    [Probe(Paths.Sync)]
    public static async Task Task_Empty() { }

    // Probe: async ValueTask with an empty body.
    [Probe(Paths.Sync)]
    public static async ValueTask ValueTask_Empty() { }

    // Probe: async ValueTask<int> returning 1000: the result travels in the ValueTask, nothing is allocated.
    [Probe(Paths.Sync)]
    public static async ValueTask<int> ValueTaskInt_Return1000() { return 1000; }

    // Probe: async ValueTask<decimal> returning 1.5m.
    [Probe(Paths.Sync)]
    public static async ValueTask<decimal> ValueTaskDecimal_Return1_5m() { return 1.5m; }

    // Probe: async void with no await.
    [Probe(Paths.Sync)]
    public static async void AsyncVoid_NoAwait() { Src.SignalDone(); }

    // Probe: ValueTask<int> with PoolingAsyncValueTaskMethodBuilder<int>, returning 1000 without awaiting.
    [Probe(Paths.Sync)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<int> PoolingValueTaskInt_Return1000() { return 1000; }

    // Probe: ValueTask with PoolingAsyncValueTaskMethodBuilder and an empty body.
    [Probe(Paths.Sync)]
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public static async ValueTask PoolingValueTask_Empty() { }
}
