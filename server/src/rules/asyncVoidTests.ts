/**
 * What each test framework does with an `async void` test method, for ASY020's message and note. The generic
 * sentence ("callers cannot await it or catch its exceptions") is false for xUnit.net v2, which waits for an async
 * void test through a SynchronizationContext of its own and fails the test on its exception; the MQTTnet and
 * confluent-kafka-dotnet round of the thirty-sixth session read 42 such xUnit tests. The finding stays right (v3
 * no longer runs them, NUnit and MSTest never did), so only its wording follows the framework.
 */
import { attributeName } from '../project/testCode';

export interface AsyncVoidTestVerdict {
  /** The framework, for the note. */
  framework: string;
  /** The end of the message after "is an async void test: ". */
  outcome: string;
  /** What the framework does, in full sentences, for the note. */
  why: string;
  source: string;
}

const XUNIT: AsyncVoidTestVerdict = {
  framework: 'xUnit.net',
  outcome: 'xUnit.net v3 no longer runs such tests',
  // "Support for async void test methods is being removed in xUnit.net v3" (xUnit1048, v2 projects); "has been
  // removed in xUnit.net v3" (xUnit1049, v3 projects).
  why: 'xUnit.net v2 still waits for an async void test through a SynchronizationContext of its own, but v3 removed that support: its analyzers report xUnit1048 in v2 projects and xUnit1049 in v3 ones.',
  source: 'https://xunit.net/xunit.analyzers/rules/xUnit1048',
};

const NUNIT: AsyncVoidTestVerdict = {
  framework: 'NUnit',
  outcome: 'NUnit does not run it',
  // NUnit1012 (severity Error): "To prevent tests that will fail at runtime due to improper construction."
  why: 'NUnit marks an async void test not runnable and fails it without running its body; its analyzer reports NUnit1012 as an error.',
  source: 'https://docs.nunit.org/articles/nunit-analyzers/NUnit1012.html',
};

const MSTEST: AsyncVoidTestVerdict = {
  framework: 'MSTest',
  outcome: 'MSTest does not run it',
  // MSTEST0003: a test method "should not be async void"; otherwise "MSTest will not consider this method to be a
  // test method".
  why: 'MSTest does not take an async void method as a test, so it is silently left out of the run; its analyzer reports MSTEST0003.',
  source: 'https://learn.microsoft.com/dotnet/core/testing/mstest-analyzers/mstest0003',
};

/** Test method attributes (as written, without the `Attribute` suffix) and their framework's verdict. */
const TEST_METHOD_VERDICTS: ReadonlyMap<string, AsyncVoidTestVerdict> = new Map([
  ['Fact', XUNIT],
  ['Theory', XUNIT],
  ['Test', NUNIT],
  ['TestCase', NUNIT],
  ['TestCaseSource', NUNIT],
  ['TestMethod', MSTEST],
  ['DataTestMethod', MSTEST],
]);

/**
 * The verdict for a method with these attributes, or null when none marks a test method. Custom xUnit attributes
 * derived from Fact or Theory count by name (`SkippableFact`, `RetryTheory`), as for test files.
 */
export function asyncVoidTestVerdict(attributes: readonly string[]): AsyncVoidTestVerdict | null {
  for (const written of attributes) {
    const name = attributeName(written);
    const known = TEST_METHOD_VERDICTS.get(name);
    if (known) return known;
    if (/(Fact|Theory)$/.test(name)) return XUNIT;
  }
  return null;
}
