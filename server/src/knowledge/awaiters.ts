/**
 * How awaiting a value turns into a state-machine field and heap bytes: the awaiter type of each awaitable
 * (cost-model.md section 5), the builder of each return kind, the return types of common BCL async methods
 * (so `await stream.ReadAsync(memory)` gets the right awaiter without a compiler), and what some awaited BCL
 * operations allocate themselves. Every row cites its source.
 */

const CORELIB = 'dotnet/runtime src/libraries/System.Private.CoreLib/src/System';
const LEARN = 'https://learn.microsoft.com/dotnet/api';

export type AwaitableFamily =
  | 'Task' | 'TaskOfT' | 'ConfiguredTask' | 'ConfiguredTaskOfT'
  | 'ValueTask' | 'ValueTaskOfT' | 'ConfiguredValueTask' | 'ConfiguredValueTaskOfT' | 'Yield';

export interface AwaiterRow {
  family: AwaitableFamily;
  /** The awaiter type as a struct recipe name in knowledge/typeSizes.ts; `T` is the awaited result type. */
  awaiterType: string;
  /** The awaiter implements IStateMachineBoxAwareAwaiter, so the builder hands it the box and no Action is made. */
  boxAware: boolean;
  source: string;
}

export const AWAITERS: AwaiterRow[] = [
  { family: 'Task', awaiterType: 'TaskAwaiter', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs` },
  { family: 'TaskOfT', awaiterType: 'TaskAwaiter<T>', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs` },
  { family: 'ConfiguredTask', awaiterType: 'ConfiguredTaskAwaitable.ConfiguredTaskAwaiter', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs` },
  { family: 'ConfiguredTaskOfT', awaiterType: 'ConfiguredTaskAwaitable.ConfiguredTaskAwaiter<T>', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/TaskAwaiter.cs` },
  { family: 'ValueTask', awaiterType: 'ValueTaskAwaiter', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/ValueTaskAwaiter.cs` },
  { family: 'ValueTaskOfT', awaiterType: 'ValueTaskAwaiter<T>', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/ValueTaskAwaiter.cs` },
  { family: 'ConfiguredValueTask', awaiterType: 'ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/ConfiguredValueTaskAwaitable.cs` },
  { family: 'ConfiguredValueTaskOfT', awaiterType: 'ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter<T>', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/ConfiguredValueTaskAwaitable.cs` },
  { family: 'Yield', awaiterType: 'YieldAwaitable.YieldAwaiter', boxAware: true, source: `${CORELIB}/Runtime/CompilerServices/YieldAwaitable.cs` },
];

export interface WinRtAwaitableRow {
  /** The Windows Runtime async interface (Windows.Foundation), by simple name. */
  name: string;
  arity: number;
  /** Which type argument is the operation's result (what `await` gives), or null for an action (void). */
  resultArgument: number | null;
  /** The awaiter GetAwaiter returns: TaskAwaiter or TaskAwaiter<T>, so the awaiter rows above apply. */
  family: 'Task' | 'TaskOfT';
  source: string;
}

const WINRT_GET_AWAITER = `${LEARN}/system.windowsruntimesystemextensions.getawaiter (extension methods in namespace System, so always in scope; each converts the operation with AsTask, which allocates a Task and an adapter the table does not size)`;

/**
 * Windows Runtime async operations (`IAsyncOperation<StorageFile>` from Windows.Storage, or a workspace method that
 * returns one): `await` binds to System.WindowsRuntimeSystemExtensions.GetAwaiter, which gives a TaskAwaiter or
 * TaskAwaiter<TResult>, without the Windows SDK projection in the signature database.
 */
export const WINRT_AWAITABLES: WinRtAwaitableRow[] = [
  { name: 'IAsyncAction', arity: 0, resultArgument: null, family: 'Task', source: WINRT_GET_AWAITER },
  { name: 'IAsyncActionWithProgress', arity: 1, resultArgument: null, family: 'Task', source: WINRT_GET_AWAITER },
  { name: 'IAsyncOperation', arity: 1, resultArgument: 0, family: 'TaskOfT', source: WINRT_GET_AWAITER },
  { name: 'IAsyncOperationWithProgress', arity: 2, resultArgument: 0, family: 'TaskOfT', source: WINRT_GET_AWAITER },
];

export interface WinRtTaskFactoryRow {
  /** The static class and method, as code writes them (`AsyncInfo.Run`). */
  receiver: string;
  name: string;
  /** The method's type parameters, in order (bound by written type arguments, else left open). */
  typeParameters: readonly string[];
  /** The delegate the lambda argument converts to: its parameter types and return type, in those type parameters. */
  parameters: readonly string[];
  returns: string;
  /** What the call returns. */
  callReturns: string;
  source: string;
}

const ASYNC_INFO_RUN = `${LEARN}/system.runtime.interopservices.windowsruntime.asyncinfo.run`;

/**
 * System.Runtime.InteropServices.WindowsRuntime.AsyncInfo.Run: a lambda that starts a task becomes a Windows Runtime
 * async action or operation. The signature database holds no Windows Runtime interop, so the four overloads are here:
 * they say which delegate an `async ct => ...` lambda passed to it converts to (its builder and its parameter types).
 */
export const WINRT_TASK_FACTORIES: WinRtTaskFactoryRow[] = [
  { receiver: 'AsyncInfo', name: 'Run', typeParameters: [], parameters: ['CancellationToken'], returns: 'Task', callReturns: 'IAsyncAction', source: ASYNC_INFO_RUN },
  { receiver: 'AsyncInfo', name: 'Run', typeParameters: ['TProgress'], parameters: ['CancellationToken', 'IProgress<TProgress>'], returns: 'Task', callReturns: 'IAsyncActionWithProgress<TProgress>', source: ASYNC_INFO_RUN },
  { receiver: 'AsyncInfo', name: 'Run', typeParameters: ['TResult'], parameters: ['CancellationToken'], returns: 'Task<TResult>', callReturns: 'IAsyncOperation<TResult>', source: ASYNC_INFO_RUN },
  { receiver: 'AsyncInfo', name: 'Run', typeParameters: ['TResult', 'TProgress'], parameters: ['CancellationToken', 'IProgress<TProgress>'], returns: 'Task<TResult>', callReturns: 'IAsyncOperationWithProgress<TResult, TProgress>', source: ASYNC_INFO_RUN },
];

/** The WinRT row for an awaitable's simple name and arity, if it is one. */
export function winRtAwaitable(name: string, arity: number): WinRtAwaitableRow | null {
  return WINRT_AWAITABLES.find((r) => r.name === name && r.arity === arity) ?? null;
}

/** What an awaiter that the builder does not know costs when it suspends: the box's MoveNext Action, once per call. */
export const CUSTOM_AWAITER_SOURCE = `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilderT.cs (AwaitUnsafeOnCompleted: a non-box-aware awaiter gets box.MoveNextAction, created once and kept in Task.m_action)`;

export type BuilderReturnKind = 'Task' | 'TaskOfT' | 'ValueTask' | 'ValueTaskOfT' | 'void' | 'PoolingValueTask' | 'PoolingValueTaskOfT' | 'AsyncIterator';

export interface BuilderRow {
  returnKind: BuilderReturnKind;
  /** Struct recipe name; `T` is the method's result type. */
  builderType: string;
  /** The TResult of the AsyncStateMachineBox<TResult, TSM> it allocates on the first suspension. */
  boxResultType: string;
  source: string;
}

export const BUILDERS: BuilderRow[] = [
  { returnKind: 'Task', builderType: 'AsyncTaskMethodBuilder', boxResultType: 'VoidTaskResult', source: `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilder.cs` },
  { returnKind: 'TaskOfT', builderType: 'AsyncTaskMethodBuilder<T>', boxResultType: 'T', source: `${CORELIB}/Runtime/CompilerServices/AsyncTaskMethodBuilderT.cs` },
  { returnKind: 'ValueTask', builderType: 'AsyncValueTaskMethodBuilder', boxResultType: 'VoidTaskResult', source: `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilder.cs (boxes with AsyncTaskMethodBuilder<VoidTaskResult>)` },
  { returnKind: 'ValueTaskOfT', builderType: 'AsyncValueTaskMethodBuilder<T>', boxResultType: 'T', source: `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilderT.cs (boxes with AsyncTaskMethodBuilder<TResult>)` },
  { returnKind: 'void', builderType: 'AsyncVoidMethodBuilder', boxResultType: 'VoidTaskResult', source: `${CORELIB}/Runtime/CompilerServices/AsyncVoidMethodBuilder.cs (wraps an AsyncTaskMethodBuilder)` },
  { returnKind: 'PoolingValueTask', builderType: 'PoolingAsyncValueTaskMethodBuilder', boxResultType: 'VoidTaskResult', source: `${CORELIB}/Runtime/CompilerServices/PoolingAsyncValueTaskMethodBuilder.cs` },
  { returnKind: 'PoolingValueTaskOfT', builderType: 'PoolingAsyncValueTaskMethodBuilder<T>', boxResultType: 'T', source: `${CORELIB}/Runtime/CompilerServices/PoolingAsyncValueTaskMethodBuilderT.cs` },
  { returnKind: 'AsyncIterator', builderType: 'AsyncIteratorMethodBuilder', boxResultType: 'VoidTaskResult', source: `${CORELIB}/Runtime/CompilerServices/AsyncIteratorMethodBuilder.cs (wraps an AsyncTaskMethodBuilder)` },
];

/**
 * What the default builder of an `async ValueTask` / `async ValueTask<T>` method (no [AsyncMethodBuilder] on it) hands
 * back while the method has not finished: a ValueTask over the Task its box is (AsyncValueTaskMethodBuilder.Task
 * returns `new ValueTask(m_task)`, m_task a Task<VoidTaskResult> or Task<TResult>), never an IValueTaskSource, so
 * blocking on it is defined. The same holds for System.Threading.Tasks.Extensions' builders on .NET Framework and
 * .NET Standard, which wrap AsyncTaskMethodBuilder. .NET 5 alone could pool IValueTaskSource boxes instead, and only
 * when the process opted in with DOTNET_SYSTEM_THREADING_POOLASYNCVALUETASKS; .NET 6 dropped that switch for the
 * explicit PoolingAsyncValueTaskMethodBuilder.
 */
export const DEFAULT_BUILDER_BACKING: Readonly<Record<'ValueTask' | 'ValueTaskOfT', { unfinished: 'task'; source: string }>> = {
  ValueTask: { unfinished: 'task', source: `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilder.cs (Task: new ValueTask(m_task))` },
  ValueTaskOfT: { unfinished: 'task', source: `${CORELIB}/Runtime/CompilerServices/AsyncValueTaskMethodBuilderT.cs (Task: new ValueTask<TResult>(m_task))` },
};

/**
 * Return types of common BCL async methods. `receiver` is the declaring type's simple name, or null when the name
 * alone decides; `arguments` narrows overloads by argument count where the return types differ.
 */
export interface AsyncMethodRow {
  receiver: string | null;
  name: string;
  arguments?: { min: number; max: number };
  returns: string;
  source: string;
}

export const BCL_ASYNC_METHODS: AsyncMethodRow[] = [
  { receiver: 'Task', name: 'Delay', returns: 'Task', source: `${LEARN}/system.threading.tasks.task.delay` },
  { receiver: 'Task', name: 'WhenAny', returns: 'Task<Task>', source: `${LEARN}/system.threading.tasks.task.whenany` },
  { receiver: 'Task', name: 'Yield', returns: 'YieldAwaitable', source: `${LEARN}/system.threading.tasks.task.yield` },
  { receiver: 'Task', name: 'CompletedTask', returns: 'Task', source: `${LEARN}/system.threading.tasks.task.completedtask` },
  { receiver: 'ValueTask', name: 'CompletedTask', returns: 'ValueTask', source: `${LEARN}/system.threading.tasks.valuetask.completedtask` },
  { receiver: 'Stream', name: 'ReadAsync', arguments: { min: 1, max: 2 }, returns: 'ValueTask<int>', source: `${LEARN}/system.io.stream.readasync (ReadAsync(Memory<byte>, CancellationToken))` },
  { receiver: 'Stream', name: 'ReadAsync', arguments: { min: 3, max: 4 }, returns: 'Task<int>', source: `${LEARN}/system.io.stream.readasync (ReadAsync(byte[], int, int, CancellationToken))` },
  { receiver: 'Stream', name: 'WriteAsync', arguments: { min: 1, max: 2 }, returns: 'ValueTask', source: `${LEARN}/system.io.stream.writeasync (WriteAsync(ReadOnlyMemory<byte>, CancellationToken))` },
  { receiver: 'Stream', name: 'WriteAsync', arguments: { min: 3, max: 4 }, returns: 'Task', source: `${LEARN}/system.io.stream.writeasync (WriteAsync(byte[], int, int, CancellationToken))` },
  { receiver: 'Stream', name: 'ReadExactlyAsync', returns: 'ValueTask', source: `${LEARN}/system.io.stream.readexactlyasync` },
  { receiver: 'Stream', name: 'ReadAtLeastAsync', returns: 'ValueTask<int>', source: `${LEARN}/system.io.stream.readatleastasync` },
  { receiver: 'Stream', name: 'FlushAsync', returns: 'Task', source: `${LEARN}/system.io.stream.flushasync` },
  { receiver: 'Stream', name: 'CopyToAsync', returns: 'Task', source: `${LEARN}/system.io.stream.copytoasync` },
  { receiver: null, name: 'DisposeAsync', returns: 'ValueTask', source: `${LEARN}/system.iasyncdisposable.disposeasync` },
  { receiver: null, name: 'MoveNextAsync', returns: 'ValueTask<bool>', source: `${LEARN}/system.collections.generic.iasyncenumerator-1.movenextasync` },
  { receiver: 'HttpClient', name: 'GetStringAsync', returns: 'Task<string>', source: `${LEARN}/system.net.http.httpclient.getstringasync` },
  { receiver: 'HttpClient', name: 'GetByteArrayAsync', returns: 'Task<byte[]>', source: `${LEARN}/system.net.http.httpclient.getbytearrayasync` },
  { receiver: 'HttpClient', name: 'GetStreamAsync', returns: 'Task<Stream>', source: `${LEARN}/system.net.http.httpclient.getstreamasync` },
  { receiver: 'HttpClient', name: 'GetAsync', returns: 'Task<HttpResponseMessage>', source: `${LEARN}/system.net.http.httpclient.getasync` },
  { receiver: 'HttpClient', name: 'PostAsync', returns: 'Task<HttpResponseMessage>', source: `${LEARN}/system.net.http.httpclient.postasync` },
  { receiver: 'HttpClient', name: 'PutAsync', returns: 'Task<HttpResponseMessage>', source: `${LEARN}/system.net.http.httpclient.putasync` },
  { receiver: 'HttpClient', name: 'DeleteAsync', returns: 'Task<HttpResponseMessage>', source: `${LEARN}/system.net.http.httpclient.deleteasync` },
  { receiver: 'HttpClient', name: 'SendAsync', returns: 'Task<HttpResponseMessage>', source: `${LEARN}/system.net.http.httpclient.sendasync` },
  { receiver: 'HttpContent', name: 'ReadAsStringAsync', returns: 'Task<string>', source: `${LEARN}/system.net.http.httpcontent.readasstringasync` },
  { receiver: 'HttpContent', name: 'ReadAsByteArrayAsync', returns: 'Task<byte[]>', source: `${LEARN}/system.net.http.httpcontent.readasbytearrayasync` },
  { receiver: 'HttpContent', name: 'ReadAsStreamAsync', returns: 'Task<Stream>', source: `${LEARN}/system.net.http.httpcontent.readasstreamasync` },
  { receiver: 'SemaphoreSlim', name: 'WaitAsync', arguments: { min: 0, max: 0 }, returns: 'Task', source: `${LEARN}/system.threading.semaphoreslim.waitasync` },
  { receiver: 'SemaphoreSlim', name: 'WaitAsync', arguments: { min: 1, max: 2 }, returns: 'Task<bool>', source: `${LEARN}/system.threading.semaphoreslim.waitasync (the timeout overloads; WaitAsync(CancellationToken) returns Task)` },
  { receiver: 'ChannelReader', name: 'ReadAsync', returns: 'ValueTask<T>', source: `${LEARN}/system.threading.channels.channelreader-1.readasync` },
  { receiver: 'ChannelReader', name: 'WaitToReadAsync', returns: 'ValueTask<bool>', source: `${LEARN}/system.threading.channels.channelreader-1.waittoreadasync` },
  { receiver: 'ChannelWriter', name: 'WriteAsync', returns: 'ValueTask', source: `${LEARN}/system.threading.channels.channelwriter-1.writeasync` },
  { receiver: 'ChannelWriter', name: 'WaitToWriteAsync', returns: 'ValueTask<bool>', source: `${LEARN}/system.threading.channels.channelwriter-1.waittowriteasync` },
  { receiver: 'File', name: 'ReadAllTextAsync', returns: 'Task<string>', source: `${LEARN}/system.io.file.readalltextasync` },
  { receiver: 'File', name: 'ReadAllBytesAsync', returns: 'Task<byte[]>', source: `${LEARN}/system.io.file.readallbytesasync` },
  { receiver: 'File', name: 'ReadAllLinesAsync', returns: 'Task<string[]>', source: `${LEARN}/system.io.file.readalllinesasync` },
  { receiver: 'File', name: 'WriteAllTextAsync', returns: 'Task', source: `${LEARN}/system.io.file.writealltextasync` },
  { receiver: 'File', name: 'WriteAllBytesAsync', returns: 'Task', source: `${LEARN}/system.io.file.writeallbytesasync` },
  { receiver: 'File', name: 'AppendAllTextAsync', returns: 'Task', source: `${LEARN}/system.io.file.appendalltextasync` },
  { receiver: 'TextReader', name: 'ReadLineAsync', arguments: { min: 0, max: 0 }, returns: 'Task<string?>', source: `${LEARN}/system.io.textreader.readlineasync` },
  { receiver: 'TextReader', name: 'ReadLineAsync', arguments: { min: 1, max: 1 }, returns: 'ValueTask<string?>', source: `${LEARN}/system.io.textreader.readlineasync (ReadLineAsync(CancellationToken), .NET 7)` },
  { receiver: 'TextReader', name: 'ReadToEndAsync', returns: 'Task<string>', source: `${LEARN}/system.io.textreader.readtoendasync` },
  { receiver: 'TextWriter', name: 'WriteLineAsync', returns: 'Task', source: `${LEARN}/system.io.textwriter.writelineasync` },
  { receiver: 'DbConnection', name: 'OpenAsync', returns: 'Task', source: `${LEARN}/system.data.common.dbconnection.openasync` },
  { receiver: 'DbCommand', name: 'ExecuteNonQueryAsync', returns: 'Task<int>', source: `${LEARN}/system.data.common.dbcommand.executenonqueryasync` },
  { receiver: 'DbCommand', name: 'ExecuteScalarAsync', returns: 'Task<object?>', source: `${LEARN}/system.data.common.dbcommand.executescalarasync` },
  { receiver: 'DbCommand', name: 'ExecuteReaderAsync', returns: 'Task<DbDataReader>', source: `${LEARN}/system.data.common.dbcommand.executereaderasync` },
  { receiver: 'DbDataReader', name: 'ReadAsync', returns: 'Task<bool>', source: `${LEARN}/system.data.common.dbdatareader.readasync` },
  { receiver: 'Socket', name: 'ReceiveAsync', returns: 'ValueTask<int>', source: `${LEARN}/system.net.sockets.socket.receiveasync` },
  { receiver: 'Socket', name: 'SendAsync', returns: 'ValueTask<int>', source: `${LEARN}/system.net.sockets.socket.sendasync` },
  { receiver: 'JsonSerializer', name: 'DeserializeAsync', returns: 'ValueTask<T?>', source: `${LEARN}/system.text.json.jsonserializer.deserializeasync` },
  { receiver: 'JsonSerializer', name: 'SerializeAsync', returns: 'Task', source: `${LEARN}/system.text.json.jsonserializer.serializeasync` },
  { receiver: 'CancellationTokenSource', name: 'CancelAsync', returns: 'Task', source: `${LEARN}/system.threading.cancellationtokensource.cancelasync` },
  { receiver: 'Process', name: 'WaitForExitAsync', returns: 'Task', source: `${LEARN}/system.diagnostics.process.waitforexitasync` },
  { receiver: 'PeriodicTimer', name: 'WaitForNextTickAsync', returns: 'ValueTask<bool>', source: `${LEARN}/system.threading.periodictimer.waitfornexttickasync` },
  { receiver: 'PipeReader', name: 'ReadAsync', returns: 'ValueTask<ReadResult>', source: `${LEARN}/system.io.pipelines.pipereader.readasync` },
  { receiver: 'PipeWriter', name: 'FlushAsync', returns: 'ValueTask<FlushResult>', source: `${LEARN}/system.io.pipelines.pipewriter.flushasync` },
];

/**
 * Bytes an awaited BCL operation allocates itself on every call (cost-model.md: these belong to the callee and are
 * shown separately). `suspendsAlways` marks operations that never complete synchronously.
 */
export interface CalleeAllocationRow {
  receiver: string;
  name: string;
  bytes: number;
  what: string;
  /** The operation does not complete before the await sees it unless `completesWhen` holds. */
  suspendsUnless: string | null;
  source: string;
}

export const CALLEE_ALLOCATIONS: CalleeAllocationRow[] = [
  {
    receiver: 'Task', name: 'Run', bytes: 64, what: 'the Task that Task.Run queues (64 B; a capturing lambda adds its closure and delegate)',
    suspendsUnless: null,
    source: `${CORELIB}/Threading/Tasks/Task.cs (Task.Run allocates one Task); measured 64 B by the calibration entry Example18_TaskAwaitTaskRunStaticLambda on .NET 8, 9 and 10`,
  },
  {
    receiver: 'Task', name: 'Delay', bytes: 168, what: 'the timer behind Task.Delay (DelayPromise and its TimerQueueTimer, 168 B)',
    suspendsUnless: 'the delay is zero',
    source: `${CORELIB}/Threading/Tasks/Task.cs (DelayPromise) and Threading/Timer.cs; measured 168 B by the calibration entry Example11_InstanceAwaitTaskDelay1ReturnField on .NET 8, 9 and 10`,
  },
];
