// What the API signature database adds to the first analysis: the CLI checking one file, each run a new process,
// with the database (read on the first question about a type) and without it (ASYNCLENS_SIGNATURES=off), runs
// alternating; and, inside one process, the time to read and index the file. Build first (npm run build).
//
// Usage: node test/bench/signature-load.mjs [--runs N] [FILE.cs]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 15 : Number(args.splice(runsAt, 2)[1]);
const file = path.resolve(args[0] ?? path.join(root, 'test', 'fixtures', 'workspace', 'Catalog', 'HttpCatalogClient.cs'));
const cli = path.join(root, 'dist', 'cli.js');
if (!fs.existsSync(cli) || !fs.existsSync(path.join(root, 'dist', 'signatures.txt'))) {
  console.error('dist/cli.js or dist/signatures.txt is missing: run npm run build first');
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`no such file: ${file}`);
  process.exit(2);
}

function timeCheck(signatures) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, 'check', '--enable', 'all', '--format', 'json', file], {
    encoding: 'utf8',
    env: { ...process.env, ASYNCLENS_SIGNATURES: signatures },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr}`);
  return ms;
}

// In-process: read and index the database the way host/signatures.ts and signatures/database.ts do.
const loader = `
const fs = require('fs');
const start = process.hrtime.bigint();
const text = fs.readFileSync(${JSON.stringify(path.join(root, 'dist', 'signatures.txt'))}, 'utf8');
const read = process.hrtime.bigint();
const { parseSignatureDatabase } = require(${JSON.stringify(path.join(root, 'out', 'signature-load-probe.js'))});
const loaded = process.hrtime.bigint();
const db = parseSignatureDatabase(text);
const parsed = process.hrtime.bigint();
console.log(JSON.stringify({ read: Number(read - start) / 1e6, parse: Number(parsed - loaded) / 1e6, types: db.typeCount }));
`;
const probe = path.join(root, 'out', 'signature-load-probe.js');
const esbuild = await import('esbuild');
await esbuild.build({ entryPoints: [path.join(root, 'server', 'src', 'signatures', 'database.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: probe, logLevel: 'warning' });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const on = [];
const off = [];
const reads = [];
const parses = [];
timeCheck('on'); // warm the file system cache
for (let i = 0; i < runs; i++) {
  off.push(timeCheck('off'));
  on.push(timeCheck('on'));
  const r = spawnSync(process.execPath, ['-e', loader], { encoding: 'utf8' });
  const m = JSON.parse(r.stdout);
  reads.push(m.read);
  parses.push(m.parse);
}
fs.rmSync(probe, { force: true });
const f = (x) => `${x.toFixed(0)} ms`;
console.log(`| measurement (${runs} runs, median) | time |`);
console.log('|---|---:|');
console.log(`| \`check\` of ${path.relative(root, file)}, database off | ${f(median(off))} |`);
console.log(`| the same, database on | ${f(median(on))} |`);
console.log(`| added by the database (difference of the medians) | ${f(median(on) - median(off))} |`);
console.log(`| reading dist/signatures.txt | ${f(median(reads))} |`);
console.log(`| indexing it (parseSignatureDatabase) | ${f(median(parses))} |`);
