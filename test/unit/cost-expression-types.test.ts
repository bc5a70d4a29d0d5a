// The cost model's expression typing (server/src/cost/expressionTypes.ts) as data: every C# file under
// test/fixtures/cost-types is one workspace file, and each `// type of EXPRESSION: TYPE` comment says what the
// expression's type is inside the body the comment sits in (`: null` when the model must give no answer; the
// last `: ` separates, so named arguments may stand in the expression).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, ready, repoRoot } from './support';
import { createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { typeOfExpression } from '../../server/src/cost/expressionTypes';
import { costApiFor } from '../../server/src/cost/apiTypes';
import type { FileModel } from '../../server/src/model/types';

before(ready);

const folder = path.join(repoRoot, 'test', 'fixtures', 'cost-types');

test('expression types in the cost-types fixtures', () => {
  const index = createIndex();
  const files = listFiles(folder, '.cs').map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const { model, tree } = modelFile(text);
    tree?.delete();
    const name = path.relative(folder, file);
    updateFile(index, name, model);
    return { name, text, model };
  });
  let checked = 0;
  for (const { name, text, model } of files) {
    for (const m of text.matchAll(/^\s*\/\/ type of (.+): (\S.*)$/gm)) {
      const at = m.index!;
      const [, expression, expected] = m;
      const body = innermostBody(model, at);
      assert.ok(body, `${name}: no body around "${m[0]}"`);
      const api = costApiFor(model, name, index, 'net10.0');
      const actual = typeOfExpression(expression!, { body: body!, bodies: model.bodies, index, api });
      assert.equal(actual, expected === 'null' ? null : expected, `${name}: ${expression}`);
      checked++;
    }
  }
  assert.ok(checked > 0, 'no expectations found');
});

function innermostBody(model: FileModel, offset: number) {
  return model.bodies
    .filter((b) => b.span.start <= offset && offset < b.span.end)
    .sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start))[0];
}
