/**
 * Whether a `using` of a stream is closed before its own disposal by a writer, reader or compressor built over it in
 * the very next `using`: `using (var file = File.Create(path)) using (var writer = new StreamWriter(file)) { ... }`,
 * or the same as two `using var` declarations. The inner `using` is disposed first on every way out, and its Dispose
 * closes the stream (the wrapper owns it unless told `leaveOpen: true`); the stream's own Dispose then finds it
 * closed and does nothing, so `await using` on it has nothing to wait for. What the wrapper's disposal writes is the
 * wrapper's `using`'s question, judged on its own.
 */
import type { MethodBody, UsingResource } from '../model/types';
import { splitTopLevel } from '../model/syntax';
import { streamWrapperNamed } from '../knowledge/streamWrappers';
import { maskCommentsAndStrings } from './sourceText';

export function closedFirstByWrapper(text: string, body: MethodBody, using: UsingResource): boolean {
  const name = using.variableName?.replace(/^@/, '');
  if (!name) return false;
  const masked = maskCommentsAndStrings(text);
  const resourceEnd = endOfResource(text, using);
  if (resourceEnd < 0) return false;
  return body.usings.some((inner) => inner !== using && inner.keywordSpan.start > resourceEnd
    // Only `)`, `;`, `{` and blanks between: the inner `using` is the next statement, the first of the outer's block,
    // or the one chained to it, so no way out of the outer's scope skips it once the stream exists.
    && /^[\s;{)]*$/.test(masked.slice(resourceEnd, beforeAwait(masked, inner.keywordSpan.start)))
    && closesOnDispose(inner.resourceText, name));
}

/**
 * Where the resource expression of the `using` ends in the text, or -1 when it cannot be found there. The mask keeps
 * offsets, so the written text is searched as written: masking the resource alone would evict the file's mask that
 * sourceText.ts keeps for the other rules.
 */
function endOfResource(text: string, using: UsingResource): number {
  const resource = using.resourceText.trim();
  if (!resource) return -1;
  const at = text.indexOf(resource, using.keywordSpan.end);
  return at < 0 || at > using.span.end ? -1 : at + resource.length;
}

/** The start of `await using`'s `await`, so an inner `await using` counts as the next statement too. */
function beforeAwait(masked: string, keywordStart: number): number {
  const before = /\bawait\s*$/.exec(masked.slice(Math.max(0, keywordStart - 20), keywordStart));
  return before ? keywordStart - before[0].length : keywordStart;
}

/** `new StreamWriter(file, Encoding.UTF8)`: a table type given the stream first, and no `true` among its arguments. */
function closesOnDispose(resourceText: string, name: string): boolean {
  const creation = /^new\s+([A-Za-z_][\w.:]*)\s*\(([^]*)\)\s*$/.exec(resourceText.trim());
  if (!creation || !streamWrapperNamed(creation[1])) return false;
  const args = splitTopLevel(creation[2]).map((a) => a.trim());
  return args.length > 0 && args[0].replace(/^@/, '') === name && !args.some((a) => /\btrue\b/.test(a));
}
