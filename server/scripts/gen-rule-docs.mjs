// Writes the rule documentation pages (server/docs/rules/*.md) from the rules' metadata and docs, the pages
// diagnostics link to. `--check` writes nothing and exits 1 when a page is missing, stale or left over.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const check = process.argv.includes('--check');

// The rules are TypeScript: bundle the registry and the page renderer into a temporary module and load it.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-docs-'));
const bundle = path.join(tmp, 'docs.cjs');
try {
  await esbuild.build({
    stdin: {
      contents: "export { RULES } from './server/src/rules/registry';\nexport { ruleDocFiles, RULE_DOCS_DIR } from './server/src/lsp/ruleDocs';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: bundle,
    logLevel: 'warning',
  });
  const { RULES, ruleDocFiles, RULE_DOCS_DIR } = createRequire(import.meta.url)(bundle);
  const dir = path.join(root, RULE_DOCS_DIR);
  const expected = ruleDocFiles(RULES);
  const existing = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
  const stale = [...expected].filter(([name, text]) => !fs.existsSync(path.join(dir, name)) || fs.readFileSync(path.join(dir, name), 'utf8') !== text).map(([name]) => name);
  const leftOver = existing.filter((f) => !expected.has(f));
  if (check) {
    if (stale.length || leftOver.length) {
      console.error(`rule docs are out of date: ${[...stale, ...leftOver].join(', ')}; run node server/scripts/gen-rule-docs.mjs`);
      process.exitCode = 1;
    } else {
      console.log(`rule docs are current (${expected.size} files)`);
    }
  } else {
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, text] of expected) fs.writeFileSync(path.join(dir, name), text);
    for (const f of leftOver) fs.rmSync(path.join(dir, f));
    console.log(`wrote ${expected.size} files to ${RULE_DOCS_DIR} (${stale.length} changed, ${leftOver.length} removed)`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
