// The guard an "awaits only on a cache miss" verdict names is one around every await that may suspend, when there
// is one: naming the first await's innermost guard said the method awaits less often than it does.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot } from './support';
import { modelFile } from '../../server/src/analysis/project';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { analyseCompletion, verdictKey } from '../../server/src/workspace/completion';

before(ready);

test('a cache-miss verdict names the guard shared by all its awaits', () => {
  const file = path.join(repoRoot, 'test/fixtures/rules/likely-synchronous-completion/nested-miss-guards.cs');
  const { model } = modelFile(fs.readFileSync(file, 'utf8'));
  const index = createIndex();
  updateFile(index, file, model);
  const body = model.bodies.find((b) => b.name === 'CountRowsAsync')!;
  const verdict = analyseCompletion(index).get(verdictKey(file, body.id))!;
  assert.equal(verdict.basis, 'awaitsOnlyOnMiss');
  assert.match(verdict.reason, /_rows == null/);
  assert.doesNotMatch(verdict.reason, /_total == null/);
});
