/**
 * The loops of a body around a span, read from the masked text (comments and literals blanked): `while`, `for` and
 * `foreach` with a block after their parentheses, and `do { } while (...)`. A loop whose body is a single statement
 * without braces is not read. ASY025 asks whether a loop around a short pause watches the token (shortPauses.ts), and
 * ASY002 whether a loop around a blocking call already blocks in a call with no async twin.
 */
import type { MethodBody, Span } from '../model/types';
import { braceBlockAt, closingBracket, skipWhitespace } from '../model/syntax';

export interface LoopSpan {
  /** The parentheses after the keyword: a `while`'s or a `do`'s condition, a `for`'s or a `foreach`'s header. */
  header: Span;
  /** The loop's block, braces included. */
  block: Span;
}

/** The loops of the body whose block holds `span`, outermost first. */
export function loopsAround(masked: string, body: MethodBody, span: Span): LoopSpan[] {
  if (!body.bodySpan) return [];
  const { start, end } = body.bodySpan;
  const loops: LoopSpan[] = [];
  for (const m of masked.slice(start, end).matchAll(/(?<![\w.@])(while|for|foreach|do)\b/g)) {
    const loop = loopAt(masked, start + m.index!, m[1], end);
    if (loop && loop.block.start < span.start && span.end <= loop.block.end) loops.push(loop);
  }
  return loops;
}

/** The header and the block of the loop whose keyword starts at `at`, or null when it has no block. */
function loopAt(masked: string, at: number, keyword: string, limit: number): LoopSpan | null {
  const after = skipWhitespace(masked, at + keyword.length);
  if (keyword === 'do') {
    const block = braceBlockAt(masked, after, limit);
    if (!block) return null;
    const tail = skipWhitespace(masked, block.end);
    if (!masked.startsWith('while', tail)) return null;
    const open = skipWhitespace(masked, tail + 5);
    const close = masked[open] === '(' ? closingBracket(masked, open) : -1;
    return close === -1 || close >= limit ? null : { header: { start: open, end: close + 1 }, block };
  }
  if (masked[after] !== '(') return null;
  const close = closingBracket(masked, after);
  if (close === -1 || close >= limit) return null;
  const block = braceBlockAt(masked, skipWhitespace(masked, close + 1), limit);
  return block ? { header: { start: after, end: close + 1 }, block } : null;
}
