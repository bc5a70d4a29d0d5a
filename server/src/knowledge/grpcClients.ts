/**
 * Clients generated from .proto files by Grpc.Tools: their types exist only in the build's output, so neither the
 * workspace nor the API signatures declare them. A generated unary method takes the request and then
 * `Metadata headers = null, DateTime? deadline = null, CancellationToken cancellationToken = default` (or one
 * `CallOptions`), and its `FooAsync` form returns `AsyncUnaryCall<TResponse>`: an awaitable that is no Task, whose
 * task is its `ResponseAsync` (learn.microsoft.com/aspnet/core/grpc/client, "Make gRPC calls"; the generated code's
 * shape in grpc/grpc, src/compiler/csharp_generator.cc). A call that names the `headers:` or `deadline:` argument of an
 * unresolved method is such a call.
 */
export const GRPC_CALL_OPTION_ARGUMENTS: readonly string[] = ['headers', 'deadline'];

/**
 * The type of a generated method's one-argument form of the call options (`client.PingAsync(request, options)`,
 * `options` a `CallOptions`): Grpc.Core.Api's struct (grpc/grpc, src/csharp/Grpc.Core.Api/CallOptions.cs).
 */
export const GRPC_CALL_OPTIONS_TYPE = /^(?:global::)?(?:Grpc\.Core\.)?CallOptions$/;

/** Whether a call's text passes a gRPC call option by name (`client.PingAsync(request, deadline: due)`). */
export function passesGrpcCallOption(callText: string): boolean {
  return new RegExp(`[(,]\\s*(?:${GRPC_CALL_OPTION_ARGUMENTS.join('|')})\\s*:(?!:)`).test(callText);
}
