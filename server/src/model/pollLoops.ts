/**
 * Polling loops that end only once a task has finished: `while (!work.IsCompleted) { ...; await Task.WhenAny(work,
 * Task.Delay(250)); }`, or the same loop that also stops when its token is cancelled and is followed by
 * `token.ThrowIfCancellationRequested();`. Past such a loop the task is complete, so reading its Result there cannot
 * block (model/completion.ts guardReason asks this for the statements before a wait).
 */
import type { SyntaxNode } from '../parse/parser';
import { isFunctionNode, splitTopLevelOperator, withoutOuterParentheses } from './syntax';

/** Statements that a `break` inside them leaves instead of the loop around them. */
const BREAK_TARGETS = new Set(['while_statement', 'do_statement', 'for_statement', 'foreach_statement', 'switch_statement']);

/**
 * Whether `loop`, a statement of `block` written before `before`, can end (other than by leaving the function) only
 * when the task is finished: a `while` or `do` loop whose condition is `&&` of tests that the task is unfinished
 * (`isUnfinishedTest`: `!t.IsCompleted`, `!t.Wait(100)`) and of `!token.IsCancellationRequested`, each such token
 * thrown for between the loop and `before` (cancellationLeavesBetween), and whose body awaits and has no `break` or
 * `goto` of its own. A loop whose condition can be false for another reason (`i < limit && !t.IsCompleted`) says
 * nothing, and neither does one that does not await: `while (!t.IsCompleted) Thread.Sleep(10);` blocks the thread as
 * the wait after it would, so the wait is still the place to report it.
 */
export function loopRunsUntilFinished(loop: SyntaxNode, block: SyntaxNode, before: SyntaxNode, isUnfinishedTest: (text: string) => boolean): boolean {
  if (loop.type !== 'while_statement' && loop.type !== 'do_statement') return false;
  const condition = loop.childForFieldName('condition');
  const body = loop.childForFieldName('body');
  if (!condition || !body || !awaitsItself(body) || leavesByJump(body)) return false;
  let testsTask = false;
  for (const written of splitTopLevelOperator(withoutOuterParentheses(condition.text.trim()), '&&')) {
    const conjunct = withoutOuterParentheses(written.trim());
    if (splitTopLevelOperator(conjunct, '||').length > 1) return false;
    if (isUnfinishedTest(conjunct)) {
      testsTask = true;
      continue;
    }
    const token = /^!\s*([A-Za-z_][\w.]*)\s*\.\s*IsCancellationRequested$/.exec(conjunct)?.[1];
    if (!token || !cancellationLeavesBetween(block, loop, before, token)) return false;
  }
  return testsTask;
}

/**
 * Whether a statement of `block` between `after` and `before` leaves when `token` is cancelled:
 * `token.ThrowIfCancellationRequested();`, or `if (token.IsCancellationRequested)` whose branch returns or throws.
 * Past it, a loop that also stopped on cancellation stopped because of its other tests.
 */
function cancellationLeavesBetween(block: SyntaxNode, after: SyntaxNode, before: SyntaxNode, token: string): boolean {
  const name = token.replace(/\./g, '\\.');
  const throwIf = new RegExp(`^${name}\\s*\\.\\s*ThrowIfCancellationRequested\\s*\\(\\s*\\)\\s*;$`);
  const cancelled = new RegExp(`^${name}\\s*\\.\\s*IsCancellationRequested$`);
  for (const s of block.namedChildren) {
    if (!s || s.startIndex < after.endIndex || s.startIndex >= before.startIndex) continue;
    if (s.type === 'expression_statement' && throwIf.test(s.text.trim())) return true;
    if (s.type !== 'if_statement') continue;
    const condition = s.childForFieldName('condition');
    const consequence = s.childForFieldName('consequence');
    if (condition && consequence && cancelled.test(withoutOuterParentheses(condition.text.trim())) && /\b(?:return|throw)\b/.test(consequence.text)) return true;
  }
  return false;
}

/**
 * Whether a loop's body can leave the loop by a jump: a `break` that is the loop's own (not one inside a nested
 * loop or switch) or any `goto`. Functions written inside are not the loop's code.
 */
function leavesByJump(node: SyntaxNode): boolean {
  for (const c of node.namedChildren) {
    if (!c || isFunctionNode(c)) continue;
    if (c.type === 'break_statement' || c.type === 'goto_statement') return true;
    if (BREAK_TARGETS.has(c.type)) {
      if (containsGoto(c)) return true;
      continue;
    }
    if (leavesByJump(c)) return true;
  }
  return false;
}

/** Whether the loop's own code awaits (an `await` not inside a function written in it): it polls without blocking. */
function awaitsItself(node: SyntaxNode): boolean {
  return node.namedChildren.some((c) => !!c && !isFunctionNode(c) && (c.type === 'await_expression' || awaitsItself(c)));
}

/** Whether a `goto` is written anywhere inside: it may jump past the loop's end whatever loop it is in. */
function containsGoto(node: SyntaxNode): boolean {
  return node.namedChildren.some((c) => !!c && (c.type === 'goto_statement' || containsGoto(c)));
}
