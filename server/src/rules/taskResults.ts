/**
 * What a call returns, as far as the declarations and the API signatures say: a Task, a ValueTask, something else
 * or unknown. ASY022 (a dropped task) and ASY024 (a dropped or reused ValueTask) ask it; they report only what is
 * known, never a name's guess.
 */
import type { CallSite, MethodBody } from '../model/types';
import { classifyReturnType } from '../model/returnKind';
import { typeOfExpression } from '../workspace/typing';
import { applicableCandidates, callCandidates } from './callTargets';
import type { RuleContext } from './types';

export type AwaitableKind = 'task' | 'valueTask' | 'other' | 'unknown';

export interface TypedResult {
  kind: AwaitableKind;
  typeText: string | null;
  /** Where the type came from ("return type of HttpClient.GetAsync"). */
  source: string | null;
}

/** The awaiter types nested in ConfiguredTaskAwaitable and ConfiguredValueTaskAwaitable, at the end of a type's text. */
const CONFIGURED_AWAITER = /\.\s*Configured(?:Value)?TaskAwaiter\s*$/;

/** The kind of a type text: Task/Task<T> (and their configured awaitables), ValueTask/ValueTask<T>, or other. */
export function awaitableKindOf(typeText: string): AwaitableKind {
  const kind = classifyReturnType(typeText, false).kind;
  if (kind === 'Task' || kind === 'TaskOfT') return 'task';
  if (kind === 'ValueTask' || kind === 'ValueTaskOfT') return 'valueTask';
  const plain = typeText.trim().replace(/^global::/, '').replace(/^System\.Runtime\.CompilerServices\./, '');
  // The awaiter nested in a configured awaitable (`ConfiguredValueTaskAwaitable<T>.ConfiguredValueTaskAwaiter`) is no
  // awaitable: it has no GetAwaiter, and a field of it is how a state machine, the compiler's or one written by hand,
  // keeps the await it resumes from.
  if (CONFIGURED_AWAITER.test(plain)) return 'other';
  if (/^ConfiguredTaskAwaitable\b/.test(plain)) return 'task';
  if (/^ConfiguredValueTaskAwaitable\b/.test(plain)) return 'valueTask';
  return 'other';
}

/** The result of a call as its text reads (`_store.SaveAsync(order)`), typed by the workspace and the signatures. */
export function callResultOf(ctx: RuleContext, body: MethodBody, call: CallSite): TypedResult {
  const text = ctx.text.slice(call.span.start, call.span.end);
  const result = expressionResultOf(ctx, body, text);
  if (result.kind !== 'task' && result.kind !== 'valueTask') return result;
  // The typing finds a member by its name; a call whose arguments fit none of the receiver's methods of that name
  // binds to something else (an extension method with its own return type: `context.SetCompleted(id)` beside an
  // instance `Task SetCompleted()`), so its type is not known after all.
  const found = callCandidates(ctx, body, call);
  const applicable = found ? applicableCandidates(found, call) : [];
  if (found && found.candidates.length > 0 && applicable.length === 0) return { kind: 'unknown', typeText: null, source: null };
  // Workspace extension methods are candidates only where no instance method applies: the call binds to one of them,
  // and their declared return types, not the instance member the typing found by name, say what it gives.
  if (applicable.length > 0 && applicable.every((c) => c.workspaceExtension)) {
    const kinds = new Set(applicable.map((c) => (c.returnTypeText === null ? 'unknown' : awaitableKindOf(c.returnTypeText))));
    const only = kinds.size === 1 ? [...kinds][0]! : 'unknown';
    return only === 'unknown' ? { kind: 'unknown', typeText: null, source: null } : { kind: only, typeText: applicable[0]!.returnTypeText, source: `return type of ${applicable[0]!.display}` };
  }
  return result;
}

export function expressionResultOf(ctx: RuleContext, body: MethodBody, text: string): TypedResult {
  const typed = typeOfExpression(text, body, ctx.model.bodies, ctx.index);
  if (!typed) return { kind: 'unknown', typeText: null, source: null };
  return { kind: awaitableKindOf(typed.typeText), typeText: typed.typeText, source: typed.source };
}
