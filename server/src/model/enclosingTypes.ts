/**
 * The type declarations around a span, without scanning every type of the file per question: rules and the cost
 * model ask it for each body, and a 3 MB file has ten thousand bodies and a thousand types (the scans were a
 * quadratic part of a keystroke there). Types nest or follow each other, never overlap otherwise.
 */
import type { Span, TypeDeclaration } from './types';

interface TypeForest {
  /** The types in order of their start, and each one's index in the file's array and its enclosing type's position here. */
  sorted: TypeDeclaration[];
  order: number[];
  parent: number[];
}

const forests = new WeakMap<readonly TypeDeclaration[], TypeForest>();

function forestOf(types: readonly TypeDeclaration[]): TypeForest {
  let forest = forests.get(types);
  if (forest) return forest;
  const indices = types.map((_, i) => i).sort((a, b) => types[a].span.start - types[b].span.start || types[b].span.end - types[a].span.end);
  const sorted = indices.map((i) => types[i]);
  const parent: number[] = new Array(sorted.length).fill(-1);
  const open: number[] = [];
  sorted.forEach((t, i) => {
    while (open.length && sorted[open[open.length - 1]].span.end < t.span.end) open.pop();
    parent[i] = open.length ? open[open.length - 1] : -1;
    open.push(i);
  });
  forest = { sorted, order: indices, parent };
  forests.set(types, forest);
  return forest;
}

/** Every type declaration whose span holds `span`, in the order of the file's types array (outermost first). */
export function enclosingTypes(types: readonly TypeDeclaration[], span: Span): TypeDeclaration[] {
  if (types.length === 0) return [];
  const { sorted, order, parent } = forestOf(types);
  // The last type starting at or before the span; the innermost type around the span is it or one of its ancestors.
  let lo = 0;
  let hi = sorted.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].span.start <= span.start) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const found: number[] = [];
  for (let i = at; i >= 0; i = parent[i]) {
    const t = sorted[i];
    if (t.span.start <= span.start && span.end <= t.span.end) found.push(i);
  }
  return found.sort((a, b) => order[a] - order[b]).map((i) => sorted[i]);
}

/** The innermost type declaration around `span` (the latest-starting one that holds it), or null. */
export function innermostType(types: readonly TypeDeclaration[], span: Span): TypeDeclaration | null {
  const around = enclosingTypes(types, span);
  let best: TypeDeclaration | null = null;
  for (const t of around) if (!best || t.span.start >= best.span.start) best = t;
  return best;
}
