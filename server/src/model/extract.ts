/** Turns one parsed C# file into a FileModel: every function-like body with its awaits, locals, waits and calls, and every type declaration. */
import { tableOf, type Tree } from '../parse/parser';
import { SyntaxNode, namedChildOfType, rootOf, type SyntaxTable } from '../parse/syntaxTable';
import type { PreparedSource } from '../parse/prepare';
import type {
  BodyKind, CallSite, CallUsage, EnclosingRegion, FileModel, LocalKind, LocalVariable, LockStatement, MethodBody,
  Parameter, RegionKind, ReturnSite, SkippedBody, Span, SpilledValue, SuspensionPoint, TaskWait, TypeDeclaration, UsingResource,
} from './types';
import {
  LOOP_NODE_TYPES, argumentTexts, attributesOf, bodyOf, calleeOf, childTextsOfTypes, contains, firstToken, hasToken,
  isCancellationTokenType, isFunctionNode, normaliseTypeText, spanOf, splitTopLevel, unparenthesisedParent,
} from './syntax';
import { classifyAwaitOperand } from './awaits';
import { classifyReturnType } from './returnKind';
import { isLiveAcrossAwait, type LoopRegion, type NameOccurrence } from './liveness';
import { keepsToken } from './keptTokens';
import { functionsWithin, hasThisIn, identifierCountIn, identifierIndicesIn, identifiersNamed, mentionedNamesOf, mentions, ownerKeyOf, someVariableIn, walkFile, writesIn, type FileSyntax, type IdentifierUse } from './fileSyntax';
import { capturedNamesByBody } from './captures';
import { checkBudget, noteNesting } from './budget';
import { rebase, relativeId, reusedBody, unpassedCopy, type CachedBody, type ModelCache } from './bodyCache';
import { bodiesById } from './bodies';
import { literalOf } from './literals';
import { extractTypes } from './typeDeclarations';
import { blockTypeParameters, extensionBlockOfMember, headerTextOf, receiverOf } from './extensionBlocks';
import { spilledValuesOf, statementSpanOf } from './spills';
import { iteratorFactsOf } from './iterators';
import { completionProperties, guardReason, knownCompletedReason } from './completion';
import { constraintsField, globalUsingsOf, staticUsingsOf } from './signatureFacts';
import { asyncFlagFieldOf, asyncFlagOf, flagFieldsOf, isOnAsyncPath, isOnSyncPath, mentionsSyncMode, pathKeyOf } from './dualPath';
import { delegateTargetOf } from './delegateTargets';
import { creationsOf } from './creations';
import { soleStatementOf } from './soleStatements';
import { marksEventHandled } from './handledMarks';
import { resultOnlySourcesOf } from './resultOnlySources';
import { exactly, inOrder, intern, internedList, none, withStringTable } from './compact';

/**
 * Builds the model of one file. Never throws on any tree tree-sitter produces. `prepared` is what the pre-parse
 * pass made of the text (parser.ts returns it): its inactive code and the async declarations it saw, so that an
 * async function the tree lost to a syntax error is listed as skipped rather than silently missing.
 */
export function buildFileModel(tree: Tree, text: string, cache?: ModelCache, prepared?: PreparedSource): FileModel {
  return modelOfTable(tableOf(tree, text), cache, prepared);
}

/** buildFileModel from the tree's JavaScript copy (parse/syntaxTable.ts), which is all the model reads. */
export function modelOfTable(table: SyntaxTable, cache?: ModelCache, prepared?: PreparedSource): FileModel {
  return withStringTable(() => modelWithStringTable(table, cache, prepared));
}

function modelWithStringTable(table: SyntaxTable, cache?: ModelCache, prepared?: PreparedSource): FileModel {
  const text = table.text;
  const root = rootOf(table);
  noteNesting(table.maxDepth);
  // A model that stops part-way (model/budget.ts) must not leave the provenance of the model before it.
  if (cache) cache.provenance = undefined;
  const syntax = walkFile(table);
  const syntaxErrors = collectSyntaxErrors(table);
  const types = extractTypes(syntax.types, text);
  const functions = syntax.functions.map((node) => ({ node, body: bodyOf(node) })).filter((f): f is { node: SyntaxNode; body: SyntaxNode } => f.body !== null);
  const bodies: MethodBody[] = [];
  const skipped: FileModel['skipped'] = [];
  const topLevel = syntax.globalStatements;
  const context: FileContext = { text, types, syntax, containingTypes: containingTypesOf(syntax.functions, types), mentionsSyncMode: mentionsSyncMode(text) };

  /** Aligned with `bodies`: each one's cache entry and its function's start (see BodyProvenance). */
  const entries: (CachedBody | null)[] = [];
  const starts: number[] = [];
  if (topLevel.length > 0) {
    bodies.push(buildBody(context, null, topLevel, null));
    entries.push(null);
    starts.push(0);
  }
  const bodyIds = new Set(functions.map((f) => bodyId(f.node)));
  const reused = new Map<string, CachedBody>();
  const builtById = new Map<string, MethodBody>();
  /** The cache entry of each body that no other body encloses. */
  const outermostEntries = new Map<MethodBody, CachedBody>();
  for (const { node, body: bodyNode } of functions) {
    checkBudget();
    const parentId = enclosingBodyId(syntax, node, bodyIds);
    // A local function or lambda inside a dual-path method sees the method's `bool async` (bodies come in
    // document order, so the enclosing one is built already); it is part of the cache key, since it decides
    // which of the body's calls are on the synchronous path.
    const inheritedFlag = parentId ? builtById.get(parentId)?.asyncFlag ?? null : null;
    const key = cache ? cacheKeyOf(context, node, inheritedFlag, prepared?.parseText ?? null) : null;
    const hit = key !== null ? cache!.entries.get(key) ?? reused.get(key) : undefined;
    let body: MethodBody;
    if (hit) {
      body = reusedBody(hit, node.startIndex);
      body.parentId = parentId;
    } else {
      body = buildBody(context, node, [bodyNode], parentId, inheritedFlag);
    }
    builtById.set(body.id, body);
    // Cached before the file-wide passes below fill in what depends on other bodies.
    if (key !== null) {
      reused.set(key, hit ?? { body: unpassedCopy(body), start: node.startIndex });
      if (parentId === null) outermostEntries.set(body, reused.get(key)!);
    }
    entries.push(key !== null ? reused.get(key)! : null);
    starts.push(node.startIndex);
    if (body.hasSyntaxErrors && body.isAsync) {
      skipped.push({ name: body.name, span: body.nameSpan, reason: 'its body has syntax errors, so its awaits and locals cannot be trusted' });
    }
    bodies.push(body);
  }
  if (cache) cache.entries = reused;
  const settled = runFilePasses(bodies, topLevel.map(spanOf), syntax, outermostEntries);
  if (cache) cache.provenance = { entries, starts, settled: bodies.map((b) => settled.has(b)) };
  const usings = usingDirectivesOf(root);
  if (prepared) skipped.push(...unparsedAsyncDeclarations(prepared, bodies, syntaxErrors));
  inOrder(skipped, (a, b) => a.span.start - b.span.start);
  return {
    bodies, types, syntaxErrors, skipped, usings, inactiveCode: prepared?.inactive ?? [], preprocessorProblems: prepared?.problems ?? [],
    staticUsings: staticUsingsOf(root), globalUsings: globalUsingsOf(root), mentionedNames: mentionedNamesOf(syntax.identifiers, new Set(types.map((t) => t.nameSpan.start))).map(intern),
  };
}

/**
 * The async functions and lambdas the pre-parse pass saw (an `async` modifier followed by the rest of a
 * declaration) that the tree does not hold as async bodies: a syntax error swallowed them. They are listed as
 * skipped, so every async method a file declares is either analysed or accounted for.
 */
function unparsedAsyncDeclarations(prepared: PreparedSource, bodies: readonly MethodBody[], syntaxErrors: readonly Span[]): SkippedBody[] {
  if (syntaxErrors.length === 0) return [];
  const asyncBodies = bodies.filter((b) => b.isAsync);
  const named = new Set(asyncBodies.map((b) => b.nameSpan.start));
  const out: SkippedBody[] = [];
  for (const d of prepared.asyncDeclarations) {
    if (d.kind === 'function' && d.nameSpan) {
      if (named.has(d.nameSpan.start)) continue;
      out.push({ name: d.name ?? '?', span: d.nameSpan, reason: 'the parser could not read the code around it (a syntax error it reports nearby), so it is not analysed' });
    } else {
      // A lambda's body starts at or before its `async` and its parameters end after it.
      if (asyncBodies.some((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.span.start <= d.asyncStart && d.asyncStart < (b.bodySpan?.start ?? b.span.end))) continue;
      out.push({ name: '<async lambda>', span: { start: d.asyncStart, end: d.asyncStart + 5 }, reason: 'the parser could not read the code around it (a syntax error it reports nearby), so it is not analysed' });
    }
  }
  return out;
}

interface FileContext {
  text: string;
  types: TypeDeclaration[];
  syntax: FileSyntax;
  /** The innermost type declaration around each function node, by the node's index in the table. */
  containingTypes: Map<number, TypeDeclaration | null>;
  /**
   * Whether the file mentions a synchronous mode anywhere (dualPath.ts mentionsSyncMode): when it does not, no body
   * does, and no body's text (a method's includes its lambdas') is searched again for it.
   */
  mentionsSyncMode: boolean;
}

function bodyId(node: SyntaxNode): string {
  return ownerKeyOf(node.type, node.startIndex);
}

/** The id of the body a function sits in, from the walk's owner stack (skipping bodiless declarations). */
/**
 * What a function's model depends on: its own text, and from outside only its readable name, its declared
 * return type (a lambda's comes from the variable it is assigned to) and its containing type's instance
 * members (which decide `this` use).
 */
function cacheKeyOf(context: FileContext, fn: SyntaxNode, inheritedFlag: string | null, parseText: string | null): string {
  const containing = containingTypeIn(context, fn);
  const own = context.text.slice(fn.startIndex, fn.endIndex);
  // The text the tree was parsed from blanks inactive `#if` branches: with other preprocessing symbols (a project
  // change) the same text makes another body, so the parsed text is part of the key where it differs.
  const parsed = parseText === null ? own : parseText.slice(fn.startIndex, fn.endIndex);
  // A member of an extension block takes its receiver and type parameters from the block's header.
  const block = extensionBlockOfMember(fn);
  // A lambda's calls and waits inherit the branch of a dual path the lambda is written in (model/dualPath.ts), for
  // whichever flag its body reads: none, the enclosing body's, or one of the type's flag fields.
  const flags = [null, inheritedFlag, ...flagFieldsOf(containing)];
  return [fn.type, own, parsed === own ? '' : parsed, bodyNameOf(fn), returnTypeTextOf(fn) ?? '', typeKeyOf(containing), inheritedFlag ?? '', delegateTargetKeyOf(fn), block ? headerTextOf(block) : '', pathKeyOf(fn, flags)].join('\u0001');
}

/**
 * A function expression's model holds where it goes (`delegateTarget`: the call it is an argument of, with that
 * call's receiver, arguments and span), which lies outside its own text: `items.Select(x => x.Id)` and
 * `more.Select(x => x.Id)` are the same lambda text with different targets. The target, with its offsets counted
 * from the function's start, is part of the key; other functions have none.
 */
function delegateTargetKeyOf(fn: SyntaxNode): string {
  if (fn.type !== 'lambda_expression' && fn.type !== 'anonymous_method_expression') return '';
  return JSON.stringify(rebase(delegateTargetOf(fn), -fn.startIndex));
}

/**
 * The passes that read other bodies: each wait's known-completion reason (completion.ts, which reads the bodies
 * around the wait's) and every body's captured names (captures.ts). Both depend only on the text of the outermost
 * function around a body (its own and its enclosing bodies' declarations, awaits and mentions), so a family whose
 * outermost function was a cache hit takes them from its cache entry; the passes run only over the other families
 * (the captures over their identifiers only) and leave their answers in their entries for the next version.
 */
function runFilePasses(bodies: MethodBody[], topLevelCode: Span[], syntax: FileSyntax, outermostEntries: ReadonlyMap<MethodBody, CachedBody>): Set<MethodBody> {
  /** The bodies whose passed facts are exactly their family's cache entry's (taken from it, or stored in it now). */
  const settled = new Set<MethodBody>();
  const byId = bodiesById(bodies);
  const outermostOf = new Map<MethodBody, MethodBody>();
  const families = new Map<MethodBody, MethodBody[]>();
  for (const b of bodies) {
    const parent = b.parentId ? byId.get(b.parentId) : undefined;
    const outermost = parent ? outermostOf.get(parent) ?? parent : b;
    outermostOf.set(b, outermost);
    const family = families.get(outermost);
    if (family) family.push(b);
    else families.set(outermost, [b]);
  }
  const toCompute: MethodBody[] = [];
  const spans: Span[] = [];
  for (const [outermost, family] of families) {
    const stored = outermostEntries.get(outermost)?.family;
    const facts = stored ? family.map((b) => stored.get(relativeId(b.id, outermost.span.start))) : null;
    if (facts && facts.every((f, i) => f !== undefined && f.waitReasons.length === family[i].waits.length)) {
      family.forEach((b, i) => {
        b.capturedNames = b.parentId ? facts[i]!.capturedNames : none();
        b.waits.forEach((w, k) => (w.knownCompleted = facts[i]!.waitReasons[k]));
        settled.add(b);
      });
      continue;
    }
    toCompute.push(...family);
    if (outermost.kind === 'topLevel') spans.push(...topLevelCode);
    else spans.push(outermost.span);
  }
  if (toCompute.length === 0) return settled;
  for (const b of toCompute) for (const w of b.waits) w.knownCompleted ??= knownCompletedReason(w, b, bodies, syntax);
  // A function body's own code is its block or expression; top-level statements are each a span of the program's.
  const which = toCompute.length === bodies.length ? null : inOrder(spans, (a, b) => a.start - b.start).flatMap((s) => identifierIndicesIn(syntax, s));
  const captured = capturedNamesByBody(toCompute, (b) => (b.kind === 'topLevel' ? topLevelCode : b.bodySpan ? [b.bodySpan] : []), syntax.identifiers, which);
  for (const b of toCompute) b.capturedNames = b.parentId ? exactly(captured.get(b.id) ?? []) : none();
  for (const [outermost, family] of families) {
    const entry = outermostEntries.get(outermost);
    if (entry && !entry.family) {
      entry.family = new Map(family.map((b) => [relativeId(b.id, outermost.span.start), { capturedNames: b.capturedNames, waitReasons: b.waits.map((w) => w.knownCompleted) }]));
      for (const b of family) settled.add(b);
    }
  }
  return settled;
}

/** The part of a cache key that the containing type decides, once per type (every function of the type asks). */
const typeKeys = new WeakMap<TypeDeclaration, string>();

function typeKeyOf(containing: TypeDeclaration | null): string {
  const known = containing ? typeKeys.get(containing) : undefined;
  if (known !== undefined) return known;
  const members = containing ? containing.members.filter((m) => !m.isStatic).map((m) => m.name).join(',') : '';
  // Completion properties decide which waits are guarded (completionProperties), and the async flag field which calls
  // are on a synchronous path: both read the type's declarations, not the function's text.
  const guards = [...completionProperties(containing)].map(([k, v]) => `${k}=${v}`).join(',');
  const flags = containing ? containing.members.filter((m) => m.kind === 'field' && /^_?(async|isAsync|useAsync|runAsync|doAsync|asynchronous)$/.test(m.name)).map((m) => `${m.name}:${m.typeText}`).join(',') : '';
  const key = [containing?.name ?? '', containing?.kind ?? '', members, guards, flags].join('\u0001');
  if (containing) typeKeys.set(containing, key);
  return key;
}

function enclosingBodyId(syntax: FileSyntax, node: SyntaxNode, bodyIds: Set<string>): string | null {
  let owner = syntax.enclosingOwner.get(node.startIndex) ?? '';
  while (owner && owner !== 'topLevel:0' && !bodyIds.has(owner)) owner = syntax.enclosingOwner.get(Number(owner.slice(owner.indexOf(':') + 1))) ?? '';
  return owner === '' ? null : owner;
}

/** Spans of ERROR and MISSING nodes, outermost only, looking only inside nodes that contain one. */
function collectSyntaxErrors(table: SyntaxTable): Span[] {
  const root = rootOf(table);
  if (!root.hasError) return [];
  const out: Span[] = [];
  for (let i = 0; i < table.count;) {
    const node = new SyntaxNode(table, i);
    if (node.isError || node.isMissing) {
      out.push({ start: node.startIndex, end: Math.max(node.endIndex, node.startIndex) });
      i = table.after[i];
    } else if (node.hasError) {
      i++;
    } else {
      i = table.after[i];
    }
  }
  return out;
}

/** The nodes of the given types that belong to this body and not to a function nested in it, in document order. */
function ownNodes(context: FileContext, ownerKey: string, types: string[]): SyntaxNode[] {
  const byType = context.syntax.owned.get(ownerKey);
  if (!byType) return [];
  // Most questions name one type: its list as it is, without the lists of lists below (a body asks about ten times).
  if (types.length === 1) return byType.get(types[0]) ?? [];
  const lists = types.map((t) => byType.get(t) ?? []).filter((l) => l.length > 0);
  if (lists.length <= 1) return lists[0] ?? [];
  return inOrder(lists.flat(), (a, b) => a.startIndex - b.startIndex);
}

function buildBody(context: FileContext, fn: SyntaxNode | null, bodyNodes: SyntaxNode[], parentId: string | null, inheritedFlag: string | null = null): MethodBody {
  const kind = bodyKindOf(fn);
  const ownerKey = fn ? ownerKeyOf(fn.type, fn.startIndex) : 'topLevel:0';
  const own = (types: string[]) => ownNodes(context, ownerKey, types);
  const modifiers = internedList(fn ? context.syntax.functionModifiers.get(fn.startIndex) ?? [] : []);
  const isAsync = fn ? modifiers.includes('async') : own(['await_expression']).length > 0;
  const returnTypeText = fn ? returnTypeTextOf(fn) : null;
  const classified = kind === 'topLevel' ? { kind: 'Task' as const, resultType: null } : classifyReturnType(returnTypeText, isAsync);
  const containing = fn ? containingTypeIn(context, fn) : null;
  const span = fn ? spanOf(fn) : { start: bodyNodes[0].startIndex, end: bodyNodes[bodyNodes.length - 1].endIndex };
  const nameNode = fn ? nameNodeOf(fn) : null;
  const bodyNode = fn ? bodyOf(fn) : null;
  const isExpressionBodied = !!bodyNode && bodyNode.type !== 'block';
  const bodySpans = bodyNodes.map(spanOf);
  // Names are looked up in the file's identifiers by name (fileSyntax.ts), never by listing every identifier of
  // the body: a body's identifiers include its nested functions', so listing them made deep nesting quadratic.
  const isMentioned = (name: string) => mentions(context.syntax, name, bodySpans);

  const invocations: Invocation[] = own(['invocation_expression']).map((node) => ({ node, callee: calleeOf(node) }));
  const nameofSpans = invocations.filter((i) => i.callee?.name === 'nameof' && i.callee.receiver === null).map((i) => spanOf(i.node));
  const inNameof = (n: SyntaxNode) => nameofSpans.some((s) => s.start <= n.startIndex && n.endIndex <= s.end);
  const hasUsingDeclarations = own(['local_declaration_statement']).some((d) => /^(await\s+)?using\b/.test(d.text));

  // A member of a C# 14 extension block is a static method of the class around the block, its receiver the first
  // parameter (model/extensionBlocks.ts); a member declared static there has no receiver.
  const block = fn ? extensionBlockOfMember(fn) : null;
  const receiver = block && !modifiers.includes('static') ? receiverOf(block) : null;
  // Top-level statements are the body of a Main with an implicit `string[] args` parameter.
  const declaredParameters = fn ? parametersOf(fn, isMentioned) : [{ name: 'args', typeText: 'string[]', modifiers: none<string>(), referenced: isMentioned('args'), span: { start: bodyNodes[0].startIndex, end: bodyNodes[0].startIndex } }];
  // The receiver is declared in the block's header, outside the member's text: its span is the member's start, so a
  // body reused from the cache and moved with its member (bodyCache.ts) keeps every offset inside the member.
  const receiverSpan = fn ? { start: fn.startIndex, end: fn.startIndex } : null;
  const parameters = receiver?.name && receiverSpan ? [{ name: receiver.name, typeText: receiver.typeText, modifiers: ['this'], referenced: isMentioned(receiver.name), span: receiverSpan }, ...declaredParameters] : declaredParameters;
  const awaits = suspensionPointsOf(own, bodyNodes, hasUsingDeclarations);
  const iterator = iteratorFactsOf(fn, own(['yield_statement']));
  // An iterator suspends at each `yield return` too: a local read after one is hoisted like one read after an await.
  const locals = localsOf(own, (name) => identifiersNamed(context.syntax, name, bodySpans), [...awaits, ...iterator.yieldReturns.map((span) => ({ kind: 'await' as const, span }))]);
  const declares = (name: string) => parameters.some((p) => p.name === name) || locals.some((l) => l.name === name);
  for (const p of parameters) if (p.referenced && isCancellationTokenType(p.typeText, false) && keepsToken(context.text, bodySpans, p.name, declares)) p.kept = true;
  if (kind === 'method' || kind === 'localFunction') {
    // The body's own mentions: a nested function that mentions the name either declares its own or captures this one,
    // which its capturedNames says. The nested functions come from a binary search in the file's (in document order):
    // filtering them all for every body made the model quadratic in the number of functions.
    const nested = parameters.some((p) => p.referenced) ? functionsWithin(context.syntax, span).filter((f) => f !== fn).map(spanOf) : [];
    const ownUse = (u: { start: number; end: number; isMemberName: boolean }) => !u.isMemberName && !nested.some((n) => n.start <= u.start && u.end <= n.end);
    for (let i = 0; i < parameters.length; i++) {
      const p = parameters[i];
      if (!p.referenced) continue;
      const mentions = identifiersNamed(context.syntax, p.name, bodySpans).filter((u) => !u.isMemberName);
      // A nested function's write counts too: it may run before the body hands the parameter on.
      parameters[i] = parameterWithUses(p, mentions.filter(ownUse).length, mentions.some((u) => u.access === 'write' || u.access === 'readwrite'));
    }
  }
  const asyncFlag = asyncFlagOf(parameters) ?? (inheritedFlag !== null && !declares(inheritedFlag) ? inheritedFlag : null) ?? asyncFlagFieldOf(containing, isMentioned);
  const syncMode = asyncFlag !== null || (context.mentionsSyncMode && bodySpans.some((b) => mentionsSyncMode(context.text.slice(b.start, b.end))));
  const onSyncPath = (n: SyntaxNode) => syncMode && isOnSyncPath(n, asyncFlag);
  const name = fn ? bodyNameOf(fn) : '<top-level statements>';
  const body: MethodBody = {
    id: fn ? bodyId(fn) : 'topLevel:0',
    kind,
    name,
    containingType: containing?.name ?? null,
    containingTypeKind: containing?.kind ?? null,
    parentId,
    isAsync,
    isStatic: block !== null || modifiers.includes('static'),
    modifiers,
    attributes: fn ? attributesOf(fn) : none(),
    returnTypeText: returnTypeText === null ? null : normaliseTypeText(returnTypeText),
    returnKind: classified.kind,
    resultTypeText: classified.resultType === null ? null : normaliseTypeText(classified.resultType),
    isIterator: own(['yield_statement']).length > 0,
    ...(iterator.yieldReturns.length > 0 ? iterator : {}),
    parameters,
    typeParameters: block ? [...blockTypeParameters(block), ...typeParametersOf(fn!)] : fn ? typeParametersOf(fn) : none(),
    ...(block ? mergedConstraints(block, fn) : constraintsField(fn)),
    usesThis: fn && !block ? usesThis(modifiers, bodySpans, context.syntax, containing, parameters, locals) : false,
    awaits,
    locals,
    returns: [],
    waits: [],
    calls: callsOf(invocations, inNameof, onSyncPath),
    locks: locksOf(own),
    usings: usingsOf(own, onSyncPath),
    span,
    nameSpan: nameNode ? spanOf(nameNode) : { start: span.start, end: span.start },
    signatureEnd: signatureEndOf(fn, bodyNode, span),
    bodySpan: bodyNode ? spanOf(bodyNode) : span,
    isExpressionBodied,
    isEntryPoint: kind === 'topLevel' || (kind === 'method' && name === 'Main' && modifiers.includes('static')),
    hasSyntaxErrors: bodyNodes.some((b) => b.hasError),
    capturedNames: [],
    asyncFlag,
    ...(fn && (kind === 'lambda' || kind === 'anonymousMethod') ? { delegateTarget: delegateTargetOf(fn) } : {}),
    creations: creationsOf(own(['object_creation_expression', 'implicit_object_creation_expression'])),
  };
  // What an async body writes that it does not declare (fields, mostly): the completion verdicts ask whether a
  // branch that awaits after a field's null check fills that field, as a cache miss does. A declarator declares a new
  // variable (a nested function's local, when the body does not declare it itself) and writes no outer one: left out,
  // which also keeps deeply nested functions from listing every inner declaration at every level (quadratic).
  if (isAsync) {
    const written = writesIn(context.syntax, bodySpans, (n) => !declares(n), false);
    if (written.length > 0) body.writes = written;
  }
  // A partial type's other declarations live in other files, which this model does not see: the names the body reads
  // that this declaration does not hold may be their instance members, which the cost model asks the workspace about.
  // Methods only: a lambda or local function also reads the enclosing body's variables, which would pass for members.
  if (fn && !block && kind === 'method' && !body.usesThis) {
    const reads = otherPartReadsOf(modifiers, bodySpans, context.syntax, containing, parameters, locals);
    if (reads) body.otherPartReads = reads;
  }
  // What a method's one statement lets out: ASY020 reads another file's awaited method through it (rules/faultFreeCalls.ts),
  // and ASY022 a lambda a method hands to Task.Run (rules/faultFreeTasks.ts).
  if (fn && (kind === 'method' || kind === 'localFunction' || kind === 'lambda')) {
    const sole = soleStatementOf(fn, isAsync);
    if (sole) body.soleStatement = sole;
  }
  // Whether a handler marks its event handled on every path: ASY020 asks the workspace for an application's handler of
  // WPF's unhandled-exception event that does (rules/wpfHandlers.ts).
  if (fn && kind === 'method' && parameters.length === 2 && marksEventHandled(fn, parameters[1].name)) body.marksEventHandled = true;
  body.returns = returnsOf(own, fn, bodyNode, awaits, hasUsingDeclarations);
  // A TaskCompletionSource local a method returns the task of, and only ever gives a result: ASY022 reads another
  // file's dropped call through it (rules/faultFreeTasks.ts).
  if (!isAsync && body.returns.length > 0 && locals.length > 0) {
    const sources = resultOnlySourcesOf(body.returns, locals, (name) => identifiersNamed(context.syntax, name, bodySpans), context.syntax.identifiers.text);
    if (sources.length > 0) body.resultOnlySources = sources;
  }
  const guards = completionProperties(containing);
  // Waits on the asynchronous branch of the flag: a test that drives a driver's async API from a synchronous theory
  // blocks there on purpose (rules/asy003-sync-over-async.ts).
  const onAsyncPath = (n: SyntaxNode) => asyncFlag !== null && isOnAsyncPath(n, asyncFlag);
  body.waits = waitsOf(invocations, context.syntax.resultAccesses.get(ownerKey) ?? [], fn, inNameof, { onSyncPath, onAsyncPath }, guards);
  markGuardedHelperCalls(body.calls, invocations, fn, guards);
  return body;
}

/** Names a workspace's waiting helper may have (rules/waitingHelpers.ts): Smartstore's `Await`, AsyncEx's `WaitAndUnwrapException`. */
const WAITING_HELPER_NAME = /^(?:Await\w*|\w*Wait\w*|\w*Sync)$/;
const MODEL_WAIT_NAMES = new Set(['Wait', 'WaitAll', 'WaitAny']);

/**
 * A call that may be a waiting helper gets the guards of a wait written in place (CallSite.receiverCompleted), read
 * here where the tree is: the rules learn only later, from the workspace, that the call blocks on its receiver. Only
 * calls so named are asked, so the walk up the tree costs nothing for the others (Brighter's copy of AsyncEx rethrows
 * with `t.WaitAndUnwrapException()` inside ContinueWith callbacks, where `t` has finished).
 */
function markGuardedHelperCalls(calls: CallSite[], invocations: Invocation[], fn: SyntaxNode | null, guards: ReadonlyMap<string, string>): void {
  for (const { node: n, callee } of invocations) {
    // The model's own waits (`t.Wait()`, `Task.WaitAll(...)`) have their guards already (waitsOf above).
    if (!callee?.receiver || !WAITING_HELPER_NAME.test(callee.name) || MODEL_WAIT_NAMES.has(callee.name)) continue;
    const reason = guardReason(n, callee.receiver, fn, guards);
    if (!reason) continue;
    const start = spanOf(n).start;
    const call = calls.find((c) => c.span.start === start && c.name === callee.name);
    if (call) call.receiverCompleted = reason;
  }
}

/** The constraints of an extension block's type parameters and of its member's own, as the lowered method has them. */
function mergedConstraints(block: SyntaxNode, fn: SyntaxNode | null): { typeParameterConstraints?: Record<string, string[]> } {
  const merged = { ...constraintsField(block).typeParameterConstraints, ...constraintsField(fn).typeParameterConstraints };
  return Object.keys(merged).length > 0 ? { typeParameterConstraints: merged } : {};
}

function bodyKindOf(fn: SyntaxNode | null): BodyKind {
  if (!fn) return 'topLevel';
  switch (fn.type) {
    case 'method_declaration': return 'method';
    case 'local_function_statement': return 'localFunction';
    case 'lambda_expression': return 'lambda';
    case 'anonymous_method_expression': return 'anonymousMethod';
    case 'accessor_declaration':
    case 'property_declaration':
    case 'indexer_declaration': return 'accessor';
    case 'constructor_declaration':
    case 'destructor_declaration': return 'constructor';
    default: return 'operator';
  }
}

function nameNodeOf(fn: SyntaxNode): SyntaxNode | null {
  const name = fn.childForFieldName('name');
  if (name) return name;
  if (fn.type === 'lambda_expression' || fn.type === 'anonymous_method_expression') {
    // Point at the `async` modifier or the arrow/delegate keyword, which is where people look.
    return fn.children.find((c) => c?.type === 'modifier') ?? firstToken(fn, '=>') ?? firstToken(fn, 'delegate');
  }
  if (fn.type === 'accessor_declaration') return fn.children.find((c) => !!c && !c.isNamed) ?? null;
  return null;
}

/** A readable name: `Load`, `get_Name`, `<lambda in handler>`, `<lambda passed to Run>`. */
function bodyNameOf(fn: SyntaxNode): string {
  // An expression-bodied property or indexer is its getter, named as the compiler names it.
  if (fn.type === 'property_declaration') return `get_${fn.childForFieldName('name')?.text ?? '?'}`;
  if (fn.type === 'indexer_declaration') return 'get_Item';
  // Operators have no name of their own: the declaration as C# messages name it (`operator +`, `implicit operator int`).
  if (fn.type === 'operator_declaration') return `operator ${fn.childForFieldName('operator')?.text ?? '?'}`;
  if (fn.type === 'conversion_operator_declaration') {
    const kind = fn.children.find((c) => !!c && (c.type === 'implicit' || c.type === 'explicit'))?.type ?? 'implicit';
    return `${kind} operator ${fn.childForFieldName('type')?.text ?? '?'}`;
  }
  const name = fn.childForFieldName('name');
  if (name && fn.type !== 'accessor_declaration') return name.text;
  if (fn.type === 'accessor_declaration') {
    const keyword = fn.children.find((c) => !!c && !c.isNamed && ['get', 'set', 'init', 'add', 'remove'].includes(c.type))?.type ?? 'get';
    const owner = fn.parent?.parent;
    const ownerName = owner?.childForFieldName('name')?.text ?? (owner?.type === 'indexer_declaration' ? 'Item' : '?');
    return `${keyword}_${ownerName}`;
  }
  const { parent } = unparenthesisedParent(fn);
  if (parent?.type === 'variable_declarator') return `<lambda in ${parent.childForFieldName('name')?.text ?? '?'}>`;
  if (parent?.type === 'assignment_expression') return `<lambda in ${parent.childForFieldName('left')?.text ?? '?'}>`;
  if (parent?.type === 'argument') {
    const invocation = parent.parent?.parent;
    const callee = invocation?.type === 'invocation_expression' ? calleeOf(invocation) : null;
    if (callee) return `<lambda passed to ${callee.name}>`;
  }
  return fn.type === 'anonymous_method_expression' ? '<anonymous method>' : '<lambda>';
}

function returnTypeTextOf(fn: SyntaxNode): string | null {
  switch (fn.type) {
    case 'method_declaration':
      return fn.childForFieldName('returns')?.text ?? null;
    case 'local_function_statement':
    case 'lambda_expression':
      return fn.childForFieldName('type')?.text ?? lambdaDelegateReturn(fn);
    case 'anonymous_method_expression':
      return lambdaDelegateReturn(fn);
    case 'accessor_declaration': {
      const owner = fn.parent?.parent;
      const keyword = fn.children.find((c) => !!c && !c.isNamed)?.type;
      if (keyword === 'get') return owner?.childForFieldName('type')?.text ?? null;
      return 'void';
    }
    case 'constructor_declaration':
    case 'destructor_declaration':
      return 'void';
    default:
      return fn.childForFieldName('type')?.text ?? null;
  }
}

/**
 * For `Func<Task<int>> f = async () => ...`, the delegate's last type argument; for Action, void. The delegate type
 * comes from the variable's declaration, or, for a lambda a method returns (`Func<Task> Later() => () => ...`),
 * from that method's declared return type.
 */
function lambdaDelegateReturn(fn: SyntaxNode): string | null {
  const { parent } = unparenthesisedParent(fn);
  let typeText: string | null = null;
  if (parent?.type === 'variable_declarator') typeText = parent.parent?.childForFieldName('type')?.text ?? null;
  else if (parent?.type === 'arrow_expression_clause' || parent?.type === 'return_statement') typeText = enclosingReturnType(parent);
  if (!typeText || typeText === 'var') return null;
  const m = /^(?:System\.)?(Func|Action)(?:<(.*)>)?$/.exec(typeText.replace(/\s+/g, ''));
  if (!m) return null;
  if (m[1] === 'Action') return 'void';
  const args = m[2] ? splitTopLevel(m[2]) : [];
  return args.length ? args[args.length - 1] : null;
}

/** The declared return type of the method or local function a return statement or arrow body belongs to. */
function enclosingReturnType(node: SyntaxNode): string | null {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'method_declaration') return p.childForFieldName('returns')?.text ?? null;
    if (p.type === 'local_function_statement') return p.childForFieldName('type')?.text ?? null;
    if (p.type === 'property_declaration') return p.childForFieldName('type')?.text ?? null;
    if (isFunctionNode(p)) return null;
  }
  return null;
}

function containingTypeIn(context: FileContext, fn: SyntaxNode): TypeDeclaration | null {
  const known = context.containingTypes.get(fn.index);
  return known !== undefined ? known : containingTypeOf(spanOf(fn), context.types);
}

/** The innermost of `types` around the span: of those that contain it, the last in the list that lies within the one before. */
function containingTypeOf(span: Span, types: readonly TypeDeclaration[]): TypeDeclaration | null {
  let best: TypeDeclaration | null = null;
  for (const t of types) {
    if (contains(t.span, span) && (!best || contains(best.span, t.span))) best = t;
  }
  return best;
}

/**
 * containingTypeOf for every function of a file in one sweep: asking each function of every type cost the
 * functions times the types (a 3 MB file of 534 classes and 21,000 functions spent 0.2-0.4 s there). Functions are
 * taken in order of their start; a type can hold a function only if it starts at or before it and ends at or after
 * its start, so only those types (the few around it) are passed to containingTypeOf, in their list order.
 */
function containingTypesOf(functions: readonly SyntaxNode[], types: readonly TypeDeclaration[]): Map<number, TypeDeclaration | null> {
  const out = new Map<number, TypeDeclaration | null>();
  const byStart = types.map((type, order) => ({ type, order })).sort((a, b) => a.type.span.start - b.type.span.start || a.order - b.order);
  const fns = inOrder([...functions], (a, b) => a.startIndex - b.startIndex);
  let open: { type: TypeDeclaration; order: number }[] = [];
  let next = 0;
  for (const fn of fns) {
    const start = fn.startIndex;
    while (next < byStart.length && byStart[next].type.span.start <= start) open.push(byStart[next++]);
    if (open.some((t) => t.type.span.end < start)) open = open.filter((t) => t.type.span.end >= start);
    inOrder(open, (a, b) => a.order - b.order);
    out.set(fn.index, containingTypeOf(spanOf(fn), open.map((t) => t.type)));
  }
  return out;
}

function typeParametersOf(fn: SyntaxNode): string[] {
  const list = fn.childForFieldName('type_parameters');
  return list ? exactly(list.namedChildren.filter((c) => c?.type === 'type_parameter').map((c) => (c!.childForFieldName('name') ?? c!).text)) : none();
}

/** The children of a parameter that are its modifiers (a body's parameters; signatureFacts.ts also counts `readonly` for declarations). */
const PARAMETER_MODIFIERS = new Set(['modifier', 'parameter_modifier', 'ref', 'out', 'in', 'params', 'this', 'scoped']);

function parametersOf(fn: SyntaxNode, isMentioned: (name: string) => boolean): Parameter[] {
  const list = fn.childForFieldName('parameters') ?? namedChildOfType(fn, 'parameter_list') ?? null;
  const params: SyntaxNode[] = [];
  if (list) {
    if (list.type === 'implicit_parameter' || list.type === 'identifier') params.push(list);
    else for (const c of list.namedChildren) if (c && (c.type === 'parameter' || c.type === 'implicit_parameter')) params.push(c);
  }
  // Property setters and indexers use the implicit `value` parameter.
  if (fn.type === 'accessor_declaration' && ['set', 'init', 'add', 'remove'].some((k) => hasToken(fn, k))) {
    const owner = fn.parent?.parent;
    return [{ name: 'value', typeText: owner?.childForFieldName('type')?.text ?? null, modifiers: none<string>(), referenced: isMentioned('value'), span: spanOf(fn) }];
  }
  const out: Parameter[] = params.map((p) => {
    const nameNode = p.type === 'parameter' ? p.childForFieldName('name') : p;
    const typeNode = p.type === 'parameter' ? p.childForFieldName('type') : null;
    const name = intern(nameNode?.text ?? '?');
    return {
      name,
      typeText: typeNode ? normaliseTypeText(typeNode.text) : null,
      modifiers: childTextsOfTypes(p, PARAMETER_MODIFIERS),
      referenced: isMentioned(name),
      span: spanOf(p),
    };
  });
  // tree-sitter-c-sharp 0.23.5 leaves `params T[] name` unwrapped: the `params` token, the type and the name are
  // children of the list itself (signatureFacts.ts reads declarations the same way).
  if (list && list.type === 'parameter_list') {
    const children = list.children.filter((c): c is SyntaxNode => !!c);
    for (let i = 0; i < children.length; i++) {
      if (children[i].type !== 'params') continue;
      const type = children[i + 1];
      const nameNode = children[i + 2];
      if (!type || nameNode?.type !== 'identifier') continue;
      out.push({ name: nameNode.text, typeText: normaliseTypeText(type.text), modifiers: ['params'], referenced: isMentioned(nameNode.text), span: { start: children[i].startIndex, end: nameNode.endIndex } });
    }
    inOrder(out, (a, b) => a.span.start - b.span.start);
  }
  return exactly(out);
}

/**
 * The parameter `p` with its uses in the body (and whether the body assigns it), as one object literal with every
 * property it will have. Added to the parameter after it was built, `uses` went to a separate backing store of the
 * object (40 bytes more for each parameter a body mentions: 0.8 MB of the models of the generated 200,000-line
 * corpus). The properties and their order are those the additions gave.
 */
function parameterWithUses(p: Parameter, uses: number, written: boolean): Parameter {
  const { name, typeText, modifiers, referenced, span } = p;
  if (p.kept) return written ? { name, typeText, modifiers, referenced, span, kept: true, uses, written: true } : { name, typeText, modifiers, referenced, span, kept: true, uses };
  return written ? { name, typeText, modifiers, referenced, span, uses, written: true } : { name, typeText, modifiers, referenced, span, uses };
}

function usesThis(modifiers: string[], bodySpans: Span[], syntax: FileSyntax, containing: TypeDeclaration | null, params: Parameter[], locals: LocalVariable[]): boolean {
  if (modifiers.includes('static')) return false;
  if (bodySpans.some((b) => hasThisIn(syntax, b))) return true;
  if (!containing) return false;
  const instanceMembers = instanceMembersOf(containing);
  const shadowing = new Set([...params.map((p) => p.name), ...locals.map((l) => l.name)]);
  // Whichever is shorter: the instance members, each looked up by name, or the body's identifiers.
  const identifierCount = bodySpans.reduce((n, b) => n + identifierCountIn(syntax, b), 0);
  if (instanceMembers.size <= identifierCount) return [...instanceMembers].some((name) => !shadowing.has(name) && mentions(syntax, name, bodySpans));
  return bodySpans.some((b) => someVariableIn(syntax, b, (name) => !shadowing.has(name) && instanceMembers.has(name)));
}

/**
 * For a body of a partial type that uses no member of its own declaration: the type's full name and the names the body
 * reads that are neither its parameters and locals nor members of this declaration, or null when there is nothing to
 * ask (a static body, a type that is not partial, no such name).
 */
function otherPartReadsOf(modifiers: string[], bodySpans: Span[], syntax: FileSyntax, containing: TypeDeclaration | null, params: Parameter[], locals: LocalVariable[]): { typeFullName: string; names: string[] } | null {
  if (modifiers.includes('static') || !containing || !containing.modifiers.includes('partial')) return null;
  const own = new Set([...params.map((p) => p.name), ...locals.map((l) => l.name), ...containing.members.map((m) => m.name)]);
  const names = new Set<string>();
  for (const span of bodySpans) someVariableIn(syntax, span, (name) => { if (!own.has(name)) names.add(name); return false; });
  return names.size === 0 ? null : { typeFullName: containing.fullName, names: exactly([...names].map(intern)) };
}

/** The names of a type's instance members and primary-constructor parameters, once per type (every body of it asks). */
const instanceMembersByType = new WeakMap<TypeDeclaration, ReadonlySet<string>>();

function instanceMembersOf(type: TypeDeclaration): ReadonlySet<string> {
  let names = instanceMembersByType.get(type);
  if (!names) {
    const set = new Set(type.members.filter((m) => !m.isStatic && m.kind !== 'constructor').map((m) => m.name));
    // A primary-constructor parameter read by a member is a field of `this` (cost model, issue 12).
    for (const p of type.primaryConstructorParameters) set.add(p.name);
    instanceMembersByType.set(type, (names = set));
  }
  return names;
}

function signatureEndOf(fn: SyntaxNode | null, bodyNode: SyntaxNode | null, span: Span): number {
  if (!fn || !bodyNode) return span.start;
  if (fn.type === 'lambda_expression') {
    const arrow = firstToken(fn, '=>');
    return arrow ? arrow.startIndex : bodyNode.startIndex;
  }
  // End of the parameter list (or constraint clauses), before the body or `=>`.
  let end = span.start;
  for (const c of fn.children) {
    if (!c || c.startIndex >= bodyNode.startIndex) break;
    if (c.type !== 'arrow_expression_clause') end = c.endIndex;
  }
  return end;
}

const REGION_OF: Record<string, RegionKind> = {
  lock_statement: 'lock',
  using_statement: 'using',
  for_statement: 'loop',
  while_statement: 'loop',
  do_statement: 'loop',
  foreach_statement: 'foreach',
  switch_statement: 'switch',
  switch_expression: 'switch',
  if_statement: 'conditional',
  conditional_expression: 'conditional',
};

/**
 * Statements around a node, innermost first, up to the body. `above` holds the answers for awaits of the body already
 * walked, by their start: a walk that reaches one (an await nested in another's operand) takes the rest from it, as
 * the walk from there on is the same; without it, nested awaits walked the whole nesting each (quadratic, issue 10).
 */
export function regionsAround(node: SyntaxNode, bodyNodes: SyntaxNode[], hasUsingDeclarations = true, above?: ReadonlyMap<number, EnclosingRegion[]>): EnclosingRegion[] {
  const regions: EnclosingRegion[] = [];
  // The body's own nodes by start and end, compared as numbers (a key string per step up was most of the walk's cost).
  const stop = new Map<number, number[]>();
  for (const b of bodyNodes) stop.set(b.startIndex, [...(stop.get(b.startIndex) ?? []), b.endIndex]);
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    // An await adds no region of its own, so one that is not the body itself hands over the rest of the walk.
    const known = above && p.type === 'await_expression' && !stop.get(p.startIndex)?.includes(p.endIndex) ? above.get(p.startIndex) : undefined;
    if (known) {
      regions.push(...known);
      break;
    }
    if (p.type === 'try_statement') {
      const body = p.childForFieldName('body');
      if (body && body.startIndex === child.startIndex && body.endIndex === child.endIndex) regions.push({ kind: 'try', span: spanOf(p) });
    } else if (p.type === 'catch_clause') {
      regions.push({ kind: 'catch', span: spanOf(p) });
    } else if (p.type === 'finally_clause') {
      regions.push({ kind: 'finally', span: spanOf(p) });
    } else if (REGION_OF[p.type]) {
      const kind = REGION_OF[p.type];
      // The collection of a foreach and the resource of a using are evaluated outside the region.
      const outside = (kind === 'foreach' && p.childForFieldName('right')?.startIndex === child.startIndex) ||
        (kind === 'loop' && p.type === 'for_statement' && p.childForFieldName('initializer')?.startIndex === child.startIndex) ||
        (kind === 'using' && child.type !== 'block' && child.type !== 'expression_statement' && p.childForFieldName('body')?.startIndex !== child.startIndex) ||
        ((kind === 'conditional' || kind === 'switch') && p.childForFieldName(kind === 'switch' ? 'value' : 'condition')?.startIndex === child.startIndex);
      if (!outside) {
        const detail = kind === 'foreach' ? p.childForFieldName('right')?.text
          : kind === 'using' ? usingResourceText(p)
            : kind === 'conditional' ? conditionDetail(p, child)
              : undefined;
        regions.push({ kind: kind === 'foreach' && hasToken(p, 'await') ? 'foreach' : kind, span: spanOf(p), detail });
      }
    } else if (p.type === 'block' && hasUsingDeclarations) {
      usingDeclarationsBefore(p, child, regions);
    } else if ((p.type === 'binary_expression' && p.childForFieldName('operator')?.text === '??') || (p.type === 'assignment_expression' && p.childForFieldName('operator')?.text === '??=')) {
      // The right operand of `a ?? b` and `a ??= b` runs only when a is null: a branch, like an if's.
      const left = p.childForFieldName('left');
      if (left && p.childForFieldName('right')?.startIndex === child.startIndex) regions.push({ kind: 'conditional', span: spanOf(p), detail: `${left.text} is null` });
    }
    if (stop.get(p.startIndex)?.includes(p.endIndex) || isFunctionNode(p)) break;
  }
  return exactly(regions);
}

/** The condition of an if or ?: as seen from one branch: negated in the else branch. */
function conditionDetail(p: SyntaxNode, child: SyntaxNode): string | undefined {
  const cond = p.childForFieldName('condition');
  if (!cond) return undefined;
  const alt = p.childForFieldName('alternative');
  return alt && alt.startIndex === child.startIndex ? `!(${cond.text})` : cond.text;
}

/** `using var x = ...;` earlier in the same block turns the rest of the block into a using region. */
function usingDeclarationsBefore(block: SyntaxNode, child: SyntaxNode, regions: EnclosingRegion[]): void {
  for (const s of block.namedChildren) {
    if (!s || s.startIndex >= child.startIndex) break;
    if (s.type === 'local_declaration_statement' && hasToken(s, 'using')) {
      regions.push({ kind: 'using', span: { start: s.startIndex, end: block.endIndex }, detail: s.childForFieldName('declaration')?.text ?? s.namedChildren[0]?.text });
    }
  }
}

function usingResourceText(using: SyntaxNode): string | undefined {
  for (const c of using.namedChildren) {
    if (!c) continue;
    if (c.type === 'variable_declaration') return c.text;
    if (c.startIndex !== using.childForFieldName('body')?.startIndex) return c.text;
  }
  return undefined;
}

function suspensionPointsOf(own: (t: string[]) => SyntaxNode[], bodyNodes: SyntaxNode[], hasUsing: boolean): SuspensionPoint[] {
  const points: SuspensionPoint[] = [];
  // What each await's walks up found, by the await's start: the walks of an await inside another's operand (met after
  // it, in document order) stop there and take the rest.
  const walked = { regions: new Map<number, EnclosingRegion[]>(), spills: new Map<number, SpilledValue[]>(), statements: new Map<number, Span>() };
  for (const n of own(['await_expression', 'foreach_statement', 'using_statement', 'local_declaration_statement'])) {
    checkBudget();
    if (n.type === 'await_expression') {
      const keyword = firstToken(n, 'await') ?? n;
      let operandNode = n.namedChildren[0] ?? null;
      let textOverride: string | undefined;
      // parser.md quirk 1: `await x?.M()` parses as `(await x)?.M()`.
      const parent = n.parent;
      if (parent?.type === 'conditional_access_expression' && parent.childForFieldName('condition')?.startIndex === n.startIndex) {
        let chain: SyntaxNode = parent;
        while (chain.parent && ['invocation_expression', 'conditional_access_expression', 'member_access_expression'].includes(chain.parent.type) && chain.parent.startIndex === n.startIndex) chain = chain.parent;
        operandNode = chain;
        textOverride = chain.text.replace(/^await\s+/, '');
      }
      const operand = classifyAwaitOperand(operandNode, textOverride);
      if (textOverride !== undefined) operand.kind = 'unknown';
      const point: SuspensionPoint = { kind: 'await', span: spanOf(n), keywordSpan: spanOf(keyword), operand, regions: regionsAround(n, bodyNodes, hasUsing, walked.regions), spills: spilledValuesOf(n, bodyNodes, walked.spills), statementSpan: statementSpanOf(n, bodyNodes, walked.statements) };
      walked.regions.set(n.startIndex, point.regions);
      walked.spills.set(n.startIndex, point.spills);
      walked.statements.set(n.startIndex, point.statementSpan!);
      points.push(point);
    } else if (n.type === 'foreach_statement' && hasToken(n, 'await')) {
      const keyword = firstToken(n, 'await')!;
      const right = n.childForFieldName('right');
      points.push({
        kind: 'awaitForeach', span: spanOf(n), keywordSpan: spanOf(keyword),
        operand: { kind: 'unknown', text: right?.text ?? '', configureAwait: null, callee: null, resultText: null },
        regions: regionsAround(n, bodyNodes, hasUsing), spills: none(),
      });
    } else if ((n.type === 'using_statement' || n.type === 'local_declaration_statement') && hasToken(n, 'await') && hasToken(n, 'using')) {
      const keyword = firstToken(n, 'await')!;
      points.push({
        kind: 'awaitUsing', span: spanOf(n), keywordSpan: spanOf(keyword),
        operand: { kind: 'unknown', text: usingResourceText(n) ?? n.text, configureAwait: null, callee: null, resultText: null },
        regions: regionsAround(n, bodyNodes, hasUsing), spills: none(),
      });
    }
  }
  return exactly(inOrder(points, (a, b) => a.span.start - b.span.start));
}

// ---- locals and liveness ----

interface LocalDeclarationSite {
  name: string;
  kind: LocalKind;
  nameNode: SyntaxNode;
  typeText: string | null;
  initializer: SyntaxNode | null;
  scope: SyntaxNode;
  outArgument?: LocalVariable['outArgument'];
  /** For a name of a deconstruction: its place in the deconstructed tuple (the initializer is the whole value). */
  element?: number[];
  /** For a name a foreach's deconstruction declares (`foreach (var (key, value) in pairs)`). */
  foreachPart?: true;
}

/** An initializer that creates an object, perhaps cast first (`(ILease)new Lease(gate)`, `new Lease(gate) as ILease`). */

function localsOf(own: (t: string[]) => SyntaxNode[], identifiersNamed: (name: string) => IdentifierUse[], awaits: Pick<SuspensionPoint, 'kind' | 'span'>[]): LocalVariable[] {
  const sites: LocalDeclarationSite[] = [];
  for (const n of own(['variable_declarator', 'foreach_statement', 'declaration_pattern', 'declaration_expression', 'catch_declaration', 'recursive_pattern', 'var_pattern'])) {
    if (n.type === 'variable_declarator') {
      const decl = n.parent;
      if (!decl || decl.type !== 'variable_declaration') continue;
      const holder = decl.parent;
      if (!holder || holder.type === 'field_declaration' || holder.type === 'event_field_declaration') continue;
      const nameNode = n.childForFieldName('name');
      const pattern = nameNode ? null : namedChildOfType(n, 'tuple_pattern') ?? null;
      if (!nameNode && !pattern) continue;
      const kind: LocalKind = holder.type === 'for_statement' ? 'for' : holder.type === 'using_statement' || hasToken(holder, 'using') ? 'using' : 'local';
      // A top-level local is in scope for every later top-level statement: its scope is the compilation unit.
      const scope = holder.type === 'local_declaration_statement' ? (holder.parent?.type === 'global_statement' ? holder.parent.parent ?? holder.parent : holder.parent ?? holder) : holder;
      const typeNode = decl.childForFieldName('type');
      const declared = (nameNode ?? pattern)!;
      const initializer = n.namedChildren.find((c) => !!c && c.startIndex > declared.startIndex && c.type !== 'bracketed_argument_list') ?? null;
      if (pattern) {
        // `var (token, source) = Make();` declares each name of the pattern: without them a later `token` would
        // read as a field or a type, and its type (the tuple's element) would stay unknown.
        for (const { id, element } of deconstructedNames(pattern)) sites.push({ name: id.text, kind, nameNode: id, typeText: null, initializer, scope, element });
        continue;
      }
      sites.push({ name: nameNode!.text, kind, nameNode: nameNode!, typeText: typeNode && typeNode.type !== 'implicit_type' ? typeNode.text : null, initializer, scope });
    } else if (n.type === 'foreach_statement') {
      const left = n.childForFieldName('left');
      const typeNode = n.childForFieldName('type');
      const names = left ? (left.type === 'identifier' ? [left] : left.descendantsOfType('identifier').filter((x): x is SyntaxNode => !!x)) : [];
      const single = left?.type === 'identifier';
      for (const id of names) sites.push({ name: id.text, kind: 'foreach', nameNode: id, typeText: typeNode && typeNode.type !== 'implicit_type' && single ? typeNode.text : null, initializer: n.childForFieldName('right'), scope: n, ...(single ? {} : { foreachPart: true as const }) });
    } else if (n.type === 'catch_declaration') {
      const nameNode = n.childForFieldName('name');
      if (nameNode) sites.push({ name: nameNode.text, kind: 'catch', nameNode, typeText: n.childForFieldName('type')?.text ?? null, initializer: null, scope: n.parent ?? n });
    } else {
      const nameNode = n.childForFieldName('name') ?? (n.type === 'var_pattern' ? namedChildOfType(n, 'identifier') ?? null : null);
      if (!nameNode || nameNode.type !== 'identifier') continue;
      const typeNode = n.childForFieldName('type');
      sites.push({ name: nameNode.text, kind: n.type === 'declaration_expression' ? 'out' : 'pattern', nameNode, typeText: typeNode && typeNode.type !== 'implicit_type' ? typeNode.text : null, initializer: null, scope: enclosingScope(n), ...(n.type === 'declaration_expression' ? { outArgument: outArgumentOf(n) } : {}) });
    }
  }
  if (sites.length === 0) return none();
  // An `await using` suspends when it disposes: at the end of its statement, or for `await using var x = ...;`
  // at the end of the enclosing block.
  const awaitSpans = awaits.map((a) => {
    if (a.kind !== 'awaitUsing') return a.span;
    const declared = sites.find((s) => s.kind === 'using' && a.span.start <= s.nameNode.startIndex && s.nameNode.endIndex <= a.span.end && s.scope.endIndex > a.span.end);
    const end = declared ? declared.scope.endIndex : a.span.end;
    return { start: end, end };
  });
  const loops = loopRegions(own);
  return sites.map((site) => {
    const scope = spanOf(site.scope);
    // Only a body that suspends has locals to hoist; its occurrences (and their branches) are read only then.
    const liveAcrossAwait = awaitSpans.length > 0 && isLiveAcrossAwait({
      declaredAt: spanOf(site.nameNode), scope, awaits: awaitSpans, loops,
      occurrences: identifiersNamed(site.name).filter((id) => scope.start <= id.start && id.end <= scope.end).map((id) => occurrenceOf(id, site)),
    });
    // A local declared with a value (a deconstructed name with the tuple's) is asked whether it keeps it
    // (rules/factoryResults.ts, rules/streamSources.ts, rules/poolWork.ts follow it to that value, in other files
    // too, whose text they do not have); asking walks the name's mentions in the body only.
    const createdThenAssigned = site.kind === 'local' && site.initializer !== null
      ? identifiersNamed(site.name).some((id) => scope.start <= id.start && id.end <= scope.end && id.start !== site.nameNode.startIndex && !id.isMemberName && (id.access === 'write' || id.access === 'readwrite'))
      : undefined;
    return {
      name: intern(site.name),
      kind: site.kind,
      typeText: site.typeText === null ? null : normaliseTypeText(site.typeText),
      inferredTypeText: site.typeText === null && site.initializer && site.kind !== 'foreach' && !site.element ? inferTypeOf(site.initializer) : null,
      // For a foreach variable the "initializer" is the collection it walks; a deconstructed name has none of its own.
      initializerText: site.element ? null : site.initializer?.text ?? null,
      span: spanOf(site.nameNode),
      scope,
      liveAcrossAwait,
      ...(site.outArgument ? { outArgument: site.outArgument } : {}),
      ...(site.element && site.initializer ? { deconstructs: { initializerText: site.initializer.text, element: site.element } } : {}),
      ...(createdThenAssigned !== undefined ? { assignedAgain: createdThenAssigned } : {}),
      ...(site.foreachPart ? { foreachPart: true as const } : {}),
    };
  });
}

/**
 * The names a deconstruction's tuple pattern declares, each with its place in the tuple: `(token, source)` gives
 * token at [0] and source at [1], `(x, (a, _))` gives x at [0] and a at [1, 0]. Discards declare nothing.
 */
function deconstructedNames(pattern: SyntaxNode, at: number[] = []): { id: SyntaxNode; element: number[] }[] {
  const out: { id: SyntaxNode; element: number[] }[] = [];
  const elements = pattern.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
  elements.forEach((c, i) => {
    if (c.type === 'identifier' && c.text !== '_') out.push({ id: c, element: [...at, i] });
    else if (c.type === 'tuple_pattern') out.push(...deconstructedNames(c, [...at, i]));
  });
  return out;
}

/** Where an `out var x` stands: the call it is an argument of, and which argument. Undefined for any other place. */
function outArgumentOf(declaration: SyntaxNode): LocalVariable['outArgument'] {
  const argument = declaration.parent;
  const list = argument?.parent;
  const invocation = list?.parent;
  if (argument?.type !== 'argument' || list?.type !== 'argument_list' || invocation?.type !== 'invocation_expression') return undefined;
  const index = list.namedChildren.filter((c) => c?.type === 'argument').findIndex((c) => c!.startIndex === argument.startIndex);
  const name = argument.childForFieldName('name') ?? namedChildOfType(argument, 'name_colon')?.namedChildren[0] ?? null;
  return index < 0 ? undefined : { invocationText: invocation.text, index, argumentName: name ? name.text : null };
}

function enclosingScope(n: SyntaxNode): SyntaxNode {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'block' || p.type === 'switch_section' || isFunctionNode(p) || p.type === 'arrow_expression_clause') return p;
    if (p.type === 'global_statement') return p.parent ?? p;
  }
  return n;
}

/** The type a `var` declaration gets, where the initializer says it plainly. */
export function inferTypeOf(init: SyntaxNode): string | null {
  switch (init.type) {
    case 'object_creation_expression':
      return init.childForFieldName('type')?.text ?? null;
    case 'cast_expression':
      return init.childForFieldName('type')?.text ?? null;
    case 'integer_literal':
      return /[uU][lL]|[lL][uU]/.test(init.text) ? 'ulong' : /[lL]$/.test(init.text) ? 'long' : /[uU]$/.test(init.text) ? 'uint' : 'int';
    case 'real_literal':
      return /[mM]$/.test(init.text) ? 'decimal' : /[fF]$/.test(init.text) ? 'float' : 'double';
    case 'boolean_literal':
      return 'bool';
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
    case 'interpolated_string_expression':
      return 'string';
    case 'character_literal':
      return 'char';
    case 'array_creation_expression': {
      // `new byte[10000]` is a byte[]: the sizes in the rank specifiers are no part of the type.
      const type = init.childForFieldName('type')?.text ?? null;
      return type === null ? null : type.replace(/\[([^\[\]]*)\]/g, (_, inside: string) => `[${','.repeat((inside.match(/,/g) ?? []).length)}]`);
    }
    default:
      return null;
  }
}

function loopRegions(own: (t: string[]) => SyntaxNode[]): LoopRegion[] {
  return own([...LOOP_NODE_TYPES]).map((loop) => {
    const init = loop.type === 'for_statement' ? loop.childForFieldName('initializer') : null;
    const right = loop.type === 'foreach_statement' ? loop.childForFieldName('right') : null;
    const repeatStart = init ? init.endIndex : right ? right.endIndex : loop.startIndex;
    return { span: spanOf(loop), repeat: { start: repeatStart, end: loop.endIndex } };
  });
}

/** One mention of a local: the declaration itself is special (foreach variables are rewritten every iteration). */
function occurrenceOf(id: IdentifierUse, site: LocalDeclarationSite): NameOccurrence {
  const span = { start: id.start, end: id.end };
  if (id.start === site.nameNode.startIndex) {
    if (site.kind === 'foreach') {
      // A foreach variable is assigned afresh at the start of every iteration, after the collection.
      const iterationStart = site.scope.childForFieldName('right')?.endIndex ?? id.end;
      const repeat = { start: iterationStart, end: site.scope.endIndex };
      return { name: site.name, span: { start: iterationStart, end: iterationStart }, access: 'write', effectiveAt: iterationStart, branches: [repeat] };
    }
    if (site.nameNode.parent?.type === 'variable_declarator') return { name: site.name, span, access: id.access, effectiveAt: id.effectiveAt, branches: id.branches };
    return { name: site.name, span, access: 'write', effectiveAt: id.end, branches: id.branches };
  }
  return { name: site.name, span, access: id.access, effectiveAt: id.effectiveAt, branches: id.branches };
}

// ---- returns ----

function returnsOf(own: (t: string[]) => SyntaxNode[], fn: SyntaxNode | null, bodyNode: SyntaxNode | null, awaits: SuspensionPoint[], hasUsing: boolean): ReturnSite[] {
  const sites: ReturnSite[] = [];
  const firstAwait = awaits.length ? awaits[0].span.start : Infinity;
  const site = (node: SyntaxNode, expr: SyntaxNode | null): ReturnSite => {
    const regions = regionsAround(node, bodyNode ? [bodyNode] : [], hasUsing);
    // A return inside a loop that awaits can run after an await of an earlier iteration.
    const inLoopWithAwait = regions.some((r) => (r.kind === 'loop' || r.kind === 'foreach') && awaits.some((a) => contains(r.span, a.span)));
    return {
      span: spanOf(node),
      expressionText: expr?.text ?? null,
      literal: expr ? literalOf(expr) : null,
      isAwait: !!expr && stripParens(expr).type === 'await_expression',
      beforeAnyAwait: node.endIndex <= firstAwait && !inLoopWithAwait,
      regions,
      conditionText: regions.find((r) => r.kind === 'conditional')?.detail ?? null,
      aloneInBranch: isAloneInBranch(node),
    };
  };
  if (bodyNode && bodyNode.type !== 'block') {
    const expr = bodyNode.type === 'arrow_expression_clause' ? bodyNode.namedChildren[0] ?? null : bodyNode;
    sites.push(site(bodyNode, expr));
  }
  for (const r of own(['return_statement'])) sites.push(site(r, r.namedChildren[0] ?? null));
  return exactly(sites);
}

/** `if (c) return x;` or `if (c) { return x; }`: the return is the branch's only statement. */
function isAloneInBranch(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'if_statement') return true;
  if (parent.type !== 'block' || parent.parent?.type !== 'if_statement') return false;
  return parent.namedChildren.filter((c) => !!c && c.type !== 'comment').length === 1;
}

function stripParens(n: SyntaxNode): SyntaxNode {
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
  return n;
}

/**
 * The file's `using` directives, those inside namespace blocks included (`namespace A { using B; ... }` is a common
 * style, MassTransit's for one). A directive written inside namespace `A.B` (or after `namespace A.B;`) names a
 * namespace relative to the enclosing ones, as C# resolves it: `using Testing;` there may mean `A.B.Testing`,
 * `A.Testing` or `Testing`, so each reading is listed; a namespace that does not exist finds nothing. Usings of
 * different namespace blocks in one file are merged, which is wider than C# when a file holds several blocks.
 */
function usingDirectivesOf(root: SyntaxNode): string[] {
  const result: string[] = [];
  const visit = (container: SyntaxNode, enclosing: string) => {
    let namespace = enclosing;
    for (const child of container.namedChildren) {
      if (!child) continue;
      if (child.type === 'using_directive') {
        const parts = child.namedChildren.filter((c) => !!c).map((c) => c!.text);
        result.push(parts.join(' '));
        if (parts.length === 1 && namespace && !/^global::/.test(parts[0]!) && !/^\s*(static|global)\b/.test(child.text)) {
          const segments = namespace.split('.');
          for (let i = segments.length; i > 0; i--) result.push(`${segments.slice(0, i).join('.')}.${parts[0]}`);
        }
      } else if (child.type === 'namespace_declaration') {
        const name = child.childForFieldName('name')?.text.replace(/\s+/g, '') ?? '';
        const body = child.childForFieldName('body');
        if (body) visit(body, namespace && name ? `${namespace}.${name}` : name || namespace);
      } else if (child.type === 'file_scoped_namespace_declaration') {
        namespace = child.childForFieldName('name')?.text.replace(/\s+/g, '') ?? namespace;
      }
    }
  };
  visit(root, '');
  return [...new Set(result)];
}

// ---- waits, calls, locks, usings ----

function waitsOf(invocations: Invocation[], resultAccesses: SyntaxNode[], fn: SyntaxNode | null, inNameof: (n: SyntaxNode) => boolean, paths: WaitPaths,
  guards: ReadonlyMap<string, string>): TaskWait[] {
  const waits: TaskWait[] = [];
  // Which branch of a dual path the wait sits on; `onAsyncPath` is written only when true, as most waits have none.
  const pathOf = (n: SyntaxNode) => ({ onSyncPath: paths.onSyncPath(n), ...(paths.onAsyncPath(n) ? { onAsyncPath: true as const } : {}) });
  for (const n of resultAccesses) {
    {
      const nameNode = n.childForFieldName('name');
      if (nameNode?.text !== 'Result') continue;
      const parent = n.parent;
      // `x.Result = ...` assigns a property of some other type; `.Result(...)` is a method call.
      if (parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.startIndex === n.startIndex) continue;
      if (parent?.type === 'invocation_expression' && parent.childForFieldName('function')?.startIndex === n.startIndex) continue;
      const receiverNode = n.type === 'member_access_expression' ? n.childForFieldName('expression') : conditionOf(n);
      const receiverText = receiverNode?.text ?? '';
      const whole = n.type === 'member_binding_expression' && n.parent?.type === 'conditional_access_expression' ? n.parent : n;
      waits.push({ kind: 'result', receiverText, span: spanOf(whole), nameSpan: spanOf(nameNode), argumentTexts: none(), knownCompleted: guardReason(n, receiverText, fn, guards), inNameof: inNameof(n), ...pathOf(n) });
    }
  }
  for (const { node: n, callee } of invocations) {
    {
      if (!callee) continue;
      if (callee.name !== 'Wait' && callee.name !== 'WaitAll' && callee.name !== 'WaitAny' && callee.name !== 'GetResult') continue;
      const args = argumentTexts(n);
      if (callee.name === 'Wait' && callee.receiver !== null) {
        waits.push({ kind: 'wait', receiverText: callee.receiver, span: spanOf(n), nameSpan: spanOf(callee.nameNode), argumentTexts: args, knownCompleted: guardReason(n, callee.receiver, fn, guards), inNameof: inNameof(n), ...pathOf(n) });
      } else if ((callee.name === 'WaitAll' || callee.name === 'WaitAny') && callee.receiver !== null && /(^|\.)Task$/.test(callee.receiver)) {
        waits.push({ kind: callee.name === 'WaitAll' ? 'waitAll' : 'waitAny', receiverText: args.join(', '), span: spanOf(n), nameSpan: spanOf(callee.nameNode), argumentTexts: args, knownCompleted: null, inNameof: false, ...pathOf(n) });
      } else if (callee.name === 'GetResult' && args.length === 0) {
        const fnNode = n.childForFieldName('function');
        const inner = fnNode?.type === 'member_access_expression' ? fnNode.childForFieldName('expression') : null;
        const innerCallee = inner?.type === 'invocation_expression' ? calleeOf(inner) : null;
        if (innerCallee && innerCallee.name === 'GetAwaiter' && innerCallee.receiver !== null) {
          waits.push({ kind: 'getResult', receiverText: innerCallee.receiver, span: spanOf(n), nameSpan: spanOf(callee.nameNode), argumentTexts: none(), knownCompleted: guardReason(n, innerCallee.receiver, fn, guards), inNameof: inNameof(n), ...pathOf(n) });
        }
      }
    }
  }
  return exactly(inOrder(waits, (a, b) => a.span.start - b.span.start));
}

/** Whether a node sits on the synchronous or on the asynchronous branch of the body's dual path. */
interface WaitPaths {
  onSyncPath: (n: SyntaxNode) => boolean;
  onAsyncPath: (n: SyntaxNode) => boolean;
}

function conditionOf(binding: SyntaxNode): SyntaxNode | null {
  const access = binding.parent?.type === 'conditional_access_expression' ? binding.parent : null;
  return access?.childForFieldName('condition') ?? null;
}

interface Invocation {
  node: SyntaxNode;
  callee: ReturnType<typeof calleeOf>;
}

function callsOf(invocations: Invocation[], inNameof: (n: SyntaxNode) => boolean, onSyncPath: (n: SyntaxNode) => boolean): CallSite[] {
  const calls: CallSite[] = [];
  for (const { node: n, callee } of invocations) {
    if (!callee) continue;
    if (callee.name === 'nameof' && callee.receiver === null) continue;
    calls.push({
      name: callee.name,
      receiver: callee.receiver,
      argumentTexts: argumentTexts(n),
      span: spanOf(n),
      nameSpan: spanOf(callee.nameNode),
      usage: usageOf(n),
      inNameof: inNameof(n),
      typeArguments: callee.typeArguments,
      onSyncPath: onSyncPath(n),
    });
  }
  return exactly(calls);
}

/** How the value of an invocation is used, looking through parentheses and ConfigureAwait. */
export function usageOf(invocation: SyntaxNode): CallUsage {
  let node = invocation;
  for (;;) {
    const { parent, child } = unparenthesisedParent(node);
    if (!parent) return 'other';
    if (parent.type === 'member_access_expression' && parent.childForFieldName('expression')?.startIndex === child.startIndex) {
      const member = parent.childForFieldName('name')?.text;
      const call = parent.parent;
      if (member === 'ConfigureAwait' && call?.type === 'invocation_expression') {
        node = call;
        continue;
      }
      if (member === 'Result' || member === 'Wait' || member === 'GetAwaiter') return 'blocked';
      return 'other';
    }
    switch (parent.type) {
      case 'await_expression': return 'awaited';
      case 'return_statement':
      case 'arrow_expression_clause': return 'returned';
      case 'lambda_expression': return parent.childForFieldName('body')?.startIndex === child.startIndex ? 'returned' : 'other';
      case 'variable_declarator':
      case 'assignment_expression':
      case 'equals_value_clause': return 'stored';
      case 'expression_statement': return 'discarded';
      case 'argument': return 'argument';
      default: return 'other';
    }
  }
}

function locksOf(own: (t: string[]) => SyntaxNode[]): LockStatement[] {
  const locks = own(['lock_statement']);
  return locks.length === 0 ? none() : locks.map((n) => {
    const keyword = firstToken(n, 'lock') ?? n;
    // The expression after `(`: `this` is an anonymous token and a trailing comment is a named node, so neither
    // "first named child" nor "first expression" finds it reliably.
    const children = n.children.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
    const open = children.findIndex((c) => c.type === '(');
    const locked = open >= 0 && children[open + 1]?.type !== ')' ? children[open + 1] : null;
    return { span: spanOf(n), keywordSpan: spanOf(keyword), lockedText: locked?.text ?? '' };
  });
}

function usingsOf(own: (t: string[]) => SyntaxNode[], onSyncPath: (n: SyntaxNode) => boolean): UsingResource[] {
  const out: UsingResource[] = [];
  for (const n of own(['using_statement', 'local_declaration_statement'])) {
    if (!hasToken(n, 'using')) continue;
    const keyword = firstToken(n, 'using')!;
    const isAwaitUsing = hasToken(n, 'await');
    const decl = namedChildOfType(n, 'variable_declaration') ?? null;
    if (decl) {
      const typeNode = decl.childForFieldName('type');
      for (const d of decl.namedChildren) {
        if (!d || d.type !== 'variable_declarator') continue;
        const nameNode = d.childForFieldName('name');
        const init = d.namedChildren.find((c) => !!c && c !== nameNode && c.startIndex > (nameNode?.startIndex ?? 0));
        out.push({
          span: spanOf(n), keywordSpan: spanOf(keyword), isAwaitUsing,
          typeText: typeNode && typeNode.type !== 'implicit_type' ? typeNode.text : null,
          resourceText: init?.text ?? '', variableName: nameNode?.text ?? null, isDeclaration: n.type === 'local_declaration_statement',
          onSyncPath: onSyncPath(n),
        });
      }
    } else {
      const expr = n.namedChildren.find((c) => !!c && c.startIndex !== n.childForFieldName('body')?.startIndex);
      out.push({ span: spanOf(n), keywordSpan: spanOf(keyword), isAwaitUsing, typeText: null, resourceText: expr?.text ?? '', variableName: null, isDeclaration: false, onSyncPath: onSyncPath(n) });
    }
  }
  return exactly(out);
}

