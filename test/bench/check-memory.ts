// What holds the heap of a whole check, step by step, in one process: the texts, the models, the index, the
// completion verdicts and the rules' findings are built as `asynclens check` builds them, the heap is measured after
// a forced garbage collection at each step, and then each is let go in turn (the findings; the typing's answers kept
// per index version, by bumping the version and asking once; the verdicts) to say what it held. Not a test; build first, then:
//   node test/bench/corpus.mjs DIR 200000
//   npx esbuild test/bench/check-memory.ts --bundle --platform=node --outfile=out/bench/check-memory.js
//   node --expose-gc out/bench/check-memory.js DIR
// With ASYNCLENS_HEAP_SNAPSHOT=FILE, a heap snapshot is written once the rules have run (findings and answers kept).
// Every rule runs (as with --enable all), without project contexts (no .csproj is read), on one thread.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { initParser } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { checkFile, modelFile } from '../../server/src/analysis/project';
import { createIndex, updateFile, type WorkspaceIndex } from '../../server/src/workspace/index';
import { analyseCompletion, type CompletionAnalysis } from '../../server/src/workspace/completion';
import { typeOfExpression } from '../../server/src/workspace/typing';
import { RULES } from '../../server/src/rules/registry';
import type { FileModel } from '../../server/src/model/types';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc');
  process.exit(2);
}

void (async () => {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node --expose-gc out/bench/check-memory.js <folder of .cs files>');
    process.exit(2);
  }
  await initParser(locateWasm());
  const heap = () => {
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().heapUsed / 1e6;
  };
  let last = heap();
  console.log('| step | heap after it | change |');
  console.log('|---|---:|---:|');
  const step = (name: string) => {
    const now = heap();
    console.log(`| ${name} | ${now.toFixed(1)} MB | ${now >= last ? '+' : ''}${(now - last).toFixed(1)} MB |`);
    last = now;
  };
  const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.cs')).map((f) => ({ path: path.join(dir, f), text: fs.readFileSync(path.join(dir, f), 'utf8') }));
  step(`texts of ${sources.length} files, ${sources.reduce((n, s) => n + s.text.split('\n').length, 0)} lines`);
  const models: FileModel[] = sources.map((s) => modelFile(s.text).model);
  step('models');
  const index: WorkspaceIndex = createIndex();
  models.forEach((m, i) => updateFile(index, sources[i].path, m));
  step('index');
  let completion: CompletionAnalysis | null = analyseCompletion(index);
  step('completion verdicts');
  const selection = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
  let results: ReturnType<typeof checkFile>[] | null = models.map((m, i) => checkFile(sources[i].path, sources[i].text, m, index, completion!, selection));
  step(`rules, ${results.reduce((n, r) => n + r.findings.length, 0)} findings kept`);
  if (process.env.ASYNCLENS_HEAP_SNAPSHOT) console.log(`heap snapshot: ${v8.writeHeapSnapshot(process.env.ASYNCLENS_HEAP_SNAPSHOT)}`);
  results = null;
  step('findings let go');
  // The typing keeps its answers per index version and replaces them when it is next asked under a newer one
  // (workspace/typing.ts generationOf): bump the version, then ask one question, as the next check of an edit would.
  index.version++;
  const someBody = models.find((m) => m.bodies.length > 0)?.bodies[0];
  if (someBody) typeOfExpression('this', someBody, models.find((m) => m.bodies.includes(someBody))!.bodies, index);
  step('typing answers let go (a newer index version, asked once)');
  completion = null;
  step('verdicts let go');
})();
