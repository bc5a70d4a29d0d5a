// The parse layer: parse never throws, trees are reusable incrementally, and incremental re-parses give
// the same tree as a fresh parse.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot } from './support';
import { applyEdit, parse } from '../../server/src/parse/parser';
import { lineIndexOf, offsetAt, positionAt, lineText } from '../../server/src/parse/lines';
import { GRAMMAR_INFO } from '../../server/src/parse/grammar';

before(ready);

const sample = `using System.Threading.Tasks;
class C {
  async Task<int> M(int x) { var y = await F(x); return y + 1; }
  Task<int> F(int x) => Task.FromResult(x);
}
`;

test('parse returns a tree for valid, broken, empty and binary-looking input without throwing', () => {
  for (const text of [sample, '', 'class { async Task M( { await ; } }}}', '\u0000\u0001\uffff', 'é😀'.repeat(1000), '{'.repeat(5000)]) {
    const r = parse(text);
    assert.ok(r.tree, r.error);
    r.tree!.delete();
  }
});

test('incremental edits give the same tree as a fresh parse', () => {
  let text = sample;
  let tree = parse(text).tree!;
  const edits = [
    { find: 'return y + 1;', replace: 'return y + 2;' },
    { find: 'var y = await F(x);', replace: 'var y = await F(x); await Task.Yield();' },
    { find: 'class C {', replace: 'class C { // é😀 unicode before the edit point\n' },
    { find: 'Task<int> F', replace: 'static Task<int> F' },
  ];
  for (const e of edits) {
    const start = text.indexOf(e.find);
    text = applyEdit(tree, text, { start, oldEnd: start + e.find.length, newText: e.replace });
    const next = parse(text, tree).tree!;
    tree.delete();
    tree = next;
    const fresh = parse(text).tree!;
    assert.equal(tree.rootNode.toString(), fresh.rootNode.toString(), `after replacing ${e.find}`);
    fresh.delete();
  }
  tree.delete();
});

test('node indices are UTF-16 offsets, the unit JS strings and LSP use', () => {
  const text = '// é😀\nclass D { }';
  const tree = parse(text).tree!;
  const cls = tree.rootNode.descendantsOfType('class_declaration')[0]!;
  assert.equal(cls.startIndex, text.indexOf('class'));
  tree.delete();
});

test('line index converts offsets and positions both ways, with CRLF and CR', () => {
  const text = 'a\r\nbc\rd\ne';
  const idx = lineIndexOf(text);
  assert.deepEqual(positionAt(idx, text.indexOf('d')), { line: 2, column: 0 });
  assert.equal(offsetAt(idx, { line: 1, column: 1 }, text.length), text.indexOf('c'));
  assert.equal(lineText(text, idx, 1), 'bc');
});

test('the grammar record names the pinned versions', () => {
  const versionOf = (pkg: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  assert.equal(GRAMMAR_INFO.treeSitterCSharp, versionOf('tree-sitter-c-sharp'));
  assert.equal(GRAMMAR_INFO.webTreeSitter, versionOf('web-tree-sitter'));
  const wasm = fs.readFileSync(path.join(repoRoot, 'node_modules', 'tree-sitter-c-sharp', GRAMMAR_INFO.grammarWasm));
  assert.equal(crypto.createHash('sha256').update(wasm).digest('hex'), GRAMMAR_INFO.grammarWasmSha256);
});
