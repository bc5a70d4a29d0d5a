/**
 * Peer rules that report only inside test methods. A code base that turns one of them off for a whole project
 * (`<NoWarn>` in Directory.Build.props, `severity = none` in an analyzer config, an assembly-wide SuppressMessage)
 * says nothing about its other code, where the peer never reported: such a suppression counts for an AsyncLens
 * finding only where the peer would have reported it (config/suppressions.ts). Akka.NET's Directory.Build.props
 * puts xUnit1031 in NoWarn for its test suites, and that hid 132 blocking waits in its runtime and its shipped test kits.
 */

export interface TestMethodPeer {
  /** The peer's diagnostic id, as its documentation spells it. */
  id: string;
  /** The method attributes that make a method one the peer looks inside, by simple name. */
  testAttributes: RegExp;
  /** Whether the peer also reports inside lambdas and local functions of a test method. */
  insideNestedFunctions: boolean;
  source: string;
}

export const TEST_METHOD_PEERS: readonly TestMethodPeer[] = [
  {
    id: 'xUnit1031',
    // xUnit's own test methods and attributes derived from them (SkippableFact, RetryTheory), by name, as for test files.
    testAttributes: /^(?:\w*Fact|\w*Theory)$/,
    // DoNotUseBlockingTaskOperations ignores any operation under an anonymous function or a local function.
    insideNestedFunctions: false,
    source: 'xunit/xunit.analyzers src/xunit.analyzers/X1000/DoNotUseBlockingTaskOperations.cs (FindSymbol: "Only trigger when you\'re inside a test method"); https://xunit.net/xunit.analyzers/rules/xUnit1031',
  },
];

/** The entry for a peer id, matched without case as the compiler matches ids. */
export function testMethodPeer(id: string): TestMethodPeer | undefined {
  const upper = id.toUpperCase();
  return TEST_METHOD_PEERS.find((p) => p.id.toUpperCase() === upper);
}
