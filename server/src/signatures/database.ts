/**
 * Reads the API signature database (server/data/signatures.txt, written by server/tools/signatures) into
 * lookups. Loading reads only the header and the type lines; a type's members are parsed the first time
 * someone asks for them, so the first analysis pays for the types it touches, not for the whole .NET surface.
 *
 * The format, one record per line, fields separated by tabs (server/tools/signatures/README.md has the details):
 *   asynclens-signatures  <format version>  <sources>  <types>  <members>
 *   S  <bit>  <id>  <package>  <version>  <assembly folder>  <target framework or empty>
 *   T  <source mask>  <kind letter + flags>  <full name>  <generic parameter names>  <base type>  <interfaces>
 *      <names of the extension methods a static class declares>  <member count>  <length of the member lines>
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
  /** The static classes that declare extension methods named `name`. */
  extensionHolders(name: string): readonly ApiTypeDefinition[];
}

export class SignatureFormatError extends Error {}

const KINDS: Record<string, ApiTypeKind> = { c: 'class', s: 'struct', i: 'interface', e: 'enum', d: 'delegate' };

interface TypeEntry {
  definition: ApiTypeDefinition;
  /** The extension methods a static class declares, by name (the type line lists them). */
  extensionNames: string[];
  memberCount: number;
  /** Where its member lines start and end in the text. */
  start: number;
  end: number;
  members?: ApiMembers;
}

/** Parses the database text. Throws SignatureFormatError with the line at fault for anything else. */
export function parseSignatureDatabase(text: string): SignatureDatabase {
  const headerEnd = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  const header = text.slice(0, headerEnd).split('\t');
  let pos = headerEnd + 1;
  let lineNumber = 1;
  if (header[0] !== 'asynclens-signatures') throw new SignatureFormatError('not an AsyncLens signature database (the first line does not start with asynclens-signatures)');
  const formatVersion = Number(header[1]);
  if (formatVersion !== SIGNATURE_FORMAT_VERSION) {
    throw new SignatureFormatError(`signature database format ${header[1]} is not the ${SIGNATURE_FORMAT_VERSION} this version of AsyncLens reads; regenerate it with npm run signatures`);
  }
  const [sourceCount, typeCount, memberCount] = [Number(header[2]), Number(header[3]), Number(header[4])];
  if (![sourceCount, typeCount, memberCount].every((n) => Number.isInteger(n) && n >= 0)) throw new SignatureFormatError('the header\'s counts are not numbers');

  const sources: SignatureSource[] = [];
  const entries = new Map<string, TypeEntry>();
  const extensionIndex = new Map<string, ApiTypeDefinition[]>();
  const byName = new Map<string, ApiTypeDefinition[]>();
  const namespaces = new Set<string>();
  let seenMembers = 0;
  const bad = (what: string): never => {
    throw new SignatureFormatError(`signature database line ${lineNumber}: ${what}`);
  };
  // Source lines come first; then each type line says how many members follow it and how long its block is, so
  // loading reads the type lines only and jumps over the members (measured: visiting every line made loading
  // several times slower, and the members of most types are never asked for).
  while (pos < text.length) {
    const lineStart = pos;
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    pos = end + 1;
    lineNumber++;
    if (end === lineStart) continue;
    const tag = text.charCodeAt(lineStart);
    if (tag === 84 /* T */) {
      const entry = typeEntry(text.slice(lineStart, end).split('\t'), pos, bad);
      if (entry.end > text.length) bad(`the members of ${entry.definition.fullName} run past the end of the file`);
      if (entry.end < text.length && text.charCodeAt(entry.end) !== 84) bad(`the members of ${entry.definition.fullName} do not end where the next type begins`);
      pos = entry.end;
      const definition = entry.definition;
      entries.set(definition.fullName, entry);
      seenMembers += entry.memberCount;
      const list = byName.get(definition.name);
      if (list) list.push(definition);
      else byName.set(definition.name, [definition]);
      for (const name of entry.extensionNames) {
        const holders = extensionIndex.get(name);
        if (holders) holders.push(definition);
        else extensionIndex.set(name, [definition]);
      }
      for (let ns = definition.namespace; ns; ns = ns.slice(0, Math.max(0, ns.lastIndexOf('.')))) {
        if (namespaces.has(ns)) break;
        namespaces.add(ns);
      }
    } else if (tag === 83 /* S */) {
      if (entries.size) bad('a source line after the types');
      const f = text.slice(lineStart, end).split('\t');
      if (f.length !== 7) bad(`a source line has ${f.length} fields, not 7`);
      sources.push({ bit: Number(f[1]), id: f[2]!, packageId: f[3]!, version: f[4]!, folder: f[5]!, framework: f[6] || null });
    } else {
      bad(`a ${text[lineStart]} record where a source or type line belongs`);
    }
  }
  if (sources.length !== sourceCount) throw new SignatureFormatError(`the header announces ${sourceCount} sources, the file has ${sources.length}`);
  if (entries.size !== typeCount) throw new SignatureFormatError(`the header announces ${typeCount} types, the file has ${entries.size}`);
  if (seenMembers !== memberCount) throw new SignatureFormatError(`the header announces ${memberCount} members, the file has ${seenMembers}`);

  const membersOf = (type: ApiTypeDefinition): ApiMembers => {
    const entry = entries.get(type.fullName);
    if (!entry) return { methods: [], properties: [], fields: [], layouts: [] };
    entry.members ??= parseMembers(text.slice(entry.start, entry.end), entry);
    return entry.members;
  };

  return {
    formatVersion,
    sources,
    typeCount,
    memberCount,
    type: (fullName) => entries.get(fullName)?.definition,
    typesNamed: (name) => byName.get(name) ?? [],
    hasNamespace: (namespace) => namespaces.has(namespace),
    membersOf,
    extensionHolders: (name) => extensionIndex.get(name) ?? [],
  };
}

/**
 * A type as its line describes it. A class rather than an object literal: loading creates one per type line
 * (about 9,000), and instances of one class with the base types and interfaces parsed on first read cost a
 * fraction of literals with a closure per getter (measured: the literals took half the loading time).
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
  readonly mask: number;
  readonly declaringType: string | null;
  private readonly baseText: string;
  private readonly interfaceText: string;
  private parsedBase: ApiType | null | undefined = undefined;
  private parsedInterfaces: ApiType[] | undefined = undefined;

  constructor(f: string[], kind: ApiTypeKind, mask: number) {
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
    this.mask = mask;
    this.declaringType = lastSlash === -1 ? null : this.fullName.slice(0, lastSlash);
    this.baseText = f[5]!;
    this.interfaceText = f[6]!;
  }

  get baseType(): ApiType | null {
    if (this.parsedBase === undefined) this.parsedBase = this.baseText ? parseChecked(this.baseText, this.fullName) : null;
    return this.parsedBase;
  }

  get interfaces(): ApiType[] {
    this.parsedInterfaces ??= this.interfaceText ? this.interfaceText.split(' ').map((i) => parseChecked(i, this.fullName)) : [];
    return this.parsedInterfaces;
  }
}

/** One type line: `T mask kind+flags fullName genericParameters baseType interfaces extensionNames memberCount blockLength`. */
function typeEntry(f: string[], start: number, bad: (what: string) => never): TypeEntry {
  if (f.length !== 10) bad(`a type line has ${f.length} fields, not 10`);
  const kind = KINDS[f[2]![0]!] ?? bad(`unknown type kind ${f[2]![0]}`);
  const mask = Number(f[1]);
  if (!Number.isInteger(mask)) bad(`a type mask is not a number: ${f[1]}`);
  const definition = new TypeLine(f, kind, mask);
  const memberCount = Number(f[8]);
  const blockLength = Number(f[9]);
  if (!Number.isInteger(memberCount) || !Number.isInteger(blockLength)) bad(`the member count or block length of ${definition.fullName} is not a number`);
  return { definition, extensionNames: f[7] ? f[7].split(' ') : [], memberCount, start, end: start + blockLength };
}

function parseChecked(text: string, owner: string): ApiType {
  try {
    return parseApiTypeText(text);
  } catch (e) {
    throw new SignatureFormatError(`signature database, the type line of ${owner}: ${(e as Error).message}`);
  }
}

function parseParameter(text: string): ApiParameter {
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
  return { name: rest.slice(space + 1), type: parseApiTypeText(rest.slice(0, space)), modifier, optional };
}

function parseGenericParameter(text: string): ApiGenericParameter {
  const colon = text.indexOf(':');
  if (colon === -1) return { name: text, constraints: [] };
  return {
    name: text.slice(0, colon),
    constraints: text.slice(colon + 1).split(';').map((c) => (c === 'class' || c === 'struct' || c === 'new' ? c : parseApiTypeText(c))),
  };
}

/** The mask of a member line (`M12` → 12) or its type's when the line has none. */
function maskOf(tag: string, typeMask: number): number {
  return tag.length > 1 ? Number(tag.slice(1)) : typeMask;
}

function parseMembers(block: string, entry: TypeEntry): ApiMembers {
  const type = entry.definition;
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
            genericParameters: f[3] ? f[3].split(' ').map(parseGenericParameter) : [],
            returnType: parseApiTypeText(f[4]!),
            parameters: f.slice(5).map(parseParameter),
            mask: maskOf(tag, type.mask),
          });
          break;
        }
        case 'P': {
          const flags = f[1]!;
          members.properties.push({
            declaringType,
            name: f[2]!,
            type: parseApiTypeText(f[3]!),
            isStatic: flags.includes('s'),
            canRead: flags.includes('g'),
            canWrite: flags.includes('w'),
            isProtected: flags.includes('p'),
            parameters: f.slice(4).map(parseParameter),
            mask: maskOf(tag, type.mask),
          });
          break;
        }
        case 'F': {
          const flags = f[1]!;
          members.fields.push({
            declaringType,
            name: f[2]!,
            type: parseApiTypeText(f[3]!),
            isStatic: flags.includes('s') || flags.includes('c'),
            isConst: flags.includes('c'),
            isReadOnly: flags.includes('r'),
            isProtected: flags.includes('p'),
            mask: maskOf(tag, type.mask),
          });
          break;
        }
        case 'I': {
          const mask = maskOf(tag, type.mask);
          let layout = members.layouts.find((l) => l.mask === mask);
          if (!layout) members.layouts.push((layout = { mask, fields: [] }));
          // An empty struct's layout is an `I` line with no field.
          if (f.length === 3) layout.fields.push({ name: f[1]!, type: parseApiTypeText(f[2]!) });
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
  if (count !== entry.memberCount) throw new SignatureFormatError(`signature database: ${declaringType} announces ${entry.memberCount} members and has ${count}`);
  return members;
}
