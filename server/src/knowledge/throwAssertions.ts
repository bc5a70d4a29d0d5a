/**
 * Assertions that expect the delegate they are given to throw, and take it as a delegate that returns void
 * (NUnit's `Assert.Throws<T>(() => session.Send(message))`). A task-returning call in such a lambda makes a task only
 * when it does not throw, and then the assertion fails the test: nothing is dropped unseen. Such a lambda tests that
 * a method which is not async throws before it makes its task (a guard clause); a method that is async puts its
 * exception in the task instead, and the assertion fails, which is what xUnit's analyzer reports there (xUnit2014).
 */

export interface ThrowAssertion {
  /** The class the assertion is called on, by simple name. */
  receiver: string;
  /** Its members that take a void delegate and expect it to throw. */
  members: readonly string[];
  /** The namespace a file imports for the receiver to be this library's. */
  namespace: string;
  source: string;
  /**
   * For each member, the library's assertion that takes a task-returning delegate and waits for its task itself: what
   * a lambda that blocks on a task to make the exception synchronous should be given to instead.
   */
  asyncCounterparts: Readonly<Record<string, string>>;
  asyncSource: string;
}

export const THROW_ASSERTIONS: readonly ThrowAssertion[] = [
  {
    // "Assert.Throws attempts to invoke a code snippet, represented as a delegate, in order to verify that it throws a
    // particular exception"; Assert.Catch does the same for an exception type or any derived one. Both take only a
    // TestDelegate, which returns void, so a task-returning lambda's task is dropped there.
    receiver: 'Assert',
    members: ['Throws', 'Catch'],
    namespace: 'NUnit.Framework',
    source: 'https://docs.nunit.org/articles/nunit/writing-tests/assertions/classic-assertions/Assert.Throws.html',
    // "If the code under test is async, you must use Assert.ThrowsAsync" (the Assert.Throws page); ThrowsAsync and
    // CatchAsync take an AsyncTestDelegate, "a delegate of the form Task AsyncTestDelegate()", and return the exception.
    asyncCounterparts: { Throws: 'ThrowsAsync', Catch: 'CatchAsync' },
    asyncSource: 'https://docs.nunit.org/articles/nunit/writing-tests/assertions/classic-assertions/Assert.ThrowsAsync.html',
  },
  // Not rows: xUnit's Assert.Throws<T> has a Func<Task> overload marked obsolete as an error, which a task-returning
  // lambda binds to (it does not compile; xUnit2014); MSTest's Assert.ThrowsException<T> and Shouldly's Should.Throw<T>
  // have Func<object> and Func<Task> overloads, which such a lambda binds to instead of the void one.
];

/**
 * The row for a call `receiver.member(...)`, if it is a throw-expecting assertion: the receiver written as the class's
 * simple name in a file that imports its namespace (`imports` answers), or qualified with the namespace.
 */
export function throwAssertionOf(receiver: string | null, member: string, imports: (namespace: string) => boolean): ThrowAssertion | null {
  const written = receiver?.replace(/\s+/g, '').replace(/^global::/, '') ?? null;
  if (written === null) return null;
  return THROW_ASSERTIONS.find((row) => row.members.includes(member)
    && (written === `${row.namespace}.${row.receiver}` || (written === row.receiver && imports(row.namespace)))) ?? null;
}
