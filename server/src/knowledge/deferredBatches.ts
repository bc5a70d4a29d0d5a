/**
 * Query batches that hand out one task per query and complete all of them when the batch runs: after the batch's
 * execution has been awaited, the task each query member returned has completed, so reading its Result blocks
 * nothing. A batch whose execution only sends the commands (StackExchange.Redis `IBatch.Execute()`, whose tasks
 * complete when the server replies) is not such a batch and has no row.
 */

export interface DeferredBatchRow {
  /** The call that creates the batch, on a session: `session.CreateBatchQuery()`. */
  factory: string;
  /** The batch's member whose awaited task completes every query task the batch handed out. */
  execute: string;
  library: string;
  source: string;
}

export const DEFERRED_BATCHES: readonly DeferredBatchRow[] = [
  {
    factory: 'CreateBatchQuery',
    execute: 'Execute',
    library: "Marten's IBatchedQuery (IQuerySession.CreateBatchQuery, Load, Query, Execute)",
    source: 'https://martendb.io/documents/querying/batched-queries.html ("Task\'s that are completed by the Execute() method above", after `await batch.Execute();`)',
  },
];

/** The row of the batch a local's initializer creates (`session.CreateBatchQuery()`), or null. */
export function deferredBatchCreatedBy(initializer: string): DeferredBatchRow | null {
  const call = /\.\s*([A-Za-z_]\w*)\s*\(\s*\)$/.exec(initializer.trim());
  return DEFERRED_BATCHES.find((row) => row.factory === call?.[1]) ?? null;
}
