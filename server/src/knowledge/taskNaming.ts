/**
 * Names that .NET's own task APIs give to awaitable-returning methods without the Async suffix, because the method
 * does not start an asynchronous operation: it combines tasks the caller already started, or converts one awaitable
 * into another. A workspace method of the same shape follows the same precedent, and asking it for the suffix
 * (`WhenAllAsync`, `AsTaskAsync`) would name it unlike the API its callers already know. The mocking libraries set
 * the opposite precedent: a setup extension named Async that returns no awaitable, since what it configures does.
 */

export interface TaskNamingPrecedent {
  /** What the methods of this row do. */
  kind: 'combinator' | 'conversion' | 'mock setup';
  /** The .NET members that set the precedent. */
  examples: readonly string[];
  source: string;
}

/** Static combinators of tasks the caller started: `Task.WhenAll(a, b)` waits for them, it starts nothing itself. */
export const TASK_COMBINATOR_NAMES: readonly string[] = ['WhenAll', 'WhenAny'];

/**
 * A conversion is named `As` or `To` followed by a name that ends in the awaitable type it returns: `AsTask`,
 * `AsValueTask`, `AsVoidValueTask`, `ToTask`. The suffix words are the awaitable types whose name the conversion
 * repeats, longest first so that a ValueTask is not read as a Task.
 */
export const CONVERSION_TARGETS: readonly { suffix: string; returnKinds: readonly string[] }[] = [
  { suffix: 'ValueTask', returnKinds: ['ValueTask', 'ValueTaskOfT'] },
  { suffix: 'Task', returnKinds: ['Task', 'TaskOfT'] },
];

/**
 * Conversions whose name alone says they return a Task, whatever they are called on: ValueTask's and ValueTask<TResult>'s
 * `AsTask()` (https://learn.microsoft.com/dotnet/api/system.threading.tasks.valuetask.astask) and the Windows Runtime
 * operations' `AsTask(...)` extensions (https://learn.microsoft.com/dotnet/api/system.windowsruntimesystemextensions.astask).
 * When the receiver's type is not visible (an implicitly typed foreach variable's call), the value of such a call is
 * still a task. `ToTask` is left out: a work tracker's own mapping to its `Task` entity is named so as often as a
 * conversion to System.Threading.Tasks.Task is.
 */
export const TASK_CONVERSION_NAMES: readonly string[] = ['AsTask'];

/**
 * Setup extensions of the mocking libraries, named for the awaitable the mocked member will hand back (`ReturnsAsync`
 * makes it return a completed task of the value, `ThrowsAsync` a faulted one) while they return the library's
 * configuration object, which nobody awaits (Moq's `IReturnsResult<TMock>`, NSubstitute's `ConfiguredCall`). A test
 * suite's own extension of the same name, written for a library that lacks it, is named as the API its callers know.
 */
export const MOCK_SETUP_NAMES: readonly string[] = ['ReturnsAsync', 'ThrowsAsync'];

/**
 * Names of WhenAll combinators whose task completes only once every task it was given has completed, or faults (a
 * failing task ends it early, which the await then rethrows). After such an await returns, each of its tasks has
 * completed. `WhenAll` is Task's own; `WhenAllOrFirstException` is the combinator of that behaviour in .NET's guide to
 * the Task-based Asynchronous Pattern (https://learn.microsoft.com/dotnet/standard/asynchronous-programming-patterns/consuming-the-task-based-asynchronous-pattern#whenallorfirstexception),
 * and `WhenAllFailFast` the name code bases give the same helper after JavaScript's Promise.all. A combinator that
 * may return with a task still running (one with a timeout) takes another name, and is not in this list.
 */
export const WAIT_ALL_COMBINATOR_NAMES: readonly string[] = ['WhenAll', 'WhenAllFailFast', 'WhenAllOrFirstException'];

export const TASK_NAMING_PRECEDENTS: readonly TaskNamingPrecedent[] = [
  {
    kind: 'combinator',
    examples: ['Task.WhenAll', 'Task.WhenAny'],
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.task.whenall',
  },
  {
    kind: 'conversion',
    examples: ['ValueTask.AsTask', 'ValueTask<TResult>.AsTask', 'WindowsRuntimeSystemExtensions.AsTask'],
    source: 'https://learn.microsoft.com/dotnet/api/system.threading.tasks.valuetask.astask',
  },
  {
    kind: 'mock setup',
    examples: ['Moq.ReturnsExtensions.ReturnsAsync', 'Moq.ReturnsExtensions.ThrowsAsync', 'NSubstitute.ExceptionExtensions.ExceptionExtensions.ThrowsAsync'],
    source: 'https://github.com/devlooped/moq/blob/main/src/Moq/ReturnsExtensions.cs; https://nsubstitute.github.io/help/throwing-exceptions/',
  },
];

/** Whether a static method of this name combines tasks as Task's own combinators do. */
export function isTaskCombinatorName(name: string, isStatic: boolean): boolean {
  return isStatic && TASK_COMBINATOR_NAMES.includes(name);
}

/**
 * Whether the name says the method converts something into the awaitable it returns: `As` or `To`, a capital, and
 * the returned type's own name at the end (`AsValueTask` returning a ValueTask<T>; not `AsTask` returning a
 * ValueTask, whose name would then be wrong about its type).
 */
export function isConversionToItsAwaitable(name: string, returnKind: string): boolean {
  if (!/^(?:As|To)[A-Z]/.test(name)) return false;
  const target = CONVERSION_TARGETS.find((t) => name.endsWith(t.suffix));
  return target !== undefined && target.returnKinds.includes(returnKind);
}

/** Whether an extension method that returns no awaitable is named as the mocking libraries name their setups. */
export function isMockSetupName(name: string, isExtension: boolean): boolean {
  return isExtension && MOCK_SETUP_NAMES.includes(name);
}
