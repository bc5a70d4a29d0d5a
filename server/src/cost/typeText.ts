/**
 * C# type text as a small tree: `Dictionary<int, string>.Enumerator`, `(int a, string b)`, `int?[]`. Namespaces
 * and `global::` are dropped and primitive aliases spelled as keywords, so the printed form is a type's identity
 * (two fields share a pool or an awaiter only when their printed types are equal).
 */
import { PRIMITIVES } from '../knowledge/typeSizes';
import { splitTopLevel } from '../model/syntax';

export interface TypeExpr {
  /** Simple name, with nested types dotted onto a known outer type: `List.Enumerator`. */
  name: string;
  args: TypeExpr[];
  /** `T?` */
  nullable: boolean;
  /** Number of `[]` suffixes (each makes an array, a reference). */
  arrayRank: number;
  /** For tuple syntax, the element types; `name` is then `ValueTuple`. */
  tuple: boolean;
}

const ALIAS = new Map<string, string>();
for (const p of PRIMITIVES) for (const a of p.aliases) ALIAS.set(a, p.name);
ALIAS.set('String', 'string');
ALIAS.set('Object', 'object');
ALIAS.set('Decimal', 'decimal');

/** Names of nested BCL types that are only meaningful with their outer type. */
const NESTED_OUTER = new Set(['Enumerator', 'ConfiguredTaskAwaiter', 'ConfiguredValueTaskAwaiter', 'YieldAwaiter', 'KeyCollection', 'ValueCollection']);

/** Parses type text; returns null for text that is not a type. */
export function parseType(raw: string): TypeExpr | null {
  let text = raw.trim().replace(/^global::/, '').replace(/\s+/g, ' ');
  if (!text) return null;
  let arrayRank = 0;
  let nullable = false;
  for (;;) {
    const arr = /\[\s*,*\s*\]$/.exec(text);
    if (arr) {
      arrayRank++;
      text = text.slice(0, arr.index).trim();
      continue;
    }
    if (text.endsWith('?')) {
      // `int?[]` is an array of nullables: a nullable marker inside an array rank belongs to the element.
      if (arrayRank > 0) return { ...parseTypeOrUnknown(text), arrayRank };
      nullable = true;
      text = text.slice(0, -1).trim();
      continue;
    }
    break;
  }
  if (text.startsWith('(') && text.endsWith(')')) {
    const elements = splitTopLevel(text.slice(1, -1)).map((e) => parseType(dropTupleName(e)));
    if (elements.length < 2 || elements.some((e) => e === null)) return null;
    return { name: 'ValueTuple', args: elements as TypeExpr[], nullable, arrayRank, tuple: true };
  }
  const segments = splitDotted(text);
  if (segments.length === 0) return null;
  const last = parseSegment(segments[segments.length - 1]);
  if (!last) return null;
  let name = last.name;
  let args = last.args;
  if (segments.length >= 2 && NESTED_OUTER.has(name)) {
    const outer = parseSegment(segments[segments.length - 2]);
    if (outer) {
      name = `${outer.name}.${name}`;
      args = [...outer.args, ...args];
    }
  }
  name = ALIAS.get(name) ?? name;
  if (name === 'Nullable' && args.length === 1 && !nullable) return { ...args[0], nullable: true, arrayRank };
  return { name, args, nullable, arrayRank, tuple: false };
}

function parseTypeOrUnknown(text: string): TypeExpr {
  return parseType(text) ?? { name: text, args: [], nullable: false, arrayRank: 0, tuple: false };
}

/** `int count` in a tuple type: drop the element name. */
function dropTupleName(element: string): string {
  const m = /^(.*[\w>\])?])\s+[A-Za-z_]\w*$/.exec(element.trim());
  return m ? m[1] : element;
}

function splitDotted(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === '.' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim());
}

function parseSegment(segment: string): { name: string; args: TypeExpr[] } | null {
  const lt = segment.indexOf('<');
  if (lt === -1) return /^@?[A-Za-z_]\w*$/.test(segment) ? { name: segment.replace(/^@/, ''), args: [] } : null;
  if (!segment.endsWith('>')) return null;
  const name = segment.slice(0, lt).trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  const args = splitTopLevel(segment.slice(lt + 1, -1)).map((a) => parseType(a));
  if (args.some((a) => a === null)) return null;
  return { name, args: args as TypeExpr[] };
}

/** The canonical text of a type: keywords for primitives, no namespaces, tuples as `(int, string)`. */
export function formatType(t: TypeExpr): string {
  let core: string;
  if (t.tuple) core = `(${t.args.map(formatType).join(', ')})`;
  else if (t.name.includes('.') && t.args.length > 0) {
    // Nested generic BCL types print their arguments on the outer type: List<int>.Enumerator.
    const [outer, inner] = t.name.split('.');
    core = `${outer}<${t.args.map(formatType).join(', ')}>.${inner}`;
  } else core = t.args.length ? `${t.name}<${t.args.map(formatType).join(', ')}>` : t.name;
  return core + (t.nullable ? '?' : '') + '[]'.repeat(t.arrayRank);
}

/** Normalises type text to its canonical form, or returns it trimmed when it does not parse. */
export function canonicalType(text: string): string {
  const t = parseType(text);
  return t ? formatType(t) : text.trim();
}

export function typeExpr(name: string, args: TypeExpr[] = []): TypeExpr {
  return { name, args, nullable: false, arrayRank: 0, tuple: false };
}

/** The type text with each type parameter replaced by its argument: `Task<T>` with T = int gives `Task<int>`. */
export function substituteTypeText(text: string, typeArguments: Readonly<Record<string, string>>): string {
  const t = parseType(text);
  if (!t) return text;
  const sub = (e: TypeExpr): TypeExpr => {
    const bound = e.args.length === 0 && !e.tuple ? typeArguments[e.name] : undefined;
    const parsed = bound !== undefined ? parseType(bound) : null;
    if (parsed) return { ...parsed, nullable: parsed.nullable || e.nullable, arrayRank: parsed.arrayRank + e.arrayRank };
    return { ...e, args: e.args.map(sub) };
  };
  return formatType(sub(t));
}

/** What iterating over a value of this type yields (foreach and await foreach). */
export function elementTypeOf(collectionType: string): string | null {
  const t = parseType(collectionType);
  if (!t) return null;
  if (t.arrayRank > 0) return formatType({ ...t, arrayRank: t.arrayRank - 1 });
  if (t.name === 'string') return 'char';
  if ((t.name === 'Dictionary' || t.name === 'IDictionary' || t.name === 'IReadOnlyDictionary' || t.name === 'ConcurrentDictionary' || t.name === 'SortedDictionary') && t.args.length === 2) {
    return formatType(typeExpr('KeyValuePair', t.args));
  }
  if (t.args.length === 1) return formatType(t.args[0]);
  return null;
}
