/**
 * Which part of the signature database applies to a file: its target framework's packs (.NET and, for web
 * projects, ASP.NET Core), the packages, and the namespaces its `using` directives and the SDK's implicit
 * global usings bring into scope.
 */
import type { SignatureDatabase } from './database';

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

/**
 * The implicit global usings of each SDK when `<ImplicitUsings>enable</ImplicitUsings>` is set:
 * https://learn.microsoft.com/en-us/dotnet/core/project-sdk/overview#implicit-using-directives
 */
export const IMPLICIT_USINGS: Readonly<Record<'Microsoft.NET.Sdk' | 'Microsoft.NET.Sdk.Web' | 'Microsoft.NET.Sdk.Worker', readonly string[]>> = {
  'Microsoft.NET.Sdk': ['System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Net.Http', 'System.Threading', 'System.Threading.Tasks'],
  'Microsoft.NET.Sdk.Web': [
    'System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Net.Http', 'System.Threading', 'System.Threading.Tasks',
    'System.Net.Http.Json', 'Microsoft.AspNetCore.Builder', 'Microsoft.AspNetCore.Hosting', 'Microsoft.AspNetCore.Http',
    'Microsoft.AspNetCore.Routing', 'Microsoft.Extensions.Configuration', 'Microsoft.Extensions.DependencyInjection',
    'Microsoft.Extensions.Hosting', 'Microsoft.Extensions.Logging',
  ],
  'Microsoft.NET.Sdk.Worker': [
    'System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Net.Http', 'System.Threading', 'System.Threading.Tasks',
    'Microsoft.Extensions.Configuration', 'Microsoft.Extensions.DependencyInjection', 'Microsoft.Extensions.Hosting', 'Microsoft.Extensions.Logging',
  ],
};

/** What a file's names resolve against: its usings (FileModel.usings), the global ones, and the API scope. */
export interface NameContext {
  /** `using` directives as FileModel.usings has them: `System.IO`, or `Alias Target` for `using Alias = Target;`. */
  usings: readonly string[];
  /** Global usings from elsewhere (implicit ones of the SDK, GlobalUsings.cs); the plain SDK's when not given. */
  globalUsings?: readonly string[];
  scope?: ApiScope;
  /** Whether the workspace declares a type with this simple name: such a name means the workspace's type, not an API's. */
  isWorkspaceType?: (name: string) => boolean;
}

export interface UsingScope {
  namespaces: string[];
  aliases: Map<string, string>;
  isWorkspaceType: (name: string) => boolean;
}

/** Splits usings into imported namespaces and aliases. `using static X;` reads like a namespace and is kept as one. */
export function usingScope(context: NameContext): UsingScope {
  const namespaces: string[] = [];
  const aliases = new Map<string, string>();
  for (const u of [...context.usings, ...(context.globalUsings ?? IMPLICIT_USINGS['Microsoft.NET.Sdk'])]) {
    const parts = u.trim().split(/\s+/);
    if (parts.length === 2 && /^[A-Za-z_]\w*$/.test(parts[0]!)) aliases.set(parts[0]!, parts[1]!.replace(/^global::/, ''));
    else if (parts.length === 1 && parts[0]) namespaces.push(parts[0].replace(/^global::/, ''));
  }
  return { namespaces: [...new Set(namespaces)], aliases, isWorkspaceType: context.isWorkspaceType ?? (() => false) };
}
