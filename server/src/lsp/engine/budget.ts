/**
 * The per-file time budget of the language server's analysis (model/budget.ts): a document whose model, rules or
 * costs run past it gets one diagnostic saying the analysis stopped, instead of holding the engine up.
 * ASYNCLENS_FILE_TIME_LIMIT_MS overrides the default (tests set 0 to see the stopped path).
 */
import { DEFAULT_FILE_BUDGET_MS, fileBudget, type FileBudget } from '../../model/budget';

const fromEnvironment = Number(process.env.ASYNCLENS_FILE_TIME_LIMIT_MS);
export const FILE_TIME_LIMIT_MS = Number.isFinite(fromEnvironment) && fromEnvironment >= 0 ? fromEnvironment : DEFAULT_FILE_BUDGET_MS;

export function documentBudget(): FileBudget {
  return fileBudget(FILE_TIME_LIMIT_MS, () => performance.now());
}
