// A type nested in another is named simply only inside its container, the types derived from it and files that import
// it with `using static`; elsewhere its simple name means the top-level type of that name. The workspace lookups that
// resolve a name written in a file (a receiver's declared type, a static call's owner) ask typesVisibleFrom and
// methodsNamedFrom with that file's view.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { indexOfFiles, ready } from './support';
import { typeOfExpression } from '../../server/src/workspace/typing';
import { methodsNamed, typesNamed, type WorkspaceIndex } from '../../server/src/workspace/index';
import { methodsNamedFrom, nameViewOf, typesVisibleFrom } from '../../server/src/workspace/nestedTypes';

before(ready);

const workspace = indexOfFiles;

const FILES = {
  'Settings.cs': `
namespace App;
public sealed class Settings { public int Load(string key) => 0; }
`,
  'Uploader.cs': `
namespace App;
public class Uploader
{
    public Task<string> Run(Settings settings) => settings.Load("k");
    protected sealed class Settings { public Task<string> Load(string key) => Task.FromResult(key); }
}
public sealed class FastUploader : Uploader { }
`,
  'Fast.cs': 'namespace App; public sealed class Faster : FastUploader { public int Size() => 1; }',
  'Mailer.cs': `
namespace App;
public sealed class Mailer
{
    public int Subject(Settings settings) => settings.Load("k");
    public Task<string> Nested(Uploader.Settings settings) => settings.Load("k");
}
`,
  'Imports.cs': `
using static App.Uploader;
namespace App;
public sealed class Importer { }
`,
};

const where = (index: WorkspaceIndex, file: string) => typesVisibleFrom(index, 'Settings', nameViewOf(index, file)).map((r) => r.file);

test('a simple name outside the container means the top-level type, and inside it the nested one', () => {
  const index = workspace(FILES);
  assert.deepEqual(where(index, 'Mailer.cs'), ['Settings.cs']);
  assert.deepEqual(where(index, 'Uploader.cs'), ['Uploader.cs']);
  // Derived types see it, two levels down too, and so does a file that imports the container with using static.
  assert.deepEqual(where(index, 'Fast.cs'), ['Uploader.cs']);
  assert.deepEqual(where(index, 'Imports.cs'), ['Uploader.cs']);
  // Without a view, every declaration, as typesNamed answers (the very list).
  assert.equal(typesVisibleFrom(index, 'Settings', null), typesNamed(index, 'Settings'));
  // A qualified name keeps the declaration it names, wherever it is written.
  assert.deepEqual(typesVisibleFrom(index, 'Uploader.Settings', nameViewOf(index, 'Mailer.cs')).map((r) => r.file), ['Uploader.cs']);
  assert.deepEqual(typesVisibleFrom(index, 'App.Settings', null).map((r) => r.file), ['Settings.cs']);
});

test('member lookups on a receiver take the methods of the declarations its type name means where it is written', () => {
  const index = workspace(FILES);
  const files = (refs: { file: string }[]) => refs.map((m) => m.file).sort();
  assert.deepEqual(files(methodsNamed(index, 'Load', 'Settings')), ['Settings.cs', 'Uploader.cs']);
  assert.deepEqual(files(methodsNamedFrom(index, 'Load', 'Settings', nameViewOf(index, 'Mailer.cs'))), ['Settings.cs']);
  assert.deepEqual(files(methodsNamedFrom(index, 'Load', 'Settings', nameViewOf(index, 'Uploader.cs'))), ['Uploader.cs']);
  assert.deepEqual(files(methodsNamedFrom(index, 'Load', 'Uploader.Settings', nameViewOf(index, 'Mailer.cs'))), ['Uploader.cs']);
  // Typing a call: the top-level Load returns an int, the nested one a Task<string>; each file gets its own.
  const typeIn = (file: string, method: string, expression: string) => {
    const model = index.files.get(file)!;
    return typeOfExpression(expression, model.bodies.find((b) => b.name === method)!, model.bodies, index)?.typeText;
  };
  assert.equal(typeIn('Mailer.cs', 'Subject', 'settings.Load("k")'), 'int');
  assert.equal(typeIn('Mailer.cs', 'Nested', 'settings.Load("k")'), 'Task<string>');
  assert.equal(typeIn('Uploader.cs', 'Run', 'settings.Load("k")'), 'Task<string>');
});

test('the other parts of a partial type lend their nested types to each part, and a namesake in another namespace does not', () => {
  const index = workspace({
    'Settings.cs': FILES['Settings.cs'],
    'Worker.cs': `
namespace App;
public partial class Worker
{
    private sealed class Settings { public Task<string> Load(string key) => Task.FromResult(key); }
}
`,
    'Worker.Run.cs': 'namespace App; public partial class Worker { public int Run() => 1; }',
    'Other.cs': 'namespace Elsewhere; public partial class Worker { public int Stop() => 0; }',
  });
  assert.deepEqual(where(index, 'Worker.Run.cs'), ['Worker.cs']);
  assert.deepEqual(where(index, 'Other.cs'), ['Settings.cs']);
});
