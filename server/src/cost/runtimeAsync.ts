/**
 * Runtime Async (.NET 11 with `<Features>runtime-async=on</Features>`): Task-returning methods are compiled by the
 * runtime, and a suspension allocates one Continuation per suspended frame instead of a box around a compiler
 * state machine (cost-model.md section 7). Every number here is marked uncertain (U) until measured.
 */
import type { AwaitedOperation } from './awaitables';
import type { HoistedValue } from './hoisting';
import type { LayoutField, StateMachineLayout } from './stateMachine';
import { alignUp } from './layout';

/** Object header plus the Continuation base fields (next, resume info, state, flags). */
export const CONTINUATION_BASE_BYTES = 40;

const POINTER = 8;

/**
 * The continuation a suspended frame allocates: an ExecutionContext slot, a continuation-context slot when some
 * await of a Task or ValueTask keeps the context (no ConfigureAwait(false)), an exception slot when an await sits in
 * try/catch/finally/using, a slot for the largest awaited result, and the live locals.
 */
export function continuationLayout(ops: readonly AwaitedOperation[], hoisted: readonly HoistedValue[], resultBytes: (typeText: string) => number): StateMachineLayout {
  const slots: { name: string; holds: string; typeText: string; size: number }[] = [];
  slots.push({ name: 'ExecutionContext', holds: 'the captured ExecutionContext', typeText: 'ExecutionContext', size: POINTER });
  const keepsContext = ops.some((op) => op.role === 'await' && !/^YieldAwaitable$/.test(op.awaitableType) && (op.point.operand.configureAwait === null || op.point.operand.configureAwait.trim() === 'true'));
  if (keepsContext) slots.push({ name: 'ContinuationContext', holds: 'the SynchronizationContext or TaskScheduler to resume on (a plain await without ConfigureAwait(false))', typeText: 'object', size: POINTER });
  const guarded = ops.some((op) => op.point.kind !== 'await' || op.point.regions.some((r) => r.kind === 'try' || r.kind === 'catch' || r.kind === 'finally' || r.kind === 'using'));
  if (guarded) slots.push({ name: 'Exception', holds: 'the exception slot (an await inside try/catch/finally/using)', typeText: 'Exception', size: POINTER });
  const results = ops.map((op) => op.resultType).filter((t): t is string => !!t && t !== 'void');
  const largest = results.reduce<{ t: string; size: number } | null>((best, t) => {
    const size = resultBytes(t);
    return !best || size > best.size ? { t, size } : best;
  }, null);
  if (largest) slots.push({ name: 'Result', holds: `the awaited result (${largest.t})`, typeText: largest.t, size: largest.size });
  for (const h of hoisted) {
    if (h.role === 'parameter' || h.role === 'this' || h.role === 'local' || h.role === 'closure' || h.role === 'spill') {
      slots.push({ name: h.name ?? h.role, holds: h.holds, typeText: h.typeText, size: h.shape.size });
    }
  }
  const fields: LayoutField[] = [{ name: 'Continuation', role: 'state', holds: 'object header and the Continuation base fields', typeText: 'Continuation', size: CONTINUATION_BASE_BYTES, alignment: POINTER, offset: 0 }];
  let offset = CONTINUATION_BASE_BYTES;
  for (const s of slots) {
    fields.push({ name: s.name, role: 'local', holds: s.holds, typeText: s.typeText, size: s.size, alignment: Math.min(POINTER, s.size), offset });
    offset += s.size;
  }
  const size = CONTINUATION_BASE_BYTES + alignUp(offset - CONTINUATION_BASE_BYTES, POINTER);
  return {
    kind: 'continuation',
    fields,
    size,
    fieldBytes: offset,
    assumptions: ['Runtime Async continuation sizes follow cost-model.md section 7 and are not yet measured (U)'],
  };
}
