/**
 * Calls that start work from a delegate and also take one that returns a task, so a method handed to them as a method
 * group is not made `async void` by the call: written `Task Work()`, the same text binds to the overload for a
 * task-returning function. ASY020 (rules/callbackSlots.ts) reads an `async void` method handed only to these as a
 * method whose signature is its own choice, not as a callback of a void delegate.
 */

export interface TaskDelegateStart {
  /** The receiver as written, without a namespace: `Task`, `Task.Factory`. */
  receiver: string;
  member: string;
  /** What the task-returning overload does with the function's task. */
  overload: string;
  source: string;
}

export const TASK_DELEGATE_STARTS: readonly TaskDelegateStart[] = [
  {
    receiver: 'Task', member: 'Run',
    overload: 'Task.Run(Func<Task>) returns a task that completes when the function\'s task does, with its exception',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.run#system-threading-tasks-task-run(system-func((system-threading-tasks-task)))',
  },
  {
    receiver: 'Task.Factory', member: 'StartNew',
    overload: 'TaskFactory.StartNew<TResult>(Func<TResult>) returns the function\'s task inside its own (Task<Task>, which Unwrap flattens)',
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.taskfactory.startnew#system-threading-tasks-taskfactory-startnew-1(system-func((-0)))',
  },
];

/**
 * Whether a call's receiver and name, as the model records them (`Task` and `Run`, `System.Threading.Tasks.Task
 * .Factory` and `StartNew`, blanks allowed around the dots), are one of these calls.
 */
export function isTaskDelegateStart(receiver: string, member: string): boolean {
  const written = receiver.replace(/\s+/g, '').replace(/^System\.Threading\.Tasks\./, '');
  return TASK_DELEGATE_STARTS.some((s) => s.member === member && s.receiver === written);
}
