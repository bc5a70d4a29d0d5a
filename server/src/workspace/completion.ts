/**
 * Likely synchronous completion: for every task-returning body in the workspace, whether its common path
 * finishes without suspending, and why, propagated over the workspace call graph to a fixed point
 * (ASY010, ASY012 and hovers read it).
 */
import type { CallSite, EnclosingRegion, FileModel, MethodBody, ReturnSite, Span, SuspensionPoint } from '../model/types';
import { isTaskLike } from '../model/returnKind';
import { none } from '../model/compact';
import { textDigest } from '../model/textDigest';
import { closingBracket, conditionalParts, constructedTypeText, escapeRegExp, splitCallText, splitTopLevel, splitTopLevelOperator, withoutOuterParentheses } from '../model/syntax';
import { methodsNamed, stripGenerics, typeFamily, typesNamed, visibleByName, type MethodRef, type WorkspaceIndex } from './index';
import { methodsNamedFrom, nameViewOf, typesVisibleFrom, type NameView } from './nestedTypes';
import { taskEvidence, typeOfExpression } from './typing';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import { AnalysisStopped } from '../model/budget';
import { expiringCacheType } from '../knowledge/expiringCaches';
import { remoteInterfaceBase } from '../knowledge/remoteInterfaces';

export type AwaitState = 'complete' | 'suspends' | 'maySuspend';

/** A workspace method a verdict leans on, enough to point at it. */
export interface CalleeRef {
  file: string;
  bodyId: string;
  name: string;
}

export interface AwaitVerdict {
  state: AwaitState;
  /** Why, in words: "Task.FromResult", "Task.Yield(), which always suspends", "GetAsync, which itself never suspends". */
  reason: string;
  /** The workspace method this await resolved to, when that is what makes it complete. */
  callee: CalleeRef | null;
}

/**
 * How a verdict was reached. `noAwait`, `completedAwaits` and `completedReturns` follow from the code;
 * `fastPath` and `awaitsOnlyOnMiss` read names (TryGetValue, _cache, IsCompleted) as a cache that usually hits.
 */
export type CompletionBasis = 'noAwait' | 'completedAwaits' | 'fastPath' | 'awaitsOnlyOnMiss' | 'completedReturns' | 'maySuspend';

export interface CompletionVerdict {
  file: string;
  bodyId: string;
  likelySync: boolean;
  /** A sentence a person can read: "all 2 awaits are of Task.FromResult". */
  reason: string;
  awaits: AwaitVerdict[];
  /** Awaits that may suspend (not known complete). */
  maySuspend: number;
  /** The first callee that makes this method synchronous, for related information. */
  becauseOf: CalleeRef | null;
  basis: CompletionBasis;
  /** For a likely synchronous verdict: it follows from the code alone, not from cache-like names anywhere along the call chain. False otherwise. */
  certain: boolean;
  /** Every workspace callee whose synchronous completion the verdict relies on, in source order, without repeats. */
  callees: CalleeRef[];
  /** Where the synchronous path shows: the fast return (fastPath) or the first await that runs only on a miss (awaitsOnlyOnMiss). */
  pathSpan: Span | null;
  /** For fastPath and awaitsOnlyOnMiss: what the guard reads (a cache, a task's completion, an initialisation flag). */
  pathKind: GuardKind | null;
}

export type CompletionAnalysis = Map<string, CompletionVerdict>;

export const verdictKey = (file: string, bodyId: string) => `${file}#${bodyId}`;

interface Target {
  file: string;
  body: MethodBody;
}

/** What an await (or, in a non-async body, a return) waits for, decided once before the fixed point. */
type Dependency =
  | { kind: 'fixed'; verdict: AwaitVerdict }
  /** A call to workspace methods: complete exactly when all of them are likely synchronous. */
  | { kind: 'callees'; name: string; text: string; targets: { key: string; ref: CalleeRef }[]; unresolved: string | null; dispatched: boolean };

interface Node {
  key: string;
  target: Target;
  deps: Dependency[];
  /** The bodies of the node's file and the index, for typing a guard's receiver (readsExpiringCache). */
  bodies: readonly MethodBody[];
  index: WorkspaceIndex;
  /**
   * Per guard receiver, whether it is an expiring cache or a collection this call creates; made at the first guard
   * read, since most bodies have none (a closure and a map per body were a fifth of the verdicts' memory).
   */
  expiringReceivers: Map<string, boolean> | null;
}

/** Computes verdicts for every task-returning body in the workspace. */
export function analyseCompletion(index: WorkspaceIndex): CompletionAnalysis {
  return completionState(index).verdicts;
}

/**
 * The verdicts with what produced them: the graph of bodies and their awaited callees, which are synchronous, the
 * cycles, and each file's resolution surface. Kept by the language server so that an edit re-decides only the
 * bodies it can change (updateCompletion) instead of the whole workspace.
 */
export interface CompletionState {
  /** The index version the verdicts are for. */
  version: number;
  readonly verdicts: CompletionAnalysis;
  readonly nodes: Map<string, Node>;
  /** Key -> the nodes with an await (or return) on it. Keys need not be nodes (a callee with syntax errors). */
  readonly dependents: Map<string, Set<string>>;
  /** File -> nodes with an await on some body of that file (a superset: edges that went away may stay listed). */
  readonly dependentsByTargetFile: Map<string, Set<string>>;
  readonly keysByFile: Map<string, string[]>;
  readonly sync: Map<string, boolean>;
  readonly cycles: Map<string, number>;
  nextCycle: number;
  /** File -> what other files' calls can resolve against in it (resolutionSurface). */
  readonly surfaces: Map<string, string>;
}

/** The verdicts of every task-returning body, from scratch. */
export function completionState(index: WorkspaceIndex): CompletionState {
  const state: CompletionState = {
    version: index.version, verdicts: new Map(), nodes: new Map(), dependents: new Map(), dependentsByTargetFile: new Map(),
    keysByFile: new Map(), sync: new Map(), cycles: new Map(), nextCycle: 0, surfaces: new Map(),
  };
  for (const [file, model] of index.files) addFileNodes(state, file, model, index);
  for (const node of state.nodes.values()) linkDependencies(state, node, index);
  solve(state, new Set(state.nodes.keys()));
  return state;
}

/**
 * Brings `state` up to date with the index after `changed` files were updated (or removed), re-deciding only what
 * they can change, with the same verdicts a fresh completionState would give. When a file's resolution surface
 * changed (a declaration other files' calls may resolve to), or a file came or went, everything is decided again.
 * Returns the files whose verdicts were decided again.
 */
export function updateCompletion(state: CompletionState, index: WorkspaceIndex, changed: Iterable<string>): { state: CompletionState; decided: Set<string> | null } {
  const files = [...new Set(changed)];
  for (const file of files) {
    const model = index.files.get(file);
    if (!model || !state.surfaces.has(file) || resolutionSurface(model) !== state.surfaces.get(file)) return { state: completionState(index), decided: null };
  }
  // Bodies elsewhere that awaited the changed files' bodies: their calls are resolved again (ids hold offsets,
  // which an edit shifts), and whatever depends on them is decided again.
  const relinked = new Set<string>();
  for (const file of files) for (const key of state.dependentsByTargetFile.get(file) ?? []) relinked.add(key);
  for (const file of files) {
    for (const key of state.keysByFile.get(file) ?? []) {
      const node = state.nodes.get(key);
      if (node) unlinkDependencies(state, node);
      state.nodes.delete(key);
      state.sync.delete(key);
      state.cycles.delete(key);
      state.verdicts.delete(key);
      relinked.delete(key);
    }
    state.keysByFile.delete(file);
    state.dependentsByTargetFile.delete(file);
    addFileNodes(state, file, index.files.get(file)!, index);
  }
  const starts = new Set<string>(relinked);
  for (const file of files) for (const key of state.keysByFile.get(file) ?? []) starts.add(key);
  for (const key of relinked) {
    const node = state.nodes.get(key);
    if (node) unlinkDependencies(state, node);
  }
  for (const key of starts) {
    const node = state.nodes.get(key);
    if (node) linkDependencies(state, node, index);
  }
  // Everything that depends, directly or not, on what changed.
  const region = new Set<string>();
  const stack = [...starts].filter((k) => state.nodes.has(k));
  while (stack.length) {
    const key = stack.pop()!;
    if (region.has(key)) continue;
    region.add(key);
    for (const dependent of state.dependents.get(key) ?? []) if (!region.has(dependent) && state.nodes.has(dependent)) stack.push(dependent);
  }
  solve(state, region);
  state.version = index.version;
  const decided = new Set(files);
  for (const key of region) decided.add(state.nodes.get(key)!.target.file);
  return { state, decided };
}

/**
 * What other files' calls can resolve against in a file, without offsets: its types and members, the bodies of
 * its methods and local functions as resolution reads them (parameters, modifiers, type parameters), its usings.
 * While it stays the same, an edit changes no other file's call targets, only the verdicts along them.
 */
export function resolutionSurface(model: FileModel): string {
  let surface = resolutionSurfaces.get(model);
  if (surface === undefined) resolutionSurfaces.set(model, (surface = computeResolutionSurface(model)));
  return surface;
}

/**
 * Surfaces by model (a model is never written to once built): an update asks twice per changed file, and the
 * large-document thread computes it with the model during the edit's debounce (`rememberResolutionSurface`).
 */
const resolutionSurfaces = new WeakMap<FileModel, string>();

/** `surface` is resolutionSurface of a model equal to `model` (the same model before it crossed threads). */
export function rememberResolutionSurface(model: FileModel, surface: string): void {
  resolutionSurfaces.set(model, surface);
}

function computeResolutionSurface(model: FileModel): string {
  // Kept per file for the life of its model and only compared: its digest, not the text (a file's members written
  // out were about 30 bytes per line of code in a generated workspace).
  return textDigest(JSON.stringify([
    model.usings,
    model.types.map((t) => [t.name, t.fullName, t.kind, t.modifiers, t.attributes, t.baseTypes, t.typeParameters, t.enumUnderlyingType,
      t.members.map((m) => [m.name, m.kind, m.isStatic, m.isAsync, m.typeText, m.returnKind, m.parameterTypes, m.typeParameterCount, m.bodyId !== null, m.isReadonly ?? null])]),
    model.bodies.filter((b) => b.kind !== 'lambda' && b.kind !== 'anonymousMethod').map((b) => [b.name, b.kind, b.containingType, b.containingTypeKind, b.modifiers,
      b.typeParameters, b.parameters.map((p) => [p.name, p.typeText, p.modifiers]), b.returnTypeText]),
  ]));
}

function addFileNodes(state: CompletionState, file: string, model: FileModel, index: WorkspaceIndex): void {
  const keys: string[] = [];
  for (const body of model.bodies) {
    if (body.hasSyntaxErrors || body.isIterator) continue;
    if (body.isAsync || isTaskLike(body.returnKind)) {
      const key = verdictKey(file, body.id);
      state.nodes.set(key, { key, target: { file, body }, deps: [], bodies: model.bodies, index, expiringReceivers: null });
      keys.push(key);
    }
  }
  state.keysByFile.set(file, keys);
  state.surfaces.set(file, resolutionSurface(model));
}

function linkDependencies(state: CompletionState, node: Node, index: WorkspaceIndex): void {
  node.deps = dependenciesOf(node.target, index);
  for (const d of node.deps) {
    if (d.kind !== 'callees') continue;
    for (const t of d.targets) {
      let set = state.dependents.get(t.key);
      if (!set) state.dependents.set(t.key, (set = new Set()));
      set.add(node.key);
      let byFile = state.dependentsByTargetFile.get(t.ref.file);
      if (!byFile) state.dependentsByTargetFile.set(t.ref.file, (byFile = new Set()));
      byFile.add(node.key);
    }
  }
}

function unlinkDependencies(state: CompletionState, node: Node): void {
  for (const d of node.deps) {
    if (d.kind !== 'callees') continue;
    for (const t of d.targets) state.dependents.get(t.key)?.delete(node.key);
  }
  node.deps = [];
}

/**
 * Decides the bodies of `region` (closed under dependents), the others staying as they are: they cannot depend on
 * anything in it. The greatest fixed point over "certainly synchronous": every body starts so and turns "may
 * suspend" once one of its awaits may suspend. A body only suspends if some path reaches an await that really can,
 * so recursion (A -> B -> A) that never reaches one completes synchronously, which is what happens at run time.
 * That makes a cycle a verdict's only support, so calls are resolved strictly: an overload is never taken for
 * recursion, and a call dispatched to implementations outside the workspace may suspend (resolveCallSite).
 * Only certain verdicts (no await, completed awaits, completed returns) pass up to callers: a callee that is
 * synchronous on a cache hit says nothing about how often its callers hit (a metadata refresh that calls a
 * cached client usually misses), so its callers await something that may suspend. A body's own cache fast path
 * still makes its own verdict "likely" (decide), after the fixed point. Each body flips at most once, and only
 * its dependents are looked at again: linear in bodies plus call edges.
 */
function solve(state: CompletionState, region: Set<string>): void {
  const { nodes, sync, dependents } = state;
  for (const key of region) sync.set(key, true);
  const isSync = (key: string) => sync.get(key) === true;
  const queue = [...region];
  const queued = new Set(queue);
  while (queue.length) {
    const key = queue.pop()!;
    queued.delete(key);
    if (!isSync(key)) continue;
    if (CERTAIN_BASES.has(decide(nodes.get(key)!, isSync).basis)) continue;
    sync.set(key, false);
    for (const dependent of dependents.get(key) ?? []) {
      if (isSync(dependent) && !queued.has(dependent) && nodes.has(dependent)) {
        queued.add(dependent);
        queue.push(dependent);
      }
    }
  }
  for (const key of region) state.cycles.delete(key);
  state.nextCycle = cycleIds(nodes, region, isSync, state.cycles, state.nextCycle);
  const certain = { has: isSync };
  for (const key of region) state.verdicts.set(key, verdictOf(nodes.get(key)!, isSync, certain, state.cycles));
}

// ---- deciding one body, given what its callees are ----

/** The bases that follow from the code alone: a body decided on one of them is certainly synchronous. */
const CERTAIN_BASES: ReadonlySet<CompletionBasis> = new Set(['noAwait', 'completedAwaits', 'completedReturns']);

interface Decision {
  likelySync: boolean;
  basis: CompletionBasis;
  states: AwaitState[];
  /** For fastPath / awaitsOnlyOnMiss: the condition, what it reads as, and the return or await it guards. */
  guard: GuardedPath | null;
}

interface GuardedPath {
  condition: string;
  kind: GuardKind;
  span: Span;
}

function stateOf(d: Dependency, isSync: (key: string) => boolean): AwaitState {
  if (d.kind === 'fixed') return d.verdict.state;
  return d.targets.length > 0 && d.targets.every((t) => isSync(t.key)) ? 'complete' : 'maySuspend';
}

function decide(node: Node, isSync: (key: string) => boolean): Decision {
  const { body } = node.target;
  const states = node.deps.map((d) => stateOf(d, isSync));
  if (!body.isAsync) {
    const ok = body.returns.length > 0 && states.every((s) => s === 'complete');
    return { likelySync: ok, basis: ok ? 'completedReturns' : 'maySuspend', states, guard: null };
  }
  if (body.awaits.length === 0) return { likelySync: true, basis: 'noAwait', states, guard: null };
  const suspending = body.awaits.filter((_, i) => states[i] !== 'complete');
  if (suspending.length === 0) return { likelySync: true, basis: 'completedAwaits', states, guard: null };
  const readsExpiringCache = (condition: string) => readsExpiringCacheIn(node, condition);
  const fast = fastReturn(body, suspending[0], readsExpiringCache);
  if (fast && !startsOnce(body, fast)) return { likelySync: true, basis: 'fastPath', states, guard: fast };
  const miss = missGuard(body, suspending, readsExpiringCache);
  if (miss && !startsOnce(body, miss)) return { likelySync: true, basis: 'awaitsOnlyOnMiss', states, guard: miss };
  return { likelySync: false, basis: 'maySuspend', states, guard: null };
}

/**
 * A method that starts something (`StartAsync`, `StartProxyAsync`, `InternalStartAsync`) runs once per thing it starts:
 * a check that finds it already started (`if (_regions.TryGetValue(name, out var region)) return region;`,
 * `if (_socket == null) { ...; await _socket.ConnectAsync(...); }`) guards against a second call, and the one call
 * that matters takes the await. A cache or initialisation guard there is not the common path; a completed-task check
 * (`IsCompleted`) still is, as it reads the call's own task.
 */
function startsOnce(body: MethodBody, guard: GuardedPath): boolean {
  return guard.kind !== 'completed' && /(?:^|[a-z_])Start(?![a-z])/.test(body.name);
}

/** A return before the first await that may suspend, guarded by a condition that reads as a cache hit. */
function fastReturn(body: MethodBody, firstSuspending: SuspensionPoint, readsExpiringCache: (condition: string) => boolean): GuardedPath | null {
  for (const r of body.returns) {
    // The return must end before the await starts: `return await X()` starts before its own await.
    if (r.span.end > firstSuspending.span.start || !r.conditionText) continue;
    if (r.regions.some((g) => g.kind === 'loop' || g.kind === 'foreach')) continue;
    const guard = readGuard(r.conditionText);
    if (guard?.sense === 'hit' && returnsWhatTheGuardRead(body, guard, r) && !readsExpiringCache(guard.text)) return { condition: guard.text, kind: guard.kind, span: r.span };
  }
  return null;
}

/**
 * A cache fast path hands back the cached value. `if (_tx != null) return null;` is a guard that leaves early, not a
 * cache hit: when the condition is a null check of a field whose name does not say cache, the return must hand back
 * that field and do nothing else (`if (_value != null) return _value;`), and a lookup's branch must return a value.
 */
function returnsWhatTheGuardRead(body: MethodBody, guard: Guard, r: ReturnSite): boolean {
  if (guard.kind !== 'cache' || CACHE_NAME.test(guard.text)) return true;
  const returned = (r.expressionText ?? '').trim();
  // A bare `return;` after a lookup (`if (_ignored.TryGetValue(e, out _)) return;`) hands back nothing cached.
  if (returned === '') return false;
  // A lookup whose found entry the condition tests, in a branch that hands back something else, kept a record to
  // decide by (a back-off window after a restart), not a value to answer with.
  if (!guard.subject && r.conditionText !== null && decidesOnFoundEntry(r.conditionText, guard.text, returned)) return false;
  // A lookup (TryGetValue, ContainsKey) of a field reads a cache whatever it returns (`if (_known.ContainsKey(k))
  // return true;`). One of a local this call computed (`var modes = ModesFor(prefix);`) is a cache hit only when the
  // branch hands back what it found: the out variable, or an element of the collection; a branch that returns
  // something else (`if (empty && modes.ContainsKey(Mode.Bookmarks)) return ListAll();`) took a kind of input.
  if (!guard.subject) return returnsWhatTheLookupFound(body, guard.text, returned);
  // A field checked for null must be what is returned, and the return all the branch does: `if (_handle != null)
  // { Log.Warning("already started"); return _handle; }` is a guard against a second call, not a cache hit.
  const subject = guard.subject.replace(/^this\./, '');
  return r.aloneInBranch && new RegExp(`\\b${escapeRegExp(subject)}\\b`).test(returned);
}

/** The out variables a lookup writes (`last` in `_restarts.TryGetValue(id, out var last)`), without discards. */
function lookupOutVariables(lookup: string): string[] {
  return [...lookup.matchAll(/\bout\s+(?:var\s+)?(?:[\w.<>,?\[\]]+\s+)?@?([A-Za-z_]\w*)\s*[,)]/g)].map((m) => m[1]!).filter((name) => name !== '_');
}

/**
 * Whether a lookup's early return decides on the entry it found rather than answering with it: another part of the
 * condition (joined by `&&`) tests the out variable other than for null (`_restarts.TryGetValue(id, out var last) &&
 * now - last < _window`, `_attempts.TryGetValue(user, out var n) && n >= Limit`), and the branch hands back neither
 * that variable nor the collection (`return "restarted lately";`, `return false;`). The dictionary keeps a record of
 * what happened (a restart, failed attempts, a message seen) and the check is a back-off window, a limit or a
 * duplicate filter: the usual call finds no such record, or an old one, and goes on to the await. An expiring cache's
 * check (`_entries.TryGetValue(k, out var e) && e.Expires > now`) hands back what it found, and stays a cache hit; so
 * does a lookup whose entry the condition does not test (`if (_known.ContainsKey(k)) return true;`).
 */
function decidesOnFoundEntry(condition: string, lookup: string, returned: string): boolean {
  const found = lookupOutVariables(lookup);
  if (found.length === 0) return false;
  const collection = /^!?\s*\(?\s*(?:this\s*\.\s*)?(?:[A-Za-z_]\w*\s*\.\s*)*([A-Za-z_]\w*)\s*\.\s*(?:TryGetValue|TryGet\w*|ContainsKey)\s*[<(]/.exec(lookup)?.[1];
  // A local is read by its name alone (not `e.last`); the collection also as a member (`_tracker.Restarts[id]`).
  const reads = (text: string, name: string) => new RegExp(`(?<![\\w.])${escapeRegExp(name)}\\b`).test(text);
  if (found.some((name) => reads(returned, name))) return false;
  if (collection && new RegExp(`\\b${escapeRegExp(collection)}\\b`).test(returned)) return false;
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const others = splitTopLevelOperator(withoutOuterParentheses(condition.trim()), '&&').map(flat).filter((part) => !part.includes(flat(lookup)));
  // `e != null`, `e is not null` and `e is { }` only say the entry is there, which the lookup already said.
  const testsOtherThanNull = (part: string, name: string) => reads(part, name)
    && !new RegExp(`^\\(?\\s*${escapeRegExp(name)}\\s*(?:!=\\s*null|is\\s+not\\s+null|is\\s*\\{\\s*\\})\\s*\\)?$`).test(part);
  return others.some((part) => found.some((name) => testsOtherThanNull(part, name)));
}

/** Whether `returned` reads the lookup's out variables or its collection; true unless the collection is a local of the body. */
function returnsWhatTheLookupFound(body: MethodBody, lookup: string, returned: string): boolean {
  const receiver = /^!?\s*\(?\s*([A-Za-z_]\w*)\s*\.\s*(?:TryGetValue|TryGet\w*|ContainsKey)\s*[<(]/.exec(lookup.trim())?.[1];
  if (!receiver || !body.locals.some((l) => l.name === receiver && l.kind === 'local')) return true;
  const found = [receiver, ...lookupOutVariables(lookup)];
  return found.some((name) => new RegExp(`\\b${name}\\b`).test(returned));
}

/**
 * Every await that may suspend sits under a condition that reads as a cache miss. The guard named is one around all
 * of them when there is one (`if (_list == null) { if (_count == null) _count = await CountAsync(); _list = await
 * ListAsync(); }` awaits whenever the list is missing, not only when the count is); else the first await's.
 */
function missGuard(body: MethodBody, suspending: SuspensionPoint[], readsExpiringCache: (condition: string) => boolean): GuardedPath | null {
  const guardsPerAwait: { region: EnclosingRegion; guard: Guard }[][] = [];
  for (const a of suspending) {
    const guards: { region: EnclosingRegion; guard: Guard }[] = [];
    for (const region of a.regions) {
      if (region.kind !== 'conditional' || !region.detail) continue;
      const guard = readGuard(region.detail);
      if (guard?.sense === 'miss' && !readsExpiringCache(guard.text) && !filtersLoopItems(guard, region, a) && fillsOnMiss(body, guard, region)) guards.push({ region, guard });
    }
    if (guards.length === 0) return null;
    guardsPerAwait.push(guards);
  }
  const sameRegion = (x: EnclosingRegion, y: EnclosingRegion) => x.span.start === y.span.start && x.span.end === y.span.end;
  const shared = guardsPerAwait[0]!.find((g) => guardsPerAwait.every((guards) => guards.some((h) => sameRegion(h.region, g.region))));
  const named = shared ?? guardsPerAwait[0]![0]!;
  return { condition: named.guard.text, kind: named.guard.kind, span: suspending[0]!.span };
}

/**
 * A cache miss fills the cache. A null check of a field whose name does not say cache reads as a miss only when the
 * guarded statement writes that field (`if (_client == null) { _client = await CreateAsync(); }`, `_client ??= await
 * CreateAsync()`, `Interlocked.CompareExchange(ref _client, ...)`): `if (_endpoint is null) { var e = await
 * DiscoverAsync(); return new Client(e); }` leaves the field null, so every call with that configuration awaits, and
 * the check chose a kind of input, not a cached value. A `this.`-qualified field is not checked (the model lists
 * writes by simple name only), nor is a lookup or a name that says cache.
 */
function fillsOnMiss(body: MethodBody, guard: Guard, region: EnclosingRegion): boolean {
  const field = guard.nullChecked;
  if (guard.kind !== 'cache' || !field || CACHE_NAME.test(field) || !/^[A-Za-z_]\w*$/.test(field)) return true;
  return (body.writes ?? []).some((w) => w.name === field && region.span.start <= w.span.start && w.span.end <= region.span.end);
}

/**
 * A lookup inside a loop, per item, reads as a filter over the items unless its name says cache: in `foreach (var
 * f in listing) if (!keep.ContainsKey(f.Name)) await DeleteAsync(f)` every item the set does not hold takes the
 * await, and nothing makes the set warm from one call to the next. A loop inside the guarded branch is not per item.
 */
function filtersLoopItems(guard: Guard, conditional: EnclosingRegion, a: SuspensionPoint): boolean {
  if (guard.kind !== 'cache' || CACHE_NAME.test(guard.text)) return false;
  return a.regions.some((r) => (r.kind === 'loop' || r.kind === 'foreach') && r !== conditional
    && r.span.start <= conditional.span.start && conditional.span.end <= r.span.end);
}

/**
 * Reads a guard's lookup receiver (`_memoryCache` in `!_memoryCache.TryGetValue(key, out Movie? movie)`) and says
 * whether a hit there is not the usual path by construction: the receiver's declared type is a cache whose entries
 * expire, or it is a local this very call creates (`var cache = new Dictionary<string, IPAddress>();`), which starts
 * empty on every call, so its first lookup always misses. A parameter or a field outlives the call and may be warm.
 */
function readsExpiringCacheIn(node: Node, condition: string): boolean {
  const receiver = /^!?\s*\(?\s*((?:this\s*\.\s*)?[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\.\s*(?:TryGetValue|TryGet\w*|Get\w*|ContainsKey)\s*[<(]/.exec(condition.trim())?.[1];
  if (!receiver) return false;
  const seen = (node.expiringReceivers ??= new Map());
  let answer = seen.get(receiver);
  if (answer === undefined) {
    const body = node.target.body;
    if (createdByThisCall(body, receiver)) answer = true;
    else {
      try {
        const typed = typeOfExpression(receiver, body, node.bodies, node.index);
        answer = !!typed && expiringCacheType(typed.typeText) !== undefined;
      } catch (err) {
        if (err instanceof AnalysisStopped) throw err;
        // Not known to be a cache that usually hits: no fast path is read into the verdict.
        answer = true;
      }
    }
    seen.set(receiver, answer);
  }
  return answer;
}

/** A local of this body initialised with a new, empty collection (`new Dictionary<K, V>(comparer)`, `new()`, `[]`). */
function createdByThisCall(body: MethodBody, receiver: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(receiver)) return false;
  const local = body.locals.find((l) => l.name === receiver && l.kind === 'local');
  const initializer = local?.initializerText?.trim() ?? '';
  // A collection initializer (`new Dictionary<,> { [k] = v }`) or an argument that may be a source collection
  // (`new Dictionary<,>(existing)`) is not empty; a comparer or a capacity is all `new` may take here.
  if (/^\[\s*\]$/.test(initializer)) return true;
  const created = /^new\b[^({]*(?:\(([^()]*)\))?\s*$/.exec(initializer);
  if (!created) return false;
  const args = (created[1] ?? '').trim();
  return args === '' || /^(?:\d+|[\w.]*Comparer[\w.]*)$/.test(args);
}

// ---- reading conditions as cache hits and misses ----

/** What a guard checks: a cache or lazily created value, a task's completion, or an initialisation flag. */
export type GuardKind = 'cache' | 'completed' | 'initialised';

export interface Guard {
  /** `hit`: true when the value is already there (the fast path); `miss`: true when it must be fetched. */
  sense: 'hit' | 'miss';
  kind: GuardKind;
  /** The part of the condition that decided it, as written: `_cache.TryGetValue(key, out var value)`. */
  text: string;
  /** For a null check, what is checked: `_value` in `_value != null`. */
  subject?: string;
  /** For a null check and its negation: what is checked (`_value` in `!(_value != null)` too). */
  nullChecked?: string;
}

/** Names that people give caches and lazily created values. */
const CACHE_NAME = /cache|memo|prefetch/i;
/** A field by the usual naming conventions: `_prices`, `this.prices`, `s_instance`. */
const FIELD_NAME = /^(?:this\.)?_\w+$|^(?:this\.)?s_\w+$|^this\.\w+$/;
const INITIALISED_FLAG = /^(?:this\.)?_?(?:is)?(?:initiali[sz]ed|loaded|warm(?:ed)?(?:up)?)$/i;

/**
 * Reads a condition as a cache hit or miss, from names alone: `_cache.TryGetValue(k, out v)`,
 * `cache.ContainsKey(k)`, `t.IsCompletedSuccessfully`, `_value != null`, `_initialized`, and their negations.
 * `a && b` is a hit when one side is and neither is a miss; `a || b` is a miss when one side is and neither is a hit.
 */
export function readGuard(condition: string): Guard | null {
  let c = withoutOuterParentheses(condition.trim());
  const any = splitTopLevelOperator(c, '||');
  // An alternative that awaits (`_core == null || await _core.ProcessAsync()`) is work, not a look at cached state: the
  // branch also runs when the other test hits, so the disjunction is no miss.
  if (any.length > 1) return any.some((part) => /\bawait\b/.test(part)) ? null : combine(any.map(readGuard), 'or');
  const all = splitTopLevelOperator(c, '&&');
  if (all.length > 1) return combine(all.map(readGuard), 'and');
  if (c.startsWith('!') && !c.startsWith('!=')) return negate(readGuard(c.slice(1)), c);
  // `x == false`, `x is false`, `x != true` negate x; `x == true`, `x is true` are x.
  const compared = /^(.*?)\s*(==|!=|is\s+not|is)\s*(true|false)$/.exec(c);
  if (compared) {
    const negated = (compared[2] === '==' || compared[2] === 'is') === (compared[3] === 'false');
    const inner = readGuard(compared[1]);
    return negated ? negate(inner, c) : inner && { ...inner, text: c };
  }
  c = c.replace(/\s+/g, ' ');
  const text = c;
  // A dictionary lookup reads a cache; another TryGet... only when a name says cache (`WslManager.TryGetDistro` checks
  // what a path is, and the common path goes on to real work).
  if (/\.\s*(?:TryGetValue|ContainsKey)\s*\(/.test(c) || (/(?:^|\.)\s*TryGet\w*\s*\(/.test(c) && CACHE_NAME.test(c))) return { sense: 'hit', kind: 'cache', text };
  if (/\.\s*IsCompleted(?:Successfully)?$/.test(c) || /\.\s*Status\s*==\s*TaskStatus\.RanToCompletion$/.test(c)) return { sense: 'hit', kind: 'completed', text };
  const nullCheck = /^(.+?)\s*(!=\s*null|is not null|is\s*\{\s*\}(?:\s*\w+)?|==\s*null|is null)$/.exec(c);
  if (nullCheck) {
    const subject = nullCheck[1].trim();
    if (!CACHE_NAME.test(subject) && !FIELD_NAME.test(subject)) return null;
    return { sense: /==|is null/.test(nullCheck[2]) ? 'miss' : 'hit', kind: 'cache', text, subject, nullChecked: subject };
  }
  // `_expires.HasValue` is the null check of a nullable value: like `_value != null`, a hit only where the branch hands
  // the field back (`if (_retryAfter.HasValue && now < _retryAfter.Value) return false;` is a back-off, not a cache).
  if (/^(?:this\.)?_?\w+\.HasValue$/.test(c) && (CACHE_NAME.test(c) || FIELD_NAME.test(c.replace(/\.HasValue$/, '')))) {
    const subject = c.replace(/\.HasValue$/, '');
    return { sense: 'hit', kind: 'cache', text, subject, nullChecked: subject };
  }
  if (INITIALISED_FLAG.test(c)) return { sense: 'hit', kind: 'initialised', text };
  if (/^(?:this\.)?_?(?:is|has)?\w*cached$/i.test(c)) return { sense: 'hit', kind: 'cache', text };
  return null;
}

/** The opposite reading of a guard; `written` is the negated condition as it appears. */
function negate(g: Guard | null, written: string): Guard | null {
  return g ? { sense: g.sense === 'hit' ? 'miss' : 'hit', kind: g.kind, text: written.replace(/\s+/g, ' '), ...(g.nullChecked ? { nullChecked: g.nullChecked } : {}) } : null;
}

function combine(parts: (Guard | null)[], op: 'and' | 'or'): Guard | null {
  const hits = parts.filter((p): p is Guard => p?.sense === 'hit');
  const misses = parts.filter((p): p is Guard => p?.sense === 'miss');
  if (op === 'and') {
    // `cache.TryGetValue(k, out v) && !v.Expired` is a hit; `!cached && other` still runs only on a miss.
    if (hits.length && !misses.length) return hits[0];
    if (misses.length && !hits.length) return misses[0];
    return null;
  }
  if (misses.length && !hits.length) return misses[0];
  if (hits.length === parts.length) return hits[0];
  return null;
}

// ---- what each await depends on ----

function dependenciesOf(t: Target, index: WorkspaceIndex): Dependency[] {
  if (t.body.isAsync) return t.body.awaits.map((a) => guarded(() => awaitDependency(a, t, index)));
  return t.body.returns.map((r) => guarded(() => returnDependency(r, t, index)));
}

/**
 * One await whose resolution fails (a bug in the typing, a stack overflow on some code no test had) may suspend,
 * and says why, instead of ending the verdicts of the whole workspace: the command line would report nothing at all
 * and the language server nothing for any document. Running out of a file's time budget still stops.
 */
function guarded(resolve: () => Dependency): Dependency {
  try {
    return resolve();
  } catch (err) {
    if (err instanceof AnalysisStopped) throw err;
    return fixed('maySuspend', `AsyncLens could not resolve it (internal error: ${err instanceof Error ? err.message : String(err)})`);
  }
}

const fixed = (state: AwaitState, reason: string): Dependency => ({ kind: 'fixed', verdict: { state, reason, callee: null } });

/** Shortens an expression for a sentence: one line, at most about 80 characters, cut between words. */
export function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').replace(/\(\s+/g, '(').trim();
  if (flat.length <= 80) return flat;
  const cut = flat.lastIndexOf(' ', 77);
  return `${flat.slice(0, cut > 40 ? cut : 77)} ...`;
}

function awaitDependency(a: SuspensionPoint, t: Target, index: WorkspaceIndex): Dependency {
  const op = a.operand;
  const text = shortText(op.text);
  switch (op.kind) {
    case 'completedTask':
      if (op.callee?.name === 'FromException' || op.callee?.name === 'FromCanceled') return fixed('complete', `${op.callee.receiver}.${op.callee.name}`);
      return fixed('complete', op.text.startsWith('default') ? 'default(ValueTask)' : /ValueTask/.test(op.text) ? 'ValueTask.CompletedTask' : 'Task.CompletedTask');
    case 'fromResult':
      return fixed('complete', /^new\b/.test(op.text) ? 'new ValueTask<T>(value)' : op.text.startsWith('default') ? 'default(ValueTask<T>)' : /^(System\.Threading\.Tasks\.)?ValueTask/.test(op.text) ? 'ValueTask.FromResult' : 'Task.FromResult');
    case 'yield':
      return fixed('suspends', 'Task.Yield(), which always suspends');
    case 'delay': {
      // Task.Delay(0) returns a completed task; so does a zero TimeSpan, with or without a token.
      const args = op.text.slice(op.text.indexOf('(') + 1, op.text.lastIndexOf(')')).split(',').map((s) => s.trim());
      if (/^(0|TimeSpan\.Zero|millisecondsDelay:\s*0|delay:\s*TimeSpan\.Zero)$/.test(args[0] ?? '')) return fixed('complete', 'Task.Delay(0)');
      return fixed('suspends', `${text}, which suspends`);
    }
    case 'call': {
      const callee = op.callee!;
      const resolved = resolveCallSite(callee.name, callee.receiver, callee.argumentCount, t.file, t.body, index, callee.typeArgumentCount);
      return calleesDependency(callee.name, text, resolved);
    }
    default:
      // `await using var stream = new FileStream(...)` reads better without its declared type.
      return fixed('maySuspend', a.kind === 'awaitForeach' ? `the await foreach over ${text}` : a.kind === 'awaitUsing' ? `the await using of ${text.replace(/^[\w.<>?,\[\] ]+?\s+(?=\w+\s*=[^=])/, '')}` : text);
  }
}

function calleesDependency(name: string, text: string, resolved: CallResolution): Dependency {
  const targets = resolved.targets
    .filter((m) => m.body)
    .map((m) => ({ key: verdictKey(m.file, m.body!.id), ref: { file: m.file, bodyId: m.body!.id, name: m.body!.name } }));
  return { kind: 'callees', name, text, targets, unresolved: resolved.unresolved, dispatched: resolved.dispatched };
}

export const COMPLETED_TASK_EXPRESSION = /^(?:global::)?(?:System\.Threading\.Tasks\.)?(Task|ValueTask)\.(FromResult|CompletedTask|FromException|FromCanceled)\b|^new\s+(?:System\.Threading\.Tasks\.)?ValueTask\b|^default\b/;

/** In a non-async Task-returning body, what one return hands back. */
function returnDependency(r: ReturnSite, t: Target, index: WorkspaceIndex): Dependency {
  return expressionDependency((r.expressionText ?? '').trim(), t, index);
}

function expressionDependency(e: string, t: Target, index: WorkspaceIndex): Dependency {
  const wrapped = valueTaskWrapping(e, t, index);
  if (wrapped !== null) return wrapped === '' ? fixed('maySuspend', `${shortText(e)}, over an IValueTaskSource`) : expressionDependency(wrapped, t, index);
  const m = COMPLETED_TASK_EXPRESSION.exec(e);
  if (m) return fixed('complete', m[2] ? `${m[1]}.${m[2]}` : e.startsWith('default') ? 'default' : 'new ValueTask');
  // `Task<bool>? TryRead()` returning null: there is no task to wait for (a caller's `TryRead()?.Result` skips it).
  if (e === 'null') return fixed('complete', 'null');
  // `ready ? TrueTask : FalseTask`: complete when both arms are.
  // Literals could hide either character; not worth reading here.
  const parts = /["']/.test(e) ? null : conditionalParts(e, 0, e.length);
  const arms = parts && [e.slice(parts.whenTrue.start, parts.whenTrue.end).trim(), e.slice(parts.whenFalse.start, parts.whenFalse.end).trim()];
  if (arms) {
    const both = arms.map((arm) => expressionDependency(arm, t, index));
    if (both.every((d) => d.kind === 'fixed' && d.verdict.state === 'complete')) return fixed('complete', shortText(e));
    return fixed('maySuspend', `${shortText(e)}, whose arms may not be complete`);
  }
  // A static readonly field created complete (`static readonly Task<bool> TrueTask = Task.FromResult(true);`).
  const field = /^(?:this\.)?([A-Za-z_]\w*)$/.exec(e)?.[1];
  const created = field ? completedFieldInitializer(field, t, index) : null;
  if (created) return fixed('complete', `${field}, a readonly field holding ${shortText(created)}`);
  const call = splitCallText(e);
  if (call) {
    const args = call.argumentsText.trim();
    const argc = splitTopLevel(args).length;
    return calleesDependency(call.name, shortText(e), resolveCallSite(call.name, call.receiver, argc, t.file, t.body, index));
  }
  return fixed('maySuspend', e ? `${shortText(e)}, which may not be complete` : 'a task the syntax does not show');
}


/**
 * What a `new ValueTask(...)` waits for when it wraps something rather than holding a result: the task it wraps
 * (`new ValueTask(DropAsync())`, the non-generic constructor's only one-argument form, or `new ValueTask<T>(task)`
 * where the argument is known to be a task), '' for the `(IValueTaskSource, token)` form, whose source may complete
 * later; null for `new ValueTask()` and `new ValueTask<T>(result)`, which are complete (COMPLETED_TASK_EXPRESSION).
 * https://learn.microsoft.com/dotnet/api/system.threading.tasks.valuetask.-ctor
 */
function valueTaskWrapping(e: string, t: Target, index: WorkspaceIndex): string | null {
  const creation = /^new\s+(?:global::)?(?:System\.Threading\.Tasks\.)?ValueTask\s*(<[^()]*>)?\s*\(/.exec(e);
  if (!creation) return null;
  const open = creation[0].length - 1;
  if (closingBracket(e, open) !== e.length - 1) return null;
  const args = splitTopLevel(e.slice(open + 1, -1)).map((a) => a.trim()).filter((a) => a !== '');
  if (args.length === 2) return '';
  if (args.length !== 1) return null;
  if (!creation[1]) return args[0];
  const bodies = index.files.get(t.file)?.bodies ?? [];
  return taskEvidence(args[0], t.body, bodies, index).verdict === 'task' ? args[0] : null;
}

/** The initializer of a readonly field of the body's type that creates a completed task, or null. */
function completedFieldInitializer(name: string, t: Target, index: WorkspaceIndex): string | null {
  const bodies = index.files.get(t.file)?.bodies ?? [];
  if (declaresLocalOrParameter(bodyChain(t.body, bodies), name)) return null;
  const owner = bodyChain(t.body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
  if (!owner) return null;
  for (const ref of typesNamed(index, owner)) {
    const field = ref.type.members.find((m) => m.name === name && m.kind === 'field');
    const init = field?.isReadonly ? field.initializerText?.trim() : null;
    if (init && COMPLETED_TASK_EXPRESSION.test(init)) return init;
  }
  return null;
}

// ---- call resolution ----

export interface CallResolution {
  /** Workspace methods the call may run: every overload of matching arity, and every override or implementation the workspace declares. */
  targets: MethodRef[];
  /** Why no workspace body was found, in words; null when some were. */
  unresolved: string | null;
  /** The receiver's type is known (declared, `this`, a type name), so finding nothing means the call is not to this workspace. */
  receiverTypeKnown: boolean;
  /**
   * The call is dispatched (an interface, abstract, virtual or override member) to implementations the workspace
   * declares, through a type only the workspace can implement: the verdict may rest on them, but only as "likely".
   */
  dispatched: boolean;
  /**
   * The members the call binds to by their declarations, before dispatch: their signatures (return type, parameters)
   * are what the compiler types the call with, even when what runs is an override or an implementation outside the
   * workspace. Absent when the call does not bind to a member of the receiver's type (a local function, an extension).
   */
  declared?: MethodRef[];
  /**
   * For a dispatched call left unresolved because code outside the workspace may implement it, or a call on a
   * workspace type that declares no member of the name (an interface member declared outside the workspace): the
   * receiver's type.
   */
  owner?: string;
}

/**
 * What resolution learns about one version of the index, kept so that resolving thousands of calls does
 * not recompute the same answers each time. Dropped when the index changes.
 */
interface ResolutionMemo {
  version: number;
  /** Type name -> names of the workspace types that list it as a base class or interface. */
  derived: Map<string, Set<string>> | null;
  /** Call sites already resolved (ASY012 asks for every caller of every candidate). */
  calls: WeakMap<object, CallResolution>;
  /**
   * What a call resolves to once its receiver's type is known, which is all it depends on from there (name,
   * type, argument count, how the receiver is written): many call sites share one answer, and a workspace
   * where many files declare the same names would otherwise recompute it over long candidate lists each time.
   */
  onOwner: Map<string, OwnerResolution>;
}

interface OwnerResolution {
  /**
   * Every candidate on the owner's family the argument count fits, those that would need default arguments
   * included: a call of a method's own name is told from its overloads among these.
   */
  fitting: MethodRef[];
  /** The candidates of matching arity on the owner's family, before a method's own name is told from its overloads. */
  declared: MethodRef[];
  /** The resolution from `declared` as it is. */
  resolution: CallResolution;
  /** `file\0bodyId` of each declared candidate with a body, to tell a call of a method's own name quickly. */
  bodyKeys: ReadonlySet<string>;
  /**
   * `file\0bodyId` of each extension method the resolution took (none declared on the owner): a call from inside
   * one of them on its own `this` parameter is resolved again without it.
   */
  extensionKeys: ReadonlySet<string>;
}

const memos = new WeakMap<WorkspaceIndex, ResolutionMemo>();

function memoOf(index: WorkspaceIndex): ResolutionMemo {
  let memo = memos.get(index);
  if (!memo || memo.version !== index.version) {
    memo = { version: index.version, derived: null, calls: new WeakMap(), onOwner: new Map() };
    memos.set(index, memo);
  }
  return memo;
}

function familyOf(index: WorkspaceIndex, typeName: string): ReadonlySet<string> {
  return typeFamily(index, typeName);
}

function membersNamed(index: WorkspaceIndex, name: string, owner: string): MethodRef[] {
  return methodsNamed(index, name, owner);
}

function derivedTypes(index: WorkspaceIndex): Map<string, Set<string>> {
  const memo = memoOf(index);
  if (memo.derived) return memo.derived;
  const derived = new Map<string, Set<string>>();
  for (const refs of index.typesByName.values()) {
    for (const ref of refs) {
      for (const base of ref.type.baseTypes) {
        const name = stripGenerics(base);
        let set = derived.get(name);
        if (!set) derived.set(name, (set = new Set()));
        set.add(ref.type.name);
      }
    }
  }
  memo.derived = derived;
  return derived;
}

/** The workspace types deriving from `typeName`, directly or through others (by simple name). */
export function descendantsOf(index: WorkspaceIndex, typeName: string): Set<string> {
  const derived = derivedTypes(index);
  const seen = new Set<string>();
  const stack = [...(derived.get(typeName) ?? [])];
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    for (const d of derived.get(t) ?? []) stack.push(d);
  }
  return seen;
}

/**
 * The parameters a call's arguments fill. An extension method's `this` parameter is filled by the receiver in the
 * instance form (`context.Wait(path)`) and by the first argument in the static form (`Wait(context, path)` inside its
 * class, `Extensions.Wait(context, path)`), so it counts only there (`staticForm`).
 */
function parameterCount(m: MethodRef, staticForm = false): number {
  if (!m.body) return m.member?.parameterTypes.length ?? 0;
  return staticForm ? m.body.parameters.length : m.body.parameters.filter((p) => !p.modifiers.includes('this')).length;
}

function arityFits(m: MethodRef, argumentCount: number, staticForm = false): boolean {
  // Extra parameters may have defaults; params arrays take any count.
  return parameterCount(m, staticForm) >= argumentCount || (m.body?.parameters.some((p) => p.modifiers.includes('params')) ?? false);
}

/**
 * Type arguments written at the call (`Run<object?>(...)`) leave only the methods with that many type parameters: the
 * non-generic `Run(...)` beside a generic `Run<T>(...)` is not a candidate, whatever the argument count says. None
 * written leaves every method, generic ones included (their type arguments are inferred).
 */
function typeArityFits(m: MethodRef, typeArgumentCount: number): boolean {
  if (typeArgumentCount === 0) return true;
  return (m.member?.typeParameterCount ?? m.body?.typeParameters.length ?? 0) === typeArgumentCount;
}

/**
 * C# prefers an overload that needs no default arguments, so when some candidate takes exactly the
 * arguments given, longer ones (which would need defaults) are not what the call binds to.
 */
function preferExactArity(candidates: MethodRef[], argumentCount: number, staticForm = false): MethodRef[] {
  const exact = candidates.filter((m) => parameterCount(m, staticForm) === argumentCount);
  return exact.length ? exact : candidates;
}

const isDispatched = (m: MethodRef) =>
  !m.body || m.body.modifiers.some((x) => x === 'virtual' || x === 'abstract' || x === 'override') || m.body.containingTypeKind === 'interface';

/**
 * The workspace methods a call may run, by name, argument count and, when the receiver's type is known,
 * that type and its bases; a virtual, abstract or interface member adds every override or implementation
 * the workspace declares (types deriving from the receiver's type), since any of them may run.
 */
export function resolveCallSite(name: string, receiver: string | null, argumentCount: number, file: string, body: MethodBody, index: WorkspaceIndex, typeArgumentCount = 0): CallResolution {
  const bodies = index.files.get(file)?.bodies ?? [];
  const chain = bodyChain(body, bodies);
  let owner: string | null;
  // The type arguments of a constructed generic receiver (`PagedList<T>.CreateAsync(...)`): only the declaring type of
  // that arity is meant, not a non-generic `PagedList` beside it.
  let ownerArity: number | null = null;
  /** The receiver names a type (`Extensions.Wait(...)`, `PagedList<T>.Create(...)`), not a value. */
  let staticReceiver = false;
  // The owner's name as written (`SomeActor.Settings` keeps its container), and what the file that wrote it sees
  // (nestedTypes.ts): a receiver typed `Settings` outside an actor does not reach the actor's nested Settings.
  let written: string | null = null;
  let view: NameView | null = index.files.has(file) ? nameViewOf(index, file) : null;
  if (receiver === null || receiver === 'this' || receiver === 'base') {
    if (receiver === null) {
      // A local function visible from here: declared in this body or any body around it.
      const ids = new Set(chain.map((b) => b.id));
      const local = (localFunctionsOf(bodies).get(name) ?? []).filter((b) => b.parentId !== null && ids.has(b.parentId));
      if (local.length) return { targets: local.map((b) => ({ file, typeName: null, member: null, body: b })), unresolved: null, receiverTypeKnown: true, dispatched: false };
      // A delegate in a local or parameter: whatever it was assigned runs.
      if (declaresLocalOrParameter(chain, name)) {
        return { targets: none(), unresolved: `${name} is a delegate, and what it runs is not known`, receiverTypeKnown: true, dispatched: false };
      }
    }
    owner = chain.map((b) => b.containingType).find((x) => x !== null) ?? null;
    if (owner === null) return { targets: none(), unresolved: `${name} is not declared in the workspace`, receiverTypeKnown: false, dispatched: false };
  } else {
    const typed = typeOfExpression(receiver, body, bodies, index);
    const constructed = typed ? null : constructedTypeText(receiver);
    // An untyped receiver that resolves at all is a type's name (every other one returns below).
    staticReceiver = !typed;
    written = typed?.typeText ?? receiver;
    if (typed) view = typed.writtenIn !== undefined ? nameViewOf(index, typed.writtenIn) : null;
    if (typed) owner = stripGenerics(typed.typeText);
    else if (/^(?:[A-Z]\w*\.)*[A-Z]\w*$/.test(receiver) && !startsWithValue(receiver, chain, index)) owner = stripGenerics(receiver); // A static call on a type name.
    else if (constructed) {
      // A static call on a constructed generic type the workspace declares (`PagedList<T>.CreateAsync(...)`).
      owner = stripGenerics(receiver);
      ownerArity = constructed.typeArguments.length;
      if (!typesNamed(index, owner).some((r) => r.type.typeParameters.length === ownerArity)) {
        return { targets: none(), unresolved: `${shortText(receiver)} is not declared in the workspace`, receiverTypeKnown: false, dispatched: false };
      }
    } else return { targets: none(), unresolved: `the type of ${shortText(receiver)} is not known`, receiverTypeKnown: false, dispatched: false };
  }
  // `base.M()` runs the base type's member, never an override (not even this one).
  const containing = receiver === 'base' ? chain.map((b) => b.containingType).find((x) => x !== null) ?? null : null;
  const kind = receiver === null || receiver === 'this' || receiver === 'base' ? String(receiver) : staticReceiver ? 'type' : 'expression';
  // No receiver, or a type's name: an extension method called so takes its `this` argument first (parameterCount).
  const staticForm = kind === 'null' || kind === 'type';
  const memo = memoOf(index);
  const ownerText = written ?? owner;
  const key = `${name}\0${owner}\0${argumentCount}\0${kind}\0${containing ?? ''}\0${typeArgumentCount}\0${ownerArity ?? ''}${declarationsKey(index, ownerText, view)}`;
  let onOwner = memo.onOwner.get(key);
  if (!onOwner) {
    const ofOwnerArity = (m: MethodRef) => ownerArity === null || m.typeName !== owner || m.typeArity === ownerArity;
    const fitting = methodsNamedFrom(index, name, ownerText, view).filter((m) => arityFits(m, argumentCount, staticForm) && typeArityFits(m, typeArgumentCount) && ofOwnerArity(m) && !(receiver === 'base' && m.typeName === containing) && visibleByName(index, m, owner));
    const declared = preferExactArity(fitting, argumentCount, staticForm);
    // Only a call among several fitting candidates asks its bodyKeys (below).
    const bodyKeys = fitting.length > 1 ? keysOf(declared.filter((m) => m.body)) : NO_KEYS;
    const extensionKeys = declared.length === 0 && kind === 'expression' ? keysOf(extensionsOf(index, name, owner, argumentCount)) : NO_KEYS;
    onOwner = { fitting, declared, bodyKeys, extensionKeys, resolution: resolveOnOwner(declared, name, receiver, argumentCount, owner, index, null) };
    memo.onOwner.set(key, onOwner);
  }
  // `Task Write(string s) => Write(s.AsMemory());` calls an overload, not itself: a method's own name resolving to
  // itself among other candidates the argument count fits is taken for the overload, never for recursion. That holds
  // for an overload that takes more parameters with defaults too (`Start(output, transport) => Start(output,
  // BuildOptions(transport))` beside `Start(output, options, retries = 3)`): the argument types, which decide
  // between them, are not known here, and a method that forwards to a longer sibling is far commoner than one that
  // recurses beside it.
  const outermost = chain[chain.length - 1];
  const self = `${file}\0${outermost.id}`;
  if (onOwner.extensionKeys.has(self)) return resolveOnOwner(onOwner.declared, name, receiver, argumentCount, owner, index, self);
  if (onOwner.bodyKeys.has(self) && onOwner.fitting.length > 1) {
    const declared = preferExactArity(onOwner.fitting.filter((m) => !(m.file === file && m.body?.id === outermost.id)), argumentCount, staticForm);
    return resolveOnOwner(declared, name, receiver, argumentCount, owner, index, null);
  }
  return onOwner.resolution;
}

/**
 * The one empty set of keys of every answer on an owner that has none. An empty Set costs about 150 bytes, and most
 * answers have no extension keys (and those with one fitting candidate need no body keys): 7,700 answers on the
 * generated 200,000-line corpus, kept for as long as the index version.
 */
const NO_KEYS: ReadonlySet<string> = new Set();

/** `file\0bodyId` of each method with a body (NO_KEYS when there are none). */
function keysOf(methods: readonly MethodRef[]): ReadonlySet<string> {
  return methods.length === 0 ? NO_KEYS : new Set(methods.map((m) => `${m.file}\0${m.body!.id}`));
}

/**
 * What sets the declarations an owner's name means apart in the memo of answers on an owner: nothing when it means
 * every declaration of its simple name (most names), else where the declarations it means lie.
 */
function declarationsKey(index: WorkspaceIndex, ownerText: string, view: NameView | null): string {
  const refs = typesVisibleFrom(index, ownerText, view);
  return refs === typesNamed(index, ownerText) ? '' : `\0${refs.map((r) => `${r.file}@${r.type.span.start}`).join('|')}`;
}

/**
 * Whether a dotted receiver (`Session.Driver.Contexts`) starts with a value in scope: a local or parameter, a field
 * or property of the containing type or its workspace bases, or a primary constructor parameter. C# binds a simple
 * name to such a member before it looks for a namespace or type (C# spec 12.8.4, Simple names), so the path is a
 * member access on that value, whose type the typing could not follow (a package type the signatures do not hold),
 * and never a type named like its last segment: read as one, `Session.Driver.Contexts.CloseAsync()` bound to a
 * workspace `Contexts.CloseAsync`, perhaps the calling method itself.
 */
function startsWithValue(receiver: string, chain: readonly MethodBody[], index: WorkspaceIndex): boolean {
  const dot = receiver.indexOf('.');
  if (dot === -1) return false;
  const first = receiver.slice(0, dot);
  if (declaresLocalOrParameter(chain, first)) return true;
  const owner = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (owner === null) return false;
  for (const typeName of typeFamily(index, owner)) {
    for (const ref of typesNamed(index, typeName)) {
      if (ref.type.members.some((m) => m.name === first && (m.kind === 'field' || m.kind === 'property'))) return true;
      if (typeName === owner && ref.type.primaryConstructorParameters.some((p) => p.name === first)) return true;
    }
  }
  return false;
}

/** Extension methods whose `this` parameter takes the owner type, one of its bases, or a type parameter. */
function extensionsOf(index: WorkspaceIndex, name: string, owner: string, argumentCount: number): MethodRef[] {
  return workspaceExtensionsOf(index, name, owner).filter((m) => arityFits(m, argumentCount));
}

/**
 * The workspace's extension methods of this name whose `this` parameter takes the owner type, one of its workspace
 * bases and interfaces (by simple name), or a type parameter of the method; whatever their arguments.
 */
export function workspaceExtensionsOf(index: WorkspaceIndex, name: string, owner: string): MethodRef[] {
  const family = familyOf(index, owner);
  return (index.methodsByName.get(name) ?? []).filter((m) => {
    const first = m.body?.parameters[0];
    if (!first || !first.modifiers.includes('this') || !first.typeText) return false;
    return family.has(stripGenerics(first.typeText)) || m.body!.typeParameters.includes(first.typeText.replace(/\?$/, ''));
  });
}

/**
 * The rest of resolveCallSite once the candidates on the receiver's type are known. `self` (`file\0bodyId`) is the
 * method the call sits in when that method is one of the extension candidates, else null.
 */
function resolveOnOwner(declared: MethodRef[], name: string, receiver: string | null, argumentCount: number, owner: string, index: WorkspaceIndex, self: string | null): CallResolution {
  if (declared.length === 0 && receiver !== null && receiver !== 'this' && receiver !== 'base') {
    // An extension method whose `this` parameter takes the receiver's type, one of its bases, or a type parameter.
    const extensions = extensionsOf(index, name, owner, argumentCount);
    // Inside `OpenAsync(this IFile file, ...)`, `file.OpenAsync(...)` is the type's own instance member (instance
    // members win over extensions in C#), which a type outside the workspace may well have: not this extension.
    const notSelf = extensions.filter((m) => `${m.file}\0${m.body!.id}` !== self);
    if (notSelf.length < extensions.length && typesNamed(index, owner).length === 0) {
      return { targets: none(), unresolved: `${owner} is not declared in the workspace and may have its own ${name}`, receiverTypeKnown: true, dispatched: false };
    }
    if (notSelf.length) return { targets: preferExactArity(notSelf, argumentCount), unresolved: null, receiverTypeKnown: true, dispatched: false };
  }
  if (declared.length === 0) {
    const known = typesNamed(index, owner).length > 0;
    const unresolved = known ? `${owner} declares no ${name} taking ${argumentCount} argument${argumentCount === 1 ? '' : 's'}`
      : receiver === null || receiver === 'this' || receiver === 'base' ? `${name} is not declared in the workspace` : `${owner} is not declared in the workspace`;
    // A workspace type that declares no such member may still have implementations of one declared outside the
    // workspace (`IEndpoint : IAsyncDisposable` and its classes' DisposeAsync): the owner lets a caller look for them.
    return { targets: none(), unresolved, receiverTypeKnown: true, dispatched: false, ...(known ? { owner } : {}) };
  }
  let targets = declared;
  const dispatched = receiver !== 'base' && declared.some(isDispatched) && !isClosedType(index, owner);
  if (dispatched) {
    // Code outside the workspace can implement a public interface or override a public virtual member (test
    // doubles, proxies, a library's users): what it runs is not known, so the await may suspend.
    const open = openDispatchReason(index, owner, declared);
    if (open) return { targets: none(), unresolved: open, receiverTypeKnown: true, dispatched: true, declared, owner };
    const seen = new Set(declared.map((m) => m.body?.id ?? m.member?.nameSpan.start));
    for (const sub of descendantsOf(index, owner)) {
      for (const m of preferExactArity(membersNamed(index, name, sub).filter((x) => x.typeName === sub && arityFits(x, argumentCount)), argumentCount)) {
        const id = m.body?.id ?? m.member?.nameSpan.start;
        if (!seen.has(id)) {
          seen.add(id);
          targets = [...targets, m];
        }
      }
    }
  }
  const withBodies = targets.filter((m) => m.body);
  if (withBodies.length === 0) {
    return { targets: none(), unresolved: `${name} is declared without a body (an interface or abstract member) and no workspace type implements it`, receiverTypeKnown: true, dispatched, declared };
  }
  return { targets: withBodies, unresolved: null, receiverTypeKnown: true, dispatched, declared };
}

/**
 * The members named `name` that the workspace's types derived from `owner` (or implementing it) declare themselves,
 * explicit interface implementations included, whatever their parameters: what a dispatched call may run is among
 * them, and a caller that knows the member's signature picks those out.
 */
export function derivedMembersNamed(index: WorkspaceIndex, owner: string, name: string): MethodRef[] {
  return [...descendantsOf(index, owner)].flatMap((sub) => membersNamed(index, name, sub).filter((m) => m.typeName === sub));
}

/**
 * The workspace methods named `name` a call on a value of type `owner` may run: declared on it or its bases, or on a
 * type that derives from it or on that type's bases (an interface's member runs a class's, which may inherit it from
 * a generic base that does not itself name the interface).
 */
export function dispatchableMembersNamed(index: WorkspaceIndex, owner: string, name: string): MethodRef[] {
  const found = new Set(membersNamed(index, name, owner));
  for (const sub of descendantsOf(index, owner)) for (const m of membersNamed(index, name, sub)) found.add(m);
  return [...found];
}

/** A call written as text, resolved: its name, how many arguments it passes, and what it may run. */
export interface ResolvedCallText {
  name: string;
  argumentCount: number;
  resolution: CallResolution;
}

/**
 * What a call written as text in `body` may run (`a.b?.Load(x)!`): resolveCallSite over the call's name, its receiver
 * without a trailing `?` or `!`, and its argument count; null for text that is no call.
 */
export function resolveCallText(text: string, file: string, body: MethodBody, index: WorkspaceIndex): ResolvedCallText | null {
  const call = splitCallText(text.trim());
  if (!call) return null;
  const receiver = call.receiver === null ? null : call.receiver.replace(/\s*[?!]+$/, '');
  const argumentCount = splitTopLevel(call.argumentsText).length;
  return { name: call.name, argumentCount, resolution: resolveCallSite(call.name, receiver, argumentCount, file, body, index) };
}

/**
 * The methods with bodies the workspace's types declare for a call on a value of type `owner` that the workspace
 * cannot resolve alone (CallResolution.owner): the members named `name` of the argument count on the owner, its bases
 * and the types deriving from it. Empty for a remote interface (an Orleans grain's), whose calls reach a proxy.
 */
export function workspaceImplementationsOf(index: WorkspaceIndex, owner: string, name: string, argumentCount: number): MethodRef[] {
  if (remoteInterfaceReason(index, owner)) return [];
  return dispatchableMembersNamed(index, owner, name).filter((m) => m.body && arityFits(m, argumentCount));
}

/** A file's local functions by name, in the order of its bodies, built once per bodies array. */
const localFunctions = new WeakMap<readonly MethodBody[], Map<string, MethodBody[]>>();

function localFunctionsOf(bodies: readonly MethodBody[]): Map<string, MethodBody[]> {
  let byName = localFunctions.get(bodies);
  if (!byName) {
    byName = new Map();
    for (const b of bodies) {
      if (b.kind !== 'localFunction') continue;
      const list = byName.get(b.name);
      if (list) list.push(b);
      else byName.set(b.name, [b]);
    }
    localFunctions.set(bodies, byName);
  }
  return byName;
}

/** A sealed class or a struct: nothing derives from it, so its members run exactly as declared. */
function isClosedType(index: WorkspaceIndex, typeName: string): boolean {
  const refs = typesNamed(index, typeName);
  return refs.length > 0 && refs.every((r) => r.type.kind === 'struct' || r.type.kind === 'record struct' || r.type.modifiers.includes('sealed') || r.type.modifiers.includes('static'));
}

/**
 * Why a dispatched call may run code outside the workspace, or null when only the workspace can implement it: the
 * receiver's type or the member's declaring type is public (or not declared in the workspace at all).
 */
function openDispatchReason(index: WorkspaceIndex, owner: string, declared: MethodRef[]): string | null {
  const remote = remoteInterfaceReason(index, owner);
  if (remote) return remote;
  const types = [owner, ...declared.map((m) => m.typeName).filter((t): t is string => t !== null)];
  for (const t of new Set(types)) {
    const refs = typesNamed(index, t);
    if (refs.length === 0) return `${t} is not declared in the workspace, so what the call runs is not known`;
    if (refs.some((r) => r.type.modifiers.includes('public') || r.type.modifiers.includes('protected'))) {
      const member = declared[0].member?.name ?? declared[0].body?.name ?? '';
      return `${t}.${member} is dispatched (${refs[0].type.kind === 'interface' ? 'an interface member' : 'a virtual member'} of a public type), and implementations outside the workspace may suspend`;
    }
  }
  return null;
}

/**
 * Why a call on a receiver typed by `owner` reaches a proxy rather than the workspace's implementation, or null: the
 * owner is an interface that derives from a framework's remote-object marker (knowledge/remoteInterfaces.ts: an
 * Orleans grain interface), so the call sends a message and its task completes when the answer comes back. A class
 * receiver (a grain calling its own method) runs the method directly and is not asked here.
 */
function remoteInterfaceReason(index: WorkspaceIndex, owner: string): string | null {
  const refs = typesNamed(index, owner);
  if (refs.length === 0 || refs.some((r) => r.type.kind !== 'interface')) return null;
  for (const name of typeFamily(index, owner)) {
    const row = remoteInterfaceBase(name);
    if (row) return `${stripGenerics(owner)} is ${row.framework === 'Orleans' ? 'an Orleans grain interface' : `a ${row.framework} remote interface`} (it derives from ${row.name}): a call goes through a proxy that sends a message, so it may suspend whatever the implementation does`;
  }
  return null;
}

/** resolveCallSite for a call the model recorded, remembered for as long as the index does not change. */
export function resolveCallRef(call: CallSite, caller: MethodBody, file: string, index: WorkspaceIndex): CallResolution {
  const memo = memoOf(index);
  let resolution = memo.calls.get(call);
  if (!resolution) {
    resolution = resolveCallSite(call.name, call.receiver, call.argumentTexts.length, file, caller, index, call.typeArguments.length);
    memo.calls.set(call, resolution);
  }
  return resolution;
}

/** Workspace methods a call may reach (see resolveCallSite); kept for callers that only need the list. */
export function resolveCall(name: string, receiver: string | null, argumentCount: number, t: Target, index: WorkspaceIndex, typeArgumentCount = 0): MethodRef[] {
  return resolveCallSite(name, receiver, argumentCount, t.file, t.body, index, typeArgumentCount).targets;
}

// ---- reasons ----

/**
 * Strongly connected components of the "awaits a synchronous callee" graph among the bodies of `region`: each
 * body in a cycle gets the cycle's id in `component` (ids from `next` on; returns the next free one). A cycle cannot
 * leave the region, which holds every body that depends on one of its bodies.
 */
function cycleIds(nodes: Map<string, Node>, region: Set<string>, isSync: (key: string) => boolean, component: Map<string, number>, next: number): number {
  const edges = new Map<string, string[]>();
  for (const key of region) {
    const node = nodes.get(key)!;
    if (!isSync(node.key)) continue;
    const out: string[] = [];
    for (const d of node.deps) if (d.kind === 'callees') for (const t of d.targets) if (isSync(t.key) && region.has(t.key)) out.push(t.key);
    edges.set(node.key, out);
  }
  // Tarjan's algorithm, iterative so a deep call chain cannot overflow the stack.
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let counter = 0;
  let components = next;
  for (const start of edges.keys()) {
    if (indexOf.has(start)) continue;
    const work: { key: string; next: number }[] = [{ key: start, next: 0 }];
    indexOf.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.key) ?? [];
      if (frame.next < out.length) {
        const to = out[frame.next++];
        if (!indexOf.has(to)) {
          indexOf.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ key: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.key, Math.min(low.get(frame.key)!, indexOf.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].key;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.key)!));
      }
      if (low.get(frame.key) === indexOf.get(frame.key)) {
        const members: string[] = [];
        let k: string;
        do {
          k = stack.pop()!;
          onStack.delete(k);
          members.push(k);
        } while (k !== frame.key);
        const selfLoop = (edges.get(frame.key) ?? []).includes(frame.key);
        if (members.length > 1 || selfLoop) {
          for (const m of members) component.set(m, components);
          components++;
        }
      }
    }
  }
  return components;
}

/** How a complete await on workspace callees reads: through recursion, a cycle, callees that never suspend, or likely ones. */
interface CalleeReading {
  name: string;
  relation: 'self' | 'cycle' | 'certain' | 'likely';
  implementations: number;
}

function readingOf(d: Extract<Dependency, { kind: 'callees' }>, node: Node, certain: { has(key: string): boolean }, cycles: Map<string, number>): CalleeReading {
  const cycle = cycles.get(node.key);
  const relation = d.targets.length === 1 && d.targets[0].key === node.key ? 'self'
    : cycle !== undefined && d.targets.some((t) => cycles.get(t.key) === cycle) ? 'cycle'
      : d.targets.every((t) => certain.has(t.key)) ? 'certain' : 'likely';
  return { name: d.name, relation, implementations: d.targets.length };
}

function calleePhrase(r: CalleeReading, self: string): string {
  const whose = r.implementations > 1 ? `, whose ${r.implementations} workspace implementations` : null;
  switch (r.relation) {
    case 'self':
      return `${r.name}, a recursive call that never reaches an await that may suspend`;
    case 'cycle':
      return `${r.name}, which calls back into ${self} without ever reaching an await that may suspend`;
    case 'certain':
      return whose ? `${r.name}${whose} never suspend` : `${r.name}, which itself never suspends`;
    default:
      return whose ? `${r.name}${whose} likely complete synchronously` : `${r.name}, which itself likely completes synchronously`;
  }
}

function verdictOf(node: Node, isSync: (key: string) => boolean, certain: { has(key: string): boolean }, cycles: Map<string, number>): CompletionVerdict {
  const { body, file } = node.target;
  const decision = decide(node, isSync);
  const readings: (CalleeReading | null)[] = node.deps.map((d, i) => (d.kind === 'callees' && decision.states[i] === 'complete' ? readingOf(d, node, certain, cycles) : null));
  const awaits: AwaitVerdict[] = node.deps.map((d, i) => {
    if (d.kind === 'fixed') return d.verdict;
    const reading = readings[i];
    if (!reading) return { state: 'maySuspend', reason: d.unresolved ? `${d.text} (${d.unresolved})` : `${d.text}, which may suspend`, callee: null };
    return { state: 'complete', reason: calleePhrase(reading, body.name), callee: d.targets[0].ref };
  });
  const callees: CalleeRef[] = [];
  const seen = new Set<string>();
  if (decision.likelySync && (decision.basis === 'completedAwaits' || decision.basis === 'completedReturns')) {
    node.deps.forEach((d, i) => {
      if (d.kind !== 'callees' || decision.states[i] !== 'complete') return;
      for (const t of d.targets) if (!seen.has(t.key)) {
        seen.add(t.key);
        callees.push(t.ref);
      }
    });
  }
  // A non-async body has no awaits: its dependencies are its returns, which only feed the reason.
  const verdict = (likelySync: boolean, reason: string): CompletionVerdict => ({
    // One literal, in the order the verdicts have always had (reports write them as JSON): a spread of common
    // fields followed by new ones would give every verdict a hidden class of its own in V8, about 400 bytes each.
    file, bodyId: body.id, awaits: body.isAsync && awaits.length ? awaits : NO_AWAITS, maySuspend: body.isAsync ? decision.states.filter((s) => s !== 'complete').length : 0, basis: decision.basis,
    certain: certain.has(node.key), callees: callees.length ? callees : NO_CALLEES, becauseOf: callees[0] ?? null, pathSpan: decision.guard?.span ?? null, pathKind: decision.guard?.kind ?? null,
    likelySync, reason,
  });
  const only = body.awaits.length === 1 ? 'its only await' : 'its first await';
  switch (decision.basis) {
    case 'noAwait':
      return verdict(true, 'it has no await, so it always completes synchronously');
    case 'completedAwaits':
      return verdict(true, `${awaits.length === 1 ? 'its only await is' : `all ${awaits.length} awaits are`} of ${summarise(awaits, readings, body.name)}`);
    case 'fastPath': {
      const g = decision.guard!;
      const what = g.kind === 'completed' ? 'returns the finished result' : g.kind === 'initialised' ? 'returns early once initialised,' : 'returns from the cache';
      return verdict(true, `${what} before ${only} (when ${shortText(g.condition)})`);
    }
    case 'awaitsOnlyOnMiss': {
      const g = decision.guard!;
      const what = g.kind === 'completed' ? 'awaits only while the task is unfinished' : g.kind === 'initialised' ? 'awaits only until it is initialised' : 'awaits only on a cache miss';
      return verdict(true, `${what} (when ${shortText(g.condition)})`);
    }
    case 'completedReturns': {
      const via = callees.length ? callees.map((c) => c.name).join(' and ') : null;
      return verdict(true, via ? `it returns the task of ${via}, which ${callees.length === 1 ? 'completes' : 'complete'} synchronously` : 'every return hands back an already completed task');
    }
    default: {
      if (!body.isAsync) {
        const i = decision.states.findIndex((s) => s !== 'complete');
        const r = i >= 0 ? awaits[i] : null;
        return verdict(false, r ? `it returns ${r.reason}` : 'it returns no task the syntax shows');
      }
      const first = awaits.find((a) => a.state !== 'complete')!;
      return verdict(false, `it may suspend at ${first.reason}`);
    }
  }
}

/** Shared empty lists of verdicts that have none (most): never written to. */
const NO_AWAITS: AwaitVerdict[] = Object.freeze([]) as unknown as AwaitVerdict[];
const NO_CALLEES: CalleeRef[] = Object.freeze([]) as unknown as CalleeRef[];

/** "Task.FromResult and GetAsync, which itself never suspends": plain reasons first, each once, then the callees grouped by how they read. */
function summarise(awaits: AwaitVerdict[], readings: (CalleeReading | null)[], self: string): string {
  const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
  const plain = [...new Set(awaits.filter((_, i) => !readings[i]).map((a) => a.reason))];
  const groups: string[] = [];
  const byRelation = (relation: CalleeReading['relation']) => {
    const seen = new Map<string, CalleeReading>();
    for (const r of readings) if (r && r.relation === relation && !seen.has(r.name)) seen.set(r.name, r);
    return [...seen.values()];
  };
  for (const r of byRelation('self')) groups.push(calleePhrase(r, self));
  for (const relation of ['cycle', 'certain', 'likely'] as const) {
    const rs = byRelation(relation);
    if (rs.length === 1) groups.push(calleePhrase(rs[0], self));
    else if (rs.length > 1) {
      const names = list(rs.map((r) => r.name));
      groups.push(relation === 'cycle' ? `${names}, which call back into ${self} without ever reaching an await that may suspend`
        : relation === 'certain' ? `${names}, which themselves never suspend` : `${names}, which likely complete synchronously`);
    }
  }
  const head = list(plain);
  const parts = head ? [head, ...groups] : groups;
  if (parts.length <= 1) return parts.join('');
  // Callee phrases end in a which-clause, so they are set off with commas.
  if (parts.length === 2 && head) return `${head} and ${groups[0]}`;
  return `${parts.slice(0, -1).join(', ')}, and ${parts[parts.length - 1]}`;
}
