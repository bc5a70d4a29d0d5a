// Every benchmark at a reduced size, as CI runs them after the tests (.ci/run): each prints its table so a CI log
// shows the numbers of that machine, and nothing here compares a time with a bound. A benchmark that crashes, or
// whose analysis fails, fails this script; a slow one does not. Run after `npm run build`:
//   node test/bench/ci.mjs
// Full sizes and how to read the numbers: test/bench/README.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { generateCorpus } from './corpus.mjs';

const esbuild = createRequire(import.meta.url)('esbuild');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;
let failed = 0;

function step(title, command, args) {
  console.log(`\n### ${title}\n\n\`${[path.basename(command), ...args.map((a) => path.relative(root, a) || a)].join(' ')}\`\n`);
  const t0 = performance.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`\n(${((performance.now() - t0) / 1000).toFixed(1)} s, exit status ${r.status})`);
  if (r.status !== 0) failed++;
}

/** Bundles a TypeScript benchmark (they import the server's sources) into out/bench. */
function bundle(name) {
  const outfile = path.join(root, 'out', 'bench', `${name}.js`);
  try {
    esbuild.buildSync({ entryPoints: [path.join(root, 'test', 'bench', `${name}.ts`)], bundle: true, platform: 'node', outfile, logLevel: 'warning' });
  } catch {
    failed++;
  }
  return outfile;
}

console.log(`## Benchmarks, reduced size (node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${os.loadavg()[0].toFixed(1)})`);
const corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-ci-bench-'));
try {
  generateCorpus(corpus, 5000);
  step('CLI throughput: check against the parse, 5,000 lines, cold and with the model cache', node, [path.join(root, 'test', 'bench', 'cli-throughput.mjs'), '--lines', '5000', '--runs', '1', '--threads', '1,auto', '--warm']);
  step('Phases of check, 5,000 lines', node, [bundle('phases'), corpus, '1']);
  step('The per-file model: CPU and heap kept per line, 5,000 lines', node, ['--expose-gc', bundle('model-memory'), corpus]);
  step('What holds the heap of a whole check, step by step, 5,000 lines', node, ['--expose-gc', bundle('check-memory'), corpus]);
  step('Deep nesting, 200 levels', node, [bundle('deep-nesting'), '200', '1']);
  step('Language server: start-up, keystrokes, a 100-file workspace, indexing 20,000 lines', node,
    [path.join(root, 'test', 'bench', 'lsp-latency.mjs'), '--edits', '5', '--only', 'startup,small,workspace,index', '--workspace-files', '100', '--index-lines', '20000']);
  step('Language server: one large document, 0.3 MB', node, [path.join(root, 'test', 'bench', 'large-document.mjs'), '--mb', '0.3', '--edits', '2']);
} finally {
  fs.rmSync(corpus, { recursive: true, force: true });
}
console.log(failed ? `\n${failed} benchmark step(s) failed to run` : '\nevery benchmark ran (no timing is asserted)');
process.exit(failed ? 1 : 0);
