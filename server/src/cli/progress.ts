/** A progress line on stderr, shown only once a run takes more than a moment (one second). */
import type { CliIO } from './io';

export interface Progress {
  update(message: string): void;
  done(): void;
}

export function startProgress(io: CliIO, delayMs = 1000): Progress {
  const started = Date.now();
  let shown = false;
  let finished = false;
  let lastPrinted = 0;
  return {
    update(message: string) {
      if (finished) return;
      const now = Date.now();
      if (now - started < delayMs) return;
      if (io.errIsTTY) {
        io.err(`\r\x1b[2K${message}`);
        shown = true;
      } else if (now - lastPrinted > 2000) {
        io.err(`asynclens: ${message}\n`);
        lastPrinted = now;
      }
    },
    done() {
      if (finished) return;
      finished = true;
      if (shown && io.errIsTTY) io.err(`\r\x1b[2K`);
    },
  };
}
