/** ASY013 unnecessary-async: an async method whose only await is a single tail await that could return the task instead. */
import { quoted } from './messageText';
import { GRPC_CALL_OPTIONS_TYPE, passesGrpcCallOption } from '../knowledge/grpcClients';
import { dispatcherOperationOf } from '../knowledge/dispatcherOperations';
import type { CallSite, MethodBody, SuspensionPoint } from '../model/types';
import { resolveCallSite, shortText } from '../workspace/completion';
import { stripGenerics, typesNamed, type MethodRef } from '../workspace/index';
import { formatType, parseType, type TypeExpr } from '../cost/typeText';
import { constructedTypeText, substituteNames } from '../model/syntax';
import { typeKindOf, typeParameterConstraintsOf } from './typeKinds';
import { typeOfExpression } from '../workspace/typing';
import { classifyReturnType } from '../model/returnKind';
import { asyncModifierRemoval, elidesCode, lastStatementOf, maskCommentsAndStrings, returnExpressionSpan } from './sourceText';
import { isHarnessMethod } from './testSubjects';
import { fileNamespaces } from './asy022-unobserved-task';
import { argumentNameOf, targetsLackingApi } from './callTargets';
import { asyncBodies, type Rule, type RuleContext, type RuleFinding, type TextEdit } from './types';
import { isConditionalAccessOperand } from './nullTasks';

const docs = `## What it does
Flags an \`async\` method, local function or lambda whose only await is one tail await of a task:
\`async Task<T> M() => await X();\`, a final \`return await X();\` that is the body's only return, or a final
\`await X();\` statement in an \`async Task\` method with no other return. The await must sit outside
\`try\`/\`catch\`/\`finally\`, \`using\` (statements and earlier \`using var\` declarations), \`lock\`, loops
and conditions, and the body must have no \`await foreach\` or \`await using\`.

The finding sits on the method's name rather than on the \`async\` keyword: it is about the whole
method, the name is where hovers and the Problems panel point for the other method-level rules, and an
async lambda's "name" already is its \`async\` keyword.

## Why is this bad?
The state machine only forwards another task's outcome. When that task suspends, this method allocates
a box of its own (at least 96 B: a Task plus the state machine) just to wait for it and copy the result;
returning the inner task directly allocates nothing extra and saves a \`MoveNext\` per call.

## Example
\`\`\`csharp
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public class CatalogClient
{
    private readonly HttpClient _http = new();

    public async Task<string> GetVersionAsync(CancellationToken ct) => await _http.GetStringAsync("version", ct);
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public class CatalogClient
{
    private readonly HttpClient _http = new();

    public Task<string> GetVersionAsync(CancellationToken ct) => _http.GetStringAsync("version", ct);
}
\`\`\`

## Fix safety
The fix removes \`async\`, turns \`=> await X\` into \`=> X\` and \`return await X;\` into \`return X;\`, and a
final \`await X;\` statement into \`return X;\`. A \`.ConfigureAwait(...)\` on that await is dropped: it
would make the expression a \`ConfiguredTaskAwaitable\`, not a task, and with no code left after the
await in this method there is no continuation whose context it could choose; the caller's own await
decides where the caller resumes.

It is **unsafe**: an exception thrown before the inner task exists (argument checks, the call itself)
is thrown to the caller synchronously instead of being stored in the returned task; the method
disappears from async stack traces; and \`AsyncLocal\` values set in it are no longer undone when it
returns.

## Limitations
- The awaited task's type must match the method's return type (\`return await GetIntAsync();\` in an
  \`async Task<object>\` would not compile as \`return GetIntAsync();\`, nor a \`Task<List<T>>\` returned as
  \`Task<IEnumerable<T>>\`). It is compared when the callee is a workspace method (a static one called on a
  constructed generic type, \`Page<T>.CreateAsync(...)\`, with the receiver's type arguments put in), or an
  expression whose type is visible (a variable with a declared type, or a library
  materializer whose result is a concrete collection: \`ToListAsync\`, \`ToArrayAsync\`, \`ToDictionaryAsync\`,
  \`ToHashSetAsync\`); \`Task.WhenAll(...)\` gives an array of the results and \`Task.WhenAny(...)\` a task, so a
  \`Task<T>\` method whose T is neither is not flagged for them; in a
  \`Task<T>\` method a task whose type is not visible is flagged without a fix. In a plain \`Task\` method a
  library call is assumed to return a task, except members known to return a \`ValueTask\` in common overloads (\`DisposeAsync\`,
  \`MoveNextAsync\`, the \`Memory<byte>\` overloads of \`Stream.ReadAsync\`/\`WriteAsync\`, channel readers and
  writers, \`PipeWriter.FlushAsync\`, socket calls, EF Core's \`FindAsync\` and \`AddAsync\`: a table in the
  rule), which are not flagged in a \`Task\` or \`Task<T>\` method when the receiver's type is one of theirs (a type
  parameter by its constraints: \`where TContext : DbContext\`) or unknown. Blazor's JS interop (\`InvokeAsync\` and
  \`InvokeVoidAsync\` on an \`IJSRuntime\` or \`IJSObjectReference\`) and Blazored's browser storage
  (\`ILocalStorageService\`, \`ISessionStorageService\`: \`GetItemAsync\`, \`SetItemAsync\` and the rest) are in the
  table too, but their names are common, so a receiver of unknown type counts only in a file that imports their
  namespace (\`Microsoft.JSInterop\`, \`Blazored\`), and a call with no receiver never does. A call of a method the
  analysis cannot see that names a gRPC call option (\`deadline:\` or \`headers:\`, the parameters of a client
  generated from a .proto file) or is given a \`CallOptions\` (their one-argument form) is one of a generated
  client's, which returns an \`AsyncUnaryCall<T>\`, no task: not flagged. Nor is a UI dispatcher's call that returns an operation object (WPF's \`Dispatcher.InvokeAsync\` and
  \`BeginInvoke\`, a \`DispatcherOperation\`; UWP's \`CoreDispatcher.RunAsync\`, an \`IAsyncAction\`), on a receiver
  whose last member names a dispatcher (\`Application.Current.Dispatcher\`, \`_dispatcher\`) in a file that imports
  the framework's namespace. \`ValueTask\`-returning methods are
  flagged only when the workspace shows the callee returns the same \`ValueTask\` type.
- In a project that also targets .NET Framework or .NET Standard 2.0, a \`ValueTask\` method awaiting a Stream's
  \`ReadAsync(Memory<byte>)\` or \`WriteAsync(ReadOnlyMemory<byte>)\` in code those targets compile too (not inside an
  \`#if\` that leaves them out) is not flagged: those overloads came with .NET Standard 2.1, so there the call binds
  to something else, in practice the project's own polyfill over the array overload, which returns a Task; the
  async method is what makes that a \`ValueTask\`, and \`return X;\` would not compile for those targets. The polyfill
  itself is not read (the analysed target's \`#if\` leaves it out).
- A task whose type differs from the method's only by a nullable reference annotation (a \`Task<Order>\` in an
  \`async Task<Order?>\` method, or the reverse) is flagged without a fix: C# converts the one to the other, but
  warns CS8619 on it where nullable annotations are on, and the fix should not add a warning. Tuple element names do
  not count: a tuple of other names is the same type, without a warning.
- Methods a test or benchmark harness calls (\`[Fact]\`, \`[Test]\`, \`[TestMethod]\`, their set-up and clean-up,
  \`[Benchmark]\`, \`[GlobalSetup]\`, xUnit's \`IAsyncLifetime.InitializeAsync\` and \`DisposeAsync\`) are not flagged: each runs once per test or measurement, so the box saved is one
  per run, while eliding would take the test out of a failure's async stack trace or change what the benchmark
  measures. Nor is a program's \`static async Task Main\`, which runs once per process.
- A body that leaves code out with a comment line holding only an ellipsis (\`// ...\`, as documentation snippets and sketches do) is not flagged: the one await shown may not be the only one.
- An await of a task created complete (\`await Task.CompletedTask;\`, \`return await Task.FromResult(x);\`,
  \`new ValueTask<T>(x)\`, \`default\`) is not flagged: it never suspends, so there is no box to save, and the method
  is synchronous, which ASY010 (likely-synchronous-completion) reports.
- A lambda is flagged only when its delegate type is written in its declaration
  (\`Func<Task<int>> f = async () => await GetAsync();\`): a lambda passed as an argument may be bound to
  a void-returning delegate, where eliding would lose the task.
- Overloads of the same arity are not told apart; when any of them has another return type the method
  is not flagged.
- A method that checks its arguments or state before the await (a \`throw\`, \`ArgumentNullException.ThrowIfNull\`,
  a \`ThrowHelper\` or \`Guard\` call, a call statement whose name says it checks: \`CheckReady();\`,
  \`EnsureOpen();\`, \`Validate...\`, \`Verify...\`, on \`this\` or through a chain of members:
  \`_options.Storage.EnsureWritable();\`) is not flagged: eliding would move those exceptions from the
  returned task to the call itself. A check whose value is used (\`Enabled = CheckIsEnabled();\`) is a predicate
  and does not count.
`;

/**
 * Blazor's JS interop returns ValueTasks: IJSRuntime.InvokeAsync<TValue> a ValueTask<TValue>, the InvokeVoidAsync
 * extensions a ValueTask, and IJSObjectReference the same
 * (https://learn.microsoft.com/dotnet/api/microsoft.jsinterop.ijsruntime.invokeasync,
 * https://learn.microsoft.com/dotnet/api/microsoft.jsinterop.jsruntimeextensions.invokevoidasync,
 * https://learn.microsoft.com/dotnet/api/microsoft.jsinterop.ijsobjectreference.invokeasync).
 */
const JS_INTEROP_MEMBERS = ['InvokeAsync', 'InvokeVoidAsync'];
const JS_INTEROP_TYPES = ['IJSRuntime', 'JSRuntime', 'IJSInProcessRuntime', 'IJSObjectReference', 'IJSInProcessObjectReference'];

/**
 * Blazored.LocalStorage's ILocalStorageService and Blazored.SessionStorage's ISessionStorageService declare every
 * member a ValueTask or ValueTask<T> (https://github.com/Blazored/LocalStorage/blob/main/src/Blazored.LocalStorage/ILocalStorageService.cs,
 * https://github.com/Blazored/SessionStorage/blob/main/src/Blazored.SessionStorage/ISessionStorageService.cs).
 */
const BROWSER_STORAGE_MEMBERS = ['ClearAsync', 'GetItemAsync', 'GetItemAsStringAsync', 'KeyAsync', 'KeysAsync', 'ContainKeyAsync', 'LengthAsync', 'RemoveItemAsync', 'RemoveItemsAsync', 'SetItemAsync', 'SetItemAsStringAsync'];
const BROWSER_STORAGE_TYPES = ['ILocalStorageService', 'ISessionStorageService'];

/**
 * Library members that return a ValueTask in at least one common overload: awaiting them in a
 * Task-returning method cannot become `return X;`. `types` are the receiver types that declare them;
 * `taskFromArguments` is the argument count from which the overloads return a Task instead. `firstCoreMajor` is
 * the first .NET Core major whose ValueTask overloads these are, where .NET Framework and .NET Standard 2.0 have
 * none (they came with .NET Standard 2.1): there a call of the same shape binds to something else, a workspace
 * polyfill that returns a Task or nothing at all. Stream's Memory overloads came with .NET Core 2.1; the major
 * read is 3, so a netcoreapp2.1 target is taken to lack them, which only leaves a finding out.
 */
const VALUE_TASK_MEMBERS: { member: string; types: string[]; taskFromArguments?: number; firstCoreMajor?: number; namespace?: string; source: string }[] = [
  { member: 'DisposeAsync', types: ['*'], source: 'https://learn.microsoft.com/dotnet/api/system.iasyncdisposable.disposeasync' },
  { member: 'MoveNextAsync', types: ['*'], source: 'https://learn.microsoft.com/dotnet/api/system.collections.generic.iasyncenumerator-1.movenextasync' },
  { member: 'ReadAsync', types: ['Stream', 'FileStream', 'NetworkStream', 'SslStream', 'PipeReader', 'ChannelReader'], taskFromArguments: 3, firstCoreMajor: 3, source: 'https://learn.microsoft.com/dotnet/api/system.io.stream.readasync#system-io-stream-readasync(system-memory((system-byte))-system-threading-cancellationtoken)' },
  { member: 'WriteAsync', types: ['Stream', 'FileStream', 'NetworkStream', 'SslStream', 'PipeWriter', 'ChannelWriter'], taskFromArguments: 3, firstCoreMajor: 3, source: 'https://learn.microsoft.com/dotnet/api/system.io.stream.writeasync#system-io-stream-writeasync(system-readonlymemory((system-byte))-system-threading-cancellationtoken)' },
  { member: 'ReadAtLeastAsync', types: ['Stream', 'FileStream', 'NetworkStream', 'SslStream'], source: 'https://learn.microsoft.com/dotnet/api/system.io.stream.readatleastasync' },
  { member: 'ReadExactlyAsync', types: ['Stream', 'FileStream', 'NetworkStream', 'SslStream'], source: 'https://learn.microsoft.com/dotnet/api/system.io.stream.readexactlyasync' },
  { member: 'WaitToReadAsync', types: ['ChannelReader'], source: 'https://learn.microsoft.com/dotnet/api/system.threading.channels.channelreader-1.waittoreadasync' },
  { member: 'WaitToWriteAsync', types: ['ChannelWriter'], source: 'https://learn.microsoft.com/dotnet/api/system.threading.channels.channelwriter-1.waittowriteasync' },
  { member: 'ReadLineAsync', types: ['TextReader', 'StreamReader', 'StringReader'], source: 'https://learn.microsoft.com/dotnet/api/system.io.textreader.readlineasync' },
  { member: 'FlushAsync', types: ['PipeWriter'], source: 'https://learn.microsoft.com/dotnet/api/system.io.pipelines.pipewriter.flushasync' },
  { member: 'ReceiveAsync', types: ['Socket'], source: 'https://learn.microsoft.com/dotnet/api/system.net.sockets.socket.receiveasync' },
  { member: 'SendAsync', types: ['Socket'], source: 'https://learn.microsoft.com/dotnet/api/system.net.sockets.socket.sendasync' },
  { member: 'ConnectAsync', types: ['Socket'], source: 'https://learn.microsoft.com/dotnet/api/system.net.sockets.socket.connectasync' },
  { member: 'FindAsync', types: ['DbSet', 'DbContext'], source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.dbset-1.findasync' },
  { member: 'AddAsync', types: ['DbSet', 'DbContext'], source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.dbset-1.addasync' },
  ...JS_INTEROP_MEMBERS.map((member) => ({ member, types: JS_INTEROP_TYPES, namespace: 'Microsoft.JSInterop', source: 'https://learn.microsoft.com/dotnet/api/microsoft.jsinterop.ijsruntime.invokeasync' })),
  ...BROWSER_STORAGE_MEMBERS.map((member) => ({ member, types: BROWSER_STORAGE_TYPES, namespace: 'Blazored', source: 'https://github.com/Blazored/LocalStorage/blob/main/src/Blazored.LocalStorage/ILocalStorageService.cs' })),
];

/**
 * Library members that materialize a sequence into a concrete collection: their task's T is that collection
 * (`Task<List<T>>` from EF Core's ToListAsync, `ValueTask<List<T>>` from System.Linq.Async's), never an interface, so a
 * `Task<IEnumerable<T>>` or `Task<IList<T>>` method cannot return it. `resultShape` is what the method's T must look like.
 */
const MATERIALIZING_MEMBERS: { member: string; resultShape: RegExp; source: string }[] = [
  { member: 'ToListAsync', resultShape: /^(?:[\w.]+\.)?List</, source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.entityframeworkqueryableextensions.tolistasync' },
  { member: 'ToArrayAsync', resultShape: /\[\s*\]$/, source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.entityframeworkqueryableextensions.toarrayasync' },
  { member: 'ToDictionaryAsync', resultShape: /^(?:[\w.]+\.)?Dictionary</, source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.entityframeworkqueryableextensions.todictionaryasync' },
  { member: 'ToHashSetAsync', resultShape: /^(?:[\w.]+\.)?HashSet</, source: 'https://learn.microsoft.com/dotnet/api/microsoft.entityframeworkcore.entityframeworkqueryableextensions.tohashsetasync' },
];

/** A library materializer whose collection type is surely not this body's T (ToListAsync in a Task<IEnumerable<T>> method). */
function materializesAnotherType(body: MethodBody, name: string): boolean {
  const row = MATERIALIZING_MEMBERS.find((m) => m.member === name);
  return !!row && !row.resultShape.test((body.resultTypeText ?? '').replace(/\s+/g, '').replace(/\?$/, ''));
}

/** Whether a library call may return a ValueTask: by member name, and by receiver type when that is known. */
function mayReturnValueTask(ctx: RuleContext, body: MethodBody, name: string, receiver: string | null, argumentCount: number): boolean {
  return valueTaskMemberOf(ctx, body, name, receiver, argumentCount) !== null;
}

/** The VALUE_TASK_MEMBERS row a library call may be, by member name, argument count and receiver type when known. */
function valueTaskMemberOf(ctx: RuleContext, body: MethodBody, name: string, receiver: string | null, argumentCount: number): (typeof VALUE_TASK_MEMBERS)[number] | null {
  const row = VALUE_TASK_MEMBERS.find((m) => m.member === name);
  if (!row) return null;
  if (row.taskFromArguments !== undefined && argumentCount >= row.taskFromArguments) return null;
  if (row.types.includes('*')) return row;
  // A row with a namespace has a common name (`InvokeAsync`, `SetItemAsync`): a call with no receiver is the type's
  // own member (a component's InvokeAsync returns a Task), and one on a receiver of unknown type is the library's
  // only where the file imports it.
  if (receiver === null) return row.namespace === undefined ? row : null;
  const typed = typeOfExpression(receiver, body, ctx.model.bodies, ctx.index);
  if (!typed) return row.namespace === undefined || importsNamespace(ctx, row.namespace) ? row : null;
  // A type parameter stands for what its constraints name (`TDbContext Db` with `where TDbContext : DbContext`).
  const constraints = typeParameterConstraintsOf(ctx, body, typed.typeText.replace(/\?$/, ''));
  return [typed.typeText, ...(constraints ?? [])].some((t) => row.types.includes(stripGenerics(t))) ? row : null;
}

/**
 * Whether the awaited library call returns a ValueTask only on this target: a row with `firstCoreMajor` (a Stream's
 * `WriteAsync(ReadOnlyMemory<byte>)`) in code that another target of the project compiles and that target lacks the
 * overload (.NET Framework, .NET Standard 2.0). There the same call binds to a workspace polyfill that the analysed
 * target's `#if` leaves out, and a polyfill returns a Task (a Stream's array overload does), so an `async ValueTask`
 * method that awaits it is what adapts the one to the other: `return X;` would not compile there (MySqlConnector's
 * StreamByteHandler, read in the thirty-fifth session).
 */
function valueTaskOnlyHere(ctx: RuleContext, body: MethodBody, name: string, receiver: string | null, argumentCount: number, at: number): boolean {
  const row = valueTaskMemberOf(ctx, body, name, receiver, argumentCount);
  if (!row || row.firstCoreMajor === undefined) return false;
  return targetsLackingApi(ctx, at, undefined, row.firstCoreMajor).lacking.length > 0;
}

/**
 * Whether the call is a UI framework dispatcher's that returns an operation object (knowledge/dispatcherOperations.ts):
 * not when the receiver's type is one the workspace declares, whose own members then decide.
 */
function callsFrameworkDispatcher(ctx: RuleContext, body: MethodBody, name: string, receiver: string | null): boolean {
  if (!dispatcherOperationOf(name, receiver, fileNamespaces(ctx))) return false;
  const typed = receiver === null ? null : typeOfExpression(receiver, body, ctx.model.bodies, ctx.index);
  return !typed || typesNamed(ctx.index, stripGenerics(typed.typeText.replace(/\?$/, ''))).length === 0;
}

/** Whether some workspace method of this name returns a ValueTask (a call whose receiver is not typed may be it). */
function workspaceNamesakeReturnsValueTask(ctx: RuleContext, name: string): boolean {
  return (ctx.index.methodsByName.get(name) ?? []).some((m) => {
    const kind = classifyReturnType(m.body?.returnTypeText ?? m.member?.typeText ?? '', false).kind;
    return kind === 'ValueTask' || kind === 'ValueTaskOfT';
  });
}

/** Whether the file imports the namespace or one inside it (`Blazored` for `using Blazored.LocalStorage;`). */
function importsNamespace(ctx: RuleContext, namespace: string): boolean {
  return fileNamespaces(ctx).some((n) => n === namespace || n.startsWith(`${namespace}.`));
}

/**
 * A member's declared type as a constructed generic receiver sees it: `Task<T>` of `Box<T>.GetAsync()` called as
 * `Box<string>.GetAsync()` is a `Task<string>`, the declaring type's parameters replaced by the receiver's arguments.
 */
function throughReceiverTypeArguments(ctx: RuleContext, m: MethodRef, typeText: string, receiver: string | null): string {
  const generic = receiver === null ? null : constructedTypeText(receiver);
  if (!generic || m.typeName !== generic.name) return typeText;
  const args = generic.typeArguments;
  const declaring = typesNamed(ctx.index, generic.name).find((r) => r.type.typeParameters.length === args.length);
  if (!declaring) return typeText;
  return substituteNames(typeText, Object.fromEntries(declaring.type.typeParameters.map((p, i) => [p, args[i]!])));
}

/**
 * Code that throws on purpose: a throw, a ThrowIf... helper, a guard class, a throw helper, or a call statement whose
 * name says it checks state (`CheckReady();`, `EnsureOpen();`, `ValidateArguments(x);`, also on a member chain:
 * `_options.Storage.EnsureWritable();`), which throws when the check fails. A check whose value is used
 * (`Enabled = !CheckIsEnabled();`) is a predicate, not a guard.
 */
const THROWS_BEFORE = /\bthrow\b|\.\s*ThrowIf\w*\s*\(|\bThrow\w*\s*\(|\b(?:Guard|Ensure|Check|Requires|Argument)\s*\.\s*\w+\s*\(|(?:^|[;{}])\s*(?:(?:this|base|[A-Za-z_]\w*)\s*\.\s*)*(?:Check|Ensure|Validate|Verify)(?:[A-Z]\w*)?\s*\([^;]*\)\s*;/;

/** What eliding one body's tail await takes: the await, and the edits that return its task instead. */
export interface Elision {
  tail: SuspensionPoint;
  /** `expression`: `=> await X`; `return`: `return await X;`; `statement`: a final `await X;`. */
  form: 'expression' | 'return' | 'statement';
  /** Null when the elision cannot be shown to compile (`noFix` says why): the finding stands without a fix. */
  edits: TextEdit[] | null;
  noFix?: string;
}

const unqualifiedTask = (typeText: string) => typeText.replace(/\s+/g, '').replace(/(?:global::)?System\.Threading\.Tasks\./g, '');

/**
 * 'annotations': the task converts only by ignoring a nullable reference annotation (a Task<Item> returned as a
 * Task<Item?>). C# allows that identity conversion but warns CS8619 on it in a nullable-enabled context, so the
 * finding stands without a fix that would add a compiler warning.
 */
type Fit = 'fits' | 'annotations' | 'unknown' | 'no';

/**
 * Whether two type texts denote one type up to what C# ignores in an identity conversion: tuple element names
 * (`Task<(Item? Folder, List<Item> Names)>` is a `Task<(Item? Folder, List<Item> Items)>`) and nullable
 * annotations on reference types. A `?` on a value type is Nullable<T>, another type; on a type whose kind is not
 * known the answer is no. A difference in annotations gives 'annotations': the conversion compiles, with warning
 * CS8619 (nullability of the type arguments does not match), which a fix should not add.
 */
function identityConvertible(a: string, b: string, ctx: RuleContext, body: MethodBody): Fit {
  // Whitespace stays: it separates a tuple element's type from its name.
  const namespaces = (t: string) => t.replace(/(?:global::)?System\.Threading\.Tasks\./g, '');
  const ta = parseType(namespaces(a));
  const tb = parseType(namespaces(b));
  if (!ta || !tb) return 'no';
  let annotations = false;
  const same = (x: TypeExpr, y: TypeExpr): boolean => {
    const name = (t: TypeExpr) => t.name.replace(/^System\./, '');
    if (name(x) !== name(y) || x.args.length !== y.args.length || x.arrayRank !== y.arrayRank || x.tuple !== y.tuple) return false;
    // A `?` on one side only is an annotation only on a type known to be a reference type (a type parameter with a
    // `struct` constraint, or one not known at all, may make it Nullable<T>).
    if (x.nullable !== y.nullable) {
      if (x.arrayRank === 0 && typeKindOf(ctx, body, formatType({ ...x, nullable: false })) !== 'reference') return false;
      annotations = true;
    }
    return x.args.every((arg, i) => same(arg, y.args[i]!));
  };
  if (!same(ta, tb)) return 'no';
  return annotations ? 'annotations' : 'fits';
}

/** The fit of every declaration a call may bind to: 'fits' only when all fit, 'annotations' when some only so. */
function leastFit(fits: readonly Fit[]): Fit {
  if (fits.some((f) => f !== 'fits' && f !== 'annotations')) return 'no';
  return fits.includes('annotations') ? 'annotations' : 'fits';
}

/**
 * Whether an unseen call is given a gRPC `CallOptions` (`client.ShutdownAsync(request, options)`, `options` a local or
 * a workspace call typed CallOptions, or `new CallOptions(...)`): the one-argument form of a generated client's call
 * options, whose method returns an AsyncUnaryCall (dapr/dotnet-sdk's `DaprClientGrpc`, whose fix to return the call
 * stopped the build). The awaited call is the model's call site of that name spanning most of the await (calls of the
 * same name inside its arguments are shorter).
 */
function passesCallOptions(ctx: RuleContext, body: MethodBody, tail: SuspensionPoint, name: string): boolean {
  let call: CallSite | undefined;
  for (const c of body.calls) {
    if (c.name !== name || c.span.start < tail.span.start || c.span.end > tail.span.end) continue;
    if (!call || c.span.end - c.span.start > call.span.end - call.span.start) call = c;
  }
  return call !== undefined && call.argumentTexts.some((argument) => {
    const value = argumentNameOf(argument) === null ? argument : argument.slice(argument.indexOf(':') + 1).trim();
    const created = /^new\s+((?:global::)?[\w.]+)\s*\(/.exec(value);
    if (created) return GRPC_CALL_OPTIONS_TYPE.test(created[1]!);
    const typed = typeOfExpression(value, body, ctx.model.bodies, ctx.index);
    return typed !== null && GRPC_CALL_OPTIONS_TYPE.test(typed.typeText.trim());
  });
}

/**
 * Whether the awaited operand has a type this body can return as it is: 'fits' when that is shown, 'no' when it
 * surely has not, 'unknown' when the type is not visible. Task<T> is invariant, so for a Task<T> or ValueTask<T>
 * method only a task of exactly that T fits: a Task<int> is no Task<object>, a Task<List<T>> no
 * Task<IEnumerable<T>>. A plain Task method can return any Task or Task<T>, but not a ValueTask.
 */
function operandFits(ctx: RuleContext, body: MethodBody, tail: SuspensionPoint): Fit {
  const op = tail.operand;
  const kind = body.returnKind;
  const isValueTaskMethod = kind === 'ValueTask' || kind === 'ValueTaskOfT';
  const withResult = kind === 'TaskOfT' || kind === 'ValueTaskOfT';
  const fitsDeclared = (typeText: string): Fit => {
    const declared = classifyReturnType(typeText, false).kind;
    if (kind === 'Task') return declared === 'Task' || declared === 'TaskOfT' ? 'fits' : 'no';
    if (unqualifiedTask(typeText) === unqualifiedTask(body.returnTypeText ?? '')) return 'fits';
    return identityConvertible(typeText, body.returnTypeText ?? '', ctx, body);
  };
  const typed = () => typeOfExpression(op.text, body, ctx.model.bodies, ctx.index);
  switch (op.kind) {
    case 'call': {
      const callee = op.callee!;
      // A WPF dispatcher's InvokeAsync returns a DispatcherOperation, a UWP one's RunAsync an IAsyncAction: no Task.
      // Asked first, since a workspace method of the same name would otherwise type the call by its name alone.
      if (callsFrameworkDispatcher(ctx, body, callee.name, callee.receiver)) return 'no';
      const resolved = resolveCallSite(callee.name, callee.receiver, callee.argumentCount, ctx.file, body, ctx.index, callee.typeArgumentCount);
      // The declarations the call binds to type it, not what dispatch may run: a call to a public virtual or abstract
      // member has no known targets (an override may live outside the workspace), yet its declared return type is
      // what `return X;` would have to convert.
      const signatures = resolved.declared && resolved.declared.length > 0 ? resolved.declared : resolved.targets;
      const declared = signatures.map((m) => {
        const typeText = m.body?.returnTypeText ?? m.member?.typeText ?? null;
        return typeText === null ? null : throughReceiverTypeArguments(ctx, m, typeText, callee.receiver);
      });
      if (declared.length > 0) return leastFit(declared.map((t) => (t === null ? 'no' : fitsDeclared(t))));
      const known = typed();
      if (known) {
        const fit = fitsDeclared(known.typeText);
        return fit !== 'no' && isValueTaskMethod && valueTaskOnlyHere(ctx, body, callee.name, callee.receiver, callee.argumentCount, tail.span.start) ? 'no' : fit;
      }
      if (isValueTaskMethod) return 'no';
      // A generated gRPC client's call (`deadline:` or `headers:` named, or given a CallOptions) returns an
      // AsyncUnaryCall, no Task at all.
      if (passesGrpcCallOption(op.text) || passesCallOptions(ctx, body, tail, callee.name)) return 'no';
      // A member known to return a ValueTask (EF Core's FindAsync) is no Task of any T.
      if (mayReturnValueTask(ctx, body, callee.name, callee.receiver, callee.argumentCount)) return 'no';
      if (withResult) return materializesAnotherType(body, callee.name) ? 'no' : 'unknown';
      // A plain Task method can return any task of an unseen call, but no ValueTask: where the workspace declares a
      // method of that name returning one, the call may well be it.
      return workspaceNamesakeReturnsValueTask(ctx, callee.name) ? 'unknown' : 'fits';
    }
    case 'variable': {
      const known = typed();
      if (known) return fitsDeclared(known.typeText);
      return isValueTaskMethod ? 'no' : withResult ? 'unknown' : 'fits';
    }
    case 'delay':
      return kind === 'Task' ? 'fits' : 'no';
    case 'whenAll':
    case 'whenAny':
    case 'run': {
      // Their T comes from their arguments, which are not typed here: only a plain Task method surely takes them.
      if (kind !== 'TaskOfT') return kind === 'Task' ? 'fits' : 'no';
      // But the shape of that T is known: Task.WhenAll's is an array of the results and Task.WhenAny's the task
      // that finished, so a Task<IEnumerable<T>> or Task<int> method cannot return either as it is.
      const shape = op.kind === 'whenAll' ? ARRAY_TYPE : op.kind === 'whenAny' ? TASK_TYPE : null;
      return shape && !shape.test(body.resultTypeText ?? '') ? 'no' : 'unknown';
    }
    default:
      // Task.Yield() is not a task; anything unrecognised is left alone.
      return 'no';
  }
}

/**
 * Task.WhenAll<TResult> returns Task<TResult[]> and Task.WhenAny Task<Task> or Task<Task<TResult>>
 * (https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.whenall,
 * https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.whenany): the result types they can fit.
 */
const ARRAY_TYPE = /\[\s*,*\s*\]\s*\??\s*$/;
const TASK_TYPE = /^(?:global::)?(?:System\.Threading\.Tasks\.)?Task\b/;

/** The single tail await of a body and the edits that return its task, or null when it cannot be elided. */
export function elisionOf(ctx: RuleContext, body: MethodBody, masked: string): Elision | null {
  if (body.kind !== 'method' && body.kind !== 'localFunction' && body.kind !== 'lambda') return null;
  const kind = body.returnKind;
  if (kind !== 'Task' && kind !== 'TaskOfT' && kind !== 'ValueTask' && kind !== 'ValueTaskOfT') return null;
  if (body.isIterator || body.awaits.length !== 1 || !body.bodySpan) return null;
  const tail = body.awaits[0];
  if (tail.kind !== 'await' || tail.regions.length > 0) return null;
  const text = ctx.text;
  // The await must be the whole expression it stands in: `return await X;`, not `return await X + 1;`.
  const awaitText = text.slice(tail.span.start, tail.span.end);
  const isWhole = (start: number, end: number) => text.slice(start, end).trim().replace(/^\((.*)\)$/s, '$1').trim() === awaitText;
  let form: Elision['form'];
  if (body.isExpressionBodied) {
    const r = body.returns[0];
    const at = r ? returnExpressionSpan(r, text) : null;
    if (!r || body.returns.length !== 1 || !r.isAwait || !at || !isWhole(at.start, at.end)) return null;
    form = 'expression';
  } else if (kind === 'TaskOfT' || kind === 'ValueTaskOfT') {
    const r = body.returns[0];
    const last = lastStatementOf(body.bodySpan, masked);
    const at = r ? returnExpressionSpan(r, text) : null;
    if (!r || body.returns.length !== 1 || !r.isAwait || r.regions.length > 0 || r.conditionText !== null || !at || !isWhole(at.start, at.end)) return null;
    if (!last || last.end !== r.span.end) return null;
    form = 'return';
  } else {
    // `async Task`: a final `await X;` statement, with no `return;` that would need a task of its own.
    if (body.returns.length > 0) return null;
    const last = lastStatementOf(body.bodySpan, masked);
    if (!last || !/^\s*;$/.test(masked.slice(tail.span.end, last.end))) return null;
    const before = masked.slice(body.bodySpan.start, tail.span.start);
    if (!/[;{}]\s*$/.test(before)) return null;
    form = 'statement';
  }
  if (tail.operand.kind === 'unknown') return null;
  // `await (x?.SaveAsync())` is null when x is: returned instead of awaited, that null task would reach every caller.
  if (isConditionalAccessOperand(tail.operand.text)) return null;
  // Argument and state checks before the await (`if (x is null) throw ...`, `ArgumentNullException.ThrowIfNull(x)`)
  // fail the returned task today; without the state machine they would throw at the call instead, which callers
  // that only await the task do not expect.
  if (THROWS_BEFORE.test(masked.slice(body.bodySpan.start, tail.span.start))) return null;
  const fit = operandFits(ctx, body, tail);
  if (fit === 'no') return null;
  if (fit === 'unknown') {
    const why = body.returnKind === 'Task'
      ? `a Task method cannot return a ValueTask, which a method of that name in the workspace returns`
      : `a Task<${body.resultTypeText ?? 'T'}> method can return only a task of exactly that type (Task<T> is invariant)`;
    return { tail, form, edits: null, noFix: `the type of ${shortText(tail.operand.text)} is not visible, and ${why}` };
  }
  if (fit === 'annotations') {
    return { tail, form, edits: null, noFix: `the task ${shortText(tail.operand.text)} returns differs from the method's ${body.returnTypeText ?? 'return type'} in a nullable annotation, which returning it as it is would carry over with warning CS8619; make the two annotations agree first` };
  }

  const removal = asyncModifierRemoval(body, text, masked);
  if (!removal) return null;
  const edits: TextEdit[] = [removal];
  const keywordEnd = tail.keywordSpan.end;
  const afterKeyword = keywordEnd + (/^\s*/.exec(text.slice(keywordEnd))![0].length);
  edits.push(form === 'statement'
    ? { start: tail.keywordSpan.start, end: tail.keywordSpan.end, newText: 'return' }
    : { start: tail.keywordSpan.start, end: afterKeyword, newText: '' });
  if (tail.operand.configureAwait !== null) {
    const suffix = /\s*\.\s*ConfigureAwait\s*\([^()]*\)\s*$/.exec(awaitText);
    if (!suffix) return null;
    edits.push({ start: tail.span.start + suffix.index, end: tail.span.end, newText: '' });
  }
  return { tail, form, edits };
}

/**
 * Whether the await is of a task the expression itself creates complete (model/awaits.ts: `Task.CompletedTask`,
 * `Task.FromResult(x)`, `new ValueTask<T>(x)`, `default`), the awaits ASY010 takes for ones that never suspend.
 */
function awaitsCompletedTask(tail: SuspensionPoint): boolean {
  return tail.kind === 'await' && (tail.operand.kind === 'completedTask' || tail.operand.kind === 'fromResult');
}

function describe(body: MethodBody): string {
  return body.kind === 'lambda' ? 'This async lambda' : body.name;
}

export const rule: Rule = {
  meta: {
    id: 'ASY013',
    name: 'unnecessary-async',
    category: 'style',
    defaultSeverity: 'hint',
    fix: 'unsafe',
    equivalents: ['AsyncFixer01', 'MA0215', 'RCS1174'],
    summary: 'An async method whose only await is one tail await: return the task instead of running a state machine.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of asyncBodies(ctx)) {
      if (body.awaits.length !== 1) continue;
      // An await between `// ...` lines is the one await shown, not the only one the method has.
      if (elidesCode(ctx.text, body)) continue;
      // A test or a benchmark runs once per test or measurement, so the box it would save is one per run; eliding
      // would take the test out of a failure's async stack trace, or change what the benchmark measures.
      if (isHarnessMethod(ctx.index, body)) continue;
      // The program's entry point runs once per process: the box it would save is one per run, and the Main that
      // awaits shows in the async stack trace of a failure.
      if (body.isEntryPoint && body.kind === 'method') continue;
      // An await of a task that is complete when it is made (`await Task.CompletedTask;`, `return await
      // Task.FromResult(x);`) never suspends, so there is no box to save by forwarding it: the method is synchronous,
      // which ASY010 reports with the fix that follows (drop async, return a completed task).
      if (awaitsCompletedTask(body.awaits[0])) continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      const elision = elisionOf(ctx, body, masked);
      if (!elision) continue;
      const operand = shortText(elision.tail.operand.text);
      // The message quotes the operand as written: quoted() shortens it keeping the call's end, which shortText's
      // cut (ending in "...") would leave as dots.
      const shown = quoted(elision.tail.operand.text, 28);
      const callee = elision.tail.operand.callee ? stripGenerics(elision.tail.operand.callee.name) : operand;
      findings.push({
        span: body.nameSpan,
        message: body.kind === 'lambda'
          ? `${describe(body)} only awaits ${shown} last; return the task instead`
          : `${quoted(body.name)} only awaits ${shown} last; return the task instead`,
        note: `${describe(body)} only awaits ${operand} as its last step. The state machine only forwards ${callee}'s outcome; when it suspends, this method allocates its own box (a Task plus the state machine: the suspend bytes the hover shows) to wait and copy the result, which returning the task directly avoids.${elision.noFix ? ` No automatic fix: ${elision.noFix}.` : ''}`,
        bodyId: body.id,
        ...(elision.edits ? {
          fix: {
            title: elision.tail.operand.configureAwait !== null ? 'Remove async, return the task directly and drop ConfigureAwait' : 'Remove async and return the task directly',
            safety: 'unsafe' as const,
            edits: elision.edits,
          },
        } : {}),
      });
    }
    return findings;
  },
};
