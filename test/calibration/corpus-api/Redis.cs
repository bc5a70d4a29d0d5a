// Methods that call StackExchange.Redis's IDatabase, as a cache or a rate limiter would. The database is FakeRedisDatabase.
namespace Calibration;

using System;
using System.Threading.Tasks;
using StackExchange.Redis;

public static class RedisEntries
{
    // Probe: StringGetAsync gives a RedisValue (a 16-byte explicit-layout struct); whether it is null is returned (cached).
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Redis, ApiSources.Key", Baseline = nameof(StringGetIsNull_Calls))]
    public static async Task<bool> Redis_StringGetIsNull(IDatabase db, RedisKey key)
    {
        RedisValue value = await db.StringGetAsync(key);
        return value.IsNull;
    }

    public static Task<RedisValue> StringGetIsNull_Calls(IDatabase db, RedisKey key) => db.StringGetAsync(key);

    // Probe: an increment then, on the first hit, an expiry: the RedisKey parameter and the long count live across both awaits.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Redis, ApiSources.Key", Baseline = nameof(IncrementThenExpire_Calls))]
    public static async Task<long> Redis_IncrementThenExpire(IDatabase db, RedisKey key)
    {
        long count = await db.StringIncrementAsync(key);
        if (count == 1) await db.KeyExpireAsync(key, TimeSpan.FromMinutes(5));
        return count;
    }

    public static Task<bool> IncrementThenExpire_Calls(IDatabase db, RedisKey key)
    {
        _ = db.StringIncrementAsync(key);
        return db.KeyExpireAsync(key, TimeSpan.FromMinutes(5));
    }

    // Probe: HashGetAllAsync gives a HashEntry[]; its length (2) is returned, a cached Task<int>.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Redis, ApiSources.Key", Baseline = nameof(HashEntriesCount_Calls))]
    public static async Task<int> Redis_HashEntriesCount(IDatabase db, RedisKey key)
    {
        HashEntry[] entries = await db.HashGetAllAsync(key);
        return entries.Length;
    }

    public static Task<HashEntry[]> HashEntriesCount_Calls(IDatabase db, RedisKey key) => db.HashGetAllAsync(key);

    // Probe: StringSetAsync(...).ConfigureAwait(false) with a RedisKey and a RedisValue parameter, both hoisted.
    [Probe(Paths.Sync | Paths.Suspend, Args = "ApiSources.Redis, ApiSources.Key, ApiSources.Value", Baseline = nameof(SetConfigured_Calls))]
    public static async Task Redis_SetConfigured(IDatabase db, RedisKey key, RedisValue value)
    {
        bool stored = await db.StringSetAsync(key, value).ConfigureAwait(false);
        Sink.Int += stored ? 1 : 0;
    }

    public static Task<bool> SetConfigured_Calls(IDatabase db, RedisKey key, RedisValue value) => db.StringSetAsync(key, value);
}
