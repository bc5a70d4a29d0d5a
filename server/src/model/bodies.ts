/** Navigation between a file's bodies: a lambda or local function and the bodies it sits in. */
import type { MethodBody } from './types';

/**
 * Each file's bodies by id, built once per bodies array: walking out from a body then costs its depth, not its
 * depth times the file's bodies (a file of deeply nested lambdas made that cubic). A model's bodies array is
 * not changed once built; an array whose length changed since (one still being filled) is indexed again.
 */
const byIdOf = new WeakMap<readonly MethodBody[], Map<string, MethodBody>>();

export function bodiesById(bodies: readonly MethodBody[]): Map<string, MethodBody> {
  let byId = byIdOf.get(bodies);
  if (!byId || byId.size !== bodies.length) {
    byId = new Map();
    // The first body of an id wins, as a search from the start would find it.
    for (const b of bodies) if (!byId.has(b.id)) byId.set(b.id, b);
    if (byId.size === bodies.length) byIdOf.set(bodies, byId);
  }
  return byId;
}

/** The chain of bodies from a lambda or local function out to its method, innermost first. */
export function bodyChain(body: MethodBody, bodies: readonly MethodBody[]): MethodBody[] {
  const chain: MethodBody[] = [];
  const byId = body.parentId ? bodiesById(bodies) : null;
  for (let b: MethodBody | undefined = body; b; b = b.parentId ? byId!.get(b.parentId) : undefined) chain.push(b);
  return chain;
}
