/**
 * A forward token reader for short look-aheads in code (a few tokens after a contextual keyword), over text
 * whose inactive sections and directives are already blanked. Comments are skipped; a string literal is one
 * token. Every look-ahead is bounded, so a file of unbalanced parentheses cannot make it quadratic.
 */
import { isIdentifierPart, isIdentifierStart } from './lexer';

export interface Token {
  kind: 'identifier' | 'number' | 'string' | 'punctuation';
  text: string;
  start: number;
  end: number;
}

/** How far any one look-ahead may read: far longer than any real parameter list or type. */
export const LOOKAHEAD_LIMIT = 4096;

const PUNCTUATION = ['>>>=', '<<=', '??=', '=>', '?.', '??', '::', '==', '!=', '<=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '++', '--', '->'];

export function nextToken(text: string, from: number): Token | null {
  const n = text.length;
  let i = from;
  for (;;) {
    while (i < n && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
      continue;
    }
    break;
  }
  if (i >= n) return null;
  const c = text.charCodeAt(i);
  const start = i;
  if (isIdentifierStart(c) || (c === 64 /* @ */ && isIdentifierStart(text.charCodeAt(i + 1)))) {
    i++;
    while (i < n && isIdentifierPart(text.charCodeAt(i))) i++;
    return { kind: 'identifier', text: text.slice(start, i), start, end: i };
  }
  if (c >= 48 && c <= 57) {
    i++;
    while (i < n && (isIdentifierPart(text.charCodeAt(i)) || text[i] === '.')) i++;
    return { kind: 'number', text: text.slice(start, i), start, end: i };
  }
  if (c === 34 /* " */ || c === 39 /* ' */) {
    // One-line literals only: look-aheads never need more (a default value in a lambda's parameter list).
    i++;
    while (i < n && text.charCodeAt(i) !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    return { kind: 'string', text: text.slice(start, i + 1), start, end: Math.min(n, i + 1) };
  }
  for (const p of PUNCTUATION) if (text.startsWith(p, i)) return { kind: 'punctuation', text: p, start, end: i + p.length };
  return { kind: 'punctuation', text: text[i], start, end: i + 1 };
}

/** The offset just after the bracket that closes the one at `open` (`(`, `[`, `<`, `{`), or -1 within the limit. */
export function matchingClose(text: string, open: Token): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '<': '>', '{': '}' };
  const close = pairs[open.text];
  if (!close) return -1;
  let depth = 0;
  let at: Token | null = open;
  while (at && at.start - open.start < LOOKAHEAD_LIMIT) {
    if (at.text === open.text) depth++;
    else if (at.text === close) {
      depth--;
      if (depth === 0) return at.end;
    } else if (open.text === '<' && (at.text === ';' || at.text === '{' || at.text === '}' || at.text === '=>' || at.text === '=')) {
      // Type arguments never hold these: this `<` was a comparison.
      return -1;
    }
    at = nextToken(text, at.end);
  }
  return -1;
}

/** Keywords that may stand between `async` and a member's type: `async static Task M()`. */
export const MEMBER_MODIFIERS = new Set([
  'static', 'public', 'private', 'protected', 'internal', 'override', 'virtual', 'sealed', 'abstract', 'extern', 'unsafe', 'new', 'partial',
  // A struct's method may be `async readonly` (it reads no field it could write after an await).
  'readonly',
]);

/**
 * Reads a type at `from` (`Task`, `Task<int>`, `System.Threading.Tasks.ValueTask<(int A, string B)>?`,
 * `global::X.Y`, `int[]`) and returns the offset after it, or -1 when none starts there.
 */
export function skipType(text: string, from: number): number {
  const first = nextToken(text, from);
  if (!first) return -1;
  let end: number;
  if (first.text === '(') {
    end = matchingClose(text, first);
    if (end === -1) return -1;
  } else if (first.kind === 'identifier') {
    end = first.end;
    for (;;) {
      const t = nextToken(text, end);
      if (!t) break;
      if (t.text === '.' || t.text === '::') {
        const name = nextToken(text, t.end);
        if (!name || name.kind !== 'identifier') break;
        end = name.end;
        continue;
      }
      if (t.text === '<') {
        const close = matchingClose(text, t);
        if (close === -1) break;
        end = close;
        continue;
      }
      break;
    }
  } else {
    return -1;
  }
  for (;;) {
    const t = nextToken(text, end);
    if (!t) break;
    if (t.text === '?' || t.text === '*') {
      end = t.end;
      continue;
    }
    if (t.text === '[') {
      const close = matchingClose(text, t);
      // Array ranks hold only commas: `int[]`, `int[,]`.
      if (close === -1 || /[^\s,\]]/.test(text.slice(t.end, close))) break;
      end = close;
      continue;
    }
    break;
  }
  return end;
}
