/**
 * The delegate type an async lambda converts to, which decides its builder (Task, Task<T>, ValueTask<T>, async
 * void) and its parameters' types: the parameter of the method it is passed to (`policy.ExecuteAsync(async ct =>
 * ...)`, `Task.Run(async () => ...)`), from the workspace's declarations or the API signatures, or the type of the
 * variable, field or property it is assigned to. Overloads are narrowed the way C# narrows them for a lambda: the
 * delegate must take as many parameters, and return a value exactly when the lambda's body does.
 */
import type { MethodBody } from '../model/types';
import { classifyReturnType } from '../model/returnKind';
import { methodsNamed, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { apiLambdaTargetsOf, apiDelegateShapeOf, bestByArguments, declaringTypeBindings, delegateInvokeResult, inferredTypeArguments, reachesDeclaringType, typeOfExpression, workspaceSupertypes, type TypingContext } from './expressionTypes';
import { isStatementExpression } from '../signatures/expressions';
import { canonicalType, formatType, parseType } from './typeText';
import { substituteNames } from '../model/syntax';
import type { CostApi } from './apiTypes';
import { WINRT_TASK_FACTORIES } from '../knowledge/awaiters';

export interface LambdaTarget {
  /** The delegate's return type as the lambda sees it (`Task<int>`, `ValueTask`, `void`); null when the candidates disagree. */
  returnTypeText: string | null;
  /** For Task<T>/ValueTask<T>: T, from the delegate or the lambda's own return expressions; null when neither says. */
  resultTypeText: string | null;
  /** Each parameter's type when the candidates agree, else null. */
  parameterTypes: (string | null)[];
  /** Where the delegate type came from, for messages. */
  source: string;
}

interface DelegateShape {
  parameters: string[];
  returnText: string;
}

/** A type parameter the signatures could not bind (printed `T0`, `TMethod1`) or one the workspace declares generic. */
const OPEN = /\bT(?:Method)?\d+\b/;

export function lambdaTargetOf(body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null, api: CostApi | null): LambdaTarget | null {
  if (body.kind !== 'lambda' && body.kind !== 'anonymousMethod') return null;
  if (body.returnKind !== 'Unknown' && body.parameters.every((p) => p.typeText)) return null;
  const parent = body.parentId ? bodies.find((b) => b.id === body.parentId) : undefined;
  if (!parent) return null;
  const parentTyping: TypingContext = { body: parent, bodies, index, api };
  const passed = /^<lambda passed to (.+)>$/.exec(body.name)?.[1];
  const assigned = /^<lambda in (.+)>$/.exec(body.name)?.[1];
  let shapes: DelegateShape[] = [];
  let source = '';
  if (passed) {
    const call = parent.calls
      .filter((c) => c.name === passed && c.span.start <= body.span.start && body.span.end <= c.span.end)
      .sort((a, b) => b.span.start - a.span.start)[0];
    if (!call) return null;
    const argIndex = lambdaArgumentIndex(call.argumentTexts, body.span.end - body.span.start);
    if (argIndex === null) return null;
    const argumentName = /^\s*([A-Za-z_]\w*)\s*:(?!:)/.exec(call.argumentTexts[argIndex]!)?.[1] ?? null;
    shapes = workspaceTargets(call.receiver, call.name, call.typeArguments, call.argumentTexts, argIndex, argumentName, parentTyping);
    source = `the parameter of ${call.receiver ? `${call.receiver}.` : ''}${call.name} it is passed to`;
    if (!shapes.length) {
      shapes = apiLambdaTargetsOf(parentTyping, call.receiver, call.name, call.typeArguments, call.argumentTexts, argIndex);
      source = `the parameter of ${call.name} it is passed to (API signatures)`;
    }
    if (!shapes.length && call.argumentTexts.length === 1) {
      shapes = winRtFactoryTargets(call.receiver, call.name, call.typeArguments);
      if (shapes.length) source = `the parameter of ${call.receiver}.${call.name} it is passed to (${WINRT_TASK_FACTORIES[0]!.source})`;
    }
  } else if (assigned) {
    const typeText = typeOfExpression(assigned, parentTyping);
    const shape = typeText ? delegateShapeOf(typeText, parentTyping) : null;
    if (shape) shapes = [shape];
    source = `the type of ${assigned}`;
  }
  const lambdaTyping: TypingContext = { body, bodies, index, api };
  const returnsValue = lambdaReturnsValue(body, lambdaTyping);
  shapes = shapes.filter((s) => (body.kind === 'anonymousMethod' && body.parameters.length === 0) || s.parameters.length === body.parameters.length);
  // The parameters' types when every delegate of the right arity agrees, whatever the return type turns out to be.
  const parameterTypes = body.parameters.map((p, i) => {
    if (p.typeText) return p.typeText;
    const types = new Set(shapes.map((s) => canonicalType(s.parameters[i] ?? '')));
    const only = types.size === 1 ? [...types][0]! : '';
    return only && !OPEN.test(only) ? only : null;
  });
  const withParameters = (): LambdaTarget | null => (parameterTypes.some((t, i) => t !== null && !body.parameters[i]!.typeText) ? { returnTypeText: null, resultTypeText: null, parameterTypes, source } : null);
  // An expression body that is a statement (`async () => await GetAsync()`, `() => Save()`) may also drop its value:
  // the lambda converts to a Func<Task> or an Action too, but C# prefers the delegate that keeps the value.
  const mayDiscard = returnsValue === true && body.isExpressionBodied && isStatementExpression(body.returns[0]?.expressionText ?? '');
  const valued = (s: DelegateShape) => {
    const kind = classifyReturnType(canonicalType(s.returnText), true).kind;
    return kind === 'TaskOfT' || kind === 'ValueTaskOfT';
  };
  shapes = shapes.filter((s) => {
    const kind = classifyReturnType(canonicalType(s.returnText), true).kind;
    if (kind !== 'Task' && kind !== 'TaskOfT' && kind !== 'ValueTask' && kind !== 'ValueTaskOfT' && kind !== 'void') return false;
    if (returnsValue === null) return true;
    return returnsValue === valued(s) || (mayDiscard && !valued(s));
  });
  if (mayDiscard && shapes.some(valued)) shapes = shapes.filter(valued);
  if (!shapes.length) return withParameters();
  // An async lambda converts better to a task-returning delegate than to a void one (Func<Task> over Action).
  if (shapes.some((s) => genericKind(s.returnText) !== 'void')) shapes = shapes.filter((s) => genericKind(s.returnText) !== 'void');
  const kinds = new Set(shapes.map((s) => genericKind(s.returnText)));
  if (kinds.size !== 1) return withParameters();
  const [family] = [...kinds];
  let resultTypeText: string | null = null;
  if (family === 'Task<>' || family === 'ValueTask<>') {
    const results = new Set(shapes.map((s) => classifyReturnType(canonicalType(s.returnText), true).resultType ?? ''));
    const concrete = results.size === 1 ? [...results][0]! : '';
    resultTypeText = concrete && !OPEN.test(concrete) ? canonicalType(concrete) : returnedType(body, lambdaTyping);
  }
  const returnTypeText = family === 'void' ? 'void' : family.endsWith('<>') ? `${family.slice(0, -2)}<${resultTypeText ?? 'object'}>` : family;
  return { returnTypeText, resultTypeText, parameterTypes, source };
}

/**
 * The delegates a lambda passed to a Windows Runtime task factory (`AsyncInfo.Run`) may convert to: the overloads of
 * the written type-argument count, their type parameters bound by the written arguments or left open.
 */
function winRtFactoryTargets(receiver: string | null, name: string, typeArguments: readonly string[]): DelegateShape[] {
  const receiverName = receiver?.replace(/^.*\./, '') ?? null;
  return WINRT_TASK_FACTORIES
    .filter((row) => row.receiver === receiverName && row.name === name && (typeArguments.length === 0 || row.typeParameters.length === typeArguments.length))
    .map((row) => {
      const bindings = Object.fromEntries(row.typeParameters.map((p, i) => [p, typeArguments[i] ?? `TMethod${i}`]));
      return { parameters: row.parameters.map((p) => substituteNames(p, bindings)), returnText: substituteNames(row.returns, bindings) };
    });
}

/** `Task`, `Task<>`, `ValueTask`, `ValueTask<>` or `void`: the builder family a delegate's return type selects. */
function genericKind(returnText: string): string {
  const kind = classifyReturnType(canonicalType(returnText), true).kind;
  return kind === 'TaskOfT' ? 'Task<>' : kind === 'ValueTaskOfT' ? 'ValueTask<>' : kind === 'void' ? 'void' : kind;
}

/**
 * Which argument is the lambda: the one whose text (without a `name:` prefix) is as long as the lambda's span, else
 * the only argument that is a lambda at all. Null when that does not single one out.
 */
function lambdaArgumentIndex(argumentTexts: readonly string[], length: number): number | null {
  const bare = argumentTexts.map((a) => a.trim().replace(/^[A-Za-z_]\w*\s*:(?!:)\s*/, ''));
  const byLength = bare.map((a, i) => (a.length === length && /=>|^(?:async\s+)?delegate\b/.test(a) ? i : -1)).filter((i) => i >= 0);
  if (byLength.length === 1) return byLength[0]!;
  const lambdas = bare.map((a, i) => (/=>|^(?:async\s+)?delegate\b/.test(a) ? i : -1)).filter((i) => i >= 0);
  return lambdas.length === 1 ? lambdas[0]! : null;
}

/**
 * Whether the lambda's body returns a value: a block with `return expr;` does, one with only `return;` does not; an
 * expression body does unless its type is void (an awaited Task, a void call). Null when that cannot be told.
 */
function lambdaReturnsValue(body: MethodBody, typing: TypingContext): boolean | null {
  if (!body.isExpressionBodied) return body.returns.some((r) => r.expressionText !== null);
  const expression = body.returns[0]?.expressionText;
  if (!expression) return null;
  const type = typeOfExpression(expression, typing);
  if (type === null) return null;
  return type !== 'void';
}

/** The type the lambda's return expressions agree on, or null. */
function returnedType(body: MethodBody, typing: TypingContext): string | null {
  const types = new Set<string>();
  for (const r of body.returns) {
    if (!r.expressionText) continue;
    const t = typeOfExpression(r.expressionText, typing);
    if (!t || t === 'void') return null;
    types.add(t);
  }
  return types.size === 1 ? [...types][0]! : null;
}

/** The workspace methods the call may bind to and the delegate type of the parameter the lambda goes to. */
function workspaceTargets(receiver: string | null, name: string, typeArguments: readonly string[], argumentTexts: readonly string[], argIndex: number, argumentName: string | null, typing: TypingContext): DelegateShape[] {
  if (!typing.index) return [];
  const argumentCount = argumentTexts.length;
  // The other arguments, which may bind the method's type parameters (`ExecuteAsync((state, ct) => ..., client)`
  // makes TState the client's type); the lambda itself is left out, since its own typing asks for this answer.
  const otherArguments = argumentTexts.map((a, i) => (i === argIndex ? '' : a));
  let owner: string | null = null;
  let receiverType: string | null = null;
  if (receiver === null || receiver === 'this' || receiver === 'base') owner = typing.body.containingType;
  else {
    receiverType = typeOfExpression(receiver, typing);
    owner = receiverType ? parseType(receiverType)?.name ?? null : /^[A-Z]\w*$/.test(receiver) && typesNamed(typing.index, receiver).length ? receiver : null;
  }
  if (!owner) return [];
  const shapes: DelegateShape[] = [];
  const parsedReceiver = receiverType ? parseType(receiverType) : /^[A-Z]\w*$/.test(receiver ?? '') ? parseType(receiver!) : null;
  const seen = parsedReceiver ? workspaceSupertypes(parsedReceiver, typing.index) : null;
  const add = (m: MethodRef, parameters: readonly { name: string; typeText: string; modifiers: string[]; hasDefault: boolean }[], bindings: Record<string, string>) => {
    const required = parameters.filter((p) => !p.hasDefault && !p.modifiers.includes('params')).length;
    const hasParams = parameters.some((p) => p.modifiers.includes('params'));
    if (argumentCount < required || (argumentCount > parameters.length && !hasParams)) return;
    if (typeArguments.length > 0 && m.member?.typeParameterCount !== typeArguments.length) return;
    // A named argument goes to the parameter of that name, wherever it stands.
    const parameter = argumentName ? parameters.find((p) => p.name === argumentName) : parameters[Math.min(argIndex, parameters.length - 1)];
    if (!parameter) return;
    // The method's own type parameters are the written type arguments (`Handler<Order>(...)`), else open here
    // (inferred from the lambda, or from other arguments); the declaring type's are bound by the receiver
    // (`AsyncPolicy<int>.ExecuteAsync(Func<Task<TResult>>)`).
    const typeParameters = m.body?.typeParameters ?? m.member?.typeParameters ?? [];
    const inferred = typeArguments.length || !typeParameters.length ? {} : inferredTypeArguments(typeParameters, parameters, parameter.typeText, otherArguments, typing);
    const open: Record<string, string> = { ...bindings, ...Object.fromEntries(typeParameters.map((p, i) => [p, typeArguments.length ? typeArguments[i]! : inferred[p] ?? `TMethod${i}`])) };
    const shape = delegateShapeOf(substituteNames(parameter.typeText, open), typing);
    if (shape) shapes.push(shape);
  };
  // The other arguments narrow the overloads as they narrow a call's (`ExecuteAsync(ct => ..., CancellationToken.None)`
  // is not the overload taking a ResilienceContext there); the lambda itself counts for nothing here.
  const takesCount = (parameters: readonly { modifiers: string[]; hasDefault: boolean }[]) => {
    const required = parameters.filter((p) => !p.hasDefault && !p.modifiers.includes('params')).length;
    return argumentCount >= required && (argumentCount <= parameters.length || parameters.some((p) => p.modifiers.includes('params')));
  };
  const own = methodsNamed(typing.index, name, owner).filter((m) => m.member?.parameters && reachesDeclaringType(m, seen) && takesCount(m.member.parameters));
  for (const m of bestByArguments(own, otherArguments, 0, typing)) add(m, m.member!.parameters!, declaringTypeBindings(m, seen, typing.index));
  if (!shapes.length && receiverType) {
    const extensions = methodsNamed(typing.index, name, null).filter((m) => m.member?.parameters?.[0]?.modifiers.includes('this') && takesCount(m.member.parameters.slice(1)));
    for (const m of bestByArguments(extensions, otherArguments, 1, typing)) add(m, m.member!.parameters!.slice(1), {});
  }
  return shapes;
}

/** A delegate type's parameters and return type: Func and Action by their arguments, a declared delegate by its Invoke, an API delegate by the signatures. */
function delegateShapeOf(typeText: string, typing: TypingContext): DelegateShape | null {
  const t = parseType(typeText);
  if (!t) return null;
  if (t.name === 'Func' && t.args.length > 0) return { parameters: t.args.slice(0, -1).map(formatType), returnText: formatType(t.args[t.args.length - 1]!) };
  if (t.name === 'Action') return { parameters: t.args.map(formatType), returnText: 'void' };
  if (typing.index) {
    const declared = typesNamed(typing.index, t.name).find((r) => r.type.kind === 'delegate' && r.type.typeParameters.length === t.args.length);
    const invoke = declared?.type.members.find((m) => m.name === 'Invoke');
    if (declared && invoke?.typeText) {
      const returnText = delegateInvokeResult(typeText, typing) ?? invoke.typeText;
      const bindings = new Map(declared.type.typeParameters.map((p, i) => [p, formatType(t.args[i]!)]));
      const parameters = (invoke.parameters ?? []).map((p) => p.typeText.replace(/\b[A-Za-z_]\w*\b/g, (n) => bindings.get(n) ?? n));
      return { parameters, returnText };
    }
  }
  return apiDelegateShapeOf(typeText, typing);
}
