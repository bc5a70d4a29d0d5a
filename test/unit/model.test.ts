// The per-file model, checked as data: each case is a C# method and the facts the model must give.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, ready, repoRoot } from './support';
import { parse } from '../../server/src/parse/parser';
import { buildFileModel } from '../../server/src/model/extract';
import type { FileModel, MethodBody } from '../../server/src/model/types';

before(ready);

function modelOf(body: string, prefix = ''): FileModel {
  const text = `using System; using System.IO; using System.Threading; using System.Threading.Tasks; using System.Collections.Generic;\n${prefix}\nclass C {\n  int _f; Task<int> F(int x) => Task.FromResult(x); Task G() => Task.CompletedTask; static int Use(object o) => 0;\n${body}\n}\n`;
  const r = parse(text);
  const m = buildFileModel(r.tree!, text);
  r.tree!.delete();
  return m;
}

function method(body: string, name = 'M'): MethodBody {
  const m = modelOf(body).bodies.find((b) => b.name === name);
  assert.ok(m, `no body named ${name}`);
  return m!;
}

const live = (b: MethodBody) => b.locals.filter((l) => l.liveAcrossAwait).map((l) => l.name).sort();

const livenessCases: [string, string, string[]][] = [
  ['read after the await', 'async Task<int> M() { int a = 1; await G(); return a; }', ['a']],
  ['only read before the await', 'async Task<int> M() { int a = 1; Use(a); await G(); return 0; }', []],
  ['written by the await itself', 'async Task<int> M() { var a = await F(1); return a; }', []],
  ['reassigned after the await before the read', 'async Task<int> M() { int a = 1; await G(); a = 2; return a; }', []],
  ['reassigned only on one branch', 'async Task<int> M(bool b) { int a = 1; await G(); if (b) a = 2; return a; }', ['a']],
  ['loop counter across an await in the loop', 'async Task M() { for (int i = 0; i < 3; i++) { await G(); } }', ['i']],
  // `sum += await F(i)` keeps the old sum in a spill field, not a hoisted local (Loop_SumOfTenAwaitedInts in the calibration corpus).
  ['compound assignment of an await', 'async Task<int> M() { int sum = 0; for (int i = 0; i < 3; i++) { sum += await F(i); } return sum; }', ['i']],
  ['loop-carried accumulator written before the await', 'async Task<int> M() { int sum = 0; for (int i = 0; i < 3; i++) { sum = sum + i; await G(); } return sum; }', ['i', 'sum']],
  ['declared inside the loop body, used before the await only', 'async Task M() { for (int i = 0; i < 3; i++) { var t = i * 2; Use(t); await G(); } }', ['i']],
  ['foreach variable read after the await', 'async Task M(List<int> xs) { foreach (var x in xs) { await G(); Use(x); } }', ['x']],
  ['foreach variable read before the await only', 'async Task M(List<int> xs) { foreach (var x in xs) { Use(x); await G(); } }', []],
  ['while loop reads a variable set after the await', 'async Task M() { int n = 0; while (n < 3) { await G(); n++; } }', ['n']],
  ['using variable disposed after the await', 'async Task M() { using var s = new MemoryStream(); await G(); s.WriteByte(1); }', ['s']],
  ['out variable read after the await', 'async Task<int> M(Dictionary<int,int> d) { d.TryGetValue(1, out var v); await G(); return v; }', ['v']],
  ['pattern variable read after the await', 'async Task<int> M(object o) { if (o is int n) { await G(); return n; } return 0; }', ['n']],
  ['declared after the last await', 'async Task<int> M() { await G(); int a = 1; return a; }', []],
  ['two awaits, read between them', 'async Task<int> M() { int a = 1; await G(); Use(a); await G(); return 0; }', ['a']],
];

for (const [name, body, expected] of livenessCases) {
  test(`liveness: ${name}`, () => assert.deepEqual(live(method(body)), expected));
}

test('await operands are classified', () => {
  const m = method(`async Task M(Task t, ValueTask<int> v) {
    await Task.CompletedTask; await Task.FromResult(1); await ValueTask.FromResult(2); await new ValueTask<int>(3);
    await Task.Yield(); await Task.Delay(10); await Task.WhenAll(t); await F(1).ConfigureAwait(false); await t; await v; await (t);
    await default(ValueTask); }`);
  assert.deepEqual(m.awaits.map((a) => a.operand.kind), ['completedTask', 'fromResult', 'fromResult', 'fromResult', 'yield', 'delay', 'whenAll', 'call', 'variable', 'variable', 'variable', 'completedTask']);
  const configured = m.awaits[7].operand;
  assert.equal(configured.configureAwait, 'false');
  assert.equal(configured.text, 'F(1)');
  assert.deepEqual(configured.callee, { name: 'F', receiver: null, argumentCount: 1, typeArgumentCount: 0 });
});

test('await x?.M() is recognised as awaiting the whole chain (parser.md quirk 1)', () => {
  const m = method('async Task M(C? c) { await c?.G()!; }');
  assert.equal(m.awaits.length, 1);
});

test('regions around awaits: try, catch, finally, using, loops', () => {
  const m = method(`async Task M(List<int> xs) {
    try { await G(); } catch (Exception) { await G(); } finally { await G(); }
    using (var s = new MemoryStream()) { await G(); }
    foreach (var x in xs) { await G(); }
    await foreach (var y in Stream()) { }
  }
  async IAsyncEnumerable<int> Stream() { yield return 1; await Task.Yield(); }`);
  assert.deepEqual(m.awaits.map((a) => [a.kind, a.regions.map((r) => r.kind).join('>')]), [
    ['await', 'try'], ['await', 'catch'], ['await', 'finally'], ['await', 'using'], ['await', 'foreach'], ['awaitForeach', ''],
  ]);
});

test('spills: values computed before an await in the same expression', () => {
  const m = method('async Task<int> M(int x) { var list = new List<int>(); list.Add(await F(1)); return x + await F(2); }');
  assert.deepEqual(m.awaits.map((a) => a.spills.map((s) => `${s.role}:${s.text}`)), [['receiver:list'], ['leftOperand:x']]);
});

test('spills: awaited left operands, tuple elements, initialized objects, element assignments, and the statement they live in', () => {
  const m = method(`async Task M(int[] a, int i) {
    var s = await F(1) + await F(2);
    var t = (i, await F(3));
    var p = new KeyValuePair<int, int> { };
    a[i] = await F(4) * 2L;
    Use(string.Equals("x", await Task.FromResult("y")));
  }`);
  const spills = m.awaits.map((w) => w.spills.map((x) => `${x.role}:${x.text}${x.operator ? ` ${x.operator} ${x.otherOperandText}` : ''}`));
  assert.deepEqual(spills, [[], ['leftOperand:await F(1) + await F(2)'], ['argument:i'], ['assignmentTarget:a', 'assignmentTarget:i'], []]);
  const text = m.awaits.map((w) => w.statementSpan!.end - w.statementSpan!.start);
  assert.equal(text[0], text[1], 'both awaits of one statement share its span');
  const init = method('async Task M() { var p = new Point { X = 1, Y = await F(2) }; }', 'M');
  assert.deepEqual(init.awaits[0].spills.map((x) => `${x.role}:${x.text}`), ['initializedObject:Point']);
});

test('nested awaits: an await in another await\'s operand has the regions, spills and statement of the outer one, plus its own', () => {
  // The walk up from the inner await takes the rest from the outer await's answers (model/extract.ts
  // suspensionPointsOf), so each must equal what a walk of its own would find.
  const m = method(`async Task<int> M(int x, object gate) {
    try {
      using (var s = new MemoryStream()) {
        return x + Use(await F(Use(s) + await F(x > 0 ? await F(2) : 3)));
      }
    } catch (Exception) { return 0; }
  }`);
  const regions = m.awaits.map((w) => w.regions.map((r) => r.detail ? `${r.kind}(${r.detail})` : r.kind).join(' < '));
  assert.deepEqual(regions, ['using(var s = new MemoryStream()) < try', 'using(var s = new MemoryStream()) < try', 'conditional(x > 0) < using(var s = new MemoryStream()) < try']);
  const spills = m.awaits.map((w) => w.spills.map((x) => `${x.role}:${x.text}`));
  assert.deepEqual(spills, [['leftOperand:x'], ['leftOperand:Use(s)', 'leftOperand:x'], ['leftOperand:Use(s)', 'leftOperand:x']]);
  const statements = new Set(m.awaits.map((w) => `${w.statementSpan!.start}-${w.statementSpan!.end}`));
  assert.equal(statements.size, 1, 'the three awaits share their return statement');
});

test('returns: literals, awaits and whether they precede every await', () => {
  const m = method(`async Task<int> M(Dictionary<int,int> cache, int k) {
    if (cache.TryGetValue(k, out var v)) return v;
    if (k < 0) return -1;
    var r = await F(k);
    return 42; }`);
  assert.deepEqual(m.returns.map((r) => [r.expressionText, r.literal?.value ?? null, r.beforeAnyAwait, r.conditionText]), [
    ['v', null, true, 'cache.TryGetValue(k, out var v)'], ['-1', '-1', true, 'k < 0'], ['42', '42', false, null],
  ]);
  assert.equal(method('async Task<long> M() => 5L;').returns[0].literal?.kind, 'long');
});

test('return kinds of every async body kind', () => {
  const m = modelOf(`
    async void V() { await G(); }
    async Task T() { await G(); }
    async Task<int> TI() { return await F(1); }
    async ValueTask VT() { await G(); }
    async ValueTask<int> VTI() => await F(1);
    async IAsyncEnumerable<int> AE() { await G(); yield return 1; }
    async System.Threading.Tasks.Task<string?> Q() { await G(); return null; }
    void Host() { Func<Task<int>> f = async () => await F(1); Action a = async delegate { await G(); }; async Task<int> Local() => await F(2); }`);
  const kinds = Object.fromEntries(m.bodies.filter((b) => b.isAsync).map((b) => [b.name, [b.returnKind, b.resultTypeText]]));
  assert.deepEqual(kinds, {
    V: ['void', null], T: ['Task', null], TI: ['TaskOfT', 'int'], VT: ['ValueTask', null], VTI: ['ValueTaskOfT', 'int'],
    AE: ['IAsyncEnumerable', 'int'], Q: ['TaskOfT', 'string?'], '<lambda in f>': ['TaskOfT', 'int'], '<lambda in a>': ['void', null], Local: ['TaskOfT', 'int'],
  });
});

test('this use: explicit, through an instance member, and not for static or local-only bodies', () => {
  const m = modelOf(`
    async Task<int> UsesField() { await G(); return _f; }
    async Task<int> UsesThis() { await Task.Yield(); return this.GetHashCode(); }
    async Task<int> NoThis(int x) { await Task.Yield(); return x; }
    static async Task<int> Static() { await Task.Yield(); return 1; }`);
  const uses = Object.fromEntries(m.bodies.filter((b) => b.isAsync).map((b) => [b.name, b.usesThis]));
  assert.deepEqual(uses, { UsesField: true, UsesThis: true, NoThis: false, Static: false });
});

test('parameters referenced anywhere are marked, unreferenced ones are not', () => {
  const m = method('async Task<int> M(int used, int unused, CancellationToken ct) { await Task.Delay(1, ct); return used; }');
  assert.deepEqual(m.parameters.map((p) => [p.name, p.referenced]), [['used', true], ['unused', false], ['ct', true]]);
});

test('a token parameter kept in a field, directly or linked into a kept token source, is marked kept; one used or kept in a local is not', () => {
  const kept = (body: string) => method(body).parameters.filter((p) => p.kept).map((p) => p.name);
  assert.deepEqual(kept('CancellationToken _t; Task M(CancellationToken t) { _t = t; return Task.CompletedTask; }'), ['t']);
  assert.deepEqual(kept('CancellationToken T { get; set; } void M(CancellationToken t) { this.T = t; }'), ['t']);
  assert.deepEqual(kept('CancellationTokenSource? _cts; async Task M(CancellationToken t) { _cts = CancellationTokenSource.CreateLinkedTokenSource(t, CancellationToken.None); await Task.Delay(1, _cts.Token); }'), ['t']);
  assert.deepEqual(kept('async Task M(CancellationToken t) { using var cts = CancellationTokenSource.CreateLinkedTokenSource(t); var copy = t; await Task.Delay(1, cts.Token); }'), []);
  assert.deepEqual(kept('bool _same; CancellationToken _t; void M(CancellationToken t) { _same = _t == t; }'), []);
  assert.deepEqual(kept('async Task M(CancellationToken t) { await Task.Delay(1, t); }'), []);
});

test('a params array is a parameter, though the grammar leaves it unwrapped; declarations list its type too', () => {
  const m = method('async Task<int> M(string name, params int[] values) { await Task.Yield(); return values.Length; }');
  assert.deepEqual(m.parameters.map((p) => [p.name, p.typeText, p.modifiers, p.referenced]), [['name', 'string', [], false], ['values', 'int[]', ['params'], true]]);
  const declared = modelOf('async Task<int> M(string name, params int[] values) { await Task.Yield(); return values.Length; }').types[0].members.find((x) => x.name === 'M');
  assert.deepEqual(declared?.parameterTypes, ['string', 'int[]']);
});

test('dual paths: the flag of a parameter, of the enclosing method, of a field; calls on the synchronous branch are marked', () => {
  const file = modelOf(`bool _async; Stream _s = Stream.Null;
  async Task A(bool async) { if (async) await _s.FlushAsync(); else _s.Flush(); void Local() { if (!async) _s.Flush(); } Local(); }
  async Task B() { if (_async) { await _s.FlushAsync(); return; } _s.Flush(); }
  async Task C(bool async) { var inner = (bool async2) => { if (async) _s.Flush(); }; await Task.Yield(); }`);
  const onSync = (name: string) => file.bodies.filter((b) => b.name === name).flatMap((b) => b.calls.filter((c) => c.name === 'Flush').map((c) => c.onSyncPath));
  assert.deepEqual(onSync('A'), [true]);
  assert.deepEqual(onSync('Local'), [true]);
  assert.deepEqual(onSync('B'), [true]);
  assert.deepEqual(file.bodies.find((b) => b.name === 'A')?.asyncFlag, 'async');
  assert.deepEqual(file.bodies.find((b) => b.name === 'B')?.asyncFlag, '_async');
  // In the lambda the flag is true when Flush runs: not the synchronous branch.
  assert.deepEqual(file.bodies.filter((b) => b.kind === 'lambda').flatMap((b) => b.calls.map((c) => c.onSyncPath)), [false]);
});

test('task waits and their known-completion reasons', () => {
  const m = method(`async Task<int> M(Task<int> a, Task<int> b, Task<int> c) {
    var x = c.Result;
    await Task.WhenAll(a, b);
    var y = a.Result + b.GetAwaiter().GetResult();
    if (c.IsCompletedSuccessfully) { Use(c.Result); }
    c.Wait();
    Task.WaitAll(a, b);
    var z = nameof(Task<int>.Result);
    return x + y; }`);
  assert.deepEqual(m.waits.map((w) => [w.kind, w.receiverText, w.knownCompleted !== null, w.inNameof]), [
    ['result', 'c', false, false],
    ['result', 'a', true, false],
    ['getResult', 'b', true, false],
    ['result', 'c', true, false],
    ['wait', 'c', false, false],
    ['waitAll', 'a, b', false, false],
    ['result', 'Task<int>', false, true],
  ]);
});

test('a ContinueWith callback knows its antecedent completed', () => {
  const m = modelOf('void M(Task<int> t) { t.ContinueWith(p => Use(p.Result)); }');
  const lambda = m.bodies.find((b) => b.kind === 'lambda')!;
  assert.match(lambda.waits[0].knownCompleted ?? '', /ContinueWith/);
});

test('call usage: awaited, returned, stored, blocked, discarded, argument', () => {
  const m = method(`async Task<int> M() {
    await F(1); var t = F(2); F(3).Wait(); F(4); Use(F(5)); await F(6).ConfigureAwait(false); return await F(7); }`);
  assert.deepEqual(m.calls.filter((c) => c.name === 'F').map((c) => c.usage), ['awaited', 'stored', 'blocked', 'discarded', 'argument', 'awaited', 'awaited']);
});

test('nested bodies own their own awaits and waits', () => {
  const m = modelOf('async Task M(Task<int> t) { await G(); void Sync() { t.Wait(); } Func<Task> f = async () => await G(); Sync(); }');
  const outer = m.bodies.find((b) => b.name === 'M')!;
  const sync = m.bodies.find((b) => b.name === 'Sync')!;
  assert.equal(outer.awaits.length, 1);
  assert.equal(outer.waits.length, 0);
  assert.equal(sync.waits.length, 1);
  assert.equal(sync.isAsync, false);
  assert.equal(sync.parentId, outer.id);
});

test('type declarations: struct fields, auto-property backing fields, record struct positional fields, enum base types', () => {
  const m = modelOf('', `struct S { public int A; decimal _d; public string Name { get; set; } public int Calc => A; static int Z; const int K = 1; }
record struct P(int X, long Y);
enum E : byte { A }
enum F { B }`);
  const s = m.types.find((t) => t.name === 'S')!;
  assert.deepEqual(s.instanceFields.map((f) => `${f.typeText} ${f.name}`), ['int A', 'decimal _d', 'string <Name>k__BackingField']);
  assert.deepEqual(m.types.find((t) => t.name === 'P')!.instanceFields.map((f) => f.typeText), ['int', 'long']);
  assert.equal(m.types.find((t) => t.name === 'E')!.enumUnderlyingType, 'byte');
  assert.equal(m.types.find((t) => t.name === 'F')!.enumUnderlyingType, 'int');
});

test('type declarations: enum members with their implicit values, const fields and readonly fields', () => {
  const m = modelOf('', `enum Level { Low = 1, High, Off = 0, Max = High + 1 }
static class K { public const int A = 5, B = A + 1; public static readonly int R = 2; public static int W = 3; }`);
  assert.deepEqual(m.types.find((t) => t.name === 'Level')!.constants.map((c) => `${c.typeText} ${c.name} = ${c.valueText}`),
    ['Level Low = 1', 'Level High = Low + 1', 'Level Off = 0', 'Level Max = High + 1']);
  const k = m.types.find((t) => t.name === 'K')!;
  assert.deepEqual(k.constants.map((c) => `${c.typeText} ${c.name} = ${c.valueText}`), ['int A = 5', 'int B = A + 1']);
  assert.deepEqual(k.members.filter((x) => x.isReadonly).map((x) => x.name), ['A', 'B', 'R']);
});

test('primary constructors: parameters a member reads are captured (a struct holds them), `this` is used through them', () => {
  const m = modelOf('', `class S(int seed, string name) { int _copy = seed; async Task<int> Reads() { await Task.Yield(); return name.Length; } async Task<int> Hides(int name) { await Task.Yield(); return name; } }
struct V(long value, int unused) { int _u = unused; long Get() => value; }`);
  const s = m.types.find((t) => t.name === 'S')!;
  assert.deepEqual(s.primaryConstructorParameters, [{ name: 'seed', typeText: 'int', captured: false }, { name: 'name', typeText: 'string', captured: true }]);
  assert.deepEqual(m.types.find((t) => t.name === 'V')!.instanceFields.map((f) => `${f.typeText} ${f.name}`), ['long <value>P', 'int _u']);
  const uses = Object.fromEntries(m.bodies.filter((b) => b.isAsync).map((b) => [b.name, b.usesThis]));
  assert.deepEqual(uses, { Reads: true, Hides: false });
});

test('methods with syntax errors are listed as skipped; clean methods in the same file are analysed', () => {
  const text = 'using System.Threading.Tasks;\nclass C {\n  async Task Good() { await Task.Yield(); }\n  async Task Bad() { await ; var x = ; }\n}\n';
  const r = parse(text);
  const m = buildFileModel(r.tree!, text);
  r.tree!.delete();
  assert.ok(m.syntaxErrors.length > 0);
  assert.deepEqual(m.skipped.map((s) => s.name), ['Bad']);
  assert.equal(m.bodies.find((b) => b.name === 'Good')!.awaits.length, 1);
});

test('top-level statements form one body that is an entry point', () => {
  const text = 'using System.Threading.Tasks;\nawait Task.Delay(1);\nvar t = Task.FromResult(1);\nSystem.Console.WriteLine(t.Result);\n';
  const r = parse(text);
  const m = buildFileModel(r.tree!, text);
  r.tree!.delete();
  const top = m.bodies.find((b) => b.kind === 'topLevel')!;
  assert.equal(top.isEntryPoint, true);
  assert.equal(top.isAsync, true);
  assert.equal(top.awaits.length, 1);
});

test('a model built with the body cache equals a fresh model after every edit', () => {
  let text = `using System; using System.Threading.Tasks; using System.Collections.Generic;
class C {
  int _f;
  Task<int> F(int x) => Task.FromResult(x);
  async Task<int> M(Task<int> t, List<int> xs) {
    int sum = 0;
    foreach (var x in xs) { sum = sum + x; await Task.Yield(); }
    Func<Task<int>> f = async () => await F(sum);
    await Task.WhenAll(t);
    void Local() { Console.WriteLine(t.Result); }
    Local();
    return sum + _f + await f();
  }
  async Task N() { await Task.Delay(1); var y = _f; }
}
`;
  const { createModelCache } = require('../../server/src/model/bodyCache') as typeof import('../../server/src/model/bodyCache');
  const cache = createModelCache();
  const edits: [string, string][] = [
    ['', ''],
    ['using System;', 'using System; // a comment that moves everything\n'],
    ['sum = sum + x;', 'sum = sum + x + 1;'],
    ['int _f;', 'int _g;'],
    ['Func<Task<int>> f', 'Func<Task<long>> f'],
    ['await Task.Delay(1);', 'await Task.Delay(1); await Task.Yield();'],
    ['void Local()', 'async Task Local()'],
  ];
  for (const [from, to] of edits) {
    text = text.replace(from, to);
    const r = parse(text);
    const cached = buildFileModel(r.tree!, text, cache);
    const fresh = buildFileModel(r.tree!, text);
    r.tree!.delete();
    assert.deepEqual(cached, fresh, `after replacing ${JSON.stringify(from)}`);
  }
  assert.ok(cache.entries.size > 0);
});

test('the body cache gives the captured names and wait reasons a fresh model gives when the same lambda text means different things in two methods', async () => {
  // `() => a + 1` has the same cache key in both methods, but captures the local `a` only in the first; `() => t.Result`
  // waits on a task awaited before only in Third. What the file-wide passes give a body comes from the cache entry
  // of the outermost function, never from a lambda's own (shared) entry.
  const { createModelCache } = require('../../server/src/model/bodyCache') as typeof import('../../server/src/model/bodyCache');
  let text = `using System;
class C {
  int a;
  int First() { int a = 1; Func<int> f = () => a + 1; return f(); }
  int Second() { Func<int> f = () => a + 1; return f(); }
  async Task<int> Third(Task<int> t) { await t; Func<int> g = () => t.Result; return g(); }
  int Fourth(Task<int> t) { Func<int> g = () => t.Result; return g(); }
}
`;
  const cache = createModelCache();
  for (const [from, to] of [['', ''], ['using System;', 'using System; // moves every body\n'], ['int Second()', 'int Second2()'], ['int a = 1;', 'int b = 1;']]) {
    text = text.replace(from, to);
    const r = parse(text);
    const cached = buildFileModel(r.tree!, text, cache);
    const fresh = buildFileModel(r.tree!, text);
    r.tree!.delete();
    assert.deepEqual(cached, fresh, `after replacing ${JSON.stringify(from)}`);
    const lambdas = cached.bodies.filter((b) => b.kind === 'lambda');
    assert.deepEqual(lambdas.map((b) => b.capturedNames), [from === 'int a = 1;' ? [] : ['a'], [], ['t'], ['t']]);
    assert.deepEqual(lambdas.slice(2).map((b) => b.waits.map((w) => w.knownCompleted !== null)), [[true], [false]]);
  }
});

test('splitCallText takes a call apart at its own argument list, not at a call among its arguments', async () => {
  const { splitCallText } = await import('../../server/src/model/syntax');
  assert.deepEqual(splitCallText('Write(c, Processor.Create(log))'), { receiver: null, name: 'Write', argumentsText: 'c, Processor.Create(log)' });
  assert.deepEqual(splitCallText('Write(c, P.Create(log)).NoContext()'), { receiver: 'Write(c, P.Create(log))', name: 'NoContext', argumentsText: '' });
  assert.deepEqual(splitCallText('_db.Set<List<int>>( a )'), { receiver: '_db', name: 'Set', argumentsText: ' a ' });
  assert.deepEqual(splitCallText('x?.M(1)'), { receiver: 'x?', name: 'M', argumentsText: '1' });
  assert.equal(splitCallText('new Foo(1)'), null);
  assert.equal(splitCallText('a + M(1)'), null);
  assert.equal(splitCallText('(1)'), null);
  assert.equal(splitCallText('M(1) + 2'), null);
});

test('the text readers that work from the end answer as the regular expressions they replace, on random text', async () => {
  const { trailingIdentifier, withoutTrailingBangs } = await import('../../server/src/model/syntax');
  // A seeded generator over the characters that matter: word characters, digits, white space (a no-break space
  // among it), the null-forgiving operator and a few others.
  let seed = 14;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = ['a', 'Z', '_', '0', '7', ' ', '\t', '\n', '\u00a0', '!', '.', '(', ')', '@', '<', '>'];
  for (let i = 0; i < 5000; i++) {
    const text = Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    assert.equal(trailingIdentifier(text), /[A-Za-z_]\w*$/.exec(text)?.[0] ?? null, JSON.stringify(text));
    assert.equal(withoutTrailingBangs(text), text.replace(/\s*!+$/, ''), JSON.stringify(text));
  }
  assert.equal(trailingIdentifier('a.Alter(x).Build', 'a.Alter(x).Bu'.length), 'Bu');
  // Texts made of the tokens around a ConfigureAwait, for the suffix it removes.
  const { withoutConfigureAwait } = await import('../../server/src/workspace/typing');
  const tokens = ['.', ' ', 'ConfigureAwait', '(', ')', 'false', 'x', '\n', 'await '];
  for (let i = 0; i < 5000; i++) {
    const text = Array.from({ length: Math.floor(next() * 9) }, () => tokens[Math.floor(next() * tokens.length)]).join('');
    assert.equal(withoutConfigureAwait(text), text.trim().replace(/\.\s*ConfigureAwait\s*\([^()]*\)\s*$/, ''), JSON.stringify(text));
  }
  // Texts made of the tokens before an awaited call, for ASY024's "awaited as a statement", at every offset.
  const { awaitedAsStatement } = await import('../../server/src/rules/asy024-valuetask-misuse');
  const before = ['await', ' ', '\n', '(', ';', '{', '}', 'x', 'a', '\u00a0', '=', 'await('];
  for (let i = 0; i < 5000; i++) {
    const text = Array.from({ length: Math.floor(next() * 9) }, () => before[Math.floor(next() * before.length)]).join('');
    for (let at = 0; at <= text.length; at++) {
      assert.equal(awaitedAsStatement(text, at), /(?:^|[;{}])\s*await\s*\(?\s*$/.test(text.slice(0, at)), JSON.stringify([text, at]));
    }
  }
});

test('a deconstruction declares each name of its tuple pattern, with its place in the tuple and no initializer of its own', () => {
  const b = method('async Task M(CancellationToken ct) { var (token, /* why */ (_, count), last) = Make(ct); await Task.Delay(count, token); Use(last); }');
  assert.deepEqual(b.locals.map((l) => [l.name, l.kind, l.typeText, l.initializerText, l.deconstructs]), [
    ['token', 'local', null, null, { initializerText: 'Make(ct)', element: [0] }],
    ['count', 'local', null, null, { initializerText: 'Make(ct)', element: [1, 1] }],
    ['last', 'local', null, null, { initializerText: 'Make(ct)', element: [2] }],
  ]);
});

test('a local written by a deconstruction or as a named out argument is assigned again; one a tuple only reads is not', () => {
  const again = (code: string) => Object.fromEntries(method(code).locals.map((l) => [l.name, l.assignedAgain]));
  // Each row: the body, and assignedAgain of each local declared with a value.
  const rows: [string, Record<string, boolean | undefined>][] = [
    ['void M() { var a = F(1); int b; (a, b) = (2, 3); Use(a); }', { a: true, b: undefined }],
    ['void M() { var a = F(1); var b = 0; ((b, a), _) = ((1, F(2)), 3); Use(a); }', { a: true, b: true }],
    ['void M() { var a = F(1); (a, var b) = (F(2), 3); Use(b); }', { a: true, b: undefined }],
    ['void M() { var a = "1"; int.TryParse("2", result: out var n); Use(n); int.TryParse(a, result: out n); }', { a: false, n: undefined }],
    ['void M() { var n = 1; int.TryParse("2", result: out n); Use(n); }', { n: true }],
    ['void M() { var a = 1; var b = 2; var t = (a, b); Use(t); (b, a) = t; }', { a: true, b: true, t: false }],
    ['void M() { var a = 1; var b = 2; var t = (a, b); Use(t); }', { a: false, b: false, t: false }],
  ];
  for (const [code, expected] of rows) assert.deepEqual(again(code), expected, code);
});

test('tupleElementType reads an element of a tuple type, its name dropped, through nested tuples and ValueTuple<...>', async () => {
  const { tupleElementType } = await import('../../server/src/model/syntax');
  assert.equal(tupleElementType('(CancellationToken Token, CancellationTokenSource? TimeoutSource)', [0]), 'CancellationToken');
  assert.equal(tupleElementType('(CancellationToken Token, CancellationTokenSource? TimeoutSource)', [1]), 'CancellationTokenSource?');
  assert.equal(tupleElementType('(Dictionary<string, int> Map, int)', [0]), 'Dictionary<string, int>');
  assert.equal(tupleElementType('System.ValueTuple<int, (string Name, bool Ok)>', [1, 0]), 'string');
  assert.equal(tupleElementType('(int, int)', [2]), null);
  assert.equal(tupleElementType('KeyValuePair<string, int>', [0]), null);
});

/**
 * The large-document thread sends models to the engine as JSON (lsp/engine/largeDocuments.ts), which keeps only
 * plain data: where a model held a Map, a Set, an undefined array element or a non-finite number, the engine would
 * read something other than what the model said. The first such value in a fixture's model, or null.
 */
function notJsonSafe(value: unknown, path: string): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? null : `${path} is ${value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = value[i] === undefined ? `${path}[${i}] is undefined` : notJsonSafe(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `${path} is a ${proto?.constructor?.name ?? 'class instance'}`;
    for (const [key, field] of Object.entries(value as object)) {
      // An undefined property is left out by JSON and reads as undefined on the other side alike.
      const found = field === undefined ? null : notJsonSafe(field, `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return `${path} is a ${typeof value}`;
}

/** The model of every fixture that parses, with its file (the tree is deleted once the model is built). */
function* fixtureModels(): Generator<{ file: string; model: FileModel }> {
  const files = listFiles(path.join(repoRoot, 'test', 'fixtures'), '.cs');
  assert.ok(files.length > 100);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const r = parse(text);
    if (!r.tree) continue;
    const model = buildFileModel(r.tree, text, undefined, r.prepared);
    r.tree.delete();
    yield { file, model };
  }
}

test('every fixture model is plain data that survives JSON (the large-document thread sends models so)', () => {
  for (const { file, model } of fixtureModels()) assert.equal(notJsonSafe(model, 'model'), null, file);
});

test('a model sent as a difference (unchanged bodies as references into the last one sent) rebuilds exactly, over edits to every fixture', async () => {
  // lsp/engine/modelTransfer.ts: the large-document thread sends a body the body cache reused as a reference into
  // the engine's previous model, moved by the edit. Across a sequence of edits (text before every body, inside one
  // body, a new member, a renamed type) the engine's copy, rebuilt from JSON as it crosses, must equal a model built
  // afresh from the same text.
  const { createModelCache } = await import('../../server/src/model/bodyCache');
  const { bodiesToSend, receivedBodies, isReusedBody } = await import('../../server/src/lsp/engine/modelTransfer');
  const { declarationsDigestOf } = await import('../../server/src/analysis/ruleCache');
  const { resolutionSurface } = await import('../../server/src/workspace/completion');
  const files = listFiles(path.join(repoRoot, 'test', 'fixtures'), '.cs');
  let references = 0;
  for (const file of files) {
    const original = fs.readFileSync(file, 'utf8');
    const cache = createModelCache();
    let sent: ReturnType<typeof bodiesToSend>['sent'] = null;
    let engine: MethodBody[] | null = null;
    const firstBrace = original.indexOf('{');
    const middleBrace = original.indexOf('{', original.length >> 1);
    const classAt = original.indexOf('class ');
    const texts = [
      original,
      `// a line that moves every body\n${original}`,
      firstBrace < 0 ? null : `${original.slice(0, firstBrace + 1)} int _inserted; ${original.slice(firstBrace + 1)}`,
      middleBrace < 0 ? null : `${original.slice(0, middleBrace + 1)} ;${original.slice(middleBrace + 1)}`,
      classAt < 0 ? null : `${original.slice(0, classAt + 6)}Renamed${original.slice(classAt + 6)}`,
      original,
    ].filter((t): t is string => t !== null);
    for (const [step, text] of texts.entries()) {
      const r = parse(text);
      if (!r.tree) continue;
      const cached = buildFileModel(r.tree, text, cache, r.prepared);
      const fresh = buildFileModel(r.tree, text, undefined, r.prepared);
      r.tree.delete();
      const out = bodiesToSend(cached.bodies, cache.provenance, step, sent);
      references += out.bodies.filter(isReusedBody).length;
      const rebuilt = receivedBodies(JSON.parse(JSON.stringify(out.bodies)), sent ? engine : null);
      assert.ok(rebuilt, `${file}, step ${step}: a reference outside the last model`);
      assert.deepEqual(rebuilt, JSON.parse(JSON.stringify(fresh.bodies)), `${file}, step ${step}`);
      // The digests the thread sends with the model (largeDocuments.ts) are those of the engine's rebuilt copy.
      const received = { ...(JSON.parse(JSON.stringify({ ...cached, bodies: [] })) as FileModel), bodies: rebuilt! };
      assert.equal(declarationsDigestOf(received), declarationsDigestOf(cached), `${file}, step ${step}: declarations digest`);
      // The thread hashes the headers of reused bodies once per cache entry (its provenance); the digest is the same.
      const again = { ...cached, bodies: cached.bodies.slice() };
      assert.equal(declarationsDigestOf(again, cache.provenance), declarationsDigestOf(fresh), `${file}, step ${step}: declarations digest through the body cache`);
      assert.equal(resolutionSurface(received), resolutionSurface(cached), `${file}, step ${step}: resolution surface`);
      sent = out.sent;
      engine = rebuilt;
    }
  }
  assert.ok(references > 1000, `only ${references} bodies crossed as references`);
});

test('movedBody moves a body exactly as the generic rebase does, on every body of every fixture', async () => {
  // model/bodyCache.ts movedBody lists the offset-bearing keys of each record by hand (the generic walk was the
  // largest step of a keystroke): a field with an offset it does not list, or a key it adds, drops or reorders,
  // shows here. deepStrictEqual tells a missing key from one holding undefined; the JSON compares key order, which
  // digests of the model depend on.
  const { movedBody, rebase } = await import('../../server/src/model/bodyCache');
  let bodies = 0;
  for (const { file, model } of fixtureModels()) {
    for (const body of model.bodies) {
      for (const delta of [37, -body.span.start]) {
        const moved = movedBody(body, delta);
        const expected = rebase(body, delta);
        assert.deepStrictEqual(moved, expected, `${file}: ${body.id} moved by ${delta}`);
        assert.equal(JSON.stringify(moved), JSON.stringify(expected), `${file}: ${body.id} moved by ${delta}, key order`);
      }
      bodies++;
    }
  }
  assert.ok(bodies > 1500, `only ${bodies} bodies`);
});

test('the body cache gives a fresh model when the preprocessing symbols change and the text does not', async () => {
  // A project change (DefineConstants, another target) keeps every method's text but changes which `#if` branch
  // is code: the method with `await` only under DEBUG must not keep the body it had without DEBUG.
  const { createModelCache } = await import('../../server/src/model/bodyCache');
  const { modelFile } = await import('../../server/src/analysis/project');
  const text = `using System.Threading.Tasks;
class C {
  async Task<int> M() {
#if DEBUG
    await Task.Yield();
#endif
    return 1;
  }
}
`;
  const cache = createModelCache();
  for (const symbols of [[], ['DEBUG'], []]) {
    const cached = modelFile(text, null, cache, { preprocessorSymbols: symbols });
    const fresh = modelFile(text, null, undefined, { preprocessorSymbols: symbols });
    cached.tree?.delete();
    fresh.tree?.delete();
    assert.deepEqual(cached.model, fresh.model, `symbols ${symbols.join(',')}`);
    assert.equal(cached.model.bodies.find((b) => b.name === 'M')!.awaits.length, symbols.includes('DEBUG') ? 1 : 0);
  }
});

test('C# 14 extension blocks: members are static methods of the class around the block, the receiver their first parameter', () => {
  const text = `using System.Collections.Generic; using System.Linq; using System.Threading.Tasks;
static class Paging {
  extension<T>(IQueryable<T> source) where T : class {
    public async Task<List<T>> PageAsync<TKey>(int size) where TKey : struct { await Task.Yield(); return source.Take(size).ToList(); }
    public bool IsEmpty => !source.Any();
    public static Task<int> NoneAsync() => Task.FromResult(0);
  }
  extension(string text) { public Task<int> LengthLaterAsync() => Task.Run(() => text.Length); }
}`;
  const r = parse(text);
  const m = buildFileModel(r.tree!, text);
  r.tree!.delete();
  assert.deepEqual(m.syntaxErrors, []);
  assert.deepEqual(m.types.map((t) => t.name), ['Paging']);
  const signature = (name: string) => m.types[0].members.find((x) => x.name === name)!;
  assert.deepEqual(signature('PageAsync').parameters!.map((p) => `${p.modifiers.join(' ')} ${p.typeText} ${p.name}`), ['this IQueryable<T> source', ' int size']);
  assert.deepEqual([signature('PageAsync').typeParameters, signature('PageAsync').isStatic], [['T', 'TKey'], true]);
  assert.deepEqual(signature('NoneAsync').parameterTypes, []);
  const body = (name: string) => m.bodies.find((b) => b.name === name)!;
  const page = body('PageAsync');
  assert.deepEqual([page.kind, page.containingType, page.isStatic, page.usesThis], ['method', 'Paging', true, false]);
  assert.deepEqual(page.parameters.map((p) => `${p.modifiers.join(' ')} ${p.typeText} ${p.name} ${p.referenced}`), ['this IQueryable<T> source true', ' int size true']);
  assert.deepEqual([page.typeParameters, page.typeParameterConstraints], [['T', 'TKey'], { T: ['class'], TKey: ['struct'] }]);
  assert.deepEqual(body('get_IsEmpty').parameters.map((p) => p.name), ['source']);
  assert.deepEqual(body('NoneAsync').parameters, []);
  // A lambda in a member captures the receiver as it would any parameter of the method.
  const lambda = m.bodies.find((b) => b.kind === 'lambda')!;
  assert.deepEqual([lambda.containingType, lambda.capturedNames], ['Paging', ['text']]);
});

const soleStatementCases: [string, string, MethodBody['soleStatement']][] = [
  ['a catch-all that throws again only in the else of a default-null test',
    'async Task<bool> M(Func<Task> work, Type? rethrowFor = null) { try { await work(); return true; } catch (Exception e) { if (rethrowFor is null || rethrowFor.IsInstanceOfType(e)) { return false; } else throw; } }',
    { kind: 'catchAll', rethrowsWhenPassed: ['rethrowFor'] }],
  ['a catch-all whose throw follows an if that returns while the parameter is null',
    'async Task<int> M(Func<Task<int>> work, Type? rethrowFor = default) { try { return await work(); } catch (Exception) { if (rethrowFor == null) { return 0; } throw; } }',
    { kind: 'catchAll', rethrowsWhenPassed: ['rethrowFor'] }],
  ['a bare catch that throws nothing', 'async Task M(Func<Task> work) { try { await work(); } catch { } }', { kind: 'catchAll', rethrowsWhenPassed: [] }],
  ['a catch that always throws again', 'async Task M(Func<Task> work) { try { await work(); } catch (Exception) { throw; } }', undefined],
  ['a filtered catch', 'async Task M(Func<Task> work, bool quiet) { try { await work(); } catch (Exception) when (quiet) { } }', undefined],
  ['a try with a finally that calls a method', 'async Task M(Func<Task> work) { try { await work(); } catch { } finally { Use(0); } }', { kind: 'catchAll', rethrowsWhenPassed: [], finallyCalls: ['Use(0)'] }],
  ['a finally call under a null test', 'async Task M(Func<Task> work) { try { await work(); } catch { } finally { if (App.Watcher is not null) Safe.Run(() => App.Watcher.On = true); } }', { kind: 'catchAll', rethrowsWhenPassed: [], finallyCalls: ['Safe.Run(() => App.Watcher.On = true)'] }],
  ['a finally call under another test', 'async Task M(Func<Task> work) { try { await work(); } catch { } finally { if (App.Count > 0) Use(0); } }', undefined],
  ['a finally assignment of a call', 'async Task M(Func<Task> work) { try { await work(); } catch { } finally { _x = Use(0); } }', undefined],
  ['a guard parameter the body assigns', 'async Task M(Func<Task> work, Type? t = null) { try { t = typeof(int); await work(); } catch (Exception) { if (t is null) { return; } throw; } }', undefined],
  ['a statement before the try', 'async Task M(Func<Task> work) { Use(0); try { await work(); } catch { } }', undefined],
  ['one await of a call', 'async Task M() { await G().ConfigureAwait(false); }', { kind: 'await', operandText: 'G().ConfigureAwait(false)' }],
  ['an expression-bodied await', 'async Task<int> M() => await F(1);', { kind: 'await', operandText: 'F(1)' }],
  ['a returned call without async', 'Task M() { return G(); }', { kind: 'return', expressionText: 'G()' }],
];

for (const [name, code, expected] of soleStatementCases) {
  test(`sole statement: ${name}`, () => {
    assert.deepEqual(method(code).soleStatement, expected);
  });
}

test('a parameter the body or a nested function assigns is marked written, one it only reads is not', () => {
  const written = (code: string) => Object.fromEntries(method(code).parameters.map((p) => [p.name, p.written === true]));
  assert.deepEqual(written('Task M(Task a, Task b, int n, int k, int r) { a = G(); n += 1; Func<int> f = () => k++; Use(b); Use(r); return b; }'),
    { a: true, b: false, n: true, k: true, r: false });
  assert.deepEqual(written('void M(int a, int b) { int.TryParse("1", out a); Use(b); }'), { a: true, b: false });
});

test('a file\'s mentioned names: upper-case identifiers with a plain qualifier kept, its own type declarations left out', () => {
  const text = 'using Acme.Cli;\nnamespace Acme.Tray;\nstatic class Program {\n  static void Main(string[] args) {\n    var options = Acme.Cli.OptionParser.Parse(args);\n    Settings.Default.Save(Load().Value, options);\n    var count = args.Length;\n  }\n  static Box Load() => new Box();\n}\n';
  const r = parse(text);
  const m = buildFileModel(r.tree!, text);
  r.tree!.delete();
  // `Program` is only declared here; `Load().Value` has a call in its qualifier, so Value stands alone; `count` and
  // `args` are camelCase and left out, and `args.Length`, a value's member, is `.Length`.
  assert.deepEqual(m.mentionedNames, ['.Length', 'Acme', 'Acme.Cli', 'Acme.Cli.OptionParser', 'Acme.Cli.OptionParser.Parse', 'Acme.Tray', 'Box', 'Load', 'Main', 'Settings', 'Settings.Default', 'Settings.Default.Save', 'Value']);
});
