/**
 * Finds and reads the C# files a command names, and the projects they belong to. Folders are walked with the
 * shared walk (project/host: .gitignore, bin/, obj/ and other build output skipped); a .csproj, .sln or .slnx
 * argument stands for the files its projects own. Files that are too large, binary, not text or unreadable
 * are reported and skipped, never a crash; so is a file of a walked folder whose project removes it from its Compile
 * items (`<Compile Remove="attic\**" />`), which is not part of any build. Each file gets its project context:
 * target, runtime profile and preprocessing symbols.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SourceFile } from '../analysis/project';
import type { RuntimeSetting } from '../config/settings';
import { readSource, walkSync } from '../project/host/sourceFiles';
import { createProjectHost, modelPath, type ProjectHost } from '../project/host/projects';
import { projectContext, type ProjectContext } from '../project/context';
import { UsageError, type CliIO } from './io';

export { readSource, decodeSource, editorConfigsFor, SKIPPED_DIRS } from '../project/host/sourceFiles';

/** Files larger than this are skipped: generated code of that size is not worth a language server's time. */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface FileProblem {
  file: string;
  reason: string;
}

export interface LoadedSources {
  sources: SourceFile[];
  problems: FileProblem[];
  /** The projects seen, with each file's context by display path. */
  host: ProjectHost;
  contexts: Map<string, ProjectContext>;
  /** Absolute path of each source by display path. */
  absolute: Map<string, string>;
}

export interface LoadOptions {
  maxFileBytes?: number;
  /** Called every so often while walking, for the progress line. */
  onProgress?: (filesFound: number) => void;
  runtime?: RuntimeSetting;
  configuration?: string;
  /** The target of multi-targeting projects to analyse when they list it. */
  targetFramework?: string | null;
}

/** Display path: relative to the working directory, with forward slashes. */
export function displayPath(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return (rel && !rel.startsWith('..') ? rel : file).split(path.sep).join('/');
}

export function loadSources(paths: string[], io: CliIO, options: LoadOptions = {}): LoadedSources {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const configuration = options.configuration ?? 'Release';
  const host = createProjectHost({ configuration, targetFramework: options.targetFramework ?? null });
  const files: string[] = [];
  // Files given by name are checked even when their project leaves them out of its build.
  const named = new Set<string>();
  const problems: FileProblem[] = [];
  const visitor = {
    file(abs: string, kind: 'source' | 'project' | 'solution') {
      if (kind === 'source') {
        files.push(abs);
        if (files.length % 200 === 0) options.onProgress?.(files.length);
      } else if (kind === 'project') host.addProjectFile(abs);
      else for (const problem of host.addSolution(abs).problems) problems.push({ file: displayPath(io, abs), reason: `solution: ${problem}` });
    },
    problem(abs: string, reason: string) {
      problems.push({ file: displayPath(io, abs), reason });
    },
  };
  // The folders given (a file's or a project's stands for its folder): a project in a test folder below one is test code.
  const roots: string[] = [];
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(io.cwd, p);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    const lower = abs.toLowerCase();
    roots.push(stat.isDirectory() ? abs : path.dirname(abs));
    if (stat.isDirectory()) walkSync([abs], visitor);
    else if (lower.endsWith('.csproj')) files.push(...projectSources(host, [abs], problems, io));
    else if (lower.endsWith('.sln') || lower.endsWith('.slnx')) {
      const solution = host.addSolution(abs);
      for (const problem of solution.problems) problems.push({ file: displayPath(io, abs), reason: `solution: ${problem}` });
      const present = solution.projects.filter((proj) => fs.existsSync(proj));
      for (const missing of solution.projects.filter((proj) => !fs.existsSync(proj))) problems.push({ file: displayPath(io, missing), reason: `named by ${path.basename(abs)} but not found` });
      files.push(...projectSources(host, present, problems, io));
    } else {
      files.push(abs);
      named.add(abs);
    }
  }
  host.setRoots(roots);
  const sources: SourceFile[] = [];
  const contexts = new Map<string, ProjectContext>();
  const absolute = new Map<string, string>();
  const runtime = options.runtime ?? 'auto';
  for (const file of [...new Set(files)]) {
    const display = displayPath(io, file);
    const read = readSource(file, maxBytes);
    if (!('text' in read)) {
      problems.push({ file: display, reason: read.reason });
      continue;
    }
    const owner = host.ownerOf(file);
    const remover = owner || named.has(file) ? null : host.removerOf(file);
    if (remover) {
      problems.push({ file: display, reason: `not checked: ${path.basename(remover.path)} removes it from its Compile items` });
      continue;
    }
    const context = projectContext(owner, runtime, configuration, owner ? host.packagesSeenBy(owner) : [], owner ? host.referencedProjects(owner).map((p) => p.path) : [], owner ? host.compiledBy(file) : []);
    contexts.set(display, context);
    absolute.set(display, file);
    sources.push({ path: display, text: read.text, preprocessorSymbols: context.preprocessorSymbols });
  }
  return { sources, problems, host, contexts, absolute };
}

/** The .cs files the given projects own: their folders walked, each file kept when its owner is one of them. */
function projectSources(host: ProjectHost, projects: string[], problems: FileProblem[], io: CliIO): string[] {
  const wanted = new Set(projects.map(modelPath));
  for (const p of projects) host.addProjectFile(p);
  const found: string[] = [];
  const dirs = [...new Set(projects.map((p) => path.dirname(p)))];
  walkSync(dirs, {
    file(abs, kind) {
      if (kind === 'source') found.push(abs);
      else if (kind === 'project') host.addProjectFile(abs);
    },
    problem(abs, reason) {
      problems.push({ file: displayPath(io, abs), reason });
    },
  });
  return found.filter((f) => {
    const owner = host.ownerOf(f);
    return owner !== null && wanted.has(owner.path);
  });
}
