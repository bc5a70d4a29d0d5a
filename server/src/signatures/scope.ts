/**
 * Which part of the signature database applies to a file: its target framework's packs (.NET and, for web
 * projects, ASP.NET Core), the packages, and the namespaces its `using` directives and its project's global
 * usings (the SDK's implicit ones, project/implicitUsings.ts) bring into scope.
 */
import type { SignatureDatabase } from './database';
import { implicitUsingsFor } from '../project/implicitUsings';
import { frameworkSymbols, parseTargetFramework } from '../project/frameworks';
import type { SeenPackage } from '../project/packages';

export type ApiFramework = 'net8.0' | 'net9.0' | 'net10.0';

export interface ApiScope {
  /** The target framework whose packs answer; other frameworks' APIs are invisible. */
  framework: ApiFramework;
  /** Whether the ASP.NET Core shared framework (Microsoft.NET.Sdk.Web, or a FrameworkReference to it) is referenced. */
  aspNetCore: boolean;
  /** The NuGet package ids the project references, or 'all' when they are not known. */
  packages: 'all' | readonly string[];
}

/** Without a project model: the newest framework, ASP.NET Core and every package the database holds. */
export const DEFAULT_API_SCOPE: ApiScope = { framework: 'net10.0', aspNetCore: true, packages: 'all' };

const masks = new WeakMap<SignatureDatabase, Map<string, number>>();

/** The bits of the sources a scope sees. */
export function scopeMask(db: SignatureDatabase, scope: ApiScope): number {
  const key = `${scope.framework}|${scope.aspNetCore}|${scope.packages === 'all' ? '*' : [...scope.packages].sort().join(',')}`;
  let cache = masks.get(db);
  if (!cache) masks.set(db, (cache = new Map()));
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const packages = scope.packages === 'all' ? null : new Set(scope.packages.map((p) => p.toLowerCase()));
  let mask = 0;
  for (const s of db.sources) {
    const visible = s.framework !== null
      ? s.framework === scope.framework && (s.packageId !== 'Microsoft.AspNetCore.App.Ref' || scope.aspNetCore)
      : packages === null || packages.has(s.packageId.toLowerCase());
    if (visible) mask |= 1 << s.bit;
  }
  cache.set(key, mask);
  return mask;
}

/** The global usings of a file outside any project: the plain SDK's implicit ones (project/implicitUsings.ts). */
export const PLAIN_SDK_USINGS: readonly string[] = implicitUsingsFor(['Microsoft.NET.Sdk'], false, () => false);

/** What a file's names resolve against: its usings (FileModel.usings), the global ones, and the API scope. */
export interface NameContext {
  /** `using` directives as FileModel.usings has them: `System.IO`, or `Alias Target` for `using Alias = Target;`. */
  usings: readonly string[];
  /** Global usings from elsewhere (implicit ones of the SDK, GlobalUsings.cs); the plain SDK's when not given. */
  globalUsings?: readonly string[];
  scope?: ApiScope;
  /** Whether the workspace declares a type with this simple name: such a name means the workspace's type, not an API's. */
  isWorkspaceType?: (name: string) => boolean;
  /**
   * The base types and interfaces of the workspace type with this simple name and as many type parameters as there are
   * type arguments (every declaration's, merged; the arguments, as C# text, put in for its type parameters), or none;
   * lets an API method's generic parameters bind through a workspace argument.
   */
  workspaceBases?: (name: string, typeArguments: readonly string[]) => readonly string[];
}

export interface UsingScope {
  namespaces: string[];
  aliases: Map<string, string>;
  isWorkspaceType: (name: string) => boolean;
  workspaceBases: (name: string, typeArguments: readonly string[]) => readonly string[];
}

/**
 * Splits usings into imported namespaces and aliases. Both spellings come in: FileModel.usings (`System.IO`,
 * `Alias Target`) and the project model's global usings (`System`, `static System.Math`, `A = B.C`). A static
 * using imports a type's members, not a namespace; it is kept as a namespace, which finds nothing harmful.
 */
export function usingScope(context: NameContext): UsingScope {
  const namespaces: string[] = [];
  const aliases = new Map<string, string>();
  for (const u of [...context.usings, ...(context.globalUsings ?? PLAIN_SDK_USINGS)]) {
    const text = u.trim().replace(/^global\s+/, '').replace(/^static\s+/, '').replace(/global::/g, '');
    const alias = /^([A-Za-z_]\w*)\s*=\s*(\S.*)$/.exec(text) ?? /^([A-Za-z_]\w*)\s+(\S+)$/.exec(text);
    if (alias) aliases.set(alias[1]!, alias[2]!.trim());
    else if (/^[\w.]+$/.test(text)) namespaces.push(text);
  }
  return { namespaces: [...new Set(namespaces)], aliases, isWorkspaceType: context.isWorkspaceType ?? (() => false), workspaceBases: context.workspaceBases ?? (() => []) };
}

/** What a file's project says about the APIs it sees: its target framework and its global usings. */
export interface FileApiScope {
  scope: ApiScope;
  /** The target framework the file is analysed for (`net9.0-windows`), which `scope.framework` only approximates. */
  targetFramework: string;
  /** The project's global usings (implicit ones and <Using> items); undefined outside a project: the plain SDK's. */
  globalUsings: readonly string[] | undefined;
  /** The project file the file belongs to, or null outside a project: `global using` directives apply per project. */
  project: string | null;
  /**
   * The project's other target frameworks (`netstandard2.0;net48;net10.0` analysed for net10.0: netstandard2.0 and
   * net48), each with the preprocessing symbols it compiles with. The file is compiled for them too, so an edit
   * that calls an API must find it there as well, where its code is not in an `#if` they leave out.
   */
  otherTargets: readonly OtherTarget[];
  /**
   * The package references the file's project sees (project/packages.ts), which tell the version of a package
   * brought only through others; empty outside a project. A list, not a map: the engine's rule cache keys on its JSON.
   */
  packages: readonly SeenPackage[];
  /**
   * The project files the file's project references, directly or through others: with `project`, the projects whose
   * types the file can name (workspace/projectView.ts). Empty outside a project.
   */
  references: readonly string[];
  /**
   * The project files that compile the file besides `project`: those that link it in from outside their folder. Its
   * types are theirs too (workspace/projectView.ts). Empty outside a project.
   */
  alsoCompiledBy: readonly string[];
}

export interface OtherTarget {
  targetFramework: string;
  /**
   * The analysed target's symbols with its framework's symbols (NET, NET10_0_OR_GREATER...) swapped for this
   * target's. DefineConstants that the project sets for one target only are read as the analysed target has them.
   */
  symbols: ReadonlySet<string>;
}

/**
 * The database's framework for a target framework moniker: net9.0 and net10.0 (and later) have their own packs,
 * everything older (net6.0, net7.0, netstandard, .NET Framework) is read against .NET 8's, the oldest held.
 */
export function apiFrameworkOf(targetFramework: string): ApiFramework {
  const m = /^net(\d+)\.\d+/.exec(targetFramework.trim().toLowerCase());
  const major = m ? Number(m[1]) : 0;
  return major >= 10 ? 'net10.0' : major === 9 ? 'net9.0' : 'net8.0';
}

/**
 * The database's framework for a target whose API it holds: .NET 8 and 9 exactly, .NET 10 and later as .NET 10's
 * (a later framework keeps what .NET 10 has). Null for the targets read against another framework's API
 * (.NET Standard, .NET Framework, .NET before 8), where the database cannot say what exists.
 */
export function heldApiFrameworkOf(targetFramework: string): ApiFramework | null {
  const m = /^net(\d+)\.\d+(?:-|$)/.exec(targetFramework.trim().toLowerCase());
  const major = m ? Number(m[1]) : 0;
  return major >= 8 ? apiFrameworkOf(targetFramework) : null;
}

/**
 * A file's API scope from its project (the project model's target framework and global usings). ASP.NET Core and
 * the packages stay visible whatever the project references: without the restore's assets file the transitive
 * references are unknown (EF Core comes in through a provider package, Azure.Core through every Azure client), and
 * an API the project cannot see only matters when its name clashes with one it can.
 */
export function fileApiScope(targetFramework: string, project: ScopedProject | null, packages: readonly SeenPackage[] = [], references: readonly string[] = [],
  compiledBy: readonly string[] = []): FileApiScope {
  return {
    scope: { framework: apiFrameworkOf(targetFramework), aspNetCore: true, packages: 'all' },
    targetFramework,
    globalUsings: project ? project.globalUsings : undefined,
    project: project?.path ?? null,
    otherTargets: project ? otherTargetsOf(targetFramework, project) : [],
    packages,
    references: project ? references : [],
    alsoCompiledBy: project ? compiledBy.filter((p) => p !== project.path) : [],
  };
}

/** What fileApiScope reads of a project model (project/evaluate.ts ProjectModel). */
export interface ScopedProject {
  globalUsings: readonly string[];
  path?: string;
  targetFrameworks?: readonly string[];
  preprocessorSymbols?: readonly string[];
}

const otherTargetsByProject = new WeakMap<ScopedProject, Map<string, OtherTarget[]>>();

/** Hosts ask for a file's scope at every lookup; a project's other targets are worked out once per analysed target. */
function otherTargetsOf(targetFramework: string, project: ScopedProject): OtherTarget[] {
  let byTarget = otherTargetsByProject.get(project);
  if (!byTarget) otherTargetsByProject.set(project, (byTarget = new Map()));
  let found = byTarget.get(targetFramework);
  if (!found) byTarget.set(targetFramework, (found = otherTargetsFor(targetFramework, project)));
  return found;
}

function otherTargetsFor(targetFramework: string, project: ScopedProject): OtherTarget[] {
  const analysed = targetFramework.trim().toLowerCase();
  const analysedFramework = parseTargetFramework(targetFramework);
  const own = new Set(analysedFramework ? frameworkSymbols(analysedFramework) : []);
  const common = (project.preprocessorSymbols ?? []).filter((s) => !own.has(s));
  const out: OtherTarget[] = [];
  for (const target of project.targetFrameworks ?? []) {
    if (target.trim().toLowerCase() === analysed) continue;
    const tf = parseTargetFramework(target);
    out.push({ targetFramework: target.trim(), symbols: new Set([...common, ...(tf ? frameworkSymbols(tf) : [])]) });
  }
  return out;
}
