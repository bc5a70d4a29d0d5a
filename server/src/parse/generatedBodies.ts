/**
 * Generated code is parsed for its declarations only, where that is safe. No rule reports in a generated file (config/
 * generatedCode.ts), so what other files need from it is its types and members, the tasks it declares and awaits,
 * and the handlers it subscribes; the statements of a synchronous member body with none of those are never read. An
 * ASP.NET service's Entity Framework migrations are mostly such bodies (a `BuildTargetModel` of thousands of
 * fluent calls per migration: two thirds of the C# text of bitwarden/server), and parsing them was most of the time
 * and memory a `check` of such a repository took.
 *
 * `plainBodySpans` finds the inside of each such body, reading the text with comments and literals masked, so braces
 * and words inside them do not count; `withPlainBodiesBlanked` blanks them in the pre-parse text (spaces, line breaks
 * kept, so offsets and line numbers stay those of the file), and parser.ts leaves them out of what tree-sitter reads
 * (its included ranges), so it reads an empty block without lexing the blanks. Pure, linear in the text.
 */
import { maskCommentsAndStrings } from '../rules/sourceText';
import { closingBracket } from '../model/syntax';
import type { Span } from '../model/types';

/**
 * Words and operators that make a body worth parsing: it awaits, declares or returns a task, starts a thread, or
 * subscribes or unsubscribes a handler (a WinForms designer's `InitializeComponent` wires the event handlers that
 * ASY020 and ASY028 look for). `\wAsync\b` is a name ending in Async, written so that it is not tried from every
 * letter of every word (the expression is only ever tested, never matched).
 */
const KEEP = /\b(?:async|await|Task|ValueTask|IAsyncEnumerable|IAsyncEnumerator|Thread)\b|\wAsync\b|[+-]=/;

/** A type or namespace declaration's keyword in a member header: the `{` after it opens a body of members. */
const CONTAINER = /\b(?:class|struct|interface|record|enum|namespace)\b/;

/** An accessor's keyword, with its attributes and modifiers before it. */
const ACCESSOR = /^(?:\s*\[[^\]]*\])*\s*(?:(?:public|private|protected|internal|readonly)\s+)*(?:get|set|init|add|remove)\s*$/;

type Level = 'members' | 'accessors';

/** The pre-parse text with the plain bodies of members (`plainBodySpans`) blanked. */
export function withPlainBodiesBlanked(parseText: string, blanked: readonly Span[] = plainBodySpans(parseText)): string {
  if (blanked.length === 0) return parseText;
  const out: string[] = [];
  let copied = 0;
  for (const { start, end } of blanked) {
    out.push(parseText.slice(copied, start), parseText.slice(start, end).replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length)));
    copied = end;
  }
  out.push(parseText.slice(copied));
  return out.join('');
}

/** The insides of the plain bodies of members (between their braces, never empty), in the order of the text. */
export function plainBodySpans(parseText: string): Span[] {
  const masked = maskCommentsAndStrings(parseText);
  const blanked: Span[] = [];
  // Each level is a brace group whose direct content is members (a namespace or type body) or accessors.
  const levels: { level: Level; headerStart: number }[] = [{ level: 'members', headerStart: 0 }];
  // Only braces and semicolons move the scan: jump from one to the next.
  const stops = /[{};]/g;
  let i = 0;
  while (i < masked.length) {
    stops.lastIndex = i;
    const stop = stops.exec(masked);
    if (!stop) break;
    i = stop.index;
    const c = stop[0];
    const top = levels[levels.length - 1];
    if (c === ';') {
      top.headerStart = i + 1;
      i++;
      continue;
    }
    if (c === '}') {
      if (levels.length > 1) levels.pop();
      levels[levels.length - 1].headerStart = i + 1;
      i++;
      continue;
    }
    const header = masked.slice(top.headerStart, i);
    const kind = groupKind(top.level, header);
    if (kind === 'members' || kind === 'accessors') {
      levels.push({ level: kind, headerStart: i + 1 });
      i++;
      continue;
    }
    const close = closingBracket(masked, i);
    if (close < 0) break;
    if (kind === 'body' && close > i + 1 && !KEEP.test(header) && !KEEP.test(masked.slice(i + 1, close))) blanked.push({ start: i + 1, end: close });
    top.headerStart = close + 1;
    i = close + 1;
  }
  return blanked;
}

/**
 * What the brace group after `header` is, at a level of members or accessors: a body of members (a type or a
 * namespace), a property's or event's accessors, a member's or accessor's statement body, or anything else (an
 * initializer, an expression body's lambda or object initializer), which is left as it is.
 */
function groupKind(level: Level, header: string): Level | 'body' | 'other' {
  if (level === 'accessors') return ACCESSOR.test(header) ? 'body' : 'other';
  // A generic method's constraints (`where T : class`) are not a type's keyword.
  const head = header.replace(/\bwhere\b[\s\S]*$/, '').trimEnd();
  if (CONTAINER.test(head)) return 'members';
  if (head === '' || assignsAtTopLevel(head)) return 'other';
  // A method, constructor, operator or local function: its parameter list closes right before the body (or a
  // constructor's `: base(...)` initializer does).
  if (head.endsWith(')')) return 'body';
  // A property (`string Name`), an indexer (`this[int i]`) or an event with accessors.
  if (/[\w\]>?]$/.test(head)) return 'accessors';
  return 'other';
}

/** Whether the header has `=` or `=>` outside brackets: a field or property initializer, or an expression body. */
function assignsAtTopLevel(header: string): boolean {
  let depth = 0;
  for (let k = 0; k < header.length; k++) {
    const c = header[k];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '=' && depth === 0 && header[k + 1] !== '=' && !'!<>='.includes(header[k - 1] ?? '')) return true;
  }
  return false;
}
