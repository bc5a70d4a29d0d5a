/**
 * Types as the signature database writes them and as C# source spells them, parsed into one structure
 * (`ApiType`), and printed back as C#.
 *
 * The database's notation (server/tools/signatures/TypeNames.cs writes it): metadata names with their arity
 * (`System.Threading.Tasks.Task`1<int>`), `/` between a nested type and the type declaring it, `!N` and `!!N`
 * for the declaring type's and the method's generic parameters, C# keywords for the primitive types, and the
 * suffixes `[]`, `[,]`, `*` and `&`. A nested type's arguments are those of the whole chain, outermost first,
 * as in metadata: `ConfiguredTaskAwaitable`1/ConfiguredTaskAwaiter<int>` is C#'s
 * `ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter`.
 */

export type ApiType =
  /** `name` is a database type's full name, a C# keyword, or a name the database does not know, kept as written. */
  | { kind: 'named'; name: string; args: ApiType[] }
  | { kind: 'typeParameter'; index: number; ofMethod: boolean }
  | { kind: 'array'; element: ApiType; rank: number }
  | { kind: 'pointer'; element: ApiType };

/** C# keywords for the types the database writes as keywords, with their metadata names. */
export const KEYWORD_TYPES: ReadonlyMap<string, string> = new Map([
  ['void', 'System.Void'], ['bool', 'System.Boolean'], ['char', 'System.Char'], ['sbyte', 'System.SByte'], ['byte', 'System.Byte'],
  ['short', 'System.Int16'], ['ushort', 'System.UInt16'], ['int', 'System.Int32'], ['uint', 'System.UInt32'], ['long', 'System.Int64'],
  ['ulong', 'System.UInt64'], ['float', 'System.Single'], ['double', 'System.Double'], ['decimal', 'System.Decimal'],
  ['string', 'System.String'], ['object', 'System.Object'], ['nint', 'System.IntPtr'], ['nuint', 'System.UIntPtr'],
]);
const KEYWORD_OF_METADATA_NAME = new Map([...KEYWORD_TYPES].map(([k, v]) => [v, k]));

/** The keyword C# has for a metadata name (`System.Int32` is `int`), or the name itself. */
export function keywordOf(fullName: string): string {
  return KEYWORD_OF_METADATA_NAME.get(fullName) ?? fullName;
}

export function named(name: string, args: ApiType[] = []): ApiType {
  return { kind: 'named', name, args };
}

export class TypeTextError extends Error {}

/** Parses the database's notation. Throws TypeTextError on text the tool never writes. */
export function parseApiTypeText(text: string): ApiType {
  let pos = 0;
  const fail = (what: string): never => {
    throw new TypeTextError(`bad type text \`${text}\` at ${pos}: ${what}`);
  };
  const parseType = (): ApiType => {
    let type: ApiType;
    if (text.startsWith('!!', pos) || text[pos] === '!') {
      const ofMethod = text.startsWith('!!', pos);
      pos += ofMethod ? 2 : 1;
      const start = pos;
      while (pos < text.length && text.charCodeAt(pos) >= 48 && text.charCodeAt(pos) <= 57) pos++;
      if (pos === start) fail('a generic parameter needs its index');
      type = { kind: 'typeParameter', index: Number(text.slice(start, pos)), ofMethod };
    } else {
      const start = pos;
      while (pos < text.length && !'<>,[]*&'.includes(text[pos]!)) pos++;
      if (pos === start) fail('a type name was expected');
      const name = text.slice(start, pos);
      const args: ApiType[] = [];
      if (text[pos] === '<') {
        pos++;
        for (;;) {
          args.push(parseType());
          if (text[pos] === ',') pos++;
          else if (text[pos] === '>') { pos++; break; } else fail('`,` or `>` was expected');
        }
      }
      type = { kind: 'named', name, args };
    }
    for (;;) {
      if (text[pos] === '[') {
        let rank = 1;
        pos++;
        while (text[pos] === ',') { rank++; pos++; }
        if (text[pos] !== ']') fail('`]` was expected');
        pos++;
        type = { kind: 'array', element: type, rank };
      } else if (text[pos] === '*') {
        pos++;
        type = { kind: 'pointer', element: type };
      } else if (text[pos] === '&') {
        // By-reference types reach here only in ref returns and fields of ref structs; the value's type is what counts.
        pos++;
      } else return type;
    }
  };
  const result = parseType();
  if (pos !== text.length) fail('text after the type');
  return result;
}

/**
 * A type as C# source writes it, before its names are resolved: `Task<int>`, `List<string>?`, `(int, string)`,
 * `System.IO.Stream`, `Outer<int>.Inner`, `int[]`, `global::Foo.Bar`. `nullable` marks a `?` the resolver
 * turns into `Nullable<T>` when T is a value type and drops otherwise.
 */
export type SourceType =
  | { kind: 'name'; segments: { name: string; args: SourceType[] }[] }
  | { kind: 'tuple'; elements: SourceType[] }
  | { kind: 'array'; element: SourceType; rank: number }
  | { kind: 'pointer'; element: SourceType }
  | { kind: 'nullable'; element: SourceType };

/** Parses a C# type as written in source, or null when the text is not one (or is `var`). */
export function parseSourceType(text: string): SourceType | null {
  let pos = 0;
  const src = text;
  const skipSpace = () => {
    while (pos < src.length && /\s/.test(src[pos]!)) pos++;
  };
  const identifier = (): string | null => {
    skipSpace();
    const m = /^@?[A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF]*/.exec(src.slice(pos));
    if (!m) return null;
    pos += m[0].length;
    return m[0].replace(/^@/, '');
  };
  const parseType = (): SourceType | null => {
    skipSpace();
    let type: SourceType | null;
    if (src[pos] === '(') {
      pos++;
      const elements: SourceType[] = [];
      for (;;) {
        const element = parseType();
        if (!element) return null;
        elements.push(element);
        // A tuple element may be named: `(int Count, string Name)`.
        const save = pos;
        if (identifier() === null) pos = save;
        skipSpace();
        if (src[pos] === ',') pos++;
        else if (src[pos] === ')') { pos++; break; } else return null;
      }
      if (elements.length < 2) return null;
      type = { kind: 'tuple', elements };
    } else {
      if (src.startsWith('global::', pos)) pos += 'global::'.length;
      const segments: { name: string; args: SourceType[] }[] = [];
      for (;;) {
        const name = identifier();
        if (name === null) return null;
        const args: SourceType[] = [];
        skipSpace();
        if (src[pos] === '<') {
          pos++;
          for (;;) {
            const arg = parseType();
            if (!arg) return null;
            args.push(arg);
            skipSpace();
            if (src[pos] === ',') pos++;
            else if (src[pos] === '>') { pos++; break; } else return null;
          }
        }
        segments.push({ name, args });
        skipSpace();
        if (src[pos] === '.' && /[A-Za-z_@]/.test(src[pos + 1] ?? '')) pos++;
        else if (src.startsWith('::', pos)) pos += 2;
        else break;
      }
      type = { kind: 'name', segments };
    }
    for (;;) {
      skipSpace();
      if (src[pos] === '?') { pos++; type = { kind: 'nullable', element: type }; }
      else if (src[pos] === '*') { pos++; type = { kind: 'pointer', element: type }; }
      else if (src[pos] === '[') {
        let rank = 1;
        pos++;
        skipSpace();
        while (src[pos] === ',') { rank++; pos++; skipSpace(); }
        if (src[pos] !== ']') return null;
        pos++;
        type = { kind: 'array', element: type, rank };
      } else return type;
    }
  };
  const result = parseType();
  skipSpace();
  if (!result || pos !== src.length) return null;
  if (result.kind === 'name' && result.segments.length === 1 && result.segments[0]!.name === 'var' && !result.segments[0]!.args.length) return null;
  return result;
}

/** Replaces `!N` with the declaring type's arguments and `!!N` with the method's; unknown ones stay. */
export function substitute(type: ApiType, typeArgs: readonly ApiType[], methodArgs: readonly (ApiType | null)[] = []): ApiType {
  switch (type.kind) {
    case 'typeParameter':
      return (type.ofMethod ? methodArgs[type.index] : typeArgs[type.index]) ?? type;
    case 'named':
      return type.args.length ? { kind: 'named', name: type.name, args: type.args.map((a) => substitute(a, typeArgs, methodArgs)) } : type;
    case 'array':
      return { kind: 'array', element: substitute(type.element, typeArgs, methodArgs), rank: type.rank };
    case 'pointer':
      return { kind: 'pointer', element: substitute(type.element, typeArgs, methodArgs) };
  }
}

/** Whether a type still mentions a generic parameter (a method's type argument could not be inferred). */
export function hasTypeParameters(type: ApiType): boolean {
  switch (type.kind) {
    case 'typeParameter':
      return true;
    case 'named':
      return type.args.some(hasTypeParameters);
    default:
      return hasTypeParameters(type.element);
  }
}

export function sameType(a: ApiType, b: ApiType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'typeParameter':
      return b.kind === 'typeParameter' && a.index === b.index && a.ofMethod === b.ofMethod;
    case 'named':
      return b.kind === 'named' && a.name === b.name && a.args.length === b.args.length && a.args.every((x, i) => sameType(x, b.args[i]!));
    case 'array':
      return b.kind === 'array' && a.rank === b.rank && sameType(a.element, b.element);
    case 'pointer':
      return b.kind === 'pointer' && sameType(a.element, b.element);
  }
}

/** The arity a metadata name segment declares (`Task`1` has 1, `ConfiguredTaskAwaiter` has 0). */
export function ownArity(segment: string): number {
  const tick = segment.lastIndexOf('`');
  return tick === -1 ? 0 : Number(segment.slice(tick + 1)) || 0;
}

function withoutArity(segment: string): string {
  const tick = segment.lastIndexOf('`');
  return tick === -1 ? segment : segment.slice(0, tick);
}

/**
 * `csharpText(type, { qualified: true })`, kept per type object: overload resolution compares a type with every
 * supertype of another (derivesFrom) and keys its caches by this text, over and over for the same objects (types
 * are never modified once made, so the text of an object never changes).
 */
export function qualifiedText(type: ApiType): string {
  let text = qualifiedTexts.get(type);
  if (text === undefined) qualifiedTexts.set(type, (text = csharpText(type, { qualified: true })));
  return text;
}

const qualifiedTexts = new WeakMap<ApiType, string>();

/**
 * The type as C# writes it. `qualified` keeps namespaces (`System.Threading.Tasks.Task<string>`), which the
 * resolver reads back without the file's usings; otherwise the simple names people read in messages.
 */
export function csharpText(type: ApiType, options: { qualified?: boolean } = {}): string {
  switch (type.kind) {
    case 'typeParameter':
      return type.ofMethod ? `TMethod${type.index}` : `T${type.index}`;
    case 'array':
      return `${csharpText(type.element, options)}[${','.repeat(type.rank - 1)}]`;
    case 'pointer':
      return `${csharpText(type.element, options)}*`;
    case 'named': {
      if (type.name === 'System.Nullable`1' && type.args.length === 1) return `${csharpText(type.args[0]!, options)}?`;
      const tupleArity = /^System\.ValueTuple`([1-7])$/.exec(type.name);
      if (tupleArity && Number(tupleArity[1]) >= 2 && type.args.length === Number(tupleArity[1])) {
        return `(${type.args.map((a) => csharpText(a, options)).join(', ')})`;
      }
      const segments = type.name.split('/');
      const dot = segments[0]!.lastIndexOf('.');
      const namespace = dot === -1 || KEYWORD_TYPES.has(type.name) ? '' : segments[0]!.slice(0, dot);
      if (namespace) segments[0] = segments[0]!.slice(dot + 1);
      let next = 0;
      const parts = segments.map((segment) => {
        const arity = ownArity(segment);
        const args = type.args.slice(next, next + arity);
        next += arity;
        return args.length ? `${withoutArity(segment)}<${args.map((a) => csharpText(a, options)).join(', ')}>` : withoutArity(segment);
      });
      // A name the database does not know keeps the arguments it was written with.
      if (next < type.args.length && next === 0) parts[parts.length - 1] += `<${type.args.map((a) => csharpText(a, options)).join(', ')}>`;
      const text = parts.join('.');
      return options.qualified && namespace ? `${namespace}.${text}` : text;
    }
  }
}
