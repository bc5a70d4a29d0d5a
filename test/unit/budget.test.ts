// Deep nesting and the per-file time budget (issue 10): the shapes that once took minutes are analysed in full, and
// a file whose analysis runs past its budget is reported as stopped, with the reason, by the model, the rules, the
// costs and the CLI. The budget's clock is injected here, so nothing depends on how fast this machine is.
// The engine slices a large document's cost estimates by time as well (engine.ts nextCostSlice).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { nextCostSlice } from '../../server/src/lsp/engine/engine';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ready, runCli } from './support';
import { analyseCompletion, checkFile, createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { AnalysisStopped, fileBudget, withinBudget } from '../../server/src/model/budget';
import { estimateFile } from '../../server/src/cost';
import { RULES } from '../../server/src/rules/registry';
import { deepShapes } from '../bench/deepShapes';

before(ready);

const everyRule = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
const shapes = deepShapes(1000);
const shape = (prefix: string) => Object.entries(shapes).find(([name]) => name.startsWith(prefix))![1];

/** A clock that moves on by one millisecond each time it is read: a budget of n ms lasts n checks. */
function tickingClock(): () => number {
  let t = 0;
  return () => t++;
}

test('the deep-nesting shapes of issue 10 are modelled, checked and costed in full', () => {
  // What each shape holds, as the model must see it: [bodies, awaits of M, waits of M].
  const expected: Record<string, [number, number, number]> = {
    '1000 nested awaits': [1, 1000, 0],
    '2000 nested async lambdas': [2001, 1, 0],
    '2000 nested local functions': [2001, 1, 0],
    '.Result chain of 1000': [1, 1, 1000],
    '1000 nested ifs, an await in each': [1, 1002, 0],
    '1000 nested calls with awaited arguments': [2, 1000, 0],
    'fluent chain of 3000 calls': [3002, 1, 0],
  };
  for (const [name, text] of Object.entries(shapes)) {
    const { model, error } = modelFile(text);
    assert.equal(error, undefined, name);
    const m = model.bodies.find((b) => b.name === 'M')!;
    assert.deepEqual([model.bodies.length, m.awaits.length, m.waits.length], expected[name], name);
    const index = createIndex();
    updateFile(index, 'Deep.cs', model);
    const completion = analyseCompletion(index);
    assert.equal(checkFile('Deep.cs', text, model, index, completion, everyRule).stopped, undefined, name);
    const costs = estimateFile({ file: 'Deep.cs', model, index, completion }, { runtime: 'net10' });
    assert.ok(costs.length >= 1, name);
  }
});

test('a model past its budget stops with a reason: deep nesting is named as the cause when the file nests deeply', () => {
  const deep = modelFile(shape('2000 nested async lambdas'), null, undefined, { budget: fileBudget(50, tickingClock()) });
  assert.equal(deep.model.bodies.length, 0);
  assert.match(deep.error ?? '', /^analysis stopped: too deeply nested \(\d+ levels of syntax; the analysis of one file may take 50 ms\)$/);
  const flat = ['class C {', ...Array.from({ length: 300 }, (_, i) => `  async System.Threading.Tasks.Task M${i}() { await System.Threading.Tasks.Task.Yield(); }`), '}'].join('\n');
  const long = modelFile(flat, null, undefined, { budget: fileBudget(50, tickingClock()) });
  assert.match(long.error ?? '', /^analysis stopped: the file took longer than the 50 ms the analysis of one file may take$/);
  // Within its budget the same file is modelled as without one.
  const within = modelFile(flat, null, undefined, { budget: fileBudget(1_000_000, tickingClock()) });
  assert.equal(within.error, undefined);
  assert.deepEqual(within.model, modelFile(flat).model);
});

test('rules past their budget leave the file without findings and say why; costs stop with AnalysisStopped and leave nothing half done', () => {
  const text = shape('.Result chain of 1000');
  const { model } = modelFile(text);
  const index = createIndex();
  updateFile(index, 'Deep.cs', model);
  const completion = analyseCompletion(index);
  const full = checkFile('Deep.cs', text, model, index, completion, everyRule);
  assert.ok(full.findings.length > 0);
  const stopped = checkFile('Deep.cs', text, model, index, completion, everyRule, undefined, {}, fileBudget(0, () => 0));
  assert.deepEqual(stopped.findings, []);
  assert.match(stopped.stopped ?? '', /^analysis stopped/);

  const ctx = { file: 'Deep.cs', model, index, completion };
  assert.throws(() => withinBudget(fileBudget(0, () => 0), () => estimateFile(ctx, { runtime: 'net10' })), AnalysisStopped);
  // The estimate that was stopped is not left marked as in progress: the next one gives the full answer.
  const after = estimateFile(ctx, { runtime: 'net10' });
  const fresh = estimateFile({ ...ctx, index: createIndex() }, { runtime: 'net10' });
  assert.equal(after.length, 1);
  assert.equal(after[0].stateMachineBytes, fresh[0].stateMachineBytes);
});

test('check and cost report a file that ran past --file-time-limit as skipped, with the reason, and carry on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-budget-'));
  fs.writeFileSync(path.join(dir, 'Deep.cs'), shape('2000 nested local functions'));
  const text = await runCli(['check', '--file-time-limit', '0', '--no-color', dir]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /skipped .*Deep\.cs: analysis stopped: too deeply nested \(\d+ levels of syntax/);
  const json = await runCli(['check', '--file-time-limit', '0', '--format', 'json', dir]);
  const out = JSON.parse(json.stdout);
  assert.equal(out.findings.length, 0);
  assert.equal(out.skippedFiles.length, 1);
  assert.match(out.skippedFiles[0].reason, /^analysis stopped: too deeply nested/);
  const cost = await runCli(['cost', '--file-time-limit', '0', '--format', 'json', dir]);
  assert.equal(cost.code, 0, cost.stderr);
  assert.match(JSON.stringify(JSON.parse(cost.stdout).skippedFiles ?? []), /analysis stopped: too deeply nested/);
  // With the default limit the same file is analysed in full.
  const full = JSON.parse((await runCli(['check', '--format', 'json', '--enable', 'all', dir])).stdout);
  assert.deepEqual(full.skippedFiles, []);
  assert.ok(full.findings.length > 0);
  const bad = await runCli(['check', '--file-time-limit', '-1', dir]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--file-time-limit must be a number of seconds/);
});

test('cost estimates of a large document are sliced by time: each slice sized from how long the last one took', () => {
  // 4 ms a method (cold code): the smallest slice; 0.05 ms a method: the largest; 0.1 ms a method: 20 ms of work.
  assert.equal(nextCostSlice(25, 100), 10);
  assert.equal(nextCostSlice(400, 20), 400);
  assert.equal(nextCostSlice(100, 10), 200);
  // A slice too quick to measure gets the largest size, not a division by zero.
  assert.equal(nextCostSlice(25, 0), 400);
});
