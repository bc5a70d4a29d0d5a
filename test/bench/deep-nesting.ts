// Deeply nested code (issue 10): how long the model, the rules and the cost model take on the shapes that were
// once quadratic or cubic, in one warm process: CPU time of the process (user + system, so waiting for a core on a
// busy machine does not count), the minimum over the rounds. Not a test: nothing here asserts a time.
//   npx esbuild test/bench/deep-nesting.ts --bundle --platform=node --outfile=out/bench/deep-nesting.js && node out/bench/deep-nesting.js [n=1000] [rounds=3]
// With --write DIR it only writes each shape to DIR/<shape>.cs, for timing whole `asynclens check` processes on them
// (test/bench/deep-nesting-cli.sh).
import fs from 'node:fs';
import path from 'node:path';
import { initParser } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { analyseCompletion, checkFile, createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { estimateFile } from '../../server/src/cost';
import { RULES } from '../../server/src/rules/registry';
import { deepShapes } from './deepShapes';

void (async () => {
  const args = process.argv.slice(2);
  const writeTo = args.includes('--write') ? args.splice(args.indexOf('--write'), 2)[1] : null;
  const n = Number(args[0] ?? 1000);
  const rounds = Number(args[1] ?? 3);
  if (writeTo) {
    fs.mkdirSync(writeTo, { recursive: true });
    for (const [shape, text] of Object.entries(deepShapes(n))) fs.writeFileSync(path.join(writeTo, `${shape.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}.cs`), text);
    return;
  }
  await initParser(locateWasm());
  const selection = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
  console.log(`| shape | KiB | model, CPU ms | rules, CPU ms | costs, CPU ms |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [shape, text] of Object.entries(deepShapes(n))) {
    const best = { model: Infinity, rules: Infinity, costs: Infinity };
    for (let r = 0; r < rounds; r++) {
      const cpu = () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      };
      let t = cpu();
      const { model, tree } = modelFile(text);
      tree?.delete();
      best.model = Math.min(best.model, cpu() - t);
      t = cpu();
      const index = createIndex();
      updateFile(index, 'Deep.cs', model);
      const completion = analyseCompletion(index);
      checkFile('Deep.cs', text, model, index, completion, selection);
      best.rules = Math.min(best.rules, cpu() - t);
      t = cpu();
      estimateFile({ file: 'Deep.cs', model, index, completion }, { runtime: 'net10' });
      best.costs = Math.min(best.costs, cpu() - t);
    }
    console.log(`| ${shape} | ${(text.length / 1024).toFixed(0)} | ${best.model.toFixed(0)} | ${best.rules.toFixed(0)} | ${best.costs.toFixed(0)} |`);
  }
})();
