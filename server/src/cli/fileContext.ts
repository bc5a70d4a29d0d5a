/**
 * What the CLI adds to checking each file from its project and configuration: the peers' suppressions
 * (NoWarn, .editorconfig and global analyzer configs, global SuppressMessage from any file of the project), whether the file is test code,
 * and generated code (whole files are skipped, [GeneratedCode] regions suppressed).
 */
import path from 'node:path';
import type { FileAnalysisInput, FileCheckContext } from '../analysis/project';
import type { SeveritySetting } from '../rules/types';
import { ruleById } from '../rules/registry';
import { editorConfigOptions, generatedCodeOption, peersKeptOn, peersTurnedOff, severitiesFromOptions } from '../config/editorconfig';
import { globalOptionsFor, withGlobalOptions } from '../config/globalConfig';
import { assemblySuppressionsOf, type AssemblySuppression } from '../config/suppressions';
import { generatedCodeRegions, generatedFileReason } from '../config/generatedCode';
import { testCodeVerdict } from '../project/testCode';
import { libraryCodeVerdict, type LibraryCodeSetting } from '../project/libraryCode';
import { assemblyWeaverSetting, type WeaverSetting } from '../project/weavers';
import { projectNullableAnnotations, projectNullableWarnings } from '../project/nullableWarnings';
import { editorConfigsFor, readSource, walkSync } from '../project/host/sourceFiles';
import { linkingProjectsOf, modelPath } from '../project/host/projects';
import { typesNamed, type WorkspaceIndex } from '../workspace/index';
import type { LoadedSources } from './files';

export interface CheckOptions {
  useEditorConfig: boolean;
  peerSuppressions: boolean;
  testCodeMaxSeverity: SeveritySetting;
  /** Which code is library code (ASY027, ASY030); `auto` when absent. */
  libraryCode?: LibraryCodeSetting;
}

export interface FileContexts {
  /** .editorconfig and global analyzer config severities of AsyncLens rules for a file. */
  severitiesOf(file: string): Map<string, SeveritySetting>;
  contextOf(file: FileAnalysisInput, index: WorkspaceIndex): FileCheckContext;
  /** Why the whole file is generated code (its name, its header, or generated_code in .editorconfig), or null. */
  generatedFileOf(file: string, text: string): string | null;
}

export function fileContexts(loaded: LoadedSources, options: CheckOptions): FileContexts {
  const configCache = new Map<string, string | null>();
  const optionsCache = new Map<string, { values: Map<string, string>; globalSources: Map<string, string> }>();
  /** The file's analyzer options: its project's global analyzer configs under its .editorconfig entries. */
  const analyzerOptions = (file: string) => {
    if (!options.useEditorConfig) return { values: new Map<string, string>(), globalSources: new Map<string, string>() };
    let found = optionsCache.get(file);
    if (!found) {
      const abs = loaded.absolute.get(file) ?? file;
      const forward = abs.split(path.sep).join('/');
      const project = loaded.contexts.get(file)?.project ?? null;
      const global = project ? globalOptionsFor(loaded.host.globalConfigOf(project), modelPath(abs)) : new Map();
      found = withGlobalOptions(editorConfigOptions(forward, editorConfigsFor(abs, configCache)), global);
      optionsCache.set(file, found);
    }
    return found;
  };
  const editorOptions = (file: string): Map<string, string> => analyzerOptions(file).values;
  // Global suppressions apply to their whole project, wherever they are declared (usually GlobalSuppressions.cs).
  const assemblyByProject = new Map<string, AssemblySuppression[]>();
  if (options.peerSuppressions) {
    const add = (projectPath: string, file: string, text: string) => {
      const found = assemblySuppressionsOf(file, text);
      if (found.length) assemblyByProject.set(projectPath, [...(assemblyByProject.get(projectPath) ?? []), ...found]);
    };
    for (const source of loaded.sources) add(loaded.contexts.get(source.path)?.project?.path ?? '', source.path, source.text);
    // When only some of a project's files are analysed, its global suppressions may sit in one that is not
    // (GlobalSuppressions.cs): read the project's other files for them.
    const analysed = new Set([...loaded.absolute.values()].map(modelPath));
    const projects = new Set([...loaded.contexts.values()].map((c) => c.project).filter((p) => p !== null));
    for (const project of projects) {
      walkSync([project.directory], {
        file(abs, kind) {
          if (kind !== 'source' || analysed.has(modelPath(abs))) return;
          const read = readSource(abs, 4 * 1024 * 1024);
          if (!('text' in read) || !read.text.includes('SuppressMessage')) return;
          if (loaded.host.ownerOf(abs)?.path === project.path) add(project.path, abs, read.text);
        },
      });
    }
  }
  // `[assembly: ConfigureAwait(x)]` (ConfigureAwait.Fody) applies to its whole project, wherever it is declared.
  const assemblyWeaverByProject = new Map<string, WeaverSetting>();
  for (const source of loaded.sources) {
    const found = assemblyWeaverSetting(source.path, source.text);
    const projectPath = loaded.contexts.get(source.path)?.project?.path ?? '';
    if (found && !assemblyWeaverByProject.has(projectPath)) assemblyWeaverByProject.set(projectPath, found);
  }
  // A file no project compiles is test code when the project around it, whose build leaves it out, is, or when it
  // sits in a docs or samples folder.
  const leftOutReason = (display: string): string | null => {
    const abs = loaded.absolute.get(display);
    return abs ? loaded.host.testCodeReasonOfUncompiled(abs) : null;
  };
  const equivalentsOf = (id: string) => ruleById(id)?.meta.equivalents ?? [];
  // Asked once when the sources are marked before the parse and again for each file's context: a CLI run reads each
  // file's text once, so the first answer for a path stands.
  const generatedReasons = new Map<string, string | null>();
  const generatedFileOf = (file: string, text: string): string | null => {
    let reason = generatedReasons.get(file);
    if (reason === undefined) generatedReasons.set(file, (reason = generatedFileReason(file, text, generatedCodeOption(editorOptions(file)))));
    return reason;
  };
  return {
    generatedFileOf,
    severitiesOf: (file) => severitiesFromOptions(editorOptions(file)),
    contextOf(file, index) {
      // A generated file is not checked (analysis/project.ts runRules): nothing else about it is needed.
      const generatedFile = generatedFileOf(file.path, file.text);
      if (generatedFile) return { generatedFile };
      const project = loaded.contexts.get(file.path)?.project ?? null;
      const verdict = testCodeVerdict(project, file.text, file.model, project ? loaded.host.testCodeReasonOfFile(project, loaded.absolute.get(file.path) ?? file.path) : leftOutReason(file.path));
      const declarationsOf = (fullName: string) => typesNamed(index, fullName.split('.').pop() ?? fullName).filter((t) => t.type.fullName === fullName).length;
      return {
        suppression: options.peerSuppressions ? {
          equivalentsOf,
          peers: {
            noWarn: project && project.noWarn.length ? { ids: project.noWarn, source: `NoWarn (set in ${path.basename(project.noWarnSource ?? project.path)})` } : undefined,
            editorConfigOff: peersTurnedOff(analyzerOptions(file.path).values, analyzerOptions(file.path).globalSources),
            editorConfigOn: peersKeptOn(analyzerOptions(file.path).values, analyzerOptions(file.path).globalSources),
            assembly: assemblyByProject.get(project?.path ?? '') ?? [],
          },
        } : undefined,
        testCode: verdict.testCode ? { reason: verdict.reason ?? 'test code', maxSeverity: options.testCodeMaxSeverity } : null,
        generatedRegions: generatedCodeRegions(file.text, file.model, declarationsOf),
        generatedFile: null,
        library: libraryCodeVerdict(project, options.libraryCode ?? 'auto', verdict.testCode ? verdict.reason ?? 'test code' : null, project ? loaded.host.referencedProjects(project) : [], project ? loaded.host.hostingApplications(project) : [], project ? linkingProjectsOf(loaded.host, loaded.absolute.get(file.path) ?? file.path, project) : []),
        weaving: { weaver: project?.configureAwaitWeaver ?? null, assembly: assemblyWeaverByProject.get(project?.path ?? '') ?? null },
        nullableWarnings: projectNullableWarnings(project),
        nullableAnnotations: projectNullableAnnotations(project),
      };
    },
  };
}
