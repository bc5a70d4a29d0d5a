// The workspace side of the server: background indexing with progress (respecting .gitignore, bin/ and obj/ and
// the file limit), file events that change other files' findings, and .editorconfig severities winning over settings.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileUri, startSession, type Session } from './session';

const sessions: Session[] = [];
const dirs: string[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.shutdown()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const twin = 'namespace Shop;\npublic partial class Store\n{\n    public System.Threading.Tasks.Task SaveAsync() => System.Threading.Tasks.Task.CompletedTask;\n}\n';

const caller = [
  'using System.Threading.Tasks;',
  'namespace Shop;',
  'public class Caller',
  '{',
  '    private readonly Store _store = new();',
  '    public async Task RunAsync(Task<int> pending)',
  '    {',
  '        _store.Save();',
  '        await Task.Yield();',
  '        var n = pending.Result;',
  '    }',
  '}',
  '',
].join('\n');

test('indexing skips bin/, obj/ and .gitignore\'d folders; file events and .editorconfig changes re-check open files', async () => {
  const root = workspace({
    '.gitignore': 'generated/\n',
    '.editorconfig': 'root = true\n[*.cs]\ndotnet_diagnostic.ASY001.severity = error\n',
    'Store.cs': 'namespace Shop;\npublic partial class Store\n{\n    public void Save() { }\n}\n',
    'Caller.cs': caller,
    // Each of these declares the twin; if any were indexed, ASY002 would fire before the twin exists.
    'bin/Debug/Store.g.cs': twin,
    'obj/Store.g.cs': twin,
    'generated/Store.g.cs': twin,
  });
  const session = await startSession({ workspace: root, settings: { severity: { ASY001: 'hint' } } });
  sessions.push(session);
  const callerUri = fileUri(path.join(root, 'Caller.cs'));
  session.open(callerUri, caller);
  await session.waitForStatus((s) => s.state === 'ready');
  assert.equal(session.statuses.at(-1)!.files, 2, JSON.stringify(session.statuses.at(-1)));
  const kinds = session.progress.map((p) => (p as { value: { kind: string } }).value.kind);
  assert.equal(kinds[0], 'begin');
  assert.equal(kinds.at(-1), 'end');

  let ds = await session.waitForDiagnostics(callerUri, (d) => d.some((x) => x.code === 'ASY001'));
  assert.equal(ds.find((d) => d.code === 'ASY001')!.severity, 1, '.editorconfig (error) wins over the settings (hint)');
  assert.ok(!ds.some((d) => d.code === 'ASY002'), 'no twin yet');

  // A new file declares the async twin: the open file is re-checked without being edited.
  fs.writeFileSync(path.join(root, 'StoreAsync.cs'), twin);
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(root, 'StoreAsync.cs')), type: 1 }] });
  ds = await session.waitForDiagnostics(callerUri, (d) => d.some((x) => x.code === 'ASY002'));
  assert.match(String(ds.find((d) => d.code === 'ASY002')!.message), /SaveAsync/);

  // .editorconfig turns ASY001 off: the settings' severity no longer matters for this file.
  fs.writeFileSync(path.join(root, '.editorconfig'), 'root = true\n[*.cs]\ndotnet_diagnostic.ASY001.severity = none\n');
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(root, '.editorconfig')), type: 2 }] });
  await session.waitForDiagnostics(callerUri, (d) => !d.some((x) => x.code === 'ASY001'));

  // The twin's file is deleted: ASY002 goes away.
  fs.rmSync(path.join(root, 'StoreAsync.cs'));
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(root, 'StoreAsync.cs')), type: 3 }] });
  await session.waitForDiagnostics(callerUri, (d) => !d.some((x) => x.code === 'ASY002'));

  // Closing clears the file's diagnostics.
  session.close(callerUri);
  await session.waitForDiagnostics(callerUri, (d) => d.length === 0);
});

test('indexing keeps the models in the cache folder: the next session takes the unchanged files\' models from it, with the same findings', async () => {
  const root = workspace({
    'Store.cs': 'namespace Shop;\npublic partial class Store\n{\n    public void Save() { }\n}\n',
    'StoreAsync.cs': twin,
    'Caller.cs': caller,
  });
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-cache-'));
  dirs.push(cacheDir);
  const env = { ASYNCLENS_MODEL_CACHE: 'on', ASYNCLENS_CACHE_DIR: cacheDir };
  const callerUri = fileUri(path.join(root, 'Caller.cs'));
  const codes = (ds: { code?: unknown; range: { start: { line: number } } }[]) => ds.map((d) => `${String(d.code)}@${d.range.start.line}`).sort();
  const packs = () => fs.readdirSync(path.join(cacheDir, 'models', 'v1')).filter((f) => f.endsWith('.server.jsonl.gz'));
  const sessionOnce = async () => {
    const session = await startSession({ workspace: root, env });
    sessions.push(session);
    await session.waitForStatus((s) => s.state === 'ready', 30_000);
    session.open(callerUri, caller);
    // ASY002 needs the twin from the index: the diagnostics after indexing.
    const diagnostics = await session.waitForDiagnostics(callerUri, (d) => d.some((x) => x.code === 'ASY002'));
    // The pack is written after indexing, in the background.
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(path.join(cacheDir, 'models', 'v1')) || packs().length === 0) {
      if (Date.now() > deadline) throw new Error(`no pack written; logs: ${session.logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const used = session.logs.map((l) => /indexing took (\d+) of (\d+) models from the model cache/.exec(l)).find(Boolean);
    await session.shutdown();
    return { codes: codes(diagnostics), hits: used ? Number(used[1]) : null, total: used ? Number(used[2]) : null };
  };
  const first = await sessionOnce();
  assert.deepEqual([first.hits, first.total], [0, 3], 'the first session models every file');
  assert.equal(packs().length, 1, 'one pack, marked as the language server\'s');
  const second = await sessionOnce();
  assert.deepEqual([second.hits, second.total], [3, 3], 'the second session takes every model from the pack');
  assert.deepEqual(second.codes, first.codes);
  // A file changed between sessions is modelled again; the others still come from the pack.
  fs.writeFileSync(path.join(root, 'Store.cs'), 'namespace Shop;\npublic partial class Store\n{\n    public void Save() { }\n    public void Load() { }\n}\n');
  const third = await sessionOnce();
  assert.deepEqual([third.hits, third.total], [2, 3]);
  assert.deepEqual(third.codes, first.codes);
});

test('indexing stops at asynclens.indexing.maxFiles and says so', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 6; i++) files[`F${i}.cs`] = `class F${i} { }\n`;
  const root = workspace(files);
  const session = await startSession({ workspace: root, settings: { indexing: { maxFiles: 3 } } });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  assert.equal(session.statuses.at(-1)!.files, 3);
  assert.match(session.statuses.at(-1)!.message ?? '', /maxFiles = 3/);
  assert.ok(session.logs.some((l) => l.includes('more than 3 C# files')), session.logs.join('\n'));
});

const blocking = (ns: string) => [
  'using System.Threading.Tasks;',
  `namespace ${ns};`,
  'public class Service',
  '{',
  '    public async Task<int> GetAsync(Task<int> pending)',
  '    {',
  '        await Task.Yield();',
  '        return pending.Result;',
  '    }',
  '}',
  '',
].join('\n');

const hoverText = (h: Awaited<ReturnType<Session['hover']>>) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

test('each file is costed for its own project\'s target; test projects cap blocking findings; NoWarn silences equivalents; project edits re-check', async () => {
  const root = workspace({
    'Old/Old.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>',
    'Old/Service.cs': blocking('Old'),
    'New/New.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework><NoWarn>$(NoWarn);VSTHRD103</NoWarn></PropertyGroup></Project>',
    'New/Service.cs': blocking('New'),
    'Tests/Tests.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework><IsTestProject>true</IsTestProject></PropertyGroup></Project>',
    'Tests/Service.cs': blocking('Tests'),
    'Loose.cs': blocking('Loose'),
  });
  const session = await startSession({ workspace: root });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  const uri = (f: string) => fileUri(path.join(root, f));
  for (const f of ['Old/Service.cs', 'New/Service.cs', 'Tests/Service.cs', 'Loose.cs']) session.open(uri(f), fs.readFileSync(path.join(root, f), 'utf8'));
  const name = { line: 4, character: 27 };
  const old = await session.waitForDiagnostics(uri('Old/Service.cs'), (d) => d.some((x) => x.code === 'ASY001'));
  assert.equal(old.find((d) => d.code === 'ASY001')!.severity, 2, 'a warning in production code');
  assert.match(hoverText(await session.hover(uri('Old/Service.cs'), name)), /_Runtime \.NET 8: the target is net8\.0 of Old\.csproj\._/);
  assert.match(hoverText(await session.hover(uri('New/Service.cs'), name)), /_Runtime \.NET 10: the target is net10\.0 of New\.csproj\._/);
  assert.match(hoverText(await session.hover(uri('Loose.cs'), name)), /_Runtime \.NET 10: the file belongs to no project: net10 is assumed\._/);
  const tests = await session.waitForDiagnostics(uri('Tests/Service.cs'), (d) => d.some((x) => x.code === 'ASY001'));
  assert.equal(tests.find((d) => d.code === 'ASY001')!.severity, 3, 'capped at information in a test project');
  assert.ok(!(session.diagnostics(uri('New/Service.cs')) ?? []).some((d) => d.code === 'ASY001'), 'VSTHRD103 in NoWarn silences ASY001');

  // The old project moves to net9.0: its file is costed for the new target without being edited.
  fs.writeFileSync(path.join(root, 'Old/Old.csproj'), '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup></Project>');
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('Old/Old.csproj'), type: 2 }] });
  const deadline = Date.now() + 10_000;
  let text = '';
  while (Date.now() < deadline) {
    text = hoverText(await session.hover(uri('Old/Service.cs'), name));
    if (/net9\.0/.test(text)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.match(text, /_Runtime \.NET 9: the target is net9\.0 of Old\.csproj\._/);
});

test('a FodyWeavers.xml change re-checks open files: once ConfigureAwait.Fody configures the project\'s awaits, ASY027 asks for nothing', async () => {
  const poller = 'using System;\nusing System.Threading.Tasks;\nnamespace Acme;\npublic sealed class Poller\n{\n    public async Task<int> PollAsync(TimeSpan delay)\n    {\n        await Task.Delay(delay);\n        return Environment.TickCount;\n    }\n}\n';
  const root = workspace({
    'Acme/Acme.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><PackageId>Acme</PackageId></PropertyGroup><ItemGroup><PackageReference Include="Fody" Version="6.9.3" PrivateAssets="All" /><PackageReference Include="ConfigureAwait.Fody" Version="3.3.2" PrivateAssets="All" /></ItemGroup></Project>',
    'Acme/FodyWeavers.xml': '<Weavers>\n  <ConfigureAwait />\n</Weavers>\n',
    'Acme/Poller.cs': poller,
  });
  const session = await startSession({ workspace: root, settings: { severity: { ASY027: 'information' } } });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  const uri = fileUri(path.join(root, 'Acme/Poller.cs'));
  session.open(uri, poller);
  // The weaver runs but its entry sets no value: the await is the project's to configure.
  const before = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'ASY027'));
  assert.equal(before.filter((d) => d.code === 'ASY027').length, 1);
  fs.writeFileSync(path.join(root, 'Acme/FodyWeavers.xml'), '<Weavers>\n  <ConfigureAwait ContinueOnCapturedContext="false" />\n</Weavers>\n');
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(root, 'Acme/FodyWeavers.xml')), type: 2 }] });
  const after = await session.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'ASY027'));
  assert.deepEqual(after.filter((d) => d.code === 'ASY027'), []);
});

test('a project in the workspace\'s test folder is test code in the editor too: its blocking findings are capped', async () => {
  const root = workspace({
    'src/Shop/Shop.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>',
    'src/Shop/Service.cs': blocking('Shop'),
    // Fakes the tests share: no test framework, not published, below the workspace's tests/ folder.
    'tests/Shop.Fakes/Shop.Fakes.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><IsPackable>false</IsPackable></PropertyGroup></Project>',
    'tests/Shop.Fakes/Service.cs': blocking('Shop.Fakes'),
  });
  const session = await startSession({ workspace: root });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  const uri = (f: string) => fileUri(path.join(root, f));
  for (const f of ['src/Shop/Service.cs', 'tests/Shop.Fakes/Service.cs']) session.open(uri(f), fs.readFileSync(path.join(root, f), 'utf8'));
  const production = await session.waitForDiagnostics(uri('src/Shop/Service.cs'), (d) => d.some((x) => x.code === 'ASY001'));
  assert.equal(production.find((d) => d.code === 'ASY001')!.severity, 2, 'a warning in production code');
  const fakes = await session.waitForDiagnostics(uri('tests/Shop.Fakes/Service.cs'), (d) => d.some((x) => x.code === 'ASY001'));
  assert.equal(fakes.find((d) => d.code === 'ASY001')!.severity, 3, 'capped at information in the test folder');
});

test('the editor reads each project\'s own types: a class another project declares under the same name lends no overload', async () => {
  const source = path.join('test', 'fixtures', 'projects', 'same-named-types');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-'));
  dirs.push(root);
  fs.cpSync(source, root, { recursive: true });
  const session = await startSession({ workspace: root });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  const uri = (f: string) => fileUri(path.join(root, f));
  for (const f of ['samples/Catalog/StockKeeper.cs', 'samples/Restock/Restocker.cs']) session.open(uri(f), fs.readFileSync(path.join(root, f), 'utf8'));
  // Restock references Warehouse, whose CountAsync takes a token; Catalog's own FillAsync takes none, whatever
  // Warehouse's class of the same name declares.
  const restock = await session.waitForDiagnostics(uri('samples/Restock/Restocker.cs'), (d) => d.some((x) => x.code === 'ASY025'));
  assert.deepEqual(restock.filter((d) => d.code === 'ASY025').map((d) => d.range.start.line), [9]);
  const catalog = await session.waitForDiagnostics(uri('samples/Catalog/StockKeeper.cs'), () => true);
  assert.deepEqual(catalog.filter((d) => d.code === 'ASY025'), []);
});
