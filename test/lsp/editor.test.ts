// What a C# developer sees of AsyncLens in the editor, checked over the protocol (issue 11): severities that match
// the rules' confidence, one cost annotation per method, Problems-panel messages, the hover's shape, results that
// survive a syntax error mid-edit, fix-all and "configure severity". Layout and typing in the real workbench are
// checked by the editor tests (test/e2e).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol/node';
import { fileUri, positionOf, repoRoot, startSession, type Session } from './session';

const workspace = path.join(repoRoot, 'test', 'fixtures', 'workspace');
const read = (rel: string) => fs.readFileSync(path.join(workspace, rel), 'utf8');
const catalogUri = fileUri(path.join(workspace, 'Catalog', 'HttpCatalogClient.cs'));
const catalogText = read('Catalog/HttpCatalogClient.cs');
const priceUri = fileUri(path.join(workspace, 'Pricing', 'PriceCache.cs'));
const priceText = read('Pricing/PriceCache.cs');

let session: Session;

before(async () => {
  // The default settings: what a new user gets.
  session = await startSession({ workspace, settings: {} });
  session.open(catalogUri, catalogText);
  session.open(priceUri, priceText);
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  await session.waitForDiagnostics(catalogUri, (d) => d.some((x) => x.code === 'ASY001') && d.some((x) => x.code === 'ASY010'));
  await session.waitForDiagnostics(priceUri, (d) => d.some((x) => x.code === 'ASY012'));
});

after(async () => {
  await session?.shutdown();
});

const markdown = (h: { contents: unknown } | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
const HINT = 4;
const INFORMATION = 3;
const WARNING = 2;

test('ASY010, ASY012 and ASY013 default to hint (faint dots), blocking rules stay warnings, a method that never awaits is information', async () => {
  const all: Diagnostic[] = [...session.diagnostics(catalogUri)!, ...session.diagnostics(priceUri)!];
  const severities = new Map<string, Set<number>>();
  for (const d of all) severities.set(String(d.code), new Set([...(severities.get(String(d.code)) ?? []), d.severity!]));
  for (const id of ['ASY010', 'ASY012', 'ASY013']) assert.deepEqual([...(severities.get(id) ?? [])], [HINT], `${id}: ${[...(severities.get(id) ?? [])]}`);
  assert.deepEqual([...(severities.get('ASY001') ?? [])], [WARNING], 'ASY001');
  // The sample's only ASY003 is GetProduct, the synchronous twin of GetProductAsync kept for a legacy caller: shown as
  // a hint (rules/asy003-sync-over-async.ts twinSeverity).
  assert.deepEqual([...(severities.get('ASY003') ?? [])], [HINT], 'ASY003');
  const reportUri = fileUri(path.join(workspace, 'Reports', 'ReportBuilder.cs'));
  session.open(reportUri, read('Reports/ReportBuilder.cs'));
  const report = await session.waitForDiagnostics(reportUri, (d) => d.some((x) => x.code === 'ASY011'));
  // ASY011's finding carries its own cap (a clean-up, not a defect), which the published severity follows.
  assert.equal(report.find((d) => d.code === 'ASY011')!.severity, INFORMATION);
  session.close(reportUri);
});

test('a method-level finding covers only the method name', async () => {
  const methodLevel = [...session.diagnostics(catalogUri)!.map((d) => ({ d, text: catalogText })), ...session.diagnostics(priceUri)!.map((d) => ({ d, text: priceText }))]
    .filter(({ d }) => ['ASY010', 'ASY011', 'ASY012', 'ASY013'].includes(String(d.code)));
  assert.ok(methodLevel.length >= 4, `${methodLevel.length} method-level findings`);
  for (const { d, text } of methodLevel) {
    assert.equal(d.range.start.line, d.range.end.line, `${d.code} spans one line`);
    const line = text.split('\n')[d.range.start.line];
    const covered = line.slice(d.range.start.character, d.range.end.character);
    assert.match(covered, /^\w+$/, `${d.code} covers "${covered}", not just a name`);
    assert.match(line.slice(d.range.end.character), /^\s*(<[^>]*>)?\(/, `${d.code} covers "${covered}", which is not followed by a parameter list`);
  }
});

test('one cost annotation: no CodeLens by default, the inlay hint above the threshold, CodeLens (when on) in the same words', async () => {
  const whole = { start: { line: 0, character: 0 }, end: { line: 400, character: 0 } };
  assert.equal((await session.codeLenses(priceUri)).length, 0, 'CodeLens is off by default');
  const hints = await session.inlayHints(priceUri, whole);
  assert.ok(hints.length > 0);
  for (const h of hints) assert.match(String(h.label), /^(sync ≈?\d+ B|always suspends) · (suspend ≈?\d+ B|never suspends)$/);
  session.changeSettings({ codeLens: true });
  await waitFor(async () => (await session.codeLenses(priceUri)).length > 0);
  // Hints and lenses of one snapshot: under load, the re-analysis that follows indexing (the other files' verdicts
  // and types, which turn an estimate's "≈72 B" into "88 B") can land between two requests, so both are read again
  // until they come from the same one, and the words are compared then.
  const mismatch = async (): Promise<string | null> => {
    const now = await session.inlayHints(priceUri, whole);
    const lenses = await session.codeLenses(priceUri);
    if (now.length !== hints.length) return `${now.length} inlay hints, ${hints.length} before`;
    for (const h of now) {
      const lens = lenses.find((l) => l.command!.arguments![1] <= h.position.line && h.position.line - l.command!.arguments![1] < 3);
      if (!lens) return `no CodeLens for the hint on line ${h.position.line + 1}`;
      if (!lens.command!.title.startsWith(String(h.label))) return `CodeLens "${lens.command!.title}" vs inlay hint "${h.label}"`;
    }
    return null;
  };
  let last: string | null = null;
  await waitFor(async () => (last = await mismatch()) === null).catch(() => undefined);
  assert.equal(last, null);
  session.changeSettings({});
  await waitFor(async () => (await session.codeLenses(priceUri)).length === 0);
});

test('the inlay hint never splits an expression-bodied member and stays in sight on long lines', async () => {
  const uri = 'untitled:Placement.cs';
  const longTail = 'x'.repeat(130);
  const text = [
    'using System.Threading.Tasks;',
    'class Placement',
    '{',
    '    public async Task<string> BlockAsync(Task<string> t)',
    '    {',
    '        var s = await t; return s + "!" + s.Length;',
    '    }',
    '    public async Task<string> ArrowAsync(Task<string> t) => (await t) + "!" + (await t).Length;',
    '    public async Task<string> InlineAsync(Task<string> t) { var s = await t; return s + "!"; }',
    `    public async Task<string> LongAsync(Task<string> t) => (await t) + "${longTail}" + (await t).Length;`,
    '    public async Task<string> WrappedAsync(Task<string> t) =>',
    '        (await t) + "!" + (await t).Length;',
    '}',
    '',
  ].join('\n');
  session.changeSettings({ inlayHints: 'all' });
  session.open(uri, text);
  await session.waitForDiagnostics(uri);
  const lines = text.split('\n');
  let hints: Awaited<ReturnType<Session['inlayHints']>> = [];
  await waitFor(async () => (hints = await session.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } })).length === 5);
  const at = (name: string) => {
    const line = lines.findIndex((l) => l.includes(name));
    const h = hints.find((x) => x.position.line === line);
    assert.ok(h, `a hint for ${name}`);
    return { character: h.position.character, text: lines[line] };
  };
  const block = at('BlockAsync');
  assert.equal(block.character, block.text.indexOf(')') + 1, 'a block body: right after the parameter list');
  const arrow = at('ArrowAsync');
  assert.equal(arrow.character, arrow.text.length, 'an expression-bodied member: at the end of the line, not between `)` and `=>`');
  const inline = at('InlineAsync');
  assert.equal(inline.character, inline.text.indexOf(')') + 1, 'a one-line block body: before its `{`');
  const long = at('LongAsync');
  assert.equal(long.character, long.text.indexOf(')') + 1, 'a line past the visible edge: after the parameter list, where it is seen');
  const wrapped = at('WrappedAsync');
  assert.equal(wrapped.character, wrapped.text.length, 'an arrow at the end of the line: after it');
  session.close(uri);
  session.changeSettings({});
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms; logs:\n${session.logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('Problems-panel messages: one line, under 100 characters, quoted in single quotes, no backticks, the why in the hover', async () => {
  const all = [...session.diagnostics(catalogUri)!, ...session.diagnostics(priceUri)!];
  for (const d of all) {
    const message = String(d.message);
    assert.ok(!message.includes('\n'), `${d.code}: one line: ${message}`);
    assert.ok(message.length <= 100, `${d.code}: ${message.length} characters: ${message}`);
    assert.ok(!message.includes('`'), `${d.code}: no backticks: ${message}`);
    assert.equal((d.data as { note?: string }).note, undefined, `${d.code}: the note stays on the server, for the hover`);
  }
  const blocking = all.find((d) => d.code === 'ASY001')!;
  assert.equal(blocking.message, "'response.Content.ReadAsStringAsync(ct).Result' blocks the thread; await the task instead");
  const candidate = all.find((d) => d.code === 'ASY012')!;
  assert.equal(candidate.message, "'GetPriceAsync' could return 'ValueTask<Money>': it likely completes synchronously");
  // A fix that changes a signature says what else must change.
  const [changeType] = await session.codeActions(priceUri, candidate.range, [candidate]);
  assert.match(changeType.title, /^Change the return type to ValueTask<Money> \(check its caller \w+\) \(unsafe\)$/, changeType.title);
  // The finding's hover says why and what to do, not the message again (the editor shows it above).
  const card = markdown(await session.hover(catalogUri, positionOf(catalogText, 'Result', 'ReadAsStringAsync')));
  assert.ok(!card.includes('blocks the thread; await the task instead'), card);
  assert.match(card, /no SynchronizationContext, so the wait cannot deadlock on a context here/);
  assert.match(card, /Fix: Await the task instead of blocking \(unsafe fix, review it\)\./);
});

test('the method hover: signature and bytes on the first line, at most three lines of why, findings once, details behind a link', async () => {
  const card = markdown(await session.hover(priceUri, positionOf(priceText, 'GetPriceAsync')));
  const lines = card.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines[0], '**async Task\\<Money\\> GetPriceAsync** · sync 88 B · suspend 136 B (.NET 10)');
  const why = lines.slice(1).filter((l) => !l.startsWith('Findings:') && !l.startsWith('[Details]'));
  assert.ok(why.length <= 3, why.join('\n'));
  assert.ok(!card.includes('|'), 'no table in the hover: the field table is in the method detail');
  assert.ok(!card.includes('.NET 11'), 'the other runtime is in the method detail');
  const findings = lines.filter((l) => l.startsWith('Findings:'));
  assert.equal(findings.length, 1);
  assert.match(findings[0], /\[ASY010\]\([^)]+\) likely-synchronous-completion · \[ASY012\]\([^)]+\) valuetask-candidate/);
  assert.ok(!card.includes('could return'), 'the diagnostic text is not repeated (the editor shows it above)');
  const details = lines.at(-1)!;
  const link = /^\[Details\]\(command:asynclens\.showMethodDetail\?([^)]+)\)/.exec(details);
  assert.ok(link, details);
  const at = positionOf(priceText, 'GetPriceAsync');
  assert.deepEqual(JSON.parse(decodeURIComponent(link[1])), [priceUri, at.line, at.character]);
  // As rendered: link targets are not shown.
  for (const line of lines.map((l) => l.replace(/\]\([^)]*\)/g, "]"))) assert.ok(line.length <= 160, `a hover line of ${line.length} characters: ${line}`);
  if (process.env.ASYNCLENS_PRINT_HOVER) console.log(card);
});

test('results survive typing: a method with a syntax error keeps its last findings, hint and hover, marked stale; neighbours stay fresh', async () => {
  const uri = 'untitled:Typing.cs';
  const lines = [
    'using System.IO;',
    'using System.Threading.Tasks;',
    'class Typing',
    '{',
    '    public async Task<string> EditedAsync(string path, Task<string> pending)',
    '    {',
    '        var text = File.ReadAllText(path);',
    '        await Task.Yield();',
    '        return text + pending.Result;',
    '    }',
    '',
    '    public async Task<string> NeighbourAsync(Task<string> pending)',
    '    {',
    '        await Task.Yield();',
    '        return pending.Result;',
    '    }',
    '}',
    '',
  ];
  let text = lines.join('\n');
  let version = 1;
  session.changeSettings({ inlayHints: 'all', codeLens: true });
  session.open(uri, text, version);
  const good = await session.waitForDiagnostics(uri, (d) => d.filter((x) => x.code === 'ASY001').length === 2 && d.some((x) => x.code === 'ASY002'));
  const whole = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
  const goodHints = await session.inlayHints(uri, whole);
  assert.equal(goodHints.length, 2);

  // Type a new line at the top of EditedAsync, character by character: `var x = 1` without its semicolon is a syntax error.
  const typed = 'var x = 1';
  const at = { line: 6, character: 8 };
  session.change(uri, ++version, [{ range: { start: at, end: at }, text: '\n        ' }]);
  text = text.split('\n').map((l, i) => (i === 6 ? `        \n${l}` : l)).join('\n');
  for (let i = 0; i < typed.length; i++) {
    const p = { line: 6, character: 8 + i };
    session.change(uri, ++version, [{ range: { start: p, end: p }, text: typed[i] }]);
  }
  text = text.replace('        \n        var text', `        ${typed}\n        var text`);
  const mid = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  // EditedAsync's findings moved down a line with the edit and are marked stale; NeighbourAsync's are fresh.
  const stale = mid.filter((d) => (d.data as { stale?: boolean }).stale);
  assert.deepEqual(stale.map((d) => `${d.code}@${d.range.start.line + 1}`).sort(), ['ASY001@10', 'ASY002@8']);
  const moved = good.filter((d) => d.range.start.line < 10).map((d) => ({ code: d.code, line: d.range.start.line + 1, character: d.range.start.character }));
  for (const m of moved) assert.ok(stale.some((d) => d.code === m.code && d.range.start.line === m.line && d.range.start.character === m.character), `${m.code} moved one line down`);
  const neighbour = mid.filter((d) => d.range.start.line > 12);
  assert.deepEqual(neighbour.map((d) => `${d.code}@${d.range.start.line + 1}:${(d.data as { stale?: boolean }).stale ?? false}`), ['ASY001@16:false']);
  const midHints = await session.inlayHints(uri, whole);
  assert.equal(midHints.length, 2, 'both methods keep their hint');
  assert.match(String(midHints.find((h) => h.position.line === 4)!.label), / · stale$/);
  assert.doesNotMatch(String(midHints.find((h) => h.position.line === 12)!.label), /stale/);
  const lens = (await session.codeLenses(uri)).find((l) => l.range.start.line === 4)!;
  assert.match(lens.command!.title, /· stale$/);
  const hover = markdown(await session.hover(uri, { line: 4, character: 30 }));
  assert.match(hover, /_Stale: these are from before the syntax error in `EditedAsync`/);
  const actions = await session.codeActions(uri, stale[0].range, [stale[0]]);
  assert.ok(actions.every((a) => /^(Suppress|Open documentation|Configure)/.test(a.title)), `a stale finding offers no fix: ${actions.map((a) => a.title)}`);

  // The semicolon: the method parses again and its findings are fresh, at their new places.
  const semi = { line: 6, character: 8 + typed.length };
  session.change(uri, ++version, [{ range: { start: semi, end: semi }, text: ';' }]);
  const after = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  assert.ok(after.every((d) => !(d.data as { stale?: boolean }).stale), 'nothing stale once it parses');
  assert.deepEqual(after.map((d) => `${d.code}@${d.range.start.line + 1}`).sort(), ['ASY001@10', 'ASY001@16', 'ASY002@8']);

  // A new `.Result` typed into a valid method is flagged by the next analysis.
  const end = { line: 14, character: 30 };
  session.change(uri, ++version, [{ range: { start: end, end }, text: '\n        _ = pending.Result;' }]);
  const flagged = await session.waitForDiagnostics(uri, (_d, v) => v === version);
  assert.deepEqual(flagged.filter((d) => d.range.start.line >= 12).map((d) => `${d.code}@${d.range.start.line + 1}`).sort(), ['ASY001@16', 'ASY001@17']);
  session.close(uri);
  session.changeSettings({});
});

test('fix all ASYnnn in the file and in the workspace; configure severity in the nearest .editorconfig; the twin before removing async', async () => {
  const os = await import('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-editor-'));
  const write = (rel: string, text: string) => { fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true }); fs.writeFileSync(path.join(dir, rel), text); };
  const counter = [
    'using System.IO;',
    'using System.Threading.Tasks;',
    'namespace Scratch;',
    'public class Counter',
    '{',
    '    public async Task<int> OneAsync() { return 1; }',
    '    public async Task<int> TwoAsync() => 2;',
    '    public async Task<string> LoadAsync(string path) { return File.ReadAllText(path); }',
    '}',
    '',
  ].join('\n');
  write('Counter.cs', counter);
  write('Other/Closed.cs', 'using System.Threading.Tasks;\nnamespace Scratch;\npublic class Closed\n{\n    public async Task<int> ThreeAsync() { return 3; }\n}\n');
  write('.editorconfig', 'root = true\n\n[*.cs]\nindent_style = space\n');
  const local = await startSession({ workspace: dir, settings: {} });
  try {
    const uri = fileUri(path.join(dir, 'Counter.cs'));
    local.open(uri, counter);
    await local.waitForStatus((s) => s.state === 'ready', 30_000);
    const ds = await local.waitForDiagnostics(uri, (d) => d.filter((x) => x.code === 'ASY011').length === 3 && d.some((x) => x.code === 'ASY002'));
    const one = ds.find((d) => d.code === 'ASY011' && d.range.start.line === 5)!;
    const titles = (await local.codeActions(uri, one.range, [one])).map((a) => a.title);
    assert.ok(titles.includes('Fix all ASY011 in this file (2)'), titles.join(' | '));
    assert.ok(titles.includes('Fix all ASY011 in the workspace'), titles.join(' | '));
    assert.ok(titles.includes('Configure ASY011 severity in .editorconfig'), titles.join(' | '));
    const fileAll = (await local.codeActions(uri, one.range, [one])).find((a) => a.title === 'Fix all ASY011 in this file (2)')!;
    const fixedText = applyEdit(counter, uri, fileAll.edit!);
    assert.doesNotMatch(fixedText, /async Task<int> (One|Two)Async/);
    assert.match(fixedText, /async Task<string> LoadAsync/, 'removing async over a blocking call with a twin is not part of fix-all');

    // The method with File.ReadAllText: awaiting the twin comes first, removing async says what it would hide.
    const load = ds.find((d) => d.code === 'ASY011' && d.range.start.line === 7)!;
    const loadActions = await local.codeActions(uri, load.range, [load]);
    assert.match(loadActions[0].title, /^Await ReadAllTextAsync instead \(line 8; then the method awaits\)$/, loadActions.map((a) => a.title).join(' | '));
    assert.equal(loadActions[0].isPreferred, true);
    const remove = loadActions.find((a) => /hides the blocking call/.test(a.title));
    assert.ok(remove && !remove.isPreferred, loadActions.map((a) => a.title).join(' | '));

    // In the workspace: the open file and the closed one, safe fixes only.
    await local.executeCommand('asynclens.fixAllInWorkspace', ['ASY011', 'safe']);
    const applied = local.appliedEdits.at(-1)!;
    const changed = Object.keys(applied.edit.changes ?? {}).map((u) => path.relative(dir, new URL(u).pathname)).sort();
    assert.deepEqual(changed, ['Counter.cs', path.join('Other', 'Closed.cs')]);
    assert.match(local.messages.at(-1)!, /applied 3 safe fixes of ASY011 in 2 files/);

    // Configure severity: the level asked for, written under the [*.cs] section of the nearest .editorconfig.
    local.messageChoices = ['none'];
    await local.executeCommand('asynclens.configureSeverity', ['ASY011', uri]);
    const config = local.appliedEdits.at(-1)!;
    const [target, edits] = Object.entries(config.edit.changes ?? {})[0];
    assert.equal(new URL(target).pathname, path.join(dir, '.editorconfig'));
    assert.equal(edits[0].newText, 'root = true\n\n[*.cs]\ndotnet_diagnostic.ASY011.severity = none\nindent_style = space\n');
    assert.match(local.messages.at(-1)!, /Severity of ASY011 in .*\.editorconfig/);
  } finally {
    await local.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function applyEdit(text: string, uri: string, edit: { changes?: Record<string, { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]>; documentChanges?: unknown[] }): string {
  const edits = edit.changes?.[uri] ?? ((edit.documentChanges ?? []) as { textDocument: { uri: string }; edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[] }[]).filter((d) => d.textDocument?.uri === uri).flatMap((d) => d.edits);
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: { line: number; character: number }) => starts[p.line] + p.character;
  return [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start)).reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}
