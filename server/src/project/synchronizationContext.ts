/**
 * Whether a project's code runs without a SynchronizationContext, and why, from its project file: an ASP.NET Core
 * application or worker service (neither host installs one), a console application with no UI framework, or a class
 * library nobody publishes whose every application runs so. Sync over async cannot deadlock on a context there (it
 * still holds a thread), so ASY003's note says what the wait really costs; ASY027 reads the same answer for libraries
 * (project/libraryCode.ts `withoutContext`). Null means unknown: a UI application, a published library (anybody's
 * application may call it, UI ones too) or a project with nothing to go by. Pure.
 *
 * Sources: devblogs.microsoft.com/dotnet/configureawait-faq ("ASP.NET Core ... does not have a SynchronizationContext",
 * and console apps have none either); blog.stephencleary.com/2017/03/aspnetcore-synchronization-context.html; the
 * generic host (Microsoft.Extensions.Hosting) runs hosted services on the thread pool and installs none.
 */
import type { ProjectModel } from './evaluate';
import { aspNetCoreServerReferenceOf, serverHostPackageOf } from '../knowledge/aspNetCoreServer';
import { contextPackageOf, extensionHostOf, platformContextOf, type PlatformContext } from '../knowledge/contextPackages';
import { isRunnableTarget, parseTargetFramework } from './frameworks';
import { packagesSeen } from './packages';
import { namesInProse } from './proseLists';

/**
 * SDKs whose applications do have a context or a single thread, so that nothing here may claim otherwise: Blazor
 * WebAssembly runs on the browser's one thread, where a blocking wait cannot let the task finish; an ASP.NET 4.x site
 * (MSBuild.SDK.SystemWeb) has AspNetSynchronizationContext; Uno Platform's single-project SDK and the older
 * WindowsDesktop SDK build UI apps.
 */
const CONTEXT_SDKS = ['microsoft.net.sdk.blazorwebassembly', 'msbuild.sdk.systemweb', 'uno.sdk', 'microsoft.net.sdk.windowsdesktop'];

/** An application that runs a project's code, and why it has no SynchronizationContext (null: it may have one). */
export interface HostingApplication {
  project: ProjectModel;
  withoutContext: string | null;
  /**
   * Why the application runs its code on a SynchronizationContext, the packages its referenced projects bring
   * included (a tray executable whose UI lives in a library it references), or null (ownContextOf); absent
   * where a caller made the host without it, read as none.
   */
  context?: string | null;
  /**
   * For an application with a context: the projects it references that are ASP.NET Core server code themselves (the
   * Web SDK, the shared framework, the server's packages), which it may start in its own process, as a tray
   * application starts its web server. Their code runs on the server's threads, not the application's.
   */
  servers?: readonly string[];
  /** Why it is a console tool (consoleToolReason), or null. */
  consoleTool: string | null;
  /**
   * Set when the class library builds into this application's folder, which loads it as a plug-in (libraryCode.ts
   * plugInFolderIn): the folder, relative to the application's (`Plugins/Payments.Manual`). Absent for a host that
   * references the library.
   */
  plugInFolder?: string;
}

const sdkNamed = (project: ProjectModel, name: string): boolean => project.sdks.some((s) => s.split('/')[0].toLowerCase() === name);

/**
 * The ASP.NET Core server the project runs in, as a phrase ("Microsoft.NET.Sdk.Web", "FrameworkReference
 * Microsoft.AspNetCore.App, through its reference to Core"), or null: its own SDK or reference, or one of a project it
 * references (directly or through others). The Web SDK references the shared framework implicitly. Framework
 * references flow to every project that references the project declaring them, so a dashboard plug-in that references
 * a dashboard built on Microsoft.AspNetCore.App runs in the same server (learn.microsoft.com/dotnet/core/project-sdk/msbuild-props,
 * DisableTransitiveFrameworkReferences: "by default, framework references are transitive"). A server package of a
 * project it references counts the same way unless that reference keeps it private (PrivateAssets all): package
 * references flow to referencing projects by default (learn.microsoft.com/nuget/consume-packages/package-references-in-project-files,
 * "Controlling dependency assets": PrivateAssets defaults to contentfiles;analyzers;build, so compile and runtime flow),
 * so an application's core library that takes `Microsoft.AspNetCore.Mvc.*` brings the server to every library above it.
 */
export function aspNetCoreServerOf(project: ProjectModel, referenced: readonly ProjectModel[]): string | null {
  if (sdkNamed(project, 'microsoft.net.sdk.web')) return 'Microsoft.NET.Sdk.Web';
  const own = aspNetCoreServerReferenceOf(project.frameworkReferences ?? [], project.packageReferences.map((p) => p.id));
  if (own) return own;
  for (const other of referenced) {
    const flowing = other.packageReferences.filter((p) => !p.privateAssets).map((p) => p.id);
    const through = sdkNamed(other, 'microsoft.net.sdk.web') ? 'Microsoft.NET.Sdk.Web' : aspNetCoreServerReferenceOf(other.frameworkReferences ?? [], flowing);
    if (through) return `${through}, through its reference to ${other.name}`;
  }
  return null;
}

/**
 * Why an application (project/libraryCode.ts isApplication) runs without a SynchronizationContext, or null.
 * `referenced` is what it references, directly or through others: a UI package among the packages it sees
 * (project/packages.ts packagesSeen) puts a context back. A WinExe is left out of the console case: it is how UI apps
 * are built.
 */
export function applicationWithoutContext(project: ProjectModel, referenced: readonly ProjectModel[]): string | null {
  if (project.uiFramework || CONTEXT_SDKS.some((sdk) => sdkNamed(project, sdk))) return null;
  if (contextPackageSeen(project, referenced)) return null;
  // Only its own SDK or reference makes it a server: a console tool that references an application's core library
  // (which brings the server's packages along) is still a console application.
  const server = aspNetCoreServerOf(project, []);
  if (server) return `${project.name} is an ASP.NET Core application (${server}), which has no SynchronizationContext`;
  if (sdkNamed(project, 'microsoft.net.sdk.worker')) return `${project.name} is a worker service (Microsoft.NET.Sdk.Worker), and the generic host installs no SynchronizationContext`;
  return consoleApplicationReason(project);
}

/**
 * Why the project's code surely runs on a SynchronizationContext, or null when that is not known: its own UI framework
 * (UseWPF, UseWindowsForms, UseMaui, UseWinUI), an SDK that brings one (CONTEXT_SDKS), a package it sees that installs
 * one (knowledge/contextPackages.ts), or, for a class library nobody publishes (`isLibrary` false), every
 * application that hosts it being one of those. A published library is anybody's code: whether a context runs it is its
 * callers' business, so it has none here. ASY003 keeps the waits of synchronous contracts a warning there, where a
 * wait on the UI thread deadlocks.
 */
export function surelyWithContext(project: ProjectModel, referenced: readonly ProjectModel[], hosts: readonly HostingApplication[], isLibrary: boolean): string | null {
  const own = ownContextOf(project, referenced);
  if (own) return `${project.name} ${own}`;
  if (isLibrary || hosts.length === 0) return null;
  // Every host must have one: a library that a Windows tray application and a console service both start runs its
  // commands on the service's threads as often as not (Sonarr's core, read in the thirty-seventh session).
  const contexts = hosts.map((host) => ownContextOf(host.project, []));
  if (contexts.some((c) => c === null)) return null;
  return hosts.length === 1
    ? `${project.name} runs only in ${hosts[0].project.name}, which ${contexts[0]}`
    : `${project.name} runs only in ${hostNames(hosts)}, each of which runs its code on a SynchronizationContext`;
}

/**
 * What gives the project's own code a SynchronizationContext, as a predicate phrase ("uses UseWPF, ..."), or null; with
 * the projects it references, what they bring counts too (HostingApplication.context).
 */
export function ownContextOf(project: ProjectModel, referenced: readonly ProjectModel[]): string | null {
  if (project.uiFramework) return `uses ${project.uiFramework}, whose code runs on the UI thread's SynchronizationContext`;
  const sdk = project.sdks.map((s) => s.split('/')[0]).find((s) => CONTEXT_SDKS.includes(s.toLowerCase()));
  if (sdk) return `is built with ${sdk}, which runs its code on a SynchronizationContext`;
  const platform = mobileApplicationPlatform(project);
  if (platform) return `is an application for ${platform.platform} (${project.targetFramework}), whose main thread has ${platform.context}`;
  const pkg = contextPackageSeen(project, referenced);
  if (!pkg) return null;
  const extensionHost = extensionHostOf(pkg);
  return extensionHost ? `references ${pkg}, so it runs in ${extensionHost}, whose UI thread has a SynchronizationContext` : `references ${pkg}, which installs a SynchronizationContext`;
}

/**
 * The package among those the project sees that installs a SynchronizationContext on its code's thread, or null: a UI
 * framework's wherever it comes from, and a message loop's that the application's own code starts (Nito.AsyncEx's
 * AsyncContext.Run) only as a console application's own reference, the one kind of project whose Main plausibly runs
 * its code inside it. A class library that takes Nito.AsyncEx, and an application that sees it through one, mostly
 * use its AsyncLock: no context comes with that.
 */
function contextPackageSeen(project: ProjectModel, referenced: readonly ProjectModel[]): string | null {
  const seen = contextPackageOf(packagesSeen(project, referenced).map((p) => p.id), false);
  if (seen) return seen;
  const own = project.packageReferences.map((r) => r.id);
  // A program that hosts gRPC services serves requests on the server's threads (couchbase's FIT performer).
  const startsItsOwn = isConsoleApplication(project) && !aspNetCoreServerOf(project, []) && !sdkNamed(project, 'microsoft.net.sdk.worker') && !serverHostPackageOf(own);
  return startsItsOwn ? contextPackageOf(own, true) : null;
}

/** The platform row of an `OutputType Exe` whose analysed target is a mobile or Apple platform's (`net8.0-android`), or null. */
function mobileApplicationPlatform(project: ProjectModel): PlatformContext | null {
  if ((project.outputType ?? '').toLowerCase() !== 'exe' || !project.targetFramework) return null;
  return platformContextOf(parseTargetFramework(project.targetFramework)?.platform ?? null);
}

/** Whether the project is an SDK-style `OutputType Exe` without a UI framework: what the console verdicts start from. */
export function isConsoleApplication(project: ProjectModel): boolean {
  return consoleApplicationReason(project) !== null && !project.uiFramework;
}

function consoleApplicationReason(project: ProjectModel): string | null {
  // An Exe for Android or iOS is a mobile app, started by the platform on its main thread (knowledge/contextPackages.ts
  // PLATFORM_CONTEXTS), not a console application: osu!'s Android and iOS heads were called console tools.
  if (mobileApplicationPlatform(project)) return null;
  // A legacy project may build a WinForms app as an Exe with nothing in its properties to say so. An Exe on a .NET
  // Standard target is no program at all (frameworks.ts isRunnableTarget), and runs wherever the code that loads it does.
  if (project.sdkStyle && (project.outputType ?? '').toLowerCase() === 'exe' && isRunnableTarget(project.targetFramework)) return `${project.name} is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext`;
  return null;
}

/**
 * Packages with which a console application becomes a long-running service: the generic host runs hosted services
 * and background work for the process's lifetime (learn.microsoft.com/dotnet/core/extensions/generic-host), and
 * Topshelf runs a Windows service. Only the application's own references count: a tool that references the
 * product's core library sees that library's packages without hosting anything.
 */
const SERVICE_HOST_PACKAGES = ['microsoft.extensions.hosting', 'microsoft.extensions.hosting.windowsservices', 'microsoft.extensions.hosting.systemd', 'topshelf'];

/**
 * The last word of an application's name that says it runs for the process's lifetime, serving others, rather than
 * one flow of work its user started: `GarnetServer`, `Duplicati.WindowsService`, `WalletWasabi.Daemon`,
 * `Duplicati.Agent`, an Aspire `AppHost`, a `Worker` (the .NET template's name for a worker service,
 * learn.microsoft.com/dotnet/core/extensions/workers). Such programs often run their server loop without the generic
 * host (a TCP server of their own, ServiceBase, a library's web host), so no package says so, and their names are the
 * one sign in the project. Only the last word counts: `ServerUtil` and `ServiceInstaller` are tools.
 */
const LONG_RUNNING_NAME_WORDS = ['server', 'service', 'daemon', 'agent', 'host', 'worker'];

/** The last word of a project name: its last dotted part split at case changes, hyphens and underscores. */
export function lastNameWord(name: string): string {
  const part = name.split('.').pop() ?? name;
  const words = part.split(/[-_\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  return (words[words.length - 1] ?? part).toLowerCase();
}

function declaresServiceHost(project: ProjectModel): boolean {
  return project.packageReferences.some((p) => SERVICE_HOST_PACKAGES.includes(p.id.toLowerCase()));
}

/**
 * Why an application is a console tool, or null: a console application (no UI, no ASP.NET Core server, no worker SDK)
 * that declares no service host package, references no project of the workspace that does (its own host library, as
 * a `*.Console` entry point over a `*.Host` project), whose name does not say it serves (LONG_RUNNING_NAME_WORDS) and
 * whose code does not either (`runsUntilStopped`).
 * Such a program runs one flow of work the user started (an installer, a command-line front end, a release script):
 * a synchronous wait there holds the flow that would wait anyway, with no request load to starve the thread pool and
 * no context to deadlock on. ASY003 shows its waits there as information (test/real-world/README.md, the seeded
 * reading of the thirty-fourth session: bitwarden's setup tool, duplicati's command line). A console application that
 * runs until Ctrl+C or serves through a host its own code builds has a tool's properties (the sample workspace's
 * order desk, YARP's standalone proxy): its code says so (`runsUntilStopped`, project/longRunning.ts), and it is no
 * tool. `referenced` is what the application
 * references, directly or through other projects. A library's packages say nothing when they are not hosting ones: a
 * tool that references the product's core library sees that library's ASP.NET Core packages without serving anything.
 */
export function consoleToolReason(project: ProjectModel, withoutContext: string | null, referenced: readonly ProjectModel[] = []): string | null {
  // `withoutContext` is applicationWithoutContext's answer for the project, which its callers have at hand: only its
  // console case (no UI, server or worker SDK before it) makes a tool.
  const console = consoleApplicationReason(project);
  if (console === null || withoutContext !== console) return null;
  if (declaresServiceHost(project) || referenced.some(declaresServiceHost)) return null;
  if (LONG_RUNNING_NAME_WORDS.includes(lastNameWord(project.name))) return null;
  if (project.runsUntilStopped) return null;
  return `${project.name} is a console tool (OutputType Exe, no UI framework, web server or service host)`;
}

/** Why a class library runs only in console tools, or null: every application that hosts it is one. */
export function hostedOnlyByConsoleTools(project: ProjectModel, hosts: readonly HostingApplication[]): string | null {
  if (!hosts.length || hosts.some((h) => !h.consoleTool)) return null;
  return `${project.name} runs only in console tools (${hostNames(hosts)})`;
}

/** The hosts' names for a note: `A`, `A and B`, `A, B and C`, or the first three `and N more`. */
function hostNames(hosts: readonly HostingApplication[]): string {
  return namesInProse(hosts.map((h) => h.project.name));
}

/**
 * Why a class library's code runs without a SynchronizationContext because every application that hosts it does:
 * `hosts` are the applications (not test code) that reference it, directly or through other projects, or that it
 * references as their plug-in. Null when it has no host or one host may have a context.
 */
export function hostedWithoutContext(project: ProjectModel, hosts: readonly HostingApplication[]): string | null {
  if (!hosts.length || hosts.some((h) => !h.withoutContext)) return null;
  return `${project.name} runs only in ${hostNames(hosts)}, ${hosts.length === 1 ? 'which has' : 'which have'} no SynchronizationContext`;
}

/**
 * What a class library's context comes down to when its hosts disagree: some applications that reference it run
 * their code on a SynchronizationContext (a tray or desktop app), and every other one runs without one (a console
 * tool, a web server). Which one runs a given file of the library depends on who calls into it: a UI application that
 * references the library only for a few of its types (an options parser) never runs the rest, which its console and
 * server hosts call. The rules decide per file, from which files the UI applications' code reaches
 * (rules/hostReach.ts); null when no host has a context, or when some host other than those is of unknown context.
 */
export interface ContextByCaller {
  /** The applications with a SynchronizationContext, by project file and name. */
  contextHosts: readonly { path: string; name: string }[];
  /**
   * Project files whose code runs on threads of its own when a UI application starts it in its process: the other
   * hosts (applications without a context) and the ASP.NET Core server projects the UI applications reference.
   * rules/hostReach.ts does not follow what their files name.
   */
  ownThreads: readonly string[];
  /** Why the code has no context where none of them reaches it: the other hosts run without one. */
  withoutContext: string;
  /** Why that code runs only in console tools, when every other host is one; null otherwise. */
  consoleTool: string | null;
}

export function contextByCaller(project: ProjectModel, hosts: readonly HostingApplication[]): ContextByCaller | null {
  const withContext = hosts.filter((h) => !!h.context);
  const others = hosts.filter((h) => !withContext.includes(h));
  if (!withContext.length || !others.length) return null;
  const without = hostedWithoutContext(project, others);
  if (!without) return null;
  const uiNames = hostNames(withContext);
  const one = withContext.length === 1;
  const tools = hostedOnlyByConsoleTools(project, others);
  return {
    contextHosts: withContext.map((h) => ({ path: h.project.path, name: h.project.name })),
    ownThreads: [...new Set([...others.map((h) => h.project.path), ...withContext.flatMap((h) => h.servers ?? [])])],
    withoutContext: `${without.replace(' runs only in ', ' runs in ')}; ${uiNames} ${one ? 'has' : 'have'} one and ${one ? 'references' : 'reference'} it too, but no code of ${one ? 'it' : 'theirs'} names a type this file declares, directly or through the workspace's other types`,
    consoleTool: tools ? `${tools.replace(' runs only in ', ' runs in ')} and in ${uiNames}, whose code never reaches this file` : null,
  };
}
