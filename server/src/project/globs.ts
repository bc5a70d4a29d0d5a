/**
 * MSBuild item globs (`**\/*.cs`, `Generated\**`, `..\Shared\*.cs`) over paths with forward slashes. `**`
 * spans folders, `*` and `?` stay within one; matching ignores case, as MSBuild does on Windows where most project
 * files are written. Matched by config/glob.ts's automaton in time linear in the path (a regular expression
 * backtracked for minutes on `*a*a*a...` in an Include). Pure.
 */
import { normalizePath } from './expressions';
import { compileItemGlob, type GlobMatcher } from '../config/glob';

/** A compiled glob: the absolute folder it is rooted in, and the pattern below it. */
export interface Glob {
  text: string;
  matcher: GlobMatcher;
  /**
   * The literal start of the absolute pattern, lower-cased, up to the last `/` before its first wildcard: a path
   * that does not start with it cannot match. Checked first, it answers most (file, project) pairs of a workspace
   * without running the matcher (a file of one project against another project's `**\/*.cs`).
   */
  prefix: string;
}

/** Compiles one pattern, relative to `baseDir` (absolute, forward slashes) unless it is absolute itself. */
export function compileGlob(pattern: string, baseDir: string): Glob {
  const raw = pattern.trim().replace(/\\/g, '/');
  const absolute = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw);
  const full = normalizePath(absolute ? raw : `${baseDir.replace(/\/+$/, '')}/${raw}`);
  // `a/**/b` matches a/b, a/x/b, a/x/y/b; a trailing `**` matches everything below.
  return { text: pattern, matcher: compileItemGlob(full), prefix: literalPrefix(full) };
}

function literalPrefix(full: string): string {
  const wildcard = full.search(/[*?]/);
  const literal = wildcard < 0 ? full : full.slice(0, full.lastIndexOf('/', wildcard) + 1);
  return literal.toLowerCase();
}

/** Splits an Include/Exclude/Remove value on `;`, dropping empty entries. */
export function splitItemSpec(spec: string): string[] {
  return spec.split(';').map((s) => s.trim()).filter(Boolean);
}

export function matchesAny(globs: readonly Glob[], absPath: string): boolean {
  if (globs.length === 0) return false;
  const p = absPath.replace(/\\/g, '/');
  return globs.some((g) => startsWithIgnoringCase(p, g.prefix) && g.matcher.test(p));
}

function startsWithIgnoringCase(path: string, lowerPrefix: string): boolean {
  return path.length >= lowerPrefix.length && (path.startsWith(lowerPrefix) || path.slice(0, lowerPrefix.length).toLowerCase() === lowerPrefix);
}
