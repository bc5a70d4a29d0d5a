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
}

/** Compiles one pattern, relative to `baseDir` (absolute, forward slashes) unless it is absolute itself. */
export function compileGlob(pattern: string, baseDir: string): Glob {
  const raw = pattern.trim().replace(/\\/g, '/');
  const absolute = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw);
  const full = normalizePath(absolute ? raw : `${baseDir.replace(/\/+$/, '')}/${raw}`);
  // `a/**/b` matches a/b, a/x/b, a/x/y/b; a trailing `**` matches everything below.
  return { text: pattern, matcher: compileItemGlob(full) };
}

/** Splits an Include/Exclude/Remove value on `;`, dropping empty entries. */
export function splitItemSpec(spec: string): string[] {
  return spec.split(';').map((s) => s.trim()).filter(Boolean);
}

export function matchesAny(globs: readonly Glob[], absPath: string): boolean {
  const p = absPath.replace(/\\/g, '/');
  return globs.some((g) => g.matcher.test(p));
}
