// The steps of a keystroke in a large open document, in one warm process, as the language server runs them: the
// large-document thread's incremental parse and model with the body cache (lsp/engine/documents.ts remodel), the
// digests it sends with the model, the difference it sends (modelTransfer.ts bodiesToSend, and the JSON it writes),
// and the engine's rebuilding of the moved bodies (receivedBodies). Each step's CPU time per keystroke, median and p95,
// and the time the garbage collector took during the keystrokes. Not a test; build first, then:
//   npx esbuild test/bench/keystroke-steps.ts --bundle --platform=node --outfile=out/bench/keystroke-steps.js
//   node out/bench/keystroke-steps.js FILE.cs [edits=N]
// Each keystroke types `1` before a `10` in a different method, as lsp-latency.mjs does (no syntax error). CPU times
// are the process's (process.cpuUsage), so they include the compiler and collector threads of V8: the first keystrokes
// after the open, two to four times the median, are mostly code being compiled for the incremental path.
import fs from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { initParser } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { openDocument, applyChanges, remodel, disposeDocument } from '../../server/src/lsp/engine/documents';
import { bodiesToSend, receivedBodies, isReusedBody, type SentModel } from '../../server/src/lsp/engine/modelTransfer';
import { declarationsDigestOf } from '../../server/src/analysis/ruleCache';
import { resolutionSurface } from '../../server/src/workspace/completion';
import { DEFAULT_SETTINGS } from '../../server/src/config/settings';
import type { MethodBody } from '../../server/src/model/types';

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let gcMs = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });

void (async () => {
  await initParser(locateWasm());
  const text = fs.readFileSync(process.argv[2], 'utf8');
  const edits = Number(/^edits=(\d+)$/.exec(process.argv.find((a) => a.startsWith('edits=')) ?? '')?.[1] ?? 60);
  const doc = openDocument('file:///x/Large.cs', 'file:///x/Large.cs', 1, text, DEFAULT_SETTINGS);
  remodel(doc);
  const warm = Number(/^warm=(\d+)$/.exec(process.argv.find((a) => a.startsWith('warm=')) ?? '')?.[1] ?? 0);
  if (warm) {
    const w0 = cpu();
    const copy = openDocument('file:///x/Copy.cs', 'file:///x/Copy.cs', 1, text, DEFAULT_SETTINGS);
    remodel(copy);
    let wsent: SentModel | null = bodiesToSend(copy.model!.bodies, copy.modelCache.provenance, 1, null).sent;
    let wbodies: MethodBody[] = copy.model!.bodies.slice();
    for (let k = 0; k < warm; k++) {
      const at = copy.text.indexOf('10', Math.floor(copy.text.length * ((k * 0.37) % 1)));
      applyChanges(copy, k + 2, [{ start: at, oldEnd: at, newText: '1' }]);
      remodel(copy);
      declarationsDigestOf(copy.model!, copy.modelCache.provenance);
      resolutionSurface(copy.model!);
      const d = bodiesToSend(copy.model!.bodies, copy.modelCache.provenance, k + 2, wsent);
      wbodies = receivedBodies(JSON.parse(JSON.stringify(d.bodies)), wbodies)!;
      wsent = d.sent;
    }
    disposeDocument(copy);
    console.log(`warm-up: ${warm} keystrokes on a copy, ${(cpu() - w0).toFixed(0)} ms cpu`);
  }
  let sent: SentModel | null = bodiesToSend(doc.model!.bodies, doc.modelCache.provenance, 1, null).sent;
  let engineBodies: MethodBody[] = doc.model!.bodies.slice();
  const targets: number[] = [];
  for (let at = text.indexOf('10'); at >= 0; at = text.indexOf('10', at + 2)) targets.push(at);
  const steps: Record<string, number[]> = { 'parse + model': [], digests: [], 'difference + JSON': [], 'engine: moved bodies': [], total: [] };
  const gcs: number[] = [];
  let referenced = 0;
  let gc0 = 0;
  for (let k = 0; k < edits; k++) {
    // The garbage collector's entries of the last keystroke are delivered on the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    if (k > 0) gcs.push(gcMs - gc0);
    // Offsets before the edit point do not move; an edit earlier in the text shifts the later targets by one each,
    // so the k-th target is looked up in the current text.
    const at = doc.text.indexOf('10', targets[(k * 7919) % targets.length] + k);
    gc0 = gcMs;
    let c = cpu();
    const lap = (name: string) => { const n = cpu(); steps[name].push(n - c); c = n; };
    const start = cpu();
    applyChanges(doc, k + 2, [{ start: at, oldEnd: at, newText: '1' }]);
    remodel(doc);
    lap('parse + model');
    declarationsDigestOf(doc.model!, doc.modelCache.provenance);
    resolutionSurface(doc.model!);
    lap('digests');
    const difference = bodiesToSend(doc.model!.bodies, doc.modelCache.provenance, k + 2, sent);
    const json = JSON.stringify(difference.bodies);
    lap('difference + JSON');
    const received = receivedBodies(JSON.parse(json), engineBodies);
    lap('engine: moved bodies');
    steps.total.push(cpu() - start);
    if (!received) throw new Error('a reference outside the engine model');
    referenced += difference.bodies.filter(isReusedBody).length / difference.bodies.length;
    engineBodies = received;
    sent = difference.sent;
  }
  const summary = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return `median ${s[s.length >> 1].toFixed(1)} p95 ${s[Math.floor(s.length * 0.95)].toFixed(1)} ms`; };
  console.log(`${edits} keystrokes in ${process.argv[2]} (${text.length} chars, ${doc.model!.bodies.length} bodies; ${(100 * referenced / edits).toFixed(1)} % of bodies sent as references)`);
  for (const [name, xs] of Object.entries(steps)) console.log(`${name}: cpu ${summary(xs)}; the first five: ${xs.slice(0, 5).map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`garbage collection during a keystroke: ${summary(gcs)}`);
})();
