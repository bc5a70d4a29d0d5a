/**
 * Library methods that return a ValueTask over a Task, never over a pooled IValueTaskSource: dropping what they
 * return loses the operation's exception and its completion, but holds no source back from a pool. ASY024's note on
 * a dropped call reads them.
 */

export interface TaskBackedValueTaskApi {
  /** The type the call is made on, as people declare it (an interface, or the type an extension method extends). */
  type: string;
  namespace: string;
  members: readonly string[];
  /** How the ValueTask is built, in a few words for a note. */
  backing: string;
  source: string;
}

const ASPNETCORE_JS_INTEROP = 'https://github.com/dotnet/aspnetcore/blob/main/src/JSInterop/Microsoft.JSInterop/src';

export const TASK_BACKED_VALUE_TASK_APIS: readonly TaskBackedValueTaskApi[] = [
  {
    // JSRuntime.InvokeAsync creates a TaskCompletionSource for the interop call and returns
    // `new ValueTask<TValue>(tcs.Task)`; JSRuntimeExtensions.InvokeVoidAsync is an `async ValueTask` method, which the
    // default builder backs with a Task when it suspends.
    type: 'IJSRuntime',
    namespace: 'Microsoft.JSInterop',
    members: ['InvokeAsync', 'InvokeVoidAsync'],
    backing: "the JavaScript interop call's Task",
    source: `${ASPNETCORE_JS_INTEROP}/JSRuntime.cs, JSRuntimeExtensions.cs`,
  },
  {
    // JSObjectReference.InvokeAsync forwards to its runtime's InvokeAsync for the object's id.
    type: 'IJSObjectReference',
    namespace: 'Microsoft.JSInterop',
    members: ['InvokeAsync', 'InvokeVoidAsync'],
    backing: "the JavaScript interop call's Task",
    source: `${ASPNETCORE_JS_INTEROP}/Implementation/JSObjectReference.cs, JSObjectReferenceExtensions.cs`,
  },
];

/** The row for a call of `member` on a receiver of a type some row names (matched by `derivesFrom`), if any. */
export function taskBackedValueTaskApiFor(member: string, derivesFrom: (type: string) => boolean): TaskBackedValueTaskApi | undefined {
  return TASK_BACKED_VALUE_TASK_APIS.find((row) => row.members.includes(member) && derivesFrom(row.type));
}
