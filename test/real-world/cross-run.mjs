#!/usr/bin/env node
// The cross-run: every change to a rule is judged by what it does to the findings on real code nobody here wrote.
// cross-run.json lists the repositories (and the commit each was checked out at) that the sessions compare over.
//
//   node test/real-world/cross-run.mjs run --root DIR --out OUT [--cli dist/cli.js] [--only A,B] [--jobs 2]
//       runs `check --enable all --format json --no-cache` on every listed repository found under DIR
//       (DIR/<name>), writing OUT/<name>.json; a repository checked out at another commit is named in a warning.
//   node test/real-world/cross-run.mjs compare OLD NEW [--show]
//       findings added and removed per repository, keyed by rule, file, line and message, and severity moves.
//   node test/real-world/cross-run.mjs extract --git GITDIR --name NAME --root DIR
//       writes the HEAD tree of a git directory (a clone or a bare snapshot of a listed repository) to DIR/NAME, keeping
//       what the analysis reads (C#, Razor, project and build files, .editorconfig, global.json, key files) and
//       skipping the rest, and records the commit in DIR/NAME/.asynclens-commit so `run` can warn of a different one.
//   node test/real-world/cross-run.mjs panel OUT [--per-repo]
//       what the Problems panel shows for production code with the default rules (every rule but the opt-in
//       ASY027, ASY028 and ASY031): warnings, information and hints, and warnings per rule.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, openSync, closeSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const OPT_IN_RULES = new Set(['ASY027', 'ASY028', 'ASY031']);

function option(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
}

function readManifest() {
  return JSON.parse(readFileSync(join(here, 'cross-run.json'), 'utf8'));
}

function checkOut(cli, tree, outFile) {
  return new Promise((done) => {
    const out = openSync(outFile, 'w');
    const err = openSync(outFile.replace(/\.json$/, '.err'), 'w');
    const child = spawn(process.execPath, ['--max-old-space-size=8192', cli, 'check', tree, '--enable', 'all',
      '--format', 'json', '--no-cache'], { stdio: ['ignore', out, err] });
    child.on('close', (code) => { closeSync(out); closeSync(err); done(code); });
  });
}

async function run(args) {
  const root = option(args, '--root');
  const outDir = option(args, '--out');
  if (!root || !outDir) throw new Error('run needs --root DIR and --out DIR');
  const cli = resolve(option(args, '--cli', join(here, '..', '..', 'dist', 'cli.js')));
  const only = option(args, '--only')?.split(',');
  const jobs = Number(option(args, '--jobs', '2'));
  mkdirSync(outDir, { recursive: true });
  const queue = readManifest().filter((repo) => !only || only.includes(repo.name));
  const pending = [];
  for (const repo of queue) {
    const tree = join(root, repo.name);
    if (!existsSync(tree)) { console.warn(`${repo.name}: not under ${root}, skipped`); continue; }
    const commitFile = join(tree, '.asynclens-commit');
    const commit = existsSync(commitFile) ? readFileSync(commitFile, 'utf8').trim() : undefined;
    if (commit && commit !== repo.commit) console.warn(`${repo.name}: checked out at ${commit}, listed at ${repo.commit}`);
    pending.push({ repo, tree });
  }
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const { repo, tree } = pending[next++];
      const started = Date.now();
      const code = await checkOut(cli, tree, join(outDir, `${repo.name}.json`));
      console.log(`${repo.name}: exit ${code}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
}

function findingsOf(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const byKey = new Map();
  for (const finding of report.findings) {
    byKey.set([finding.ruleId, finding.file, finding.line, finding.message].join('\u0000'), finding);
  }
  return byKey;
}

function compare(args) {
  const [oldDir, newDir] = args;
  const show = args.includes('--show');
  let added = 0;
  let removed = 0;
  const moves = new Map();
  for (const name of readdirSync(oldDir).filter((f) => f.endsWith('.json')).sort()) {
    if (!existsSync(join(newDir, name))) continue;
    let before, after;
    try {
      before = findingsOf(join(oldDir, name));
      after = findingsOf(join(newDir, name));
    } catch (error) {
      console.log(`${name}: unreadable (${error.message})`);
      continue;
    }
    const plus = [...after.keys()].filter((k) => !before.has(k));
    const minus = [...before.keys()].filter((k) => !after.has(k));
    const moved = [...before.keys()].filter((k) => after.has(k) && before.get(k).severity !== after.get(k).severity);
    if (plus.length + minus.length + moved.length === 0) continue;
    console.log(`${name.slice(0, -5)}: +${plus.length} -${minus.length} moved ${moved.length}`);
    const line = (sign, finding, extra = '') =>
      `  ${sign} ${finding.ruleId}${extra} ${finding.file}:${finding.line} ${finding.message.slice(0, 150)}`;
    for (const key of moved) {
      const move = `${before.get(key).ruleId} ${before.get(key).severity} -> ${after.get(key).severity}` +
        (before.get(key).testCode ? ' (test)' : ' (production)');
      moves.set(move, (moves.get(move) ?? 0) + 1);
    }
    if (show) {
      for (const key of plus) console.log(line('+', after.get(key)));
      for (const key of minus) console.log(line('-', before.get(key)));
      for (const key of moved) console.log(line('~', after.get(key), ` ${before.get(key).severity} -> ${after.get(key).severity}`));
    }
    added += plus.length;
    removed += minus.length;
  }
  console.log(`total +${added} -${removed}`);
  for (const [move, count] of moves) console.log(`severity ${move}: ${count}`);
}

function panel(args) {
  const [dir] = args;
  const perRepo = args.includes('--per-repo');
  const totals = { warning: 0, information: 0, hint: 0 };
  const warningsByRule = new Map();
  const rows = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    let report;
    try { report = JSON.parse(readFileSync(join(dir, name), 'utf8')); } catch { console.log(`${name}: unreadable`); continue; }
    const own = { warning: 0, information: 0, hint: 0 };
    for (const finding of report.findings) {
      if (OPT_IN_RULES.has(finding.ruleId) || finding.testCode) continue;
      own[finding.severity] = (own[finding.severity] ?? 0) + 1;
      if (finding.severity === 'warning') warningsByRule.set(finding.ruleId, (warningsByRule.get(finding.ruleId) ?? 0) + 1);
    }
    for (const severity of Object.keys(own)) totals[severity] = (totals[severity] ?? 0) + own[severity];
    rows.push([name.slice(0, -5), own]);
  }
  console.log(`production, default rules: ${totals.warning} warnings, ${totals.information} information, ${totals.hint} hints`);
  console.log('warnings by rule: ' + [...warningsByRule].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', '));
  if (perRepo) {
    rows.sort((a, b) => b[1].warning - a[1].warning);
    for (const [name, own] of rows) console.log(`${name.padEnd(40)} ${String(own.warning).padStart(5)} ${String(own.information).padStart(5)} ${String(own.hint).padStart(5)}`);
  }
}

// What the analysis reads from a repository: sources, the project files that give targets, defines and packages, and the
// settings files. Images, archives and test data are left out, which keeps the 94 trees to a few gigabytes.
const KEPT_EXTENSIONS = ['.cs', '.cshtml', '.razor', '.csproj', '.props', '.targets', '.sln', '.slnx', '.slnf',
  '.editorconfig', '.globalconfig', '.snk', '.json', '.config', '.resx', '.xaml', '.axaml', '.proto', '.ruleset'];

function isKept(path) {
  const lower = path.toLowerCase();
  return KEPT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

// Reads the listed blobs through one `git cat-file --batch` per chunk: its output is, for each id, a header line
// "<id> blob <size>" followed by the content and a newline.
function writeBlobs(gitDir, entries, tree) {
  const chunk = 2000;
  for (let start = 0; start < entries.length; start += chunk) {
    const part = entries.slice(start, start + chunk);
    const output = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'],
      { input: part.map((entry) => entry.id).join('\n') + '\n', maxBuffer: 2 ** 31 });
    let at = 0;
    for (const entry of part) {
      const headerEnd = output.indexOf(10, at);
      const size = Number(output.toString('latin1', at, headerEnd).split(' ')[2]);
      const target = join(tree, entry.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, output.subarray(headerEnd + 1, headerEnd + 1 + size));
      at = headerEnd + 1 + size + 1;
    }
  }
}

function extract(args) {
  const gitDir = option(args, '--git');
  const name = option(args, '--name');
  const root = option(args, '--root');
  if (!gitDir || !name || !root) throw new Error('extract needs --git GITDIR --name NAME --root DIR');
  const listed = readManifest().find((repo) => repo.name === name);
  if (!listed) console.warn(`${name}: not in cross-run.json`);
  const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD']).toString().trim();
  if (listed && listed.commit !== commit) console.warn(`${name}: HEAD is ${commit}, listed at ${listed.commit}`);
  // ls-tree -z prints "<mode> blob <id>\t<path>\0" per file; symbolic links (mode 120000) and submodules are skipped.
  const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', 'HEAD'], { maxBuffer: 1 << 30 }).toString();
  const entries = [];
  for (const row of listing.split('\0')) {
    const tab = row.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, id] = row.slice(0, tab).split(' ');
    const path = row.slice(tab + 1);
    if (type === 'blob' && mode !== '120000' && isKept(path)) entries.push({ id, path });
  }
  const tree = join(root, name);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  writeBlobs(gitDir, entries, tree);
  writeFileSync(join(tree, '.asynclens-commit'), `${commit}\n`);
  console.log(`${name}: ${commit}, ${entries.length} files -> ${tree}`);
}

const [command, ...rest] = process.argv.slice(2);
const commands = { run, compare, panel, extract };
if (!commands[command]) {
  console.error('usage: cross-run.mjs run --root DIR --out OUT [--cli CLI] [--only A,B] [--jobs N] | compare OLD NEW [--show] | panel OUT [--per-repo] | extract --git GITDIR --name NAME --root DIR');
  process.exit(2);
}
await commands[command](rest);
