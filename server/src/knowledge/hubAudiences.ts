/**
 * Who receives a message an ASP.NET Core SignalR server sends: the members of a hub's `Clients` (IHubCallerClients)
 * and of `IHubContext.Clients` (IHubClients) that pick the connections, and the proxy methods that send to them.
 * A message to other connections is work those clients wait for, not the sender's: the sender's request or
 * connection token would cancel it for everyone when the sender goes away (ASY025 does not ask for it there).
 */

export interface HubAudience {
  /** The member of the clients collection: `All` (a property) or `Group` (a method taking a group's name). */
  member: string;
  /** Whether it is a method (`Clients.Group("room")`) rather than a property (`Clients.All`). */
  invoked: boolean;
  /** Whether the proxy reaches only the connection that called the hub (`Clients.Caller`). */
  callerOnly: boolean;
  source: string;
}

const CALLER_CLIENTS = 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.signalr.ihubcallerclients-1';
const HUB_CLIENTS = 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.signalr.ihubclients-1';

export const HUB_AUDIENCES: readonly HubAudience[] = [
  { member: 'Caller', invoked: false, callerOnly: true, source: CALLER_CLIENTS },
  { member: 'Others', invoked: false, callerOnly: false, source: CALLER_CLIENTS },
  { member: 'OthersInGroup', invoked: true, callerOnly: false, source: CALLER_CLIENTS },
  { member: 'All', invoked: false, callerOnly: false, source: HUB_CLIENTS },
  { member: 'AllExcept', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  // One connection by its id: the caller's own when the id is the hub context's ConnectionId (hubAudienceOf).
  { member: 'Client', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  { member: 'Clients', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  { member: 'Group', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  { member: 'GroupExcept', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  { member: 'Groups', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  // Every connection of a user, the caller's other tabs and devices among them.
  { member: 'User', invoked: true, callerOnly: false, source: HUB_CLIENTS },
  { member: 'Users', invoked: true, callerOnly: false, source: HUB_CLIENTS },
];

/**
 * The types that declare the methods a server sends a message through: `IClientProxy.SendCoreAsync` and the
 * `SendAsync` overloads of ClientProxyExtensions, each with an optional CancellationToken. The default hub lifetime
 * manager hands that token to the write of every connection the message goes to, so cancelling it stops the message
 * for the connections not yet written (DefaultHubLifetimeManager.SendToAllConnections).
 */
export const HUB_SEND_TYPES: readonly { type: string; source: string }[] = [
  { type: 'IClientProxy', source: 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.signalr.iclientproxy.sendcoreasync' },
  { type: 'ClientProxyExtensions', source: 'https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.signalr.clientproxyextensions.sendasync; https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/server/Core/src/DefaultHubLifetimeManager.cs' },
];

/** Whether `typeName` (simple or qualified, without type arguments) declares SignalR's send methods. */
export function isHubSendType(typeName: string): boolean {
  const simple = typeName.replace(/`\d+$/, '').split('.').pop()!;
  return HUB_SEND_TYPES.some((r) => r.type === simple);
}

/**
 * The audience a receiver written as `Clients.Member` or `Clients.Member(arguments)` (after any `x.` before
 * `Clients`: `_hub.Clients.All`) addresses, or null when the receiver is not written so. `Clients.Client(id)` is the
 * caller's own connection when the id is `Context.ConnectionId`.
 */
export function hubAudienceOf(receiver: string): HubAudience | null {
  const match = /(?:^|\.)Clients\.(\w+)(?:\((.*)\))?$/s.exec(receiver.replace(/\s+/g, ''));
  if (!match) return null;
  const [, member, argument] = match;
  const row = HUB_AUDIENCES.find((r) => r.member === member && r.invoked === (argument !== undefined));
  if (!row) return null;
  return row.member === 'Client' && argument === 'Context.ConnectionId' ? { ...row, callerOnly: true } : row;
}
