/**
 * Members of System.Threading.Channels that try an operation and return at once: a bounded channel that is full
 * makes `TryWrite` return false rather than wait for room, and an empty one makes `TryRead` and `TryPeek` return false
 * rather than wait for an item; `TryComplete` marks the channel finished. None of them waits, whatever the channel's
 * state. A workspace `Send` whose body only tries the channel and leaves the asynchronous write running when it is
 * full blocks on nothing, even beside a `SendAsync` (rules/asy002-workspace-twins.ts).
 *
 * Names only, as the model sees calls; each of these names, on any type that uses it, means a try that does not wait.
 */
export interface NonBlockingCall {
  name: string;
  source: string;
}

const CHANNEL_WRITER = 'https://learn.microsoft.com/dotnet/api/system.threading.channels.channelwriter-1 (TryWrite, TryComplete: "Attempts to ...", never waits)';
const CHANNEL_READER = 'https://learn.microsoft.com/dotnet/api/system.threading.channels.channelreader-1 (TryRead, TryPeek)';

export const NON_BLOCKING_CALLS: readonly NonBlockingCall[] = [
  { name: 'TryWrite', source: CHANNEL_WRITER },
  { name: 'TryComplete', source: CHANNEL_WRITER },
  { name: 'TryRead', source: CHANNEL_READER },
  { name: 'TryPeek', source: CHANNEL_READER },
];

const NAMES = new Set(NON_BLOCKING_CALLS.map((c) => c.name));

export function isNonBlockingCall(name: string): boolean {
  return NAMES.has(name);
}
