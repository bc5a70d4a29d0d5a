// The packages a restored project references, read like the built-in database and cached per package version
// outside the workspace: the assets file's reading (pure), the cache folder per platform, and, with dotnet on the
// PATH, the whole path: a project whose restore brings FluentValidation (not in the built-in database) gets
// IValidator<T>.ValidateAsync's Task<ValidationResult> typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { packagesFromAssets } from '../../server/src/signatures/packageAssets';
import { packageCacheDirectory, locateSignatureTool } from '../../server/src/host/packageSignatures';
import { runCli } from './support';

const assets = (targets: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({
  version: 3,
  targets,
  libraries: { 'Acme.Client/2.1.0': { type: 'package', path: 'acme.client/2.1.0' }, 'Acme.Meta/1.0.0': { type: 'package', path: 'acme.meta/1.0.0' }, 'Shared/1.0.0': { type: 'project', path: '../Shared/Shared.csproj' } },
  packageFolders: { '/home/u/.nuget/packages/': {} },
  ...extra,
});

test('project.assets.json: the compile assemblies of each package for the target, placeholders and projects left out', () => {
  const text = assets({
    'net8.0': {
      'Acme.Client/2.1.0': { type: 'package', compile: { 'lib/net8.0/Acme.Client.dll': { related: '.xml' }, 'lib/net8.0/Acme.Client.Abstractions.dll': {} } },
      'Acme.Meta/1.0.0': { type: 'package', compile: { 'lib/net8.0/_._': {} } },
      'Shared/1.0.0': { type: 'project', compile: { 'bin/placeholder/Shared.dll': {} } },
    },
    'net8.0/linux-x64': { 'Acme.Client/2.1.0': { type: 'package', compile: { 'lib/net8.0/Other.dll': {} } } },
  });
  const reading = packagesFromAssets(text, 'net8.0');
  assert.equal(reading.problem, null);
  assert.deepEqual(reading.packages, [{
    id: 'Acme.Client', version: '2.1.0', folder: 'lib/net8.0',
    assemblies: ['/home/u/.nuget/packages/acme.client/2.1.0/lib/net8.0/Acme.Client.dll', '/home/u/.nuget/packages/acme.client/2.1.0/lib/net8.0/Acme.Client.Abstractions.dll'],
  }]);
});

test('project.assets.json: older framework keys, a missing target and bad input give a reason, never a throw', () => {
  const old = assets({ '.NETCoreApp,Version=v8.0': { 'Acme.Client/2.1.0': { type: 'package', compile: { 'lib/netstandard2.0/Acme.Client.dll': {} } } } });
  assert.equal(packagesFromAssets(old, 'net8.0').packages[0]?.folder, 'lib/netstandard2.0');
  const two = assets({ 'net8.0': {}, 'net10.0': {} });
  assert.match(packagesFromAssets(two, 'net9.0').problem!, /no target for net9\.0 \(it has net8\.0, net10\.0\)/);
  assert.match(packagesFromAssets('{ not json', 'net8.0').problem!, /not JSON/);
  assert.match(packagesFromAssets('{}', 'net8.0').problem!, /lacks targets/);
});

test('the package cache lives in the user\'s cache folder, per platform, and the format version is part of its path', () => {
  const home = '/home/u';
  assert.equal(packageCacheDirectory({}, 'linux', home), path.join('/home/u/.cache', 'asynclens', 'signatures', 'v1'));
  assert.equal(packageCacheDirectory({ XDG_CACHE_HOME: '/xdg' }, 'linux', home), path.join('/xdg', 'asynclens', 'signatures', 'v1'));
  assert.equal(packageCacheDirectory({}, 'darwin', home), path.join(home, 'Library', 'Caches', 'AsyncLens', 'signatures', 'v1'));
  assert.equal(packageCacheDirectory({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', home), path.join('C:\\Users\\u\\AppData\\Local', 'AsyncLens', 'signatures', 'v1'));
  assert.equal(packageCacheDirectory({ ASYNCLENS_CACHE_DIR: '/tmp/al' }, 'linux', home), path.join('/tmp/al', 'signatures', 'v1'));
});

test('a restored project\'s package is read once with dotnet, cached, and types the code that calls it', async (t) => {
  const dotnet = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
  if (dotnet.error || dotnet.status !== 0) {
    t.skip('dotnet is not on the PATH: the built-in signatures serve, which the other tests check');
    return;
  }
  if (!locateSignatureTool()) {
    const build = spawnSync('dotnet', ['build', '-c', 'Release', path.join('server', 'tools', 'signatures')], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stdout + build.stderr);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-packages-'));
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-cache-'));
  try {
    fs.writeFileSync(path.join(dir, 'Checks.csproj'), '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup><TargetFramework>net10.0</TargetFramework><ImplicitUsings>enable</ImplicitUsings></PropertyGroup>\n  <ItemGroup><PackageReference Include="FluentValidation" Version="12.2.0" /></ItemGroup>\n</Project>\n');
    fs.writeFileSync(path.join(dir, 'Checks.cs'), 'namespace Checks;\nusing FluentValidation;\npublic class Probe\n{\n    public async Task<int> Count(IValidator<string> validator, string value)\n    {\n        await Task.Yield();\n        var result = await validator.ValidateAsync(value);\n        return result.Errors.Count;\n    }\n}\n');
    const restore = spawnSync('dotnet', ['restore', dir], { encoding: 'utf8' });
    assert.equal(restore.status, 0, restore.stdout + restore.stderr);
    const env = { ASYNCLENS_CACHE_DIR: cache };
    const before = JSON.parse((await runCli(['cost', '--format', 'json', '.'], dir, { ASYNCLENS_PROJECT_PACKAGES: 'off' })).stdout);
    assert.ok(before.methods[0].assumptions.some((a: string) => /ValidateAsync/.test(a)), 'without the package, ValidateAsync is a guess');
    const first = await runCli(['cost', '--format', 'json', '.'], dir, env);
    assert.equal(first.code, 0, first.stderr);
    const row = JSON.parse(first.stdout).methods[0];
    assert.deepEqual(row.assumptions, []);
    assert.ok(row.fields.some((f: { type: string }) => f.type === 'TaskAwaiter<ValidationResult>'), JSON.stringify(row.fields));
    const cached = path.join(cache, 'signatures', 'v1', 'fluentvalidation', '12.2.0', 'lib_net8.0.txt');
    assert.ok(fs.existsSync(cached), `cached at ${cached}`);
    // A second run reads the cache (the tool is not run again: the file is not rewritten).
    const stamp = fs.statSync(cached).mtimeMs;
    const second = await runCli(['cost', '--format', 'json', '.'], dir, env);
    assert.deepEqual(JSON.parse(second.stdout).methods[0].assumptions, []);
    assert.equal(fs.statSync(cached).mtimeMs, stamp);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cache, { recursive: true, force: true });
  }
});
