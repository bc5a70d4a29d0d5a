/** The per-file time limit of `check` and `cost` (--file-time-limit), as a budget factory the analysis asks once per file and phase. */
import { DEFAULT_FILE_BUDGET_MS, fileBudget, type FileBudget } from '../model/budget';
import { stringFlag, type ParsedArgs } from './args';
import { UsageError } from './io';
import { defaultThreads } from '../host/modelPool';

/**
 * The threads `--threads auto` models on: every core, but one on a machine of two or fewer. On two cores a second
 * thread was measured no faster and dearer: the rules, the verdicts and the report run on the main thread after the
 * models, and the worker's start (the parser's wasm, its own JIT warm-up) and the models' copy between threads cost
 * 20-30 % more CPU for the same wall time (test/bench/README.md, "--threads auto on two cores").
 */
export function autoThreads(cores: number): number {
  return cores <= 2 ? 1 : cores;
}

export function fileTimeLimit(args: ParsedArgs): () => FileBudget {
  const ms = fileTimeLimitMs(args);
  return () => fileBudget(ms, () => performance.now());
}

export function fileTimeLimitMs(args: ParsedArgs): number {
  const seconds = Number(stringFlag(args, 'file-time-limit', String(DEFAULT_FILE_BUDGET_MS / 1000)));
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError('--file-time-limit must be a number of seconds, 0 or more');
  return seconds * 1000;
}

/** --threads N|auto: how many threads parse and model (modelPool.ts); auto is autoThreads of the machine's cores. */
export function threadCount(args: ParsedArgs): number {
  const value = stringFlag(args, 'threads', 'auto');
  if (value === 'auto') return autoThreads(defaultThreads());
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError('--threads must be auto or a whole number from 1');
  return n;
}
