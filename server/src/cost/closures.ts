/**
 * The closures and delegates a body allocates on each call for the lambdas, local functions and method groups it
 * creates: what the caller pays for `Func<int> f = () => x;` on top of any state machine.
 *
 * - A closure object (Roslyn's display class) per scope whose variables a lambda captures, holding those variables
 *   (and `this`, and the enclosing scope's closure when it needs both). Local functions that are only called, and not
 *   async or iterators, share a struct closure instead: nothing is allocated.
 * - A delegate each time a lambda that captures something (variables or `this`) is evaluated, and each time an
 *   instance method or a capturing local function is converted to one. A lambda or method group that captures
 *   nothing is cached in a static field after the first call (C# 11 and later for method groups): 0 B.
 * - .NET 10's JIT allocates a delegate on the stack when it cannot escape the method creating it: stored in a local
 *   that is only invoked, never passed on, returned or kept across an await (measured in the calibration corpus's
 *   Delegates class). Under Runtime Async (.NET 11) a runtime-async method keeps its delegates on the heap; a
 *   non-async method still stack-allocates them.
 */
import type { MethodBody, Span } from '../model/types';
import { methodsNamed, type WorkspaceIndex } from '../workspace/index';
import { typeOfExpression, type TypingContext } from './expressionTypes';
import type { CostApi } from './apiTypes';
import { capturingDescendantsOf, childrenOf } from './nesting';
import { bodiesById } from '../model/bodies';
import { autoLayout, objectBytes } from './layout';
import type { TypeShape } from './typeLayout';

export interface BodyAllocation {
  kind: 'closure' | 'delegate';
  /** What is allocated, in words. */
  what: string;
  /** Bytes on this runtime: 0 when the JIT puts the object on the stack. */
  bytes: number;
  /** Bytes of the object when it is on the heap. */
  heapBytes: number;
  stackAllocated: boolean;
  /** The lambdas and local functions it is for (their body ids). */
  forBodies: string[];
  /** Where it is made: the lambda, or the scope whose variables the closure holds. */
  span: Span;
}

export interface AllocationContext {
  body: MethodBody;
  bodies: readonly MethodBody[];
  index: WorkspaceIndex | null;
  shape: (typeText: string) => TypeShape;
  /** The signature database as the file sees it (cost/apiTypes.ts), for the types of captured variables. */
  api?: CostApi | null;
  /** Bytes of one delegate on this runtime (64; 56 on .NET 11). */
  delegateBytes: number;
  /** The runtime's JIT stack-allocates a delegate that cannot escape the body creating it. */
  stackAllocatesDelegates: boolean;
}

const inside = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;
const isLambda = (b: MethodBody) => b.kind === 'lambda' || b.kind === 'anonymousMethod';

/** Every closure and delegate the body allocates on a call, in source order. */
export function bodyAllocationsOf(ctx: AllocationContext): BodyAllocation[] {
  const out = [...closuresOf(ctx), ...delegatesOf(ctx)];
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** Lambdas and local functions nested (at any depth) in the body that capture something: the only ones closures hold. */
function capturingNestedFunctionsOf(ctx: AllocationContext): MethodBody[] {
  return capturingDescendantsOf(ctx.body, ctx.bodies).filter((b) => isLambda(b) || b.kind === 'localFunction');
}

/** Uses of a name as a value that is converted to a delegate: an argument, an initializer, a return value. */
function methodGroupUses(body: MethodBody, name: string): { span: Span; local: string | null }[] {
  const uses: { span: Span; local: string | null }[] = [];
  const named = (text: string) => text.trim() === name || text.trim() === `this.${name}`;
  for (const call of body.calls) if (call.argumentTexts.some(named)) uses.push({ span: call.span, local: null });
  for (const l of body.locals) if (l.initializerText && named(l.initializerText) && l.kind === 'local') uses.push({ span: l.span, local: l.name });
  for (const r of body.returns) if (r.expressionText && named(r.expressionText)) uses.push({ span: r.span, local: null });
  return uses;
}

// ---- closures ----

interface ScopeGroup {
  scope: Span;
  names: string[];
  capturers: MethodBody[];
}

function closuresOf(ctx: AllocationContext): BodyAllocation[] {
  const body = ctx.body;
  const descendants = capturingNestedFunctionsOf(ctx);
  const whole = body.bodySpan ?? body.span;
  const groups = new Map<string, ScopeGroup>();
  const addTo = (scope: Span, name: string, capturer: MethodBody) => {
    const key = `${scope.start}:${scope.end}`;
    const g = groups.get(key) ?? { scope, names: [], capturers: [] };
    if (!g.names.includes(name)) g.names.push(name);
    if (!g.capturers.includes(capturer)) g.capturers.push(capturer);
    groups.set(key, g);
  };
  for (const d of descendants) {
    if (d.modifiers.includes('static')) continue;
    for (const name of d.capturedNames) {
      const local = body.locals.find((l) => l.name === name && inside(l.scope, d.span));
      if (local) addTo(local.scope, name, d);
      else if (body.parameters.some((p) => p.name === name)) addTo(whole, name, d);
    }
  }
  const ordered = [...groups.values()].sort((a, b) => a.scope.start - b.scope.start);
  const out: BodyAllocation[] = [];
  let thisPlaced = false;
  for (const g of ordered) {
    if (!g.capturers.some((c) => needsClassClosure(c, ctx))) continue;
    const typing: TypingContext = { body, bodies: ctx.bodies, index: ctx.index, api: ctx.api ?? null };
    const fields = g.names.map((n) => ({ shape: ctx.shape(typeOfExpression(n, typing) ?? 'object') }));
    const parts = [...g.names];
    // `this` goes into the outermost closure that a capturer using `this` shares; an inner closure whose capturers
    // also read an outer closure's variables links to it.
    if (!thisPlaced && g.capturers.some((c) => c.usesThis) && !body.isStatic && body.containingType) {
      fields.push({ shape: ctx.shape('object') });
      parts.push('this');
      thisPlaced = true;
    }
    const outerNames = ordered.filter((o) => o !== g && inside(o.scope, g.scope) && o.scope.start < g.scope.start).flatMap((o) => o.names);
    if (g.capturers.some((c) => c.capturedNames.some((n) => outerNames.includes(n)))) {
      fields.push({ shape: ctx.shape('object') });
      parts.push('the enclosing closure');
    }
    const bytes = objectBytes(autoLayout(fields, false).endOffset);
    out.push({
      kind: 'closure', what: `a ${bytes} B closure object holding ${parts.join(', ')}, made when the scope is entered`,
      bytes, heapBytes: bytes, stackAllocated: false, forBodies: g.capturers.map((c) => c.id), span: g.scope,
    });
  }
  return out;
}

/** A lambda, an async or iterator local function, or a local function turned into a delegate needs a class closure. */
function needsClassClosure(capturer: MethodBody, ctx: AllocationContext): boolean {
  if (isLambda(capturer)) return true;
  if (capturer.isAsync || capturer.isIterator) return true;
  const parent = capturer.parentId === ctx.body.id ? ctx.body : capturer.parentId ? bodiesById(ctx.bodies).get(capturer.parentId) : undefined;
  return !!parent && methodGroupUses(parent, capturer.name).length > 0;
}

// ---- delegates ----

function delegatesOf(ctx: AllocationContext): BodyAllocation[] {
  const body = ctx.body;
  const out: BodyAllocation[] = [];
  const children = childrenOf(body, ctx.bodies);
  for (const lambda of children.filter(isLambda)) {
    if (lambda.modifiers.includes('static') || (lambda.capturedNames.length === 0 && !lambda.usesThis)) continue;
    const target = /^<lambda in (\w+)>$/.exec(lambda.name)?.[1] ?? null;
    out.push(delegate(ctx, `a delegate for the lambda capturing ${describeCapture(lambda)}, made each time it is evaluated`, lambda.span, [lambda.id], target));
  }
  for (const fn of children.filter((b) => b.kind === 'localFunction')) {
    if (fn.modifiers.includes('static') || (fn.capturedNames.length === 0 && !fn.usesThis)) continue;
    for (const use of methodGroupUses(body, fn.name)) out.push(delegate(ctx, `a delegate for local function ${fn.name} (it captures ${describeCapture(fn)})`, use.span, [fn.id], use.local));
  }
  // Instance methods of the containing type used as method groups (`Apply(Value)`): a delegate bound to `this`.
  if (!body.isStatic && body.containingType && ctx.index) {
    const names = new Set(body.calls.flatMap((c) => c.argumentTexts).concat(body.locals.map((l) => l.initializerText ?? '')).map((t) => t.trim().replace(/^this\./, '')));
    for (const name of names) {
      if (!/^[A-Za-z_]\w*$/.test(name) || children.some((c) => c.name === name) || body.locals.some((l) => l.name === name) || body.parameters.some((p) => p.name === name)) continue;
      const method = methodsNamed(ctx.index, name, body.containingType).find((m) => m.member?.kind === 'method' && !m.member.isStatic);
      if (!method) continue;
      for (const use of methodGroupUses(body, name)) out.push(delegate(ctx, `a delegate for the instance method group ${name}, bound to this`, use.span, [], use.local));
    }
  }
  return out;
}

function describeCapture(b: MethodBody): string {
  return [...b.capturedNames, ...(b.usesThis ? ['this'] : [])].join(', ');
}

function delegate(ctx: AllocationContext, what: string, span: Span, forBodies: string[], local: string | null): BodyAllocation {
  const captured = local !== null && capturingNestedFunctionsOf(ctx).some((d) => d.capturedNames.includes(local));
  const onStack = ctx.stackAllocatesDelegates && local !== null && !captured && onlyInvoked(ctx.body, local);
  return {
    kind: 'delegate',
    what: onStack ? `${what}; the JIT allocates it on the stack, since ${local} is only invoked here` : what,
    bytes: onStack ? 0 : ctx.delegateBytes, heapBytes: ctx.delegateBytes, stackAllocated: onStack, forBodies, span,
  };
}

/**
 * A delegate local that cannot escape: invoked (`f()`, `f.Invoke()`), never passed as an argument, returned or kept
 * across an await (which would put it in the state machine); the caller checks that no lambda captures it.
 */
function onlyInvoked(body: MethodBody, name: string): boolean {
  const local = body.locals.find((l) => l.name === name && l.kind === 'local');
  if (!local || local.liveAcrossAwait) return false;
  const invoked = body.calls.some((c) => (c.name === name && c.receiver === null) || (c.name === 'Invoke' && c.receiver === name));
  const passed = body.calls.some((c) => c.argumentTexts.some((a) => a.trim() === name));
  const returned = body.returns.some((r) => r.expressionText?.trim() === name);
  const reassigned = body.locals.some((l) => l !== local && l.initializerText?.trim() === name);
  return invoked && !passed && !returned && !reassigned;
}
