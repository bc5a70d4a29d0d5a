/**
 * Where the stream a `using` disposes comes from, followed through the code: a local to the value it was declared
 * with, a deconstructed name to its element of the tuple, a conditional to both branches, an awaited call of a
 * workspace method to every value that method returns. ASY002 leaves a `using` alone when every source is a stream
 * opened only for reading: such a stream has nothing to flush, so its synchronous Dispose does not wait on I/O and
 * `await using` would run the same disposal.
 */
import type { MethodBody, TypeDeclaration } from '../model/types';
import { bodyChain, keptLocal, soleLocal } from '../model/bodies';
import { zipArchiveModeOf, type ZipArchiveModeName } from '../knowledge/zipArchiveModes';
import { maskCommentsAndStrings } from './sourceText';
import { closingBracket, conditionalParts, splitCallText, splitTopLevel, withoutOuterParentheses } from '../model/syntax';
import { resolveCallSite } from '../workspace/completion';
import { readOnlyCreationOf } from '../knowledge/asyncDisposables';
import { EXEMPT_RECEIVER_TYPES } from '../knowledge/exemptions';
import { canBeOverridden } from './factoryResults';
import type { RuleContext } from './types';
import { fieldWritesIn, localWritesIn } from './fieldWrites';

/** How many locals and calls deep a source is followed. */
const MAX_STEPS = 8;

/**
 * Whether every value `expression` (as written in `body` of the rule's file) can hold is a stream opened only for
 * reading (knowledge/asyncDisposables.ts READ_ONLY_CREATIONS) or a MemoryStream.
 */
export function everySourceReadsOnly(ctx: RuleContext, body: MethodBody, expression: string): boolean {
  const sources = sourcesOf(ctx, ctx.file, body, expression, [], 0);
  return sources !== null && sources.length > 0 && sources.every((source) => isReadOnlyStream(source) || opensEntryOfArchiveOpenedForReading(ctx, body, source));
}

/**
 * The values `expression` (as written in `body` of the rule's file) can hold, followed as a disposed stream's are:
 * a kept local to its initializer, a conditional to both branches, a call of a workspace method that cannot be
 * overridden to every value it returns. Null when one of them is not known.
 */
export function valueSourcesOf(ctx: RuleContext, body: MethodBody, expression: string, at?: number): string[] | null {
  return sourcesOf(ctx, ctx.file, body, expression, [], 0, at);
}

/**
 * Whether `source` is `entry.Open()` on an entry taken from an archive opened for reading (`var entry =
 * archive.GetEntry(name)`, `archive.Entries.First(...)`, with `archive = ZipFile.OpenRead(path)` or `new
 * ZipArchive(stream)`, whose mode is Read by default): in Read mode an entry's stream is read-only
 * (https://learn.microsoft.com/dotnet/api/system.io.compression.ziparchiveentry.open), so it has nothing to flush.
 * Followed through locals as the stream is; an entry of an archive of unknown mode (a parameter, a field, a foreach
 * variable) is not.
 */
function opensEntryOfArchiveOpenedForReading(ctx: RuleContext, body: MethodBody, source: string): boolean {
  const entry = /^([^]+?)\s*\.\s*Open\s*\(\s*\)$/.exec(source)?.[1];
  if (!entry) return false;
  const entries = sourcesOf(ctx, ctx.file, body, entry, [], 1);
  if (!entries || entries.length === 0) return false;
  return entries.every((e) => {
    const archive = archiveOfEntry(e);
    const archives = archive === undefined ? null : sourcesOf(ctx, ctx.file, body, archive, [], 2) ?? usingDeclared(body, archive);
    // ZipFile.OpenRead, ZipArchiveMode.Read, `new ZipArchive(stream)`: knowledge/asyncDisposables.ts READ_ONLY_CREATIONS.
    return !!archives && archives.length > 0 && archives.every((a) => readOnlyCreationOf(a) !== undefined);
  });
}

/**
 * The archive an entry's source takes it from, as written: `archive` of `archive.GetEntry(name) ?? throw ...` or of
 * `archive.Entries` (also with operators after it); undefined for any other source.
 */
function archiveOfEntry(source: string): string | undefined {
  return /^([^]+?)\s*\.\s*(?:Entries\b|GetEntry\s*\()/.exec(source.replace(/\s*\?\?\s*throw\b[^]*$/, ''))?.[1];
}

/**
 * The modes of the archives an entry (`entry` as written in `body`, read at `at`) may come from, one per archive
 * source, or null when one of them is not known. The entry is followed to `archive.Entries` (a foreach variable over
 * it, or over operators that keep its elements: `archive.Entries.OrderBy(e => e.FullName)`) or `archive.GetEntry(...)`,
 * through locals and workspace helpers as a stream is; the archive to the expression that opens it (a local, a
 * `using`, or a readonly field of the body's type whose initializer and constructor writes are all openings), read by
 * knowledge/zipArchiveModes.ts. A parameter, or a field written any other way, is not known.
 */
export function entryArchiveModes(ctx: RuleContext, body: MethodBody, entry: string, at: number): ZipArchiveModeName[] | null {
  const entries = sourcesOf(ctx, ctx.file, body, entry, [], 1, at) ?? foreachCollectionOf(ctx, body, entry.trim()) ?? rewrittenLocalValues(ctx, body, entry.trim(), at);
  if (!entries || entries.length === 0) return null;
  const modes: ZipArchiveModeName[] = [];
  for (const e of entries) {
    const archive = archiveOfEntry(e);
    if (archive === undefined) return null;
    const archives = sourcesOf(ctx, ctx.file, body, archive, [], 2, at) ?? usingDeclared(body, archive) ?? readonlyFieldWrites(ctx, body, archive.trim());
    if (!archives || archives.length === 0) return null;
    for (const a of archives) {
      const call = splitCallText(valueText(a).replace(/^new\s+/, ''));
      const mode = zipArchiveModeOf(valueText(a), call ? splitTopLevel(call.argumentsText).filter((x) => x.trim() !== '').length : -1);
      if (mode === null) return null;
      modes.push(mode);
    }
  }
  return modes;
}

/**
 * Every value a local written again holds (`var entry = archive.GetEntry("a"); if (entry == null) entry =
 * archive.GetEntry("b");`): its initializer and each later plain assignment in its scope (fieldWrites.ts
 * `localWritesIn`). Null for a parameter, a local without an initializer, or one written any other way. Only the entry's
 * archive is asked of these values, so no order or flow between them matters.
 */
function rewrittenLocalValues(ctx: RuleContext, body: MethodBody, name: string, at: number): string[] | null {
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  const sole = soleLocal(body, ctx.model.bodies, name, at);
  if (!sole || sole.local.initializerText === null || !sole.local.assignedAgain) return null;
  const writes = localWritesIn(sole.local, maskCommentsAndStrings(ctx.text), ctx.text);
  return writes && writes.length > 0 ? [valueText(sole.local.initializerText), ...writes.map(valueText)] : null;
}

/** Operators that hand on the elements of the sequence they are called on, reordered or filtered, never changed. */
const ELEMENT_KEEPING = /\s*\.\s*(?:OrderBy|OrderByDescending|ThenBy|ThenByDescending|Where|Skip|Take|SkipWhile|TakeWhile|Reverse|Distinct|ToList|ToArray|AsEnumerable)\s*\([^]*\)$/;

/**
 * For a foreach variable of the body (or of a body around it) named `name`: the collection it walks, without the
 * element-keeping operators after it (`archive.Entries.Where(e => e.Length > 0)` gives `archive.Entries`). C# does not
 * let a foreach variable be written, so every value it holds is an element of that collection. Null for any other name.
 */
function foreachCollectionOf(ctx: RuleContext, body: MethodBody, name: string): string[] | null {
  for (const owner of bodyChain(body, ctx.model.bodies)) {
    if (owner.parameters.some((p) => p.name === name)) return null;
    const declared = owner.locals.filter((l) => l.name === name);
    if (declared.length === 0) continue;
    const local = declared.length === 1 ? declared[0] : null;
    if (local?.kind !== 'foreach' || local.foreachPart || local.initializerText === null) return null;
    let collection = local.initializerText.trim();
    for (let next = stripKeepingOperator(collection); next !== collection; next = stripKeepingOperator(collection)) collection = next;
    return [collection];
  }
  return null;
}

/** The expression without its last element-keeping operator call, or unchanged when it does not end in one. */
function stripKeepingOperator(expression: string): string {
  const m = ELEMENT_KEEPING.exec(expression);
  if (!m) return expression;
  const open = expression.indexOf('(', m.index);
  return closingBracket(expression, open) === expression.length - 1 ? expression.slice(0, m.index).trim() : expression;
}

/**
 * The values a readonly field of the body's own type (in this file, not partial) is given: its initializer and every
 * `name = value` in the type's text, which for a readonly field can only be in its constructors. Null when the name is
 * not such a field, or when something else writes it (`ref`, `out`, a compound assignment).
 */
function readonlyFieldWrites(ctx: RuleContext, body: MethodBody, expression: string): string[] | null {
  const name = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(expression)?.[1];
  if (!name) return null;
  const chain = bodyChain(body, ctx.model.bodies);
  if (chain.some((b) => b.parameters.some((p) => p.name === name) || b.locals.some((l) => l.name === name))) return null;
  const typeName = chain.map((b) => b.containingType).find((t) => t !== null);
  const types = ctx.model.types.filter((t: TypeDeclaration) => t.name === typeName);
  if (types.length !== 1 || types[0].modifiers.includes('partial')) return null;
  const type = types[0];
  const field = type.members.find((m) => m.kind === 'field' && m.name === name);
  if (!field?.isReadonly) return null;
  const masked = maskCommentsAndStrings(ctx.text);
  const writes = fieldWritesIn(field, type, masked);
  if (!writes || writes.some((w) => w.operator !== '=')) return null;
  const values: string[] = field.initializerText ? [field.initializerText] : [];
  for (const w of writes) {
    const end = masked.indexOf(';', w.valueStart);
    if (end === -1) return null;
    values.push(ctx.text.slice(w.valueStart, end).trim());
  }
  return values.length > 0 ? values : null;
}

/**
 * The expressions `expression` takes its value from (its `element` of a tuple, when not empty), or null when one of
 * them cannot be followed: a parameter, a field, a local written again, a call of a method that can be overridden.
 * What is neither a local, a conditional, a tuple nor a workspace call is its own source.
 */
function sourcesOf(ctx: RuleContext, file: string, body: MethodBody, expression: string, element: readonly number[], steps: number, at?: number): string[] | null {
  return sourceSitesOf(ctx, file, body, expression, element, steps, at)?.map((site) => site.text) ?? null;
}

/** A value a source is written as, and where: the file and body it is written in, and its offset there when known. */
export interface SourceSite {
  text: string;
  file: string;
  body: MethodBody;
  at?: number;
}

/**
 * The values `expression` (as written in `body` of the rule's file) can hold, followed as valueSourcesOf follows them,
 * each with the body it is written in: a value a workspace method returns is read in that method, where its own locals
 * (`response` in `return await response.Content.ReadAsStreamAsync();`) can be followed in turn. With `throughDispatch`,
 * a call of an interface or virtual member is followed into every implementation the workspace declares, where
 * resolveCallSite knows them all.
 */
export function valueSourceSitesOf(ctx: RuleContext, body: MethodBody, expression: string, throughDispatch = false): SourceSite[] | null {
  return sourceSitesOf(ctx, ctx.file, body, expression, [], 0, undefined, throughDispatch);
}

/** sourcesOf, from a site found by valueSourceSitesOf: the values a name or expression of that body can hold. */
export function sourceSitesAt(ctx: RuleContext, site: SourceSite, expression: string): SourceSite[] | null {
  return sourceSitesOf(ctx, site.file, site.body, expression, [], 1, site.at);
}

function sourceSitesOf(ctx: RuleContext, file: string, body: MethodBody, expression: string, element: readonly number[], steps: number, at?: number, throughDispatch = false): SourceSite[] | null {
  if (steps > MAX_STEPS) return null;
  const text = valueText(expression);
  const branches = conditionalParts(text, 0, text.length);
  if (branches) {
    const whenTrue = sourceSitesOf(ctx, file, body, text.slice(branches.whenTrue.start, branches.whenTrue.end), element, steps + 1, at, throughDispatch);
    const whenFalse = whenTrue && sourceSitesOf(ctx, file, body, text.slice(branches.whenFalse.start, branches.whenFalse.end), element, steps + 1, at, throughDispatch);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  if (element.length > 0) {
    const elements = tupleElements(text);
    if (elements) return element[0] < elements.length ? sourceSitesOf(ctx, file, body, elements[element[0]], element.slice(1), steps + 1, at, throughDispatch) : null;
  }
  if (/^@?[A-Za-z_]\w*$/.test(text)) return localSources(ctx, file, body, text.replace(/^@/, ''), element, steps, at, throughDispatch);
  const call = splitCallText(text);
  if (call && !/^new\s/.test(text)) {
    const argumentCount = splitTopLevel(call.argumentsText).filter((a) => a.trim() !== '').length;
    const resolution = resolveCallSite(call.name, call.receiver, argumentCount, file, body, ctx.index);
    if (resolution.targets.length > 0) {
      // A dispatched call may run code outside the workspace, unless the caller asks about every implementation the
      // workspace declares (resolveCallSite gives none where another may exist: workspace/completion.ts openDispatchReason).
      if (resolution.dispatched && !throughDispatch) return null;
      const found: SourceSite[] = [];
      for (const target of resolution.targets) {
        const callee = target.body;
        if (!callee || callee.isIterator || callee.returns.length === 0 || (canBeOverridden(callee) && !throughDispatch)) return null;
        for (const r of callee.returns) {
          const inner = r.expressionText === null ? null : sourceSitesOf(ctx, target.file, callee, r.expressionText, element, steps + 1, r.span.start, throughDispatch);
          if (!inner) return null;
          found.push(...inner);
        }
      }
      return found;
    }
  }
  return element.length === 0 ? [{ text, file, body, ...(at !== undefined ? { at } : {}) }] : null;
}

/**
 * The sources of a local of `body` (or of a body around it): the value it is declared with, when nothing else writes
 * it (model/extract.ts `assignedAgain`). `at`, where the name is read, picks among declarations in sibling blocks; the
 * names in the value are then read where the local is declared.
 */
function localSources(ctx: RuleContext, file: string, body: MethodBody, name: string, element: readonly number[], steps: number, at?: number, throughDispatch = false): SourceSite[] | null {
  const bodies = ctx.index.files.get(file)?.bodies ?? (file === ctx.file ? ctx.model.bodies : []);
  const kept = keptLocal(body, bodies, name, at);
  if (!kept) return null;
  const { local, owner } = kept;
  if (local.deconstructs) return sourceSitesOf(ctx, file, owner, local.deconstructs.initializerText, [...local.deconstructs.element, ...element], steps + 1, local.span.start, throughDispatch);
  return local.initializerText === null ? null : sourceSitesOf(ctx, file, owner, local.initializerText, element, steps + 1, local.span.start, throughDispatch);
}

/**
 * The resource of the one `using` that declares `name` in the body (`using var archive = ZipFile.OpenRead(path);`), a
 * variable nothing can assign again, or null.
 */
export function usingDeclared(body: MethodBody, name: string): string[] | null {
  const declaring = body.usings.filter((u) => u.variableName === name.trim());
  return declaring.length === 1 ? [valueText(declaring[0].resourceText)] : null;
}

/**
 * The expression without what does not change its value: parentheses around one expression (not a tuple's), `await`,
 * `.ConfigureAwait(...)`, a `!`.
 */
function valueText(expression: string): string {
  let text = expression.trim();
  for (;;) {
    let next = text.replace(/^await\s+/, '').replace(/\s*\.\s*ConfigureAwait\s*\([^()]*\)$/, '').replace(/!$/, '').trim();
    if (tupleElements(next) === null) next = withoutOuterParentheses(next);
    if (next === text) return text;
    text = next;
  }
}

/** The elements of a tuple written in place (`(stream, info)`, `(Stream: s, Info: i)`), or null for anything else. */
function tupleElements(text: string): string[] | null {
  if (!text.startsWith('(') || closingBracket(text, 0) !== text.length - 1) return null;
  const elements = splitTopLevel(text.slice(1, -1)).map((e) => e.trim().replace(/^[A-Za-z_]\w*\s*:(?!:)\s*/, ''));
  return elements.length >= 2 ? elements : null;
}

/** A read-only creation or call (File.OpenRead, FileAccess.Read, an HTTP response body), or a MemoryStream, which writes to memory. */
function isReadOnlyStream(source: string): boolean {
  if (readOnlyCreationOf(source)) return true;
  const created = /^new\s+(?:System\.IO\.)?([A-Za-z_]\w*)\s*\(/.exec(source)?.[1];
  return !!created && closingBracket(source, source.indexOf('(')) === source.length - 1
    && EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.baseType === 'Stream' && exempt.type === created);
}
