/**
 * Awaits of workspace methods that cannot fault: the method's whole body is one try whose catches stop every
 * exception (`IgnoreExceptions(Func<Task> action, ..., Type? rethrowIf = null)` called without the rethrow
 * argument), or one await (or, without async, one return) of a call to such a method, with arguments whose evaluation
 * cannot throw. ASY020 and ASY021 do not count such an await as one whose exception escapes an async void function.
 * A Blazor component's own render request (`await InvokeAsync(StateHasChanged)`, knowledge/componentRenders.ts)
 * cannot fault either.
 */
import type { MethodBody, ReturnKind, SuspensionPoint } from '../model/types';
import { declaresLocalOrParameter, bodyChain } from '../model/bodies';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { resolveCallSite } from '../workspace/completion';
import { apiBasesOf, stripGenerics, typeFamily, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { componentRenderCalled } from '../knowledge/componentRenders';
import { withoutConfigureAwait } from '../workspace/typing';

/** How many one-statement delegations are followed before giving up. */
const MAX_DEPTH = 3;

/** Whether the await's operand is a call that binds only to workspace methods that cannot fault. */
export function awaitCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, point: SuspensionPoint): boolean {
  if (point.kind !== 'await') return false;
  const operand = withoutConfigureAwait(point.operand.text);
  return rendersOwnComponent(index, file, body, operand) || callCannotFault(index, file, body, operand, 0);
}

/**
 * `InvokeAsync(StateHasChanged)` called by a type that derives from a component base of the row (through the
 * workspace's types to the base it names; a Razor component's class derives from ComponentBase unless it says
 * otherwise).
 */
function rendersOwnComponent(index: WorkspaceIndex, file: string, body: MethodBody, operand: string): boolean {
  const row = componentRenderCalled(operand);
  if (!row) return false;
  const owner = bodyChain(body, index.files.get(file)?.bodies ?? []).map((b) => b.containingType).find((t) => t !== null);
  if (!owner) return false;
  const bases = [...typeFamily(index, owner), ...apiBasesOf(index, owner)].map((b) => stripGenerics(b).split('.').pop()!);
  return bases.some((b) => row.bases.includes(b));
}

function callCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, text: string, depth: number): boolean {
  const bound = directlyBoundCall(index, file, body, text);
  if (!bound) return false;
  const targets = preferTaskDelegates(bound.targets, bound.args, bound.slot);
  return targets.every((t) => !!t.body && bodyCannotFault(index, t.file, t.body, bound.args, bound.slot(t), depth));
}

/**
 * Whether a call that runs synchronously cannot throw: its arguments and receiver cannot (as for an await's call), and it
 * binds directly only to workspace methods that return no task and whose whole body is one try that stops every
 * exception. Without async, a catch-all around the body catches all its code does, which it cannot do for a returned
 * task. rules/faultFreeTasks.ts asks it of the delegate a method hands to Task.Run (`() => Perform(request)`).
 */
export function synchronousCallCannotThrow(index: WorkspaceIndex, file: string, body: MethodBody, text: string): boolean {
  const bound = directlyBoundCall(index, file, body, text);
  if (!bound) return false;
  return bound.targets.every((t) => {
    const sole = t.body?.soleStatement;
    if (!t.body || t.body.isAsync || t.body.hasSyntaxErrors || !RETURNS_NO_TASK.has(t.body.returnKind) || sole?.kind !== 'catchAll') return false;
    return sole.rethrowsWhenPassed.every((name) => !passes(t.body!, bound.args, bound.slot(t), name));
  });
}

/**
 * A call whose arguments and receiver cannot throw when evaluated, bound directly (not dispatched) to workspace methods:
 * those methods, its arguments, and where each method's parameters start in them. An extension method called on `this`
 * takes it as its first parameter; called on a type's name or with no receiver, the argument list starts at the first
 * parameter.
 */
function directlyBoundCall(index: WorkspaceIndex, file: string, body: MethodBody, text: string): { targets: readonly MethodRef[]; args: readonly string[]; slot: (t: MethodRef) => number } | null {
  const call = splitCallText(text.trim());
  if (!call) return null;
  const args = splitTopLevel(call.argumentsText);
  if (!args.every((a) => cannotThrowWhenEvaluated(a) || readsStoredStaticMember(index, file, body, a)) || !receiverCannotThrow(index, file, body, call.receiver)) return null;
  const resolved = resolveCallSite(call.name, call.receiver, args.length, file, body, index);
  if (resolved.targets.length === 0 || resolved.dispatched) return null;
  const slot = (t: MethodRef) => (call.receiver === 'this' && t.body?.parameters[0]?.modifiers.includes('this') ? 1 : 0);
  return { targets: resolved.targets, args, slot };
}

/** Return kinds of no task or task-like value: a catch-all around such a body sees everything its call does. */
const RETURNS_NO_TASK: ReadonlySet<ReturnKind> = new Set<ReturnKind>(['void', 'NotAsyncReturn']);

function bodyCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, args: readonly string[], receiverSlot: number, depth: number): boolean {
  const sole = body.soleStatement;
  if (!sole || body.hasSyntaxErrors || body.isIterator) return false;
  switch (sole.kind) {
    // Without async, a try around `return work();` does not see the returned task fault.
    case 'catchAll':
      return body.isAsync && sole.rethrowsWhenPassed.every((name) => !passes(body, args, receiverSlot, name));
    case 'await':
      return body.isAsync && depth < MAX_DEPTH && callCannotFault(index, file, body, withoutConfigureAwait(sole.operandText), depth + 1);
    case 'return':
      return !body.isAsync && depth < MAX_DEPTH && callCannotFault(index, file, body, sole.expressionText, depth + 1);
  }
}

/** Whether the call passes the parameter: named (`rethrowIf: typeof(X)`), or with as many positional arguments as reach it. */
function passes(body: MethodBody, args: readonly string[], receiverSlot: number, name: string): boolean {
  if (args.some((a) => new RegExp(String.raw`^${name}\s*:(?!:)`).test(a))) return true;
  const at = body.parameters.findIndex((p) => p.name === name);
  return at < 0 || args.filter((a) => !/^@?\w+\s*:(?!:)/.test(a)).length > at - receiverSlot;
}

/**
 * An argument whose evaluation cannot throw: a lambda or anonymous method (creating one runs none of its code), a
 * literal, a simple name, `this`, `typeof(...)` or `nameof(...)`, optionally named. A property read or a call could.
 */
function cannotThrowWhenEvaluated(argument: string): boolean {
  const text = argument.replace(/^@?[A-Za-z_]\w*\s*:(?!:)\s*/, '').trim();
  if (/^(?:async\s+)?(?:static\s+)?(?:\([^()]*\)|@?[A-Za-z_]\w*)\s*=>/.test(text) || /^(?:async\s+)?delegate\b/.test(text)) return true;
  if (/^(?:null|true|false|default|this|-?\d[\w.]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)+')$/.test(text)) return true;
  if (/^(?:typeof|nameof)\s*\([^()]*\)$/.test(text)) return true;
  return /^@?[A-Za-z_]\w*$/.test(text);
}

/**
 * `App.Logger`: a static field or auto-property of a workspace type, read by the type's name. Reading a stored value
 * runs no code of the workspace; a property with a getter of its own (a block or `=>`) could throw, and is refused.
 */
function readsStoredStaticMember(index: WorkspaceIndex, file: string, body: MethodBody, argument: string): boolean {
  const m = /^(?:@?[A-Za-z_]\w*\s*:(?!:)\s*)?([A-Z]\w*)\.([A-Za-z_]\w*)$/.exec(argument.trim());
  if (!m || !receiverCannotThrow(index, file, body, m[1])) return false;
  const [, typeName, member] = m;
  // Every declaration of the type (a partial one has several) and every getter body they hold.
  const refs = typesNamed(index, typeName);
  const declared = refs.flatMap((ref) => ref.type.members.filter((x) => x.name === member));
  if (declared.length === 0 || !declared.every((x) => x.isStatic && (x.kind === 'field' || (x.kind === 'property' && x.getterExpression === undefined)))) return false;
  return !refs.some((ref) => (index.files.get(ref.file)?.bodies ?? []).some((b) => b.kind === 'accessor' && b.containingType === typeName && b.name === `get_${member}`));
}

/** No receiver, `this`, or the name of a workspace type (a static call), which no value of the body hides. */
function receiverCannotThrow(index: WorkspaceIndex, file: string, body: MethodBody, receiver: string | null): boolean {
  if (receiver === null || receiver === 'this' || receiver === 'base') return true;
  if (!/^(?:[A-Z]\w*\.)*[A-Z]\w*$/.test(receiver)) return false;
  const first = receiver.split('.')[0];
  if (declaresLocalOrParameter(bodyChain(body, index.files.get(file)?.bodies ?? []), first)) return false;
  return typesNamed(index, stripGenerics(receiver.split('.').pop()!)).length > 0;
}

const TASK_DELEGATE = /^(?:System\.)?Func<\s*(?:(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\b)/;

/**
 * An async lambda argument binds to an overload that takes a task-returning delegate there (`Func<Task>`,
 * `Func<Task<T>>`) over one that takes `Action` or `Func<T>`: C# prefers a delegate with a return type to a void one
 * and a non-generic or more specific parameter to `Func<T>` (C# spec 12.6.4.5, Better conversion from expression;
 * 12.6.4.3, Better function member). So, when some candidate takes a task-returning delegate where the async lambda
 * goes, the candidates that take anything else there are never chosen.
 */
function preferTaskDelegates(targets: readonly MethodRef[], args: readonly string[], slot: (t: MethodRef) => number): MethodRef[] {
  let kept = [...targets];
  args.forEach((arg, i) => {
    if (!/^async\b/.test(arg.trim())) return;
    const typeAt = (t: MethodRef) => t.body?.parameters[i + slot(t)]?.typeText ?? '';
    const taking = kept.filter((t) => TASK_DELEGATE.test(typeAt(t)));
    if (taking.length > 0) kept = taking;
  });
  return kept;
}
