#!/usr/bin/env node
// Do the fixes compile on real code? "Fix all safe AsyncLens issues" applies every safe fix at once, so a safe fix that
// breaks a build on code nobody here wrote is the worst thing the tool can do to a user. This copies a checked-out
// repository, builds one of its projects, applies every fix of the chosen safety that `check` offers (skipping a fix
// whose edits overlap one already taken, as the language server's fix-all does), builds again and reports the
// compiler errors the fixes added, each with the fix whose edit lies on that line.
//
//   node test/real-world/fix-build.mjs --tree DIR --project REL/Some.csproj [--safety safe|unsafe|all]
//        [--rules ASY025,ASY027] [--cli dist/cli.js] [--keep] [-- extra dotnet build arguments]
//
// The copy leaves out bin/, obj/ and .git/ and drops a global.json, whose pinned SDK this machine may not have. The
// project must build before the fixes (its packages restore): a build that fails before says so and judges nothing.
// Exit status: 0 when the fixes add no error, 1 when they do, 2 when nothing could be judged.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const dashes = argv.indexOf('--');
  const own = dashes >= 0 ? argv.slice(0, dashes) : argv;
  const value = (name, fallback) => {
    const at = own.indexOf(name);
    return at >= 0 && at + 1 < own.length ? own[at + 1] : fallback;
  };
  return {
    tree: value('--tree'),
    project: value('--project'),
    safety: value('--safety', 'safe'),
    rules: value('--rules')?.split(','),
    cli: resolve(value('--cli', join(here, '..', '..', 'dist', 'cli.js'))),
    keep: own.includes('--keep'),
    buildArgs: dashes >= 0 ? argv.slice(dashes + 1) : [],
  };
}

/** Compiler errors of a build's output, keyed without the line (fixes move lines) so before and after compare. */
function buildErrors(copy, project, buildArgs) {
  // A package built on the way (GeneratePackageOnBuild) is not what is judged, and packing reads files (icons, read-me
  // files) that a tree written with cross-run.mjs extract leaves out.
  const run = spawnSync('dotnet', ['build', project, '-c', 'Release', '-p:TreatWarningsAsErrors=false',
    '-p:GeneratePackageOnBuild=false', '-nologo', ...buildArgs],
    { cwd: copy, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const errors = new Map();
  for (const line of (run.stdout + run.stderr).split('\n')) {
    const m = /^(.*?)\((\d+),(\d+)\): error (\w+): (.*?)(?: \[[^\]]*\])?$/.exec(line.trim());
    if (!m) continue;
    const key = `${relative(copy, m[1])}\u0000${m[4]}\u0000${m[5]}`;
    const at = errors.get(key) ?? { file: relative(copy, m[1]), code: m[4], message: m[5], lines: new Set() };
    at.lines.add(Number(m[2]));
    errors.set(key, at);
  }
  // Errors without a source position (restore, packing, missing files) are shown as they are, codes or not.
  const other = (run.stdout + run.stderr).split('\n').filter((l) => /: error( [A-Z]+\d+)? ?:/.test(l) && !/\(\d+,\d+\): error/.test(l));
  return { status: run.status, errors, other: [...new Set(other.map((l) => l.trim()))] };
}

/** Offsets of a text's line starts, for the CLI's 1-based line and UTF-16 column positions. */
function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Whether two [start, end) edits collide as the language server's fix-all sees it (convert.ts rangesOverlap). */
function overlaps(a, b) {
  if (a.end < b.start || b.end < a.start) return false;
  if (a.end === b.start || b.end === a.start) return a.start === a.end && b.start === b.end;
  return true;
}

function applyFixes(copy, report, options) {
  const byFile = new Map();
  for (const finding of report.findings) {
    const fix = finding.fix;
    if (!fix?.edits?.length) continue;
    if (options.safety !== 'all' && fix.safety !== options.safety) continue;
    if (options.rules && !options.rules.includes(finding.ruleId)) continue;
    const file = resolve(copy, finding.file);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(finding);
  }
  const applied = [];
  let skipped = 0;
  for (const [file, findings] of byFile) {
    const raw = readFileSync(file, 'utf8');
    const bom = raw.startsWith('\uFEFF');
    const text = bom ? raw.slice(1) : raw;
    const starts = lineStarts(text);
    const taken = [];
    const edits = [];
    for (const finding of findings) {
      const spans = finding.fix.edits.map((e) => ({
        start: starts[e.line - 1] + e.column - 1, end: starts[e.endLine - 1] + e.endColumn - 1, text: e.newText,
      }));
      if (spans.some((s) => taken.some((t) => overlaps(s, t)))) { skipped++; continue; }
      taken.push(...spans);
      edits.push(...spans);
      // The lines a fix touches, the finding's own among them: a compiler error on any of them is laid at its door
      // (ASY013's fix reports the method's name and edits the `return` below it). Lines are those before the fixes;
      // fixes that add or remove line breaks shift the ones after them, so the attribution is a pointer, not a proof.
      const lines = new Set([finding.line, ...finding.fix.edits.flatMap((e) => Array.from({ length: e.endLine - e.line + 1 }, (_, i) => e.line + i))]);
      applied.push({ file: relative(copy, file), line: finding.line, lines, ruleId: finding.ruleId, title: finding.fix.title });
    }
    edits.sort((a, b) => b.start - a.start || b.end - a.end);
    let out = text;
    for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    writeFileSync(file, (bom ? '\uFEFF' : '') + out);
  }
  return { applied, skipped };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!options.tree || !options.project) {
    console.error('usage: fix-build.mjs --tree DIR --project REL/Some.csproj [--safety safe|unsafe|all] [--rules IDS] [--cli CLI] [--keep] [-- dotnet build args]');
    return 2;
  }
  const copy = mkdtempSync(join(tmpdir(), 'asynclens-fix-build-'));
  const skip = new Set(['bin', 'obj', '.git']);
  cpSync(resolve(options.tree), copy, { recursive: true, filter: (src) => !skip.has(basename(src)) });
  rmSync(join(copy, 'global.json'), { force: true });
  try {
    const before = buildErrors(copy, options.project, options.buildArgs);
    if (before.status !== 0) {
      console.log(`the project does not build before the fixes (exit ${before.status}); nothing judged`);
      for (const line of [...before.other, ...[...before.errors.values()].map((e) => `${e.file}: ${e.code} ${e.message}`)].slice(0, 10)) console.log(`  ${line}`);
      return 2;
    }
    const check = spawnSync(process.execPath, [options.cli, 'check', '.', '--enable', 'all', '--format', 'json', '--no-cache'],
      { cwd: copy, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
    const report = JSON.parse(check.stdout);
    const { applied, skipped } = applyFixes(copy, report, options);
    // A project compiles the folders it references too, so the fixes are counted per folder (two levels deep).
    const folders = new Map();
    for (const a of applied) {
      const folder = a.file.split(sep).slice(0, 2).join(sep);
      if (!folders.has(folder)) folders.set(folder, []);
      folders.get(folder).push(a);
    }
    const byRule = (list) => [...list.reduce((m, a) => m.set(a.ruleId, (m.get(a.ruleId) ?? 0) + 1), new Map())].map(([r, n]) => `${r} ${n}`).join(', ');
    console.log(`fixes applied: ${applied.length} (${byRule(applied) || 'none'}); ${skipped} skipped as overlapping`);
    for (const [folder, list] of [...folders].sort()) console.log(`  ${folder}: ${byRule(list)}`);
    const after = buildErrors(copy, options.project, options.buildArgs);
    const added = [...after.errors].filter(([key]) => !before.errors.has(key)).map(([, e]) => e);
    if (after.status === 0 && added.length === 0) {
      console.log('the project builds after the fixes: no error added');
      return 0;
    }
    console.log(`the fixes added ${added.length} distinct compiler errors (exit ${after.status}):`);
    for (const e of added.slice(0, 40)) {
      const fixes = applied.filter((a) => a.file === e.file && [...e.lines].some((l) => a.lines.has(l))).map((a) => `${a.ruleId} at line ${a.line} "${a.title}"`);
      console.log(`  ${e.file}:${[...e.lines].join(',')} ${e.code} ${e.message}${fixes.length ? `  <- ${fixes.join('; ')}` : ''}`);
    }
    for (const line of after.other.filter((l) => !before.other.includes(l)).slice(0, 10)) console.log(`  ${line}`);
    return 1;
  } finally {
    if (options.keep) console.log(`the copy is kept at ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

process.exitCode = main();
