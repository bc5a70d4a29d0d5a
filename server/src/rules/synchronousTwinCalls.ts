/**
 * The synchronous twin of a framework call whose task a synchronous method blocks on: `Dns.GetHostAddressesAsync(host)
 * .Result` where `Dns.GetHostAddresses(host)` does the same work and hands back its result. ASY003's remedy for a wait
 * is to make the caller async, which changes its signature and every caller up the chain (a constructor cannot be
 * async at all); when the awaitable call is the async half of a pair in knowledge/blockingApis.ts, the one-word change
 * is to call the other half, which blocks the same thread without a task to wait for and without the thread-pool
 * thread the task's continuation needs to finish it. The Jackett round of the thirty-third session found the general
 * title on a proxy set-up the web client's constructor runs (test/real-world/README.md). Pure.
 */
import type { TaskWait } from '../model/types';
import { BLOCKING_APIS, type BlockingApi } from '../knowledge/blockingApis';
import { closingBracket, splitTopLevel } from '../model/syntax';
import { maskCommentsAndStrings } from './sourceText';

/** The twin to call instead, as the call would be written with the receiver of the waited call. */
export interface SynchronousTwinCall {
  /** `Dns.GetHostAddresses`, with the receiver as written (`System.Net.Dns.GetHostAddresses`). */
  call: string;
  /** `Dns.GetHostAddressesAsync`, as written. */
  waited: string;
}

/** The head of a static call on a type named as written: `Dns.X(`, `System.Net.Dns.X(`, `global::System.Net.Dns.X(`. */
const STATIC_CALL_HEAD = /^((?:global::)?((?:[A-Za-z_]\w*\s*\.\s*)*?)([A-Za-z_]\w*))\s*\.\s*([A-Za-z_]\w*Async)\s*\(/;
/** What may follow the call's closing parenthesis: `ConfigureAwait` changes where a continuation runs, not which call made the task. */
const CONFIGURED = /^(?:\s*\.\s*ConfigureAwait\s*\([^()]*\))?\s*$/;

/**
 * An argument that names a cancellation token (`token`, `ct`, `cancellationToken`, `CancellationToken.None`): the
 * synchronous twins take none, and an argument count the twin shares may hold one (`File.ReadAllTextAsync(path, token)`
 * beside `File.ReadAllText(path, encoding)`), so a call that passes one keeps the general title.
 */
const TOKEN_ARGUMENT = /(?:token|cancel)|^ct$|^default$/i;

/**
 * Rows whose synchronous member is static and is called on its own type (Thread.Sleep's twin is another type's, and
 * Task.WaitAll's wait is ASY001's), keyed by the async twin's name. For these rows the synchronous member is at least as
 * old as its twin (File's members since .NET Framework 1.1 and their twins since .NET Core 2.0, Dns.GetHostAddresses
 * since .NET Framework 2.0, RandomAccess's pair both in .NET 6, HashData(Stream) and HashDataAsync both in .NET 7), so
 * a target that has the awaited call has the twin too.
 */
const STATIC_PAIRS: ReadonlyMap<string, readonly BlockingApi[]> = (() => {
  const byTwin = new Map<string, BlockingApi[]>();
  for (const row of BLOCKING_APIS) {
    if (row.kind !== 'static' || row.twinReceiver || row.ownedBy || !row.sameArgumentsFor?.length) continue;
    const rows = byTwin.get(row.asyncTwin) ?? [];
    rows.push(row);
    byTwin.set(row.asyncTwin, rows);
  }
  return byTwin;
})();

/**
 * The synchronous twin to call instead of waiting, or null: the wait must be a plain `.Result`, `.GetAwaiter()
 * .GetResult()` or `.Wait()` without a timeout (a timeout or a token to the wait is a behaviour the twin does not
 * have), on a static call of a row's type that passes no cancellation token, written with the row's namespace or
 * none (as ASY002 reads the row's synchronous call), with as many arguments as the row says the twin takes unchanged.
 * `declaresMethod` says whether a workspace type of that name declares the awaited method: the call binds to it then.
 */
export function synchronousTwinCallOf(wait: TaskWait, declaresMethod: (typeName: string, method: string) => boolean): SynchronousTwinCall | null {
  if (wait.kind === 'waitAll' || wait.kind === 'waitAny' || (wait.kind === 'wait' && wait.argumentTexts.length > 0)) return null;
  const text = wait.receiverText.trim();
  const masked = maskCommentsAndStrings(text);
  const head = STATIC_CALL_HEAD.exec(masked);
  if (!head) return null;
  const [opened, receiverText, qualifier, typeName, method] = head;
  const close = closingBracket(masked, opened.length - 1);
  if (close === -1 || !CONFIGURED.test(masked.slice(close + 1))) return null;
  // Split where the masked text shows the commas, so a comma inside a string literal does not count.
  const argumentsText = masked.slice(opened.length, close);
  const namespace = qualifier.replace(/\s+/g, '').replace(/\.$/, '');
  const argumentTexts = argumentsText.trim() === '' ? [] : splitTopLevel(argumentsText).map((a) => a.trim());
  if (argumentTexts.some((a) => TOKEN_ARGUMENT.test(a))) return null;
  const argumentCount = argumentTexts.length;
  const row = (STATIC_PAIRS.get(method) ?? []).find((r) => r.type === typeName && (namespace === '' || namespace === r.namespace) && r.sameArgumentsFor!.includes(argumentCount));
  if (!row || declaresMethod(typeName, method)) return null;
  const receiver = text.slice(0, receiverText.length);
  return { call: `${receiver}.${row.member}`, waited: `${receiver}.${method}` };
}
