// What the API signature database adds to the first analysis: the CLI checking one file, each run a new process,
// with the database (opened on the first question about a type) and without it (ASYNCLENS_SIGNATURES=off), runs
// alternating, wall and CPU time; the language server (dist/server.js over stdio, a new process each run) from
// start to the first diagnostics of the same file opened in its folder, with and without the database, alternating;
// and, in a new process, the time to open the file and read its index, and then one type's members. Build first
// (npm run build). `--dist DIR` measures the bundles in another build's dist folder (a baseline built from an
// older commit), with this script, so that two builds are compared by the same measurement.
//
// Usage: node test/bench/signature-load.mjs [--runs N] [--dist DIR] [FILE.cs]
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 15 : Number(args.splice(runsAt, 2)[1]);
const distAt = args.indexOf('--dist');
const dist = distAt === -1 ? path.join(root, 'dist') : path.resolve(args.splice(distAt, 2)[1]);
const file = path.resolve(args[0] ?? path.join(root, 'test', 'fixtures', 'workspace', 'Catalog', 'HttpCatalogClient.cs'));
const cli = path.join(dist, 'cli.js');
if (!fs.existsSync(cli) || !fs.existsSync(path.join(dist, 'signatures.txt'))) {
  console.error(`${path.relative(root, dist)}/cli.js or signatures.txt is missing: run npm run build first`);
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`no such file: ${file}`);
  process.exit(2);
}

// The CPU time (user + system) of each CLI process, which other jobs on the machine disturb far less than the
// wall time: a preloaded module prints it on exit.
const cpuProbe = path.join(root, 'out', 'signature-load-cpu.cjs');
fs.mkdirSync(path.dirname(cpuProbe), { recursive: true });
fs.writeFileSync(cpuProbe, "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\ncpu-ms ${(u.user + u.system) / 1000}\\n`); });\n");

function timeCheck(signatures) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', cpuProbe, cli, 'check', '--enable', 'all', '--format', 'json', file], {
    encoding: 'utf8',
    env: { ...process.env, ASYNCLENS_SIGNATURES: signatures },
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr}`);
  const cpu = Number(/cpu-ms ([\d.]+)/.exec(r.stderr)?.[1]);
  return { wall, cpu };
}

// In a new process: open the database and read its index the way the hosts do (host/signatures.ts), then answer
// one question that reads a member block.
const loader = `
const start = process.hrtime.bigint();
const { signatureFileAt, parseSignatureDatabase } = require(${JSON.stringify(path.join(root, 'out', 'signature-load-probe.js'))});
const loaded = process.hrtime.bigint();
const db = parseSignatureDatabase(signatureFileAt(${JSON.stringify(path.join(dist, 'signatures.txt'))}));
const parsed = process.hrtime.bigint();
db.membersOf(db.type('System.Net.Http.HttpClient'));
const asked = process.hrtime.bigint();
console.log(JSON.stringify({ index: Number(parsed - loaded) / 1e6, first: Number(asked - parsed) / 1e6, types: db.typeCount }));
`;
const probe = path.join(root, 'out', 'signature-load-probe.js');
const probeEntry = path.join(root, 'out', 'signature-load-probe-entry.ts');
fs.mkdirSync(path.dirname(probe), { recursive: true });
fs.writeFileSync(probeEntry, `export { signatureFileAt } from '../server/src/host/signatures';\nexport { parseSignatureDatabase } from '../server/src/signatures/database';\n`);
const esbuild = await import('esbuild');
await esbuild.build({ entryPoints: [probeEntry], bundle: true, platform: 'node', format: 'cjs', outfile: probe, logLevel: 'warning' });
fs.rmSync(probeEntry, { force: true });

/**
 * The CPU time (user + system, all threads) a process has used so far, from /proc on Linux; NaN elsewhere. The
 * server's threads run the analysis, so this is what the database costs it, whatever else the machine runs.
 */
function processCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / clockTicks;
  } catch {
    return NaN;
  }
}
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * The language server as an editor starts it: initialize with the file's folder as the workspace, open the file,
 * and wait for its first published diagnostics. Returns the milliseconds from spawning the process to them, and the
 * CPU time the process had used by then.
 */
async function timeFirstDiagnostics(signatures) {
  const require = createRequire(import.meta.url);
  const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
  const start = performance.now();
  const child = spawn(process.execPath, [path.join(dist, 'server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...process.env, ASYNCLENS_SIGNATURES: signatures },
  });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const uri = pathToFileURL(file).href;
  const published = new Promise((resolve) => connection.onNotification('textDocument/publishDiagnostics', (p) => { if (p.uri === uri) resolve(); }));
  for (const n of ['asynclens/status', 'window/logMessage', '$/progress']) connection.onNotification(n, () => undefined);
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  for (const r of ['client/registerCapability', 'window/workDoneProgress/create', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) connection.onRequest(r, () => null);
  connection.listen();
  const folder = path.dirname(file);
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: path.basename(folder) }],
    capabilities: { workspace: { configuration: true }, window: { workDoneProgress: true } },
  });
  void connection.sendNotification('initialized', {});
  void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'csharp', version: 1, text: fs.readFileSync(file, 'utf8') } });
  await published;
  const elapsed = performance.now() - start;
  const cpu = processCpuMs(child.pid);
  await connection.sendRequest('shutdown').catch(() => undefined);
  void connection.sendNotification('exit');
  await new Promise((r) => { child.once('exit', r); setTimeout(() => { child.kill('SIGKILL'); r(); }, 3000); });
  connection.dispose();
  return { wall: elapsed, cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lspOn = { wall: [], cpu: [] };
const lspOff = { wall: [], cpu: [] };
await timeFirstDiagnostics('on'); // warm the file system cache
for (let i = 0; i < runs; i++) {
  for (const [list, mode] of [[lspOff, 'off'], [lspOn, 'on']]) {
    const t = await timeFirstDiagnostics(mode);
    list.wall.push(t.wall);
    list.cpu.push(t.cpu);
  }
}
const on = { wall: [], cpu: [] };
const off = { wall: [], cpu: [] };
const indexes = [];
const firsts = [];
timeCheck('on'); // warm the file system cache
for (let i = 0; i < runs; i++) {
  for (const [list, mode] of [[off, 'off'], [on, 'on']]) {
    const t = timeCheck(mode);
    list.wall.push(t.wall);
    list.cpu.push(t.cpu);
  }
  const r = spawnSync(process.execPath, ['-e', loader], { encoding: 'utf8' });
  const m = JSON.parse(r.stdout);
  indexes.push(m.index);
  firsts.push(m.first);
}
fs.rmSync(probe, { force: true });
fs.rmSync(cpuProbe, { force: true });
const f = (x) => `${x.toFixed(0)} ms`;
console.log(`| measurement (${runs} runs each, median) | wall | CPU |`);
console.log('|---|---:|---:|');
console.log(`| \`check\` of ${path.relative(root, file)}, database off | ${f(median(off.wall))} | ${f(median(off.cpu))} |`);
console.log(`| the same, database on | ${f(median(on.wall))} | ${f(median(on.cpu))} |`);
console.log(`| added by the database (difference of the medians) | ${f(median(on.wall) - median(off.wall))} | ${f(median(on.cpu) - median(off.cpu))} |`);
console.log(`| language server: start to first diagnostics of the file, database off | ${f(median(lspOff.wall))} | ${f(median(lspOff.cpu))} |`);
console.log(`| the same, database on | ${f(median(lspOn.wall))} | ${f(median(lspOn.cpu))} |`);
console.log(`| added by the database to the first diagnostics (difference of the medians) | ${f(median(lspOn.wall) - median(lspOff.wall))} | ${f(median(lspOn.cpu) - median(lspOff.cpu))} |`);
console.log(`| opening dist/signatures.txt and reading its index | ${f(median(indexes))} | |`);
console.log(`| then the members of HttpClient (one block read and parsed) | ${median(firsts).toFixed(1)} ms | |`);
