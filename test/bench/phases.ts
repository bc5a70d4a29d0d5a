// Where `asynclens check` spends its time, phase by phase, in one warm process: the pre-parse pass, the
// tree-sitter parse, copying each tree into JavaScript (parse/syntaxTable.ts), the model, index and completion
// verdicts, rules. Generate a corpus first (node test/bench/corpus.mjs DIR 50000), then:
//   npx esbuild test/bench/phases.ts --bundle --platform=node --outfile=out/bench/phases.js && node out/bench/phases.js DIR [rounds=5]
// Each phase is reported as the minimum and the median over the rounds of its wall time and of the process's CPU
// time (user + system): on a shared machine other jobs only ever add wall time, so the CPU minimum is the steadier
// figure for comparing two versions of the code. The first round's CPU time is the cold one a `check` process pays:
// its excess over the minimum is the JIT's warm-up (and the first garbage collections).
import fs from 'node:fs';
import path from 'node:path';
import { initParser, parse, tableOf } from '../../server/src/parse/parser';
import { prepareSource } from '../../server/src/parse/prepare';
import { locateWasm } from '../../server/src/host/wasm';
import { modelOfTable } from '../../server/src/model/extract';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { analyseCompletion } from '../../server/src/workspace/completion';
import { checkFile } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';

const listSources = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return ['bin', 'obj', '.git', 'node_modules'].includes(e.name) ? [] : listSources(p);
  return e.name.endsWith('.cs') ? [p] : [];
});

void (async () => {
  const dir = process.argv[2];
  const rounds = Number(process.argv[3] ?? 5);
  if (!dir) {
    console.error('usage: node out/bench/phases.js <corpus-dir> [rounds]');
    process.exit(2);
  }
  await initParser(locateWasm());
  const sources = listSources(dir).map((f) => ({ path: f, text: fs.readFileSync(f, 'utf8') }));
  const selection = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
  const times = new Map<string, { wall: number[]; cpu: number[] }>();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let cpuAt = cpu();
  const lap = (phase: string, since: number) => {
    const entry = times.get(phase) ?? { wall: [], cpu: [] };
    entry.wall.push(performance.now() - since);
    const c = cpu();
    entry.cpu.push(c - cpuAt);
    cpuAt = c;
    times.set(phase, entry);
    return performance.now();
  };
  let findings = 0;
  for (let round = 1; round <= rounds; round++) {
    let t = performance.now();
    cpuAt = cpu();
    // The pre-parse pass alone (parse() runs it again below, and its time is subtracted from the parse).
    for (const s of sources) prepareSource(s.text);
    t = lap('pre-parse pass', t);
    const parsed = sources.map((s) => parse(s.text));
    t = lap('parse (with pre-parse)', t);
    const tables = parsed.map((p, i) => tableOf(p.tree!, sources[i].text));
    parsed.forEach((p) => p.tree!.delete());
    t = lap('copy trees to JavaScript', t);
    const models = tables.map((table, i) => modelOfTable(table, undefined, parsed[i].prepared ?? undefined));
    t = lap('model', t);
    const index = createIndex();
    models.forEach((m, i) => updateFile(index, sources[i].path, m));
    t = lap('index', t);
    const completion = analyseCompletion(index);
    t = lap('completion verdicts', t);
    findings = 0;
    models.forEach((m, i) => { findings += checkFile(sources[i].path, sources[i].text, m, index, completion, selection).findings.length; });
    lap('rules', t);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  console.log(`${sources.length} files, ${sources.reduce((n, s) => n + s.text.split('\n').length, 0)} lines, ${findings} findings, ${rounds} rounds`);
  console.log('| phase | CPU first round ms | CPU min ms | CPU median ms | wall min ms | wall median ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const row = (xs: number[]) => `${sorted(xs)[0].toFixed(0)} | ${sorted(xs)[Math.floor(xs.length / 2)].toFixed(0)}`;
  for (const [phase, { wall, cpu: c }] of times) console.log(`| ${phase} | ${c[0].toFixed(0)} | ${row(c)} | ${row(wall)} |`);
})();
