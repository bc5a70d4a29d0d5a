/**
 * Generic base classes whose type argument is an interface of remote client methods: a strongly typed SignalR hub
 * (`ChatHub : Hub<IChatClient>`) calls its clients through a proxy the framework builds for that interface, and the
 * proxy sends each call under the interface method's own name (or the name a `[HubMethodName]` attribute gives it).
 * The name is what the clients subscribe to (`connection.on("ReceiveMessage", ...)`), so it is not the method's to
 * change: renaming `ReceiveMessage` to `ReceiveMessageAsync` breaks every client already deployed.
 */

export interface TypedHubClientBase {
  /** The base class's simple name, as a base list writes it (`Hub<IChatClient>`). */
  name: string;
  /** How many type arguments it takes, and which one is the client interface. */
  arity: number;
  clientArgument: number;
  /** The namespaces a file imports for the name to be this framework's base class. */
  namespaces: readonly string[];
  /** The attribute that gives a client method another wire name, which frees the C# name. */
  nameAttribute: string;
  framework: string;
  source: string;
}

export const TYPED_HUB_CLIENT_BASES: readonly TypedHubClientBase[] = [
  {
    name: 'Hub',
    arity: 1,
    clientArgument: 0,
    // ASP.NET Core SignalR, and the older ASP.NET SignalR, whose Hub<T> builds its client proxy the same way.
    namespaces: ['Microsoft.AspNetCore.SignalR', 'Microsoft.AspNet.SignalR'],
    nameAttribute: 'HubMethodName',
    framework: 'SignalR',
    // TypedClientBuilder emits each interface method as `SendCoreAsync(name, args)`, the name being the
    // HubMethodNameAttribute's or else MethodInfo.Name, for the interface and every interface it derives from.
    source: 'https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/server/Core/src/Internal/TypedClientBuilder.cs; '
      + 'https://learn.microsoft.com/aspnet/core/signalr/hubs#strongly-typed-hubs',
  },
];

/** The row for a base class written with this simple name and this many type arguments, or null. */
export function typedHubClientBase(simpleName: string, arity: number): TypedHubClientBase | null {
  return TYPED_HUB_CLIENT_BASES.find((r) => r.name === simpleName && r.arity === arity) ?? null;
}
