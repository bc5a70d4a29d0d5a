/** The per-file time limit of `check` and `cost` (--file-time-limit), as a budget factory the analysis asks once per file and phase. */
import { DEFAULT_FILE_BUDGET_MS, fileBudget, type FileBudget } from '../model/budget';
import { stringFlag, type ParsedArgs } from './args';
import { UsageError } from './io';

export function fileTimeLimit(args: ParsedArgs): () => FileBudget {
  const seconds = Number(stringFlag(args, 'file-time-limit', String(DEFAULT_FILE_BUDGET_MS / 1000)));
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError('--file-time-limit must be a number of seconds, 0 or more');
  return () => fileBudget(seconds * 1000, () => performance.now());
}
