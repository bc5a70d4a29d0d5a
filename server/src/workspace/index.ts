/**
 * The workspace index: what every file declares and calls, kept current one file at a time, so a rule can
 * ask "does this type declare FooAsync", "who calls M and how" or "what does struct S contain".
 */
import type { CallSite, FileModel, MemberSignature, MethodBody, TypeDeclaration } from '../model/types';
import { bodiesById } from '../model/bodies';
import { substituteNames } from '../model/syntax';
import { fileApiScopeOf } from '../signatures/provider';
import { COMPONENT_DEFAULT_USINGS, isComponentImports, isRazorComponent } from '../parse/razor';

export interface TypeRef {
  file: string;
  type: TypeDeclaration;
}

export interface MethodRef {
  file: string;
  /** The declaring type's name, or null for local functions and top-level functions. */
  typeName: string | null;
  /**
   * How many type parameters the declaring type has: `Policy` and `Policy<TResult>` share a simple name and an entry
   * here, but a receiver of one type never reaches the other's members. Absent for local functions.
   */
  typeArity?: number;
  member: MemberSignature | null;
  body: MethodBody | null;
}

export interface CallRef {
  file: string;
  caller: MethodBody;
  call: CallSite;
}

export interface WorkspaceIndex {
  readonly files: Map<string, FileModel>;
  readonly typesByName: Map<string, TypeRef[]>;
  readonly methodsByName: Map<string, MethodRef[]>;
  readonly callsByName: Map<string, CallRef[]>;
  /** Bumped on every change, so derived analyses (completion verdicts) know when to recompute. */
  version: number;
  /** Set on one project's view of an index (projectView.ts): the whole index it narrows. */
  readonly whole?: WorkspaceIndex;
}

export function createIndex(): WorkspaceIndex {
  return { files: new Map(), typesByName: new Map(), methodsByName: new Map(), callsByName: new Map(), version: 0 };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function removeWhere<T extends { file: string }>(map: Map<string, T[]>, file: string, keys: Iterable<string>): void {
  for (const key of keys) {
    const list = map.get(key);
    if (!list) continue;
    const kept = list.filter((x) => x.file !== file);
    if (kept.length) map.set(key, kept);
    else map.delete(key);
  }
}

/** Replaces (or adds) one file's facts. */
export function updateFile(index: WorkspaceIndex, file: string, model: FileModel): void {
  removeFile(index, file);
  index.files.set(file, model);
  const bodiesById = new Map(model.bodies.map((b) => [b.id, b]));
  for (const type of model.types) {
    push(index.typesByName, type.name, { file, type });
    for (const member of type.members) {
      if (member.kind !== 'method') continue;
      push(index.methodsByName, member.name, { file, typeName: type.name, typeArity: type.typeParameters.length, member, body: member.bodyId ? bodiesById.get(member.bodyId) ?? null : null });
    }
  }
  for (const body of model.bodies) {
    if (body.kind === 'localFunction') push(index.methodsByName, body.name, { file, typeName: null, member: null, body });
    for (const call of body.calls) push(index.callsByName, call.name, { file, caller: body, call });
  }
  index.version++;
}

export function removeFile(index: WorkspaceIndex, file: string): void {
  const old = index.files.get(file);
  if (!old) return;
  index.files.delete(file);
  removeWhere(index.typesByName, file, old.types.map((t) => t.name));
  const methodNames = new Set<string>();
  for (const t of old.types) for (const m of t.members) if (m.kind === 'method') methodNames.add(m.name);
  for (const b of old.bodies) if (b.kind === 'localFunction') methodNames.add(b.name);
  removeWhere(index.methodsByName, file, methodNames);
  removeWhere(index.callsByName, file, new Set(old.bodies.flatMap((b) => b.calls.map((c) => c.name))));
  index.version++;
}

/** All declarations of a type name across files (partial classes give several). */
export function typesNamed(index: WorkspaceIndex, name: string): TypeRef[] {
  // Most questions already ask with a simple name (a key is its own stripGenerics), and this is asked for every
  // name the typing meets: the trim and two replacements are skipped for those.
  const direct = index.typesByName.get(name);
  if (direct) return direct;
  if (SIMPLE_NAME.test(name)) return [];
  return index.typesByName.get(stripGenerics(name)) ?? [];
}

const SIMPLE_NAME = /^[A-Za-z_]\w*$/;

/**
 * The `global using` directives written in the source files of `file`'s project (a GlobalUsings.cs), which C#
 * applies to every file of the compilation. Files outside any project count as one compilation together.
 */
export function projectSourceGlobalUsings(index: WorkspaceIndex, file: string): readonly string[] {
  const byProject = indexMemo(index, 'source global usings by project', () => {
    const result = new Map<string, string[]>();
    for (const [key, model] of index.files) {
      if (!model.globalUsings?.length) continue;
      const project = fileApiScopeOf(key)?.project ?? '';
      const list = result.get(project) ?? [];
      for (const u of model.globalUsings) if (!list.includes(u)) list.push(u);
      result.set(project, list);
    }
    return result;
  });
  return byProject.get(fileApiScopeOf(file)?.project ?? '') ?? [];
}

/**
 * The namespaces a file's names resolve in, besides its project's global usings: its own `using`s, the namespaces
 * that enclose its types (code inside namespace A.B sees A.B's and A's types and extension methods without a using),
 * and the source `global using`s of its project. Without an index, the file's own global usings stand for those.
 */
export function usingsInScope(model: Pick<FileModel, 'usings' | 'types' | 'globalUsings'>, index: WorkspaceIndex | null, file: string | null): string[] {
  const enclosing = new Set<string>();
  for (const t of model.types) {
    const parts = t.fullName.split('.');
    for (let i = 1; i < parts.length; i++) enclosing.add(parts.slice(0, i).join('.'));
  }
  const component = file !== null && isRazorComponent(file) ? componentUsings(index, file) : [];
  return [...model.usings, ...component, ...enclosing, ...(index && file !== null ? projectSourceGlobalUsings(index, file) : model.globalUsings ?? [])];
}

/**
 * What a Razor component imports besides its own `@using`s: the namespaces Razor gives every component, and the
 * usings of the `_Imports.razor` files the workspace holds in its folder and the folders above it.
 */
function componentUsings(index: WorkspaceIndex | null, file: string): readonly string[] {
  if (!index) return COMPONENT_DEFAULT_USINGS;
  const byFolder = indexMemo(index, 'component imports by folder', () => {
    const result = new Map<string, readonly string[]>();
    for (const [key, model] of index.files) if (isComponentImports(key) && model.usings.length) result.set(folderOf(key), model.usings);
    return result;
  });
  if (byFolder.size === 0) return COMPONENT_DEFAULT_USINGS;
  const found: string[] = [...COMPONENT_DEFAULT_USINGS];
  // Outermost first, as Razor applies them; a folder path has at most a few dozen levels.
  const folders: string[] = [];
  for (let folder = folderOf(file); ; folder = folderOf(folder)) {
    folders.unshift(folder);
    if (folder === '' || folders.length > 64) break;
  }
  for (const folder of folders) for (const u of byFolder.get(folder) ?? []) if (!found.includes(u)) found.push(u);
  return found;
}

/** The folder part of an index key (`src/Pages/X.razor` -> `src/Pages`, `X.razor` -> ''), with either separator. */
function folderOf(key: string): string {
  const at = Math.max(key.lastIndexOf('/'), key.lastIndexOf('\\'));
  return at <= 0 ? '' : key.slice(0, at);
}

/**
 * The bases of the workspace types with this simple name and this many type parameters, with the type arguments put
 * in for the type parameters (for the signature resolver).
 */
export function workspaceBasesOf(index: WorkspaceIndex, name: string, typeArguments: readonly string[] = []): string[] {
  return typesNamed(index, name)
    .filter((r) => r.type.typeParameters.length === typeArguments.length)
    .flatMap((r) => {
      const bindings = Object.fromEntries(r.type.typeParameters.map((p, i) => [p, typeArguments[i]!]));
      return r.type.baseTypes.map((base) => substituteNames(base, bindings));
    });
}

/**
 * The base types, as written, of a workspace type and of its workspace bases that the workspace does not declare
 * (`DbContext` for `ShopDb : DbContext`): where its members go on into an API. Kept per index version (shared: do not
 * modify), since every question typed through the signatures asks for them.
 */
export function apiBasesOf(index: WorkspaceIndex, typeName: string): readonly string[] {
  return indexMemo(index, `api bases\0${typeName}`, () => {
    const bases: string[] = [];
    for (const name of typeFamily(index, typeName)) {
      for (const ref of typesNamed(index, name)) for (const b of ref.type.baseTypes) if (typesNamed(index, b).length === 0) bases.push(b);
    }
    return bases;
  });
}

/** The index key of the file whose model holds these bodies (all of them, or some: see below). */
export function fileOfBodies(index: WorkspaceIndex, bodies: readonly MethodBody[]): string | null {
  // Every project's view holds the same files: the whole index's memo serves them all.
  const whole = index.whole ?? index;
  const files = indexMemo(whole, 'files by their bodies', () => new Map<readonly MethodBody[], string>([...whole.files].map(([key, model]) => [model.bodies, key])));
  const found = files.get(bodies);
  if (found !== undefined) return found;
  // Some of a file's bodies in an array of their own are still that file's: the per-method rule cache runs a rule on
  // the methods it kept nothing for (analysis/ruleCache.ts checkPerMethod). Without the file, the typing would see
  // none of its usings (an extension method of an imported namespace, Blazor's InvokeVoidAsync, would go unresolved)
  // and keep those answers for the bodies until the index changes.
  const first = bodies[0];
  if (!first) return null;
  const byBody = indexMemo(whole, 'files by each body', () => {
    const map = new Map<MethodBody, string>();
    for (const [key, model] of whole.files) for (const b of model.bodies) map.set(b, key);
    return map;
  });
  return byBody.get(first) ?? null;
}

/**
 * Whether a type as written may be one of the workspace's declarations of its simple name. A simple name may; a
 * qualified one (`Models.Order`, `Autogenerated.Dapr.DaprClient`) only when some declaration's full name ends with it,
 * once an alias among the file's usings (`Alias Target`, from `using Autogenerated = Dapr.Client.Autogen.Grpc.v1;`)
 * is put in for its first part. The Dapr SDK's client holds the gRPC client that protoc generates at build time,
 * `Dapr.Client.Autogen.Grpc.v1.Dapr.DaprClient`, beside its own `Dapr.Client.DaprClient`: the same simple name, and
 * no workspace type.
 */
export function qualifiedNameFits(index: WorkspaceIndex, typeText: string, usings: readonly string[]): boolean {
  const path = dottedPathOf(typeText);
  const dot = path.indexOf('.');
  if (dot === -1) return true;
  const first = path.slice(0, dot);
  const alias = usings.find((u) => u.startsWith(`${first} `));
  const expanded = alias ? `${alias.slice(first.length + 1).trim()}${path.slice(dot)}` : path;
  return typesNamed(index, path.slice(path.lastIndexOf('.') + 1)).some((r) => r.type.fullName === expanded || r.type.fullName.endsWith(`.${expanded}`));
}

/** `global::A.B<C>.D?` as `A.B.D`: the dotted path of a type as written, without type arguments. */
function dottedPathOf(typeText: string): string {
  let t = typeText.trim().replace(/\?$/, '').replace(/^global::/, '');
  // Type arguments may nest (`Dictionary<string, List<int>>`): drop innermost lists until none is left.
  while (/<[^<>]*>/.test(t)) t = t.replace(/<[^<>]*>/g, '');
  return t.replace(/\s+/g, '');
}

/**
 * What a type's full name puts it in: its namespace, and its outer types for a nested one (`Acme.Cli` of `Acme.Cli.Program`
 * named `Program`); '' for a type in no namespace.
 */
export function containerOf(type: { fullName: string; name: string }): string {
  return type.fullName.slice(0, Math.max(0, type.fullName.length - type.name.length - 1));
}

export function stripGenerics(typeText: string): string {
  const t = typeText.trim().replace(/\?$/, '').replace(/^global::/, '');
  const lt = t.indexOf('<');
  const head = lt === -1 ? t : t.slice(0, lt);
  const dot = head.lastIndexOf('.');
  return dot === -1 ? head : head.slice(dot + 1);
}

/**
 * Answers derived from one version of an index, kept until the index changes: a workspace where a thousand files
 * declare a type or method of the same name would otherwise rebuild the same family or filter the same long list
 * for every call site that asks (the cost grew with the square of the workspace). Shared results are read-only.
 */
interface IndexMemo {
  version: number;
  families: Map<string, ReadonlySet<string>>;
  /**
   * By type name, then method name: the pair was a key `${name}\0${typeName}`, a new concatenated string per call that
   * the lookup had to flatten and hash (the line that built and looked it up had 32 of methodsNamed's 79 line samples in
   * a profile of check at 200,000 lines).
   */
  methods: Map<string, Map<string, MethodRef[]>>;
  /** Anything else derived from the index, by a key its user owns (indexMemo). */
  other: Map<string, unknown>;
}

const memos = new WeakMap<WorkspaceIndex, IndexMemo>();

function memoOf(index: WorkspaceIndex): IndexMemo {
  let memo = memos.get(index);
  if (!memo || memo.version !== index.version) {
    memo = { version: index.version, families: new Map(), methods: new Map(), other: new Map() };
    memos.set(index, memo);
  }
  return memo;
}

/** A value derived from this version of the index, computed once per key until the index changes. */
export function indexMemo<T>(index: WorkspaceIndex, key: string, compute: () => T): T {
  const memo = memoOf(index);
  if (memo.other.has(key)) return memo.other.get(key) as T;
  const value = compute();
  memo.other.set(key, value);
  return value;
}

/** Methods named `name` declared on `typeName` or its workspace base types (or anywhere when typeName is null). */
export function methodsNamed(index: WorkspaceIndex, name: string, typeName: string | null): MethodRef[] {
  const all = index.methodsByName.get(name) ?? [];
  if (typeName === null) return all;
  const memo = memoOf(index);
  let ofType = memo.methods.get(typeName);
  if (!ofType) memo.methods.set(typeName, (ofType = new Map()));
  let found = ofType.get(name);
  if (!found) {
    const family = typeFamily(index, typeName);
    found = all.filter((m) => m.typeName !== null && family.has(m.typeName));
    ofType.set(name, found);
  }
  return found;
}

/**
 * Whether a member the owner's type family declares is what `name` can bind to on an owner-typed receiver (or by its
 * simple name inside the owner). An explicit interface implementation never is: it is reached only through the
 * interface, where dispatch finds it among the interface's implementations. Nor is an interface's member when the
 * owner is a class or struct: C#'s member lookup in a class searches the class and its base classes, not its
 * interfaces (C# spec 12.5, Member lookup), so `CreateConnection(ct)` inside a class that also implements
 * `IContext.CreateConnection` explicitly is the class's own method, not the interface's.
 */
export function visibleByName(index: WorkspaceIndex, m: MethodRef, owner: string): boolean {
  if (m.member?.explicitInterface) return false;
  if (m.typeName === null || m.typeName === stripGenerics(owner)) return true;
  const kinds = (t: string) => typesNamed(index, t).map((r) => r.type.kind);
  const declaring = kinds(m.typeName);
  const receiver = kinds(stripGenerics(owner));
  const onlyInterfaces = (k: string[]) => k.length > 0 && k.every((x) => x === 'interface');
  const noInterfaces = (k: string[]) => k.length > 0 && k.every((x) => x !== 'interface');
  return !(onlyInterfaces(declaring) && noInterfaces(receiver));
}

/** A type and its workspace base types and interfaces, by simple name (shared until the index changes: do not modify). */
export function typeFamily(index: WorkspaceIndex, typeName: string): ReadonlySet<string> {
  const memo = memoOf(index);
  let family = memo.families.get(typeName);
  if (!family) memo.families.set(typeName, (family = computeTypeFamily(index, typeName)));
  return family;
}

function computeTypeFamily(index: WorkspaceIndex, typeName: string): Set<string> {
  const seen = new Set<string>();
  const queue = [stripGenerics(typeName)];
  while (queue.length) {
    const t = queue.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    for (const ref of typesNamed(index, t)) for (const b of ref.type.baseTypes) queue.push(stripGenerics(b));
  }
  return seen;
}

export function callersOf(index: WorkspaceIndex, methodName: string): CallRef[] {
  return index.callsByName.get(methodName) ?? [];
}

export function bodyOf(index: WorkspaceIndex, file: string, id: string): MethodBody | null {
  const bodies = index.files.get(file)?.bodies;
  return bodies ? bodiesById(bodies).get(id) ?? null : null;
}
