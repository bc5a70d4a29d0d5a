/** Finds the API signature database next to the running bundle (dist/) or in server/data during development. */
import fs from 'node:fs';
import path from 'node:path';
import { parseSignatureDatabase, type SignatureDatabase, type SignatureFile } from '../signatures/database';
import { combineDatabases } from '../signatures/combine';
import { projectPackageSignatures, type ProjectForPackages } from './packageSignatures';
import { provideSignatureDatabase, withdrawSignatureDatabase } from '../signatures/provider';

export const SIGNATURE_FILE = 'signatures.txt';

export function locateSignatures(): string | null {
  const candidates = [
    __dirname,
    path.join(__dirname, '..'),
    path.join(__dirname, '..', '..', 'dist'),
    path.join(__dirname, '..', '..', '..', 'dist'),
    path.join(__dirname, '..', '..', 'server', 'data'),
    path.join(__dirname, '..', '..', '..', 'server', 'data'),
    path.join(__dirname, '..', 'data'),
  ];
  for (const dir of candidates) {
    const file = path.join(dir, SIGNATURE_FILE);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * Hands the database to the analysis, read lazily on first use. ASYNCLENS_SIGNATURES=off leaves it out, so the
 * analysis answers from the workspace alone (for comparisons, and as a way out should the database mislead).
 */
export function installSignatureDatabase(env: Record<string, string | undefined>, onError: (message: string) => void, projects?: () => readonly ProjectForPackages[]): void {
  if (env.ASYNCLENS_SIGNATURES === 'off') {
    withdrawSignatureDatabase();
    return;
  }
  provideSignatureDatabase(() => {
    const file = locateSignatures();
    if (!file) throw new Error(`${SIGNATURE_FILE} is not next to ${__dirname}; run the build (npm run build) first`);
    if (!projects) return signatureFileAt(file);
    // The built-in database, then the packages the projects reference that it does not hold (host/packageSignatures.ts).
    const base = parseSignatureDatabase(signatureFileAt(file), { onProblem: (m) => onError(`the API signature database has a damaged line, whose type goes unanswered: ${m}`) });
    const builtIn = new Set(base.sources.filter((s) => s.framework === null).map((s) => s.packageId.toLowerCase()));
    const files = projectPackageSignatures(projects(), { env, isBuiltIn: (id) => builtIn.has(id.toLowerCase()) || isFrameworkPackage(id), onMessage: onError });
    const extras: SignatureDatabase[] = [];
    for (const f of files) {
      try {
        extras.push(parseSignatureDatabase(fs.readFileSync(f.file, 'latin1'), { sourceBit: base.sources.length, onProblem: (m) => onError(`${f.packageId} ${f.version}: ${m}`) }));
      } catch (e) {
        onError(`${f.packageId} ${f.version}: its cached signatures could not be read (${(e as Error).message}); delete ${f.file} to read the package again`);
      }
    }
    return combineDatabases(base, extras);
  }, onError);
}

/** Packages of the shared frameworks themselves (their APIs are the built-in framework sources). */
function isFrameworkPackage(id: string): boolean {
  return /^(Microsoft\.NETCore\.App|Microsoft\.AspNetCore\.App|Microsoft\.WindowsDesktop\.App|NETStandard\.Library)(\.|$)/i.test(id);
}

/**
 * The database file read in ranges: the index at its head once, each type's member block when the analysis first
 * asks about the type: reading and indexing all 6.5 MB at the first question took the first analysis past its
 * 100 ms budget. The file is ASCII (the generator refuses anything else), so character offsets are
 * byte offsets and latin1 decodes it exactly. The descriptor stays open for the life of the process.
 */
export function signatureFileAt(file: string): SignatureFile {
  const fd = fs.openSync(file, 'r');
  const read = (start: number, length: number): string => {
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, buffer, done, length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    return buffer.toString('latin1', 0, done);
  };
  return { head: (length) => read(0, length), read };
}
