/**
 * Where a field's value comes from inside its own type: every `name = value` in the type's text besides its
 * declaration. ASY023 asks whether each write holds an object (so a `?.` on the field never yields null), ASY002
 * whether each write opens a zip archive for reading; both need the same list, and both must give up when the field is
 * passed by `ref` or `out`, which writes it out of sight. ASY002 asks the same of a local written again in its scope
 * (`localWritesIn`): which zip entries it can hold.
 */
import type { LocalVariable, MemberSignature, Span, TypeDeclaration } from '../model/types';

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
  return writesOf(String.raw`(?:this\s*\.\s*)?${field.name}`, masked, type.span, field.span);
}

/** Every `name = value` or compound assignment of the written name (`written`, a pattern) in `span` of `masked`, outside `own`, in order. */
function writesOf(written: string, masked: string, span: Span, own: Span): FieldWrite[] {
  const text = masked.slice(span.start, span.end);
  const write = new RegExp(String.raw`(?<![\w.])${written}\s*([-+*/%&|^]|\?\?|<<|>>)?=(?![=>])`, 'g');
  const writes: FieldWrite[] = [];
  for (let m = write.exec(text); m; m = write.exec(text)) {
    const at = span.start + m.index;
    if (at >= own.start && at < own.end) continue;
    writes.push({ at, operator: `${m[1] ?? ''}=`, valueStart: at + m[0].length });
  }
  return writes;
}

/**
 * The values a local is given after its declaration (`entry = archive.GetEntry("b");`), read from its scope in
 * `masked` (the file's text with comments and strings blanked) with `text` (the same file as written) for the values, in
 * order; null when some write is not a plain `=` of a whole value: a compound assignment, `++`/`--`, `ref` or `out`,
 * or a deconstruction (`(a, entry) = ...`), whose value is out of reach of the text.
 */
export function localWritesIn(local: LocalVariable, masked: string, text: string): string[] | null {
  const name = local.name;
  const scope = masked.slice(local.scope.start, local.scope.end);
  if (new RegExp(String.raw`\b(?:ref|out)\s+${name}\b|(?<![\w.])${name}\s*(?:\+\+|--)|(?:\+\+|--)\s*${name}\b|\([^()]*(?<![\w.])${name}\b[^()]*\)\s*=(?![=>])`).test(scope)) return null;
  const values: string[] = [];
  for (const write of writesOf(name, masked, local.scope, local.span)) {
    if (write.operator !== '=') return null;
    const end = masked.indexOf(';', write.valueStart);
    if (end === -1) return null;
    values.push(text.slice(write.valueStart, end).trim());
  }
  return values;
}
