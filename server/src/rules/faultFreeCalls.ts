/**
 * Awaits of workspace methods that cannot fault: the method's whole body is one try whose catches stop every
 * exception (`IgnoreExceptions(Func<Task> action, ..., Type? rethrowIf = null)` called without the rethrow
 * argument), or one await (or, without async, one return) of a call to such a method, with arguments whose evaluation
 * cannot throw. ASY020 and ASY021 do not count such an await as one whose exception escapes an async void function.
 * A virtual or interface method counts when the workspace alone can implement it and every implementation it holds
 * cannot fault. The call's receiver must not throw either: none, `this`, a type's name, or a stored value (a local, a
 * parameter, a field or an auto-property) that an `if` around the await has tested for null, a local created with
 * `new`, a readonly field of a type written without `?` (set when its object was built), or any stored value when the
 * method is an extension method, which takes a null receiver as an argument.
 * A Blazor component's own render request (`await InvokeAsync(StateHasChanged)`, knowledge/componentRenders.ts)
 * cannot fault either (so ASY022 leaves one dropped alone), nor a UI-framework primitive of knowledge/uiPrimitiveAwaits.ts (Avalonia's `DragDrop.DoDragDrop`,
 * a new `Animation`'s `RunAsync`, the storage pickers; rules/uiPrimitiveAwaits.ts).
 */
import type { FinallyGuard, MemberSignature, MethodBody, ReturnKind, SuspensionPoint } from '../model/types';
import { declaresLocalOrParameter, bodyChain, keptLocal } from '../model/bodies';
import { splitCallText, splitTopLevel, splitTopLevelOperator } from '../model/syntax';
import { isArgumentNullException } from '../model/soleStatements';
import { resolveCallSite } from '../workspace/completion';
import { apiBasesOf, stripGenerics, typeFamily, typesNamed, type MethodRef, type TypeRef, type WorkspaceIndex } from '../workspace/index';
import { componentRenderCalled } from '../knowledge/componentRenders';
import { withoutConfigureAwait } from '../workspace/typing';
import { uiPrimitiveAwaited } from './uiPrimitiveAwaits';
import { tokenCancellationWaited } from './tokenCancellationWaits';

/** How many one-statement delegations are followed before giving up. */
const MAX_DEPTH = 3;

/** Whether the await's operand is a call that binds only to workspace methods that cannot fault. */
export function awaitCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, point: SuspensionPoint): boolean {
  if (point.kind !== 'await') return false;
  const operand = withoutConfigureAwait(point.operand.text);
  return rendersOwnComponent(index, file, body, operand) || !!uiPrimitiveAwaited(index, file, body, operand) || !!tokenCancellationWaited(index, file, body, operand)
    || callCannotFault(index, file, body, operand, 0, point);
}

/**
 * `InvokeAsync(StateHasChanged)` called by a type that derives from a component base of the row (through the
 * workspace's types to the base it names; a Razor component's class derives from ComponentBase unless it says
 * otherwise). ASY022 asks it too: such a task has no exception to lose when it is dropped.
 */
export function rendersOwnComponent(index: WorkspaceIndex, file: string, body: MethodBody, operand: string): boolean {
  const row = componentRenderCalled(operand);
  if (!row) return false;
  const owner = bodyChain(body, index.files.get(file)?.bodies ?? []).map((b) => b.containingType).find((t) => t !== null);
  if (!owner) return false;
  const bases = [...typeFamily(index, owner), ...apiBasesOf(index, owner)].map((b) => stripGenerics(b).split('.').pop()!);
  return bases.some((b) => row.bases.includes(b));
}

/**
 * Whether a call, written as text in `body`, binds only to workspace methods that cannot fault and evaluates nothing
 * that could throw on its way there. `point` is the await the call is the operand of, whose enclosing ifs may have
 * tested the receiver for null; a call followed into another method's body (depth above 0) has none.
 */
function callCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, text: string, depth: number, point: SuspensionPoint | null): boolean {
  const bound = boundCall(index, file, body, text, 'dispatchToo');
  if (!bound) return false;
  const targets = preferTaskDelegates(bound.targets, bound.args, bound.slot);
  if (!receiverReachesTargets(index, file, body, bound.receiver, targets, point)) return false;
  const notNull = (argument: string) => argumentNotNull(body, argument, point);
  return targets.every((t) => !!t.body && bodyCannotFault(index, t.file, t.body, bound.args, bound.slot(t), depth, notNull));
}

/**
 * Whether an argument cannot be null where the call stands: `this`, a string literal, or a parameter of the calling
 * body that it has passed to `ArgumentNullException.ThrowIfNull` before the await (`ThrowIfNull(callback);` as the
 * handler's first statement), and never writes. Past that check the parameter holds what the check saw.
 */
function argumentNotNull(body: MethodBody, argument: string, point: SuspensionPoint | null): boolean {
  const text = argument.trim();
  if (text === 'this' || /^"(?:[^"\\]|\\.)*"$/.test(text)) return true;
  if (point === null || !body.parameters.some((p) => p.name === text && !p.written)) return false;
  return body.calls.some((c) => c.name === 'ThrowIfNull' && isArgumentNullException(c.receiver ?? '')
    && c.argumentTexts.length === 1 && c.argumentTexts[0].trim() === text && c.span.end <= point.span.start);
}

/**
 * Whether a call that runs synchronously cannot throw: its arguments and receiver cannot (as for an await's call), and it
 * binds directly only to workspace methods that return no task and whose whole body is one try that stops every
 * exception. Without async, a catch-all around the body catches all its code does, which it cannot do for a returned
 * task. rules/faultFreeTasks.ts asks it of the delegate a method hands to Task.Run (`() => Perform(request)`).
 */
export function synchronousCallCannotThrow(index: WorkspaceIndex, file: string, body: MethodBody, text: string, depth = 0): boolean {
  const bound = boundCall(index, file, body, text, 'directOnly');
  if (!bound || !receiverReachesTargets(index, file, body, bound.receiver, bound.targets, null)) return false;
  return preferVoidDelegates(bound.targets, bound.args, bound.slot).every((t) => {
    const sole = t.body?.soleStatement;
    if (!t.body || t.body.isAsync || t.body.hasSyntaxErrors || !RETURNS_NO_TASK.has(t.body.returnKind) || sole?.kind !== 'catchAll' || sole.nullChecked) return false;
    return sole.rethrowsWhenPassed.every((name) => !passes(t.body!, bound.args, bound.slot(t), name)) && skipsGuardedFinally(t.body, sole.finallyRunsWhen, bound.args, bound.slot(t)) && finallyCallsCannotThrow(index, t.file, t.body, depth);
  });
}

/**
 * Whether the calls a catch-all try's finally makes (model/soleStatements.ts `finallyCalls`) cannot throw: each binds
 * only to a synchronous workspace method whose own body stops every exception (`Safe.Ignore(() => ...)`), followed
 * MAX_DEPTH calls deep. Code in a finally runs outside every catch of its try, so one that could throw would escape.
 */
function finallyCallsCannotThrow(index: WorkspaceIndex, file: string, body: MethodBody, depth: number): boolean {
  const sole = body.soleStatement;
  const calls = sole?.kind === 'catchAll' ? sole.finallyCalls ?? [] : [];
  return calls.length === 0 || (depth < MAX_DEPTH && calls.every((c) => synchronousCallCannotThrow(index, file, body, c, depth + 1)));
}

/** Return kinds of no task or task-like value: a catch-all around such a body sees everything its call does. */
const RETURNS_NO_TASK: ReadonlySet<ReturnKind> = new Set<ReturnKind>(['void', 'NotAsyncReturn']);

/**
 * A call whose arguments cannot throw when evaluated and whose receiver is read without running code, bound to
 * workspace methods: those methods, its arguments, the receiver, and where each method's parameters start in the
 * arguments. A dispatched call (a virtual, abstract or interface member) resolves to every override or implementation
 * the workspace declares, and to none at all when code outside the workspace may hold another (a public type's member:
 * workspace/completion.ts openDispatchReason), so with `dispatchToo` the targets are all the call can run.
 */
function boundCall(index: WorkspaceIndex, file: string, body: MethodBody, text: string, dispatch: 'dispatchToo' | 'directOnly'): { targets: readonly MethodRef[]; args: readonly string[]; receiver: ReceiverRead; slot: (t: MethodRef) => number } | null {
  const call = splitCallText(text.trim());
  if (!call) return null;
  const args = splitTopLevel(call.argumentsText);
  if (!args.every((a) => cannotThrowWhenEvaluated(a) || readsStoredStaticMember(index, file, body, a))) return null;
  const receiver = receiverRead(index, file, body, call.receiver);
  if (receiver === null) return null;
  const resolved = resolveCallSite(call.name, call.receiver, args.length, file, body, index);
  if (resolved.targets.length === 0 || (dispatch === 'directOnly' && resolved.dispatched)) return null;
  // An extension method called on a value or on `this` takes it as its first parameter; called on a type's name or
  // with no receiver, the argument list starts at the first parameter.
  const slot = (t: MethodRef) => (receiver.kind !== 'none' && isExtension(t) ? 1 : 0);
  return { targets: resolved.targets, args, receiver, slot };
}

function bodyCannotFault(index: WorkspaceIndex, file: string, body: MethodBody, args: readonly string[], receiverSlot: number, depth: number, notNull: (argument: string) => boolean): boolean {
  const sole = body.soleStatement;
  if (!sole || body.hasSyntaxErrors || body.isIterator) return false;
  switch (sole.kind) {
    // Without async, a try around `return work();` does not see the returned task fault. A parameter checked with
    // ThrowIfNull before the try faults the task only when the call passes null for it.
    case 'catchAll':
      return body.isAsync && sole.rethrowsWhenPassed.every((name) => !passes(body, args, receiverSlot, name)) && skipsGuardedFinally(body, sole.finallyRunsWhen, args, receiverSlot) && finallyCallsCannotThrow(index, file, body, depth)
        && (sole.nullChecked ?? []).every((name) => { const passed = argumentFor(body, args, receiverSlot, name); return passed !== undefined && notNull(passed); });
    case 'await':
      return body.isAsync && depth < MAX_DEPTH && callCannotFault(index, file, body, withoutConfigureAwait(sole.operandText), depth + 1, null);
    case 'return':
      return !body.isAsync && depth < MAX_DEPTH && callCannotFault(index, file, body, sole.expressionText, depth + 1, null);
  }
}

/** Whether the call passes the parameter: named (`rethrowIf: typeof(X)`), or with as many positional arguments as reach it. */
function passes(body: MethodBody, args: readonly string[], receiverSlot: number, name: string): boolean {
  if (args.some((a) => new RegExp(String.raw`^${name}\s*:(?!:)`).test(a))) return true;
  const at = body.parameters.findIndex((p) => p.name === name);
  return at < 0 || args.filter((a) => !/^@?\w+\s*:(?!:)/.test(a)).length > at - receiverSlot;
}

/**
 * Whether the call runs none of the finally statements that run only as a bool parameter says: for each, it passes
 * the literal that skips it (`ExitAsync(false)`, `ExitAsync(shutdown: false)`), or leaves the parameter to a default
 * that does. Any other argument (a variable, an expression) may run the statement, whose code may throw.
 */
function skipsGuardedFinally(body: MethodBody, guards: readonly FinallyGuard[] | undefined, args: readonly string[], receiverSlot: number): boolean {
  return (guards ?? []).every((guard) => {
    const passed = argumentFor(body, args, receiverSlot, guard.parameter);
    const value = passed === undefined ? guard.defaultValue : passed === 'true' ? true : passed === 'false' ? false : null;
    return value !== null && value !== guard.runsWhen;
  });
}

/** The argument the call passes for the parameter (named, or by position), as written without its name; undefined when it passes none. */
function argumentFor(body: MethodBody, args: readonly string[], receiverSlot: number, name: string): string | undefined {
  const named = args.map((a) => new RegExp(String.raw`^${name}\s*:(?!:)\s*(.*)$`, 's').exec(a.trim())).find((m) => m !== null);
  if (named) return named[1].trim();
  const at = body.parameters.findIndex((p) => p.name === name) - receiverSlot;
  const positional = args.filter((a) => !/^@?\w+\s*:(?!:)/.test(a.trim()));
  return at >= 0 && at < positional.length ? positional[at].trim() : undefined;
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
  if (!m || !namesWorkspaceType(index, file, body, m[1])) return false;
  const [, typeName, member] = m;
  return storedMemberOf(index, typesNamed(index, typeName), member)?.every((x) => x.isStatic) ?? false;
}

/**
 * The declarations of `member` in the type declarations `refs` when each is a field or an auto-property (no getter of
 * its own in any declaration: a `=>` getter or an accessor body), whose read runs no code; null when any is something
 * else or none declares it.
 */
function storedMemberOf(index: WorkspaceIndex, refs: readonly TypeRef[], member: string): MemberSignature[] | null {
  const declared = refs.flatMap((ref) => ref.type.members.filter((x) => x.name === member));
  if (declared.length === 0 || !declared.every((x) => x.kind === 'field' || (x.kind === 'property' && x.getterExpression === undefined))) return null;
  const hasGetterBody = refs.some((ref) => (index.files.get(ref.file)?.bodies ?? []).some((b) => b.kind === 'accessor' && (b.containingType === ref.type.name || b.containingType === ref.type.fullName) && b.name === `get_${member}`));
  return hasGetterBody ? null : declared;
}

/**
 * What evaluating a call's receiver does: nothing (`none`: no receiver, `this`, `base`, or a workspace type's name for
 * a static call), or reads a stored value by its name (`value`: a local or parameter in view, or a field or
 * auto-property of the calling type or its workspace bases, written `name` or `this.name`), which cannot throw but may
 * be null. Null for anything else: a property with a getter, a call, a member of another value.
 */
function receiverRead(index: WorkspaceIndex, file: string, body: MethodBody, receiver: string | null): ReceiverRead | null {
  if (receiver === null || receiver === 'this' || receiver === 'base') return { kind: 'none' };
  const name = /^(?:this\s*\.\s*)?(@?[A-Za-z_]\w*)$/.exec(receiver.trim())?.[1];
  const bodies = index.files.get(file)?.bodies ?? [];
  const chain = bodyChain(body, bodies);
  if (name !== undefined && !receiver.includes('.') && declaresLocalOrParameter(chain, name)) return { kind: 'value', name };
  if (name !== undefined) {
    const owner = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
    const refs = owner ? [...typeFamily(index, owner)].flatMap((t) => typesNamed(index, t)) : [];
    const declared = storedMemberOf(index, refs, name);
    if (declared) return { kind: 'value', name, declared };
  }
  if (namesWorkspaceType(index, file, body, receiver)) return { kind: 'none' };
  return readsSingleton(index, file, body, receiver) ? { kind: 'singleton' } : null;
}

/**
 * A receiver's read: `declared` holds the field or auto-property declarations when it is a member, not a local; a
 * `singleton` is a static member of a workspace type that always holds the one instance it was created with.
 */
type ReceiverRead = { kind: 'none' } | { kind: 'singleton' } | { kind: 'value'; name: string; declared?: MemberSignature[] };

/**
 * `AppState.Instance`: a static member of a workspace type, read by the type's name, that holds one instance created
 * where it is declared and never replaced, so reading it runs no code of the workspace that could throw and gives no
 * null. The v2rayN reading of the fortieth session found two exit handlers reported through such a receiver.
 */
function readsSingleton(index: WorkspaceIndex, file: string, body: MethodBody, receiver: string): boolean {
  const m = /^((?:[A-Z]\w*\.)*[A-Z]\w*)\s*\.\s*([A-Za-z_]\w*)$/.exec(receiver.trim());
  if (!m || !namesWorkspaceType(index, file, body, m[1])) return false;
  const refs = typesNamed(index, stripGenerics(m[1].split('.').pop()!));
  const declared = refs.flatMap((ref) => ref.type.members.filter((x) => x.name === m[2]));
  return declared.length > 0 && declared.every((member) => member.isStatic && holdsOneInstance(refs, member));
}

/**
 * Whether a static member always holds the instance it was created with: a readonly field or getter-only
 * auto-property initialised with `new` (`public static Shell Instance { get; } = new();`), or a property whose getter
 * reads such a field, itself or through a `Lazy<T>`'s Value (`static Shell Instance => s_lazy.Value;` over
 * `static readonly Lazy<Shell> s_lazy = new(() => new Shell());`). A Lazy whose factory throws rethrows at every read;
 * a singleton whose constructor fails ends the application long before a handler awaits it, so that is not counted.
 */
function holdsOneInstance(refs: readonly TypeRef[], member: MemberSignature): boolean {
  const createdHere = (x: MemberSignature) => x.isStatic && !!x.isReadonly && /^new\b/.test(x.initializerText?.trim() ?? '');
  if (member.kind === 'field' || (member.kind === 'property' && member.getterExpression === undefined)) return createdHere(member);
  const read = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)(\s*\.\s*Value)?$/.exec(member.getterExpression?.trim() ?? '');
  if (member.kind !== 'property' || !read) return false;
  const fields = refs.flatMap((ref) => ref.type.members.filter((x) => x.name === read[1] && x.kind === 'field'));
  if (fields.length !== 1 || !createdHere(fields[0])) return false;
  return read[2] === undefined || /^(?:System\.)?Lazy<.+>$/.test(fields[0].typeText?.replace(/\s+/g, '') ?? '') || /^new\s+(?:System\.)?Lazy\s*</.test(fields[0].initializerText!.trim());
}

/** The name of a workspace type (a static call's receiver), which no value of the body hides. */
function namesWorkspaceType(index: WorkspaceIndex, file: string, body: MethodBody, receiver: string): boolean {
  if (!/^(?:[A-Z]\w*\.)*[A-Z]\w*$/.test(receiver)) return false;
  const first = receiver.split('.')[0];
  if (declaresLocalOrParameter(bodyChain(body, index.files.get(file)?.bodies ?? []), first)) return false;
  return typesNamed(index, stripGenerics(receiver.split('.').pop()!)).length > 0;
}

/**
 * Whether the call reaches its targets without a NullReferenceException of its own: a receiver that is no value, an
 * extension method (which takes a null receiver as its first argument, and whose catch then stops what it throws), or
 * a value known not to be null where the await stands.
 */
function receiverReachesTargets(index: WorkspaceIndex, file: string, body: MethodBody, receiver: ReceiverRead, targets: readonly MethodRef[], point: SuspensionPoint | null): boolean {
  if (receiver.kind !== 'value' || targets.every(isExtension)) return true;
  if (point !== null && testedNotNull(point, receiver.name)) return true;
  if (receiver.declared && receiver.declared.every(setWhenBuilt)) return true;
  const local = keptLocal(body, index.files.get(file)?.bodies ?? [], receiver.name);
  return !!local && /^new\b/.test(local.local.initializerText?.trim() ?? '');
}

/**
 * A readonly field whose type is written without `?` and that is not initialised to null: it is set while its object
 * is built (in its declaration or a constructor: a service a constructor is handed, `_store = store;`) and never
 * after, and where nullable annotations are on the compiler warns when a constructor leaves it null. A constructor
 * may still be handed a null; that is the constructor's caller's defect, not the handler's.
 */
function setWhenBuilt(member: MemberSignature): boolean {
  if (member.kind !== 'field' || !member.isReadonly || /\?\s*$/.test(member.typeText ?? '?')) return false;
  return !/^(?:null|default(?:\s*\(.*\))?)!?$/.test(member.initializerText?.trim() ?? '');
}

/** An extension method: its first parameter is `this`. */
function isExtension(target: MethodRef): boolean {
  return !!target.body?.parameters[0]?.modifiers.includes('this');
}

/**
 * Whether an `if` (or `?:`) around the await holds only while `name` is not null: one of its condition's top-level
 * `&&` operands, as seen from the await's branch, is `name != null`, `name is not null`, `name is { }` or one of those
 * with `this.`, or a type pattern that declares `name` (`x is T name`) (model/extract.ts conditionDetail gives an else
 * branch's condition negated, which never matches here).
 */
function testedNotNull(point: SuspensionPoint, name: string): boolean {
  const n = String.raw`(?:this\s*\.\s*)?${name.replace(/^@/, '@?')}`;
  // `DataContext is PageViewModel viewModel` (or `is PageViewModel { } viewModel`) declares the name and holds only
  // when the value is of that type, so never null: the variable is definitely assigned, and not null, where it holds.
  const declaringPattern = String.raw`[^]+\bis\s+(?!not\b)[A-Za-z_][\w.]*(?:<[^()]*>)?\s*(?:\{[^{}]*\}\s*)?${name.replace(/^@/, '@?')}`;
  const test = new RegExp(String.raw`^(?:${n}\s*!=\s*null|null\s*!=\s*${n}|${n}\s+is\s+not\s+null|${n}\s+is\s*\{\s*\}|${declaringPattern})$`);
  return point.regions.some((r) => r.kind === 'conditional' && r.detail !== undefined && splitTopLevelOperator(r.detail, '&&').some((operand) => test.test(operand.trim())));
}

const TASK_DELEGATE = /^(?:System\.)?Func<\s*(?:(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\b)/;

/**
 * A lambda argument that cannot give a task binds to an overload taking `Action` there, not to one taking a
 * task-returning delegate: a lambda whose expression body assigns a literal (`() => watcher.Enabled = true`, whose value
 * is the bool) or whose block returns no value. `Safe.Ignore(Action)` beside `Safe.Ignore(Func<Task>)`: the
 * synchronous wrapper is the one called, so the candidates taking a task-returning delegate there are dropped.
 */
function preferVoidDelegates(targets: readonly MethodRef[], args: readonly string[], slot: (t: MethodRef) => number): MethodRef[] {
  let kept = [...targets];
  args.forEach((arg, i) => {
    if (!givesNoTask(arg.trim())) return;
    const typeAt = (t: MethodRef) => t.body?.parameters[i + slot(t)]?.typeText ?? '';
    const others = kept.filter((t) => !TASK_DELEGATE.test(typeAt(t)));
    if (others.length > 0) kept = others;
  });
  return kept;
}

/** A lambda, not async, whose value cannot be a task: an assignment of a literal, or a block with no `return` of a value. */
function givesNoTask(lambda: string): boolean {
  const m = /^(?:static\s+)?(?:\([^()]*\)|@?[A-Za-z_]\w*)\s*=>\s*([^]*)$/.exec(lambda);
  if (!m) return false;
  const body = m[1].trim();
  if (body.startsWith('{')) return !/\breturn\s+[^;\s]/.test(body);
  return /^[^=()]*[^=!<>]=\s*(?:true|false|null|-?\d[\w.]*|"(?:[^"\\]|\\.)*")$/.test(body);
}

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
