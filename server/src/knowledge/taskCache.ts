/**
 * Which completed Task<TResult> objects the runtime keeps in a cache, so that an async method completing
 * synchronously with one of these results allocates nothing (AsyncTaskMethodBuilder<TResult>.SetResult calls
 * Task.FromResult, which returns the cached task). Each rule cites the runtime source or pull request.
 */

/** `net6` covers .NET 6 and 7; `net8` covers .NET 8 and later (the calibration corpus measured 8, 9 and 10). */
export type TaskCacheGeneration = 'net6' | 'net8';

export type CacheRule =
  /** Both `true` and `false` are cached. */
  | { kind: 'everyBool' }
  /** Int32 results in [min, max] are cached. */
  | { kind: 'int32Range'; min: number; max: number }
  /** A null result: any reference type, and an empty Nullable<T> (which boxes to null). */
  | { kind: 'null' }
  /** The default value of these primitive types. */
  | { kind: 'defaultOfPrimitives'; types: string[] }
  /** A result whose bytes are all zero, for a TResult without references whose size is one of these. */
  | { kind: 'zeroBitsOfUnmanagedSize'; sizes: number[] };

export interface CacheRow {
  rule: CacheRule;
  source: string;
}

const TASK_CACHE = 'dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Threading/Tasks/TaskCache.cs';
const FROM_RESULT = 'dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Threading/Tasks/Task.cs (Task.FromResult, called by AsyncTaskMethodBuilder<TResult>.SetResult)';

export const TASK_CACHE_RULES: Record<TaskCacheGeneration, CacheRow[]> = {
  net6: [
    { rule: { kind: 'everyBool' }, source: TASK_CACHE },
    { rule: { kind: 'int32Range', min: -1, max: 8 }, source: `${TASK_CACHE} (InclusiveInt32Min = -1, ExclusiveInt32Max = 9)` },
    { rule: { kind: 'null' }, source: FROM_RESULT },
    {
      rule: { kind: 'defaultOfPrimitives', types: ['uint', 'byte', 'sbyte', 'char', 'long', 'ulong', 'short', 'ushort', 'nint', 'nuint'] },
      source: `${FROM_RESULT} in .NET 6 and 7 (AsyncTaskMethodBuilder<TResult>.GetTaskForResult)`,
    },
  ],
  net8: [
    { rule: { kind: 'everyBool' }, source: TASK_CACHE },
    { rule: { kind: 'int32Range', min: -1, max: 8 }, source: `${TASK_CACHE} (InclusiveInt32Min = -1, ExclusiveInt32Max = 9)` },
    { rule: { kind: 'null' }, source: FROM_RESULT },
    {
      rule: { kind: 'zeroBitsOfUnmanagedSize', sizes: [1, 2, 4, 8, 16] },
      source: 'dotnet/runtime PR 76349 (.NET 8: default(TResult) of any 1, 2, 4 or 8-byte TResult without references) and PR 87541 (.NET 8: 16-byte ones, e.g. decimal, Guid, DateTimeOffset); confirmed by the calibration corpus on .NET 8, 9 and 10',
    },
  ],
};

/** A sentence listing what a generation caches, for hovers and the "unless the value is cached" notes. */
export function describeCache(generation: TaskCacheGeneration): string {
  return generation === 'net8'
    ? 'true/false, int -1..8, null, and an all-zero value (default) of a 1, 2, 4, 8 or 16-byte type without references'
    : 'true/false, int -1..8, null, and 0 of the integer and char primitives';
}
