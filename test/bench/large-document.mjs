// Time to first diagnostics for one very large open document (3 MB by default), and to diagnostics after a
// keystroke in it, as an editor sees them over stdio. Not a test: run `npm run build` first, then
// `node test/bench/large-document.mjs [--mb 3] [--edits 5]`. The document is the generated C# of
// test/bench/lsp-latency.mjs (classes of async methods with awaits and blocking waits), repeated to the size.
// --server FILE measures another build (a checkout of an older commit, built) side by side; --runs N starts N
// servers one after another and reports medians; --cpu-prof DIR writes a V8 CPU profile of every thread of the
// server (node --cpu-prof) into DIR. The server's CPU time (user + system, all threads) is read from /proc where
// there is one, from the server's start to the end of the last keystroke, and at the first diagnostics.
// --save-diagnostics FILE writes the first diagnostics published for the document (JSON), to compare two builds'.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
/** --server FILE measures another build's server bundle (a baseline side by side). */
const server = args.includes('--server') ? path.resolve(args[args.indexOf('--server') + 1]) : path.join(root, 'dist', 'server.js');
const flag = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const megabytes = flag('--mb', 3);
const edits = flag('--edits', 5);
/** --verbose prints the engine's own timings of each analysis (parse and model, rules, costs). */
const verbose = args.includes('--verbose');
const runs = flag('--runs', 1);
const profileDir = args.includes('--cpu-prof') ? path.resolve(args[args.indexOf('--cpu-prof') + 1]) : null;
const saveDiagnostics = args.includes('--save-diagnostics') ? path.resolve(args[args.indexOf('--save-diagnostics') + 1]) : null;

if (!fs.existsSync(server)) {
  console.error('dist/server.js is missing: run npm run build first');
  process.exit(2);
}

/** Classes of async methods until the text reaches `bytes` characters. */
function generatedText(bytes) {
  const out = ['using System;', 'using System.Threading.Tasks;', 'namespace Generated;', ''];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const lines = [];
    if (i % 20 === 0) {
      if (i) lines.push('}', '');
      lines.push(`public sealed class Client${i / 20}`, '{');
    }
    lines.push(`    public async Task<int> Call${i}Async(int id, string name)`, '    {', `        var first = await Task.Run(() => id + ${i});`,
      '        if (first > 10) return first + name.Length;', '        await Task.Yield();', '        var pending = Task.Run(() => first);',
      '        return pending.Result + first;', '    }', '');
    for (const l of lines) size += l.length + 1;
    out.push(...lines);
  }
  out.push('}', '');
  return out.join('\n');
}

// --write FILE only writes the generated document (for test/bench/document-steps.ts) and exits.
if (args.includes('--write')) {
  fs.writeFileSync(args[args.indexOf('--write') + 1], generatedText(megabytes * 1024 * 1024));
  process.exit(0);
}

async function session() {
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ASYNCLENS_MODEL_CACHE: 'off' } });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map();
  const waiters = [];
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p);
    for (const w of [...waiters]) if (w.test(p)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(p); }
  });
  for (const n of ['$/progress', 'asynclens/status']) connection.onNotification(n, () => undefined);
  connection.onNotification('window/logMessage', (m) => { if (verbose && /^analysed /.test(m.message)) console.log(m.message); });
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => (verbose ? { trace: { server: 'verbose' } } : {})));
  for (const r of ['client/registerCapability', 'window/workDoneProgress/create', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) connection.onRequest(r, () => null);
  connection.listen();
  const diagnosticsOf = (uri, version) => new Promise((resolve) => waiters.push({ test: (p) => p.uri === uri && p.version === version, resolve }));

  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: { workspace: { configuration: true } } });
  void connection.sendNotification('initialized', {});

  const uri = 'untitled:Large.cs';
  const text = generatedText(megabytes * 1024 * 1024);
  const lines = text.split('\n');
  const t0 = performance.now();
  void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'csharp', version: 1, text } });
  const first = await diagnosticsOf(uri, 1);
  const open = performance.now() - t0;
  const openCpu = cpuSecondsOf(child.pid);
  if (saveDiagnostics) fs.writeFileSync(saveDiagnostics, `${JSON.stringify(first.diagnostics, null, 1)}\n`);
  const keystrokes = [];
  for (let k = 0; k < edits; k++) {
    // One character typed into a method spread over the file.
    const line = Math.floor(((k + 1) / (edits + 1)) * lines.length);
    const at = lines.findIndex((l, i) => i >= line && l.includes('var first'));
    const version = k + 2;
    const started = performance.now();
    void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line: at, character: 8 }, end: { line: at, character: 8 } }, text: ' ' }] });
    await diagnosticsOf(uri, version);
    keystrokes.push(performance.now() - started);
  }
  const cpu = cpuSecondsOf(child.pid);
  await connection.sendRequest('shutdown').catch(() => undefined);
  void connection.sendNotification('exit');
  await new Promise((resolve) => { child.once('exit', resolve); setTimeout(() => { child.kill(); resolve(); }, 10_000).unref(); });
  connection.dispose();
  return { text, lines, open, openCpu, keystrokes, findings: first.diagnostics.length, cpu };
}

/** User + system CPU seconds of a process so far (all its threads), or null without /proc. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (let r = 0; r < runs; r++) {
  const result = await session();
  results.push(result);
  if (runs > 1) console.log(`run ${r + 1}: open ${(result.open / 1000).toFixed(2)} s, keystrokes ${result.keystrokes.map((k) => (k / 1000).toFixed(2)).join(' ')} s, server CPU ${result.openCpu ?? '?'} s at first diagnostics, ${result.cpu ?? '?'} s in all, load average ${os.loadavg()[0].toFixed(1)}`);
}
const { text, lines, findings } = results[0];
const keystrokes = results.flatMap((r) => r.keystrokes);
const cpus = results.map((r) => r.cpu).filter((c) => c !== null);
const openCpus = results.map((r) => r.openCpu).filter((c) => c !== null);
console.log(`| document | open to first diagnostics (median of ${runs}) | server CPU at first diagnostics (median) | keystroke to diagnostics (median of ${keystrokes.length}) | server CPU, whole session (median) | findings |`);
console.log('|---|---:|---:|---:|---:|---:|');
console.log(`| ${(text.length / 1024 / 1024).toFixed(2)} MB, ${lines.length.toLocaleString('en-US')} lines | ${(median(results.map((r) => r.open)) / 1000).toFixed(2)} s | ${openCpus.length ? `${median(openCpus).toFixed(1)} s` : '-'} | ${keystrokes.length ? `${(median(keystrokes) / 1000).toFixed(2)} s` : '-'} | ${cpus.length ? `${median(cpus).toFixed(1)} s` : '-'} | ${findings} |`);
console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
