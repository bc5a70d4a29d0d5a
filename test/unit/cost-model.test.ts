// The cost model checked as data: the worked examples of cost-model.md section 8 (with the two the runtime
// corrected), the type-size table, struct layout, result caching, assumptions, profiles and per-await explanations.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { modelFile, createIndex, updateFile, analyseCompletion } from '../../server/src/analysis/project';
import { estimateFile, estimateMethod, shapeOfTypeText, type MethodCost, type RuntimeProfile } from '../../server/src/cost';
import type { WorkspaceIndex } from '../../server/src/workspace/index';

before(ready);

const PRELUDE = `using System; using System.Collections.Generic; using System.Threading; using System.Threading.Tasks; using System.Runtime.CompilerServices;
public struct Triple { public long A; public long B; public long C; }
public struct Point { public int X; public int Y; }
public enum Small : byte { None, One }
public static class Src { public static Task Task = Task.CompletedTask; public static Task<int> TaskInt; public static int Seed; }
`;

interface Workspace {
  index: WorkspaceIndex;
}

function workspaceOf(code: string): Workspace {
  const index = createIndex();
  const { model, tree } = modelFile(PRELUDE + code);
  tree?.delete();
  updateFile(index, 'Test.cs', model);
  return { index };
}

function cost(code: string, name: string, runtime: RuntimeProfile = 'net10', build: 'release' | 'debug' = 'release'): MethodCost {
  const { index } = workspaceOf(code);
  const model = index.files.get('Test.cs')!;
  const body = model.bodies.find((b) => b.name === name && b.isAsync);
  assert.ok(body, `no async body ${name}`);
  return estimateMethod(body!, { file: 'Test.cs', model, index, completion: analyseCompletion(index) }, { runtime, build });
}

const inClass = (members: string) => `public class C { int _f = 1000; ${members} }`;

// ---- cost-model.md section 8 ----

interface Example {
  n: string;
  code: string;
  method?: string;
  sync: number | null;
  suspend: number | null;
  /**
   * Runtime Async (.NET 11) suspension bytes: the .NET 11.0.0 measurements (calibration README), which are 8 B below
   * cost-model.md's (U) column; #14 is the pair, both frames.
   */
  ra?: number;
}

const WORKED_EXAMPLES: Example[] = [
  { n: '1', code: 'async Task M() { }', sync: 0, suspend: null },
  { n: '2', code: 'async Task<int> M() { return 42; }', sync: 72, suspend: null },
  { n: '3', code: 'async Task<int> M() { return 7; }', sync: 0, suspend: null },
  { n: '4a', code: 'async Task<long> M() { return 5; }', sync: 72, suspend: null },
  { n: '4b', code: 'async Task<long> M() { return 0L; }', sync: 0, suspend: null },
  // The runtime caches default(T) of any 16-byte or smaller T without references (.NET 8+), so #5 and #6 are 0 B,
  // not the 80 and 72 B of the table (measured: Example05 and Example06 of the calibration corpus).
  { n: '5', code: 'async Task<decimal> M() { return 0m; }', sync: 0, suspend: null },
  { n: '6', code: 'async Task<DayOfWeek> M() { return default; }', sync: 0, suspend: null },
  { n: '7a', code: 'async Task<string?> M() { return null; }', sync: 0, suspend: null },
  { n: '7b', code: 'async Task<string?> M() { return "x"; }', sync: 72, suspend: null },
  { n: '8', code: 'async ValueTask<int> M() { return 1000; }', sync: 0, suspend: null },
  { n: '9', code: 'static async Task M() { await Task.Yield(); }', sync: null, suspend: 96, ra: 176 },
  { n: '10', code: 'async Task<int> M(int x) { await Task.Yield(); return x + 1; }', sync: null, suspend: 96, ra: 184 },
  { n: '11', code: 'async Task<int> M() { await Task.Delay(1); return _f; }', sync: null, suspend: 104, ra: 184 },
  { n: '12', code: 'async Task M(Task t) { await t.ConfigureAwait(false); }', sync: 0, suspend: 112, ra: 176 },
  { n: '13', code: 'async Task M() { for (int i = 0; i < 10; i++) await Task.Yield(); }', sync: null, suspend: 96, ra: 184 },
  // Inner always yields, so M has no synchronous path (measured: Example14_OuterAwaitInnerPlus1 has none).
  { n: '14', code: 'static async Task<int> Inner() { await Task.Yield(); return 1; } static async Task<int> M() { return await Inner() + 1; }', sync: null, suspend: 96, ra: 240 },
  { n: '15', code: 'async ValueTask<int> M() { await Task.Yield(); return 1; }', sync: null, suspend: 104, ra: 176 },
  { n: '16', code: 'async void M() { await Task.Yield(); }', sync: null, suspend: 104 },
  { n: '18', code: 'async Task M() { await Task.Run(static () => { }); }', sync: 0, suspend: 96 },
];

for (const ex of WORKED_EXAMPLES) {
  test(`worked example #${ex.n}: ${ex.code}`, () => {
    const c = cost(inClass(ex.code), ex.method ?? 'M');
    assert.equal(c.syncBytes, ex.sync, `sync: ${c.syncExplanation}`);
    assert.equal(c.suspendBytes, ex.suspend, `suspend: ${c.suspendExplanation}`);
    if (ex.ra !== undefined) {
      const ra = cost(inClass(ex.code), ex.method ?? 'M', 'net11-runtime-async');
      assert.equal(ex.n === '14' ? ra.withCallees.suspendBytes : ra.suspendBytes, ex.ra, ra.suspendExplanation);
      assert.equal(ra.estimate, true);
    }
  });
}

test('worked example derivations: #9 is state, builder, YieldAwaiter in 24 B; #11 and #12 as in the table', () => {
  const nine = cost(inClass(WORKED_EXAMPLES.find((e) => e.n === '9')!.code), 'M');
  assert.deepEqual(nine.layout.fields.map((f) => [f.name, f.offset, f.size]), [['<>1__state', 0, 4], ['<>t__builder', 8, 8], ['<>u__1', 16, 1]]);
  assert.equal(nine.stateMachineBytes, 24);
  const eleven = cost(inClass(WORKED_EXAMPLES.find((e) => e.n === '11')!.code), 'M');
  assert.deepEqual(eleven.layout.fields.map((f) => [f.name, f.offset]), [['<>4__this', 0], ['<>1__state', 8], ['<>t__builder', 16], ['<>u__1', 24]]);
  const twelve = cost(inClass(WORKED_EXAMPLES.find((e) => e.n === '12')!.code), 'M');
  assert.deepEqual(twelve.layout.fields.map((f) => [f.name, f.offset, f.size]), [['t', 0, 8], ['<>1__state', 8, 4], ['<>t__builder', 16, 8], ['<>u__1', 24, 16]]);
  assert.equal(twelve.layout.fields[3].typeText, 'ConfiguredTaskAwaitable.ConfiguredTaskAwaiter');
});

test('what awaited operations allocate themselves is reported beside the method\'s own bytes', () => {
  const run = cost(inClass('async Task M() { await Task.Run(static () => { }); }'), 'M');
  assert.equal(run.callees[0].suspendBytes, 64);
  assert.equal(run.withCallees.suspendBytes, 160);
  const delay = cost(inClass('async Task<int> M() { await Task.Delay(1); return _f; }'), 'M');
  assert.equal(delay.withCallees.suspendBytes, 272);
  const outer = cost(inClass('static async Task<int> Inner() { await Task.Yield(); return 1; } static async Task<int> M() { return await Inner() + 1; }'), 'M');
  assert.equal(outer.withCallees.suspendBytes, 192);
});

// ---- type sizes ----

test('type sizes: primitives, BCL structs, nullables, tuples and generic BCL structs', () => {
  const { index } = workspaceOf('');
  const size = (t: string) => shapeOfTypeText(t, { index, typeParameters: new Set() });
  const table: [string, number, number][] = [
    ['bool', 1, 1], ['char', 2, 2], ['int', 4, 4], ['long', 8, 8], ['double', 8, 8], ['nint', 8, 8], ['System.Int32', 4, 4],
    ['decimal', 16, 8], ['Guid', 16, 4], ['DateTime', 8, 8], ['DateTimeOffset', 16, 8], ['TimeSpan', 8, 8], ['CancellationToken', 8, 8],
    ['int?', 8, 4], ['long?', 16, 8], ['Guid?', 20, 4], ['decimal?', 24, 8], ['Nullable<int>', 8, 4],
    ['(int, int)', 8, 8], ['(byte, int)', 8, 8], ['(int, string)', 16, 8], ['(long a, long b, int c)', 24, 8], ['ValueTuple<int, int>', 8, 8],
    ['KeyValuePair<int, string>', 16, 8], ['KeyValuePair<int, int>', 8, 4], ['Memory<byte>', 16, 8], ['ReadOnlyMemory<char>', 16, 8], ['ArraySegment<int>', 16, 8],
    ['List<int>.Enumerator', 24, 8], ['Dictionary<int, string>.Enumerator', 40, 8],
    ['ValueTask', 16, 8], ['ValueTask<int>', 16, 8], ['ValueTask<decimal>', 32, 8], ['ValueTaskAwaiter<long>', 24, 8], ['ValueTaskAwaiter<string>', 24, 8],
    ['ConfiguredTaskAwaitable.ConfiguredTaskAwaiter', 16, 8], ['YieldAwaitable.YieldAwaiter', 1, 1], ['TaskAwaiter<int>', 8, 8],
    ['AsyncTaskMethodBuilder<int>', 8, 8], ['AsyncValueTaskMethodBuilder<int>', 16, 8], ['AsyncValueTaskMethodBuilder<decimal>', 24, 8], ['AsyncVoidMethodBuilder', 16, 8],
    ['ManualResetValueTaskSourceCore<bool>', 40, 8], ['string', 8, 8], ['int[]', 8, 8], ['List<int>', 8, 8], ['IEnumerable<int>', 8, 8],
  ];
  const actual = table.map(([t]) => [t, size(t).size, size(t).alignment]);
  assert.deepEqual(actual, table);
  for (const [t] of table) assert.deepEqual(size(t).assumptions, [], `${t} needed an assumption`);
});

test('workspace structs are laid out from their declarations, recursively, with enums at their underlying size', () => {
  const { index } = workspaceOf(`
public struct Inner { public string Name; public int Count; }
public struct Outer { public Inner A; public byte B; public Small C; }
public record struct Pair(int Left, long Right);
public struct Props { public int X { get; set; } public string Label { get; init; } }
public struct Wrapper<T> { public T Value; public bool Set; }
public enum Wide { A }
public enum Narrow : short { A }`);
  const shape = (t: string) => shapeOfTypeText(t, { index, typeParameters: new Set() });
  assert.equal(shape('Inner').size, 16);
  assert.equal(shape('Outer').size, 24, 'Inner (16, holds a reference) after two bytes, aligned to 8');
  assert.equal(shape('Pair').size, 16, 'record struct positional fields: int then long, sequential');
  assert.equal(shape('Props').size, 16, 'auto-property backing fields');
  assert.equal(shape('Wrapper<long>').size, 16);
  assert.equal(shape('Wrapper<byte>').size, 2);
  assert.equal(shape('Small').size, 1);
  assert.equal(shape('Small').kind, 'enum');
  assert.equal(shape('Wide').size, 4);
  assert.equal(shape('Narrow').size, 2);
  assert.equal(shape('Point').size, 8);
  assert.equal(shape('Triple').size, 24);
});

test('a record that declares a positional parameter as its own property has that property only; T? of an unconstrained T is T', () => {
  // Sizes measured with Unsafe.SizeOf on .NET 10 (SDK 10.0.401, Release) for these very declarations.
  const { index } = workspaceOf(`
public readonly record struct Keyed(string Bucket, string Key)
{
    public string Bucket { get; init; } = Bucket;
    public string Key { get; init; } = Key;
    public long Revision { get; init; }
}
public readonly record struct Tagged(string Name, int Weight)
{
    public string Name { get; init; } = Name;
    public string Shout() => Weight.ToString();
}
public readonly record struct Doubled(int X)
{
    public int X { get; init; } = X;
    public int Twice() => X * 2;
}
public readonly struct Result<T>
{
    private readonly T? _value;
    private readonly Exception? _error;
    public Result(T value) { _value = value; _error = null; }
}
public struct Optional<T> where T : struct
{
    public T? Value;
}`);
  const shape = (t: string) => shapeOfTypeText(t, { index, typeParameters: new Set() });
  assert.equal(shape('Keyed').size, 24, 'two declared string properties and a long: no synthesized fields beside them');
  assert.equal(shape('Tagged').size, 16, 'the declared Name and the synthesized Weight');
  assert.equal(shape('Doubled').size, 4, 'a member reading X reads the property, not the parameter');
  assert.equal(shape('Result<long>').size, 16, 'T? of an unconstrained T holds a long, no HasValue flag');
  assert.equal(shape('Result<Keyed>').size, 32);
  assert.equal(shape('Optional<long>').size, 16, 'T? of a struct-constrained T is Nullable<long>');
});

test('a member declared T? read through a struct type argument has that struct type, not Nullable of it', () => {
  const c = cost(`
public struct Owner { public byte[] Array; public int Start; public int Length; }
public readonly struct Envelope<T> { public T? Data { get; init; } }
public class C
{
    Envelope<Owner> _envelope;
    public async Task<int> M()
    {
        var data = _envelope.Data;
        await Src.Task;
        return data.Length;
    }
}`, 'M');
  const data = c.layout.fields.find((f) => f.name === '<data>5__2');
  assert.ok(data, c.layout.fields.map((f) => f.name).join(', '));
  assert.equal(data!.typeText, 'Owner');
  assert.equal(data!.size, 16);
});

test('types it cannot see become stated assumptions, never silent guesses', () => {
  const { index } = workspaceOf('public class Known { }');
  const unknown = shapeOfTypeText('Mystery', { index, typeParameters: new Set() });
  assert.equal(unknown.size, 8);
  assert.match(unknown.assumptions[0], /Mystery: reference type \(not declared in the workspace\)/);
  assert.deepEqual(shapeOfTypeText('Known', { index, typeParameters: new Set() }).assumptions, []);
  const generic = shapeOfTypeText('T', { index, typeParameters: new Set(['T']) });
  assert.equal(generic.size, 8);
  assert.match(generic.assumptions[0], /generic type parameter/);
  const c = cost(inClass('async Task M(Mystery m) { await Src.Task; Use(m); } static void Use(object o) { }'), 'M');
  assert.equal(c.estimate, true);
  assert.ok(c.assumptions.some((a) => /Mystery/.test(a)));
  const g = cost(inClass('async Task<T> M<T>(T x) { await Src.Task; return x; }'), 'M');
  assert.ok(g.assumptions.some((a) => /generic type parameter/.test(a)));
  const awaitUnknown = cost(inClass('async Task M(Service s) { await s.LoadAsync(); }'), 'M');
  assert.ok(awaitUnknown.assumptions.some((a) => /a Task is assumed/.test(a)), awaitUnknown.assumptions.join('; '));
});

// ---- result caching ----

const CACHING: [string, string, number | null][] = [
  ['bool', 'return false;', 0], ['bool', 'return Src.Seed > 3;', 0],
  ['int', 'return -1;', 0], ['int', 'return 8;', 0], ['int', 'return 9;', 72], ['int', 'return -2;', 72],
  ['string', 'return null;', 0], ['string', 'return "";', 72], ['string', 'return new string(\'a\', 2);', 72],
  ['int?', 'return null;', 0], ['int?', 'return 0;', 72], ['int?', 'return 5;', 72],
  ['long', 'return 0L;', 0], ['long', 'return 5;', 72], ['char', "return '\\0';", 0], ['char', "return 'a';", 72],
  ['double', 'return 0.0;', 0], ['double', 'return -0.0;', 72], ['decimal', 'return 0m;', 0], ['decimal', 'return 0.0m;', 80], ['decimal', 'return 1.5m;', 80],
  ['DayOfWeek', 'return default;', 0], ['Small', 'return default;', 0], ['Guid', 'return Guid.Empty;', 0], ['DateTime', 'return default;', 0],
  ['Point', 'return default;', 0], ['Point', 'return new Point();', 0], ['Triple', 'return default;', 88],
  ['(int, int)', 'return default;', 0], ['(int, int)', 'return (0, 0);', 0], ['(int, int)', 'return (1, 2);', 72], ['(int, string)', 'return default;', 80],
];

for (const [type, ret, expected] of CACHING) {
  test(`result caching on .NET 8+: async Task<${type}> ${ret}`, () => {
    const c = cost(inClass(`async Task<${type}> M() { ${ret} }`), 'M');
    assert.equal(c.syncBytes, expected, c.syncExplanation);
  });
}

test('a computed result gives the uncached cost and says which values would be free', () => {
  const c = cost(inClass('async Task<int> M() { return Src.Seed + 1; }'), 'M');
  assert.equal(c.syncBytes, 72);
  assert.equal(c.syncBytesIfCached, 0);
  assert.equal(c.cachedValues, '-1 through 8');
  const r = cost(inClass('async Task<string> M() { return Name(); } static string Name() => "";'), 'M');
  assert.equal(r.cachedValues, 'null');
  const never = cost(inClass('async Task<Triple> M() { return Make(); } static Triple Make() => default;'), 'M');
  assert.equal(never.syncBytes, 88);
  assert.equal(never.syncBytesIfCached, null, 'no Triple is ever cached');
});

// A named constant is judged by its value: enum members (implicit, explicit, aliases, computed), const fields, casts,
// BCL constants (the calibration corpus's Constants class measures each shape).
const CONSTANT_RESULTS: [string, string, number][] = [
  ['Level', 'return Level.Off;', 0], ['Level', 'return Level.Low;', 72], ['Level', 'return Level.Alias;', 0], ['Level', 'return Level.Max;', 72],
  ['Small', 'return Small.None;', 0], ['Small', 'return Small.One;', 72], ['Small', 'return (Small)0;', 0], ['Small', 'return (Small)1;', 72],
  ['DayOfWeek', 'return DayOfWeek.Sunday;', 0], ['DayOfWeek', 'return DayOfWeek.Friday;', 72],
  ['int', 'return K.Five;', 0], ['int', 'return K.Thousand;', 72], ['int', 'return K.Eight;', 0], ['int', 'return -K.Five;', 72], ['int', 'return int.MaxValue;', 72],
  ['long', 'return K.ZeroLong;', 0], ['string', 'return K.Text;', 72], ['char', 'return K.Nul;', 0], ['double', 'return K.ZeroDouble;', 0],
];

for (const [type, ret, expected] of CONSTANT_RESULTS) {
  test(`result caching of named constants: async Task<${type}> ${ret}`, () => {
    const constants = `public enum Level { Low = 1, High, Off = 0, Alias = Off, Max = High + 1 }
public static class K { public const int Five = 5, Thousand = 1000, Eight = Five + 3; public const long ZeroLong = 0; public const string Text = "x"; public const char Nul = '\\0'; public const double ZeroDouble = 0.0; }`;
    const c = cost(constants + inClass(`async Task<${type}> M() { ${ret} }`), 'M');
    assert.equal(c.syncBytes, expected, c.syncExplanation);
    assert.equal(c.syncBytesIfCached, null, 'a constant is known, not "unless cached"');
  });
}

test('an early return before an await that always suspends is a synchronous path; only returns before that await complete it', () => {
  const early = cost(inClass('async Task<int> M() { if (Src.Task.IsCompleted) return 1000; await Task.Yield(); return 1; }'), 'M');
  assert.equal(early.syncBytes, 72, early.syncExplanation);
  assert.equal(early.syncBytesIfCached, null);
  assert.equal(cost(inClass('async Task<int> M() { if (Src.Task.IsCompleted) return 5; await Task.Yield(); return 1000; }'), 'M').syncBytes, 0);
  const none = cost(inClass('async Task<int> M() { await Task.Yield(); if (Src.Task.IsCompleted) return 1000; return 9; }'), 'M');
  assert.equal(none.syncBytes, null);
  assert.match(none.syncExplanation, /await Task\.Yield\(\) never completes synchronously and no return comes before it/);
  // A workspace callee that always suspends makes its await always suspend too.
  const callee = cost(inClass('static async Task<int> Always() { await Task.Yield(); return 2; } async Task<int> M() { if (Src.Task.IsCompleted) return 1000; return await Always() + 1; }'), 'M');
  assert.equal(callee.withCallees.syncBytes, 72);
  assert.equal(callee.awaits[0].completion, 'suspends');
  // Task.Delay's timer is on the suspension path only: the early return does not pay it.
  const delay = cost(inClass('async Task<int> M() { if (Src.Task.IsCompleted) return 1000; await Task.Delay(1); return 2; }'), 'M');
  assert.equal(delay.withCallees.syncBytes, 72);
});

test('spilled operands: awaited left operands, conversions to the operator type, one field per value per statement, static readonly fields re-read', () => {
  const fields = (code: string) => cost(`public static class R { public static readonly int[] Shared = new int[3]; public static int[] Mutable = new int[3]; public static Task<long> L; }\n` + inClass(code), 'M')
    .layout.fields.filter((f) => f.role === 'spill').map((f) => `${f.name} ${f.typeText}`);
  assert.deepEqual(fields('async Task M() { Use(await Src.TaskInt + await Src.TaskInt); } static void Use(long x) { }'), ['<>7__wrap1 int']);
  assert.deepEqual(fields('async Task M() { Use(await Src.TaskInt * await R.L); } static void Use(long x) { }'), ['<>7__wrap1 long']);
  assert.deepEqual(fields('async Task M() { Use(await Src.TaskInt + await Src.TaskInt + await Src.TaskInt); } static void Use(long x) { }'), ['<>7__wrap1 int', '<>7__wrap2 int']);
  assert.deepEqual(fields('async Task M() { Use(Src.Seed + await Src.TaskInt); Use(Src.Seed + await Src.TaskInt); } static void Use(long x) { }'), ['<>7__wrap1 int']);
  assert.deepEqual(fields('async Task M() { R.Shared[Src.Seed] = await Src.TaskInt; }'), ['<>7__wrap1 int']);
  assert.deepEqual(fields('async Task M() { R.Mutable[Src.Seed] = await Src.TaskInt; }'), ['<>7__wrap1 int[]', '<>7__wrap2 int']);
  assert.deepEqual(fields('async Task M() { var p = new Point { X = 1, Y = await Src.TaskInt }; Use(p.X); } static void Use(long x) { }'), ['<>7__wrap1 Point']);
  assert.deepEqual(fields('async Task M() { Use(string.Equals(K, await Task.FromResult("y"))); } const string K = "k"; static void Use(bool x) { }'), []);
});

test('generic code: the bytes of each instantiation the call sites use, and of the open definition as a function of T', () => {
  const code = `public static class G { public static async Task<T> Echo<T>(T value) { await Src.Task; return value; } }
public sealed class Repo<T> { T _item; public async Task<T> GetAsync() { await Src.Task; return _item; } }
public static class Callers {
  static readonly Repo<Guid> s_guids = new();
  public static Task<int> A() => G.Echo(Src.Seed);
  public static Task<long> B() => G.Echo<long>(5);
  public static Task<Triple> C() => G.Echo(default(Triple));
  public static Task<Guid> D() => s_guids.GetAsync();
  // A generic caller passes its own T on: no instantiation the workspace can name.
  public static Task<U> E<U>(U value) => G.Echo(value);
}
public sealed class Holder<V> { public Task<V> F(V value) => G.Echo(value); }`;
  const echo = cost(code, 'Echo');
  assert.deepEqual(echo.generic!.typeParameters, ['T']);
  assert.deepEqual(echo.generic!.instantiations.map((i) => `${i.typeArguments.T} ${i.stateMachineBytes} ${i.suspendBytes}`), ['int 24 96', 'long 32 104', 'Triple 48 136']);
  assert.deepEqual(echo.generic!.bySize.map((i) => `${i.typeArguments.T} ${i.suspendBytes}`), ['object 104', 'byte 96', 'int 96', 'long 104', 'Guid 120', '(long, long, long) 136']);
  assert.ok(echo.assumptions.some((a) => /generic type parameter/.test(a)), 'the open definition still says T is assumed');
  const repo = cost(code, 'GetAsync');
  assert.deepEqual(repo.generic!.instantiations.map((i) => `${i.typeArguments.T} ${i.suspendBytes}`), ['Guid 112']);
  // One instantiation's own estimate is exact: no assumption about T.
  const { index } = workspaceOf(code);
  const model = index.files.get('Test.cs')!;
  const body = model.bodies.find((b) => b.name === 'Echo')!;
  const asInt = estimateMethod(body, { file: 'Test.cs', model, index }, { runtime: 'net10', typeArguments: { T: 'int' } });
  assert.equal(asInt.syncBytes, 72);
  assert.equal(asInt.syncBytesIfCached, 0, 'an int result in -1..8 is cached');
  assert.deepEqual(asInt.assumptions, []);
  const tagged = cost('public struct Tagged<T> { public T Value; public int Tag; }\n' + inClass('async Task M() { Tagged<string> t = default; await Src.Task; Use(t); } static void Use(object o) { }'), 'M');
  assert.equal(tagged.layout.fields.find((f) => f.name === '<t>5__2')!.size, 16, 'a workspace generic struct is a struct');
});

test('closures and delegates the body creates are counted on both paths; .NET 10 puts a delegate that is only invoked on the stack', () => {
  const make = 'async Task M() { int x = Src.Seed; Func<int> f = () => x; Use(f()); await Src.Task; } static void Use(int v) { }';
  const net9 = cost(inClass(make), 'M', 'net9');
  assert.deepEqual(net9.allocations.map((a) => `${a.kind} ${a.bytes}`), ['closure 24', 'delegate 64']);
  assert.equal(net9.withCallees.syncBytes, 88);
  assert.equal(net9.withCallees.suspendBytes, 96 + 88);
  const net10 = cost(inClass(make), 'M', 'net10');
  assert.deepEqual(net10.allocations.map((a) => `${a.kind} ${a.bytes} ${a.stackAllocated}`), ['closure 24 false', 'delegate 0 true']);
  // Kept across the await, passed on, or under Runtime Async in an async method: on the heap.
  assert.equal(cost(inClass('async Task M() { int x = Src.Seed; Func<int> f = () => x; await Src.Task; Use(f()); } static void Use(int v) { }'), 'M', 'net10').withCallees.syncBytes, 88);
  assert.equal(cost(inClass('async Task M() { int x = Src.Seed; Use(Apply(() => x)); await Src.Task; } static int Apply(Func<int> f) => f(); static void Use(int v) { }'), 'M', 'net10').withCallees.syncBytes, 88);
  assert.equal(cost(inClass(make), 'M', 'net11-runtime-async').withCallees.syncBytes, 24 + 56, '.NET 11 delegates are 56 B');
  // A local function only called directly shares a struct closure; converted to a delegate it needs a class.
  assert.deepEqual(cost(inClass('async Task M() { int x = Src.Seed; int L() => x; Use(L()); await Src.Task; } static void Use(int v) { }'), 'M', 'net9').allocations, []);
  assert.deepEqual(cost(inClass('async Task M() { int x = Src.Seed; int L() => x; Use(Apply(L)); await Src.Task; } static int Apply(Func<int> f) => f(); static void Use(int v) { }'), 'M', 'net9').allocations.map((a) => `${a.kind} ${a.bytes}`), ['closure 24', 'delegate 64']);
  // A lambda reading only `this` is a delegate bound to it; an instance method group is one per conversion.
  assert.deepEqual(cost(inClass('async Task M() { Use(Apply(() => _f)); await Src.Task; } static int Apply(Func<int> f) => f(); static void Use(int v) { }'), 'M', 'net9').allocations.map((a) => `${a.kind} ${a.bytes}`), ['delegate 64']);
  assert.deepEqual(cost(inClass('async Task M() { Use(Apply(Get)); await Src.Task; } int Get() => _f; static int Apply(Func<int> f) => f(); static void Use(int v) { }'), 'M', 'net9').allocations.map((a) => `${a.kind} ${a.bytes}`), ['delegate 64']);
  // Nothing captured: cached.
  assert.deepEqual(cost(inClass('async Task M() { Use(Apply(static () => 3)); Use(Apply(Two)); await Src.Task; } static int Two() => 2; static int Apply(Func<int> f) => f(); static void Use(int v) { }'), 'M', 'net9').allocations, []);
});

test('awaiting what a delegate returns: Func, declared delegate types, Invoke, fields', () => {
  const awaiter = (code: string) => cost('public delegate ValueTask<decimal> Fetch(int id);\n' + inClass(code), 'M').awaits[0].awaiterType;
  assert.equal(awaiter('async Task M(Func<int, ValueTask<long>> f) { await f(1); }'), 'ValueTaskAwaiter<long>');
  assert.equal(awaiter('async Task M(Fetch f) { await f(1); }'), 'ValueTaskAwaiter<decimal>');
  assert.equal(awaiter('async Task M(Fetch f) { await f.Invoke(1); }'), 'ValueTaskAwaiter<decimal>');
  assert.equal(awaiter('Func<ValueTask<string>> _get; async Task M() { await _get(); }'), 'ValueTaskAwaiter<string>');
  assert.equal(awaiter('async Task M(Func<Task<Func<int>>> f) { await f(); }'), 'TaskAwaiter<Func<int>>');
});

test('Runtime Async chains: each suspended frame adds its continuation, the task and its Action are the outermost frame\'s (measured chains of 2, 3 and 4 levels)', () => {
  const levels = `static async Task T1() { await Src.Task; } static async Task T2() { await T1(); } static async Task T3() { await T2(); }
static async Task<int> I1() { return await Src.TaskInt + 1; } static async Task<int> I2() { return await I1() + 1; } static async Task<int> I3() { return await I2() + 1; }`;
  const chain = (call: string, result: string) => cost(inClass(`${levels} async ${result} M() { ${call} }`), 'M', 'net11-runtime-async').withCallees;
  assert.deepEqual([chain('await T1();', 'Task'), chain('await T2();', 'Task'), chain('await T3();', 'Task')].map((c) => c.suspendBytes), [232, 288, 344]);
  const ints = [chain('return await I1() + 1;', 'Task<int>'), chain('return await I2() + 1;', 'Task<int>'), chain('return await I3() + 1;', 'Task<int>')];
  assert.deepEqual(ints.map((c) => c.suspendBytes), [248, 312, 376]);
  // Awaited by a runtime-async caller, a callee that completes synchronously makes no Task<int>: only the outermost does.
  assert.deepEqual(ints.map((c) => c.syncBytes), [72, 72, 72]);
  // The same chains with compiler state machines box every level.
  assert.equal(cost(inClass(`${levels} async Task<int> M() { return await I3() + 1; }`), 'M', 'net10').withCallees.suspendBytes, 4 * 96);
});

test('.NET 6 and 7 cache fewer results, and their box is 16 B larger', () => {
  assert.equal(cost(inClass('async Task<decimal> M() { return 0m; }'), 'M', 'net6').syncBytes, 80);
  assert.equal(cost(inClass('async Task<DayOfWeek> M() { return default; }'), 'M', 'net7').syncBytes, 72);
  assert.equal(cost(inClass('async Task<long> M() { return 0; }'), 'M', 'net6').syncBytes, 0);
  const yieldNet6 = cost(inClass('static async Task M() { await Task.Yield(); }'), 'M', 'net6');
  assert.equal(yieldNet6.suspendBytes, 112);
  assert.equal(yieldNet6.estimate, true);
  assert.equal(cost(inClass('static async Task M() { await Task.Yield(); }'), 'M', 'net9').estimate, false);
});

// ---- other shapes ----

test('a custom awaiter adds the 64 B MoveNext Action once per call', () => {
  const code = `public struct Awaitable { public Awaiter GetAwaiter() => default; }
public struct Awaiter : INotifyCompletion { object? _o; public bool IsCompleted => false; public void OnCompleted(Action a) { } public void GetResult() { } }
${inClass('async Task M(Awaitable a) { await a; await a; }')}`;
  const c = cost(code, 'M');
  assert.equal(c.suspendBytes, 72 + 32 + 64);
  assert.ok(c.suspendBreakdown.some((b) => b.bytes === 64));
});

test('async iterators allocate a class state machine per enumeration and an 80 B box when they suspend', () => {
  const c = cost(inClass('static async IAsyncEnumerable<int> M() { for (int i = 0; i < 3; i++) { await Src.Task; yield return i; } }'), 'M');
  assert.equal(c.layout.kind, 'class');
  assert.equal(c.syncBytes, 96);
  assert.equal(c.suspendBytes, 176);
  const none = cost(inClass('static async IAsyncEnumerable<int> M() { yield return 1; }'), 'M');
  assert.equal(none.syncBytes, 80);
  assert.equal(none.suspendBytes, null);
});

test('async iterators hoist locals live across a yield return, the enumerator of a loop that yields, and [EnumeratorCancellation]\'s combined tokens', () => {
  const names = (code: string) => cost(inClass(code), 'M').layout.fields.map((f) => f.name).filter((n) => !/^<>(1__state|t__builder|v__promise|2__current|w__disposeMode|l__initialThreadId)/.test(n));
  assert.deepEqual(names('async IAsyncEnumerable<int> M() { long x = Src.Seed; yield return 1; Use(x); } static void Use(long x) { }'), ['<x>5__2']);
  assert.deepEqual(names('async IAsyncEnumerable<int> M() { long x = Src.Seed; Use(x); yield return 1; } static void Use(long x) { }'), []);
  assert.deepEqual(names('async IAsyncEnumerable<int> M(List<int> xs) { foreach (var x in xs) yield return x; }'), ['xs', '<>3__xs', '<>7__wrap1']);
  assert.deepEqual(names('async IAsyncEnumerable<int> M([EnumeratorCancellation] CancellationToken ct) { yield return 1; }'), ['<>x__combinedTokens']);
  const used = cost(inClass('async IAsyncEnumerable<int> M([EnumeratorCancellation] CancellationToken ct) { ct.ThrowIfCancellationRequested(); yield return 1; }'), 'M');
  assert.equal(used.syncBytes, 104);
  assert.deepEqual(used.assumptions, []);
});

test('PoolingAsyncValueTaskMethodBuilder suspends for 0 B amortized; ValueTask<T> builders carry the result', () => {
  const pooled = cost(inClass('[AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))] static async ValueTask<int> M() { await Src.Task; return 1000; }'), 'M');
  assert.equal(pooled.suspendBytes, 0);
  assert.equal(pooled.builder?.typeText, 'PoolingAsyncValueTaskMethodBuilder<int>');
  const vt = cost(inClass('static async ValueTask<Triple> M() { await Src.Task; return default; }'), 'M');
  assert.equal(vt.builder?.bytes, 32);
  assert.equal(vt.suspendBytes, 136);
});

test('Debug builds allocate a class state machine on every call', () => {
  const c = cost(inClass('static async Task M(int unused) { await Task.Yield(); }'), 'M', 'net10', 'debug');
  assert.equal(c.layout.kind, 'class');
  assert.ok(c.layout.fields.some((f) => f.name === 'unused'), 'Debug keeps every parameter');
  assert.equal(c.suspendBytes, c.stateMachineBytes + 80);
  assert.equal(c.estimate, true);
});

test('lambdas and local functions report what creating them costs: closure and delegate', () => {
  const code = inClass(`Task M() { int captured = Src.Seed; Func<Task> lambda = async () => { await Src.Task; Console.WriteLine(captured); }; return lambda(); }
Task L() { int captured = Src.Seed; return Local(); async Task Local() { await Src.Task; Console.WriteLine(captured); } }`);
  const { index } = workspaceOf(code);
  const model = index.files.get('Test.cs')!;
  const costs = estimateFile({ file: 'Test.cs', model, index }, { runtime: 'net9' });
  const lambda = costs.find((c) => c.kind === 'lambda')!;
  assert.deepEqual([lambda.creation?.closureBytes, lambda.creation?.delegateBytes], [24, 64]);
  assert.equal(lambda.suspendBytes, 104, 'the lambda\'s state machine holds the closure: 32 B');
  const local = costs.find((c) => c.kind === 'localFunction')!;
  assert.deepEqual([local.creation?.closureBytes, local.creation?.delegateBytes], [24, 0]);
});

test('every await says what it may cost, and completed awaits say they cost only their field', () => {
  const c = cost(inClass('async Task<int> M() { await Task.CompletedTask; var x = await Src.TaskInt; return x; }'), 'M');
  assert.equal(c.awaits.length, 2);
  assert.equal(c.awaits[0].completion, 'completes');
  assert.match(c.awaits[0].explanation, /never suspends/);
  assert.equal(c.awaits[1].bytesIfFirstSuspension, 104);
  assert.match(c.awaits[1].explanation, /may cost 104 B if it is the first await to suspend/);
  assert.equal(c.awaits[1].awaiterField, '<>u__2');
  assert.equal(c.maySuspend, 1);
});
