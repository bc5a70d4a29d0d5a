/**
 * Whether an async void event handler runs on a WPF UI thread of an application that marks dispatcher exceptions
 * handled, where an exception it lets escape goes to the application's Application.DispatcherUnhandledException
 * handler and the process goes on (knowledge/wpfDispatcherExceptions.ts). ASY020 says so in its note and shows such a
 * handler as information, as it does a Windows Forms one (winFormsHandlers.ts): the ScreenToGif round of the
 * thirty-eighth session (test/real-world/README.md) found the claim that the process ends false for every window
 * handler it drew, since the application logs the exception, shows it and sets Handled.
 */
import type { MethodBody } from '../model/types';
import { indexMemo, typeFamily, usingsInScope } from '../workspace/index';
import type { WorkspaceIndex } from '../workspace/index';
import { handlerOwner, simpleName, subscriptionOwner, uiThreadPhrase, type FixedSignatureKind } from './uiThreadHandlers';
import { DISPATCHER_UNHANDLED_EXCEPTION_ARGS, OTHER_UI_ELEMENT_NAMESPACES, OTHER_XAML_NAMESPACES, WPF_CODE_BEHIND_NAMESPACE, WPF_ELEMENT_BASES } from '../knowledge/wpfDispatcherExceptions';
import { fileApiScopeOf } from '../signatures/provider';
import type { RuleContext } from './types';


/**
 * The application handler that marks every dispatcher exception handled (`Type.Method`), or null: a method of the
 * workspace whose second parameter is a DispatcherUnhandledExceptionEventArgs and which sets its Handled to true on
 * every path. The whole workspace is asked, not the handler's project: the windows of a WPF application often live in
 * libraries its App project loads. One of the file's own project is named where there is one (a repository with two
 * WPF applications, a main one and a tool, has a handler in each).
 */
function handlingApplicationHandler(index: WorkspaceIndex, file: string): string | null {
  const whole = index.whole ?? index;
  const handlers = indexMemo(whole, 'wpfDispatcherExceptionsHandledBy', () => {
    const found: { file: string; name: string }[] = [];
    for (const [path, model] of whole.files) {
      for (const body of model.bodies) {
        const args = body.parameters[1]?.typeText;
        if (body.marksEventHandled && args && simpleName(args) === DISPATCHER_UNHANDLED_EXCEPTION_ARGS.name) {
          found.push({ file: path, name: `${body.containingType?.split('.').pop() ?? ''}.${body.name}` });
        }
      }
    }
    return found;
  });
  if (handlers.length === 0) return null;
  const project = fileApiScopeOf(file)?.project ?? null;
  const own = project === null ? undefined : handlers.find((h) => fileApiScopeOf(h.file)?.project === project);
  return (own ?? handlers[0]).name;
}

/**
 * What makes the handler's type a WPF element, as a phrase (`a WPF Window`), or null: it derives from one of
 * WPF_ELEMENT_BASES (its own declaration or a workspace base's), or it is the code-behind of a XAML file of WPF's (a
 * `.xaml.cs` file that imports System.Windows and no other XAML framework's namespace; Windows Forms', which a WPF
 * window may import for a NotifyIcon, does not count, since Windows Forms has no XAML). A code-behind's partial class
 * often names no base: the XAML's root element (`<local:ExWindow x:Class="...">`) gives it, and WPF creates the
 * element, and raises the events the XAML wires to it, on the UI thread.
 */
function wpfElementOf(ctx: RuleContext, owner: string | undefined): string | null {
  if (!owner) return null;
  const usings = new Set(usingsInScope(ctx.model, ctx.index, ctx.file));
  const ambiguous = OTHER_UI_ELEMENT_NAMESPACES.some((n) => usings.has(n));
  for (const written of typeFamily(ctx.index, owner)) {
    const name = simpleName(written);
    const row = WPF_ELEMENT_BASES.find((r) => r.name === name);
    if (!row) continue;
    if (written.startsWith(`${row.namespace}.`) || (usings.has(row.namespace) && !ambiguous)) return `a WPF ${name}`;
  }
  const otherXaml = OTHER_XAML_NAMESPACES.some((n) => usings.has(n));
  if (/\.xaml\.cs$/i.test(ctx.file) && usings.has(WPF_CODE_BEHIND_NAMESPACE) && !otherXaml) return 'the code-behind of a WPF XAML file';
  return null;
}

/** Where a WPF handler runs (`ShelfWindow is a WPF Window, whose events run on the UI thread`) and which application handler marks its exception handled. */
export interface WpfHandledUiThread {
  where: string;
  handler: string;
}

/**
 * Why the exception from this handler is handled by the application, or null: the handler belongs to a WPF window or
 * control (or a WPF code-behind), it is not called from a background thread as far as its shape says (event arguments
 * of a System.Timers.Timer's or a FileSystemWatcher's event, a method the file hands to a timer, a thread or the pool:
 * uiThreadHandlers.ts handlerOwner), and a handler in the workspace marks dispatcher exceptions handled. Without such
 * a handler WPF ends the process, and the handler keeps its warning whatever its signature.
 */
export function wpfHandledUiThreadOf(ctx: RuleContext, body: MethodBody, kind: FixedSignatureKind = 'eventHandler', masked?: string): WpfHandledUiThread | null {
  const owner = handlerOwner(body, kind, masked);
  return owner === null ? null : handledIn(ctx, owner, kind);
}

/**
 * The same for an async lambda subscribed to an event (`dialog.Closed += async (s, e) => ...`, ASY021), written in a
 * WPF window or control: the subscription is to that element's or another UI element's event unless the event has the
 * name of one .NET raises on a pool thread, or the lambda's second parameter says so.
 */
export function wpfHandledSubscriptionOf(ctx: RuleContext, lambda: MethodBody, eventText: string): WpfHandledUiThread | null {
  const owner = subscriptionOwner(ctx, lambda, eventText);
  return owner === null ? null : handledIn(ctx, owner, 'eventHandler');
}

function handledIn(ctx: RuleContext, owner: string | undefined, kind: FixedSignatureKind): WpfHandledUiThread | null {
  const element = wpfElementOf(ctx, owner);
  if (!element) return null;
  const handler = handlingApplicationHandler(ctx.index, ctx.file);
  return handler ? { where: `${owner} is ${element}, ${uiThreadPhrase(kind)}`, handler } : null;
}

/** The sentence of a note that says where the exception goes: `what` is `handler` or `lambda`. */
export function wpfHandledSentence(found: WpfHandledUiThread, what: string): string {
  return `${found.where}: an exception escaping an async void ${what} there is rethrown on the UI thread's dispatcher, which raises Application.DispatcherUnhandledException, and ${found.handler} marks it handled, so the process goes on but the rest of the ${what} does not run.`;
}
