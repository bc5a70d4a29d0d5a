/**
 * Which workspace types a simple type name written in a file can mean. C# finds a type nested in another by its
 * simple name only inside the containing type and the types derived from it (the C# specification's namespace and
 * type names: https://learn.microsoft.com/dotnet/csharp/language-reference/language-specification/basic-concepts#781-general):
 * elsewhere it takes `Outer.Inner`. So a `private sealed class Stream` nested in a class of one
 * project does not make `Stream` in another file anything but System.IO.Stream, and typing must not take the workspace
 * declaration for the name there (it did: the framework overloads taking a Stream stopped matching, and a note claimed
 * older targets lacked the one that fitted).
 */
import type { FileModel, TypeDeclaration } from '../model/types';
import { stripGenerics, typesNamed, type TypeRef, type WorkspaceIndex } from './index';

/** Whether a type's declaration lies inside another type's, per declaration (a model's declarations do not change). */
const nestedness = new WeakMap<TypeDeclaration, boolean>();

/** Whether `ref` is declared inside another type declaration of its file. */
export function isNestedType(index: WorkspaceIndex, ref: TypeRef): boolean {
  let nested = nestedness.get(ref.type);
  if (nested === undefined) {
    const types = index.files.get(ref.file)?.types ?? [];
    nested = types.some((outer) => outer !== ref.type && encloses(outer, ref.type));
    nestedness.set(ref.type, nested);
  }
  return nested;
}

function encloses(outer: TypeDeclaration, inner: TypeDeclaration): boolean {
  return outer.span.start <= inner.span.start && inner.span.end <= outer.span.end && (outer.span.start < inner.span.start || inner.span.end < outer.span.end);
}

/**
 * The names of nested types a file can name simply: those nested in a type the file declares (its own, or another
 * part of a partial type) or names as a base. Types derived further down a chain of bases are not followed.
 */
export function nestedTypeNamesSeenBy(index: WorkspaceIndex, model: Pick<FileModel, 'types'>): ReadonlySet<string> {
  const containers = new Set<string>();
  for (const t of model.types) {
    containers.add(t.name);
    for (const base of t.baseTypes) containers.add(stripGenerics(base));
  }
  const seen = new Set<string>();
  for (const name of containers) {
    for (const outer of typesNamed(index, name)) {
      const types = index.files.get(outer.file)?.types ?? [];
      for (const inner of types) if (inner !== outer.type && encloses(outer.type, inner)) seen.add(inner.name);
    }
  }
  return seen;
}

/**
 * Whether a simple name written in a file denotes a workspace type: one declared outside any type, or a nested one
 * the file can name simply (`nestedSeen`, from nestedTypeNamesSeenBy).
 */
export function namesWorkspaceType(index: WorkspaceIndex, name: string, nestedSeen: ReadonlySet<string>): boolean {
  const refs = typesNamed(index, name);
  if (refs.length === 0) return false;
  if (nestedSeen.has(stripGenerics(name))) return true;
  return refs.some((ref) => !isNestedType(index, ref));
}
