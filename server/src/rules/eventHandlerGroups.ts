/**
 * Methods a file subscribes to events as method groups (`_connection.Opened += OnOpened;`, and the `-=` that
 * unsubscribes it): the event's raiser calls them through the delegate, by no name of theirs. Read from the file's
 * code with comments and literals masked; pure.
 */

/** `+= OnOpened;`, `-= this.OnOpened;`: a bare method name (or one through `this`) on the right of `+=` or `-=`. */
const SUBSCRIPTION = /[+-]=\s*(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*;/g;

/** The last file's answer: ASY028 asks once per member it would report, all with the same text. */
let last: { masked: string; names: ReadonlySet<string> } | null = null;

/** The names the masked file text adds to or removes from an event or delegate as method groups. */
export function subscribedMethodGroups(masked: string): ReadonlySet<string> {
  if (last?.masked !== masked) {
    const names = new Set<string>();
    for (const m of masked.matchAll(SUBSCRIPTION)) names.add(m[1]!);
    last = { masked, names };
  }
  return last.names;
}
