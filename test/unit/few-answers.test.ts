// workspace/fewAnswers.ts keeps its first two answers in the object and the rest in a Map: whatever the order of
// questions, it must answer as a Map would (null answers, answers replaced in each slot, keys that are numbers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FewAnswers } from '../../server/src/workspace/fewAnswers';
import { mulberry32 } from './seededRandom';

const random = mulberry32;

test('FewAnswers answers as a Map does, over seeded sequences of sets and gets', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const next = random(seed);
    const keys = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) => (seed % 2 ? `k${i}` : i));
    const few = new FewAnswers<string | number, string | null>();
    const map = new Map<string | number, string | null>();
    for (let step = 0; step < 40; step++) {
      const key = keys[Math.floor(next() * keys.length)];
      if (next() < 0.5) {
        const value = next() < 0.3 ? null : `v${step}`;
        few.set(key, value);
        map.set(key, value);
      } else {
        assert.equal(few.get(key), map.get(key), `seed ${seed}, step ${step}, key ${String(key)}`);
      }
    }
    for (const key of keys) assert.equal(few.get(key), map.get(key), `seed ${seed}, key ${String(key)} at the end`);
  }
});

test('FewAnswers keeps an answer given to a key again in the slot it has, after others were added', () => {
  const few = new FewAnswers<string, number>();
  few.set('a', 1).set('b', 2).set('c', 3).set('b', 20).set('a', 10).set('c', 30);
  assert.deepEqual(['a', 'b', 'c', 'd'].map((k) => few.get(k)), [10, 20, 30, undefined]);
});
