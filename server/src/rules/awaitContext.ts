/**
 * Where C# does not allow an `await`, even inside an async body: in a `lock` block (CS1996), in an unsafe context
 * (CS4004: an `unsafe` block, method or type), in the filter of a `catch ... when (...)` (CS7094), and in a query
 * expression past the collection of its first `from` clause, a `join`'s collection excepted (CS1995); and, though
 * the compiler allows it, between the acquisition and the release of a thread-affine lock (ASY004). The fixes that
 * insert an `await` (ASY001, ASY002) ask here first. Read from the body's text with comments and strings masked: the model keeps no tree.
 */
import type { MethodBody, Span, TypeDeclaration } from '../model/types';
import type { RuleContext } from './types';
import { maskCommentsAndStrings } from './sourceText';
import { threadAffineLockHeldAt } from './lockSections';

interface ForbiddenRegion extends Span {
  reason: string;
}

export const LOCK = 'await is not allowed inside a lock statement';
const UNSAFE = 'await is not allowed in an unsafe context';
const FILTER = 'await is not allowed in a catch filter';
const QUERY = 'await is not allowed in a query expression past its first from clause';
const THREAD_AFFINE = (acquired: string) => `an await here would let the lock taken by ${acquired}() be released on another thread, where releasing it throws`;

/** Why an `await` cannot be inserted at `offset` of `body`, or null when it can. */
export function whyAwaitIsNotAllowedAt(ctx: RuleContext, body: MethodBody, offset: number): string | null {
  if (body.locks.some((l) => l.span.start < offset && offset < l.span.end)) return LOCK;
  // Allowed by the compiler but wrong: a thread-affine lock taken above and released below (ASY004's bug).
  const held = threadAffineLockHeldAt(body, offset);
  if (held) return THREAD_AFFINE(`${held.receiver ? `${held.receiver.trim()}.` : ''}${held.name}`);
  if (body.modifiers.includes('unsafe')) return UNSAFE;
  // Members of an unsafe type are an unsafe context too, nested types included.
  if (unsafeTypeSpans(ctx.model.types).some((t) => t.start <= body.span.start && body.span.end <= t.end)) return UNSAFE;
  if (!body.bodySpan) return null;
  const region = regionsOf(ctx.text, body.bodySpan).find((r) => r.start <= offset && offset < r.end);
  if (region?.reason === QUERY && inJoinCollection(ctx.text, region, offset)) return null;
  return region?.reason ?? null;
}

/** The spans of a file's `unsafe` types, listed once per model: asked for every wait a file's bodies make. */
const unsafeTypes = new WeakMap<readonly TypeDeclaration[], Span[]>();

function unsafeTypeSpans(types: readonly TypeDeclaration[]): Span[] {
  let spans = unsafeTypes.get(types);
  if (!spans) unsafeTypes.set(types, (spans = types.filter((t) => t.modifiers.includes('unsafe')).map((t) => t.span)));
  return spans;
}

let cache: { text: string; masked: string | null; regions: Map<string, ForbiddenRegion[]> } | null = null;

function maskedOf(text: string): string {
  if (cache?.text !== text) cache = { text, masked: null, regions: new Map() };
  return (cache.masked ??= maskCommentsAndStrings(text));
}

function regionsOf(text: string, span: Span): ForbiddenRegion[] {
  const masked = maskedOf(text);
  const key = `${span.start}:${span.end}`;
  let found = cache!.regions.get(key);
  if (!found) {
    found = scan(masked, span);
    cache!.regions.set(key, found);
  }
  return found;
}

/** The offset just past the bracket that closes the one at `open`, or the end of the span when it is not closed. */
function closing(masked: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return end;
}

const QUERY_START = /\bfrom\s+(?:[A-Za-z_][\w.]*(?:<[^;{}()]*?>)?(?:\[\])*\??\s+)?@?[A-Za-z_]\w*\s+in\b/g;
const CLAUSE = /^(where|select|orderby|let|join|group|from|into)\b/;
const TYPE_ARGUMENTS = /^<(?:[\w\s.,?[\]]|<[\w\s.,?[\]]*>)*>/;

function scan(masked: string, span: Span): ForbiddenRegion[] {
  const out: ForbiddenRegion[] = [];
  const body = masked.slice(span.start, span.end);
  for (const m of body.matchAll(/\bunsafe\s*\{/g)) {
    const open = span.start + m.index! + m[0].length - 1;
    out.push({ start: open, end: closing(masked, open, span.end), reason: UNSAFE });
  }
  for (const m of body.matchAll(/\bcatch\b\s*(?:\([^()]*\)\s*)?when\s*\(/g)) {
    const open = span.start + m.index! + m[0].length - 1;
    out.push({ start: open, end: closing(masked, open, span.end), reason: FILTER });
  }
  for (const m of body.matchAll(QUERY_START)) {
    const region = queryBody(masked, span.start + m.index! + m[0].length, span.end);
    if (region) out.push({ ...region, reason: QUERY });
  }
  return out;
}

/**
 * From after `from x in`: the first collection expression may await; everything from the next clause keyword at
 * the same depth to the end of the query (a `;`, a bracket closing around it, or a `,` at its depth outside an
 * `orderby` clause: a query passed as an argument ends before the next argument) may not.
 */
function queryBody(masked: string, from: number, end: number): Span | null {
  let depth = 0;
  let clauseStart = -1;
  let clause = '';
  for (let i = from; i < end; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return clauseStart < 0 ? null : { start: clauseStart, end: i };
      depth--;
    } else if (c === ';' && depth === 0) return clauseStart < 0 ? null : { start: clauseStart, end: i };
    else if (c === '<' && /\w/.test(masked[i - 1] ?? '')) {
      // A type argument list (`select new Dictionary<int, string>()`): its commas end nothing.
      const typeArguments = TYPE_ARGUMENTS.exec(masked.slice(i, Math.min(end, i + 200)));
      if (typeArguments) i += typeArguments[0].length - 1;
    }
    // `orderby a, b` is the one clause with a comma at the query's depth.
    else if (c === ',' && depth === 0 && clause !== 'orderby') return clauseStart < 0 ? null : { start: clauseStart, end: i };
    else if (depth === 0 && /[a-z]/.test(c) && !/[\w.]/.test(masked[i - 1] ?? '')) {
      const keyword = CLAUSE.exec(masked.slice(i, i + 8));
      if (keyword) {
        clause = keyword[1];
        if (clauseStart < 0) clauseStart = i;
      }
    }
  }
  return clauseStart < 0 ? null : { start: clauseStart, end };
}

const JOIN_COLLECTION = /\bjoin\s+(?:[A-Za-z_][\w.]*(?:<[^;{}()]*?>)?(?:\[\])*\??\s+)?@?[A-Za-z_]\w*\s+in\b/g;

/**
 * Whether `offset` of `body` lies in a part of a query expression that C# turns into a lambda: every clause after the
 * first `from`'s collection (`where`, `select`, `let`, `orderby`, a later `from`'s collection, a `join`'s keys), but
 * not a `join`'s collection, which is an argument evaluated where the query is built. A call there runs only when the
 * query is enumerated, once per element, or, over an IQueryable, never: EF Core translates `db.Set.Any(...)` in a
 * `where` clause to an EXISTS subquery. The same call in a method-syntax lambda belongs to the lambda's own body.
 */
export function inDeferredQueryClause(ctx: RuleContext, body: MethodBody, offset: number): boolean {
  if (!body.bodySpan) return false;
  const region = regionsOf(ctx.text, body.bodySpan).find((r) => r.reason === QUERY && r.start <= offset && offset < r.end);
  return !!region && !inJoinCollection(ctx.text, region, offset);
}

/** Whether `offset` lies in the collection expression of a `join` clause of the query `region` (CS1995 allows an await there). */
function inJoinCollection(text: string, region: Span, offset: number): boolean {
  const masked = maskedOf(text);
  for (const m of masked.slice(region.start, region.end).matchAll(JOIN_COLLECTION)) {
    const start = region.start + m.index! + m[0].length;
    if (start <= offset && offset < joinKeysStart(masked, start, region.end)) return true;
  }
  return false;
}

/** Where a `join`'s collection expression ends: its `on` at the same depth. */
function joinKeysStart(masked: string, from: number, end: number): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === 'o' && masked[i + 1] === 'n' && !/[\w.]/.test(masked[i - 1] ?? '') && !/\w/.test(masked[i + 2] ?? '')) return i;
  }
  return end;
}
