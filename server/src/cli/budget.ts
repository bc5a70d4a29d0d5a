/** The per-file time limit of `check` and `cost` (--file-time-limit), as a budget factory the analysis asks once per file and phase. */
import { DEFAULT_FILE_BUDGET_MS, fileBudget, type FileBudget } from '../model/budget';
import { stringFlag, type ParsedArgs } from './args';
import { UsageError } from './io';
import { defaultThreads } from '../host/modelPool';

export function fileTimeLimit(args: ParsedArgs): () => FileBudget {
  const ms = fileTimeLimitMs(args);
  return () => fileBudget(ms, () => performance.now());
}

export function fileTimeLimitMs(args: ParsedArgs): number {
  const seconds = Number(stringFlag(args, 'file-time-limit', String(DEFAULT_FILE_BUDGET_MS / 1000)));
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError('--file-time-limit must be a number of seconds, 0 or more');
  return seconds * 1000;
}

/** --threads N|auto: how many threads parse and model (modelPool.ts); auto is every core. */
export function threadCount(args: ParsedArgs): number {
  const value = stringFlag(args, 'threads', 'auto');
  if (value === 'auto') return defaultThreads();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError('--threads must be auto or a whole number from 1');
  return n;
}
