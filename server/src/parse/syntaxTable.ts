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
  try {
    return copySubtree(c, tp, t, named, withErrors, TREE_ROOT);
  } finally {
    c._ts_tree_cursor_delete_wasm(tp);
  }
}

/** What a copy of a subtree needs to know of the node above it: whether it is an ERROR node, whether it has an error. */
interface SubtreeParent {
  isError: boolean;
  hasError: boolean;
  /** There is none: the subtree is the whole tree (whose root's error is known, not asked). */
  none: boolean;
}

const TREE_ROOT: SubtreeParent = { isError: false, hasError: true, none: true };

/**
 * Copies the subtree of the cursor's node into `t`'s rows from 0, in preorder (the parent of its first row is -1),
 * and returns how many rows it wrote; the cursor ends back on that node. `t.maxDepth` gets the subtree's depth.
 */
function copySubtree(c: TreeWalkFunctions, tp: number, t: MutableTable, named: Int8Array, withErrors: boolean, above: SubtreeParent): number {
  const stack: number[] = [];
  let i = 0;
  for (;;) {
    if (i >= t.typeId.length) grow(t);
    const type = c._ts_tree_cursor_current_node_type_id_wasm(tp);
    t.typeId[i] = type;
    t.start[i] = c._ts_tree_cursor_start_index_wasm(tp);
    t.end[i] = c._ts_tree_cursor_end_index_wasm(tp);
    const parent = stack.length > 0 ? stack[stack.length - 1] : -1;
    t.field[i] = (parent >= 0 ? t.typeId[parent] === ERROR_SYMBOL : above.isError) ? 0 : c._ts_tree_cursor_current_field_id_wasm(tp);
    let isNamed = named[type];
    if (isNamed < 0) isNamed = named[type] = c._ts_tree_cursor_current_node_is_named_wasm(tp) ? 1 : 0;
    let flags = isNamed ? NAMED : 0;
    if (type === ERROR_SYMBOL) flags |= ERROR;
    // Only a node whose parent has an error can have one (the root's is known).
    if (withErrors && (parent >= 0 ? (t.flags[parent] & HAS_ERROR) !== 0 : above.hasError)) {
      if (c._ts_tree_cursor_current_node_is_missing_wasm(tp)) flags |= MISSING;
      if ((parent < 0 && above.none) || hasErrorAtCursor(c, tp)) flags |= HAS_ERROR;
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
    // Back up to the next sibling, ending at the subtree's own node, whose siblings are not its to copy.
    for (;;) {
      if (stack.length === 0) return i;
      if (c._ts_tree_cursor_goto_next_sibling_wasm(tp)) break;
      if (!c._ts_tree_cursor_goto_parent_wasm(tp)) return i;
      t.after[stack.pop()!] = i;
    }
  }
}

/** A text region in the two coordinate systems of an edit: before it (the previous table's) and after it (the new tree's). */
export interface EditedRegion {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * The table of `tree` made from `previous`, the table of the tree it was incrementally re-parsed from, by copying
 * only the subtree the edit touched. After a keystroke in a 10,000-line file the copy of the whole tree was most of a
 * keystroke's model (37 ms of about 110, measured in the language server's profile); the rows of everything the edit
 * did not touch are the previous table's, moved.
 *
 * `region` is where the new tree may differ from the old one (parser.ts `splicedTable`: where the texts tree-sitter
 * parsed differ, widened to tree-sitter's changed ranges, which can lie outside it: typing `/*` comments out what
 * follows), null when nothing differs. The smallest node strictly containing it, found down the same path in the old
 * table and the new tree, is copied afresh; the rows before it are the old ones, its ancestors' ends and subtree
 * bounds moved; the rows after it are the old ones moved by the length of the edit. Null when the two paths disagree
 * or the runtime lacks the functions the walk calls: the caller then copies the whole tree.
 * test/unit/syntax-table.test.ts checks every splice against a fresh copy over random edits.
 */
export function splicedTableOf(tree: TreeSitter.Tree, text: string, functions: TreeWalkFunctions | null, previous: SyntaxTable, region: EditedRegion | null): SyntaxTable | null {
  if (!functions || previous.count === 0) return null;
  if (!region) return { ...previous, text };
  // The old table's path from the root to the smallest node strictly containing the region (old coordinates).
  const path: number[] = [0];
  for (;;) {
    const at = path[path.length - 1];
    let inner = -1;
    for (let c = at + 1, end = previous.after[at]; c < end; c = previous.after[c]) {
      if (previous.start[c] < region.start && previous.end[c] > region.oldEnd) {
        inner = c;
        break;
      }
      if (previous.start[c] >= region.start) break;
    }
    if (inner < 0) break;
    path.push(inner);
  }
  const delta = region.newEnd - region.oldEnd;
  const splice = walkSplicedSubtree(tree, functions, previous, path, delta);
  if (!splice) return null;
  return assembled(previous, text, path, splice, delta);
}

/**
 * `region` widened to cover every node of the previous table that holds a syntax error: each ERROR or MISSING node,
 * and each node that has an error none of its children shows (a hidden MISSING token); a null region (the texts are
 * the same) becomes the span of those nodes. tree-sitter re-parses error nodes rather than reusing them, and its
 * changed ranges can miss what that re-parse changed inside one: an ERROR node that held a `finally` keyword held an
 * `identifier` over the same span after an edit 870 characters before it in a real file, and after an edit that
 * changed nothing in a fixture, each time with no changed range reported (found by syntax-table.test.ts's random
 * edits). With the old error nodes inside the region, the splice copies them afresh.
 */
export function widenedToErrors(previous: SyntaxTable, region: EditedRegion | null): EditedRegion | null {
  if (previous.count === 0 || (previous.flags[0] & HAS_ERROR) === 0) return region;
  let start = region?.start ?? Infinity;
  let oldEnd = region?.oldEnd ?? -Infinity;
  for (let r = 0; r < previous.count;) {
    if ((previous.flags[r] & HAS_ERROR) === 0) {
      r = previous.after[r];
      continue;
    }
    let childWithError = false;
    if ((previous.flags[r] & (ERROR | MISSING)) === 0) {
      for (let c = r + 1; c < previous.after[r]; c = previous.after[c]) {
        if (previous.flags[c] & HAS_ERROR) {
          childWithError = true;
          break;
        }
      }
    }
    if (childWithError) {
      r++;
      continue;
    }
    start = Math.min(start, previous.start[r]);
    oldEnd = Math.max(oldEnd, previous.end[r]);
    r = previous.after[r];
  }
  return start > oldEnd ? region : { start, oldEnd, newEnd: oldEnd + (region ? region.newEnd - region.oldEnd : 0) };
}

/** The rows of the new tree's node at the end of `path`, copied afresh, and the new flags of the nodes above it on the path. */
interface SplicedSubtree {
  /** Row 0 is the node itself (parent -1: the path's last ancestor); parents and `after` count from it. */
  rows: MutableTable;
  /** The flags of the path's nodes above the subtree, in the new tree (HAS_ERROR can change). */
  pathFlags: number[];
}

/**
 * Walks the new tree down the same path as `path` in the old table (each step: the child at the same start, with the
 * same type and field, ending `delta` later) and copies the subtree of its last node. Null where they disagree.
 */
function walkSplicedSubtree(tree: TreeSitter.Tree, c: TreeWalkFunctions, previous: SyntaxTable, path: readonly number[], delta: number): SplicedSubtree | null {
  if (!transferBuffers.has(c)) transferBuffers.set(c, c._ts_init());
  const tp = (tree as unknown as Record<number, number>)[0];
  const withErrors = tree.rootNode.hasError;
  const named = namedByLanguage.get(tree.language);
  if (!named) return null;
  c._ts_tree_root_node_wasm(tp);
  c._ts_tree_cursor_new_wasm(tp);
  try {
    const pathFlags: number[] = [];
    let parentHasError = true;
    for (let depth = 0; depth < path.length; depth++) {
      const row = path[depth];
      if (depth > 0) {
        // Siblings before the path's node are unchanged, so the node is the first child at its old start.
        if (!c._ts_tree_cursor_goto_first_child_wasm(tp)) return null;
        while (c._ts_tree_cursor_start_index_wasm(tp) < previous.start[row]) if (!c._ts_tree_cursor_goto_next_sibling_wasm(tp)) return null;
      }
      if (c._ts_tree_cursor_start_index_wasm(tp) !== previous.start[row] || c._ts_tree_cursor_end_index_wasm(tp) !== previous.end[row] + delta
        || c._ts_tree_cursor_current_node_type_id_wasm(tp) !== previous.typeId[row]) return null;
      const parentIsError = depth > 0 && previous.typeId[path[depth - 1]] === ERROR_SYMBOL;
      if ((parentIsError ? 0 : c._ts_tree_cursor_current_field_id_wasm(tp)) !== previous.field[row]) return null;
      if (depth === path.length - 1) break;
      let flags = previous.flags[row] & ~(HAS_ERROR | MISSING);
      if (withErrors && parentHasError) {
        if (c._ts_tree_cursor_current_node_is_missing_wasm(tp)) flags |= MISSING;
        if (depth === 0 || hasErrorAtCursor(c, tp)) flags |= HAS_ERROR;
      }
      parentHasError = (flags & HAS_ERROR) !== 0;
      pathFlags.push(flags);
    }
    const last = path[path.length - 1];
    const size = Math.max(16, (previous.after[last] - last) * 2);
    const rows: MutableTable = {
      text: '', count: 0,
      typeId: new Uint16Array(size), start: new Int32Array(size), end: new Int32Array(size), parent: new Int32Array(size),
      after: new Int32Array(size), field: new Uint16Array(size), flags: new Uint8Array(size),
      typeNames: previous.typeNames, fieldNames: previous.fieldNames, maxDepth: 0,
    };
    const above: SubtreeParent = { isError: path.length > 1 && previous.typeId[path[path.length - 2]] === ERROR_SYMBOL, hasError: parentHasError, none: path.length === 1 };
    rows.count = copySubtree(c, tp, rows, named, withErrors, above);
    return { rows, pathFlags };
  } finally {
    c._ts_tree_cursor_delete_wasm(tp);
  }
}

/** The new table: the old rows before the subtree (the path's nodes moved), the new subtree, the old rows after it moved. */
function assembled(previous: SyntaxTable, text: string, path: readonly number[], splice: SplicedSubtree, delta: number): SyntaxTable {
  const { rows } = splice;
  const first = path[path.length - 1];
  const oldAfter = previous.after[first];
  const shift = rows.count - (oldAfter - first);
  const count = previous.count + shift;
  const typeId = new Uint16Array(count);
  const start = new Int32Array(count);
  const end = new Int32Array(count);
  const parent = new Int32Array(count);
  const after = new Int32Array(count);
  const field = new Uint16Array(count);
  const flags = new Uint8Array(count);
  // Before the subtree: the old rows; the path's nodes (the only ones whose subtree holds it) end later and span more rows.
  typeId.set(previous.typeId.subarray(0, first));
  start.set(previous.start.subarray(0, first));
  end.set(previous.end.subarray(0, first));
  parent.set(previous.parent.subarray(0, first));
  after.set(previous.after.subarray(0, first));
  field.set(previous.field.subarray(0, first));
  flags.set(previous.flags.subarray(0, first));
  for (let k = 0; k < path.length - 1; k++) {
    const row = path[k];
    end[row] += delta;
    after[row] += shift;
    flags[row] = splice.pathFlags[k];
  }
  // The subtree, copied afresh.
  typeId.set(rows.typeId.subarray(0, rows.count), first);
  start.set(rows.start.subarray(0, rows.count), first);
  end.set(rows.end.subarray(0, rows.count), first);
  field.set(rows.field.subarray(0, rows.count), first);
  flags.set(rows.flags.subarray(0, rows.count), first);
  const subtreeParent = previous.parent[first];
  for (let k = 0; k < rows.count; k++) {
    parent[first + k] = rows.parent[k] < 0 ? subtreeParent : rows.parent[k] + first;
    after[first + k] = rows.after[k] + first;
  }
  // After the subtree: the old rows, every offset moved by the edit's length and every row index by the subtree's growth.
  const tail = first + rows.count;
  typeId.set(previous.typeId.subarray(oldAfter), tail);
  field.set(previous.field.subarray(oldAfter), tail);
  flags.set(previous.flags.subarray(oldAfter), tail);
  for (let k = oldAfter, j = tail; k < previous.count; k++, j++) {
    start[j] = previous.start[k] + delta;
    end[j] = previous.end[k] + delta;
    const p = previous.parent[k];
    parent[j] = p < first ? p : p + shift;
    after[j] = previous.after[k] + shift;
  }
  // How deeply the file nests, exactly as a fresh copy counts it (the replaced subtree may have held the deepest node).
  const depth = new Int32Array(count);
  let maxDepth = 0;
  for (let k = 1; k < count; k++) {
    const d = depth[parent[k]] + 1;
    depth[k] = d;
    if (d > maxDepth) maxDepth = d;
  }
  return { text, count, typeId, start, end, parent, after, field, flags, typeNames: previous.typeNames, fieldNames: previous.fieldNames, maxDepth };
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
