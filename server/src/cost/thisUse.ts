/**
 * Whether a method's state machine keeps `this`: the body uses it, by `this` or by a member of its own declaration
 * (model/extract.ts), or by an instance member that another declaration of its partial type holds in another file.
 * Roslyn hoists `<>4__this` in both cases (checked field by field in test/unit/cost-layouts.test.ts); the model sees
 * one file, so the second case is settled here, with the workspace.
 */
import type { MethodBody } from '../model/types';
import { typesNamed, type WorkspaceIndex } from '../workspace/index';

/** The body uses `this`, in its own file or through a member of its partial type declared in another one. */
export function usesThis(body: MethodBody, index: WorkspaceIndex | null): boolean {
  if (body.usesThis) return true;
  const reads = body.otherPartReads;
  if (!reads || !index || !body.containingType) return false;
  const names = new Set(reads.names);
  for (const ref of typesNamed(index, body.containingType)) {
    const type = ref.type;
    if (type.fullName !== reads.typeFullName || !type.modifiers.includes('partial')) continue;
    // A static member of another part is reached without `this`; an instance one (or a primary-constructor
    // parameter, which members read as a field of `this`) is not.
    if (type.members.some((m) => !m.isStatic && m.kind !== 'constructor' && names.has(m.name))) return true;
    if (type.primaryConstructorParameters.some((p) => names.has(p.name))) return true;
  }
  return false;
}
