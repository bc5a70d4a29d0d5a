/**
 * Events of package types the API signatures do not hold whose handlers return a task, against .NET's guideline that
 * events return void. An async lambda subscribed to one is an async Task method whose task the type awaits, not async
 * void (ASY021). Without a row, an event of an unknown type is taken to return void.
 */

export interface TaskHandlerEvents {
  /** The declaring type's simple name, as a field or local's declared type writes it. */
  owner: string;
  /** The namespace a file imports (or a qualified type names) for the name to be this type. */
  namespace: string;
  /** Each event with its delegate type, as the package declares it. */
  events: Readonly<Record<string, string>>;
  source: string;
}

export const TASK_HANDLER_EVENTS: readonly TaskHandlerEvents[] = [
  {
    // The SignalR .NET client's connection: "event Func<Exception?, Task>? Closed", "Reconnecting" likewise and
    // "event Func<string?, Task>? Reconnected"; the connection awaits each handler it invokes.
    owner: 'HubConnection',
    namespace: 'Microsoft.AspNetCore.SignalR.Client',
    events: { Closed: 'Func<Exception?, Task>', Reconnecting: 'Func<Exception?, Task>', Reconnected: 'Func<string?, Task>' },
    source: 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.signalr.client.hubconnection',
  },
  {
    // Azure Storage Queues' client options: "event SyncAsyncEventHandler<QueueMessageDecodingFailedEventArgs>
    // MessageDecodingFailed", Azure.Core's delegate that returns a Task, which the client awaits when it invokes the
    // handlers asynchronously (the Azure SDK's convention for events, Azure.Core's SyncAsyncEventHandler<T>).
    owner: 'QueueClientOptions',
    namespace: 'Azure.Storage.Queues',
    events: { MessageDecodingFailed: 'Azure.Core.SyncAsyncEventHandler<Azure.Storage.Queues.QueueMessageDecodingFailedEventArgs>' },
    source: 'https://learn.microsoft.com/dotnet/api/azure.storage.queues.queueclientoptions.messagedecodingfailed',
  },
];

/**
 * The delegate type of event `event` of the package type `ownerTypeText` (`HubConnection`, or qualified), when a row
 * lists it and `imports` says the file imports the row's namespace (a qualified name carries its own); else null.
 */
export function taskHandlerEventType(ownerTypeText: string, event: string, imports: (namespace: string) => boolean): string | null {
  const written = ownerTypeText.replace(/\s+/g, '').replace(/^global::/, '').replace(/\?$/, '');
  for (const row of TASK_HANDLER_EVENTS) {
    const delegate = row.events[event];
    if (!delegate) continue;
    if (written === `${row.namespace}.${row.owner}` || (written === row.owner && imports(row.namespace))) return delegate;
  }
  return null;
}
