/**
 * The cost of one async body per runtime profile: its state machine, the bytes one call allocates when it
 * completes synchronously and when it suspends, what each await may cost, and every assumption behind the numbers.
 * Pure: it reads the file model, the workspace index and (optionally) the completion verdicts.
 */
import { projectView } from '../workspace/projectView';
import { isAnalysedAsyncBody, type BodyKind, type FileModel, type MethodBody, type ReturnKind, type ReturnSite, type Span } from '../model/types';
import { indexMemo, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { verdictKey, type CompletionAnalysis } from '../workspace/completion';
import { BUILDERS, CUSTOM_AWAITER_SOURCE, type BuilderReturnKind } from '../knowledge/awaiters';
import { BOX_EXTRA_FIELDS_BEFORE_NET8, DELEGATE_BYTES, DELEGATE_BYTES_NET11, TASK_FIELDS } from '../knowledge/typeSizes';
import { bodyAllocationsOf, type BodyAllocation } from './closures';
import { callTypeArguments, instantiationsOf, REPRESENTATIVE_TYPE_ARGUMENTS, type TypeArguments } from './generics';
import { describeCache } from '../knowledge/taskCache';
import { awaitedOperationsOf, type AwaitCompletion, type AwaitedOperation } from './awaitables';
import { hoistedValuesOf, type HoistedValue } from './hoisting';
import { usesThis } from './thisUse';
import { autoLayout, objectBytes, type FieldShape } from './layout';
import { traitsOf, type BuildConfiguration, type EstimateOptions, type RuntimeProfile, type RuntimeTraits } from './profiles';
import { cachedValuesOf, syncResultCost, type ConstantResolver } from './resultCache';
import { constantLiteralOf } from './constants';
import { continuationLayout } from './runtimeAsync';
import { builderTypeText, stateMachineLayout, type StateMachineLayout } from './stateMachine';
import { shapeOfTypeText, type TypeScope, type TypeShape } from './typeLayout';
import { costApiFor, layoutFrameworkOf, type CostApi } from './apiTypes';
import { lambdaTargetOf } from './lambdaTargets';
import { classifyReturnType } from '../model/returnKind';
import type { TypingContext } from './expressionTypes';
import { canonicalType, parseType, substituteTypeText } from './typeText';
import { splitTopLevel } from '../model/syntax';
import { bodiesById, bodyChain } from '../model/bodies';
import { checkBudget } from '../model/budget';
import { enclosingTypes } from '../model/enclosingTypes';

export interface EstimateContext {
  /** The file's path as the index knows it. */
  file: string;
  model: FileModel;
  index: WorkspaceIndex | null;
  completion?: CompletionAnalysis;
}

export interface CalleeCost {
  what: string;
  /** Bytes the awaited operation allocates when it completes synchronously, or null when it never does. */
  syncBytes: number | null;
  suspendBytes: number | null;
  source: string;
}

export interface AwaitCost {
  span: Span;
  keywordSpan: Span;
  operandText: string;
  role: AwaitedOperation['role'];
  awaitableType: string;
  awaiterType: string;
  awaiterField: string;
  awaiterBytes: number;
  completion: AwaitCompletion;
  /** What the call allocates if this is the first await to suspend (null when it cannot suspend). */
  bytesIfFirstSuspension: number | null;
  /** "this await may cost X B because ..." */
  explanation: string;
  assumption: string | null;
}

/** What one instantiation of generic code costs. */
export interface InstantiationCost {
  typeArguments: TypeArguments;
  stateMachineBytes: number;
  syncBytes: number | null;
  syncBytesIfCached: number | null;
  suspendBytes: number | null;
  withCallees: { syncBytes: number | null; suspendBytes: number | null };
}

export interface GenericCost {
  typeParameters: string[];
  /** The instantiation this estimate is for, or null for the open definition (type parameters sized as references). */
  typeArguments: TypeArguments | null;
  /** Each instantiation the workspace's call sites use (only on the open definition's estimate). */
  instantiations: InstantiationCost[];
  /** The open definition's cost as a function of the type arguments: every type parameter set to a type of each size. */
  bySize: (InstantiationCost & { label: string })[];
}

export interface MethodCost {
  file: string;
  bodyId: string;
  name: string;
  /** `Type.Method`, or the body's name when it has no containing type. */
  qualifiedName: string;
  kind: BodyKind;
  span: Span;
  nameSpan: Span;
  returnKind: ReturnKind;
  resultType: string | null;
  runtime: RuntimeProfile;
  build: BuildConfiguration;
  /** Who runs the method: a compiler state machine, or the runtime (Runtime Async). */
  machinery: 'compiler' | 'runtime-async';
  builder: { typeText: string; bytes: number } | null;
  layout: StateMachineLayout;
  /** The state machine's size: the struct, or the class instance (iterators, Debug), or the continuation. */
  stateMachineBytes: number;
  /** Bytes one call allocates when every await completes at once; null when some await always suspends. */
  syncBytes: number | null;
  /** When the result is computed: the bytes if its value is one the runtime caches. */
  syncBytesIfCached: number | null;
  cachedValues: string | null;
  syncExplanation: string;
  /** Bytes one call allocates when it suspends (once per call, whatever the number of suspensions); null when it cannot. */
  suspendBytes: number | null;
  suspendBreakdown: { what: string; bytes: number }[];
  suspendExplanation: string;
  /** What the awaited operations allocate themselves (not counted in syncBytes/suspendBytes). */
  callees: CalleeCost[];
  /** Own bytes plus the callees' on each path, as a profiler would see one call. */
  withCallees: { syncBytes: number | null; suspendBytes: number | null };
  /** For lambdas and local functions: what creating it costs the enclosing method (closure, delegate). */
  creation: { closureBytes: number; delegateBytes: number; explanation: string } | null;
  /**
   * The closures and delegates this body allocates on each call for the lambdas, local functions and method groups
   * it creates (user code, not async machinery: counted in withCallees, not in syncBytes/suspendBytes).
   */
  allocations: BodyAllocation[];
  /** For generic code: the type parameters, this estimate's instantiation, and the bytes per instantiation and per size of T. */
  generic: GenericCost | null;
  awaitCount: number;
  maySuspend: number;
  likelySync: boolean;
  likelySyncReason: string;
  awaits: AwaitCost[];
  /** Some number is derived rather than measured on this runtime, or rests on an assumption. */
  estimate: boolean;
  estimateReasons: string[];
  assumptions: string[];
  notes: string[];
}

const TASK_FIELD_BYTES = autoLayout(TASK_FIELDS.map((f) => ({ shape: fieldShape(f.type) })), false).endOffset;

function fieldShape(type: string): FieldShape {
  return type === 'object' ? { size: 8, alignment: 8, category: 'reference' } : { size: 4, alignment: 4, category: 'primitive' };
}

/** Every async body of the file (methods, local functions, lambdas, top-level statements), in source order. */
export function estimateFile(whole: EstimateContext, options: EstimateOptions): MethodCost[] {
  const ctx = seenFromItsProject(whole);
  const session = sessionFor(ctx);
  // The same bodies the rules and the editor analyse: one whose own code has syntax errors is listed as
  // skipped (FileModel.skipped) rather than given numbers that rest on a broken tree.
  return ctx.model.bodies
    .filter(isAnalysedAsyncBody)
    .sort((a, b) => a.span.start - b.span.start)
    .map((b) => estimateIn(session, b, ctx, options));
}

export function estimateMethod(body: MethodBody, whole: EstimateContext, options: EstimateOptions): MethodCost {
  const ctx = seenFromItsProject(whole);
  return estimateIn(sessionFor(ctx), body, ctx, options);
}

/** An estimate reads the workspace's types as the file's project sees them, as the rules do (workspace/projectView.ts). */
function seenFromItsProject(ctx: EstimateContext): EstimateContext {
  return ctx.index ? { ...ctx, index: projectView(ctx.index, ctx.file) } : ctx;
}

/** Remembers costs and type shapes, so awaited workspace callees are estimated once and recursion stops. */
class Session {
  readonly costs = new Map<string, MethodCost | 'pending'>();
  /**
   * Type shapes by canonical text, one table per file and runtime: with the signature database a name's meaning
   * depends on the file's usings and project, and a BCL struct's layout on the runtime's framework.
   */
  private readonly memos = new Map<string, Map<string, TypeShape>>();
  memoFor(key: string): Map<string, TypeShape> {
    let memo = this.memos.get(key);
    if (!memo) this.memos.set(key, (memo = new Map()));
    return memo;
  }
  /**
   * Closures and delegates each body allocates, per file, profile and type scope: a lambda's creation cost asks every
   * body around it, so without this a file of deeply nested lambdas recomputed them cubically often.
   */
  readonly allocations = new Map<string, BodyAllocation[]>();
}

/**
 * One session per workspace index and index version: estimating every method of a workspace walks each awaited
 * callee once, not once per caller. A changed index (any file updated) starts a new session.
 */
const sessions = new WeakMap<WorkspaceIndex, { version: number; completion: CompletionAnalysis | undefined; session: Session }>();

function sessionFor(ctx: EstimateContext): Session {
  // A model that is not the index's own (an unsaved edit, a test) gets a private session, so nothing stale is reused.
  if (!ctx.index || ctx.index.files.get(ctx.file) !== ctx.model) return new Session();
  const known = sessions.get(ctx.index);
  if (known && known.version === ctx.index.version && known.completion === ctx.completion) return known.session;
  const session = new Session();
  sessions.set(ctx.index, { version: ctx.index.version, completion: ctx.completion, session });
  return session;
}

/** The key of the shape table used when no signature database is loaded (shapeMemoFor). */
const NO_API = {};

/**
 * The table of type shapes an estimate without type parameters in scope reads and fills. A shape depends on the type
 * text, the index (workspace structs and enums) and the file's view of the database (its names, and the runtime's
 * framework for struct layouts): nothing of the body. The language server estimates each body against its own copy
 * of the model (engine/costs.ts), which gets a private session, so a table per session was a table per body and every
 * body sized the same BCL structs from the database again; the table is kept per index version and CostApi instead.
 */
function shapeMemoFor(session: Session, ctx: EstimateContext, api: CostApi | null, runtime: string): Map<string, TypeShape> {
  if (!ctx.index) return session.memoFor(`${ctx.file}|${runtime}`);
  const byApi = indexMemo(ctx.index, 'cost shapes by CostApi', () => new WeakMap<object, Map<string, TypeShape>>());
  let memo = byApi.get(api ?? NO_API);
  if (!memo) byApi.set(api ?? NO_API, (memo = new Map()));
  return memo;
}

/** The session key of one estimate: the body, the profile, and the instantiation for generic code. */
function costKey(file: string, body: MethodBody, options: EstimateOptions): string {
  const args = options.typeArguments ? Object.entries(options.typeArguments).map(([p, a]) => `${p}=${a}`).join(',') : '';
  return `${file}#${body.id}#${options.runtime}#${options.build ?? 'release'}#${args}`;
}

function estimateIn(session: Session, body: MethodBody, ctx: EstimateContext, options: EstimateOptions): MethodCost {
  const key = costKey(ctx.file, body, options);
  const known = session.costs.get(key);
  if (known && known !== 'pending') return known;
  session.costs.set(key, 'pending');
  let cost: MethodCost;
  try {
    cost = computeCost(session, body, ctx, options);
  } catch (err) {
    // A stopped analysis (model/budget.ts) must not leave the body marked as being estimated.
    session.costs.delete(key);
    throw err;
  }
  session.costs.set(key, cost);
  return cost;
}

interface BuilderChoice {
  kind: BuilderReturnKind | 'unknown';
  typeText: string;
  resultType: string | null;
  boxResultType: string;
  source: string;
}

/** Return kinds the Runtime Async compiler turns into runtime-async methods (async void and custom builders stay). */
const RUNTIME_ASYNC_BUILDERS: readonly BuilderChoice['kind'][] = ['Task', 'TaskOfT', 'ValueTask', 'ValueTaskOfT', 'PoolingValueTask', 'PoolingValueTaskOfT'];

function builderOf(body: MethodBody, typeArguments?: Readonly<Record<string, string>>): BuilderChoice {
  // For one instantiation of generic code, the result type is the type argument's (what decides the cached results).
  const result = body.resultTypeText ? (typeArguments ? substituteTypeText(body.resultTypeText, typeArguments) : canonicalType(body.resultTypeText)) : null;
  const pooling = body.attributes.some((a) => /PoolingAsyncValueTaskMethodBuilder/.test(a));
  const kind: BuilderReturnKind | 'unknown' =
    body.isIterator && (body.returnKind === 'IAsyncEnumerable' || body.returnKind === 'IAsyncEnumerator') ? 'AsyncIterator'
      : body.returnKind === 'Task' || body.kind === 'topLevel' ? 'Task'
        : body.returnKind === 'TaskOfT' ? 'TaskOfT'
          : body.returnKind === 'ValueTask' ? (pooling ? 'PoolingValueTask' : 'ValueTask')
            : body.returnKind === 'ValueTaskOfT' ? (pooling ? 'PoolingValueTaskOfT' : 'ValueTaskOfT')
              : body.returnKind === 'void' ? 'void'
                : body.returnKind === 'Unknown' && (body.kind === 'lambda' || body.kind === 'anonymousMethod') ? (body.returns.some((r) => r.expressionText !== null) ? 'TaskOfT' : 'Task')
                  : 'unknown';
  if (kind === 'unknown') return { kind, typeText: 'AsyncTaskMethodBuilder', resultType: result, boxResultType: result ?? 'VoidTaskResult', source: 'a custom task-like builder the model cannot see' };
  const row = BUILDERS.find((r) => r.returnKind === kind)!;
  const generic = /<T>$/.test(row.builderType);
  // A lambda whose delegate type is not visible returns a value of an unknown type: sized as a reference.
  const valueType = generic ? result ?? 'object' : null;
  return {
    kind,
    typeText: builderTypeText(row.builderType, valueType),
    resultType: kind === 'AsyncIterator' ? null : valueType,
    boxResultType: row.boxResultType === 'T' ? valueType ?? 'object' : row.boxResultType,
    source: row.source,
  };
}

/** Type parameters in scope, by body, per model: a lambda's are its own and its parent's, so each is worked out once. */
const scopesOf = new WeakMap<FileModel, Map<MethodBody, ReadonlySet<string>>>();

/** Type parameters in scope: the body's, its enclosing bodies' and its containing types' (shared: do not modify). */
function typeParametersInScope(body: MethodBody, ctx: EstimateContext): ReadonlySet<string> {
  let scopes = scopesOf.get(ctx.model);
  if (!scopes) scopesOf.set(ctx.model, (scopes = new Map()));
  const known = scopes.get(body);
  if (known) return known;
  // Out to the first body already worked out, then back in (iteratively: nesting may be thousands deep). Each set
  // has the names in the order listing the chain's then the types' gives (a type around a body is around its parent).
  const byId = bodiesById(ctx.model.bodies);
  const pending: MethodBody[] = [];
  for (let b: MethodBody | undefined = body; b && !scopes.has(b); b = b.parentId ? byId.get(b.parentId) : undefined) pending.push(b);
  for (let i = pending.length - 1; i >= 0; i--) {
    const b = pending[i];
    const parent = b.parentId ? byId.get(b.parentId) : undefined;
    const names = new Set<string>(b.typeParameters);
    if (parent) for (const t of scopes.get(parent) ?? []) names.add(t);
    for (const t of enclosingTypes(ctx.model.types, b.span)) for (const p of t.typeParameters) names.add(p);
    scopes.set(b, names);
  }
  return scopes.get(body)!;
}

/**
 * The type parameters in scope whose constraints make every argument a reference, so their size is a pointer's
 * whatever the argument: `class` or `class?`, or a class the workspace declares (`where TSaga : SagaBase`), directly or
 * through another such type parameter. Interfaces, `notnull` and `new()` allow structs and say nothing.
 */
function referenceTypeParametersInScope(body: MethodBody, ctx: EstimateContext, inScope: ReadonlySet<string>): Set<string> {
  // Without a type parameter in scope there is nothing to find, and the chain of bodies need not be walked (it is as
  // long as the nesting is deep).
  if (inScope.size === 0) return new Set();
  const constraints = new Map<string, string[]>();
  const add = (c: Record<string, string[]> | undefined) => {
    for (const [name, list] of Object.entries(c ?? {})) if (!constraints.has(name)) constraints.set(name, list);
  };
  for (const b of bodyChain(body, ctx.model.bodies)) add(b.typeParameterConstraints);
  for (const t of enclosingTypes(ctx.model.types, body.span)) add(t.typeParameterConstraints);
  const references = new Set<string>();
  const isClass = (constraint: string): boolean => {
    if (constraint === 'class' || constraint === 'class?') return true;
    const name = constraint.replace(/\?$/, '');
    if (references.has(name)) return true;
    if (inScope.has(name) || !ctx.index) return false;
    const declared = typesNamed(ctx.index, name);
    return declared.length > 0 && declared.every((r) => r.type.kind === 'class' || r.type.kind === 'record');
  };
  // Twice, so a parameter constrained to another reference-constrained parameter (`where TDerived : TBase`) counts.
  for (let pass = 0; pass < 2; pass++) for (const [name, list] of constraints) if (inScope.has(name) && list.some(isClass)) references.add(name);
  return references;
}

/** Parameter types of an untyped lambda, from the delegate type it is assigned to (`Func<int, Task<int>> f = async x => ...`). */
function delegateParameterTypes(body: MethodBody, ctx: EstimateContext): (string | null)[] {
  const none = body.parameters.map(() => null);
  if (body.kind !== 'lambda' || body.parameters.every((p) => p.typeText)) return none;
  const target = /^<lambda in (.+)>$/.exec(body.name)?.[1];
  if (!target) return none;
  let delegateType: string | null = null;
  const parent = body.parentId ? bodiesById(ctx.model.bodies).get(body.parentId) : undefined;
  const local = parent?.locals.find((l) => l.name === target);
  if (local?.typeText) delegateType = local.typeText;
  if (!delegateType && body.containingType && ctx.index) {
    const owner = enclosingTypes(ctx.model.types, body.span).find((t) => t.name === body.containingType);
    delegateType = owner?.members.find((m) => m.name === target && (m.kind === 'field' || m.kind === 'property'))?.typeText ?? null;
  }
  const parsed = delegateType ? parseType(delegateType) : null;
  if (!parsed || (parsed.name !== 'Func' && parsed.name !== 'Action')) return none;
  const args = splitTopLevel(delegateType!.slice(delegateType!.indexOf('<') + 1, delegateType!.lastIndexOf('>')));
  const inputs = parsed.name === 'Func' ? args.slice(0, -1) : args;
  return body.parameters.map((_, i) => inputs[i] ?? null);
}

/** Bytes of a Task<T> holding a result of this shape (cost-model.md section 2); rules use it for their notes. */
export function taskOfTBytes(resultShape: TypeShape): number {
  return taskLayout(resultShape).bytes;
}

/**
 * A Task<T>'s layout by the four things autoLayout reads of its one result field. ASY010, ASY011 and ASY012 put a Task<T>'s
 * size in every note, and laying the task out again for each (arrays, closures and a sort of one field) was about 1 %
 * of a check's CPU on the generated corpus; there are a handful of distinct results in any workspace.
 */
const taskLayouts = new Map<string, { endOffset: number; bytes: number }>();

function taskLayout(resultShape: TypeShape): { endOffset: number; bytes: number } {
  const key = `${resultShape.category}|${resultShape.size}|${resultShape.alignment}|${resultShape.holdsReferences === true}`;
  const known = taskLayouts.get(key);
  if (known) return known;
  const laid = autoLayout([{ shape: resultShape }], false, TASK_FIELD_BYTES);
  const layout = { endOffset: laid.endOffset, bytes: objectBytes(laid.endOffset) };
  taskLayouts.set(key, layout);
  return layout;
}

/** AsyncStateMachineBox<TResult, TSM>: a Task<TResult> with the state machine (a struct copy, or a reference to a class) after it. */
function boxBytes(resultShape: TypeShape, stateMachine: StateMachineLayout, traits: RuntimeTraits): number {
  const task = taskLayout(resultShape);
  const fields: { shape: FieldShape }[] = [{
    shape: stateMachine.kind === 'struct' ? { size: stateMachine.size, alignment: 8, category: 'valueType', holdsReferences: true } : { size: 8, alignment: 8, category: 'reference' },
  }];
  if (traits.boxHasOwnActionAndContext) for (const f of BOX_EXTRA_FIELDS_BEFORE_NET8) fields.push({ shape: fieldShape(f.type) });
  return objectBytes(autoLayout(fields, false, task.endOffset).endOffset);
}

function computeCost(session: Session, written: MethodBody, ctx: EstimateContext, options: EstimateOptions): MethodCost {
  checkBudget();
  const traits = traitsOf(options.runtime);
  const build: BuildConfiguration = options.build ?? 'release';
  const api = costApiFor(ctx.model, ctx.file, ctx.index, layoutFrameworkOf(options.runtime));
  // An untyped lambda takes its return type and parameter types from the delegate it converts to.
  const target = lambdaTargetOf(written, ctx.model.bodies, ctx.index, api);
  const body: MethodBody = target?.returnTypeText
    ? { ...written, returnTypeText: target.returnTypeText, returnKind: classifyReturnType(target.returnTypeText, true).kind, resultTypeText: target.resultTypeText }
    : written;
  const typeParameters = typeParametersInScope(body, ctx);
  const referenceTypeParameters = referenceTypeParametersInScope(body, ctx, typeParameters);
  const scope: TypeScope = {
    index: ctx.index, typeParameters, api,
    ...(referenceTypeParameters.size ? { referenceTypeParameters } : {}),
    ...(options.typeArguments ? { typeArguments: options.typeArguments } : {}),
  };
  const memo = scope.typeParameters.size === 0 ? shapeMemoFor(session, ctx, api, options.runtime) : new Map<string, TypeShape>();
  const shape = (t: string) => shapeOfTypeText(t, scope, memo);
  const typing: TypingContext = { body, bodies: ctx.model.bodies, index: ctx.index, api };
  const ops = awaitedOperationsOf({ file: ctx.file, body, bodies: ctx.model.bodies, index: ctx.index, completion: ctx.completion, scope, memo });
  const hoisted = hoistedValuesOf({ body, bodies: ctx.model.bodies, typing, scope, memo, build, parameterTypes: target ? target.parameterTypes : delegateParameterTypes(body, ctx) }, ops);
  const builder = builderOf(body, options.typeArguments);
  const iterator = builder.kind === 'AsyncIterator';
  const builderShape = shape(builder.typeText);
  const compilerLayout = stateMachineLayout({
    body, builder: { typeText: builder.typeText, shape: builderShape, source: builder.source }, hoisted, ops, build, scope, memo,
    iteratorElement: iterator ? canonicalType(body.resultTypeText ?? 'object') : null,
    enumerable: body.returnKind === 'IAsyncEnumerable',
  });
  // Today's compiler (SDK 10.0.401) also turns [AsyncMethodBuilder(PoolingAsyncValueTaskMethodBuilder)] methods into
  // runtime-async ones, which loses their pooling (measured: PoolingValueTask_AwaitTask 176 B under Runtime Async).
  const runtimeAsync = traits.runtimeAsync && RUNTIME_ASYNC_BUILDERS.includes(builder.kind);
  const resultShape = shape(builder.boxResultType);
  const estimateReasons: string[] = [];
  const notes: string[] = [];
  if (!traits.calibrated && !traits.runtimeAsync) estimateReasons.push(`${options.runtime} is derived from the runtime's field layouts; the calibration corpus measured .NET 8, 9 and 10 only`);
  if (build === 'debug') estimateReasons.push('Debug builds are derived from the compiler rules, not measured');
  if (target?.returnTypeText && target.resultTypeText === null && (body.returnKind === 'TaskOfT' || body.returnKind === 'ValueTaskOfT')) {
    estimateReasons.push(`the lambda converts to a delegate returning ${body.returnKind === 'TaskOfT' ? 'Task<T>' : 'ValueTask<T>'} (${target.source}), but T is not visible: an 8-byte reference is assumed`);
  }
  if (body.returnKind === 'Unknown' && builder.kind !== 'unknown') {
    estimateReasons.push(`the lambda's delegate type is not visible: it is taken to return a ${builder.kind === 'Task' ? 'Task' : 'Task<T>'} (an async void lambda, for an Action, would use a 16 B builder)`);
  }
  if (builder.kind === 'unknown') estimateReasons.push(`${body.returnTypeText ?? 'this return type'} uses a builder the model cannot see: its size is assumed to be 8 B`);

  const callees = calleeCosts(session, body, ops, ctx, options, runtimeAsync);
  // An awaited workspace method that never completes synchronously makes its await always suspend.
  for (const c of callees) {
    const op = ops.find((o) => o.pointIndex === c.pointIndex && o.role === 'await');
    if (op && c.syncBytes === null && op.workspaceCallee) op.completion = 'suspends';
  }
  const constantOf: ConstantResolver = (text) => constantLiteralOf(text, { index: ctx.index, containingType: body.containingType });
  const paths = runtimeAsync
    ? runtimeAsyncPaths(body, ops, hoisted, resultShape, builder, traits, shape, constantOf, usesThis(body, ctx.index))
    : compilerPaths(body, ops, compilerLayout, resultShape, builder, traits, build, constantOf);
  if (runtimeAsync) estimateReasons.push('Runtime Async suspension costs are not yet measured (cost-model.md section 7, U)');
  const layout = runtimeAsync ? paths.layout! : compilerLayout;

  const verdict = ctx.completion?.get(verdictKey(ctx.file, body.id));
  const maySuspendLocal = body.awaits.filter((_, i) => ops.some((op) => op.pointIndex === i && op.completion !== 'completes')).length;
  const likelySync = verdict ? verdict.likelySync : maySuspendLocal === 0;
  const likelySyncReason = verdict ? verdict.reason : body.awaits.length === 0 ? 'it has no await, so it always completes synchronously' : maySuspendLocal === 0 ? 'every await is of an already completed task' : 'some await may suspend';
  const assumptions = [...new Set([
    ...layout.assumptions,
    ...ops.map((op) => op.assumption).filter((a): a is string => !!a),
    ...hoisted.map((h) => h.assumption).filter((a): a is string => !!a),
    ...resultShape.assumptions,
  ])];
  if (assumptions.length) estimateReasons.push('some types had to be assumed (see the assumptions)');
  if (traits.profile === 'net10' || traits.profile === 'net11-runtime-async') {
    if (body.kind === 'lambda' || body.kind === 'anonymousMethod') notes.push('On .NET 10 the JIT may stack-allocate a delegate that does not escape the method that creates it; the delegate bytes count it as allocated.');
  }
  if (builder.kind === 'PoolingValueTask' || builder.kind === 'PoolingValueTaskOfT') notes.push('PoolingAsyncValueTaskMethodBuilder rents its box from a per-core pool: a suspension costs nothing once the pool is warm, a pool miss allocates the box.');

  const scopeKey = `${[...scope.typeParameters].sort().join(',')}|${options.typeArguments ? Object.entries(options.typeArguments).map(([p, a]) => `${p}=${a}`).join(',') : ''}`;
  const allocations = [...allocationsIn(session, body, ctx, traits, shape, scopeKey)];
  const allocated = allocations.reduce((sum, a) => sum + a.bytes, 0);
  const syncWithCallees = calleeSyncBytes(paths.syncBytes, paths.sync, ops, callees);
  const withCallees = {
    syncBytes: syncWithCallees === null ? null : syncWithCallees + allocated,
    suspendBytes: paths.suspendBytes === null ? null : paths.suspendBytes + calleeSuspendBytes(ops, callees) + allocated,
  };
  const awaits = awaitCosts(ops, layout, paths.suspendBytes, paths.actionBytes, runtimeAsync, builder.kind);
  const generic = genericCost(session, body, ctx, options);

  return {
    file: ctx.file,
    bodyId: body.id,
    name: body.name,
    qualifiedName: body.containingType ? `${body.containingType}.${body.name}` : body.name,
    kind: body.kind,
    span: body.span,
    nameSpan: body.nameSpan,
    returnKind: body.returnKind,
    resultType: builder.resultType,
    runtime: options.runtime,
    build,
    machinery: runtimeAsync ? 'runtime-async' : 'compiler',
    builder: runtimeAsync ? null : { typeText: builder.typeText, bytes: builderShape.size },
    layout,
    stateMachineBytes: layout.size,
    syncBytes: paths.syncBytes,
    syncBytesIfCached: paths.syncBytesIfCached,
    cachedValues: paths.cachedValues,
    syncExplanation: paths.syncExplanation,
    suspendBytes: paths.suspendBytes,
    suspendBreakdown: paths.suspendBreakdown,
    suspendExplanation: paths.suspendExplanation,
    callees: callees.map(({ pointIndex: _p, ...c }) => c),
    withCallees,
    creation: creationCost(session, body, ctx, traits, shape, scopeKey),
    allocations,
    generic,
    awaitCount: body.awaits.length,
    maySuspend: verdict ? verdict.maySuspend : maySuspendLocal,
    likelySync,
    likelySyncReason,
    awaits,
    estimate: estimateReasons.length > 0,
    estimateReasons,
    assumptions,
    notes,
  };
}

/** The two paths' costs as a profile computes them, before they join the rest of a MethodCost. */
type Paths = Pick<MethodCost, 'syncBytes' | 'syncBytesIfCached' | 'cachedValues' | 'syncExplanation' | 'suspendBytes' | 'suspendBreakdown' | 'suspendExplanation'> & {
  actionBytes: number;
  layout?: StateMachineLayout;
  sync: SyncPath;
};

/**
 * The synchronous path: every await completes at once. An await that always suspends (Task.Yield, a callee that
 * always suspends) and runs on every path that reaches it ends that path, so only the returns before the first such
 * await (an early `if (cached) return x;`) can complete the call synchronously; without such a return there is no
 * synchronous path at all.
 */
interface SyncPath {
  exists: boolean;
  /** The returns that can complete the call synchronously. */
  returns: ReturnSite[];
  /** The first await that always suspends on every path reaching it, when there is one. */
  blockedAt: AwaitedOperation | null;
}

function syncPathOf(body: MethodBody, ops: readonly AwaitedOperation[]): SyncPath {
  const blocking = ops
    .filter((op) => op.completion === 'suspends' && !op.point.regions.some((r) => r.kind === 'conditional' || r.kind === 'switch' || r.kind === 'catch'))
    .sort((a, b) => a.point.span.start - b.point.span.start);
  const blockedAt = blocking[0] ?? null;
  if (!blockedAt) return { exists: true, returns: body.returns, blockedAt: null };
  const returns = body.returns.filter((r) => r.span.end <= blockedAt.point.span.start);
  return { exists: returns.length > 0, returns, blockedAt };
}

function canSuspend(ops: readonly AwaitedOperation[]): boolean {
  return ops.some((op) => op.completion !== 'completes');
}

/** The result part of the synchronous path, shared by both machineries. */
function syncResult(body: MethodBody, builder: BuilderChoice, resultShape: TypeShape, traits: RuntimeTraits, sync: SyncPath, constantOf: ConstantResolver) {
  if (builder.kind !== 'TaskOfT' || !builder.resultType) {
    const why = builder.kind === 'Task' ? 'an async Task that completes synchronously returns the cached completed Task'
      : builder.kind === 'ValueTask' || builder.kind === 'ValueTaskOfT' ? 'a ValueTask that completes synchronously carries its result inline'
        : builder.kind === 'PoolingValueTask' || builder.kind === 'PoolingValueTaskOfT' ? 'a ValueTask that completes synchronously carries its result inline'
          : builder.kind === 'void' ? 'async void has no task to return' : builder.kind === 'AsyncIterator' ? 'the iterator object is all it allocates' : 'the custom builder is not known';
    return { bytes: 0, bytesIfCached: null, cachedValues: null, explanation: why };
  }
  return syncResultCost(body, builder.resultType, resultShape, taskLayout(resultShape).bytes, traits.taskCache, constantOf, sync.returns);
}

/** Why there is no synchronous path, in words. */
function noSyncPath(sync: SyncPath): string {
  const at = sync.blockedAt ? `await ${sync.blockedAt.point.operand.text}` : 'some await';
  return `it always suspends: ${at} never completes synchronously and no return comes before it`;
}

function compilerPaths(body: MethodBody, ops: readonly AwaitedOperation[], layout: StateMachineLayout, resultShape: TypeShape, builder: BuilderChoice, traits: RuntimeTraits, build: BuildConfiguration, constantOf: ConstantResolver): Paths {
  const classMachine = layout.kind === 'class';
  const sync = syncPathOf(body, ops);
  const result = syncResult(body, builder, resultShape, traits, sync, constantOf);
  const machineBytes = classMachine ? layout.size : 0;
  const machineWhat = builder.kind === 'AsyncIterator' ? `the ${layout.size} B iterator object (a class state machine)` : `the ${layout.size} B class state machine (Debug build)`;
  const syncExists = sync.exists;
  const syncParts = [machineBytes ? `${machineWhat}` : null, result.bytes ? result.explanation : null].filter(Boolean);
  const syncBytes = syncExists ? machineBytes + result.bytes : null;
  const syncExplanation = !syncExists ? noSyncPath(sync)
    : syncParts.length ? `${syncBytes} B: ${syncParts.join(' + ')}` : `0 B: ${result.explanation}`;

  const box = boxBytes(resultShape, layout, traits);
  const pooling = builder.kind === 'PoolingValueTask' || builder.kind === 'PoolingValueTaskOfT';
  const needsAction = ops.some((op) => !op.awaiter.boxAware && op.completion !== 'completes');
  const actionBytes = needsAction ? DELEGATE_BYTES : 0;
  const breakdown: { what: string; bytes: number }[] = [];
  if (machineBytes) breakdown.push({ what: machineWhat, bytes: machineBytes });
  if (pooling) breakdown.push({ what: `the ${box} B box comes from the builder's pool (0 B once the pool is warm)`, bytes: 0 });
  else breakdown.push({ what: `the ${box} B AsyncStateMachineBox: a Task<${builder.boxResultType}> (${taskLayout(resultShape).bytes} B) holding the ${classMachine ? 'state machine reference' : `${layout.size} B state machine`}${traits.boxHasOwnActionAndContext ? ' and its own Action and ExecutionContext references' : ''}`, bytes: box });
  if (needsAction) breakdown.push({ what: `the MoveNext Action (${DELEGATE_BYTES} B) a custom awaiter needs (${CUSTOM_AWAITER_SOURCE})`, bytes: actionBytes });
  const suspendBytes = canSuspend(ops) ? breakdown.reduce((s, b) => s + b.bytes, 0) : null;
  const suspendExplanation = suspendBytes === null ? (ops.length ? 'it cannot suspend: every await is of an already completed task' : 'it has no await, so it never suspends')
    : `${suspendBytes} B once per call, whatever the number of suspensions: ${breakdown.map((b) => b.what).join(' + ')}`;
  void build;
  return { syncBytes, syncBytesIfCached: syncExists && result.bytesIfCached !== null ? machineBytes + result.bytesIfCached : null, cachedValues: result.cachedValues, syncExplanation, suspendBytes, suspendBreakdown: suspendBytes === null ? [] : breakdown, suspendExplanation, actionBytes, sync };
}

function runtimeAsyncPaths(body: MethodBody, ops: readonly AwaitedOperation[], hoisted: readonly HoistedValue[], resultShape: TypeShape, builder: BuilderChoice, traits: RuntimeTraits, shape: (t: string) => TypeShape, constantOf: ConstantResolver, thisUsed: boolean): Paths {
  const layout = continuationLayout(body, ops, hoisted, (t) => shape(t).size, (op) => !!op.workspaceCallee && isRuntimeAsyncBody(op.workspaceCallee.body, traits), thisUsed);
  const sync = syncPathOf(body, ops);
  const result = syncResult(body, builder, resultShape, traits, sync, constantOf);
  const syncExists = sync.exists;
  const task = taskLayout(resultShape).bytes;
  const breakdown = [
    { what: `the ${layout.size} B Continuation of this frame (U)`, bytes: layout.size },
    { what: `the RuntimeAsyncTask<${builder.boxResultType}> returned to a non-async caller (${task} B, U)`, bytes: task },
    { what: `its completion Action (${DELEGATE_BYTES} B, U)`, bytes: DELEGATE_BYTES },
  ];
  const suspendBytes = canSuspend(ops) ? breakdown.reduce((s, b) => s + b.bytes, 0) : null;
  return {
    syncBytes: syncExists ? result.bytes : null,
    syncBytesIfCached: syncExists ? result.bytesIfCached : null,
    cachedValues: result.cachedValues,
    syncExplanation: syncExists ? `${result.bytes} B through the Task-returning entry (${result.explanation}); 0 B when a Runtime Async caller awaits it directly` : noSyncPath(sync),
    suspendBytes,
    suspendBreakdown: suspendBytes === null ? [] : breakdown,
    suspendExplanation: suspendBytes === null ? 'it cannot suspend' : `${suspendBytes} B when called from non-async code: ${breakdown.map((b) => b.what).join(' + ')}; a Runtime Async caller pays only the ${layout.size} B continuation`,
    actionBytes: 0,
    layout,
    sync,
  };
}

type CalleeEntry = CalleeCost & { pointIndex: number };

function calleeCosts(session: Session, body: MethodBody, ops: readonly AwaitedOperation[], ctx: EstimateContext, options: EstimateOptions, runtimeAsync: boolean): CalleeEntry[] {
  const out: CalleeEntry[] = [];
  for (const op of ops) {
    if (op.calleeAllocation?.applies) {
      out.push({ pointIndex: op.pointIndex, what: op.calleeAllocation.what, syncBytes: op.calleeAllocation.suspendsUnless ? null : op.calleeAllocation.bytes, suspendBytes: op.calleeAllocation.bytes, source: op.calleeAllocation.source });
    } else if (op.workspaceCallee && ctx.index) {
      const model = ctx.index.files.get(op.workspaceCallee.file);
      if (!model) continue;
      const calleeCtx: EstimateContext = { file: op.workspaceCallee.file, model, index: ctx.index, completion: ctx.completion };
      // A generic callee is estimated for the instantiation this call uses, when the call shows it.
      const call = body.calls.find((c) => c.name === op.point.operand.callee?.name && c.span.start >= op.point.span.start && c.span.end <= op.point.span.end);
      const typeArguments = call ? callTypeArguments(call, body, ctx.model, op.workspaceCallee.body, model.types, ctx.index, options.typeArguments) : null;
      const calleeOptions: EstimateOptions = { runtime: options.runtime, ...(options.build ? { build: options.build } : {}), ...(typeArguments ? { typeArguments } : {}) };
      const key = costKey(op.workspaceCallee.file, op.workspaceCallee.body, calleeOptions);
      if (session.costs.get(key) === 'pending') continue;
      const cost = estimateIn(session, op.workspaceCallee.body, calleeCtx, calleeOptions);
      // Under Runtime Async an awaited runtime-async callee is a frame of the caller's chain, not a task: completing
      // synchronously it allocates nothing of its own (no Task<T>), and suspending it adds its continuation and those
      // of the callees below it, while the task and its Action belong to the outermost frame.
      const frame = runtimeAsync && cost.machinery === 'runtime-async';
      const sync = frame && cost.withCallees.syncBytes !== null && cost.syncBytes !== null ? cost.withCallees.syncBytes - cost.syncBytes : cost.withCallees.syncBytes;
      const suspend = frame && cost.withCallees.suspendBytes !== null && cost.suspendBytes !== null ? cost.withCallees.suspendBytes - (cost.suspendBytes - cost.stateMachineBytes) : cost.withCallees.suspendBytes;
      out.push({ pointIndex: op.pointIndex, what: `${cost.qualifiedName} (awaited workspace method${frame ? ', a frame of this runtime-async chain' : ''})`, syncBytes: sync, suspendBytes: suspend ?? sync, source: `${op.workspaceCallee.file}` });
    }
  }
  return out;
}

/** The synchronous path with what its awaited callees allocate: only the awaits before an always-suspending one run on it. */
function calleeSyncBytes(own: number | null, sync: SyncPath, ops: readonly AwaitedOperation[], callees: readonly CalleeEntry[]): number | null {
  if (own === null) return null;
  const reached = (c: CalleeEntry) => !sync.blockedAt || (ops.find((op) => op.pointIndex === c.pointIndex)?.point.span.start ?? 0) < sync.blockedAt.point.span.start;
  const onPath = callees.filter(reached);
  return onPath.some((c) => c.syncBytes === null) ? null : own + onPath.reduce((sum, c) => sum + (c.syncBytes ?? 0), 0);
}

/** On the suspension path the first awaited callee that may suspend pays its suspension; the others are assumed to complete. */
function calleeSuspendBytes(ops: readonly AwaitedOperation[], callees: readonly CalleeEntry[]): number {
  const first = ops.find((op) => op.completion !== 'completes')?.pointIndex;
  return callees.reduce((sum, c) => sum + ((c.pointIndex === first ? c.suspendBytes : c.syncBytes ?? c.suspendBytes) ?? 0), 0);
}

function awaitCosts(ops: readonly AwaitedOperation[], layout: StateMachineLayout, suspendBytes: number | null, actionBytes: number, runtimeAsync: boolean, builderKind: string): AwaitCost[] {
  return ops.map((op) => {
    const field = layout.fields.find((f) => f.role === 'awaiter' && f.typeText === op.awaiter.typeText);
    const awaiterBytes = op.awaiter.shape.size;
    const label = op.role === 'await' ? `await ${op.point.operand.text}` : op.role === 'moveNext' ? 'the MoveNextAsync of this await foreach' : 'the DisposeAsync of this await using/foreach';
    let explanation: string;
    let bytesIfFirst: number | null = null;
    if (op.completion === 'completes') {
      explanation = `${label} never suspends (${op.how}): it costs only its ${awaiterBytes} B ${op.awaiter.typeText} field in the state machine.`;
    } else {
      bytesIfFirst = suspendBytes;
      const why = runtimeAsync ? 'a Runtime Async continuation for this frame (U)'
        : builderKind.startsWith('Pooling') ? 'a state machine box from the builder\'s pool (0 B when the pool is warm)'
          : `the box that holds the state machine${!op.awaiter.boxAware ? ` plus the ${actionBytes} B MoveNext Action its ${op.awaiter.typeText} needs` : ''}`;
      explanation = `${label} may cost ${suspendBytes ?? 0} B if it is the first await to suspend: ${why}. Later suspensions of the same call reuse it.${op.completion === 'suspends' ? ' It always suspends.' : ''}`;
    }
    return {
      span: op.point.span, keywordSpan: op.point.keywordSpan, operandText: op.point.operand.text, role: op.role,
      awaitableType: op.awaitableType, awaiterType: op.awaiter.typeText, awaiterField: field?.name ?? '', awaiterBytes,
      completion: op.completion, bytesIfFirstSuspension: bytesIfFirst, explanation, assumption: op.assumption,
    };
  });
}

/**
 * Generic code: the open definition lists what each instantiation the workspace uses costs, and what any T of a given
 * size would; an instantiation's own estimate only says which one it is.
 */
function genericCost(session: Session, body: MethodBody, ctx: EstimateContext, options: EstimateOptions): GenericCost | null {
  // The memoised scope holds openTypeParameters' names in its order (the body's, its enclosing bodies' outwards, then its
  // types'), without walking the chain of bodies again for each body of a deep nesting.
  const typeParameters = [...typeParametersInScope(body, ctx)];
  if (typeParameters.length === 0) return null;
  if (options.typeArguments) return { typeParameters, typeArguments: { ...options.typeArguments }, instantiations: [], bySize: [] };
  const instantiate = (typeArguments: TypeArguments): InstantiationCost => {
    const c = estimateIn(session, body, ctx, { ...options, typeArguments });
    return { typeArguments, stateMachineBytes: c.stateMachineBytes, syncBytes: c.syncBytes, syncBytesIfCached: c.syncBytesIfCached, suspendBytes: c.suspendBytes, withCallees: c.withCallees };
  };
  const used = ctx.index ? instantiationsOf(body, ctx.file, ctx.index).filter((a) => typeParameters.every((p) => a[p] !== undefined)) : [];
  return {
    typeParameters,
    typeArguments: null,
    instantiations: used.map(instantiate),
    bySize: REPRESENTATIVE_TYPE_ARGUMENTS.map((r) => ({ label: r.label, ...instantiate(Object.fromEntries(typeParameters.map((p) => [p, r.typeText]))) })),
  };
}

/** Whether this body runs as a runtime-async method on the profile (Task-like returns only; see computeCost). */
function isRuntimeAsyncBody(body: MethodBody, traits: RuntimeTraits): boolean {
  return traits.runtimeAsync && body.isAsync && RUNTIME_ASYNC_BUILDERS.includes(builderOf(body).kind);
}

/** The closures and delegates `body` allocates per call on this profile. */
function allocationsIn(session: Session, body: MethodBody, ctx: EstimateContext, traits: RuntimeTraits, shape: (t: string) => TypeShape, scopeKey: string): BodyAllocation[] {
  const key = `${ctx.file}#${body.id}#${traits.profile}#${scopeKey}`;
  const known = session.allocations.get(key);
  if (known) return known;
  const computed = bodyAllocationsOf({
    body, bodies: ctx.model.bodies, index: ctx.index, shape, api: costApiFor(ctx.model, ctx.file, ctx.index, layoutFrameworkOf(traits.profile)),
    delegateBytes: traits.profile === 'net11-runtime-async' ? DELEGATE_BYTES_NET11 : DELEGATE_BYTES,
    // .NET 10's escape analysis; under Runtime Async only a method the runtime does not compile as async keeps it.
    stackAllocatesDelegates: traits.profile === 'net10' || (traits.profile === 'net11-runtime-async' && !isRuntimeAsyncBody(body, traits)),
  });
  session.allocations.set(key, computed);
  return computed;
}

/** What creating a lambda or local function costs its enclosing method: a closure for captured variables, a delegate. */
function creationCost(session: Session, body: MethodBody, ctx: EstimateContext, traits: RuntimeTraits, shape: (t: string) => TypeShape, scopeKey: string): MethodCost['creation'] {
  if (body.kind !== 'lambda' && body.kind !== 'anonymousMethod' && body.kind !== 'localFunction') return null;
  const parent = body.parentId ? bodiesById(ctx.model.bodies).get(body.parentId) : undefined;
  // The closure belongs to the body that declares the captured variables, which may be further out than the parent.
  // Only the parent (its delegates) and a body declaring one of the captured names (its closures) can list this
  // body among what an allocation is for: the others are not asked, and a body that captures nothing does not walk
  // the chain at all, so a deep nesting costs a step per body.
  const captured = new Set(body.capturedNames);
  const owners = !parent ? [] : captured.size > 0 ? bodyChain(parent, ctx.model.bodies) : [parent];
  const declaresCaptured = (o: MethodBody) => captured.size > 0 && (o.locals.some((l) => captured.has(l.name)) || o.parameters.some((p) => captured.has(p.name)));
  const mine = owners.filter((o) => o === parent || declaresCaptured(o)).flatMap((o) => allocationsIn(session, o, ctx, traits, shape, scopeKey)).filter((a) => a.forBodies.includes(body.id));
  const closures = mine.filter((a) => a.kind === 'closure');
  const delegates = mine.filter((a) => a.kind === 'delegate' && a.forBodies.includes(body.id));
  const closureBytes = closures.reduce((s, a) => s + a.bytes, 0);
  const delegateBytes = delegates.length ? delegates[0].bytes : 0;
  const parts = [...closures.map((c) => `${c.what} (shared with the other lambdas of that scope)`), ...delegates.slice(0, 1).map((d) => d.what)];
  const explanation = parts.length ? parts.join(' + ')
    : body.kind === 'localFunction' ? (body.capturedNames.length ? 'nothing: its captured variables live in a struct closure on the stack' : 'nothing: it captures nothing and is called directly')
      : 'nothing after the first time: a lambda that captures nothing has its delegate cached in a static field';
  return { closureBytes, delegateBytes, explanation };
}

export { describeCache, cachedValuesOf };
