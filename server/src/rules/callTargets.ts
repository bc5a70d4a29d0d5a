/**
 * The methods a call may bind to and what their parameters are, from the workspace's declarations first and the API
 * signature database for what the workspace does not declare: which delegate type an argument lambda gets
 * (ASY021) and which overload takes a CancellationToken (ASY025). Overloads are told apart by argument count and
 * names here, and by argument types where the database's overload resolution knows them; no name is guessed.
 */
import type { MemberParameter, MethodBody } from '../model/types';
import { classifyReturnType, genericParts } from '../model/returnKind';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import { apiBasesOf, bodyOf, methodsNamed, qualifiedNameFits, stripGenerics, typesNamed, visibleByName, type WorkspaceIndex } from '../workspace/index';
import { workspaceExtensionsOf } from '../workspace/completion';
import { apiTypingFor, typeOfExpression } from '../workspace/typing';
import { argumentInfo, type ExpressionTyping } from '../signatures/expressions';
import { chooseOverload, extensionMethodsFor, methodsOf, type MethodCandidate } from '../signatures/members';
import { definitionOf, resolveTypeText, type ApiContext } from '../signatures/resolve';
import { csharpText, named, substitute, type ApiType } from '../signatures/typeText';
import { fileApiScopeOf, signatureDatabase } from '../signatures/provider';
import { heldApiFrameworkOf, scopeMask, type OtherTarget } from '../signatures/scope';
import { prepareSource, type Span } from '../parse/prepare';
import { parseTargetFramework, type TargetFramework } from '../project/frameworks';
import { knownPackageMajor } from '../project/packages';
import { earlyTokenOverload, lateTokenOverload, type LateTokenOverload } from '../knowledge/lateTokenOverloads';
import type { BlockingApi } from '../knowledge/blockingApis';
import type { AsyncDisposableType } from '../knowledge/asyncDisposables';
import type { RuleContext } from './types';

/** A parameter of a candidate, with its type as C# text and (for the database's) as an ApiType in context. */
export interface CandidateParameter {
  name: string;
  typeText: string;
  type: ApiType | null;
  optional: boolean;
  isParams: boolean;
  modifier: string | null;
}

export interface CallCandidate {
  /** `List<T>.ForEach`, `OrderStore.SaveAsync`: for messages. */
  display: string;
  /** The parameters a caller passes (an extension method's `this` parameter excluded). */
  parameters: CandidateParameter[];
  source: 'workspace' | 'api';
  /** For the database's candidates: the method, to choose overloads with its own resolution. */
  api?: MethodCandidate;
  /** For the workspace's candidates with a body: where it is declared, so a rule can tell the calling method itself. */
  declaration?: { file: string; bodyId: string };
  /** For the workspace's candidates: the type that declares the method (an interface's member has no body to point at). */
  declaringType?: string;
  /** The return type as written (workspace) or in the database's C# form (API), or null when not known. */
  returnTypeText: string | null;
  /** A workspace extension method, reached because no instance method of the name applies. */
  workspaceExtension?: boolean;
}

export interface CallShape {
  name: string;
  receiver: string | null;
  argumentTexts: readonly string[];
  typeArguments: readonly string[];
}

export interface CallCandidates {
  candidates: CallCandidate[];
  /** The database's view from the body, when the candidates came from it. */
  typing: ExpressionTyping | null;
  /** The receiver's type for extension methods, when known. */
  receiverType: ApiType | null;
}

/**
 * Every method named like the call that its receiver can reach: the workspace type's own (and its workspace
 * bases'), else the database's (instance members, then extension methods; static members for a type name).
 * Null when the receiver's type is unknown.
 */
export function callCandidates(ctx: RuleContext, body: MethodBody, call: CallShape): CallCandidates | null {
  const bodies = ctx.model.bodies;
  const receiver = call.receiver?.trim() ?? null;
  const owner = bodyChain(body, bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  const typing = apiTypingFor(body, bodies, ctx.index);
  let workspaceType: string | null = null;
  let apiType: ApiType | null = null;
  let isStatic = false;
  if (receiver === null || receiver === 'this' || receiver === 'base') {
    workspaceType = owner;
  } else {
    const typed = typeOfExpression(receiver, body, bodies, ctx.index);
    if (typed) {
      if (typesNamed(ctx.index, typed.typeText).length > 0 && qualifiedNameFits(ctx.index, typed.typeText, ctx.model.usings)) workspaceType = stripGenerics(typed.typeText);
      else if (typing) apiType = resolveTypeText(typing.api, typed.typeText);
    } else if (/^[A-Z][\w.]*$/.test(receiver) && !isLocalName(body, bodies, receiver)) {
      isStatic = true;
      if (typesNamed(ctx.index, receiver).length > 0 && qualifiedNameFits(ctx.index, receiver, ctx.model.usings)) workspaceType = stripGenerics(receiver);
      else if (typing) {
        const t = resolveTypeText(typing.api, receiver);
        apiType = t && definitionOf(typing.api, t) ? t : null;
      }
    }
  }
  const candidates: CallCandidate[] = [];
  if (workspaceType !== null) {
    for (const ref of methodsNamed(ctx.index, call.name, workspaceType)) {
      const m = ref.member;
      if (!m || !m.parameters) continue;
      if (isStatic && !m.isStatic) continue;
      // What C#'s member lookup finds on the receiver: never an explicit interface implementation (`Task
      // IMembership.Update(CancellationToken ct)`), nor an interface's member on a class-typed receiver.
      if (!visibleByName(ctx.index, ref, workspaceType)) continue;
      const declaration = ref.body ? { file: ref.file, bodyId: ref.body.id } : undefined;
      candidates.push({ display: `${ref.typeName}.${call.name}`, parameters: m.parameters.map(workspaceParameter), source: 'workspace', returnTypeText: m.typeText, ...(ref.typeName ? { declaringType: ref.typeName } : {}), ...(declaration ? { declaration } : {}) });
    }
    // C# looks for extension methods only when no instance method applies: a workspace one whose `this` parameter
    // takes the receiver's type (an interface's `Subscribe(Action<T>)` beside an extension `Subscribe(Func<T, CancellationToken, Task>)`).
    if (!isStatic && receiver !== null && receiver !== 'this' && receiver !== 'base' && !candidates.some((c) => bindByCount(c, call.argumentTexts) !== null)) {
      candidates.push(...workspaceExtensionCandidates(ctx, call.name, workspaceType));
    }
    if (candidates.length > 0 || !typing) return { candidates, typing, receiverType: null };
    // Not declared in the workspace: a member of the type's bases outside it (a DbContext's SaveChangesAsync).
    for (const base of apiBasesOf(ctx.index, workspaceType)) {
      const t = resolveTypeText(typing.api, base);
      if (!t || !definitionOf(typing.api, t)) continue;
      for (const m of methodsOf(typing.api, t, call.name, { static: isStatic })) candidates.push(apiCandidate(typing.api, m));
      if (!isStatic && receiver !== null && receiver !== 'this' && receiver !== 'base') {
        for (const m of extensionMethodsFor(typing.api, t, call.name)) candidates.push(apiCandidate(typing.api, m));
      }
      if (candidates.length > 0) return { candidates, typing, receiverType: t };
    }
    return candidates.length ? { candidates, typing, receiverType: null } : null;
  }
  if (!typing || !apiType || !definitionOf(typing.api, apiType)) return null;
  for (const m of methodsOf(typing.api, apiType, call.name, { static: isStatic })) candidates.push(apiCandidate(typing.api, m));
  // C# looks for extension methods only when no instance method applies; the callers check applicability.
  if (!isStatic) for (const m of extensionMethodsFor(typing.api, apiType, call.name)) candidates.push(apiCandidate(typing.api, m));
  return candidates.length ? { candidates, typing, receiverType: apiType } : null;
}

/** The workspace's extension methods a call on a receiver of this type may bind to, as candidates (completion.ts workspaceExtensionsOf). */
function workspaceExtensionCandidates(ctx: RuleContext, name: string, receiverType: string): CallCandidate[] {
  return workspaceExtensionsOf(ctx.index, name, receiverType).flatMap((ref) => {
    const parameters = ref.member?.parameters;
    if (!parameters) return [];
    const declaration = ref.body ? { file: ref.file, bodyId: ref.body.id } : undefined;
    return [{ display: `${ref.typeName}.${name}`, parameters: parameters.slice(1).map(workspaceParameter), source: 'workspace' as const, returnTypeText: ref.member!.typeText, workspaceExtension: true, ...(declaration ? { declaration } : {}) }];
  });
}

/** Whether every declaration of the methods a call binds to has a body in the index and each satisfies `test` (none: false). */
export function everyDeclaredBody(index: WorkspaceIndex, declarations: readonly ({ file: string; bodyId: string } | undefined)[], test: (body: MethodBody) => boolean): boolean {
  if (declarations.length === 0) return false;
  return declarations.every((d) => {
    const body = d ? bodyOf(index, d.file, d.bodyId) : null;
    return body !== null && test(body);
  });
}

function isLocalName(body: MethodBody, bodies: readonly MethodBody[], name: string): boolean {
  return declaresLocalOrParameter(bodyChain(body, bodies), name);
}

function workspaceParameter(p: MemberParameter): CandidateParameter {
  const modifier = p.modifiers.find((m) => m === 'ref' || m === 'out' || m === 'in') ?? null;
  return { name: p.name, typeText: p.typeText, type: null, optional: p.hasDefault, isParams: p.modifiers.includes('params'), modifier };
}

function apiCandidate(api: ApiContext, candidate: MethodCandidate): CallCandidate {
  const method = candidate.method;
  const ownerArgs = candidate.owner.kind === 'named' && !candidate.viaExtension ? candidate.owner.args : [];
  const params = candidate.viaExtension ? method.parameters.slice(1) : method.parameters;
  const ownerName = definitionOf(api, candidate.owner)?.name ?? csharpText(candidate.owner);
  return {
    display: `${ownerName}.${method.name}`,
    parameters: params.map((p) => {
      const type = substitute(p.type, ownerArgs);
      // For messages, the method's own generic parameters by their declared names (`Action<TSource>`).
      const shown = substitute(type, [], method.genericParameters.map((g) => named(g.name)));
      return { name: p.name, typeText: csharpText(shown), type, optional: p.optional, isParams: p.modifier === 'params', modifier: p.modifier };
    }),
    source: 'api',
    api: candidate,
    returnTypeText: csharpText(substitute(method.returnType, ownerArgs)),
  };
}

/** A named argument's name (`cancellationToken: ct`), or null for a positional one. */
export function argumentNameOf(text: string): string | null {
  return /^\s*@?([A-Za-z_]\w*)\s*:(?!:)/.exec(text)?.[1] ?? null;
}

/**
 * Which parameter each argument goes to when the call binds to `candidate` by count and names, or null when it
 * cannot (too many or too few arguments, an unknown name). A params parameter takes every extra argument.
 */
export function bindByCount(candidate: CallCandidate, argumentTexts: readonly string[]): number[] | null {
  const params = candidate.parameters;
  const given = new Set<number>();
  const positions: number[] = [];
  let positional = 0;
  for (const text of argumentTexts) {
    const name = argumentNameOf(text);
    let index: number;
    if (name !== null) {
      index = params.findIndex((p) => p.name === name);
      if (index === -1) return null;
    } else {
      index = positional++;
      if (index >= params.length) {
        if (!params[params.length - 1]?.isParams) return null;
        index = params.length - 1;
      }
    }
    given.add(index);
    positions.push(index);
  }
  for (let i = 0; i < params.length; i++) if (!given.has(i) && !params[i].optional && !params[i].isParams) return null;
  return positions;
}

/** The candidates the call can bind to by argument count and names; for the database's, its own overload choice when it makes one. */
export function applicableCandidates(found: CallCandidates, call: CallShape): CallCandidate[] {
  const byCount = found.candidates.filter((c) => bindByCount(c, call.argumentTexts) !== null);
  const api = byCount.filter((c) => c.api);
  if (!found.typing || api.length < 2) return byCount;
  // Several database overloads fit by count: its resolution tells them apart by the argument types it knows.
  const args = call.argumentTexts.map((a) => argumentInfo(a, found.typing!));
  const chosen = chooseOverload(found.typing.api, api.map((c) => c.api!), args, { receiver: found.receiverType });
  if (!chosen) return byCount;
  return byCount.filter((c) => !c.api || c.api === chosen.candidate);
}

export type DelegateReturn = 'void' | 'value' | 'unknown';

const ACTION = /^(?:global::)?(?:System\.)?Action(?:<.*>)?$/s;
const FUNC = /^(?:global::)?(?:System\.)?Func<.*>$/s;

/**
 * Whether a delegate type returns void (an async lambda given to it becomes `async void`), returns a value (it
 * becomes `async Task`), or is not known to be a delegate. Workspace delegate declarations first, then the database.
 */
export function delegateReturnOf(ctx: RuleContext, body: MethodBody, type: { typeText: string; type: ApiType | null }, typing: ExpressionTyping | null): DelegateReturn {
  const text = type.typeText.replace(/\s+/g, '').replace(/\?$/, '');
  if (type.type) return apiDelegateReturn(typing?.api ?? null, type.type);
  if (ACTION.test(text)) return 'void';
  if (FUNC.test(text)) return 'value';
  if (/^(?:System\.Linq\.Expressions\.)?Expression</.test(text)) return 'value';
  const declared = typesNamed(ctx.index, text).find((t) => t.type.kind === 'delegate');
  if (declared) {
    const invoke = declared.type.members.find((m) => m.name === 'Invoke');
    if (!invoke) return 'unknown';
    return invoke.typeText === 'void' ? 'void' : 'value';
  }
  if (typesNamed(ctx.index, text).length > 0) return 'unknown';
  const api = typing?.api ?? apiTypingFor(body, ctx.model.bodies, ctx.index)?.api ?? null;
  const resolved = api ? resolveTypeText(api, text) : null;
  return resolved ? apiDelegateReturn(api, resolved) : 'unknown';
}

/**
 * How many parameters a delegate type's Invoke takes (`Action<Options>` one, `Func<object, Type, Task>` two), or
 * null when the type is not known to be a delegate. Workspace delegate declarations first, then the database.
 */
export function delegateArityOf(ctx: RuleContext, body: MethodBody, type: { typeText: string; type: ApiType | null }, typing: ExpressionTyping | null): number | null {
  if (type.type) return apiDelegateArity(typing?.api ?? null, type.type);
  const text = type.typeText.replace(/\s+/g, '').replace(/\?$/, '');
  if (ACTION.test(text)) return genericParts(text).args.length;
  if (FUNC.test(text)) return genericParts(text).args.length - 1;
  const declared = typesNamed(ctx.index, text).find((t) => t.type.kind === 'delegate');
  if (declared) return declared.type.members.find((m) => m.name === 'Invoke')?.parameters?.length ?? null;
  if (typesNamed(ctx.index, text).length > 0) return null;
  const api = typing?.api ?? apiTypingFor(body, ctx.model.bodies, ctx.index)?.api ?? null;
  const resolved = api ? resolveTypeText(api, text) : null;
  return resolved ? apiDelegateArity(api, resolved) : null;
}

function apiDelegateArity(api: ApiContext | null, type: ApiType): number | null {
  if (type.kind !== 'named' || !api) return null;
  const d = definitionOf(api, type);
  if (!d || d.kind !== 'delegate') return null;
  return api.db.membersNamed(d, 'Invoke').methods.find((m) => m.name === 'Invoke')?.parameters.length ?? null;
}

/**
 * Whether a lambda can become the delegate a candidate takes at its argument's position: C# converts a lambda only to
 * a delegate with as many parameters as it declares, so `(m, t, ct) => ...` cannot be an `Action<Options>`, and an
 * overload that puts a one-parameter delegate there is not the one the call binds to (an extension method of the
 * same name that the workspace declares is, which the candidates do not hold). Anonymous methods may omit their
 * parameter list and fit any delegate; an unknown delegate type is taken to fit.
 */
export function lambdaFitsCandidate(ctx: RuleContext, lambda: MethodBody, candidate: CallCandidate, argumentTexts: readonly string[], argumentIndex: number, typing: ExpressionTyping | null): boolean {
  if (lambda.kind !== 'lambda') return true;
  const index = bindByCount(candidate, argumentTexts)?.[argumentIndex];
  const param = index === undefined ? undefined : candidate.parameters[index];
  if (!param) return true;
  const arity = delegateArityOf(ctx, lambda, param, typing);
  return arity === null || arity === lambda.parameters.length;
}

function apiDelegateReturn(api: ApiContext | null, type: ApiType): DelegateReturn {
  // A generic parameter (`Run<T>(T work)`) may bind to any delegate type, a Task-returning one included.
  if (type.kind !== 'named' || !api) return 'unknown';
  const d = definitionOf(api, type);
  if (!d) return 'unknown';
  if (d.fullName === 'System.Linq.Expressions.Expression`1') return 'value';
  if (d.kind !== 'delegate') return 'unknown';
  const invoke = api.db.membersNamed(d, 'Invoke').methods.find((m) => m.name === 'Invoke');
  if (!invoke) return 'unknown';
  const result = substitute(invoke.returnType, type.args);
  if (result.kind === 'typeParameter') return 'unknown';
  return result.kind === 'named' && result.name === 'void' ? 'void' : 'value';
}

/** Whether a type text names CancellationToken (or its nullable form): model/syntax.ts's test, for the rules. */
export { isCancellationTokenType } from '../model/syntax';

/** Whether a type text names an awaitable task type (Task, Task<T>, ValueTask, ValueTask<T>). */
export function isTaskTypeText(typeText: string | null): boolean {
  if (!typeText) return false;
  const kind = classifyReturnType(typeText, false).kind;
  return kind === 'Task' || kind === 'TaskOfT' || kind === 'ValueTask' || kind === 'ValueTaskOfT';
}

/** The project's other targets where a candidate may not exist, for edits that would call it. */
export interface OtherTargets {
  /** Targets whose framework the database holds, without this method. */
  lacking: string[];
  /** Targets whose API the database does not hold (.NET Standard, .NET Framework, .NET before 8): nothing says. */
  unknown: string[];
  /**
   * The analysed target itself, when the database does not hold its API (set by otherTargetsOf only): the candidate was found in the newest
   * framework's, and may be missing there too (HttpContent.ReadAsStringAsync takes no token on .NET Framework).
   */
  analysedUnknown?: string | null;
  /**
   * The analysed target itself, when it is known to lack the candidate (set by otherTargetsOf only): a .NET Framework
   * target and an overload knowledge/lateTokenOverloads.ts says came later (`ReadAsStringAsync(CancellationToken)`).
   */
  analysedLacking?: string | null;
}

/**
 * Where else the call is compiled that an API candidate may be missing: a multi-targeting project is analysed for
 * one target, and an edit that calls an overload the others lack breaks their build (HttpContent.ReadAsStringAsync
 * takes a token from .NET 5 on, not in .NET Standard 2.0). A target whose symbols leave the call out (`#if NET`)
 * does not compile it. A workspace candidate is the project's own code and is taken to exist wherever the call does.
 */
export function otherTargetsOf(ctx: RuleContext, candidate: CallCandidate, at: number): OtherTargets {
  const out: OtherTargets = { lacking: [], unknown: [], analysedUnknown: null, analysedLacking: null };
  if (candidate.source !== 'api' || !candidate.api) return out;
  const file = fileApiScopeOf(ctx.file);
  const db = signatureDatabase();
  if (!file || !db) return out;
  // For an overload known to have come after .NET Framework, a target the database does not hold is judged by the
  // row: it lacks the overload, or has it (net6.0 has ReadAsStringAsync(CancellationToken)); for one .NET Framework
  // 4.5 already had, such a target has it (Task.Delay(int, CancellationToken)); 'unknown' without a row.
  const parameterTypes = candidate.parameters.map((p) => p.typeText);
  const late = lateTokenOverload(candidate.api.method.declaringType, candidate.api.method.name, parameterTypes);
  const early = late ? undefined : earlyTokenOverload(candidate.api.method.declaringType, candidate.api.method.name, parameterTypes);
  const unheld = (target: string): 'lacking' | 'has' | 'unknown' => {
    const tf = parseTargetFramework(target);
    if (!tf) return 'unknown';
    if (early) return targetHasEarlyOverload(tf) ? 'has' : 'unknown';
    if (!late) return 'unknown';
    return targetLacksLateOverload(tf, late) ? 'lacking' : 'has';
  };
  if (heldApiFrameworkOf(file.targetFramework) === null && parseTargetFramework(file.targetFramework) !== null) {
    const analysed = unheld(file.targetFramework);
    if (analysed === 'lacking') out.analysedLacking = file.targetFramework;
    else if (analysed === 'unknown') out.analysedUnknown = file.targetFramework;
  }
  for (const target of otherTargetsCompiling(ctx, at)) {
    const framework = heldApiFrameworkOf(target.targetFramework);
    if (framework === null) {
      const other = unheld(target.targetFramework);
      if (other !== 'has') out[other].push(target.targetFramework);
    } else if ((candidate.api.method.mask & scopeMask(db, { ...file.scope, framework })) === 0) out.lacking.push(target.targetFramework);
  }
  return out;
}

/**
 * Whether a target lacks an overload that came after .NET Framework: every .NET Framework and .NET Standard 2.0 (or
 * older) target does, .NET Standard 2.1 unless the row says it has it, .NET Core and .NET before the row's major.
 */
export function targetLacksLateOverload(tf: TargetFramework, row: LateTokenOverload): boolean {
  const [major, minor] = tf.version;
  if (tf.identifier === '.NETFramework') return true;
  if (tf.identifier === '.NETStandard') return major < 2 || (major === 2 && minor === 0) || !row.netStandard21;
  if (tf.identifier === '.NETCoreApp') return major < row.firstCoreMajor;
  return false;
}

/**
 * Whether a target surely has an overload of knowledge/lateTokenOverloads.ts EARLY_TOKEN_OVERLOADS: .NET Framework
 * 4.5 or later, .NET Standard 2.0 or later, and .NET Core 2.0 or later have them all. Older targets are not judged
 * (the table's rows are checked against the reference assemblies of net462 and newer only).
 */
export function targetHasEarlyOverload(tf: TargetFramework): boolean {
  const [major, minor] = tf.version;
  if (tf.identifier === '.NETFramework') return major > 4 || (major === 4 && minor >= 5);
  return (tf.identifier === '.NETStandard' || tf.identifier === '.NETCoreApp') && major >= 2;
}

/**
 * Whether the target the file is analysed for lacks an API: a .NET 5+ runtime older than the .NET `since` that first
 * shipped it (a net9.0-windows project has no ZipFile.OpenReadAsync, .NET 10), or, for an API that also names the
 * first .NET Core major that has it (`firstCoreMajor`: File's async twins 2, every DisposeAsync 3), a .NET Framework,
 * .NET Standard 2.0 or older .NET Core target (a netstandard2.0 library has no File.ReadAllTextAsync and no
 * IAsyncDisposable stream). An API with only a `since` is not judged on those older targets: its type may come from a
 * package there (System.Text.Json's JsonNode.ParseAsync on netstandard2.0), and the package's version decides. False
 * outside a project (the newest runtime is assumed) and for a target the project model cannot parse (Xamarin, UWP).
 */
export function analysedTargetLacks(ctx: RuleContext, since: string | undefined, firstCoreMajor: number | null): boolean {
  if (since === undefined && firstCoreMajor === null) return false;
  const target = fileApiScopeOf(ctx.file)?.targetFramework;
  const tf = target ? parseTargetFramework(target) : null;
  if (!tf) return false;
  if (tf.identifier === '.NETCoreApp' && tf.version[0] >= 5) return runtimePredates(tf, since);
  return firstCoreMajor !== null && targetLacksApi(tf, since, firstCoreMajor);
}

/**
 * The first .NET Core major that has the twins of blocking-API rows flagged `missingBeforeNetStandard21`: File's
 * came with .NET Core 2.0, the others with .NET Core 3.0 or later (a row whose twin came with .NET 5 or later also
 * says `since`), and all with .NET Standard 2.1 unless the row's `since` says otherwise.
 */
const TWIN_FIRST_CORE_MAJOR = 2;
/** IAsyncDisposable, and with it every DisposeAsync of the shared framework's types, came with .NET Core 3.0. */
const DISPOSE_ASYNC_FIRST_CORE_MAJOR = 3;

/**
 * Whether a target lacks a blocking-API row's twin. `onRowType` is false when the call is on a type derived from the
 * row's (NpgsqlConnection under DbConnection): a provider may declare the twin itself on older targets, so the row's
 * flag speaks only for its own type.
 */
export function twinLackedOn(tf: TargetFramework, row: Pick<BlockingApi, 'since' | 'missingBeforeNetStandard21'>, onRowType: boolean): boolean {
  return targetLacksApi(tf, row.since, twinFirstCoreMajor(row, onRowType));
}

export function twinFirstCoreMajor(row: { missingBeforeNetStandard21?: boolean }, onRowType: boolean): number | null {
  return row.missingBeforeNetStandard21 && onRowType ? TWIN_FIRST_CORE_MAJOR : null;
}

/** Whether a target lacks an async-disposable row's DisposeAsync (`onRowType` as for `twinLackedOn`). */
export function asyncDisposeLackedOn(tf: TargetFramework, row: Pick<AsyncDisposableType, 'since' | 'missingBeforeNetStandard21'>, onRowType: boolean): boolean {
  return targetLacksApi(tf, row.since, disposeAsyncFirstCoreMajor(row, onRowType));
}

export function disposeAsyncFirstCoreMajor(row: { missingBeforeNetStandard21?: boolean }, onRowType: boolean): number | null {
  return row.missingBeforeNetStandard21 && onRowType ? DISPOSE_ASYNC_FIRST_CORE_MAJOR : null;
}

/**
 * Whether the package references the file's project sees pin a package (or the packages released with it,
 * knowledge/packageFamilies.ts) below the major version `since` that first has an API: a .NET Framework project that
 * brings Microsoft.Extensions.DependencyInjection 2.1 through a project it references has no CreateAsyncScope (6.0).
 * Not judged on a .NET target at or past `since`, whose shared framework may carry a newer copy (ASP.NET Core's
 * carries the DI abstractions); false when nothing seen says the version.
 */
export function packageVersionPredates(ctx: RuleContext, packageId: string, since: string): boolean {
  const scope = fileApiScopeOf(ctx.file);
  if (!scope) return false;
  const tf = parseTargetFramework(scope.targetFramework);
  if (tf && tf.identifier === '.NETCoreApp' && tf.version[0] >= Number(since)) return false;
  const major = knownPackageMajor(scope.packages, packageId);
  return major !== null && major < Number(since);
}

/** Whether a target is a .NET 5+ runtime older than an API first shipped in .NET `since`; false for any other target. */
export function runtimePredates(tf: TargetFramework, since: string | undefined): boolean {
  return since !== undefined && tf.identifier === '.NETCoreApp' && tf.version[0] >= 5 && tf.version[0] < Number(since);
}

/**
 * Where else the code at `at` is compiled that an API is missing: a multi-targeting project is analysed for its
 * highest target, but an edit that uses the API must build for every target that compiles the code (not under an
 * #if it leaves out). A .NET 5+ target is judged by `since`, the .NET version that first shipped the API (5 or
 * later). An API that came before .NET 5 but after .NET Framework names the first .NET Core major that has it in
 * `firstCoreMajor` (File's async twins: 2; IAsyncDisposable and every DisposeAsync: 3): .NET Framework, .NET
 * Standard 2.0 and older and the .NET Core versions before it lack it, .NET Standard 2.1 has it. An API with neither
 * (Stream.ReadAsync, Task.Delay) has been there since .NET Framework 4.5. A target the project model cannot parse
 * (Xamarin, UWP) is listed as unknown.
 */
export function targetsLackingApi(ctx: RuleContext, at: number, since: string | undefined, firstCoreMajor: number | null): OtherTargets {
  const out: OtherTargets = { lacking: [], unknown: [] };
  for (const target of otherTargetsCompiling(ctx, at)) {
    const tf = parseTargetFramework(target.targetFramework);
    if (!tf) out.unknown.push(target.targetFramework);
    else if (targetLacksApi(tf, since, firstCoreMajor)) out.lacking.push(target.targetFramework);
  }
  return out;
}

/** Whether a parsed target lacks an API first shipped in .NET `since` (5+), or in .NET Core `firstCoreMajor` and .NET Standard 2.1. */
export function targetLacksApi(tf: TargetFramework, since: string | undefined, firstCoreMajor: number | null): boolean {
  const [major, minor] = tf.version;
  if (tf.identifier === '.NETCoreApp' && major >= 5) return runtimePredates(tf, since);
  // Every API with a `since` is .NET 5 or later, which no older target has.
  if (since !== undefined) return true;
  if (firstCoreMajor === null) return false;
  return tf.identifier === '.NETFramework'
    || (tf.identifier === '.NETStandard' && (major < 2 || (major === 2 && minor === 0)))
    || (tf.identifier === '.NETCoreApp' && major < firstCoreMajor);
}

/** The project's other targets that compile the code at `at`: not those whose symbols leave it out (`#if NET`). */
export function otherTargetsCompiling(ctx: RuleContext, at: number): OtherTarget[] {
  const file = fileApiScopeOf(ctx.file);
  if (!file) return [];
  return file.otherTargets.filter((target) => !inactiveFor(ctx, target).some((s) => s.start <= at && at < s.end));
}

const inactiveByModel = new WeakMap<RuleContext['model'], Map<string, Span[]>>();

/** The code another target leaves out (`#if` branches its symbols do not take), read once per file and target. */
function inactiveFor(ctx: RuleContext, target: OtherTarget): Span[] {
  let byTarget = inactiveByModel.get(ctx.model);
  if (!byTarget) inactiveByModel.set(ctx.model, (byTarget = new Map()));
  let spans = byTarget.get(target.targetFramework);
  if (!spans) byTarget.set(target.targetFramework, (spans = prepareSource(ctx.text, target.symbols).inactive));
  return spans;
}
