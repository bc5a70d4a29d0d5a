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
import { containerOf, stripGenerics, type WorkspaceIndex } from '../workspace/index';
import type { FileModel } from '../model/types';
import type { RuleContext } from './types';

/** What the walks of one index version share: the name links, each file's facts, and the answers per set of hosts. */
interface ReachMemo {
  version: number;
  links: NameLinks;
  facts: Map<string, FileFacts>;
  /** Per project: the projects whose types its code can name. */
  visible: Map<string, ReadonlySet<string>>;
  /** Per set of UI applications and threads' owners (see filesReachedFrom): the files reached, or null when it cannot be told. */
  byHosts: Map<string, ReadonlySet<string> | null>;
}

/** Where a file sits, for the walk: its project, the projects that link it in, and what its code's names can mean. */
interface FileFacts {
  project: string | null;
  compiledBy: readonly string[];
  /** The projects whose types the file's code can name (its own and those it references); null outside a project. */
  visible: ReadonlySet<string> | null;
  /** The file's own type names, and the namespaces around its types (inNamespaceFirst), with a key for them. */
  ownTypes: ReadonlySet<string>;
  namespaces: ReadonlySet<string>;
  scopeKey: string;
}

const reached = new WeakMap<WorkspaceIndex, ReachMemo>();

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
  const files = filesReachedFrom(ctx.index.whole ?? ctx.index, byCaller.contextHosts.map((h) => h.path), byCaller.ownThreads);
  return files === null ? null : files.has(ctx.file);
}

/**
 * The files the code of the given projects reaches (their own included), not following the names in the files of
 * `ownThreads` (ContextByCaller.ownThreads); null when some file on the way lists no names or the index holds none
 * of the projects' files.
 */
export function filesReachedFrom(index: WorkspaceIndex, projects: readonly string[], ownThreads: readonly string[] = []): ReadonlySet<string> | null {
  let memo = reached.get(index);
  if (!memo || memo.version !== index.version) {
    memo = { version: index.version, links: nameLinksOf(index), facts: new Map(), visible: new Map(), byHosts: new Map() };
    reached.set(index, memo);
  }
  const key = `${[...projects].sort().join('\n')}\n|\n${[...ownThreads].sort().join('\n')}`;
  if (memo.byHosts.has(key)) return memo.byHosts.get(key)!;
  const answer = walkFrom(index, memo, new Set(projects), new Set(ownThreads));
  memo.byHosts.set(key, answer);
  return answer;
}

function walkFrom(index: WorkspaceIndex, memo: ReachMemo, projects: ReadonlySet<string>, ownThreads: ReadonlySet<string>): ReadonlySet<string> | null {
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const [file, model] of index.files) {
    const facts = factsOf(memo, file, model);
    if (facts.project !== null && (projects.has(facts.project) || facts.compiledBy.some((p) => projects.has(p)))) {
      seen.add(file);
      queue.push(file);
    }
  }
  if (!queue.length) return null;
  // A name is followed once per place that reads it the same way: the same project and the same namespaces around.
  const followed = new Map<string, Set<string>>();
  while (queue.length) {
    const current = queue.pop()!;
    const model = index.files.get(current);
    if (!model) continue;
    if (!model.mentionedNames) return null;
    const facts = factsOf(memo, current, model);
    // An application without a context, or ASP.NET Core server code, that the UI application starts in its own process
    // (a tray application hosting its web server) runs what it calls on its own threads: its files are reached, what
    // they name is not followed.
    if (facts.project !== null && ownThreads.has(facts.project)) continue;
    let done = followed.get(facts.scopeKey);
    if (!done) followed.set(facts.scopeKey, (done = new Set()));
    for (const mention of model.mentionedNames) {
      const dot = mention.lastIndexOf('.');
      const name = dot < 0 ? mention : mention.slice(dot + 1);
      // A simple name the file declares a type of is that type (C# looks in the enclosing types and namespace first).
      if (dot < 0 && facts.ownTypes.has(name)) continue;
      if (done.has(mention)) continue;
      done.add(mention);
      const candidates = memo.links.get(name);
      if (!candidates) continue;
      const followedLinks = dot >= 0 ? linksOfQualifiedMention(candidates, mention) : inNamespaceFirst(candidates, name, facts.namespaces);
      for (const { file } of followedLinks) {
        if (seen.has(file)) continue;
        const target = index.files.get(file);
        if (facts.visible && target && !canName(facts.visible, factsOf(memo, file, target))) continue;
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return seen;
}

function factsOf(memo: ReachMemo, file: string, model: FileModel): FileFacts {
  let facts = memo.facts.get(file);
  if (facts) return facts;
  const scope = fileApiScopeOf(file);
  const project = scope?.project ?? null;
  const namespaces = namespacesAround(model);
  let visible = project ? memo.visible.get(project) ?? null : null;
  if (project && !visible) memo.visible.set(project, (visible = new Set([project, ...scope!.references])));
  facts = {
    project,
    compiledBy: scope?.alsoCompiledBy ?? [],
    visible,
    ownTypes: new Set(model.types.map((t) => t.name)),
    namespaces,
    scopeKey: `${project ?? ''}|${[...namespaces].sort().join(' ')}`,
  };
  memo.facts.set(file, facts);
  return facts;
}

/**
 * The links a simple name follows: C# looks a simple name up in the namespaces around the code before the ones its
 * usings import, so where a type of that name is declared in one of the file's namespaces (or one enclosing them), the
 * name is that type and not another project's (`Program` in a tray application's namespace is its own, not the
 * command-line library's it references); else every type of that name. The links without a full name stay.
 */
function inNamespaceFirst(links: readonly NameLink[], name: string, namespaces: ReadonlySet<string>): readonly NameLink[] {
  const around = (l: NameLink) => l.fullName !== null && namespaces.has(containerOf({ fullName: l.fullName, name }));
  return links.some(around) ? links.filter((l) => l.fullName === null || around(l)) : links;
}

/** The namespaces (and enclosing types) of the file's type declarations, and every namespace enclosing those. */
function namespacesAround(model: FileModel): ReadonlySet<string> {
  const namespaces = new Set<string>(['']);
  for (const type of model.types) {
    let ns = containerOf(type);
    while (ns && !namespaces.has(ns)) {
      namespaces.add(ns);
      ns = ns.slice(0, Math.max(0, ns.lastIndexOf('.')));
    }
  }
  return namespaces;
}

/**
 * The links a qualified mention (`Acme.Cli.Program`) follows: those of the types whose full name ends with it, and the
 * links every mention follows.
 */
function linksOfQualifiedMention(links: readonly NameLink[], qualified: string): readonly NameLink[] {
  // A qualified name that ends no workspace type's full name is a member (`Options.Default`, and a value's member,
  // which the model keeps as `.Mode`) or a type outside the workspace (`System.Threading.Tasks`): it reaches only what
  // every mention of the name reaches.
  return links.filter((l) => l.fullName === null || l.fullName === qualified || l.fullName.endsWith(`.${qualified}`));
}

/**
 * Whether code of a project that sees `visible` (itself and the projects it references) can name what a file
 * declares: a file of another project is out of its reach, however its types are named (every application has a
 * `Program`). A file outside any project is taken to be visible.
 */
function canName(visible: ReadonlySet<string>, target: FileFacts): boolean {
  if (target.project === null) return true;
  return visible.has(target.project) || target.compiledBy.some((p) => visible.has(p));
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
        const name = stripGenerics(base);
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
