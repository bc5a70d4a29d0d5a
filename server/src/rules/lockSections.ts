/**
 * Sections of a body held by a lock taken and released with calls rather than a `lock` statement
 * (`_rw.EnterWriteLock(); ... _rw.ExitWriteLock();`, `Monitor.Enter(gate); ... Monitor.Exit(gate);`), read from the
 * body's call sites and the locking table. ASY004 asks which release belongs to an acquisition; the fixes that insert
 * an `await` ask whether a thread-affine lock is held where they would put it.
 */
import type { CallSite, MethodBody, Span } from '../model/types';
import { lockingApisByMember, type LockingApi } from '../knowledge/lockingApis';
import { staticReceiverName } from './asy001-004-blocking-common';

/**
 * The calls after `call` that release what it took: the same receiver (or, for a static API, the same first argument).
 * When that is a local, only releases inside the local's scope count: two branches that each declare
 * `using var mutex = new Mutex(...)` take and release two different locks, and the first branch's WaitOne is not
 * released by the second branch's ReleaseMutex.
 */
export function releasesOf(body: MethodBody, call: CallSite, row: LockingApi): CallSite[] {
  if (!row.releasedBy || row.releasedBy.length === 0) return [];
  const key = row.kind === 'static' ? call.argumentTexts[0]?.trim() : call.receiver?.trim();
  if (!key) return [];
  const scope = /^[A-Za-z_]\w*$/.test(key) ? localScopeAt(body, key, call.span.start) : null;
  return body.calls.filter((c) => {
    if (!row.releasedBy!.includes(c.name) || c.span.start < call.span.end) return false;
    if (scope && (c.span.start < scope.start || c.span.end > scope.end)) return false;
    return row.kind === 'static' ? staticReceiverName(c.receiver ?? '') === row.type && c.argumentTexts[0]?.trim() === key : c.receiver?.trim() === key;
  });
}

/** The scope of the local named `name` that is visible at `offset` (the innermost declared before it), or null. */
function localScopeAt(body: MethodBody, name: string, offset: number): Span | null {
  let best: Span | null = null;
  for (const local of body.locals) {
    if (local.name !== name || local.span.start > offset || offset < local.scope.start || offset > local.scope.end) continue;
    if (!best || local.scope.start >= best.start) best = local.scope;
  }
  return best;
}

/**
 * The acquisition of a thread-affine lock (Monitor, Mutex, SpinLock, the reader-writer locks, Lock) that is held at
 * `offset`: taken before it and released after it in the same body. An await there would let the release run on
 * another thread, where it throws. The pairing of an Enter call with its own Exit on the same receiver is what tells
 * the lock, so a receiver whose type is not visible still counts.
 */
export function threadAffineLockHeldAt(body: MethodBody, offset: number): CallSite | null {
  for (const call of body.calls) {
    if (call.span.end > offset) continue;
    for (const row of lockingApisByMember(call.name)) {
      if (!row.threadAffine) continue;
      if (row.kind === 'static' && staticReceiverName(call.receiver ?? '') !== row.type) continue;
      if (releasesOf(body, call, row).some((release) => release.span.start >= offset)) return call;
    }
  }
  return null;
}
