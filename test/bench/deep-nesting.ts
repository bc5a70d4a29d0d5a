// Deeply nested code (issue 10): how long the model, the rules and the cost model take on the shapes that were
// once quadratic or cubic, in one warm process: CPU time of the process (user + system, so waiting for a core on a
// busy machine does not count), the minimum over the rounds. Not a test: nothing here asserts a time.
//   npx esbuild test/bench/deep-nesting.ts --bundle --platform=node --outfile=out/bench/deep-nesting.js && node out/bench/deep-nesting.js [n=1000] [rounds=3]
import { initParser } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { analyseCompletion, checkFile, createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { estimateFile } from '../../server/src/cost';
import { RULES } from '../../server/src/rules/registry';

/** The shapes issue 10 measured (and a few more), at size n. */
export function deepShapes(n: number): Record<string, string> {
  const wrap = (body: string, extra = '') => `using System;\nusing System.Threading.Tasks;\nnamespace Deep;\npublic class C\n{\n    public async Task<object> M(Task<object> t)\n    {\n${body}\n    }\n${extra}}\n`;
  let lambdas = 'await Task.Yield();';
  for (let i = 0; i < 2 * n; i++) lambdas = `Func<Task> f${i} = async () => { ${lambdas} };`;
  let locals = 'await Task.Yield();';
  for (let i = 0; i < 2 * n; i++) locals = `async Task L${i}() { ${locals} }`;
  let blocks = 'await t;';
  for (let i = 0; i < n; i++) blocks = `if (t != null) { await t; ${blocks} }`;
  return {
    [`${n} nested awaits`]: wrap(`        return ${'await '.repeat(n)}t;`),
    [`${2 * n} nested async lambdas`]: wrap(`        ${lambdas}\n        return await t;`),
    [`${2 * n} nested local functions`]: wrap(`        ${locals}\n        return await t;`),
    [`.Result chain of ${n}`]: wrap(`        var x = t${'.Result'.repeat(n)};\n        return await t;`),
    [`${n} nested ifs, an await in each`]: wrap(`        ${blocks}\n        return await t;`),
    [`${n} nested calls with awaited arguments`]: wrap(`        return ${'Id(await '.repeat(n)}t${')'.repeat(n)};`, '    static Task<object> Id(object o) => Task.FromResult(o);\n'),
  };
}

void (async () => {
  const n = Number(process.argv[2] ?? 1000);
  const rounds = Number(process.argv[3] ?? 3);
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
