/**
 * Methods a host finds by name on a startup class and calls synchronously: ASP.NET Core's `Startup.Configure` and
 * `ConfigureServices` (and their per-environment forms, `ConfigureDevelopment`, `ConfigureStagingServices`). No base
 * type or interface declares them, so nothing in the type's declaration says its signature is not its own; the host's
 * loader requires `Configure` to return void and calls the method through reflection, without awaiting anything it
 * returns. A wait there is how start-up code runs asynchronous work before the application takes requests
 * (ASY003 shows it as a hint: rules/synchronousContracts.ts).
 */

export interface StartupConventionMethod {
  /** The method names the loader looks for (`Configure{Environment}`). */
  names: RegExp;
  /** The type of a parameter the method takes, as C# writes it: what tells a startup class's method from a namesake. */
  parameterType: string;
  /** What calls it, for notes. */
  caller: string;
  /** Where the fix lies, since the method's callers are the host's. */
  remedy: string;
  source: string;
}

/** Where asynchronous start-up work can go instead: before the host runs, or into a hosted service the host awaits. */
const START_UP_REMEDY = 'the work can move to an async Main before the host runs, or to a hosted service whose StartAsync the host awaits';

export const STARTUP_CONVENTION_METHODS: readonly StartupConventionMethod[] = [
  {
    // StartupLoader.FindConfigureDelegate: FindMethod(startupType, "Configure{0}", environmentName, typeof(void),
    // required: true); ConfigureBuilder invokes it with the application builder and the services it asks for.
    names: /^Configure(?!\w*Services$)(?!Container$)\w*$/,
    parameterType: 'IApplicationBuilder',
    caller: "ASP.NET Core's host calls a startup class's Configure by convention and requires it to return void",
    remedy: START_UP_REMEDY,
    source: 'https://learn.microsoft.com/aspnet/core/fundamentals/startup; https://github.com/dotnet/aspnetcore/blob/main/src/Hosting/Hosting/src/Internal/StartupLoader.cs',
  },
  {
    // StartupLoader.FindConfigureServicesDelegate: "Configure{0}Services", returning void or IServiceProvider.
    names: /^Configure\w*Services$/,
    parameterType: 'IServiceCollection',
    caller: "ASP.NET Core's host calls a startup class's ConfigureServices by convention, synchronously",
    remedy: START_UP_REMEDY,
    source: 'https://learn.microsoft.com/aspnet/core/fundamentals/startup; https://github.com/dotnet/aspnetcore/blob/main/src/Hosting/Hosting/src/Internal/StartupLoader.cs',
  },
];

/**
 * The convention a public method follows, given its name and its parameters' simple type names (`IApplicationBuilder`
 * for `Microsoft.AspNetCore.Builder.IApplicationBuilder` too: the caller strips qualifiers), or null.
 */
export function startupConventionOf(name: string, parameterTypeNames: readonly string[]): StartupConventionMethod | null {
  return STARTUP_CONVENTION_METHODS.find((row) => row.names.test(name) && parameterTypeNames.includes(row.parameterType)) ?? null;
}
