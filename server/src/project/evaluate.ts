/**
 * Evaluates a C# project file the way MSBuild would for the facts AsyncLens needs, without MSBuild: the
 * properties (TargetFramework(s), LangVersion, DefineConstants, ImplicitUsings, Nullable, NoWarn, IsPackable,
 * IsTestProject, Features), the items (Compile, PackageReference with central versions, ProjectReference,
 * Using, and the analyzer config files EditorConfigFiles and GlobalAnalyzerConfigFiles), across Directory.Build.props, Directory.Packages.props, the project, Directory.Build.targets and the
 * files they import. Conditions it cannot evaluate become notes, never silent guesses.
 *
 * The order follows MSBuild's evaluation (https://learn.microsoft.com/visualstudio/msbuild/build-process-overview):
 * properties and imports first, top to bottom, then items with the final properties. The SDK's own steps that
 * matter here are modelled in place, each citing its source:
 * - dotnet/msbuild src/Tasks/Microsoft.Common.props: Directory.Build.props, the nearest one above the project
 *   (GetDirectoryNameOfFileAbove), unless ImportDirectoryBuildProps is false;
 * - NuGet.Client src/NuGet.Core/NuGet.Build.Tasks/NuGet.props (imported by Microsoft.Common.props after it):
 *   Directory.Packages.props, unless ImportDirectoryPackagesProps is false;
 * - dotnet/sdk Microsoft.NET.Sdk.CSharp.props: NoWarn 1701;1702 when empty, `TRACE` appended to DefineConstants,
 *   the implicit usings; Microsoft.NET.Sdk.DefaultItems.props: `Compile Include="**\/*.cs"` minus
 *   DefaultItemExcludes and `**\/.*\/**`;
 * - Microsoft.NET.TargetFrameworkInference.targets: TargetFrameworkIdentifier/Version from TargetFramework;
 * - dotnet/msbuild src/Tasks/Microsoft.Common.targets: Directory.Build.targets, the nearest one above;
 * - the Arcade SDK's Sdk.props (dotnet/arcade src/Microsoft.DotNet.Arcade.Sdk/tools/TargetFrameworkDefaults.props):
 *   NetCurrent, from the SDK's version that global.json names.
 * A multi-targeting project (TargetFrameworks) is evaluated again with TargetFramework as a global property,
 * as MSBuild's inner build is, for the one target analysed.
 */
import { attr, parseXml, type XmlDocument, type XmlElement } from './xml';
import { directoryOf, directoryOfFileAbove, evaluateCondition, expand, joinPath, normalizePath, type ExpansionHost, type PropertyValue, type Truth } from './expressions';
import { chooseTargetFramework, frameworkVersionText, parseTargetFramework, preprocessorSymbols } from './frameworks';
import { implicitUsingsFor } from './implicitUsings';
import { compileGlob, splitItemSpec, type Glob } from './globs';
import type { PackingNuspec } from './nuspec';
import type { ConfigureAwaitWeaver } from './weavers';

/** What evaluation needs of the file system; paths are absolute with forward slashes. */
export interface ProjectFileSystem {
  readText(path: string): string | null;
  exists(path: string): boolean;
}

export type NoteKind = 'condition' | 'import' | 'xml' | 'value' | 'environment';

export interface ProjectNote {
  kind: NoteKind;
  /** The file the note is about (absolute, forward slashes). */
  file: string;
  line: number;
  message: string;
}

export interface PackageReference {
  id: string;
  /** The version from the reference, VersionOverride or Directory.Packages.props; null when none is known. */
  version: string | null;
  /**
   * The package stays with this project and does not flow to projects that reference it: PrivateAssets is `all`
   * (and every GlobalPackageReference, which the SDK gives PrivateAssets all). Absent when it flows, the default.
   */
  privateAssets?: true;
}

/** One Compile item operation, in evaluation order: what ownership replays for a file. */
export interface CompileRule {
  op: 'include' | 'remove';
  globs: Glob[];
  excludes: Glob[];
  /** The SDK's default `**\/*.cs` glob (nested projects' folders are left to them). */
  isDefault: boolean;
}

/** An analyzer config file a project lists, and the file that lists it (for messages). */
export interface AnalyzerConfigItem {
  path: string;
  item: 'EditorConfigFiles' | 'GlobalAnalyzerConfigFiles';
  declaredIn: string;
}

export interface EvaluationOptions {
  /** Debug, Release, or a custom name (default Release). */
  configuration?: string;
  /** The target to analyse when the project has several and lists this one. */
  targetFramework?: string | null;
  /** Parsed XML by file text, shared between evaluations (Directory.Build.props is read by every project). */
  xmlCache?: Map<string, XmlDocument>;
  /**
   * The solution file that names the project (absolute, forward slashes), if one is found above it. A build of the
   * solution passes its place to every project as global properties (SolutionDir with a trailing slash,
   * SolutionPath, SolutionName, SolutionFileName, SolutionExt), which project files use in paths such as
   * `$(SolutionDir)Presentation\App\App.csproj`.
   */
  solution?: string | null;
}

export interface ProjectModel {
  /** The project file (absolute, forward slashes). */
  path: string;
  directory: string;
  /** File name without extension. */
  name: string;
  /** SDKs named by the project (`Microsoft.NET.Sdk.Web`); empty for a legacy (non-SDK) project. */
  sdks: string[];
  sdkStyle: boolean;
  /**
   * Whether the project file names an SDK itself (its Sdk attribute, an <Sdk> element, a top-level <Import Sdk>),
   * not only through a file it imports: such a file builds on its own even when another project imports it.
   */
  namesSdk?: boolean;
  configuration: string;
  /** Every target the project lists. */
  targetFrameworks: string[];
  /** The target analysed, or null when none is known. */
  targetFramework: string | null;
  targetFrameworkReason: string;
  langVersion: string | null;
  /** DefineConstants after evaluation, null when it could not be evaluated. */
  defineConstants: string | null;
  implicitUsings: boolean;
  nullable: string | null;
  /** Warning ids from NoWarn, normalised (`1998` -> `CS1998`). */
  noWarn: string[];
  /** The file whose <NoWarn> set the final value (the project or a props file), or null for the SDK default. */
  noWarnSource: string | null;
  features: string | null;
  isPackable: boolean | null;
  /** OutputType as set (`Exe`, `WinExe`, `Library`), or null when the project leaves it to the SDK (a library). */
  outputType?: string | null;
  /** The UI framework the project turns on (`UseMaui`, `UseWPF`, `UseWindowsForms`, `UseWinUI` true), or null. */
  uiFramework?: string | null;
  /**
   * The folder the build writes the assembly to when the project files set it (`OutDir`, else `OutputPath`), absolute
   * and without a trailing slash, or null for the SDK's `bin/` default. A plug-in builds into its application's folder
   * (`<OutputPath>..\..\Web\Shop.Web\Plugins\Payments\</OutputPath>`): ProjectHost.hostingApplications reads it.
   */
  outputDirectory?: string | null;
  /** The first package property the project sets (`PackageId`, `PackageTags`, a license, `IsPackable` true ...), or null. */
  packageMetadata?: string | null;
  /**
   * The file that set `packageMetadata`: the project file, or a props file it imports (a repository's
   * Directory.Build.props often gives its license, icon and URLs to every project, tests and tools too); null without one.
   */
  packageMetadataFile?: string | null;
  /** PackageId as set, or null (NuGet then uses AssemblyName). */
  packageId?: string | null;
  /** PackAsTool true: the application is packed as a .NET tool (learn.microsoft.com/dotnet/core/tools/global-tools-how-to-create). */
  packAsTool?: boolean;
  /** AssemblyName as set, or null (the SDK then uses the project file's name). */
  assemblyName?: string | null;
  /** The NuspecFile property resolved against the project's folder, or null when unset. */
  nuspecFile?: string | null;
  /**
   * The .nuspec that publishes this project when no package property says so (project/nuspec.ts). The project host
   * sets it after evaluation, which sees only the files the project imports; absent when nothing looked.
   */
  packingNuspec?: PackingNuspec | null;
  /**
   * ConfigureAwait.Fody, when the project references it: the default its FodyWeavers.xml gives every await
   * (project/weavers.ts). The project host sets it after evaluation; absent when the project does not reference it.
   */
  configureAwaitWeaver?: ConfigureAwaitWeaver | null;
  /**
   * Why a console application runs until it is stopped, read from the code at the top of its folder
   * (project/longRunning.ts: a Ctrl+C wait, a host builder): such a program is no one-shot tool whatever its
   * properties say. The project host sets it after evaluation for console applications; absent otherwise.
   */
  runsUntilStopped?: string | null;
  /** The IsTestProject property as set (Microsoft.NET.Test.Sdk sets it too), or null. */
  isTestProject: boolean | null;
  packageReferences: PackageReference[];
  /** `<FrameworkReference>` items (`Microsoft.AspNetCore.App`): shared frameworks beyond the target's own. */
  frameworkReferences: string[];
  /** Referenced project files (absolute); a reference that only orders the build (ReferenceOutputAssembly false) is not one. */
  projectReferences: string[];
  /** Global usings from the SDK's implicit usings and <Using> items: `System`, `static System.Math`, `A = B.C`. */
  globalUsings: string[];
  compileRules: CompileRule[];
  /**
   * Analyzer config files the project lists as `<EditorConfigFiles>` or `<GlobalAnalyzerConfigFiles>` items
   * (absolute), in evaluation order; which of them are global is for their text to say (config/globalConfig.ts).
   */
  analyzerConfigFiles?: AnalyzerConfigItem[];
  /** DiscoverGlobalAnalyzerConfigFiles is not false: the SDK adds every `.globalconfig` in the folders above. */
  discoverGlobalConfigs?: boolean;
  /** Files read besides the project (props, targets, imports), in order. */
  imports: string[];
  notes: ProjectNote[];
  /** The compiler's preprocessing symbols for the analysed target and configuration. */
  preprocessorSymbols: string[];
}

/** Properties whose values the model reports: an unknown value of one of these is a note. */
const REPORTED_PROPERTIES = ['TargetFramework', 'TargetFrameworks', 'DefineConstants', 'LangVersion', 'ImplicitUsings', 'Nullable', 'NoWarn',
  'IsTestProject', 'IsPackable', 'EnableDefaultItems', 'EnableDefaultCompileItems', 'Features', 'TargetFrameworkVersion'];
/**
 * Properties the SDK or a package's props may set that the model does not reproduce; reading them unset is not
 * worth a note (IsTestProject comes from Microsoft.NET.Test.Sdk's props, the rest from the SDK's targets).
 */
const SDK_SET_LATER = new Set(['istestproject', 'ispackable', 'targetframeworkidentifier', 'targetframeworkversion', 'targetplatformidentifier', 'outputtype', 'language', 'usingmicrosoftnetsdkweb']);
const TRACKED_ITEMS = new Set(['Compile', 'PackageReference', 'FrameworkReference', 'GlobalPackageReference', 'PackageVersion', 'ProjectReference', 'Using', 'EditorConfigFiles', 'GlobalAnalyzerConfigFiles']);

interface PendingItem {
  element: XmlElement | null;
  /** Conditions of the enclosing groups, with the file they sit in. */
  conditions: { text: string; line: number }[];
  file: string;
  /** A step of the SDK's own, applied in order with the items. */
  synthetic?: (ctx: ItemContext) => void;
}

interface ItemContext {
  compileRules: CompileRule[];
  usings: string[];
}

interface EvalState {
  fs: ProjectFileSystem;
  options: EvaluationOptions;
  projectPath: string;
  projectDir: string;
  props: Map<string, { name: string; value: PropertyValue; file?: string }>;
  globals: Set<string>;
  items: PendingItem[];
  notes: ProjectNote[];
  imports: string[];
  importing: string[];
  sdks: string[];
  /** Whether the project imports a .NET SDK: named on the project itself, or imported by a file it imports. */
  sdkStyle: boolean;
  undefinedReads: Map<string, { name: string; file: string; line: number }>;
  /**
   * The IsTestProject setting as the imports before the project's own body left it (Directory.Build.props), which the
   * packages' build props that NuGet imports next may override (isTestProjectOf).
   */
  isTestProjectBeforePackages?: { name: string; value: PropertyValue; file?: string };
  /**
   * TargetFramework or TargetFrameworks values set under a condition that could not be evaluated (`IsOSPlatform`:
   * one target list on Windows, another elsewhere), expanded; the targets the project has on some machine.
   */
  unevaluatedTargets?: string[];
}

/** The last segment of a `/`-separated path. */
export function fileName(path: string): string {
  return path.split('/').pop() ?? path;
}

function parsed(state: EvalState, path: string, text: string): XmlDocument {
  const cache = state.options.xmlCache;
  const hit = cache?.get(text);
  if (hit) return hit;
  const doc = parseXml(text);
  if (cache) {
    if (cache.size > 500) cache.clear();
    cache.set(text, doc);
  }
  return doc;
}

function note(state: EvalState, kind: NoteKind, file: string, line: number, message: string): void {
  if (state.notes.some((n) => n.kind === kind && n.file === file && n.line === line && n.message === message)) return;
  state.notes.push({ kind, file, line, message });
}

function hostFor(state: EvalState, file: string, line: number, inCondition = false): ExpansionHost {
  const dir = directoryOf(file);
  const thisFile = fileName(file);
  const dot = thisFile.lastIndexOf('.');
  return {
    thisFileDirectory: `${dir}/`,
    exists: (p) => state.fs.exists(normalizePath(p)),
    property(name: string): PropertyValue | undefined {
      const lower = name.toLowerCase();
      switch (lower) {
        case 'msbuildthisfiledirectory': return { value: `${dir}/` };
        case 'msbuildthisfile': return { value: thisFile };
        case 'msbuildthisfilename': return { value: dot > 0 ? thisFile.slice(0, dot) : thisFile };
        case 'msbuildthisfileextension': return { value: dot > 0 ? thisFile.slice(dot) : '' };
        case 'msbuildthisfilefullpath': return { value: file };
        case 'msbuildbinpath': case 'msbuildextensionspath': case 'msbuildtoolspath': case 'msbuildsdkspath': case 'msbuildtoolsversion': case 'msbuildprogramfiles32': case 'netcoresdkruntimeidentifier':
          return { unknown: `$(${name}) is a path of the MSBuild installation that builds` };
        case 'os':
          return { unknown: '$(OS) is the operating system of the machine that builds' };
      }
      const entry = state.props.get(lower);
      if (!entry) {
        if (inCondition && !state.undefinedReads.has(lower)) state.undefinedReads.set(lower, { name, file, line });
        return undefined;
      }
      return entry.value;
    },
  };
}

const isUnknownTruth = (t: Truth): t is { unknown: string } => typeof t === 'object';

function and(a: Truth, b: Truth): Truth {
  if (a === false || b === false) return false;
  if (isUnknownTruth(a)) return a;
  return b;
}

function conditionOf(state: EvalState, element: XmlElement, file: string): Truth {
  const text = attr(element, 'Condition');
  if (text === undefined) return true;
  return evaluateCondition(text, hostFor(state, file, element.line, true));
}

function describe(element: XmlElement): string {
  return `<${element.name}${attr(element, 'Include') ? ` Include="${attr(element, 'Include')}"` : ''}>`;
}

function setProperty(state: EvalState, name: string, raw: string, truth: Truth, file: string, line: number): void {
  const lower = name.toLowerCase();
  if (state.globals.has(lower) || truth === false) return;
  // Under a condition that could not be evaluated the assignment is not applied (the caller has noted the
  // condition): the property keeps what it had, which is what a build where the condition is false would see.
  // A target list is kept aside: a project that names its targets only so has them on some machine.
  if (isUnknownTruth(truth)) {
    if (lower === 'targetframework' || lower === 'targetframeworks') {
      const expanded = expand(raw.trim(), hostFor(state, file, line));
      if (expanded.unknown === undefined) (state.unevaluatedTargets ??= []).push(...splitItemSpec(expanded.value));
    }
    return;
  }
  const expanded = expand(raw.trim(), hostFor(state, file, line));
  const value: PropertyValue = expanded.unknown !== undefined ? { unknown: expanded.unknown } : { value: expanded.value };
  state.props.set(lower, { name, value, file });
  if ('unknown' in value && REPORTED_PROPERTIES.some((p) => p.toLowerCase() === lower)) note(state, 'value', file, line, `${name} could not be evaluated: ${value.unknown}`);
}

/** Sets a property the SDK defines, unless the project already did (the SDK's `Condition="'$(X)' == ''"`). */
function defaultProperty(state: EvalState, name: string, value: string): void {
  const current = state.props.get(name.toLowerCase())?.value;
  if (current && ('unknown' in current || current.value !== '')) return;
  state.props.set(name.toLowerCase(), { name, value: { value } });
}

function propertyText(state: EvalState, name: string): string | null {
  const v = state.props.get(name.toLowerCase())?.value;
  return v && 'value' in v ? v.value : null;
}

function propertyIsTrue(state: EvalState, name: string): boolean {
  return (propertyText(state, name) ?? '').trim().toLowerCase() === 'true';
}

function conditionNote(state: EvalState, element: XmlElement, file: string, truth: { unknown: string }, consequence: string): void {
  note(state, 'condition', file, element.line, `could not evaluate Condition="${attr(element, 'Condition')}" on ${describe(element)}: ${truth.unknown}; ${consequence}`);
}

/** Walks the children of a Project, When or Otherwise element in order (the property pass). */
function processChildren(state: EvalState, parent: XmlElement, file: string, inherited: { text: string; line: number }[]): void {
  for (const child of parent.children) {
    switch (child.name) {
      case 'PropertyGroup': {
        const group = conditionOf(state, child, file);
        if (group === false) break;
        if (isUnknownTruth(group)) conditionNote(state, child, file, group, 'the properties it sets are not applied (as if it were false)');
        for (const prop of child.children) {
          const own = conditionOf(state, prop, file);
          if (isUnknownTruth(own)) conditionNote(state, prop, file, own, `${prop.name} is not set there (as if it were false)`);
          setProperty(state, prop.name, prop.text, and(group, own), file, prop.line);
        }
        break;
      }
      case 'ItemGroup': {
        const conditions = [...inherited];
        const c = attr(child, 'Condition');
        if (c !== undefined) conditions.push({ text: c, line: child.line });
        for (const item of child.children) if (TRACKED_ITEMS.has(item.name)) state.items.push({ element: item, conditions, file });
        break;
      }
      case 'Import':
        importFile(state, child, file, true);
        break;
      case 'ImportGroup': {
        const group = conditionOf(state, child, file);
        if (group === false) break;
        if (isUnknownTruth(group)) {
          conditionNote(state, child, file, group, 'its imports are skipped (as if it were false)');
          break;
        }
        for (const imp of child.children) if (imp.name === 'Import') importFile(state, imp, file, true);
        break;
      }
      case 'Choose':
        choose(state, child, file, inherited);
        break;
      case 'Sdk': {
        const name = attr(child, 'Name');
        if (name) state.sdks.push(name);
        break;
      }
      default:
        // Targets run at build time, not evaluation; UsingTask, ItemDefinitionGroup and ProjectExtensions carry nothing read here.
        break;
    }
  }
}

function choose(state: EvalState, element: XmlElement, file: string, inherited: { text: string; line: number }[]): void {
  for (const branch of element.children) {
    if (branch.name === 'Otherwise') {
      processChildren(state, branch, file, inherited);
      return;
    }
    if (branch.name !== 'When') continue;
    const truth = conditionOf(state, branch, file);
    if (truth === true) {
      processChildren(state, branch, file, inherited);
      return;
    }
    if (isUnknownTruth(truth)) {
      conditionNote(state, branch, file, truth, 'no branch of this <Choose> is applied');
      return;
    }
  }
}

/** The .NET SDK and its Web, Worker, Razor, BlazorWebAssembly and WindowsDesktop flavours; not other SDKs (Arcade's). */
const DOTNET_SDK = /^Microsoft\.NET\.Sdk(?:\.[A-Za-z]+)?$/i;

function importFile(state: EvalState, element: XmlElement, file: string, fromXml: boolean): void {
  const sdk = attr(element, 'Sdk');
  if (sdk) {
    // <Import Project="Sdk.props" Sdk="Microsoft.NET.Sdk.Web" />: the SDK's own files, modelled in place.
    if (!state.sdks.includes(sdk)) state.sdks.push(sdk);
    if (ARCADE_SDK.test(sdk) && /(^|[\\/])Sdk\.props$/i.test(attr(element, 'Project') ?? '')) arcadeSdkPropsDefaults(state);
    // A project without an Sdk of its own that imports a shared file which imports the .NET SDK's props
    // (`<Import Project="Common.projitems" />`) is an SDK-style project from that point on, not a legacy one.
    if (!state.sdkStyle && DOTNET_SDK.test(sdk) && /(^|[\\/])Sdk\.props$/i.test(attr(element, 'Project') ?? '')) {
      state.sdkStyle = true;
      sdkPropsDefaults(state);
    }
    return;
  }
  const truth = conditionOf(state, element, file);
  if (truth === false) return;
  if (isUnknownTruth(truth)) {
    conditionNote(state, element, file, truth, 'the import is skipped (as if it were false)');
    return;
  }
  const projectAttr = attr(element, 'Project') ?? '';
  const expanded = expand(projectAttr, hostFor(state, file, element.line));
  if (expanded.unknown !== undefined) {
    note(state, 'import', file, element.line, `could not resolve <Import Project="${projectAttr}">: ${expanded.unknown}; the import is skipped`);
    return;
  }
  for (const spec of splitItemSpec(expanded.value)) {
    if (/[*?]/.test(spec)) {
      note(state, 'import', file, element.line, `<Import Project="${projectAttr}"> uses a wildcard; wildcard imports are not followed`);
      continue;
    }
    const path = joinPath(directoryOf(file), spec);
    loadImport(state, path, file, element.line, fromXml);
  }
}

function loadImport(state: EvalState, path: string, from: string, line: number, reportMissing: boolean): void {
  if (state.importing.includes(path) || state.imports.includes(path)) return;
  const text = state.fs.readText(path);
  if (text === null) {
    if (reportMissing) note(state, 'import', from, line, `the imported file ${path} does not exist or cannot be read; it is skipped`);
    return;
  }
  state.imports.push(path);
  const doc = parsed(state, path, text);
  for (const p of doc.problems) note(state, 'xml', path, p.line, `malformed XML: ${p.message}`);
  if (!doc.root) return;
  state.importing.push(path);
  processChildren(state, doc.root, path, []);
  state.importing.pop();
}

/**
 * Directory.Build.props / .targets / Directory.Packages.props: the nearest above the project, as MSBuild finds them.
 * The properties MSBuild sets on the way are set too, since a nested Directory.Build.props often imports its parent
 * through them (`$([System.IO.Path]::Combine('..', '$(_DirectoryBuildPropsFile)'))`): `_<Stem>File` (the file name),
 * `_<Stem>BasePath` (its folder) and `<Stem>Path` (both joined), where the stem is DirectoryBuildProps,
 * DirectoryBuildTargets or DirectoryPackagesProps (dotnet/msbuild src/Tasks/Microsoft.Common.props and
 * Microsoft.Common.targets; NuGet.Build.Tasks' NuGet.props for Directory.Packages.props).
 */
function importNearest(state: EvalState, fileName: string, switchProperty: string): void {
  if ((propertyText(state, switchProperty) ?? '').toLowerCase() === 'false') return;
  const stem = fileName.replace(/\./g, '');
  defaultProperty(state, `_${stem}File`, fileName);
  const dir = directoryOfFileAbove(state.projectDir, fileName, (p) => state.fs.exists(p));
  if (!dir) return;
  defaultProperty(state, `_${stem}BasePath`, dir);
  defaultProperty(state, `${stem}Path`, joinPath(dir, fileName));
  loadImport(state, joinPath(dir, fileName), state.projectPath, 1, false);
}

/** The Arcade SDK, which dotnet/* repositories (EF Core, ASP.NET Core, Aspire) import from their Directory.Build.props. */
const ARCADE_SDK = /^Microsoft\.DotNet\.Arcade\.Sdk$/i;

/**
 * The Arcade SDK's Sdk.props imports TargetFrameworkDefaults.props, whose NetCurrent is "the TFM of the major release
 * of .NET that the Arcade SDK aligns with": `net9.0` in Arcade 9, `net11.0` in Arcade 11 (dotnet/arcade
 * src/Microsoft.DotNet.Arcade.Sdk/tools/TargetFrameworkDefaults.props). Repositories name their targets through it
 * (dotnet/efcore: `<DefaultNetCoreTargetFramework>$(NetCurrent)</DefaultNetCoreTargetFramework>`, which every
 * project's TargetFramework reads), and without it every project had no target. The SDK's version is the one
 * global.json's msbuild-sdks names (how MSBuild resolves a versionless `Sdk=` attribute). Its other defaults
 * (NetMinimum, NetPrevious) changed within a major version, so they stay unknown; the file exists from Arcade 8 on.
 */
function arcadeSdkPropsDefaults(state: EvalState): void {
  const major = arcadeSdkMajorVersion(state);
  if (major !== null && major >= 8) defaultProperty(state, 'NetCurrent', `net${major}.0`);
}

/** The major version of the Arcade SDK in the nearest global.json's msbuild-sdks, or null. */
function arcadeSdkMajorVersion(state: EvalState): number | null {
  const dir = directoryOfFileAbove(state.projectDir, 'global.json', (p) => state.fs.exists(p));
  const text = dir ? state.fs.readText(joinPath(dir, 'global.json')) : null;
  if (!text) return null;
  let sdks: unknown;
  try {
    sdks = (JSON.parse(text) as { 'msbuild-sdks'?: unknown })['msbuild-sdks'];
  } catch {
    return null;
  }
  if (!sdks || typeof sdks !== 'object') return null;
  const version = Object.entries(sdks).find(([name]) => ARCADE_SDK.test(name))?.[1];
  const major = typeof version === 'string' ? /^(\d+)\./.exec(version) : null;
  return major ? Number(major[1]) : null;
}

function sdkPropsDefaults(state: EvalState): void {
  defaultProperty(state, 'Configuration', 'Debug');
  defaultProperty(state, 'Platform', 'AnyCPU');
  defaultProperty(state, 'OutputType', 'Library');
  // The Web and Worker SDKs' props set `<OutputType>Exe</OutputType>` without a condition, after
  // Directory.Build.props (dotnet/sdk src/WebSdk/ProjectSystem/Targets/Microsoft.NET.Sdk.Web.ProjectSystem.props,
  // src/WebSdk/Worker/Targets/Microsoft.NET.Sdk.Worker.props); a project that sets OutputType itself (a class
  // library built with the Web SDK for its framework reference) overrides it.
  // The same props set IsPackable to false when nothing before them set it: `dotnet pack` skips a web or worker
  // application unless the project (or a Directory.Build.props) opts in.
  if (state.sdks.some((s) => /^Microsoft\.NET\.Sdk\.(?:Web|Worker)$/i.test(s.split('/')[0].trim()))) {
    state.props.set('outputtype', { name: 'OutputType', value: { value: 'Exe' } });
    defaultProperty(state, 'IsPackable', 'false');
  }
  defaultProperty(state, 'AssemblyName', propertyText(state, 'MSBuildProjectName') ?? '');
  defaultProperty(state, 'RootNamespace', propertyText(state, 'MSBuildProjectName') ?? '');
  defaultProperty(state, 'BaseIntermediateOutputPath', 'obj/');
  defaultProperty(state, 'NoWarn', '1701;1702');
  // Microsoft.NET.Sdk.CSharp.props: `$(DefineConstants);TRACE` when it has a value, else `TRACE`.
  const defines = state.props.get('defineconstants')?.value;
  if (!defines || ('value' in defines && defines.value === '')) state.props.set('defineconstants', { name: 'DefineConstants', value: { value: 'TRACE' } });
  else if ('value' in defines) state.props.set('defineconstants', { name: 'DefineConstants', value: { value: `${defines.value};TRACE` } });
  // Microsoft.NET.Sdk.DefaultItems.props: the default Compile glob, in place before the project's own items.
  state.items.push({
    element: null,
    conditions: [],
    file: state.projectPath,
    synthetic: (ctx) => {
      if ((propertyText(state, 'EnableDefaultItems') ?? 'true').toLowerCase() !== 'true') return;
      if ((propertyText(state, 'EnableDefaultCompileItems') ?? 'true').toLowerCase() !== 'true') return;
      const dir = state.projectDir;
      const excludes = ['bin/**', 'obj/**', '**/.*/**'];
      for (const p of ['BaseOutputPath', 'BaseIntermediateOutputPath', 'OutputPath', 'IntermediateOutputPath']) {
        const v = propertyText(state, p);
        if (v && !/^\.\.|^[A-Za-z]:|^\//.test(v.replace(/\\/g, '/'))) excludes.push(`${v.replace(/\\/g, '/').replace(/\/+$/, '')}/**`);
      }
      for (const extra of splitItemSpec(propertyText(state, 'DefaultItemExcludes') ?? '')) excludes.push(extra);
      ctx.compileRules.push({ op: 'include', globs: [compileGlob('**/*.cs', dir)], excludes: excludes.map((e) => compileGlob(e, dir)), isDefault: true });
    },
  });
  // Microsoft.NET.Sdk.CSharp.props and the Web/Worker SDKs' props: the implicit usings, before the project's <Using> items.
  state.items.push({
    element: null,
    conditions: [],
    file: state.projectPath,
    synthetic: (ctx) => {
      const setting = (propertyText(state, 'ImplicitUsings') ?? '').toLowerCase();
      if (setting !== 'enable' && setting !== 'true') return;
      const isFramework = (propertyText(state, 'TargetFrameworkIdentifier') ?? '') === '.NETFramework';
      for (const ns of implicitUsingsFor(state.sdks, isFramework, (p) => propertyIsTrue(state, p))) if (!ctx.usings.includes(ns)) ctx.usings.push(ns);
    },
  });
}

function targetFrameworkInference(state: EvalState): void {
  const tfText = propertyText(state, 'TargetFramework');
  const tf = tfText ? parseTargetFramework(tfText) : null;
  if (tf) {
    defaultProperty(state, 'TargetFrameworkIdentifier', tf.identifier);
    defaultProperty(state, 'TargetFrameworkVersion', frameworkVersionText(tf));
    defaultProperty(state, '_TargetFrameworkVersionWithoutV', frameworkVersionText(tf).slice(1));
    if (tf.platform) defaultProperty(state, 'TargetPlatformIdentifier', tf.platform);
  }
  defaultProperty(state, 'BaseOutputPath', 'bin/');
}

/** The `OutDir` or `OutputPath` the project files set, resolved against the project's folder, or null (ProjectModel.outputDirectory). */
function outputDirectoryOf(state: EvalState): string | null {
  const written = (propertyText(state, 'OutDir') ?? propertyText(state, 'OutputPath'))?.trim();
  if (!written) return null;
  return joinPath(state.projectDir, written).replace(/\/+$/, '') || null;
}

function legacyTargetFramework(state: EvalState): string | null {
  // A legacy project names <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>: the moniker is net472.
  const v = propertyText(state, 'TargetFrameworkVersion');
  const m = v ? /^v?(\d)\.(\d)(?:\.(\d))?$/.exec(v.trim()) : null;
  return m ? `net${m[1]}${m[2]}${m[3] ?? ''}` : null;
}

function normalizeWarning(id: string): string {
  const t = id.trim();
  return /^\d+$/.test(t) ? `CS${t.padStart(4, '0')}` : t.toUpperCase();
}

function parseBool(text: string | null): boolean | null {
  if (text === null) return null;
  const t = text.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
}

/**
 * IsTestProject as MSBuild ends with it. Microsoft.Common.props imports Directory.Build.props and then the build props
 * of the project's packages (NuGet's generated nuget.g.props), before the project's own body; Microsoft.NET.Test.Sdk's
 * props set `<IsTestProject>true</IsTestProject>` unconditionally (build/netcoreapp/Microsoft.NET.Test.Sdk.props,
 * 17.12.0). So a repository-wide `false` in Directory.Build.props, a default for its libraries, gives way in the
 * projects that reference the test SDK (EventStore's test projects); a `false` the project's own file sets still wins.
 */
function isTestProjectOf(state: EvalState, packages: readonly PackageReference[]): boolean | null {
  const setting = state.props.get('istestproject');
  const setBeforePackages = setting !== undefined && setting === state.isTestProjectBeforePackages;
  if (setBeforePackages && packages.some((p) => p.id.toLowerCase() === 'microsoft.net.test.sdk')) return true;
  return parseBool(propertyText(state, 'IsTestProject'));
}

interface OnePass {
  state: EvalState;
  sdkStyle: boolean;
  namesSdk: boolean;
  packageReferences: PackageReference[];
  frameworkReferences: string[];
  projectReferences: string[];
  usings: string[];
  compileRules: CompileRule[];
  analyzerConfigFiles: AnalyzerConfigItem[];
}

function evaluateOnce(path: string, root: XmlElement, fs: ProjectFileSystem, options: EvaluationOptions, globals: Record<string, string>): OnePass {
  const projectDir = directoryOf(path);
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  const state: EvalState = {
    fs, options, projectPath: path, projectDir, props: new Map(), globals: new Set(), items: [], notes: [], imports: [], importing: [path], sdks: [], sdkStyle: false, undefinedReads: new Map(),
  };
  const reserved: Record<string, string> = {
    MSBuildProjectDirectory: projectDir,
    MSBuildProjectFile: name,
    MSBuildProjectName: dot > 0 ? name.slice(0, dot) : name,
    MSBuildProjectExtension: dot > 0 ? name.slice(dot) : '',
    MSBuildProjectFullPath: path,
    MSBuildRuntimeType: 'Core',
    MSBuildProjectDirectoryNoRoot: projectDir.replace(/^([A-Za-z]:)?\//, ''),
  };
  for (const [k, v] of Object.entries(reserved)) state.props.set(k.toLowerCase(), { name: k, value: { value: v } });
  for (const [k, v] of Object.entries(globals)) {
    state.props.set(k.toLowerCase(), { name: k, value: { value: v } });
    state.globals.add(k.toLowerCase());
  }
  const sdkAttr = attr(root, 'Sdk');
  if (sdkAttr) state.sdks.push(...splitItemSpec(sdkAttr));
  for (const child of root.children) {
    if (child.name === 'Sdk' && attr(child, 'Name')) state.sdks.push(attr(child, 'Name')!);
    if (child.name === 'Import' && attr(child, 'Sdk') && !state.sdks.includes(attr(child, 'Sdk')!)) state.sdks.push(attr(child, 'Sdk')!);
  }
  // An SDK named on the project itself (its Sdk attribute, an <Sdk> element or a top-level <Import Sdk>); one
  // imported by a file the project imports is found when that import is read (importFile).
  const namedSdk = state.sdks.length > 0;
  state.sdkStyle = namedSdk;

  importNearest(state, 'Directory.Build.props', 'ImportDirectoryBuildProps');
  importNearest(state, 'Directory.Packages.props', 'ImportDirectoryPackagesProps');
  state.isTestProjectBeforePackages = state.props.get('istestproject');
  if (namedSdk) sdkPropsDefaults(state);
  processChildren(state, root, path, []);
  const sdkStyle = state.sdkStyle;
  if (!sdkStyle && !propertyText(state, 'TargetFramework')) {
    const legacy = legacyTargetFramework(state);
    if (legacy) state.props.set('targetframework', { name: 'TargetFramework', value: { value: legacy } });
  }
  targetFrameworkInference(state);
  importNearest(state, 'Directory.Build.targets', 'ImportDirectoryBuildTargets');

  // The item pass, with the final properties.
  const ctx: ItemContext = { compileRules: [], usings: [] };
  const packages: PackageReference[] = [];
  const frameworks: string[] = [];
  const central = new Map<string, string>();
  const projectReferences: string[] = [];
  const analyzerConfigFiles: AnalyzerConfigItem[] = [];
  for (const pending of state.items) {
    if (pending.synthetic) {
      pending.synthetic(ctx);
      continue;
    }
    const element = pending.element!;
    let truth: Truth = true;
    for (const c of pending.conditions) truth = and(truth, evaluateCondition(c.text, hostFor(state, pending.file, c.line, true)));
    truth = and(truth, conditionOf(state, element, pending.file));
    if (truth === false) continue;
    if (isUnknownTruth(truth)) {
      note(state, 'condition', pending.file, element.line, `could not evaluate the condition of ${describe(element)}: ${truth.unknown}; the item is left out (as if it were false)`);
      continue;
    }
    const host = hostFor(state, pending.file, element.line);
    const value = (attribute: string): string | null => {
      const raw = attr(element, attribute) ?? element.children.find((c) => c.name.toLowerCase() === attribute.toLowerCase())?.text;
      if (raw === undefined) return null;
      const e = expand(raw.trim(), host);
      if (e.unknown !== undefined) {
        note(state, 'value', pending.file, element.line, `${attribute} of ${describe(element)} could not be evaluated: ${e.unknown}`);
        return null;
      }
      return e.value;
    };
    const include = value('Include');
    const remove = value('Remove');
    const update = value('Update');
    switch (element.name) {
      case 'Compile': {
        const globs = (spec: string) => splitItemSpec(spec).map((s) => compileGlob(s, state.projectDir));
        if (include !== null) ctx.compileRules.push({ op: 'include', globs: globs(include), excludes: globs(value('Exclude') ?? ''), isDefault: false });
        if (remove !== null) ctx.compileRules.push({ op: 'remove', globs: globs(remove), excludes: [], isDefault: false });
        break;
      }
      case 'PackageReference':
      case 'GlobalPackageReference': {
        const version = value('VersionOverride') ?? value('Version');
        const privateAssets = element.name === 'GlobalPackageReference' || splitItemSpec(value('PrivateAssets') ?? '').some((a) => a.toLowerCase() === 'all');
        if (include !== null) for (const id of splitItemSpec(include)) packages.push(privateAssets ? { id, version, privateAssets } : { id, version });
        if (update !== null && version !== null) for (const id of splitItemSpec(update)) for (const p of packages) if (p.id.toLowerCase() === id.toLowerCase()) p.version = version;
        if (remove !== null) for (const id of splitItemSpec(remove)) for (let i = packages.length - 1; i >= 0; i--) if (packages[i].id.toLowerCase() === id.toLowerCase()) packages.splice(i, 1);
        break;
      }
      case 'FrameworkReference':
        if (include !== null) for (const id of splitItemSpec(include)) if (!frameworks.some((f) => f.toLowerCase() === id.toLowerCase())) frameworks.push(id);
        if (remove !== null) for (const id of splitItemSpec(remove)) for (let i = frameworks.length - 1; i >= 0; i--) if (frameworks[i].toLowerCase() === id.toLowerCase()) frameworks.splice(i, 1);
        break;
      case 'PackageVersion': {
        const version = value('Version');
        if (include !== null && version !== null) for (const id of splitItemSpec(include)) central.set(id.toLowerCase(), version);
        if (update !== null && version !== null) for (const id of splitItemSpec(update)) central.set(id.toLowerCase(), version);
        break;
      }
      case 'ProjectReference':
        // A reference with ReferenceOutputAssembly false only orders the build: "does not include the output of the
        // referenced project as a Reference of this project, but still ensures that the other project builds before
        // this one" (learn.microsoft.com/visualstudio/msbuild/common-msbuild-project-items#projectreference). Its
        // code neither sees the other project's types nor runs in it: a source generator (OutputItemType Analyzer)
        // or a build tool the project runs on its own output (a generator of its configuration schema).
        if (include !== null && parseBool(value('ReferenceOutputAssembly')) !== false) for (const p of splitItemSpec(include)) projectReferences.push(joinPath(state.projectDir, p));
        break;
      case 'EditorConfigFiles':
      case 'GlobalAnalyzerConfigFiles': {
        // Relative item paths are relative to the project, wherever the item is declared. A wildcard would need
        // the folder listed, which evaluation does not do: such an item is noted and left out.
        const item = element.name;
        if (include !== null) for (const spec of splitItemSpec(include)) {
          if (/[*?]/.test(spec)) {
            note(state, 'value', pending.file, element.line, `the wildcard in ${describe(element)} is not expanded: the files it names are not read`);
            continue;
          }
          analyzerConfigFiles.push({ path: joinPath(state.projectDir, spec), item, declaredIn: pending.file });
        }
        if (remove !== null) for (const spec of splitItemSpec(remove)) {
          const gone = joinPath(state.projectDir, spec);
          for (let i = analyzerConfigFiles.length - 1; i >= 0; i--) if (analyzerConfigFiles[i].item === item && analyzerConfigFiles[i].path === gone) analyzerConfigFiles.splice(i, 1);
        }
        break;
      }
      case 'Using': {
        const alias = value('Alias');
        const isStatic = (value('Static') ?? '').toLowerCase() === 'true';
        if (include !== null) for (const ns of splitItemSpec(include)) {
          const text = alias ? `${alias} = ${ns}` : isStatic ? `static ${ns}` : ns;
          if (!ctx.usings.includes(text)) ctx.usings.push(text);
        }
        if (remove !== null) for (const ns of splitItemSpec(remove)) {
          const i = ctx.usings.indexOf(ns);
          if (i >= 0) ctx.usings.splice(i, 1);
        }
        break;
      }
    }
  }
  for (const p of packages) if (p.version === null) p.version = central.get(p.id.toLowerCase()) ?? null;
  return { state, sdkStyle, namesSdk: namedSdk, packageReferences: packages, frameworkReferences: frameworks, projectReferences, usings: ctx.usings, compileRules: ctx.compileRules, analyzerConfigFiles };
}

/** A project that could not be read or parsed: what is known (its place), with the reason as a note. */
function unreadable(path: string, configuration: string, notes: ProjectNote[]): ProjectModel {
  const name = fileName(path);
  return {
    path, directory: directoryOf(path), name: name.replace(/\.[^.]*$/, ''), sdks: [], sdkStyle: false, configuration, targetFrameworks: [], targetFramework: null,
    targetFrameworkReason: 'the project file could not be read', langVersion: null, defineConstants: null, implicitUsings: false, nullable: null, noWarn: [], noWarnSource: null,
    features: null, isPackable: null, isTestProject: null, packageReferences: [], frameworkReferences: [], projectReferences: [], globalUsings: [], compileRules: [], imports: [], notes,
    preprocessorSymbols: preprocessorSymbols({ targetFramework: null, configuration }),
  };
}

/** Evaluates one project file. Never throws: unreadable or malformed files give a model with notes saying why. */
/** Properties only a project meant to be published as a package sets (https://learn.microsoft.com/nuget/reference/msbuild-targets#pack-target). */
const PACKAGE_PROPERTIES = ['IsPackable', 'GeneratePackageOnBuild', 'PackageId', 'PackageTags', 'PackageLicenseExpression', 'PackageLicenseFile', 'PackageProjectUrl', 'PackageReadmeFile', 'PackageIcon'];

/**
 * The global properties MSBuild sets for each project of a solution it builds (SolutionProjectGenerator in
 * dotnet/msbuild: SolutionDir, SolutionExt, SolutionFileName, SolutionName, SolutionPath; Visual Studio sets the
 * same). SolutionDir ends with a slash, so `$(SolutionDir)src` and `$(SolutionDir)\src` both name the folder below.
 */
function solutionProperties(solution: string | null): Record<string, string> {
  if (!solution) return {};
  const slash = solution.lastIndexOf('/');
  const file = solution.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  return {
    SolutionDir: solution.slice(0, slash + 1),
    SolutionPath: solution,
    SolutionFileName: file,
    SolutionName: dot > 0 ? file.slice(0, dot) : file,
    SolutionExt: dot > 0 ? file.slice(dot) : '',
  };
}

export function evaluateProject(projectPath: string, fs: ProjectFileSystem, options: EvaluationOptions = {}): ProjectModel {
  const path = normalizePath(projectPath);
  const configuration = options.configuration ?? 'Release';
  const text = fs.readText(path);
  if (text === null) return unreadable(path, configuration, [{ kind: 'xml', file: path, line: 1, message: 'the project file cannot be read' }]);
  const doc = parseXml(text);
  const xmlNotes: ProjectNote[] = doc.problems.map((p) => ({ kind: 'xml', file: path, line: p.line, message: `malformed XML: ${p.message}` }));
  if (!doc.root || doc.root.name !== 'Project') {
    return unreadable(path, configuration, [...xmlNotes, ...(doc.root ? [{ kind: 'xml' as const, file: path, line: doc.root.line, message: `the root element is <${doc.root.name}>, not <Project>: not an MSBuild project` }] : [])]);
  }
  const globals: Record<string, string> = { Configuration: configuration, ...solutionProperties(options.solution ?? null) };
  let pass = evaluateOnce(path, doc.root, fs, options, globals);
  const single = propertyText(pass.state, 'TargetFramework');
  const pluralValue = pass.state.props.get('targetframeworks')?.value;
  let targetFrameworks: string[] = [];
  let targetFramework: string | null = null;
  let reason = '';
  if (single && single.trim()) {
    targetFramework = single.trim();
    targetFrameworks = [targetFramework];
    reason = pass.sdkStyle ? `the project targets ${targetFramework}` : `the legacy project targets ${targetFramework}`;
  } else if (pluralValue && 'value' in pluralValue && splitItemSpec(pluralValue.value).length) {
    targetFrameworks = [...new Set(splitItemSpec(pluralValue.value))];
    const choice = chooseTargetFramework(targetFrameworks, options.targetFramework)!;
    targetFramework = choice.targetFramework;
    reason = choice.reason;
    // The inner build: TargetFramework is a global property the project cannot override.
    pass = evaluateOnce(path, doc.root, fs, options, { ...globals, TargetFramework: targetFramework });
  } else if (!pluralValue && !pass.state.props.get('targetframework') && pass.state.unevaluatedTargets?.length) {
    // Every target is set under a condition that depends on the machine (`net8.0;net472` on Windows, `net8.0`
    // elsewhere): the union is what the project targets somewhere, and the highest is analysed as for TargetFrameworks.
    targetFrameworks = [...new Set(pass.state.unevaluatedTargets.map((t) => t.trim()).filter(Boolean))];
    const choice = chooseTargetFramework(targetFrameworks, options.targetFramework)!;
    targetFramework = choice.targetFramework;
    reason = `its targets are set only under conditions AsyncLens cannot evaluate, so every value is taken: ${choice.reason}`;
    pass = evaluateOnce(path, doc.root, fs, options, { ...globals, TargetFramework: targetFramework });
  } else {
    const tfValue = pass.state.props.get('targetframework')?.value ?? pluralValue;
    reason = tfValue && 'unknown' in tfValue ? `the target framework could not be evaluated: ${tfValue.unknown}` : 'the project names no target framework';
  }
  const state = pass.state;
  const notes = [...xmlNotes, ...state.notes];
  // Properties read but never set: MSBuild would take an environment variable of that name, or the empty string.
  for (const [lower, where] of state.undefinedReads) {
    if (lower.startsWith('_') || lower.startsWith('msbuild')) continue;
    if (SDK_SET_LATER.has(lower)) continue;
    // Read before the project sets it, as the self-default idiom does (`<UseLite Condition=" '$(UseLite)' == ''
    // ">false</UseLite>`): the files do set it, and the default they give is what an unset property gets.
    if (state.props.has(lower)) continue;
    notes.push({ kind: 'environment', file: where.file, line: where.line, message: `$(${where.name}) is never set in the project files: taken as empty (an environment variable of that name would change it)` });
  }
  const definesValue = state.props.get('defineconstants')?.value;
  const defineConstants = definesValue && 'value' in definesValue ? definesValue.value : null;
  const packageMetadata = PACKAGE_PROPERTIES.find((p) => (p === 'IsPackable' || p === 'GeneratePackageOnBuild' ? parseBool(propertyText(state, p)) === true : !!propertyText(state, p)?.trim())) ?? null;
  return {
    path,
    directory: state.projectDir,
    name: fileName(path).replace(/\.[^.]*$/, ''),
    sdks: [...new Set(state.sdks)],
    sdkStyle: pass.sdkStyle,
    namesSdk: pass.namesSdk,
    configuration,
    targetFrameworks,
    targetFramework,
    targetFrameworkReason: reason,
    langVersion: propertyText(state, 'LangVersion')?.trim() || null,
    defineConstants,
    implicitUsings: ['enable', 'true'].includes((propertyText(state, 'ImplicitUsings') ?? '').trim().toLowerCase()),
    nullable: propertyText(state, 'Nullable')?.trim() || null,
    noWarn: [...new Set(splitItemSpec((propertyText(state, 'NoWarn') ?? '').replace(/,/g, ';')).map(normalizeWarning))],
    noWarnSource: state.props.get('nowarn')?.file ?? null,
    features: propertyText(state, 'Features')?.trim() || null,
    isPackable: parseBool(propertyText(state, 'IsPackable')),
    outputType: propertyText(state, 'OutputType')?.trim() || null,
    uiFramework: ['UseMaui', 'UseWPF', 'UseWindowsForms', 'UseWinUI'].find((p) => parseBool(propertyText(state, p)) === true) ?? null,
    outputDirectory: outputDirectoryOf(state),
    packageMetadata,
    packageMetadataFile: packageMetadata ? state.props.get(packageMetadata.toLowerCase())?.file ?? null : null,
    packageId: propertyText(state, 'PackageId')?.trim() || null,
    packAsTool: parseBool(propertyText(state, 'PackAsTool')) === true,
    assemblyName: propertyText(state, 'AssemblyName')?.trim() || null,
    nuspecFile: propertyText(state, 'NuspecFile')?.trim() ? joinPath(state.projectDir, propertyText(state, 'NuspecFile')!.trim()) : null,
    isTestProject: isTestProjectOf(state, pass.packageReferences),
    packageReferences: pass.packageReferences,
    frameworkReferences: pass.frameworkReferences,
    projectReferences: [...new Set(pass.projectReferences)],
    globalUsings: pass.usings,
    compileRules: pass.compileRules,
    analyzerConfigFiles: pass.analyzerConfigFiles,
    discoverGlobalConfigs: (propertyText(state, 'DiscoverGlobalAnalyzerConfigFiles') ?? '').trim().toLowerCase() !== 'false',
    imports: state.imports,
    notes,
    preprocessorSymbols: preprocessorSymbols({
      targetFramework,
      configuration,
      // Unknown DefineConstants: only the SDK's symbols (TRACE, the configuration's, the framework's) are used, and a note says so.
      defineConstants: defineConstants ?? 'TRACE',
      disableImplicitFrameworkDefines: propertyIsTrue(state, 'DisableImplicitFrameworkDefines'),
      disableImplicitConfigurationDefines: propertyIsTrue(state, 'DisableImplicitConfigurationDefines'),
    }),
  };
}
