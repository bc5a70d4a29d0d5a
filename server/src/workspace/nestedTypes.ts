/**
 * Which workspace types a simple type name written in a file can mean. C# finds a type nested in another by its
 * simple name only inside the containing type and the types derived from it (the C# specification's namespace and
 * type names: https://learn.microsoft.com/dotnet/csharp/language-reference/language-specification/basic-concepts#781-general):
 * elsewhere it takes `Outer.Inner`. So a `private sealed class Stream` nested in a class of one
 * project does not make `Stream` in another file anything but System.IO.Stream, and typing must not take the workspace
 * declaration for the name there (it did: the framework overloads taking a Stream stopped matching, and a note claimed
 * older targets lacked the one that fitted). Nor does an actor's nested `Settings` lend its methods to a receiver
 * typed `Settings` elsewhere, where the name means the top-level type: member lookups ask methodsNamedFrom.
 */
import type { FileModel, TypeDeclaration } from '../model/types';
import { indexMemo, methodsNamed, stripGenerics, typeFamily, typesNamed, type MethodRef, type TypeRef, type WorkspaceIndex } from './index';

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
 * What the code of one file can name simply among the workspace's nested types: those declared inside a type the
 * file declares (its own types, their other partial parts) or inside one of those types' workspace bases, followed
 * up the whole chain of bases, and inside a type the file imports with `using static`. Per file, not per type: a file that declares two unrelated top-level types lets each
 * see the other's nested types (rare, and the price of computing this once per file).
 */
export interface NameView {
  /** The nested declarations the file sees by their simple names. */
  readonly nested: ReadonlySet<TypeDeclaration>;
  /** Their simple names (the signatures' context is shared between files that see the same names). */
  readonly names: ReadonlySet<string>;
  /** Answers of typesVisibleFrom for the names in `names` (kept with the view, for one index version). */
  readonly seen: Map<string, TypeRef[]>;
}

/** The view of a file, computed once per file and index version (typing and the cost model both ask it). */
export function nameViewOf(index: WorkspaceIndex, file: string): NameView {
  let entry = views.get(index);
  if (!entry || entry.version !== index.version) views.set(index, (entry = { version: index.version, byFile: new Map() }));
  let view = entry.byFile.get(file);
  if (!view) entry.byFile.set(file, (view = nameViewOver(index, index.files.get(file) ?? { types: [] })));
  return view;
}

/** The views of an index's current version by file (typing asks for one at most expressions it types). */
const views = new WeakMap<WorkspaceIndex, { version: number; byFile: Map<string, NameView> }>();

/** The view of a file's code (nameViewOf keeps it for a file the index holds). */
export function nameViewOver(index: WorkspaceIndex, model: Pick<FileModel, 'types' | 'staticUsings'>): NameView {
  const containers = new Set<TypeDeclaration>();
  // `using static Outer;` imports Outer's nested types too.
  for (const u of model.staticUsings ?? []) {
    const path = dottedPath(u);
    for (const ref of typesNamed(index, path.slice(path.lastIndexOf('.') + 1))) if (`.${ref.type.fullName}`.endsWith(`.${path}`)) containers.add(ref.type);
  }
  for (const t of model.types) {
    // The other parts of a partial type are the same type: their nested types are this file's too.
    for (const part of partsOf(index, t)) containers.add(part);
    for (const base of t.baseTypes) for (const name of typeFamily(index, base)) for (const ref of typesNamed(index, name)) containers.add(ref.type);
  }
  const nested = new Set<TypeDeclaration>();
  if (containers.size > 0) {
    const filesOf = declarationFiles(index);
    for (const outer of containers) {
      const types = index.files.get(filesOf.get(outer) ?? '')?.types ?? [];
      for (const inner of types) if (inner !== outer && encloses(outer, inner)) nested.add(inner);
    }
  }
  return { nested, names: new Set([...nested].map((t) => t.name)), seen: new Map() };
}

/**
 * The declarations of a type's full name, its partial parts among them, in the index's order. Grouped once per simple
 * name and index version: every file asks for each of its types, and where a thousand files each declare an `Order`
 * of their own, comparing each file's `Order` with all thousand made the views grow with the square of the workspace.
 */
function partsOf(index: WorkspaceIndex, type: TypeDeclaration): readonly TypeDeclaration[] {
  const byFullName = indexMemo(index, `declarations by full name\0${type.name}`, () => {
    const groups = new Map<string, TypeDeclaration[]>();
    for (const ref of typesNamed(index, type.name)) {
      const group = groups.get(ref.type.fullName);
      if (group) group.push(ref.type);
      else groups.set(ref.type.fullName, [ref.type]);
    }
    return groups;
  });
  return byFullName.get(type.fullName) ?? [];
}

/**
 * The file of every type declaration of this index version. Asked of the whole index: every project's view holds the
 * same declarations, and going through a view's names narrows each of them for that view.
 */
function declarationFiles(index: WorkspaceIndex): ReadonlyMap<TypeDeclaration, string> {
  const whole = index.whole ?? index;
  return indexMemo(whole, 'files of type declarations', () => {
    const files = new Map<TypeDeclaration, string>();
    for (const refs of whole.typesByName.values()) for (const ref of refs) files.set(ref.type, ref.file);
    return files;
  });
}

/**
 * The simple names that some nested declaration carries, in the whole index (a project's view may keep fewer: those
 * names are narrowed further by typesVisibleFrom, which then keeps what the view holds).
 */
function nestedNames(index: WorkspaceIndex): ReadonlySet<string> {
  const whole = index.whole ?? index;
  return indexMemo(whole, 'names of nested types', () => {
    const names = new Set<string>();
    for (const [name, refs] of whole.typesByName) if (refs.some((ref) => isNestedType(whole, ref))) names.add(name);
    return names;
  });
}

/**
 * The declarations a type name written where `view` holds can mean: the nested ones the view sees (inside its
 * container a nested type hides a top-level type of its name), else the declarations outside any type. A dotted name
 * (`Outer.Settings`) keeps the declarations whose full name ends with it, with a view or without. Without a view (the
 * text's file is not known), a simple name keeps every declaration, as typesNamed answers. A name no declaration of which is visible gives none:
 * it is not a workspace type there. The answer is typesNamed's own list when the view changes nothing, so callers can
 * tell whether to narrow further.
 */
export function typesVisibleFrom(index: WorkspaceIndex, name: string, view: NameView | null): TypeRef[] {
  const refs = typesNamed(index, name);
  if (refs.length === 0) return refs;
  // Most names are asked simple: the trims and replacements of a written type are skipped for those.
  const simple = SIMPLE_NAME.test(name) ? name : stripGenerics(name);
  const path = simple === name ? name : dottedPath(name);
  if (path.includes('.')) {
    const written = refs.filter((r) => `.${r.type.fullName}`.endsWith(`.${path}`));
    // An alias or a namespace the full names do not show (`using Models = ...`): as before.
    return written.length > 0 && written.length < refs.length ? written : refs;
  }
  if (!view || !nestedNames(index).has(simple)) return refs;
  if (!view.names.has(simple)) return topLevelTypesNamed(index, simple);
  const known = view.seen.get(simple);
  if (known) return known;
  const seen = refs.filter((r) => view.nested.has(r.type));
  const kept = seen.length === refs.length ? refs : seen;
  view.seen.set(simple, kept);
  return kept;
}

const SIMPLE_NAME = /^[A-Za-z_]\w*$/;

/** The declarations of a name that lie outside any type, shared by every view that sees no nested one of it. */
function topLevelTypesNamed(index: WorkspaceIndex, simple: string): TypeRef[] {
  return indexMemo(index, `top-level types\0${simple}`, () => typesNamed(index, simple).filter((ref) => !isNestedType(index, ref)));
}

/** `global::A.B<C>.D?` as `A.B.D`. */
function dottedPath(typeText: string): string {
  let t = typeText.trim().replace(/\?$/, '').replace(/^global::/, '');
  while (/<[^<>]*>/.test(t)) t = t.replace(/<[^<>]*>/g, '');
  return t.replace(/\s+/g, '');
}

/** Whether a simple name written in a file with this view denotes a workspace type (typesVisibleFrom gives some). */
export function namesWorkspaceType(index: WorkspaceIndex, name: string, view: NameView | null): boolean {
  return typesVisibleFrom(index, name, view).length > 0;
}

/**
 * methodsNamed for a receiver whose type is written where `view` holds: the methods of the declarations the name can
 * mean there (typesVisibleFrom) and of their workspace bases. A method of another declaration of the owner's simple
 * name (an actor's nested `Settings` beside the top-level one) is left out. Without a view, or when the view keeps
 * every declaration, methodsNamed's answer.
 */
export function methodsNamedFrom(index: WorkspaceIndex, name: string, owner: string, view: NameView | null): MethodRef[] {
  const all = typesNamed(index, owner);
  const refs = typesVisibleFrom(index, owner, view);
  if (refs === all) return methodsNamed(index, name, owner);
  let byName = narrowedMethods.get(refs);
  if (!byName) narrowedMethods.set(refs, (byName = new Map()));
  let found = byName.get(name);
  if (!found) byName.set(name, (found = methodsOfDeclarations(index, name, stripGenerics(owner), refs)));
  return found;
}

/** methodsNamedFrom's answers per list of declarations (lists are kept per index version, so these go with them). */
const narrowedMethods = new WeakMap<readonly TypeRef[], Map<string, MethodRef[]>>();

function methodsOfDeclarations(index: WorkspaceIndex, name: string, simple: string, refs: readonly TypeRef[]): MethodRef[] {
  if (refs.length === 0) return [];
  const family = new Set<string>([simple]);
  for (const ref of refs) for (const base of ref.type.baseTypes) for (const n of typeFamily(index, base)) family.add(n);
  // A method under the owner's own name counts only inside a declaration kept; a base that carries that same name
  // (a nested `Settings` deriving from the top-level one) is left out with it, which is rare.
  return (index.methodsByName.get(name) ?? []).filter((m) => m.typeName !== null && family.has(m.typeName) && (m.typeName !== simple || refs.some((ref) => declares(ref, m))));
}

/** Whether a method's declaration lies inside this type declaration. */
function declares(ref: TypeRef, m: MethodRef): boolean {
  const at = m.member?.nameSpan.start ?? m.body?.span.start;
  return m.file === ref.file && at !== undefined && ref.type.span.start <= at && at <= ref.type.span.end;
}
