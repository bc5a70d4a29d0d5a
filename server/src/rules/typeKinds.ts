/**
 * Whether a type, as a body writes it, is a value type, a reference type, or not known to be either. ASY013 asks it
 * before calling `Task<Foo?>` and `Task<Foo>` one type (a `?` is only an annotation on a reference type), ASY023
 * before writing `Task.FromResult<T>(null)` (null does not convert to a struct). A wrong "reference" makes code that
 * does not compile, so every source below answers only what it knows and "unknown" is the answer otherwise.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { parseType } from '../cost/typeText';
import { typesNamed } from '../workspace/index';
import { apiTypingFor } from '../workspace/typing';
import { definitionOf, resolveTypeText } from '../signatures/resolve';
import { BCL_ENUMS, BCL_REFERENCE_TYPES, BCL_STRUCTS, PRIMITIVES } from '../knowledge/typeSizes';
import type { RuleContext } from './types';

export type TypeKindVerdict = 'value' | 'reference' | 'unknown';

/** C# keywords that name value types (the primitives and decimal) and reference types; no declaration can shadow them. */
const VALUE_KEYWORDS = new Set([...PRIMITIVES.map((p) => p.name), 'decimal']);
const REFERENCE_KEYWORDS = new Set(['string', 'object', 'dynamic']);

/** BCL names the knowledge tables know the kind of, for when the signature database is not loaded or lacks the type. */
const BCL_VALUE_NAMES = new Set([...BCL_STRUCTS.map((s) => s.name.split('.')[0]!), ...Object.keys(BCL_ENUMS), ...PRIMITIVES.flatMap((p) => p.aliases)]);

/**
 * The kind of the type `typeText` names where `body` is written. `T?` is Nullable<T> (a value type) when T is a
 * value type, and an annotated reference otherwise. Sources, nearest first: C# keywords, tuples and arrays; the
 * type parameters in scope and their constraints; the workspace's declarations of the name (when all agree); the
 * signature database, bound in the file's scope; the BCL tables in knowledge/typeSizes.ts.
 */
export function typeKindOf(ctx: RuleContext, body: MethodBody | null, typeText: string): TypeKindVerdict {
  const type = parseType(typeText);
  if (!type) return 'unknown';
  if (type.arrayRank > 0) return 'reference';
  if (type.tuple) return 'value';
  const name = type.name;
  if (VALUE_KEYWORDS.has(name)) return 'value';
  if (REFERENCE_KEYWORDS.has(name)) return 'reference';
  if (type.args.length === 0 && body) {
    const parameter = typeParameterKind(ctx, body, name);
    if (parameter !== null) return parameter;
  }
  const declared = typesNamed(ctx.index, name).filter((r) => r.type.typeParameters.length === type.args.length);
  if (declared.length > 0) {
    if (declared.every((r) => r.type.kind === 'struct' || r.type.kind === 'record struct' || r.type.kind === 'enum')) return 'value';
    if (declared.every((r) => r.type.kind === 'class' || r.type.kind === 'record' || r.type.kind === 'interface' || r.type.kind === 'delegate')) return 'reference';
    return 'unknown';
  }
  const api = body ? apiTypingFor(body, ctx.model.bodies, ctx.index)?.api ?? null : null;
  if (api) {
    const resolved = resolveTypeText(api, typeText.trim().replace(/\?$/, ''));
    const definition = resolved ? definitionOf(api, resolved) : undefined;
    if (definition) return definition.kind === 'struct' || definition.kind === 'enum' ? 'value' : 'reference';
  }
  if (BCL_VALUE_NAMES.has(name)) return 'value';
  if (BCL_REFERENCE_TYPES.has(name)) return 'reference';
  return 'unknown';
}

/**
 * For a type parameter in scope (the body's, an enclosing function's, the containing type's): 'value' under a
 * `struct` or `unmanaged` constraint, 'reference' under `class`, 'unknown' otherwise; null when `name` is no type
 * parameter here.
 */
function typeParameterKind(ctx: RuleContext, body: MethodBody, name: string): TypeKindVerdict | null {
  const written = typeParameterClauseOf(ctx, body, name);
  if (written === null) return null;
  const constraints = written.map((c) => c.replace(/\s+/g, ''));
  if (constraints.some((c) => c === 'struct' || c === 'unmanaged')) return 'value';
  if (constraints.some((c) => c === 'class' || c === 'class?')) return 'reference';
  return 'unknown';
}

/** The `where` clause of a type parameter in scope (the body's, an enclosing function's, the containing type's), as written; null when `name` is no type parameter here. */
function typeParameterClauseOf(ctx: RuleContext, body: MethodBody, name: string): readonly string[] | null {
  const chain = bodyChain(body, ctx.model.bodies);
  const scopes: { typeParameters: readonly string[]; constraints: Record<string, string[]> | undefined }[] =
    chain.map((b) => ({ typeParameters: b.typeParameters, constraints: b.typeParameterConstraints }));
  const owner = chain.map((b) => b.containingType).find((t) => t !== null);
  if (owner) {
    const type = ctx.model.types.find((t) => t.name === owner && t.typeParameters.includes(name));
    if (type) scopes.push({ typeParameters: type.typeParameters, constraints: type.typeParameterConstraints });
  }
  const scope = scopes.find((s) => s.typeParameters.includes(name));
  return scope ? scope.constraints?.[name] ?? [] : null;
}

/**
 * The class and interface types a type parameter in scope is constrained to (`DbContext` for `where TDb : DbContext`),
 * without `class`, `struct`, `notnull`, `unmanaged` and `new()`; null when `name` is no type parameter here.
 */
export function typeParameterConstraintsOf(ctx: RuleContext, body: MethodBody, name: string): string[] | null {
  const written = typeParameterClauseOf(ctx, body, name);
  if (written === null) return null;
  return written.map((c) => c.trim()).filter((c) => !/^(class\??|struct|notnull|unmanaged|new\(\s*\)|default)$/.test(c) && c !== name);
}

/**
 * Whether `null` converts to the type: a reference type, or any `X?` but an unconstrained type parameter's (`T?`
 * there is T itself when T is a struct, so `null` does not compile). A type whose kind is not known may be a struct.
 */
export function acceptsNull(ctx: RuleContext, body: MethodBody | null, typeText: string): boolean {
  const type = parseType(typeText);
  if (!type) return false;
  if (type.nullable && type.arrayRank === 0) {
    // Nullable<T> for a value type, an annotated reference for a reference type: null converts to both, and to
    // a `Foo?` whose Foo is not known for the same reason. Only a type parameter that may be either is left out.
    const parameter = body && type.args.length === 0 ? typeParameterKind(ctx, body, type.name) : null;
    return parameter !== 'unknown';
  }
  return typeKindOf(ctx, body, typeText) === 'reference';
}
