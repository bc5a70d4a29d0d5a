/**
 * The table of framework types that take ownership of the stream given as their first constructor argument: their
 * Dispose closes that stream too, unless the constructor was told to leave it open. Read by ASY002's `await using`
 * check (rules/wrappedStreams.ts): a `using` of a stream whose wrapper is disposed first finds it closed already.
 */

export interface StreamWrapper {
  /** The type as people write it after `new`, without namespace: 'StreamWriter'. */
  type: string;
  namespace: string;
  /** The constructor parameter that keeps the stream open when it is true. */
  leaveOpenParameter: string;
  /** The page that says Dispose closes the stream underneath. */
  source: string;
}

const docs = (page: string): string => `https://learn.microsoft.com/dotnet/api/${page}`;

export const STREAM_WRAPPERS: readonly StreamWrapper[] = [
  // "The StreamWriter object calls Dispose() on the provided Stream object when StreamWriter.Dispose is called."
  { type: 'StreamWriter', namespace: 'System.IO', leaveOpenParameter: 'leaveOpen', source: docs('system.io.streamwriter.-ctor') },
  // The same sentence, for the reader: "calls Dispose() on the provided Stream object when StreamReader.Dispose is called".
  { type: 'StreamReader', namespace: 'System.IO', leaveOpenParameter: 'leaveOpen', source: docs('system.io.streamreader.-ctor') },
  { type: 'BinaryWriter', namespace: 'System.IO', leaveOpenParameter: 'leaveOpen', source: docs('system.io.binarywriter.-ctor') },
  { type: 'BinaryReader', namespace: 'System.IO', leaveOpenParameter: 'leaveOpen', source: docs('system.io.binaryreader.-ctor') },
  { type: 'GZipStream', namespace: 'System.IO.Compression', leaveOpenParameter: 'leaveOpen', source: docs('system.io.compression.gzipstream.-ctor') },
  { type: 'DeflateStream', namespace: 'System.IO.Compression', leaveOpenParameter: 'leaveOpen', source: docs('system.io.compression.deflatestream.-ctor') },
  { type: 'BrotliStream', namespace: 'System.IO.Compression', leaveOpenParameter: 'leaveOpen', source: docs('system.io.compression.brotlistream.-ctor') },
  { type: 'ZLibStream', namespace: 'System.IO.Compression', leaveOpenParameter: 'leaveOpen', source: docs('system.io.compression.zlibstream.-ctor') },
  { type: 'CryptoStream', namespace: 'System.Security.Cryptography', leaveOpenParameter: 'leaveOpen', source: docs('system.security.cryptography.cryptostream.-ctor') },
];

const BY_TYPE = new Map(STREAM_WRAPPERS.map((row) => [row.type, row]));

/** The row for a type written after `new` (its namespace, if written, dropped), or undefined. */
export function streamWrapperNamed(typeText: string): StreamWrapper | undefined {
  return BY_TYPE.get(typeText.replace(/^global::/, '').split('.').pop() ?? '');
}
