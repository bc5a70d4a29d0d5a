// The TextMate injection grammar, tokenized the way VS Code does (vscode-textmate on oniguruma) on top of a
// test-only C# grammar with the real grammar's comment and preprocessor scopes: suppression comments and
// pragmas get their scopes, and nothing else changes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar, type StateStack } from 'vscode-textmate';
import { repoRoot } from './support';

const INJECTION = path.join(repoRoot, 'syntaxes', 'asynclens-injection.tmLanguage.json');
const BASE = path.join(repoRoot, 'test', 'fixtures', 'grammar', 'csharp-minimal.tmLanguage.json');

const KEYWORD = 'keyword.other.directive.suppression.asynclens';
const RULE_ID = 'constant.other.rule-id.asynclens';

let csharp: IGrammar;

before(async () => {
  const wasm = fs.readFileSync(path.join(repoRoot, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const injectionScope = JSON.parse(fs.readFileSync(INJECTION, 'utf8')).scopeName as string;
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      const file = scopeName === 'source.cs' ? BASE : scopeName === injectionScope ? INJECTION : undefined;
      return file ? parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
    },
    // VS Code does the same for a grammar contributed with `injectTo: ["source.cs"]`.
    getInjections: (scopeName) => (scopeName === 'source.cs' ? [injectionScope] : undefined),
  });
  const grammar = await registry.loadGrammar('source.cs');
  assert.ok(grammar, 'the C# test grammar loads');
  csharp = grammar;
});

interface Token { text: string; scopes: string[] }

/** Tokenizes lines in order, carrying the rule stack from line to line as the editor does. */
function tokenize(...lines: string[]): Token[][] {
  let state: StateStack = INITIAL;
  return lines.map((line) => {
    const result = csharp.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** The scopes of the token whose text is exactly `text`; fails if the tokenizer split or merged it. */
function scopesOf(tokens: Token[], text: string): string[] {
  const token = tokens.find((t) => t.text === text);
  assert.ok(token, `no token "${text}" in ${JSON.stringify(tokens.map((t) => t.text))}`);
  return token.scopes;
}

function injectedScopes(tokens: Token[]): string[] {
  return tokens.flatMap((t) => t.scopes).filter((s) => s.endsWith('.asynclens'));
}

test('the grammar file declares the scope name the manifest contributes', () => {
  const grammar = JSON.parse(fs.readFileSync(INJECTION, 'utf8'));
  assert.equal(grammar.scopeName, 'asynclens.injection');
  assert.match(grammar.injectionSelector, /comment\.line\.double-slash\.cs/);
  assert.match(grammar.injectionSelector, /meta\.preprocessor\.cs/);
});

test('disable-next-line: the directive is a keyword and each id a rule id, inside the comment', () => {
  const [tokens] = tokenize('// asynclens-disable-next-line ASY001, ASY002');
  const keyword = scopesOf(tokens, 'asynclens-disable-next-line');
  assert.ok(keyword.includes(KEYWORD));
  assert.ok(keyword.includes('comment.line.double-slash.cs'), 'stays inside the comment scope');
  for (const id of ['ASY001', 'ASY002']) {
    const scopes = scopesOf(tokens, id);
    assert.ok(scopes.includes(RULE_ID), `${id}: ${scopes.join(' ')}`);
    assert.ok(scopes.includes('comment.line.double-slash.cs'));
  }
  assert.deepEqual(scopesOf(tokens, '//'), ['source.cs', 'comment.line.double-slash.cs', 'punctuation.definition.comment.cs']);
});

test('disable-line at the end of a statement, in any letter case, with `all`', () => {
  const [tokens] = tokenize('        var x = task.Result; // AsyncLens-Disable-Line all');
  assert.ok(scopesOf(tokens, 'AsyncLens-Disable-Line').includes(KEYWORD));
  assert.ok(scopesOf(tokens, 'all').includes(RULE_ID));
});

test('#pragma warning disable/restore: ids are rule ids and the directive keeps the C# keyword scopes', () => {
  const [disable, restore] = tokenize('#pragma warning disable ASY001, ASY004', '    #pragma warning restore asy001 // blocking is fine here');
  for (const [word, scope] of [['pragma', 'keyword.preprocessor.pragma.cs'], ['warning', 'keyword.preprocessor.warning.cs'], ['disable', 'keyword.preprocessor.disable.cs']]) {
    const scopes = scopesOf(disable, word);
    assert.ok(scopes.includes(scope), `${word}: ${scopes.join(' ')}`);
    assert.ok(scopes.includes('meta.preprocessor.cs'));
  }
  for (const id of ['ASY001', 'ASY004']) {
    const scopes = scopesOf(disable, id);
    assert.ok(scopes.includes(RULE_ID), `${id}: ${scopes.join(' ')}`);
    assert.ok(scopes.includes('meta.preprocessor.cs'));
  }
  assert.ok(scopesOf(disable, ',').includes('punctuation.separator.comma.cs'));
  assert.ok(scopesOf(restore, 'restore').includes('keyword.preprocessor.restore.cs'));
  assert.ok(scopesOf(restore, 'asy001').includes(RULE_ID));
  assert.ok(scopesOf(restore, ' blocking is fine here').includes('comment.line.double-slash.cs'), 'a trailing comment is still a comment');
});

test('compiler warning numbers in a pragma keep their scope when the injection takes the line', () => {
  const [tokens] = tokenize('#pragma warning disable 1998, ASY011');
  assert.ok(scopesOf(tokens, '1998').includes('constant.numeric.decimal.cs'));
  assert.ok(scopesOf(tokens, 'ASY011').includes(RULE_ID));
});

test('what the server does not honour is not highlighted as a suppression', () => {
  const lines = [
    '// see asynclens-disable-line ASY001 in the docs',
    'var text = "// asynclens-disable-line ASY001";',
    '// asynclens-disable-next-line',
    '/// asynclens-disable-line ASY001',
    '// pragma warning disable ASY001',
    '#define ASY001',
    '#pragma warning disable CA1849',
    '/* asynclens-disable-line ASY001 */',
  ];
  tokenize(...lines).forEach((tokens, i) => {
    assert.deepEqual(injectedScopes(tokens), [], lines[i]);
  });
  const [pragmaInComment] = tokenize('// pragma warning disable ASY001');
  assert.ok(!pragmaInComment.some((t) => t.scopes.includes('keyword.preprocessor.pragma.cs')), 'a pragma in a comment is not a pragma');
});

test('the lines after a suppression are tokenized as before', () => {
  const [, next] = tokenize('// asynclens-disable-next-line ASY001', 'public async Task RunAsync() { await Task.Delay(1); }');
  assert.deepEqual(scopesOf(next, 'async'), ['source.cs', 'storage.modifier.cs']);
  assert.deepEqual(scopesOf(next, 'await'), ['source.cs', 'keyword.other.await.cs']);
});
