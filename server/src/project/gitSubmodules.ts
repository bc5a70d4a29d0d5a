/**
 * The folders a repository's `.gitmodules` names as submodules (`path = submodules/MimeKit`), relative to the
 * repository's root, with `/` separators and no trailing slash. A clone without `--recurse-submodules` leaves them
 * empty, so what a project references there is missing here and present in the project's own build.
 * Format: https://git-scm.com/docs/gitmodules
 */
export function submodulePathsOf(gitmodulesText: string | null): string[] {
  if (!gitmodulesText) return [];
  const paths: string[] = [];
  for (const line of gitmodulesText.split(/\r?\n/)) {
    const m = /^\s*path\s*=\s*(.+?)\s*$/.exec(line);
    if (m) paths.push(m[1].replace(/^"(.*)"$/, '$1').replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, ''));
  }
  return paths.filter((p) => p.length > 0);
}
