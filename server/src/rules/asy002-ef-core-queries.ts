/**
 * ASY002's EF Core queries: a sync query operator (`ToList`, `First`, `Count` ...) whose receiver is an EF Core
 * query, which the rule sees by walking the receiver chain back over composing operators (`Where`, `Include`,
 * `OrderBy` ...) to where it starts: a DbContext's DbSet property, `Set<T>()`, or a local, parameter, field or
 * workspace method of type DbSet/IQueryable. LINQ to objects (lists, arrays, IEnumerable, anything after
 * `AsEnumerable()`) never starts there, so it stays quiet.
 */
import type { CallSite, FileModel, MethodBody } from '../model/types';
import { blockingApisByMember, type BlockingApi } from '../knowledge/blockingApis';
import { EF_CORE_NAMESPACE, EF_CORE_SET_TYPES, QUERYABLE_TYPES, QUERY_COMPOSITION_OPERATORS, efCoreQueryOperator } from '../knowledge/efCoreQueries';
import { bodyChain } from '../model/bodies';
import { stripGenerics, typeFamily, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { fileApiScopeOf } from '../signatures/provider';
import type { RuleContext } from './types';
import { everyConfiguredProvider } from './efCoreProviders';
import { importsNamespace, receiverTypeOf, shortCode, withoutComments } from './asy001-004-blocking-common';

/** Where a query starts: a DbSet (EF Core for certain) or a value declared IQueryable (EF Core if the file uses it). */
export interface QueryOrigin {
  kind: 'set' | 'queryable';
  /** The expression the query starts at, as written: `db.Orders`, `Set<Order>()`, `query`. */
  text: string;
  typeText: string;
  /** Composing operators stand between the origin and the call. */
  composed: boolean;
}

export interface EfCoreQueryMatch {
  row: BlockingApi;
  origin: QueryOrigin;
  /** The file does not import Microsoft.EntityFrameworkCore, where the twins are declared. */
  missingUsing: boolean;
}

/** Decides whether a call runs an EF Core query synchronously; null for LINQ to objects and anything not visible. */
export function efCoreQueryCallFor(ctx: RuleContext, body: MethodBody, call: CallSite): EfCoreQueryMatch | null {
  if (call.receiver === null) return null;
  const find = call.name === 'Find' ? blockingApisByMember('Find').find((r) => r.type === 'DbSet') : undefined;
  const row = find ?? efCoreQueryOperator(call.name);
  if (!row || !efCoreInPlay(ctx) || databaseNeverWaits(ctx.index.whole ?? ctx.index)) return null;
  const origin = queryOriginOf(ctx, body, call.receiver, 0);
  if (!origin) return null;
  // Find is the set's own member: a composed query has no Find.
  if (find && (origin.kind !== 'set' || origin.composed)) return null;
  const importsEf = importsNamespace(ctx, EF_CORE_NAMESPACE);
  // An IQueryable of unknown provenance is EF Core's only where the file uses EF Core; elsewhere the twin would throw.
  if (origin.kind === 'queryable' && !importsEf) return null;
  return { row, origin, missingUsing: !importsEf };
}

/**
 * Whether EF Core can be behind a query in this file at all. A receiver is a DbSet, or a DbContext's `Set<T>()`, only
 * where some file names EF Core's namespace (a using, a global using or an alias, which declaring a DbContext or a
 * DbSet property needs, or a fully qualified type), the file's project references an EF Core package, or the file's
 * own text names it; an IQueryable counts only where the file imports the namespace. Where none holds, every query
 * operator call (ToList, First, Count... everywhere in LINQ to objects) is answered without typing its receiver:
 * on the generated 50,000-line corpus, which has no EF Core, that typing was 7% of a whole `check`.
 */
export function efCoreInPlay(ctx: RuleContext): boolean {
  if (workspaceNamesEfCore(ctx.index) || textNamesEfCore(ctx.text)) return true;
  const scope = fileApiScopeOf(ctx.file);
  return !!scope && (scope.packages.some((p) => p.id.startsWith(EF_CORE_NAMESPACE)) || (scope.globalUsings ?? []).some((u) => u.includes(EF_CORE_MARK)));
}

/**
 * Whether the workspace configures EF Core, and only with providers whose queries run synchronously however they
 * are called (SQLite, in-memory: knowledge/efCoreQueries.ts): a `UseSqlite(...)` call somewhere and no call of another
 * provider's `Use...` anywhere in the workspace, tests included. Its queries' async twins block the thread as the sync
 * operators do, so ASY002 has nothing to offer there. A library that configures no provider (its users choose one)
 * is not such a workspace.
 */
function databaseNeverWaits(index: WorkspaceIndex): boolean {
  return everyConfiguredProvider(index, (provider) => !provider.waitsOnIo);
}

/** What every way of naming EF Core's types in C# text contains (`Microsoft.EntityFrameworkCore`, its nested namespaces). */
const EF_CORE_MARK = 'EntityFrameworkCore';

/** The last file text asked about: rules ask per call, and a file's calls are checked one after the other. */
let lastText: { text: string; names: boolean } | null = null;

function textNamesEfCore(text: string): boolean {
  if (lastText?.text !== text) lastText = { text, names: text.includes(EF_CORE_MARK) };
  return lastText.names;
}

/** Per index, the version last asked about and the answer: a workspace holds thousands of files, and rules ask per call. */
const workspaceAnswers = new WeakMap<WorkspaceIndex, { version: number; names: boolean }>();

function workspaceNamesEfCore(index: WorkspaceIndex): boolean {
  const known = workspaceAnswers.get(index);
  if (known && known.version === index.version) return known.names;
  let names = false;
  for (const model of index.files.values()) {
    if (modelNamesEfCore(model)) {
      names = true;
      break;
    }
  }
  workspaceAnswers.set(index, { version: index.version, names });
  return names;
}

/** Per model (never written to once built): whether its usings or declarations name EF Core. */
const modelAnswers = new WeakMap<FileModel, boolean>();

function modelNamesEfCore(model: FileModel): boolean {
  const known = modelAnswers.get(model);
  if (known !== undefined) return known;
  const named = (text: string | null | undefined) => !!text && text.includes(EF_CORE_MARK);
  const answer = model.usings.some(named) || (model.globalUsings ?? []).some(named) || (model.staticUsings ?? []).some(named)
    || model.types.some((t) => t.baseTypes.some(named) || t.members.some((m) => named(m.typeText)));
  modelAnswers.set(model, answer);
  return answer;
}

/** The sentence the note adds: where the query starts, so a person can check it is a database query. */
export function originSentence(origin: QueryOrigin): string {
  const what = origin.kind === 'set' ? `the DbSet ${shortCode(origin.text)}` : `${shortCode(origin.text)}, declared ${origin.typeText}`;
  return `The query starts at ${what}${origin.composed ? ' and is composed from there' : ''}, so it runs on the database.`;
}

interface Segment {
  /** The member name without type arguments: `Where`, `Orders`, `Set`. */
  name: string;
  text: string;
  isCall: boolean;
}

function queryOriginOf(ctx: RuleContext, body: MethodBody, text: string, depth: number): QueryOrigin | null {
  if (depth > 4) return null;
  const segments = memberChain(text);
  if (segments === null || segments.length === 0) return null;
  let end = segments.length;
  while (end > 1 && segments[end - 1].isCall && QUERY_COMPOSITION_OPERATORS.has(segments[end - 1].name)) end--;
  const composed = end < segments.length;
  const root = segments.slice(0, end);
  const rootText = root.map((s) => s.text).join('.');
  const last = root[root.length - 1];
  const origin = (typeText: string | null | undefined): QueryOrigin | null => {
    const kind = queryKindOf(typeText);
    return kind ? { kind, text: rootText, typeText: typeText!, composed } : null;
  };

  // `Set<Order>()` on a context, or inside one.
  if (last.isCall && last.name === 'Set' && /^Set\s*<[^]*>\s*\(\s*\)$/.test(last.text)) {
    const owner = root.length === 1 ? containingType(ctx, body) : typeNameOf(ctx, body, root.slice(0, -1).map((s) => s.text).join('.'));
    return owner && isDbContext(ctx, owner) ? { kind: 'set', text: rootText, typeText: 'DbSet', composed } : null;
  }
  if (root.length === 1 || (root.length === 2 && root[0].text === 'this')) {
    const name = last.text;
    const declared = origin(receiverTypeOf(ctx, body, rootText));
    // `query = list.AsQueryable()` somewhere in the body: the IQueryable may be LINQ to objects, where the twin throws.
    if (declared && declared.kind === 'queryable' && assignedFromAsQueryable(ctx, body, name)) return null;
    if (declared || last.isCall) return declared;
    // `var query = db.Orders.Where(...)`: the local's initializer is the query.
    for (const b of bodyChain(body, ctx.model.bodies)) {
      const local = b.locals.find((l) => l.name === name);
      if (!local) continue;
      if (local.typeText !== null || !local.initializerText || local.kind === 'foreach') return null;
      const inner = queryOriginOf(ctx, b, local.initializerText, depth + 1);
      return inner ? { ...inner, text: inner.text, composed: true } : null;
    }
    return null;
  }
  // `list.AsQueryable()` is an IQueryable over objects (typed so now that the signatures choose Queryable.AsQueryable<T>).
  if (last.isCall && last.name === 'AsQueryable') return null;
  if (last.isCall) return origin(receiverTypeOf(ctx, body, rootText));
  // `db.Orders`, `_context.Orders`: a property or field of a workspace type.
  const ownerText = root.slice(0, -1).map((s) => s.text).join('.');
  const owner = ownerText === 'this' ? containingType(ctx, body) : typeNameOf(ctx, body, ownerText);
  if (!owner) return null;
  for (const family of typeFamily(ctx.index, owner)) {
    for (const ref of typesNamed(ctx.index, family)) {
      const member = ref.type.members.find((m) => m.name === last.name && (m.kind === 'property' || m.kind === 'field'));
      if (member) return origin(member.typeText);
    }
  }
  return null;
}

function assignedFromAsQueryable(ctx: RuleContext, body: MethodBody, name: string): boolean {
  const outer = bodyChain(body, ctx.model.bodies).at(-1) ?? body;
  const span = outer.bodySpan ?? outer.span;
  return new RegExp(`\\b${name}\\s*=[^;=][^;]*\\.AsQueryable\\s*\\(`).test(ctx.text.slice(span.start, span.end));
}

function queryKindOf(typeText: string | null | undefined): QueryOrigin['kind'] | null {
  if (!typeText) return null;
  const name = stripGenerics(typeText);
  if (EF_CORE_SET_TYPES.has(name)) return 'set';
  if (QUERYABLE_TYPES.has(name)) return 'queryable';
  return null;
}

function containingType(ctx: RuleContext, body: MethodBody): string | null {
  return bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
}

function typeNameOf(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const typed = receiverTypeOf(ctx, body, text);
  return typed ? stripGenerics(typed) : null;
}

/** A workspace type deriving from DbContext (or IdentityDbContext and the like, which end in DbContext). */
function isDbContext(ctx: RuleContext, typeName: string): boolean {
  for (const name of typeFamily(ctx.index, typeName)) if (/DbContext$/.test(name) && typesNamed(ctx.index, name).length === 0) return true;
  return false;
}

/**
 * Splits `db.Orders.Where(o => o.Total > 5).Include(o => o.Lines)` into its members at top-level dots (and `?.`,
 * dropping null-forgiving `!`); null when the text is not a plain member chain (a cast, an operator, a lambda).
 */
export function memberChain(text: string): Segment[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const t = withoutComments(text).trim();
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '"' || c === '\'') {
      // Skip a string or char literal at any depth, so a dot inside one does not split.
      const quote = c;
      for (i++; i < t.length && t[i] !== quote; i++) if (t[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '<' && depth === 0 && /\w/.test(t[i - 1] ?? '')) {
      // A type argument list right after a name: `Set<Order>`.
      const close = matchingAngle(t, i);
      if (close === -1) return null;
      i = close;
    } else if (c === '.' && depth === 0) {
      parts.push(t.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(t.slice(start));
  const segments: Segment[] = [];
  for (const raw of parts) {
    const part = raw.trim().replace(/[?!]+$/, '').trim();
    const m = /^([A-Za-z_@]\w*)\s*(<[^]*>)?\s*(\([^]*\))?$/.exec(part);
    if (!m) return null;
    segments.push({ name: m[1], text: part, isCall: m[3] !== undefined });
  }
  return segments;
}

function matchingAngle(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>' && --depth === 0) return i;
    else if (!/[\w\s,.<>?\[\]()]/.test(text[i])) return -1;
  }
  return -1;
}
