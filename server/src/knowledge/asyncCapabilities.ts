/**
 * Interfaces whose presence on an object is what makes its asynchronous API work: code tests for one
 * (`query is IAsyncEnumerable<T>`, `query.Provider is IAsyncQueryProvider`) and takes the synchronous API where the
 * test fails, which is exactly where the asynchronous one would throw or not exist.
 */

export interface AsyncCapability {
  /** The interface as people write it in an `is` test, without its type arguments: 'IAsyncEnumerable'. */
  type: string;
  namespace: string;
  /** What the asynchronous API does on an object that lacks the interface. */
  without: string;
  source: string;
}

const docs = (slug: string): string => `https://learn.microsoft.com/dotnet/api/${slug}`;

export const ASYNC_CAPABILITIES: readonly AsyncCapability[] = [
  {
    type: 'IAsyncEnumerable',
    namespace: 'System.Collections.Generic',
    without:
      "EF Core's asynchronous query operators throw InvalidOperationException for a source that does not implement IAsyncEnumerable<T> (LINQ to objects, a test double): only such sources can be used for its asynchronous operations.",
    source: docs('microsoft.entityframeworkcore.entityframeworkqueryableextensions.asasyncenumerable'),
  },
  {
    type: 'IAsyncQueryProvider',
    namespace: 'Microsoft.EntityFrameworkCore.Query',
    without:
      "EF Core's asynchronous operators execute through the query's provider, and throw InvalidOperationException when that provider does not implement IAsyncQueryProvider.",
    source: docs('microsoft.entityframeworkcore.query.iasyncqueryprovider'),
  },
  {
    type: 'IAsyncDisposable',
    namespace: 'System',
    without: 'An object that does not implement IAsyncDisposable has no DisposeAsync: Dispose is the only disposal it offers.',
    source: docs('system.iasyncdisposable'),
  },
];

/** The capability interface an `is` test names (`IAsyncEnumerable<T>`, `Microsoft.EntityFrameworkCore.Query.IAsyncQueryProvider`), if any. */
export function asyncCapabilityNamed(typeText: string): AsyncCapability | undefined {
  const bare = typeText.trim().replace(/^global::/, '').replace(/\s*<[^]*>$/, '');
  return ASYNC_CAPABILITIES.find((c) => bare === c.type || bare === `${c.namespace}.${c.type}`);
}
