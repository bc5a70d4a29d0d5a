/**
 * The lambdas and local functions nested in a body, from one index of the file's bodies by parent: asking "which
 * bodies sit inside this one" for every body (and again for every generic instantiation and every lambda's creation
 * cost) by scanning the whole file made estimating a file quadratic in its bodies.
 */
import type { MethodBody } from '../model/types';

const indexes = new WeakMap<readonly MethodBody[], Map<string, MethodBody[]>>();

function byParent(bodies: readonly MethodBody[]): Map<string, MethodBody[]> {
  let index = indexes.get(bodies);
  if (!index) {
    index = new Map();
    for (const b of bodies) {
      if (!b.parentId) continue;
      const list = index.get(b.parentId) ?? [];
      list.push(b);
      index.set(b.parentId, list);
    }
    indexes.set(bodies, index);
  }
  return index;
}

/** The bodies whose parent is `body`. */
export function childrenOf(body: MethodBody, bodies: readonly MethodBody[]): readonly MethodBody[] {
  return byParent(bodies).get(body.id) ?? [];
}

/** Every body nested in `body`, at any depth. */
export function descendantsOf(body: MethodBody, bodies: readonly MethodBody[]): MethodBody[] {
  const out: MethodBody[] = [];
  const stack = [...childrenOf(body, bodies)];
  while (stack.length) {
    const b = stack.pop()!;
    out.push(b);
    stack.push(...childrenOf(b, bodies));
  }
  return out;
}

/**
 * The bodies of a file in the order descendantsOf lists them (depth first, last child first), so that every body's
 * descendants are one run of it, and the positions of those that capture something: their capturing descendants are
 * then found by two binary searches instead of a walk of the whole subtree (deep nesting made that quadratic).
 */
interface CaptureOrder {
  /** Position of each body in the order, and the position just past its descendants. */
  at: Map<string, { position: number; end: number }>;
  capturing: { position: number; body: MethodBody }[];
}

const captureOrders = new WeakMap<readonly MethodBody[], CaptureOrder>();

function captureOrderOf(bodies: readonly MethodBody[]): CaptureOrder {
  let order = captureOrders.get(bodies);
  if (order) return order;
  order = { at: new Map(), capturing: [] };
  const ids = new Set(bodies.map((b) => b.id));
  let position = 0;
  for (const root of bodies) {
    // Roots are bodies whose parent is not a body of the file; each is walked as descendantsOf walks.
    if (root.parentId && ids.has(root.parentId)) continue;
    if (order.at.has(root.id)) continue;
    const rootEntry = { position: position++, end: 0 };
    order.at.set(root.id, rootEntry);
    const frames: { body: MethodBody; entry: { position: number; end: number } }[] = [];
    const stack: { body: MethodBody; depth: number }[] = [...childrenOf(root, bodies)].map((body) => ({ body, depth: 0 }));
    while (stack.length) {
      const { body, depth } = stack.pop()!;
      while (frames.length > depth) frames.pop()!.entry.end = position;
      const entry = { position: position++, end: 0 };
      if (!order.at.has(body.id)) order.at.set(body.id, entry);
      if (body.capturedNames.length > 0) order.capturing.push({ position: entry.position, body });
      frames.push({ body, entry });
      for (const child of childrenOf(body, bodies)) stack.push({ body: child, depth: depth + 1 });
    }
    while (frames.length) frames.pop()!.entry.end = position;
    rootEntry.end = position;
  }
  captureOrders.set(bodies, order);
  return order;
}

/** descendantsOf(body).filter((b) => b.capturedNames.length > 0), in the same order, without walking the subtree. */
export function capturingDescendantsOf(body: MethodBody, bodies: readonly MethodBody[]): MethodBody[] {
  const order = captureOrderOf(bodies);
  const at = order.at.get(body.id);
  if (!at) return descendantsOf(body, bodies).filter((b) => b.capturedNames.length > 0);
  const first = (position: number) => {
    let lo = 0;
    let hi = order.capturing.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order.capturing[mid].position < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: MethodBody[] = [];
  for (let i = first(at.position + 1), end = first(at.end); i < end; i++) out.push(order.capturing[i].body);
  return out;
}
