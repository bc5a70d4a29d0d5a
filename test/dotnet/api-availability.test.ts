// The knowledge tables say on which targets an API is missing: a twin that came with .NET 7 (`since`), one that
// .NET Framework and .NET Standard 2.0 lack (`missingBeforeNetStandard21`), a token overload that came after .NET
// Framework, and one that .NET Framework 4.5 already had (knowledge/lateTokenOverloads.ts). The rules trust those
// words to keep a finding or a fix from asking for an API the project's target does not have, so here the real
// compiler checks them: one generated project probes every row against the reference assemblies of each target
// below, and what failed to compile is compared with what the rules' own predicates (rules/callTargets.ts
// targetLacksApi, targetLacksLateOverload, targetHasEarlyOverload) say of that target.
//
// What is exact and what is not: a `using` type is probed by converting it to IAsyncDisposable, and a token
// overload by calling it with arguments of its parameter types, so both directions are checked. A twin is probed by
// name (`nameof(File.ReadAllTextAsync)`), which proves it absent when the name does not compile, but not that the
// overload the fix needs is there when it does (Socket.ConnectAsync(SocketAsyncEventArgs) is as old as .NET
// Framework 3.5; ConnectAsync(EndPoint) came with .NET 5): a twin the table calls missing where its name exists is
// printed, not failed. A row whose type the target does not have (System.Text.Json on .NET Framework comes from a
// package) says nothing about that target. Package rows are not probed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../unit/support';
import { BLOCKING_APIS, type BlockingApi } from '../../server/src/knowledge/blockingApis';
import { ASYNC_DISPOSABLE_TYPES } from '../../server/src/knowledge/asyncDisposables';
import { EARLY_TOKEN_OVERLOADS, LATE_TOKEN_OVERLOADS } from '../../server/src/knowledge/lateTokenOverloads';
import { parseTargetFramework, type TargetFramework } from '../../server/src/project/frameworks';
import { asyncDisposeLackedOn, targetHasEarlyOverload, targetLacksLateOverload, twinLackedOn } from '../../server/src/rules/callTargets';

/**
 * The targets probed: the oldest .NET Framework most libraries still build for, both .NET Standards, the last .NET
 * Core, and every .NET whose reference pack NuGet serves (7.0's is not: a `since: '7'` row is checked on 6.0 and 8.0).
 */
const TARGETS = ['net462', 'netstandard2.0', 'netstandard2.1', 'netcoreapp3.1', 'net5.0', 'net6.0', 'net8.0', 'net9.0', 'net10.0'];

type Exactness = 'exact' | 'absence-only';

interface Probe {
  /** What the row is, for messages: `File.ReadAllTextAsync (blockingApis)`. */
  label: string;
  /** C# statements that compile only where the type exists. */
  typeCheck: string;
  /** C# statements each of which compiles only where the API exists; the API is there when any of them compiles. */
  apiChecks: string[];
  exactness: Exactness;
  /** What the rules say of a target: true when they take the API to be missing there. */
  lackedOn: (tf: TargetFramework) => boolean;
}

/** A name qualified from the global namespace, so no using directive is needed: `global::System.IO.File`. */
const qualified = (namespace: string, name: string) => `global::${namespace}.${name}`;

/**
 * Where the twin may be declared, as qualified members: `global::System.IO.File.ReadAllTextAsync`. The twin of an
 * extension method is on the extension class (ZipFileExtensions) or on the type itself (DbDataReader's
 * GetColumnSchemaAsync, beside DbDataReaderExtensions.GetColumnSchema).
 */
function twinMembers(row: BlockingApi): string[] {
  if (row.twinReceiver === 'Task') return [`global::System.Threading.Tasks.${row.asyncTwin}`];
  const onType = qualified(row.namespace, `${row.type}.${row.asyncTwin}`);
  return row.extensionOf ? [onType, qualified(row.namespace, `${row.extensionOf}.${row.asyncTwin}`)] : [onType];
}

function blockingProbes(): Probe[] {
  return BLOCKING_APIS.filter((row) => !row.package && !row.ownedBy && row.asyncTwin !== 'await').map((row) => ({
    label: `${row.type}.${row.member} -> ${row.asyncTwin} (blockingApis)`,
    typeCheck: `_ = typeof(${qualified(row.namespace, row.type)});`,
    apiChecks: twinMembers(row).map((member) => `_ = nameof(${member});`),
    exactness: 'absence-only' as const,
    lackedOn: (tf: TargetFramework) => twinLackedOn(tf, row, true),
  }));
}

function disposableProbes(): Probe[] {
  return ASYNC_DISPOSABLE_TYPES.filter((row) => !row.package).map((row, i) => ({
    label: `${row.type} is IAsyncDisposable (asyncDisposables)`,
    typeCheck: `_ = typeof(${qualified(row.namespace, row.type)});`,
    apiChecks: [`global::System.IAsyncDisposable d${i} = default(${qualified(row.namespace, row.type)}); _ = d${i};`],
    exactness: 'exact' as const,
    lackedOn: (tf: TargetFramework) => asyncDisposeLackedOn(tf, row, true),
  }));
}

/** An expression of each parameter type the late-token rows name. */
const ARGUMENTS: Record<string, string> = {
  CancellationToken: 'default(global::System.Threading.CancellationToken)',
  Stream: 'global::System.IO.Stream.Null',
  string: '""',
  int: '0',
  'byte[]': 'new byte[0]',
  TimeSpan: 'global::System.TimeSpan.Zero',
  Uri: 'new global::System.Uri("http://localhost/")',
  TransportContext: 'default(global::System.Net.TransportContext)',
  IPAddress: 'global::System.Net.IPAddress.Loopback',
  EndPoint: 'new global::System.Net.IPEndPoint(global::System.Net.IPAddress.Loopback, 0)',
  HttpRequestMessage: 'new global::System.Net.Http.HttpRequestMessage()',
  HttpContent: 'new global::System.Net.Http.StringContent("")',
};

/**
 * A call of a token-overload row with an argument of each parameter type, on the type for a static method; a
 * statement rather than a discard, since some of them return void (Task.Wait(CancellationToken)).
 */
function tokenOverloadCall(row: { type: string; method: string; parameters: string[]; static?: true }): string {
  const args = row.parameters.map((p) => {
    assert.ok(ARGUMENTS[p], `no probe argument for parameter type ${p} (${row.type}.${row.method})`);
    return ARGUMENTS[p];
  });
  const on = row.static ? `global::${row.type}` : `default(global::${row.type})!`;
  return `${on}.${row.method}(${args.join(', ')});`;
}

function lateTokenProbes(): Probe[] {
  return LATE_TOKEN_OVERLOADS.map((row) => ({
    label: `${row.type}.${row.method}(${row.parameters.join(', ')}) (lateTokenOverloads)`,
    typeCheck: `_ = typeof(global::${row.type});`,
    apiChecks: [tokenOverloadCall(row)],
    exactness: 'exact' as const,
    lackedOn: (tf: TargetFramework) => targetLacksLateOverload(tf, row),
  }));
}

function earlyTokenProbes(): Probe[] {
  return EARLY_TOKEN_OVERLOADS.map((row) => ({
    label: `${row.type}.${row.method}(${row.parameters.join(', ')}) (early token overloads)`,
    typeCheck: `_ = typeof(global::${row.type});`,
    apiChecks: [tokenOverloadCall(row)],
    exactness: 'exact' as const,
    lackedOn: (tf: TargetFramework) => !targetHasEarlyOverload(tf),
  }));
}

/** One method per check, one check per line, so a compiler error's line names the probe and the check. */
function probeSource(probes: Probe[]): { text: string; lineOf: Map<number, { probe: number; check: string }> } {
  const lines = ['// Generated by test/dotnet/api-availability.test.ts; rewritten on every run.', '#nullable enable', 'internal static class Probes', '{'];
  const lineOf = new Map<number, { probe: number; check: string }>();
  probes.forEach((p, i) => {
    lineOf.set(lines.length + 1, { probe: i, check: 'type' });
    lines.push(`    static void T${i}() { ${p.typeCheck} }`);
    p.apiChecks.forEach((check, j) => {
      lineOf.set(lines.length + 1, { probe: i, check: `api${j}` });
      lines.push(`    static void A${i}_${j}() { ${check} }`);
    });
  });
  lines.push('}', '');
  return { text: lines.join('\n'), lineOf };
}

const PROJECT = `<!-- Generated by test/dotnet/api-availability.test.ts; rewritten on every run. -->
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>${TARGETS.join(';')}</TargetFrameworks>
    <LangVersion>latest</LangVersion>
    <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
    <CheckEolTargetFramework>false</CheckEolTargetFramework>
    <GenerateDocumentationFile>false</GenerateDocumentationFile>
    <NoWarn>$(NoWarn);CS0618;CS8321;NETSDK1138;SYSLIB0014;SYSLIB0021</NoWarn>
  </PropertyGroup>
  <ItemGroup>
    <Compile Include="Probes.cs" />
  </ItemGroup>
  <!-- .NET Framework's reference assemblies come as a package on machines without it; the HTTP and compression
       assemblies are not referenced by default there. -->
  <ItemGroup Condition="'$(TargetFrameworkIdentifier)' == '.NETFramework'">
    <PackageReference Include="Microsoft.NETFramework.ReferenceAssemblies" Version="1.0.3" PrivateAssets="all" />
    <Reference Include="System.Net.Http" />
    <Reference Include="System.IO.Compression" />
    <Reference Include="System.IO.Compression.FileSystem" />
  </ItemGroup>
</Project>
`;

function dotnetAvailable(): boolean {
  const probe = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0;
}

test('the knowledge tables say on which targets an API is missing as the reference assemblies do', { timeout: 900_000 }, (t) => {
  if (!dotnetAvailable()) {
    t.skip('dotnet not found: the tables\' target claims are not checked against reference assemblies');
    return;
  }
  const probes = [...blockingProbes(), ...disposableProbes(), ...lateTokenProbes(), ...earlyTokenProbes()];
  const { text, lineOf } = probeSource(probes);
  const dir = path.join(os.tmpdir(), `asynclens-api-availability-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'Probes.cs'), text);
  fs.writeFileSync(path.join(dir, 'ApiAvailability.csproj'), PROJECT);
  const env = { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' };
  const build = spawnSync('dotnet', ['build', dir, '-nologo', '-v:q', '-clp:NoSummary'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`;

  // Which checks failed to compile on which target.
  const failed = new Set<string>();
  const stray: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const m = /Probes\.cs\((\d+),\d+\): error (\w+): .*\[.*?::TargetFramework=([\w.]+)\]/.exec(line);
    if (!m) {
      if (/: error /.test(line)) stray.push(line.trim());
      continue;
    }
    const where = lineOf.get(Number(m[1]));
    if (!where) stray.push(line.trim());
    else failed.add(`${where.probe}/${where.check}/${m[3]}`);
  }
  assert.deepEqual([...new Set(stray)], [], 'errors outside the probes (the probe project itself is wrong)');

  const wrong: string[] = [];
  const unproven: string[] = [];
  let judged = 0;
  probes.forEach((p, i) => {
    for (const target of TARGETS) {
      if (failed.has(`${i}/type/${target}`)) continue;
      judged++;
      const missing = p.apiChecks.every((_, j) => failed.has(`${i}/api${j}/${target}`));
      const lacked = p.lackedOn(parseTargetFramework(target)!);
      if (missing && !lacked) wrong.push(`${p.label}: missing on ${target}, which the table takes to have it`);
      else if (!missing && lacked) {
        if (p.exactness === 'exact') wrong.push(`${p.label}: present on ${target}, which the table takes to lack it`);
        else unproven.push(`${p.label} on ${target}`);
      }
    }
  });
  console.log(`${probes.length} rows probed on ${TARGETS.length} targets: ${judged} row-target pairs judged, ${wrong.length} wrong`);
  if (unproven.length) console.log(`named where the table says the overload is missing (a name check cannot tell overloads apart): ${unproven.length}\n  ${unproven.join('\n  ')}`);
  assert.deepEqual(wrong, [], `table rows that disagree with the reference assemblies:\n${wrong.join('\n')}`);
});
