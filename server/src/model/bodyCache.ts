/**
 * Bodies reused from an earlier version of the same document. Modelling a function is most of the cost of a
 * file's model, and an edit usually touches one function: a body whose own text and surroundings (its
 * name, declared return type, containing type's members and, for a lambda, where it goes) are unchanged is taken from the cache and
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
  /**
   * For a function no body encloses: what the file-wide passes gave it and every body inside it (captured names,
   * each wait's known-completion reason), by id with offsets counted from `start` (`lambda_expression:120`). Both
   * depend only on the function's own text, which its key holds, so a later version whose function is a hit takes
   * them from here instead of passing over every identifier and wait of the file again. Filled in after the passes.
   */
  family?: Map<string, FamilyFacts>;
}

/** What the file-wide passes wrote into one body. */
export interface FamilyFacts {
  capturedNames: string[];
  /** Each wait's knownCompleted, in the order of the body's waits. */
  waitReasons: (string | null)[];
}

export interface ModelCache {
  entries: Map<string, CachedBody>;
  /** Where each body of the last model built with this cache came from (see `BodyProvenance`). */
  provenance?: BodyProvenance;
}

/**
 * Where each body of a model came from, aligned with its bodies: the cache entry of its function (null for the
 * top-level statements, which are never cached), the offset its function starts at, and whether what the
 * file-wide passes wrote into it is exactly what that entry's family keeps (taken from it, or stored from it). Two
 * bodies with the same entry and both `settled` are the same body moved: lsp/engine/modelTransfer.ts sends such a
 * body to the engine as a reference to the one it already holds instead of the whole body.
 */
export interface BodyProvenance {
  entries: (CachedBody | null)[];
  starts: number[];
  settled: boolean[];
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
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // An empty list stays the shared empty list (compact.ts none); a list of strings or numbers (arguments,
    // modifiers, names) has no offsets in it and is copied as it is.
    if (value.length === 0) return value;
    if (typeof value[0] !== 'object') return value.slice();
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = shift(value[i], delta);
    return out;
  }
  const source = value as Record<string, unknown>;
  // A span is copied in one literal, the commonest object of a body (every call, await, local and region has some).
  if (isPlainSpan(source)) return { start: (source.start as number) + delta, end: (source.end as number) + delta };
  const out: Record<string, unknown> = {};
  const isSpan = typeof source.start === 'number' && typeof source.end === 'number';
  // for...in rather than Object.entries: the same keys in the same order, without an array per key.
  for (const key in source) {
    const v = source[key];
    if (isSpan && (key === 'start' || key === 'end')) out[key] = (v as number) + delta;
    else if (key === 'signatureEnd' && typeof v === 'number') out[key] = v + delta;
    else if ((key === 'id' || key === 'parentId') && typeof v === 'string') out[key] = movedId(v, delta);
    else out[key] = shift(v, delta);
  }
  return out;
}

/** `{ start, end }`, in that order, and nothing else. */
function isPlainSpan(source: Record<string, unknown>): boolean {
  if (typeof source.start !== 'number' || typeof source.end !== 'number') return false;
  let keys = 0;
  for (const key in source) if (key !== (keys++ === 0 ? 'start' : 'end') || keys > 2) return false;
  return keys === 2;
}

/** A body id with its offset counted from `start` (the id as a function starting at 0 would have it). */
export function relativeId(id: string, start: number): string {
  return movedId(id, -start);
}

/** A body id (`kind:offset`) moved by `delta`; top-level statements' id has no offset to move. */
export function movedId(id: string, delta: number): string {
  const colon = id.lastIndexOf(':');
  const offset = Number(id.slice(colon + 1));
  return colon === -1 || !Number.isFinite(offset) || id.startsWith('topLevel:') ? id : `${id.slice(0, colon)}:${offset + delta}`;
}
