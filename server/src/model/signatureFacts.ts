/**
 * Facts about declarations that the blocking rules need to decide whether two methods are sync and async twins
 * and whether an argument holds a constant: each parameter's modifiers and default, each field's initializer,
 * and the `using static` directives of a file. Kept apart from typeDeclarations.ts so each is one small function.
 */
import type { SyntaxNode } from '../parse/parser';
import type { MemberParameter } from './types';
import { childTextsOfTypes, hasToken, normaliseTypeText } from './syntax';
import { exactly, none } from './compact';

/** The children of a declared parameter that are its modifiers. */
const PARAMETER_MODIFIERS = new Set(['modifier', 'parameter_modifier', 'ref', 'out', 'in', 'params', 'this', 'scoped', 'readonly']);

/**
 * The parameters of a method's `parameter_list`. tree-sitter-c-sharp 0.23.5 does not wrap `params T[] name` in a
 * `parameter` node (the `params` token, the type and the name are children of the list), so those are read
 * token by token here.
 */
export function memberParametersOf(list: SyntaxNode | null): MemberParameter[] {
  if (!list) return none();
  const out: MemberParameter[] = [];
  const children = list.children.filter((c): c is SyntaxNode => !!c);
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.type === 'parameter') {
      const modifiers = childTextsOfTypes(c, PARAMETER_MODIFIERS);
      out.push({
        name: c.childForFieldName('name')?.text ?? '?',
        typeText: normaliseTypeText(c.childForFieldName('type')?.text ?? '?'),
        modifiers,
        hasDefault: hasToken(c, '='),
      });
    } else if (c.type === 'params') {
      // `params`, then the type node, then the identifier.
      const type = children[i + 1];
      const name = children[i + 2];
      if (type && name?.type === 'identifier') {
        out.push({ name: name.text, typeText: normaliseTypeText(type.text), modifiers: ['params'], hasDefault: false });
        i += 2;
      }
    }
  }
  return exactly(out);
}

/** The initializer of a field's variable declarator (`0` in `const int NoWait = 0;`), or null when it has none. */
export function fieldInitializerOf(declarator: SyntaxNode, nameNode: SyntaxNode): string | null {
  if (!declarator.children.some((c) => c?.type === '=')) return null;
  const value = declarator.namedChildren.find((c) => !!c && c.startIndex > nameNode.startIndex && c.type !== 'comment');
  return value ? value.text : null;
}

/**
 * The types a file imports with `using static`, at the top or inside namespace blocks: their members can be
 * called without a receiver (`using static Tools.Files;` then `Load()`).
 */
export function staticUsingsOf(root: SyntaxNode): string[] {
  const out: string[] = [];
  const visit = (node: SyntaxNode) => {
    for (const c of node.namedChildren) {
      if (!c) continue;
      if (c.type === 'using_directive') {
        const name = c.namedChildren.find((n) => !!n && n.type !== 'comment');
        if (name && c.children.some((t) => t?.type === 'static')) out.push(name.text.replace(/\s+/g, ''));
      } else if (c.type === 'namespace_declaration' || c.type === 'declaration_list') {
        visit(c);
      }
    }
  };
  visit(root);
  return out;
}

/** The namespaces a file imports with `global using` (not static, not aliases): they apply to every file of the project. */
export function globalUsingsOf(root: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of root.namedChildren) {
    if (!c || c.type !== 'using_directive') continue;
    const tokens = c.children.filter((t): t is SyntaxNode => !!t).map((t) => t.type);
    if (!tokens.includes('global') || tokens.includes('static') || tokens.includes('=')) continue;
    const name = c.namedChildren.find((n) => !!n && n.type !== 'comment');
    if (name) out.push(name.text.replace(/\s+/g, ''));
  }
  return out;
}

/** `{ typeParameterConstraints }` when the declaration has `where` clauses, else nothing (most code has none). */
export function constraintsField(node: SyntaxNode | null): { typeParameterConstraints?: Record<string, string[]> } {
  if (!node) return {};
  const out: Record<string, string[]> = {};
  for (const clause of node.namedChildren) {
    if (clause?.type !== 'type_parameter_constraints_clause') continue;
    const [target, ...constraints] = clause.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
    if (target?.type !== 'identifier') continue;
    out[target.text] = constraints.map((c) => c.text.replace(/\s+/g, ' ').trim());
  }
  return Object.keys(out).length ? { typeParameterConstraints: out } : {};
}
