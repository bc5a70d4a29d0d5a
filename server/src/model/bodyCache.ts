/**
 * Bodies reused from an earlier version of the same document. Modelling a function is most of the cost of a
 * file's model, and an edit usually touches one function: a body whose own text and surroundings (its
 * name, declared return type and containing type's members) are unchanged is taken from the cache and
 * moved to its new offset instead of being built again. The language server keeps one cache per document.
 */
import type { MethodBody } from './types';

export interface CachedBody {
  /**
   * The body as it was built, before the file-wide passes filled in what depends on other bodies (see
   * `unpassedCopy`), with offsets as they were when the function started at `start`. Never mutated: a hit is
   * copied (`reusedBody`).
   */
  body: MethodBody;
  start: number;
}

export interface ModelCache {
  entries: Map<string, CachedBody>;
}

export function createModelCache(): ModelCache {
  return { entries: new Map() };
}

/**
 * What the cache keeps of a freshly built body: a copy of the parts the file-wide passes of extract.ts write into
 * (the body's `capturedNames` and `parentId`, each wait's `knownCompleted`). The rest is shared with the model's body:
 * the model is plain data nothing writes to once built, and a deep copy of every body of a 3 MB file cost more CPU
 * time than the rules.
 */
export function unpassedCopy(body: MethodBody): MethodBody {
  return { ...body, waits: body.waits.map((w) => ({ ...w })) };
}

/**
 * A cached body for a function that now starts at `start`: where it has not moved (every function before an edit),
 * a shallow copy of the parts the file-wide passes write; where it has, a deep copy with every offset moved.
 */
export function reusedBody(cached: CachedBody, start: number): MethodBody {
  return start === cached.start ? unpassedCopy(cached.body) : rebase(cached.body, start - cached.start);
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
