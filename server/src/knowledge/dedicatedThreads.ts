/**
 * Task starts that run their delegate on a thread created for it alone, as `new Thread(...)` does: the delegate has
 * no SynchronizationContext and no caller that could await instead, so ASY003 treats it as a thread's start
 * (rules/threadStarts.ts).
 */

export interface DedicatedThreadStart {
  /** The receiver as written, without `global::System.Threading.Tasks.` (`Task.Factory`). */
  receiver: string;
  method: string;
  /** Each of these must be among the call's arguments (named or not): what makes the start a dedicated thread. */
  requiredArguments: readonly RegExp[];
  /** Why the delegate runs on a thread of its own. */
  why: string;
  source: string;
}

export const DEDICATED_THREAD_STARTS: readonly DedicatedThreadStart[] = [
  {
    // The default scheduler (ThreadPoolTaskScheduler.QueueTask) starts a LongRunning task on a new background thread
    // named ".NET Long Running Task" instead of queueing it to the pool. The scheduler must be named: without one,
    // Task.Factory.StartNew uses TaskScheduler.Current, which inside another task's scheduler (a UI context's
    // FromCurrentSynchronizationContext) is that scheduler, and LongRunning is then only a hint.
    receiver: 'Task.Factory',
    method: 'StartNew',
    requiredArguments: [/^(?:creationOptions\s*:\s*)?(?:[\w.]+\.)?TaskCreationOptions\s*\.\s*LongRunning(?:\s*\|\s*(?:[\w.]+\.)?TaskCreationOptions\s*\.\s*\w+)*$/, /^(?:scheduler\s*:\s*)?(?:[\w.]+\.)?TaskScheduler\s*\.\s*Default$/],
    why: 'TaskCreationOptions.LongRunning on TaskScheduler.Default runs it on a thread of its own',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Private.CoreLib/src/System/Threading/Tasks/ThreadPoolTaskScheduler.cs (QueueTask)',
  },
];

/** The row a call (`Task.Factory.StartNew(work, token, TaskCreationOptions.LongRunning, TaskScheduler.Default)`) matches, or undefined. */
export function dedicatedThreadStartOf(receiver: string | null, method: string, argumentTexts: readonly string[]): DedicatedThreadStart | undefined {
  const written = receiver?.replace(/\s+/g, '').replace(/^(?:global::)?(?:System\.Threading\.Tasks\.)/, '');
  return DEDICATED_THREAD_STARTS.find((row) => row.receiver === written && row.method === method
    && row.requiredArguments.every((required) => argumentTexts.some((a) => required.test(a.trim()))));
}
