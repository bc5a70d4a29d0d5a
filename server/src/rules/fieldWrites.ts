/**
 * Where a field's value comes from inside its own type: every `name = value` in the type's text besides its
 * declaration. ASY023 asks whether each write holds an object (so a `?.` on the field never yields null), ASY002
 * whether each write opens a zip archive for reading; both need the same list, and both must give up when the field is
 * passed by `ref` or `out`, which writes it out of sight. ASY002 asks the same of a local written again in its scope
 * (`localWritesIn`): which zip entries it can hold.
 */
import type { LocalVariable, MemberSignature, TypeDeclaration } from '../model/types';

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
  const write = new RegExp(String.raw`(?<![\w.])${name}\s*([-+*/%&|^]|\?\?|<<|>>)?=(?![=>])`, 'g');
  const values: string[] = [];
  for (let m = write.exec(scope); m; m = write.exec(scope)) {
    const at = local.scope.start + m.index;
    if (at >= local.span.start && at < local.span.end) continue;
    if (m[1]) return null;
    const valueStart = at + m[0].length;
    const end = masked.indexOf(';', valueStart);
    if (end === -1) return null;
    values.push(text.slice(valueStart, end).trim());
  }
  return values;
}
