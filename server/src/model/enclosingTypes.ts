/**
 * The type declarations around a span, without scanning every type of the file per question: rules and the cost
 * model ask it for each body, and a 3 MB file has ten thousand bodies and a thousand types (the scans were a
 * quadratic part of a keystroke there). Types nest or follow each other, never overlap otherwise.
 */
import { enclosingItems } from './spanForest';
import type { MethodBody, Span, TypeDeclaration } from './types';

/** Every type declaration whose span holds `span`, in the order of the file's types array (outermost first). */
export function enclosingTypes(types: readonly TypeDeclaration[], span: Span): TypeDeclaration[] {
  return enclosingItems(types, span);
}

/** The innermost type declaration around `span` (the latest-starting one that holds it), or null. */
export function innermostType(types: readonly TypeDeclaration[], span: Span): TypeDeclaration | null {
  const around = enclosingTypes(types, span);
  let best: TypeDeclaration | null = null;
  for (const t of around) if (!best || t.span.start >= best.span.start) best = t;
  return best;
}

/**
 * The declaration of the type a body is a member of: the innermost type around it, when that is the body's
 * containing type (a lambda's or local function's too). Its span holds its nested types' code as well.
 */
export function ownTypeOf(types: readonly TypeDeclaration[], body: MethodBody): TypeDeclaration | null {
  const type = innermostType(types, body.span);
  return type && type.name === body.containingType ? type : null;
}
