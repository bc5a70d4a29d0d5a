/**
 * `asynclens projects [paths...]`: the C# projects AsyncLens finds and what it reads from them, without
 * analysing any code: each project's targets and the one analysed, the runtime profile "auto" picks, the
 * preprocessing symbols, test project or not, library code or not (ASY027, ASY030) and why, package references,
 * and every note (conditions it could not evaluate, imports it could not follow, malformed XML). What to look at
 * when a file is read for the wrong target or taken for library code it is not.
 */
import path from 'node:path';
import { RUNTIME_SETTINGS, type RuntimeSetting } from '../config/settings';
import { chooseRuntime } from '../project/runtime';
import { libraryCodeVerdict } from '../project/libraryCode';
import { linkingProjectsOf } from '../project/host/projects';
import { parseArgs, stringFlag } from './args';
import { projectFlag } from './check';
import { loadSources } from './files';
import { EXIT_OK, type CliIO } from './io';
import { TOOL_VERSION } from './version';

export const PROJECTS_HELP = `usage: asynclens projects [paths...] [options]

Lists the C# projects under the paths (or named by a .sln/.slnx/.csproj argument) as AsyncLens reads them,
without MSBuild: targets, the target analysed and why, the runtime profile, preprocessing symbols, test
projects, and every condition or import it could not evaluate.

options:
  --format text|json         output format (default text)
  --runtime PROFILE          auto (the default) or a profile, as for check and cost
  --target-framework TFM     the target of multi-targeting projects to analyse (default: the highest)
  --configuration NAME       build configuration for symbols (default Release)`;

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export async function runProjects(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ['format', 'runtime', 'target-framework', 'configuration'], ['help']);
  if (args.flags.has('help')) {
    io.out(PROJECTS_HELP + '\n');
    return EXIT_OK;
  }
  const format = stringFlag(args, 'format', 'text', ['text', 'json']);
  const runtime = stringFlag(args, 'runtime', 'auto', RUNTIME_SETTINGS) as RuntimeSetting;
  const configuration = projectFlag(args.flags.get('configuration'), 'Release', /^[A-Za-z][\w .-]*$/, '--configuration needs a configuration name like Release or Debug');
  const targetFramework = projectFlag(args.flags.get('target-framework'), '', /^[A-Za-z][A-Za-z0-9.-]*$/, '--target-framework needs a target framework moniker like net8.0') || null;
  const loaded = loadSources(args.positionals, io, { runtime, configuration, targetFramework });
  const display = (file: string) => {
    const rel = path.relative(io.cwd, file);
    return (rel && !rel.startsWith('..') ? rel : file).split(path.sep).join('/');
  };
  const owned = new Map<string, number>();
  for (const [, ctx] of loaded.contexts) if (ctx.project) owned.set(ctx.project.path, (owned.get(ctx.project.path) ?? 0) + 1);
  // Files a project compiles from another project's folder (`<Compile Include="..\Acme\Client.cs" />`), counted for
  // the project that links them in; and the files of a project that is no library code which a published library
  // links in, with the verdict each file's check reads (project/libraryCode.ts linkedLibraryVerdict).
  const linkedIn = new Map<string, number>();
  const linkedLibrary = new Map<string, { files: number; reason: string }>();
  for (const [file, ctx] of loaded.contexts) {
    const owner = ctx.project;
    const abs = loaded.absolute.get(file);
    if (!owner || !abs) continue;
    for (const linker of ctx.compiledBy.filter((p) => p !== owner.path)) linkedIn.set(linker, (linkedIn.get(linker) ?? 0) + 1);
    if (ctx.compiledBy.length < 2 || loaded.host.testCodeReasonOf(owner)) continue;
    const verdict = libraryCodeVerdict(owner, 'auto', null, loaded.host.referencedProjects(owner), loaded.host.hostingApplications(owner), linkingProjectsOf(loaded.host, abs, owner));
    if (!verdict?.isLibrary || libraryCodeVerdict(owner, 'auto', null, loaded.host.referencedProjects(owner))?.isLibrary) continue;
    linkedLibrary.set(owner.path, { files: (linkedLibrary.get(owner.path)?.files ?? 0) + 1, reason: verdict.reason });
  }
  let outside = 0;
  // Of the files outside every project, those counted as test code: docs and samples no project compiles, and files
  // a test project's build leaves out (project/testCode.ts uncompiledSampleReason, leftOutOfTestProjectReason).
  let outsideTestCode = 0;
  for (const [file, ctx] of loaded.contexts) {
    if (ctx.project) continue;
    outside++;
    const abs = loaded.absolute.get(file);
    if (abs && loaded.host.testCodeReasonOfUncompiled(abs)) outsideTestCode++;
  }
  const projects = loaded.host.projects().map((p) => {
    const testProject = loaded.host.testCodeReasonOf(p);
    // The project's verdict under the default setting (auto); a test file in a library project is still test code.
    const library = libraryCodeVerdict(p, 'auto', testProject, loaded.host.referencedProjects(p), loaded.host.hostingApplications(p));
    const choice = chooseRuntime(runtime, { targetFramework: p.targetFramework, features: p.features, projectName: `${p.name}.csproj` });
    return {
      project: display(p.path),
      sdks: p.sdks,
      targetFrameworks: p.targetFrameworks,
      targetFramework: p.targetFramework,
      targetFrameworkReason: p.targetFrameworkReason,
      runtime: { profile: choice.profile, reason: choice.reason, approximate: choice.approximate },
      configuration: p.configuration,
      langVersion: p.langVersion,
      nullable: p.nullable,
      implicitUsings: p.implicitUsings,
      globalUsings: p.globalUsings,
      defineConstants: p.defineConstants,
      preprocessorSymbols: p.preprocessorSymbols,
      noWarn: p.noWarn,
      isPackable: p.isPackable,
      testProject,
      libraryCode: library ? { isLibrary: library.isLibrary, reason: library.reason, ...(library.withoutContext ? { withoutContext: library.withoutContext } : {}), ...(library.withContext ? { withContext: library.withContext } : {}), ...(library.consoleTool ? { consoleTool: library.consoleTool } : {}), ...(library.contextByCaller ? { contextByCaller: { contextHosts: library.contextByCaller.contextHosts.map((h) => h.name), withoutContext: library.contextByCaller.withoutContext } } : {}), ...(p.runsUntilStopped ? { runsUntilStopped: p.runsUntilStopped } : {}) } : null,
      packingNuspec: p.packingNuspec ? { nuspec: display(p.packingNuspec.path), how: p.packingNuspec.how } : null,
      configureAwaitWeaver: p.configureAwaitWeaver ? { configured: p.configureAwaitWeaver.configured } : null,
      packageReferences: p.packageReferences.map((r) => ({ id: r.id, version: r.version })),
      frameworkReferences: p.frameworkReferences,
      projectReferences: p.projectReferences.map(display),
      imports: p.imports.map(display),
      files: owned.get(p.path) ?? 0,
      linkedFiles: linkedIn.get(p.path) ?? 0,
      linkedLibraryCode: linkedLibrary.get(p.path) ?? null,
      notes: p.notes.map((n) => ({ kind: n.kind, file: display(n.file), line: n.line, message: n.message })),
    };
  });
  const unevaluated = projects.reduce((n, p) => n + p.notes.filter((x) => x.kind === 'condition').length, 0);
  if (format === 'json') {
    io.out(JSON.stringify({ version: 1, tool: { name: 'asynclens', version: TOOL_VERSION }, projects, filesOutsideProjects: outside, filesOutsideProjectsCountedAsTestCode: outsideTestCode, conditionsNotEvaluated: unevaluated }, null, 2) + '\n');
    return EXIT_OK;
  }
  const out: string[] = [];
  for (const p of projects) {
    out.push(`${p.project}${p.sdks.length ? ` (${p.sdks.join(', ')})` : ' (legacy project)'}`);
    out.push(`  targets: ${p.targetFrameworks.join(';') || 'none'}; analysed: ${p.targetFramework ?? 'none'} (${p.targetFrameworkReason})`);
    out.push(`  runtime: ${p.runtime.profile}${p.runtime.approximate ? ' (an estimate)' : ''}: ${p.runtime.reason}`);
    out.push(`  symbols: ${p.preprocessorSymbols.join(' ')}`);
    if (p.langVersion || p.nullable) out.push(`  LangVersion ${p.langVersion ?? 'default'}, Nullable ${p.nullable ?? 'disable'}, ImplicitUsings ${p.implicitUsings ? 'enable' : 'disable'}`);
    // Code that does not ship (a build script, a sample) is counted as test code, and its reason says which it is.
    if (p.testProject) out.push(`  counted as test code: ${p.testProject}`);
    else if (p.libraryCode) {
      out.push(`  library code: ${p.libraryCode.isLibrary ? 'yes' : 'no'}: ${p.libraryCode.reason}`);
      if (p.libraryCode.withoutContext) out.push(`  SynchronizationContext: none: ${p.libraryCode.withoutContext}`);
      // Where a context surely runs the code, ASY003 keeps waits in members of the workspace's own synchronous contracts warnings.
      if (p.libraryCode.withContext) out.push(`  SynchronizationContext: yes: ${p.libraryCode.withContext}`);
      // Hosts that disagree: the rules decide per file, from which files the UI hosts' code reaches (rules/hostReach.ts).
      if (p.libraryCode.contextByCaller) out.push(`  SynchronizationContext: per file: only in files the code of ${p.libraryCode.contextByCaller.contextHosts.join(', ')} reaches; elsewhere none`);
      if (p.libraryCode.withoutContext && p.libraryCode.isLibrary) out.push('  ConfigureAwait policy (ASY027): not asked for, with no context to leave');
      // What ASY002 and ASY003 read: a console tool's blocking is information; a program that runs until stopped is no tool.
      if (p.libraryCode.consoleTool) out.push(`  console tool: ${p.libraryCode.consoleTool}`);
      if (p.libraryCode.runsUntilStopped) out.push(`  runs until stopped: ${p.libraryCode.runsUntilStopped}`);
    }
    if (p.configureAwaitWeaver) {
      const configured = p.configureAwaitWeaver.configured;
      out.push(`  ConfigureAwait.Fody: ${configured ? `every await configured with ${configured.continueOnCapturedContext} (${configured.source})` : 'no default configured; [ConfigureAwait(x)] attributes decide'}`);
    }
    if (p.packageReferences.length) out.push(`  packages: ${p.packageReferences.map((r) => `${r.id}${r.version ? ` ${r.version}` : ''}`).join(', ')}`);
    if (p.linkedLibraryCode) out.push(`  library code of the ${plural(p.linkedLibraryCode.files, 'file')} a package links in: yes: ${p.linkedLibraryCode.reason}`);
    out.push(`  files: ${p.files}${p.linkedFiles ? ` (and ${p.linkedFiles} linked in from other projects' folders)` : ''}`);
    for (const n of p.notes) out.push(`  note (${n.kind}) ${n.file}:${n.line}: ${n.message}`);
    out.push('');
  }
  out.push(`${projects.length} project${projects.length === 1 ? '' : 's'}, ${plural(new Set(projects.map((p) => p.targetFramework).filter(Boolean)).size, 'target framework')} analysed; ${unevaluated} condition${unevaluated === 1 ? '' : 's'} could not be evaluated; ${outside} C# file${outside === 1 ? '' : 's'} outside any project${outsideTestCode ? ` (${outsideTestCode} of them counted as test code: docs and samples no project compiles, or left out of a test project's build)` : ''}`);
  io.out(out.join('\n') + '\n');
  return EXIT_OK;
}

