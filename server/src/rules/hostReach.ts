/**
 * Which files of a class library a UI application's code reaches, for a library whose hosts disagree about a
 * SynchronizationContext (project/synchronizationContext.ts contextByCaller): a tray app that references a command-line
 * library only to parse its options runs none of the commands its console and server hosts call, so a wait in those
 * commands cannot deadlock on the tray's UI thread. The fourth seeded reading of the fortieth session found 29 of 74
 * production ASY003 warnings in such code (test/real-world/README.md), all told "deadlocks on a UI context".
 *
 * Reach is read from names, the way a reader would trace it: the UI applications' files reach every workspace file
 * that declares a type their code names (model/fileSyntax.ts mentionedNamesOf), and so on through the files reached;
 * a type reached brings the files of the types derived from it or implementing it (code may hold the base and get
 * the derived one), and a called name that an extension method's static class declares brings that class. It is an
 * over-approximation (a name may be a property, not the type), which errs towards keeping a warning. A file whose
 * model lists no names (a model made without a syntax walk), or UI applications none of whose files the index holds
 * (the language server still indexing), leave the question open: the code is then treated as it was before.
 *
 * In the language server the answer is recomputed per index version, so an edit that makes a UI file name a type
 * changes it; rules kept per method (analysis/ruleCache.ts) keep their notes until their own method or the
 * workspace's declarations change.
 */
import { fileApiScopeOf } from '../signatures/provider';
import type { WorkspaceIndex } from '../workspace/index';
import type { FileModel } from '../model/types';
import type { RuleContext } from './types';

/** Per index and version: the files reached from each set of UI applications (key: their project files, sorted), or null when it cannot be told. */
const reached = new WeakMap<WorkspaceIndex, { version: number; byHosts: Map<string, ReadonlySet<string> | null>; links: NameLinks }>();

/**
 * For each simple name, what a mention of it reaches: the files of the types of that name (with the type's full name,
 * for a qualified mention to choose among them), of the types derived from a workspace type of that name, and of the
 * static classes that declare an extension method of that name (those two without a full name: every mention reaches
 * them).
 */
type NameLinks = Map<string, NameLink[]>;

interface NameLink {
  file: string;
  fullName: string | null;
}

/**
 * Whether a UI application hosting the file's library (`ctx.library.contextByCaller`) reaches the file: true or false
 * when it can be told, null when the library's hosts do not disagree or the index cannot tell.
 */
export function reachedByContextHosts(ctx: RuleContext): boolean | null {
  const byCaller = ctx.library?.contextByCaller;
  if (!byCaller) return null;
  const files = filesReachedFrom(ctx.index.whole ?? ctx.index, byCaller.contextHosts.map((h) => h.path), byCaller.contextFreeHosts);
  return files === null ? null : files.has(ctx.file);
}

/**
 * The files the code of the given projects reaches (their own included), or null when some file on the way lists
 * no names or the index holds none of their files.
 */
export function filesReachedFrom(index: WorkspaceIndex, projects: readonly string[], servers: readonly string[] = []): ReadonlySet<string> | null {
  let memo = reached.get(index);
  if (!memo || memo.version !== index.version) {
    memo = { version: index.version, byHosts: new Map(), links: nameLinksOf(index) };
    reached.set(index, memo);
  }
  const key = `${[...projects].sort().join('\n')}\n|\n${[...servers].sort().join('\n')}`;
  if (memo.byHosts.has(key)) return memo.byHosts.get(key)!;
  const answer = walkFrom(index, new Set(projects), new Set(servers), memo.links);
  memo.byHosts.set(key, answer);
  return answer;
}

function walkFrom(index: WorkspaceIndex, projects: ReadonlySet<string>, servers: ReadonlySet<string>, links: NameLinks): ReadonlySet<string> | null {
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const file of index.files.keys()) {
    const scope = fileApiScopeOf(file);
    if (scope?.project && (projects.has(scope.project) || scope.alsoCompiledBy.some((p) => projects.has(p)))) {
      seen.add(file);
      queue.push(file);
    }
  }
  if (!queue.length) return null;
  // A name is followed once per project that mentions it: what it can name depends on what that project sees.
  const followed = new Set<string>();
  const visibleFrom = new Map<string, ReadonlySet<string>>();
  while (queue.length) {
    const current = queue.pop()!;
    const model: FileModel | undefined = index.files.get(current);
    if (!model) continue;
    if (!model.mentionedNames) return null;
    const scope = fileApiScopeOf(current);
    const project = scope?.project ?? null;
    // An application without a context that the UI application starts in its own process (a tray app hosting its
    // web server) runs what it calls on its own threads: its files are reached, what they name is not followed.
    if (project && servers.has(project)) continue;
    let visible: ReadonlySet<string> | null = null;
    if (project) {
      visible = visibleFrom.get(project) ?? null;
      if (!visible) visibleFrom.set(project, (visible = new Set([project, ...scope!.references])));
    }
    let ownTypes: ReadonlySet<string> | null = null;
    for (const mention of model.mentionedNames) {
      const dot = mention.lastIndexOf('.');
      const name = dot < 0 ? mention : mention.slice(dot + 1);
      // A simple name the file declares a type of is that type (C# looks in the enclosing types and namespace first).
      if (dot < 0 && (ownTypes ??= new Set(model.types.map((t) => t.name))).has(name)) continue;
      const key = `${project ?? ''}|${mention}`;
      if (followed.has(key)) continue;
      followed.add(key);
      for (const { file } of linksOfMention(links.get(name) ?? [], dot < 0 ? null : mention)) {
        if (seen.has(file) || (visible && !canName(visible, file))) continue;
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return seen;
}

/**
 * The links a mention follows: a simple name all of them; a qualified one (`Acme.Cli.Program`) those of the types
 * whose full name ends with it, and the links every mention follows.
 */
function linksOfMention(links: readonly NameLink[], qualified: string | null): readonly NameLink[] {
  if (qualified === null) return links;
  // A qualified name that ends no workspace type's full name is a member (`settings.Mode`, `Options.Default`) or a
  // type outside the workspace (`System.Threading.Tasks`): it reaches only what every mention of the name reaches.
  return links.filter((l) => l.fullName === null || l.fullName === qualified || l.fullName.endsWith(`.${qualified}`));
}

/**
 * Whether code of a project that sees `visible` (itself and the projects it references) can name what `file`
 * declares: a file of another project is out of its reach, however its types are named (every application has a
 * `Program`). A file outside any project is taken to be visible.
 */
function canName(visible: ReadonlySet<string>, file: string): boolean {
  const scope = fileApiScopeOf(file);
  if (!scope?.project) return true;
  return visible.has(scope.project) || scope.alsoCompiledBy.some((p) => visible.has(p));
}

/** The name links of the whole index, built once per version. */
function nameLinksOf(index: WorkspaceIndex): NameLinks {
  const links: NameLinks = new Map();
  const add = (name: string, file: string, fullName: string | null): void => {
    const list = links.get(name);
    if (!list) links.set(name, [{ file, fullName }]);
    else list.push({ file, fullName });
  };
  for (const [file, model] of index.files) {
    for (const type of model.types) {
      add(type.name, file, type.fullName);
      // Naming a base type or interface of the workspace reaches the types that derive from it or implement it (a
      // framework's `IDisposable` says nothing about which of them runs).
      for (const base of type.baseTypes) {
        const name = simpleTypeName(base);
        if (index.typesByName.has(name)) add(name, file, null);
      }
      // Calling an extension method by its name reaches the static class that declares it.
      for (const member of type.members) {
        if (member.kind === 'method' && member.parameters?.[0]?.modifiers.includes('this')) add(member.name, file, null);
      }
    }
  }
  return links;
}

/** `Acme.IRepository<Order>` -> `IRepository`. */
function simpleTypeName(text: string): string {
  const open = text.indexOf('<');
  const plain = (open < 0 ? text : text.slice(0, open)).trim();
  return plain.slice(plain.lastIndexOf('.') + 1);
}
