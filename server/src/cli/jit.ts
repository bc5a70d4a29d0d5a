/**
 * How eagerly V8 optimises the command line's code. A `check` runs each of its thousand-odd hot functions for a few
 * seconds and exits; with V8's default tiering (tuned for long-lived pages) TurboFan compiles over a thousand of them
 * on its background thread, and on this project's 2-core measurements that compilation cost more CPU than the
 * optimised code saved before the process ended: a whole `check` of the 50,000-line corpus spent about a quarter
 * less CPU, and no more wall time, with TurboFan off altogether or with a larger interrupt budget, and on real
 * repositories of 100,000-340,000 lines a budget 8-16 times the default did better than either (test/bench/README.md,
 * "The CLI's whole process"). The budget is how much bytecode a function runs before V8 considers optimising it, so
 * a larger one leaves the functions that run only a few thousand times to the baseline tiers and still optimises
 * the hot loops of the model and the rules.
 *
 * The language server is not tuned: it lives for hours, and its keystrokes run code TurboFan has long optimised.
 */
import v8 from 'node:v8';

/** V8's default --interrupt-budget (V8 11, Node 20-22) times the factor measured best for whole `check` runs. */
export const CLI_INTERRUPT_BUDGET = 67_584 * 16;

/**
 * Sets the command line's interrupt budget for this process (and the model workers it starts, which share V8's
 * flags), unless whoever started Node chose one (`node --interrupt-budget=...` or NODE_OPTIONS).
 */
export function tuneTieringForOneRun(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '', v8Version = process.versions.v8): boolean {
  if (chosenByCaller(execArgv, nodeOptions) || !measuredOn(v8Version)) return false;
  v8.setFlagsFromString(`--interrupt-budget=${CLI_INTERRUPT_BUDGET}`);
  return true;
}

/** Whether the process was started with an interrupt budget or TurboFan setting of its own. Pure. */
export function chosenByCaller(execArgv: readonly string[], nodeOptions: string): boolean {
  const tiering = /^--(?:interrupt[-_]budget|(?:no-)?(?:opt|turbofan))(?:=|$)/;
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => tiering.test(arg));
}

/**
 * Whether the budget was measured on this V8: 11 (Node 20), the project's runtime. A later V8 may have another
 * default, another tier between the baseline and TurboFan (Node 22 turns Maglev on), or another name for the flag
 * (setting an unknown one prints a warning), so it is left to its own tiering until measured. Pure.
 */
export function measuredOn(v8Version: string): boolean {
  return Number(v8Version.split('.')[0]) === 11;
}
