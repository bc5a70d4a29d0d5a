/**
 * Which locals live across an await: read after the await before being written again, on some path,
 * including round a loop's back edge. This is the syntactic approximation of Roslyn's hoisting analysis
 * (IteratorAndAsyncCaptureWalker); where it can differ is written down in server/ARCHITECTURE.md.
 */
import type { Span } from './types';

/** `declare` is a declaration without an initializer: it neither reads nor writes. */
export type Access = 'read' | 'write' | 'readwrite' | 'declare';

/** One mention of a local's name in a body. */
export interface NameOccurrence {
  name: string;
  span: Span;
  access: Access;
  /** For writes: the offset at which the write takes effect (after its right-hand side ran). */
  effectiveAt: number;
  /** Spans of the branches containing the occurrence (if/else arms, loop bodies, switch sections, catch, ?:, &&, ||, ??, lambdas). */
  branches: Span[];
}

/** A loop around awaits: `repeat` is the part that runs again on the back edge (condition, update, body). */
export interface LoopRegion {
  span: Span;
  repeat: Span;
}

export interface LivenessInput {
  /** Where the local's name is declared (its declarator). */
  declaredAt: Span;
  scope: Span;
  occurrences: NameOccurrence[];
  awaits: Span[];
  loops: LoopRegion[];
}

const inside = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** A write dominates a read when every branch holding the write also holds the read. */
function dominates(write: NameOccurrence, read: NameOccurrence): boolean {
  return write.branches.every((b) => inside(b, read.span));
}

function isRead(o: NameOccurrence): boolean {
  return o.access === 'read' || o.access === 'readwrite';
}

function isWrite(o: NameOccurrence): boolean {
  return o.access === 'write' || o.access === 'readwrite';
}

export function isLiveAcrossAwait(input: LivenessInput): boolean {
  const reads = input.occurrences.filter(isRead);
  if (reads.length === 0) return false;
  const writes = input.occurrences.filter(isWrite);
  for (const a of input.awaits) {
    if (!inside(input.scope, a)) continue;
    if (a.start >= input.declaredAt.start && readAfterAwait(a, reads, writes)) return true;
    for (const loop of input.loops) {
      if (inside(loop.span, a) && !inside(loop.repeat, input.declaredAt) && loopCarriesValue(loop, a, reads, writes)) return true;
    }
  }
  return false;
}

/**
 * A read after the await with no write between them that runs whenever the read does, or whenever the await
 * does: in `sum += await x` the write follows its own await on every path, so the old value of sum lives
 * only in the compiler's spill field, not in a hoisted local (checked by reflection on the calibration corpus).
 */
function readAfterAwait(a: Span, reads: NameOccurrence[], writes: NameOccurrence[]): boolean {
  return reads.some((r) =>
    r.span.start >= a.end &&
    !writes.some((w) => w !== r && w.effectiveAt >= a.end && w.effectiveAt <= r.span.start && (dominates(w, r) || followsAwait(w, a))));
}

/** Every branch holding the write also holds the await: once the await has run, the write runs too. */
function followsAwait(w: NameOccurrence, a: Span): boolean {
  return w.branches.every((b) => inside(b, a));
}

/**
 * The back edge: a read earlier in the repeated part of the loop sees the value the previous iteration
 * had when it suspended, unless a write before that read, or an unconditional write after the await,
 * replaces it.
 */
function loopCarriesValue(loop: LoopRegion, a: Span, reads: NameOccurrence[], writes: NameOccurrence[]): boolean {
  const unconditionalInIteration = (w: NameOccurrence) => w.branches.every((b) => inside(b, loop.repeat));
  const rewrittenAfterAwait = writes.some((w) => w.effectiveAt >= a.end && inside(loop.repeat, w.span) && unconditionalInIteration(w));
  if (rewrittenAfterAwait) return false;
  return reads.some((r) =>
    inside(loop.repeat, r.span) &&
    r.span.start < a.start &&
    !writes.some((w) => w !== r && inside(loop.repeat, w.span) && w.effectiveAt <= r.span.start && dominates(w, r)));
}
