/**
 * Which .nuspec file, if any, publishes a project as a NuGet package. Repositories that pack with nuget.exe (or
 * with MSBuild's `NuspecFile`) set no package property in the project file: the package's identity lives in a
 * .nuspec (`<metadata><id>`, `<files><file src="...\Name.dll">`), next to the project or in a folder of its own
 * (`nuspecs/`, `nuget/`, `build/`). A project such a file packs is a published library (project/libraryCode.ts).
 *
 * The rule, from the strongest evidence to the weakest, each sound on its own:
 * 1. the project's `NuspecFile` property names the file (dotnet pack and msbuild -t:pack use it;
 *    https://learn.microsoft.com/nuget/reference/msbuild-targets#packing-using-a-nuspec-file);
 * 2. a .nuspec with the project's file name sits next to the project file: `nuget pack X.csproj` packs with it
 *    (https://learn.microsoft.com/nuget/reference/cli-reference/cli-ref-pack), whatever its tokens say;
 * 3. a .nuspec in the project's folder, in a few folders above it, or in an immediate subfolder of one of them,
 *    whose `<metadata><id>` is the project's package id (PackageId, else AssemblyName, else the file name; NuGet
 *    ids ignore case) or whose `<files>` name the project's output assembly (`Name.dll`, no wildcard). A nuspec
 *    that names neither packs something else and says nothing about this project: precision before recall.
 * The search stops at the repository root (a folder holding `.git`), since a package built elsewhere does not
 * pack this checkout, and after FOLDERS_ABOVE folders, since nuspec folders sit beside the source folder
 * (`nuspecs/` next to `src/`), not far above it. It does not stop at the folder the user analyses: projects are
 * found above that folder too (project/host/projects.ts), and a verdict should not depend on which subfolder was
 * passed. Build output, restored packages and tool folders are never searched: their .nuspec files are other
 * packages' (NuGet's `packages/` folder holds one per dependency).
 *
 * Pure: the host lists folders and reads files (with caches) through NuspecSource.
 */
import { childrenNamed, parseXml, type XmlElement } from './xml';
import { directoryOf, joinPath } from './expressions';

/** How many folders above the project's the search looks in (`src/Lib/` -> `src/` -> the repository root). */
export const FOLDERS_ABOVE = 3;

/** Subfolders never searched: build output, restored packages, dependencies and tool state. */
const SKIPPED_FOLDERS = new Set(['bin', 'obj', 'node_modules', 'packages', 'artifacts', 'testresults']);

export interface NuspecSummary {
  /** `<metadata><id>` as written (it may be a `$id$` token), or null when absent. */
  id: string | null;
  /** The `src` of every `<files><file>` entry, as written. */
  files: string[];
}

/** One folder as the search needs it: the .nuspec files in it, its subfolders, and whether it is a repository root. */
export interface FolderListing {
  nuspecs: string[];
  /** Names of the immediate subfolders. */
  folders: string[];
  /** The folder holds `.git` (a folder, or a file in a worktree or submodule). */
  repositoryRoot: boolean;
}

export interface NuspecSource {
  /** The folder's listing (absolute path, forward slashes); null when it cannot be read. */
  list(dir: string): FolderListing | null;
  /** The nuspec's parsed summary; null when it cannot be read or is not a nuspec. */
  read(path: string): NuspecSummary | null;
}

/** What the search needs of a project: its file, its folder and the names its package and assembly go by. */
export interface PackedProject {
  path: string;
  directory: string;
  name: string;
  packageId?: string | null;
  assemblyName?: string | null;
  /** The NuspecFile property, resolved against the project's folder, or null when unset. */
  nuspecFile?: string | null;
}

export interface PackingNuspec {
  /** The nuspec (absolute, forward slashes). */
  path: string;
  /** Why it packs the project: "the project's NuspecFile names it", "its id is Hangfire.Core" ... */
  how: string;
}

/** Reads a .nuspec's id and file sources with the project XML reader; null when the root is not <package>. */
export function parseNuspec(text: string): NuspecSummary | null {
  const doc = parseXml(text);
  if (!doc.root || doc.root.name !== 'package') return null;
  const metadata = childrenNamed(doc.root, 'metadata')[0];
  const id = metadata ? childrenNamed(metadata, 'id')[0]?.text.trim() || null : null;
  const files = childrenNamed(doc.root, 'files').flatMap((f) => childrenNamed(f, 'file')).map((f: XmlElement) => srcOf(f)).filter((s): s is string => !!s);
  return { id, files };
}

function srcOf(file: XmlElement): string | null {
  // NuGet reads the attribute as written (`src`); the project reader keeps attribute case, so look it up as is.
  return file.attributes.get('src')?.trim() || null;
}

/** The package id the project packs as: PackageId, else AssemblyName, else the project file's name (NuGet's default). */
function packageIdOf(project: PackedProject): string {
  return project.packageId?.trim() || assemblyNameOf(project);
}

function assemblyNameOf(project: PackedProject): string {
  return project.assemblyName?.trim() || project.name;
}

/** Whether a nuspec's contents tie it to the project: its id is the project's, or a file entry is the project's assembly. */
export function nuspecNamesProject(nuspec: NuspecSummary, project: PackedProject): string | null {
  const id = packageIdOf(project);
  if (nuspec.id && nuspec.id.toLowerCase() === id.toLowerCase()) return `its id is ${nuspec.id}`;
  const dll = `${assemblyNameOf(project)}.dll`.toLowerCase();
  const entry = nuspec.files.find((src) => !/[*?]/.test(src) && (src.replace(/\\/g, '/').split('/').pop() ?? '').toLowerCase() === dll);
  return entry ? `it packs ${entry.replace(/\\/g, '/').split('/').pop()}` : null;
}

/**
 * The folders searched, nearest first: the project's folder, then each folder above it up to FOLDERS_ABOVE or the
 * repository root, each followed by its immediate subfolders (except build output and hidden folders).
 */
export function nuspecFolders(projectDir: string, source: NuspecSource): string[] {
  const out: string[] = [];
  let dir = projectDir.replace(/\/+$/, '') || '/';
  for (let level = 0; level <= FOLDERS_ABOVE; level++) {
    const listing = source.list(dir);
    if (listing) {
      out.push(dir);
      for (const name of [...listing.folders].sort()) {
        if (name.startsWith('.') || SKIPPED_FOLDERS.has(name.toLowerCase())) continue;
        const sub = joinPath(dir, name);
        // The project's own folder is listed as a subfolder of its parent; it was searched first.
        if (!out.includes(sub)) out.push(sub);
      }
      if (listing.repositoryRoot) break;
    }
    const up = directoryOf(dir);
    if (!up || up === dir) break;
    dir = up;
  }
  return out;
}

/** The nuspec that publishes the project, or null when none does (see the rule at the top of this file). */
export function packingNuspec(project: PackedProject, source: NuspecSource): PackingNuspec | null {
  if (project.nuspecFile && source.read(project.nuspecFile)) return { path: project.nuspecFile, how: "the project's NuspecFile names it" };
  const beside = joinPath(project.directory, `${project.name}.nuspec`);
  const own = source.list(project.directory.replace(/\/+$/, '') || '/');
  const besideFound = own?.nuspecs.find((n) => n.toLowerCase() === beside.toLowerCase());
  if (besideFound && source.read(besideFound)) return { path: besideFound, how: `nuget pack ${project.name}.csproj packs with it` };
  for (const dir of nuspecFolders(project.directory, source)) {
    for (const file of [...(source.list(dir)?.nuspecs ?? [])].sort()) {
      const nuspec = source.read(file);
      const how = nuspec ? nuspecNamesProject(nuspec, project) : null;
      if (how) return { path: file, how };
    }
  }
  return null;
}

/** The nuspec's path as a reader finds it: relative to the folder it shares with the project (`nuspecs/Acme.nuspec`). */
export function nuspecDisplayPath(nuspec: string, projectDir: string): string {
  const a = nuspec.split('/');
  const b = projectDir.replace(/\/+$/, '').split('/');
  let common = 0;
  // The last segment of the nuspec is its file name, never a shared folder.
  while (common < a.length - 1 && common < b.length && a[common] === b[common]) common++;
  return a.slice(common).join('/');
}
