// `asynclens cost` as a user meets it: the JSON report of the sample workspace (a snapshot; UPDATE_SNAPSHOTS=1
// rewrites it), the table, CSV and --explain, usage errors, and the sample workspace's state-machine sizes against the
// ones the compiler really produced for it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot, runCli } from './support';

before(ready);

const workspace = 'test/fixtures/workspace';
const snapshotDir = path.join(repoRoot, 'test', 'snapshots', 'cost');

const run = (args: string[]) => runCli(args);

function matchSnapshot(name: string, actual: string): void {
  const file = path.join(snapshotDir, name);
  if (process.env.UPDATE_SNAPSHOTS === '1' || !fs.existsSync(file)) {
    fs.mkdirSync(snapshotDir, { recursive: true });
    fs.writeFileSync(file, actual);
    if (process.env.UPDATE_SNAPSHOTS !== '1') assert.fail(`wrote the missing snapshot ${path.relative(repoRoot, file)}; run again`);
    return;
  }
  assert.equal(actual, fs.readFileSync(file, 'utf8'), `${name} differs from its snapshot (UPDATE_SNAPSHOTS=1 rewrites it)`);
}

test('cost --format json on the sample workspace matches its snapshot', async () => {
  const r = await run(['cost', workspace, '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  for (const m of report.methods) {
    for (const key of ['file', 'line', 'name', 'returnKind', 'runtime', 'stateMachineBytes', 'syncBytes', 'syncBytesIfCached', 'suspendBytes', 'awaits', 'maySuspend', 'likelySync', 'estimate', 'fields']) {
      assert.ok(key in m, `${m.name} lacks ${key}`);
    }
  }
  matchSnapshot('orderdesk.json', r.stdout.replace(/"version": "[^"]*"/, '"version": "<version>"'));
});

test('cost prints a table with one row per async method, and CSV with a header', async () => {
  const table = await run(['cost', workspace, '--sort', 'bytes']);
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.split('\n');
  assert.match(lines[0], /^location\s+method\s+returns\s+state machine B\s+sync B\s+suspend B\s+creates B\s+awaits\s+likely sync$/);
  assert.ok(lines.some((l) => /^test\/fixtures\/workspace\/Pricing\/PriceCache\.cs:25\s+PriceCache\.GetPriceAsync\s+Task<Money>\s+48\s+88\s+136\s+-\s+1 \(1 may suspend\)\s+yes$/.test(l)), table.stdout);
  assert.match(table.stdout, /25 async methods; bytes per call on net10/);
  // FindAsync's `o => o.Id == id` captures a Guid parameter: a 32 B closure and a 64 B delegate per call.
  assert.ok(lines.some((l) => /OrderRepository\.FindAsync\s+Task<Order\?>\s+64\s+72\*\s+136\s+96\s/.test(l)), table.stdout);
  const json = JSON.parse((await run(['cost', workspace, '--format', 'json'])).stdout) as { methods: { name: string; creates: { kind: string; bytes: number }[]; totalBytes: { syncBytes: number | null } }[] };
  const find = json.methods.find((m) => m.name === 'OrderRepository.FindAsync')!;
  assert.deepEqual(find.creates.map((c) => `${c.kind} ${c.bytes}`), ['closure 32', 'delegate 64']);
  const csv = await run(['cost', workspace, '--format', 'csv', '--runtime', 'net8']);
  assert.equal(csv.code, 0);
  const [header, ...rows] = csv.stdout.trim().split('\n');
  assert.equal(header, 'file,line,name,returnType,runtime,stateMachineBytes,syncBytes,syncBytesIfCached,suspendBytes,awaits,maySuspend,likelySync,estimate');
  assert.equal(rows.length, 25);
  assert.ok(rows.every((r) => r.includes(',net8,')));
});

test('cost --explain prints the field layout and every runtime profile', async () => {
  const r = await run(['cost', workspace, '--explain', 'Pricing/PriceCache.cs:25']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /PriceCache\.GetPriceAsync/);
  assert.match(r.stdout, /^\s+16\s+4\s+<>1__state\s+int/m);
  assert.match(r.stdout, /^\s+24\s+8\s+<>t__builder\s+AsyncTaskMethodBuilder<Money>/m);
  for (const profile of ['net6', 'net7', 'net8', 'net9', 'net10', 'net11-runtime-async']) assert.match(r.stdout, new RegExp(`^  ${profile}\\s`, 'm'));
  assert.match(r.stdout, /synchronous completion: 88 B/);
});

test('bad cost arguments are one-line usage errors (exit 2)', async () => {
  for (const args of [['cost', workspace, '--runtime', 'net5'], ['cost', workspace, '--format', 'xml'], ['cost', workspace, '--sort', 'size'],
    ['cost', workspace, '--explain', 'Program.cs'], ['cost', workspace, '--explain', 'Nope.cs:3'], ['cost', workspace, '--explain', 'Models/Money.cs:1'], ['cost', 'no/such/folder']]) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, `one line for ${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^asynclens: /);
  }
});

/**
 * Sizes of the sample workspace's state machines as the compiler produced them (SDK 10.0.401, Release), read with
 * reflection from the built assembly. The estimates match every one; field order can differ where Roslyn orders
 * `this` and parameters by their first use, which the model does not see.
 */
const COMPILED_SIZES: Record<string, number> = {
  'HttpCatalogClient.GetCatalogVersionAsync': 40, 'HttpCatalogClient.GetProductAsync': 64, 'HttpCatalogClient.GetStockLevelAsync': 56,
  'HttpCatalogClient.SearchAsync': 56, 'OrderRepository.AppendAsync': 88, 'OrderRepository.CompactAsync': 48, 'OrderRepository.FindAsync': 64,
  'OrderRepository.ImportAsync': 88, 'OrderRepository.LoadAllAsync': 104, 'PriceCache.GetPriceAsync': 48, 'PriceCache.RefreshAllAsync': 40,
  'PriceCache.WarmUpAsync': 64, 'ReportBuilder.CountOverdueAsync': 48, 'ReportOutbox.DrainAsync': 48, 'ReportWorker.<lambda passed to Run>': 32,
  'ReportWorker.PublishAsync': 40, 'ReportWorker.RunAsync': 40, 'ReportWorker.RunOnceAsync': 216, '<top-level statements>': 120,
  'OrderNotifier.SendAsync': 48, 'OrderNotifier.NotifyAll': 56, 'OrderNotifier.<lambda in notify>': 48, 'OrderNotifier.CountTemplatesAsync': 56,
  'OrderNotifier.SendLastAsync': 48, 'ReportArchive.ArchiveAsync': 104,
};

test('the sample workspace\'s state machines have the sizes the compiler gave them', async () => {
  const r = await run(['cost', workspace, '--format', 'json']);
  const sizes = Object.fromEntries(JSON.parse(r.stdout).methods.map((m: { name: string; stateMachineBytes: number }) => [m.name, m.stateMachineBytes]));
  assert.deepEqual(sizes, COMPILED_SIZES);
});
