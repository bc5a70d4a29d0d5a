/**
 * The HTML of the cost report webview: a sortable table of async methods and a bar chart of the costliest,
 * generated as a pure function of the report so tests can snapshot it without VS Code.
 */
import type { CostReport, MethodCost } from './protocol';
import { runtimeLabel } from './statusText';

export interface CostReportPage {
  report: CostReport;
  /** What the report covers, shown in the heading: a file name or "workspace". */
  scopeLabel: string;
  /** The webview's CSP source (webview.cspSource); only used for the policy, no resource is loaded. */
  cspSource: string;
  /** A fresh random nonce per render; only the page's own style and script carry it. */
  nonce: string;
  /** The file column's text for a method's URI, e.g. a workspace-relative path. */
  fileLabel: (uri: string) => string;
  /** How many of the costliest methods the chart shows. */
  chartSize?: number;
}

interface Column {
  key: string;
  title: string;
  numeric: boolean;
  /** Why the column exists, shown when hovering its header. */
  help: string;
}

const COLUMNS: Column[] = [
  { key: 'file', title: 'File', numeric: false, help: 'The file that declares the method' },
  { key: 'method', title: 'Method', numeric: false, help: 'Containing type and method name' },
  { key: 'returnKind', title: 'Returns', numeric: false, help: 'What the method returns (Task, Task<T>, ValueTask, void...)' },
  { key: 'stateMachine', title: 'State machine', numeric: true, help: 'Size of the compiler-generated state machine, in bytes' },
  { key: 'sync', title: 'Sync', numeric: true, help: 'Heap bytes one call allocates when it completes without suspending' },
  { key: 'suspend', title: 'Suspend', numeric: true, help: 'Heap bytes one call allocates when it suspends at an await' },
  { key: 'awaits', title: 'Awaits', numeric: true, help: 'Awaits that may suspend / all awaits' },
  { key: 'verdict', title: 'Verdict', numeric: false, help: 'Whether the method is likely to complete synchronously, and why' },
  { key: 'findings', title: 'Findings', numeric: true, help: 'AsyncLens findings inside the method' },
];

const DEFAULT_SORT = { key: 'suspend', descending: true };

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatBytes(bytes: number): string {
  return `${Math.round(bytes).toLocaleString('en-US')} B`;
}

/** The file name at the end of a URI, decoded: the fallback label when the caller has no better one. */
export function baseName(uri: string): string {
  const last = uri.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The server sends the model's return kind names; people read them as the C# they stand for. */
const RETURN_KIND_LABELS: Record<string, string> = {
  TaskOfT: 'Task<T>',
  ValueTaskOfT: 'ValueTask<T>',
  IAsyncEnumerable: 'IAsyncEnumerable<T>',
  IAsyncEnumerator: 'IAsyncEnumerator<T>',
  OtherTaskLike: 'custom task-like',
  Unknown: 'unknown',
};

export function returnKindLabel(kind: string): string {
  return RETURN_KIND_LABELS[kind] ?? kind;
}

function findingIds(m: MethodCost): string[] {
  return Array.isArray(m.findings) ? m.findings : [];
}

function findingCount(m: MethodCost): number {
  return Array.isArray(m.findings) ? m.findings.length : Number(m.findings) || 0;
}

function isEstimate(m: MethodCost): boolean {
  return typeof m.estimate === 'string' ? m.estimate.length > 0 && m.estimate !== 'exact' : Boolean(m.estimate);
}

function qualifiedName(m: MethodCost): string {
  return m.containingType ? `${m.containingType}.${m.name}` : m.name;
}

function verdict(m: MethodCost): string {
  if (m.likelySync) return 'likely sync';
  if (m.awaits === 0) return 'no awaits';
  return 'may suspend';
}

/** The bytes a person pays most often cannot be known statically, so the chart ranks by the suspending path. */
function costliest(methods: MethodCost[], size: number): MethodCost[] {
  return [...methods]
    .sort((a, b) => b.suspendBytes - a.suspendBytes || b.syncBytes - a.syncBytes || qualifiedName(a).localeCompare(qualifiedName(b)))
    .slice(0, size)
    .filter((m) => m.suspendBytes > 0 || m.syncBytes > 0);
}

function openAttributes(m: MethodCost): string {
  return `data-uri="${escapeHtml(m.uri)}" data-line="${m.line}" data-character="${m.character}"`;
}

function bytesCell(bytes: number, estimated: boolean, extraTitle = ''): string {
  const title = [estimated ? 'estimate: some type sizes are unknown' : '', extraTitle].filter(Boolean).join('; ');
  return `<td class="num" data-value="${bytes}"${title ? ` title="${escapeHtml(title)}"` : ''}>${estimated ? '≈' : ''}${formatBytes(bytes)}</td>`;
}

function row(m: MethodCost, fileLabel: (uri: string) => string, showFile: boolean): string {
  const estimated = isEstimate(m);
  const file = fileLabel(m.uri);
  const ids = findingIds(m);
  const findings = findingCount(m);
  const cachedNote = m.syncBytesIfCached !== m.syncBytes ? `${formatBytes(m.syncBytesIfCached)} when the result is a cached task` : '';
  const estimateTitle = typeof m.estimate === 'string' && estimated ? m.estimate : '';
  const cells = [
    `<td class="text file" data-value="${escapeHtml(file.toLowerCase())}" title="${escapeHtml(file)}">${escapeHtml(file)}</td>`,
    `<td class="text" data-value="${escapeHtml(qualifiedName(m).toLowerCase())}" title="${escapeHtml(qualifiedName(m))}"><a class="method" href="#" ${openAttributes(m)}>${escapeHtml(qualifiedName(m))}</a></td>`,
    `<td class="returns" data-value="${escapeHtml(returnKindLabel(m.returnKind).toLowerCase())}"><code>${escapeHtml(returnKindLabel(m.returnKind))}</code></td>`,
    bytesCell(m.stateMachineBytes, estimated, estimateTitle).replace('<td class="num"', '<td class="num state-machine"'),
    bytesCell(m.syncBytes, estimated, cachedNote),
    bytesCell(m.suspendBytes, estimated),
    `<td class="num awaits" data-value="${m.maySuspend * 10000 + m.awaits}" title="${m.maySuspend} of ${m.awaits} awaits may suspend">${m.maySuspend} / ${m.awaits}</td>`,
    // One line per row: the verdict's reason is the cell's tooltip (and the method detail's first line).
    `<td class="verdict-cell" data-value="${escapeHtml(verdict(m))}" title="${escapeHtml(m.reason)}"><span class="verdict ${m.likelySync ? 'sync' : 'suspends'}">${escapeHtml(verdict(m))}</span></td>`,
    `<td class="num" data-value="${findings}"${ids.length ? ` title="${escapeHtml(ids.join(', '))}"` : ''}>${findings ? `<span class="badge">${findings}</span>${ids.length ? ` <span class="ids">${escapeHtml([...new Set(ids)].join(', '))}</span>` : ''}` : ''}</td>`,
  ];
  return `<tr tabindex="0" ${openAttributes(m)}>${(showFile ? cells : cells.slice(1)).join('')}</tr>`;
}

function chart(methods: MethodCost[], size: number): string {
  const top = costliest(methods, size);
  if (top.length === 0) return '';
  const max = Math.max(...top.map((m) => Math.max(m.suspendBytes, m.syncBytes)), 1);
  const percent = (bytes: number) => `${((bytes / max) * 100).toFixed(1)}%`;
  // Bars are SVG rects sized by attribute: the CSP forbids inline style attributes, and attributes are not styles.
  const bars = top.map((m) => {
    const mark = isEstimate(m) ? '≈' : '';
    const label = `${qualifiedName(m)}: suspend ${mark}${formatBytes(m.suspendBytes)}, sync ${mark}${formatBytes(m.syncBytes)}${mark ? ' (estimates)' : ''}`;
    // Qualified (Type.Method): two types often have a method of the same name.
    return `<a class="bar-label method" href="#" ${openAttributes(m)} title="${escapeHtml(qualifiedName(m))}">${escapeHtml(qualifiedName(m))}</a>`
      + `<svg class="bar" role="img" aria-label="${escapeHtml(label)}"><title>${escapeHtml(label)}</title>`
      + `<rect class="suspend" x="0" y="2" height="9" width="${percent(m.suspendBytes)}"></rect>`
      + `<rect class="sync" x="0" y="13" height="9" width="${percent(m.syncBytes)}"></rect></svg>`
      + `<span class="bar-value">${mark}${formatBytes(m.suspendBytes)} / ${mark}${formatBytes(m.syncBytes)}</span>`;
  });
  return `<section class="chart" aria-label="Costliest methods">
<h2>Costliest ${top.length === 1 ? 'method' : `${top.length} methods`}</h2>
<p class="legend"><svg class="swatch" aria-hidden="true"><rect class="suspend" width="100%" height="100%"></rect></svg> bytes when it suspends <svg class="swatch" aria-hidden="true"><rect class="sync" width="100%" height="100%"></rect></svg> bytes when it completes synchronously</p>
<div class="bars">
${bars.join('\n')}
</div>
</section>`;
}

function summary(report: CostReport): string {
  const methods = report.methods;
  const likelySync = methods.filter((m) => m.likelySync).length;
  const findings = methods.reduce((n, m) => n + findingCount(m), 0);
  const files = new Set(methods.map((m) => m.uri)).size;
  return `${methods.length} async method${methods.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`
    + ` · ${likelySync} likely synchronous · ${findings} finding${findings === 1 ? '' : 's'} inside them (hints included)`
    + ` · runtime profile ${escapeHtml(runtimeLabel(report.runtime))}`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 16px; }
h1 { font-size: 1.3em; font-weight: 600; margin: 12px 0 4px; }
h2 { font-size: 1.05em; font-weight: 600; margin: 16px 0 6px; }
.summary, .legend, .reason { color: var(--vscode-descriptionForeground); }
header { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
button { font-family: inherit; font-size: inherit; }
.refresh { margin-left: auto; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; }
.refresh:hover { background: var(--vscode-button-hoverBackground); }
a.method { color: var(--vscode-textLink-foreground); text-decoration: none; }
a.method:hover { text-decoration: underline; }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; }
.bars { display: grid; grid-template-columns: minmax(6em, max-content) minmax(80px, 1fr) max-content; gap: 2px 10px; align-items: center; max-width: 960px; }
.bar-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 22em; }
@media (max-width: 520px) { .bar-label { max-width: 10em; } }
svg.bar { width: 100%; height: 24px; display: block; }
.bar-value { font-variant-numeric: tabular-nums; color: var(--vscode-descriptionForeground); }
rect.suspend { fill: var(--vscode-charts-orange, #d18616); }
rect.sync { fill: var(--vscode-charts-blue, #3794ff); }
svg.swatch { width: 10px; height: 10px; vertical-align: baseline; margin-left: 8px; }
table { border-collapse: collapse; width: 100%; margin-top: 8px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--vscode-editorGroup-border, rgba(128,128,128,0.35)); vertical-align: top; white-space: nowrap; }
td.text { max-width: 24em; overflow: hidden; text-overflow: ellipsis; }
td.file { max-width: 18em; }
/* Narrow panels keep one line per row and no horizontal scrolling: the least needed columns go first. */
@media (max-width: 760px) { .returns, .state-machine, .awaits, th[data-key="returnKind"], th[data-key="stateMachine"], th[data-key="awaits"] { display: none; } td.text { max-width: 16em; } }
@media (max-width: 520px) { .verdict-cell, th[data-key="verdict"], .ids { display: none; } td.text { max-width: 11em; } }
body { overflow-x: hidden; }
th { position: sticky; top: 0; background: var(--vscode-editor-background); z-index: 1; }
th button { all: unset; cursor: pointer; font-weight: 600; }
th button:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
th[aria-sort="ascending"] button::after { content: " ▲"; }
th[aria-sort="descending"] button::after { content: " ▼"; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: var(--vscode-list-hoverBackground); }
tbody tr:focus { background: var(--vscode-list-focusBackground, var(--vscode-list-hoverBackground)); outline: 1px solid var(--vscode-focusBorder); }
code { font-family: var(--vscode-editor-font-family); font-size: 0.95em; }
.verdict.sync { color: var(--vscode-charts-green, inherit); }
.reason { font-size: 0.9em; max-width: 32em; }
.badge { display: inline-block; min-width: 1.4em; text-align: center; border-radius: 8px; padding: 0 5px; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); }
.ids { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
.empty { color: var(--vscode-descriptionForeground); margin-top: 16px; }
`;

/**
 * Sorting and navigation run in the page so a click on a header needs no round trip to the extension;
 * the chosen sort survives the panel being hidden through the webview state.
 */
const SCRIPT = `
(function () {
  const vscode = acquireVsCodeApi();
  const table = document.querySelector('table.methods');
  function open(el) {
    vscode.postMessage({ type: 'open', uri: el.dataset.uri, line: Number(el.dataset.line), character: Number(el.dataset.character) });
  }
  document.addEventListener('click', (event) => {
    const target = event.target.closest('[data-uri]');
    if (target) { event.preventDefault(); open(target); }
    if (event.target.closest('.refresh')) vscode.postMessage({ type: 'refresh' });
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target.matches && event.target.matches('tr[data-uri]')) open(event.target);
  });
  if (!table) return;
  const headers = Array.from(table.querySelectorAll('th'));
  function sort(key, descending) {
    const index = headers.findIndex((th) => th.dataset.key === key);
    if (index < 0) return;
    const numeric = headers[index].dataset.numeric === 'true';
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = a.cells[index].dataset.value, y = b.cells[index].dataset.value;
      const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
      return descending ? -order : order;
    });
    for (const r of rows) body.appendChild(r);
    headers.forEach((th, i) => th.setAttribute('aria-sort', i === index ? (descending ? 'descending' : 'ascending') : 'none'));
    vscode.setState({ key, descending });
  }
  headers.forEach((th) => th.querySelector('button').addEventListener('click', () => {
    const current = th.getAttribute('aria-sort');
    sort(th.dataset.key, current === 'none' ? th.dataset.numeric === 'true' : current === 'ascending');
  }));
  const state = vscode.getState();
  if (state && state.key) sort(state.key, state.descending);
})();
`;

export function renderCostReport(page: CostReportPage): string {
  const { report, nonce } = page;
  const methods = [...report.methods].sort((a, b) => b.suspendBytes - a.suspendBytes || qualifiedName(a).localeCompare(qualifiedName(b)));
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${page.cspSource} data:`,
  ].join('; ');
  // A report of one file would repeat its name on every row, so the file column appears only for several files.
  const showFile = new Set(methods.map((m) => m.uri)).size > 1;
  const head = COLUMNS.filter((c) => showFile || c.key !== 'file').map((c) => {
    const sort = c.key === DEFAULT_SORT.key ? (DEFAULT_SORT.descending ? 'descending' : 'ascending') : 'none';
    return `<th scope="col" data-key="${c.key}" data-numeric="${c.numeric}" aria-sort="${sort}"${c.numeric ? ' class="num"' : ''} title="${escapeHtml(c.help)}"><button type="button">${escapeHtml(c.title)}</button></th>`;
  }).join('');
  const body = methods.length
    ? `<table class="methods">
<thead><tr>${head}</tr></thead>
<tbody>
${methods.map((m) => row(m, page.fileLabel, showFile)).join('\n')}
</tbody>
</table>`
    : `<p class="empty">No async methods found in ${escapeHtml(page.scopeLabel)}.</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>AsyncLens cost report</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header><h1>Async cost: ${escapeHtml(page.scopeLabel)}</h1><button type="button" class="refresh">Refresh</button></header>
<p class="summary">${summary(report)}</p>
${chart(report.methods, page.chartSize ?? 15)}
${methods.length ? '<h2>All async methods</h2>' : ''}
${body}
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}
