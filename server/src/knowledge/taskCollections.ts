/**
 * Collection types of .NET whose members keep what they are handed: a task added to one lives on for the code that
 * reads the collection (awaits its tasks, or waits for them all before shutting down). rules/trackedTasks.ts reads a
 * task passed to a member of a field of one of these types as kept by that field's owner.
 */

export interface TaskCollectionRow {
  name: string;
  source: string;
}

export const TASK_HOLDING_COLLECTIONS: readonly TaskCollectionRow[] = [
  { name: 'List', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.list-1' },
  { name: 'HashSet', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.hashset-1' },
  { name: 'Queue', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.queue-1' },
  { name: 'Dictionary', source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.dictionary-2' },
  { name: 'ConcurrentBag', source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentbag-1' },
  { name: 'ConcurrentQueue', source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentqueue-1' },
  { name: 'ConcurrentDictionary', source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentdictionary-2' },
  { name: 'BlockingCollection', source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.blockingcollection-1' },
];
