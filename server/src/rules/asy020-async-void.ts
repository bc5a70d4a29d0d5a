/** ASY020 async-void: an `async void` method or local function that could return Task, or an async void handler whose await can throw unhandled. */
import { stopsEveryExceptionAlways } from '../model/soleStatements';
import type { CallSite, MethodBody, SuspensionPoint } from '../model/types';
import { bodyChain, isPrivateMember } from '../model/bodies';
import { callbackSlotOf, escapingAwaits, type CallbackSlot } from './callbackSlots';
import { voidDelegateTargetOf } from './asy021-async-lambda-to-void';
import { lineNumberAt, maskCommentsAndStrings } from './sourceText';
import { asyncBodies, type Fix, type Rule, type RuleContext, type RuleFinding } from './types';
import { memberInSentence, quoted } from './messageText';
import { firstPassingCatch } from './tryClauses';
import { BLAZOR_RETHROW_NOTE, inBlazorComponent } from './contextFree';
import { rethrowsIntoOwnPump } from './ownContextPumps';
import { winFormsUiThreadHandlerReason } from './winFormsHandlers';
import { wpfHandledSentence, wpfHandledUiThreadOf, type WpfHandledUiThread } from './wpfHandlers';
import { asyncVoidTestVerdict } from './asyncVoidTests';
import { stripGenerics, typesNamed } from '../workspace/index';
import { firstNames } from '../project/proseLists';
import { typeOfExpression } from '../workspace/typing';
import { mayPersistJobs } from '../knowledge/persistedJobs';
import { TASK_HANDLER_EVENTS } from '../knowledge/taskHandlerEvents';
import { callCandidates } from './callTargets';
import { TASK_DELEGATE_STARTS } from '../knowledge/taskDelegateStarts';

const docs = `## What it does
Flags an \`async void\` method or local function. Where the signature is the function's own choice, every one is
reported: it should return \`Task\`. Where someone else fixed the signature, the function is reported only when
one of its awaits can throw without a \`catch\` around it that takes every exception:
- an event handler: two parameters, the second an \`EventArgs\` (or derived: \`RoutedEventArgs\`,
  \`ElapsedEventArgs\`), \`(object, object)\` as WinUI's \`DispatcherTimer.Tick\` has, or \`(object sender, T e)\`
  for an \`EventHandler<T>\` whose \`T\` is no EventArgs;
- an \`override\` (\`protected override async void OnAppearing()\`) or an implementation of an interface or base
  member (\`ICommand.Execute\`);
- a public method of a type that lists an interface neither the workspace nor the signature database declares (a
  package's, WinRT's \`IBackgroundTask\`): it may implement that interface's member, whose signature it would then
  keep;
- the implementation of a partial method, whose other declaration fixes its signature: often a source generator's
  hook, such as the \`partial void OnNameChanged(string value)\` CommunityToolkit.Mvvm's \`[ObservableProperty]\`
  generates and calls from the property's setter, where "Return Task" would not compile;
- a function handed over as a delegate somewhere in its file: \`+= OnTick\`, \`new Timer(OnTick, ...)\`,
  \`new RelayCommand(Refresh)\`, or wrapped in a lambda that only calls it and is itself given where a void
  delegate goes (\`new Timer(_ => Tick(), ...)\`, \`+= (s, e) => Refresh()\`, or on the lambda's parameter when the
  call hands \`this\` over as its state: \`ThreadPool.UnsafeQueueUserWorkItem(static s => s.Loop(), this, false)\`):
  returning Task there would only
  hand the task to a lambda that drops it; or a lambda that passes its parameters on to it, given to a call
  neither the workspace nor the signature database declares (\`Subscribe<T>(callback => OnLicenseList(bot,
  callback))\` of a package's callback manager), as a method group given there would be, but not a Hangfire job's
  expression nor SignalR's \`HubConnection.On\`, which also take task-returning functions; or a delegate another file of its partial type creates of it (the Windows
  Forms designer's \`new ColorButton.ColorChangedEventHandler(this.OnColorChanged)\` in \`Form1.Designer.cs\`).
  A method group given to \`Task.Run\` or \`Task.Factory.StartNew\`
  does not count: both also take a function that returns a task, so the method could return \`Task\` and be started
  the same way (Task.Run then hands back a task that completes, or faults, with it).
- a private or internal method (or, in an application or a library nobody publishes, a method of any access, which
  only the workspace calls), or a local function, whose every call is in code that could not await it: a method or
  local function that is not async and returns void or a value that is not a task (\`IDisposable Listen(...)\`, which
  starts an accept loop and returns its stopper), a constructor, an accessor, a lambda given where a void delegate
  goes (\`Moved += (_, _) => Redraw()\`), or any call inside a \`lock\` statement, where C# forbids await (a send
  worker started once under its queue's lock); the calls of such a method's name anywhere in the workspace count, the
  function's calls of itself (an accept loop that starts the next accept) say nothing either way, and every mention in
  its file must be such a call. Returning Task would only hand those callers a task to drop, so the
  method is their fire-and-forget as an event handler is its event's. Not in a Blazor component, whose markup's
  EventCallback awaits the Task a handler returns; not when any caller is async or could hand the task on.

An await that cannot fail does not count: \`Task.Yield()\`, a completed or \`FromResult\` task, \`Task.Delay\` of a
constant, non-negative delay without a token (a debounce's \`await Task.Delay(100)\`) or with one inside a \`try\` whose
catch takes \`OperationCanceledException\` or \`TaskCanceledException\` without a filter (a polling loop's wait, which
can only be cancelled), or with one awaited with \`ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing)\`, which
ends the await quietly when the token fires (the infinite \`Timeout.InfiniteTimeSpan\` counts as constant there: a
shutdown wait in a catch), a Blazor component's own
render request (\`await InvokeAsync(StateHasChanged)\`: the renderer handles what rendering throws itself), an Avalonia
primitive that practically never faults: \`DragDrop.DoDragDrop\` (it hands back the drop effect), \`RunAsync\` of an
\`Animation\` the method creates that does not loop (it completes, with a result, also when cancelled), a storage
picker of the window's own \`StorageProvider\` (it hands back an empty list when the user cancels); not
\`Dispatcher.UIThread.InvokeAsync\`, whose task ends with what its callback throws, nor WinUI's \`ContentDialog
.ShowAsync\` (a second open dialog throws) or file pickers (a desktop app's picker without its window handle throws);
and a call
of a workspace method that cannot fault: an async method whose whole body is one \`try\` with a \`catch\` that takes
every exception and throws again only when the caller passes an argument the call leaves out (\`if (rethrowFor is null
|| ...) { ... } else throw;\`, \`rethrowFor\` defaulting to null), or a method whose only statement awaits (or, not
async, returns) a call of such a method, each argument a lambda, a name, a literal or \`typeof\`. The call's receiver
must not throw either: none, \`this\` or a type; or a local, parameter, field or auto-property that an \`if\` around
the await tests for null (\`if (Animation != null) await Animation.Begin();\`), a variable a type pattern of such an
\`if\` declares (\`if (DataContext is PageModel model) await model.PasteAsync();\`), a local created with \`new\`, a
readonly field of a type written without \`?\` (a service a constructor was handed), a static singleton of a workspace
type read by the type's name (\`Shell.Instance\`: a readonly field or getter-only auto-property created with \`new\`
where it is declared, or a property that reads one, itself or through a \`Lazy<T>\`'s \`Value\`), or any of those when the
method is an extension method (a null receiver is its argument, and its catch stops what that
causes). A virtual or interface method counts when only the workspace can implement it (its types are not public)
and every override or implementation the workspace holds cannot fault. Before that \`try\` the method may set
fields of its own type to literals or the UTC clock's time, clear a readonly list, dictionary or set field created
where it is declared, and leave while a field is set, returning nothing or a literal (\`_isLoading = true;\`,
\`_rows.Clear();\`, \`if (_busy) return;\`, \`if (!_ready) return false;\`); after it, and in its \`finally\`, it
may do the same but leave, and end with \`return\` of a literal: none of that can throw. Its \`finally\` may also hold
statements that run only as a \`bool\` parameter says (\`if (shutdown) Stop();\`), when the call passes the literal
that skips them (\`await Shell.Instance.ExitAsync(false)\`) or leaves the parameter to a default that does, and calls,
alone or under a null test of a value, of synchronous workspace methods whose whole body is such a try
(\`if (Watcher.Current is not null) Quietly.Run(() => Watcher.Current.Enabled = true);\`). When such awaits come first, the note names the first await that can throw.

Async lambdas given to a void delegate are ASY021's.

## Why is this bad?
Nobody can await an \`async void\` function: its caller goes on before it finishes, cannot know when it has, and
cannot catch what it throws. The compiler's builder rethrows an exception that escapes it on the
\`SynchronizationContext\` it started on, or on the thread pool when there was none; WPF, WinUI, MAUI and the
thread pool all end the process on such an exception by default, and Blazor Server ends the user's circuit
(a component's handler runs on its renderer's context; the note says which). Windows Forms hands an exception thrown
on its UI thread's context to \`Application.ThreadException\`: the application's handler, or a dialog that lets the
user continue or quit. The process goes on there, but the rest of the handler does not run (a button it disabled
stays disabled), so a handler of a Windows Forms form or control (its type derives from \`Form\`, or from
\`UserControl\` or \`Control\` in a file that imports \`System.Windows.Forms\`) is shown as information, with a
note that says so, unless the workspace sets \`UnhandledExceptionMode.ThrowException\` or its event arguments are of
an event .NET raises on a pool thread (a \`FileSystemWatcher\`'s, a \`System.Timers.Timer\`'s). That holds for every
signature someone else fixed, not only an event handler's: an override, an interface member, and a method subscribed
to an event of a custom void delegate or \`Action<T>\` (a component's \`DeleteRequested\`, a hotkey event), unless its
file hands the method to a timer, a thread or the pool (\`new Timer(Poll, ...)\`, \`ThreadPool.QueueUserWorkItem\`,
\`new Thread(...)\`, \`Parallel\`, \`ContinueWith\`), which run it without the UI thread's context. WPF raises what a
posted callback throws as \`Application.DispatcherUnhandledException\`, whose handler can set \`Handled\` and keep the
process alive: where a method of the workspace takes its \`DispatcherUnhandledExceptionEventArgs\` and sets
\`e.Handled = true\` on every path (in its body or a \`finally\`), a handler of a WPF \`Window\`, \`UserControl\`, \`Page\`
or \`Control\`, of the same fixed signatures, is shown as information too. Without such a handler WPF ends the
process, and the warning stays. A test method's caller is its
framework: NUnit and MSTest do not run an \`async void\` test, and xUnit.net v2 waits for one through a
SynchronizationContext of its own but v3 no longer runs them, so a test's message and note say what its framework does.

Event handlers and callbacks of void delegates have no choice of return type, which is why the peers' blanket
reports there were argued away (vs-threading issues 447 and 720). What still matters in them is the crash, so
this rule reports exactly the handlers where an await can throw past every \`catch\`.

## Example
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

public class InventoryView
{
    private readonly HttpClient _http = new();
    public string Stock { get; private set; } = "";

    public async void Refresh()
    {
        Stock = await _http.GetStringAsync("https://example.org/stock");
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.Net.Http;
using System.Threading.Tasks;

public class InventoryView
{
    private readonly HttpClient _http = new();
    public string Stock { get; private set; } = "";

    public async Task Refresh()
    {
        Stock = await _http.GetStringAsync("https://example.org/stock");
    }
}
\`\`\`

For an event handler, keep \`void\` and catch what the awaits throw:

\`\`\`csharp
private async void OnRefreshClicked(object sender, EventArgs e)
{
    try
    {
        await RefreshAsync();
    }
    catch (Exception ex)
    {
        ShowError(ex);
    }
}
\`\`\`

## Fix safety
For a function that may return \`Task\`, the fix changes \`void\` to \`Task\` (\`System.Threading.Tasks.Task\` when
the file mentions no \`Task\`). It is **unsafe**: every caller now receives a task it should await (ASY022
reports those that drop it), a delegate the function was converted to may no longer accept it, and a test
framework starts running as a \`Task\` a test it used to leave out or wait for through its own context.

For an event handler or another fixed signature, the fix is **display-only**: wrap the body in \`try\`/\`catch\`
and decide what to do with the exception (show it, log it); no mechanical choice is right for every app.

## Limitations
- Whether a type derives from \`EventArgs\` is read from its name, the workspace's declarations and the API
  signatures; a handler whose argument type is none of these and not named \`...EventArgs\` counts as a plain
  method, unless its first parameter is the event pattern's \`object sender\` (\`EventHandler<T>\` takes any \`T\`
  since .NET Framework 4.5).
- An implicit implementation of an interface member is recognised when the workspace or the signatures declare
  the interface; a member of an interface from a package the signatures do not cover counts as the method's own.
- "Handed over as a delegate" means the name appears in the same file without a call after it, or is the only
  call of a lambda in the same type whose delegate type is known to return void (as ASY021 reads it), or a delegate
  created of it (\`new Handler(this.Method)\`) in another file of its partial type; another file's subscription
  without \`new\` (\`+= this.Method\`) is not seen, nor one in XAML, but XAML handlers have an event handler's
  signature.
- A fire-and-forget helper is not reported: an \`async void\` method that awaits only \`Task\` or \`ValueTask\`
  parameters, each inside a \`try\` whose \`catch\` takes every exception (\`static async void Forget(this Task
  task)\`). Callers call it so that nobody awaits, and what it awaits cannot escape it.
- A workspace method that cannot fault is judged only when the call binds to it directly, or dispatches to members
  of types that are not public, whose every override or implementation the workspace holds: through a public
  interface or virtual member, code outside the workspace may implement it otherwise (an assembly that references
  this one, a test double). A field or property tested for null is taken to stay set until the await (another
  thread could clear it in between), and a readonly field of a non-nullable type to have been set by its
  constructor (one handed a null would be the constructor's caller's defect). Its \`finally\` runs outside every catch,
  so a try with one counts only when the finally holds such statements; a method that returns the task of a try
  without awaiting it does not count. Statements before the try count only as those field writes, clears and guards
  on a field: a property (\`Title = "";\`), another call, a list field that may be null or the local clock
  (\`DateTime.Now\`) could run code that throws, and a field another part of a partial type declares is not seen.
- A handler a workspace \`SynchronizationContext\` posts to itself (\`Post(RunFunction, null)\` in a class deriving
  from it, the shape of the RunSync helpers that pump continuations on the calling thread) is not reported when each
  escaping await's catch stores the exception in a member before throwing it again (\`_caughtException =
  ExceptionDispatchInfo.Capture(exception);\`): the context's own loop throws the recorded exception to its caller,
  and what the catch throws again goes back to that context. That the loop does so, and that it sets itself as the
  current context while it runs, is taken on trust.
- A Windows Forms (or WPF) handler is taken to run on the UI thread from its type and how its signature is fixed: an
  event raised from a background thread (a custom event a worker raises) is not told apart, nor a method handed to a
  call that runs it on the pool other than the known ones (a library's own background callback), nor an interface
  member a worker calls. A continuation given a UI scheduler (\`ContinueWith(..., TaskScheduler
  .FromCurrentSynchronizationContext())\`) keeps the warning.
- A \`catch\` that takes every exception protects the awaits in its \`try\` even when its own code may throw; a
  \`catch\` with a \`when\` filter or one that contains a \`throw\` does not count as taking every exception.
- An \`async void\` method whose signature is its own is reported even when its whole body is a \`try\` whose catch
  takes every exception: callers still cannot wait for it (a shutdown path may end the process before it finishes).
  Its message then says only that, not that its exceptions escape.
`;

function lineOf(ctx: RuleContext, offset: number): number {
  return lineNumberAt(ctx.text, offset);
}

function describe(body: MethodBody): string {
  return body.kind === 'localFunction' ? `Local function ${body.name}` : body.name;
}

/**
 * A lambda in the function's type whose whole body is a call of it, given where a void delegate goes (ASY021's
 * reading of the lambda's target): `new Timer(_ => Tick(), null, period, period)`. The lambda only drops the
 * delegate's arguments, so the function is that delegate's callback as much as in `new Timer(Tick)`, and a Task
 * it returned would go to a lambda that throws it away. The lambda must not be async (`async _ => await Tick()`
 * would not compile with a void Tick anyway).
 */
function lambdaCallbackSlotOf(ctx: RuleContext, body: MethodBody): CallbackSlot | null {
  const owner = containingTypeOf(ctx, body);
  for (const lambda of ctx.model.bodies) {
    if ((lambda.kind !== 'lambda' && lambda.kind !== 'anonymousMethod') || lambda.isAsync || !lambda.bodySpan) continue;
    const call = soleCallOf(ctx, lambda);
    if (!call || call.name !== body.name || !callsOnOwnInstance(lambda, call)) continue;
    if (containingTypeOf(ctx, lambda) !== owner) continue;
    const target = voidDelegateTargetOf(ctx, lambda, true);
    if (target) return { kind: 'callback', reason: `it is the whole body of the lambda on line ${lineOf(ctx, call.span.start)} (${target.description})` };
    const unseen = unseenCallOf(ctx, lambda);
    if (unseen) return { kind: 'callback', reason: `it is the whole body of the lambda on line ${lineOf(ctx, call.span.start)}, a callback handed to ${unseen}, which the analysis cannot see (as a method group given there would be)` };
  }
  return null;
}

/**
 * The call a lambda is an argument of, as written (`callbackManager.Subscribe(...)`), when neither the workspace nor
 * the signature database declares the method it calls: a package's subscription API (SteamKit2's
 * `CallbackManager.Subscribe<T>(Action<T>)`). The lambda's delegate type is unknown, but a method group of the same
 * function given there counts as a callback (`Subscribe<T>(OnLicenseList)`, usedAsMethodGroup), and the lambda that
 * only calls it, dropping nothing but the arguments it passes on, is that method group written out: ArchiSteamFarm's
 * token dumper subscribes `callback => OnLicenseList(bot, callback)` so (JustArchiNET/ArchiSteamFarm at e873397),
 * which was told "Return Task", whose task the lambda would drop. A creation (`new Timer(...)`) and the calls of
 * knowledge/taskDelegateStarts.ts, which also take task-returning functions, do not count, nor a persisted job's
 * expression (knowledge/persistedJobs.ts: Hangfire awaits a job method's task) or a SignalR HubConnection's `On`.
 */
function unseenCallOf(ctx: RuleContext, lambda: MethodBody): string | null {
  const target = lambda.delegateTarget;
  const call = target?.kind === 'argument' ? target.call : undefined;
  if (!call || call.kind !== 'invocation') return null;
  // The callback receives what the call hands it and passes it on (`callback => OnLicenseList(bot, callback)`): a
  // subscription's shape. A lambda that passes nothing on is as often work handed to a runner that also takes a
  // Func<TResult> (WPF's Dispatcher.Invoke(() => LoadProject(project)) binds to Invoke<Task> when the method returns
  // a task, as ScreenToGif's editor would), so it says nothing about the delegate's return type.
  const passed = soleCallOf(ctx, lambda)?.argumentTexts.map((a) => a.trim()) ?? [];
  if (!lambda.parameters.some((p) => passed.includes(p.name))) return null;
  const receiver = call.receiver?.replace(/\s+/g, '').replace(/^(?:global::)?(?:System\.Threading\.Tasks\.)?/, '') ?? null;
  if (TASK_DELEGATE_STARTS.some((s) => s.member === call.name && s.receiver === receiver)) return null;
  if (mayPersistJobs(call.name)) return null;
  // SignalR's HubConnection.On takes a Func<T, Task> beside each Action<T> (knowledge/taskHandlerEvents.ts names the
  // type for its events): a lambda that calls a Task-returning function would bind to it, and the hub would wait.
  const receiverType = call.receiver ? typeOfExpression(call.receiver, lambda, ctx.model.bodies, ctx.index)?.typeText : null;
  if (receiverType && TASK_HANDLER_EVENTS.some((row) => row.owner === stripGenerics(receiverType).split('.').pop())) return null;
  const found = callCandidates(ctx, lambda, call);
  if (found && found.candidates.length > 0) return null;
  return `${call.receiver ? `${call.receiver.trim()}.` : ''}${call.name}(...)`;
}

/**
 * Whether the lambda's call goes to the lambda's own instance: written without a receiver or on `this`, or on the
 * lambda's one parameter when the call the lambda is given to passes `this` as another argument, the state it hands
 * back to the callback (`ThreadPool.UnsafeQueueUserWorkItem(static svc => svc.MainLoop(), this, preferLocal: false)`,
 * the form of `_ => MainLoop()` that captures nothing, which a static lambda must use).
 */
function callsOnOwnInstance(lambda: MethodBody, call: CallSite): boolean {
  const receiver = call.receiver?.trim() ?? null;
  if (receiver === null || receiver === 'this') return true;
  const handedTo = lambda.delegateTarget?.call;
  if (!handedTo || lambda.parameters.length !== 1 || receiver !== lambda.parameters[0].name) return false;
  return handedTo.argumentTexts.some((a, i) => i !== handedTo.argumentIndex && a.trim().replace(/^@?\w+\s*:(?!:)\s*/, '') === 'this');
}

/**
 * A method another file of its partial type hands over by creating a delegate of it: the Windows Forms designer's
 * `this.picker.ColorChanged += new ColorPicker.ColorChangedEventHandler(this.OnColorChanged);` in the form's
 * `.Designer.cs`, generated code whose subscriptions the model keeps (parse/generatedBodies.ts). The delegate's type
 * fixes the method's return type, as a subscription in its own file would. A subscription written without `new`
 * (`+= this.OnColorChanged`) is no creation, and the model keeps no record of it another file could read.
 */
function partialFileDelegateSlotOf(ctx: RuleContext, body: MethodBody): CallbackSlot | null {
  const owner = body.kind === 'method' ? body.containingType : null;
  // The declaration around the method here, by name and span; another file's part must have its full name.
  const own = owner ? ctx.model.types.find((t) => t.name === owner.split('.').pop() && t.modifiers.includes('partial')) : undefined;
  if (!owner || !own) return null;
  const handedOver = new RegExp(String.raw`^(?:this\s*\.\s*)?${body.name}$`);
  for (const ref of typesNamed(ctx.index, own.name)) {
    if (ref.file === ctx.file || ref.type.fullName !== own.fullName || !ref.type.modifiers.includes('partial')) continue;
    for (const other of ctx.index.files.get(ref.file)?.bodies ?? []) {
      if (other.containingType !== owner) continue;
      const creation = other.creations.find((c) => c.argumentTexts.length === 1 && handedOver.test(c.argumentTexts[0].trim()));
      if (creation) return { kind: 'callback', reason: `another file of its partial type hands it over as a ${creation.typeText}` };
    }
  }
  return null;
}

/**
 * A private method or a local function whose every mention in its file is a call from code that could not await it: a
 * synchronous method or local function returning void, a lambda that is not async, a constructor, a property
 * accessor. Returning Task would only hand each of those callers a task to drop (ASY022), so the method is those
 * callers' fire-and-forget as much as an event handler is its event's, and what matters is an exception escaping it:
 * it is reported like a handler. The sixth seeded reading of the forty-first session found the "Return Task" advice
 * debatable on such helpers of WPF windows and of an application's start-up lambda (test/real-world/README.md); 59
 * production warnings had this form. A Blazor component's helper keeps the advice: an EventCallback awaits the Task a
 * handler returns, so its callers in markup can. A public method of library code may be called from outside the
 * workspace, and keeps it too (calledOnlyInWorkspace); a partial type's other parts in the workspace are read for calls
 * (callerBodies).
 */
function synchronousCallersSlotOf(ctx: RuleContext, body: MethodBody, masked: string): CallbackSlot | null {
  if (body.kind === 'method' && !isPrivateMember(body) && !calledOnlyInWorkspace(ctx, body)) return null;
  if (inBlazorComponent(ctx, body) || !/^[A-Za-z_]\w*$/.test(body.name)) return null;
  const callers: MethodBody[] = [];
  let callsHere = 0;
  for (const [bodies, here] of callerBodies(ctx, body)) {
    for (const other of bodies) {
      for (const call of other.calls) {
        if (call.name !== body.name || call.inNameof) continue;
        const onThis = call.receiver === null || call.receiver.trim() === 'this';
        // The function calling itself re-arms it (an accept loop that starts the next accept): awaiting that call
        // would make each run wait for every later one, so it says nothing of the return type.
        if (other === body) {
          if (here && onThis) callsHere++;
          continue;
        }
        // A call on another receiver is another type's method, unless the method is internal: then any call of its
        // name in the workspace may be it (a window's LoadProject called by the application on its instance).
        if (!onThis && (body.kind !== 'method' || !calledOnlyInWorkspace(ctx, body))) continue;
        if (!cannotAwait(ctx, other) && !insideLock(other, call)) return null;
        if (here && onThis) callsHere++;
        if (!callers.includes(other)) callers.push(other);
      }
    }
  }
  // Every mention in its file is one of those calls: a method group given to Task.Run, or a mention the calls do not
  // account for, leaves the method its own choice of return type.
  // The declarations of its overloads are not mentions.
  const declared = new Set(ctx.model.bodies.filter((b) => b.name === body.name).map((b) => b.nameSpan.start));
  const mentions = [...masked.matchAll(new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?${body.name}\b`, 'g'))].filter((m) => !declared.has(m.index! + m[0].length - body.name.length));
  if (callers.length === 0 || mentions.length !== callsHere) return null;
  const names = [...new Set(callers.map((c) => callerName(ctx, c)))];
  return { kind: 'synchronousCallers', reason: `every call of it is in code that could not await it (${firstNames(names)}), so returning Task would only hand them a task to drop` };
}

/**
 * The bodies that may call the function, each list with whether it is this file's: the file's own, and for a method
 * of a partial type the bodies of its other parts the workspace holds (a window's code-behind split in files; the part
 * XAML generates is not in the workspace, and calls no private method but by a handler's name).
 */
function callerBodies(ctx: RuleContext, body: MethodBody): [readonly MethodBody[], boolean][] {
  const lists: [readonly MethodBody[], boolean][] = [[ctx.model.bodies, true]];
  if (body.kind === 'method' && calledOnlyInWorkspace(ctx, body)) {
    const files = new Set((ctx.index.callsByName.get(body.name) ?? []).map((c) => c.file).filter((f) => f !== ctx.file));
    for (const file of files) lists.push([ctx.index.files.get(file)?.bodies ?? [], false]);
    return lists;
  }
  const owner = body.kind === 'method' ? body.containingType : null;
  const own = owner ? ctx.model.types.find((t) => t.name === owner.split('.').pop() && t.modifiers.includes('partial')) : undefined;
  if (!own) return lists;
  const files = new Set(typesNamed(ctx.index, own.name).filter((r) => r.file !== ctx.file && r.type.fullName === own.fullName).map((r) => r.file));
  for (const file of files) lists.push([(ctx.index.files.get(file)?.bodies ?? []).filter((b) => b.containingType === owner), false]);
  return lists;
}

/**
 * A function that cannot await what it calls without itself becoming async void or changing a value it returns at
 * once: a constructor, an accessor or operator, a void method or local function that is not async, or a lambda that
 * is not async and goes where a void delegate goes (an event's handler, a timer's callback: ASY021's reading of its
 * target). A lambda whose target is not known to return void (a local's initializer, `Task.Run`, which also takes a
 * function that returns a task) could hand the task on, and does not count.
 */
function cannotAwait(ctx: RuleContext, caller: MethodBody): boolean {
  if (caller.isAsync) return false;
  switch (caller.kind) {
    case 'constructor': case 'accessor': case 'operator': return true;
    case 'lambda': case 'anonymousMethod': return voidDelegateTargetOf(ctx, caller, false) !== null;
    // A method returning a value that is not a task (`IDisposable Listen(...)`, which starts an accept loop and
    // hands back its stopper) would return a Task of it if it awaited: its callers would change too.
    case 'method': case 'localFunction': return caller.returnKind === 'void' || caller.returnKind === 'NotAsyncReturn';
    default: return false;
  }
}

/**
 * A call inside a `lock` statement's body, where no caller can await (CS1996): Avalonia's send queue starts its worker
 * once under the queue's lock, from a method that returns the caller's own TaskCompletionSource task (the eighth
 * seeded reading's W7).
 */
function insideLock(caller: MethodBody, call: CallSite): boolean {
  // The body starts after `lock (` and the locked expression; a call inside that expression runs before the lock is held.
  return caller.locks.some((l) => l.keywordSpan.end + l.lockedText.length + 2 <= call.span.start && call.span.end <= l.span.end);
}

function callerName(ctx: RuleContext, caller: MethodBody): string {
  if (caller.kind === 'lambda' || caller.kind === 'anonymousMethod') return `a lambda on line ${lineOf(ctx, caller.span.start)}`;
  if (caller.kind === 'constructor') return 'its constructor';
  return memberInSentence(caller.name);
}

/** `internal` without `protected`: only its assembly (and the assemblies it lets see its internals, its tests) calls it. */
function isInternalMember(body: MethodBody): boolean {
  return body.modifiers.includes('internal') && !body.modifiers.includes('protected');
}

/**
 * A method only the workspace's code can call, other than a private one: an internal method, or any member of a
 * project that is not library code (an application, or a library nobody publishes), whose public methods have no
 * callers outside the workspace to hand a task to. The seventh seeded reading found WalletWasabi's public
 * `ModifiedPasteAsync`, called only from a key handler, told "Return Task" (R3); K1 had left public methods alone for
 * callers outside the workspace, which an application does not have.
 */
function calledOnlyInWorkspace(ctx: RuleContext, body: MethodBody): boolean {
  // A private method's callers are its own type's: its calls on other receivers are other types' methods of the name.
  return isInternalMember(body) || (!isPrivateMember(body) && ctx.library?.isLibrary === false && !ctx.testCode);
}

function containingTypeOf(ctx: RuleContext, body: MethodBody): string | null {
  return bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
}

/** The call that is the lambda's whole body: `_ => Tick()`, `delegate { Tick(); }`, `() => { this.Tick(); }`. */
function soleCallOf(ctx: RuleContext, lambda: MethodBody): CallSite | null {
  const span = lambda.bodySpan!;
  const text = ctx.text.slice(span.start, span.end).replace(/^\s*(?:=>)?\s*\{?\s*/, '').replace(/\s*;?\s*\}?\s*$/, '');
  const start = span.start + ctx.text.slice(span.start, span.end).indexOf(text);
  const call = lambda.calls.find((c) => c.span.start === start && c.span.end === start + text.length);
  return call && lambda.calls.length === 1 ? call : null;
}

/**
 * A fire-and-forget helper (`static async void Forget(this Task task)`): it awaits only tasks it is handed as
 * parameters, each inside a try whose catch takes every exception. Being async void is its purpose, since callers call
 * it so that nobody awaits; returning Task would hand them back the task they meant to let go, and nothing it awaits
 * can escape it.
 */
function observesHandedInTasks(ctx: RuleContext, body: MethodBody, masked: string): boolean {
  if (body.awaits.length === 0 || escapingAwaits(ctx, body, masked).length > 0) return false;
  const taskParameters = new Set(body.parameters.filter((p) => p.typeText !== null && TASK_TYPE.test(p.typeText)).map((p) => p.name));
  return body.awaits.every((a) => a.kind === 'await' && taskParameters.has(a.operand.text.trim()));
}

/** Task, ValueTask and their generic forms, as a parameter's type is written. */
const TASK_TYPE = /^(?:global::)?(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\b(?:<.*>)?\??$/s;

/** `void` -> `Task` in the signature: the last `void` before the name. */
function returnTaskFix(ctx: RuleContext, body: MethodBody, masked: string): Fix | null {
  const head = masked.slice(body.span.start, body.nameSpan.start);
  const found = [...head.matchAll(/(?<![\w.@])void(?![\w])/g)];
  const last = found[found.length - 1];
  if (!last) return null;
  const start = body.span.start + last.index!;
  const mentionsTask = /(?<![\w.])Task\b/.test(masked) || ctx.model.usings.some((u) => /^System\.Threading\.Tasks$/.test(u.trim()));
  return { title: 'Return Task instead of void', safety: 'unsafe', edits: [{ start, end: start + 4, newText: mentionsTask ? 'Task' : 'System.Threading.Tasks.Task' }] };
}

/**
 * How an exception from the await gets out: the innermost try with catches around it (regions are innermost
 * first) says, since an outer one that stopped everything would have kept the await from escaping at all.
 */
function escapeReason(ctx: RuleContext, point: SuspensionPoint, masked: string): { pass: 'none' | 'rethrows' | 'narrow'; catchLine: number | null } {
  const first = firstPassingCatch(masked, point.regions);
  return first ? { pass: first.pass, catchLine: lineOf(ctx, first.clause.start) } : { pass: 'none', catchLine: null };
}

/**
 * What an exception escaping the handler ends. A Blazor component's handler runs on its renderer's context, where an
 * unhandled exception ends the user's circuit in Blazor Server, not the process (the framework logs "There was an
 * unhandled exception on the current circuit, so this circuit will be terminated"; learn.microsoft.com/aspnet/core/
 * blazor/fundamentals/handle-errors); the Quartz.NET round of the thirty-first session found the process sentence
 * wrong on a dashboard's components.
 */
function whatTheExceptionEnds(ctx: RuleContext, body: MethodBody, uiThread: string | null, wpfHandled: WpfHandledUiThread | null): string {
  if (wpfHandled) return wpfHandledSentence(wpfHandled, 'handler');
  if (uiThread) return `${uiThread}: an exception escaping an async void handler there is rethrown on the UI thread's context, and Windows Forms hands it to Application.ThreadException (the application's handler, or its own dialog that lets the user continue or quit), so the process goes on but the rest of the handler does not run.`;
  if (inBlazorComponent(ctx, body)) return `An exception escaping an async void function ${BLAZOR_RETHROW_NOTE}.`;
  return 'An exception escaping an async void function is rethrown on its synchronization context (or the thread pool), which ends the process in WPF, WinUI, MAUI and services alike, and in Windows Forms off its UI thread.';
}

function handlerFinding(ctx: RuleContext, body: MethodBody, slot: CallbackSlot, escaping: SuspensionPoint[], masked: string): RuleFinding {
  const first = escaping[0];
  const where = escaping.length === 1 ? `its await on line ${lineOf(ctx, first.keywordSpan.start)}` : `${escaping.length} of its awaits (the first on line ${lineOf(ctx, first.keywordSpan.start)})`;
  const reason = escapeReason(ctx, first, masked);
  const how = reason.pass === 'rethrows'
    ? `can throw, and the catch around it (line ${reason.catchLine}) throws again`
    : reason.pass === 'narrow'
      ? `can throw an exception the catch around it (line ${reason.catchLine}) does not take`
      : 'can throw with no catch around it';
  // Any fixed signature of a form's or window's method (an event handler's, an override's, an interface member's, a
  // delegate's), unless the method is of an event raised on a pool thread or handed to a timer, a thread or the pool.
  const uiThread = winFormsUiThreadHandlerReason(ctx, body, slot.kind, masked);
  // A WPF window's handler in an application whose DispatcherUnhandledException handler marks every exception handled.
  const wpfHandled = !uiThread ? wpfHandledUiThreadOf(ctx, body, slot.kind, masked) : null;
  // A helper its synchronous callers fire and forget is no handler by signature; the message names what it is.
  const noun = slot.kind !== 'synchronousCallers' ? 'handler' : body.kind === 'localFunction' ? 'local function' : 'method';
  return {
    span: body.nameSpan,
    message: reason.pass === 'rethrows'
      ? `Async void ${noun} ${quoted(body.name)}: its catch throws the exception from its awaits again`
      : `Async void ${noun} ${quoted(body.name)}: an exception from its awaits is not caught`,
    note: `${describe(body)} is async void because ${slot.reason}, and ${where} ${how}. ${whatTheExceptionEnds(ctx, body, uiThread, wpfHandled)}`,
    bodyId: body.id,
    fix: { title: 'Wrap the body in try/catch and handle the exception', safety: 'display-only', edits: [] },
    ...(uiThread || wpfHandled ? { maxSeverity: { severity: 'information' as const, reason: 'the exception does not end the process' } } : {}),
  };
}

/**
 * The message and note of an async void method that could return Task. A test method's caller is its framework,
 * which decides what happens to it (asyncVoidTests.ts), so its text says that instead of the general sentence.
 */
function voidMethodText(body: MethodBody): { message: string; note: string } {
  const test = body.kind === 'method' ? asyncVoidTestVerdict(body.attributes) : null;
  if (test) {
    return {
      message: `${quoted(body.name)} is an async void test: ${test.outcome}`,
      note: `${test.why} Return Task: ${test.framework} then awaits the test and reports its exceptions.`,
    };
  }
  const name = `${body.kind === 'localFunction' ? 'Local function ' : ''}${quoted(body.name)}`;
  if (catchesEverythingItself(body)) {
    return {
      message: `${name} is async void: callers cannot await it or know when it has finished`,
      note: 'Its whole body is a try whose catch takes every exception, so no exception escapes it; but its caller goes on before it finishes and cannot wait for it (a shutdown path may end the process first). Return Task: callers can then await it. async void is for event handlers, whose signature is not the method\'s choice.',
    };
  }
  return {
    message: `${name} is async void: callers cannot await it or catch its exceptions`,
    note: 'Return Task: callers can then await it and observe its exceptions. async void is for event handlers, whose signature is not the method\'s choice.',
  };
}

/**
 * The function's own body is one try whose catch takes every exception and never throws again (model/soleStatements.ts,
 * with no rethrow a parameter could open): only "callers cannot await it" is true of it, not "or catch its exceptions".
 */
function catchesEverythingItself(body: MethodBody): boolean {
  return stopsEveryExceptionAlways(body.soleStatement);
}

export const rule: Rule = {
  meta: {
    id: 'ASY020',
    name: 'async-void',
    category: 'correctness',
    defaultSeverity: 'warning',
    fix: 'unsafe',
    equivalents: ['VSTHRD100', 'AsyncFixer03', 'MA0155', 'S3168'],
    summary: 'An async void method that could return Task, or an async void handler whose await can throw unhandled.',
    docs,
  },
  check(ctx) {
    const findings: RuleFinding[] = [];
    let masked: string | null = null;
    for (const body of asyncBodies(ctx)) {
      if (body.kind !== 'method' && body.kind !== 'localFunction') continue;
      if (body.returnKind !== 'void') continue;
      masked ??= maskCommentsAndStrings(ctx.text);
      const slot = callbackSlotOf(ctx, body, masked) ?? lambdaCallbackSlotOf(ctx, body) ?? partialFileDelegateSlotOf(ctx, body) ?? synchronousCallersSlotOf(ctx, body, masked);
      if (slot) {
        const escaping = escapingAwaits(ctx, body, masked);
        // A RunSync helper's pump posts the function to itself and rethrows what its catch records to the helper's caller.
        if (escaping.length > 0 && !rethrowsIntoOwnPump(ctx, body, escaping, masked)) findings.push(handlerFinding(ctx, body, slot, escaping, masked));
        continue;
      }
      if (observesHandedInTasks(ctx, body, masked)) continue;
      const fix = returnTaskFix(ctx, body, masked);
      findings.push({
        span: body.nameSpan,
        ...voidMethodText(body),
        bodyId: body.id,
        ...(fix ? { fix } : {}),
      });
    }
    return findings;
  },
};
