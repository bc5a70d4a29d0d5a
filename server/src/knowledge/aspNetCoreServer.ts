/**
 * References that mean a class library's code runs inside the ASP.NET Core server (middleware, controllers, a
 * reverse proxy), where no SynchronizationContext exists: ASP.NET Core has none, so a continuation never waits for
 * a context and `.ConfigureAwait(false)` changes nothing. ASY027 (configureawait-policy) does not ask for it there.
 *
 * Only references that bring the server pipeline itself count (the authentication handlers among them). Packages of the Microsoft.AspNetCore namespace that
 * also run in client or UI applications are left out on purpose: the SignalR and HTTP connection clients (used from
 * WPF and MAUI apps), Blazor's Components (its renderer has a synchronization context), Authorization (Blazor uses
 * it), DataProtection, Cryptography, WebUtilities and JsonPatch (usable anywhere), and the test hosts.
 */
export interface AspNetCoreServerReference {
  kind: 'framework' | 'package';
  /** The id, or an id prefix ending in a dot: `Microsoft.AspNetCore.Mvc.` covers every MVC package. */
  id: string;
  source: string;
}

const SHARED_FRAMEWORK = 'learn.microsoft.com/aspnet/core/fundamentals/target-aspnetcore (use the ASP.NET Core shared framework: FrameworkReference Microsoft.AspNetCore.App)';
const NO_CONTEXT = 'devblogs.microsoft.com/dotnet/configureawait-faq ("ASP.NET Core ... does not have a SynchronizationContext") and blog.stephencleary.com/2017/03/aspnetcore-synchronization-context.html';
const METAPACKAGES = 'learn.microsoft.com/aspnet/core/fundamentals/metapackage-app (Microsoft.AspNetCore.App and Microsoft.AspNetCore.All, 2.x)';
/**
 * The authentication handlers run in the request pipeline (each is an AuthenticationHandler over the HttpContext), and
 * their packages say so: Microsoft.AspNetCore.Authentication.JwtBearer is "ASP.NET Core middleware that enables an
 * application to receive an OpenID Connect bearer token", .OpenIdConnect "ASP.NET Core middleware that enables an
 * application to support the OpenID Connect authentication workflow" (nuget.org package descriptions).
 */
const AUTHENTICATION_PACKAGES = 'nuget.org descriptions of Microsoft.AspNetCore.Authentication.JwtBearer and .OpenIdConnect ("ASP.NET Core middleware that enables an application to ..."); learn.microsoft.com/aspnet/core/security/authentication ("authentication is handled by the authentication service, IAuthenticationService, which is used by authentication middleware")';
const GRPC_SERVER = 'learn.microsoft.com/aspnet/core/grpc/aspnetcore (gRPC services hosted in ASP.NET Core, added with the Grpc.AspNetCore package); the Grpc.AspNetCore.Server package on nuget.org lists the Microsoft.AspNetCore.App framework reference among its dependencies';
const SERVER_PACKAGES = 'nuget.org packages of the ASP.NET Core 1.x/2.x server pipeline (Http.Abstractions, Hosting, Routing, Mvc, Server.Kestrel), listed in the dotnet/aspnetcore repository under src/Http, src/Hosting, src/Mvc and src/Servers';

export const ASP_NET_CORE_SERVER_REFERENCES: readonly AspNetCoreServerReference[] = [
  { kind: 'framework', id: 'Microsoft.AspNetCore.App', source: `${SHARED_FRAMEWORK}; ${NO_CONTEXT}` },
  { kind: 'package', id: 'Microsoft.AspNetCore.App', source: METAPACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.All', source: METAPACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Http', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Http.Abstractions', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Http.Features', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Hosting.', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Hosting', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Routing', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Mvc', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Mvc.', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Server.', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.MiddlewareAnalysis', source: SERVER_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Authentication', source: AUTHENTICATION_PACKAGES },
  { kind: 'package', id: 'Microsoft.AspNetCore.Authentication.', source: AUTHENTICATION_PACKAGES },
];

/**
 * Packages with which an application serves requests on the ASP.NET Core server's threads without the web SDK: gRPC's
 * server for ASP.NET Core, which takes the shared framework itself (its package declares FrameworkReference
 * Microsoft.AspNetCore.App), and whose services' methods run as requests of the server's pipeline. Only an
 * application's own reference counts (project/synchronizationContext.ts contextPackageSeen): a class library that
 * takes one (Pulumi's SDK, Proto.Actor's remoting) serves a few calls that way, and the rest of its code runs wherever
 * its users call it, so it is not library code inside the server.
 */
export const SERVER_HOST_PACKAGES: readonly AspNetCoreServerReference[] = [
  { kind: 'package', id: 'Grpc.AspNetCore', source: GRPC_SERVER },
  { kind: 'package', id: 'Grpc.AspNetCore.Server', source: GRPC_SERVER },
];

/** The first of `packageIds` with which an application hosts services in the ASP.NET Core server, or null. */
export function serverHostPackageOf(packageIds: readonly string[]): string | null {
  return packageIds.find((id) => SERVER_HOST_PACKAGES.some((r) => r.id.toLowerCase() === id.toLowerCase())) ?? null;
}

/** The first reference of the project that brings the ASP.NET Core server, as the project writes it, or null. */
export function aspNetCoreServerReferenceOf(frameworkReferences: readonly string[], packageIds: readonly string[]): string | null {
  const matches = (kind: AspNetCoreServerReference['kind'], id: string) => ASP_NET_CORE_SERVER_REFERENCES.some((r) => r.kind === kind
    && (r.id.endsWith('.') ? id.toLowerCase().startsWith(r.id.toLowerCase()) : id.toLowerCase() === r.id.toLowerCase()));
  const framework = frameworkReferences.find((id) => matches('framework', id));
  if (framework) return `FrameworkReference ${framework}`;
  const pkg = packageIds.find((id) => matches('package', id));
  return pkg ? `PackageReference ${pkg}` : null;
}
