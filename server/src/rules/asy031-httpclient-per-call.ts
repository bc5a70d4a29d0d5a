/** ASY031 httpclient-per-call: `new HttpClient()` in code that runs per call, kept only for that call. */
import type { MethodBody, ObjectCreation } from '../model/types';
import { bodyChain } from '../model/bodies';
import { bodyOf, methodsNamed, stripGenerics, typesNamed, usingsInScope } from '../workspace/index';
import { isTaskLike } from '../model/returnKind';
import { maskCommentsAndStrings } from './sourceText';
import type { Rule, RuleContext, RuleFinding } from './types';

const docs = `## What it does
Off by default (turn it on for services and web apps, where methods run per request). Flags
\`new HttpClient(...)\` in a method, local function, lambda or accessor when the client lives only for that call:
it is the resource of a \`using\`, or a local that is neither returned, stored in a field or property, nor handed
to an object that outlives the call. Left alone:
- clients created once: in a field or property initializer, a constructor (the instance's lifetime is the
  caller's decision), \`Main\` or top-level statements, a lambda given to \`Lazy<T>\`, \`AddSingleton\` or
  \`LazyInitializer\`;
- factories: a client that is returned, assigned to a field or property, or passed to an object creation
  (\`new GitHubApi(client)\`), a DI registration or a helper whose result is returned
  (\`return WithToken(client, token);\`, when the helper is not awaited and returns no task);
- a client built on a handler the method did not create (\`new HttpClient(_sharedHandler, disposeHandler: false)\`):
  the connection pool is the handler's, and it is shared;
- a client built on a handler the workspace declares that answers requests itself (a test's stub: it overrides
  \`SendAsync\` without calling \`base.SendAsync\`, and derives from \`HttpMessageHandler\` itself or overrides \`Send\`
  the same way): it opens no connection.

## Why is this bad?
Each \`HttpClient\` created with its own handler opens its own connection pool. Disposing it after one request
leaves its sockets in \`TIME_WAIT\` for up to four minutes; under load the machine runs out of ports
(\`SocketException: Only one usage of each socket address\`) and every request pays a new TCP and TLS handshake.
A shared (static or singleton) client, or \`IHttpClientFactory\`, reuses connections; the .NET guidance says so:
https://learn.microsoft.com/dotnet/fundamentals/networking/http/httpclient-guidelines

## Example
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

public class WeatherService
{
    public async Task<string> GetForecastAsync(string city)
    {
        using var client = new HttpClient();
        return await client.GetStringAsync("https://weather.example/" + city);
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

public class WeatherService
{
    private static readonly HttpClient Client = new HttpClient();

    public async Task<string> GetForecastAsync(string city)
    {
        return await Client.GetStringAsync("https://weather.example/" + city);
    }
}
\`\`\`

## Fix safety
**Display-only**: where the shared client should live (a static field, a singleton, \`IHttpClientFactory\`) and
what its settings are (base address, default headers, timeouts) is a design decision.

## Limitations
- A method called once (a command-line tool's one request, a setup routine) is reported like one called per
  request; suppress it there.
- Only \`System.Net.Http.HttpClient\` created with \`new\` is seen; a subclass or a helper that creates one is not.
- Test code is capped at \`asynclens.testCode.maxSeverity\`.
`;

/** HttpClient as written: the simple or the qualified name (a workspace type of the same name is not it). */
const HTTP_CLIENT = /^(?:global::)?(?:System\.Net\.Http\.)?HttpClient$/;

/**
 * Calls whose lambda runs once, so a client created in it is shared: Lazy<T>'s constructor, DI singletons and
 * LazyInitializer (https://learn.microsoft.com/dotnet/api/system.lazy-1,
 * https://learn.microsoft.com/dotnet/api/microsoft.extensions.dependencyinjection.servicecollectionserviceextensions.addsingleton,
 * https://learn.microsoft.com/dotnet/api/system.threading.lazyinitializer.ensureinitialized).
 */
const RUNS_ONCE = /^(?:Lazy|AddSingleton|TryAddSingleton|AddKeyedSingleton|TryAddKeyedSingleton|EnsureInitialized|GetOrAdd|GetOrCreate)$/;

/** Why the creation runs once (or the client outlives the call), or null when it is per call. */
function onceReason(ctx: RuleContext, body: MethodBody): string | null {
  for (const b of bodyChain(body, ctx.model.bodies)) {
    if (b.kind === 'constructor') return 'constructor';
    if (b.isEntryPoint || b.kind === 'topLevel') return 'entry point';
    if (b.isStatic && b.kind === 'accessor') return 'static accessor';
    const call = b.delegateTarget?.call;
    if (call && RUNS_ONCE.test(call.name.replace(/<.*$/, '').split('.').pop() ?? '')) return 'runs once';
  }
  return null;
}

/** The handler argument of `new HttpClient(handler, ...)` as written (by name or first by position), or undefined. */
function handlerArgument(creation: ObjectCreation): string | undefined {
  const args = creation.argumentTexts.map((a) => a.trim());
  const named = args.find((a) => /^handler\s*:/.test(a));
  const positional = args[0] && !/^@?\w+\s*:(?!:)/.test(args[0]) ? args[0] : undefined;
  return named?.replace(/^handler\s*:\s*/, '') ?? positional;
}

/** A handler argument the method did not create itself: the pool is someone else's and shared. */
function sharesHandler(masked: string, body: MethodBody, creation: ObjectCreation): boolean {
  const value = handlerArgument(creation);
  if (!value) return false;
  if (/^new\b/.test(value)) return false;
  if (!/^[\w.]+$/.test(value)) return true;
  // A local handler created in this body is as per-call as the client.
  const name = value.replace(/^this\./, '');
  const bodyText = body.bodySpan ? masked.slice(body.bodySpan.start, body.bodySpan.end) : '';
  return !new RegExp(`(?<![\\w.])${name}\\s*=\\s*new\\b`).test(bodyText) && !new RegExp(`\\b(?:var|\\w*Handler)\\s+${name}\\s*=\\s*new\\b`).test(bodyText);
}

/**
 * The type of a handler the method creates for the client, as written: `new HttpClient(new StubHandler())`, or a local
 * `var handler = new StubHandler(...)` (also `StubHandler handler = new(...)`) passed by name. Null otherwise.
 */
function createdHandlerType(masked: string, body: MethodBody, creation: ObjectCreation): string | null {
  const value = handlerArgument(creation);
  if (!value) return null;
  const inline = /^new\s+([A-Za-z_][\w.]*)/.exec(value);
  if (inline) return inline[1]!;
  if (!/^[A-Za-z_]\w*$/.test(value) || !body.bodySpan) return null;
  const bodyText = masked.slice(body.bodySpan.start, body.bodySpan.end);
  const m = new RegExp(`(?:\\b([A-Za-z_][\\w.]*)\\s+)?(?<![\\w.])${value}\\s*=\\s*new\\b\\s*([A-Za-z_][\\w.]*)?`).exec(bodyText);
  if (!m) return null;
  return m[2] ?? (m[1] && m[1] !== 'var' ? m[1] : null);
}

/**
 * Whether a workspace handler type answers requests itself and opens no connection: each declaration overrides
 * SendAsync without calling base.SendAsync (a stub that returns canned responses, or hands the request to a mocking
 * library), and the synchronous Send cannot reach a socket either: the type derives from HttpMessageHandler itself,
 * whose Send throws NotSupportedException unless overridden (dotnet/runtime HttpMessageHandler.cs; Send was added in
 * .NET 5), or it overrides Send without calling base.Send as well.
 */
function answersRequestsItself(ctx: RuleContext, typeText: string): boolean {
  // Only declarations the file can name: a package's handler of the same simple name (MockHttp's
  // MockHttpMessageHandler beside a test project's own) is not the workspace's.
  const inScope = new Set(usingsInScope(ctx.model, ctx.index, ctx.file));
  const refs = typesNamed(ctx.index, stripGenerics(typeText.split('.').pop()!));
  if (refs.length === 0 || !refs.every(({ type }) => inScope.has(type.fullName.slice(0, Math.max(0, type.fullName.lastIndexOf('.')))))) return false;
  return refs.every(({ file, type }) => {
    const overrides = (name: string) => type.members.filter((m) => m.kind === 'method' && m.name === name && m.bodyId !== null);
    const callsBase = (name: string) => overrides(name).some((m) => {
      const body = bodyOf(ctx.index, file, m.bodyId!);
      return !body || body.calls.some((c) => c.name === name && c.receiver?.trim() === 'base');
    });
    if (overrides('SendAsync').length === 0 || callsBase('SendAsync')) return false;
    const directBase = stripGenerics(type.baseTypes[0]?.split('.').pop() ?? '');
    return directBase === 'HttpMessageHandler' ? !callsBase('Send') : overrides('Send').length > 0 && !callsBase('Send');
  });
}

/** The local outlives the call: returned, stored, or handed to an object creation or registration. */
function escapes(ctx: RuleContext, masked: string, body: MethodBody, name: string): boolean {
  if (!body.bodySpan || !/^[A-Za-z_]\w*$/.test(name)) return true;
  const text = masked.slice(body.bodySpan.start, body.bodySpan.end);
  const n = `(?<![\\w.])${name}(?![\\w])`;
  if (new RegExp(`\\breturn\\s+${n}|=>\\s*${n}\\s*[;)]`).test(text)) return true;
  if (returnedThroughCall(ctx, text, n)) return true;
  if (new RegExp(`(?<![=!<>])=\\s*${n}\\s*[;,}]`).test(text)) return true;
  // `new GitHubApi(client)`, `new Wrapper { Http = client }`, `services.AddSingleton(client)`, `Clients.Add(client)`.
  if (new RegExp(`\\bnew\\s+[\\w.<>]+\\s*\\([^;]*${n}`).test(text)) return true;
  if (new RegExp(`\\.\\s*(?:Add\\w*|TryAdd\\w*|Register\\w*|Set\\w*|Enqueue|Push|GetOrAdd)\\s*(?:<[^;]*?>)?\\s*\\([^;]*${n}`).test(text)) return true;
  return false;
}

/**
 * `return Wrap(client, token);`: the client goes into what a factory helper builds and returns (a connection, an API
 * wrapper), so it outlives the call as `return new Wrapper(client)` does. An awaited call, or one to a method that
 * returns a task (by the Async suffix or its workspace declaration), only uses the client for the operation.
 */
function returnedThroughCall(ctx: RuleContext, text: string, n: string): boolean {
  const call = new RegExp(`\\breturn\\s+(?!await\\b)((?:[\\w]+\\s*\\.\\s*)*([A-Za-z_]\\w*))\\s*(?:<[^;()]*?>)?\\s*\\([^;]*${n}`, 'g');
  for (const m of text.matchAll(call)) {
    const callee = m[2]!;
    if (callee === 'new' || /Async$/.test(callee)) continue;
    const declared = methodsNamed(ctx.index, callee, null);
    if (declared.some((d) => d.member && isTaskLike(d.member.returnKind))) continue;
    return true;
  }
  return false;
}

export const rule: Rule = {
  meta: {
    id: 'ASY031',
    name: 'httpclient-per-call',
    category: 'correctness',
    // Off by default: on eight real repositories most per-call clients sat in methods that run once or rarely
    // (update checks, test setup, documentation snippets), where the advice is right but the harm is not there.
    defaultSeverity: 'off',
    fix: 'display-only',
    equivalents: [],
    summary: 'Off by default: a new HttpClient created for one call and dropped; each opens its own connections (socket exhaustion).',
    docs,
    cappedInTestCode: true,
  },
  check(ctx) {
    if (typesNamed(ctx.index, 'HttpClient').length > 0) return [];
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (body.hasSyntaxErrors || !body.creations?.length) continue;
      for (const creation of body.creations) {
        if (!HTTP_CLIENT.test(creation.typeText.replace(/\s+/g, ''))) continue;
        if (creation.destination !== 'local' && creation.destination !== 'discarded' && creation.destination !== 'other') continue;
        if (onceReason(ctx, body)) continue;
        masked ??= maskCommentsAndStrings(ctx.text);
        if (sharesHandler(masked, body, creation)) continue;
        // A client over a stub handler (a test's canned responses) opens no connection to leave in TIME_WAIT.
        const handlerType = createdHandlerType(masked, body, creation);
        if (handlerType && answersRequestsItself(ctx, handlerType)) continue;
        if (!creation.inUsing) {
          if (creation.destination !== 'local' || !creation.targetText) continue;
          if (escapes(ctx, masked, body, creation.targetText)) continue;
          // `var client = new HttpClient(); ... client.Dispose()` or nothing at all: per call either way.
        }
        findings.push({
          span: creation.span,
          message: creation.inUsing
            ? 'A new HttpClient for each call, disposed after it: share one or use IHttpClientFactory'
            : 'A new HttpClient for each call that nothing keeps: share one or use IHttpClientFactory',
          note: 'Every HttpClient with its own handler opens its own connections; dropping them per call leaves sockets in TIME_WAIT and can exhaust the ports under load, and each call pays a new TCP and TLS handshake.',
          bodyId: body.id,
          fix: { title: 'Use a shared HttpClient or IHttpClientFactory', safety: 'display-only', edits: [] },
        });
      }
    }
    return findings;
  },
};
