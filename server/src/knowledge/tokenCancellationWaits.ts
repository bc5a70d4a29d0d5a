/**
 * Library awaits of a CancellationToken's cancellation that end without a fault when the token fires, read by ASY020
 * and ASY021 (rules/tokenCancellationWaits.ts, through rules/faultFreeCalls.ts awaitCannotFault): an async void
 * function whose only escaping await is one of these, `await _stopToken.WaitAsync();` parked until shutdown, lets no
 * exception escape there. Each row names the extension method, the namespace the calling file must import, how many
 * arguments the call may pass (an argument that asks for a cancelled task is refused), and why the task does not fault.
 */
export interface TokenCancellationWait {
  library: string;
  /** The namespace the extension method is declared in, which the calling file must import. */
  namespace: string;
  /** The extension method on CancellationToken, by simple name. */
  member: string;
  /** The argument counts (besides the token itself) under which the task completes rather than being cancelled. */
  argumentCounts: readonly number[];
  why: string;
  source: string;
}

export const TOKEN_CANCELLATION_WAITS: readonly TokenCancellationWait[] = [
  {
    library: 'DotNext.Threading',
    namespace: 'DotNext.Threading',
    member: 'WaitAsync',
    // `WaitAsync(this CancellationToken token, bool completeAsCanceled = false)`; with the argument left out the
    // task completes successfully when the token is cancelled (the library's test WaitForCancellationNoThrow); passing
    // `true` ends it Canceled, so a call with an argument is not taken.
    argumentCounts: [0],
    why: "DotNext's AsyncBridge.WaitAsync(token) completes successfully when the token is cancelled unless it is asked to complete as cancelled",
    source: 'https://github.com/dotnet/dotNext/blob/master/src/DotNext.Threading/Threading/AsyncBridge.cs',
  },
];
