/**
 * What the compiler must keep across an await because the same statement evaluated it before the await: the left
 * operand of a binary operator (`a + await b`, also when `a` is itself an awaited result), earlier arguments of a
 * call, a creation or a tuple, the receiver of a call, the array and index of an element assignment, the target of a
 * compound assignment, and the object an initializer is filling (Roslyn's AwaitExpressionSpiller). Which of these
 * really need a field (constants and static readonly fields do not) depends on declarations, so the cost model
 * decides that; this module only reads the syntax.
 */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { Span, SpilledValue } from './types';
import { isFunctionNode, spanOf } from './syntax';
import { exactly } from './compact';


const CONSTANT_TYPES = new Set(['integer_literal', 'real_literal', 'boolean_literal', 'null_literal', 'string_literal', 'character_literal', 'verbatim_string_literal', 'raw_string_literal', 'default_expression', 'typeof_expression', 'sizeof_expression']);

/** Operators that branch on their left operand: the value is not needed after the await on the right. */
const BRANCHING = new Set(['&&', '||', '??']);

const isBodyNode = (n: SyntaxNode, bodyNodes: SyntaxNode[]) => bodyNodes.some((b) => b.startIndex === n.startIndex && b.endIndex === n.endIndex);

/**
 * The statement (or expression body) an await belongs to: spill fields live as long as it runs. `above` holds the
 * answers for awaits already walked, by their start: an await inside another's operand shares its statement.
 */
export function statementSpanOf(awaitNode: SyntaxNode, bodyNodes: SyntaxNode[], above?: ReadonlyMap<number, Span>): Span {
  let last = awaitNode;
  for (let p = awaitNode.parent; p; last = p, p = p.parent) {
    if (p.type.endsWith('_statement') || p.type === 'arrow_expression_clause') return spanOf(p);
    if (isFunctionNode(p) || isBodyNode(p, bodyNodes)) break;
    const known = above && p.type === 'await_expression' ? above.get(p.startIndex) : undefined;
    if (known) return known;
  }
  return spanOf(last);
}

/**
 * Values evaluated before the await in the same statement, innermost first. `above` holds the answers for awaits
 * already walked, by their start: an await adds no value of its own, so a walk that reaches one takes the rest from it.
 */
export function spilledValuesOf(awaitNode: SyntaxNode, bodyNodes: SyntaxNode[], above?: ReadonlyMap<number, SpilledValue[]>): SpilledValue[] {
  const spills: SpilledValue[] = [];
  const worthSpilling = (n: SyntaxNode | null): n is SyntaxNode => !!n && !CONSTANT_TYPES.has(n.type) && n.type !== 'this' && !n.text.startsWith('nameof(');
  const add = (n: SyntaxNode, role: SpilledValue['role'], extra: Partial<SpilledValue> = {}) => spills.push({ text: n.text, role, span: spanOf(n), ...extra });
  let child = awaitNode;
  for (let p = awaitNode.parent; p; child = p, p = p.parent) {
    if (p.type.endsWith('_statement') || isFunctionNode(p) || isBodyNode(p, bodyNodes)) break;
    const known = above && p.type === 'await_expression' ? above.get(p.startIndex) : undefined;
    if (known) {
      spills.push(...known);
      break;
    }
    if (p.type === 'binary_expression') {
      const left = p.childForFieldName('left');
      const right = p.childForFieldName('right');
      const operator = p.childForFieldName('operator')?.text ?? '';
      // `a && await b`, `a || await b` and `a ?? await b` branch on a and do not need its value afterwards.
      if (left && right && !BRANCHING.has(operator) && left.endIndex <= child.startIndex && worthSpilling(left)) {
        add(left, 'leftOperand', { operator, otherOperandText: right.text });
      }
    } else if (p.type === 'argument_list' || p.type === 'tuple_expression' || p.type === 'bracketed_argument_list') {
      for (const a of p.namedChildren) {
        if (!a || a.startIndex >= child.startIndex) break;
        if (a.type !== 'argument') continue;
        const value = a.namedChildren[a.namedChildren.length - 1] ?? a;
        // An out argument, and a local passed by ref or in, are locations: nothing to copy.
        const location = /^(out|ref|in)\s/.test(a.text);
        if (worthSpilling(value) && !location) add(a, 'argument');
      }
    } else if (p.type === 'invocation_expression' && child.type === 'argument_list') {
      const fn = p.childForFieldName('function');
      const receiver = fn?.type === 'member_access_expression' ? fn.childForFieldName('expression') : null;
      // Whether the receiver names a type (Console, Src) or a value is the cost model's call.
      if (worthSpilling(receiver) && receiver.type !== 'predefined_type') add(receiver, 'receiver');
    } else if (p.type === 'assignment_expression') {
      const left = p.childForFieldName('left');
      const right = p.childForFieldName('right');
      if (!left || !right || right.startIndex > child.startIndex) continue;
      if (left.type === 'element_access_expression') {
        const array = left.childForFieldName('expression');
        if (worthSpilling(array)) add(array, 'assignmentTarget');
        const index = left.childForFieldName('subscript') ?? namedChildOfType(left, 'bracketed_argument_list');
        for (const a of index?.namedChildren ?? []) if (a && worthSpilling(a.namedChildren[0] ?? a)) add(a, 'assignmentTarget');
        continue;
      }
      // `x += await y` reads x before the await (`??=` reads it only to test it); an initializer's `Y = await y`
      // assigns a member of the object being built, which is spilled whole below.
      const operator = p.childForFieldName('operator')?.text ?? '=';
      if (operator !== '=' && operator !== '??=' && p.parent?.type !== 'initializer_expression') add(left, 'leftOperand', { operator: operator.slice(0, -1), otherOperandText: right.text });
    } else if (p.type === 'initializer_expression' && (p.parent?.type === 'object_creation_expression' || p.parent?.type === 'implicit_object_creation_expression')) {
      // `new Point { X = a, Y = await b }`: the object is created and partly filled before the await.
      const type = p.parent.childForFieldName('type');
      spills.push({ text: type?.text ?? p.parent.text, role: 'initializedObject', span: spanOf(p.parent) });
    } else if (p.type === 'interpolated_string_expression') {
      // `$"{a}{await b}"` becomes a string.Format or Concat call whose earlier arguments are spilled.
      for (const part of p.namedChildren) {
        if (!part || part.startIndex >= child.startIndex) break;
        const value = part.type === 'interpolation' ? part.namedChildren.find((c) => !!c && c.type !== 'interpolation_brace' && c.type !== 'interpolation_alignment_clause' && c.type !== 'interpolation_format_clause') : null;
        if (worthSpilling(value ?? null)) add(value!, 'argument');
      }
    }
  }
  return exactly(spills);
}
