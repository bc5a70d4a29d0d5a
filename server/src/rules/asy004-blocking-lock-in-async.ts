/** ASY004 blocking-lock-in-async: `lock`, Monitor, Mutex, WaitHandle, event and spin waits inside async code, where the thread waits for another thread instead of being released. */
import { quoted } from './messageText';
import type { CallSite, LockStatement, MethodBody, Span } from '../model/types';
import { isNonBlockingCall } from '../knowledge/blockingApis';
import { EXPOSED_HANDLE_WAITS, FILE_SYSTEM_TYPES, LOCK_STATEMENT, lockingApisByMember, type LockingApi } from '../knowledge/lockingApis';
import { asyncContextBodies, type Rule, type RuleContext, type RuleFinding } from './types';
import {
  constantArgumentTexts, describeAsyncBody, hintHits, isWorkspaceTypeName, receiverTypeOf, shortCode, staticReceiverName, taskEvidenceOf, typeDerivesFrom,
} from './asy001-004-blocking-common';
import { syncApiCallOf } from './asy002-sync-api-in-async';
import { waitedTaskEvidence } from './waitedTasks';
import { lineNumberAt } from './sourceText';
import { stripGenerics } from '../workspace/index';
import { releasesOf } from './lockSections';

const SEMAPHORE_TITLE = 'Use a SemaphoreSlim and await WaitAsync() instead';

export interface LockingMatch {
  row: LockingApi;
  via: 'static' | 'typed' | 'hinted';
}

/**
 * Decides whether a call in an async body is ASY004's. A call ASY002 claims (SemaphoreSlim.Wait has a twin) or
 * a wait on something that is a task (ASY001's) is never ASY004's, so one call gets one finding.
 */
export function lockingCallOf(ctx: RuleContext, body: MethodBody, call: CallSite): LockingMatch | null {
  // The synchronous branch of a dual-path method blocks by the caller's choice.
  if (call.inNameof || call.receiver === null || call.onSyncPath) return null;
  const rows = lockingApisByMember(call.name);
  if (rows.length === 0) return null;
  const receiver = call.receiver;
  const args = call.argumentTexts;
  const staticName = staticReceiverName(receiver);
  let match: LockingMatch | null = null;
  for (const row of rows) {
    if (row.kind === 'static' && row.type === staticName) {
      match = { row, via: 'static' };
      break;
    }
  }
  if (!match) {
    const exposed = exposedHandleWaitOf(ctx, body, receiver, call.name);
    if (exposed) match = { row: exposed, via: 'typed' };
  }
  if (!match) {
    const instanceRows = rows.filter((r) => r.kind === 'instance');
    const receiverType = instanceRows.length ? receiverTypeOf(ctx, body, receiver) : null;
    if (receiverType !== null) {
      // The row of the type itself (AutoResetEvent.WaitOne) says more than its base's (WaitHandle.WaitOne).
      const exact = instanceRows.find((r) => r.type === stripGenerics(receiverType));
      const row = exact ?? instanceRows.find((r) => typeDerivesFrom(ctx, receiverType, r.type));
      if (row) match = { row, via: 'typed' };
    } else if (instanceRows.length && !isWorkspaceTypeName(ctx, receiver) && args.length <= 2) {
      // Unresolved receivers are guessed from their names; more than two arguments is some other API (LINQ Join).
      if (taskEvidenceOf(ctx, body, receiver).verdict === 'task') return null;
      let best: { row: LockingApi; hits: number } | null = null;
      for (const row of instanceRows) {
        const hits = hintHits(row.receiverHints, receiver);
        if (hits > 0 && (!best || hits > best.hits)) best = { row, hits };
      }
      if (best) match = { row: best.row, via: 'hinted' };
    }
  }
  if (!match || isNonBlockingCall(match.row, constantArgumentTexts(ctx, body, args))) return null;
  if (syncApiCallOf(ctx, body, call)) return null;
  return match;
}

/**
 * The row for a wait on a handle a .NET type hands out (`token.WaitHandle.WaitOne(pause)`, `_cts.Token.WaitHandle`),
 * when the expression before the property is of the owner's type; null for any other receiver, which the handle's own
 * rows judge.
 */
function exposedHandleWaitOf(ctx: RuleContext, body: MethodBody, receiver: string, member: string): LockingApi | null {
  const read = /^(.+?)\s*\??\.\s*([A-Za-z_]\w*)$/s.exec(receiver.trim());
  if (!read) return null;
  const rows = EXPOSED_HANDLE_WAITS.filter((r) => r.member === member && r.exposedAs?.property === read[2]);
  if (rows.length === 0) return null;
  const owner = receiverTypeOf(ctx, body, read[1]);
  if (owner === null) return null;
  const ownerName = stripGenerics(owner).replace(/\?$/, '').replace(/^(?:global::)?System\.Threading\./, '');
  return rows.find((r) => r.exposedAs?.owner === ownerName) ?? null;
}

/** The fix title for a primitive: locks become a SemaphoreSlim, signals and joins become something awaitable. */
function titleFor(row: LockingApi): string {
  if (row.exposedAs?.owner === 'CancellationToken') return 'Await Task.Delay with the token instead';
  if (/Task\.WhenAll/.test(row.replacement)) return 'Await Task.WhenAll over the tasks instead';
  if (/Task\.WhenAny/.test(row.replacement)) return 'Await Task.WhenAny over the tasks instead';
  if (row.type === 'Thread') return 'Run the work as a Task and await it instead';
  if (row.type === 'SpinWait') return 'Await a signal, or poll with await Task.Delay, instead';
  if (row.type === 'AutoResetEvent') return 'Use a SemaphoreSlim(0, 1) and await WaitAsync() instead';
  if (/^A TaskCompletionSource/.test(row.replacement)) return 'Await a TaskCompletionSource instead of waiting on the event';
  return SEMAPHORE_TITLE;
}

/** What the wait is waiting for, as the message's verb phrase (`timed`: the call passes a timeout). */
function waitsFor(row: LockingApi, timed: boolean): string {
  if (row.exposedAs?.owner === 'CancellationToken') return timed ? 'until the timeout passes or the token is cancelled' : 'until the token is cancelled';
  if (row.type === 'Monitor' && row.member === 'Wait') return 'until another thread pulses the lock';
  if (row.threadAffine || row.type === 'Semaphore') return 'until the lock is free';
  if (row.type === 'Thread') return 'until the other thread ends';
  if (row.type === 'SpinWait') return 'until the condition holds';
  if (row.type === 'Barrier') return 'until every participant arrives';
  if (row.type === 'CountdownEvent') return 'until the count reaches zero';
  return 'until another thread signals it';
}

function callFinding(ctx: RuleContext, body: MethodBody, call: CallSite, match: LockingMatch): RuleFinding {
  const { row } = match;
  const spanning = awaitBetweenAcquireAndRelease(ctx, body, call, row);
  if (spanning) {
    const written = ctx.text.slice(call.span.start, call.nameSpan.end);
    return {
      span: call.span,
      message: `${quoted(written)} holds a thread-affine lock across the await on line ${spanning.awaitLine}`,
      note: `Inside ${describeAsyncBody(body)}. Code after an await may resume on another thread, and ${row.type} must be released by the thread that took it: there the release throws ${row.type === 'Mutex' ? 'ApplicationException' : 'SynchronizationLockException'}. Even when it resumes on the same thread, every other waiter stays parked for the whole await. Instead: ${row.replacement}.`,
      fix: { title: titleFor(row), safety: 'display-only', edits: [] },
    };
  }
  const guess = match.via === 'hinted' ? ` (taken for a ${row.type} from its name)` : '';
  const affinity = row.threadAffine && row.member !== 'Wait' && !/same thread|thread that|another thread/.test(row.note)
    ? ' The primitive belongs to the thread that took it, and code after an await may run on another thread, where releasing it throws.'
    : '';
  return {
    span: call.span,
    message: `${quoted(ctx.text.slice(call.span.start, call.nameSpan.end))} blocks the thread ${waitsFor(row, call.argumentTexts.length > 0)}`,
    note: `Inside ${describeAsyncBody(body)}${guess}. ${row.note}${affinity} Instead: ${row.replacement}.`,
    bodyId: body.id,
    fix: { title: titleFor(row), safety: 'display-only', edits: [] },
  };
}

/** Why a `lock` in async code hurts: the first blocking thing its body does, or null for a short in-memory lock. */
interface BlockingInsideLock {
  /** The blocking code as written, for the message: `File.WriteAllText(...)`, `task.Result`. */
  code: string;
  /** What it waits for: "blocks on I/O", "waits for a task", "sleeps". */
  how: string;
  /**
   * The work has no async twin (`File.Exists`, `Directory.CreateDirectory`): a SemaphoreSlim would let only the wait
   * for the lock be awaited, so the remedy is to move the call out of the section.
   */
  twinless?: boolean;
}

/**
 * The blocking work inside a lock's body (the body's own calls and waits; lambdas are separate bodies): a call ASY002
 * flags (sync I/O with a twin, Thread.Sleep, a workspace Foo beside FooAsync), a wait ASY001 flags, a lock-like wait
 * of this rule's own, or a file-system call that has no twin at all.
 */
function blockingInsideLock(ctx: RuleContext, body: MethodBody, lock: LockStatement): BlockingInsideLock | null {
  return blockingInside(ctx, body, lock.span, lock.lockedText);
}

/** The first blocking thing done strictly inside `section` while `lockedText` is held (see blockingInsideLock). */
function blockingInside(ctx: RuleContext, body: MethodBody, section: Span, lockedText: string): BlockingInsideLock | null {
  const inside = (span: Span) => section.start < span.start && span.end <= section.end;
  // Quoted in the message, which shortens it from the front (messageText.ts): the member called stays.
  const code = (span: Span, end: number) => ctx.text.slice(span.start, end);
  for (const call of body.calls) {
    if (!inside(call.span) || call.inNameof) continue;
    const sync = syncApiCallOf(ctx, body, call);
    if (sync) {
      const sleeps = sync.kind === 'table' && sync.row.type === 'Thread';
      return { code: `${code(call.span, call.nameSpan.end)}(...)`, how: sleeps ? 'sleeps' : sync.kind === 'workspace' ? 'runs synchronously where an async twin exists' : 'blocks on I/O' };
    }
    const locking = lockingCallOf(ctx, body, call);
    // Monitor.Wait on the locked object releases the lock while it waits: it is flagged itself, the lock is not held.
    if (locking && locking.row.type === 'Monitor' && locking.row.member === 'Wait' && call.argumentTexts[0]?.trim() === lockedText.trim()) continue;
    if (locking) return { code: `${code(call.span, call.nameSpan.end)}(...)`, how: 'waits for another thread' };
    if (call.receiver !== null && FILE_SYSTEM_TYPES.some((t) => t.type === staticReceiverName(call.receiver!))) {
      return { code: `${code(call.span, call.nameSpan.end)}(...)`, how: 'touches the file system', twinless: true };
    }
  }
  for (const wait of body.waits) {
    if (!inside(wait.span)) continue;
    if (waitedTaskEvidence(ctx, body, wait)?.verdict === 'task') return { code: code(wait.span, wait.span.end), how: 'waits for a task' };
  }
  return null;
}

function lockFinding(ctx: RuleContext, body: MethodBody, lock: LockStatement, blocking: BlockingInsideLock): RuleFinding {
  const locked = shortCode(lock.lockedText);
  const instead = blocking.twinless
    ? `Instead: move ${blocking.code} out of the lock, before or after it, so that the lock guards only in-memory state; the call has no async twin, so a SemaphoreSlim would let only the wait for the lock be awaited.`
    : `Instead: ${LOCK_STATEMENT.replacement}, and await the work's async twin inside it.`;
  return {
    span: lockHeadSpan(ctx.text, lock),
    message: `${quoted(`lock (${locked})`)} is held while ${quoted(blocking.code, 36)} ${blocking.how}`,
    note: `Inside ${describeAsyncBody(body)}. Every other thread that needs ${locked} parks until this blocking work ends, and the compiler forbids await inside a lock (${LOCK_STATEMENT.awaitInsideIsCompilerError}), so the work cannot be awaited where it is. A short lock that only guards in-memory state would be fine. ${instead}`,
    bodyId: body.id,
    fix: { title: blocking.twinless ? `Move ${blocking.code} out of the lock` : SEMAPHORE_TITLE, safety: 'display-only', edits: [] },
  };
}

/**
 * A thread-affine acquisition (Monitor.Enter, Mutex.WaitOne, SpinLock.Enter, ReaderWriterLockSlim.Enter*) with an
 * await after it and its release after that await: the release may run on another thread, where it throws.
 */
function awaitBetweenAcquireAndRelease(ctx: RuleContext, body: MethodBody, call: CallSite, row: LockingApi): { awaitLine: number } | null {
  for (const release of releasesOf(body, call, row)) {
    const between = body.awaits.find((a) => a.span.start >= call.span.end && a.span.end <= release.span.start);
    if (between) return { awaitLine: lineOf(ctx.text, between.span.start) };
  }
  return null;
}

/**
 * A lock with no statement form taken and released in this method with no await in between and nothing blocking
 * inside (`_rw.EnterWriteLock(); try { _sockets.Add(s); } finally { _rw.ExitWriteLock(); }`): a short critical
 * section, which the rule leaves alone as it does a short `lock` statement. Holders of such a lock keep it only for
 * sections like this one, so waiting for it is as short.
 */
function isShortCriticalSection(ctx: RuleContext, body: MethodBody, call: CallSite, row: LockingApi): boolean {
  if (!row.criticalSection) return false;
  const release = releasesOf(body, call, row)[0];
  if (!release) return false;
  const section: Span = { start: call.span.end, end: release.span.start };
  if (body.awaits.some((a) => a.span.start >= section.start && a.span.end <= section.end)) return false;
  const locked = row.kind === 'static' ? call.argumentTexts[0] ?? '' : call.receiver ?? '';
  return blockingInside(ctx, body, section, locked) === null;
}

function lineOf(text: string, offset: number): number {
  return lineNumberAt(text, offset);
}

/** `lock (gate)` without its block: the squiggle marks where the thread waits, not everything it then does. */
function lockHeadSpan(text: string, lock: LockStatement): Span {
  const locked = lock.lockedText ? text.indexOf(lock.lockedText, lock.keywordSpan.end) : -1;
  if (locked === -1 || locked > lock.span.end) return lock.keywordSpan;
  const close = text.indexOf(')', locked + lock.lockedText.length);
  return { start: lock.keywordSpan.start, end: close !== -1 && close < lock.span.end ? close + 1 : locked + lock.lockedText.length };
}

export const rule: Rule = {
  meta: {
    id: 'ASY004',
    name: 'blocking-lock-in-async',
    category: 'blocking',
    defaultSeverity: 'warning',
    fix: 'display-only',
    equivalents: [],
    summary: 'A lock that blocks inside async code: a lock statement whose body does blocking I/O or waits, Monitor/Mutex/WaitHandle/event waits, or a thread-affine lock held across an await.',
    docs: `## What it does
Flags the locks that really hurt async code (async methods, async lambdas, async local functions and async
top-level statements):

- a \`lock\` statement whose body blocks: a synchronous call ASY002 flags (file, stream, database or network I/O
  with an async twin, \`Thread.Sleep\`, a workspace \`Foo\` beside \`FooAsync\`), a task wait ASY001 flags
  (\`.Result\`, \`.Wait()\`), a wait this rule flags, or a \`File\`/\`Directory\` call that has no twin at all
  (\`File.Exists\`, \`File.Copy\`), for which the note and the fix's title say to move the call out of the lock: a
  SemaphoreSlim would let only the wait for the lock be awaited;
- synchronous waits on thread-synchronization primitives: \`Monitor.Enter\`, \`Monitor.Wait\`, \`Monitor.TryEnter\`
  with a timeout, \`Mutex.WaitOne\`, \`WaitHandle.WaitOne\`/\`WaitAll\`/\`WaitAny\`, \`ManualResetEvent(Slim)\` and
  \`AutoResetEvent\` waits, \`CountdownEvent.Wait\`, \`Barrier.SignalAndWait\`, \`SpinWait.SpinUntil\`, \`SpinLock.Enter\`,
  \`ReaderWriterLockSlim.Enter*Lock\`, \`Semaphore.WaitOne\`, \`Lock.Enter\` and \`Thread.Join\`; a wait on a
  cancellation token's handle (\`token.WaitHandle.WaitOne(pause)\`) is a pause that cancellation ends early, so its
  message says so and its note names \`await Task.Delay(pause, token)\`, not an event's replacement;
- a thread-affine lock (Monitor, Mutex, SpinLock, ReaderWriterLockSlim, Lock) taken before an await and released
  after it, with its own message: the release may run on another thread. A release is the lock's when it names the
  same receiver (or, for \`Monitor\`, the same argument) and, when that is a local, lies in the local's scope: two
  branches that each declare \`using var mutex = new Mutex(...)\` hold two locks, and an await in one is not held by
  the other's.

A short \`lock\` that only guards in-memory state is not flagged: it cannot contain an await (CS1996), it is held
for microseconds, and a SemaphoreSlim would be slower there. The same goes for a lock with no statement form taken and
released by calls in the same method (\`SpinLock\`, \`ReaderWriterLockSlim\` and \`ReaderWriterLock\` enter/exit pairs)
with no await and nothing blocking between them. \`Monitor.Enter\` and \`Lock.Enter\` are still reported: their
idiomatic form is the \`lock\` statement, which the compiler keeps free of awaits, and a \`Mutex\` may be held by
another process for as long as it likes. Calls with a zero timeout (\`WaitOne(0)\`,
\`TryEnter(x)\`, also through a \`const\` or a readonly field holding 0) only test and are not flagged.
\`SemaphoreSlim.Wait()\` has an awaitable twin and is ASY002's, with a fix, never this rule's.

## Why is this bad?
Async code gives its thread back while it waits; a lock or an event wait keeps it. A lock whose body blocks on
I/O makes every other thread that needs the lock wait as long, each holding a thread-pool thread, and the work
cannot even be awaited because \`await\` is not allowed inside a lock. An event or handle wait parks the thread
until someone else signals. Thread-affine primitives held across an await are a bug, not just a cost: the code
after the await may run on another thread, where releasing them throws SynchronizationLockException.

## Example
\`\`\`csharp
using System.IO;
using System.Threading.Tasks;

class Journal
{
    private readonly object _gate = new();

    public async Task AppendAsync(string path, string line)
    {
        await Task.Yield();
        lock (_gate)
        {
            File.AppendAllText(path, line);
        }
    }
}
\`\`\`

## Use instead
\`\`\`csharp
using System.IO;
using System.Threading;
using System.Threading.Tasks;

class Journal
{
    private readonly SemaphoreSlim _gate = new(1, 1);

    public async Task AppendAsync(string path, string line)
    {
        await Task.Yield();
        await _gate.WaitAsync();
        try
        {
            await File.AppendAllTextAsync(path, line);
        }
        finally
        {
            _gate.Release();
        }
    }
}
\`\`\`

## Fix safety
Display-only. Replacing a lock with a \`SemaphoreSlim\` (or an event with a \`TaskCompletionSource\`) changes the
type of a field that other, synchronous code may also lock on, changes re-entrancy (a SemaphoreSlim is not
re-entrant, a Monitor is) and needs a try/finally; that is a design change a person must make. The note names
the replacement for each primitive.

## Limitations
Without a compiler the rule does not know types. It reads declared types of locals, parameters, fields and
properties; when a receiver's type is not visible it guesses from the name (\`_mutex\`, \`_ready\`, \`_rwLock\`) and
says so, so it can take another type's \`Enter\` or \`WaitOne\` for a lock, or miss a lock held in a variable with
an unhelpful name. A lock body is judged by the calls written in it: a lock around a call to a workspace method
that itself blocks deep inside is not flagged, and a lock around a long CPU loop is not either. The spanning
check pairs an acquisition with a release on the same receiver text (or, for Monitor, the same first argument)
within one method. Waits that a timeout argument bounds are flagged unless the timeout is zero.`,
  },
  check(ctx: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = [];
    for (const body of asyncContextBodies(ctx)) {
      for (const lock of body.locks) {
        const blocking = blockingInsideLock(ctx, body, lock);
        if (blocking) findings.push(lockFinding(ctx, body, lock, blocking));
      }
      for (const call of body.calls) {
        const match = lockingCallOf(ctx, body, call);
        if (match && !isShortCriticalSection(ctx, body, call, match.row)) findings.push(callFinding(ctx, body, call, match));
      }
    }
    return findings;
  },
};
