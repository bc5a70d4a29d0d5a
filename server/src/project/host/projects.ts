/**
 * The projects of a workspace as the hosts see them: project files found by the folder walk or in the folders
 * above a file, evaluated once (with a cached view of the file system) and asked "which project owns this
 * file?". The CLI and the language server share it; the language server drops its caches when a project,
 * props, targets or .nuspec file changes. It also finds the .nuspec that publishes a project which sets no package
 * property (project/nuspec.ts), with the parsed nuspecs cached like the project files. Every folder is listed once
 * for all of these searches. And it reads each project's global analyzer configs (config/globalConfig.ts): the
 * `.globalconfig` files in the folders above the project and the analyzer config files its items list, cached with
 * the other file texts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { evaluateProject, type ProjectFileSystem, type ProjectModel } from '../evaluate';
import { compilersOf, compiles, nestedProjectDirs, ownerAmong, projectAround, removedFromCompile } from '../ownership';
import { compareTargetPreference, nearestCompatibleTarget } from '../frameworks';
import { parseSolution } from '../solution';
import { packagesSeen, type SeenPackage } from '../packages';
import { packingNuspec, parseNuspec, type NuspecSource, type NuspecSummary } from '../nuspec';
import { configureAwaitWeaverOf, referencesConfigureAwaitWeaver } from '../weavers';
import { runsUntilStoppedReason, type EntryFolderSource } from '../longRunning';
import { isApplication, plugInFolderIn, type LinkingProject } from '../libraryCode';
import { applicationWithoutContext, aspNetCoreServerOf, ownContextOf, consoleToolReason, isConsoleApplication, type HostingApplication } from '../synchronizationContext';
import { leftOutOfTestProjectReason, nonShippedFolderBelow, shippedTestFolderReason, testCodeReason, uncompiledSampleReason } from '../testCode';
import type { XmlDocument } from '../xml';
import { EMPTY_GLOBAL_CONFIG, mergeGlobalConfigs, type GlobalConfigSet, type GlobalConfigText } from '../../config/globalConfig';
import { readConfigText } from './sourceFiles';
import { submodulePathsOf } from '../gitSubmodules';

/** What a folder holds, by name: its files and subfolders, and whether it is a repository's root. */
interface FolderEntries {
  files: string[];
  folders: string[];
  /** The folder holds `.git` (a folder, or a file in a worktree or submodule). */
  repositoryRoot: boolean;
}

/** How many `.cs` files at the top of a console application's folder are read for signs that it runs until stopped. */
const MAX_ENTRY_FOLDER_FILES = 16;

/** Absolute path with forward slashes: the form the pure project model works in. */
export function modelPath(abs: string): string {
  return path.resolve(abs).split(path.sep).join('/');
}

export interface ProjectHostOptions {
  configuration: string;
  /** The target of multi-targeting projects to analyse when they list it. */
  targetFramework?: string | null;
}

export interface ProjectHost {
  /** Registers a project file the walk found (absolute path). */
  addProjectFile(abs: string): void;
  /** Registers the projects a solution names; returns problems reading it. */
  addSolution(abs: string): { projects: string[]; problems: string[] };
  /** The project that owns a .cs file, discovering project files in the folders above it. */
  ownerOf(absFile: string): ProjectModel | null;
  /**
   * The project whose Compile items remove a .cs file in its folder that no project compiles (for any of its
   * targets), or null: such a file is not code of the build.
   */
  removerOf(absFile: string): ProjectModel | null;
  /**
   * The project files whose Compile items include a .cs file: its owner, and the projects that link it in from
   * outside their folder (`<Compile Include="..\Shared\Storage.cs" Link="..." />`), each of which compiles it too.
   */
  compiledBy(absFile: string): readonly string[];
  /** The innermost project whose folder holds a .cs file, whether or not it compiles it (project/ownership.ts projectAround). */
  projectAround(absFile: string): ProjectModel | null;
  /** Every project known so far, evaluated. */
  projects(): readonly ProjectModel[];
  /**
   * The projects `project` references through ProjectReference, directly or through the ones it references, nearest
   * first, evaluated; a referenced file that does not exist is left out. They need not be among projects(): an editor
   * that opened one file of a solution still sees what its project references.
   */
  referencedProjects(project: ProjectModel): readonly ProjectModel[];
  /**
   * The applications that run the project's code, each with why it has no SynchronizationContext (null: it may have
   * one; project/synchronizationContext.ts): the applications among the known projects that reference it, directly or
   * through other projects, test code left out, and, for a class library, the applications it references as their
   * plug-in. Worked out once per project while the project list stays the same.
   */
  hostingApplications(project: ProjectModel): readonly HostingApplication[];
  /**
   * The package references the project sees (project/packages.ts packagesSeen): its own, and those flowing from the
   * projects it references, each evaluated for the target restore picks for `project`'s analysed target (the nearest
   * of its targets compatible with it: a net48 project gets a multi-targeting reference's net48 or netstandard2.0
   * build, with that build's package references). Worked out once per project and target.
   */
  packagesSeenBy(project: ProjectModel): readonly SeenPackage[];
  /** The global analyzer configs that apply to every file of the project, merged. */
  globalConfigOf(project: ProjectModel): GlobalConfigSet;
  /** An analyzer config file changed, appeared or went away: forgets it and every merged global config. */
  analyzerConfigChanged(abs: string): void;
  /**
   * Why the project's code is test code (project/testCode.ts): it is a test project, or a class library nobody
   * publishes that only test code among the known projects references. Null when it is neither.
   */
  testCodeReasonOf(project: ProjectModel): string | null;
  /**
   * Why a file of the project is test code by where it sits: the project's own verdict (testCodeReasonOf), or the
   * test folder of a library that ships test base classes with the product (project/testCode.ts shippedTestFolderReason).
   */
  testCodeReasonOfFile(project: ProjectModel, absFile: string): string | null;
  /**
   * Why a file no project compiles is test code, or null: the project around it, whose build leaves it out, is test
   * code (project/testCode.ts leftOutOfTestProjectReason), or it sits in a docs, samples, test or benchmark folder below a workspace root
   * (uncompiledSampleReason).
   */
  testCodeReasonOfUncompiled(absFile: string): string | null;
  /** The workspace's root folders (absolute): a project in a test folder below one is test code (project/testCode.ts). */
  setRoots(roots: readonly string[]): void;
  /** Forgets every cached file and evaluation (a project, props or targets file changed). */
  invalidate(): void;
  readonly options: ProjectHostOptions;
}

export function createProjectHost(options: ProjectHostOptions): ProjectHost {
  const texts = new Map<string, string | null>();
  const existing = new Map<string, boolean>();
  const entries = new Map<string, FolderEntries | null>();
  const xmlCache = new Map<string, XmlDocument>();
  const projectFiles = new Set<string>();
  const evaluated = new Map<string, ProjectModel>();
  /** Evaluations of a multi-targeting project for a target other than the analysed one, by path and target. */
  const evaluatedForTarget = new Map<string, ProjectModel>();
  const searchedDirs = new Set<string>();
  const nestedCache = new Map<string, string[]>();
  const nuspecs = new Map<string, NuspecSummary | null>();
  const globalConfigs = new Map<string, GlobalConfigSet>();

  /**
   * A folder's entries, listed once until invalidate: the project files, solution files, .nuspec files, subfolders and
   * top-level `.cs` files the host looks for are all read from this one listing, so a folder is never listed twice.
   * Null when the folder cannot be listed.
   */
  const entriesOf = (dir: string): FolderEntries | null => {
    let found = entries.get(dir);
    if (found === undefined) {
      try {
        const listed = fs.readdirSync(dir, { withFileTypes: true });
        found = {
          files: listed.filter((e) => e.isFile()).map((e) => e.name),
          folders: listed.filter((e) => e.isDirectory()).map((e) => e.name),
          repositoryRoot: listed.some((e) => e.name === '.git'),
        };
      } catch {
        found = null;
      }
      entries.set(dir, found);
    }
    return found;
  };

  /** The paths of the files in a folder whose names `accept` takes, in listing order. */
  const filesIn = (dir: string, accept: (name: string) => boolean): string[] =>
    (entriesOf(dir)?.files ?? []).filter(accept).map((name) => `${dir.replace(/\/$/, '')}/${name}`);

  const nuspecSource: NuspecSource = {
    list(dir) {
      const found = entriesOf(dir);
      if (!found) return null;
      return { nuspecs: filesIn(dir, (name) => name.toLowerCase().endsWith('.nuspec')), folders: found.folders, repositoryRoot: found.repositoryRoot };
    },
    read(p) {
      let summary = nuspecs.get(p);
      if (summary === undefined) {
        const text = fileSystem.readText(p);
        summary = text === null ? null : parseNuspec(text);
        nuspecs.set(p, summary);
      }
      return summary;
    },
  };

  /**
   * What files beside the project file say of it: a project that sets no package property of its own may still be
   * published by a .nuspec (the others need no search), and one that references ConfigureAwait.Fody configures its awaits through
   * FodyWeavers.xml (project/weavers.ts).
   */
  const withFilesBeside = (model: ProjectModel): ProjectModel => {
    const beside: Partial<ProjectModel> = {};
    // Also when the package properties come only from a shared props file: whether the project itself is packed
    // decides whether a project in a test folder is test code (testCode.ts).
    if (!model.packageMetadata || model.packageMetadataFile !== model.path) beside.packingNuspec = packingNuspec(model, nuspecSource);
    if (referencesConfigureAwaitWeaver(model)) beside.configureAwaitWeaver = configureAwaitWeaverOf(model, solutionOf(model.path), (p) => fileSystem.readText(p));
    if (isConsoleApplication(model)) beside.runsUntilStopped = runsUntilStoppedReason(entryFolderSources(model.directory));
    return Object.keys(beside).length ? { ...model, ...beside } : model;
  };

  /**
   * The `.cs` files at the top of a project's folder, where the templates put Program.cs, for project/longRunning.ts:
   * at most MAX_ENTRY_FOLDER_FILES of them in name order, each read with the config files' size bound. Unreadable
   * files are left out.
   */
  const entryFolderSources = (dir: string): EntryFolderSource[] => {
    const names = (entriesOf(dir)?.files ?? []).filter((name) => name.toLowerCase().endsWith('.cs')).sort();
    return names.slice(0, MAX_ENTRY_FOLDER_FILES).flatMap((name) => {
      const text = fileSystem.readText(`${dir.replace(/\/$/, '')}/${name}`);
      return text === null ? [] : [{ name, text }];
    });
  };

  const fileSystem: ProjectFileSystem = {
    readText(p) {
      let t = texts.get(p);
      if (t === undefined) {
        t = readConfigText(p);
        texts.set(p, t);
      }
      return t;
    },
    exists(p) {
      let e = existing.get(p);
      if (e === undefined) {
        e = fs.existsSync(p);
        existing.set(p, e);
      }
      return e;
    },
  };

  const projectFilesIn = (dir: string): string[] => filesIn(dir, (name) => name.toLowerCase().endsWith('.csproj'));

  const discoverAbove = (file: string) => {
    let dir = file.slice(0, file.lastIndexOf('/')) || '/';
    for (;;) {
      if (searchedDirs.has(dir)) break;
      searchedDirs.add(dir);
      for (const p of projectFilesIn(dir)) add(p);
      const slash = dir.lastIndexOf('/');
      if (slash <= 0) break;
      dir = dir.slice(0, slash);
    }
  };

  // Every project known so far, evaluated, by path: asked once per file by ownerOf, so kept until a project is added
  // or everything is invalidated (sorting and mapping them per file cost 0.4 s on a 5,500-file tree of 59 projects).
  let allProjects: readonly ProjectModel[] | null = null;

  const add = (p: string) => {
    if (!projectFiles.has(p)) {
      projectFiles.add(p);
      allProjects = null;
      nestedCache.clear();
    }
  };

  // Solution files by folder, and the projects each names, for the Solution* properties a solution build passes.
  const solutionMembers = new Map<string, Set<string>>();
  const solutionsIn = (dir: string): string[] => filesIn(dir, (name) => /\.slnx?$/i.test(name)).sort();
  const membersOf = (solution: string): Set<string> => {
    let members = solutionMembers.get(solution);
    if (!members) {
      const text = fileSystem.readText(solution);
      const dir = solution.slice(0, solution.lastIndexOf('/'));
      members = new Set(text === null ? [] : parseSolution(solution, text).projects.map((p) => modelPath(path.resolve(dir, p))));
      solutionMembers.set(solution, members);
    }
    return members;
  };
  /**
   * The solution that names a project: the nearest folder above it (up to the repository's root) holding a solution
   * file that lists it; none when two solutions of that folder list it, since which one is built is not known.
   */
  const solutionOf = (projectPath: string): string | null => {
    let dir = projectPath.slice(0, projectPath.lastIndexOf('/')) || '/';
    for (;;) {
      const naming = solutionsIn(dir).filter((sln) => membersOf(sln).has(projectPath));
      if (naming.length) return naming.length === 1 ? naming[0] : null;
      const slash = dir.lastIndexOf('/');
      if (slash <= 0 || fileSystem.exists(`${dir}/.git`)) return null;
      dir = dir.slice(0, slash);
    }
  };

  const evaluate = (p: string): ProjectModel => {
    let model = evaluated.get(p);
    if (!model) {
      model = withFilesBeside(evaluateProject(p, fileSystem, { configuration: options.configuration, targetFramework: options.targetFramework, xmlCache, solution: solutionOf(p) }));
      evaluated.set(p, model);
    }
    return model;
  };

  const all = (): readonly ProjectModel[] => (allProjects ??= withoutImportedProjects([...projectFiles].sort().map(evaluate)));

  let roots: string[] = [];
  // The projects in a folder and below it: a build folder is one of code that does not ship when it holds a build script.
  const projectsUnder = (folder: string): readonly ProjectModel[] => all().filter((p) => `${p.directory.replace(/\/+$/, '')}/`.startsWith(`${folder}/`));
  /** The known projects that reference each project directly, by its path; rebuilt when the project list changes. */
  let referencers: Map<string, ProjectModel[]> | null = null;
  let referencersBuiltFor: readonly ProjectModel[] | null = null;
  const referencersOf = (project: ProjectModel): readonly ProjectModel[] => {
    const projects = all();
    if (!referencers || referencersBuiltFor !== projects) {
      referencers = new Map();
      for (const p of projects) {
        for (const ref of new Set(p.projectReferences.map(modelPath))) {
          const list = referencers.get(ref);
          if (list) list.push(p);
          else referencers.set(ref, [p]);
        }
      }
      referencersBuiltFor = projects;
    }
    return referencers.get(project.path) ?? [];
  };

  const packagesSeenByProject = new Map<string, readonly SeenPackage[]>();
  /**
   * Each project's referenced projects, worked out once until invalidate: the command line asks for them of every
   * file's project several times (its context, its test-code and library verdicts), and each walk resolved and
   * looked up every reference again. Keyed by the evaluation itself, since a project evaluated for another target
   * (evaluateFor) can reference other projects.
   */
  let referencedByProject = new WeakMap<ProjectModel, readonly ProjectModel[]>();
  const referencedProjects = (project: ProjectModel): readonly ProjectModel[] => {
    let known = referencedByProject.get(project);
    if (!known) referencedByProject.set(project, (known = referencedProjectsOf(project)));
    return known;
  };
  const referencedProjectsOf = (project: ProjectModel): ProjectModel[] => {
    const found: ProjectModel[] = [];
    const seen = new Set([project.path]);
    const queue = [...project.projectReferences];
    while (queue.length) {
      const p = modelPath(queue.shift()!);
      if (seen.has(p) || !fileSystem.exists(p)) continue;
      seen.add(p);
      const other = evaluate(p);
      found.push(other);
      queue.push(...other.projectReferences);
    }
    return found;
  };

  /**
   * Each project's test-code verdict, worked out once while the project list and the roots stay the same: the command
   * line asks it of every file's project, and each answer walked the project's referencers and references.
   */
  let testCodeReasons = new WeakMap<ProjectModel, string | null>();
  let testCodeReasonsFor: readonly ProjectModel[] | null = null;
  const projectTestCodeReason = (project: ProjectModel): string | null => {
    const projects = all();
    if (testCodeReasonsFor !== projects) {
      testCodeReasons = new WeakMap();
      testCodeReasonsFor = projects;
    }
    let reason = testCodeReasons.get(project);
    if (reason === undefined) testCodeReasons.set(project, (reason = testCodeReasonOfProject(project)));
    return reason;
  };
  const testCodeReasonOfProject = (project: ProjectModel): string | null =>
    testCodeReason(project, referencersOf, (p) => nonShippedFolderBelow(p.directory, roots), { projectsUnder, referencesOf: referencedProjects, exists: (file) => fileSystem.exists(modelPath(file)) || inSubmodule(modelPath(file)) });

  /**
   * Whether a path lies in a git submodule of a workspace root (a `path = ...` line of its .gitmodules): a checkout
   * without `--recurse-submodules` leaves the folder empty, and a project that references one still builds where
   * the submodule is checked out.
   */
  const inSubmodule = (file: string): boolean =>
    roots.some((root) => submodulePathsOf(fileSystem.readText(`${root}/.gitmodules`)).some((folder) => file.startsWith(`${root}/${folder}/`)));

  let hosting = new Map<string, readonly HostingApplication[]>();
  let hostingBuiltFor: readonly ProjectModel[] | null = null;
  const hostingApplications = (project: ProjectModel): readonly HostingApplication[] => {
    const projects = all();
    if (hostingBuiltFor !== projects) {
      hosting = new Map();
      hostingBuiltFor = projects;
    }
    const known = hosting.get(project.path);
    if (known) return known;
    const apps: ProjectModel[] = isApplication(project) ? [] : referencedProjects(project).filter(isApplication);
    const seen = new Set([project.path]);
    const queue = [...referencersOf(project)];
    while (queue.length) {
      const p = queue.shift()!;
      if (seen.has(p.path)) continue;
      seen.add(p.path);
      if (isApplication(p) && !projectTestCodeReason(p)) apps.push(p);
      queue.push(...referencersOf(p));
    }
    const found: HostingApplication[] = apps.map((app) => {
      const referenced = referencedProjects(app);
      const withoutContext = applicationWithoutContext(app, referenced);
      const context = ownContextOf(app, referenced);
      // A UI application that references ASP.NET Core server code may host the server in its process (read by
      // rules/hostReach.ts): only the projects that are server code themselves, not those that reference it.
      const servers = context ? referenced.filter((p) => aspNetCoreServerOf(p, []) !== null).map((p) => p.path) : [];
      return { project: app, withoutContext, context, servers, consoleTool: consoleToolReason(app, withoutContext, referenced) };
    });
    // An application whose folder the class library builds into loads it as a plug-in, though nothing references it.
    for (const app of projects) {
      const plugInFolder = isApplication(app) && !seen.has(app.path) && !apps.includes(app) ? plugInFolderIn(project, app) : null;
      if (plugInFolder === null || projectTestCodeReason(app)) continue;
      const referenced = referencedProjects(app);
      const withoutContext = applicationWithoutContext(app, referenced);
      found.push({ project: app, withoutContext, context: ownContextOf(app, referenced), consoleTool: consoleToolReason(app, withoutContext, referenced), plugInFolder });
    }
    hosting.set(project.path, found);
    return found;
  };

  const evaluateFor = (project: ProjectModel, targetFramework: string): ProjectModel => {
    const key = `${project.path}|${targetFramework}`;
    let model = evaluatedForTarget.get(key);
    if (!model) {
      const evaluation = evaluateProject(project.path, fileSystem, { configuration: options.configuration, targetFramework, xmlCache, solution: solutionOf(project.path) });
      model = {
        ...withFilesBeside(evaluation),
        targetFrameworkReason: `the project targets ${project.targetFrameworks.join(';')}; the analysed target, ${project.targetFramework}, leaves this file out of its Compile items, so it is analysed for ${targetFramework}, the highest target that compiles it`,
      };
      evaluatedForTarget.set(key, model);
    }
    return model;
  };

  /** Each project's nested project folders, cached until the projects change. */
  const nestedOf = (projects: readonly ProjectModel[]) => (p: ProjectModel): readonly string[] => {
    let dirs = nestedCache.get(p.path);
    if (!dirs) {
      dirs = nestedProjectDirs(p, projects);
      nestedCache.set(p.path, dirs);
    }
    return dirs;
  };

  /** The projects that compile each file, as the last ownerOf of it found them (compiledBy). */
  const compilersByFile = new Map<string, readonly string[]>();

  const ownerOfFile = (absFile: string): ProjectModel | null => {
    const file = modelPath(absFile);
    discoverAbove(file);
    const projects = all();
    const nested = nestedOf(projects);
    const compilers = compilersOf(file, projects, nested);
    compilersByFile.set(file, compilers.map((p) => p.path));
    return ownerAmong(file, compilers) ?? ownerForOtherTarget(file, projects, nested);
  };

  /**
   * A file no project compiles for its analysed target may still be compiled for another one: a multi-targeting
   * project that removes a folder for some targets (`<Compile Remove="Owin/**" />` under a netstandard
   * condition) still builds it for the others. Such a file belongs to the innermost project around it that
   * compiles it for any target, and is read with the highest of those targets (its symbols, its API surface), as
   * the analysed target would be if it compiled the file.
   */
  const ownerForOtherTarget = (file: string, projects: readonly ProjectModel[], nested: (p: ProjectModel) => readonly string[]): ProjectModel | null => {
    const around = projects
      .filter((p) => p.targetFrameworks.length > 1 && file.toLowerCase().startsWith(`${p.directory.replace(/\/+$/, '').toLowerCase()}/`))
      .sort((a, b) => b.directory.length - a.directory.length || a.path.localeCompare(b.path));
    for (const project of around) {
      const others = project.targetFrameworks.filter((t) => t !== project.targetFramework).sort(compareTargetPreference);
      for (const target of others) {
        const model = evaluateFor(project, target);
        if (compiles(model, file, nested(project))) return model;
      }
    }
    return null;
  };

  /**
   * The files the compiler is given as analyzer configs, besides the .editorconfig files of the source folders:
   * with DiscoverGlobalAnalyzerConfigFiles, the SDK (Microsoft.Managed.Core.targets) adds `.globalconfig` from every
   * folder above the compiled files, here the project's folder and those above it, outermost first; then the
   * project's EditorConfigFiles and GlobalAnalyzerConfigFiles items. Files that cannot be read are left out.
   */
  const globalConfigOf = (project: ProjectModel): GlobalConfigSet => {
    const key = `${project.path}|${project.targetFramework ?? ''}`;
    let set = globalConfigs.get(key);
    if (!set) {
      const candidates: string[] = [];
      if (project.discoverGlobalConfigs !== false) {
        let dir = project.directory.replace(/\/+$/, '') || '/';
        for (;;) {
          candidates.unshift(`${dir === '/' ? '' : dir}/.globalconfig`);
          const slash = dir.lastIndexOf('/');
          if (slash <= 0) {
            if (dir !== '/' && dir.startsWith('/')) candidates.unshift('/.globalconfig');
            break;
          }
          dir = dir.slice(0, slash);
        }
      }
      for (const item of project.analyzerConfigFiles ?? []) candidates.push(item.path);
      const texts: GlobalConfigText[] = [];
      for (const p of candidates) {
        const text = fileSystem.exists(p) ? fileSystem.readText(p) : null;
        if (text !== null) texts.push({ path: p, text });
      }
      set = texts.length ? mergeGlobalConfigs(texts) : EMPTY_GLOBAL_CONFIG;
      globalConfigs.set(key, set);
    }
    return set;
  };

  return {
    options,
    globalConfigOf,
    analyzerConfigChanged(abs) {
      const p = modelPath(abs);
      texts.delete(p);
      existing.delete(p);
      globalConfigs.clear();
    },
    addProjectFile(abs) {
      add(modelPath(abs));
    },
    addSolution(abs) {
      const file = modelPath(abs);
      const text = fileSystem.readText(file);
      if (text === null) return { projects: [], problems: ['cannot read the solution file'] };
      const parsed = parseSolution(file, text);
      const dir = file.slice(0, file.lastIndexOf('/'));
      const projects = parsed.projects.map((p) => modelPath(path.resolve(dir, p)));
      for (const p of projects) if (fileSystem.exists(p)) add(p);
      return { projects, problems: parsed.problems };
    },
    ownerOf: ownerOfFile,
    compiledBy(absFile) {
      const file = modelPath(absFile);
      if (!compilersByFile.has(file)) ownerOfFile(absFile);
      return compilersByFile.get(file) ?? [];
    },
    removerOf(absFile) {
      if (ownerOfFile(absFile)) return null;
      const file = modelPath(absFile);
      const projects = all();
      const around = projectAround(file, projects);
      return around && removedFromCompile(around, file, nestedOf(projects)(around)) ? around : null;
    },
    projectAround(absFile) {
      const file = modelPath(absFile);
      discoverAbove(file);
      return projectAround(file, all());
    },
    projects: all,
    referencedProjects,
    hostingApplications,
    testCodeReasonOf: projectTestCodeReason,
    testCodeReasonOfFile(project, absFile) {
      return projectTestCodeReason(project) ?? shippedTestFolderReason(project, modelPath(absFile));
    },
    testCodeReasonOfUncompiled(absFile) {
      const file = modelPath(absFile);
      discoverAbove(file);
      const around = projectAround(file, all());
      const testCodeAround = around ? projectTestCodeReason(around) : null;
      return leftOutOfTestProjectReason(around, testCodeAround) ?? uncompiledSampleReason(file, roots, all().length);
    },
    setRoots(list) {
      roots = list.map(modelPath);
      testCodeReasonsFor = null;
    },
    packagesSeenBy(project) {
      const key = `${project.path}|${project.targetFramework ?? ''}`;
      let seen = packagesSeenByProject.get(key);
      if (!seen) {
        const target = project.targetFramework;
        const referenced = referencedProjects(project).map((other) => {
          const nearest = target ? nearestCompatibleTarget(target, other.targetFrameworks) : null;
          return nearest && nearest.toLowerCase() !== (other.targetFramework ?? '').toLowerCase() ? evaluateFor(other, nearest) : other;
        });
        packagesSeenByProject.set(key, (seen = packagesSeen(project, referenced)));
      }
      return seen;
    },
    invalidate() {
      compilersByFile.clear();
      texts.clear();
      existing.clear();
      entries.clear();
      xmlCache.clear();
      evaluated.clear();
      allProjects = null;
      evaluatedForTarget.clear();
      searchedDirs.clear();
      nestedCache.clear();
      nuspecs.clear();
      globalConfigs.clear();
      solutionMembers.clear();
      packagesSeenByProject.clear();
      referencedByProject = new WeakMap();
      testCodeReasonsFor = null;
    },
  };
}

/**
 * The projects other than `owner` whose Compile items link the file in from outside their folders, with what each
 * references, test code left out: a test project that compiles a library's file to test it does not ship it.
 * libraryCodeVerdict reads them.
 */
export function linkingProjectsOf(host: ProjectHost, absFile: string, owner: ProjectModel): LinkingProject[] {
  const known = host.projects();
  return host.compiledBy(absFile)
    .filter((p) => p !== owner.path)
    .map((p) => known.find((q) => q.path === p))
    .filter((p): p is ProjectModel => !!p && host.testCodeReasonOf(p) === null)
    .map((project) => ({ project, referenced: host.referencedProjects(project) }));
}

/**
 * The project files that are projects of their own: a `.csproj` that another known project imports
 * (`<Import Project="../Build/Common.csproj" />`, a repository's shared settings kept under a project's extension) is
 * read as part of each importer's evaluation, and MSBuild never builds it alone: a solution lists it, if at all, as a
 * solution item. Counted as a project it would own the files of its folder and show in the project list.
 * An imported project file that names its own SDK is still a project (`importedAsSharedSettings`).
 */
function withoutImportedProjects(models: readonly ProjectModel[]): ProjectModel[] {
  const imported = new Set(models.flatMap((m) => m.imports));
  return models.filter((m) => !importedAsSharedSettings(m, imported));
}

/**
 * Whether a project file is only settings other projects import: another project imports it and it names no SDK of
 * its own. A project file that names its SDK (`<Project Sdk="Microsoft.NET.Sdk">`) builds alone, and a second project
 * that imports it is a variant build of the same sources: .NET Aspire's command line is built by Aspire.Cli.csproj
 * and packed as a .NET tool by a project in the same folder that sets IsCliToolProject and imports it. A settings
 * file cannot name an SDK, since each importer would then import the SDK twice (MSB4011).
 */
function importedAsSharedSettings(model: ProjectModel, imported: ReadonlySet<string>): boolean {
  return imported.has(model.path) && !model.namesSdk;
}
