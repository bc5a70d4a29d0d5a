/**
 * The items of a file that nest or follow each other but never overlap otherwise (type declarations, function
 * bodies), kept as a forest in order of their start, so that "which of them hold this offset" costs a binary search
 * and the depth, not a scan of every item. Rules asked such questions once per finding, and a large file has
 * thousands of findings and ten thousand bodies (the scans were a quadratic part of a keystroke).
 */
import type { Span } from './types';

interface SpanForest<T extends { span: Span }> {
  /** The items in order of their start (an outer one before an inner one starting at the same place). */
  sorted: T[];
  /** Each sorted item's index in the given array. */
  order: number[];
  /** Each sorted item's enclosing item's position in `sorted`, or -1. */
  parent: number[];
}

const forests = new WeakMap<readonly { span: Span }[], SpanForest<{ span: Span }>>();

function forestOf<T extends { span: Span }>(items: readonly T[]): SpanForest<T> {
  const known = forests.get(items) as SpanForest<T> | undefined;
  // An array whose length changed since (one still being filled) is indexed again.
  if (known && known.sorted.length === items.length) return known;
  const indices = items.map((_, i) => i).sort((a, b) => items[a].span.start - items[b].span.start || items[b].span.end - items[a].span.end);
  const sorted = indices.map((i) => items[i]);
  const parent: number[] = new Array(sorted.length).fill(-1);
  const open: number[] = [];
  sorted.forEach((t, i) => {
    while (open.length && sorted[open[open.length - 1]].span.end < t.span.end) open.pop();
    parent[i] = open.length ? open[open.length - 1] : -1;
    open.push(i);
  });
  const forest: SpanForest<T> = { sorted, order: indices, parent };
  forests.set(items, forest as SpanForest<{ span: Span }>);
  return forest;
}

/** The position in `sorted` of the last item starting at or before `start`, or -1. */
function lastStartingBy<T extends { span: Span }>(sorted: readonly T[], start: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].span.start <= start) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at;
}

/** Every item whose span holds `span`, in the order of the given array. */
export function enclosingItems<T extends { span: Span }>(items: readonly T[], span: Span): T[] {
  if (items.length === 0) return [];
  const { sorted, order, parent } = forestOf(items);
  // The innermost item around the span is the last one starting at or before it, or one of that one's ancestors.
  const found: number[] = [];
  for (let i = lastStartingBy(sorted, span.start); i >= 0; i = parent[i]) {
    const t = sorted[i];
    if (t.span.start <= span.start && span.end <= t.span.end) found.push(i);
  }
  return found.sort((a, b) => order[a] - order[b]).map((i) => sorted[i]);
}

/** The innermost item whose span holds the character at `offset` (start <= offset < end), or null. */
export function innermostItemAt<T extends { span: Span }>(items: readonly T[], offset: number): T | null {
  if (items.length === 0) return null;
  const { sorted, parent } = forestOf(items);
  for (let i = lastStartingBy(sorted, offset); i >= 0; i = parent[i]) {
    const t = sorted[i];
    if (t.span.start <= offset && offset < t.span.end) return t;
  }
  return null;
}
