// The parse layer: parse never throws, trees are reusable incrementally, and incremental re-parses give
// the same tree as a fresh parse.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot } from './support';
import { applyEdit, parse, spliceText } from '../../server/src/parse/parser';
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

test('incremental edits give the same tree as a fresh parse, also where the pre-parse text changes away from the edit', () => {
  let text = sample;
  let first = parse(text);
  let tree = first.tree!;
  let parseText = first.prepared!.parseText;
  const edits = [
    { find: 'return y + 1;', replace: 'return y + 2;' },
    { find: 'var y = await F(x);', replace: 'var y = await F(x); await Task.Yield();' },
    { find: 'class C {', replace: 'class C { // é😀 unicode before the edit point\n' },
    { find: 'Task<int> F', replace: 'static Task<int> F' },
    // An `#if` blanks the rest of the file until an #endif: the pre-parse text changes far below the edit.
    { find: '  static Task<int> F', replace: '#if NOT_DEFINED\n  static Task<int> F' },
    { find: 'Task.FromResult(x);\n', replace: 'Task.FromResult(x);\n#endif\n' },
    // `async` turns from a modifier into an identifier when a type is typed before it.
    { find: 'async Task<int> M(int x)', replace: 'Task<int> M(bool async, int x)' },
    { find: 'return y + 2;', replace: 'return async ? y : 2;' },
  ];
  for (const e of edits) {
    const start = text.indexOf(e.find);
    assert.ok(start >= 0, e.find);
    const change = { start, oldEnd: start + e.find.length, newText: e.replace };
    text = applyEdit(tree, text, change);
    parseText = spliceText(parseText, change);
    const next = parse(text, { tree, parseText });
    tree.delete();
    tree = next.tree!;
    parseText = next.prepared!.parseText;
    const fresh = parse(text).tree!;
    assert.equal(tree.rootNode.toString(), fresh.rootNode.toString(), `after replacing ${e.find}`);
    fresh.delete();
  }
  // Mid-way the open #if blanks the class's closing brace; once the #endif is typed it all parses again.
  assert.equal(tree.rootNode.hasError, false);
  tree.delete();
});

test('node text reads the source as written where the parser saw a rewritten or blanked text', () => {
  const text = 'class C {\n  void M(bool async) {\n#if NOT_DEFINED\n    Gone();\n#endif\n    if (async) Run(async: true);\n  }\n}\n';
  const r = parse(text);
  assert.ok(r.tree);
  assert.equal(r.tree!.rootNode.hasError, false);
  const params = r.tree!.rootNode.descendantsOfType('parameter').map((p) => p!.text);
  assert.deepEqual(params, ['bool async']);
  const calls = r.tree!.rootNode.descendantsOfType('invocation_expression').map((c) => c!.text);
  assert.deepEqual(calls, ['Run(async: true)'], 'the call in the inactive branch is not in the tree');
  assert.equal(r.prepared.parseText.length, text.length);
  r.tree!.delete();
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
