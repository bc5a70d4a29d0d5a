/** Loads the C# parser for CLI commands from the wasm files next to the bundle. */
import { loadParser } from '../host/wasm';
import { installSignatureDatabase } from '../host/signatures';
import { UsageError, type CliIO } from './io';
import type { ProjectContext } from '../project/context';
import type { ProjectForPackages } from '../host/packageSignatures';

export async function ensureParser(): Promise<void> {
  // The API signatures are read on the first question about a type, not here.
  installSignatureDatabase(process.env, (message) => process.stderr.write(`asynclens: ${message}\n`));
  try {
    await loadParser();
  } catch (err) {
    throw new UsageError(`cannot load the C# parser: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Hands the analysis the built-in API signatures together with those of the packages the analysed projects
 * reference, read from their restore (host/packageSignatures.ts: cached per package version, read with dotnet when
 * not cached). Nothing is read until the analysis asks its first question about a type.
 */
export function installProjectSignatures(contexts: ReadonlyMap<string, ProjectContext>, io: CliIO): void {
  installSignatureDatabase({ ...process.env, ...io.env }, (message) => io.err(`asynclens: ${message}\n`), () => {
    const projects = new Map<string, ProjectForPackages>();
    for (const context of contexts.values()) {
      if (context.project) projects.set(`${context.project.directory}|${context.targetFramework}`, { directory: context.project.directory, targetFramework: context.targetFramework, name: context.project.name });
    }
    return [...projects.values()];
  });
}
