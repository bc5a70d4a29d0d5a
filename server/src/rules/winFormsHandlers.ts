/**
 * Whether an async void event handler runs on a Windows Forms UI thread, where an exception it lets escape goes to
 * Application.ThreadException (the application's handler, or Windows Forms' own continue-or-quit dialog) instead of
 * ending the process (knowledge/winFormsThreadExceptions.ts). ASY020 says so in its note and shows such a handler as
 * information: the seeded reading of ShareX (test/real-world/README.md, thirty-fifth session) found the claim that the
 * process ends false for every UI-thread handler it drew.
 */
import type { MethodBody } from '../model/types';
import { callersOf, typeFamily, usingsInScope } from '../workspace/index';
import { OTHER_UI_CONTROL_NAMESPACES, THROW_EXCEPTION_MODE, WINFORMS_CONTROL_BASES, WINFORMS_FORM_BASES } from '../knowledge/winFormsThreadExceptions';
import { handlerOwner, simpleName, subscriptionOwner, uiThreadPhrase, type FixedSignatureKind } from './uiThreadHandlers';
import type { RuleContext } from './types';

const FORM_BASES = new Set(WINFORMS_FORM_BASES.map((r) => r.name));
const CONTROL_BASES = new Set(WINFORMS_CONTROL_BASES.map((r) => r.name));

/**
 * The Windows Forms base the handler's type derives from (its own declaration or a workspace base's), or null. Form
 * counts where the file imports System.Windows.Forms or writes the base qualified; UserControl and Control only where
 * the file imports System.Windows.Forms and none of the namespaces with controls of those names.
 */
function winFormsBaseOf(ctx: RuleContext, owner: string | undefined): string | null {
  if (!owner) return null;
  const usings = new Set(usingsInScope(ctx.model, ctx.index, ctx.file));
  const importsWinForms = usings.has('System.Windows.Forms');
  const ambiguous = OTHER_UI_CONTROL_NAMESPACES.some((n) => usings.has(n));
  for (const written of typeFamily(ctx.index, owner)) {
    const name = simpleName(written);
    const qualified = written.startsWith('System.Windows.Forms.');
    if (FORM_BASES.has(name) && (importsWinForms || qualified)) return name;
    if (CONTROL_BASES.has(name) && ((importsWinForms && !ambiguous) || qualified)) return name;
  }
  return null;
}

/** Whether some code of the workspace sets UnhandledExceptionMode.ThrowException, which lets the exception end the process. */
function throwsThreadExceptions(ctx: RuleContext): boolean {
  return callersOf(ctx.index, 'SetUnhandledExceptionMode').some((c) => c.call.argumentTexts.some((a) => a.includes(THROW_EXCEPTION_MODE.name)));
}

/**
 * Why the exception from this handler reaches Application.ThreadException, or null: the handler belongs to a Windows
 * Forms form or control, it is not called from a background thread as far as its shape says (event arguments of a
 * FileSystemWatcher's or a System.Timers.Timer's event, a method the file hands to a timer, a thread or the pool:
 * uiThreadHandlers.ts handlerOwner), and no code in the workspace sets UnhandledExceptionMode.ThrowException. `kind`
 * is why its signature is fixed (an event handler's shape unless said); `masked` is the file's text with comments and
 * strings blanked, which a method handed over as a delegate needs.
 */
export function winFormsUiThreadHandlerReason(ctx: RuleContext, body: MethodBody, kind: FixedSignatureKind = 'eventHandler', masked?: string): string | null {
  const owner = handlerOwner(body, kind, masked);
  return owner === null ? null : uiThreadReasonIn(ctx, owner, kind);
}

/**
 * The same for an async lambda subscribed to an event (`button.Click += async (s, e) => ...`, ASY021), written in a
 * Windows Forms form or control: the subscription is to that control's or a child's event unless the event has the
 * name of one .NET raises on a pool thread, or the lambda's second parameter says so.
 */
export function winFormsUiThreadSubscriptionReason(ctx: RuleContext, lambda: MethodBody, eventText: string): string | null {
  const owner = subscriptionOwner(ctx, lambda, eventText);
  return owner === null ? null : uiThreadReasonIn(ctx, owner, 'eventHandler');
}

function uiThreadReasonIn(ctx: RuleContext, owner: string | undefined, kind: FixedSignatureKind): string | null {
  const base = winFormsBaseOf(ctx, owner);
  if (!base || throwsThreadExceptions(ctx)) return null;
  return `${owner} is a Windows Forms ${base}, ${uiThreadPhrase(kind)}`;
}
