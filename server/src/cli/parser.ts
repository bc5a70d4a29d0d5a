/** Loads the C# parser for CLI commands from the wasm files next to the bundle. */
import { initParser } from '../parse/parser';
import { locateWasm } from '../host/wasm';
import { UsageError } from './io';

export async function ensureParser(): Promise<void> {
  try {
    await initParser(locateWasm());
  } catch (err) {
    throw new UsageError(`cannot load the C# parser: ${err instanceof Error ? err.message : String(err)}`);
  }
}
