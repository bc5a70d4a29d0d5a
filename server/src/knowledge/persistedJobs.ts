/**
 * Calls that store a background job by the name of the method its expression calls. Hangfire turns
 * `BackgroundJob.Enqueue(() => service.Scan(id))` into the receiver's type name, the method's name, its parameter
 * types and the argument values, writes that to its storage, and looks the method up by that name when a worker runs
 * the job: maybe minutes later, after a restart or on a newer release. Renaming the method makes every job already
 * stored under the old name fail with "target method was not found" (HangfireIO/Hangfire#747), so the name is not
 * the method's to change.
 */

export interface PersistedJobApi {
  /** The namespace a file must import for a call of these names to be this library's. */
  namespace: string;
  library: string;
  /** The receivers the call is made on: a static class as written, or the simple name of an instance receiver's type. */
  receivers: readonly string[];
  /** The members that take the job as an expression (`() => service.Scan(id)`, `x => x.Scan(id)`). */
  methods: readonly string[];
  source: string;
}

export const PERSISTED_JOB_APIS: readonly PersistedJobApi[] = [
  {
    namespace: 'Hangfire',
    library: 'Hangfire',
    // BackgroundJob and RecurringJob are the static facades; IBackgroundJobClient and IRecurringJobManager (with
    // their default implementations) are what dependency injection hands out, their Enqueue and AddOrUpdate being
    // extension methods of the same shape.
    receivers: ['BackgroundJob', 'RecurringJob', 'IBackgroundJobClient', 'BackgroundJobClient', 'IRecurringJobManager', 'RecurringJobManager'],
    methods: ['Enqueue', 'Schedule', 'ContinueJobWith', 'ContinueWith', 'AddOrUpdate'],
    source: 'https://docs.hangfire.io/en/latest/background-methods/',
  },
];

/** The row whose library stores a job given to `receiverType.method(...)`, or null. */
export function persistedJobApi(receiverType: string, method: string): PersistedJobApi | null {
  return PERSISTED_JOB_APIS.find((r) => r.methods.includes(method) && r.receivers.includes(receiverType)) ?? null;
}

/** Whether some library stores jobs given to a member of this name (a cheap first test before typing a receiver). */
export function mayPersistJobs(method: string): boolean {
  return PERSISTED_JOB_APIS.some((r) => r.methods.includes(method));
}
