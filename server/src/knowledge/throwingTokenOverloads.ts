/**
 * Token overloads an interface declares with a default body that throws NotSupportedException when the token can be
 * cancelled, unless the implementation overrides it. Read by ASY025 (cancellation-not-forwarded): passing the caller's
 * token there works only with an implementation that supports it, which a call site cannot tell without knowing the
 * object behind the interface, so the finding is information and its fix unsafe, with the note saying which
 * implementations do.
 */

export interface ThrowingTokenOverload {
  /** The declaring interface's full metadata name, as the API signature database writes it. */
  type: string;
  method: string;
  /** Which implementations override the default body, in a sentence's words. */
  supportedBy: string;
  source: string;
}

export const THROWING_TOKEN_OVERLOADS: readonly ThrowingTokenOverload[] = [
  {
    // Grpc.Core.Api's default body throws "Cancellation of stream writes is not supported by this gRPC
    // implementation" for a token that can be cancelled; grpc-dotnet's HttpContextStreamWriter (server) and
    // ClientStreamWriterBase (client) implement the overload explicitly, a writer that wraps another does not unless
    // it says so (an Apache Arrow Flight server's response stream, whose callers pass no token for that reason).
    type: 'Grpc.Core.IAsyncStreamWriter`1',
    method: 'WriteAsync',
    supportedBy: "grpc-dotnet's own server and client stream writers implement it; Grpc.Core's and writers that wrap another may not",
    source: 'https://github.com/grpc/grpc-dotnet/blob/master/src/Grpc.Core.Api/IAsyncStreamWriter.cs',
  },
];

/** The row for a method of the interface of this full name, if any. */
export function throwingTokenOverloadOf(typeFullName: string, method: string): ThrowingTokenOverload | undefined {
  return THROWING_TOKEN_OVERLOADS.find((o) => o.type === typeFullName && o.method === method);
}
