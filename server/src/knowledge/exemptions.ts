/** The false-alarm knowledge as data: calls that look blocking or have an async twin, yet are fine inside async code. */

/**
 * A receiver type whose synchronous I/O members never touch a device, so calling them from async
 * code blocks nothing. `baseType` names the blocking-API rows it silences (their `type`).
 */
export interface ExemptReceiverType {
  /** The type as people write it: 'MemoryStream'. */
  type: string;
  namespace: string;
  /** The declaring type of the blocking rows this exemption applies to: 'Stream', 'TextReader', 'TextWriter'. */
  baseType: string;
  /** Lower-case substrings of a receiver identifier that suggest this type when no declaration is visible. */
  receiverHints?: string[];
  /** NuGet package that ships the type, when it is not part of the shared framework. */
  package?: string;
  reason: string;
  source: string;
}

/**
 * A receiver written as an expression rather than a variable (Console.Out.WriteLine(...)): the text of
 * the receiver, not a type, says the call is harmless.
 */
export interface ExemptReceiverExpression {
  /** The receiver text as it appears at the call site, without whitespace: 'Console.Out'. */
  expression: string;
  /** The namespace of the expression's type, which the call site may also write out: 'System'. */
  namespace: string;
  /** The type that expression has: its blocking rows are the ones silenced. */
  baseType: string;
  reason: string;
  source: string;
}

/**
 * A synchronous member whose async twin exists but should not be preferred: rules that suggest
 * `FooAsync` because it exists (in a library or in the workspace) must skip these.
 */
export interface ExemptTwinCall {
  type: string;
  namespace: string;
  member: string;
  /** The twin that exists and that people are wrongly told to use. */
  asyncTwin: string;
  /** Types whose members are the same call in practice (DbSet<T>.Add and DbContext.Add). */
  alsoOn?: string[];
  /** Lower-case substrings of a receiver identifier that suggest the type. */
  receiverHints?: string[];
  package?: string;
  reason: string;
  source: string;
}

/**
 * An argument that makes any call carrying it return at once (a library's "do not wait for the reply" flag):
 * neither the call nor its async twin waits, so there is nothing to gain from the twin.
 */
export interface NonBlockingArgument {
  /** The enum member as written in the argument, without namespace: 'CommandFlags.FireAndForget'. */
  argument: string;
  namespace: string;
  package: string;
  reason: string;
  source: string;
}

/** A type that looks like it belongs among the exemptions but does not, with the reason kept next to the decision. */
export interface NotExempt {
  type: string;
  namespace: string;
  reason: string;
  source: string;
}

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;

export const EXEMPT_RECEIVER_TYPES: readonly ExemptReceiverType[] = [
  {
    type: 'MemoryStream',
    namespace: 'System.IO',
    baseType: 'Stream',
    receiverHints: ['memorystream', 'memstream'],
    reason:
      'A MemoryStream reads and writes a byte array in memory; its ReadAsync and WriteAsync complete synchronously, so the async twin only adds a task.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Private.CoreLib/src/System/IO/MemoryStream.cs',
  },
  {
    type: 'UnmanagedMemoryStream',
    namespace: 'System.IO',
    baseType: 'Stream',
    reason:
      'An UnmanagedMemoryStream copies to and from a block of native memory that is already mapped; nothing waits on a device.',
    source: docs('system.io.unmanagedmemorystream'),
  },
  {
    type: 'RecyclableMemoryStream',
    namespace: 'Microsoft.IO',
    baseType: 'Stream',
    package: 'Microsoft.IO.RecyclableMemoryStream',
    reason:
      'RecyclableMemoryStream is a pooled in-memory stream; like MemoryStream its synchronous members never wait on I/O.',
    source: 'https://github.com/microsoft/Microsoft.IO.RecyclableMemoryStream',
  },
  {
    type: 'StringReader',
    namespace: 'System.IO',
    baseType: 'TextReader',
    reason:
      'A StringReader reads from a string already in memory; ReadLine and ReadToEnd cannot block, and their async twins complete synchronously.',
    source: docs('system.io.stringreader'),
  },
  {
    type: 'StringWriter',
    namespace: 'System.IO',
    baseType: 'TextWriter',
    reason:
      'A StringWriter appends to a StringBuilder in memory; Write and WriteLine cannot block, and their async twins complete synchronously.',
    source: docs('system.io.stringwriter'),
  },
  // Microsoft.Data.Sqlite runs every async ADO.NET method synchronously and its docs say to avoid them,
  // so the async twin of a Sqlite call would only add a task.
  ...(['Connection', 'Command', 'DataReader', 'Transaction'] as const).map(
    (role): ExemptReceiverType => ({
      type: `Sqlite${role}`,
      namespace: 'Microsoft.Data.Sqlite',
      baseType: `Db${role}`,
      receiverHints: ['sqlite'],
      package: 'Microsoft.Data.Sqlite',
      reason:
        'SQLite has no asynchronous I/O: Microsoft.Data.Sqlite executes the async ADO.NET methods synchronously and documents that they should be avoided.',
      source: 'https://learn.microsoft.com/dotnet/standard/data/sqlite/async',
    }),
  ),
];

/**
 * Console's standard writers and reader are synchronized wrappers (TextWriter.Synchronized,
 * TextReader.Synchronized) whose async members run the synchronous one and return a completed task,
 * so "use WriteLineAsync" would change nothing but allocate a task. Console.WriteLine itself has no
 * twin and no row, so only the property receivers need listing.
 */
export const EXEMPT_RECEIVER_EXPRESSIONS: readonly ExemptReceiverExpression[] = [
  {
    expression: 'Console.Out',
    namespace: 'System',
    baseType: 'TextWriter',
    reason:
      'Console.Out is a synchronized TextWriter whose WriteAsync and WriteLineAsync write synchronously and return a completed task; switching to them gains nothing.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Private.CoreLib/src/System/IO/TextWriter.cs',
  },
  {
    expression: 'Console.Error',
    namespace: 'System',
    baseType: 'TextWriter',
    reason:
      'Console.Error is the same synchronized TextWriter as Console.Out; its async members are synchronous underneath.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Private.CoreLib/src/System/IO/TextWriter.cs',
  },
  {
    expression: 'Console.In',
    namespace: 'System',
    baseType: 'TextReader',
    reason:
      'Console.In is a synchronized TextReader whose ReadLineAsync reads synchronously; console programs that wait for a person are meant to block there.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Private.CoreLib/src/System/IO/TextReader.cs',
  },
  // NUnit's test output writers hand each write to the test run's listener as an event (EventListenerTextWriter), in
  // memory. They override only the synchronous members, so the async twins are TextWriter's defaults, which queue the
  // same synchronous write to the thread pool: switching to them adds a work item and blocks nothing less.
  {
    expression: 'TestContext.Out',
    namespace: 'NUnit.Framework',
    baseType: 'TextWriter',
    reason:
      "NUnit's TestContext.Out sends each write to the test result as an event in memory; its WriteLineAsync is TextWriter's default, which queues the same synchronous write to the thread pool.",
    source: 'https://github.com/nunit/nunit/blob/main/src/NUnitFramework/framework/Internal/Execution/EventListenerTextWriter.cs',
  },
  {
    expression: 'TestContext.Progress',
    namespace: 'NUnit.Framework',
    baseType: 'TextWriter',
    reason:
      "NUnit's TestContext.Progress is an EventListenerTextWriter (falling back to Console.Error): each write is an in-memory event, and its async members are TextWriter's defaults.",
    source: 'https://github.com/nunit/nunit/blob/main/src/NUnitFramework/framework/TestContext.cs',
  },
  {
    expression: 'TestContext.Error',
    namespace: 'NUnit.Framework',
    baseType: 'TextWriter',
    reason:
      "NUnit's TestContext.Error is an EventListenerTextWriter (falling back to Console.Error): each write is an in-memory event, and its async members are TextWriter's defaults.",
    source: 'https://github.com/nunit/nunit/blob/main/src/NUnitFramework/framework/TestContext.cs',
  },
];

export const EXEMPT_TWIN_CALLS: readonly ExemptTwinCall[] = [
  {
    type: 'DbContext',
    namespace: 'Microsoft.EntityFrameworkCore',
    member: 'Add',
    asyncTwin: 'AddAsync',
    alsoOn: ['DbSet'],
    receiverHints: ['context', 'db', 'ctx'],
    package: 'Microsoft.EntityFrameworkCore',
    reason:
      'Add only starts tracking an entity and touches no database; AddAsync exists solely for value generators that fetch keys from the database (SQL Server HiLo). EF Core documents Add as the method to use otherwise.',
    source: docs('microsoft.entityframeworkcore.dbcontext.addasync'),
  },
  {
    type: 'DbContext',
    namespace: 'Microsoft.EntityFrameworkCore',
    member: 'AddRange',
    asyncTwin: 'AddRangeAsync',
    alsoOn: ['DbSet'],
    receiverHints: ['context', 'db', 'ctx'],
    package: 'Microsoft.EntityFrameworkCore',
    reason:
      'AddRange only starts tracking entities; AddRangeAsync exists solely for value generators that fetch keys from the database. EF Core documents AddRange as the method to use otherwise.',
    source: docs('microsoft.entityframeworkcore.dbcontext.addrangeasync'),
  },
  {
    type: 'IDbContextFactory',
    namespace: 'Microsoft.EntityFrameworkCore',
    member: 'CreateDbContext',
    asyncTwin: 'CreateDbContextAsync',
    receiverHints: ['factory'],
    package: 'Microsoft.EntityFrameworkCore',
    reason:
      'Creating a DbContext opens no connection; the default CreateDbContextAsync just wraps CreateDbContext in a completed task.',
    source: docs('microsoft.entityframeworkcore.idbcontextfactory-1.createdbcontextasync'),
  },
  {
    type: 'CancellationTokenSource',
    namespace: 'System.Threading',
    member: 'Cancel',
    asyncTwin: 'CancelAsync',
    receiverHints: ['cts', 'cancellation', 'tokensource'],
    reason:
      'Cancel runs the registered callbacks on the calling thread but waits on no I/O; CancelAsync (.NET 8) only moves those callbacks elsewhere, which matters when a callback is slow, not as a rule.',
    source: docs('system.threading.cancellationtokensource.cancelasync'),
  },
];

export const NON_BLOCKING_ARGUMENTS: readonly NonBlockingArgument[] = [
  {
    argument: 'CommandFlags.FireAndForget',
    namespace: 'StackExchange.Redis',
    package: 'StackExchange.Redis',
    reason:
      'With CommandFlags.FireAndForget the client queues the command and returns a default value at once without waiting for the server; the Async twin returns an already-completed task, so awaiting it gains nothing.',
    source: 'https://github.com/StackExchange/StackExchange.Redis/blob/main/docs/PipelinesMultiplexers.md',
  },
];

export const NOT_EXEMPT: readonly NotExempt[] = [
  {
    type: 'BufferedStream',
    namespace: 'System.IO',
    reason:
      'A BufferedStream wraps another stream: a Read that misses its buffer, and every Flush, reads or writes the wrapped stream synchronously, which is usually a file or socket. It stays flagged like any Stream.',
    source: docs('system.io.bufferedstream'),
  },
  {
    type: 'StreamReader',
    namespace: 'System.IO',
    reason:
      'A StreamReader over a MemoryStream would be harmless, but the stream under a reader is rarely visible at the call site; the reader stays flagged unless its construction from a MemoryStream is in view.',
    source: docs('system.io.streamreader'),
  },
];

/**
 * A writer that also takes an IBufferWriter<byte> as its destination, and what it does with it: over a buffer writer
 * its Flush and Dispose only commit the bytes written into the buffer writer's memory (advance it), with no I/O; over
 * a Stream they write to the stream. Whatever I/O follows belongs to the buffer writer's owner (a PipeWriter's
 * FlushAsync).
 */
export interface BufferWriterWriter {
  /** The writer's type: 'Utf8JsonWriter'. */
  type: string;
  namespace: string;
  reason: string;
  source: string;
}

export const BUFFER_WRITER_WRITERS: readonly BufferWriterWriter[] = [
  {
    type: 'Utf8JsonWriter',
    namespace: 'System.Text.Json',
    reason:
      'Flush: "In the case of IBufferWriter, this advances the underlying IBufferWriter<T> based on what has been written so far. In the case of Stream, this writes the data to the stream and flushes it." Dispose commits the same way.',
    source: docs('system.text.json.utf8jsonwriter.flush'),
  },
];

/**
 * The destinations that are IBufferWriter<byte>s, as code declares them: the interface, the array-backed writer in
 * memory, and System.IO.Pipelines' PipeWriter, which implements it (its GetMemory/Advance fill the pipe's buffer;
 * only FlushAsync sends the bytes on).
 */
export const BUFFER_WRITER_DESTINATIONS: readonly { type: string; namespace: string; source: string }[] = [
  { type: 'IBufferWriter', namespace: 'System.Buffers', source: docs('system.buffers.ibufferwriter-1') },
  { type: 'ArrayBufferWriter', namespace: 'System.Buffers', source: docs('system.buffers.arraybufferwriter-1') },
  { type: 'PipeWriter', namespace: 'System.IO.Pipelines', source: docs('system.io.pipelines.pipewriter') },
];

/** Whether a `writerType` built over a `destinationType` (each without type arguments) writes into a buffer writer's memory. */
export function writesIntoBufferWriter(writerType: string, destinationType: string): boolean {
  return BUFFER_WRITER_WRITERS.some((w) => w.type === writerType || `${w.namespace}.${w.type}` === writerType)
    && BUFFER_WRITER_DESTINATIONS.some((d) => d.type === destinationType || `${d.namespace}.${d.type}` === destinationType);
}

/** Looks up the in-memory receiver types that silence blocking rows declared on `baseType`. */
export function exemptReceiverTypesFor(baseType: string): string[] {
  return EXEMPT_RECEIVER_TYPES.filter((exempt) => exempt.baseType === baseType).map((exempt) => exempt.type);
}

/**
 * Reports whether a receiver's text (Console.Out, NUnit's TestContext.Out, ...) makes the call harmless, written with
 * or without its namespace; whitespace is ignored.
 */
export function isExemptReceiverExpression(receiverText: string): boolean {
  const compact = receiverText.replace(/\s+/g, '').replace(/^global::/, '');
  return EXEMPT_RECEIVER_EXPRESSIONS.some((exempt) => exempt.expression === compact || `${exempt.namespace}.${exempt.expression}` === compact);
}

/** Finds the exemption for a synchronous member whose async twin should not be suggested, if any. */
export function exemptTwinCallFor(type: string | undefined, member: string): ExemptTwinCall | undefined {
  return EXEMPT_TWIN_CALLS.find(
    (exempt) =>
      exempt.member === member &&
      (type === undefined || exempt.type === type || (exempt.alsoOn ?? []).includes(type)),
  );
}

/**
 * The flag among a call's arguments that makes it return at once (`flags: CommandFlags.FireAndForget`, also inside
 * a `|` combination), if any.
 */
export function nonBlockingArgumentIn(args: readonly string[]): NonBlockingArgument | undefined {
  return NON_BLOCKING_ARGUMENTS.find((row) => {
    const member = row.argument.replace(/\./g, '\\s*\\.\\s*');
    const pattern = new RegExp(`(^|[^\\w.])(${row.namespace.replace(/\./g, '\\.')}\\.)?${member}\\b`);
    return args.some((a) => pattern.test(a));
  });
}
