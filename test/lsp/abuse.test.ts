// The language server under a hostile client: content changes with reversed, out-of-range, negative and
// fractional ranges, several changes per notification, line breaks of every kind and split surrogate pairs;
// versions that go backwards or repeat; one file open under two URIs; malformed params of every notification
// and request; cancelled requests; close and reopen. After every step the server's copy of each document
// (both the protocol thread's and the engine's) must equal the client's, and every request must answer within
// a bound. The client's text is what vscode-languageserver-textdocument makes of the same changes (the
// library VS Code's LSP stack uses), with fractional positions read as their floor, each change applied to a
// fresh library document: the library's own incremental line table goes wrong after a change whose lines lie
// past the end (it stores line starts at the out-of-range line numbers), which would misplace the next change.
// Seeded: a failure names its seed, step and action. ASYNCLENS_ABUSE_STEPS sets the steps per run (default 250),
// ASYNCLENS_ABUSE_SEED the seed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CancellationTokenSource, type Diagnostic, type Position, type Range } from 'vscode-languageserver-protocol/node';
import { fileUri, startSession, type Session } from './session';
import { positioned } from '../../server/src/lsp/convert';
import { textDigest } from '../../server/src/lsp/textSync';
import { mulberry32 } from '../unit/seededRandom';

const sessions: Session[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.shutdown()));
});

const STEPS = Number(process.env.ASYNCLENS_ABUSE_STEPS) || 250;
/** ASYNCLENS_ABUSE_SEED picks the runs' seeds (the second run uses the next one). */
const SEED = Number(process.env.ASYNCLENS_ABUSE_SEED) || 20_261;
/** Every request must answer within this (the server's own wait for a snapshot is 10 s; typical answers take milliseconds). */
const ANSWER_BOUND_MS = 8_000;

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

const INITIAL = [
  'using System.IO;',
  'using System.Threading;',
  'using System.Threading.Tasks;',
  '',
  'public sealed class Orders',
  '{',
  '    private readonly SemaphoreSlim _gate = new(1);',
  '    public async Task<int> LoadAsync(string path)',
  '    {',
  '        var text = File.ReadAllText(path); // price in € and 😀',
  '        await Task.Yield();',
  '        return text.Length;',
  '    }',
  '    public int Load(string path) => LoadAsync(path).Result;',
  '    public async Task SaveAsync(Stream s) { s.Flush(); _gate.Wait(); await s.FlushAsync(); }',
  '}',
  '',
].join('\r\n');

const SNIPPETS = [
  'await Task.Delay(1);', '.Result', '.Wait()', 'Thread.Sleep(5);', '{', '}', '(', ')', ';', '\n', '\r\n', '\r', '😀', '€', '"', '"""', '/*', '*/', '//',
  '#if DEBUG\n', '#endif\n', 'async ', 'await ', 'public async Task M() { await Task.Yield(); }\n', ' ', '\t', '', 'lock (this) { }', '@"', '$"{x}"', '\uD83D', '\uDE00',
];

/** The client's copy of a document. */
type Mirror = { uri: string; text: string; version: number };

const libraryDocument = (text: string) => TextDocument.create('untitled:client', 'csharp', 0, text);

/** What the LSP text-document library makes of one change (positions floored first, as the server reads them). */
function applyAsTheLibrary(text: string, change: { range?: Range; text: string }): string {
  const doc = libraryDocument(text);
  const applied = change.range ? { range: { start: floored(change.range.start), end: floored(change.range.end) }, text: change.text } : { text: change.text };
  TextDocument.update(doc, [applied], 1);
  return doc.getText();
}

/** A position of the client's choosing: usually in the text, sometimes negative, past the end, fractional. */
function wildPosition(r: ReturnType<typeof random>, doc: TextDocument): Position {
  const lines = doc.lineCount;
  const kind = r.int(10);
  if (kind === 0) return { line: -1 - r.int(3), character: r.int(5) };
  if (kind === 1) return { line: lines + r.int(5), character: r.int(50) };
  if (kind === 2) return { line: r.int(lines), character: 200 + r.int(100) };
  if (kind === 3) return { line: r.int(lines) + 0.5, character: r.int(10) + 0.75 };
  if (kind === 4) return { line: r.int(lines), character: -1 - r.int(4) };
  const offset = r.int(doc.getText().length + 1);
  return doc.positionAt(offset);
}

/** A fractional position as the server reads it. */
const floored = (p: Position): Position => ({ line: Math.floor(p.line), character: Math.floor(p.character) });

function wildChange(r: ReturnType<typeof random>, doc: TextDocument): { range?: Range; text: string } {
  const text = Array.from({ length: 1 + r.int(3) }, () => r.pick(SNIPPETS)).join('');
  if (r.chance(0.03)) return { text: doc.getText().slice(0, r.int(doc.getText().length + 1)) + text };
  let start = wildPosition(r, doc);
  let end = r.chance(0.3) ? start : wildPosition(r, doc);
  // Mostly short deletions near the start, as typing makes them; reversed ranges stay in on purpose.
  if (r.chance(0.5)) end = doc.positionAt(doc.offsetAt(floored(start)) + r.int(12));
  if (r.chance(0.15)) [start, end] = [end, start];
  return { range: { start, end }, text };
}

const MALFORMED_CHANGES: ((uri: string, version: number) => unknown)[] = [
  (uri, version) => ({ textDocument: { uri, version } }),
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: 'text' }),
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: [{ text: 42 }] }),
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: [{ range: null, text: 'x' }] }),
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: [{ range: { start: { line: 'one', character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }] }),
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: [{ range: { start: { line: 0, character: 0 } }, text: 'x' }] }),
  // One good change followed by a bad one: all or nothing, so the good one must not be applied either.
  (uri, version) => ({ textDocument: { uri, version }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'partial' }, null] }),
  (uri) => ({ textDocument: { uri, version: 'seven' }, contentChanges: [{ text: 'x' }] }),
  () => ({ contentChanges: [{ text: 'x' }] }),
  () => null,
];

const MALFORMED_REQUESTS: [string, (uri: string) => unknown][] = [
  ['textDocument/hover', (uri) => ({ textDocument: { uri } })],
  ['textDocument/hover', () => ({ position: { line: 0, character: 0 } })],
  ['textDocument/hover', (uri) => ({ textDocument: { uri }, position: { line: 'x', character: null } })],
  ['textDocument/codeAction', (uri) => ({ textDocument: { uri }, range: null, context: null })],
  ['textDocument/codeAction', (uri) => ({ textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: 'all', only: 7 } })],
  ['textDocument/codeAction', (uri) => ({ textDocument: { uri }, context: { diagnostics: [{ range: null, data: { ruleId: 5 }, source: 'asynclens', code: 'ASY001' }] } })],
  ['textDocument/inlayHint', (uri) => ({ textDocument: { uri }, range: { start: 0, end: 1 } })],
  ['textDocument/codeLens', () => ({ textDocument: {} })],
  ['asynclens/costReport', () => ({ uri: 17 })],
  ['asynclens/costReport', () => ({ uri: 'file:///dev/zero' })],
  ['asynclens/methodDetail', (uri) => ({ uri, line: 'a' })],
  ['asynclens/methodDetail', (uri) => ({ uri, line: 1e300, character: -5 })],
];

/** A request that must answer (with anything, or an error) within the bound. */
async function answers(session: Session, method: string, params: unknown, what: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: ${method} did not answer within ${ANSWER_BOUND_MS} ms`)), ANSWER_BOUND_MS); });
  try {
    return await Promise.race([session.connection.sendRequest(method, params).catch((err: Error) => ({ error: err.message })), bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** The server's copies (protocol thread and engine) equal the client's text, and the state request answers in time. */
async function assertInSync(session: Session, mirror: Mirror, what: string): Promise<void> {
  const expected = textDigest(positioned(mirror.text));
  const state = await answers(session, 'asynclens/documentState', { uri: mirror.uri }, what) as { version: number; digest: string; engine: { digest: string } | null } | null;
  assert.ok(state && !('error' in state), `${what}: no state for ${mirror.uri}: ${JSON.stringify(state)}`);
  assert.equal(state.digest, expected, `${what}: the protocol thread's copy of ${mirror.uri} differs from the client's`);
  assert.equal(state.version, mirror.version, `${what}: the server holds another version of ${mirror.uri}`);
  assert.ok(state.engine, `${what}: the engine had no analysis of the current text of ${mirror.uri}`);
  assert.equal(state.engine.digest, expected, `${what}: the engine's copy of ${mirror.uri} differs from the client's`);
}

const summary = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`).sort();

async function abuse(seed: number, env?: Record<string, string>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-abuse-'));
  fs.mkdirSync(path.join(dir, 'sub'));
  const session = await startSession({ workspace: dir, env });
  sessions.push(session);
  const r = random(seed);
  // One file under two spellings of its URI, each its own document to the editor.
  const uris = [fileUri(path.join(dir, 'Orders.cs')), `${fileUri(path.join(dir, 'sub'))}/../Orders.cs`, 'untitled:Scratch.cs'];
  const mirrors = new Map<string, Mirror>();
  const open = (uri: string, version: number) => {
    mirrors.set(uri, { uri, text: INITIAL, version });
    session.open(uri, INITIAL, version);
  };
  for (const uri of uris) open(uri, 1);
  for (let step = 0; step < STEPS; step++) {
    const mirror = r.pick([...mirrors.values()]);
    const doc = libraryDocument(mirror.text);
    const action = r.int(100);
    let what = `seed ${seed}, step ${step}`;
    if (action < 60) {
      // Versions: usually up by one, sometimes backwards or repeated (a label to the server, never an order).
      const version = r.chance(0.15) ? r.int(mirror.version + 1) - 1 : mirror.version + 1;
      const changes = Array.from({ length: 1 + (r.chance(0.3) ? r.int(4) : 0) }, () => wildChange(r, doc));
      // The client applies each change to the text the previous one left, as the server must.
      for (const c of changes) mirror.text = applyAsTheLibrary(mirror.text, c);
      mirror.version = version;
      session.change(mirror.uri, version, changes);
      what += ` (changes ${JSON.stringify(changes)})`;
    } else if (action < 70) {
      const params = r.pick(MALFORMED_CHANGES)(mirror.uri, mirror.version + 1);
      void session.connection.sendNotification('textDocument/didChange', params);
      what += ` (malformed ${JSON.stringify(params)})`;
    } else if (action < 80) {
      const [method, params] = r.pick(MALFORMED_REQUESTS);
      await answers(session, method, params(mirror.uri), what);
    } else if (action < 88) {
      // A request cancelled at once still answers (empty or cancelled), and the server goes on.
      const source = new CancellationTokenSource();
      const pending = session.connection.sendRequest('textDocument/hover', { textDocument: { uri: mirror.uri }, position: wildPosition(r, doc) }, source.token).catch(() => null);
      source.cancel();
      await answers(session, 'textDocument/codeLens', { textDocument: { uri: mirror.uri } }, what);
      await pending;
    } else if (action < 93) {
      await answers(session, 'textDocument/hover', { textDocument: { uri: mirror.uri }, position: wildPosition(r, doc) }, what);
      await answers(session, 'textDocument/inlayHint', { textDocument: { uri: mirror.uri }, range: { start: wildPosition(r, doc), end: wildPosition(r, doc) } }, what);
    } else if (action < 96) {
      session.close(mirror.uri);
      mirrors.delete(mirror.uri);
      // Reopened at a lower version than before, with the text the client had.
      const version = r.int(3);
      mirrors.set(mirror.uri, { uri: mirror.uri, text: mirror.text, version });
      session.open(mirror.uri, mirror.text, version);
    } else {
      // A second didOpen of an open document (no close between): the new text wins.
      const text = `${mirror.text}\n// reopened\n`;
      mirrors.set(mirror.uri, { uri: mirror.uri, text, version: mirror.version });
      session.open(mirror.uri, text, mirror.version);
    }
    // Checked after every step for the document touched, and for all of them every tenth step.
    for (const m of step % 10 === 9 ? mirrors.values() : [mirrors.get(mirror.uri)!]) await assertInSync(session, m, what);
  }
  for (const m of mirrors.values()) await assertInSync(session, m, `seed ${seed}, after the last step`);
  assert.equal(session.process.exitCode, null, 'the server is still running');
  const drift = session.logs.filter((l) => /differs from the/.test(l));
  assert.deepEqual(drift, [], 'no copy ever drifted (a resync would have repaired it, but a drift is a bug)');
  // The edited documents' findings are those of a fresh analysis of the same text.
  for (const m of mirrors.values()) {
    const fresh = `untitled:Fresh${m.uri.length}-${seed}.cs`;
    session.open(fresh, m.text, 1);
    const [edited, freshDiagnostics] = await Promise.all([
      session.waitForDiagnostics(m.uri, (_d, v) => v === m.version),
      session.waitForDiagnostics(fresh, (_d, v) => v === 1),
    ]);
    assert.deepEqual(summary(edited), summary(freshDiagnostics), `seed ${seed}: the findings of ${m.uri} after the edits`);
    session.close(fresh);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

test('a hostile client never desyncs the server and every request answers in time', { timeout: 600_000 }, async () => {
  await abuse(SEED);
});

test('the same when every document is modelled on the large-document thread', { timeout: 600_000 }, async () => {
  await abuse(SEED + 1, { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' });
});

test('files that are not files: a FIFO and a /dev/zero symlink named *.cs, and report requests for paths outside the workspace, never block the engine', { skip: process.platform === 'win32' && 'POSIX special files', timeout: 60_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-abuse-files-'));
  fs.writeFileSync(path.join(dir, 'Real.cs'), INITIAL);
  const session = await startSession({ workspace: dir });
  sessions.push(session);
  await session.waitForStatus((s) => s.state === 'ready');
  const { execFileSync } = await import('node:child_process');
  execFileSync('mkfifo', [path.join(dir, 'Pipe.cs')]);
  fs.symlinkSync('/dev/zero', path.join(dir, 'Zero.cs'));
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: fileUri(path.join(dir, 'Pipe.cs')), type: 1 }, { uri: fileUri(path.join(dir, 'Zero.cs')), type: 1 }, { uri: 'file:///dev/zero', type: 2 }, { uri: 'file:///etc/passwd', type: 2 }],
  });
  for (const uri of ['file:///dev/zero', 'file:///etc/passwd', fileUri(path.join(dir, 'Pipe.cs')), fileUri(path.join(dir, 'Zero.cs'))]) {
    const report = await answers(session, 'asynclens/costReport', { uri }, uri) as { methods: unknown[] };
    assert.deepEqual(report.methods, [], `${uri} is not in the index, so nothing is read or reported`);
    assert.equal(await answers(session, 'asynclens/methodDetail', { uri, line: 0, character: 0 }, uri), null);
  }
  // The engine still answers for real files.
  const uri = fileUri(path.join(dir, 'Real.cs'));
  const report = await answers(session, 'asynclens/costReport', {}, 'workspace report') as { methods: { uri: string }[] };
  assert.ok(report.methods.length > 0 && report.methods.every((m) => m.uri === uri), JSON.stringify(report.methods.map((m) => m.uri)));
  fs.rmSync(dir, { recursive: true, force: true });
});
