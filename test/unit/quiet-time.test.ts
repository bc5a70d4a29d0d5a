// Results of an analysis that started during its edit's debounce are held until the debounce ends
// (lsp/engine/quietTime.ts): in order, dropped by the next edit, released at once when someone waits for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createQuietTime } from '../../server/src/lsp/engine/quietTime';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('posts made before the debounce ends wait for it, in order; after it they go at once', async () => {
  let clock = 1000;
  const quiet = createQuietTime<object>(() => clock);
  const doc = {};
  const seen: string[] = [];
  quiet.edited(doc, 40);
  assert.equal(quiet.waiting(doc), true);
  quiet.show(doc, () => seen.push('diagnostics'));
  quiet.show(doc, () => seen.push('snapshot'));
  assert.equal(seen.length, 0, 'nothing shown while the debounce runs');
  clock += 40;
  // The timer was set for the remaining 40 ms of the (fake) clock; real time has to pass for it too.
  await sleep(80);
  assert.deepEqual(seen, ['diagnostics', 'snapshot']);
  assert.equal(quiet.waiting(doc), false);
  quiet.show(doc, () => seen.push('later'));
  assert.deepEqual(seen, ['diagnostics', 'snapshot', 'later'], 'no debounce running: shown at once');
});

test('an edit drops what older analyses hold; a document never edited shows at once', async () => {
  const clock = 0;
  const quiet = createQuietTime<object>(() => clock);
  const edited = {};
  const opened = {};
  const seen: string[] = [];
  quiet.show(opened, () => seen.push('opened'));
  assert.deepEqual(seen, ['opened']);
  quiet.edited(edited, 30);
  quiet.show(edited, () => seen.push('v2'));
  quiet.edited(edited, 30);
  quiet.show(edited, () => seen.push('v3'));
  quiet.forget(opened);
  await sleep(10);
  assert.deepEqual(seen, ['opened']);
  quiet.release(edited);
  assert.deepEqual(seen, ['opened', 'v3'], 'released at once, without v2, which the second edit dropped');
  assert.equal(quiet.waiting(edited), false);
});

test('a zero delay holds nothing, and dispose drops what is held', async () => {
  const quiet = createQuietTime<object>(() => 0);
  const doc = {};
  const seen: string[] = [];
  quiet.edited(doc, 0);
  quiet.show(doc, () => seen.push('now'));
  assert.deepEqual(seen, ['now']);
  quiet.edited(doc, 20);
  quiet.show(doc, () => seen.push('held'));
  quiet.dispose();
  await sleep(50);
  assert.deepEqual(seen, ['now']);
});
