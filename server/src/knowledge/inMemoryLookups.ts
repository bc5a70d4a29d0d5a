/**
 * Members of the in-memory collections of the base class library that read what the collection holds and never
 * wait: no I/O, no lock held across a call out, no task. A workspace method whose body only calls these (a cache
 * getter such as `GetRole(id) => _roles.TryGetValue(id, out var r) ? r : null`) is a read of memory, not a
 * blocking operation, even when the workspace also declares a `GetRoleAsync` (which may fetch over the network when
 * the cache misses): ASY002 does not ask for the async twin there (rules/asy002-workspace-twins.ts).
 *
 * Names only, as the model sees calls, so only names no query provider or I/O type uses for a member that runs
 * work: `Contains` and `Find` are left out (on an EF Core IQueryable or DbSet they query the database).
 */
export interface InMemoryLookup {
  name: string;
  source: string;
}

const DICTIONARY = 'learn.microsoft.com/dotnet/api/system.collections.generic.dictionary-2 and system.collections.concurrent.concurrentdictionary-2';
const COLLECTION_EXTENSIONS = 'learn.microsoft.com/dotnet/api/system.collections.generic.collectionextensions (GetValueOrDefault on IReadOnlyDictionary)';

export const IN_MEMORY_LOOKUPS: readonly InMemoryLookup[] = [
  { name: 'TryGetValue', source: DICTIONARY },
  { name: 'ContainsKey', source: DICTIONARY },
  { name: 'GetValueOrDefault', source: COLLECTION_EXTENSIONS },
];

const NAMES = new Set(IN_MEMORY_LOOKUPS.map((l) => l.name));

export function isInMemoryLookup(name: string): boolean {
  return NAMES.has(name);
}
