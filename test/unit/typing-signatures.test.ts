// Expression typing falls back to the API signatures for what the workspace does not declare: receivers and calls
// on .NET and package types, with the file's usings; the workspace's own declarations still come first.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { indexOfFiles, ready } from './support';
import { modelFile, updateFile } from '../../server/src/analysis/project';
import { taskEvidence, typeOfExpression } from '../../server/src/workspace/typing';
import { nameViewOf, namesWorkspaceType } from '../../server/src/workspace/nestedTypes';
import type { WorkspaceIndex } from '../../server/src/workspace/index';
import type { FileModel } from '../../server/src/model/types';
import { provideFileApiScopes } from '../../server/src/signatures/provider';
import { apiFrameworkOf, fileApiScope, PLAIN_SDK_USINGS, usingScope } from '../../server/src/signatures/scope';

before(ready);

const workspace = indexOfFiles;

function typeIn(index: WorkspaceIndex, file: string, method: string, expression: string) {
  const model: FileModel = index.files.get(file)!;
  const body = model.bodies.find((b) => b.name === method);
  assert.ok(body, `no body ${method}`);
  return typeOfExpression(expression, body!, model.bodies, index);
}

const SERVICE = `
using System.IO;
using System.Net.Http;
using Microsoft.EntityFrameworkCore;
using Grpc.Core;

namespace Shop;

public sealed class CatalogClient
{
    private readonly HttpClient _http;
    private readonly Stream _stream;
    public CatalogClient(HttpClient http, Stream stream) { _http = http; _stream = stream; }

    public async Task<string> LoadAsync(string url, string path, Memory<byte> buffer, byte[] bytes, ShopDb db)
    {
        var response = await _http.GetAsync(url);
        var text = await File.ReadAllTextAsync(path);
        var read = await _stream.ReadAsync(buffer);
        var orders = await db.Orders.ToListAsync();
        return text;
    }

    public async Task<string> CallAsync(AsyncUnaryCall<string> call) => await call;
}

public sealed class ShopDb : DbContext
{
    public DbSet<Order> Orders => Set<Order>();

    public async Task<int> SaveAsync() => await SaveChangesAsync();
}

public sealed class Order { public int Id { get; set; } }
`;

test('calls and members on .NET and package types get their declared types', () => {
  const index = workspace({ 'Shop.cs': SERVICE });
  const type = (expression: string, method = 'LoadAsync') => typeIn(index, 'Shop.cs', method, expression)?.typeText ?? null;
  assert.equal(type('File.ReadAllTextAsync(path)'), 'System.Threading.Tasks.Task<string>');
  assert.equal(type('_http.GetAsync(url)'), 'System.Threading.Tasks.Task<System.Net.Http.HttpResponseMessage>');
  assert.equal(typeIn(index, 'Shop.cs', 'LoadAsync', '_http.GetAsync(url)')?.source, 'return type of HttpClient.GetAsync');
  assert.equal(type('_stream.ReadAsync(buffer)'), 'System.Threading.Tasks.ValueTask<int>');
  assert.equal(type('_stream.ReadAsync(bytes, 0, bytes.Length)'), 'System.Threading.Tasks.Task<int>');
  assert.equal(type('_http.GetAsync(url).Result.Content'), 'System.Net.Http.HttpContent');
  // A workspace property's declared type (DbSet<Order>), then EF Core's extension method on it; Order stays the workspace's.
  assert.equal(type('db.Orders.ToListAsync()'), 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  // An awaitable that is not a task: gRPC's AsyncUnaryCall<T>, through its GetAwaiter().GetResult().
  assert.equal(type('await call', 'CallAsync'), 'string');
  // An unqualified call in a DbContext subclass is DbContext's.
  assert.equal(type('SaveChangesAsync()', 'SaveAsync'), 'System.Threading.Tasks.Task<int>');
  // Things neither the workspace nor the signatures know stay unknown.
  assert.equal(type('_http.NoSuchMethodAsync(url)'), null);
  assert.equal(type('unknown.GetAsync(url)'), null);
});

test('a member of an object creation has the member\'s type; only a whole creation has the created type', () => {
  const index = workspace({ 'Shop.cs': SERVICE });
  const type = (expression: string) => typeIn(index, 'Shop.cs', 'LoadAsync', expression)?.typeText ?? null;
  assert.equal(type('new UriBuilder("https", "example.org").Uri'), 'System.Uri');
  assert.equal(type('new UriBuilder { Host = "example.org" }.Uri'), 'System.Uri');
  assert.equal(type('new UriBuilder("https", "example.org") { Path = "/usage" }.Uri'), 'System.Uri');
  assert.equal(type('new UriBuilder("https", "example.org") { Path = "/{" }'), 'UriBuilder');
  assert.equal(type('new UriBuilder { Host = "}" }'), 'UriBuilder');
  assert.equal(type('_http.PostAsync(new UriBuilder { Host = "example.org" }.Uri, null)'), 'System.Threading.Tasks.Task<System.Net.Http.HttpResponseMessage>');
});

test('the workspace comes first: its own types and methods are never replaced by an API of the same name', () => {
  const index = workspace({
    'Shop.cs': SERVICE,
    'Files.cs': `
namespace Shop;
public static class File { public static int ReadAllTextAsync(string path) => 0; }
public sealed class Caller { public int Run(string path) => File.ReadAllTextAsync(path); }
`,
  });
  assert.equal(typeIn(index, 'Files.cs', 'Run', 'File.ReadAllTextAsync(path)')?.typeText, 'int');
});

test('a type nested in another workspace type is meant by its simple name only inside its container and the types derived from it, so elsewhere the name stays the API type', () => {
  const index = workspace({
    'Shop.cs': SERVICE,
    'Pipes.cs': `
using System.IO;
namespace Transport;
public class Pipe
{
    public int Size() => Stream.Null.Length;
    protected sealed class Stream { public static Stream Null => new Stream(); public int Length => 0; }
}
public sealed class BufferedPipe : Pipe { }
`,
    'Mirror.cs': 'namespace Transport; public sealed partial class Mirror : Pipe { }',
  });
  const seen = (file: string) => nameViewOf(index, file);
  // CatalogClient's Stream is System.IO.Stream: the API context must not take Pipe's nested Stream for it.
  assert.deepEqual([...seen('Shop.cs').names], []);
  assert.equal(namesWorkspaceType(index, 'Stream', seen('Shop.cs')), false);
  // Pipe declares it, and a type derived from Pipe in another file names it too.
  assert.equal(namesWorkspaceType(index, 'Stream', seen('Pipes.cs')), true);
  assert.equal(namesWorkspaceType(index, 'Stream', seen('Mirror.cs')), true);
  // A top-level workspace type is the workspace's everywhere.
  assert.equal(namesWorkspaceType(index, 'ShopDb', seen('Pipes.cs')), true);
});

test('task evidence for a blocking wait comes from the signature instead of the Async naming convention', () => {
  const index = workspace({ 'Shop.cs': SERVICE });
  const model = index.files.get('Shop.cs')!;
  const body = model.bodies.find((b) => b.name === 'LoadAsync')!;
  assert.deepEqual(taskEvidence('_http.GetStringAsync(url)', body, model.bodies, index), { verdict: 'task', reason: 'return type of HttpClient.GetStringAsync is a Task<string>' });
  // A ConfigureAwait awaitable wraps a task: GetAwaiter().GetResult() on it blocks.
  assert.equal(taskEvidence('_http.GetStringAsync(url).ConfigureAwait(false)', body, model.bodies, index).verdict, 'task');
  // Not a task, by its signature.
  assert.deepEqual(taskEvidence('_stream.Length', body, model.bodies, index), { verdict: 'notTask', reason: 'property Stream.Length is a long' });
});

test("a file's project decides its global usings: an extension method imported only by a global using is found", () => {
  const file = `
namespace Shop;
public sealed class Reports
{
    public async Task<int> CountAsync(ShopDb db) { var orders = await db.Orders.ToListAsync(); return orders.Count; }
}
public sealed class ShopDb : Microsoft.EntityFrameworkCore.DbContext
{
    public Microsoft.EntityFrameworkCore.DbSet<Order> Orders => Set<Order>();
}
public sealed class Order { }
`;
  const index = workspace({ 'Reports.cs': file });
  const type = () => typeIn(index, 'Reports.cs', 'CountAsync', 'db.Orders.ToListAsync()')?.typeText ?? null;
  try {
    // Outside a project: the plain SDK's implicit usings, which do not import Microsoft.EntityFrameworkCore.
    assert.equal(type(), null);
    provideFileApiScopes((f) => (f === 'Reports.cs' ? fileApiScope('net8.0', { globalUsings: [...PLAIN_SDK_USINGS, 'Microsoft.EntityFrameworkCore'] }) : null));
    // A new index version, so the cached answers go.
    updateFile(index, 'Other.cs', modelFile('namespace Shop; public sealed class Other { }').model);
    assert.equal(type(), 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  } finally {
    provideFileApiScopes(null);
  }
});

test('project global usings in the project model spelling, and target frameworks mapped to the packs held', () => {
  const scope = usingScope({ usings: ['System.IO', 'Http System.Net.Http.HttpClient'], globalUsings: ['System', 'static System.Math', 'Json = System.Text.Json.JsonSerializer', 'global::System.Linq'] });
  assert.deepEqual(scope.namespaces, ['System.IO', 'System', 'System.Math', 'System.Linq']);
  assert.deepEqual([...scope.aliases], [['Http', 'System.Net.Http.HttpClient'], ['Json', 'System.Text.Json.JsonSerializer']]);
  assert.deepEqual(['net6.0', 'net8.0-windows', 'net9.0', 'net10.0', 'net11.0', 'netstandard2.0', 'net48'].map(apiFrameworkOf),
    ['net8.0', 'net8.0', 'net9.0', 'net10.0', 'net10.0', 'net8.0', 'net8.0']);
});

test("the file's own namespace and its parents are in scope without a using, as in C#", () => {
  const index = workspace({
    'Queries.cs': `
namespace Dapper.Tests;
public sealed class Queries
{
    public async Task<int> CountAsync(System.Data.IDbConnection connection) { var ids = await connection.QueryAsync<int>("select 1"); return 0; }
}
`,
  });
  assert.equal(typeIn(index, 'Queries.cs', 'CountAsync', 'connection.QueryAsync<int>("select 1")')?.typeText, 'System.Threading.Tasks.Task<System.Collections.Generic.IEnumerable<int>>');
});

test('usings written inside a namespace block count, relative to the enclosing namespaces as C# reads them', () => {
  const index = workspace({
    'Specs.cs': `
namespace Shop.Tests
{
    using System.Threading.Tasks;
    using Microsoft.EntityFrameworkCore;

    public sealed class Specs
    {
        public async Task<int> CountAsync(ShopDb db) { var orders = await db.Orders.ToListAsync(); return orders.Count; }
    }
}
`,
    'ShopDb.cs': `
namespace Shop
{
    public sealed class ShopDb : Microsoft.EntityFrameworkCore.DbContext
    {
        public Microsoft.EntityFrameworkCore.DbSet<Order> Orders => Set<Order>();
    }
    public sealed class Order { }
}
`,
  });
  assert.equal(typeIn(index, 'Specs.cs', 'CountAsync', 'db.Orders.ToListAsync()')?.typeText, 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  // `using Testing;` inside namespace A.B may name A.B.Testing, A.Testing or Testing: every reading is listed.
  const { model, tree } = modelFile('namespace A.B { using Testing; using Alias = System.IO.Stream; class C { } }');
  tree?.delete();
  assert.deepEqual(model.usings, ['Testing', 'A.B.Testing', 'A.Testing', 'Alias System.IO.Stream']);
});

test("a source file's `global using` applies to the other files of its project", () => {
  const index = workspace({
    'GlobalUsings.cs': 'global using Microsoft.EntityFrameworkCore;\n',
    'Reports.cs': `
namespace Shop;
public sealed class Reports
{
    public async Task<int> CountAsync(ShopDb db) { var orders = await db.Orders.ToListAsync(); return orders.Count; }
}
public sealed class ShopDb : DbContext
{
    public DbSet<Order> Orders => Set<Order>();
}
public sealed class Order { }
`,
  });
  assert.equal(typeIn(index, 'Reports.cs', 'CountAsync', 'db.Orders.ToListAsync()')?.typeText, 'System.Threading.Tasks.Task<System.Collections.Generic.List<Order>>');
  try {
    // In another project the directive does not apply.
    provideFileApiScopes((f) => fileApiScope('net8.0', { globalUsings: PLAIN_SDK_USINGS, path: f === 'GlobalUsings.cs' ? 'Other.csproj' : 'Shop.csproj' }));
    updateFile(index, 'Other.cs', modelFile('namespace Shop; public sealed class Other { }').model);
    assert.equal(typeIn(index, 'Reports.cs', 'CountAsync', 'db.Orders.ToListAsync()')?.typeText ?? null, null);
  } finally {
    provideFileApiScopes(null);
  }
});

test('a name an imported package declares (knowledge/shadowingNamespaces.ts) is not bound to the database\'s only type of that name', () => {
  // Entity Framework 6 (System.Data.Entity, not in the database) has its own DbContext; taking it for EF Core's would
  // give EF Core's members (and async twins EF6 does not have) to an EF6 context.
  const ef6 = `
using System.Data.Entity;
namespace Shop;
public sealed class Saga
{
    public void Commit(DbContext context) { var database = context.Database; }
}
`;
  const index = workspace({ 'Saga.cs': ef6 });
  assert.equal(typeIn(index, 'Saga.cs', 'Commit', 'context.Database')?.typeText ?? null, null);
  // Without that import the only DbContext there is, EF Core's, is still found by its name.
  const core = workspace({ 'Saga.cs': ef6.replace('using System.Data.Entity;', 'using System.Data;') });
  assert.equal(typeIn(core, 'Saga.cs', 'Commit', 'context.Database')?.typeText, 'Microsoft.EntityFrameworkCore.Infrastructure.DatabaseFacade');
  // Any other namespace the database lacks (Microsoft.Data.Sqlite) changes nothing: a type an answer names by its
  // simple name (DatabaseFacade, whose namespace the file does not import) still resolves.
  const sqlite = workspace({ 'Saga.cs': ef6.replace('using System.Data.Entity;', 'using Microsoft.Data.Sqlite;\nusing Microsoft.EntityFrameworkCore;').replace('var database = context.Database;', 'var database = context.Database; var n = context.Database.ExecuteSqlRawAsync("VACUUM");') });
  assert.equal(typeIn(sqlite, 'Saga.cs', 'Commit', 'context.Database.ExecuteSqlRawAsync("VACUUM")')?.typeText, 'System.Threading.Tasks.Task<int>');
});
