/**
 * Whether a file is library code: code other people's applications call, where `ConfigureAwait(false)` is the
 * norm (ASY027) and an async method that only wraps synchronous work in Task.Run misleads callers (ASY030). A
 * class library published as a package (it sets package properties, or a .nuspec packs it: project/nuspec.ts) is,
 * an Exe on .NET Standard counting as a class library, since no runtime starts it; an application (an Exe, a web or
 * worker app, a UI app), a UI class library (UseWPF or UseWindowsForms with OutputType Library, or a UI framework's
 * package such as Avalonia), a test project, a project that sets IsPackable to false, a class library
 * that references an application's project or builds into its folder (its plug-in) and a class library that sets no
 * package properties are not. Pure.
 */
import type { ProjectModel } from './evaluate';
import { nuspecDisplayPath } from './nuspec';
import { applicationWithoutContext, aspNetCoreServerOf, consoleToolReason, contextByCaller, type ContextByCaller, hostedOnlyByConsoleTools, hostedWithoutContext, surelyWithContext, type HostingApplication } from './synchronizationContext';
import { extensionHostOf, uiPackageOf } from '../knowledge/contextPackages';
import { isRunnableTarget } from './frameworks';

/** The `asynclens.libraryCode` setting: `auto` decides per project, `all` and `none` decide for every file. */
export const LIBRARY_CODE_SETTINGS = ['auto', 'all', 'none'] as const;
export type LibraryCodeSetting = (typeof LIBRARY_CODE_SETTINGS)[number];

export interface LibraryCodeVerdict {
  isLibrary: boolean;
  /** Why, for messages: "Acme.Data is a class library published as a package (it sets PackageId)". */
  reason: string;
  /**
   * Why the code runs without a SynchronizationContext, when the project says so (project/synchronizationContext.ts):
   * library code inside the ASP.NET Core server (it references the shared framework or the server's packages:
   * knowledge/aspNetCoreServer.ts), an ASP.NET Core, worker or console application, or a class library nobody
   * publishes whose every application runs so. ASY027 then does not ask a library for ConfigureAwait(false) (ASY030
   * still applies: a Task.Run wrapper costs a pool thread there too), and ASY003's note says a wait cannot deadlock on
   * a context there.
   */
  withoutContext?: string;
  /**
   * Why the code runs only in a console tool, when it does (project/synchronizationContext.ts consoleToolReason): the
   * tool itself, or a class library nobody publishes whose every host is one. ASY003 shows a wait there as information.
   */
  consoleTool?: string;
  /**
   * Why the code surely runs on a SynchronizationContext (project/synchronizationContext.ts surelyWithContext): a UI
   * application or class library, a context SDK or package, or a class library nobody publishes that such an
   * application hosts. ASY003 keeps a wait in a member of the workspace's own synchronous contract a warning there.
   */
  withContext?: string;
  /**
   * Set for a class library nobody publishes whose hosts disagree (project/synchronizationContext.ts contextByCaller):
   * UI applications reference it, and every other host runs without a context. The rules take `withoutContext` and
   * `consoleTool` from it for a file no UI host's code reaches (rules/hostReach.ts).
   */
  contextByCaller?: ContextByCaller;
}

/**
 * SDKs whose projects are applications whatever their OutputType says. An ASP.NET 4.x
 * (System.Web) site built with MSBuild.SDK.SystemWeb is a class library by OutputType that IIS loads as the web
 * application (https://github.com/CZEMacLeod/MSBuild.SDK.SystemWeb: "SDK (shortform) projects targeting ASP.NET 4.x
 * using System.Web"; its Razor library SDK, MSBuild.SDK.SystemWeb.RazorLibrary, is another name and not listed).
 */
const APPLICATION_SDKS = ['microsoft.net.sdk.blazorwebassembly', 'msbuild.sdk.systemweb'];
/**
 * The Web and Worker SDKs make a project an Exe (their props set OutputType, which the project model applies:
 * project/evaluate.ts), so a web app or worker service is an application by its OutputType; a project built with
 * them that sets `<OutputType>Library</OutputType>` itself is a class library that takes the SDK for its framework
 * reference (an application's SignalR or API layer), and is judged as one.
 */
const EXE_SDKS = ['microsoft.net.sdk.web', 'microsoft.net.sdk.worker'];
/** OutputType values that make a project an application (lower case), on a target that runs (hasApplicationOutputType). */
export const APPLICATION_OUTPUT_TYPES = ['exe', 'winexe', 'appcontainerexe'];

/**
 * Whether the project's OutputType builds a program: an application's OutputType on a target a runtime can start. An
 * Exe whose analysed target is .NET Standard builds a class library with an entry point (project/frameworks.ts
 * isRunnableTarget): other code loads the assembly and calls it, as Microsoft.Playwright's PowerShell script calls its
 * `Program.Main` while applications reference the same assembly as their automation library. Test support code
 * (project/testCode.ts) reads it too.
 */
export function hasApplicationOutputType(project: ProjectModel): boolean {
  return APPLICATION_OUTPUT_TYPES.includes((project.outputType ?? 'Library').toLowerCase()) && isRunnableTarget(project.targetFramework);
}

/**
 * What a verdict adds for an Exe on a .NET Standard target, so that a reason calling it a class library does not seem
 * to contradict the OutputType a reader sees in the project file; nothing for any other project.
 */
function entryPointClause(project: ProjectModel): string {
  const outputType = project.outputType ?? 'Library';
  if (!APPLICATION_OUTPUT_TYPES.includes(outputType.toLowerCase()) || isRunnableTarget(project.targetFramework)) return '';
  return `: OutputType ${outputType} makes no program on ${project.targetFramework}, which no runtime starts`;
}

/**
 * The verdict for a file of `project` (null outside any project: then the caller decides from the code, since a
 * folder without a project says nothing). `testCodeReason` is set when the file is test code, which is never
 * library code.
 */
/**
 * `referenced` is what the project references, directly or through other projects (ProjectHost.referencedProjects):
 * a framework reference among them reaches this project too. `hosts` are the applications that run its code
 * (ProjectHost.hostingApplications): they decide whether a class library nobody publishes has a SynchronizationContext.
 */
/**
 * `linkers` are the other projects that compile the file, linked in from outside their folders, test code left out
 * (linkingProjects): one that is published makes the file library code (linkedLibraryVerdict).
 */
export function libraryCodeVerdict(project: ProjectModel | null, setting: LibraryCodeSetting, testCodeReason: string | null, referenced: readonly ProjectModel[] = [], hosts: readonly HostingApplication[] = [], linkers: readonly LinkingProject[] = []): LibraryCodeVerdict | null {
  if (testCodeReason) return { isLibrary: false, reason: `it is counted as test code (${testCodeReason})` };
  const verdict = settingVerdict(setting) ?? (project ? linkedLibraryVerdict(project, referenced, projectVerdict(project, referenced, hosts), linkers) : null);
  if (!verdict || !project) return verdict;
  const withoutContext = withoutContextOf(project, referenced, hosts, verdict);
  if (!withoutContext) {
    const withContext = surelyWithContext(project, referenced, hosts, verdict.isLibrary);
    if (withContext) return { ...verdict, withContext };
    const byCaller = verdict.isLibrary || isApplicationOrUiProject(project) ? null : contextByCaller(project, hosts);
    return byCaller ? { ...verdict, contextByCaller: byCaller } : verdict;
  }
  const consoleTool = isApplication(project) ? consoleToolReason(project, withoutContext, referenced) : verdict.isLibrary ? null : hostedOnlyByConsoleTools(project, hosts);
  return consoleTool ? { ...verdict, withoutContext, consoleTool } : { ...verdict, withoutContext };
}

function settingVerdict(setting: LibraryCodeSetting): LibraryCodeVerdict | null {
  if (setting === 'all') return { isLibrary: true, reason: 'asynclens.libraryCode is "all"' };
  if (setting === 'none') return { isLibrary: false, reason: 'asynclens.libraryCode is "none"' };
  return null;
}

/**
 * Why the project's code has no SynchronizationContext, or null: library code inside the ASP.NET Core server; an
 * application of its own (project/synchronizationContext.ts applicationWithoutContext); a class library that is not
 * library code (nobody publishes it, or it is an application's plug-in) and whose every host application runs so. A
 * published library is anybody's code, UI apps' too, so only the server it brings answers for it.
 */
function withoutContextOf(project: ProjectModel, referenced: readonly ProjectModel[], hosts: readonly HostingApplication[], verdict: LibraryCodeVerdict): string | null {
  if (project.uiFramework || uiPackageOf(project.packageReferences.map((p) => p.id))) return null;
  if (isApplication(project)) return applicationWithoutContext(project, referenced);
  const server = aspNetCoreServerOf(project, referenced);
  if (server) return `${project.name} runs in the ASP.NET Core server (${server}), which has no SynchronizationContext`;
  return verdict.isLibrary ? null : hostedWithoutContext(project, hosts);
}

/** A project other than a file's owner that compiles it (`<Compile Include="..\Acme\Client.cs" Link="Client.cs" />`), with what it references. */
export interface LinkingProject {
  project: ProjectModel;
  referenced: readonly ProjectModel[];
}

/**
 * The verdict for a file of a class library that is not library code because nobody publishes it (IsPackable false,
 * or no package properties), when a published class library links the file in: the file ships in that package and
 * runs in its users' applications, whatever the project around it says. Repositories do this to pack a library
 * under a second project (a `-NuGet` project that compiles the sources of the folder beside it, which stays out of
 * packing) or to share a file between packages. An owner that is an application, a UI library or a plug-in of an
 * application keeps its verdict: its code runs there whatever else compiles it. Otherwise `ownerVerdict` stands.
 */
export function linkedLibraryVerdict(owner: ProjectModel, referenced: readonly ProjectModel[], ownerVerdict: LibraryCodeVerdict, linkers: readonly LinkingProject[]): LibraryCodeVerdict {
  if (ownerVerdict.isLibrary || !linkers.length || !isUnpublishedClassLibrary(owner, referenced)) return ownerVerdict;
  for (const linker of linkers) {
    const verdict = projectVerdict(linker.project, linker.referenced);
    if (verdict.isLibrary) return { isLibrary: true, reason: `${owner.name} is not published, but ${linkerLabel(linker.project, owner)} compiles the file too, linked in, and is ${verdict.reason.replace(`${linker.project.name} is `, '')}` };
  }
  return ownerVerdict;
}

/** How a reason names a linking project: by its name, with its folder when the owner has the same name (a packing twin). */
function linkerLabel(linker: ProjectModel, owner: ProjectModel): string {
  if (linker.name !== owner.name) return linker.name;
  const folder = linker.directory.replace(/\/+$/, '').split('/').pop();
  return `${linker.name} (in ${folder}/)`;
}

/** Whether projectVerdict calls the project no library code only because nobody publishes it: no application, UI library or plug-in. */
function isUnpublishedClassLibrary(project: ProjectModel, referenced: readonly ProjectModel[]): boolean {
  return !isApplicationOrUiProject(project) && !referenced.some(isApplication);
}

/** An application, or a project of UI code (a UI framework, or a UI framework's package): it runs where its own UI does. */
function isApplicationOrUiProject(project: ProjectModel): boolean {
  return isApplication(project) || !!project.uiFramework || !!uiPackageOf(project.packageReferences.map((p) => p.id));
}

function projectVerdict(project: ProjectModel, referenced: readonly ProjectModel[], hosts: readonly HostingApplication[] = []): LibraryCodeVerdict {
  const sdk = project.sdks.find((s) => APPLICATION_SDKS.includes(s.split('/')[0].toLowerCase()));
  if (sdk) return { isLibrary: false, reason: `${project.name} is an application (${sdk.split('/')[0]})` };
  const outputType = project.outputType ?? 'Library';
  const appSdk = project.sdks.find((s) => EXE_SDKS.includes(s.split('/')[0].toLowerCase()));
  if (appSdk && APPLICATION_OUTPUT_TYPES.includes(outputType.toLowerCase())) return { isLibrary: false, reason: `${project.name} is an application (${appSdk.split('/')[0]})` };
  // A UI app (MAUI, WPF, WinForms, WinUI) whatever the analysed target's OutputType: MAUI projects set Exe only for
  // their platform targets, and UI code needs its continuations on the UI thread.
  // A WPF, WinForms or WinUI class library (OutputType Library: an app's plugins, controls, its plugin API package)
  // is no application, but its code runs on the application's UI thread all the same.
  if (project.uiFramework && project.uiFramework !== 'UseMaui' && !APPLICATION_OUTPUT_TYPES.includes(outputType.toLowerCase())) {
    return { isLibrary: false, reason: `${project.name} is a UI class library (${project.uiFramework}), whose code runs on an application's UI thread` };
  }
  if (project.uiFramework) return { isLibrary: false, reason: `${project.name} is a UI application (${project.uiFramework})` };
  if (hasApplicationOutputType(project)) return { isLibrary: false, reason: `${project.name} is an application (OutputType ${outputType})` };
  // A class library that takes a UI framework as a package (Avalonia, Uno, MAUI's controls: knowledge/contextPackages.ts)
  // holds an application's views, controls or view models, which set bound properties after their awaits and must
  // resume on the UI thread: ConfigureAwait(false) there breaks them, and Task.Run is how they keep work off that
  // thread. Package properties do not change that, as for a WPF class library above.
  const uiPackage = uiPackageOf(project.packageReferences.map((p) => p.id));
  // A Visual Studio extension's project references the applications it packs into its VSIX (an MSBuild task host, a
  // console helper): they are not hosts it plugs into, so this comes before the plug-in case below.
  const extensionHost = uiPackage ? extensionHostOf(uiPackage) : null;
  if (uiPackage && extensionHost) return { isLibrary: false, reason: `${project.name} is a ${extensionHost} extension (it references ${uiPackage}), whose code runs in ${extensionHost}, much of it on its UI thread` };
  if (uiPackage) return { isLibrary: false, reason: `${project.name} is a UI class library (it references ${uiPackage}), whose code runs on an application's UI thread` };
  if (project.isPackable === false) return { isLibrary: false, reason: `${project.name} sets IsPackable to false` };
  // A class library that references an application's project (a plug-in of it) has no other host: its code runs in
  // that application's process, called by that application, whatever package metadata a shared props file gives it.
  const host = referenced.find(isApplication);
  if (host) return { isLibrary: false, reason: `${project.name} is a class library that references the application ${host.name}, so its code runs inside that application` };
  // So is a class library that builds into an application's folder: the application loads it as a plug-in (the
  // e-commerce platforms' payment, shipping and widget plug-ins reference only the platform's libraries, and their
  // OutputPath puts them in the web application's Plugins folder), whatever package metadata a shared props file gives it.
  const loader = hosts.find((h) => h.plugInFolder !== undefined);
  if (loader) return { isLibrary: false, reason: `${project.name} is a class library that builds into ${loader.project.name}'s folder ${loader.plugInFolder}, so that application loads it as a plug-in and its code runs there` };
  // A class library nobody publishes is an application's own code (a solution's Shared or ServiceDefaults project):
  // its callers are that application's, whose context it may need.
  if (!project.packageMetadata && project.packingNuspec) {
    return { isLibrary: true, reason: `${project.name} is a class library published as a package (${nuspecDisplayPath(project.packingNuspec.path, project.directory)} packs it)${entryPointClause(project)}` };
  }
  if (!project.packageMetadata) return { isLibrary: false, reason: `${project.name} is a class library that sets no package properties (PackageId, PackageTags, a license, IsPackable) and that no .nuspec packs${entryPointClause(project)}` };
  return { isLibrary: true, reason: `${project.name} is a class library published as a package (it sets ${project.packageMetadata})${entryPointClause(project)}` };
}

/**
 * The folder of `application` that the class library `library` builds into (ProjectModel.outputDirectory), relative
 * to the application's folder, or null when it builds elsewhere. An application that loads plug-ins from a folder of
 * its own (`Plugins/`, `Modules/`) has each plug-in's project write its assembly there, since nothing references the
 * plug-in to copy it. A library whose own folder lies inside the application's (an application at the repository's
 * root, with everything below it) says nothing by where it builds, and is not taken for a plug-in.
 */
export function plugInFolderIn(library: ProjectModel, application: ProjectModel): string | null {
  const output = library.outputDirectory;
  if (!output || isApplication(library)) return null;
  const applicationFolder = application.directory.replace(/\/+$/, '');
  const libraryFolder = library.directory.replace(/\/+$/, '');
  if (!output.startsWith(`${applicationFolder}/`)) return null;
  if (libraryFolder === applicationFolder || libraryFolder.startsWith(`${applicationFolder}/`)) return null;
  return output.slice(applicationFolder.length + 1);
}

/** Whether a project builds an application: a web or worker SDK, or an executable OutputType on a target that runs. */
export function isApplication(project: ProjectModel): boolean {
  if (project.sdks.some((s) => APPLICATION_SDKS.includes(s.split('/')[0].toLowerCase()))) return true;
  return hasApplicationOutputType(project);
}

