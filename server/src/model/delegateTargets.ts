/**
 * Where a lambda or anonymous method goes: the argument of which call, the event it subscribes to, the variable
 * or member it is assigned to. The compiler gives an async lambda a void or a Task-returning signature from that
 * target's delegate type, which is what ASY021 (async lambda to a void delegate) asks about.
 */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { DelegateTarget } from './types';
import { argumentTexts, calleeOf, declaredFieldsOf, normaliseTypeText, spanOf, unparenthesisedParent } from './syntax';
import { none } from './compact';
import { targetTypeOfImplicitCreation } from './creations';

/** The target of a function expression, looking through parentheses, casts' operands and `?:` branches; null when there is none. */
export function delegateTargetOf(fn: SyntaxNode): DelegateTarget | null {
  let node = fn;
  for (;;) {
    const { parent, child } = unparenthesisedParent(node);
    if (!parent) return null;
    // `c ? async () => a : async () => b`: both branches go where the conditional goes.
    if (parent.type === 'conditional_expression' && parent.childForFieldName('condition')?.startIndex !== child.startIndex) {
      node = parent;
      continue;
    }
    switch (parent.type) {
      case 'argument':
        return argumentTarget(parent);
      case 'assignment_expression': {
        if (parent.childForFieldName('right')?.startIndex !== child.startIndex) return null;
        const left = parent.childForFieldName('left');
        const operator = parent.childForFieldName('operator')?.text ?? textBetween(parent, left, child);
        if (!left) return null;
        return { kind: operator === '+=' || operator === '-=' ? 'eventSubscription' : 'assignment', targetText: left.text, operator };
      }
      case 'equals_value_clause':
      case 'variable_declarator': {
        const declarator = parent.type === 'variable_declarator' ? parent : parent.parent;
        const declaration = declarator?.parent;
        const typeNode = declaration?.type === 'variable_declaration' ? declaration.childForFieldName('type') : null;
        const typeText = typeNode && typeNode.type !== 'implicit_type' ? normaliseTypeText(typeNode.text) : null;
        return { kind: 'declaration', targetText: declarator?.childForFieldName('name')?.text ?? '', typeText };
      }
      case 'return_statement':
      case 'arrow_expression_clause':
        return { kind: 'return' };
      case 'cast_expression':
        return { kind: 'declaration', targetText: '', typeText: normaliseTypeText(parent.childForFieldName('type')?.text ?? '') };
      default:
        return { kind: 'other' };
    }
  }
}

/** The call an argument belongs to: an invocation (`list.ForEach(...)`) or an object creation (`new Timer(...)`). */
function argumentTarget(argument: SyntaxNode): DelegateTarget {
  const list = argument.parent;
  const call = list?.parent;
  if (!list || !call || list.type !== 'argument_list') return { kind: 'other' };
  const args = list.namedChildren.filter((c): c is SyntaxNode => !!c && c.type === 'argument');
  const argumentIndex = args.findIndex((a) => a.startIndex === argument.startIndex);
  const nameColon = namedChildOfType(argument, 'name_colon');
  const argumentName = nameColon ? namedChildOfType(nameColon, 'identifier')?.text ?? null : null;
  if (call.type === 'invocation_expression') {
    const callee = calleeOf(call);
    if (!callee) return { kind: 'other' };
    return {
      kind: 'argument',
      call: { kind: 'invocation', name: callee.name, receiver: callee.receiver, typeArguments: callee.typeArguments, argumentTexts: argumentTexts(call), argumentIndex, argumentName, span: spanOf(call) },
    };
  }
  if (call.type === 'object_creation_expression' || call.type === 'implicit_object_creation_expression') {
    // A target-typed `new(...)` creates the type its declaration names (`Thread worker = new(() => ...)`).
    const type = call.type === 'object_creation_expression' ? call.childForFieldName('type')?.text ?? null : targetTypeOfImplicitCreation(call) ?? assignedMemberTypeOf(call);
    if (!type) return { kind: 'other' };
    return {
      kind: 'argument',
      call: { kind: 'creation', name: normaliseTypeText(type), receiver: null, typeArguments: none(), argumentTexts: args.map((a) => a.text), argumentIndex, argumentName, span: spanOf(call) },
    };
  }
  return { kind: 'other' };
}

const TYPE_DECLARATIONS = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'record_struct_declaration']);
const MEMBER_DECLARATIONS = new Set(['method_declaration', 'constructor_declaration', 'accessor_declaration', 'local_function_statement', 'lambda_expression', 'anonymous_method_expression']);

/**
 * The type a target-typed `new(...)` creates when it is assigned to a field or property of the type it is written in
 * (`_timer = new(_ => Tick(), null, 0, 1000);` in a constructor): the member's declared type, from that declaration of
 * the type. Null when the name may be a local or parameter of an enclosing function, or the type does not declare it
 * here (a base type's member, another part of a partial type).
 */
function assignedMemberTypeOf(creation: SyntaxNode): string | null {
  const { parent, child } = unparenthesisedParent(creation);
  if (parent?.type !== 'assignment_expression' || parent.childForFieldName('right')?.startIndex !== child.startIndex) return null;
  const left = parent.childForFieldName('left');
  const written = left ? /^(this\s*\.\s*)?@?([A-Za-z_]\w*)$/.exec(left.text) : null;
  if (!written) return null;
  const name = written[2];
  let type: SyntaxNode | null = parent.parent;
  for (; type && !TYPE_DECLARATIONS.has(type.type); type = type.parent) {
    if (!written[1] && MEMBER_DECLARATIONS.has(type.type) && declaresName(type, name)) return null;
  }
  const members = type?.childForFieldName('body')?.namedChildren ?? [];
  for (const member of members) {
    if (member.type === 'field_declaration') {
      const field = declaredFieldsOf(member).find((f) => f.name.text === name);
      if (field) return field.type && field.type.type !== 'implicit_type' ? normaliseTypeText(field.type.text).replace(/\?$/, '') : null;
    }
    if (member.type === 'property_declaration' && member.childForFieldName('name')?.text === name) {
      const typeNode = member.childForFieldName('type');
      return typeNode ? normaliseTypeText(typeNode.text).replace(/\?$/, '') : null;
    }
  }
  return null;
}

/** Whether a function declares a parameter or local of the name, which a bare name in it would then mean. */
function declaresName(fn: SyntaxNode, name: string): boolean {
  return fn.descendantsOfType(['parameter', 'variable_declarator']).some((d) => d.childForFieldName('name')?.text === name);
}

/** The operator token between an assignment's two sides, when the grammar gives it no field. */
function textBetween(assignment: SyntaxNode, left: SyntaxNode | null, right: SyntaxNode): string {
  const from = left ? left.endIndex - assignment.startIndex : 0;
  return assignment.text.slice(from, right.startIndex - assignment.startIndex).trim();
}
