/**
 * Whether a workspace method hands back a task it keeps: the memoised load of UI and game code
 * (`return _loadTask ??= Task.Run(Load);`, `return _prepareTask = Task.Run(...)`, or the field itself once it is set),
 * or the task of a TaskCompletionSource field (`return _runPromise.Task;`: every call hands back the one task the type
 * completes, which its other callers await; akka.net's coordinated shutdown, thirty-fifth session).
 * The task lives on in a field of the method's type, where the type itself observes it later (awaits it, reads its
 * result, checks IsCompleted), so a caller that only starts the work (`BeginLoad() => LoadAsync();`) drops a reference,
 * not the task. ASY022 leaves such a caller alone.
 */
import type { MemberSignature, MethodBody } from '../model/types';
import { methodsNamed, typeFamily, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { declaresLocalOrParameter } from '../model/bodies';

/** `_task`, `this._task`, or an assignment to one as the whole expression: `_task ??= Start()`, `this._task = Start()`. */
const FIELD_OR_ASSIGNMENT = /^(?:this\s*\.\s*)?(@?[A-Za-z_]\w*)\s*(?:(?:\?\?=|=(?![=>]))[^]*)?$/;
/** `_source.Task` or `this._source.Task`: the task of a field, kept when the field is a TaskCompletionSource. */
const FIELD_TASK = /^(?:this\s*\.\s*)?(@?[A-Za-z_]\w*)\s*\.\s*Task$/;
/** A TaskCompletionSource's declared type, generic or not (System.Threading.Tasks, .NET Framework 4.0 and .NET 5). */
const COMPLETION_SOURCE_TYPE = /^(?:System\s*\.\s*Threading\s*\.\s*Tasks\s*\.\s*)?TaskCompletionSource\b/;
/** A task that is complete when it is returned and cannot fault: nothing is lost by dropping it. */
const COMPLETED_TASK = /^(?:(?:System\.Threading\.Tasks\.)?Task\s*\.\s*(?:CompletedTask|FromResult\s*(?:<[^()]*>)?\s*\([^]*\)))$/;

/**
 * Whether every return of a non-async Task-returning body is a field of its own type (read, or assigned as the
 * returned expression) or an already completed task, and at least one is a field.
 */
export function returnsKeptTask(index: WorkspaceIndex, body: MethodBody): boolean {
  if (body.isAsync || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') || body.returns.length === 0 || !body.containingType) return false;
  let kept = false;
  for (const site of body.returns) {
    const text = site.expressionText?.trim();
    if (!text) return false;
    if (COMPLETED_TASK.test(text)) continue;
    const source = FIELD_TASK.exec(text)?.[1]?.replace(/^@/, '');
    const name = source ?? FIELD_OR_ASSIGNMENT.exec(text)?.[1]?.replace(/^@/, '');
    if (!name || declaresLocalOrParameter([body], name)) return false;
    const field = fieldOf(index, body.containingType, name);
    if (!field || (source && !COMPLETION_SOURCE_TYPE.test(field.typeText ?? ''))) return false;
    kept = true;
  }
  return kept;
}

/**
 * Whether a non-async Task-returning body returns nothing but completed tasks (`return Task.CompletedTask;`,
 * `Task.FromResult(x)`) and cannot be overridden: it did its work before returning, and threw at the call if it failed,
 * so a caller that drops the task loses nothing today (jellyfin's password provider calls its own `ChangePassword`,
 * which sets the hash and returns Task.CompletedTask). ASY022 still reports the drop, saying so. A virtual, abstract or
 * override method may be replaced by one that does not, unless the call names the base's own (`throughBase`: a
 * `base.AfterRefresh(...)` call runs that declaration whatever overrides it, as jellyfin's album metadata service
 * calls its base's virtual default, which returns Task.CompletedTask: the ninth seeded reading's row 13); a faulted or
 * canceled task (`Task.FromException`) is no completed one here, since dropping it loses the exception.
 */
export function returnsOnlyCompletedTasks(body: MethodBody, throughBase = false): boolean {
  if (body.isAsync || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') || body.returns.length === 0) return false;
  if (!throughBase && body.modifiers.some((m) => m === 'virtual' || m === 'abstract' || m === 'override')) return false;
  return body.returns.every((site) => COMPLETED_TASK.test(site.expressionText?.trim() ?? ''));
}

/** `Task.FromException(...)`, `Task.FromException<T>(...)`: a task faulted when it is returned. */
const FAULTED_TASK = /^(?:System\.Threading\.Tasks\.)?Task\s*\.\s*FromException\s*(?:<[^()]*>)?\s*\([^]*\)$/;

/**
 * Whether a non-async Task-returning body returns nothing but faulted tasks (`return Task.FromException(new
 * InvalidOperationException(...));`): a base's default that says "not in this state", which a caller that drops the
 * task never hears of. An overload that hands on to another of its name (`=> EnterAsync(session, TimeSpan.Zero)`)
 * answers through the overloads of its type family it may call. Unlike returnsOnlyCompletedTasks this says nothing about
 * overrides; the caller asks about them (ASY022 `alwaysFaultsFor`, which checks the name's overrides, so only calls of
 * the same name are followed here).
 */
export function returnsOnlyFaultedTasks(index: WorkspaceIndex, body: MethodBody, seen: Set<MethodBody> = new Set()): boolean {
  if (body.isAsync || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') || body.returns.length === 0 || seen.has(body)) return false;
  seen.add(body);
  return body.returns.every((site) => {
    const text = site.expressionText?.trim() ?? '';
    if (FAULTED_TASK.test(text)) return true;
    const forwarded = OWN_OVERLOAD_CALL.exec(text);
    if (!forwarded || forwarded[1] !== body.name || body.containingType === null) return false;
    const others = methodsNamed(index, body.name, body.containingType).map((m) => m.body).filter((b): b is MethodBody => b !== null && !seen.has(b));
    return others.length > 0 && others.every((b) => returnsOnlyFaultedTasks(index, b, seen));
  });
}

/** A call of a method of the body's own type, without a receiver or on `this`: `EnterAsync(session, TimeSpan.Zero)`. */
const OWN_OVERLOAD_CALL = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*\([^]*\)$/;

/** Whether a returned expression is a task complete when it is returned (`Task.CompletedTask`, `Task.FromResult(x)`). */
export function isCompletedTaskText(text: string): boolean {
  return COMPLETED_TASK.test(text.trim());
}

/** The instance or static field or property of that name the type (or a workspace base of it) declares, if any. */
function fieldOf(index: WorkspaceIndex, typeName: string, name: string): MemberSignature | null {
  for (const t of typeFamily(index, typeName)) {
    for (const ref of typesNamed(index, t)) {
      const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
      if (member) return member;
    }
  }
  return null;
}
