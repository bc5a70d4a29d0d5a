/**
 * What the CLI adds to checking each file from its project and configuration: the peers' suppressions
 * (NoWarn, .editorconfig, global SuppressMessage from any file of the project), whether the file is test code,
 * and generated code (whole files are skipped, [GeneratedCode] regions suppressed).
 */
import path from 'node:path';
import type { FileAnalysisInput, FileCheckContext } from '../analysis/project';
import type { SeveritySetting } from '../rules/types';
import { ruleById } from '../rules/registry';
import { editorConfigOptions, generatedCodeOption, peersTurnedOff, severitiesFromOptions } from '../config/editorconfig';
import { assemblySuppressionsOf, type AssemblySuppression } from '../config/suppressions';
import { generatedCodeRegions, generatedFileReason } from '../config/generatedCode';
import { testCodeVerdict } from '../project/testCode';
import { editorConfigsFor } from '../project/host/sourceFiles';
import { typesNamed, type WorkspaceIndex } from '../workspace/index';
import type { LoadedSources } from './files';

export interface CheckOptions {
  useEditorConfig: boolean;
  peerSuppressions: boolean;
  testCodeMaxSeverity: SeveritySetting;
}

export interface FileContexts {
  /** .editorconfig severities of AsyncLens rules for a file. */
  severitiesOf(file: string): Map<string, SeveritySetting>;
  contextOf(file: FileAnalysisInput, index: WorkspaceIndex): FileCheckContext;
}

export function fileContexts(loaded: LoadedSources, options: CheckOptions): FileContexts {
  const configCache = new Map<string, string | null>();
  const optionsCache = new Map<string, Map<string, string>>();
  const editorOptions = (file: string): Map<string, string> => {
    if (!options.useEditorConfig) return new Map();
    let found = optionsCache.get(file);
    if (!found) {
      const abs = loaded.absolute.get(file) ?? file;
      found = editorConfigOptions(abs.split(path.sep).join('/'), editorConfigsFor(abs, configCache));
      optionsCache.set(file, found);
    }
    return found;
  };
  // Global suppressions apply to their whole project, wherever they are declared (usually GlobalSuppressions.cs).
  const assemblyByProject = new Map<string, AssemblySuppression[]>();
  if (options.peerSuppressions) {
    for (const source of loaded.sources) {
      const found = assemblySuppressionsOf(source.path, source.text);
      if (!found.length) continue;
      const key = loaded.contexts.get(source.path)?.project?.path ?? '';
      assemblyByProject.set(key, [...(assemblyByProject.get(key) ?? []), ...found]);
    }
  }
  const equivalentsOf = (id: string) => ruleById(id)?.meta.equivalents ?? [];
  return {
    severitiesOf: (file) => severitiesFromOptions(editorOptions(file)),
    contextOf(file, index) {
      const project = loaded.contexts.get(file.path)?.project ?? null;
      const verdict = testCodeVerdict(project, file.text, file.model);
      const declarationsOf = (fullName: string) => typesNamed(index, fullName.split('.').pop() ?? fullName).filter((t) => t.type.fullName === fullName).length;
      return {
        suppression: options.peerSuppressions ? {
          equivalentsOf,
          peers: {
            noWarn: project && project.noWarn.length ? { ids: project.noWarn, source: `NoWarn (set in ${path.basename(project.noWarnSource ?? project.path)})` } : undefined,
            editorConfigOff: peersTurnedOff(editorOptions(file.path)),
            assembly: assemblyByProject.get(project?.path ?? '') ?? [],
          },
        } : undefined,
        testCode: verdict.testCode ? { reason: verdict.reason ?? 'test code', maxSeverity: options.testCodeMaxSeverity } : null,
        generatedRegions: generatedCodeRegions(file.text, file.model, declarationsOf),
        generatedFile: generatedFileReason(file.path, file.text, generatedCodeOption(editorOptions(file.path))),
      };
    },
  };
}
