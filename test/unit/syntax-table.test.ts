// The JavaScript copy of a tree (parse/syntaxTable.ts) must answer every question the model asks exactly as
// web-tree-sitter's own nodes do: compared node by node on every C# fixture, on the same texts cut short (which
// leaves ERROR and MISSING nodes), and on any extra folders named in ASYNCLENS_SYNTAX_TABLE_DIRS (separated by
// the path delimiter), which is how a grammar or runtime upgrade is checked against real code. A table spliced after
// an edit from the previous tree's table (the language server's re-parse) must equal a fresh copy of the new tree:
// checked over random edits of every fixture, and of the extra folders' files too (ASYNCLENS_SPLICE_SEED picks
// their edits).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type * as TreeSitter from 'web-tree-sitter';
import { listFiles, ready, repoRoot } from './support';
import { applyEdit, parse, spliceText, splicedTable, tableOf, type SyntaxTable, type TextChange } from '../../server/src/parse/parser';
import { SyntaxNode, rootOf, syntaxTableOf } from '../../server/src/parse/syntaxTable';
import { mulberry32 } from './seededRandom';

before(ready);

/** Compares the copy with the wasm tree; returns the first difference, or null. */
function differences(tree: TreeSitter.Tree, text: string, slowWalk = false): string | null {
  const table = slowWalk ? syntaxTableOf(tree, text, null) : tableOf(tree, text);
  const fields = tree.language.fields.map((f, id) => ({ f, id })).filter((x): x is { f: string; id: number } => typeof x.f === 'string');
  // Preorder over the wasm tree through `children`, the same order the copy is in.
  const order: TreeSitter.Node[] = [];
  const indexOfId = new Map<number, number>();
  const visit = (n: TreeSitter.Node) => {
    indexOfId.set(n.id, order.length);
    order.push(n);
    for (const c of n.children) if (c) visit(c);
  };
  visit(tree.rootNode);
  if (order.length !== table.count) return `node count ${table.count}, tree-sitter has ${order.length}`;
  const at = (n: TreeSitter.Node | null | undefined) => (n ? indexOfId.get(n.id) ?? -2 : -1);
  for (let i = 0; i < order.length; i++) {
    const w = order[i];
    const t = new SyntaxNode(table, i);
    const where = `node ${i} (${w.type} at ${w.startIndex})`;
    const scalar: [string, unknown, unknown][] = [
      ['type', t.type, w.type], ['startIndex', t.startIndex, w.startIndex], ['endIndex', t.endIndex, w.endIndex], ['text', t.text, w.text],
      ['isNamed', t.isNamed, w.isNamed], ['isMissing', t.isMissing, w.isMissing], ['isError', t.isError, w.isError], ['hasError', t.hasError, w.hasError],
      ['childCount', t.childCount, w.childCount], ['parent', t.parent?.index ?? -1, at(w.parent)],
      ['children', t.children.map((c) => c.index).join(), w.children.map(at).join()],
      ['namedChildren', t.namedChildren.map((c) => c.index).join(), w.namedChildren.map(at).join()],
    ];
    for (const [what, mine, theirs] of scalar) if (mine !== theirs) return `${where}: ${what} ${JSON.stringify(mine)}, tree-sitter ${JSON.stringify(theirs)}`;
    if (w.childCount === 0) continue;
    for (const { f } of fields) {
      const mine = t.childForFieldName(f)?.index ?? -1;
      const theirs = at(w.childForFieldName(f));
      // tree-sitter-c-sharp's constant_pattern inherits the fields of the invocation it holds, and
      // ts_node_child_by_field_id follows them into that (visible) child; the cursor, and so the copy, gives
      // constant_pattern no fields. The model never asks a pattern for `function` or `arguments`.
      if (mine === -1 && w.type === 'constant_pattern' && w.children[0]?.type === 'invocation_expression' && w.children[0].childForFieldName(f)) continue;
      if (mine !== theirs) return `${where}: childForFieldName(${f}) ${mine}, tree-sitter ${theirs}`;
    }
    if (i === 0 || /declaration|expression|statement/.test(w.type)) {
      for (const types of [['identifier'], ['invocation_expression', 'await_expression'], ['ERROR']]) {
        const mine = t.descendantsOfType(types).map((n) => n.index).join();
        const theirs = w.descendantsOfType(types).map(at).join();
        if (mine !== theirs) return `${where}: descendantsOfType(${types}) ${mine}, tree-sitter ${theirs}`;
      }
    }
  }
  if (rootOf(table).index !== 0) return 'root is not node 0';
  return null;
}

function check(file: string, text: string, slowWalk = false): void {
  const r = parse(text);
  assert.ok(r.tree, `${file}: ${r.error}`);
  try {
    const diff = differences(r.tree!, text, slowWalk);
    assert.equal(diff, null, `${file}: ${diff}`);
  } finally {
    r.tree!.delete();
  }
}

const fixtures = listFiles(path.join(repoRoot, 'test', 'fixtures'), '.cs');

test('the copy answers as tree-sitter does on every fixture', () => {
  assert.ok(fixtures.length > 50, 'the fixtures are where they should be');
  for (const f of fixtures) check(f, fs.readFileSync(f, 'utf8'));
});

test('the copy answers as tree-sitter does on code with syntax errors', () => {
  let withErrors = 0;
  for (const f of fixtures.slice(0, 40)) {
    const text = fs.readFileSync(f, 'utf8');
    // Cutting a file short at a few places leaves unclosed blocks (MISSING) and stray tokens (ERROR).
    for (const fraction of [0.3, 0.55, 0.8]) {
      const cut = text.slice(0, Math.floor(text.length * fraction)) + ' ) ] await ; class { ';
      const r = parse(cut);
      if (r.tree?.rootNode.hasError) withErrors++;
      r.tree?.delete();
      check(`${f} cut at ${fraction}`, cut);
    }
  }
  assert.ok(withErrors > 20, `the cut texts have syntax errors (${withErrors})`);
});

test('the cursor fallback builds the same copy as the direct walk', () => {
  for (const f of fixtures.slice(0, 10)) check(f, fs.readFileSync(f, 'utf8'), true);
});

test('extra folders named in ASYNCLENS_SYNTAX_TABLE_DIRS', { skip: !process.env.ASYNCLENS_SYNTAX_TABLE_DIRS && 'set ASYNCLENS_SYNTAX_TABLE_DIRS to compare on more code' }, () => {
  for (const dir of (process.env.ASYNCLENS_SYNTAX_TABLE_DIRS ?? '').split(path.delimiter).filter(Boolean)) {
    for (const f of listFiles(dir, '.cs')) check(f, fs.readFileSync(f, 'utf8'));
  }
});

/** The first difference between two tables of one tree, or null. */
function tableDifference(spliced: SyntaxTable, fresh: SyntaxTable): string | null {
  if (spliced.count !== fresh.count) return `count ${spliced.count}, fresh ${fresh.count}`;
  if (spliced.text !== fresh.text) return 'text differs';
  if (spliced.maxDepth !== fresh.maxDepth) return `maxDepth ${spliced.maxDepth}, fresh ${fresh.maxDepth}`;
  for (const column of ['typeId', 'start', 'end', 'parent', 'after', 'field', 'flags'] as const) {
    for (let i = 0; i < fresh.count; i++) if (spliced[column][i] !== fresh[column][i]) return `${column}[${i}] ${spliced[column][i]}, fresh ${fresh[column][i]} (${fresh.typeNames[fresh.typeId[i]]} at ${fresh.start[i]})`;
  }
  return null;
}

/** mulberry32: the edits are the same on every run. */
const generator = mulberry32;

// What a person types, and what changes the parse far from the keystroke: comments and strings that open and close,
// braces, directives (the pre-parse pass blanks a whole #if branch), `async` and `await`.
const TYPED = ['x', ' ', '1', ';', '\n', '{', '}', '(', ')', '"', '/*', '*/', '//', '\n#if DEBUG\n', '\n#endif\n', 'async ', 'await ', '<', '>', '.Result', '@"', '$"{'];

/** How often a sequence of random edits was spliced, and how often it fell back to a whole copy. */
interface SpliceCount { spliced: number; whole: number }

/**
 * Six re-parses of one file, each after one or two random edits, as a document in the editor takes them: every
 * table spliced from the previous one must equal a fresh copy of the new tree.
 */
function checkSplices(file: string, original: string, random: () => number, count: SpliceCount): void {
  let text = original;
  const outcome = parse(text);
  assert.ok(outcome.tree, `${file}: ${outcome.error}`);
  let tree = outcome.tree!;
  let copy = { table: tableOf(tree, text), parseText: outcome.prepared!.parseText };
  const history: TextChange[][] = [];
  try {
    for (let step = 0; step < 6; step++) {
      // One or two edits before each re-parse, as a document can take several changes between analyses.
      let parseText = copy.parseText;
      const edits: TextChange[] = [];
      for (let n = random() < 0.3 ? 2 : 1; n > 0; n--) {
        const at = Math.floor(random() * (text.length + 1));
        const removed = random() < 0.4 ? Math.min(text.length - at, Math.floor(random() * 12)) : 0;
        const change: TextChange = { start: at, oldEnd: at + removed, newText: random() < 0.25 ? '' : TYPED[Math.floor(random() * TYPED.length)] };
        edits.push(change);
        parseText = spliceText(parseText, change);
        text = applyEdit(tree, text, change);
      }
      history.push(edits);
      const previous = { tree, parseText, copy };
      const next = parse(text, previous);
      assert.ok(next.tree, `${file}: ${next.error}`);
      const fresh = tableOf(next.tree!, text);
      const table = splicedTable(next, text, previous);
      if (table) {
        count.spliced++;
        const diff = tableDifference(table, fresh);
        // Every step's edits, so that a failure can be replayed from the original file alone.
        assert.equal(diff, null, `${file} after the edits ${JSON.stringify(history)} (one list per re-parse): ${diff}`);
      } else count.whole++;
      tree.delete();
      tree = next.tree!;
      copy = { table: fresh, parseText: next.prepared!.parseText };
    }
  } finally {
    tree.delete();
  }
}

// Seeds 24 and 30 give edits that meet a blind spot of tree-sitter's changed ranges (an error node re-parsed to a
// different token over the same span, reported by no range; with 30 after an edit that changed nothing): without
// syntaxTable.ts `widenedToErrors` their splices differ from the fresh copy.
for (const seed of [20261203, 24, 30]) {
  test(`a table spliced after edits equals a fresh copy of the new tree, on every fixture (seed ${seed})`, () => {
    const random = generator(seed);
    const count: SpliceCount = { spliced: 0, whole: 0 };
    for (const file of fixtures) checkSplices(file, fs.readFileSync(file, 'utf8'), random, count);
    // A tree that keeps the previous one's shape around the edit is spliced, errors or not: each seed gives about
    // 1,700 such trees of about 1,730 (the rest fall back to a whole copy). The test would say nothing if every one
    // fell back to the copy.
    assert.ok(count.spliced >= 1500, `spliced ${count.spliced}, copied whole ${count.whole}`);
  });
}

test('tables spliced after edits of the files in ASYNCLENS_SYNTAX_TABLE_DIRS', { skip: !process.env.ASYNCLENS_SYNTAX_TABLE_DIRS && 'set ASYNCLENS_SYNTAX_TABLE_DIRS to compare on more code' }, () => {
  const random = generator(Number(process.env.ASYNCLENS_SPLICE_SEED) || 20261203);
  const count: SpliceCount = { spliced: 0, whole: 0 };
  for (const dir of (process.env.ASYNCLENS_SYNTAX_TABLE_DIRS ?? '').split(path.delimiter).filter(Boolean)) {
    for (const f of listFiles(dir, '.cs')) checkSplices(f, fs.readFileSync(f, 'utf8'), random, count);
  }
  console.log(`spliced ${count.spliced}, copied whole ${count.whole}`);
});
