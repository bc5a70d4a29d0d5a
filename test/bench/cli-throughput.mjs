// Measures `asynclens check` on a generated 50,000-line corpus against parsing alone (the floor set by
// tree-sitter). Run after `npm run build`: node test/bench/cli-throughput.mjs [lines=50000] [runs=5]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { generateCorpus } from './corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const lines = Number(process.argv[2] ?? 50000);
const runs = Number(process.argv[3] ?? 5);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-bench-'));
const corpus = generateCorpus(dir, lines);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Parsing alone, in one warm process: load the grammar, parse every file, delete every tree.
const { Parser, Language } = require('web-tree-sitter');
await Parser.init({ locateFile: () => path.join(root, 'dist', 'web-tree-sitter.wasm') });
const language = await Language.load(path.join(root, 'dist', 'tree-sitter-c_sharp.wasm'));
const parser = new Parser();
parser.setLanguage(language);
const texts = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
const parseTimes = [];
for (let r = 0; r < runs + 1; r++) {
  const t0 = performance.now();
  for (const t of texts) parser.parse(t).delete();
  if (r > 0) parseTimes.push(performance.now() - t0);
}

// The whole CLI as a user runs it, process start to exit, JSON to /dev/null.
const checkTimes = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const p = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.js'), 'check', '--enable', 'all', '--format', 'json', dir], { encoding: 'utf8', maxBuffer: 1 << 30 });
  checkTimes.push(performance.now() - t0);
  if (r === 0) {
    const out = JSON.parse(p.stdout);
    console.log(`findings: ${out.findings.length} in ${out.filesAnalyzed} files`);
  }
}
console.log(`corpus: ${corpus.files} files, ${corpus.lines} lines (${(texts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(2)} MB)`);
console.log(`parse only (warm, in-process), median of ${runs}: ${median(parseTimes).toFixed(0)} ms`);
console.log(`asynclens check --enable all (whole process), median of ${runs}: ${median(checkTimes).toFixed(0)} ms`);
fs.rmSync(dir, { recursive: true, force: true });
