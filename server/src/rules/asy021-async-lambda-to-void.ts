/** ASY021 async-lambda-to-void: an async lambda or anonymous method given where a void-returning delegate is expected. */
import type { DelegateTarget, MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { stripGenerics, typeFamily, typesNamed } from '../workspace/index';
import { apiTypingFor, typeOfExpression } from '../workspace/typing';
import { VOID_CALLBACK_CONSTRUCTORS } from '../knowledge/voidCallbacks';
import { QUEUED_VOID_CALLBACKS } from '../knowledge/queuedCallbacks';
import { processEndingEvent } from '../knowledge/processEndingEvents';
import { taskHandlerEventType } from '../knowledge/taskHandlerEvents';
import { fileImportsNamespace } from './asy001-004-blocking-common';
import { definitionOf, resolveTypeText } from '../signatures/resolve';
import { applicableCandidates, bindByCount, callCandidates, delegateReturnOf, lambdaFitsCandidate, type CallCandidate, type CallCandidates, type DelegateReturn } from './callTargets';
import { escapingAwaits } from './callbackSlots';
import { maskCommentsAndStrings } from './sourceText';
import { withArticle } from './messageText';
import type { Rule, RuleContext, RuleFinding } from './types';
import { winFormsUiThreadSubscriptionReason } from './winFormsHandlers';
import { wpfHandledSentence, wpfHandledSubscriptionOf } from './wpfHandlers';
import { BLAZOR_RETHROW_NOTE, inBlazorComponent } from './contextFree';

const docs = `## What it does
Flags an async lambda or anonymous method that the compiler turns into an \`async void\` function because the
delegate type it is given returns void:
- an argument whose parameter is a void delegate in every overload the call can bind to: \`List<T>.ForEach\`,
  \`Parallel.ForEach\`, \`Array.ForEach\`, a workspace method taking an \`Action\`;
- a variable, field or property of a void delegate type (\`Action onSaved = async () => ...\`);
- a constructor argument of \`System.Threading.Timer\`, \`Thread\` or \`Progress<T>\`, or of a delegate type itself;
- an event subscription (\`button.Click += async (s, e) => ...\`).

The delegate type comes from the workspace's declarations and from the API signature database; an overload
taking a \`Func<Task>\` wins for an async lambda, so a call with such an overload is not reported. Event
subscriptions and timer or thread callbacks are handlers whose signature is fixed: like ASY020's handlers, they
are reported only when an await in them can throw with no \`catch\` that takes every exception (an await ASY020
counts as unable to fail, such as one of a workspace method whose whole body is such a try, does not). So are functions
given to a call that queues them and returns at once, never waiting for them, async or not
(\`SynchronizationContext.Post\` and a workspace context's override of it, \`ThreadPool.QueueUserWorkItem\`; the
table is knowledge/queuedCallbacks.ts); \`Send\`, which runs the function before it returns, is not one.
A lambda that declares its return type void itself (\`async void (_) => ...\`, C# 10) hides nothing: it is judged
as ASY020 judges an async void method handed over as a delegate, and reported only when an await can throw past
every \`catch\`. Where another function is reported though no exception of its awaits can escape it, the note and the
fix title say so and ask only for a method that takes a \`Func<Task>\`.
An event raised while the process shuts down (\`AppDomain.CurrentDomain.ProcessExit\`, from
knowledge/processEndingEvents.ts) is the exception: the process ends once its handlers return, and an async
handler returns at its first await that suspends, so one is reported whenever it awaits, whatever it catches.

## Why is this bad?
For the same lambda text, C# makes an \`async Task\` function where the target returns a task and an
\`async void\` one where it returns void, and nothing at the call shows which. An \`async void\` lambda returns
at its first await that suspends: \`ForEach\` moves on to the next item and returns before the work is done,
\`Parallel.ForEach\` finishes its "parallel" loop immediately, and an exception in the lambda is rethrown on the
synchronization context or the thread pool, which ends the process. A test whose assertion sits in such a
lambda passes even when the assertion fails. A lambda subscribed to an event inside a Windows Forms form or control
(\`button.Click += async (s, e) => ...\`) runs on the UI thread, whose context Windows Forms gives the exception to
\`Application.ThreadException\` (the application's handler, or a dialog that lets the user continue or quit): the
process goes on, the rest of the lambda does not run, and the finding is shown as information (as ASY020's handlers
of such a type are), unless the event has the name of one .NET raises on a pool thread (\`Elapsed\`, a
\`FileSystemWatcher\`'s \`Created\` or \`Changed\`, \`DoWork\`) or the workspace sets
\`UnhandledExceptionMode.ThrowException\`. So is one subscribed inside a WPF window or control (or a WPF XAML code-behind) where
the workspace's \`Application.DispatcherUnhandledException\` handler marks every exception handled, as ASY020's handlers
are. In a Blazor component the lambda runs on the renderer's synchronization
context, where an escaping exception ends the user's circuit in Blazor Server (not the process, and out of reach of an
error boundary); the note says so, and the finding stays a warning.

## Example
\`\`\`csharp
using System.Collections.Generic;
using System.Net.Http;
using System.Threading.Tasks;

public class Notifier
{
    private readonly HttpClient _http = new();

    public void NotifyAll(List<string> urls)
    {
        urls.ForEach(async url => await _http.PostAsync(url, null));
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Collections.Generic;
using System.Net.Http;
using System.Threading.Tasks;

public class Notifier
{
    private readonly HttpClient _http = new();

    public async Task NotifyAllAsync(List<string> urls)
    {
        foreach (var url in urls)
        {
            await _http.PostAsync(url, null);
        }
    }
}
\`\`\`

## Fix safety
**Display-only**: the fix depends on what the caller meant. For a call that runs the lambda per item
(\`ForEach\`, \`Parallel.For\`), a loop with \`await\` runs the items one after the other;
\`Task.WhenAll(items.Select(async x => ...))\` or \`Parallel.ForEachAsync\` runs them together and waits. An event
handler, and a callback that another library's call keeps and runs later (\`IOptionsMonitor.OnChange\`,
\`CancellationToken.Register\`), keeps its signature and catches its exceptions inside (a handler of
\`ProcessExit\` has to wait for its work instead, or the process ends first); the workspace's own method
can instead take a delegate that returns \`Task\` and await it. A delegate the code declares
itself (a variable, a field, a returned delegate) can have a type that returns \`Task\` and be awaited where it is
invoked.

## Limitations
- An argument's parameter type is known when the workspace declares the method or the signatures list it; a
  call on a receiver of unknown type is not reported. Overloads that take the lambda at the same position are
  all looked at, and one returning a value is enough to stay quiet. One whose delegate there takes another number
  of parameters than the lambda declares is not one the call can bind to; when none is left (the call binds to an
  extension method of the same name that the workspace declares, which is not looked for beside a workspace type's
  own methods), nothing is reported.
- Events are not in the signature database: an event the workspace does not declare is taken to have a
  void-returning handler type (\`EventHandler\`, as nearly all do), unless its name ends in \`Async\`, the suffix
  packages give their events of an \`AsyncEventHandler\`-like type (RabbitMQ.Client's \`ReceivedAsync\`), which is
  left alone, and except the events a table lists of package types whose handlers return a task
  (knowledge/taskHandlerEvents.ts: the SignalR client's \`HubConnection.Closed\`, \`Reconnecting\` and \`Reconnected\`,
  when the receiver's declared type is \`HubConnection\` and the file imports its namespace; Azure Storage Queues'
  \`QueueClientOptions.MessageDecodingFailed\`, an Azure.Core \`SyncAsyncEventHandler<T>\`). Another such event is
  still wrongly reported when its handler can throw. When the
  receiver's type is not known but the workspace declares events of the subscribed name, and every one of them takes
  handlers that return a task (\`event Func<SocketMessage, Task> MessageReceived\`, as in a documentation snippet
  whose \`client\` is not declared), the subscription is taken to be to one of those and is left alone.
- Constructors are not in the signature database either: only the ones in knowledge/voidCallbacks.ts and
  delegate types' own are known.
`;

export interface VoidTarget {
  /** What receives the function, for the message: "List<T>.ForEach takes an Action<T>". */
  description: string;
  /**
   * A handler of an event, a callback whose signature is fixed, or a function a call queues without waiting for it
   * (knowledge/queuedCallbacks.ts): reported only when an await can throw.
   */
  handler: boolean;
  /**
   * The event is raised as the process shuts down, which ends when its handlers return (knowledge/processEndingEvents.ts):
   * the handler is reported whenever it awaits, since catching its exceptions does not keep the process alive.
   */
  endsProcess?: string;
  /** The call it is an argument of binds only to workspace methods, whose parameter types the workspace can change. */
  workspaceCallee?: boolean;
}

/**
 * Why a lambda or anonymous method is converted to a delegate that returns void, or null when its delegate returns a
 * value or is unknown. ASY022 asks it for non-async lambdas whose expression body is a task (`i => SaveAsync(i)`);
 * `typedOnly` leaves out event subscriptions whose delegate type is not declared where it can be read.
 */
export function voidDelegateTargetOf(ctx: RuleContext, body: MethodBody, typedOnly: boolean): VoidTarget | null {
  const target = body.delegateTarget;
  if (!target) return null;
  if (typedOnly && target.kind === 'eventSubscription' && !(target.targetText && memberTypeOf(ctx, body, target.targetText))) return null;
  return voidTargetOf(ctx, body, target);
}

/**
 * Whether the workspace declares events named as the subscription's member (`client.ButtonExecuted` names
 * `ButtonExecuted`), at least one, and every one of them has a delegate type that returns a value.
 */
function workspaceEventsReturnValues(ctx: RuleContext, body: MethodBody, targetText: string): boolean {
  const name = /([A-Za-z_]\w*)\s*$/.exec(targetText)?.[1];
  if (!name) return false;
  const types = eventTypesNamed(ctx, name);
  return types.length > 0 && types.every((typeText) => delegateReturnOf(ctx, body, { typeText, type: null }, null) === 'value');
}

/** The declared types of the workspace's events named `name`, gathered once per index version. */
const eventTypesByIndex = new WeakMap<object, { version: number; byName: Map<string, string[]> }>();

function eventTypesNamed(ctx: RuleContext, name: string): string[] {
  let known = eventTypesByIndex.get(ctx.index);
  if (!known || known.version !== ctx.index.version) {
    const byName = new Map<string, string[]>();
    for (const refs of ctx.index.typesByName.values()) {
      for (const { type } of refs) {
        for (const m of type.members) {
          if (m.kind !== 'event' || !m.typeText) continue;
          const list = byName.get(m.name);
          if (list) list.push(m.typeText);
          else byName.set(m.name, [m.typeText]);
        }
      }
    }
    known = { version: ctx.index.version, byName };
    eventTypesByIndex.set(ctx.index, known);
  }
  return known.byName.get(name) ?? [];
}

/** Why the lambda becomes async void, or null when its delegate returns a value or is unknown. */
function voidTargetOf(ctx: RuleContext, body: MethodBody, target: DelegateTarget): VoidTarget | null {
  switch (target.kind) {
    case 'declaration': {
      if (!target.typeText) return null;
      const verdict = delegateReturnOf(ctx, body, { typeText: target.typeText, type: null }, null);
      return verdict === 'void' ? { description: `${target.targetText ? `${target.targetText} is` : 'it is converted to'} ${withArticle(target.typeText)}, which returns void`, handler: false } : null;
    }
    case 'return':
      return body.returnTypeText === 'void' ? { description: 'it is returned as a delegate that returns void', handler: false } : null;
    case 'assignment': {
      const typed = target.targetText ? memberTypeOf(ctx, body, target.targetText) : null;
      if (!typed) return null;
      return delegateReturnOf(ctx, body, { typeText: typed, type: null }, null) === 'void' ? { description: `${target.targetText} is ${withArticle(typed)}, which returns void`, handler: false } : null;
    }
    case 'eventSubscription': {
      if (target.operator !== '+=') return null;
      const ending = target.targetText ? processEndingEventOf(ctx, body, target.targetText) : null;
      if (ending) return { description: `it handles the event ${target.targetText}, whose handlers return void`, handler: true, endsProcess: ending };
      const typed = target.targetText ? memberTypeOf(ctx, body, target.targetText) : null;
      if (typed) {
        const verdict = delegateReturnOf(ctx, body, { typeText: typed, type: null }, null);
        return verdict === 'void' ? { description: `it handles ${target.targetText}, an event of type ${typed.replace(/\?$/, '')}, which returns void`, handler: true } : null;
      }
      // The event's type is not visible (another library's, not in the signatures): events return void by .NET's
      // design guidelines, except the asynchronous events that say so with the Task-based pattern's Async suffix and
      // take Task-returning handlers (RabbitMQ.Client 7's `ReceivedAsync`, an AsyncEventHandler<T>; MQTTnet 4's
      // `ApplicationMessageReceivedAsync`, a Func<T, Task>). An async lambda given to one of those is an async Task.
      if (target.targetText && /Async$/.test(target.targetText.trim())) return null;
      // `client.MessageReceived += async m => ...` where the client's type is not known here (a snippet, a receiver
      // the typing cannot follow) but the workspace declares events of that name, each with handlers that return a
      // task (`event Func<SocketMessage, Task> MessageReceived`): the subscription is to one of those.
      if (target.targetText && workspaceEventsReturnValues(ctx, body, target.targetText)) return null;
      return { description: `it handles the event ${target.targetText}, whose handlers return void`, handler: true };
    }
    case 'argument':
      return target.call ? argumentTarget(ctx, body, target) : null;
    default:
      return null;
  }
}

/** `AppDomain.CurrentDomain.ProcessExit` -> "ProcessExit" when the event is one the process ends after; null otherwise. */
function processEndingEventOf(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const m = /^(.+)\.\s*([A-Za-z_]\w*)$/s.exec(text.trim());
  if (!m) return null;
  const receiverType = typeOfExpression(m[1]!, body, ctx.model.bodies, ctx.index)?.typeText ?? null;
  const row = processEndingEvent(m[1]!, m[2]!, receiverType === null ? null : stripGenerics(receiverType));
  return row ? row.event : null;
}

/** The type of a variable, field, property or event the workspace declares (`_onSaved`, `worker.Completed`), or null. */
function memberTypeOf(ctx: RuleContext, body: MethodBody, text: string): string | null {
  const typed = typeOfExpression(text, body, ctx.model.bodies, ctx.index);
  if (typed) return typed.typeText;
  // Events are members the expression typing does not read.
  const m = /^(?:(.+)\.)?([A-Za-z_]\w*)$/.exec(text.trim());
  if (!m) return null;
  const owner = m[1] && m[1] !== 'this'
    ? typeOfExpression(m[1], body, ctx.model.bodies, ctx.index)?.typeText ?? null
    : bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return null;
  for (const name of typeFamily(ctx.index, stripGenerics(owner))) {
    for (const ref of typesNamed(ctx.index, name)) {
      const event = ref.type.members.find((x) => x.kind === 'event' && x.name === m[2]);
      if (event?.typeText) return event.typeText;
    }
  }
  // A package's event whose handlers return a task (the SignalR client's `connection.Closed`), which the signatures
  // do not hold.
  return taskHandlerEventType(owner, m[2]!, (ns) => fileImportsNamespace(ctx.index, ctx.file, ctx.model.usings, ns));
}

function argumentTarget(ctx: RuleContext, body: MethodBody, target: DelegateTarget): VoidTarget | null {
  const call = target.call!;
  if (call.kind === 'creation') return creationTarget(ctx, body, call.name, call.argumentIndex);
  const found = callCandidates(ctx, body, call);
  if (!found) return null;
  // A lambda that gives a value (an async lambda's task, an expression body that is a task) converts better to a
  // delegate that returns one than to a void delegate (C#'s better conversion target), so with NUnit's
  // `Assert.That(TestDelegate, ...)` beside `Assert.That<T>(ActualValueDelegate<T>, ...)` the compiler takes the
  // second. The lambda becomes void only when no overload that fits by count takes a value-returning delegate there.
  if (found.candidates.some((c) => takesValueDelegate(ctx, body, c, call, found))) return null;
  // An overload whose delegate there takes another number of parameters than the lambda declares is not the one the
  // call binds to; when none is left, the method it does bind to is one the candidates do not hold.
  const candidates = applicableCandidates(found, call).filter((c) => lambdaFitsCandidate(ctx, body, c, call.argumentTexts, call.argumentIndex, found.typing));
  if (candidates.length === 0) return null;
  const verdicts: { verdict: DelegateReturn; typeText: string; display: string }[] = [];
  for (const c of candidates) {
    const positions = bindByCount(c, call.argumentTexts);
    const index = positions?.[call.argumentIndex];
    const param = index === undefined ? undefined : c.parameters[index];
    if (!param) return null;
    verdicts.push({ verdict: delegateReturnOf(ctx, body, param, found.typing), typeText: param.typeText, display: c.display });
  }
  if (!verdicts.every((v) => v.verdict === 'void')) return null;
  const first = verdicts[0];
  const others = verdicts.length > 1 ? ` (in all ${verdicts.length} overloads it can bind to)` : '';
  // A call that queues the function and returns at once (SynchronizationContext.Post, ThreadPool.QueueUserWorkItem)
  // never waits for it, async or not: as for an event handler, only an exception escaping it makes async void worse.
  const queued = candidates.every((c) => queuesCallback(ctx, c, call.name));
  return { description: `${first.display} takes ${withArticle(first.typeText)} there${others}, which returns void`, handler: queued, workspaceCallee: candidates.every((c) => c.source === 'workspace') };
}

/** The candidate is a method of QUEUED_VOID_CALLBACKS, or a workspace override of one (a SynchronizationContext's Post). */
function queuesCallback(ctx: RuleContext, candidate: CallCandidate, name: string): boolean {
  const owner = candidate.display.slice(0, candidate.display.lastIndexOf('.'));
  return QUEUED_VOID_CALLBACKS.some((row) => row.member === name
    && (owner === row.type || (candidate.source === 'workspace' && typeFamily(ctx.index, owner).has(row.type))));
}

function takesValueDelegate(ctx: RuleContext, body: MethodBody, candidate: CallCandidate, call: NonNullable<DelegateTarget['call']>, found: CallCandidates): boolean {
  const index = bindByCount(candidate, call.argumentTexts)?.[call.argumentIndex];
  const param = index === undefined ? undefined : candidate.parameters[index];
  return !!param && delegateReturnOf(ctx, body, param, found.typing) === 'value';
}

/** `new Timer(async _ => ...)`, `new Action(async () => ...)`: constructors the signatures do not list. */
function creationTarget(ctx: RuleContext, body: MethodBody, typeText: string, argumentIndex: number): VoidTarget | null {
  const typing = apiTypingFor(body, ctx.model.bodies, ctx.index);
  if (typesNamed(ctx.index, typeText).length > 0) {
    const verdict = delegateReturnOf(ctx, body, { typeText, type: null }, typing);
    return verdict === 'void' && argumentIndex === 0 ? { description: `${typeText} is a delegate type that returns void`, handler: false } : null;
  }
  if (!typing) return null;
  const type = resolveTypeText(typing.api, typeText);
  const definition = type ? definitionOf(typing.api, type) : undefined;
  if (!type || !definition) return null;
  if (definition.kind === 'delegate') {
    return argumentIndex === 0 && delegateReturnOf(ctx, body, { typeText, type }, typing) === 'void'
      ? { description: `${typeText} is a delegate type that returns void`, handler: false }
      : null;
  }
  const row = VOID_CALLBACK_CONSTRUCTORS.find((r) => r.type === definition.fullName && r.argumentIndex === argumentIndex);
  return row ? { description: `the ${definition.name} constructor takes a ${row.delegate}, which returns void`, handler: true } : null;
}

/** `list.ForEach`, `Array.ForEach`, `Parallel.ForEach`, `Parallel.For`, `Parallel.Invoke`: calls that run the function once per item and return. */
function isIteration(call: NonNullable<DelegateTarget['call']>): boolean {
  if (call.kind !== 'invocation') return false;
  if (/ForEach$/.test(call.name)) return true;
  return (call.name === 'For' || call.name === 'Invoke') && /(?:^|\.)Parallel$/.test(call.receiver?.trim() ?? '');
}

/**
 * What to do instead, by where the lambda goes. Only a call that runs it per item can be replaced by a loop that
 * awaits; a callback another library's call keeps and calls later (`OnChange`, `Register`) has no caller that could
 * await it, so its exceptions must be caught inside, unless the callee is the workspace's own method, which can
 * take a delegate that returns Task; a delegate the code declares itself can return a Task instead.
 */
function fixTitleOf(target: DelegateTarget, found: VoidTarget, escapes: boolean): string {
  if (found.endsProcess) return 'Wait for the work inside the handler: the process ends when it returns';
  if (found.handler) return target.kind === 'argument' && target.call?.kind === 'invocation' ? 'Catch the exceptions inside the lambda' : 'Catch the exceptions inside the handler';
  if (target.kind === 'argument' && target.call?.kind === 'invocation') {
    if (isIteration(target.call)) return 'Await the work in a loop, or use an overload that takes a Func<Task>';
    // The workspace's own method can take a delegate that returns Task and await it; another's cannot be changed.
    // A lambda that already catches what its awaits throw is not told to.
    if (found.workspaceCallee) return `Let ${target.call.name} take a delegate that returns Task and await it${escapes ? ', or catch the exceptions inside the lambda' : ''}`;
    return escapes
      ? `${target.call.name} cannot await it: catch the exceptions inside the lambda, or use a method that takes a Func<Task>`
      : `${target.call.name} cannot await it: use a method that takes a Func<Task>`;
  }
  return 'Give the delegate a type that returns Task (Func<Task>) and await it where it is invoked';
}

/**
 * Whether the lambda declares its return type void itself (`async void (_) => ...`, C# 10's explicit lambda return
 * type). Then nothing is hidden: the text says it is async void, as an async void method handed over as a delegate
 * does, and it is judged as ASY020 judges such a method, reported only when an await can throw past every catch.
 */
function declaresVoid(text: string, body: MethodBody): boolean {
  return body.kind === 'lambda' && /^(?:(?:async|static)\s+)+void\s*\(/.test(text.slice(body.span.start, body.span.start + 40));
}

export const rule: Rule = {
  meta: {
    id: 'ASY021',
    name: 'async-lambda-to-void',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'display-only',
    equivalents: ['VSTHRD101', 'AsyncFixer03', 'MA0147'],
    summary: 'An async lambda given where a void-returning delegate is expected: it becomes async void.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of ctx.model.bodies) {
      if (!body.isAsync || body.hasSyntaxErrors || (body.kind !== 'lambda' && body.kind !== 'anonymousMethod')) continue;
      const target = body.delegateTarget;
      if (!target) continue;
      const voidTarget = voidTargetOf(ctx, body, target);
      if (!voidTarget) continue;
      const found = !voidTarget.endsProcess && declaresVoid(ctx.text, body) ? { ...voidTarget, handler: true } : voidTarget;
      // Whether an await's exception can escape every catch: a handler is reported only then, and the note of
      // another function says so only then.
      let escapes = true;
      if (found.endsProcess) {
        if (body.awaits.length === 0) continue;
      } else {
        masked ??= maskCommentsAndStrings(ctx.text);
        escapes = escapingAwaits(ctx, body, masked).length > 0;
        if (found.handler && !escapes) continue;
      }
      // A Windows Forms control's event runs on the UI thread, whose context hands the exception to Application.ThreadException.
      const uiThread = found.handler && !found.endsProcess && target.kind === 'eventSubscription' && target.targetText
        ? winFormsUiThreadSubscriptionReason(ctx, body, target.targetText) : null;
      // A WPF element's event runs on the UI thread too: where the application marks dispatcher exceptions handled, the process goes on.
      const wpfHandled = found.handler && !found.endsProcess && !uiThread && target.kind === 'eventSubscription' && target.targetText
        ? wpfHandledSubscriptionOf(ctx, body, target.targetText) : null;
      // In a Blazor component the exception goes to the renderer's context and ends the user's circuit, not the process.
      const blazor = inBlazorComponent(ctx, body);
      findings.push({
        span: body.nameSpan,
        message: `This async ${body.kind === 'lambda' ? 'lambda' : 'anonymous method'} becomes async void: its delegate returns void`,
        note: `It becomes async void because ${found.description}. ` + (found.endsProcess
          ? `The process ends once the ${found.endsProcess} handlers return, and this one returns at its first await that suspends: the work after that await may never run, whatever it catches. Wait for the work inside the handler.`
          : wpfHandled
          ? `${wpfHandledSentence(wpfHandled, 'lambda')} Catch it inside.`
          : uiThread
          ? `${uiThread}: an exception escaping one of its awaits is rethrown on the UI thread's context, and Windows Forms hands it to Application.ThreadException (the application's handler, or its own dialog that lets the user continue or quit), so the process goes on but the rest of the lambda does not run; catch it inside.`
          : found.handler
          ? `An exception escaping one of its awaits ${blazor ? BLAZOR_RETHROW_NOTE : 'is rethrown on the synchronization context or the thread pool and ends the process'}; catch it inside.`
          : escapes
          ? `Its caller does not wait for it (it returns at its first await that suspends), and an exception in it ${blazor ? `${BLAZOR_RETHROW_NOTE},` : 'ends the process'} instead of reaching the caller.`
          : 'Its caller does not wait for it: it returns at its first await that suspends (no exception of its awaits escapes it).'),
        bodyId: body.id,
        fix: { title: fixTitleOf(target, found, escapes), safety: 'display-only', edits: [] },
        ...(uiThread || wpfHandled ? { maxSeverity: { severity: 'information' as const, reason: 'the exception does not end the process' } } : {}),
      });
    }
    return findings;
  },
};
