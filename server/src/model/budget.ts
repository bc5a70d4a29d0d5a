/**
 * A time budget for analysing one file (issue 10): whatever the shape of the code, the analysis of a file either
 * finishes or stops with a reason, never hangs. The model, the rules and the cost model check the budget at their
 * steps (each body, each await, each rule); a file over budget is reported as "analysis stopped" by the CLI and the
 * language server instead of holding them up. The clock is the host's: the core never reads time itself.
 */

/** Thrown by checkBudget when the file's analysis runs past its deadline; caught where a file's analysis starts. */
export class AnalysisStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AnalysisStopped';
  }
}

export interface FileBudget {
  /** When the analysis of the file must have finished, on `now`'s clock (milliseconds). */
  readonly deadline: number;
  readonly now: () => number;
  /** The budget's length, for the message. */
  readonly limitMs: number;
  /** How deeply the file's syntax nests (deepest node), once the tree has been read: it says why a file ran long. */
  nesting?: number;
}

/** Per file: model, rules and costs together. Deep nesting that once took minutes now takes well under a second. */
export const DEFAULT_FILE_BUDGET_MS = 10_000;

/** A budget starting now. */
export function fileBudget(limitMs: number, now: () => number): FileBudget {
  return { deadline: now() + limitMs, now, limitMs };
}

let active: FileBudget | null = null;

/** Runs `work` with `budget` as the one checkBudget checks (null: no limit), restoring the previous one after. */
export function withinBudget<T>(budget: FileBudget | null, work: () => T): T {
  const previous = active;
  active = budget;
  try {
    return work();
  } finally {
    active = previous;
  }
}

/** Throws AnalysisStopped when the active budget has run out. Cheap enough to call per body and per await. */
export function checkBudget(): void {
  if (active !== null && active.now() >= active.deadline) throw new AnalysisStopped(stoppedReason(active));
}

/** Records how deeply the file nests, for the message if it stops. */
export function noteNesting(depth: number): void {
  if (active !== null) active.nesting = depth;
}

/** Deeper than this, nesting is what a stopped analysis is put down to. */
const DEEP = 100;

function stoppedReason(budget: FileBudget): string {
  const seconds = budget.limitMs < 1000 ? `${Math.round(budget.limitMs)} ms` : `${(budget.limitMs / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
  if (budget.nesting !== undefined && budget.nesting > DEEP) return `analysis stopped: too deeply nested (${budget.nesting} levels of syntax; the analysis of one file may take ${seconds})`;
  return `analysis stopped: the file took longer than the ${seconds} the analysis of one file may take`;
}
