/**
 * Decides when a blocking wait (.Result, .Wait(), GetResult()) is on a task the syntax shows has already
 * completed: the peers' best-known false alarms (product.md), each with a reason a person can read.
 */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { MethodBody, Span, TaskWait, TypeDeclaration } from './types';
import { arrayWrittenInPlace, calleeOf, closingBracket, conditionalParts, escapeRegExp, isFunctionNode, splitTopLevel, splitTopLevelOperator, withoutOuterParentheses } from './syntax';
import { bodiesById, bodyChain } from './bodies';
import { loopRunsUntilFinished } from './pollLoops';
import { firstVariableIn, identifiersNamed, ownerKeyOf, someVariableIn, writesIn, type FileSyntax, type IdentifierUse } from './fileSyntax';
import { continuationApiOf } from '../knowledge/continuations';
import { deferredBatchCreatedBy } from '../knowledge/deferredBatches';
import { WAIT_ALL_COMBINATOR_NAMES } from '../knowledge/taskNaming';

/**
 * Names of a `bool` parameter (or, with a leading underscore, field) that selects a method's synchronous or
 * asynchronous path (Npgsql's `bool async`, SqlClient's `isAsync`, and its TDS parser's `_asyncWrite` field and
 * `asyncWrite` parameters for writes): with it false the method runs synchronously by contract and its task is complete.
 */
export const ASYNC_FLAG_NAMES = new Set(['async', 'isAsync', 'useAsync', 'runAsync', 'doAsync', 'asynchronous', 'asyncWrite']);


/**
 * The properties of a type that check a task's completion (`bool HasValue => _value.Task.Status ==
 * TaskStatus.RanToCompletion;`): property name -> the task expression it checks. A guard written with the property
 * is a guard on that task.
 */
export function completionProperties(type: TypeDeclaration | null): ReadonlyMap<string, string> {
  if (!type) return NO_PROPERTIES;
  // Asked for every body of the type: worked out once per type (shared: do not modify).
  let out = propertiesOf.get(type);
  if (out) return out;
  out = new Map<string, string>();
  propertiesOf.set(type, out);
  for (const m of type?.members ?? []) {
    if (m.kind !== 'property' || !m.getterExpression) continue;
    const checked = /^(.+?)\s*\.\s*(?:IsCompleted|IsCompletedSuccessfully)$/.exec(m.getterExpression.trim()) ??
      /^(.+?)\s*\.\s*Status\s*==\s*TaskStatus\.RanToCompletion$/.exec(m.getterExpression.trim());
    if (checked) out.set(m.name, checked[1].trim().replace(/^this\./, ''));
  }
  return out;
}

const NO_PROPERTIES: ReadonlyMap<string, string> = new Map();
const propertiesOf = new WeakMap<TypeDeclaration, Map<string, string>>();

/** A check that a task has finished, one way or another: completed, succeeded, faulted or was cancelled. */
const STATE = '(?:IsCompleted|IsCompletedSuccessfully|IsFaulted|IsCanceled)';
const FINISHED_STATUS = 'TaskStatus\\.(?:RanToCompletion|Faulted|Canceled)';

/**
 * Reasons visible around the wait's own node: completion guards (IsCompleted, IsCompletedSuccessfully, IsFaulted,
 * IsCanceled, Status, a property that checks one of them), ContinueWith callbacks, a Task.WhenAny that this task
 * won, tasks created complete. A task that has finished stays finished, so a guard around a lambda holds inside
 * it too: the walk goes on through enclosing lambdas up to the method.
 */
export function guardReason(node: SyntaxNode, receiverText: string, fn: SyntaxNode | null, properties: ReadonlyMap<string, string> = new Map()): string | null {
  // `x!.Task` and `x?.Task` name the same task as `x.Task`: a check written one way guards a wait written the other.
  const recv = castOperand(withoutNullMarks(receiverText.trim()));
  if (/^(System\.Threading\.Tasks\.)?(Task|ValueTask)\.(FromResult|CompletedTask|FromException|FromCanceled)\b/.test(recv)) {
    return 'the task is created already complete';
  }
  if (!recv) return null;
  const syncPath = syncPathCallReason(recv);
  if (syncPath) return syncPath;
  const r = escapeRegExp(recv);
  // A property that checks this very task (`HasValue => _value.Task.Status == ...`) guards it as well.
  const viaPropertyNames = [...properties].filter(([, task]) => task === recv.replace(/^this\./, '')).map(([name]) => name);
  const viaProperty = viaPropertyNames.map(escape);
  const propertyGuard = viaProperty.length ? `|(^|[^!\\w.])(?:this\\s*\\.\\s*)?(?:${viaProperty.join('|')})\\b(?!\\s*==\\s*false)` : '';
  const propertyNegated = viaProperty.length ? `|!\\s*(?:this\\s*\\.\\s*)?(?:${viaProperty.join('|')})\\b` : '';
  // `t.Wait(timeout)` (and `Wait(timeout, token)`) returns true only once the task has completed; so does a bool
  // helper named for waiting that takes the task first (`TryWait(t)`, `WaitWithTimeout(t, ms)`), as Wait(timeout)
  // does: used as a condition it can only say whether the task finished.
  const timedWait = `(?:${r}\\s*\\.\\s*Wait\\s*\\(\\s*[^)\\s]|(?:[A-Za-z_][\\w.]*\\.)?${WAIT_HELPER}\\s*\\(\\s*${r}\\s*[,)])`;
  // Every alternative of both patterns contains the receiver's text or a checking property's name, so a condition
  // without any of them cannot match: the patterns are compiled only for one that has one (compiling them for every
  // wait, with a long receiver, made chains of `.Result` quadratic).
  const needles = [recv, ...viaPropertyNames];
  const lazy = (source: () => string, extraNeedles: readonly string[] = []) => {
    let re: RegExp | null = null;
    return {
      test: (written: string) => {
        const text = withoutNullMarks(written);
        return (needles.some((n) => text.includes(n)) || extraNeedles.some((n) => text.includes(n))) && (re ??= new RegExp(source())).test(text);
      },
    };
  };
  const ownGuard = `(^|[^!\\w.])${r}\\s*\\.\\s*${STATE}\\b(?!\\s*==\\s*false)|${r}\\s*\\.\\s*Status\\s*==\\s*${FINISHED_STATUS}|(^|[^!\\w.])${timedWait}${propertyGuard}`;
  const ownNegated = `!\\s*${r}\\s*\\.\\s*${STATE}\\b|${r}\\s*\\.\\s*${STATE}\\s*==\\s*false|!\\s*${timedWait}${propertyNegated}`;
  // A bool local that holds such a check (`var started = content?.Task.IsCompleted == true;`) guards as the check does.
  const flags = completionFlags(fn, node, lazy(() => ownGuard), lazy(() => ownNegated)).map(escape);
  const flagGuard = flags.length ? `|(^|[^!\\w.])(?:${flags.join('|')})\\b(?!\\s*(?:==\\s*false|[.(\\[]))` : '';
  const flagNegated = flags.length ? `|!\\s*(?:${flags.join('|')})\\b(?!\\s*[.(\\[])` : '';
  const guard = lazy(() => ownGuard + flagGuard, flags);
  const negated = lazy(() => ownNegated + flagNegated, flags);
  // `t.Status != TaskStatus.RanToCompletion` is false only in that finished state, so an else arm, an exit taken when
  // it holds, or a loop that runs while it holds leaves the task finished, as `!t.IsCompleted` does. It is not a
  // negation that undoes a guard in the same condition: `t.IsCompleted && t.Status != TaskStatus.Faulted` still guards.
  const statusUnequal = `${r}\\s*\\.\\s*Status\\s*!=\\s*${FINISHED_STATUS}`;
  const saysUnfinished = lazy(() => ownNegated + '|' + statusUnequal + flagNegated, flags);
  const winners = whenAnyWinners(fn, recv);
  const handles = waitHandlesOf(fn, node, recv);
  // The locals holding the task's status, read once and only when a switch section is on the way up.
  let locals: string[] | undefined;
  // The lambdas walked out of so far, innermost first: `t => t.Result` in `done.Select(t => t.Result)` inside a
  // ContinueWhenAll callback reads an element of the callback's array.
  const innerLambdas: SyntaxNode[] = [];
  // The failed states of the task that an earlier `if` in the blocks walked so far leaves on (`if (t.IsFaulted)
  // return;`): within one function, past exits on both, a parameter is read as a finished task's.
  const failuresLeft = new Set<FailedState>();
  let failureExitsCount = true;
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'if_statement' || p.type === 'conditional_expression') {
      const cond = p.childForFieldName('condition');
      const consequence = p.childForFieldName('consequence');
      const alternative = p.childForFieldName('alternative');
      if (cond && consequence && child.startIndex === consequence.startIndex && guard.test(cond.text) && !negated.test(cond.text)) {
        return `guarded by a ${/IsCompletedSuccessfully/.test(cond.text) ? 'IsCompletedSuccessfully' : 'completion'} check on ${recv}`;
      }
      if (cond && alternative && child.startIndex === alternative.startIndex && saysUnfinished.test(cond.text)) {
        return `guarded by a completion check on ${recv}`;
      }
      if (cond && consequence && handlesFailureFirst(cond, child.startIndex === consequence.startIndex, !!alternative && child.startIndex === alternative.startIndex, recv, p)) {
        return `${recv} is a parameter whose faulted and cancelled states are handled before its result is read: a callback given the task once it has finished`;
      }
      if (cond && consequence && child.startIndex === consequence.startIndex && wonWhenAny(cond.text, winners, true, recv)) return `${recv} is the task an awaited Task.WhenAny returned`;
      if (cond && consequence && child.startIndex === consequence.startIndex && conjunctsOf(cond).some((c) => signalsWaitHandle(c, handles))) {
        return `guarded by a wait on ${recv}'s AsyncWaitHandle, which is set when the task completes`;
      }
      if (cond && consequence && child.startIndex === consequence.startIndex && conjunctsOf(cond).some((c) => timedTaskWaitSays(c, recv) === 'finished')) {
        return `guarded by a Task.WaitAll or Task.WaitAny over ${recv} that says it finished`;
      }
      if (cond && alternative && child.startIndex === alternative.startIndex && timedTaskWaitSays(cond.text, recv) === 'unfinished') {
        return `guarded by a Task.WaitAll or Task.WaitAny over ${recv} that says it finished`;
      }
      if (cond && alternative && child.startIndex === alternative.startIndex && wonWhenAny(cond.text, winners, false, recv)) return `${recv} is the task an awaited Task.WhenAny returned`;
      const partner = cond && racedPartnerTested(cond.text, alternative && child.startIndex === alternative.startIndex ? 'finished' : consequence && child.startIndex === consequence.startIndex ? 'unfinished' : null, p, recv);
      if (partner) return `${recv} raced ${partner} in an awaited Task.WhenAny, and ${partner} has not finished here, so ${recv} has`;
    }
    if (p.type === 'binary_expression' && p.childForFieldName('operator')?.text === '&&') {
      const left = p.childForFieldName('left');
      if (left && child.startIndex > left.startIndex && guard.test(left.text) && !negated.test(left.text)) return `guarded by a completion check on ${recv}`;
      if (left && child.startIndex > left.startIndex && conjunctsOf(left).some((c) => signalsWaitHandle(c, handles))) {
        return `guarded by a wait on ${recv}'s AsyncWaitHandle, which is set when the task completes`;
      }
      if (left && child.startIndex > left.startIndex && conjunctsOf(left).some((c) => timedTaskWaitSays(c, recv) === 'finished')) {
        return `guarded by a Task.WaitAll or Task.WaitAny over ${recv} that says it finished`;
      }
    }
    if (p.type === 'block') {
      // An early exit earlier in the block: `if (!t.IsCompleted) return await t;` / `throw`; `if (winner != t)
      // throw ...;` after a Task.WhenAny; or an assertion that the task is complete (`Assert.True(t.IsCompleted)`).
      for (const s of p.namedChildren) {
        if (!s || s.startIndex >= child.startIndex) break;
        if (failureExitsCount) for (const state of failureExitsOf(s, recv)) failuresLeft.add(state);
        if (failuresLeft.size === 2 && isParameterAround(node, recv)) {
          return `${recv} is a parameter whose faulted and cancelled states leave earlier before its result is read: a callback given the task once it has finished`;
        }
        const flagExit = asyncFlagExitReason(s, recv);
        if (flagExit) return flagExit;
        if (loopRunsUntilFinished(s, p, child, (text) => saysUnfinished.test(text))) return `the loop before it runs until ${recv} has finished`;
        if (s.type === 'expression_statement' && assertsCompleted(withoutNullMarks(s.text), recv)) return `asserted complete earlier (${s.text.trim().replace(/;$/, '')})`;
        // `try { if (!t.Wait(timeout)) throw ...; } catch (...) { throw ...; }`: past the try, the guard held.
        const guards = s.type === 'if_statement' ? [s] : s.type === 'try_statement' && everyCatchLeaves(s) ? topLevelIfs(s.childForFieldName('body')) : [];
        for (const g of guards) {
          const cond = g.childForFieldName('condition');
          const consequence = g.childForFieldName('consequence');
          // The exit is taken whenever the task is unfinished only when one of the condition's `||` alternatives says so
          // by itself: past `if (shutDown && !t.IsCompleted) throw ...;` the task may still be running.
          const unfinished = (text: string) => splitTopLevelOperator(withoutOuterParentheses(text), '||').some((d) => (saysUnfinished.test(d) && splitTopLevelOperator(withoutOuterParentheses(d), '&&').length === 1) || timedTaskWaitSays(d, recv) === 'unfinished');
          if (cond && consequence && unfinished(cond.text) && (/\b(return|throw)\b|\bawait\b/.test(consequence.text) || THROW_HELPER_CALL.test(consequence.text))) {
            return `the method returns or awaits earlier when ${recv} is not complete`;
          }
        }
        if (s.type !== 'if_statement') continue;
        const cond = s.childForFieldName('condition');
        const consequence = s.childForFieldName('consequence');
        // `await Task.WhenAny(a, t); if (a.IsCompleted) return ...;`: past the exit a has not finished, so t has.
        const exitPartner = cond && consequence && /\b(return|throw)\b/.test(consequence.text) ? racedPartnerTested(cond.text, 'finished', s, recv) : null;
        if (exitPartner) return `${recv} raced ${exitPartner} in an awaited Task.WhenAny, and the method leaves earlier when ${exitPartner} has finished, so ${recv} has`;
        // `if (winner != t || cancelled) throw ...;`: past an exit taken when any of its conditions holds, all of them are false.
        if (cond && consequence && splitTopLevelOperator(cond.text, '||').some((d) => wonWhenAny(d, winners, false, recv)) && /\b(return|throw)\b/.test(consequence.text)) {
          return `the method leaves earlier unless ${recv} won the awaited Task.WhenAny`;
        }
        // `if (winner == closeTask) break;` in a loop's body: the jump leaves the loop (or goes round it again), so the
        // statements after it in the same block run only when the receiver won.
        if (cond && consequence && splitTopLevelOperator(cond.text, '||').some((d) => wonWhenAny(d, winners, false, recv)) && endsInLoopJump(consequence)) {
          return `the loop is left earlier unless ${recv} won the awaited Task.WhenAny`;
        }
      }
    }
    if (p.type === 'switch_section' || p.type === 'switch_expression_arm') {
      const status = statusSwitchReason(p, child, recv, () => (locals ??= statusLocals(fn, node, recv)));
      if (status) return status;
      if (failureCasesFirst(p, child, recv)) {
        return `${recv} is a parameter whose faulted and cancelled states are handled by earlier cases before its result is read: a callback given the task once it has finished`;
      }
    }
    // Inside a ContinueWith callback the antecedent task has completed.
    if (p.type === 'lambda_expression' || p.type === 'anonymous_method_expression') {
      const continuation = continuationReason(p, recv, innerLambdas);
      if (continuation) return continuation;
      innerLambdas.push(p);
      // An exit before the lambda was made says nothing of the task's state when the lambda runs.
      failureExitsCount = false;
      continue;
    }
    if (p.type === 'method_declaration' || p.type === 'local_function_statement') {
      const continuation = continuationMethodReason(p, recv);
      if (continuation) return continuation;
    }
    if (isFunctionNode(p)) break;
  }
  return null;
}

/**
 * Whether a branch ends by leaving the innermost loop or switch around it, or by starting the loop's next round:
 * `break;`, `continue;`, or a block whose last statement is one. Only a jump at the branch's own level counts; one
 * inside a loop nested in the branch leaves that loop, not the one around the branch.
 */
function endsInLoopJump(branch: SyntaxNode): boolean {
  const last = branch.type === 'block' ? branch.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment').at(-1) : branch;
  return last?.type === 'break_statement' || last?.type === 'continue_statement';
}

/**
 * A completion callback's shape: a task that is a parameter of a function around the wait, read in the branch the
 * failure checks leave, `if (t.IsFaulted) ... else if (t.IsCanceled) ... else use(t.Result)` or `if (!t.IsCanceled &&
 * !t.IsFaulted) use(t.Result)`. Only a finished task can be faulted or cancelled, and code that handles those two
 * states first was written for one that has finished (a method handed to ContinueWith or a stage's async callback,
 * as Akka.Streams' do); a task of the function's own making (a local) gets no such benefit of the doubt.
 */
function handlesFailureFirst(cond: SyntaxNode, inConsequence: boolean, inAlternative: boolean, recv: string, at: SyntaxNode): boolean {
  if (!/^[A-Za-z_]\w*$/.test(recv) || !/\b(?:IsFaulted|IsCanceled)\b/.test(cond.text)) return false;
  const r = escapeRegExp(recv);
  const failed = new RegExp(`^\\(*\\s*${r}\\s*\\.\\s*(?:IsFaulted|IsCanceled)\\s*\\)*$`);
  const notFailed = new RegExp(`^\\(*\\s*(?:!\\s*${r}\\s*\\.\\s*(?:IsFaulted|IsCanceled)|${r}\\s*\\.\\s*(?:IsFaulted|IsCanceled)\\s*==\\s*false)\\s*\\)*$`);
  const text = withoutOuterParentheses(cond.text.trim());
  const ok = inAlternative ? splitTopLevelOperator(text, '||').every((d) => failed.test(d.trim()))
    : inConsequence ? conjunctsOf(cond).some((c) => notFailed.test(c.trim())) : false;
  return ok && isParameterAround(at, recv);
}

type FailedState = 'faulted' | 'cancelled';

/**
 * The failed states an `if` statement leaves the function or loop on, `return` or `throw` in its consequence: each
 * `||` alternative of its condition that tests the task for one of them, `t.IsFaulted`, `t.IsCanceled`, `t.Status ==
 * TaskStatus.Faulted`, or `t.Exception != null`, which holds exactly when the task is faulted (Task.Exception: "If the
 * Task completed successfully or has not yet thrown any exceptions, this will return null"), alone or together (`if
 * (t.IsFaulted && t.Exception != null) { ...; return; }`). The other helpers' shape of handlesFailureFirst, as
 * sequential exits: `if (t.IsFaulted ...) { fail(...); return; } if (t.IsCanceled) { cancel(); return; } use(t.Result);`.
 */
function failureExitsOf(statement: SyntaxNode, recv: string): FailedState[] {
  if (statement.type !== 'if_statement' || !/^[A-Za-z_]\w*$/.test(recv)) return [];
  const cond = statement.childForFieldName('condition');
  const consequence = statement.childForFieldName('consequence');
  if (!cond || !consequence || !/\b(?:IsFaulted|IsCanceled|Exception|Status)\b/.test(cond.text) || !/\b(?:return|throw)\b/.test(consequence.text)) return [];
  const r = escapeRegExp(recv);
  const faulted = new RegExp(String.raw`^\(*\s*(?:${r}\s*\.\s*IsFaulted|${r}\s*\.\s*Exception\s*!=\s*null|${r}\s*\.\s*Status\s*==\s*(?:System\.Threading\.Tasks\.)?TaskStatus\.Faulted)\s*\)*$`);
  const cancelled = new RegExp(String.raw`^\(*\s*(?:${r}\s*\.\s*IsCanceled|${r}\s*\.\s*Status\s*==\s*(?:System\.Threading\.Tasks\.)?TaskStatus\.Canceled)\s*\)*$`);
  const states: FailedState[] = [];
  for (const alternative of splitTopLevelOperator(withoutOuterParentheses(cond.text.trim()), '||')) {
    const tests = splitTopLevelOperator(withoutOuterParentheses(alternative.trim()), '&&').map((t) => t.trim());
    if (tests.every((t) => faulted.test(t))) states.push('faulted');
    else if (tests.length === 1 && cancelled.test(tests[0])) states.push('cancelled');
  }
  return states;
}

/** Whether `name` is a parameter of a function around `node` (up to and including the member it is in). */
function isParameterAround(node: SyntaxNode, name: string): boolean {
  for (let p = node.parent; p; p = p.parent) {
    const isLambda = p.type === 'lambda_expression' || p.type === 'anonymous_method_expression';
    if (!isLambda && !isFunctionNode(p)) continue;
    const params = p.childForFieldName('parameters');
    if (params?.type === 'implicit_parameter' ? params.text === name : params?.namedChildren.some((c) => c?.type === 'parameter' && c.childForFieldName('name')?.text === name)) return true;
    if (!isLambda && p.type !== 'local_function_statement') return false;
  }
  return false;
}

/** `x!.Task` and `x?.Task` as `x.Task`: the marks say nothing about which task the expression names. */
function withoutNullMarks(text: string): string {
  return text.includes('!.') || text.includes('?.') ? text.replace(/[!?](?=\.)/g, '') : text;
}

/**
 * The bool locals of the function, declared before the wait and never assigned again, whose initializer checks the
 * task's completion the way a guard does (`var started = content?.Task.IsCompleted == true;`): `if (started)`
 * then guards the wait as the check itself would. An initializer with `||` or `?:` does not say the task finished,
 * nor does one that also reads as a negated check. A flag assigned again (`started = ...`, `ref started`, `out
 * started`) may no longer hold the check, so it does not count.
 */
function completionFlags(fn: SyntaxNode | null, wait: SyntaxNode, guard: { test(text: string): boolean }, negated: { test(text: string): boolean }): string[] {
  if (!fn) return [];
  const text = fn.text;
  if (!/\b(?:IsCompleted|IsCompletedSuccessfully|IsFaulted|IsCanceled|Status|Wait)\b/.test(text)) return [];
  return localsHoldingInitializer(fn, text, wait, /\b(?:var|bool)\s+([A-Za-z_]\w*)\s*=\s*([^;{}]+);/g,
    (initializer) => !/\|\||\?(?!\.)/.test(withoutNullMarks(initializer)) && guard.test(initializer) && !negated.test(initializer));
}

/**
 * The locals `declarations` finds in the function's text before the wait (each match: the name, then the
 * initializer) whose initializer `accepts`, and that are never assigned again (`x = ...`, `x |= ...`, `ref x`,
 * `out x`): at the wait they still hold what the initializer computed.
 */
function localsHoldingInitializer(fn: SyntaxNode, text: string, wait: SyntaxNode, declarations: RegExp, accepts: (initializer: string) => boolean): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(declarations)) {
    const [, name, initializer] = m;
    if (fn.startIndex + m.index >= wait.startIndex) break;
    if (!accepts(initializer)) continue;
    const writes = text.match(new RegExp(`(?<![\\w.])${escapeRegExp(name)}\\s*(?:[|&^]?=(?!=))|\\b(?:ref|out)\\s+${escapeRegExp(name)}\\b`, 'g')) ?? [];
    if (writes.length === 1) names.push(name);
  }
  return names;
}

/** Helper names that read as "wait for this task and say whether it finished" when they return a bool. */
const WAIT_HELPER = String.raw`(?:TryWait\w*|Wait(?:For\w*|With\w*|Until\w*)?)`;

/**
 * The locals that hold the task's status, declared before the wait and never assigned again:
 * `TaskStatus status = t.Status; switch (status) { ... }` switches on the task's status as `switch (t.Status)` does.
 */
function statusLocals(fn: SyntaxNode | null, wait: SyntaxNode, recv: string): string[] {
  if (!fn) return [];
  const text = fn.text;
  if (!text.includes('Status')) return [];
  const status = new RegExp(`^${escapeRegExp(recv)}\\s*\\.\\s*Status$`);
  return localsHoldingInitializer(fn, text, wait, /\b(?:var|TaskStatus|System\.Threading\.Tasks\.TaskStatus)\s+([A-Za-z_]\w*)\s*=\s*([^;{}]+);/g,
    (initializer) => status.test(withoutNullMarks(initializer.trim())));
}

/**
 * `((Task<T>)task)` and `(Task)task` name the object `task` names: a cast changes the static type, not which task it
 * is, so a guard on `task` guards a wait on the cast.
 */
function castOperand(text: string): string {
  if (!text.startsWith('(')) return text;
  const cast = PARENTHESISED_TASK_CAST.exec(text) ?? TASK_CAST.exec(text);
  return cast ? cast[1] : text;
}

const TASK_TYPE = String.raw`(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)(?:\s*<[^()]*>)?`;
/** A name, or an element of one read by a simple index (`parts[0]`, `parts[i]`): what a task cast may wrap. */
const CAST_OPERAND = String.raw`([A-Za-z_][\w.]*(?:\[\s*\w+\s*\])?)`;
const PARENTHESISED_TASK_CAST = new RegExp(String.raw`^\(\s*\(\s*${TASK_TYPE}\s*\)\s*${CAST_OPERAND}\s*\)$`);
const TASK_CAST = new RegExp(String.raw`^\(\s*${TASK_TYPE}\s*\)\s*${CAST_OPERAND}$`);

/**
 * A consequence that is one call of a throw helper (`ThrowTimeout(message);`, `ThrowHelper.ThrowObjectDisposed();`),
 * the pattern .NET libraries use to keep throws out of hot methods: it does not come back. `ThrowIf...` helpers
 * throw only on their own condition, so they do not count.
 */
const THROW_HELPER_CALL = /^\s*\{?\s*(?:[A-Za-z_][\w.]*\.)?Throw(?!If)[A-Z]?\w*\s*\([^;]*\)\s*;\s*\}?\s*$/;

const STATUS_LABEL = String.raw`(?:(?:System\.Threading\.Tasks\.)?TaskStatus\.(?:RanToCompletion|Faulted|Canceled))`;
const FINISHED_CASES = new RegExp(String.raw`^(?:\s*case\s+${STATUS_LABEL}(?:\s+or\s+${STATUS_LABEL})*\s*:)+\s*$`);
const FINISHED_PATTERN = new RegExp(String.raw`^${STATUS_LABEL}(?:\s+or\s+${STATUS_LABEL})*$`);

/**
 * A switch on the task's own status whose section (or arm) is reached only for finished states:
 * `switch (t.Status) { case TaskStatus.RanToCompletion: ... t.Result ... }` and
 * `t.Status switch { TaskStatus.RanToCompletion => t.Result, ... }`, and the `when` clause of such an arm
 * (`TaskStatus.RanToCompletion when t.Result is Done => ...`). A `default` label, a section label with a `when`
 * clause or any other state (WaitingForActivation) keeps the wait in doubt.
 */
function statusSwitchReason(section: SyntaxNode, child: SyntaxNode, recv: string, locals: () => readonly string[]): string | null {
  const onStatus = (governing: SyntaxNode | null | undefined) => {
    const text = governing ? withoutNullMarks(governing.text.trim()) : null;
    return text !== null && (new RegExp(`^${escapeRegExp(recv)}\\s*\\.\\s*Status$`).test(text) || locals().includes(text.replace(/^\((.*)\)$/, '$1').trim()));
  };
  if (section.type === 'switch_section') {
    const firstStatement = firstStatementOf(section);
    if (!firstStatement || child.startIndex < firstStatement.startIndex) return null;
    const labels = section.text.slice(0, firstStatement.startIndex - section.startIndex);
    const switchStatement = section.parent?.parent;
    if (switchStatement?.type !== 'switch_statement' || !onStatus(switchStatement.childForFieldName('value'))) return null;
    return FINISHED_CASES.test(labels) ? `in a switch section for a finished status of ${recv}` : null;
  }
  const arms = section.namedChildren.filter((c): c is SyntaxNode => !!c);
  const pattern = arms[0];
  const value = arms[arms.length - 1];
  // C# evaluates an arm's `when` clause only once its pattern has matched, and the arm's value only once both have:
  // a wait in either, under a pattern of finished states, reads a finished task.
  const when = arms.length === 3 && arms[1].type === 'when_clause' ? arms[1] : null;
  if (!(arms.length === 2 || when) || !pattern || (value?.startIndex !== child.startIndex && when?.startIndex !== child.startIndex)) return null;
  const switchExpression = section.parent;
  if (switchExpression?.type !== 'switch_expression' || !onStatus(switchExpression.namedChildren[0])) return null;
  return FINISHED_PATTERN.test(pattern.text.trim()) ? `in a switch arm for a finished status of ${recv}` : null;
}

/**
 * handlesFailureFirst's shape written as a switch on the task: `switch (task) { case { IsCanceled: true }: ...; case {
 * IsFaulted: true }: ...; default: use(task.Result); }`, or a switch expression whose earlier arms match those two
 * property patterns. Earlier sections cannot fall through into a later one, so its statements run for a task that is
 * neither, and a function handed such a task as a parameter was written for one that has finished.
 */
function failureCasesFirst(section: SyntaxNode, child: SyntaxNode, recv: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(recv)) return false;
  const governs = (value: SyntaxNode | null | undefined) => !!value && withoutOuterParentheses(withoutNullMarks(value.text.trim())) === recv;
  const earlier: string[] = [];
  if (section.type === 'switch_section') {
    const first = firstStatementOf(section);
    const switchStatement = section.parent?.parent;
    if (!first || child.startIndex < first.startIndex || switchStatement?.type !== 'switch_statement' || !governs(switchStatement.childForFieldName('value'))) return false;
    for (const other of section.parent?.namedChildren ?? []) {
      if (!other || other.startIndex >= section.startIndex) break;
      const otherFirst = other.type === 'switch_section' ? firstStatementOf(other) : null;
      if (otherFirst) earlier.push(other.text.slice(0, otherFirst.startIndex - other.startIndex));
    }
  } else {
    const arms = section.namedChildren.filter((c): c is SyntaxNode => !!c);
    const switchExpression = section.parent;
    if (arms.length < 2 || arms[arms.length - 1].startIndex !== child.startIndex || switchExpression?.type !== 'switch_expression' || !governs(switchExpression.namedChildren[0])) return false;
    for (const other of switchExpression.namedChildren) {
      if (!other || other.startIndex >= section.startIndex) continue;
      if (other.type === 'switch_expression_arm') earlier.push(other.namedChildren[0]?.text ?? '');
    }
  }
  const labels = earlier.join('\n');
  return /\bIsCanceled\s*:\s*true\b/.test(labels) && /\bIsFaulted\s*:\s*true\b/.test(labels) && isParameterAround(section, recv);
}

/** The first statement of a switch section, after its labels. */
function firstStatementOf(section: SyntaxNode): SyntaxNode | undefined {
  return section.namedChildren.find((c): c is SyntaxNode => !!c && /_statement$|^block$/.test(c.type));
}

/**
 * `if (_async) ThrowHelper.ThrowInvalidOperationException(...); DisposeAsync().GetAwaiter().GetResult();`: a type
 * that runs every operation synchronously or asynchronously by a flag (ASYNC_FLAG_NAMES, as a field or parameter)
 * leaves its synchronous entry point when the flag is set, so past that exit its own methods run their synchronous
 * path and return completed tasks. Only a call of the type's own method (no receiver, or `this`) is taken as
 * following the flag; a task from elsewhere is not.
 */
function asyncFlagExitReason(statement: SyntaxNode, recv: string): string | null {
  if (statement.type !== 'if_statement') return null;
  const call = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\([^]*\)$/.exec(recv);
  if (!call) return null;
  const flag = /^\s*(?:this\s*\.\s*)?_?([A-Za-z]\w*)\s*$/.exec(statement.childForFieldName('condition')?.text ?? '');
  const consequence = statement.childForFieldName('consequence');
  if (!flag || !consequence || statement.childForFieldName('alternative')) return null;
  const name = [...ASYNC_FLAG_NAMES].find((n) => n.toLowerCase() === flag[1].toLowerCase());
  if (!name || !/\b(?:return|throw)\b|\bThrow\w*\s*\(/.test(consequence.text)) return null;
  return `the method leaves earlier when ${flag[0].trim()} is set, so ${call[1]} runs its synchronous path here and its task is already complete`;
}

/** The if statements directly in a block (not nested deeper). */
function topLevelIfs(block: SyntaxNode | null): SyntaxNode[] {
  return block ? block.namedChildren.filter((c): c is SyntaxNode => !!c && c.type === 'if_statement') : [];
}

/**
 * Whether every catch clause of a try statement leaves (its block ends in throw or return), so code after the
 * statement runs only when the try block ran to its end. A finally clause does not change that.
 */
function everyCatchLeaves(tryStatement: SyntaxNode): boolean {
  for (const c of tryStatement.namedChildren) {
    if (!c || c.type !== 'catch_clause') continue;
    const block = c.namedChildren.find((n) => n?.type === 'block');
    const last = block?.namedChildren.filter((n) => !!n).at(-1);
    if (!last) return false;
    if (last.type === 'throw_statement' || last.type === 'return_statement') continue;
    if (last.type === 'expression_statement' && (RETHROW_ORIGINAL.test(last.text) || THROW_HELPER_CALL.test(last.text))) continue;
    return false;
  }
  return true;
}

/**
 * `ExceptionDispatchInfo.Capture(ex.InnerException).Throw();` and `ExceptionDispatchInfo.Throw(ex);`: they always
 * throw (learn.microsoft.com/dotnet/api/system.runtime.exceptionservices.exceptiondispatchinfo.throw), the usual way to
 * rethrow a wait's inner exception instead of the AggregateException around it.
 */
const RETHROW_ORIGINAL = /^\s*(?:System\.Runtime\.ExceptionServices\.)?ExceptionDispatchInfo\s*\.\s*(?:Capture\s*\([^;]*\)\s*\.\s*Throw\s*\(\s*\)|Throw\s*\([^;]*\))\s*;\s*$/;

/**
 * `t => t.Result` passed to `task.ContinueWith(...)` or `context.ReenterAfter(task, t => ...)`: a call that runs its
 * callback once the task has completed (knowledge/continuations.ts), so the callback's first parameter, and the
 * task written as the call's receiver or first argument, have completed when it runs.
 */
function continuationReason(lambda: SyntaxNode, recv: string, innerLambdas: readonly SyntaxNode[]): string | null {
  const arg = lambda.parent;
  const call = arg?.type === 'argument' ? arg.parent?.parent : null;
  const callee = call?.type === 'invocation_expression' ? calleeOf(call) : null;
  const api = callee ? continuationApiOf(callee.name) : undefined;
  if (!callee || !api) return null;
  const first = firstParameterOf(lambda);
  if (api.receives === 'allTasks') return completedArrayElementReason(api.callback, firstArgumentBefore(call!, arg!), first, recv, innerLambdas);
  const head = recv.split('.')[0];
  if (first && (head === first || parameterAliases(lambda, first).includes(head))) return `inside a ${api.callback}, where the antecedent task has completed`;
  const antecedent = api.antecedent === 'receiver' ? callee.receiver : api.antecedent === 'firstArgument' ? firstArgumentBefore(call!, arg!) : null;
  if (antecedent && recv === withoutNullMarks(antecedent)) return `inside a ${api.callback} of this task`;
  return null;
}

/** The name of a lambda's or anonymous method's first parameter, or null when it has none. */
function firstParameterOf(lambda: SyntaxNode): string | null {
  const params = lambda.childForFieldName('parameters');
  const first = params ? (params.type === 'implicit_parameter' ? params : namedChildOfType(params, 'parameter')?.childForFieldName('name')) : null;
  return first?.text ?? null;
}

/**
 * Inside a callback handed every task of an array once all have completed (`Task.Factory.ContinueWhenAll(parts,
 * done => ...)`): the task is one of them when it is an element of the callback's parameter read by index
 * (`done[0]`), an element of the array written in place as the call's first argument (`new[] { load, save }`), or the
 * parameter of a lambda nested in the callback that walks the parameter's elements (`done.Select(t => t.Result)`,
 * also through operators that keep the elements, `done.Skip(1).Where(...)`).
 */
function completedArrayElementReason(callback: string, tasksArgument: string | null, parameter: string | null, recv: string, innerLambdas: readonly SyntaxNode[]): string | null {
  const reason = `inside a ${callback}, where every task of its array has completed`;
  if (parameter && new RegExp(String.raw`^${escapeRegExp(parameter)}\s*\[`).test(recv)) return reason;
  if (tasksArgument && elementsWrittenInPlace(tasksArgument)?.includes(recv)) return reason;
  const head = recv.split('.')[0];
  const walker = innerLambdas.find((inner) => firstParameterOf(inner) === head);
  return parameter && walker && walksElementsOf(walker, parameter) ? reason : null;
}

/** Whether a lambda is an argument of a call on a sequence whose elements are those of `collection` (`collection.Where(...).Select(lambda)`). */
function walksElementsOf(lambda: SyntaxNode, collection: string): boolean {
  const arg = lambda.parent;
  const call = arg?.type === 'argument' ? arg.parent?.parent : null;
  const receiver = call?.type === 'invocation_expression' ? calleeOf(call)?.receiver : null;
  return !!receiver && elementsOf(receiver) === collection;
}

/**
 * A method or local function handed to a continuation call as a method group (`task.ContinueWith(OnLoaded)`, a private
 * `void OnLoaded(Task<string> loaded)`): the call passes it the finished antecedent as its first parameter, as it does a
 * lambda's (knowledge/continuations.ts). The parameter counts as that task only where nothing else can hand the function
 * another one: every mention of the name in the file, past its declaration, is such a method-group argument (no direct
 * call, no other delegate), and the function never assigns the parameter. A lambda nested in it that reads the
 * parameter reads the same finished task (JiraUpload-style `this.Invoke(() => Show(loaded.Result))`).
 */
function continuationMethodReason(fn: SyntaxNode, recv: string): string | null {
  const name = fn.childForFieldName('name')?.text;
  const params = fn.childForFieldName('parameters');
  const first = params ? namedChildOfType(params, 'parameter')?.childForFieldName('name')?.text : undefined;
  const head = recv.split('.')[0];
  if (!name || !first || head !== first) return null;
  const f = escapeRegExp(first);
  if (new RegExp(String.raw`(?<![\w.])${f}\s*(?:[-+*/%&|^?]?=(?![=>])|\+\+|--)|\b(?:ref|out)\s+${f}\b`).test(fn.text)) return null;
  let root = fn;
  while (root.parent) root = root.parent;
  const n = escapeRegExp(name);
  const mentions = [...root.text.matchAll(new RegExp(String.raw`(?<![\w@])${n}(?!\w)`, 'g'))].length;
  const handed = [...root.text.matchAll(new RegExp(String.raw`\.\s*([A-Za-z_]\w*)\s*\(\s*(?:this\s*\.\s*)?${n}\s*[,)]`, 'g'))]
    .filter((m) => continuationApiOf(m[1])?.antecedent === 'receiver');
  if (handed.length === 0 || mentions !== handed.length + 1) return null;
  return `${recv} is the first parameter of ${name}, which is handed to ${handed[0][1]} as a method group and receives the antecedent task once it has completed`;
}

/**
 * Other names a callback gives its parameter: a type pattern's variable (`done is Task<bool> timed`, `done is not
 * Task<bool> timed || timed.Result`) and a local initialised with a cast of it (`var counted = (Task<int>)done;`,
 * `done as Task<int>`). Each names the same completed task.
 */
function parameterAliases(lambda: SyntaxNode, parameter: string): string[] {
  const text = lambda.text;
  if (!text.includes(parameter)) return [];
  const p = escapeRegExp(parameter);
  const aliases: string[] = [];
  const type = String.raw`[A-Za-z_][\w.]*(?:<[\w.,\s<>?]*>)?\??`;
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w.])${p}\s+is\s+(?:not\s+)?${type}\s+([A-Za-z_]\w*)`, 'g'))) aliases.push(m[1]);
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:var|${type})\s+([A-Za-z_]\w*)\s*=\s*(?:\(\s*${type}\s*\)\s*${p}|${p}\s+as\s+${type})\s*;`, 'g'))) aliases.push(m[1]);
  return aliases;
}

/** The text of a call's first argument when the callback argument comes after it; null when the callback is first. */
function firstArgumentBefore(call: SyntaxNode, callbackArgument: SyntaxNode): string | null {
  const first = call.childForFieldName('arguments')?.namedChildren.find((c) => c?.type === 'argument');
  if (!first || first.startIndex === callbackArgument.startIndex) return null;
  return first.text.trim();
}

/**
 * The task the condition tests for completion, when it raced the receiver alone in an awaited `Task.WhenAny(a, b)`
 * written before `statement` (the if or ?: around the wait) in a block around it, or null. Once such a race has been
 * awaited one of the two has finished, so where the other is known unfinished the receiver is finished: in the `else`
 * of `if (a.IsCompleted)` (`branch` 'finished': the test is true when the partner finished) and in the `then` of
 * `if (!a.IsCompleted)` ('unfinished'). Only IsCompleted says finished in every state; IsCompletedSuccessfully and
 * IsFaulted leave the other states open. Like the other guards, it trusts that neither variable is written between.
 */
function racedPartnerTested(condition: string, branch: 'finished' | 'unfinished' | null, statement: SyntaxNode, recv: string): string | null {
  if (branch === null || !/^[A-Za-z_][\w.]*$/.test(recv)) return null;
  const test = withoutOuterParentheses(withoutNullMarks(condition.trim()));
  const tested = (branch === 'finished' ? /^([A-Za-z_][\w.]*)\s*\.\s*IsCompleted$/ : /^!\s*([A-Za-z_][\w.]*)\s*\.\s*IsCompleted$/).exec(test)?.[1];
  if (!tested || tested === recv) return null;
  return racedBefore(statement, recv).includes(tested) ? tested : null;
}

/**
 * The tasks the receiver raced alone in an awaited `Task.WhenAny(a, b)` (ConfigureAwait allowed), written in an
 * expression statement or a declaration (not in a lambda) before `statement` in one of the blocks around it, within
 * its function.
 */
function racedBefore(statement: SyntaxNode, recv: string): string[] {
  const partners: string[] = [];
  let child = statement;
  for (let p = statement.parent; p && !isFunctionNode(p); child = p, p = p.parent) {
    if (p.type !== 'block') continue;
    for (const s of p.namedChildren) {
      if (!s || s.startIndex >= child.startIndex) break;
      // The statement itself must run the race: one nested in an `if`, a loop or a lambda may not have run it.
      if ((s.type !== 'expression_statement' && s.type !== 'local_declaration_statement') || !s.text.includes('WhenAny')) continue;
      for (const m of s.text.matchAll(/\bawait\s+(?:System\.Threading\.Tasks\.)?Task\s*\.\s*WhenAny\s*\(([^()]*)\)/g)) {
        if (/=>|\bdelegate\b/.test(s.text.slice(0, m.index))) continue;
        const args = splitTopLevel(m[1]).map((a) => a.trim());
        if (args.length === 2 && args.includes(recv)) partners.push(args[0] === recv ? args[1] : args[0]);
      }
    }
  }
  return partners;
}

/**
 * Variables that hold what an awaited `Task.WhenAny(...)` returned with the receiver among its arguments, each with
 * the other arguments: `var completed = await Task.WhenAny(task, timeout);` gives completed -> [timeout].
 */
function whenAnyWinners(fn: SyntaxNode | null, recv: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!fn || !/^[A-Za-z_]\w*$/.test(recv)) return out;
  const text = fn.text;
  if (!text.includes('WhenAny')) return out;
  // The arguments may hold calls of their own (`Task.Delay(Timeout.Infinite, token)`), two levels deep.
  for (const m of text.matchAll(/\b([A-Za-z_]\w*)\s*=\s*await\s+(?:System\.Threading\.Tasks\.)?Task\.WhenAny\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g)) {
    const args = splitTopLevel(m[2]);
    if (args.includes(recv)) out.set(m[1], args.filter((a) => a !== recv));
  }
  return out;
}

/**
 * The texts that name the task's wait handle in the function: `((IAsyncResult)task).AsyncWaitHandle` (Task implements
 * IAsyncResult explicitly, so a cast is how code reaches the handle), and the locals declared before the wait and
 * assigned once from it (`var readDone = ((IAsyncResult)readTask).AsyncWaitHandle;`). Task sets that handle when
 * it completes (learn.microsoft.com/dotnet/api/system.threading.tasks.task.system-iasyncresult-asyncwaithandle), so
 * synchronous code that must wait for a task together with other handles waits on it with WaitHandle.WaitAny.
 */
function waitHandlesOf(fn: SyntaxNode | null, wait: SyntaxNode, recv: string): string[] {
  if (!fn || !/^[A-Za-z_][\w.]*$/.test(recv)) return [];
  const text = fn.text;
  if (!text.includes('AsyncWaitHandle')) return [];
  const handle = `\\(\\s*\\(\\s*(?:System\\s*\\.\\s*)?IAsyncResult\\s*\\)\\s*${escapeRegExp(recv)}\\s*\\)\\s*\\.\\s*AsyncWaitHandle`;
  const whole = new RegExp(`^${handle}$`);
  const locals = localsHoldingInitializer(fn, text, wait, /\b(?:var|WaitHandle|System\.Threading\.WaitHandle)\s+([A-Za-z_]\w*)\s*=\s*([^;{}]+);/g,
    (initializer) => whole.test(initializer.trim()));
  return [handle, ...locals.map(escape)];
}

/** The conditions a condition joins with `&&`, parentheses around any of them removed: each holds when the whole does. */
function conjunctsOf(condition: SyntaxNode): string[] {
  const inner = condition.type === 'parenthesized_expression' ? condition.namedChildren.find((c) => c !== null) ?? null : null;
  if (inner) return conjunctsOf(inner);
  if (condition.type === 'binary_expression' && condition.childForFieldName('operator')?.text === '&&') {
    const left = condition.childForFieldName('left');
    const right = condition.childForFieldName('right');
    return [...(left ? conjunctsOf(left) : []), ...(right ? conjunctsOf(right) : [])];
  }
  return [condition.text];
}

const WAIT_ANY = /^(?:System\s*\.\s*Threading\s*\.\s*)?WaitHandle\s*\.\s*WaitAny\s*\(/;
const WAIT_ALL = /^(?:System\s*\.\s*Threading\s*\.\s*)?WaitHandle\s*\.\s*WaitAll\s*\(/;

const TASK_WAIT_ALL = /^(?:System\s*\.\s*Threading\s*\.\s*Tasks\s*\.\s*)?Task\s*\.\s*WaitAll\s*\(/;

/**
 * What a condition says of the task by a wait on an array written in place that holds it: `finished` for
 * `Task.WaitAll(new[] { a, b }, timeout)`, true only once every task has completed (the overloads with a timeout or
 * a token return bool: learn.microsoft.com/dotnet/api/system.threading.tasks.task.waitall), and for
 * `Task.WaitAny([a, b], timeout) == 0` with the task's place in the array (WaitAny returns the index of a completed
 * task, -1 on timeout: .../task.waitany); `unfinished` for the negations, `!Task.WaitAll(...)` and `Task.WaitAny(...)
 * != 0`; null otherwise. duplicati reads two process streams' results after a timed WaitAll that returns early when it
 * fails, and OpenTelemetry reads a collection's result after a WaitAny that the collection won (the seeded reading of
 * the thirty-fifth session).
 */
function timedTaskWaitSays(condition: string, recv: string): 'finished' | 'unfinished' | null {
  const c = withoutOuterParentheses(condition);
  if (!c.includes('Wait')) return null;
  const isTask = (text: string) => castOperand(withoutNullMarks(withoutOuterParentheses(text))) === recv;
  const negation = /^!\s*/.exec(c);
  const all = wholeCallArguments(negation ? withoutOuterParentheses(c.slice(negation[0].length)) : c, TASK_WAIT_ALL);
  if (all && all.length >= 2 && (elementsOfArrayWrittenInPlace(all[0]) ?? []).some(isTask)) return negation ? 'unfinished' : 'finished';
  const picked = pickedByWaitAny(c, TASK_WAIT_ANY);
  if (picked === null || !isTask(picked.element)) return null;
  return picked.operator === '==' ? 'finished' : 'unfinished';
}

/**
 * Whether a condition, true, says one of the task's wait handles (`handles`: patterns from `waitHandlesOf`) is set:
 * `handle.WaitOne(...)` (true once it is signalled, with a timeout or without), `WaitHandle.WaitAny(new[] { handle,
 * other }) == 0` where the index compared with is the handle's place in the array written in place (WaitAny returns
 * the index of the handle that was signalled, learn.microsoft.com/dotnet/api/system.threading.waithandle.waitany),
 * or `WaitHandle.WaitAll(new[] { handle, other }, timeout)` (true once every handle is set). An index held in a local
 * or an array built elsewhere is not followed.
 */
function signalsWaitHandle(condition: string, handles: readonly string[]): boolean {
  if (handles.length === 0) return false;
  const c = withoutOuterParentheses(condition);
  const isHandle = (text: string) => handles.some((h) => new RegExp(`^${h}$`).test(withoutOuterParentheses(text)));
  const waitOne = /\.\s*WaitOne\s*\(/.exec(c);
  if (waitOne && closingBracket(c, waitOne.index + waitOne[0].length - 1) === c.length - 1 && isHandle(c.slice(0, waitOne.index))) return true;
  const all = wholeCallArguments(c, WAIT_ALL);
  if (all && all.length > 0) return (elementsOfArrayWrittenInPlace(all[0]) ?? []).some(isHandle);
  const picked = pickedByWaitAny(c, WAIT_ANY);
  return picked !== null && picked.operator === '==' && isHandle(picked.element);
}

/**
 * A comparison of a WaitAny's index with a number (`WaitHandle.WaitAny(new[] { a, b }) == 0`, `1 != Task.WaitAny([a,
 * b], t)`, `head` naming the WaitAny): the element of the array written in place at that index and the operator, or
 * null. WaitAny returns the index of the handle signalled or the task completed.
 */
function pickedByWaitAny(condition: string, head: RegExp): { element: string; operator: '==' | '!=' } | null {
  const comparison = /^(\d+)\s*(==|!=)\s*([\s\S]+)$/.exec(condition) ?? /^([\s\S]+?)\s*(==|!=)\s*(\d+)$/.exec(condition);
  if (!comparison) return null;
  const [index, call] = /^\d+$/.test(comparison[1]) ? [Number(comparison[1]), comparison[3]] : [Number(comparison[3]), comparison[1]];
  const any = wholeCallArguments(withoutOuterParentheses(call), head);
  const element = any && any.length > 0 ? elementsOfArrayWrittenInPlace(any[0])?.[index] : undefined;
  return element === undefined ? null : { element, operator: comparison[2] as '==' | '!=' };
}

/** The arguments of the call `head` opens, when the call is all of `text`; null otherwise. */
function wholeCallArguments(text: string, head: RegExp): string[] | null {
  const m = head.exec(text);
  if (!m) return null;
  return closingBracket(text, m[0].length - 1) === text.length - 1 ? splitTopLevel(text.slice(m[0].length, -1)) : null;
}

/** The elements of an array written in place (`new[] { a, b }`, `new WaitHandle[] { a, b }`, `[a, b]`); null for anything else. */
function elementsOfArrayWrittenInPlace(text: string): string[] | null {
  const t = text.trim();
  const array = arrayWrittenInPlace(t);
  return array && array.close === t.length - 1 ? splitTopLevel(t.slice(array.open + 1, array.close)) : null;
}

/**
 * Whether a condition says the receiver won (`won` true: `winner == t`, `winner != timeout` with two tasks) or lost
 * (`won` false: `winner != t`, `winner == timeout`).
 */
function wonWhenAny(condition: string, winners: Map<string, string[]>, won: boolean, recv: string): boolean {
  const c = condition.trim().replace(/^\((.*)\)$/s, '$1').trim();
  const inline = inlineWhenAny(c, recv);
  const m = inline ? null : /^([A-Za-z_]\w*)\s*(==|!=)\s*([A-Za-z_]\w*)$/.exec(c);
  if (!m && !inline) return false;
  const [, left, op, right] = m ?? ['', '', inline!.op, ''];
  const others = inline ? inline.others : winners.get(left) ?? winners.get(right);
  if (!others) return false;
  const other = inline ? inline.compared : winners.has(left) ? right : left;
  const isSelf = other === recv;
  if (!isSelf && !others.includes(other)) return false;
  // `winner == self` or `winner != other-of-two` means self won.
  const saysWon = (op === '==' && isSelf) || (op === '!=' && !isSelf && others.length === 1);
  const saysLost = (op === '!=' && isSelf) || (op === '==' && !isSelf && others.length === 1);
  return won ? saysWon : saysLost;
}

/**
 * A comparison with the winner of a Task.WhenAny awaited in the condition itself (`task != await Task.WhenAny(task,
 * Task.Delay(timeout))`, either side): the variable compared, the operator, and the other arguments, when `recv` is
 * among them.
 */
function inlineWhenAny(condition: string, recv: string): { compared: string; op: string; others: string[] } | null {
  if (!condition.includes('WhenAny')) return null;
  const call = String.raw`await\s+(?:System\.Threading\.Tasks\.)?Task\.WhenAny\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)(?:\s*\.\s*ConfigureAwait\s*\([^()]*\))?`;
  const left = new RegExp(String.raw`^([A-Za-z_]\w*)\s*(==|!=)\s*\(?\s*${call}\s*\)?$`).exec(condition);
  const right = left ? null : new RegExp(String.raw`^\(?\s*${call}\s*\)?\s*(==|!=)\s*([A-Za-z_]\w*)$`).exec(condition);
  if (!left && !right) return null;
  const [compared, op, args] = left ? [left[1], left[2], left[3]] : [right![3], right![2], right![1]];
  const list = splitTopLevel(args);
  if (!list.includes(recv)) return null;
  return { compared, op, others: list.filter((a) => a !== recv) };
}

/** `Assert.True(t.IsCompleted)`, `Debug.Assert(t.IsCompletedSuccessfully)`, `Assert.Equal(TaskStatus.RanToCompletion, t.Status)`. */
function assertsCompleted(statement: string, recv: string): boolean {
  const r = escapeRegExp(recv);
  return new RegExp(`^\\s*(Assert\\.(True|IsTrue|That)|Debug\\.Assert|Trace\\.Assert|ClassicAssert\\.IsTrue)\\s*\\(\\s*${r}\\s*\\.\\s*(IsCompleted|IsCompletedSuccessfully)\\s*[),]`).test(statement) ||
    new RegExp(`^\\s*Assert\\.(Equal|AreEqual)\\s*\\(\\s*TaskStatus\\.RanToCompletion\\s*,\\s*${r}\\s*\\.\\s*Status\\s*\\)`).test(statement) ||
    new RegExp(`^\\s*${r}\\s*\\.\\s*(IsCompleted|IsCompletedSuccessfully)\\s*\\.\\s*Should\\s*\\(\\s*\\)\\s*\\.\\s*BeTrue\\s*\\(`).test(statement);
}

/**
 * A call with its async flag passed as false by name (`Rollback(async: false)`): the method's dual path runs
 * synchronously, so the task it returns is complete. A flag passed by position needs the callee's declaration,
 * which the rules look up in the workspace index.
 */
export function syncPathCallReason(receiverText: string): string | null {
  const m = /^(?:[\w.!?]+\.)?([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\(([^]*)\)\s*(?:\.\s*ConfigureAwait\s*\([^()]*\))?$/.exec(receiverText.trim());
  if (!m) return null;
  for (const name of ASYNC_FLAG_NAMES) {
    if (new RegExp(`(^|[(,\\s])${name}\\s*:\\s*false\\b`).test(m[2])) return `${m[1]} is called with ${name}: false, so its synchronous path runs and the task it returns is already complete`;
  }
  return null;
}

/**
 * Reasons that need the awaits of the body (and of the bodies around a lambda): the same task was awaited
 * before, or passed to an awaited Task.WhenAll.
 */
export function knownCompletedReason(wait: TaskWait, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  const recv = wait.receiverText.trim();
  if (!recv) return null;
  // `(readErrors ? errorTask : outputTask).Result`: complete when the task either arm picks is.
  const picked = conditionalArmsOf(recv);
  if (picked) {
    const reasons = picked.map((arm) => knownCompletedReason({ ...wait, receiverText: arm }, body, bodies, syntax));
    return reasons.every((r): r is string => r !== null) ? `both tasks the conditional picks from have completed (${[...new Set(reasons)].join('; ')})` : null;
  }
  const waited = syncWaitReason(wait, recv, body, bodies, syntax);
  if (waited) return waited;
  const atCalls = guardedAtEveryCallReason(recv, body, bodies, syntax);
  if (atCalls) return atCalls;
  const filtered = filteredForCompletionReason(recv, body, bodies, syntax);
  if (filtered) return filtered;
  const element = /^([A-Za-z_][\w.]*)\s*\[/.exec(recv)?.[1] ?? null;
  const variable = /^(?:this\.)?([A-Za-z_]\w*)$/.exec(element ?? recv)?.[1] ?? null;
  // `var winner = await Task.WhenAny(a, b);`: the task WhenAny hands back is the one that finished.
  const local = variable && !element ? findLocal(body, bodies, variable) : null;
  if (local?.initializerText && /^await\s+(System\.Threading\.Tasks\.)?Task\.WhenAny\s*\(/.test(local.initializerText.trim()) && !writtenBetween(syntax, variable!, local.span.end, wait.span.start)) {
    return `${variable} is the task Task.WhenAny handed back, which has completed`;
  }
  const pickedByWaitAny = waitAnyPickReason(recv, wait, body, bodies, syntax);
  if (pickedByWaitAny) return pickedByWaitAny;
  // `Task<bool> winner; do { ...; winner = await Task.WhenAny(tasks); } while (winner.Result);`: a local declared
  // without a value whose every write stores what an awaited Task.WhenAny handed back. C# reads a local only where it
  // is definitely assigned, so wherever the wait reads it, it holds a task that has finished.
  if (local && local.kind === 'local' && local.initializerText === null && !local.deconstructs && onlyWhenAnyWinnersStored(syntax, body, bodies, variable!)) {
    return `${variable} only ever holds the task an awaited Task.WhenAny handed back, which has completed`;
  }
  // `if (task is Task<string> text) ... text.Result` after `await task;`: the pattern's variable is the same task.
  const matched = local?.kind === 'pattern' ? typePatternSubject(body, bodies, syntax, variable!, wait) : null;
  if (matched) {
    const reason = knownCompletedReason({ ...wait, receiverText: matched }, body, bodies, syntax);
    if (reason) return `${variable} is ${matched}, matched by its type (${reason})`;
  }
  for (const b of bodyChain(body, bodies)) {
    for (const a of b.awaits) {
      if (a.span.end > wait.span.start) continue;
      // The await must run before the wait on every path (not in a branch or loop the wait is outside of), and
      // the variable must still hold the same task: no assignment, ref or out use in between.
      if (!awaitPrecedesOnEveryPath(a, wait, syntax)) continue;
      if (variable && writtenBetween(syntax, variable, a.span.end, wait.span.start)) continue;
      const operand = a.operand.text.trim();
      if (operand === recv) return `${recv} was awaited earlier`;
      const batched = variable && !element ? batchQueryReason(operand, variable, a.span.start, wait, body, bodies, syntax) : null;
      if (batched) return batched;
      const whenAll = (a.operand.kind === 'whenAll' && a.operand.callee) || isStaticWhenAllHelper(operand) ? operand : whenAllHeldBy(operand, a.span.start, body, bodies, syntax);
      const args = whenAll ? tasksPassedToWhenAll(whenAll.slice(whenAll.indexOf('(') + 1, whenAll.lastIndexOf(')'))) : tasksOfWhenAllExtension(operand);
      if (args) {
        if (args.includes(recv)) return `${recv} completed in the awaited Task.WhenAll`;
        if (element && args.includes(element)) return `${element} completed in the awaited Task.WhenAll`;
        // `fetching[pair]` after `await Task.WhenAll(fetching.Select(f => f.Value))` or `(fetching.Values)`: an
        // element of a dictionary whose every value went into the awaited Task.WhenAll.
        if (element && args.some((arg) => isValuesOf(arg, element))) return `${element}'s values completed in the awaited Task.WhenAll`;
        // `foreach (var t in tasks) t.Result` or `tasks.Select(t => t.Result)` after `await Task.WhenAll(tasks)`.
        const loopVariable = findLocal(body, bodies, recv);
        if (loopVariable?.kind === 'foreach' && loopVariable.initializerText !== null && args.includes(loopVariable.initializerText.trim())) {
          return `${recv} is an element of ${loopVariable.initializerText.trim()}, which completed in the awaited Task.WhenAll`;
        }
        const pairOfValues = pairValueOfCompletedValues(recv, args, wait.span.start, body, bodies);
        if (pairOfValues) return pairOfValues;
        const filled = variable && !element ? addedToAwaitedListReason(args, variable, a.span, wait, body, bodies, syntax) : null;
        if (filled) return filled;
        if (body.kind === 'lambda' && args.some((arg) => body.parameters.some((p) => p.name === recv) && lambdaOverCollection(body, bodies, arg))) {
          return `${recv} is an element of ${args.join(', ')}, which completed in the awaited Task.WhenAll`;
        }
      }
    }
  }
  return null;
}

/**
 * `tasks.Add(load)` before `await Task.WhenAll(tasks)`, or `var tasks = new List<Task> { load, save }`: the task went
 * into a local list the awaited Task.WhenAll was given, so it is one of the tasks that finished (a queue monitor that
 * starts one read per queue, gathers them in a list, awaits them all, then reads each result). The Add must run on
 * every path that reaches the wait (a task added only in an `if` may not be in the list); the list must not be
 * written between the task's going in and the await (a list replaced by a new one no longer holds it), nor have
 * elements taken out (`Remove`, `Clear`); and the task's
 * variable must not be written between then and the wait (it would name another task). An Add inside a lambda is not
 * counted: it runs whenever the lambda does.
 */
function addedToAwaitedListReason(args: readonly string[], variable: string, awaited: Span, wait: TaskWait, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  for (const arg of args) {
    const listName = /^([A-Za-z_]\w*)$/.exec(arg.trim())?.[1];
    if (!listName || listName === variable) continue;
    const list = findLocal(body, bodies, listName);
    if (!list || list.kind !== 'local' || list.span.end > awaited.start) continue;
    const initialized = list.initializerText ? collectionInitializerElements(list.initializerText) : null;
    if (initialized?.includes(variable) && !writtenBetween(syntax, listName, list.span.end, awaited.start) && !writtenBetween(syntax, variable, list.span.end, wait.span.start)
      && !bodyChain(body, bodies).some((b) => removesFrom(b, listName, list.span.end, awaited.start))) {
      return `${variable} is in ${listName} from its initializer, which completed in the awaited Task.WhenAll`;
    }
    for (const b of bodyChain(body, bodies)) {
      for (const c of b.calls) {
        if (c.name !== 'Add' || c.receiver?.trim() !== listName || c.argumentTexts.length !== 1 || c.argumentTexts[0].trim() !== variable) continue;
        if (c.span.start < list.span.end || c.span.end > awaited.start || !awaitPrecedesOnEveryPath(c, wait, syntax)) continue;
        if (writtenBetween(syntax, listName, c.span.end, awaited.start) || writtenBetween(syntax, variable, c.span.end, wait.span.start)) continue;
        if (removesFrom(b, listName, c.span.end, awaited.start)) continue;
        return `${variable} was added to ${listName}, which completed in the awaited Task.WhenAll`;
      }
    }
  }
  return null;
}

/** List members that take elements out: after one of them the list may no longer hold a task that was added. */
const LIST_REMOVALS = new Set(['Remove', 'RemoveAt', 'RemoveAll', 'RemoveRange', 'Clear']);

/** Whether the body calls a removal on the list between two offsets (`tasks.Clear()` before the await). */
function removesFrom(body: MethodBody, listName: string, from: number, to: number): boolean {
  return body.calls.some((c) => LIST_REMOVALS.has(c.name) && c.receiver?.trim() === listName && c.span.start >= from && c.span.end <= to);
}

/** The elements of a collection written in place (`new List<Task> { a, b }`, `new[] { a, b }`, `[a, b]`), or null. */
function collectionInitializerElements(initializer: string): string[] | null {
  const text = initializer.trim();
  const inner = /^new\b[^{}()]*(?:\([^()]*\))?\s*\{([^{}]*)\}$/.exec(text)?.[1] ?? /^\[([^[\]]*)\]$/.exec(text)?.[1];
  return inner === undefined ? null : splitTopLevel(inner).map((e) => e.trim()).filter((e) => e.length > 0);
}

/**
 * A local function's wait on a task of the function around it, where that function guards every call of it:
 * `if (check.IsCompleted) ReadNow(); else _ = ReadLater();` with `void ReadNow() { if (check.Result) ... }`. The
 * local function runs only where it is called, so the guard around each call holds at its wait, as a guard around the
 * wait itself would. The task must be a local or parameter of the enclosing function that the local function does
 * not declare again, and every mention of the local function's name there must be one of the guarded calls (a method
 * group handed on, or a call from a lambda, may run it anywhere).
 */
function guardedAtEveryCallReason(recv: string, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  if (body.kind !== 'localFunction' || body.parentId === null || !/^[A-Za-z_]\w*$/.test(recv)) return null;
  if (body.parameters.some((p) => p.name === recv) || body.locals.some((l) => l.name === recv)) return null;
  const enclosing = bodies.find((b) => b.id === body.parentId);
  if (!enclosing || (!enclosing.parameters.some((p) => p.name === recv) && !findLocal(enclosing, bodies, recv))) return null;
  const fn = syntax.functions.find((f) => f.startIndex === enclosing.span.start);
  if (!fn) return null;
  const calls = (syntax.owned.get(ownerKeyOf(fn.type, fn.startIndex))?.get('invocation_expression') ?? [])
    .filter((n) => n.childForFieldName('function')?.type === 'identifier' && n.childForFieldName('function')?.text === body.name);
  // The declaration names the local function once; every other mention must be one of these calls.
  if (calls.length === 0 || identifiersNamed(syntax, body.name, [enclosing.span]).length !== calls.length + 1) return null;
  const reasons = calls.map((call) => guardReason(call, recv, fn));
  if (!reasons.every((r): r is string => r !== null)) return null;
  return `each call of ${body.name} is ${reasons[0]}`;
}

/**
 * Whether every write of the local `name` in the function that declares it (its lambdas included) is an assignment of
 * an awaited Task.WhenAny: `name = await Task.WhenAny(...)`, with or without ConfigureAwait. Any other write (another
 * value, `ref`/`out`, `++`, a compound assignment) or none at all answers no.
 */
function onlyWhenAnyWinnersStored(syntax: FileSyntax, body: MethodBody, bodies: readonly MethodBody[], name: string): boolean {
  const owner = bodyChain(body, bodies).find((b) => b.locals.some((l) => l.name === name));
  if (!owner) return false;
  const text = syntax.identifiers.text;
  const writes = writesIn(syntax, [owner.span], (n) => n === name);
  return writes.length > 0 && writes.every((w) => WHEN_ANY_STORED.test(text.slice(w.span.end, w.span.end + 80)));
}

const WHEN_ANY_STORED = /^\s*=(?!=)\s*await\s+(?:System\.Threading\.Tasks\.)?Task\s*\.\s*WhenAny\s*\(/;

/**
 * `var user = batch.Load<User>(id); await batch.Execute(); user.Result`: a task that a query batch handed out before the
 * await of its execution, which completes every such task (knowledge/deferredBatches.ts). The batch is a local the
 * batch's factory created (`session.CreateBatchQuery()`) and not written again; the task a local whose initializer is
 * a call on that batch (`batch.Load<User>(id)`, `batch.Query<User>().ToList()`), declared before the await and not
 * written again up to the wait.
 */
function batchQueryReason(operand: string, variable: string, awaitStart: number, wait: TaskWait, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  const executed = /^([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\([^()]*\)(?:\s*\.\s*ConfigureAwait\s*\([^()]*\))?$/.exec(operand);
  if (!executed) return null;
  const [, batchName, member] = executed;
  const batch = findLocal(body, bodies, batchName!);
  const row = batch?.initializerText ? deferredBatchCreatedBy(batch.initializerText) : null;
  if (!batch || row?.execute !== member || writtenBetween(syntax, batchName!, batch.span.end, wait.span.start)) return null;
  const task = findLocal(body, bodies, variable);
  const initializer = task?.initializerText?.trim() ?? '';
  if (!task || task.span.end > awaitStart || !new RegExp(`^${escapeRegExp(batchName!)}\\s*\\.`).test(initializer)) return null;
  if (writtenBetween(syntax, variable, task.span.end, wait.span.start)) return null;
  return `${variable} is a query of the batch ${batchName}, and the awaited ${batchName}.${member}() completed it`;
}

/**
 * The variable a type pattern tests when it declares `name` as a task (`task is Task<string> text`, `task is
 * ValueTask<int> v`), before the wait and in a body around it, with that variable not written between the pattern and
 * the wait: the declared variable then holds the very task the variable does.
 */
function typePatternSubject(body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax, name: string, wait: TaskWait): string | null {
  for (const b of bodyChain(body, bodies)) {
    for (const pattern of syntax.owned.get(b.id)?.get('declaration_pattern') ?? []) {
      if (pattern.endIndex > wait.span.start || pattern.childForFieldName('name')?.text !== name) continue;
      const test = pattern.parent;
      if (test?.type !== 'is_pattern_expression' || test.childForFieldName('pattern')?.startIndex !== pattern.startIndex) continue;
      if (!new RegExp(`^${TASK_TYPE}$`).test(pattern.childForFieldName('type')?.text ?? '')) continue;
      const subject = test.childForFieldName('expression')?.text.trim() ?? '';
      if (!/^[A-Za-z_]\w*$/.test(subject) || writtenBetween(syntax, subject, pattern.endIndex, wait.span.start)) continue;
      return subject;
    }
  }
  return null;
}

/**
 * A static `WhenAll` of the project's own, called on its type (`TaskUtils.WhenAll(load, save)`, or another name of
 * knowledge/taskNaming.ts's WAIT_ALL_COMBINATOR_NAMES): a helper named after Task.WhenAll, as .NET names its
 * combinators, which waits for every task it is given
 * (typically to hand back their results as a tuple). The call must be the whole operand, so its arguments are the
 * tasks it waited for.
 */
function isStaticWhenAllHelper(operand: string): boolean {
  const call = new RegExp(String.raw`^(?:[A-Za-z_]\w*\.)*[A-Z]\w*\s*\.\s*(?:${WAIT_ALL_COMBINATOR_NAMES.join('|')})\s*(?:<[^<>()]*>)?\s*\(`).exec(operand);
  return !!call && closingBracket(operand, call[0].length - 1) === operand.length - 1;
}

/**
 * The tasks of a project's own WhenAll extension called on an array written in place (`new[] { load, save
 * }.WhenAllFailFast()`, `new Task[] { a, b }.WhenAll()`): a combinator of knowledge/taskNaming.ts's
 * WAIT_ALL_COMBINATOR_NAMES waits for every task of its receiver, so each element has completed once the await
 * returns. Null for any other operand: a collection held in a variable may gain or lose tasks before the call.
 */
function tasksOfWhenAllExtension(operand: string): string[] | null {
  const call = new RegExp(String.raw`\.\s*(?:${WAIT_ALL_COMBINATOR_NAMES.join('|')})\s*(?:<[^<>()]*>)?\s*\([^()]*\)$`).exec(operand);
  return call ? elementsWrittenInPlace(operand.slice(0, call.index).trim()) : null;
}

/**
 * What an awaited Task.WhenAll's arguments name, each as written: the arguments, and in place of an array written in
 * the call (`new[] { a, b }`, `new Task[] { a, b }`, the collection expression `[a, ..more]`) its elements, and the
 * collections `.Concat(...)` appends to it (`new Task[] { a, b }.Concat(others)`), and beside a copy of a collection
 * (`tasks.ToArray()`) the collection it copies. WhenAll completes only when every task it was given has, so each of
 * these has completed after the await.
 */
function tasksPassedToWhenAll(argumentsText: string): string[] {
  return splitTopLevel(argumentsText).flatMap((arg) => elementsWrittenInPlace(arg) ?? withCopiedCollection(arg));
}

/**
 * `tasks.ToArray()` or `tasks.ToList()`, with the collection `tasks` a name or a member (`this._pending`): the copy holds every task the
 * collection held when WhenAll was called (older frameworks had no WhenAll over a List, so code written for them
 * copies it to an array first), so a later read of the collection's tasks reads completed ones, as after
 * `Task.WhenAll(tasks)` itself. The argument is kept as written too; any other argument is only itself.
 */
function withCopiedCollection(arg: string): string[] {
  const copied = /^([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\.\s*(?:ToArray|ToList)\s*\(\s*\)$/.exec(arg.trim())?.[1]?.replace(/\s+/g, '');
  if (!copied) return [arg];
  // A field copied as `this._pending` is read later as `_pending` too: a local of that name could hide the field,
  // which C# allows but which code that wrote `this.` to reach the field seldom does.
  return copied.startsWith('this.') ? [arg, copied, copied.slice('this.'.length)] : [arg, copied];
}

/** The elements of an array or collection expression written in place, and what `.Concat(...)` adds; null for anything else. */
function elementsWrittenInPlace(arg: string): string[] | null {
  const array = arrayWrittenInPlace(arg);
  if (!array) return null;
  const { open, close } = array;
  const tasks = splitTopLevel(arg.slice(open + 1, close)).map((element) => element.replace(/^\.\.\s*/, ''));
  let rest = arg.slice(close + 1).trim();
  for (let concat = /^\.\s*Concat\s*\(/.exec(rest); concat; concat = /^\.\s*Concat\s*\(/.exec(rest)) {
    const end = closingBracket(rest, concat[0].length - 1);
    if (end === -1) return null;
    tasks.push(rest.slice(concat[0].length, end).trim());
    rest = rest.slice(end + 1).trim();
  }
  // A materialising call keeps every element; anything else (`.Take(1)`, `.Where(...)`) may drop some.
  return /^(?:\.\s*(?:ToArray|ToList)\s*\(\s*\))?$/.test(rest) ? tasks : null;
}

/**
 * `foreach (var pair in fetching) pair.Value.Result` after `await Task.WhenAll(fetching.Values)`: the foreach walks
 * the dictionary whose every value went into the awaited Task.WhenAll, so each pair's Value is one of those tasks. A
 * name a foreach's deconstruction declares is not a pair and is left to the other reasons.
 */
function pairValueOfCompletedValues(recv: string, whenAllArgs: readonly string[], at: number, body: MethodBody, bodies: readonly MethodBody[]): string | null {
  const pair = /^([A-Za-z_]\w*)\s*\.\s*Value$/.exec(recv)?.[1];
  // Several loops of a method may each name their variable `pair`: the one meant is the one whose loop holds the wait.
  const loopVariable = pair ? bodyChain(body, bodies).flatMap((b) => b.locals).find((l) => l.name === pair && l.scope.start <= at && at <= l.scope.end) : undefined;
  const dictionary = loopVariable?.kind === 'foreach' && !loopVariable.foreachPart ? loopVariable.initializerText?.trim() : undefined;
  if (!dictionary || !whenAllArgs.some((arg) => isValuesOf(arg, dictionary))) return null;
  return `${recv} is a value of ${dictionary}, whose values completed in the awaited Task.WhenAll`;
}

/**
 * Whether `arg` is every value of the dictionary `dictionary`: `d.Values`, `d.Select(x => x.Value)`, either one
 * materialised with `.ToArray()` or `.ToList()`.
 */
function isValuesOf(arg: string, dictionary: string): boolean {
  const escaped = escapeRegExp(dictionary);
  const values = new RegExp(`^${escaped}\\s*\\.\\s*(?:Values|Select\\s*\\(\\s*([A-Za-z_]\\w*)\\s*=>\\s*\\1\\s*\\.\\s*Value\\s*\\))(?:\\s*\\.\\s*(?:ToArray|ToList)\\s*\\(\\s*\\))?$`);
  return values.test(arg);
}

/**
 * `var all = Task.WhenAll(tasks); try { await all; } catch { ... }`: the awaited local holds the Task.WhenAll call
 * (its initializer, not assigned again before the await), which is then the call the await completed.
 */
function whenAllHeldBy(operand: string, awaitStart: number, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  if (!/^[A-Za-z_]\w*$/.test(operand)) return null;
  const local = findLocal(body, bodies, operand);
  const init = local?.initializerText?.trim();
  const call = init ? /^(System\.Threading\.Tasks\.)?Task\s*\.\s*WhenAll\s*(<[^<>()]*>)?\s*\(/.exec(init) : null;
  // The call must be the whole initializer: `Task.WhenAll(tasks).ContinueWith(...)` is another task.
  if (!local || !init || !call || closingBracket(init, call[0].length - 1) !== init.length - 1) return null;
  return writtenBetween(syntax, operand, local.span.end, awaitStart) ? null : init;
}

/** The two arms of a parenthesised `c ? a : b`, trimmed, or null for anything else. */
export function conditionalArmsOf(text: string): [string, string] | null {
  if (!text.startsWith('(') || !text.endsWith(')')) return null;
  const inner = text.slice(1, -1);
  if (/["'{]/.test(inner)) return null;
  const parts = conditionalParts(inner, 0, inner.length);
  if (!parts) return null;
  const arm = (span: Span) => inner.slice(span.start, span.end).trim();
  // The conditional must be the whole parenthesised text: `(a) + (b)` is no such thing.
  if (closingBracket(text, 0) !== text.length - 1) return null;
  return [arm(parts.whenTrue), arm(parts.whenFalse)];
}

/** A timeout among a wait's arguments: with one, Wait and WaitAll return false instead of waiting to the end. */
const TIMEOUT_ARGUMENT = /^-?\d+$|TimeSpan|timeout|milliseconds|\bms\b/i;

/**
 * A blocking wait before this one, on every path, that returned only once the task finished: `Task.WaitAll(a, b)`
 * or `t.Wait()` (with nothing or a token, never a timeout). The first wait is the blocking one; reading the result
 * afterwards blocks no more.
 */
function syncWaitReason(wait: TaskWait, recv: string, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  const variable = /^(?:this\.)?([A-Za-z_]\w*)$/.exec(recv)?.[1] ?? null;
  if (!variable) return null;
  for (const b of bodyChain(body, bodies)) {
    for (const earlier of b.waits) {
      if (earlier.span.end > wait.span.start || earlier === wait) continue;
      const args = earlier.argumentTexts.map((a) => a.trim());
      let reason: string | null = null;
      if (earlier.kind === 'waitAll' && args.includes(recv) && !args.some((a) => TIMEOUT_ARGUMENT.test(a))) reason = `${recv} completed in the Task.WaitAll before`;
      else if (earlier.kind === 'wait' && earlier.receiverText.trim() === recv && !args.some((a) => TIMEOUT_ARGUMENT.test(a))) reason = `${recv} was waited for to the end before`;
      if (!reason) continue;
      if (!awaitPrecedesOnEveryPath(earlier, wait, syntax)) continue;
      if (writtenBetween(syntax, variable, earlier.span.end, wait.span.start)) continue;
      return reason;
    }
  }
  return null;
}

const TASK_WAIT_ANY = /^(?:System\s*\.\s*Threading\s*\.\s*Tasks\s*\.\s*)?Task\s*\.\s*WaitAny\s*\(/;

/**
 * The element of an array that Task.WaitAny's index picks: `tasks[Task.WaitAny(tasks)]`, or locals holding the
 * index and the element (`var i = Task.WaitAny(tasks, token); var done = tasks[i];`), none written again before the
 * wait. Task.WaitAny returns the index in its array of a task that has completed
 * (learn.microsoft.com/dotnet/api/system.threading.tasks.task.waitany: "The index of the completed Task object in the
 * tasks array"; a timeout's -1 is no index of the array, and a cancelled wait throws), so reading that task's result
 * does not block. The array must be a plain name, not written between the WaitAny and the wait either.
 */
function waitAnyPickReason(recv: string, wait: TaskWait, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  const heldBy = (name: string) => {
    const local = findLocal(body, bodies, name);
    return local?.kind === 'local' && local.initializerText && !writtenBetween(syntax, name, local.span.end, wait.span.start) ? { text: local.initializerText.trim(), from: local.span.start } : null;
  };
  const held = /^[A-Za-z_]\w*$/.test(recv) ? heldBy(recv) : null;
  const element = /^([A-Za-z_]\w*)\s*\[(.+)\]$/.exec(held ? held.text : recv);
  if (!element) return null;
  const [, array, indexText] = element;
  const index = indexText.trim();
  const indexHeld = /^[A-Za-z_]\w*$/.test(index) ? heldBy(index) : null;
  const waitAny = indexHeld ? indexHeld.text : index;
  const args = wholeCallArguments(waitAny, TASK_WAIT_ANY);
  if (!args || args[0]?.trim() !== array) return null;
  if (writtenBetween(syntax, array, indexHeld?.from ?? held?.from ?? wait.span.start, wait.span.start)) return null;
  return `${held ? `${recv} holds ` : ''}the task of ${array} at the index Task.WaitAny returned, which has completed`;
}

function findLocal(body: MethodBody, bodies: readonly MethodBody[], name: string) {
  for (const b of bodyChain(body, bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (local) return local;
  }
  return null;
}

/**
 * LINQ operators whose output holds only elements of their input: an element met after a completion filter
 * passed that filter. Select, SelectMany, Concat and the like bring in other values and end the chain.
 */
const ELEMENT_PRESERVING = new Set(['Where', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Skip', 'SkipWhile', 'Take', 'TakeWhile', 'Distinct', 'Reverse', 'ToList', 'ToArray', 'AsEnumerable']);

/**
 * `tasks.Where(t => t.Status == TaskStatus.RanToCompletion).Select(t => t.Result)`, or the filtered sequence kept
 * in a local first: the lambda's parameter is an element of a sequence filtered for finished tasks, so reading its
 * result does not wait. The filter may be followed only by operators that keep the elements they are given.
 */
function filteredForCompletionReason(recv: string, body: MethodBody, bodies: readonly MethodBody[], syntax: FileSyntax): string | null {
  if (body.kind !== 'lambda' || !body.parameters.some((p) => p.name === recv)) return null;
  const parent = body.parentId ? bodiesById(bodies).get(body.parentId) : undefined;
  if (!parent) return null;
  // The call the lambda is an argument of is the smallest one around it (`.ToList()` after it holds it too).
  const around = parent.calls.filter((c) => c.receiver !== null && c.nameSpan.end <= body.span.start && body.span.end <= c.span.end);
  const call = around.sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start))[0];
  if (!call?.receiver) return null;
  let sequence = call.receiver.trim();
  const name = /^[A-Za-z_]\w*$/.test(sequence) ? sequence : null;
  if (name) {
    const local = findLocal(parent, bodies, name);
    if (!local?.initializerText || writtenBetween(syntax, name, local.span.end, body.span.start)) return null;
    sequence = local.initializerText.trim();
  }
  const filter = completionFilterOf(sequence);
  return filter ? `${recv} is an element of ${name ?? 'a sequence'} filtered by ${filter}, so it has finished` : null;
}

/** The completion check of the last `.Where(x => ...)` in a LINQ chain that only element-preserving operators follow. */
function completionFilterOf(sequence: string): string | null {
  for (const link of chainLinks(sequence).links.reverse()) {
    if (!ELEMENT_PRESERVING.has(link.name)) return null;
    if (link.name !== 'Where') continue;
    const lambda = /^\(?\s*([A-Za-z_]\w*)\s*\)?\s*=>\s*([^]*)$/.exec(link.argument.trim());
    if (!lambda) continue;
    const x = escapeRegExp(lambda[1]);
    const finished = new RegExp(`^(?:${x}\\s*\\.\\s*${STATE}|${x}\\s*\\.\\s*Status\\s*==\\s*${FINISHED_STATUS}|${FINISHED_STATUS}\\s*==\\s*${x}\\s*\\.\\s*Status)$`);
    // A conjunct is enough: `t.IsCompleted && t.Result != null` keeps only finished tasks; with `||` or `?:` about
    // (`x || y && t.IsCompleted`) it may not be one, and splitting on `&&` cannot tell.
    if (/\|\||\?/.test(lambda[2])) continue;
    if (lambda[2].split('&&').some((part) => finished.test(withoutOuterParentheses(part)))) return `.Where(${link.argument.trim()})`;
  }
  return null;
}

/**
 * The trailing `.Name(argument)` calls of a member-access chain, outermost last (a call with several arguments
 * keeps their whole text), and what they are called on.
 */
function chainLinks(text: string): { base: string; links: { name: string; argument: string }[] } {
  const links: { name: string; argument: string }[] = [];
  let end = text.length;
  while (end > 0 && text[end - 1] === ')') {
    const open = openingParenthesis(text, end - 1);
    if (open < 0) break;
    const m = /\.\s*([A-Za-z_]\w*)\s*(?:<[^<>()]*>)?\s*$/.exec(text.slice(0, open));
    if (!m) break;
    links.unshift({ name: m[1], argument: text.slice(open + 1, end - 1) });
    end = m.index;
    while (end > 0 && /\s/.test(text[end - 1])) end--;
  }
  return { base: text.slice(0, end), links };
}

/** The `(` matching the `)` at `close`, or -1. */
function openingParenthesis(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return i;
  }
  return -1;
}

/**
 * A lambda whose calls sit on the collection, or on it through operators that keep its elements:
 * `tasks.Select(t => t.Result)`, `tasks.Where(t => t.Id > 0).Select(t => t.Result)`.
 */
function lambdaOverCollection(lambda: MethodBody, bodies: readonly MethodBody[], collection: string): boolean {
  const parent = lambda.parentId ? bodiesById(bodies).get(lambda.parentId) : undefined;
  if (!parent) return false;
  return parent.calls.some((c) => c.receiver !== null && elementsOf(c.receiver) === collection && c.span.start <= lambda.span.start && lambda.span.end <= c.span.end);
}

/** The sequence whose elements a LINQ chain hands on unchanged: `tasks` for `tasks.Where(...).ToList()`. */
function elementsOf(sequence: string): string {
  const { base, links } = chainLinks(sequence.trim());
  return links.every((link) => ELEMENT_PRESERVING.has(link.name)) ? base : sequence.trim();
}

/**
 * Whether the await runs before the wait whatever branches are taken: every branch (if/else arm, loop repeat,
 * switch section, catch, `?:` arm, `&&`/`||`/`??` right operand, lambda) around the await's first identifier also
 * holds the wait's. An await with no identifier of its own (`await Task.WhenAll(Load(), Save())` has some; a bare
 * literal has none) is taken to precede when it is in no branch the wait is outside of, which the same test says.
 */
function awaitPrecedesOnEveryPath(a: { span: Span }, wait: TaskWait, syntax: FileSyntax): boolean {
  const awaitId = firstVariableIn(syntax, a.span);
  const waitId = firstVariableIn(syntax, wait.span);
  if (!awaitId || !waitId) return true;
  const around = (id: IdentifierUse) => new Set(id.branches.map((b) => `${b.start}:${b.end}`));
  const waitBranches = around(waitId);
  return awaitId.branches.every((b) => waitBranches.has(`${b.start}:${b.end}`) || contains(b, wait.span));
}

function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** Whether `name` is assigned, incremented, or passed as `ref`/`out` in [from, to). */
function writtenBetween(syntax: FileSyntax, name: string, from: number, to: number): boolean {
  if (to <= from) return false;
  return someVariableIn(syntax, { start: from, end: to }, (n, access) => n === name && (access === 'write' || access === 'readwrite'));
}
