// AsyncLens's extension integration tests: they run inside the VS Code 1.139 extension host (code-server)
// next to the extension installed from the .vsix, and talk to it only through the real `vscode` API, as
// another extension would. The workbench loads this file through extensionTestsPath and calls run().
//
// No test sleeps: diagnostics are awaited through onDidChangeDiagnostics, providers are polled, and every
// wait has a timeout that fails with what it was waiting for and what it saw instead.
'use strict';
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

const EXTENSION_ID = 'asynclens.asynclens';
const DIAGNOSTIC_TIMEOUT_MS = 45_000;
const PROVIDER_TIMEOUT_MS = 20_000;

// ---- a small runner (no test framework in the project's dependencies) ------------------------------------

const tests = [];
/** Things a test could not check in this build, reported beside its result instead of failing it. */
let notes = [];
function note(text) { if (!notes.includes(text)) notes.push(text); }
function test(name, fn, timeoutMs = 90_000) { tests.push({ name, fn, timeoutMs }); }
function assert(condition, message) { if (!condition) throw new Error(message); }
function log(line) { console.log(`[e2e] ${line}`); }

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---- the workspace and the answer key -----------------------------------------------------------------------

const workspaceRoot = () => vscode.workspace.workspaceFolders[0].uri.fsPath;
const uriOf = (rel) => vscode.Uri.file(path.join(workspaceRoot(), rel));
/** run.mjs writes the parameters beside the workspace copy (not into it, so the server never indexes them). */
const params = () => JSON.parse(fs.readFileSync(path.join(workspaceRoot(), '..', 'params.json'), 'utf8'));

/** Parses one markdown table under `heading` in EXPECTED.md into row objects keyed by the header cells. */
function answerKeyTable(heading) {
  const text = fs.readFileSync(path.join(workspaceRoot(), 'EXPECTED.md'), 'utf8');
  const start = text.indexOf(heading);
  assert(start >= 0, `EXPECTED.md has no section "${heading}"`);
  const section = text.slice(start).split(/\n## /)[0];
  const rows = section.split('\n').filter((l) => l.startsWith('|')).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
  const [header, , ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

/**
 * Rules the editor does not run unless the user turns them on (their setting's description in package.json says
 * "off by default"): the answer key lists their findings for `--enable all`, the editor shows none of them.
 */
const offByDefault = () => {
  const ext = vscode.extensions.all.find((e) => e.packageJSON && e.packageJSON.name === 'asynclens');
  const configuration = [].concat((ext && ext.packageJSON.contributes.configuration) || []);
  const severity = configuration.map((c) => c.properties && c.properties['asynclens.severity']).find(Boolean);
  return new Set(Object.entries((severity && severity.properties) || {}).filter(([, v]) => /off by default/.test(v.description || '')).map(([id]) => id));
};
const mustReport = () => answerKeyTable('## Findings that must be reported').map((r) => ({
  file: r.file, line: Number(r.line), rule: r.rule, anchor: r.anchor,
})).filter((f) => !offByDefault().has(f.rule));
const mustNotReport = () => answerKeyTable('## Look-alikes that must NOT be reported').flatMap((r) =>
  r['rule that must stay quiet'].split(',').map((rule) => ({ file: r.file, line: Number(r.line), rule: rule.trim(), anchor: r.anchor })));

const codeOf = (d) => (d.code && typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? ''));
const isOurs = (d) => /^ASY\d{3}$/.test(codeOf(d));
const show = (d) => `${codeOf(d)}@${d.range.start.line + 1}:${d.range.start.character + 1} ${vscode.DiagnosticSeverity[d.severity]} "${d.message.slice(0, 60)}"`;

// ---- waiting ------------------------------------------------------------------------------------------------

/** Resolves with the document's diagnostics as soon as `predicate` holds for them; checks on every change. */
function waitForDiagnostics(uri, predicate, what, timeoutMs = DIAGNOSTIC_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const list = vscode.languages.getDiagnostics(uri).filter(isOurs);
      if (predicate(list)) { done(); resolve(list); return true; }
      return false;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      done();
      const now = vscode.languages.getDiagnostics(uri).filter(isOurs).map(show);
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} in ${vscode.workspace.asRelativePath(uri)}; ` +
        `its AsyncLens diagnostics now: ${now.length ? now.join('; ') : 'none'}`));
    }, timeoutMs);
    function done() { clearTimeout(timer); subscription.dispose(); }
    check();
  });
}

/** Calls `probe` until it returns a truthy value; for providers, which announce nothing when their answer changes. */
async function poll(probe, what, timeoutMs = PROVIDER_TIMEOUT_MS, intervalMs = 150) {
  const t0 = Date.now();
  let last;
  for (;;) {
    last = await probe();
    if (last && last.ok !== false) return last;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last && last.seen ? `; saw ${last.seen}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

// ---- documents ----------------------------------------------------------------------------------------------

const opened = new Map();
async function open(rel) {
  if (!opened.has(rel)) opened.set(rel, await vscode.workspace.openTextDocument(uriOf(rel)));
  return opened.get(rel);
}

/** The position where `anchor` starts on 1-based `line`; a dotted anchor may start with the receiver's dot. */
function anchorPosition(doc, line, anchor) {
  const text = doc.lineAt(line - 1).text;
  const column = text.indexOf(anchor);
  assert(column >= 0, `line ${line} of ${vscode.workspace.asRelativePath(doc.uri)} does not contain "${anchor}": ${text.trim()}`);
  return new vscode.Position(line - 1, column);
}

function hoverText(hovers) {
  return hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

const labelText = (hint) => (typeof hint.label === 'string' ? hint.label : hint.label.map((p) => p.value).join(''));
// `sync 88 B · suspend 136 B`, `sync 72 B · never suspends`, `always suspends · suspend 112 B`; estimates carry `≈`.
const COST_LABEL = /(?:sync ≈?(\d+) B|always suspends) · (?:suspend ≈?(\d+) B|never suspends)/;

async function inlayHintFor(doc, methodLine) {
  const full = new vscode.Range(0, 0, doc.lineCount, 0);
  const hints = await vscode.commands.executeCommand('vscode.executeInlayHintProvider', doc.uri, full);
  const hint = (hints || []).find((h) => h.position.line === methodLine - 1 && COST_LABEL.test(labelText(h)));
  return { hint, all: hints || [] };
}

function costFromLabel(label) {
  const m = COST_LABEL.exec(label);
  return m && { sync: m[1] === undefined ? null : Number(m[1]), suspend: m[2] === undefined ? null : Number(m[2]) };
}

/**
 * The CLI's numbers for a method (`asynclens cost --format json`), or null (with a note on the test) when
 * this build's CLI has no cost command yet.
 */
function cliCost(runtime, file, name) {
  const p = params();
  const report = p.cliCost && p.cliCost[runtime];
  if (!report) { note(`not compared with asynclens cost: ${p.cliCostError || 'no output'}`); return null; }
  const methods = Array.isArray(report) ? report : report.methods || [];
  const entry = methods.find((m) => (m.name === name || String(m.name).endsWith(`.${name}`)) && String(m.file || m.uri || m.path || '').replace(/\\/g, '/').endsWith(file));
  assert(entry, `asynclens cost --runtime ${runtime} lists no ${name} in ${file}`);
  return { sync: entry.syncBytes, suspend: entry.suspendBytes, stateMachine: entry.stateMachineBytes };
}

async function setSetting(key, value) {
  await vscode.workspace.getConfiguration('asynclens').update(key, value, vscode.ConfigurationTarget.Workspace);
}

// ---- the tests ----------------------------------------------------------------------------------------------

test('the extension installed from the .vsix activates', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert(ext, `${EXTENSION_ID} is not installed; extensions: ${vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.')).join(', ')}`);
  await withTimeout(Promise.resolve(ext.activate()), 30_000, 'activate()');
  assert(ext.isActive, 'the extension did not become active');
  log(`extension ${ext.id} ${ext.packageJSON.version} from ${ext.extensionPath}`);
});

const RULES = ['ASY001', 'ASY002', 'ASY003', 'ASY004', 'ASY010', 'ASY011', 'ASY012', 'ASY013'];
for (const rule of RULES) {
  test(`${rule} diagnostics arrive where EXPECTED.md says`, async () => {
    const expected = mustReport().filter((f) => f.rule === rule);
    assert(expected.length > 0, `EXPECTED.md lists no ${rule} finding`);
    for (const f of expected) {
      const doc = await open(f.file);
      const at = anchorPosition(doc, f.line, f.anchor);
      await waitForDiagnostics(doc.uri, (list) => list.some((d) => codeOf(d) === rule && d.range.start.line === f.line - 1),
        `${rule} at line ${f.line} (${f.anchor})`);
      const d = vscode.languages.getDiagnostics(doc.uri).find((x) => codeOf(x) === rule && x.range.start.line === f.line - 1);
      assert(d.range.start.character === at.character,
        `${rule} at ${f.file}:${f.line} starts at column ${d.range.start.character + 1}, the answer key's anchor "${f.anchor}" at ${at.character + 1}`);
      assert(d.code && typeof d.code === 'object' && String(d.code.target).toLowerCase().includes(rule.toLowerCase()), `${rule} has no rule documentation link (codeDescription): ${JSON.stringify(d.code)}`);
    }
    log(`${rule}: ${expected.map((f) => `${f.file}:${f.line}`).join(', ')}`);
  });
}

test('the look-alikes stay quiet and nothing else is flagged in the sample', async () => {
  const expected = mustReport();
  const files = [...new Set(expected.map((f) => f.file).concat(mustNotReport().map((f) => f.file)))];
  // Every must-report finding has arrived (the per-rule tests waited); now compare the whole picture.
  for (const file of files) {
    const doc = await open(file);
    const want = expected.filter((f) => f.file === file).length;
    await waitForDiagnostics(doc.uri, (list) => list.length >= want, `${want} diagnostics`).catch(() => undefined);
  }
  const problems = [];
  for (const file of files) {
    const list = vscode.languages.getDiagnostics(uriOf(file)).filter(isOurs);
    for (const d of list) {
      if (!expected.some((f) => f.file === file && f.rule === codeOf(d) && f.line === d.range.start.line + 1)) {
        const lookAlike = mustNotReport().find((f) => f.file === file && f.rule === codeOf(d) && f.line === d.range.start.line + 1);
        problems.push(`${file}: ${show(d)}${lookAlike ? ` (a look-alike: ${lookAlike.anchor})` : ''}`);
      }
    }
  }
  assert(problems.length === 0, `unexpected diagnostics: ${problems.join('; ')}`);
});

test('.editorconfig severity (dotnet_diagnostic.ASY010.severity = error) is honoured', async () => {
  // run.mjs wrote `[Pricing/*.cs] dotnet_diagnostic.ASY010.severity = error` into the workspace copy.
  // ASY010 is expected both inside that section (PriceCache.GetPriceAsync) and outside it
  // (HttpCatalogClient.GetStockLevelAsync), so the test can tell the section's glob from a global setting.
  const priced = await open('Pricing/PriceCache.cs');
  const [inPricing] = await waitForDiagnostics(priced.uri, (list) => list.some((d) => codeOf(d) === 'ASY010'), 'ASY010');
  const catalog = await open('Catalog/HttpCatalogClient.cs');
  const elsewhere = (await waitForDiagnostics(catalog.uri, (list) => list.some((d) => codeOf(d) === 'ASY010'), 'ASY010'))
    .find((d) => codeOf(d) === 'ASY010');
  const asy010 = vscode.languages.getDiagnostics(priced.uri).find((d) => codeOf(d) === 'ASY010') || inPricing;
  assert(asy010.severity === vscode.DiagnosticSeverity.Error, `ASY010 in Pricing/PriceCache.cs is ${vscode.DiagnosticSeverity[asy010.severity]}, not Error`);
  assert(elsewhere.severity !== vscode.DiagnosticSeverity.Error,
    `ASY010 in Catalog/HttpCatalogClient.cs (outside the .editorconfig section) is Error too: the section glob was ignored`);
  log(`ASY010: Pricing/ ${vscode.DiagnosticSeverity[asy010.severity]}, Catalog/ ${vscode.DiagnosticSeverity[elsewhere.severity]}`);
});

test('hover on an async method: signature and bytes first, a Details link to the method detail', async () => {
  const doc = await open('Pricing/PriceCache.cs');
  const at = anchorPosition(doc, 25, 'GetPriceAsync');
  const text = await poll(async () => {
    const t = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, at.translate(0, 2)));
    return /\d+ B/.test(t) ? t : { ok: false, seen: JSON.stringify(t.slice(0, 200)) };
  }, 'a hover with byte counts on GetPriceAsync');
  assert(/^\*\*async Task\\<Money\\> GetPriceAsync\*\* · sync \d+ B · suspend \d+ B \(\.NET 10\)/.test(text), `the hover's first line is not the signature with the bytes on the selected runtime (.NET 10): ${text.slice(0, 300)}`);
  assert(/\[Details\]\(command:asynclens\.showMethodDetail\?/.test(text), `the hover has no Details link to the method detail: ${text.slice(0, 400)}`);
  log(`hover: ${text.split('\n').slice(0, 3).join(' | ')}`);
  const { hint } = await poll(async () => { const r = await inlayHintFor(doc, 25); return r.hint ? r : { ok: false }; }, 'the inlay hint of GetPriceAsync');
  const shown = costFromLabel(labelText(hint));
  assert(text.includes(`${shown.sync} B`), `the hover does not mention the ${shown.sync} B the inlay hint shows for the synchronous path`);
  if (shown.suspend !== null) assert(text.includes(`${shown.suspend} B`), `the hover does not mention the ${shown.suspend} B the inlay hint shows on suspension`);
  const cli = cliCost('net10', 'Pricing/PriceCache.cs', 'GetPriceAsync');
  if (cli) assert(text.includes(`${cli.sync} B`) && text.includes(`${cli.suspend} B`),
    `the hover's bytes differ from asynclens cost (sync ${cli.sync} B, suspend ${cli.suspend} B): ${text.slice(0, 400)}`);
}, 60_000);

test('hover on a flagged call names the async twin and links the rule', async () => {
  const doc = await open('Workers/ReportWorker.cs');
  const at = anchorPosition(doc, 106, 'Thread.Sleep');
  const text = await poll(async () => {
    const t = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, at.translate(0, 8)));
    return t.includes('ASY002') ? t : { ok: false, seen: JSON.stringify(t.slice(0, 200)) };
  }, 'a hover naming ASY002 on Thread.Sleep');
  assert(/Task\.Delay/.test(text), `the hover on Thread.Sleep does not name Task.Delay: ${text.slice(0, 300)}`);
  assert(/\]\([^)]*asy002[^)]*\)/i.test(text), `the hover on Thread.Sleep has no link to the ASY002 documentation: ${text.slice(0, 300)}`);
});

test('inlay hints show the cost after async signatures', async () => {
  await setSetting('inlayHints', 'all');
  const doc = await open('Pricing/PriceCache.cs');
  const { hint, all } = await poll(async () => { const r = await inlayHintFor(doc, 25); return r.hint ? r : { ok: false, seen: `${r.all.length} hints` }; },
    'an inlay hint `sync N B · suspend N B` on GetPriceAsync');
  log(`inlay hint on GetPriceAsync: "${labelText(hint)}"; ${all.length} hints in the file with inlayHints = all`);
  const cli = cliCost('net10', 'Pricing/PriceCache.cs', 'GetPriceAsync');
  const shown = costFromLabel(labelText(hint));
  if (cli) assert(shown.sync === cli.sync && shown.suspend === cli.suspend, `inlay hint says ${labelText(hint)}, asynclens cost sync ${cli.sync} B, suspend ${cli.suspend} B`);
});

test('CodeLens is off by default; switched on, it shows the cost in the inlay hint\'s words and the findings', async () => {
  const doc = await open('Pricing/PriceCache.cs');
  const byDefault = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri, 100)) || [];
  assert(byDefault.filter((l) => l.command && / B/.test(l.command.title)).length === 0,
    `CodeLens shows costs by default (the inlay hint already does): ${byDefault.map((l) => l.command && l.command.title).join(' | ')}`);
  await setSetting('codeLens', true);
  const nameLine = 25 - 1;
  const lens = await poll(async () => {
    const lenses = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri, 100)) || [];
    // The lens sits at the start of the declaration, which may be a doc comment or attribute above the name.
    const candidates = lenses.filter((l) => l.range.start.line <= nameLine && l.range.start.line >= nameLine - 6 && l.command);
    const found = candidates.sort((a, b) => b.range.start.line - a.range.start.line)[0];
    return found && /B/.test(found.command.title) ? found : { ok: false, seen: lenses.map((l) => `${l.range.start.line + 1}:${l.command && l.command.title}`).join(', ') };
  }, 'a CodeLens with the cost of GetPriceAsync');
  log(`CodeLens on GetPriceAsync: "${lens.command.title}" -> ${lens.command.command}`);
  assert(/finding/.test(lens.command.title), `the CodeLens of GetPriceAsync does not count its findings (ASY010, ASY012): ${lens.command.title}`);
  const { hint } = await inlayHintFor(doc, 25);
  if (hint) assert(lens.command.title.startsWith(labelText(hint)), `CodeLens "${lens.command.title}" does not start with the inlay hint's words "${labelText(hint)}"`);
  const cli = cliCost('net10', 'Pricing/PriceCache.cs', 'GetPriceAsync');
  if (cli) assert(lens.command.title.includes(`sync ${cli.sync} B`) && lens.command.title.includes(`suspend ${cli.suspend} B`),
    `CodeLens "${lens.command.title}" differs from asynclens cost (sync ${cli.sync} B, suspend ${cli.suspend} B)`);
  await setSetting('codeLens', undefined);
});

test('changing asynclens.runtime changes the numbers', async () => {
  await setSetting('inlayHints', 'all');
  const doc = await open('Pricing/PriceCache.cs');
  const labels = async () => {
    const full = new vscode.Range(0, 0, doc.lineCount, 0);
    const hints = (await vscode.commands.executeCommand('vscode.executeInlayHintProvider', doc.uri, full)) || [];
    return hints.map((h) => `${h.position.line + 1}:${labelText(h)}`).join(' | ');
  };
  const before = await poll(async () => { const l = await labels(); return /B/.test(l) ? l : { ok: false }; }, 'inlay hints under net10');
  await setSetting('runtime', 'net11-runtime-async');
  try {
    const after = await poll(async () => { const l = await labels(); return l !== before && /B/.test(l) ? l : { ok: false, seen: l }; },
      'the inlay hints to change after asynclens.runtime = net11-runtime-async');
    log(`net10: ${before}`);
    log(`net11-runtime-async: ${after}`);
    const at = anchorPosition(doc, 25, 'GetPriceAsync');
    const hover = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, at.translate(0, 2)));
    assert(hover.indexOf('.NET 11') < hover.indexOf('.NET 10') || !hover.includes('.NET 10'),
      `the hover does not lead with the selected runtime (.NET 11 runtime async): ${hover.slice(0, 300)}`);
    const cli = cliCost('net11-runtime-async', 'Pricing/PriceCache.cs', 'GetPriceAsync');
    const { hint } = await inlayHintFor(doc, 25);
    const shown = costFromLabel(labelText(hint));
    if (cli) assert(shown.sync === cli.sync && shown.suspend === cli.suspend,
      `under net11-runtime-async the inlay hint says ${labelText(hint)}, asynclens cost --runtime net11-runtime-async sync ${cli.sync} B, suspend ${cli.suspend} B`);
  } finally {
    await setSetting('runtime', undefined);
  }
});

test('each rule with a fix offers it in the quick fixes', async () => {
  const fixable = { ASY001: /await/i, ASY002: /Async|Task\.Delay|await/, ASY011: /async|Task\.(FromResult|CompletedTask)/, ASY012: /ValueTask/, ASY013: /return|task|async/i };
  const missing = [];
  for (const f of mustReport()) {
    if (!fixable[f.rule]) continue;
    const doc = await open(f.file);
    const [d] = (await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === f.rule && x.range.start.line === f.line - 1), `${f.rule} at ${f.line}`))
      .filter((x) => codeOf(x) === f.rule && x.range.start.line === f.line - 1);
    const actions = (await vscode.commands.executeCommand('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value, 50)) || [];
    const fixes = actions.filter((a) => !/^(Suppress|Open documentation)/.test(a.title));
    if (!fixes.some((a) => fixable[f.rule].test(a.title))) missing.push(`${f.file}:${f.line} ${f.rule} offers [${actions.map((a) => a.title).join('; ')}]`);
  }
  assert(missing.length === 0, `no fix where the rule has one: ${missing.join(' || ')}`);
});

test('the Thread.Sleep quick fix (ASY002) writes await Task.Delay and clears the diagnostic', async () => {
  const doc = await open('Workers/ReportWorker.cs');
  const line = 106 - 1;
  const [d] = (await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === line), 'ASY002 on Thread.Sleep'))
    .filter((x) => codeOf(x) === 'ASY002' && x.range.start.line === line);
  const actions = (await vscode.commands.executeCommand('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value, 50)) || [];
  const fix = actions.find((a) => /Task\.Delay/.test(a.title));
  assert(fix, `no "Task.Delay" fix among [${actions.map((a) => a.title).join('; ')}]`);
  log(`applying "${fix.title}"`);
  if (fix.edit) assert(await vscode.workspace.applyEdit(fix.edit), 'workspace.applyEdit refused the fix');
  if (fix.command) await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments || []));
  assert(fix.edit || fix.command, 'the fix has neither an edit nor a command');
  const text = doc.lineAt(line).text;
  assert(/await Task\.Delay\(/.test(text) && !/Thread\.Sleep/.test(text), `line 106 after the fix: ${text.trim()}`);
  await waitForDiagnostics(doc.uri, (l) => !l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === line) && l.length > 0,
    'the ASY002 diagnostic on line 106 to go away (and the others to stay)');
  await doc.save();
  assert(fs.readFileSync(doc.uri.fsPath, 'utf8').includes('await Task.Delay('), 'the saved file does not contain the fix');
});

test('a Razor component gets the findings of its @code block at its own lines, and its quick fix edits it', async () => {
  // Written into the workspace copy here, so the sample (and its answer key) stays C# only.
  const rel = 'Components/StockBadge.razor';
  fs.mkdirSync(path.dirname(uriOf(rel).fsPath), { recursive: true });
  fs.writeFileSync(uriOf(rel).fsPath, [
    '@inject HttpClient Http',
    '',
    '<span class="badge">@stock</span>',
    '',
    '@code {',
    '    private string stock = "";',
    '',
    '    protected override async Task OnInitializedAsync()',
    '    {',
    '        stock = await Http.GetStringAsync("stock");',
    '        Thread.Sleep(50);',
    '    }',
    '}',
    '',
  ].join('\n'));
  const doc = await vscode.workspace.openTextDocument(uriOf(rel));
  await vscode.window.showTextDocument(doc);
  const line = 11 - 1;
  const [d] = (await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === line), 'ASY002 on Thread.Sleep in the component'))
    .filter((x) => codeOf(x) === 'ASY002' && x.range.start.line === line);
  assert(d.range.start.character === 8, `the finding starts at Thread: ${show(d)}`);
  const actions = (await vscode.commands.executeCommand('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value, 50)) || [];
  const fix = actions.find((a) => /Task\.Delay/.test(a.title));
  assert(fix && fix.edit, `no "Task.Delay" fix among [${actions.map((a) => a.title).join('; ')}]`);
  assert(await vscode.workspace.applyEdit(fix.edit), 'workspace.applyEdit refused the fix');
  assert(/^ {8}await Task\.Delay\(50\);$/.test(doc.lineAt(line).text), `line 11 after the fix: ${doc.lineAt(line).text}`);
  assert(doc.lineAt(2).text === '<span class="badge">@stock</span>', `the markup is untouched: ${doc.lineAt(2).text}`);
  await waitForDiagnostics(doc.uri, (l) => !l.some((x) => codeOf(x) === 'ASY002'), 'the ASY002 diagnostic to go away');
});

test('#pragma warning disable ASY002 suppresses the diagnostic, restore brings it back', async () => {
  const doc = await open('Data/OrderRepository.cs');
  const original = doc.getText();
  const readLine = 35 - 1;
  await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === readLine), 'ASY002 on File.ReadAllText');
  const readCount = (l) => l.filter((x) => codeOf(x) === 'ASY002').length;
  const before = readCount(vscode.languages.getDiagnostics(doc.uri).filter(isOurs));
  const edit = new vscode.WorkspaceEdit();
  const indent = /^\s*/.exec(doc.lineAt(readLine).text)[0];
  edit.insert(doc.uri, new vscode.Position(readLine, 0), `#pragma warning disable ASY002\n`);
  edit.insert(doc.uri, new vscode.Position(readLine + 1, 0), `#pragma warning restore ASY002\n${indent}// (restored)\n`);
  assert(await vscode.workspace.applyEdit(edit), 'could not insert the pragmas');
  try {
    // File.ReadAllText moved down one line; stream.Read (line 47 before) still ASY002 after the restore.
    const list = await waitForDiagnostics(doc.uri,
      (l) => !l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === readLine + 1) && readCount(l) === before - 1,
      'ASY002 on File.ReadAllText to disappear under #pragma warning disable while the one after #pragma warning restore stays');
    log(`with the pragma: ${list.filter((x) => codeOf(x) === 'ASY002').map(show).join('; ')}`);
  } finally {
    const whole = new vscode.WorkspaceEdit();
    whole.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), original);
    await vscode.workspace.applyEdit(whole);
  }
  await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY002' && x.range.start.line === readLine), 'ASY002 to come back once the pragma is removed');
});

test('a .editorconfig written while the editor runs is picked up (ASY013 = none)', async () => {
  const doc = await open('Catalog/HttpCatalogClient.cs');
  await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY013'), 'ASY013 before the change');
  const file = uriOf('.editorconfig');
  const original = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
  await vscode.workspace.fs.writeFile(file, Buffer.from(`${original}\n[Catalog/*.cs]\ndotnet_diagnostic.ASY013.severity = none\n`));
  try {
    await waitForDiagnostics(doc.uri, (l) => !l.some((x) => codeOf(x) === 'ASY013') && l.length > 0, 'ASY013 to be switched off by .editorconfig');
  } finally {
    await vscode.workspace.fs.writeFile(file, Buffer.from(original));
  }
  await waitForDiagnostics(doc.uri, (l) => l.some((x) => codeOf(x) === 'ASY013'), 'ASY013 to come back when the .editorconfig line is removed');
});

function webviewTabs(viewTypePart) {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes(viewTypePart));
}

test('the report command (asynclens.showCostReport) opens its webview', async () => {
  const doc = await open('Pricing/PriceCache.cs');
  await vscode.window.showTextDocument(doc);
  await withTimeout(Promise.resolve(vscode.commands.executeCommand('asynclens.showCostReport', doc.uri)), 30_000, 'asynclens.showCostReport');
  await poll(() => webviewTabs('asynclens.costReport')[0], 'a webview tab of type asynclens.costReport');
  // The panel opens as "Async cost" and is renamed after the file once the server's report arrives.
  const tab = await poll(() => {
    const t = webviewTabs('asynclens.costReport')[0];
    return t && /PriceCache\.cs/.test(t.label) ? t : { ok: false, seen: t ? `"${t.label}"` : 'no report tab' };
  }, 'the report tab to be titled after PriceCache.cs');
  log(`report tab: "${tab.label}" (${tab.input.viewType})`);
});

test('the method detail command (the CodeLens target) opens its view', async () => {
  const doc = await open('Pricing/PriceCache.cs');
  const at = anchorPosition(doc, 25, 'GetPriceAsync');
  const before = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
  await withTimeout(Promise.resolve(vscode.commands.executeCommand('asynclens.showMethodDetail', doc.uri.toString(), at.line, at.character)), 30_000, 'asynclens.showMethodDetail');
  const tab = await poll(() => {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    return tabs.find((t) => t.input instanceof vscode.TabInputWebview && /GetPriceAsync/.test(t.label)) || { ok: false, seen: `${tabs.length} tabs (was ${before}): ${tabs.map((t) => t.label).join(', ')}` };
  }, 'a method detail view for GetPriceAsync');
  log(`method detail tab: "${tab.label}"`);
});

// ---- entry point ------------------------------------------------------------------------------------------

exports.run = async function run() {
  const results = [];
  const t0 = Date.now();
  for (const t of tests) {
    const started = Date.now();
    let status = 'passed';
    let message = '';
    notes = [];
    try {
      await withTimeout(Promise.resolve().then(t.fn), t.timeoutMs, t.name);
    } catch (e) {
      status = 'failed';
      message = e && e.message ? e.message : String(e);
    }
    const ms = Date.now() - started;
    if (notes.length && status === 'passed') message = notes.join('; ');
    results.push({ name: t.name, status, ms, message });
    log(`${status.toUpperCase()} ${t.name} (${ms} ms)${message ? `\n        ${message}` : ''}`);
  }
  const count = (s) => results.filter((r) => r.status === s).length;
  log(`extension tests: ${count('passed')} passed, ${count('failed')} failed in ${Date.now() - t0} ms`);
  try {
    fs.writeFileSync(params().resultsFile, JSON.stringify({ totalMs: Date.now() - t0, results }, null, 2));
  } catch (e) {
    log(`could not write the results file: ${e.message}`);
  }
  if (count('failed')) throw new Error(`${count('failed')} extension test(s) failed`);
};
