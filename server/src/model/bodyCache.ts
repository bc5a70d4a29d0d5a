/**
 * Bodies reused from an earlier version of the same document. Modelling a function is most of the cost of a
 * file's model, and an edit usually touches one function: a body whose own text and surroundings (its
 * name, declared return type, containing type's members and, for a lambda, where it goes) are unchanged is taken from the cache and
 * moved to its new offset instead of being built again. The language server keeps one cache per document.
 */
import type { CallSite, DelegateTarget, EnclosingRegion, LocalVariable, LockStatement, MethodBody, ObjectCreation, Parameter, ReturnSite, Span, SuspensionPoint, TaskWait, UsingResource } from './types';

export interface CachedBody {
  /**
   * The body as it was built, before the file-wide passes filled in what depends on other bodies (see
   * `unpassedCopy`), with offsets as they were when the function started at `start`. Never mutated: a hit is
   * copied (`reusedBody`).
   */
  body: MethodBody;
  start: number;
  /**
   * For a function no body encloses: what the file-wide passes gave it and every body inside it (captured names,
   * each wait's known-completion reason), by id with offsets counted from `start` (`lambda_expression:120`). Both
   * depend only on the function's own text, which its key holds, so a later version whose function is a hit takes
   * them from here instead of passing over every identifier and wait of the file again. Filled in after the passes.
   */
  family?: Map<string, FamilyFacts>;
}

/** What the file-wide passes wrote into one body. */
export interface FamilyFacts {
  capturedNames: string[];
  /** Each wait's knownCompleted, in the order of the body's waits. */
  waitReasons: (string | null)[];
}

export interface ModelCache {
  entries: Map<string, CachedBody>;
  /** Where each body of the last model built with this cache came from (see `BodyProvenance`). */
  provenance?: BodyProvenance;
}

/**
 * Where each body of a model came from, aligned with its bodies: the cache entry of its function (null for the
 * top-level statements, which are never cached), the offset its function starts at, and whether what the
 * file-wide passes wrote into it is exactly what that entry's family keeps (taken from it, or stored from it). Two
 * bodies with the same entry and both `settled` are the same body moved: lsp/engine/modelTransfer.ts sends such a
 * body to the engine as a reference to the one it already holds instead of the whole body.
 */
export interface BodyProvenance {
  entries: (CachedBody | null)[];
  starts: number[];
  settled: boolean[];
}

export function createModelCache(): ModelCache {
  return { entries: new Map() };
}

/**
 * What the cache keeps of a freshly built body: a copy of the parts the file-wide passes of extract.ts write into
 * (the body's `capturedNames` and `parentId`, each wait's `knownCompleted`). The rest is shared with the model's body:
 * the model is plain data nothing writes to once built, and a deep copy of every body of a 3 MB file cost more CPU
 * time than the rules.
 */
export function unpassedCopy(body: MethodBody): MethodBody {
  return { ...body, waits: body.waits.map((w) => ({ ...w })) };
}

/**
 * A cached body for a function that now starts at `start`: where it has not moved (every function before an edit),
 * a shallow copy of the parts the file-wide passes write; where it has, a deep copy with every offset moved.
 */
export function reusedBody(cached: CachedBody, start: number): MethodBody {
  return start === cached.start ? unpassedCopy(cached.body) : movedBody(cached.body, start - cached.start);
}

/**
 * A body moved by `delta`: what `rebase` gives for a MethodBody (the same keys in the same order, every offset and
 * id moved), written out per record. A keystroke moves every body after it, on the large-document thread and again
 * on the engine (lsp/engine/modelTransfer.ts), and the generic walk, which visits every key of every object and
 * builds each copy one key at a time, was the largest step of both after the garbage it left. The records are
 * object literals with the keys in the order model/extract.ts builds them (digests of the model write bodies as JSON,
 * so the order matters), which gives every copy of a kind one layout; a spread of the original was slower still,
 * since the originals come in many layouts. Parts without offsets (texts, operands, literals, lists of strings) are
 * shared: models are never mutated once built. Rare shapes (an iterator's yields, `where` constraints) and small
 * records with optional keys (spills) go through `rebase`. test/unit/model.test.ts checks
 * that this equals `rebase` on every body of every fixture, key order included, so a new field fails it until it
 * is listed here.
 */
export function movedBody(b: MethodBody, d: number): MethodBody {
  if (b.yieldReturns !== undefined || b.enumeratorCancellation !== undefined || b.typeParameterConstraints !== undefined) return rebase(b, d);
  const id = movedId(b.id, d);
  const parentId = b.parentId === null ? null : movedId(b.parentId, d);
  const parameters = movedList(b.parameters, d, movedParameter);
  const awaits = movedList(b.awaits, d, movedSuspensionPoint);
  const locals = movedList(b.locals, d, movedLocal);
  const returns = movedList(b.returns, d, movedReturn);
  const waits = movedList(b.waits, d, movedWait);
  const calls = movedList(b.calls, d, movedCall);
  const locks = movedList(b.locks, d, movedLock);
  const usings = movedList(b.usings, d, movedUsing);
  const span = movedSpan(b.span, d);
  const nameSpan = movedSpan(b.nameSpan, d);
  const bodySpan = b.bodySpan === null ? null : movedSpan(b.bodySpan, d);
  const creations = movedList(b.creations, d, movedCreation);
  // One literal per shape, a lambda's with its delegate target in extract.ts's place: each shape gets one layout, with
  // no key added or deleted after the literal.
  const out: MethodBody = b.delegateTarget !== undefined
    ? {
      id, kind: b.kind, name: b.name, containingType: b.containingType, containingTypeKind: b.containingTypeKind, parentId, isAsync: b.isAsync,
      isStatic: b.isStatic, modifiers: b.modifiers, attributes: b.attributes, returnTypeText: b.returnTypeText, returnKind: b.returnKind,
      resultTypeText: b.resultTypeText, isIterator: b.isIterator, parameters, typeParameters: b.typeParameters, usesThis: b.usesThis,
      awaits, locals, returns, waits, calls, locks, usings, span, nameSpan, signatureEnd: b.signatureEnd + d, bodySpan,
      isExpressionBodied: b.isExpressionBodied, isEntryPoint: b.isEntryPoint, hasSyntaxErrors: b.hasSyntaxErrors, capturedNames: b.capturedNames,
      asyncFlag: b.asyncFlag, delegateTarget: b.delegateTarget === null ? null : movedDelegateTarget(b.delegateTarget, d), creations,
    }
    : {
      id, kind: b.kind, name: b.name, containingType: b.containingType, containingTypeKind: b.containingTypeKind, parentId, isAsync: b.isAsync,
      isStatic: b.isStatic, modifiers: b.modifiers, attributes: b.attributes, returnTypeText: b.returnTypeText, returnKind: b.returnKind,
      resultTypeText: b.resultTypeText, isIterator: b.isIterator, parameters, typeParameters: b.typeParameters, usesThis: b.usesThis,
      awaits, locals, returns, waits, calls, locks, usings, span, nameSpan, signatureEnd: b.signatureEnd + d, bodySpan,
      isExpressionBodied: b.isExpressionBodied, isEntryPoint: b.isEntryPoint, hasSyntaxErrors: b.hasSyntaxErrors, capturedNames: b.capturedNames,
      asyncFlag: b.asyncFlag, creations,
    };
  // extract.ts adds `writes` after the rest.
  if (b.writes !== undefined) out.writes = movedList(b.writes, d, movedWrite);
  // Names and a type name, no offsets: shared as they are.
  if (b.otherPartReads !== undefined) out.otherPartReads = b.otherPartReads;
  // Texts and names, no offsets.
  if (b.soleStatement !== undefined) out.soleStatement = b.soleStatement;
  if (b.marksEventHandled !== undefined) out.marksEventHandled = b.marksEventHandled;
  if (b.resultOnlySources !== undefined) out.resultOnlySources = b.resultOnlySources;
  return out;
}

function movedList<T>(list: readonly T[], d: number, move: (item: T, d: number) => T): T[] {
  // The shared empty list (compact.ts none) stays shared.
  if (list.length === 0) return list as T[];
  const out = new Array<T>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = move(list[i], d);
  return out;
}

function movedSpan(span: Span, d: number): Span {
  return { start: span.start + d, end: span.end + d };
}

function movedParameter(p: Parameter, d: number): Parameter {
  const out: Parameter = { name: p.name, typeText: p.typeText, modifiers: p.modifiers, referenced: p.referenced, span: movedSpan(p.span, d) };
  if (p.kept) out.kept = true;
  if (p.uses !== undefined) out.uses = p.uses;
  if (p.written) out.written = true;
  return out;
}

function movedSuspensionPoint(p: SuspensionPoint, d: number): SuspensionPoint {
  const out: SuspensionPoint = {
    kind: p.kind, span: movedSpan(p.span, d), keywordSpan: movedSpan(p.keywordSpan, d), operand: p.operand,
    regions: movedList(p.regions, d, movedRegion), spills: p.spills.length === 0 ? p.spills : rebase(p.spills, d),
  };
  if (p.statementSpan !== undefined) out.statementSpan = movedSpan(p.statementSpan, d);
  return out;
}

function movedRegion(r: EnclosingRegion, d: number): EnclosingRegion {
  return 'detail' in r ? { kind: r.kind, span: movedSpan(r.span, d), detail: r.detail } : { kind: r.kind, span: movedSpan(r.span, d) };
}

/** Only a target that is a call's argument holds an offset (the call's span); the others are shared. */
function movedDelegateTarget(t: DelegateTarget, d: number): DelegateTarget {
  if (t.call === undefined) return t;
  if ('targetText' in t || 'operator' in t || 'typeText' in t) return rebase(t, d);
  const c = t.call;
  return {
    kind: t.kind,
    call: {
      kind: c.kind, name: c.name, receiver: c.receiver, typeArguments: c.typeArguments, argumentTexts: c.argumentTexts,
      argumentIndex: c.argumentIndex, argumentName: c.argumentName, span: movedSpan(c.span, d),
    },
  };
}

function movedLocal(l: LocalVariable, d: number): LocalVariable {
  const out: LocalVariable = {
    name: l.name, kind: l.kind, typeText: l.typeText, inferredTypeText: l.inferredTypeText, initializerText: l.initializerText,
    span: movedSpan(l.span, d), scope: movedSpan(l.scope, d), liveAcrossAwait: l.liveAcrossAwait,
  };
  if (l.outArgument !== undefined) out.outArgument = l.outArgument;
  if (l.deconstructs !== undefined) out.deconstructs = l.deconstructs;
  if (l.assignedAgain !== undefined) out.assignedAgain = l.assignedAgain;
  if (l.foreachPart !== undefined) out.foreachPart = l.foreachPart;
  return out;
}

function movedReturn(r: ReturnSite, d: number): ReturnSite {
  return {
    span: movedSpan(r.span, d), expressionText: r.expressionText, literal: r.literal, isAwait: r.isAwait, beforeAnyAwait: r.beforeAnyAwait,
    regions: movedList(r.regions, d, movedRegion), conditionText: r.conditionText, aloneInBranch: r.aloneInBranch,
  };
}

function movedWait(w: TaskWait, d: number): TaskWait {
  return {
    kind: w.kind, receiverText: w.receiverText, span: movedSpan(w.span, d), nameSpan: movedSpan(w.nameSpan, d), argumentTexts: w.argumentTexts,
    knownCompleted: w.knownCompleted, inNameof: w.inNameof, onSyncPath: w.onSyncPath, ...(w.onAsyncPath ? { onAsyncPath: true as const } : {}),
  };
}

function movedCall(c: CallSite, d: number): CallSite {
  return {
    name: c.name, receiver: c.receiver, argumentTexts: c.argumentTexts, span: movedSpan(c.span, d), nameSpan: movedSpan(c.nameSpan, d),
    usage: c.usage, inNameof: c.inNameof, typeArguments: c.typeArguments, onSyncPath: c.onSyncPath,
    ...(c.receiverCompleted !== undefined ? { receiverCompleted: c.receiverCompleted } : {}),
  };
}

function movedLock(l: LockStatement, d: number): LockStatement {
  return { span: movedSpan(l.span, d), keywordSpan: movedSpan(l.keywordSpan, d), lockedText: l.lockedText };
}

function movedUsing(u: UsingResource, d: number): UsingResource {
  return {
    span: movedSpan(u.span, d), keywordSpan: movedSpan(u.keywordSpan, d), isAwaitUsing: u.isAwaitUsing, typeText: u.typeText,
    resourceText: u.resourceText, variableName: u.variableName, isDeclaration: u.isDeclaration, onSyncPath: u.onSyncPath,
  };
}

function movedCreation(c: ObjectCreation, d: number): ObjectCreation {
  return {
    typeText: c.typeText, argumentTexts: c.argumentTexts, span: movedSpan(c.span, d), destination: c.destination, targetText: c.targetText,
    inUsing: c.inUsing,
  };
}

function movedWrite(w: { name: string; span: Span }, d: number): { name: string; span: Span } {
  return { name: w.name, span: movedSpan(w.span, d) };
}

/** A deep copy with every offset moved by `delta`: spans, signatureEnd, and the `kind:offset` ids. */
export function rebase<T>(value: T, delta: number): T {
  return shift(value, delta) as T;
}

function shift(value: unknown, delta: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // An empty list stays the shared empty list (compact.ts none); a list of strings or numbers (arguments,
    // modifiers, names) has no offsets in it and is copied as it is.
    if (value.length === 0) return value;
    if (typeof value[0] !== 'object') return value.slice();
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = shift(value[i], delta);
    return out;
  }
  const source = value as Record<string, unknown>;
  // A span is copied in one literal, the commonest object of a body (every call, await, local and region has some).
  if (isPlainSpan(source)) return { start: (source.start as number) + delta, end: (source.end as number) + delta };
  const out: Record<string, unknown> = {};
  const isSpan = typeof source.start === 'number' && typeof source.end === 'number';
  // for...in rather than Object.entries: the same keys in the same order, without an array per key.
  for (const key in source) {
    const v = source[key];
    if (isSpan && (key === 'start' || key === 'end')) out[key] = (v as number) + delta;
    else if (key === 'signatureEnd' && typeof v === 'number') out[key] = v + delta;
    else if ((key === 'id' || key === 'parentId') && typeof v === 'string') out[key] = movedId(v, delta);
    else out[key] = shift(v, delta);
  }
  return out;
}

/** `{ start, end }`, in that order, and nothing else. */
function isPlainSpan(source: Record<string, unknown>): boolean {
  if (typeof source.start !== 'number' || typeof source.end !== 'number') return false;
  let keys = 0;
  for (const key in source) if (key !== (keys++ === 0 ? 'start' : 'end') || keys > 2) return false;
  return keys === 2;
}

/** A body id with its offset counted from `start` (the id as a function starting at 0 would have it). */
export function relativeId(id: string, start: number): string {
  return movedId(id, -start);
}

/** A body id (`kind:offset`) moved by `delta`, joined as model/fileSyntax.ts ownerKeyOf makes it; top-level statements' id has no offset to move. */
export function movedId(id: string, delta: number): string {
  const colon = id.lastIndexOf(':');
  const offset = Number(id.slice(colon + 1));
  return colon === -1 || !Number.isFinite(offset) || id.startsWith('topLevel:') ? id : [id.slice(0, colon), offset + delta].join(':');
}
