// The CLI on several threads (cli/modelPool.ts) gives exactly what it gives on one: same findings in the same
// order, same costs. Worker threads start from the built bundle, dist/cli.js, as they do for a user. And what
// `--threads auto` picks.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ready, repoRoot, runCli } from './support';
import { autoThreads } from '../../server/src/cli/budget';
// @ts-expect-error: a plain JavaScript module shared with the benchmarks.
import { generateCorpus } from '../bench/corpus.mjs';

before(ready);

const cli = path.join(repoRoot, 'dist', 'cli.js');

test('check and cost on two threads and on one give the same output', { skip: !fs.existsSync(cli) && 'dist/cli.js is not built' }, async () => {
  // Big enough that the pool uses its workers (over 400,000 characters in 8 files or more).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-threads-'));
  const corpus = generateCorpus(dir, 16_000, 1000) as { files: number };
  assert.ok(corpus.files >= 8);
  try {
    for (const command of [['check', '--enable', 'all', '--format', 'json'], ['cost', '--format', 'json']]) {
      const one = await runCli([...command, '--threads', '1', dir], repoRoot, undefined, cli);
      const two = await runCli([...command, '--threads', '2', dir], repoRoot, undefined, cli);
      assert.equal(one.code, two.code);
      assert.ok(one.stdout.length > 1000);
      assert.equal(two.stdout, one.stdout, command[0]);
    }
    const bad = await runCli(['check', '--threads', '0', dir]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--threads must be auto or a whole number from 1/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('--threads auto is every core, but one on a machine of two cores or fewer', () => {
  assert.deepEqual([1, 2, 3, 4, 16].map(autoThreads), [1, 1, 3, 4, 16]);
});
