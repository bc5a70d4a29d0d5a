// taskEvidence on call chains: the value of a chain is its last call's, so the Async naming convention is read there
// too, not only on the first call written.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { taskEvidence } from '../../server/src/workspace/typing';
import type { WorkspaceIndex } from '../../server/src/workspace/index';

before(ready);

const FILE = `
namespace Depot;

public sealed class Shelf
{
    public object Load(object source, int id)
    {
        return source;
    }
}
`;

function evidenceIn(expression: string) {
  const index: WorkspaceIndex = createIndex();
  const { model, tree } = modelFile(FILE);
  tree?.delete();
  updateFile(index, 'Shelf.cs', model);
  const body = model.bodies.find((b) => b.name === 'Load')!;
  return taskEvidence(expression, body, model.bodies, index);
}

test('a chain whose last call ends in Async is a task, whatever its first call is named', () => {
  assert.deepEqual(evidenceIn('source.Narrow(true).Pick(x => x.Id == id).FetchOneAsync(x => x.Id == id)'), {
    verdict: 'task',
    reason: 'FetchOneAsync follows the Async naming convention',
  });
});

test('a chain without an Async call says nothing', () => {
  assert.equal(evidenceIn('source.Narrow(true).Pick(id)').verdict, 'unknown');
});
