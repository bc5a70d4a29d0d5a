/**
 * The state machine of one async body, field by field with Roslyn's names, offsets and sizes: a struct in Release
 * builds, a class in Debug builds and for async iterators. Field order follows the compiler (state, builder,
 * parameters, this, then hoisted values and awaiters as the compiler meets them) and offsets follow CoreCLR's
 * auto layout (cost/layout.ts).
 */
import type { MethodBody } from '../model/types';
import type { AwaitedOperation } from './awaitables';
import type { HoistedValue } from './hoisting';
import { autoLayout, objectBytes } from './layout';
import { shapeOfTypeText, type TypeScope, type TypeShape } from './typeLayout';
import type { BuildConfiguration } from './profiles';

export type LayoutFieldRole = HoistedValue['role'] | 'state' | 'builder' | 'awaiter' | 'current' | 'promise' | 'disposeMode' | 'initialThreadId' | 'parameterCopy' | 'combinedTokens';

export interface LayoutField {
  /** Roslyn's field name: `<>1__state`, `<>t__builder`, `<>4__this`, `x`, `<x>5__2`, `<>7__wrap1`, `<>u__1`. */
  name: string;
  role: LayoutFieldRole;
  /** What the field holds, in words. */
  holds: string;
  typeText: string;
  size: number;
  alignment: number;
  offset: number;
  /** Set when the field's type or size was assumed. */
  assumption?: string;
}

export interface StateMachineLayout {
  kind: 'struct' | 'class' | 'continuation';
  /** Fields in offset order. */
  fields: LayoutField[];
  /** The struct's size, or for a class the heap bytes of one instance (header included). */
  size: number;
  /** Where the last field ends (the instance field bytes). */
  fieldBytes: number;
  assumptions: string[];
}

export interface BuilderInfo {
  typeText: string;
  shape: TypeShape;
  source: string;
}

interface Slot {
  name: string;
  role: LayoutFieldRole;
  holds: string[];
  typeText: string;
  shape: TypeShape;
  assumption: string | null;
}

export interface StateMachineInput {
  body: MethodBody;
  builder: BuilderInfo;
  hoisted: HoistedValue[];
  ops: readonly AwaitedOperation[];
  build: BuildConfiguration;
  scope: TypeScope;
  memo: Map<string, TypeShape>;
  /** For async iterators: the element type (IAsyncEnumerable<T>'s T). */
  iteratorElement: string | null;
  /** IAsyncEnumerable (not IAsyncEnumerator) iterators also record the creating thread and keep parameter copies. */
  enumerable: boolean;
}

/** Lays out the state machine. */
export function stateMachineLayout(input: StateMachineInput): StateMachineLayout {
  const iterator = input.iteratorElement !== null;
  const slots: Slot[] = [];
  const shape = (t: string) => shapeOfTypeText(t, input.scope, input.memo);
  slots.push({ name: '<>1__state', role: 'state', holds: ['the state: which await to resume at (-1 running, -2 finished)'], typeText: 'int', shape: shape('int'), assumption: null });
  if (iterator) {
    slots.push({ name: '<>2__current', role: 'current', holds: ['the element last yielded (Current)'], typeText: input.iteratorElement!, shape: shape(input.iteratorElement!), assumption: null });
    slots.push({ name: '<>w__disposeMode', role: 'disposeMode', holds: ['whether DisposeAsync is unwinding the iterator'], typeText: 'bool', shape: shape('bool'), assumption: null });
    // [EnumeratorCancellation]: the CancellationTokenSource that combines the parameter's token with GetAsyncEnumerator's,
    // declared whether or not the body reads the token.
    if (input.body.enumeratorCancellation) slots.push({ name: '<>x__combinedTokens', role: 'combinedTokens', holds: [`the CancellationTokenSource combining ${input.body.enumeratorCancellation} with the token passed to GetAsyncEnumerator (made only when both can cancel)`], typeText: 'CancellationTokenSource', shape: shape('CancellationTokenSource'), assumption: null });
    if (input.enumerable) slots.push({ name: '<>l__initialThreadId', role: 'initialThreadId', holds: ['the thread that created the enumerable, so its first GetAsyncEnumerator can reuse it'], typeText: 'int', shape: shape('int'), assumption: null });
  }
  slots.push({ name: '<>t__builder', role: 'builder', holds: [`the ${input.builder.typeText} that completes the returned task and boxes the state machine on its first suspension`], typeText: input.builder.typeText, shape: input.builder.shape, assumption: input.builder.shape.assumptions[0] ?? null });
  if (iterator) {
    slots.push({ name: '<>v__promiseOfValueOrEnd', role: 'promise', holds: ['the ValueTask<bool> source MoveNextAsync returns'], typeText: 'ManualResetValueTaskSourceCore<bool>', shape: shape('ManualResetValueTaskSourceCore<bool>'), assumption: null });
  }
  const byPosition = [...input.hoisted].sort((a, b) => a.position - b.position);
  for (const h of byPosition.filter((x) => x.role === 'parameter')) {
    slots.push(slotOf(h, h.name!));
    if (iterator && input.enumerable) slots.push({ ...slotOf(h, `<>3__${h.name}`), role: 'parameterCopy', holds: [`the original value of parameter ${h.name}, copied into each enumerator`] });
  }
  const self = byPosition.find((x) => x.role === 'this');
  if (self) slots.push(slotOf(self, '<>4__this'));
  slots.push(...poolAndName(byPosition.filter((x) => x.role !== 'parameter' && x.role !== 'this'), input.ops, input.build));

  const laid = autoLayout(slots, !iterator && input.build === 'release');
  const fields: LayoutField[] = laid.placed.map(({ field, offset }) => ({
    name: field.name, role: field.role, holds: field.holds.join('; '), typeText: field.typeText, size: field.shape.size,
    alignment: field.shape.category === 'valueType' ? (field.shape.holdsReferences ? Math.max(field.shape.alignment, 8) : field.shape.alignment) : field.shape.size, offset,
    ...(field.assumption ? { assumption: field.assumption } : {}),
  }));
  fields.sort((a, b) => a.offset - b.offset);
  const isClass = iterator || input.build === 'debug';
  return {
    kind: isClass ? 'class' : 'struct',
    fields,
    size: isClass ? objectBytes(laid.endOffset) : laid.size,
    fieldBytes: laid.endOffset,
    assumptions: [...new Set(slots.map((s) => s.assumption).filter((a): a is string => !!a))],
  };
}

function slotOf(h: HoistedValue, name: string): Slot {
  return { name, role: h.role, holds: [h.holds], typeText: h.typeText, shape: h.shape, assumption: h.assumption };
}

/**
 * Gives hoisted values their fields in the order the compiler meets them, reusing (in Release) a free field of the
 * same type whose earlier owner's scope has ended, and interleaves one awaiter field per awaiter type.
 */
function poolAndName(values: HoistedValue[], ops: readonly AwaitedOperation[], build: BuildConfiguration): Slot[] {
  type Event = { position: number; value?: HoistedValue; op?: AwaitedOperation };
  const events: Event[] = [...values.map((value) => ({ position: value.position, value })), ...ops.map((op) => ({ position: op.position, op }))];
  // Values before awaiters at the same position; otherwise the order given (declaration order within a block).
  events.sort((a, b) => a.position - b.position || (a.value ? 0 : 1) - (b.value ? 0 : 1));
  const slots: Slot[] = [];
  const live: { slot: Slot; end: number; key: string }[] = [];
  const free = new Map<string, Slot[]>();
  const awaiters = new Map<string, Slot>();
  let nextId = 1;
  let closures = 0;
  for (const e of events) {
    for (let i = live.length - 1; i >= 0; i--) {
      if (live[i].end <= e.position) {
        const list = free.get(live[i].key) ?? [];
        list.push(live[i].slot);
        free.set(live[i].key, list);
        live.splice(i, 1);
      }
    }
    if (e.op) {
      const key = e.op.awaiter.typeText;
      if (awaiters.has(key)) continue;
      const slot: Slot = {
        name: `<>u__${awaiters.size + 1}`, role: 'awaiter', holds: [`the ${key} of ${e.op.role === 'await' ? `await ${e.op.point.operand.text}` : e.op.role === 'moveNext' ? 'MoveNextAsync' : 'DisposeAsync'}`],
        typeText: key, shape: e.op.awaiter.shape, assumption: e.op.awaiter.shape.assumptions[0] ?? null,
      };
      awaiters.set(key, slot);
      slots.push(slot);
      continue;
    }
    const v = e.value!;
    const key = v.shape.key.replace(/\?$/, '');
    const reusable = v.pooled && build === 'release' ? free.get(key) : undefined;
    if (reusable && reusable.length) {
      const slot = reusable.pop()!;
      slot.holds.push(v.holds);
      live.push({ slot, end: v.scope.end, key });
      continue;
    }
    // Closure locals are numbered on their own (`<>8__1`); every other hoisted value takes the next shared number.
    const name = v.role === 'closure' ? `<>8__${++closures}` : v.role === 'local' ? `<${v.name}>5__${nextId++ + 1}` : `<>7__wrap${nextId++}`;
    const slot: Slot = { name, role: v.role, holds: [v.holds], typeText: v.typeText, shape: v.shape, assumption: v.assumption };
    slots.push(slot);
    live.push({ slot, end: v.scope.end, key });
  }
  return slots;
}

/** The builder field's type for a body's return kind and result type. */
export function builderTypeText(builderRecipe: string, resultType: string | null): string {
  return resultType ? builderRecipe.replace(/<T>$/, `<${resultType}>`) : builderRecipe;
}
