// Bundles the CLI, the language server, the extension client and the tests with esbuild, and copies the
// tree-sitter wasm files (web-tree-sitter loads them by path at run time) and the API signature database
// next to the bundles.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'dist');
const out = path.join(root, 'out');
const production = process.argv.includes('--production');

fs.mkdirSync(dist, { recursive: true });
// The API signature database (server/tools/signatures writes it) is read lazily from next to the bundles.
for (const file of ['node_modules/web-tree-sitter/web-tree-sitter.wasm', 'node_modules/tree-sitter-c-sharp/tree-sitter-c_sharp.wasm', 'server/data/signatures.txt']) {
  fs.copyFileSync(path.join(root, file), path.join(dist, path.basename(file)));
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  // The wasm loader of web-tree-sitter probes for these at run time; they are never used under Node.
  external: ['vscode'],
};

const entries = [
  { in: 'server/src/cli/bin.ts', out: 'cli', banner: '#!/usr/bin/env node' },
  // The language server is three bundles: a small launcher that starts the engine thread before it loads the
  // protocol side (server/src/main.ts says why), the engine's threads, and the protocol side.
  { in: 'server/src/main.ts', out: 'server', banner: '#!/usr/bin/env node' },
  { in: 'server/src/lsp/engine/threads.ts', out: 'engine' },
  { in: 'server/src/lsp/server.ts', out: 'protocol' },
  { in: 'client/src/extension.ts', out: 'client' },
].filter((e) => fs.existsSync(path.join(root, e.in)));

await Promise.all(entries.map((e) => esbuild.build({
  ...common,
  entryPoints: [path.join(root, e.in)],
  outfile: path.join(dist, `${e.out}.js`),
  banner: e.banner ? { js: e.banner } : undefined,
})));
// Both are executables: `asynclens` (the CLI) and `asynclens-lsp` (the language server for any editor).
for (const bin of ['cli.js', 'server.js']) if (fs.existsSync(path.join(dist, bin))) fs.chmodSync(path.join(dist, bin), 0o755);

// Tests are bundled one file per suite into out/test so `node --test` can run them without a loader;
// they find the wasm files in dist/ through the same locator the CLI uses.
if (!production) {
  const testFiles = [];
  const walk = (dir) => {
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) { if (!['fixtures', 'calibration', 'e2e'].includes(ent.name) || dir !== path.join(root, 'test')) walk(p); }
      else if (ent.name.endsWith('.test.ts')) testFiles.push(p);
    }
  };
  walk(path.join(root, 'test'));
  fs.rmSync(path.join(out, 'test'), { recursive: true, force: true });
  await esbuild.build({
    ...common,
    entryPoints: testFiles,
    outdir: path.join(out, 'test'),
    outbase: path.join(root, 'test'),
  });
}
