/**
 * Caches whose entries expire or are evicted, read by the completion analysis (ASY010, ASY012).
 *
 * A lookup in an in-process dictionary or a lazily filled field hits on every call after the first one that
 * fills it, so a fast path that returns what it found is the usual path. A lookup in one of these caches hits
 * only while an entry lives (a sliding or absolute expiration, eviction under memory pressure), and they are
 * used above all to keep the results of remote calls for a while: whether a hit is the usual path depends on
 * the workload (how often the same key comes back within the expiration), which the code does not show. Such a
 * guard is not evidence that a method likely completes synchronously.
 */
export interface ExpiringCacheType {
  /** The type as people declare fields and parameters of it, without namespace. */
  type: string;
  namespace: string;
  /** NuGet package that ships the type, when it is not part of the shared framework. */
  package?: string;
  /** A learn.microsoft.com page that states the expiration or eviction. */
  source: string;
}

export const EXPIRING_CACHE_TYPES: readonly ExpiringCacheType[] = [
  {
    type: 'IMemoryCache', namespace: 'Microsoft.Extensions.Caching.Memory', package: 'Microsoft.Extensions.Caching.Memory',
    source: 'https://learn.microsoft.com/aspnet/core/performance/caching/memory#cache-guidelines',
  },
  {
    type: 'MemoryCache', namespace: 'Microsoft.Extensions.Caching.Memory', package: 'Microsoft.Extensions.Caching.Memory',
    source: 'https://learn.microsoft.com/dotnet/api/microsoft.extensions.caching.memory.memorycache',
  },
  {
    type: 'ObjectCache', namespace: 'System.Runtime.Caching', package: 'System.Runtime.Caching',
    source: 'https://learn.microsoft.com/dotnet/api/system.runtime.caching.objectcache',
  },
  {
    type: 'IDistributedCache', namespace: 'Microsoft.Extensions.Caching.Distributed', package: 'Microsoft.Extensions.Caching.Abstractions',
    source: 'https://learn.microsoft.com/aspnet/core/performance/caching/distributed',
  },
];

const BY_NAME = new Map(EXPIRING_CACHE_TYPES.map((row) => [row.type, row]));

/**
 * The row for a declared type (`IMemoryCache`, `Microsoft.Extensions.Caching.Memory.IMemoryCache`,
 * `IMemoryCache?`), or undefined. System.Runtime.Caching's MemoryCache shares its simple name with the
 * Microsoft.Extensions one; both expire entries, so the simple name is enough.
 */
export function expiringCacheType(typeText: string): ExpiringCacheType | undefined {
  const simple = typeText.trim().replace(/\?$/, '').replace(/^global::/, '').split('.').at(-1) ?? '';
  return BY_NAME.get(simple);
}
