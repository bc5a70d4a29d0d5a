/**
 * The objects a body creates with `new`: their type as written (or, for a target-typed `new()`, the type it is
 * declared as), their arguments and where the new object goes. ASY031 (an HttpClient created per call) reads them.
 */
import type { SyntaxNode } from '../parse/parser';
import { namedChildOfType } from '../parse/syntaxTable';
import type { CreationDestination, ObjectCreation } from './types';
import { normaliseTypeText, spanOf, unparenthesisedParent } from './syntax';
import { exactly } from './compact';

export function creationsOf(nodes: readonly SyntaxNode[]): ObjectCreation[] {
  const out: ObjectCreation[] = [];
  for (const n of nodes) {
    const typeNode = n.type === 'object_creation_expression' ? n.childForFieldName('type') : null;
    const destination = destinationOf(n);
    const typeText = typeNode ? normaliseTypeText(typeNode.text) : destination.declaredType;
    if (!typeText) continue;
    const list = n.childForFieldName('arguments') ?? namedChildOfType(n, 'argument_list') ?? null;
    const argumentTexts = exactly(list ? list.namedChildren.filter((c): c is SyntaxNode => !!c && c.type === 'argument').map((a) => a.text) : []);
    out.push({ typeText, argumentTexts, span: spanOf(n), destination: destination.kind, targetText: destination.targetText, inUsing: destination.inUsing });
  }
  return exactly(out);
}

interface Destination {
  kind: CreationDestination;
  targetText: string | null;
  declaredType: string | null;
  inUsing: boolean;
}

/**
 * The type a target-typed `new(...)` creates when the code names it where the object goes: the declared type of the
 * local or field it initialises (`Thread worker = new(() => ...)`); null elsewhere (`var` cannot take one, and an
 * assignment's or argument's target type is not in view).
 */
export function targetTypeOfImplicitCreation(creation: SyntaxNode): string | null {
  return destinationOf(creation).declaredType;
}

/** Where the created object goes: a local (declared here), an assignment target, a return, an argument. */
function destinationOf(creation: SyntaxNode): Destination {
  const { parent, child } = unparenthesisedParent(creation);
  if (!parent) return { kind: 'other', targetText: null, declaredType: null, inUsing: false };
  if (parent.type === 'variable_declarator' || parent.type === 'equals_value_clause') {
    const declarator = parent.type === 'variable_declarator' ? parent : parent.parent;
    const declaration = declarator?.parent;
    const typeNode = declaration?.type === 'variable_declaration' ? declaration.childForFieldName('type') : null;
    const holder = declaration?.parent ?? null;
    const inUsing = !!holder && (holder.type === 'using_statement' || holder.children.some((c) => c?.type === 'using'));
    const isField = holder?.type === 'field_declaration' || holder?.type === 'event_field_declaration';
    return {
      kind: isField ? 'field' : 'local',
      targetText: declarator?.childForFieldName('name')?.text ?? null,
      declaredType: typeNode && typeNode.type !== 'implicit_type' ? normaliseTypeText(typeNode.text) : null,
      inUsing,
    };
  }
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.startIndex === child.startIndex) {
    return { kind: 'assignment', targetText: parent.childForFieldName('left')?.text ?? null, declaredType: null, inUsing: false };
  }
  if (parent.type === 'using_statement') return { kind: 'local', targetText: null, declaredType: null, inUsing: true };
  if (parent.type === 'return_statement' || parent.type === 'arrow_expression_clause') return { kind: 'returned', targetText: null, declaredType: null, inUsing: false };
  if (parent.type === 'argument') return { kind: 'argument', targetText: null, declaredType: null, inUsing: false };
  if (parent.type === 'expression_statement') return { kind: 'discarded', targetText: null, declaredType: null, inUsing: false };
  return { kind: 'other', targetText: null, declaredType: null, inUsing: false };
}
