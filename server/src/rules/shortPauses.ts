/**
 * A short constant `Task.Delay` in a loop that watches the token itself: `while (!ct.IsCancellationRequested) { ...;
 * await Task.Delay(10); }`. Passing the token to such a pause would shorten, at most, a wait of a few milliseconds;
 * the loop sees the cancellation at its next check anyway. ASY025 shows the call as a hint, with that reason.
 */
import type { CallSite, MethodBody } from '../model/types';
import { loopsAround } from './loopSpans';
import { constantArgumentTexts } from './asy001-004-blocking-common';
import type { RuleContext } from './types';

/**
 * The longest pause, in milliseconds, taken as short: a tenth of a second is under what a person notices as a delay
 * in stopping, and the back-offs and poll intervals that loops write below it (10, 15, 20, 50 ms) are spins slowed
 * down rather than waits anyone would cancel.
 */
export const SHORT_PAUSE_MS = 100;

/** `Task.Delay(...)` itself: ASY025's short pauses and ASY022's dropped delays. */
export function isTaskDelay(call: CallSite): boolean {
  return call.name === 'Delay' && /^(?:global::)?(?:System\.Threading\.Tasks\.)?Task$/.test(call.receiver?.replace(/\s+/g, '') ?? '');
}

/**
 * The milliseconds of a delay's one argument when it is a constant under SHORT_PAUSE_MS: an integer literal, a
 * constant that holds one, or `TimeSpan.FromMilliseconds(n)`; null otherwise.
 */
export function shortPauseOf(ctx: RuleContext, body: MethodBody, call: CallSite): number | null {
  if (!isTaskDelay(call) || call.argumentTexts.length !== 1) return null;
  const [value] = constantArgumentTexts(ctx, body, call.argumentTexts);
  const text = value.trim().replace(/_/g, '');
  const ms = /^\d+$/.test(text) ? Number(text) : Number(/^(?:System\.)?TimeSpan\s*\.\s*FromMilliseconds\s*\(\s*(\d+)\s*\)$/.exec(text)?.[1] ?? NaN);
  return Number.isFinite(ms) && ms < SHORT_PAUSE_MS ? ms : null;
}

/**
 * Whether a loop of the body around the call watches the token in some other way than this call: its condition, or
 * its block outside the call, mentions the token (`!ct.IsCancellationRequested`, `ct.ThrowIfCancellationRequested()`,
 * another call given `ct`), so a cancellation stops the loop at its next turn.
 */
export function loopWatchesToken(masked: string, body: MethodBody, call: CallSite, mentions: RegExp): boolean {
  const once = new RegExp(mentions.source, mentions.flags.replace('g', ''));
  return loopsAround(masked, body, call.span).some((loop) => once.test(masked.slice(loop.header.start, loop.header.end))
    || once.test(masked.slice(loop.block.start, call.span.start) + masked.slice(call.span.end, loop.block.end)));
}
