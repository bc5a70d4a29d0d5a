/**
 * Events raised while the process shuts down, which then ends once their handlers return. An async void handler
 * returns at its first await that suspends, so the clean-up after that await races the end of the process and may
 * never run; catching its exceptions does not help. The handler has to wait for the work itself.
 */

export interface ProcessEndingEvent {
  /** The type that declares the event, by simple name, for a receiver the expression typing can type. */
  owner: string;
  event: string;
  /** The receivers written for the one instance the event is raised on (`AppDomain.CurrentDomain`). */
  receivers: readonly string[];
  source: string;
}

export const PROCESS_ENDING_EVENTS: readonly ProcessEndingEvent[] = [
  {
    owner: 'AppDomain',
    event: 'ProcessExit',
    receivers: ['AppDomain.CurrentDomain', 'System.AppDomain.CurrentDomain'],
    // "The EventHandler for this event can perform termination activities, such as closing files, releasing
    // storage and so on, before the process ends." .NET Framework also limits all ProcessExit handlers to two seconds.
    source: 'https://learn.microsoft.com/dotnet/api/system.appdomain.processexit',
  },
];

/** The row for an event subscribed to as `receiver.Event`, given the receiver's text and, when known, its type's simple name. */
export function processEndingEvent(receiver: string, event: string, receiverType: string | null): ProcessEndingEvent | null {
  const written = receiver.replace(/\s+/g, '').replace(/^global::/, '');
  return PROCESS_ENDING_EVENTS.find((r) => r.event === event && (r.receivers.includes(written) || r.owner === receiverType)) ?? null;
}
