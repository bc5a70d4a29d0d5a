/** ASY027 configureawait-policy (off by default): an await of a Task or ValueTask without ConfigureAwait in library code. */
import { awaitConventionOf, configuresAwaits } from './fileAwaitConvention';
import type { MethodBody, SuspensionPoint } from '../model/types';
import { innermostType } from '../model/enclosingTypes';
import { weaverSettingFor } from '../project/weavers';
import { withoutConfigureAwait } from '../workspace/typing';
import { hasEventHandlerSignature } from './callbackSlots';
import { libraryCodeOf } from './libraryCode';
import { maskCommentsAndStrings } from './sourceText';
import { expressionResultOf } from './taskResults';
import { asyncBodies, type Rule, type RuleContext, type RuleFinding } from './types';
import { typeFamily } from '../workspace/index';
import { activationSchedulerBase } from '../knowledge/activationSchedulers';
import { remoteInterfaceBase } from '../knowledge/remoteInterfaces';
import { taskRunWorkOf } from './taskRunWork';
import { inBlazorComponent } from './contextFree';

const docs = `## What it does
Off by default. Flags an \`await\` of a \`Task\`, \`Task<T>\`, \`ValueTask\` or \`ValueTask<T>\` without
\`.ConfigureAwait(...)\` in library code. Library code is decided per project (\`asynclens.libraryCode\`, default
\`auto\`): a class library published as a package (it sets \`PackageId\`, \`PackageTags\`, a license or \`IsPackable\`
true, or a .nuspec packs it: the one its \`NuspecFile\` names, one named like the project beside it, or one nearby
whose id or files name the project) is; an application (\`Exe\`, \`WinExe\`, the web and worker SDKs unless the project sets \`OutputType\` \`Library\` itself, a MAUI, WPF, WinForms or WinUI project), a test
project, a project with \`IsPackable\` false, a class library that references an application's project (its plug-in,
which runs inside it; a reference with \`ReferenceOutputAssembly\` false only orders the build and does not count) and a class library without package properties (an application's own Shared project) are not; outside any project, sources without an entry point are. A library that runs only in
the ASP.NET Core server (a \`FrameworkReference\` to \`Microsoft.AspNetCore.App\`, or a package of the server
pipeline such as \`Microsoft.AspNetCore.Http.Abstractions\`, \`Microsoft.AspNetCore.Mvc.*\` or an authentication handler's
\`Microsoft.AspNetCore.Authentication.*\`, its own or one a
project it references brings: framework references and package references flow to referencing projects, but for a
package kept with \`PrivateAssets="all"\`) is not asked for it
either: ASP.NET Core has no \`SynchronizationContext\`, so the call changes nothing there (\`asynclens projects\`
says which projects these are). Project references written with \`$(SolutionDir)\` resolve against the solution
above the project that names it, as a build of that solution passes it. In any
other file the rule still applies where the file itself shows the policy: when more than half of its awaits
already use \`ConfigureAwait(false)\`, the others are reported as the exceptions they probably are (a file split
evenly shows no policy).

Never reported: awaits that ConfigureAwait.Fody configures when the project is built (the project references the
weaver's package and a \`[ConfigureAwait(x)]\` on the method, on its type or on the assembly, or the
\`ContinueOnCapturedContext\` of the \`<ConfigureAwait/>\` entry in the project's or the solution's FodyWeavers.xml,
gives them a value: the built code then says what the source does not, and the project has chosen), test code, UI event handlers (\`(object sender, XEventArgs e)\`, whose continuations must return to
the UI thread), Orleans grains and system targets (a class deriving from \`Grain\`, \`JournaledGrain\` or
\`SystemTarget\` and implementing a grain interface: their turns must resume on the activation's scheduler, and
Orleans' documentation says not to use ConfigureAwait(false) in grain code), Blazor components (a type derived from
\`ComponentBase\` or a \`.razor.cs\` code-behind file: their code must resume on the renderer's synchronization
context, where a render request after ConfigureAwait(false) throws, and Blazor's team says not to use it in component
code, dotnet/aspnetcore#19004), \`await Task.Yield()\` (which has no ConfigureAwait), awaits of a task written as already complete
(\`Task.CompletedTask\`, \`Task.FromResult(x)\`, \`ValueTask.FromResult(x)\`, \`new ValueTask<T>(x)\`, \`default\`:
the method goes on without suspending, so there is no context to come back to), awaits in the work of \`Task.Run\`
(a lambda handed to it, or a private method or local function whose name is handed to it, \`_loop =
Task.Run(ReadLoop)\`, and written nowhere else: Task.Run runs its work on the thread pool under the default scheduler,
where no SynchronizationContext is installed, so the await captures no context and resumes on the pool with or
without the call), awaits of other awaitables, and \`await foreach\`/\`await using\`.

## Why is this bad?
Without \`ConfigureAwait(false)\` the code after an await resumes on the caller's \`SynchronizationContext\` (a UI
thread, a legacy ASP.NET request context) when there is one. Library code does not need that context; resuming
on it costs a post to a busy thread, and when the application blocks on the library's task from that same
thread (\`.Result\` in a click handler) the continuation can never run: a deadlock the library cannot prevent
otherwise. Applications and ASP.NET Core (which has no context) do not need the call, which is why this rule is
off by default and scoped to library code.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public static class Checksums
{
    public static async Task<int> LengthAsync(Stream stream)
    {
        using var reader = new StreamReader(stream);
        string text = await reader.ReadToEndAsync();
        return text.Length;
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

public static class Checksums
{
    public static async Task<int> LengthAsync(Stream stream)
    {
        using var reader = new StreamReader(stream);
        string text = await reader.ReadToEndAsync().ConfigureAwait(false);
        return text.Length;
    }
}
\`\`\`

## Fix safety
The fix appends \`.ConfigureAwait(false)\` to the awaited expression (in parentheses when it is not a primary
expression). It is **safe** in library code: the continuation then runs on the thread pool, which only matters to
code after the await that touches UI objects or relies on the caller's context, and library code should not.

## Limitations
- Task.Run's work is recognised only when the function is handed to it directly: a private method that Task.Run's
  lambda calls (\`Task.Run(() => ReadLoop(token))\`), or one in a partial type (whose other files may call it), is
  still asked for the call, though it too starts on the thread pool. \`Task.Factory.StartNew\` runs its work under
  the current scheduler unless told otherwise, so its work is asked for the call as well.
- ConfigureAwait.Fody's configuration is read from FodyWeavers.xml files, not from the \`WeaverConfiguration\`
  MSBuild property; a project configured only there is still asked for the calls. The assembly's attribute is
  found in the files analysed with the project (the CLI reads the files it is given, the editor the files it indexes).
- The awaited expression's type must be known (workspace declarations, API signatures) to be a Task or
  ValueTask; an await of an unknown type is not reported.
- Whether a project is a library comes from its project file and the .nuspec files around it; a published package
  that is really an application's plugin host is a library to this rule until \`asynclens.libraryCode\` says
  otherwise. A .nuspec counts only near the project (its folder, up to three folders above within the repository,
  and their immediate subfolders) and only when it names the project (its id or its assembly), so one packed by a
  build script from further away, or with a wildcard file entry, is not seen.
`;

interface Policy {
  reason: string;
}

/** Why the file's awaits should configure: the code is library code, or the file already configures most of them. */
function policyOf(ctx: RuleContext, masked: string): Policy | null {
  if (ctx.testCode) return null;
  const library = libraryCodeOf(ctx);
  // Library code that runs only in the ASP.NET Core server has no context to leave: only the file's own policy counts.
  if (library.isLibrary && !library.withoutContext) return { reason: `this is library code (${library.reason})` };
  const convention = awaitConventionOf(ctx.text, masked);
  if (configuresAwaits(convention)) return { reason: `${convention.configured} of the ${convention.awaits} awaits in this file use ConfigureAwait(false)` };
  return null;
}

/** Whether `.ConfigureAwait(false)` can follow the operand as written, or it needs parentheses first. */
function needsParentheses(operand: string): boolean {
  // A cast, `(Task<int>)boxed`: the member access would bind to the operand of the cast, not to the cast.
  const trimmed = operand.trim();
  if (trimmed.startsWith('(')) {
    let d = 0;
    for (let i = 0; i < trimmed.length; i++) {
      if (trimmed[i] === '(') d++;
      else if (trimmed[i] === ')' && --d === 0) {
        if (i < trimmed.length - 1 && !/^\s*[.[]/.test(trimmed.slice(i + 1))) return true;
        break;
      }
    }
  }
  let flat = '';
  let depth = 0;
  for (let i = 0; i < operand.length; i++) {
    const c = operand[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) flat += c;
  }
  flat = flat.replace(/<[\w\s.,?[\]]*>/g, '').replace(/\?\./g, '.').replace(/!\./g, '.').replace(/!$/, '');
  return /[?:+\-*/%=&|^<>]|\s(?:as|is|switch|with)\s|=>/.test(flat) || /^new\s/.test(operand.trim()) && !/\)\s*\./.test(operand);
}

function fixEdits(ctx: RuleContext, a: SuspensionPoint): { start: number; end: number; newText: string }[] | null {
  const operandStart = a.keywordSpan.end + (/^\s*/.exec(ctx.text.slice(a.keywordSpan.end, a.span.end))?.[0].length ?? 0);
  const operand = ctx.text.slice(operandStart, a.span.end);
  // `await x?.SaveAsync()`: a configured awaitable of a conditional access would be a nullable struct, which
  // cannot be awaited; the author has to decide what null means first.
  if (/\?[.[]/.test(maskCommentsAndStrings(operand))) return null;
  if (needsParentheses(operand)) return [{ start: operandStart, end: operandStart, newText: '(' }, { start: a.span.end, end: a.span.end, newText: ').ConfigureAwait(false)' }];
  return [{ start: a.span.end, end: a.span.end, newText: '.ConfigureAwait(false)' }];
}

function isChecked(ctx: RuleContext, body: MethodBody, masked: string): boolean {
  // Task.Run's work starts on the thread pool under the default scheduler: its awaits have no context to capture.
  // A Blazor component's code must resume on its renderer's context: after ConfigureAwait(false) a render request
  // (StateHasChanged) throws "The current thread is not associated with the Dispatcher", and the framework's team
  // says not to use it in component code (dotnet/aspnetcore#19004).
  return !(body.returnKind === 'void' && hasEventHandlerSignature(ctx, body)) && !onActivationScheduler(ctx, body) && !inBlazorComponent(ctx, body) && !weaverConfigures(ctx, body) && taskRunWorkOf(ctx, body, masked) === null;
}

/**
 * Whether ConfigureAwait.Fody configures the body's awaits when the project is built (project/weavers.ts): then
 * the built assembly already says what the source does not, whichever value the project chose. An attribute on the
 * method covers that method only (a lambda or local function is a method of its own to the weaver); one on the
 * type covers the bodies in it.
 */
function weaverConfigures(ctx: RuleContext, body: MethodBody): boolean {
  const type = body.containingType ? innermostType(ctx.model.types, body.span) : null;
  const where = { type: body.containingType, method: body.name };
  return weaverSettingFor(ctx.weaving, type?.attributes ?? [], body.attributes, where) !== null;
}

/**
 * Whether the body belongs to a type whose turns run on its own single-threaded scheduler (knowledge/
 * activationSchedulers.ts: an Orleans grain or system target), where ConfigureAwait(false) would move the rest of the
 * method off that scheduler. Both halves of the shape must show: a base of the table and a grain interface
 * (knowledge/remoteInterfaces.ts) in the type's family, so a `Wheat : Grain` of another domain is still checked.
 */
function onActivationScheduler(ctx: RuleContext, body: MethodBody): boolean {
  if (!body.containingType) return false;
  const family = typeFamily(ctx.index, body.containingType);
  let base = false;
  let remote = false;
  for (const name of family) {
    base ||= activationSchedulerBase(name) !== null;
    remote ||= remoteInterfaceBase(name) !== null;
  }
  return base && remote;
}

export const rule: Rule = {
  meta: {
    id: 'ASY027',
    name: 'configureawait-policy',
    category: 'style',
    defaultSeverity: 'off',
    fix: 'safe',
    equivalents: ['CA2007', 'MA0004', 'VSTHRD111'],
    summary: 'Off by default: an await without ConfigureAwait(false) in library code.',
    docs,
  },
  check(ctx) {
    const bodies = asyncBodies(ctx);
    if (bodies.length === 0) return [];
    const masked = maskCommentsAndStrings(ctx.text);
    const policy = policyOf(ctx, masked);
    if (!policy) return [];
    const findings: RuleFinding[] = [];
    for (const body of bodies) {
      if (!isChecked(ctx, body, masked)) continue;
      for (const a of body.awaits) {
        if (a.kind !== 'await' || a.operand.configureAwait !== null || a.operand.kind === 'yield') continue;
        // A task written as complete (`Task.CompletedTask`, `Task.FromResult(x)`) never suspends the method, so
        // there is no context to resume on and ConfigureAwait would change nothing.
        if (a.operand.kind === 'completedTask' || a.operand.kind === 'fromResult') continue;
        const result = expressionResultOf(ctx, body, withoutConfigureAwait(a.operand.text));
        if (result.kind !== 'task' && result.kind !== 'valueTask') continue;
        const edits = fixEdits(ctx, a);
        findings.push({
          span: a.span,
          message: 'This await resumes on the caller\'s synchronization context: add ConfigureAwait(false)',
          note: `Configured because ${policy.reason}. Resuming on a UI or request context costs a post to that thread and deadlocks when the caller blocks on this task from it.`,
          bodyId: body.id,
          fix: edits ? { title: 'Add .ConfigureAwait(false)', safety: 'safe', edits } : { title: 'Decide what a null receiver means, then add .ConfigureAwait(false)', safety: 'display-only', edits: [] },
        });
      }
    }
    return findings;
  },
};
