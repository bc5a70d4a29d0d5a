/**
 * .NET APIs that take a factory delegate and call it synchronously, with no overload that takes one returning a task:
 * the function handed there must produce its value before it returns, so a wait inside it is how it meets the API's
 * contract (ASY003 shows it as information: rules/synchronousContracts.ts). A delegate handed to any other API (a LINQ
 * predicate inside an async method, say) is there by its author's choice, which an async loop could replace.
 */

export interface SynchronousFactoryApi {
  /** The declaring type's full name as the signature database writes it (`System.Collections.Concurrent.ConcurrentDictionary`2`). */
  type: string;
  /** The methods whose delegate arguments are such factories. */
  methods: readonly string[];
  source: string;
}

export const SYNCHRONOUS_FACTORY_APIS: readonly SynchronousFactoryApi[] = [
  {
    // "valueFactory: The function used to generate a value for the key"; addValueFactory and updateValueFactory for
    // AddOrUpdate. Both take Func<TKey, TValue> (or with a factory argument) and store what the delegate returns.
    type: 'System.Collections.Concurrent.ConcurrentDictionary`2',
    methods: ['GetOrAdd', 'AddOrUpdate'],
    source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentdictionary-2.getoradd',
  },
];

/** Whether a method of the type (its full name in the database's form) calls its delegate arguments synchronously as factories. */
export function isSynchronousFactory(typeFullName: string, method: string): boolean {
  return SYNCHRONOUS_FACTORY_APIS.some((row) => row.type === typeFullName && row.methods.includes(method));
}
