/** The CLI's window on the world: output streams and whether they are terminals, so commands stay testable. */

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal: colour and grouping are on. */
  isTTY: boolean;
  /** stderr is a terminal: progress lines overwrite themselves. */
  errIsTTY: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  /** The bundle worker threads start from (dist/cli.js); absent, everything runs on one thread (tests, embedding). */
  workerScript?: string;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    isTTY: !!process.stdout.isTTY,
    errIsTTY: !!process.stderr.isTTY,
    cwd: process.cwd(),
    env: process.env,
    // The bundle this runs in is dist/cli.js, which also runs the modelling threads (bin.ts).
    workerScript: __filename,
  };
}

/** A usage or I/O problem: the CLI prints its message on one line and exits with code 2. */
export class UsageError extends Error {}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
