#!/usr/bin/env node
// Compiles every C# fixture under test/fixtures with the .NET SDK, so that no rule is tuned to code that does not compile.
//
// Usage: node test/dotnet/compile-fixtures.mjs [--fixtures DIR]
//
// How fixtures are grouped (markers are read from a file's first 5 lines):
// - `// asynclens-fixture: broken-code`: skipped, the fixture is about code that does not compile.
// - `// asynclens-fixture: standalone`: built alone in a generated Exe project (top-level statements, Main).
// - any other .cs file: compiled together with the rest in one generated library project, so each must
//   declare a file-scoped `namespace Fixtures.<Something>;` that no other fixture uses.
// - a folder holding a .csproj (test/fixtures/workspace): built as it is, with its own settings; its
//   .cs files belong to it and are not globbed into the generated projects.
// Generated projects live in a temp folder named after a hash of the fixtures path and are reused
// between runs, so the second run skips restore and recompiles only what changed.
// Set ASYNCLENS_ALLOW_NO_DOTNET=1 to let a machine without the SDK pass with "skipped".

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const markerLines = 5;
const brokenCodeMarker = '// asynclens-fixture: broken-code';
const standaloneMarker = '// asynclens-fixture: standalone';
const skippedFolders = new Set(['bin', 'obj', 'node_modules', '.git', '.vs']);

// Real EF Core types let the EF-exemption fixtures (Add vs AddAsync) compile against the genuine API.
const entityFrameworkVersion = '10.0.15';
// Real StackExchange.Redis types let the fire-and-forget fixtures (CommandFlags.FireAndForget) compile against the genuine API.
const stackExchangeRedisVersion = '3.4.35';
// Microsoft.Data.SqlClient: the provider whose async twins run synchronously (knowledge/blockingApis.ts SQLCLIENT_SYNC_TWIN).
const sqlClientVersion = '7.1.1';
// Microsoft.Data.Sqlite: a provider the API signature database does not hold, known to the rules only by its type names.
const sqliteVersion = '10.0.11';
// Test libraries whose signatures are in the database (Shouldly's chaining ShouldNotBeNull, NUnit's Assert.That
// overloads) let the fixtures about them compile against the genuine API.
const shouldlyVersion = '4.3.0';
const nunitVersion = '4.4.0';
// Hangfire.Core: the background-job library whose job expressions name methods it stores (knowledge/persistedJobs.ts).
const hangfireVersion = '1.8.25';
// Quartz: the scheduler whose IJob.Execute jobs implement, an interface the signature database lacks (knowledge/packageInterfaces.ts).
const quartzVersion = '3.20.0';
// SignalR's .NET client: its HubConnection raises events with Task-returning handlers (knowledge/taskHandlerEvents.ts), a
// package the signature database does not hold.
const signalRClientVersion = '10.0.11';
// Azure Storage Queues: its QueueClientOptions raises MessageDecodingFailed with Azure.Core's Task-returning
// SyncAsyncEventHandler<T> (knowledge/taskHandlerEvents.ts), a package the signature database does not hold.
const azureStorageQueuesVersion = '12.28.1';

// Minimal fixtures routinely declare members they never use or async methods without awaits;
// those warnings say nothing about whether the fixture is valid C#.
const quietWarnings = [
  'CS0067', // event is never used
  'CS0162', // unreachable code
  'CS0168', // variable declared but never used
  'CS0169', // field is never used
  'CS0219', // variable assigned but its value is never used
  'CS0414', // field assigned but its value is never used
  'CS0618', // member is obsolete
  'CS0649', // field is never assigned
  'CS1591', // missing XML comment
  'CS1998', // async method lacks await operators
  'CS4014', // call is not awaited
  'CS7022', // entry point of a library is ignored
  'CS8321', // local function is declared but never used
  'CS8600', 'CS8602', 'CS8603', 'CS8604', 'CS8618', 'CS8625', // nullable flow in minimal samples
  'CA2012', // ValueTask misuse is what some fixtures show on purpose
  'CA2016', // CancellationToken forwarding
  'NU1603', 'NU1701', // package resolution notices
].join(';');

function main() {
  const startedAt = process.hrtime.bigint();
  const fixturesRoot = path.resolve(argValue('--fixtures') ?? path.join(repoRoot, 'test', 'fixtures'));

  if (!dotnetIsAvailable()) {
    console.log('skipped: dotnet not found');
    return process.env.ASYNCLENS_ALLOW_NO_DOTNET === '1' ? 0 : 1;
  }
  if (!fs.existsSync(fixturesRoot)) {
    console.error(`no fixtures folder at ${displayPath(fixturesRoot)}`);
    return 1;
  }

  const { projectFixtures, looseFiles } = collectFixtures(fixturesRoot);
  const library = [];
  const standalone = [];
  let brokenCodeCount = 0;
  for (const file of looseFiles) {
    const head = fs.readFileSync(file, 'utf8').split(/\r?\n/, markerLines).join('\n');
    if (head.includes(brokenCodeMarker)) brokenCodeCount++;
    else if (head.includes(standaloneMarker)) standalone.push(file);
    else library.push(file);
  }

  const conventionErrors = checkNamespaces(library, fixturesRoot);
  if (conventionErrors.length > 0) {
    console.error('fixture namespace convention broken:');
    for (const message of conventionErrors) console.error(`  ${message}`);
    return 1;
  }

  const buildRoot = buildFolderFor(fixturesRoot);
  const projects = writeGeneratedProjects(buildRoot, fixturesRoot, library, standalone);
  for (const fixture of projectFixtures) projects.push(fixture.project);
  if (projects.length === 0) {
    console.log('compiled 0 fixture files (0 projects) in 0.0 s: no fixtures found');
    return 0;
  }
  const solution = path.join(buildRoot, 'fixtures.slnx');
  writeIfChanged(solution, solutionXml(projects));

  const build = spawnSync('dotnet', ['build', solution, '-nologo', '-v:q', '-clp:NoSummary'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' },
  });
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`;

  if (build.status !== 0) {
    console.error(`fixtures do not compile (dotnet build exited ${build.status ?? build.signal}):`);
    const errors = errorLines(output, buildRoot);
    console.error(errors.length > 0 ? errors.join('\n') : readable(output, buildRoot).trimEnd().split('\n').slice(-40).join('\n'));
    return 1;
  }

  const fileCount = library.length + standalone.length
    + projectFixtures.reduce((sum, fixture) => sum + fixture.files.length, 0);
  const skipped = brokenCodeCount > 0 ? `; skipped ${brokenCodeCount} broken-code fixtures` : '';
  console.log(`compiled ${fileCount} fixture files (${projects.length} projects) in ${seconds.toFixed(1)} s${skipped}`);
  return 0;
}

function argValue(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function dotnetIsAvailable() {
  const probe = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0;
}

/** Splits the fixtures tree into folders with their own .csproj and loose .cs files. */
function collectFixtures(fixturesRoot) {
  const projectFixtures = [];
  const looseFiles = [];
  const walk = (folder) => {
    const entries = fs.readdirSync(folder, { withFileTypes: true });
    const project = entries.find((entry) => entry.isFile() && entry.name.endsWith('.csproj'));
    if (project && folder !== fixturesRoot) {
      projectFixtures.push({ project: path.join(folder, project.name), files: csFilesUnder(folder) });
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && !skippedFolders.has(entry.name)) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.cs')) looseFiles.push(full);
    }
  };
  walk(fixturesRoot);
  looseFiles.sort();
  return { projectFixtures, looseFiles };
}

function csFilesUnder(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : csFilesUnder(full);
    return entry.name.endsWith('.cs') ? [full] : [];
  });
}

/**
 * Library fixtures share one compilation, so each needs its own file-scoped namespace under
 * Fixtures; otherwise two fixtures that both declare `class Service` collide.
 */
function checkNamespaces(files, fixturesRoot) {
  const errors = [];
  const ownerOfNamespace = new Map();
  for (const file of files) {
    const source = stripComments(fs.readFileSync(file, 'utf8'));
    const shown = displayPath(file);
    const fileScoped = [...source.matchAll(/^\s*namespace\s+([\w.]+)\s*;/gm)].map((match) => match[1]);
    const blockScoped = /^\s*namespace\s+[\w.]+\s*(\{|$)/m.test(source);
    const suggestion = `namespace ${suggestedNamespace(file, fixturesRoot)};`;
    if (blockScoped || fileScoped.length !== 1) {
      errors.push(`${shown}: declare exactly one file-scoped namespace, e.g. \`${suggestion}\``);
      continue;
    }
    const namespace = fileScoped[0];
    if (!/^Fixtures\.\w/.test(namespace)) {
      errors.push(`${shown}: namespace ${namespace} must start with "Fixtures.", e.g. \`${suggestion}\``);
      continue;
    }
    const owner = ownerOfNamespace.get(namespace);
    if (owner) {
      errors.push(`${shown}: namespace ${namespace} is already used by ${displayPath(owner)}; use \`${suggestion}\``);
      continue;
    }
    ownerOfNamespace.set(namespace, file);
  }
  return errors;
}

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** test/fixtures/rules/blocking-wait-in-async/when-all.cs -> Fixtures.BlockingWaitInAsync.WhenAll */
function suggestedNamespace(file, fixturesRoot) {
  const parts = path.relative(fixturesRoot, file).replace(/\.cs$/, '').split(path.sep)
    .filter((part, index, all) => !(index === 0 && part === 'rules' && all.length > 1));
  const pascal = (part) => part.split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return ['Fixtures', ...parts.map(pascal).map((part) => (/^\d/.test(part) ? `_${part}` : part))].join('.');
}

/** One stable folder per fixtures tree, so restores and incremental builds survive between runs. */
function buildFolderFor(fixturesRoot) {
  const hash = createHash('sha256').update(fixturesRoot).digest('hex').slice(0, 12);
  const folder = path.join(os.tmpdir(), `asynclens-fixtures-${hash}`);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

function writeGeneratedProjects(buildRoot, fixturesRoot, library, standalone) {
  const projects = [];
  if (library.length > 0) {
    const project = path.join(buildRoot, 'library', 'AsyncLensFixtures.csproj');
    writeIfChanged(project, projectXml({ outputType: 'Library', files: library, withEntityFramework: true }));
    projects.push(project);
  }

  const standaloneRoot = path.join(buildRoot, 'standalone');
  const wanted = new Set();
  for (const file of standalone) {
    // A readable name makes compiler errors easy to place; the hash keeps similar paths apart.
    const readablePart = path.relative(fixturesRoot, file).replace(/\.cs$/, '').replace(/[^A-Za-z0-9]+/g, '_').slice(-40);
    const name = `Standalone_${readablePart}_${createHash('sha256').update(file).digest('hex').slice(0, 6)}`;
    wanted.add(name);
    const project = path.join(standaloneRoot, name, `${name}.csproj`);
    writeIfChanged(project, projectXml({ outputType: 'Exe', files: [file], withEntityFramework: false }));
    projects.push(project);
  }
  // Projects of fixtures that were deleted or lost their marker would otherwise linger on disk.
  if (fs.existsSync(standaloneRoot)) {
    for (const entry of fs.readdirSync(standaloneRoot)) {
      if (!wanted.has(entry)) fs.rmSync(path.join(standaloneRoot, entry), { recursive: true, force: true });
    }
  }
  return projects;
}

function projectXml({ outputType, files, withEntityFramework }) {
  const compileItems = files.map((file) => `    <Compile Include="${msbuildPath(file)}" />`).join('\n');
  const packages = withEntityFramework
    ? `\n  <ItemGroup>\n    <PackageReference Include="Microsoft.EntityFrameworkCore" Version="${entityFrameworkVersion}" />\n    <PackageReference Include="StackExchange.Redis" Version="${stackExchangeRedisVersion}" />\n    <PackageReference Include="Microsoft.Data.SqlClient" Version="${sqlClientVersion}" />\n    <PackageReference Include="Microsoft.Data.Sqlite" Version="${sqliteVersion}" />\n    <PackageReference Include="Shouldly" Version="${shouldlyVersion}" />\n    <PackageReference Include="NUnit" Version="${nunitVersion}" />\n    <PackageReference Include="Hangfire.Core" Version="${hangfireVersion}" />\n    <PackageReference Include="Quartz" Version="${quartzVersion}" />\n    <PackageReference Include="Microsoft.AspNetCore.SignalR.Client" Version="${signalRClientVersion}" />\n    <PackageReference Include="Azure.Storage.Queues" Version="${azureStorageQueuesVersion}" />\n  </ItemGroup>\n  <ItemGroup>\n    <!-- ASP.NET Core's shared framework: Blazor's ComponentBase and JS interop (IJSRuntime), whose ValueTasks rules know. -->\n    <FrameworkReference Include="Microsoft.AspNetCore.App" />\n  </ItemGroup>\n`
    : '';
  return `<!-- Generated by test/dotnet/compile-fixtures.mjs; rewritten on every run. -->
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>${outputType}</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <LangVersion>latest</LangVersion>
    <AllowUnsafeBlocks>true</AllowUnsafeBlocks>
    <TreatWarningsAsErrors>false</TreatWarningsAsErrors>
    <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
    <GenerateDocumentationFile>false</GenerateDocumentationFile>
    <NoWarn>$(NoWarn);${quietWarnings}</NoWarn>
  </PropertyGroup>
  <ItemGroup>
${compileItems}
  </ItemGroup>
${packages}</Project>
`;
}

function solutionXml(projects) {
  const lines = projects.map((project) => `  <Project Path="${xmlEscape(project)}" />`);
  return `<Solution>\n${lines.join('\n')}\n</Solution>\n`;
}

/** MSBuild treats % $ @ ; ' * ? specially in item specs, so a path containing them is %-escaped. */
function msbuildPath(file) {
  const escaped = file.replace(/[%$@;'*?]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return xmlEscape(escaped);
}

function xmlEscape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Rewriting an unchanged project would bump its timestamp and force a rebuild. */
function writeIfChanged(file, content) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** The compiler's error lines, deduplicated, with fixture paths made repo-relative. */
function errorLines(output, buildRoot) {
  const seen = new Set();
  const lines = [];
  for (const line of readable(output, buildRoot).split(/\r?\n/)) {
    if (!/\berror\b/.test(line) || /^\s*\d+ Error\(s\)/.test(line)) continue;
    const trimmed = line.trim();
    if (seen.has(trimmed)) continue;
    seen.add(trimmed);
    lines.push(`  ${trimmed}`);
  }
  return lines;
}

/** Replaces machine-specific paths: fixtures become repo-relative, generated projects get a name. */
function readable(output, buildRoot) {
  return output
    .split(`${buildRoot}${path.sep}`).join('<generated>/')
    .split(`${repoRoot}${path.sep}`).join('');
}

function displayPath(file) {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith('..') ? file : relative.split(path.sep).join('/');
}

process.exitCode = main();
