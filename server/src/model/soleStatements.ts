/**
 * A method's body when it is one statement that decides what can leave it: one `try` whose catches stop every
 * exception (with statements that cannot throw before and after it), one await of a call, or (for a method that is
 * not async) one returned expression. ASY020 and ASY021 ask
 * through it whether an awaited workspace method can fault at all (rules/faultFreeCalls.ts), which another file's
 * text cannot tell them.
 */
import type { SyntaxNode } from '../parse/syntaxTable';
import type { FinallyGuard, SoleStatement } from './types';
import { declaredFieldsOf, splitTopLevelOperator } from './syntax';
import { clearsWithoutThrowing, countsWithoutThrowing, isInertRead } from '../knowledge/inertMembers';

const CATCH_ALL_TYPE = /^(?:global::)?(?:System\.)?Exception$/;

/**
 * Whether a body's sole statement is a catch-all try that stops every exception whatever the call passes and whatever
 * the workspace holds: no rethrow a parameter opens, no finally statement a bool parameter runs, no finally call whose
 * own faults only the workspace could rule out.
 */
export function stopsEveryExceptionAlways(sole: SoleStatement | null | undefined): boolean {
  return sole?.kind === 'catchAll' && sole.rethrowsWhenPassed.length === 0 && !sole.finallyRunsWhen && !sole.finallyCalls && !sole.nullChecked;
}

/** The sole statement of a method, local function or lambda `fn`, or null when its body is anything else. */
export function soleStatementOf(fn: SyntaxNode, isAsync: boolean): SoleStatement | null {
  const body = fn.childForFieldName('body');
  if (!body) return null;
  if (body.type === 'arrow_expression_clause') {
    const expression = body.namedChildren.find((c) => c.type !== 'comment');
    return expression ? awaitedOrReturned(expression, isAsync) : null;
  }
  // A lambda's expression body is the expression itself, with no arrow clause around it.
  if (fn.type === 'lambda_expression' && body.type !== 'block') return awaitedOrReturned(body, isAsync);
  if (body.type !== 'block') return null;
  const statements = body.namedChildren.filter((c) => c.type !== 'comment');
  // Statements that cannot throw may come before a try that stops every exception (`_isLoading = true;`, `if
  // (_busy) return;`) and after it (`_isLoading = false;`, `return true;`): what can leave the body is still decided
  // by the try alone.
  const at = statements.findIndex((s) => s.type === 'try_statement');
  if (at >= 0 && statements.length > 1) {
    const fields = fieldsOfType(fn);
    const before = statements.slice(0, at);
    const after = statements.slice(at + 1);
    const inertAfter = after.every((s, i) => isInertStatement(s, fields, false) || (i === after.length - 1 && returnsInertValue(s)));
    const nullChecked: string[] = [];
    const inertBefore = before.every((s) => {
      const checkedParameter = nullCheckedParameterOf(s, fn);
      if (checkedParameter) nullChecked.push(checkedParameter);
      return checkedParameter !== null || isInertStatement(s, fields, true) || isCountGuard(s, fields);
    });
    const sole = inertBefore && inertAfter ? catchAllOf(statements[at], fn, body, () => fields) : null;
    return sole?.kind === 'catchAll' && nullChecked.length > 0 ? { ...sole, nullChecked } : sole;
  }
  if (statements.length !== 1) return null;
  const statement = statements[0];
  switch (statement.type) {
    case 'try_statement':
      return catchAllOf(statement, fn, body, () => fieldsOfType(fn));
    case 'expression_statement': {
      const expression = statement.namedChildren.find((c) => c.type !== 'comment');
      return expression?.type === 'await_expression' ? awaited(expression) : null;
    }
    case 'return_statement': {
      const expression = statement.namedChildren.find((c) => c.type !== 'comment');
      return expression ? awaitedOrReturned(expression, isAsync) : null;
    }
    default:
      return null;
  }
}

function awaitedOrReturned(expression: SyntaxNode, isAsync: boolean): SoleStatement | null {
  if (expression.type === 'await_expression') return awaited(expression);
  return isAsync ? null : { kind: 'return', expressionText: expression.text };
}

function awaited(expression: SyntaxNode): SoleStatement | null {
  const operand = expression.namedChildren.find((c) => c.type !== 'comment');
  return operand ? { kind: 'await', operandText: operand.text } : null;
}

/**
 * A try statement that stops every exception: an unfiltered `catch` or `catch (Exception)`, no finally unless each of
 * its statements cannot throw (its code runs outside every catch) or runs only as a bool parameter says (recorded, for
 * the caller to pass the literal that skips it), and no throw in any catch unless a default-null parameter guards it. The catch blocks' other code may still throw; ASY020 lets a catch-all protect its try all the
 * same (its Limitations say so).
 */
function catchAllOf(statement: SyntaxNode, fn: SyntaxNode, body: SyntaxNode, fieldsOfType: () => ReadonlyMap<string, FieldFacts>): SoleStatement | null {
  const finallyClause = statement.namedChildren.find((c) => c.type === 'finally_clause');
  const finallyGuards: FinallyGuard[] = [];
  const finallyCalls: string[] = [];
  if (finallyClause) {
    const block = finallyClause.namedChildren.find((c) => c.type === 'block');
    const fields = block ? fieldsOfType() : null;
    if (!block || !fields) return null;
    for (const s of block.namedChildren) {
      if (s.type === 'comment' || isInertStatement(s, fields, false)) continue;
      const guard = boolParameterGuardOf(s, fn, body);
      const call = guard ? null : finallyCallOf(s);
      if (guard) finallyGuards.push(guard);
      else if (call) finallyCalls.push(call);
      else return null;
    }
  }
  const catches = statement.namedChildren.filter((c) => c.type === 'catch_clause');
  const takesAll = (c: SyntaxNode) => {
    if (c.namedChildren.some((x) => x.type === 'catch_filter_clause')) return false;
    const declaration = c.namedChildren.find((x) => x.type === 'catch_declaration');
    const type = declaration?.childForFieldName('type');
    return !declaration || (!!type && CATCH_ALL_TYPE.test(type.text.replace(/\s+/g, '')));
  };
  if (!catches.some(takesAll)) return null;
  const nullDefaults = nullDefaultParameters(fn).filter((name) => !assignedIn(body.text, name));
  const guards = new Set<string>();
  for (const clause of catches) {
    const block = clause.childForFieldName('body');
    if (!block) return null;
    for (const thrown of throwsIn(block)) {
      const guard = guardOf(thrown, block, nullDefaults);
      if (guard === null) return null;
      guards.add(guard);
    }
  }
  return {
    kind: 'catchAll',
    rethrowsWhenPassed: [...guards],
    ...(finallyGuards.length > 0 ? { finallyRunsWhen: finallyGuards } : {}),
    ...(finallyCalls.length > 0 ? { finallyCalls } : {}),
  };
}

/**
 * A finally statement that is one call, or one call under a null test of a value with no else (`if
 * (Watcher.Current is not null) Safe.Ignore(() => Watcher.Current.Enabled = true);`): the call as written. Whether it
 * can throw is the rules' question (a workspace wrapper whose body is one catch-all try cannot); the test reads a
 * value and compares it with null, which the rules take as not throwing (a property getter that throws is the
 * exception, and this errs there). Files' jump-list refresh re-enables its watcher so, and the sixth seeded reading
 * found ASY020 calling its one await "can throw" (row 8, wrong).
 */
function finallyCallOf(statement: SyntaxNode): string | null {
  let called = statement;
  if (statement.type === 'if_statement') {
    const condition = statement.childForFieldName('condition');
    const consequence = statement.childForFieldName('consequence');
    const inner = consequence?.type === 'block' ? consequence.namedChildren.filter((c) => c.type !== 'comment') : consequence ? [consequence] : [];
    if (statement.childForFieldName('alternative') || !condition || !NULL_TEST_OF_VALUE.test(condition.text.trim()) || inner.length !== 1) return null;
    called = inner[0];
  }
  if (called.type !== 'expression_statement') return null;
  const expression = called.namedChildren.find((c) => c.type !== 'comment');
  return expression?.type === 'invocation_expression' ? expression.text : null;
}

/** `a.b is not null`, `a != null`, `null != a.b`, `a is { }`: a value, names and member accesses only, tested against null. */
const NULL_TEST_OF_VALUE = /^(?:@?[A-Za-z_]\w*(?:\s*\.\s*@?[A-Za-z_]\w*)*\s*(?:is\s+not\s+null|!=\s*null|is\s*\{\s*\})|null\s*!=\s*@?[A-Za-z_]\w*(?:\s*\.\s*@?[A-Za-z_]\w*)*)$/;

/**
 * A finally statement that runs only as a bool parameter says: `if (needShutdown) { Shutdown(); }` (or `if
 * (!keepOpen) ...`), with no else, on a parameter the body never assigns. Its code may throw, outside every catch, but
 * a call that passes the literal that skips it (`ExitAsync(false)`) runs none of it: the v2rayN reading of the
 * fortieth session found an exit path whose shutdown runs only when asked, awaited by two handlers that pass false.
 */
function boolParameterGuardOf(statement: SyntaxNode, fn: SyntaxNode, body: SyntaxNode): FinallyGuard | null {
  if (statement.type !== 'if_statement' || statement.childForFieldName('alternative')) return null;
  const condition = statement.childForFieldName('condition');
  const negated = condition?.type === 'prefix_unary_expression' && condition.text.trim().startsWith('!');
  const tested = negated ? condition!.namedChildren[0] : condition;
  if (tested?.type !== 'identifier') return null;
  const parameter = boolParameterOf(fn, tested.text);
  if (!parameter || assignedIn(body.text, tested.text)) return null;
  return { parameter: tested.text, runsWhen: !negated, defaultValue: parameter.defaultValue };
}

/** The parameter of `fn` named `name` when it is a plain `bool` (no ref, out or params), with its literal default if it has one. */
function boolParameterOf(fn: SyntaxNode, name: string): { defaultValue: boolean | null } | null {
  const list = fn.childForFieldName('parameters') ?? fn.namedChildren.find((c) => c.type === 'parameter_list');
  for (const p of list?.namedChildren ?? []) {
    if (p.type !== 'parameter' || p.childForFieldName('name')?.text !== name) continue;
    if (p.childForFieldName('type')?.text.replace(/\s+/g, '') !== 'bool' || p.namedChildren.some((c) => c.type === 'modifier')) return null;
    const value = /=\s*(true|false)\s*$/.exec(p.text)?.[1];
    return { defaultValue: value === undefined ? null : value === 'true' };
  }
  return null;
}

/** Every throw statement and throw expression under `node`, nested functions' included (which errs towards throwing). */
function throwsIn(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const visit = (n: SyntaxNode) => {
    if (n.type === 'throw_statement' || n.type === 'throw_expression') out.push(n);
    for (const c of n.namedChildren) visit(c);
  };
  visit(node);
  return out;
}

/**
 * The default-null parameter whose null keeps this throw from running: the throw sits in the `else` of an
 * `if (p is null || ...)` (or `p == null`), or in the branch of an `if (p is not null && ...)` (or `p != null`),
 * somewhere between it and the catch block. Null when no such guard holds it.
 */
function guardOf(thrown: SyntaxNode, limit: SyntaxNode, nullDefaults: readonly string[]): string | null {
  let child = thrown;
  for (let p = thrown.parent; p && p.startIndex >= limit.startIndex && p.endIndex <= limit.endIndex; child = p, p = p.parent) {
    if (p.type === 'block') {
      // `if (p is null || ...) { ...; return x; }` before the throw in the same block: past it, p is not null.
      for (const earlier of p.namedChildren) {
        if (earlier.startIndex >= child.startIndex) break;
        if (earlier.type !== 'if_statement' || earlier.childForFieldName('alternative') || !endsInReturn(earlier.childForFieldName('consequence'))) continue;
        const guard = nullTestedIn(earlier.childForFieldName('condition')?.text ?? '', '||', nullDefaults);
        if (guard) return guard;
      }
      continue;
    }
    if (p.type !== 'if_statement') continue;
    const alternative = p.childForFieldName('alternative');
    const inElse = !!alternative && alternative.startIndex <= child.startIndex && child.endIndex <= alternative.endIndex;
    const guard = nullTestedIn(p.childForFieldName('condition')?.text ?? '', inElse ? '||' : '&&', nullDefaults);
    if (guard) return guard;
  }
  return null;
}

/**
 * The default-null parameter a condition tests as an operand of its top-level `||` (`p is null`, `p == null`: the
 * condition holds while p is null) or `&&` (`p is not null`, `p != null`: it fails while p is null).
 */
function nullTestedIn(condition: string, op: '||' | '&&', nullDefaults: readonly string[]): string | null {
  const operands = splitTopLevelOperator(condition, op).map((o) => o.trim());
  for (const name of nullDefaults) {
    const test = op === '||'
      ? new RegExp(String.raw`^(?:${name}\s*(?:is\s+null|==\s*null)|null\s*==\s*${name})$`)
      : new RegExp(String.raw`^(?:${name}\s*(?:is\s+not\s+null|!=\s*null)|null\s*!=\s*${name})$`);
    if (operands.some((o) => test.test(o))) return name;
  }
  return null;
}

/** A branch that always leaves with a return: a return statement, or a block whose last statement is one. */
function endsInReturn(branch: SyntaxNode | null): boolean {
  if (!branch) return false;
  if (branch.type === 'return_statement') return true;
  const last = branch.type === 'block' ? branch.namedChildren.filter((c) => c.type !== 'comment').pop() : undefined;
  return last?.type === 'return_statement';
}

/** The parameters declared with `= null` or `= default`. */
function nullDefaultParameters(fn: SyntaxNode): string[] {
  const list = fn.childForFieldName('parameters') ?? fn.namedChildren.find((c) => c.type === 'parameter_list');
  if (!list) return [];
  const out: string[] = [];
  for (const p of list.namedChildren) {
    if (p.type !== 'parameter') continue;
    const name = p.childForFieldName('name')?.text;
    if (name && /=\s*(?:null|default)\s*$/.test(p.text)) out.push(name);
  }
  return out;
}

/** Whether the body assigns the name (`p = ...`, `p ??= ...`), after which its default says nothing. */
function assignedIn(text: string, name: string): boolean {
  return new RegExp(String.raw`(?<![\w.@])${name}\s*(?:\?\?=|=(?![=>]))`).test(text);
}

/** A literal, `null`, `default` or `string.Empty`: a value whose evaluation runs no code. */
const INERT_VALUE = /^(?:null|default|true|false|-?\d[\w.]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\]|\\.)+'|(?:System\.)?[Ss]tring\.Empty)$/;

/**
 * A statement that cannot throw: a field of the method's own type declaration set to a literal or to a clock read of
 * knowledge/inertMembers.ts (`_isLoading = true;`, `_error = null;`, `_loadedAt = DateTime.UtcNow;`), `Clear()` of a
 * readonly, initialised collection field of a type listed there (`_rows.Clear();`), or, before the try, a guard that
 * leaves when such a field is set (`if (_busy) return;`, `if (!_ready) return false;`, returning nothing or a literal). A property could run a setter or a getter that throws, and
 * another call anything, so neither counts; nor does a field the declaration does not hold (another part of a partial
 * type may declare a property of that name).
 */
function isInertStatement(statement: SyntaxNode, fields: ReadonlyMap<string, FieldFacts>, guardAllowed: boolean): boolean {
  const fieldOf = (node: SyntaxNode | null | undefined): FieldFacts | undefined => {
    const name = node?.type === 'member_access_expression' && node.childForFieldName('expression')?.text === 'this' ? node.childForFieldName('name') : node;
    const field = name?.type === 'identifier' ? fields.get(name.text) : undefined;
    return field?.isAutoProperty ? undefined : field;
  };
  if (statement.type === 'expression_statement') {
    const e = statement.namedChildren.find((c) => c.type !== 'comment');
    if (e?.type === 'invocation_expression') return clearsOwnCollection(e, fieldOf);
    if (e?.type !== 'assignment_expression') return false;
    const operator = e.children.find((c) => !c.isNamed)?.text;
    const value = e.childForFieldName('right')?.text.trim() ?? '';
    return operator === '=' && !!fieldOf(e.childForFieldName('left')) && (INERT_VALUE.test(value) || isInertRead(value));
  }
  if (!guardAllowed || statement.type !== 'if_statement' || statement.childForFieldName('alternative')) return false;
  const condition = statement.childForFieldName('condition');
  const tested = condition?.type === 'prefix_unary_expression' && condition.text.startsWith('!') ? condition.namedChildren[0] : condition;
  const consequence = statement.childForFieldName('consequence');
  const inner = consequence?.type === 'block' ? consequence.namedChildren.filter((c) => c.type !== 'comment') : consequence ? [consequence] : [];
  return !!fieldOf(tested) && inner.length === 1 && returnsInertValue(inner[0]);
}

/**
 * `ArgumentNullException.ThrowIfNull(p);` of a parameter of `fn` (no second argument): it throws only when the call
 * passes null for p, which the caller's argument can rule out. ArchiSteamFarm's plugin hooks check their arguments so
 * before a try that catches every exception (the forty-third session's reading, the eighth's W6).
 */
function nullCheckedParameterOf(statement: SyntaxNode, fn: SyntaxNode): string | null {
  if (statement.type !== 'expression_statement') return null;
  const m = /^(.*?)\s*\.\s*ThrowIfNull\s*\(\s*(@?[A-Za-z_]\w*)\s*\)\s*;$/s.exec(statement.text.trim());
  if (!m || !isArgumentNullException(m[1])) return null;
  const list = fn.childForFieldName('parameters') ?? fn.namedChildren.find((c) => c.type === 'parameter_list');
  const declared = (list?.namedChildren ?? []).some((p) => p.type === 'parameter' && p.childForFieldName('name')?.text === m[2] && !p.namedChildren.some((c) => c.type === 'modifier' && /^(?:out|ref)$/.test(c.text)));
  return declared ? m[2] : null;
}

/**
 * Whether a call's receiver is ArgumentNullException as written (`ArgumentNullException`, `System.ArgumentNullException`,
 * `global::System.ArgumentNullException`): the receiver of the ThrowIfNull checks this file and rules/faultFreeCalls.ts read.
 */
export function isArgumentNullException(receiver: string): boolean {
  return /^(?:global::)?(?:System\s*\.\s*)?ArgumentNullException$/.test(receiver.trim());
}

/**
 * `if (_handlers.Count == 0) return;`: a guard on the Count of a field or auto-property of the method's own type
 * declaration, initialised where it is declared, whose type is written without `?` and is a collection of
 * knowledge/inertMembers.ts (a count that reads a stored number), compared with an integer literal, leaving with
 * nothing or a literal. Where nullable annotations are on, the compiler warns on any null stored there.
 */
function isCountGuard(statement: SyntaxNode, fields: ReadonlyMap<string, FieldFacts>): boolean {
  if (statement.type !== 'if_statement' || statement.childForFieldName('alternative')) return false;
  const condition = statement.childForFieldName('condition')?.text.trim() ?? '';
  const m = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*\.\s*Count\s*(?:==|!=|>=|<=|>|<|is(?:\s+not)?)\s*\d+$/.exec(condition);
  const member = m ? fields.get(m[1]) : undefined;
  if (!member || !member.initialized || /\?\s*$/.test(member.typeText) || !countsWithoutThrowing(member.typeText)) return false;
  const consequence = statement.childForFieldName('consequence');
  const inner = consequence?.type === 'block' ? consequence.namedChildren.filter((c) => c.type !== 'comment') : consequence ? [consequence] : [];
  return inner.length === 1 && returnsInertValue(inner[0]);
}

/** `return;`, or a return of a value whose evaluation runs no code (`return false;`, `return null;`). */
function returnsInertValue(statement: SyntaxNode): boolean {
  if (statement.type !== 'return_statement') return false;
  const returned = statement.namedChildren.filter((c) => c.type !== 'comment');
  return returned.length === 0 || (returned.length === 1 && INERT_VALUE.test(returned[0].text.trim()));
}

/** `_rows.Clear()` with no argument, on a readonly field initialised where it is declared, of a collection type whose Clear cannot throw. */
function clearsOwnCollection(call: SyntaxNode, fieldOf: (node: SyntaxNode | null | undefined) => FieldFacts | undefined): boolean {
  const callee = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  if (callee?.type !== 'member_access_expression' || callee.childForFieldName('name')?.text !== 'Clear' || (args && args.namedChildren.length > 0)) return false;
  const field = fieldOf(callee.childForFieldName('expression'));
  return !!field && field.isReadonly && field.initialized && clearsWithoutThrowing(field.typeText);
}

/** A field the type declaration around a method declares: whether it is readonly, its type as written, whether it is initialised. */
interface FieldFacts {
  isReadonly: boolean;
  typeText: string;
  initialized: boolean;
  /** An auto-property (no accessor body), which only the Count guard reads: assigning one could run a partial's code. */
  isAutoProperty?: boolean;
}

/** The fields the type declaration around `fn` declares (not its other parts, nor its bases), by name. */
function fieldsOfType(fn: SyntaxNode): ReadonlyMap<string, FieldFacts> {
  let declarations: SyntaxNode | null = fn.parent;
  while (declarations && declarations.type !== 'declaration_list') declarations = declarations.parent;
  const fields = new Map<string, FieldFacts>();
  for (const member of declarations?.namedChildren ?? []) {
    if (member.type === 'property_declaration') {
      const name = member.childForFieldName('name');
      const accessors = member.namedChildren.find((c) => c.type === 'accessor_list');
      const auto = !!accessors && accessors.namedChildren.every((a) => a.type !== 'accessor_declaration' || !a.namedChildren.some((c) => c.type === 'block' || c.type === 'arrow_expression_clause'));
      if (name && auto && !fields.has(name.text)) fields.set(name.text, { isReadonly: false, typeText: member.childForFieldName('type')?.text ?? '', initialized: /\}\s*=/.test(member.text), isAutoProperty: true });
      continue;
    }
    if (member.type !== 'field_declaration') continue;
    const isReadonly = member.namedChildren.some((c) => c.type === 'modifier' && c.text === 'readonly');
    for (const { name, declarator, type } of declaredFieldsOf(member)) {
      fields.set(name.text, { isReadonly, typeText: type?.text ?? '', initialized: declarator.text.includes('=') });
    }
  }
  return fields;
}
