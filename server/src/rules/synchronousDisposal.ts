/**
 * Whether a workspace type's DisposeAsync does no asynchronous work for that type, so that `await using` waits for
 * nothing and does what `using` does. The common shape is a disposable base class whose DisposeAsync hands over to a
 * virtual hook (`return OnDisposeAsync(true);`) whose default runs the synchronous hook and returns a completed task:
 * a subclass that overrides only the synchronous hook gets nothing from `await using`, one that overrides the
 * asynchronous hook does.
 */
import type { MethodBody } from '../model/types';
import { closingBracket, splitCallText, splitTopLevel } from '../model/syntax';
import { COMPLETED_TASK_EXPRESSION, verdictKey } from '../workspace/completion';
import { methodsNamed, stripGenerics, typeFamily, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import type { RuleContext } from './types';

/**
 * True when the DisposeAsync that `await using` of a `typeName` runs (the nearest declaration from the type up its
 * workspace bases) completes without asynchronous work: every return of a non-async one, or every await of an async
 * one, is a completed task or a call of a hook on `this` whose implementation for this type completes the same way.
 * A type some workspace type derives from and overrides DisposeAsync or one of those hooks in is not known to: the
 * object behind the declared type may be that subclass.
 */
export function disposeAsyncDoesNoAsyncWork(ctx: RuleContext, typeName: string): boolean {
  const name = stripGenerics(typeName);
  const disposeAsync = nearestImplementation(ctx.index, name, 'DisposeAsync', 0);
  if (!disposeAsync?.body || overriddenBelow(ctx.index, name, 'DisposeAsync')) return false;
  const steps = stepsOf(disposeAsync.body);
  if (steps === null) return false;
  return steps.every((step) => step.kind === 'completed' || hookCompletes(ctx, name, step.name, step.argumentCount));
}

type DisposalStep = { kind: 'completed' } | { kind: 'hook'; name: string; argumentCount: number };

/**
 * What the body waits for: its awaits when it is async, its returns when it is not. Null when any of them is neither
 * a completed task nor a call of a method on `this`: another object's DisposeAsync, a stream's flush.
 */
function stepsOf(body: MethodBody): DisposalStep[] | null {
  const steps: DisposalStep[] = [];
  if (body.isAsync) {
    for (const a of body.awaits) {
      if (a.kind !== 'await') return null;
      if (a.operand.kind === 'completedTask' || a.operand.kind === 'fromResult') {
        steps.push({ kind: 'completed' });
        continue;
      }
      const callee = a.operand.kind === 'call' ? a.operand.callee : null;
      if (!callee || (callee.receiver !== null && callee.receiver.trim() !== 'this')) return null;
      steps.push({ kind: 'hook', name: callee.name, argumentCount: callee.argumentCount });
    }
    return steps;
  }
  if (body.returns.length === 0) return null;
  for (const r of body.returns) {
    const returned = (r.expressionText ?? '').trim();
    if (COMPLETED_TASK_EXPRESSION.test(returned) && !/^new\b[^(]*\(\s*[^)\s]/.test(returned)) {
      steps.push({ kind: 'completed' });
      continue;
    }
    const call = splitCallText(taskWrappedInValueTask(returned) ?? returned);
    if (!call || (call.receiver !== null && call.receiver.trim() !== 'this')) return null;
    steps.push({ kind: 'hook', name: call.name, argumentCount: splitTopLevel(call.argumentsText).filter((a) => a.trim() !== '').length });
  }
  return steps;
}

/**
 * The task a returned `new ValueTask(task)` (or target-typed `new(task)` in a ValueTask-returning DisposeAsync) wraps:
 * the ValueTask completes when that task does, so the task is what the disposal waits for. Null for anything else.
 */
function taskWrappedInValueTask(returned: string): string | null {
  const wrapped = /^new\s*(?:(?:System\.Threading\.Tasks\.)?ValueTask\s*)?\(([^]*)\)$/.exec(returned);
  if (!wrapped || closingBracket(returned, returned.indexOf('(')) !== returned.length - 1) return null;
  const args = splitTopLevel(wrapped[1]);
  return args.length === 1 && args[0]!.trim() !== '' ? args[0]!.trim() : null;
}

/**
 * The hook's implementation for the type completes with no asynchronous work by the completion analysis: no await,
 * only awaits of completed tasks, or only completed tasks returned. A cache's fast path is not enough: a disposal runs
 * once per object.
 */
function hookCompletes(ctx: RuleContext, typeName: string, name: string, argumentCount: number): boolean {
  if (overriddenBelow(ctx.index, typeName, name)) return false;
  const hook = nearestImplementation(ctx.index, typeName, name, argumentCount);
  if (!hook?.body) return false;
  const verdict = ctx.completion.get(verdictKey(hook.file, hook.body.id));
  return !!verdict && verdict.likelySync && verdict.certain && (verdict.basis === 'noAwait' || verdict.basis === 'completedAwaits' || verdict.basis === 'completedReturns');
}

/**
 * The declaration with a body a call of `name` on a `typeName` runs: the type's own, else the nearest workspace base
 * class's, walking up one level at a time. Null when several bases of one level declare it, or none does.
 */
function nearestImplementation(index: WorkspaceIndex, typeName: string, name: string, argumentCount: number): MethodRef | null {
  const declared = methodsNamed(index, name, typeName).filter((m) => m.body && !m.member?.explicitInterface && (m.member?.parameterTypes.length ?? m.body.parameters.length) === argumentCount);
  const seen = new Set<string>();
  for (let level = [typeName]; level.length > 0;) {
    const found = declared.filter((m) => m.typeName !== null && level.includes(m.typeName));
    if (found.length > 0) return found.length === 1 ? found[0]! : null;
    const next: string[] = [];
    for (const t of level) {
      seen.add(t);
      for (const ref of typesNamed(index, t)) {
        for (const base of ref.type.baseTypes) {
          const b = stripGenerics(base);
          if (!seen.has(b) && typesNamed(index, b).some((r) => r.type.kind === 'class') && !next.includes(b)) next.push(b);
        }
      }
    }
    level = next;
  }
  return null;
}

/** Whether a workspace type derived from `typeName` declares a method of that name: it may be the object disposed. */
function overriddenBelow(index: WorkspaceIndex, typeName: string, name: string): boolean {
  return methodsNamed(index, name, null).some((m) => m.typeName !== null && m.typeName !== typeName && typeFamily(index, m.typeName).has(typeName));
}
