// The bundled sample workspace against its answer key (test/fixtures/workspace/EXPECTED.md): exactly the
// listed findings, nothing more. The sample carries no markers because users read it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot, runCli } from './support';
import { RULES } from '../../server/src/rules/registry';

const dir = path.join(repoRoot, 'test', 'fixtures', 'workspace');

/** Rows of the first table ("Findings that must be reported"): file | line | rule | anchor | why. */
function expectedFindings(): string[] {
  const md = fs.readFileSync(path.join(dir, 'EXPECTED.md'), 'utf8');
  const section = md.split(/^## /m).find((s) => s.startsWith('Findings that must be reported'))!;
  return section.split('\n')
    .filter((l) => /^\| [\w/]+\.cs \| \d+ \| ASY\d{3} \|/.test(l))
    .map((l) => {
      const [file, line, rule] = l.split('|').slice(1, 4).map((s) => s.trim());
      return `${file}:${line} ${rule}`;
    })
    .sort();
}

before(ready);

test('the sample workspace gives exactly the findings its answer key lists', async () => {
  // Run as a user runs it, so its projects are read: Integrations is a class library (library code to ASY027 and
  // ASY030), OrderDesk an application.
  const r = await runCli(['check', '--format', 'json', '--enable', 'all', dir]);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { findings: { file: string; line: number; ruleId: string }[] };
  const actual = report.findings.map((f) => `${path.relative(dir, f.file).split(path.sep).join('/')}:${f.line} ${f.ruleId}`).sort();
  const implemented = new Set(RULES.map((r) => r.meta.id));
  const expected = expectedFindings().filter((e) => implemented.has(e.split(' ')[1]));
  assert.ok(expected.length > 0 || implemented.size === 0);
  assert.deepEqual(actual, expected);
});
