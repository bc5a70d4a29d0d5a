// Measures `asynclens check` on a generated corpus against parsing alone (the floor set by tree-sitter), on one
// thread and on every core. Run after `npm run build`:
//   node test/bench/cli-throughput.mjs [--lines 50000] [--runs 5] [--lines-per-file 500] [--threads 1,auto]
//                                      [--cli dist/cli.js] [--unique-names] [--warm]
// `--threads default` passes no --threads option (for builds older than the option, such as the one before worker threads).
// Every run models every file (ASYNCLENS_MODEL_CACHE=off, which older builds ignore); `--warm` adds runs that reuse
// the models of a first run from a cache folder of their own (cli/modelCache.ts): a second check of unchanged files.
// Whole processes, process start to exit, JSON to a file. Each check run is measured with /usr/bin/time when it is
// there: wall time, CPU time (user + system, every thread) and peak memory (the largest resident set). The parse-only
// baseline runs in this process, warm, one thread, in the same run. Medians of --runs. Nothing is asserted.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { generateCorpus } from './corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
// The first two positional numbers are still read as lines and runs, as the script once took them.
const positional = args.filter((a, i) => /^\d+$/.test(a) && !(i > 0 && args[i - 1].startsWith('--')));
const lines = Number(option('--lines', positional[0] ?? 50000));
const runs = Number(option('--runs', positional[1] ?? 5));
const linesPerFile = Number(option('--lines-per-file', 500));
const threadSettings = option('--threads', '1,auto').split(',');
const warm = args.includes('--warm');
const cacheDir = warm ? fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-bench-cache-')) : null;
const cli = path.resolve(option('--cli', path.join(root, 'dist', 'cli.js')));
const uniqueNames = args.includes('--unique-names');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-bench-'));
const corpus = generateCorpus(dir, lines, linesPerFile);
if (uniqueNames) {
  // Every file's types and interfaces get names of their own (the corpus otherwise repeats Order, IOrderRepository...).
  for (const f of fs.readdirSync(dir)) {
    const n = /(\d+)/.exec(f)[1];
    const file = path.join(dir, f);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\b(Order|IOrderRepository|IPingClient)\b/g, `$1_${n}`));
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hasTime = fs.existsSync('/usr/bin/time');

// Parsing alone, in one warm process: load the grammar, parse every file, delete every tree.
const { Parser, Language } = require('web-tree-sitter');
await Parser.init({ locateFile: () => path.join(root, 'dist', 'web-tree-sitter.wasm') });
const language = await Language.load(path.join(root, 'dist', 'tree-sitter-c_sharp.wasm'));
const parser = new Parser();
parser.setLanguage(language);
const texts = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
const parseTimes = [];
for (let r = 0; r < runs + 1; r++) {
  const t0 = performance.now();
  for (const t of texts) parser.parse(t).delete();
  if (r > 0) parseTimes.push(performance.now() - t0);
}

// The whole CLI as a user runs it.
const results = [];
const loadBefore = os.loadavg()[0];
let findings = null;
const settings = [...threadSettings.map((threads) => ({ threads, cached: false })), ...(warm ? threadSettings.map((threads) => ({ threads, cached: true })) : [])];
for (const { threads, cached } of settings) {
  const env = cached ? { ...process.env, ASYNCLENS_CACHE_DIR: cacheDir, ASYNCLENS_MODEL_CACHE: 'on' } : { ...process.env, ASYNCLENS_MODEL_CACHE: 'off' };
  // The first run with the cache fills it; the measured ones find every model there.
  if (cached) spawnSync(process.execPath, [cli, 'check', '--enable', 'all', '--format', 'json', dir], { stdio: 'ignore', env });
  const wall = [];
  const cpu = [];
  const memory = [];
  for (let r = 0; r < runs; r++) {
    const out = path.join(dir, '..', `${path.basename(dir)}.json`);
    const command = [cli, 'check', '--enable', 'all', '--format', 'json', ...(threads === 'default' ? [] : ['--threads', threads]), dir];
    const t0 = performance.now();
    const p = hasTime
      ? spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', `${out}.time`, process.execPath, ...command], { stdio: ['ignore', fs.openSync(out, 'w'), 'ignore'], env })
      : spawnSync(process.execPath, command, { stdio: ['ignore', fs.openSync(out, 'w'), 'ignore'], env });
    wall.push(performance.now() - t0);
    if (p.status !== 0 && p.status !== 1) throw new Error(`check failed with status ${p.status}`);
    if (hasTime) {
      const [user, sys, kb] = fs.readFileSync(`${out}.time`, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      cpu.push((user + sys) * 1000);
      memory.push(kb / 1024);
      fs.rmSync(`${out}.time`);
    }
    if (findings === null) findings = JSON.parse(fs.readFileSync(out, 'utf8')).findings.length;
    fs.rmSync(out);
  }
  results.push({ threads, cached, wall: median(wall), cpu: cpu.length ? median(cpu) : null, memory: memory.length ? median(memory) : null });
}
const loadAfter = os.loadavg()[0];
const parseMs = median(parseTimes);
console.log(`corpus: ${corpus.files} files, ${corpus.lines} lines (${(texts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(2)} MB)${uniqueNames ? ', unique type names' : ''}; ${findings} findings`);
console.log(`node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after; medians of ${runs}`);
console.log('| measurement | wall | CPU (user + system) | peak memory | wall / parse only |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| parse only (warm, in-process, one thread) | ${parseMs.toFixed(0)} ms | | | 1.0 |`);
for (const r of results) {
  console.log(`| asynclens check --enable all, ${r.threads === 'default' ? 'no --threads option' : `--threads ${r.threads}`}${r.cached ? ', unchanged files (models from the cache)' : ''} (whole process) | ${r.wall.toFixed(0)} ms | ${r.cpu === null ? '' : `${r.cpu.toFixed(0)} ms`} | ${r.memory === null ? '' : `${r.memory.toFixed(0)} MB`} | ${(r.wall / parseMs).toFixed(1)} |`);
}
fs.rmSync(dir, { recursive: true, force: true });
if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
