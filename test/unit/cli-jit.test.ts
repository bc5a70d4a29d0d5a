// The command line's V8 tiering (cli/jit.ts): a caller's own choice of interrupt budget or TurboFan setting wins.
// Whether the tuned budget pays is measured in test/bench/README.md, never asserted here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chosenByCaller } from '../../server/src/cli/jit';

test('a budget or TurboFan setting on the command line or in NODE_OPTIONS is left as the caller chose it', () => {
  assert.equal(chosenByCaller(['--interrupt-budget=1000'], ''), true);
  assert.equal(chosenByCaller([], '--max-old-space-size=4096 --interrupt_budget=5000'), true);
  assert.equal(chosenByCaller(['--no-opt'], ''), true);
  assert.equal(chosenByCaller([], '--turbofan'), true);
});

test('other flags leave the tuning on', () => {
  assert.equal(chosenByCaller([], ''), false);
  assert.equal(chosenByCaller(['--enable-source-maps', '--cpu-prof'], '--max-old-space-size=4096'), false);
  assert.equal(chosenByCaller(['--optimize-for-size'], '--opt-something'), false);
});
