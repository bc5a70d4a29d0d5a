// Global analyzer configs (config/globalConfig.ts) read as Roslyn reads them: which files are global, their level,
// the merge between them, the precedence of .editorconfig over them, and input that is malformed or too large.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { globalLevelOf, globalOptionsFor, mergeGlobalConfigs, parseGlobalConfig, withGlobalOptions } from '../../server/src/config/globalConfig';
import { editorConfigOptions, peersTurnedOff, severitiesFromOptions } from '../../server/src/config/editorconfig';
import { createProjectHost, modelPath } from '../../server/src/project/host/projects';
import { MAX_CONFIG_FILE_BYTES } from '../../server/src/project/host/sourceFiles';
import { createEngineProjects } from '../../server/src/lsp/engine/projects';
import { DEFAULT_SETTINGS } from '../../server/src/config/settings';

const cases: { name: string; path: string; text: string; isGlobal: boolean; level: number; options: [string, string][] }[] = [
  { name: 'a file named .globalconfig is global without is_global, at level 100', path: '/r/.globalconfig', text: 'dotnet_diagnostic.CA2016.severity = none\n', isGlobal: true, level: 100, options: [['dotnet_diagnostic.ca2016.severity', 'none']] },
  { name: 'any other name needs is_global, whatever its value, and has level 0', path: '/r/eng/A.editorconfig', text: 'is_global = false\nkey = v\n', isGlobal: true, level: 0, options: [['key', 'v']] },
  { name: 'without is_global another name is a regular .editorconfig', path: '/r/eng/B.globalconfig', text: 'dotnet_diagnostic.CA2016.severity = none\n', isGlobal: false, level: 0, options: [['dotnet_diagnostic.ca2016.severity', 'none']] },
  { name: 'global_level is read as an integer, signs and blanks allowed', path: '/r/x.globalconfig', text: 'is_global = true\nglobal_level =  -5 \n', isGlobal: true, level: -5, options: [] },
  { name: 'a global_level that is not a 32-bit integer falls back to the default', path: '/r/.globalconfig', text: 'global_level = 99999999999\n', isGlobal: true, level: 100, options: [] },
  { name: 'a global_level with a fraction falls back too', path: '/r/y.globalconfig', text: 'is_global = true\nglobal_level = 1.5\n', isGlobal: true, level: 0, options: [] },
  {
    name: 'comments, colons, inline comments and upper-case keys are read as Roslyn reads them; malformed lines are dropped',
    path: '/r/.globalconfig',
    text: '# comment\n; comment\n  DOTNET_Diagnostic.CA2012.Severity : none # why\n= no key\nno value separator\n[unterminated\nk = a;b\n\u0000\u0001 = \u0002\n',
    isGlobal: true,
    level: 100,
    options: [['dotnet_diagnostic.ca2012.severity', 'none'], ['k', 'a'], ['\u0000\u0001', '\u0002']],
  },
];

for (const c of cases) {
  test(`parse: ${c.name}`, () => {
    const file = { path: c.path, text: c.text };
    const parsed = parseGlobalConfig(file);
    assert.equal(parsed.isGlobal, c.isGlobal);
    assert.equal(globalLevelOf(file, parsed), c.level);
    assert.deepEqual([...parsed.options], c.options);
  });
}

test('parse: sections apply to the file whose absolute path they name; other sections are ignored', () => {
  const parsed = parseGlobalConfig({ path: '/r/.globalconfig', text: '[*.cs]\na = 1\n[/r/src/A.cs]\nb = 2\n[C:\\\\r\\\\B.cs]\nc = 3\n[src/C.cs]\nd = 4\n' });
  assert.deepEqual([...parsed.options], []);
  assert.deepEqual([...parsed.fileSections.keys()], ['/r/src/A.cs', 'C:/r/B.cs']);
  assert.deepEqual(parsed.ignoredSections, ['*.cs', 'src/C.cs']);
  const set = mergeGlobalConfigs([{ path: '/r/.globalconfig', text: 'x = top\n[/r/src/A.cs]\nx = file\n' }]);
  assert.equal(globalOptionsFor(set, '/r/src/A.cs').get('x')?.value, 'file', 'a section naming the file overrides the top section');
  assert.equal(globalOptionsFor(set, '/r/src/B.cs').get('x')?.value, 'top');
});

test('merge: the higher global_level wins; equal levels cancel; non-global files and repeats are left out', () => {
  const set = mergeGlobalConfigs([
    { path: '/r/.globalconfig', text: 'a = root\nb = root\nc = root\n' },
    { path: '/r/eng/High.globalconfig', text: 'is_global = true\nglobal_level = 150\na = high\n' },
    { path: '/r/eng/Same.globalconfig', text: 'is_global = true\nglobal_level = 100\nb = same\n' },
    { path: '/r/eng/Plain.editorconfig', text: 'c = plain\n' },
    { path: '/r/.globalconfig', text: 'c = repeated\n' },
  ]);
  assert.deepEqual(set.files, ['/r/.globalconfig', '/r/eng/High.globalconfig', '/r/eng/Same.globalconfig']);
  assert.deepEqual([...set.options].map(([k, o]) => [k, o.value, o.file]), [['a', 'high', '/r/eng/High.globalconfig'], ['c', 'root', '/r/.globalconfig']]);
  assert.deepEqual(set.conflicts, [{ key: 'b', files: ['/r/.globalconfig', '/r/eng/Same.globalconfig'], section: null }]);
  // The order the files come in does not decide: the level does.
  const reversed = mergeGlobalConfigs([{ path: '/r/eng/High.globalconfig', text: 'is_global = true\nglobal_level = 150\na = high\n' }, { path: '/r/.globalconfig', text: 'a = root\n' }]);
  assert.equal(reversed.options.get('a')?.value, 'high');
});

test('precedence: an .editorconfig entry that applies to the file wins over a global config; other keys come from the global config', () => {
  const set = mergeGlobalConfigs([{ path: '/r/.globalconfig', text: 'dotnet_diagnostic.CA2016.severity = none\ndotnet_diagnostic.CA2012.severity = none\ndotnet_diagnostic.ASY011.severity = error\n' }]);
  const editorconfig = [{ dir: '/r', text: 'root = true\n[legacy/**.cs]\ndotnet_diagnostic.CA2016.severity = warning\n' }];
  const legacy = withGlobalOptions(editorConfigOptions('/r/legacy/a.cs', editorconfig), globalOptionsFor(set, '/r/legacy/a.cs'));
  assert.deepEqual([...peersTurnedOff(legacy.values, legacy.globalSources)], [['CA2012', 'the global analyzer config .globalconfig']]);
  const other = withGlobalOptions(editorConfigOptions('/r/src/a.cs', editorconfig), globalOptionsFor(set, '/r/src/a.cs'));
  assert.deepEqual([...peersTurnedOff(other.values, other.globalSources)].map(([id]) => id), ['CA2016', 'CA2012']);
  assert.equal(severitiesFromOptions(other.values).get('ASY011'), 'error', 'AsyncLens severities in a global config apply');
});

function tempTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-globalconfig-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const PROJECT = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup></Project>';

test('host: .globalconfig above the project and the files its items list; DiscoverGlobalAnalyzerConfigFiles=false turns discovery off', () => {
  const dir = tempTree({
    '.globalconfig': 'a = root\n',
    'eng/Listed.globalconfig': 'is_global = true\nglobal_level = 200\nb = listed\n',
    'eng/Named.txt': 'is_global = true\nc = named\n',
    'Directory.Build.targets': '<Project><ItemGroup><GlobalAnalyzerConfigFiles Include="$(MSBuildThisFileDirectory)eng/Listed.globalconfig" /><EditorConfigFiles Include="../../eng/Named.txt;$(MSBuildThisFileDirectory)eng/Absent.globalconfig" /></ItemGroup></Project>',
    'src/App/App.csproj': PROJECT,
    'src/App/.globalconfig': 'a = project\n',
    'src/Off/Off.csproj': PROJECT.replace('</PropertyGroup>', '<DiscoverGlobalAnalyzerConfigFiles>false</DiscoverGlobalAnalyzerConfigFiles></PropertyGroup>'),
  });
  const host = createProjectHost({ configuration: 'Release' });
  const app = host.ownerOf(path.join(dir, 'src/App/A.cs'))!;
  assert.deepEqual(app.analyzerConfigFiles?.map((f) => [f.item, path.basename(f.path)]), [['GlobalAnalyzerConfigFiles', 'Listed.globalconfig'], ['EditorConfigFiles', 'Named.txt'], ['EditorConfigFiles', 'Absent.globalconfig']]);
  const set = host.globalConfigOf(app);
  assert.deepEqual(set.files.map((f) => path.relative(modelPath(dir), f)), ['.globalconfig', 'src/App/.globalconfig', 'eng/Listed.globalconfig', 'eng/Named.txt']);
  assert.deepEqual(set.conflicts.map((c) => c.key), ['a'], 'two .globalconfig files at level 100 set a: it is unset');
  assert.deepEqual([...set.options].map(([k, o]) => [k, o.value]), [['b', 'listed'], ['c', 'named']]);
  const off = host.ownerOf(path.join(dir, 'src/Off/A.cs'))!;
  assert.deepEqual(host.globalConfigOf(off).files.map((f) => path.basename(f)), ['Listed.globalconfig', 'Named.txt']);
});

test('host: a global config over the size limit is treated as absent, as an .editorconfig would be', () => {
  const big = `dotnet_diagnostic.CA2016.severity = none\n#${'x'.repeat(MAX_CONFIG_FILE_BYTES)}\n`;
  const dir = tempTree({ '.globalconfig': big, 'App/App.csproj': PROJECT });
  const host = createProjectHost({ configuration: 'Release' });
  const set = host.globalConfigOf(host.ownerOf(path.join(dir, 'App/A.cs'))!);
  assert.deepEqual(set.files, []);
  // Just under the limit, a file of many lines is read whole.
  const lines = Math.floor((MAX_CONFIG_FILE_BYTES - 100) / 20);
  const many = mergeGlobalConfigs([{ path: '/r/.globalconfig', text: `${'k=v;comment\r\n'.repeat(lines)}last = 1` }]);
  assert.equal(many.options.get('last')?.value, '1');
});

test('language server: a changed .globalconfig or listed *.globalconfig is read again; other names are not taken for one', () => {
  const dir = tempTree({
    '.globalconfig': 'dotnet_diagnostic.ASY011.severity = none\n',
    'eng/Tests.globalconfig': 'is_global = true\nglobal_level = 150\n',
    'Directory.Build.targets': '<Project><ItemGroup><EditorConfigFiles Include="$(MSBuildThisFileDirectory)eng/Tests.globalconfig" /></ItemGroup></Project>',
    'App/App.csproj': PROJECT,
  });
  const projects = createEngineProjects();
  projects.addProjectFiles([path.join(dir, 'App/App.csproj')]);
  const key = pathToFileURL(path.join(dir, 'App/A.cs')).toString();
  const settings = DEFAULT_SETTINGS;
  assert.equal(projects.severitiesOf(key, settings).get('ASY011'), 'off');
  fs.writeFileSync(path.join(dir, '.globalconfig'), 'dotnet_diagnostic.ASY011.severity = warning\n');
  assert.equal(projects.severitiesOf(key, settings).get('ASY011'), 'off', 'cached until the change is reported');
  assert.equal(projects.analyzerConfigChanged(path.join(dir, '.globalconfig')), true);
  assert.equal(projects.severitiesOf(key, settings).get('ASY011'), 'warning');
  fs.writeFileSync(path.join(dir, 'eng/Tests.globalconfig'), 'is_global = true\nglobal_level = 150\ndotnet_diagnostic.ASY011.severity = error\n');
  assert.equal(projects.analyzerConfigChanged(path.join(dir, 'eng/Tests.globalconfig')), true);
  assert.equal(projects.severitiesOf(key, settings).get('ASY011'), 'error', 'level 150 beats the .globalconfig');
  assert.equal(projects.analyzerConfigChanged(path.join(dir, 'App/A.cs')), false);
});
