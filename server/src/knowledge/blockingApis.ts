/** The table of synchronous .NET APIs that block a thread and have an awaitable twin, read by ASY002 (sync-api-in-async). */

import { exemptReceiverTypesFor, EXEMPT_RECEIVER_EXPRESSIONS, EXEMPT_RECEIVER_TYPES, EXEMPT_TWIN_CALLS, NON_BLOCKING_ARGUMENTS, NOT_EXEMPT } from './exemptions';
import { EF_CORE_QUERY_OPERATORS, QUERY_COMPOSITION_OPERATORS } from './efCoreQueries';
import { FILE_SYSTEM_TYPES, LOCKING_APIS, LOCK_STATEMENT } from './lockingApis';
import { ASYNC_DISPOSABLE_TYPES, NOT_ASYNC_DISPOSABLE } from './asyncDisposables';
import { EARLY_TOKEN_OVERLOADS, LATE_TOKEN_OVERLOADS } from './lateTokenOverloads';

/** One synchronous .NET API that blocks a thread and has an awaitable twin. */
export interface BlockingApi {
  /** Declaring type as people write it, without namespace: 'Stream', 'File', 'Thread', 'SemaphoreSlim'. */
  type: string;
  /** Namespace of the declaring type, for docs: 'System.IO'. */
  namespace: string;
  /** Member name as it appears at the call site: 'Read', 'ReadAllText', 'Sleep'. */
  member: string;
  /** 'static' when called as Type.Member(...), 'instance' when called on a receiver of that type (or a derived type). */
  kind: 'static' | 'instance';
  /**
   * The awaitable replacement member: 'ReadAsync', 'ReadAllTextAsync', or for Thread.Sleep the full
   * replacement 'Task.Delay'. Invariant: when `twinReceiver` is set, this is the full replacement and
   * starts with `twinReceiver + '.'`; otherwise it is a member name on the same receiver.
   */
  asyncTwin: string;
  /** When the twin is a different static call (Thread.Sleep -> Task.Delay), the receiver text to use in the fix. */
  twinReceiver?: string;
  /**
   * Argument counts for which the twin accepts the same arguments unchanged, so a fix can just rename + await;
   * omit when any count works. An empty list means no count does: the fix must be written by hand.
   * Checked against the .NET 10 reference assemblies, overload by overload; a count also in `memoryTwinFor`
   * carries over for array, string and Memory arguments but not for a span expression.
   */
  sameArgumentsFor?: number[];
  /**
   * Arguments that make the call NOT blocking (e.g. SemaphoreSlim.Wait(0), Wait(TimeSpan.Zero)): matched
   * against the trimmed argument text by `argumentsMatch`. A pattern element ending in '*' matches any
   * argument starting with the text before the '*', so '*' alone matches any one argument.
   */
  nonBlockingArguments?: string[][];
  /** Receiver type names for which the member never blocks on I/O even though the base type's does (MemoryStream for Stream members). */
  exemptReceiverTypes?: string[];
  /**
   * Words in the receiver's name or declared type that suggest the type when no declaration is visible:
   * lower-case substrings matched against the receiver identifier.
   */
  receiverHints?: string[];
  /** Why blocking here is bad in a sentence, shown in the diagnostic note. */
  note: string;
  /** Where the fact comes from: a learn.microsoft.com API page (or a source file URL) that documents the twin. */
  source: string;

  /** Set when another rule owns the finding (Task.Wait belongs to ASY001): ASY002 skips these rows. */
  ownedBy?: 'ASY001';
  /**
   * Major .NET version whose reference assemblies first have the twin as a member of the type (or, for
   * `extensionOf` rows, of the type or the extension class), when .NET Core 3.1 and .NET Standard 2.1 lack it:
   * '5' to '10'. Omitted when .NET Core 3.1 already had it, and for rows from NuGet packages.
   */
  since?: string;
  /**
   * The twin is missing from .NET Framework and .NET Standard 2.0 (File's came with .NET Core 2.0 and .NET Standard 2.1;
   * ADO.NET's CloseAsync, BeginTransactionAsync, PrepareAsync, CommitAsync and RollbackAsync with .NET Core 3.0 and
   * .NET Standard 2.1; a row with a `since` as well came later still), so a project built for those cannot call it:
   * the analysed target (a netstandard2.0 library) or another target of a multi-targeting project. A row without it
   * says .NET Framework 4.6.2 and .NET Standard 2.0 have the twin (Stream.ReadAsync, Task.Delay), unless its type comes
   * from a package on those targets. The compiler checks every row against the reference assemblies of each target
   * (test/dotnet/api-availability.test.ts).
   */
  missingBeforeNetStandard21?: boolean;
  /** NuGet package that ships the type, when it is not part of the shared framework. */
  package?: string;
  /**
   * Set when the member is an extension method declared in this static class: the call site reads like an
   * instance call on `type`, but the method lives elsewhere.
   */
  extensionOf?: string;
  /**
   * Argument counts for which a synchronous overload takes Span<T>/ReadOnlySpan<T> where the twin takes
   * Memory<T>/ReadOnlyMemory<T>: the same text compiles when the argument is an array or a Memory, not when
   * it is a span expression (`buffer.AsSpan(0, n)`, a stackalloc), so a fix must look at the argument first.
   */
  memoryTwinFor?: number[];
  /** Argument counts this row covers; calls with other counts have no twin and are not this row's business. */
  onlyArgumentCounts?: number[];
  /**
   * The call blocks only when the argument at `index` is of the kind the hints name (JsonSerializer.Serialize
   * blocks with a Stream, not with a string): lower-case substrings matched against that argument's text.
   */
  blockingArgument?: { index: number; hints: string[] };
  /**
   * The type every overload's first parameter takes (HttpClient.Send: HttpRequestMessage). A call whose first
   * argument has a known type that is neither this nor derived from it calls another type's member of the same
   * name, whatever the receiver is named (SteamKit2's `SteamClient.Send(IClientMsg)` on a member named `Client`).
   */
  firstParameterType?: string;
  /**
   * The index of an argument that, when it is an IP address written as a string literal (`"192.168.1.1"`, `"::1"`),
   * makes the call return at once: Dns.GetHostAddresses parses the text first and hands back the address it holds
   * "without querying the DNS server" (learn.microsoft.com/dotnet/api/system.net.dns.gethostaddresses, Remarks). Dns.GetHostEntry has no such row: given an
   * address, it looks the host name up in reverse.
   */
  ipLiteralReturnsAtOnce?: number;
  /** How the twin is consumed: 'await' (default) or 'await foreach' when it returns IAsyncEnumerable<T>. */
  twinUse?: 'await' | 'await foreach';
  /** What a person must check before switching, when the twin is not a drop-in replacement. */
  twinCaveat?: string;
  /**
   * The call appends to the writer's buffer and blocks only when that buffer fills or is flushed (a StreamWriter
   * holds 1,024 characters by default, an XmlWriter hands its text to a TextWriter or stream that buffers it), so
   * twenty lines written to one writer are one blocking habit, not twenty: a rule reports them once per writer and
   * method. The thirty-ninth session's seeded reading found fourteen warnings in one method writing a small
   * configuration file line by line.
   */
  buffersWrites?: true;
  /**
   * The call appends to the file at the path it is given (File.AppendAllText): repeated appends to one path in one
   * method are one habit too, reported once per path and method, like a writer's buffered writes.
   */
  appendsToPath?: true;
  /** 'low' when the call blocks only in some modes; rules may show it at a lower severity or skip it. */
  confidence?: 'low';
  /**
   * The twin works only on an instance created with these settings' `Async = true` (XmlReader.Create with
   * XmlReaderSettings): otherwise it throws, so there is no twin to offer unless that creation is in view.
   */
  twinNeedsAsyncSettings?: 'XmlReaderSettings' | 'XmlWriterSettings';
  /**
   * Namespaces (or their prefixes) one of which the file must import before an unresolved receiver is taken for
   * this type from its name: a `transaction` in a file that imports no ADO.NET namespace is Hangfire's or EF6's.
   */
  hintedOnlyWith?: string[];
  /**
   * Members whose result the call never blocks on: the receiver is made by one of them, written as the receiver
   * (`archive.CreateEntry(name).Open()`) or as the initializer of the local the call is made on. `source` says why.
   */
  nonBlockingWhenMadeBy?: { members: string[]; source: string };
  /**
   * For an entry member whose cost depends on the mode its archive was opened in (ZipArchiveEntry.Open): what the call
   * does when every archive the receiver may come from is opened in Read mode (knowledge/zipArchiveModes.ts), said in
   * place of `note`, with the finding shown as information. `source` says why.
   */
  inReadModeArchive?: { note: string; source: string };
}

/** A blocking member with no awaitable twin: worth a note in a hover, not a rename. */
export interface BlockingApiWithoutTwin {
  type: string;
  namespace: string;
  member: string;
  kind: 'static' | 'instance';
  /** 'property' when the member is read without parentheses (StreamReader.EndOfStream). */
  memberKind?: 'method' | 'property';
  receiverHints?: string[];
  /** What to write instead, in words and code. */
  suggestion: string;
  note: string;
  source: string;
  /**
   * The call waits for the next item to arrive (a queue's Take, a Kafka consumer's Consume): a loop that makes it holds
   * its thread by design while it waits, so that loop's other blocking waits cost it no more thread than it already
   * holds. ASY002 shows them as information (rules/asy002-sync-api-in-async.ts blockingLoopCallOf).
   */
  waitsForNextItem?: true;
}

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;

/**
 * Known types that inherit the members of a base type named in the tables, so a receiver declared as
 * `FileStream fs` matches the Stream rows without a compiler. Third-party ADO.NET providers are listed
 * by the names their packages use.
 */
export const KNOWN_SUBTYPES: Readonly<Record<string, readonly string[]>> = {
  Stream: [
    'FileStream', 'BufferedStream', 'NetworkStream', 'SslStream', 'NegotiateStream', 'GZipStream',
    'DeflateStream', 'BrotliStream', 'ZLibStream', 'CryptoStream', 'PipeStream', 'NamedPipeServerStream',
    'NamedPipeClientStream', 'AnonymousPipeServerStream', 'AnonymousPipeClientStream', 'UnmanagedMemoryStream',
    'MemoryStream',
  ],
  TextReader: ['StreamReader', 'StringReader'],
  TextWriter: ['StreamWriter', 'StringWriter'],
  HttpMessageInvoker: ['HttpClient'],
  DbConnection: ['SqlConnection', 'NpgsqlConnection', 'SqliteConnection', 'MySqlConnection'],
  DbCommand: ['SqlCommand', 'NpgsqlCommand', 'SqliteCommand', 'MySqlCommand'],
  DbDataReader: ['SqlDataReader', 'NpgsqlDataReader', 'SqliteDataReader', 'MySqlDataReader'],
  DbTransaction: ['SqlTransaction', 'NpgsqlTransaction', 'SqliteTransaction', 'MySqlTransaction'],
  DbBatch: ['SqlBatch', 'NpgsqlBatch', 'MySqlBatch'],
  DbDataSource: ['NpgsqlDataSource', 'MySqlDataSource'],
  XmlReader: ['XmlTextReader', 'XmlNodeReader'],
  XmlWriter: ['XmlTextWriter'],
  HashAlgorithm: ['SHA1', 'SHA256', 'SHA384', 'SHA512', 'MD5', 'HMAC', 'HMACSHA1', 'HMACSHA256', 'HMACSHA384', 'HMACSHA512', 'KeyedHashAlgorithm'],
  WebRequest: ['HttpWebRequest', 'FileWebRequest', 'FtpWebRequest'],
  WaitHandle: ['EventWaitHandle', 'ManualResetEvent', 'AutoResetEvent', 'Mutex', 'Semaphore'],
  EventWaitHandle: ['ManualResetEvent', 'AutoResetEvent'],
};

/**
 * ADO.NET providers name their types after one prefix (SqliteConnection, SqliteCommand, SqliteDataReader), and each
 * overrides the base factory members to return its own type: so `var reader = command.ExecuteReader()` with a
 * SqliteCommand is a SqliteDataReader, which the exemptions then recognise.
 */
export interface ProviderFactoryMember {
  member: string;
  /** The suffix of the receiver's type: 'Command' in SqliteCommand. */
  from: string;
  /** The suffix of the result's type: 'DataReader' in SqliteDataReader. */
  to: string;
  source: string;
}

export const PROVIDER_FACTORY_MEMBERS: readonly ProviderFactoryMember[] = [
  { member: 'CreateCommand', from: 'Connection', to: 'Command', source: docs('system.data.common.dbconnection.createcommand') },
  { member: 'BeginTransaction', from: 'Connection', to: 'Transaction', source: docs('system.data.common.dbconnection.begintransaction') },
  { member: 'BeginTransactionAsync', from: 'Connection', to: 'Transaction', source: docs('system.data.common.dbconnection.begintransactionasync') },
  { member: 'ExecuteReader', from: 'Command', to: 'DataReader', source: docs('system.data.common.dbcommand.executereader') },
  { member: 'ExecuteReaderAsync', from: 'Command', to: 'DataReader', source: docs('system.data.common.dbcommand.executereaderasync') },
  { member: 'CreateConnection', from: 'DataSource', to: 'Connection', source: docs('system.data.common.dbdatasource.createconnection') },
  { member: 'OpenConnection', from: 'DataSource', to: 'Connection', source: docs('system.data.common.dbdatasource.openconnection') },
  { member: 'OpenConnectionAsync', from: 'DataSource', to: 'Connection', source: docs('system.data.common.dbdatasource.openconnectionasync') },
];

/** Static factories whose result type a `var` local takes (`var reader = XmlReader.Create(stream)` is an XmlReader). */
export interface StaticFactory {
  /** Receiver and member as written, without namespace: 'XmlReader.Create'. */
  call: string;
  resultType: string;
  source: string;
}

export const STATIC_FACTORIES: readonly StaticFactory[] = [
  { call: 'XmlReader.Create', resultType: 'XmlReader', source: docs('system.xml.xmlreader.create') },
  { call: 'XmlWriter.Create', resultType: 'XmlWriter', source: docs('system.xml.xmlwriter.create') },
  { call: 'File.OpenRead', resultType: 'FileStream', source: docs('system.io.file.openread') },
  { call: 'File.OpenWrite', resultType: 'FileStream', source: docs('system.io.file.openwrite') },
  { call: 'File.Open', resultType: 'FileStream', source: docs('system.io.file.open') },
  { call: 'File.Create', resultType: 'FileStream', source: docs('system.io.file.create') },
  { call: 'File.OpenText', resultType: 'StreamReader', source: docs('system.io.file.opentext') },
  { call: 'File.CreateText', resultType: 'StreamWriter', source: docs('system.io.file.createtext') },
  { call: 'File.AppendText', resultType: 'StreamWriter', source: docs('system.io.file.appendtext') },
];

/** The type a static factory call returns (`System.Xml.XmlReader.Create` -> `XmlReader`), or null. */
export function staticFactoryResultType(receiver: string, member: string): string | null {
  const compact = `${receiver.replace(/\s+/g, '').replace(/^(global::)?System(\.\w+)*\.(?=[A-Z]\w*$)/, '')}.${member}`;
  return STATIC_FACTORIES.find((row) => row.call === compact)?.resultType ?? null;
}

/** The provider type a factory member returns (`SqliteCommand` + `ExecuteReader` -> `SqliteDataReader`), or null. */
export function providerResultType(receiverType: string, member: string): string | null {
  for (const row of PROVIDER_FACTORY_MEMBERS) {
    if (row.member !== member || !receiverType.endsWith(row.from)) continue;
    const prefix = receiverType.slice(0, receiverType.length - row.from.length);
    if (/^[A-Z]\w*$/.test(prefix)) return `${prefix}${row.to}`;
  }
  return null;
}

// Families of rows share the declaring type, the hints and the reason; each row adds what is its own.
type RowFamily = Pick<BlockingApi, 'type' | 'namespace' | 'kind'> & Partial<BlockingApi>;

const STREAM: RowFamily = {
  type: 'Stream',
  namespace: 'System.IO',
  kind: 'instance',
  receiverHints: ['stream'],
  exemptReceiverTypes: exemptReceiverTypesFor('Stream'),
};
const STREAM_NOTE =
  'A synchronous stream call holds the thread until the file, socket or pipe answers; in async code that is a thread-pool thread doing nothing while other work queues behind it.';

// File's async members (ReadAllTextAsync, WriteAllBytesAsync, ...) apply to .NET Core 2.0+ and .NET Standard 2.1, not
// to .NET Framework or .NET Standard 2.0 (learn.microsoft.com/dotnet/api/system.io.file.readalltextasync, "Applies to").
const FILE: RowFamily = { type: 'File', namespace: 'System.IO', kind: 'static', missingBeforeNetStandard21: true };
const FILE_NOTE =
  'File.{member} reads or writes the whole file on the calling thread; the async twin frees the thread while the disk works.';

const TEXT_READER: RowFamily = {
  type: 'TextReader',
  namespace: 'System.IO',
  kind: 'instance',
  receiverHints: ['reader', 'standardoutput', 'standarderror', 'stdout', 'stderr'],
  exemptReceiverTypes: exemptReceiverTypesFor('TextReader'),
};
const TEXT_READER_NOTE =
  'A StreamReader reads from a stream underneath, so its synchronous members block on the file, socket or process pipe it wraps.';

const TEXT_WRITER: RowFamily = {
  type: 'TextWriter',
  namespace: 'System.IO',
  kind: 'instance',
  receiverHints: ['writer', 'standardinput', 'stdin'],
  exemptReceiverTypes: exemptReceiverTypesFor('TextWriter'),
};
// Said of the abstract type too: a TextWriter parameter may be handed a StringWriter, which does no I/O (the
// thirty-fifth session's seeded reading found the note's "A StreamWriter" false for one), so the note says when it blocks.
const TEXT_WRITER_NOTE =
  'When the writer wraps a stream (a StreamWriter, a response or process writer), the synchronous call blocks on that file, socket or pipe whenever its buffer fills or it flushes; a StringWriter over memory does not.';
const TEXT_WRITER_CAVEAT =
  'The twin takes string, char, char[], StringBuilder or ReadOnlyMemory<char>; Write(int), Write(object) and the format-string overloads have no twin, so format the text first.';

// The Task-returning twins became Socket members in .NET 6; before that a few lived in SocketTaskExtensions.
const SOCKET: RowFamily = { type: 'Socket', namespace: 'System.Net.Sockets', kind: 'instance', receiverHints: ['socket', 'sock'], since: '6' };
const SOCKET_NOTE =
  'A synchronous socket call parks the thread until the peer or the network answers, which can take as long as the remote side wants.';

// The namespaces a file that uses ADO.NET imports: the base classes, a provider, or a library built on them.
const ADO_NET_NAMESPACES = ['System.Data', 'Microsoft.Data', 'Npgsql', 'MySqlConnector', 'MySql.Data', 'Oracle.ManagedDataAccess', 'Microsoft.EntityFrameworkCore', 'Dapper', 'FirebirdSql', 'IBM.Data'];

/**
 * Microsoft.Data.SqlClient's SqlConnection (7.1.1, checked by reflection on the package) does not override
 * BeginDbTransactionAsync, CloseAsync or ChangeDatabaseAsync: its twins are DbConnection's defaults, which run the
 * synchronous member on the calling thread (dotnet/SqlClient issue 113), so switching to them frees no thread.
 */
const SQLCLIENT_SYNC_TWIN = [...exemptReceiverTypesFor('DbConnection'), 'SqlConnection'];

/**
 * Nor does its SqlTransaction override CommitAsync, RollbackAsync, SaveAsync or ReleaseAsync (7.1.2, checked by
 * reflection on the package: each is declared by System.Data.Common.DbTransaction), whose defaults run Commit,
 * Rollback, Save or Release on the calling thread and return a completed task (dotnet/SqlClient issue 113), so
 * `await transaction.CommitAsync()` blocks exactly as `transaction.Commit()` does.
 */
const SQLCLIENT_TRANSACTION_SYNC_TWIN = [...exemptReceiverTypesFor('DbTransaction'), 'SqlTransaction'];

const DB_CONNECTION: RowFamily = {
  type: 'DbConnection',
  namespace: 'System.Data.Common',
  kind: 'instance',
  receiverHints: ['connection', 'conn'],
  exemptReceiverTypes: exemptReceiverTypesFor('DbConnection'),
  hintedOnlyWith: ADO_NET_NAMESPACES,
};
const DB_COMMAND: RowFamily = {
  type: 'DbCommand',
  namespace: 'System.Data.Common',
  kind: 'instance',
  receiverHints: ['command', 'cmd'],
  exemptReceiverTypes: exemptReceiverTypesFor('DbCommand'),
  hintedOnlyWith: ADO_NET_NAMESPACES,
};
const DB_BATCH: RowFamily = { type: 'DbBatch', namespace: 'System.Data.Common', kind: 'instance', receiverHints: ['batch'], since: '6', hintedOnlyWith: ADO_NET_NAMESPACES };
const DB_READER: RowFamily = {
  type: 'DbDataReader',
  namespace: 'System.Data.Common',
  kind: 'instance',
  receiverHints: ['reader', 'rdr'],
  exemptReceiverTypes: exemptReceiverTypesFor('DbDataReader'),
  hintedOnlyWith: ADO_NET_NAMESPACES,
};
const DB_TRANSACTION: RowFamily = {
  type: 'DbTransaction',
  namespace: 'System.Data.Common',
  kind: 'instance',
  receiverHints: ['transaction', 'tx', 'tran'],
  exemptReceiverTypes: exemptReceiverTypesFor('DbTransaction'),
  hintedOnlyWith: ADO_NET_NAMESPACES,
};
const DB_NOTE =
  'A synchronous database call holds the thread for a network round trip to the server and for the query itself; under load this starves the thread pool.';

const XML_READER: RowFamily = { type: 'XmlReader', namespace: 'System.Xml', kind: 'instance', receiverHints: ['xml', 'reader'], twinNeedsAsyncSettings: 'XmlReaderSettings' };
const XML_READER_NOTE =
  'An XmlReader over a file or network stream reads it synchronously as it parses, blocking the thread on every buffer refill.';
const XML_READER_CAVEAT =
  'The async members throw InvalidOperationException unless the reader was created with XmlReaderSettings { Async = true }.';

const XML_WRITER: RowFamily = { type: 'XmlWriter', namespace: 'System.Xml', kind: 'instance', receiverHints: ['xml', 'writer'], twinNeedsAsyncSettings: 'XmlWriterSettings' };
const XML_WRITER_NOTE =
  'An XmlWriter over a file or network stream writes it synchronously whenever its buffer fills, blocking the thread.';
const XML_WRITER_CAVEAT =
  'The async members throw InvalidOperationException unless the writer was created with XmlWriterSettings { Async = true }.';

const ZIP_NOTE =
  'Zip archive work reads and writes files synchronously, often many megabytes; .NET 10 added async twins that free the thread.';
const TAR_NOTE = 'Tar archive work reads and writes files synchronously; the async twins free the thread while the disk works.';

const EF: Pick<BlockingApi, 'namespace'> & Partial<BlockingApi> = { namespace: 'Microsoft.EntityFrameworkCore', package: 'Microsoft.EntityFrameworkCore' };
const EF_NOTE =
  'EF Core sends the command to the database and waits for the reply on the calling thread; EF Core recommends the async methods in async code.';

const DAPPER: RowFamily = {
  type: 'IDbConnection',
  namespace: 'Dapper',
  kind: 'instance',
  package: 'Dapper',
  extensionOf: 'SqlMapper',
  receiverHints: ['connection', 'conn', 'db'],
};
const DAPPER_NOTE = 'Dapper runs the query on the calling thread and waits for the database; the *Async twin frees it.';
const DAPPER_SOURCE = 'https://github.com/DapperLib/Dapper/blob/main/Dapper/SqlMapper.Async.cs';

const DISTRIBUTED_CACHE: RowFamily = {
  type: 'IDistributedCache',
  namespace: 'Microsoft.Extensions.Caching.Distributed',
  kind: 'instance',
  package: 'Microsoft.Extensions.Caching.Abstractions',
  receiverHints: ['distributed', 'redis'],
};
const DISTRIBUTED_CACHE_NOTE =
  'A distributed cache lives in another process (Redis, SQL Server); a synchronous call waits for that network round trip on the calling thread.';

const HASH_DATA_NOTE =
  'HashData(Stream) reads the whole stream synchronously to hash it; HashDataAsync reads it asynchronously. Hashing a byte array is CPU work and fine.';

export const BLOCKING_APIS: readonly BlockingApi[] = [
  // System.IO.Stream and every stream deriving from it (KNOWN_SUBTYPES.Stream).
  { ...STREAM, member: 'Read', asyncTwin: 'ReadAsync', sameArgumentsFor: [1, 3], memoryTwinFor: [1], note: STREAM_NOTE, source: docs('system.io.stream.readasync') },
  { ...STREAM, member: 'Write', asyncTwin: 'WriteAsync', sameArgumentsFor: [1, 3], memoryTwinFor: [1], note: STREAM_NOTE, source: docs('system.io.stream.writeasync') },
  {
    ...STREAM, member: 'Flush', asyncTwin: 'FlushAsync', sameArgumentsFor: [0], onlyArgumentCounts: [0],
    note: 'Flush pushes buffered bytes to the device and waits for it. FileStream.Flush(true), which also flushes the OS cache, has no twin and is left alone.',
    source: docs('system.io.stream.flushasync'),
  },
  { ...STREAM, member: 'CopyTo', asyncTwin: 'CopyToAsync', sameArgumentsFor: [1, 2], note: 'CopyTo moves every byte of the source on the calling thread, blocking on both streams for the whole copy.', source: docs('system.io.stream.copytoasync') },
  { ...STREAM, member: 'ReadExactly', asyncTwin: 'ReadExactlyAsync', sameArgumentsFor: [1, 3], memoryTwinFor: [1], since: '7', note: STREAM_NOTE, source: docs('system.io.stream.readexactlyasync') },
  { ...STREAM, member: 'ReadAtLeast', asyncTwin: 'ReadAtLeastAsync', sameArgumentsFor: [2, 3], memoryTwinFor: [2, 3], since: '7', note: STREAM_NOTE, source: docs('system.io.stream.readatleastasync') },

  // System.IO.File: whole-file helpers.
  { ...FILE, member: 'ReadAllText', asyncTwin: 'ReadAllTextAsync', sameArgumentsFor: [1, 2], note: FILE_NOTE.replace('{member}', 'ReadAllText'), source: docs('system.io.file.readalltextasync') },
  { ...FILE, member: 'ReadAllBytes', asyncTwin: 'ReadAllBytesAsync', sameArgumentsFor: [1], note: FILE_NOTE.replace('{member}', 'ReadAllBytes'), source: docs('system.io.file.readallbytesasync') },
  { ...FILE, member: 'ReadAllLines', asyncTwin: 'ReadAllLinesAsync', sameArgumentsFor: [1, 2], note: FILE_NOTE.replace('{member}', 'ReadAllLines'), source: docs('system.io.file.readalllinesasync') },
  { ...FILE, member: 'WriteAllText', asyncTwin: 'WriteAllTextAsync', sameArgumentsFor: [2, 3], memoryTwinFor: [2, 3], note: FILE_NOTE.replace('{member}', 'WriteAllText'), source: docs('system.io.file.writealltextasync') },
  { ...FILE, member: 'WriteAllBytes', asyncTwin: 'WriteAllBytesAsync', sameArgumentsFor: [2], memoryTwinFor: [2], note: FILE_NOTE.replace('{member}', 'WriteAllBytes'), source: docs('system.io.file.writeallbytesasync') },
  { ...FILE, member: 'WriteAllLines', asyncTwin: 'WriteAllLinesAsync', sameArgumentsFor: [2, 3], note: FILE_NOTE.replace('{member}', 'WriteAllLines'), source: docs('system.io.file.writealllinesasync') },
  { ...FILE, member: 'AppendAllText', appendsToPath: true, asyncTwin: 'AppendAllTextAsync', sameArgumentsFor: [2, 3], memoryTwinFor: [2, 3], note: FILE_NOTE.replace('{member}', 'AppendAllText'), source: docs('system.io.file.appendalltextasync') },
  { ...FILE, member: 'AppendAllLines', appendsToPath: true, asyncTwin: 'AppendAllLinesAsync', sameArgumentsFor: [2, 3], note: FILE_NOTE.replace('{member}', 'AppendAllLines'), source: docs('system.io.file.appendalllinesasync') },
  { ...FILE, member: 'AppendAllBytes', appendsToPath: true, asyncTwin: 'AppendAllBytesAsync', sameArgumentsFor: [2], memoryTwinFor: [2], since: '9', note: FILE_NOTE.replace('{member}', 'AppendAllBytes'), source: docs('system.io.file.appendallbytesasync') },
  {
    ...FILE, member: 'ReadLines', asyncTwin: 'ReadLinesAsync', sameArgumentsFor: [1, 2], twinUse: 'await foreach', since: '7',
    note: 'File.ReadLines reads the file lazily but synchronously: every step of the foreach may block on the disk. ReadLinesAsync is consumed with await foreach.',
    source: docs('system.io.file.readlinesasync'),
  },

  // System.IO.TextReader / StreamReader.
  { ...TEXT_READER, member: 'ReadLine', asyncTwin: 'ReadLineAsync', sameArgumentsFor: [0], note: TEXT_READER_NOTE, source: docs('system.io.textreader.readlineasync') },
  { ...TEXT_READER, member: 'ReadToEnd', asyncTwin: 'ReadToEndAsync', sameArgumentsFor: [0], note: TEXT_READER_NOTE, source: docs('system.io.textreader.readtoendasync') },
  {
    ...TEXT_READER, member: 'Read', asyncTwin: 'ReadAsync', sameArgumentsFor: [1, 3], memoryTwinFor: [1], onlyArgumentCounts: [1, 3],
    twinCaveat: 'Read() with no arguments returns one character and has no twin; read into a buffer instead.',
    note: TEXT_READER_NOTE, source: docs('system.io.textreader.readasync'),
  },
  { ...TEXT_READER, member: 'ReadBlock', asyncTwin: 'ReadBlockAsync', sameArgumentsFor: [1, 3], memoryTwinFor: [1], note: TEXT_READER_NOTE, source: docs('system.io.textreader.readblockasync') },

  // System.IO.TextWriter / StreamWriter.
  { ...TEXT_WRITER, member: 'Write', buffersWrites: true, asyncTwin: 'WriteAsync', sameArgumentsFor: [1], memoryTwinFor: [1], twinCaveat: TEXT_WRITER_CAVEAT, note: TEXT_WRITER_NOTE, source: docs('system.io.textwriter.writeasync') },
  { ...TEXT_WRITER, member: 'WriteLine', buffersWrites: true, asyncTwin: 'WriteLineAsync', sameArgumentsFor: [0, 1], memoryTwinFor: [1], twinCaveat: TEXT_WRITER_CAVEAT, note: TEXT_WRITER_NOTE, source: docs('system.io.textwriter.writelineasync') },
  { ...TEXT_WRITER, member: 'Flush', asyncTwin: 'FlushAsync', sameArgumentsFor: [0], note: TEXT_WRITER_NOTE, source: docs('system.io.textwriter.flushasync') },

  // System.Net.Http.
  {
    type: 'HttpClient', namespace: 'System.Net.Http', member: 'Send', kind: 'instance', asyncTwin: 'SendAsync',
    receiverHints: ['client', 'http'], firstParameterType: 'HttpRequestMessage',
    note: 'HttpClient.Send waits for the whole HTTP exchange on the calling thread; it exists for legacy synchronous callers, not async code.',
    source: docs('system.net.http.httpclient.sendasync'),
  },
  {
    type: 'HttpContent', namespace: 'System.Net.Http', member: 'ReadAsStream', kind: 'instance', asyncTwin: 'ReadAsStreamAsync',
    sameArgumentsFor: [0, 1], receiverHints: ['content'],
    note: 'ReadAsStream may wait for the response body to start arriving on the calling thread.',
    source: docs('system.net.http.httpcontent.readasstreamasync'),
  },
  {
    type: 'HttpContent', namespace: 'System.Net.Http', member: 'CopyTo', kind: 'instance', asyncTwin: 'CopyToAsync',
    sameArgumentsFor: [3], receiverHints: ['content'],
    note: 'HttpContent.CopyTo pulls the whole body from the network and pushes it into the target stream on the calling thread.',
    source: docs('system.net.http.httpcontent.copytoasync'),
  },

  // System.Net.Sockets and friends.
  { ...SOCKET, member: 'Connect', asyncTwin: 'ConnectAsync', sameArgumentsFor: [1, 2], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.connectasync') },
  { ...SOCKET, member: 'Accept', asyncTwin: 'AcceptAsync', sameArgumentsFor: [0], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.acceptasync') },
  { ...SOCKET, member: 'Send', asyncTwin: 'SendAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [1, 2], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.sendasync') },
  { ...SOCKET, member: 'Receive', asyncTwin: 'ReceiveAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [1, 2], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.receiveasync') },
  { ...SOCKET, member: 'SendTo', asyncTwin: 'SendToAsync', sameArgumentsFor: [2, 3], memoryTwinFor: [2, 3], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.sendtoasync') },
  {
    ...SOCKET, member: 'ReceiveFrom', asyncTwin: 'ReceiveFromAsync', sameArgumentsFor: [],
    twinCaveat: 'ReceiveFrom fills a ref EndPoint; ReceiveFromAsync takes the EndPoint by value and returns the sender in its result.',
    note: SOCKET_NOTE, source: docs('system.net.sockets.socket.receivefromasync'),
  },
  { ...SOCKET, member: 'Disconnect', asyncTwin: 'DisconnectAsync', sameArgumentsFor: [1], note: SOCKET_NOTE, source: docs('system.net.sockets.socket.disconnectasync') },
  { ...SOCKET, member: 'SendFile', asyncTwin: 'SendFileAsync', sameArgumentsFor: [1, 4], memoryTwinFor: [4], note: 'SendFile reads a file and sends it over the socket on the calling thread.', source: docs('system.net.sockets.socket.sendfileasync') },
  {
    type: 'TcpClient', namespace: 'System.Net.Sockets', member: 'Connect', kind: 'instance', asyncTwin: 'ConnectAsync', sameArgumentsFor: [1, 2],
    receiverHints: ['tcp', 'client'],
    note: 'TcpClient.Connect waits for the TCP handshake, and for DNS when given a host name, on the calling thread. GetStream() is fine.',
    source: docs('system.net.sockets.tcpclient.connectasync'),
  },
  {
    type: 'TcpListener', namespace: 'System.Net.Sockets', member: 'AcceptTcpClient', kind: 'instance', asyncTwin: 'AcceptTcpClientAsync', sameArgumentsFor: [0],
    receiverHints: ['listener'],
    note: 'AcceptTcpClient parks the thread until a client connects, which may be never.',
    source: docs('system.net.sockets.tcplistener.accepttcpclientasync'),
  },
  {
    type: 'TcpListener', namespace: 'System.Net.Sockets', member: 'AcceptSocket', kind: 'instance', asyncTwin: 'AcceptSocketAsync', sameArgumentsFor: [0],
    receiverHints: ['listener'],
    note: 'AcceptSocket parks the thread until a client connects, which may be never.',
    source: docs('system.net.sockets.tcplistener.acceptsocketasync'),
  },
  {
    type: 'UdpClient', namespace: 'System.Net.Sockets', member: 'Send', kind: 'instance', asyncTwin: 'SendAsync', sameArgumentsFor: [1, 2, 3, 4], memoryTwinFor: [1, 2, 3],
    receiverHints: ['udp'],
    note: SOCKET_NOTE, source: docs('system.net.sockets.udpclient.sendasync'),
  },
  {
    type: 'UdpClient', namespace: 'System.Net.Sockets', member: 'Receive', kind: 'instance', asyncTwin: 'ReceiveAsync', sameArgumentsFor: [],
    receiverHints: ['udp'],
    twinCaveat: 'Receive(ref IPEndPoint) returns the bytes and fills the sender; ReceiveAsync() takes no endpoint and returns both in an UdpReceiveResult.',
    note: SOCKET_NOTE, source: docs('system.net.sockets.udpclient.receiveasync'),
  },
  {
    type: 'Dns', namespace: 'System.Net', member: 'GetHostEntry', kind: 'static', asyncTwin: 'GetHostEntryAsync', sameArgumentsFor: [1, 2],
    note: 'A DNS lookup can take seconds when a resolver is slow or unreachable; the synchronous call holds the thread all that time.',
    source: docs('system.net.dns.gethostentryasync'),
  },
  {
    type: 'Dns', namespace: 'System.Net', member: 'GetHostAddresses', kind: 'static', asyncTwin: 'GetHostAddressesAsync', sameArgumentsFor: [1, 2],
    ipLiteralReturnsAtOnce: 0,
    note: 'A DNS lookup can take seconds when a resolver is slow or unreachable; the synchronous call holds the thread all that time.',
    source: docs('system.net.dns.gethostaddressesasync'),
  },
  {
    type: 'Ping', namespace: 'System.Net.NetworkInformation', member: 'Send', kind: 'instance', asyncTwin: 'SendPingAsync',
    receiverHints: ['ping'],
    note: 'Ping.Send waits for the echo reply or the timeout, seconds by default, on the calling thread.',
    source: docs('system.net.networkinformation.ping.sendpingasync'),
  },
  {
    type: 'SmtpClient', namespace: 'System.Net.Mail', member: 'Send', kind: 'instance', asyncTwin: 'SendMailAsync', sameArgumentsFor: [1, 4],
    receiverHints: ['smtp', 'mail'],
    note: 'SmtpClient.Send holds the thread for the whole SMTP conversation with the mail server.',
    source: docs('system.net.mail.smtpclient.sendmailasync'),
  },
  {
    type: 'WebClient', namespace: 'System.Net', member: 'DownloadString', kind: 'instance', asyncTwin: 'DownloadStringTaskAsync', sameArgumentsFor: [1],
    receiverHints: ['webclient', 'client'],
    note: 'WebClient (obsolete since .NET 6) downloads on the calling thread; the TaskAsync twin frees it, and HttpClient replaces both.',
    source: docs('system.net.webclient.downloadstringtaskasync'),
  },
  {
    type: 'WebClient', namespace: 'System.Net', member: 'DownloadData', kind: 'instance', asyncTwin: 'DownloadDataTaskAsync', sameArgumentsFor: [1],
    receiverHints: ['webclient', 'client'],
    note: 'WebClient (obsolete since .NET 6) downloads on the calling thread; the TaskAsync twin frees it, and HttpClient replaces both.',
    source: docs('system.net.webclient.downloaddatataskasync'),
  },
  {
    type: 'WebClient', namespace: 'System.Net', member: 'DownloadFile', kind: 'instance', asyncTwin: 'DownloadFileTaskAsync', sameArgumentsFor: [2],
    receiverHints: ['webclient', 'client'],
    note: 'WebClient (obsolete since .NET 6) downloads on the calling thread; the TaskAsync twin frees it, and HttpClient replaces both.',
    source: docs('system.net.webclient.downloadfiletaskasync'),
  },
  {
    type: 'WebClient', namespace: 'System.Net', member: 'UploadString', kind: 'instance', asyncTwin: 'UploadStringTaskAsync', sameArgumentsFor: [2, 3],
    receiverHints: ['webclient', 'client'],
    note: 'WebClient (obsolete since .NET 6) uploads on the calling thread; the TaskAsync twin frees it, and HttpClient replaces both.',
    source: docs('system.net.webclient.uploadstringtaskasync'),
  },
  {
    type: 'WebRequest', namespace: 'System.Net', member: 'GetResponse', kind: 'instance', asyncTwin: 'GetResponseAsync', sameArgumentsFor: [0],
    receiverHints: ['request', 'req'],
    note: 'WebRequest (obsolete since .NET 6) waits for the whole response on the calling thread.',
    source: docs('system.net.webrequest.getresponseasync'),
  },
  {
    type: 'WebRequest', namespace: 'System.Net', member: 'GetRequestStream', kind: 'instance', asyncTwin: 'GetRequestStreamAsync', sameArgumentsFor: [0],
    receiverHints: ['request', 'req'],
    note: 'WebRequest (obsolete since .NET 6) connects to the server on the calling thread before it returns the request stream.',
    source: docs('system.net.webrequest.getrequeststreamasync'),
  },
  {
    type: 'HttpListener', namespace: 'System.Net', member: 'GetContext', kind: 'instance', asyncTwin: 'GetContextAsync', sameArgumentsFor: [0],
    receiverHints: ['listener'],
    note: 'GetContext parks the thread until a request arrives, which may be never.',
    source: docs('system.net.httplistener.getcontextasync'),
  },
  {
    type: 'NamedPipeServerStream', namespace: 'System.IO.Pipes', member: 'WaitForConnection', kind: 'instance', asyncTwin: 'WaitForConnectionAsync', sameArgumentsFor: [0],
    receiverHints: ['pipe', 'server'],
    note: 'WaitForConnection parks the thread until a client opens the pipe, which may be never.',
    source: docs('system.io.pipes.namedpipeserverstream.waitforconnectionasync'),
  },
  {
    type: 'NamedPipeClientStream', namespace: 'System.IO.Pipes', member: 'Connect', kind: 'instance', asyncTwin: 'ConnectAsync', sameArgumentsFor: [0],
    receiverHints: ['pipe', 'client'],
    twinCaveat: 'Connect(int milliseconds) carries over to ConnectAsync(int); Connect(TimeSpan) has no twin, so pass the milliseconds or a CancellationToken.',
    note: 'Connect waits for the pipe server, forever without a timeout, on the calling thread.',
    source: docs('system.io.pipes.namedpipeclientstream.connectasync'),
  },
  {
    type: 'SslStream', namespace: 'System.Net.Security', member: 'AuthenticateAsClient', kind: 'instance', asyncTwin: 'AuthenticateAsClientAsync',
    receiverHints: ['ssl', 'tls'],
    note: 'The TLS handshake takes several network round trips; the synchronous call holds the thread for all of them.',
    source: docs('system.net.security.sslstream.authenticateasclientasync'),
  },
  {
    type: 'SslStream', namespace: 'System.Net.Security', member: 'AuthenticateAsServer', kind: 'instance', asyncTwin: 'AuthenticateAsServerAsync',
    receiverHints: ['ssl', 'tls'],
    note: 'The TLS handshake takes several network round trips; the synchronous call holds the thread for all of them.',
    source: docs('system.net.security.sslstream.authenticateasserverasync'),
  },

  // Files by handle, encryption and hashing.
  {
    type: 'RandomAccess', namespace: 'System.IO', member: 'Read', kind: 'static', asyncTwin: 'ReadAsync', sameArgumentsFor: [3], memoryTwinFor: [3], since: '6',
    note: 'RandomAccess.Read reads the file at an offset on the calling thread.',
    source: docs('system.io.randomaccess.readasync'),
  },
  {
    type: 'RandomAccess', namespace: 'System.IO', member: 'Write', kind: 'static', asyncTwin: 'WriteAsync', sameArgumentsFor: [3], memoryTwinFor: [3], since: '6',
    note: 'RandomAccess.Write writes the file at an offset on the calling thread.',
    source: docs('system.io.randomaccess.writeasync'),
  },
  {
    type: 'CryptoStream', namespace: 'System.Security.Cryptography', member: 'FlushFinalBlock', kind: 'instance', asyncTwin: 'FlushFinalBlockAsync', sameArgumentsFor: [0], since: '5', missingBeforeNetStandard21: true,
    receiverHints: ['crypto'],
    note: 'FlushFinalBlock writes the last encrypted block to the stream underneath, synchronously.',
    source: docs('system.security.cryptography.cryptostream.flushfinalblockasync'),
  },
  {
    type: 'HashAlgorithm', namespace: 'System.Security.Cryptography', member: 'ComputeHash', kind: 'instance', asyncTwin: 'ComputeHashAsync', sameArgumentsFor: [1], since: '5', missingBeforeNetStandard21: true,
    blockingArgument: { index: 0, hints: ['stream'] },
    receiverHints: ['sha', 'md5', 'hash', 'hmac'],
    note: 'ComputeHash(Stream) reads the whole stream synchronously; ComputeHashAsync reads it asynchronously. The byte[] overloads are CPU work and fine.',
    source: docs('system.security.cryptography.hashalgorithm.computehashasync'),
  },
  { type: 'SHA256', namespace: 'System.Security.Cryptography', member: 'HashData', kind: 'static', asyncTwin: 'HashDataAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [2], since: '7', blockingArgument: { index: 0, hints: ['stream'] }, note: HASH_DATA_NOTE, source: docs('system.security.cryptography.sha256.hashdataasync') },
  { type: 'SHA384', namespace: 'System.Security.Cryptography', member: 'HashData', kind: 'static', asyncTwin: 'HashDataAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [2], since: '7', blockingArgument: { index: 0, hints: ['stream'] }, note: HASH_DATA_NOTE, source: docs('system.security.cryptography.sha384.hashdataasync') },
  { type: 'SHA512', namespace: 'System.Security.Cryptography', member: 'HashData', kind: 'static', asyncTwin: 'HashDataAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [2], since: '7', blockingArgument: { index: 0, hints: ['stream'] }, note: HASH_DATA_NOTE, source: docs('system.security.cryptography.sha512.hashdataasync') },
  { type: 'SHA1', namespace: 'System.Security.Cryptography', member: 'HashData', kind: 'static', asyncTwin: 'HashDataAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [2], since: '7', blockingArgument: { index: 0, hints: ['stream'] }, note: HASH_DATA_NOTE, source: docs('system.security.cryptography.sha1.hashdataasync') },
  { type: 'MD5', namespace: 'System.Security.Cryptography', member: 'HashData', kind: 'static', asyncTwin: 'HashDataAsync', sameArgumentsFor: [1, 2], memoryTwinFor: [2], since: '7', blockingArgument: { index: 0, hints: ['stream'] }, note: HASH_DATA_NOTE, source: docs('system.security.cryptography.md5.hashdataasync') },

  // System.Data.Common: ADO.NET base classes that every provider derives from.
  { ...DB_CONNECTION, member: 'Open', asyncTwin: 'OpenAsync', sameArgumentsFor: [0], note: 'Opening a connection may log in to the database server over the network; the pool only hides that when a connection is idle.', source: docs('system.data.common.dbconnection.openasync') },
  { ...DB_CONNECTION, member: 'Close', asyncTwin: 'CloseAsync', sameArgumentsFor: [0], missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbconnection.closeasync'), exemptReceiverTypes: SQLCLIENT_SYNC_TWIN },
  { ...DB_CONNECTION, member: 'BeginTransaction', asyncTwin: 'BeginTransactionAsync', sameArgumentsFor: [0, 1], missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbconnection.begintransactionasync'), exemptReceiverTypes: SQLCLIENT_SYNC_TWIN },
  { ...DB_CONNECTION, member: 'ChangeDatabase', asyncTwin: 'ChangeDatabaseAsync', sameArgumentsFor: [1], missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbconnection.changedatabaseasync'), exemptReceiverTypes: SQLCLIENT_SYNC_TWIN },
  { ...DB_CONNECTION, member: 'GetSchema', asyncTwin: 'GetSchemaAsync', sameArgumentsFor: [0, 1, 2], since: '5', missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbconnection.getschemaasync') },
  { ...DB_COMMAND, member: 'ExecuteNonQuery', asyncTwin: 'ExecuteNonQueryAsync', sameArgumentsFor: [0], note: DB_NOTE, source: docs('system.data.common.dbcommand.executenonqueryasync') },
  { ...DB_COMMAND, member: 'ExecuteReader', asyncTwin: 'ExecuteReaderAsync', sameArgumentsFor: [0, 1], note: DB_NOTE, source: docs('system.data.common.dbcommand.executereaderasync') },
  { ...DB_COMMAND, member: 'ExecuteScalar', asyncTwin: 'ExecuteScalarAsync', sameArgumentsFor: [0], note: DB_NOTE, source: docs('system.data.common.dbcommand.executescalarasync') },
  { ...DB_COMMAND, member: 'Prepare', asyncTwin: 'PrepareAsync', sameArgumentsFor: [0], missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbcommand.prepareasync') },
  { ...DB_BATCH, member: 'ExecuteNonQuery', asyncTwin: 'ExecuteNonQueryAsync', sameArgumentsFor: [0], note: DB_NOTE, source: docs('system.data.common.dbbatch.executenonqueryasync') },
  { ...DB_BATCH, member: 'ExecuteReader', asyncTwin: 'ExecuteReaderAsync', sameArgumentsFor: [0, 1], note: DB_NOTE, source: docs('system.data.common.dbbatch.executereaderasync') },
  { ...DB_BATCH, member: 'ExecuteScalar', asyncTwin: 'ExecuteScalarAsync', sameArgumentsFor: [0], note: DB_NOTE, source: docs('system.data.common.dbbatch.executescalarasync') },
  { ...DB_BATCH, member: 'Prepare', asyncTwin: 'PrepareAsync', sameArgumentsFor: [0], note: DB_NOTE, source: docs('system.data.common.dbbatch.prepareasync') },
  {
    type: 'DbDataSource', namespace: 'System.Data.Common', member: 'OpenConnection', kind: 'instance', asyncTwin: 'OpenConnectionAsync', sameArgumentsFor: [0], since: '7',
    receiverHints: ['datasource'],
    note: 'OpenConnection may log in to the database server over the network on the calling thread.',
    source: docs('system.data.common.dbdatasource.openconnectionasync'),
  },
  { ...DB_READER, member: 'Read', asyncTwin: 'ReadAsync', sameArgumentsFor: [0], note: 'DbDataReader.Read may wait for the next packet of rows from the server.', source: docs('system.data.common.dbdatareader.readasync') },
  { ...DB_READER, member: 'NextResult', asyncTwin: 'NextResultAsync', sameArgumentsFor: [0], note: 'NextResult may wait for the server to produce the next result set.', source: docs('system.data.common.dbdatareader.nextresultasync') },
  {
    ...DB_READER, member: 'GetFieldValue', asyncTwin: 'GetFieldValueAsync', sameArgumentsFor: [1], confidence: 'low',
    note: 'GetFieldValue blocks only when the reader streams columns (CommandBehavior.SequentialAccess); otherwise the row is already in memory and the async twin only adds overhead.',
    source: docs('system.data.common.dbdatareader.getfieldvalueasync'),
  },
  {
    ...DB_READER, member: 'IsDBNull', asyncTwin: 'IsDBNullAsync', sameArgumentsFor: [1], confidence: 'low',
    note: 'IsDBNull blocks only when the reader streams columns (CommandBehavior.SequentialAccess); otherwise the row is already in memory and the async twin only adds overhead.',
    source: docs('system.data.common.dbdatareader.isdbnullasync'),
  },
  { ...DB_READER, member: 'Close', asyncTwin: 'CloseAsync', sameArgumentsFor: [0], missingBeforeNetStandard21: true, note: 'Closing a reader drains the rows the server is still sending, on the calling thread.', source: docs('system.data.common.dbdatareader.closeasync') },
  { ...DB_READER, member: 'GetSchemaTable', asyncTwin: 'GetSchemaTableAsync', sameArgumentsFor: [0], since: '5', missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbdatareader.getschematableasync') },
  {
    ...DB_READER, member: 'GetColumnSchema', asyncTwin: 'GetColumnSchemaAsync', sameArgumentsFor: [0], extensionOf: 'DbDataReaderExtensions', since: '5', missingBeforeNetStandard21: true,
    note: DB_NOTE, source: docs('system.data.common.dbdatareader.getcolumnschemaasync'),
  },
  { ...DB_TRANSACTION, member: 'Commit', asyncTwin: 'CommitAsync', sameArgumentsFor: [0], missingBeforeNetStandard21: true, note: 'Commit waits for the server to make the transaction durable.', source: docs('system.data.common.dbtransaction.commitasync'), exemptReceiverTypes: SQLCLIENT_TRANSACTION_SYNC_TWIN },
  { ...DB_TRANSACTION, member: 'Rollback', asyncTwin: 'RollbackAsync', sameArgumentsFor: [0, 1], missingBeforeNetStandard21: true, note: 'Rollback waits for the server to undo the transaction.', source: docs('system.data.common.dbtransaction.rollbackasync'), exemptReceiverTypes: SQLCLIENT_TRANSACTION_SYNC_TWIN },
  { ...DB_TRANSACTION, member: 'Save', asyncTwin: 'SaveAsync', sameArgumentsFor: [1], since: '5', missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbtransaction.saveasync'), exemptReceiverTypes: SQLCLIENT_TRANSACTION_SYNC_TWIN },
  { ...DB_TRANSACTION, member: 'Release', asyncTwin: 'ReleaseAsync', sameArgumentsFor: [1], since: '5', missingBeforeNetStandard21: true, note: DB_NOTE, source: docs('system.data.common.dbtransaction.releaseasync'), exemptReceiverTypes: SQLCLIENT_TRANSACTION_SYNC_TWIN },
  {
    type: 'SqlBulkCopy', namespace: 'Microsoft.Data.SqlClient', member: 'WriteToServer', kind: 'instance', asyncTwin: 'WriteToServerAsync',
    package: 'Microsoft.Data.SqlClient', receiverHints: ['bulk'],
    note: 'WriteToServer streams every row to SQL Server on the calling thread, often for a long time.',
    source: docs('microsoft.data.sqlclient.sqlbulkcopy.writetoserverasync'),
  },
  {
    type: 'SqlCommand', namespace: 'Microsoft.Data.SqlClient', member: 'ExecuteXmlReader', kind: 'instance', asyncTwin: 'ExecuteXmlReaderAsync', sameArgumentsFor: [0],
    package: 'Microsoft.Data.SqlClient', receiverHints: ['command', 'cmd'],
    note: DB_NOTE, source: docs('microsoft.data.sqlclient.sqlcommand.executexmlreaderasync'),
  },

  // Threads, tasks, processes.
  {
    type: 'SemaphoreSlim', namespace: 'System.Threading', member: 'Wait', kind: 'instance', asyncTwin: 'WaitAsync',
    nonBlockingArguments: [
      ['0'], ['TimeSpan.Zero'], ['0', '*'], ['TimeSpan.Zero', '*'],
      ['TimeSpan.FromMilliseconds(0)'], ['TimeSpan.FromSeconds(0)'], ['millisecondsTimeout: 0'], ['timeout: TimeSpan.Zero'],
    ],
    receiverHints: ['semaphore', 'sem', 'gate', 'throttle', 'lock', 'mutex', 'signal'],
    note: 'SemaphoreSlim.Wait holds the thread while another holder works, often across that holder\'s own awaits; WaitAsync queues without a thread. A zero timeout only tests and never waits.',
    source: docs('system.threading.semaphoreslim.waitasync'),
  },
  // Microsoft.VisualStudio.Threading: in synchronous code JoinableTaskFactory.Run and JoinableTask.Join are the
  // sanctioned way to block on async work on Visual Studio's UI thread (no finding there, knowledge/blockingRunners.ts);
  // inside async code they block the thread all the same, and their awaitable twins are RunAsync and JoinAsync (the
  // library's own analyzer, VSTHRD103, asks for RunAsync; in 17.14 it says nothing of Join). A JoinableTask is
  // awaitable, so `await jtf.RunAsync(...)` takes the same delegate and gives the same result.
  {
    type: 'JoinableTaskFactory', namespace: 'Microsoft.VisualStudio.Threading', member: 'Run', kind: 'instance', asyncTwin: 'RunAsync', sameArgumentsFor: [1, 2],
    package: 'Microsoft.VisualStudio.Threading', receiverHints: ['joinabletaskfactory', 'jtf'],
    note: 'Run on the UI thread holds that thread until the work is done; RunAsync starts the same work, and the JoinableTask it returns can be awaited.',
    source: 'https://microsoft.github.io/vs-threading/analyzers/VSTHRD103.html (the analyzer of Microsoft.VisualStudio.Threading 17.14 reports "Run synchronously blocks. Await RunAsync instead." on such a call)',
  },
  {
    type: 'JoinableTask', namespace: 'Microsoft.VisualStudio.Threading', member: 'Join', kind: 'instance', asyncTwin: 'JoinAsync', sameArgumentsFor: [0, 1],
    package: 'Microsoft.VisualStudio.Threading', receiverHints: ['joinabletask'],
    note: 'JoinAsync waits for the same task without holding a thread.',
    source: 'https://learn.microsoft.com/dotnet/api/microsoft.visualstudio.threading.joinabletask.join ("Synchronously blocks the calling thread until the operation has completed"); .joinasync',
  },
  {
    type: 'Thread', namespace: 'System.Threading', member: 'Sleep', kind: 'static', asyncTwin: 'Task.Delay', twinReceiver: 'Task',
    // Thread.Sleep(0) only gives up the rest of the time slice; it does not wait, and Task.Delay(0) would not yield at all.
    nonBlockingArguments: [['0']],
    note: 'Thread.Sleep holds a thread-pool thread doing nothing for the whole delay; Task.Delay sets a timer and releases the thread.',
    source: docs('system.threading.tasks.task.delay'),
  },
  {
    type: 'Task', namespace: 'System.Threading.Tasks', member: 'Wait', kind: 'instance', asyncTwin: 'await', sameArgumentsFor: [0], ownedBy: 'ASY001',
    receiverHints: ['task'],
    twinCaveat: 'await rethrows the first exception instead of an AggregateException; Wait(timeout) and Wait(token) have no direct await form (use WaitAsync).',
    note: 'Task.Wait blocks the thread until the task ends and can deadlock under a single-threaded synchronization context.',
    source: 'https://learn.microsoft.com/dotnet/csharp/language-reference/operators/await',
  },
  {
    type: 'Task', namespace: 'System.Threading.Tasks', member: 'WaitAll', kind: 'static', asyncTwin: 'Task.WhenAll', twinReceiver: 'Task', sameArgumentsFor: [1], ownedBy: 'ASY001',
    twinCaveat: 'Several task arguments carry over too, but a two-argument call may be (tasks, timeout), which WhenAll does not take.',
    note: 'Task.WaitAll blocks the thread until every task ends.',
    source: docs('system.threading.tasks.task.whenall'),
  },
  {
    type: 'Task', namespace: 'System.Threading.Tasks', member: 'WaitAny', kind: 'static', asyncTwin: 'Task.WhenAny', twinReceiver: 'Task', sameArgumentsFor: [], ownedBy: 'ASY001',
    twinCaveat: 'WaitAny returns the index of the finished task; await Task.WhenAny returns the task itself.',
    note: 'Task.WaitAny blocks the thread until one task ends.',
    source: docs('system.threading.tasks.task.whenany'),
  },
  {
    type: 'Process', namespace: 'System.Diagnostics', member: 'WaitForExit', kind: 'instance', asyncTwin: 'WaitForExitAsync', sameArgumentsFor: [0], since: '5', missingBeforeNetStandard21: true,
    receiverHints: ['process', 'proc'],
    twinCaveat: 'WaitForExit(milliseconds) has no twin with a timeout; pass a CancellationToken that cancels after the timeout instead.',
    note: 'WaitForExit holds the thread for as long as the child process runs.',
    source: docs('system.diagnostics.process.waitforexitasync'),
  },
  {
    type: 'Parallel', namespace: 'System.Threading.Tasks', member: 'ForEach', kind: 'static', asyncTwin: 'ForEachAsync', sameArgumentsFor: [], since: '6', confidence: 'low',
    twinCaveat: 'The body becomes an async lambda (item, cancellationToken) => ValueTask; this is worth it when the body does I/O, not for CPU work.',
    note: 'Parallel.ForEach blocks the calling thread until every iteration has run, and blocking I/O inside the body holds more threads still.',
    source: docs('system.threading.tasks.parallel.foreachasync'),
  },
  {
    type: 'Parallel', namespace: 'System.Threading.Tasks', member: 'For', kind: 'static', asyncTwin: 'ForAsync', sameArgumentsFor: [], since: '8', confidence: 'low',
    twinCaveat: 'The body becomes an async lambda (index, cancellationToken) => ValueTask; this is worth it when the body does I/O, not for CPU work.',
    note: 'Parallel.For blocks the calling thread until every iteration has run.',
    source: docs('system.threading.tasks.parallel.forasync'),
  },

  // System.Xml.XmlReader.
  { ...XML_READER, member: 'Read', asyncTwin: 'ReadAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readasync') },
  { ...XML_READER, member: 'ReadInnerXml', asyncTwin: 'ReadInnerXmlAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readinnerxmlasync') },
  { ...XML_READER, member: 'ReadOuterXml', asyncTwin: 'ReadOuterXmlAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readouterxmlasync') },
  { ...XML_READER, member: 'MoveToContent', asyncTwin: 'MoveToContentAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.movetocontentasync') },
  { ...XML_READER, member: 'Skip', asyncTwin: 'SkipAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.skipasync') },
  { ...XML_READER, member: 'ReadContentAsString', asyncTwin: 'ReadContentAsStringAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readcontentasstringasync') },
  { ...XML_READER, member: 'ReadElementContentAsString', asyncTwin: 'ReadElementContentAsStringAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readelementcontentasstringasync') },
  { ...XML_READER, member: 'ReadContentAsObject', asyncTwin: 'ReadContentAsObjectAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readcontentasobjectasync') },
  { ...XML_READER, member: 'ReadElementContentAsObject', asyncTwin: 'ReadElementContentAsObjectAsync', sameArgumentsFor: [0], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readelementcontentasobjectasync') },
  { ...XML_READER, member: 'ReadContentAs', asyncTwin: 'ReadContentAsAsync', sameArgumentsFor: [2], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readcontentasasync') },
  { ...XML_READER, member: 'ReadElementContentAs', asyncTwin: 'ReadElementContentAsAsync', sameArgumentsFor: [2], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readelementcontentasasync') },
  { ...XML_READER, member: 'ReadValueChunk', asyncTwin: 'ReadValueChunkAsync', sameArgumentsFor: [3], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readvaluechunkasync') },
  { ...XML_READER, member: 'ReadContentAsBase64', asyncTwin: 'ReadContentAsBase64Async', sameArgumentsFor: [3], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readcontentasbase64async') },
  { ...XML_READER, member: 'ReadElementContentAsBase64', asyncTwin: 'ReadElementContentAsBase64Async', sameArgumentsFor: [3], twinCaveat: XML_READER_CAVEAT, note: XML_READER_NOTE, source: docs('system.xml.xmlreader.readelementcontentasbase64async') },

  // System.Xml.XmlWriter.
  { ...XML_WRITER, member: 'Flush', asyncTwin: 'FlushAsync', sameArgumentsFor: [0], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.flushasync') },
  { ...XML_WRITER, member: 'WriteStartDocument', buffersWrites: true, asyncTwin: 'WriteStartDocumentAsync', sameArgumentsFor: [0, 1], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writestartdocumentasync') },
  { ...XML_WRITER, member: 'WriteEndDocument', buffersWrites: true, asyncTwin: 'WriteEndDocumentAsync', sameArgumentsFor: [0], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writeenddocumentasync') },
  {
    ...XML_WRITER, member: 'WriteStartElement', buffersWrites: true, asyncTwin: 'WriteStartElementAsync', sameArgumentsFor: [3],
    twinCaveat: `${XML_WRITER_CAVEAT} The twin takes (prefix, localName, ns) only: WriteStartElement("x") becomes WriteStartElementAsync(null, "x", null).`,
    note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writestartelementasync'),
  },
  { ...XML_WRITER, member: 'WriteEndElement', buffersWrites: true, asyncTwin: 'WriteEndElementAsync', sameArgumentsFor: [0], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writeendelementasync') },
  { ...XML_WRITER, member: 'WriteString', buffersWrites: true, asyncTwin: 'WriteStringAsync', sameArgumentsFor: [1], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writestringasync') },
  {
    ...XML_WRITER, member: 'WriteElementString', buffersWrites: true, asyncTwin: 'WriteElementStringAsync', sameArgumentsFor: [4],
    twinCaveat: `${XML_WRITER_CAVEAT} The twin takes (prefix, localName, ns, value) only.`,
    note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writeelementstringasync'),
  },
  {
    ...XML_WRITER, member: 'WriteAttributeString', buffersWrites: true, asyncTwin: 'WriteAttributeStringAsync', sameArgumentsFor: [4],
    twinCaveat: `${XML_WRITER_CAVEAT} The twin takes (prefix, localName, ns, value) only.`,
    note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writeattributestringasync'),
  },
  { ...XML_WRITER, member: 'WriteRaw', buffersWrites: true, asyncTwin: 'WriteRawAsync', sameArgumentsFor: [1, 3], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writerawasync') },
  // WriteNode reads the XmlReader it is given as it writes, so it may block on that reader: not only a buffered write.
  { ...XML_WRITER, member: 'WriteNode', asyncTwin: 'WriteNodeAsync', sameArgumentsFor: [2], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writenodeasync') },
  { ...XML_WRITER, member: 'WriteCData', buffersWrites: true, asyncTwin: 'WriteCDataAsync', sameArgumentsFor: [1], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writecdataasync') },
  { ...XML_WRITER, member: 'WriteComment', buffersWrites: true, asyncTwin: 'WriteCommentAsync', sameArgumentsFor: [1], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writecommentasync') },
  { ...XML_WRITER, member: 'WriteBase64', buffersWrites: true, asyncTwin: 'WriteBase64Async', sameArgumentsFor: [3], twinCaveat: XML_WRITER_CAVEAT, note: XML_WRITER_NOTE, source: docs('system.xml.xmlwriter.writebase64async') },

  // System.Xml.Linq: whole documents.
  {
    type: 'XDocument', namespace: 'System.Xml.Linq', member: 'Load', kind: 'static', asyncTwin: 'LoadAsync', sameArgumentsFor: [], missingBeforeNetStandard21: true,
    blockingArgument: { index: 0, hints: ['stream', 'reader'] },
    twinCaveat: 'LoadAsync requires LoadOptions and a CancellationToken: Load(stream) becomes LoadAsync(stream, LoadOptions.None, cancellationToken). Load(path) has no twin; open a FileStream first.',
    note: 'XDocument.Load reads and parses the whole document synchronously from the stream or reader.',
    source: docs('system.xml.linq.xdocument.loadasync'),
  },
  {
    type: 'XDocument', namespace: 'System.Xml.Linq', member: 'Save', kind: 'instance', asyncTwin: 'SaveAsync', sameArgumentsFor: [], missingBeforeNetStandard21: true,
    blockingArgument: { index: 0, hints: ['stream', 'writer'] },
    receiverHints: ['doc', 'xml'],
    twinCaveat: 'SaveAsync requires SaveOptions and a CancellationToken: Save(stream) becomes SaveAsync(stream, SaveOptions.None, cancellationToken). Save(path) has no twin.',
    note: 'XDocument.Save writes the whole document synchronously to the stream or writer.',
    source: docs('system.xml.linq.xdocument.saveasync'),
  },
  {
    type: 'XElement', namespace: 'System.Xml.Linq', member: 'Load', kind: 'static', asyncTwin: 'LoadAsync', sameArgumentsFor: [], missingBeforeNetStandard21: true,
    blockingArgument: { index: 0, hints: ['stream', 'reader'] },
    twinCaveat: 'LoadAsync requires LoadOptions and a CancellationToken. Load(path) has no twin.',
    note: 'XElement.Load reads and parses the whole element synchronously from the stream or reader.',
    source: docs('system.xml.linq.xelement.loadasync'),
  },
  {
    type: 'XElement', namespace: 'System.Xml.Linq', member: 'Save', kind: 'instance', asyncTwin: 'SaveAsync', sameArgumentsFor: [], missingBeforeNetStandard21: true,
    blockingArgument: { index: 0, hints: ['stream', 'writer'] },
    receiverHints: ['element', 'xml'],
    twinCaveat: 'SaveAsync requires SaveOptions and a CancellationToken. Save(path) has no twin.',
    note: 'XElement.Save writes the whole element synchronously to the stream or writer.',
    source: docs('system.xml.linq.xelement.saveasync'),
  },

  // System.Text.Json: only the Stream overloads do I/O.
  {
    type: 'JsonSerializer', namespace: 'System.Text.Json', member: 'Serialize', kind: 'static', asyncTwin: 'SerializeAsync',
    // Every Stream overload takes the stream and the value (and maybe options, a type, a context): a call with one
    // argument is Serialize<TValue>(TValue), which returns the JSON as a string, whatever the value is named.
    onlyArgumentCounts: [2, 3, 4],
    blockingArgument: { index: 0, hints: ['stream'] },
    note: 'JsonSerializer.Serialize(Stream, ...) writes to the stream synchronously; the string and Utf8JsonWriter overloads are CPU work and fine.',
    source: docs('system.text.json.jsonserializer.serializeasync'),
  },
  {
    type: 'JsonSerializer', namespace: 'System.Text.Json', member: 'Deserialize', kind: 'static', asyncTwin: 'DeserializeAsync',
    blockingArgument: { index: 0, hints: ['stream'] },
    note: 'JsonSerializer.Deserialize(Stream, ...) reads the stream synchronously; the string, span and Utf8JsonReader overloads are CPU work and fine.',
    source: docs('system.text.json.jsonserializer.deserializeasync'),
  },
  {
    type: 'JsonDocument', namespace: 'System.Text.Json', member: 'Parse', kind: 'static', asyncTwin: 'ParseAsync', sameArgumentsFor: [1, 2],
    blockingArgument: { index: 0, hints: ['stream'] },
    note: 'JsonDocument.Parse(Stream) reads the whole stream synchronously; parsing a string or bytes is fine.',
    source: docs('system.text.json.jsondocument.parseasync'),
  },
  {
    type: 'JsonNode', namespace: 'System.Text.Json.Nodes', member: 'Parse', kind: 'static', asyncTwin: 'ParseAsync', since: '8',
    blockingArgument: { index: 0, hints: ['stream'] },
    note: 'JsonNode.Parse(Stream) reads the whole stream synchronously; parsing a string or bytes is fine.',
    source: docs('system.text.json.nodes.jsonnode.parseasync'),
  },
  {
    type: 'Utf8JsonWriter', namespace: 'System.Text.Json', member: 'Flush', kind: 'instance', asyncTwin: 'FlushAsync', sameArgumentsFor: [0],
    receiverHints: ['json', 'writer'],
    note: 'A Utf8JsonWriter over a stream writes its buffer to that stream synchronously on Flush.',
    source: docs('system.text.json.utf8jsonwriter.flushasync'),
  },

  // System.IO.Compression (async twins are .NET 10) and System.Formats.Tar. ZipFile, ZipArchive and ZipArchiveEntry are
  // in .NET Standard 2.0 and .NET Framework too, and no package brings the .NET 10 twins there (the
  // System.IO.Compression and System.IO.Compression.ZipFile packages stopped at 4.3.0, long before them), so the rows
  // also say `missingBeforeNetStandard21`: a netstandard2.1 or net48 library has no ExtractToDirectoryAsync to await.
  { type: 'ZipFile', namespace: 'System.IO.Compression', member: 'ExtractToDirectory', kind: 'static', asyncTwin: 'ExtractToDirectoryAsync', since: '10', missingBeforeNetStandard21: true, note: ZIP_NOTE, source: docs('system.io.compression.zipfile.extracttodirectoryasync') },
  { type: 'ZipFile', namespace: 'System.IO.Compression', member: 'CreateFromDirectory', kind: 'static', asyncTwin: 'CreateFromDirectoryAsync', since: '10', missingBeforeNetStandard21: true, note: ZIP_NOTE, source: docs('system.io.compression.zipfile.createfromdirectoryasync') },
  { type: 'ZipFile', namespace: 'System.IO.Compression', member: 'Open', kind: 'static', asyncTwin: 'OpenAsync', since: '10', missingBeforeNetStandard21: true, note: ZIP_NOTE, source: docs('system.io.compression.zipfile.openasync') },
  { type: 'ZipFile', namespace: 'System.IO.Compression', member: 'OpenRead', kind: 'static', asyncTwin: 'OpenReadAsync', since: '10', missingBeforeNetStandard21: true, note: ZIP_NOTE, source: docs('system.io.compression.zipfile.openreadasync') },
  {
    type: 'ZipArchive', namespace: 'System.IO.Compression', member: 'ExtractToDirectory', kind: 'instance', asyncTwin: 'ExtractToDirectoryAsync', since: '10', missingBeforeNetStandard21: true,
    extensionOf: 'ZipFileExtensions', receiverHints: ['zip', 'archive'],
    note: ZIP_NOTE, source: docs('system.io.compression.zipfileextensions.extracttodirectoryasync'),
  },
  {
    type: 'ZipArchive', namespace: 'System.IO.Compression', member: 'CreateEntryFromFile', kind: 'instance', asyncTwin: 'CreateEntryFromFileAsync', since: '10', missingBeforeNetStandard21: true,
    extensionOf: 'ZipFileExtensions', receiverHints: ['zip', 'archive'],
    note: ZIP_NOTE, source: docs('system.io.compression.zipfileextensions.createentryfromfileasync'),
  },
  {
    type: 'ZipArchiveEntry', namespace: 'System.IO.Compression', member: 'ExtractToFile', kind: 'instance', asyncTwin: 'ExtractToFileAsync', since: '10', missingBeforeNetStandard21: true,
    extensionOf: 'ZipFileExtensions', receiverHints: ['entry'],
    note: ZIP_NOTE, source: docs('system.io.compression.zipfileextensions.extracttofileasync'),
  },
  {
    type: 'ZipArchiveEntry', namespace: 'System.IO.Compression', member: 'Open', kind: 'instance', asyncTwin: 'OpenAsync', sameArgumentsFor: [0], since: '10', missingBeforeNetStandard21: true,
    receiverHints: ['entry'],
    // CreateEntry makes an empty entry: it has no data in the archive to read or decompress, so Open only wraps
    // the archive's stream for writing (Create mode) or an empty buffer (Update mode).
    nonBlockingWhenMadeBy: { members: ['CreateEntry'], source: docs('system.io.compression.ziparchive.createentry') },
    // In Read mode over a seekable stream the archive reads entries as they are requested: Open reads the entry's
    // local header, and the data is decompressed by whatever reads the stream it returns.
    inReadModeArchive: {
      note: 'The archive is opened in Read mode, where Open only seeks to the entry and reads its local header (a few dozen bytes); the data is read and decompressed later, by whatever reads the stream it returns, so the blocking that matters is there. OpenAsync reads the header without blocking.',
      source: docs('system.io.compression.ziparchivemode'),
    },
    note: 'In Update mode (or an archive whose mode is not in view) Open decompresses the whole entry into memory synchronously; in Read mode it reads the entry\'s local header, and the data as the stream is read.',
    source: docs('system.io.compression.ziparchiveentry.openasync'),
  },
  { type: 'TarFile', namespace: 'System.Formats.Tar', member: 'CreateFromDirectory', kind: 'static', asyncTwin: 'CreateFromDirectoryAsync', since: '7', note: TAR_NOTE, source: docs('system.formats.tar.tarfile.createfromdirectoryasync') },
  { type: 'TarFile', namespace: 'System.Formats.Tar', member: 'ExtractToDirectory', kind: 'static', asyncTwin: 'ExtractToDirectoryAsync', since: '7', note: TAR_NOTE, source: docs('system.formats.tar.tarfile.extracttodirectoryasync') },
  { type: 'TarReader', namespace: 'System.Formats.Tar', member: 'GetNextEntry', kind: 'instance', asyncTwin: 'GetNextEntryAsync', sameArgumentsFor: [0, 1], since: '7', receiverHints: ['tar', 'reader'], note: TAR_NOTE, source: docs('system.formats.tar.tarreader.getnextentryasync') },
  { type: 'TarWriter', namespace: 'System.Formats.Tar', member: 'WriteEntry', kind: 'instance', asyncTwin: 'WriteEntryAsync', sameArgumentsFor: [1, 2], since: '7', receiverHints: ['tar', 'writer'], note: TAR_NOTE, source: docs('system.formats.tar.tarwriter.writeentryasync') },

  // Entity Framework Core. Add/AddRange are deliberately absent: see EXEMPT_TWIN_CALLS.
  { ...EF, type: 'DbContext', member: 'SaveChanges', kind: 'instance', asyncTwin: 'SaveChangesAsync', sameArgumentsFor: [0, 1], receiverHints: ['context', 'db', 'ctx'], note: EF_NOTE, source: docs('microsoft.entityframeworkcore.dbcontext.savechangesasync') },
  {
    ...EF, type: 'DbSet', member: 'Find', kind: 'instance', asyncTwin: 'FindAsync', receiverHints: ['set', 'db.', 'context.'],
    note: 'Find queries the database on the calling thread when the entity is not already tracked.',
    source: docs('microsoft.entityframeworkcore.dbset-1.findasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', namespace: 'Microsoft.EntityFrameworkCore.Infrastructure', member: 'EnsureCreated', kind: 'instance', asyncTwin: 'EnsureCreatedAsync', sameArgumentsFor: [0],
    receiverHints: ['database'], note: EF_NOTE, source: docs('microsoft.entityframeworkcore.infrastructure.databasefacade.ensurecreatedasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', namespace: 'Microsoft.EntityFrameworkCore.Infrastructure', member: 'EnsureDeleted', kind: 'instance', asyncTwin: 'EnsureDeletedAsync', sameArgumentsFor: [0],
    receiverHints: ['database'], note: EF_NOTE, source: docs('microsoft.entityframeworkcore.infrastructure.databasefacade.ensuredeletedasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', namespace: 'Microsoft.EntityFrameworkCore.Infrastructure', member: 'CanConnect', kind: 'instance', asyncTwin: 'CanConnectAsync', sameArgumentsFor: [0],
    receiverHints: ['database'], note: EF_NOTE, source: docs('microsoft.entityframeworkcore.infrastructure.databasefacade.canconnectasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', namespace: 'Microsoft.EntityFrameworkCore.Infrastructure', member: 'BeginTransaction', kind: 'instance', asyncTwin: 'BeginTransactionAsync', sameArgumentsFor: [0],
    receiverHints: ['database'], note: EF_NOTE, source: docs('microsoft.entityframeworkcore.infrastructure.databasefacade.begintransactionasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', member: 'Migrate', kind: 'instance', asyncTwin: 'MigrateAsync', sameArgumentsFor: [0, 1], package: 'Microsoft.EntityFrameworkCore.Relational',
    extensionOf: 'RelationalDatabaseFacadeExtensions', receiverHints: ['database'],
    note: EF_NOTE, source: docs('microsoft.entityframeworkcore.relationaldatabasefacadeextensions.migrateasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', member: 'ExecuteSqlRaw', kind: 'instance', asyncTwin: 'ExecuteSqlRawAsync', package: 'Microsoft.EntityFrameworkCore.Relational',
    extensionOf: 'RelationalDatabaseFacadeExtensions', receiverHints: ['database'],
    note: EF_NOTE, source: docs('microsoft.entityframeworkcore.relationaldatabasefacadeextensions.executesqlrawasync'),
  },
  {
    ...EF, type: 'DatabaseFacade', member: 'ExecuteSql', kind: 'instance', asyncTwin: 'ExecuteSqlAsync', sameArgumentsFor: [1], package: 'Microsoft.EntityFrameworkCore.Relational',
    extensionOf: 'RelationalDatabaseFacadeExtensions', receiverHints: ['database'],
    note: EF_NOTE, source: docs('microsoft.entityframeworkcore.relationaldatabasefacadeextensions.executesqlasync'),
  },
  // The query operators (ToList, First, ExecuteDelete ...) live in efCoreQueries.ts: they need the query's origin.

  // Dapper: extension methods on IDbConnection.
  { ...DAPPER, member: 'Query', asyncTwin: 'QueryAsync', sameArgumentsFor: [1, 2, 3], twinCaveat: 'Query takes a `buffered` flag as its fourth parameter and QueryAsync does not: pass later arguments by name.', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'QueryFirst', asyncTwin: 'QueryFirstAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'QueryFirstOrDefault', asyncTwin: 'QueryFirstOrDefaultAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'QuerySingle', asyncTwin: 'QuerySingleAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'QuerySingleOrDefault', asyncTwin: 'QuerySingleOrDefaultAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'QueryMultiple', asyncTwin: 'QueryMultipleAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'Execute', asyncTwin: 'ExecuteAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'ExecuteScalar', asyncTwin: 'ExecuteScalarAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },
  { ...DAPPER, member: 'ExecuteReader', asyncTwin: 'ExecuteReaderAsync', note: DAPPER_NOTE, source: DAPPER_SOURCE },

  // Microsoft.Extensions.Caching.Distributed.
  { ...DISTRIBUTED_CACHE, member: 'Get', asyncTwin: 'GetAsync', sameArgumentsFor: [1], note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.idistributedcache.getasync') },
  { ...DISTRIBUTED_CACHE, member: 'Set', asyncTwin: 'SetAsync', sameArgumentsFor: [3], note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.idistributedcache.setasync') },
  { ...DISTRIBUTED_CACHE, member: 'Remove', asyncTwin: 'RemoveAsync', sameArgumentsFor: [1], note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.idistributedcache.removeasync') },
  { ...DISTRIBUTED_CACHE, member: 'Refresh', asyncTwin: 'RefreshAsync', sameArgumentsFor: [1], note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.idistributedcache.refreshasync') },
  { ...DISTRIBUTED_CACHE, member: 'GetString', asyncTwin: 'GetStringAsync', sameArgumentsFor: [1], extensionOf: 'DistributedCacheExtensions', note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.distributedcacheextensions.getstringasync') },
  { ...DISTRIBUTED_CACHE, member: 'SetString', asyncTwin: 'SetStringAsync', sameArgumentsFor: [2, 3], extensionOf: 'DistributedCacheExtensions', note: DISTRIBUTED_CACHE_NOTE, source: docs('microsoft.extensions.caching.distributed.distributedcacheextensions.setstringasync') },
];

/** Blocking members that have no awaitable twin: a hover can explain them, a fix cannot rename them. */
export const BLOCKING_APIS_WITHOUT_TWIN: readonly BlockingApiWithoutTwin[] = [
  {
    type: 'StreamReader', namespace: 'System.IO', member: 'EndOfStream', kind: 'instance', memberKind: 'property',
    receiverHints: ['reader'],
    suggestion: 'Loop on `while (await reader.ReadLineAsync() is { } line)` instead of testing EndOfStream.',
    note: 'EndOfStream fills the reader\'s buffer from the stream when it is empty, which is a synchronous read.',
    source: docs('system.io.streamreader.endofstream'),
  },
  {
    type: 'BlockingCollection', namespace: 'System.Collections.Concurrent', member: 'Take', kind: 'instance',
    receiverHints: ['queue', 'collection', 'buffer'],
    suggestion: 'Use System.Threading.Channels: `await channel.Reader.ReadAsync()`.',
    note: 'Take parks the thread until an item arrives.',
    waitsForNextItem: true,
    source: docs('system.threading.channels.channelreader-1.readasync'),
  },
  {
    type: 'BlockingCollection', namespace: 'System.Collections.Concurrent', member: 'Add', kind: 'instance',
    receiverHints: ['queue', 'collection', 'buffer'],
    suggestion: 'Use a bounded System.Threading.Channels channel: `await channel.Writer.WriteAsync(item)`.',
    note: 'Add on a bounded collection parks the thread until there is room.',
    source: docs('system.threading.channels.channelwriter-1.writeasync'),
  },
  {
    type: 'BlockingCollection', namespace: 'System.Collections.Concurrent', member: 'GetConsumingEnumerable', kind: 'instance',
    receiverHints: ['queue', 'collection', 'buffer'],
    suggestion: 'Use System.Threading.Channels: `await foreach (var item in channel.Reader.ReadAllAsync())`.',
    note: 'Each step of the consuming enumeration parks the thread until an item arrives.',
    waitsForNextItem: true,
    source: docs('system.threading.channels.channelreader-1.readallasync'),
  },
  {
    type: 'XmlDocument', namespace: 'System.Xml', member: 'Load', kind: 'instance',
    receiverHints: ['doc', 'xml'],
    suggestion: 'Use `await XDocument.LoadAsync(stream, LoadOptions.None, cancellationToken)`, or read the stream into memory with CopyToAsync first.',
    note: 'XmlDocument.Load reads and parses the whole document synchronously.',
    source: docs('system.xml.xmldocument.load'),
  },
  {
    type: 'XmlSerializer', namespace: 'System.Xml.Serialization', member: 'Deserialize', kind: 'instance',
    receiverHints: ['serializer'],
    suggestion: 'Read the stream into a MemoryStream with `await stream.CopyToAsync(buffer)`, then deserialize from memory.',
    note: 'XmlSerializer.Deserialize(Stream) reads the stream synchronously as it parses.',
    source: docs('system.xml.serialization.xmlserializer.deserialize'),
  },
  {
    type: 'Stream', namespace: 'System.IO', member: 'ReadByte', kind: 'instance',
    receiverHints: ['stream'],
    suggestion: 'Read into a buffer with `await stream.ReadAsync(buffer)` and index into it.',
    note: 'ReadByte on an unbuffered file or network stream is a synchronous read of one byte.',
    source: docs('system.io.stream.readbyte'),
  },
  {
    type: 'File', namespace: 'System.IO', member: 'Copy', kind: 'static',
    suggestion: 'For large files, open both with FileOptions.Asynchronous and `await source.CopyToAsync(destination)`.',
    note: 'File.Copy copies the whole file on the calling thread.',
    source: docs('system.io.file.copy'),
  },
  {
    // Confluent.Kafka has no ConsumeAsync: the maintainers' answer is a poll loop on a thread of its own (issue 487),
    // and the request for an asynchronous consume is still open (issue 2072).
    type: 'IConsumer', namespace: 'Confluent.Kafka', member: 'Consume', kind: 'instance',
    receiverHints: ['consumer'],
    suggestion: 'There is no ConsumeAsync: run the consume loop on a thread of its own (`Task.Factory.StartNew(..., TaskCreationOptions.LongRunning)` or a Thread) and hand each message to async work.',
    note: 'Consume polls the broker\'s client and waits on the calling thread until a message arrives or the timeout passes.',
    source: 'https://github.com/confluentinc/confluent-kafka-dotnet/issues/2072',
    waitsForNextItem: true,
  },
  {
    type: 'BinaryReader', namespace: 'System.IO', member: 'ReadBytes', kind: 'instance',
    receiverHints: ['reader'],
    suggestion: 'Read into a buffer with `await stream.ReadExactlyAsync(buffer)` and decode it with BinaryPrimitives.',
    note: 'BinaryReader has no async members; each read may block on the stream underneath.',
    source: docs('system.io.binaryreader'),
  },
];

const rowsByMember = new Map<string, BlockingApi[]>();
for (const row of BLOCKING_APIS) {
  const rows = rowsByMember.get(row.member) ?? [];
  rows.push(row);
  rowsByMember.set(row.member, rows);
}

/** Every blocking row whose member has this name, across declaring types (Read matches Stream, TextReader, XmlReader ...). */
export function blockingApisByMember(member: string): readonly BlockingApi[] {
  return rowsByMember.get(member) ?? [];
}

/** The rows without a twin, of that member name, whose call waits for the next item (`waitsForNextItem`). */
export function itemWaitsByMember(member: string): readonly BlockingApiWithoutTwin[] {
  return BLOCKING_APIS_WITHOUT_TWIN.filter((row) => row.waitsForNextItem && row.member === member);
}

/** Reports whether `type` is `base` or one of its known subtypes (FileStream for Stream). */
export function isKnownSubtype(type: string, base: string): boolean {
  return type === base || (KNOWN_SUBTYPES[base] ?? []).includes(type);
}

/** Reports whether a receiver identifier (or declared type name) contains one of the lower-case hints. */
export function receiverHintMatches(hints: readonly string[] | undefined, receiver: string): boolean {
  const lower = receiver.toLowerCase();
  return (hints ?? []).some((hint) => lower.includes(hint));
}

const normalizeArgument = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * Matches call arguments against one pattern of `nonBlockingArguments`: same count, and each element equal
 * after trimming and collapsing whitespace, or, for an element ending in '*', starting with the text before it.
 */
export function argumentsMatch(pattern: readonly string[], args: readonly string[]): boolean {
  if (pattern.length !== args.length) return false;
  return pattern.every((expected, i) => {
    const actual = normalizeArgument(args[i] ?? '');
    const wanted = normalizeArgument(expected);
    return wanted.endsWith('*') ? actual.startsWith(wanted.slice(0, -1)) : actual === wanted;
  });
}

/** Reports whether a call with these argument texts is one of the row's non-blocking forms (Wait(0), Wait(TimeSpan.Zero)). */
export function isNonBlockingCall(
  row: { nonBlockingArguments?: readonly (readonly string[])[] },
  args: readonly string[],
): boolean {
  return (row.nonBlockingArguments ?? []).some((pattern) => argumentsMatch(pattern, args));
}

/**
 * Checks every knowledge table for the mistakes a hand-edited table invites: a missing or non-https
 * source, duplicate rows, and field values that contradict each other. Returns one line per problem;
 * empty when all is well.
 */
export function validateKnowledge(): string[] {
  const problems: string[] = [];
  const checkSource = (where: string, source: string): void => {
    if (!source.startsWith('https://')) problems.push(`${where}: source must start with https:// (got '${source}')`);
  };
  const checkText = (where: string, field: string, text: string): void => {
    if (text.trim() === '') problems.push(`${where}: ${field} is empty`);
  };
  const checkUnique = (table: string, keys: string[]): void => {
    const seen = new Set<string>();
    for (const key of keys) {
      if (seen.has(key)) problems.push(`${table}: duplicate row ${key}`);
      seen.add(key);
    }
  };
  const checkCounts = (where: string, field: string, counts: readonly number[] | undefined): void => {
    if (counts && counts.some((n) => !Number.isInteger(n) || n < 0)) problems.push(`${where}: ${field} holds a count that is not a whole number`);
  };
  const checkHints = (where: string, hints: readonly string[] | undefined): void => {
    for (const hint of hints ?? []) {
      if (hint !== hint.toLowerCase() || hint.trim() === '') problems.push(`${where}: receiver hint '${hint}' must be non-empty lower case`);
    }
  };

  for (const row of BLOCKING_APIS) {
    const where = `BLOCKING_APIS ${row.type}.${row.member} (${row.kind})`;
    checkSource(where, row.source);
    checkText(where, 'note', row.note);
    checkText(where, 'namespace', row.namespace);
    checkText(where, 'asyncTwin', row.asyncTwin);
    checkHints(where, row.receiverHints);
    checkCounts(where, 'sameArgumentsFor', row.sameArgumentsFor);
    checkCounts(where, 'memoryTwinFor', row.memoryTwinFor);
    checkCounts(where, 'onlyArgumentCounts', row.onlyArgumentCounts);
    if (row.twinReceiver !== undefined && !row.asyncTwin.startsWith(`${row.twinReceiver}.`)) {
      problems.push(`${where}: asyncTwin '${row.asyncTwin}' must start with twinReceiver '${row.twinReceiver}.'`);
    }
    if (row.twinReceiver === undefined && row.asyncTwin.includes('.')) {
      problems.push(`${where}: asyncTwin '${row.asyncTwin}' names another receiver but twinReceiver is missing`);
    }
    if (row.onlyArgumentCounts && row.sameArgumentsFor?.some((n) => !row.onlyArgumentCounts?.includes(n))) {
      problems.push(`${where}: sameArgumentsFor lists a count outside onlyArgumentCounts`);
    }
    if (row.nonBlockingArguments?.some((pattern) => pattern.some((arg) => arg.trim() === ''))) {
      problems.push(`${where}: nonBlockingArguments holds an empty argument`);
    }
    if (row.since !== undefined && !/^\d+$/.test(row.since)) problems.push(`${where}: since must be a major version number`);
    if (row.blockingArgument && row.blockingArgument.hints.length === 0) problems.push(`${where}: blockingArgument has no hints`);
  }
  checkUnique('BLOCKING_APIS', BLOCKING_APIS.map((row) => `${row.type}.${row.member} (${row.kind})`));

  for (const row of BLOCKING_APIS_WITHOUT_TWIN) {
    const where = `BLOCKING_APIS_WITHOUT_TWIN ${row.type}.${row.member}`;
    checkSource(where, row.source);
    checkText(where, 'note', row.note);
    checkText(where, 'suggestion', row.suggestion);
    checkHints(where, row.receiverHints);
    if (BLOCKING_APIS.some((twin) => twin.type === row.type && twin.member === row.member && twin.kind === row.kind)) {
      problems.push(`${where}: also listed among the APIs with a twin`);
    }
  }
  checkUnique('BLOCKING_APIS_WITHOUT_TWIN', BLOCKING_APIS_WITHOUT_TWIN.map((row) => `${row.type}.${row.member} (${row.kind})`));

  for (const row of LOCKING_APIS) {
    const where = `LOCKING_APIS ${row.type}.${row.member} (${row.kind})`;
    checkSource(where, row.source);
    checkText(where, 'note', row.note);
    checkText(where, 'replacement', row.replacement);
    checkHints(where, row.receiverHints);
  }
  checkUnique('LOCKING_APIS', LOCKING_APIS.map((row) => `${row.type}.${row.member} (${row.kind})`));
  checkSource('LOCK_STATEMENT', LOCK_STATEMENT.source);

  for (const row of ASYNC_DISPOSABLE_TYPES) {
    const where = `ASYNC_DISPOSABLE_TYPES ${row.type}`;
    checkSource(where, row.source);
    checkText(where, 'note', row.note);
    if (EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.type === row.type)) problems.push(`${where}: also listed as an exempt in-memory type`);
    if (NOT_ASYNC_DISPOSABLE.some((other) => other.type === row.type)) problems.push(`${where}: also listed as not async-disposable`);
  }
  checkUnique('ASYNC_DISPOSABLE_TYPES', ASYNC_DISPOSABLE_TYPES.map((row) => `${row.namespace}.${row.type}`));
  const factories = ASYNC_DISPOSABLE_TYPES.flatMap((row) => row.factoryHints);
  checkUnique('ASYNC_DISPOSABLE_TYPES factoryHints', factories);
  for (const row of NOT_ASYNC_DISPOSABLE) checkSource(`NOT_ASYNC_DISPOSABLE ${row.type}`, row.source);

  for (const row of EXEMPT_RECEIVER_TYPES) checkSource(`EXEMPT_RECEIVER_TYPES ${row.type}`, row.source);
  checkUnique('EXEMPT_RECEIVER_TYPES', EXEMPT_RECEIVER_TYPES.map((row) => row.type));
  for (const row of EXEMPT_RECEIVER_EXPRESSIONS) checkSource(`EXEMPT_RECEIVER_EXPRESSIONS ${row.expression}`, row.source);
  for (const row of EXEMPT_TWIN_CALLS) {
    const where = `EXEMPT_TWIN_CALLS ${row.type}.${row.member}`;
    checkSource(where, row.source);
    if (BLOCKING_APIS.some((api) => api.type === row.type && api.member === row.member)) problems.push(`${where}: exempt but also listed as blocking`);
  }
  for (const row of PROVIDER_FACTORY_MEMBERS) checkSource(`PROVIDER_FACTORY_MEMBERS ${row.from}.${row.member}`, row.source);
  for (const row of STATIC_FACTORIES) checkSource(`STATIC_FACTORIES ${row.call}`, row.source);
  for (const row of NON_BLOCKING_ARGUMENTS) checkSource(`NON_BLOCKING_ARGUMENTS ${row.argument}`, row.source);
  for (const row of EF_CORE_QUERY_OPERATORS) {
    const where = `EF_CORE_QUERY_OPERATORS ${row.member}`;
    checkSource(where, row.source);
    if (row.asyncTwin !== `${row.member}Async`) problems.push(`${where}: the twin must be ${row.member}Async`);
    if (QUERY_COMPOSITION_OPERATORS.has(row.member)) problems.push(`${where}: also listed as a composing operator`);
  }
  checkUnique('EF_CORE_QUERY_OPERATORS', EF_CORE_QUERY_OPERATORS.map((row) => row.member));
  for (const row of ASYNC_DISPOSABLE_TYPES) {
    if (row.asyncFactory && !row.factoryHints.includes(`.${row.asyncFactory.member}`)) problems.push(`ASYNC_DISPOSABLE_TYPES ${row.type}: asyncFactory ${row.asyncFactory.member} is not among its factory hints`);
  }
  for (const row of LOCKING_APIS) {
    if (row.releasedBy && !row.threadAffine) problems.push(`LOCKING_APIS ${row.type}.${row.member}: releasedBy is only for thread-affine rows`);
  }
  for (const row of FILE_SYSTEM_TYPES) checkSource(`FILE_SYSTEM_TYPES ${row.type}`, row.source);
  for (const row of NOT_EXEMPT) {
    checkSource(`NOT_EXEMPT ${row.type}`, row.source);
    if (EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.type === row.type)) problems.push(`NOT_EXEMPT ${row.type}: also listed as exempt`);
  }
  // A token overload is either late or early, never both, and listed once.
  const tokenRows = [...LATE_TOKEN_OVERLOADS.map((row) => ({ table: 'LATE_TOKEN_OVERLOADS', row })), ...EARLY_TOKEN_OVERLOADS.map((row) => ({ table: 'EARLY_TOKEN_OVERLOADS', row }))];
  for (const { table, row } of tokenRows) {
    const where = `${table} ${row.type}.${row.method}(${row.parameters.join(', ')})`;
    checkSource(where, row.source);
    if (row.parameters[row.parameters.length - 1] !== 'CancellationToken') problems.push(`${where}: the token is the last parameter of every such overload`);
    if (tokenRows.filter((other) => other.row.type === row.type && other.row.method === row.method && other.row.parameters.join() === row.parameters.join()).length > 1) problems.push(`${where}: listed twice`);
  }
  return problems;
}
