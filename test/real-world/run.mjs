#!/usr/bin/env node
// Runs AsyncLens on the open-source repositories listed in test/real-world/repos.json, checked out at the recorded
// commits under one folder, and prints what test/real-world/README.md reports: findings per rule (production and
// test code), async bodies analysed against the compiler's own parser (the oracle), and cost rows with an
// assumption. Not part of `npm test`: the repositories are not in this project.
//
// Usage: node test/real-world/run.mjs --root DIR [--out DIR] [--oracle] [--only NAME,NAME]
//   --root    the folder holding one checkout per repository, named as in repos.json
//   --out     where the JSON outputs go (default: a temp folder); the summary goes to stdout
//   --oracle  also run the Roslyn oracle (test/real-world/oracle, needs dotnet) and compare async bodies
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const cli = path.join(repoRoot, 'dist', 'cli.js');

function arg(name) {
  const i = process.argv.indexOf(name);
  return i === -1 ? null : process.argv[i + 1];
}

const root = arg('--root');
if (!root) {
  console.error('usage: node test/real-world/run.mjs --root DIR [--out DIR] [--oracle] [--only NAME,NAME]');
  process.exit(2);
}
const out = arg('--out') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-real-world-'));
fs.mkdirSync(out, { recursive: true });
const only = arg('--only')?.split(',') ?? null;
const repos = JSON.parse(fs.readFileSync(path.join(here, 'repos.json'), 'utf8')).filter((r) => !only || only.includes(r.name));

/** Test code as the analysis decides it (the finding's `testCode`: a test project, or test attributes in the file). */
const isTestCode = (finding) => finding.testCode === true;

function runJson(args, cwd) {
  // Without the model cache: every run models every file, so its timings compare with other runs'.
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ASYNCLENS_MODEL_CACHE: 'off' } });
  if (r.status !== 0 && r.status !== 1) throw new Error(`asynclens ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * The async bodies the compiler's parser finds, with each file parsed under the preprocessing symbols of the project
 * that owns it (the deepest project folder holding it, as `asynclens projects` evaluates them), so both sides see the
 * same `#if` branches.
 */
function oracleBodies(name, dir) {
  const project = path.join(here, 'oracle');
  const dll = path.join(project, 'bin', 'Release', 'net10.0', 'asynclens-oracle.dll');
  if (!fs.existsSync(dll)) execFileSync('dotnet', ['build', '-c', 'Release', project], { stdio: 'ignore' });
  const projects = runJson(['projects', '--format', 'json', '.'], dir).projects
    .map((p) => ({ folder: path.posix.dirname(p.project), symbols: p.preprocessorSymbols.join(';') }))
    .sort((a, b) => b.folder.length - a.folder.length);
  const files = execFileSync('git', ['ls-files', '*.cs'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean);
  const bySymbols = new Map();
  for (const file of files) {
    const owner = projects.find((p) => p.folder === '.' || file.startsWith(`${p.folder}/`));
    const symbols = owner?.symbols ?? 'RELEASE;TRACE';
    if (!bySymbols.has(symbols)) bySymbols.set(symbols, []);
    bySymbols.get(symbols).push(file);
  }
  const lines = [];
  for (const [symbols, group] of bySymbols) {
    const r = spawnSync('dotnet', [dll, '--define', symbols], { cwd: dir, input: group.join('\n'), encoding: 'utf8', maxBuffer: 1 << 30 });
    lines.push(...r.stdout.split('\n').filter(Boolean));
  }
  fs.writeFileSync(path.join(out, `${name}.oracle.jsonl`), lines.join('\n') + '\n');
  return lines.map((l) => JSON.parse(l));
}

const totals = { analysed: 0, declared: 0, rows: 0, assumed: 0 };
const byRule = new Map();
for (const repo of repos) {
  const dir = path.join(root, repo.name);
  if (!fs.existsSync(dir)) {
    console.log(`${repo.name}: not found under ${root}, skipped`);
    continue;
  }
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const started = Date.now();
  const check = runJson(['check', '--enable', 'all', '--format', 'json', '.'], dir);
  const seconds = (Date.now() - started) / 1000;
  const cost = runJson(['cost', '--format', 'json', '.'], dir);
  fs.writeFileSync(path.join(out, `${repo.name}.check.json`), JSON.stringify(check));
  fs.writeFileSync(path.join(out, `${repo.name}.cost.json`), JSON.stringify(cost));
  const counts = new Map();
  for (const f of check.findings) {
    const key = `${f.ruleId} ${isTestCode(f) ? 'test' : 'prod'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    byRule.set(key, (byRule.get(key) ?? 0) + 1);
  }
  const assumed = cost.methods.filter((m) => m.estimate || m.assumptions.length > 0).length;
  totals.rows += cost.methods.length;
  totals.assumed += assumed;
  let coverage = '';
  if (process.argv.includes('--oracle')) {
    const analysed = new Set(cost.methods.filter((m) => m.kind === 'method' || m.kind === 'localFunction').map((m) => `${m.file}:${m.line}`));
    let declared = 0;
    let found = 0;
    for (const o of oracleBodies(repo.name, dir)) {
      for (const b of o.bodies ?? []) {
        if (b.kind !== 'method' && b.kind !== 'localFunction') continue;
        declared++;
        if (analysed.has(`${o.file}:${b.line}`)) found++;
      }
    }
    totals.declared += declared;
    totals.analysed += found;
    coverage = `, async methods analysed ${found}/${declared} (${(100 * found / Math.max(1, declared)).toFixed(2)} %)`;
  }
  const rules = [...counts.entries()].sort().map(([k, v]) => `${k} ${v}`).join(', ');
  const suppressed = Array.isArray(check.suppressed) ? check.suppressed.length : check.suppressed;
  console.log(`${repo.name} @ ${head.slice(0, 12)}${head === repo.commit ? '' : ` (expected ${repo.commit.slice(0, 12)})`}: ${check.filesAnalyzed} files, ${check.findings.length} findings [${rules}], ${suppressed} suppressed, ${check.skippedMethods.length} skipped methods, cost rows with an assumption ${assumed}/${cost.methods.length}${coverage}, check ${seconds.toFixed(1)} s`);
}
console.log(`\ntotal: findings by rule ${[...byRule.entries()].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`cost rows with an assumption: ${totals.assumed}/${totals.rows} (${(100 * totals.assumed / Math.max(1, totals.rows)).toFixed(1)} %)`);
if (totals.declared) console.log(`async methods analysed: ${totals.analysed}/${totals.declared} (${(100 * totals.analysed / totals.declared).toFixed(2)} %)`);
console.log(`outputs: ${out}`);
