/** Applies text edits to a text: what a code action or `--fix` does, and what fixture tests check. */
import type { TextEdit } from '../rules/types';

/** Applies non-overlapping edits; an edit overlapping an earlier one is skipped and reported. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; skipped: TextEdit[] } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: TextEdit[] = [];
  const skipped: TextEdit[] = [];
  let lastEnd = -1;
  for (const e of sorted) {
    if (e.start < lastEnd) skipped.push(e);
    else {
      kept.push(e);
      lastEnd = e.end;
    }
  }
  let out = text;
  for (const e of kept.reverse()) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return { text: out, skipped };
}
