/**
 * Decides when a blocking wait (.Result, .Wait(), GetResult()) is on a task the syntax shows has already
 * completed: the peers' best-known false alarms (product.md), each with a reason a person can read.
 */
import type { SyntaxNode } from '../parse/parser';
import type { MethodBody, TaskWait } from './types';
import { calleeOf, isFunctionNode } from './syntax';
import { bodyChain } from './bodies';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reasons visible around the wait's own node: IsCompleted guards, ContinueWith callbacks, tasks created complete. */
export function guardReason(node: SyntaxNode, receiverText: string, fn: SyntaxNode | null): string | null {
  const recv = receiverText.trim();
  if (/^(System\.Threading\.Tasks\.)?(Task|ValueTask)\.(FromResult|CompletedTask|FromException|FromCanceled)\b/.test(recv)) {
    return 'the task is created already complete';
  }
  if (!recv) return null;
  const guard = new RegExp(`(^|[^!\\w.])${escape(recv)}\\s*\\.\\s*(IsCompleted|IsCompletedSuccessfully)\\b(?!\\s*==\\s*false)|${escape(recv)}\\s*\\.\\s*Status\\s*==\\s*TaskStatus\\.RanToCompletion`);
  const negated = new RegExp(`!\\s*${escape(recv)}\\s*\\.\\s*(IsCompleted|IsCompletedSuccessfully)\\b|${escape(recv)}\\s*\\.\\s*(IsCompleted|IsCompletedSuccessfully)\\s*==\\s*false`);
  let child = node;
  for (let p = node.parent; p && p !== fn; child = p, p = p.parent) {
    if (p.type === 'if_statement' || p.type === 'conditional_expression') {
      const cond = p.childForFieldName('condition');
      const consequence = p.childForFieldName('consequence');
      const alternative = p.childForFieldName('alternative');
      if (cond && consequence && child.startIndex === consequence.startIndex && guard.test(cond.text) && !negated.test(cond.text)) {
        return `guarded by a ${/IsCompletedSuccessfully/.test(cond.text) ? 'IsCompletedSuccessfully' : 'completion'} check on ${recv}`;
      }
      if (cond && alternative && child.startIndex === alternative.startIndex && negated.test(cond.text)) {
        return `guarded by a completion check on ${recv}`;
      }
    }
    if (p.type === 'binary_expression' && p.childForFieldName('operator')?.text === '&&') {
      const left = p.childForFieldName('left');
      if (left && child.startIndex > left.startIndex && guard.test(left.text) && !negated.test(left.text)) return `guarded by a completion check on ${recv}`;
    }
    if (p.type === 'block') {
      // An early exit earlier in the block: `if (!t.IsCompleted) return await t;` / `throw`.
      for (const s of p.namedChildren) {
        if (!s || s.startIndex >= child.startIndex) break;
        if (s.type !== 'if_statement') continue;
        const cond = s.childForFieldName('condition');
        const consequence = s.childForFieldName('consequence');
        if (cond && consequence && negated.test(cond.text) && /\b(return|throw)\b|\bawait\b/.test(consequence.text)) {
          return `the method returns or awaits earlier when ${recv} is not complete`;
        }
      }
    }
    if (isFunctionNode(p)) break;
  }
  // Inside a ContinueWith callback the antecedent task has completed.
  if (fn && (fn.type === 'lambda_expression' || fn.type === 'anonymous_method_expression')) {
    const arg = fn.parent;
    const call = arg?.type === 'argument' ? arg.parent?.parent : null;
    const callee = call?.type === 'invocation_expression' ? calleeOf(call) : null;
    if (callee && callee.name === 'ContinueWith') {
      const params = fn.childForFieldName('parameters');
      const first = params ? (params.type === 'implicit_parameter' ? params : params.namedChildren.find((c) => c?.type === 'parameter')?.childForFieldName('name')) : null;
      if (first && (recv === first.text || recv.startsWith(`${first.text}.`))) return 'inside a ContinueWith continuation, where the antecedent task has completed';
      if (callee.receiver && recv === callee.receiver) return 'inside a ContinueWith continuation of this task';
    }
  }
  return null;
}

/**
 * Reasons that need the awaits of the body (and of the bodies around a lambda): the same task was awaited
 * before, or passed to an awaited Task.WhenAll.
 */
export function knownCompletedReason(wait: TaskWait, body: MethodBody, bodies: readonly MethodBody[]): string | null {
  const recv = wait.receiverText.trim();
  if (!recv) return null;
  const element = /^([A-Za-z_][\w.]*)\s*\[/.exec(recv)?.[1] ?? null;
  for (const b of bodyChain(body, bodies)) {
    for (const a of b.awaits) {
      if (a.span.end > wait.span.start) continue;
      const operand = a.operand.text.trim();
      if (operand === recv) return `${recv} was awaited earlier`;
      if (a.operand.kind === 'whenAll' && a.operand.callee) {
        const inner = operand.slice(operand.indexOf('(') + 1, operand.lastIndexOf(')'));
        const args = inner.split(',').map((s) => s.trim());
        if (args.includes(recv)) return `${recv} completed in the awaited Task.WhenAll`;
        if (element && args.includes(element)) return `${element} completed in the awaited Task.WhenAll`;
        // `foreach (var t in tasks) t.Result` or `tasks.Select(t => t.Result)` after `await Task.WhenAll(tasks)`.
        const loopVariable = findLocal(body, bodies, recv);
        if (loopVariable?.kind === 'foreach' && loopVariable.initializerText !== null && args.includes(loopVariable.initializerText.trim())) {
          return `${recv} is an element of ${loopVariable.initializerText.trim()}, which completed in the awaited Task.WhenAll`;
        }
        if (body.kind === 'lambda' && args.some((arg) => body.parameters.some((p) => p.name === recv) && lambdaOverCollection(body, bodies, arg))) {
          return `${recv} is an element of ${args.join(', ')}, which completed in the awaited Task.WhenAll`;
        }
      }
    }
  }
  return null;
}

function findLocal(body: MethodBody, bodies: readonly MethodBody[], name: string) {
  for (const b of bodyChain(body, bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (local) return local;
  }
  return null;
}

/** A lambda whose calls sit on the collection: `tasks.Select(t => t.Result)`. */
function lambdaOverCollection(lambda: MethodBody, bodies: readonly MethodBody[], collection: string): boolean {
  const parent = bodies.find((b) => b.id === lambda.parentId);
  if (!parent) return false;
  return parent.calls.some((c) => c.receiver === collection && c.span.start <= lambda.span.start && lambda.span.end <= c.span.end);
}
