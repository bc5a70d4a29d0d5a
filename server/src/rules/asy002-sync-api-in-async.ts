/** ASY002 sync-api-in-async: a synchronous call with an awaitable twin (Thread.Sleep, File.ReadAllText, Stream.Read, a workspace `Foo` beside `FooAsync`, `using` of an IAsyncDisposable) inside async code. */
import { isHintShadowed } from '../knowledge/shadowingNamespaces';
import { fitted, listed, quoted } from './messageText';
import { analysedTargetLacks, targetsLackingApi, twinFirstCoreMajor, type OtherTargets } from './callTargets';
import type { CallSite, MethodBody } from '../model/types';
import { blockingApisByMember, isNonBlockingCall, itemWaitsByMember, KNOWN_SUBTYPES, receiverHintMatches, type BlockingApi, type BlockingApiWithoutTwin } from '../knowledge/blockingApis';
import { loopsAround } from './loopSpans';
import { maskCommentsAndStrings } from './sourceText';
import { exemptReceiverTypesFor, isExemptReceiverExpression, nonBlockingArgumentIn } from '../knowledge/exemptions';
import { asyncDisposableOf, usingFinding } from './asy002-await-using';
import { isMemoryStreamParameter, isStringWriterParameter } from './memoryWriterParameters';
import { readsBufferedHttpBody } from './bufferedBodies';
import { workspaceTwinFor, type WorkspaceTwinMatch } from './asy002-workspace-twins';
import { efCoreQueryCallFor, originSentence, type EfCoreQueryMatch } from './asy002-ef-core-queries';
import { bodyChain } from '../model/bodies';
import { entryArchiveModes, valueSourcesOf } from './streamSources';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { asyncContextBodies, type Rule, type RuleContext, type RuleFinding, type TextEdit } from './types';
import {
  awaitEdits, cancellationTokenInScope, constantArgumentTexts, importsNamespace, describeAsyncBody, exemptByName, exemptByType, hintHits, isConditionalCall, isUntypedTypeLikeName, isWorkspaceTypeName,
  isManifestResourceStream, receiverTypeOf, shortCode, staticReceiverName, taskEvidenceOf, typeDerivesFrom, wrapsInMemoryStream, createdOverInMemorySource, readsEntryOfInMemoryArchive,
} from './asy001-004-blocking-common';
import { inDeferredQueryClause, whyAwaitIsNotAllowedAt } from './awaitContext';
import { testExercisesSyncCall } from './testSubjects';
import { takesSyncModeParameter } from './syncPathOnly';
import { awaitConventionOf, configuresAwaits } from './fileAwaitConvention';
import { consoleToolCap } from './libraryCode';
import { waitsForDebugger } from './debuggerWaits';
import { repeatedWritesSentence, writeTargetOf, type WriteTarget } from './repeatedWrites';
import { methodsNamed, stripGenerics } from '../workspace/index';
import { verdictKey } from '../workspace/completion';

/** A call ASY002 reports: a knowledge-table row, or a `FooAsync` the workspace declares next to `Foo`. */
export type SyncApiMatch =
  | { kind: 'table'; row: BlockingApi; via: 'static' | 'typed' | 'hinted' | 'query'; receiverType: string | null; query?: EfCoreQueryMatch }
  | WorkspaceTwinMatch;

/**
 * Decides whether a call in an async body is ASY002's: the one place that says so, which ASY001 and ASY004 ask
 * too, so that one call never gets two blocking findings.
 */
export function syncApiCallOf(ctx: RuleContext, body: MethodBody, call: CallSite): SyncApiMatch | null {
  const match = syncApiMatchOf(ctx, body, call);
  // A test named after the synchronous method, or after the synchronous path, calls it because it is what the test
  // checks: its twin would test another method. Asked only of a match, as most calls are none.
  return match && testExercisesSyncCall(ctx, body, call.name) ? null : match;
}

function syncApiMatchOf(ctx: RuleContext, body: MethodBody, call: CallSite): SyncApiMatch | null {
  // The synchronous branch of a dual-path method (`if (async) await ReadAsync(); else Read();`) blocks by the
  // caller's choice: it runs only when the caller asked for synchronous work.
  if (call.inNameof || call.usage === 'awaited' || call.onSyncPath) return null;
  // `flags: CommandFlags.FireAndForget`: the call returns at once, whatever it is.
  if (nonBlockingArgumentIn(call.argumentTexts)) return null;
  // A call in a query expression's `where` or `select` is part of a lambda the query runs later, or of the expression
  // tree EF Core translates to SQL (`where !db.Links.Any(...)` is an EXISTS subquery): it does not run here, as the
  // same call in a method-syntax `Where(o => ...)` lambda does not.
  if (inDeferredQueryClause(ctx, body, call.span.start)) return null;
  // An EF Core query first: its origin says more than a receiver's name (`db.Orders.Find`).
  const query = efCoreQueryCallFor(ctx, body, call);
  if (query) return { kind: 'table', row: query.row, via: 'query', receiverType: null, query };
  const row = tableRowFor(ctx, body, call);
  // The receiver's own type said the call does not block: no workspace twin of it is offered either.
  if (row === PROVIDER_SAYS_SYNC) return null;
  // A twin the analysed target lacks (File.ReadAllTextAsync in a netstandard2.0 or net48 project) cannot be awaited
  // there: the synchronous call is the only one the project has.
  if (row?.kind === 'table' && analysedTargetLacks(ctx, row.row.since, twinFirstCoreMajor(row.row, callsRowType(row)))) return null;
  // A sleep that waits for a debugger to attach holds a thread nothing else waits on (debuggerWaits.ts).
  if (row?.kind === 'table' && row.row.type === 'Thread' && waitsForDebugger(ctx.text, body, call)) return null;
  if (row) return row;
  // A low-confidence row the receiver's type matches (a workspace DbDataReader's IsDBNull) keeps the workspace's own
  // IsDBNullAsync from being offered: the table already decided the sync call rarely blocks.
  if (lowConfidenceRowMatches(ctx, body, call)) return null;
  // A dual-path method (`bool async`) that calls a workspace Foo outside its async branch does so on purpose: such
  // code bases pair every Foo with a FooAsync and pick the sync one where it cannot block (a buffered converter).
  if (inDualPathMethod(ctx, body)) return null;
  return workspaceTwinFor(ctx, body, call);
}

/**
 * Whether the receiver is the result of a call of a method the workspace declares (`context.GetSeedReader()`, a
 * workspace extension method returning its own ISeedReader) and no declaration of that name returns `rowType` or a
 * type derived from it: the declarations say what the call returns, even where the typing could not follow the call
 * to one of them, so the receiver's name must not stand in for the type. A declaration whose return type is not
 * written (none) or may be the row's keeps the guess.
 */
function declaredCallReturnsOtherThan(ctx: RuleContext, receiver: string, rowType: string): boolean {
  const name = splitCallText(receiver)?.name;
  if (!name) return false;
  const declared = methodsNamed(ctx.index, name, null).filter((m) => m.member !== null);
  return declared.length > 0 && declared.every((m) => m.member!.typeText !== null && !typeDerivesFrom(ctx, m.member!.typeText, rowType));
}

/** tableRowFor's answer for a receiver whose workspace type's own twin completes synchronously (ownTwinCompletesSynchronously). */
const PROVIDER_SAYS_SYNC = 'provider says sync';

function tableRowFor(ctx: RuleContext, body: MethodBody, call: CallSite): SyncApiMatch | typeof PROVIDER_SAYS_SYNC | null {
  // Low-confidence rows block only in some modes (SequentialAccess readers, CPU-bound Parallel loops): quiet by design.
  // A package's row applies only where the file uses the package: Dapper's extension methods bind only then, and
  // EF6's Database.BeginTransaction (System.Data.Entity) is not EF Core's.
  // A twin newer than the analysed target (ZipFile.OpenReadAsync, .NET 10, in a net9.0 project) cannot be awaited
  // there: the synchronous call is the only one the project has.
  const rows = blockingApisByMember(call.name).filter((r) => !r.ownedBy && r.confidence !== 'low' && usesPackageOf(ctx, r) && !analysedTargetLacks(ctx, r.since, null));
  if (rows.length === 0 || call.receiver === null) return null;
  const receiver = call.receiver;
  if (isExemptReceiverExpression(receiver)) return null;
  const staticName = staticReceiverName(receiver);
  for (const row of rows) {
    if (row.kind === 'static' && row.type === staticName && argumentsBlock(ctx, body, row, call)) return { kind: 'table', row, via: 'static', receiverType: null };
  }
  const instanceRows = rows.filter((r) => r.kind === 'instance');
  if (instanceRows.length === 0) return null;
  // A reader or writer over a MemoryStream in view is as harmless as the MemoryStream, whatever its declared type.
  if (wrapsInMemoryStream(ctx, body, receiver) || isManifestResourceStream(ctx, body, receiver) || readsBufferedHttpBody(ctx, body, receiver)) return null;
  // So is an entry of a zip archive read from memory, and the stream its Open() returns.
  if (readsEntryOfInMemoryArchive(ctx, body, receiver, call.name)) return null;
  // A TextWriter parameter that every workspace caller fills with a StringWriter writes to memory, and so does a Stream
  // parameter every caller fills with a MemoryStream.
  if (isStringWriterParameter(ctx, body, receiver) || isMemoryStreamParameter(ctx, body, receiver)) return null;
  const receiverType = receiverTypeOf(ctx, body, receiver);
  if (receiverType !== null) {
    for (const row of instanceRows) {
      if (!typeDerivesFrom(ctx, receiverType, row.type)) continue;
      if (exemptByType(ctx, receiverType, row.exemptReceiverTypes)) return null;
      if (ownTwinCompletesSynchronously(ctx, receiverType, row.asyncTwin)) return PROVIDER_SAYS_SYNC;
      if (argumentsBlock(ctx, body, row, call)) return { kind: 'table', row, via: 'typed', receiverType };
    }
    return null;
  }
  // No declaration in view: guess from the receiver's name, unless the name says task, in-memory or a type.
  if (isWorkspaceTypeName(ctx, receiver) || isUntypedTypeLikeName(ctx, body, receiver)) return null;
  if (taskEvidenceOf(ctx, body, receiver).verdict === 'task') return null;
  let best: { row: BlockingApi; hits: number } | null = null;
  for (const row of instanceRows) {
    const hits = hintHits(row.receiverHints, receiver);
    if (hits === 0 || exemptByName(receiver, row.type) || !argumentsBlock(ctx, body, row, call)) continue;
    if (declaredCallReturnsOtherThan(ctx, receiver, row.type)) continue;
    if (row.hintedOnlyWith && !row.hintedOnlyWith.some((ns) => importsNamespace(ctx, ns, true))) continue;
    // A package the file imports, with its own using or a global one, makes the name mean its own type (EF6's
    // DbContextTransaction for `transaction`).
    if (isHintShadowed((namespace) => importsNamespace(ctx, namespace), row.type)) continue;
    if (!best || hits > best.hits) best = { row, hits };
  }
  return best ? { kind: 'table', row: best.row, via: 'hinted', receiverType: null } : null;
}

/**
 * Whether the receiver's type is a workspace type (a provider built in the workspace, such as an ADO.NET driver's
 * reader) that declares the row's twin itself, and every declaration of the twin there hands back a completed task
 * (`return Task.FromResult(GetColumnSchema());`, as DbDataReader's default does): the provider says its synchronous
 * member does no I/O, and awaiting the twin would add a task and free no thread.
 */
function ownTwinCompletesSynchronously(ctx: RuleContext, receiverType: string, twin: string): boolean {
  const owner = stripGenerics(receiverType.replace(/\?$/, '')).replace(/^.*\./, '');
  if (!isWorkspaceTypeName(ctx, owner)) return false;
  const declared = methodsNamed(ctx.index, twin, owner).filter((m) => m.body);
  return declared.length > 0 && declared.every((m) => {
    const verdict = ctx.completion.get(verdictKey(m.file, m.body!.id));
    return !!verdict && verdict.likelySync && verdict.certain;
  });
}

function lowConfidenceRowMatches(ctx: RuleContext, body: MethodBody, call: CallSite): boolean {
  const rows = blockingApisByMember(call.name).filter((r) => r.confidence === 'low' && r.kind === 'instance');
  if (rows.length === 0) return false;
  const receiver = call.receiver?.trim() ?? null;
  const receiverType = receiver === null || receiver === 'this' || receiver === 'base'
    ? bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null
    : receiverTypeOf(ctx, body, receiver);
  return receiverType !== null && rows.some((r) => typeDerivesFrom(ctx, receiverType, r.type));
}

/**
 * Whether the body selects its path by a `bool async` flag or takes a synchronous/asynchronous mode enum: the
 * `using`s of such a method run for both paths, and `await using` fits only one.
 */
function inModeTakingMethod(ctx: RuleContext, body: MethodBody): boolean {
  return body.asyncFlag !== null || takesSyncModeParameter(ctx.index, body.parameters);
}

function inDualPathMethod(ctx: RuleContext, body: MethodBody): boolean {
  return bodyChain(body, ctx.model.bodies).some((b) => b.asyncFlag !== null);
}

/** Whether the file imports the package's root namespace (`Microsoft.EntityFrameworkCore`, `Dapper`) or one inside it. */
function usesPackageOf(ctx: RuleContext, row: BlockingApi): boolean {
  if (!row.package || row.namespace.startsWith('Microsoft.Extensions.')) return true;
  const root = row.namespace.split('.').slice(0, 2).join('.');
  return importsNamespace(ctx, root, true);
}

/** Whether the call's arguments are a blocking form of the row: the right count, no zero timeout, a stream where one is needed. */
function argumentsBlock(ctx: RuleContext, body: MethodBody, row: BlockingApi, call: CallSite): boolean {
  const args = call.argumentTexts;
  // XmlReader/XmlWriter twins throw unless the instance was created with Async = true: without that in view there is no twin.
  if (row.twinNeedsAsyncSettings && (call.receiver === null || !createdWithAsyncSettings(ctx, body, call.receiver, row.twinNeedsAsyncSettings))) return false;
  if (row.onlyArgumentCounts && !row.onlyArgumentCounts.includes(args.length)) return false;
  if (row.nonBlockingWhenMadeBy && call.receiver !== null && receiverMadeBy(ctx, body, call.receiver, row.nonBlockingWhenMadeBy.members, call.span.start)) return false;
  const constants = constantArgumentTexts(ctx, body, args);
  if (isNonBlockingCall(row, constants)) return false;
  if (row.ipLiteralReturnsAtOnce !== undefined && isIpAddressLiteral(constants[row.ipLiteralReturnsAtOnce] ?? '')) return false;
  // An argument of a known type the row's member cannot take says the receiver is another type, however it is named.
  if (row.firstParameterType && args.length > 0) {
    const firstType = receiverTypeOf(ctx, body, args[0]);
    if (firstType !== null && !typeDerivesFrom(ctx, firstType, row.firstParameterType)) return false;
  }
  if (row.blockingArgument) {
    const arg = args[row.blockingArgument.index];
    if (arg === undefined) return false;
    const argType = receiverTypeOf(ctx, body, arg);
    // A MemoryStream handed to the call is written or read in memory, as it is when it is the receiver.
    if (exemptByName(arg, 'Stream') || (argType && exemptByType(ctx, argType, exemptReceiverTypesFor('Stream')))) return false;
    // So is a reader over a string or a MemoryStream (`XDocument.Load(reader)` with `var reader = XmlReader.Create(new
    // StringReader(xml))`, or the StringReader itself): the document is parsed from memory.
    if ((argType && exemptByType(ctx, argType, exemptReceiverTypesFor('TextReader'))) || wrapsInMemoryStream(ctx, body, arg) || createdOverInMemorySource(ctx, body, arg)) return false;
    // And an HTTP response body HttpClient read into memory before the request completed (bufferedBodies.ts).
    if (readsBufferedHttpBody(ctx, body, arg)) return false;
    // A string literal inside the argument names no stream: `Serialize(new Meta { Mime = "application/octet-stream" })`.
    const evidence = `${withoutStringLiterals(arg)} ${argType ?? ''}`;
    if (!receiverHintMatches(row.blockingArgument.hints, evidence)) return false;
  }
  return true;
}

/**
 * Whether every value the receiver can hold is the result of a call of one of `members`: written in place
 * (`archive.CreateEntry(n)`), a local whose initializer is such a call (`var entry = archive.CreateEntry(n);`), or a
 * call of a workspace helper that returns one (`var entry = NewEntry(name);` with `ZipArchiveEntry NewEntry(string
 * name) => archive.CreateEntry(name);`), followed as streamSources.ts follows a disposed stream. `at` is where the call
 * is written: a name declared again in a sibling block (`var entry = archive.CreateEntry(...)` in a loop and in an `if`
 * after it) is read as the declaration in view there.
 */
function receiverMadeBy(ctx: RuleContext, body: MethodBody, receiver: string, members: readonly string[], at: number): boolean {
  const madeBy = (text: string) => {
    const call = /\.\s*([A-Za-z_]\w*)\s*\([^]*\)$/.exec(text.trim());
    return !!call && members.includes(call[1]);
  };
  const sources = valueSourcesOf(ctx, body, receiver.trim(), at);
  return sources !== null && sources.length > 0 && sources.every(madeBy);
}

/**
 * Whether an argument is a string literal holding an IP address: a dotted IPv4 address (four numbers up to 255) or
 * an IPv6 address (hex groups and colons, an optional embedded IPv4 tail and an optional `%` scope). A narrower
 * set than IPAddress.TryParse accepts, so that what it takes is an address to any reader.
 */
export function isIpAddressLiteral(argument: string): boolean {
  const literal = /^@?"([^"\\]*)"$/.exec(argument.trim());
  if (!literal) return false;
  const text = literal[1].replace(/%\w+$/, '');
  const isV4 = (t: string): boolean => /^\d{1,3}(?:\.\d{1,3}){3}$/.test(t) && t.split('.').every((n) => Number(n) <= 255);
  if (isV4(text)) return true;
  if (!text.includes(':') || (text.match(/::/g) ?? []).length > 1) return false;
  const groups = text.split(':');
  const last = groups[groups.length - 1];
  const hexGroups = isV4(last) ? groups.slice(0, -1) : groups;
  return groups.length <= 8 && hexGroups.every((g) => /^[0-9A-Fa-f]{0,4}$/.test(g));
}

/** An argument's text with its string literals emptied, so that their contents cannot read as a hint. */
function withoutStringLiterals(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

// ---- findings ----

/** How the call blocks, by the family of the row: the verb phrase of the message. */
/** The message's verb phrase: what the call does to the thread, in a few words. */
function shortPhrase(row: BlockingApi): string {
  return row.type === 'IQueryable' || row.type === 'DbSet' ? 'runs the query synchronously' : 'blocks the thread';
}

function blockingPhrase(row: BlockingApi): string {
  switch (row.type) {
    case 'Thread': return 'blocks the thread for the whole delay';
    case 'SemaphoreSlim': return 'blocks the thread until the semaphore is free';
    case 'Process': return 'blocks the thread until the process exits';
    case 'Parallel': return 'blocks the thread until every iteration has run';
    case 'JoinableTaskFactory': return 'blocks the thread until the delegate\'s async work completes';
    case 'JoinableTask': return 'blocks the thread until the joinable task completes';
    case 'IQueryable':
    case 'DbSet': return 'runs the database query synchronously';
    default: return 'blocks the thread on I/O';
  }
}

const SPAN_ARGUMENT = /AsSpan\s*\(|stackalloc|\bSpan\s*</;

/** Why no rename fix is offered for this row and these arguments, or null when a rename + await is valid C#. */
function whyNoTableFix(ctx: RuleContext, body: MethodBody, row: BlockingApi, call: CallSite): string | null {
  const args = call.argumentTexts;
  const n = args.length;
  if (row.twinUse === 'await foreach') return `${row.asyncTwin} returns an IAsyncEnumerable, so the loop around it must become await foreach`;
  const sameCount = row.sameArgumentsFor === undefined || row.sameArgumentsFor.includes(n);
  const memoryCount = row.memoryTwinFor?.includes(n) ?? false;
  if (!sameCount && !memoryCount) return `${row.asyncTwin} takes different arguments`;
  if (memoryCount) {
    const types = args.map((a) => receiverTypeOf(ctx, body, a));
    if (args.some((a, i) => SPAN_ARGUMENT.test(a) || SPAN_ARGUMENT.test(types[i] ?? ''))) return `${row.asyncTwin} takes a Memory where this call passes a span`;
    if (!sameCount && types.some((t) => t === null)) return `${row.asyncTwin} takes a Memory, and the argument's type is not visible`;
  }
  if (row.type === 'TextWriter' && !args.every((a) => isTextArgument(ctx, body, a))) return `${row.asyncTwin} has no overload for non-text arguments`;
  return null;
}

/** Why an `await` cannot go where the call is, or null when it can. */
function whyNoAwaitHere(ctx: RuleContext, body: MethodBody, call: CallSite): string | null {
  if (!body.isAsync) return 'the method is not async, so await cannot go here without making it async and changing how it returns';
  const notHere = whyAwaitIsNotAllowedAt(ctx, body, call.span.start);
  if (notHere) return notHere;
  if (isConditionalCall(ctx.text, call)) return 'the ?. call may not run at all, and awaiting its null result would throw';
  return null;
}

/** A string, char or interpolated string: what TextWriter's async twins accept. */
function isTextArgument(ctx: RuleContext, body: MethodBody, arg: string): boolean {
  const a = arg.trim();
  if (/^(\$|@|"|'|\$@|@\$)/.test(a) || /^"""/.test(a)) return true;
  const type = receiverTypeOf(ctx, body, a);
  return type !== null && /^(string|String|char|char\[\]|StringBuilder)\??$/.test(type);
}

/**
 * Whether the call is on the row's own type, on one of the framework's own types derived from it (SHA256 under
 * HashAlgorithm, StreamWriter under TextWriter), or a static one. An ADO.NET provider's type (NpgsqlConnection) may
 * declare the twin itself on older targets, where the base type (DbConnection) lacks it: `missingBeforeNetStandard21`
 * speaks only for these.
 */
function callsRowType(match: Extract<SyncApiMatch, { kind: 'table' }>): boolean {
  if (match.via === 'static') return true;
  const type = match.receiverType?.replace(/<[^]*>$/, '').replace(/^.*\./, '');
  if (!type) return false;
  return type === match.row.type || (match.row.namespace !== ADO_NET_BASE_NAMESPACE && (KNOWN_SUBTYPES[match.row.type] ?? []).includes(type));
}

/** The namespace of ADO.NET's base types, whose known subtypes are the providers' own (knowledge/blockingApis.ts KNOWN_SUBTYPES). */
const ADO_NET_BASE_NAMESPACE = 'System.Data.Common';

/** Where else the call is compiled that the row's twin is missing (callTargets.ts `targetsLackingApi`). */
function twinOnOtherTargets(ctx: RuleContext, match: Extract<SyncApiMatch, { kind: 'table' }>, at: number): OtherTargets {
  return targetsLackingApi(ctx, at, match.row.since, twinFirstCoreMajor(match.row, callsRowType(match)));
}

type TableMatch = Extract<SyncApiMatch, { kind: 'table' }>;

/** A call a knowledge-table row matched, with that match. */
interface TableCall {
  call: CallSite;
  match: TableMatch;
}

/** Writes of one body to one writer or file (repeatedWrites.ts), in the order they are written. */
interface WriteGroup {
  target: WriteTarget;
  writes: TableCall[];
}

/**
 * The finding for a call a table row matched. `group`, when there is one, holds the calls after it that write to the
 * same writer or file in the same body (repeatedWrites.ts), at least one: they are named in the message and the note, listed as related locations, and
 * awaited by the same fix, so a method that writes a file line by line gets one finding, not one per line.
 */
function tableFinding(ctx: RuleContext, body: MethodBody, call: CallSite, match: TableMatch, group: { target: WriteTarget; writes: readonly TableCall[] } | null = null): RuleFinding {
  const { row } = match;
  // As written up to the member (`System.IO.File.ReadAllText`, `maybe?.Flush`), and the twin in the same words.
  const source = ctx.text.slice(call.span.start, call.nameSpan.end);
  const written = shortCode(source);
  // A query's chain is already in the message: the twin's name says enough.
  const twinOf = (receiver: string) => (row.twinReceiver || match.via === 'query' ? row.asyncTwin : `${receiver}${row.asyncTwin}`);
  const receiverSource = ctx.text.slice(call.span.start, call.nameSpan.start);
  const twin = twinOf(shortCode(receiverSource));
  // The message quotes the code as written: quoted() shortens it from the front, keeping the member called, which
  // shortCode's cut (it keeps the head of a long chain) would already have lost.
  const quotedTwin = twinOf(receiverSource);
  const consumed = row.twinUse === 'await foreach' ? ', consumed with await foreach,' : '';
  const guess = match.via === 'hinted' ? ` (taken for a ${row.type} from its name)` : '';
  const missingUsing = match.query?.missingUsing ? `the file does not import ${row.namespace}, where ${row.asyncTwin} is declared; add the using first` : null;
  const noFix = whyNoTwinFix(ctx, body, call, row) ?? missingUsing;
  const readMode = opensEntryInReadMode(ctx, body, call, row);
  const loopWait = blockingLoopCallOf(ctx, body, call);
  const noteParts = [readMode ? row.inReadModeArchive!.note : row.note];
  if (loopWait) noteParts.push(`The loop around it already waits in ${loopWait.call}, which has no async twin (${loopWait.row.note.replace(/\.$/, '')}): the loop holds its thread by design, so awaiting this call frees nothing while that one still blocks.`);
  if (group) noteParts.push(repeatedWritesSentence(group.writes.length + 1, group.target));
  if (match.query) noteParts.push(originSentence(match.query.origin));
  if (row.twinCaveat) noteParts.push(row.twinCaveat);
  // A twin of .NET 5 is in every .NET a project still builds for, and the rule is quiet where it is missing: saying
  // so would be noise. A later one is worth a word to whoever shares the code with an older runtime.
  if (row.since && Number(row.since) > 5) noteParts.push(`${row.asyncTwin} needs .NET ${row.since} or later.`);
  const elsewhere = twinOnOtherTargets(ctx, match, call.span.start);
  if (elsewhere.lacking.length > 0) noteParts.push(`The project also targets ${listed(elsewhere.lacking)}, which ${elsewhere.lacking.length === 1 ? 'does' : 'do'} not have ${row.asyncTwin}: await it under an #if for the targets that do.`);
  if (elsewhere.unknown.length > 0) noteParts.push(`The project also targets ${listed(elsewhere.unknown)}, whose APIs the signatures do not hold: check that ${row.asyncTwin} exists there, or await it under an #if for the targets that have it.`);
  if (noFix) noteParts.push(`No automatic fix${group ? ` for the first ${group.target.kind === 'file' ? 'append' : 'write'}` : ''}: ${noFix}.`);
  const finding: RuleFinding = {
    span: call.span,
    message: fitted((max) => (row.twinUse === 'await foreach'
      ? `${quoted(source, max)} ${shortPhrase(row)}; consume ${quoted(quotedTwin, max)} with await foreach instead`
      : group
        ? `${quoted(source, max)} and ${group.writes.length} more ${group.writes.length === 1 ? 'write' : 'writes'} to ${quoted(group.target.name, max)} block the thread; await their twins`
        : `${quoted(source, max)} ${shortPhrase(row)}; await ${quoted(quotedTwin, max)} instead`)),
    note: [`${written}${guess} ${blockingPhrase(row)} inside ${describeAsyncBody(body)}; ${twin}${consumed} is its awaitable twin.`, ...noteParts].join(' '),
    bodyId: body.id,
    ...(readMode ? { maxSeverity: { severity: 'information', reason: 'in Read mode the call reads only the entry\'s local header' } } : {}),
    ...(loopWait && !readMode ? { maxSeverity: { severity: 'information', reason: `the loop around it already blocks its thread in ${loopWait.call}` } } : {}),
  };
  if (group) {
    finding.related = group.writes.map((w) => ({ file: ctx.file, span: w.call.span, message: `also writes to ${group.target.name}: ${shortCode(ctx.text.slice(w.call.span.start, w.call.nameSpan.end))}` }));
  }
  const others = [...elsewhere.lacking, ...elsewhere.unknown];
  const alsoTargets = others.length > 0 ? ` (the project also targets ${listed(others)})` : '';
  const first = noFix ? null : twinFixOf(ctx, body, call, row);
  if (!group) {
    if (first) finding.fix = { title: `Await ${row.asyncTwin}${first.token ? `(..., ${first.token})` : ''} ${body.asyncFlag ? `when ${body.asyncFlag} is true` : 'instead'}${alsoTargets}`, safety: 'unsafe', edits: first.edits };
    return finding;
  }
  // One fix for the writes together: each write whose own twin fits is awaited; one that cannot be (a Write(int)
  // with no text twin, a write inside a lock) is left as it is, and the title counts the ones that change.
  const fixes = [first, ...group.writes.map((w) => (whyNoTwinFix(ctx, body, w.call, w.match.row) ? null : twinFixOf(ctx, body, w.call, w.match.row)))];
  const edits = fixes.flatMap((f) => f?.edits ?? []);
  const changed = fixes.filter((f) => f !== null).length;
  if (changed > 0 && !editsOverlap(edits)) {
    const count = changed === fixes.length ? `the ${fixes.length} writes` : `${changed} of the ${fixes.length} writes`;
    finding.fix = { title: `Await the twins of ${count} to ${group.target.name}${body.asyncFlag ? ` when ${body.asyncFlag} is true` : ''}${alsoTargets}`, safety: 'unsafe', edits };
  }
  return finding;
}

/**
 * Whether the row's cost depends on its archive's mode (ZipArchiveEntry.Open) and every archive the receiver may come
 * from is opened in Read mode (streamSources.ts entryArchiveModes): there Open reads only the entry's local header, and
 * the data is decompressed as the returned stream is read. The sixth seeded reading of the forty-first session found
 * Smartstore's package installer told that Open "may read and decompress" an entry of an archive it opens for reading
 * (there the archive reaches Open as a private method's parameter, which is not followed; an import controller of the
 * same code base opens and reads its archive in one method).
 */
function opensEntryInReadMode(ctx: RuleContext, body: MethodBody, call: CallSite, row: BlockingApi): boolean {
  if (!row.inReadModeArchive || call.receiver === null) return false;
  const modes = entryArchiveModes(ctx, body, call.receiver, call.span.start);
  return modes !== null && modes.length > 0 && modes.every((m) => m === 'Read');
}

/**
 * A call in a loop around `call` (its header or its block) that waits for the next item and has no async twin
 * (knowledge/blockingApis.ts BLOCKING_APIS_WITHOUT_TWIN rows marked `waitsForNextItem`: a Kafka consumer's Consume, a
 * BlockingCollection's Take), with its row, or null. Such a loop holds its thread by design, waiting for input, so
 * its other blocking waits cost it no thread it does not already hold. The sixth seeded reading of the forty-first
 * session found CAP's Kafka consume loop told to await its semaphore, between two synchronous Consume calls.
 */
function blockingLoopCallOf(ctx: RuleContext, body: MethodBody, call: CallSite): { call: string; row: BlockingApiWithoutTwin } | null {
  const candidates = body.calls.filter((c) => c !== call && c.receiver !== null && itemWaitsByMember(c.name).length > 0);
  if (candidates.length === 0) return null;
  const loops = loopsAround(maskCommentsAndStrings(ctx.text), body, call.span);
  const within = (c: CallSite) => loops.some((l) => [l.header, l.block].some((s) => s.start <= c.span.start && c.span.end <= s.end));
  for (const other of candidates) {
    if (!within(other)) continue;
    const row = itemWaitsByMember(other.name).find((r) => receiverIsRowType(ctx, body, other.receiver!, r));
    if (row) return { call: shortCode(ctx.text.slice(other.span.start, other.nameSpan.end)), row };
  }
  return null;
}

/** Whether the receiver is the row's type: by its declared type where one is known, else by its name, in a file that imports the row's namespace. */
function receiverIsRowType(ctx: RuleContext, body: MethodBody, receiver: string, row: BlockingApiWithoutTwin): boolean {
  if (!importsNamespace(ctx, row.namespace, true)) return false;
  const type = receiverTypeOf(ctx, body, receiver.trim().replace(/!$/, ''));
  if (type !== null) return stripGenerics(type.replace(/\?$/, '')).replace(/^.*\./, '') === row.type;
  return hintHits(row.receiverHints, receiver) > 0;
}

/** Why no fix awaits the twin in place of this call, or null when one does. */
function whyNoTwinFix(ctx: RuleContext, body: MethodBody, call: CallSite, row: BlockingApi): string | null {
  return whyNoTableFix(ctx, body, row, call) ?? whyNoAwaitHere(ctx, body, call);
}

/** The edits that await the twin in place of the call, and the token handed to it; null where no await fits. */
function twinFixOf(ctx: RuleContext, body: MethodBody, call: CallSite, row: BlockingApi): { edits: TextEdit[]; token: string | null } | null {
  const twinEdits: TextEdit[] = [];
  if (row.twinReceiver) twinEdits.push({ start: call.span.start, end: call.nameSpan.end, newText: row.asyncTwin });
  else twinEdits.push({ start: call.nameSpan.start, end: call.nameSpan.end, newText: row.asyncTwin });
  // Task.Delay takes the method's CancellationToken (Task.Delay(int|TimeSpan, CancellationToken)): a delay that
  // ignores it is what ASY025 reports, so the fix must not write one.
  const token = row.asyncTwin === 'Task.Delay' && ctx.text[call.span.end - 1] === ')' ? cancellationTokenInScope(ctx, body, call.span.start) : null;
  if (token) twinEdits.push({ start: call.span.end - 1, end: call.span.end - 1, newText: `, ${token}` });
  const edits = awaitTwinEdits(ctx, body, call, twinEdits);
  return edits ? { edits, token } : null;
}

function editsOverlap(edits: readonly TextEdit[]): boolean {
  const sorted = [...edits].sort((x, y) => x.start - y.start || x.end - y.end);
  return sorted.some((e, i) => i > 0 && e.start < sorted[i - 1].end);
}

/**
 * The edits that await the twin in place of the call: `await ` before it (in parentheses where the expression goes
 * on) and `twinEdits` (the renamed member, an added token) inside it. In a dual-path body, where a `bool async` flag
 * picks the synchronous or asynchronous path and the call sits on both, the synchronous path keeps the call, or the
 * synchronous API would block on asynchronous work: `if (async) await s.FlushAsync(); else s.Flush();` for a
 * statement, `(async ? await r.ReadToEndAsync() : r.ReadToEnd())` for a value. Null where neither fits (the call is
 * an expression body's value).
 */
function awaitTwinEdits(ctx: RuleContext, body: MethodBody, call: CallSite, twinEdits: TextEdit[]): TextEdit[] | null {
  const flag = body.asyncFlag;
  // The await is written as the file writes its awaits: with ConfigureAwait(false) where most of them have it.
  const configure = configuresAwaits(awaitConventionOf(ctx.text));
  if (!flag) {
    const { open, close } = awaitEdits(ctx.text, call.span, isStatementLevel(call), configure);
    return mergeInsertions([open, ...twinEdits, ...(close ? [close] : [])]);
  }
  if (call.usage === 'returned') return null;
  const original = ctx.text.slice(call.span.start, call.span.end);
  let twin = original;
  for (const e of [...twinEdits].sort((a, b) => b.start - a.start)) {
    twin = twin.slice(0, e.start - call.span.start) + e.newText + twin.slice(e.end - call.span.start);
  }
  if (configure) twin += '.ConfigureAwait(false)';
  const newText = call.usage === 'discarded' ? `if (${flag}) await ${twin}; else ${original}` : `(${flag} ? await ${twin} : ${original})`;
  return [{ start: call.span.start, end: call.span.end, newText }];
}

/** A call whose value is dropped or is the whole body of a lambda or arrow member: an await there needs no parentheses. */
function isStatementLevel(call: CallSite): boolean {
  return call.usage === 'discarded' || call.usage === 'returned';
}

/** Merges an insertion and a replacement that start at the same offset, which applyEdits would otherwise treat as overlapping. */
function mergeInsertions(edits: TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TextEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && last.start === last.end && last.start === e.start) out[out.length - 1] = { start: e.start, end: e.end, newText: last.newText + e.newText };
    else out.push(e);
  }
  return out;
}

/**
 * Whether the receiver is a local created in view by `XmlReader.Create(..., settings)` (or XmlWriter) whose settings
 * say `Async = true`: in an object initializer passed there, in the initializer of the settings local, or in a
 * `settings.Async = true;` assignment in the same body.
 */
function createdWithAsyncSettings(ctx: RuleContext, body: MethodBody, receiver: string, settingsType: 'XmlReaderSettings' | 'XmlWriterSettings'): boolean {
  const name = receiver.trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const factory = settingsType === 'XmlReaderSettings' ? 'XmlReader' : 'XmlWriter';
  const asyncTrue = /\bAsync\s*=\s*true\b/;
  for (const b of bodyChain(body, ctx.model.bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (!local) continue;
    const creation = new RegExp(`^(?:await\\s+)?(?:System\\.Xml\\.)?${factory}\\.Create\\s*\\(([^]*)\\)\\s*$`).exec(local.initializerText?.trim() ?? '');
    if (!creation) return false;
    if (asyncTrue.test(creation[1])) return true;
    const bodyText = b.bodySpan ? ctx.text.slice(b.bodySpan.start, b.bodySpan.end) : '';
    return splitTopLevel(creation[1]).some((arg) => {
      const settings = arg.trim();
      if (!/^[A-Za-z_]\w*$/.test(settings)) return false;
      const declared = bodyChain(b, ctx.model.bodies).flatMap((x) => x.locals).find((l) => l.name === settings);
      if (declared && asyncTrue.test(declared.initializerText ?? '')) return true;
      return new RegExp(`\\b${settings}\\s*\\.\\s*Async\\s*=\\s*true\\b`).test(bodyText);
    });
  }
  return false;
}

function workspaceFinding(ctx: RuleContext, body: MethodBody, call: CallSite, match: WorkspaceTwinMatch): RuleFinding {
  const twinName = `${call.name}Async`;
  const owner = match.twins[0].typeName ?? match.typeName;
  const source = ctx.text.slice(call.span.start, call.nameSpan.end);
  const written = shortCode(source);
  const n = call.argumentTexts.length;
  const token = match.needsToken ? cancellationTokenInScope(ctx, body, call.span.start) : null;
  let noFix = whyNoAwaitHere(ctx, body, call);
  if (!noFix && match.needsToken && !token) noFix = `${twinName} also takes a CancellationToken, and the method has no CancellationToken parameter or local to pass, nor one token its other calls all pass`;
  if (!noFix && call.usage !== 'discarded') noFix = resultMismatch(call.name, twinName, match);
  const finding: RuleFinding = {
    span: call.span,
    message: fitted((max) => `${quoted(source, max)} runs synchronously; await ${quoted(`${owner}.${twinName}`, max)} instead`),
    note: `${written} runs inside ${describeAsyncBody(body)}. The workspace declares ${owner}.${twinName} next to ${call.name}: the synchronous version holds the thread for whatever it waits on, the async one frees it. ${match.evidenceText}${noFix ? ` No automatic fix: ${noFix}.` : ''}`,
    bodyId: body.id,
  };
  const twinDecl = match.twins[0];
  if (twinDecl.member) {
    finding.related = [{ file: twinDecl.file, span: twinDecl.member.nameSpan, message: `${owner}.${twinName} is declared here` }];
  }
  if (!noFix) {
    const twinEdits: TextEdit[] = [{ start: call.nameSpan.start, end: call.nameSpan.end, newText: twinName }];
    if (token) {
      // The argument list ends the call: insert the token before its closing parenthesis.
      const closeParen = call.span.end - 1;
      twinEdits.push({ start: closeParen, end: closeParen, newText: n === 0 ? token : `, ${token}` });
    }
    const edits = awaitTwinEdits(ctx, body, call, twinEdits);
    if (edits) finding.fix = { title: `Await ${twinName}${token ? `(..., ${token})` : ''} ${body.asyncFlag ? `when ${body.asyncFlag} is true` : 'instead'}`, safety: 'unsafe', edits };
  }
  return finding;
}

const TASK_OF = /^(?:global::)?(?:System\.Threading\.Tasks\.)?(?:Value)?Task<(.+)>$/;

/**
 * Why awaiting the twin cannot stand where the call's value is used: the twin's task holds no value, or (where
 * both are declared) another type than the call returns. `return Save();` must not become `return await
 * SaveAsync();` when SaveAsync returns a plain Task, or a Task<long> where Save returns an int.
 */
function resultMismatch(name: string, twinName: string, match: WorkspaceTwinMatch): string | null {
  const norm = (t: string) => t.replace(/\s+/g, '').replace(/^global::/, '');
  for (const twin of match.twins) {
    const kind = twin.member?.returnKind;
    if (kind === 'Task' || kind === 'ValueTask') return `${twinName} returns no value, and the value of ${name} is used here`;
    const held = TASK_OF.exec(norm(twin.member?.typeText ?? ''))?.[1] ?? null;
    const returned = match.syncs.map((s) => s.member?.typeText ?? null);
    if (held === null || returned.length === 0 || returned.some((t) => t === null)) continue;
    if (!returned.some((t) => norm(t!) === held)) return `${twinName}'s task holds a ${held}, where ${name} returns ${returned.join(' or ')}`;
  }
  return null;
}

export const rule: Rule = {
  meta: {
    id: 'ASY002',
    name: 'sync-api-in-async',
    category: 'blocking',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['VSTHRD103', 'CA1849', 'MA0042', 'S6966', 'AsyncFixer02', 'EPC33'],
    summary: 'A synchronous call with an awaitable twin (Thread.Sleep, File.ReadAllText, Stream.Read, an EF Core ToList, Foo beside FooAsync, using of an IAsyncDisposable) inside async code.',
    docs: `## What it does
Flags synchronous calls inside async code (async methods, async lambdas, async local functions and async
top-level statements) that have an awaitable twin, and names the twin:

- \`Thread.Sleep\` (\`Task.Delay\`) and sync I/O from the knowledge tables: \`File.ReadAllText\`, \`Stream.Read\`,
  \`DbCommand.ExecuteReader\`, \`HttpClient.Send\`, \`SemaphoreSlim.Wait()\`, Dapper's \`Query\`, EF Core's
  \`SaveChanges\` and \`DbSet.Find\`;
- Microsoft.VisualStudio.Threading's \`JoinableTaskFactory.Run\` (\`RunAsync\`) and \`JoinableTask.Join\` (\`JoinAsync\`):
  in synchronous code they are how a Visual Studio extension blocks on async work without deadlocking the UI
  thread, and are not reported; inside async code they block the thread as any other wait does;
- EF Core's synchronous query operators (\`ToList\`, \`ToArray\`, \`First*\`, \`Single*\`, \`Last*\`, \`Any\`, \`All\`,
  \`Count\`, \`Sum\`, \`Min\`, \`Max\`, \`Average\`, \`Contains\`, \`Load\`, \`ExecuteUpdate\`, \`ExecuteDelete\` ...) on a
  query that starts at a DbContext's DbSet, at \`Set<T>()\`, or at a local, parameter or member declared
  \`DbSet\`/\`IQueryable\` in a file that uses EF Core; the twin is EntityFrameworkQueryableExtensions' \`ToListAsync\`
  and so on;
- a call \`Foo(...)\` when the workspace declares a fitting \`FooAsync\`: on the same type or a base or interface,
  written with a namespace, through \`using static\`, or as an extension method (also one declared on an interface
  the receiver implements). It fits when it is static or instance like \`Foo\`, has the same generic arity, takes
  no ref/out/in parameters, and takes the call's arguments (plus at most one CancellationToken) with the same
  parameter types as the \`Foo\` overloads the call may bind to; when \`Foo\` is not declared in the workspace, the
  arguments' known types must fit, and the note says when only their number could be compared. A \`Foo\` that a
  workspace \`FooAsync\` of the receiver's type family calls on its own object (\`=> Task.FromResult(Foo(id))\`,
  \`Foo(id) ?? await FetchAsync(id)\`) is left alone: \`FooAsync\` is built on it, so it is the cheap part (typically
  a cache read), not a blocking copy. A call there to another overload of the name (a private \`Foo(bool async, ...)\`
  that both public members run) does not count. Nor is a \`Foo\` reported whose every workspace body (each
  implementation the call may run) only looks up an in-memory collection of a .NET type (\`TryGetValue\`,
  \`ContainsKey\`, \`GetValueOrDefault\`), forwards to itself, or calls workspace methods that only do the same
  (the workspace's own wrapper of a dictionary, an extension that calls \`TryGetValue\`, up to three calls deep): a
  cache getter cannot block, and a \`FooAsync\` that fetches or waits for the entry on its own is another operation,
  not its twin. Nor is a synchronous \`Foo\` whose every workspace body
  starts \`FooAsync\` and returns without waiting for it (\`_ = LoadAsync();\` behind a guard): it blocks on
  nothing, and awaiting \`FooAsync\` instead would skip its guard and wait for work it leaves running; one that waits
  for the task it started (\`.GetAwaiter().GetResult()\`), or hands \`FooAsync\` to a runner that waits for it
  (\`AsyncContext.Run(() => FooAsync())\`, \`JoinableTaskFactory.Run\`), is still reported. Nor is a \`Foo\` whose every
  workspace body tries a channel without waiting (\`TryWrite\`, \`TryRead\`) and, when that fails, leaves the
  asynchronous write running (\`WriteAsync\` not waited for, or waited for only once it has completed, and observed by an
  async local function of its own), doing nothing else that may block: a worker channel's \`Send\` beside \`SendAsync\`
  blocks on nothing. Nor is a \`FooAsync\` whose task holds another kind of
  result than \`Foo\` returns, one of the two a workspace type the other is not a base of (\`string Serialize(Message)\`
  beside \`ValueTask<Envelope> SerializeAsync(Message)\`): the two share a name, not an operation. Nor is a \`Foo\` that
  returns a task or an async stream (\`IAsyncEnumerable<T> Foo()\` beside \`Task<IList<T>> FooAsync()\`): it does its
  work as the caller awaits or enumerates it with \`await foreach\`, so it blocks nothing. In test code, a method that calls both \`Foo\` and
  \`FooAsync\` of one type is left alone too: it exercises a library's synchronous and asynchronous APIs on purpose.
  Anywhere, a \`Foo\` called as a statement beside an awaited \`FooAsync\` on the same object, with the same arguments
  and on the same path (\`await step.PrepareAsync(input); step.Prepare(input);\`), is left alone: the two are hooks called in turn,
  and awaiting \`FooAsync\` in \`Foo\`'s place would run one twice and the other never; so are hooks whose two results are
  added to one total (\`notes += job.Run(c); notes += await job.RunAsync(c);\`). A \`Foo\` whose result is used otherwise
  beside its twin (\`Enabled = perms.Authorize(x)\` and \`await perms.AuthorizeAsync(x)\`) asks one question twice and is
  reported, and so is a pair whose two members are one operation in two forms (a repository's \`SaveChanges()\` that calls
  \`Context.SaveChanges()\` where its \`SaveChangesAsync()\` calls \`Context.SaveChangesAsync()\`): calling both saves
  twice, and the synchronous save blocks.
  Nor is a \`FooAsync\` that only starts synchronous work on the pool (\`Task DeleteAsync() => Task.Run(() =>
  File.Delete(path))\`, every twin the call would be offered; one declared only by an interface is not read): awaiting
  it takes a pool thread for the same blocking call, which ASY030 reports as async over sync.
  A \`private\` \`FooAsync\` counts only for callers inside its type (or a type nested in it): elsewhere a call to it
  would not compile;
- a \`using\` of a resource whose DisposeAsync does real asynchronous work, which should be \`await using\`: a
  \`FileStream\`, a \`StreamWriter\`, a compression stream, a DbContext, a workspace type that (or whose workspace
  base) declares \`DisposeAsync\` (pattern-based \`await using\`, CS8410), a workspace subclass of such a .NET type,
  and a scope from \`CreateScope()\`, whose fix also renames it to \`CreateAsyncScope()\`. A scope is reported only
  when the workspace registers per scope (\`AddScoped\`, \`AddTransient\`, their \`TryAdd\` and keyed forms) a class
  that implements IAsyncDisposable and not IDisposable, which the note names: that is the service whose synchronous
  disposal throws. Without one, the scope disposes its services as their own Dispose does (an EF Core context, an
  Identity manager), and \`await using\` would change little; a library's async-only service registered per scope,
  or one registered by assembly scanning, is not seen.

Writes to one buffered writer in one method (a TextWriter's \`Write\`/\`WriteLine\`, an XmlWriter's \`Write...\`
members, on a receiver written as a plain name such as \`writer\` or \`_log.Output\`) are one finding, at the first:
the writer keeps what it is given and blocks only when its buffer fills or it flushes, so a file written line by line
is one habit, not one per line. So are appends to one file in one method (\`File.AppendAllText(logPath, ...)\`,
\`AppendAllLines\`, \`AppendAllBytes\`, with the path written as a plain name). The message counts the other writes,
the related locations list them, and the fix awaits every write whose twin fits (the title counts them when some
cannot be, \`Write(int)\` for one). A \`Flush\` stays a finding of its own.

A \`Thread.Sleep\` that is the whole body of a loop waiting for a debugger to attach (\`while (!Debugger.IsAttached)
Thread.Sleep(100);\`) is not reported: someone asked for that wait and attaches by hand before any work starts.

It stays quiet where peers misfire: \`MemoryStream\`, \`StringReader\`/\`StringWriter\` (also a \`TextWriter\`
parameter that every call in the workspace hands a StringWriter, directly, as a local created so and never assigned
again, or through a TextWriter parameter of the caller that is one in turn; a call that the workspace binds only to
another overload is not one of them), a \`Stream\` parameter that every call hands a \`MemoryStream\` the same way,
readers and writers built over either, or over a \`MemoryStream\` in view (with \`new\`, or by a \`Create...\` factory
handed it: \`CreateCompressionStream(ms, level)\`, \`XmlWriter.Create(stream, settings)\`;
also a field that the file fills only that way, \`_decompressor = new DeflateStream(_compressed, ...)\` over a MemoryStream field),
a \`Utf8JsonWriter\` built over an \`IBufferWriter<byte>\` (a \`PipeWriter\`, an \`ArrayBufferWriter<byte>\`), whose \`Flush\`
and disposal only advance the buffer writer (its \`using\` too), an entry's \`Open()\` and the stream it returns when the
entry (a foreach variable over \`archive.Entries\`, or taken with \`archive.GetEntry(name)\`) belongs to an archive built over
an in-memory source (\`new ZipArchive(new MemoryStream(bytes))\`),
an assembly's embedded resource (\`GetManifestResourceStream(...)\`, an UnmanagedMemoryStream over the loaded image)
and readers built over it, an HTTP response body HttpClient read into memory before the request completed
(\`response.Content.ReadAsStreamAsync()\` of a \`GetAsync\`, \`SendAsync\`, \`PostAsync\`, \`PutAsync\`, \`PatchAsync\` or
\`DeleteAsync\` without \`HttpCompletionOption.ResponseHeadersRead\`, followed through locals and workspace methods that
return it) handed to a call or read, Microsoft.Data.Sqlite (whose async methods run synchronously; so do EF Core queries in a workspace whose only
configured providers are SQLite or in-memory: a \`UseSqlite(...)\` call and no other \`Use...\` provider call anywhere), a receiver of a workspace
type that declares the twin itself and hands back a completed task from it (a provider's reader whose
\`GetColumnSchemaAsync\` returns \`Task.FromResult(GetColumnSchema())\`: the schema is already in memory); \`Console.WriteLine\` and
\`Console.Out\` writes; EF Core \`Add\`, \`AddRange\` and \`CreateDbContext\`; LINQ to objects on lists, arrays and
IEnumerable (and after \`AsEnumerable()\`); XmlReader/XmlWriter calls unless the reader or writer was created in
view with \`Async = true\` (otherwise their async members throw); calls that return at once because of their
arguments: a StackExchange.Redis command with \`CommandFlags.FireAndForget\`, \`SemaphoreSlim.Wait(0)\` and
\`Wait(TimeSpan.Zero)\` (also through a \`const\` or a readonly field holding zero), \`Thread.Sleep(0)\`,
\`Dns.GetHostAddresses\` given an IP address literal (\`"192.168.1.1"\`, \`"::1"\`: it returns the address without
querying DNS); in a test (\`[Fact]\`, \`[Test]\`, \`[TestMethod]\` ...) named after the synchronous method it calls
(\`Poll_Should_skip_null_configuration\` calling \`Poll()\`, not \`PollAsync_...\`) or after the synchronous path (a
word Sync, Synchronous or Synchronously in its name), that call, which is what the test checks; a workspace
subclass of Stream, TextWriter or an ADO.NET base that does not override DisposeAsync (the inherited one only
calls Dispose); a workspace type whose DisposeAsync does no asynchronous work for it: not async and returning a
completed task, or handing over to a hook on \`this\` (\`return OnDisposeAsync(true);\`, \`await DisposeAsyncCore();\`)
whose implementation for that type, the nearest declaration up its bases, does so too (a disposable base class
whose default asynchronous hook runs the synchronous one, in a subclass that overrides only the latter; a returned
\`new ValueTask(task)\` counts as the task it wraps), unless a workspace subclass of it overrides one of them (an
explicit \`Dispose()\` of such a type is left alone for the same reason: its workspace twin DisposeAsync frees no thread), and a
resource declared as an interface whose value comes from a workspace factory that cannot be overridden (static, or not
virtual) and whose every return creates that one type with \`new\` (\`return new Lease(gate);\`, also as
\`Task.FromResult(...)\`, cast or in either branch of a conditional, through a local initialised so and never
assigned again, or as the state a continuation only hands back: \`wait.ContinueWith((_, s) => (ILease)s, lease, ...)\`); an
EF Core \`IDbContextTransaction\` in a workspace whose every configured provider disposes its transactions
synchronously (SQL Server, SQLite, in-memory: SqlTransaction and SqliteTransaction keep DbTransaction's DisposeAsync,
which runs Dispose); a \`CryptoStream\` whose \`using\` body writes the final block (\`FlushFinalBlock()\`, or
closing a stream built over it) as a statement that runs before its end and before each return inside it: disposal
has nothing left to write; a \`using\` of a stream whose very next \`using\` (chained, first in its block, or
the next \`using var\`) builds a writer, reader or compressor over it without \`leaveOpen: true\` (\`new
StreamWriter(file)\`): that wrapper is disposed first and closes the stream, so the stream's own disposal finds it
closed (the wrapper's \`using\` is judged on its own); a \`using\` of another object's \`Stream\` property or field (\`using (section.Body)\`, a request or
upload body handed out to be read), whose declared type says nothing of what is behind it; a \`using\` of a stream
opened for reading or decompressing (\`File.OpenRead\`, \`FileAccess.Read\`, \`CompressionMode.Decompress\`), also
through a helper of the same type whose every return opens one so (\`CreateReadStream(path)\` returning \`new
FileStream(path, FileMode.Open, FileAccess.Read)\`), or a local or result whose every source, followed through
locals declared once, a deconstructed tuple (\`var (stream, info) = await OpenAsync(...)\`), both arms of a
conditional and the returns of workspace methods that cannot be overridden, is opened for reading (a \`ZipArchive\`
built with the one-argument constructor too, whose mode is Read; and \`entry.Open()\` on an entry taken from such an
archive, \`archive.GetEntry(name)\` or \`archive.Entries.First(...)\`, a read-only stream), an HTTP response
body (\`GetStreamAsync\`) or a \`MemoryStream\`: disposing it writes nothing; a \`using\` of a
\`FileStream\` or \`BufferedStream\` whose last statement in scope is \`await x.FlushAsync()\` (its buffer is empty, so
disposing it only closes it; a compressing stream still writes its last block); a \`using\` that opens a file itself
(\`File.Create\`, \`File.CreateText\`, \`File.AppendText\`, \`File.Open\`, \`File.OpenWrite\`, \`new FileStream(...)\`) and
never names it again, or has no variable (\`using var _ = File.CreateText(marker);\`, an empty marker file): nothing
was written, so there is nothing to flush; a dual-path method's (\`bool async\`) calls to the sync member of a workspace pair, and a
workspace twin of a member the table rates low-confidence (\`IsDBNull\` on a DbDataReader subclass); a call
\`Foo(...)\` that is the fallback of a branch guarded by an optional asynchronous capability and calling \`FooAsync\`
(\`if (adapter.CreateWriterAsync != null) return await CopyAsync(...); ... return Copy(...);\`, in its else arm or
after it when it always returns, or in the then arm of \`if (adapter.CreateWriterAsync == null)\` whose else arm calls
\`FooAsync\`), where the twin would need what the guard found missing; a call on an object that a type test of an
asynchronous capability found lacking it (\`query.Count()\` in the else arm of \`query is IAsyncEnumerable<T> ? await
query.CountAsync() : query.Count()\`, the then arm of \`query is not IAsyncEnumerable<T>\`, or after
\`if (query.Provider is IAsyncQueryProvider) return await ...;\`; \`IAsyncDisposable\` likewise), where EF Core's
asynchronous operators throw; a call \`Foo(...)\` in the else arm of a test of
an asynchronous mode held in a member (\`if (request.Async)\`, \`request is { Async: true }\`) whose then arm calls
\`FooAsync\`: a stored request replayed the way it was first sent; a \`using\` in a method that takes a
synchronous/asynchronous mode enum of the workspace (\`IOBehavior ioBehavior\`, with \`Synchronous\` and
\`Asynchronous\` members), which serves the synchronous API too, as with a \`bool async\` flag; and the whole of a
private method or local function without \`async\` that returns a task only to fit a dual-path caller and is called
only on that caller's synchronous path (\`mode == IOBehavior.Asynchronous ? ReadAsyncCore(b) : ReadSync(b)\`) or
waited on where it is called (\`DetectTracking().Result\` in a property getter, with \`Task.FromResult\` at its end), with
its name written nowhere else in its type (no method group handed out), which ASY001 and ASY004 leave alone too;
\`nameof(...)\`; calls inside synchronous lambdas and local functions, which are separate non-async bodies; and,
alike, calls in a query expression's clauses after its first collection (\`where\`, \`select\`, \`let\`, \`orderby\`,
a later \`from\`), which C# turns into lambdas: over an IQueryable they are part of the expression tree
(\`where !db.Links.Any(l => l.PageId == p.Id)\` is an EXISTS subquery in the SQL the query's own \`ToListAsync\`
sends), and elsewhere they run only as the query is enumerated; the first collection and a \`join\`'s collection
are evaluated where the query is built and are checked. A reader over a string, a MemoryStream or a byte array
(\`XmlReader.Create(new StringReader(xml))\`, \`JsonReaderWriterFactory.CreateJsonReader(bytes, quotas)\`, in place or
as a local in view) handed to \`XDocument.Load\` or \`XElement.Load\` parses from memory and is left alone too.

A \`using\` that disposes synchronously what could be disposed with \`await using\` is shown as information: the
disposal blocks only for the resource's last step (a final buffer flushed, the rest of a result drained, a
connection handed back, a rollback on a failure path), short beside the work awaited before it. A service provider
scope (\`CreateScope\`, or an \`AsyncServiceScope\` disposed with a plain \`using\`) stays a warning where the
workspace registers a service per scope that only implements IAsyncDisposable: its synchronous disposal throws. An
AsyncServiceScope where no such service is registered is information, with that reason. For production code, a
registration in a file that declares test methods does not count: a test's host registers what the test needs, and
no production provider holds it.

\`entry.Open()\` on an entry of a zip archive opened in Read mode is shown as information, with a note that says why:
there, over a seekable stream, Open seeks to the entry and reads its local header, and the data is read and
decompressed later by whatever reads the returned stream (ZipArchiveMode's documentation). The entry is followed to
\`archive.Entries\` (a foreach over it, or over \`Where\`, \`OrderBy\` and other operators that keep its elements) or
\`archive.GetEntry(...)\`, through locals and workspace helpers, and the archive to what opens it: a local or a \`using\`
of \`new ZipArchive(stream, ZipArchiveMode.Read)\`, \`new ZipArchive(stream)\` or \`ZipFile.OpenRead(path)\`, or a readonly
field of the method's type whose initializer and constructor writes all open it so (knowledge/zipArchiveModes.ts).
Update mode, where Open decompresses the whole entry into memory, and an archive whose mode is not in view (a
parameter, a field another method may write) keep the warning.

A blocking call in a loop that already waits for its next item in a call with no async twin (a Kafka consumer's
\`Consume\`, a \`BlockingCollection\`'s \`Take\` or \`GetConsumingEnumerable\`, in the loop's block or its header:
knowledge/blockingApis.ts BLOCKING_APIS_WITHOUT_TWIN rows marked \`waitsForNextItem\`) is shown as information, and its
note names that call: such a loop holds its thread by design, so awaiting the other wait frees nothing while the first
still blocks. The same wait outside the loop, or in a loop without such a call, keeps the warning.

A blocking call in a console tool's code is shown as information: a console application (OutputType Exe) with no UI
framework, no ASP.NET Core server, no worker SDK, no service host package (Microsoft.Extensions.Hosting, Topshelf)
of its own or in a project it references, and no name whose last word says it serves (Server, Service, Daemon,
Agent, Host, Worker), whose code at the top of its folder does not say it runs until stopped (a
\`Console.CancelKeyPress\` or \`ProcessExit\` subscription, a generic host or WebApplication builder), or a class
library that only such tools run. A release script or a command-line front end runs
one flow of work its user started: the call holds the thread that flow would hold anyway, with no request load to
starve the pool. A severity set for ASY002 in settings or .editorconfig shows these at that severity too.

## Why is this bad?
An async method exists to give its thread back while it waits. A synchronous I/O call or a sleep inside it
holds a thread-pool thread doing nothing until the disk, the network or the timer answers; under load the
pool runs out of threads, injects new ones slowly, and every request waits behind the blocked ones. The
awaitable twin does the same work and releases the thread while it waits.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

class ConfigLoader
{
    public async Task<int> CountLinesAsync(string path)
    {
        await Task.Yield();
        var text = File.ReadAllText(path);
        return text.Split('\\n').Length;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

class ConfigLoader
{
    public async Task<int> CountLinesAsync(string path)
    {
        await Task.Yield();
        var text = await File.ReadAllTextAsync(path);
        return text.Split('\\n').Length;
    }
}
\`\`\`

## Fix safety
Unsafe. The fix renames the call to its twin and inserts \`await\` (in parentheses where the result is used as a
receiver), turns \`Thread.Sleep(n)\` into \`await Task.Delay(n)\` and \`using\` into \`await using\` (renaming
\`CreateScope()\` to \`CreateAsyncScope()\` where needed). Awaiting lets other code run on this context before the
method continues, exceptions surface from the await, and the twin may behave differently in details
(\`WaitForExit(ms)\` has no twin). An EF Core operator's twin needs \`using Microsoft.EntityFrameworkCore;\`: without
it in the file no fix is offered. When the twin needs different arguments (a span where it takes a Memory, a formatted write, a missing
CancellationToken) no fix is offered and the note says why; for a workspace twin that takes one more
CancellationToken, the fix passes the one in scope. The fix adds no \`ConfigureAwait(false)\`: it stays minimal.
In a dual-path method (a \`bool async\` parameter or field picks the synchronous or asynchronous path, as database
drivers write them) a call outside both branches also runs on the synchronous path, whose callers block on the
returned task: there the fix awaits the twin only when the flag is true and keeps the call otherwise
(\`if (async) await s.FlushAsync(); else s.Flush();\`, \`(async ? await r.ReadToEndAsync() : r.ReadToEnd())\`), and
a call that is an expression body's whole value gets no fix.

## Limitations
Without a compiler the rule does not know types or overloads. It reads declared types of locals, parameters,
primary constructor parameters, fields and properties, conditionals whose branches have one type or a workspace type
and its base (\`flag ? (Sink)new Capped(...) : new Unbounded(...)\`), the return types of workspace methods and a few factories
(\`XmlReader.Create\`, \`File.OpenRead\`, an ADO.NET provider's \`ExecuteReader\`); when a receiver's type is not
visible it guesses from the name (\`stream\`, \`reader\`, \`connection\`), and the message says it guessed; an argument
of a known type the guessed member cannot take (\`client.Send(message)\` with \`message\` no HttpRequestMessage) rules
the guess out. A bare PascalCase receiver that nothing in view declares (\`OptionsPrinter.Write(x)\`) is taken for a type
outside the workspace, a static class of a package or an alias, and not guessed; nor is a receiver that calls a
method the workspace declares only with other return types (\`context.GetSeedReader().Read<T>(...)\` where the
workspace's \`GetSeedReader\` extension returns its own \`ISeedReader\`). So it can flag a member of an unrelated type whose receiver has a suggestive name, and miss calls on receivers whose type
comes from a library method or an inherited property. For workspace twins it compares declared parameter types
as written (aliases and nullability aside), so a twin taking a base type or an interface of the sync parameter's
type is not claimed; a lambda argument's type is never known. A \`bool\` parameter of the synchronous overload that the
twin has no parameter of that name for is read as a switch between two behaviours (\`Commit(bool spinWait = false)\`,
which only issues the commit unless told to spin, beside a \`CommitAsync()\` that waits until it is durable): the twin
is the form of one of them, which the declarations do not say, so no twin is claimed, whatever the call passes. A
switch of another type (an enum, a timeout that may be zero) is not read that way. A synchronous \`Foo\` that only reads memory
through anything but a .NET collection's lookup (a cache of the workspace's own type, an array, a field read)
beside a \`FooAsync\` that fetches on its own, without calling \`Foo\`, is still flagged. An EF Core query is recognised only from a chain
of composing operators (\`Where\`, \`Include\`, \`OrderBy\` ...) back to a DbSet or an IQueryable declaration; a
query returned by a library method, or enumerated by \`foreach\`, is missed. It cannot see that a stream wraps
memory unless the \`MemoryStream\` is created in view. Low-confidence rows (DbDataReader.GetFieldValue,
Parallel.ForEach) are not reported. A twin added in a recent .NET version (the note says which) is not asked for
when the analysed target is an older .NET 5+ runtime (\`ZipFile.OpenReadAsync\`, \`await using\` of a
\`ZipArchive\`, both .NET 10, in a net9.0 project); a .NET Framework or .NET Standard target, which may get a newer
API from a package, is not judged that way, so the twin may be missing there. For a multi-targeting project the note and the fix's title name the other targets that
compile the call and lack the twin: a .NET 5+ target older than the twin, and .NET Framework or .NET Standard 2.0
for File's async members and ADO.NET's base types' later twins (\`DbConnection.BeginTransactionAsync\`,
\`DbTransaction.CommitAsync\`..., which came with .NET Standard 2.1; a provider's own type may declare them on older
targets, so a call on \`NpgsqlConnection\` is not judged); for other rows the table says nothing of targets
before .NET 5, where most twins (Stream.ReadAsync, Task.Delay) have been since .NET Framework 4.5. The same goes
for \`await using\`: the .NET streams, writers, ADO.NET base types and timer have DisposeAsync from .NET Core 3.0
and .NET Standard 2.1 on, and \`ZipArchive\` from .NET 10, so a \`using\` that a target without it also compiles
gets a note and a fix title naming that target (\`await using\` does not compile there, CS8417). A factory's
result is followed through a local only when the local is declared once and never assigned again; a local that may
be given another value, or a continuation that computes its result, leaves the declared interface to judge by. A
disposal whose asynchronous work depends on the arguments the object was created with (a scope that commits on
disposal only when created with \`deferCommit: true\`) is reported whatever the arguments: the guard usually reads
state another object holds, which the \`using\` body may change. No fix is offered where C# allows no \`await\`: inside a \`lock\`, in an unsafe context, in a
\`catch ... when\` filter, or in a query expression past its first \`from\` clause (a \`join\`'s collection excepted).`,
  },
  check(ctx: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = [];
    for (const body of asyncContextBodies(ctx)) {
      // Writes to one writer or file are one finding, at the first (repeatedWrites.ts); the group keeps that place
      // among the body's other findings.
      const entries: (RuleFinding | WriteGroup)[] = [];
      const groups = new Map<string, WriteGroup>();
      for (const call of body.calls) {
        const match = syncApiCallOf(ctx, body, call);
        if (!match) continue;
        const target = match.kind === 'table' ? writeTargetOf(ctx, call, match.row) : null;
        if (match.kind === 'table' && target !== null) {
          const group = groups.get(target.key);
          if (group) group.writes.push({ call, match });
          else {
            const started: WriteGroup = { target, writes: [{ call, match }] };
            groups.set(target.key, started);
            entries.push(started);
          }
          continue;
        }
        entries.push(match.kind === 'table' ? tableFinding(ctx, body, call, match) : workspaceFinding(ctx, body, call, match));
      }
      for (const entry of entries) {
        if (!('writes' in entry)) findings.push(entry);
        else {
          const [first, ...later] = entry.writes;
          findings.push(tableFinding(ctx, body, first.call, first.match, later.length > 0 ? { target: entry.target, writes: later } : null));
        }
      }
      const seen = new Set<number>();
      for (const using of body.usings) {
        // A dual-path method serves synchronous callers too, for whom `await using` is no option: with a `bool async`
        // flag, or with a mode enum (`IOBehavior ioBehavior`), whose synchronous member the synchronous API passes.
        if (using.isAwaitUsing || seen.has(using.keywordSpan.start) || using.onSyncPath || inModeTakingMethod(ctx, body)) continue;
        const match = asyncDisposableOf(ctx, body, using);
        if (!match) continue;
        seen.add(using.keywordSpan.start);
        findings.push(usingFinding(ctx, body, using, match));
      }
    }
    return inConsoleTool(ctx, findings);
  },
};

/**
 * A blocking call in a console tool's code is information (rules/libraryCode.ts consoleToolCap): the thirty-fifth
 * session found 68 of duplicati's production warnings in its release builder, small files read and written between
 * the processes of a build, true and of no value to change.
 */
function inConsoleTool(ctx: RuleContext, findings: RuleFinding[]): RuleFinding[] {
  const cap = findings.length ? consoleToolCap(ctx, 'the blocking call holds the one flow of work its user started, with no request load to starve the thread pool') : null;
  return cap ? findings.map((f) => (f.maxSeverity ? f : { ...f, maxSeverity: cap })) : findings;
}

