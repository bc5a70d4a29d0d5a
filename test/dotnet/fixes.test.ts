// Every fix on every rule fixture, verified the way a person applying it would find out: each fix is applied on
// its own (and a file's safe fixes all together, as fix-all does), the result is parsed again (no new syntax
// errors) and analysed again (no internal error), and all of them are compiled with the .NET SDK in one generated
// project (no error in any fixed file). Fixes labelled safe are then run: a generated program calls the method
// before and after the fix by reflection, with default arguments on a default instance, and compares what a
// caller sees: the value, whether it threw at the call or through the task, and the instance's fields afterwards
// (an async struct method works on a copy of `this`; the same method without async does not).
//
// Each variant is a copy of its fixture workspace under a namespace of its own (`FixVariant12.Fixtures...`), so
// all compile in one project beside the original fixtures. Without dotnet the compile and run steps are skipped,
// and say so.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureRuleSelection, listFiles, ready, repoRoot } from '../unit/support';
import { analysisText } from '../../server/src/parse/razor';
import { analyseProject, modelFile } from '../../server/src/analysis/project';
import { applyEdits } from '../../server/src/analysis/fixes';
import { RULES } from '../../server/src/rules/registry';
import { lineIndexOf, positionAt } from '../../server/src/parse/lines';
import type { Finding, TextEdit } from '../../server/src/rules/types';
import type { MethodBody } from '../../server/src/model/types';

before(ready);

const fixturesDir = path.join(repoRoot, 'test', 'fixtures', 'rules');
const ALL = { enabled: new Set(RULES.map((r) => r.meta.id)), disabled: new Set<string>() };
const BROKEN = '// asynclens-fixture: broken-code';
const STANDALONE = '// asynclens-fixture: standalone';
const head = (text: string) => text.split(/\r?\n/, 5).join('\n');

interface Workspace {
  name: string;
  files: { path: string; text: string }[];
  standalone: boolean;
  /** A folder fixture with its own .csproj (a Razor class library): its fixed variants are built as copies of it. */
  project: string | null;
}

/** The files as the analysis reads them: a Razor component as the C# of its blocks (parse/razor.ts). */
function analysed(files: readonly { path: string; text: string }[]): { path: string; text: string }[] {
  return files.map((f) => {
    const read = analysisText(f.path, f.text);
    return { path: f.path, text: 'text' in read ? read.text : '' };
  });
}

/** The rule fixtures as the fixture test groups them: a loose file, or a subfolder as one workspace. */
function workspaces(): Workspace[] {
  const out: Workspace[] = [];
  for (const ruleDir of fs.readdirSync(fixturesDir).sort()) {
    const dir = path.join(fixturesDir, ruleDir);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      const files = ent.isDirectory() ? [...listFiles(p, '.cs'), ...listFiles(p, '.razor')].sort() : ent.name.endsWith('.cs') ? [p] : [];
      if (files.length === 0) continue;
      const read = files.map((f) => ({ path: f, text: fs.readFileSync(f, 'utf8') }));
      if (read.some((f) => head(f.text).includes(BROKEN))) continue;
      const project = ent.isDirectory() ? fs.readdirSync(p).find((f) => f.endsWith('.csproj')) : undefined;
      out.push({ name: `${ruleDir}/${ent.name}`, files: read, standalone: read.some((f) => head(f.text).includes(STANDALONE)), project: project ? path.join(p, project) : null });
    }
  }
  return out;
}

interface Variant {
  id: number;
  label: string;
  workspace: Workspace;
  /** The workspace's files with the fix applied to one of them. */
  files: { path: string; text: string }[];
  fixedFile: string;
  safety: string;
  /** For a single safe fix: the method a caller calls, to run before and after. */
  behaviour?: { typeName: string; method: string };
}

const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');

function where(finding: Finding, text: string): string {
  const p = positionAt(lineIndexOf(text), finding.span.start);
  return `${relative(finding.file)}:${p.line + 1}`;
}

/** The reflection name of the type around a body (`Fixtures.X.Outer+Inner`) and the outermost method's name. */
function callableOf(text: string, body: MethodBody, bodies: readonly MethodBody[], types: { name: string; span: { start: number; end: number }; typeParameters: string[] }[]): { typeName: string; method: string } | null {
  let outer = body;
  while (outer.parentId) {
    const parent = bodies.find((b) => b.id === outer.parentId);
    if (!parent) break;
    outer = parent;
  }
  if (outer.kind !== 'method' || outer.typeParameters.length > 0) return null;
  const namespace = /^\s*namespace\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const enclosing = types.filter((t) => t.span.start <= outer.span.start && outer.span.end <= t.span.end).sort((a, b) => a.span.start - b.span.start);
  if (!namespace || enclosing.length === 0 || enclosing.some((t) => t.typeParameters.length > 0)) return null;
  return { typeName: `${namespace}.${enclosing.map((t) => t.name).join('+')}`, method: outer.name };
}

function variantsOf(workspaces: Workspace[]): { variants: Variant[]; problems: string[] } {
  const variants: Variant[] = [];
  const problems: string[] = [];
  const add = (workspace: Workspace, file: { path: string; text: string }, edits: TextEdit[], label: string, safety: string, behaviour?: Variant['behaviour']) => {
    const fixed = applyEdits(file.text, edits).text;
    // Parsed again: a fix must not add syntax errors.
    const beforeModel = modelFile(analysed([file])[0].text);
    beforeModel.tree?.delete();
    const before = beforeModel.model.syntaxErrors.length;
    const afterModel = modelFile(analysed([{ path: file.path, text: fixed }])[0].text);
    afterModel.tree?.delete();
    if (afterModel.model.syntaxErrors.length > before) problems.push(`${label}: the fixed text has ${afterModel.model.syntaxErrors.length - before} new syntax error(s)`);
    const files = workspace.files.map((f) => (f.path === file.path ? { path: f.path, text: fixed } : f));
    // Analysed again: no rule may fail on what a fix wrote.
    for (const f of analyseProject(analysed(files), fixtureRuleSelection(workspace.name.split('/')[0], RULES)).files.flatMap((x) => x.findings)) {
      if (/internal error/.test(f.message)) problems.push(`${label}: ${f.message}`);
    }
    variants.push({ id: variants.length, label, workspace, files, fixedFile: file.path, safety, behaviour });
  };
  for (const workspace of workspaces) {
    const analysis = analyseProject(analysed(workspace.files), fixtureRuleSelection(workspace.name.split('/')[0], RULES));
    for (const file of analysis.files) {
      const source = workspace.files.find((f) => f.path === file.path)!;
      const fixes = file.findings.filter((f) => f.fix && f.fix.safety !== 'display-only' && f.fix.edits.length > 0);
      for (const finding of fixes) {
        const body = file.model.bodies.find((b) => b.id === finding.bodyId);
        const behaviour = finding.fix!.safety === 'safe' && body ? callableOf(file.text, body, file.model.bodies, file.model.types) ?? undefined : undefined;
        add(workspace, source, finding.fix!.edits, `${finding.ruleId} ${finding.fix!.safety} fix "${finding.fix!.title}" at ${where(finding, file.text)}`, finding.fix!.safety, behaviour);
      }
      // Fix-all: every safe fix of the file at once, overlapping ones skipped as the code action does.
      const safe = fixes.filter((f) => f.fix!.safety === 'safe');
      if (safe.length > 1) add(workspace, source, safe.flatMap((f) => f.fix!.edits), `fix-all (${safe.length} safe fixes) in ${relative(file.path)}`, 'safe');
    }
  }
  return { variants, problems };
}

test('every fix parses and analyses again without new syntax errors or internal errors', () => {
  const { variants, problems } = variantsOf(workspaces());
  assert.ok(variants.length > 100, `${variants.length} fixes found`);
  assert.deepEqual(problems, []);
});

test('the honest label: ASY011 on a struct method that writes its struct is unsafe; reads, readonly and class methods stay safe', () => {
  const file = path.join(fixturesDir, 'async-without-await', 'struct-copy.cs');
  const analysis = analyseProject([{ path: file, text: fs.readFileSync(file, 'utf8') }], ALL);
  const safety = Object.fromEntries(analysis.files[0].findings.map((f) => {
    const body = analysis.files[0].model.bodies.find((b) => b.id === f.bodyId)!;
    return [`${body.containingType}.${body.name}`, f.fix?.safety];
  }));
  assert.deepEqual(safety, {
    'Counter.ResetAsync': 'unsafe', 'Counter.ReadAsync': 'safe', 'Counter.PeekAsync': 'safe', 'Counter.ZeroAsync': 'safe', 'Frozen.ValueAsync': 'safe', 'Holder.ResetAsync': 'safe',
  });
});

// ---- compiling and running with dotnet ---------------------------------------------------------------------------

function dotnetAvailable(): boolean {
  const probe = spawnSync('dotnet', ['--version'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0;
}

const QUIET = ['CS0067', 'CS0162', 'CS0168', 'CS0169', 'CS0219', 'CS0414', 'CS0618', 'CS0649', 'CS1591', 'CS1998', 'CS4014', 'CS7022', 'CS8321',
  'CS8600', 'CS8602', 'CS8603', 'CS8604', 'CS8618', 'CS8625', 'CA2012', 'CA2016', 'NU1603', 'NU1701', 'CS0108', 'CS0105', 'CS8981', 'CS0436', 'CS8933'].join(';');

/**
 * The packages the fixtures compile against, read from test/dotnet/compile-fixtures.mjs (its `const xVersion = '...'`
 * and PackageReference lines), so both builds reference the same ones.
 */
function fixturePackages(): { name: string; version: string }[] {
  const script = fs.readFileSync(path.join(repoRoot, 'test', 'dotnet', 'compile-fixtures.mjs'), 'utf8');
  const versions = new Map([...script.matchAll(/const (\w+) = '([\d.]+[\w.-]*)';/g)].map((m) => [m[1], m[2]]));
  const packages = [...script.matchAll(/PackageReference Include="([^"]+)" Version="\$\{(\w+)\}"/g)].map((m) => ({ name: m[1], version: versions.get(m[2]) ?? '' }));
  assert.ok(packages.length > 0 && packages.every((p) => p.version), `cannot read the fixtures' packages from compile-fixtures.mjs: ${JSON.stringify(packages)}`);
  return packages;
}

/** The shared frameworks the fixtures compile against (ASP.NET Core's, for Blazor), read from the same script. */
function fixtureFrameworks(): string[] {
  const script = fs.readFileSync(path.join(repoRoot, 'test', 'dotnet', 'compile-fixtures.mjs'), 'utf8');
  return [...script.matchAll(/FrameworkReference Include="([^"]+)"/g)].map((m) => m[1]);
}

function projectXml(files: string[], exe: boolean, packages: boolean): string {
  const items = files.map((f) => `    <Compile Include="${f.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/[%$@;'*?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}" />`).join('\n');
  const refs = packages ? `
  <ItemGroup>
${fixturePackages().map((p) => `    <PackageReference Include="${p.name}" Version="${p.version}" />`).join('\n')}
${fixtureFrameworks().map((f) => `    <FrameworkReference Include="${f}" />`).join('\n')}
  </ItemGroup>` : '';
  return `<!-- Generated by test/dotnet/fixes.test.ts; rewritten on every run. -->
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>${exe ? 'Exe' : 'Library'}</OutputType>
    ${exe && packages ? '<StartupObject>AsyncLensFixVerification.Program</StartupObject>' : ''}
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <LangVersion>latest</LangVersion>
    <AllowUnsafeBlocks>true</AllowUnsafeBlocks>
    <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
    <GenerateDocumentationFile>false</GenerateDocumentationFile>
    <NoWarn>$(NoWarn);${QUIET}</NoWarn>
  </PropertyGroup>
  <ItemGroup>
${items}
  </ItemGroup>${refs}
</Project>
`;
}

/** A variant's files under its own namespace: `namespace Fixtures.X;` becomes `namespace FixVariant12.Fixtures.X;`. */
function renamespaced(text: string, id: number, declared: ReadonlySet<string>): string {
  // A file of a multi-file fixture that imports a namespace another of its files declares imports the variant's copy
  // of it, or it would bind to the original's types beside it (an event of the copy's type, a handler of the original's).
  return text
    .replace(/^(\s*namespace\s+)(Fixtures\.[\w.]+\s*;)/m, `$1FixVariant${id}.$2`)
    .replace(/^(\s*(?:global\s+)?using\s+(?:static\s+)?)(Fixtures\.[\w.]+)(\s*;)/gm, (all, head: string, name: string, tail: string) => (declared.has(name) ? `${head}FixVariant${id}.${name}${tail}` : all));
}

/** The file-scoped namespaces the files declare (`namespace Fixtures.X;`). */
function declaredNamespaces(files: readonly { text: string }[]): Set<string> {
  return new Set(files.map((f) => /^\s*namespace\s+(Fixtures\.[\w.]+)\s*;/m.exec(f.text)?.[1]).filter((n): n is string => !!n));
}

const csString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The program that runs each safe fix's method before and after it and prints what differs. */
function harness(checks: { label: string; original: string; fixed: string; method: string }[]): string {
  return `// Generated by test/dotnet/fixes.test.ts.
using System.Collections;
using System.Reflection;
using System.Text;

namespace AsyncLensFixVerification;

public static class Program
{
    private static readonly (string Label, string Original, string Fixed, string Method)[] Checks =
    {
${checks.map((c) => `        (${csString(c.label)}, ${csString(c.original)}, ${csString(c.fixed)}, ${csString(c.method)}),`).join('\n')}
    };

    public static async Task<int> Main()
    {
        var differ = 0;
        var exercised = 0;
        foreach (var c in Checks)
        {
            var before = await Observe(c.Original, c.Method);
            var after = await Observe(c.Fixed, c.Method);
            if (before.Skip is not null || after.Skip is not null)
            {
                Console.WriteLine($"not run: {c.Label}: {before.Skip ?? after.Skip}");
                continue;
            }
            exercised++;
            if (before.Text != after.Text)
            {
                differ++;
                Console.WriteLine($"DIFFERS: {c.Label}\\n  before the fix: {before.Text}\\n  after the fix:  {after.Text}");
            }
            else Console.WriteLine($"same: {c.Label}: {before.Text}");
        }
        Console.WriteLine($"behaviour: {exercised} run, {differ} differ");
        return differ == 0 ? 0 : 1;
    }

    private static async Task<(string? Skip, string Text)> Observe(string typeName, string methodName)
    {
        var type = typeof(Program).Assembly.GetType(typeName);
        if (type is null) return ($"type {typeName} not found", "");
        var methods = type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly)
            .Where(m => m.Name == methodName).OrderBy(m => m.MetadataToken).ToArray();
        if (methods.Length == 0) return ($"method {methodName} not found", "");
        var text = new StringBuilder();
        foreach (var m in methods)
        {
            if (m.ContainsGenericParameters) return ("a generic method", "");
            if (m.GetParameters().Any(p => p.ParameterType.IsByRef || p.ParameterType.IsPointer)) return ("a by-ref parameter", "");
            object? target = null;
            if (!m.IsStatic)
            {
                if (type.IsAbstract) return ("an abstract type", "");
                try { target = type.IsValueType ? Activator.CreateInstance(type) : Activator.CreateInstance(type, nonPublic: true); }
                catch (Exception e) { return ($"no default instance ({e.GetType().Name})", ""); }
            }
            var args = m.GetParameters().Select(p => p.ParameterType == typeof(string) ? "" : p.ParameterType.IsValueType ? Activator.CreateInstance(p.ParameterType) : null).ToArray();
            text.Append(m.Name).Append('(').Append(args.Length).Append("): ");
            // The call runs on a thread of its own: a method that never returns with default arguments (a loop that
            // catches the NullReferenceException of a null delegate and waits for a token nobody cancels) would
            // otherwise hold the whole check forever. Such a method is not compared; its thread is a background one,
            // which the process leaves behind when it ends.
            var call = Task.Factory.StartNew(() => m.Invoke(target, args), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
            if (await Task.WhenAny(call, Task.Delay(5000)) != call) return ("the method does not return within 5 s", "");
            try
            {
                text.Append(await Outcome(await call));
            }
            catch (TargetInvocationException e)
            {
                text.Append($"throws {e.InnerException?.GetType().Name} at the call");
            }
            // Work the method queued on the thread pool (Task.Run beside the fixed code) settles before the fields are read.
            await Task.Delay(100);
            if (target is not null) text.Append("; fields afterwards: ").Append(Fields(target));
            text.Append(". ");
        }
        return (null, text.ToString());
    }

    private static async Task<string> Outcome(object? result)
    {
        if (result is Delegate d && d.Method.GetParameters().Length == 0)
        {
            try { return "a delegate that gives " + await Outcome(d.DynamicInvoke()); }
            catch (TargetInvocationException e) { return $"a delegate that throws {e.InnerException?.GetType().Name} at the call"; }
        }
        var task = result as Task;
        if (task is null && result is not null && result.GetType().Name.StartsWith("ValueTask", StringComparison.Ordinal))
        {
            task = (Task?)result.GetType().GetMethod("AsTask")!.Invoke(result, null);
        }
        if (task is null) return "returns " + Describe(result);
        if (await Task.WhenAny(task, Task.Delay(5000)) != task) return "a task that does not complete";
        if (task.IsFaulted) return $"a task faulted with {task.Exception!.InnerException?.GetType().Name}";
        if (task.IsCanceled) return "a cancelled task";
        var value = task.GetType().IsGenericType && task.GetType().GetProperty("Result") is { } r && r.PropertyType.Name != "VoidTaskResult" ? r.GetValue(task) : "(no value)";
        return "a task with " + Describe(value);
    }

    private static string Fields(object target) =>
        string.Join(", ", target.GetType().GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
            .OrderBy(f => f.Name, StringComparer.Ordinal).Select(f => $"{f.Name}={Describe(f.GetValue(target))}"));

    private static string Describe(object? value) => value switch
    {
        null => "null",
        string s => $"\\"{s}\\"",
        IEnumerable e => "[" + string.Join(", ", e.Cast<object?>().Take(10).Select(Describe)) + "]",
        // An object without its own ToString prints its type's full name, which the variant's namespace prefixes.
        _ => System.Text.RegularExpressions.Regex.Replace(value.ToString() ?? "", @"\\bFixVariant\\d+\\.", ""),
    };
}
`;
}

test('every fixed fixture compiles with the .NET SDK, and safe fixes behave the same when run', { timeout: 900_000 }, (t) => {
  if (!dotnetAvailable()) {
    t.skip('dotnet not found: the fixes are parsed and analysed again, not compiled');
    return;
  }
  const { variants } = variantsOf(workspaces());
  const buildRoot = path.join(os.tmpdir(), `asynclens-fix-verification-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`);
  const sources = path.join(buildRoot, 'variants');
  fs.rmSync(sources, { recursive: true, force: true });
  fs.mkdirSync(sources, { recursive: true });

  // Originals of every library fixture (they compile: test/dotnet/compile-fixtures.mjs checks), the variants beside them.
  const library = listFiles(path.join(repoRoot, 'test', 'fixtures'), '.cs').filter((f) => {
    if (f.includes(`${path.sep}workspace${path.sep}`) || f.includes(`${path.sep}projects${path.sep}`)) return false;
    // A folder with its own project builds as that project (compile-fixtures.mjs), its variants as copies of it.
    if (fs.readdirSync(path.dirname(f)).some((x) => x.endsWith('.csproj'))) return false;
    const h = head(fs.readFileSync(f, 'utf8'));
    return !h.includes(BROKEN) && !h.includes(STANDALONE);
  });
  const owner = new Map<string, Variant>();
  const libraryVariants = variants.filter((v) => !v.workspace.standalone && !v.workspace.project);
  for (const v of libraryVariants) {
    const declared = declaredNamespaces(v.files);
    v.files.forEach((f, i) => {
      const name = path.join(sources, `v${String(v.id).padStart(3, '0')}_${i}_${path.basename(f.path)}`);
      fs.writeFileSync(name, renamespaced(f.text, v.id, declared));
      owner.set(name, v);
    });
  }
  const checks = libraryVariants.filter((v) => v.behaviour).map((v) => ({ label: v.label, original: v.behaviour!.typeName, fixed: `FixVariant${v.id}.${v.behaviour!.typeName}`, method: v.behaviour!.method }));
  const program = path.join(sources, 'Program.cs');
  fs.writeFileSync(program, harness(checks));
  const projects = [path.join(buildRoot, 'library', 'FixVerification.csproj')];
  fs.mkdirSync(path.dirname(projects[0]), { recursive: true });
  fs.writeFileSync(projects[0], projectXml([...library, ...fs.readdirSync(sources).map((f) => path.join(sources, f))], true, true));
  // Top-level statements allow one file per program: each standalone variant is a program of its own.
  for (const v of variants.filter((x) => x.workspace.standalone)) {
    const dir = path.join(buildRoot, `standalone-${v.id}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const files = v.files.map((f, i) => {
      const name = path.join(dir, `v${v.id}_${i}_${path.basename(f.path)}`);
      fs.writeFileSync(name, f.text);
      owner.set(name, v);
      return name;
    });
    const project = path.join(dir, `Standalone${v.id}.csproj`);
    fs.writeFileSync(project, projectXml(files, true, false));
    projects.push(project);
  }
  // A fixture with its own project (a Razor class library): a copy of its folder with the fixed file, built as it is.
  for (const v of variants.filter((x) => x.workspace.project)) {
    const dir = path.join(buildRoot, `project-${v.id}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const source = path.dirname(v.workspace.project!);
    for (const f of v.files) {
      const name = path.join(dir, path.relative(source, f.path));
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, f.text);
      owner.set(name, v);
    }
    const project = path.join(dir, path.basename(v.workspace.project!).replace(/\.csproj$/, `${v.id}.csproj`));
    fs.copyFileSync(v.workspace.project!, project);
    projects.push(project);
  }
  const solution = path.join(buildRoot, 'fixes.slnx');
  fs.writeFileSync(solution, `<Solution>\n${projects.map((p) => `  <Project Path="${p}" />`).join('\n')}\n</Solution>\n`);
  const env = { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' };
  const build = spawnSync('dotnet', ['build', solution, '-nologo', '-v:q', '-clp:NoSummary'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`;
  const errors = new Map<string, Set<string>>();
  for (const line of output.split(/\r?\n/)) {
    const m = /(\S+\.(?:cs|razor))\((\d+),\d+\): error (\w+): (.*?)(?: \[.*\])?$/.exec(line);
    if (!m) continue;
    const v = owner.get(m[1]);
    const key = v ? v.label : `${path.basename(m[1])} (not a fixed file)`;
    if (!errors.has(key)) errors.set(key, new Set());
    errors.get(key)!.add(`line ${m[2]}: ${m[3]} ${m[4]}`);
  }
  const report = [...errors].map(([label, es]) => `${label}\n    ${[...es].join('\n    ')}`);
  assert.deepEqual(report, [], `fixes that do not compile:\n${report.join('\n')}`);
  assert.equal(build.status, 0, output.split(/\r?\n/).slice(-30).join('\n'));
  console.log(`# compiled ${variants.length} fixed variants (${projects.length} projects)`);

  const run = spawnSync('dotnet', ['run', '--no-build', '--project', projects[0]], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env });
  const ran = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  console.log(ran.split(/\r?\n/).filter((l) => /^(behaviour|not run|DIFFERS)/.test(l)).map((l) => `# ${l}`).join('\n'));
  assert.equal(run.status, 0, `safe fixes that change what a caller sees:\n${ran.split(/\r?\n/).filter((l) => !l.startsWith('same:')).join('\n')}`);
  const exercised = Number(/behaviour: (\d+) run/.exec(ran)?.[1] ?? 0);
  assert.ok(exercised >= checks.length / 2, `only ${exercised} of ${checks.length} safe fixes could be run:\n${ran}`);
});
