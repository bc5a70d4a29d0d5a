/**
 * Names to database types, the way the C# compiler binds them: a qualified name first, then the file's
 * aliases and imported namespaces, then (since global usings may live in a file the analysis has not read) a
 * name only one visible type has. Also the supertypes of a type, with generic arguments substituted.
 */
import { isShadowedByImport } from '../knowledge/shadowingNamespaces';
import type { ApiTypeDefinition, SignatureDatabase } from './database';
import { DEFAULT_API_SCOPE, scopeMask, usingScope, type NameContext, type UsingScope } from './scope';
import { KEYWORD_TYPES, csharpText, keywordOf, qualifiedText, named, parseSourceType, substitute, type ApiType, type SourceType } from './typeText';

/** Everything a question about one file needs: the database, the sources its scope sees and its usings. */
export interface ApiContext {
  db: SignatureDatabase;
  mask: number;
  using: UsingScope;
}

export function apiContext(db: SignatureDatabase, names: NameContext): ApiContext {
  return { db, mask: scopeMask(db, names.scope ?? DEFAULT_API_SCOPE), using: usingScope(names) };
}

/** How a name was bound, so messages can say when the answer rests on a guess about the namespace. */
export type Binding = 'keyword' | 'qualified' | 'alias' | 'using' | 'only-type-with-that-name';

export interface ResolvedName {
  fullName: string;
  binding: Binding;
}

/** The definition of a named type the context can see (`int` is System.Int32), or undefined. */
export function definitionOf(ctx: ApiContext, type: ApiType): ApiTypeDefinition | undefined {
  if (type.kind !== 'named') return undefined;
  const definition = ctx.db.type(KEYWORD_TYPES.get(type.name) ?? type.name);
  return definition && (definition.mask & ctx.mask) !== 0 ? definition : undefined;
}

function visible(ctx: ApiContext, fullName: string): boolean {
  const d = ctx.db.type(fullName);
  return !!d && (d.mask & ctx.mask) !== 0;
}

/** `Outer<int>.Inner` as the metadata chain `Outer`1/Inner`, for a namespace prefix. */
function metadataChain(segments: readonly { name: string; args: readonly unknown[] }[]): string {
  return segments.map((s) => (s.args.length ? `${s.name}\`${s.args.length}` : s.name)).join('/');
}

/** The namespaces a file imports, as a set kept per using scope (name lookups and extension methods ask it per call). */
export function importedNamespaces(using: UsingScope): ReadonlySet<string> {
  let set = namespaceSets.get(using);
  if (!set) namespaceSets.set(using, (set = new Set(using.namespaces)));
  return set;
}

const namespaceSets = new WeakMap<UsingScope, ReadonlySet<string>>();

const NO_ALIASES = new Map<string, string>(); // never written
const aliasFreeScopes = new WeakMap<UsingScope, UsingScope>();

/** The context an alias's target is resolved in: the same imported namespaces, no aliases. */
function withoutAliases(ctx: ApiContext): ApiContext {
  let using = aliasFreeScopes.get(ctx.using);
  if (!using) aliasFreeScopes.set(ctx.using, (using = { ...ctx.using, aliases: NO_ALIASES }));
  return { ...ctx, using };
}

/** The full name of the database type a C# name (its dotted segments) denotes in this context, or null. */
export function resolveName(ctx: ApiContext, segments: readonly { name: string; args: readonly unknown[] }[]): ResolvedName | null {
  if (segments.length === 0) return null;
  const first = segments[0]!;
  if (segments.length === 1 && !first.args.length && KEYWORD_TYPES.has(first.name)) return { fullName: first.name, binding: 'keyword' };
  if (segments.length === 1 && !first.args.length && first.name === 'dynamic') return { fullName: 'object', binding: 'keyword' };

  const alias = !first.args.length ? ctx.using.aliases.get(first.name) : undefined;
  if (alias) {
    const target = parseSourceType(alias);
    if (target?.kind === 'name') {
      // C# resolves an alias's target as if the file had no using aliases (ECMA-334, using alias directives), so
      // `using System = global::System;` names the namespace, not itself, and two aliases cannot refer to each other.
      const resolved = resolveName(withoutAliases(ctx), [...target.segments, ...segments.slice(1)]);
      if (resolved) return { fullName: resolved.fullName, binding: 'alias' };
    }
  }
  // A qualified name: some leading segments are a namespace.
  for (let i = segments.length - 1; i >= 1; i--) {
    if (segments.slice(0, i).some((s) => s.args.length)) continue;
    const namespace = segments.slice(0, i).map((s) => s.name).join('.');
    if (!ctx.db.hasNamespace(namespace)) continue;
    const fullName = `${namespace}.${metadataChain(segments.slice(i))}`;
    if (visible(ctx, fullName)) return { fullName: keywordOf(fullName), binding: 'qualified' };
  }
  // The workspace's own types come before imported ones (they are usually in the file's namespace, which C# searches
  // first), and a workspace `Order` must never become some package's `Order`.
  if (ctx.using.isWorkspaceType(first.name)) return null;
  // Every answer below is a type named like the first segment (or one nested in it): none, no answer. Most names
  // typing tries are not types at all (`_logger` as a static receiver, a type parameter `T`).
  const sameName = ctx.db.typesNamed(first.name);
  if (!sameName.length) return null;
  const imported = new Set<string>();
  if (segments.length === 1) {
    // A plain name: the types of that name declared directly in the global namespace or an imported one (what
    // looking the name up in each imported namespace finds, without building a name per namespace).
    const namespaces = importedNamespaces(ctx.using);
    for (const d of sameName) {
      if (d.declaringType !== null || d.ownArity !== first.args.length || (d.mask & ctx.mask) === 0) continue;
      if (d.namespace === '' || namespaces.has(d.namespace)) imported.add(d.fullName);
    }
  } else {
    const chain = metadataChain(segments);
    if (visible(ctx, chain)) imported.add(chain);
    for (const namespace of ctx.using.namespaces) {
      const fullName = `${namespace}.${chain}`;
      if (visible(ctx, fullName)) imported.add(fullName);
    }
  }
  // Two imported namespaces with the type is an ambiguity the compiler reports; no answer is better than a coin toss.
  if (imported.size === 1) return { fullName: keywordOf([...imported][0]!), binding: 'using' };
  if (imported.size > 1) return null;
  // A package the database lacks may declare the same name (EF6's DbContext): the file means that one.
  if (isShadowedByImport(ctx.using.namespaces, first.name)) return null;
  const candidates = sameName.filter((d) => {
    if ((d.mask & ctx.mask) === 0 || d.ownArity !== first.args.length) return false;
    if (segments.length === 1) return d.declaringType === null;
    const outerName = d.fullName.slice(d.namespace ? d.namespace.length + 1 : 0).split('/')[0];
    return outerName === (first.args.length ? `${first.name}\`${first.args.length}` : first.name) && visible(ctx, `${d.fullName}/${metadataChain(segments.slice(1))}`);
  });
  if (candidates.length === 1) {
    const base = candidates[0]!.fullName;
    const fullName = segments.length === 1 ? base : `${base}/${metadataChain(segments.slice(1))}`;
    return { fullName: keywordOf(fullName), binding: 'only-type-with-that-name' };
  }
  return null;
}

/** A C# source type resolved against the database; names it does not know stay as written. */
export function resolveSourceType(ctx: ApiContext, source: SourceType): ApiType {
  switch (source.kind) {
    case 'name': {
      const args = source.segments.flatMap((s) => s.args.map((a) => resolveSourceType(ctx, a)));
      const resolved = resolveName(ctx, source.segments);
      if (resolved) return named(resolved.fullName, args);
      return named(source.segments.map((s) => s.name).join('.'), args);
    }
    case 'tuple':
      return tupleType(source.elements.map((e) => resolveSourceType(ctx, e)));
    case 'array':
      return { kind: 'array', element: resolveSourceType(ctx, source.element), rank: source.rank };
    case 'pointer':
      return { kind: 'pointer', element: resolveSourceType(ctx, source.element) };
    case 'nullable': {
      const element = resolveSourceType(ctx, source.element);
      // `T?` is Nullable<T> only for value types; on a reference type it is an annotation.
      return isValueType(ctx, element) ? named('System.Nullable`1', [element]) : element;
    }
  }
}

/** `(int, string)` is ValueTuple<int, string>; from eight elements on the rest nests in TRest. */
function tupleType(elements: ApiType[]): ApiType {
  if (elements.length <= 7) return named(`System.ValueTuple\`${elements.length}`, elements);
  return named('System.ValueTuple`8', [...elements.slice(0, 7), tupleType(elements.slice(7))]);
}

/** Parses and resolves a type as C# source writes it; null when the text is not a type. */
export function resolveTypeText(ctx: ApiContext, text: string): ApiType | null {
  // Typing reads the same receiver and argument types again and again in a file (every `_logger.` and `builder.`),
  // and resolving a name tries it in each imported namespace: the answers are kept per context (one file's scope).
  let answers = resolvedTexts.get(ctx);
  if (!answers) resolvedTexts.set(ctx, (answers = new Map()));
  const known = answers.get(text);
  if (known !== undefined) return known;
  const source = parseSourceType(text);
  const answer = source ? resolveSourceType(ctx, source) : null;
  answers.set(text, answer);
  return answer;
}

/** The answers of resolveTypeText per context. A resolved type is never modified, so one object serves every caller. */
const resolvedTexts = new WeakMap<ApiContext, Map<string, ApiType | null>>();

export function isValueType(ctx: ApiContext, type: ApiType): boolean {
  const d = definitionOf(ctx, type);
  return !!d && (d.kind === 'struct' || d.kind === 'enum');
}

const ARRAY_INTERFACES = [
  'System.Collections.Generic.IList`1', 'System.Collections.Generic.ICollection`1', 'System.Collections.Generic.IEnumerable`1',
  'System.Collections.Generic.IReadOnlyList`1', 'System.Collections.Generic.IReadOnlyCollection`1',
];

/**
 * Every base class and interface of a type, nearest first (base classes before interfaces at each step), with the
 * type's arguments substituted: `List<int>` gives `IList<int>`, ..., `IEnumerable<int>`, `object`. The implicit
 * bases count: System.ValueType for structs, System.Enum for enums, System.Object for everything.
 */
export function supertypes(ctx: ApiContext, type: ApiType): ApiType[] {
  // Member lookups walk the same chains again and again (every call on an HttpClient walks HttpMessageInvoker's).
  const cache = answersAbout(ctx, type, supertypeCache, supertypesByScope);
  const key = qualifiedText(type);
  const cached = cache.get(key);
  if (cached) return cached;
  const result = computeSupertypes(ctx, type);
  cache.set(key, result);
  return result;
}

const supertypeCache = new WeakMap<ApiContext, Map<string, ApiType[]>>();
const supertypesByScope = new WeakMap<SignatureDatabase, Map<number, Map<string, ApiType[]>>>();

/**
 * Whether what the database says about a type (its supertypes, its methods) is the same in every file that sees the
 * same frameworks and packages: a type the database defines, or an array, whose bases are all the database's. A
 * workspace type's bases are read from the workspace and resolved with the file's usings, so its answers are kept
 * per context. Files differ mostly in their usings, so answers kept per scope mask are found again in every file.
 */
function isDatabaseType(ctx: ApiContext, type: ApiType): boolean {
  return type.kind === 'array' || definitionOf(ctx, type) !== undefined;
}

/**
 * Where answers about `type` are kept: per database and scope mask for the database's own types (isDatabaseType),
 * else per context, in the two stores the caller owns.
 */
export function answersAbout<V>(ctx: ApiContext, type: ApiType, byContext: WeakMap<ApiContext, Map<string, V>>, byScope: WeakMap<SignatureDatabase, Map<number, Map<string, V>>>): Map<string, V> {
  if (!isDatabaseType(ctx, type)) {
    let own = byContext.get(ctx);
    if (!own) byContext.set(ctx, (own = new Map()));
    return own;
  }
  let byMask = byScope.get(ctx.db);
  if (!byMask) byScope.set(ctx.db, (byMask = new Map()));
  let cache = byMask.get(ctx.mask);
  if (!cache) byMask.set(ctx.mask, (cache = new Map()));
  return cache;
}

function computeSupertypes(ctx: ApiContext, type: ApiType): ApiType[] {
  const result: ApiType[] = [];
  const seen = new Set<string>();
  const add = (t: ApiType) => {
    const key = qualifiedText(t);
    if (seen.has(key)) return false;
    seen.add(key);
    result.push(t);
    return true;
  };
  seen.add(qualifiedText(type));
  const queue: ApiType[] = [type];
  if (type.kind === 'array') {
    queue.length = 0;
    add(named('System.Array'));
    queue.push(named('System.Array'));
    for (const i of ARRAY_INTERFACES) if (add(named(i, [type.element]))) queue.push(named(i, [type.element]));
  }
  while (queue.length) {
    const t = queue.shift()!;
    const d = definitionOf(ctx, t);
    if (!d && t.kind === 'named') {
      // A workspace type: its bases as the workspace declares them (`CancelOrderCommand : IRequest<bool>`, or
      // `IdentifiedCommand<T, R> : IRequest<R>` with its type arguments put in), resolved in this file's scope, so an
      // API method generic over IRequest<TResponse> can bind TResponse from it.
      for (const text of ctx.using.workspaceBases(t.name, t.args.map((a) => csharpText(a, { qualified: true })))) {
        const b = resolveTypeText(ctx, text);
        if (b && add(b)) queue.push(b);
      }
      continue;
    }
    if (!d || t.kind !== 'named') continue;
    const implicitBase = d.kind === 'struct' ? 'System.ValueType' : d.kind === 'enum' ? 'System.Enum' : d.kind === 'delegate' ? 'System.MulticastDelegate' : null;
    const base = d.kind === 'class' ? d.baseType : implicitBase ? named(implicitBase) : null;
    if (base) {
      const b = substitute(base, t.args);
      if (add(b)) queue.push(b);
    }
    for (const i of d.interfaces) {
      const s = substitute(i, t.args);
      if (add(s)) queue.push(s);
    }
  }
  if (!seen.has('object')) result.push(named('object'));
  return result;
}

/** Whether `type` is `target` or derives from or implements it (same definition; arguments compared as text). */
export function derivesFrom(ctx: ApiContext, type: ApiType, target: ApiType): boolean {
  const key = qualifiedText(target);
  if (qualifiedText(type) === key) return true;
  return supertypes(ctx, type).some((s) => qualifiedText(s) === key);
}
