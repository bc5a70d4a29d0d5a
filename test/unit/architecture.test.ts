// The core is plain functions over text and trees: parse, model, workspace, knowledge, signatures, cost, rules,
// config, analysis and project (but project/host) never import vscode*, node:* modules or touch `process`, so the CLI, the server and the tests
// share them unchanged; only server/src/lsp imports vscode-languageserver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, listFiles } from './support';

// project/ is core too, except project/host, the thin part that reads files for both hosts.
const CORE = ['parse', 'model', 'workspace', 'knowledge', 'signatures', 'cost', 'rules', 'config', 'analysis', 'project'];
const importsOf = (text: string) => [...text.matchAll(/(?:import[^'"]*from\s*|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

test('the analysis core imports no editor, file system or process APIs', () => {
  const problems: string[] = [];
  for (const dir of CORE) {
    for (const file of listFiles(path.join(repoRoot, 'server', 'src', dir), '.ts')) {
      if (file.split(path.sep).join('/').includes('/server/src/project/host/')) continue;
      const text = fs.readFileSync(file, 'utf8');
      const rel = path.relative(repoRoot, file);
      for (const spec of importsOf(text)) {
        if (/^vscode/.test(spec) || /^node:/.test(spec) || ['fs', 'path', 'os', 'child_process'].includes(spec)) problems.push(`${rel} imports ${spec}`);
        if (spec.includes('/lsp/') || spec.includes('/cli/') || spec.includes('/host/')) problems.push(`${rel} imports the outer layer ${spec}`);
      }
      if (/\bprocess\.(env|argv|cwd|exit|stdout|stderr)/.test(text)) problems.push(`${rel} uses process`);
    }
  }
  assert.deepEqual(problems, []);
});

test('only server/src/lsp and server/src/main.ts import vscode-languageserver; only client/ imports vscode', () => {
  const problems: string[] = [];
  for (const file of [...listFiles(path.join(repoRoot, 'server', 'src'), '.ts'), ...listFiles(path.join(repoRoot, 'client', 'src'), '.ts')]) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (spec.startsWith('vscode-languageserver') && !rel.startsWith('server/src/lsp/') && rel !== 'server/src/main.ts') problems.push(`${rel} imports ${spec}`);
      if ((spec === 'vscode' || spec.startsWith('vscode-languageclient')) && !rel.startsWith('client/')) problems.push(`${rel} imports ${spec}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the CLI and the language server share the walk and the project model from project/: neither imports the other', () => {
  const problems: string[] = [];
  for (const [dir, forbidden] of [['lsp', '/cli/'], ['cli', '/lsp/'], ['project', '/cli/'], ['project', '/lsp/']] as const) {
    for (const file of listFiles(path.join(repoRoot, 'server', 'src', dir), '.ts')) {
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) if (spec.includes(forbidden)) problems.push(`${path.relative(repoRoot, file)} imports ${spec}`);
    }
  }
  assert.deepEqual(problems, []);
});

// A module that imports another which imports it back cannot be read, tested or moved alone, and the code map cannot
// describe it as a layer. Type-only imports are erased and do not count. The one pair allowed is real mutual recursion:
// typing an expression types the lambdas in it, whose parameters' types come from the delegate they convert to, found by
// typing the call around them.
const ALLOWED_CYCLES = [['server/src/cost/expressionTypes.ts', 'server/src/cost/lambdaTargets.ts']];

test('no two modules of the server import each other, however far round', () => {
  const files = listFiles(path.join(repoRoot, 'server', 'src'), '.ts');
  const rel = (f: string) => path.relative(repoRoot, f).split(path.sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), m[1]);
      const target = [`${base}.ts`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c));
      if (target) targets.push(rel(target));
    }
    graph.set(rel(file), targets);
  }
  const allowed = (a: string, b: string) => ALLOWED_CYCLES.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (allowed(from, to)) continue;
      // Does `to` reach `from`? A path back makes the edge part of a cycle.
      const seen = new Set<string>([to]);
      const stack = [to];
      let back = false;
      while (stack.length && !back) {
        const current = stack.pop()!;
        for (const next of graph.get(current) ?? []) {
          if (allowed(current, next)) continue;
          if (next === from) back = true;
          else if (!seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
        }
      }
      if (back) problems.push(`${from} -> ${to} is part of an import cycle`);
    }
  }
  assert.deepEqual(problems, []);
});

// The language server's launcher starts the engine thread before it loads anything else (server/src/main.ts), and
// the engine's bundle leaves the protocol library to the protocol thread: each library a bundle carries is read and
// compiled on the way to the first diagnostics. Read from the development build, whose bundles name each module they
// include in a comment.
test('the language server launcher carries no library, and the engine bundle no protocol library', () => {
  const dist = path.join(repoRoot, 'dist');
  const bundle = (name: string) => {
    const file = path.join(dist, name);
    assert.ok(fs.existsSync(file), `${name} is missing from dist/: run npm run build`);
    return fs.readFileSync(file, 'utf8');
  };
  const modules = (text: string) => [...text.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]);
  const launcher = modules(bundle('server.js'));
  assert.ok(launcher.includes('server/src/main.ts'), 'the launcher is the development build');
  assert.deepEqual(launcher.filter((m) => m.includes('node_modules/')), []);
  const engine = modules(bundle('engine.js'));
  assert.ok(engine.includes('server/src/lsp/engine/engine.ts'));
  assert.deepEqual(engine.filter((m) => /node_modules\/vscode-/.test(m)), []);
  assert.ok(modules(bundle('protocol.js')).some((m) => m.includes('node_modules/vscode-languageserver/')), 'the protocol side carries the library');
});
