/** The table of framework types whose Dispose, given a constructor argument, leaves work already started alone, read by ASY026 (task-escapes-using). */

/**
 * A type whose Dispose only marks the object disposed when it was created with one argument set to a value: an
 * operation the object had already started runs on undisturbed, so returning its task from inside a `using` of
 * the object pulls nothing from under the task.
 */
export interface InertDisposal {
  /** The type as people write it after `new`, without namespace: 'HttpMessageInvoker'. */
  type: string;
  namespace: string;
  /** The constructor parameter that makes Dispose inert, by name (`disposeHandler: false`). */
  parameter: string;
  /** Its zero-based position, for the argument written without its name (`new HttpMessageInvoker(handler, false)`). */
  position: number;
  /** The value, as written, that makes Dispose inert. */
  value: string;
  /** What Dispose does then, in a sentence. */
  why: string;
  /** The source file or page that shows it. */
  source: string;
}

export const INERT_DISPOSALS: readonly InertDisposal[] = [
  {
    type: 'HttpMessageInvoker', namespace: 'System.Net.Http', parameter: 'disposeHandler', position: 1, value: 'false',
    why: 'HttpMessageInvoker.Dispose sets its disposed flag and disposes the handler only when disposeHandler is true; a SendAsync already handed to the handler never reads the flag again.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Net.Http/src/System/Net/Http/HttpMessageInvoker.cs',
  },
];

/**
 * Types that look like rows and are not, with the reason: a reader adding one should see why it was left out.
 * HttpClient derives from HttpMessageInvoker and takes the same disposeHandler argument, but its Dispose cancels every
 * request still pending (its pending-requests CancellationTokenSource), so a returned SendAsync or GetAsync fails.
 */
export const NOT_INERT_DISPOSALS: readonly { type: string; reason: string; source: string }[] = [
  {
    type: 'HttpClient',
    reason: 'HttpClient.Dispose cancels the requests still pending, whatever disposeHandler says.',
    source: 'https://github.com/dotnet/runtime/blob/main/src/libraries/System.Net.Http/src/System/Net/Http/HttpClient.cs',
  },
];

const BY_TYPE = new Map(INERT_DISPOSALS.map((r) => [r.type, r] as const));

/** The row for a created type's name (`HttpMessageInvoker`, or `System.Net.Http.HttpMessageInvoker`), if any. */
export function inertDisposalFor(createdType: string): InertDisposal | undefined {
  const row = BY_TYPE.get(createdType.replace(/^(?:global::)?(?:[A-Za-z_]\w*\.)*/, ''));
  if (!row) return undefined;
  const qualifier = createdType.replace(/^global::/, '').slice(0, -row.type.length).replace(/\.$/, '');
  return qualifier === '' || qualifier === row.namespace ? row : undefined;
}
