// Incremental sync end to end: a sequence of small edits (typing, deleting, pasting, several changes in one
// notification, edits inside and across lines, a CRLF file, non-ASCII text) must leave the server with exactly the
// findings a fresh analysis of the final text gives.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import { positionOf, startSession, type Session } from './session';

const sessions: Session[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.shutdown()));
});

const initial = [
  'using System.IO;',
  'using System.Threading;',
  'using System.Threading.Tasks;',
  '',
  '// Prices in €: the file holds non-ASCII text before the edits, so UTF-16 offsets matter.',
  'public sealed class Repository',
  '{',
  '    private readonly SemaphoreSlim _gate = new(1);',
  '',
  '    public async Task<int> LoadAsync(string path)',
  '    {',
  '        var text = File.ReadAllText(path);',
  '        await Task.Yield();',
  '        return text.Length;',
  '    }',
  '',
  '    public int Load(string path)',
  '    {',
  '        return LoadAsync(path).Result;',
  '    }',
  '}',
  '',
].join('\n');

/** One edit of the sequence: a find/replace turned into an LSP range change against the current text. */
function change(text: string, find: string, replace: string, after?: string): { text: string; change: TextDocumentContentChangeEvent } {
  const start = positionOf(text, find, after);
  const startOffset = text.indexOf(find, after ? text.indexOf(after) : 0);
  const endText = text.slice(0, startOffset + find.length);
  const endLine = endText.split('\n').length - 1;
  const end = { line: endLine, character: endText.length - (endText.lastIndexOf('\n') + 1) };
  return { text: text.slice(0, startOffset) + replace + text.slice(startOffset + find.length), change: { range: { start, end }, text: replace } };
}

function summary(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.message).split('\n')[0]}`).sort();
}

async function editedEqualsFresh(start: string, lineBreak: string, env?: Record<string, string>): Promise<void> {
  const session = await startSession({ env, settings: { codeLens: true } });
  sessions.push(session);
  let text = start.replace(/\n/g, lineBreak);
  const uri = 'untitled:Edited.cs';
  session.open(uri, text);
  await session.waitForDiagnostics(uri, (_d, v) => v === 1);
  let version = 1;
  const edits: ((t: string) => { text: string; change: TextDocumentContentChangeEvent })[] = [];
  // Type a new method one character at a time just before the class's closing brace.
  const typed = `${lineBreak}    public async Task SaveAsync(Stream s) { s.Flush(); Thread.Sleep(10); await s.FlushAsync(); }`;
  for (let i = 0; i < typed.length; i++) {
    const so_far = typed.slice(0, i);
    edits.push((t) => change(t, `${so_far}${lineBreak}}`, `${so_far}${typed[i]}${lineBreak}}`, 'public int Load'));
  }
  edits.push(
    (t) => change(t, 'File.ReadAllText(path)', 'await File.ReadAllTextAsync(path)'),
    (t) => change(t, 'await Task.Yield();', ''),
    (t) => change(t, 'LoadAsync(path).Result', 'LoadAsync(path).GetAwaiter().GetResult()'),
    (t) => change(t, 'Thread.Sleep(10);', 'Thread.Sleep(10); _gate.Wait();'),
    (t) => change(t, '€', 'euro € and 😀'),
  );
  // Send in batches of three changes per notification, as editors do when typing fast.
  for (let i = 0; i < edits.length; i += 3) {
    const batch: TextDocumentContentChangeEvent[] = [];
    for (const edit of edits.slice(i, i + 3)) {
      const r = edit(text);
      text = r.text;
      batch.push(r.change);
    }
    version++;
    session.change(uri, version, batch);
  }
  const edited = await session.waitForDiagnostics(uri, (_d, v) => v === version, 30_000);
  // Costs too: the engine reuses estimates of unchanged methods, which must give what a fresh estimate gives.
  const editedLenses = (await session.codeLenses(uri)).map((l) => `${l.range.start.line} ${l.command?.title}`);
  const editedHover = await session.hover(uri, positionOf(text, 'SaveAsync'));
  session.close(uri);
  const freshUri = 'untitled:Fresh.cs';
  session.open(freshUri, text);
  const fresh = await session.waitForDiagnostics(freshUri, (_d, v) => v === 1);
  assert.deepEqual(editedLenses, (await session.codeLenses(freshUri)).map((l) => `${l.range.start.line} ${l.command?.title}`));
  // The hover's Details link names the document it was asked about.
  const freshHover = await session.hover(freshUri, positionOf(text, 'SaveAsync'));
  assert.deepEqual(JSON.stringify(editedHover).split(encodeURIComponent(JSON.stringify(uri).slice(1, -1))).join('URI'), JSON.stringify(freshHover).split(encodeURIComponent(JSON.stringify(freshUri).slice(1, -1))).join('URI'));
  assert.equal(editedLenses.length, 2);
  assert.ok(edited.length >= 4, summary(edited).join('\n'));
  assert.deepEqual(summary(edited), summary(fresh));
  const codes = new Set(edited.map((d) => d.code));
  for (const id of ['ASY002', 'ASY003']) assert.ok(codes.has(id), `${id} in ${summary(edited).join('\n')}`);
}

test('a sequence of incremental edits gives the findings of a fresh analysis of the final text (LF)', async () => {
  await editedEqualsFresh(initial, '\n');
});

test('the same with CRLF line breaks', async () => {
  await editedEqualsFresh(initial, '\r\n');
});

test('the same when every document is modelled on the large-document thread', async () => {
  await editedEqualsFresh(initial, '\n', { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' });
});

// ASY001's findings are kept per method between keystrokes (analysis/ruleCache.ts). A method whose text does not
// change can still gain or lose a finding when another method does: here Read's `.Result` waits on GetAsync, which
// hands back a completed task (no ASY001) until it awaits something that suspends; Flush's wait is on the
// synchronous path of the dual-path Rollback until its `bool async` flag is renamed away.
const dependent = [
  'using System.Threading.Tasks;',
  '',
  'public sealed class Store',
  '{',
  '    public Task<int> GetAsync() => Task.FromResult(1);',
  '',
  '    public async Task<int> ReadAsync()',
  '    {',
  '        await Task.Yield();',
  '        return GetAsync().Result;',
  '    }',
  '',
  '    public async Task Rollback(bool async) { if (async) await Task.Yield(); }',
  '',
  '    public async Task FlushAsync()',
  '    {',
  '        await Task.Yield();',
  '        Rollback(false).GetAwaiter().GetResult();',
  '    }',
  '}',
  '',
].join('\n');

for (const [name, env] of [['', undefined], [' (large-document thread)', { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' }]] as const) {
  test(`kept per-method findings follow other methods' verdicts and flags${name}`, async () => {
    const session = await startSession({ env });
    sessions.push(session);
    const uri = 'untitled:Dependent.cs';
    let text = dependent;
    session.open(uri, text);
    const waits = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'ASY001').map((d) => d.range.start.line);
    assert.deepEqual(waits(await session.waitForDiagnostics(uri, (_d, v) => v === 1)), []);
    let version = 1;
    const edit = async (find: string, replace: string) => {
      const r = change(text, find, replace);
      text = r.text;
      session.change(uri, ++version, [r.change]);
      return waits(await session.waitForDiagnostics(uri, (_d, v) => v === version, 30_000));
    };
    assert.deepEqual(await edit('public Task<int> GetAsync() => Task.FromResult(1);', 'public async Task<int> GetAsync() { await Task.Delay(1); return 1; }'), [9]);
    assert.deepEqual(await edit('Rollback(bool async) { if (async)', 'Rollback(bool flag) { if (flag)'), [9, 17]);
    assert.deepEqual(await edit('Rollback(bool flag) { if (flag)', 'Rollback(bool async) { if (async)'), [9]);
  });
}

// What other files can see of a document (its declarations, calls and verdicts: engine.ts surfaceOf) decides whether
// the other open documents are checked again after an edit: here a callee in one document stops completing
// synchronously, and the caller's ASY010 in the other document goes away without an edit of its own.
test('an edit that changes what other files see of a document re-checks the other open documents', async () => {
  const session = await startSession({});
  sessions.push(session);
  const source = 'untitled:Source.cs';
  const consumer = 'untitled:Consumer.cs';
  const sourceText = [
    'using System.Threading.Tasks;',
    'public class Source',
    '{',
    '    public Task<int> GetAsync() => Task.FromResult(1);',
    '}',
    '',
  ].join('\n');
  session.open(source, sourceText);
  session.open(consumer, [
    'using System.Threading.Tasks;',
    'public class Consumer',
    '{',
    '    private readonly Source _source = new Source();',
    '    public async Task<int> TotalAsync()',
    '    {',
    '        var a = await _source.GetAsync();',
    '        var b = await _source.GetAsync();',
    '        return a + b;',
    '    }',
    '}',
    '',
  ].join('\n'));
  const likelySync = (ds: Diagnostic[]) => ds.some((d) => d.code === 'ASY010');
  // Indexing's end re-checks every open document: after it, only the surface's change can re-check the consumer.
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  await session.waitForDiagnostics(consumer, (ds) => likelySync(ds), 30_000);
  // Re-checks already under way (the open of the source) settle first.
  await new Promise((r) => setTimeout(r, 500));
  const r = change(sourceText, 'public Task<int> GetAsync() => Task.FromResult(1);', 'public async Task<int> GetAsync() { await Task.Delay(1); return 1; }');
  session.change(source, 2, [r.change]);
  await session.waitForDiagnostics(consumer, (ds) => !likelySync(ds), 30_000);
});

// ASY025 leaves alone a call of a workspace method that never reads its token (passing it would cancel nothing), so
// whether a body reads its parameters is part of what other files see of it: when the callee starts reading its
// token, the caller in the other open document gets the finding without an edit of its own.
test('a callee that starts reading its token re-checks the callers in other open documents (ASY025)', async () => {
  const session = await startSession({});
  sessions.push(session);
  const source = 'untitled:Quotes.cs';
  const consumer = 'untitled:Board.cs';
  const ignoring = 'public Task<int> PriceAsync(string sku, CancellationToken cancellationToken = default) => Task.FromResult(sku.Length);';
  // The same calls, the same verdict: only whether the token is read changes.
  const reading = 'public Task<int> PriceAsync(string sku, CancellationToken cancellationToken = default) => Task.FromResult(cancellationToken.IsCancellationRequested ? 0 : sku.Length);';
  const sourceText = ['using System.Threading;', 'using System.Threading.Tasks;', 'public class Quotes', '{', `    ${ignoring}`, '}', ''].join('\n');
  session.open(source, sourceText);
  session.open(consumer, [
    'using System.Threading;',
    'using System.Threading.Tasks;',
    'public class Board',
    '{',
    '    private readonly Quotes _quotes = new Quotes();',
    '    public async Task<int> RefreshAsync(CancellationToken cancellationToken)',
    '    {',
    '        var price = await _quotes.PriceAsync("sku");',
    '        await Task.Delay(10, cancellationToken);',
    '        return price;',
    '    }',
    '}',
    '',
  ].join('\n'));
  const notForwarded = (ds: Diagnostic[]) => ds.some((d) => d.code === 'ASY025');
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  await session.waitForDiagnostics(consumer, (ds) => !notForwarded(ds), 30_000);
  await new Promise((r) => setTimeout(r, 500));
  const r = change(sourceText, ignoring, reading);
  session.change(source, 2, [r.change]);
  await session.waitForDiagnostics(consumer, (ds) => notForwarded(ds), 30_000);
});
