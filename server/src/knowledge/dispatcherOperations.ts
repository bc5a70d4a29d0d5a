/**
 * UI dispatchers whose awaitable calls return an operation object, not a Task: `await` works through the operation's
 * own GetAwaiter, but a method declared to return Task cannot hand the operation back as it is (`return
 * dispatcher.InvokeAsync(...)` does not compile; the task is its `.Task` property). The framework's types are not in
 * the API signature database, so a call on a receiver named as a dispatcher, in a file that imports the framework's
 * namespace, is taken as such a call.
 */

export interface DispatcherOperationRow {
  /** The member called on the dispatcher. */
  member: string;
  /** A namespace the calling file imports (or one inside it) where the dispatcher is this framework's. */
  namespace: string;
  /** What the call returns, for the record. */
  returns: string;
  source: string;
}

export const DISPATCHER_OPERATIONS: readonly DispatcherOperationRow[] = [
  // WPF: every overload returns DispatcherOperation or DispatcherOperation<TResult>, also for a Func<Task> (a
  // DispatcherOperation<Task>). `Application.Current.Dispatcher` needs only `using System.Windows;`.
  {
    member: 'InvokeAsync',
    namespace: 'System.Windows',
    returns: 'DispatcherOperation or DispatcherOperation<TResult>',
    source: 'https://learn.microsoft.com/dotnet/api/system.windows.threading.dispatcher.invokeasync',
  },
  {
    member: 'BeginInvoke',
    namespace: 'System.Windows',
    returns: 'DispatcherOperation',
    source: 'https://learn.microsoft.com/dotnet/api/system.windows.threading.dispatcher.begininvoke',
  },
  // UWP: CoreDispatcher.RunAsync returns a Windows Runtime IAsyncAction, awaitable through
  // WindowsRuntimeSystemExtensions.GetAwaiter and no Task. Its priority argument needs `using Windows.UI.Core;`.
  {
    member: 'RunAsync',
    namespace: 'Windows.UI.Core',
    returns: 'IAsyncAction',
    source: 'https://learn.microsoft.com/uwp/api/windows.ui.core.coredispatcher.runasync',
  },
];

/**
 * A receiver that names a dispatcher by its last member: `Dispatcher`, `Application.Current.Dispatcher`,
 * `_dispatcher`, `UiDispatcher`. Avalonia's `Dispatcher.UIThread` does not end so (its InvokeAsync returns a Task for
 * an async delegate), nor does WinUI's DispatcherQueue.
 */
const DISPATCHER_RECEIVER = /(?:^|\.)\s*@?\w*dispatcher\s*$/i;

/** The row of a call on a dispatcher that returns an operation rather than a Task, given the file's imported namespaces. */
export function dispatcherOperationOf(member: string, receiver: string | null, namespaces: readonly string[]): DispatcherOperationRow | null {
  if (receiver === null || !DISPATCHER_RECEIVER.test(receiver)) return null;
  return DISPATCHER_OPERATIONS.find((row) => row.member === member && namespaces.some((n) => n === row.namespace || n.startsWith(`${row.namespace}.`))) ?? null;
}
