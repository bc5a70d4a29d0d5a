// How much of the analysis of real repositories rests on guesses, with and without the API signature database:
// the share of cost rows with an assumption (`estimate` true or `assumptions` non-empty) and the findings whose
// message or note says a type was guessed from a name. Runs the built CLI (npm run build first) twice per
// repository, once with ASYNCLENS_SIGNATURES=off, and prints a markdown table.
//
// Usage: node test/bench/typing-coverage.mjs [--out DIR] [--cli FILE] REPOSITORY...
// (--cli runs a copy of dist/cli.js, so the worktree can be rebuilt while it runs.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? null : args.splice(i, 2)[1];
};
const outDir = option('--out');
const cli = path.resolve(option('--cli') ?? path.join(root, 'dist', 'cli.js'));
if (!args.length) {
  console.error('usage: node test/bench/typing-coverage.mjs [--out DIR] [--cli FILE] REPOSITORY...');
  process.exit(2);
}
if (!fs.existsSync(cli)) {
  console.error(`${cli} is missing: run npm run build first`);
  process.exit(2);
}
if (outDir) fs.mkdirSync(outDir, { recursive: true });

// The phrases the rules use when a type comes from a name rather than a declaration.
const NAME_GUESS = /taken for a|suggests|naming convention/;

function run(command, repository, signatures) {
  const r = spawnSync(process.execPath, [cli, ...command, '--format', 'json', repository], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, ASYNCLENS_SIGNATURES: signatures ? 'on' : 'off' },
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${command[0]} ${repository} exited ${r.status}: ${r.stderr}`);
  if (outDir) fs.writeFileSync(path.join(outDir, `${path.basename(repository)}.${command[0]}.${signatures ? 'on' : 'off'}.json`), r.stdout);
  return JSON.parse(r.stdout);
}

const rows = [];
const totals = { off: { rows: 0, assumed: 0, findings: 0, guessed: 0 }, on: { rows: 0, assumed: 0, findings: 0, guessed: 0 } };
for (const repository of args) {
  const line = { name: path.basename(repository) };
  for (const mode of ['off', 'on']) {
    const cost = run(['cost'], repository, mode === 'on');
    const check = run(['check', '--enable', 'all'], repository, mode === 'on');
    const assumed = cost.methods.filter((m) => m.estimate || m.assumptions.length > 0).length;
    const guessed = check.findings.filter((f) => NAME_GUESS.test(`${f.message} ${f.note ?? ''}`)).length;
    line[mode] = { rows: cost.methods.length, assumed, findings: check.findings.length, guessed };
    for (const k of Object.keys(totals[mode])) totals[mode][k] += line[mode][k];
  }
  rows.push(line);
  process.stderr.write(`${line.name} done\n`);
}
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
console.log('| repository | cost rows | with an assumption, without → with signatures | findings without → with | guessed from a name, without → with |');
console.log('|---|---:|---:|---:|---:|');
for (const r of [...rows, { name: '**total**', ...totals }]) {
  console.log(`| ${r.name} | ${r.on.rows} | ${r.off.assumed} (${pct(r.off.assumed, r.off.rows)}) → ${r.on.assumed} (${pct(r.on.assumed, r.on.rows)}) | ${r.off.findings} → ${r.on.findings} | ${r.off.guessed} → ${r.on.guessed} |`);
}
