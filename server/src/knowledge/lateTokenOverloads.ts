/**
 * The tables of CancellationToken overloads by when they came, read by ASY025 (cancellation-not-forwarded) for the
 * targets the API signature database does not hold: the overloads .NET Framework never had, and the ones it and .NET
 * Standard 2.0 already had.
 */

/**
 * An overload that takes a CancellationToken and came after .NET Framework: with .NET Core (and .NET Standard 2.1)
 * or with .NET 5 and later. The API signature database holds .NET 8 and later only, so without this table a call
 * in a project built for .NET Framework is asked for a token the API there cannot take (`ReadAsStringAsync()` has no
 * `ReadAsStringAsync(CancellationToken)` on net48), and the fix would not build.
 */
export interface LateTokenOverload {
  /** The declaring type's full name: 'System.Net.Http.HttpContent'. */
  type: string;
  method: string;
  /** The overload's parameter types as written without namespace, the token included: ['Stream', 'CancellationToken']. */
  parameters: string[];
  /** Whether the method is static (`Dns.GetHostAddressesAsync`): the probe calls it on the type, not on a value. */
  static?: true;
  /** The first .NET Core (from 5 on: .NET) major version that has the overload. */
  firstCoreMajor: number;
  /** Whether .NET Standard 2.1 has it (no .NET Standard before 2.1 does). */
  netStandard21: boolean;
  /** A learn.microsoft.com page whose "Applies to" lists the versions that have the overload. */
  source: string;
}

const docs = (page: string) => `https://learn.microsoft.com/dotnet/api/${page}`;

const HTTP_CONTENT = 'System.Net.Http.HttpContent';
const HTTP_CLIENT = 'System.Net.Http.HttpClient';

export const LATE_TOKEN_OVERLOADS: readonly LateTokenOverload[] = [
  // HttpContent.s reads and copies took no token before .NET 5.
  { type: HTTP_CONTENT, method: 'ReadAsStringAsync', parameters: ['CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpcontent.readasstringasync') },
  { type: HTTP_CONTENT, method: 'ReadAsStreamAsync', parameters: ['CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpcontent.readasstreamasync') },
  { type: HTTP_CONTENT, method: 'ReadAsByteArrayAsync', parameters: ['CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpcontent.readasbytearrayasync') },
  { type: HTTP_CONTENT, method: 'CopyToAsync', parameters: ['Stream', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpcontent.copytoasync') },
  { type: HTTP_CONTENT, method: 'CopyToAsync', parameters: ['Stream', 'TransportContext', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpcontent.copytoasync') },
  { type: HTTP_CONTENT, method: 'LoadIntoBufferAsync', parameters: ['CancellationToken'], firstCoreMajor: 9, netStandard21: false, source: docs('system.net.http.httpcontent.loadintobufferasync') },
  // HttpClient's Get...Async shortcuts for a body took no token before .NET 5 either.
  { type: HTTP_CLIENT, method: 'GetStringAsync', parameters: ['string', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getstringasync') },
  { type: HTTP_CLIENT, method: 'GetStringAsync', parameters: ['Uri', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getstringasync') },
  { type: HTTP_CLIENT, method: 'GetByteArrayAsync', parameters: ['string', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getbytearrayasync') },
  { type: HTTP_CLIENT, method: 'GetByteArrayAsync', parameters: ['Uri', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getbytearrayasync') },
  { type: HTTP_CLIENT, method: 'GetStreamAsync', parameters: ['string', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getstreamasync') },
  { type: HTTP_CLIENT, method: 'GetStreamAsync', parameters: ['Uri', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.http.httpclient.getstreamasync') },
  // Stream.CopyToAsync(Stream, CancellationToken) without a buffer size came with .NET Core 2.1 and .NET Standard 2.1;
  // .NET Framework has only CopyToAsync(Stream, int, CancellationToken).
  { type: 'System.IO.Stream', method: 'CopyToAsync', parameters: ['Stream', 'CancellationToken'], firstCoreMajor: 2, netStandard21: true, source: docs('system.io.stream.copytoasync') },
  // The readers' ReadToEndAsync and ReadLineAsync took a token from .NET 7 on.
  { type: 'System.IO.TextReader', method: 'ReadToEndAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.textreader.readtoendasync') },
  { type: 'System.IO.TextReader', method: 'ReadLineAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.textreader.readlineasync') },
  { type: 'System.IO.StreamReader', method: 'ReadToEndAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.streamreader.readtoendasync') },
  { type: 'System.IO.StreamReader', method: 'ReadLineAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.streamreader.readlineasync') },
  { type: 'System.IO.StringReader', method: 'ReadToEndAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.stringreader.readtoendasync') },
  { type: 'System.IO.StringReader', method: 'ReadLineAsync', parameters: ['CancellationToken'], firstCoreMajor: 7, netStandard21: false, source: docs('system.io.stringreader.readlineasync') },
  // A writer's FlushAsync took a token from .NET 8 on (FluentFTP's proxy flushes a StreamWriter on net7.0 and older).
  { type: 'System.IO.TextWriter', method: 'FlushAsync', parameters: ['CancellationToken'], firstCoreMajor: 8, netStandard21: false, source: docs('system.io.textwriter.flushasync') },
  { type: 'System.IO.StreamWriter', method: 'FlushAsync', parameters: ['CancellationToken'], firstCoreMajor: 8, netStandard21: false, source: docs('system.io.streamwriter.flushasync') },
  // Name resolution and a socket's connect took a token from .NET 6 on, TcpClient's connect from .NET 5: a driver that targets netstandard2.0 beside
  // .NET passes it under `#if NET` (the RabbitMQ client's socket factory), and one that targets only the older
  // frameworks cannot pass it at all.
  { type: 'System.Net.Dns', method: 'GetHostAddressesAsync', parameters: ['string', 'CancellationToken'], static: true, firstCoreMajor: 6, netStandard21: false, source: docs('system.net.dns.gethostaddressesasync') },
  { type: 'System.Net.Dns', method: 'GetHostEntryAsync', parameters: ['string', 'CancellationToken'], static: true, firstCoreMajor: 6, netStandard21: false, source: docs('system.net.dns.gethostentryasync') },
  { type: 'System.Net.Sockets.Socket', method: 'ConnectAsync', parameters: ['EndPoint', 'CancellationToken'], firstCoreMajor: 6, netStandard21: false, source: docs('system.net.sockets.socket.connectasync') },
  { type: 'System.Net.Sockets.Socket', method: 'ConnectAsync', parameters: ['IPAddress', 'int', 'CancellationToken'], firstCoreMajor: 6, netStandard21: false, source: docs('system.net.sockets.socket.connectasync') },
  { type: 'System.Net.Sockets.Socket', method: 'ConnectAsync', parameters: ['string', 'int', 'CancellationToken'], firstCoreMajor: 6, netStandard21: false, source: docs('system.net.sockets.socket.connectasync') },
  { type: 'System.Net.Sockets.TcpClient', method: 'ConnectAsync', parameters: ['IPAddress', 'int', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.sockets.tcpclient.connectasync') },
  { type: 'System.Net.Sockets.TcpClient', method: 'ConnectAsync', parameters: ['string', 'int', 'CancellationToken'], firstCoreMajor: 5, netStandard21: false, source: docs('system.net.sockets.tcpclient.connectasync') },
  { type: 'System.Net.Sockets.UdpClient', method: 'ReceiveAsync', parameters: ['CancellationToken'], firstCoreMajor: 6, netStandard21: false, source: docs('system.net.sockets.udpclient.receiveasync') },
];

/**
 * An overload that takes a CancellationToken and that .NET Framework 4.5, .NET Standard 2.0 and every .NET Core
 * already had: on those targets, which the API signature database does not hold, the overload is there (a
 * netstandard2.0 library's `Task.Delay(ms)` can be given the token), so the rule need not say it may be missing.
 */
export interface EarlyTokenOverload {
  /** The declaring type's full name: 'System.Threading.Tasks.Task'. */
  type: string;
  method: string;
  /** The overload's parameter types as written without namespace, the token included. */
  parameters: string[];
  /** Whether the method is static (`Task.Delay`). */
  static?: true;
  /** A learn.microsoft.com page whose "Applies to" lists .NET Framework 4.5 and .NET Standard 2.0. */
  source: string;
}

const STREAM = 'System.IO.Stream';
const NETWORK_STREAM = 'System.Net.Sockets.NetworkStream';
const BYTES = ['byte[]', 'int', 'int', 'CancellationToken'];

export const EARLY_TOKEN_OVERLOADS: readonly EarlyTokenOverload[] = [
  // Task's waits took a token from .NET Framework 4.0 on, Task.Delay came with 4.5 with its token overloads.
  { type: 'System.Threading.Tasks.Task', method: 'Wait', parameters: ['CancellationToken'], source: docs('system.threading.tasks.task.wait') },
  { type: 'System.Threading.Tasks.Task', method: 'Wait', parameters: ['int', 'CancellationToken'], source: docs('system.threading.tasks.task.wait') },
  { type: 'System.Threading.Tasks.Task', method: 'Delay', parameters: ['int', 'CancellationToken'], static: true, source: docs('system.threading.tasks.task.delay') },
  { type: 'System.Threading.Tasks.Task', method: 'Delay', parameters: ['TimeSpan', 'CancellationToken'], static: true, source: docs('system.threading.tasks.task.delay') },
  { type: 'System.Threading.SemaphoreSlim', method: 'WaitAsync', parameters: ['CancellationToken'], source: docs('system.threading.semaphoreslim.waitasync') },
  { type: 'System.Threading.SemaphoreSlim', method: 'WaitAsync', parameters: ['int', 'CancellationToken'], source: docs('system.threading.semaphoreslim.waitasync') },
  { type: 'System.Threading.SemaphoreSlim', method: 'WaitAsync', parameters: ['TimeSpan', 'CancellationToken'], source: docs('system.threading.semaphoreslim.waitasync') },
  // Stream's array-based async methods took a token from .NET Framework 4.5 on; NetworkStream overrides the reads and
  // writes in .NET, so its calls resolve to its own declarations.
  { type: STREAM, method: 'ReadAsync', parameters: BYTES, source: docs('system.io.stream.readasync') },
  { type: STREAM, method: 'WriteAsync', parameters: BYTES, source: docs('system.io.stream.writeasync') },
  { type: STREAM, method: 'FlushAsync', parameters: ['CancellationToken'], source: docs('system.io.stream.flushasync') },
  { type: STREAM, method: 'CopyToAsync', parameters: ['Stream', 'int', 'CancellationToken'], source: docs('system.io.stream.copytoasync') },
  { type: NETWORK_STREAM, method: 'ReadAsync', parameters: BYTES, source: docs('system.net.sockets.networkstream.readasync') },
  { type: NETWORK_STREAM, method: 'WriteAsync', parameters: BYTES, source: docs('system.net.sockets.networkstream.writeasync') },
  // HttpClient came with .NET Framework 4.5, each of its request methods with a token overload.
  { type: 'System.Net.Http.HttpClient', method: 'SendAsync', parameters: ['HttpRequestMessage', 'CancellationToken'], source: docs('system.net.http.httpclient.sendasync') },
  { type: 'System.Net.Http.HttpClient', method: 'GetAsync', parameters: ['string', 'CancellationToken'], source: docs('system.net.http.httpclient.getasync') },
  { type: 'System.Net.Http.HttpClient', method: 'GetAsync', parameters: ['Uri', 'CancellationToken'], source: docs('system.net.http.httpclient.getasync') },
  { type: 'System.Net.Http.HttpClient', method: 'PostAsync', parameters: ['string', 'HttpContent', 'CancellationToken'], source: docs('system.net.http.httpclient.postasync') },
  { type: 'System.Net.Http.HttpClient', method: 'PostAsync', parameters: ['Uri', 'HttpContent', 'CancellationToken'], source: docs('system.net.http.httpclient.postasync') },
  { type: 'System.Net.Http.HttpClient', method: 'PutAsync', parameters: ['string', 'HttpContent', 'CancellationToken'], source: docs('system.net.http.httpclient.putasync') },
  { type: 'System.Net.Http.HttpClient', method: 'DeleteAsync', parameters: ['string', 'CancellationToken'], source: docs('system.net.http.httpclient.deleteasync') },
];

/** The late row for an overload, by its declaring type's full name, its name and its parameter types (namespaces and `?` ignored). */
export function lateTokenOverload(type: string, method: string, parameterTypes: readonly string[]): LateTokenOverload | undefined {
  return rowFor(LATE_TOKEN_OVERLOADS, type, method, parameterTypes);
}

/** The early row for an overload, found as lateTokenOverload finds a late one. */
export function earlyTokenOverload(type: string, method: string, parameterTypes: readonly string[]): EarlyTokenOverload | undefined {
  return rowFor(EARLY_TOKEN_OVERLOADS, type, method, parameterTypes);
}

function rowFor<Row extends { type: string; method: string; parameters: string[] }>(rows: readonly Row[], type: string, method: string, parameterTypes: readonly string[]): Row | undefined {
  const short = (t: string) => t.replace(/\s+/g, '').replace(/\?$/, '').replace(/^(?:global::)?(?:[A-Za-z_]\w*\.)+/, '');
  const wanted = parameterTypes.map(short);
  return rows.find((row) => row.type === type && row.method === method
    && row.parameters.length === wanted.length && row.parameters.every((p, i) => p === wanted[i]));
}
