/**
 * Reads the API signature database (server/data/signatures.txt, written by server/tools/signatures) into
 * lookups. Loading reads the index at the head of the file alone; a type's definition is made and its members are
 * read and parsed the first time someone asks for them, so the first analysis pays for the types it touches, not
 * for the whole .NET surface.
 *
 * The format, one record per line, fields separated by tabs (server/tools/signatures/README.md has the details):
 *   asynclens-signatures  <version>  <sources>  <types>  <members>  <names>  <extension names>  <index length>
 *   S  <bit>  <id>  <package>  <version>  <assembly folder>  <target framework or empty>
 *   T  <source mask>  <kind letter + flags>  <full name>  <generic parameter names>  <base type>  <interfaces>
 *      <member count>  <where the member block starts, after the index>  <its length>     (sorted by full name)
 *   N  <simple name>  <type numbers>                                                       (sorted by name)
 *   X  <extension method name>  <numbers of the static classes declaring one>              (sorted by name)
 * then the member blocks:
 *   I[mask]  <field name>  <field type>             a struct's instance fields, in layout order
 *   M[mask]  <flags>  <name>  <generic parameters>  <return type>  <parameter>...
 *   P[mask]  <flags>  <name>  <type>  <index parameter>...
 *   F[mask]  <flags>  <name>  <type>
 * A member line's mask is written only when it differs from its type's.
 */
import { parseApiTypeText, type ApiType } from './typeText';

export const SIGNATURE_FORMAT_VERSION = 1;

export interface SignatureSource {
  bit: number;
  id: string;
  packageId: string;
  version: string;
  /** The folder of the package the assemblies were read from (`ref/net8.0`, `lib/netstandard2.0`). */
  folder: string;
  /** The target framework a framework pack describes (`net8.0`); null for a package. */
  framework: string | null;
}

export type ApiTypeKind = 'class' | 'struct' | 'interface' | 'enum' | 'delegate';

export interface ApiTypeDefinition {
  /** `System.Threading.Tasks.Task`1`, `System.Runtime.CompilerServices.ConfiguredTaskAwaitable`1/ConfiguredTaskAwaiter`. */
  fullName: string;
  namespace: string;
  /** The simple name C# writes, without arity: `Task`, `ConfiguredTaskAwaiter`. */
  name: string;
  /** The generic parameters this type declares itself (a nested type also has its declaring types'). */
  ownArity: number;
  /** Every generic parameter, the declaring types' first: the `!N` of its members index this list. */
  genericParameters: string[];
  kind: ApiTypeKind;
  isStatic: boolean;
  isAbstract: boolean;
  isRefStruct: boolean;
  isReadOnly: boolean;
  /** A struct declared [StructLayout(LayoutKind.Auto)] in its implementation assembly (flag `A`). */
  isAutoLayout: boolean;
  /** The base class of a class (null for System.Object's direct subclasses), the underlying type of an enum. */
  baseType: ApiType | null;
  interfaces: ApiType[];
  /** The sources this type appears in, one bit per source. */
  mask: number;
  /** The full name of the declaring type of a nested type. */
  declaringType: string | null;
}

export interface ApiParameter {
  name: string;
  type: ApiType;
  modifier: 'ref' | 'out' | 'in' | 'ref readonly' | 'params' | null;
  optional: boolean;
}

export interface ApiGenericParameter {
  name: string;
  /** Types the argument must derive from or implement, plus `class`, `struct` and `new` for the special ones. */
  constraints: (ApiType | 'class' | 'struct' | 'new')[];
}

export interface ApiMethod {
  declaringType: string;
  name: string;
  isStatic: boolean;
  isExtension: boolean;
  isProtected: boolean;
  genericParameters: ApiGenericParameter[];
  returnType: ApiType;
  parameters: ApiParameter[];
  mask: number;
}

export interface ApiProperty {
  declaringType: string;
  name: string;
  type: ApiType;
  isStatic: boolean;
  canRead: boolean;
  canWrite: boolean;
  isProtected: boolean;
  /** An indexer's parameters; empty for a plain property. */
  parameters: ApiParameter[];
  mask: number;
}

export interface ApiField {
  declaringType: string;
  name: string;
  type: ApiType;
  isStatic: boolean;
  isConst: boolean;
  isReadOnly: boolean;
  isProtected: boolean;
  mask: number;
}

/** One layout of a struct: its instance fields in order, for the sources in `mask`. */
export interface ApiLayout {
  mask: number;
  fields: { name: string; type: ApiType }[];
}

export interface ApiMembers {
  methods: ApiMethod[];
  properties: ApiProperty[];
  fields: ApiField[];
  /** Structs only; empty when no implementation assembly described the struct (its size is unknown). */
  layouts: ApiLayout[];
}

export interface SignatureDatabase {
  formatVersion: number;
  sources: SignatureSource[];
  typeCount: number;
  memberCount: number;
  /** A type by its full metadata name. */
  type(fullName: string): ApiTypeDefinition | undefined;
  /** Every type whose simple C# name is `name` (any namespace, any arity). */
  typesNamed(name: string): readonly ApiTypeDefinition[];
  /** Whether any type lives in this namespace or below it. */
  hasNamespace(namespace: string): boolean;
  /** A type's own members (not inherited ones), parsed on first use. */
  membersOf(type: ApiTypeDefinition): ApiMembers;
  /**
   * A type's own methods, properties and fields named `name` (no layouts): what membersOf lists with that name, in
   * the same order, parsing only those lines of the type's block. A question about one member (`GetAwaiter`,
   * `op_Implicit`, `Invoke`) then costs its lines, not the hundreds of members of `string` or `HttpClient`.
   */
  membersNamed(type: ApiTypeDefinition, name: string): ApiMembers;
  /** The static classes that declare extension methods named `name`. */
  extensionHolders(name: string): readonly ApiTypeDefinition[];
  /** Reads and checks everything (order, member blocks, counts) and lists the problems; for tests, not for loading. */
  validate(): string[];
}

export class SignatureFormatError extends Error {}

/**
 * Where the database's text comes from: the host reads the head (the index) at once and member blocks as they are
 * asked for, from the file; tests and tools hand in the whole text (signatureText).
 */
export interface SignatureFile {
  /** The first `length` characters (the header line is at most 200). */
  head(length: number): string;
  /** `length` characters from `start`. */
  read(start: number, length: number): string;
}

/** The database file as one string. */
export function signatureText(text: string): SignatureFile {
  return { head: (length) => text.slice(0, length), read: (start, length) => text.slice(start, start + length) };
}

/** Parses the database's type notation; one per database, remembering what it parsed (see memoizedTypeText). */
type TypeTextParser = (text: string) => ApiType;

/**
 * The type text parser of one database: each distinct text is parsed once. Member blocks repeat a few texts
 * (`string`, `System.Threading.CancellationToken`, `!0`) in most of their lines, and parsing them again was a
 * large part of reading the blocks the first analysis asks for. ApiType values are never modified (substitute
 * and the other helpers make new ones), so members may share them. A text that does not parse throws each time.
 */
function memoizedTypeText(): TypeTextParser {
  const parsed = new Map<string, ApiType>();
  return (text) => {
    let type = parsed.get(text);
    if (!type) {
      type = parseApiTypeText(text);
      parsed.set(text, type);
    }
    return type;
  };
}

const KINDS: Record<string, ApiTypeKind> = { c: 'class', s: 'struct', i: 'interface', e: 'enum', d: 'delegate' };
const NO_MEMBERS: ApiMembers = { methods: [], properties: [], fields: [], layouts: [] };

/** A sorted run of index lines, searched by the field after the tag (type lines by full name, lookups by name). */
interface SortedLines {
  lines: readonly string[];
  /** The key of line i: the full name of a type line, the name of a lookup line. */
  keyAt(i: number): string;
}

function find(sorted: SortedLines, key: string): number {
  let low = 0;
  let high = sorted.lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted.keyAt(mid) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The n-th tab-separated field of a line, without splitting the rest. */
function fieldOf(line: string, n: number): string {
  let start = 0;
  for (let i = 0; i < n; i++) start = line.indexOf('\t', start) + 1;
  const end = line.indexOf('\t', start);
  return line.slice(start, end === -1 ? undefined : end);
}

/**
 * Reads the database's index. A damaged header or index throws SignatureFormatError saying what is wrong. A type
 * line or member block is checked the first time it is read; a damaged one reads as no type or no members and is
 * reported through `onProblem` once, so a bad line costs answers, never the analysis.
 */
export function parseSignatureDatabase(source: SignatureFile | string, options: { onProblem?: (message: string) => void; sourceBit?: number } = {}): SignatureDatabase {
  const file = typeof source === 'string' ? signatureText(source) : source;
  const first = file.head(200);
  const headerEnd = first.indexOf('\n');
  const header = (headerEnd === -1 ? first : first.slice(0, headerEnd)).split('\t');
  if (header[0] !== 'asynclens-signatures') throw new SignatureFormatError('not an AsyncLens signature database (the first line does not start with asynclens-signatures)');
  const formatVersion = Number(header[1]);
  if (formatVersion !== SIGNATURE_FORMAT_VERSION) {
    throw new SignatureFormatError(`signature database format ${header[1]} is not the ${SIGNATURE_FORMAT_VERSION} this version of AsyncLens reads; regenerate it with npm run signatures`);
  }
  const counts = header.slice(2).map(Number);
  if (counts.length !== 6 || !counts.every((n) => Number.isInteger(n) && n >= 0)) throw new SignatureFormatError('the header\'s counts are not six numbers');
  const [sourceCount, typeCount, memberCount, nameCount, extensionCount, indexLength] = counts as [number, number, number, number, number, number];
  const index = file.head(indexLength);
  if (index.length !== indexLength || !index.endsWith('\n')) throw new SignatureFormatError(`the index should be ${indexLength} characters ending a line; the file is shorter or damaged`);
  // One native split of about 20,000 lines is the whole of loading; everything else is found by binary search.
  const lines = index.slice(headerEnd + 1, -1).split('\n');
  if (lines.length !== sourceCount + typeCount + nameCount + extensionCount) {
    throw new SignatureFormatError(`the header announces ${sourceCount} sources, ${typeCount} types, ${nameCount} names and ${extensionCount} extension names; the index has ${lines.length} lines`);
  }
  const section = (from: number, count: number, tag: string) => {
    const run = lines.slice(from, from + count);
    if (count && (run[0]![0] !== tag || run[count - 1]![0] !== tag)) throw new SignatureFormatError(`the index's ${tag} lines are not where the header says`);
    return run;
  };
  const sourceLines = section(0, sourceCount, 'S');
  const types: SortedLines = { lines: section(sourceCount, typeCount, 'T'), keyAt: (i) => fieldOf(types.lines[i]!, 3) };
  const names: SortedLines = { lines: section(sourceCount + typeCount, nameCount, 'N'), keyAt: (i) => fieldOf(names.lines[i]!, 1) };
  const extensions: SortedLines = { lines: section(sourceCount + typeCount + nameCount, extensionCount, 'X'), keyAt: (i) => fieldOf(extensions.lines[i]!, 1) };
  const sources: SignatureSource[] = sourceLines.map((line) => {
    const f = line.split('\t');
    if (f.length !== 7) throw new SignatureFormatError(`a source line has ${f.length} fields, not 7: ${line}`);
    return { bit: options.sourceBit ?? Number(f[1]), id: f[2]!, packageId: f[3]!, version: f[4]!, folder: f[5]!, framework: f[6] || null };
  });
  // A database read as one source of a combined one (a package of the user's project) has all its masks moved to that bit.
  const remap = options.sourceBit === undefined ? (mask: number) => mask : (mask: number) => (mask === 0 ? 0 : 1 << options.sourceBit!);

  const parseType = memoizedTypeText();
  const reported = new Set<string>();
  const problem = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    options.onProblem?.(message);
  };
  const definitions: (TypeLine | null | undefined)[] = new Array(typeCount);
  const definitionAt = (i: number): TypeLine | null => {
    let d = definitions[i];
    if (d === undefined) {
      try {
        d = typeLine(types.lines[i]!, problem, remap, parseType);
      } catch (e) {
        d = null;
        problem((e as Error).message);
      }
      definitions[i] = d;
    }
    return d;
  };
  const byFullName = new Map<string, TypeLine | null>();
  const type = (fullName: string): TypeLine | null => {
    let d = byFullName.get(fullName);
    if (d === undefined) {
      const i = find(types, fullName);
      d = i < typeCount && types.keyAt(i) === fullName ? definitionAt(i) : null;
      byFullName.set(fullName, d);
    }
    return d;
  };
  const lookup = (sorted: SortedLines, cache: Map<string, ApiTypeDefinition[]>, key: string): ApiTypeDefinition[] => {
    let list = cache.get(key);
    if (!list) {
      const i = find(sorted, key);
      list = [];
      if (i < sorted.lines.length && sorted.keyAt(i) === key) {
        for (const n of fieldOf(sorted.lines[i]!, 2).split(' ')) {
          const d = Number(n) < typeCount ? definitionAt(Number(n)) : null;
          if (d) list.push(d);
          else problem(`signature database: the lookup line for ${key} names type ${n}, which is not there`);
        }
      }
      cache.set(key, list);
    }
    return list;
  };
  const named = new Map<string, ApiTypeDefinition[]>();
  const holders = new Map<string, ApiTypeDefinition[]>();
  const members = new Map<string, ApiMembers>();
  const blocks = new Map<string, string>();
  const membersByName = new Map<string, ApiMembers>();
  const blockOf = (d: TypeLine): string => {
    let block = blocks.get(d.fullName);
    if (block === undefined) blocks.set(d.fullName, (block = file.read(indexLength + d.blockStart, d.blockLength)));
    return block;
  };

  const membersOf = (definition: ApiTypeDefinition): ApiMembers => {
    let result = members.get(definition.fullName);
    if (!result) {
      const d = type(definition.fullName);
      try {
        result = d ? parseMembers(blockOf(d), d, d.memberCount, remap, parseType) : NO_MEMBERS;
      } catch (e) {
        result = NO_MEMBERS;
        problem((e as Error).message);
      }
      members.set(definition.fullName, result);
      // The whole block is parsed now: the lines by name are no longer needed.
      blocks.delete(definition.fullName);
    }
    return result;
  };

  const namedFromWhole = new Map<string, ApiMembers>();
  const membersNamed = (definition: ApiTypeDefinition, name: string): ApiMembers => {
    const all = members.get(definition.fullName);
    const key = `${definition.fullName}\t${name}`;
    if (all) {
      // Filtered once per name: a type whose whole block was parsed (Task, for a struct layout or a member list) is
      // asked about by name at every call site, and filtering its hundred members each time showed in profiles.
      let named = namedFromWhole.get(key);
      if (!named) namedFromWhole.set(key, (named = onlyNamed(all, name)));
      return named;
    }
    let result = membersByName.get(key);
    if (!result) {
      const d = type(definition.fullName);
      try {
        result = d ? parseNamedMembers(blockOf(d), d, name, remap, parseType) : NO_MEMBERS;
      } catch (e) {
        // A damaged block answers nothing for the type, as membersOf does; the message is the same.
        result = NO_MEMBERS;
        problem((e as Error).message);
      }
      membersByName.set(key, result);
    }
    return result;
  };

  return {
    formatVersion,
    sources,
    typeCount,
    memberCount,
    type: (fullName) => type(fullName) ?? undefined,
    typesNamed: (name) => lookup(names, named, name),
    hasNamespace: (namespace) => {
      // Type lines are in ordinal order of their full names, JavaScript's string order, so the first name at or
      // after `namespace.` says whether any type lives in the namespace or below it.
      const prefix = `${namespace}.`;
      const i = find(types, prefix);
      return i < typeCount && types.keyAt(i).startsWith(prefix);
    },
    membersOf,
    membersNamed,
    extensionHolders: (name) => lookup(extensions, holders, name),
    validate: () => validate(types, names, extensions, typeCount, memberCount, definitionAt, membersOf),
  };
}

/** Every check the lazy reader makes as it goes, made at once (the tests run it over both databases). */
function validate(types: SortedLines, names: SortedLines, extensions: SortedLines, typeCount: number, memberCount: number,
  definitionAt: (i: number) => TypeLine | null, membersOf: (d: ApiTypeDefinition) => ApiMembers): string[] {
  const problems: string[] = [];
  for (const sorted of [types, names, extensions]) {
    for (let i = 1; i < sorted.lines.length; i++) if (!(sorted.keyAt(i - 1) < sorted.keyAt(i))) problems.push(`${sorted.keyAt(i)} is out of order`);
  }
  let members = 0;
  let end = 0;
  for (let i = 0; i < typeCount; i++) {
    const d = definitionAt(i);
    if (!d) {
      problems.push(`type line ${i} does not parse`);
      continue;
    }
    if (d.blockStart !== end) problems.push(`the members of ${d.fullName} start at ${d.blockStart}, not where the previous type's end (${end})`);
    end = d.blockStart + d.blockLength;
    const m = membersOf(d);
    members += m.methods.length + m.properties.length + m.fields.length;
    void d.baseType;
    void d.interfaces;
  }
  if (members !== memberCount) problems.push(`the header announces ${memberCount} members, the blocks have ${members}`);
  return problems;
}

/** The definition of one type line. */
function typeLine(line: string, problem: (message: string) => void, remap: (mask: number) => number = (m) => m, parseType: TypeTextParser = parseApiTypeText): TypeLine {
  const f = line.split('\t');
  if (f.length !== 10) throw new SignatureFormatError(`signature database: a type line has ${f.length} fields, not 10: ${line.slice(0, 120)}`);
  const kind = KINDS[f[2]![0]!];
  if (!kind) throw new SignatureFormatError(`signature database: ${f[3]} has the unknown type kind ${f[2]![0]}`);
  const numbers = [f[1], f[7], f[8], f[9]].map(Number);
  if (!numbers.every((n) => Number.isInteger(n) && n >= 0)) throw new SignatureFormatError(`signature database: the type line of ${f[3]} has a field that should be a number and is not`);
  return new TypeLine(f, kind, problem, remap, parseType);
}

/**
 * A type as its line describes it, with the base types and interfaces parsed on first read. A class rather than an
 * object literal with getters: a literal makes a closure per getter and per type.
 */
class TypeLine implements ApiTypeDefinition {
  readonly fullName: string;
  readonly namespace: string;
  readonly name: string;
  readonly ownArity: number;
  readonly genericParameters: string[];
  readonly kind: ApiTypeKind;
  readonly isStatic: boolean;
  readonly isAbstract: boolean;
  readonly isRefStruct: boolean;
  readonly isReadOnly: boolean;
  readonly isAutoLayout: boolean;
  readonly mask: number;
  readonly declaringType: string | null;
  readonly memberCount: number;
  readonly blockStart: number;
  readonly blockLength: number;
  private readonly baseText: string;
  private readonly interfaceText: string;
  private parsedBase: ApiType | null | undefined = undefined;
  private parsedInterfaces: ApiType[] | undefined = undefined;

  constructor(f: string[], kind: ApiTypeKind, private readonly problem: (message: string) => void, remap: (mask: number) => number = (m) => m,
    private readonly parseType: TypeTextParser = parseApiTypeText) {
    const flags = f[2]!;
    this.fullName = f[3]!;
    const slash = this.fullName.indexOf('/');
    const outer = slash === -1 ? this.fullName : this.fullName.slice(0, slash);
    const dot = outer.lastIndexOf('.');
    this.namespace = dot === -1 ? '' : outer.slice(0, dot);
    const lastSlash = this.fullName.lastIndexOf('/');
    const last = lastSlash === -1 ? outer.slice(dot + 1) : this.fullName.slice(lastSlash + 1);
    const tick = last.lastIndexOf('`');
    this.name = tick === -1 ? last : last.slice(0, tick);
    this.ownArity = tick === -1 ? 0 : Number(last.slice(tick + 1));
    this.genericParameters = f[4] ? f[4].split(' ') : [];
    this.kind = kind;
    this.isStatic = flags.includes('S');
    this.isAbstract = flags.includes('a');
    this.isRefStruct = flags.includes('r');
    this.isReadOnly = flags.includes('R');
    this.isAutoLayout = flags.includes('A');
    this.mask = remap(Number(f[1]));
    this.declaringType = lastSlash === -1 ? null : this.fullName.slice(0, lastSlash);
    this.baseText = f[5]!;
    this.interfaceText = f[6]!;
    this.memberCount = Number(f[7]);
    this.blockStart = Number(f[8]);
    this.blockLength = Number(f[9]);
  }

  get baseType(): ApiType | null {
    if (this.parsedBase === undefined) this.parsedBase = this.baseText ? this.parsed(this.baseText) : null;
    return this.parsedBase;
  }

  get interfaces(): ApiType[] {
    this.parsedInterfaces ??= this.interfaceText ? this.interfaceText.split(' ').map((i) => this.parsed(i)).filter((i): i is ApiType => i !== null) : [];
    return this.parsedInterfaces;
  }

  /** A damaged base or interface reads as missing, reported once; it never throws into an analysis. */
  private parsed(text: string): ApiType | null {
    try {
      return this.parseType(text);
    } catch (e) {
      this.problem(`signature database, the type line of ${this.fullName}: ${(e as Error).message}`);
      return null;
    }
  }
}

function parseParameter(text: string, parseType: TypeTextParser): ApiParameter {
  let rest = text;
  let modifier: ApiParameter['modifier'] = null;
  for (const m of ['ref readonly ', 'ref ', 'out ', 'in ', 'params '] as const) {
    if (rest.startsWith(m)) {
      modifier = m.trim() as ApiParameter['modifier'];
      rest = rest.slice(m.length);
      break;
    }
  }
  const optional = rest.endsWith('=');
  if (optional) rest = rest.slice(0, -1);
  const space = rest.lastIndexOf(' ');
  if (space === -1) throw new SignatureFormatError(`a parameter without a name: ${text}`);
  return { name: rest.slice(space + 1), type: parseType(rest.slice(0, space)), modifier, optional };
}

function parseGenericParameter(text: string, parseType: TypeTextParser): ApiGenericParameter {
  const colon = text.indexOf(':');
  if (colon === -1) return { name: text, constraints: [] };
  return {
    name: text.slice(0, colon),
    constraints: text.slice(colon + 1).split(';').map((c) => (c === 'class' || c === 'struct' || c === 'new' ? c : parseType(c))),
  };
}

/** The mask of a member line (`M12` → 12) or its type's when the line has none. */
function maskOf(tag: string, typeMask: number): number {
  return tag.length > 1 ? Number(tag.slice(1)) : typeMask;
}

function parseMembers(block: string, type: ApiTypeDefinition, memberCount: number | null, remap: (mask: number) => number = (m) => m,
  parseType: TypeTextParser = parseApiTypeText): ApiMembers {
  const parameter = (text: string) => parseParameter(text, parseType);
  const members: ApiMembers = { methods: [], properties: [], fields: [], layouts: [] };
  const declaringType = type.fullName;
  for (const line of block.split('\n')) {
    if (!line) continue;
    const f = line.split('\t');
    const tag = f[0]!;
    try {
      switch (tag[0]) {
        case 'M': {
          const flags = f[1]!;
          members.methods.push({
            declaringType,
            name: f[2]!,
            isStatic: flags.includes('s'),
            isExtension: flags.includes('x'),
            isProtected: flags.includes('p'),
            genericParameters: f[3] ? f[3].split(' ').map((g) => parseGenericParameter(g, parseType)) : [],
            returnType: parseType(f[4]!),
            parameters: f.slice(5).map(parameter),
            mask: remap(maskOf(tag, type.mask)),
          });
          break;
        }
        case 'P': {
          const flags = f[1]!;
          members.properties.push({
            declaringType,
            name: f[2]!,
            type: parseType(f[3]!),
            isStatic: flags.includes('s'),
            canRead: flags.includes('g'),
            canWrite: flags.includes('w'),
            isProtected: flags.includes('p'),
            parameters: f.slice(4).map(parameter),
            mask: remap(maskOf(tag, type.mask)),
          });
          break;
        }
        case 'F': {
          const flags = f[1]!;
          members.fields.push({
            declaringType,
            name: f[2]!,
            type: parseType(f[3]!),
            isStatic: flags.includes('s') || flags.includes('c'),
            isConst: flags.includes('c'),
            isReadOnly: flags.includes('r'),
            isProtected: flags.includes('p'),
            mask: remap(maskOf(tag, type.mask)),
          });
          break;
        }
        case 'I': {
          const mask = remap(maskOf(tag, type.mask));
          let layout = members.layouts.find((l) => l.mask === mask);
          if (!layout) members.layouts.push((layout = { mask, fields: [] }));
          // An empty struct's layout is an `I` line with no field.
          if (f.length === 3) layout.fields.push({ name: f[1]!, type: parseType(f[2]!) });
          break;
        }
        default:
          throw new SignatureFormatError(`unknown record ${tag[0]}`);
      }
    } catch (e) {
      throw new SignatureFormatError(`signature database, a member of ${declaringType}: ${(e as Error).message} in \`${line}\``);
    }
  }
  const count = members.methods.length + members.properties.length + members.fields.length;
  if (memberCount !== null && count !== memberCount) throw new SignatureFormatError(`signature database: ${declaringType} announces ${memberCount} members and has ${count}`);
  return members;
}

/** What membersOf lists with this name, from the parsed members. */
function onlyNamed(all: ApiMembers, name: string): ApiMembers {
  return {
    methods: all.methods.filter((m) => m.name === name),
    properties: all.properties.filter((p) => p.name === name),
    fields: all.fields.filter((f) => f.name === name),
    layouts: [],
  };
}

/**
 * The members named `name` of one block, parsing only their lines. The block's member lines are counted against
 * its type line first, so a block that lost or gained a line is refused as membersOf refuses it; a damaged line of
 * another name goes unnoticed until that name (or the whole block) is asked for.
 */
function parseNamedMembers(block: string, type: TypeLine, name: string, remap: (mask: number) => number, parseType: TypeTextParser): ApiMembers {
  const lines = block.split('\n');
  let count = 0;
  const wanted: string[] = [];
  for (const line of lines) {
    const tag = line.charCodeAt(0);
    // M, P and F lines are members; I lines are layout fields; an empty line ends the block.
    if (tag !== 77 && tag !== 80 && tag !== 70) {
      // A line of no known kind is passed on, so that parseMembers refuses the block with its own message.
      if (line && tag !== 73) wanted.push(line);
      continue;
    }
    count++;
    if (fieldOf(line, 2) === name) wanted.push(line);
  }
  if (count !== type.memberCount) throw new SignatureFormatError(`signature database: ${type.fullName} announces ${type.memberCount} members and has ${count}`);
  if (wanted.length === 0) return NO_MEMBERS;
  return parseMembers(wanted.join('\n'), type, null, remap, parseType);
}
