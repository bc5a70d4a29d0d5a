/**
 * EF Core's synchronous query operators and their awaitable twins, read by ASY002 (sync-api-in-async). The sync
 * operators are LINQ's (System.Linq.Queryable) run against a DbSet or a query built on one; the twins are extension
 * methods of Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions, which work only on EF Core queries
 * (on any other IQueryable they throw), so a rule must see that the query starts at EF Core before it suggests one.
 */
import type { BlockingApi } from './blockingApis';

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;
const twinPage = (twin: string): string => docs(`microsoft.entityframeworkcore.entityframeworkqueryableextensions.${twin.toLowerCase()}`);

const QUERY_NOTE =
  'Running an EF Core query sends it to the database and waits for the rows on the calling thread; the Async operator frees the thread while the database works, as EF Core recommends for async code.';

/** The sync operator's row: same arguments, awaited twin from EntityFrameworkQueryableExtensions. */
const query = (member: string, note: string = QUERY_NOTE): BlockingApi => ({
  type: 'IQueryable',
  namespace: 'Microsoft.EntityFrameworkCore',
  member,
  kind: 'instance',
  asyncTwin: `${member}Async`,
  package: 'Microsoft.EntityFrameworkCore',
  extensionOf: 'EntityFrameworkQueryableExtensions',
  note,
  source: twinPage(`${member}Async`),
});

/**
 * Every sync operator that executes an EF Core query and has a twin in EntityFrameworkQueryableExtensions (checked
 * against Microsoft.EntityFrameworkCore 10.0.15's documentation file: the twin exists with the same parameters plus
 * an optional CancellationToken). DbSet<T>.Find, the set's own member, is a row of BLOCKING_APIS.
 */
export const EF_CORE_QUERY_OPERATORS: readonly BlockingApi[] = [
  query('ToList'),
  query('ToArray'),
  query('ToDictionary'),
  query('ToHashSet'),
  query('First'),
  query('FirstOrDefault'),
  query('Single'),
  query('SingleOrDefault'),
  query('Last'),
  query('LastOrDefault'),
  query('ElementAt'),
  query('ElementAtOrDefault'),
  query('Any'),
  query('All'),
  query('Count'),
  query('LongCount'),
  query('Sum'),
  query('Min'),
  query('Max'),
  query('Average'),
  query('Contains'),
  query('Load', 'Load runs the query to fill the context\'s change tracker, waiting for the rows on the calling thread; LoadAsync frees the thread.'),
  query('ExecuteDelete', 'ExecuteDelete runs a DELETE statement on the database and waits for it on the calling thread.'),
  query('ExecuteUpdate', 'ExecuteUpdate runs an UPDATE statement on the database and waits for it on the calling thread.'),
];

/**
 * Operators that compose a query without running it: the result is still an IQueryable of the same provider, so a
 * sync operator after them still runs an EF Core query. From System.Linq.Queryable (those returning IQueryable) and
 * EntityFrameworkQueryableExtensions / RelationalQueryableExtensions. `AsEnumerable`, `AsQueryable`, `ToList` and the
 * like are deliberately absent: after them the sequence is LINQ to objects (or another provider).
 */
export const QUERY_COMPOSITION_OPERATORS: ReadonlySet<string> = new Set([
  // System.Linq.Queryable: https://learn.microsoft.com/dotnet/api/system.linq.queryable
  'Where', 'Select', 'SelectMany', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Skip', 'Take', 'SkipWhile',
  'TakeWhile', 'SkipLast', 'TakeLast', 'Distinct', 'DistinctBy', 'GroupBy', 'Join', 'GroupJoin', 'LeftJoin', 'RightJoin', 'Concat', 'Union',
  'UnionBy', 'Intersect', 'IntersectBy', 'Except', 'ExceptBy', 'Reverse', 'Cast', 'OfType', 'DefaultIfEmpty', 'Order', 'OrderDescending',
  // Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions: https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.entityframeworkqueryableextensions
  'Include', 'ThenInclude', 'AsNoTracking', 'AsNoTrackingWithIdentityResolution', 'AsTracking', 'IgnoreQueryFilters', 'IgnoreAutoIncludes',
  'TagWith', 'TagWithCallSite',
  // Microsoft.EntityFrameworkCore.RelationalQueryableExtensions: https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.relationalqueryableextensions
  'AsSplitQuery', 'AsSingleQuery', 'FromSql', 'FromSqlRaw', 'FromSqlInterpolated',
  // Temporal tables (SqlServerDbSetExtensions): https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.sqlserverdbsetextensions
  'TemporalAll', 'TemporalAsOf', 'TemporalBetween', 'TemporalContainedIn', 'TemporalFromTo',
]);

/** Types whose values are EF Core queries, or queries that may be (IQueryable<T> from a DbSet). */
export const EF_CORE_SET_TYPES: ReadonlySet<string> = new Set(['DbSet']);
export const QUERYABLE_TYPES: ReadonlySet<string> = new Set(['IQueryable', 'IOrderedQueryable', 'IIncludableQueryable']);

/** The `using` that brings the twins into scope: without it the renamed call does not compile. */
export const EF_CORE_NAMESPACE = 'Microsoft.EntityFrameworkCore';

const operatorsByMember = new Map(EF_CORE_QUERY_OPERATORS.map((row) => [row.member, row]));

/** The EF Core operator row for a sync member name (`ToList`), if it has an EF Core async twin. */
export function efCoreQueryOperator(member: string): BlockingApi | undefined {
  return operatorsByMember.get(member);
}

/**
 * EF Core's provider configuration methods on DbContextOptionsBuilder, each the database every context configured
 * with it talks to (learn.microsoft.com/ef/core/providers/, the list of database providers, each page's `Use...`
 * call), and whether that provider's query execution waits on I/O. Microsoft.EntityFrameworkCore.Sqlite runs on
 * Microsoft.Data.Sqlite, which executes the async ADO.NET methods synchronously and says to avoid them
 * (learn.microsoft.com/dotnet/standard/data/sqlite/async); the in-memory provider keeps its data in the process
 * (learn.microsoft.com/ef/core/providers/in-memory/). With either, `CountAsync` blocks as `Count` does, so telling a
 * workspace that configures no other provider to await the twin frees no thread.
 */
export interface EfCoreProvider {
  database: string;
  waitsOnIo: boolean;
  /**
   * Whether disposing the provider's transaction does all its work synchronously however it is called: EF Core's
   * RelationalTransaction.DisposeAsync awaits the ADO.NET transaction's DisposeAsync and the connection's CloseAsync,
   * and Microsoft.Data.SqlClient's SqlTransaction and SqlConnection (7.1.2) and Microsoft.Data.Sqlite's
   * SqliteTransaction and SqliteConnection (10.0.11) override neither: both are declared by
   * System.Data.Common.DbTransaction and DbConnection (checked by reflection on the packages), whose defaults run
   * Dispose and Close on the calling thread and return a completed task. The in-memory provider's InMemoryTransaction
   * holds no connection (github.com/dotnet/efcore, src/EFCore.InMemory/Storage/Internal/InMemoryTransaction.cs).
   * Providers not known to be so are false.
   */
  transactionDisposalIsSync: boolean;
}

export const EF_CORE_PROVIDER_CONFIGURATIONS: Readonly<Record<string, EfCoreProvider>> = {
  UseSqlite: { database: 'SQLite', waitsOnIo: false, transactionDisposalIsSync: true },
  UseInMemoryDatabase: { database: 'the in-memory provider', waitsOnIo: false, transactionDisposalIsSync: true },
  UseSqlServer: { database: 'SQL Server', waitsOnIo: true, transactionDisposalIsSync: true },
  UseAzureSql: { database: 'Azure SQL', waitsOnIo: true, transactionDisposalIsSync: true },
  UseAzureSynapse: { database: 'Azure Synapse', waitsOnIo: true, transactionDisposalIsSync: true },
  UseNpgsql: { database: 'PostgreSQL', waitsOnIo: true, transactionDisposalIsSync: false },
  UseMySql: { database: 'MySQL (Pomelo)', waitsOnIo: true, transactionDisposalIsSync: false },
  UseMySQL: { database: 'MySQL (Oracle)', waitsOnIo: true, transactionDisposalIsSync: false },
  UseOracle: { database: 'Oracle', waitsOnIo: true, transactionDisposalIsSync: false },
  UseCosmos: { database: 'Azure Cosmos DB', waitsOnIo: true, transactionDisposalIsSync: false },
  UseMongoDB: { database: 'MongoDB', waitsOnIo: true, transactionDisposalIsSync: false },
  UseFirebird: { database: 'Firebird', waitsOnIo: true, transactionDisposalIsSync: false },
  UseJet: { database: 'Microsoft Access (Jet)', waitsOnIo: true, transactionDisposalIsSync: false },
  UseDb2: { database: 'IBM Db2', waitsOnIo: true, transactionDisposalIsSync: false },
};
