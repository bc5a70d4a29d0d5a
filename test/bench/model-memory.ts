// What the per-file model costs: CPU time of the parse, the tree copy and the model over a folder of C# files, and the
// heap the models keep once every tree and table is gone (after a forced garbage collection), per line of code, with
// each body field's share (the heap freed when that field is dropped from every body). Not a test; build first, then:
//   node test/bench/corpus.mjs DIR 200000 --lines-per-file 1000
//   npx esbuild test/bench/model-memory.ts --bundle --platform=node --outfile=out/bench/model-memory.js
//   node --expose-gc out/bench/model-memory.js DIR [--runs N] [--keep-text] [--fields | --index]
// --runs models the folder N times (at least 2, the default) and reports the minimum CPU per step (the heap is
// measured around the last run);
// --keep-text keeps each file's text alive beside its model, as a language server that has the document open does
// (without it, a model that holds slices of its text keeps the whole text, and the measure counts it);
// --fields adds the per-field shares;
// --index then builds what the language server's indexing keeps beside the models, the workspace index (its name
// tables) and the likely-synchronous verdicts of every body, and reports the heap each adds (with
// ASYNCLENS_HEAP_SNAPSHOT=FILE, a heap snapshot is written once everything is built).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import v8 from 'node:v8';
import { initParser, parse, tableOf } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { modelOfTable } from '../../server/src/model/extract';
import type { FileModel, MethodBody } from '../../server/src/model/types';
import { createIndex, updateFile, type WorkspaceIndex } from '../../server/src/workspace/index';
import { completionState, updateCompletion, type CompletionState } from '../../server/src/workspace/completion';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc');
  process.exit(2);
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const heap = () => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
};
const option = (name: string) => process.argv.includes(name);
const runsAt = process.argv.indexOf('--runs');
// Two runs at least: the heap is measured around the last one, and the first also leaves the code the engine
// compiled on the way (about 1.3 MB, 250 bytes a line on a 5,000-line corpus).
const runs = Math.max(2, runsAt > 0 ? Number(process.argv[runsAt + 1]) : 2);

function csFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...csFiles(full));
    else if (entry.name.endsWith('.cs')) out.push(full);
  }
  return out.sort();
}

void (async () => {
  await initParser(locateWasm());
  const dir = process.argv[2];
  const files = csFiles(dir);
  const texts = files.map((f) => fs.readFileSync(f, 'utf8'));
  const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  const best = { parse: Infinity, copy: Infinity, model: Infinity };
  let models: FileModel[] = [];
  let kept: string[] = [];
  let before = 0;
  for (let run = 0; run < runs; run++) {
    models = [];
    kept = [];
    // Each run reads the texts afresh, so a model's slices can only keep its own run's copy alive.
    const fresh = files.map((f) => fs.readFileSync(f, 'utf8'));
    before = heap();
    const spent = { parse: 0, copy: 0, model: 0 };
    for (const text of fresh) {
      let c = cpu();
      const parsed = parse(text);
      spent.parse += cpu() - c;
      if (!parsed.tree) throw new Error(parsed.error);
      c = cpu();
      const table = tableOf(parsed.tree, text);
      parsed.tree.delete();
      spent.copy += cpu() - c;
      c = cpu();
      models.push(modelOfTable(table, undefined, parsed.prepared));
      spent.model += cpu() - c;
      if (option('--keep-text')) kept.push(text);
    }
    fresh.length = 0;
    best.parse = Math.min(best.parse, spent.parse);
    best.copy = Math.min(best.copy, spent.copy);
    best.model = Math.min(best.model, spent.model);
  }
  const after = heap();
  const bodies = models.reduce((n, m) => n + m.bodies.length, 0);
  const retained = after - before;
  console.log(`## model-memory: ${files.length} files, ${lines.toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(2)} M characters, ${bodies.toLocaleString('en')} bodies`);
  console.log(`node ${process.version}, 1-minute load average ${os.loadavg()[0].toFixed(1)}, runs ${runs}, texts ${option('--keep-text') ? 'kept' : 'dropped'}\n`);
  console.log('| step | CPU (min of runs) | per 1,000 lines |');
  console.log('|---|---:|---:|');
  for (const [name, ms] of Object.entries(best)) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${((ms * 1000) / lines).toFixed(2)} ms |`);
  console.log(`\nheap kept by the models${option('--keep-text') ? ' and the texts' : ''}: ${(retained / 1e6).toFixed(1)} MB, **${(retained / lines).toFixed(0)} bytes per line**` +
    (option('--keep-text') ? ` (texts alone: ${((bytes * 2) / 1e6).toFixed(1)} MB at most, two bytes a character; one byte when the text is Latin-1)` : ''));
  if (option('--index')) {
    measureIndexing(models, files, lines, before, after);
    return;
  }
  if (!option('--fields')) return;
  // Each field's share: drop it from every body (or the model) and see what the collector frees. Shared strings
  // are counted where they are last dropped, so the order matters a little: largest suspects first.
  const bodyFields: (keyof MethodBody)[] = ['calls', 'awaits', 'returns', 'locals', 'parameters', 'waits', 'usings', 'creations', 'locks', 'delegateTarget', 'attributes', 'modifiers', 'capturedNames', 'typeParameters', 'yieldReturns'];
  console.log('\n| dropped | freed | bytes per line |');
  console.log('|---|---:|---:|');
  let last = heap();
  for (const field of bodyFields) {
    // Set to undefined rather than deleted: a delete turns every body into a slower, larger dictionary object.
    for (const m of models) for (const b of m.bodies) (b as unknown as Record<string, unknown>)[field] = undefined;
    const now = heap();
    console.log(`| body.${field} | ${((last - now) / 1e6).toFixed(1)} MB | ${((last - now) / lines).toFixed(0)} |`);
    last = now;
  }
  // New arrays rather than emptied ones: caches keyed weakly by a model's bodies array hold its bodies as long as it lives.
  for (const m of models) m.bodies = [];
  let now = heap();
  console.log(`| the rest of the bodies | ${((last - now) / 1e6).toFixed(1)} MB | ${((last - now) / lines).toFixed(0)} |`);
  last = now;
  for (const m of models) m.types = [];
  now = heap();
  console.log(`| types | ${((last - now) / 1e6).toFixed(1)} MB | ${((last - now) / lines).toFixed(0)} |`);
  last = now;
  models = [];
  now = heap();
  console.log(`| the rest of the models | ${((last - now) / 1e6).toFixed(1)} MB | ${((last - now) / lines).toFixed(0)} |`);
  if (kept.length) {
    last = now;
    kept = [];
    now = heap();
    console.log(`| the texts | ${((last - now) / 1e6).toFixed(1)} MB | ${((last - now) / lines).toFixed(0)} |`);
  }
})();

/**
 * --index: what the language server's indexing keeps beside the models. Each step runs in a function of its own and
 * the state lives in a holder object, so no temporary of this frame (the interpreter's registers count as roots
 * until overwritten) keeps a dropped state alive for the measurement after it.
 */
function measureIndexing(models: FileModel[], files: string[], lines: number, before: number, after: number): void {
  const held: { index: WorkspaceIndex; state: CompletionState | null } = { index: createIndex(), state: null };
  let c = cpu();
  models.forEach((m, i) => updateFile(held.index, files[i], m));
  const indexCpu = cpu() - c;
  const withIndex = heap();
  c = cpu();
  const verdicts = decideAll(held);
  const verdictsCpu = cpu() - c;
  const withVerdicts = heap();
  if (process.env.ASYNCLENS_HEAP_SNAPSHOT) console.error(`heap snapshot: ${v8.writeHeapSnapshot(process.env.ASYNCLENS_HEAP_SNAPSHOT)}`);
  // One file indexed again, as after an edit saved: the verdicts it reaches are decided again, and what the caches
  // hold for the old version of the index is garbage once nothing can read it.
  if (indexAgain(held, files[0], models[0]) !== verdicts) throw new Error('one file indexed again changed the number of verdicts');
  const afterEdit = heap();
  // What the state holds (verdicts, the call graph) against what deciding left in caches (typings of expressions
  // per body, memos of the index), which live as long as the models or the index version.
  held.state = null;
  const withoutState = heap();
  const row = (name: string, bytes: number, ms?: number) =>
    console.log(`| ${name} | ${(bytes / 1e6).toFixed(1)} MB | ${(bytes / lines).toFixed(0)} | ${ms === undefined ? '' : `${ms.toFixed(0)} ms`} |`);
  console.log('\n| kept beside the models | heap | bytes per line | CPU |');
  console.log('|---|---:|---:|---:|');
  row('the workspace index (name tables)', withIndex - after, indexCpu);
  row(`the likely-synchronous verdicts (${verdicts.toLocaleString('en')} bodies), in all`, withVerdicts - withIndex, verdictsCpu);
  row('the verdicts after one file is indexed again, in all', afterEdit - withIndex);
  row('of which the completion state (verdicts, call graph)', afterEdit - withoutState);
  row('of which caches', withoutState - withIndex);
  console.log(`\nmodels, index and verdicts: ${((withVerdicts - before) / 1e6).toFixed(1)} MB, **${((withVerdicts - before) / lines).toFixed(0)} bytes per line**`);
  // The models stay referenced by the caller's `models` until here, so each step above is only what it adds.
  if (held.index.files.size !== models.length) throw new Error('unreachable');
}

function decideAll(held: { index: WorkspaceIndex; state: CompletionState | null }): number {
  held.state = completionState(held.index);
  return held.state.verdicts.size;
}

function indexAgain(held: { index: WorkspaceIndex; state: CompletionState | null }, file: string, model: FileModel): number {
  updateFile(held.index, file, model);
  held.state = updateCompletion(held.state!, held.index, [file]).state;
  return held.state.verdicts.size;
}
