// workspace/projectView.ts: what one project sees of the index, and that it follows the project model when a file
// changes project without any index change (an edited project file in the editor).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { parse } from '../../server/src/parse/parser';
import { buildFileModel } from '../../server/src/model/extract';
import { createIndex, updateFile } from '../../server/src/workspace/index';
import { projectView } from '../../server/src/workspace/projectView';
import { fileApiScope } from '../../server/src/signatures/scope';
import { fileApiScopesChanged, provideFileApiScopes } from '../../server/src/signatures/provider';

before(ready);
after(() => provideFileApiScopes(null));

function modelOf(text: string) {
  const r = parse(text);
  const model = buildFileModel(r.tree!, text);
  r.tree!.delete();
  return model;
}

test('a project view follows a file that changes project without an index change', () => {
  const owner = new Map<string, string>([['/w/A/Clock.cs', 'A.csproj'], ['/w/A/Use.cs', 'A.csproj'], ['/w/B/Clock.cs', 'B.csproj']]);
  provideFileApiScopes((file) => {
    const project = owner.get(file);
    return project ? fileApiScope('net10.0', { path: project, globalUsings: [] }) : null;
  });
  const index = createIndex();
  updateFile(index, '/w/A/Clock.cs', modelOf('class Clock { public void Tick() { } }'));
  updateFile(index, '/w/B/Clock.cs', modelOf('class Clock { public System.Threading.Tasks.Task TickAsync() => System.Threading.Tasks.Task.CompletedTask; }'));
  updateFile(index, '/w/A/Use.cs', modelOf('class Use { }'));
  const clocks = () => (projectView(index, '/w/A/Use.cs').typesByName.get('Clock') ?? []).map((ref) => ref.file);
  assert.deepEqual(clocks(), ['/w/A/Clock.cs']);
  // Project A's file moves to B (its project file now excludes the folder): the view must see it as B's.
  owner.set('/w/A/Clock.cs', 'B.csproj');
  fileApiScopesChanged();
  assert.deepEqual(clocks().sort(), ['/w/A/Clock.cs', '/w/B/Clock.cs']);
});
