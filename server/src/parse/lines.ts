/** Converts UTF-16 offsets to 0-based lines and columns (LSP's default position encoding). */

export interface LineIndex {
  readonly lineStarts: readonly number[];
}

export function lineIndexOf(text: string): LineIndex {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lineStarts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
  }
  return { lineStarts };
}

export interface LineColumn {
  line: number;
  column: number;
}

export function positionAt(index: LineIndex, offset: number): LineColumn {
  const starts = index.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, column: offset - starts[lo] };
}

export function offsetAt(index: LineIndex, pos: LineColumn, textLength: number): number {
  const starts = index.lineStarts;
  if (pos.line >= starts.length) return textLength;
  return Math.min(starts[pos.line] + pos.column, pos.line + 1 < starts.length ? starts[pos.line + 1] : textLength);
}

/** The text of one 0-based line without its line break. */
export function lineText(text: string, index: LineIndex, line: number): string {
  const start = index.lineStarts[line] ?? text.length;
  const end = line + 1 < index.lineStarts.length ? index.lineStarts[line + 1] : text.length;
  return text.slice(start, end).replace(/\r?\n$|\r$/, '');
}
