/**
 * Whether the code a rule looks at is library code (ASY027, ASY030): the project says (project/libraryCode.ts,
 * through the host), and outside any project the workspace does: sources with an entry point (a Main or top-level
 * statements) are an application, sources without one are a library's.
 */
import type { LibraryCodeVerdict } from '../project/libraryCode';
import type { WorkspaceIndex } from '../workspace/index';
import type { RuleContext } from './types';

export function libraryCodeOf(ctx: RuleContext): LibraryCodeVerdict {
  if (ctx.testCode) return { isLibrary: false, reason: `it is counted as test code (${ctx.testCode})` };
  if (ctx.library) return ctx.library;
  const entry = entryPointOf(ctx.index);
  return entry
    ? { isLibrary: false, reason: `no project says otherwise and the workspace has an entry point (${entry})` }
    : { isLibrary: true, reason: 'no project says otherwise and the workspace has no entry point' };
}

const entryPoints = new WeakMap<WorkspaceIndex, { version: number; entry: string | null }>();

/** The first entry point the workspace declares (`Program.cs: Main`), kept per index version. */
function entryPointOf(index: WorkspaceIndex): string | null {
  const known = entryPoints.get(index);
  if (known && known.version === index.version) return known.entry;
  let entry: string | null = null;
  for (const [file, model] of index.files) {
    const body = model.bodies.find((b) => b.isEntryPoint);
    if (body) {
      entry = `${file.split('/').pop()}: ${body.kind === 'topLevel' ? 'top-level statements' : body.name}`;
      break;
    }
  }
  entryPoints.set(index, { version: index.version, entry });
  return entry;
}
