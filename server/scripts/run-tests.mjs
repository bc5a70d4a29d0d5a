// The one test command: runs every bundled test suite with node's test runner, then checks that every C#
// fixture compiles. Suites that need tools the machine lacks say so and why instead of passing silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const testDir = path.join(root, 'out', 'test');
const files = [];
const walk = (dir) => {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) walk(p);
    else if (ent.name.endsWith('.test.js')) files.push(p);
  }
};
walk(testDir);
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...selected], { stdio: 'inherit', cwd: root });
let failed = run.status !== 0;
if (!only.length) {
  const compile = spawnSync(process.execPath, [path.join(root, 'test', 'dotnet', 'compile-fixtures.mjs')], { stdio: 'inherit', cwd: root });
  if (compile.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
