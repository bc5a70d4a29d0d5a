/**
 * Which major version of a package a project gets when it does not reference that package itself. Without the
 * restore's assets file the analysis sees only the package references written in project files (a project's own,
 * and those flowing from the projects it references); a package such as Microsoft.Extensions.DependencyInjection.
 * Abstractions mostly arrives through others that depend on it. The packages below are released in lockstep with it
 * and each depends on it at its own version, so a project that references one of them at major N gets it at major N
 * or later; restore takes the highest version asked for, so the highest member decides.
 *
 * A table row answers only when one of its members is referenced with a readable version: anything else (a package
 * outside the table, a version from an MSBuild property) leaves the version unknown, and rules then act as before.
 */
export interface PackageFamily {
  /** The package whose version is asked for. */
  package: string;
  /** Ids that bring it at their own major version (compared without case, as NuGet does). */
  members: readonly string[];
  source: string;
}

const EXTENSIONS_NUSPECS = 'the packages\' .nuspec files on nuget.org (checked for 2.1.x, 8.0.x and 10.0.x: Hosting, Hosting.Abstractions, Logging, Options, Http and Caching.Memory depend on Microsoft.Extensions.DependencyInjection(.Abstractions) at their own version; EF Core 3.1.8 on Microsoft.Extensions.DependencyInjection 3.1.8, EF Core 8 and later through Caching.Memory and Logging)';

export const PACKAGE_FAMILIES: readonly PackageFamily[] = [
  {
    package: 'Microsoft.Extensions.DependencyInjection.Abstractions',
    // Logging.Abstractions is left out: before .NET 10 it does not depend on the DI abstractions, so an old one says nothing.
    members: [
      'Microsoft.Extensions.DependencyInjection', 'Microsoft.Extensions.DependencyInjection.Abstractions',
      'Microsoft.Extensions.Hosting', 'Microsoft.Extensions.Hosting.Abstractions', 'Microsoft.Extensions.Logging',
      'Microsoft.Extensions.Options', 'Microsoft.Extensions.Http', 'Microsoft.Extensions.Caching.Memory',
      // EF Core and its Microsoft providers; not EF Core's Abstractions or Analyzers, which depend on neither.
      'Microsoft.EntityFrameworkCore', 'Microsoft.EntityFrameworkCore.Relational', 'Microsoft.EntityFrameworkCore.SqlServer',
      'Microsoft.EntityFrameworkCore.Sqlite', 'Microsoft.EntityFrameworkCore.InMemory', 'Microsoft.EntityFrameworkCore.Cosmos',
    ],
    source: EXTENSIONS_NUSPECS,
  },
];
