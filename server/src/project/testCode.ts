/**
 * Whether code is test code: its project is a test project (IsTestProject, or a reference to a test
 * framework), a test helper library (a reference to a package only tests use) or a benchmark project (a reference
 * to a benchmark harness), or the file's types and
 * methods carry a test framework's attributes. Code that does not ship for another reason counts as test code too: a
 * build script (a reference to a build automation system), a sample (in a samples, examples or playground folder, or named
 * so, not published)
 * and a tool of the tests (an application over a test project, or one named for tests that is no package). Test code
 * stays analysed; the blocking rules' findings in it are capped at a configured severity. Data with sources, and pure
 * checks.
 */
import { isTargetFrameworkCompatible } from './frameworks';
import type { FileModel } from '../model/types';
import { spansWithAttribute } from '../config/attributes';
import { fileName, type ProjectModel } from './evaluate';
import { hasApplicationOutputType } from './libraryCode';
import { firstNames } from './proseLists';

export interface TestFrameworkPackage {
  id: string;
  framework: string;
  source: string;
}

/** Packages whose reference makes a project a test project. */
export const TEST_PACKAGES: readonly TestFrameworkPackage[] = [
  { id: 'xunit', framework: 'xUnit.net', source: 'https://www.nuget.org/packages/xunit' },
  { id: 'xunit.core', framework: 'xUnit.net', source: 'https://www.nuget.org/packages/xunit.core' },
  { id: 'xunit.v3', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3' },
  { id: 'xunit.v3.core', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.core' },
  // Since 3.2 the same framework comes in one package per Microsoft Testing Platform variant (v1, v2, or off for VSTest):
  // https://xunit.net/docs/getting-started/v3/microsoft-testing-platform
  { id: 'xunit.v3.mtp-v1', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.mtp-v1' },
  { id: 'xunit.v3.mtp-v2', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.mtp-v2' },
  { id: 'xunit.v3.mtp-off', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.mtp-off' },
  { id: 'xunit.v3.core.mtp-v1', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.core.mtp-v1' },
  { id: 'xunit.v3.core.mtp-v2', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.core.mtp-v2' },
  { id: 'xunit.v3.core.mtp-off', framework: 'xUnit.net v3', source: 'https://www.nuget.org/packages/xunit.v3.core.mtp-off' },
  { id: 'NUnit', framework: 'NUnit', source: 'https://www.nuget.org/packages/NUnit' },
  { id: 'MSTest.TestFramework', framework: 'MSTest', source: 'https://www.nuget.org/packages/MSTest.TestFramework' },
  { id: 'MSTest', framework: 'MSTest', source: 'https://www.nuget.org/packages/MSTest' },
  { id: 'TUnit', framework: 'TUnit', source: 'https://www.nuget.org/packages/TUnit' },
  { id: 'TUnit.Core', framework: 'TUnit', source: 'https://www.nuget.org/packages/TUnit.Core' },
  // Its build props set IsTestProject=true (microsoft/vstest src/package/Microsoft.NET.Test.Sdk/netcoreapp/Microsoft.NET.Test.Sdk.props).
  { id: 'Microsoft.NET.Test.Sdk', framework: 'VSTest', source: 'https://github.com/microsoft/vstest/blob/main/src/package/Microsoft.NET.Test.Sdk/netcoreapp/Microsoft.NET.Test.Sdk.props' },
];

export interface TestSupportPackage {
  id: string;
  /** What tests use it for, for reports: "a mocking library". */
  purpose: string;
  source: string;
}

/**
 * Packages only tests use, which a project's test helper library references without a test framework
 * (`Acme.Testing`: step classes, fakes, an in-memory server the test projects share). Code there is test code too.
 */
export const TEST_SUPPORT_PACKAGES: readonly TestSupportPackage[] = [
  { id: 'Moq', purpose: 'a mocking library', source: 'https://www.nuget.org/packages/Moq' },
  { id: 'NSubstitute', purpose: 'a mocking library', source: 'https://www.nuget.org/packages/NSubstitute' },
  { id: 'FakeItEasy', purpose: 'a mocking library', source: 'https://www.nuget.org/packages/FakeItEasy' },
  { id: 'Shouldly', purpose: 'an assertion library', source: 'https://www.nuget.org/packages/Shouldly' },
  { id: 'FluentAssertions', purpose: 'an assertion library', source: 'https://www.nuget.org/packages/FluentAssertions' },
  { id: 'Microsoft.AspNetCore.TestHost', purpose: "ASP.NET Core's in-memory test server", source: 'https://learn.microsoft.com/aspnet/core/test/integration-tests' },
  { id: 'Microsoft.AspNetCore.Mvc.Testing', purpose: "ASP.NET Core's integration test host", source: 'https://learn.microsoft.com/aspnet/core/test/integration-tests' },
  // Katana's TestServer: OWIN (ASP.NET 4.x) integration tests host the pipeline in memory with it, as ASP.NET Core's
  // tests do with TestHost.
  { id: 'Microsoft.Owin.Testing', purpose: "OWIN's in-memory test server", source: 'https://www.nuget.org/packages/Microsoft.Owin.Testing' },
  // The packages a shared fixture library references for xUnit's fixture and output interfaces (IAsyncLifetime,
  // ITestOutputHelper) without the framework's test runner: they extend tests and run nowhere else.
  { id: 'xunit.extensibility.core', purpose: "xUnit.net's extensibility interfaces", source: 'https://www.nuget.org/packages/xunit.extensibility.core' },
  { id: 'xunit.v3.extensibility.core', purpose: "xUnit.net v3's extensibility interfaces", source: 'https://www.nuget.org/packages/xunit.v3.extensibility.core' },
  // xUnit's Assert class alone, which a library of test doubles or test grains the test projects share references
  // for the checks it makes inside them, as it would Shouldly.
  { id: 'xunit.assert', purpose: "xUnit.net's assertions", source: 'https://www.nuget.org/packages/xunit.assert' },
  { id: 'xunit.v3.assert', purpose: "xUnit.net v3's assertions", source: 'https://www.nuget.org/packages/xunit.v3.assert' },
];

/**
 * Packages of benchmark harnesses: a project that references one is a benchmark project, whose code measures the
 * library rather than ships in it (it blocks on tasks on purpose, to time them). It is test code for the rules, as a
 * test project is.
 */
export const BENCHMARK_PACKAGES: readonly TestSupportPackage[] = [
  { id: 'BenchmarkDotNet', purpose: 'a benchmark harness', source: 'https://www.nuget.org/packages/BenchmarkDotNet' },
  { id: 'BenchmarkDotNet.Annotations', purpose: 'a benchmark harness', source: 'https://www.nuget.org/packages/BenchmarkDotNet.Annotations' },
  // Petabridge's performance-test harness, which Akka.NET's *.Tests.Performance projects run.
  { id: 'NBench', purpose: 'a performance-test harness', source: 'https://www.nuget.org/packages/NBench' },
  // A fuzzing harness: its program feeds generated inputs to the product's parsers under AFL or libFuzzer and ships
  // in no product (jellyfin's fuzz/ projects).
  { id: 'SharpFuzz', purpose: 'a fuzzing harness', source: 'https://www.nuget.org/packages/SharpFuzz' },
];

/**
 * Packages of build automation systems whose build is a console application of the repository: a project that
 * references one (and does not publish itself, as an extension of the build system does) is a build script. It runs
 * on a developer's machine or a CI agent, once per build, and ships in no product, so its findings are capped as test
 * code's are: blocking in a process that does one job and exits costs no one a thread, and a maintainer reading the
 * Problems panel for what reaches users has nothing there to act on. Cake's addins reference Cake.Core and ship to
 * Cake's users, so only the Frosting host, which a build project references, counts.
 */
export const BUILD_SCRIPT_PACKAGES: readonly TestSupportPackage[] = [
  // "A build project is a regular .NET console application" whose Build class derives from NukeBuild.
  { id: 'Nuke.Common', purpose: 'NUKE, a build automation system', source: 'https://nuke.build/docs/fundamentals/builds/' },
  { id: 'Nuke.Components', purpose: 'NUKE, a build automation system', source: 'https://www.nuget.org/packages/Nuke.Components' },
  // The hard fork that succeeds NUKE after its 10.x releases, with the same build project under new package names.
  { id: 'Fallout.Common', purpose: 'Fallout, the successor of NUKE', source: 'https://github.com/Fallout-build/Fallout' },
  { id: 'Fallout.Components', purpose: 'Fallout, the successor of NUKE', source: 'https://github.com/Fallout-build/Fallout' },
  // "Cake Frosting is a .NET host which allows you to write your build scripts as a console application."
  { id: 'Cake.Frosting', purpose: "Cake Frosting, Cake's host for a build script written as a console application", source: 'https://cakebuild.net/docs/running-builds/runners/cake-frosting' },
  // "A cross platform build and deployment automation system": its scripts are classes in a project of their own.
  { id: 'FlubuCore', purpose: 'FlubuCore, a build and deployment automation system', source: 'https://github.com/dotnetcore/FlubuCore' },
];

export interface TestAttribute {
  name: string;
  framework: string;
  source: string;
}

/** Attributes (as written, without the `Attribute` suffix) that mark test methods and test classes. */
export const TEST_ATTRIBUTES: readonly TestAttribute[] = [
  { name: 'Fact', framework: 'xUnit.net', source: 'https://xunit.net/docs/getting-started/v3/cmdline' },
  { name: 'Theory', framework: 'xUnit.net', source: 'https://xunit.net/docs/getting-started/v3/cmdline' },
  { name: 'Test', framework: 'NUnit, TUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/test.html' },
  { name: 'TestCase', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/testcase.html' },
  { name: 'TestCaseSource', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/testcasesource.html' },
  { name: 'TestFixture', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/testfixture.html' },
  { name: 'TestFixtureSource', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/testfixturesource.html' },
  { name: 'SetUp', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/setup.html' },
  { name: 'OneTimeSetUp', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/onetimesetup.html' },
  { name: 'TestMethod', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'DataTestMethod', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'TestClass', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'TestInitialize', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
];

const ATTRIBUTE_NAMES = new Set(TEST_ATTRIBUTES.map((a) => a.name));

/**
 * Attributes (as written, without the `Attribute` suffix) of methods a test or benchmark harness calls: the tests
 * themselves and the set-up and clean-up around them. Their signatures are the harness's to read (a test returns
 * `Task` or `void`, a benchmark returns what it measures), and each runs once per test or per measurement, so
 * advice about what a call of them costs (cache the task, return `ValueTask<T>`) has no caller to serve.
 */
export const HARNESS_METHOD_ATTRIBUTES: readonly TestAttribute[] = [
  ...TEST_ATTRIBUTES.filter((a) => !['TestFixture', 'TestFixtureSource', 'TestClass'].includes(a.name)),
  { name: 'TearDown', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/teardown.html' },
  { name: 'OneTimeTearDown', framework: 'NUnit', source: 'https://docs.nunit.org/articles/nunit/writing-tests/attributes/onetimeteardown.html' },
  { name: 'TestCleanup', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'ClassInitialize', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'ClassCleanup', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'AssemblyInitialize', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'AssemblyCleanup', framework: 'MSTest', source: 'https://learn.microsoft.com/dotnet/core/testing/unit-testing-mstest-writing-tests-attributes' },
  { name: 'Benchmark', framework: 'BenchmarkDotNet', source: 'https://benchmarkdotnet.org/articles/guides/getting-started.html' },
  { name: 'GlobalSetup', framework: 'BenchmarkDotNet', source: 'https://benchmarkdotnet.org/articles/features/setup-and-cleanup.html' },
  { name: 'GlobalCleanup', framework: 'BenchmarkDotNet', source: 'https://benchmarkdotnet.org/articles/features/setup-and-cleanup.html' },
  { name: 'IterationSetup', framework: 'BenchmarkDotNet', source: 'https://benchmarkdotnet.org/articles/features/setup-and-cleanup.html' },
  { name: 'IterationCleanup', framework: 'BenchmarkDotNet', source: 'https://benchmarkdotnet.org/articles/features/setup-and-cleanup.html' },
  { name: 'PerfBenchmark', framework: 'NBench', source: 'https://github.com/petabridge/NBench#readme' },
  { name: 'PerfSetup', framework: 'NBench', source: 'https://github.com/petabridge/NBench#readme' },
  { name: 'PerfCleanup', framework: 'NBench', source: 'https://github.com/petabridge/NBench#readme' },
];

/**
 * Interfaces whose methods a test harness calls once per test class instance (or fixture) by contract, without an
 * attribute: xUnit's IAsyncLifetime, whose InitializeAsync sets a test class or fixture up and DisposeAsync tears it down.
 */
export const HARNESS_INTERFACE_METHODS: readonly { interface: string; methods: readonly string[]; framework: string; source: string }[] = [
  { interface: 'IAsyncLifetime', methods: ['InitializeAsync', 'DisposeAsync'], framework: 'xUnit.net', source: 'https://xunit.net/docs/shared-context' },
];

const HARNESS_METHOD_NAMES = new Set(HARNESS_METHOD_ATTRIBUTES.map((a) => a.name));

/** An attribute as written (`Xunit.Fact`, `TestMethod()`, `global::NUnit.Framework.TestAttribute`) reduced to its name: `Fact`. */
export function attributeName(written: string): string {
  return /^\s*(?:global::)?(?:[\w]+\.)*(\w+)/.exec(written)?.[1]?.replace(/Attribute$/, '') ?? '';
}

/**
 * The harness attribute that makes a method one a test or benchmark harness calls (HARNESS_METHOD_ATTRIBUTES), or
 * null. Custom xUnit attributes derived from Fact or Theory count by name (`SkippableFact`, `RetryTheory`), as for
 * test files.
 */
export function harnessAttributeOf(attributes: readonly string[]): string | null {
  for (const written of attributes) {
    const name = attributeName(written);
    if (HARNESS_METHOD_NAMES.has(name) || /(Fact|Theory)$/.test(name)) return name;
  }
  return null;
}

/**
 * Whether a file's model declares a test method: a method carrying a test attribute (TEST_ATTRIBUTES, or a custom
 * xUnit attribute whose name ends in Fact or Theory). The attribute half of testCodeVerdict, read from the model alone,
 * for a rule that weighs what another file of the workspace does (the index keeps models, not texts or projects).
 */
export function declaresTestMethods(model: Pick<FileModel, 'bodies'>): boolean {
  return model.bodies.some((body) => body.attributes.some((a) => {
    const name = attributeName(a);
    return ATTRIBUTE_NAMES.has(name) || /(Fact|Theory)$/.test(name);
  }));
}

export interface TestCodeVerdict {
  testCode: boolean;
  /** Why, for reports: "the project references xunit", "[Fact] on ParsesAsync". */
  reason: string | null;
}

/**
 * Whether a project is a test project, and why. An explicit IsTestProject=false overrides the package references:
 * the project says it is not one (a test helper library, documentation snippets that use Assert), and the project
 * list and the findings' test-code verdicts must agree on that.
 */
export function testProjectReason(project: ProjectModel | null): string | null {
  return testProjectEvidence(project)?.reason ?? null;
}

interface TestProjectEvidence {
  reason: string;
  /**
   * The only sign is a package reference a library that ships with the product may hold too: a package only tests use
   * (TEST_SUPPORT_PACKAGES), or a test framework without the test SDK that makes a project one `dotnet test` runs.
   */
  packageOnly: boolean;
  /** The one sign is a package only tests use (a mocking or assertion library), not a test framework. */
  supportPackageOnly?: boolean;
}

/** The package whose build props set IsTestProject (TEST_PACKAGES cites them): a project with it is one `dotnet test` runs. */
const TEST_SDK_PACKAGE = 'microsoft.net.test.sdk';

function testProjectEvidence(project: ProjectModel | null): TestProjectEvidence | null {
  if (!project || project.isTestProject === false) return null;
  const sure = (reason: string): TestProjectEvidence => ({ reason, packageOnly: false });
  if (project.isTestProject === true) return sure(`${project.name} sets IsTestProject`);
  if (project.sdks.some((s) => s.split('/')[0].toLowerCase() === 'mstest.sdk')) return sure(`${project.name} uses MSTest.Sdk`);
  const framework = referencedPackage(project, TEST_PACKAGES);
  if (framework) {
    // A test framework alone may be the reference of a product library that ships test base classes to its users
    // (a game's library giving ruleset authors its NUnit test scenes); with the test SDK the project is a test run.
    const runnable = project.packageReferences.some((r) => r.id.toLowerCase() === TEST_SDK_PACKAGE);
    return { reason: `${project.name} references ${framework.id} (${framework.framework})`, packageOnly: !runnable };
  }
  // A harness says what the project is whatever helper packages it also takes (a benchmark that mocks with
  // NSubstitute), so it goes before them.
  const harness = referencedPackage(project, BENCHMARK_PACKAGES);
  if (harness) return sure(`${project.name} references ${harness.id} (${harness.purpose}), ${harness.purpose === 'a fuzzing harness' ? 'a fuzzing project' : 'a benchmark project'}`);
  const support = referencedPackage(project, TEST_SUPPORT_PACKAGES);
  if (support) return { reason: `${project.name} references ${support.id} (${support.purpose}), a test helper library`, packageOnly: true, supportPackageOnly: true };
  // The Arcade SDK (Microsoft.DotNet.Arcade.Sdk, which a repository's Directory.Build.props imports) tells test projects
  // by name, sets IsTestProject for them and adds its test runner's packages (xUnit by default): "projects ending with
  // `.PerformanceTests` are performance tests, projects ending with `.IntegrationTests` are integration tests, and
  // projects ending with either `.UnitTests` or `.Tests` are unit test projects" (dotnet/arcade
  // Documentation/ArcadeSdk.md, "Test Support"; src/Microsoft.DotNet.Arcade.Sdk/tools/Tests.props).
  const arcadeSuffix = ARCADE_TEST_SUFFIX.exec(project.name)?.[0];
  if (arcadeSuffix && project.sdks.some((s) => s.split('/')[0].toLowerCase() === 'microsoft.dotnet.arcade.sdk')) {
    return sure(`${project.name} is a test project of the Arcade SDK (its name ends in ${arcadeSuffix})`);
  }
  return null;
}

/**
 * Why a project is test code, or null: a test project (testProjectReason), or test support code though it is no test
 * project itself. Test support either sits in the workspace's test folder (a folder named `test` or `tests`, or a
 * benchmark folder, `benchmark` or `benchmarks`, between a workspace root and the project: test apps, grains, fakes,
 * benchmarks, by the convention of .NET repositories that keep `src/` and `test/` apart), or it is a class library that
 * only test code references (helpers the test projects share, wherever they sit): every project of the workspace that
 * references it (`referencersOf` gives those that reference one directly) is a test project or such a project itself,
 * and its name says test support (Test, Fake or Mock in it). A project published as a package by its own file is never one by its
 * references (its users are elsewhere: a library and its tests may be all a repository holds), but a class library named
 * as a test kit is one, published or not, when no production code references it (testKitReason). By references alone an application is never
 * one (an integration test references the web app it hosts), nor a library nothing references. A project whose only
 * sign of tests is a package tests use (an assertion or mocking library, not a test framework) is no test code when its
 * name does not say test support and a project that is not test code references it: the product ships it.
 *
 * Code that does not ship counts too: a build script, a project beside one in its build folder, a sample (in a
 * `samples`, `examples`, `playground` or `demos` folder or a top-level `sandbox` folder, or with a Samples or Examples word ending a segment of its name, sampleNameReason;
 * or a documentation site named after a published package of the workspace that it references, documentationSiteReason)
 * or the repository's tooling (in a top-level `tools` folder) that neither publishes itself nor is referenced by
 * production code (nonShippedReason), an application that references a test project (testToolReason), an unpacked application
 * that nothing references and whose name says test support, or one that publishes nothing and has a Tests segment in its
 * name (testAppReason), and an application that nothing references
 * and whose name says it generates code, which is no .NET tool (generatorAppReason).
 */
export function testCodeReason(
  project: ProjectModel,
  referencersOf: (p: ProjectModel) => readonly ProjectModel[],
  testFolderOf: (p: ProjectModel) => NonShippedFolder | null = () => null,
  workspace: NonShippedWorkspace = {},
): string | null {
  const projectsUnder = workspace.projectsUnder ?? (() => []);
  const referencesOf = workspace.referencesOf ?? (() => []);
  const verdicts = new Map<string, string | null>();
  const reasonOf = (p: ProjectModel): string | null => {
    const known = verdicts.get(p.path);
    if (known !== undefined) return known;
    // A cycle of references (never valid in a build) reads as not test code.
    verdicts.set(p.path, null);
    const evidence = testProjectEvidence(p);
    // A package only tests use, or a test framework without the test SDK, says test helper library, unless nothing in
    // the project's name says test support and production code references it: then it ships with the product, and the
    // package is a stray reference (an assertion package left in a common library) or serves the test base classes
    // the library ships to its users (a game's library whose NUnit test scenes ruleset authors derive from; no test
    // project is referenced by an application). A test kit that other kits build on (`Acme.TestKit` under
    // `Acme.Cluster.TestKit`) or that a manual test app references keeps its verdict by its name.
    // A desktop application is no test helper library: one that references a mocking or assertion library and no
    // test framework ships it (StabilityMatrix's Avalonia app builds its design-time view models with NSubstitute),
    // so it is test code only by a sign of its own (its name, its folder, a test project it references). A web or
    // console application with such a package is left to it: that is how a test host or a test tool looks
    // (wolverine's WolverineWebApi, which its HTTP tests start, asserts with Shouldly).
    const strayPackage = evidence?.packageOnly === true && !TEST_SUPPORT_NAME.test(p.name)
      && (referencedByProductionCode(p) || (evidence.supportPackageOnly === true && isDesktopApplication(p)));
    const own = evidence && !strayPackage ? evidence.reason : null;
    const reason = own ?? supportReason(p);
    verdicts.set(p.path, reason);
    return reason;
  };
  const referencedByProductionCode = (p: ProjectModel): boolean => referencersOf(p).some((r) => reasonOf(r) === null);
  const supportReason = (p: ProjectModel): string | null => {
    const script = buildScriptReason(p);
    if (script) return script;
    const unbuildable = (workspace.exists ? missingReferencesReason(p, workspace.exists) : null) ?? incompatibleReferencesReason(p, referencesOf(p));
    if (unbuildable) return unbuildable;
    // IsTestProject false does not stop it: a shared helper library that references a test framework sets it so that
    // `dotnet test` does not run it, which says it is no test project, not that it is no test code.
    const folder = testFolderOf(p);
    const inFolder = folder ? nonShippedReason(p, folder, referencedByProductionCode, projectsUnder) : undefined;
    if (inFolder !== undefined) return inFolder;
    const sample = sampleNameReason(p, referencedByProductionCode) ?? documentationSiteReason(p, referencesOf(p), referencedByProductionCode);
    if (sample) return sample;
    const tool = testToolReason(p, referencesOf(p)) ?? testAppReason(p, referencersOf(p)) ?? generatorAppReason(p, referencersOf(p));
    if (tool) return tool;
    const kit = testKitReason(p, referencedByProductionCode);
    if (kit) return kit;
    // Package properties that a shared props file gives every project (Directory.Build.props setting the license and
    // authors of the repository) publish nothing by themselves: a library named for tests that only tests reference
    // is their helper whatever it inherits (Marten's `Marten.Testing.OtherAssembly`, "Dummy project for test scenario").
    if (publishedByItsOwnFile(p)) return null;
    // By references alone only a library whose name says what it is for: a product library and its tests may be all
    // a repository holds, the library then referenced by nothing else and published from elsewhere.
    if (isApplicationProject(p) || !TEST_SUPPORT_NAME.test(p.name)) return null;
    const referencers = referencersOf(p);
    if (referencers.length === 0 || !referencers.every((r) => reasonOf(r) !== null)) return null;
    const names = referencers.map((r) => r.name).sort();
    return `${p.name} is a class library only test code references (${firstNames(names)})${inheritedMetadataNote(p)}`;
  };
  return reasonOf(project);
}

/**
 * Why a class library is a test kit by its name, or null: a segment of its name is TestKit (`Acme.Remote.TestKit`,
 * `Acme.TestKit.Xunit2`), or its last segment is Testing, TestHelpers, TestFramework, TestUtils or TestUtilities
 * (`Acme.Testing`), and no production code references it. Published or not, such a library is made for tests, the
 * repository's and its users': its code runs inside test runs (probes that wait for messages, fakes, a test conductor),
 * where blocking a thread starves no server, and a kit's synchronous API over its asynchronous one blocks by design
 * (`ExpectNext()` over `ExpectNextAsync()`). Before this, a kit that references an assertion package
 * (`Acme.TestKit`) was test code and the kits built on it without one (`Acme.Remote.TestKit`) were production code.
 * Only the last segment for the other words: `Acme.Testing.Platform` is a test platform's product.
 */
export function testKitReason(project: ProjectModel, referencedByProductionCode: (p: ProjectModel) => boolean): string | null {
  if (isApplicationProject(project)) return null;
  const segments = project.name.split('.');
  const word = segments.find((s) => TEST_KIT_SEGMENT.test(s)) ?? (TEST_KIT_LAST_SEGMENT.test(segments[segments.length - 1]) ? segments[segments.length - 1] : undefined);
  if (!word || referencedByProductionCode(project)) return null;
  const published = isPublished(project) ? 'published for the tests of its users and ' : '';
  return `${project.name} is a test kit by its name (${word}), ${published}referenced by no production code: its code runs in test runs`;
}

/** A segment of a project's name that says test kit wherever it stands (case-sensitive, whole). */
const TEST_KIT_SEGMENT = /^TestKits?$/;

/** A last segment of a project's name that says a library for tests (case-sensitive, whole: not `Acme.Contesting`). */
const TEST_KIT_LAST_SEGMENT = /^(?:Testing|TestHelpers|TestFramework|TestUtils|TestUtilities)$/;

/**
 * Why a project is a build script, or null: it references a build automation system's package (BUILD_SCRIPT_PACKAGES)
 * and does not publish itself by its own project file (an extension of that build system, which its users reference,
 * ships).
 */
export function buildScriptReason(project: ProjectModel): string | null {
  const system = referencedPackage(project, BUILD_SCRIPT_PACKAGES);
  if (!system || publishedByItsOwnFile(project)) return null;
  return `${project.name} is a build script: it references ${system.id} (${system.purpose})`;
}

/** What testCodeReason may ask of the workspace beyond the projects that reference one. */
export interface NonShippedWorkspace {
  /** The projects in a folder (an absolute path without a trailing slash) and below it. */
  projectsUnder?: (folder: string) => readonly ProjectModel[];
  /** The projects a project references directly. */
  referencesOf?: (p: ProjectModel) => readonly ProjectModel[];
  /** Whether a project file a ProjectReference names exists; without it, every referenced file is taken to exist. */
  exists?: (projectFile: string) => boolean;
}

/**
 * Why a project that cannot build is code that does not ship, or null: it references other projects, and not one of
 * the files its ProjectReferences name exists (an experiment left behind when the libraries it was written against
 * moved to another folder). A build of it fails before it compiles, so nothing it holds reaches a user. A project
 * that publishes itself by its own file (MailKit's PackageId, beside a .nuspec) is a product whatever this checkout
 * lacks: its references may lie in a git submodule not checked out, which the caller's `exists` answers for.
 */
export function missingReferencesReason(project: ProjectModel, exists: (projectFile: string) => boolean): string | null {
  const references = [...new Set(project.projectReferences)];
  if (references.length === 0 || publishedByItsOwnFile(project) || references.some(exists)) return null;
  const names = references.map((r) => r.split(/[\\/]/).pop()!).join(', ');
  const what = references.length === 1 ? 'the project it references does not exist' : `none of the ${references.length} projects it references exists`;
  return `${project.name} cannot build: ${what} (${names})`;
}

/**
 * Why a project cannot build because a project it references has no target it can use, or null: for every target
 * framework of its own, some referenced project targets only frameworks that one cannot consume (a net7.0 application
 * over a core library moved to net9.0: restore fails with NU1201, "Project Core is not compatible with net7.0").
 * Such a project is left behind by the rest of the repository (StabilityMatrix's WPF application after its Avalonia
 * successor moved the shared libraries on), so nothing it holds reaches a user, and it hosts nothing. Targets this
 * module cannot read (frameworks.ts parseTargetFramework) are taken to be compatible.
 */
export function incompatibleReferencesReason(project: ProjectModel, references: readonly ProjectModel[]): string | null {
  const own = project.targetFrameworks;
  if (own.length === 0 || references.length === 0 || !evaluatedWithoutGuesses(project) || isAspireAppHost(project)) return null;
  const unusable = (target: string, reference: ProjectModel) => evaluatedWithoutGuesses(reference)
    && reference.targetFrameworks.length > 0 && reference.targetFrameworks.every((candidate) => isTargetFrameworkCompatible(target, candidate) === false);
  const blockers = own.map((target) => references.find((r) => unusable(target, r)) ?? null);
  if (blockers.some((b) => b === null)) return null;
  const first = blockers[0]!;
  const which = own.length === 1 ? `it targets ${own[0]}, which cannot use` : `none of its targets (${own.join(', ')}) can use`;
  return `${project.name} cannot build: ${which} ${first.name} (${first.targetFrameworks.join(', ')})`;
}

/**
 * Whether the project's properties were all read from its files: a property the evaluation took as empty because no
 * file sets it (an environment variable could) or a condition it could not evaluate may be what picks its targets
 * (NuGet.Client's `$(IsVsixBuild)` chooses between a tasks library's .NET Framework and .NET targets), so a verdict
 * that its targets cannot meet is not drawn from such a project.
 */
function evaluatedWithoutGuesses(project: ProjectModel): boolean {
  return project.notes.every((note) => note.kind !== 'environment' && note.kind !== 'condition');
}

/**
 * An Aspire app host: its SDK makes every ProjectReference a resource it starts (IsAspireProjectResource, with
 * ReferenceOutputAssembly false: learn.microsoft.com/dotnet/aspire/fundamentals/app-host-overview), not an assembly it
 * compiles against, so a referenced service may target a newer .NET than the host.
 */
function isAspireAppHost(project: ProjectModel): boolean {
  return project.sdks.some((s) => s.split('/')[0].toLowerCase() === 'aspire.apphost.sdk')
    || project.packageReferences.some((p) => p.id.toLowerCase() === 'aspire.hosting.apphost');
}

/**
 * Why an application is a tool of the tests, or null: it references a test project (a test framework with the test
 * SDK, IsTestProject, a benchmark harness: testProjectEvidence, not a package alone), and it does not publish itself.
 * No product's process loads a test project, which brings its test framework along: such an application is a runner, a
 * load generator or a profiling harness built on the tests' fixtures (a command-line runner of a test project's
 * scenarios, a memory checker over the test types). Only the test project's own evidence is read, not the verdict
 * of a project that may in turn depend on this one, so the answer does not depend on the order projects are asked in.
 */
export function testToolReason(project: ProjectModel, references: readonly ProjectModel[]): string | null {
  if (!isApplicationProject(project) || publishedByItsOwnFile(project)) return null;
  const tests = references.filter((r) => {
    const evidence = testProjectEvidence(r);
    return evidence !== null && !evidence.packageOnly;
  }).map((r) => r.name).sort();
  if (tests.length === 0) return null;
  return `${project.name} is an application that references the test project${tests.length > 1 ? 's' : ''} ${firstNames(tests)}: a tool of the tests, which ships in no product`;
}

/**
 * Why an application is a test tool by what it says of itself, or null: its name says test support (Test, Fake or
 * Mock in it: `Acme.TestClient`, `Acme.ScaleTesting`), it sets IsPackable false, and no project references it. A load
 * generator or scale-test console drives the product from outside, through its public API, so neither its package
 * references nor its project references tell it from the product's own server; the name alone would take a product
 * called `Acme.TestFlight` or a published test adapter, so the project must also say it is no package and be nothing
 * else's part. Over 41 repositories this takes six console tools and no product (test/real-world/README.md). An
 * application that does not set IsPackable false is one when a whole segment of its name is Tests (testsSegmentAppReason).
 */
export function testAppReason(project: ProjectModel, referencers: readonly ProjectModel[]): string | null {
  if (!isApplicationProject(project) || referencers.length > 0) return null;
  if (project.isPackable !== false) return testsSegmentAppReason(project);
  const word = TEST_SUPPORT_NAME.exec(project.name)?.[0];
  return word ? `${project.name} is an application for tests by its name (${word}), not packed (IsPackable false) and referenced by no project` : null;
}

/**
 * Why an application named as a part of a test suite is one, or null: a whole segment of its name before the last is
 * Tests (`Acme.Tests.DumpIO`, `Acme.Tests.SingleFileDeployment`), nothing references it and it publishes nothing (no
 * package property of its own file, no .nuspec, no PackAsTool). Such a console application is a child process the
 * tests start and watch (one that writes to its standard output, one published as a single file to check that the
 * library loads there), kept beside the test project under its namespace. A whole segment says what a substring
 * cannot (`Acme.TestFlight` is a product), and a product's application is not named under its tests' namespace.
 */
function testsSegmentAppReason(project: ProjectModel): string | null {
  if (project.packAsTool || publishedByItsOwnFile(project)) return null;
  if (!project.name.split('.').slice(0, -1).includes('Tests')) return null;
  return `${project.name} is an application named as a part of the tests (a Tests segment in its name), not published and referenced by no project`;
}

/**
 * Why an application is the repository's code generator by its name, or null: the last segment of its name is
 * Generator, Generators, CodeGen or CodeGenerator (`Acme.Generators`, `Acme.CodeGen`), it is no .NET tool (PackAsTool)
 * and no .nuspec packs it, and no project references it. Such a console application is run by the maintainers
 * (`dotnet run --project Acme.Generators`) to write source files of the repository's own libraries, which ship in its
 * place; a code generator made for users ships as a .NET tool or as a library (a Roslyn source generator is a class
 * library, never judged here). A PackageId or other package properties do not make it a package: an application packed
 * without PackAsTool gives a package nothing can run, and a generator's project file often copies them from the
 * library beside it. Over the 24 trees of the real-world runs two applications have such a name, both generators of
 * their repository's code (test/real-world/README.md, thirty-second session).
 */
export function generatorAppReason(project: ProjectModel, referencers: readonly ProjectModel[]): string | null {
  if (!isApplicationProject(project) || project.packAsTool || project.packingNuspec || referencers.length > 0) return null;
  const last = project.name.split('.').pop() ?? '';
  if (!CODE_GENERATOR_LAST_SEGMENT.test(last)) return null;
  return `${project.name} is a code generator by its name (${last}): an application that is no .NET tool and that no project references, run by the repository's maintainers to write its code`;
}

/** A last segment of a project's name that says code generator (case-sensitive, whole: not `Acme.PasswordGenerator`). */
const CODE_GENERATOR_LAST_SEGMENT = /^(?:Generators?|CodeGen|CodeGenerators?)$/;

/**
 * Why a project in a folder of code that does not ship (nonShippedFolderBelow) is test code; null when it is not
 * (it publishes itself, or production code references a sample or a build helper: the product ships it; a project in
 * a `testdata` folder is test data whatever its file says); undefined
 * when the folder says nothing of it (a `build` folder that holds no build script: a product may keep real code there).
 *
 * A sample counts as test code though it may be the product's documentation: it runs when a reader runs it, in a
 * console or a demo host, and no user's process runs it; its findings stay listed, at the test code severity, for the
 * maintainer who wants the samples to show the right way. A build script's helpers beside it run in the build.
 */
export function nonShippedReason(
  project: ProjectModel,
  folder: NonShippedFolder,
  referencedByProductionCode: (p: ProjectModel) => boolean,
  projectsUnder: (folder: string) => readonly ProjectModel[],
): string | null | undefined {
  const inherited = inheritedMetadataNote(project);
  if (folder.kind === 'testdata') return `${project.name} is in the test data folder ${folder.folder}: the input or expected output of a test, which ships in no product`;
  if (publishesItselfFrom(project, folder)) return folder.kind === 'build' ? undefined : null;
  // An application of a samples or tools folder may name a package in its own file and still be no package.
  const descriptive = isPublished(project) && project.packageMetadataFile === project.path ? ` (its ${project.packageMetadata} packs no application)` : inherited;
  if (folder.kind === 'test' || folder.kind === 'benchmark') return `${project.name} is in the ${folder.kind} folder ${folder.folder} and not published${inherited}`;
  if (folder.kind === 'samples') return referencedByProductionCode(project) ? null : `${project.name} is in the ${samplesFolderWord(folder.folder)} folder ${folder.folder} and not published${descriptive}`;
  if (folder.kind === 'tools') {
    return referencedByProductionCode(project) ? null : `${project.name} is in the repository's tools folder ${folder.folder}, not published${descriptive} and referenced by no production code: tooling of the repository`;
  }
  const script = projectsUnder(folder.path).find((q) => q.path !== project.path && buildScriptReason(q) !== null);
  if (!script) return undefined;
  return referencedByProductionCode(project) ? null : `${project.name} is in the build folder ${folder.folder} beside the build script ${script.name} and not published${inherited}`;
}

/**
 * Whether a project in a folder of code that does not ship says that it is published: in the tools folder when it is
 * packed on purpose (packedOnPurpose); in a samples folder, an application only when something packs it so that it
 * can run (applicationPackedOnPurpose), a library by a package property of its own file; elsewhere by a package
 * property of its own file (publishedByItsOwnFile). A sample console application's PackageId, Product or Description
 * is what Visual Studio's Package page, or a migration from the old project format, wrote into it: an application
 * packed without PackAsTool gives a package nothing can run, so such properties do not make a product of a sample
 * (SteamKit's numbered sample applications set a PackageId each, read in the thirty-seventh session).
 */
function publishesItselfFrom(project: ProjectModel, folder: NonShippedFolder): boolean {
  if (folder.kind === 'tools') return packedOnPurpose(project);
  if (folder.kind === 'samples' && isApplicationProject(project)) return applicationPackedOnPurpose(project);
  return publishedByItsOwnFile(project);
}

/** What notes call a folder of samples: `playground/` a playground, `sandbox/` a sandbox, `demos/` a demos folder, `docs/` a documentation folder, the rest samples. */
function samplesFolderWord(folder: string): string {
  if (/playgrounds?\/$/i.test(folder)) return 'playground';
  if (/sandbox(?:es)?\/$/i.test(folder)) return 'sandbox';
  if (/demos?\/$/i.test(folder)) return 'demos';
  if (/(?:docs?|documentation)\/$/i.test(folder)) return 'documentation';
  return 'samples';
}

/**
 * Why a project is a sample by its name, or null: a segment of its name is Samples, Sample, Examples or Example, or
 * ends with one of those words after a capitalised prefix (`Acme.Examples.Shipping`, `Acme.Net.Examples`,
 * `CSharpExamples` beside `VBExamples`, kept beside the libraries rather than in a samples folder), it does not publish
 * itself and no production code references it. The name says what a samples folder would; a library that only the
 * samples and tests reference is one of them (a sample's read side in a project of its own).
 */
export function sampleNameReason(project: ProjectModel, referencedByProductionCode: (p: ProjectModel) => boolean): string | null {
  const segment = project.name.split('.').find((s) => SAMPLE_NAME_SEGMENT.test(s));
  if (!segment || publishedByItsOwnFile(project) || referencedByProductionCode(project)) return null;
  return `${project.name} is a sample by its name (${segment}), not published and referenced by no production code${inheritedMetadataNote(project)}`;
}

/**
 * Why a project is the documentation site of a package of the workspace, or null: a segment of its name after the
 * first is Docs or Documentation, the segments before it name a project it references (directly or through others)
 * that is published as a package (`Acme.Docs` and `Acme.Docs.Server` over the package `Acme`), it does not publish
 * itself and no production code references it. Such a site hosts the package's documentation pages and the examples
 * they show and run (a component library's gallery, its web host, the generator of its API pages); the package ships
 * and the site does not, so its findings are capped as a sample's are. The name must extend a published package's
 * name: a product may call a feature or an application Docs (a document store's `Acme.Docs` service), and then no
 * package of the workspace carries the name in front of it. Over the real-world trees MudBlazor's docs site (six
 * projects under `src/`, beside the library) is the first of this kind (test/real-world/README.md, thirty-sixth session).
 */
export function documentationSiteReason(project: ProjectModel, references: readonly ProjectModel[], referencedByProductionCode: (p: ProjectModel) => boolean): string | null {
  const segments = project.name.split('.');
  const at = segments.findIndex((s, i) => i > 0 && DOCUMENTATION_SEGMENT.test(s));
  if (at === -1 || publishedByItsOwnFile(project)) return null;
  const documented = segments.slice(0, at).join('.');
  if (!references.some((r) => r.name === documented && isPublished(r)) || referencedByProductionCode(project)) return null;
  return `${project.name} belongs to the documentation of the package ${documented} by its name (${segments[at]}), not published and referenced by no production code`;
}

/** A segment of a project's name that says documentation (case-sensitive, whole: not `Acme.Dockets`). */
const DOCUMENTATION_SEGMENT = /^(?:Docs|Documentation)$/;

/**
 * A segment of a project's name that says sample: the word alone or as the last word of a PascalCase segment
 * (`CSharpExamples`, `ConsoleSample`: the language or host the samples are written for). Case-sensitive, so the word
 * must start a PascalCase word: not `ExampleGenerator` (a generator), not `Resamples` nor `Downsample` (one word).
 */
const SAMPLE_NAME_SEGMENT = /^(?:[A-Z][A-Za-z0-9]*)?(?:Samples?|Examples?)$/;

/**
 * ` (its PackageTags comes from Directory.Build.props)` for a project whose package properties a props file above it
 * gives, else empty: the repository gives its license and icon to every project it holds, which says nothing of this one.
 */
function inheritedMetadataNote(project: ProjectModel): string {
  return isPublished(project) && project.packageMetadataFile ? ` (its ${project.packageMetadata} comes from ${fileName(project.packageMetadataFile)})` : '';
}

/**
 * Why a file of a library that ships with the product is test code though its project is not, or null: the project's
 * only sign of tests is a package reference (a test framework without the test SDK, or a package only tests use) that
 * testCodeReason set aside because production code references the project, and the file sits in a `Tests` or `Test`
 * folder of it. That folder holds what the reference is for: the test base classes and test doubles the library ships
 * to its users (a game's library with its NUnit test scenes and fake multiplayer server, in `Tests/` beside the game's
 * code). Called only for a project testCodeReason gives no reason for.
 */
export function shippedTestFolderReason(project: ProjectModel, absFile: string): string | null {
  const evidence = testProjectEvidence(project);
  if (!evidence?.packageOnly) return null;
  const folder = testFolderInProject(project.directory, absFile);
  return folder ? `${folder} of ${project.name} holds the test code its reference is for (${evidence.reason})` : null;
}

/** The `Tests` or `Test` folder between a project's folder and a file in it (`Tests/`, `Game/Tests/`), or null. */
export function testFolderInProject(projectDirectory: string, absFile: string): string | null {
  const dir = projectDirectory.replace(/\\/g, '/').replace(/\/+$/, '');
  const file = absFile.replace(/\\/g, '/');
  if (!file.startsWith(`${dir}/`)) return null;
  const folders = file.slice(dir.length + 1).split('/').slice(0, -1);
  const at = folders.findIndex((s) => /^tests?$/i.test(s));
  return at === -1 ? null : `${folders.slice(0, at + 1).join('/')}/`;
}

/** What a folder of code that does not ship holds, by its name. */
export type NonShippedKind = 'test' | 'testdata' | 'benchmark' | 'samples' | 'build' | 'tools';

export interface NonShippedFolder {
  /** The folder below the workspace root, as written in reasons: `tests/`, `src/benchmark/`. */
  folder: string;
  /** The folder's absolute path, without a trailing slash. */
  path: string;
  kind: NonShippedKind;
}

/**
 * Folder names of code that does not ship, by the convention of .NET repositories that keep `src/` apart from them.
 * A `build` folder counts only when it holds a build script (nonShippedReason): it is also a common name for code of
 * the product that builds something (a page builder, a query builder).
 */
const NON_SHIPPED_FOLDERS: readonly { name: RegExp; kind: NonShippedKind; topLevelOnly?: true }[] = [
  { name: /^tests?$/i, kind: 'test' },
  // ASP.NET Core's repositories keep the applications their functional tests start (a test server, a test client, a
  // benchmark app) in a `testassets` folder beside `test/` (YARP's testassets/, aspnetcore's src/*/testassets/,
  // https://github.com/dotnet/aspnetcore/tree/main/src/Hosting/test/testassets); they ship in no product.
  { name: /^test-?assets$/i, kind: 'test' },
  // Repositories whose test harness is not .NET keep the programs their integration tests deploy in a folder of that
  // name beside the SDK (Pulumi's .NET SDK has integration_tests/, whose Go tests run each program with the CLI); the
  // programs are console applications with no test package, which ship in no product.
  { name: /^integration[-_]?tests?$/i, kind: 'test' },
  // Go's toolchain ignores a `testdata` folder, where its tests keep their inputs and expected outputs
  // (https://pkg.go.dev/cmd/go#hdr-Test_packages): a language host written in Go keeps there the C# programs it runs
  // and the packages its code generator must produce (Pulumi's pulumi-language-dotnet/testdata/sdks/, each a
  // GeneratePackageOnBuild library). Such a project is test data even when its file says it packs.
  { name: /^testdata$/i, kind: 'testdata' },
  { name: /^benchmarks?$/i, kind: 'benchmark' },
  // A playground holds apps the maintainers run to try the product by hand (aspire's and garnet's playground/).
  // A demos folder holds apps that show the product at work, as a samples folder does (a PDF export demo).
  { name: /^(?:samples?|examples?|playgrounds?|demos?)$/i, kind: 'samples' },
  // A sandbox holds the console and web apps the maintainers run by hand against the library and their micro
  // benchmarks, as a playground does: the layout of Cysharp's repositories (MessagePack-CSharp, ZLogger)
  // and of nats.net, whose client began as Cysharp's AlterNats (its sandbox/ConsoleApp and sandbox/MinimumWebApp). Only at the top:
  // deeper, a Sandbox folder may be a product's feature (an isolated runner of user scripts).
  { name: /^sandbox(?:es)?$/i, kind: 'samples', topLevelOnly: true },
  // A documentation folder at the top holds the snippets its pages show, built as projects of their own
  // (OpenTelemetry .NET's docs/ has 27) or a placeholder project for an editor (Dapper's docs.csproj). Only at the top:
  // deeper, `Docs` may be a product's feature (a document store's `src/Docs`).
  { name: /^(?:docs?|documentation)$/i, kind: 'samples', topLevelOnly: true },
  // The repository's own tooling (a packager, a code generator for its tests, a hand-run API client) sits in a
  // `tools` folder beside `src/`. Only at the top: deeper, `Tools` is as often a product feature's folder (a password
  // manager's `src/Core/Tools` holds its Send and generator features), which ships.
  { name: /^tools$/i, kind: 'tools', topLevelOnly: true },
  { name: /^build$/i, kind: 'build' },
];

/**
 * The folder of code that does not ship between one of the workspace roots and a project's folder, the one nearest
 * the root (a tools folder only right below the root), a build folder only when no other is there (`test/`, `tests/Grains/` gives `tests/`;
 * `src/benchmark/PingPong/` gives `src/benchmark/`; `samples/Chat/` gives `samples/`), or null. Only the folders below
 * a root count: the repository's own checkout may sit anywhere. A benchmark folder holds harnesses that block on
 * purpose to time their work (a load generator, a ping-pong between actors), whether or not they use BenchmarkDotNet.
 */
export function nonShippedFolderBelow(projectDirectory: string, roots: readonly string[]): NonShippedFolder | null {
  for (const { base, segments } of rootsHolding(projectDirectory.replace(/\/+$/, ''), roots)) {
    // A build folder is looked for last: it says something only when it holds a build script, and a test folder
    // below it (`build/tests/`) is one whatever it holds.
    for (const kinds of [NON_SHIPPED_FOLDERS.filter((f) => f.kind !== 'build'), NON_SHIPPED_FOLDERS.filter((f) => f.kind === 'build')]) {
      const fits = (f: (typeof kinds)[number], s: string, i: number) => f.name.test(s) && (!f.topLevelOnly || i === 0);
      const at = segments.findIndex((s, i) => kinds.some((f) => fits(f, s, i)));
      if (at === -1) continue;
      const folder = segments.slice(0, at + 1).join('/');
      return { folder: `${folder}/`, path: `${base}/${folder}`, kind: kinds.find((f) => fits(f, segments[at], at))!.kind };
    }
  }
  return null;
}

/** Each workspace root that holds `path` (a `/`-separated absolute path), without its trailing slash, with the names from it down to `path`. */
function rootsHolding(path: string, roots: readonly string[]): { base: string; segments: string[] }[] {
  const out: { base: string; segments: string[] }[] = [];
  for (const root of roots) {
    const base = root.replace(/\/+$/, '');
    if (path.startsWith(`${base}/`)) out.push({ base, segments: path.slice(base.length + 1).split('/') });
  }
  return out;
}

/** A project name that says test support: `Acme.TestKit`, `Acme.Testing`, `TestGrains`, `Acme.Fakes`, `Acme.Mocks` (case-sensitive: not `Latest`). */
const TEST_SUPPORT_NAME = /Test|Fake|Mock/;

/** A WinExe, or an application with a UI framework of its own (UseWPF, UseWindowsForms, UseMaui, UseWinUI). */
function isDesktopApplication(project: ProjectModel): boolean {
  return (project.outputType ?? '').toLowerCase() === 'winexe' || (!!project.uiFramework && isApplicationProject(project));
}

function isApplicationProject(project: ProjectModel): boolean {
  return hasApplicationOutputType(project);
}

/** Whether the project is published as a package: a package property (IsPackable true among them) or a .nuspec packs it. */
function isPublished(project: ProjectModel): boolean {
  return project.isPackable !== false && (!!project.packageMetadata || !!project.packingNuspec);
}

/**
 * Whether the project says so itself: a package property set in its own project file, or a .nuspec packs it. What a
 * shared props file sets (Directory.Build.props giving every project the repository's license, icon and URLs) reaches
 * the test apps and tools beside the packages too.
 */
function publishedByItsOwnFile(project: ProjectModel): boolean {
  return project.isPackable !== false && ((!!project.packageMetadata && project.packageMetadataFile === project.path) || !!project.packingNuspec);
}


/**
 * Whether a project of the repository's tools folder is packed on purpose: a .NET tool (PackAsTool), IsPackable true,
 * GeneratePackageOnBuild, a PackageId, or a .nuspec that packs it; a class library by any package property of its own
 * file too (publishedByItsOwnFile). An application's descriptive package properties (a project URL, authors, a
 * license), which Visual Studio's Package page writes into a desktop tool's project file, make no package of it.
 */
function packedOnPurpose(project: ProjectModel): boolean {
  if (project.isPackable === false) return false;
  if (!isApplicationProject(project)) return publishedByItsOwnFile(project);
  return applicationPackedOnPurpose(project) || !!project.packageId;
}

/**
 * Whether an application is packed so that its package can be used: a .NET tool (PackAsTool), IsPackable true,
 * GeneratePackageOnBuild, or a .nuspec that packs it. A PackageId alone is not enough outside the tools folder.
 */
function applicationPackedOnPurpose(project: ProjectModel): boolean {
  if (project.isPackable === false) return false;
  return !!project.packAsTool || project.isPackable === true || project.packageMetadata === 'GeneratePackageOnBuild' || !!project.packingNuspec;
}

/** The project names the Arcade SDK makes test projects (MSBuildProjectName.EndsWith, case-sensitive as MSBuild's is). */
const ARCADE_TEST_SUFFIX = /\.(?:UnitTests|Tests|IntegrationTests|PerformanceTests)$/;

/** The first of the project's package references (in its order) that the table lists, compared as NuGet does, without case. */
function referencedPackage<T extends { id: string }>(project: ProjectModel, table: readonly T[]): T | undefined {
  for (const ref of project.packageReferences) {
    const hit = table.find((p) => p.id.toLowerCase() === ref.id.toLowerCase());
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Why a file no project compiles is test code, or null: it sits in the folder of a project that is test code
 * (`aroundReason`, testCodeReason's verdict on it) and that project's Compile items leave it out. Such a file is the
 * test project's material (a generator test's input read as text, a sample kept out of the build), not code any
 * product ships.
 */
export function leftOutOfTestProjectReason(around: ProjectModel | null, aroundReason: string | null): string | null {
  return around && aroundReason ? `left out of the build of ${around.name}, which is test code (${aroundReason})` : null;
}

/**
 * Folder names under which a C# file that no project compiles is documentation or a sample: the snippets a docs site
 * includes by path (`docs/guides/getting_started/samples/first-bot/structure.cs`), an example kept as loose files. No
 * build reads such a file, so no product ships it, and the folder says what it is for. Checked only for files no
 * project compiles: a project under `docs/` is judged by its own evidence (nonShippedFolderBelow), and its files
 * are code of its build.
 */
const UNCOMPILED_SAMPLE_FOLDER = /^(?:docs?|documentation|samples?|examples?|playgrounds?)$/i;

/**
 * Folder names under which a C# file that no project compiles is test material: a test or benchmark folder, as
 * NON_SHIPPED_FOLDERS names them for projects. .NET 10's file-based apps (`dotnet run repro.cs`, with `#:package` and
 * `#:project` lines instead of a project file) are what such a folder holds loose: a repro of a bug against a test
 * server, a telemetry check (MySqlConnector's tests/SkipCrl and tests/Telemetry, read in the thirty-fifth session).
 */
const UNCOMPILED_TEST_FOLDER = /^(?:tests?|benchmarks?|integration[-_]?tests?|testdata)$/i;

/**
 * Folder names under which a C# file that no project compiles is a notebook's code: Jupyter and Polyglot notebooks
 * (.ipynb, .dib) run C# cells in .NET Interactive and pull loose helper files in with `#load` or `#!import`, a kernel
 * no build of the product runs. Semantic Kernel keeps dotnet/notebooks/config/Settings.cs and SkiaUtils.cs so, which
 * its notebooks import (microsoft/semantic-kernel at b39d95a, read in the forty-third session), and they were counted
 * as production code.
 */
const UNCOMPILED_NOTEBOOK_FOLDER = /^(?:notebooks?)$/i;

/**
 * Folder names right below a root under which a C# file that no project compiles is the repository's own tooling: a
 * `tools` folder, as NON_SHIPPED_FOLDERS names it for projects, and `.github`, where GitHub reads a repository's
 * workflows and agent skills (https://docs.github.com/actions/using-workflows). .NET 10's file-based apps are what
 * they hold loose: .NET Aspire's tools/scripts/DownloadFailingJobLogs.cs and a skill's script under .github/skills/,
 * each a `#!/usr/bin/env dotnet run` program a maintainer or an agent runs by hand. Only at the top: deeper, `Tools`
 * is as often a product feature's folder.
 */
const UNCOMPILED_TOOLING_FOLDER = /^(?:tools|\.github)$/i;

/**
 * Why a file that no project compiles, in a workspace whose projects were read, is test code by its folder, or null:
 * a docs, samples, examples, playground, notebooks, test or benchmark folder sits between a workspace root and the file (the one
 * nearest the root is named), or a tooling folder right below the root does (UNCOMPILED_TOOLING_FOLDER). A workspace
 * without any project says nothing by "no project compiles it" (every file is so), and its files stay production code.
 */
export function uncompiledSampleReason(absFile: string, roots: readonly string[], projectCount: number): string | null {
  if (projectCount === 0) return null;
  for (const { segments } of rootsHolding(absFile.replace(/\\/g, '/'), roots)) {
    const folders = segments.slice(0, -1);
    if (folders.length > 0 && UNCOMPILED_TOOLING_FOLDER.test(folders[0])) {
      return `no project compiles it, and it sits in the repository's tooling folder ${folders[0]}/: a script of the repository that ships in no product`;
    }
    const at = folders.findIndex((s) => UNCOMPILED_SAMPLE_FOLDER.test(s) || UNCOMPILED_TEST_FOLDER.test(s) || UNCOMPILED_NOTEBOOK_FOLDER.test(s));
    if (at === -1) continue;
    const folder = `${folders.slice(0, at + 1).join('/')}/`;
    if (UNCOMPILED_NOTEBOOK_FOLDER.test(folders[at])) return `no project compiles it, and it sits in the notebooks folder ${folder}: code a notebook loads, which ships in no product`;
    if (UNCOMPILED_TEST_FOLDER.test(folders[at])) return `no project compiles it, and it sits in the ${/^b/i.test(folders[at]) ? 'benchmark' : 'test'} folder ${folder}: test material that ships in no product`;
    return `no project compiles it, and it sits in the ${folders[at].toLowerCase().startsWith('doc') ? 'documentation' : 'samples'} folder ${folder}: a sample that ships in no product`;
  }
  return null;
}

/**
 * Whether a file is test code: its project is a test project (`projectReason`, which the project host extends with
 * test support libraries: ProjectHost.testCodeReasonOf), or one of its types or methods carries a test
 * attribute. Custom xUnit attributes derived from Fact/Theory are recognised by name (`SkippableFact`,
 * `RetryTheory`), since the base type is not visible without a compiler.
 */
export function testCodeVerdict(project: ProjectModel | null, text: string, model: FileModel, projectReason: string | null = testProjectReason(project)): TestCodeVerdict {
  // An explicit IsTestProject=false overrides the package references (testProjectReason), not the attributes.
  const reason = projectReason;
  if (reason) return { testCode: true, reason };
  const names = new Set(ATTRIBUTE_NAMES);
  for (const body of model.bodies) for (const a of body.attributes) {
    const name = attributeName(a);
    if (/(Fact|Theory)$/.test(name)) names.add(name);
  }
  const hit = spansWithAttribute(text, model, names)[0];
  return hit ? { testCode: true, reason: `[${hit.name}] on ${hit.owner}` } : { testCode: false, reason: null };
}
