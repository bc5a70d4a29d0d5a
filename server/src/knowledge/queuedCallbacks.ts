/**
 * Methods that queue a void-returning callback to run later and return at once, by contract: their callers never wait
 * for the callback, whatever it is. An async lambda given to one becomes `async void` without losing a wait that a
 * synchronous one would have had, so only an exception escaping it matters, as for an event handler (ASY021).
 * `SynchronizationContext.Send`, which runs the callback before it returns, is not one: it would return at the async
 * lambda's first await.
 */

export interface QueuedVoidCallback {
  /** The declaring type's simple name; a workspace type deriving from it (an overriding Post) counts too. */
  type: string;
  member: string;
  /** The delegate type of the callback parameter, for the record. */
  delegate: string;
  source: string;
}

export const QUEUED_VOID_CALLBACKS: readonly QueuedVoidCallback[] = [
  {
    type: 'SynchronizationContext',
    member: 'Post',
    delegate: 'SendOrPostCallback',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.synchronizationcontext.post',
  },
  {
    type: 'ThreadPool',
    member: 'QueueUserWorkItem',
    delegate: 'WaitCallback or Action<TState>',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.threadpool.queueuserworkitem',
  },
  {
    type: 'ThreadPool',
    member: 'UnsafeQueueUserWorkItem',
    delegate: 'WaitCallback or Action<TState>',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.threadpool.unsafequeueuserworkitem',
  },
];
