/** Finds the API signature database next to the running bundle (dist/) or in server/data during development. */
import fs from 'node:fs';
import path from 'node:path';
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
    return fs.readFileSync(file, 'utf8');
  }, onError);
}
