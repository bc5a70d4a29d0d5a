// The bundled sample workspace against its answer key (test/fixtures/workspace/EXPECTED.md): exactly the
// listed findings, nothing more. The sample carries no markers because users read it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot, listFiles } from './support';
import { analyseProject } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';
import { lineIndexOf, positionAt } from '../../server/src/parse/lines';

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

test('the sample workspace gives exactly the findings its answer key lists', () => {
  const files = listFiles(dir, '.cs');
  const sources = files.map((f) => ({ path: path.relative(dir, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  const result = analyseProject(sources, { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set() });
  const actual = result.files.flatMap((f) => {
    const lines = lineIndexOf(f.text);
    return f.findings.map((x) => `${f.path}:${positionAt(lines, x.span.start).line + 1} ${x.ruleId}`);
  }).sort();
  const implemented = new Set(RULES.map((r) => r.meta.id));
  const expected = expectedFindings().filter((e) => implemented.has(e.split(' ')[1]));
  assert.ok(expected.length > 0 || implemented.size === 0);
  assert.deepEqual(actual, expected);
});
