/** 1-based line/column ranges for reports (text, JSON, SARIF all count from 1, columns in UTF-16 units). */
import type { Span } from '../../model/types';
import { lineIndexOf, positionAt, type LineIndex } from '../../parse/lines';

export interface Region {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function regionOf(lines: LineIndex, span: Span): Region {
  const start = positionAt(lines, span.start);
  const end = positionAt(lines, span.end);
  return { line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1 };
}

/** Line indexes are built once per file and shared by every renderer. */
export function lineIndexCache(): (path: string, text: string) => LineIndex {
  const cache = new Map<string, LineIndex>();
  return (path, text) => {
    let idx = cache.get(path);
    if (!idx) {
      idx = lineIndexOf(text);
      cache.set(path, idx);
    }
    return idx;
  };
}
