/**
 * CoreCLR's instance field layout on x64, as plain arithmetic: the auto layout that Roslyn's state machines, the
 * runtime's boxes and most BCL structs get, the sequential layout of plain C# structs, and object sizes.
 * Follows MetadataFieldLayoutAlgorithm.ComputeAutoFieldLayout / ComputeSequentialFieldLayout in
 * dotnet/runtime src/coreclr/tools/Common/TypeSystem/Common/MetadataFieldLayoutAlgorithm.cs, which the
 * runtime's MethodTableBuilder matches (the calibration corpus checks the results byte for byte).
 */
import { MIN_OBJECT_BYTES, OBJECT_HEADER_BYTES, POINTER_BYTES } from '../knowledge/typeSizes';

/** How the layout algorithm sorts a field: object references, primitives (and enums), or other structs. */
export type FieldCategory = 'reference' | 'primitive' | 'valueType';

export interface FieldShape {
  size: number;
  alignment: number;
  category: FieldCategory;
  /** For a struct field: it holds object references, so it must sit at a pointer-aligned offset. */
  holdsReferences?: boolean;
}

export interface PlacedField<T> {
  field: T;
  offset: number;
}

export interface LaidOut<T> {
  /** Fields in offset order. */
  placed: PlacedField<T>[];
  /** Where the last field ends, before any rounding: a derived class starts here. */
  endOffset: number;
  /** For a value type: its size as a field (rounded); for a class: the instance field bytes (endOffset). */
  size: number;
  /** For a value type: the alignment it needs as a field of a sequential struct. */
  alignment: number;
}

const alignUp = (value: number, alignment: number) => Math.ceil(value / alignment) * alignment;
const log2 = (size: number) => Math.round(Math.log2(size));
const MAX_LOG2 = 3;
const LOG2_POINTER = 3;

/**
 * Auto layout: references first, then primitives from the largest to the smallest (each group in declaration
 * order), then structs in declaration order, each at its own alignment (8 when it holds references) and advanced
 * by its size rounded up to 4. (crossgen2's copy of the algorithm aligns every struct field to 8; the runtime does
 * not: a compiled state machine has a Guid at offset 28, right after a 1-byte YieldAwaiter at 24.)
 * `baseBytes` is the unaligned field byte count of the base class (0 for structs and direct object subclasses);
 * when it is not pointer-aligned, small primitives fill the gap first.
 */
export function autoLayout<T extends { shape: FieldShape }>(fields: readonly T[], valueType: boolean, baseBytes = 0): LaidOut<T> {
  const references = fields.filter((f) => f.shape.category === 'reference');
  const valueTypes = fields.filter((f) => f.shape.category === 'valueType');
  const primitives: T[][] = [[], [], [], []];
  for (const f of fields) if (f.shape.category === 'primitive') primitives[log2(f.shape.size)].push(f);
  const nextPrimitive = [0, 0, 0, 0];
  const placed: PlacedField<T>[] = [];
  let position = baseBytes;
  const place = (field: T, alignment: number, advance: number) => {
    position = alignUp(position, alignment);
    placed.push({ field, offset: position });
    position += advance;
  };
  const placePrimitive = (f: T) => place(f, f.shape.size, f.shape.size);

  if (position % POINTER_BYTES !== 0) fillBaseGap();
  for (let i = MAX_LOG2; i >= 0; i--) {
    if (i === LOG2_POINTER) for (const r of references) place(r, POINTER_BYTES, POINTER_BYTES);
    for (let j = nextPrimitive[i]; j < primitives[i].length; j++) placePrimitive(primitives[i][j]);
  }
  for (const v of valueTypes) place(v, v.shape.holdsReferences ? Math.max(v.shape.alignment, POINTER_BYTES) : v.shape.alignment, alignUp(v.shape.size, 4));

  const endOffset = position;
  if (!valueType) return { placed, endOffset, size: endOffset, alignment: POINTER_BYTES };
  // The JIT copies whole machine words: a struct over 8 bytes rounds up to 8, a smaller one to a power of two.
  let minAlign = POINTER_BYTES;
  if (endOffset <= POINTER_BYTES) {
    minAlign = 1;
    while (minAlign < endOffset) minAlign *= 2;
  }
  const size = alignUp(Math.max(endOffset, 1), minAlign);
  return { placed, endOffset, size, alignment: minAlign };

  /** Places small primitives right after an unaligned base, as ComputeAutoFieldLayout does, when bigger fields follow. */
  function fillBaseGap(): void {
    const remaining = (j: number) => nextPrimitive[j] < primitives[j].length || (j === LOG2_POINTER && references.length > 0);
    for (let i = 0; i < MAX_LOG2; i++) {
      if (position % (1 << (i + 1)) === 0) continue;
      let j = i + 1;
      while (j <= MAX_LOG2 && !remaining(j)) j++;
      if (j > MAX_LOG2) break;
      j = i;
      while (j >= 0 && !remaining(j)) j--;
      if (j < 0) break;
      i = j;
      if (i === LOG2_POINTER && nextPrimitive[i] >= primitives[i].length) break;
      placePrimitive(primitives[i][nextPrimitive[i]++]);
    }
  }
}

/** Sequential layout: declaration order, each field at its own alignment; the struct is as aligned as its most aligned field. */
export function sequentialLayout<T extends { shape: FieldShape }>(fields: readonly T[]): LaidOut<T> {
  let position = 0;
  let largest = 1;
  const placed: PlacedField<T>[] = [];
  for (const f of fields) {
    const alignment = f.shape.category === 'reference' ? POINTER_BYTES : f.shape.alignment;
    largest = Math.max(largest, alignment);
    position = alignUp(position, alignment);
    placed.push({ field: f, offset: position });
    position += f.shape.size;
  }
  const size = alignUp(Math.max(position, 1), largest);
  return { placed, endOffset: position, size, alignment: largest };
}

/** Heap bytes of an object whose instance fields end at `fieldBytes`: header and method table, rounded to 8, at least 24. */
export function objectBytes(fieldBytes: number): number {
  return Math.max(MIN_OBJECT_BYTES, alignUp(OBJECT_HEADER_BYTES + fieldBytes, POINTER_BYTES));
}

export { alignUp };
