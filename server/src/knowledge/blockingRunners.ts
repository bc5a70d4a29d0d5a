/**
 * Calls that run the asynchronous delegate they are given to completion before they return: the calling thread
 * waits for the whole async operation, as `.GetAwaiter().GetResult()` would. A sync method written as
 * `void Foo() => Runner.Run(() => FooAsync())` is therefore a blocking way into FooAsync, not the fire-and-forget
 * hand-off to a queue that ASY002 leaves alone (rules/asy002-workspace-twins.ts `syncStartsTwin`).
 */

export interface BlockingRunner {
  /** The call's receiver as written (`AsyncContext`, `ThreadHelper.JoinableTaskFactory`, `_jtf`). */
  receiver: RegExp;
  /** The method's name. */
  method: string;
  source: string;
}

export const BLOCKING_RUNNERS: readonly BlockingRunner[] = [
  {
    // Code bases that cannot take the package keep a copy of the same single-threaded context under their own name
    // (`BrighterAsyncContext`, `MyAsyncContext`), with the same Run.
    receiver: /(?:^|\.)\w*AsyncContext$/,
    method: 'Run',
    source: 'Nito.AsyncEx.Context AsyncContext.Run(Func<Task>): runs the delegate on a single-threaded context on the calling thread and returns once it completes (https://github.com/StephenCleary/AsyncEx/wiki/AsyncContext)',
  },
  {
    receiver: /(?:^|\.)_?(?:\w*JoinableTaskFactory|jtf|joinableTaskFactory)$/,
    method: 'Run',
    source: 'Microsoft.VisualStudio.Threading JoinableTaskFactory.Run(Func<Task>): runs the asynchronous method to completion while synchronously blocking the calling thread (https://learn.microsoft.com/dotnet/api/microsoft.visualstudio.threading.joinabletaskfactory.run)',
  },
  {
    receiver: /(?:^|\.)AsyncHelpers?$/,
    method: 'RunSync',
    source: 'AsyncHelper.RunSync of ASP.NET Identity 2 (Microsoft.AspNet.Identity.Core, internal), widely copied: starts the delegate on a TaskFactory and waits with GetAwaiter().GetResult()',
  },
];

/** Whether a call runs the async delegate passed to it to completion before returning (BLOCKING_RUNNERS). */
export function isBlockingRunner(call: { name: string; receiver: string | null }): boolean {
  return call.receiver !== null && BLOCKING_RUNNERS.some((r) => r.method === call.name && r.receiver.test(call.receiver!));
}
