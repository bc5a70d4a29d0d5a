// The project model's pure functions, as data: XML with problems, MSBuild conditions and property functions,
// target frameworks and their preprocessing symbols, project evaluation over an in-memory file system,
// ownership, solutions, the runtime profile "auto" picks, implicit usings, test code and generated code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseXml } from '../../server/src/project/xml';
import { evaluateCondition, expand, type ExpansionHost, type PropertyValue } from '../../server/src/project/expressions';
import { chooseTargetFramework, frameworkSymbols, isTargetFrameworkCompatible, parseTargetFramework, preprocessorSymbols } from '../../server/src/project/frameworks';
import { evaluateProject, type ProjectFileSystem } from '../../server/src/project/evaluate';
import { ownerOf } from '../../server/src/project/ownership';
import { submodulePathsOf } from '../../server/src/project/gitSubmodules';
import { runsUntilStoppedReason } from '../../server/src/project/longRunning';
import { parseSolution } from '../../server/src/project/solution';
import { chooseRuntime } from '../../server/src/project/runtime';
import { projectContext } from '../../server/src/project/context';
import { knownPackageMajor, majorOf } from '../../server/src/project/packages';
import { implicitUsingsFor } from '../../server/src/project/implicitUsings';
import { generatedCodeRegions, generatedFileReason } from '../../server/src/config/generatedCode';
import { assemblySuppressionsOf, suppressionsOf } from '../../server/src/config/suppressions';
import { editorConfigOptions, generatedCodeOption, peersKeptOn, peersTurnedOff } from '../../server/src/config/editorconfig';
import type { SeveritySetting } from '../../server/src/rules/types';
import { buildScriptReason, incompatibleReferencesReason, nonShippedFolderBelow, testCodeReason, uncompiledSampleReason, testCodeVerdict, testAppReason, testProjectReason, testToolReason, generatorAppReason } from '../../server/src/project/testCode';
import { FOLDERS_ABOVE, nuspecDisplayPath, nuspecFolders, nuspecNamesProject, packingNuspec, parseNuspec } from '../../server/src/project/nuspec';
import { checkFile, createIndex, analyseCompletion, modelFile, updateFile } from '../../server/src/analysis/project';
import { ruleById } from '../../server/src/rules/registry';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot } from './support';

// ---- XML ----

test('XML: elements, attributes, entities, comments and CDATA are read with line numbers', () => {
  const doc = parseXml('<?xml version="1.0"?>\n<Project Sdk="Microsoft.NET.Sdk">\n  <!-- c -->\n  <PropertyGroup>\n    <A>x &amp; y</A><B><![CDATA[<z>]]></B>\n  </PropertyGroup>\n</Project>');
  assert.deepEqual(doc.problems, []);
  assert.equal(doc.root?.name, 'Project');
  assert.equal(doc.root?.attributes.get('Sdk'), 'Microsoft.NET.Sdk');
  const group = doc.root!.children[0];
  assert.equal(group.line, 4);
  assert.deepEqual(group.children.map((c) => [c.name, c.text]), [['A', 'x & y'], ['B', '<z>']]);
});

test('XML: malformed input gives what could be read and problems, never a throw', () => {
  const unclosed = parseXml('<Project>\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n');
  assert.equal(unclosed.root?.children[0].children[0].text, 'net8.0');
  assert.ok(unclosed.problems.some((p) => /<PropertyGroup> \(line 2\) is never closed/.test(p.message)), JSON.stringify(unclosed.problems));
  const mismatched = parseXml('<Project><A></B></Project>');
  assert.ok(mismatched.problems.some((p) => /<\/B> closes an element that is not open/.test(p.message)));
  assert.equal(parseXml('').root, null);
  assert.ok(parseXml('not xml at all').problems.length > 0);
  assert.ok(parseXml('<Project><A x=1/></Project>').problems.some((p) => /not quoted/.test(p.message)));
});

// ---- conditions and property functions ----

function host(props: Record<string, string | { unknown: string }>, files: string[] = []): ExpansionHost {
  return {
    thisFileDirectory: '/repo/src/',
    exists: (p) => files.includes(p),
    property(name) {
      const v = Object.entries(props).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
      if (v === undefined) return undefined;
      return (typeof v === 'string' ? { value: v } : v) as PropertyValue;
    },
  };
}

test('conditions: the common forms evaluate, case-insensitively, with and/or/! and parentheses', () => {
  const h = host({ TargetFramework: 'net8.0', Configuration: 'Release', TargetFrameworks: 'net8.0;netstandard2.0' });
  const cases: [string, boolean][] = [
    ["'$(TargetFramework)' == 'net8.0'", true],
    ["'$(TargetFramework)' == 'NET8.0'", true],
    ["'$(TargetFramework)' != 'net8.0'", false],
    ["'$(Configuration)' == 'Debug' or '$(TargetFramework)' == 'net8.0'", true],
    ["'$(Configuration)' == 'Release' AND !('$(TargetFramework)' == 'net6.0')", true],
    ["$([MSBuild]::IsTargetFrameworkCompatible('$(TargetFramework)', 'net6.0'))", true],
    ["$([MSBuild]::IsTargetFrameworkCompatible('$(TargetFramework)', 'net9.0'))", false],
    ["!$([MSBuild]::IsTargetFrameworkCompatible($(TargetFramework), 'netcoreapp3.1'))", false],
    ["$(TargetFramework.StartsWith('net4'))", false],
    ["$(TargetFrameworks.Contains('netstandard2.0'))", true],
    ["'$([MSBuild]::GetTargetFrameworkIdentifier(`$(TargetFramework)`))' == '.NETCoreApp'", true],
    ["'$(Undefined)' == ''", true],
    ["'3.1' < '10.0'", true],
    ["Exists('../Directory.Build.props')", true],
    ["!Exists('missing.props')", true],
    ['', true],
  ];
  for (const [condition, expected] of cases) assert.equal(evaluateCondition(condition, { ...h, exists: (p) => p === '/repo/Directory.Build.props' }), expected, condition);
});

test('conditions: what depends on the build machine is unknown with a reason, and three-valued logic keeps what is certain', () => {
  const h = host({ OS: { unknown: '$(OS) is the operating system of the machine that builds' }, Configuration: 'Release' });
  const os = evaluateCondition("'$(OS)' == 'Windows_NT'", h);
  assert.equal(typeof os, 'object');
  assert.match((os as { unknown: string }).unknown, /operating system/);
  assert.equal(evaluateCondition("'$(Configuration)' == 'Debug' and '$(OS)' == 'Windows_NT'", h), false);
  assert.equal(evaluateCondition("'$(Configuration)' == 'Release' or '$(OS)' == 'Windows_NT'", h), true);
  assert.equal(typeof evaluateCondition("$([MSBuild]::IsOSPlatform('Windows'))", h), 'object');
  assert.equal(typeof evaluateCondition("'@(Compile)' == ''", h), 'object');
  assert.equal(typeof evaluateCondition("'$(A' == ''", h), 'object');
});

test('property expansion: nested references, string methods and path functions', () => {
  const h = host({ Root: '/repo', Name: 'Orders.Tests', TargetFramework: 'net8.0-windows' });
  assert.deepEqual(expand('$(Root)/build/$(Name).props', h), { value: '/repo/build/Orders.Tests.props' });
  assert.deepEqual(expand("$(Name.EndsWith('.Tests'))", h), { value: 'True' });
  assert.deepEqual(expand("$(Name.Replace('.', '_').ToUpperInvariant())", h), { value: 'ORDERS_TESTS' });
  assert.deepEqual(expand("$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)'))", h), { value: 'windows' });
  assert.deepEqual(expand("$([System.IO.Path]::Combine('$(Root)', 'src', 'x.props'))", h), { value: '/repo/src/x.props' });
  const above = { ...h, exists: (p: string) => p === '/repo/Directory.Build.props' };
  assert.deepEqual(expand("$([MSBuild]::GetPathOfFileAbove('Directory.Build.props', '$(MSBuildThisFileDirectory)../'))", { ...above, property: (n) => (n === 'MSBuildThisFileDirectory' ? { value: '/repo/src/' } : h.property(n)) }), { value: '/repo/Directory.Build.props' });
  assert.equal(expand('$([System.DateTime]::Now)', h).unknown !== undefined, true);
});

test('property expansion: a DirectoryInfo from Directory.GetParent, read through Parent, FullName and Name', () => {
  const h = host({ MSBuildThisFileDirectory: '/repo/build/', Dir: '/repo/src/lib' });
  // GetParent of a folder written with its trailing separator is that folder, as in .NET.
  assert.deepEqual(expand('$([System.IO.Directory]::GetParent($(MSBuildThisFileDirectory)).Parent.FullName)', h), { value: '/repo' });
  assert.deepEqual(expand('$([System.IO.Directory]::GetParent($(MSBuildThisFileDirectory)).FullName)', h), { value: '/repo/build' });
  assert.deepEqual(expand('$([System.IO.Directory]::GetParent($(Dir)).Name)', h), { value: 'src' });
  assert.deepEqual(expand("$([System.IO.Directory]::GetParent($(Dir)).FullName.Replace('/', '|'))", h), { value: '|repo|src' });
  assert.deepEqual(expand('$([System.IO.Path]::GetFileName($(Dir)).ToUpperInvariant())', h), { value: 'LIB' });
  // A DirectoryInfo's other members, or one left as an object, stay unknown rather than guessed.
  assert.equal(expand('$([System.IO.Directory]::GetParent($(Dir)).Parent)', h).unknown !== undefined, true);
  assert.equal(expand('$([System.IO.Directory]::GetParent($(Dir)).Exists)', h).unknown !== undefined, true);
  assert.deepEqual(expand("$([System.IO.File]::Exists('x.props'))", { ...h, exists: (p: string) => p === '/repo/src/x.props' }), { value: 'True' });
});

// ---- target frameworks ----

test('target frameworks: parsing, compatibility and the choice among several', () => {
  assert.deepEqual(parseTargetFramework('net8.0-windows10.0.19041.0'), { moniker: 'net8.0-windows10.0.19041.0', identifier: '.NETCoreApp', version: [8, 0, 0], platform: 'windows', platformVersion: '10.0.19041.0' });
  assert.equal(parseTargetFramework('net472')?.identifier, '.NETFramework');
  assert.deepEqual(parseTargetFramework('net472')?.version, [4, 7, 2]);
  // The dotted spelling NuGet also accepts is the same .NET Framework target, with its symbols.
  assert.deepEqual(parseTargetFramework('net4.7.2'), { moniker: 'net4.7.2', identifier: '.NETFramework', version: [4, 7, 2], platform: null, platformVersion: null });
  assert.deepEqual(parseTargetFramework('net4.8')?.version, [4, 8, 0]);
  assert.ok(frameworkSymbols(parseTargetFramework('net4.7.2')!).includes('NET472'));
  assert.equal(parseTargetFramework('uap10.0'), null);
  // A one-digit .NET version without its `.0` is that .NET, as NuGet reads it; it outranks .NET Framework targets.
  assert.deepEqual(parseTargetFramework('net8'), { moniker: 'net8', identifier: '.NETCoreApp', version: [8, 0, 0], platform: null, platformVersion: null });
  assert.ok(frameworkSymbols(parseTargetFramework('net8')!).includes('NET8_0_OR_GREATER'));
  assert.equal(chooseTargetFramework(['net481', 'net8'])?.targetFramework, 'net8');
  assert.equal(isTargetFrameworkCompatible('net9.0', 'net8.0'), true);
  assert.equal(isTargetFrameworkCompatible('net8.0', 'net9.0'), false);
  assert.equal(isTargetFrameworkCompatible('net8.0', 'netstandard2.1'), true);
  assert.equal(isTargetFrameworkCompatible('net472', 'netstandard2.0'), true);
  assert.equal(isTargetFrameworkCompatible('net472', 'netstandard2.1'), false);
  assert.equal(isTargetFrameworkCompatible('net8.0', 'net8.0-windows'), false);
  assert.equal(isTargetFrameworkCompatible('net8.0-windows', 'net8.0'), true);
  assert.equal(chooseTargetFramework(['net481', 'netstandard2.0', 'net8.0', 'net6.0'])?.targetFramework, 'net8.0');
  assert.equal(chooseTargetFramework(['net8.0-windows', 'net8.0'])?.targetFramework, 'net8.0');
  assert.equal(chooseTargetFramework(['net8.0', 'net10.0'], 'net8.0')?.targetFramework, 'net8.0');
  assert.match(chooseTargetFramework(['net8.0', 'net10.0'], 'net6.0')!.reason, /net6\.0 was asked for but the project does not target it/);
});

test('preprocessing symbols follow the SDK: framework, OR_GREATER, configuration and DefineConstants', () => {
  const net8 = preprocessorSymbols({ targetFramework: 'net8.0', configuration: 'Release', defineConstants: 'TRACE;ORDERS' });
  for (const s of ['TRACE', 'ORDERS', 'RELEASE', 'NET', 'NET8_0', 'NETCOREAPP', 'NET8_0_OR_GREATER', 'NET5_0_OR_GREATER', 'NETCOREAPP3_1_OR_GREATER', 'NETCOREAPP1_0_OR_GREATER']) assert.ok(net8.includes(s), s);
  for (const s of ['NET9_0_OR_GREATER', 'DEBUG', 'NETCOREAPP8_0', 'NETSTANDARD']) assert.ok(!net8.includes(s), s);
  assert.deepEqual(preprocessorSymbols({ targetFramework: 'netcoreapp3.1', configuration: 'Debug' }),
    ['TRACE', 'DEBUG', 'NETCOREAPP', 'NETCOREAPP3_1', 'NETCOREAPP1_0_OR_GREATER', 'NETCOREAPP1_1_OR_GREATER', 'NETCOREAPP2_0_OR_GREATER', 'NETCOREAPP2_1_OR_GREATER', 'NETCOREAPP2_2_OR_GREATER', 'NETCOREAPP3_0_OR_GREATER', 'NETCOREAPP3_1_OR_GREATER']);
  const ns = preprocessorSymbols({ targetFramework: 'netstandard2.0', configuration: 'Release', defineConstants: '' });
  assert.deepEqual(ns.slice(0, 3), ['RELEASE', 'NETSTANDARD', 'NETSTANDARD2_0']);
  assert.ok(ns.includes('NETSTANDARD1_6_OR_GREATER') && ns.includes('NETSTANDARD2_0_OR_GREATER') && !ns.includes('NETSTANDARD2_1_OR_GREATER'));
  const fx = preprocessorSymbols({ targetFramework: 'net472', configuration: 'Release' });
  for (const s of ['NETFRAMEWORK', 'NET472', 'NET472_OR_GREATER', 'NET462_OR_GREATER', 'NET20_OR_GREATER', 'NET30_OR_GREATER']) assert.ok(fx.includes(s), s);
  assert.ok(!fx.includes('NET48_OR_GREATER') && !fx.includes('NET'));
  const win = preprocessorSymbols({ targetFramework: 'net8.0-windows', configuration: 'Staging-EU' });
  assert.ok(win.includes('WINDOWS') && win.includes('WINDOWS7_0') && win.includes('STAGING_EU'));
  assert.ok(!preprocessorSymbols({ targetFramework: 'net8.0', configuration: 'Release', disableImplicitFrameworkDefines: true }).includes('NET8_0'));
});

test('runtime "auto": each target picks its profile, the others say the figures are an estimate', () => {
  assert.deepEqual(chooseRuntime('auto', { targetFramework: 'net8.0', projectName: 'A.csproj' }), { profile: 'net8', targetFramework: 'net8.0', reason: 'the target is net8.0 of A.csproj', approximate: false });
  assert.equal(chooseRuntime('auto', { targetFramework: 'net9.0-windows' }).profile, 'net9');
  assert.equal(chooseRuntime('auto', { targetFramework: 'net10.0', features: 'runtime-async=on' }).profile, 'net11-runtime-async');
  const standard = chooseRuntime('auto', { targetFramework: 'netstandard2.0' });
  assert.equal(standard.approximate, true);
  assert.match(standard.reason, /no single runtime's figures apply/);
  const framework = chooseRuntime('auto', { targetFramework: 'net48' });
  assert.equal(framework.profile, 'net6');
  assert.match(framework.reason, /do not apply to \.NET Framework/);
  assert.equal(chooseRuntime('auto', { targetFramework: 'netcoreapp3.1' }).profile, 'net6');
  assert.equal(chooseRuntime('auto', { targetFramework: 'net12.0' }).profile, 'net10');
  const outside = chooseRuntime('auto', null);
  assert.equal(outside.profile, 'net10');
  assert.match(outside.reason, /belongs to no project: net10 is assumed/);
  assert.equal(chooseRuntime('net7', { targetFramework: 'net8.0' }).profile, 'net7');
  assert.deepEqual(projectContext(null, 'auto', 'Release').targetFramework, 'net10.0');
});

test('implicit usings by SDK, citing the SDK files', () => {
  const base = implicitUsingsFor(['Microsoft.NET.Sdk'], false, () => false);
  assert.deepEqual(base.sort(), ['System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Net.Http', 'System.Threading', 'System.Threading.Tasks']);
  assert.ok(!implicitUsingsFor(['Microsoft.NET.Sdk'], true, () => false).includes('System.Net.Http'));
  const web = implicitUsingsFor(['Microsoft.NET.Sdk.Web'], false, () => false);
  assert.ok(web.includes('Microsoft.AspNetCore.Builder') && web.includes('System.Linq'));
  const worker = implicitUsingsFor(['Microsoft.NET.Sdk.Worker'], false, () => false);
  assert.ok(worker.includes('Microsoft.Extensions.Hosting') && !worker.includes('Microsoft.AspNetCore.Http'));
  assert.ok(!implicitUsingsFor(['Microsoft.NET.Sdk'], false, (p) => p === 'UseWPF').includes('System.IO'));
  assert.deepEqual(implicitUsingsFor(['MSBuild.Sdk.Extras/3.0.44'], false, () => false), []);
});

// ---- evaluation over an in-memory tree ----

function memoryFs(files: Record<string, string>): ProjectFileSystem {
  return {
    readText: (p) => files[p] ?? null,
    exists: (p) => p in files || Object.keys(files).some((f) => f.startsWith(`${p.replace(/\/$/, '')}/`)),
  };
}

const TREE: Record<string, string> = {
  '/repo/Directory.Build.props': `<Project>
  <PropertyGroup>
    <LangVersion>12</LangVersion>
    <NoWarn>$(NoWarn);VSTHRD103</NoWarn>
    <DefineConstants>$(DefineConstants);SHARED</DefineConstants>
  </PropertyGroup>
</Project>`,
  '/repo/src/Directory.Build.props': `<Project>
  <Import Project="$([MSBuild]::GetPathOfFileAbove('Directory.Build.props', '$(MSBuildThisFileDirectory)../'))" />
  <PropertyGroup><Nullable>enable</Nullable></PropertyGroup>
</Project>`,
  '/repo/Directory.Packages.props': `<Project>
  <ItemGroup>
    <PackageVersion Include="Npgsql" Version="8.0.3" />
    <PackageVersion Include="xunit" Version="2.9.3" />
  </ItemGroup>
</Project>`,
  '/repo/Directory.Build.targets': `<Project>
  <PropertyGroup Condition="'$(TargetFramework)' == 'net8.0'"><DefineConstants>$(DefineConstants);FROM_TARGETS</DefineConstants></PropertyGroup>
</Project>`,
  '/repo/src/Data/Data.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>netstandard2.0;net8.0;net6.0</TargetFrameworks>
    <ImplicitUsings>enable</ImplicitUsings>
  </PropertyGroup>
  <PropertyGroup Condition="'$(TargetFramework)' == 'net8.0'">
    <DefineConstants>$(DefineConstants);MODERN</DefineConstants>
  </PropertyGroup>
  <PropertyGroup Condition="'$(OS)' == 'Windows_NT'">
    <DefineConstants>$(DefineConstants);WINDOWS_ONLY</DefineConstants>
  </PropertyGroup>
  <Choose>
    <When Condition="'$(Configuration)' == 'Debug'"><PropertyGroup><Features>debug</Features></PropertyGroup></When>
    <Otherwise><PropertyGroup><Features>strict</Features></PropertyGroup></Otherwise>
  </Choose>
  <ItemGroup>
    <PackageReference Include="Npgsql" />
    <PackageReference Include="Dapper" Version="2.1.35" />
    <PackageReference Include="Polly" Version="8.0.0" Condition="$([MSBuild]::IsTargetFrameworkCompatible('$(TargetFramework)', 'net6.0'))" />
    <Compile Remove="Obsolete/**" />
    <Compile Include="../Shared/*.cs" />
    <Using Include="System.Buffers" />
    <Using Remove="System.Net.Http" />
    <ProjectReference Include="..\\Core\\Core.csproj" />
  </ItemGroup>
</Project>`,
  '/repo/src/Data/Repo.cs': '',
  '/repo/src/Data/Obsolete/Old.cs': '',
  '/repo/src/Shared/Clock.cs': '',
  '/repo/src/Data/Nested/Nested.csproj': `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup></Project>`,
  '/repo/src/Data/Nested/Thing.cs': '',
  '/repo/tests/Data.Tests/Data.Tests.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="xunit" /></ItemGroup>
</Project>`,
};

test('evaluation: the Arcade SDK\'s Sdk.props sets NetCurrent from the version global.json names; NetMinimum stays unknown, and an older Arcade or one global.json does not name sets nothing', () => {
  const arcade = (version: string | null): Record<string, string> => ({
    ...(version === null ? {} : { '/repo/global.json': `{ "sdk": { "version": "11.0.100" }, "msbuild-sdks": { "Microsoft.DotNet.Arcade.Sdk": "${version}" } }` }),
    '/repo/Directory.Build.props': `<Project>
  <Import Project="Sdk.props" Sdk="Microsoft.DotNet.Arcade.Sdk" />
  <PropertyGroup><DefaultNetCoreTargetFramework>$(NetCurrent)</DefaultNetCoreTargetFramework></PropertyGroup>
</Project>`,
    '/repo/src/Data/Data.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>$(DefaultNetCoreTargetFramework)</TargetFramework></PropertyGroup></Project>',
    '/repo/src/Sqlite/Sqlite.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFrameworks>$(NetMinimum)</TargetFrameworks></PropertyGroup></Project>',
  });
  assert.equal(evaluateProject('/repo/src/Data/Data.csproj', memoryFs(arcade('11.0.0-beta.26420.103'))).targetFramework, 'net11.0');
  assert.equal(evaluateProject('/repo/src/Data/Data.csproj', memoryFs(arcade('9.0.0-beta.24516.2'))).targetFramework, 'net9.0');
  assert.equal(evaluateProject('/repo/src/Sqlite/Sqlite.csproj', memoryFs(arcade('11.0.0-beta.26420.103'))).targetFramework, null);
  assert.equal(evaluateProject('/repo/src/Data/Data.csproj', memoryFs(arcade('6.0.0-beta.25468.4'))).targetFramework, null);
  assert.equal(evaluateProject('/repo/src/Data/Data.csproj', memoryFs(arcade(null))).targetFramework, null);
});

test('evaluation: Directory.Build.props chain, central versions, conditions, Choose, items and the highest target', () => {
  const p = evaluateProject('/repo/src/Data/Data.csproj', memoryFs(TREE), { configuration: 'Release' });
  assert.deepEqual(p.targetFrameworks, ['netstandard2.0', 'net8.0', 'net6.0']);
  assert.equal(p.targetFramework, 'net8.0');
  assert.match(p.targetFrameworkReason, /the highest, net8\.0, is analysed/);
  assert.deepEqual(p.imports, ['/repo/src/Directory.Build.props', '/repo/Directory.Build.props', '/repo/Directory.Packages.props', '/repo/Directory.Build.targets']);
  assert.equal(p.langVersion, '12');
  assert.equal(p.nullable, 'enable');
  assert.equal(p.features, 'strict');
  // D.B.props runs before the SDK's props (which append TRACE), the project next, Directory.Build.targets last.
  assert.equal(p.defineConstants, ';SHARED;TRACE;MODERN;FROM_TARGETS');
  for (const s of ['SHARED', 'TRACE', 'MODERN', 'FROM_TARGETS', 'RELEASE', 'NET8_0', 'NET8_0_OR_GREATER']) assert.ok(p.preprocessorSymbols.includes(s), s);
  assert.ok(!p.preprocessorSymbols.includes('WINDOWS_ONLY'));
  // Directory.Build.props set NoWarn before the SDK's props, which then leave out their 1701;1702 default.
  assert.deepEqual(p.noWarn, ['VSTHRD103']);
  assert.equal(p.noWarnSource, '/repo/Directory.Build.props');
  assert.deepEqual(p.packageReferences, [{ id: 'Npgsql', version: '8.0.3' }, { id: 'Dapper', version: '2.1.35' }, { id: 'Polly', version: '8.0.0' }]);
  assert.deepEqual(p.projectReferences, ['/repo/src/Core/Core.csproj']);
  assert.ok(p.globalUsings.includes('System.Buffers') && p.globalUsings.includes('System.Linq') && !p.globalUsings.includes('System.Net.Http'));
  const conditionNotes = p.notes.filter((n) => n.kind === 'condition');
  assert.equal(conditionNotes.length, 1, JSON.stringify(p.notes));
  assert.match(conditionNotes[0].message, /Condition="'\$\(OS\)' == 'Windows_NT'".*operating system.*not applied/);
  assert.equal(conditionNotes[0].line, 9);
  // The preferred target wins when the project lists it; Debug switches the Choose branch and the symbol.
  const net6 = evaluateProject('/repo/src/Data/Data.csproj', memoryFs(TREE), { configuration: 'Debug', targetFramework: 'net6.0' });
  assert.equal(net6.targetFramework, 'net6.0');
  assert.equal(net6.features, 'debug');
  assert.ok(net6.preprocessorSymbols.includes('DEBUG') && !net6.preprocessorSymbols.includes('MODERN') && !net6.preprocessorSymbols.includes('NET8_0_OR_GREATER'));
  const ns = evaluateProject('/repo/src/Data/Data.csproj', memoryFs(TREE), { targetFramework: 'netstandard2.0' });
  assert.deepEqual(ns.packageReferences.map((r) => r.id), ['Npgsql', 'Dapper']);
});

test('ownership: the default glob minus Compile Remove and nested projects, plus linked files', () => {
  const fs = memoryFs(TREE);
  const projects = ['/repo/src/Data/Data.csproj', '/repo/src/Data/Nested/Nested.csproj', '/repo/tests/Data.Tests/Data.Tests.csproj'].map((p) => evaluateProject(p, fs));
  const owner = (f: string) => ownerOf(f, projects)?.name ?? null;
  assert.equal(owner('/repo/src/Data/Repo.cs'), 'Data');
  assert.equal(owner('/repo/src/Data/Obsolete/Old.cs'), null);
  assert.equal(owner('/repo/src/Data/Nested/Thing.cs'), 'Nested');
  assert.equal(owner('/repo/src/Shared/Clock.cs'), 'Data');
  assert.equal(owner('/repo/src/Data/obj/Release/net8.0/Data.AssemblyInfo.cs'), null);
  assert.equal(owner('/repo/src/Data/bin/x.cs'), null);
  assert.equal(owner('/repo/src/Data/.hidden/x.cs'), null);
  assert.equal(owner('/repo/elsewhere/x.cs'), null);
  assert.equal(projects[1].targetFramework, 'net472');
  assert.ok(projects[1].preprocessorSymbols.includes('NET472'));
});

test('a project without an Sdk of its own is SDK-style once a file it imports imports the .NET SDK; another SDK (Arcade) does not make it so', () => {
  const shared = evaluateProject('/x/Pack.csproj', memoryFs({
    '/x/Pack.csproj': '<Project><PropertyGroup><Flavour>x64</Flavour></PropertyGroup><Import Project="Common.projitems" /></Project>',
    '/x/Common.projitems': `<Project><Import Sdk="Microsoft.NET.Sdk" Project="Sdk.props" />
  <PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup><Import Sdk="Microsoft.NET.Sdk" Project="Sdk.targets" /></Project>`,
  }));
  assert.equal(shared.sdkStyle, true);
  assert.equal(shared.targetFramework, 'net9.0');
  assert.equal(shared.targetFrameworkReason, 'the project targets net9.0');
  // The SDK's default Compile glob applies.
  assert.equal(ownerOf('/x/Program.cs', [shared])?.name, 'Pack');
  const arcadeOnly = evaluateProject('/y/L.csproj', memoryFs({
    '/y/Directory.Build.props': '<Project><Import Project="Sdk.props" Sdk="Microsoft.DotNet.Arcade.Sdk" /></Project>',
    '/y/L.csproj': `<Project ToolsVersion="15.0"><PropertyGroup><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
    <ItemGroup><Compile Include="Program.cs" /></ItemGroup></Project>`,
  }));
  assert.equal(arcadeOnly.sdkStyle, false);
  assert.equal(arcadeOnly.targetFrameworkReason, 'the legacy project targets net472');
  assert.equal(ownerOf('/y/Other.cs', [arcadeOnly]), null);
});

test('targets named only under conditions that depend on the machine (IsOSPlatform) are all taken, and the highest analysed', () => {
  const perOs = evaluateProject('/x/Tests.csproj', memoryFs({ '/x/Tests.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup Condition="$([MSBuild]::IsOSPlatform('Windows'))"><TargetFrameworks>net8.0;net472</TargetFrameworks></PropertyGroup>
  <PropertyGroup Condition="!$([MSBuild]::IsOSPlatform('Windows'))"><TargetFramework>net8.0</TargetFramework></PropertyGroup>
</Project>` }));
  assert.deepEqual(perOs.targetFrameworks, ['net8.0', 'net472']);
  assert.equal(perOs.targetFramework, 'net8.0');
  assert.match(perOs.targetFrameworkReason, /set only under conditions AsyncLens cannot evaluate.*the highest, net8\.0, is analysed/);
  assert.ok(perOs.preprocessorSymbols.includes('NET8_0_OR_GREATER'));
  assert.ok(perOs.notes.some((n) => n.kind === 'condition'));
  // A target set without a condition is the project's, whatever a machine-dependent group would add.
  const fixed = evaluateProject('/y/App.csproj', memoryFs({ '/y/App.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>
  <PropertyGroup Condition="$([MSBuild]::IsOSPlatform('Windows'))"><TargetFrameworks>net8.0-windows</TargetFrameworks></PropertyGroup>
</Project>` }));
  assert.equal(fixed.targetFramework, 'net6.0');
  assert.deepEqual(fixed.targetFrameworks, ['net6.0']);
});

test('evaluation never throws: unreadable, malformed, not a project, legacy, unresolvable imports', () => {
  const broken = evaluateProject('/x/Broken.csproj', memoryFs({ '/x/Broken.csproj': '<Project Sdk="Microsoft.NET.Sdk">\n<PropertyGroup>\n<TargetFramework>net8.0</TargetFramework>\n' }));
  assert.equal(broken.targetFramework, 'net8.0');
  assert.ok(broken.notes.some((n) => n.kind === 'xml' && /never closed/.test(n.message)));
  const garbage = evaluateProject('/x/G.csproj', memoryFs({ '/x/G.csproj': 'this is not xml' }));
  assert.equal(garbage.targetFramework, null);
  assert.ok(garbage.notes.some((n) => n.kind === 'xml'));
  const missing = evaluateProject('/x/Missing.csproj', memoryFs({}));
  assert.deepEqual(missing.notes.map((n) => n.message), ['the project file cannot be read']);
  const notProject = evaluateProject('/x/N.csproj', memoryFs({ '/x/N.csproj': '<Solution/>' }));
  assert.match(notProject.notes[0].message, /not an MSBuild project/);
  const legacy = evaluateProject('/x/L.csproj', memoryFs({ '/x/L.csproj': `<Project ToolsVersion="15.0"><PropertyGroup><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
    <ItemGroup><Compile Include="Program.cs" /></ItemGroup></Project>` }));
  assert.equal(legacy.sdkStyle, false);
  assert.equal(legacy.targetFramework, 'net472');
  assert.equal(ownerOf('/x/Program.cs', [legacy])?.name, 'L');
  assert.equal(ownerOf('/x/Other.cs', [legacy]), null);
  const imports = evaluateProject('/x/I.csproj', memoryFs({ '/x/I.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <Import Project="$(MSBuildExtensionsPath)/x.props" />
  <Import Project="build/*.props" />
  <Import Project="missing.props" />
  <PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup></Project>` }));
  assert.equal(imports.targetFramework, 'net9.0');
  assert.deepEqual(imports.notes.map((n) => n.kind), ['import', 'import', 'import']);
});

test('solutions: .sln and .slnx name their C# projects', () => {
  const sln = parseSolution('A.sln', 'Microsoft Visual Studio Solution File, Format Version 12.00\r\nProject("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "A", "src\\A\\A.csproj", "{1}"\r\nEndProject\r\nProject("{2150E333-8FDC-42A3-9474-1A3956D46DE8}") = "docs", "docs", "{2}"\r\nEndProject\r\nProject("{F2A71F9B-5D33-465A-A702-920D77279786}") = "F", "src\\F\\F.fsproj", "{3}"\r\nEndProject\r\n');
  assert.deepEqual(sln, { projects: ['src/A/A.csproj'], problems: [] });
  const slnx = parseSolution('A.slnx', '<Solution><Folder Name="/src/"><Project Path="src/A/A.csproj" /></Folder><Project Path="tests\\B\\B.csproj" /></Solution>');
  assert.deepEqual(slnx, { projects: ['src/A/A.csproj', 'tests/B/B.csproj'], problems: [] });
  assert.ok(parseSolution('x.sln', 'garbage').problems.length === 1);
  assert.ok(parseSolution('x.slnx', '<Solution><Project').problems.length >= 1);
});

// ---- generated code, test code, suppressions ----

test('generated code as Roslyn recognises it: file names, the auto-generated header, generated_code, [GeneratedCode]', async () => {
  await ready();
  for (const name of ['Form1.Designer.cs', 'Api.generated.cs', 'Parser.g.cs', 'View.g.i.cs', 'TemporaryGeneratedFile_1.cs', 'X.G.CS']) assert.ok(generatedFileReason(`src/${name}`, ''), name);
  for (const name of ['Designer.cs', 'Generator.cs', 'g.cs', 'Agg.cs']) assert.equal(generatedFileReason(`src/${name}`, ''), null, name);
  assert.ok(generatedFileReason('a.cs', '#pragma warning disable\n// <auto-generated/>\nnamespace A;'));
  assert.ok(generatedFileReason('a.cs', '/* <autogenerated> */ class A {}'));
  assert.equal(generatedFileReason('a.cs', 'class A {}\n// <auto-generated/>'), null, 'only comments before the first token count');
  assert.equal(generatedFileReason('Form1.Designer.cs', '', false), null, 'generated_code = false wins');
  assert.ok(generatedFileReason('a.cs', 'class A {}', true));
  const text = 'using System.CodeDom.Compiler;\n[GeneratedCode("t", "1")]\npublic class A { public void M() {} }\npublic partial class B { [System.CodeDom.Compiler.GeneratedCodeAttribute("t", "1")] public void N() {} public void O() {} }\n[GeneratedCode("t", "1")] public partial class C {}\n';
  const { model } = modelFile(text);
  const regions = generatedCodeRegions(text, model, (name) => (name === 'C' ? 2 : 1));
  assert.deepEqual(regions.map((r) => r.reason), ['generated code: [GeneratedCode] on A', 'generated code: [GeneratedCode] on B.N']);
  assert.equal(generatedOption('generated_code = true'), true);
});

function generatedOption(line: string): boolean | null {
  return generatedCodeOption(editorConfigOptions('/r/a.cs', [{ dir: '/r', text: `root = true\n[*.cs]\n${line}\n` }]));
}

test('test code: a test framework reference, IsTestProject, or test attributes in the file', async () => {
  await ready();
  const fs = memoryFs(TREE);
  const tests = evaluateProject('/repo/tests/Data.Tests/Data.Tests.csproj', fs);
  const data = evaluateProject('/repo/src/Data/Data.csproj', fs);
  const plain = modelFile('namespace A; public class C { public void M() {} }').model;
  assert.deepEqual(testCodeVerdict(tests, '', plain), { testCode: true, reason: 'Data.Tests references xunit (xUnit.net)' });
  assert.deepEqual(testCodeVerdict(data, '', plain), { testCode: false, reason: null });
  const nunitText = 'namespace A;\n[NUnit.Framework.TestFixture]\npublic class T { public void M() {} }\n';
  assert.deepEqual(testCodeVerdict(data, nunitText, modelFile(nunitText).model), { testCode: true, reason: '[TestFixture] on A.T' });
  const customText = 'namespace A;\npublic class T { [SkippableFact] public async System.Threading.Tasks.Task M() { await System.Threading.Tasks.Task.Yield(); } }\n';
  assert.equal(testCodeVerdict(null, customText, modelFile(customText).model).testCode, true);
  const lookalike = 'namespace A;\npublic class T { [Obsolete("use TestMethod")] public void M() {} }\n';
  assert.equal(testCodeVerdict(null, lookalike, modelFile(lookalike).model).testCode, false);
  // A helper library that references xunit but says IsTestProject=false is no test project, in the project list
  // (testProjectReason) as in the findings' verdicts; its test attributes still make a file test code.
  const helper = evaluateProject('/repo/tests/Data.Testing/Data.Testing.csproj', memoryFs({ ...TREE, '/repo/tests/Data.Testing/Data.Testing.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework><IsTestProject>false</IsTestProject></PropertyGroup>
  <ItemGroup><PackageReference Include="xunit" /></ItemGroup>
</Project>` }));
  assert.equal(testProjectReason(helper), null);
  assert.deepEqual(testCodeVerdict(helper, '', plain), { testCode: false, reason: null });
  assert.equal(testCodeVerdict(helper, nunitText, modelFile(nunitText).model).testCode, true);
  // A helper library with no test framework but packages only tests use (a mocking or assertion library, ASP.NET
  // Core's test server) is test code, even when it is published as a package; IsTestProject=false still wins.
  const steps = (isTestProject: string) => evaluateProject('/repo/testing/Data.Testing.csproj', memoryFs({ ...TREE, '/repo/testing/Data.Testing.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework><PackageId>Data.Testing</PackageId>${isTestProject}</PropertyGroup>
  <ItemGroup><PackageReference Include="Microsoft.Extensions.Logging" /><PackageReference Include="moq" Version="4.20.72" /><PackageReference Include="Shouldly" /></ItemGroup>
</Project>` }));
  assert.deepEqual(testCodeVerdict(steps(''), '', plain), { testCode: true, reason: 'Data.Testing references Moq (a mocking library), a test helper library' });
  // OWIN integration tests host the pipeline in Katana's in-memory TestServer, with their test framework brought by a
  // project they reference or by the build SDK: the test server alone says test code, whatever package metadata the
  // repository's shared props give every project.
  const owinTests = evaluateProject('/repo/tests/Web.Owin.IntegrationTests/Web.Owin.IntegrationTests.csproj', memoryFs({ ...TREE, '/repo/tests/Web.Owin.IntegrationTests/Web.Owin.IntegrationTests.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net48</TargetFramework><PackageTags>web</PackageTags></PropertyGroup>
  <ItemGroup><PackageReference Include="Microsoft.Owin.Testing" Version="4.2.2" /></ItemGroup>
</Project>` }));
  assert.deepEqual(testCodeVerdict(owinTests, '', plain), { testCode: true, reason: "Web.Owin.IntegrationTests references Microsoft.Owin.Testing (OWIN's in-memory test server), a test helper library" });
  // In a repository built with the Arcade SDK, a project named *.Tests, *.UnitTests, *.IntegrationTests or
  // *.PerformanceTests is a test project (the SDK sets IsTestProject and adds xUnit); another name, or the same name
  // without the SDK, is not.
  const arcade = (name: string, sdk: string) => evaluateProject(`/repo/tests/${name}/${name}.csproj`, memoryFs({ ...TREE, [`/repo/tests/${name}/${name}.csproj`]: `<Project Sdk="Microsoft.NET.Sdk">
  <Import Project="Sdk.props" Sdk="${sdk}" />
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
</Project>` }));
  assert.equal(testProjectReason(arcade('Web.IntegrationTests', 'Microsoft.DotNet.Arcade.Sdk')), 'Web.IntegrationTests is a test project of the Arcade SDK (its name ends in .IntegrationTests)');
  assert.equal(testProjectReason(arcade('Web.Tests', 'Microsoft.DotNet.Arcade.Sdk')), 'Web.Tests is a test project of the Arcade SDK (its name ends in .Tests)');
  assert.equal(testProjectReason(arcade('Web.Testing', 'Microsoft.DotNet.Arcade.Sdk')), null);
  assert.equal(testProjectReason(arcade('Web.Tests', 'Microsoft.NET.Sdk.Razor')), null);
  assert.equal(testProjectReason(steps('<IsTestProject>false</IsTestProject>')), null);
  // A shared fixture library that takes only xUnit's extensibility package (its IAsyncLifetime fixtures and
  // ITestOutputHelper) beside the client it tests is test code too.
  const fixtures = (pkg: string) => evaluateProject('/repo/tools/Api.Fixtures/Api.Fixtures.csproj', memoryFs({ ...TREE, '/repo/tools/Api.Fixtures/Api.Fixtures.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Microsoft.Extensions.Configuration.Json" /><PackageReference Include="${pkg}" Version="3.2.2" /></ItemGroup>
</Project>` }));
  assert.deepEqual(testCodeVerdict(fixtures('xunit.v3.extensibility.core'), '', plain), { testCode: true, reason: "Api.Fixtures references xunit.v3.extensibility.core (xUnit.net v3's extensibility interfaces), a test helper library" });
  assert.equal(testCodeVerdict(fixtures('xunit.extensibility.core'), '', plain).testCode, true);
  // So is a library of test doubles that references only xUnit's assertion package.
  assert.deepEqual(testCodeVerdict(fixtures('xunit.v3.assert'), '', plain), { testCode: true, reason: "Api.Fixtures references xunit.v3.assert (xUnit.net v3's assertions), a test helper library" });
  assert.equal(testCodeVerdict(fixtures('xunit.assert'), '', plain).testCode, true);
  // xUnit.net v3 comes in one package per Microsoft Testing Platform variant (a repository's shared props may name
  // only `xunit.v3.mtp-v2`): each makes a test project.
  for (const pkg of ['xunit.v3.mtp-v1', 'xunit.v3.mtp-v2', 'xunit.v3.mtp-off', 'xunit.v3.core.mtp-v2']) {
    assert.deepEqual(testCodeVerdict(fixtures(pkg), '', plain), { testCode: true, reason: `Api.Fixtures references ${pkg} (xUnit.net v3)` });
  }
  // A benchmark project (BenchmarkDotNet, an Exe that blocks on tasks to time them) is test code, named so.
  const bench = (pkg: string) => evaluateProject('/repo/bench/Data.Benchmarks/Data.Benchmarks.csproj', memoryFs({ ...TREE, '/repo/bench/Data.Benchmarks/Data.Benchmarks.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><OutputType>Exe</OutputType><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="${pkg}" Version="0.14.0" /></ItemGroup>
</Project>` }));
  assert.deepEqual(testCodeVerdict(bench('benchmarkdotnet'), '', plain), { testCode: true, reason: 'Data.Benchmarks references BenchmarkDotNet (a benchmark harness), a benchmark project' });
  assert.equal(testProjectReason(bench('Newtonsoft.Json')), null);
});

test('a library named for tests that only test code references is test code when its package properties come from a shared props file, and production code when its own project file sets one', () => {
  // A repository whose props file gives every project its license (Marten's Directory.Build.props does), so each
  // project reads as published unless its own file is asked.
  const files: Record<string, string> = {
    '/repo/Directory.Build.props': '<Project><PropertyGroup><PackageLicenseExpression>MIT</PackageLicenseExpression></PropertyGroup></Project>',
  };
  const project = (file: string, body: string) => evaluateProject(file, memoryFs({ ...files, [file]: `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework>${body}</PropertyGroup>
</Project>` }));
  const tests = project('/repo/src/Acme.Tests/Acme.Tests.csproj', '<IsTestProject>true</IsTestProject>');
  const dummy = project('/repo/src/Acme.Testing.OtherAssembly/Acme.Testing.OtherAssembly.csproj', '');
  const onlyTests = () => [tests];
  assert.equal(testCodeReason(dummy, onlyTests), 'Acme.Testing.OtherAssembly is a class library only test code references (Acme.Tests) (its PackageLicenseExpression comes from Directory.Build.props)');
  // Its own PackageId publishes it: its users are elsewhere.
  assert.equal(testCodeReason(project('/repo/src/Acme.Testing.Shared/Acme.Testing.Shared.csproj', '<PackageId>Acme.Testing.Shared</PackageId>'), onlyTests), null);
  // A name that says nothing of tests keeps the library production code, whatever references it.
  assert.equal(testCodeReason(project('/repo/src/Acme.Pricing/Acme.Pricing.csproj', ''), onlyTests), null);
});

test('code that does not ship: a build script by its build system package unless it publishes itself; folders of samples, examples and build scripts below a root, a tools folder right below one; projects named as samples; applications named as code generators; a file no project compiles in a docs or samples folder', () => {
  const project = (file: string, body: string) => evaluateProject(file, memoryFs({ ...TREE, [file]: `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework>${body}</PropertyGroup>
</Project>` }));
  const script = (pkg: string, own = '') => evaluateProject('/repo/build/_build.csproj', memoryFs({ ...TREE, '/repo/build/_build.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><OutputType>Exe</OutputType><TargetFramework>net8.0</TargetFramework>${own}</PropertyGroup>
  <ItemGroup><PackageReference Include="${pkg}" Version="10.1.0" /></ItemGroup>
</Project>` }));
  assert.equal(buildScriptReason(script('Nuke.Common')), '_build is a build script: it references Nuke.Common (NUKE, a build automation system)');
  assert.equal(buildScriptReason(script('fallout.components')), '_build is a build script: it references Fallout.Components (Fallout, the successor of NUKE)');
  assert.equal(buildScriptReason(script('FlubuCore')), '_build is a build script: it references FlubuCore (FlubuCore, a build and deployment automation system)');
  // Cake's addins reference Cake.Core and ship to Cake's users; only the Frosting host makes a build script.
  assert.equal(buildScriptReason(script('Cake.Core')), null);
  // An extension of the build system that publishes itself ships.
  assert.equal(buildScriptReason(script('Nuke.Common', '<PackageId>Acme.Nuke.Tasks</PackageId>')), null);
  // Through testCodeReason, with no folder and no referencer.
  assert.equal(testCodeReason(script('Cake.Frosting'), () => []), "_build is a build script: it references Cake.Frosting (Cake Frosting, Cake's host for a build script written as a console application)");

  assert.deepEqual(nonShippedFolderBelow('/repo/samples/Chat/Server', ['/repo']), { folder: 'samples/', path: '/repo/samples', kind: 'samples' });
  assert.deepEqual(nonShippedFolderBelow('/repo/src/Examples/Console', ['/repo']), { folder: 'src/Examples/', path: '/repo/src/Examples', kind: 'samples' });
  assert.equal(nonShippedFolderBelow('/repo/sample/App', ['/repo'])?.kind, 'samples');
  assert.equal(nonShippedFolderBelow('/repo/example/App', ['/repo'])?.kind, 'samples');
  assert.equal(nonShippedFolderBelow('/repo/playground/Stress', ['/repo'])?.kind, 'samples');
  assert.equal(nonShippedFolderBelow('/repo/demos/PdfExport', ['/repo'])?.kind, 'samples');
  // A sandbox of hand-run apps right below a root is one too; deeper, Sandbox may be a product's feature.
  assert.deepEqual(nonShippedFolderBelow('/repo/sandbox/ConsoleApp', ['/repo']), { folder: 'sandbox/', path: '/repo/sandbox', kind: 'samples' });
  assert.equal(nonShippedFolderBelow('/repo/src/Scripting/Sandbox/Runner', ['/repo']), null);
  // Only below a root: the checkout itself may sit in a folder named examples.
  assert.equal(nonShippedFolderBelow('/examples/repo/src/App', ['/examples/repo']), null);
  assert.equal(nonShippedFolderBelow('/repo/src/ExamplesApi', ['/repo']), null);
  // A build folder is looked for after the others: a test folder below it is one whatever the build folder holds.
  assert.deepEqual(nonShippedFolderBelow('/repo/build/tests/Checks', ['/repo']), { folder: 'build/tests/', path: '/repo/build/tests', kind: 'test' });
  assert.deepEqual(nonShippedFolderBelow('/repo/build', ['/repo']), { folder: 'build/', path: '/repo/build', kind: 'build' });
  // A tools folder counts only right below a root: deeper it is as often a product feature's folder (src/Core/Tools).
  assert.deepEqual(nonShippedFolderBelow('/repo/tools/Packager', ['/repo']), { folder: 'tools/', path: '/repo/tools', kind: 'tools' });
  assert.equal(nonShippedFolderBelow('/repo/src/Core/Tools/Generator', ['/repo']), null);
  // The test applications of ASP.NET Core repositories sit in a testassets folder, at the top or below a project's.
  assert.deepEqual(nonShippedFolderBelow('/repo/testassets/TestServer', ['/repo']), { folder: 'testassets/', path: '/repo/testassets', kind: 'test' });
  assert.equal(nonShippedFolderBelow('/repo/src/Hosting/TestAssets/StartupApp', ['/repo'])?.kind, 'test');
  assert.equal(nonShippedFolderBelow('/repo/src/TestAssetsApi', ['/repo']), null);
  // The programs an integration test of another language deploys, and the inputs and expected outputs Go's tests keep.
  assert.deepEqual(nonShippedFolderBelow('/repo/integration_tests/aliases/step1', ['/repo']), { folder: 'integration_tests/', path: '/repo/integration_tests', kind: 'test' });
  assert.equal(nonShippedFolderBelow('/repo/IntegrationTests/Smoke', ['/repo'])?.kind, 'test');
  assert.deepEqual(nonShippedFolderBelow('/repo/host/codegen/testdata/enums', ['/repo']), { folder: 'host/codegen/testdata/', path: '/repo/host/codegen/testdata', kind: 'testdata' });
  assert.equal(nonShippedFolderBelow('/repo/src/TestDataBuilder', ['/repo']), null);
  // Below a feature's Tools folder, a test folder is still one.
  assert.deepEqual(nonShippedFolderBelow('/repo/src/Tools/test/Generator.Tests', ['/repo']), { folder: 'src/Tools/test/', path: '/repo/src/Tools/test', kind: 'test' });

  // A file no project compiles is a sample by a docs, samples, examples or playground folder below a root, and test
  // material by a test or benchmark folder, in a workspace whose projects were read.
  assert.equal(uncompiledSampleReason('/repo/docs/guides/samples/bot.cs', ['/repo'], 3), 'no project compiles it, and it sits in the documentation folder docs/: a sample that ships in no product');
  assert.equal(uncompiledSampleReason('/repo/examples/Actors/Program.cs', ['/repo'], 3), 'no project compiles it, and it sits in the samples folder examples/: a sample that ships in no product');
  assert.equal(uncompiledSampleReason('/repo/attic/Old.cs', ['/repo'], 3), null);
  // A notebook's helper file, which .NET Interactive loads (#load, #!import) and no build compiles.
  assert.equal(uncompiledSampleReason('/repo/dotnet/notebooks/config/Settings.cs', ['/repo'], 3), 'no project compiles it, and it sits in the notebooks folder dotnet/notebooks/: code a notebook loads, which ships in no product');
  // A test or benchmark folder's loose files are test material: a file-based app that reproduces a bug, say.
  assert.equal(uncompiledSampleReason('/repo/tests/Repro/Repro.cs', ['/repo'], 3), 'no project compiles it, and it sits in the test folder tests/: test material that ships in no product');
  assert.equal(uncompiledSampleReason('/repo/src/Benchmarks/Load.cs', ['/repo'], 3), 'no project compiles it, and it sits in the benchmark folder src/Benchmarks/: test material that ships in no product');
  assert.equal(uncompiledSampleReason('/repo/integration_tests/rollout/step2/Program.cs', ['/repo'], 3), 'no project compiles it, and it sits in the test folder integration_tests/: test material that ships in no product');
  assert.equal(uncompiledSampleReason('/repo/host/testdata/programs/Program.cs', ['/repo'], 3), 'no project compiles it, and it sits in the test folder host/testdata/: test material that ships in no product');
  assert.equal(uncompiledSampleReason('/tests/repo/src/Old.cs', ['/tests/repo'], 3), null);
  assert.equal(uncompiledSampleReason('/docs/repo/src/Old.cs', ['/docs/repo'], 3), null);
  assert.equal(uncompiledSampleReason('/repo/docs/bot.cs', ['/repo'], 0), null);
  // A file-based app in the repository's tools or .github folder is its tooling; a Tools folder deeper is a product's.
  assert.equal(uncompiledSampleReason('/repo/tools/scripts/FetchLogs.cs', ['/repo'], 3), "no project compiles it, and it sits in the repository's tooling folder tools/: a script of the repository that ships in no product");
  assert.equal(uncompiledSampleReason('/repo/.github/skills/bump-images/Bump.cs', ['/repo'], 3), "no project compiles it, and it sits in the repository's tooling folder .github/: a script of the repository that ships in no product");
  assert.equal(uncompiledSampleReason('/repo/src/Tools/Generator.cs', ['/repo'], 3), null);

  const roots = ['/repo'];
  const folderOf = (p: { directory: string }) => nonShippedFolderBelow(p.directory, roots);
  const sample = project('/repo/samples/Chat/Chat.csproj', '<OutputType>Exe</OutputType>');
  assert.equal(testCodeReason(sample, () => [], folderOf), 'Chat is in the samples folder samples/ and not published');
  assert.equal(testCodeReason(project('/repo/playground/Stress/Stress.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'Stress is in the playground folder playground/ and not published');
  assert.equal(testCodeReason(project('/repo/demos/PdfExport/PdfExport.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'PdfExport is in the demos folder demos/ and not published');
  assert.equal(testCodeReason(project('/repo/sandbox/MinimumWebApp/MinimumWebApp.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'MinimumWebApp is in the sandbox folder sandbox/ and not published');
  // A sandbox project that publishes itself ships.
  assert.equal(testCodeReason(project('/repo/sandbox/Tool/Tool.csproj', '<PackageId>Acme.Tool</PackageId>'), () => [], folderOf), null);
  // A documentation folder right below a root holds the snippets its pages show; deeper, Docs may be a product's feature.
  assert.equal(testCodeReason(project('/repo/docs/trace/getting-started/getting-started.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'getting-started is in the documentation folder docs/ and not published');
  assert.equal(testCodeReason(project('/repo/src/Docs/Docs.csproj', ''), () => [], folderOf), null);
  // A sample that publishes itself (a template pack) ships.
  assert.equal(testCodeReason(project('/repo/samples/Templates/Templates.csproj', '<PackageId>Acme.Templates</PackageId>'), () => [], folderOf), null);
  // A package a code generator's test expects, kept in a testdata folder, is test data though its file packs it.
  assert.equal(testCodeReason(project('/repo/codegen/testdata/enums/Acme.Enums.csproj', '<GeneratePackageOnBuild>true</GeneratePackageOnBuild>'), () => [], folderOf), 'Acme.Enums is in the test data folder codegen/testdata/: the input or expected output of a test, which ships in no product');
  // A library in examples/ that the application references ships with it.
  const shared = project('/repo/examples/Shared/Shared.csproj', '');
  const app = project('/repo/src/App/App.csproj', '<OutputType>Exe</OutputType>');
  assert.equal(testCodeReason(shared, (p) => (p === shared ? [app] : []), folderOf), null);
  // So is a library in examples/ that only the samples reference a sample.
  assert.equal(testCodeReason(shared, (p) => (p === shared ? [sample] : []), folderOf), 'Shared is in the samples folder examples/ and not published');
  // A project named as a sample beside the libraries (no samples folder) is one, and so is a library only samples and
  // tests reference; one that publishes itself, one production code references, or a name with the word inside a
  // segment is not.
  const shipping = project('/repo/src/Acme.Examples.Shipping/Acme.Examples.Shipping.csproj', '<IsPackable>false</IsPackable>');
  const shippingQueries = project('/repo/src/Acme.Examples.Shipping.Queries/Acme.Examples.Shipping.Queries.csproj', '');
  const shippingTests = project('/repo/src/Acme.Examples.Shipping.Tests/Acme.Examples.Shipping.Tests.csproj', '<IsTestProject>true</IsTestProject>');
  const referencers = (p: { path: string }) => (p === shipping ? [shippingQueries, shippingTests] : p === shippingQueries ? [shippingTests] : []);
  assert.equal(testCodeReason(shipping, referencers, folderOf), 'Acme.Examples.Shipping is a sample by its name (Examples), not published and referenced by no production code');
  assert.equal(testCodeReason(shippingQueries, referencers, folderOf), 'Acme.Examples.Shipping.Queries is a sample by its name (Examples), not published and referenced by no production code');
  assert.equal(testCodeReason(project('/repo/src/Acme.Sample/Acme.Sample.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'Acme.Sample is a sample by its name (Sample), not published and referenced by no production code');
  assert.equal(testCodeReason(project('/repo/src/Acme.Examples/Acme.Examples.csproj', '<PackageId>Acme.Examples</PackageId>'), () => [], folderOf), null);
  assert.equal(testCodeReason(shipping, (p) => (p === shipping ? [app] : []), folderOf), null);
  assert.equal(testCodeReason(project('/repo/src/Acme.ExampleGenerator/Acme.ExampleGenerator.csproj', ''), () => [], folderOf), null);
  // The word may end a PascalCase segment after the language or host the samples are written for; inside one word
  // it says nothing.
  assert.equal(testCodeReason(project('/repo/Acme.CSharpExamples/CSharpExamples.csproj', ''), () => [], folderOf), 'CSharpExamples is a sample by its name (CSharpExamples), not published and referenced by no production code');
  assert.equal(testCodeReason(project('/repo/src/Acme.ConsoleSample/Acme.ConsoleSample.csproj', '<OutputType>Exe</OutputType>'), () => [], folderOf), 'Acme.ConsoleSample is a sample by its name (ConsoleSample), not published and referenced by no production code');
  assert.equal(testCodeReason(project('/repo/src/Acme.Audio.Resamples/Acme.Audio.Resamples.csproj', ''), () => [], folderOf), null);
  assert.equal(testCodeReason(project('/repo/src/Acme.Downsample/Acme.Downsample.csproj', ''), () => [], folderOf), null);
  assert.equal(testCodeReason(project('/repo/src/Acme.ExamplesApi/Acme.ExamplesApi.csproj', ''), () => [], folderOf), null);
  // A documentation site named after a published package it references (its pages, their host, its API page
  // generator) is documentation, down to the examples' data library that only the site references; a Docs project
  // that extends no published package's name, one that publishes itself, or one production code references is not.
  const library = project('/repo/src/Acme/Acme.csproj', '<PackageTags>ui</PackageTags>');
  const site = project('/repo/src/Acme.Docs/Acme.Docs.csproj', '');
  const siteHost = project('/repo/src/Acme.Docs.Server/Acme.Docs.Server.csproj', '<OutputType>Exe</OutputType>');
  const exampleData = project('/repo/src/Acme.Examples.Data/Acme.Examples.Data.csproj', '');
  const siteReferencers = (p: { path: string }) => (p === site ? [siteHost] : p === exampleData ? [site, siteHost] : []);
  const siteReferences = (p: { path: string }) => (p === siteHost ? [site, library, exampleData] : p === site ? [library, exampleData] : []);
  assert.equal(testCodeReason(site, siteReferencers, folderOf, { referencesOf: siteReferences }), 'Acme.Docs belongs to the documentation of the package Acme by its name (Docs), not published and referenced by no production code');
  assert.equal(testCodeReason(siteHost, siteReferencers, folderOf, { referencesOf: siteReferences }), 'Acme.Docs.Server belongs to the documentation of the package Acme by its name (Docs), not published and referenced by no production code');
  assert.equal(testCodeReason(exampleData, siteReferencers, folderOf, { referencesOf: siteReferences }), 'Acme.Examples.Data is a sample by its name (Examples), not published and referenced by no production code');
  const documentStore = project('/repo/src/Acme.Docs/Acme.Docs.csproj', '<OutputType>Exe</OutputType>');
  assert.equal(testCodeReason(documentStore, () => [], folderOf, { referencesOf: () => [project('/repo/src/Acme/Acme.csproj', '')] }), null);
  assert.equal(testCodeReason(project('/repo/src/Acme.Docs/Acme.Docs.csproj', '<PackageId>Acme.Docs</PackageId>'), () => [], folderOf, { referencesOf: () => [library] }), null);
  assert.equal(testCodeReason(site, (p) => (p === site ? [app] : []), folderOf, { referencesOf: siteReferences }), null);
  assert.equal(testCodeReason(project('/repo/src/Docs/Docs.csproj', ''), () => [], folderOf, { referencesOf: () => [library] }), null);
  // A build folder says something only when it holds a build script: product code may sit in one.
  const helper = project('/repo/build/Tasks/Tasks.csproj', '');
  const nuke = script('Nuke.Common');
  assert.equal(testCodeReason(helper, () => [], folderOf, { projectsUnder: (folder) => (folder === '/repo/build' ? [helper, nuke] : []) }), 'Tasks is in the build folder build/ beside the build script _build and not published');
  assert.equal(testCodeReason(helper, () => [], folderOf, { projectsUnder: (folder) => (folder === '/repo/build' ? [helper] : []) }), null);

  // An application that references a test project is a tool of the tests; a library that does, or an application
  // whose only test reference is a package-only helper library, is not judged so.
  const tests = project('/repo/src/Store.Tests/Store.Tests.csproj', '<IsTestProject>true</IsTestProject>');
  const kit = evaluateProject('/repo/src/Store.Kit/Store.Kit.csproj', memoryFs({ ...TREE, '/repo/src/Store.Kit/Store.Kit.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Shouldly" Version="4.2.1" /></ItemGroup>
</Project>` }));
  // An application whose one sign of tests is a mocking or assertion library ships it (design-time view models built
  // with a mock): it is no test helper library, which is a library; a test framework, or a name of tests, still says so.
  const designApp = (name: string, pkg: string) => evaluateProject(`/repo/src/${name}/${name}.csproj`, memoryFs({ ...TREE, [`/repo/src/${name}/${name}.csproj`]: `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>WinExe</OutputType></PropertyGroup>
  <ItemGroup><PackageReference Include="${pkg}" Version="5.3.0" /></ItemGroup>
</Project>` }));
  assert.equal(testCodeReason(designApp('Store.Desktop', 'NSubstitute'), () => []), null);
  assert.equal(testCodeReason(designApp('Store.Desktop', 'xunit'), () => []), 'Store.Desktop references xunit (xUnit.net)');
  assert.equal(testCodeReason(designApp('Store.FakeDesktop', 'NSubstitute'), () => []), 'Store.FakeDesktop references NSubstitute (a mocking library), a test helper library');
  assert.equal(testCodeReason(kit, () => []), 'Store.Kit references Shouldly (an assertion library), a test helper library');
  const testHost = evaluateProject('/repo/src/Store.Api/Store.Api.csproj', memoryFs({ ...TREE, '/repo/src/Store.Api/Store.Api.csproj': `<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Shouldly" Version="4.2.1" /></ItemGroup>
</Project>` }));
  assert.equal(testCodeReason(testHost, () => []), 'Store.Api references Shouldly (an assertion library), a test helper library');
  // A benchmark or a fuzzing harness is one whatever helper packages it takes besides.
  const harness = (pkg: string) => evaluateProject('/repo/src/Store.Probe/Store.Probe.csproj', memoryFs({ ...TREE, '/repo/src/Store.Probe/Store.Probe.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup>
  <ItemGroup><PackageReference Include="Moq" Version="4.20.72" /><PackageReference Include="${pkg}" Version="2.2.0" /></ItemGroup>
</Project>` }));
  assert.equal(testCodeReason(harness('SharpFuzz'), () => []), 'Store.Probe references SharpFuzz (a fuzzing harness), a fuzzing project');
  assert.equal(testCodeReason(harness('BenchmarkDotNet'), () => []), 'Store.Probe references BenchmarkDotNet (a benchmark harness), a benchmark project');
  const runner = project('/repo/src/Store.Runner/Store.Runner.csproj', '<OutputType>Exe</OutputType>');
  assert.equal(testToolReason(runner, [tests]), 'Store.Runner is an application that references the test project Store.Tests: a tool of the tests, which ships in no product');
  assert.equal(testCodeReason(runner, () => [], () => null, { referencesOf: () => [app, tests] }), 'Store.Runner is an application that references the test project Store.Tests: a tool of the tests, which ships in no product');
  assert.equal(testToolReason(runner, [kit]), null);
  assert.equal(testToolReason(shared, [tests]), null);
  assert.equal(testToolReason(project('/repo/src/Store.Cli/Store.Cli.csproj', '<OutputType>Exe</OutputType><PackAsTool>true</PackAsTool><PackageId>Store.Cli</PackageId>'), [tests]), null);

  // An application named for tests that says it is no package and that nothing references is a test tool (a load
  // client); without IsPackable false, referenced, a library, or a name that says nothing of tests, it is not.
  const loadClient = (body: string, name = 'Store.TestClient') => project(`/repo/src/${name}/${name}.csproj`, body);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><IsPackable>false</IsPackable>'), []), 'Store.TestClient is an application for tests by its name (Test), not packed (IsPackable false) and referenced by no project');
  assert.equal(testCodeReason(loadClient('<OutputType>Exe</OutputType><IsPackable>false</IsPackable>', 'Store.ScaleTesting'), () => []), 'Store.ScaleTesting is an application for tests by its name (Test), not packed (IsPackable false) and referenced by no project');
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType>'), []), null);
  // A web application is not packed unless it says so: the Web SDK's props set IsPackable to false.
  const webClient = (body: string) => evaluateProject('/repo/src/Store.TestClient/Store.TestClient.csproj', memoryFs({ '/repo/src/Store.TestClient/Store.TestClient.csproj': `<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework>${body}</PropertyGroup></Project>` }), { configuration: 'Release' });
  assert.equal(testAppReason(webClient(''), []), 'Store.TestClient is an application for tests by its name (Test), not packed (IsPackable false) and referenced by no project');
  assert.equal(testAppReason(webClient('<IsPackable>true</IsPackable>'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><IsPackable>false</IsPackable>'), [app]), null);
  assert.equal(testAppReason(loadClient('<IsPackable>false</IsPackable>'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><IsPackable>false</IsPackable>', 'Store.LoadBalancer'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><IsPackable>false</IsPackable>', 'Store.Latest'), []), null);
  // Without IsPackable false, an application with a whole Tests segment before the last (a child process the tests
  // start) is one when nothing references it and it publishes nothing; a Tests segment at the end, a PackageId of its
  // own, PackAsTool, a referencer or a Testing segment leave it alone.
  const child = 'Store.Tests.DumpOutput is an application named as a part of the tests (a Tests segment in its name), not published and referenced by no project';
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType>', 'Store.Tests.DumpOutput'), []), child);
  assert.equal(testCodeReason(loadClient('<OutputType>Exe</OutputType>', 'Store.Tests.DumpOutput'), () => []), child);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><PackageId>Store.Tests.DumpOutput</PackageId>', 'Store.Tests.DumpOutput'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType><PackAsTool>true</PackAsTool>', 'Store.Tests.DumpOutput'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType>', 'Store.Tests.DumpOutput'), [app]), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType>', 'Store.Testing.Console'), []), null);
  assert.equal(testAppReason(loadClient('<OutputType>Exe</OutputType>', 'Store.Tests'), []), null);

  // An application named as a code generator that nothing references is the repository's own, a PackageId or not; a
  // .NET tool, a referenced one, a library (a source generator) or a name that only ends in Generator is not.
  const generator = (body: string, name = 'Store.Generators') => project(`/repo/${name}/${name}.csproj`, body);
  assert.equal(generatorAppReason(generator('<OutputType>Exe</OutputType><PackageId>Store.Generators</PackageId>'), []), "Store.Generators is a code generator by its name (Generators): an application that is no .NET tool and that no project references, run by the repository's maintainers to write its code");
  assert.equal(testCodeReason(generator('<OutputType>Exe</OutputType>', 'Store.CodeGen'), () => []), "Store.CodeGen is a code generator by its name (CodeGen): an application that is no .NET tool and that no project references, run by the repository's maintainers to write its code");
  assert.equal(generatorAppReason(generator('<OutputType>Exe</OutputType><PackAsTool>true</PackAsTool>'), []), null);
  assert.equal(generatorAppReason(generator('<OutputType>Exe</OutputType>'), [app]), null);
  assert.equal(generatorAppReason(generator(''), []), null);
  assert.equal(generatorAppReason(generator('<OutputType>Exe</OutputType>', 'Store.PasswordGenerator'), []), null);
});

test('code that does not ship: a project none of whose project references exists cannot build; one with any reference present, or none, is judged as before', () => {
  const withReferences = (file: string, references: string[]) => evaluateProject(file, memoryFs({ [file]: `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>
  <ItemGroup>${references.map((r) => `<ProjectReference Include="${r}" />`).join('')}</ItemGroup>
</Project>` }));
  const present = new Set(['/repo/src/Chat.Core/Chat.Core.csproj']);
  const exists = (f: string) => present.has(f);
  const stranded = withReferences('/repo/experiment/Chat.Rpc/Chat.Rpc.csproj', ['..\\Chat.Core\\Chat.Core.csproj', '..\\Chat.Rest\\Chat.Rest.csproj']);
  assert.equal(testCodeReason(stranded, () => [], () => null, { exists }), 'Chat.Rpc cannot build: none of the 2 projects it references exists (Chat.Core.csproj, Chat.Rest.csproj)');
  const single = withReferences('/repo/experiment/Chat.Relay/Chat.Relay.csproj', ['../Chat.Core/Chat.Core.csproj']);
  assert.equal(testCodeReason(single, () => [], () => null, { exists }), 'Chat.Relay cannot build: the project it references does not exist (Chat.Core.csproj)');
  assert.equal(testCodeReason(withReferences('/repo/src/Chat.Web/Chat.Web.csproj', ['../Chat.Core/Chat.Core.csproj', '../Chat.Gone/Chat.Gone.csproj']), () => [], () => null, { exists }), null);
  assert.equal(testCodeReason(withReferences('/repo/src/Chat.Lone/Chat.Lone.csproj', []), () => [], () => null, { exists }), null);
  // Without a way to ask the file system, nothing is taken as missing.
  assert.equal(testCodeReason(stranded, () => []), null);
  // A project that publishes itself by its own file is a product, whatever this checkout lacks (a submodule not checked out).
  const published = evaluateProject('/repo/src/Mail/Mail.csproj', memoryFs({ '/repo/src/Mail/Mail.csproj': `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework><PackageId>Acme.Mail</PackageId></PropertyGroup>
  <ItemGroup><ProjectReference Include="../../submodules/Mime/Mime.csproj" /></ItemGroup>
</Project>` }));
  assert.equal(testCodeReason(published, () => [], () => null, { exists }), null);
  // The folders .gitmodules names, where a checkout may lack what a project references.
  assert.deepEqual(submodulePathsOf('[submodule "submodules/Mime"]\n\tpath = submodules/Mime\n\turl = https://example.org/mime.git\n[submodule "x"]\n  path = "./vendor\\zip/"\n'), ['submodules/Mime', 'vendor/zip']);
  assert.deepEqual(submodulePathsOf(null), []);
});

test('code that does not ship: a project that no target of its own lets use a project it references cannot build; a compatible target, an Aspire app host or a guessed property leaves it alone', () => {
  const targeting = (name: string, tfm: string, extra = '', sdk = 'Microsoft.NET.Sdk') => evaluateProject(`/repo/src/${name}/${name}.csproj`, memoryFs({ [`/repo/src/${name}/${name}.csproj`]: `<Project Sdk="${sdk}">
  <PropertyGroup>${tfm.includes(';') ? `<TargetFrameworks>${tfm}</TargetFrameworks>` : `<TargetFramework>${tfm}</TargetFramework>`}<OutputType>WinExe</OutputType>${extra}</PropertyGroup>
</Project>` }));
  const core = targeting('Shop.Core', 'net9.0');
  const legacy = targeting('Shop.Wpf', 'net7.0-windows');
  assert.equal(incompatibleReferencesReason(legacy, [core]), 'Shop.Wpf cannot build: it targets net7.0-windows, which cannot use Shop.Core (net9.0)');
  assert.equal(testCodeReason(legacy, () => [], () => null, { referencesOf: () => [core] }), 'Shop.Wpf cannot build: it targets net7.0-windows, which cannot use Shop.Core (net9.0)');
  assert.equal(incompatibleReferencesReason(targeting('Shop.Multi', 'net7.0;net48'), [core]), 'Shop.Multi cannot build: none of its targets (net7.0, net48) can use Shop.Core (net9.0)');
  // One target that can use every reference is enough to build; so is a reference to .NET Standard.
  assert.equal(incompatibleReferencesReason(targeting('Shop.Both', 'net7.0;net9.0'), [core]), null);
  assert.equal(incompatibleReferencesReason(legacy, [targeting('Shop.Model', 'netstandard2.0')]), null);
  assert.equal(incompatibleReferencesReason(targeting('Shop.Desktop', 'net9.0-windows'), [core]), null);
  // An Aspire app host starts the projects it references; it does not compile against them.
  assert.equal(incompatibleReferencesReason(targeting('Shop.AppHost', 'net8.0', '', 'Aspire.AppHost.Sdk/9.0.0'), [core]), null);
  // A target picked by a property no file sets (an environment variable could) is not judged.
  assert.equal(incompatibleReferencesReason(targeting('Shop.Tasks', '$(ToolTargets)'), [core]), null);
  assert.equal(incompatibleReferencesReason(legacy, [targeting('Shop.Guessed', '$(LibraryTargets)')]), null);
});

test('a property read before the project sets it (the self-default idiom) gets no environment note; one read and never set does', () => {
  const file = '/repo/Aot/Aot.csproj';
  const model = evaluateProject(file, memoryFs({ [file]: `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <UseLite Condition=" '$(UseLite)' == '' ">false</UseLite>
    <Flavor Condition=" '$(Channel)' == 'nightly' ">edge</Flavor>
  </PropertyGroup>
  <ItemGroup><ProjectReference Include="../Full/Full.csproj" Condition=" '$(UseLite)' == 'false' " /></ItemGroup>
</Project>` }));
  const environment = model.notes.filter((n) => n.kind === 'environment').map((n) => n.message);
  assert.deepEqual(environment, ['$(Channel) is never set in the project files: taken as empty (an environment variable of that name would change it)']);
  // The default the project gives is what its conditions read afterwards.
  assert.deepEqual(model.projectReferences, ['/repo/Full/Full.csproj']);
});

test('peer suppressions: #pragma (bare and by id), SuppressMessage on members, types and the assembly, NoWarn and .editorconfig', async () => {
  await ready();
  const text = `namespace N;
public class A
{
#pragma warning disable VSTHRD103
    public void P() {}
#pragma warning restore VSTHRD103
    public void Q() {}
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Usage", "VSTHRD002:Avoid", Justification = "x")]
    public void R() {}
#pragma warning disable
    public void S() {}
#pragma warning restore
    public void T() {}
#pragma warning disable 1998
    public void U() {}
}
[System.Diagnostics.CodeAnalysis.SuppressMessage("Usage", "VSTHRD002")]
public class B { public void V() {} }
`;
  const { model } = modelFile(text);
  const at = (member: string) => text.indexOf(`void ${member}`);
  const equivalentsOf = (id: string) => ruleById(id)!.meta.equivalents;
  const own = suppressionsOf(text, model);
  assert.equal(own.suppressedBy('ASY001', at('P')), null, 'without interop only AsyncLens ids count');
  const s = suppressionsOf(text, model, { equivalentsOf });
  assert.equal(s.suppressedBy('ASY001', at('P')), '#pragma warning disable VSTHRD103 (an equivalent of ASY001)');
  assert.equal(s.suppressedBy('ASY001', at('Q')), null);
  assert.equal(s.suppressedBy('ASY003', at('R')), '[SuppressMessage("Usage", "VSTHRD002")] (an equivalent of ASY003)');
  assert.equal(s.suppressedBy('ASY001', at('R')), null, 'VSTHRD002 is not an equivalent of ASY001');
  assert.match(s.suppressedBy('ASY013', at('S'))!, /bare #pragma warning disable/);
  assert.equal(s.suppressedBy('ASY004', at('S')), null, 'a rule without equivalents is not silenced by the peers');
  assert.equal(s.suppressedBy('ASY001', at('T')), null);
  assert.equal(s.suppressedBy('ASY011', at('U')), '#pragma warning disable CS1998 (an equivalent of ASY011)');
  assert.equal(s.suppressedBy('ASY003', at('V')), '[SuppressMessage("Usage", "VSTHRD002")] (an equivalent of ASY003)');
  // xUnit's analyzer flags a test method's blocking task operations (xUnit1031); disabling it around a test
  // that waits on purpose silences both of AsyncLens's blocking-wait rules there.
  const xunitText = `using System.Threading.Tasks;
using Xunit;
public class TimerTests
{
    [Fact]
    public void Stops()
    {
#pragma warning disable xUnit1031 // the test waits for the timer's own stop on purpose
        Task.Delay(1).Wait();
#pragma warning restore xUnit1031
        Task.Delay(1).Wait();
    }
}
`;
  const x = suppressionsOf(xunitText, modelFile(xunitText).model, { equivalentsOf });
  const wait = (n: number) => xunitText.split('Task.Delay(1).Wait()', n).join('Task.Delay(1).Wait()').length;
  assert.equal(x.suppressedBy('ASY003', wait(1)), '#pragma warning disable xUnit1031 (an equivalent of ASY003)');
  assert.equal(x.suppressedBy('ASY001', wait(1)), '#pragma warning disable xUnit1031 (an equivalent of ASY001)');
  assert.equal(x.suppressedBy('ASY003', wait(2)), null, 'the wait after the restore is not covered');

  const global = assemblySuppressionsOf('/p/GlobalSuppressions.cs', `[assembly: System.Diagnostics.CodeAnalysis.SuppressMessage("Usage", "VSTHRD002:x", Scope = "member", Target = "~M:N.A.Q")]
[assembly: SuppressMessage("Perf", "CA1849", Scope = "type", Target = "~T:N.B")]
[assembly: SuppressMessage("Perf", "VSTHRD103", Scope = "namespaceanddescendants", Target = "~N:N")]
[assembly: SuppressMessage("Perf", "MA0045", Scope = "namespace", Target = "~N:N")]`);
  assert.deepEqual(global.map((g) => [g.id, g.scope, g.target]), [['VSTHRD002', 'member', 'N.A.Q'], ['CA1849', 'type', 'N.B'], ['VSTHRD103', 'namespaceanddescendants', 'N'], ['MA0045', 'namespace', 'N']]);
  const g = suppressionsOf(text, model, { equivalentsOf, peers: { assembly: global } });
  assert.match(g.suppressedBy('ASY003', at('Q'))!, /Target = "N\.A\.Q"\)\] in GlobalSuppressions\.cs \(an equivalent of ASY003\)/);
  assert.equal(g.suppressedBy('ASY003', at('T')), null, 'the member scope names Q only');
  assert.match(g.suppressedBy('ASY002', at('V'))!, /CA1849/);
  assert.match(g.suppressedBy('ASY001', at('T'))!, /VSTHRD103.*namespaceanddescendants/);

  const configs = [{ dir: '/r', text: 'root = true\n[*.cs]\ndotnet_diagnostic.CA1849.severity = none\ndotnet_diagnostic.VSTHRD002.severity = warning\ndotnet_diagnostic.ASY001.severity = none\n' }];
  const off = peersTurnedOff(editorConfigOptions('/r/a.cs', configs));
  assert.deepEqual([...off], [['CA1849', '.editorconfig']]);
  const p = suppressionsOf(text, model, { equivalentsOf, peers: { editorConfigOff: off, noWarn: { ids: ['MA0045'], source: 'NoWarn (set in Directory.Build.props)' } } });
  assert.equal(p.suppressedBy('ASY002', at('T')), 'dotnet_diagnostic.CA1849.severity = none in .editorconfig (an equivalent of ASY002)');
  assert.equal(p.suppressedBy('ASY003', at('T')), 'MA0045 in NoWarn (set in Directory.Build.props) (an equivalent of ASY003)');
  // A configuration that turns one equivalent off and keeps another on silenced a duplicate, not the concern.
  const both = editorConfigOptions('/r/a.cs', [{ dir: '/r', text: 'root = true\n[*.cs]\ndotnet_diagnostic.S4462.severity = none\ndotnet_diagnostic.VSTHRD002.severity = warning\ndotnet_diagnostic.CA1849.severity = silent\n' }]);
  const kept = suppressionsOf(text, model, { equivalentsOf, peers: { editorConfigOff: peersTurnedOff(both), editorConfigOn: peersKeptOn(both) } });
  assert.equal(kept.suppressedBy('ASY003', at('T')), null, 'S4462 is off but VSTHRD002 is kept on');
  assert.equal(kept.suppressedBy('ASY002', at('T')), 'dotnet_diagnostic.CA1849.severity = none in .editorconfig (an equivalent of ASY002)');
});

test('a peer that reports only in test methods (xUnit1031) silences nothing outside them, however it is turned off', async () => {
  await ready();
  const text = `using System;
using System.Threading.Tasks;
using Xunit;
public class TimerTests
{
    [Fact]
    public void Stops() { Task.Delay(1).Wait(); Action a = () => Task.Delay(2).Wait(); }
    [SkippableFact]
    public void Skips() { Task.Delay(3).Wait(); }
    private static void Helper() { Task.Delay(4).Wait(); }
}
public class Runtime
{
    public void Dispose() { Task.Delay(5).Wait(); }
}
`;
  const equivalentsOf = (id: string) => ruleById(id)!.meta.equivalents;
  const at = (n: number) => text.indexOf(`Task.Delay(${n})`);
  const peers = { noWarn: { ids: ['xUnit1031', 'CS1998'], source: 'NoWarn (set in Directory.Build.props)' } };
  const s = suppressionsOf(text, modelFile(text).model, { equivalentsOf, peers });
  assert.equal(s.suppressedBy('ASY003', at(1)), 'xUnit1031 in NoWarn (set in Directory.Build.props) (an equivalent of ASY003)');
  assert.equal(s.suppressedBy('ASY003', at(2)), null, 'xUnit1031 does not look inside a lambda of the test');
  assert.match(s.suppressedBy('ASY003', at(3))!, /xUnit1031/, 'an attribute derived from Fact makes a test method too');
  assert.equal(s.suppressedBy('ASY003', at(4)), null, 'a helper beside the tests is no test method');
  assert.equal(s.suppressedBy('ASY003', at(5)), null, 'production code is never where xUnit1031 reports');
  const off = suppressionsOf(text, modelFile(text).model, { equivalentsOf, peers: { editorConfigOff: new Map([['XUNIT1031', '.editorconfig']]) } });
  assert.equal(off.suppressedBy('ASY001', at(5)), null);
  assert.match(off.suppressedBy('ASY001', at(1))!, /severity = none in \.editorconfig/);
});

test('ReSharper suppressions: disable once (the next statement), disable ... restore, All, and SuppressMessage("ReSharper", ...)', async () => {
  await ready();
  const text = `using System.IO;
using System.Threading.Tasks;
public class C
{
    public async Task A(Stream s, byte[] b)
    {
        // ReSharper disable once MethodHasAsyncOverload
        s.Read(b,
            0, 1);
        s.Read(b, 0, 2);
        // ReSharper disable MethodHasAsyncOverload, MethodSupportsCancellation
        s.Read(b, 0, 3);
        // ReSharper restore MethodHasAsyncOverload
        s.Read(b, 0, 4);
        // ReSharper disable All
        s.Read(b, 0, 5);
        // ReSharper restore All
        s.Read(b, 0, 6);
        await Task.Yield();
    }
    [System.Diagnostics.CodeAnalysis.SuppressMessage("ReSharper", "AsyncVoidMethod")]
    public async void B() { s.Read(b, 0, 7); await Task.Yield(); }
    public async Task<int> D(Task pending)
    {
        // The wait stays on this thread on purpose.
        // ReSharper disable once MethodHasAsyncOverloadWithCancellation
        pending.Wait();
        pending.Wait(1);
        // ReSharper disable MethodHasAsyncOverload
        var read = ((Task<int>)pending).Result;
        pending.Wait(25);
        pending.Wait(System.Threading.CancellationToken.None);
        // ReSharper restore MethodHasAsyncOverload
        await Task.Yield();
        return read;
    }
}
`;
  const { model } = modelFile(text);
  const read = (n: number) => text.indexOf(n === 1 ? '0, 1)' : `s.Read(b, 0, ${n})`);
  const equivalentsOf = (id: string) => ruleById(id)!.meta.equivalents;
  const s = suppressionsOf(text, model, { equivalentsOf });
  assert.equal(s.suppressedBy('ASY002', read(1)), "// ReSharper disable once MethodHasAsyncOverload (ReSharper's inspection for what ASY002 reports)", 'the statement after it, to its end');
  assert.equal(s.suppressedBy('ASY002', read(2)), null, 'once covers one statement');
  assert.equal(s.suppressedBy('ASY004', read(1)), null, 'another rule is not silenced');
  assert.match(s.suppressedBy('ASY002', read(3))!, /^\/\/ ReSharper disable MethodHasAsyncOverload /);
  assert.match(s.suppressedBy('ASY025', read(4))!, /^\/\/ ReSharper disable MethodSupportsCancellation /, 'restored one of the two');
  assert.equal(s.suppressedBy('ASY002', read(4)), null);
  assert.match(s.suppressedBy('ASY002', read(5))!, /^\/\/ ReSharper disable All \(every ReSharper inspection/);
  assert.equal(s.suppressedBy('ASY004', read(5)), null, 'no ReSharper inspection reports what ASY004 does');
  assert.equal(s.suppressedBy('ASY002', read(6)), null);
  assert.equal(s.suppressedBy('ASY020', text.indexOf('void B')), `[SuppressMessage("ReSharper", "AsyncVoidMethod")] (ReSharper's inspection for what ASY020 reports)`);
  assert.equal(s.suppressedBy('ASY002', read(7)), null);
  // ReSharper reports `task.Wait()` in an async method as a call with an async overload (Task.WaitAsync).
  assert.equal(s.suppressedBy('ASY001', text.indexOf('.Wait(1)')), null, 'once covers one statement');
  // A wait's finding starts after its task; the inspection covers `.Wait()` and `.Wait(token)`, never `.Result`.
  const after = (needle: string, task: string) => text.indexOf(needle) + task.length;
  assert.equal(s.suppressedBy('ASY001', after('((Task<int>)pending).Result', '((Task<int>)pending)')), null, 'ReSharper does not report a .Result');
  assert.equal(s.suppressedBy('ASY001', after('pending.Wait(25)', 'pending')), null, 'Wait(milliseconds) has no async overload of that shape');
  assert.match(s.suppressedBy('ASY001', after('pending.Wait(System', 'pending'))!, /^\/\/ ReSharper disable MethodHasAsyncOverload /);
  assert.equal(s.suppressedBy('ASY001', after('pending.Wait()', 'pending')), "// ReSharper disable once MethodHasAsyncOverloadWithCancellation (ReSharper's inspection for what ASY001 reports)");
  assert.equal(suppressionsOf(text, model).suppressedBy('ASY002', read(1)), null, 'without peer suppressions only AsyncLens ids count');
});

/** A file with a blocking read in an async method (ASY001) and an async method with no await (ASY011), indexed, and a selection of the two rules. */
async function blockingAndNoAwaitSample() {
  await ready();
  const text = 'namespace N;\nusing System.Threading.Tasks;\npublic class T\n{\n    public async Task<int> M(Task<int> t)\n    {\n        await Task.Yield();\n        return t.Result;\n    }\n    public async Task N2() { }\n}\n';
  const { model } = modelFile(text);
  const index = createIndex();
  updateFile(index, 't.cs', model);
  return { text, model, index, completion: analyseCompletion(index), selection: { enabled: new Set(['ASY001', 'ASY011']), disabled: new Set<string>() } };
}

test('checkFile: blocking findings in test code are capped, other rules are not, and off leaves them out', async () => {
  const sample = await blockingAndNoAwaitSample();
  const { text, model, index, completion } = sample;
  // ASY011 shows a method that never awaits as information unless its severity is configured; configured as a
  // warning here, it shows what the test-code cap leaves alone.
  assert.deepEqual(checkFile('t.cs', text, model, index, completion, sample.selection).findings.map((f) => [f.ruleId, f.severity]), [['ASY001', 'warning'], ['ASY011', 'information']]);
  const selection = { ...sample.selection, severities: new Map<string, SeveritySetting>([['ASY011', 'warning']]) };
  const plain = checkFile('t.cs', text, model, index, completion, selection);
  assert.deepEqual(plain.findings.map((f) => [f.ruleId, f.severity]), [['ASY001', 'warning'], ['ASY011', 'warning']]);
  const capped = checkFile('t.cs', text, model, index, completion, selection, undefined, { testCode: { reason: 'test', maxSeverity: 'information' } });
  assert.deepEqual(capped.findings.map((f) => [f.ruleId, f.severity]), [['ASY001', 'information'], ['ASY011', 'warning']]);
  const off = checkFile('t.cs', text, model, index, completion, selection, undefined, { testCode: { reason: 'Tests references xunit', maxSeverity: 'off' } });
  assert.deepEqual(off.findings.map((f) => f.ruleId), ['ASY011']);
  assert.match(off.suppressed[0].by, /test code \(Tests references xunit; asynclens.testCode.maxSeverity = off\)/);
  const generated = checkFile('t.cs', text, model, index, completion, selection, undefined, { generatedFile: 'generated code: the file name ends in .g.cs' });
  assert.deepEqual(generated, { findings: [], suppressed: [] });
});

test('checkFile: a peer the code base keeps on at a lower severity caps its equivalent; a severity set for the rule itself stands', async () => {
  const { text, model, index, completion, selection } = await blockingAndNoAwaitSample();
  const equivalentsOf = (id: string) => (id === 'ASY011' ? ['IDE0390', 'CS1998'] : id === 'ASY001' ? ['VSTHRD103', 'CA1849'] : []);
  const configured = (lines: string) => peersKeptOn(editorConfigOptions('/r/t.cs', [{ dir: '/r', text: `root = true\n[*.cs]\n${lines}` }]));
  const withPeers = (lines: string, severities?: Map<string, SeveritySetting>) =>
    checkFile('t.cs', text, model, index, completion, selection, severities, { suppression: { equivalentsOf, peers: { editorConfigOn: configured(lines) } } }).findings;
  // The code base made the compiler's CS1998 a suggestion: ASY011 is shown as information, and says why.
  const suggestion = withPeers('dotnet_diagnostic.CS1998.severity = suggestion\n');
  assert.deepEqual(suggestion.map((f) => [f.ruleId, f.severity]), [['ASY001', 'warning'], ['ASY011', 'information']]);
  assert.match(suggestion[1].note ?? '', /Shown as information: \.editorconfig sets CS1998, an equivalent of ASY011, to suggestion\.$/);
  // Of two equivalents, the more prominent setting counts; a peer at error raises nothing, and a peer at warning leaves
  // the finding's own cap (ASY011's information for a method that never awaits) in place.
  assert.deepEqual(withPeers('dotnet_diagnostic.CS1998.severity = suggestion\ndotnet_diagnostic.IDE0390.severity = warning\n').map((f) => f.severity), ['warning', 'information']);
  assert.deepEqual(withPeers('dotnet_diagnostic.CA1849.severity = error\n').map((f) => f.severity), ['warning', 'information']);
  assert.deepEqual(withPeers('dotnet_diagnostic.CA1849.severity = suggestion\n').map((f) => f.severity), ['information', 'information']);
  // The rule's own severity, from .editorconfig or settings, is not capped.
  assert.deepEqual(withPeers('dotnet_diagnostic.CS1998.severity = suggestion\n', new Map([['ASY011', 'error']])).map((f) => f.severity), ['warning', 'error']);
});

/** One rule fixture as a workspace of its own, indexed, with a selection of one rule and a line-number reader. */
async function fixtureWorkspace(relative: string[], ruleId: string) {
  await ready();
  const file = path.join(repoRoot, 'test', 'fixtures', 'rules', ...relative);
  const text = fs.readFileSync(file, 'utf8');
  const { model } = modelFile(text);
  const index = createIndex();
  updateFile(index, file, model);
  const completion = analyseCompletion(index);
  const selection = { enabled: new Set([ruleId]), disabled: new Set<string>() };
  const lineOf = (f: { span: { start: number } }) => text.slice(0, f.span.start).split('\n').length;
  return { file, text, model, index, completion, selection, lineOf };
}

test('checkFile: a call that could take the request token is shown as a hint with the reason; a severity set for ASY025 stands', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['cancellation-not-forwarded', 'controllers.cs'], 'ASY025');
  const plain = checkFile(file, text, model, index, completion, selection).findings;
  assert.deepEqual(plain.map((f) => [lineOf(f), f.severity]), [[19, 'hint']]);
  assert.match(plain[0].note ?? '', /Shown as hint: HttpContext\.RequestAborted is the request's token, not one the method was given: /);
  const configured = checkFile(file, text, model, index, completion, selection, new Map<string, SeveritySetting>([['ASY025', 'warning']])).findings;
  assert.deepEqual(configured.map((f) => f.severity), ['warning']);
  assert.doesNotMatch(configured[0].note ?? '', /Shown as/);
});

test('checkFile: a wait in a synchronous twin is shown as a hint with the reason; a severity set for ASY003 stands', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['sync-over-async', 'synchronous-twin.cs'], 'ASY003');
  const plain = checkFile(file, text, model, index, completion, selection).findings;
  assert.deepEqual(plain.map((f) => [lineOf(f), f.severity]), [[18, 'hint'], [20, 'warning'], [27, 'hint'], [37, 'hint'], [50, 'hint'], [58, 'hint'], [65, 'warning']]);
  assert.match(plain[0].note ?? '', /Shown as hint: Load is the synchronous twin of LoadAsync, which exists for callers that cannot await, so blocking is its design\.$/);
  assert.doesNotMatch(plain[1].note ?? '', /Shown as/);
  // A name that marks itself synchronous pairs with the task-returning method named without the mark.
  assert.match(plain[4].note ?? '', /Shown as hint: WithSyncBreaker is the synchronous twin of WithBreaker, which exists/);
  assert.match(plain[5].note ?? '', /Shown as hint: CountSync is the synchronous twin of CountAsync, which exists/);
  const configured = checkFile(file, text, model, index, completion, selection, new Map<string, SeveritySetting>([['ASY003', 'error']])).findings;
  assert.deepEqual(configured.map((f) => f.severity), ['error', 'error', 'error', 'error', 'error', 'error', 'error']);
  assert.ok(configured.every((f) => !/Shown as/.test(f.note ?? '')));
  // In test code the test cap (here hint) applies on top of both.
  const inTests = checkFile(file, text, model, index, completion, selection, undefined, { testCode: { reason: 'test', maxSeverity: 'hint' } }).findings;
  assert.deepEqual(inTests.map((f) => f.severity), ['hint', 'hint', 'hint', 'hint', 'hint', 'hint', 'hint']);
});

test('checkFile: a wait in a function whose signature is a synchronous contract declared outside the workspace is shown as a hint with the reason; one of the workspace own contracts is information outside UI code; a private namesake and a LINQ predicate meet no contract', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['sync-over-async', 'synchronous-contracts.cs'], 'ASY003');
  const plain = checkFile(file, text, model, index, completion, selection).findings;
  assert.deepEqual(plain.map((f) => [lineOf(f), f.severity]), [
    [27, 'hint'], [46, 'hint'], [57, 'hint'], [68, 'hint'], [86, 'hint'],
    [90, 'information'], [100, 'hint'], [106, 'information'], [128, 'information'], [130, 'information'], [146, 'hint'], [162, 'information'],
    [180, 'hint'], [184, 'hint'], [185, 'hint'], [188, 'information'],
  ]);
  // The private namesake and the LINQ predicate meet no contract: they are information only because no deadlock is shown.
  for (const i of [5, 7, 15]) assert.match(plain[i].note ?? '', /Shown as information: no await on the way to the task is known to resume on the waiting thread's context/);
  assert.match(plain[12].note ?? '', /Shown as hint: get_Count cannot await: it implements Count of an interface declared outside the workspace/);
  assert.match(plain[14].note ?? '', /it implements the indexer of an interface declared outside the workspace/);
  assert.match(plain[8].note ?? '', /Shown as information: Count cannot await without changing its API: it overrides Count, a synchronous member of the workspace's type Inventory, so blocking is how it meets that contract/);
  assert.match(plain[9].note ?? '', /Shown as information: Total cannot await without changing its API: it implements ICounter\.Total, a synchronous member of the workspace's interface ICounter/);
  assert.match(plain[10].note ?? '', /it overrides Dispose, which a workspace base declares to implement Dispose of a type declared outside the workspace/);
  assert.match(plain[0].note ?? '', /Shown as hint: Flush cannot await: it overrides Flush, a member of a base type declared outside the workspace, so blocking is how it meets a synchronous contract; the fix is in its callers, which can use the contract.s asynchronous counterpart where it has one\.$/);
  assert.match(plain[4].note ?? '', /it is the Dispose\(bool\) of the dispose pattern/);
  assert.match(plain[6].note ?? '', /it is the factory ConcurrentDictionary\.GetOrAdd calls synchronously/);
  const configured = checkFile(file, text, model, index, completion, selection, new Map<string, SeveritySetting>([['ASY003', 'error']])).findings;
  assert.ok(configured.every((f) => f.severity === 'error' && !/Shown as/.test(f.note ?? '')));
});

test('checkFile: a wait in an MSBuild task\'s Execute (an override of Task.Execute, or ITask or ICancelableTask implemented) is a hint; a namesake stays a warning', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['sync-over-async', 'msbuild-tasks', 'BuildTasks.cs'], 'ASY003');
  const plain = checkFile(file, text, model, index, completion, selection).findings;
  assert.deepEqual(plain.map((f) => [lineOf(f), f.severity]), [[14, 'hint'], [28, 'hint'], [46, 'hint'], [58, 'hint'], [63, 'warning']]);
  assert.match(plain[1].note ?? '', /Shown as hint: Execute cannot await: it implements Execute of a base type or interface declared outside the workspace/);
  assert.match(plain[3].note ?? '', /Shown as hint: Cancel cannot await/);
});

test('checkFile: a wait in a startup class Configure or ConfigureServices that the host calls by convention is shown as a hint with where the work can go; a namesake without the builder and a private one meet no convention', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['sync-over-async', 'startup-conventions.cs'], 'ASY003');
  const plain = checkFile(file, text, model, index, completion, selection).findings;
  assert.deepEqual(plain.map((f) => [lineOf(f), f.severity]), [[26, 'hint'], [32, 'hint'], [38, 'hint'], [44, 'information'], [49, 'information'], [64, 'hint']]);
  // The namesakes meet no convention: they are information only because no deadlock is shown.
  for (const i of [3, 4]) assert.match(plain[i].note ?? '', /Shown as information: no await on the way to the task is known to resume on the waiting thread's context/);
  assert.match(plain[1].note ?? '', /Shown as hint: Configure cannot await: ASP\.NET Core.s host calls a startup class.s Configure by convention and requires it to return void, so blocking is how it meets a synchronous contract; the work can move to an async Main before the host runs, or to a hosted service whose StartAsync the host awaits\.$/);
  assert.match(plain[0].note ?? '', /ConfigureServices cannot await/);
});

test('checkFile: in test code, a method calling both Foo and FooAsync of one type is not asked to await FooAsync; its other sync calls still are', async () => {
  const { file, text, model, index, completion, selection, lineOf } = await fixtureWorkspace(['sync-api-in-async', 'both-apis-in-tests.cs'], 'ASY002');
  const plain = checkFile(file, text, model, index, completion, selection);
  assert.deepEqual(plain.findings.map((f) => f.message), ["'new Mirror(root).Sync' runs synchronously; await 'Mirror.SyncAsync' instead", "'mirror.Clear' runs synchronously; await 'Mirror.ClearAsync' instead"]);
  const tests = checkFile(file, text, model, index, completion, selection, undefined, { testCode: { reason: 'Mirror.Tests references xunit', maxSeverity: 'information' } });
  assert.deepEqual(tests.findings.map((f) => [f.ruleId, lineOf(f)]), [['ASY002', 40]]);
});

test('checkFile: in test code, a wait on the asynchronous branch of a bool async parameter is not reported; other waits still are', async () => {
  await ready();
  const file = path.join(repoRoot, 'test', 'fixtures', 'rules', 'sync-over-async', 'test-async-flag.cs');
  const text = fs.readFileSync(file, 'utf8');
  const { model } = modelFile(text);
  const index = createIndex();
  updateFile(index, file, model);
  const completion = analyseCompletion(index);
  const selection = { enabled: new Set(['ASY003']), disabled: new Set<string>() };
  const lineOf = (f: { span: { start: number } }) => text.slice(0, f.span.start).split('\n').length;
  const plain = checkFile(file, text, model, index, completion, selection);
  assert.deepEqual(plain.findings.map(lineOf), [47, 60, 75, 89, 96, 99]);
  const tests = checkFile(file, text, model, index, completion, selection, undefined, { testCode: { reason: '[Test] on ShelfTests', maxSeverity: 'information' } });
  assert.deepEqual(tests.findings.map(lineOf), [96, 99]);
});

test('library code: a published project that links in the file of an unpublished class library makes it library code, named by its folder when both share a name; an application keeps its verdict', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const at = (file: string, xml: string) => evaluateProject(file, memoryFs({ [file]: `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework>${xml}</PropertyGroup></Project>` }), { configuration: 'Release' });
  const owner = at('/repo/src/Lamp/Lamp.csproj', '<IsPackable>false</IsPackable>');
  const twin = at('/repo/src/Lamp-NuGet/Lamp.csproj', '<IsPackable>true</IsPackable>');
  assert.deepEqual(libraryCodeVerdict(owner, 'auto', null, [], [], [{ project: twin, referenced: [] }]), {
    isLibrary: true, reason: 'Lamp is not published, but Lamp (in Lamp-NuGet/) compiles the file too, linked in, and is a class library published as a package (it sets IsPackable)',
  });
  // An unpublished linker changes nothing, nor does any linker of an application's file, nor the setting none.
  const unpublished = at('/repo/src/Lamp.Bench/Lamp.Bench.csproj', '<IsPackable>false</IsPackable>');
  assert.equal(libraryCodeVerdict(owner, 'auto', null, [], [], [{ project: unpublished, referenced: [] }])?.isLibrary, false);
  const app = at('/repo/src/Lamp.Console/Lamp.Console.csproj', '<OutputType>Exe</OutputType>');
  assert.deepEqual(libraryCodeVerdict(app, 'auto', null, [], [], [{ project: twin, referenced: [] }])?.isLibrary, false);
  assert.equal(libraryCodeVerdict(owner, 'none', null, [], [], [{ project: twin, referenced: [] }])?.isLibrary, false);
});

test('library code: a published class library is; an app, a UI app whatever its analysed target says, and an unpublished class library are not', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const project = (files: Record<string, string>) => evaluateProject('/repo/App/App.csproj', memoryFs(files), { configuration: 'Release' });
  const published = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><PackageTags>orders</PackageTags></PropertyGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(published, 'auto', null), { isLibrary: true, reason: 'App is a class library published as a package (it sets PackageTags)' });
  const shared = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>' });
  assert.equal(libraryCodeVerdict(shared, 'auto', null)?.isLibrary, false);
  const exe = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType><PackageId>App</PackageId></PropertyGroup></Project>' });
  assert.equal(libraryCodeVerdict(exe, 'auto', null)?.isLibrary, false);
  // A MAUI single project sets Exe only for its platform targets; the plain target analysed is still the app.
  const maui = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFrameworks>net10.0-android;net10.0</TargetFrameworks><OutputType Condition="\'$(TargetFramework)\' != \'net10.0\'">Exe</OutputType><UseMaui>true</UseMaui></PropertyGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(maui, 'auto', null), { isLibrary: false, reason: 'App is a UI application (UseMaui)', withContext: 'App uses UseMaui, whose code runs on the UI thread\'s SynchronizationContext' });
  assert.equal(libraryCodeVerdict(maui, 'all', null)?.isLibrary, true);
  // A WPF class library, even one published as a package (an application's plugin API), is no application, and
  // its code runs on the application's UI thread.
  const wpfLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0-windows</TargetFramework><UseWPF>true</UseWPF><OutputType>Library</OutputType><PackageId>App.Plugin</PackageId></PropertyGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(wpfLibrary, 'auto', null), { isLibrary: false, reason: 'App is a UI class library (UseWPF), whose code runs on an application\'s UI thread', withContext: 'App uses UseWPF, whose code runs on the UI thread\'s SynchronizationContext' });
  // So is a class library that takes a UI framework as a package (Avalonia's views and view models), whatever
  // package id it sets; a library that only runs Nito.AsyncEx's message loop stays library code.
  const avaloniaLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework><PackageId>App</PackageId></PropertyGroup><ItemGroup><PackageReference Include="Avalonia" Version="11.3.0" /></ItemGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(avaloniaLibrary, 'auto', null), { isLibrary: false, reason: 'App is a UI class library (it references Avalonia), whose code runs on an application\'s UI thread', withContext: 'App references Avalonia, which installs a SynchronizationContext' });
  // A Visual Studio extension's library (the VS SDK's packages) runs in Visual Studio, on its UI thread when Visual
  // Studio calls it there, whatever package metadata shared props give it.
  const vsLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework><PackageTags>nuget</PackageTags></PropertyGroup><ItemGroup><PackageReference Include="Microsoft.VisualStudio.Sdk" Version="17.10.40171" /></ItemGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(vsLibrary, 'auto', null), { isLibrary: false, reason: 'App is a Visual Studio extension (it references Microsoft.VisualStudio.Sdk), whose code runs in Visual Studio, much of it on its UI thread', withContext: 'App references Microsoft.VisualStudio.Sdk, so it runs in Visual Studio, whose UI thread has a SynchronizationContext' });
  const loopLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework><PackageId>App</PackageId></PropertyGroup><ItemGroup><PackageReference Include="Nito.AsyncEx.Context" Version="5.1.2" /></ItemGroup></Project>' });
  assert.equal(libraryCodeVerdict(loopLibrary, 'auto', null)?.isLibrary, true);
  const wpfApp = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0-windows</TargetFramework><UseWPF>true</UseWPF><OutputType>WinExe</OutputType></PropertyGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(wpfApp, 'auto', null), { isLibrary: false, reason: 'App is a UI application (UseWPF)', withContext: 'App uses UseWPF, whose code runs on the UI thread\'s SynchronizationContext' });
  assert.equal(libraryCodeVerdict(published, 'none', null)?.isLibrary, false);
  // An ASP.NET 4.x site (MSBuild.SDK.SystemWeb, a class library by OutputType that IIS loads) is the application,
  // whatever package metadata shared props give it; that SDK's Razor library SDK is not an application's.
  const systemWeb = (sdk: string) => project({ '/repo/App/App.csproj': `<Project Sdk="${sdk}"><PropertyGroup><TargetFramework>net48</TargetFramework><PackageTags>orders</PackageTags></PropertyGroup></Project>` });
  assert.deepEqual(libraryCodeVerdict(systemWeb('MSBuild.SDK.SystemWeb/4.0.88'), 'auto', null), { isLibrary: false, reason: 'App is an application (MSBuild.SDK.SystemWeb)', withContext: 'App is built with MSBuild.SDK.SystemWeb, which runs its code on a SynchronizationContext' });
  assert.equal(libraryCodeVerdict(systemWeb('MSBuild.SDK.SystemWeb.RazorLibrary'), 'auto', null)?.isLibrary, true);
  // The Web and Worker SDKs set OutputType Exe after Directory.Build.props; a project that sets Library itself is a
  // class library built with the Web SDK for its framework reference, and an application's other projects that
  // reference it are not its plug-ins.
  const webApp = project({
    '/repo/Directory.Build.props': '<Project><PropertyGroup><OutputType>Library</OutputType></PropertyGroup></Project>',
    '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>',
  });
  assert.equal(webApp.outputType, 'Exe');
  assert.deepEqual(libraryCodeVerdict(webApp, 'auto', null), { isLibrary: false, reason: 'App is an application (Microsoft.NET.Sdk.Web)', withoutContext: 'App is an ASP.NET Core application (Microsoft.NET.Sdk.Web), which has no SynchronizationContext' });
  const worker = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk.Worker"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>' });
  assert.deepEqual(libraryCodeVerdict(worker, 'auto', null), { isLibrary: false, reason: 'App is an application (Microsoft.NET.Sdk.Worker)', withoutContext: 'App is a worker service (Microsoft.NET.Sdk.Worker), and the generic host installs no SynchronizationContext' });
  const webLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Library</OutputType></PropertyGroup></Project>' });
  assert.equal(webLibrary.outputType, 'Library');
  // The same props set IsPackable to false unless something set it before them or the project sets it after.
  assert.equal(webApp.isPackable, false);
  assert.equal(webLibrary.isPackable, false);
  const packedWebLibrary = project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Library</OutputType><IsPackable>true</IsPackable></PropertyGroup></Project>' });
  assert.equal(packedWebLibrary.isPackable, true);
  const packedByProps = project({
    '/repo/Directory.Build.props': '<Project><PropertyGroup><IsPackable>true</IsPackable></PropertyGroup></Project>',
    '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk.Worker"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>',
  });
  assert.equal(packedByProps.isPackable, true);
  assert.equal(project({ '/repo/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>' }).isPackable, null);
  assert.deepEqual(libraryCodeVerdict(webLibrary, 'auto', null), { isLibrary: false, reason: 'App sets IsPackable to false', withoutContext: 'App runs in the ASP.NET Core server (Microsoft.NET.Sdk.Web), which has no SynchronizationContext' });
  const api = evaluateProject('/repo/Api/Api.csproj', memoryFs({ '/repo/Api/Api.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>' }), { configuration: 'Release' });
  assert.deepEqual(libraryCodeVerdict(api, 'auto', null, [webLibrary]), { isLibrary: false, reason: 'Api is a class library that sets no package properties (PackageId, PackageTags, a license, IsPackable) and that no .nuspec packs', withoutContext: 'Api runs in the ASP.NET Core server (Microsoft.NET.Sdk.Web, through its reference to App), which has no SynchronizationContext' });
  assert.match(libraryCodeVerdict(api, 'auto', null, [webApp])?.reason ?? '', /references the application App/);
  // A VSIX project references the applications it packs (an MSBuild task host): it runs in Visual Studio, not in them.
  const vsix = evaluateProject('/repo/Vsix/Vsix.csproj', memoryFs({ '/repo/Vsix/Vsix.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Microsoft.VSSDK.BuildTools" Version="17.12.2069" /></ItemGroup></Project>' }), { configuration: 'Release' });
  const taskHost = { project: webApp, withoutContext: 'App is an ASP.NET Core application', consoleTool: null };
  assert.deepEqual(libraryCodeVerdict(vsix, 'auto', null, [webApp], [taskHost]), { isLibrary: false, reason: 'Vsix is a Visual Studio extension (it references Microsoft.VSSDK.BuildTools), whose code runs in Visual Studio, much of it on its UI thread', withContext: 'Vsix references Microsoft.VSSDK.BuildTools, so it runs in Visual Studio, whose UI thread has a SynchronizationContext' });
});

test('library code: an Exe on .NET Standard is a class library with an entry point, judged by its package properties; an Exe that also targets a runtime is an application there', async () => {
  const { libraryCodeVerdict, isApplication } = await import('../../server/src/project/libraryCode');
  const { isRunnableTarget } = await import('../../server/src/project/frameworks');
  assert.deepEqual([isRunnableTarget('netstandard2.0'), isRunnableTarget('netstandard2.1'), isRunnableTarget('net8.0'), isRunnableTarget('net472'), isRunnableTarget(null)], [false, false, true, true, true]);
  const project = (file: string, xml: string) => evaluateProject(file, memoryFs({ [file]: `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>${xml}</PropertyGroup></Project>` }), { configuration: 'Release' });
  const driver = project('/repo/Driver/Driver.csproj', '<OutputType>Exe</OutputType><TargetFramework>netstandard2.0</TargetFramework><PackageId>Driver</PackageId>');
  assert.equal(isApplication(driver), false);
  // No context is claimed: the library runs in whatever application loads it, a UI application's too.
  assert.deepEqual(libraryCodeVerdict(driver, 'auto', null), { isLibrary: true, reason: 'Driver is a class library published as a package (it sets PackageId): OutputType Exe makes no program on netstandard2.0, which no runtime starts' });
  const unpublished = project('/repo/Driver/Driver.csproj', '<OutputType>Exe</OutputType><TargetFramework>netstandard2.0</TargetFramework>');
  assert.equal(libraryCodeVerdict(unpublished, 'auto', null)?.isLibrary, false);
  // A package that references it builds on a library, not on an application it plugs into.
  const adapter = project('/repo/Adapter/Adapter.csproj', '<TargetFramework>netstandard2.0</TargetFramework><PackageId>Adapter</PackageId>');
  assert.deepEqual(libraryCodeVerdict(adapter, 'auto', null, [driver]), { isLibrary: true, reason: 'Adapter is a class library published as a package (it sets PackageId)' });
  // The analysed target decides: for net8.0 the same project builds a program a runtime starts.
  const both = project('/repo/Driver/Driver.csproj', '<OutputType>Exe</OutputType><TargetFrameworks>netstandard2.0;net8.0</TargetFrameworks><PackageId>Driver</PackageId>');
  assert.equal(both.targetFramework, 'net8.0');
  assert.equal(isApplication(both), true);
  assert.deepEqual([libraryCodeVerdict(both, 'auto', null)?.reason, libraryCodeVerdict(both, 'auto', null)?.withoutContext], ['Driver is an application (OutputType Exe)', 'Driver is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext']);
});

test('library code: a server package of a referenced project reaches the library above it unless that reference keeps it private', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const files = {
    '/repo/Core/Core.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework><PackageProjectUrl>https://example.org</PackageProjectUrl></PropertyGroup>'
      + '<ItemGroup><PackageReference Include="Microsoft.AspNetCore.Mvc.NewtonsoftJson" Version="9.0.0" /></ItemGroup></Project>',
    '/repo/Tools/Tools.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup>'
      + '<ItemGroup><PackageReference Include="Microsoft.AspNetCore.Http.Abstractions" Version="2.3.0"><PrivateAssets>all</PrivateAssets></PackageReference></ItemGroup></Project>',
    '/repo/Services/Services.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework><PackageProjectUrl>https://example.org</PackageProjectUrl></PropertyGroup></Project>',
  };
  const fsOf = memoryFs(files);
  const evaluate = (p: string) => evaluateProject(p, fsOf, { configuration: 'Release' });
  const core = evaluate('/repo/Core/Core.csproj');
  const tools = evaluate('/repo/Tools/Tools.csproj');
  const services = evaluate('/repo/Services/Services.csproj');
  assert.deepEqual(tools.packageReferences, [{ id: 'Microsoft.AspNetCore.Http.Abstractions', version: '2.3.0', privateAssets: true }]);
  assert.equal(libraryCodeVerdict(services, 'auto', null, [core])?.withoutContext,
    'Services runs in the ASP.NET Core server (PackageReference Microsoft.AspNetCore.Mvc.NewtonsoftJson, through its reference to Core), which has no SynchronizationContext');
  // PrivateAssets all: the package stays with Tools, so a library above it is asked for ConfigureAwait(false) as before.
  assert.deepEqual(libraryCodeVerdict(services, 'auto', null, [tools]), { isLibrary: true, reason: 'Services is a class library published as a package (it sets PackageProjectUrl)' });
});

test('library code: an authentication handler package runs in the ASP.NET Core server', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const library = (pkg: string) => evaluateProject('/repo/Auth/Auth.csproj', memoryFs({
    '/repo/Auth/Auth.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework><IsPackable>true</IsPackable></PropertyGroup>'
      + `<ItemGroup><PackageReference Include="${pkg}" Version="10.0.0" /></ItemGroup></Project>`,
  }), { configuration: 'Release' });
  assert.equal(libraryCodeVerdict(library('Microsoft.AspNetCore.Authentication.JwtBearer'), 'auto', null)?.withoutContext,
    'Auth runs in the ASP.NET Core server (PackageReference Microsoft.AspNetCore.Authentication.JwtBearer), which has no SynchronizationContext');
  assert.match(libraryCodeVerdict(library('Microsoft.AspNetCore.Authentication.OpenIdConnect'), 'auto', null)?.withoutContext ?? '', /OpenIdConnect/);
  // Authorization is used by Blazor's components as well: still asked for ConfigureAwait(false).
  assert.equal(libraryCodeVerdict(library('Microsoft.AspNetCore.Authorization'), 'auto', null)?.withoutContext, undefined);
});

test('synchronization context: an ASP.NET Core, worker or console application runs without one; a UI, WinExe, Blazor WebAssembly or legacy application and a library hosted by one of them may have one', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const one = (csproj: string) => evaluateProject('/repo/App/App.csproj', memoryFs({ '/repo/App/App.csproj': csproj }), { configuration: 'Release' });
  const context = (csproj: string) => libraryCodeVerdict(one(csproj), 'auto', null)?.withoutContext;
  const sdk = (name: string, body = '') => `<Project Sdk="${name}"><PropertyGroup><TargetFramework>net8.0</TargetFramework>${body}</PropertyGroup></Project>`;
  assert.equal(context(sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType>')), 'App is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext');
  // A package that installs a context on the app's thread (knowledge/contextPackages.ts) puts it back.
  assert.equal(context('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup><ItemGroup><PackageReference Include="Avalonia.Desktop" Version="11.0.0" /></ItemGroup></Project>'), undefined);
  assert.equal(context('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup><ItemGroup><PackageReference Include="Nito.AsyncEx.Context" Version="5.1.2" /></ItemGroup></Project>'), undefined);
  // Nito.AsyncEx's context exists only where the application's own code starts it: a console program's reference may
  // mean AsyncContext.Run in Main; an ASP.NET Core application's, or a worker's, does not (Ombi's web app, whose
  // helpers take the package for an AsyncLock, the forty-second session).
  assert.equal(context('<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Nito.AsyncEx" Version="5.1.2" /></ItemGroup></Project>'), 'App is an ASP.NET Core application (Microsoft.NET.Sdk.Web), which has no SynchronizationContext');
  {
    const { applicationWithoutContext, ownContextOf } = await import('../../server/src/project/synchronizationContext');
    const helpers = evaluateProject('/repo/Helpers/Helpers.csproj', memoryFs({ '/repo/Helpers/Helpers.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Nito.AsyncEx" Version="5.1.2" /></ItemGroup></Project>' }), { configuration: 'Release' });
    const tool = evaluateProject('/repo/Tool/Tool.csproj', memoryFs({ '/repo/Tool/Tool.csproj': sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType>') }), { configuration: 'Release' });
    assert.equal(ownContextOf(helpers, []), null);
    // A console program that hosts gRPC services (Grpc.AspNetCore) serves requests on the server's threads, and its own
    // reference to Nito.AsyncEx then gives it no context either; a class library that takes the package (Pulumi's SDK)
    // is not thereby code inside the server.
    const grpc = evaluateProject('/repo/Grpc/Grpc.csproj', memoryFs({ '/repo/Grpc/Grpc.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup><ItemGroup><PackageReference Include="Grpc.AspNetCore.Server" Version="2.71.0" /><PackageReference Include="Nito.AsyncEx" Version="5.1.2" /></ItemGroup></Project>' }), { configuration: 'Release' });
    assert.equal(applicationWithoutContext(grpc, []), 'Grpc is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext');
    const { aspNetCoreServerOf } = await import('../../server/src/project/synchronizationContext');
    const grpcLibrary = evaluateProject('/repo/Sdk/Sdk.csproj', memoryFs({ '/repo/Sdk/Sdk.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Grpc.AspNetCore.Server" Version="2.71.0" /></ItemGroup></Project>' }), { configuration: 'Release' });
    assert.equal(aspNetCoreServerOf(grpcLibrary, []), null);
    assert.equal(applicationWithoutContext(tool, [helpers]), 'Tool is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext');
  }
  assert.equal(context(sdk('Microsoft.NET.Sdk', '<OutputType>WinExe</OutputType>')), undefined);
  assert.equal(context(sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType><UseWindowsForms>true</UseWindowsForms>')), undefined);
  assert.equal(context(sdk('Microsoft.NET.Sdk.BlazorWebAssembly')), undefined);
  // An Exe for Android or iOS is a mobile app whose main thread has the platform's context (osu!'s mobile heads, the
  // thirty-ninth session), and neither a console application nor a console tool; a Windows target says nothing of a UI.
  const mobile = (tfm: string) => libraryCodeVerdict(evaluateProject('/repo/App/App.csproj', memoryFs({ '/repo/App/App.csproj': `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>${tfm}</TargetFramework><OutputType>Exe</OutputType></PropertyGroup></Project>` }), { configuration: 'Release' }), 'auto', null);
  assert.deepEqual(mobile('net8.0-android'), { isLibrary: false, reason: 'App is an application (OutputType Exe)', withContext: 'App is an application for android (net8.0-android), whose main thread has Android.App.SyncContext on the main looper' });
  assert.equal(mobile('net8.0-ios')?.withContext, 'App is an application for ios (net8.0-ios), whose main thread has UIKitSynchronizationContext on the main run loop');
  assert.equal(mobile('net8.0-windows')?.withoutContext, 'App is a console application (OutputType Exe, no UI framework), which has no SynchronizationContext');
  // osu!framework installs a context on each of its game threads: its games and their libraries run on one.
  const game = libraryCodeVerdict(one('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><IsPackable>true</IsPackable></PropertyGroup><ItemGroup><PackageReference Include="ppy.osu.Framework" Version="2026.807.0" /></ItemGroup></Project>'), 'auto', null);
  assert.deepEqual(game, { isLibrary: false, reason: 'App is a UI class library (it references ppy.osu.Framework), whose code runs on an application\'s UI thread', withContext: 'App references ppy.osu.Framework, which installs a SynchronizationContext' });
  // A legacy project may build a WinForms app as an Exe with nothing in its properties to say so.
  assert.equal(context('<Project ToolsVersion="15.0"><PropertyGroup><OutputType>Exe</OutputType><TargetFrameworkVersion>v4.8</TargetFrameworkVersion></PropertyGroup></Project>'), undefined);
  // A published library is anybody's code; one nobody publishes is its hosts'.
  const library = one(sdk('Microsoft.NET.Sdk'));
  const console = { project: one(sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType>')), withoutContext: 'App is a console application', consoleTool: null };
  const kiosk = { project: one(sdk('Microsoft.NET.Sdk', '<OutputType>WinExe</OutputType>')), withoutContext: null, consoleTool: null };
  assert.equal(libraryCodeVerdict(library, 'auto', null, [], [console])?.withoutContext, 'App runs only in App, which has no SynchronizationContext');
  assert.equal(libraryCodeVerdict(library, 'auto', null, [], [console, kiosk])?.withoutContext, undefined);
  assert.equal(libraryCodeVerdict(library, 'auto', null, [], [])?.withoutContext, undefined);
  assert.equal(libraryCodeVerdict(one(sdk('Microsoft.NET.Sdk', '<PackageId>App</PackageId>')), 'auto', null, [], [console])?.withoutContext, undefined);
});

test('a console tool: a console application with no UI, web server or service host package, and the libraries only such tools run', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const context = await import('../../server/src/project/synchronizationContext');
  const consoleToolReason = (p: ReturnType<typeof evaluateProject>) => context.consoleToolReason(p, context.applicationWithoutContext(p, []));
  const one = (csproj: string) => evaluateProject('/repo/App/App.csproj', memoryFs({ '/repo/App/App.csproj': csproj }), { configuration: 'Release' });
  const sdk = (name: string, body = '') => `<Project Sdk="${name}"><PropertyGroup><TargetFramework>net8.0</TargetFramework>${body}</PropertyGroup></Project>`;
  const tool = one(sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType>'));
  assert.equal(consoleToolReason(tool), 'App is a console tool (OutputType Exe, no UI framework, web server or service host)');
  assert.equal(libraryCodeVerdict(tool, 'auto', null)?.consoleTool, 'App is a console tool (OutputType Exe, no UI framework, web server or service host)');
  // A console application that hosts services with the generic host runs for the process's lifetime under load.
  const service = one('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup><ItemGroup><PackageReference Include="Microsoft.Extensions.Hosting" Version="8.0.0" /></ItemGroup></Project>');
  assert.equal(consoleToolReason(service), null);
  assert.equal(consoleToolReason(one(sdk('Microsoft.NET.Sdk.Web'))), null);
  assert.equal(consoleToolReason(one(sdk('Microsoft.NET.Sdk.Worker'))), null);
  assert.equal(consoleToolReason(one(sdk('Microsoft.NET.Sdk', '<OutputType>WinExe</OutputType>'))), null);
  // An entry point over a host library of the workspace (a `*.Console` over a `*.Host` that declares the generic host)
  // serves too; a core library's other packages say nothing.
  const hostLibrary = one('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Microsoft.Extensions.Hosting.WindowsServices" Version="8.0.0" /></ItemGroup></Project>');
  const coreLibrary = one('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup><ItemGroup><PackageReference Include="Microsoft.AspNetCore.DataProtection" Version="8.0.0" /></ItemGroup></Project>');
  assert.equal(context.consoleToolReason(tool, context.applicationWithoutContext(tool, [hostLibrary]), [hostLibrary]), null);
  assert.equal(context.consoleToolReason(tool, context.applicationWithoutContext(tool, [coreLibrary]), [coreLibrary]), 'App is a console tool (OutputType Exe, no UI framework, web server or service host)');
  // A console application named for what it serves runs for the process's lifetime; only the name's last word counts.
  const named = (name: string) => evaluateProject(`/repo/${name}/${name}.csproj`, memoryFs({ [`/repo/${name}/${name}.csproj`]: sdk('Microsoft.NET.Sdk', '<OutputType>Exe</OutputType>') }), { configuration: 'Release' });
  for (const name of ['GarnetServer', 'Acme.WindowsService', 'Acme.Daemon', 'Acme.Agent', 'Acme.AppHost', 'Acme.Worker']) assert.equal(consoleToolReason(named(name)), null, name);
  for (const name of ['Acme.CommandLine.ServerUtil', 'Acme.ServiceInstaller', 'Acme.ReleaseBuilder', 'GH-1913-Benchmark']) assert.match(consoleToolReason(named(name)) ?? '', /is a console tool/, name);
  assert.equal(context.lastNameWord('Acme.CommandLine.ServerUtil'), 'util');
  assert.equal(context.lastNameWord('GH-1913-Benchmark'), 'benchmark');
  assert.equal(context.lastNameWord('daemon_host'), 'host');
  // A class library nobody publishes is a console tool's code when every application that runs it is one.
  const library = one(sdk('Microsoft.NET.Sdk'));
  const toolHost = { project: tool, withoutContext: 'App is a console application', consoleTool: 'App is a console tool' };
  const serviceHost = { project: service, withoutContext: 'App is a console application', consoleTool: null };
  assert.equal(libraryCodeVerdict(library, 'auto', null, [], [toolHost])?.consoleTool, 'App runs only in console tools (App)');
  assert.equal(libraryCodeVerdict(library, 'auto', null, [], [toolHost, serviceHost])?.consoleTool, undefined);
  assert.equal(libraryCodeVerdict(one(sdk('Microsoft.NET.Sdk', '<PackageId>App</PackageId>')), 'auto', null, [], [toolHost])?.consoleTool, undefined);
});

test('a project a solution names gets the Solution* properties a solution build passes, so $(SolutionDir) paths resolve', () => {
  const files = {
    '/repo/src/Plugins/Pickup/Pickup.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup>'
      + '<ItemGroup><ProjectReference Include="$(SolutionDir)\\Web\\Web.csproj" /></ItemGroup></Project>',
  };
  const withSolution = evaluateProject('/repo/src/Plugins/Pickup/Pickup.csproj', memoryFs(files), { configuration: 'Release', solution: '/repo/src/Shop.sln' });
  assert.deepEqual(withSolution.projectReferences, ['/repo/src/Web/Web.csproj']);
  const alone = evaluateProject('/repo/src/Plugins/Pickup/Pickup.csproj', memoryFs(files), { configuration: 'Release' });
  assert.notDeepEqual(alone.projectReferences, ['/repo/src/Web/Web.csproj']);
});

// ---- .nuspec files that publish a project ----

/** A NuspecSource over an in-memory tree: every folder of a listed file exists; `.git` marks a repository root. */
function memoryNuspecSource(files: Record<string, string>, gitRoots: string[] = []) {
  const source = {
    list(dir: string) {
      const prefix = `${dir}/`;
      const below = Object.keys(files).filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
      if (!below.length && !gitRoots.includes(dir)) return null;
      return {
        nuspecs: below.filter((f) => !f.includes('/') && f.endsWith('.nuspec')).map((f) => prefix + f),
        folders: [...new Set(below.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))],
        repositoryRoot: gitRoots.includes(dir),
      };
    },
    read(p: string) {
      return p in files ? parseNuspec(files[p]) : null;
    },
  };
  return { source };
}

const nuspecXml = (id: string, ...files: string[]) =>
  `<?xml version="1.0"?><package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd"><metadata><id>${id}</id><version>1.0.0</version></metadata>` +
  `<files>${files.map((f) => `<file src="${f}" target="lib" />`).join('')}</files></package>`;

test('nuspec: the id and the file sources are read with the project XML reader; a file that is no <package> is not a nuspec', () => {
  assert.deepEqual(parseNuspec(nuspecXml('Acme.Data', 'bin\\Release\\Acme.Data.dll', 'README.md')), { id: 'Acme.Data', files: ['bin\\Release\\Acme.Data.dll', 'README.md'] });
  assert.deepEqual(parseNuspec('<package><metadata><id>$id$</id></metadata></package>'), { id: '$id$', files: [] });
  assert.equal(parseNuspec('<Project Sdk="Microsoft.NET.Sdk" />'), null);
  assert.equal(parseNuspec(''), null);
});

test('nuspec: it names a project by its package id (PackageId, else AssemblyName, else the file name; case ignored) or its output assembly, never by a wildcard', () => {
  const project = { path: '/r/src/Acme.Data/Acme.Data.csproj', directory: '/r/src/Acme.Data', name: 'Acme.Data' };
  assert.equal(nuspecNamesProject({ id: 'acme.data', files: [] }, project), 'its id is acme.data');
  assert.equal(nuspecNamesProject({ id: 'Acme.Data', files: [] }, { ...project, packageId: 'Acme.Storage' }), null, 'the project publishes as Acme.Storage');
  assert.equal(nuspecNamesProject({ id: 'Acme.Storage', files: [] }, { ...project, assemblyName: 'Acme.Storage' }), 'its id is Acme.Storage');
  assert.equal(nuspecNamesProject({ id: 'Acme', files: ['net8.0\\Acme.Data.dll'] }, project), 'it packs Acme.Data.dll');
  assert.equal(nuspecNamesProject({ id: 'Acme', files: ['bin/*.dll', 'Acme.Data.xml', 'Acme.Data.Extra.dll'] }, project), null);
  assert.equal(nuspecNamesProject({ id: '$id$', files: [] }, project), null, 'a token says nothing away from the project');
});

test('nuspec: the search covers the project folder, a few folders above it and their immediate subfolders, stopping at the repository root, skipping build output', () => {
  const { source } = memoryNuspecSource({
    '/ws/repo/src/Acme.Data/Acme.Data.csproj': '',
    '/ws/repo/src/Acme.Data/bin/Acme.Data.nuspec': '',
    '/ws/repo/src/Other/Other.csproj': '',
    '/ws/repo/nuspecs/Acme.Data.nuspec': '',
    '/ws/repo/packages/Acme.Data.1.0.0/Acme.Data.nuspec': '',
    '/ws/repo/.nuget/x.nuspec': '',
    '/ws/outside/Acme.Data.nuspec': '',
  }, ['/ws/repo']);
  assert.deepEqual(nuspecFolders('/ws/repo/src/Acme.Data', source), ['/ws/repo/src/Acme.Data', '/ws/repo/src', '/ws/repo/src/Other', '/ws/repo', '/ws/repo/nuspecs']);
  // Without a repository root the search stops FOLDERS_ABOVE folders up.
  const deep = memoryNuspecSource({ '/a/b/c/d/e/P/P.csproj': '' }).source;
  assert.equal(FOLDERS_ABOVE, 3);
  assert.deepEqual(nuspecFolders('/a/b/c/d/e/P', deep), ['/a/b/c/d/e/P', '/a/b/c/d/e', '/a/b/c/d', '/a/b/c']);
});

test('nuspec: NuspecFile first, then a nuspec named like the project beside it, then one nearby that names the project; one of another id never', () => {
  const project = { path: '/r/src/Acme.Data/Acme.Data.csproj', directory: '/r/src/Acme.Data', name: 'Acme.Data' };
  const tree = {
    '/r/src/Acme.Data/Acme.Data.csproj': '',
    '/r/src/Acme.Data/Acme.Data.nuspec': '<package><metadata><id>$id$</id></metadata></package>',
    '/r/build/Acme.Data.nuspec': nuspecXml('Acme.Data'),
    '/r/build/custom.nuspec': nuspecXml('Acme.Custom', 'Acme.Data.dll'),
  };
  const { source } = memoryNuspecSource(tree, ['/r']);
  assert.deepEqual(packingNuspec({ ...project, nuspecFile: '/r/build/custom.nuspec' }, source), { path: '/r/build/custom.nuspec', how: "the project's NuspecFile names it" });
  assert.deepEqual(packingNuspec(project, source), { path: '/r/src/Acme.Data/Acme.Data.nuspec', how: 'nuget pack Acme.Data.csproj packs with it' });
  const { '/r/src/Acme.Data/Acme.Data.nuspec': _beside, ...withoutBeside } = tree;
  const sibling = memoryNuspecSource(withoutBeside, ['/r']).source;
  // The id match comes before custom.nuspec's file entry: files are read in name order, folder by folder.
  assert.deepEqual(packingNuspec(project, sibling), { path: '/r/build/Acme.Data.nuspec', how: 'its id is Acme.Data' });
  // Packs another project: another id and no file entry of this project's assembly, whatever the file's name.
  const other = memoryNuspecSource({ '/r/src/Acme.Data/Acme.Data.csproj': '', '/r/nuspecs/Acme.Data.nuspec': nuspecXml('Acme.Reporting', 'Acme.Reporting.dll') }, ['/r']).source;
  assert.equal(packingNuspec(project, other), null);
  // A NuspecFile that does not exist proves nothing.
  assert.equal(packingNuspec({ ...project, nuspecFile: '/r/missing.nuspec' }, other), null);
  assert.equal(nuspecDisplayPath('/r/nuspecs/Acme.Data.nuspec', '/r/src/Acme.Data'), 'nuspecs/Acme.Data.nuspec');
  assert.equal(nuspecDisplayPath('/r/src/Acme.Data/Acme.Data.nuspec', '/r/src/Acme.Data/'), 'Acme.Data.nuspec');
});

test('nuspec: evaluation reads PackageId, AssemblyName and NuspecFile (resolved against the project folder); a nuspec makes a class library library code, not an app', async () => {
  const { libraryCodeVerdict } = await import('../../server/src/project/libraryCode');
  const model = evaluateProject('/repo/src/App/App.csproj', memoryFs({
    '/repo/src/App/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework><AssemblyName>Acme.App</AssemblyName><NuspecFile>..\\..\\nuget\\$(AssemblyName).nuspec</NuspecFile></PropertyGroup></Project>',
  }));
  assert.deepEqual([model.packageId, model.assemblyName, model.nuspecFile, model.packageMetadata], [null, 'Acme.App', '/repo/nuget/Acme.App.nuspec', null]);
  const packed = { ...model, packingNuspec: { path: '/repo/nuget/Acme.App.nuspec', how: "the project's NuspecFile names it" } };
  assert.deepEqual(libraryCodeVerdict(packed, 'auto', null), { isLibrary: true, reason: 'App is a class library published as a package (nuget/Acme.App.nuspec packs it)' });
  assert.equal(libraryCodeVerdict({ ...packed, outputType: 'Exe' }, 'auto', null)?.isLibrary, false, 'an app a nuspec packs (a tool) is still an app');
  assert.equal(libraryCodeVerdict({ ...packed, isPackable: false }, 'auto', null)?.isLibrary, false, 'IsPackable false is the project\'s own word');
  assert.match(libraryCodeVerdict(model, 'auto', null)!.reason, /and that no \.nuspec packs$/);
});

test('package versions: the major a version or range asks for, and the DI abstractions a project gets through the packages released with them', () => {
  const majors: [string | null, number | null][] = [
    ['2.1.1', 2], ['10.0.15', 10], ['[2.1.1, 3.0)', 2], ['[2.1.1]', 2], ['(2.0,)', 2], ['6.*', 6], ['6', 6],
    ['(, 3.0]', null], ['*', null], ['$(DependencyInjectionVersion)', null], [null, null], ['', null],
  ];
  for (const [version, major] of majors) assert.equal(majorOf(version), major, JSON.stringify(version));
  const di = 'Microsoft.Extensions.DependencyInjection.Abstractions';
  // Own reference, a family member (case as NuGet compares), the highest one seen, and nothing that says.
  assert.equal(knownPackageMajor([{ id: di, version: '2.1.0' }], di), 2);
  assert.equal(knownPackageMajor([{ id: 'microsoft.extensions.hosting', version: '2.1.0' }], di), 2);
  assert.equal(knownPackageMajor([{ id: 'Microsoft.EntityFrameworkCore.SqlServer', version: '3.1.8' }, { id: 'Microsoft.Extensions.Http', version: '8.0.0' }], di), 8);
  // Packages that do not depend on the DI abstractions say nothing, nor does an unreadable version.
  assert.equal(knownPackageMajor([{ id: 'Microsoft.Extensions.Logging.Abstractions', version: '2.1.0' }, { id: 'Microsoft.EntityFrameworkCore.Abstractions', version: '2.1.0' }], di), null);
  assert.equal(knownPackageMajor([{ id: 'Microsoft.Extensions.DependencyInjection', version: '$(DiVersion)' }], di), null);
});

test('a repository-wide IsTestProject=false in Directory.Build.props gives way to the test SDK that a project references, as in MSBuild; the project file setting it wins', () => {
  const props = '<Project><PropertyGroup><TargetFramework>net8.0</TargetFramework><IsTestProject>false</IsTestProject></PropertyGroup></Project>';
  const project = (body: string) => `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>${body}</PropertyGroup>
  <ItemGroup><PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.12.0" /><PackageReference Include="xunit" Version="2.9.3" /></ItemGroup>
</Project>`;
  const files = (body: string) => memoryFs({ '/repo/Directory.Build.props': props, '/repo/src/Store.Tests/Store.Tests.csproj': project(body), '/repo/src/Store/Store.csproj': '<Project Sdk="Microsoft.NET.Sdk"></Project>' });
  // Microsoft.NET.Test.Sdk's build props, imported after Directory.Build.props, set IsTestProject to true.
  const tests = evaluateProject('/repo/src/Store.Tests/Store.Tests.csproj', files(''));
  assert.equal(tests.isTestProject, true);
  assert.equal(testProjectReason(tests), 'Store.Tests sets IsTestProject');
  // The library keeps the repository's default; a project file that says false itself is no test project.
  assert.equal(evaluateProject('/repo/src/Store/Store.csproj', files('')).isTestProject, false);
  assert.equal(evaluateProject('/repo/src/Store.Tests/Store.Tests.csproj', files('<IsTestProject>false</IsTestProject>')).isTestProject, false);
});

test('a console program runs until stopped when the code at the top of its folder waits for Ctrl+C or the process exit, or builds a host, and not when a comment or a string says so', () => {
  const cases: [string, string | null][] = [
    ['Console.CancelKeyPress += (_, e) => stop.Cancel();', 'Program.cs subscribes Console.CancelKeyPress, so it runs until Ctrl+C'],
    ['AppDomain.CurrentDomain.ProcessExit += OnExit;', 'Program.cs subscribes AppDomain.ProcessExit, so it runs until the process is stopped'],
    ['AssemblyLoadContext.Default.Unloading += _ => stop.Cancel();', 'Program.cs subscribes AssemblyLoadContext.Unloading, so it runs until the process is stopped'],
    ['var builder = WebApplication.CreateBuilder(args);', 'Program.cs builds an ASP.NET Core WebApplication, which serves until shutdown'],
    ['var builder = WebApplication.CreateSlimBuilder(args);', 'Program.cs builds an ASP.NET Core WebApplication, which serves until shutdown'],
    ['WebHost.CreateDefaultBuilder(args).UseStartup<Startup>().Build().Run();', 'Program.cs builds an ASP.NET Core web host, which serves until shutdown'],
    ['await Host.CreateDefaultBuilder(args).Build().RunAsync();', 'Program.cs builds a generic host, which runs until shutdown'],
    ['var builder = Host.CreateApplicationBuilder(args);', 'Program.cs builds a generic host, which runs until shutdown'],
    ['var host = new HostBuilder().Build();', 'Program.cs builds a generic host, which runs until shutdown'],
    // A one-shot tool: it reads, writes and ends.
    ['File.WriteAllText(args[0], Render(args[1]));', null],
    // Unsubscribing, a comment and a string say nothing about this program.
    ['Console.CancelKeyPress -= OnCancel;', null],
    ['// Console.CancelKeyPress += (_, e) => stop.Cancel();\nRun();', null],
    ['/* var builder = WebApplication.CreateBuilder(args); */ Run();', null],
    ['Console.WriteLine("Host.CreateDefaultBuilder( is not called here");', null],
  ];
  for (const [code, expected] of cases) assert.equal(runsUntilStoppedReason([{ name: 'Program.cs', text: code.replace(/\\n/g, '\n') }]), expected, code);
  // The first file by name that says so gives the reason, whatever order the folder lists them in.
  const files = [{ name: 'Startup.cs', text: 'var h = new HostBuilder();' }, { name: 'Program.cs', text: 'Console.CancelKeyPress += OnCancel;' }, { name: 'Args.cs', text: 'class Args {}' }];
  assert.equal(runsUntilStoppedReason(files), 'Program.cs subscribes Console.CancelKeyPress, so it runs until Ctrl+C');
  assert.equal(runsUntilStoppedReason([]), null);
});

test('library code: a class library that builds into an application\'s folder is that application\'s plug-in', async () => {
  const { plugInFolderIn } = await import('../../server/src/project/libraryCode');
  const files = {
    '/repo/src/Directory.Build.props': '<Project><PropertyGroup><TargetFramework>net9.0</TargetFramework><PackageProjectUrl>https://example.org/shop</PackageProjectUrl></PropertyGroup></Project>',
    '/repo/src/Web/Shop.Web/Shop.Web.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    // The output folder is set per configuration and platform, as the e-commerce platforms' plug-ins do.
    '/repo/src/Plugins/Payments.Manual/Payments.Manual.csproj': '<Project Sdk="Microsoft.NET.Sdk">'
      + '<PropertyGroup Condition="\'$(Configuration)|$(Platform)\'==\'Release|AnyCPU\'"><OutputPath>..\\..\\Web\\Shop.Web\\Plugins\\Payments.Manual\\</OutputPath><OutDir>$(OutputPath)</OutDir></PropertyGroup></Project>',
    '/repo/src/Core/Shop.Core.csproj': '<Project Sdk="Microsoft.NET.Sdk"></Project>',
    // An application at the root of the tree holds every other project's folder: where they build says nothing.
    '/repo/Root.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework><OutputType>Exe</OutputType></PropertyGroup></Project>',
    '/repo/lib/Helpers/Helpers.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net9.0</TargetFramework><OutputPath>..\\..\\bin\\Helpers</OutputPath></PropertyGroup></Project>',
  };
  const fsOf = memoryFs(files);
  const evaluate = (p: string) => evaluateProject(p, fsOf, { configuration: 'Release' });
  const web = evaluate('/repo/src/Web/Shop.Web/Shop.Web.csproj');
  const plugin = evaluate('/repo/src/Plugins/Payments.Manual/Payments.Manual.csproj');
  const core = evaluate('/repo/src/Core/Shop.Core.csproj');
  assert.equal(plugin.outputDirectory, '/repo/src/Web/Shop.Web/Plugins/Payments.Manual');
  assert.equal(core.outputDirectory, null);
  assert.equal(plugInFolderIn(plugin, web), 'Plugins/Payments.Manual');
  assert.equal(plugInFolderIn(core, web), null);
  assert.equal(plugInFolderIn(evaluate('/repo/lib/Helpers/Helpers.csproj'), evaluate('/repo/Root.csproj')), null);
  // Built for Debug, the condition leaves the SDK's bin folder.
  assert.equal(evaluateProject('/repo/src/Plugins/Payments.Manual/Payments.Manual.csproj', fsOf, { configuration: 'Debug' }).outputDirectory, null);
});
