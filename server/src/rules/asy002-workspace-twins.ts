/**
 * ASY002's workspace twins: whether a call `Foo(...)` has a `FooAsync` declared in the workspace that really is its
 * awaitable twin. A twin is claimed only when it fits: the same static or instance kind, the same generic arity, no
 * ref/out/in parameters, and parameters that take the call's arguments with the types the sync declaration (or, when
 * it is not in view, the arguments) say. The call may name its type with a namespace, come through `using static`,
 * or be an extension method, also one declared on an interface the receiver implements.
 */
import { handsBackOnlyPoolWork } from './poolWork';
import { isBlockingRunner } from '../knowledge/blockingRunners';
import type { CallSite, MemberParameter, MemberSignature, MethodBody } from '../model/types';
import { classifyReturnType, isTaskLike } from '../model/returnKind';
import { bodyChain } from '../model/bodies';
import { stripGenerics, typeFamily, typesNamed, type MethodRef } from '../workspace/index';
import { exemptTwinCallFor } from '../knowledge/exemptions';
import { isInMemoryLookup } from '../knowledge/inMemoryLookups';
import { isNonBlockingCall } from '../knowledge/nonBlockingCalls';
import { apiTypingFor, typeOfExpression } from '../workspace/typing';
import { methodsOf } from '../signatures/members';
import { definitionOf, resolveTypeText } from '../signatures/resolve';
import { dispatchableMembersNamed } from '../workspace/completion';
import type { RuleContext } from './types';
import { isWorkspaceTypeName, receiverTypeOf } from './asy001-004-blocking-common';
import { argumentTypeOf, canonicalType, typesFit, type Fit } from './asy002-argument-types';
import { disposeAsyncDoesNoAsyncWork } from './synchronousDisposal';

/** How sure the match is: the sync declaration's parameter types, the arguments' types, or only their number. */
export type TwinEvidence = 'declaration' | 'arguments' | 'count';

export interface WorkspaceTwinMatch {
  kind: 'workspace';
  /** The fitting twins (one per sync overload the call may bind to). */
  twins: MethodRef[];
  /** The declared sync overloads the call may bind to (empty when the workspace does not declare the called member). */
  syncs: MethodRef[];
  typeName: string;
  /** The twin takes one more argument, a CancellationToken, that the call must pass. */
  needsToken: boolean;
  evidence: TwinEvidence;
  /** One sentence for the note: what the match relied on. */
  evidenceText: string;
  /** The twin is an extension method, found through its `this` parameter's type. */
  viaExtension: boolean;
}

/** Where the call's member is looked up, and how the call is written. */
interface CallTarget {
  typeName: string;
  /** `Type.Foo()` (or a static using): only static twins fit. `x.Foo()`: only instance twins and extensions. */
  access: 'static' | 'instance' | 'either';
  /** The receiver is an expression whose type may gain extension methods. */
  extensionReceiver: boolean;
}

const REF_ARGUMENT = /^(?:[A-Za-z_]\w*\s*:\s*)?(ref|out|in)\s/;
const NAMED_ARGUMENT = /^([A-Za-z_]\w*)\s*:(?!:)\s*([^]*)$/;
const CANCELLATION_TOKEN = /^(System\.Threading\.)?CancellationToken\??$/;

/** Decides whether a call has a fitting workspace twin; null when it has none or when the fit cannot be shown. */
export function workspaceTwinFor(ctx: RuleContext, body: MethodBody, call: CallSite): WorkspaceTwinMatch | null {
  // Most calls have no FooAsync anywhere in the workspace: answer those before resolving any type.
  if (/Async$/.test(call.name)) return null;
  const twinName = `${call.name}Async`;
  if (!ctx.index.methodsByName.has(twinName)) return null;
  // An async method cannot take ref, out or in parameters, so a call passing one has no awaitable twin.
  if (call.argumentTexts.some((a) => REF_ARGUMENT.test(a.trim()))) return null;
  const chain = bodyChain(body, ctx.model.bodies);
  // Inside FooAsync itself, "use FooAsync" would recurse.
  if (chain.some((b) => b.name === twinName)) return null;
  const target = callTargetOf(ctx, body, call, chain);
  if (!target) return null;
  // Test code that calls both Foo and FooAsync of one type in one method exercises the library's two APIs on
  // purpose (`new UploadTests(server).RunAll(); await new UploadTests(server).RunAllAsync();`): the synchronous call
  // is what is under test, not a blocking copy of the other.
  if (ctx.testCode && body.calls.some((c) => c.name === twinName && callTargetOf(ctx, body, c, chain)?.typeName === target.typeName)) return null;
  if (callsTwinOnSameReceiver(ctx.text, body, call, twinName) && !twinsMirror(ctx, call.name, twinName, target.typeName)) return null;
  // `Dispose()` where the DisposeAsync the object would run does no asynchronous work for its type (a base class's
  // DisposeAsync whose default hook runs the synchronous one, in a subclass that overrides only that): awaiting it
  // frees no thread, the same answer `using` gets for such a type (asy002-await-using.ts).
  if (isDisposeCall(call) && disposeAsyncDoesNoAsyncWork(ctx, target.typeName)) return null;

  const declared = (name: string) => methodsOn(ctx, name, target);
  let syncs = declared(call.name);
  let twins = declared(twinName).filter((m) => isAwaitable(m) && accessibleFrom(ctx, m, chain));
  let viaExtension = false;
  // C# binds to an instance member before it looks at extension methods.
  if (syncs.length === 0 && twins.length === 0 && target.extensionReceiver) {
    syncs = extensionsFor(ctx, call.name, target.typeName);
    twins = extensionsFor(ctx, twinName, target.typeName).filter(isAwaitable);
    viaExtension = true;
  }
  if (twins.length === 0) return null;
  // An extension FooAsync beside a Foo the workspace does not declare is a helper for some library's Foo (LINQ's
  // Where, TimeProvider.Delay), not its twin: the call binds to the library.
  if (viaExtension && syncs.length === 0) return null;
  // A `Foo` that itself returns a task or an async stream does not block; only a synchronous Foo has something to gain.
  if (syncs.length > 0 && syncs.every(isAsynchronous)) return null;
  for (const name of typeFamily(ctx.index, target.typeName)) if (exemptTwinCallFor(name, call.name)) return null;

  const args = call.argumentTexts.map((text) => argumentOf(ctx, body, text));
  const syncCandidates = syncs.filter((m) => !isAsynchronous(m) && acceptsCall(paramsOf(m, viaExtension), args, call, m.member!) !== 'conflicts');
  // Declared sync overloads exist, yet none takes these arguments: the call binds to something else.
  if (syncs.length > 0 && syncCandidates.length === 0) return null;
  if (twinCallsSync(ctx, twinName, syncCandidates, target.typeName, viaExtension)) return null;
  if (syncReadsMemory(ctx, syncCandidates, target.typeName, viaExtension)) return null;
  if (syncStartsTwin(ctx, twinName, syncCandidates, target.typeName, viaExtension)) return null;
  if (syncOnlyHandsOff(ctx, syncCandidates, target.typeName, viaExtension)) return null;

  const fitting: MethodRef[] = [];
  let needsToken = false;
  let evidence: TwinEvidence = 'count';
  if (syncCandidates.length > 0) {
    // Every overload the call may bind to needs a twin, or the finding may point at the wrong method.
    for (const sync of syncCandidates) {
      const fit = twins
        .filter((twin) => !differentTypesOfOneName(ctx, twin, sync) && !unrelatedResults(ctx, twin, sync))
        .map((twin) => ({ twin, fit: twinFitsSync(twin, sync, args, call, viaExtension) }))
        .find((x) => x.fit !== null);
      if (!fit) return null;
      if (!fitting.includes(fit.twin)) fitting.push(fit.twin);
      needsToken ||= fit.fit!.needsToken;
    }
    evidence = 'declaration';
  } else {
    let anyUnknown = false;
    for (const twin of twins) {
      const fit = twinFitsArguments(twin, args, call, viaExtension);
      if (!fit) continue;
      fitting.push(twin);
      needsToken ||= fit.needsToken;
      anyUnknown ||= fit.unknownArguments;
    }
    if (fitting.length === 0) return null;
    evidence = args.length > 0 && !anyUnknown ? 'arguments' : 'count';
  }
  if (onlyStartPoolWork(ctx, fitting)) return null;
  return {
    kind: 'workspace', twins: fitting, syncs: syncCandidates, typeName: target.typeName, needsToken, viaExtension, evidence,
    evidenceText: evidenceSentence(evidence, call.name, twinName, fitting[0], syncCandidates[0] ?? null, args, viaExtension, needsToken),
  };
}

/**
 * Whether the same body also awaits FooAsync on the very receiver it calls Foo on as a statement, with the same
 * arguments (and perhaps a token after them), on the same path (`await module.BeforeExecuteAsync(c); module.BeforeExecute(c);`): code that
 * runs both on one object means both, as a framework calls its overridable synchronous and asynchronous hooks in
 * turn, and awaiting FooAsync in Foo's place would run the asynchronous one twice and the synchronous one never. The
 * receiver must be a name or a member path (two `new Mirror(root)` are two objects), with no receiver meaning the
 * body's own object; an await inside a branch, loop or catch that does not also hold the Foo call is a fallback or a
 * repeat, not a pair, and leaves the finding. Hooks that return parts of one result count too when both results are
 * added to the same total (`notes += job.Run(c); notes += await job.RunAsync(c);`).
 */
function callsTwinOnSameReceiver(text: string, body: MethodBody, call: CallSite, twinName: string): boolean {
  // A Foo whose result is used computes something FooAsync computes again (`Enabled = perms.Authorize(x)` beside
  // `await perms.AuthorizeAsync(x)`): that is one question asked twice, and awaiting the twin is the right advice.
  // Unless both results go into one total: then each hook contributes its own part, and both are wanted.
  const total = call.usage === 'discarded' ? null : accumulationOf(text, call.span);
  if (call.usage !== 'discarded' && total === null) return false;
  const receiver = normalisedReceiver(call.receiver);
  if (receiver === null) return false;
  const args = call.argumentTexts.map((a) => a.trim());
  return body.calls.some((c) => {
    if (c.name !== twinName || c.usage !== 'awaited' || normalisedReceiver(c.receiver) !== receiver) return false;
    if (total !== null && accumulationOf(text, c.span) !== total) return false;
    const twinArgs = c.argumentTexts.map((a) => a.trim());
    if (twinArgs.length < args.length || twinArgs.length > args.length + 1 || args.some((a, i) => a !== twinArgs[i])) return false;
    const awaited = body.awaits.find((a) => a.span.start <= c.span.start && c.span.end <= a.span.end);
    return !!awaited && awaited.regions.every((r) => !BRANCHING_REGIONS.has(r.kind) || (r.span.start <= call.span.start && call.span.end <= r.span.end));
  });
}

/**
 * Whether the pair is one operation in two forms rather than two hooks: a workspace Foo of the receiver's type family
 * calls `x.Bar(...)` where the FooAsync of the same type calls `x.BarAsync(...)` on the same object (a repository's
 * `SaveChanges() { Context.SaveChanges(); }` beside `SaveChangesAsync() => Context.SaveChangesAsync()`). Code that
 * calls both then does the work twice, and the synchronous call blocks: the pair exemption does not hold. Hooks (empty
 * or different bodies, overridden one by one) do not mirror each other, nor does an explicit interface implementation
 * that forwards each hook to the class's own member of the name.
 */
function twinsMirror(ctx: RuleContext, syncName: string, twinName: string, typeName: string): boolean {
  const owner = stripGenerics(typeName);
  const withBody = (name: string) => dispatchableMembersNamed(ctx.index, owner, name).filter((m) => m.body && m.typeName !== null);
  const asyncs = withBody(twinName);
  return withBody(syncName).some((sync) => asyncs.some((twin) => twin.typeName === sync.typeName && sync.body!.calls.some((c) => {
    if (/Async$/.test(c.name)) return false;
    const receiver = normalisedReceiver(c.receiver);
    // A call of the name itself on its own object forwards to another declaration of the hook (`void
    // IModule.Prepare(x) => Prepare(x);`); on another object (`_store.Flush()`) it is the operation the pair wraps.
    if (c.name === syncName && (receiver === 'this' || receiver === 'base')) return false;
    return receiver !== null && twin.body!.calls.some((t) => t.name === `${c.name}Async` && normalisedReceiver(t.receiver) === receiver);
  })));
}

/**
 * The total and the operator of the compound assignment statement whose whole right side is the call at `span`
 * (`report += job.Run(x);`, `report += await job.RunAsync(x).ConfigureAwait(false);`), as `report +=`; null when the
 * call is anything else.
 */
function accumulationOf(text: string, span: { start: number; end: number }): string | null {
  const before = /(?:^|[;{}\n])\s*([A-Za-z_][\w.]*)\s*([-+*|&]=)\s*(?:await\s+)?$/.exec(text.slice(Math.max(0, span.start - 200), span.start));
  if (!before || !/^\s*(?:\.\s*ConfigureAwait\s*\([^()]*\)\s*)?;/.test(text.slice(span.end, span.end + 80))) return null;
  return `${before[1].replace(/^this\./, '')} ${before[2]}`;
}

/** `x.Dispose()` or `Dispose()` with no arguments: IDisposable's member, whose twin is IAsyncDisposable's DisposeAsync. */
function isDisposeCall(call: CallSite): boolean {
  return call.name === 'Dispose' && call.argumentTexts.every((a) => a.trim() === '');
}

/** Regions whose code runs on some paths only, or more than once: an if or ?: arm, a switch, a loop, a catch. */
const BRANCHING_REGIONS = new Set(['conditional', 'switch', 'loop', 'foreach', 'catch']);

/**
 * A receiver's text without spaces, `this.` and null marks, so `this.module` and `module!` name `module`; null for one
 * that is not a name or member path (a creation or a call may give another object each time).
 */
function normalisedReceiver(receiver: string | null): string | null {
  const text = (receiver ?? 'this').replace(/\s+/g, '').replace(/[!?]+$/, '').replace(/^this\./, '');
  return /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(text) ? text : null;
}

/**
 * Whether a workspace FooAsync of the receiver's type family (declared on it, a base, an interface, or a type that
 * derives from or implements it) calls, on its own object, one of the sync overloads the call may bind to:
 * `=> Task.FromResult(GetChannel(id))`, or `GetChannel(id) ?? await FetchChannelAsync(id)`. Such a Foo is the
 * synchronous part FooAsync is built on, typically a cache read, not a blocking copy of it: awaiting FooAsync instead
 * would add the work FooAsync does beyond Foo (a request on a cache miss). A call to another overload of the name does
 * not count: in a dual-path code base both Foo and FooAsync call a private `Foo(bool async, ...)` that does the work.
 */
function twinCallsSync(ctx: RuleContext, twinName: string, syncCandidates: readonly MethodRef[], typeName: string, viaExtension: boolean): boolean {
  if (syncCandidates.length === 0 || viaExtension) return false;
  const syncName = syncCandidates[0].member!.name;
  return familyBodies(ctx, twinName, typeName).some((m) => m.body!.calls.some((c) => {
    if (c.name !== syncName || (c.receiver !== null && c.receiver !== 'this' && c.receiver !== 'base')) return false;
    // Only the arguments' number and names are compared: their types are the other body's to know.
    const args = c.argumentTexts.map(untypedArgumentOf);
    return syncCandidates.some((sync) => acceptsCall(paramsOf(sync, false), args, c, sync.member!) !== 'conflicts');
  }));
}

/**
 * Whether every workspace body of the sync member starts its FooAsync and returns without waiting for it
 * (`void LoadImage() { if (!_loaded) { _loaded = true; _ = LoadImageAsync(); } }`): such a Foo is the
 * fire-and-forget way in, which blocks on nothing, and awaiting FooAsync instead would skip its guards and change
 * when the caller goes on. A Foo that waits for the task it started (`.Wait()`, `.GetAwaiter().GetResult()`) still
 * blocks and is reported. At least one body must be seen.
 */
function syncStartsTwin(ctx: RuleContext, twinName: string, syncCandidates: readonly MethodRef[], typeName: string, viaExtension: boolean): boolean {
  if (syncCandidates.length === 0 || viaExtension) return false;
  const implementations = familyBodies(ctx, syncCandidates[0].member!.name, typeName);
  const ownReceiver = (c: CallSite) => c.receiver === null || c.receiver === 'this' || c.receiver === 'base';
  const starts = (m: MethodRef) => {
    const b = m.body!;
    if (b.isAsync || b.waits.length > 0) return false;
    if (b.calls.some((c) => c.name === twinName && ownReceiver(c))) return true;
    // Or it hands the twin to a queue or scheduler as a callback: `Enqueue(state, (self, s) => self.FooAsync(s))`.
    // The lambda runs later, on whatever runs the queue; the object may come in as the lambda's own parameter (a
    // static lambda that captures nothing). A runner that waits for the delegate (`AsyncContext.Run(() =>
    // FooAsync())`, knowledge/blockingRunners.ts) is no hand-off: Foo blocks until FooAsync is done.
    const bodies = ctx.index.files.get(m.file)?.bodies ?? [];
    return bodies.some((l) => (l.kind === 'lambda' || l.kind === 'anonymousMethod') && !l.isAsync && l.waits.length === 0 && nestedIn(l, b, bodies)
      && !runToCompletion(l)
      && l.calls.some((c) => c.name === twinName && (ownReceiver(c) || l.parameters.some((p) => p.name === c.receiver))));
  };
  return implementations.length > 0 && implementations.every(starts);
}

/**
 * Whether every workspace body of the sync member blocks on nothing: it tries a channel without waiting
 * (`_outbound.TryWrite(message)`) and, when that fails, starts the asynchronous write and leaves it running, observed
 * by an async local function of its own (a gRPC worker channel's `Send` beside `SendAsync`). Such a Foo is the
 * fire-and-forget way in; awaiting FooAsync would only change when the caller goes on. Every body must be synchronous,
 * take no lock, hold no using, wait only on tasks known to have completed (`if (pending.IsCompleted)
 * pending.GetAwaiter().GetResult();`), create only the workspace's own objects, and make no call but the channel's
 * non-blocking members (knowledge/nonBlockingCalls.ts), at least one, calls named as the Task-based pattern names
 * asynchronous methods (`WriteAsync`), whose tasks it does not wait for, and calls of its own async local functions.
 * Anything else (a log line, a stream write) may block, and keeps the finding. At least one body must be seen.
 */
function syncOnlyHandsOff(ctx: RuleContext, syncCandidates: readonly MethodRef[], typeName: string, viaExtension: boolean): boolean {
  if (syncCandidates.length === 0 || viaExtension) return false;
  const implementations = familyBodies(ctx, syncCandidates[0].member!.name, typeName);
  const handsOff = (m: MethodRef) => {
    const b = m.body!;
    if (b.isAsync || b.locks.length > 0 || b.usings.length > 0 || b.waits.some((w) => !w.knownCompleted)) return false;
    if ((b.creations ?? []).some((c) => typesNamed(ctx.index, stripGenerics(c.typeText)).length === 0)) return false;
    const bodies = ctx.index.files.get(m.file)?.bodies ?? [];
    const ownAsyncLocal = (name: string) => bodies.some((l) => l.kind === 'localFunction' && l.isAsync && l.name === name && l.parentId === b.id);
    // A body that tries no channel proves nothing: a stub without calls, or one that only starts tasks, is some
    // other kind of method.
    if (!b.calls.some((c) => isNonBlockingCall(c.name))) return false;
    // The GetAwaiter() and GetResult() of a wait on a completed task are that wait, already judged above.
    const inCompletedWait = (c: CallSite) => b.waits.some((w) => w.span.start <= c.span.start && c.span.end <= w.span.end);
    return b.calls.every((c) => isNonBlockingCall(c.name) || inCompletedWait(c) || (/Async$/.test(c.name) && c.usage !== 'awaited') || (c.receiver === null && ownAsyncLocal(c.name)));
  };
  return implementations.length > 0 && implementations.every(handsOff);
}

/** Whether a lambda is passed to a call that runs it to completion before returning (knowledge/blockingRunners.ts). */
function runToCompletion(lambda: MethodBody): boolean {
  const target = lambda.delegateTarget;
  return target?.kind === 'argument' && target.call?.kind === 'invocation' && isBlockingRunner(target.call);
}

/**
 * Whether every twin the call may be offered hands back synchronous work it starts on the pool and nothing else
 * (poolWork.ts handsBackOnlyPoolWork): `DeleteAsync => Task.Run(() => File.Delete(path))`. Awaiting it frees the
 * caller's thread by taking a pool thread for the same blocking call, which gains nothing; the fifth seeded reading
 * found StabilityMatrix's file helper offered so. A twin without a body (an interface's) keeps the finding.
 */
function onlyStartPoolWork(ctx: RuleContext, twins: readonly MethodRef[]): boolean {
  return twins.length > 0 && twins.every((m) => !!m.body && handsBackOnlyPoolWork(ctx, m.file, m.body));
}

/** Whether `inner` sits inside `outer` (through its chain of enclosing lambdas and local functions). */
function nestedIn(inner: MethodBody, outer: MethodBody, bodies: readonly MethodBody[]): boolean {
  if (inner.span.start < outer.span.start || inner.span.end > outer.span.end) return false;
  return bodyChain(inner, bodies).includes(outer);
}

/**
 * Whether every workspace body the call may run for its sync member (declared on the receiver's type family: an
 * interface's implementations, a base's overrides) only reads memory: no waits, no locks, and no calls but
 * in-memory collection lookups (knowledge/inMemoryLookups.ts), forwarding to the same name on its own object
 * (`IRole IGuild.GetRole(ulong id) => GetRole(id)`), and calls of workspace methods that only read memory themselves
 * (memoryReadLookups). Such a Foo is a cache or table read that cannot block, and its FooAsync (which may fetch on a
 * miss, wait for the entry to arrive, or do other work) is not a drop-in for it. At least one body must be seen;
 * a member only declared (an interface with no implementation in the workspace) proves nothing.
 */
function syncReadsMemory(ctx: RuleContext, syncCandidates: readonly MethodRef[], typeName: string, viaExtension: boolean): boolean {
  if (syncCandidates.length === 0 || viaExtension) return false;
  const implementations = familyBodies(ctx, syncCandidates[0].member!.name, typeName);
  // A body without any call proves nothing: it may open a stream or a connection by `new`, or be a stub.
  return implementations.length > 0 && (sumOfLookups(implementations.map((m) => memoryReadLookups(ctx, m, 0, new Set()))) ?? 0) > 0;
}

/** How deep memoryReadLookups follows workspace calls: a wrapper of a wrapper of a dictionary, and no further. */
const MAX_MEMORY_READ_DEPTH = 3;

/**
 * How many in-memory collection lookups a workspace method's body makes when it only reads memory, or null when it
 * may do anything else. A call is one of:
 * - a lookup of knowledge/inMemoryLookups.ts on a collection whose type is known and not the workspace's own;
 * - the method's own name on its own object (an explicit implementation forwarding to the public member);
 * - a member of a workspace type (`_sessions.GetValueOrDefault(id)` on the library's own dictionary wrapper) whose
 *   every body on the type's family reads memory in turn;
 * - a workspace extension method on a collection of the base class library that has no instance method of that name
 *   (`_items.GetValue(key)`, a helper over TryGetValue for a target without GetValueOrDefault), every body of that
 *   name reading memory in turn. The signature database must know the collection's type, so that an instance method
 *   of the same name, which C# would bind first, is ruled out.
 * A lookup on a workspace type that reads a file is still one that may block: its body says so.
 */
function memoryReadLookups(ctx: RuleContext, m: MethodRef, depth: number, seen: Set<MethodRef>): number | null {
  const b = m.body!;
  if (seen.has(m) || b.waits.length > 0 || b.awaits.length > 0 || b.locks.length > 0 || b.usings.length > 0 || (b.creations?.length ?? 0) > 0) return null;
  seen.add(m);
  const bodies = ctx.index.files.get(m.file)?.bodies ?? [];
  const counts = b.calls.map((c): number | null => {
    if (c.name === m.member?.name && (c.receiver === null || c.receiver === 'this' || c.receiver === 'base')) return 0;
    if (c.receiver === null) return null;
    const collection = typeOfExpression(c.receiver, b, bodies, ctx.index)?.typeText;
    if (!collection) return null;
    const own = typesNamed(ctx.index, stripGenerics(collection)).length > 0;
    if (!own && isInMemoryLookup(c.name)) return 1;
    if (depth >= MAX_MEMORY_READ_DEPTH) return null;
    const callees = own ? familyBodies(ctx, c.name, stripGenerics(collection)) : extensionBodiesOnApiType(ctx, b, bodies, collection, c.name);
    return callees.length === 0 ? null : sumOfLookups(callees.map((x) => memoryReadLookups(ctx, x, depth + 1, seen)));
  });
  return sumOfLookups(counts);
}

/** The sum of the counts, or null when any is null. */
function sumOfLookups(counts: readonly (number | null)[]): number | null {
  return counts.some((n) => n === null) ? null : counts.reduce<number>((sum, n) => sum + n!, 0);
}

/**
 * The workspace's extension methods named `name`, with a body, that a call on a value of the API type `typeText` binds
 * to: none when the signature database does not know the type or the type has an instance method of that name.
 */
function extensionBodiesOnApiType(ctx: RuleContext, body: MethodBody, bodies: readonly MethodBody[], typeText: string, name: string): MethodRef[] {
  const typing = apiTypingFor(body, bodies, ctx.index);
  const type = typing ? resolveTypeText(typing.api, typeText) : null;
  if (!typing || !type || !definitionOf(typing.api, type) || methodsOf(typing.api, type, name, { static: false }).length > 0) return [];
  return (ctx.index.methodsByName.get(name) ?? []).filter((x) => {
    const first = x.member?.parameters?.[0];
    return !!x.body && !!x.member?.isStatic && !!first && first.modifiers.includes('this');
  });
}

/**
 * The workspace methods named `name`, with a body, on the receiver's type family: declared on the type, a base or
 * an interface of it, or on a type that derives from or implements it (what dispatch from the receiver may run).
 */
function familyBodies(ctx: RuleContext, name: string, typeName: string): MethodRef[] {
  const family = typeFamily(ctx.index, typeName);
  return (ctx.index.methodsByName.get(name) ?? []).filter((m) => {
    if (!m.body || m.typeName === null) return false;
    return family.has(m.typeName) || typeFamily(ctx.index, m.typeName).has(stripGenerics(typeName));
  });
}

// ---- where to look ----

function callTargetOf(ctx: RuleContext, body: MethodBody, call: CallSite, chain: readonly MethodBody[]): CallTarget | null {
  const receiver = call.receiver?.trim() ?? null;
  if (receiver === null || receiver === 'this' || receiver === 'base') {
    const containing = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
    const inStatic = chain.some((b) => b.kind === 'method' && b.isStatic);
    if (containing && (receiver !== null || declaresEither(ctx, containing, call.name))) {
      return { typeName: containing, access: receiver !== null ? 'instance' : inStatic ? 'static' : 'either', extensionReceiver: receiver !== null };
    }
    if (receiver !== null) return null;
    // Not a member of the enclosing types: a static import (`using static Tools.Files;`) may supply it.
    for (const imported of ctx.model.staticUsings ?? []) {
      const typeName = workspaceTypeOfName(ctx, imported);
      if (typeName && declaresEither(ctx, typeName, call.name)) return { typeName, access: 'static', extensionReceiver: false };
    }
    return containing ? { typeName: containing, access: inStatic ? 'static' : 'either', extensionReceiver: false } : null;
  }
  const named = workspaceTypeOfName(ctx, receiver);
  if (named) return { typeName: named, access: 'static', extensionReceiver: false };
  const receiverType = receiverTypeOf(ctx, body, receiver);
  return receiverType === null ? null : { typeName: stripGenerics(receiverType), access: 'instance', extensionReceiver: true };
}

/**
 * The workspace type a receiver names: `Inventory`, `Shop.Stock.Inventory` or `global::Shop.Stock.Inventory`. A
 * qualified name counts only when a declaration's full name ends with it, so `this.Settings` or `order.Customer`
 * (members that happen to share a type's name) are not taken for types.
 */
function workspaceTypeOfName(ctx: RuleContext, text: string): string | null {
  const compact = text.replace(/\s+/g, '').replace(/^global::/, '');
  if (isWorkspaceTypeName(ctx, compact)) return compact;
  if (!/^[A-Z]\w*(\.[A-Z]\w*)+(<.*>)?$/.test(compact)) return null;
  const withoutGenerics = compact.replace(/<.*>$/, '');
  const simple = stripGenerics(withoutGenerics);
  return typesNamed(ctx.index, simple).some((t) => t.type.fullName === withoutGenerics || t.type.fullName.endsWith(`.${withoutGenerics}`)) ? simple : null;
}

function declaresEither(ctx: RuleContext, typeName: string, name: string): boolean {
  return methodsOnFamily(ctx, name, typeName).length > 0 || methodsOnFamily(ctx, `${name}Async`, typeName).length > 0;
}

function methodsOnFamily(ctx: RuleContext, name: string, typeName: string): MethodRef[] {
  const family = typeFamily(ctx.index, typeName);
  return (ctx.index.methodsByName.get(name) ?? []).filter((m) => m.member !== null && m.typeName !== null && family.has(m.typeName));
}

function methodsOn(ctx: RuleContext, name: string, target: CallTarget): MethodRef[] {
  return methodsOnFamily(ctx, name, target.typeName).filter((m) => {
    if (target.access === 'static') return m.member!.isStatic;
    if (target.access === 'instance') return !m.member!.isStatic;
    return true;
  });
}

/** Extension methods named `name` whose `this` parameter's type is the receiver's type or one of its bases or interfaces. */
function extensionsFor(ctx: RuleContext, name: string, receiverType: string): MethodRef[] {
  const family = typeFamily(ctx.index, receiverType);
  return (ctx.index.methodsByName.get(name) ?? []).filter((m) => {
    const first = m.member?.parameters?.[0];
    return !!m.member?.isStatic && !!first && first.modifiers.includes('this') && family.has(stripGenerics(first.typeText));
  });
}

/**
 * Two methods declared on types that share a simple name but live in different namespaces
 * (`EntityFrameworkIntegration.ISagaDbContextFactory` and `EntityFrameworkCoreIntegration.ISagaDbContextFactory`):
 * the index merges them by name, but one is not the other's twin.
 */
function differentTypesOfOneName(ctx: RuleContext, a: MethodRef, b: MethodRef): boolean {
  if (a.typeName === null || a.typeName !== b.typeName) return false;
  const fullName = (m: MethodRef) => typesNamed(ctx.index, m.typeName!).find((t) => t.file === m.file && t.type.members.includes(m.member!))?.type.fullName ?? null;
  const fa = fullName(a);
  const fb = fullName(b);
  return fa !== null && fb !== null && fa !== fb;
}

/**
 * The twin's task holds a value of another kind than the sync method returns, and one of the two is a workspace type
 * the other is not a base of: `string Serialize(Message)` beside `ValueTask<Envelope> SerializeAsync(Message)`, where
 * one writes the message as text to store and the other packs it for a transport. Sharing a name and parameters does
 * not make them one operation. Types outside the workspace are not compared (`int Count()` beside `Task<long>
 * CountAsync()`, `List<T>` beside `Task<IReadOnlyList<T>>`): their conversions are not known here, and such pairs are
 * usually the same work with a wider result.
 */
function unrelatedResults(ctx: RuleContext, twin: MethodRef, sync: MethodRef): boolean {
  const twinReturn = classifyReturnType(twin.member!.typeText ?? null, false);
  const held = (twinReturn.kind === 'TaskOfT' || twinReturn.kind === 'ValueTaskOfT') && twinReturn.resultType !== null ? compactType(twinReturn.resultType) : null;
  const returned = compactType(sync.member!.typeText ?? '');
  if (held === null || returned === '' || returned === 'void') return false;
  const a = stripGenerics(held);
  const b = stripGenerics(returned);
  // Every value converts to object (and dynamic): a twin may return a typed result where Foo returned it untyped.
  if (a === b || UNTYPED.test(a) || UNTYPED.test(b)) return false;
  const inWorkspace = (t: string) => typesNamed(ctx.index, t).length > 0;
  if (!inWorkspace(a) && !inWorkspace(b)) return false;
  return !typeFamily(ctx.index, a).has(b) && !typeFamily(ctx.index, b).has(a);
}

const UNTYPED = /^(?:object|Object|dynamic)$/;

function compactType(text: string): string {
  return text.replace(/\s+/g, '').replace(/^global::/, '').replace(/\?$/, '');
}

/**
 * Whether the caller can reach a twin at all: a `private` member (not `private protected`) is accessible only inside
 * its declaring type and the types nested in it (C# spec 7.5.3, Accessibility domains). A private FooAsync of another
 * type is its own implementation detail (`void Accept(x) => Enqueue(() => AcceptAsync(x));`), and a call to it would
 * not compile. A caller inside a type of the twin's type's name (another part of a partial type), or inside that
 * type's declaration (a nested type), may reach it.
 */
function accessibleFrom(ctx: RuleContext, twin: MethodRef, chain: readonly MethodBody[]): boolean {
  const modifiers = twin.body?.modifiers ?? [];
  if (!modifiers.includes('private') || modifiers.includes('protected') || twin.typeName === null) return true;
  if (chain.some((b) => b.containingType === twin.typeName)) return true;
  const at = chain[0]?.span.start ?? -1;
  return typesNamed(ctx.index, twin.typeName).some((t) => t.file === ctx.file && t.type.span.start <= at && at < t.type.span.end);
}

function isAwaitable(m: MethodRef): boolean {
  return !!m.member && (m.member.isAsync || isTaskLike(m.member.returnKind));
}

/**
 * Whether a declared `Foo` is asynchronous itself: it returns a task, or an async stream (`IAsyncEnumerable<T>`,
 * `IAsyncEnumerator<T>`), whose work runs only as the caller enumerates it with `await foreach`. An interface's
 * `IAsyncEnumerable<T> Foo()` beside `Task<IList<T>> FooAsync()` offers the same values streamed or collected: neither blocks.
 */
function isAsynchronous(m: MethodRef): boolean {
  return isAwaitable(m) || m.member?.returnKind === 'IAsyncEnumerable' || m.member?.returnKind === 'IAsyncEnumerator';
}

/** The parameters a call site fills: without an extension method's `this` parameter. */
function paramsOf(m: MethodRef, viaExtension: boolean): MemberParameter[] {
  const params = m.member?.parameters ?? (m.member?.parameterTypes ?? []).map((t, i) => ({ name: `p${i}`, typeText: t, modifiers: [], hasDefault: false }));
  return viaExtension ? params.slice(1) : params;
}

// ---- fitting ----

interface Argument {
  /** The parameter name when passed by name (`count: 3`). */
  name: string | null;
  text: string;
  /** Its type as far as literals and declarations say, or null. */
  typeText: string | null;
  /** The literal an integer constant converts from (so `Save(1)` fits a `long` or a `byte`). */
  isIntegerLiteral: boolean;
}

function argumentOf(ctx: RuleContext, body: MethodBody, text: string): Argument {
  const argument = untypedArgumentOf(text);
  return { ...argument, typeText: argumentTypeOf(ctx, body, argument.text), isIntegerLiteral: /^-?\d[\d_]*$/.test(argument.text) };
}

/** An argument's name (when passed by name) and value, with no type and not read as a literal. */
function untypedArgumentOf(text: string): Argument {
  const trimmed = text.trim();
  const named = NAMED_ARGUMENT.exec(trimmed);
  return { name: named ? named[1] : null, text: named ? named[2].trim() : trimmed, typeText: null, isIntegerLiteral: false };
}

/** Which parameter each argument fills (null for the elements of a params array), by name or by position. */
interface Binding {
  bound: (MemberParameter | null)[];
  /** Parameters without a default that no argument fills. */
  missing: MemberParameter[];
}

/** Binds the arguments to parameters as C# does; null when a name is not a parameter or there are too many. */
function bindArguments(params: MemberParameter[], args: Argument[]): Binding | null {
  const bound: (MemberParameter | null)[] = [];
  const filled = new Set<MemberParameter>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const p = a.name !== null ? params.find((x) => x.name === a.name) : params[Math.min(i, params.length - 1)];
    if (!p || (a.name === null && i >= params.length && !p.modifiers.includes('params'))) return null;
    filled.add(p);
    bound.push(p.modifiers.includes('params') ? null : p);
  }
  const missing = params.filter((p) => !filled.has(p) && !p.hasDefault && !p.modifiers.includes('params'));
  return { bound, missing };
}

/** Whether a sync overload takes the call's arguments, as far as their types are known. */
function acceptsCall(params: MemberParameter[], args: Argument[], call: CallSite, member: MemberSignature): Fit {
  if (call.typeArguments.length > 0 && member.typeParameterCount !== call.typeArguments.length) return 'conflicts';
  const binding = bindArguments(params, args);
  if (!binding || binding.missing.length > 0) return 'conflicts';
  let result: Fit = 'fits';
  for (let i = 0; i < args.length; i++) {
    const p = binding.bound[i];
    if (!p) continue;
    const fit = argumentFits(args[i], p.typeText);
    if (fit === 'conflicts') return 'conflicts';
    if (fit === 'unknown') result = 'unknown';
  }
  return result;
}

function argumentFits(arg: Argument, paramType: string): Fit {
  if (arg.typeText === null) return 'unknown';
  return typesFit(arg.typeText, paramType, arg.isIntegerLiteral);
}

/** The twin's shape: it takes the call's arguments unchanged, or those plus one CancellationToken. */
function twinShape(twin: MethodRef, args: Argument[], call: CallSite, viaExtension: boolean): { bound: (MemberParameter | null)[]; needsToken: boolean } | null {
  const member = twin.member!;
  const params = paramsOf(twin, viaExtension);
  // An async method cannot have ref, out or in parameters; a Task-returning method with them is not a twin.
  if (params.some((p) => p.modifiers.some((m) => m === 'ref' || m === 'out' || m === 'in'))) return null;
  if (call.typeArguments.length > 0 && member.typeParameterCount !== call.typeArguments.length) return null;
  const binding = bindArguments(params, args);
  if (!binding) return null;
  const { bound, missing } = binding;
  if (missing.length === 0) return { bound, needsToken: false };
  // One required CancellationToken right after the positional arguments: the fix passes the one in scope.
  if (missing.length === 1 && CANCELLATION_TOKEN.test(missing[0].typeText) && params.indexOf(missing[0]) === args.length && args.every((a) => a.name === null)) {
    return { bound, needsToken: true };
  }
  return null;
}

/** A twin of a declared sync overload: same generic arity, and each argument's parameter has the same type in both. */
function twinFitsSync(twin: MethodRef, sync: MethodRef, args: Argument[], call: CallSite, viaExtension: boolean): { needsToken: boolean } | null {
  if (twin.member!.typeParameterCount !== sync.member!.typeParameterCount) return null;
  // A call without a receiver inside the class reaches both kinds, so the declarations must agree: a static helper
  // `Stop(runner)` beside an instance `StopAsync(runner)` works on its argument, the other on the object's state.
  if (twin.member!.isStatic !== sync.member!.isStatic) return null;
  if (switchesTheTwinLacks(sync, twin, viaExtension).length > 0) return null;
  const shape = twinShape(twin, args, call, viaExtension);
  if (!shape) return null;
  const syncBinding = bindArguments(paramsOf(sync, viaExtension), args);
  if (!syncBinding) return null;
  for (let i = 0; i < args.length; i++) {
    const a = syncBinding.bound[i];
    const b = shape.bound[i];
    if (!a || !b) {
      if (a !== b) return null;
      continue;
    }
    if (!sameParameterType(a.typeText, b.typeText)) return null;
  }
  return { needsToken: shape.needsToken };
}

/**
 * The `bool` parameters of the synchronous overload that the twin has no parameter of that name for: switches such as
 * `Commit(bool spinWait = false)` beside `CommitAsync()`, or `CompletePending(bool wait = false)` beside
 * `CompletePendingAsync(bool waitForCommit = false)`. The overload does two things, chosen by the switch, and the twin
 * is the asynchronous form of one of them; which one the declarations do not say (a commit that only issues the
 * request and returns, beside an async one that waits until it is durable), so the twin may do other work than the
 * call, and a positional `true` would bind to another switch in the twin. Read only when both declarations name their
 * parameters.
 */
function switchesTheTwinLacks(sync: MethodRef, twin: MethodRef, viaExtension: boolean): MemberParameter[] {
  if (!sync.member?.parameters || !twin.member?.parameters) return [];
  const twinNames = new Set(paramsOf(twin, viaExtension).map((p) => p.name));
  return paramsOf(sync, viaExtension).filter((p) => canonicalType(p.typeText) === 'bool' && !twinNames.has(p.name));
}

/** A twin when no sync declaration is in view: the arguments' known types must fit its parameters. */
function twinFitsArguments(twin: MethodRef, args: Argument[], call: CallSite, viaExtension: boolean): { needsToken: boolean; unknownArguments: boolean } | null {
  // Without the sync declaration, `Foo<int>()` beside a non-generic FooAsync is a different method.
  if (call.typeArguments.length === 0 && twin.member!.typeParameterCount > 0 && args.length === 0) return null;
  const shape = twinShape(twin, args, call, viaExtension);
  if (!shape) return null;
  let unknownArguments = false;
  for (let i = 0; i < args.length; i++) {
    const p = shape.bound[i];
    if (!p) continue;
    const fit = argumentFits(args[i], p.typeText);
    if (fit === 'conflicts') return null;
    if (fit === 'unknown') unknownArguments = true;
  }
  return { needsToken: shape.needsToken, unknownArguments };
}

/** Two declared parameter types are the same: equal as written (aliases and nullability aside), or both a method's type parameter. */
function sameParameterType(a: string, b: string): boolean {
  const na = canonicalType(a);
  const nb = canonicalType(b);
  if (na === nb) return true;
  const typeParameter = /^T([A-Z]\w*)?$/;
  return typeParameter.test(na) && typeParameter.test(nb);
}

function evidenceSentence(evidence: TwinEvidence, name: string, twinName: string, twin: MethodRef, sync: MethodRef | null, args: Argument[], viaExtension: boolean, needsToken: boolean): string {
  const signature = (m: MethodRef) => `${m.member!.name}(${paramsOf(m, viaExtension).map((p) => p.typeText).join(', ')})`;
  const extension = viaExtension ? ` (extension methods of ${twin.typeName})` : '';
  switch (evidence) {
    case 'declaration':
      return `${signature(twin)} takes the same parameters as ${signature(sync!)}${needsToken ? ' plus a CancellationToken' : ''}${extension}.`;
    case 'arguments':
      return `The arguments' types (${args.map((a) => a.typeText).join(', ')}) fit ${signature(twin)}${extension}; ${name} itself is not declared in the workspace.`;
    default:
      return `Matched by the number of arguments${args.length ? '' : ' (none)'} and a trailing CancellationToken only: ${name} is not declared in the workspace and ${args.length ? 'the arguments\' types are not visible' : 'there are no arguments to compare'}, so check that ${twinName}${extension} does the same work.`;
  }
}
