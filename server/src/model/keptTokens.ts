/**
 * CancellationToken parameters a body keeps beyond its own run. A token the method assigns to a field or property
 * (`_parentToken = cancelToken;`), or links into a token source it assigns to one (`_cts =
 * CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);`), is a lifetime the caller hands over: it stops
 * what the method starts or configures, not the method's own call. ASY025 reads it (rules/asy025-cancellation-not-
 * forwarded.ts): such a method's calls are not the token's to cancel, and a caller's request token passed to it would
 * stop the service it starts when that one request ends.
 */
import { escapeRegExp } from './syntax';
import type { Span } from './types';

/**
 * Whether the body text (`text` between the spans) assigns `name`, or a token source linked to it, to something that
 * is not one of its locals (`isLocal`): a field or a property, by a simple name or through `this.`. A `var x = name;`
 * names a local and is not kept; a comparison (`==`, `!=`) is no assignment.
 */
export function keepsToken(text: string, spans: readonly Span[], name: string, isLocal: (name: string) => boolean): boolean {
  const { direct, assigned, mentioned } = patternsFor(name);
  for (const span of spans) {
    const slice = text.slice(span.start, span.end);
    if (!slice.includes(name)) continue;
    // Each pattern runs only where its fixed part is written: tried at every identifier of the body, the full
    // patterns were about a second of a CPU profile of a million-line check (test/bench/README.md, forty-third session).
    if (assigned.test(slice)) for (const m of slice.matchAll(direct)) if (!isLocal(m[1])) return true;
    if (slice.includes('CreateLinkedTokenSource')) for (const m of slice.matchAll(LINKED)) if (!isLocal(m[1]) && mentioned.test(m[2])) return true;
  }
  return false;
}

const LINKED = /(?<![\w.])(?:this\.)?([A-Za-z_]\w*)\s*=\s*(?:global::)?(?:System\.Threading\.)?CancellationTokenSource\s*\.\s*CreateLinkedTokenSource\s*\(([^;]*)\)\s*;/g;

/** The patterns for one token's name, compiled once per name (token parameters have a handful of names). */
function patternsFor(name: string): { direct: RegExp; assigned: RegExp; mentioned: RegExp } {
  let found = patterns.get(name);
  if (!found) {
    const n = escapeRegExp(name);
    found = {
      direct: new RegExp(`(?<![\\w.])(?:this\\.)?([A-Za-z_]\\w*)\\s*=\\s*${n}\\s*;`, 'g'),
      // What every match of `direct` contains, found without trying each identifier of the body as its start.
      assigned: new RegExp(`=\\s*${n}\\s*;`),
      mentioned: new RegExp(`(?<![\\w.])${n}(?![\\w])`),
    };
    patterns.set(name, found);
  }
  return found;
}

const patterns = new Map<string, { direct: RegExp; assigned: RegExp; mentioned: RegExp }>();
