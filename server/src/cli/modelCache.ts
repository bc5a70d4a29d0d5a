/**
 * The command line's use of the model cache (host/modelCache.ts): one pack per set of folders checked, so a second
 * `check` or `cost` of them models only the files that changed.
 */
import path from 'node:path';
import { cacheBaseDirectory } from '../host/packageSignatures';
import { locateWasm } from '../host/wasm';
import { openModelCache, toolFingerprint, type FileModelCache } from '../host/modelCache';
import type { CliIO } from './io';

export type { FileModelCache } from '../host/modelCache';

/**
 * The cache a `check` or `cost` run uses, or null: `--no-cache`, ASYNCLENS_MODEL_CACHE=off, or no bundle to take
 * the fingerprint of (the CLI embedded in tests runs from compiled modules, whose code no single file describes).
 * A pack that could not be read is said on stderr; the run goes on without it.
 */
export async function cliModelCache(io: CliIO, positionals: readonly string[], noCache: boolean): Promise<FileModelCache | null> {
  const env = { ...process.env, ...io.env };
  if (noCache || /^(?:off|0|false|no)$/i.test(env.ASYNCLENS_MODEL_CACHE ?? '') || !io.workerScript) return null;
  let fingerprint: string;
  try {
    const wasm = locateWasm();
    fingerprint = toolFingerprint([io.workerScript, wasm.runtimeWasm, wasm.grammarWasm]);
  } catch {
    return null;
  }
  const roots = (positionals.length ? positionals : ['.']).map((p) => path.resolve(io.cwd, p));
  const { cache, problem } = await openModelCache({ directory: cacheBaseDirectory(env), roots, fingerprint });
  if (problem) io.err(`asynclens: ${problem}\n`);
  return cache;
}
