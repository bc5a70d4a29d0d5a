// package.json as VS Code and vsce read it: the settings mirror the server's one schema, the commands are
// the ones the client registers, the grammar and the run-time files it names exist and go into the .vsix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './support';
import { SETTINGS_SCHEMA, SEVERITY_SETTINGS } from '../../server/src/config/settings';
import { RULES } from '../../server/src/rules/registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const pkg: Json = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

function configurationProperties(): Record<string, Json> {
  const configuration = pkg.contributes?.configuration;
  const sections: Json[] = Array.isArray(configuration) ? configuration : [configuration];
  return Object.assign({}, ...sections.map((s) => s?.properties ?? {}));
}

test('package.json declares exactly the settings of the server schema', () => {
  assert.deepEqual(Object.keys(configurationProperties()).sort(), SETTINGS_SCHEMA.map((s) => s.key).sort());
});

for (const setting of SETTINGS_SCHEMA) {
  test(`${setting.key}: type, default, choices and limits match the schema`, () => {
    const declared = configurationProperties()[setting.key];
    assert.equal(declared.type, setting.type);
    assert.deepEqual(declared.default, setting.default);
    if (setting.enum) {
      assert.deepEqual(declared.enum, [...setting.enum]);
      if (declared.enumDescriptions) assert.equal(declared.enumDescriptions.length, setting.enum.length, 'one description per choice');
      if (declared.enumItemLabels) assert.equal(declared.enumItemLabels.length, setting.enum.length, 'one label per choice');
    } else {
      assert.equal(declared.enum, undefined);
    }
    assert.equal(declared.minimum, setting.minimum);
    assert.equal(declared.maximum, setting.maximum);
    assert.ok((declared.markdownDescription ?? declared.description ?? '').length > 20, 'says what it does');
  });
}

test('asynclens.severity offers every rule id and only the severities the server accepts', () => {
  const severity = configurationProperties()['asynclens.severity'];
  assert.deepEqual(severity.additionalProperties?.enum, [...SEVERITY_SETTINGS]);
  const listed = Object.keys(severity.properties ?? {});
  for (const id of listed) {
    assert.match(id, /^ASY\d{3}$/);
    assert.deepEqual(severity.properties[id].enum, [...SEVERITY_SETTINGS], id);
    assert.ok(severity.properties[id].description, `${id} says which rule it is`);
  }
  for (const rule of RULES) {
    assert.ok(listed.includes(rule.meta.id), `${rule.meta.id} is listed`);
    assert.match(severity.properties[rule.meta.id].description, new RegExp(`^${rule.meta.name}:`), `${rule.meta.id} is described by its name`);
  }
});

test('the contributed commands are exactly the ones the client registers, each in the AsyncLens category', () => {
  const client = fs.readdirSync(path.join(repoRoot, 'client', 'src')).filter((f) => f.endsWith('.ts')).map((f) => read(path.join('client', 'src', f))).join('\n');
  const registered = [...client.matchAll(/registerCommand\(\s*'([^']+)'/g)].map((m) => m[1]).sort();
  const contributed: Json[] = pkg.contributes.commands;
  assert.deepEqual(contributed.map((c) => c.command).sort(), registered);
  for (const c of contributed) {
    assert.equal(c.category, 'AsyncLens', c.command);
    assert.ok(c.title && !c.title.startsWith('AsyncLens'), `${c.command}: the category already names the extension`);
  }
  const ids = new Set(contributed.map((c) => c.command));
  for (const [menu, entries] of Object.entries(pkg.contributes.menus ?? {}) as [string, Json[]][]) {
    for (const e of entries) assert.ok(ids.has(e.command), `${menu} names ${e.command}`);
  }
});

test('the injection grammar exists, injects into C# and names the scope its file declares', () => {
  const grammars: Json[] = pkg.contributes.grammars;
  assert.equal(grammars.length, 1);
  for (const g of grammars) {
    const file = JSON.parse(read(g.path));
    assert.equal(file.scopeName, g.scopeName);
    assert.deepEqual(g.injectTo, ['source.cs']);
  }
});

test('the extension runs from the bundle, in a trusted or untrusted workspace, never a virtual one', () => {
  assert.equal(pkg.main, './dist/client.js');
  assert.ok(pkg.activationEvents.includes('onLanguage:csharp'));
  // In Restricted Mode a workspace must not raise the limits on what is read: those settings come from the user's.
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
  assert.ok(pkg.capabilities.untrustedWorkspaces.description);
  const restricted: string[] = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations;
  const limits = Object.keys(pkg.contributes.configuration.properties).filter((k) => /^asynclens\.indexing\./.test(k));
  assert.deepEqual([...restricted].sort(), limits.sort(), 'every indexing limit is restricted');
  assert.equal(pkg.capabilities.virtualWorkspaces.supported, false);
  assert.ok(pkg.capabilities.virtualWorkspaces.description);
  assert.deepEqual(pkg.extensionKind, ['workspace']);
  // vsce refuses a package whose @types/vscode is newer than the engine it declares.
  assert.equal(pkg.engines.vscode, `^${pkg.devDependencies['@types/vscode']}`);
});

test('.vscodeignore lets in every file the extension loads at run time, and nothing else', () => {
  const allowed = read('.vscodeignore').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('!')).map((l) => l.slice(1));
  assert.ok(read('.vscodeignore').split('\n').map((l) => l.trim()).includes('**'), 'everything else is ignored');
  const extension = read(path.join('client', 'src', 'extension.ts'));
  const serverModules = [...extension.matchAll(/asAbsolutePath\('([^']+)'\)/g)].map((m) => m[1]);
  assert.deepEqual(serverModules, ['dist/server.js']);
  const wasm = [...read(path.join('server', 'scripts', 'build.mjs')).matchAll(/'node_modules\/[^']+\/([^'/]+\.wasm)'/g)].map((m) => `dist/${m[1]}`);
  assert.equal(wasm.length, 2, 'the build copies the two tree-sitter wasm files');
  const data = [...read(path.join('server', 'scripts', 'build.mjs')).matchAll(/'server\/data\/([^']+)'/g)].map((m) => `dist/${m[1]}`);
  assert.deepEqual(data, ['dist/signatures.txt'], 'the build copies the API signature database');
  // The launcher loads the engine's and the protocol side's bundles by name (server/src/main.ts).
  const launcher = read(path.join('server', 'src', 'main.ts'));
  const bundles = [...launcher.matchAll(/_BUNDLE = '([^']+)'/g)].map((m) => `dist/${m[1]}`);
  assert.deepEqual(bundles, ['dist/engine.js', 'dist/protocol.js']);
  const needed = [pkg.main.replace(/^\.\//, ''), ...serverModules, ...bundles, ...wasm, ...data, ...pkg.contributes.grammars.map((g: Json) => g.path.replace(/^\.\//, ''))];
  for (const file of needed) assert.ok(allowed.includes(file), `${file} goes into the .vsix`);
  for (const file of allowed) {
    assert.ok(!/\.(ts|map)$/.test(file) && !file.startsWith('node_modules') && !file.startsWith('test'), `${file} is not needed at run time`);
  }
});

test('npm run package builds for production first and packages without node_modules', () => {
  const script: string = pkg.scripts.package;
  assert.match(script, /build\.mjs --production && vsce package/);
  assert.match(script, /--no-dependencies/);
});
