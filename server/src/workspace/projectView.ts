/**
 * What one project's code can see of the workspace index. The index keys types and methods by simple name across
 * every file, so two projects that each declare a `Worker` or an `InventoryGrain` (samples, test projects of one
 * repository) look like one type with both projects' members: a rule then asks one project's class for an overload
 * only the other's declares. C# resolves a name within the compilation and the assemblies it references, so the rules
 * look through a view that keeps, for each name, the declarations of the file's own project and of the projects it
 * references (ProjectReference, transitively; FileApiScope.references).
 *
 * A source file that several projects compile (linked in with `<Compile Include="..\Shared\X.cs" />`) is each of
 * theirs (FileApiScope.alsoCompiledBy). The view narrows a name only when it keeps at least one declaration: a name
 * that only other projects declare stays as the whole index has it, so what the project model cannot know (a
 * reference through a package built from a project of the same repository is no ProjectReference) loses nothing the
 * workspace knew before.
 * A file outside any project sees the whole index; its declarations count, for the files of projects, as another
 * project's (orleans keeps stubs of its public API, `throw null` bodies, in folders no project compiles).
 */
import { fileApiScopeOf, fileApiScopesGeneration } from '../signatures/provider';
import type { MethodRef, TypeRef, WorkspaceIndex } from './index';

/** The index as seen from `file`'s project: the index itself when the file has no project. Views are kept per project. */
export function projectView(index: WorkspaceIndex, file: string): WorkspaceIndex {
  const whole = index.whole ?? index;
  const scope = fileApiScopeOf(file);
  if (!scope?.project) return whole;
  const key = [scope.project, ...scope.references].join('\n');
  let views = viewsByIndex.get(whole);
  if (!views) viewsByIndex.set(whole, (views = new Map()));
  let view = views.get(key);
  if (!view) {
    // Views of projects whose references changed (an edited project file) are never asked again; a few hundred
    // projects are the most a workspace has, so the map is bounded only to stay safe.
    if (views.size > 1024) views.clear();
    views.set(key, (view = createView(whole, new Set([scope.project, ...scope.references]))));
  }
  return view;
}

const viewsByIndex = new WeakMap<WorkspaceIndex, Map<string, WorkspaceIndex>>();

function createView(whole: WorkspaceIndex, visibleProjects: ReadonlySet<string>): WorkspaceIndex {
  // Which files the project sees, by the project that owns each; kept until the index or the project model changes,
  // since a file's owner can change with either (a moved file; an edited project file that adds or removes a folder).
  let seen = new Map<string, boolean>();
  let seenVersion = whole.version;
  let seenScopes = fileApiScopesGeneration();
  const visible = (file: string): boolean => {
    if (seenVersion !== whole.version || seenScopes !== fileApiScopesGeneration()) {
      seen = new Map();
      seenVersion = whole.version;
      seenScopes = fileApiScopesGeneration();
    }
    let answer = seen.get(file);
    if (answer === undefined) {
      // A file no project compiles (a public API listing of stubs, a stray copy) is nobody's: like another
      // project's, its declarations count only for names no visible project declares.
      const scope = fileApiScopeOf(file);
      const owner = scope?.project ?? null;
      answer = owner !== null && (visibleProjects.has(owner) || scope!.alsoCompiledBy.some((p) => visibleProjects.has(p)));
      seen.set(file, answer);
    }
    return answer;
  };
  // A type name some visible file declares is that project's type: its declarations elsewhere, and the methods they
  // declare, are another project's. A name no visible file declares keeps every declaration.
  const typeDeclaredVisibly = (typeName: string): boolean => (whole.typesByName.get(typeName) ?? []).some((ref) => visible(ref.file));
  const keepType = (all: readonly TypeRef[]): TypeRef[] => keepOrAll(all, (ref) => visible(ref.file));
  const keepMethod = (all: readonly MethodRef[]): MethodRef[] =>
    all.filter((ref) => visible(ref.file) || (ref.typeName !== null && !typeDeclaredVisibly(ref.typeName)));
  return {
    files: whole.files,
    typesByName: new VisibleDeclarations<TypeRef>(whole, whole.typesByName, keepType),
    methodsByName: new VisibleDeclarations<MethodRef>(whole, whole.methodsByName, keepMethod),
    // Calls stay whole: the callers of a project's method are in the projects that reference it, which it cannot see.
    callsByName: whole.callsByName,
    get version() {
      return whole.version;
    },
    whole,
  };
}

/**
 * A read-only map over the index's declarations by name that keeps, for each name, the declarations `keep` chooses; a
 * name with none kept is absent. Each name's answer is worked out once per index version.
 */
class VisibleDeclarations<T extends { file: string }> extends Map<string, T[]> {
  private readonly whole: WorkspaceIndex;
  private readonly all: Map<string, T[]>;
  private readonly keep: (all: readonly T[]) => T[];
  private readonly narrowed = new Map<string, T[] | undefined>();
  private narrowedVersion: number;
  private narrowedScopes: number;

  constructor(whole: WorkspaceIndex, all: Map<string, T[]>, keep: (all: readonly T[]) => T[]) {
    super();
    this.whole = whole;
    this.all = all;
    this.keep = keep;
    this.narrowedVersion = whole.version;
    this.narrowedScopes = fileApiScopesGeneration();
  }

  override get(name: string): T[] | undefined {
    const all = this.all.get(name);
    if (!all) return undefined;
    // Kept until the index or the project model changes, as the files' visibility is (createView).
    if (this.narrowedVersion !== this.whole.version || this.narrowedScopes !== fileApiScopesGeneration()) {
      this.narrowed.clear();
      this.narrowedVersion = this.whole.version;
      this.narrowedScopes = fileApiScopesGeneration();
    }
    if (this.narrowed.has(name)) return this.narrowed.get(name);
    const kept = this.keep(all);
    const found = kept.length === 0 ? undefined : kept.length === all.length ? all : kept;
    this.narrowed.set(name, found);
    return found;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  override get size(): number {
    let n = 0;
    for (const _ of this.entries()) n++;
    return n;
  }

  override *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  override *values(): MapIterator<T[]> {
    for (const [, refs] of this.entries()) yield refs;
  }

  override *entries(): MapIterator<[string, T[]]> {
    for (const name of this.all.keys()) {
      const refs = this.get(name);
      if (refs) yield [name, refs];
    }
  }

  override [Symbol.iterator](): MapIterator<[string, T[]]> {
    return this.entries();
  }

  override forEach(callback: (value: T[], key: string, map: Map<string, T[]>) => void, thisArg?: unknown): void {
    for (const [name, refs] of this.entries()) callback.call(thisArg, refs, name, this);
  }

  override set(): this {
    throw new Error('a project view of the workspace index is read-only');
  }

  override delete(): boolean {
    throw new Error('a project view of the workspace index is read-only');
  }

  override clear(): void {
    throw new Error('a project view of the workspace index is read-only');
  }
}

/** The declarations `keep` accepts, or all of them when it accepts none. */
export function keepOrAll<T>(all: readonly T[], keep: (ref: T) => boolean): T[] {
  const kept = all.filter(keep);
  return kept.length === 0 ? [...all] : kept;
}
