// What findings say, where the wording carries a fact the rule found: each row names a fixture, a finding's
// rule and a word of its message (or its line), and what its message, note and fix title must say. The fixtures' // expect: markers
// check where findings are; these rows check that the words about them are true.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot, fixtureRuleSelection } from './support';
import { analyseProject } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';

interface NoteRow {
  /** A fixture under test/fixtures/rules. */
  fixture: string;
  ruleId: string;
  /** Picks the finding: a word its message holds (the method's name). */
  about: string;
  /** Picks the finding by its 1-based line where the messages are all alike. */
  line?: number;
  message: RegExp;
  note?: RegExp;
  fix?: RegExp;
  /** The severity it is shown at with no severity configured, where a finding's own cap decides it. */
  severity?: string;
}

const ROWS: NoteRow[] = [
  // A ValueTask fast path allocates nothing; an override keeps its base's return type: ASY010 offers it a cached task, not a ValueTask.
  { fixture: 'likely-synchronous-completion/value-task-fast-path.cs', ruleId: 'ASY010', about: "'PortAsync'", message: /likely completes synchronously/, note: /a cached task would avoid that allocation \(a ValueTask<int> would change a signature that is not its own: it is override\)\.$/ },
  { fixture: 'likely-synchronous-completion/value-task-fast-path.cs', ruleId: 'ASY010', about: "'PortOfAsync'", message: /likely completes synchronously/, note: /a ValueTask carries a synchronous result inline, so it allocates nothing there\.$/ },
  { fixture: 'likely-synchronous-completion/value-task-fast-path.cs', ruleId: 'ASY010', about: "'PortAsTaskAsync'", message: /likely completes synchronously/, note: /a ValueTask<int> or a cached task would avoid that allocation\.$/ },
  // A ValueTask returned by Task.Run's or StartNew's delegate: the message names the starter, the note the Task<ValueTask> it gives.
  { fixture: 'valuetask-misuse/pool-started.cs', ruleId: 'ASY024', about: "'Task.Run'", line: 22, message: /^The ValueTask the delegate of 'Task\.Run' returns is never awaited/, note: /^Task\.Run gives a Task<ValueTask>: it unwraps a Task the delegate returns but not a ValueTask/ },
  // A dropped ValueTask over a Task (a workspace `async ValueTask` method) holds no pooled source.
  { fixture: 'valuetask-misuse/dropped-task-backed.cs', ruleId: 'ASY024', about: 'AnnounceAsync', message: /returns is dropped$/, note: /^It wraps a Task \(the method it calls builds its ValueTask over one\)/ },
  { fixture: 'valuetask-misuse/dropped-task-backed.cs', ruleId: 'ASY024', about: 'ResizeAsync', message: /returns is dropped$/, note: /^A dropped ValueTask loses its exception, and the caller goes on before the operation ends; one backed by a pooled source \(an IValueTaskSource\) never hands that source back either\.$/ },
  { fixture: 'valuetask-misuse/pool-started.cs', ruleId: 'ASY024', about: "'Task.Factory.StartNew'", message: /^The ValueTask the delegate of 'Task\.Factory\.StartNew' returns is never awaited/, note: /^Task\.Factory\.StartNew gives a Task<ValueTask>/ },
  // Writes to one buffered writer are one finding at the first, whose fix awaits each write with a twin and counts them.
  { fixture: 'sync-api-in-async/repeated-writes.cs', ruleId: 'ASY002', about: 'writer.WriteLine', line: 23, message: /^'writer\.WriteLine' and 4 more writes to 'writer' block the thread; await their twins$/, note: /The 5 writes to writer in this method are reported once, here: writer buffers them/, fix: /^Await the twins of the 5 writes to writer$/ },
  { fixture: 'sync-api-in-async/repeated-writes.cs', ruleId: 'ASY002', about: 'writer.Write', line: 50, message: /^'writer\.Write' and 2 more writes to 'writer' block the thread/, fix: /^Await the twins of 2 of the 3 writes to writer$/ },
  { fixture: 'sync-api-in-async/repeated-writes.cs', ruleId: 'ASY002', about: 'File.AppendAllText', line: 72, message: /^'File\.AppendAllText' and 2 more writes to 'logPath' block the thread; await their twins$/, note: /The 3 appends to the file at logPath in this method are reported once, here: each opens, writes and closes the file on this thread/, fix: /^Await the twins of the 3 writes to logPath$/ },
  { fixture: 'sync-api-in-async/repeated-writes.cs', ruleId: 'ASY002', about: 'writer.Flush', message: /^'writer\.Flush' blocks the thread; await 'writer\.FlushAsync' instead$/, fix: /^Await FlushAsync instead$/ },
  // A dropped ValueTask whose backing is not known: the pooled source is named as what may be lost.
  { fixture: 'valuetask-misuse/misuse.cs', ruleId: 'ASY024', about: '_reader.FlushAsync()', message: /is dropped$/, note: /one backed by a pooled source \(an IValueTaskSource\) never hands that source back either\.$/ },
  // A body that throws: the note says why its fix is unsafe (the exception leaves at the call); a trivial body's does not.
  { fixture: 'async-without-await/task-returning.cs', ruleId: 'ASY011', about: "'ParseCountAsync'", message: /is async but never awaits$/, note: /The fix is unsafe here: the body throws, and without async that exception leaves at the call instead of faulting the returned task/, fix: /^Remove async and return Task\.FromResult\(\.\.\.\)$/ },
  { fixture: 'async-without-await/task-returning.cs', ruleId: 'ASY011', about: "'SnapshotAsync'", message: /is async but never awaits$/, note: /skips the state machine\.(?: Shown as information: .*)?$/ },
  // A partial method's implementation keeps its other declaration's signature: reported as a handler, never told to return Task.
  { fixture: 'async-void/partial-method-hooks.cs', ruleId: 'ASY020', about: "'OnTextChanged'", message: /^Async void handler 'OnTextChanged': an exception from its awaits is not caught$/, note: /because it implements a partial method, whose other declaration fixes its signature/, fix: /^Wrap the body in try\/catch and handle the exception$/ },
  // A wait inside a lock statement: awaiting there does not compile, so the title says the lock must become a SemaphoreSlim.
  { fixture: 'sync-over-async/waits-where-await-cannot-go.cs', ruleId: 'ASY003', about: 'Result', line: 13, message: /blocks the thread on a task/, fix: /^Make Push async and await the task \(changes its signature and every caller\); the wait is inside a lock statement, where await is not allowed: replace the lock with a SemaphoreSlim awaited with WaitAsync$/ },
  { fixture: 'sync-over-async/waits-where-await-cannot-go.cs', ruleId: 'ASY003', about: 'Result', line: 19, message: /blocks the thread on a task/, fix: /^Make PushUnlocked async and await the task \(changes its signature and every caller\)$/ },
  // A call through a conditional access (`this.Guild?.FetchMemberAsync(id)`) is typed from its receiver's declaration.
  { fixture: 'sync-over-async/conditional-access-receivers.cs', ruleId: 'ASY003', about: 'GetResult', message: /blocks the thread on a task/, note: /Why this is a task: return type of FetchMemberAsync is a Task<Member>\./ },
  // A wait through ConfigureAwait(false) waits on the call's task: the note says why that call is a task.
  { fixture: 'sync-over-async/configured-wait.cs', ruleId: 'ASY003', about: 'ConfigureAwait', message: /blocks the thread on a task/, note: /Why this is a task: return type of PublishAsync is a Task\./ },
  // A lambda given to NUnit's Assert.Throws or Assert.Catch is not made async (it would be async void there): the title names the assertion for async code.
  // A projection that only unwraps each task: the title says to await Task.WhenAll over them, not to make the lambda async.
  { fixture: 'sync-over-async/unwrapping-projection.cs', ruleId: 'ASY003', about: 't.Result', line: 26, message: /blocks the thread on a task/, fix: /^Await Task\.WhenAll over the tasks instead of reading each one's result in Select: its array holds the results in order$/ },
  { fixture: 'sync-over-async/unwrapping-projection.cs', ruleId: 'ASY003', about: 'GetResult', message: /blocks the thread on a task/, fix: /^Make Names async and await Task\.WhenAll over the tasks .* \(changes its signature and every caller\)$/ },
  // A wait on a TaskCompletionSource's task: no continuation needs the waiting thread, so no context deadlock is claimed; an async method's task keeps it.
  { fixture: 'sync-over-async/completion-source-waits.cs', ruleId: 'ASY003', about: 'tcs.Task', message: /blocks the thread on a task/, note: /tcs\.Task is a TaskCompletionSource's: no continuation of it needs this thread, since it completes when other code sets tcs \(a callback, another thread\), so the wait deadlocks only if that code has to run on this thread; it holds the thread until then\./ },
  { fixture: 'sync-over-async/completion-source-waits.cs', ruleId: 'ASY003', about: '_connected', message: /blocks the thread on a task/, note: /_connected\.Task is a TaskCompletionSource's/ },
  { fixture: 'sync-over-async/completion-source-waits.cs', ruleId: 'ASY003', about: '_peerClosed', message: /blocks the thread on a task/, note: /_peerClosed\.Task is a TaskCompletionSource's/ },
  { fixture: 'sync-over-async/completion-source-waits.cs', ruleId: 'ASY003', about: 'FlushAsync', message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/ },
  // A method handed out as a delegate that returns a value cannot become async: the title says so; one nothing hands out is asked to.
  { fixture: 'sync-over-async/synchronous-contracts.cs', ruleId: 'ASY003', about: 'GetResult', line: 162, message: /blocks the thread on a task/, note: /Shown as information: the Summary getter cannot await without changing its API: it implements IShelfStatus\.Summary, a synchronous member of the workspace's interface IShelfStatus/, fix: /^Replace the Summary property with an async method and await the task \(it implements IShelfStatus\.Summary, a synchronous member of the workspace's interface IShelfStatus: changes that type, its implementations and every caller\)$/, severity: 'information' },
  { fixture: 'sync-over-async/value-returning-handlers.cs', ruleId: 'ASY003', about: 'GetResult', line: 25, message: /blocks the thread on a task/, fix: /^OnAssemblyResolve is handed out as a delegate that returns Assembly\? at once, so it cannot become async: move the asynchronous work to code that can await it, or keep the wait$/ },
  { fixture: 'sync-over-async/value-returning-handlers.cs', ruleId: 'ASY003', about: 'GetResult', line: 31, message: /blocks the thread on a task/, fix: /^Make Resolve async and await the task \(changes its signature and every caller\)$/ },
  { fixture: 'sync-over-async/unwrapping-projection.cs', ruleId: 'ASY003', about: 't.Result', line: 34, message: /blocks the thread on a task/, fix: /^Make the lambda async and await the task/ },
  // A wait on a framework call with a synchronous twin: the title says to call the twin; a timeout, a token or a workspace type of the name keep the general title.
  { fixture: 'sync-over-async/synchronous-twin-call.cs', ruleId: 'ASY003', about: 'GetHostAddressesAsync', line: 16, message: /blocks the thread on a task/, fix: /^Call Dns\.GetHostAddresses, the synchronous twin of Dns\.GetHostAddressesAsync, instead of blocking on its task$/ },
  { fixture: 'sync-over-async/synchronous-twin-call.cs', ruleId: 'ASY003', about: 'ReadAllTextAsync', line: 19, message: /blocks the thread on a task/, fix: /^Call File\.ReadAllText, the synchronous twin of File\.ReadAllTextAsync, instead of blocking on its task$/ },
  { fixture: 'sync-over-async/synchronous-twin-call.cs', ruleId: 'ASY003', about: 'WriteAllTextAsync', line: 21, message: /blocks the thread on a task/, fix: /^Call System\.IO\.File\.WriteAllText, the synchronous twin of System\.IO\.File\.WriteAllTextAsync, instead/ },
  { fixture: 'sync-over-async/synchronous-twin-call.cs', ruleId: 'ASY003', about: 'WriteAllTextAsync', line: 23, message: /blocks the thread on a task/, fix: /^Make SaveWithin async/ },
  { fixture: 'sync-over-async/synchronous-twin-call.cs', ruleId: 'ASY003', about: 'ReadAllTextAsync', line: 25, message: /blocks the thread on a task/, fix: /^Make TemplateUntil async/ },
  { fixture: 'sync-over-async/synchronous-twin-call-shadowed.cs', ruleId: 'ASY003', about: 'GetHostAddressesAsync', message: /blocks the thread on a task/, fix: /^Make Resolve async/ },
  // A SelectMany that only unwraps each task: the title says to flatten what Task.WhenAll returns (its lambda cannot be async).
  { fixture: 'sync-over-async/unwrapping-projection.cs', ruleId: 'ASY003', about: 't.Result', line: 40, message: /blocks the thread on a task/, fix: /^Await Task\.WhenAll over the tasks and flatten the array it returns \(SelectMany\(r => r\)\) instead of reading each one's result in SelectMany$/ },
  { fixture: 'sync-over-async/unwrapping-projection.cs', ruleId: 'ASY003', about: 't.Result', line: 45, message: /blocks the thread on a task/, fix: /^Make Aliases async and await Task\.WhenAll over the tasks and flatten .* \(changes its signature and every caller\)$/ },
  { fixture: 'sync-over-async/throw-assertion-lambdas.cs', ruleId: 'ASY003', about: 'GetAsync', line: 25, message: /blocks the thread on a task/, fix: /^Assert\.Throws takes a delegate that returns void, where an async lambda would escape the assertion: give an async lambda that awaits the task to Assert\.ThrowsAsync instead$/ },
  { fixture: 'sync-over-async/throw-assertion-lambdas.cs', ruleId: 'ASY003', about: 'GetAsync', line: 31, message: /blocks the thread on a task/, fix: /^Assert\.Catch takes a delegate that returns void, .* to Assert\.CatchAsync instead$/ },
  { fixture: 'sync-over-async/throw-assertion-lambdas.cs', ruleId: 'ASY003', about: 'GetAsync', line: 37, message: /blocks the thread on a task/, fix: /^Make the lambda async and await the task/ },
  // A synchronous override whose type also overrides the async twin stays: only its callers can move.
  { fixture: 'sync-over-async/workspace-interface-member.cs', ruleId: 'ASY003', about: 'GetResult', message: /blocks the thread on a task/, fix: /^GetViews implements IViewCatalog\.GetViews, which is synchronous: make the interface member async and await the task \(changes IViewCatalog, its implementations and every caller\)$/ },
  { fixture: 'sync-over-async/workspace-interface-member.cs', ruleId: 'ASY003', about: "userId).Result'", message: /blocks the thread on a task/, fix: /^Make CountViews async and await the task/ },
  { fixture: 'sync-over-async/override-with-async-twin.cs', ruleId: 'ASY003', about: 'ReadAsync', message: /blocks the thread on a task/, fix: /^Read overrides a synchronous member and must stay synchronous: callers that can should await ReadAsync, which the type has too$/ },
  { fixture: 'sync-over-async/override-with-async-twin.cs', ruleId: 'ASY003', about: 'AsTask', line: 67, message: /blocks the thread on a task/, fix: /^ToString overrides a synchronous member: await the task in an async counterpart instead/ },
  { fixture: 'sync-over-async/override-with-async-twin.cs', ruleId: 'ASY003', about: 'AsTask', line: 91, message: /blocks the thread on a task/, fix: /^Render overrides a synchronous member: await the task in an async counterpart instead/ },
  // Overloads that disagree on the task (a generic Task<TResult> beside a Task) leave the call untyped: the note still names the declarations.
  { fixture: 'sync-over-async/generic-overload-evidence.cs', ruleId: 'ASY003', about: 'GetResult', line: 20, message: /blocks the thread on a task/, note: /Why this is a task: SendAsync is declared in IRelay to return Task<TResult>\. Shown as information: no await on the way to the task is known to resume on the waiting thread's context/, severity: 'information' },
  { fixture: 'sync-over-async/generic-overload-evidence.cs', ruleId: 'ASY003', about: 'GetResult', line: 23, message: /blocks the thread on a task/, note: /Why this is a task: BoundedAsync is declared in Probe to return Task<T> or Task\. Shown as hint: Bounded is the synchronous twin of BoundedAsync, / },
  { fixture: 'sync-over-async/generic-overload-evidence.cs', ruleId: 'ASY003', about: 'GetResult', line: 47, message: /blocks the thread on a task/, note: /Why this is a task: MeasureAsync is declared in Folder to return Task<long>\. Shown as hint: Measure is the synchronous twin of MeasureAsync, / },
  // A method group handed to Task.Run or Task.Factory.StartNew could return Task (both take a task-returning function): the plain finding; a timer's callback stays a handler.
  { fixture: 'async-void/test-methods.cs', ruleId: 'ASY020', about: "'CountsEachShelf'", message: /^'CountsEachShelf' is an async void test: xUnit\.net v3 no longer runs such tests$/, note: /xUnit1048 in v2 projects/ },
  { fixture: 'async-void/test-methods.cs', ruleId: 'ASY020', about: "'RejectsNegativeCounts'", message: /is an async void test: NUnit does not run it$/, note: /NUnit1012/ },
  { fixture: 'async-void/test-methods.cs', ruleId: 'ASY020', about: "'ClearsTheShelf'", message: /is an async void test: MSTest does not run it$/, note: /MSTEST0003/ },
  { fixture: 'async-void/test-methods.cs', ruleId: 'ASY020', about: "'Refill'", message: /is async void: callers cannot await it or catch its exceptions$/ },
  { fixture: 'async-void/pool-started-methods.cs', ruleId: 'ASY020', about: "'CheckLoop'", message: /is async void: callers cannot await it or catch its exceptions$/, fix: /^Return Task instead of void$/ },
  { fixture: 'async-void/pool-started-methods.cs', ruleId: 'ASY020', about: "'CheckOnce'", message: /is async void: callers cannot await it/ },
  // A lambda that only calls the method, handed to a package's method the analysis cannot see, makes it that call's callback; SignalR's On also takes a Func<T, Task>.
  { fixture: 'async-void/unseen-callback-apis.cs', ruleId: 'ASY020', about: "'OnRowChangedUnguarded'", message: /^Async void handler 'OnRowChangedUnguarded': an exception from its awaits is not caught$/, note: /because it is the whole body of the lambda on line 25, a callback handed to raw\.sqlite3_update_hook\(\.\.\.\), which the analysis cannot see/ },
  { fixture: 'async-void/unseen-callback-apis.cs', ruleId: 'ASY020', about: "'Show'", message: /^'Show' is async void: callers cannot await it or know when it has finished$/ },
  { fixture: 'async-void/pool-started-methods.cs', ruleId: 'ASY020', about: "'Sweep'", message: /^Async void handler 'Sweep': an exception from its awaits is not caught$/, note: /is handed over as a delegate/ },
  // An await of a workspace method that catches everything cannot fault: the note names the first await that can, and a
  // method whose own body catches everything is not said to let its exceptions out.
  { fixture: 'async-void/catch-all-callees/Stage.cs', ruleId: 'ASY020', about: "'OnShownThenLoaded'", message: /an exception from its awaits is not caught/, note: /its await on line 163 can throw with no catch around it\./ },
  { fixture: 'async-void/catch-all-callees/Stage.cs', ruleId: 'ASY020', about: "'Replay'", message: /^'Replay' is async void: callers cannot await it or know when it has finished$/, note: /^Its whole body is a try whose catch takes every exception, so no exception escapes it/ },
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnClick'", message: /an exception from its awaits is not caught/, note: /line 31 can throw with no catch around it\./ },
  // A Blazor component's handler ends the user's circuit, not the process; a plain class's ends the process.
  { fixture: 'async-void/guarded-loads.cs', ruleId: 'ASY020', about: "'OnSwitchedAfterTitle'", message: /is not caught/, note: /rethrown on the Blazor renderer's synchronization context, which in Blazor Server ends the user's circuit/ },
  // So does an async lambda a component hands to a void delegate or subscribes to an event; outside a component it ends the process.
  { fixture: 'async-lambda-to-void/blazor-components.cs', ruleId: 'ASY021', about: 'async lambda', line: 32, message: /becomes async void/, note: /an exception in it is rethrown on the Blazor renderer's synchronization context, which in Blazor Server ends the user's circuit \(its connection and component state\) and logs the exception, instead of reaching the caller\.$/ },
  { fixture: 'async-lambda-to-void/blazor-components.cs', ruleId: 'ASY021', about: 'async lambda', line: 33, message: /becomes async void/, note: /An exception escaping one of its awaits is rethrown on the Blazor renderer's synchronization context, which in Blazor Server ends the user's circuit \(its connection and component state\) and logs the exception; catch it inside\.$/ },
  { fixture: 'async-lambda-to-void/blazor-components.cs', ruleId: 'ASY021', about: 'async lambda', line: 43, message: /becomes async void/, note: /an exception in it ends the process instead of reaching the caller\.$/ },
  { fixture: 'async-void/guarded-loads.cs', ruleId: 'ASY020', about: "'OnTicked'", message: /is not caught/, note: /which ends the process in WPF, WinUI, MAUI and services alike, and in Windows Forms off its UI thread\.$/ },
  // A method the designer's half of a partial form hands over as a delegate keeps void: a handler, not a method that could return Task.
  { fixture: 'async-void/designer-subscriptions/PaletteForm.cs', ruleId: 'ASY020', about: "'ShadowColorChanged'", message: /^Async void handler 'ShadowColorChanged': an exception from its awaits is not caught$/, note: /because another file of its partial type hands it over as a ColorButton\.ColorChangedEventHandler/ },
  // A lambda subscribed to a control's event in a Windows Forms form: the same, for ASY021; a FileSystemWatcher's event keeps the warning.
  { fixture: 'async-lambda-to-void/winforms-ui-subscriptions.cs', ruleId: 'ASY021', about: 'async void', line: 18, message: /becomes async void/, note: /ToolbarForm is a Windows Forms Form, whose events run on the UI thread: .* so the process goes on but the rest of the lambda does not run; catch it inside\./, severity: 'information' },
  { fixture: 'async-lambda-to-void/winforms-ui-subscriptions.cs', ruleId: 'ASY021', about: 'async void', line: 19, message: /becomes async void/, note: /and ends the process; catch it inside\./, severity: 'warning' },
  // A Windows Forms form's handler: the exception goes to Application.ThreadException and the process goes on (shown as information).
  { fixture: 'valuetask-misuse/dispatched-task-backed.cs', ruleId: 'ASY024', about: 'channel.DisposeAsync()', line: 47, message: /is a ValueTask of a member code outside the workspace may implement: blocking on it is defined only while every implementation wraps a Task/, note: /Shown as information: each of the 3 implementations the workspace declares for IChannel hands back a ValueTask over a Task/, severity: 'information' },
  { fixture: 'valuetask-misuse/dispatched-task-backed.cs', ruleId: 'ASY024', about: 'DisposeAsync(disposing)', line: 90, message: /defined only while every implementation wraps a Task/, note: /Shown as information: the one implementation the workspace declares for Server hands back a ValueTask over a Task/, severity: 'information' },
  { fixture: 'valuetask-misuse/task-backed-builders.cs', ruleId: 'ASY024', about: 'mailbox.ReceiveAsync()', line: 90, message: /may not have completed: blocking on it is undefined/, severity: 'warning' },
  // Waits on .NET's own I/O started by the waiting code cannot deadlock: the note says so, and outside UI code they are information.
  { fixture: 'sync-over-async/dotnet-io-waits.cs', ruleId: 'ASY003', about: 'WaitAll', line: 20, message: /blocks the thread on a task/, note: /The tasks of StreamReader\.ReadToEndAsync are \.NET's own I\/O \(a read of the stream\), whose awaits never resume on the caller's context .* so the wait cannot deadlock; it holds this thread until the I\/O ends\..* Shown as information: the wait is on \.NET's own I\/O/, severity: 'information' },
  { fixture: 'sync-over-async/dotnet-io-waits.cs', ruleId: 'ASY003', about: 'ReadAllTextAsync', line: 31, message: /blocks the thread on a task/, note: /The task of File\.ReadAllTextAsync is \.NET's own I\/O \(file I\/O\)/, severity: 'information' },
  { fixture: 'sync-over-async/dotnet-io-waits.cs', ruleId: 'ASY003', about: 'ReadAsync', line: 45, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/, severity: 'information' },
  { fixture: 'sync-over-async/dotnet-io-waits.cs', ruleId: 'ASY003', about: 'WaitAll', line: 51, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/, severity: 'warning' },
  // A void event handler outside UI code: making it async would make it async void, and the title says so.
  { fixture: 'sync-over-async/blocking-event-handlers.cs', ruleId: 'ASY003', about: 'GetResult', line: 33, message: /blocks the thread on a task/, fix: /^OnMessageReceived is an event handler: made async it would be async void, whose exception ends the process and whose awaits let the next event start before this one's work ends; keep the wait, or queue the work to a loop that awaits each item in order$/ },
  // A workspace twin that takes a token, in a method whose calls all pass one member path's token: the fix passes it too.
  { fixture: 'sync-api-in-async/workspace-twin-member-token.cs', ruleId: 'ASY002', about: 'Copy', line: 31, message: /runs synchronously; await 'Blocks\.CopyAsync' instead/, fix: /^Await CopyAsync\(\.\.\., job\.Control\.StopToken\) instead$/ },
  { fixture: 'sync-api-in-async/workspace-twin-member-token.cs', ruleId: 'ASY002', about: 'Copy', line: 39, message: /runs synchronously/, note: /No automatic fix: CopyAsync also takes a CancellationToken, and the method has no CancellationToken parameter or local to pass, nor one token its other calls all pass\.$/ },
  // A wait on a chain whose every await configures cannot deadlock: the note says so, and it is information outside UI code.
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'Wait', line: 38, message: /blocks the thread on a task/, note: /Every await on the way to the task's completion uses ConfigureAwait\(false\), so no continuation needs this thread's context and the wait cannot deadlock on one/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'GetResult', line: 54, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext \(UI, classic ASP\.NET\) must run the task's continuation on this very thread: on the way, `await _stream\.FlushAsync\(\)` in ReadAllAsync has no ConfigureAwait\(false\), so it resumes there\./, severity: 'warning' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'Wait', line: 70, message: /blocks the thread on a task/, note: /Every await on the way to the task's completion uses ConfigureAwait\(false\)/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'ParseAsync', line: 75, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/, severity: 'warning' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'Result', line: 62, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/, severity: 'warning' },
  // A ValueTask made a Task with AsTask() is followed to the method that makes the ValueTask.
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'AsTask', line: 84, message: /blocks the thread on a task/, note: /Every await on the way to the task's completion uses ConfigureAwait\(false\)/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'Measure', line: 107, message: /blocks the thread on a task/, note: /Every await on the way to the task's completion uses ConfigureAwait\(false\)/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: 'AwaitPending', line: 128, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext.*Shown as information: no await on the way/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: '_listing', message: /blocks the thread on a task/, note: /Every await on the way to the task's completion uses ConfigureAwait\(false\)/, severity: 'information' },
  { fixture: 'sync-over-async/configured-chains.cs', ruleId: 'ASY003', about: '_refresh', message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/, severity: 'warning' },
  // A dropped Task.Delay pauses nothing: the message says so, and synchronous code is offered Thread.Sleep.
  { fixture: 'unobserved-task/dropped-delays.cs', ruleId: 'ASY022', about: 'Delay', line: 15, message: /^'Task\.Delay\(100\)' is dropped: nothing waits for the delay$/, note: /Dropped, it pauses nothing/, fix: /^Pause the thread with Thread\.Sleep instead/ },
  { fixture: 'unobserved-task/dropped-delays.cs', ruleId: 'ASY022', about: 'Delay', line: 29, message: /nothing waits for the delay/, fix: /^Await the delay$/ },
  // The workspace's own helper for tasks nobody awaits is named where the task cannot be awaited.
  { fixture: 'unobserved-task/workspace-forget-helper.cs', ruleId: 'ASY022', about: 'SelectedChanged(value)', line: 40, message: /returns is dropped/, fix: /^Call \.CatchAndLog\(\) on it, the workspace's helper for tasks nobody awaits, or assign it to _ to fire and forget on purpose \(an accessor cannot be async\)$/ },
  { fixture: 'unobserved-task/workspace-forget-helper.cs', ruleId: 'ASY022', about: 'SelectedChanged(index)', line: 47, message: /returns is dropped/, fix: /^Make the method async and await the task, or call \.CatchAndLog\(\) on it/ },
  { fixture: 'async-void/winforms-ui-handlers.cs', ruleId: 'ASY020', about: "'RefreshClicked'", message: /is not caught/, note: /CatalogForm is a Windows Forms Form, whose events run on the UI thread: .* Application\.ThreadException .* so the process goes on but the rest of the handler does not run\./, severity: 'information' },
  { fixture: 'async-void/winforms-ui-handlers.cs', ruleId: 'ASY020', about: "'PreviewShown'", message: /is not caught/, note: /PreviewPanel is a Windows Forms UserControl/, severity: 'information' },
  { fixture: 'async-void/winforms-ui-handlers.cs', ruleId: 'ASY020', about: "'WatchedFileCreated'", message: /is not caught/, note: /ends the process/, severity: 'warning' },
  // Every fixed signature of a Windows Forms form's method is information (a custom delegate's, an override's, an
  // interface member's); one the form hands to the pool or a thread of its own keeps the warning, as does a non-control's.
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'ShortcutUsed'", line: 41, message: /is not caught/, note: /ArchiveForm is a Windows Forms Form, whose methods handed over as delegates \(to no timer, thread or pool\) are taken to run on its UI thread: .* Application\.ThreadException/, severity: 'information' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'RemoveEntries'", message: /is not caught/, note: /Application\.ThreadException/, severity: 'information' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'OnShown'", message: /is not caught/, note: /whose overrides its framework calls on the UI thread/, severity: 'information' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'Reload'", message: /is not caught/, note: /whose interface members are taken to be called on its UI thread/, severity: 'information' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'Reindex'", message: /is not caught/, note: /ends the process/, severity: 'warning' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'Compact'", message: /is not caught/, note: /ends the process/, severity: 'warning' },
  { fixture: 'async-void/winforms-fixed-signatures.cs', ruleId: 'ASY020', about: "'ShortcutUsed'", line: 81, message: /is not caught/, note: /ends the process/, severity: 'warning' },
  { fixture: 'async-void/wpf-handled-dispatcher/LabelPanel.cs', ruleId: 'ASY020', about: "'SaveCaption'", message: /is not caught/, note: /LabelPanel is a WPF UserControl, whose methods handed over as delegates .* App\.OnDispatcherUnhandledException marks it handled/, severity: 'information' },
  { fixture: 'async-void/wpf-handled-dispatcher/LabelPanel.cs', ruleId: 'ASY020', about: "'Archive'", message: /is not caught/, note: /ends the process in WPF/, severity: 'warning' },
  // A WPF window's handler in an application whose DispatcherUnhandledException handler marks every exception handled:
  // the process goes on (information); a pool thread's timer and a method that could return Task keep the warning, and
  // so does a window of an application that marks only some exceptions handled.
  { fixture: 'async-void/wpf-handled-dispatcher/ShelfWindow.xaml.cs', ruleId: 'ASY020', about: "'Window_Loaded'", message: /is not caught/, note: /ShelfWindow is the code-behind of a WPF XAML file, whose events run on the UI thread: .* Application\.DispatcherUnhandledException, and App\.OnDispatcherUnhandledException marks it handled, so the process goes on but the rest of the handler does not run\./, severity: 'information' },
  { fixture: 'async-void/wpf-handled-dispatcher/LabelPanel.cs', ruleId: 'ASY020', about: "'Refresh_Click'", message: /is not caught/, note: /LabelPanel is a WPF UserControl, whose events run on the UI thread/, severity: 'information' },
  { fixture: 'async-void/wpf-handled-dispatcher/ShelfWindow.xaml.cs', ruleId: 'ASY020', about: "'Poll_Elapsed'", message: /is not caught/, note: /ends the process in WPF/, severity: 'warning' },
  { fixture: 'async-void/wpf-handled-dispatcher/ShelfWindow.xaml.cs', ruleId: 'ASY020', about: "'Reload'", message: /callers cannot await it/, severity: 'warning' },
  { fixture: 'async-void/wpf-conditional-handled/GaugeWindow.xaml.cs', ruleId: 'ASY020', about: "'Window_Loaded'", message: /is not caught/, note: /ends the process in WPF/, severity: 'warning' },
  { fixture: 'async-lambda-to-void/wpf-handled-dispatcher/ReportWindow.xaml.cs', ruleId: 'ASY021', about: 'async lambda', line: 16, message: /becomes async void/, note: /ReportWindow is the code-behind of a WPF XAML file, whose events run on the UI thread: .* App\.OnDispatcherUnhandledException marks it handled, so the process goes on but the rest of the lambda does not run\. Catch it inside\./, severity: 'information' },
  { fixture: 'async-lambda-to-void/wpf-handled-dispatcher/ReportWindow.xaml.cs', ruleId: 'ASY021', about: 'async lambda', line: 20, message: /becomes async void/, note: /ends the process/, severity: 'warning' },
  // Work with no async twin inside a lock: the remedy is to move it out, not a SemaphoreSlim around it.
  { fixture: 'blocking-lock-in-async/lock-around-blocking-work.cs', ruleId: 'ASY004', about: 'File.Copy', line: 63, message: /touches the file system/, note: /Instead: move File\.Copy\(\.\.\.\) out of the lock, before or after it/, fix: /^Move File\.Copy\(\.\.\.\) out of the lock$/ },
  // A synchronous disposal is information (its last step is short); a scope whose Dispose throws for an async-only service stays a warning.
  { fixture: 'sync-api-in-async/await-using-flushed.cs', ruleId: 'ASY002', about: "'FileStream'", line: 46, message: /disposes 'FileStream' synchronously/, note: /Shown as information: a synchronous disposal blocks only for the resource's last step/, severity: 'information' },
  { fixture: 'sync-api-in-async/renamed-twins.cs', ruleId: 'ASY002', about: "'IServiceScope'", line: 12, message: /CreateAsyncScope/, severity: 'warning' },
  { fixture: 'sync-api-in-async/renamed-twins.cs', ruleId: 'ASY002', about: "'AsyncServiceScope'", line: 29, message: /disposes 'AsyncServiceScope' synchronously/, severity: 'warning' },
  { fixture: 'sync-api-in-async/async-scope-without-async-only-services.cs', ruleId: 'ASY002', about: "'AsyncServiceScope'", line: 13, message: /disposes 'AsyncServiceScope' synchronously/, note: /Shown as information: the workspace registers no service per scope that is only IAsyncDisposable, so the synchronous disposal does not throw/, severity: 'information' },
  { fixture: 'async-void/winforms-ui-handlers.cs', ruleId: 'ASY020', about: "'OnChanged'", message: /is not caught/, note: /ends the process/, severity: 'warning' },
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnNarrowCatch'", message: /is not caught/, note: /line 52 can throw an exception the catch around it \(line 54\) does not take\./ },
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnRethrow'", message: /its catch throws the exception from its awaits again/, note: /line 65 can throw, and the catch around it \(line 67\) throws again\./ },
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnFiltered'", message: /is not caught/, note: /the catch around it \(line 94\) does not take\./ },
  // The catch that throws again is named, not the typed one before it.
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnRecordAndRethrow'", message: /its catch throws the exception from its awaits again/, note: /line 105 can throw, and the catch around it \(line 111\) throws again\./ },
  // The await in a catch block is not inside the try that catch belongs to.
  { fixture: 'async-void/handlers.cs', ruleId: 'ASY020', about: "'OnAwaitInCatch'", message: /is not caught/, note: /line 83 can throw with no catch around it\./ },
  // Inside a lock the lock is why no await can go there, whether or not the method is async.
  { fixture: 'blocking-wait-in-async/await-not-allowed.cs', ruleId: 'ASY001', about: 'lease()', message: /blocks the thread/, note: /No automatic fix: await is not allowed inside a lock statement\.$/ },
  // ASY021's remedy follows where the lambda goes: a per-item call, a callback kept for later, a declared delegate.
  { fixture: 'async-lambda-to-void/void-delegates.cs', ruleId: 'ASY021', about: 'async void', line: 26, message: /becomes async void/, fix: /^Await the work in a loop/ },
  { fixture: 'async-lambda-to-void/void-delegates.cs', ruleId: 'ASY021', about: 'async void', line: 31, message: /becomes async void/, fix: /^Await the work in a loop/ },
  { fixture: 'async-lambda-to-void/void-delegates.cs', ruleId: 'ASY021', about: 'async void', line: 56, message: /becomes async void/, fix: /^Let Subscribe take a delegate that returns Task and await it, or catch the exceptions inside the lambda$/ },
  // A ProcessExit handler has to wait for its work: catching its exceptions does not keep the process alive.
  { fixture: 'async-lambda-to-void/process-exit.cs', ruleId: 'ASY021', about: 'async void', line: 21, message: /becomes async void/, note: /The process ends once the ProcessExit handlers return/, fix: /^Wait for the work inside the handler: the process ends when it returns$/ },
  { fixture: 'async-lambda-to-void/process-exit.cs', ruleId: 'ASY021', about: 'async void', line: 33, message: /becomes async void/, note: /The process ends once the ProcessExit handlers return/ },
  { fixture: 'async-lambda-to-void/more-cases.cs', ruleId: 'ASY021', about: 'async void', line: 28, message: /becomes async void/, fix: /^Register cannot await it: catch the exceptions inside the lambda, or use a method that takes a Func<Task>$/ },
  { fixture: 'async-lambda-to-void/kept-callbacks.cs', ruleId: 'ASY021', about: 'async void', line: 17, message: /becomes async void/, note: /OptionsMonitorExtensions\.OnChange takes an Action<TOptions>/, fix: /^OnChange cannot await it: catch the exceptions inside the lambda/ },
  { fixture: 'async-lambda-to-void/kept-callbacks.cs', ruleId: 'ASY021', about: 'async void', line: 25, message: /becomes async void/, fix: /^Await the work in a loop/ },
  { fixture: 'async-lambda-to-void/void-delegates.cs', ruleId: 'ASY021', about: 'async void', line: 36, message: /becomes async void/, fix: /^Give the delegate a type that returns Task/ },
  // A lambda that declares void is judged as a handler; one whose awaits' exceptions are all caught is not told to catch them.
  { fixture: 'async-lambda-to-void/declared-void.cs', ruleId: 'ASY021', about: 'async void', line: 35, message: /becomes async void/, note: /An exception escaping one of its awaits is rethrown/, fix: /^Catch the exceptions inside the lambda$/ },
  { fixture: 'async-lambda-to-void/declared-void.cs', ruleId: 'ASY021', about: 'async void', line: 40, message: /becomes async void/, note: /Its caller does not wait for it: it returns at its first await that suspends \(no exception of its awaits escapes it\)\.$/, fix: /^RegisterChangeCallback cannot await it: use a method that takes a Func<Task>$/ },
  { fixture: 'async-lambda-to-void/void-delegates.cs', ruleId: 'ASY021', about: 'async void', line: 73, message: /becomes async void/, fix: /^Catch the exceptions inside the handler$/ },
  // A void member's expression body drops the task: the member itself can return it, unlike a lambda's delegate type.
  // A callee that returns only completed tasks and cannot be overridden: nothing runs on and nothing is lost today.
  { fixture: 'unobserved-task/completed-task-callees.cs', ruleId: 'ASY022', about: 'ChangePassword', message: /^The task 'ChangePassword\(credential, password\)' returns is dropped$/, note: /returns a completed task \(Task\.CompletedTask, Task\.FromResult\) and none can be overridden: its work is done when it returns/ },
  { fixture: 'unobserved-task/completed-task-callees.cs', ruleId: 'ASY022', about: 'Rotate', message: /returns is dropped: its exception is lost$/, note: /The caller goes on while the work runs/ },
  { fixture: 'unobserved-task/completed-task-callees.cs', ruleId: 'ASY022', about: 'Verify', message: /returns is dropped: its exception is lost$/ },
  // No await can go where the task is dropped: the fix offers the discard and says why.
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'FlushAsync', line: 27, message: /returns is dropped/, fix: /^Assign the task to _ to fire and forget on purpose, or observe its exceptions \(await is not allowed inside a lock statement\)$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: '_report', message: /returns is dropped/, fix: /\(Dispose implements an interface member, which keeps its void\)$/ },
  // A lambda given to a void event cannot return the task; the workspace's own Action parameter could become a Func<Task>.
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'args.GetException', message: /returns is dropped/, fix: /^Assign the task to _ to fire and forget on purpose, or observe its exceptions \(the lambda cannot return a task, since it handles Failed, an event of type EventHandler<ErrorEventArgs>, which returns void; made async it would be async void \(ASY021\), so await there only inside a try\/catch that takes every exception\)$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'report("step")', message: /returns is dropped/, fix: /^Make the method async and await the task/ },
  // A public method that may implement an interface the analysis cannot see is reported like a handler, not told to return Task.
  { fixture: 'async-void/unseen-interfaces.cs', ruleId: 'ASY020', about: "'Execute'", message: /^Async void handler 'Execute'/, note: /because it may implement Execute of an interface its type lists that the analysis cannot see/, fix: /^Wrap the body in try\/catch and handle the exception$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'FlushAsync', line: 33, message: /returns is dropped/, fix: /an override keeps its base's void\)$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'FlushAsync', line: 38, message: /returns is dropped/, fix: /an override keeps its base's return type int\)$/ },
  // A void override or implementation of the workspace's own void member, which several of its types implement, is
  // information, and says why; the base's own virtual body, a method returning Task, a framework's void (Dispose), a
  // private overload and an interface with one implementation keep the warning.
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'joined', message: /returns is dropped/, note: /Shown as information: OnJoined keeps the void of RoomState\.OnJoined, a member of the workspace's own design; awaiting the task means making that member return Task and changing every override or implementation, and their callers, with it\.$/, severity: 'information' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'muted', message: /returns is dropped/, note: /keeps the void of IRoomListener\.MemberMuted/, severity: 'information' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: '" left"', message: /returns is dropped/, severity: 'warning' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'closing', message: /returns is dropped/, severity: 'warning' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'lease released', message: /returns is dropped/, severity: 'warning' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'audit', message: /returns is dropped/, note: /keeps the void of IRoomListener\.MemberMuted/, severity: 'information' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'cleanup scheduled', message: /returns is dropped/, severity: 'warning' },
  // ZipArchiveEntry.Open on an entry of an archive opened in Read mode reads only a local header: information, with
  // the Read-mode note; Update mode, a parameter's archive and a field another method writes keep the warning.
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'item.Open', message: /blocks the thread/, note: /The archive is opened in Read mode, where Open only seeks to the entry and reads its local header/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'part.Open', message: /blocks the thread/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'first.Open', message: /blocks the thread/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'entry.Open', line: 79, message: /blocks the thread/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'notes.Open', message: /blocks the thread/, note: /In Update mode \(or an archive whose mode is not in view\) Open decompresses the whole entry into memory synchronously/, severity: 'warning' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'entry.Open', line: 64, message: /blocks the thread/, severity: 'warning' },
  { fixture: 'sync-api-in-async/zip-entry-read-mode.cs', ruleId: 'ASY002', about: 'entry.Open', line: 102, message: /blocks the thread/, severity: 'warning' },
  // A short constant Task.Delay in a loop that watches the token: a hint with its reason; a long pause, a loop that never
  // looks at the token and a pause outside a loop keep the warning. A request-token hint on a write says finishing may be better.
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 22, message: /can take a CancellationToken/, note: /Shown as hint: the pause is 10 ms in a loop that checks cancellationToken itself, so passing the token would cut at most that pause, and the loop stops at its next check\.$/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 37, message: /can take a CancellationToken/, note: /the pause is 15 ms/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 45, message: /can take a CancellationToken/, note: /the pause is 20 ms/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 55, message: /can take a CancellationToken/, severity: 'warning' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 64, message: /can take a CancellationToken/, severity: 'warning' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Delay', line: 71, message: /can take a CancellationToken/, severity: 'warning' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Send', line: 126, message: /can take a CancellationToken/, note: /a saving rather than a defect; and the command 'InsertCommentCommand' writes, where stopping mid-way may leave things worse than finishing, so leaving the token out can be the better choice\.$/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'Send', line: 133, message: /can take a CancellationToken/, note: /a saving rather than a defect\.$/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'DeleteCommentAsync', message: /can take a CancellationToken/, note: /'DeleteCommentAsync' writes, where stopping mid-way/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/hub-disconnect.cs', ruleId: 'ASY025', about: 'AddToGroupAsync', line: 31, message: /can take a CancellationToken/, note: /a saving rather than a defect\.$/, severity: 'hint' },
  { fixture: 'cancellation-not-forwarded/short-pauses.cs', ruleId: 'ASY025', about: 'ReadCommentAsync', message: /can take a CancellationToken/, note: /a saving rather than a defect\.$/, severity: 'hint' },
  // A blocking wait in a loop that already waits for its next item in a call with no async twin: information, the note
  // names that call; the same wait outside the loop, or in a loop without such a call, keeps the warning.
  { fixture: 'sync-api-in-async/loop-waiting-for-items.cs', ruleId: 'ASY002', about: '_gate.Wait', line: 26, message: /blocks the thread/, note: /The loop around it already waits in _consumer\.Consume, which has no async twin \(.*\): the loop holds its thread by design, so awaiting this call frees nothing while that one still blocks\. Shown as information: the loop around it already blocks its thread in _consumer\.Consume\.$/, severity: 'information' },
  { fixture: 'sync-api-in-async/loop-waiting-for-items.cs', ruleId: 'ASY002', about: '_gate.Wait', line: 36, message: /blocks the thread/, note: /already waits in pending\.GetConsumingEnumerable/, severity: 'information' },
  { fixture: 'sync-api-in-async/loop-waiting-for-items.cs', ruleId: 'ASY002', about: '_gate.Wait', line: 46, message: /blocks the thread/, note: /already waits in pending\.Take/, severity: 'information' },
  { fixture: 'sync-api-in-async/loop-waiting-for-items.cs', ruleId: 'ASY002', about: '_gate.Wait', line: 21, message: /blocks the thread/, severity: 'warning' },
  { fixture: 'sync-api-in-async/loop-waiting-for-items.cs', ruleId: 'ASY002', about: '_gate.Wait', line: 56, message: /blocks the thread/, severity: 'warning' },
  // A drop alone in a try whose catch takes everything and does nothing: information, the note says the catch cannot see
  // the fault, the fix is the discard (the await inside the try in async code); a catch that does something, a narrow
  // catch, a filter or a second statement keep the warning; a handler is never told to become async.
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"progress"', message: /returns is dropped/, note: /The empty catch around the call cannot see the task's fault.*write _ = \.\.\. to say the drop is meant\. Shown as information: /, fix: /^Assign the task to _ to say the drop is meant \(the empty catch cannot see the task's fault\)$/, severity: 'information' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"finished"', message: /returns is dropped/, severity: 'information' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"report"', message: /returns is dropped/, note: /or await the task inside the try so that the catch takes its fault\./, fix: /^Await the task inside the try, so that the empty catch takes its fault$/, severity: 'information' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"logged"', message: /its exception is lost$/, fix: /\(OnLogged has an event handler's signature; made async it would be async void \(ASY020\), so await there only inside a try\/catch that takes every exception\)$/, severity: 'warning' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"narrow"', message: /its exception is lost$/, severity: 'warning' },
  { fixture: 'unobserved-task/returning-catch-drops.cs', ruleId: 'ASY022', about: 'SendAsync', line: 13, message: /returns is dropped/, note: /The catch around the call, which takes every exception and only returns, cannot see the task's fault.*write _ = \.\.\. to say the drop is meant\. Shown as information: the call is in a try whose catch takes every exception and only returns/, fix: /^Assign the task to _ to say the drop is meant \(the catch cannot see the task's fault\)$/, severity: 'information' },
  { fixture: 'unobserved-task/returning-catch-drops.cs', ruleId: 'ASY022', about: 'SendAsync', line: 26, message: /returns is dropped/, severity: 'information' },
  { fixture: 'unobserved-task/returning-catch-drops.cs', ruleId: 'ASY022', about: 'SendAsync', line: 39, message: /its exception is lost$/, severity: 'warning' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'updateTitle', message: /returns is dropped$/, note: /so no pooled source is held\. The catch around the call, which takes every exception and only returns, cannot see the ValueTask's fault/, fix: /^Assign the ValueTask to _ to say the drop is meant \(the catch cannot see the ValueTask's fault\)$/, severity: 'information' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'scrollTo', message: /returns is dropped$/, note: /The empty catch around the call cannot see the ValueTask's fault/, severity: 'information' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'focus', message: /returns is dropped$/, note: /or await the ValueTask inside the try so that the catch takes its fault\./, fix: /^Await the ValueTask inside the try, so that the empty catch takes its fault$/, severity: 'information' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'logged', message: /returns is dropped$/, note: /but its exception is lost/, severity: 'warning' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'counted', message: /returns is dropped$/, severity: 'warning' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'computed', message: /returns is dropped$/, severity: 'warning' },
  { fixture: 'valuetask-misuse/ignoring-catch-drops.cs', ruleId: 'ASY024', about: 'ResizeAsync', message: /returns is dropped$/, note: /pooled source \(an IValueTaskSource\)/, severity: 'warning' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"filtered"', message: /its exception is lost$/, severity: 'warning' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"first"', message: /its exception is lost$/, severity: 'warning' },
  { fixture: 'unobserved-task/empty-catch-drops.cs', ruleId: 'ASY022', about: '"closed"', message: /its exception is lost$/, fix: /^Assign the task to _ to fire and forget on purpose, or observe its exceptions \(OnClosed has an event handler's signature/, severity: 'warning' },
  // A task every implementation hands to a tracker that keeps it before returning it: a hint naming the tracker.
  { fixture: 'unobserved-task/tracked-tasks.cs', ruleId: 'ASY022', about: 'WriteAsync', line: 76, message: /^The task 'Current\.WriteAsync\(line\)' returns is dropped: 'Write' returns void$/, note: /hands the task to TaskRegistry\.Track, which keeps it, before returning it/, severity: 'hint' },
  { fixture: 'unobserved-task/tracked-tasks.cs', ruleId: 'ASY022', about: 'WriteAsync', line: 80, message: /^The task 'Current\.WriteAsync\(line\)' returns is dropped$/, note: /TaskRegistry\.Track/, severity: 'hint' },
  { fixture: 'unobserved-task/tracked-tasks.cs', ruleId: 'ASY022', about: 'MirrorAsync', message: /its exception is lost$/, severity: 'warning' },
  { fixture: 'unobserved-task/tracked-tasks.cs', ruleId: 'ASY022', about: 'FlushAsync', message: /returns is dropped/, note: /an exception the task ends with is lost/, severity: 'warning' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'was kicked', message: /returns is dropped/, note: /keeps the void of IRoomHandler\.Handle/, severity: 'information' },
  { fixture: 'unobserved-task/workspace-void-contracts.cs', ruleId: 'ASY022', about: 'were kicked', message: /returns is dropped/, severity: 'warning' },
  // Behind a ?. the title says the await must not meet the null the chain gives; a plain chain keeps 'Await the task'.
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'RefreshAsync', line: 62, message: /returns is dropped/, fix: /^Await the task, and only when there is one: the \?\. gives null when its receiver is null, and awaiting null throws/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'RefreshAsync', line: 64, message: /returns is dropped/, fix: /^Await the task$/ },

  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'ListenAsync(log)', line: 78, message: /returns is dropped/, fix: /^Assign the task to _ to fire and forget on purpose, or observe its exceptions \(a constructor cannot be async\)$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'ListenAsync(Stream.Null)', message: /returns is dropped/, fix: /\(an accessor cannot be async\)$/ },
  { fixture: 'unobserved-task/no-await-possible.cs', ruleId: 'ASY022', about: 'listener.ListenAsync', message: /returns is dropped/, fix: /\(an operator cannot be async\)$/ },
  { fixture: 'unobserved-task/void-delegates.cs', ruleId: 'ASY022', about: "'Dispose' returns void", message: /^The task '_store\.WriteAsync\("last"\)' returns is dropped/, fix: /^Dispose's signature is not its own: observe the task's exceptions, or offer DisposeAsync \(IAsyncDisposable\) that returns it$/ },
  { fixture: 'unobserved-task/void-delegates.cs', ruleId: 'ASY022', about: "'Run' returns void", line: 38, message: /^The task 'action\(\)' returns is dropped/, fix: /^Make Run return the task \(Task instead of void\), and let its callers await it$/ },
  // A call whose arguments hold a lambda with a block body: the quote keeps the end of the chain, not a cut of the lambda's body.
  // Task.Run starts the work on the pool: the wait holds threads but cannot deadlock on the caller's context.
  { fixture: 'sync-over-async/pool-started.cs', ruleId: 'ASY003', about: 'Task.Run', message: /blocks the thread on a task/, note: /: the thread waits until the task completes\. Task\.Run starts the work on the thread pool, .* so the wait does not deadlock on a UI or request context; it still holds this thread/ },
  { fixture: 'sync-over-async/pool-started.cs', ruleId: 'ASY003', about: 'SendTrailerAsync', message: /blocks the thread on a task/, note: /until the task completes, and deadlocks where a single-threaded SynchronizationContext/ },
  // The same start held in a local assigned once, or a private field every write fills with one; a field also written otherwise keeps the deadlock.
  { fixture: 'sync-over-async/pool-started.cs', ruleId: 'ASY003', about: '_firstToken', message: /blocks the thread on a task/, note: /_firstToken holds a task Task\.Run started, which runs the work on the thread pool, .* so the wait does not deadlock on a UI or request context/, severity: 'information' },
  { fixture: 'sync-over-async/pool-started.cs', ruleId: 'ASY003', about: 'fetch.Wait', message: /blocks the thread on a task/, note: /fetch holds a task Task\.Run started, which runs the work on the thread pool/, severity: 'information' },
  { fixture: 'sync-over-async/pool-started.cs', ruleId: 'ASY003', about: '_warmUp.Wait', message: /blocks the thread on a task/, note: /until the task completes, and deadlocks where a single-threaded SynchronizationContext/, severity: 'warning' },
  // A wait inside the function handed to Task.Run runs on a pool thread: no context to deadlock on, whatever the project.
  { fixture: 'sync-over-async/wait-inside-pool-delegate.cs', ruleId: 'ASY003', about: 'WaitAll', message: /blocks the thread on a task/, note: /until every task completes\. Task\.Run runs this function on a thread-pool thread, which has no SynchronizationContext, so the wait cannot deadlock on a context here; it still holds the thread/ },
  { fixture: 'sync-over-async/wait-inside-pool-delegate.cs', ruleId: 'ASY003', about: 'MoveAsync', message: /blocks the thread on a task/, note: /until the task completes, and deadlocks where a single-threaded SynchronizationContext/ },
  // A stub that only throws has no result for Task.FromResult to carry: the note says what the state machine is for.
  { fixture: 'async-without-await/throwing-stubs.cs', ruleId: 'ASY011', about: "'CountAsync'", message: /is async but never awaits/, note: /only to carry the exception the body throws; without async the exception is thrown at the call instead/, fix: /^Remove async$/ },
  { fixture: 'async-without-await/throwing-stubs.cs', ruleId: 'ASY011', about: "'PurgeAsync'", message: /is async but never awaits/, note: /only to carry the exception the body throws/, fix: /^Remove async$/ },
  { fixture: 'async-without-await/throwing-stubs.cs', ruleId: 'ASY011', about: "'NameAsync'", message: /is async but never awaits/, note: /returns Task\.FromResult\(\.\.\.\), which allocates the same Task<string>/ },
  // A call whose arguments run over lines is quoted with them elided, and keeps its name before the task plumbing.
  { fixture: 'sync-over-async/long-argument-lists.cs', ruleId: 'ASY003', about: 'GetResult', message: /^'SubscribeAsync\(\.\.\.\)\.AsTask\(\)\.GetAwaiter\(\)\.GetResult\(\)' blocks the thread on a task/ },
  // A chain longer than a note's quote still ends, in the message, with the operator or member that blocks or whose task is dropped.
  { fixture: 'sync-api-in-async/long-query-chains.cs', ruleId: 'ASY002', about: 'FirstOrDefault', message: /^'…ThenInclude\(\.\.\.\)\.FirstOrDefault' runs the query synchronously; await 'FirstOrDefaultAsync' instead$/ },
  { fixture: 'sync-api-in-async/long-query-chains.cs', ruleId: 'ASY002', about: 'StoreAsync', message: /^'…Regional(\.Regional)*\.Archive\.Store' runs synchronously; await 'IArchive\.StoreAsync' instead$/ },
  { fixture: 'unobserved-task/long-dropped-chains.cs', ruleId: 'ASY022', about: 'ForwardAsync', message: /^The task '…Upstream(\.Upstream)*\.ForwardAsync\(\.\.\.\)' returns is dropped$/ },
  // A wait on a cancellation token's handle is a pause that cancellation ends early: the words name Task.Delay with the token, not an event's replacement; another handle keeps the event's.
  { fixture: 'blocking-lock-in-async/cancellation-token-waits.cs', ruleId: 'ASY004', about: 'cancellationToken.WaitHandle', message: /blocks the thread until the timeout passes or the token is cancelled$/, note: /signaled only when the token is cancelled.*Instead: `await Task\.Delay\(timeout, token\)`/, fix: /^Await Task\.Delay with the token instead$/ },
  { fixture: 'blocking-lock-in-async/cancellation-token-waits.cs', ruleId: 'ASY004', about: '_stopping.Token.WaitHandle', message: /until the timeout passes or the token is cancelled$/, fix: /^Await Task\.Delay with the token instead$/ },
  { fixture: 'blocking-lock-in-async/cancellation-token-waits.cs', ruleId: 'ASY004', about: "'token.WaitHandle", message: /blocks the thread until the token is cancelled$/ },
  { fixture: 'blocking-lock-in-async/cancellation-token-waits.cs', ruleId: 'ASY004', about: '_arrived', message: /until another thread signals it$/, fix: /^Await a TaskCompletionSource instead of waiting on the event$/ },
  // A wait in a lambda a framework method takes as a void delegate: made async it would be async void, so the title says so; a workspace method's lambda keeps the usual title.
  { fixture: 'sync-over-async/void-callback-lambdas.cs', ruleId: 'ASY003', about: 'GetResult', message: /blocks the thread on a task/, fix: /^The lambda cannot usefully become async: CancellationToken\.Register takes an Action there, which returns void, so an async lambda would be async void/ },
  { fixture: 'sync-over-async/void-callback-lambdas.cs', ruleId: 'ASY003', about: 'batch', message: /blocks the thread on a task/, fix: /^The lambda cannot usefully become async: List\.ForEach takes an Action<long\[\]> there/ },
  { fixture: 'sync-over-async/void-callback-lambdas.cs', ruleId: 'ASY003', about: 'ids', line: 30, message: /blocks the thread on a task/, fix: /^Make the lambda async and await the task \(changes the delegate type it is passed as\)$/ },
  { fixture: 'sync-over-async/void-callback-lambdas.cs', ruleId: 'ASY003', about: 'ids', line: 35, message: /blocks the thread on a task/, fix: /^Make the lambda async and await the task \(changes the delegate type it is passed as\)$/ },
  // A virtual method's null task that every concrete subclass of its abstract class overrides is a default no dispatched call reaches: information, with the reason; a subclass that keeps it, a base call or a class that is not abstract keeps the warning.
  { fixture: 'null-task-return/overridden-defaults.cs', ruleId: 'ASY023', about: "'CaptureAsync'", line: 14, message: /returns a null task/, note: /Shown as information: 'Recorder' is abstract and both of its concrete subclasses override 'CaptureAsync', so no call reaches this default today/, severity: 'information' },
  { fixture: 'null-task-return/overridden-defaults.cs', ruleId: 'ASY023', about: "'CaptureAsync'", line: 20, message: /returns a null task/, severity: 'warning' },
  { fixture: 'null-task-return/overridden-defaults.cs', ruleId: 'ASY023', about: "'ExportAsync'", message: /returns a null task/, severity: 'warning' },
  { fixture: 'null-task-return/overridden-defaults.cs', ruleId: 'ASY023', about: "'UploadAsync'", message: /returns a null task/, severity: 'warning' },
  { fixture: 'null-task-return/overridden-defaults.cs', ruleId: 'ASY023', about: "'NotifyAsync'", message: /returns a null task/, severity: 'warning' },
  // A dropped task every target returns faulted (Task.FromException): the call never does its work, and the message says so; a virtual default another instance may override does not.
  { fixture: 'unobserved-task/always-faulted.cs', ruleId: 'ASY022', about: '_closed.EnterAsync', message: /is dropped, and it always faults: the call never does its work$/, note: /Phase\.EnterAsync, the method the call runs \(nothing overrides it for this receiver\), returns only Task\.FromException/ },
  { fixture: 'unobserved-task/always-faulted.cs', ruleId: 'ASY022', about: '_closed.LeaveAsync', message: /always faults/ },
  { fixture: 'unobserved-task/always-faulted.cs', ruleId: 'ASY022', about: '_closed.RestartAsync', message: /always faults/ },
  { fixture: 'unobserved-task/always-faulted.cs', ruleId: 'ASY022', about: '_any.EnterAsync', message: /is dropped: its exception is lost$/ },
  { fixture: 'unobserved-task/always-faulted.cs', ruleId: 'ASY022', about: 'RefuseAsync', message: /always faults/, note: /Session\.RefuseAsync, the method the call runs, returns only/ },
  // A private method's null task every call tests for null (the null-task convention): information; an await, an untested store, a method others can call or a method group keeps the warning.
  { fixture: 'null-task-return/caller-tested-nulls.cs', ruleId: 'ASY023', about: "'WriteRow'", message: /returns a null task/, note: /Shown as information: 'WriteRow' is private and each of its 3 calls tests the task it returns for null, drops it or returns it to callers that test it \(the null-task convention/, severity: 'information' },
  { fixture: 'null-task-return/caller-tested-nulls.cs', ruleId: 'ASY023', about: "'WriteTrailer'", message: /returns a null task/, note: /'WriteTrailer' is private and its one call tests/, severity: 'information', fix: /^Return Task\.CompletedTask instead of null \(its callers test for null: check them\)$/ },
  { fixture: 'null-task-return/caller-tested-nulls.cs', ruleId: 'ASY023', about: "'Reload'", message: /returns a null task/, severity: 'warning', fix: /^Return Task\.CompletedTask instead of null$/ },
  { fixture: 'null-task-return/caller-tested-nulls.cs', ruleId: 'ASY023', about: "'Prefetch'", message: /returns a null task/, severity: 'warning' },
  { fixture: 'null-task-return/caller-tested-nulls.cs', ruleId: 'ASY023', about: "'Step'", message: /returns a null task/, severity: 'warning' },
  // A lambda handed to System.Threading.Timer or ThreadPool.QueueUserWorkItem runs on a pool thread without a context, as a Task.Run lambda does; Parallel.For's may run on the caller's thread.
  { fixture: 'sync-over-async/wait-inside-timer-callback.cs', ruleId: 'ASY003', about: 'GetResult', message: /blocks the thread on a task/, note: /System\.Threading\.Timer runs this function on a thread-pool thread, which has no SynchronizationContext, so the wait cannot deadlock on a context here/, severity: 'information' },
  { fixture: 'sync-over-async/wait-inside-timer-callback.cs', ruleId: 'ASY003', about: 'Wait', line: 27, message: /blocks the thread on a task/, note: /ThreadPool\.QueueUserWorkItem runs this function on a thread-pool thread, which has no SynchronizationContext/, severity: 'information' },
  { fixture: 'sync-over-async/wait-inside-timer-callback.cs', ruleId: 'ASY003', about: 'Wait', line: 35, message: /blocks the thread on a task/, note: /deadlocks where a single-threaded SynchronizationContext/ },
  // An entry local assigned again is judged by the archives of all its values: Read mode only is information, an Update-mode one keeps the warning.
  { fixture: 'sync-api-in-async/zip-entry-assigned-again.cs', ruleId: 'ASY002', about: 'entry.Open', line: 22, message: /blocks the thread/, note: /The archive is opened in Read mode/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-assigned-again.cs', ruleId: 'ASY002', about: 'entry.Open', line: 37, message: /blocks the thread/, note: /In Update mode/, severity: 'warning' },
  // An entry local written again by a deconstruction or as a named out argument may hold the later value, here from an Update-mode archive.
  { fixture: 'sync-api-in-async/zip-entry-deconstructed-again.cs', ruleId: 'ASY002', about: 'entry.Open', line: 18, message: /blocks the thread/, note: /The archive is opened in Read mode/, severity: 'information' },
  { fixture: 'sync-api-in-async/zip-entry-deconstructed-again.cs', ruleId: 'ASY002', about: 'entry.Open', line: 33, message: /blocks the thread/, note: /In Update mode/, severity: 'warning' },
  { fixture: 'sync-api-in-async/zip-entry-deconstructed-again.cs', ruleId: 'ASY002', about: 'entry!.Open', line: 46, message: /blocks the thread/, note: /In Update mode/, severity: 'warning' },
  // A worker started under a lock is judged as a handler (no "Return Task"); one a Task-returning method starts outside a lock keeps the advice.
  { fixture: 'async-void/worker-starts.cs', ruleId: 'ASY020', about: 'Pump', line: 55, message: /^Async void method 'Pump': an exception from its awaits is not caught$/, note: /every call of it is in code that could not await it \(Send\)/ },
  { fixture: 'async-void/worker-starts.cs', ruleId: 'ASY020', about: 'Flush', line: 111, message: /callers cannot await it or catch its exceptions/, note: /^Return Task/ },
  // A call through base runs the base's completed-task default, whatever overrides it; the same call on this may run an override.
  { fixture: 'unobserved-task/base-completed-defaults.cs', ruleId: 'ASY022', about: 'base.AfterRefresh', line: 29, message: /^The task 'base\.AfterRefresh\(item, token\)' returns is dropped$/, note: /A call through base runs the base's own declaration/ },
  { fixture: 'unobserved-task/base-completed-defaults.cs', ruleId: 'ASY022', about: 'AfterRefresh', line: 21, message: /its exception is lost/ },
  // A wrapper that hands on the same member of another instance is as backed as the implementations it reaches; one that hands on another member is not judged.
  { fixture: 'valuetask-misuse/dispatched-wrapper-delegation.cs', ruleId: 'ASY024', about: 'OpenAsync', line: 68, message: /is a ValueTask of a member code outside the workspace may implement/, note: /Shown as information: each of the 3 implementations the workspace declares for IStreamSource/, severity: 'information' },
  { fixture: 'valuetask-misuse/dispatched-wrapper-delegation.cs', ruleId: 'ASY024', about: 'OpenRawAsync', line: 70, message: /may not have completed: blocking on it is undefined/, severity: 'warning' },
];

before(ready);

for (const row of ROWS) {
  test(`${row.fixture}: ${row.ruleId} about ${row.about}${row.line ? ` on line ${row.line}` : ''}`, () => {
    const file = path.join(repoRoot, 'test', 'fixtures', 'rules', row.fixture);
    // A fixture in a folder is analysed with the folder's other files, as the rule fixtures run it.
    const files = row.fixture.split('/').length > 2
      ? fs.readdirSync(path.dirname(file)).filter((n) => n.endsWith('.cs')).map((n) => path.join(path.dirname(file), n))
      : [file];
    const result = analyseProject(files.map((f) => ({ path: f, text: fs.readFileSync(f, 'utf8') })), fixtureRuleSelection(row.fixture.split('/')[0], RULES));
    const analysed = result.files.find((f) => f.path === file)!;
    const text = analysed.text;
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
    const found = analysed.findings.filter((f) => f.ruleId === row.ruleId && f.message.includes(row.about) && (row.line === undefined || lineOf(f.span.start) === row.line));
    assert.equal(found.length, 1, `one ${row.ruleId} finding about ${row.about}: ${JSON.stringify(found.map((f) => f.message))}`);
    assert.match(found[0].message, row.message);
    if (row.note) assert.match(found[0].note ?? '', row.note);
    if (row.fix) assert.match(found[0].fix?.title ?? '', row.fix);
    if (row.severity) assert.equal(found[0].severity, row.severity);
  });
}
