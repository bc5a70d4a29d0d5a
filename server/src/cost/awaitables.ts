/**
 * What each await of a body waits on and which awaiter field it needs: the awaited type (from the operand's
 * syntax, workspace declarations and the BCL tables), the awaiter struct and whether the builder must make an
 * Action for it, whether it may suspend, and what the awaited BCL operation allocates itself.
 * `await foreach` yields two awaits (MoveNextAsync, DisposeAsync) and `await using` one (DisposeAsync).
 */
import type { MethodBody, SuspensionPoint } from '../model/types';
import { methodsNamed, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { resolveCall, verdictKey, type AwaitVerdict, type CompletionAnalysis } from '../workspace/completion';
import { AWAITERS, CALLEE_ALLOCATIONS, winRtAwaitable, type AwaitableFamily, type CalleeAllocationRow } from '../knowledge/awaiters';
import { awaitResultOf, bclAsyncMethod, typeOfExpression, type TypingContext } from './expressionTypes';
import { shapeOfTypeText, type TypeScope, type TypeShape } from './typeLayout';
import { apiAwaitOfType } from '../signatures/expressions';
import { canonicalType, formatType, parseType, typeExpr } from './typeText';

export type AwaitCompletion = 'completes' | 'suspends' | 'maySuspend';

export interface AwaiterField {
  /** Canonical awaiter type: awaits of the same awaiter type share one `<>u__N` field. */
  typeText: string;
  shape: TypeShape;
  /** The builder hands the state machine box to it: no Action is allocated when it suspends. */
  boxAware: boolean;
  source: string;
}

export interface AwaitedOperation {
  point: SuspensionPoint;
  /** Index of the suspension point in body.awaits. */
  pointIndex: number;
  role: 'await' | 'moveNext' | 'dispose';
  /** Where the compiler first needs the awaiter (orders the awaiter fields); for a dispose, the end of the using or loop. */
  position: number;
  awaitableType: string;
  /** What the await produces ('void' for Task and ValueTask). */
  resultType: string | null;
  awaiter: AwaiterField;
  completion: AwaitCompletion;
  /** Why the model believes the awaited type, in words. */
  how: string;
  /** Set when the type had to be assumed. */
  assumption: string | null;
  /** What the awaited BCL operation itself allocates on each call, when the knowledge table says. */
  calleeAllocation: (CalleeAllocationRow & { applies: boolean }) | null;
  /** The workspace async method this await calls, for the callee's own bytes. */
  workspaceCallee: { file: string; body: MethodBody } | null;
}

export interface AwaitContext {
  file: string;
  body: MethodBody;
  bodies: readonly MethodBody[];
  index: WorkspaceIndex | null;
  completion?: CompletionAnalysis;
  scope: TypeScope;
  memo: Map<string, TypeShape>;
}

const FAMILY_OF: Record<string, AwaitableFamily> = {
  Task: 'Task', ValueTask: 'ValueTask', YieldAwaitable: 'Yield',
  ConfiguredTaskAwaitable: 'ConfiguredTask', ConfiguredValueTaskAwaitable: 'ConfiguredValueTask',
};

/** Every await of the body, in the order the compiler meets them. */
export function awaitedOperationsOf(ctx: AwaitContext): AwaitedOperation[] {
  const verdicts = ctx.completion?.get(verdictKey(ctx.file, ctx.body.id))?.awaits ?? null;
  const out: AwaitedOperation[] = [];
  ctx.body.awaits.forEach((point, i) => {
    const verdict = verdicts?.[i] ?? null;
    if (point.kind === 'await') out.push(plainAwait(point, i, verdict, ctx));
    else if (point.kind === 'awaitForeach') out.push(...awaitForeach(point, i, ctx));
    else out.push(awaitUsing(point, i, ctx));
  });
  return out.sort((a, b) => a.position - b.position);
}

function typing(ctx: AwaitContext): TypingContext {
  return { body: ctx.body, bodies: ctx.bodies, index: ctx.index, api: ctx.scope.api ?? null };
}

interface AwaitedType {
  type: string;
  how: string;
  assumption: string | null;
}

function plainAwait(point: SuspensionPoint, pointIndex: number, verdict: AwaitVerdict | null, ctx: AwaitContext): AwaitedOperation {
  const op = point.operand;
  const found = awaitedTypeOf(point, ctx);
  let type = found.type;
  if (op.configureAwait !== null) {
    const t = parseType(type);
    if (t && (t.name === 'Task' || t.name === 'ValueTask')) type = formatType(typeExpr(`Configured${t.name}Awaitable`, t.args));
  }
  const calleeRow = op.kind === 'run' || op.kind === 'delay' ? CALLEE_ALLOCATIONS.find((r) => r.name === (op.kind === 'run' ? 'Run' : 'Delay')) ?? null : null;
  const zeroDelay = op.kind === 'delay' && /^\(?\s*(0|TimeSpan\.Zero)\s*\)?$/.test(op.text.slice(op.text.indexOf('(')));
  return {
    point, pointIndex, role: 'await', position: point.span.start,
    awaitableType: type,
    resultType: awaitResultOf(type) ?? customResultType(type, ctx) ?? apiAwaiterOf(type, ctx)?.resultText ?? null,
    awaiter: awaiterOf(type, ctx),
    completion: completionOf(point, verdict),
    how: found.how,
    assumption: found.assumption,
    // One literal, not `{ ...calleeRow, applies }`: a spread followed by a new key gives each object its own hidden class on Node 20.
    calleeAllocation: calleeRow ? {
      receiver: calleeRow.receiver, name: calleeRow.name, bytes: calleeRow.bytes, what: calleeRow.what,
      suspendsUnless: calleeRow.suspendsUnless, source: calleeRow.source, applies: !zeroDelay,
    } : null,
    workspaceCallee: workspaceCalleeOf(point, ctx),
  };
}

function completionOf(point: SuspensionPoint, verdict: AwaitVerdict | null): AwaitCompletion {
  if (verdict) return verdict.state === 'complete' ? 'completes' : verdict.state === 'suspends' ? 'suspends' : 'maySuspend';
  const op = point.operand;
  if (op.kind === 'completedTask' || op.kind === 'fromResult') return 'completes';
  if (op.kind === 'yield') return 'suspends';
  if (op.kind === 'delay') return /^\(?\s*(0|TimeSpan\.Zero)\s*\)?$/.test(op.text.slice(op.text.indexOf('('))) ? 'completes' : 'suspends';
  return 'maySuspend';
}

/** The awaited expression's type: factories first, then declarations, then the BCL table, then the Async naming convention. */
function awaitedTypeOf(point: SuspensionPoint, ctx: AwaitContext): AwaitedType {
  const op = point.operand;
  switch (op.kind) {
    case 'yield':
      return { type: 'YieldAwaitable', how: 'Task.Yield() returns a YieldAwaitable', assumption: null };
    case 'completedTask':
      return /ValueTask/.test(op.text) ? { type: 'ValueTask', how: `${op.text} is a ValueTask`, assumption: null } : { type: 'Task', how: `${op.text} is a Task`, assumption: null };
    case 'delay':
      return { type: 'Task', how: 'Task.Delay returns a Task', assumption: null };
    case 'whenAny':
      return { type: 'Task<Task>', how: 'Task.WhenAny returns a Task<Task>', assumption: null };
    default:
      break;
  }
  const typed = typeOfExpression(op.text, typing(ctx));
  if (typed && isAwaitable(typed, ctx)) return { type: typed, how: `${op.text} is a ${typed}`, assumption: null };
  if (op.kind === 'run' || op.kind === 'whenAll') {
    return { type: 'Task', how: `Task.${op.kind === 'run' ? 'Run' : 'WhenAll'} returns a Task or Task<T>`, assumption: `Task.${op.kind === 'run' ? 'Run' : 'WhenAll'}'s result type is not visible: a Task is assumed (its TaskAwaiter is 8 B either way)` };
  }
  const callee = op.callee;
  if (callee) {
    const row = bclAsyncMethod(null, callee.name, callee.argumentCount);
    if (row) return { type: canonicalType(row.returns.replace(/<T(\??)>$/, '<object$1>')), how: `${callee.name} returns ${row.returns} (${row.source})`, assumption: row.receiver ? `${op.text}: the receiver's type is not known, so ${row.receiver}.${callee.name}'s ${row.returns} is assumed` : null };
    if (/Async$/.test(callee.name)) return { type: 'Task', how: `${callee.name} follows the Async naming convention`, assumption: `${op.text} is not declared in the workspace: a Task is assumed (TaskAwaiter, 8 B)` };
  }
  return { type: 'Task', how: `the type of ${op.text} is not visible`, assumption: `the type of ${op.text} is not visible without a compiler: a Task is assumed (TaskAwaiter, 8 B)` };
}

function isAwaitable(typeText: string, ctx: AwaitContext): boolean {
  const t = parseType(typeText);
  if (!t) return false;
  if (FAMILY_OF[t.name]) return true;
  return !!getAwaiterMember(t.name, ctx) || !!apiAwaiterOf(typeText, ctx) || !!winRtAwaitable(t.name, t.args.length);
}

/**
 * Awaiters the async method builders hand the state machine box to (they implement the runtime's internal
 * ITaskAwaiter, IConfiguredTaskAwaiter or IStateMachineBoxAwareAwaiter), so suspending on them makes no Action.
 */
const BOX_AWARE_AWAITERS = new Set([
  'TaskAwaiter', 'ConfiguredTaskAwaitable.ConfiguredTaskAwaiter', 'ValueTaskAwaiter', 'ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter', 'YieldAwaitable.YieldAwaiter',
]);

/** An awaitable the signature database knows (gRPC's AsyncUnaryCall<T>): its GetAwaiter's type and GetResult's. */
function apiAwaiterOf(awaitableType: string, ctx: AwaitContext): { awaiterText: string; resultText: string } | null {
  const api = ctx.scope.api;
  if (!api) return null;
  const info = apiAwaitOfType(api.names, awaitableType);
  return info ? { awaiterText: canonicalType(info.awaiterText), resultText: canonicalType(info.resultText) } : null;
}

function getAwaiterMember(typeName: string, ctx: AwaitContext) {
  if (!ctx.index) return null;
  for (const ref of typesNamed(ctx.index, typeName)) {
    const m = ref.type.members.find((x) => x.kind === 'method' && x.name === 'GetAwaiter' && x.parameterTypes.length === 0);
    if (m) return m;
  }
  return null;
}

/** The awaiter of an awaitable type: the BCL table for tasks, GetAwaiter's return type for a workspace awaitable. */
function awaiterOf(awaitableType: string, ctx: AwaitContext): AwaiterField {
  const t = parseType(awaitableType);
  const family = t ? FAMILY_OF[t.name] : undefined;
  if (t && family) {
    const generic = t.args.length === 1 && family !== 'Yield';
    const row = AWAITERS.find((r) => r.family === (generic ? `${family}OfT` : family))!;
    // `T?` on a reference type is an annotation, not a type: Task<X?> and Task<X> share one awaiter field.
    const argument = generic ? t.args[0] : null;
    const argumentText = argument ? formatType(argument.nullable && shapeOfTypeText(formatType({ ...argument, nullable: false }), ctx.scope, ctx.memo).kind === 'reference' ? { ...argument, nullable: false } : argument) : null;
    const typeText = argumentText ? row.awaiterType.replace(/<T>$/, `<${argumentText}>`) : row.awaiterType;
    return { typeText, shape: shapeOfTypeText(typeText, ctx.scope, ctx.memo), boxAware: row.boxAware, source: row.source };
  }
  const winRt = t ? winRtAwaitable(t.name, t.args.length) : null;
  if (t && winRt) {
    const row = AWAITERS.find((r) => r.family === winRt.family)!;
    const typeText = winRt.resultArgument === null ? row.awaiterType : row.awaiterType.replace(/<T>$/, `<${formatType(t.args[winRt.resultArgument]!)}>`);
    return { typeText, shape: shapeOfTypeText(typeText, ctx.scope, ctx.memo), boxAware: row.boxAware, source: winRt.source };
  }
  const getAwaiter = t ? getAwaiterMember(t.name, ctx) : null;
  if (getAwaiter?.typeText) {
    const typeText = canonicalType(getAwaiter.typeText);
    return {
      typeText, shape: shapeOfTypeText(typeText, ctx.scope, ctx.memo), boxAware: false,
      source: `${t!.name}.GetAwaiter() returns ${typeText}, an awaiter the builder does not know: it gets the box's MoveNext Action`,
    };
  }
  const fromApi = apiAwaiterOf(awaitableType, ctx);
  if (fromApi) {
    const awaiterName = parseType(fromApi.awaiterText)?.name ?? fromApi.awaiterText;
    const boxAware = BOX_AWARE_AWAITERS.has(awaiterName);
    return {
      typeText: fromApi.awaiterText, shape: shapeOfTypeText(fromApi.awaiterText, ctx.scope, ctx.memo), boxAware,
      source: `${t?.name ?? awaitableType}.GetAwaiter() returns ${fromApi.awaiterText} (API signatures)${boxAware ? ', which the builder hands the box to' : ', an awaiter the builder does not know: it gets the box\'s MoveNext Action'}`,
    };
  }
  const fallback = AWAITERS.find((r) => r.family === 'Task')!;
  return { typeText: fallback.awaiterType, shape: shapeOfTypeText(fallback.awaiterType, ctx.scope, ctx.memo), boxAware: true, source: fallback.source };
}

function customResultType(awaitableType: string, ctx: AwaitContext): string | null {
  const t = parseType(awaitableType);
  const getAwaiter = t ? getAwaiterMember(t.name, ctx) : null;
  if (!getAwaiter?.typeText || !ctx.index) return null;
  const awaiterName = parseType(getAwaiter.typeText)?.name;
  if (!awaiterName) return null;
  for (const ref of typesNamed(ctx.index, awaiterName)) {
    const m = ref.type.members.find((x) => x.kind === 'method' && x.name === 'GetResult');
    if (m?.typeText) return canonicalType(m.typeText);
  }
  return null;
}

function workspaceCalleeOf(point: SuspensionPoint, ctx: AwaitContext): { file: string; body: MethodBody } | null {
  const callee = point.operand.callee;
  if (point.operand.kind !== 'call' || !callee || !ctx.index) return null;
  const resolved = resolveCall(callee.name, callee.receiver, callee.argumentCount, { file: ctx.file, body: ctx.body }, ctx.index, callee.typeArgumentCount);
  const withBody = resolved.filter((m) => m.body && m.body.isAsync);
  return withBody.length === 1 ? { file: withBody[0].file, body: withBody[0].body! } : null;
}

// ---- await foreach and await using ----

function awaitForeach(point: SuspensionPoint, pointIndex: number, ctx: AwaitContext): AwaitedOperation[] {
  const configured = /\.(ConfigureAwait|WithCancellation)\s*\(/.test(point.operand.text);
  const moveNext = configured ? 'ConfiguredValueTaskAwaitable<bool>' : 'ValueTask<bool>';
  const dispose = configured ? 'ConfiguredValueTaskAwaitable' : 'ValueTask';
  const base = { point, pointIndex, completion: 'maySuspend' as const, assumption: null, calleeAllocation: null, workspaceCallee: null };
  return [
    { ...base, role: 'moveNext', position: point.span.end - 0.5, awaitableType: moveNext, resultType: 'bool', awaiter: awaiterOf(moveNext, ctx), how: 'IAsyncEnumerator<T>.MoveNextAsync returns a ValueTask<bool>' },
    { ...base, role: 'dispose', position: point.span.end, awaitableType: dispose, resultType: 'void', awaiter: awaiterOf(dispose, ctx), how: 'IAsyncDisposable.DisposeAsync returns a ValueTask' },
  ];
}

function awaitUsing(point: SuspensionPoint, pointIndex: number, ctx: AwaitContext): AwaitedOperation {
  const resource = ctx.body.usings.find((u) => u.isAwaitUsing && u.span.start === point.span.start) ?? null;
  // `await using var x` disposes at the end of the enclosing block; `await using (...) { }` at the end of the statement.
  const local = resource?.isDeclaration && resource.variableName ? ctx.body.locals.find((l) => l.name === resource.variableName && l.kind === 'using' && l.span.start >= point.span.start) : undefined;
  const position = local ? local.scope.end : point.span.end;
  const configured = /\.ConfigureAwait\s*\(/.test(point.operand.text);
  let type = 'ValueTask';
  let how = 'IAsyncDisposable.DisposeAsync returns a ValueTask';
  const resourceType = resource?.typeText ?? (resource ? typeOfExpression(resource.resourceText, typing(ctx)) : null);
  const declaredDispose = resourceType && ctx.index ? methodsNamed(ctx.index, 'DisposeAsync', parseType(resourceType)?.name ?? resourceType).find((m) => m.member?.typeText) : undefined;
  if (declaredDispose?.member?.typeText) {
    type = canonicalType(declaredDispose.member.typeText);
    how = `${declaredDispose.typeName}.DisposeAsync returns ${type}`;
  }
  if (configured) type = 'ConfiguredValueTaskAwaitable';
  return {
    point, pointIndex, role: 'dispose', position, awaitableType: type, resultType: 'void', awaiter: awaiterOf(type, ctx),
    completion: 'maySuspend', how, assumption: null, calleeAllocation: null, workspaceCallee: null,
  };
}
