// Latency of the built language server (dist/server.js) as an editor sees it, over stdio with a real protocol
// client: start-up to first diagnostics on the sample workspace, keystroke-to-diagnostics on a 10,000-line file
// (median and p95 over 30 edits), and hover latency. Not a test: run `npm run build` first, then
// `node test/bench/lsp-latency.mjs [--edits N] [--json]`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = path.join(root, 'dist', 'server.js');
const workspace = path.join(root, 'test', 'fixtures', 'workspace');
const args = process.argv.slice(2);
const edits = Number(args[args.indexOf('--edits') + 1]) || 30;
const asJson = args.includes('--json');

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

/** A client that records diagnostics and statuses and answers the server's requests like an editor. */
async function startClient(folder) {
  const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  const published = new Map();
  let ready = false;
  const check = () => {
    for (const w of [...waiters]) if (w.test()) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  };
  connection.onNotification('textDocument/publishDiagnostics', (p) => { published.set(p.uri, p); check(); });
  connection.onNotification('asynclens/status', (s) => { if (s.state === 'ready') ready = true; check(); });
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('$/progress', () => undefined);
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.listen();
  const until = (test) => new Promise((resolve) => { waiters.push({ test, resolve }); check(); });
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folder ? pathToFileURL(folder).href : null,
    workspaceFolders: folder ? [{ uri: pathToFileURL(folder).href, name: path.basename(folder) }] : null,
    capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } }, window: { workDoneProgress: true } },
  });
  void connection.sendNotification('initialized', {});
  return {
    connection,
    open: (uri, text) => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'csharp', version: 1, text } }),
    change: (uri, version, changes) => connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes }),
    diagnosticsOf: (uri, version) => until(() => published.has(uri) && (version === undefined || published.get(uri).version === version)),
    ready: () => until(() => ready),
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      void connection.sendNotification('exit');
      await new Promise((r) => { child.once('exit', r); setTimeout(() => { child.kill('SIGKILL'); r(); }, 3000); });
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
      '        if (first > 10) return first + name.Length;', '        await Task.Yield();', '        var pending = Task.FromResult(first);',
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
  const indexed = [];
  const file = path.join(workspace, 'Catalog', 'HttpCatalogClient.cs');
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  for (let r = 0; r < runs; r++) {
    const t0 = now();
    const client = await startClient(workspace);
    client.open(uri, text);
    await client.diagnosticsOf(uri);
    first.push(now() - t0);
    await client.ready();
    indexed.push(now() - t0);
    await client.stop();
  }
  return { first, indexed };
}

async function typing(lines, count) {
  const client = await startClient(null);
  const uri = `untitled:Generated${lines}.cs`;
  const text = generatedFile(lines);
  const t0 = now();
  client.open(uri, text);
  await client.diagnosticsOf(uri, 1);
  const open = now() - t0;
  const keystroke = [];
  const hover = [];
  const textLines = text.split('\n');
  for (let k = 0; k < count; k++) {
    // Type one character into a different method each time, spread over the file.
    const line = 4 + Math.floor(((k * 7919) % Math.floor(lines / 9 - 2))) * 9 + 3;
    const character = textLines[line].indexOf('10');
    const version = k + 2;
    const t = now();
    client.change(uri, version, [{ range: { start: { line, character }, end: { line, character } }, text: '1' }]);
    await client.diagnosticsOf(uri, version);
    keystroke.push(now() - t);
    const h = now();
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: line - 3, character: 30 } });
    hover.push(now() - h);
  }
  await client.stop();
  return { open, keystroke, hover, chars: text.length };
}

const load = os.loadavg()[0];
const results = {
  startup: await startup(5),
  small: await typing(200, Math.min(edits, 20)),
  large: await typing(10_000, edits),
};

const ms = (x) => `${x.toFixed(0)} ms`;
const rows = [
  ['start-up to first diagnostics (sample workspace, 1 open file)', ms(median(results.startup.first)), ms(quantile(results.startup.first, 0.95)), results.startup.first.length],
  ['start-up to workspace indexed (12 files)', ms(median(results.startup.indexed)), ms(quantile(results.startup.indexed, 0.95)), results.startup.indexed.length],
  [`open to first diagnostics, 10,000 lines (${Math.round(results.large.chars / 1024)} KiB)`, ms(results.large.open), '', 1],
  ['keystroke to diagnostics, 200-line file', ms(median(results.small.keystroke)), ms(quantile(results.small.keystroke, 0.95)), results.small.keystroke.length],
  ['keystroke to diagnostics, 10,000-line file', ms(median(results.large.keystroke)), ms(quantile(results.large.keystroke, 0.95)), results.large.keystroke.length],
  ['hover after the edit, 200-line file', ms(median(results.small.hover)), ms(quantile(results.small.hover, 0.95)), results.small.hover.length],
  ['hover after the edit, 10,000-line file', ms(median(results.large.hover)), ms(quantile(results.large.hover, 0.95)), results.large.hover.length],
];
if (asJson) {
  console.log(JSON.stringify({ load, cpus: os.cpus().length, results }, null, 2));
} else {
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${load.toFixed(1)} at start; keystroke latency includes the 150 ms debounce`);
  console.log('| measurement | median | p95 | n |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
