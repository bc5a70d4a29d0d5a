/**
 * Where an exception from an async void event handler of a Windows Forms control goes. The handler starts on the UI
 * thread, whose SynchronizationContext is a WindowsFormsSynchronizationContext, and the async void builder rethrows an
 * escaping exception by posting it to that context (Control.BeginInvoke). Windows Forms runs posted callbacks from its
 * message loop and hands what one throws to Application.OnThreadException, which raises Application.ThreadException
 * or, when the application subscribes no handler, shows its own dialog that lets the user continue or quit: the
 * process goes on. rules/winFormsHandlers.ts reads these tables for ASY020.
 */

export interface KnowledgeRow {
  name: string;
  source: string;
}

/**
 * The default: "If you do not attach an event handler, OnThreadException will execute the default behavior, which
 * involves displaying a dialog box to inform the user that there has been an error", for "unhandled exceptions that
 * occur on threads owned by Windows Forms". UnhandledExceptionMode.ThrowException turns the routing off.
 */
export const THREAD_EXCEPTION_SOURCE = 'https://learn.microsoft.com/dotnet/api/system.windows.forms.application.onthreadexception';

/** The mode that lets such exceptions through to the runtime, which ends the process. */
export const THROW_EXCEPTION_MODE: KnowledgeRow = {
  name: 'ThrowException',
  source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.unhandledexceptionmode',
};

/**
 * System.Windows.Forms base classes whose events the control raises on the thread that owns its window (the UI
 * thread). Only Form is unambiguous by name: WPF and Avalonia have their own UserControl and Control, so those count
 * only in a file that imports System.Windows.Forms and neither of the others' namespaces.
 */
export const WINFORMS_FORM_BASES: readonly KnowledgeRow[] = [
  { name: 'Form', source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.form' },
];
export const WINFORMS_CONTROL_BASES: readonly KnowledgeRow[] = [
  { name: 'UserControl', source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.usercontrol' },
  { name: 'Control', source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.control' },
  { name: 'ContainerControl', source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.containercontrol' },
  { name: 'ScrollableControl', source: 'https://learn.microsoft.com/dotnet/api/system.windows.forms.scrollablecontrol' },
];

/** Namespaces whose UserControl and Control are not Windows Forms'. */
export const OTHER_UI_CONTROL_NAMESPACES: readonly string[] = ['System.Windows.Controls', 'Avalonia.Controls', 'Microsoft.UI.Xaml.Controls', 'Windows.UI.Xaml.Controls'];

/**
 * Event arguments of events that .NET raises on a thread-pool or other background thread even when a form subscribes
 * them: there the handler starts without the UI thread's context, and an exception it lets escape ends the process.
 */
export const BACKGROUND_THREAD_EVENT_ARGS: readonly KnowledgeRow[] = [
  // System.Timers.Timer raises Elapsed on a ThreadPool thread unless SynchronizingObject is set.
  { name: 'ElapsedEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.timers.timer.elapsed' },
  // FileSystemWatcher raises its events on a thread-pool thread unless SynchronizingObject is set.
  { name: 'FileSystemEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.io.filesystemwatcher.synchronizingobject' },
  { name: 'RenamedEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.io.filesystemwatcher.synchronizingobject' },
  { name: 'ErrorEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.io.filesystemwatcher.synchronizingobject' },
  // BackgroundWorker.DoWork runs its handler on a ThreadPool thread.
  { name: 'DoWorkEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.componentmodel.backgroundworker.dowork' },
  // Process.OutputDataReceived and ErrorDataReceived are raised on a thread that reads the redirected stream.
  { name: 'DataReceivedEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.diagnostics.process.outputdatareceived' },
  // SerialPort.DataReceived is raised on a secondary thread.
  { name: 'SerialDataReceivedEventArgs', source: 'https://learn.microsoft.com/dotnet/api/system.io.ports.serialport.datareceived' },
];

/**
 * The names of those events (FileSystemWatcher's Created, Changed, Deleted, Renamed and Error; System.Timers.Timer's
 * Elapsed; BackgroundWorker's DoWork; Process's OutputDataReceived and ErrorDataReceived; SerialPort's DataReceived),
 * for a lambda subscribed to one, whose parameters seldom say their types: a subscription to an event of one of these
 * names keeps the warning, whatever raises it.
 */
export const BACKGROUND_THREAD_EVENTS: readonly string[] = ['Created', 'Changed', 'Deleted', 'Renamed', 'Error', 'Elapsed', 'DoWork', 'OutputDataReceived', 'ErrorDataReceived', 'DataReceived'];

/**
 * Calls and creations that run a delegate they are handed on a thread-pool or a new thread, not on the thread that
 * hands it over. A method of a form or window handed to one of them starts without the UI thread's context, so an
 * exception escaping it as async void ends the process; rules/uiThreadHandlers.ts keeps the warning for such a method
 * (the Windows Forms timer takes no delegate, so `new Timer(Poll, ...)` is System.Threading's).
 */
export interface PoolThreadCallbackStart {
  /** `new` of the type, or a call of `member` on `receiver` (null: any receiver, as `.ContinueWith(`). */
  kind: 'creation' | 'call';
  receiver: string | null;
  /** The type created (simple name) or the member called. */
  member: string;
  /**
   * Whether the delegate surely runs without a SynchronizationContext: a pool thread or a new thread has none. Parallel
   * runs iterations on the calling thread too, and a continuation on TaskScheduler.Current, which may be the caller's
   * (or inline, with ExecuteSynchronously), so they are not; rules/contextFree.ts reads this.
   */
  withoutContext: boolean;
  source: string;
}

export const POOL_THREAD_CALLBACK_STARTS: readonly PoolThreadCallbackStart[] = [
  // "The method does not execute on the thread that created the timer; it executes on a ThreadPool thread."
  { kind: 'creation', receiver: null, member: 'Timer', withoutContext: true, source: 'https://learn.microsoft.com/dotnet/api/system.threading.timer' },
  { kind: 'creation', receiver: null, member: 'Thread', withoutContext: true, source: 'https://learn.microsoft.com/dotnet/api/system.threading.thread.-ctor' },
  { kind: 'call', receiver: 'ThreadPool', member: 'QueueUserWorkItem', withoutContext: true, source: 'https://learn.microsoft.com/dotnet/api/system.threading.threadpool.queueuserworkitem' },
  { kind: 'call', receiver: 'ThreadPool', member: 'UnsafeQueueUserWorkItem', withoutContext: true, source: 'https://learn.microsoft.com/dotnet/api/system.threading.threadpool.unsafequeueuserworkitem' },
  { kind: 'call', receiver: 'ThreadPool', member: 'RegisterWaitForSingleObject', withoutContext: true, source: 'https://learn.microsoft.com/dotnet/api/system.threading.threadpool.registerwaitforsingleobject' },
  { kind: 'call', receiver: 'Parallel', member: 'For', withoutContext: false, source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.parallel' },
  { kind: 'call', receiver: 'Parallel', member: 'ForEach', withoutContext: false, source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.parallel' },
  { kind: 'call', receiver: 'Parallel', member: 'Invoke', withoutContext: false, source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.parallel' },
  // A continuation runs on TaskScheduler.Current, the thread pool unless a scheduler is given.
  { kind: 'call', receiver: null, member: 'ContinueWith', withoutContext: false, source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.continuewith' },
];
