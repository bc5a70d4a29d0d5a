/**
 * Text helpers the completion rules' fixes share (ASY011, ASY012, ASY013): a copy of the source with comments
 * and literals masked so scans cannot be misled, and the spans of `async`, a return's expression and a
 * block's last statement.
 */
import type { MethodBody, ReturnSite, Span, UsingResource } from '../model/types';
import { enclosingCloseBrace, topLevel } from '../model/syntax';
import type { TextEdit } from './types';
import { lineIndexOf, positionAt, type LineIndex } from '../parse/lines';

/** The line starts of the last text asked about: rules ask for many lines of one file in turn. */
let lastLines: { text: string; lines: LineIndex } | null = null;

/**
 * The 1-based line of an offset, for messages. The file's line starts are computed once and kept for the next
 * question about the same text: computing them per question made a rule quadratic in the file's size.
 */
export function lineNumberAt(text: string, offset: number): number {
  if (!lastLines || lastLines.text !== text) lastLines = { text, lines: lineIndexOf(text) };
  return positionAt(lastLines.lines, offset).line + 1;
}

/** The last text masked and its mask: ASY011, ASY012 and ASY013 each ask for the same file in turn. */
let lastMask: { text: string; masked: string } | null = null;

/**
 * The text with comments blanked and every string and character literal reduced to its quotes and
 * spaces, length preserved, so offsets stay valid and punctuation inside literals cannot mislead a scan.
 */
export function maskCommentsAndStrings(text: string): string {
  if (lastMask && lastMask.text === text) return lastMask.masked;
  const out: string[] = [];
  let copied = 0;
  const blank = (from: number, to: number, keepEnds: boolean) => {
    out.push(text.slice(copied, from));
    const raw = text.slice(from, to);
    // Most literals and comments are one line: spaces of their length, without a pass over each character.
    const inner = /[\r\n]/.test(raw) ? raw.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length)) : ' '.repeat(raw.length);
    out.push(keepEnds && to - from >= 2 ? text[from] + inner.slice(1, -1) + text[to - 1] : inner);
    copied = to;
  };
  // '/', '"' and '\'' are the only characters that can start a comment or a literal: jump from one to the next.
  const starts = /["'/]/g;
  let i = 0;
  while (i < text.length) {
    starts.lastIndex = i;
    if (!starts.exec(text)) break;
    i = starts.lastIndex - 1;
    const c = text.charCodeAt(i);
    const next = text[i + 1];
    if (c === 47 && next === '/') {
      const nl = text.indexOf('\n', i);
      const end = nl === -1 ? text.length : nl;
      blank(i, end, false);
      i = end;
    } else if (c === 47 && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close === -1 ? text.length : close + 2;
      blank(i, end, false);
      i = end;
    } else if (c === 34 || c === 39) {
      const end = literalEnd(text, i);
      blank(i, end, true);
      i = end;
    } else {
      i++;
    }
  }
  out.push(text.slice(copied));
  const masked = out.join('');
  lastMask = { text, masked };
  return masked;
}

/** The offset just past the string or character literal starting at a quote. */
function literalEnd(text: string, quoteAt: number): number {
  if (text[quoteAt] === '\'') {
    for (let k = quoteAt + 1; k < text.length; k++) {
      if (text[k] === '\\') k++;
      else if (text[k] === '\'' || text[k] === '\n') return k + 1;
    }
    return text.length;
  }
  let run = 0;
  while (text[quoteAt + run] === '"') run++;
  if (run >= 3) {
    // A raw string literal ends at the next run of as many quotes.
    const close = text.indexOf('"'.repeat(run), quoteAt + run);
    return close === -1 ? text.length : close + run;
  }
  let prefix = quoteAt - 1;
  let verbatim = false;
  let interpolated = false;
  while (prefix >= 0 && (text[prefix] === '@' || text[prefix] === '$')) {
    if (text[prefix] === '@') verbatim = true;
    else interpolated = true;
    prefix--;
  }
  // A plain one-line string (the most common literal) ends at the first quote after it with no backslash before.
  if (!verbatim && !interpolated) {
    for (let k = quoteAt + 1; k < text.length; k++) {
      const code = text.charCodeAt(k);
      if (code === 92 /* \\ */) k++;
      else if (code === 34 /* " */) return k + 1;
      else if (code === 10 /* \n */) return k;
    }
    return text.length;
  }
  let depth = 0;
  for (let k = quoteAt + 1; k < text.length; k++) {
    const ch = text[k];
    if (interpolated && ch === '{') {
      if (text[k + 1] === '{' && depth === 0) k++;
      else depth++;
    } else if (interpolated && ch === '}' && depth > 0) depth--;
    else if (depth > 0 && (ch === '"' || ch === '\'')) k = literalEnd(text, k) - 1;
    else if (!verbatim && ch === '\\') k++;
    else if (ch === '"' && depth === 0) {
      if (verbatim && text[k + 1] === '"') k++;
      else return k + 1;
    } else if (ch === '\n' && !verbatim && depth === 0) return k;
  }
  return text.length;
}

/** The span of the `async` modifier and the whitespace after it, which removing `async` deletes. */
export function asyncModifierRemoval(body: MethodBody, text: string, masked: string): TextEdit | null {
  const isLambda = body.kind === 'lambda' || body.kind === 'anonymousMethod';
  const end = isLambda ? (body.bodySpan?.start ?? body.span.end) : body.nameSpan.start;
  const head = masked.slice(body.span.start, end);
  const found = [...head.matchAll(/(?<![\w@.])async(\s+)(?=[\w@(\[<]|delegate)/g)];
  if (found.length === 0) return null;
  // Modifiers come after attributes and before the return type, so for a method the last match is the modifier.
  const m = isLambda ? found[0] : found[found.length - 1];
  const start = body.span.start + m.index!;
  if (text.slice(start, start + 5) !== 'async') return null;
  return { start, end: start + m[0].length, newText: '' };
}

/** The qualifier the return type was written with (`System.Threading.Tasks.`), so added Task members resolve the same way. */
export function taskQualifier(returnTypeText: string | null): string {
  return /^((?:global::)?(?:\w+\.)*)(?:Value)?Task\b/.exec(returnTypeText ?? '')?.[1] ?? '';
}

/** Where a return's expression sits in the text, found from the return's span and expression text. */
export function returnExpressionSpan(r: ReturnSite, text: string): Span | null {
  if (r.expressionText === null) return null;
  const inside = text.slice(r.span.start, r.span.end);
  const at = inside.startsWith('return') ? inside.indexOf(r.expressionText, 6) : inside.lastIndexOf(r.expressionText);
  return at === -1 ? null : { start: r.span.start + at, end: r.span.start + at + r.expressionText.length };
}

/** The last statement of a block body: where it ends, and its text (masked), or null for an empty block. */
export function lastStatementOf(bodySpan: Span, masked: string): { end: number; text: string } | null {
  let k = bodySpan.end - 1; // the closing brace
  while (k > bodySpan.start + 1 && /\s/.test(masked[k - 1])) k--;
  if (k <= bodySpan.start + 1) return null;
  let from = k - 2;
  while (from > bodySpan.start && !/[;{}]/.test(masked[from])) from--;
  return { end: k, text: masked.slice(from + 1, k).trim() };
}

/**
 * A comment line that is nothing but an ellipsis (`// ...`, `//…`, or a block comment holding only one): the way
 * documentation snippets and sketches mark code left out. A comment that starts its line cannot sit inside an
 * ordinary string literal.
 */
const ELISION_COMMENT = /^[ \t]*(?:\/\/[ \t]*(?:\.{3}|\u2026)[ \t]*|\/\*[ \t]*(?:\.{3}|\u2026)[ \t]*\*\/[ \t]*)\r?$/m;

/**
 * Whether a body leaves code out, marked by an ellipsis comment of its own line: what the missing code awaits, and
 * how many times, is not known, so a claim that rests on what the body does not do (ASY010, ASY011, ASY013) cannot
 * be made of it.
 */
export function elidesCode(text: string, body: MethodBody): boolean {
  const span = body.bodySpan;
  return span !== null && ELISION_COMMENT.test(text.slice(span.start, span.end));
}

// ---- the fix ----

/**
 * The `}` that ends a `using`'s scope in masked text: the end of its own block for `using (...) { }`, the end of the
 * block that declares it for `using var x = ...;`; -1 when there is none.
 */
export function usingScopeClose(masked: string, using: UsingResource): number {
  return using.isDeclaration ? enclosingCloseBrace(masked, using.span.end) : using.span.end - 1;
}

/** `null`, `default` or `default(T)`: an initializer that gives a local no value of its own, only a placeholder. */
const PLACEHOLDER_INITIALIZER = /^(?:null|default(?:\s*\([^()]*\))?)$/;

/**
 * The one value a local declared with a placeholder (`Task<T> work = null;`, so that a `catch` or `finally` after the
 * `try` that fills it can read it) is given later: the expression of its one plain assignment (`work = Task.Run(...);`),
 * up to the `;` that ends it, when that assignment and the declaration are the scope's only writes of the name
 * (writesOfName). Null otherwise: another write, a compound one, `ref`/`out`, or an initializer that is a value.
 */
export function valueAfterPlaceholder(text: string, local: { name: string; initializerText: string | null; scope: Span }): string | null {
  if (local.initializerText === null || !PLACEHOLDER_INITIALIZER.test(local.initializerText.trim())) return null;
  const masked = maskCommentsAndStrings(text.slice(local.scope.start, local.scope.end));
  if (writesIn(masked, local.name) !== 2) return null;
  const plain = new RegExp(`(?<![\\w.])${local.name}\\s*=(?![=>])`, 'g');
  const writes = [...masked.matchAll(plain)];
  if (writes.length !== 2) return null;
  const from = writes[1]!.index! + writes[1]![0].length;
  let end = -1;
  topLevel(masked, from, masked.length, (i) => {
    if (masked[i] !== ';') return false;
    end = i;
    return true;
  });
  if (end < 0) return null;
  const value = text.slice(local.scope.start + from, local.scope.start + end).trim();
  return value.length > 0 ? value : null;
}

/**
 * How many times the code of `scope` writes the name `name`: `=`, a compound assignment or `??=` after it (not `==` or
 * `=>`), or `ref name`/`out name`. A declaration with an initializer (`var x = ...`) is one write; a name declared by a
 * deconstruction (`var (x, y) = ...`) has none there.
 */
export function writesOfName(text: string, scope: Span, name: string): number {
  return writesIn(maskCommentsAndStrings(text.slice(scope.start, scope.end)), name);
}

/** writesOfName over text already masked (maskCommentsAndStrings). */
function writesIn(masked: string, name: string): number {
  return (masked.match(new RegExp(`(?<![\\w.])${name}\\s*(?:[+\\-*/%&|^]|\\?\\?)?=(?![=>])|\\b(?:ref|out)\\s+${name}\\b`, 'g')) ?? []).length;
}
