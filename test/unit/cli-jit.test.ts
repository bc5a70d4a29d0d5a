// The command line's V8 tiering (cli/jit.ts): a caller's own choice of interrupt budget or TurboFan setting wins.
// Whether the tuned budget pays is measured in test/bench/README.md, never asserted here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chosenByCaller, measuredOn } from '../../server/src/cli/jit';

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

test('the budget is set only on the V8 it was measured on (Node 20)', () => {
  assert.equal(measuredOn('11.3.244.8-node.33'), true);
  assert.equal(measuredOn('12.4.254.21-node.33'), false);
  assert.equal(measuredOn('13.6.233.10-node.28'), false);
  assert.equal(measuredOn('10.2.154.26-node.36'), false);
  assert.equal(measuredOn(''), false);
});
