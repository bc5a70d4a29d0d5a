/**
 * The clauses of a `try` statement read from the masked source text (comments and literals blanked, so braces in
 * them cannot mislead): which exceptions its catches take, whether a catch throws again, and its finally block.
 * The model marks a region `try` around an await or a return; ASY020/ASY021 ask whether an exception can leave the
 * try, ASY026 what the finally disposes.
 */
import type { EnclosingRegion, Span } from '../model/types';
import { braceBlockAt, closingBracketBefore, skipWhitespace } from '../model/syntax';

export interface CatchClause {
  /** Where the `catch` keyword starts. */
  start: number;
  /** The caught type as written (`Exception`, `HttpRequestException`), or null for a bare `catch`. */
  typeText: string | null;
  /** The clause has a `when (...)` filter, so it may let an exception pass. */
  filtered: boolean;
  /** The filter's condition, parentheses included, or null when there is none. */
  filter: Span | null;
  /** The catch block, braces included. */
  block: Span;
}

export interface TryClauses {
  /** The protected block, braces included. */
  tryBlock: Span;
  catches: CatchClause[];
  /** The finally block, braces included, or null. */
  finallyBlock: Span | null;
}

/** The clauses of the try statement spanning `trySpan` in `masked`, or null when the text is not one. */
export function tryClausesOf(masked: string, trySpan: Span): TryClauses | null {
  let at = skipWhitespace(masked, trySpan.start);
  if (!masked.startsWith('try', at)) return null;
  at = skipWhitespace(masked, at + 3);
  const tryBlock = braceBlockAt(masked, at, trySpan.end);
  if (!tryBlock) return null;
  at = skipWhitespace(masked, tryBlock.end);
  const catches: CatchClause[] = [];
  let finallyBlock: Span | null = null;
  while (at < trySpan.end) {
    if (/^catch\b/.test(masked.slice(at, at + 6))) {
      const start = at;
      at = skipWhitespace(masked, at + 5);
      let typeText: string | null = null;
      if (masked[at] === '(') {
        const close = closingBracketBefore(masked, at, trySpan.end);
        if (close === -1) return null;
        const declaration = masked.slice(at + 1, close).trim();
        typeText = /^([\w.:<>,\s?[\]]+?)(?:\s+@?[A-Za-z_]\w*)?$/.exec(declaration)?.[1]?.trim() ?? declaration;
        at = skipWhitespace(masked, close + 1);
      }
      let filter: Span | null = null;
      if (/^when\b/.test(masked.slice(at, at + 5))) {
        at = skipWhitespace(masked, at + 4);
        if (masked[at] !== '(') return null;
        const close = closingBracketBefore(masked, at, trySpan.end);
        if (close === -1) return null;
        filter = { start: at, end: close + 1 };
        at = skipWhitespace(masked, close + 1);
      }
      const block = braceBlockAt(masked, at, trySpan.end);
      if (!block) return null;
      catches.push({ start, typeText, filtered: filter !== null, filter, block });
      at = skipWhitespace(masked, block.end);
    } else if (/^finally\b/.test(masked.slice(at, at + 8))) {
      at = skipWhitespace(masked, at + 7);
      finallyBlock = braceBlockAt(masked, at, trySpan.end);
      if (!finallyBlock) return null;
      at = skipWhitespace(masked, finallyBlock.end);
    } else {
      break;
    }
  }
  return { tryBlock, catches, finallyBlock };
}

const CATCH_ALL = /^(?:global::)?(?:System\.)?Exception$/;

/**
 * The try statement whose protected block holds nothing but the statement spanning `statement` (`try { Notify(); }
 * catch { }`), read within `limit` (the end of the enclosing body), or null: the brace before the statement must open
 * a `try` block, and only blanks may follow the statement up to the block's closing brace.
 */
export function soleStatementTryOf(masked: string, statement: Span, limit: number): TryClauses | null {
  const clauses = tryOpenedBefore(masked, statement, limit);
  return clauses && masked.slice(statement.end, clauses.tryBlock.end - 1).trim() === '' ? clauses : null;
}

/** The try statement whose protected block the statement spanning `statement` opens (`try { Notify(); ...`), or null. */
function tryOpenedBefore(masked: string, statement: Span, limit: number): TryClauses | null {
  let open = statement.start - 1;
  while (open >= 0 && /\s/.test(masked[open])) open--;
  if (masked[open] !== '{') return null;
  let keywordEnd = open;
  while (keywordEnd > 0 && /\s/.test(masked[keywordEnd - 1])) keywordEnd--;
  const tryStart = keywordEnd - 3;
  if (tryStart < 0 || masked.slice(tryStart, keywordEnd) !== 'try' || /[\w@.]/.test(masked[tryStart - 1] ?? ' ')) return null;
  const clauses = tryClausesOf(masked, { start: tryStart, end: limit });
  return clauses && clauses.tryBlock.start === open ? clauses : null;
}

/**
 * A value whose `return` cannot throw: a completed task (`Task.CompletedTask`, `ValueTask.CompletedTask`), `default`,
 * `null`, `true`, `false` or a number. Read from masked text.
 */
const QUIET_RETURN = /^return(?:\s+(?:(?:System\.Threading\.Tasks\.)?(?:Value)?Task\.CompletedTask|default(?:\s*\([\w.<>,\s?]*\))?|null|true|false|-?\d+(?:\.\d+)?[a-zA-Z]?))?\s*;$/;

/**
 * How a dropped call's statement sits in a try whose catch ignores every exception, or null. `empty`: the statement
 * is the try's only one and a catch that takes everything, without a filter, is empty (`try { Notify(); } catch { }`).
 * `returns`: the statement is followed in the try only by a `return` of a value that cannot throw, and such a catch
 * does nothing but return one (`try { js.InvokeVoidAsync(...); return Task.CompletedTask; } catch { return
 * Task.CompletedTask; }`, Oqtane's interop wrappers). Either way the author means failures to be ignored; the catch
 * only cannot see the ones that end the dropped task.
 */
export function dropInIgnoringTry(masked: string, statement: Span, limit: number): 'empty' | 'returns' | null {
  const found = tryOpenedBefore(masked, statement, limit);
  if (!found) return null;
  const rest = masked.slice(statement.end, found.tryBlock.end - 1).trim();
  if (rest === '') return hasEmptyCatchAll(masked, found) ? 'empty' : catchAllOnlyReturns(masked, found) ? 'returns' : null;
  return QUIET_RETURN.test(rest) && catchAllOnlyReturns(masked, found) ? 'returns' : null;
}

/** Whether some catch takes every exception without a filter and holds nothing but a `return` of a quiet value. */
function catchAllOnlyReturns(masked: string, clauses: TryClauses): boolean {
  return clauses.catches.some((c) => takesUnfiltered(c, CATCH_ALL) && QUIET_RETURN.test(masked.slice(c.block.start + 1, c.block.end - 1).trim()));
}

/**
 * Whether some catch takes every exception without a filter and does nothing with it (`catch { }`, `catch
 * (Exception) { }`): a block with nothing in it but blanks and comments, which the mask has blanked.
 */
export function hasEmptyCatchAll(masked: string, clauses: TryClauses): boolean {
  return clauses.catches.some((c) => takesUnfiltered(c, CATCH_ALL) && masked.slice(c.block.start + 1, c.block.end - 1).trim() === '');
}

/**
 * Whether the clauses stop every exception thrown in the try block from leaving the statement: some catch takes
 * everything (`catch`, `catch (Exception)`) without a filter, and that catch does not throw again.
 */
export function catchesEverything(masked: string, clauses: TryClauses): boolean {
  const all = catchAllOf(clauses);
  return !!all && !throwsAgain(masked, all.block);
}

/** The exceptions a cancelled operation throws: TaskCanceledException derives from OperationCanceledException. */
const CATCH_CANCELLATION = /^(?:global::)?(?:System\.)?(?:Exception|OperationCanceledException|(?:Threading\.Tasks\.)?TaskCanceledException)$/;

/**
 * Whether some catch takes a cancellation without a filter (`catch (OperationCanceledException)`,
 * `catch (TaskCanceledException)`, or one that takes everything) and does not throw it again.
 */
export function catchesCancellation(masked: string, clauses: TryClauses): boolean {
  return clauses.catches.some((c) => takesUnfiltered(c, CATCH_CANCELLATION) && !throwsAgain(masked, c.block));
}

/** The catch that takes every exception without a filter (`catch`, `catch (Exception ex)`), or null. */
function catchAllOf(clauses: TryClauses): CatchClause | null {
  return clauses.catches.find((c) => takesUnfiltered(c, CATCH_ALL)) ?? null;
}

/** Whether a catch without a filter is bare or names a type `caught` matches (blanks taken out). */
function takesUnfiltered(clause: CatchClause, caught: RegExp): boolean {
  return !clause.filtered && (clause.typeText === null || caught.test(clause.typeText.replace(/\s+/g, '')));
}

/**
 * How an exception gets past the clauses, for messages: `none` when there is no catch at all (try/finally),
 * `rethrows` when a catch takes everything but throws again (that catch is given), `narrow` when the catches take
 * only some exceptions (a type, a filter; the first catch is given). Null when some catch stops everything.
 */
export function howExceptionsPass(masked: string, clauses: TryClauses): { pass: 'none' | 'rethrows' | 'narrow'; clause: CatchClause | null } | null {
  if (clauses.catches.length === 0) return { pass: 'none', clause: null };
  const all = catchAllOf(clauses);
  if (!all) return { pass: 'narrow', clause: clauses.catches[0] };
  return throwsAgain(masked, all.block) ? { pass: 'rethrows', clause: all } : null;
}

/**
 * The catch an exception from an await meets first: of the innermost `try` around it (regions come innermost first)
 * whose catches let something pass, with how (`rethrows`: it takes everything and throws again; `narrow`: it takes
 * only some exceptions). A try without catches is passed through; one whose catch stops everything is skipped too,
 * for callers that ask only about awaits already known to escape. Null when no catch lets anything pass.
 */
export function firstPassingCatch(masked: string, regions: readonly EnclosingRegion[]): { pass: 'rethrows' | 'narrow'; clause: CatchClause } | null {
  for (const region of regions) {
    if (region.kind !== 'try') continue;
    const clauses = tryClausesOf(masked, region.span);
    const how = clauses ? howExceptionsPass(masked, clauses) : null;
    if (how?.clause && how.pass !== 'none') return { pass: how.pass, clause: how.clause };
  }
  return null;
}

/** A `throw` statement in a catch block (`throw;`, `throw ex;`, `throw new ...`), outside nested lambdas' own blocks. */
function throwsAgain(masked: string, block: Span): boolean {
  const text = masked.slice(block.start, block.end);
  // A throw inside a nested lambda or local function does not leave this catch; those are rare in catch blocks,
  // and the pattern below errs towards "throws", which only makes the rule report.
  return /(?<![\w.])throw\b/.test(text);
}

