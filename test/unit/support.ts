// Shared test setup: the parser is loaded once per test process from the built wasm files.
import fs from 'node:fs';
import path from 'node:path';
import { initParser } from '../../server/src/parse/parser';
import { locateWasm } from '../../server/src/host/wasm';
import { installSignatureDatabase } from '../../server/src/host/signatures';
import { main } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';
import { createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import type { WorkspaceIndex } from '../../server/src/workspace/index';

/** The repository root, found from the bundled test file's location (out/test/...). */
export const repoRoot = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'server'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the repository root above ' + __dirname);
    dir = up;
  }
  return dir;
})();

/** Loads the parser and, as the CLI and the language server do, hands the analysis the API signature database. */
export function ready(): Promise<void> {
  installSignatureDatabase({}, (message) => {
    throw new Error(message);
  });
  return initParser(locateWasm());
}

export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  if (!fs.existsSync(dir)) return out;
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) {
      if (ent.name !== 'bin' && ent.name !== 'obj') out.push(...listFiles(p, ext));
    } else if (ent.name.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

/** Runs the `asynclens` command in-process, as a user would from `cwd`, capturing what it prints. */
export async function runCli(args: string[], cwd = repoRoot, env: Record<string, string | undefined> = { ASYNCLENS_PROJECT_PACKAGES: 'off', ASYNCLENS_MODEL_CACHE: 'off' }, workerScript?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const io: CliIO & { stdout: string; stderr: string } = {
    stdout: '',
    stderr: '',
    out(t: string) { io.stdout += t; },
    err(t: string) { io.stderr += t; },
    isTTY: false,
    errIsTTY: false,
    cwd,
    // The packages of restored fixture projects are read only by the tests about them (their obj/ folders come
    // and go with the fixture builds), so every other test sees the built-in signatures alone; the model cache
    // (cli/modelCache.ts) only in its own test, so every run models afresh and nothing is written to the user's cache.
    env,
    // Worker threads start from the built CLI bundle (a test bundle cannot run as one); none: one thread.
    ...(workerScript ? { workerScript } : {}),
  };
  const code = await main(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/**
 * The rules a rule fixture runs: every rule on by default, plus the folder's own rule when it is off by default
 * (ASY027, ASY028), so an opt-in rule's findings are expected in its own fixtures and nowhere else, as users see them.
 */
export function fixtureRuleSelection(ruleFolder: string, rules: readonly { meta: { id: string; name: string; defaultSeverity: string } }[]): { enabled: Set<string>; disabled: Set<string> } {
  return { enabled: new Set(rules.filter((r) => r.meta.defaultSeverity !== 'off' || r.meta.name === ruleFolder).map((r) => r.meta.id)), disabled: new Set<string>() };
}

/** A workspace index of these files (name -> C# text), each modelled as the analysis does. */
export function indexOfFiles(files: Record<string, string>): WorkspaceIndex {
  const index = createIndex();
  for (const [name, text] of Object.entries(files)) {
    const { model, tree } = modelFile(text);
    tree?.delete();
    updateFile(index, name, model);
  }
  return index;
}
