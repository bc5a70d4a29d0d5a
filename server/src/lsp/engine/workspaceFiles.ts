/**
 * Finds the C# files of workspace folders for the background index without blocking: the walk yields to the
 * event loop after every folder, respects .gitignore, skips build output, stops at a file limit and can be
 * cancelled. Reading and decoding reuse the CLI's rules (cli/files.ts), so both hosts see the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SKIPPED_DIRS, isIgnored, layersFor, type IgnoreLayer } from '../../cli/files';

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface WalkOptions {
  maxFiles: number;
  isCancelled(): boolean;
  onProgress?(found: number): void;
}

export interface WalkResult {
  files: string[];
  /** True when the walk stopped at maxFiles with folders left unvisited. */
  truncated: boolean;
  cancelled: boolean;
}

/** Lists .cs files under the folders (absolute paths), breadth-first so a limit keeps the shallow files. */
export async function findSourceFiles(folders: string[], options: WalkOptions): Promise<WalkResult> {
  const files: string[] = [];
  const queue: { dir: string; layers: IgnoreLayer[] }[] = folders.map((dir) => ({ dir, layers: [] }));
  while (queue.length) {
    if (options.isCancelled()) return { files, truncated: false, cancelled: true };
    const { dir, layers } = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      continue; // An unreadable folder is left out, as the CLI does.
    }
    let gitignoreText: string | null = null;
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        gitignoreText = await fs.promises.readFile(path.join(dir, '.gitignore'), 'utf8');
      } catch {
        // An unreadable .gitignore is treated as absent.
      }
    }
    const here = layersFor(dir, layers, gitignoreText);
    const ignored = (abs: string, isDir: boolean) => isIgnored(here, abs, isDir);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !ignored(abs, true)) queue.push({ dir: abs, layers: here });
      } else if (e.isFile() && e.name.endsWith('.cs') && !ignored(abs, false)) {
        if (files.length >= options.maxFiles) return { files, truncated: true, cancelled: false };
        files.push(abs);
      }
    }
    options.onProgress?.(files.length);
    await yieldToEventLoop();
  }
  return { files, truncated: false, cancelled: false };
}

/** Whether a path is build output or ignored-by-convention, for file-watcher events the walk would not have seen. */
export function isInSkippedFolder(absPath: string): boolean {
  return absPath.split(/[\\/]/).slice(0, -1).some((part) => SKIPPED_DIRS.has(part));
}
