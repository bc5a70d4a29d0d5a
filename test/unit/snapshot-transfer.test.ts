// Method views crossing from the engine to the protocol thread as a difference (lsp/snapshotTransfer.ts): the list
// the protocol thread rebuilds equals the one the engine holds, over a sequence of lists; a difference against a
// list the receiver does not hold is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { methodsToSend, receivedMethods, sameValue, type KeptMethods } from '../../server/src/lsp/snapshotTransfer';
import type { MethodView } from '../../server/src/lsp/snapshot';
import { shownDetail, snapshotChanged, type SentSnapshot } from '../../server/src/lsp/engine/documents';
import { Digest } from '../../server/src/lsp/engine/digest';

const range = (line: number) => ({ start: { line, character: 4 }, end: { line: line + 3, character: 5 } });
/** A view as the engine builds one: `costs` shared between versions when the method did not change (the cost cache). */
function view(name: string, line: number, costs: MethodView['costs'], extra: Partial<MethodView> = {}): MethodView {
  return {
    bodyId: `method_declaration:${line * 40}`, name, kind: 'method', containingType: 'C', returnTypeText: 'Task', returnKind: 'Task', resultTypeText: null,
    nameRange: range(line), signatureEnd: { line, character: 30 }, range: range(line), likelySync: false, verdictReason: 'it may suspend', maySuspend: 1,
    awaits: [], findings: [], costs, ...extra,
  };
}
const cost = (bytes: number) => [{ runtime: 'net10', syncBytes: bytes, suspendBytes: bytes * 2, notes: ['n'], fields: [] }] as unknown as MethodView['costs'];

test('a sequence of lists crosses as differences and is rebuilt exactly; unchanged views cross as null', () => {
  const a = cost(72), b = cost(96), c = cost(120);
  const lists: MethodView[][] = [
    [view('A', 1, a), view('B', 10, b), view('C', 20, c)],
    // Typing inside B: B's view changes (new costs), A and C do not.
    [view('A', 1, a), view('B', 10, cost(104)), view('C', 20, c)],
    // A line inserted above C: C's ranges move, so its view is sent whole.
    [view('A', 1, a), view('B', 10, cost(104)), view('C', 21, c)],
    // A method added: every view whole once.
    [view('A', 1, a), view('B', 10, cost(104)), view('D', 15, cost(8)), view('C', 22, c)],
    // Nothing changed but a verdict's reason.
    [view('A', 1, a), view('B', 10, cost(104)), view('D', 15, cost(8)), view('C', 22, c, { verdictReason: 'its only await is of X' })],
    // A character typed on D's line before D: D's and C's ids (their start offsets) move, nothing else in their views.
    [view('A', 1, a), view('B', 10, cost(104)), view('D', 15, cost(8), { bodyId: 'method_declaration:601' }),
      view('C', 22, c, { verdictReason: 'its only await is of X', bodyId: 'method_declaration:881' })],
  ];
  let kept: KeptMethods | null = null;
  let last: KeptMethods | null = null;
  const nulls: number[] = [];
  lists.forEach((list, i) => {
    const sent = methodsToSend(last, list, i + 1);
    // What crosses is a structured clone: nothing the receiver rebuilds may be the sender's own object.
    const crossed = structuredClone(sent);
    nulls.push(crossed.views.filter((v) => v === null).length);
    const rebuilt = receivedMethods(crossed, kept);
    assert.ok(rebuilt, `list ${i} refused`);
    assert.deepEqual(rebuilt, list, `list ${i}`);
    kept = { id: crossed.id, views: rebuilt };
    last = { id: i + 1, views: list };
  });
  assert.deepEqual(nulls, [0, 2, 2, 0, 3, 4]);
});

test('a difference against another list than the one kept is refused, and a whole list is always taken', () => {
  const list = [view('A', 1, cost(72)), view('B', 10, cost(96))];
  const first = methodsToSend(null, list, 7);
  assert.equal(first.base, null);
  const second = methodsToSend({ id: 7, views: list }, list, 8);
  assert.equal(second.base, 7);
  assert.equal(receivedMethods(second, null), null);
  assert.equal(receivedMethods(second, { id: 6, views: list }), null);
  assert.equal(receivedMethods(second, { id: 7, views: list.slice(0, 1) }), null);
  assert.deepEqual(receivedMethods(second, { id: 7, views: list }), list);
  assert.deepEqual(receivedMethods(first, { id: 99, views: [] }), list);
});

test('a view that differs only in its bodyId crosses as null and is rebuilt with the new id, the kept one untouched', () => {
  const before = [view('A', 1, cost(72))];
  const after = [view('A', 1, cost(72), { bodyId: 'method_declaration:41' })];
  const sent = structuredClone(methodsToSend({ id: 1, views: before }, after, 2));
  assert.deepEqual(sent.views, [null]);
  assert.deepEqual(sent.bodyIds, ['method_declaration:41']);
  const kept = structuredClone(before);
  const rebuilt = receivedMethods(sent, { id: 1, views: kept });
  assert.deepEqual(rebuilt, after);
  assert.equal(kept[0].bodyId, 'method_declaration:40');
  // A difference whose id list does not match its views is refused rather than guessed.
  assert.equal(receivedMethods({ ...sent, bodyIds: [] }, { id: 1, views: kept }), null);
});

test('sameValue compares plain data by value, including absent against undefined keys', () => {
  assert.ok(sameValue({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null }));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!sameValue({ a: 1, b: undefined }, { a: 1 }));
  assert.ok(!sameValue([1, 2], { 0: 1, 1: 2 }));
  assert.ok(!sameValue({ a: [1, 2] }, { a: [1, 2, 3] }));
  assert.ok(!sameValue(null, {}));
});

test('a snapshot of a new revision is sent without writing its diagnostics as JSON; one of the same revision only when what it shows changed', () => {
  const diagnostics = [{ message: 'm', range: range(1) }];
  const methods = [view('A', 1, cost(72))];
  const sent: SentSnapshot = { head: '3|k', diagnostics, methods };
  assert.ok(snapshotChanged(null, sent));
  const next: SentSnapshot = { head: '4|k', diagnostics, methods };
  assert.ok(snapshotChanged(sent, next));
  assert.equal(sent.detail, undefined, 'a new revision needs no comparison of the contents');
  assert.ok(!snapshotChanged(next, { head: '4|k', diagnostics: structuredClone(diagnostics), methods: structuredClone(methods) }));
  assert.equal(next.detail, shownDetail(next));
  assert.ok(snapshotChanged(next, { head: '4|k', diagnostics: [], methods }));
  assert.ok(snapshotChanged(next, { head: '4|k', diagnostics, methods: [view('A', 1, cost(80))] }));
  assert.ok(snapshotChanged(next, { head: '4|other settings', diagnostics, methods }));
});

test('the engine digest of a document surface tells pieces apart by their boundaries and kinds', () => {
  const of = (build: (d: Digest) => Digest) => build(new Digest()).toString();
  assert.equal(of((d) => d.text('ab').text('c')), of((d) => d.text('ab').text('c')));
  assert.notEqual(of((d) => d.text('ab').text('c')), of((d) => d.text('a').text('bc')));
  assert.notEqual(of((d) => d.value(1)), of((d) => d.text('1')));
  assert.notEqual(of((d) => d.value(true)), of((d) => d.value(null)));
  assert.notEqual(of((d) => d.value(null)), of((d) => d.value(undefined).text('')));
  assert.notEqual(of((d) => d.text('M').value(2)), of((d) => d.text('M').value(3)));
});
