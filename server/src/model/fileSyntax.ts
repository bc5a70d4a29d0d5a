/**
 * One walk over a file that gathers everything the model reads: the nodes of interest grouped by
 * the function-like body that owns them, and every identifier with its role (read, write, member name) and
 * the branches around it. It reads the tree's JavaScript copy (parse/syntaxTable.ts) in one preorder pass,
 * slicing the source text for names, so no question here crosses into wasm.
 */
import { SyntaxNode, type SyntaxTable } from '../parse/syntaxTable';
import type { Span } from './types';
import type { Access } from './liveness';
import { FUNCTION_NODE_TYPES, TYPE_NODE_TYPES } from './syntax';
import { checkBudget } from './budget';
import { intern } from './compact';

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
  /** Branches around the identifier, innermost first: if/else arms, loop repeats, switch sections, catch, ?:, &&, ||, ??, lambdas. Shared: do not modify. */
  readonly branches: Span[];
}

/**
 * The branches around a frame as a list shared with the frames inside it: an identifier keeps a pointer and the
 * array is made only when asked (liveness asks for the locals of bodies with awaits). Listing every identifier's
 * branches eagerly cost the nesting depth per identifier, which deep nesting (2,000 nested lambdas) made quadratic.
 */
export interface BranchLink {
  span: Span;
  next: BranchLink | null;
  /** This link and the ones after it, once asked for. */
  array?: Span[];
}

const NO_BRANCHES: Span[] = [];

function branchArray(link: BranchLink | null): Span[] {
  if (!link) return NO_BRANCHES;
  if (!link.array) {
    const out: Span[] = [];
    for (let l: BranchLink | null = link; l; l = l.next) out.push(l.span);
    link.array = out;
  }
  return link.array;
}

class Use implements IdentifierUse {
  constructor(readonly name: string, readonly start: number, readonly end: number, readonly isMemberName: boolean, readonly access: Access,
    readonly effectiveAt: number, private readonly around: BranchLink | null) {}

  get branches(): Span[] {
    return branchArray(this.around);
  }
}

/**
 * Every identifier of a file, sorted by start, as columns rather than an object each: a 3 MB file has 224,000
 * identifiers, and as objects (with their names) they were half of what the model step kept alive while it ran,
 * which every young-generation collection copied. identifiersNamed and firstVariableIn make IdentifierUse objects
 * of the few a question asks about; the other questions and captures.ts read the columns.
 */
export interface Identifiers {
  count: number;
  start: Int32Array;
  end: Int32Array;
  /** For writes, where the write takes effect (after the right-hand side ran); the end otherwise. */
  effectiveAt: Int32Array;
  /** MEMBER_NAME, DECLARATOR, and the access's index in ACCESSES shifted by ACCESS_SHIFT. */
  flags: Uint8Array;
  /**
   * The names of the identifiers that are not member names, one string per distinct name (interned); null for a
   * member name, whose name no question reads (identifierAt reads it from `text`).
   */
  names: (string | null)[];
  /** The source text. */
  text: string;
  /** The branches around each (null for member names and for none). */
  around: (BranchLink | null)[];
  /**
   * For a member name, where the qualified name or member access it ends starts (`Acme.Cli.Program` for `Program`):
   * mentionedNamesOf keeps the qualifier with the name. -1 for other identifiers.
   */
  qualifiedFrom: Int32Array;
}

export const MEMBER_NAME = 1;
/** The name a variable declarator declares (`x` in `var x = 1;`): its access is `write` with an initializer. */
const DECLARATOR = 2;
const ACCESS_SHIFT = 2;
const ACCESSES: readonly Access[] = ['read', 'write', 'readwrite', 'declare'];

/** Whether identifier `k` is a member name (`x.Name`, `Ns.Type`, `name:`), not a variable reference. */
export function isMemberNameAt(ids: Identifiers, k: number): boolean {
  return (ids.flags[k] & MEMBER_NAME) !== 0;
}

/** Identifier `k` as an object. */
export function identifierAt(ids: Identifiers, k: number): IdentifierUse {
  const flags = ids.flags[k];
  const name = ids.names[k] ?? ids.text.slice(ids.start[k], ids.end[k]);
  return new Use(name, ids.start[k], ids.end[k], (flags & MEMBER_NAME) !== 0, ACCESSES[flags >> ACCESS_SHIFT], ids.effectiveAt[k], ids.around[k]);
}

export interface FileSyntax {
  functions: SyntaxNode[];
  types: SyntaxNode[];
  globalStatements: SyntaxNode[];
  /** Owner key (`type:start` of the function node, `topLevel:0`, or '' for none) -> node type -> nodes in document order. */
  owned: Map<string, Map<string, SyntaxNode[]>>;
  /** Every identifier, sorted by start. */
  identifiers: Identifiers;
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
  /** The node's row in the table. */
  index: number;
  flags: number;
  type: string;
  start: number;
  end: number;
  field: string | null;
  /** End of a for loop's initializer or a foreach's collection: where the repeated part starts. */
  markerEnd: number;
  /** End of a binary expression's left operand, to read its operator from the text. */
  leftEnd: number;
  ownerKey: string | null;
  /** The branches that identifiers directly inside this frame sit in. */
  around: BranchLink | null;
}

/**
 * A body's id, `kind:offset` (`method_declaration:2769`), the file's one copy. Joined rather than written as a template:
 * V8 makes a template of this length a pair of concatenated strings (two 32-byte links and the number's own string)
 * that every map lookup by the id flattens again, where a join is one flat string of 40-48 bytes. Every body holds its
 * id, and its nested bodies, the index and the verdicts hold it again.
 */
export const ownerKeyOf = (type: string, start: number) => intern([type, start].join(':'));

/** What walkFile needs to know of a node type, one byte per type id (asking sets of type names per node was most of the walk). */
const IS_FUNCTION = 1;
const IS_TYPE = 2;
const IS_COLLECTED = 4;
const IS_FIELD_PARENT = 8;
const IS_KEPT_OTHER = 16;
const IS_IDENTIFIER = 32;
/** A type whose children may start a branch (branchOf's cases): most frames' parents are not, and skip the switch. */
const IS_BRANCH_PARENT = 64;
const BRANCH_PARENTS = new Set<string>([
  'if_statement', 'conditional_expression', 'conditional_access_expression', 'switch_section', 'switch_expression_arm', 'catch_clause',
  'lambda_expression', 'anonymous_method_expression', 'local_function_statement', 'for_statement', 'foreach_statement', 'while_statement',
  'do_statement', 'binary_expression',
]);
const flagsByLanguage = new WeakMap<readonly (string | null)[], Uint8Array>();

function typeFlagsOf(typeNames: readonly (string | null)[]): Uint8Array {
  let flags = flagsByLanguage.get(typeNames);
  if (!flags) {
    flags = new Uint8Array(65536);
    typeNames.forEach((name, id) => {
      if (!name) return;
      flags![id] = (FUNCTIONS.has(name) ? IS_FUNCTION : 0) | (TYPES.has(name) ? IS_TYPE : 0) | (COLLECTED.has(name) ? IS_COLLECTED : 0) |
        (FIELD_PARENTS.has(name) ? IS_FIELD_PARENT : 0) | (name === 'identifier' ? IS_IDENTIFIER : 0) | (BRANCH_PARENTS.has(name) ? IS_BRANCH_PARENT : 0) |
        (name === 'identifier' || name === 'this' || name === 'base' || name === 'member_access_expression' || name === 'member_binding_expression' || name === 'modifier' || name === 'global_statement' ? IS_KEPT_OTHER : 0);
    });
    flagsByLanguage.set(typeNames, flags);
  }
  return flags;
}

/** `x.Result`, `x?.Result`: the node's text ends in `Result` after a `.`, `?` or whitespace (or is just `Result`). */
function endsWithResult(text: string, start: number, end: number): boolean {
  const at = end - 6;
  return at >= start && text.startsWith('Result', at) && (at === start || /[.?\s]/.test(text[at - 1]));
}

export function walkFile(table: SyntaxTable): FileSyntax {
  const { text, count, typeId, typeNames, fieldNames, start: starts, end: ends, field: fields, after } = table;
  const typeFlags = typeFlagsOf(typeNames);
  // The identifier rows bound how many identifiers there are (the walk passes over those inside an identifier).
  let identifierRows = 0;
  for (let i = 0; i < count; i++) if (typeFlags[typeId[i]] & IS_IDENTIFIER) identifierRows++;
  const identifiers: Identifiers = {
    count: 0, start: new Int32Array(identifierRows), end: new Int32Array(identifierRows), effectiveAt: new Int32Array(identifierRows),
    // Sized once: grown by push, the two lists were copied a dozen times over on the way to 224,000 items.
    flags: new Uint8Array(identifierRows), names: new Array<string | null>(identifierRows), text, around: new Array<BranchLink | null>(identifierRows),
    qualifiedFrom: new Int32Array(identifierRows),
  };
  const result: FileSyntax = { functions: [], types: [], globalStatements: [], owned: new Map(), identifiers, thisTokens: [], resultAccesses: new Map(), enclosingOwner: new Map(), functionModifiers: new Map() };
  // The open nodes, outermost first: frames[0..depth). Frame objects are reused by depth rather than made per node
  // (a 3 MB file has 1.2 million nodes); nothing keeps a frame past the step that reads it.
  const frames: Frame[] = [];
  let depth = 0;
  const owners: string[] = [''];
  const bucket = (owner: string, type: string, node: SyntaxNode) => {
    let byType = result.owned.get(owner);
    if (!byType) result.owned.set(owner, (byType = new Map()));
    const list = byType.get(type);
    if (list) list.push(node);
    else byType.set(type, [node]);
  };
  // Preorder over the table; an identifier's children (it has none the model cares about) are passed over.
  let step = 0;
  for (let i = 0; i < count;) {
    if ((++step & 0xfff) === 0) checkBudget();
    while (depth > 0 && after[frames[depth - 1].index] <= i) {
      const done = frames[--depth];
      if (done.ownerKey) owners.pop();
    }
    const id = typeId[i];
    const flags = typeFlags[id];
    const type = typeNames[id] || 'ERROR';
    const parent = depth > 0 ? frames[depth - 1] : undefined;
    const parentType = parent ? parent.type : '';
    const parentFlags = parent ? parent.flags : 0;
    const isIdentifier = type === 'identifier';
    const isModifierOfFunction = type === 'modifier' && (parentFlags & IS_FUNCTION) !== 0;
    const keep = (flags & (IS_FUNCTION | IS_TYPE | IS_COLLECTED)) !== 0 || ((flags & IS_KEPT_OTHER) !== 0 &&
      (isIdentifier || isModifierOfFunction || type === 'this' || type === 'base' || type === 'member_access_expression' || type === 'member_binding_expression' ||
        (type === 'global_statement' && depth === 1)));
    const start = starts[i];
    const end = ends[i];
    const field = parentFlags & IS_FIELD_PARENT ? fieldNames[fields[i]] ?? null : null;
    if (parent) {
      if (field === 'initializer' && parentType === 'for_statement') parent.markerEnd = end;
      if (field === 'right' && parentType === 'foreach_statement') parent.markerEnd = end;
      if (field === 'left' && parentType === 'binary_expression') parent.leftEnd = end;
    }
    const owner = owners[owners.length - 1];
    let ownerKey: string | null = null;
    if (keep) {
      if (isModifierOfFunction) {
        const list = result.functionModifiers.get(parent!.start);
        if (list) list.push(intern(text.slice(start, end)));
        else result.functionModifiers.set(parent!.start, [intern(text.slice(start, end))]);
      } else if (flags & IS_FUNCTION) {
        result.functions.push(new SyntaxNode(table, i));
        result.enclosingOwner.set(start, owner);
        ownerKey = ownerKeyOf(type, start);
      } else if (flags & IS_TYPE) {
        result.types.push(new SyntaxNode(table, i));
      } else if (type === 'global_statement') {
        result.globalStatements.push(new SyntaxNode(table, i));
        ownerKey = 'topLevel:0';
      } else if (isIdentifier) {
        addIdentifier(identifiers, text, start, end, field, frames, depth);
      } else if (flags & IS_COLLECTED) {
        bucket(owner, type, new SyntaxNode(table, i));
      } else if (type === 'this' || type === 'base') {
        result.thisTokens.push(start);
      } else if (endsWithResult(text, start, end)) {
        const list = result.resultAccesses.get(owner);
        if (list) list.push(new SyntaxNode(table, i));
        else result.resultAccesses.set(owner, [new SyntaxNode(table, i)]);
      }
    }
    if (isIdentifier || after[i] === i + 1) {
      i = after[i];
      continue;
    }
    let frame = frames[depth];
    if (!frame) frames.push((frame = { index: 0, flags: 0, type: '', start: 0, end: 0, field: null, markerEnd: -1, leftEnd: -1, ownerKey: null, around: null }));
    frame.index = i;
    frame.flags = flags;
    frame.type = type;
    frame.start = start;
    frame.end = end;
    frame.field = field;
    frame.markerEnd = -1;
    frame.leftEnd = -1;
    frame.ownerKey = ownerKey;
    frame.around = parent ? parent.around : null;
    const branch = parent && parent.flags & IS_BRANCH_PARENT ? branchOf(text, parent, frame) : null;
    if (branch) frame.around = { span: branch, next: frame.around };
    depth++;
    if (ownerKey) owners.push(ownerKey);
    i++;
  }
  return result;
}

const COMPOUND = /^(\+|-|\*|\/|%|&|\||\^|<<|>>>?|\?\?)=/;

function addIdentifier(ids: Identifiers, text: string, start: number, end: number, field: string | null, frames: readonly Frame[], depth: number): void {
  const parent = depth > 0 ? frames[depth - 1] : undefined;
  const grand = depth > 1 ? frames[depth - 2] : undefined;
  let isMemberName = false;
  let qualifiedFrom = -1;
  let isDeclarator = false;
  let access: Access = 'read';
  let effectiveAt = end;
  if (parent) {
    const pt = parent.type;
    if ((pt === 'member_access_expression' || pt === 'member_binding_expression') && field === 'name') {
      isMemberName = true;
      qualifiedFrom = parent.start;
    } else if (pt === 'generic_name') {
      isMemberName = !!grand && (grand.type === 'member_access_expression' || grand.type === 'member_binding_expression') && parent.field === 'name';
      if (isMemberName) qualifiedFrom = grand!.start;
    } else if (pt === 'qualified_name') {
      isMemberName = true;
      qualifiedFrom = parent.start;
    } else if (pt === 'name_colon' || pt === 'name_equals') isMemberName = true;
    else if (pt === 'assignment_expression' && field === 'left') {
      const after = text.slice(end, parent.end).trimStart();
      if (COMPOUND.test(after)) access = 'readwrite';
      else access = 'write';
      effectiveAt = parent.end;
    } else if ((pt === 'postfix_unary_expression' || pt === 'prefix_unary_expression') && /\+\+|--/.test(text.slice(parent.start, start) + text.slice(end, parent.end))) {
      access = 'readwrite';
    } else if (pt === 'argument') {
      // A named argument's name comes first (`value: out found`), and does not change what the modifier does.
      const before = text.slice(parent.start, start).trim().replace(/^@?[A-Za-z_]\w*\s*:\s*/, '');
      if (before === 'out') access = 'write';
      else if (before === 'ref') access = 'readwrite';
      else if (before === '') {
        const assignment = deconstructionAssigning(frames, depth - 1);
        if (assignment) {
          access = 'write';
          effectiveAt = assignment.end;
        }
      }
    } else if (pt === 'variable_declarator' && field === 'name') {
      const hasInitializer = text.slice(end, parent.end).trimStart().startsWith('=');
      access = hasInitializer ? 'write' : 'declare';
      isDeclarator = true;
      effectiveAt = parent.end;
    }
  }
  const k = ids.count++;
  ids.start[k] = start;
  ids.end[k] = end;
  ids.effectiveAt[k] = effectiveAt;
  ids.flags[k] = (isMemberName ? MEMBER_NAME : 0) | (isDeclarator ? DECLARATOR : 0) | (ACCESSES.indexOf(access) << ACCESS_SHIFT);
  ids.names[k] = isMemberName ? null : intern(text.slice(start, end));
  ids.around[k] = isMemberName || !parent ? null : parent.around;
  ids.qualifiedFrom[k] = qualifiedFrom;
}

/**
 * The assignment whose left side is the tuple holding the argument frame at `at`: `(entry, index) = Pick();` and
 * `((a, b), c) = ...` write each name. Null for a tuple that is only read (`Use((a, b))`, a tuple on the right of `=`).
 */
function deconstructionAssigning(frames: readonly Frame[], at: number): Frame | null {
  let k = at;
  while (k >= 1 && frames[k].type === 'argument' && frames[k - 1].type === 'tuple_expression') {
    const tuple = frames[k - 1];
    const holder = k >= 2 ? frames[k - 2] : undefined;
    if (holder && tuple.field === 'left' && holder.type === 'assignment_expression') return holder;
    k -= 2;
  }
  return null;
}

/** Made only for a frame that starts a branch: most frames do not, and a span for each cost an allocation per node. */
function frameSpan(frame: Frame): Span {
  return { start: frame.start, end: frame.end };
}

/** The branch a child frame of `p` starts, if any: an if/else arm, a loop's repeated part, a switch section, a lambda... (BRANCH_PARENTS lists the cases). */
function branchOf(text: string, p: Frame, child: Frame): Span | null {
  switch (p.type) {
    case 'if_statement':
    case 'conditional_expression':
    case 'conditional_access_expression':
      return child.field !== 'condition' ? frameSpan(child) : null;
    case 'switch_section':
    case 'switch_expression_arm':
    case 'catch_clause':
    case 'lambda_expression':
    case 'anonymous_method_expression':
    case 'local_function_statement':
      return frameSpan(child);
    case 'for_statement':
      return child.field !== 'initializer' ? { start: p.markerEnd >= 0 ? p.markerEnd : p.start, end: p.end } : null;
    case 'foreach_statement':
      return child.field !== 'right' ? { start: p.markerEnd >= 0 ? p.markerEnd : p.start, end: p.end } : null;
    case 'while_statement':
    case 'do_statement':
      return { start: p.start, end: p.end };
    case 'binary_expression':
      return child.field === 'right' && p.leftEnd >= 0 && /^\s*(&&|\|\||\?\?)\s*$/.test(text.slice(p.leftEnd, child.start)) ? frameSpan(child) : null;
    default:
      return null;
  }
}

/** Index of the first identifier starting at or after `offset`. */
function firstAtOrAfter(starts: Int32Array, count: number, offset: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The file's functions that lie within the span (its own node included when it is one), by binary search on their starts. */
export function functionsWithin(syntax: FileSyntax, span: Span): SyntaxNode[] {
  const functions = syntax.functions;
  let lo = 0;
  let hi = functions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (functions[mid].startIndex < span.start) lo = mid + 1;
    else hi = mid;
  }
  const out: SyntaxNode[] = [];
  for (let i = lo; i < functions.length && functions[i].startIndex < span.end; i++) if (functions[i].endIndex <= span.end) out.push(functions[i]);
  return out;
}

/** The indices of the identifiers within [start, end), by binary search on the sorted columns. */
export function identifierIndicesIn(syntax: FileSyntax, span: Span): number[] {
  const ids = syntax.identifiers;
  const out: number[] = [];
  for (let k = firstAtOrAfter(ids.start, ids.count, span.start); k < ids.count && ids.start[k] < span.end; k++) if (ids.end[k] <= span.end) out.push(k);
  return out;
}

/** The first identifier within the span that is not a member name, or null. */
export function firstVariableIn(syntax: FileSyntax, span: Span): IdentifierUse | null {
  const ids = syntax.identifiers;
  for (let k = firstAtOrAfter(ids.start, ids.count, span.start); k < ids.count && ids.start[k] < span.end; k++) {
    if (ids.end[k] <= span.end && !(ids.flags[k] & MEMBER_NAME)) return identifierAt(ids, k);
  }
  return null;
}

/** Whether an identifier within the span that is not a member name passes the test (given its name and access). */
export function someVariableIn(syntax: FileSyntax, span: Span, test: (name: string, access: Access) => boolean): boolean {
  const ids = syntax.identifiers;
  for (let k = firstAtOrAfter(ids.start, ids.count, span.start); k < ids.count && ids.start[k] < span.end; k++) {
    const flags = ids.flags[k];
    if (ids.end[k] <= span.end && !(flags & MEMBER_NAME) && test(ids.names[k]!, ACCESSES[flags >> ACCESS_SHIFT])) return true;
  }
  return false;
}

/**
 * The names written within the spans (`x = ...`, `x ??= ...`, `x += ...`, `x++`, `ref x`, `out x`, and a declarator's
 * initializer, `var x = ...`, unless `declarators` is false) that `keep` accepts, each with where the name stands.
 * Member names (`this.x = ...`, `other.x = ...`) are not listed.
 */
export function writesIn(syntax: FileSyntax, spans: readonly Span[], keep: (name: string) => boolean, declarators = true): { name: string; span: Span }[] {
  const ids = syntax.identifiers;
  const out: { name: string; span: Span }[] = [];
  const skipped = declarators ? MEMBER_NAME : MEMBER_NAME | DECLARATOR;
  for (const span of spans) {
    for (let k = firstAtOrAfter(ids.start, ids.count, span.start); k < ids.count && ids.start[k] < span.end; k++) {
      const flags = ids.flags[k];
      if (ids.end[k] > span.end || flags & skipped) continue;
      const access = ACCESSES[flags >> ACCESS_SHIFT];
      if ((access === 'write' || access === 'readwrite') && keep(ids.names[k]!)) out.push({ name: ids.names[k]!, span: { start: ids.start[k], end: ids.end[k] } });
    }
  }
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

/** The indices of the identifiers that are not member names, by name, each list in order (built on first use). */
const byNameOf = new WeakMap<FileSyntax, Map<string, number[]>>();

function identifiersByName(syntax: FileSyntax): Map<string, number[]> {
  let byName = byNameOf.get(syntax);
  if (!byName) {
    byName = new Map();
    const { count, flags, names } = syntax.identifiers;
    for (let k = 0; k < count; k++) {
      if (flags[k] & MEMBER_NAME) continue;
      const name = names[k]!;
      const list = byName.get(name);
      if (list) list.push(k);
      else byName.set(name, [k]);
    }
    byNameOf.set(syntax, byName);
  }
  return byName;
}

/** Index in `list` (identifier indices in order) of the first identifier starting at or after `offset`. */
function firstInListAtOrAfter(starts: Int32Array, list: readonly number[], offset: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[list[mid]] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The identifiers named `name` that are not member names, within the spans (in order): a binary search in that name's list instead of a pass over every identifier of the spans.
 */
export function identifiersNamed(syntax: FileSyntax, name: string, spans: readonly Span[]): IdentifierUse[] {
  const list = identifiersByName(syntax).get(name);
  if (!list) return [];
  const ids = syntax.identifiers;
  const out: IdentifierUse[] = [];
  for (const span of spans) {
    for (let i = firstInListAtOrAfter(ids.start, list, span.start); i < list.length && ids.start[list[i]] < span.end; i++) {
      if (ids.end[list[i]] <= span.end) out.push(identifierAt(ids, list[i]));
    }
  }
  return out;
}

/** Whether an identifier named `name` (not a member name) lies within the spans. */
export function mentions(syntax: FileSyntax, name: string, spans: readonly Span[]): boolean {
  const list = identifiersByName(syntax).get(name);
  if (!list) return false;
  const ids = syntax.identifiers;
  for (const span of spans) {
    for (let i = firstInListAtOrAfter(ids.start, list, span.start); i < list.length && ids.start[list[i]] < span.end; i++) if (ids.end[list[i]] <= span.end) return true;
  }
  return false;
}

/** How many identifiers (member names included) start within the span: what a pass over the span's identifiers would visit. */
export function identifierCountIn(syntax: FileSyntax, span: Span): number {
  const { start, count } = syntax.identifiers;
  return firstAtOrAfter(start, count, span.end) - firstAtOrAfter(start, count, span.start);
}

/**
 * The names a file's code mentions that may name a type, sorted and distinct: every identifier that starts with an
 * upper-case letter, member names included, since a type is named as the last part of a qualified name and a called
 * extension method's name is how code reaches the static class that declares it. A member name keeps a qualifier
 * made only of names (`Acme.Cli.Program` rather than `Program`), so that a reader can tell which of several types of
 * that name it means; a qualifier with anything else in it (a call, an index) is dropped, and one that is a value
 * (`args.Length`) becomes a lone dot (`.Length`), which names no type. Identifiers starting at
 * `skipAt` (the file's own type declarations' names) are left out: a declaration names nothing else. C# types are
 * named in PascalCase by convention (learn.microsoft.com/dotnet/standard/design-guidelines/capitalization-conventions),
 * and locals and parameters in camelCase, which this leaves out to keep the list short. Which of a workspace's files a
 * UI application's code reaches is decided from these (rules/hostReach.ts).
 */
export function mentionedNamesOf(ids: Identifiers, skipAt: ReadonlySet<number>): string[] {
  const seen = new Set<string>();
  const { text } = ids;
  for (let k = 0; k < ids.count; k++) {
    const start = ids.start[k];
    const first = text.charCodeAt(start);
    if (!(first >= 65 && first <= 90) && !(first > 127 && isUpperCase(text[start]))) continue;
    if (skipAt.has(start)) continue;
    const name = ids.names[k] ?? text.slice(start, ids.end[k]);
    const from = ids.qualifiedFrom[k];
    const qualifier = from >= 0 ? plainQualifier(text.slice(from, start)) : null;
    // A qualifier that starts with a lower-case letter or an underscore is a value (`args.Length`, `_http.Send`), whose
    // member names no type: kept as `.Length`, one entry for every such value.
    seen.add(qualifier === null ? name : isValueName(qualifier) ? `.${name}` : `${qualifier}.${name}`);
  }
  return [...seen].sort();
}

/** `Acme . Cli.` -> `Acme.Cli`; `global::Acme.` -> `Acme`; null when the qualifier is not a dotted list of names (`Load().`, `x?.`). */
function plainQualifier(text: string): string | null {
  const trimmed = text.replace(/\s+/g, '').replace(/^global::/, '').replace(/\.$/, '');
  return /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(trimmed) ? trimmed : null;
}

function isValueName(qualifier: string): boolean {
  const first = qualifier.charCodeAt(0);
  return first === 95 || (first >= 97 && first <= 122);
}

function isUpperCase(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}
