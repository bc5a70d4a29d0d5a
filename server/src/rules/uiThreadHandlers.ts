/**
 * Which type's UI thread an event handler runs on, as far as its shape says: a handler method (`void OnClick(object
 * sender, EventArgs e)`) or an async lambda subscribed to an event (`button.Click += async (s, e) => ...`) runs on the
 * UI thread of the form, window or control that declares it, unless its event arguments or the event's name are those
 * of an event .NET raises on a pool thread (a FileSystemWatcher's, a System.Timers.Timer's:
 * knowledge/winFormsThreadExceptions.ts). The UI frameworks' own checks (winFormsHandlers.ts, wpfHandlers.ts) then ask
 * whether that type is one of theirs.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { BACKGROUND_THREAD_EVENT_ARGS, BACKGROUND_THREAD_EVENTS } from '../knowledge/winFormsThreadExceptions';
import type { RuleContext } from './types';

const BACKGROUND_ARGS = new Set(BACKGROUND_THREAD_EVENT_ARGS.map((r) => r.name));
const BACKGROUND_EVENTS = new Set(BACKGROUND_THREAD_EVENTS);

/** The last segment of a type as written, without generic arguments: `System.Windows.Forms.Form` gives `Form`. */
export function simpleName(typeText: string): string {
  return typeText.replace(/<.*$/s, '').split('.').pop()!.trim();
}

/**
 * The type whose UI thread a handler method runs on (its own type's simple name), or null when its event arguments
 * are missing or those of a background event; undefined when it has no containing type.
 */
export function handlerOwner(body: MethodBody): string | undefined | null {
  const args = body.parameters[1]?.typeText;
  if (!args || BACKGROUND_ARGS.has(simpleName(args))) return null;
  return body.containingType?.split('.').pop();
}

/** The same for an async lambda subscribed to `eventText`: the type it is written in, unless the event is a background one. */
export function subscriptionOwner(ctx: RuleContext, lambda: MethodBody, eventText: string): string | undefined | null {
  const event = eventText.trim().split('.').pop() ?? '';
  const args = lambda.parameters[1]?.typeText;
  if (BACKGROUND_EVENTS.has(event) || (args && BACKGROUND_ARGS.has(simpleName(args)))) return null;
  return bodyChain(lambda, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null)?.split('.').pop();
}
