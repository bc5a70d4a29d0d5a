/**
 * Finding and reading the files of a workspace, shared by the CLI and the language server: folders are walked
 * respecting .gitignore outside project folders (inside them the project's own globbing decides, as MSBuild's does)
 * and skipping build output and tools' folders; besides C# files the walk reports the
 * project and solution files it passes. Reading decodes as the C# compiler does (UTF-8 with or without BOM, UTF-16
 * with a BOM, Windows-1252 when the bytes are not UTF-8), and says why a file is skipped (too large, binary, not a
 * regular file) instead of failing.
 * **Invariant:** every file the hosts read goes through `readBounded`: only regular files are read (a FIFO
 * would block the thread forever, `/dev/zero` would never end), their size is checked with fstat on the open
 * descriptor (so a symlink is judged by what it points at), and the read stops one byte past the limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { analysisText, isRazorComponent } from '../../parse/razor';

/** Folders that only ever hold build output, tools' state or dependencies. */
export const SKIPPED_DIRS = new Set(['bin', 'obj', 'node_modules', '.git', '.vs', '.idea', 'packages', 'TestResults']);

export type WorkspaceFileKind = 'source' | 'project' | 'solution';

/** What a walk looks for: C# sources (and Razor components, whose `@code` blocks are C#), C# project files and solutions. */
export function kindOf(name: string): WorkspaceFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.cs') || isRazorComponent(lower)) return 'source';
  if (lower.endsWith('.csproj')) return 'project';
  if (lower.endsWith('.sln') || lower.endsWith('.slnx')) return 'solution';
  return null;
}

export interface IgnoreLayer {
  dir: string;
  rules: Ignore;
}

/** The .gitignore rules in force inside `dir`: its parents' layers, plus its own file's when it has one. */
export function layersFor(dir: string, parentLayers: IgnoreLayer[], gitignoreText: string | null): IgnoreLayer[] {
  return gitignoreText === null ? parentLayers : [...parentLayers, { dir, rules: ignore().add(gitignoreText) }];
}

/** Whether a .gitignore above the path says to skip it (folders are matched with a trailing slash, as git does). */
export function isIgnored(layers: IgnoreLayer[], abs: string, isDir: boolean): boolean {
  return layers.some((l) => {
    const rel = path.relative(l.dir, abs).split(path.sep).join('/');
    return rel !== '' && !rel.startsWith('..') && l.rules.ignores(isDir ? `${rel}/` : rel);
  });
}

/** Whether a path is build output or ignored-by-convention, for file-watcher events the walk would not have seen. */
export function isInSkippedFolder(absPath: string): boolean {
  return absPath.split(/[\\/]/).slice(0, -1).some((part) => SKIPPED_DIRS.has(part));
}

export interface WalkVisitor {
  /** A file the walk found; return false to stop the walk. */
  file(abs: string, kind: WorkspaceFileKind): boolean | void;
  /** A folder that could not be read. */
  problem?(abs: string, reason: string): void;
}

/** .gitignore, .editorconfig and MSBuild files larger than this are treated as absent. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

/** A small configuration file as UTF-8 text, or null when it is absent, unreadable, not a regular file or too large. */
export function readConfigText(file: string, maxBytes = MAX_CONFIG_FILE_BYTES): string | null {
  const read = readBounded(file, maxBytes);
  return 'bytes' in read ? new TextDecoder('utf-8').decode(read.bytes) : null;
}

function readGitignore(dir: string, entries: fs.Dirent[]): string | null {
  if (!entries.some((e) => e.name === '.gitignore' && e.isFile())) return null;
  // An unreadable .gitignore is treated as absent.
  return readConfigText(path.join(dir, '.gitignore'));
}

/**
 * Whether a folder holds a C# project file. An SDK-style project compiles every .cs file below its folder except
 * build output (MSBuild's default Compile glob knows nothing of .gitignore), so below such a folder .gitignore does
 * not prune: the Visual Studio template's `[Ww][Ii][Nn]32/` rule, meant for build output, also matches a source
 * folder named Win32 whose files git tracks and the compiler builds. Build output folders (bin/, obj/) stay skipped.
 */
function holdsProject(entries: readonly fs.Dirent[]): boolean {
  return entries.some((e) => e.isFile() && kindOf(e.name) === 'project');
}

/** Walks folders depth-first in name order, synchronously (the CLI). */
export function walkSync(roots: string[], visitor: WalkVisitor): void {
  let stopped = false;
  const walk = (dir: string, layers: IgnoreLayer[], inProject: boolean) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      visitor.problem?.(dir, `cannot read folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return;
    }
    const here = layersFor(dir, layers, readGitignore(dir, entries));
    const owned = inProject || holdsProject(entries);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (stopped) return;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && (owned || !isIgnored(here, abs, true))) walk(abs, here, owned);
      } else if (e.isFile()) {
        const kind = kindOf(e.name);
        if (kind && (owned || !isIgnored(here, abs, false)) && visitor.file(abs, kind) === false) stopped = true;
      }
    }
  };
  for (const root of roots) if (!stopped) walk(root, [], false);
}

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Walks folders breadth-first (so a file limit keeps the shallow files), yielding to the event loop after
 * every folder so a language server stays responsive; `isCancelled` stops it.
 */
export async function walkAsync(roots: string[], visitor: WalkVisitor, isCancelled: () => boolean, onFolder?: () => void): Promise<'done' | 'stopped' | 'cancelled'> {
  const queue: { dir: string; layers: IgnoreLayer[]; inProject: boolean }[] = roots.map((dir) => ({ dir, layers: [], inProject: false }));
  while (queue.length) {
    if (isCancelled()) return 'cancelled';
    const { dir, layers, inProject } = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (err) {
      visitor.problem?.(dir, `cannot read folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      continue;
    }
    const here = layersFor(dir, layers, readGitignore(dir, entries));
    const owned = inProject || holdsProject(entries);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && (owned || !isIgnored(here, abs, true))) queue.push({ dir: abs, layers: here, inProject: owned });
      } else if (e.isFile()) {
        const kind = kindOf(e.name);
        if (kind && (owned || !isIgnored(here, abs, false)) && visitor.file(abs, kind) === false) return 'stopped';
      }
    }
    onFolder?.();
    await yieldToEventLoop();
  }
  return 'done';
}

function kindOfStat(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

const tooLarge = (bytes: number, maxBytes: number) => `skipped: ${Math.round(bytes / 1024)} KiB is over the ${Math.round(maxBytes / 1024)} KiB limit (--max-file-size)`;

/**
 * The bytes of a regular file of at most `maxBytes`, or why it was not read. The file is opened without
 * blocking (a FIFO opens at once instead of waiting for a writer), judged by fstat on that descriptor, and
 * read in a loop that never asks for more than `maxBytes + 1` bytes, so a file that grows while it is read,
 * or a special file that reports size 0, cannot make the read unbounded.
 */
export function readBounded(file: string, maxBytes: number): { bytes: Buffer } | { reason: string } {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return { reason: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { reason: `skipped: ${kindOfStat(stat)}, not a file` };
    if (stat.size > maxBytes) return { reason: tooLarge(stat.size, maxBytes) };
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) return { reason: tooLarge(length, maxBytes) };
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return { reason: tooLarge(length, maxBytes) };
    return { bytes: buffer.subarray(0, length) };
  } catch (err) {
    return { reason: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads one file as text as the C# compiler does: UTF-8 (with or without BOM) or UTF-16 with a BOM, and a file that
 * is not valid UTF-8 as Windows-1252 (decodeSource). A Razor component reads as the C# of its `@code` blocks, at
 * the same offsets (parse/razor.ts).
 */
export function readSource(file: string, maxBytes: number): { text: string } | { reason: string } {
  const read = readBounded(file, maxBytes);
  const decoded = 'bytes' in read ? decodeSource(read.bytes) : read;
  return 'text' in decoded ? analysisText(file, decoded.text) : decoded;
}

/**
 * The characters Windows-1252 puts at 0x80-0x9F, where ISO-8859-1 has control codes; the five bytes the code page
 * leaves undefined keep their Latin-1 value, as the WHATWG Encoding Standard's index does
 * (https://encoding.spec.whatwg.org/index-windows-1252.txt). Node's TextDecoder reads the label `windows-1252` as
 * plain Latin-1, so the difference is applied here.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Bytes as Windows-1252: one character per byte. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  // In slices, so String.fromCharCode never gets more arguments than an engine takes.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH[b - 0x80] : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * A source file's bytes as text. Without a byte order mark, the C# compiler reads UTF-8 and, when the bytes are not
 * valid UTF-8, falls back to the system's ANSI code page, else Windows-1252 (Roslyn's EncodedStringText,
 * https://github.com/dotnet/roslyn/blob/main/src/Compilers/Core/Portable/EncodedStringText.cs). Such files compile,
 * so they are read the same way (as Windows-1252, the code page of Visual Studio's Western-European installs that
 * write them: a `’` in a comment is the common case) rather than skipped with their findings.
 */
export function decodeSource(bytes: Uint8Array): { text: string } | { reason: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  const utf8Mark = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = utf8Mark ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return { reason: 'skipped: looks binary (contains NUL bytes)' };
  // A byte order mark decides the encoding, invalid bytes or not (they read as U+FFFD, as the compiler's decoder does).
  if (utf8Mark) return { text: new TextDecoder('utf-8').decode(body) };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
  } catch {
    return { text: decodeWindows1252(body) };
  }
}

/**
 * Whether an .editorconfig says `root = true` before its first section. Line by line: the multi-line expressions
 * this replaces retried every line start in a run of blank lines, quadratic in the run (50,000 empty lines took
 * eleven seconds, a 4 MiB file would have taken hours).
 */
export function declaresRoot(text: string): boolean {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) return false;
    if (/^root\s*=\s*true$/i.test(line)) return true;
  }
  return false;
}

/** The .editorconfig files that apply to a file, from the outermost folder inwards (up to `root = true`). */
export function editorConfigsFor(absFile: string, cache: Map<string, string | null>): { dir: string; text: string }[] {
  const out: { dir: string; text: string }[] = [];
  let dir = path.dirname(absFile);
  for (;;) {
    const p = path.join(dir, '.editorconfig');
    let text = cache.get(p);
    if (text === undefined) {
      text = readConfigText(p);
      cache.set(p, text);
    }
    if (text !== null) {
      out.unshift({ dir: dir.split(path.sep).join('/'), text });
      if (declaresRoot(text)) break;
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}
