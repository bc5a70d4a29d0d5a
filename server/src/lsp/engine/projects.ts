/**
 * The engine's view of the workspace's projects: which project owns a file, what that decides (target,
 * runtime profile, preprocessing symbols), and what checking the file adds (.editorconfig severities, the
 * peers' suppressions, test code, generated code). Cached per file; a change to a project, props, targets or
 * .editorconfig file drops the caches.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileCheckContext } from '../../analysis/project';
import type { AsyncLensSettings } from '../../config/settings';
import { editorConfigOptions, generatedCodeOption, peersTurnedOff, severitiesFromOptions } from '../../config/editorconfig';
import { assemblySuppressionsOf, type AssemblySuppression } from '../../config/suppressions';
import { generatedCodeRegions, generatedFileReason } from '../../config/generatedCode';
import type { FileModel } from '../../model/types';
import { ruleById } from '../../rules/registry';
import type { SeveritySetting } from '../../rules/types';
import { typesNamed, type WorkspaceIndex } from '../../workspace/index';
import { projectContext, type ProjectContext } from '../../project/context';
import { createProjectHost, type ProjectHost } from '../../project/host/projects';
import { editorConfigsFor } from '../../project/host/sourceFiles';
import { testCodeVerdict } from '../../project/testCode';
import { libraryCodeVerdict } from '../../project/libraryCode';

function fsPathOf(key: string): string | null {
  if (!key.startsWith('file:')) return null;
  try {
    return fileURLToPath(key);
  } catch {
    return null;
  }
}

/** Whether a changed file can change what a project says: project, props, targets, solution and .nuspec files (a .nuspec can make a project a published library). */
export function isProjectFile(file: string): boolean {
  return /\.(csproj|props|targets|sln|slnx|nuspec)$/i.test(file);
}

export interface EngineProjects {
  /** The file's project context under these settings (cached). */
  contextOf(key: string, settings: AsyncLensSettings): ProjectContext;
  /** .editorconfig severities of AsyncLens rules for the file. */
  severitiesOf(key: string): Map<string, SeveritySetting>;
  /** What checking the file adds: peer suppressions, test code, generated code. */
  checkContextOf(key: string, text: string, model: FileModel, index: WorkspaceIndex, settings: AsyncLensSettings): FileCheckContext;
  /** Records a file's global suppressions ([assembly: SuppressMessage]) when its text is read. */
  noteText(key: string, text: string): void;
  forget(key: string): void;
  addProjectFiles(files: string[]): void;
  /** A project, props or targets file changed: every context is recomputed on demand. */
  projectsChanged(): void;
  editorConfigChanged(): void;
}

export function createEngineProjects(): EngineProjects {
  let host: ProjectHost | null = null;
  let hostKey = '';
  const knownProjects = new Set<string>();
  const contexts = new Map<string, { settingsKey: string; context: ProjectContext }>();
  const editorConfigCache = new Map<string, string | null>();
  const optionsCache = new Map<string, Map<string, string>>();
  const assemblyByFile = new Map<string, AssemblySuppression[]>();

  const hostFor = (settings: AsyncLensSettings): ProjectHost => {
    const key = `${settings.project.configuration}|${settings.project.targetFramework}`;
    if (!host || key !== hostKey) {
      host = createProjectHost({ configuration: settings.project.configuration, targetFramework: settings.project.targetFramework || null });
      hostKey = key;
      for (const p of knownProjects) host.addProjectFile(p);
      contexts.clear();
    }
    return host;
  };

  const editorOptions = (key: string): Map<string, string> => {
    let found = optionsCache.get(key);
    if (!found) {
      const file = fsPathOf(key);
      try {
        found = file ? editorConfigOptions(file.split(path.sep).join('/'), editorConfigsFor(file, editorConfigCache)) : new Map();
      } catch {
        found = new Map();
      }
      optionsCache.set(key, found);
    }
    return found;
  };

  const contextOf = (key: string, settings: AsyncLensSettings): ProjectContext => {
    const settingsKey = `${settings.runtime}|${settings.project.configuration}|${settings.project.targetFramework}`;
    const cached = contexts.get(key);
    if (cached && cached.settingsKey === settingsKey) return cached.context;
    const file = fsPathOf(key);
    let owner = null;
    try {
      owner = file ? hostFor(settings).ownerOf(file) : null;
    } catch {
      // A project that cannot be evaluated leaves the file outside any project; the file is still analysed.
    }
    const context = projectContext(owner, settings.runtime, settings.project.configuration);
    contexts.set(key, { settingsKey, context });
    return context;
  };

  return {
    contextOf,
    severitiesOf: (key) => severitiesFromOptions(editorOptions(key)),
    checkContextOf(key, text, model, index, settings) {
      const project = contextOf(key, settings).project;
      const options = editorOptions(key);
      const verdict = testCodeVerdict(project, text, model);
      const declarationsOf = (fullName: string) => typesNamed(index, fullName.split('.').pop() ?? fullName).filter((t) => t.type.fullName === fullName).length;
      let assembly: AssemblySuppression[] = [];
      if (settings.suppressions.peers) {
        for (const [other, found] of assemblyByFile) {
          if (contextOf(other, settings).project?.path === project?.path) assembly = assembly.concat(found);
        }
      }
      const file = fsPathOf(key) ?? key;
      return {
        suppression: settings.suppressions.peers ? {
          equivalentsOf: (id) => ruleById(id)?.meta.equivalents ?? [],
          peers: {
            noWarn: project && project.noWarn.length ? { ids: project.noWarn, source: `NoWarn (set in ${path.basename(project.noWarnSource ?? project.path)})` } : undefined,
            editorConfigOff: peersTurnedOff(options),
            assembly,
          },
        } : undefined,
        testCode: verdict.testCode ? { reason: verdict.reason ?? 'test code', maxSeverity: settings.testCode.maxSeverity } : null,
        generatedRegions: generatedCodeRegions(text, model, declarationsOf),
        generatedFile: generatedFileReason(file, text, generatedCodeOption(options)),
        library: libraryCodeVerdict(project, settings.libraryCode, verdict.testCode ? verdict.reason ?? 'test code' : null),
      };
    },
    noteText(key, text) {
      const found = assemblySuppressionsOf(fsPathOf(key) ?? key, text);
      if (found.length) assemblyByFile.set(key, found);
      else assemblyByFile.delete(key);
    },
    forget(key) {
      assemblyByFile.delete(key);
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
    },
    editorConfigChanged() {
      editorConfigCache.clear();
      optionsCache.clear();
    },
  };
}
