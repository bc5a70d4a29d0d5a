/**
 * Finding and reading the files of a workspace, shared by the CLI and the language server: folders are walked
 * respecting .gitignore and skipping build output and tools' folders; besides C# files the walk reports the
 * project and solution files it passes. Reading decodes UTF-8 (with or without BOM) and UTF-16 with a BOM,
 * and says why a file is skipped (too large, binary, not text) instead of failing.
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Folders that only ever hold build output, tools' state or dependencies. */
export const SKIPPED_DIRS = new Set(['bin', 'obj', 'node_modules', '.git', '.vs', '.idea', 'packages', 'TestResults']);

export type WorkspaceFileKind = 'source' | 'project' | 'solution';

/** What a walk looks for: C# sources, C# project files and solutions. */
export function kindOf(name: string): WorkspaceFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.cs')) return 'source';
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

function readGitignore(dir: string, entries: fs.Dirent[]): string | null {
  if (!entries.some((e) => e.name === '.gitignore' && e.isFile())) return null;
  try {
    return fs.readFileSync(path.join(dir, '.gitignore'), 'utf8');
  } catch {
    return null; // An unreadable .gitignore is treated as absent.
  }
}

/** Walks folders depth-first in name order, synchronously (the CLI). */
export function walkSync(roots: string[], visitor: WalkVisitor): void {
  let stopped = false;
  const walk = (dir: string, layers: IgnoreLayer[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      visitor.problem?.(dir, `cannot read folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return;
    }
    const here = layersFor(dir, layers, readGitignore(dir, entries));
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (stopped) return;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !isIgnored(here, abs, true)) walk(abs, here);
      } else if (e.isFile()) {
        const kind = kindOf(e.name);
        if (kind && !isIgnored(here, abs, false) && visitor.file(abs, kind) === false) stopped = true;
      }
    }
  };
  for (const root of roots) if (!stopped) walk(root, []);
}

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Walks folders breadth-first (so a file limit keeps the shallow files), yielding to the event loop after
 * every folder so a language server stays responsive; `isCancelled` stops it.
 */
export async function walkAsync(roots: string[], visitor: WalkVisitor, isCancelled: () => boolean, onFolder?: () => void): Promise<'done' | 'stopped' | 'cancelled'> {
  const queue: { dir: string; layers: IgnoreLayer[] }[] = roots.map((dir) => ({ dir, layers: [] }));
  while (queue.length) {
    if (isCancelled()) return 'cancelled';
    const { dir, layers } = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (err) {
      visitor.problem?.(dir, `cannot read folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      continue;
    }
    const here = layersFor(dir, layers, readGitignore(dir, entries));
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !isIgnored(here, abs, true)) queue.push({ dir: abs, layers: here });
      } else if (e.isFile()) {
        const kind = kindOf(e.name);
        if (kind && !isIgnored(here, abs, false) && visitor.file(abs, kind) === false) return 'stopped';
      }
    }
    onFolder?.();
    await yieldToEventLoop();
  }
  return 'done';
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

/** The .editorconfig files that apply to a file, from the outermost folder inwards (up to `root = true`). */
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
