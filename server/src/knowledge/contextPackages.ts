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
  /**
   * The package is a UI framework: a class library that references it holds controls, views or view models that run
   * on an application's UI thread (project/libraryCode.ts). A library that only runs a message loop on purpose
   * (Nito.AsyncEx's AsyncContext) is ordinary library code and leaves this out.
   */
  ui?: true;
  /**
   * The application that loads a library referencing the package as its extension, when there is one: Visual
   * Studio loads a VSIX's assemblies into its own process, so its code runs there whatever the project's
   * OutputType or package properties say, and the project's references to applications are what the VSIX packs,
   * not hosts it plugs into.
   */
  extensionOf?: string;
  /**
   * The context exists only on a thread the application's own code hands to it (`AsyncContext.Run(() => MainAsync())`
   * in a console program's Main), not wherever the package is referenced: most code takes Nito.AsyncEx for AsyncLock
   * and its other primitives. Such a row counts only for a console application's own reference
   * (project/synchronizationContext.ts contextPackageSeen); an ASP.NET Core application that sees it through a library
   * of its own (Ombi, whose helpers take Nito.AsyncEx for an AsyncLock) runs without a context all the same.
   */
  startedByApplication?: true;
  source: string;
}

export const CONTEXT_PACKAGES: readonly ContextPackage[] = [
  { id: 'Avalonia', context: 'AvaloniaSynchronizationContext', ui: true, source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Threading/AvaloniaSynchronizationContext.cs' },
  { id: 'Avalonia.', context: 'AvaloniaSynchronizationContext', ui: true, source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Threading/AvaloniaSynchronizationContext.cs' },
  { id: 'Uno.WinUI', context: 'the dispatcher queue\'s context of Uno Platform\'s WinUI', ui: true, source: 'https://platform.uno/docs/articles/features/winui-dispatcherqueue.html' },
  { id: 'Uno.UI', context: 'the dispatcher\'s context of Uno Platform', ui: true, source: 'https://platform.uno/docs/articles/features/winui-dispatcherqueue.html' },
  { id: 'Microsoft.WindowsAppSDK', context: 'DispatcherQueueSynchronizationContext', ui: true, source: 'https://learn.microsoft.com/windows/windows-app-sdk/api/winrt/microsoft.ui.dispatching.dispatcherqueuesynchronizationcontext' },
  { id: 'Microsoft.Maui.Controls', context: 'the dispatcher\'s context of .NET MAUI', ui: true, source: 'https://learn.microsoft.com/dotnet/maui/platform-integration/appmodel/main-thread' },
  { id: 'Xamarin.Forms', context: 'the main thread\'s context of each platform', ui: true, source: 'https://learn.microsoft.com/xamarin/essentials/main-thread' },
  { id: 'Eto.Forms', context: 'the platform\'s UI context (Eto wraps WPF, WinForms, GTK and Cocoa)', ui: true, source: 'https://github.com/picoe/Eto/wiki/Application' },
  { id: 'GtkSharp', context: 'GLib.GLibSynchronizationContext', ui: true, source: 'https://github.com/GtkSharp/GtkSharp/blob/develop/Source/Libs/GLibSharp/GLibSynchronizationContext.cs' },
  { id: 'Terminal.Gui', context: 'MainLoopSyncContext', ui: true, source: 'https://github.com/gui-cs/Terminal.Gui (Application.Init installs a MainLoopSyncContext)' },
  // A Visual Studio extension runs in Visual Studio's process, where the UI thread has WPF's
  // DispatcherSynchronizationContext and much of an extension's code (commands, tool windows, solution events) is
  // called on that thread; JoinableTaskFactory exists so that such code can block on async work without deadlocking
  // it. The SDK's packages say a project is such an extension: the SDK's meta package, the shell's assemblies, the
  // build tools that pack a VSIX, and the community toolkit over them. The out-of-process extensibility model
  // (Microsoft.VisualStudio.Extensibility.Sdk) runs in a process of its own without that thread and is not listed.
  { id: 'Microsoft.VisualStudio.Sdk', context: "Visual Studio's UI thread (WPF's DispatcherSynchronizationContext)", ui: true, extensionOf: 'Visual Studio', source: 'https://learn.microsoft.com/visualstudio/extensibility/managing-multiple-threads-in-managed-code ("How to: Manage multiple threads in managed code": the UI thread, JoinableTaskFactory); https://www.nuget.org/packages/Microsoft.VisualStudio.SDK' },
  { id: 'Microsoft.VisualStudio.Shell.15.0', context: "Visual Studio's UI thread (WPF's DispatcherSynchronizationContext)", ui: true, extensionOf: 'Visual Studio', source: 'https://learn.microsoft.com/visualstudio/extensibility/managing-multiple-threads-in-managed-code; https://www.nuget.org/packages/Microsoft.VisualStudio.Shell.15.0' },
  { id: 'Microsoft.VisualStudio.Shell.Framework', context: "Visual Studio's UI thread (WPF's DispatcherSynchronizationContext)", ui: true, extensionOf: 'Visual Studio', source: 'https://learn.microsoft.com/visualstudio/extensibility/managing-multiple-threads-in-managed-code; https://www.nuget.org/packages/Microsoft.VisualStudio.Shell.Framework' },
  { id: 'Microsoft.VSSDK.BuildTools', context: "Visual Studio's UI thread (WPF's DispatcherSynchronizationContext)", ui: true, extensionOf: 'Visual Studio', source: 'https://www.nuget.org/packages/Microsoft.VSSDK.BuildTools (builds the VSIX container Visual Studio installs and loads); https://learn.microsoft.com/visualstudio/extensibility/managing-multiple-threads-in-managed-code' },
  { id: 'Community.VisualStudio.Toolkit.', context: "Visual Studio's UI thread (WPF's DispatcherSynchronizationContext)", ui: true, extensionOf: 'Visual Studio', source: 'https://github.com/VsixCommunity/Community.VisualStudio.Toolkit (a library for writing in-process Visual Studio extensions)' },
  // osu!framework runs a game on threads of its own (update, draw, audio, input) and installs a
  // GameThreadSynchronizationContext on each as it makes the thread current, so a game's drawables, screens and
  // overlays run their awaits' continuations on the update thread, as a UI framework's controls do on the UI thread.
  // The platform packages (ppy.osu.Framework.Android, .iOS) bring the same framework to mobile applications.
  { id: 'ppy.osu.Framework', context: 'GameThreadSynchronizationContext (each game thread, the update thread among them)', ui: true, source: 'https://github.com/ppy/osu-framework/blob/master/osu.Framework/Threading/GameThreadSynchronizationContext.cs; https://github.com/ppy/osu-framework/blob/master/osu.Framework/Threading/GameThread.cs (MakeCurrent sets it)' },
  { id: 'ppy.osu.Framework.', context: 'GameThreadSynchronizationContext (each game thread, the update thread among them)', ui: true, source: 'https://github.com/ppy/osu-framework/blob/master/osu.Framework/Threading/GameThreadSynchronizationContext.cs; https://github.com/ppy/osu-framework/blob/master/osu.Framework/Threading/GameThread.cs (MakeCurrent sets it)' },
  { id: 'Nito.AsyncEx', context: 'AsyncContext (AsyncContext.Run runs the task on one thread)', startedByApplication: true, source: 'https://github.com/StephenCleary/AsyncEx/wiki/AsyncContext' },
  { id: 'Nito.AsyncEx.Context', context: 'AsyncContext (AsyncContext.Run runs the task on one thread)', startedByApplication: true, source: 'https://github.com/StephenCleary/AsyncEx/wiki/AsyncContext' },
];

/**
 * Target platforms whose applications start on a main thread with a SynchronizationContext of the platform's own, as a
 * UI framework's do: an `OutputType Exe` that targets `net8.0-android` or `net8.0-ios` is a mobile app (its own
 * activity or app delegate, a game framework's host), not a console application, whatever packages it takes.
 */
export interface PlatformContext {
  /** The platform of a .NET 5+ target framework moniker, lower case: `android` of `net8.0-android`. */
  platform: string;
  context: string;
  source: string;
}

export const PLATFORM_CONTEXTS: readonly PlatformContext[] = [
  { platform: 'android', context: 'Android.App.SyncContext on the main looper', source: 'https://github.com/dotnet/android/blob/main/src/Mono.Android/Android.App/SyncContext.cs' },
  { platform: 'ios', context: 'UIKitSynchronizationContext on the main run loop', source: 'https://github.com/xamarin/xamarin-macios/blob/main/src/UIKit/UIKitSynchronizationContext.cs' },
  { platform: 'tvos', context: 'UIKitSynchronizationContext on the main run loop', source: 'https://github.com/xamarin/xamarin-macios/blob/main/src/UIKit/UIKitSynchronizationContext.cs' },
  { platform: 'maccatalyst', context: 'UIKitSynchronizationContext on the main run loop', source: 'https://github.com/xamarin/xamarin-macios/blob/main/src/UIKit/UIKitSynchronizationContext.cs' },
  { platform: 'macos', context: 'AppKitSynchronizationContext on the main run loop', source: 'https://github.com/xamarin/xamarin-macios/blob/main/src/AppKit/AppKitSynchronizationContext.cs' },
];

/** The row for a target framework's platform (`android`, case-insensitive), or null for none or another one (`windows`, `browser`). */
export function platformContextOf(platform: string | null): PlatformContext | null {
  if (!platform) return null;
  const lower = platform.toLowerCase();
  return PLATFORM_CONTEXTS.find((p) => p.platform === lower) ?? null;
}

/**
 * The first of `packageIds` that installs a SynchronizationContext, as the project writes it, or null; the rows whose
 * context the application's own code starts (`startedByApplication`) only when asked.
 */
export function contextPackageOf(packageIds: readonly string[], startedByApplication: boolean): string | null {
  return packageIds.find((id) => CONTEXT_PACKAGES.some((p) => (startedByApplication || !p.startedByApplication) && packageMatches(p, id))) ?? null;
}

/** The first of `packageIds` that is a UI framework (a row marked `ui`), as the project writes it, or null. */
export function uiPackageOf(packageIds: readonly string[]): string | null {
  return packageIds.find((id) => CONTEXT_PACKAGES.some((p) => p.ui && packageMatches(p, id))) ?? null;
}

/** The application that loads a project referencing `packageId` as its extension (ContextPackage.extensionOf), or null. */
export function extensionHostOf(packageId: string): string | null {
  return CONTEXT_PACKAGES.find((p) => p.extensionOf && packageMatches(p, packageId))?.extensionOf ?? null;
}

function packageMatches(row: ContextPackage, id: string): boolean {
  const lower = id.toLowerCase();
  return row.id.endsWith('.') ? lower.startsWith(row.id.toLowerCase()) : lower === row.id.toLowerCase();
}
