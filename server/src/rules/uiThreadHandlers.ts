/**
 * Which type's UI thread an event handler runs on, as far as its shape says: a handler method (`void OnClick(object
 * sender, EventArgs e)`) or an async lambda subscribed to an event (`button.Click += async (s, e) => ...`) runs on the
 * UI thread of the form, window or control that declares it, unless its event arguments or the event's name are those
 * of an event .NET raises on a pool thread (a FileSystemWatcher's, a System.Timers.Timer's:
 * knowledge/winFormsThreadExceptions.ts). So does any other method of that type whose signature someone else fixed: an
 * override, an interface member, or a method handed over as a delegate to an event of a custom delegate type (ShareX's
 * forms subscribe `Action<HistoryItem[]>` and hotkey events their own components raise on the UI thread: the seeded
 * readings of the thirty-eighth and thirty-ninth sessions found those the only warnings among 60 information siblings),
 * unless it is handed to a timer, a thread or the pool. The UI frameworks' own checks (winFormsHandlers.ts,
 * wpfHandlers.ts) then ask whether that type is one of theirs.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { BACKGROUND_THREAD_EVENT_ARGS, BACKGROUND_THREAD_EVENTS, POOL_THREAD_CALLBACK_STARTS } from '../knowledge/winFormsThreadExceptions';
import type { CallbackSlot } from './callbackSlots';
import type { RuleContext } from './types';

const BACKGROUND_ARGS = new Set(BACKGROUND_THREAD_EVENT_ARGS.map((r) => r.name));
const BACKGROUND_EVENTS = new Set(BACKGROUND_THREAD_EVENTS);

/** The last segment of a type as written, without generic arguments: `System.Windows.Forms.Form` gives `Form`. */
export function simpleName(typeText: string): string {
  return typeText.replace(/<.*$/s, '').split('.').pop()!.trim();
}

/** Why a handler's signature is fixed (callbackSlots.ts): an event handler's shape, an override, an interface member, a delegate. */
export type FixedSignatureKind = CallbackSlot['kind'];

/**
 * The type whose UI thread a handler method runs on (its own type's simple name), or null: an event handler whose
 * event arguments are missing or those of a background event, or a method handed over as a delegate where the file
 * hands it to a timer, a thread or the pool (`masked` is the file's text with comments and strings blanked); undefined
 * when it has no containing type. An override or an interface member of a form or window is called by its framework
 * or by the form's own code, on the UI thread.
 */
export function handlerOwner(body: MethodBody, kind: FixedSignatureKind = 'eventHandler', masked?: string): string | undefined | null {
  if (kind === 'eventHandler') {
    const args = body.parameters[1]?.typeText;
    if (!args || BACKGROUND_ARGS.has(simpleName(args))) return null;
  }
  if (kind === 'callback' && (masked === undefined || handedToPoolThread(masked, body))) return null;
  return body.containingType?.split('.').pop();
}

/** Where a handler's type runs it, for a note: `whose events run on the UI thread`. */
export function uiThreadPhrase(kind: FixedSignatureKind): string {
  switch (kind) {
    case 'eventHandler': return 'whose events run on the UI thread';
    case 'override': return 'whose overrides its framework calls on the UI thread';
    case 'interfaceMember': return 'whose interface members are taken to be called on its UI thread';
    case 'partialMethod': return 'whose partial methods its own code (a generated property setter) is taken to call on its UI thread';
    case 'callback': return 'whose methods handed over as delegates (to no timer, thread or pool) are taken to run on its UI thread';
    case 'synchronousCallers': return 'whose methods its own synchronous code calls are taken to run on its UI thread';
  }
}

/**
 * `new Timer(`, `ThreadPool.QueueUserWorkItem(`, `.ContinueWith(` (knowledge/winFormsThreadExceptions.ts), or a
 * subscription to an event of a name .NET raises on a pool thread (`.Elapsed +=`), anywhere in a statement before the
 * method's name.
 */
const POOL_THREAD_START = new RegExp(
  `(?:${POOL_THREAD_CALLBACK_STARTS.map((s) => s.kind === 'creation'
    ? String.raw`\bnew\s+(?:[\w.]+\.)?${s.member}\s*\(`
    : s.receiver === null ? String.raw`\.\s*${s.member}\s*(?:<[^;]*?>)?\s*\(` : String.raw`(?<![\w.])(?:[\w.]+\.)?${s.receiver}\s*\.\s*${s.member}\s*(?:<[^;]*?>)?\s*\(`).join('|')}`
  + String.raw`|\.\s*(?:${[...BACKGROUND_EVENTS].join('|')})\s*\+=)`,
);

/**
 * Whether some statement of the file that names the method (as a method group, or calls it inside a lambda) hands it
 * to a pool-thread start: the text from the statement's start (the last `;` before the name, at most 300 characters
 * back) up to the name holds one. `new Thread(() => { Work(); })` counts, since the lambda's braces do not end the
 * statement.
 */
function handedToPoolThread(masked: string, body: MethodBody): boolean {
  if (!/^[A-Za-z_]\w*$/.test(body.name)) return false;
  for (const m of masked.matchAll(new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?${body.name}\b`, 'g'))) {
    const at = m.index!;
    if (at >= body.nameSpan.start && at < body.nameSpan.end) continue;
    const before = masked.slice(Math.max(0, at - 300), at);
    const statement = before.slice(before.lastIndexOf(';') + 1);
    if (POOL_THREAD_START.test(statement)) return true;
  }
  return false;
}

/** The same for an async lambda subscribed to `eventText`: the type it is written in, unless the event is a background one. */
export function subscriptionOwner(ctx: RuleContext, lambda: MethodBody, eventText: string): string | undefined | null {
  const event = eventText.trim().split('.').pop() ?? '';
  const args = lambda.parameters[1]?.typeText;
  if (BACKGROUND_EVENTS.has(event) || (args && BACKGROUND_ARGS.has(simpleName(args)))) return null;
  return bodyChain(lambda, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null)?.split('.').pop();
}
