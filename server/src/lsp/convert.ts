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

/** An LSP content change (range form or whole-text form) as a core TextChange against `doc`. */
export function textChangeOf(doc: PositionedText, change: { range?: Range; text: string }): TextChange {
  if (!change.range) return { start: 0, oldEnd: doc.text.length, newText: change.text };
  const start = offsetOf(doc, change.range.start);
  const oldEnd = Math.max(start, offsetOf(doc, change.range.end));
  return { start, oldEnd, newText: change.text };
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
