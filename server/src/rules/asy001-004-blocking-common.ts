/** What the four blocking rules (ASY001-ASY004) share: how they name a body, shorten code for messages, resolve receiver types and decide where an inserted `await` is valid C#. */
import type { MethodBody, Span } from '../model/types';
import { closingBracket, splitTopLevel, topLevel } from '../model/syntax';
import { isKnownSubtype, providerResultType, staticFactoryResultType } from '../knowledge/blockingApis';
import { EXEMPT_RECEIVER_TYPES, writesIntoBufferWriter } from '../knowledge/exemptions';
import { projectSourceGlobalUsings, stripGenerics, typeFamily, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { taskEvidence, typeOfExpression, type TaskEvidence } from '../workspace/typing';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import type { RuleContext, TextEdit } from './types';
import { maskCommentsAndStrings } from './sourceText';
import { enclosingTypes } from '../model/enclosingTypes';
import { fileApiScopeOf } from '../signatures/provider';
import { isMemoryStreamParameter } from './memoryWriterParameters';

/** "async method LoadAsync", "an async lambda passed to Run", "async local function Fetch": the subject of "inside ...". */
export function describeAsyncBody(body: MethodBody): string {
  if (!body.isAsync) return describeTaskReturningBody(body);
  switch (body.kind) {
    case 'method':
      return `async method ${body.name}`;
    case 'localFunction':
      return `async local function ${body.name}`;
    case 'lambda':
      return `an async ${lambdaDescription(body.name)}`;
    case 'anonymousMethod':
      return 'an async anonymous method';
    case 'topLevel':
      return 'the top-level statements, which are async because they await';
    default:
      return `async ${body.name}`;
  }
}

/** A body without `async` that returns a task: "method Save, which returns a Task". */
function describeTaskReturningBody(body: MethodBody): string {
  const returns = body.returnTypeText ? `returns a ${body.returnTypeText.replace(/^System\.Threading\.Tasks\./, '')}` : 'returns a task';
  switch (body.kind) {
    case 'localFunction':
      return `local function ${body.name}, which ${returns}`;
    case 'lambda':
      return `a ${lambdaDescription(body.name)} that ${returns}`;
    case 'accessor':
      return `${body.name}, which ${returns}`;
    default:
      return `method ${body.name}, which ${returns}`;
  }
}

/** "non-async method GetProduct", "the lambda passed to Run", "the constructor of Repository": the subject of "in ...". */
export function describeSyncBody(body: MethodBody): string {
  switch (body.kind) {
    case 'method':
      return `the non-async method ${body.name}`;
    case 'localFunction':
      return `the non-async local function ${body.name}`;
    case 'lambda':
      return `the non-async ${lambdaDescription(body.name)}`;
    case 'anonymousMethod':
      return 'a non-async anonymous method';
    case 'accessor':
      return `the accessor ${body.name}`;
    case 'constructor':
      return `the constructor of ${body.containingType ?? body.name}`;
    default:
      return body.name;
  }
}

/** `<lambda passed to Run>` -> "lambda passed to Run"; `<lambda in handler>` -> "lambda assigned to handler". */
function lambdaDescription(name: string): string {
  const passed = /^<lambda passed to (.+)>$/.exec(name);
  if (passed) return `lambda passed to ${passed[1]}`;
  const assigned = /^<lambda in (.+)>$/.exec(name);
  if (assigned) return `lambda assigned to ${assigned[1]}`;
  return 'lambda';
}

/**
 * Code with each comment turned into one space, literals kept as written. A chain written over lines may carry a
 * comment between its calls (`db.Orders // open ones` on one line, `.Where(...)` on the next): a message would quote
 * it, and to memberChain (asy002-ef-core-queries.ts) it would make a member unreadable, or a parenthesis inside it
 * would shift the nesting.
 */
export function withoutComments(text: string): string {
  if (!text.includes('/')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === '\'') {
      const from = i;
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      out += text.slice(from, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      const newline = text.indexOf('\n', i);
      i = (newline === -1 ? text.length : newline) - 1;
      out += ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 1;
      // A comment that stands for an argument list (`Load(/*token*/)`) leaves the list empty, not `( )`.
      if (!out.endsWith('(') && text[i + 1] !== ')') out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * Code on one line: each run of whitespace becomes one space, and none is left before a member access that a fluent
 * chain puts on its own line (`client\n    .Send()` reads `client.Send()`, as it would be written on one line).
 */
export function oneLineCode(text: string): string {
  return withoutComments(text).replace(/\s+/g, ' ').replace(/ (?=\??\.[A-Za-z_@])/g, '').trim();
}

/**
 * Code on one line with its argument lists elided from the innermost out (`Load(...).Result`) until it is at most
 * `max` characters or has no list left to elide; it may stay longer.
 */
export function elidedCode(text: string, max = 60): string {
  let shortened = oneLineCode(text);
  for (let i = 0; i < 100 && shortened.length > max; i++) {
    // An argument list whose inner lists are all elided or empty (`Select(x => x.DisposeAsync())`) goes next; one
    // already elided is skipped, or it would be replaced by itself and end the loop before the outer lists shrink.
    const next = shortened.replace(/\((?!\.\.\.\))([^()]|\(\.\.\.\)|\(\))+\)/, '(...)');
    if (next === shortened) break;
    shortened = next;
  }
  return shortened;
}

/** Code as a message shows it: one line, and long argument lists elided, so `Load(id, ct).Result` stays readable. */
export function shortCode(text: string): string {
  const shortened = elidedCode(text);
  return shortened.length <= 80 ? shortened : `${shortened.slice(0, 77)}...`;
}

/**
 * Whether replacing the expression at `span` with `await x` needs parentheses: `await` is a unary operator, so it
 * only needs them when a postfix operator follows (`.Name`, `[0]`, `?.`, `!`, `++`, a call) or a cast may precede.
 */
export function needsParentheses(text: string, span: Span): boolean {
  let after = span.end;
  while (after < text.length && /\s/.test(text[after])) after++;
  const next = text.slice(after, after + 2);
  if (/^(\.[^.]|\[|\(|\?\.|\?\[|\+\+|--|->)/.test(next)) return true;
  if (next[0] === '!' && next[1] !== '=') return true;
  let before = span.start - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  // `(Order)t.Result`: a cast's operand; `(x)` alone is fine but cannot be told from a cast by text.
  return before >= 0 && text[before] === ')';
}

/**
 * Wraps an inserted `await` in parentheses where precedence needs them: edits for the text before and after the
 * expression. A statement-level call never gets them: `if (ok) (await x);` would not even be a statement.
 */
export function awaitEdits(text: string, span: Span, statementLevel: boolean, configure = false): { open: TextEdit; close: TextEdit | null } {
  const parens = !statementLevel && needsParentheses(text, span);
  // `.ConfigureAwait(false)` goes right after the awaited call, inside the parentheses an await that goes on needs.
  const close = `${configure ? '.ConfigureAwait(false)' : ''}${parens ? ')' : ''}`;
  return {
    open: { start: span.start, end: span.start, newText: parens ? '(await ' : 'await ' },
    close: close ? { start: span.end, end: span.end, newText: close } : null,
  };
}

/** The receiver's type as the workspace's declarations say (locals, parameters, fields, `new`, workspace calls), or null. */
export function receiverTypeOf(ctx: RuleContext, body: MethodBody, receiver: string): string | null {
  const typed = typeOfExpression(receiver, body, ctx.model.bodies, ctx.index);
  if (typed) return typed.typeText;
  return primaryConstructorParameterType(ctx, body, receiver) ?? providerLocalType(ctx, body, receiver);
}

/**
 * A `var` local created by a known static factory (`XmlReader.Create(stream)`) or by an ADO.NET provider's factory
 * member on a receiver of known type: `var reader = command.ExecuteReader()` with `command` a SqliteCommand is a
 * SqliteDataReader.
 */
function providerLocalType(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const name = text.trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  for (const b of bodyChain(body, ctx.model.bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    const init = /^(?:await\s+)?(.+)\.([A-Za-z_]\w*)\s*\([^]*\)(?:\s*\.ConfigureAwait\([^()]*\))?$/.exec(local.initializerText?.trim() ?? '');
    if (local.typeText !== null || !init) return null;
    const factory = staticFactoryResultType(init[1], init[2]);
    if (factory) return factory;
    // `var db = db.Open();` (broken code) names itself: typing its receiver would never end.
    const key = `${b.id}:${name}`;
    if (typingProviderLocals.has(key)) return null;
    typingProviderLocals.add(key);
    try {
      const owner = receiverTypeOf(ctx, b, init[1]);
      return owner ? providerResultType(stripGenerics(owner), init[2]) : null;
    } finally {
      typingProviderLocals.delete(key);
    }
  }
  return null;
}

/** The locals providerLocalType is typing, so a local whose initializer names it returns instead of recursing. */
const typingProviderLocals = new Set<string>();

/**
 * A bare name that no local, parameter or member declares may be a primary constructor parameter of the enclosing
 * type (`class Checkout(ShopContext db)`), in scope in every member of that type.
 */
function primaryConstructorParameterType(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const name = text.trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return null;
  const declaration = enclosingTypes(ctx.model.types, body.span).find((t) => t.name === owner);
  const parameter = declaration?.primaryConstructorParameters?.find((p) => p.name === name);
  return parameter ? parameter.typeText : null;
}

/** Whether `typeText` is `baseType` or derives from it, through the workspace's own declarations and the known .NET subtypes. */
export function typeDerivesFrom(ctx: RuleContext, typeText: string, baseType: string): boolean {
  for (const name of typeFamily(ctx.index, stripGenerics(typeText))) {
    if (isKnownSubtype(name, baseType)) return true;
  }
  return false;
}

/** Namespace prefixes people write before a .NET type in a static call: `System.IO.File`, `global::System.Threading.Thread`. */
export function staticReceiverName(receiver: string): string {
  const compact = receiver.replace(/\s+/g, '').replace(/^global::/, '');
  return /^(System|Microsoft)(\.[A-Z]\w*)+$/.test(compact) ? compact.slice(compact.lastIndexOf('.') + 1) : compact;
}

/**
 * A bare receiver that names a workspace type (`OrderStore.Load()`) is a static call on that type, so instance rows
 * must not guess its type from its name; the workspace-twin check covers it instead.
 */
export function isWorkspaceTypeName(ctx: RuleContext, receiver: string): boolean {
  const name = receiver.trim();
  return /^[A-Z]\w*$/.test(name) && typesNamed(ctx.index, name).length > 0;
}

/**
 * A bare receiver in PascalCase that nothing in view types (no local, parameter, field or property of the containing
 * types declares it: those are typed before this is asked) names a type from outside the workspace
 * (`OptionsPrinter.Write(options)` on a static class of a package), so its name says nothing of an instance's type.
 * C# names locals, parameters and fields in camelCase; an untyped PascalCase name could also be a property inherited
 * from a base outside the workspace and the signatures, which is not guessed either.
 */
export function isUntypedTypeLikeName(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const name = receiver.trim();
  if (!/^[A-Z]\w*$/.test(name)) return false;
  return !declaresLocalOrParameter(bodyChain(body, ctx.model.bodies), name);
}

/** The receiver text a name hint is matched against: `this._stream` -> `_stream`. */
export function hintText(receiver: string): string {
  return receiver.trim().replace(/^this\./, '');
}

/**
 * How many of a row's name hints the receiver matches. Plain hints look at the last segment only (`Ready` in
 * `_signals.Ready`, `GetStream()` in `client.GetStream()`), so a container's name does not decide; hints written
 * with a dot (`db.`) look at the whole receiver.
 */
export function hintHits(hints: readonly string[] | undefined, receiver: string): number {
  const whole = hintText(receiver).toLowerCase();
  const last = lastSegment(whole);
  return (hints ?? []).filter((h) => (h.includes('.') ? whole : last).includes(h)).length;
}

/**
 * `a.b(c.d).e!` -> `e`: the member after the last top-level dot, without a null-forgiving `!` and without what its
 * brackets hold. The arguments are not the receiver's name: `table.OutputTo(_writer)` is no writer, while
 * `client.GetStream()` still reads `getstream`.
 */
function lastSegment(text: string): string {
  let depth = 0;
  let cut = 0;
  let name = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '>') depth--;
    else if (c === '.' && depth === 0) {
      cut = i + 1;
      name = '';
    } else if (depth === 0) name += c;
  }
  return (cut === 0 && name === '' ? text : name).replace(/!+$/, '');
}

/** Whether an unresolved receiver's name says it is an in-memory type that never blocks (memoryStream, memStream). */
export function exemptByName(receiver: string, baseType: string): boolean {
  return EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.baseType === baseType && hintHits(exempt.receiverHints, receiver) > 0);
}

/** Whether a resolved receiver type is one of the in-memory types exempt from `baseType`'s rows (MemoryStream for Stream). */
export function exemptByType(ctx: RuleContext, typeText: string, exemptTypes: readonly string[] | undefined): boolean {
  if (!exemptTypes || exemptTypes.length === 0) return false;
  for (const name of typeFamily(ctx.index, stripGenerics(typeText))) if (exemptTypes.includes(name)) return true;
  return false;
}

/**
 * A reader or writer built over an in-memory stream in view (`var reader = new StreamReader(buffer)` with
 * `buffer` a MemoryStream): its synchronous members never wait on a device either.
 */
export function wrapsInMemoryStream(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  const name = hintText(receiver);
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const chain = bodyChain(body, ctx.model.bodies);
  for (const b of chain) {
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    return createdOverInMemorySource(ctx, b, local.initializerText ?? '');
  }
  if (declaresLocalOrParameter(chain, name)) return false;
  return fieldHoldsInMemoryWrapper(ctx, chain, name);
}

/**
 * Whether the receiver is an entry of a zip archive built over an in-memory source (`new ZipArchive(new
 * MemoryStream(bytes))`, createdOverInMemorySource) and the call is its `Open`, or the receiver is the stream such an
 * entry's `Open()` returns: the entry's data is decompressed from that memory, so opening and reading it touches no
 * device. The entry is a foreach variable over the archive's `Entries` or a local taken with `GetEntry(...)` or from
 * `Entries`, the archive a local (a `using` one included) created so, neither written again. An entry's other members
 * (`ExtractToFile`) write files, and stay.
 */
export function readsEntryOfInMemoryArchive(ctx: RuleContext, body: MethodBody, receiver: string, member: string): boolean {
  const text = receiver.trim();
  const opened = /^([A-Za-z_]\w*)\s*\.\s*Open\s*\(\s*\)$/.exec(text)?.[1];
  const entryName = opened ?? (member === 'Open' && /^[A-Za-z_]\w*$/.test(text) ? text : null);
  if (!entryName) return false;
  const entry = keptLocalWithValue(ctx, body, entryName);
  const archiveName = entry && /^([A-Za-z_]\w*)\s*\.\s*(?:Entries\b|GetEntry\s*\()/.exec(entry.value)?.[1];
  if (!archiveName) return false;
  const archive = keptLocalWithValue(ctx, body, archiveName);
  return !!archive && /^new\s+(?:System\.IO\.Compression\.)?ZipArchive\s*\(/.test(archive.value) && createdOverInMemorySource(ctx, archive.owner, archive.value);
}

/** The value a local of the body (or of a body around it) is declared with, and that body, when nothing writes the name again. */
function keptLocalWithValue(ctx: RuleContext, body: MethodBody, name: string): { value: string; owner: MethodBody } | null {
  for (const b of bodyChain(body, ctx.model.bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    return local.initializerText === null || local.assignedAgain ? null : { value: local.initializerText.trim(), owner: b };
  }
  return null;
}

/**
 * A field of the body's type that the file only ever fills with a reader, writer or wrapping stream over an in-memory
 * source (`_decompressor = new DeflateStream(_compressed, CompressionMode.Decompress)` with `_compressed` a
 * MemoryStream field): every object the type's bodies in this file create into the field wraps one, there is at least
 * one, and the field has no initializer. A field the file assigns anything else to by a creation keeps the finding.
 */
function fieldHoldsInMemoryWrapper(ctx: RuleContext, chain: readonly MethodBody[], name: string): boolean {
  const owner = chain.map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return false;
  const field = ctx.model.types.filter((t) => t.name === owner).flatMap((t) => t.members).find((m) => m.kind === 'field' && m.name === name);
  // An initializer is outside every body, so nothing here types what it wraps: such a field is not judged.
  if (!field || field.initializerText) return false;
  const fills: { body: MethodBody; text: string }[] = [];
  for (const b of ctx.model.bodies) {
    if (b.containingType !== owner) continue;
    for (const c of b.creations) {
      if (c.targetText === null || hintText(c.targetText) !== name) continue;
      fills.push({ body: b, text: `new ${c.typeText}(${c.argumentTexts.join(', ')})` });
    }
  }
  return fills.length > 0 && fills.every((f) => createdOverInMemorySource(ctx, f.body, f.text));
}

/**
 * Whether an expression creates a reader or writer over an in-memory source written in its first argument:
 * `new StreamReader(ms)`, or a factory named Create... handed the stream or reader it wraps
 * (`provider.CreateCompressionStream(ms, level)`, `XmlWriter.Create(ms)`, `XmlReader.Create(new StringReader(xml))`)
 * or a byte array (`JsonReaderWriterFactory.CreateJsonReader(bytes, quotas)`), also over a Stream parameter that every
 * workspace call fills with a MemoryStream (`XmlWriter.Create(stream, settings)`).
 */
export function createdOverInMemorySource(ctx: RuleContext, body: MethodBody, expression: string): boolean {
  const creation = /^(?:new\s+[A-Za-z_][\w.]*|(?:[A-Za-z_][\w.]*\s*\.\s*)?Create\w*)\s*(?:<[^()]*>)?\s*\((.*)\)\s*$/s.exec(expression.trim());
  if (!creation) return false;
  const first = splitTopLevel(creation[1])[0];
  if (!first) return false;
  if (isManifestResourceStream(ctx, body, first)) return true;
  // A Stream parameter that every workspace caller fills with a MemoryStream (rules/memoryWriterParameters.ts).
  if (isMemoryStreamParameter(ctx, body, first)) return true;
  const innerType = receiverTypeOf(ctx, body, first);
  if (innerType !== null && isByteArray(innerType)) return true;
  // A Utf8JsonWriter over a PipeWriter or another IBufferWriter<byte> only advances the buffer writer on Flush.
  if (innerType !== null && writerIntoBufferWriter(ctx, expression, innerType)) return true;
  return innerType !== null && EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.type === stripGenerics(innerType));
}

/**
 * Whether `creation` (`new Utf8JsonWriter(destination, options)`) builds a writer that writes into a buffer writer's
 * memory (knowledge/exemptions.ts BUFFER_WRITER_WRITERS) over `destinationType`, an IBufferWriter<byte> as declared
 * or a workspace type that implements it: its Flush and Dispose do no I/O.
 */
export function writerIntoBufferWriter(ctx: RuleContext, creation: string, destinationType: string): boolean {
  const writer = /^new\s+([A-Za-z_][\w.]*)/.exec(creation.trim())?.[1];
  if (!writer) return false;
  return [...typeFamily(ctx.index, stripGenerics(destinationType))].some((name) => writesIntoBufferWriter(stripGenerics(writer), stripGenerics(name)));
}

/**
 * Whether a type is a byte array: a reader a factory creates over one reads the array's bytes, which are in memory
 * (`JsonReaderWriterFactory.CreateJsonReader(Encoding.UTF8.GetBytes(json), quotas)`, whose reader is handed to
 * `XElement.Load`: ScreenToGif's update and translation checks, read in the thirty-eighth session).
 */
function isByteArray(typeText: string): boolean {
  return /^(?:System\.)?(?:byte|Byte)\[\]$/.test(typeText.replace(/\s+/g, ''));
}

/**
 * Whether an expression is an assembly's embedded resource: `assembly.GetManifestResourceStream(name)` written there
 * (also with `!` or `?? throw ...` after it), or a local it initialised. The runtime hands back an
 * UnmanagedMemoryStream over the resource in the loaded assembly's image (RuntimeAssembly.GetManifestResourceStream
 * returns its private ManifestResourceStream, an UnmanagedMemoryStream: dotnet/runtime, CoreCLR's
 * System.Private.CoreLib, System/Reflection/RuntimeAssembly), so reading it, or a reader over it, never waits on a
 * device.
 */
export function isManifestResourceStream(ctx: RuleContext, body: MethodBody, expression: string): boolean {
  const text = expression.trim();
  if (/^[A-Za-z_]\w*$/.test(text)) {
    for (const b of bodyChain(body, ctx.model.bodies)) {
      const local = b.locals.find((l) => l.name === text);
      if (local) return (local.kind === 'local' || local.kind === 'using') && !!local.initializerText && opensManifestResource(local.initializerText);
      if (b.parameters.some((p) => p.name === text)) return false;
    }
    return false;
  }
  return opensManifestResource(text);
}

/** `typeof(X).Assembly.GetManifestResourceStream("r")`, nothing but `!` or `?? throw ...` after the call's parenthesis. */
function opensManifestResource(text: string): boolean {
  const call = /^(?:[A-Za-z_][\w.]*(?:\s*\([^()]*\))?\s*\.\s*)*GetManifestResourceStream\s*\(/.exec(text.trim());
  if (!call) return false;
  const trimmed = text.trim();
  const close = closingBracket(trimmed, call[0].length - 1);
  if (close < 0) return false;
  return /^\s*(?:!\s*)?(?:\?\?\s*throw\b[^]*)?$/.test(trimmed.slice(close + 1));
}

/**
 * A CancellationToken parameter or local visible in the body, to pass to a twin that asks for one; without one, the
 * token the function itself passes to its other calls when they all pass the same member path
 * (`result.TaskControl.ProgressToken`, `_shutdown.Token`): the seeded reading of the thirty-eighth session found a note
 * saying no token was in scope where the method passed that one to five calls.
 */
export function cancellationTokenInScope(ctx: RuleContext, body: MethodBody, at: number): string | null {
  for (const b of bodyChain(body, ctx.model.bodies)) {
    const param = b.parameters.find((p) => p.typeText !== null && /^(System\.Threading\.)?CancellationToken$/.test(p.typeText));
    if (param) return param.name;
    const local = b.locals.find((l) => l.span.start < at && l.scope.start <= at && at <= l.scope.end && /^(System\.Threading\.)?CancellationToken$/.test(l.typeText ?? l.inferredTypeText ?? ''));
    if (local) return local.name;
  }
  return tokenPassedToOtherCalls(ctx, body);
}

/** The one member path typed as a CancellationToken (or named `...Token`, where typing cannot say) that the body's calls pass. */
function tokenPassedToOtherCalls(ctx: RuleContext, body: MethodBody): string | null {
  const passed = new Set<string>();
  for (const call of body.calls) {
    for (const raw of call.argumentTexts) {
      const arg = raw.trim().replace(/^[A-Za-z_]\w*\s*:(?!:)\s*/, '');
      if (!/^(?:this\.)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(arg)) continue;
      const typed = typeOfExpression(arg, body, ctx.model.bodies, ctx.index)?.typeText ?? null;
      if (typed !== null ? /^(System\.Threading\.)?CancellationToken$/.test(typed) : /Token$/.test(arg)) passed.add(arg);
    }
  }
  return passed.size === 1 ? [...passed][0] : null;
}

/**
 * `x?.Read(...)`, `a.B?.C.Read(...)`: a null-conditional access anywhere in the call's chain makes the whole call
 * null when its receiver is (C# short-circuits the rest of the chain), so awaiting it, or its twin, would await null
 * and throw where the original skipped the call. No await fix is offered for these. Only a `?.` or `?[` outside the
 * chain's argument lists and brackets counts (`Find(a?.Id).SaveAsync()` always calls SaveAsync); comments and
 * literals are masked so a `?` in a string argument says nothing.
 */
export function isConditionalCall(text: string, call: { span: Span; nameSpan: Span; receiver: string | null }): boolean {
  if (call.receiver === null) return false;
  // The whole file's mask, read in place: sourceText.ts keeps the last text it masked, which the other rules ask for in turn.
  const masked = maskCommentsAndStrings(text);
  let conditional = false;
  topLevel(masked, call.span.start, call.nameSpan.start, (i) => (conditional = masked[i] === '?' && (masked[i + 1] === '.' || masked[i + 1] === '[')));
  return conditional;
}

/**
 * taskEvidence, plus one step it does not take: a `var` local whose type is not visible counts as a task when its
 * initializer does (`var pending = Task.Run(...)`, `var page = client.GetStringAsync(url)`).
 */
export function taskEvidenceOf(ctx: RuleContext, body: MethodBody, text: string): TaskEvidence {
  // `PublishAsync(m).ConfigureAwait(false)` waited on: the task is the call's, and the evidence says why that is a task
  // (the configured awaitable around it is no task, and a reason that names it explains the wrong thing).
  const configured = /^([^]*\S)\s*\.\s*ConfigureAwait\s*\([^()]*\)\s*$/.exec(text.trim());
  if (configured) {
    const inner = taskEvidenceOf(ctx, body, configured[1]);
    if (inner.verdict === 'task') return inner;
  }
  const evidence = taskEvidence(text, body, ctx.model.bodies, ctx.index);
  if (evidence.verdict !== 'unknown') return evidence;
  let name = text.trim();
  while (name.startsWith('(') && name.endsWith(')')) name = name.slice(1, -1).trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return evidence;
  for (const b of bodyChain(body, ctx.model.bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    if (local.typeText !== null || !local.initializerText || local.kind === 'foreach') return evidence;
    const initial = taskEvidence(local.initializerText, b, ctx.model.bodies, ctx.index);
    return initial.verdict === 'task' ? { verdict: 'task', reason: `local ${name} holds ${shortCode(local.initializerText)}: ${initial.reason}` } : evidence;
  }
  return evidence;
}

/**
 * The argument texts with every name that holds a known constant replaced by its value, so `Wait(NoWait)` with
 * `const int NoWait = 0` reads as `Wait(0)`: a local `const`, or a `const` or `readonly` field (of the enclosing
 * types or named `Type.Field`) with an initializer. A named argument keeps its name (`timeout: 0`).
 */
export function constantArgumentTexts(ctx: RuleContext, body: MethodBody, args: readonly string[]): string[] {
  return args.map((arg) => {
    const named = /^([A-Za-z_]\w*\s*:(?!:)\s*)([^]*)$/.exec(arg.trim());
    const prefix = named ? named[1] : '';
    const value = named ? named[2] : arg.trim();
    const constant = constantValueOf(ctx, body, value, 0);
    return constant === null ? arg : `${prefix}${constant}`;
  });
}

function constantValueOf(ctx: RuleContext, body: MethodBody, text: string, depth: number): string | null {
  if (depth > 3) return null;
  const t = text.trim();
  const resolve = (initializer: string | null | undefined, owner: MethodBody): string | null =>
    initializer ? constantValueOf(ctx, owner, initializer, depth + 1) ?? initializer.trim() : null;
  const qualified = /^(?:this\.|([A-Z]\w*)\.)?([A-Za-z_]\w*)$/.exec(t);
  if (!qualified) return null;
  const [, typeName, name] = qualified;
  if (!t.startsWith('this.') && !typeName) {
    for (const b of bodyChain(body, ctx.model.bodies)) {
      const local = b.locals.find((l) => l.name === name);
      if (local) return local.kind === 'local' && isConstLocal(ctx.text, local.span.start) ? resolve(local.initializerText, b) : null;
      if (b.parameters.some((p) => p.name === name)) return null;
    }
  }
  const owner = typeName ?? bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
  if (!owner) return null;
  for (const family of typeFamily(ctx.index, owner)) {
    for (const ref of typesNamed(ctx.index, family)) {
      const field = ref.type.members.find((m) => m.kind === 'field' && m.name === name);
      if (field) return field.isReadonly ? resolve(field.initializerText, body) : null;
    }
  }
  return null;
}

/** Whether the local declared at `nameStart` is a `const`: the declaration's text before the name says so. */
function isConstLocal(text: string, nameStart: number): boolean {
  let from = nameStart;
  while (from > 0 && !';{}'.includes(text[from - 1])) from--;
  return /(^|\s)const\s/.test(text.slice(from, nameStart));
}

/**
 * Whether the file can name a namespace's types without qualifying them: a `using` in the file, a `global using`
 * in a source file of its own project (C# applies a global using to its compilation only, so one in another
 * project of the workspace says nothing about this file), or one of its project's global usings: the SDK's implicit
 * usings and the project's `<Using Include="..." />` items, which the SDK writes into a generated GlobalUsings.g.cs
 * (project/evaluate.ts reads them). With `orNested`, a using of a namespace inside it counts too
 * (`Microsoft.EntityFrameworkCore.Storage`).
 */
export function importsNamespace(ctx: RuleContext, namespace: string, orNested = false): boolean {
  return fileImportsNamespace(ctx.index, ctx.file, ctx.model.usings, namespace, orNested);
}

/** importsNamespace for any file of the workspace, given its own `using` directives. */
export function fileImportsNamespace(index: WorkspaceIndex, file: string, usings: readonly string[], namespace: string, orNested = false): boolean {
  const matches = (u: string) => {
    const compact = u.replace(/\s+/g, '');
    return compact === namespace || (orNested && compact.startsWith(`${namespace}.`));
  };
  if (usings.some(matches)) return true;
  if (projectSourceGlobalUsings(index, file).some(matches)) return true;
  return (fileApiScopeOf(file)?.globalUsings ?? []).some(matches);
}
