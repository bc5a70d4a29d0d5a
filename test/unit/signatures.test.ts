// The API signature database: its reader, the typed questions over it (names with usings, supertypes, overloads,
// extension methods, await, struct layouts), on the small checked-in database (test/fixtures/signatures/small.txt)
// and on the real one (server/data/signatures.txt).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseSignatureDatabase, type SignatureDatabase } from '../../server/src/signatures/database';
import { apiContext, resolveTypeText, supertypes, type ApiContext } from '../../server/src/signatures/resolve';
import { awaitInfo, extensionMethodsFor, instanceFields, isStruct, memberType, methodsOf, resolveCall, type ArgumentInfo } from '../../server/src/signatures/members';
import { apiTypeOfExpression, memberChainTail, splitArguments, type ExpressionTyping } from '../../server/src/signatures/expressions';
import { csharpText, named, parseApiTypeText, parseSourceType, type ApiType } from '../../server/src/signatures/typeText';
import { PLAIN_SDK_USINGS, scopeMask, type ApiScope } from '../../server/src/signatures/scope';
import { apiTypeQuestions } from '../../server/src/signatures/api';
import { provideSignatureDatabase, signatureDatabase, withdrawSignatureDatabase } from '../../server/src/signatures/provider';
import { repoRoot } from './support';

const smallText = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'signatures', 'small.txt'), 'utf8');
const small = parseSignatureDatabase(smallText);
let realDb: SignatureDatabase | null = null;
const real = () => (realDb ??= parseSignatureDatabase(fs.readFileSync(path.join(repoRoot, 'server', 'data', 'signatures.txt'), 'utf8')));

const usings = ['System.IO', 'System.Net.Http', 'System.Text.Json', 'Microsoft.EntityFrameworkCore', 'Polly', 'System.Runtime.CompilerServices'];
const ctxOf = (db: SignatureDatabase, scope?: ApiScope, extra: Partial<Parameters<typeof apiContext>[1]> = {}) => apiContext(db, { usings, scope, ...extra });
const text = (t: ApiType | null | undefined) => (t ? csharpText(t, { qualified: true }) : null);
const type = (ctx: ApiContext, source: string) => {
  const t = resolveTypeText(ctx, source);
  assert.ok(t, `${source} parses as a type`);
  return t;
};
const arg = (t: ApiType | null, extra: Partial<ArgumentInfo> = {}): ArgumentInfo => ({ type: t, ...extra });

test('the header, sources and counts agree with the file, for both databases', () => {
  for (const [db, raw] of [[small, smallText], [real(), fs.readFileSync(path.join(repoRoot, 'server', 'data', 'signatures.txt'), 'utf8')]] as const) {
    assert.equal(db.formatVersion, 1);
    const lines = raw.split('\n');
    assert.equal(db.typeCount, lines.filter((l) => l.startsWith('T\t')).length);
    assert.equal(db.memberCount, lines.filter((l) => /^[MPF]\d*\t/.test(l)).length);
    assert.deepEqual(db.sources.map((s) => s.bit), db.sources.map((_, i) => i));
    const frameworks = db.sources.filter((s) => s.framework).map((s) => `${s.packageId}@${s.framework}`);
    for (const f of ['net8.0', 'net9.0', 'net10.0']) {
      assert.ok(frameworks.includes(`Microsoft.NETCore.App.Ref@${f}`), `.NET pack for ${f}`);
      assert.ok(frameworks.includes(`Microsoft.AspNetCore.App.Ref@${f}`), `ASP.NET Core pack for ${f}`);
    }
    for (const p of ['Microsoft.EntityFrameworkCore', 'Dapper', 'Npgsql', 'Microsoft.Data.SqlClient', 'StackExchange.Redis', 'Polly.Core', 'MediatR',
      'Azure.Storage.Blobs', 'Azure.Messaging.ServiceBus', 'Grpc.Net.Client']) {
      assert.ok(db.sources.some((s) => s.packageId === p && s.framework === null), `package ${p}`);
    }
  }
  assert.ok(real().typeCount > 8000 && real().memberCount > 60000, `${real().typeCount} types, ${real().memberCount} members`);
  // Every type line and member block parses, in order, with the announced counts (the lazy reader would otherwise
  // find a damaged one only when it is asked for).
  assert.deepEqual(small.validate(), []);
  assert.deepEqual(real().validate(), []);
  for (const name of ['System.Threading.Tasks.Task`1', 'System.IO.Stream', 'Microsoft.EntityFrameworkCore.DbContext']) {
    assert.ok(real().membersOf(real().type(name)!).methods.length > 5, name);
  }
});

test('bad input gives a clear error, never a wrong database', () => {
  assert.throws(() => parseSignatureDatabase(''), /not an AsyncLens signature database/);
  assert.throws(() => parseSignatureDatabase(smallText.replace(/^asynclens-signatures\t1/, 'asynclens-signatures\t99')), /format 99 is not the 1/);
  assert.throws(() => parseSignatureDatabase(smallText.slice(0, 1000)), /the index should be \d+ characters/);
  const header = smallText.slice(0, smallText.indexOf('\n')).split('\t');
  header[3] = String(Number(header[3]) + 1);
  assert.throws(() => parseSignatureDatabase([header.join('\t'), smallText.slice(smallText.indexOf('\n') + 1)].join('\n')), /the index should be|the index has/);
  // A member line that lost a character moves every block after it: the checks find it.
  const shortened = parseSignatureDatabase(smallText.replace('M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0>', 'M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0'), { onProblem: () => undefined });
  assert.ok(shortened.validate().length > 0);
  // A damaged member line of the same length is found when its type is read: the type then has no members, and the
  // problem is reported once, with the type's name; the analysis asking goes on.
  const problems: string[] = [];
  const damaged = parseSignatureDatabase(
    smallText.replace('M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0>', 'M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0<'),
    { onProblem: (m) => problems.push(m) },
  );
  const task = damaged.type('System.Threading.Tasks.Task`1')!;
  assert.deepEqual(damaged.membersOf(task).methods, []);
  assert.deepEqual(damaged.membersOf(task).methods, []);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /Task`1.*bad type text/);
  assert.ok(damaged.membersOf(damaged.type('System.Threading.Tasks.ValueTask`1')!).methods.length > 0, 'other types still answer');
});

test('members by name are what the whole block lists with that name, read from their own lines', () => {
  const raw = fs.readFileSync(path.join(repoRoot, 'server', 'data', 'signatures.txt'), 'utf8');
  // A database of its own, so the lines by name are read before any whole block is.
  const byName = parseSignatureDatabase(raw);
  const whole = parseSignatureDatabase(raw);
  const questions: [string, string[]][] = [
    ['System.String', ['op_Implicit', 'Concat', 'Length', 'Empty', 'Chars']],
    ['System.Net.Http.HttpClient', ['GetStringAsync', 'SendAsync', 'Timeout', 'NoSuchMember']],
    ['System.Threading.Tasks.Task`1', ['GetAwaiter', 'Result', 'ConfigureAwait']],
    ['System.Func`2', ['Invoke']],
    ['System.Memory`1', ['op_Implicit', 'Span']],
    ['System.Linq.Enumerable', ['Select', 'ToList']],
  ];
  for (const [typeName, names] of questions) {
    const d = byName.type(typeName)!;
    for (const name of names) {
      const all = whole.membersOf(whole.type(typeName)!);
      const expected = {
        methods: all.methods.filter((m) => m.name === name),
        properties: all.properties.filter((p) => p.name === name),
        fields: all.fields.filter((f) => f.name === name),
        layouts: [],
      };
      assert.deepEqual(byName.membersNamed(d, name), expected, `${typeName}.${name}`);
      // Once the whole block is parsed, the answer comes from it, and is the same.
      assert.deepEqual(whole.membersNamed(whole.type(typeName)!, name), expected, `${typeName}.${name} after membersOf`);
    }
  }
  // A damaged line answers nothing for its type by name either, as membersOf does, and is reported once.
  const problems: string[] = [];
  const damaged = parseSignatureDatabase(
    smallText.replace('M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0>', 'M\t\tGetAwaiter\t\tSystem.Runtime.CompilerServices.TaskAwaiter`1<!0<'),
    { onProblem: (m) => problems.push(m) },
  );
  const task = damaged.type('System.Threading.Tasks.Task`1')!;
  assert.deepEqual(damaged.membersNamed(task, 'GetAwaiter').methods, []);
  assert.deepEqual(damaged.membersNamed(task, 'GetAwaiter').methods, []);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /Task`1.*bad type text/);
});

test('type text: the database notation and C# source parse to one structure and print as C#', () => {
  assert.deepEqual(parseApiTypeText('System.Collections.Generic.Dictionary`2<string,!!0[]>'), named('System.Collections.Generic.Dictionary`2', [named('string'), { kind: 'array', element: { kind: 'typeParameter', index: 0, ofMethod: true }, rank: 1 }]));
  assert.equal(csharpText(parseApiTypeText('System.Runtime.CompilerServices.ConfiguredTaskAwaitable`1/ConfiguredTaskAwaiter<int>')), 'ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter');
  assert.equal(csharpText(parseApiTypeText('System.Nullable`1<System.ValueTuple`2<int,string>>'), { qualified: true }), '(int, string)?');
  assert.throws(() => parseApiTypeText('Task`1<int'), /bad type text/);
  assert.equal(parseSourceType('var'), null);
  assert.equal(parseSourceType('a + b'), null);
  assert.ok(parseSourceType('global::System.Collections.Generic.List<(int Count, string Name)>[]?'));
});

test('names resolve through qualification, usings, aliases, keywords and, failing those, the only type with the name', () => {
  const ctx = ctxOf(small);
  assert.equal(text(type(ctx, 'Task<int>')), 'System.Threading.Tasks.Task<int>');
  assert.equal(text(type(ctx, 'System.IO.Stream')), 'System.IO.Stream');
  assert.equal(text(type(ctx, 'Int32')), 'int');
  assert.equal(text(type(ctx, 'int?')), 'int?');
  assert.equal(text(type(ctx, 'string?')), 'string');
  assert.equal(text(type(ctx, '(int, string)')), '(int, string)');
  assert.equal(text(type(ctx, 'ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter')), 'System.Runtime.CompilerServices.ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter');
  assert.equal(text(type(apiContext(small, { usings: ['Http System.Net.Http.HttpClient'] }), 'Http')), 'System.Net.Http.HttpClient');
  // An alias's target is read as if the file had no aliases: `using System = global::System;` names the namespace
  // (it used to resolve through itself until the stack overflowed), and two aliases cannot reach each other.
  assert.equal(text(type(apiContext(small, { usings: ['System = global::System'] }), 'System.IO.Stream')), 'System.IO.Stream');
  assert.equal(text(type(apiContext(small, { usings: ['IO System.IO', 'Files IO.Stream'] }), 'Files')), 'Files');
  // Not imported, but no other visible type has the name: global usings may live in a file the analysis has not read.
  assert.equal(text(type(apiContext(small, { usings: [], globalUsings: [] }), 'DbContext')), 'Microsoft.EntityFrameworkCore.DbContext');
  // A workspace type with the same simple name is the workspace's, never an API's.
  assert.equal(text(type(ctxOf(small, undefined, { isWorkspaceType: (n) => n === 'Stream' }), 'Stream')), 'Stream');
  // Unknown names stay as written, with their arguments resolved.
  assert.equal(text(type(ctx, 'Result<Stream>')), 'Result<System.IO.Stream>');
  assert.ok(PLAIN_SDK_USINGS.includes('System.Threading.Tasks') && PLAIN_SDK_USINGS.includes('System.Net.Http'));
});

test('supertypes are transitive and substituted, with the implicit bases', () => {
  const ctx = ctxOf(small);
  const list = supertypes(ctx, type(ctx, 'List<int>')).map((t) => text(t));
  for (const t of ['System.Collections.Generic.IList<int>', 'System.Collections.Generic.IEnumerable<int>', 'System.Collections.Generic.IReadOnlyList<int>', 'System.Collections.IEnumerable', 'object']) {
    assert.ok(list.includes(t), `List<int> is a ${t}: ${list.join(', ')}`);
  }
  const memory = supertypes(ctx, type(ctx, 'MemoryStream')).map((t) => text(t));
  assert.equal(memory[0], 'System.IO.Stream');
  assert.ok(memory.includes('System.IDisposable') && memory.includes('System.IAsyncDisposable'), memory.join(', '));
  const dbSet = supertypes(ctx, type(ctx, 'DbSet<Order>')).map((t) => text(t));
  assert.ok(dbSet.includes('System.Linq.IQueryable<Order>'), dbSet.join(', '));
  assert.ok(supertypes(ctx, type(ctx, 'ValueTask<int>')).some((t) => text(t) === 'System.ValueType'));
  assert.ok(supertypes(ctx, type(ctx, 'byte[]')).some((t) => text(t) === 'System.Collections.Generic.IEnumerable<byte>'));
});

test('members by name include inherited ones; properties and fields have their types substituted', () => {
  const ctx = ctxOf(small);
  assert.equal(text(memberType(ctx, type(ctx, 'HttpResponseMessage'), 'Content', { isStatic: false })?.type), 'System.Net.Http.HttpContent');
  assert.equal(text(memberType(ctx, type(ctx, 'Task<string>'), 'Result', { isStatic: false })?.type), 'string');
  assert.equal(text(memberType(ctx, type(ctx, 'Task'), 'CompletedTask', { isStatic: true })?.type), 'System.Threading.Tasks.Task');
  assert.equal(text(memberType(ctx, type(ctx, 'MemoryStream'), 'CanRead', { isStatic: false })?.type), 'bool');
  assert.equal(memberType(ctx, type(ctx, 'Task'), 'Result', { isStatic: false }), null, 'a non-generic Task has no Result');
  // HttpClient.SendAsync is HttpClient's own; HttpMessageInvoker's is hidden, not listed twice.
  const send = methodsOf(ctx, type(ctx, 'HttpClient'), 'SendAsync', { static: false });
  assert.ok(send.length >= 4 && send.every((m) => m.method.declaringType === 'System.Net.Http.HttpClient' || m.method.declaringType === 'System.Net.Http.HttpMessageInvoker'));
  const keys = send.map((m) => m.method.parameters.map((p) => text(p.type)).join(','));
  assert.equal(new Set(keys).size, keys.length, 'an override is listed once');
});

test('overloads are chosen by argument count, then by the argument types that are known', () => {
  const ctx = ctxOf(small);
  const call = (receiver: string, name: string, args: ArgumentInfo[], isStatic = false) => text(resolveCall(ctx, type(ctx, receiver), name, args, { isStatic })?.returnType);
  assert.equal(call('File', 'ReadAllTextAsync', [arg(named('string'))], true), 'System.Threading.Tasks.Task<string>');
  assert.equal(call('File', 'ReadAllTextAsync', [arg(named('string')), arg(type(ctx, 'CancellationToken'), { name: 'cancellationToken' })], true), 'System.Threading.Tasks.Task<string>');
  assert.equal(call('HttpClient', 'GetAsync', [arg(named('string'))]), 'System.Threading.Tasks.Task<System.Net.Http.HttpResponseMessage>');
  assert.equal(call('HttpClient', 'GetStringAsync', [arg(null)]), 'System.Threading.Tasks.Task<string>');
  // ReadAsync(Memory<byte>, CancellationToken = default) against ReadAsync(byte[], int, int[, CancellationToken]).
  assert.equal(call('Stream', 'ReadAsync', [arg(type(ctx, 'Memory<byte>'))]), 'System.Threading.Tasks.ValueTask<int>');
  assert.equal(call('Stream', 'ReadAsync', [arg(type(ctx, 'byte[]')), arg(named('int')), arg(named('int'))]), 'System.Threading.Tasks.Task<int>');
  // A byte[] converts to Memory<byte> implicitly (op_Implicit in the database).
  assert.equal(call('Stream', 'ReadAsync', [arg(type(ctx, 'byte[]'))]), 'System.Threading.Tasks.ValueTask<int>');
  assert.equal(call('Stream', 'ReadAsync', [arg(named('string'))]), null, 'no overload takes a string');
  // Task.Delay(int) and Task.Delay(TimeSpan) both return Task; the answer does not depend on the choice.
  assert.equal(call('Task', 'Delay', [arg(named('int'), { isIntegerLiteral: true })], true), 'System.Threading.Tasks.Task');
  // Generic arguments inferred from the arguments, or given.
  assert.equal(call('Task', 'FromResult', [arg(named('int'), { isIntegerLiteral: true })], true), 'System.Threading.Tasks.Task<int>');
  assert.equal(text(resolveCall(ctx, type(ctx, 'JsonSerializer'), 'DeserializeAsync', [arg(type(ctx, 'Stream'))], { isStatic: true, typeArguments: [named('Order')] })?.returnType), 'System.Threading.Tasks.ValueTask<Order>');
  // Task.Run with a lambda: Task or Task<TResult>, which the lambda's body would tell; no answer.
  assert.equal(call('Task', 'Run', [arg(null, { isLambda: true })], true), null);
  // With the body's type known, C#'s better conversion target decides: a body with a value converts better to a
  // delegate that returns one (Run<TResult>(Func<TResult>)) than to Action, and `() => id + 1` converts to no Action.
  const lambda = (body: ApiType, extra: Partial<ArgumentInfo> = {}) => arg(null, { isLambda: true, lambdaParameterCount: 0, lambdaReturnType: body, ...extra });
  assert.equal(call('Task', 'Run', [lambda(named('int'), { lambdaDiscardable: false })], true), 'System.Threading.Tasks.Task<int>');
  assert.equal(call('Task', 'Run', [lambda(named('int'), { lambdaDiscardable: true })], true), 'System.Threading.Tasks.Task<int>');
  // `() => FetchAsync()`: Func<Task<TResult>> names the task type, more specific than Func<TResult> (a Task<Task<int>>).
  assert.equal(call('Task', 'Run', [lambda(type(ctx, 'Task<int>'), { lambdaDiscardable: true })], true), 'System.Threading.Tasks.Task<int>');
  assert.equal(call('Task', 'Run', [lambda(named('void'), { lambdaDiscardable: true })], true), 'System.Threading.Tasks.Task');
  assert.equal(call('Task', 'Run', [lambda(named('int'), { lambdaIsAsync: true })], true), 'System.Threading.Tasks.Task<int>');
  // A named argument that no overload has rules the call out.
  assert.equal(call('File', 'ReadAllTextAsync', [arg(named('string'), { name: 'nonsense' })], true), null);
});

test('extension methods apply through interfaces, generic `this T` with constraints, and only when imported', () => {
  const ctx = ctxOf(small);
  const toList = resolveCall(ctx, type(ctx, 'DbSet<Order>'), 'ToListAsync', [], { isStatic: false });
  assert.equal(text(toList?.returnType), 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  assert.equal(toList?.candidate.viaExtension, true);
  assert.equal(text(resolveCall(ctx, type(ctx, 'DbSet<Order>'), 'FirstOrDefaultAsync', [], { isStatic: false })?.returnType), 'System.Threading.Tasks.Task<Order>');
  assert.equal(text(resolveCall(ctx, type(ctx, 'IAsyncEnumerable<int>'), 'ConfigureAwait', [arg(named('bool'))], { isStatic: false })?.returnType),
    'System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<int>');
  // `this TBuilder builder` where TBuilder : ResiliencePipelineBuilderBase: returns the receiver's own type.
  assert.equal(text(resolveCall(ctx, type(ctx, 'ResiliencePipelineBuilder'), 'AddTimeout', [arg(type(ctx, 'TimeSpan'))], { isStatic: false })?.returnType), 'Polly.ResiliencePipelineBuilder');
  assert.equal(extensionMethodsFor(ctx, type(ctx, 'Stream'), 'AddTimeout').length, 0, 'a Stream does not meet the constraint');
  // Without `using Microsoft.EntityFrameworkCore;` the EF Core extensions are not in scope.
  const bare = apiContext(small, { usings: [] });
  assert.equal(extensionMethodsFor(bare, type(bare, 'Microsoft.EntityFrameworkCore.DbSet<Order>'), 'ToListAsync').length, 0);
  // A type the database does not know is no receiver for an extension method.
  assert.equal(extensionMethodsFor(ctx, named('OrderRepository'), 'ToListAsync').length, 0);
});

test('await of a type gives GetAwaiter().GetResult(), with the awaiter type', () => {
  const ctx = ctxOf(small);
  const cases: [string, string, string][] = [
    ['Task', 'System.Runtime.CompilerServices.TaskAwaiter', 'void'],
    ['Task<int>', 'System.Runtime.CompilerServices.TaskAwaiter<int>', 'int'],
    ['ValueTask', 'System.Runtime.CompilerServices.ValueTaskAwaiter', 'void'],
    ['ValueTask<string>', 'System.Runtime.CompilerServices.ValueTaskAwaiter<string>', 'string'],
    ['ConfiguredTaskAwaitable<int>', 'System.Runtime.CompilerServices.ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter', 'int'],
    ['ConfiguredValueTaskAwaitable<bool>', 'System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable<bool>.ConfiguredValueTaskAwaiter', 'bool'],
  ];
  for (const [awaited, awaiter, result] of cases) {
    const info = awaitInfo(ctx, type(ctx, awaited));
    assert.equal(text(info?.awaiter), awaiter, awaited);
    assert.equal(text(info?.result), result, awaited);
  }
  assert.equal(awaitInfo(ctx, type(ctx, 'Stream')), null, 'a Stream is not awaitable');
});

test('structs and their instance fields, per framework where the layout changed', () => {
  const net8 = ctxOf(small, { framework: 'net8.0', aspNetCore: false, packages: [] });
  const net10 = ctxOf(small, { framework: 'net10.0', aspNetCore: false, packages: [] });
  assert.ok(isStruct(net8, type(net8, 'ValueTask<int>')));
  assert.ok(!isStruct(net8, type(net8, 'Task<int>')));
  const fields = (ctx: ApiContext, t: string) => instanceFields(ctx, type(ctx, t))?.map((f) => `${f.name}:${text(f.type)}`);
  assert.deepEqual(fields(net8, 'ValueTask<int>'), ['_obj:object', '_result:int', '_token:short', '_continueOnCapturedContext:bool']);
  assert.deepEqual(fields(net8, 'TaskAwaiter<string>'), ['m_task:System.Threading.Tasks.Task<string>']);
  assert.deepEqual(fields(net8, 'DateTimeOffset'), ['_dateTime:System.DateTime', '_offsetMinutes:short']);
  assert.deepEqual(fields(net10, 'DateTimeOffset'), ['_dateTime:System.DateTime', '_offsetMinutes:int']);
  assert.equal(fields(net8, 'Stream'), undefined, 'a class has no layout here');
});

test('the scope picks a framework, ASP.NET Core and packages', () => {
  const all = scopeMask(small, { framework: 'net10.0', aspNetCore: true, packages: 'all' });
  const console8 = scopeMask(small, { framework: 'net8.0', aspNetCore: false, packages: ['Polly.Core'] });
  const bit = (id: string) => 1 << small.sources.find((s) => s.id === id)!.bit;
  assert.ok(all & bit('netcore-10') && all & bit('aspnetcore-10') && all & bit('efcore') && !(all & bit('netcore-8')));
  assert.ok(console8 & bit('netcore-8') && console8 & bit('polly-core') && !(console8 & bit('efcore')) && !(console8 & bit('aspnetcore-8')));
  // EF Core is invisible to a project that does not reference it.
  const noEf = ctxOf(small, { framework: 'net8.0', aspNetCore: false, packages: [] });
  assert.equal(text(resolveTypeText(noEf, 'DbContext')), 'DbContext', 'not resolved: EF Core is not referenced');
  assert.equal(resolveCall(noEf, named('Microsoft.EntityFrameworkCore.DbSet`1', [named('Order')]), 'ToListAsync', [], { isStatic: false }), null);
});

test('expressions: receivers, calls, members and argument texts', () => {
  assert.deepEqual(memberChainTail('_http.GetAsync(url, ct)'), { receiver: '_http', conditional: false, name: 'GetAsync', typeArgs: [], args: ['url', 'ct'] });
  assert.deepEqual(memberChainTail('a.B(x => x.C(1)).D<List<int>, string>(y)'), { receiver: 'a.B(x => x.C(1))', conditional: false, name: 'D', typeArgs: ['List<int>', 'string'], args: ['y'] });
  assert.deepEqual(memberChainTail('client?.Value'), { receiver: 'client', conditional: true, name: 'Value', typeArgs: [], args: null });
  assert.equal(memberChainTail('a + b.C()'), null);
  assert.deepEqual(splitArguments('"a,b", F(1, 2), x < y, Dictionary<int, string>.Empty'), ['"a,b"', 'F(1, 2)', 'x < y', 'Dictionary<int, string>.Empty']);

  const ctx = ctxOf(small);
  const locals: Record<string, string> = { _http: 'HttpClient', stream: 'Stream', buffer: 'Memory<byte>', bytes: 'byte[]', url: 'string', _db: 'AppDb', ct: 'CancellationToken' };
  const typing: ExpressionTyping = {
    api: ctx,
    typeOf: (t) => locals[t] ?? apiTypeOfExpression(t, typing)?.typeText ?? null,
    isLocalName: (n) => n in locals,
    containingBases: ['DbContext'],
    workspaceType: (t) => (t === 'AppDb' ? { memberType: (n) => (n === 'Orders' ? 'DbSet<Order>' : null), apiBases: ['DbContext'] } : null),
  };
  const typeOf = (t: string) => apiTypeOfExpression(t, typing)?.typeText ?? null;
  assert.equal(typeOf('File.ReadAllTextAsync(path)'), 'System.Threading.Tasks.Task<string>');
  assert.equal(typeOf('System.IO.File.ReadAllTextAsync("a.txt", ct)'), 'System.Threading.Tasks.Task<string>');
  assert.equal(typeOf('_http.GetAsync(url)'), 'System.Threading.Tasks.Task<System.Net.Http.HttpResponseMessage>');
  assert.equal(apiTypeOfExpression('_http.GetAsync(url)', typing)?.source, 'return type of HttpClient.GetAsync');
  assert.equal(typeOf('stream.ReadAsync(buffer)'), 'System.Threading.Tasks.ValueTask<int>');
  assert.equal(typeOf('stream.ReadAsync(bytes, 0, bytes.Length)'), 'System.Threading.Tasks.Task<int>');
  assert.equal(typeOf('(await _http.GetAsync(url)).Content'), 'System.Net.Http.HttpContent');
  assert.equal(typeOf('_http.GetAsync(url).Result.Content.ReadAsStringAsync()'), 'System.Threading.Tasks.Task<string>');
  assert.equal(typeOf('await _http.GetStringAsync(url).ConfigureAwait(false)'), 'string');
  // Unqualified members of the containing type's API base (a DbContext subclass).
  assert.equal(typeOf('SaveChangesAsync()'), 'System.Threading.Tasks.Task<int>');
  assert.equal(typeOf('Database.BeginTransactionAsync()'), 'System.Threading.Tasks.Task<Microsoft.EntityFrameworkCore.Storage.IDbContextTransaction>');
  assert.equal(typeOf('base.SaveChangesAsync(ct)'), 'System.Threading.Tasks.Task<int>');
  // Through a workspace type: its own property, then its API base's members and extension methods.
  assert.equal(typeOf('_db.Orders.ToListAsync()'), 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  assert.equal(typeOf('_db.SaveChangesAsync()'), 'System.Threading.Tasks.Task<int>');
  // A local is never a type name, whatever it is called; unknown things stay unknown.
  assert.equal(typeOf('stream.Nothing()'), null);
  assert.equal(typeOf('repository.LoadAsync()'), null);
});

test('on the real database: the calls the issue names, EF Core, Dapper, Npgsql, Redis and awaiter types', () => {
  // StackExchange.Redis has an `Order` enum; the workspace's Order is a different type and wins.
  const ctx = apiContext(real(), {
    usings: ['System.IO', 'System.Net.Http', 'Microsoft.EntityFrameworkCore', 'Dapper', 'Npgsql', 'StackExchange.Redis', 'System.Data'],
    isWorkspaceType: (name) => name === 'Order',
  });
  const call = (receiver: string, name: string, args: ArgumentInfo[], isStatic = false) => text(resolveCall(ctx, type(ctx, receiver), name, args, { isStatic })?.returnType);
  assert.equal(call('File', 'ReadAllTextAsync', [arg(named('string'))], true), 'System.Threading.Tasks.Task<string>');
  assert.equal(call('HttpClient', 'GetAsync', [arg(named('string'))]), 'System.Threading.Tasks.Task<System.Net.Http.HttpResponseMessage>');
  assert.equal(call('FileStream', 'ReadAsync', [arg(type(ctx, 'Memory<byte>'))]), 'System.Threading.Tasks.ValueTask<int>');
  assert.equal(call('DbSet<Order>', 'ToListAsync', []), 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  assert.equal(call('NpgsqlCommand', 'ExecuteReaderAsync', []), 'System.Threading.Tasks.Task<Npgsql.NpgsqlDataReader>');
  assert.equal(call('IDatabase', 'StringGetAsync', [arg(type(ctx, 'RedisKey'))]), 'System.Threading.Tasks.Task<StackExchange.Redis.RedisValue>');
  assert.equal(text(resolveCall(ctx, type(ctx, 'IDbConnection'), 'QueryAsync', [arg(named('string'))], { isStatic: false, typeArguments: [named('Order')] })?.returnType),
    'System.Threading.Tasks.Task<System.Collections.Generic.IEnumerable<Order>>');
  assert.equal(text(awaitInfo(ctx, type(ctx, 'ValueTask<int>'))?.awaiter), 'System.Runtime.CompilerServices.ValueTaskAwaiter<int>');
  assert.ok(isStruct(ctx, type(ctx, 'CancellationToken')));
});

test('typing a call asks for argument types only when the overloads need them to decide', () => {
  const ctx = apiContext(real(), { usings: ['System', 'System.IO', 'System.Text'] });
  const locals: Record<string, string> = { count: 'int', name: 'string', builder: 'StringBuilder' };
  const asked: string[] = [];
  const typing: ExpressionTyping = {
    api: ctx,
    typeOf: (t) => {
      asked.push(t);
      return locals[t] ?? apiTypeOfExpression(t, typing)?.typeText ?? null;
    },
    isLocalName: (n) => n in locals,
    containingBases: [],
    workspaceType: () => null,
  };
  const typeOf = (t: string) => {
    asked.length = 0;
    return apiTypeOfExpression(t, typing)?.typeText ?? null;
  };
  // A static call: every Console.WriteLine is void, so any overload the arguments' count binds to answers.
  assert.equal(typeOf('Console.WriteLine(name, count)'), 'void');
  assert.deepEqual(asked.filter((t) => t === 'name' || t === 'count'), []);
  // Path.Combine's overloads all return string; an argument the typing gets wrong (a string taken for an int here)
  // cannot make a call that compiles bind elsewhere, since a static call has nowhere else to go.
  locals.name = 'int';
  assert.equal(typeOf('Path.Combine(name, name)'), 'string');
  locals.name = 'string';
  // No overload of that count: no answer (Console.Beep() and Console.Beep(int, int) only).
  assert.equal(typeOf('Console.Beep(count)'), null);
  // Overloads that return different types are told apart by the argument types.
  assert.equal(typeOf('Math.Max(count, count)'), 'int');
  assert.ok(asked.includes('count'));
});

test('the provider loads lazily, once, and reports a broken database instead of throwing; the C#-text questions for the cost model', () => {
  let loads = 0;
  const errors: string[] = [];
  provideSignatureDatabase(() => {
    loads++;
    return smallText;
  }, (m) => errors.push(m));
  assert.equal(loads, 0, 'nothing is read until a question needs it');
  const questions = apiTypeQuestions({ usings: ['System.Runtime.CompilerServices'] });
  assert.ok(questions);
  assert.equal(loads, 1);
  assert.ok(signatureDatabase());
  assert.equal(loads, 1, 'read once');
  assert.deepEqual(questions.awaitOf('ValueTask<int>'), { awaiterText: 'System.Runtime.CompilerServices.ValueTaskAwaiter<int>', resultText: 'int' });
  assert.deepEqual(questions.awaitOf('Task'), { awaiterText: 'System.Runtime.CompilerServices.TaskAwaiter', resultText: 'void' });
  assert.equal(questions.kindOf('ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter'), 'struct');
  assert.equal(questions.kindOf('OrderService'), null);
  assert.deepEqual(questions.instanceFieldsOf('ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter'), [
    { name: 'm_task', typeText: 'System.Threading.Tasks.Task<int>' },
    { name: 'm_options', typeText: 'System.Threading.Tasks.ConfigureAwaitOptions' },
  ]);
  assert.equal(questions.qualifiedNameOf('TaskAwaiter<string>'), 'System.Runtime.CompilerServices.TaskAwaiter<string>');

  provideSignatureDatabase(() => 'not a database', (m) => errors.push(m));
  assert.equal(apiTypeQuestions({ usings: [] }), null);
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /could not be loaded, so types come from the workspace alone: not an AsyncLens signature database/);
  withdrawSignatureDatabase();
  assert.equal(signatureDatabase(), null);
});
