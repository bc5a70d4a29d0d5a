/**
 * The mode a zip archive is opened in, read from the expression that opens it. The mode decides what an entry's
 * `Open()` costs: in Read mode over a seekable stream, entries are read from the archive as they are requested, so
 * Open reads the entry's local header and the data is decompressed as the returned stream is read; in Update mode the
 * archive's content is held in memory, and Open decompresses the whole entry on the calling thread
 * (https://learn.microsoft.com/dotnet/api/system.io.compression.ziparchivemode, Remarks).
 */

export type ZipArchiveModeName = 'Read' | 'Create' | 'Update';

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;

interface ArchiveOpening {
  /** Matched against the opening expression as written, from its start. */
  pattern: RegExp;
  /** The mode the opening always gives, or `argument` when a ZipArchiveMode argument says it. */
  mode: ZipArchiveModeName | 'argument';
  /** For `argument` openings: the mode when no ZipArchiveMode is written and the call has this many arguments. */
  defaultFor?: { argumentCount: number; mode: ZipArchiveModeName };
  source: string;
}

const ARCHIVE_OPENINGS: readonly ArchiveOpening[] = [
  { pattern: /^(?:(?:global::)?System\.IO\.Compression\.)?ZipFile\s*\.\s*OpenRead(?:Async)?\s*\(/, mode: 'Read', source: docs('system.io.compression.zipfile.openread') },
  { pattern: /^(?:(?:global::)?System\.IO\.Compression\.)?ZipFile\s*\.\s*Open(?:Async)?\s*\(/, mode: 'argument', source: docs('system.io.compression.zipfile.open') },
  // `new ZipArchive(stream)` opens the archive in Read mode.
  { pattern: /^new\s+(?:(?:global::)?System\.IO\.Compression\.)?ZipArchive\s*\(/, mode: 'argument', defaultFor: { argumentCount: 1, mode: 'Read' }, source: docs('system.io.compression.ziparchive.-ctor') },
  { pattern: /^(?:(?:global::)?System\.IO\.Compression\.)?ZipArchive\s*\.\s*CreateAsync\s*\(/, mode: 'argument', source: docs('system.io.compression.ziparchive.createasync') },
];

const MODE_ARGUMENT = /\bZipArchiveMode\s*\.\s*(Read|Create|Update)\b/g;

/**
 * The mode the expression opens an archive in (`new ZipArchive(stream, ZipArchiveMode.Read)`, `ZipFile.OpenRead(path)`,
 * `new ZipArchive(stream)`), or null when it is not such an opening or the mode is not written (a variable, two modes
 * in its text). `argumentCount` is how many arguments the call has.
 */
export function zipArchiveModeOf(expression: string, argumentCount: number): ZipArchiveModeName | null {
  const text = expression.trim().replace(/^await\s+/, '');
  const opening = ARCHIVE_OPENINGS.find((o) => o.pattern.test(text));
  if (!opening) return null;
  if (opening.mode !== 'argument') return opening.mode;
  const written = [...new Set([...text.matchAll(MODE_ARGUMENT)].map((m) => m[1] as ZipArchiveModeName))];
  if (written.length === 1) return written[0];
  if (written.length === 0 && opening.defaultFor?.argumentCount === argumentCount) return opening.defaultFor.mode;
  return null;
}
