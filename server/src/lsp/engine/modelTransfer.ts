/**
 * The bodies of a large document's model as they cross from the large-document thread to the engine, sent as a
 * difference from the model the engine already holds. A keystroke changes one function; the other bodies are the
 * ones of the last model, moved by the length of the edit when they come after it. Sending all of them again as
 * JSON cost more than the model itself on a 10,000-line file (about 6 MB: 60 ms to write, 70 ms to read, on the
 * path from keystroke to diagnostics), and 1.5 s on a 3 MB file. A body the body cache shows unchanged crosses as
 * `{ reuse, delta }` (the index of the body in the engine's last model and how far it moved); the engine rebuilds it
 * from its own copy with model/bodyCache.ts `movedBody`, the same move the body cache makes on this side.
 *
 * When is a body "the same body moved"? When it and the body sent last time came from the same body-cache entry
 * (the same function text, name, return type, containing type's members and inherited flag: its cache key), the
 * file-wide passes gave both exactly that entry's family facts (`BodyProvenance.settled`), and its enclosing body
 * sits at the same place relative to it. An entry that two bodies of one model share (two identical lambdas) is
 * never referenced, since the reference would be ambiguous. The engine's copy is checked by version: a difference
 * against a model the engine no longer holds is refused there and the whole model is asked for.
 */
import type { BodyProvenance, CachedBody } from '../../model/bodyCache';
import { movedBody, relativeId } from '../../model/bodyCache';
import type { MethodBody } from '../../model/types';

/** A body of the engine's last model, moved by `delta`: `reuse` is its index in that model's bodies. */
export interface ReusedBody {
  reuse: number;
  delta: number;
}

export type SentBody = MethodBody | ReusedBody;

/** What the large-document thread remembers of the last model it sent for a document. */
export interface SentModel {
  version: number;
  /** The unshared cache entries of its settled bodies: the body's index, its function's start and its parent, relative. */
  bodies: Map<CachedBody, { index: number; start: number; parent: string | null }>;
}

export function isReusedBody(body: SentBody): body is ReusedBody {
  return typeof (body as ReusedBody).reuse === 'number';
}

/**
 * The bodies to send, each either whole or as a reference into `previous` (the last model sent, which the engine
 * holds), and what to remember of this model for the next. Without provenance every body goes whole.
 */
export function bodiesToSend(bodies: readonly MethodBody[], provenance: BodyProvenance | undefined, version: number, previous: SentModel | null): { bodies: SentBody[]; sent: SentModel | null } {
  if (!provenance || provenance.entries.length !== bodies.length) return { bodies: bodies.slice(), sent: null };
  const uses = new Map<CachedBody, number>();
  for (const entry of provenance.entries) if (entry) uses.set(entry, (uses.get(entry) ?? 0) + 1);
  const sent: SentModel = { version, bodies: new Map() };
  const out: SentBody[] = new Array(bodies.length);
  for (let i = 0; i < bodies.length; i++) {
    const entry = provenance.entries[i];
    const start = provenance.starts[i];
    const body = bodies[i];
    out[i] = body;
    if (!entry || !provenance.settled[i] || uses.get(entry) !== 1) continue;
    const parent = body.parentId ? relativeId(body.parentId, start) : null;
    sent.bodies.set(entry, { index: i, start, parent });
    const before = previous?.bodies.get(entry);
    if (before && before.parent === parent) out[i] = { reuse: before.index, delta: start - before.start };
  }
  return { bodies: out, sent };
}

/**
 * The bodies the engine rebuilds from what was sent and its last model's bodies (`previous`), or null when a
 * reference points outside them (the caller then asks for the whole model). A reused body is a new object (a
 * moved copy, or a shallow copy when it did not move), so that nothing keyed by body objects carries over from
 * one version to the next; its parts are never written to, so sharing them is safe.
 */
export function receivedBodies(sent: readonly SentBody[], previous: readonly MethodBody[] | null): MethodBody[] | null {
  const out: MethodBody[] = new Array(sent.length);
  for (let i = 0; i < sent.length; i++) {
    const body = sent[i];
    if (!isReusedBody(body)) {
      out[i] = body;
      continue;
    }
    const before = previous?.[body.reuse];
    if (!before) return null;
    out[i] = body.delta === 0 ? { ...before } : movedBody(before, body.delta);
  }
  return out;
}
