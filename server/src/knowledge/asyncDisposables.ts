/** The table of types whose `using` inside async code should be `await using`, read by ASY002 (sync-api-in-async). */

/**
 * A type that implements IAsyncDisposable and whose DisposeAsync does asynchronous work that Dispose does
 * synchronously (flushing a buffer to a file, writing a trailer, waiting for callbacks).
 */
export interface AsyncDisposableType {
  /** The type as people write it, without namespace: 'FileStream'. */
  type: string;
  namespace: string;
  /**
   * Expressions that produce the type, so a `using var x = <expression>` is recognized without a declared
   * type. Three forms: 'new FileStream' (object creation), 'File.OpenRead' (a static call, receiver and
   * member as written) and '.CreateCommand' (an instance call of that member on any receiver).
   */
  factoryHints: string[];
  /** What DisposeAsync does that makes `await using` worth it, in a sentence for the diagnostic note. */
  note: string;
  /** A learn.microsoft.com page (or source file URL) that shows the type implements IAsyncDisposable. */
  source: string;
  /** Major .NET version that made the type IAsyncDisposable, when .NET Core 3.1 and .NET Standard 2.1 lack it: '5', '7', '10'. */
  since?: string;
  /** NuGet package that ships the type, when it is not part of the shared framework. */
  package?: string;
  /**
   * The type has no DisposeAsync on .NET Framework, .NET Standard 2.0 and .NET Core before 3.0, where `await using`
   * on it does not compile (CS8417): IAsyncDisposable came with .NET Core 3.0 and .NET Standard 2.1, and so did the
   * stream, writer, ADO.NET and timer DisposeAsync methods (the "Applies to" of each row's source page). Not set for
   * Utf8JsonWriter, whose System.Text.Json package makes it IAsyncDisposable on .NET Standard 2.0 and .NET Framework
   * too, nor for package types, whose downlevel builds the table does not know. The compiler checks every row against
   * the reference assemblies of each target (test/dotnet/api-availability.test.ts).
   */
  missingBeforeNetStandard21?: true;
  /** 'low' when `await using` is an improvement only for some providers or some uses; rules may show it at a lower severity. */
  confidence?: 'low';
  /**
   * Known subtypes that inherit a DisposeAsync which only calls Dispose: `await using` gains nothing for
   * them, so a rule that sees one of these names (declared type or `new`) stays quiet.
   */
  syncDisposeSubtypes?: string[];
  /**
   * The type's own DisposeAsync only calls Dispose (Stream, TextWriter and the ADO.NET bases): a variable of the
   * type is flagged because it usually holds a subtype that overrides it, but a workspace subclass gains from
   * `await using` only when it overrides DisposeAsync itself.
   */
  disposeAsyncOnlyDisposes?: true;
  /**
   * The factory whose result is only IDisposable, and its twin whose result is IAsyncDisposable: `await using`
   * compiles only after the call is renamed (`CreateScope()` -> `CreateAsyncScope()`).
   */
  asyncFactory?: { member: string; twin: string };
  /**
   * The asynchronous work of DisposeAsync is the flush and nothing else: after an awaited FlushAsync that ends the
   * `using`, it has nothing left to write (FileStream, BufferedStream). Not for compressing or encrypting streams,
   * whose disposal writes a last block a flush does not, nor for the abstract Stream row, which may hold one.
   */
  flushIsAllItWrites?: true;
  /**
   * What DisposeAsync does is the EF Core provider's transaction disposal: a workspace that configures only providers
   * whose transaction disposal is synchronous (knowledge/efCoreQueries.ts) gains nothing from `await using`.
   */
  efCoreProviderDecides?: true;
  /**
   * The public member that writes what DisposeAsync would write and leaves it nothing more (CryptoStream's
   * FlushFinalBlock): a `using` whose body calls it before every way out disposes a stream with nothing to write.
   */
  finalizedBy?: string;
}

/** A type people put in `using` that does not need `await using`, and why. */
export interface NotAsyncDisposable {
  type: string;
  namespace: string;
  /** True when the type implements IAsyncDisposable but its DisposeAsync only calls Dispose. */
  implementsIAsyncDisposable: boolean;
  reason: string;
  source: string;
}

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;

const STREAM_FLUSH_NOTE =
  'Disposing this stream flushes its buffer to the stream or device underneath; `await using` does that write asynchronously instead of blocking the thread.';

export const ASYNC_DISPOSABLE_TYPES: readonly AsyncDisposableType[] = [
  {
    type: 'Stream', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.IO', factoryHints: [],
    note: 'A variable typed Stream often holds a FileStream or a compression stream whose DisposeAsync flushes asynchronously; `await using` lets it.',
    source: docs('system.io.stream.disposeasync'),
  },
  {
    type: 'FileStream', missingBeforeNetStandard21: true, namespace: 'System.IO',
    factoryHints: ['new FileStream', 'File.OpenRead', 'File.OpenWrite', 'File.Create', 'File.Open'],
    note: STREAM_FLUSH_NOTE,
    // DisposeAsync flushes the write buffer, then closes the handle as Dispose does
    // (dotnet/runtime src/libraries/System.Private.CoreLib/src/System/IO/Strategies/BufferedFileStreamStrategy.cs).
    source: docs('system.io.filestream.disposeasync'), flushIsAllItWrites: true,
  },
  {
    type: 'BufferedStream', missingBeforeNetStandard21: true, namespace: 'System.IO', factoryHints: ['new BufferedStream'],
    // DisposeAsync flushes its buffer, then disposes the stream underneath (dotnet/runtime System/IO/BufferedStream.cs).
    note: STREAM_FLUSH_NOTE, source: docs('system.io.bufferedstream.disposeasync'), flushIsAllItWrites: true,
  },
  {
    type: 'GZipStream', missingBeforeNetStandard21: true, namespace: 'System.IO.Compression', factoryHints: ['new GZipStream'],
    note: 'Disposing a compressing GZipStream writes the last compressed block and the trailer; `await using` writes them asynchronously.',
    source: docs('system.io.compression.gzipstream.disposeasync'),
  },
  {
    type: 'DeflateStream', missingBeforeNetStandard21: true, namespace: 'System.IO.Compression', factoryHints: ['new DeflateStream'],
    note: 'Disposing a compressing DeflateStream writes the last compressed block; `await using` writes it asynchronously.',
    source: docs('system.io.compression.deflatestream.disposeasync'),
  },
  {
    type: 'BrotliStream', missingBeforeNetStandard21: true, namespace: 'System.IO.Compression', factoryHints: ['new BrotliStream'],
    note: 'Disposing a compressing BrotliStream writes the last compressed block; `await using` writes it asynchronously.',
    source: docs('system.io.compression.brotlistream.disposeasync'),
  },
  {
    type: 'ZLibStream', namespace: 'System.IO.Compression', factoryHints: ['new ZLibStream'], since: '6',
    note: 'Disposing a compressing ZLibStream writes the last compressed block and the checksum; `await using` writes them asynchronously.',
    source: docs('system.io.compression.zlibstream.disposeasync'),
  },
  {
    type: 'CryptoStream', missingBeforeNetStandard21: true, namespace: 'System.Security.Cryptography', factoryHints: ['new CryptoStream'],
    note: 'Disposing a CryptoStream writes the final block (FlushFinalBlock) to the stream underneath; `await using` writes it asynchronously.',
    source: docs('system.security.cryptography.cryptostream.disposeasync'),
    // Dispose and DisposeAsync write the final block only when FlushFinalBlock has not (HasFlushedFinalBlock;
    // github.com/dotnet/runtime, src/libraries/System.Security.Cryptography/src/System/Security/Cryptography/CryptoStream.cs).
    finalizedBy: 'FlushFinalBlock',
  },
  {
    type: 'SslStream', missingBeforeNetStandard21: true, namespace: 'System.Net.Security', factoryHints: ['new SslStream'],
    note: 'SslStream overrides DisposeAsync to dispose its inner stream asynchronously; over a NetworkStream that waits on nothing, so it matters only for inner streams that flush.',
    source: docs('system.net.security.sslstream.disposeasync'),
    confidence: 'low',
  },
  {
    type: 'TextWriter', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.IO', factoryHints: [],
    note: 'A variable typed TextWriter often holds a StreamWriter whose DisposeAsync flushes asynchronously; `await using` lets it.',
    source: docs('system.io.textwriter.disposeasync'),
  },
  {
    type: 'StreamWriter', missingBeforeNetStandard21: true, namespace: 'System.IO', factoryHints: ['new StreamWriter', 'File.CreateText', 'File.AppendText'],
    note: 'Disposing a StreamWriter flushes its buffered text to the stream; `await using` flushes asynchronously instead of blocking.',
    source: docs('system.io.streamwriter.disposeasync'),
  },
  {
    type: 'Utf8JsonWriter', namespace: 'System.Text.Json', factoryHints: ['new Utf8JsonWriter'],
    note: 'Disposing a Utf8JsonWriter over a stream flushes pending JSON to it; `await using` flushes asynchronously.',
    source: docs('system.text.json.utf8jsonwriter.disposeasync'),
  },
  {
    type: 'XmlWriter', missingBeforeNetStandard21: true, since: '5', namespace: 'System.Xml', factoryHints: ['XmlWriter.Create'],
    note: 'Disposing an XmlWriter closes open elements and flushes to the stream; `await using` does it asynchronously when the writer was created with Async = true.',
    source: docs('system.xml.xmlwriter.disposeasync'),
    confidence: 'low',
  },
  // ADO.NET: the base classes' DisposeAsync just calls Dispose. Npgsql and MySqlConnector override it with
  // real asynchronous close, rollback and drain; Microsoft.Data.SqlClient (6.1) and Microsoft.Data.Sqlite
  // (10.0) do not, so `await using` changes nothing for them and they are listed as syncDisposeSubtypes.
  {
    type: 'DbConnection', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.Data.Common',
    factoryHints: ['new NpgsqlConnection', 'new MySqlConnection', '.OpenConnection', '.OpenConnectionAsync', '.CreateConnection'],
    syncDisposeSubtypes: ['SqlConnection', 'SqliteConnection'],
    note: 'Disposing a connection closes it, which Npgsql and MySqlConnector do with network I/O; `await using` lets them do it asynchronously.',
    source: docs('system.data.common.dbconnection.disposeasync'),
  },
  {
    type: 'DbCommand', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.Data.Common', factoryHints: ['.CreateCommand', 'new MySqlCommand'],
    syncDisposeSubtypes: ['SqlCommand', 'SqliteCommand', 'NpgsqlCommand'],
    note: 'DbCommand is IAsyncDisposable so providers can release server-side resources asynchronously; MySqlConnector does, SqlClient, Sqlite and Npgsql do not.',
    source: docs('system.data.common.dbcommand.disposeasync'),
    confidence: 'low',
  },
  {
    type: 'DbDataReader', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.Data.Common', factoryHints: ['.ExecuteReader', '.ExecuteReaderAsync'],
    syncDisposeSubtypes: ['SqlDataReader', 'SqliteDataReader'],
    note: 'Disposing a reader drains the rows the server is still sending; with Npgsql and MySqlConnector `await using` drains them asynchronously.',
    source: docs('system.data.common.dbdatareader.disposeasync'),
  },
  {
    type: 'DbTransaction', missingBeforeNetStandard21: true, disposeAsyncOnlyDisposes: true, namespace: 'System.Data.Common', factoryHints: ['.BeginTransaction', '.BeginTransactionAsync'],
    syncDisposeSubtypes: ['SqlTransaction', 'SqliteTransaction'],
    note: 'Disposing an uncommitted transaction rolls it back on the server; with Npgsql and MySqlConnector `await using` does the rollback asynchronously.',
    source: docs('system.data.common.dbtransaction.disposeasync'),
  },
  {
    type: 'DbBatch', disposeAsyncOnlyDisposes: true, namespace: 'System.Data.Common', factoryHints: ['.CreateBatch'], since: '6',
    syncDisposeSubtypes: ['SqlBatch', 'NpgsqlBatch'],
    note: 'DbBatch is IAsyncDisposable so providers can release server-side resources asynchronously; MySqlConnector does.',
    source: docs('system.data.common.dbbatch.disposeasync'),
    confidence: 'low',
  },
  {
    type: 'DbContext', namespace: 'Microsoft.EntityFrameworkCore', package: 'Microsoft.EntityFrameworkCore',
    factoryHints: ['.CreateDbContext', '.CreateDbContextAsync'],
    note: 'Disposing a DbContext disposes its connection and any open transaction; `await using` does that asynchronously, as EF Core\'s own async samples do.',
    source: docs('microsoft.entityframeworkcore.dbcontext.disposeasync'),
  },
  {
    type: 'Timer', missingBeforeNetStandard21: true, namespace: 'System.Threading', factoryHints: [],
    note: 'Timer.Dispose() returns without waiting for a callback that is running; `await using` (DisposeAsync) waits for it without blocking, so nothing runs after the scope ends.',
    source: docs('system.threading.timer.disposeasync'),
    confidence: 'low',
  },
  {
    type: 'ZipArchive', namespace: 'System.IO.Compression', since: '10',
    factoryHints: ['new ZipArchive', 'ZipFile.Open', 'ZipFile.OpenRead', 'ZipFile.OpenAsync', 'ZipFile.OpenReadAsync', 'ZipArchive.CreateAsync'],
    note: 'Disposing a ZipArchive opened for writing writes the central directory; since .NET 10 `await using` writes it asynchronously.',
    source: docs('system.io.compression.ziparchive.disposeasync'),
  },
  {
    type: 'TarWriter', namespace: 'System.Formats.Tar', factoryHints: ['new TarWriter'], since: '7',
    note: 'Disposing a TarWriter writes the end-of-archive blocks; `await using` writes them asynchronously.',
    source: docs('system.formats.tar.tarwriter.disposeasync'),
  },
  {
    type: 'TarReader', namespace: 'System.Formats.Tar', factoryHints: ['new TarReader'], since: '7',
    note: 'Disposing a TarReader disposes the entry streams it handed out; `await using` does that asynchronously.',
    source: docs('system.formats.tar.tarreader.disposeasync'),
    confidence: 'low',
  },
  {
    type: 'AsyncServiceScope', namespace: 'Microsoft.Extensions.DependencyInjection', package: 'Microsoft.Extensions.DependencyInjection.Abstractions',
    factoryHints: ['.CreateAsyncScope'], since: '6',
    note: 'A scope disposes the services it created; a plain `using` throws InvalidOperationException when one of them is only IAsyncDisposable.',
    source: docs('microsoft.extensions.dependencyinjection.asyncservicescope'),
  },
  // Declared in Microsoft.EntityFrameworkCore.Storage, reached through DbContext.Database: the namespace a file imports to get it.
  {
    type: 'IDbContextTransaction', namespace: 'Microsoft.EntityFrameworkCore', package: 'Microsoft.EntityFrameworkCore',
    factoryHints: ['.Database.BeginTransaction', '.Database.BeginTransactionAsync'], efCoreProviderDecides: true,
    note: 'Disposing an uncommitted EF Core transaction rolls it back on the server; `await using` does the rollback asynchronously with providers that support it.',
    source: docs('microsoft.entityframeworkcore.storage.idbcontexttransaction'),
  },
  {
    type: 'IServiceScope', namespace: 'Microsoft.Extensions.DependencyInjection', package: 'Microsoft.Extensions.DependencyInjection.Abstractions',
    factoryHints: ['.CreateScope'], since: '6', asyncFactory: { member: 'CreateScope', twin: 'CreateAsyncScope' },
    note: 'A scope disposes the scoped services it created; disposing it synchronously throws InvalidOperationException when one of them implements only IAsyncDisposable. CreateAsyncScope returns an AsyncServiceScope whose DisposeAsync disposes them asynchronously; IServiceScope itself is only IDisposable, so the call must be renamed for `await using` to compile.',
    source: docs('microsoft.extensions.dependencyinjection.serviceproviderserviceextensions.createasyncscope'),
  },
];

export const NOT_ASYNC_DISPOSABLE: readonly NotAsyncDisposable[] = [
  {
    type: 'MemoryStream', namespace: 'System.IO', implementsIAsyncDisposable: true,
    reason: 'MemoryStream holds bytes in memory: disposing it does no I/O, so `await using` gains nothing.',
    source: docs('system.io.memorystream'),
  },
  {
    type: 'NetworkStream', namespace: 'System.Net.Sockets', implementsIAsyncDisposable: true,
    reason: 'NetworkStream does not override DisposeAsync: it inherits Stream.DisposeAsync, which calls Dispose and closes the socket without waiting on the network.',
    source: docs('system.net.sockets.networkstream'),
  },
  {
    type: 'SqlConnection', namespace: 'Microsoft.Data.SqlClient', implementsIAsyncDisposable: true,
    reason: 'Microsoft.Data.SqlClient 6.1 does not override DisposeAsync: DbConnection.DisposeAsync calls Dispose, which returns the connection to the pool synchronously, so `await using` changes nothing.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Data.Common/src/System/Data/Common/DbConnection.cs',
  },
  {
    type: 'SqliteConnection', namespace: 'Microsoft.Data.Sqlite', implementsIAsyncDisposable: true,
    reason: 'Microsoft.Data.Sqlite does not override DisposeAsync: closing a SQLite connection is a local, synchronous operation.',
    source: 'https://learn.microsoft.com/dotnet/standard/data/sqlite/async',
  },
  {
    type: 'HttpResponseMessage', namespace: 'System.Net.Http', implementsIAsyncDisposable: false,
    reason: 'HttpResponseMessage implements IDisposable only; `await using` would not compile.',
    source: docs('system.net.http.httpresponsemessage'),
  },
  {
    type: 'HttpClient', namespace: 'System.Net.Http', implementsIAsyncDisposable: false,
    reason: 'HttpClient implements IDisposable only (and is better kept alive than disposed per call).',
    source: docs('system.net.http.httpclient'),
  },
  {
    type: 'StreamReader', namespace: 'System.IO', implementsIAsyncDisposable: false,
    reason: 'TextReader and StreamReader implement IDisposable only: a reader has nothing to flush.',
    source: docs('system.io.streamreader'),
  },
  {
    type: 'Socket', namespace: 'System.Net.Sockets', implementsIAsyncDisposable: false,
    reason: 'Socket implements IDisposable only.',
    source: docs('system.net.sockets.socket'),
  },
  {
    type: 'TcpClient', namespace: 'System.Net.Sockets', implementsIAsyncDisposable: false,
    reason: 'TcpClient implements IDisposable only.',
    source: docs('system.net.sockets.tcpclient'),
  },
  {
    type: 'SemaphoreSlim', namespace: 'System.Threading', implementsIAsyncDisposable: false,
    reason: 'SemaphoreSlim implements IDisposable only; disposing it waits for nothing.',
    source: docs('system.threading.semaphoreslim'),
  },
  {
    type: 'CancellationTokenSource', namespace: 'System.Threading', implementsIAsyncDisposable: false,
    reason: 'CancellationTokenSource implements IDisposable only.',
    source: docs('system.threading.cancellationtokensource'),
  },
  {
    type: 'Process', namespace: 'System.Diagnostics', implementsIAsyncDisposable: false,
    reason: 'Process implements IDisposable only; disposing it releases a handle and does not wait for the process.',
    source: docs('system.diagnostics.process'),
  },
];

/**
 * Ways of creating a stream or archive that leave nothing for DisposeAsync to write: opened for reading, or
 * decompressing. `await using` on them gains nothing, whatever the type's row says.
 */
export interface ReadOnlyCreation {
  /** Matched against the resource expression as written. */
  pattern: RegExp;
  reason: string;
  source: string;
}

export const READ_ONLY_CREATIONS: readonly ReadOnlyCreation[] = [
  // A helper may prefix the verb (`io.FileOpenRead(path)`, `TryOpenRead`); `OpenReadWrite` does not end the name, so it stays out.
  { pattern: /(?:^|\.)\w*Open(?:Read|Text)(?:Async)?\s*\(/, reason: 'A file or archive opened for reading (File.OpenRead, File.OpenText, ZipFile.OpenRead and helpers named alike, such as FileOpenRead) has no buffered writes to flush.', source: docs('system.io.file.openread') },
  { pattern: /\bFileAccess\.Read\b(?!Write)/, reason: 'A FileStream opened with FileAccess.Read has no buffered writes to flush.', source: docs('system.io.fileaccess') },
  { pattern: /\bCompressionMode\.Decompress\b/, reason: 'A decompressing stream writes nothing when disposed; only a compressing one writes its last block.', source: docs('system.io.compression.compressionmode') },
  { pattern: /\bCryptoStreamMode\.Read\b/, reason: 'A CryptoStream in read mode writes no final block when disposed.', source: docs('system.security.cryptography.cryptostreammode') },
  { pattern: /\bZipArchiveMode\.Read\b/, reason: 'A ZipArchive opened for reading writes no central directory when disposed.', source: docs('system.io.compression.ziparchivemode') },
  { pattern: /^new\s+(?:(?:global::)?System\.IO\.Compression\.)?ZipArchive\s*\(\s*[^,()]+\)$/, reason: 'A ZipArchive built over a stream with the one-argument constructor is opened in Read mode and writes no central directory when disposed.', source: docs('system.io.compression.ziparchive.-ctor') },
  { pattern: /(?:^|\.)(?:GetStreamAsync|ReadAsStreamAsync)\s*\(/, reason: 'An HTTP response body (HttpClient.GetStreamAsync, HttpContent.ReadAsStreamAsync) is a stream for reading only (SocketsHttpHandler\'s HttpContentReadStream: CanWrite false, Flush does nothing): there is nothing to write when it is disposed.', source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Net.Http/src/System/Net/Http/SocketsHttpHandler/HttpContentReadStream.cs' },
  { pattern: /(?:^|\.)GetManifestResourceStream\s*\(/, reason: 'An embedded resource is read from the loaded assembly\'s memory (an UnmanagedMemoryStream): disposing it writes nothing.', source: docs('system.reflection.assembly.getmanifestresourcestream') },
];

/** The read-only creation a resource expression shows, if any. */
export function readOnlyCreationOf(resourceText: string): ReadOnlyCreation | undefined {
  const text = resourceText.trim();
  return READ_ONLY_CREATIONS.find((row) => row.pattern.test(text));
}

const rowsByType = new Map<string, AsyncDisposableType>(ASYNC_DISPOSABLE_TYPES.map((row) => [row.type, row]));

/** The row for a declared type (`using FileStream fs = ...`), if `await using` is worth suggesting for it. */
export function asyncDisposableByType(type: string): AsyncDisposableType | undefined {
  return rowsByType.get(type);
}

/** The row for an object creation `new <type>(...)`, if the created type is in the table. */
export function asyncDisposableForNew(type: string): AsyncDisposableType | undefined {
  return ASYNC_DISPOSABLE_TYPES.find((row) => row.factoryHints.includes(`new ${type}`));
}

/**
 * The row for a call that produces a disposable: `File.OpenRead(...)` matches the static hint
 * 'File.OpenRead'; `connection.CreateCommand()` matches the instance hint '.CreateCommand'.
 * `receiver` is the receiver text as written (without whitespace), or undefined for an unqualified call.
 */
export function asyncDisposableForFactory(receiver: string | undefined, member: string): AsyncDisposableType | undefined {
  const qualified = receiver === undefined ? undefined : `${receiver.replace(/^(global::)?System(\.\w+)*\.(?=[A-Z]\w*$)/, '')}.${member}`;
  // A two-part instance hint ('.Database.BeginTransaction') is more specific than the member alone ('.BeginTransaction').
  const lastPart = receiver?.split('.').pop();
  return (
    ASYNC_DISPOSABLE_TYPES.find((row) => qualified !== undefined && row.factoryHints.includes(qualified)) ??
    ASYNC_DISPOSABLE_TYPES.find((row) => lastPart !== undefined && row.factoryHints.includes(`.${lastPart}.${member}`)) ??
    ASYNC_DISPOSABLE_TYPES.find((row) => receiver !== undefined && row.factoryHints.includes(`.${member}`))
  );
}
