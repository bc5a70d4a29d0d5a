/**
 * Tasks a workspace method registers with a tracker before it hands them back: it creates the task in a local, passes
 * that local to a workspace method that keeps it (adds it to an object its type holds in a field, a collection or a
 * workspace type of its own, or awaits it), and then returns the same local. Whatever the caller does with its copy,
 * the tracker waits for the task and sees its exception, so a caller that drops it loses nothing. pulumi-dotnet's
 * engine logger is the shape (the third seeded reading of the thirty-ninth session, row 19): its `Log.Error` drops
 * `Logger.ErrorAsync(...)`, whose only implementation starts the log write, registers it with the deployment's runner
 * (`Runner.RegisterTask(message, task)`, which adds it to the in-flight tasks the runner awaits before it exits) and
 * returns it. ASY022 shows such a drop as a hint that names the tracker.
 *
 * The walk follows faultFreeTasks.ts: the methods the call binds to, or through an interface or virtual member the
 * workspace's implementations of it; one-line delegations (`=> ErrorAsync(...)`, `return LogImplAsync(...);`) up to a
 * few deep; every return of every method must be a tracked local.
 */
import type { CallSite, MethodBody, ReturnSite } from '../model/types';
import { splitCallText } from '../model/syntax';
import { resolveCallSite, resolveCallText, workspaceImplementationsOf } from '../workspace/completion';
import { stripGenerics, typeFamily, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { TASK_HOLDING_COLLECTIONS } from '../knowledge/taskCollections';
import { fileApiScopeOf } from '../signatures/provider';

/** How many one-line delegations (`return Other(...);`) are followed before giving up. */
const MAX_DELEGATIONS = 3;

/**
 * The tracker (`Runner.RegisterTask`) that every method the call `callText`, made in `body`, may run hands its returned
 * task to before returning it, or null when some method does not, or nothing is known.
 */
export function trackerOfReturnedTask(index: WorkspaceIndex, file: string, body: MethodBody, callText: string): string | null {
  return callTracker(index, file, body, callText, 0, true);
}

/**
 * The methods of those a call may dispatch to that the calling file's project compiles or references: a test project's
 * double of an interface (pulumi-dotnet's TestDeploymentLogger) never runs in the production code that calls through
 * it, and the project cannot see it. A file outside any project sees them all.
 */
function visibleFrom(file: string, methods: readonly MethodRef[]): MethodRef[] {
  const scope = fileApiScopeOf(file);
  if (!scope?.project) return [...methods];
  const visible = new Set([scope.project, ...scope.references]);
  return methods.filter((m) => {
    const project = fileApiScopeOf(m.file)?.project;
    return !project || visible.has(project);
  });
}

function callTracker(index: WorkspaceIndex, file: string, body: MethodBody, callText: string, depth: number, dispatchToWorkspace: boolean): string | null {
  const call = resolveCallText(callText, file, body, index);
  if (!call) return null;
  const { resolution } = call;
  const methods = visibleFrom(file, resolution.targets.length > 0
    ? resolution.targets
    : dispatchToWorkspace && resolution.owner ? workspaceImplementationsOf(index, resolution.owner, call.name, call.argumentCount) : []);
  return sameTracker(methods.map((m) => (m.body ? bodyTracker(index, m.file, m.body, depth) : null)));
}

function bodyTracker(index: WorkspaceIndex, file: string, body: MethodBody, depth: number): string | null {
  if (body.hasSyntaxErrors || body.isAsync || body.isIterator || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') || body.returns.length === 0) return null;
  return sameTracker(body.returns.map((site) => returnedTracker(index, file, body, site, depth)));
}

function returnedTracker(index: WorkspaceIndex, file: string, body: MethodBody, site: ReturnSite, depth: number): string | null {
  const text = site.expressionText?.trim() ?? '';
  const local = /^@?([A-Za-z_]\w*)$/.exec(text)?.[1];
  if (local) return registeredBefore(index, file, body, local, site);
  // A delegation to another method: what that one hands back. Only calls the workspace closes are followed here.
  return splitCallText(text) && depth < MAX_DELEGATIONS ? callTracker(index, file, body, text, depth + 1, false) : null;
}

/**
 * The tracker a call before the return hands the local to: a call of the body itself (not of a lambda in it) that
 * passes the local as an argument, to a workspace method (or, through an interface, each workspace implementation)
 * that keeps its parameter. The local must be the method's own, not a parameter or a field someone else also holds.
 */
function registeredBefore(index: WorkspaceIndex, file: string, body: MethodBody, local: string, site: ReturnSite): string | null {
  if (!body.locals.some((l) => l.name === local) || body.parameters.some((p) => p.name === local)) return null;
  for (const call of body.calls) {
    if (call.span.end > site.span.start) continue;
    const position = call.argumentTexts.findIndex((a) => a.trim() === local);
    if (position < 0) continue;
    const tracker = keepingTracker(index, file, body, call, position);
    if (tracker) return tracker;
  }
  return null;
}

function keepingTracker(index: WorkspaceIndex, file: string, body: MethodBody, call: CallSite, position: number): string | null {
  const receiver = call.receiver === null ? null : call.receiver.replace(/\s*[?!]+$/, '');
  const resolution = resolveCallSite(call.name, receiver, call.argumentTexts.length, file, body, index);
  const methods = visibleFrom(file, resolution.targets.length > 0
    ? resolution.targets
    : resolution.owner ? workspaceImplementationsOf(index, resolution.owner, call.name, call.argumentTexts.length) : []);
  if (methods.length === 0) return null;
  const keeps = methods.every((m) => {
    const parameter = m.body?.parameters[position];
    return !!m.body && !!parameter && !m.body.hasSyntaxErrors && keepsParameter(index, m.body, parameter.name);
  });
  return keeps ? `${methods[0].typeName ?? ''}.${call.name}`.replace(/^\./, '') : null;
}

/**
 * Whether the method keeps the task it is handed as `parameter`: it awaits it (`await task`, configured or not), or
 * passes it to a member of an object its type holds in a field or property, of a workspace type (a tracker of its own:
 * `_inFlightTasks.AddTask(task)`) or a collection (knowledge/taskCollections.ts: `_pending.Add(task)`), which is there
 * to keep it. A logger's `LogDebug("...", task)` is neither.
 */
function keepsParameter(index: WorkspaceIndex, body: MethodBody, parameter: string): boolean {
  const awaited = new RegExp(String.raw`^@?${parameter}(?:\s*\.\s*ConfigureAwait\s*\([^()]*\))?$`);
  if (body.awaits.some((a) => a.kind === 'await' && awaited.test(a.operand.text.trim()))) return true;
  return body.calls.some((c) => c.argumentTexts.some((a) => a.trim() === parameter) && c.receiver !== null && holdsTasks(index, body, c.receiver));
}

/** `_tasks` or `this._tasks`: a field or property of the method's type (or a workspace base) of a type that keeps what it is handed. */
function holdsTasks(index: WorkspaceIndex, body: MethodBody, receiver: string): boolean {
  const name = /^(?:this\s*\.\s*)?@?([A-Za-z_]\w*)$/.exec(receiver.trim())?.[1];
  if (!name || !body.containingType || body.parameters.some((p) => p.name === name) || body.locals.some((l) => l.name === name)) return false;
  for (const t of typeFamily(index, body.containingType)) {
    for (const ref of typesNamed(index, t)) {
      const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
      if (!member?.typeText) continue;
      const typeName = stripGenerics(member.typeText.trim().replace(/\?$/, '')).split('.').pop()!;
      return typesNamed(index, typeName).length > 0 || TASK_HOLDING_COLLECTIONS.some((c) => c.name === typeName);
    }
  }
  return false;
}

/** One tracker for all: null when any is null; the first one's name otherwise. */
function sameTracker(trackers: readonly (string | null)[]): string | null {
  if (trackers.length === 0 || trackers.some((t) => t === null)) return null;
  return trackers[0];
}
