// Incremental completion verdicts (workspace/completion.ts updateCompletion) must equal verdicts computed from
// scratch after every edit: seeded random edits to the sample workspace and to rule fixtures (awaits made complete
// or suspending, lines inserted above methods so every id shifts, syntax errors typed and removed, methods added),
// each followed by a comparison of every verdict.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, ready, repoRoot } from './support';
import { modelFile } from '../../server/src/analysis/project';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { analyseCompletion, completionState, updateCompletion, type CompletionAnalysis } from '../../server/src/workspace/completion';
import { mulberry32 } from './seededRandom';

before(ready);

const random = mulberry32;

const canonical = (analysis: CompletionAnalysis) => JSON.stringify([...analysis].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** One edit of the kinds that happen while typing, chosen by `r`. */
function edit(text: string, r: () => number): string {
  const lines = text.split('\n');
  const at = Math.floor(r() * lines.length);
  switch (Math.floor(r() * 7)) {
    case 0: // Shift every id below.
      lines.splice(at, 0, '');
      break;
    case 1: // An await that completes, or one that suspends.
      return text.replace(/await Task\.Yield\(\)/, 'await Task.CompletedTask');
    case 2:
      return text.replace(/await Task\.CompletedTask/, 'await Task.Yield()');
    case 3: // A syntax error typed, then (next edit, often) removed.
      lines[at] = `${lines[at]} (`;
      break;
    case 4:
      return text.replace(/ \($/m, '');
    case 5: // A new member: the file's surface changes.
      return text.replace(/\n}\s*$/, '\n    public System.Threading.Tasks.Task Added() => System.Threading.Tasks.Task.CompletedTask;\n}\n');
    default: // Drop a line (an await, a return, a brace).
      lines.splice(at, 1);
  }
  return lines.join('\n');
}

function check(dir: string, seed: number, rounds: number): void {
  const files = listFiles(dir, '.cs');
  const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const index = createIndex();
  for (const [f, t] of texts) updateFile(index, f, modelFile(t).model);
  let state = completionState(index);
  assert.equal(canonical(state.verdicts), canonical(analyseCompletion(index)));
  const r = random(seed);
  let incremental = 0;
  for (let round = 0; round < rounds; round++) {
    // Mostly one file at a time, as an editor changes them; now and then two.
    const changed = files.length > 1 && r() < 0.2 ? [files[Math.floor(r() * files.length)], files[Math.floor(r() * files.length)]] : [files[Math.floor(r() * files.length)]];
    for (const f of changed) {
      const text = edit(texts.get(f)!, r);
      texts.set(f, text);
      updateFile(index, f, modelFile(text).model);
    }
    const result = updateCompletion(state, index, changed);
    if (result.decided) incremental++;
    state = result.state;
    assert.equal(canonical(state.verdicts), canonical(analyseCompletion(index)), `${dir}, seed ${seed}, round ${round}: ${changed.join(', ')}`);
  }
  assert.ok(incremental > rounds / 4, `most updates are incremental (${incremental} of ${rounds})`);
}

test('incremental verdicts equal fresh ones after every edit of the sample workspace', () => {
  for (const seed of [1, 2, 3]) check(path.join(repoRoot, 'test', 'fixtures', 'workspace'), seed, 60);
});

test('incremental verdicts equal fresh ones on the completion rules\' fixtures', () => {
  for (const rule of ['likely-synchronous-completion', 'valuetask-candidate']) {
    const dir = path.join(repoRoot, 'test', 'fixtures', 'rules', rule);
    if (fs.existsSync(dir)) check(dir, 7, 60);
  }
});
