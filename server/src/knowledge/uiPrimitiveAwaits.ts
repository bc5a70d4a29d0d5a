/**
 * UI-framework awaits that practically never fault, read by ASY020 and ASY021 (rules/uiPrimitiveAwaits.ts): an async
 * void handler whose only awaits are these lets no exception escape there, as one whose awaits are `Task.Delay(100)`
 * or Blazor's `InvokeAsync(StateHasChanged)` (knowledge/componentRenders.ts) does. Each row says what the receiver must
 * be, since the member names alone (`RunAsync`) are common, and why the task does not fault, from the framework's
 * documentation or source.
 *
 * Left out on purpose, with the reason:
 * - Avalonia's `Dispatcher.UIThread.InvokeAsync(Action)` and `InvokeAsync(Func<T>)`: the operation's task ends with
 *   whatever the callback throws (DispatcherOperation.InvokeCore sets the exception on its task source) and is
 *   cancelled when the dispatcher aborts it at shutdown, so it is exactly as fault-free as the callback, which a table
 *   cannot tell.
 * - WinUI's `ContentDialog.ShowAsync`: it throws when another ContentDialog is already open on the thread ("Only a
 *   single ContentDialog can be open at any time", learn.microsoft.com/windows/winui/api/microsoft.ui.xaml.controls.
 *   contentdialog), a path real apps reach from a second click.
 * - WinUI's and UWP's `FileOpenPicker.PickSingleFileAsync` / `FileSavePicker` / `FolderPicker`: in a desktop (Win32)
 *   app the picker must first be given its window's handle (`InitializeWithWindow.Initialize`), and fails with a COM
 *   error when it was not (learn.microsoft.com/windows/apps/develop/ui-input/display-ui-objects), so the await can
 *   fault on a path a maintainer guards.
 */

/** What the awaited call's receiver must be for the row to hold. */
export type UiPrimitiveReceiver =
  /** A static call on the named type (`DragDrop.DoDragDrop(...)`), optionally namespace-qualified. */
  | { kind: 'staticType'; type: string }
  /**
   * The framework base's own property, read without a receiver of its own (`StorageProvider.OpenFilePickerAsync(...)`
   * in a Window): the framework never leaves it null. A workspace type of the caller's family that declares a member
   * of that name hides it (a view model's own `StorageProvider` getter could throw), and is refused.
   */
  | { kind: 'inheritedProperty'; property: string }
  /**
   * A local created with `new Type ...` (`var animation = new Animation { ... }`) and never assigned again, whose
   * creation does not mention any of `refusedIn` (a setting under which the call faults).
   */
  | { kind: 'newLocal'; type: string; refusedIn: readonly string[] };

export interface UiPrimitiveAwait {
  framework: string;
  /** The namespace the calling file must import (or the receiver's type must be qualified with). */
  namespace: string;
  /** The members awaited, by simple name. */
  members: readonly string[];
  receiver: UiPrimitiveReceiver;
  /** Why the awaited task does not fault, in a sentence. */
  why: string;
  source: string;
}

export const UI_PRIMITIVE_AWAITS: readonly UiPrimitiveAwait[] = [
  {
    framework: 'Avalonia',
    namespace: 'Avalonia.Animation',
    members: ['RunAsync'],
    receiver: { kind: 'newLocal', type: 'Animation', refusedIn: ['Infinite'] },
    why: 'Animation.RunAsync completes its task when the animation ends and also, with a result, when the token is '
      + 'cancelled; it faults only for a looping animation (IterationCount Infinite), which the row refuses.',
    source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Animation/Animation.cs',
  },
  {
    framework: 'Avalonia',
    namespace: 'Avalonia.Input',
    members: ['DoDragDrop', 'DoDragDropAsync'],
    receiver: { kind: 'staticType', type: 'DragDrop' },
    why: 'DragDrop.DoDragDrop hands back the drop effect the target chose (DragDropEffects.None when the platform has '
      + 'no drag source), not an error.',
    source: 'https://github.com/AvaloniaUI/Avalonia/blob/master/src/Avalonia.Base/Input/DragDrop.cs',
  },
  {
    framework: 'Avalonia',
    namespace: 'Avalonia.Platform.Storage',
    members: ['OpenFilePickerAsync', 'SaveFilePickerAsync', 'OpenFolderPickerAsync'],
    receiver: { kind: 'inheritedProperty', property: 'StorageProvider' },
    why: 'The pickers hand back the chosen items, or an empty list (null for the save picker) when the user cancels; '
      + 'TopLevel.StorageProvider falls back to a provider that picks nothing where the platform has no picker.',
    source: 'https://api-docs.avaloniaui.net/docs/M_Avalonia_Platform_Storage_IStorageProvider_OpenFilePickerAsync',
  },
];
