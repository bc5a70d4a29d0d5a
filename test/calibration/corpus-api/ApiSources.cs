// The fakes that stand in for servers behind the library APIs of this corpus, and the sources they hand out: a
// message handler for HttpClient, a proxy for Redis's IDatabase, command subclasses for Npgsql, EF Core's in-memory
// provider with a save interceptor, and resilience pipelines for Polly. Each fake answers from an ApiSource<T>, which
// the harness makes complete (sync batches) or pending and later completed (suspend batches), like Src's own.
namespace Calibration;

using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;
using Polly;
using StackExchange.Redis;

/// <summary>
/// Tasks of one result type for the fakes. In a sync batch each read is an already completed task; in a suspend
/// batch each read is the next pending task, which the harness completes (after the call returns, inline, in the
/// order they were handed out). One fresh task per read keeps an entry that makes two calls and its baseline, which
/// makes them both before anything completes, suspending the same number of times.
/// </summary>
public sealed class ApiSource<T> : ISourceGroup
{
    const int PerCall = 4;
    readonly Func<T> _result;
    TaskCompletionSource<T>[] _pending = Array.Empty<TaskCompletionSource<T>>();
    int _handed;
    int _completed;
    bool _suspending;

    public ApiSource(Func<T> result) => _result = result;

    public Task<T> Next()
    {
        if (!_suspending) return Task.FromResult(_result());
        if (_handed >= _pending.Length) throw new InvalidOperationException($"ApiSource<{typeof(T).Name}>: more reads than the harness prepared for");
        return _pending[_handed++].Task;
    }

    public void Prepare(RunMode mode, int calls)
    {
        _suspending = mode != RunMode.Sync;
        _handed = 0;
        _completed = 0;
        if (!_suspending) return;
        if (_pending.Length < calls * PerCall) _pending = new TaskCompletionSource<T>[calls * PerCall];
        for (int i = 0; i < _pending.Length; i++) _pending[i] = new TaskCompletionSource<T>();
    }

    public void Arm(int call) { }

    public bool CompleteOne()
    {
        if (_completed >= _handed) return false;
        _pending[_completed++].SetResult(_result());
        return true;
    }
}

/// <summary>The shared library objects the entries are called with, made once, and the sources behind their fakes.</summary>
public static class ApiSources
{
    static readonly byte[] s_body = "{\"id\":1,\"name\":\"calibration\"}"u8.ToArray();
    static readonly RedisValue s_redisValue = "cached";
    static readonly HashEntry[] s_hashEntries = { new("a", 1), new("b", 2) };
    static readonly object s_scalar = 42L;

    public static readonly ApiSource<HttpResponseMessage> Responses = new(() => new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(s_body) });
    public static readonly ApiSource<RedisValue> RedisValues = new(() => s_redisValue);
    public static readonly ApiSource<long> Longs = new(() => 1L);
    public static readonly ApiSource<bool> Bools = new(() => true);
    public static readonly ApiSource<HashEntry[]> HashEntries = new(() => s_hashEntries);
    public static readonly ApiSource<object?> Scalars = new(() => s_scalar);
    public static readonly ApiSource<int> RowCounts = new(() => 1);
    public static readonly ApiSource<InterceptionResult<int>> SaveInterceptions = new(() => default);


    public static readonly HttpClient Http = new(new FakeHttpHandler()) { BaseAddress = new Uri("http://calibration.invalid/") };
    public static readonly Uri ItemUri = new("http://calibration.invalid/items/1");
    public static readonly IDatabase Redis = DispatchProxy.Create<IDatabase, FakeRedisDatabase>()!;
    public static readonly RedisKey Key = "calibration:key";
    public static readonly RedisValue Value = "value";
    public static readonly NpgsqlCommand Select = new FakeNpgsqlCommand("SELECT count(*) FROM orders");
    public static readonly NpgsqlCommand Update = new FakeNpgsqlCommand("UPDATE orders SET seen = true");
    public static readonly ShopContext Shop = ShopContext.Create();
    public static readonly ResiliencePipeline Pipeline = new ResiliencePipelineBuilder().AddTimeout(TimeSpan.FromSeconds(30)).Build();
    public static readonly AsyncPolicy RetryPolicy = Policy.Handle<InvalidOperationException>().RetryAsync(2);

    /// <summary>Called by the harness at start-up (Entries.Initialize).</summary>
    public static void Register()
    {
        foreach (ISourceGroup group in new ISourceGroup[] { Responses, RedisValues, Longs, Bools, HashEntries, Scalars, RowCounts, SaveInterceptions }) Src.Register(group);
    }
}

/// <summary>An HttpClient transport that answers every request from ApiSources.Responses, with no network.</summary>
public sealed class FakeHttpHandler : HttpMessageHandler
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) => ApiSources.Responses.Next();
}

/// <summary>Redis's IDatabase without a server: the commands the entries send are answered from ApiSources.</summary>
public class FakeRedisDatabase : DispatchProxy
{
    protected override object? Invoke(MethodInfo? targetMethod, object?[]? args) => targetMethod?.Name switch
    {
        nameof(IDatabaseAsync.StringGetAsync) => ApiSources.RedisValues.Next(),
        nameof(IDatabaseAsync.StringIncrementAsync) => ApiSources.Longs.Next(),
        nameof(IDatabaseAsync.KeyExpireAsync) => ApiSources.Bools.Next(),
        nameof(IDatabaseAsync.StringSetAsync) => ApiSources.Bools.Next(),
        nameof(IDatabaseAsync.HashGetAllAsync) => ApiSources.HashEntries.Next(),
        _ => throw new NotSupportedException($"the calibration fake does not answer {targetMethod?.Name}"),
    };
}

/// <summary>An Npgsql command whose execution is answered from ApiSources instead of a PostgreSQL server.</summary>
public sealed class FakeNpgsqlCommand : NpgsqlCommand
{
    public FakeNpgsqlCommand(string text) : base(text) { }

    public override Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken) => ApiSources.Scalars.Next();

    public override Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken) => ApiSources.RowCounts.Next();
}

public sealed class Order
{
    public int Id { get; set; }
    public string Customer { get; set; } = "";
    public decimal Total { get; set; }
}

/// <summary>An EF Core context on the in-memory provider, seeded once; its saves go through a controllable interceptor.</summary>
public sealed class ShopContext : DbContext
{
    ShopContext(DbContextOptions<ShopContext> options) : base(options) { }

    public DbSet<Order> Orders => Set<Order>();

    public static ShopContext Create()
    {
        var options = new DbContextOptionsBuilder<ShopContext>()
            .UseInMemoryDatabase("calibration")
            .AddInterceptors(new ControlledSaveInterceptor())
            .Options;
        var context = new ShopContext(options);
        context.Orders.AddRange(new Order { Id = 1, Customer = "alice", Total = 250m }, new Order { Id = 2, Customer = "bob", Total = 40m });
        context.SaveChanges();
        return context;
    }
}

/// <summary>Makes SaveChangesAsync wait for ApiSources.SaveInterceptions, which is what lets it suspend.</summary>
public sealed class ControlledSaveInterceptor : SaveChangesInterceptor
{
    public override ValueTask<InterceptionResult<int>> SavingChangesAsync(DbContextEventData eventData, InterceptionResult<int> result, CancellationToken cancellationToken = default) =>
        new(ApiSources.SaveInterceptions.Next());
}
