/** `asynclens cost`: placeholder until the cost model lands (issue 3); it says so instead of guessing. */
import { UsageError, type CliIO } from './io';

export async function runCost(_args: string[], _io: CliIO): Promise<number> {
  throw new UsageError('the cost command is not available in this build yet');
}
