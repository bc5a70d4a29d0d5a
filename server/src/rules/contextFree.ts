/**
 * Whether a body runs without a SynchronizationContext, for the blocking rules' notes (ASY001, ASY003): it is a
 * function handed to Task.Run, to a System.Threading.Timer, to ThreadPool's queueing calls or to a new Thread, or the project says so (project/synchronizationContext.ts, carried on the library
 * verdict as `withoutContext`, or for a file no UI host of its library reaches, `contextByCaller`) and the body is not a Blazor component's, which has its renderer's context wherever it
 * runs. A wait there holds a thread but cannot
 * deadlock on a context, and a note that claimed a deadlock would be false (test/real-world/README.md, the seeded
 * readings of the twenty-ninth and thirtieth sessions).
 */
import type { MethodBody } from '../model/types';
import { typeFamily, typesNamed } from '../workspace/index';
import { POOL_THREAD_CALLBACK_STARTS } from '../knowledge/winFormsThreadExceptions';
import { isTaskRunDelegate } from './taskRunWork';
import { reachedByContextHosts } from './hostReach';
import type { ContextByCaller } from '../project/synchronizationContext';
import type { RuleContext } from './types';

/** Why the body runs without a SynchronizationContext, or null when it may have one. */
export function contextFreeReason(ctx: RuleContext, body: MethodBody): string | null {
  // Only the function's own body counts: a lambda nested in it may be stored and run elsewhere.
  if (isTaskRunDelegate(ctx, body)) return TASK_RUN_REASON;
  const start = contextFreeStartOf(ctx, body);
  if (start) return start;
  const reason = ctx.library?.withoutContext ?? unreachedByContextHosts(ctx)?.withoutContext;
  return reason && !inBlazorComponent(ctx, body) ? reason : null;
}

/**
 * The verdict of a library whose hosts disagree (some UI applications, every other host without a context), for a
 * file none of those UI applications' code reaches (rules/hostReach.ts): the file runs only where there is no
 * context. Null otherwise.
 */
export function unreachedByContextHosts(ctx: RuleContext): ContextByCaller | null {
  const byCaller = ctx.library?.contextByCaller;
  return byCaller && reachedByContextHosts(ctx) === false ? byCaller : null;
}

/**
 * A lambda or anonymous method handed to `Task.Run` (rules/taskRunWork.ts, which ASY027 asks too) runs on a thread-pool
 * thread, which has no SynchronizationContext whatever the caller's thread has (Task.Run queues its delegate to
 * TaskScheduler.Default: learn.microsoft.com/dotnet/api/system.threading.tasks.task.run), and the awaits of an async
 * one resume there too.
 */
const TASK_RUN_REASON = 'Task.Run runs this function on a thread-pool thread, which has no SynchronizationContext';

/**
 * Why a lambda or anonymous method handed to a start that runs it on a thread-pool thread or a new thread
 * (knowledge/winFormsThreadExceptions.ts, the rows marked `withoutContext`: `new Timer(_ => ..., ...)`,
 * `ThreadPool.QueueUserWorkItem(...)`, `new Thread(...)`) has no SynchronizationContext, or null. Such a thread has
 * none whatever the thread that hands the function over has, as for Task.Run. A workspace type of the start's name is
 * not .NET's, and the match is left alone then.
 */
function contextFreeStartOf(ctx: RuleContext, body: MethodBody): string | null {
  if (body.kind !== 'lambda' && body.kind !== 'anonymousMethod') return null;
  const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
  if (!call) return null;
  for (const start of POOL_THREAD_CALLBACK_STARTS) {
    if (!start.withoutContext) continue;
    if (start.kind === 'creation') {
      const created = /^(?:global::)?(?:System\.Threading\.)?([A-Za-z_]\w*)$/.exec(call.name.trim())?.[1];
      if (call.kind !== 'creation' || created !== start.member || typesNamed(ctx.index, start.member).length > 0) continue;
      return start.member === 'Thread'
        ? 'a new Thread runs this function on a thread of its own, which has no SynchronizationContext'
        : `System.Threading.${start.member} runs this function on a thread-pool thread, which has no SynchronizationContext`;
    }
    const receiver = call.receiver?.trim().replace(/^(?:global::)?(?:System\.Threading\.)?/, '');
    if (call.kind !== 'invocation' || call.name !== start.member || receiver !== start.receiver || typesNamed(ctx.index, start.receiver ?? '').length > 0) continue;
    return `${start.receiver}.${start.member} runs this function on a thread-pool thread, which has no SynchronizationContext`;
  }
  return null;
}

/**
 * The clause the blocking rules' notes end a wait's sentence with where the body runs without a SynchronizationContext
 * (ASY001 and ASY003 say the same thing of the same wait), or null where it may have one and the rule says what a
 * context risks instead.
 */
export function withoutContextClause(ctx: RuleContext, body: MethodBody): string | null {
  const reason = contextFreeReason(ctx, body);
  return reason
    ? `. ${reason}, so the wait cannot deadlock on a context here; it still holds the thread for the task's whole duration, and under load such waits starve the thread pool that the task's own continuations need`
    : null;
}

/**
 * Blazor components run on their renderer's SynchronizationContext, one at a time, inside the ASP.NET Core server
 * (learn.microsoft.com/aspnet/core/blazor/components/synchronization-context): a wait there can deadlock, so the
 * project's verdict does not answer for them. A component is a type whose family has one of Blazor's component bases
 * (Microsoft.AspNetCore.Components: ComponentBase and the framework's classes derived from it), or the code-behind of
 * a .razor file, whose base class the markup may name, or a .razor file itself.
 */
const BLAZOR_COMPONENT_BASES = new Set(['ComponentBase', 'IComponent', 'LayoutComponentBase', 'OwningComponentBase', 'InputBase', 'ErrorBoundaryBase']);

/**
 * Where an exception escaping an async void function goes in a Blazor component, as notes say it: the async void
 * builder captured the renderer's SynchronizationContext (component code runs on it) and posts the exception there;
 * Blazor Server's circuit host treats it as fatal to the circuit (dotnet/aspnetcore
 * src/Components/Server/src/Circuits/CircuitHost.cs subscribes `Renderer.UnhandledSynchronizationException`; "Blazor
 * treats most unhandled exceptions as fatal to that circuit", learn.microsoft.com/aspnet/core/blazor/fundamentals/handle-errors).
 * An error boundary does not see it, since it reaches no render or event dispatch. Notes of ASY020 and ASY021 share it.
 */
export const BLAZOR_RETHROW_NOTE = "is rethrown on the Blazor renderer's synchronization context, which in Blazor Server ends the user's circuit (its connection and component state) and logs the exception";

export function inBlazorComponent(ctx: RuleContext, body: MethodBody): boolean {
  // A .razor file is a component whatever its projected class header kept (a long name may leave no room for the base).
  if (/\.razor(?:\.cs)?$/i.test(ctx.file)) return true;
  const owner = body.containingType?.split('.').pop();
  if (!owner) return false;
  for (const name of typeFamily(ctx.index, owner)) if (BLAZOR_COMPONENT_BASES.has(name.split('.').pop() ?? name)) return true;
  return false;
}
