// Latency of the built language server (dist/server.js) as an editor sees it, over stdio with a real protocol
// client. Not a test: nothing is asserted. Run `npm run build` first, then
//   node test/bench/lsp-latency.mjs [--edits N] [--only startup,small,large,workspace,workspace-start,index] [--workspace-files N]
//                                    [--index-lines N] [--typed TEXT] [--settle MS] [--json] [--cpu-prof DIR]
// Scenarios:
//   startup    start-up to the first diagnostics of one open file of the sample workspace (from the process's start
//              and from the initialize request), and to the end of indexing
//   small      keystroke to diagnostics on a lone 200-line file; hover right after each edit
//   large      the same on a generated 10,000-line file (modelled on the large-document thread)
//   workspace  a generated workspace of --workspace-files files (default 2,000) of about 200 lines: the first
//              diagnostics of a file opened while indexing runs, then keystrokes in that 200-line file and in a
//              10,000-line file of the same workspace once it is indexed
//   workspace-start  the first of those alone, five times (a new server each time, stopped without waiting for
//              indexing), for a median of issue 14's start-up target
//   index      indexing a generated workspace of --index-lines lines (default 1,000,000, 1,000-line files): time to
//              ready and the server's peak memory (VmHWM: every thread of the process); with --warm, a second
//              server then indexes the same files with the models the first one kept (host/modelCache.ts)
// --settle MS: the large and workspace scenarios wait MS after a file's first diagnostics (the 10,000-line file's,
// in the workspace once it is indexed) before the first keystroke, as a person who opens a file and reads before
// typing; the default 0 types at once, the worst case.
// Every server runs without the model cache (ASYNCLENS_MODEL_CACHE=off) but --warm's, which uses a folder of its own.
// ASYNCLENS_BENCH_SERVER=FILE measures another build's server bundle (a baseline side by side).
// Each keystroke's engine timings (parse+model, rules, costs) come from the server's verbose trace.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { generateCorpus } from './corpus.mjs';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = process.env.ASYNCLENS_BENCH_SERVER ? path.resolve(process.env.ASYNCLENS_BENCH_SERVER) : path.join(root, 'dist', 'server.js');
const sampleWorkspace = path.join(root, 'test', 'fixtures', 'workspace');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const edits = Number(option('--edits', 30));
/** What each keystroke types: a digit into a number by default (no syntax error); see keystrokes(). */
const typed = option('--typed', '');
const only = new Set(option('--only', 'startup,small,large,workspace').split(','));
const workspaceFiles = Number(option('--workspace-files', 2000));
const indexLines = Number(option('--index-lines', 1_000_000));
const asJson = args.includes('--json');
const settleMs = Number(option('--settle', 0));
const warm = args.includes('--warm');
/** --cpu-prof DIR writes a V8 CPU profile of every thread of each server started (node --cpu-prof) into DIR. */
const profileDir = args.includes('--cpu-prof') ? path.resolve(option('--cpu-prof', '')) : null;

if (!fs.existsSync(server)) {
  console.error('dist/server.js is missing: run npm run build first');
  process.exit(2);
}

const now = () => performance.now();
const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = Math.min(s.length - 1, Math.ceil(q * s.length) - 1);
  return s[Math.max(0, i)];
}

/** Peak resident memory of a process and all its threads, from /proc (Linux); null elsewhere. */
function peakMemoryMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** A client that records diagnostics, statuses and the engine's timings, and answers the server's requests like an editor. */
async function startClient(folder, env = { ...process.env, ASYNCLENS_MODEL_CACHE: 'off' }) {
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  const published = new Map();
  const timings = new Map();
  let ready = false;
  const check = () => {
    for (const w of [...waiters]) if (w.test()) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  };
  connection.onNotification('textDocument/publishDiagnostics', (p) => { published.set(p.uri, p); check(); });
  connection.onNotification('asynclens/status', (s) => { if (s.state === 'ready') ready = true; check(); });
  // "after the edit: model X ms, rules done Y ms": when the engine had the model and the findings, from the edit.
  const sinceEdit = (message) => {
    const s = /after the edit: model ([\d.]+) ms, rules done ([\d.]+) ms/.exec(message);
    return s ? { modelSinceEdit: Number(s[1]), rulesSinceEdit: Number(s[2]) } : {};
  };
  connection.onNotification('window/logMessage', (m) => {
    // "analysed URI vN: ...; parse+model X ms, rules Y ms, costs Z ms"
    const t = /^analysed (\S+) v(\d+)[^:]*: .*parse\+model ([\d.]+) ms, rules ([\d.]+) ms, costs ([\d.]+) ms/.exec(m.message);
    if (t) timings.set(`${t[1]}#${t[2]}`, { model: Number(t[3]), rules: Number(t[4]), costs: Number(t[5]), early: /the model was built (and sent )?during the debounce/.test(m.message), sent: /the model was built and sent during the debounce/.test(m.message), ...sinceEdit(m.message) });
  });
  connection.onNotification('$/progress', () => undefined);
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({ trace: { server: 'verbose' } })));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.listen();
  const until = (test) => new Promise((resolve) => { waiters.push({ test, resolve }); check(); });
  // The issue's start-up target counts from initialize: the editor sends it once the process is up, so the time
  // before it (Node starting and loading the server's bundle) is measured apart.
  const initializeSent = now();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folder ? pathToFileURL(folder).href : null,
    workspaceFolders: folder ? [{ uri: pathToFileURL(folder).href, name: path.basename(folder) }] : null,
    capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } }, window: { workDoneProgress: true } },
  });
  void connection.sendNotification('initialized', {});
  return {
    initializeSent,
    connection,
    pid: child.pid,
    timings,
    open: (uri, text) => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'csharp', version: 1, text } }),
    change: (uri, version, changes) => connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes }),
    diagnosticsOf: (uri, version) => until(() => published.has(uri) && (version === undefined || published.get(uri).version === version)),
    ready: () => until(() => ready),
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      void connection.sendNotification('exit');
      await new Promise((r) => { child.once('exit', r); setTimeout(() => { child.kill('SIGKILL'); r(); }, profileDir ? 30_000 : 3000); });
      connection.dispose();
    },
  };
}

/** The same generated C# as test/lsp/large-file.test.ts: classes of async methods with awaits and blocking waits. */
function generatedFile(lines) {
  const out = ['using System;', 'using System.Threading.Tasks;', 'namespace Generated;', ''];
  let i = 0;
  while (out.length < lines - 12) {
    if (i % 20 === 0) {
      if (i) out.push('}', '');
      out.push(`public sealed class Client${i / 20}`, '{');
    }
    out.push(`    public async Task<int> Call${i}Async(int id, string name)`, '    {', `        var first = await Task.Run(() => id + ${i});`,
      '        if (first > 10) return first + name.Length;', '        await Task.Yield();', '        var pending = Task.Run(() => first);',
      '        return pending.Result + first;', '    }', '');
    i++;
  }
  out.push('}');
  while (out.length < lines - 1) out.push('// padding to the exact line count');
  out.push('');
  return out.join('\n');
}

async function startup(runs) {
  const first = [];
  const fromInitialize = [];
  const indexed = [];
  const file = path.join(sampleWorkspace, 'Catalog', 'HttpCatalogClient.cs');
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  for (let r = 0; r < runs; r++) {
    const t0 = now();
    const client = await startClient(sampleWorkspace);
    client.open(uri, text);
    await client.diagnosticsOf(uri);
    first.push(now() - t0);
    fromInitialize.push(now() - client.initializeSent);
    await client.ready();
    indexed.push(now() - t0);
    await client.stop();
  }
  return { first, fromInitialize, indexed };
}

/**
 * Types one character at a time into `text` (a generatedFile) at different methods: keystroke to the diagnostics
 * of that version, the engine's own timings of it, and a hover right after.
 */
async function keystrokes(client, uri, text, count, firstVersion) {
  const lines = text.split('\n');
  const methods = lines.map((l, i) => (l.includes('if (first > 10)') ? i : -1)).filter((i) => i >= 0);
  const keystroke = [];
  const hover = [];
  const engine = [];
  for (let k = 0; k < count; k++) {
    // With --typed, keystrokes come in pairs in one method: TEXT typed before the `10`, then deleted again, as a person
    // types something that leaves a syntax error for a moment and fixes it.
    const line = methods[((typed ? k >> 1 : k) * 7919) % methods.length];
    const character = lines[line].indexOf('10');
    const version = firstVersion + k;
    const t = now();
    const change = !typed ? { range: { start: { line, character }, end: { line, character } }, text: '1' }
      : k % 2 === 0 ? { range: { start: { line, character }, end: { line, character } }, text: typed }
        : { range: { start: { line, character }, end: { line, character: character + typed.length } }, text: '' };
    client.change(uri, version, [change]);
    await client.diagnosticsOf(uri, version);
    keystroke.push(now() - t);
    const h = now();
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: line - 3, character: 30 } });
    hover.push(now() - h);
  }
  // The trace line of a version follows its diagnostics: read them once every edit has been answered.
  await new Promise((r) => setTimeout(r, 200));
  for (let k = 0; k < count; k++) {
    const timing = client.timings.get(`${uri}#${firstVersion + k}`);
    if (timing) engine.push(timing);
  }
  return { keystroke, hover, engine };
}

async function typing(lines, count) {
  const client = await startClient(null);
  const uri = `untitled:Generated${lines}.cs`;
  const text = generatedFile(lines);
  const t0 = now();
  client.open(uri, text);
  await client.diagnosticsOf(uri, 1);
  const open = now() - t0;
  if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
  const result = await keystrokes(client, uri, text, count, 2);
  await client.stop();
  return { open, ...result, chars: text.length };
}

/** A generated workspace: the first diagnostics of a file opened while it indexes, then keystrokes once it is indexed. */
async function workspaceTyping(files, count) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-bench-'));
  try {
    const corpus = generateCorpus(dir, files * 200, 200);
    const small = path.join(dir, 'Edited.cs');
    const large = path.join(dir, 'Large.cs');
    fs.writeFileSync(small, generatedFile(200));
    fs.writeFileSync(large, generatedFile(10_000));
    const t0 = now();
    const client = await startClient(dir);
    const smallUri = pathToFileURL(small).href;
    const smallText = fs.readFileSync(small, 'utf8');
    client.open(smallUri, smallText);
    await client.diagnosticsOf(smallUri, 1);
    const firstDiagnostics = now() - t0;
    const firstFromInitialize = now() - client.initializeSent;
    await client.ready();
    const indexed = now() - t0;
    const smallResult = await keystrokes(client, smallUri, smallText, count, 2);
    const largeUri = pathToFileURL(large).href;
    const largeText = fs.readFileSync(large, 'utf8');
    client.open(largeUri, largeText);
    await client.diagnosticsOf(largeUri, 1);
    if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
    const largeResult = await keystrokes(client, largeUri, largeText, count, 2);
    const memory = peakMemoryMb(client.pid);
    await client.stop();
    return { files: corpus.files + 2, lines: corpus.lines + 10_200, firstDiagnostics, firstFromInitialize, indexed, small: smallResult, large: largeResult, memory };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The first diagnostics of a 200-line file opened at start-up in a generated workspace of `files` files, while
 * indexing runs: `runs` servers one after another in the same workspace, each stopped as soon as it has published them.
 */
async function workspaceStart(files, runs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-bench-'));
  try {
    const corpus = generateCorpus(dir, files * 200, 200);
    const small = path.join(dir, 'Edited.cs');
    fs.writeFileSync(small, generatedFile(200));
    const uri = pathToFileURL(small).href;
    const text = fs.readFileSync(small, 'utf8');
    const first = [];
    const fromInitialize = [];
    for (let r = 0; r < runs; r++) {
      const t0 = now();
      const client = await startClient(dir);
      client.open(uri, text);
      await client.diagnosticsOf(uri, 1);
      first.push(now() - t0);
      fromInitialize.push(now() - client.initializeSent);
      await client.stop();
    }
    return { files: corpus.files + 1, lines: corpus.lines + 200, first, fromInitialize };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Indexing a big generated workspace: process start to ready, and the server process's peak memory. */
async function indexing(lines) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-index-'));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-lsp-cache-'));
  const session = async (env) => {
    const t0 = now();
    const client = await startClient(dir, env);
    await client.ready();
    const seconds = (now() - t0) / 1000;
    const memory = peakMemoryMb(client.pid);
    return { client, seconds, memory };
  };
  try {
    const corpus = generateCorpus(dir, lines, 1000);
    const cold = await session(warm ? { ...process.env, ASYNCLENS_MODEL_CACHE: 'on', ASYNCLENS_CACHE_DIR: cacheDir } : undefined);
    let warmRun = null;
    if (warm) {
      // The first server writes its pack after it says ready; the second starts once the pack is in place.
      // Any format's pack (an older build's, when measured side by side), not a temporary file being written.
      const packsOf = () => {
        const models = path.join(cacheDir, 'models');
        if (!fs.existsSync(models)) return [];
        return fs.readdirSync(models).flatMap((v) => fs.readdirSync(path.join(models, v)).filter((f) => f.includes('.server.') && !f.endsWith('.tmp')).map((f) => path.join(models, v, f)));
      };
      const t0 = now();
      while (packsOf().length === 0) {
        if (now() - t0 > 600_000) throw new Error('the first server wrote no model pack');
        await new Promise((r) => setTimeout(r, 100));
      }
      await cold.client.stop();
      const second = await session({ ...process.env, ASYNCLENS_MODEL_CACHE: 'on', ASYNCLENS_CACHE_DIR: cacheDir });
      await second.client.stop();
      warmRun = { seconds: second.seconds, memory: second.memory, packMb: packsOf().reduce((n, f) => n + fs.statSync(f).size, 0) / 1048576 };
    } else {
      await cold.client.stop();
    }
    return { files: corpus.files, lines: corpus.lines, seconds: cold.seconds, memory: cold.memory, warm: warmRun };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

const load = os.loadavg()[0];
const results = {};
if (only.has('startup')) results.startup = await startup(5);
if (only.has('small')) results.small = await typing(200, Math.min(edits, 20));
if (only.has('large')) results.large = await typing(10_000, edits);
if (only.has('workspace')) results.workspace = await workspaceTyping(workspaceFiles, edits);
if (only.has('workspace-start')) results.workspaceStart = await workspaceStart(workspaceFiles, 5);
if (only.has('index')) results.index = await indexing(indexLines);
const loadAfter = os.loadavg()[0];

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '');
// `early`: how many keystrokes' models the large-document thread had built during the debounce (largeDocuments.ts).
const engineOf = (r) => (r.engine.length ? `model ${median(r.engine.map((e) => e.model)).toFixed(0)}, rules ${median(r.engine.map((e) => e.rules)).toFixed(0)}, costs ${median(r.engine.map((e) => e.costs)).toFixed(0)} ms` +
  (r.engine.some((e) => e.early) ? `; ${r.engine.filter((e) => e.early).length} of ${r.engine.length} models built during the debounce${r.engine.some((e) => e.sent) ? `, ${r.engine.filter((e) => e.sent).length} also sent before the engine asked` : ''}` : '') +
  (r.engine.some((e) => e.modelSinceEdit !== undefined) ? `; after the edit the engine had the model at ${median(r.engine.filter((e) => e.modelSinceEdit !== undefined).map((e) => e.modelSinceEdit)).toFixed(0)} ms and the findings at ${median(r.engine.filter((e) => e.rulesSinceEdit !== undefined).map((e) => e.rulesSinceEdit)).toFixed(0)} ms` : '') : '');
const rows = [];
if (results.startup) {
  rows.push(['process start to first diagnostics (sample workspace, 1 open file)', ms(median(results.startup.first)), ms(quantile(results.startup.first, 0.95)), results.startup.first.length, '']);
  rows.push(['initialize to first diagnostics (the same runs)', ms(median(results.startup.fromInitialize)), ms(quantile(results.startup.fromInitialize, 0.95)), results.startup.fromInitialize.length, '']);
  rows.push(['start-up to workspace indexed (12 files)', ms(median(results.startup.indexed)), ms(quantile(results.startup.indexed, 0.95)), results.startup.indexed.length, '']);
}
for (const [key, label] of [['small', '200-line file'], ['large', '10,000-line file']]) {
  const r = results[key];
  if (!r) continue;
  if (key === 'large') rows.push([`open to first diagnostics, 10,000 lines (${Math.round(r.chars / 1024)} KiB)`, ms(r.open), '', 1, '']);
  rows.push([`keystroke to diagnostics, ${label}`, ms(median(r.keystroke)), ms(quantile(r.keystroke, 0.95)), r.keystroke.length, engineOf(r)]);
  rows.push([`hover after the edit, ${label}`, ms(median(r.hover)), ms(quantile(r.hover, 0.95)), r.hover.length, '']);
}
if (results.workspace) {
  const w = results.workspace;
  rows.push([`workspace of ${w.files} files (${w.lines} lines): process start to first diagnostics of an open file, while indexing`, ms(w.firstDiagnostics), '', 1, '']);
  rows.push([`the same: initialize to first diagnostics`, ms(w.firstFromInitialize), '', 1, '']);
  rows.push([`workspace of ${w.files} files: process start to indexed`, ms(w.indexed), '', 1, w.memory ? `peak ${w.memory.toFixed(0)} MB` : '']);
  rows.push([`workspace of ${w.files} files: keystroke to diagnostics, 200-line file`, ms(median(w.small.keystroke)), ms(quantile(w.small.keystroke, 0.95)), w.small.keystroke.length, engineOf(w.small)]);
  rows.push([`workspace of ${w.files} files: keystroke to diagnostics, 10,000-line file`, ms(median(w.large.keystroke)), ms(quantile(w.large.keystroke, 0.95)), w.large.keystroke.length, engineOf(w.large)]);
}
if (results.workspaceStart) {
  const w = results.workspaceStart;
  rows.push([`workspace of ${w.files} files (${w.lines} lines): process start to first diagnostics of an open file, while indexing`, ms(median(w.first)), ms(quantile(w.first, 0.95)), w.first.length, '']);
  rows.push([`the same: initialize to first diagnostics`, ms(median(w.fromInitialize)), ms(quantile(w.fromInitialize, 0.95)), w.fromInitialize.length, '']);
}
if (results.index) {
  const x = results.index;
  rows.push([`indexing ${x.lines} lines (${x.files} files): process start to ready${x.warm ? ', writing the model cache' : ''}`, `${x.seconds.toFixed(1)} s`, '', 1, x.memory ? `peak ${x.memory.toFixed(0)} MB` : '']);
  if (x.warm) rows.push([`indexing the same files again from the model cache (${x.warm.packMb.toFixed(1)} MB pack)`, `${x.warm.seconds.toFixed(1)} s`, '', 1, x.warm.memory ? `peak ${x.warm.memory.toFixed(0)} MB` : '']);
}
if (asJson) {
  console.log(JSON.stringify({ load, loadAfter, cpus: os.cpus().length, results }, null, 2));
} else {
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${load.toFixed(1)} at start, ${loadAfter.toFixed(1)} at the end; keystroke latency includes the 150 ms debounce`);
  console.log('| measurement | median | p95 | n | engine (medians) |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
