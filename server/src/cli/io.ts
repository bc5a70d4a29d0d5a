/** The CLI's window on the world: output streams and whether they are terminals, so commands stay testable. */

export interface CliIO {
  /** Writes to stdout; false means the stream's buffer is full and `drain` should be awaited. */
  out(text: string): boolean | void;
  err(text: string): void;
  /** Resolves when stdout can take more (or has closed). */
  drain?(): Promise<void>;
  /** Whether stdout's reader has gone (a closed pipe): nothing more is written. */
  outClosed?(): boolean;
  /** stdout is a terminal: colour and grouping are on. */
  isTTY: boolean;
  /** stderr is a terminal: progress lines overwrite themselves. */
  errIsTTY: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  /** The bundle worker threads start from (dist/cli.js); absent, everything runs on one thread (tests, embedding). */
  workerScript?: string;
}

/** Why writing the output failed (other than its reader going away), for the exit status; null when it did not. */
let outputFailure: string | null = null;
export const outputFailed = (): string | null => outputFailure;

export function processIO(): CliIO {
  let outClosed = false;
  let errClosed = false;
  // A reader that stops early (`asynclens check | head -1`) closes the pipe: writing stops, quietly, and the
  // command ends with the status it would have had. Any other write error is reported once on stderr.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (outClosed) return;
    outClosed = true;
    if (err.code !== 'EPIPE') {
      outputFailure = err.code ?? err.message;
      if (!errClosed) process.stderr.write(`asynclens: cannot write the output: ${outputFailure}\n`);
    }
  });
  process.stderr.on('error', () => {
    errClosed = true;
  });
  return {
    out: (t) => (outClosed ? true : process.stdout.write(t)),
    err: (t) => {
      if (!errClosed) process.stderr.write(t);
    },
    drain: () => new Promise<void>((resolve) => {
      if (outClosed) return resolve();
      const done = () => {
        process.stdout.off('drain', done);
        process.stdout.off('close', done);
        process.stdout.off('error', done);
        resolve();
      };
      process.stdout.on('drain', done);
      process.stdout.on('close', done);
      process.stdout.on('error', done);
    }),
    outClosed: () => outClosed,
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
