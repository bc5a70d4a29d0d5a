/** Loads the C# parser for CLI commands from the wasm files next to the bundle. */
import { initParser } from '../parse/parser';
import { locateWasm } from '../host/wasm';
import { installSignatureDatabase } from '../host/signatures';
import { UsageError } from './io';

export async function ensureParser(): Promise<void> {
  // The API signatures are read on the first question about a type, not here.
  installSignatureDatabase(process.env, (message) => process.stderr.write(`asynclens: ${message}\n`));
  try {
    await initParser(locateWasm());
  } catch (err) {
    throw new UsageError(`cannot load the C# parser: ${err instanceof Error ? err.message : String(err)}`);
  }
}
