// A 50,000-line file must not stall other requests: while the server analyses it, a hover on a small file is
// answered (and answered first). The assertion is about order and content, never about time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-protocol/node';
import { positionOf, startSession, type Session } from './session';

let session: Session | null = null;
after(async () => {
  await session?.shutdown();
});

/** Generated C#: many classes of async methods with awaits, blocking waits and locals, like a big generated client. */
export function generatedFile(lines: number): string {
  const out = ['using System;', 'using System.Threading.Tasks;', 'namespace Generated;', ''];
  let i = 0;
  while (out.length < lines - 12) {
    if (i % 20 === 0) {
      if (i) out.push('}', '');
      out.push(`public sealed class Client${i / 20}`, '{');
    }
    out.push(
      `    public async Task<int> Call${i}Async(int id, string name)`,
      '    {',
      `        var first = await Task.Run(() => id + ${i});`,
      '        if (first > 10) return first + name.Length;',
      '        await Task.Yield();',
      // A task that has not run yet: a local made complete (Task.FromResult) is exempt from ASY001.
      '        var pending = Task.Run(() => first);',
      '        return pending.Result + first;',
      '    }',
      '',
    );
    i++;
  }
  out.push('}');
  while (out.length < lines - 1) out.push('// padding to the exact line count');
  out.push('');
  return out.join('\n');
}

const small = [
  'using System.Threading.Tasks;',
  'class Small',
  '{',
  '    public async Task<int> OneAsync(Task<int> t)',
  '    {',
  '        await Task.Yield();',
  '        return t.Result;',
  '    }',
  '}',
  '',
].join('\n');

test('a hover on a small file is answered while a 50,000-line file is being analysed', async () => {
  session = await startSession({});
  const smallUri = 'untitled:Small.cs';
  const bigUri = 'untitled:Big.cs';
  session.open(smallUri, small);
  await session.waitForDiagnostics(smallUri, (d) => d.length > 0);
  const big = generatedFile(50_000);
  assert.equal(big.split('\n').length, 50_000);
  session.open(bigUri, big);
  // Ask right away, and again after the engine has certainly started on the big file.
  const first = await session.hover(smallUri, positionOf(small, 'OneAsync'), 'small hover 1');
  await new Promise((r) => setTimeout(r, 300));
  const second = await session.hover(smallUri, positionOf(small, 'await'), 'small hover 2');
  const third = await session.hover(smallUri, positionOf(small, 'Result'), 'small hover 3');
  assert.match((first?.contents as MarkupContent).value, /OneAsync/);
  assert.match((second?.contents as MarkupContent).value, /^\*\*await\*\*/);
  assert.match((third?.contents as MarkupContent).value, /ASY001/);
  const order = session.events.map((e) => (e.kind === 'response' ? e.label : `diagnostics ${e.uri}`)).filter((e) => e !== `diagnostics ${smallUri}`);
  assert.deepEqual(order.slice(0, 3), ['small hover 1', 'small hover 2', 'small hover 3'], `the small file's hovers come before anything about the big file: ${order.join(', ')}`);
  assert.equal(session.diagnostics(bigUri), undefined, 'the big file was still being analysed while the small one answered');
  // Not waited for: the big file's analysis takes seconds, which says nothing about other requests (the benchmark measures it).
});

test('a document with more methods than one slice of cost estimates gets its costs, and an edit during them gets its own', async () => {
  const own = await startSession({});
  try {
    const uri = 'untitled:Sliced.cs';
    // About 660 async methods: the engine estimates their costs a slice at a time (engine.ts COST_AT_ONCE, COST_SLICE_MS).
    const text = generatedFile(6_000);
    own.open(uri, text);
    await own.waitForDiagnostics(uri, (d) => d.length > 0, 60_000);
    // An edit as soon as the diagnostics are in, while the costs of the first text are likely still being estimated.
    const at = text.indexOf('Call5Async');
    const edited = `${text.slice(0, at)}Renamed5Async${text.slice(at + 'Call5Async'.length)}`;
    own.change(uri, 2, [{ range: { start: positionOfOffset(text, at), end: positionOfOffset(text, at + 'Call5Async'.length) }, text: 'Renamed5Async' }]);
    // The diagnostics of the edit first (on a loaded machine its analysis can outlast a hover's wait for the snapshot).
    await own.waitForDiagnostics(uri, (_d, version) => version === 2, 60_000);
    const renamed = await own.hover(uri, positionOf(edited, 'Renamed5Async'), 'hover on the renamed method');
    assert.match((renamed?.contents as MarkupContent).value, /Renamed5Async/);
    assert.match((renamed?.contents as MarkupContent).value, /\d+ B/, 'the renamed method has its cost');
    const lastName = /Call(\d+)Async(?![\s\S]*Call\d+Async)/.exec(edited)![0];
    const last = await own.hover(uri, positionOf(edited, lastName), 'hover on the last method');
    assert.match((last?.contents as MarkupContent).value, new RegExp(lastName));
    assert.match((last?.contents as MarkupContent).value, /\d+ B/, 'the last slice was estimated too');
  } finally {
    await own.shutdown();
  }
});

function positionOfOffset(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

test('a model sent from the large-document thread in several parts gives the diagnostics the engine thread gives', async () => {
  // About 1,300 methods and as many lambdas: three parts of bodies (largeDocuments.ts BODIES_PER_PART).
  const text = generatedFile(12_000);
  const uri = 'untitled:Parts.cs';
  const diagnosticsWith = async (env: Record<string, string>) => {
    const own = await startSession({ env });
    try {
      own.open(uri, text);
      const found = await own.waitForDiagnostics(uri, (d) => d.length > 0, 120_000);
      return found.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`);
    } finally {
      await own.shutdown();
    }
  };
  const viaThread = await diagnosticsWith({ ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' });
  const onEngine = await diagnosticsWith({ ASYNCLENS_LARGE_DOCUMENT_CHARS: String(1e9) });
  assert.ok(viaThread.length > 1000, `diagnostics all over the file: ${viaThread.length}`);
  assert.deepEqual(viaThread, onEngine);
});

// A large document is modelled on its own thread, with its project's preprocessing symbols like any other: in the
// multi-target orders project, NewestAsync exists only for net10.0 (`#if NET10_0_OR_GREATER`), the target analysed.
for (const [name, env] of [['the engine thread', {}], ['the large-document thread', { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' }]] as const) {
  test(`a document modelled on ${name} follows its project's #if symbols`, async () => {
    const { default: path } = await import('node:path');
    const { default: fs } = await import('node:fs');
    const { fileUri, repoRoot } = await import('./session');
    const root = path.join(repoRoot, 'test', 'fixtures', 'projects', 'orders');
    const file = path.join(root, 'src', 'Orders', 'OrderService.cs');
    const own = await startSession({ workspace: root, env });
    try {
      const text = fs.readFileSync(file, 'utf8');
      const uri = fileUri(file);
      own.open(uri, text);
      const ds = await own.waitForDiagnostics(uri, (_d, v) => v === 1, 30_000);
      const lines = text.split('\n');
      const newest = lines.findIndex((l) => l.includes('NewestAsync'));
      const line = lines.findIndex((l, i) => i > newest && l.includes('return pending.Result;'));
      assert.ok(ds.some((d) => d.code === 'ASY001' && d.range.start.line === line), ds.map((d) => `${d.code}@${d.range.start.line}`).join(' '));
    } finally {
      await own.shutdown();
    }
  });
}

// An edited document is modelled while the edit's debounce runs (debounceModel.ts EAGER_MODEL_MAX_MS), on the
// large-document thread or on the engine thread, so the model is ready when the analysis starts; the diagnostics
// are those of the edited text.
for (const [name, env] of [['the large-document thread', { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' }], ['the engine thread', {}]] as const) test(`${name} builds an edited model during the debounce, and its diagnostics follow the edit`, async () => {
  const text = generatedFile(400);
  const uri = 'untitled:Eager.cs';
  // A debounce long enough that the thread is surely done with a 400-line model before the analysis starts.
  const own = await startSession({ env, settings: { analysisDelayMs: 1500, trace: { server: 'verbose' } } });
  try {
    own.open(uri, text, 1);
    const before = await own.waitForDiagnostics(uri, (_d, v) => v === 1, 60_000);
    const blocking = before.filter((d) => d.code === 'ASY001');
    assert.ok(blocking.length > 2, `ASY001 on each pending.Result: ${blocking.length}`);
    // Delete the first method's `return pending.Result + first;` line: one ASY001 fewer, the rest move up a line.
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('return pending.Result + first;'));
    own.change(uri, 2, [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }]);
    const after = await own.waitForDiagnostics(uri, (_d, v) => v === 2, 60_000);
    assert.equal(after.filter((d) => d.code === 'ASY001').length, blocking.length - 1);
    assert.deepEqual(after.filter((d) => d.code === 'ASY001').map((d) => d.range.start.line), blocking.slice(1).map((d) => d.range.start.line - 1));
    const built = env.ASYNCLENS_LARGE_DOCUMENT_CHARS === '0'
      // The large-document thread also sends the model as soon as it is built: the engine's request takes it at once.
      ? /analysed untitled:Eager\.cs v2 .*the model was built and sent during the debounce/
      : /analysed untitled:Eager\.cs v2 .*the model was built during the debounce/;
    for (let i = 0; i < 50 && !own.logs.some((l) => built.test(l)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(own.logs.some((l) => built.test(l)), own.logs.filter((l) => l.startsWith('analysed')).join('\n'));
  } finally {
    await own.shutdown();
  }
});

// When the large-document thread's model of an edit arrives before the edit's debounce ends, the engine analyses it
// at once and holds the results until the debounce ends (lsp/engine/quietTime.ts): a person who keeps typing sees
// nothing of text already changed, and one who stops gets the results when the debounce ends rather than a model's
// transfer and the rules later. Checked by order and by the trace, not by speed.
test('an edit whose model arrives during the debounce is analysed then, and its diagnostics wait for the debounce', async () => {
  const text = generatedFile(400);
  const uri = 'untitled:Early.cs';
  const own = await startSession({ env: { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' }, settings: { analysisDelayMs: 3000, trace: { server: 'verbose' } } });
  try {
    own.open(uri, text, 1);
    const before = await own.waitForDiagnostics(uri, (_d, v) => v === 1, 60_000);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('return pending.Result + first;'));
    own.change(uri, 2, [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }]);
    const analysedEarly = /analysed untitled:Early\.cs v2 .*analysed during the debounce, shown when it ended/;
    // The analysis of version 2 ran (its trace line comes with its snapshot, after the debounce) ...
    const after = await own.waitForDiagnostics(uri, (_d, v) => v === 2, 60_000);
    for (let i = 0; i < 50 && !own.logs.some((l) => analysedEarly.test(l)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(own.logs.some((l) => analysedEarly.test(l)), own.logs.filter((l) => l.startsWith('analysed')).join('\n'));
    // ... and its diagnostics are those of the edited text: one ASY001 fewer, the rest a line up.
    const blocking = before.filter((d) => d.code === 'ASY001');
    assert.deepEqual(after.filter((d) => d.code === 'ASY001').map((d) => d.range.start.line), blocking.slice(1).map((d) => d.range.start.line - 1));
  } finally {
    await own.shutdown();
  }
});

test('diagnostics of an edit analysed during its debounce are not shown before the debounce ends', async () => {
  const text = generatedFile(400);
  const uri = 'untitled:Held.cs';
  const own = await startSession({ env: { ASYNCLENS_LARGE_DOCUMENT_CHARS: '0' }, settings: { analysisDelayMs: 5000, trace: { server: 'verbose' } } });
  try {
    own.open(uri, text, 1);
    await own.waitForDiagnostics(uri, (_d, v) => v === 1, 60_000);
    const line = text.split('\n').findIndex((l) => l.includes('return pending.Result + first;'));
    own.change(uri, 2, [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }]);
    // A second passes: the 400-line model is built, sent and analysed well within it, and nothing of it is shown.
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(own.events.some((e) => e.kind === 'diagnostics' && e.uri === uri && e.version === 2), false, 'version 2 shown before its debounce ended');
  } finally {
    await own.shutdown();
  }
});

// A keystroke that leaves a syntax error (most do, for a moment) skips the method it is in. Its diagnostics are still
// published before the cost estimates, with the skipped method's last good ones carried in and marked stale, as the
// snapshot that follows carries them (staleResults.ts): such a keystroke used to wait for the costs.
test('a keystroke that leaves a syntax error gets its diagnostics, with the stale ones of the method it broke, before the costs', async () => {
  const text = generatedFile(400);
  const uri = 'untitled:Broken.cs';
  const own = await startSession({ settings: { trace: { server: 'verbose' } } });
  try {
    own.open(uri, text, 1);
    const before = await own.waitForDiagnostics(uri, (_d, v) => v === 1, 60_000);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('if (first > 10)'));
    const character = lines[line].indexOf('10');
    own.change(uri, 2, [{ range: { start: { line, character }, end: { line, character } }, text: '(' }]);
    const after = await own.waitForDiagnostics(uri, (_d, v) => v === 2, 60_000);
    // The broken method's ASY001 (`pending.Result`, three lines down) is carried, stale, at the same place.
    const resultLine = line + 3;
    assert.ok(before.some((d) => d.code === 'ASY001' && d.range.start.line === resultLine));
    const carried = after.filter((d) => d.code === 'ASY001' && d.range.start.line === resultLine);
    assert.equal(carried.length, 1, JSON.stringify(after.filter((d) => d.range.start.line >= line - 4 && d.range.start.line <= line + 4)));
    assert.equal((carried[0].data as { stale?: boolean }).stale, true);
    assert.equal(after.length, before.length);
    // The trace line of the edit's snapshot (revision 2; the open's can be logged after the edit arrived, as v2).
    const shownBeforeCosts = /analysed untitled:Broken\.cs v2 \(revision 2\):.*diagnostics shown before the costs/;
    for (let i = 0; i < 100 && !own.logs.some((l) => /analysed untitled:Broken\.cs v2 \(revision 2\)/.test(l)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(own.logs.some((l) => shownBeforeCosts.test(l)), own.logs.filter((l) => l.startsWith('analysed')).join('\n'));
  } finally {
    await own.shutdown();
  }
});
