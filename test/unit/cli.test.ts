// The CLI as a user meets it: exit codes, output formats, SARIF that validates against the 2.1.0 schema,
// and bad input (missing paths, binary, non-UTF-8, oversized files) reported without a crash.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import { ready, repoRoot, runCli } from './support';
import { RULES } from '../../server/src/rules/registry';

before(ready);

const run = runCli;

const workspace = path.join('test', 'fixtures', 'workspace');

function tempDir(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-cli-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

test('no command prints usage and exits 2', async () => {
  const r = await run([]);
  assert.equal(r.code, 2);
  assert.match(r.stdout, /usage:/);
});

test('unknown command, unknown option and a missing path are one-line usage errors (exit 2)', async () => {
  for (const args of [['frobnicate'], ['check', '--frob'], ['check', 'no/such/folder'], ['check', '--format', 'xml', workspace], ['check', '--enable', 'ASY999', workspace], ['explain', 'ASY999']]) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, `one line for ${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^asynclens: /);
  }
});

test('check on the sample workspace: text output names file:line:col, the rule and the source line', async () => {
  const r = await run(['check', '--enable', 'all', workspace]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /finding/);
  if (RULES.length > 0) {
    assert.match(r.stdout, /test\/fixtures\/workspace\/[\w/]+\.cs:\d+:\d+: ASY\d{3} (warning|information|error)/);
    assert.match(r.stdout, /\d+ \| /);
  }
});

test("a finding's note names exact bytes where the model knows them (ASY010 on the sample's GetPriceAsync: its Task<Money>)", async () => {
  // The note is what the editor's finding hover shows (the language server keeps it in its snapshot for that).
  const r = await run(['check', '--format', 'json', '--enable', 'all', workspace]);
  assert.equal(r.code, 0, r.stderr);
  const sync = (JSON.parse(r.stdout).findings as { ruleId: string; file: string; message: string; note: string }[])
    .find((f) => f.ruleId === 'ASY010' && f.file.endsWith('PriceCache.cs') && f.message.startsWith("'GetPriceAsync'"));
  assert.ok(sync);
  assert.match(sync.note, /Task<Money> \(88 B\)/, sync.note);
  assert.doesNotMatch(sync.note, /for most T/, sync.note);
});

test('check --format json has the documented shape', async () => {
  const r = await run(['check', '--format', 'json', '--enable', 'all', workspace]);
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.version, 2);
  assert.equal(json.tool.name, 'asynclens');
  assert.equal(json.filesAnalyzed, 15);
  for (const f of json.findings) {
    for (const key of ['ruleId', 'ruleName', 'severity', 'file', 'line', 'column', 'endLine', 'endColumn', 'message', 'testCode', 'project']) assert.ok(key in f, key);
    assert.ok(f.line >= 1 && f.column >= 1);
    assert.equal(f.testCode, false);
    // Each file belongs to the project that owns it: Integrations/ is a project of its own inside OrderDesk's folder.
    assert.equal(f.project, f.file.startsWith('test/fixtures/workspace/Integrations/') ? 'test/fixtures/workspace/Integrations/OrderDesk.Integrations.csproj' : 'test/fixtures/workspace/OrderDesk.csproj');
  }
  assert.deepEqual(json.counts, { findings: json.findings.length, production: json.findings.length, test: 0, suppressed: json.suppressed.length });
  assert.ok(Array.isArray(json.suppressed));
  assert.deepEqual(json.projects.map((p: { project: string; targetFramework: string }) => [p.project, p.targetFramework]).sort(), [['test/fixtures/workspace/Integrations/OrderDesk.Integrations.csproj', 'net10.0'], ['test/fixtures/workspace/OrderDesk.csproj', 'net10.0']]);
});

test('check --format sarif validates against the SARIF 2.1.0 schema and lists rules with equivalents', async () => {
  const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', { paths: [repoRoot] });
  const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);
  const r = await run(['check', '--format', 'sarif', '--enable', 'all', workspace]);
  assert.equal(r.code, 0, r.stderr);
  const log = JSON.parse(r.stdout);
  const valid = validate(JSON.parse(r.stdout));
  assert.ok(valid, JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  const driver = log.runs[0].tool.driver;
  assert.equal(driver.rules.length, RULES.length);
  for (const rule of driver.rules) {
    assert.ok(Array.isArray(rule.properties.equivalents));
    assert.ok(rule.properties.category);
    assert.match(rule.helpUri, /^https:\/\//);
  }
  for (const result of log.runs[0].results) {
    const region = result.locations[0].physicalLocation.region;
    assert.ok(region.startLine >= 1 && region.startColumn >= 1);
    assert.equal(driver.rules[result.ruleIndex].id, result.ruleId);
  }
  const ids = new Set(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId));
  for (const rule of RULES) assert.ok(ids.has(rule.meta.id), `the sample workspace shows ${rule.meta.id}`);
});

test('bad files are reported and skipped, never a crash', async () => {
  const dir = tempDir({
    'Good.cs': 'class Good { async System.Threading.Tasks.Task M() { await System.Threading.Tasks.Task.Yield(); } }\n',
    'Binary.cs': Buffer.from([0x63, 0x6c, 0x00, 0x01, 0x02]),
    // Not valid UTF-8: a Windows-1252 apostrophe (0x92) in a comment. The compiler reads it as Windows-1252, so it is checked.
    'Latin1.cs': Buffer.concat([Buffer.from('// the caller'), Buffer.from([0x92]), Buffer.from('s thread\nclass L { async System.Threading.Tasks.Task M() { System.Threading.Thread.Sleep(1); await System.Threading.Tasks.Task.Yield(); } }\n')]),
    'Utf16.cs': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('class U { }\n', 'utf16le')]),
    'Broken.cs': 'class { async Task M( { await ; } } }}}\n',
    'bin/Generated.cs': 'class Ignored { void M() { System.Threading.Thread.Sleep(1); } }\n',
  });
  const big = 'x'.repeat(2 * 1024 * 1024);
  fs.writeFileSync(path.join(dir, 'Huge.cs'), `// ${big}\n`);
  const r = await run(['check', '--max-file-size', '1024', '.'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Binary\.cs: skipped: looks binary/);
  assert.doesNotMatch(r.stdout, /Latin1\.cs: skipped/);
  assert.match(r.stdout, /Latin1\.cs:2:\d+: ASY002 /);
  assert.match(r.stdout, /Huge\.cs: skipped: .* over the 1024 KiB limit/);
  assert.doesNotMatch(r.stdout, /Utf16\.cs: skipped/);
  assert.doesNotMatch(r.stdout, /Generated\.cs/);
  assert.match(r.stdout, /in 4 files/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('check, cost and cost --explain agree on which async methods are skipped, and why', async () => {
  // One method whose own body has a syntax error, one the parser loses to an error around it (an assignment through a
  // pointer indirection, in a conditional, is outside tree-sitter-c-sharp's grammar, and the pre-parse pass rewrites
  // only indirections that are read), and one that is fine.
  const dir = tempDir({
    'Mixed.cs': [
      'using System.Threading.Tasks;',
      'class Mixed {',
      '  async Task Broken() { await Task.Yield(); var x = ; }',
      '  async Task Fine() { await Task.Yield(); }',
      '}',
      'unsafe class Pointers {',
      '  int* P(bool c, int** q, int* r) => c ? *(int**)q = r : r;',
      '  async Task<int> Lost() { await Task.Yield(); return 1; }',
      '}',
      '',
    ].join('\n'),
  });
  const check = JSON.parse((await run(['check', '--format', 'json', '.'], dir)).stdout);
  const cost = JSON.parse((await run(['cost', '--format', 'json', '.'], dir)).stdout);
  const skippedByCheck = check.skippedMethods.map((m: { name: string; line: number }) => `${m.name}:${m.line}`);
  const skippedByCost = cost.skippedMethods.map((m: { name: string; line: number }) => `${m.name}:${m.line}`);
  assert.deepEqual(skippedByCheck, skippedByCost);
  assert.ok(skippedByCheck.includes('Broken:3') && skippedByCheck.includes('Lost:8'), JSON.stringify(check.skippedMethods));
  const costed = cost.methods.map((m: { name: string }) => m.name);
  assert.ok(costed.includes('Mixed.Fine'), JSON.stringify(costed));
  assert.ok(!costed.includes('Mixed.Broken'), 'a skipped method gets no cost row');
  for (const m of check.skippedMethods) assert.ok(!costed.some((c: string) => c.endsWith(`.${m.name}`)), `${m.name} is both skipped and costed`);
  const explain = await run(['cost', '--explain', 'Mixed.cs:3', '.'], dir);
  assert.equal(explain.code, 2);
  assert.match(explain.stderr, /Broken .* is not analysed/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('.gitignore is respected when walking folders', async () => {
  const dir = tempDir({
    '.gitignore': 'Generated/\n*.g.cs\n',
    'A.cs': 'class A { }\n',
    'B.g.cs': 'class B { }\n',
    'Generated/C.cs': 'class C { }\n',
  });
  const r = await run(['check', '--format', 'json', '.'], dir);
  assert.equal(JSON.parse(r.stdout).filesAnalyzed, 1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('inside a project folder .gitignore does not hide sources the project compiles; bin/ and obj/ stay skipped', async () => {
  // The Visual Studio .gitignore template's `[Ww][Ii][Nn]32/` (meant for build output) also matches a source folder
  // named Win32; an SDK-style project compiles every .cs file below it whatever .gitignore says.
  const dir = tempDir({
    '.gitignore': '[Ww][Ii][Nn]32/\n',
    'Loose/Win32/Outside.cs': 'class Outside { }\n',
    'App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n',
    'App/A.cs': 'class A { }\n',
    'App/Helpers/Win32/Native.cs': 'class Native { }\n',
    'App/obj/Debug/Generated.cs': 'class Generated { }\n',
  });
  const r = await run(['check', '--format', 'json', '.'], dir);
  assert.equal(JSON.parse(r.stdout).filesAnalyzed, 2, r.stdout.slice(0, 400));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('explain prints the docs of a rule; without an id it lists the rules', async () => {
  const list = await run(['explain']);
  assert.equal(list.code, 0);
  for (const rule of RULES) {
    assert.match(list.stdout, new RegExp(rule.meta.id));
    const r = await run(['explain', rule.meta.id]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /## What it does/);
    assert.match(r.stdout, new RegExp(`# ${rule.meta.id} ${rule.meta.name}`));
  }
});

test("a global using counts in its own project only: another project's EF Core import makes no IQueryable there a database query", async () => {
  // C# applies a `global using` to the files of its own compilation. Elsa's EF Core persistence project imports
  // Microsoft.EntityFrameworkCore globally; its tenant and identity providers, in other projects, filter in-memory
  // lists through `AsQueryable()`, where FirstOrDefaultAsync would throw.
  const csproj = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>\n';
  const reader = (ns: string) => `namespace ${ns};

public sealed class Tenant { public string Name { get; set; } = ""; }

public sealed class TenantFilter
{
    public string? Name { get; set; }
    public IQueryable<Tenant> Apply(IQueryable<Tenant> query) => Name is null ? query : query.Where(t => t.Name == Name);
}

public sealed class TenantReader
{
    public async Task<Tenant?> FindAsync(IQueryable<Tenant> tenants, TenantFilter filter)
    {
        await Task.Yield();
        return filter.Apply(tenants).FirstOrDefault();
    }
}
`;
  const dir = tempDir({
    'Data/Data.csproj': csproj,
    'Data/Usings.cs': 'global using Microsoft.EntityFrameworkCore;\n',
    'Data/TenantReader.cs': reader('Data'),
    'App/App.csproj': csproj,
    'App/TenantReader.cs': reader('App'),
  });
  const r = await run(['check', '--format', 'json', '--no-cache', '.'], dir);
  const found = JSON.parse(r.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'ASY002').map((f: { file: string }) => f.file);
  assert.deepEqual(found, ['Data/TenantReader.cs'], r.stdout.slice(0, 600));
  fs.rmSync(dir, { recursive: true, force: true });
});
