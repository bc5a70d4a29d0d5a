/**
 * ASY028's reading of a project's own naming convention for awaitable methods. Some libraries name their task
 * methods without the Async suffix on purpose and throughout (`Send`, `Publish`, `Handle` returning Task), and the
 * .NET guidelines' convention is then not the project's: reporting the missing suffix method by method reports the
 * convention itself, hundreds of times. A project whose own awaitable methods go without the suffix nine times in ten
 * or more (of at least ten) is read as having chosen that; pure over the index and the file-to-project lookup.
 */
import type { MemberSignature, MethodBody, TypeDeclaration } from '../model/types';
import { fileApiScopeOf, fileApiScopesGeneration } from '../signatures/provider';
import { indexMemo, typeFamily, type WorkspaceIndex } from '../workspace/index';
import { declaredByABaseIn } from './callbackSlots';
import { isHarnessMethod } from './testSubjects';

/** How many awaitable methods a project names itself, with and without the suffix. */
export interface SuffixCensus {
  suffixed: number;
  bare: number;
}

/** The share of bare names from which the project's convention is taken to be no suffix, and the least count of them. */
const BARE_SHARE = 0.9;
const LEAST_BARE = 10;

const AWAITABLE_RETURNS: ReadonlySet<string> = new Set(['Task', 'TaskOfT', 'ValueTask', 'ValueTaskOfT']);

/**
 * Names the method does not choose, whatever the project's convention: the entry point, IAsyncDisposable's member
 * (every asynchronously disposable type has it) and the awaitable pattern's members.
 */
const IMPOSED_NAMES: ReadonlySet<string> = new Set(['Main', 'DisposeAsync', 'GetAwaiter', 'ConfigureAwait']);

/**
 * Whether the method's name counts in the census: an awaitable method (Task or ValueTask, as declared) whose name its
 * author chose. Overrides, explicit implementations and methods whose name a base type or interface declares take
 * their name from elsewhere: a workspace base is counted where it declares it, and a .NET or package interface
 * (`IHostedService.StartAsync`, ASP.NET Core's `IModelBinder.BindModelAsync`, read through the API signatures as
 * ASY028 reads them before reporting) is not the project's choice at all. Tests and harness set-up are named for the
 * harness, and a controller's actions for its routes. `bodies` are the declaring file's.
 */
function countsInCensus(index: WorkspaceIndex, bodies: readonly MethodBody[], type: TypeDeclaration, m: MemberSignature, body: MethodBody | undefined): boolean {
  if (m.kind !== 'method' || !AWAITABLE_RETURNS.has(m.returnKind) || m.explicitInterface || IMPOSED_NAMES.has(m.name)) return false;
  if (body && (body.modifiers.includes('override') || isHarnessMethod(index, body) || isFrameworkBoundMethod(index, type, m.name, body))) return false;
  const shape = { owner: type.name, name: m.name, parameterCount: (body?.parameters ?? m.parameters ?? m.parameterTypes).length, isStatic: m.isStatic };
  return !declaredByABaseIn(index, bodies, shape, body ?? bodies[0]);
}

/** Controllers, Razor pages and SignalR hubs: frameworks that bind to method names. */
function isNameBoundType(index: WorkspaceIndex, type: TypeDeclaration): boolean {
  const names = new Set([...typeFamily(index, type.name), ...type.baseTypes.map((b) => b.replace(/<.*$/, '').split('.').pop()!)]);
  return ['Controller', 'ControllerBase', 'PageModel', 'Hub', 'ComponentBase'].some((n) => names.has(n)) || /Controller$/.test(type.name)
    || type.attributes.some((a) => /^(?:[\w.]+\.)?(?:ApiController|Controller)(?:Attribute)?\b/.test(a.trim()));
}

/**
 * A controller's action, a Razor page's handler or a hub's method: routing binds to its name (a public method of such
 * a type, or an `OnGet...`/`OnPost...` handler), so the name is the framework's, not the project's convention.
 */
export function isFrameworkBoundMethod(index: WorkspaceIndex, type: TypeDeclaration, name: string, body: MethodBody): boolean {
  return isNameBoundType(index, type) && (body.modifiers.includes('public') || /^On(Get|Post|Put|Delete|Patch)/.test(name));
}

/** `ReadAsync`, and `ReadAsyncCore`, whose name says Async before a qualifier. */
function saysAsync(name: string): boolean {
  return /Async(?:$|(?=[A-Z\d_]))/.test(name);
}

/** The census of one project: every awaitable method its files declare, read through `index` (the project's view). */
function censusOfProject(index: WorkspaceIndex, files: readonly string[]): SuffixCensus {
  const census = { suffixed: 0, bare: 0 };
  for (const file of files) {
    const model = index.files.get(file);
    if (!model) continue;
    const bodies = new Map(model.bodies.map((b) => [b.id, b]));
    for (const type of model.types) {
      if (type.kind === 'delegate') continue;
      for (const m of type.members) {
        const body = m.bodyId ? bodies.get(m.bodyId) : undefined;
        if (body?.hasSyntaxErrors || !countsInCensus(index, model.bodies, type, m, body)) continue;
        if (saysAsync(m.name)) census.suffixed++;
        else census.bare++;
      }
    }
  }
  return census;
}

/**
 * The census of the project the file belongs to ('' for files outside any project, counted together). Kept on the
 * whole index, so that every project's view shares one census per project; each is taken the first time a file of
 * the project asks, through that file's view, which sees the bases the project's own code sees.
 */
export function suffixCensusOf(index: WorkspaceIndex, file: string): SuffixCensus {
  const project = fileApiScopeOf(file)?.project ?? '';
  const whole = index.whole ?? index;
  const memo = indexMemo(whole, `asy028:suffixCensus:${fileApiScopesGeneration()}`, () => ({ byProject: new Map<string, SuffixCensus>(), filesOf: null as Map<string, string[]> | null }));
  let census = memo.byProject.get(project);
  if (!census) {
    // The files are grouped by project once, so that a workspace of many projects reads each file's project once
    // rather than once per project.
    memo.filesOf ??= filesByProject(whole);
    census = censusOfProject(index, memo.filesOf.get(project) ?? []);
    memo.byProject.set(project, census);
  }
  return census;
}

function filesByProject(index: WorkspaceIndex): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const file of index.files.keys()) {
    const project = fileApiScopeOf(file)?.project ?? '';
    const group = groups.get(project);
    if (group) group.push(file);
    else groups.set(project, [file]);
  }
  return groups;
}

/** Whether the census shows a project that names its awaitable methods without the suffix by choice. */
export function leavesOutTheSuffix(census: SuffixCensus): boolean {
  const total = census.suffixed + census.bare;
  return census.bare >= LEAST_BARE && census.bare >= BARE_SHARE * total;
}
