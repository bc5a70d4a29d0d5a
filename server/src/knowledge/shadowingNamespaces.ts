/**
 * Namespaces of packages the signature database does not hold that declare types with the simple names of types
 * it does hold. A file that imports one of them means that package's type by such a name, so the name must not be
 * bound to the database's only type of that name (signatures/resolve.ts): Entity Framework 6's DbContext is not
 * EF Core's (EF6's Database has no CommitAsync-bearing transactions), System.Data.SqlClient's SqlConnection is not
 * Microsoft.Data.SqlClient's. Each row lists only the names that collide with the database.
 */
export interface ShadowingNamespace {
  namespace: string;
  package: string;
  /** Simple names this namespace declares that the database also holds (elsewhere). */
  names: readonly string[];
  /**
   * Types a blocking rule must not take a receiver for from its name alone in a file importing this namespace (the
   * BLOCKING_APIS row type), with why: there the name usually means this package's type, which lacks the twin.
   */
  hintsNotTaken?: { type: string; why: string }[];
  source: string;
}

export const SHADOWING_NAMESPACES: readonly ShadowingNamespace[] = [
  {
    namespace: 'System.Data.Entity',
    package: 'EntityFramework 6',
    names: ['DbContext', 'DbSet', 'Database', 'DbContextTransaction', 'IDbSet', 'DbModelBuilder', 'DbConfiguration', 'DbFunctions'],
    hintsNotTaken: [{
      type: 'DbTransaction',
      why: "EF6's Database.BeginTransaction returns a DbContextTransaction, which has Commit and Rollback but no CommitAsync or RollbackAsync",
    }],
    source: 'https://learn.microsoft.com/dotnet/api/system.data.entity.dbcontexttransaction',
  },
  {
    namespace: 'System.Data.Entity.Infrastructure',
    package: 'EntityFramework 6',
    names: ['DbUpdateConcurrencyException', 'DbUpdateException', 'IDbContextFactory', 'DbQuery'],
    source: 'https://learn.microsoft.com/dotnet/api/system.data.entity.infrastructure',
  },
  {
    namespace: 'System.Data.SqlClient',
    package: 'System.Data.SqlClient',
    names: ['SqlConnection', 'SqlCommand', 'SqlDataReader', 'SqlTransaction', 'SqlBulkCopy', 'SqlParameter', 'SqlException', 'SqlConnectionStringBuilder', 'SqlDataAdapter', 'SqlClientFactory'],
    source: 'https://learn.microsoft.com/dotnet/api/system.data.sqlclient',
  },
];

const byNamespace = new Map(SHADOWING_NAMESPACES.map((row) => [row.namespace, new Set(row.names)]));

/** Whether one of these imported namespaces declares a type of this simple name the database does not hold. */
export function isShadowedByImport(namespaces: readonly string[], name: string): boolean {
  return namespaces.some((n) => byNamespace.get(n)?.has(name) === true);
}

/**
 * Whether a blocking-API row's type must not be guessed from a receiver's name in a file that imports the
 * namespaces `imports` says yes to (the caller knows the file's own usings and its project's global ones).
 */
export function isHintShadowed(imports: (namespace: string) => boolean, rowType: string): boolean {
  return SHADOWING_NAMESPACES.some((row) => row.hintsNotTaken?.some((h) => h.type === rowType) && imports(row.namespace));
}
