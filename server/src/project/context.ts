/**
 * What a file's project says about how to analyse it: the target framework, the runtime profile its costs use
 * and why, and the preprocessing symbols that decide its #if branches. A file outside any project is analysed
 * as if it targeted net10.0, and the reason says so. Pure.
 */
import type { RuntimeSetting } from '../config/settings';
import type { ProjectModel } from './evaluate';
import { preprocessorSymbols } from './frameworks';
import type { SeenPackage } from './packages';
import { chooseRuntime, FALLBACK_PROFILE, type RuntimeChoice } from './runtime';

/** The target a file outside any project is analysed for. */
export const FALLBACK_TARGET_FRAMEWORK = `${FALLBACK_PROFILE}.0`;

export interface ProjectContext {
  project: ProjectModel | null;
  /** The target analysed: the project's, or the fallback for a file outside any project. */
  targetFramework: string;
  runtime: RuntimeChoice;
  preprocessorSymbols: string[];
  /** The package references the project sees, its own and those flowing from projects it references (packages.ts); none outside a project. */
  packages: readonly SeenPackage[];
  /**
   * The project files the project references through ProjectReference, directly or through others
   * (ProjectHost.referencedProjects): with its own, the projects whose types its code can name. None outside a project.
   */
  references: readonly string[];
  /**
   * The project files whose Compile items include the file (ProjectHost.compiledBy): its owner, and the projects that
   * link it in from outside their folder. None outside a project.
   */
  compiledBy: readonly string[];
}

/** `packages`: the package references the project sees (ProjectHost.packagesSeenBy). */
export function projectContext(project: ProjectModel | null, runtimeSetting: RuntimeSetting, configuration: string, packages: readonly SeenPackage[] = [],
  references: readonly string[] = [], compiledBy: readonly string[] = []): ProjectContext {
  const runtime = chooseRuntime(runtimeSetting, project ? { targetFramework: project.targetFramework, features: project.features, projectName: `${project.name}.csproj` } : null);
  if (!project) {
    return {
      project: null,
      targetFramework: FALLBACK_TARGET_FRAMEWORK,
      runtime,
      preprocessorSymbols: preprocessorSymbols({ targetFramework: FALLBACK_TARGET_FRAMEWORK, configuration }),
      packages: [],
      references: [],
      compiledBy: [],
    };
  }
  const targetFramework = project.targetFramework ?? FALLBACK_TARGET_FRAMEWORK;
  // The project's symbols were computed for its own configuration; a different one asked for here recomputes them.
  const symbols = project.configuration === configuration && project.targetFramework
    ? project.preprocessorSymbols
    : preprocessorSymbols({ targetFramework, configuration, defineConstants: project.defineConstants ?? 'TRACE' });
  return { project, targetFramework, runtime, preprocessorSymbols: symbols, packages, references, compiledBy };
}
