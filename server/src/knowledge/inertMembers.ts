/**
 * Framework members whose use cannot throw, read by model/soleStatements.ts: a loader that reads one in its `finally`
 * or clears one of its own collections before its catch-all `try` still cannot fault (ASY020, ASY021).
 */

export interface InertRead {
  /** The static property as written, without `System.`: `DateTime.UtcNow`. */
  text: string;
  source: string;
}

/** Static reads that compute a value from the system clock and document no exception. */
export const INERT_READS: readonly InertRead[] = [
  { text: 'DateTime.UtcNow', source: 'https://learn.microsoft.com/dotnet/api/system.datetime.utcnow' },
  { text: 'DateTimeOffset.UtcNow', source: 'https://learn.microsoft.com/dotnet/api/system.datetimeoffset.utcnow' },
];

export interface InertClear {
  /** The collection type, by simple name as a field's declaration writes it (`List<T>` -> `List`). */
  type: string;
  source: string;
}

/** Collections whose `Clear()` documents no exception: called on a field that is never null, it cannot throw. */
export const INERT_CLEARS: readonly InertClear[] = [
  { type: 'List', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.list-1.clear' },
  { type: 'Dictionary', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.dictionary-2.clear' },
  { type: 'HashSet', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.hashset-1.clear' },
  { type: 'Queue', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.queue-1.clear' },
  { type: 'Stack', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.stack-1.clear' },
];

const READS = new Set(INERT_READS.map((r) => r.text));
const CLEARED = new Set(INERT_CLEARS.map((r) => r.type));

/** Whether the expression is one of the reads (`DateTimeOffset.UtcNow`, `System.DateTime.UtcNow`). */
export function isInertRead(text: string): boolean {
  return READS.has(text.replace(/\s+/g, '').replace(/^(?:global::)?System\./, ''));
}

/**
 * A collection type as the tables name it: `System.Collections.Generic.List<string>` -> `List`,
 * `global::System.Collections.Frozen.FrozenSet<T>` -> `FrozenSet`.
 */
function collectionTypeName(typeText: string): string {
  return typeText.replace(/\s+/g, '').replace(/<.*$/s, '').replace(/^(?:global::)?(?:System\.Collections\.(?:Generic|Frozen)\.)?/, '');
}

/** Whether a field declared with this type (`List<string>`, `System.Collections.Generic.HashSet<int>`) is cleared without throwing. */
export function clearsWithoutThrowing(typeText: string): boolean {
  return CLEARED.has(collectionTypeName(typeText));
}

export interface InertCount {
  /** The collection type, by simple name as a declaration writes it (`FrozenSet<T>` -> `FrozenSet`). */
  type: string;
  source: string;
}

/**
 * Collections whose `Count` property reads a stored number and documents no exception: read on a member that is never
 * null, it cannot throw. ImmutableArray is left out: its Length throws on a default value.
 */
export const INERT_COUNTS: readonly InertCount[] = [
  { type: 'List', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.list-1.count' },
  { type: 'Dictionary', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.dictionary-2.count' },
  { type: 'HashSet', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.hashset-1.count' },
  { type: 'Queue', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.queue-1.count' },
  { type: 'Stack', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.stack-1.count' },
  { type: 'FrozenSet', source: 'https://learn.microsoft.com/dotnet/api/system.collections.frozen.frozenset-1.count' },
  { type: 'FrozenDictionary', source: 'https://learn.microsoft.com/dotnet/api/system.collections.frozen.frozendictionary-2.count' },
];

const COUNTED = new Set(INERT_COUNTS.map((r) => r.type));

/** Whether a member declared with this type (`FrozenSet<IPlugin>`, `System.Collections.Generic.List<int>`) has a Count that cannot throw. */
export function countsWithoutThrowing(typeText: string): boolean {
  return COUNTED.has(collectionTypeName(typeText));
}
