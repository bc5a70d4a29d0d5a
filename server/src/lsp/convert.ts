/**
 * Every conversion between the core's UTF-16 offsets and LSP positions: spans to ranges, content changes to
 * TextChanges, core TextEdits to LSP TextEdits, and the range arithmetic the handlers need.
 * **Invariant:** no other module does line/character math, so one position encoding rule lives here.
 */
import type { Position, Range, TextEdit as LspTextEdit } from 'vscode-languageserver';
import { lineIndexOf, positionAt, type LineIndex } from '../parse/lines';
import type { TextChange } from '../parse/parser';
import type { Span } from '../model/types';
import type { TextEdit } from '../rules/types';

/**
 * A text with its line starts, computed once per document version. LSP's default position encoding is
 * UTF-16 code units, which is what JS strings and web-tree-sitter (fed JS strings) count in, so
 * offsets need no transcoding; only lines are looked up.
 */
export interface PositionedText {
  readonly text: string;
  readonly lines: LineIndex;
}

export function positioned(text: string): PositionedText {
  return { text, lines: lineIndexOf(text) };
}

export function positionOf(doc: PositionedText, offset: number): Position {
  const clamped = Math.max(0, Math.min(offset, doc.text.length));
  const p = positionAt(doc.lines, clamped);
  return { line: p.line, character: p.column };
}

export function rangeOf(doc: PositionedText, span: Span): Range {
  return { start: positionOf(doc, span.start), end: positionOf(doc, Math.max(span.start, span.end)) };
}

/** The end of a line's content, before its line break. */
function lineContentEnd(doc: PositionedText, line: number): number {
  const starts = doc.lines.lineStarts;
  if (line + 1 >= starts.length) return doc.text.length;
  let end = starts[line + 1];
  if (end > 0 && doc.text.charCodeAt(end - 1) === 10) end--;
  if (end > starts[line] && doc.text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/**
 * The offset of a position. As the LSP specification says, a character past the end of its line means
 * the end of the line and a line past the end means the end of the text.
 */
export function offsetOf(doc: PositionedText, position: Position): number {
  const starts = doc.lines.lineStarts;
  if (position.line < 0) return 0;
  if (position.line >= starts.length) return doc.text.length;
  const start = starts[position.line];
  return Math.min(start + Math.max(0, position.character), lineContentEnd(doc, position.line));
}

/** The text of one line without its line break; '' for a line the text does not have. */
export function lineTextOf(doc: PositionedText, line: number): string {
  const start = doc.lines.lineStarts[line];
  return start === undefined ? '' : doc.text.slice(start, lineContentEnd(doc, line));
}

/** The whitespace a line starts with, for edits that insert a line above it at the same depth. */
export function indentationOf(doc: PositionedText, line: number): string {
  const start = doc.lines.lineStarts[line];
  if (start === undefined) return '';
  const content = doc.text.slice(start, lineContentEnd(doc, line));
  return /^[ \t]*/.exec(content)![0];
}

/** The text's own line break (the first one it uses), so inserted lines match the file. */
export function lineBreakOf(text: string): string {
  const lf = text.indexOf('\n');
  if (lf === -1) return text.includes('\r') ? '\r' : '\n';
  return lf > 0 && text.charCodeAt(lf - 1) === 13 ? '\r\n' : '\n';
}

/**
 * An LSP position as the server reads it, or null when it is not one. Fractional numbers are rounded down
 * (the protocol says unsigned integers; a client that sends 2.5 means line 2 more plausibly than anything
 * else), negative ones and ones past the end are left to `offsetOf`, which clamps as the specification says.
 */
export function positionFrom(value: unknown): Position | null {
  if (!value || typeof value !== 'object') return null;
  const { line, character } = value as Record<string, unknown>;
  if (typeof line !== 'number' || typeof character !== 'number' || Number.isNaN(line) || Number.isNaN(character)) return null;
  return { line: Math.floor(line), character: Math.floor(character) };
}

/**
 * One LSP content change as a core TextChange against `doc`, or why it is malformed. The semantics are
 * vscode-languageserver-textdocument's (what VS Code and the LSP libraries apply): a range whose end comes
 * before its start is swapped, a character past its line's end means the end of the line (before the line
 * break), a line past the last means the end of the text and a negative one its start; without a range the
 * change replaces the whole text. **Invariant:** this is the only conversion of content changes: the
 * protocol thread converts once and the engine and the large-document thread splice the same offsets.
 */
export function textChangeOf(doc: PositionedText | (() => PositionedText), change: unknown): TextChange | { error: string } {
  if (!change || typeof change !== 'object') return { error: 'a content change is not an object' };
  const c = change as Record<string, unknown>;
  if (typeof c.text !== 'string') return { error: 'a content change has no text' };
  const lines = typeof doc === 'function' ? doc : () => doc;
  if (c.range === undefined) return { start: 0, oldEnd: lines().text.length, newText: c.text };
  const range = c.range as Record<string, unknown> | null;
  let start = range && typeof range === 'object' ? positionFrom(range.start) : null;
  let end = range && typeof range === 'object' ? positionFrom(range.end) : null;
  if (!start || !end) return { error: 'a content change has a range whose start or end is not a position' };
  if (comparePositions(start, end) > 0) [start, end] = [end, start];
  return { start: offsetOf(lines(), start), oldEnd: offsetOf(lines(), end), newText: c.text };
}

/**
 * The text and line starts after one change, from the ones before it: the starts before the change are kept, the
 * few lines around it are scanned again, and the starts after it are shifted. Linear in the number of lines, not
 * of characters, so a keystroke in a 3 MB document does not rescan the document. The window starts a line
 * before the change and ends two characters past the inserted text, so a `\r\n` pair made or split at either
 * edge is read as the whole scan would read it.
 */
export function splicePositioned(doc: PositionedText, change: TextChange): PositionedText {
  const text = doc.text.slice(0, change.start) + change.newText + doc.text.slice(change.oldEnd);
  const old = doc.lines.lineStarts;
  let line = 0;
  for (let lo = 0, hi = old.length - 1; lo <= hi;) {
    const mid = (lo + hi) >> 1;
    if (old[mid] <= change.start) { line = mid; lo = mid + 1; } else hi = mid - 1;
  }
  const keep = Math.max(0, line - 1);
  const from = old[keep];
  const windowEnd = Math.min(text.length, change.start + change.newText.length + 2);
  const starts = old.slice(0, keep + 1);
  for (let i = from; i < windowEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  const delta = change.newText.length - (change.oldEnd - change.start);
  for (let k = 0; k < old.length; k++) {
    const shifted = old[k] + delta;
    if (old[k] > change.oldEnd && shifted > windowEnd) starts.push(shifted);
  }
  return { text, lines: { lineStarts: starts } };
}

/**
 * The LSP content changes of one didChange notification, in order (each change's range refers to the text the
 * previous one left), converted against `doc`; the result carries the final text. All or nothing: one
 * malformed change refuses the whole notification, so no half-applied edit leaves the copies apart.
 */
export function textChangesOf(doc: PositionedText, changes: unknown): { changes: TextChange[]; edits: PositionEdit[]; text: string; positioned: PositionedText } | { error: string } {
  if (!Array.isArray(changes)) return { error: 'contentChanges is not a list' };
  const out: TextChange[] = [];
  const edits: PositionEdit[] = [];
  let current = doc;
  for (const change of changes) {
    const converted = textChangeOf(current, change);
    if ('error' in converted) return converted;
    out.push(converted);
    edits.push({ range: { start: positionOf(current, converted.start), end: positionOf(current, converted.oldEnd) }, newText: converted.newText });
    // A whole-text change shares nothing with the line starts before it.
    current = converted.start === 0 && converted.oldEnd === current.text.length ? positioned(converted.newText) : splicePositioned(current, converted);
  }
  return { changes: out, edits, text: current.text, positioned: current };
}

export function lspEditOf(doc: PositionedText, edit: TextEdit): LspTextEdit {
  return { range: rangeOf(doc, { start: edit.start, end: edit.end }), newText: edit.newText };
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** Whether `position` lies in `range`, both ends included (a hover at the end of a word still counts). */
export function rangeContains(range: Range, position: Position): boolean {
  return comparePositions(range.start, position) <= 0 && comparePositions(position, range.end) <= 0;
}

/** Whether two ranges share any text; ranges that only touch do not overlap, except that an insertion inside the other one does. */
export function rangesOverlap(a: Range, b: Range): boolean {
  if (comparePositions(a.end, b.start) < 0 || comparePositions(b.end, a.start) < 0) return false;
  const aEmpty = comparePositions(a.start, a.end) === 0;
  const bEmpty = comparePositions(b.start, b.end) === 0;
  if (comparePositions(a.end, b.start) === 0) return aEmpty && bEmpty;
  if (comparePositions(b.end, a.start) === 0) return aEmpty && bEmpty;
  return true;
}

/** Whether `inner` lies within `outer`. */
export function rangeWithin(outer: Range, inner: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

/** Columns past which an inlay hint at the end of a line is likely out of sight (a common editor width). */
export const VISIBLE_COLUMNS = 120;

/**
 * Where an inlay hint after a signature goes, given the signature's end and its line's text. Right after the
 * parameter list when nothing but whitespace or the body's `{` follows; when the line goes on (`) => expression;`,
 * `where T : class`), at the end of the line instead, so the hint does not split the member, unless that end is
 * past the visible edge and the signature's end is not: then after the parameter list, where it is seen.
 */
export function hintPositionAfterSignature(signatureEnd: Position, lineText: string): Position {
  const rest = lineText.slice(signatureEnd.character);
  if (/^\s*(\{.*)?$/.test(rest)) return signatureEnd;
  const end = lineText.trimEnd().length;
  if (end > VISIBLE_COLUMNS && signatureEnd.character <= VISIBLE_COLUMNS) return signatureEnd;
  return { line: signatureEnd.line, character: end };
}

/** One content change in positions of the text before it (clamped, as applied): what moves a position to the next text. */
export interface PositionEdit {
  range: Range;
  newText: string;
}

/**
 * Where `position` is after `edit`: unchanged before it, shifted after it, and null inside the replaced text
 * (what stood there is gone). A position at a replaced range's start stays; one at its end, or at an insertion
 * point, moves with the text after it.
 */
export function positionAfterEdit(position: Position, edit: PositionEdit): Position | null {
  const { start, end } = edit.range;
  if (comparePositions(position, start) < 0) return position;
  if (comparePositions(position, start) === 0 && comparePositions(start, end) < 0) return position;
  if (comparePositions(position, end) < 0) return null;
  const lines = edit.newText.split(/\r\n|\r|\n/);
  const last = lines[lines.length - 1].length;
  if (position.line === end.line) {
    const column = lines.length === 1 ? start.character + last : last;
    return { line: start.line + lines.length - 1, character: column + (position.character - end.character) };
  }
  return { line: position.line + (lines.length - 1) - (end.line - start.line), character: position.character };
}

/** A range moved through edits, or null when either end fell inside replaced text. */
export function rangeAfterEdits(range: Range, edits: readonly PositionEdit[]): Range | null {
  let { start, end } = range;
  for (const edit of edits) {
    const s = positionAfterEdit(start, edit);
    const e = positionAfterEdit(end, edit);
    if (!s || !e) return null;
    start = s;
    end = e;
  }
  return { start, end };
}
