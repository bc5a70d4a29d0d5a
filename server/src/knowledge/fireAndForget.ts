/**
 * Calls whose task is dropped on purpose, so ASY022 (unobserved-task) leaves the statement alone: the peers' known
 * false alarms for "observe the result of async calls", as data.
 */

export interface IntentionalDrop {
  /**
   * How the call is recognised: `static` a static member (`Task.Run`), `member` any call of that name (the
   * receiver's type is not needed), `receiverCall` a call whose receiver chain contains a call of that name
   * (`sub.Received().SendAsync(...)`), `argument` a call with that text among its arguments, `receiverType` any call
   * on a receiver whose type has that simple name (`tran.HashSetAsync(...)` with `tran` an ITransaction),
   * `receiverTypeMember` a call of that name on a receiver whose type has that simple name, generic or not
   * (`pending.GetOrAdd(...)` with `pending` a ConcurrentDictionary<string, Task>).
   */
  match: 'static' | 'member' | 'receiverCall' | 'argument' | 'receiverType' | 'receiverTypeMember';
  /** The receiver for `static` (`Task`, `Task.Factory`), the receiver's type for `receiverType` and `receiverTypeMember`, else empty. */
  receiver: string;
  /** The member name, or for `argument` the argument text (`CommandFlags.FireAndForget`). */
  name: string;
  reason: string;
  source: string;
  /**
   * For a `member` row whose name is common: the namespace the file must be in or import (a prefix), so that only
   * that framework's member of the name is meant.
   */
  namespace?: string;
}

export const INTENTIONAL_DROPS: readonly IntentionalDrop[] = [
  {
    match: 'static', receiver: 'Task', name: 'Run',
    reason: 'Task.Run is how code starts work on the thread pool without waiting for it; a bare `Task.Run(...)` statement says so.',
    source: 'https://github.com/dotnet/roslyn-analyzers/issues/6181',
  },
  {
    match: 'static', receiver: 'Task.Factory', name: 'StartNew',
    reason: 'TaskFactory.StartNew starts work without waiting for it, as Task.Run does.',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.taskfactory.startnew',
  },
  {
    match: 'static', receiver: 'Interlocked', name: 'CompareExchange',
    reason: 'Interlocked.CompareExchange on a Task field returns the task the field held before: a statement that drops it sets the field and starts nothing.',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.interlocked.compareexchange',
  },
  {
    match: 'static', receiver: 'Interlocked', name: 'Exchange',
    reason: 'Interlocked.Exchange on a Task field returns the task the field held before: a statement that drops it sets the field and starts nothing.',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.interlocked.exchange',
  },
  {
    match: 'member', receiver: '', name: 'ContinueWith',
    reason: 'A continuation observes the task it continues (its exception included); the continuation task itself is usually dropped on purpose.',
    source: 'https://learn.microsoft.com/dotnet/standard/parallel-programming/chaining-tasks-by-using-continuation-tasks',
  },
  {
    match: 'receiverCall', receiver: '', name: 'Received',
    reason: 'NSubstitute checks a call was made with `sub.Received().SendAsync(...)`: the statement verifies, it starts nothing.',
    source: 'https://nsubstitute.github.io/help/received-calls/',
  },
  {
    match: 'receiverCall', receiver: '', name: 'DidNotReceive',
    reason: 'NSubstitute checks a call was not made with `sub.DidNotReceive().SendAsync(...)`.',
    source: 'https://nsubstitute.github.io/help/received-calls/',
  },
  {
    match: 'receiverCall', receiver: '', name: 'ReceivedWithAnyArgs',
    reason: 'NSubstitute\'s argument-agnostic form of Received().',
    source: 'https://nsubstitute.github.io/help/received-calls/',
  },
  {
    match: 'receiverCall', receiver: '', name: 'DidNotReceiveWithAnyArgs',
    reason: 'NSubstitute\'s argument-agnostic form of DidNotReceive().',
    source: 'https://nsubstitute.github.io/help/received-calls/',
  },
  ...['Handled', 'Handler', 'HandledByConsumer'].map((name): IntentionalDrop => ({
    match: 'member', receiver: '', name, namespace: 'MassTransit',
    reason: `MassTransit's test fixtures register a handler with ${name}<T>(configurator, ...) and return a task that completes when the message arrives: a signal a test may await, not work whose exception could be lost.`,
    source: 'https://github.com/MassTransit/MassTransit/blob/develop/src/MassTransit.TestFramework/BusTestFixture.cs',
  })),
  {
    match: 'member', receiver: '', name: 'PipeTo', namespace: 'Akka',
    reason: 'Akka.NET\'s PipeTo sends a task\'s result to an actor when it completes, and its failure as a Status.Failure message: '
      + 'the exception reaches the recipient, and the task PipeTo returns (the send itself) is dropped in the documented use.',
    source: 'https://getakka.net/articles/actors/receive-actor-api.html#pipeto',
  },
  ...['LoadComponentAsync', 'LoadComponentsAsync'].map((name): IntentionalDrop => ({
    match: 'member', receiver: '', name, namespace: 'osu.Framework',
    reason: `osu!framework's ${name} loads drawables on a background loader and returns the continuation that hands the result, `
      + 'or the load\'s exception, to the drawable\'s scheduler, which runs the callback or throws the exception on the update thread: '
      + 'the task itself never faults, and dropping it is the documented use (the callback says when the load is done).',
    source: 'https://github.com/ppy/osu-framework/blob/master/osu.Framework/Graphics/Containers/CompositeDrawable.cs (LoadComponentsAsync)',
  })),
  {
    match: 'argument', receiver: '', name: 'CommandFlags.FireAndForget',
    reason: 'StackExchange.Redis completes a FireAndForget command at once with a default result; dropping its task is the documented use.',
    source: 'https://github.com/StackExchange/StackExchange.Redis/blob/main/docs/PipelinesMultiplexers.md',
  },
  {
    match: 'receiverType', receiver: 'ITransaction', name: '', namespace: 'StackExchange.Redis',
    reason: 'A StackExchange.Redis transaction only queues the commands called on it: their tasks complete when ExecuteAsync sends the '
      + 'transaction, so awaiting one before that never returns, and the documented use calls them as statements and awaits ExecuteAsync.',
    source: 'https://github.com/StackExchange/StackExchange.Redis/blob/main/docs/Transactions.md',
  },
  {
    match: 'receiverTypeMember', receiver: 'ConcurrentDictionary', name: 'GetOrAdd', namespace: 'System.Collections.Concurrent',
    reason: 'ConcurrentDictionary.GetOrAdd returns the value the dictionary holds for the key, the one it added or the one already there: '
      + 'for a dictionary of tasks, a statement that drops it leaves the task in the dictionary, where the code that reads the key observes it.',
    source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentdictionary-2.getoradd',
  },
  {
    match: 'receiverTypeMember', receiver: 'ConcurrentDictionary', name: 'AddOrUpdate', namespace: 'System.Collections.Concurrent',
    reason: 'ConcurrentDictionary.AddOrUpdate returns the new value it stored for the key: for a dictionary of tasks, a statement that '
      + 'drops it leaves the task in the dictionary, where the code that reads the key observes it.',
    source: 'https://learn.microsoft.com/dotnet/api/system.collections.concurrent.concurrentdictionary-2.addorupdate',
  },
];

/**
 * A call that takes a lambda to record the calls made in it rather than to run them as work: every call on a
 * substitute inside it specifies (an order to check, a call to configure) and returns a default, so its dropped task
 * is the documented use. Matched on the call the lambda is an argument of, in a file that imports the namespace.
 */
export interface SpecificationLambda {
  /** The call's receiver as written (`Received` for `Received.InOrder`), or null for any receiver (an extension method). */
  receiver: string | null;
  name: string;
  namespace: string;
  reason: string;
  source: string;
}

export const SPECIFICATION_LAMBDAS: readonly SpecificationLambda[] = [
  {
    receiver: 'Received', name: 'InOrder', namespace: 'NSubstitute',
    reason: 'NSubstitute runs the lambda given to `Received.InOrder(() => { sub.A(); sub.B(); })` in a query mode that records '
      + 'its calls and compares them, in order, with the calls the substitutes received: a call there asserts, it starts nothing.',
    source: 'https://nsubstitute.github.io/help/received-in-order/',
  },
  ...['When', 'WhenForAnyArgs'].map((name): SpecificationLambda => ({
    receiver: null, name, namespace: 'NSubstitute',
    reason: `NSubstitute's \`sub.${name}(x => x.SendAsync(...)).Do(...)\` runs the lambda on the substitute to name the call it configures: the call records, it starts nothing.`,
    source: 'https://nsubstitute.github.io/help/callbacks/',
  })),
];

/** The row that makes the calls of a lambda given to `call` specifications, or undefined. */
export function specificationLambdaOf(
  call: { name: string; receiver: string | null },
  namespaces: readonly string[],
): SpecificationLambda | undefined {
  // The receiver is normalised only for a row of the call's name: it can be a fluent chain of thousands of calls, and
  // every call of the chain asks.
  let normalised: string | undefined;
  const receiver = () => (normalised ??= (call.receiver ?? '').replace(/\s+/g, '').replace(/^global::/, ''));
  return SPECIFICATION_LAMBDAS.find((row) => call.name === row.name
    && (row.receiver === null || receiver() === row.receiver || receiver() === `${row.namespace}.${row.receiver}`)
    && namespaces.some((n) => n === row.namespace || n.startsWith(`${row.namespace}.`)));
}

/**
 * The row that makes dropping this call's task intentional, or undefined; `namespaces` are the ones the file is in or
 * imports, `receiverType` says the receiver's type when asked (only for a `receiverType` row whose namespace the file
 * imports, since typing a receiver costs more than the other tests).
 */
export function intentionalDropOf(
  call: { name: string; receiver: string | null; argumentTexts: readonly string[] },
  namespaces: readonly string[] = [],
  receiverType: () => string | null = () => null,
): IntentionalDrop | undefined {
  // Normalised once, and only when a row needs it (see specificationLambdaOf).
  let normalised: string | undefined;
  const receiver = () => (normalised ??= (call.receiver ?? '').replace(/\s+/g, '').replace(/^global::/, '').replace(/^System\.Threading\.Tasks\./, ''));
  return INTENTIONAL_DROPS.find((row) => {
    if (row.namespace && !namespaces.some((n) => n === row.namespace || n.startsWith(`${row.namespace}.`))) return false;
    switch (row.match) {
      case 'static': return call.name === row.name && receiver() === row.receiver;
      case 'member': return call.name === row.name;
      case 'receiverCall': return new RegExp(`(^|[.?])${row.name}\\s*\\(`).test(receiver());
      case 'argument': return call.argumentTexts.some((a) => a.replace(/\s+/g, '').includes(row.name));
      case 'receiverType': return receiver() !== '' && simpleTypeName(receiverType()) === row.receiver;
      case 'receiverTypeMember': return call.name === row.name && receiver() !== '' && simpleTypeName(genericDefinitionOf(receiverType())) === row.receiver;
    }
  });
}

/** `System.Collections.Concurrent.ConcurrentDictionary<string, Task>` -> `System.Collections.Concurrent.ConcurrentDictionary`; null stays null. */
function genericDefinitionOf(typeText: string | null): string | null {
  return typeText === null ? null : typeText.replace(/<[^]*$/, '');
}

/** `StackExchange.Redis.ITransaction` and `ITransaction?` -> `ITransaction`; null stays null. */
function simpleTypeName(typeText: string | null): string | null {
  return typeText === null ? null : typeText.trim().replace(/\?$/, '').replace(/^global::/, '').split('.').pop() ?? null;
}
