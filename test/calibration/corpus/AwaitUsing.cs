// Corpus entries for `await using`: configured resources (ConfiguredAsyncDisposable), class and struct resources,
// returns inside the using (the value waits in a field while DisposeAsync runs), and a DisposeAsync that suspends.
namespace Calibration;

using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

/// <summary>A shared async-disposable class whose DisposeAsync completes at once.</summary>
public sealed class AsyncDisposableClass : IAsyncDisposable
{
    public static readonly AsyncDisposableClass Shared = new();

    public ValueTask DisposeAsync()
    {
        Sink.Int++;
        return default;
    }
}

/// <summary>A shared async-disposable class whose DisposeAsync returns Src.ValueTask: pending on suspension runs.</summary>
public sealed class SuspendingAsyncDisposable : IAsyncDisposable
{
    public static readonly SuspendingAsyncDisposable Shared = new();

    public ValueTask DisposeAsync() => Src.ValueTask;
}

public static class AwaitUsing
{
    // Probe: `await using var r = x.ConfigureAwait(false)`: r is a 16 B ConfiguredAsyncDisposable, live across the await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_ConfiguredDeclaration() { await using var r = AsyncDisposableClass.Shared.ConfigureAwait(false); await Src.Task; }

    // Probe: `await using (x.ConfigureAwait(false)) { await ... }`: the ConfiguredAsyncDisposable is kept in a field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_ConfiguredStatement() { await using (AsyncDisposableClass.Shared.ConfigureAwait(false)) { await Src.Task; } }

    // Probe: `await using var r = classInstance` with an await inside: an 8 B reference.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_ClassDeclaration() { await using var r = AsyncDisposableClass.Shared; await Src.Task; }

    // Probe: `await using (classInstance) { await ... }` without a variable.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_ClassStatementNoVariable() { await using (AsyncDisposableClass.Shared) { await Src.Task; } }

    // Probe: `await using var r = classInstance` with no await but the DisposeAsync one.
    [Probe(Paths.Sync)]
    public static async Task AwaitUsing_ClassDeclarationNoInnerAwait() { await using var r = AsyncDisposableClass.Shared; Sink.Int++; }

    // Probe: `await using (var r = ...) { await ...; return 1000; }`: the return value waits in a field during DisposeAsync.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> AwaitUsing_ReturnInsideStatement() { await using (var r = AsyncDisposableClass.Shared) { await Src.Task; return 1000; } }

    // Probe: `await using var r = ...; await ...; return field;`: the return value waits in a field during DisposeAsync.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> AwaitUsing_ReturnInsideDeclaration() { await using var r = AsyncDisposableClass.Shared; await Src.Task; return Src.Seed + 1000; }

    // Probe: a Task<decimal> returning inside `await using`: a 16 B return-value field.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<decimal> AwaitUsing_ReturnDecimalInside() { await using var r = AsyncDisposableClass.Shared; await Src.Task; return Src.DecimalResult; }

    // Probe: a Task<string> returning inside `await using (x.ConfigureAwait(false))`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<string> AwaitUsing_ReturnStringInsideConfigured() { await using (AsyncDisposableClass.Shared.ConfigureAwait(false)) { await Src.Task; return Src.Name; } }

    // Probe: a Task<int> returning inside `await using` with no other await.
    [Probe(Paths.Sync)]
    public static async Task<int> AwaitUsing_ReturnWithoutInnerAwait() { await using var r = AsyncDisposableClass.Shared; return Src.Seed + 1000; }

    // Probe: the only suspension is DisposeAsync's, at the end of `await using var`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_DisposeSuspends() { await using var r = SuspendingAsyncDisposable.Shared; Sink.Int++; }

    // Probe: the only suspension is a configured DisposeAsync's, at the end of `await using (x.ConfigureAwait(false))`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_ConfiguredDisposeSuspends() { await using (SuspendingAsyncDisposable.Shared.ConfigureAwait(false)) { Sink.Int++; } }

    // Probe: two nested `await using` declarations around an await.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task AwaitUsing_TwoDeclarations()
    {
        await using var first = AsyncDisposableClass.Shared;
        await using var second = AsyncDisposableClass.Shared.ConfigureAwait(false);
        await Src.Task;
    }

    // Probe: an 8-byte struct resource with a return inside: the struct and the return value are kept.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<long> AwaitUsing_StructReturnInside() { await using (var r = new AsyncDisposableStruct(Src.Seed)) { await Src.Task; return r.Value + Src.LongResult; } }

    // Probe: the explicit form, try { await; return 1000; } finally { await }, for comparison with `await using`.
    [Probe(Paths.Sync | Paths.Suspend)]
    public static async Task<int> TryFinally_ReturnInsideAwaitInFinally()
    {
        try
        {
            await Src.Task;
            return 1000;
        }
        finally
        {
            await Src.ValueTask;
        }
    }
}
