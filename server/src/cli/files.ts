/**
 * Finds and reads the C# files a command names: folders are walked respecting .gitignore and skipping
 * bin/, obj/ and other build output; files that are too large, binary, not text or unreadable are reported
 * and skipped, never a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { SourceFile } from '../analysis/project';
import { UsageError, type CliIO } from './io';

/** Files larger than this are skipped: generated code of that size is not worth a language server's time. */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Folders that only ever hold build output, tools' state or dependencies; the language server skips the same ones. */
export const SKIPPED_DIRS = new Set(['bin', 'obj', 'node_modules', '.git', '.vs', '.idea', 'packages', 'TestResults']);

export interface FileProblem {
  file: string;
  reason: string;
}

export interface LoadedSources {
  sources: SourceFile[];
  problems: FileProblem[];
}

export interface LoadOptions {
  maxFileBytes?: number;
  /** Called every so often while walking, for the progress line. */
  onProgress?: (filesFound: number) => void;
}

/** Display path: relative to the working directory, with forward slashes. */
export function displayPath(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return (rel && !rel.startsWith('..') ? rel : file).split(path.sep).join('/');
}

export function loadSources(paths: string[], io: CliIO, options: LoadOptions = {}): LoadedSources {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files: string[] = [];
  const problems: FileProblem[] = [];
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(io.cwd, p);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    if (stat.isDirectory()) walk(abs, [], files, problems, io, options);
    else files.push(abs);
  }
  const sources: SourceFile[] = [];
  for (const file of [...new Set(files)]) {
    const display = displayPath(io, file);
    const read = readSource(file, maxBytes);
    if ('text' in read) sources.push({ path: display, text: read.text });
    else problems.push({ file: display, reason: read.reason });
  }
  return { sources, problems };
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

function walk(dir: string, layers: IgnoreLayer[], out: string[], problems: FileProblem[], io: CliIO, options: LoadOptions): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    problems.push({ file: displayPath(io, dir), reason: `cannot read folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}` });
    return;
  }
  let gitignoreText: string | null = null;
  if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
    try {
      gitignoreText = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8');
    } catch {
      // An unreadable .gitignore is treated as absent.
    }
  }
  const here = layersFor(dir, layers, gitignoreText);
  const ignored = (abs: string, isDir: boolean) => isIgnored(here, abs, isDir);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (SKIPPED_DIRS.has(e.name) || ignored(abs, true)) continue;
      walk(abs, here, out, problems, io, options);
    } else if (e.isFile() && e.name.endsWith('.cs') && !ignored(abs, false)) {
      out.push(abs);
      if (out.length % 200 === 0) options.onProgress?.(out.length);
    }
  }
}

/** Reads one file as text: UTF-8 (with or without BOM) or UTF-16 with a BOM, as Visual Studio may write. */
export function readSource(file: string, maxBytes: number): { text: string } | { reason: string } {
  let bytes: Buffer;
  try {
    const size = fs.statSync(file).size;
    if (size > maxBytes) return { reason: `skipped: ${Math.round(size / 1024)} KiB is over the ${Math.round(maxBytes / 1024)} KiB limit (--max-file-size)` };
    bytes = fs.readFileSync(file);
  } catch (err) {
    return { reason: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
  return decodeSource(bytes);
}

export function decodeSource(bytes: Uint8Array): { text: string } | { reason: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  const body = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return { reason: 'skipped: looks binary (contains NUL bytes)' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
  } catch {
    return { reason: 'skipped: not valid UTF-8 (save it as UTF-8 or UTF-16 with a BOM)' };
  }
}

/** The .editorconfig files that apply to a file, from the outermost folder inwards. */
export function editorConfigsFor(absFile: string, cache: Map<string, string | null>): { dir: string; text: string }[] {
  const out: { dir: string; text: string }[] = [];
  let dir = path.dirname(absFile);
  for (;;) {
    const p = path.join(dir, '.editorconfig');
    let text = cache.get(p);
    if (text === undefined) {
      try {
        text = fs.readFileSync(p, 'utf8');
      } catch {
        text = null;
      }
      cache.set(p, text);
    }
    if (text !== null) {
      out.unshift({ dir: dir.split(path.sep).join('/'), text });
      if (/^\s*root\s*=\s*true\s*$/im.test(text.split(/^\s*\[/m)[0])) break;
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}
