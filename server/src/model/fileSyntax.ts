/**
 * One TreeCursor walk over a file that gathers everything the model reads: the nodes of interest grouped by
 * the function-like body that owns them, and every identifier with its role (read, write, member name) and
 * the branches around it. Walking once with a cursor and slicing the source text instead of asking nodes for
 * their parents is what keeps the model well under the cost of the parse (parser.md: node-object recursion
 * is 2-5x slower than a cursor walk, and every Node method call crosses into wasm).
 */
import type { SyntaxNode, Tree } from '../parse/parser';
import type { Span } from './types';
import type { Access } from './liveness';
import { FUNCTION_NODE_TYPES, TYPE_NODE_TYPES } from './syntax';

/** Node types the model asks for, bucketed by owning body. */
const COLLECTED = new Set<string>([
  'await_expression', 'foreach_statement', 'using_statement', 'local_declaration_statement', 'return_statement', 'yield_statement',
  'invocation_expression', 'lock_statement', 'variable_declarator', 'declaration_pattern', 'declaration_expression', 'catch_declaration',
  'recursive_pattern', 'var_pattern', 'for_statement', 'while_statement', 'do_statement',
  'object_creation_expression', 'implicit_object_creation_expression',
]);
const FUNCTIONS = new Set<string>(FUNCTION_NODE_TYPES);
/** Parents whose children's fields the model reads (branch arms, assignment sides, member names, loop parts). */
const FIELD_PARENTS = new Set<string>([
  'if_statement', 'conditional_expression', 'conditional_access_expression', 'for_statement', 'foreach_statement', 'binary_expression',
  'member_access_expression', 'member_binding_expression', 'assignment_expression', 'variable_declarator', 'generic_name',
]);
/** Parents whose children's spans become branches. */
const POSITIONED_PARENTS = new Set<string>([
  'if_statement', 'conditional_expression', 'conditional_access_expression', 'switch_section', 'switch_expression_arm', 'catch_clause',
  'lambda_expression', 'anonymous_method_expression', 'local_function_statement', 'binary_expression', 'for_statement', 'foreach_statement',
]);
/** Nodes whose own span the model reads when an identifier sits inside them. */
const POSITIONED = new Set<string>([
  'for_statement', 'foreach_statement', 'while_statement', 'do_statement', 'assignment_expression', 'postfix_unary_expression',
  'prefix_unary_expression', 'argument', 'variable_declarator', 'generic_name',
]);
const TYPES = new Set<string>(TYPE_NODE_TYPES);

export interface IdentifierUse {
  name: string;
  start: number;
  end: number;
  /** `x.Name`, `Ns.Type`, `name:` — not a variable reference. */
  isMemberName: boolean;
  access: Access;
  /** For writes, where the write takes effect (after the right-hand side ran). */
  effectiveAt: number;
  /** Branches around the identifier: if/else arms, loop repeats, switch sections, catch, ?:, &&, ||, ??, lambdas. */
  branches: Span[];
}

export interface FileSyntax {
  functions: SyntaxNode[];
  types: SyntaxNode[];
  globalStatements: SyntaxNode[];
  /** Owner key (`type:start` of the function node, `topLevel:0`, or '' for none) -> node type -> nodes in document order. */
  owned: Map<string, Map<string, SyntaxNode[]>>;
  /** Every identifier, sorted by start. */
  identifiers: IdentifierUse[];
  /** Offsets of `this` and `base` tokens, sorted. */
  thisTokens: number[];
  /** `.Result` member accesses (and `?.Result` bindings) by owner. */
  resultAccesses: Map<string, SyntaxNode[]>;
  /** For each function node (by start offset): the owner key of the body it sits in ('' for none). */
  enclosingOwner: Map<number, string>;
  /** For each function node (by start offset): its modifiers (async, static, ...), read from the text. */
  functionModifiers: Map<number, string[]>;
}

interface Frame {
  type: string;
  start: number;
  end: number;
  field: string | null;
  /** End of a for loop's initializer or a foreach's collection: where the repeated part starts. */
  markerEnd: number;
  /** End of a binary expression's left operand, to read its operator from the text. */
  leftEnd: number;
  ownerKey: string | null;
}

export const ownerKeyOf = (type: string, start: number) => `${type}:${start}`;

export function walkFile(tree: Tree, text: string): FileSyntax {
  const result: FileSyntax = { functions: [], types: [], globalStatements: [], owned: new Map(), identifiers: [], thisTokens: [], resultAccesses: new Map(), enclosingOwner: new Map(), functionModifiers: new Map() };
  const stack: Frame[] = [];
  const owners: string[] = [''];
  const cursor = tree.rootNode.walk();
  const bucket = (owner: string, type: string, node: SyntaxNode) => {
    let byType = result.owned.get(owner);
    if (!byType) result.owned.set(owner, (byType = new Map()));
    const list = byType.get(type);
    if (list) list.push(node);
    else byType.set(type, [node]);
  };
  try {
    for (;;) {
      // Every cursor getter crosses into wasm, so positions and field names are read only where the model
      // uses them: on nodes it keeps, identifiers, and children of nodes whose branches or roles matter.
      const type = cursor.nodeType;
      const parent = stack[stack.length - 1];
      const parentType = parent ? parent.type : '';
      const isIdentifier = type === 'identifier';
      const isModifierOfFunction = type === 'modifier' && FUNCTIONS.has(parentType);
      const keep = isIdentifier || isModifierOfFunction || FUNCTIONS.has(type) || TYPES.has(type) || COLLECTED.has(type) || type === 'this' || type === 'base' ||
        type === 'member_access_expression' || type === 'member_binding_expression' || (type === 'global_statement' && stack.length === 1);
      const positioned = keep || POSITIONED_PARENTS.has(parentType) || POSITIONED.has(type);
      const start = positioned ? cursor.startIndex : -1;
      const end = positioned ? cursor.endIndex : -1;
      const field = FIELD_PARENTS.has(parentType) ? cursor.currentFieldName : null;
      if (parent) {
        if (field === 'initializer' && parentType === 'for_statement') parent.markerEnd = end;
        if (field === 'right' && parentType === 'foreach_statement') parent.markerEnd = end;
        if (field === 'left' && parentType === 'binary_expression') parent.leftEnd = end;
      }
      const owner = owners[owners.length - 1];
      let ownerKey: string | null = null;
      if (keep) {
        if (isModifierOfFunction) {
          const list = result.functionModifiers.get(parent.start);
          if (list) list.push(text.slice(start, end));
          else result.functionModifiers.set(parent.start, [text.slice(start, end)]);
        } else if (FUNCTIONS.has(type)) {
          result.functions.push(cursor.currentNode);
          result.enclosingOwner.set(start, owner);
          ownerKey = ownerKeyOf(type, start);
        } else if (TYPES.has(type)) {
          result.types.push(cursor.currentNode);
        } else if (type === 'global_statement') {
          result.globalStatements.push(cursor.currentNode);
          ownerKey = 'topLevel:0';
        } else if (isIdentifier) {
          result.identifiers.push(identifierUse(text, start, end, field, stack));
        } else if (COLLECTED.has(type)) {
          bucket(owner, type, cursor.currentNode);
        } else if (type === 'this' || type === 'base') {
          result.thisTokens.push(start);
        } else if (/(^|[.?\s])Result$/.test(text.slice(start, end))) {
          const list = result.resultAccesses.get(owner);
          if (list) list.push(cursor.currentNode);
          else result.resultAccesses.set(owner, [cursor.currentNode]);
        }
      }
      if (isIdentifier || !cursor.gotoFirstChild()) {
        // A leaf (or an identifier, whose children do not matter): move to the next sibling, leaving
        // finished parents on the way.
        let moved = cursor.gotoNextSibling();
        while (!moved) {
          if (!cursor.gotoParent()) return result;
          const done = stack.pop()!;
          if (done.ownerKey) owners.pop();
          moved = cursor.gotoNextSibling();
        }
        continue;
      }
      stack.push({ type, start, end, field, markerEnd: -1, leftEnd: -1, ownerKey });
      if (ownerKey) owners.push(ownerKey);
    }
  } finally {
    cursor.delete();
  }
}

const COMPOUND = /^(\+|-|\*|\/|%|&|\||\^|<<|>>>?|\?\?)=/;

function identifierUse(text: string, start: number, end: number, field: string | null, stack: Frame[]): IdentifierUse {
  const name = text.slice(start, end);
  const parent = stack[stack.length - 1];
  let isMemberName = false;
  let access: Access = 'read';
  let effectiveAt = end;
  if (parent) {
    const pt = parent.type;
    if ((pt === 'member_access_expression' || pt === 'member_binding_expression') && field === 'name') isMemberName = true;
    else if (pt === 'generic_name') {
      const grand = stack[stack.length - 2];
      isMemberName = !!grand && (grand.type === 'member_access_expression' || grand.type === 'member_binding_expression') && parent.field === 'name';
    } else if (pt === 'qualified_name' || pt === 'name_colon' || pt === 'name_equals') isMemberName = true;
    else if (pt === 'assignment_expression' && field === 'left') {
      const after = text.slice(end, parent.end).trimStart();
      if (COMPOUND.test(after)) access = 'readwrite';
      else access = 'write';
      effectiveAt = parent.end;
    } else if ((pt === 'postfix_unary_expression' || pt === 'prefix_unary_expression') && /\+\+|--/.test(text.slice(parent.start, start) + text.slice(end, parent.end))) {
      access = 'readwrite';
    } else if (pt === 'argument') {
      const before = text.slice(parent.start, start).trim();
      if (before === 'out') access = 'write';
      else if (before === 'ref') access = 'readwrite';
    } else if (pt === 'variable_declarator' && field === 'name') {
      const hasInitializer = text.slice(end, parent.end).trimStart().startsWith('=');
      access = hasInitializer ? 'write' : 'declare';
      effectiveAt = parent.end;
    }
  }
  return { name, start, end, isMemberName, access, effectiveAt, branches: isMemberName ? [] : branchesAround(text, stack) };
}

/** The branches the innermost frame sits in, innermost first. */
function branchesAround(text: string, stack: Frame[]): Span[] {
  const out: Span[] = [];
  for (let k = stack.length - 2; k >= 0; k--) {
    const p = stack[k];
    const child = stack[k + 1];
    const span = { start: child.start, end: child.end };
    switch (p.type) {
      case 'if_statement':
      case 'conditional_expression':
      case 'conditional_access_expression':
        if (child.field !== 'condition') out.push(span);
        break;
      case 'switch_section':
      case 'switch_expression_arm':
      case 'catch_clause':
      case 'lambda_expression':
      case 'anonymous_method_expression':
      case 'local_function_statement':
        out.push(span);
        break;
      case 'for_statement':
        if (child.field !== 'initializer') out.push({ start: p.markerEnd >= 0 ? p.markerEnd : p.start, end: p.end });
        break;
      case 'foreach_statement':
        if (child.field !== 'right') out.push({ start: p.markerEnd >= 0 ? p.markerEnd : p.start, end: p.end });
        break;
      case 'while_statement':
      case 'do_statement':
        out.push({ start: p.start, end: p.end });
        break;
      case 'binary_expression':
        if (child.field === 'right' && p.leftEnd >= 0 && /^\s*(&&|\|\||\?\?)\s*$/.test(text.slice(p.leftEnd, child.start))) out.push(span);
        break;
    }
  }
  return out;
}

/** Identifiers within [start, end), by binary search on the sorted list. */
export function identifiersIn(syntax: FileSyntax, span: Span): IdentifierUse[] {
  const ids = syntax.identifiers;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid].start < span.start) lo = mid + 1;
    else hi = mid;
  }
  const out: IdentifierUse[] = [];
  for (let i = lo; i < ids.length && ids[i].start < span.end; i++) if (ids[i].end <= span.end) out.push(ids[i]);
  return out;
}

export function hasThisIn(syntax: FileSyntax, span: Span): boolean {
  const t = syntax.thisTokens;
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] < span.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < t.length && t[lo] < span.end;
}
