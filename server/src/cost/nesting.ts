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
