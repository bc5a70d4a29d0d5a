// What a condition says once a mode parameter holds a known enum member: the reading ASY001 and ASY003 use to see
// that a call passing a cache-only mode never reaches the await its callee keeps for a fetch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conditionGivenMode, modeArgumentsOf } from '../../server/src/rules/constantModeArguments';

test('a comparison with the parameter reads true or false for the member it holds', () => {
  assert.equal(conditionGivenMode('mode == CacheMode.AllowDownload', 'mode', 'CacheMode', 'CacheOnly'), false);
  assert.equal(conditionGivenMode('mode == CacheMode.CacheOnly', 'mode', 'CacheMode', 'CacheOnly'), true);
  assert.equal(conditionGivenMode('CacheMode.CacheOnly != mode', 'mode', 'CacheMode', 'CacheOnly'), false);
  assert.equal(conditionGivenMode('!(mode == Discord.CacheMode.AllowDownload)', 'mode', 'CacheMode', 'CacheOnly'), true);
});

test('a disjunction holds when one part does and a conjunction fails when one part does', () => {
  assert.equal(conditionGivenMode('user is not null || mode == CacheMode.CacheOnly', 'mode', 'CacheMode', 'CacheOnly'), true);
  assert.equal(conditionGivenMode('user is null && mode == CacheMode.AllowDownload', 'mode', 'CacheMode', 'CacheOnly'), false);
  assert.equal(conditionGivenMode('user is null || mode == CacheMode.AllowDownload', 'mode', 'CacheMode', 'CacheOnly'), null);
});

test('conditions about another variable or another enum say nothing', () => {
  assert.equal(conditionGivenMode('other == CacheMode.CacheOnly', 'mode', 'CacheMode', 'CacheOnly'), null);
  assert.equal(conditionGivenMode('mode == RetryMode.AlwaysRetry', 'mode', 'CacheMode', 'CacheOnly'), null);
  assert.equal(conditionGivenMode('IsReady(mode)', 'mode', 'CacheMode', 'CacheOnly'), null);
});

test('enum members are read from positional and named arguments, not from values', () => {
  assert.deepEqual(modeArgumentsOf(['id', 'CacheMode.CacheOnly', 'mode: Discord.CacheMode.AllowDownload', 'options.Mode', 'null']), [
    { name: null, position: 1, enumName: 'CacheMode', member: 'CacheOnly' },
    { name: 'mode', position: 2, enumName: 'CacheMode', member: 'AllowDownload' },
  ]);
});
