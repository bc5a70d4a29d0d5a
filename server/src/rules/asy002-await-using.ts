/**
 * ASY002's `using` -> `await using`: whether a `using` in async code holds a resource whose DisposeAsync does real
 * asynchronous work. Known .NET types come from the asyncDisposables table; a workspace type counts when it (or a
 * workspace base) declares DisposeAsync, which `await using` calls by pattern (CS8410), or when it derives from a
 * .NET type whose own DisposeAsync does the work (FileStream, StreamWriter, DbContext).
 */
import { listed, quoted } from './messageText';
import type { MethodBody, Span, UsingResource } from '../model/types';
import {
  ASYNC_DISPOSABLE_TYPES, NOT_ASYNC_DISPOSABLE, asyncDisposableByType, asyncDisposableForFactory, asyncDisposableForNew, readOnlyCreationOf, type AsyncDisposableType,
} from '../knowledge/asyncDisposables';
import { EXEMPT_RECEIVER_TYPES } from '../knowledge/exemptions';
import { splitCallText, splitTopLevel } from '../model/syntax';
import { signatureDatabase } from '../signatures/provider';
import { isTaskLike } from '../model/returnKind';
import { providerResultType } from '../knowledge/blockingApis';
import { callersOf, indexMemo, methodsNamed, stripGenerics, typeFamily, typesNamed, type WorkspaceIndex } from '../workspace/index';
import type { Fix, RuleContext, RuleFinding, TextEdit } from './types';
import { describeAsyncBody, importsNamespace, receiverTypeOf, writerIntoBufferWriter } from './asy001-004-blocking-common';
import { whyAwaitIsNotAllowedAt } from './awaitContext';
import { disposeAsyncDoesNoAsyncWork } from './synchronousDisposal';
import { everyConfiguredProvider } from './efCoreProviders';
import { finalBlockWrittenBeforeEveryExit } from './finalizedStreams';
import { closedFirstByWrapper } from './wrappedStreams';
import { maskCommentsAndStrings, usingScopeClose } from './sourceText';
import { typeEveryReturnCreates } from './factoryResults';
import { everySourceReadsOnly } from './streamSources';
import { disposesUnwrittenHandedInStream } from './handedInStreams';
import { opensFileNothingWritesThrough } from './unwrittenFiles';
import { workspaceExtensionsTaking } from '../workspace/typing';
import { declaresTestMethods } from '../project/testCode';
import { analysedTargetLacks, disposeAsyncFirstCoreMajor, packageVersionPredates, targetsLackingApi, type OtherTargets } from './callTargets';

export interface AsyncDisposableMatch {
  typeName: string;
  note: string;
  /** `await using` compiles only after the factory call is renamed (CreateScope -> CreateAsyncScope). */
  asyncFactory?: { member: string; twin: string };
  /** The namespace the file must import for the row's type to be the one meant (EF Core's DbContext, not EF6's). */
  namespace?: string;
  /** The .NET major version whose shared-framework type first has the DisposeAsync (ZipArchive: 10), from the row. */
  since?: string;
  /** A package row's package and the major version of it that first has what the finding asks for (CreateAsyncScope: 6). */
  packageSince?: { package: string; since: string };
  /** The row's DisposeAsync writes only what a flush writes (FileStream): an awaited FlushAsync ending the using leaves it nothing. */
  flushIsAllItWrites?: boolean;
  /** The type has no DisposeAsync on .NET Framework, .NET Standard 2.0 and .NET Core before 3.0 (the row's flag, for the row's own type). */
  missingBeforeNetStandard21?: boolean;
  /** The row's DisposeAsync is the EF Core provider's transaction disposal (the row's flag). */
  efCoreProviderDecides?: boolean;
  /** The member that writes all DisposeAsync would (the row's finalizedBy): CryptoStream's FlushFinalBlock. */
  finalizedBy?: string;
}

const NOT_ASYNC = new Set(NOT_ASYNC_DISPOSABLE.map((row) => row.type));
const CS8410 = 'https://learn.microsoft.com/dotnet/csharp/language-reference/compiler-messages/using-statement-declaration-errors';

/** Whether a `using` in async code holds a resource whose DisposeAsync does real asynchronous work. */
export function asyncDisposableOf(ctx: RuleContext, body: MethodBody, using: UsingResource): AsyncDisposableMatch | null {
  const match = asyncDisposableMatchOf(ctx, body, using);
  if (!match) return null;
  // EF Core's DbContext is not EF6's: a package type counts only where the file can name it.
  if (match.namespace && !importsNamespace(ctx, match.namespace, true)) return null;
  // Before the row's version the type is not IAsyncDisposable there (a ZipArchive before .NET 10, a FileStream on
  // .NET Framework or .NET Standard 2.0): `await using` would not compile (CS8410) on the target analysed.
  if (analysedTargetLacks(ctx, match.since, disposeAsyncFirstCoreMajor(match, true))) return null;
  // The same for a package's type: with the package before that version (seen in the project's references, or
  // through a package released with it) the twin the fix needs is missing, and the type is only IDisposable.
  if (match.packageSince && packageVersionPredates(ctx, match.packageSince.package, match.packageSince.since)) return null;
  // `await file.FlushAsync();` as the last statement the resource lives for: the buffer is empty when it is
  // disposed, so Dispose only closes the handle, as DisposeAsync would.
  if (match.flushIsAllItWrites && endsWithAwaitedFlush(ctx.text, using)) return null;
  // `cs.FlushFinalBlock()` (or closing a stream built over cs) before every way out: disposal writes nothing more.
  if (match.finalizedBy && finalBlockWrittenBeforeEveryExit(ctx.text, body, using, match.finalizedBy)) return null;
  // A writer or reader built over the stream in the next `using` (`new StreamWriter(file)`) closes it when it is
  // disposed, first: the stream's own disposal finds it closed, and the writer's `using` is judged on its own.
  if (closedFirstByWrapper(ctx.text, body, using)) return null;
  // An EF Core transaction in a workspace whose every configured provider disposes its transactions synchronously
  // (SQL Server, SQLite, in-memory): `await using` runs the same synchronous rollback and close.
  if (match.efCoreProviderDecides && everyConfiguredProvider(ctx.index.whole ?? ctx.index, (p) => p.transactionDisposalIsSync)) return null;
  // A scope's synchronous Dispose throws only for a service it created that implements IAsyncDisposable alone; the
  // others it disposes as their own Dispose does, which `await using` would not change for IDisposable services
  // (an EF Core context, an Identity manager). Without such a service registered per scope, the `using` is fine.
  if (match.asyncFactory?.member === 'CreateScope') {
    const registered = asyncOnlyScopedService(ctx.index, inTestCode(ctx));
    if (!registered) return null;
    return { ...match, note: `${match.note} The workspace registers one per scope: ${registered.service}, in ${registered.file}.` };
  }
  return match;
}

/** The registrations whose services a scope creates and disposes: scoped and transient ones (a singleton belongs to the root provider). */
const PER_SCOPE_REGISTRATIONS = ['AddScoped', 'AddTransient', 'TryAddScoped', 'TryAddTransient', 'AddKeyedScoped', 'AddKeyedTransient', 'TryAddKeyedScoped', 'TryAddKeyedTransient'];

/** Interfaces every disposable names, which say nothing about which service a registration is for. */
const DISPOSAL_INTERFACES: ReadonlySet<string> = new Set(['IAsyncDisposable', 'IDisposable']);

/**
 * Whether the workspace registers, scoped or transient, a class that implements IAsyncDisposable and not
 * IDisposable (`services.AddScoped<IEventSink, QueueEventSink>()`, or `AddScoped<IEventSink>(sp => ...)` for an
 * interface such a class implements, or `typeof(...)` arguments): the service a scope's synchronous Dispose throws
 * InvalidOperationException for. A class with a base class outside the workspace is not counted (that base may be
 * IDisposable), nor are registrations the code does not spell out (assembly scanning). For production code
 * (`withTests` false), a registration in a file that declares test methods does not count: a test's host registers
 * what the test needs (wolverine's CoreTests register an async-only service to check the framework's own disposal),
 * and no production provider holds it. Returns the first such service and the file registering it, or null.
 * Computed once per index and kind of caller.
 */
export function asyncOnlyScopedService(index: WorkspaceIndex, withTests: boolean): { service: string; file: string } | null {
  return indexMemo(index, `asy002:asyncOnlyScopedService:${withTests}`, () => {
    /** Each name a registration may use for such a class (the class, its interfaces), and the class it stands for. */
    const serviceNames = new Map<string, string>();
    // A family holds IAsyncDisposable only when a workspace type in it lists it: without one, no family is worth
    // computing (every type's, after each edit in the language server).
    const listsIt = [...index.typesByName.values()].some((refs) => refs.some((r) => r.type.baseTypes.some((b) => stripGenerics(b) === 'IAsyncDisposable')));
    if (!listsIt) return null;
    const disposeMethods = methodsNamed(index, 'Dispose', null);
    for (const [name, refs] of index.typesByName) {
      if (!refs.some((r) => r.type.kind === 'class' || r.type.kind === 'record')) continue;
      const family = typeFamily(index, name);
      if (!family.has('IAsyncDisposable') || family.has('IDisposable')) continue;
      if (disposeMethods.some((m) => m.typeName !== null && family.has(m.typeName) && (m.body?.parameters.length ?? m.member?.parameters?.length ?? 0) === 0)) continue;
      const externalBase = [...family].some((base) => base !== name && typesNamed(index, base).length === 0 && !/^I[A-Z]/.test(base));
      if (externalBase) continue;
      for (const member of family) if (!DISPOSAL_INTERFACES.has(member) && !serviceNames.has(member)) serviceNames.set(member, name);
    }
    if (serviceNames.size === 0) return null;
    for (const registration of PER_SCOPE_REGISTRATIONS) {
      for (const ref of callersOf(index, registration)) {
        if (!withTests && testFile(index, ref.file)) continue;
        // `<IService, Implementation>` and `(typeof(IService), typeof(Implementation))` name the class last; a lone
        // service type (`AddScoped<IService>(sp => ...)`) may stand for any class implementing it.
        const typeArguments = ref.call.typeArguments.map(stripGenerics);
        const typeofs = ref.call.argumentTexts.flatMap((a) => [...a.matchAll(/typeof\s*\(\s*([\w.]+)/g)].map((m) => m[1].split('.').pop()!));
        const named = [typeArguments, typeofs].flatMap((names) => (names.length >= 2 ? names.slice(-1) : names));
        const hit = named.find((n) => serviceNames.has(n));
        if (hit) return { service: hit === serviceNames.get(hit) ? hit : `${serviceNames.get(hit)} (as ${hit})`, file: ref.file };
      }
    }
    return null;
  });
}

/** Whether the file being checked is test code: its project says so, or (without a project) it declares test methods. */
function inTestCode(ctx: RuleContext): boolean {
  return !!ctx.testCode || declaresTestMethods(ctx.model);
}

/** Whether a file of the index declares test methods (project/testCode.ts declaresTestMethods). */
function testFile(index: WorkspaceIndex, file: string): boolean {
  const model = (index.whole ?? index).files.get(file);
  return model !== undefined && declaresTestMethods(model);
}

/**
 * Whether the last statement in the resource's scope is `await x.FlushAsync(...)` on the using's variable: the end of
 * a `using (...) { }` block, or of the block around a `using var` declaration.
 */
function endsWithAwaitedFlush(text: string, using: UsingResource): boolean {
  if (!using.variableName) return false;
  const end = usingScopeClose(maskCommentsAndStrings(text), using);
  if (end < 0 || text[end] !== '}') return false;
  const name = using.variableName.replace(/[$]/g, '');
  const flush = new RegExp(`await\\s+${name}\\s*\\.\\s*FlushAsync\\s*\\([^()]*\\)\\s*(?:\\.\\s*ConfigureAwait\\s*\\([^()]*\\)\\s*)?;$`);
  return flush.test(withoutTrailingComments(text.slice(using.span.start, end)).trimEnd());
}

/** The text without `//` comments at the ends of its lines, so a comment after the flush does not hide it. */
function withoutTrailingComments(text: string): string {
  return text.split('\n').map((line) => (/^[^"']*$/.test(line) ? line.replace(/\/\/.*$/, '') : line)).join('\n');
}

function asyncDisposableMatchOf(ctx: RuleContext, body: MethodBody, using: UsingResource): AsyncDisposableMatch | null {
  const resource = using.resourceText.trim().replace(/^await\s+/, '').replace(/\.ConfigureAwait\([^()]*\)$/, '');
  // Opened for reading or decompressing: DisposeAsync has nothing to write. So is a stream a helper of the type
  // opens that way (`CreateReadStream(path)` returning `new FileStream(path, FileMode.Open, FileAccess.Read)`), and a
  // local or a helper's result whose every source, followed through locals, tuples and the workspace's methods, is
  // opened for reading or is a MemoryStream (`var (stream, info) = await OpenSubtitle(...)`: streamSources.ts).
  if (readOnlyCreationOf(resource) || opensForReadingInAHelper(ctx, body, resource) || everySourceReadsOnly(ctx, body, resource)) return null;
  // A file the using opens itself and never writes through (an empty marker file): disposal has nothing to flush.
  if (opensFileNothingWritesThrough(ctx.text, using)) return null;
  // A Stream parameter the method only reads or hands on: what the caller opened is not known, and nothing is written.
  if (disposesUnwrittenHandedInStream(ctx.text, body, ctx.model.bodies, using)) return null;
  // A workspace factory that cannot be overridden and only ever returns `new T(...)` hands out a T, whatever
  // interface it is declared to return: T's DisposeAsync is the one `await using` would run.
  const created = typeEveryReturnCreates(ctx, body, resource);
  if (created !== null && disposeAsyncDoesNoAsyncWork(ctx, created)) return null;
  if (using.typeText !== null) return byType(ctx, using.typeText);
  const creation = /^new\s+([A-Za-z_][\w.]*)(?:<[^()]*>)?\s*\(([^]*)\)\s*(?:\{[^]*\})?$/.exec(resource) ?? /^new\s+([A-Za-z_][\w.]*)(?:<[^()]*>)?\s*\{/.exec(resource);
  if (creation) {
    // A writer or compressor over a MemoryStream in view writes to memory when disposed.
    const first = creation[2] !== undefined ? splitTopLevel(creation[2])[0] : undefined;
    const firstType = first ? receiverTypeOf(ctx, body, first) : null;
    if (firstType && EXEMPT_RECEIVER_TYPES.some((exempt) => exempt.baseType === 'Stream' && exempt.type === stripGenerics(firstType))) return null;
    // A Utf8JsonWriter over a PipeWriter or another IBufferWriter<byte> commits its bytes into that writer's memory.
    if (firstType && writerIntoBufferWriter(ctx, resource, firstType)) return null;
    const name = stripGenerics(creation[1]);
    return fromRow(asyncDisposableForNew(name), name) ?? byType(ctx, name);
  }
  // The factory's declared result type decides when it is known (`connection.BeginTransaction()` on a SqlConnection
  // is a SqlTransaction, whose DisposeAsync only calls Dispose); the factory row is the guess when it is not.
  // Typed as written: the value of `await command.ExecuteReaderAsync()` is the reader, not the Task<reader>. A
  // declared result that is itself an abstract base whose DisposeAsync only calls Dispose (Stream from
  // GetStreamAsync, DbDataReader from DbCommand.ExecuteReaderAsync) says nothing about the object behind it: the
  // factory row decides then, as for an untyped call. So does another object's property or field of such a base
  // (`using (section.Body)`, a request or multipart body the object handed out to be read): no factory row matches a
  // member read, so it stays quiet, as `ReadAsStreamAsync()`'s Stream does.
  const typed = receiverTypeOf(ctx, body, using.resourceText.trim());
  if (typed) {
    const name = stripGenerics(typed);
    const row = asyncDisposableByType(name);
    const abstractResult = !!row && row.type === name && !!row.disposeAsyncOnlyDisposes && typesNamed(ctx.index, name).length === 0 && (splitCallText(resource) !== null || isOtherObjectsMember(resource));
    if (!abstractResult) return byType(ctx, typed);
  }
  const call = splitCallText(resource);
  // A call the workspace's own extension method takes (its receiver's methods cannot) is not the factory its name
  // suggests: `connection.BeginTransactionAsync(publisher, true)` may return the workspace's transaction wrapper.
  if (call && workspaceExtensionsTaking(call, body, ctx.model.bodies, ctx.index).length > 0) return null;
  if (call) {
    const row = asyncDisposableForFactory(call.receiver?.replace(/\s+/g, ''), call.name);
    // `command.ExecuteReaderAsync()` on a SqliteCommand gives a SqliteDataReader, whose DisposeAsync only calls
    // Dispose: the provider's own result type, named after its receiver's (knowledge/blockingApis.ts), rules the row out.
    const owner = row?.syncDisposeSubtypes && call.receiver ? receiverTypeOf(ctx, body, call.receiver) : null;
    const provided = owner ? providerResultType(stripGenerics(owner), call.name) : null;
    if (provided && row?.syncDisposeSubtypes?.includes(provided)) return null;
    const factory = fromRow(row, '');
    if (factory) return factory;
  }
  return null;
}

/**
 * Whether the resource is a call, without a receiver or through `this`, to methods of the body's own type whose every
 * return is a read-only creation (`static FileStream CreateReadStream(string path) => new FileStream(path,
 * FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);`): what the helper hands back has nothing to
 * write when disposed, whatever its declared type's row says. A helper that may return another stream, or none
 * known by its body, keeps the finding.
 */
function opensForReadingInAHelper(ctx: RuleContext, body: MethodBody, resource: string): boolean {
  const call = splitCallText(resource);
  const owner = body.containingType;
  if (!call || owner === null || (call.receiver !== null && call.receiver.trim() !== 'this')) return false;
  const helpers = methodsNamed(ctx.index, call.name, owner);
  return helpers.length > 0 && helpers.every((m) => m.body !== null && m.body.returns.length > 0
    && m.body.returns.every((r) => r.expressionText !== null && isOneCreation(r.expressionText) && readOnlyCreationOf(r.expressionText) !== undefined));
}

/** `new FileStream(...)` or `File.OpenRead(...)` alone: not a conditional that may choose another stream. */
function isOneCreation(text: string): boolean {
  const t = text.trim();
  return /^new\s+[A-Za-z_][\w.]*\s*\(/.test(t) ? t.endsWith(')') : splitCallText(t) !== null && /^[A-Za-z_][\w.]*\s*\(/.test(t);
}

/** `section.Body`, `request?.Body`: a member read off another object (not `this.x`, not a local, not a call). */
function isOtherObjectsMember(resource: string): boolean {
  return /^@?[A-Za-z_]\w*(?:\s*[?!]?\s*\.\s*@?[A-Za-z_]\w*)+$/.test(resource) && !/^(?:this|base)\s*\./.test(resource);
}

function fromRow(row: AsyncDisposableType | undefined, typeName: string): AsyncDisposableMatch | null {
  if (!row || row.confidence === 'low' || NOT_ASYNC.has(typeName) || (row.syncDisposeSubtypes ?? []).includes(typeName)) return null;
  // A provider's type met under a row (`new NpgsqlConnection()` under DbConnection) may declare its own DisposeAsync
  // on older targets, as Npgsql does: the row's flag speaks only for the row's own type.
  return { typeName: row.type === typeName || typeName === '' ? row.type : typeName, note: row.note, asyncFactory: row.asyncFactory, namespace: namespaceToImport(row), since: row.namespace.startsWith('System.') ? row.since : undefined,
    packageSince: row.package && row.since && row.asyncFactory ? { package: row.package, since: row.since } : undefined, flushIsAllItWrites: row.flushIsAllItWrites, efCoreProviderDecides: row.efCoreProviderDecides, finalizedBy: row.finalizedBy,
    // A factory's result (`typeName` empty: `await command.ExecuteReaderAsync()`) is declared the row's type, whatever
    // provider's object is behind it at run time, so `await using` of it compiles only where the row's type has the
    // member (a DbDataReader on .NET Standard 2.0 does not: CS8410).
    missingBeforeNetStandard21: !!row.missingBeforeNetStandard21 && (row.type === typeName || typeName === '') };
}

/** The namespace a file must import to name a package row's type: SDKs import Microsoft.Extensions.* implicitly. */
function namespaceToImport(row: AsyncDisposableType): string | undefined {
  return row.package && !row.namespace.startsWith('Microsoft.Extensions.') ? row.namespace : undefined;
}

function byType(ctx: RuleContext, typeText: string): AsyncDisposableMatch | null {
  const name = stripGenerics(typeText);
  if (NOT_ASYNC.has(name)) return null;
  // A workspace type is judged by what the workspace declares, even when it shares a .NET type's name.
  if (typesNamed(ctx.index, name).length > 0) return workspaceAsyncDisposable(ctx, name);
  const known = fromRow(asyncDisposableByType(name), name);
  if (known) return known;
  return apiAsyncDisposable(name);
}

/**
 * A library type the table does not list (`NpgsqlConnection`), judged by its base classes in the API signature
 * database: under a listed base whose own DisposeAsync does the work it is that base's case; under a base whose
 * DisposeAsync only calls Dispose (DbConnection), only a type that overrides DisposeAsync on the way down gains
 * from `await using`. A name the database does not know, or knows twice, gives no answer.
 */
function apiAsyncDisposable(name: string): AsyncDisposableMatch | null {
  const db = signatureDatabase();
  const candidates = db?.typesNamed(name).filter((t) => t.kind === 'class') ?? [];
  if (!db || candidates.length !== 1) return null;
  let overridesDisposeAsync = false;
  const seen = new Set<string>();
  for (let t = candidates[0]; t && !seen.has(t.fullName);) {
    seen.add(t.fullName);
    if (t !== candidates[0]) {
      if (NOT_ASYNC.has(t.name)) return null;
      const row = asyncDisposableByType(t.name);
      if (row && row.namespace === t.namespace) {
        if (row.confidence === 'low' || (row.syncDisposeSubtypes ?? []).includes(name)) return null;
        if (row.disposeAsyncOnlyDisposes && !overridesDisposeAsync) return null;
        const note = row.disposeAsyncOnlyDisposes
          ? `${name} derives from ${t.name} and overrides DisposeAsync, the asynchronous disposal its authors wrote for async callers (the library's signatures say so); a plain using calls Dispose instead.`
          : `${name} derives from ${t.name}. ${row.note}`;
        return { typeName: name, note, namespace: namespaceToImport(row) };
      }
    }
    overridesDisposeAsync ||= db.membersNamed(t, 'DisposeAsync').methods.some((m) => m.name === 'DisposeAsync' && m.parameters.length === 0 && !m.isStatic);
    const base = t.baseType?.kind === 'named' ? t.baseType.name : null;
    t = base ? db.type(base)! : undefined!;
  }
  return null;
}

/**
 * A workspace type whose `await using` does something `using` does not: it or a workspace base declares a
 * parameterless DisposeAsync returning a task-like type, or it derives from a .NET type whose DisposeAsync does the
 * work. A subclass of Stream, TextWriter or an ADO.NET base that does not override DisposeAsync inherits one that
 * only calls Dispose, so it stays quiet; so does a type whose DisposeAsync, its own or a workspace base's, does no
 * asynchronous work for it (rules/synchronousDisposal.ts).
 */
function workspaceAsyncDisposable(ctx: RuleContext, name: string): AsyncDisposableMatch | null {
  const disposeAsync = methodsNamed(ctx.index, 'DisposeAsync', name).find((m) => m.member && m.member.parameterTypes.length === 0 && (m.member.isAsync || isTaskLike(m.member.returnKind)));
  if (disposeAsync) {
    // A base's DisposeAsync that for this type only runs the synchronous disposal and returns a completed task
    // (its asynchronous hook not overridden here) gives `await using` nothing to wait for.
    if (disposeAsyncDoesNoAsyncWork(ctx, name)) return null;
    const where = disposeAsync.typeName === name ? name : `its base ${disposeAsync.typeName}`;
    return {
      typeName: name,
      note: `${where} declares DisposeAsync, the asynchronous disposal its author wrote for async callers; \`await using\` calls it (by pattern even without IAsyncDisposable, see CS8410: ${CS8410}), a plain using calls Dispose.`,
    };
  }
  for (const base of typeFamily(ctx.index, name)) {
    if (base === name || typesNamed(ctx.index, base).length > 0) continue;
    if (NOT_ASYNC.has(base)) return null;
    const row = asyncDisposableByType(base);
    if (!row || row.confidence === 'low' || row.disposeAsyncOnlyDisposes || (row.syncDisposeSubtypes ?? []).includes(base)) continue;
    // It declares no DisposeAsync of its own (above), so it has the base's, and only where the base has one.
    return { typeName: name, note: `${name} derives from ${base}. ${row.note}`, namespace: namespaceToImport(row), missingBeforeNetStandard21: !!row.missingBeforeNetStandard21 };
  }
  for (const row of ASYNC_DISPOSABLE_TYPES) if ((row.syncDisposeSubtypes ?? []).includes(name)) return null;
  // An interface that extends IAsyncDisposable, or a type implementing it through an explicit member.
  if (typeFamily(ctx.index, name).has('IAsyncDisposable')) {
    return { typeName: name, note: `${name} implements IAsyncDisposable: its DisposeAsync is what the type's author wants async code to call.` };
  }
  return null;
}

export function usingFinding(ctx: RuleContext, body: MethodBody, using: UsingResource, match: AsyncDisposableMatch): RuleFinding {
  const span = usingSpan(ctx.text, using);
  const canAwait = body.isAsync && !whyAwaitIsNotAllowedAt(ctx, body, using.keywordSpan.start);
  const rename = match.asyncFactory ? factoryNameSpan(ctx.text, using, match.asyncFactory.member) : null;
  let noFix = canAwait ? null : body.isAsync ? 'await is not allowed inside a lock statement' : 'the method is not async, so await using cannot go here without making it async';
  if (!noFix && match.asyncFactory && !rename) noFix = `the resource is not a call to ${match.asyncFactory.member} the fix can rename`;
  // `provider?.CreateScope()` renamed would give a nullable struct (AsyncServiceScope?), whose members the code
  // after it cannot reach without `.Value`: the rewrite would not compile.
  if (!noFix && match.asyncFactory && rename && /\?\s*\.\s*$/.test(ctx.text.slice(Math.max(0, rename.start - 8), rename.start))) {
    noFix = `${match.asyncFactory.member} is called with ?., and ?.${match.asyncFactory.twin}() gives a nullable struct whose members the following code cannot use as they are`;
  }
  const elsewhere = disposeAsyncOnOtherTargets(ctx, using, match);
  let fix: Fix | undefined;
  if (!noFix) {
    const edits: TextEdit[] = [{ start: using.keywordSpan.start, end: using.keywordSpan.start, newText: 'await ' }];
    if (rename && match.asyncFactory) edits.push({ ...rename, newText: match.asyncFactory.twin });
    const others = [...elsewhere.lacking, ...elsewhere.unknown];
    const alsoTargets = others.length > 0 ? ` (the project also targets ${listed(others)})` : '';
    fix = { title: `${match.asyncFactory ? `Use await using with ${match.asyncFactory.twin}()` : 'Use await using'}${alsoTargets}`, safety: 'unsafe', edits };
  }
  const twin = match.asyncFactory ? `await using with ${match.asyncFactory.twin}()` : 'await using';
  return {
    span,
    message: match.asyncFactory
      ? `'using' disposes ${quoted(match.typeName)} synchronously; use 'await using' with ${quoted(`${match.asyncFactory.twin}()`)}`
      : `'using' disposes ${quoted(match.typeName)} synchronously; use 'await using' instead`,
    note: `Inside ${describeAsyncBody(body)}, ${twin} is the awaitable twin. ${match.note}${otherTargetsNote(match, elsewhere)}${noFix ? ` No automatic fix: ${noFix}.` : ''}`,
    bodyId: body.id,
    fix,
    ...disposalSeverity(ctx, match),
  };
}

/**
 * A synchronous disposal is shown as information: what it blocks on is the resource's last step (a final buffer
 * flushed, the rest of a result drained, a connection handed back to its pool, a rollback on a failure path), short
 * beside the work the async method awaited before it. Two seeded readings (test/real-world/README.md, thirty-fifth
 * and thirty-sixth sessions) found every one of the 13 such warnings they read true and of little value: file
 * streams disposed after an awaited CopyToAsync, a reader read to its end or by one key, a unit of work whose commit
 * was awaited, a writer of a few hundred bytes; the one a maintainer would take (a ZipArchive's central directory at
 * the end of a backup) still as information. A service provider scope is another matter: its `Dispose` throws
 * (InvalidOperationException) when a service it created per scope only implements IAsyncDisposable, a defect rather
 * than a cost. A `CreateScope` is reported only when the workspace registers such a service, and stays a warning; an
 * AsyncServiceScope disposed with a plain `using` stays a warning when the workspace registers one, and is
 * information otherwise, with that reason. A severity set for ASY002 shows these at that severity.
 */
function disposalSeverity(ctx: RuleContext, match: AsyncDisposableMatch): Pick<RuleFinding, 'maxSeverity'> {
  if (match.asyncFactory?.member === 'CreateScope') return {};
  if (match.typeName === 'AsyncServiceScope') {
    if (asyncOnlyScopedService(ctx.index, inTestCode(ctx))) return {};
    return { maxSeverity: { severity: 'information', reason: 'the workspace registers no service per scope that is only IAsyncDisposable, so the synchronous disposal does not throw; it disposes the scope\'s services synchronously' } };
  }
  return { maxSeverity: { severity: 'information', reason: 'a synchronous disposal blocks only for the resource\'s last step (a final flush, the end of a result, a rollback), usually short beside the awaited work before it' } };
}

/**
 * The project's other targets that compile the `using` where the type has no DisposeAsync, so that `await using`
 * would not build there (CS8417): the analysed target is the highest, and a library that also targets .NET Standard
 * 2.0 has no IAsyncDisposable stream or writer there. Only a shared-framework row says (its `since`, or its
 * `missingBeforeNetStandard21`); a workspace type with its own DisposeAsync has it on every target.
 */
function disposeAsyncOnOtherTargets(ctx: RuleContext, using: UsingResource, match: AsyncDisposableMatch): OtherTargets {
  if (match.since === undefined && !match.missingBeforeNetStandard21) return { lacking: [], unknown: [] };
  return targetsLackingApi(ctx, using.keywordSpan.start, match.since, disposeAsyncFirstCoreMajor(match, true));
}

function otherTargetsNote(match: AsyncDisposableMatch, elsewhere: OtherTargets): string {
  const { lacking, unknown } = elsewhere;
  let note = '';
  if (lacking.length > 0) note += ` The project also targets ${listed(lacking)}, where ${match.typeName} has no DisposeAsync and \`await using\` does not compile (CS8417): use it under an #if for the targets that have it.`;
  if (unknown.length > 0) note += ` The project also targets ${listed(unknown)}, whose APIs the signatures do not hold: check that ${match.typeName} has DisposeAsync there, or use \`await using\` under an #if for the targets that have it.`;
  return note;
}

/** From the `using` keyword to the end of the resource, so the squiggle covers `using var x = new FileStream(...)` and not the block. */
function usingSpan(text: string, using: UsingResource): Span {
  const at = resourceStart(text, using);
  const end = at !== -1 ? at + using.resourceText.length : using.keywordSpan.end;
  return { start: using.keywordSpan.start, end };
}

function resourceStart(text: string, using: UsingResource): number {
  const at = using.resourceText ? text.indexOf(using.resourceText, using.keywordSpan.end) : -1;
  return at !== -1 && at + using.resourceText.length <= using.span.end ? at : -1;
}

/** The span of the factory's member name in the resource (`CreateScope` in `_services.CreateScope()`), or null. */
function factoryNameSpan(text: string, using: UsingResource, member: string): Span | null {
  const at = resourceStart(text, using);
  if (at === -1) return null;
  const match = new RegExp(`\\.\\s*(${member})\\s*\\(\\s*\\)\\s*$`).exec(using.resourceText);
  if (!match) return null;
  const start = at + match.index + match[0].indexOf(member);
  return { start, end: start + member.length };
}
