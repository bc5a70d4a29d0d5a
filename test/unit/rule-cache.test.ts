// Per-method rules with kept findings (analysis/ruleCache.ts) against whole-file runs: over every fixture directory
// as a workspace, edits inside each method, before it, and removing a statement of it; after each, the findings of
// a check that reuses what it kept must equal a check from scratch. The context the kept findings are compared
// against is built from the same digests the language server keeps per file (declarations and verdicts).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, ready, repoRoot } from './support';
import { parse } from '../../server/src/parse/parser';
import { buildFileModel } from '../../server/src/model/extract';
import { outermostFamilies } from '../../server/src/model/bodies';
import type { FileModel } from '../../server/src/model/types';
import { createIndex, updateFile, type WorkspaceIndex } from '../../server/src/workspace/index';
import { analyseCompletion, type CompletionAnalysis } from '../../server/src/workspace/completion';
import { checkFile } from '../../server/src/analysis/project';
import { createRuleCache, declarationsDigestOf, verdictsDigestOf, type RuleCache } from '../../server/src/analysis/ruleCache';
import { RULES } from '../../server/src/rules/registry';
import type { Finding } from '../../server/src/rules/types';

before(ready);

const perMethod = RULES.filter((r) => r.meta.scope === 'method').map((r) => r.meta.id);
const selection = { enabled: new Set(perMethod), disabled: new Set<string>() };

function modelOf(text: string): FileModel {
  const r = parse(text);
  const m = buildFileModel(r.tree!, text, undefined, r.prepared ?? undefined);
  r.tree!.delete();
  return m;
}

/** What the language server's generations stand for, computed outright over the whole workspace. */
function contextOf(index: WorkspaceIndex, completion: CompletionAnalysis): string {
  return [...index.files].map(([file, model]) => `${file}\n${declarationsDigestOf(model)}\n${verdictsDigestOf(file, model, completion)}`).join('\n');
}

const comparable = (findings: Finding[]) => findings.map((f) => JSON.stringify(f)).sort();

/** Edits of one file: a line before each method, a statement at the start of its block, its first statement removed. */
function editsOf(text: string, model: FileModel): string[] {
  const out: string[] = [];
  for (const { root } of outermostFamilies(model.bodies).families.slice(0, 6)) {
    out.push(`${text.slice(0, root.span.start)}\n${text.slice(root.span.start)}`);
    const block = root.bodySpan;
    if (!block || text[block.start] !== '{') continue;
    out.push(`${text.slice(0, block.start + 1)} System.GC.KeepAlive(null);${text.slice(block.start + 1)}`);
    const firstEnd = text.indexOf(';', block.start);
    if (firstEnd > 0 && firstEnd < block.end && !text.slice(block.start + 1, firstEnd).includes('{')) out.push(`${text.slice(0, block.start + 1)}${text.slice(firstEnd + 1)}`);
  }
  return out;
}

test('per-method rules: findings kept across edits equal a whole-file check, over every fixture directory', () => {
  assert.ok(perMethod.length > 0, 'no rule is per-method');
  const files = listFiles(path.join(repoRoot, 'test', 'fixtures'), '.cs');
  const byDirectory = new Map<string, string[]>();
  for (const f of files) byDirectory.set(path.dirname(f), [...(byDirectory.get(path.dirname(f)) ?? []), f]);
  let edits = 0;
  let reused = 0;
  for (const [, group] of byDirectory) {
    const texts = new Map(group.map((f) => [f, fs.readFileSync(f, 'utf8')]));
    const models = new Map([...texts].map(([f, t]) => [f, modelOf(t)]));
    for (const file of group) {
      const original = texts.get(file)!;
      const index = createIndex();
      for (const [f, m] of models) updateFile(index, f, m);
      const cache: RuleCache = createRuleCache();
      let completion = analyseCompletion(index);
      checkFile(file, original, models.get(file)!, index, completion, selection, undefined, {}, null, { cache, context: contextOf(index, completion) });
      for (const edited of editsOf(original, models.get(file)!)) {
        const model = modelOf(edited);
        updateFile(index, file, model);
        completion = analyseCompletion(index);
        const context = contextOf(index, completion);
        const before = cache.context === context ? [...cache.byRule.values()].reduce((n, m) => n + m.size, 0) : 0;
        const kept = checkFile(file, edited, model, index, completion, selection, undefined, {}, null, { cache, context }).findings;
        const fresh = checkFile(file, edited, model, index, completion, selection).findings;
        assert.deepEqual(comparable(kept), comparable(fresh), `${path.relative(repoRoot, file)} after an edit:\n${edited}`);
        edits++;
        if (before > 0) reused++;
      }
    }
  }
  // The comparison means something only if most edits left the context alone and findings were kept.
  assert.ok(edits > 500, `${edits} edits`);
  assert.ok(reused > edits / 2, `findings were kept in only ${reused} of ${edits} edits`);
});
