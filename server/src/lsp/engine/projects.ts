/**
 * The engine's view of the workspace's projects: which project owns a file, what that decides (target,
 * runtime profile, preprocessing symbols), and what checking the file adds (.editorconfig and global analyzer
 * config severities, the peers' suppressions, test code, generated code). Cached per file; a change to a project,
 * props, targets, .editorconfig or global analyzer config file drops the caches.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileCheckContext } from '../../analysis/project';
import type { AsyncLensSettings } from '../../config/settings';
import { editorConfigOptions, generatedCodeOption, peersKeptOn, peersTurnedOff, severitiesFromOptions } from '../../config/editorconfig';
import { globalOptionsFor, withGlobalOptions } from '../../config/globalConfig';
import { assemblySuppressionsOf, type AssemblySuppression } from '../../config/suppressions';
import { generatedCodeRegions, generatedFileReason } from '../../config/generatedCode';
import type { FileModel } from '../../model/types';
import { ruleById } from '../../rules/registry';
import type { SeveritySetting } from '../../rules/types';
import { typesNamed, type WorkspaceIndex } from '../../workspace/index';
import { projectContext, type ProjectContext } from '../../project/context';
import { createProjectHost, linkingProjectsOf, type ProjectHost } from '../../project/host/projects';
import { editorConfigsFor } from '../../project/host/sourceFiles';
import { testCodeVerdict } from '../../project/testCode';
import { libraryCodeVerdict } from '../../project/libraryCode';
import { assemblyWeaverSetting, type WeaverSetting } from '../../project/weavers';
import { projectNullableAnnotations, projectNullableWarnings } from '../../project/nullableWarnings';
import type { SeenPackage } from '../../project/packages';

function fsPathOf(key: string): string | null {
  if (!key.startsWith('file:')) return null;
  try {
    return fileURLToPath(key);
  } catch {
    return null;
  }
}

/**
 * Whether a changed file can change what a project says: project, props, targets, solution and .nuspec files (a
 * .nuspec can make a project a published library), and FodyWeavers.xml (it configures the project's awaits).
 */
export function isProjectFile(file: string): boolean {
  return /\.(csproj|props|targets|sln|slnx|nuspec)$/i.test(file) || /(^|[\\/])FodyWeavers\.xml$/i.test(file);
}

export interface EngineProjects {
  /** The file's project context under these settings (cached). */
  contextOf(key: string, settings: AsyncLensSettings): ProjectContext;
  /** .editorconfig and global analyzer config severities of AsyncLens rules for the file. */
  severitiesOf(key: string, settings: AsyncLensSettings): Map<string, SeveritySetting>;
  /** What checking the file adds: peer suppressions, test code, generated code. */
  checkContextOf(key: string, text: string, model: FileModel, index: WorkspaceIndex, settings: AsyncLensSettings): FileCheckContext;
  /** Why the whole file is generated code (its name, its header, or generated_code in .editorconfig), or null. */
  generatedFileOf(key: string, text: string, settings: AsyncLensSettings): string | null;
  /** Records a file's global suppressions ([assembly: SuppressMessage]) when its text is read. */
  noteText(key: string, text: string): void;
  forget(key: string): void;
  addProjectFiles(files: string[]): void;
  /** A project, props or targets file changed: every context is recomputed on demand. */
  projectsChanged(): void;
  editorConfigChanged(): void;
  /**
   * A file that may be a global analyzer config changed: `*.globalconfig`, or an `*.editorconfig` other than
   * `.editorconfig` (a project may list it as an EditorConfigFiles item with `is_global`). Returns whether the
   * name is one of those. The client watches these names only; a listed file with another name is read again
   * when a project file changes.
   */
  analyzerConfigChanged(file: string): boolean;
  /** The workspace folders (absolute paths): a project in a test folder below one is test code. */
  setRoots(folders: readonly string[]): void;
}

export function createEngineProjects(): EngineProjects {
  let host: ProjectHost | null = null;
  let hostKey = '';
  const knownProjects = new Set<string>();
  const contexts = new Map<string, { settingsKey: string; context: ProjectContext }>();
  const editorConfigCache = new Map<string, string | null>();
  const optionsCache = new Map<string, { settingsKey: string; options: { values: Map<string, string>; globalSources: Map<string, string> } }>();
  const assemblyByFile = new Map<string, AssemblySuppression[]>();
  /** `[assembly: ConfigureAwait(x)]` (ConfigureAwait.Fody) by the file that declares it. */
  const assemblyWeaverByFile = new Map<string, WeaverSetting>();

  let roots: readonly string[] = [];
  const hostFor = (settings: AsyncLensSettings): ProjectHost => {
    const key = `${settings.project.configuration}|${settings.project.targetFramework}`;
    if (!host || key !== hostKey) {
      host = createProjectHost({ configuration: settings.project.configuration, targetFramework: settings.project.targetFramework || null });
      hostKey = key;
      for (const p of knownProjects) host.addProjectFile(p);
      host.setRoots(roots);
      contexts.clear();
    }
    return host;
  };

  /** The file's analyzer options: its project's global analyzer configs under its .editorconfig entries. */
  const analyzerOptions = (key: string, settings: AsyncLensSettings) => {
    const settingsKey = `${settings.project.configuration}|${settings.project.targetFramework}`;
    const cached = optionsCache.get(key);
    if (cached && cached.settingsKey === settingsKey) return cached.options;
    const file = fsPathOf(key);
    let options = { values: new Map<string, string>(), globalSources: new Map<string, string>() };
    try {
      if (file) {
        const project = contextOf(key, settings).project;
        let global = new Map();
        if (project) global = globalOptionsFor(hostFor(settings).globalConfigOf(project), file.split(path.sep).join('/'));
        options = withGlobalOptions(editorConfigOptions(file.split(path.sep).join('/'), editorConfigsFor(file, editorConfigCache)), global);
      }
    } catch {
      // An unreadable configuration leaves the file with no options; it is still analysed.
    }
    optionsCache.set(key, { settingsKey, options });
    return options;
  };

  // A file no project compiles is test code when the project around it, whose build leaves it out, is, or when it
  // sits in a docs or samples folder.
  const leftOutReason = (key: string, settings: AsyncLensSettings): string | null => {
    const file = fsPathOf(key);
    try {
      return file ? hostFor(settings).testCodeReasonOfUncompiled(file) : null;
    } catch {
      // A project that cannot be evaluated says nothing about the file.
      return null;
    }
  };

  const contextOf = (key: string, settings: AsyncLensSettings): ProjectContext => {
    const settingsKey = `${settings.runtime}|${settings.project.configuration}|${settings.project.targetFramework}`;
    const cached = contexts.get(key);
    if (cached && cached.settingsKey === settingsKey) return cached.context;
    const file = fsPathOf(key);
    let owner = null;
    let packages: readonly SeenPackage[] = [];
    let references: readonly string[] = [];
    let compiledBy: readonly string[] = [];
    try {
      owner = file ? hostFor(settings).ownerOf(file) : null;
      packages = owner ? hostFor(settings).packagesSeenBy(owner) : [];
      references = owner ? hostFor(settings).referencedProjects(owner).map((p) => p.path) : [];
      compiledBy = owner && file ? hostFor(settings).compiledBy(file) : [];
    } catch {
      // A project that cannot be evaluated leaves the file outside any project; the file is still analysed.
    }
    const context = projectContext(owner, settings.runtime, settings.project.configuration, packages, references, compiledBy);
    contexts.set(key, { settingsKey, context });
    return context;
  };

  return {
    contextOf,
    severitiesOf: (key, settings) => severitiesFromOptions(analyzerOptions(key, settings).values),
    generatedFileOf(key, text, settings) {
      return generatedFileReason(fsPathOf(key) ?? key, text, generatedCodeOption(analyzerOptions(key, settings).values));
    },
    checkContextOf(key, text, model, index, settings) {
      const project = contextOf(key, settings).project;
      const { values: options, globalSources } = analyzerOptions(key, settings);
      const verdict = testCodeVerdict(project, text, model, project ? hostFor(settings).testCodeReasonOfFile(project, fsPathOf(key) ?? key) : leftOutReason(key, settings));
      const declarationsOf = (fullName: string) => typesNamed(index, fullName.split('.').pop() ?? fullName).filter((t) => t.type.fullName === fullName).length;
      let assembly: AssemblySuppression[] = [];
      if (settings.suppressions.peers) {
        for (const [other, found] of assemblyByFile) {
          if (contextOf(other, settings).project?.path === project?.path) assembly = assembly.concat(found);
        }
      }
      let assemblyWeaver: WeaverSetting | null = null;
      for (const [other, found] of assemblyWeaverByFile) {
        if (contextOf(other, settings).project?.path === project?.path) {
          assemblyWeaver = found;
          break;
        }
      }
      const file = fsPathOf(key) ?? key;
      return {
        suppression: settings.suppressions.peers ? {
          equivalentsOf: (id) => ruleById(id)?.meta.equivalents ?? [],
          peers: {
            noWarn: project && project.noWarn.length ? { ids: project.noWarn, source: `NoWarn (set in ${path.basename(project.noWarnSource ?? project.path)})` } : undefined,
            editorConfigOff: peersTurnedOff(options, globalSources),
            editorConfigOn: peersKeptOn(options, globalSources),
            assembly,
          },
        } : undefined,
        testCode: verdict.testCode ? { reason: verdict.reason ?? 'test code', maxSeverity: settings.testCode.maxSeverity } : null,
        generatedRegions: generatedCodeRegions(text, model, declarationsOf),
        generatedFile: generatedFileReason(file, text, generatedCodeOption(options)),
        library: libraryCodeVerdict(project, settings.libraryCode, verdict.testCode ? verdict.reason ?? 'test code' : null, project ? hostFor(settings).referencedProjects(project) : [], project ? hostFor(settings).hostingApplications(project) : [], project ? linkingProjectsOf(hostFor(settings), file, project) : []),
        weaving: { weaver: project?.configureAwaitWeaver ?? null, assembly: assemblyWeaver },
        nullableWarnings: projectNullableWarnings(project),
        nullableAnnotations: projectNullableAnnotations(project),
      };
    },
    noteText(key, text) {
      const found = assemblySuppressionsOf(fsPathOf(key) ?? key, text);
      if (found.length) assemblyByFile.set(key, found);
      else assemblyByFile.delete(key);
      const weaver = assemblyWeaverSetting(fsPathOf(key) ?? key, text);
      if (weaver) assemblyWeaverByFile.set(key, weaver);
      else assemblyWeaverByFile.delete(key);
    },
    setRoots(folders) {
      roots = [...folders];
      host?.setRoots(roots);
    },
    forget(key) {
      assemblyByFile.delete(key);
      assemblyWeaverByFile.delete(key);
      contexts.delete(key);
    },
    addProjectFiles(files) {
      for (const f of files) {
        knownProjects.add(f);
        host?.addProjectFile(f);
      }
    },
    projectsChanged() {
      host?.invalidate();
      contexts.clear();
      optionsCache.clear();
    },
    editorConfigChanged() {
      editorConfigCache.clear();
      optionsCache.clear();
    },
    analyzerConfigChanged(file) {
      const name = path.basename(file).toLowerCase();
      if (!name.endsWith('.globalconfig') && !name.endsWith('.editorconfig')) return false;
      host?.analyzerConfigChanged(file);
      optionsCache.clear();
      return true;
    },
  };
}
