/** Navigation between a file's bodies: a lambda or local function and the bodies it sits in. */
import type { MethodBody } from './types';

/** The chain of bodies from a lambda or local function out to its method, innermost first. */
export function bodyChain(body: MethodBody, bodies: readonly MethodBody[]): MethodBody[] {
  const chain: MethodBody[] = [];
  for (let b: MethodBody | undefined = body; b; b = b.parentId ? bodies.find((x) => x.id === b!.parentId) : undefined) chain.push(b);
  return chain;
}
