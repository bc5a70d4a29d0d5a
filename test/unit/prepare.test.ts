// The pre-parse pass, as data: which `#if` branches tree-sitter sees, which words are `async` identifiers, which
// valid shapes are rewritten, and that the text keeps its length and line breaks whatever the input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { parse } from '../../server/src/parse/parser';
import { prepareSource } from '../../server/src/parse/prepare';
import { evaluateCondition } from '../../server/src/parse/directives';

before(ready);

/** The lines of the source that tree-sitter sees with content (trimmed), for readable expectations. */
function visibleLines(text: string, symbols: string[] = []): string[] {
  return prepareSource(text, new Set(symbols)).parseText.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
}

test('#if, #elif, #else and #endif keep exactly the branch the compiler compiles, and the directive lines go', () => {
  const text = ['#if NET8_0_OR_GREATER', 'A();', '#elif NETSTANDARD2_0', 'B();', '#else', 'C();', '#endif', 'D();'].join('\n');
  assert.deepEqual(visibleLines(text, ['NET8_0_OR_GREATER']), ['A();', 'D();']);
  assert.deepEqual(visibleLines(text, ['NETSTANDARD2_0']), ['B();', 'D();']);
  assert.deepEqual(visibleLines(text, []), ['C();', 'D();']);
  // Both taken conditions: only the first branch counts.
  assert.deepEqual(visibleLines(text, ['NET8_0_OR_GREATER', 'NETSTANDARD2_0']), ['A();', 'D();']);
});

test('nested conditionals, #define and #undef, and conditions with every operator', () => {
  const text = [
    '#define LOCAL', '#if OUTER', '#if LOCAL && !(X || Y)', 'A();', '#else', 'B();', '#endif', '#else', '#if LOCAL', 'C();', '#endif', '#endif',
    '#undef LOCAL', '#if LOCAL == false', 'E();', '#endif', '#if true != false', 'F();', '#endif',
  ].join('\n');
  assert.deepEqual(visibleLines(text, ['OUTER']), ['A();', 'E();', 'F();']);
  assert.deepEqual(visibleLines(text, ['OUTER', 'Y']), ['B();', 'E();', 'F();']);
  assert.deepEqual(visibleLines(text, []), ['C();', 'E();', 'F();']);
});

test('conditions: precedence and errors as the spec has them', () => {
  const s = new Set(['A', 'B']);
  assert.equal(evaluateCondition('A || B && C', s).value, true);
  assert.equal(evaluateCondition('(A || B) && C', s).value, false);
  assert.equal(evaluateCondition('!A == false', s).value, true);
  assert.equal(evaluateCondition('A // comment is stripped by readDirective, not here', s).error !== undefined, true);
  assert.ok(evaluateCondition('A &&', s).error);
  assert.ok(evaluateCondition('(A', s).error);
  assert.ok(evaluateCondition('', s).error);
});

test('directive-looking lines inside strings and comments are text, and directives may be indented or spaced', () => {
  const text = [
    'var a = @"', '#if X', '";', 'var b = """', '  #endif', '  """;', '/*', '#else', '*/', '  #  if X // a comment', 'Hidden();', '  # endif', 'Shown();',
  ].join('\n');
  const lines = visibleLines(text, []);
  assert.deepEqual(lines, ['var a = @"', '#if X', '";', 'var b = """', '#endif', '""";', '/*', '#else', '*/', 'Shown();']);
});

test('problems are reported, never thrown: unbalanced directives and bad conditions', () => {
  const p = prepareSource('#endif\n#if (A\nx();\n#else\n#else\n', new Set());
  assert.deepEqual(p.problems.map((x) => x.message), [
    '#endif without a matching #if',
    '#if (A: a ( is not closed',
    '#else without a matching #if',
    '1 #if without #endif at the end of the file',
  ]);
});

/** Offsets of the `async` words the pass takes for identifiers. */
function asyncIdentifiers(code: string): string[] {
  const p = prepareSource(code);
  return p.rewrites.filter((r) => r.kind === 'asyncIdentifier').map((r) => code.slice(Math.max(0, r.span.start - 12), r.span.end + 8).replace(/\s+/g, ' '));
}

const asyncCases: [string, string, number][] = [
  ['a bool parameter', 'Task Read(bool async, CancellationToken ct)', 1],
  ['a named argument', 'Read(async: true, ct);', 1],
  ['a condition', 'if (async) await x; else y();', 1],
  ['a conditional operator', 'var r = async ? await ReadAsync() : Read();', 1],
  ['a local', 'var async = true; Run(!async && other, async);', 3],
  ['an argument before others', 'await Flush(async, cancellationToken).ConfigureAwait(false);', 1],
  ['awaited', 'var result = await async;', 1],
  ['a method modifier', 'public async Task<int> LoadAsync(int id) { }', 0],
  ['a modifier before static', 'async static Task Run() { }', 0],
  ['an explicit interface implementation', 'async Task<decimal> IQuoteSource.SpotAsync(string sku) { }', 0],
  ['a generic local function', 'async ValueTask<T> Load<T>(T x) { }', 0],
  ['a tuple return type', 'async Task<(int A, string B)> Pair() { }', 0],
  ['a tuple-typed method', 'async (int, int) Weird() { }', 0],
  ['a lambda with parentheses', 'Run(async () => await Go());', 0],
  ['a lambda with one parameter', 'items.Select(async x => await Load(x));', 0],
  ['a static lambda', 'Run(static async (s, ct) => await s.Go(ct));', 0],
  ['an anonymous method', 'Run(async delegate { await Go(); });', 0],
  ['a lambda with a return type', 'var f = async Task<int> () => 1;', 0],
  ['a verbatim identifier', 'Read(@async);', 0],
  ['in a string or comment', 'var s = "async"; // async', 0],
];

for (const [name, code, identifiers] of asyncCases) {
  test(`async as ${name}: ${identifiers} identifier(s)`, () => {
    assert.equal(asyncIdentifiers(code).length, identifiers, JSON.stringify(asyncIdentifiers(code)));
  });
}

/** C# that the compiler accepts and tree-sitter-c-sharp 0.23.5 rejects as it stands; after the pass, no ERROR. */
const validShapes: [string, string][] = [
  ['async as parameter, argument and condition', `class C {
  async Task Rollback(bool async, CancellationToken ct) {
    if (async) await Flush(async, ct).ConfigureAwait(false);
    else Flush(async: false, ct).GetAwaiter().GetResult();
    var range = async ? 1 : 2;
  }
  Task Flush(bool async, CancellationToken ct) => Task.CompletedTask;
}`],
  ['a directive inside a switch section', `class C {
  int M(int x) {
    switch (x) {
      case 1:
#if DEBUG
        return 1;
#else
        return 2;
#endif
      default: return 0;
    }
  }
}`],
  ['directives around members with an unbalanced brace in the inactive branch', `class C {
#if NETFRAMEWORK
  void Old() {
#else
  void New() {
#endif
  }
}`],
  ['allows ref struct', 'class C { void M<TState>(TState s) where TState : allows ref struct { } void N<T>(T t) where T : notnull, allows ref struct { } }'],
  ['ref partial struct', 'public ref partial struct Reader { } public readonly ref partial struct Notice { }'],
  ['null-conditional assignment', 'class C { void M(C? a) { a?.B = 1; a?.D!.E += 2; a?.F[0] = 3; var t = a?.B; var u = b ? .5 : 1; } int B; C? D; C E; int[] F = new int[1]; }'],
  ['lambda parameter modifiers', 'class C { void M() { F((out Uri a) => true); F((in int x) => true); F((ref _) => true); } }'],
  ['a verbatim interpolated string ending in a doubled quote', 'class C { void M(string key) { Fail($@"did not find ""{key}"""); Fail(@$"x ""{key}"" y"); } }'],
  ['a string literal in an interpolation hole right after a {{ escape', 'class C { string M(string[] xs, bool b) => $"{{{string.Join(", ", xs)}}}" + $@"{{{F("a")}" + $"{{{{{F("b")}" + $"{{ {{{F(b ? "c" : "d")}}}" + $"{{{F(1)}{{"; string F(object o) => ""; }'],
  ['partial as a local', 'partial class C { partial void Log(); partial void Log() { } void M(List<int> k) { var partial = k; partial.Add(1); partial = null; partial ??= k; Use(partial); } static void Use(object o) { } }'],
  ['an assignment to a ref-returning call without arguments', 'class C { void M(Span<byte> s, long k) { s.AsRef<long>() = k; G() ??= new(); H( ) += 1; } }'],
  ['pointer indirection of an expression', 'unsafe class C { ulong M(byte* c, int x, ulong* d) { ulong r = *(ulong*)c; r ^= *(1 + (ulong*)c); r += x *(x + 1); M2(*(c + 1), ref *(d + 1)); *(c) = 2; return *(d + 2) + (ulong)*(c + 3); } void M2(byte b, ref ulong u) { } }'],
  ['an assignment to a ref-returning call', 'class C { void M(D d, int[] a) { G(1) ??= new(); G(2) += 1; (G(3) = 4).ToString(); var y = (a.G<int>(5) = 6); Unsafe.AsRef(in a) = default; CollectionsMarshal.GetValueRefOrAddDefault(d, "k", out var had) = 7; var (p, q) = (1, 2); return; } }'],
  ['attribute-target words as variables right after a bracket', 'class C { [method: Obsolete] [return: NotNull] string[] M(string method, string type, int field, string param, object property, string typevar, int[] a) { string[] m = [method, type]; var o = new O { T = [type], F = [ field ], P = [param], Q = [property.ToString()], V = [typevar] }; return [method]; } [property: X] public int P { get; set; } }'],
  ['a list pattern with a designation', 'class C { int M(object[] xs, int[] ns) { if (xs is [..] all) { return all.Length; } if (ns is [1, 2] and [.., 2] pair) { } switch (ns) { case [var head, ..] rest: return rest.Length; case []: break; } return xs is [_, "a" or "b"] two ? two.Length : 0; } }'],
  ['a switch expression arm whose list pattern has a designation', 'class C { int M(int[] xs) => xs switch { [..] all when all.Length > 9 => 0, [var h, ..] rest => h + rest.Length, [] => -1, _ => 1 }; int N(object[] os) => os switch { [..] every => every.Length, _ => 0 }; }'],
  ['slices with a pattern after them', 'class C { int M(string[] args, int[] ns) { var r = args switch { ["run", .. var rest] => rest.Length, ["a", .. [var b, ..]] when b != "" => 2, [.. { Length: > 1 } tail, "z"] => tail.Length, _ => 0 }; if (ns is [1, .. var middle, 9]) return middle.Length; if (ns is not [.. var all]) return 0; switch (ns) { case [0, .. int[] more]: return more.Length; } if (ns is [.., 0]) r++; return ns is [..] ? r : 0; } }'],
  ['list patterns before a when clause', 'class C { int M(string s, int[] a, string[] w) { switch (s) { case [var c, ..] when char.IsWhiteSpace(c): return 1; case [] when a.Length > 0: return 2; } var r = a switch { [{ } first, .. var rest] when rest.Length > first => 1, [0, ..] when true => 2, _ => 0 }; return w switch { ["..", [var b, ..]] when b != \'x\' => 3, _ => r }; } }'],
  ['variables named required and with', 'class C { public required string Name { get; init; } public required (int A, int B) Pair { get; init; } void M(bool required, object o, R q) { var names = new List<string>(); var fields = names; required = false; names.Add(required.ToString()); var with = q with { A = 1 }; if (o is { } with2) F(with2); F(with); } void N() { var required = new List<int>(); required.Add(1); required[0] = 2; } void F(object x) { } } record R(int A);'],
  ['an empty interpolated string', 'class C { string M(int x) { var a = $""; var b = $"" + $"{x}"; F($"", $@"", @$""); return $""; } void F(params string[] s) { } }'],
  ['an async readonly struct method', 'using System.Threading.Tasks; struct S { int _n; public async readonly Task A() { await Task.Delay(_n); } public readonly async Task B() { await Task.Yield(); } }'],
  ['an interpolation format that starts with a colon', 'class C { string M(System.DateTime date, double x) => $"{date::MM/dd/yyyy} {x:0.0} {(global::System.Math.PI)} {(x > 1 ? 1 : 2)}"; }'],
  ['C# 14 extension blocks', 'static class E { extension(IQueryable q) { public int N() => 1; public static int Z => 0; } extension<T>(IQueryable<T> q) where T : class, new() { public T? First() => default; } extension(string) { public static string Blank => ""; } }'],
  ['a query whose first range variable is a lone underscore', 'class C { object M(int[] xs, int[] ys) { var from = 1; from++; var r = (from _ in xs join _f in ys on _ equals _f select _).ToList(); return from _ in xs where _ > from select _; } }'],
  ['a file-based program directive', '#!/usr/bin/env dotnet\n#:sdk Microsoft.NET.Sdk.Web\nConsole.WriteLine(1);'],
];

for (const [name, code] of validShapes) {
  test(`parses cleanly after the pre-parse pass: ${name}`, () => {
    const r = parse(code);
    assert.ok(r.tree);
    const errors: string[] = [];
    const walk = (n: NonNullable<typeof r.tree>['rootNode']) => {
      if (n.isError || n.isMissing) errors.push(`${n.isMissing ? 'missing' : 'error'} at ${n.startIndex}: ${JSON.stringify(code.slice(n.startIndex, n.startIndex + 30))}`);
      else if (n.hasError) for (const c of n.children) if (c) walk(c);
    };
    walk(r.tree!.rootNode);
    r.tree!.delete();
    assert.deepEqual(errors, []);
  });
}

test('the prepared text keeps the length and every line break of any input (seeded random C#-like text)', () => {
  // Fragments chosen to hit every scanner state: strings of each kind, holes, comments, directives, line breaks.
  const fragments = ['#if A\n', '#else\n', '#endif\n', '#elif B\n', '$@"', '@"', '"', '"""', '$$"""', '{', '}', '{{', '(', ')', '//', '/*', '*/', '\n', '\r\n', '\r', 'async', ' async ',
    'bool ', 'x', '?.', '?[', '=>', '=', ':', "'", '\\', ' ', '\t', 'allows ref struct', 'ref partial struct', 'partial', 'partial.', '(out ', '""', '{{{', 'é😀', '\u2028', ') ??= ', ')= ', 'F(', '<T>(', ' > ', '*(', ' *', '()'];
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < 500; i++) {
    let text = '';
    const n = Math.floor(random() * 60);
    for (let k = 0; k < n; k++) text += fragments[Math.floor(random() * fragments.length)];
    const p = prepareSource(text, new Set(random() < 0.5 ? ['A'] : []));
    assert.equal(p.parseText.length, text.length, JSON.stringify(text));
    for (let k = 0; k < text.length; k++) {
      const c = text[k];
      if (c === '\n' || c === '\r' || c === '\u2028') assert.equal(p.parseText[k], c, `line break at ${k} of ${JSON.stringify(text)}`);
    }
  }
});

test('a file without directives or rewrites is handed to the parser unchanged', () => {
  const text = 'class C { async Task M() { await Task.Yield(); } }';
  assert.equal(prepareSource(text).parseText, text);
});

test('a {{ escape before a hole is blanked only when a string literal opens in that hole', () => {
  const blanked = (code: string) => prepareSource(code).rewrites.filter((r) => r.kind === 'braceEscapeBeforeHole').map((r) => code.slice(r.span.start, r.span.end + 1));
  assert.deepEqual(blanked('var s = $"{{{F(1)}}} {{ {F("a")}";'), []);
  assert.deepEqual(blanked('var s = $"{{{F("a")}}}";'), ['{{{']);
  assert.deepEqual(blanked('var s = $@"{{{{{F($"{x}")}";'), ['{{{', '{{{']);
  assert.deepEqual(blanked('var s = $@"{{""{F("a")}";'), []);
});

test('a pointer indirection is rewritten only where it starts an operand and is not assigned to', () => {
  const rewritten = (code: string) => prepareSource(code).rewrites.filter((r) => r.kind === 'indirectionOfExpression').map((r) => r.span.start);
  assert.deepEqual(rewritten('r = *(p + 1);'), [4]);
  assert.deepEqual(rewritten('return *(ulong*)p;'), [7]);
  assert.deepEqual(rewritten('F(a, *(p + 1));'), [5]);
  // After a cast to a predefined or pointer type, as the compiler reads `(T)*x`.
  assert.deepEqual(rewritten('r = (ulong)*(p + 1);'), [11]);
  assert.deepEqual(rewritten('r = (byte*)*(pp + 1);'), [11]);
  // A multiplication after a name, a literal or a closing bracket stays, and so does an indirection assigned to.
  for (const code of ['r = x *(y + 1);', 'r = 2 *(y);', 'r = (x) *(y);', 'r = a[0] *(y);', '*(p + 1) = 2;', '*(p) += 2;', '*(p + 1)++;', 'r = s *(int)c;', '*(int*)p = 1;', '*(ulong*)a.b[1] += 2;',
    'n = sizeof(short) * (k ?? 1);', 'public static implicit operator byte**(Holder h) => h.P;']) {
    assert.deepEqual(rewritten(code), [], code);
  }
  assert.equal(prepareSource('r ^= *(1 + (ulong*)c);').parseText, 'r ^= ~(1 + (ulong*)c);');
  assert.equal(prepareSource('s.AsRef<long>() = k;').parseText, 's.AsRef<long>   = k;');
});

test('a list pattern becomes an empty property pattern only when a designation follows it', () => {
  const rewritten = (code: string) => prepareSource(code).parseText;
  assert.equal(rewritten('if (xs is [..] all) return all;'), 'if (xs is {  } all) return all;');
  assert.equal(rewritten('case [var h, ..] rest:'), 'case {         } rest:');
  assert.equal(rewritten('ok = ns is [1] and [.., 2] p;'), 'ok = ns is [1] and {     } p;');
  // A line break inside the brackets stays where it was (found by the pre-parse fuzz test, a directive line there).
  assert.equal(rewritten('case [var h,\r\n  ..] rest:'), 'case {      \r\n    } rest:');
  // Without a designation, or with a pattern combinator after it, the grammar reads the list pattern as it is.
  for (const code of ['x = ns is [1, ..] and [2, ..];', 'x = ns is [1] or [2];', 'r = o is [_] when ok;', 'case [1, 2]:', 'x = a is int[] b;', 'x = y is null or [];']) {
    assert.equal(rewritten(code), code, code);
  }
});

test('a switch arm\'s list pattern before a designation and its arrow is rewritten; an accessor\'s attribute is not', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('r = xs switch { [..] all => all.Length, _ => 0 };'), 'r = xs switch { {  } all => all.Length, _ => 0 };');
  assert.equal(prepared('r = xs switch { [] => 0, [var h, ..] rest => h };'), 'r = xs switch { [] => 0, {         } rest => h };');
  // A constant string in the pattern is read past, brackets in it included.
  assert.equal(prepared('r = xs switch { ["]", ..] s => 1 };'), 'r = xs switch { {       } s => 1 };');
  for (const code of ['int P { [MethodImpl(MethodImplOptions.AggressiveInlining)] get => _p; }', 'event E { [A] add => x(); [A] remove => y(); }', 'var d = new Dictionary<int, int> { [1] = 2 };', 'r = xs switch { [1, ..] => 0 };', 'try { } catch (Exception e) when (e is IOException) { }']) {
    assert.equal(prepared(code), code, code);
  }
});

test('a slice with a pattern after it loses its two dots, a leading lone slice becomes a discard; other slices, ranges and spreads stay', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('r = a switch { ["run", .. var rest] => rest, _ => a };'), 'r = a switch { ["run",    var rest] => rest, _ => a };');
  assert.equal(prepared('if (a is [1, .. var m, 9]) { }'), 'if (a is [1,    var m, 9]) { }');
  assert.equal(prepared('if (a is not [.. [var b, ..]]) { }'), 'if (a is not [   [var b, ..]]) { }');
  assert.equal(prepared('case [0, .. int[] more]:'), 'case [0,    int[] more]:');
  // A designation after the list pattern still replaces the whole pattern, slices included.
  assert.equal(prepared('if (a is [.. var m] all) { }'), 'if (a is {        } all) { }');
  // A list pattern that starts with a lone slice is read as a collection expression where a `)` or `?` follows.
  assert.equal(prepared('if (a is [.., 9]) F();'), 'if (a is [_ , 9]) F();');
  assert.equal(prepared('x = a is [..] ? 1 : 0;'), 'x = a is [_ ] ? 1 : 0;');
  assert.equal(prepared('x = a is [1, [.., 2]];'), 'x = a is [1, [_ , 2]];');
  assert.equal(prepared('r = a switch { [\'\\\'\', .. var m, \'\\\'\'] => m, _ => a };'), 'r = a switch { [\'\\\'\',    var m, \'\\\'\'] => m, _ => a };');
  for (const code of ['if (a is [1, ..]) { }', 'if (a is [1, .., 9]) { }', 'var s = a[1..^1];', 'int[] c = [.. a, .. b];', 'r = a switch { [0, ..] => 0 };', 'r = a switch { [".. x"] => 0 };', 'M(x => [.. x]);']) {
    assert.equal(prepared(code), code, code);
  }
});

test('a list pattern before a when clause becomes a positional pattern of the same elements', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('case [var c, ..] when c > 0:'), 'case (var c, _ ) when c > 0:');
  assert.equal(prepared('r = a switch { ["run", .. var rest] when rest.Length > 1 => rest, _ => a };'), 'r = a switch { ("run",    var rest) when rest.Length > 1 => rest, _ => a };');
  assert.equal(prepared('r = a switch { [{ Count: 0, Source: var s }] when s == t => 1, [] when ok => 2, _ => 0 };'), 'r = a switch { ({ Count: 0, Source: var s }) when s == t => 1, {} when ok => 2, _ => 0 };');
  assert.equal(prepared('r = a switch { ["..", [var b, ..]] when b > 0 => b, _ => 0 };'), 'r = a switch { ("..", [var b, ..]) when b > 0 => b, _ => 0 };');
});

test('a variable named required or with becomes a plain identifier of the same length; the modifier and the operator stay', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('required.Add(x);'), '_equired.Add(x);');
  assert.equal(prepared('required = false;'), '_equired = false;');
  assert.equal(prepared('var with = Read(); if (o is {} with) { }'), 'var _ith = Read(); if (o is {} _ith) { }');
  for (const code of ['public required string Name { get; init; }', 'public required (int A, int B) P { get; init; }', 'var p = q with { A = 1 };', 'var p = q with /* copy */ { A = 1 };']) {
    assert.equal(prepared(code), code, code);
  }
});

test('a query\'s lone underscore range variable becomes a plain identifier; a variable named from and other underscores stay', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('var r = from _ in xs select _;'), 'var r = from v in xs select _;');
  assert.equal(prepared('var r = from /* all */ _ in xs select _.Id;'), 'var r = from /* all */ v in xs select _.Id;');
  for (const code of ['var from = 1; from = _;', 'var r = from __ in xs select __;', 'var r = from x in xs join _ in ys on x equals _ select _;', 'F(from, _ => 1);']) {
    assert.equal(prepared(code), code, code);
  }
});

test('an empty interpolated string loses its dollar; a verbatim one, a raw one and one with text keep it', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('var s = $"";'), 'var s =  "";');
  for (const code of ['var s = $@"";', 'var s = @$"";', 'var s = $"a";', 'var s = $"""x""";', 'var s = "$""";']) {
    assert.equal(prepared(code), code, code);
  }
});

test('the format of a hole that starts with a colon loses that colon; an alias qualifier in brackets keeps both', () => {
  const prepared = (code: string) => prepareSource(code).parseText;
  assert.equal(prepared('s = $"{date::MM/dd}";'), 's = $"{date: MM/dd}";');
  for (const code of ['s = $"{(global::System.Math.PI)}";', 's = $"{F(global::System.Math.PI):0.0}";', 's = $"{x:N2}";', 'var y = global::System.Math.PI;']) {
    assert.equal(prepared(code), code, code);
  }
});

test('a call is read as an element access only where an assignment takes it as its target', () => {
  const bracketed = (code: string) => {
    const p = prepareSource(code);
    return p.rewrites.filter((r) => r.kind === 'assignedCall').map((r) => r.span.start);
  };
  assert.deepEqual(bracketed('G(x) ??= y;'), [1, 3]);
  assert.deepEqual(bracketed('a.G<List<int>>(x, out var k) = y;'), [14, 27]);
  // An assignment inside the arguments is theirs: `(GetValueRefOrAddDefault(map ??= new(), k, out _) ??= new()).Add(v)`.
  assert.deepEqual(bracketed('(G(m ??= new(), k, out _) ??= new()).Add(v);'), [2, 24]);
  // A comment between the name and its arguments is skipped as the compiler skips it.
  assert.deepEqual(bracketed('G // the slot\n(x) = 1;'), [14, 16]);
  assert.equal(prepareSource('Unsafe.AsRef(in s) >>>= 1;').parseText, 'Unsafe.AsRef[in s] >>>= 1;');
  // Declarations, comparisons, conditions, casts and parenthesized variables stay as written.
  for (const code of ['var (a, b) = t;', 'if (G(x) == y) { }', 'if (G(x) >= y) { }', 'while (G(x) != y) { }', 'return (x) = 1;', 'x = (int)(y) ;', '(a, b) = (b, a);',
    'F(x => x > (y) = 2);', 'G(")") = 1;', 'M(() => { return; }) = 1;', 'for (;;) x = 1;', 'Func<int> f = () => (x) = 2;',
    '// swap the queues\n(a, b) = (b, a);', '/* setup */ (_, string id) = await Create();', '// a\n  // b c\r\n(x, y) = P();']) {
    assert.deepEqual(bracketed(code), [], code);
  }
});

test('the word extension becomes a class only where an extension block starts', () => {
  const blocks = (code: string) => prepareSource(code).rewrites.filter((r) => r.kind === 'extensionBlock').map((r) => r.span.start);
  assert.deepEqual(blocks('static class E { extension(IQueryable q) { } }'), [17]);
  assert.deepEqual(blocks('static class E { int x; extension<T>(List<T> l) where T : struct { } }'), [24]);
  assert.deepEqual(blocks('static class E { } static class F { extension (string s) { } }'), [36]);
  assert.equal(prepareSource('static class E { extension<T>(T t) { } }').parseText, 'static class E { class ext<T>(T t) { } }');
  // A call statement, a method, a field and a local named so, and a constructor of a class named so, stay as written.
  for (const code of ['void M() { extension(x); }', 'void extension(int x) { }', 'public extension(int x) { }', 'extension Field;', 'void M() { var extension = 1; extension++; }',
    'class extension { extension() { } }', 'void M() { if (a) { } extension(x) ; }']) {
    assert.deepEqual(blocks(code), [], code);
  }
});
