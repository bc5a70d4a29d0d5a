/**
 * What ConfigureAwait.Fody does to a project's awaits. The weaver (https://github.com/Fody/ConfigureAwait) rewrites
 * every await of a method to `ConfigureAwait(value)` after compilation, where the value comes from, nearest first:
 * a `[ConfigureAwait(x)]` on the method, one on its type, `[assembly: ConfigureAwait(x)]`, and the
 * `ContinueOnCapturedContext` attribute of the `<ConfigureAwait/>` entry in the Fody configuration; with none of
 * them it changes nothing (ModuleWeaver.Execute and CecilExtensions.GetConfigureAwaitConfig in that repository).
 * An await such a value covers is configured in the built assembly, so asking for `.ConfigureAwait(false)` in its
 * source (ASY027) would be wrong. Pure, but for the file reads the caller passes in.
 */
import { assemblyAttributes, attributeArguments, attributeName } from '../config/attributes';
import type { ProjectModel } from './evaluate';
import { parseXml } from './xml';

/** The package that ships the weaver and its `ConfigureAwaitAttribute` (https://www.nuget.org/packages/ConfigureAwait.Fody). */
export const CONFIGURE_AWAIT_WEAVER_PACKAGE = 'ConfigureAwait.Fody';

/** A value the weaver applies, and where it is set (for messages and `asynclens projects`). */
export interface WeaverSetting {
  continueOnCapturedContext: boolean;
  source: string;
}

/** The project-wide part: whether the weaver runs, and the default its configuration gives. */
export interface ConfigureAwaitWeaver {
  /** The configured default, or null when the configuration sets none (then only attributes decide). */
  configured: WeaverSetting | null;
}

/**
 * The configuration files Fody merges, lowest precedence first (FodyTasks/ConfigFileFinder.cs in
 * https://github.com/Fody/Fody): FodyWeavers.xml in the solution folder, then the one in the project folder. A later
 * file's entry for a weaver replaces an earlier one's whole. The `WeaverConfiguration` MSBuild property, which
 * comes last, is not read: the project model keeps a property's text, not the XML inside it.
 */
export function weaverConfigFiles(project: ProjectModel, solutionPath: string | null): string[] {
  const files: string[] = [];
  const projectDir = project.directory.replace(/\/+$/, '');
  if (solutionPath) {
    const solutionDir = solutionPath.slice(0, solutionPath.lastIndexOf('/'));
    if (solutionDir !== projectDir) files.push(`${solutionDir}/FodyWeavers.xml`);
  }
  files.push(`${projectDir}/FodyWeavers.xml`);
  return files;
}

/**
 * The `ContinueOnCapturedContext` a FodyWeavers.xml gives the weaver: `undefined` when the file has no
 * `<ConfigureAwait>` entry (an earlier file's entry stands), null when the entry sets no value (it replaces an
 * earlier file's value with none). The weaver reads the attribute by its exact name and parses it with
 * XmlConvert.ToBoolean after lower-casing, so `true`, `false`, `1` and `0` count; Fody matches the element's name
 * without regard to case.
 */
export function configuredContinuation(xmlText: string): boolean | null | undefined {
  const root = parseXml(xmlText).root;
  if (!root || root.name !== 'Weavers') return undefined;
  const entry = root.children.find((c) => c.name.toLowerCase() === 'configureawait');
  if (!entry) return undefined;
  return booleanOf(entry.attributes.get('ContinueOnCapturedContext'));
}

function booleanOf(value: string | undefined): boolean | null {
  const v = value?.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/** Whether the project references the weaver's package (its own reference or one a Directory.Build.props adds). */
export function referencesConfigureAwaitWeaver(project: ProjectModel): boolean {
  return project.packageReferences.some((p) => p.id.toLowerCase() === CONFIGURE_AWAIT_WEAVER_PACKAGE.toLowerCase());
}

/**
 * The weaver a project runs, or null when it does not reference the package (then a FodyWeavers.xml entry would
 * only fail the build, and attributes are all that can be said). `readText` returns null for a missing file.
 */
export function configureAwaitWeaverOf(project: ProjectModel, solutionPath: string | null, readText: (file: string) => string | null): ConfigureAwaitWeaver | null {
  if (!referencesConfigureAwaitWeaver(project)) return null;
  let configured: WeaverSetting | null = null;
  for (const file of weaverConfigFiles(project, solutionPath)) {
    const text = readText(file);
    if (text === null) continue;
    const value = configuredContinuation(text);
    if (value === undefined) continue;
    configured = value === null ? null : { continueOnCapturedContext: value, source: `ContinueOnCapturedContext="${value}" in ${file.slice(file.lastIndexOf('/', file.lastIndexOf('/') - 1) + 1)}` };
  }
  return { configured };
}

/**
 * The value of a `ConfigureAwait(x)` attribute among those written (`Fody.ConfigureAwait(false)` too), or null when
 * none is. Only the weaver's attribute has this name and a single boolean argument.
 */
export function configureAwaitAttributeValue(attributes: readonly string[]): boolean | null {
  for (const a of attributes) {
    if (attributeName(a) !== 'ConfigureAwait') continue;
    const [first] = attributeArguments(a).positional;
    if (first === 'true' || first === 'false') return first === 'true';
  }
  return null;
}

/**
 * `[assembly: ConfigureAwait(x)]` in a file of the project (usually AssemblyInfo.cs or a GlobalUsings-like file), or
 * null. The attribute's type ships in the weaver's package, so the attribute alone shows that the weaver runs.
 */
export function assemblyWeaverSetting(file: string, text: string): WeaverSetting | null {
  // Reading attribute lists masks the file: skip files that cannot hold the attribute.
  if (!text.includes('ConfigureAwait') || !/\[\s*assembly\s*:/.test(text)) return null;
  const value = configureAwaitAttributeValue(assemblyAttributes(text).map((a) => a.text));
  return value === null ? null : { continueOnCapturedContext: value, source: `[assembly: ConfigureAwait(${value})] in ${file.slice(file.lastIndexOf('/') + 1)}` };
}

/** What the weaver knows of a project before looking at a method: its configuration and the assembly's attribute. */
export interface ProjectWeaving {
  weaver: ConfigureAwaitWeaver | null;
  assembly: WeaverSetting | null;
}

/**
 * The value the weaver gives the awaits of a method, nearest first: the method's attribute, its type's, the
 * assembly's, the configuration's; null when it leaves them alone.
 */
export function weaverSettingFor(project: ProjectWeaving | null | undefined, typeAttributes: readonly string[], methodAttributes: readonly string[], where: { type: string | null; method: string }): WeaverSetting | null {
  const onMethod = configureAwaitAttributeValue(methodAttributes);
  if (onMethod !== null) return { continueOnCapturedContext: onMethod, source: `[ConfigureAwait(${onMethod})] on ${where.method}` };
  const onType = configureAwaitAttributeValue(typeAttributes);
  if (onType !== null) return { continueOnCapturedContext: onType, source: `[ConfigureAwait(${onType})] on ${where.type ?? 'its type'}` };
  return project?.assembly ?? project?.weaver?.configured ?? null;
}
