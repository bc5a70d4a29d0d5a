/**
 * Finds the C# files (and the project files) of workspace folders for the background index without blocking:
 * the shared walk (project/host/sourceFiles.ts) yields to the event loop after every folder, respects
 * .gitignore, skips build output, stops at a file limit and can be cancelled.
 */
import { walkAsync } from '../../project/host/sourceFiles';

export { yieldToEventLoop, isInSkippedFolder } from '../../project/host/sourceFiles';

export interface WalkOptions {
  maxFiles: number;
  isCancelled(): boolean;
  onProgress?(found: number): void;
}

export interface WalkResult {
  files: string[];
  /** Project files (.csproj) met on the way. */
  projects: string[];
  /** True when the walk stopped at maxFiles with folders left unvisited. */
  truncated: boolean;
  cancelled: boolean;
}

/** Lists .cs files under the folders (absolute paths), breadth-first so a limit keeps the shallow files. */
export async function findSourceFiles(folders: string[], options: WalkOptions): Promise<WalkResult> {
  const files: string[] = [];
  const projects: string[] = [];
  let truncated = false;
  const outcome = await walkAsync(folders, {
    file(abs, kind) {
      if (kind === 'project') projects.push(abs);
      if (kind !== 'source') return;
      if (files.length >= options.maxFiles) {
        truncated = true;
        return false;
      }
      files.push(abs);
    },
  }, options.isCancelled, () => options.onProgress?.(files.length));
  return { files, projects, truncated, cancelled: outcome === 'cancelled' };
}
