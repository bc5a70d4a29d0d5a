/**
 * Where a field's value comes from inside its own type: every `name = value` in the type's text besides its
 * declaration. ASY023 asks whether each write holds an object (so a `?.` on the field never yields null), ASY002
 * whether each write opens a zip archive for reading; both need the same list, and both must give up when the field is
 * passed by `ref` or `out`, which writes it out of sight.
 */
import type { MemberSignature, TypeDeclaration } from '../model/types';

/** One write of a field in its type's text. */
export interface FieldWrite {
  /** Offset of the written name (or of its `this.`). */
  at: number;
  /** `=`, or the compound operator written (`??=`, `+=`, ...). */
  operator: string;
  /** Offset where the assigned value starts. */
  valueStart: number;
}

/**
 * Every write of `field` in `type`'s text (`masked`: the file's text with comments and strings blanked), outside the
 * field's own declaration, in order; null when the field is passed by `ref` or `out` anywhere in the type.
 */
export function fieldWritesIn(field: MemberSignature, type: TypeDeclaration, masked: string): FieldWrite[] | null {
  const declaration = masked.slice(type.span.start, type.span.end);
  if (new RegExp(String.raw`\b(?:ref|out)\s+(?:this\s*\.\s*)?${field.name}\b`).test(declaration)) return null;
  const write = new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?${field.name}\s*([-+*/%&|^]|\?\?|<<|>>)?=(?![=>])`, 'g');
  const writes: FieldWrite[] = [];
  for (let m = write.exec(declaration); m; m = write.exec(declaration)) {
    const at = type.span.start + m.index;
    if (at >= field.span.start && at < field.span.end) continue;
    writes.push({ at, operator: `${m[1] ?? ''}=`, valueStart: at + m[0].length });
  }
  return writes;
}
