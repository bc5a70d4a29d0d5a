// The cost model with the API signature database: awaiter types and sizes of library calls, result types of
// hoisted `var x = await lib.Call()` locals, BCL and package struct sizes per runtime framework, overloads chosen by
// argument count and type, workspace extension methods, and what stays an assumption. The numbers are the compiler's
// and the runtime's (test/calibration measures the same shapes against the real packages).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { modelFile, createIndex, updateFile, analyseCompletion } from '../../server/src/analysis/project';
import { estimateMethod, type MethodCost, type RuntimeProfile } from '../../server/src/cost';
import { withdrawSignatureDatabase } from '../../server/src/signatures/provider';
import { installSignatureDatabase } from '../../server/src/host/signatures';

before(ready);

const USINGS = `using System; using System.Buffers; using System.Collections.Generic; using System.IO; using System.IO.Pipelines; using System.Net.Http;
using System.Threading; using System.Threading.Channels; using System.Threading.Tasks; using StackExchange.Redis; using Grpc.Core;
using Microsoft.EntityFrameworkCore; using Npgsql; using Polly;
`;

function cost(code: string, name: string, runtime: RuntimeProfile = 'net10'): MethodCost {
  const index = createIndex();
  const { model, tree } = modelFile(USINGS + code);
  tree?.delete();
  updateFile(index, 'Api.cs', model);
  const body = model.bodies.find((b) => b.name === name && b.isAsync);
  assert.ok(body, `no async body ${name}`);
  return estimateMethod(body!, { file: 'Api.cs', model, index, completion: analyseCompletion(index) }, { runtime });
}

const field = (c: MethodCost, name: string) => c.layout.fields.find((f) => f.name === name);
const awaiterTypes = (c: MethodCost) => c.layout.fields.filter((f) => f.role === 'awaiter').map((f) => `${f.typeText} ${f.size}`);

test('an HttpClient call is awaited through TaskAwaiter<HttpResponseMessage>, with no assumption', () => {
  const c = cost(`class C { readonly HttpClient _http = new(); public async Task<int> M(string url) { using var r = await _http.GetAsync(url); return (int)r.StatusCode; } }`, 'M');
  assert.deepEqual(awaiterTypes(c), ['TaskAwaiter<HttpResponseMessage> 8']);
  assert.deepEqual(c.assumptions, []);
  assert.equal(c.estimate, false);
});

test('Task<bool> and Task overloads of SemaphoreSlim.WaitAsync are told apart by their arguments', () => {
  const c = cost(`class C { readonly SemaphoreSlim _gate = new(1); public async Task M(CancellationToken ct) { await _gate.WaitAsync(ct); if (await _gate.WaitAsync(100)) _gate.Release(); } }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter 8', 'TaskAwaiter<bool> 8']);
  assert.deepEqual(c.assumptions, []);
});

test('a Redis value awaited and kept across an await is a 16-byte explicit-layout RedisValue', () => {
  const c = cost(`class C { public async Task<long> M(IDatabase db, string key) { var value = await db.StringGetAsync(key); await db.KeyExpireAsync(key, TimeSpan.FromMinutes(1)); return (long)value; } }`, 'M');
  const local = c.layout.fields.find((f) => f.role === 'local');
  assert.equal(local?.typeText, 'RedisValue');
  assert.equal(local?.size, 16);
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter<RedisValue> 8', 'TaskAwaiter<bool> 8']);
  assert.deepEqual(c.assumptions, []);
});

test('a gRPC AsyncUnaryCall<T> is awaited through its GetAwaiter, a TaskAwaiter<T>: 8 B and no Action', () => {
  const c = cost(`class Reply { } class C { public async Task<Reply> M(Func<AsyncUnaryCall<Reply>> call) { return await call(); } }`, 'M');
  assert.deepEqual(awaiterTypes(c), ['TaskAwaiter<Reply> 8']);
  assert.ok(!c.suspendBreakdown.some((b) => /Action/.test(b.what)), 'TaskAwaiter is one the builder hands the box to');
  assert.deepEqual(c.assumptions, []);
});

test('channel and pipe reads are ValueTasks: their awaiters carry the result', () => {
  const channel = cost(`class C { public async Task<int> M(ChannelReader<long> reader) { long total = 0; while (await reader.WaitToReadAsync()) total += await reader.ReadAsync(); return (int)total; } }`, 'M');
  assert.deepEqual(awaiterTypes(channel).sort(), ['ValueTaskAwaiter<bool> 16', 'ValueTaskAwaiter<long> 24']);
  const pipe = cost(`class C { public async Task<long> M(PipeReader reader) { var result = await reader.ReadAsync(); var length = result.Buffer.Length; reader.AdvanceTo(result.Buffer.End); await reader.CompleteAsync(); return length; } }`, 'M');
  const awaiters = awaiterTypes(pipe);
  assert.ok(awaiters.some((a) => /^ValueTaskAwaiter<ReadResult> \d+$/.test(a)), awaiters.join(', '));
  assert.deepEqual(pipe.assumptions, []);
});

test('BCL struct parameters are sized from the database on each runtime: DateTimeOffset, TimeSpan, Guid, Memory<byte>', () => {
  for (const runtime of ['net8', 'net9', 'net10'] as const) {
    const c = cost(`class C { public async Task M(DateTimeOffset at, TimeSpan span, Guid id, Memory<byte> buffer, CancellationToken ct) { await Task.Delay(span, ct); Console.WriteLine($"{at}{id}{buffer.Length}"); } }`, 'M', runtime);
    assert.deepEqual(['at', 'span', 'id', 'buffer', 'ct'].map((n) => field(c, n)?.size), [16, 8, 16, 16, 8], runtime);
    assert.deepEqual(c.assumptions, [], runtime);
  }
});

test('an API class is a reference and an API enum its underlying type, without an assumption', () => {
  const c = cost(`class C { public async Task M(NpgsqlConnection conn, System.Data.CommandType kind, ServiceLifetimeHolder h) { await conn.OpenAsync(); Console.WriteLine(kind); Console.WriteLine(h); } } class ServiceLifetimeHolder { }`, 'M');
  assert.equal(field(c, 'conn')?.size, 8);
  assert.equal(field(c, 'kind')?.size, 4);
  assert.deepEqual(c.assumptions, []);
});

test('a workspace extension method binds its type parameter from the receiver', () => {
  const c = cost(`static class TaskExtensions { public static System.Runtime.CompilerServices.ConfiguredTaskAwaitable<T> ForAwait<T>(this Task<T> task) => task.ConfigureAwait(false);
  public static System.Runtime.CompilerServices.ConfiguredTaskAwaitable ForAwait(this Task task) => task.ConfigureAwait(false); }
class C { public async Task<long> M(IDatabase db) { var n = await db.StringIncrementAsync("k").ForAwait(); await db.KeyDeleteAsync("k").ForAwait(); return n; } }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['ConfiguredTaskAwaitable.ConfiguredTaskAwaiter<bool> 16', 'ConfiguredTaskAwaitable.ConfiguredTaskAwaiter<long> 16']);
  assert.equal(c.layout.fields.find((f) => f.role === 'local')?.typeText, 'long');
  assert.deepEqual(c.assumptions, []);
});

test('an EF Core query through a DbSet of the workspace\'s DbContext is a Task<List<Order>>', () => {
  const c = cost(`class Order { public int Id; } class Shop : DbContext { public DbSet<Order> Orders => Set<Order>(); }
class C { public async Task<int> M(Shop db, CancellationToken ct) { var orders = await db.Orders.Where(o => o.Id > 0).ToListAsync(ct); await db.SaveChangesAsync(ct); return orders.Count; } }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter<List<Order>> 8', 'TaskAwaiter<int> 8']);
  assert.deepEqual(c.assumptions, []);
});

test('without the database the same code says what it assumed', () => {
  withdrawSignatureDatabase();
  try {
    const c = cost(`class C { public async Task<long> M(IDatabase db, string key) { var value = await db.StringGetAsync(key); await db.KeyExpireAsync(key, TimeSpan.FromMinutes(1)); return (long)value; } }`, 'M');
    assert.ok(c.assumptions.some((a) => /StringGetAsync/.test(a)), c.assumptions.join('\n'));
    assert.equal(c.estimate, true);
  } finally {
    installSignatureDatabase({}, (message) => { throw new Error(message); });
  }
});

test('a library type the database does not hold stays an assumption, said', () => {
  const c = cost(`class C { public async Task M(Some.Vendor.Widget w) { await Task.Yield(); Console.WriteLine(w); } }`, 'M');
  assert.ok(c.assumptions.some((a) => /Widget/.test(a)), c.assumptions.join('\n'));
});

test('an async lambda takes its builder and parameter types from the parameter it is passed to', () => {
  const run = cost(`class C { public Task<int> M() => Task.Run(async () => { await Task.Yield(); return 5; }); }`, '<lambda passed to Run>');
  assert.equal(run.returnKind, 'TaskOfT');
  assert.equal(run.resultType, 'int');
  assert.equal(run.estimate, false, run.estimateReasons.join('\n'));
  const polly = cost(`class C { public async Task<int> M(ResiliencePipeline pipeline, CancellationToken token) => await pipeline.ExecuteAsync(async ct => { await Task.Delay(1, ct); return 42; }, token); }`, '<lambda passed to ExecuteAsync>');
  assert.equal(polly.returnKind, 'ValueTaskOfT');
  assert.equal(polly.builder?.typeText, 'AsyncValueTaskMethodBuilder<int>');
  assert.equal(polly.builder?.bytes, 16);
  assert.deepEqual(polly.assumptions, []);
  const workspace = cost(`class Retry { public Task<T> Run<T>(Func<CancellationToken, Task<T>> work, CancellationToken ct) => work(ct); }
class C { public async Task<long> M(Retry retry, CancellationToken ct) => await retry.Run(async token => { await Task.Delay(1, token); return 5L; }, ct); }`, '<lambda passed to Run>');
  assert.equal(workspace.returnKind, 'TaskOfT');
  assert.equal(workspace.resultType, 'long');
  assert.equal(workspace.layout.fields.find((f) => f.name === 'token')?.typeText, 'CancellationToken');
  assert.equal(workspace.estimate, false, workspace.estimateReasons.join('\n'));
});

test('a lambda whose overloads differ only by returning a value picks by what its body returns', () => {
  const none = cost(`class C { public Task M() => Task.Run(async () => { await Task.Yield(); }); }`, '<lambda passed to Run>');
  assert.equal(none.returnKind, 'Task');
  assert.equal(none.estimate, false, none.estimateReasons.join('\n'));
});

test('workspace overloads are told apart by array and element arguments, and generic ones bind T from the arguments', () => {
  const c = cost(`public readonly struct Key { readonly string _v; public Key(string v) => _v = v; }
public interface IStore { Task<bool> DeleteAsync(Key key); Task<long> DeleteAsync(Key[] keys); }
class Checks { public static Task<T> Echo<T>(T value) => Task.FromResult(value); }
class C { public async Task<long> M(IStore store, Key key, Key[] keys) { bool one = await store.DeleteAsync(key); long many = await store.DeleteAsync(keys); var echoed = await Checks.Echo(many); await Task.Yield(); return one ? echoed : many; } }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter<bool> 8', 'TaskAwaiter<long> 8', 'YieldAwaitable.YieldAwaiter 1']);
  assert.equal(c.layout.fields.find((f) => f.name.startsWith('<echoed>'))?.typeText, 'long');
  assert.deepEqual(c.assumptions, []);
});

test('a primary constructor parameter has its declared type in every member (an HttpClient, a workspace interface)', () => {
  const c = cost(`public interface IRepo { Task<int> GetAsync(string id); }
class Svc(HttpClient http, IRepo repository) { public async Task<int> M(string url, string id) { var text = await http.GetStringAsync(url); return text.Length + await repository.GetAsync(id); } }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter<int> 8', 'TaskAwaiter<string> 8']);
  assert.deepEqual(c.assumptions, []);
});

test('a member of the same name shadows a primary constructor parameter, as in C#', () => {
  const c = cost(`class Svc(Task<int> source) { private readonly Task<long> source = Task.FromResult(1L); public async Task<long> M() => await source; }`, 'M');
  assert.deepEqual(awaiterTypes(c), ['TaskAwaiter<long> 8']);
});

test('workspace overloads taking lambdas are told apart by the lambda: arity, async or not, the task type its body gives, binding TResult', () => {
  const code = `public class Pipeline {
  public ValueTask ExecuteAsync(Func<CancellationToken, ValueTask> callback, CancellationToken ct = default) => callback(ct);
  public ValueTask<TResult> ExecuteAsync<TResult>(Func<CancellationToken, ValueTask<TResult>> callback, CancellationToken ct = default) => callback(ct);
  public ValueTask ExecuteAsync<TState>(Func<TState, CancellationToken, ValueTask> callback, TState state, CancellationToken ct = default) => callback(state, ct);
}
class C {
  readonly Pipeline _p = new();
  public async Task Expression() { await _p.ExecuteAsync(_ => new ValueTask<int>(5), CancellationToken.None); }
  public async Task AsyncBlock() { await _p.ExecuteAsync(static async _ => { await Task.Yield(); return "x"; }); }
  public async Task AsyncVoidBody() { await _p.ExecuteAsync(async ct => await Task.Delay(10, ct)); }
  public async Task TwoParameters() { await _p.ExecuteAsync((state, ct) => ValueTask.CompletedTask, 42); }
}`;
  assert.deepEqual(awaiterTypes(cost(code, 'Expression')), ['ValueTaskAwaiter<int> 16']);
  assert.deepEqual(awaiterTypes(cost(code, 'AsyncBlock')), ['ValueTaskAwaiter<string> 24']);
  assert.deepEqual(awaiterTypes(cost(code, 'AsyncVoidBody')), ['ValueTaskAwaiter 16']);
  assert.deepEqual(awaiterTypes(cost(code, 'TwoParameters')), ['ValueTaskAwaiter 16']);
  for (const name of ['Expression', 'AsyncBlock', 'AsyncVoidBody', 'TwoParameters']) assert.deepEqual(cost(code, name).assumptions, [], name);
});

test('an unqualified call to a method of a type the file imports with using static has that method\'s type', () => {
  const index = createIndex();
  const util = modelFile(`${USINGS}namespace Tests; static class TestUtil { internal static async Task<string> GetTempTableName(string prefix) { await Task.Yield(); return prefix + "1"; } }`);
  util.tree?.delete();
  updateFile(index, 'TestUtil.cs', util.model);
  const { model, tree } = modelFile(`${USINGS}using static Tests.TestUtil;\nnamespace Tests; class C { public async Task<int> M() { var table = await GetTempTableName("t"); await Task.Yield(); return table.Length; } }`);
  tree?.delete();
  updateFile(index, 'C.cs', model);
  const body = model.bodies.find((b) => b.name === 'M')!;
  const c = estimateMethod(body, { file: 'C.cs', model, index, completion: analyseCompletion(index) }, { runtime: 'net10' });
  assert.equal(c.layout.fields.find((f) => f.name.startsWith('<table>'))?.typeText, 'string');
  assert.ok(awaiterTypes(c).includes('TaskAwaiter<string> 8'), awaiterTypes(c).join(', '));
  assert.deepEqual(c.assumptions, []);
});

test('a member chain after an object creation or a parenthesized await is typed through the chain, not as its head', () => {
  const c = cost(`public interface IHarness { Task Start(); }
public static class Ext { public static IHarness GetHarness(this IServiceProvider provider) => null!; public static Task<List<int>> LoadAsync() => Task.FromResult(new List<int>()); }
class C { public async Task M(Func<IServiceProvider> make) {
  var made = new Lazy<IServiceProvider>(make).Value.GetHarness(); await made.Start();
  var first = (await Ext.LoadAsync()).Count; await Task.Yield(); made.ToString(); first.ToString(); } }`, 'M');
  assert.equal(c.layout.fields.find((f) => f.name.startsWith('<made>'))?.typeText, 'IHarness');
  assert.deepEqual(c.assumptions, []);
});

test('a type parameter constrained to class, or to a workspace class, is an 8-byte reference without an assumption; an interface constraint says nothing', () => {
  const code = `public abstract class SagaBase { }
public interface IMessage { }
class Store<TSaga> where TSaga : SagaBase {
  public async Task<TSaga?> LoadAsync<T>(T message, Func<T, Task<TSaga?>> load) where T : class { var saga = await load(message); await Task.Yield(); return saga; }
  public async Task SendAsync<T>(T message, Func<T, Task> send) where T : IMessage { await send(message); await Task.Yield(); message.ToString(); }
}`;
  const known = cost(code, 'LoadAsync');
  assert.deepEqual(known.assumptions, []);
  assert.equal(known.layout.fields.find((f) => f.name === 'message')?.size, 8);
  const open = cost(code, 'SendAsync');
  assert.ok(open.assumptions.some((a) => /T is a generic type parameter/.test(a)), open.assumptions.join('\n'));
});

test('a Windows Runtime async operation is awaited through WindowsRuntimeSystemExtensions.GetAwaiter: TaskAwaiter<T> or TaskAwaiter', () => {
  // The Windows SDK projection is not in the database (nor referenced here); a workspace method returning one of its
  // async interfaces is enough to know the awaiter and what `await` gives.
  const c = cost(`namespace Windows.Foundation { public interface IAsyncOperation<TResult> { } public interface IAsyncAction { } }
namespace App { using Windows.Foundation;
class Archive { public string Name = ""; }
class C {
  IAsyncOperation<Archive> OpenArchiveAsync() => null!;
  IAsyncAction FlushAsync() => null!;
  public async Task<string> M() { var archive = await OpenArchiveAsync(); await FlushAsync(); return archive.Name; }
} }`, 'M');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter 8', 'TaskAwaiter<Archive> 8']);
  assert.equal(field(c, '<archive>5__2')?.typeText, 'Archive');
  assert.deepEqual(c.assumptions, []);
});

test("a workspace type's declared API bases bind an API method's type parameters (MediatR's Send of an IRequest<bool> command)", () => {
  const code = `namespace Shop {
  using MediatR;
  public sealed record CancelOrderCommand(int Id) : IRequest<bool>;
  public sealed class OrdersApi {
    public async Task<bool> Cancel(IMediator mediator, CancelOrderCommand command) { var ok = await mediator.Send(command); await Task.Yield(); return ok; }
    public async Task<bool> CancelOnce(IMediator mediator, CancelOrderCommand command, Guid id) { var request = new IdentifiedCommand<CancelOrderCommand, bool>(command, id); return await mediator.Send(request); }
  }
  // A generic workspace type's bases take its type arguments: IdentifiedCommand<CancelOrderCommand, bool> is an IRequest<bool>.
  public sealed record IdentifiedCommand<T, R>(T Command, Guid Id) : IRequest<R> where T : IRequest<R>;
}`;
  const c = cost(code, 'Cancel');
  assert.deepEqual(awaiterTypes(c).sort(), ['TaskAwaiter<bool> 8', 'YieldAwaitable.YieldAwaiter 1']);
  assert.deepEqual(c.assumptions, []);
  const once = cost(code, 'CancelOnce');
  assert.deepEqual(awaiterTypes(once), ['TaskAwaiter<bool> 8']);
  assert.deepEqual(once.assumptions, []);
});

test('an array created with a size is an array of its element type: new byte[10000] is a byte[], an 8-byte reference', () => {
  const c = cost(`class C { public async Task<int> M() { var data = new byte[10000]; var grid = new int[2, 3]; await Task.Yield(); return data.Length + grid.Length; } }`, 'M');
  assert.equal(field(c, '<data>5__2')?.typeText, 'byte[]');
  assert.equal(field(c, '<grid>5__3')?.size, 8);
  assert.deepEqual(c.assumptions, []);
});

test('a lambda passed to AsyncInfo.Run converts to its Func<CancellationToken, Task<TResult>> (a knowledge row: the Windows SDK is not in the database)', () => {
  const code = `namespace Windows.Foundation { public interface IAsyncOperation<TResult> { } public interface IAsyncAction { } }
namespace App { using System.Runtime.InteropServices.WindowsRuntime; using Windows.Foundation;
class C {
  public IAsyncOperation<string> Load() => AsyncInfo.Run<string>(async (cancellationToken) => { await Task.Delay(1, cancellationToken); return "x"; });
  public IAsyncAction Save() => AsyncInfo.Run(async ct => { await Task.Delay(1, ct); });
} }`;
  const load = cost(code, '<lambda passed to Run>');
  assert.equal(load.layout.fields.find((f) => f.role === 'builder')?.typeText, 'AsyncTaskMethodBuilder<string>');
  assert.equal(load.layout.fields.find((f) => f.role === 'parameter')?.typeText, 'CancellationToken');
  assert.deepEqual(load.assumptions, []);
});
