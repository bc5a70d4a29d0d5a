// Runs every rule fixture: each `// expect: ASY001` marker must be matched by a finding on its line and
// every finding must have a marker; where a finding carries a fix, `<file>.fixed` holds the text after
// applying every fix in the file. A subfolder of a rule's folder is one multi-file workspace.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot, listFiles, fixtureRuleSelection } from './support';
import { analyseProject } from '../../server/src/analysis/project';
import { applyEdits } from '../../server/src/analysis/fixes';
import { RULES } from '../../server/src/rules/registry';
import { lineIndexOf, positionAt } from '../../server/src/parse/lines';
import { analysisText } from '../../server/src/parse/razor';

const fixturesDir = path.join(repoRoot, 'test', 'fixtures', 'rules');

interface Expectation {
  line: number;
  id: string;
  column: number | null;
}

/** `// expect: ASY001, ASY002@17` -> ids on that line, optionally at a 1-based column. */
export function expectationsOf(text: string): Expectation[] {
  const out: Expectation[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /\/\/\s*expect:\s*([A-Z0-9@,\s]+)$/.exec(line);
    if (!m) return;
    for (const part of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      const [id, col] = part.split('@');
      out.push({ line: i, id, column: col ? Number(col) : null });
    }
  });
  return out;
}

function workspaces(): { name: string; files: string[] }[] {
  const out: { name: string; files: string[] }[] = [];
  if (!fs.existsSync(fixturesDir)) return out;
  for (const ruleDir of fs.readdirSync(fixturesDir).sort()) {
    const dir = path.join(fixturesDir, ruleDir);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      // A folder may hold Razor components too, whose @code blocks the analysis reads (parse/razor.ts).
      if (ent.isDirectory()) out.push({ name: `${ruleDir}/${ent.name}/`, files: [...listFiles(p, '.cs'), ...listFiles(p, '.razor')].sort() });
      else if (ent.name.endsWith('.cs')) out.push({ name: `${ruleDir}/${ent.name}`, files: [p] });
    }
  }
  return out;
}

before(ready);

for (const ws of workspaces()) {
  test(`fixture ${ws.name}`, () => {
    const written = new Map(ws.files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
    const sources = ws.files.map((f) => {
      const read = analysisText(f, written.get(f)!);
      assert.ok('text' in read, `${f}: ${'reason' in read ? read.reason : ''}`);
      return { path: f, text: read.text };
    });
    const result = analyseProject(sources, fixtureRuleSelection(ws.name.split('/')[0], RULES));
    for (const file of result.files) {
      const rel = path.relative(repoRoot, file.path);
      const lines = lineIndexOf(file.text);
      const expected = expectationsOf(file.text);
      const actual = file.findings.map((f) => {
        const pos = positionAt(lines, f.span.start);
        return { line: pos.line, column: pos.column + 1, id: f.ruleId, message: f.message };
      });
      const unmatched = [...actual];
      const missing: Expectation[] = [];
      for (const e of expected) {
        const i = unmatched.findIndex((a) => a.line === e.line && a.id === e.id && (e.column === null || a.column === e.column));
        if (i === -1) missing.push(e);
        else unmatched.splice(i, 1);
      }
      const describe = (x: { line: number; id: string; column: number | null; message?: string }) => `${rel}:${x.line + 1}${x.column ? ':' + x.column : ''} ${x.id}${x.message ? ' ' + x.message : ''}`;
      assert.deepEqual(
        { missing: missing.map(describe), unexpected: unmatched.map(describe) },
        { missing: [], unexpected: [] },
        `findings differ from the // expect: markers in ${rel}`,
      );
      const edits = file.findings.flatMap((f) => f.fix?.edits ?? []);
      const fixedPath = `${file.path}.fixed`;
      if (edits.length === 0) {
        assert.ok(!fs.existsSync(fixedPath), `${rel}.fixed exists but no finding in ${rel} offers a fix`);
        continue;
      }
      // The edits apply to the file as written: a component's projection has its offsets.
      const fixed = applyEdits(written.get(file.path) ?? file.text, edits).text;
      if (process.env.UPDATE_SNAPSHOTS === '1') fs.writeFileSync(fixedPath, fixed);
      assert.ok(fs.existsSync(fixedPath), `${rel} has findings with fixes: create ${rel}.fixed (UPDATE_SNAPSHOTS=1 writes it)`);
      assert.equal(fixed, fs.readFileSync(fixedPath, 'utf8'), `applying the fixes in ${rel} does not give ${rel}.fixed`);
    }
  });
}
