/**
 * A C# scanner that knows only what the pre-parse pass needs: where code is (as opposed to comments, strings
 * and character literals), where each line starts for preprocessing directives, and the offsets of a few
 * words and operators worth a second look. It runs once over a file, iteratively (no recursion, so deeply
 * nested interpolated strings cannot exhaust the stack), in time linear in the text.
 */

export interface Span {
  start: number;
  end: number;
}

/**
 * A place the rewrite pass looks at: a contextual keyword, a `?.`/`?[`, a lambda arrow, a `)` that an assignment
 * operator follows (`Get(x) ??= y`: a ref-returning call assigned to), a `""` escape in a
 * verbatim interpolated string (whose `""` before the closing quote reads to tree-sitter as a raw string's `"""`),
 * or a `{{` escape right before an interpolation hole's `{` whose code holds a string literal (tree-sitter then ends
 * the outer string at that literal: `$"{{{string.Join(", ", xs)}}}"`).
 */
export interface Candidate {
  kind: 'async' | 'allows' | 'ref' | 'partial' | 'extension' | 'attributeTargetWord' | 'nullConditional' | 'arrow' | 'assignedCloseParen' | 'verbatimQuoteEscape' | 'braceEscapeBeforeHole' | 'starBeforeParen' | 'patternWord' | 'formatColon' | 'armWhen' | 'required' | 'with' | 'emptyInterpolatedString' | 'from';
  start: number;
}

/** What the scanner tells its caller about a directive line it met, so the caller decides what follows. */
export interface DirectiveLine {
  /** Offset of the `#`. */
  start: number;
  /** End of the line's content (before its line break). */
  end: number;
}

export interface ScanCallbacks {
  /**
   * Called for every directive line; returns whether the code after it is compiled. While it returns false,
   * the scanner reads only line starts (the compiler lexes nothing else in a skipped section) and reports each
   * skipped line through `onSkippedLine`.
   */
  onDirective(line: DirectiveLine): boolean;
  onSkippedLine(span: Span): void;
  onCandidate(candidate: Candidate): void;
}

const LF = 10;
const CR = 13;
const HASH = 35;

interface CodeFrame {
  kind: 'code';
  /** Open ( [ { inside an interpolation hole, so its closing } can be told from a nested one. */
  nest: number;
  /** The interpolated string this code is a hole of, or null at the top level. */
  hole: StringFrame | null;
  /**
   * The `{{` escapes right before this hole's `{`, reported as candidates only once a string literal opens in the
   * hole (the one shape tree-sitter misreads), so a long run of plain `{{{x}` holes costs no rewrites.
   */
  escapesBefore?: Span | null;
}

interface StringFrame {
  kind: 'string';
  verbatim: boolean;
  /** Number of quotes of a raw string literal ("""), 0 for other strings. */
  rawQuotes: number;
  /** Number of `$` before an interpolated string, 0 when it is not interpolated. */
  dollars: number;
}

type Frame = CodeFrame | StringFrame;

export function isIdentifierStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 0x80 && isLetterAt(c));
}

export function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 48 && c <= 57) || (c >= 0x80 && /\p{Mn}|\p{Mc}|\p{Nd}|\p{Pc}|\p{Cf}/u.test(String.fromCharCode(c)));
}

function isLetterAt(c: number): boolean {
  return /\p{L}|\p{Nl}/u.test(String.fromCharCode(c));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLineBreak(c: number): boolean {
  return c === LF || c === CR || c === 0x2028 || c === 0x2029 || c === 0x85;
}

/** End of the line that holds `from`: the offset of its line break, or the text's end. */
export function lineEndFrom(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (isLineBreak(text.charCodeAt(i))) return i;
  return text.length;
}

/** Start of the next line after `lineEnd` (which points at a line break), or the text's length. */
function nextLineStart(text: string, lineEnd: number): number {
  if (lineEnd >= text.length) return text.length;
  if (text.charCodeAt(lineEnd) === CR && text.charCodeAt(lineEnd + 1) === LF) return lineEnd + 2;
  return lineEnd + 1;
}

/** The offset of the first character at or after `from` that is not a space or tab on the same line. */
function skipSpaces(text: string, from: number): number {
  let k = from;
  while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
  return k;
}

/**
 * Whether an assignment operator starts at `at`: `=` (not `==` or `=>`), a compound one (`+=`, `<<=`, `>>>=`,
 * `??=`...). Comparisons (`<=`, `>=`, `!=`) are not: after a `)` they compare a call's result.
 */
export function isAssignmentOperatorAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  const next = text.charCodeAt(at + 1);
  if (c === 61 /* = */) return next !== 61 && next !== 62;
  if (next === 61 /* = */) return c === 43 || c === 45 || c === 42 || c === 47 || c === 37 || c === 38 || c === 124 || c === 94; // + - * / % & | ^
  if (c === 63 /* ? */) return next === 63 && text.charCodeAt(at + 2) === 61;
  if (c === 60 /* < */) return next === 60 && text.charCodeAt(at + 2) === 61;
  if (c === 62 /* > */) {
    if (next !== 62) return false;
    const third = text.charCodeAt(at + 2);
    return third === 61 || (third === 62 && text.charCodeAt(at + 3) === 61);
  }
  return false;
}

const CANDIDATE_WORDS: Record<string, Candidate['kind']> = {
  async: 'async', allows: 'allows', ref: 'ref', partial: 'partial',
  // Contextual keywords the grammar takes for keywords where they name a variable (`required.Add(x)`,
  // `var with = ...`): see prepare.ts.
  required: 'required', with: 'with',
  // A query's first clause, whose range variable may be a lone underscore (`from _ in orders`): see prepare.ts.
  from: 'from',
  // A C# 14 extension block's header (`extension<T>(IQueryable<T> source) where T : class`): see prepare.ts.
  extension: 'extension',
  // The attribute targets that are not reserved words (`[method: Obsolete]`): see prepare.ts.
  field: 'attributeTargetWord', method: 'attributeTargetWord', param: 'attributeTargetWord', property: 'attributeTargetWord', type: 'attributeTargetWord', typevar: 'attributeTargetWord',
  // Words after which a pattern starts: a list pattern there may end in a designation (`is [..] items`), see prepare.ts.
  is: 'patternWord', and: 'patternWord', or: 'patternWord', case: 'patternWord',
  // A switch arm's `when`, like its `=>`, may follow a designated list pattern (`{ [..] rows when ... => ... }`).
  when: 'armWhen',
};

/** Scans a file, calling back for directives, skipped lines and candidates. */
export function scanSource(text: string, callbacks: ScanCallbacks): void {
  const n = text.length;
  const stack: Frame[] = [{ kind: 'code', nest: 0, hole: null }];
  let i = 0;
  let lineStart = true;

  /** Handles the directive line at `at` and, when it starts a skipped section, every line up to the end of it. */
  const directive = (at: number): number => {
    let end = lineEndFrom(text, at);
    let active = callbacks.onDirective({ start: at, end });
    while (!active && end < n) {
      const start = nextLineStart(text, end);
      end = lineEndFrom(text, start);
      let k = start;
      while (k < end && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 12 || text.charCodeAt(k) === 11)) k++;
      if (k < end && text.charCodeAt(k) === HASH) active = callbacks.onDirective({ start: k, end });
      else if (start < end) callbacks.onSkippedLine({ start, end });
    }
    return end;
  };

  while (i < n) {
    const top = stack[stack.length - 1];
    if (top.kind === 'string') {
      i = scanStringBody(text, i, top, stack, callbacks);
      continue;
    }
    const c = text.charCodeAt(i);
    if (isLineBreak(c)) {
      i++;
      if (stack.length === 1) lineStart = true;
      continue;
    }
    if (c === 32 || c === 9 || c === 11 || c === 12 || c === 0xfeff) {
      i++;
      continue;
    }
    if (c === HASH && lineStart && stack.length === 1) {
      i = directive(i);
      continue;
    }
    lineStart = false;
    const next = text.charCodeAt(i + 1);
    // Comments.
    if (c === 47 /* / */ && next === 47) {
      i = lineEndFrom(text, i);
      continue;
    }
    if (c === 47 && next === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
      continue;
    }
    // Strings, with their prefixes: "..." @"..." $"..." $@"..." @$"..." """...""" $$"""...""".
    if (c === 34 /* " */ || c === 64 /* @ */ || c === 36 /* $ */) {
      const opened = openString(text, i);
      // `$""`: an empty interpolated string, which the grammar fails on (see prepare.ts).
      if (opened && opened.frame.dollars > 0 && !opened.frame.verbatim && opened.frame.rawQuotes === 0 && text.charCodeAt(opened.contentStart) === 34) {
        callbacks.onCandidate({ kind: 'emptyInterpolatedString', start: i });
      }
      if (opened) {
        if (top.escapesBefore) {
          for (let k = top.escapesBefore.start; k < top.escapesBefore.end; k += 2) callbacks.onCandidate({ kind: 'braceEscapeBeforeHole', start: k });
          top.escapesBefore = null;
        }
        stack.push(opened.frame);
        i = opened.contentStart;
        continue;
      }
      if (c === 64 && isIdentifierStart(next)) {
        // A verbatim identifier (@async) is an identifier whatever its text: never a candidate.
        i += 2;
        while (i < n && isIdentifierPart(text.charCodeAt(i))) i++;
        continue;
      }
      i++;
      continue;
    }
    if (c === 39 /* ' */) {
      i = skipCharacterLiteral(text, i);
      continue;
    }
    if (isIdentifierStart(c)) {
      const start = i;
      i++;
      while (i < n && isIdentifierPart(text.charCodeAt(i))) i++;
      const length = i - start;
      if (length >= 2 && length <= 9) {
        const kind = CANDIDATE_WORDS[text.slice(start, i)];
        if (kind) callbacks.onCandidate({ kind, start });
      }
      continue;
    }
    if (isDigit(c)) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isIdentifierPart(d) || (d === 46 /* . */ && isDigit(text.charCodeAt(i + 1)))) i++;
        else break;
      }
      continue;
    }
    if (c === 61 /* = */ && next === 62 /* > */) {
      callbacks.onCandidate({ kind: 'arrow', start: i });
      i += 2;
      continue;
    }
    if (c === 63 /* ? */) {
      if (next === 63) {
        i += 2;
        continue;
      }
      if ((next === 46 && !isDigit(text.charCodeAt(i + 2))) || next === 91 /* [ */) callbacks.onCandidate({ kind: 'nullConditional', start: i });
      i++;
      continue;
    }
    if (c === 41 /* ) */ && isAssignmentOperatorAt(text, skipSpaces(text, i + 1))) callbacks.onCandidate({ kind: 'assignedCloseParen', start: i });
    if (c === 42 /* * */ && text.charCodeAt(skipSpaces(text, i + 1)) === 40 /* ( */) callbacks.onCandidate({ kind: 'starBeforeParen', start: i });
    if (top.hole) {
      if (c === 123 || c === 40 || c === 91) top.nest++;
      else if (c === 41 || c === 93) top.nest = Math.max(0, top.nest - 1);
      else if (c === 125 /* } */) {
        if (top.nest === 0) {
          stack.pop();
          i = skipRun(text, i, 125, top.hole.dollars || 1);
          continue;
        }
        top.nest--;
      } else if (c === 58 /* : */ && top.nest === 0) {
        // `{date::MM/dd}`: a format that starts with a colon. The compiler takes the first colon outside brackets as the
        // format's start, so `{global::X}` does not compile (an alias needs parentheses there); tree-sitter reads `::`
        // as an alias qualifier and fails (prepare.ts).
        if (next === 58) callbacks.onCandidate({ kind: 'formatColon', start: i + 1 });
        // A format specifier runs to the hole's closing brace and holds no code.
        const close = text.indexOf('}', i + 1);
        stack.pop();
        i = close === -1 ? n : skipRun(text, close, 125, top.hole.dollars || 1);
        continue;
      }
    }
    i++;
  }
}

/** Consumes up to `max` consecutive copies of a character at `at`. */
function skipRun(text: string, at: number, char: number, max: number): number {
  let i = at;
  while (i < text.length && i - at < max && text.charCodeAt(i) === char) i++;
  return i;
}

function skipCharacterLiteral(text: string, at: number): number {
  let i = at + 1;
  if (text.charCodeAt(i) === 92 /* \ */) i += 2;
  while (i < text.length && text.charCodeAt(i) !== 39 && !isLineBreak(text.charCodeAt(i))) {
    if (text.charCodeAt(i) === 92) i++;
    i++;
  }
  return i < text.length && text.charCodeAt(i) === 39 ? i + 1 : i;
}

/** Recognises a string literal's opening at `at`: its frame and where its content starts; null when there is none. */
function openString(text: string, at: number): { frame: StringFrame; contentStart: number } | null {
  let j = at;
  let dollars = 0;
  let verbatim = false;
  while (text.charCodeAt(j) === 36) {
    dollars++;
    j++;
  }
  if (text.charCodeAt(j) === 64) {
    verbatim = true;
    j++;
    while (text.charCodeAt(j) === 36) {
      dollars++;
      j++;
    }
  }
  if (text.charCodeAt(j) !== 34) return null;
  let quotes = 0;
  while (text.charCodeAt(j + quotes) === 34) quotes++;
  if (quotes >= 3 && !verbatim) return { frame: { kind: 'string', verbatim: false, rawQuotes: quotes, dollars }, contentStart: j + quotes };
  return { frame: { kind: 'string', verbatim, rawQuotes: 0, dollars }, contentStart: j + 1 };
}

/**
 * Reads a string's content from `at` until it ends (the frame is popped) or an interpolation hole opens (a code
 * frame is pushed). Returns where scanning continues.
 */
function scanStringBody(text: string, at: number, frame: StringFrame, stack: Frame[], callbacks: ScanCallbacks): number {
  const n = text.length;
  let i = at;
  // Where the `{{` escapes right before the current character began, or -1.
  let escapes = -1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (frame.rawQuotes > 0) {
      if (c === 34) {
        let run = 0;
        while (text.charCodeAt(i + run) === 34) run++;
        if (run >= frame.rawQuotes) {
          stack.pop();
          return i + run;
        }
        i += run;
        continue;
      }
      if (c === 123 && frame.dollars > 0) {
        let run = 0;
        while (text.charCodeAt(i + run) === 123) run++;
        if (run >= frame.dollars) {
          stack.push({ kind: 'code', nest: 0, hole: frame });
          return i + run;
        }
        i += run;
        continue;
      }
      i++;
      continue;
    }
    if (c !== 123) escapes = -1;
    if (c === 34) {
      if (frame.verbatim && text.charCodeAt(i + 1) === 34) {
        if (frame.dollars > 0) callbacks.onCandidate({ kind: 'verbatimQuoteEscape', start: i });
        i += 2;
        continue;
      }
      stack.pop();
      return i + 1;
    }
    if (c === 92 /* \ */ && !frame.verbatim) {
      i += 2;
      continue;
    }
    if (c === 123 && frame.dollars > 0) {
      if (text.charCodeAt(i + 1) === 123) {
        if (escapes < 0) escapes = i;
        i += 2;
        continue;
      }
      stack.push({ kind: 'code', nest: 0, hole: frame, escapesBefore: escapes < 0 ? null : { start: escapes, end: i } });
      return i + 1;
    }
    if (!frame.verbatim && isLineBreak(c)) {
      // An unterminated regular string ends at its line, as the compiler recovers.
      stack.pop();
      return i;
    }
    i++;
  }
  stack.pop();
  return n;
}
