// The JavaScript copy of a tree (parse/syntaxTable.ts) must answer every question the model asks exactly as
// web-tree-sitter's own nodes do: compared node by node on every C# fixture, on the same texts cut short (which
// leaves ERROR and MISSING nodes), and on any extra folders named in ASYNCLENS_SYNTAX_TABLE_DIRS (separated by
// the path delimiter), which is how a grammar or runtime upgrade is checked against real code.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type * as TreeSitter from 'web-tree-sitter';
import { listFiles, ready, repoRoot } from './support';
import { parse, tableOf } from '../../server/src/parse/parser';
import { SyntaxNode, rootOf, syntaxTableOf } from '../../server/src/parse/syntaxTable';

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
