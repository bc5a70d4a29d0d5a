/**
 * MSBuild item globs (`**\/*.cs`, `Generated\**`, `..\Shared\*.cs`) as regular expressions over paths with
 * forward slashes. `**` spans folders, `*` and `?` stay within one; matching ignores case, as MSBuild does on
 * Windows where most project files are written. Pure.
 */
import { normalizePath } from './expressions';

/** A compiled glob: the absolute folder it is rooted in, and the pattern below it. */
export interface Glob {
  text: string;
  regex: RegExp;
}

function escape(s: string): string {
  return s.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

/** Compiles one pattern, relative to `baseDir` (absolute, forward slashes) unless it is absolute itself. */
export function compileGlob(pattern: string, baseDir: string): Glob {
  const raw = pattern.trim().replace(/\\/g, '/');
  const absolute = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw);
  const full = normalizePath(absolute ? raw : `${baseDir.replace(/\/+$/, '')}/${raw}`);
  let re = '';
  const parts = full.split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (part === '**') {
      // `a/**/b` matches a/b, a/x/b, a/x/y/b; a trailing `**` matches everything below.
      re += last ? '.*' : '(?:[^/]+/)*';
      continue;
    }
    let seg = '';
    for (const ch of part) seg += ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : escape(ch);
    re += seg + (last ? '' : '/');
  }
  return { text: pattern, regex: new RegExp(`^${re}$`, 'i') };
}

/** Splits an Include/Exclude/Remove value on `;`, dropping empty entries. */
export function splitItemSpec(spec: string): string[] {
  return spec.split(';').map((s) => s.trim()).filter(Boolean);
}

export function matchesAny(globs: readonly Glob[], absPath: string): boolean {
  const p = absPath.replace(/\\/g, '/');
  return globs.some((g) => g.regex.test(p));
}
