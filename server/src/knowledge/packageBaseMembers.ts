/**
 * Members that generic base types of packages the API signature database does not cover give their subclasses, typed
 * in the base's type parameters. A view `class MainWindow : ReactiveWindow<MainWindowViewModel>` reads `ViewModel`,
 * which ReactiveUI declares as `TViewModel? ViewModel { get; set; }`: with a row here the typing knows that in
 * MainWindow `ViewModel` is a `MainWindowViewModel?`, through a workspace base that passes its own type parameter on
 * (`WindowBase<TViewModel> : ReactiveWindow<TViewModel>`) too (workspace/index.ts packageBaseMemberType). Without it,
 * every call through `ViewModel?.` is a call on an unknown receiver, and a task it drops is not seen.
 *
 * Only members whose type is a type parameter are listed: they are what the base's type arguments decide, and what a
 * rule cannot learn anywhere else. ReactiveUI's interface IViewFor<T> has no row: a class that implements it
 * declares ViewModel itself, which the typing reads from the workspace.
 */

export interface PackageBaseMember {
  name: string;
  /** Which of the base's type parameters the member's type is (0 for the first). */
  typeParameter: number;
  /** The member is declared nullable (`TViewModel?`): its type as seen is the argument with a `?`. */
  nullable: boolean;
}

export interface PackageBaseType {
  /** The namespaces that declare a type of this name and arity with these members: a file imports one for the simple name to mean it. */
  namespaces: readonly string[];
  /** The simple name, as a base list writes it (without type arguments). */
  name: string;
  arity: number;
  library: string;
  members: readonly PackageBaseMember[];
  source: string;
}

const VIEW_MODEL: readonly PackageBaseMember[] = [{ name: 'ViewModel', typeParameter: 0, nullable: true }];

export const PACKAGE_BASE_TYPES: readonly PackageBaseType[] = [
  {
    // ReactiveUI.Wpf (namespace ReactiveUI), ReactiveUI.Avalonia (ReactiveUI.Avalonia, formerly Avalonia.ReactiveUI)
    // and ReactiveUI.Maui (ReactiveUI.Maui) each declare a ReactiveWindow<TViewModel> whose ViewModel is `TViewModel?`.
    namespaces: ['ReactiveUI', 'ReactiveUI.Avalonia', 'Avalonia.ReactiveUI', 'ReactiveUI.Maui'],
    name: 'ReactiveWindow',
    arity: 1,
    library: 'ReactiveUI (WPF, Avalonia, MAUI)',
    members: VIEW_MODEL,
    source: 'https://www.reactiveui.net/api/reactiveui.reactivewindow-1',
  },
  {
    namespaces: ['ReactiveUI', 'ReactiveUI.Avalonia', 'Avalonia.ReactiveUI', 'ReactiveUI.Winforms'],
    name: 'ReactiveUserControl',
    arity: 1,
    library: 'ReactiveUI (WPF, WinForms, Avalonia)',
    members: VIEW_MODEL,
    source: 'https://www.reactiveui.net/api/reactiveui.reactiveusercontrol-1',
  },
  {
    namespaces: ['ReactiveUI'],
    name: 'ReactivePage',
    arity: 1,
    library: 'ReactiveUI (WPF, WinUI)',
    members: VIEW_MODEL,
    source: 'https://www.reactiveui.net/api/reactiveui.reactivepage-1',
  },
];

const BY_NAME = new Map<string, PackageBaseType[]>();
for (const row of PACKAGE_BASE_TYPES) BY_NAME.set(row.name, [...(BY_NAME.get(row.name) ?? []), row]);

/** The rows for a base type's simple name and arity, or none. */
export function packageBaseTypesNamed(simpleName: string, arity: number): readonly PackageBaseType[] {
  return (BY_NAME.get(simpleName) ?? []).filter((row) => row.arity === arity);
}
