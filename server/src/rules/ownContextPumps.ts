/**
 * An async void function that a workspace SynchronizationContext posts to itself, and whose catch hands the exception
 * to that context's message loop before throwing it again. This is how the RunSync helpers that pump continuations on
 * the calling thread are written: the class derives from SynchronizationContext, posts the async function to its own
 * queue (`Post(RunFunction, null)`), records what the function's await threw in a member
 * (`_caughtException = ExceptionDispatchInfo.Capture(exception)`, `InnerException = e`) and rethrows it from its loop
 * to the caller of RunSync. The exception the catch throws again goes back to the context the function runs on, the
 * pump's own, which already has the recorded one to throw: it is the helper's design, not a crash. (The Rebus round of
 * the thirty-fourth session found ASY020's "ends the process" wrong on such a helper.)
 */
import type { MethodBody, SuspensionPoint } from '../model/types';
import { bodyChain } from '../model/bodies';
import { typeFamily, typesNamed } from '../workspace/index';
import { escapeRegExp } from '../model/syntax';
import { firstPassingCatch, type CatchClause } from './tryClauses';
import type { RuleContext } from './types';

export function rethrowsIntoOwnPump(ctx: RuleContext, body: MethodBody, escaping: readonly SuspensionPoint[], masked: string): boolean {
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (owner === null || typesNamed(ctx.index, owner).length === 0 || !typeFamily(ctx.index, owner).has('SynchronizationContext')) return false;
  if (!postedToItself(ctx, body, owner)) return false;
  return escaping.length > 0 && escaping.every((point) => {
    const first = firstPassingCatch(masked, point.regions);
    return first?.pass === 'rethrows' && recordsCaughtException(masked, first.clause);
  });
}

/** `Post(RunFunction, null)` or `this.Post(RunFunction, state: null)` in a body of the same type: the context's own queue. */
function postedToItself(ctx: RuleContext, body: MethodBody, owner: string): boolean {
  return ctx.model.bodies.some((other) => bodyChain(other, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) === owner
    && other.calls.some((call) => call.name === 'Post' && (call.receiver === null || call.receiver.trim() === 'this')
      && call.argumentTexts.length > 0 && call.argumentTexts[0].trim() === body.name));
}


/**
 * The catch block stores its exception in a member before anything else can throw: a statement of the block that
 * assigns the caught variable, or `ExceptionDispatchInfo.Capture` of it, to a field or property (`_error = e;`,
 * `this.InnerException = e;`, `context.Error = ExceptionDispatchInfo.Capture(e);`), not to a new local.
 */
function recordsCaughtException(masked: string, clause: CatchClause): boolean {
  const head = masked.slice(clause.start, clause.block.start);
  const variable = /\(\s*[\w.]+\s+(@?\w+)\s*\)/.exec(head)?.[1];
  if (!variable) return false;
  const block = masked.slice(clause.block.start, clause.block.end);
  const value = `(?:(?:System\\.Runtime\\.ExceptionServices\\.)?ExceptionDispatchInfo\\s*\\.\\s*Capture\\s*\\(\\s*${escapeRegExp(variable)}\\s*\\)|${escapeRegExp(variable)})`;
  return new RegExp(`[{;]\\s*(?:this\\s*\\.\\s*)?@?[A-Za-z_][\\w.]*\\s*=\\s*${value}\\s*;`).test(block);
}
