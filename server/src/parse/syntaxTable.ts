/**
 * A JavaScript copy of a tree-sitter tree: every visible node of the tree, read from wasm in one cursor walk into
 * flat typed arrays (preorder), and `SyntaxNode`, the view of one row that the model reads through.
 *
 * Why: every method of a web-tree-sitter Node crosses into wasm, and `parent` is not stored in a tree-sitter
 * tree at all (it walks down from the root, so it costs the node's depth). The model asks nodes for parents,
 * children and fields hundreds of thousands of times per file; on the copy each of those is an array read, and
 * the tree can be deleted as soon as the copy is made. The walk itself calls the runtime's exported C functions
 * directly, with the cursor kept in the runtime's transfer buffer between calls, which is several times cheaper
 * than the TreeCursor class (that copies the cursor in and out of wasm memory on every getter).
 *
 * The view answers exactly what web-tree-sitter's Node answers for the members it has (test/unit/syntax-table.test.ts
 * compares them node by node on every fixture and, on request, on any folder), so the model reads the same facts
 * from either. One difference is known: tree-sitter-c-sharp's `constant_pattern` holding an invocation answers
 * `childForFieldName('function' | 'arguments')` with the invocation's children in tree-sitter (its production
 * inherits them) and with null here, as the cursor reports no field there; the model never asks a pattern that.
 */
import type * as TreeSitter from 'web-tree-sitter';

/** The runtime's exported functions the walk calls (web-tree-sitter's own binding, lib/binding_web/lib/tree-sitter.c). */
export interface TreeWalkFunctions {
  _ts_tree_root_node_wasm(tree: number): void;
  _ts_tree_cursor_new_wasm(tree: number): void;
  _ts_tree_cursor_delete_wasm(tree: number): void;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_named_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_current_node_wasm(tree: number): void;
  _ts_node_has_error_wasm(tree: number): number;
  /** Returns the transfer buffer's address (and writes the ABI versions into it). */
  _ts_init(): number;
  /** The wasm memory as 32-bit words; replaced when the memory grows, so read it afresh each time. */
  readonly HEAP32: Int32Array;
}

const WALK_FUNCTIONS: readonly (keyof TreeWalkFunctions)[] = [
  '_ts_tree_root_node_wasm', '_ts_tree_cursor_new_wasm', '_ts_tree_cursor_delete_wasm', '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm', '_ts_tree_cursor_goto_parent_wasm', '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_node_is_named_wasm', '_ts_tree_cursor_current_node_is_missing_wasm', '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm', '_ts_tree_cursor_end_index_wasm', '_ts_tree_cursor_current_node_wasm', '_ts_node_has_error_wasm', '_ts_init',
];

/** The runtime's functions when it exports all of them (web-tree-sitter 0.25-0.27 does), else null: the walk then uses TreeCursor. */
export function walkFunctionsOf(module: unknown): TreeWalkFunctions | null {
  if (!module || typeof module !== 'object') return null;
  const m = module as Record<string, unknown>;
  return WALK_FUNCTIONS.every((f) => typeof m[f] === 'function') && m.HEAP32 instanceof Int32Array ? (m as unknown as TreeWalkFunctions) : null;
}

/** tree-sitter's symbol for ERROR nodes (ts_builtin_sym_error); `language.types` has no name for it. */
const ERROR_SYMBOL = 65535;

const NAMED = 1;
const MISSING = 2;
const ERROR = 4;
/**
 * tree-sitter's `hasError`: the node or a descendant is ERROR or MISSING, hidden ones included (an `identifier`
 * whose hidden token is MISSING has an error but no child that is), so it is read from tree-sitter, not derived.
 */
const HAS_ERROR = 8;

export interface SyntaxTable {
  /** The source text (what the user wrote; the tree may have been parsed from the pre-parse pass's text of the same length). */
  readonly text: string;
  readonly count: number;
  /** Node type ids (the language's symbols; 65535 is ERROR). */
  readonly typeId: Uint16Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** Index of the parent, -1 for the root. */
  readonly parent: Int32Array;
  /** Index just past the node's subtree: its first child is index + 1 when that is smaller, its next sibling is `after` when the parent's subtree goes on. */
  readonly after: Int32Array;
  /**
   * The field the node fills in its parent (the language's field ids; 0 for none), as childForFieldName finds
   * it. The cursor also reports fields that a hidden node inside an ERROR node gave its children; an ERROR node
   * has no fields (its production has no field map), so those are dropped.
   */
  readonly field: Uint16Array;
  readonly flags: Uint8Array;
  /** Type names by id, as web-tree-sitter names them. */
  readonly typeNames: readonly (string | null)[];
  /** Field names by id (index 0 is none). */
  readonly fieldNames: readonly (string | null)[];
  /** How many ancestors the deepest node has: how deeply the file nests. */
  readonly maxDepth: number;
}

/** Named-ness by type id, learned once per language (it is a property of the symbol, aliases included). */
const namedByLanguage = new WeakMap<object, Int8Array>();

/**
 * Copies a tree into a table. `text` must be the text the tree's offsets speak of (the source; the pre-parse
 * text has the same length). Never throws for a live tree; the tree is not modified and stays owned by the caller.
 */
export function syntaxTableOf(tree: TreeSitter.Tree, text: string, functions: TreeWalkFunctions | null): SyntaxTable {
  const root = tree.rootNode;
  const capacity = root.descendantCount;
  const language = tree.language;
  const table = {
    text, count: 0,
    typeId: new Uint16Array(capacity), start: new Int32Array(capacity), end: new Int32Array(capacity), parent: new Int32Array(capacity),
    after: new Int32Array(capacity), field: new Uint16Array(capacity), flags: new Uint8Array(capacity),
    typeNames: language.types, fieldNames: language.fields, maxDepth: 0,
  };
  let named = namedByLanguage.get(language);
  if (!named) namedByLanguage.set(language, (named = new Int8Array(65536).fill(-1)));
  const withErrors = root.hasError;
  const count = functions ? walkWithFunctions(tree, functions, table, named, withErrors) : walkWithCursor(tree, table, named, withErrors);
  table.count = count;
  return table;
}

type MutableTable = { -readonly [K in keyof SyntaxTable]: SyntaxTable[K] };

function walkWithFunctions(tree: TreeSitter.Tree, c: TreeWalkFunctions, t: MutableTable, named: Int8Array, withErrors: boolean): number {
  if (!transferBuffers.has(c)) transferBuffers.set(c, c._ts_init());
  // The tree's address in wasm memory: the first argument of every binding function.
  const tp = (tree as unknown as Record<number, number>)[0];
  // The cursor lives in the transfer buffer from here on: moves write it back there and getters only read it,
  // so nothing is copied between calls. Nothing else may touch the runtime until the cursor is deleted.
  c._ts_tree_root_node_wasm(tp);
  c._ts_tree_cursor_new_wasm(tp);
  const stack: number[] = [];
  let i = 0;
  try {
    for (;;) {
      if (i >= t.typeId.length) grow(t);
      const type = c._ts_tree_cursor_current_node_type_id_wasm(tp);
      t.typeId[i] = type;
      t.start[i] = c._ts_tree_cursor_start_index_wasm(tp);
      t.end[i] = c._ts_tree_cursor_end_index_wasm(tp);
      t.field[i] = stack.length > 0 && t.typeId[stack[stack.length - 1]] === ERROR_SYMBOL ? 0 : c._ts_tree_cursor_current_field_id_wasm(tp);
      let isNamed = named[type];
      if (isNamed < 0) isNamed = named[type] = c._ts_tree_cursor_current_node_is_named_wasm(tp) ? 1 : 0;
      let flags = isNamed ? NAMED : 0;
      if (type === ERROR_SYMBOL) flags |= ERROR;
      // Only a node whose parent has an error can have one (the root's is known).
      const parent = stack.length > 0 ? stack[stack.length - 1] : -1;
      if (withErrors && (parent < 0 || t.flags[parent] & HAS_ERROR)) {
        if (c._ts_tree_cursor_current_node_is_missing_wasm(tp)) flags |= MISSING;
        if (parent < 0 || hasErrorAtCursor(c, tp)) flags |= HAS_ERROR;
      }
      t.flags[i] = flags;
      t.parent[i] = parent;
      const self = i++;
      if (c._ts_tree_cursor_goto_first_child_wasm(tp)) {
        stack.push(self);
        if (stack.length > t.maxDepth) t.maxDepth = stack.length;
        continue;
      }
      t.after[self] = i;
      while (!c._ts_tree_cursor_goto_next_sibling_wasm(tp)) {
        if (!c._ts_tree_cursor_goto_parent_wasm(tp)) return i;
        t.after[stack.pop()!] = i;
      }
    }
  } finally {
    c._ts_tree_cursor_delete_wasm(tp);
  }
}

/** Transfer buffer addresses by module (ts_init returns it; asked once, before any cursor lives there). */
const transferBuffers = new WeakMap<object, number>();

/**
 * Asks tree-sitter whether the cursor's node has an error. The node has to be copied into the transfer buffer,
 * where the cursor lives, so the cursor's four words are saved around the call and put back.
 */
function hasErrorAtCursor(c: TreeWalkFunctions, tp: number): boolean {
  const word = transferBuffers.get(c)! >> 2;
  let heap = c.HEAP32;
  const w0 = heap[word];
  const w1 = heap[word + 1];
  const w2 = heap[word + 2];
  const w3 = heap[word + 3];
  c._ts_tree_cursor_current_node_wasm(tp);
  const result = c._ts_node_has_error_wasm(tp) !== 0;
  heap = c.HEAP32;
  heap[word] = w0;
  heap[word + 1] = w1;
  heap[word + 2] = w2;
  heap[word + 3] = w3;
  return result;
}

/** The same walk through the public TreeCursor, for a runtime that does not export the functions above. */
function walkWithCursor(tree: TreeSitter.Tree, t: MutableTable, named: Int8Array, withErrors: boolean): number {
  const cursor = tree.walk();
  const stack: number[] = [];
  let i = 0;
  try {
    for (;;) {
      if (i >= t.typeId.length) grow(t);
      const type = cursor.nodeTypeId;
      t.typeId[i] = type;
      t.start[i] = cursor.startIndex;
      t.end[i] = cursor.endIndex;
      t.field[i] = stack.length > 0 && t.typeId[stack[stack.length - 1]] === ERROR_SYMBOL ? 0 : cursor.currentFieldId;
      let isNamed = named[type];
      if (isNamed < 0) isNamed = named[type] = cursor.nodeIsNamed ? 1 : 0;
      let flags = isNamed ? NAMED : 0;
      if (type === ERROR_SYMBOL) flags |= ERROR;
      const parent = stack.length > 0 ? stack[stack.length - 1] : -1;
      if (withErrors && (parent < 0 || t.flags[parent] & HAS_ERROR)) {
        if (cursor.nodeIsMissing) flags |= MISSING;
        if (parent < 0 || cursor.currentNode.hasError) flags |= HAS_ERROR;
      }
      t.flags[i] = flags;
      t.parent[i] = parent;
      const self = i++;
      if (cursor.gotoFirstChild()) {
        stack.push(self);
        if (stack.length > t.maxDepth) t.maxDepth = stack.length;
        continue;
      }
      t.after[self] = i;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return i;
        t.after[stack.pop()!] = i;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** descendantCount is exact, so this only runs if a runtime counts differently: the copy then still completes. */
function grow(t: MutableTable): void {
  const size = Math.max(16, t.typeId.length * 2);
  const widen = <A extends Uint16Array | Int32Array | Uint8Array>(a: A, make: (n: number) => A): A => {
    const b = make(size);
    b.set(a);
    return b;
  };
  t.typeId = widen(t.typeId, (n) => new Uint16Array(n));
  t.start = widen(t.start, (n) => new Int32Array(n));
  t.end = widen(t.end, (n) => new Int32Array(n));
  t.parent = widen(t.parent, (n) => new Int32Array(n));
  t.after = widen(t.after, (n) => new Int32Array(n));
  t.field = widen(t.field, (n) => new Uint16Array(n));
  t.flags = widen(t.flags, (n) => new Uint8Array(n));
}

/**
 * One node of a table, with the members of web-tree-sitter's Node that the model uses and the same answers.
 * Like web-tree-sitter's, every navigation returns a new object: compare nodes by `startIndex`/`index`, not identity.
 */
export class SyntaxNode {
  private childList: SyntaxNode[] | undefined;
  private namedChildList: SyntaxNode[] | undefined;

  constructor(readonly table: SyntaxTable, readonly index: number) {}

  get type(): string {
    const id = this.table.typeId[this.index];
    return this.table.typeNames[id] || 'ERROR';
  }

  get startIndex(): number {
    return this.table.start[this.index];
  }

  get endIndex(): number {
    return this.table.end[this.index];
  }

  get text(): string {
    return this.table.text.slice(this.table.start[this.index], this.table.end[this.index]);
  }

  get isNamed(): boolean {
    return (this.table.flags[this.index] & NAMED) !== 0;
  }

  get isMissing(): boolean {
    return (this.table.flags[this.index] & MISSING) !== 0;
  }

  get isError(): boolean {
    return (this.table.flags[this.index] & ERROR) !== 0;
  }

  get hasError(): boolean {
    return (this.table.flags[this.index] & HAS_ERROR) !== 0;
  }

  get parent(): SyntaxNode | null {
    const p = this.table.parent[this.index];
    return p < 0 ? null : new SyntaxNode(this.table, p);
  }

  get childCount(): number {
    let n = 0;
    for (let c = this.index + 1, end = this.table.after[this.index]; c < end; c = this.table.after[c]) n++;
    return n;
  }

  get children(): SyntaxNode[] {
    if (!this.childList) {
      const out: SyntaxNode[] = [];
      for (let c = this.index + 1, end = this.table.after[this.index]; c < end; c = this.table.after[c]) out.push(new SyntaxNode(this.table, c));
      this.childList = out;
    }
    return this.childList;
  }

  get namedChildren(): SyntaxNode[] {
    if (!this.namedChildList) {
      const out: SyntaxNode[] = [];
      const { after, flags } = this.table;
      for (let c = this.index + 1, end = after[this.index]; c < end; c = after[c]) if (flags[c] & NAMED) out.push(new SyntaxNode(this.table, c));
      this.namedChildList = out;
    }
    return this.namedChildList;
  }

  /** The first child filling the field, as ts_node_child_by_field_id finds it (extras never fill one). */
  childForFieldName(name: string): SyntaxNode | null {
    const id = this.table.fieldNames.indexOf(name);
    if (id <= 0) return null;
    const { after, field } = this.table;
    for (let c = this.index + 1, end = after[this.index]; c < end; c = after[c]) if (field[c] === id) return new SyntaxNode(this.table, c);
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    const id = this.table.fieldNames.indexOf(name);
    if (id <= 0) return [];
    const out: SyntaxNode[] = [];
    const { after, field } = this.table;
    for (let c = this.index + 1, end = after[this.index]; c < end; c = after[c]) if (field[c] === id) out.push(new SyntaxNode(this.table, c));
    return out;
  }

  /**
   * The node and its descendants of the given types, in document order, as web-tree-sitter's descendantsOfType
   * with its default range finds them (which passes over subtrees that end at offset 0).
   */
  descendantsOfType(types: string | readonly string[]): SyntaxNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const { typeNames, typeId, after, end } = this.table;
    const out: SyntaxNode[] = [];
    const last = after[this.index];
    for (let i = this.index; i < last;) {
      if (end[i] === 0) {
        i = after[i];
        continue;
      }
      if (wanted.includes(typeNames[typeId[i]] || 'ERROR')) out.push(new SyntaxNode(this.table, i));
      i++;
    }
    return out;
  }
}

/**
 * The first named child of the type, as `node.namedChildren.find((c) => c?.type === type)` finds it, without making
 * a node for every child (the model asks this of most declarations it reads).
 */
export function namedChildOfType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  const { after, flags, typeId, typeNames } = node.table;
  for (let c = node.index + 1, end = after[node.index]; c < end; c = after[c]) {
    if (flags[c] & NAMED && (typeNames[typeId[c]] || 'ERROR') === type) return new SyntaxNode(node.table, c);
  }
  return undefined;
}

/** Whether a row is a named node (SyntaxNode.isNamed without making the node). */
export function isNamedRow(table: SyntaxTable, index: number): boolean {
  return (table.flags[index] & NAMED) !== 0;
}

/** The root of a table. */
export function rootOf(table: SyntaxTable): SyntaxNode {
  return new SyntaxNode(table, 0);
}
