// One document through the language server engine's steps in one process, with the CPU time of each: the parse
// (with the pre-parse pass), the copy of the tree, the model, index, completion verdicts, rules (default selection),
// and the cost estimates for the two profiles a snapshot carries. Not a test; build first, then:
//   npx esbuild test/bench/document-steps.ts --bundle --platform=node --outfile=out/bench/document-steps.js
//   node out/bench/document-steps.js FILE.cs [norules] [repeat=N] [edit] [typed=TEXT] [steps=N] [transfer]
// (`edit`: a keystroke's re-parse, tree copy and model with the body cache, after filling it, and how many of the
// bodies the large-document thread sends the engine as references to its last model, lsp/engine/modelTransfer.ts).
// (large-document.mjs's generator makes the 3 MB document the README measures.)
import fs from 'node:fs';
import { applyEdit, initParser, parse, spliceText, splicedTable, tableOf } from '../../server/src/parse/parser';
import { createModelCache } from '../../server/src/model/bodyCache';
import { locateWasm } from '../../server/src/host/wasm';
import { modelOfTable } from '../../server/src/model/extract';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { analyseCompletion } from '../../server/src/workspace/completion';
import { checkFile } from '../../server/src/analysis/project';
import { RULES } from '../../server/src/rules/registry';
import { installSignatureDatabase } from '../../server/src/host/signatures';
import { methodViewsOf } from '../../server/src/lsp/engine/views';
import { createCostCache } from '../../server/src/lsp/engine/costs';
import { positioned } from '../../server/src/lsp/convert';
import { bodiesToSend, isReusedBody } from '../../server/src/lsp/engine/modelTransfer';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
void (async () => {
  await initParser(locateWasm());
  installSignatureDatabase(process.env, console.log);
  const text = fs.readFileSync(process.argv[2], 'utf8');
  const skipRules = process.argv.includes('norules');
  let t = performance.now(), c = cpu();
  const lap = (name: string) => { const n = performance.now(), cc = cpu(); console.log(`${name}: wall ${(n - t).toFixed(0)} cpu ${(cc - c).toFixed(0)}`); t = n; c = cc; };
  const p = parse(text); lap('parse (with pre-parse)');
  const table = tableOf(p.tree!, text); lap('copy of the tree');
  const m = modelOfTable(table, undefined, p.prepared ?? undefined); lap('model');
  // `repeat=N`: the copy and the model N more times in this warm process, each one's CPU time (minimum and median).
  const repeat = Number(/^repeat=(\d+)$/.exec(process.argv.find((a) => a.startsWith('repeat=')) ?? '')?.[1] ?? 0);
  if (repeat > 0) {
    const copies: number[] = [];
    const models: number[] = [];
    for (let r = 0; r < repeat; r++) {
      let c0 = cpu();
      const again = tableOf(p.tree!, text);
      copies.push(cpu() - c0);
      c0 = cpu();
      modelOfTable(again, undefined, p.prepared ?? undefined);
      models.push(cpu() - c0);
    }
    const summary = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return `min ${s[0].toFixed(0)} median ${s[s.length >> 1].toFixed(0)}`; };
    console.log(`copy of the tree, ${repeat} more (warm): cpu ${summary(copies)}`);
    console.log(`model, ${repeat} more (warm): cpu ${summary(models)}`);
    t = performance.now(); c = cpu();
  }
  // What the keystroke types: a space by default (the tree stays free of errors); `typed=.` leaves a syntax error, as
  // most keystrokes in the middle of a word or an expression do.
  const typed = process.argv.find((a) => a.startsWith('typed='))?.slice('typed='.length) ?? ' ';
  if (process.argv.includes('edit')) {
    // What a keystroke costs the model with the body cache the language server keeps per document: fill the cache,
    // type one space inside a body halfway down (every body after it moves), re-parse incrementally and model again.
    const cache = createModelCache();
    const filledModel = modelOfTable(tableOf(p.tree!, text), cache, p.prepared ?? undefined); lap('copy + model, filling the body cache');
    const filled = bodiesToSend(filledModel.bodies, cache.provenance, 1, null);
    t = performance.now(); c = cpu();
    const at = text.indexOf('{\n', text.length >> 1) + 1;
    const change = { start: at, oldEnd: at, newText: typed };
    const edited = applyEdit(p.tree!, text, change);
    const previous = { tree: p.tree!, parseText: spliceText(p.prepared!.parseText, change), copy: { table, parseText: p.prepared!.parseText } };
    const again = parse(edited, previous); lap('incremental parse after one keystroke');
    if (!again.tree) throw new Error(again.error);
    const editedTable = tableOf(again.tree!, edited); lap('copy of the edited tree');
    // What the language server does instead (parse/syntaxTable.ts splicedTableOf): the previous table, spliced.
    const spliced = splicedTable(again, edited, previous); lap(`the same table spliced from the previous one (${spliced ? 'spliced' : 'not spliceable: copied whole'})`);
    // Warm, as in a server that has taken many keystrokes: the minimum of five more of each.
    const warm = (make: () => unknown) => Math.min(...Array.from({ length: 5 }, () => { const c0 = cpu(); make(); return cpu() - c0; }));
    console.log(`copy of the edited tree, warm: cpu ${warm(() => tableOf(again.tree!, edited)).toFixed(1)}; spliced, warm: cpu ${warm(() => splicedTable(again, edited, previous)).toFixed(1)}`);
    t = performance.now(); c = cpu();
    const editedModel = modelOfTable(editedTable, cache, again.prepared ?? undefined); lap('model after the keystroke, with the body cache');
    // What the large-document thread sends the engine for the keystroke (lsp/engine/modelTransfer.ts): unchanged
    // bodies as references into the model sent before.
    const difference = bodiesToSend(editedModel.bodies, cache.provenance, 2, filled.sent);
    console.log(`bodies sent after the keystroke: ${difference.bodies.filter(isReusedBody).length} of ${difference.bodies.length} as references, ` +
      `${(JSON.stringify(difference.bodies).length / 1e3).toFixed(0)} KB of JSON instead of ${(JSON.stringify(editedModel.bodies).length / 1e3).toFixed(0)} KB`);
    t = performance.now(); c = cpu();
  }
  const key = 'file:///x/Large.cs';
  const index = createIndex(); updateFile(index, key, m); lap('index');
  const completion = analyseCompletion(index); lap('verdicts');
  const selection = { enabled: new Set(RULES.filter((r) => r.meta.defaultSeverity !== 'off').map((r) => r.meta.id)), disabled: new Set<string>() };
  const findings = skipRules ? [] : checkFile(key, text, m, index, completion, selection).findings; lap(`rules (${findings.length} findings)`);
  let views = methodViewsOf({ file: key, model: m, doc: positioned(text), findings, index, completion, costCache: createCostCache(), costContext: '0|0' }, ['net10', 'net11-runtime-async']); lap(`costs, 2 profiles (${views.length} methods)`);
  // `transfer`: what crossing a thread boundary costs the model (the large-document thread sends it as JSON) and the
  // per-method views (the snapshot the engine posts to the protocol thread): JSON both ways, and a structured clone.
  if (process.argv.includes('transfer')) {
    const crossing = (name: string, value: unknown) => {
      let c0 = cpu();
      const json = JSON.stringify(value);
      const stringify = cpu() - c0;
      c0 = cpu();
      JSON.parse(json);
      const parse = cpu() - c0;
      c0 = cpu();
      structuredClone(value);
      console.log(`${name}: JSON ${(json.length / 1e6).toFixed(1)} MB, stringify cpu ${stringify.toFixed(0)}, parse cpu ${parse.toFixed(0)}; structured clone cpu ${(cpu() - c0).toFixed(0)}`);
    };
    crossing('model', m);
    crossing('method views', views);
    t = performance.now(); c = cpu();
  }
  // `steps=N`: the rules and the costs N more times in this warm process, each after the file is indexed again (a new
  // index version, so nothing the typing or the cost model keeps per version is reused), each one's CPU time.
  const steps = Number(/^steps=(\d+)$/.exec(process.argv.find((a) => a.startsWith('steps=')) ?? '')?.[1] ?? 0);
  if (steps > 0) {
    const rules: number[] = [];
    const costs: number[] = [];
    for (let r = 0; r < steps; r++) {
      updateFile(index, key, m);
      const verdicts = analyseCompletion(index);
      let c0 = cpu();
      const again = skipRules ? [] : checkFile(key, text, m, index, verdicts, selection).findings;
      rules.push(cpu() - c0);
      c0 = cpu();
      methodViewsOf({ file: key, model: m, doc: positioned(text), findings: again, index, completion: verdicts, costCache: createCostCache(), costContext: '0|0' }, ['net10', 'net11-runtime-async']);
      costs.push(cpu() - c0);
    }
    const summary = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return `min ${s[0].toFixed(0)} median ${s[s.length >> 1].toFixed(0)}`; };
    if (!skipRules) console.log(`rules, ${steps} more (warm, new index version): cpu ${summary(rules)}`);
    console.log(`costs, 2 profiles, ${steps} more (warm, new index version): cpu ${summary(costs)}`);
  }
})();
