/** ASY025 cancellation-not-forwarded: a CancellationToken in scope is not passed to a callee that can take one. */
import type { CallSite, MethodBody, Span, TypeDeclaration } from '../model/types';
import { bodyChain } from '../model/bodies';
import { bodyOf, methodsNamed, typeFamily } from '../workspace/index';
import { csharpText } from '../signatures/typeText';
import { argumentNameOf, applicableCandidates, bindByCount, callCandidates, isCancellationTokenType, otherTargetsOf, type CallCandidate, type CandidateParameter, type OtherTargets } from './callTargets';
import { isAsyncContext, type Fix, type Rule, type RuleContext, type RuleFinding } from './types';
import { listed, quoted } from './messageText';
import { expressionResultOf } from './taskResults';
import { enclosingTypes } from '../model/enclosingTypes';
import { importsNamespace } from './asy001-004-blocking-common';
import { maskCommentsAndStrings } from './sourceText';
import { tryClausesOf } from './tryClauses';
import { loopWatchesToken, shortPauseOf } from './shortPauses';
import { typeOfExpression } from '../workspace/typing';
import { derivedMembersNamed } from '../workspace/completion';
import { hubAudienceOf, isHubSendType } from '../knowledge/hubAudiences';
import { throwingTokenOverloadOf, type ThrowingTokenOverload } from '../knowledge/throwingTokenOverloads';

const docs = `## What it does
Flags a call, in a function that has exactly one \`CancellationToken\` parameter, that passes no token although
the method it calls can take one: the overload it binds to has an optional \`CancellationToken\` parameter it
leaves out, or an overload with the same parameters plus a \`CancellationToken\` exists. In ASP.NET Core
controllers and Razor pages the request's token \`HttpContext.RequestAborted\` counts as in scope when the action
has no token parameter, and in SignalR hubs \`Context.ConnectionAborted\` (not in \`OnDisconnectedAsync\`, which runs
after the connection is aborted, when that token has already fired). ASP.NET 4.x's MVC controllers and ASP.NET
SignalR 2's hubs (a base named \`System.Web.Mvc.Controller\` or \`Microsoft.AspNet.SignalR.Hub\`, or a file that
imports \`System.Web.Mvc\` or \`Microsoft.AspNet.SignalR\` and not ASP.NET Core's namespace) have neither: their
\`HttpContext\` is an \`HttpContextBase\`, without \`RequestAborted\`, so only their methods' own token parameters count.

Overloads come from the workspace's declarations and the API signature database (.NET and common packages),
never from a method's name. Left alone: calls that already pass something token-like, calls on the token
itself, a sequence whose enumeration gets the token (\`ReadAllAsync().GetAsyncEnumerator(ct)\`,
\`Stream().WithCancellation(ct)\`), \`Task.Run\`/\`TaskFactory.StartNew\`/\`ContinueWith\` (their token only stops the work from being started),
\`TrySetCanceled\`/\`SetCanceled\` (their token says which token cancelled, a different meaning), calls that return
a token or a token source (\`var token = Linked();\` makes a token rather than doing cancellable work), functions
with several tokens in scope (which one to pass is a decision), calls in a block that catches the cancellation
(\`catch (OperationCanceledException)\`, \`TaskCanceledException\`, without a filter or with one that reads the token's
\`IsCancellationRequested\`), where the token has fired and passing it would cancel the clean-up or the drain the block
starts, and a call whose overload with the token is the
calling method itself: an overload that takes a token and delegates to the older one without it, kept for
compatibility (\`=> TransformAsync(context)\` inside \`TransformAsync(context, cancellationToken)\`), would call
itself forever with the token passed. Nor is a call whose overload with the token, declared in the workspace,
does other work and then calls the overload without it (\`OnConnected(host, token)\` queries the server, then
raises the event through \`OnConnected(host)\`): that overload is a larger operation built around this one, not
this one made cancellable, and passing the token would add its work. Nor is a call of a workspace method whose body
never reads the token parameter (not a virtual, abstract, override or interface method, whose other bodies may,
and not one with an inactive \`#if\` branch): passing the token there cancels nothing. Nor is an awaited
\`Task.Delay(...)\` right before a \`throw\` (\`await Task.Delay(2000); throw new BadRequestException(...);\` after a
failed password check): the delay is a penalty paid before failing, it holds a timer and no thread or connection,
and the token would only turn the failure the method means to report into a cancellation. Nor is a SignalR message
to other connections in a hub method or an action given no token (\`Clients.All.SendAsync(...)\`,
\`Clients.Group(room)\`, \`Clients.Others\`, \`_hub.Clients.Users(ids)\` from a controller): its recipients wait for it
whether or not the sender stays, and the sender's \`Context.ConnectionAborted\` or \`HttpContext.RequestAborted\` would
cancel it for every connection not yet written once the sender leaves. A message to \`Clients.Caller\` (or to
\`Clients.Client(Context.ConnectionId)\`) is reported, and so is any send in a method given a token of its own.

A token a method keeps is a lifetime, not the cancellation of one call: a method that assigns its token parameter to
a field or property, or links it into a token source it keeps there (\`_stopping =
CancellationTokenSource.CreateLinkedTokenSource(lifetime);\`), stops later work with it. Such a method's own calls
are not reported, and neither is a call of it (or, through an interface or a virtual member, of a method whose every
workspace implementation keeps it): a start-up \`BootstrapAsync(token)\` given a web request's token would stop the
services it starts when that request ends.

## Why is this bad?
When the caller gives up (the HTTP request is aborted, the host shuts down, a timeout fires), work that did not
get the token runs on: database queries, HTTP calls and delays finish for nobody, holding connections and
threads, and shutdown waits for them.

## Example
\`\`\`csharp
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public class PriceFeed
{
    private readonly HttpClient _http = new();

    public async Task<string> LatestAsync(CancellationToken cancellationToken)
    {
        return await _http.GetStringAsync("https://example.org/prices");
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

public class PriceFeed
{
    private readonly HttpClient _http = new();

    public async Task<string> LatestAsync(CancellationToken cancellationToken)
    {
        return await _http.GetStringAsync("https://example.org/prices", cancellationToken);
    }
}
\`\`\`

## Fix safety
The fix appends the token as the last argument (by name when named arguments precede it). It is **safe** when
the call then fills the optional token parameter of the method it already binds to, or binds to a .NET API's overload
with the same other parameters plus the token: the only change is that cancellation now reaches the callee. A
workspace method's overload with the token is another method, which may differ in more than the token (an actor
framework's \`RequestAsync(target, message)\` applies a default timeout, \`RequestAsync(target, message, token)\` none):
the fix is **unsafe** there, and its title says to check, unless the overload without the token only forwards to it
with no token (\`Foo(x) => Foo(x, CancellationToken.None)\`).
(The callee may then throw \`OperationCanceledException\` when the token fires, which is what the caller's token
asks for.) When the overload with the token is an interface's default body that throws \`NotSupportedException\` for
a token that can be cancelled unless the implementation supports one (Grpc.Core.Api's
\`IAsyncStreamWriter<T>.WriteAsync(T, CancellationToken)\`, which grpc-dotnet's own writers implement and a writer
that wraps another may not: knowledge/throwingTokenOverloads.ts), the finding is shown as **information** and the fix
is **unsafe**: only the author knows which writer is behind the interface. When the token would have to go elsewhere the fix is **display-only**. When the overload with the token
returns another type (UdpClient's \`ReceiveAsync()\` returns a \`Task<UdpReceiveResult>\`, \`ReceiveAsync(CancellationToken)\`
a \`ValueTask<UdpReceiveResult>\`) the fix is **unsafe** where the call is awaited in place, and **display-only** where its
result is kept or passed on (a \`ValueTask\` has no \`ContinueWith\` and is no argument of \`Task.WhenAny\`); the note
names both types. When the call passes values one by one to a \`params\` parameter and the overload with the token
takes a plain array there (EF Core's \`FindAsync(params object[] keyValues)\` beside \`FindAsync(object[] keyValues,
CancellationToken)\`), an appended token would bind as one more element of the params array: \`FindAsync(id, ct)\`
compiles and looks up a key of two values. The fix then writes the values as an array (\`FindAsync(new object[] { id },
ct)\`) and is **unsafe**, or **display-only** when an argument's type is not known (it may be the array itself) or
arguments are named.

A multi-targeting project is analysed for one target, but the file is built for every one. When the overload comes
from the API signatures and another target that compiles the call (one whose \`#if\` branches keep it) lacks it,
or is one whose API the signatures do not hold (.NET Standard, .NET Framework, .NET before 8), the fix is
**unsafe** and says which targets: the edit may not build there, and an \`#if\` may be needed. So is it when the
analysed target itself is one whose API the signatures do not hold (a project that targets only \`net48\`): the
overload was found in the newest .NET's API and may not exist there; the note says so. An overload known to have
come after .NET Framework (\`HttpContent.ReadAsStringAsync(CancellationToken)\` and HttpClient's
\`GetStringAsync(url, token)\` with .NET 5, \`TextReader.ReadToEndAsync(CancellationToken)\` with .NET 7,
\`Dns.GetHostAddressesAsync(host, token)\` with .NET 6: a table of them, each with its documentation page) is not
asked for when the analysed target lacks it, and another target that lacks it is named as one that does not have it.
One known to be as old as .NET Framework 4.5 and .NET Standard 2.0 (\`Task.Delay(ms, token)\`,
\`SemaphoreSlim.WaitAsync(token)\`, Stream's and HttpClient's token overloads: a second table) is taken to be there on
those targets, and the note does not doubt it.

## Limitations
- A callee on a receiver of unknown type is not looked at; nor is one whose overloads cannot be told apart by
  the arguments' known types.
- Only the function's own token parameters count: a lambda inside a method with a token is left alone unless it
  has a token parameter itself, since the lambda may run after the method's operation ended.
- A body that also declares a \`CancellationToken\` local (a linked or timeout token) is skipped: the local may be
  the token meant for its calls.
- A catch of the cancellation without a filter is taken to run after the function's token fired. Where the try
  block waits on a timeout of its own (a \`CancellationTokenSource\` it cancels after a delay), the catch may run
  with that token unfired, and a call there that should still stop with the caller is not reported.
- Another target's preprocessing symbols are the analysed target's with the framework's own swapped (\`NET\`,
  \`NETSTANDARD2_0\`...); a DefineConstants the project sets for one target only is read as the analysed target has it.
- A call that could take the request's token (\`HttpContext.RequestAborted\`, \`Context.ConnectionAborted\`) in an
  action or hub method given no token is shown as a hint (faint dots in the editor, out of the Problems panel), with
  the reason in its note, unless a severity is set for ASY025: passing it stops work nobody waits for once the client
  goes away, a saving rather than a defect (MA0040 reports it as information). A token parameter the function was given and does not pass on stays a warning.
  When the call writes (its name, or the name of the command it is sent, starts with a write verb: \`SaveChangesAsync\`,
  \`Send(new InsertCommentCommand { ... })\`), the reason adds that stopping mid-way may leave things worse than
  finishing, so leaving the token out can be the better choice (not for a SignalR hub's \`Groups.AddToGroupAsync\` or
  \`RemoveFromGroupAsync\`: a connection's group membership ends with the connection).
- A \`Task.Delay\` of a constant under 100 ms (\`Task.Delay(10)\`, a constant that holds one,
  \`TimeSpan.FromMilliseconds(20)\`) in a loop that watches the token itself (its condition, or its block besides the
  delay, mentions the token: \`while (!ct.IsCancellationRequested)\`, \`ct.ThrowIfCancellationRequested()\`, another
  call given it) is shown as a hint, with the reason: the token would cut at most that pause, and the loop stops at its
  next check. A longer pause, one whose length is not a constant, a loop that never looks at the token and a pause
  outside a loop keep the warning.
- Test code is capped at \`asynclens.testCode.maxSeverity\`, as blocking rules are.
`;

/** Callees whose token parameter means something else than "cancel this operation". */
const OTHER_MEANING = new Set(['TrySetCanceled', 'SetCanceled', 'CreateLinkedTokenSource', 'FromCanceled', 'ThrowIfCancellationRequested', 'Register', 'UnsafeRegister']);
/** Callees whose token only stops work from being started (the work itself never sees it). */
const SCHEDULING_ONLY = new Set(['Run', 'StartNew', 'ContinueWith']);

interface TokenInScope {
  /** What to pass: `cancellationToken`, `HttpContext.RequestAborted`. */
  text: string;
  /** Names an argument may use to pass it (the parameter's name, the property's). */
  mentions: RegExp;
  /** Whether it is the function's own token parameter or the request's (an action's `HttpContext.RequestAborted`). */
  source: 'parameter' | 'request';
}

function tokenInScope(ctx: RuleContext, body: MethodBody): TokenInScope | null {
  const tokens = body.parameters.filter((p) => isCancellationTokenType(p.typeText) && !/\?\s*$/.test(p.typeText ?? ''));
  if (tokens.length > 1) return null;
  if (body.locals.some((l) => isCancellationTokenType(l.typeText ?? l.inferredTypeText))) return null;
  // A token the function keeps in a field (directly or linked into a kept token source) is a lifetime it is handed,
  // not the cancellation of its own calls (model/keptTokens.ts).
  if (tokens.length === 1 && tokens[0].kept) return null;
  if (tokens.length === 1) return { text: tokens[0].name, mentions: new RegExp(`(?<![\\w.])${tokens[0].name}\\b`), source: 'parameter' };
  if (body.kind !== 'method' || body.isStatic || body.parameters.some((p) => /CancellationToken/.test(p.typeText ?? ''))) return null;
  // Only actions and handlers run for the request: a private helper of a controller may do cleanup that must
  // finish when the client goes away (deleting a partial file), and may be called from outside a request.
  if (!body.modifiers.includes('public') || body.attributes.some((a) => /^\s*(?:[\w.]+\.)?NonAction(?:Attribute)?\b/.test(a))) return null;
  const source = requestTokenOf(ctx, body);
  return source ? { text: source, mentions: new RegExp(source.replace(/\./g, '\\.')), source: 'request' } : null;
}

/**
 * A call that could take the request's token, in an action given none, is shown as a hint: the work it would stop is
 * a request nobody waits for any more, a saving worth having on long queries and calls, not a defect; the readers of
 * two seeded samples judged every such finding true and of little value (a primary-key lookup cancelled on abort
 * saves nothing), and a third, of the information findings the Problems panel listed, would have shown 10 of 11 not at
 * all (test/real-world/README.md, thirty-second session: point queries, a body already buffered, a backup better left
 * whole). Meziantou's MA0040, which finds the same token through the controller's HttpContext, reports at information
 * level. A token the function was given and drops stays a warning: its caller asked for cancellation.
 */
function requestTokenSeverity(token: TokenInScope, writes: string | null): { severity: 'hint'; reason: string } {
  const saving = `${token.text} is the request's token, not one the method was given: passing it stops work nobody waits for once the client goes away, a saving rather than a defect`;
  return { severity: 'hint', reason: writes === null ? saving : `${saving}; and ${writes} writes, where stopping mid-way may leave things worse than finishing, so leaving the token out can be the better choice` };
}

/**
 * Verbs that name a write, at the start of a method's name (`SaveChangesAsync`, `DeleteCustomersAsync`,
 * `ExecuteUpdateAsync`) or of the command a dispatcher is sent (`Send(new InsertCommentCommand { ... })`): the names
 * data-access and mediator code bases give the operations that change state. The sixth seeded reading of the
 * forty-first session found a comment's insert, followed by its notification, told to take the request's token.
 */
const WRITE_VERBS = ['Insert', 'Update', 'Upsert', 'Delete', 'Remove', 'Add', 'Create', 'Save', 'Commit', 'Place', 'Execute(?:Update|Delete)'];
const WRITE_NAME = new RegExp(`^(?:${WRITE_VERBS.join('|')})(?![a-z])`);

/**
 * What the call writes, for the request token's reason, or null: the call's own name starts with a write verb, or its
 * only argument creates a command whose type name does (`Send(new InsertNewsCommentCommand { ... })`).
 */
function writingCallOf(call: CallSite): string | null {
  if (isGroupMembershipOfConnection(call)) return null;
  if (WRITE_NAME.test(call.name)) return quoted(call.name);
  if (call.argumentTexts.length !== 1) return null;
  const command = /^new\s+(?:[\w.]*\.)?([A-Z]\w*)\s*[({]/.exec(call.argumentTexts[0].trim())?.[1];
  return command && WRITE_NAME.test(command) ? `the command ${quoted(command)}` : null;
}

/**
 * `Groups.AddToGroupAsync(...)` and `Groups.RemoveFromGroupAsync(...)` of a SignalR hub: a group's membership lives
 * only as long as the connection, which is removed from its groups when it disconnects
 * (https://learn.microsoft.com/aspnet/core/signalr/groups), so a change cut short by the connection's own abort leaves
 * nothing behind that matters. Their names start with write verbs, and the reason must not claim otherwise.
 */
function isGroupMembershipOfConnection(call: CallSite): boolean {
  return /^(?:AddToGroup|RemoveFromGroup)Async$/.test(call.name) && /(?:^|\.)Groups$/.test(call.receiver?.replace(/\s+/g, '') ?? '');
}

/**
 * A short constant pause (shortPauses.ts: under SHORT_PAUSE_MS) in a loop that watches the token itself is shown as a
 * hint: the token would cut at most those milliseconds, and the loop stops at its next check. The sixth seeded reading
 * of the forty-first session found a 10 ms back-off in couchbase's config-push loop, whose condition reads the token,
 * reported as a warning.
 */
function shortPauseSeverity(token: TokenInScope, ms: number): { severity: 'hint'; reason: string } {
  return { severity: 'hint', reason: `the pause is ${ms} ms in a loop that checks ${token.text} itself, so passing the token would cut at most that pause, and the loop stops at its next check` };
}

/** `HttpContext.RequestAborted` in a controller or Razor page, `Context.ConnectionAborted` in a SignalR hub. */
function requestTokenOf(ctx: RuleContext, body: MethodBody): string | null {
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return null;
  const declaration = enclosingTypes(ctx.model.types, body.span).find((t) => t.name === owner);
  const family = typeFamily(ctx.index, owner);
  const bases = declaration ? declaration.baseTypes.map((b) => b.replace(/<.*$/, '').split('.').pop()!) : [];
  const all = new Set([...family, ...bases]);
  if (all.has('ControllerBase') || all.has('Controller') || all.has('PageModel') || hasAttribute(declaration, 'ApiController')) {
    return isSystemWebType(ctx, declaration, 'System.Web.Mvc') ? null : 'HttpContext.RequestAborted';
  }
  if (all.has('Hub')) return isHubDisconnectHandler(body) || isSystemWebType(ctx, declaration, 'Microsoft.AspNet.SignalR') ? null : 'Context.ConnectionAborted';
  return null;
}

/**
 * Whether the controller or hub is ASP.NET 4.x's, not ASP.NET Core's: its base is named with the namespace, or the
 * file imports that namespace (its own using, a global one, or its project's `<Using>`) and not ASP.NET Core's. MVC 5's
 * `Controller` (System.Web.Mvc) has an HttpContextBase, which has no RequestAborted
 * (https://learn.microsoft.com/dotnet/api/system.web.httpcontextbase), and ASP.NET SignalR 2's `Hub`
 * (Microsoft.AspNet.SignalR) a HubCallerContext without ConnectionAborted
 * (https://learn.microsoft.com/aspnet/signalr/overview/guide-to-the-api/hubs-api-guide-server): there is no request token to pass, and
 * naming one would not compile.
 */
function isSystemWebType(ctx: RuleContext, declaration: TypeDeclaration | undefined, namespace: string): boolean {
  if (declaration?.baseTypes.some((b) => b.replace(/\s+/g, '').replace(/^global::/, '').startsWith(`${namespace}.`))) return true;
  const core = namespace === 'System.Web.Mvc' ? 'Microsoft.AspNetCore.Mvc' : 'Microsoft.AspNetCore.SignalR';
  return importsNamespace(ctx, namespace) && !importsNamespace(ctx, core);
}

/**
 * A hub's OnDisconnectedAsync runs after the connection is gone: HubConnectionHandler aborts the connection, which
 * fires ConnectionAborted, before it calls the hub ("Ensure the connection is aborted before firing disconnect",
 * dotnet/aspnetcore src/SignalR/server/Core/src/HubConnectionHandler.cs). Passing that token to the cleanup calls
 * there would cancel them at once.
 */
function isHubDisconnectHandler(body: MethodBody): boolean {
  return body.name === 'OnDisconnectedAsync' && body.modifiers.includes('override');
}

function hasAttribute(type: TypeDeclaration | undefined, name: string): boolean {
  return !!type && type.attributes.some((a) => new RegExp(`^(?:[\\w.]+\\.)?${name}(?:Attribute)?\\b`).test(a.trim()));
}

/**
 * A call that hands back a token (`var token = Linked();` with an optional token parameter) makes one rather than
 * doing cancellable work: MA0040 reported it and fixed that (meziantou/Meziantou.Analyzer#586).
 */
function returnsToken(ctx: RuleContext, body: MethodBody, call: CallSite): boolean {
  const result = expressionResultOf(ctx, body, ctx.text.slice(call.span.start, call.span.end));
  return isCancellationTokenType(result.typeText) || /(?:^|\.)CancellationTokenSource$/.test(result.typeText ?? '');
}

function passesSomeToken(call: CallSite, token: TokenInScope): boolean {
  return call.argumentTexts.some((a) => token.mentions.test(a) || /CancellationToken|\bToken\b|\.Token\b|RequestAborted|ConnectionAborted|ApplicationStopping|\bct\b|[Cc]ancel/.test(a));
}

/** Async enumeration's two ways to hand a token to an IAsyncEnumerable after it was created. */
const ENUMERATION_TOKEN_CALLS = new Set(['WithCancellation', 'GetAsyncEnumerator']);

/**
 * `reader.ReadAllAsync().GetAsyncEnumerator(ct)` or `Stream().WithCancellation(ct)`: the token reaches the
 * enumeration through the enumerator (an async iterator sees it through its [EnumeratorCancellation] parameter), so
 * the call that creates the sequence needs none. When the enumerator call itself lacks the token, that call is the
 * one reported: the token goes there.
 */
function enumeratedWithToken(ctx: RuleContext, body: MethodBody, call: CallSite): boolean {
  const created = ctx.text.slice(call.span.start, call.span.end).replace(/\s+/g, '');
  return body.calls.some((c) => {
    if (!ENUMERATION_TOKEN_CALLS.has(c.name) || c.receiver === null) return false;
    const receiver = c.receiver.replace(/\s+/g, '');
    return receiver === created || (receiver.startsWith(created) && /^\.ConfigureAwait\([^()]*\)$/.test(receiver.slice(created.length)));
  });
}

/**
 * `gate.Wait()` or `task.Wait()` in async code: ASY001/ASY002 report the wait, and their fix (an await of
 * WaitAsync) is where the token belongs; a token added to the blocking call would keep the thread blocked.
 */
function isBlockingWaitInAsync(ctx: RuleContext, body: MethodBody, call: CallSite): boolean {
  return BLOCKING_WAITS.has(call.name) && isAsyncContext(ctx, body);
}
const BLOCKING_WAITS = new Set(['Wait', 'WaitAll', 'WaitAny', 'WaitOne']);

/** The exceptions a cancelled token throws (OperationCanceledException and the one Task-based APIs throw). */
const CANCELLATION_EXCEPTION = /^(?:global::)?(?:System\.)?(?:Threading\.Tasks\.)?(?:OperationCanceledException|TaskCanceledException)$/;

/**
 * The blocks of \`body\` that run once the token in scope has fired: catches of a cancellation exception without a
 * filter, or with one that asks the token itself whether it fired (\`when (ct.IsCancellationRequested)\`). Code there
 * reacts to the cancellation (it stops a consumer, drains a queue, logs, tells the peer), and the token passed to it
 * would cancel that work before it starts: the caller asked the operation to stop, not its clean-up. A filter that
 * reads the token negated (\`!ct.IsCancellationRequested\`, a timeout of its own) or reads something else leaves the
 * token unfired there, and the block is not one of these.
 */
function blocksAfterCancellation(masked: string, body: MethodBody, token: TokenInScope): Span[] {
  if (!body.bodySpan) return [];
  const text = masked.slice(body.bodySpan.start, body.bodySpan.end);
  const blocks: Span[] = [];
  for (const m of text.matchAll(/(?<![\w.@])try\b/g)) {
    const clauses = tryClausesOf(masked, { start: body.bodySpan.start + m.index!, end: body.bodySpan.end });
    for (const c of clauses?.catches ?? []) {
      if (!c.typeText || !CANCELLATION_EXCEPTION.test(c.typeText.replace(/\s+/g, ''))) continue;
      if (c.filter && !asksTokenWhetherFired(masked.slice(c.filter.start, c.filter.end), token)) continue;
      blocks.push(c.block);
    }
  }
  return blocks;
}

/** A catch filter that reads the token's \`IsCancellationRequested\` (\`ex.CancellationToken == ct\` too), not negated. */
function asksTokenWhetherFired(filter: string, token: TokenInScope): boolean {
  const name = token.text.replace(/\./g, '\\.');
  const fired = new RegExp(`(?<![!\\w.])${name}\\s*\\.\\s*IsCancellationRequested\\b|\\.CancellationToken\\s*==\\s*${name}\\b|(?<![!\\w.])${name}\\s*==\\s*\\w+\\.CancellationToken\\b`);
  const negated = new RegExp(`!\\s*\\(?\\s*${name}\\s*\\.\\s*IsCancellationRequested\\b|${name}\\s*\\.\\s*IsCancellationRequested\\s*(?:==\\s*false|is\\s+false)`);
  return fired.test(filter) && !negated.test(filter);
}

/**
 * `await Task.Delay(...)` whose statement the next one follows with `throw`: a penalty paid before failing (a
 * verification that failed waits before it answers, to slow down guessing). Cancelling it frees only a timer, and a
 * cancelled delay would throw OperationCanceledException in place of the failure the method reports.
 */
function isPenaltyBeforeThrow(masked: string, call: CallSite): boolean {
  if (call.name !== 'Delay' || !/^(?:(?:global::)?System\.Threading\.Tasks\.)?Task$/.test((call.receiver ?? '').replace(/\s+/g, ''))) return false;
  if (!/\bawait\s*$/.test(masked.slice(Math.max(0, call.span.start - 64), call.span.start))) return false;
  return /^\s*(?:\.\s*ConfigureAwait\s*\([^()]*\)\s*)?;\s*throw\b/.test(masked.slice(call.span.end, call.span.end + 256));
}

/**
 * A SignalR message sent to connections other than the caller's (`Clients.All.SendAsync(...)`, `Clients.Group(room)`,
 * `_hub.Clients.Users(ids)`: knowledge/hubAudiences.ts): its recipients wait for it whether or not the sender stays.
 * The request's or the connection's token would cancel it for every connection not yet written once the sender goes
 * away, so it is no work "nobody waits for". A message to `Clients.Caller` is the sender's own and is still reported.
 */
function sendsToOtherConnections(call: CallSite, overload: Overload): boolean {
  const declaringType = overload.candidate.api?.method.declaringType ?? overload.candidate.declaringType;
  if (!declaringType || !isHubSendType(declaringType)) return false;
  const audience = call.receiver === null ? null : hubAudienceOf(call.receiver);
  return audience !== null && !audience.callerOnly;
}

/** `Task.Delay(0)`, `gate.Wait(0)`, `WaitAsync(0)`, `Wait(TimeSpan.Zero)`: a zero wait never waits, so there is nothing to cancel. */
function isZeroWait(call: CallSite): boolean {
  return (call.name === 'Delay' || call.name === 'Wait' || call.name === 'WaitAsync') && call.argumentTexts.length >= 1 && /^(?:0|(?:System\.)?TimeSpan\.Zero)$/.test(call.argumentTexts[0].trim());
}

interface Overload {
  candidate: CallCandidate;
  parameter: CandidateParameter;
  /** The token goes last by name (`cancellationToken: ct`): named arguments come before it, or it is not the next positional parameter. */
  byName: boolean;
  kind: 'optional' | 'overload';
  /** The method the call binds to today (for 'optional', the same as `candidate`). */
  bound: CallCandidate;
  /**
   * The sibling overload returns another type than the one the call binds to today (UdpClient's `ReceiveAsync()` a
   * `Task<UdpReceiveResult>`, `ReceiveAsync(CancellationToken)` a `ValueTask<UdpReceiveResult>`): null when they match
   * or either is not known.
   */
  returnsInstead: { before: string; after: string } | null;
  /**
   * The call binds to a `params` parameter where the overload with the token takes a plain array (EF Core's
   * `FindAsync(params object[] keyValues)` beside `FindAsync(object[] keyValues, CancellationToken)`): how the
   * arguments given there reach it. Null when no such parameter takes part.
   */
  paramsArguments: ParamsArguments | null;
}

/**
 * How a call passes the arguments of a `params` parameter: one by one (`FindAsync(id)`, expanded form), which the
 * overload with the token takes only as an array; as the array itself (`FindAsync(keys)`, normal form), where the
 * token simply follows; or in a way not known here (an argument of unknown type).
 */
type ParamsArguments = { form: 'expanded'; parameter: string; first: number; elementType: string } | { form: 'array' } | { form: 'unknown'; parameter: string };

const sameTypes = (a: CandidateParameter, b: CandidateParameter) => (a.type && b.type ? csharpText(a.type, { qualified: true }) === csharpText(b.type, { qualified: true }) : a.typeText.replace(/\s+/g, '') === b.typeText.replace(/\s+/g, ''));

/** The overload that takes a token for this call, or null: the bound one's optional token, or a sibling with one more. */
function tokenOverloadOf(ctx: RuleContext, body: MethodBody, call: CallSite): Overload | null {
  const found = callCandidates(ctx, body, call);
  if (!found) return null;
  const bound = applicableCandidates(found, call);
  if (bound.length !== 1) return null;
  const chosen = bound[0];
  const positions = bindByCount(chosen, call.argumentTexts)!;
  if (positions.some((i) => isCancellationTokenType(chosen.parameters[i]?.typeText))) return null;
  const hasNamed = call.argumentTexts.some((a) => argumentNameOf(a) !== null);
  const optional = chosen.parameters.findIndex((p, i) => p.optional && isCancellationTokenType(p.typeText) && !positions.includes(i));
  if (optional !== -1) {
    // Appended by name when it is not the next positional parameter.
    return { candidate: chosen, parameter: chosen.parameters[optional], byName: hasNamed || optional !== call.argumentTexts.length, kind: 'optional', bound: chosen, returnsInstead: null, paramsArguments: null };
  }
  // A sibling overload: the same parameters for the arguments given, and a token where the next argument goes.
  for (const other of found.candidates) {
    if (other === chosen) continue;
    const withToken = [...call.argumentTexts, '__token__'];
    const otherPositions = bindByCount(other, withToken);
    if (!otherPositions) continue;
    const tokenParam = other.parameters[otherPositions[otherPositions.length - 1]];
    if (!tokenParam || !isCancellationTokenType(tokenParam.typeText)) continue;
    const same = positions.every((p, k) => {
      const mine = chosen.parameters[p];
      const theirs = other.parameters[otherPositions[k]];
      return !!mine && !!theirs && sameTypes(mine, theirs);
    });
    if (same) return { candidate: other, parameter: tokenParam, byName: hasNamed, kind: 'overload', bound: chosen, returnsInstead: returnTypeChange(chosen, other), paramsArguments: paramsArgumentsOf(ctx, body, call, chosen, positions, other, otherPositions) };
  }
  return null;
}

/**
 * How the call passes the arguments that the bound overload's `params` parameter receives, when the overload with the
 * token has a plain array there; null otherwise. Appending the token to arguments passed one by one would not reach
 * the other overload: C# binds it as one more element of the params array (`FindAsync(id, ct)` looks up a key of two
 * values and throws at run time), so the arguments must become an array first. One argument is the array itself when
 * it is written as one or typed as one.
 */
function paramsArgumentsOf(ctx: RuleContext, body: MethodBody, call: CallSite, chosen: CallCandidate, positions: readonly number[], other: CallCandidate, otherPositions: readonly number[]): ParamsArguments | null {
  const index = chosen.parameters.findIndex((p) => p.isParams);
  if (index === -1) return null;
  const given = positions.flatMap((p, k) => (p === index ? [k] : []));
  if (given.length === 0 || given.some((k) => other.parameters[otherPositions[k]]?.isParams)) return null;
  const parameter = chosen.parameters[index].name;
  const elementType = elementTypeOf(chosen.parameters[index].typeText);
  if (given.length > 1) return elementType ? { form: 'expanded', parameter, first: given[0], elementType } : { form: 'unknown', parameter };
  const text = call.argumentTexts[given[0]].trim();
  if (/^(?:new\b[^({]*\[\s*\]|new\s*\[\s*\]|\[)/.test(text) || /^(?:Array\.Empty\b|Enumerable\.Empty\b)/.test(text)) return { form: 'array' };
  const typed = typeOfExpression(text, body, ctx.model.bodies, ctx.index);
  if (!typed || !elementType) return { form: 'unknown', parameter };
  return /\]\??$/.test(typed.typeText.replace(/\s+/g, '')) ? { form: 'array' } : { form: 'expanded', parameter, first: given[0], elementType };
}

/** `params object[]` or `object?[]?` -> `object`: the type of the array's elements, for `new T[] { ... }`. */
function elementTypeOf(typeText: string): string | null {
  const match = /^(?:params\s+)?(.+?)\s*\[\s*\]\??$/.exec(typeText.trim());
  return match ? match[1].replace(/\?$/, '') : null;
}

/** The two overloads' return types when both are known and differ (whitespace aside). */
function returnTypeChange(chosen: CallCandidate, other: CallCandidate): { before: string; after: string } | null {
  const before = chosen.returnTypeText;
  const after = other.returnTypeText;
  if (!before || !after || before.replace(/\s+/g, '') === after.replace(/\s+/g, '')) return null;
  return { before, after };
}

/**
 * The overload that takes the token is the method this call sits in (on this object): passing the token would
 * turn a delegation to the token-less overload into a call of itself, which never returns. Through \`base.\` or
 * another receiver the call reaches a different method, so it is not this case.
 */
function isCallingMethodItself(ctx: RuleContext, body: MethodBody, call: CallSite, candidate: CallCandidate): boolean {
  const receiver = call.receiver?.trim() ?? null;
  if (receiver !== null && receiver !== 'this') return false;
  return candidate.declaration?.file === ctx.file && candidate.declaration.bodyId === body.id;
}

/**
 * The workspace overload with the token does other work and then calls the overload this call binds to (by this
 * name, with as many arguments, on its own object): it is not that operation made cancellable but a larger one
 * built around it (a synchronous `OnConnected(host, token)` that queries the server and then raises the event
 * through `OnConnected(host)`). Passing the token would add that work, and the token-less call inside would still
 * not get the token. An overload that only forwards (`=> FormatAsync(invoice, output)`) is left to the other checks.
 */
function wrapsTheCalledOverload(ctx: RuleContext, call: CallSite, overload: Overload): boolean {
  const declaration = overload.candidate.declaration;
  if (overload.kind !== 'overload' || !declaration) return false;
  const ref = methodsNamed(ctx.index, call.name, null).find((m) => m.file === declaration.file && m.body?.id === declaration.bodyId);
  const target = ref?.body;
  if (!target) return false;
  const inner = target.calls.filter((c) => c.name === call.name && (c.receiver === null || c.receiver.trim() === 'this') && c.argumentTexts.length === call.argumentTexts.length);
  return inner.length > 0 && target.calls.length > inner.length;
}

/** Modifiers that let another body run for the call: an override elsewhere, or no body here at all. */
const DISPATCHED = new Set(['virtual', 'abstract', 'override', 'extern']);

/**
 * The workspace method body a call to this candidate runs, when it is the only one that can: a method with code, not
 * an interface's member nor a virtual, abstract, override or extern one (whose overrides and implementations may run
 * instead); null otherwise.
 */
function bodyTheCallRuns(ctx: RuleContext, candidate: CallCandidate): { body: MethodBody; file: string } | null {
  const declaration = candidate.declaration;
  if (!declaration) return null;
  const target = bodyOf(ctx.index, declaration.file, declaration.bodyId);
  if (!target || target.kind !== 'method' || target.hasSyntaxErrors || target.bodySpan === null) return null;
  if (target.containingTypeKind === 'interface' || target.modifiers.some((m) => DISPATCHED.has(m))) return null;
  return { body: target, file: declaration.file };
}

/**
 * The workspace method that would take the token never reads it: its body, nested functions included, does not
 * mention the parameter (`CreateStream(binding, info, options, CancellationToken cancellationToken = default)` that
 * builds a stream object and ignores the token). Passing the token there cancels nothing, so the call is no
 * operation left running after the caller gave up. Only a body that is the one the call runs counts: not a virtual,
 * abstract or override method, nor an interface's, whose overrides and implementations may read it; and not one
 * with code in an inactive `#if` branch, where another target's code may read it.
 */
function ignoresTheToken(ctx: RuleContext, overload: Overload): boolean {
  const runs = bodyTheCallRuns(ctx, overload.candidate);
  if (!runs) return false;
  const target = runs.body;
  const parameter = target.parameters.find((p) => p.name === overload.parameter.name);
  if (!parameter || parameter.referenced) return false;
  const inactive = ctx.index.files.get(runs.file)?.inactiveCode ?? [];
  return !inactive.some((s) => s.start < target.span.end && target.span.start < s.end);
}

/**
 * Every workspace body the call with the token may run keeps the token beyond the call (model/keptTokens.ts): a
 * `BootstrapAsync(token)` that links it into the token source that stops the services it starts. The token is then a
 * lifetime, not "cancel this call", and the caller's own token (a request's) would stop those services when the
 * caller ends. Through an interface or a virtual member the workspace's implementations and overrides are read; at
 * least one must have a body, and each one with a body must keep the parameter at the token's place.
 */
function keepsTheToken(ctx: RuleContext, overload: Overload, name: string): boolean {
  const candidate = overload.candidate;
  if (candidate.source !== 'workspace') return false;
  const place = candidate.parameters.indexOf(overload.parameter);
  if (place < 0) return false;
  const passed = (b: MethodBody) => b.parameters.filter((p) => !p.modifiers.includes('this'));
  const declared = candidate.declaration ? bodyOf(ctx.index, candidate.declaration.file, candidate.declaration.bodyId) : null;
  // An interface's member has no body: its implementations are what the call runs. So are a virtual member's overrides.
  const dispatched = declared ? declared.containingTypeKind === 'interface' || declared.modifiers.some((m) => DISPATCHED.has(m)) : true;
  const owner = declared?.containingType ?? candidate.declaringType ?? null;
  const others = dispatched && owner ? derivedMembersNamed(ctx.index, owner, name).map((m) => m.body) : [];
  const withCode = [declared, ...others].filter((b): b is MethodBody => !!b && !b.modifiers.includes('abstract') && passed(b).length === candidate.parameters.length);
  return withCode.length > 0 && withCode.every((b) => passed(b)[place]?.kept === true);
}

/**
 * Whether the call, given the token, does what it did before with cancellation added. An optional token of the same
 * method does, and so does a .NET API's token overload (the framework's overloads differ only by the token, as its
 * design guidelines ask). A workspace overload is another method: it may differ in more than the token (an actor
 * framework's `RequestAsync(target, message)` that applies a default timeout, beside `RequestAsync(target, message,
 * token)` that applies none), so only one whose token-less sibling just forwards to it with no token
 * (`Foo(x) => Foo(x, CancellationToken.None)`) counts.
 */
function sameBehaviourGivenToken(ctx: RuleContext, overload: Overload): boolean {
  if (overload.kind === 'optional' || overload.candidate.source === 'api') return true;
  const target = bodyTheCallRuns(ctx, overload.bound)?.body;
  if (!target) return false;
  // Its only call is to the overload with the token: every parameter passed on in order, then no token.
  if (target.calls.length !== 1 || target.awaits.length > 1) return false;
  const forward = target.calls[0];
  const passed = forward.argumentTexts.map((a) => a.replace(/^\w+\s*:\s*/, '').trim());
  const names = target.parameters.map((p) => p.name);
  const sibling = forward.receiver === null || /^(?:this|base)$/.test(forward.receiver.trim());
  return sibling && forward.name === target.name && passed.length === names.length + 1 && names.every((n, i) => passed[i] === n) && NO_TOKEN.test(passed[names.length]);
}

/** The ways to write "no token". */
const NO_TOKEN = /^(?:default|default\((?:System\.Threading\.)?CancellationToken\)|(?:global::)?(?:System\.Threading\.)?CancellationToken\.None)$/;

function fixFor(ctx: RuleContext, call: CallSite, overload: Overload, token: TokenInScope, elsewhere: OtherTargets): Fix {
  const close = ctx.text.lastIndexOf(')', call.span.end - 1);
  if (close < call.span.start || ctx.text[close] !== ')') return { title: `Pass ${token.text}`, safety: 'display-only', edits: [] };
  const argument = overload.byName ? `${overload.parameter.name}: ${token.text}` : token.text;
  const newText = call.argumentTexts.length === 0 ? argument : `, ${argument}`;
  const spread = overload.paramsArguments;
  if (spread && spread.form !== 'array') return paramsArrayFix(ctx, call, token, spread, close);
  // The overload with the token returns another type. Awaited in place, the result is what it was only when both are
  // awaitables of one result type, which the edit does not check; kept or passed on (`ContinueWith`, `Task.WhenAny`),
  // the code around it must change too.
  if (overload.returnsInstead) {
    const edit = { start: close, end: close, newText };
    return call.usage === 'awaited'
      ? { title: `Pass ${token.text} (the overload returns ${overload.returnsInstead.after})`, safety: 'unsafe', edits: [edit] }
      : { title: `Pass ${token.text} (the overload returns ${overload.returnsInstead.after}, and the result is used as ${overload.returnsInstead.before})`, safety: 'display-only', edits: [] };
  }
  // The file is also compiled for targets that lack the overload, or whose API nothing here describes: the edit
  // may break their build, so it is offered, not applied on its own.
  const unchecked = [...elsewhere.lacking, ...elsewhere.unknown];
  if (unchecked.length > 0) return { title: `Pass ${token.text} (the project also targets ${listed(unchecked)})`, safety: 'unsafe', edits: [{ start: close, end: close, newText }] };
  if (elsewhere.analysedUnknown) return { title: `Pass ${token.text} (if ${elsewhere.analysedUnknown} has this overload)`, safety: 'unsafe', edits: [{ start: close, end: close, newText }] };
  if (!sameBehaviourGivenToken(ctx, overload)) return { title: `Pass ${token.text} (another overload of ${overload.candidate.display}: check it differs only by the token)`, safety: 'unsafe', edits: [{ start: close, end: close, newText }] };
  return { title: `Pass ${token.text}`, safety: 'safe', edits: [{ start: close, end: close, newText }] };
}

/**
 * The fix for arguments passed one by one to a `params` parameter: they become the array the overload with the token
 * takes (`FindAsync(new object[] { id }, ct)`), written over the argument list. Only positional arguments are
 * rewritten; with named ones, or arguments of unknown type, the fix is shown, not applied.
 */
function paramsArrayFix(ctx: RuleContext, call: CallSite, token: TokenInScope, spread: Exclude<ParamsArguments, { form: 'array' }>, close: number): Fix {
  const title = `Pass ${spread.parameter} as an array, then ${token.text}`;
  const open = ctx.text.indexOf('(', call.nameSpan.end);
  const named = call.argumentTexts.some((a) => argumentNameOf(a) !== null);
  if (spread.form !== 'expanded' || named || open === -1 || open > close) return { title, safety: 'display-only', edits: [] };
  const args = call.argumentTexts.map((a) => a.trim());
  const array = `new ${spread.elementType}[] { ${args.slice(spread.first).join(', ')} }`;
  const newText = [...args.slice(0, spread.first), array, token.text].join(', ');
  return { title, safety: 'unsafe', edits: [{ start: open + 1, end: close, newText }] };
}

/** What the note adds when the overload with the token returns another type. */
function returnTypeNote(overload: Overload): string {
  const change = overload.returnsInstead;
  return change ? ` That overload returns ${change.after} where this call returns ${change.before}: code that uses the result as ${change.before} must change with it.` : '';
}

/** What the note adds when the arguments go to a `params` parameter one by one. */
function paramsNote(overload: Overload): string {
  const spread = overload.paramsArguments;
  if (!spread || spread.form === 'array') return '';
  return ` That overload takes ${spread.parameter} as an array: appended to the values passed one by one, the token would bind as one more element of the params array, so the values go into an array first.`;
}

/**
 * The knowledge/throwingTokenOverloads.ts row of the overload that takes the token, when it is an interface's default
 * body that throws for a token that can be cancelled unless the implementation supports one.
 */
function throwingOverloadOf(candidate: CallCandidate): ThrowingTokenOverload | undefined {
  const owner = candidate.api?.owner;
  return owner?.kind === 'named' ? throwingTokenOverloadOf(owner.name, candidate.api!.method.name) : undefined;
}

/** What the note adds when the overload with the token may throw NotSupportedException. */
function throwingOverloadNote(throwing: ThrowingTokenOverload | undefined): string {
  return throwing
    ? ` That overload is the interface's default body, which throws NotSupportedException for a token that can be cancelled unless the implementation supports it: ${throwing.supportedBy}. Pass the token only where the writer is one of those.`
    : '';
}

/** The fix, applied only by hand: the edit compiles, but may throw at run time for the implementation behind the call. */
function asUnsafe(fix: Fix, throwing: ThrowingTokenOverload): Fix {
  return fix.safety === 'safe' ? { ...fix, title: `${fix.title} (if the writer supports it: ${throwing.type.replace(/`\d+$/, '').split('.').pop()} throws otherwise)`, safety: 'unsafe' } : fix;
}

/** What the note adds when the project's other targets may not have the overload. */
function otherTargetsNote(elsewhere: OtherTargets): string {
  let note = '';
  const { lacking, unknown, analysedUnknown } = elsewhere;
  if (analysedUnknown) note += ` The project targets ${analysedUnknown}, whose APIs the signatures do not hold: the overload was found in the newest .NET's, and may be missing there.`;
  if (lacking.length > 0) note += ` The project also targets ${listed(lacking)}, which ${lacking.length === 1 ? 'does' : 'do'} not have this overload: pass the token under an #if for the targets that do.`;
  if (unknown.length > 0) note += ` The project also targets ${listed(unknown)}, whose APIs the signatures do not hold: this overload may be missing there, and passing the token may then need an #if.`;
  return note;
}

export const rule: Rule = {
  meta: {
    id: 'ASY025',
    name: 'cancellation-not-forwarded',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'safe',
    equivalents: ['CA2016', 'MA0040', 'MA0032'],
    summary: 'A CancellationToken in scope is not passed to a callee that has an overload or optional parameter taking one.',
    docs,
    cappedInTestCode: true,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    // The file's text without comments and strings, made at the first body that needs it and shared by the rest.
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors || body.calls.length === 0) continue;
      const token = tokenInScope(ctx, body);
      if (!token) continue;
      let afterCancellation: Span[] | null = null;
      for (const call of body.calls) {
        if (call.inNameof || OTHER_MEANING.has(call.name) || SCHEDULING_ONLY.has(call.name)) continue;
        if (call.receiver !== null && token.mentions.test(call.receiver)) continue;
        if (passesSomeToken(call, token)) continue;
        if (isBlockingWaitInAsync(ctx, body, call) || isZeroWait(call)) continue;
        if (isPenaltyBeforeThrow((masked ??= maskCommentsAndStrings(ctx.text)), call)) continue;
        if (enumeratedWithToken(ctx, body, call)) continue;
        const overload = tokenOverloadOf(ctx, body, call);
        if (!overload || returnsToken(ctx, body, call) || isCallingMethodItself(ctx, body, call, overload.candidate)) continue;
        if (wrapsTheCalledOverload(ctx, call, overload) || ignoresTheToken(ctx, overload) || keepsTheToken(ctx, overload, call.name)) continue;
        if (token.source === 'request' && sendsToOtherConnections(call, overload)) continue;
        afterCancellation ??= blocksAfterCancellation((masked ??= maskCommentsAndStrings(ctx.text)), body, token);
        if (afterCancellation.some((b) => b.start < call.span.start && call.span.end <= b.end)) continue;
        const elsewhere = otherTargetsOf(ctx, overload.candidate, call.nameSpan.start);
        // The analysed target has no such overload (.NET Framework's HttpContent reads take no token): nothing to pass it to.
        if (elsewhere.analysedLacking) continue;
        const throwing = throwingOverloadOf(overload.candidate);
        const pause = shortPauseOf(ctx, body, call);
        const shortPause = pause !== null && loopWatchesToken((masked ??= maskCommentsAndStrings(ctx.text)), body, call, token.mentions) ? pause : null;
        findings.push({
          span: { start: call.nameSpan.start, end: call.span.end },
          message: `${quoted(call.name)} can take a CancellationToken but is not given ${quoted(token.text)}`,
          note: (overload.kind === 'optional'
            ? `${overload.candidate.display} has an optional ${overload.parameter.name} parameter; without it the operation runs on after the caller is cancelled.`
            : `${overload.candidate.display} has an overload with a ${overload.parameter.name} parameter; without it the operation runs on after the caller is cancelled.`)
            + returnTypeNote(overload) + paramsNote(overload) + otherTargetsNote(elsewhere) + throwingOverloadNote(throwing),
          bodyId: body.id,
          fix: throwing ? asUnsafe(fixFor(ctx, call, overload, token, elsewhere), throwing) : fixFor(ctx, call, overload, token, elsewhere),
          ...(throwing ? { maxSeverity: { severity: 'information' as const, reason: `the overload that takes the token throws unless the writer behind ${throwing.type.replace(/`\d+$/, '')} implements it` } }
            : shortPause !== null ? { maxSeverity: shortPauseSeverity(token, shortPause) }
            : token.source === 'request' ? { maxSeverity: requestTokenSeverity(token, writingCallOf(call)) } : {}),
        });
      }
    }
    return findings;
  },
};
