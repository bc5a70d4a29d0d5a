/**
 * Whether the code a rule looks at is library code (ASY027, ASY030): the project says (project/libraryCode.ts,
 * through the host), and outside any project the workspace does: sources with an entry point (a Main or top-level
 * statements) are an application, sources without one are a library's.
 */
import type { LibraryCodeVerdict } from '../project/libraryCode';
import type { WorkspaceIndex } from '../workspace/index';
import type { RuleContext, RuleFinding } from './types';
import { unreachedByContextHosts } from './contextFree';

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

/**
 * The most a finding in a console tool's code is shown at (project/synchronizationContext.ts consoleToolReason: an
 * installer, a command-line front end, a release script, or a library only such tools run), and why: information.
 * The program runs one flow of work its user started, so a wait or a blocking call holds the thread that flow would
 * hold anyway, with no context to deadlock on and no request load to starve the pool; making it async would mean
 * making the tool's whole synchronous chain, Main included, async. The seeded readings found these true and of
 * little value (test/real-world/README.md, thirty-fourth and thirty-fifth sessions). A console program whose code
 * says it runs until stopped is no tool (project/longRunning.ts). ASY002 and ASY003 ask it; `effect` says what the
 * finding's call does there. A severity set for the rule shows it at that severity.
 */
export function consoleToolCap(ctx: RuleContext, effect: string): NonNullable<RuleFinding['maxSeverity']> | null {
  const tool = ctx.testCode ? null : ctx.library?.consoleTool ?? unreachedByContextHosts(ctx)?.consoleTool;
  return tool ? { severity: 'information', reason: `${tool}: ${effect}` } : null;
}
