/**
 * Where an exception from an async void event handler of a WPF element goes. The handler starts on the UI thread,
 * whose SynchronizationContext is a DispatcherSynchronizationContext, and the async void builder rethrows an escaping
 * exception by posting it to that context (Dispatcher.BeginInvoke). The dispatcher runs the posted callback and raises
 * Dispatcher.UnhandledException, which an Application forwards as Application.DispatcherUnhandledException, for what it
 * throws: "If an exception is not handled on either a background user interface (UI) thread or the main UI thread, the
 * exception is raised by the DispatcherUnhandledException event ... Setting Handled to true ... prevents the
 * application from shutting down" (the source below). Without such a handler the process ends, as it does in WinUI
 * and MAUI. rules/wpfHandlers.ts reads these tables for ASY020.
 */
import type { KnowledgeRow } from './winFormsThreadExceptions';

export const DISPATCHER_UNHANDLED_EXCEPTION_SOURCE = 'https://learn.microsoft.com/dotnet/api/system.windows.application.dispatcherunhandledexception';

/**
 * The event arguments of Application.DispatcherUnhandledException and Dispatcher.UnhandledException (both
 * System.Windows.Threading.DispatcherUnhandledExceptionEventArgs), whose Handled an application's handler sets to keep
 * the process alive.
 */
export const DISPATCHER_UNHANDLED_EXCEPTION_ARGS: KnowledgeRow = {
  name: 'DispatcherUnhandledExceptionEventArgs',
  source: 'https://learn.microsoft.com/dotnet/api/system.windows.threading.dispatcherunhandledexceptioneventargs.handled',
};

/**
 * WPF element bases whose events the element raises on the thread that owns it (the UI thread). Window is
 * System.Windows'; the others are System.Windows.Controls', and Windows Forms, Avalonia and WinUI have types of the
 * same names, so each counts only in a file that imports its WPF namespace and none of theirs (or writes it qualified).
 */
export const WPF_ELEMENT_BASES: readonly (KnowledgeRow & { namespace: string })[] = [
  { name: 'Window', namespace: 'System.Windows', source: 'https://learn.microsoft.com/dotnet/api/system.windows.window' },
  { name: 'UserControl', namespace: 'System.Windows.Controls', source: 'https://learn.microsoft.com/dotnet/api/system.windows.controls.usercontrol' },
  { name: 'Page', namespace: 'System.Windows.Controls', source: 'https://learn.microsoft.com/dotnet/api/system.windows.controls.page' },
  { name: 'Control', namespace: 'System.Windows.Controls', source: 'https://learn.microsoft.com/dotnet/api/system.windows.controls.control' },
  { name: 'ContentControl', namespace: 'System.Windows.Controls', source: 'https://learn.microsoft.com/dotnet/api/system.windows.controls.contentcontrol' },
];

/** Namespaces of the other XAML frameworks (WinUI, UWP, MAUI, Avalonia), whose code-behinds are not WPF's. */
export const OTHER_XAML_NAMESPACES: readonly string[] = ['Avalonia.Controls', 'Microsoft.UI.Xaml', 'Microsoft.UI.Xaml.Controls', 'Windows.UI.Xaml', 'Windows.UI.Xaml.Controls', 'Microsoft.Maui.Controls'];

/** Namespaces whose Window, UserControl, Page and Control are not WPF's: those and Windows Forms'. */
export const OTHER_UI_ELEMENT_NAMESPACES: readonly string[] = ['System.Windows.Forms', ...OTHER_XAML_NAMESPACES];

/**
 * The namespace a WPF code-behind imports for its Window, RoutedEventArgs and the like (PresentationFramework's
 * System.Windows); Windows Forms has no XAML, and WinUI, UWP, MAUI and Avalonia keep theirs in the namespaces above.
 */
export const WPF_CODE_BEHIND_NAMESPACE = 'System.Windows';
