// The extension's pure view code: the cost report page (snapshot plus the properties its CSP depends on),
// the method detail page and the status bar text, tested without VS Code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { repoRoot } from './support';
import { baseName, renderCostReport, returnKindLabel } from '../../client/src/costReportHtml';
import { renderMethodDetail } from '../../client/src/methodDetailHtml';
import { markdownToHtml } from '../../client/src/markdownHtml';
import { presentStatus, runtimeLabel } from '../../client/src/statusText';
import { COST_REPORT_REQUEST, METHOD_DETAIL_REQUEST, STATUS_NOTIFICATION, type CostReport, type MethodCost } from '../../client/src/protocol';
import * as server from '../../server/src/lsp/protocol';

const SNAPSHOT = path.join(repoRoot, 'test', 'fixtures', 'client', 'cost-report.snapshot.html');

function method(over: Partial<MethodCost>): MethodCost {
  return {
    uri: 'file:///ws/src/Orders/OrderService.cs',
    line: 10,
    character: 30,
    name: 'GetAsync',
    containingType: 'OrderService',
    returnKind: 'Task<Order>',
    stateMachineBytes: 72,
    syncBytes: 72,
    syncBytesIfCached: 72,
    suspendBytes: 184,
    awaits: 2,
    maySuspend: 1,
    likelySync: false,
    reason: 'awaits an I/O call',
    findings: [],
    estimate: false,
    ...over,
  };
}

const REPORT: CostReport = {
  runtime: 'net10',
  methods: [
    method({}),
    method({ name: 'IsCachedAsync', line: 40, returnKind: 'Task<bool>', syncBytes: 72, syncBytesIfCached: 0, suspendBytes: 160, awaits: 1, maySuspend: 0, likelySync: true, reason: 'returns from the cache before its only await' }),
    method({ uri: 'file:///ws/src/Billing/Invoice%20Writer.cs', containingType: 'InvoiceWriter<T>', name: 'WriteAsync', returnKind: 'ValueTask', stateMachineBytes: 96, syncBytes: 0, syncBytesIfCached: 0, suspendBytes: 256, findings: ['ASY001', 'ASY002', 'ASY001'], estimate: 'size of Stream<"x"> unknown' }),
    method({ name: 'Noop<script>', returnKind: 'Task', stateMachineBytes: 40, syncBytes: 0, syncBytesIfCached: 0, suspendBytes: 0, awaits: 0, maySuspend: 0, likelySync: true, reason: 'no await', findings: 1 }),
  ],
};

function page(report = REPORT, chartSize?: number): string {
  return renderCostReport({
    report,
    scopeLabel: 'workspace',
    cspSource: 'vscode-webview://test',
    nonce: 'TESTNONCE',
    fileLabel: (uri) => decodeURIComponent(uri.replace('file:///ws/', '')),
    chartSize,
  });
}

test('the cost report page matches its snapshot (UPDATE_SNAPSHOTS=1 rewrites it)', () => {
  const html = page();
  if (process.env.UPDATE_SNAPSHOTS === '1') {
    fs.mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
    fs.writeFileSync(SNAPSHOT, html);
  }
  assert.equal(html, fs.readFileSync(SNAPSHOT, 'utf8'));
});

test('the page loads nothing from outside and runs only its own nonce-carrying code', () => {
  const html = page();
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
  assert.ok(csp, 'has a CSP');
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-TESTNONCE'/);
  assert.match(csp, /style-src 'nonce-TESTNONCE'/);
  assert.doesNotMatch(html, /\bstyle="/, 'inline style attributes would be blocked by the CSP');
  assert.doesNotMatch(html, /\b(?:src|href)="(?:https?:)?\/\//, 'no remote resource');
  assert.doesNotMatch(html, /\son[a-z]+="/, 'no inline event handlers (the CSP blocks them)');
  for (const tag of html.match(/<(?:script|style)\b[^>]*>/g) ?? []) assert.match(tag, /nonce="TESTNONCE"/, tag);
  const script = /<script nonce="TESTNONCE">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  assert.doesNotThrow(() => new vm.Script(script), 'the page script parses');
});

test('method names, types and file names are escaped', () => {
  const html = page();
  assert.ok(!html.includes('Noop<script>'), 'a method name cannot inject markup');
  assert.ok(html.includes('Noop&lt;script&gt;'));
  assert.ok(html.includes('InvoiceWriter&lt;T&gt;.WriteAsync'));
  assert.ok(html.includes('Task&lt;Order&gt;'));
  assert.ok(html.includes('Billing/Invoice Writer.cs'));
  assert.ok(html.includes('size of Stream&lt;&quot;x&quot;&gt; unknown'));
});

test('rows start sorted by bytes on suspension, costliest first, and each opens its method', () => {
  const html = page();
  const rows = [...html.matchAll(/<tr tabindex="0" data-uri="([^"]+)" data-line="(\d+)" data-character="(\d+)">.*?<a class="method"[^>]*>([^<]+)<\/a>/g)];
  assert.deepEqual(rows.map((r) => r[4]), ['InvoiceWriter&lt;T&gt;.WriteAsync', 'OrderService.GetAsync', 'OrderService.IsCachedAsync', 'OrderService.Noop&lt;script&gt;']);
  assert.equal(rows[2][2], '40');
  assert.match(html, /<th scope="col" data-key="suspend" data-numeric="true" aria-sort="descending"/);
});

test('the chart shows the costliest methods only, and none that cost nothing', () => {
  const html = page(REPORT, 2);
  assert.equal((html.match(/<svg class="bar"/g) ?? []).length, 2);
  assert.match(html, /Costliest 2 methods/);
  const all = page();
  assert.equal((all.match(/<svg class="bar"/g) ?? []).length, 3, 'Noop allocates nothing and is left out of the chart');
  // The costliest bar is full width; the others are in proportion to it.
  assert.match(all, /<rect class="suspend" x="0" y="2" height="9" width="100\.0%">/);
  assert.match(all, /<rect class="suspend" x="0" y="2" height="9" width="71\.9%">/);
});

test('findings show as a count with their distinct rule ids; estimates are marked', () => {
  const html = page();
  assert.match(html, /<span class="badge">3<\/span> <span class="ids">ASY001, ASY002<\/span>/);
  assert.match(html, /<span class="badge">1<\/span><\/td>/, 'a bare count from the server still shows');
  assert.match(html, /≈256 B/);
  assert.match(html, /title="72 B when the result is a cached task"|title="0 B when the result is a cached task"/);
});

test('the report fits a narrow window: one-line rows, qualified chart labels with the estimate mark', () => {
  const html = page();
  assert.doesNotMatch(html, /<div class="reason">/, 'the verdict\'s reason is a tooltip, not a second line');
  assert.match(html, /th, td \{[^}]*white-space: nowrap;/);
  assert.match(html, /@media \(max-width: 760px\)/, 'narrow panels drop the least needed columns instead of scrolling');
  assert.match(html, /<a class="bar-label method"[^>]*>InvoiceWriter&lt;T&gt;\.WriteAsync<\/a>/);
  assert.match(html, /<span class="bar-value">≈256 B \/ ≈0 B<\/span>/);
  assert.match(html, /finding(s)? inside them \(hints included\)/);
});

test('an empty report says so instead of drawing an empty table', () => {
  const html = renderCostReport({ report: { runtime: 'net8', methods: [] }, scopeLabel: 'src/Empty.cs', cspSource: 'x', nonce: 'N', fileLabel: baseName });
  assert.match(html, /No async methods found in src\/Empty\.cs\./);
  assert.doesNotMatch(html, /<table/);
  assert.match(html, /runtime profile \.NET 8/);
});

test('return kinds read as the C# they stand for', () => {
  assert.equal(returnKindLabel('TaskOfT'), 'Task<T>');
  assert.equal(returnKindLabel('ValueTaskOfT'), 'ValueTask<T>');
  assert.equal(returnKindLabel('Task'), 'Task');
  assert.equal(returnKindLabel('void'), 'void');
  assert.match(page({ runtime: 'net10', methods: [method({ returnKind: 'TaskOfT' })] }), /<code>Task&lt;T&gt;<\/code>/);
});

test('baseName decodes the last path segment of a URI', () => {
  assert.equal(baseName('file:///c%3A/src/My%20File.cs'), 'My File.cs');
  assert.equal(baseName('untitled:Untitled-1'), 'untitled:Untitled-1');
});

test('the method detail page shows rendered markdown, or the markdown itself, with no script allowed', () => {
  const rendered = renderMethodDetail({ markdown: '# GetAsync', bodyHtml: '<h1>GetAsync</h1>', title: 'GetAsync', nonce: 'N' });
  assert.match(rendered, /<h1>GetAsync<\/h1>/);
  assert.doesNotMatch(rendered, /script-src/);
  assert.match(rendered, /default-src 'none'/);
  const raw = renderMethodDetail({ markdown: '`Task<int>` <b>', title: 'x<y', nonce: 'N' });
  assert.match(raw, /<pre>`Task&lt;int&gt;` &lt;b&gt;<\/pre>/);
  assert.match(raw, /<title>x&lt;y<\/title>/);
});

test('the method detail renders markdown with HTML off: tags in the text stay text, and only https links are links', () => {
  const html = markdownToHtml([
    '## async Task <img src=x onerror=alert(1)>',
    '',
    '| field | type |',
    '|---|---|',
    '| `x` | <a href="https://evil.example">click</a> |',
    '',
    '[docs](https://example.com/asy001.md) [run](command:workbench.action.terminal.new) [js](javascript:alert(1)) [file](file:///etc/passwd)',
  ].join('\n'));
  assert.doesNotMatch(html, /<img|<a href="https:\/\/evil|onerror=(?!alert\(1\)&gt;)/);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  assert.match(html, /<table>/, 'tables still render');
  const links = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(links, ['https://example.com/asy001.md']);
});

test('runtime profiles read as .NET versions', () => {
  assert.equal(runtimeLabel('net10'), '.NET 10');
  assert.equal(runtimeLabel('net6'), '.NET 6');
  assert.equal(runtimeLabel('net11-runtime-async'), '.NET 11 runtime async');
  assert.equal(runtimeLabel('mono'), 'mono');
});

test('the status bar says what the server is doing and what it found', () => {
  assert.equal(presentStatus({ state: 'starting', files: 0, findings: 0, runtime: 'net10' }).text, '$(loading~spin) AsyncLens');
  assert.equal(presentStatus({ state: 'indexing', files: 1200, findings: 3, runtime: 'net10' }).text, '$(loading~spin) AsyncLens: indexing 1,200 files');
  assert.equal(presentStatus({ state: 'ready', files: 40, findings: 1, runtime: 'net8' }).text, '$(warning) AsyncLens: 1 finding · .NET 8');
  const clean = presentStatus({ state: 'ready', files: 40, findings: 0, runtime: 'net11-runtime-async' });
  assert.equal(clean.text, '$(check) AsyncLens: 0 findings · .NET 11 runtime async');
  assert.match(clean.tooltip, /0 findings in the open files; 40 C# files indexed\./);
  assert.match(clean.tooltip, /Click to choose the runtime profile\./);
  const withHints = presentStatus({ state: 'ready', files: 40, findings: 8, hints: 3, runtime: 'net10' });
  assert.match(withHints.tooltip, /8 findings in the open files: 5 in the Problems panel, 3 hints \(dots under the code, not listed there\)/);
  const failed = presentStatus({ state: 'error', files: 0, findings: 0, runtime: 'net10', message: 'wasm missing: dist/tree-sitter_c_sharp.wasm' });
  assert.equal(failed.text, '$(error) AsyncLens');
  assert.equal(failed.error, true);
  assert.match(failed.tooltip, /wasm missing: dist\/tree\\-sitter\\_c\\_sharp\\\.wasm/, 'server text is escaped for markdown');
});

test('the client speaks the message names the server defines', () => {
  assert.equal(COST_REPORT_REQUEST, server.COST_REPORT_METHOD);
  assert.equal(METHOD_DETAIL_REQUEST, server.METHOD_DETAIL_METHOD);
  assert.equal(STATUS_NOTIFICATION, server.STATUS_METHOD);
  const extension = fs.readFileSync(path.join(repoRoot, 'client', 'src', 'extension.ts'), 'utf8');
  assert.ok(extension.includes(`registerCommand('${server.SHOW_METHOD_DETAIL_COMMAND}'`), 'the CodeLens command is registered by the client');
});

test('a report of one file leaves out the file column', () => {
  const one = page({ runtime: 'net10', methods: REPORT.methods.filter((m) => m.uri.endsWith('OrderService.cs')) });
  assert.doesNotMatch(one, /data-key="file"/);
  const firstRow = /<tr tabindex="0"[^>]*>(<td[^>]*>)/.exec(one)?.[1] ?? '';
  assert.match(firstRow, /data-value="orderservice\.getasync"/);
  assert.match(page(), /data-key="file"/);
});
