/**
 * A short constant `Task.Delay` in a loop that watches the token itself: `while (!ct.IsCancellationRequested) { ...;
 * await Task.Delay(10); }`. Passing the token to such a pause would shorten, at most, a wait of a few milliseconds;
 * the loop sees the cancellation at its next check anyway. ASY025 shows the call as a hint, with that reason.
 */
import type { CallSite, MethodBody, Span } from '../model/types';
import { closingBracket } from '../model/syntax';
import { constantArgumentTexts } from './asy001-004-blocking-common';
import type { RuleContext } from './types';

/**
 * The longest pause, in milliseconds, taken as short: a tenth of a second is under what a person notices as a delay
 * in stopping, and the back-offs and poll intervals that loops write below it (10, 15, 20, 50 ms) are spins slowed
 * down rather than waits anyone would cancel.
 */
export const SHORT_PAUSE_MS = 100;

/** `Task.Delay(...)` itself, as ASY022 also reads it. */
function isTaskDelay(call: CallSite): boolean {
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
 * another call given `ct`), so a cancellation stops the loop at its next turn. Read from the masked text: `while`,
 * `for` and `foreach` with a block after their parentheses, and `do { } while (...)`.
 */
export function loopWatchesToken(masked: string, body: MethodBody, call: CallSite, mentions: RegExp): boolean {
  if (!body.bodySpan) return false;
  const { start, end } = body.bodySpan;
  const text = masked.slice(start, end);
  for (const m of text.matchAll(/(?<![\w.@])(while|for|foreach|do)\b/g)) {
    const loop = loopAt(masked, start + m.index!, m[1], end);
    if (!loop || call.span.start < loop.block.start || call.span.end > loop.block.end) continue;
    const outside = masked.slice(loop.block.start, call.span.start) + masked.slice(call.span.end, loop.block.end);
    if (watches(masked.slice(loop.condition.start, loop.condition.end), mentions) || watches(outside, mentions)) return true;
  }
  return false;
}

function watches(text: string, mentions: RegExp): boolean {
  return new RegExp(mentions.source, mentions.flags.replace('g', '')).test(text);
}

/** The condition (or header) and the block of the loop whose keyword starts at `at`, or null when it has no block. */
function loopAt(masked: string, at: number, keyword: string, limit: number): { condition: Span; block: Span } | null {
  let i = skipSpace(masked, at + keyword.length);
  if (keyword === 'do') {
    const block = blockAt(masked, i, limit);
    if (!block) return null;
    const after = skipSpace(masked, block.end);
    if (!masked.startsWith('while', after)) return null;
    const open = skipSpace(masked, after + 5);
    const close = masked[open] === '(' ? closingBracket(masked, open) : -1;
    return close === -1 ? null : { condition: { start: open, end: close + 1 }, block };
  }
  if (masked[i] !== '(') return null;
  const close = closingBracket(masked, i);
  if (close === -1 || close >= limit) return null;
  const block = blockAt(masked, skipSpace(masked, close + 1), limit);
  return block ? { condition: { start: i, end: close + 1 }, block } : null;
}

function blockAt(masked: string, at: number, limit: number): Span | null {
  if (masked[at] !== '{') return null;
  const close = closingBracket(masked, at);
  return close === -1 || close >= limit ? null : { start: at, end: close + 1 };
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at])) at++;
  return at;
}
