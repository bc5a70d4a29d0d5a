/**
 * Which project owns a .cs file (or a Razor component, by the same rules, in a project whose SDK builds them): the SDK's default glob (the project folder minus bin/, obj/ and dot-folders),
 * then the project's Compile Include/Remove items in order. A file inside a nested project's folder belongs to
 * the nested project: MSBuild's glob would also pull it into the outer one, which then fails to build with
 * duplicate definitions unless the outer project removes that folder, so the innermost project is the owner.
 * A file outside every project folder may still be owned through an explicit Compile Include (linked files).
 * Pure.
 */
import type { ProjectModel } from './evaluate';
import { matchesAny } from './globs';
import { isRazorComponent } from '../parse/razor';

function isUnder(file: string, dir: string): boolean {
  return file.toLowerCase().startsWith(`${dir.replace(/\/+$/, '').toLowerCase()}/`);
}

/**
 * Where the project's Compile items leave the file, replaying includes and removes in order: `included`; `removed`
 * when a Remove (`<Compile Remove="attic\**" />`) matched it after an include had taken it in and no later include
 * brought it back; `untouched` when no include reached it.
 */
function compileItemState(project: ProjectModel, file: string, nestedProjectDirs: readonly string[]): 'included' | 'removed' | 'untouched' {
  let state: 'included' | 'removed' | 'untouched' = 'untouched';
  for (const rule of project.compileRules) {
    if (rule.op === 'include') {
      if (!matchesAny(rule.globs, file) || matchesAny(rule.excludes, file)) continue;
      if (rule.isDefault && nestedProjectDirs.some((d) => isUnder(file, d))) continue;
      state = 'included';
    } else if (state === 'included' && matchesAny(rule.globs, file)) {
      state = 'removed';
    }
  }
  return state;
}

/** Whether the project's Compile items include the file (for a Razor component: whether the project builds it). */
export function compiles(project: ProjectModel, file: string, nestedProjectDirs: readonly string[] = []): boolean {
  if (isRazorComponent(file)) return buildsComponents(project) && compileItemState(project, `${file}.cs`, nestedProjectDirs) === 'included';
  return compileItemState(project, file, nestedProjectDirs) === 'included';
}

/**
 * Whether the project compiles Razor components: the Razor SDK does, and the Web, Blazor WebAssembly and Worker SDKs
 * that import it (dotnet/razor's Microsoft.NET.Sdk.Razor, https://learn.microsoft.com/aspnet/core/razor-pages/sdk).
 * Its default items take every `.razor` file below the project's folder, minus what the default Compile items leave
 * out, so a component is placed as a C# file of its name would be (`X.razor` as `X.razor.cs`).
 */
function buildsComponents(project: ProjectModel): boolean {
  return project.sdks.some((s) => /^Microsoft\.NET\.Sdk\.(Razor|Web|BlazorWebAssembly|Worker)$/i.test(s.split('/')[0]));
}

/**
 * Whether the project's Compile items take the file out again after an include had taken it in. The project's author
 * has said the file is not code to build (parked or reference-only sources kept in the folder), unlike a file no
 * project's glob reaches.
 */
export function removedFromCompile(project: ProjectModel, file: string, nestedProjectDirs: readonly string[] = []): boolean {
  return compileItemState(project, isRazorComponent(file) ? `${file}.cs` : file, nestedProjectDirs) === 'removed';
}

export interface ProjectSet {
  projects: ProjectModel[];
}

/** The folders of the projects nested below `project`'s folder. */
export function nestedProjectDirs(project: ProjectModel, all: readonly ProjectModel[]): string[] {
  return all.filter((p) => p !== project && p.directory !== project.directory && isUnder(p.directory, project.directory)).map((p) => p.directory);
}

/**
 * The project that owns a file: among the projects whose Compile items include it, the one whose folder is the
 * innermost around it, else (a linked file) the first by path. Null when no project compiles it.
 */
export function ownerOf(file: string, projects: readonly ProjectModel[], nested: (p: ProjectModel) => readonly string[] = (p) => nestedProjectDirs(p, projects)): ProjectModel | null {
  return ownerAmong(file, compilersOf(file, projects, nested));
}

/** The projects whose Compile items include the file: its owner, and those that link it in from outside their folder. */
export function compilersOf(file: string, projects: readonly ProjectModel[], nested: (p: ProjectModel) => readonly string[] = (p) => nestedProjectDirs(p, projects)): ProjectModel[] {
  const path = file.replace(/\\/g, '/');
  return projects.filter((p) => compiles(p, path, nested(p)));
}

/** ownerOf's choice among the projects that compile the file (compilersOf). */
export function ownerAmong(file: string, candidates: readonly ProjectModel[]): ProjectModel | null {
  const path = file.replace(/\\/g, '/');
  if (!candidates.length) return null;
  const around = candidates.filter((p) => isUnder(path, p.directory)).sort((a, b) => b.directory.length - a.directory.length || a.path.localeCompare(b.path));
  return around[0] ?? [...candidates].sort((a, b) => a.path.localeCompare(b.path))[0];
}

/**
 * The innermost project whose folder holds the file, whether or not it compiles it: for a file no project owns
 * (ownerOf gives null), the project whose Compile items leave it out (`<Compile Remove>` keeping a generator's input
 * text or a sample out of the build). Null when no project folder holds it.
 */
export function projectAround(file: string, projects: readonly ProjectModel[]): ProjectModel | null {
  const path = file.replace(/\\/g, '/');
  const around = projects.filter((p) => isUnder(path, p.directory)).sort((a, b) => b.directory.length - a.directory.length || a.path.localeCompare(b.path));
  return around[0] ?? null;
}
