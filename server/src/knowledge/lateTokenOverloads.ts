/** The table of CancellationToken overloads .NET Framework never had, read by ASY025 (cancellation-not-forwarded). */

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
];

/** The row for an overload, by its declaring type's full name, its name and its parameter types (namespaces and `?` ignored). */
export function lateTokenOverload(type: string, method: string, parameterTypes: readonly string[]): LateTokenOverload | undefined {
  const short = (t: string) => t.replace(/\s+/g, '').replace(/\?$/, '').replace(/^(?:global::)?(?:[A-Za-z_]\w*\.)+/, '');
  const wanted = parameterTypes.map(short);
  return LATE_TOKEN_OVERLOADS.find((row) => row.type === type && row.method === method
    && row.parameters.length === wanted.length && row.parameters.every((p, i) => p === wanted[i]));
}
