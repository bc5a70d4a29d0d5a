/**
 * The per-file time budget of the language server's analysis (model/budget.ts): a document whose model, rules or
 * costs run past it gets one diagnostic saying the analysis stopped, instead of holding the engine up.
 * ASYNCLENS_FILE_TIME_LIMIT_MS overrides the default (tests set 0 to see the stopped path).
 */
import { DEFAULT_FILE_BUDGET_MS, fileBudget, type FileBudget } from '../../model/budget';

const fromEnvironment = Number(process.env.ASYNCLENS_FILE_TIME_LIMIT_MS);
export const FILE_TIME_LIMIT_MS = Number.isFinite(fromEnvironment) && fromEnvironment >= 0 ? fromEnvironment : DEFAULT_FILE_BUDGET_MS;

/**
 * Time allowed per million characters on top of the limit. The budget is wall time, and a long file's linear
 * analysis legitimately takes longer than a short one's (a 3 MB file took more than 10 s of wall time to model on a
 * loaded machine, and was reported as stopped); what the budget is for, shapes that grow faster than the text
 * (deep nesting of a few KB that once took minutes), gains almost nothing from it. A limit of 0 stays 0.
 */
const MS_PER_MILLION_CHARS = 10_000;

/** The budget of one document's model, rules or costs; `chars` is the length of its text. */
export function documentBudget(chars = 0): FileBudget {
  const limit = FILE_TIME_LIMIT_MS === 0 ? 0 : FILE_TIME_LIMIT_MS + Math.round((chars / 1_000_000) * MS_PER_MILLION_CHARS);
  return fileBudget(limit, () => performance.now());
}
