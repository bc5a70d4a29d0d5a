/**
 * What .NET types look like in memory on x64 CoreCLR: primitive sizes, the field lists of the BCL structs an
 * async method commonly holds (so their sizes come out of the same layout rules as user structs), reference
 * types that need no assumption, and the object constants. Every row cites where the fields come from.
 */

const CORELIB = 'dotnet/runtime src/libraries/System.Private.CoreLib/src/System';

/** Bytes before the first instance field of any object: the object header and the method-table pointer. */
export const OBJECT_HEADER_BYTES = 16;
/** No heap object is smaller than this (a header, a method table pointer and one pointer-sized slot). */
export const MIN_OBJECT_BYTES = 24;
export const POINTER_BYTES = 8;
/** Size of one delegate (Action, Func<...>) on x64: 4 references and 2 pointer-sized fields after the header. */
export const DELEGATE_BYTES = 64;
export const DELEGATE_SOURCE = `${CORELIB}/Delegate.CoreCLR.cs and MulticastDelegate.CoreCLR.cs (_target, _methodBase, _methodPtr, _methodPtrAux, _invocationList, _invocationCount)`;
/** .NET 11 drops one pointer field from every delegate: 56 B (measured on the 11.0.0 runtime pack: a lambda capturing only `this`). */
export const DELEGATE_BYTES_NET11 = 56;
export const DELEGATE_NET11_SOURCE = 'https://github.com/dotnet/runtime/pull/99200 (Optimize and simplify delegate layout: one pointer field fewer)';

export interface PrimitiveType {
  /** The C# keyword. */
  name: string;
  size: number;
  /** Other spellings: the System type name and its qualified form. */
  aliases: string[];
}

/** C# primitives (ECMA-335 I.8.2.2): each is its own size and alignment. */
export const PRIMITIVES: PrimitiveType[] = [
  { name: 'bool', size: 1, aliases: ['Boolean'] },
  { name: 'byte', size: 1, aliases: ['Byte'] },
  { name: 'sbyte', size: 1, aliases: ['SByte'] },
  { name: 'char', size: 2, aliases: ['Char'] },
  { name: 'short', size: 2, aliases: ['Int16'] },
  { name: 'ushort', size: 2, aliases: ['UInt16'] },
  { name: 'int', size: 4, aliases: ['Int32'] },
  { name: 'uint', size: 4, aliases: ['UInt32'] },
  { name: 'float', size: 4, aliases: ['Single'] },
  { name: 'long', size: 8, aliases: ['Int64'] },
  { name: 'ulong', size: 8, aliases: ['UInt64'] },
  { name: 'double', size: 8, aliases: ['Double'] },
  { name: 'nint', size: 8, aliases: ['IntPtr'] },
  { name: 'nuint', size: 8, aliases: ['UIntPtr'] },
];

/**
 * A value type given by its instance fields, laid out by the runtime's rules (cost/layout.ts). `layout` is the
 * type's StructLayout: C# structs are sequential by default, but the runtime lays out a struct that holds
 * references (or an auto-layout struct) with the auto algorithm whatever it says.
 */
export interface StructRecipe {
  /** The name as written in C#, with nested types dotted: `List.Enumerator`, `ConfiguredTaskAwaitable.ConfiguredTaskAwaiter`. */
  name: string;
  typeParameters: string[];
  layout: 'sequential' | 'auto';
  /** Field types may name the type parameters. `object` stands for any reference. */
  fields: { name: string; type: string }[];
  source: string;
}

const recipe = (name: string, typeParameters: string[], layout: StructRecipe['layout'], fields: [string, string][], source: string): StructRecipe =>
  ({ name, typeParameters, layout, fields: fields.map(([n, type]) => ({ name: n, type })), source });

/** BCL structs by their fields in .NET 8-10 (the field lists are the same on .NET 6 and 7 unless a row says otherwise). */
export const BCL_STRUCTS: StructRecipe[] = [
  recipe('decimal', [], 'sequential', [['_flags', 'int'], ['_hi32', 'uint'], ['_lo64', 'ulong']], `${CORELIB}/Decimal.cs`),
  recipe('Guid', [], 'sequential', [['_a', 'int'], ['_b', 'short'], ['_c', 'short'], ['_d', 'byte'], ['_e', 'byte'], ['_f', 'byte'], ['_g', 'byte'], ['_h', 'byte'], ['_i', 'byte'], ['_j', 'byte'], ['_k', 'byte']], `${CORELIB}/Guid.cs`),
  recipe('DateTime', [], 'auto', [['_dateData', 'ulong']], `${CORELIB}/DateTime.cs ([StructLayout(LayoutKind.Auto)])`),
  recipe('DateTimeOffset', [], 'auto', [['_dateTime', 'DateTime'], ['_offsetMinutes', 'short']], `${CORELIB}/DateTimeOffset.cs ([StructLayout(LayoutKind.Auto)])`),
  recipe('TimeSpan', [], 'sequential', [['_ticks', 'long']], `${CORELIB}/TimeSpan.cs`),
  recipe('DateOnly', [], 'sequential', [['_dayNumber', 'int']], `${CORELIB}/DateOnly.cs`),
  recipe('TimeOnly', [], 'sequential', [['_ticks', 'ulong']], `${CORELIB}/TimeOnly.cs`),
  recipe('Half', [], 'sequential', [['_value', 'ushort']], `${CORELIB}/Half.cs`),
  recipe('Index', [], 'sequential', [['_value', 'int']], `${CORELIB}/Index.cs`),
  recipe('Range', [], 'sequential', [['Start', 'Index'], ['End', 'Index']], `${CORELIB}/Range.cs`),
  recipe('CancellationToken', [], 'sequential', [['_source', 'object']], `${CORELIB}/Threading/CancellationToken.cs`),
  recipe('BigInteger', [], 'sequential', [['_sign', 'int'], ['_bits', 'object']], 'dotnet/runtime src/libraries/System.Runtime.Numerics/src/System/Numerics/BigInteger.cs'),
  recipe('JsonElement', [], 'sequential', [['_parent', 'object'], ['_idx', 'int']], 'dotnet/runtime src/libraries/System.Text.Json/src/System/Text/Json/Document/JsonElement.cs'),
  recipe('VoidTaskResult', [], 'sequential', [], `${CORELIB}/Threading/Tasks/Task.cs (internal struct VoidTaskResult, empty)`),
  recipe('Nullable', ['T'], 'sequential', [['hasValue', 'bool'], ['value', 'T']], `${CORELIB}/Nullable.cs`),
  recipe('KeyValuePair', ['TKey', 'TValue'], 'sequential', [['key', 'TKey'], ['value', 'TValue']], `${CORELIB}/Collections/Generic/KeyValuePair.cs`),
  recipe('Memory', ['T'], 'sequential', [['_object', 'object'], ['_index', 'int'], ['_length', 'int']], `${CORELIB}/Memory.cs`),
  recipe('ReadOnlyMemory', ['T'], 'sequential', [['_object', 'object'], ['_index', 'int'], ['_length', 'int']], `${CORELIB}/ReadOnlyMemory.cs`),
  recipe('ArraySegment', ['T'], 'sequential', [['_array', 'object'], ['_offset', 'int'], ['_count', 'int']], `${CORELIB}/ArraySegment.cs`),
  recipe('ImmutableArray', ['T'], 'sequential', [['array', 'object']], 'dotnet/runtime src/libraries/System.Collections.Immutable/src/System/Collections/Immutable/ImmutableArray_1.cs'),
  recipe('List.Enumerator', ['T'], 'sequential', [['_list', 'object'], ['_index', 'int'], ['_version', 'int'], ['_current', 'T']], `${CORELIB}/Collections/Generic/List.cs`),
  recipe('Dictionary.Enumerator', ['TKey', 'TValue'], 'sequential', [['_dictionary', 'object'], ['_version', 'int'], ['_index', 'int'], ['_current', 'KeyValuePair<TKey, TValue>'], ['_getEnumeratorRetType', 'int']], `${CORELIB}/Collections/Generic/Dictionary.cs`),
  recipe('HashSet.Enumerator', ['T'], 'sequential', [['_hashSet', 'object'], ['_version', 'int'], ['_index', 'int'], ['_current', 'T']], `${CORELIB}/Collections/Generic/HashSet.cs`),
  recipe('Queue.Enumerator', ['T'], 'sequential', [['_q', 'object'], ['_version', 'int'], ['_index', 'int'], ['_currentElement', 'T']], `${CORELIB}/Collections/Generic/Queue.cs`),
  recipe('Stack.Enumerator', ['T'], 'sequential', [['_stack', 'object'], ['_version', 'int'], ['_index', 'int'], ['_currentElement', 'T']], 'dotnet/runtime src/libraries/System.Collections/src/System/Collections/Generic/Stack.cs'),
  recipe('ImmutableArray.Enumerator', ['T'], 'sequential', [['_array', 'object'], ['_index', 'int']], 'dotnet/runtime src/libraries/System.Collections.Immutable/src/System/Collections/Immutable/ImmutableArray_1.Enumerator.cs'),
  // The tuple structs are declared [StructLayout(LayoutKind.Auto)].
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => recipe('ValueTuple', Array.from({ length: n }, (_, i) => `T${i + 1}`), 'auto',
    Array.from({ length: n }, (_, i) => [`Item${i + 1}`, `T${i + 1}`] as [string, string]), `${CORELIB}/ValueTuple.cs ([StructLayout(LayoutKind.Auto)])`)),
  recipe('ValueTuple', ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'TRest'], 'auto',
    [['Item1', 'T1'], ['Item2', 'T2'], ['Item3', 'T3'], ['Item4', 'T4'], ['Item5', 'T5'], ['Item6', 'T6'], ['Item7', 'T7'], ['Rest', 'TRest']], `${CORELIB}/ValueTuple.cs`),

  // Tasks, awaiters and builders: what the state machine's fields hold.
  recipe('ValueTask', [], 'auto', [['_obj', 'object'], ['_token', 'short'], ['_continueOnCapturedContext', 'bool']], `${CORELIB}/Threading/Tasks/ValueTask.cs ([StructLayout(LayoutKind.Auto)])`),
  recipe('ValueTask', ['TResult'], 'auto', [['_obj', 'object'], ['_result', 'TResult'], ['_token', 'short'], ['_continueOnCapturedContext', 'bool']], `${CORELIB}/Threading/Tasks/ValueTask.cs ([StructLayout(LayoutKind.Auto)])`),
  recipe('TaskAwaiter', [], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs`),
  recipe('TaskAwaiter', ['TResult'], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs`),
  // .NET 8 replaced the bool m_continueOnCapturedContext by ConfigureAwaitOptions m_options (an int enum); the size is 16 either way.
  recipe('ConfiguredTaskAwaitable.ConfiguredTaskAwaiter', [], 'sequential', [['m_task', 'object'], ['m_options', 'int']], `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs`),
  recipe('ConfiguredTaskAwaitable.ConfiguredTaskAwaiter', ['TResult'], 'sequential', [['m_task', 'object'], ['m_options', 'int']], `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs`),
  recipe('ValueTaskAwaiter', [], 'sequential', [['_value', 'ValueTask']], `${CORELIB}/Runtime/CompilerServices/ValueTaskAwaiter.cs`),
  recipe('ValueTaskAwaiter', ['TResult'], 'sequential', [['_value', 'ValueTask<TResult>']], `${CORELIB}/Runtime/CompilerServices/ValueTaskAwaiter.cs`),
  recipe('ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter', [], 'auto', [['_value', 'ValueTask']], `${CORELIB}/Runtime/CompilerServices/ConfiguredValueTaskAwaitable.cs`),
  recipe('ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter', ['TResult'], 'auto', [['_value', 'ValueTask<TResult>']], `${CORELIB}/Runtime/CompilerServices/ConfiguredValueTaskAwaitable.cs`),
  recipe('YieldAwaitable.YieldAwaiter', [], 'sequential', [], `${CORELIB}/Runtime/CompilerServices/YieldAwaitable.cs (no fields)`),
  recipe('ConfiguredCancelableAsyncEnumerable.Enumerator', ['T'], 'auto', [['_enumerator', 'object'], ['_continueOnCapturedContext', 'bool']], `${CORELIB}/Runtime/CompilerServices/ConfiguredCancelableAsyncEnumerable.cs`),
  // What `x.ConfigureAwait(false)` gives an `await using` or `await foreach` (TaskAsyncEnumerableExtensions).
  recipe('ConfiguredAsyncDisposable', [], 'sequential', [['_source', 'object'], ['_continueOnCapturedContext', 'bool']], `${CORELIB}/Runtime/CompilerServices/ConfiguredAsyncDisposable.cs`),
  recipe('ConfiguredCancelableAsyncEnumerable', ['T'], 'sequential', [['_enumerable', 'object'], ['_cancellationToken', 'CancellationToken'], ['_continueOnCapturedContext', 'bool']], `${CORELIB}/Runtime/CompilerServices/ConfiguredCancelableAsyncEnumerable.cs`),
  recipe('AsyncTaskMethodBuilder', [], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilder.cs`),
  recipe('AsyncTaskMethodBuilder', ['TResult'], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilderT.cs`),
  recipe('AsyncValueTaskMethodBuilder', [], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilder.cs`),
  recipe('AsyncValueTaskMethodBuilder', ['TResult'], 'sequential', [['m_task', 'object'], ['_result', 'TResult']], `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilderT.cs`),
  recipe('PoolingAsyncValueTaskMethodBuilder', [], 'sequential', [['m_task', 'object']], `${CORELIB}/Runtime/CompilerServices/PoolingAsyncValueTaskMethodBuilder.cs`),
  recipe('PoolingAsyncValueTaskMethodBuilder', ['TResult'], 'sequential', [['m_task', 'object'], ['_result', 'TResult']], `${CORELIB}/Runtime/CompilerServices/PoolingAsyncValueTaskMethodBuilderT.cs`),
  recipe('AsyncVoidMethodBuilder', [], 'sequential', [['_synchronizationContext', 'object'], ['_builder', 'AsyncTaskMethodBuilder']], `${CORELIB}/Runtime/CompilerServices/AsyncVoidMethodBuilder.cs`),
  recipe('AsyncIteratorMethodBuilder', [], 'sequential', [['_methodBuilder', 'AsyncTaskMethodBuilder']], `${CORELIB}/Runtime/CompilerServices/AsyncIteratorMethodBuilder.cs`),
  recipe('ManualResetValueTaskSourceCore', ['TResult'], 'auto',
    [['_continuation', 'object'], ['_continuationState', 'object'], ['_capturedContext', 'object'], ['_error', 'object'], ['_result', 'TResult'], ['_version', 'short'], ['_completed', 'bool'], ['_runContinuationsAsynchronously', 'bool']],
    `${CORELIB}/Threading/Tasks/Sources/ManualResetValueTaskSourceCore.cs ([StructLayout(LayoutKind.Auto)])`),
];

/**
 * Types that are classes or interfaces in the BCL, so a field of one is a plain 8-byte reference and needs no
 * assumption. Interfaces named `I` + capital letter are recognised by name as well.
 */
export const BCL_REFERENCE_TYPES = new Set([
  'object', 'string', 'dynamic', 'Task', 'Exception', 'Type', 'Delegate', 'Action', 'Func', 'Predicate', 'Comparison', 'EventHandler',
  'List', 'Dictionary', 'HashSet', 'Queue', 'Stack', 'LinkedList', 'SortedDictionary', 'SortedList', 'SortedSet', 'ConcurrentDictionary',
  'ConcurrentQueue', 'ConcurrentBag', 'ConcurrentStack', 'BlockingCollection', 'ImmutableList', 'ImmutableDictionary', 'ImmutableHashSet',
  'Stream', 'FileStream', 'MemoryStream', 'BufferedStream', 'NetworkStream', 'SslStream', 'StreamReader', 'StreamWriter', 'TextReader', 'TextWriter',
  'StringReader', 'StringWriter', 'BinaryReader', 'BinaryWriter', 'StringBuilder', 'Encoding', 'Regex', 'Match', 'Random', 'Uri', 'Version',
  'HttpClient', 'HttpResponseMessage', 'HttpRequestMessage', 'HttpContent', 'StringContent', 'HttpMessageHandler', 'HttpClientHandler', 'Socket', 'TcpClient',
  'CancellationTokenSource', 'SemaphoreSlim', 'Semaphore', 'Mutex', 'Monitor', 'ManualResetEvent', 'AutoResetEvent', 'ManualResetEventSlim', 'CountdownEvent',
  'ReaderWriterLockSlim', 'Barrier', 'Thread', 'Timer', 'PeriodicTimer', 'TaskCompletionSource', 'TaskScheduler', 'TaskFactory', 'SynchronizationContext',
  'ExecutionContext', 'Lazy', 'WeakReference', 'Channel', 'ChannelReader', 'ChannelWriter', 'Process', 'Stopwatch', 'CultureInfo', 'JsonSerializerOptions',
  'JsonDocument', 'Utf8JsonWriter', 'XmlDocument', 'XDocument', 'XElement', 'DbConnection', 'DbCommand', 'DbDataReader', 'DbTransaction', 'SqlConnection',
  'SqlCommand', 'SqlDataReader', 'Array', 'Attribute', 'EventArgs', 'ExceptionDispatchInfo', 'AggregateException', 'ArgumentException',
  'ArgumentNullException', 'InvalidOperationException', 'OperationCanceledException', 'TaskCanceledException', 'TimeoutException', 'IOException',
  'NotSupportedException', 'NotImplementedException', 'HttpRequestException', 'FileInfo', 'DirectoryInfo', 'Assembly', 'MethodInfo', 'PropertyInfo',
  'ILogger', 'IServiceProvider', 'PipeReader', 'PipeWriter', 'Pipe', 'ArrayPool', 'MemoryPool', 'ObjectPool',
  // The collection interfaces task results are most often declared as (rules/typeKinds.ts reads this set too).
  'IEnumerable', 'ICollection', 'IList', 'IReadOnlyCollection', 'IReadOnlyList', 'IDictionary', 'IReadOnlyDictionary', 'ISet',
]);

/** BCL enums and their underlying types (each is the size of its underlying primitive); the API reference lists them. */
export const BCL_ENUMS: Record<string, string> = {
  DayOfWeek: 'int', DateTimeKind: 'int', ConsoleColor: 'int', ConsoleKey: 'int', StringComparison: 'int', StringSplitOptions: 'int',
  MidpointRounding: 'int', TypeCode: 'int', UriKind: 'int', FileMode: 'int', FileAccess: 'int', FileShare: 'int', FileOptions: 'int',
  FileAttributes: 'int', SeekOrigin: 'int', SearchOption: 'int', HttpStatusCode: 'int', DecompressionMethods: 'int', TaskStatus: 'int',
  TaskCreationOptions: 'int', TaskContinuationOptions: 'int', ConfigureAwaitOptions: 'int', ValueTaskSourceStatus: 'int',
  LogLevel: 'int', RegexOptions: 'int', CompressionLevel: 'int', BindingFlags: 'int', AttributeTargets: 'int', PlatformID: 'int',
  ThreadPriority: 'int', ApartmentState: 'int', LazyThreadSafetyMode: 'int', NumberStyles: 'int', DateTimeStyles: 'int',
  EnvironmentVariableTarget: 'int', Base64FormattingOptions: 'int', GCCollectionMode: 'int', HttpCompletionOption: 'int',
  JsonValueKind: 'byte', JsonTokenType: 'byte', JsonIgnoreCondition: 'int',
};
export const BCL_ENUMS_SOURCE = 'https://learn.microsoft.com/dotnet/api (each enum\'s page gives its underlying type; int unless declared otherwise)';

/** Structs the runtime rejects across an await or that cannot be a field of the boxed state machine. */
export const REF_STRUCTS = new Set(['Span', 'ReadOnlySpan', 'Utf8JsonReader', 'ValueStringBuilder']);

/** Task's own instance fields (5 references, 2 ints): 48 field bytes, a 64-byte object. */
export const TASK_FIELDS: { name: string; type: string }[] = [
  { name: 'm_taskId', type: 'int' },
  { name: 'm_stateFlags', type: 'int' },
  { name: 'm_action', type: 'object' },
  { name: 'm_stateObject', type: 'object' },
  { name: 'm_taskScheduler', type: 'object' },
  { name: 'm_continuationObject', type: 'object' },
  { name: 'm_contingentProperties', type: 'object' },
];
export const TASK_SOURCE = `${CORELIB}/Threading/Tasks/Task.cs (Task fields) and Future.cs (Task<TResult>.m_result)`;

/**
 * AsyncStateMachineBox<TResult, TStateMachine> derives from Task<TResult>. On .NET 8 and later it adds only the state
 * machine (the MoveNext Action reuses Task.m_action and the ExecutionContext reuses Task.m_stateObject); on .NET 6
 * and 7 it also held its own Action and ExecutionContext references.
 */
export const BOX_SOURCE = `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilderT.cs (AsyncStateMachineBox; dotnet/runtime PRs 83696 and 83737 removed the extra fields in .NET 8)`;
export const BOX_EXTRA_FIELDS_BEFORE_NET8: { name: string; type: string }[] = [
  { name: '_moveNextAction', type: 'object' },
  { name: 'Context', type: 'object' },
];
