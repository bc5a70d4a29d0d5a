/** ASY028 async-suffix (off by default): an awaitable-returning method without the Async suffix, or a non-awaitable one with it. */
import type { MemberSignature, MethodBody, TypeDeclaration } from '../model/types';
import { callersOf, stripGenerics, typeFamily, typesNamed } from '../workspace/index';
import { apiTypingFor } from '../workspace/typing';
import { awaitInfo } from '../signatures/members';
import { definitionOf, resolveTypeText } from '../signatures/resolve';
import { attributeName } from '../project/testCode';
import { isHarnessMethod } from './testSubjects';
import { declaredByABaseOf, implementsInterfaceMember } from './callbackSlots';
import { maskCommentsAndStrings } from './sourceText';
import type { Rule, RuleContext, RuleFinding } from './types';
import { quoted } from './messageText';
import { isPrivateMember } from '../model/bodies';
import { asyncFlagOf } from '../model/dualPath';
import { takesSyncModeParameter } from './syncPathOnly';
import { minimalApiMethodGroups, requestHandlerKindOf } from './requestCode';
import { subscribedMethodGroups } from './eventHandlerGroups';
import { isPersistedJobMethod } from './persistedJobs';
import { isTypedHubClientMethod } from './typedHubClients';
import { isRazorComponent } from '../parse/razor';
import { delegateReturnOf } from './callTargets';
import { isConversionToItsAwaitable, isMockSetupName, isTaskCombinatorName } from '../knowledge/taskNaming';
import { isFrameworkBoundMethod, leavesOutTheSuffix, suffixCensusOf } from './suffixConvention';

const docs = `## What it does
Off by default. Flags a method whose name does not follow the .NET convention for asynchronous methods: it
returns an awaitable type (\`Task\`, \`ValueTask\`, their generic forms, a task-like type with
\`[AsyncMethodBuilder]\`, a type with a \`GetAwaiter\` method such as WinRT's \`IAsyncOperation<T>\`) and its name
does not end in \`Async\`, or it returns something that cannot be awaited and its name ends in \`Async\`. Interface
members are checked where they are declared.

Not reported, because the name is not the method's to choose: overrides, interface implementations (explicit,
or a member a base type or interface in the workspace or the API signatures declares, or one of the few package
interfaces the signatures lack that AsyncLens knows by name, such as Quartz.NET's \`IJob.Execute\`, or a method
documented with \`<inheritdoc/>\` in a type with a base type or interface: the doc comment says it is an inherited member;
a public abstract method of an abstract class with the interface member's parameters counts as well: it implements
the member for the subclasses that override it), test methods
and the set-up and clean-up a test or benchmark harness calls by their attributes (\`[Fact]\`, \`[Test]\`,
\`[TestMethod]\`, \`[TearDown]\`, \`[AssemblyInitialize]\`, BenchmarkDotNet's \`[GlobalSetup]\` ..., or a workspace attribute
derived from one of them, such as a suite's \`[FactSkippedOnPlatform]\` over xUnit's \`FactAttribute\`), controller actions and Razor page handlers (routing reads their names),
the methods of a strongly typed SignalR hub's client interface (the \`IChatClient\` of a workspace \`ChatHub :
Hub<IChatClient>\`, and the interfaces it derives from), unless \`[HubMethodName]\` gives one another name (the hub's
proxy sends each call to the clients under the method's name, which they subscribe to),
methods a minimal API's \`Map*\` call is handed as a method group (\`group.MapGet("/", ListOrders)\`) and that nothing calls
by name (the framework is their only caller, so no caller reads the suffix, and an endpoint named after the method with
\`.WithName(nameof(ListOrders))\` would change its name and OpenAPI operation id with a rename),
private methods the file subscribes to an event as a method group (\`_connection.Opened += OnOpened;\`) and that nothing
calls by name (the event's raiser is their only caller, through the delegate, and they are named for the event they
handle),
the methods of a Razor component (in its \`.razor\` file, its \`.razor.cs\` code-behind or another partial declaration
of its class: the markup names them, \`@onclick="Checkout"\`, and the analysis does not read the markup),
conventional middleware's \`Invoke(HttpContext ...)\` (\`UseMiddleware\` looks for \`Invoke\` or \`InvokeAsync\`, and
ASP.NET Core 1.x only for \`Invoke\`),
\`[RelayCommand]\` methods (the generated command's name comes from it), methods a Hangfire job expression in the
workspace calls (\`BackgroundJob.Enqueue(() => scanner.ScanLibrary(id))\`, \`RecurringJob.AddOrUpdate(...)\`, with the
interface members they implement or are called through: Hangfire stores the job as the method's type and name and
looks the method up by them when the job runs, so a rename fails the jobs already stored), \`[Obsolete]\` members and members of
\`[Obsolete]\` types (a deprecated API is not renamed: callers are told to move away from it), \`[LoggerMessage]\` methods (the name
names a log event; nothing awaits a log call), \`Main\` and the awaitable pattern's \`GetAwaiter\` and \`ConfigureAwait\`
(a type wrapping a task offers Task's own \`ConfigureAwait\`, which callers write as on a task). Nor are awaitable methods without the suffix declared by
the asynchronous type of a pair, a type whose name says Async beside a workspace type of the same name without it
(\`AsyncFtpClient\` and \`FtpClient\`, \`IAsyncFtpClient\` and \`IFtpClient\`), when that type declares a
synchronous method of the same name: client libraries written this way give both types the same method names, and
the receiver's type tells callers to await (extension methods are still checked: their callers do not write the
type's name). Nor are methods with a \`bool async\` parameter (dual
sync/async paths, as database drivers write them: the synchronous API calls the same method with \`async: false\`
and reads its already completed task), or with a parameter of a synchronous/asynchronous mode enum (an enum with
\`Synchronous\` and \`Asynchronous\` members, as MySqlConnector's \`IOBehavior\`), names that end in Sync beside a
method of the same stem (\`ReadSync\` beside \`ReadAsync\` or \`Read\`: the synchronous half of such a pair, whose task
is complete when it returns), static \`From...\` factories of completed
tasks (named as \`Task.FromResult\` is), static combinators named as Task's own (\`WhenAll\`, \`WhenAny\`: they wait
for tasks the caller started), conversions named \`As\` or \`To\` and the awaitable type they return
(\`AsTask\`, \`AsValueTask\`, \`ToTask\`, as \`ValueTask.AsTask()\` is), extension methods named as the mocking
libraries' setups (\`ReturnsAsync\`, \`ThrowsAsync\`: Moq's and NSubstitute's return their configuration
object, and the suffix says what the mocked member will return), or names that say Async before a qualifier (\`ReadAsyncCore\`). Nor are \`void\` methods named Async that take a
callback returning void (\`void FlushAsync(AsyncContinuation done)\`, an \`Action<Exception>\`, an \`AsyncCallback\`):
they finish later and say so through the callback, the continuation-passing form of asynchrony, which the suffix
names truthfully (a callback that returns a value, such as a filter or a handler returning a task, does not count). Methods returning
\`IAsyncEnumerable<T>\` are left alone either way: the guidelines differ on them.

A project that names its own awaitable methods without the suffix nine times in ten or more, and at least ten of
them, follows a convention of its own, as some messaging and API-client libraries do throughout their public API
(\`Send\`, \`Publish\`, \`Handle\`, \`GetAll\` returning a task): its missing suffixes are that convention, not slips,
and are not reported (an \`Async\` on a method that cannot be awaited still is). The count is per project (files
outside any project count together) and takes only names the method chooses: interface members where they are
declared and methods of classes, but not overrides, explicit implementations, implementations of an interface's
member (the workspace's, or a .NET or package interface the API signatures hold, such as \`IHostedService.StartAsync\`
or ASP.NET Core's \`IModelBinder.BindModelAsync\`, whose suffix the project did not choose), tests and harness set-up,
a controller's actions, a Razor page's handlers and a hub's methods (routing binds to their names), \`Main\`,
\`DisposeAsync\` and the awaitable pattern's members.

## Why is this bad?
Callers read the suffix to know that a call must be awaited; a \`Task\`-returning \`Save()\` invites \`Save();\`
without an await (ASY022 then catches the dropped task), and a \`LoadAsync()\` that returns a list invites an
\`await\` that does not compile. The convention is in the .NET guidelines for the Task-based asynchronous pattern.

## Example
\`\`\`csharp
using System.Threading.Tasks;

public interface IOrderStore
{
    Task<int> Count();
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Threading.Tasks;

public interface IOrderStore
{
    Task<int> CountAsync();
}
\`\`\`

## Fix safety
**Display-only**: a rename touches every caller and implementation, which the editor's rename refactoring does
with the compiler's help; a text edit here could not find them all.

## Limitations
- A return type is known to be awaitable or not from its name (Task, ValueTask), the workspace's declarations
  and the API signatures; a type from a package they do not cover is left alone.
- An implementation of an interface from a package the signatures do not cover looks like the method's own name
  and may be reported, unless its doc comment is \`<inheritdoc/>\` (which says it documents an inherited member) or
  the interface is one AsyncLens knows by name (Quartz.NET's \`IJob\`); suppress it or name the interface in the
  workspace. A base class's virtual method that only its subclasses' interface makes an implementation (an abstract
  job base whose derived jobs list \`IJob\`) is read as the base class's own.
- Test code is capped at \`asynclens.testCode.maxSeverity\`.
- The project convention is read from names alone: an implementation of a package interface the signatures do not
  hold, or a method a framework finds by a suffixed name without an interface (a view component's \`InvokeAsync\`),
  counts as a suffixed name of the project's own, and a project of fewer than ten such methods, or one that mixes the
  two styles, gets every missing suffix reported.
`;

const KNOWN_AWAITABLES = /^(?:Windows\.Foundation\.)?IAsync(?:Action|Operation)(?:WithProgress)?\b|^(?:System\.Runtime\.CompilerServices\.)?(?:Configured(?:Value)?TaskAwaitable|YieldAwaitable)\b/;
const OBSOLETE_ATTRIBUTE = /^\s*(?:global::)?(?:System\.)?Obsolete(?:Attribute)?\b/;

type Awaitability = 'awaitable' | 'notAwaitable' | 'unknown';

function awaitabilityOf(ctx: RuleContext, m: MemberSignature, contextBody: MethodBody | undefined): Awaitability {
  switch (m.returnKind) {
    case 'Task': case 'TaskOfT': case 'ValueTask': case 'ValueTaskOfT': case 'OtherTaskLike': return 'awaitable';
    case 'IAsyncEnumerable': case 'IAsyncEnumerator': return 'unknown';
    case 'void': return 'notAwaitable';
    default: break;
  }
  const text = (m.typeText ?? '').trim();
  if (!text) return 'unknown';
  if (KNOWN_AWAITABLES.test(text)) return 'awaitable';
  if (/^(?:bool|byte|sbyte|char|decimal|double|float|int|uint|nint|nuint|long|ulong|short|ushort|object|string)\??$/.test(text)) return 'notAwaitable';
  const declared = typesNamed(ctx.index, text);
  if (declared.length > 0) {
    for (const name of typeFamily(ctx.index, text)) {
      for (const ref of typesNamed(ctx.index, name)) {
        if (ref.type.members.some((x) => x.name === 'GetAwaiter') || ref.type.attributes.some((a) => /AsyncMethodBuilder/.test(a))) return 'awaitable';
      }
    }
    // A workspace type may still be awaitable through an extension GetAwaiter; only its own declarations are read.
    return declared.some((r) => r.type.kind === 'enum' || r.type.kind === 'struct' || r.type.kind === 'record struct') ? 'notAwaitable' : 'unknown';
  }
  const typing = contextBody ? apiTypingFor(contextBody, ctx.model.bodies, ctx.index) : null;
  if (!typing) return 'unknown';
  const type = resolveTypeText(typing.api, text);
  if (!type || !definitionOf(typing.api, type)) return 'unknown';
  return awaitInfo(typing.api, type) ? 'awaitable' : 'notAwaitable';
}

function attributeNames(body: MethodBody | undefined): string[] {
  return (body?.attributes ?? []).map(attributeName);
}


const AWAITABLE_RETURNS: ReadonlySet<string> = new Set(['Task', 'TaskOfT', 'ValueTask', 'ValueTaskOfT', 'OtherTaskLike']);

/**
 * Whether the method's type is the asynchronous one of a pair: its name says Async, the workspace declares the same
 * name without it (`AsyncFtpClient`, `FtpClient`), and that type has a synchronous method of this method's name
 * (`FtpStatus TransferFile(...)` beside `Task<FtpStatus> TransferFile(...)`). A type of the bare name that shares no
 * such method (a private `Tests` list elsewhere) is not a twin, and a helper the synchronous type lacks is not paired.
 */
function hasSynchronousTwin(ctx: RuleContext, type: TypeDeclaration, m: MemberSignature): boolean {
  const name = type.name.replace(/<.*$/, '');
  const twin = name.replace(/Async(?![a-z])/, '');
  if (twin === name || twin.length === 0) return false;
  return typesNamed(ctx.index, twin).some((ref) => ref.type.members.some((x) => x.kind === 'method' && x.name === m.name && !AWAITABLE_RETURNS.has(x.returnKind)));
}

/**
 * Whether a void method reports its completion through a callback it is handed: a parameter of a delegate type that
 * returns void (`Action`, `Action<Exception>`, `AsyncCallback`, a workspace `delegate void Continuation(...)`).
 * Such a method is asynchronous in the continuation-passing style, and its Async suffix says so truthfully. A
 * delegate that returns a value (a filter, a handler returning a task) is not told of completion, so it does not
 * count. `contextBody` is any body of the file, for resolving the parameter types through the API signatures.
 */
function completesThroughCallback(ctx: RuleContext, m: MemberSignature, body: MethodBody | undefined, contextBody: MethodBody | undefined): boolean {
  if (m.returnKind !== 'void' || !contextBody) return false;
  const parameters = body?.parameters ?? m.parameters ?? [];
  return parameters.some((p) => typeof p.typeText === 'string' && delegateReturnOf(ctx, contextBody, { typeText: p.typeText, type: null }, null) === 'void');
}

function exemptReason(ctx: RuleContext, type: TypeDeclaration, m: MemberSignature, body: MethodBody | undefined, masked: string): string | null {
  if (m.name === 'Main' || m.name === 'GetAwaiter') return 'entry point or awaiter';
  // `void FlushAsync(AsyncContinuation done)`: the work finishes later and calls `done`; the suffix tells callers
  // not to take the return for completion, which is what it means on a Task too. Renaming it to the bare name often
  // collides with the synchronous-looking entry point that forwards to it (`Flush(AsyncContinuation)`).
  if (/Async$/.test(m.name) && completesThroughCallback(ctx, m, body, body ?? ctx.model.bodies[0])) return 'completes through a callback';
  // `await call.ConfigureAwait(false)`: a type wrapping a task offers Task's own name for a configured awaitable
  // (Task.ConfigureAwait, ValueTask.ConfigureAwait); callers write it as on a task, and a suffix would break that.
  if (m.name === 'ConfigureAwait') return 'the awaitable pattern';
  // A Razor component's markup names its methods (`@onclick="AddToCart"`, `OnValidSubmit="SaveAsync"`), and the
  // analysis reads only its @code blocks: a rename would leave the markup naming a method that no longer exists.
  if (isRazorComponentType(ctx, type)) return 'Razor component member';
  // One method with a `bool async` parameter serves both `Read()` (async: false, its task read at once) and
  // `ReadAsync()`: the suffix would tell the synchronous callers to await it. Npgsql writes most of its I/O this way.
  const parameters = body?.parameters ?? m.parameters ?? [];
  if (asyncFlagOf(parameters)) return 'dual sync/async path';
  // The same with a mode enum (MySqlConnector's `IOBehavior ioBehavior`): `Open()` passes IOBehavior.Synchronous.
  if (takesSyncModeParameter(ctx.index, parameters)) return 'dual sync/async path';
  // A name that ends in Sync beside a method of the same stem says the method is the synchronous half of a pair
  // (`ReadBytesSync` beside `ReadBytesAsync`, `ConvertSync` beside `Convert`; its task is complete when it
  // returns). Without the other half, Sync is more likely a noun (`FolderSync`, synchronisation) and the suffix is
  // asked for. And `FromResult`, `FromException`: factories of completed tasks are named as Task's own are.
  const stem = /^(.+)Sync$/.exec(m.name)?.[1];
  if (stem && type.members.some((x) => x.kind === 'method' && (x.name === `${stem}Async` || x.name === stem))) return 'synchronous half of a dual path';
  if (m.isStatic && /^From[A-Z]/.test(m.name)) return 'factory of a completed task';
  // Task's own combinators and conversions have no suffix either (knowledge/taskNaming.ts): `Task.WhenAll` waits for
  // tasks its caller started, and `ValueTask.AsTask()` turns one awaitable into another; neither starts an operation
  // of its own. A helper that does the same under the same name (`WhenAll` of a tuple of tasks, an `AsValueTask()`
  // extension that wraps a value) is named as the API its callers know, and `AsTaskAsync` would read wrong.
  if (isTaskCombinatorName(m.name, m.isStatic)) return 'combinator named as Task.WhenAll';
  if (isConversionToItsAwaitable(m.name, m.returnKind)) return 'conversion named after the awaitable it returns';
  const extension = (body?.parameters ?? m.parameters ?? [])[0]?.modifiers.includes('this') ?? false;
  // A mock setup extension (`ReturnsAsync`, `ThrowsAsync`) says what the mocked member will return, as Moq's and
  // NSubstitute's own do; it returns their configuration object, and dropping the suffix would name it unlike them.
  if (isMockSetupName(m.name, extension)) return 'mock setup named as the mocking libraries name theirs';
  // A name that already says Async before a qualifier (`ReadAsyncCore`, `ReadAsObjectAsyncAsT`) tells callers to
  // await it; appending another Async reads worse and says nothing new.
  if (/Async(?=[A-Z\d_])/.test(m.name) && !/Async$/.test(m.name)) return 'Async inside the name';
  // The asynchronous type of a pair (`AsyncFtpClient` beside `FtpClient`, `IAsyncFtpClient` beside `IFtpClient`)
  // gives its methods the synchronous type's names (`client.Upload(...)`, `await asyncClient.Upload(...)`): the
  // receiver's type tells callers to await, and the synchronous twin's method has the name the suffix would change. A method of it that ends in Async and cannot be awaited is still
  // reported, and so is an extension method, whose callers do not write its type's name.
  if (!/Async$/.test(m.name) && !extension && hasSynchronousTwin(ctx, type, m)) return 'asynchronous type of a pair';
  // A [LoggerMessage] method's name names the log event (`LogConnectingAsync`: "connecting, async"); the source
  // generator writes the body of its partial declaration, and nothing awaits a log call. The declaration's text
  // before the name holds its attributes.
  if (/\[\s*(?:[\w.]+\.)?LoggerMessage(?:Attribute)?\b/.test(masked.slice(m.span.start, m.nameSpan.start))) return 'logging method';
  // A deprecated member (or a member of a deprecated type) is on its way out: a rename would add a second name its
  // callers are told to move away from, and break those that have not moved yet.
  if (type.attributes.some((a) => OBSOLETE_ATTRIBUTE.test(a)) || /\[\s*(?:[\w.]+\.)?Obsolete(?:Attribute)?\b/.test(masked.slice(m.span.start, m.nameSpan.start))) return 'obsolete';
  // A background-job library stores a job by the name of the method its expression calls and finds the method by
  // that name when the job runs (knowledge/persistedJobs.ts): a rename fails the jobs already stored. An interface
  // member counts when the job names it or its implementation, whose name must stay the same.
  if (isPersistedJobMethod(ctx.index, type, m.name)) return 'stored background job';
  // A strongly typed hub sends a call of its client interface's method under the method's name, which the clients
  // subscribe to (knowledge/typedHubClients.ts): a rename changes the protocol, unless [HubMethodName] names it.
  if (isTypedHubClientMethod(ctx.index, type, masked.slice(m.span.start, m.nameSpan.start))) return 'typed hub client method';
  if (body) {
    if (body.modifiers.includes('override')) return 'override';
    if (/\.\s*$/.test(masked.slice(body.span.start, body.nameSpan.start))) return 'explicit interface implementation';
    const attributes = attributeNames(body);
    // A harness finds a test and the set-up and clean-up around it by its attribute and calls it: no caller reads
    // the name (`[TestCleanup]`, `[AssemblyInitialize]`, BenchmarkDotNet's `[GlobalSetup]` as much as `[Fact]`).
    if (isHarnessMethod(ctx.index, body)) return 'test or benchmark harness method';
    if (attributes.includes('RelayCommand')) return 'generated command';
    if (isFrameworkBoundMethod(ctx.index, type, m.name, body)) return 'action or handler';
    // UseMiddleware<T> binds a conventional middleware's request method by name: Invoke or InvokeAsync since
    // ASP.NET Core 2.0 (aspnet/HttpAbstractions#804), only Invoke before it, so a library that still targets 1.x
    // cannot rename it.
    if (requestHandlerKindOf(ctx, body) === 'middleware') return 'middleware';
    // A method handed to a minimal API's Map* call as a method group and called by name nowhere: the framework is its
    // only caller, so no caller reads the suffix, and an endpoint named after it (`.WithName(nameof(ListOrders))`, the
    // OpenAPI operation id) would change with a rename.
    if (minimalApiMethodGroups(ctx.model.bodies).has(m.name) && calledByNameNowhere(ctx, type, m.name)) return 'minimal API handler';
    // A private method the file subscribes to an event (`_connection.Opened += OnOpened;`) and nothing calls by name:
    // the event's raiser is its only caller, through the delegate, and the method is named for the event it handles.
    // Private, because a call of a wider method through a variable in another file would not be seen here.
    if (isPrivateMember(body) && subscribedMethodGroups(masked).has(m.name) && calledByNameNowhere(ctx, type, m.name)) return 'event handler';
    if (implementsInterfaceMember(ctx, body)) return 'interface implementation';
  } else if (type.kind !== 'interface') {
    // A class's method without code: abstract, extern, or the declaring half of a partial method. An abstract
    // override's name is its base's, and an abstract method can be the member that implements an interface's
    // (`abstract class IndexerBase : IIndexer { public abstract Task<IList<Release>> Fetch(...); }`): its
    // subclasses override it, and the name is the interface's, reported where the interface declares it. Only a
    // public method with the member's parameter count implements it (a protected `abstract Task Test(List<string>
    // failures)` beside the interface's `Test()` is an overload of the class's own).
    const declaration = masked.slice(m.span.start, m.nameSpan.start);
    if (/\boverride\b/.test(declaration)) return 'override';
    const shape = { owner: type.name, name: m.name, parameterCount: (m.parameters ?? m.parameterTypes).length, isStatic: m.isStatic, sameArity: true };
    if (/\bpublic\b/.test(declaration) && declaredByABaseOf(ctx, shape, ctx.model.bodies[0])) return 'interface implementation';
  }
  // `/// <inheritdoc/>` (without a cref) takes the documentation of the member this one overrides or implements:
  // its author says the name is an inherited member's, declared in a base type or interface the workspace and the
  // signatures may not hold (a scheduler's job interface from a package).
  if ((body || type.kind !== 'interface') && type.baseTypes.length > 0 && INHERIT_DOC.test(docCommentAbove(ctx.text, m.span.start))) return 'inherits its documentation';
  return null;
}

/**
 * Whether the type is a Razor component's class: declared in a `.razor` file, in its `.razor.cs` code-behind, or in a
 * partial declaration beside one the workspace has from a `.razor` file of the same namespace.
 */
function isRazorComponentType(ctx: RuleContext, type: TypeDeclaration): boolean {
  if (isRazorComponent(ctx.file) || /\.razor\.cs$/i.test(ctx.file)) return true;
  if (!type.modifiers.includes('partial')) return false;
  return typesNamed(ctx.index, type.name).some((ref) => isRazorComponent(ref.file) && ref.type.fullName === type.fullName);
}

/**
 * Whether no call site in the workspace may invoke the method by name: one in this file without a receiver (or
 * through `this`), or one anywhere through its type. A method the file hands out as a method group (to a minimal
 * API's Map* call, to an event) is then called only through the delegate.
 */
function calledByNameNowhere(ctx: RuleContext, type: TypeDeclaration, name: string): boolean {
  return !callersOf(ctx.index, name).some((c) => {
    if (c.call.inNameof) return false;
    const receiver = c.call.receiver?.trim() ?? null;
    if (receiver === null || receiver === 'this') return c.file === ctx.file;
    return stripGenerics(receiver) === type.name;
  });
}

const INHERIT_DOC = /<inheritdoc\s*\/>|<inheritdoc\s*>\s*<\/inheritdoc>/;

/** The `///` lines right above a declaration (attribute lines between them skipped), joined. */
function docCommentAbove(text: string, start: number): string {
  const out: string[] = [];
  let end = text.lastIndexOf('\n', start - 1);
  while (end > 0) {
    const from = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(from, end).trim();
    if (line.startsWith('///')) out.push(line);
    else if (!line.startsWith('[')) break;
    end = from - 1;
  }
  return out.reverse().join('\n');
}

export const rule: Rule = {
  meta: {
    id: 'ASY028',
    name: 'async-suffix',
    category: 'style',
    defaultSeverity: 'off',
    fix: 'display-only',
    equivalents: ['VSTHRD200', 'MA0137', 'MA0138'],
    summary: 'Off by default: an awaitable-returning method without the Async suffix, or a non-awaitable one with it.',
    docs,
    cappedInTestCode: true,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    const bodiesById = new Map(ctx.model.bodies.map((b) => [b.id, b]));
    // A project that names its own awaitable methods without the suffix nine times in ten has a convention of its
    // own (rules/suffixConvention.ts): the missing suffix is that convention, not a slip, and is not reported there.
    let ownConvention: boolean | null = null;
    for (const type of ctx.model.types) {
      if (type.kind === 'delegate') continue;
      for (const m of type.members) {
        if (m.kind !== 'method') continue;
        const body = m.bodyId ? bodiesById.get(m.bodyId) : undefined;
        if (body?.hasSyntaxErrors) continue;
        const suffixed = /Async$/.test(m.name);
        const awaitability = awaitabilityOf(ctx, m, body ?? ctx.model.bodies[0]);
        const wrong = awaitability === 'awaitable' ? !suffixed : awaitability === 'notAwaitable' ? suffixed : false;
        if (!wrong) continue;
        if (!suffixed && (ownConvention ??= leavesOutTheSuffix(suffixCensusOf(ctx.index, ctx.file)))) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        if (exemptReason(ctx, type, m, body, masked)) continue;
        const rename = suffixed ? m.name.replace(/Async$/, '') : `${m.name}Async`;
        findings.push({
          span: m.nameSpan,
          message: suffixed
            ? `${quoted(m.name)} ends in Async but returns ${quoted(m.typeText ?? 'void', 30)}, which cannot be awaited`
            : `${quoted(m.name)} returns an awaitable ${quoted(m.typeText ?? '', 30)} but does not end in Async`,
          note: 'Callers read the Async suffix to know a call must be awaited (the Task-based asynchronous pattern\'s naming convention).',
          ...(body ? { bodyId: body.id } : {}),
          fix: { title: `Rename to ${rename}`, safety: 'display-only', edits: [] },
        });
      }
    }
    return findings;
  },
};
