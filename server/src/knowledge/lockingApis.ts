/** The table of lock-like waits that hold a thread inside async code, read by ASY004 (blocking-lock-in-async). */

/** One synchronous wait on a lock, event or other thread-synchronization primitive. */
export interface LockingApi {
  /** Declaring type as people write it, without namespace: 'Monitor', 'Mutex', 'ManualResetEventSlim'. */
  type: string;
  /** Namespace of the declaring type, for docs: 'System.Threading'. */
  namespace: string;
  /** Member name as it appears at the call site: 'Enter', 'WaitOne'. */
  member: string;
  /** 'static' when called as Type.Member(...), 'instance' when called on a receiver of that type (or a derived type). */
  kind: 'static' | 'instance';
  /** What to write instead, as text a person can copy: 'await semaphore.WaitAsync()'. */
  replacement: string;
  /**
   * Arguments that make the call return at once instead of waiting (Monitor.TryEnter(x), WaitOne(0)):
   * matched like BlockingApi.nonBlockingArguments, where an element ending in '*' matches by prefix.
   */
  nonBlockingArguments?: string[][];
  /** Lower-case substrings of the receiver identifier that suggest the type when no declaration is visible. */
  receiverHints?: string[];
  /**
   * True when the primitive has thread affinity (Monitor, Mutex, SpinLock, ReaderWriterLockSlim, Lock):
   * releasing it after an await, on another thread, throws, so holding it across an await is a bug, not
   * just a cost.
   */
  threadAffine?: boolean;
  /** Major .NET version that first shipped the type, when it is recent: '9' for System.Threading.Lock. */
  since?: string;
  /**
   * For thread-affine acquisitions: the members that release what this call took (`Exit` for Monitor.Enter,
   * `ReleaseMutex` for Mutex.WaitOne), called on the same receiver (or, for a static row, with the same first
   * argument). An acquisition before an await and a release after it means the release may run on another thread.
   */
  releasedBy?: string[];
  /**
   * An in-process lock with no statement form, so enter and exit calls in a try/finally are how everyone uses it
   * (SpinLock, the reader-writer locks). When its release follows in the same method with no await between, the
   * section is judged like a `lock` body: reported only when it blocks inside. Not Monitor or Lock, whose idiomatic
   * form is the `lock` statement that the compiler keeps free of awaits (CS1996): taken by hand in async code, nothing
   * stops a later edit from putting an await inside. Not a Mutex, which another process may hold as long as it likes.
   */
  criticalSection?: boolean;
  /**
   * For a wait on the handle a .NET type hands out as a property (`token.WaitHandle.WaitOne(pause)`): that type and
   * property. What sets such a handle is the owner's own state (a cancellation), not code that signals it like an
   * event, so the row's advice replaces the owner's use, not the handle's. Such rows are matched only through a
   * receiver that reads the property (EXPOSED_HANDLE_WAITS), never by the handle's type alone.
   */
  exposedAs?: { owner: string; property: string };
  /** Why waiting here is bad in a sentence, shown in the diagnostic note. */
  note: string;
  /** Where the fact comes from: a learn.microsoft.com page. */
  source: string;
}

/** The `lock` statement is syntax, not a call, so it is described apart from the call rows. */
export interface LockStatementKnowledge {
  /** The C# keyword the rule looks for. */
  keyword: 'lock';
  replacement: string;
  /** The compiler error that already forbids `await` inside the lock body, so the rule need not report that case. */
  awaitInsideIsCompilerError: string;
  note: string;
  source: string;
}

const docs = (id: string): string => `https://learn.microsoft.com/dotnet/api/${id}`;

const SEMAPHORE_REPLACEMENT =
  'A SemaphoreSlim(1, 1) field with `await gate.WaitAsync(); try { ... } finally { gate.Release(); }`';
const SIGNAL_REPLACEMENT =
  'A TaskCompletionSource (set it where the event is set, `await tcs.Task` where it is waited on) or a SemaphoreSlim with `await WaitAsync()`';
const ZERO_TIMEOUT: string[][] = [['0'], ['TimeSpan.Zero'], ['0', '*'], ['TimeSpan.Zero', '*']];

export const LOCK_STATEMENT: LockStatementKnowledge = {
  keyword: 'lock',
  replacement: SEMAPHORE_REPLACEMENT,
  awaitInsideIsCompilerError: 'CS1996',
  note:
    'A lock that only guards in-memory state is held for microseconds, cannot contain an await (CS1996) and is cheaper than a SemaphoreSlim; the docs ask to hold a lock as briefly as possible, and a lock held across blocking I/O or a wait makes every other thread that needs it wait that long.',
  source: 'https://learn.microsoft.com/dotnet/csharp/language-reference/statements/lock',
};

export const LOCKING_APIS: readonly LockingApi[] = [
  {
    type: 'Monitor', namespace: 'System.Threading', member: 'Enter', kind: 'static', threadAffine: true,
    releasedBy: ['Exit'],
    replacement: SEMAPHORE_REPLACEMENT,
    note: 'Monitor.Enter parks the thread until the lock is free, and Monitor.Exit after an await runs on another thread and throws SynchronizationLockException.',
    source: docs('system.threading.monitor.enter'),
  },
  {
    type: 'Monitor', namespace: 'System.Threading', member: 'TryEnter', kind: 'static', threadAffine: true,
    releasedBy: ['Exit'],
    replacement: 'A SemaphoreSlim(1, 1) with `if (await gate.WaitAsync(timeout)) { try { ... } finally { gate.Release(); } }`',
    // TryEnter(obj) and TryEnter(obj, ref taken) test the lock and return at once; only a timeout waits.
    nonBlockingArguments: [['*'], ['*', 'ref *'], ['*', '0'], ['*', 'TimeSpan.Zero'], ['*', '0', 'ref *'], ['*', 'TimeSpan.Zero', 'ref *']],
    note: 'Monitor.TryEnter with a timeout parks the thread for up to that timeout, and the lock cannot be released after an await.',
    source: docs('system.threading.monitor.tryenter'),
  },
  {
    type: 'Monitor', namespace: 'System.Threading', member: 'Wait', kind: 'static', threadAffine: true,
    replacement: SIGNAL_REPLACEMENT,
    note: 'Monitor.Wait releases the lock and parks the thread until another thread pulses it.',
    source: docs('system.threading.monitor.wait'),
  },
  {
    type: 'Lock', namespace: 'System.Threading', member: 'Enter', kind: 'instance', threadAffine: true, since: '9',
    releasedBy: ['Exit'],
    receiverHints: ['lock', 'gate', 'sync'],
    replacement: SEMAPHORE_REPLACEMENT,
    note: 'Lock.Enter parks the thread until the lock is free, and the lock must be exited on the same thread.',
    source: docs('system.threading.lock.enter'),
  },
  {
    type: 'Lock', namespace: 'System.Threading', member: 'EnterScope', kind: 'instance', threadAffine: true, since: '9',
    receiverHints: ['lock', 'gate', 'sync'],
    replacement: SEMAPHORE_REPLACEMENT,
    note: 'Lock.EnterScope parks the thread until the lock is free, and the scope must be disposed on the same thread.',
    source: docs('system.threading.lock.enterscope'),
  },
  {
    type: 'Mutex', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance', threadAffine: true,
    releasedBy: ['ReleaseMutex'],
    receiverHints: ['mutex'],
    replacement: `${SEMAPHORE_REPLACEMENT}; for a named cross-process mutex, take it on a dedicated thread, not the thread pool`,
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'Mutex.WaitOne parks the thread, and a Mutex must be released by the thread that acquired it, which an await does not keep.',
    source: docs('system.threading.mutex'),
  },
  {
    type: 'Semaphore', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    receiverHints: ['semaphore', 'sem'],
    replacement: 'A SemaphoreSlim with `await semaphore.WaitAsync()`, unless the semaphore is named and shared across processes',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'Semaphore.WaitOne parks the thread until a slot is free; SemaphoreSlim.WaitAsync waits without one.',
    source: docs('system.threading.semaphoreslim.waitasync'),
  },
  {
    type: 'WaitHandle', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    receiverHints: ['handle', 'event', 'signal'],
    replacement: SIGNAL_REPLACEMENT,
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'WaitHandle.WaitOne parks the thread in the kernel until the handle is signaled.',
    source: docs('system.threading.waithandle.waitone'),
  },
  {
    type: 'WaitHandle', namespace: 'System.Threading', member: 'WaitAll', kind: 'static',
    replacement: '`await Task.WhenAll(...)` over TaskCompletionSource tasks that replace the handles',
    nonBlockingArguments: [['*', '0'], ['*', 'TimeSpan.Zero'], ['*', '0', '*'], ['*', 'TimeSpan.Zero', '*']],
    note: 'WaitHandle.WaitAll parks the thread until every handle is signaled.',
    source: docs('system.threading.waithandle.waitall'),
  },
  {
    type: 'WaitHandle', namespace: 'System.Threading', member: 'WaitAny', kind: 'static',
    replacement: '`await Task.WhenAny(...)` over TaskCompletionSource tasks that replace the handles',
    nonBlockingArguments: [['*', '0'], ['*', 'TimeSpan.Zero'], ['*', '0', '*'], ['*', 'TimeSpan.Zero', '*']],
    note: 'WaitHandle.WaitAny parks the thread until one handle is signaled.',
    source: docs('system.threading.waithandle.waitany'),
  },
  {
    type: 'WaitHandle', namespace: 'System.Threading', member: 'SignalAndWait', kind: 'static',
    replacement: SIGNAL_REPLACEMENT,
    note: 'WaitHandle.SignalAndWait signals one handle and parks the thread until another is signaled.',
    source: docs('system.threading.waithandle.signalandwait'),
  },
  {
    type: 'ManualResetEvent', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    receiverHints: ['event', 'reset', 'signal', 'ready', 'done'],
    replacement: 'A TaskCompletionSource: `tcs.TrySetResult()` where the event is set, `await tcs.Task` where it is waited on',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'ManualResetEvent.WaitOne parks the thread in the kernel until another thread sets the event.',
    source: docs('system.threading.tasks.taskcompletionsource'),
  },
  {
    type: 'AutoResetEvent', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    receiverHints: ['event', 'reset', 'signal'],
    replacement: 'A SemaphoreSlim(0, 1): `Release()` where the event is set, `await WaitAsync()` where it is waited on',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'AutoResetEvent.WaitOne parks the thread in the kernel until another thread sets the event.',
    source: docs('system.threading.semaphoreslim.waitasync'),
  },
  {
    type: 'EventWaitHandle', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    receiverHints: ['event', 'handle', 'signal'],
    replacement: SIGNAL_REPLACEMENT,
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'EventWaitHandle.WaitOne parks the thread in the kernel until another thread sets the event.',
    source: docs('system.threading.eventwaithandle'),
  },
  {
    type: 'ManualResetEventSlim', namespace: 'System.Threading', member: 'Wait', kind: 'instance',
    receiverHints: ['event', 'reset', 'signal', 'ready', 'done', 'mres'],
    replacement: 'A TaskCompletionSource: `tcs.TrySetResult()` where the event is set, `await tcs.Task` where it is waited on',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'ManualResetEventSlim.Wait spins and then parks the thread until another thread sets the event; it has no WaitAsync.',
    source: docs('system.threading.manualreseteventslim.wait'),
  },
  {
    type: 'CountdownEvent', namespace: 'System.Threading', member: 'Wait', kind: 'instance',
    receiverHints: ['countdown', 'latch'],
    replacement: '`await Task.WhenAll(...)` over the tasks that would signal the countdown',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'CountdownEvent.Wait parks the thread until the count reaches zero.',
    source: docs('system.threading.countdownevent.wait'),
  },
  {
    type: 'Barrier', namespace: 'System.Threading', member: 'SignalAndWait', kind: 'instance',
    receiverHints: ['barrier'],
    replacement: 'Await the participants\' tasks with `await Task.WhenAll(...)` at the point where they must meet',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'Barrier.SignalAndWait parks the thread until every participant arrives, one parked thread per participant.',
    source: docs('system.threading.barrier.signalandwait'),
  },
  {
    type: 'SpinWait', namespace: 'System.Threading', member: 'SpinUntil', kind: 'static',
    replacement: 'Await a TaskCompletionSource set when the condition becomes true, or poll with `await Task.Delay(...)`',
    nonBlockingArguments: [['*', '0'], ['*', 'TimeSpan.Zero']],
    note: 'SpinWait.SpinUntil burns the thread, spinning and then sleeping, until the condition holds.',
    source: docs('system.threading.spinwait.spinuntil'),
  },
  {
    type: 'SpinLock', namespace: 'System.Threading', member: 'Enter', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['Exit'],
    receiverHints: ['spin', 'lock'],
    replacement: SEMAPHORE_REPLACEMENT,
    note: 'SpinLock.Enter spins on the thread until the lock is free; it is meant for a few instructions, never for code near an await.',
    source: docs('system.threading.spinlock.enter'),
  },
  {
    type: 'SpinLock', namespace: 'System.Threading', member: 'TryEnter', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['Exit'],
    receiverHints: ['spin', 'lock'],
    replacement: SEMAPHORE_REPLACEMENT,
    // TryEnter(ref taken) tests once; only a timeout spins.
    nonBlockingArguments: [['ref *'], ['0', 'ref *'], ['TimeSpan.Zero', 'ref *']],
    note: 'SpinLock.TryEnter with a timeout spins on the thread for up to that timeout.',
    source: docs('system.threading.spinlock.tryenter'),
  },
  {
    type: 'ReaderWriterLockSlim', namespace: 'System.Threading', member: 'EnterReadLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ExitReadLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync()`, or an async reader-writer lock such as Microsoft.VisualStudio.Threading AsyncReaderWriterLock',
    note: 'EnterReadLock parks the thread while a writer holds the lock, and the lock must be exited on the thread that entered it.',
    source: docs('system.threading.readerwriterlockslim.enterreadlock'),
  },
  {
    type: 'ReaderWriterLockSlim', namespace: 'System.Threading', member: 'EnterWriteLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ExitWriteLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync()`, or an async reader-writer lock such as Microsoft.VisualStudio.Threading AsyncReaderWriterLock',
    note: 'EnterWriteLock parks the thread while any reader or writer holds the lock, and the lock must be exited on the thread that entered it.',
    source: docs('system.threading.readerwriterlockslim.enterwritelock'),
  },
  {
    type: 'ReaderWriterLockSlim', namespace: 'System.Threading', member: 'EnterUpgradeableReadLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ExitUpgradeableReadLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync()`, or an async reader-writer lock such as Microsoft.VisualStudio.Threading AsyncReaderWriterLock',
    note: 'EnterUpgradeableReadLock parks the thread while a writer or another upgradeable reader holds the lock, and the lock must be exited on the thread that entered it.',
    source: docs('system.threading.readerwriterlockslim.enterupgradeablereadlock'),
  },
  {
    type: 'ReaderWriterLockSlim', namespace: 'System.Threading', member: 'TryEnterReadLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ExitReadLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync(timeout)`',
    nonBlockingArguments: [['0'], ['TimeSpan.Zero']],
    note: 'TryEnterReadLock with a timeout parks the thread for up to that timeout.',
    source: docs('system.threading.readerwriterlockslim.tryenterreadlock'),
  },
  {
    type: 'ReaderWriterLockSlim', namespace: 'System.Threading', member: 'TryEnterWriteLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ExitWriteLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync(timeout)`',
    nonBlockingArguments: [['0'], ['TimeSpan.Zero']],
    note: 'TryEnterWriteLock with a timeout parks the thread for up to that timeout.',
    source: docs('system.threading.readerwriterlockslim.tryenterwritelock'),
  },
  {
    type: 'ReaderWriterLock', namespace: 'System.Threading', member: 'AcquireReaderLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ReleaseReaderLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync()`',
    nonBlockingArguments: [['0'], ['TimeSpan.Zero']],
    note: 'AcquireReaderLock parks the thread while a writer holds the lock, and the lock belongs to the thread that took it.',
    source: docs('system.threading.readerwriterlock.acquirereaderlock'),
  },
  {
    type: 'ReaderWriterLock', namespace: 'System.Threading', member: 'AcquireWriterLock', kind: 'instance', threadAffine: true,
    criticalSection: true,
    releasedBy: ['ReleaseWriterLock'],
    receiverHints: ['rwlock', 'readerwriter', 'lock'],
    replacement: 'A SemaphoreSlim(1, 1) with `await WaitAsync()`',
    nonBlockingArguments: [['0'], ['TimeSpan.Zero']],
    note: 'AcquireWriterLock parks the thread while anyone else holds the lock, and the lock belongs to the thread that took it.',
    source: docs('system.threading.readerwriterlock.acquirewriterlock'),
  },
  {
    type: 'Thread', namespace: 'System.Threading', member: 'Join', kind: 'instance',
    receiverHints: ['thread', 'worker'],
    replacement: 'Run the work as a Task (Task.Run, or a TaskCompletionSource the thread completes) and `await` it',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'Thread.Join parks the calling thread until the other thread ends.',
    source: docs('system.threading.thread.join'),
  },
];

/**
 * Waits on a handle that a .NET type exposes, where the owner says more than the handle's type. A cancellation token's
 * WaitHandle is set when, and only when, the token is cancelled ("the WaitHandle ... is signaled when the token is
 * canceled"), so `token.WaitHandle.WaitOne(pause)` is a pause between rounds of a poll loop that cancellation ends
 * early. Nothing signals it as code sets an event, so a TaskCompletionSource is no replacement; `Task.Delay(delay,
 * token)` is the same pause without a thread, and ends when the token is cancelled.
 */
export const EXPOSED_HANDLE_WAITS: readonly LockingApi[] = [
  {
    type: 'WaitHandle', namespace: 'System.Threading', member: 'WaitOne', kind: 'instance',
    exposedAs: { owner: 'CancellationToken', property: 'WaitHandle' },
    replacement:
      '`await Task.Delay(timeout, token)` (Timeout.InfiniteTimeSpan where no timeout is given), which pauses without holding a thread and ends when the token is cancelled; it then throws OperationCanceledException where WaitOne returned true, so catch that where the loop should stop quietly',
    nonBlockingArguments: ZERO_TIMEOUT,
    note: 'A cancellation token\'s WaitHandle is signaled only when the token is cancelled, so waiting on it is a pause that cancellation ends early, and the thread is parked for the whole pause.',
    source: docs('system.threading.cancellationtoken.waithandle'),
  },
];

/**
 * Static types every member of which touches the file system: a call to one inside a `lock` holds the lock for the
 * length of a disk operation even where no async twin exists (File.Copy, Directory.CreateDirectory).
 */
export interface FileSystemType {
  type: string;
  namespace: string;
  source: string;
}

export const FILE_SYSTEM_TYPES: readonly FileSystemType[] = [
  { type: 'File', namespace: 'System.IO', source: docs('system.io.file') },
  { type: 'Directory', namespace: 'System.IO', source: docs('system.io.directory') },
];

const rowsByMember = new Map<string, LockingApi[]>();
for (const row of LOCKING_APIS) {
  const rows = rowsByMember.get(row.member) ?? [];
  rows.push(row);
  rowsByMember.set(row.member, rows);
}

/** Every locking row whose member has this name, across declaring types (WaitOne matches Mutex, Semaphore, WaitHandle ...). */
export function lockingApisByMember(member: string): readonly LockingApi[] {
  return rowsByMember.get(member) ?? [];
}
