/**
 * Waits on a task parameter of a function that only a workspace helper calls, and only after awaiting that task: a
 * continuation handed to a helper that runs `await task; continuation.Invoke(task, state);`. The function is passed by
 * name (`&Complete` for a function pointer, or a method group) or written as a lambda, either straight to the helper
 * or inside a wrapper value the helper receives (a struct whose constructor takes the function and whose one method
 * calls the stored function with its own parameters). Every use of the helper's parameter is accounted for from the
 * helper's model (Parameter.uses): each invocation must pass, where the function reads its task, a parameter of the
 * helper awaited earlier in the same block and used for nothing else, and any other use must hand the parameter on to
 * another such helper or read a member of the wrapper that does not call the function. ASY001 and ASY003 leave such a
 * wait alone: `.Result` there reads a finished task.
 *
 * What is taken without being read: that the wrapper's constructor stores the function it is given in the wrapper's
 * one readonly field of that function type (the constructor's text may be in a file the rule does not have); a field
 * nothing initialises, that only a constructor can set, of the type of exactly one of its parameters, holds that
 * parameter unless the constructor stores some other function there.
 */
import type { CallSite, MethodBody, Parameter, TaskWait } from '../model/types';
import { splitTopLevel } from '../model/syntax';
import { resolveCallSite } from '../workspace/completion';
import { stripGenerics, typesNamed, type TypeRef, type WorkspaceIndex } from '../workspace/index';
import { maskCommentsAndStrings, writesOfName } from './sourceText';
import type { RuleContext } from './types';

/** How many helpers handing the parameter on to one another are followed. */
const MAX_DEPTH = 3;

/** Why the waited task has completed when the wait runs, or null when that is not shown. */
export function helperCompletedReason(ctx: RuleContext, body: MethodBody, wait: TaskWait): string | null {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny') return null;
  const name = unwrappedTask(wait.receiverText);
  const at = name === null ? -1 : body.parameters.findIndex((p) => p.name === name);
  if (at < 0 || body.hasSyntaxErrors) return null;
  if (writesOfName(ctx.text, body.bodySpan ?? body.span, name!) > 0) return null;
  const handOffs = handOffsOf(ctx, body);
  if (!handOffs || handOffs.length === 0) return null;
  for (const handOff of handOffs) {
    const targets = resolvedHelpers(ctx, handOff);
    if (!targets || !targets.every((t) => helperInvokesAfterAwait(ctx.index, t.file, t.body, t.parameter, handOff.wrapper, at, 0))) return null;
  }
  return `the function is called only by the helper ${handOffs[0].call.name}, after it awaits the task it passes`;
}

/**
 * The task a wait reads, through the wrappers that keep its completion: `new ValueTask<T>(task)`, `Unsafe.As<Task<T>>(task)`,
 * a cast to a task type, `task!` and parentheses. Null unless a simple name is left.
 */
function unwrappedTask(receiverText: string): string | null {
  let text = maskCommentsAndStrings(receiverText).trim();
  for (let i = 0; i < 6; i++) {
    const before = text;
    text = text.replace(/!$/, '').trim();
    let m = /^\((.*)\)$/s.exec(text);
    if (m) text = m[1].trim();
    m = /^new\s+(?:System\.Threading\.Tasks\.)?ValueTask(?:<[^()]*>)?\s*\(\s*(?:task\s*:\s*)?(.*)\)$/s.exec(text);
    if (m) text = m[1].trim();
    m = /^(?:System\.Runtime\.CompilerServices\.)?Unsafe\.As\s*<[^()]*>\s*\((.*)\)$/s.exec(text);
    if (m) text = m[1].trim();
    m = /^\(\s*(?:System\.Threading\.Tasks\.)?Task(?:<[^()]*>)?\s*\)\s*(.*)$/s.exec(text);
    if (m) text = m[1].trim();
    if (text === before) break;
  }
  return /^@?[A-Za-z_]\w*$/.test(text) ? text.replace(/^@/, '') : null;
}

/** Where the function is handed to a helper: the call, which argument, and the wrapper type when it goes inside one. */
interface HandOff {
  call: CallSite;
  /** The body the call is written in. */
  caller: MethodBody;
  argumentIndex: number;
  /** For a function inside `new(...)` or `new Wrapper(...)`: its position among the creation's arguments, and the type when written. */
  wrapper: { position: number; typeText: string | null } | null;
}

/**
 * Every place the function is handed over, or null when it may be called or stored some other way: a lambda is
 * the argument it is written as; a local function or private method is each mention of its name in its scope, which
 * must be a whole argument (`Complete`, `&Complete`) of an invocation or of a creation that is itself a whole
 * argument of an invocation.
 */
function handOffsOf(ctx: RuleContext, body: MethodBody): HandOff[] | null {
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') {
    const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
    if (!call || call.kind !== 'invocation') return null;
    const handOff = handOffAt(ctx, call.span.start, call.name, call.argumentIndex, null);
    return handOff ? [handOff] : null;
  }
  // A private method of a partial type may be called from another part, in a file this one does not show.
  const partial = ctx.model.types.some((t) => t.name === body.containingType && t.modifiers.includes('partial'));
  const isPrivateMethod = body.kind === 'method' && !partial && !body.modifiers.some((m) => m === 'public' || m === 'protected' || m === 'internal' || m === 'override' || m === 'virtual');
  if (body.kind !== 'localFunction' && !isPrivateMethod) return null;
  // Masked only here, where the file's mentions of the name are read: a lambda's hand-off is in its model.
  const masked = maskCommentsAndStrings(ctx.text);
  const parent = body.parentId ? ctx.model.bodies.find((b) => b.id === body.parentId) : null;
  const scope = body.kind === 'localFunction' ? parent?.span : { start: 0, end: masked.length };
  if (!scope) return null;
  const out: HandOff[] = [];
  // Member access counts too: a private method is reachable on another instance of its type (`other.Complete(...)`).
  const pattern = new RegExp(String.raw`(?<!\w)${body.name}\b`, 'g');
  pattern.lastIndex = scope.start;
  for (let m = pattern.exec(masked); m && m.index < scope.end; m = pattern.exec(masked)) {
    if (m.index === body.nameSpan.start) continue;
    if (/\.\s*$/.test(masked.slice(Math.max(0, m.index - 4), m.index))) return null;
    const handOff = handOffOfMention(ctx, masked, m.index, body.name);
    if (!handOff) return null;
    out.push(handOff);
  }
  return out;
}

/** The hand-off a mention of the function's name is part of, or null when it is anything else (a call of it, a store). */
function handOffOfMention(ctx: RuleContext, masked: string, at: number, name: string): HandOff | null {
  const start = /&\s*$/.test(masked.slice(Math.max(0, at - 8), at)) ? masked.lastIndexOf('&', at) : at;
  const inner = enclosingArgument(masked, start, start + (at - start) + name.length);
  if (!inner) return null;
  const creation = /\bnew\s*((?:@?[A-Za-z_][\w.]*(?:<[^()]*>)?)?)\s*$/.exec(masked.slice(Math.max(0, inner.open - 200), inner.open));
  if (!creation) return handOffAt(ctx, inner.open, calledName(masked, inner.open), inner.index, null);
  const creationStart = inner.open - creation[0].length;
  const outer = enclosingArgument(masked, creationStart, inner.close + 1);
  if (!outer) return null;
  return handOffAt(ctx, outer.open, calledName(masked, outer.open), outer.index, { position: inner.index, typeText: creation[1] || null });
}

/** The name written before an argument list's `(`: `Run` in `Helpers.Run<T>(`. */
function calledName(masked: string, open: number): string | null {
  return /(@?[A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*$/.exec(masked.slice(Math.max(0, open - 200), open))?.[1] ?? null;
}

/**
 * The argument list around [from, to) when that range is one whole argument: where its `(` and `)` are and which
 * argument it is. Null when the range is part of a larger expression.
 */
function enclosingArgument(masked: string, from: number, to: number): { open: number; close: number; index: number } | null {
  let depth = 0;
  let open = -1;
  for (let i = from - 1; i >= 0; i--) {
    const c = masked[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) { open = c === '(' ? i : -1; break; }
      depth--;
    } else if ((c === ';') && depth === 0) break;
  }
  if (open < 0) return null;
  let close = -1;
  depth = 0;
  for (let i = to; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) { close = c === ')' ? i : -1; break; }
      depth--;
    }
  }
  if (close < 0) return null;
  // Which argument the range is: the top-level commas before it, and the whole argument there is the range.
  const before = masked.slice(open + 1, from);
  const index = before.trim() === '' ? 0 : splitTopLevel(`${before}_`).length - 1;
  return splitTopLevel(masked.slice(open + 1, close))[index] === masked.slice(from, to).trim() ? { open, close, index } : null;
}

/** The call site of the file, named so, whose span holds `at` (its argument list's `(`, or a lambda argument's call). */
function handOffAt(ctx: RuleContext, at: number, name: string | null, argumentIndex: number, wrapper: HandOff['wrapper']): HandOff | null {
  if (!name) return null;
  for (const caller of ctx.model.bodies) {
    const call = caller.calls.find((c) => c.name === name && c.span.start <= at && at < c.span.end && c.argumentTexts.length > argumentIndex);
    if (call) return { call, caller, argumentIndex, wrapper };
  }
  return null;
}

/** The workspace helpers a hand-off's call binds to, each with the parameter that receives the function; null when any is not in view. */
function resolvedHelpers(ctx: RuleContext, handOff: HandOff): { file: string; body: MethodBody; parameter: Parameter }[] | null {
  const { call, caller } = handOff;
  const resolved = resolveCallSite(call.name, call.receiver, call.argumentTexts.length, ctx.file, caller, ctx.index, call.typeArguments.length);
  if (resolved.targets.length === 0 || resolved.dispatched) return null;
  const out: { file: string; body: MethodBody; parameter: Parameter }[] = [];
  for (const t of resolved.targets) {
    if (!t.body || t.body.hasSyntaxErrors) return null;
    // An extension method called on a receiver takes it as its first parameter.
    const slot = call.receiver !== null && t.body.parameters[0]?.modifiers.includes('this') ? 1 : 0;
    const parameter = t.body.parameters[handOff.argumentIndex + slot];
    if (!parameter || parameter.modifiers.length > 0) return null;
    out.push({ file: t.file, body: t.body, parameter });
  }
  return out;
}

/** How a helper's parameter calls the function: the methods that call it, and which of their arguments is its task. */
interface Invoker {
  /** Method names whose call on the parameter calls the function. */
  methods: ReadonlyMap<string, number>;
  /** Whether calling the parameter itself (`continuation(task)`) calls it (a delegate or function pointer parameter). */
  direct: boolean;
  /** Members of a wrapper that read something other than the function (`Handle`, `KeepAlive`). */
  harmless: ReadonlySet<string>;
}

/**
 * How a parameter of the given type calls the function handed in: as a delegate or function pointer (`f(task)`,
 * `f.Invoke(task)`), or through a wrapper type of the workspace whose one constructor takes a function pointer or
 * delegate at `wrapper.position`, which it can only keep in the type's one readonly field of that type, and whose methods
 * that call that field pass one of their own parameters where the function reads its task.
 */
function invokerOf(index: WorkspaceIndex, parameter: Parameter, wrapper: HandOff['wrapper'], taskAt: number, site: { file: string; helper: MethodBody }): Invoker | null {
  const typeText = parameter.typeText?.trim() ?? '';
  if (!wrapper) {
    if (!/^(?:delegate\s*\*|(?:System\.)?(?:Action|Func)\b)/.test(typeText)) return null;
    return { methods: new Map([['Invoke', taskAt]]), direct: true, harmless: new Set() };
  }
  const typeName = stripGenerics(typeText);
  if (wrapper.typeText && stripGenerics(wrapper.typeText) !== typeName) return null;
  const ref = wrapperTypeOf(index, typeName, site);
  if (!ref) return null;
  const bodies = (index.files.get(ref.file)?.bodies ?? []).filter((b) => b.containingType === typeName);
  const constructors = bodies.filter((b) => b.kind === 'constructor');
  if (constructors.length !== 1) return null;
  const functionType = constructors[0].parameters[wrapper.position]?.typeText?.replace(/\s+/g, '');
  if (!functionType || !/^(?:delegate\*|(?:System\.)?(?:Action|Func)\b)/.test(functionType)) return null;
  if (constructors[0].parameters.filter((p) => p.typeText?.replace(/\s+/g, '') === functionType).length !== 1) return null;
  const fields = ref.type.members.filter((m) => (m.kind === 'field' || m.kind === 'property') && m.typeText?.replace(/\s+/g, '') === functionType);
  if (fields.length !== 1 || fields[0].kind !== 'field' || !fields[0].isReadonly || fields[0].initializerText) return null;
  const field = fields[0].name;
  // Nothing of the wrapper may hand the field out: no member reads it as its value, and no call takes it.
  if (ref.type.members.some((m) => m.getterExpression !== undefined && new RegExp(String.raw`\b${field}\b`).test(m.getterExpression))) return null;
  const methods = new Map<string, number>();
  const harmless = new Set<string>(ref.type.members.filter((m) => m.kind !== 'method' && m.name !== field).map((m) => m.name));
  for (const b of bodies) {
    if (b.kind === 'constructor') continue;
    if (b.calls.some((c) => c.argumentTexts.some((a) => new RegExp(String.raw`(?<![\w.])(?:this\.)?${field}\b`).test(a)))) return null;
    const invocations = b.calls.filter((c) => c.name === field && (c.receiver === null || c.receiver === 'this'));
    if (invocations.length === 0) {
      if (b.kind === 'method') harmless.add(b.name);
      continue;
    }
    if (b.kind !== 'method' || methods.has(b.name)) return null;
    // The method passes one of its own parameters where the function reads its task, the same one at every call.
    const positions = invocations.map((c) => b.parameters.findIndex((p) => p.name === c.argumentTexts[taskAt]?.trim()));
    if (positions.some((p) => p < 0 || p !== positions[0])) return null;
    methods.set(b.name, positions[0]);
  }
  return methods.size > 0 ? { methods, direct: false, harmless } : null;
}

/**
 * The workspace type a helper's parameter names: the only one of the name, or, where several share it, the one nested
 * in a type around the helper (C# looks in the enclosing types first: `Continuation` inside `ArrayConverterCore` is
 * `ArrayConverterCore.Continuation`). Null when that does not decide it.
 */
function wrapperTypeOf(index: WorkspaceIndex, typeName: string, site: { file: string; helper: MethodBody }): TypeRef | null {
  const refs = typesNamed(index, typeName);
  if (refs.length <= 1) return refs[0] ?? null;
  const around = (index.files.get(site.file)?.types ?? [])
    .filter((t) => t.span.start <= site.helper.span.start && site.helper.span.end <= t.span.end)
    .sort((a, b) => b.span.start - a.span.start);
  for (const outer of around) {
    const nested = refs.filter((r) => r.type.fullName === `${outer.fullName}.${typeName}`);
    if (nested.length === 1) return nested[0];
  }
  return null;
}

/**
 * Whether every use of the helper's parameter is accounted for and each call of the function passes, at the task's
 * position, a parameter of the helper awaited earlier in the same block and used only there and in such calls.
 */
function helperInvokesAfterAwait(index: WorkspaceIndex, file: string, helper: MethodBody, parameter: Parameter, wrapper: HandOff['wrapper'], taskAt: number, depth: number): boolean {
  const invoker = invokerOf(index, parameter, wrapper, taskAt, { file, helper });
  if (!invoker || parameter.uses === undefined || depth > MAX_DEPTH) return false;
  const name = parameter.name;
  const bodies = index.files.get(file)?.bodies ?? [];
  // A nested lambda that captures the parameter could call it at any time.
  if (capturedInside(bodies, helper, name)) return false;
  let accounted = 0;
  for (const call of helper.calls) {
    if (call.receiver === name) {
      accounted++;
      const position = invoker.methods.get(call.name);
      if (position !== undefined) {
        if (!passesAwaitedTask(bodies, helper, call, invoker.direct ? taskAt : position)) return false;
      } else if (!invoker.harmless.has(call.name)) return false;
    } else if (invoker.direct && call.receiver === null && call.name === name) {
      accounted++;
      if (!passesAwaitedTask(bodies, helper, call, taskAt)) return false;
    }
    for (let i = 0; i < call.argumentTexts.length; i++) {
      const arg = call.argumentTexts[i].trim();
      const member = new RegExp(String.raw`^${name}\s*\.\s*([A-Za-z_]\w*)$`).exec(arg)?.[1];
      if (member !== undefined) {
        if (!invoker.harmless.has(member)) return false;
        accounted++;
      } else if (arg === name) {
        accounted++;
        if (!forwardsSafely(index, file, helper, call, i, wrapper, taskAt, depth)) return false;
      }
    }
  }
  return accounted === parameter.uses;
}

/** Whether a function nested in the helper mentions the helper's name (its capturedNames): it could use or write it at any time. */
function capturedInside(bodies: readonly MethodBody[], helper: MethodBody, name: string): boolean {
  return bodies.some((b) => b !== helper && b.parentId !== null && helper.span.start <= b.span.start && b.span.end <= helper.span.end && b.capturedNames.includes(name));
}

/** A call that hands the parameter on, at `at`, to workspace helpers that each call the function only after an await. */
function forwardsSafely(index: WorkspaceIndex, file: string, helper: MethodBody, call: CallSite, at: number, wrapper: HandOff['wrapper'], taskAt: number, depth: number): boolean {
  const resolved = resolveCallSite(call.name, call.receiver, call.argumentTexts.length, file, helper, index, call.typeArguments.length);
  if (resolved.targets.length === 0 || resolved.dispatched) return false;
  return resolved.targets.every((t) => {
    if (!t.body || t.body.hasSyntaxErrors) return false;
    const slot = call.receiver !== null && t.body.parameters[0]?.modifiers.includes('this') ? 1 : 0;
    const next = t.body.parameters[at + slot];
    return !!next && next.modifiers.length === 0 && next.typeText === helperParameterType(helper, call, at) && helperInvokesAfterAwait(index, t.file, t.body, next, wrapper, taskAt, depth + 1);
  });
}

/** The declared type of the helper's parameter a call passes at `at` (the forwarded one), for comparing with the callee's. */
function helperParameterType(helper: MethodBody, call: CallSite, at: number): string | null {
  return helper.parameters.find((p) => p.name === call.argumentTexts[at]?.trim())?.typeText ?? null;
}

/**
 * Whether the call passes, at `position`, a parameter of the helper that an await earlier in the helper has waited
 * for, in a statement every region of which (try, loop, branch) also holds the call, and that the helper mentions
 * only in such awaits and in calls that take it as a whole argument, and no function nested in it mentions (so it is
 * never assigned again).
 */
function passesAwaitedTask(bodies: readonly MethodBody[], helper: MethodBody, call: CallSite, position: number): boolean {
  const task = call.argumentTexts[position]?.trim();
  const parameter = helper.parameters.find((p) => p.name === task);
  if (!task || !parameter || parameter.uses === undefined || parameter.modifiers.length > 0 || capturedInside(bodies, helper, task)) return false;
  const awaited = helper.awaits.some((a) => a.kind === 'await' && a.operand.text.trim() === task && a.span.end <= call.span.start
    && a.regions.every((r) => r.span.start <= call.span.start && call.span.end <= r.span.end));
  if (!awaited) return false;
  const inAwaits = helper.awaits.filter((a) => a.operand.text.trim() === task).length;
  const inCalls = helper.calls.reduce((n, c) => n + c.argumentTexts.filter((a) => a.trim() === task).length, 0);
  return inAwaits + inCalls === parameter.uses;
}
