/**
 * The signature database a host hands to the analysis. The core cannot read files, so a host (the CLI, the
 * language server's engine thread) gives a function that opens the database (its whole text, or a file read in
 * ranges); it runs the first time an analysis asks, so starting the server or the CLI costs nothing until a
 * question needs the database.
 */
import { parseSignatureDatabase, type SignatureDatabase, type SignatureFile } from './database';
import type { FileApiScope } from './scope';

interface Provision {
  /** The file to parse, or a database the host made itself (the built-in one combined with a project's packages). */
  load: () => SignatureFile | string | SignatureDatabase;
  onError?: (message: string) => void;
}

let provision: Provision | null = null;
let loaded: { db: SignatureDatabase | null } | null = null;

/** Sets where the database comes from (replacing any earlier one); nothing is read yet. */
export function provideSignatureDatabase(load: () => SignatureFile | string | SignatureDatabase, onError?: (message: string) => void): void {
  provision = { load, onError };
  loaded = null;
}

/** Forgets the database, so the analysis answers from the workspace alone (tests, and hosts told not to use it). */
export function withdrawSignatureDatabase(): void {
  provision = null;
  loaded = null;
}

/** The database, loaded on the first call; null when no host provided one or it could not be read. */
export function signatureDatabase(): SignatureDatabase | null {
  if (loaded) return loaded.db;
  if (!provision) return null;
  const { onError } = provision;
  try {
    const source = provision.load();
    loaded = {
      db: typeof source === 'object' && 'typesNamed' in source
        ? source
        : parseSignatureDatabase(source, { onProblem: (message) => onError?.(`the API signature database has a damaged line, whose type goes unanswered: ${message}`) }),
    };
  } catch (err) {
    // A missing or damaged database costs precision, never the analysis: the workspace-only answers remain.
    loaded = { db: null };
    provision.onError?.(`the API signature database could not be loaded, so types come from the workspace alone: ${err instanceof Error ? err.message : String(err)}`);
  }
  return loaded.db;
}

let fileScopes: ((file: string) => FileApiScope | null) | null = null;

/**
 * Tells the analysis each file's API scope (target framework, global usings) from the host's project model, by
 * the file's key in the workspace index. Without it every file sees .NET 10 and the plain SDK's implicit usings.
 */
export function provideFileApiScopes(lookup: ((file: string) => FileApiScope | null) | null): void {
  fileScopes = lookup;
  scopesGeneration++;
}

/**
 * Bumped whenever the answers of the lookup may have changed (a new lookup, or the host's project model changed: an
 * edited project file can give a source file another project). What is derived from the scopes and kept (the project
 * views of workspace/projectView.ts) is derived again when it moves.
 */
let scopesGeneration = 0;

export function fileApiScopesChanged(): void {
  scopesGeneration++;
}

export function fileApiScopesGeneration(): number {
  return scopesGeneration;
}

export function fileApiScopeOf(file: string): FileApiScope | null {
  return fileScopes?.(file) ?? null;
}
