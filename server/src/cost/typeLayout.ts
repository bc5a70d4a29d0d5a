/**
 * The size, alignment and kind of any type text an async method mentions: primitives, BCL structs by their field
 * lists, structs and enums declared in the workspace (laid out recursively by the same rules), references. What is
 * not known becomes a stated assumption (an 8-byte reference), never a silent guess.
 */
import type { TypeDeclaration } from '../model/types';
import { indexMemo, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { BCL_ENUMS, BCL_REFERENCE_TYPES, BCL_STRUCTS, POINTER_BYTES, PRIMITIVES, REF_STRUCTS, type StructRecipe } from '../knowledge/typeSizes';
import { autoLayout, sequentialLayout, type FieldCategory, type FieldShape } from './layout';
import { formatType, parseType, typeExpr, type TypeExpr } from './typeText';
import { apiTypeFacts, type CostApi } from './apiTypes';

export interface TypeShape extends FieldShape {
  /** Canonical type text: the type's identity for pooling and awaiter sharing. */
  key: string;
  kind: 'reference' | 'primitive' | 'enum' | 'struct';
  /** The value (or some field of it) is an object reference. */
  holdsReferences: boolean;
  /** A struct laid out with the auto algorithm (so a struct containing it is auto too). */
  autoLayout: boolean;
  /** What had to be assumed to size this type, in words. Empty when the size is known. */
  assumptions: string[];
  /** For an enum: its underlying primitive. */
  enumUnderlying?: string;
}

export interface TypeScope {
  index: WorkspaceIndex | null;
  /** Generic type parameters in scope (the method's and its containing types'): their sizes are unknown. */
  typeParameters: ReadonlySet<string>;
  /** Those of them whose constraints make every argument a reference (`where T : class`): 8 bytes, known. */
  referenceTypeParameters?: ReadonlySet<string>;
  /**
   * For one instantiation of generic code: the type argument of each type parameter. A bound parameter is sized as
   * its argument but keeps its own name as its identity, since the compiler lays the fields out (and pools them)
   * on the generic definition.
   */
  typeArguments?: Readonly<Record<string, string>>;
  /**
   * The API signature database as the file sees it (cost/apiTypes.ts): what the workspace does not declare is sized
   * from the database's kinds and struct fields, for the runtime's framework. Absent or null: the BCL tables only.
   */
  api?: CostApi | null;
}

const PRIMITIVE_SIZE = new Map(PRIMITIVES.map((p) => [p.name, p.size]));
const RECIPES = new Map<string, StructRecipe>(BCL_STRUCTS.map((r) => [`${r.name}\`${r.typeParameters.length}`, r]));

const reference = (key: string, assumptions: string[] = []): TypeShape => ({
  key, kind: 'reference', category: 'reference', size: POINTER_BYTES, alignment: POINTER_BYTES, holdsReferences: true, autoLayout: false, assumptions,
});

const primitive = (name: string, key = name): TypeShape => {
  const size = PRIMITIVE_SIZE.get(name) ?? 4;
  return { key, kind: 'primitive', category: 'primitive', size, alignment: size, holdsReferences: false, autoLayout: false, assumptions: [] };
};

/** Sizes a type given as text. `memo` caches shapes across calls (keyed by scope-independent text). */
export function shapeOfTypeText(text: string | null, scope: TypeScope, memo?: Map<string, TypeShape>): TypeShape {
  if (text === null || text.trim() === '' || text.trim() === 'var') return reference('object', [`the type is not written here (var or an untyped lambda parameter), so an 8-byte reference is assumed`]);
  const expr = parseType(text);
  if (!expr) return reference(text.trim(), [`${text.trim()} does not read as a type, so an 8-byte reference is assumed`]);
  return shapeOf(expr, scope, memo ?? new Map(), new Set());
}

export function shapeOf(t: TypeExpr, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape {
  const key = formatType(t);
  const cached = scope.typeParameters.size === 0 ? memo.get(key) : undefined;
  if (cached) return cached;
  const shape = computeShape(t, scope, memo, visiting);
  if (scope.typeParameters.size === 0) memo.set(key, shape);
  return shape;
}

function computeShape(t: TypeExpr, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape {
  if (t.arrayRank > 0) return reference(formatType(t));
  if (t.nullable) {
    const inner = shapeOf({ ...t, nullable: false }, scope, memo, visiting);
    if (inner.kind === 'reference') return inner;
    return nullableOf(inner, formatType(t));
  }
  const name = t.name;
  if (PRIMITIVE_SIZE.has(name)) return primitive(name);
  if (name === 'object' || name === 'string' || name === 'dynamic') return reference(name);
  if (scope.typeParameters.has(name) && t.args.length === 0) {
    const argument = scope.typeArguments?.[name];
    if (argument !== undefined) {
      const parsed = parseType(argument);
      // The argument is written at the call site, outside the generic code: its own names are not type parameters.
      const outer: TypeScope = { index: scope.index, typeParameters: new Set(), api: scope.api ?? null };
      const bound = parsed ? shapeOf(parsed, outer, new Map(), visiting) : reference(argument, [`${argument} does not read as a type, so an 8-byte reference is assumed`]);
      return { ...bound, key: name };
    }
    if (scope.referenceTypeParameters?.has(name)) return reference(name);
    return reference(name, [`${name} is a generic type parameter: its size depends on the type argument, so an 8-byte reference is assumed`]);
  }
  const declared = scope.index ? workspaceShape(t, scope, memo, visiting) : null;
  if (declared) return declared;
  const fromApi = scope.api ? apiShape(formatType(t), formatType(t), scope, memo, visiting) : null;
  if (fromApi) return fromApi;
  const bclEnum = t.args.length === 0 ? BCL_ENUMS[name] : undefined;
  if (bclEnum) return { ...primitive(bclEnum, formatType(t)), kind: 'enum', enumUnderlying: bclEnum };
  const recipe = RECIPES.get(`${name}\`${t.args.length}`);
  if (recipe) return recipeShape(recipe, t, scope, memo, visiting);
  if (REF_STRUCTS.has(name)) {
    return { ...reference(formatType(t), [`${name} is a ref struct, which cannot live across an await; 16 B is assumed`]), kind: 'struct', category: 'valueType', size: 16 };
  }
  const simple = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  if (BCL_REFERENCE_TYPES.has(simple) || /^I[A-Z]/.test(simple) || /Exception$/.test(simple) || /^(Func|Action)$/.test(simple)) return reference(formatType(t));
  return reference(formatType(t), [`${formatType(t)}: reference type (not declared in the workspace), 8 B assumed`]);
}

/**
 * A type the signature database knows: a class, interface or delegate is an 8-byte reference, an enum its underlying
 * primitive, a struct its instance fields (for the runtime's framework) laid out by the runtime's rules. `text` is
 * what the database resolves (qualified for a struct's own field types, so a workspace type of the same simple name
 * is never taken for it); `key` the canonical identity. Null when the database does not know the type or has no
 * layout for it, so the BCL tables and the stated assumption still apply.
 */
function apiShape(text: string, key: string, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape | null {
  const facts = apiTypeFacts(scope.api!, text);
  if (!facts) return null;
  if (facts.kind === 'class' || facts.kind === 'interface' || facts.kind === 'delegate') return reference(key);
  if (facts.kind === 'enum') {
    const underlying = facts.enumUnderlying && PRIMITIVE_SIZE.has(facts.enumUnderlying) ? facts.enumUnderlying : 'int';
    return { ...primitive(underlying, key), kind: 'enum', enumUnderlying: underlying };
  }
  if (facts.isRefStruct || !facts.fields) return null;
  if (visiting.has(facts.fullName)) return reference(key, [`${key} contains itself through its fields; 8 B assumed for the inner occurrence`]);
  visiting.add(facts.fullName);
  try {
    const explicitOffsets: number[] = [];
    const fields: NamedShape[] = facts.fields.map((f) => {
      const at = f.name.lastIndexOf('@');
      if (at > 0) explicitOffsets.push(Number(f.name.slice(at + 1)));
      return { name: at > 0 ? f.name.slice(0, at) : f.name, shape: apiFieldShape(f.typeText, scope, memo, visiting) };
    });
    const assumptions = [...new Set(fields.flatMap((f) => f.shape.assumptions))];
    if (explicitOffsets.length === fields.length && fields.length > 0) {
      // [StructLayout(LayoutKind.Explicit)]: each field at its offset (they may overlap), the size rounded to the largest alignment.
      const alignment = Math.max(1, ...fields.map((f) => f.shape.alignment));
      const end = Math.max(...fields.map((f, i) => explicitOffsets[i]! + f.shape.size));
      const size = Math.ceil(end / alignment) * alignment;
      return { key, kind: 'struct', category: 'valueType', size, alignment, holdsReferences: fields.some((f) => f.shape.holdsReferences), autoLayout: true, assumptions };
    }
    const laid = layoutFields(fields, facts.autoLayout ? 'auto' : 'sequential');
    return { ...laid, key, kind: 'struct', category: 'valueType', assumptions };
  } finally {
    visiting.delete(facts.fullName);
  }
}

/** A field of a database struct, typed by the database (qualified C#): sized from the database before anything else. */
function apiFieldShape(typeText: string, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape {
  const t = parseType(typeText);
  if (!t) return reference(typeText, [`${typeText} does not read as a type, so an 8-byte reference is assumed`]);
  if (t.arrayRank > 0 || t.nullable || PRIMITIVE_SIZE.has(t.name) || t.name === 'object' || t.name === 'string' || t.tuple) return shapeOf(t, scope, memo, visiting);
  // A type the database does not know is a type argument from the caller's side (a workspace struct, a type parameter).
  return apiShape(typeText, formatType(t), scope, memo, visiting) ?? shapeOf(t, scope, memo, visiting);
}

/** Nullable<T> is `bool hasValue; T value` (knowledge/typeSizes.ts). */
function nullableOf(inner: TypeShape, key: string): TypeShape {
  const laid = layoutFields([{ name: 'hasValue', shape: primitive('bool') }, { name: 'value', shape: inner }], 'sequential');
  return { ...laid, key, kind: 'struct', category: 'valueType', assumptions: inner.assumptions };
}

interface NamedShape {
  name: string;
  shape: TypeShape;
}

/** Lays out a struct's fields: sequential when it asks for it and holds no references or auto structs, auto otherwise. */
function layoutFields(fields: NamedShape[], requested: 'sequential' | 'auto'): { size: number; alignment: number; holdsReferences: boolean; autoLayout: boolean } {
  const holdsReferences = fields.some((f) => f.shape.holdsReferences);
  const auto = requested === 'auto' || holdsReferences || fields.some((f) => f.shape.autoLayout);
  const laid = auto ? autoLayout(fields, true) : sequentialLayout(fields);
  return { size: laid.size, alignment: laid.alignment, holdsReferences, autoLayout: auto };
}

function recipeShape(recipe: StructRecipe, t: TypeExpr, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape {
  const bindings = new Map<string, TypeExpr>(recipe.typeParameters.map((p, i) => [p, t.args[i]]));
  const fields = recipe.fields.map((f) => ({ name: f.name, shape: fieldShape(f.type, bindings, scope, memo, visiting) }));
  const laid = layoutFields(fields, recipe.layout);
  return { ...laid, key: formatType(t), kind: 'struct', category: 'valueType', assumptions: fields.flatMap((f) => f.shape.assumptions) };
}

function fieldShape(typeText: string, bindings: Map<string, TypeExpr>, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>, structParameters: ReadonlySet<string> = NONE): TypeShape {
  const bound = bindings.get(typeText);
  if (bound) return shapeOf(bound, scope, memo, visiting);
  const parsed = parseType(typeText);
  if (!parsed) return reference(typeText);
  return shapeOf(substitute(parsed, bindings, structParameters), scope, memo, visiting);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The type with the type arguments in place of the parameters. `T?` is `Nullable<T>` only for a parameter constrained
 * to `struct` (`structParameters`); for any other it is T with a nullable annotation, which a value type argument
 * ignores (a `T? _value` field of a struct instantiated with a struct holds that struct, with no HasValue flag).
 */
function substitute(t: TypeExpr, bindings: Map<string, TypeExpr>, structParameters: ReadonlySet<string>): TypeExpr {
  const bound = t.args.length === 0 ? bindings.get(t.name) : undefined;
  if (bound) return { ...bound, nullable: bound.nullable || (t.nullable && structParameters.has(t.name)), arrayRank: bound.arrayRank + t.arrayRank };
  return { ...t, args: t.args.map((a) => substitute(a, bindings, structParameters)) };
}

/** The type parameters of a declaration that its `where` clauses constrain to `struct`. */
function structConstrained(type: TypeDeclaration): ReadonlySet<string> {
  const constraints = type.typeParameterConstraints;
  if (!constraints) return NONE;
  return new Set(Object.keys(constraints).filter((p) => constraints[p]!.some((c) => c.trim() === 'struct' || c.trim() === 'unmanaged')));
}

/** A struct or enum declared in the workspace, sized from its declaration; a workspace class is a reference. */
function workspaceShape(t: TypeExpr, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape | null {
  // Looked up once per name and arity while the index is unchanged: many files may declare the same name.
  const { named, refs, enumDecl, structs } = indexMemo(scope.index!, `typeLayout\0${t.name}\0${t.args.length}`, () => {
    const named = typesNamed(scope.index!, t.name);
    const refs = named.filter((r) => r.type.typeParameters.length === t.args.length);
    return { named, refs, enumDecl: refs.find((r) => r.type.kind === 'enum'), structs: refs.filter((r) => r.type.kind === 'struct' || r.type.kind === 'record struct') };
  });
  // `this` of a generic class is written without its type arguments: a class of any arity is still a reference.
  if (refs.length === 0 && named.length > 0 && named.every((r) => r.type.kind === 'class' || r.type.kind === 'record' || r.type.kind === 'interface' || r.type.kind === 'delegate')) return reference(formatType(t));
  if (refs.length === 0) return null;
  if (enumDecl) {
    const underlying = parseType(enumDecl.type.enumUnderlyingType ?? 'int')?.name ?? 'int';
    const p = primitive(PRIMITIVE_SIZE.has(underlying) ? underlying : 'int', formatType(t));
    return { ...p, kind: 'enum', enumUnderlying: underlying };
  }
  if (structs.length === 0) return reference(formatType(t));
  const key = formatType(t);
  if (visiting.has(key)) return reference(key, [`${key} contains itself through its fields; 8 B assumed for the inner occurrence`]);
  visiting.add(key);
  try {
    return declaredStructShape(structs.map((r) => r.type), t, scope, memo, visiting);
  } finally {
    visiting.delete(key);
  }
}

function declaredStructShape(parts: TypeDeclaration[], t: TypeExpr, scope: TypeScope, memo: Map<string, TypeShape>, visiting: Set<string>): TypeShape {
  const bindings = new Map<string, TypeExpr>(parts[0].typeParameters.map((p, i) => [p, t.args[i] ?? typeExpr('object')]));
  const structParameters = structConstrained(parts[0]);
  const fields: NamedShape[] = [];
  for (const part of parts) {
    for (const f of part.instanceFields) {
      if (f.isStatic || f.isConst) continue;
      fields.push({ name: f.name, shape: fieldShape(f.typeText, bindings, scope, memo, visiting, structParameters) });
    }
  }
  // The model does not read [StructLayout] attributes: a C# struct is sequential unless it says otherwise.
  const laid = layoutFields(fields, 'sequential');
  const assumptions = fields.flatMap((f) => f.shape.assumptions);
  if (parts.length > 1) assumptions.push(`${formatType(t)} is declared in ${parts.length} partial parts; their fields are laid out in the order the files were indexed`);
  return { ...laid, key: formatType(t), kind: 'struct', category: 'valueType', assumptions };
}

export type { FieldCategory };
