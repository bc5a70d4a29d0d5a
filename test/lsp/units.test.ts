// The language server's pure parts, in process: position conversion, the settings validator, code action helpers,
// markdown escaping, and the generated rule documentation pages being current.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { positioned, positionOf, offsetOf, rangeOf, textChangeOf, indentationOf, lineBreakOf, rangesOverlap, rangeContains } from '../../server/src/lsp/convert';
import { validateSettings, DEFAULT_SETTINGS, SETTINGS_SCHEMA, RUNTIME_PROFILES, analysisSettingsKey } from '../../server/src/config/settings';
import { RUNTIME_PROFILES as COST_PROFILES } from '../../server/src/cost';
import { kindRequested } from '../../server/src/lsp/codeActions';
import { code, escape } from '../../server/src/lsp/markdown';
import { RULES } from '../../server/src/rules/registry';
import { ruleDocFiles, RULE_DOCS_DIR } from '../../server/src/lsp/ruleDocs';
import { ruleDocsUrl } from '../../server/src/rules/docsUrl';
import { repoRoot } from './session';

test('positions are UTF-16 code units on lines split at \\n, \\r\\n and \\r', () => {
  const doc = positioned('a😀b\r\nsecond\rthird\n');
  assert.deepEqual(positionOf(doc, 3), { line: 0, character: 3 }, 'the emoji counts two');
  assert.deepEqual(positionOf(doc, 6), { line: 1, character: 0 });
  assert.deepEqual(positionOf(doc, 13), { line: 2, character: 0 });
  assert.equal(offsetOf(doc, { line: 1, character: 3 }), 9);
  assert.equal(offsetOf(doc, { line: 0, character: 99 }), 4, 'past the end of a line means its end, before the line break');
  assert.equal(offsetOf(doc, { line: 99, character: 0 }), doc.text.length);
  assert.deepEqual(rangeOf(doc, { start: 6, end: 12 }), { start: { line: 1, character: 0 }, end: { line: 1, character: 6 } });
  assert.deepEqual(positionOf(doc, 999), positionOf(doc, doc.text.length), 'offsets are clamped');
});

test('content changes become text changes; indentation and line breaks come from the text', () => {
  const doc = positioned('class C\n{\n\t  int x;\n}\n');
  assert.deepEqual(textChangeOf(doc, { range: { start: { line: 2, character: 3 }, end: { line: 2, character: 6 } }, text: 'long' }), { start: 13, oldEnd: 16, newText: 'long' });
  assert.deepEqual(textChangeOf(doc, { text: 'all new' }), { start: 0, oldEnd: doc.text.length, newText: 'all new' });
  assert.equal(indentationOf(doc, 2), '\t  ');
  assert.equal(indentationOf(doc, 99), '');
  assert.equal(lineBreakOf('a\r\nb'), '\r\n');
  assert.equal(lineBreakOf('a\nb'), '\n');
  assert.equal(lineBreakOf('ab'), '\n');
});

test('range overlap treats touching edits as separate and two insertions at one point as overlapping', () => {
  const r = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });
  assert.equal(rangesOverlap(r(0, 0, 0, 5), r(0, 5, 0, 9)), false);
  assert.equal(rangesOverlap(r(0, 0, 0, 5), r(0, 4, 0, 9)), true);
  assert.equal(rangesOverlap(r(0, 3, 0, 3), r(0, 3, 0, 3)), true);
  assert.equal(rangesOverlap(r(0, 3, 0, 3), r(0, 0, 0, 9)), true);
  assert.equal(rangeContains(r(1, 2, 1, 5), { line: 1, character: 5 }), true);
});

test('settings: defaults, nested and dotted keys, and every bad value reported with its replacement', () => {
  assert.deepEqual(validateSettings(undefined), { settings: { ...DEFAULT_SETTINGS, severity: {}, indexing: { ...DEFAULT_SETTINGS.indexing }, trace: { server: 'off' } }, problems: [] });
  const ok = validateSettings({ runtime: 'net8', severity: { asy001: 'error' }, inlayHints: 'all', codeLens: false, costThreshold: 64, 'indexing.maxFiles': 10, indexing: { maxFileSizeKb: 2 }, trace: { server: 'verbose' } });
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.settings.runtime, 'net8');
  assert.deepEqual(ok.settings.severity, { ASY001: 'error' });
  assert.equal(ok.settings.indexing.maxFiles, 10);
  assert.equal(ok.settings.indexing.maxFileSizeKb, 2);
  assert.equal(ok.settings.trace.server, 'verbose');
  const bad = validateSettings({ runtime: 'net99', inlayHints: true, codeLens: 'yes', costThreshold: -1, indexing: { maxFiles: 'many' }, severity: { ASY001: 'fatal', Foo: 'error' } }, new Set(['ASY001']));
  assert.equal(bad.settings.runtime, 'auto');
  assert.equal(bad.settings.inlayHints, 'aboveThreshold');
  assert.equal(bad.settings.codeLens, false);
  assert.equal(bad.settings.costThreshold, 100);
  assert.equal(bad.settings.indexing.maxFiles, 5000);
  assert.deepEqual(bad.settings.severity, {});
  assert.equal(bad.problems.length, 7, bad.problems.join('\n'));
  assert.match(bad.problems[0], /^asynclens\.runtime: "net99" is not one of auto, net6, net7, net8, net9, net10, net11-runtime-async; using auto$/);
  assert.equal(validateSettings('nonsense').problems.length, 1);
  // The analysis delay: a whole number of milliseconds from 0 to 5000; more is clamped and reported.
  assert.equal(validateSettings({ analysisDelayMs: 0 }).settings.analysisDelayMs, 0);
  assert.equal(validateSettings({ analysisDelayMs: 40.7 }).settings.analysisDelayMs, 40);
  const slow = validateSettings({ analysisDelayMs: 60000 });
  assert.equal(slow.settings.analysisDelayMs, 5000);
  assert.deepEqual(slow.problems, ['asynclens.analysisDelayMs: 60000 is more than 5000; using 5000']);
  const negative = validateSettings({ analysisDelayMs: -5 });
  assert.equal(negative.settings.analysisDelayMs, 150);
  assert.equal(negative.problems.length, 1);
  // The project model's settings: test code cap, peer suppressions, target and configuration.
  const project = validateSettings({ testCode: { maxSeverity: 'hint' }, 'suppressions.peers': false, project: { targetFramework: 'net8.0', configuration: 'Debug' } });
  assert.deepEqual(project.problems, []);
  assert.equal(project.settings.testCode.maxSeverity, 'hint');
  assert.equal(project.settings.suppressions.peers, false);
  assert.deepEqual(project.settings.project, { targetFramework: 'net8.0', configuration: 'Debug' });
  assert.notEqual(analysisSettingsKey(project.settings), analysisSettingsKey(DEFAULT_SETTINGS));
  const wrong = validateSettings({ testCode: { maxSeverity: 'fatal' }, suppressions: { peers: 'yes' }, project: { targetFramework: 'net 8', configuration: 7 } });
  assert.equal(wrong.problems.length, 4, wrong.problems.join('\n'));
  assert.deepEqual(wrong.settings.project, DEFAULT_SETTINGS.project);
  assert.equal(wrong.settings.testCode.maxSeverity, 'information');
  assert.notEqual(analysisSettingsKey(ok.settings), analysisSettingsKey(DEFAULT_SETTINGS));
});

test('the settings schema names every runtime profile the cost model knows, and package.json declares every setting', () => {
  assert.deepEqual([...RUNTIME_PROFILES], [...COST_PROFILES]);
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const declared = pkg.contributes?.configuration?.properties ?? {};
  for (const s of SETTINGS_SCHEMA) {
    assert.ok(declared[s.key], `package.json declares ${s.key}`);
    assert.equal(declared[s.key].type, s.type, s.key);
    assert.deepEqual(declared[s.key].default, s.default, s.key);
    if (s.enum) assert.deepEqual(declared[s.key].enum, [...s.enum], s.key);
  }
});

test('code action kinds are hierarchical', () => {
  assert.equal(kindRequested('source.fixAll.asynclens', undefined), true);
  assert.equal(kindRequested('source.fixAll.asynclens', ['source']), true);
  assert.equal(kindRequested('source.fixAll.asynclens', ['source.fixAll']), true);
  assert.equal(kindRequested('source.fixAll.asynclens', ['quickfix']), false);
  assert.equal(kindRequested('quickfix', ['source.fixAll']), false);
});

test('markdown escaping keeps code spans and neutralises the rest', () => {
  assert.equal(escape('a <b> *c* `x<T> | y` _d_'), 'a \\<b\\> \\*c\\* `x<T> \\| y` \\_d\\_');
  assert.equal(escape('odd ` backtick'), 'odd \\` backtick');
  assert.equal(code('a | b'), '`a \\| b`');
  assert.equal(code('`x`'), '`` `x` ``');
});

test('rule documentation pages are generated and current (node server/scripts/gen-rule-docs.mjs rewrites them)', () => {
  const dir = path.join(repoRoot, RULE_DOCS_DIR);
  const expected = ruleDocFiles(RULES);
  for (const [name, text] of expected) {
    const file = path.join(dir, name);
    assert.ok(fs.existsSync(file), `${RULE_DOCS_DIR}/${name} is missing`);
    assert.equal(fs.readFileSync(file, 'utf8'), text, `${RULE_DOCS_DIR}/${name} is stale`);
  }
  const extra = fs.readdirSync(dir).filter((f) => f.endsWith('.md') && !expected.has(f));
  assert.deepEqual(extra, [], 'pages of rules that no longer exist');
  for (const rule of RULES) assert.ok(ruleDocsUrl(rule.meta.id).endsWith(`/${RULE_DOCS_DIR}/${rule.meta.id.toLowerCase()}.md`), 'the docs URL points at the generated page');
});
