// Where `asynclens check` spends its time, phase by phase, in one warm process: parse, model, index and
// completion verdicts, rules. Generate a corpus first (node test/bench/corpus.mjs DIR 50000), then:
//   npx esbuild test/bench/phases.ts --bundle --platform=node --outfile=out/bench/phases.js && node out/bench/phases.js DIR
import fs from 'node:fs';
import path from 'node:path';
import { initParser, parse } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { buildFileModel } from '../../server/src/model/extract';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { analyseCompletion } from '../../server/src/workspace/completion';
import { checkFile } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';

void (async () => {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node out/bench/phases.js <corpus-dir>');
    process.exit(2);
  }
  await initParser(locateWasm());
  const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.cs')).map((f) => ({ path: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
  const selection = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
  for (let round = 1; round <= 3; round++) {
    let t = performance.now();
    const trees = sources.map((s) => parse(s.text).tree!);
    const parseMs = performance.now() - t;
    t = performance.now();
    const models = trees.map((tree, i) => buildFileModel(tree, sources[i].text));
    const modelMs = performance.now() - t;
    trees.forEach((tree) => tree.delete());
    t = performance.now();
    const index = createIndex();
    models.forEach((m, i) => updateFile(index, sources[i].path, m));
    const completion = analyseCompletion(index);
    const indexMs = performance.now() - t;
    t = performance.now();
    let findings = 0;
    models.forEach((m, i) => { findings += checkFile(sources[i].path, sources[i].text, m, index, completion, selection).findings.length; });
    const rulesMs = performance.now() - t;
    console.log(`round ${round}: parse ${parseMs.toFixed(0)} ms, model ${modelMs.toFixed(0)} ms, index + completion ${indexMs.toFixed(0)} ms, rules ${rulesMs.toFixed(0)} ms (${findings} findings)`);
  }
})();
