// Methods that execute Npgsql commands, as a repository would. The commands are FakeNpgsqlCommand.
namespace Calibration;

using System.Threading;
using System.Threading.Tasks;
using Npgsql;

public static class NpgsqlEntries
{
    // Probe: ExecuteScalarAsync gives a Task<object?>; the boxed long is unboxed and returned (42, not cached).
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Select, default", Baseline = nameof(ScalarAsLong_Calls))]
    public static async Task<long> Npgsql_ScalarAsLong(NpgsqlCommand cmd, CancellationToken ct)
    {
        object? result = await cmd.ExecuteScalarAsync(ct);
        return result is long n ? n : -1;
    }

    public static Task<object?> ScalarAsLong_Calls(NpgsqlCommand cmd, CancellationToken ct) => cmd.ExecuteScalarAsync(ct);

    // Probe: ExecuteNonQueryAsync() without a token (DbCommand's overload); whether a row changed is returned.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Update", Baseline = nameof(NonQueryAffected_Calls))]
    public static async Task<bool> Npgsql_NonQueryAffected(NpgsqlCommand cmd)
    {
        int rows = await cmd.ExecuteNonQueryAsync();
        return rows > 0;
    }

    public static Task<int> NonQueryAffected_Calls(NpgsqlCommand cmd) => cmd.ExecuteNonQueryAsync();

    // Probe: a scalar then an update: the scalar's object is kept across the second await, both commands are parameters.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Select, ApiSources.Update, default", Baseline = nameof(ScalarThenUpdate_Calls))]
    public static async Task<int> Npgsql_ScalarThenUpdate(NpgsqlCommand select, NpgsqlCommand update, CancellationToken ct)
    {
        object? current = await select.ExecuteScalarAsync(ct);
        int rows = await update.ExecuteNonQueryAsync(ct);
        return rows + (current is long n ? (int)n : 0);
    }

    public static Task<int> ScalarThenUpdate_Calls(NpgsqlCommand select, NpgsqlCommand update, CancellationToken ct)
    {
        _ = select.ExecuteScalarAsync(ct);
        return update.ExecuteNonQueryAsync(ct);
    }

    // Probe: ExecuteNonQueryAsync(ct).ConfigureAwait(false) in an async Task: a ConfiguredTaskAwaiter<int>.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Update, default", Baseline = nameof(ConfiguredNonQuery_Calls))]
    public static async Task Npgsql_ConfiguredNonQuery(NpgsqlCommand cmd, CancellationToken ct)
    {
        await cmd.ExecuteNonQueryAsync(ct).ConfigureAwait(false);
    }

    public static Task<int> ConfiguredNonQuery_Calls(NpgsqlCommand cmd, CancellationToken ct) => cmd.ExecuteNonQueryAsync(ct);
}
