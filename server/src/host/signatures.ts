/** Finds the API signature database next to the running bundle (dist/) or in server/data during development. */
import fs from 'node:fs';
import path from 'node:path';
import type { SignatureFile } from '../signatures/database';
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
export function installSignatureDatabase(env: Record<string, string | undefined>, onError: (message: string) => void): void {
  if (env.ASYNCLENS_SIGNATURES === 'off') {
    withdrawSignatureDatabase();
    return;
  }
  provideSignatureDatabase(() => {
    const file = locateSignatures();
    if (!file) throw new Error(`${SIGNATURE_FILE} is not next to ${__dirname}; run the build (npm run build) first`);
    return signatureFileAt(file);
  }, onError);
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
