/**
 * Bodies reused from an earlier version of the same document. Modelling a function is most of the cost of a
 * file's model, and an edit usually touches one function: a body whose own text and surroundings (its
 * name, declared return type and containing type's members) are unchanged is taken from the cache and
 * moved to its new offset instead of being built again. The language server keeps one cache per document.
 */
import type { MethodBody } from './types';

export interface CachedBody {
  /** The body with every offset relative to the function's start. */
  body: MethodBody;
}

export interface ModelCache {
  entries: Map<string, CachedBody>;
}

export function createModelCache(): ModelCache {
  return { entries: new Map() };
}

/** A deep copy with every offset moved by `delta`: spans, signatureEnd, and the `kind:offset` ids. */
export function rebase<T>(value: T, delta: number): T {
  return shift(value, delta) as T;
}

function shift(value: unknown, delta: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shift(v, delta));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  const isSpan = typeof source.start === 'number' && typeof source.end === 'number';
  for (const [key, v] of Object.entries(source)) {
    if (isSpan && (key === 'start' || key === 'end')) out[key] = (v as number) + delta;
    else if (key === 'signatureEnd' && typeof v === 'number') out[key] = v + delta;
    else if ((key === 'id' || key === 'parentId') && typeof v === 'string') out[key] = shiftId(v, delta);
    else out[key] = shift(v, delta);
  }
  return out;
}

function shiftId(id: string, delta: number): string {
  const colon = id.lastIndexOf(':');
  const offset = Number(id.slice(colon + 1));
  return colon === -1 || !Number.isFinite(offset) || id.startsWith('topLevel:') ? id : `${id.slice(0, colon)}:${offset + delta}`;
}
