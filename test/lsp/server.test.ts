// The built language server (dist/server.js --stdio) driven by a real protocol client over the sample workspace:
// capabilities, diagnostics, hovers (snapshotted), code actions applied, inlay hints, CodeLens, settings changes,
// the custom requests, and a file with syntax errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol/node';
import { applyWorkspaceEdit, fileUri, positionOf, repoRoot, startSession, type Session } from './session';
import { matchSnapshot } from './snapshots';

const workspace = path.join(repoRoot, 'test', 'fixtures', 'workspace');
const catalogFile = path.join(workspace, 'Catalog', 'HttpCatalogClient.cs');
const catalogUri = fileUri(catalogFile);
const catalogText = fs.readFileSync(catalogFile, 'utf8');
const baseSettings = { inlayHints: 'all', codeLens: true };

let session: Session;

before(async () => {
  session = await startSession({ workspace, settings: { ...baseSettings } });
  session.open(catalogUri, catalogText);
  // Cross-file verdicts need the index: wait until the workspace is indexed, then for the re-checked diagnostics.
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  await session.waitForDiagnostics(catalogUri, (d) => d.some((x) => x.code === 'ASY001'));
});

after(async () => {
  await session?.shutdown();
});

const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.code}@${d.range.start.line + 1}`).sort();
const markdown = (h: { contents: unknown } | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
// The hover's first line names the selected runtime after the bytes.
const NET10_FIRST = /^\*\*[^\n]*\*\* · [^\n]* \(\.NET 10\)$/m;
const NET11_FIRST = /^\*\*[^\n]*\*\* · [^\n]* \(\.NET 11 runtime async\)$/m;

test('initialize announces incremental sync, hovers, quick fixes and fix-all, inlay hints and CodeLens', () => {
  const caps = session.initializeResult.capabilities;
  assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
  assert.equal(caps.hoverProvider, true);
  assert.deepEqual((caps.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds, ['quickfix', 'source.fixAll.asynclens']);
  assert.ok(caps.inlayHintProvider);
  assert.ok(caps.codeLensProvider);
  assert.equal(session.initializeResult.serverInfo?.name, 'asynclens');
});

test('an open document gets its findings as diagnostics with code, docs link and severity, the note in the hover and the fix in a code action', async () => {
  const ds = session.diagnostics(catalogUri)!;
  assert.deepEqual(codes(ds), ['ASY001@69', 'ASY003@34', 'ASY010@53', 'ASY013@19']);
  const blocking = ds.find((d) => d.code === 'ASY001')!;
  assert.equal(blocking.source, 'asynclens');
  assert.equal(blocking.severity, 2);
  assert.match(blocking.codeDescription!.href, /server\/docs\/rules\/asy001\.md$/);
  assert.equal(String(blocking.message).split('\n').length, 1, 'one line in the Problems panel; the why is in the hover');
  // The note stays in the server's snapshot, where the hover is made; publishing it doubled every publish's bytes.
  assert.equal((blocking.data as { note?: string }).note, undefined);
  assert.match(markdown(await session.hover(catalogUri, blocking.range.start)), /OrderDesk is a console application \(OutputType Exe, no UI framework\), which has no SynchronizationContext, so the wait cannot deadlock/);
  const data = blocking.data as { ruleId: string; revision: number; fix: unknown };
  assert.equal(data.ruleId, 'ASY001');
  assert.equal(typeof data.revision, 'number', 'the data names the text it belongs to (the server\'s revision of it)');
  // The fix edits stay in the snapshot too: the code action for the published diagnostic comes from there.
  assert.equal(data.fix, null);
  const actions = await session.codeActions(catalogUri, blocking.range, [blocking]);
  const fix = actions.find((a) => /^Await the task/.test(a.title));
  assert.ok(fix, `a fix for the published diagnostic: ${actions.map((a) => a.title)}`);
  assert.match(fix.title, /\(unsafe\)$/);
  assert.ok(Object.values(fix.edit?.changes ?? {}).flat().length > 0 || (fix.edit?.documentChanges?.length ?? 0) > 0);
  assert.equal(ds.find((d) => d.code === 'ASY013')!.range.start.line, 18);
});

test('related locations point into other files of the workspace, read from disk when they are not open', async () => {
  const file = path.join(workspace, 'Pricing', 'PriceCache.cs');
  const uri = fileUri(file);
  session.open(uri, fs.readFileSync(file, 'utf8'));
  const ds = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'ASY012'));
  const candidate = ds.find((d) => d.code === 'ASY012')!;
  const caller = candidate.relatedInformation?.find((r) => r.location.uri.endsWith('/Workers/ReportWorker.cs'));
  assert.ok(caller, JSON.stringify(candidate.relatedInformation));
  assert.equal(caller.location.range.start.line, 155, 'Workers/ReportWorker.cs:156, 1-based');
  session.close(uri);
});

test('hover: the cost card on a method name, the await card, the finding card (snapshots)', async () => {
  const onMethod = await session.hover(catalogUri, positionOf(catalogText, 'GetStockLevelAsync'));
  const onAwait = await session.hover(catalogUri, positionOf(catalogText, 'await', 'GetStockLevelAsync'));
  const onResult = await session.hover(catalogUri, positionOf(catalogText, 'Result', 'ReadAsStringAsync'));
  // Exact, not an estimate: the HttpClient call is typed from the API signature database (TaskAwaiter<StockResponse>).
  assert.match(markdown(onMethod), /^\*\*async ValueTask\\<int\\> GetStockLevelAsync\*\* · sync 0 B · suspend 128 B \(\.NET 10\)/);
  assert.match(markdown(onMethod), NET10_FIRST);
  assert.match(markdown(onAwait), /^\*\*await\*\*/);
  assert.match(markdown(onResult), /\[ASY001 blocking-wait-in-async\]/);
  matchSnapshot('hover-method', markdown(onMethod));
  matchSnapshot('hover-await', markdown(onAwait));
  matchSnapshot('hover-finding', markdown(onResult));
  assert.equal(await session.hover(catalogUri, { line: 0, character: 0 }), null, 'nothing to say on a using directive');
});

test('code actions: the fix, suppressions and docs; applying one updates the diagnostics', async () => {
  const uri = fileUri(path.join(workspace, 'Catalog', 'Scratch.cs'));
  let text = catalogText;
  let version = 1;
  session.open(uri, text, version);
  const ds = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'ASY001'));
  const blocking = ds.find((d) => d.code === 'ASY001')!;
  const actions = await session.codeActions(uri, blocking.range, [blocking]);
  const titles = actions.map((a) => a.title);
  assert.deepEqual(titles, ['Await the task instead of blocking (unsafe)', 'Fix all ASY001 in the workspace (unsafe)', 'Configure ASY001 severity in .editorconfig',
    'Suppress ASY001 on this line', 'Suppress ASY001 in this file', 'Open documentation for ASY001']);
  assert.equal(actions[0].kind, 'quickfix');
  assert.equal(actions[0].isPreferred, false, 'unsafe fixes are never preferred');
  const docs = actions.find((a) => a.title === 'Open documentation for ASY001')!;
  assert.deepEqual(docs.command?.arguments, [blocking.codeDescription!.href]);
  assert.equal(docs.command?.command, 'vscode.open');
  const onLine = actions.find((a) => a.title === 'Suppress ASY001 on this line')!;
  const inFile = actions.find((a) => a.title === 'Suppress ASY001 in this file')!;

  // Suppress on the line: the inserted comment keeps the line's indentation and the finding goes away.
  text = applyWorkspaceEdit(text, uri, onLine.edit!);
  assert.match(text, /\n {8}\/\/ asynclens-disable-next-line ASY001\n {8}var body = response\.Content/);
  version++;
  session.change(uri, version, [{ text }]);
  let after = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  assert.ok(!after.some((d) => d.code === 'ASY001'), codes(after).join());

  // Or for the whole file, with a #pragma at the top.
  text = applyWorkspaceEdit(catalogText, uri, inFile.edit!);
  assert.ok(text.startsWith('#pragma warning disable ASY001\n'));
  version++;
  session.change(uri, version, [{ text }]);
  after = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  assert.ok(!after.some((d) => d.code === 'ASY001'), codes(after).join());

  // Undo and apply the rule's own fix instead: `await` replaces the blocking wait.
  text = catalogText;
  version++;
  session.change(uri, version, [{ text }]);
  after = await session.waitForDiagnostics(uri, (d, v) => v === version && d.some((x) => x.code === 'ASY001'));
  const again = after.find((d) => d.code === 'ASY001')!;
  const [fix] = await session.codeActions(uri, again.range, [again]);
  text = applyWorkspaceEdit(text, uri, fix.edit!);
  assert.match(text, /await response\.Content\.ReadAsStringAsync\(ct\)/);
  version++;
  session.change(uri, version, [{ text }]);
  after = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  assert.ok(!after.some((d) => d.code === 'ASY001'), codes(after).join());
  session.close(uri);
});

test('source.fixAll.asynclens applies only the safe fixes, and only when asked for', async () => {
  const uri = 'untitled:FixAll.cs';
  const text = [
    'using System.Threading.Tasks;',
    'class Counter',
    '{',
    '    public async Task<int> OneAsync() { return 1; }',
    '    public async Task<int> TwoAsync() => 2;',
    '    public async Task<int> ReadAsync(Task<int> t) { await Task.Yield(); return t.Result; }',
    '}',
    '',
  ].join('\n');
  session.open(uri, text);
  const ds = await session.waitForDiagnostics(uri, (d) => d.filter((x) => x.code === 'ASY011').length === 2);
  const lightBulb = await session.codeActions(uri, ds[0].range, [ds[0]]);
  assert.ok(!lightBulb.some((a) => a.kind === 'source.fixAll.asynclens'), 'fix-all is a source action, not a light-bulb entry');
  const [fixAll] = await session.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']);
  assert.equal(fixAll.kind, 'source.fixAll.asynclens');
  const fixed = applyWorkspaceEdit(text, uri, fixAll.edit!);
  assert.doesNotMatch(fixed, /async Task<int> (One|Two)Async/);
  assert.match(fixed, /t\.Result/, 'the unsafe ASY001 fix is not part of fix-all');
  session.change(uri, 2, [{ text: fixed }]);
  const after = await session.waitForDiagnostics(uri, (_d, v) => v === 2);
  assert.ok(!after.some((d) => d.code === 'ASY011'), codes(after).join());
  session.close(uri);
});

test('inlay hints at signature ends and CodeLens above async methods', async () => {
  const hints = await session.inlayHints(catalogUri, { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } });
  assert.ok(hints.length >= 4, `${hints.length} hints`);
  for (const h of hints) assert.match(String(h.label), /^(sync ≈?\d+ B|always suspends) · (suspend ≈?\d+ B|never suspends)$/);
  const stock = hints.find((h) => h.position.line === 52)!;
  assert.ok(stock, 'a hint on GetStockLevelAsync');
  const line = catalogText.split('\n')[52];
  assert.equal(stock.position.character, line.indexOf(')') + 1, 'the hint sits right after the parameter list');

  const lenses = await session.codeLenses(catalogUri);
  const lens = lenses.find((l) => l.command?.arguments?.[1] === 52)!;
  assert.ok(lens, JSON.stringify(lenses.map((l) => l.command)));
  assert.match(lens.command!.title, /^(sync ≈?\d+ B|always suspends) · (suspend ≈?\d+ B|never suspends) · 1 finding$/);
  assert.equal(lens.command!.command, 'asynclens.showMethodDetail');
  assert.deepEqual(lens.command!.arguments, [catalogUri, 52, line.indexOf('GetStockLevelAsync')]);

  // aboveThreshold (the default) hides cheap methods; off hides all.
  session.changeSettings({ inlayHints: 'aboveThreshold', costThreshold: 100000 });
  await waitFor(async () => (await session.inlayHints(catalogUri, { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } })).length === 0);
  session.changeSettings({ ...baseSettings, codeLens: false });
  await waitFor(async () => (await session.codeLenses(catalogUri)).length === 0);
  session.changeSettings({ ...baseSettings });
  await waitFor(async () => (await session.codeLenses(catalogUri)).length === lenses.length);
});

test('changing the runtime profile re-analyses: new numbers, hints refreshed, status updated', async () => {
  const range = { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } };
  const before = (await session.inlayHints(catalogUri, range)).map((h) => String(h.label));
  const refreshes = session.refreshes.inlayHints;
  session.changeSettings({ ...baseSettings, runtime: 'net11-runtime-async' });
  await waitFor(async () => session.refreshes.inlayHints > refreshes && (await session.hover(catalogUri, positionOf(catalogText, 'GetStockLevelAsync'))) !== null
    && NET11_FIRST.test(markdown(await session.hover(catalogUri, positionOf(catalogText, 'GetStockLevelAsync')))));
  const afterHints = (await session.inlayHints(catalogUri, range)).map((h) => String(h.label));
  assert.notDeepEqual(afterHints, before, 'Runtime Async numbers differ from .NET 10 ones');
  await session.waitForStatus((s) => s.runtime === 'net11-runtime-async');
  session.changeSettings({ ...baseSettings });
  await waitFor(async () => NET10_FIRST.test(markdown(await session.hover(catalogUri, positionOf(catalogText, 'GetStockLevelAsync')))));
});

test('bad settings are logged and replaced by defaults; severities from settings apply', async () => {
  session.changeSettings({ ...baseSettings, runtime: 'net99', costThreshold: 'lots', severity: { ASY001: 'error', ASY999: 'error', ASY010: 'loud' } });
  await waitFor(() => Promise.resolve(session.logs.some((l) => l.includes('asynclens.runtime: "net99" is not one of'))));
  assert.ok(session.logs.some((l) => l.includes('asynclens.costThreshold: "lots" is not a number')));
  assert.ok(session.logs.some((l) => l.includes('"ASY999" is not an AsyncLens rule id')));
  assert.ok(session.logs.some((l) => l.includes('asynclens.severity.ASY010: "loud"')));
  const ds = await session.waitForDiagnostics(catalogUri, (d) => d.find((x) => x.code === 'ASY001')?.severity === 1);
  assert.equal(ds.find((d) => d.code === 'ASY010')?.severity, 4, 'ASY010 keeps its default (hint)');
  session.changeSettings({ ...baseSettings, severity: { ASY013: 'off' } });
  await session.waitForDiagnostics(catalogUri, (d) => !d.some((x) => x.code === 'ASY013') && d.find((x) => x.code === 'ASY001')?.severity === 2);
  session.changeSettings({ ...baseSettings });
  await session.waitForDiagnostics(catalogUri, (d) => d.some((x) => x.code === 'ASY013'));
});

test('asynclens/costReport lists the workspace\'s async methods; asynclens/methodDetail shows every profile', async () => {
  const report = await session.request<{ runtime: string; methods: { uri: string; name: string; line: number; character: number; suspendBytes: number; findings: string[]; likelySync: boolean }[] }>('asynclens/costReport', {});
  // "auto": the sample workspace's project targets net10.0.
  assert.equal(report.runtime, 'auto (net10)');
  const names = report.methods.map((m) => m.name);
  for (const name of ['GetStockLevelAsync', 'GetPriceAsync', 'CountOverdueAsync', 'PublishAsync']) assert.ok(names.includes(name), name);
  const price = report.methods.find((m) => m.name === 'GetPriceAsync')!;
  assert.deepEqual(price.findings, ['ASY010', 'ASY012']);
  assert.equal(price.likelySync, true);
  assert.ok(price.uri.endsWith('Pricing/PriceCache.cs'));
  const one = await session.request<{ methods: { uri: string }[] }>('asynclens/costReport', { uri: catalogUri });
  assert.ok(one.methods.length >= 4 && one.methods.every((m) => m.uri === catalogUri));

  const detail = await session.request<{ markdown: string } | null>('asynclens/methodDetail', { uri: price.uri, line: price.line, character: price.character });
  assert.ok(detail);
  for (const label of ['.NET 6', '.NET 7', '.NET 8', '.NET 9', '.NET 10', '.NET 11 runtime async']) assert.ok(detail.markdown.includes(`### ${label}`), label);
  matchSnapshot('method-detail', detail.markdown);
  assert.equal(await session.request('asynclens/methodDetail', { uri: catalogUri, line: 0, character: 0 }), null);
});

test('a document with syntax errors still gets diagnostics for its clean methods', async () => {
  const uri = 'untitled:Broken.cs';
  const text = [
    'using System.Threading.Tasks;',
    'class Broken',
    '{',
    '    public async Task<int> CleanAsync(Task<int> t)',
    '    {',
    '        await Task.Yield();',
    '        return t.Result;',
    '    }',
    '',
    '    public async Task DirtyAsync(',
    '    {',
    '        await Task.Delay(1;',
    '        var x = Task.FromResult(1).Result',
    '    }',
    '}',
    '',
  ].join('\n');
  session.open(uri, text);
  const ds = await session.waitForDiagnostics(uri, (d) => d.length > 0);
  assert.deepEqual(codes(ds), ['ASY001@7']);
  const hover = markdown(await session.hover(uri, positionOf(text, 'CleanAsync')));
  assert.match(hover, /CleanAsync/);
  // The skipped method says so where people look: on its name, with the reason `check` and `cost` give.
  const skipped = markdown(await session.hover(uri, positionOf(text, 'DirtyAsync')));
  assert.match(skipped, /\*\*DirtyAsync\*\* is not analysed: .*syntax errors/);
  session.close(uri);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms; logs:\n${session.logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
