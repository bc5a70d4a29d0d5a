/**
 * Runtime Async (.NET 11 with `<Features>runtime-async=on</Features>`): Task-returning methods are compiled by the
 * runtime, and a suspension allocates one Continuation per suspended frame instead of a box around a compiler state
 * machine (cost-model.md section 7). The slot rules below are fitted to the calibration corpus measured on the
 * .NET 11.0.0 runtime pack (test/calibration/measured-runtime-async.json); they stay marked uncertain (U), because
 * the JIT keeps only what is live at the suspension and can drop struct fields it knows (see README.md).
 */
import type { MethodBody } from '../model/types';
import type { AwaitedOperation } from './awaitables';
import type { HoistedValue } from './hoisting';
import type { LayoutField, StateMachineLayout } from './stateMachine';
import { alignUp } from './layout';
import { parseType } from './typeText';

/** Object header plus the Continuation base fields (next, resume info, state, flags): the bytes of a frame with nothing live. */
export const CONTINUATION_BASE_BYTES = 40;

/**
 * A frame suspended in an await of another runtime-async method keeps 16 B more than one suspended on a Task or an
 * awaiter (fitted: chains of 2, 3 and 4 levels grow by 56 B per Task frame and 64 B per Task<int> frame).
 */
export const AWAITING_CALLEE_EXTRA_BYTES = 16;

const POINTER = 8;

interface Slot {
  name: string;
  holds: string;
  typeText: string;
  size: number;
}

/** What keeping an awaited operation across the suspension costs the frame: its result, and a ValueTask's source object. */
function awaitSlotBytes(op: AwaitedOperation, resultBytes: (typeText: string) => number, awaitsCallee: boolean): number {
  const t = parseType(op.awaitableType);
  const result = op.resultType && op.resultType !== 'void' ? resultBytes(op.resultType) : 0;
  // A runtime-async callee hands its result back directly: there is no ValueTask source to keep.
  if (!t || awaitsCallee) return result;
  // A plain ValueTask await keeps its source object too; a configured one was measured without it.
  if (t.name === 'ValueTask') return POINTER + result;
  if (t.name === 'Task' || t.name === 'ConfiguredTaskAwaitable' || t.name === 'ConfiguredValueTaskAwaitable' || t.name === 'YieldAwaitable') return result;
  // A custom awaitable: its awaiter struct is kept.
  return op.awaiter.shape.size;
}

/**
 * The continuation a suspended frame allocates: 40 B, plus the largest awaited result (a ValueTask also keeps its
 * source), an exception slot when an await sits in a try or catch block, and the values live across the await.
 */
export function continuationLayout(body: MethodBody, ops: readonly AwaitedOperation[], hoisted: readonly HoistedValue[], resultBytes: (typeText: string) => number,
  awaitsRuntimeAsyncCallee: (op: AwaitedOperation) => boolean = () => false, thisUsed: boolean = body.usesThis): StateMachineLayout {
  const slots: Slot[] = [];
  const callee = ops.some(awaitsRuntimeAsyncCallee);
  if (callee) slots.push({ name: 'CalleeLink', holds: 'what resuming after a runtime-async callee needs (fitted, U)', typeText: 'object', size: AWAITING_CALLEE_EXTRA_BYTES });
  const largest = ops.reduce<{ op: AwaitedOperation; size: number } | null>((best, op) => {
    const size = awaitSlotBytes(op, resultBytes, awaitsRuntimeAsyncCallee(op));
    return size > 0 && (!best || size > best.size) ? { op, size } : best;
  }, null);
  if (largest) slots.push({ name: 'Result', holds: `what ${largest.op.awaitableType} leaves to read after resuming (its result${/ValueTask/.test(largest.op.awaitableType) ? ' and source' : ''})`, typeText: largest.op.resultType ?? largest.op.awaitableType, size: largest.size });
  const guarded = ops.some((op) => op.point.regions.some((r) => r.kind === 'try' || r.kind === 'catch' || r.kind === 'using'));
  if (guarded) slots.push({ name: 'Exception', holds: 'the exception slot (an await inside a try or catch block)', typeText: 'Exception', size: POINTER });
  // A parameter that is only the awaited operand (`await t`) is not needed once the frame resumes; the model cannot
  // see every use, so one that is an await operand is taken to be that only.
  const awaitedNames = new Set(ops.map((op) => op.point.operand.text.trim()));
  const kept = new Set<HoistedValue['role']>(['parameter', 'this', 'local', 'closure', 'spill', 'enumerator', 'arrayIndex', 'resource']);
  for (const h of hoisted) {
    if (!kept.has(h.role)) continue;
    if (h.role === 'parameter' && h.name && awaitedNames.has(h.name)) continue;
    // Unlike the compiler, the JIT keeps `this` only when the method uses it.
    if (h.role === 'this' && !thisUsed && body.capturedNames.length === 0) continue;
    slots.push({ name: h.name ?? h.role, holds: h.holds, typeText: h.typeText, size: h.shape.size });
  }
  const fields: LayoutField[] = [{ name: 'Continuation', role: 'state', holds: 'object header and the Continuation base fields (next, resume point, state, flags)', typeText: 'Continuation', size: CONTINUATION_BASE_BYTES, alignment: POINTER, offset: 0 }];
  let offset = CONTINUATION_BASE_BYTES;
  for (const s of slots) {
    fields.push({ name: s.name, role: 'local', holds: s.holds, typeText: s.typeText, size: s.size, alignment: Math.min(POINTER, s.size), offset });
    offset += s.size;
  }
  return {
    kind: 'continuation',
    fields,
    size: CONTINUATION_BASE_BYTES + alignUp(offset - CONTINUATION_BASE_BYTES, POINTER),
    fieldBytes: offset,
    assumptions: ['Runtime Async continuation sizes are fitted to .NET 11.0.0 measurements and marked uncertain (U)'],
  };
}
