/**
 * Which values Roslyn moves into state-machine fields, and how it names and pools them (cost-model.md section 5,
 * checked against the field lists of compiled state machines): referenced parameters, `this`, locals live across
 * an await, and the temporaries it synthesizes for foreach, using, try/finally, catch and spilled operands.
 * In Release builds a field is reused by a later value of the same type whose scope starts after the earlier
 * value's scope ended.
 */
import type { LocalVariable, MethodBody, Span } from '../model/types';
import type { AwaitedOperation } from './awaitables';
import { awaitResultOf, isRereadableField, namesType, operandTypeOf, typeOfExpression, type TypingContext } from './expressionTypes';
import { constantLiteralOf } from './constants';
import { capturingDescendantsOf } from './nesting';
import { shapeOfTypeText, type TypeScope, type TypeShape } from './typeLayout';
import { canonicalType, elementTypeOf, formatType, parseType, typeExpr } from './typeText';
import type { BuildConfiguration } from './profiles';
import { usesThis } from './thisUse';

export type HoistRole =
  | 'this' | 'parameter' | 'local' | 'closure' | 'spill' | 'resource' | 'enumerator' | 'arrayIndex'
  | 'pendingException' | 'pendingBranch' | 'pendingCatch' | 'returnValue';

/** A value the compiler keeps in a field: where it is first stored and how long it lives. */
export interface HoistedValue {
  role: HoistRole;
  /** The user's name for parameters and locals. */
  name: string | null;
  holds: string;
  typeText: string;
  shape: TypeShape;
  /** Allocation order: the scope start for locals, the statement for temporaries. */
  position: number;
  /** Until where the field is needed; pooled values free their field here. */
  scope: Span;
  pooled: boolean;
  assumption: string | null;
}

export interface HoistContext {
  body: MethodBody;
  bodies: readonly MethodBody[];
  typing: TypingContext;
  scope: TypeScope;
  memo: Map<string, TypeShape>;
  build: BuildConfiguration;
  /** The body's parameter types where the model has none (untyped lambda parameters, from the delegate type). */
  parameterTypes: (string | null)[];
}

const inside = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** Everything the body hoists except the state, builder and awaiter fields, in no particular order. */
export function hoistedValuesOf(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const whole = ctx.body.bodySpan ?? ctx.body.span;
  const out: HoistedValue[] = [];
  out.push(...parametersOf(ctx, whole));
  const self = thisOf(ctx, whole);
  if (self) out.push(self);
  out.push(...localsOf(ctx, ops));
  out.push(...foreachTemporaries(ctx, ops));
  out.push(...usingTemporaries(ctx, ops));
  out.push(...finallyTemporaries(ctx, ops));
  out.push(...catchTemporaries(ctx, ops));
  out.push(...spillTemporaries(ctx, ops));
  return out;
}

function value(ctx: HoistContext, partial: Omit<HoistedValue, 'shape' | 'typeText' | 'assumption'> & { typeText: string | null; what: string }): HoistedValue {
  // No stored value is void: a typing that says so went wrong somewhere (a call bound to the wrong overload), and
  // the layout says the type is not visible rather than showing a 1-byte void field as fact.
  const typeText = partial.typeText === null || partial.typeText === 'void' ? null : canonicalType(partial.typeText);
  const shape = shapeOfTypeText(typeText, ctx.scope, ctx.memo);
  const assumption = typeText === null ? `the type of ${partial.what} is not visible: an 8-byte reference is assumed` : shape.assumptions.length ? shape.assumptions.join('; ') : null;
  // One literal, not `{ ...rest, shape, assumption }`: on Node 20 an object made by a spread followed by new keys
  // gets a hidden class of its own, and a large file makes hundreds of thousands of these.
  return {
    role: partial.role, name: partial.name, holds: partial.holds, typeText: typeText ?? 'object', position: partial.position,
    scope: partial.scope, pooled: partial.pooled, shape, assumption,
  };
}

// ---- parameters and this ----

function parametersOf(ctx: HoistContext, whole: Span): HoistedValue[] {
  // Release hoists every parameter the body mentions (the capture walker treats parameters as unassigned at entry);
  // Debug hoists them all.
  return ctx.body.parameters.flatMap((p, i) => (ctx.build === 'debug' || p.referenced
    ? [value(ctx, { role: 'parameter', name: p.name, holds: `parameter ${p.name}`, typeText: p.typeText ?? ctx.parameterTypes[i] ?? null, what: `parameter ${p.name}`, position: -1, scope: whole, pooled: false })]
    : []));
}

function thisOf(ctx: HoistContext, whole: Span): HoistedValue | null {
  const b = ctx.body;
  if (b.kind === 'topLevel') return null;
  if (b.kind === 'lambda' || b.kind === 'anonymousMethod' || b.kind === 'localFunction') {
    if (b.modifiers.includes('static')) return null;
    if (b.capturedNames.length > 0) {
      return value(ctx, { role: 'this', name: null, holds: `the closure holding ${b.capturedNames.join(', ')}`, typeText: 'object', what: 'the closure', position: -0.5, scope: whole, pooled: false });
    }
    if (!b.usesThis || !b.containingType) return null;
    return value(ctx, { role: 'this', name: null, holds: `this (the ${b.containingType} instance)`, typeText: b.containingType, what: 'this', position: -0.5, scope: whole, pooled: false });
  }
  if (b.isStatic || !b.containingType) return null;
  const isStruct = b.containingTypeKind === 'struct' || b.containingTypeKind === 'record struct';
  // A struct's `this` is copied in whether or not the body uses it (seen in every compiled struct method).
  if (isStruct) return value(ctx, { role: 'this', name: null, holds: `a copy of this (the ${b.containingType} struct)`, typeText: b.containingType, what: 'this', position: -0.5, scope: whole, pooled: false });
  // `this` read through a member of the type's other partial declaration counts too (cost/thisUse.ts).
  if (!usesThis(b, ctx.typing.index) && ctx.build !== 'debug') return null;
  return value(ctx, { role: 'this', name: null, holds: `this (the ${b.containingType} instance)`, typeText: b.containingType, what: 'this', position: -0.5, scope: whole, pooled: false });
}

// ---- locals and closures ----

/** Lambdas and local functions nested in this body that capture some of its variables. */
function capturingChildren(ctx: HoistContext): MethodBody[] {
  return capturingDescendantsOf(ctx.body, ctx.bodies);
}

interface Closure {
  scope: Span;
  names: string[];
  live: boolean;
}

/**
 * Variables captured by a nested lambda or local function live in a closure object created when their scope is
 * entered; the closure reference is hoisted when a captured local is live across an await or a capturing lambda is
 * created after an await. A captured parameter is copied into a closure at the start of the method.
 */
function closuresOf(ctx: HoistContext, ops: readonly AwaitedOperation[]): { closures: Map<string, Closure>; captured: Set<LocalVariable> } {
  const children = capturingChildren(ctx);
  const captured = new Set<LocalVariable>();
  const closures = new Map<string, Closure>();
  const whole = ctx.body.bodySpan ?? ctx.body.span;
  const add = (scope: Span, name: string, live: boolean) => {
    const key = `${scope.start}:${scope.end}`;
    const entry = closures.get(key) ?? { scope, names: [], live: false };
    if (!entry.names.includes(name)) entry.names.push(name);
    const createdAfterAwait = children.some((c) => c.capturedNames.includes(name) && inside(scope, c.span)
      && ops.some((op) => op.role === 'await' && op.point.span.start >= scope.start && op.point.span.end <= c.span.start));
    entry.live ||= live || createdAfterAwait || ctx.build === 'debug';
    closures.set(key, entry);
  };
  for (const local of ctx.body.locals) {
    if (!children.some((c) => c.capturedNames.includes(local.name) && inside(local.scope, c.span))) continue;
    captured.add(local);
    add(local.scope, local.name, local.liveAcrossAwait);
  }
  for (const p of ctx.body.parameters) if (children.some((c) => c.capturedNames.includes(p.name))) add(whole, p.name, false);
  return { closures, captured };
}

function localsOf(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const { closures, captured } = closuresOf(ctx, ops);
  const out: HoistedValue[] = [];
  for (const local of ctx.body.locals) {
    if (captured.has(local)) continue;
    if (!isHoistedLocal(local, ctx, ops)) continue;
    const typeText = localType(local, ctx);
    const position = local.kind === 'foreach' ? local.scope.start + 0.25 : local.scope.start;
    out.push(value(ctx, {
      role: 'local', name: local.name, holds: `local ${local.name}${local.kind === 'foreach' ? ' (the foreach variable)' : ''}, read after an await`,
      typeText, what: `local ${local.name}`, position, scope: local.scope, pooled: ctx.build === 'release',
    }));
  }
  for (const c of closures.values()) {
    if (!c.live) continue;
    out.push(value(ctx, {
      role: 'closure', name: null, holds: `the closure object holding ${c.names.join(', ')} (captured by a lambda or local function)`,
      typeText: 'object', what: 'the closure', position: c.scope.start - 0.1, scope: c.scope, pooled: ctx.build === 'release',
    }));
  }
  return out;
}

function isHoistedLocal(local: LocalVariable, ctx: HoistContext, ops: readonly AwaitedOperation[]): boolean {
  if (ctx.build === 'debug') return ops.some((op) => inside(local.scope, op.point.span));
  if (local.liveAcrossAwait) return true;
  // A using variable is read by the Dispose call at the end of its scope: an await after its declaration (not the one
  // in its own initializer) makes it live.
  if (local.kind === 'using') {
    const statement = ctx.body.usings.find((u) => u.variableName === local.name && u.span.start <= local.span.start && local.span.end <= u.span.end);
    const declaredEnd = statement?.isDeclaration ? statement.span.end : local.span.end;
    return ops.some((op) => op.role === 'await' && op.point.span.start >= declaredEnd && op.point.span.end <= local.scope.end);
  }
  return false;
}

function localType(local: LocalVariable, ctx: HoistContext): string | null {
  if (local.typeText) return local.typeText;
  if (local.inferredTypeText) return local.inferredTypeText;
  if (!local.initializerText) return null;
  const init = typeOfExpression(local.initializerText, ctx.typing);
  if (!init) return null;
  if (local.kind === 'foreach') return elementTypeOf(init);
  return init;
}

// ---- foreach ----

const STRUCT_ENUMERATORS = new Set(['List', 'Dictionary', 'HashSet', 'Queue', 'Stack', 'ImmutableArray']);

function foreachTemporaries(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const out: HoistedValue[] = [];
  const seen = new Set<string>();
  const pooled = ctx.build === 'release';
  for (const local of ctx.body.locals) {
    if (local.kind !== 'foreach') continue;
    const key = `${local.scope.start}:${local.scope.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const asyncLoop = ops.find((op) => op.point.kind === 'awaitForeach' && op.point.span.start === local.scope.start);
    const collection = local.initializerText ?? '';
    const collectionType = typeOfExpression(collection, ctx.typing);
    const element = collectionType ? elementTypeOf(collectionType) : null;
    if (asyncLoop) {
      const configured = /\.(ConfigureAwait|WithCancellation)\s*\(/.test(collection);
      const enumerator = configured ? `ConfiguredCancelableAsyncEnumerable<${element ?? 'object'}>.Enumerator` : `IAsyncEnumerator<${element ?? 'object'}>`;
      out.push(value(ctx, { role: 'enumerator', name: null, holds: `the async enumerator of ${collection}`, typeText: enumerator, what: 'the enumerator', position: local.scope.start, scope: local.scope, pooled }));
      out.push(...pendingFinally(ctx, local.scope.start + 0.01, local.scope, 'the await foreach', null));
      continue;
    }
    const awaitsInside = ops.some((op) => op.role === 'await' && op.point.regions.some((r) => r.kind === 'foreach' && r.span.start === local.scope.start && r.span.end === local.scope.end));
    // An iterator's `yield return` inside the loop suspends it too, so the loop's enumerator must survive it.
    const yieldsInside = (ctx.body.yieldReturns ?? []).some((y) => inside(local.scope, y));
    if (!awaitsInside && !yieldsInside && ctx.build === 'release') continue;
    out.push(...enumeratorValues(ctx, collection, collectionType, local.scope, pooled));
  }
  return out;
}

/** What a foreach keeps between iterations: an array and an index, a string and an index, or the enumerator. */
function enumeratorValues(ctx: HoistContext, collection: string, collectionType: string | null, scope: Span, pooled: boolean): HoistedValue[] {
  const t = collectionType ? parseType(collectionType) : null;
  if (t && (t.arrayRank > 0 || t.name === 'string')) {
    return [
      value(ctx, { role: 'enumerator', name: null, holds: `the ${t.name === 'string' ? 'string' : 'array'} ${collection} being iterated`, typeText: collectionType, what: collection, position: scope.start, scope, pooled }),
      value(ctx, { role: 'arrayIndex', name: null, holds: `the index into ${collection}`, typeText: 'int', what: 'the index', position: scope.start + 0.01, scope, pooled }),
    ];
  }
  if (t && STRUCT_ENUMERATORS.has(t.name) && t.args.length > 0) {
    const enumerator = formatType(typeExpr(`${t.name}.Enumerator`, t.args));
    return [value(ctx, { role: 'enumerator', name: null, holds: `the ${t.name}<...>.Enumerator struct over ${collection}`, typeText: enumerator, what: 'the enumerator', position: scope.start, scope, pooled })];
  }
  const element = collectionType ? elementTypeOf(collectionType) : null;
  const v = value(ctx, { role: 'enumerator', name: null, holds: `the enumerator of ${collection}`, typeText: `IEnumerator<${element ?? 'object'}>`, what: 'the enumerator', position: scope.start, scope, pooled });
  if (!collectionType) v.assumption = `the type of ${collection} is not visible: its enumerator is assumed to be a reference (IEnumerator<T>), not a struct`;
  return [v];
}

// ---- using, try/finally, catch ----

/** The pending exception and the pending branch a try/finally keeps when its finally awaits; plus the return value when a return leaves the try. */
function pendingFinally(ctx: HoistContext, position: number, scope: Span, what: string, returnValueType: string | null): HoistedValue[] {
  const pooled = ctx.build === 'release';
  const out = [
    value(ctx, { role: 'pendingException', name: null, holds: `the exception pending while the finally of ${what} awaits`, typeText: 'object', what: 'the pending exception', position, scope, pooled }),
    value(ctx, { role: 'pendingBranch', name: null, holds: `which exit of ${what} to take after its finally awaits`, typeText: 'int', what: 'the pending branch', position: position + 0.001, scope, pooled }),
  ];
  if (returnValueType) out.push(value(ctx, { role: 'returnValue', name: null, holds: `the value returned from inside ${what}, kept while its finally awaits`, typeText: returnValueType, what: 'the return value', position: position + 0.002, scope, pooled }));
  return out;
}

function usingTemporaries(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const out: HoistedValue[] = [];
  const pooled = ctx.build === 'release';
  for (const u of ctx.body.usings) {
    const local = u.variableName ? ctx.body.locals.find((l) => l.name === u.variableName && l.kind === 'using' && l.span.start >= u.span.start && l.span.end <= u.span.end) : undefined;
    const scope = local ? { start: u.span.start, end: Math.max(local.scope.end, u.span.end) } : u.span;
    if (!u.variableName) {
      const awaitsInside = ops.some((op) => op.role === 'await' && op.point.span.start > u.span.start && op.point.span.end <= u.span.end);
      if (awaitsInside || ctx.build === 'debug') {
        const typeText = typeOfExpression(u.resourceText, ctx.typing);
        out.push(value(ctx, { role: 'resource', name: null, holds: `the resource ${u.resourceText} disposed at the end of the using`, typeText, what: u.resourceText, position: u.span.start, scope, pooled }));
      }
    }
    if (u.isAwaitUsing) {
      // DisposeAsync is awaited in the using's finally: a value returned from inside waits in a field meanwhile.
      const result = returnsValue(ctx);
      const returnsInside = result !== null && ctx.body.returns.some((r) => r.span.start > u.span.start && r.span.end <= scope.end);
      out.push(...pendingFinally(ctx, u.span.start + 0.01, scope, 'the await using', returnsInside ? result : null));
    }
  }
  return out;
}

function returnsValue(ctx: HoistContext): string | null {
  const b = ctx.body;
  return (b.returnKind === 'TaskOfT' || b.returnKind === 'ValueTaskOfT') && b.resultTypeText ? b.resultTypeText : null;
}

/** The try statement around a finally or catch clause, from the regions the model records around awaits and returns. */
function tryStatementAround(ctx: HoistContext, clause: Span): Span | null {
  const regions = [...ctx.body.awaits.flatMap((a) => a.regions), ...ctx.body.returns.flatMap((r) => r.regions)];
  const tries = regions.filter((r) => r.kind === 'try' && r.span.start < clause.start && clause.end <= r.span.end);
  tries.sort((a, b) => (b.span.start - a.span.start));
  return tries[0]?.span ?? null;
}

function finallyTemporaries(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const finallies = new Map<string, Span>();
  for (const op of ops) {
    if (op.role !== 'await') continue;
    for (const r of op.point.regions) if (r.kind === 'finally') finallies.set(`${r.span.start}:${r.span.end}`, r.span);
  }
  const out: HoistedValue[] = [];
  for (const clause of finallies.values()) {
    const tryStatement = tryStatementAround(ctx, clause) ?? { start: clause.start - 1, end: clause.end };
    const result = returnsValue(ctx);
    const returnsFromTry = result !== null && ctx.body.returns.some((r) => r.regions.some((g) => g.kind === 'try' && g.span.start === tryStatement.start && g.span.end === tryStatement.end));
    out.push(...pendingFinally(ctx, tryStatement.start, tryStatement, 'the try/finally', returnsFromTry ? result : null));
  }
  return out;
}

function catchTemporaries(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const tries = new Map<string, Span>();
  for (const op of ops) {
    if (op.role !== 'await') continue;
    for (const r of op.point.regions) {
      if (r.kind !== 'catch') continue;
      const t = tryStatementAround(ctx, r.span);
      if (t) tries.set(`${t.start}:${t.end}`, t);
    }
  }
  const out: HoistedValue[] = [];
  for (const t of tries.values()) {
    // The "which catch ran" flag is set before the try and read after it: it is live only when an await in the try
    // block can run on to the end of the block (a return after the last such await ends that path).
    const inTry = ops.filter((op) => op.role === 'await' && op.point.regions.some((r) => r.kind === 'try' && r.span.start === t.start && r.span.end === t.end));
    if (inTry.length === 0 && ctx.build === 'release') continue;
    const lastAwait = Math.max(...inTry.map((op) => op.point.span.end), -1);
    const returnsAfter = ctx.body.returns.some((r) => r.span.start > lastAwait && r.regions.some((g) => g.kind === 'try' && g.span.start === t.start && g.span.end === t.end) && r.regions.findIndex((g) => g.kind === 'try') === 0);
    if (returnsAfter && ctx.build === 'release') continue;
    // The caught exception travels to the rewritten catch body in an object temporary; with an await in the try it
    // is read "after an await" on the path where no catch ran, so it is hoisted when a catch names its exception.
    // (A `throw;` after an await in a catch reads it too; the model does not see rethrows.)
    const namesException = ctx.body.locals.some((l) => l.kind === 'catch' && l.scope.start > t.start && l.scope.end <= t.end
      && ops.some((op) => op.role === 'await' && op.point.regions.some((r) => r.kind === 'catch' && r.span.start === l.scope.start && r.span.end === l.scope.end)));
    const pooled = ctx.build === 'release';
    if (namesException) out.push(value(ctx, { role: 'pendingException', name: null, holds: 'the caught exception, carried from the catch into its rewritten body', typeText: 'object', what: 'the caught exception', position: t.start, scope: t, pooled }));
    out.push(value(ctx, { role: 'pendingCatch', name: null, holds: 'which catch block ran, kept while the try block awaits', typeText: 'int', what: 'the pending catch', position: t.start + 0.001, scope: t, pooled }));
  }
  return out;
}

// ---- spills ----

/**
 * Values computed before an await in the same statement (`x + await y`, `await a + await b`, earlier arguments, a
 * receiver, the array and index of `a[i] = await y`, the target of `x += await y`, the object an initializer fills).
 * The compiler keeps each in its own field for as long as the statement runs; a later statement reuses free fields of
 * the same type. Constants, `this`, type names and static readonly fields are read again instead (Roslyn's
 * AwaitExpressionSpiller), so they take no field.
 */
function spillTemporaries(ctx: HoistContext, ops: readonly AwaitedOperation[]): HoistedValue[] {
  const out: HoistedValue[] = [];
  const seen = new Set<string>();
  const constantScope = { index: ctx.typing.index, containingType: ctx.body.containingType };
  for (const op of ops) {
    if (op.role !== 'await') continue;
    const point = op.point;
    const statement = point.statementSpan ?? point.span;
    point.spills.forEach((spill, i) => {
      const key = spill.span ? `${spill.span.start}:${spill.span.end}` : `${statement.start}:${spill.role}:${spill.text}`;
      if (seen.has(key)) return;
      seen.add(key);
      for (const part of spillParts(spill.text, spill.role)) {
        if (!needsField(part.text, spill.role, ctx, constantScope)) continue;
        const typeText = spill.role === 'initializedObject' ? spill.text
          : spill.operator && spill.otherOperandText ? operandTypeOf(part.text, spill.operator, spill.otherOperandText, ctx.typing) ?? spilledType(part.text, ctx)
            : spilledType(part.text, ctx);
        out.push(value(ctx, {
          role: 'spill', name: null, holds: `${part.label}, evaluated before the await and kept across it`, typeText, what: `the spilled ${part.text}`,
          position: point.span.start - 0.5 + (out.length + i) * 0.001, scope: { start: statement.start - 0.5, end: statement.end }, pooled: ctx.build === 'release',
        }));
      }
    });
  }
  return out;
}

/** Whether the compiler copies the value into a field, or can read it again after the await. */
function needsField(text: string, role: string, ctx: HoistContext, constantScope: { index: HoistContext['typing']['index']; containingType: string | null }): boolean {
  if (role === 'initializedObject') return true;
  const t = text.trim();
  if (t === 'this' || t === 'base' || /^(ref|in|out)\s/.test(t)) return false;
  if (role === 'receiver' && namesType(t, ctx.typing)) return false;
  if (constantLiteralOf(t, constantScope)) return false;
  return !isRereadableField(t, ctx.typing);
}

function spillParts(text: string, role: string): { text: string; label: string }[] {
  const value = text.replace(/^[A-Za-z_]\w*\s*:\s*(?!:)/, '');
  if (role === 'initializedObject') return [{ text: value, label: `the ${value} being initialized` }];
  const label = role === 'receiver' ? `the receiver ${value}` : role === 'argument' ? `the argument ${value}` : role === 'assignmentTarget' ? `the target part ${value}` : `the value of ${value}`;
  return [{ text: value, label }];
}

function spilledType(text: string, ctx: HoistContext): string | null {
  const t = typeOfExpression(text, ctx.typing);
  if (t) return t;
  const awaited = /^await\s+(.*)$/s.exec(text);
  if (awaited) {
    const operand = typeOfExpression(awaited[1], ctx.typing);
    return operand ? awaitResultOf(operand) : null;
  }
  return null;
}
