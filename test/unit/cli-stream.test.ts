// The CLI's streamed JSON (cli/render/stream.ts): the chunks joined are exactly what JSON.stringify(value, null, 2)
// writes for the same data with every StreamedArray written as a plain array, and a reader that stops early stops
// the generator before the rest of a StreamedArray is produced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonChunks, StreamedArray } from '../../server/src/cli/render/stream';

/** The same value with every StreamedArray made a plain array, for JSON.stringify to write. */
function plain(value: unknown): unknown {
  if (value instanceof StreamedArray) return [...value.items].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

const finding = (i: number) => ({
  ruleId: `ASY00${i % 9}`, message: `line one\nline "two" \u001b[31m`, line: i, optional: undefined, fn: () => i,
  related: i % 2 ? [] : [{ line: i + 1, note: 'n' }, { line: i + 2, nested: { deep: [1, [2, [3, {}]]] } }],
  fixes: i % 3 ? [] : [{ title: 'fix', edits: [{ start: 0, end: 1, newText: '  indented\n  text' }] }],
  when: new Date(0),
});

const reports: Array<[string, () => unknown]> = [
  ['a report with streamed findings at the top', () => ({ version: '1', files: [{ path: 'a.cs' }, {}], findings: new StreamedArray([0, 1, 2, 3].map(finding)), summary: { total: 4, byRule: {} } })],
  ['streamed arrays inside plain objects and arrays', () => ({ runs: [{ results: new StreamedArray([finding(5), undefined, null, 'text']) }, { results: new StreamedArray([]) }], empty: [] })],
  ['a streamed array at the top, of mixed values', () => new StreamedArray([1, 'two', [3, [4]], { five: new StreamedArray([{ six: 6 }]) }, false])],
  ['plain data with no streamed array', () => ({ a: [finding(0), finding(1)], b: 'x', c: null, d: {} })],
  ['scalars', () => 'just a string'],
];

for (const [name, make] of reports) {
  test(`streamed JSON equals JSON.stringify: ${name}`, () => {
    assert.equal([...jsonChunks(make())].join(''), JSON.stringify(plain(make()), null, 2));
  });
}

test('a reader that stops early stops the streamed array: later elements are never produced', () => {
  let produced = 0;
  const items = (function* () {
    for (let i = 0; i < 1000; i++) {
      produced++;
      yield finding(i);
    }
  })();
  const chunks = jsonChunks({ findings: new StreamedArray(items) });
  let text = '';
  for (const chunk of chunks) {
    text += chunk;
    if (text.includes('"line": 3')) break;
  }
  assert.ok(produced < 10, `produced ${produced} findings for a reader that stopped at the fourth`);
});
