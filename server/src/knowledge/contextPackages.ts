/**
 * Packages that install a SynchronizationContext on an application's thread: UI frameworks that come as packages
 * rather than as an SDK property (UseWPF, UseWindowsForms, UseMaui, UseWinUI, which project/evaluate.ts reads), and
 * libraries that run a single-threaded message loop on purpose. An application that takes one of them may run a
 * continuation on the very thread that waits for it, so project/synchronizationContext.ts does not say it runs
 * without a context. A package missing from this table makes that module claim too much, so rows are cheap to add:
 * an id, or an id prefix ending in a dot, and the source that shows the context.
 */
export interface ContextPackage {
  /** The package id, or a prefix ending in a dot: `Avalonia.` covers Avalonia.Desktop and Avalonia.Controls.DataGrid. */
  id: string;
  /** The type that installs the context. */
  context: string;
  source: string;
}

export const CONTEXT_PACKAGES: readonly ContextPackage[] = [
  { id: 'Avalonia', context: 'AvaloniaSynchronizationContext', source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Threading/AvaloniaSynchronizationContext.cs' },
  { id: 'Avalonia.', context: 'AvaloniaSynchronizationContext', source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Threading/AvaloniaSynchronizationContext.cs' },
  { id: 'Uno.WinUI', context: 'the dispatcher queue\'s context of Uno Platform\'s WinUI', source: 'https://platform.uno/docs/articles/features/winui-dispatcherqueue.html' },
  { id: 'Uno.UI', context: 'the dispatcher\'s context of Uno Platform', source: 'https://platform.uno/docs/articles/features/winui-dispatcherqueue.html' },
  { id: 'Microsoft.WindowsAppSDK', context: 'DispatcherQueueSynchronizationContext', source: 'https://learn.microsoft.com/windows/windows-app-sdk/api/winrt/microsoft.ui.dispatching.dispatcherqueuesynchronizationcontext' },
  { id: 'Microsoft.Maui.Controls', context: 'the dispatcher\'s context of .NET MAUI', source: 'https://learn.microsoft.com/dotnet/maui/platform-integration/appmodel/main-thread' },
  { id: 'Xamarin.Forms', context: 'the main thread\'s context of each platform', source: 'https://learn.microsoft.com/xamarin/essentials/main-thread' },
  { id: 'Eto.Forms', context: 'the platform\'s UI context (Eto wraps WPF, WinForms, GTK and Cocoa)', source: 'https://github.com/picoe/Eto/wiki/Application' },
  { id: 'GtkSharp', context: 'GLib.GLibSynchronizationContext', source: 'https://github.com/GtkSharp/GtkSharp/blob/develop/Source/Libs/GLibSharp/GLibSynchronizationContext.cs' },
  { id: 'Terminal.Gui', context: 'MainLoopSyncContext', source: 'https://github.com/gui-cs/Terminal.Gui (Application.Init installs a MainLoopSyncContext)' },
  { id: 'Nito.AsyncEx', context: 'AsyncContext (AsyncContext.Run runs the task on one thread)', source: 'https://github.com/StephenCleary/AsyncEx/wiki/AsyncContext' },
  { id: 'Nito.AsyncEx.Context', context: 'AsyncContext (AsyncContext.Run runs the task on one thread)', source: 'https://github.com/StephenCleary/AsyncEx/wiki/AsyncContext' },
];

/** The first of `packageIds` that installs a SynchronizationContext, as the project writes it, or null. */
export function contextPackageOf(packageIds: readonly string[]): string | null {
  return packageIds.find((id) => {
    const lower = id.toLowerCase();
    return CONTEXT_PACKAGES.some((p) => (p.id.endsWith('.') ? lower.startsWith(p.id.toLowerCase()) : lower === p.id.toLowerCase()));
  }) ?? null;
}
