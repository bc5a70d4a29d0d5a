/**
 * Whether a file's awaits follow a ConfigureAwait(false) convention: more than half of them configure. ASY027 asks
 * for the rest there, and a fix that inserts an await (ASY002's twin) writes it the way the file does, so that
 * applying one fix does not make the next warning (the seeded reading of the thirty-fourth session found four ASY002
 * fixes that dropped the ConfigureAwait(false) every other await of their files used).
 */
import { maskCommentsAndStrings } from './sourceText';

export interface AwaitConvention {
  awaits: number;
  configured: number;
}

/** The last file counted: a rule asks once per finding, and the findings of one file come together. */
let last: { text: string; convention: AwaitConvention } | null = null;

/** The file's awaits (not `await foreach` or `await using`) and how many of them use ConfigureAwait(false). */
export function awaitConventionOf(text: string, masked?: string): AwaitConvention {
  if (last && last.text === text) return last.convention;
  const code = masked ?? maskCommentsAndStrings(text);
  const convention = {
    awaits: [...code.matchAll(/(?<![\w.])await\s+(?!foreach\b|using\b)/g)].length,
    configured: [...code.matchAll(/\.\s*ConfigureAwait\s*\(\s*false\s*\)/g)].length,
  };
  last = { text, convention };
  return convention;
}

/** More than half configure: a file split evenly shows no convention, and its unconfigured awaits are no exceptions to one. */
export function configuresAwaits(convention: AwaitConvention): boolean {
  return convention.configured * 2 > convention.awaits;
}
