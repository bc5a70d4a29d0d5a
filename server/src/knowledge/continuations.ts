/**
 * Calls that run a callback only once a task (or every task of an array) has completed: inside the callback, reading
 * that task's Result (or its GetAwaiter().GetResult()) does not block, so ASY001 and ASY003 leave it alone (model/completion.ts
 * `continuationReason`).
 */

export interface ContinuationApi {
  /** The method's name; the callback is any lambda or anonymous method among its arguments. */
  name: string;
  /**
   * Where the task the callback continues is written: the call's receiver (`task.ContinueWith(t => ...)`) or its
   * first argument (`context.ReenterAfter(task, t => ...)`). Either way a callback parameter, when there is one,
   * receives that task first. 'none' for the calls that continue an array of tasks, their first argument: no one
   * task written there is the antecedent.
   */
  antecedent: 'receiver' | 'firstArgument' | 'none';
  /**
   * What the callback's first parameter receives: the antecedent task itself (ContinueWith, ReenterAfter, and
   * ContinueWhenAny's task that finished first), or the array of tasks the call was given, every one of them
   * completed (ContinueWhenAll).
   */
  receives: 'task' | 'allTasks';
  /** What the callback is called in the reason the model records ("inside a ContinueWith continuation of this task"). */
  callback: string;
  source: string;
}

export const CONTINUATION_APIS: readonly ContinuationApi[] = [
  {
    name: 'ContinueWith', antecedent: 'receiver', receives: 'task', callback: 'ContinueWith continuation',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.continuewith',
  },
  {
    // Proto.Actor's IContext.ReenterAfter(Task target, Action<Task> action) and its overloads: the interface's
    // documentation says each "awaits the given target task and once completed, the given action is then completed
    // within the actors concurrency constraint", the task passed to the action being the awaited one.
    name: 'ReenterAfter', antecedent: 'firstArgument', receives: 'task', callback: 'ReenterAfter callback',
    source: 'https://github.com/asynkron/protoactor-dotnet/blob/dev/src/Proto.Actor/Context/IContext.cs',
  },
  {
    // TaskFactory.ContinueWhenAll(Task[] tasks, Action<Task[]> continuationAction, ...): "Creates a continuation task
    // that starts when a set of specified tasks has completed"; the callback is handed that array.
    name: 'ContinueWhenAll', antecedent: 'none', receives: 'allTasks', callback: 'ContinueWhenAll continuation',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.taskfactory.continuewhenall',
  },
  {
    // TaskFactory.ContinueWhenAny(Task[] tasks, Action<Task> continuationAction, ...): the callback is handed "the
    // task that completed" first.
    name: 'ContinueWhenAny', antecedent: 'none', receives: 'task', callback: 'ContinueWhenAny continuation',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.taskfactory.continuewhenany',
  },
];

/** The row for a call of this name, or undefined. */
export function continuationApiOf(name: string): ContinuationApi | undefined {
  return CONTINUATION_APIS.find((row) => row.name === name);
}
