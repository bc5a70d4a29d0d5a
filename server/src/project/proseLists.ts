/**
 * Lists of names as notes, messages and fix titles print them. A note that names every caller or host of a large
 * workspace would run past what the Problems panel shows, so a list stops at three names and says how many more there
 * are; one way of writing it keeps the wording the same wherever a person reads it.
 */

/** How many names a list shows before it says how many more there are. */
const SHOWN = 3;

/** `A`, `A, B`, `A, B, C`, `A, B, C and 4 more`: a list inside parentheses or after a colon. */
export function firstNames(names: readonly string[]): string {
  return `${names.slice(0, SHOWN).join(', ')}${names.length > SHOWN ? ` and ${names.length - SHOWN} more` : ''}`;
}

/** `A`, `A and B`, `A, B and C`, `A, B, C and 4 more`: a list that is part of a sentence. */
export function namesInProse(names: readonly string[]): string {
  if (names.length > SHOWN || names.length < 2) return firstNames(names);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
