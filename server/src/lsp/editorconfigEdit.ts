/**
 * "Configure ASYnnn severity": where the setting goes and how an .editorconfig's text changes. The nearest
 * .editorconfig is the one in the document's folder or the closest folder above it, within its workspace folder
 * (Roslyn's "configure severity" writes there too); without one, a new file at the workspace folder's root.
 * Pure: the server reads the file and sends the edit.
 */

/** The levels .editorconfig takes for an analyzer's diagnostics, as Roslyn names them. */
export const EDITORCONFIG_SEVERITIES = ['error', 'warning', 'suggestion', 'silent', 'none'] as const;
export type EditorconfigSeverity = (typeof EDITORCONFIG_SEVERITIES)[number];

/** The folders from the document's own up to the workspace folder that holds it, nearest first (forward slashes). */
export function editorconfigCandidates(documentPath: string, workspaceFolder: string): string[] {
  const root = workspaceFolder.replace(/\/+$/, '');
  const out: string[] = [];
  let dir = documentPath.slice(0, documentPath.lastIndexOf('/'));
  while (dir.length >= root.length && (dir === root || dir.startsWith(`${root}/`))) {
    out.push(dir);
    if (dir === root) break;
    dir = dir.slice(0, dir.lastIndexOf('/'));
  }
  if (out.length === 0) out.push(root);
  return out;
}

/**
 * The .editorconfig text with `dotnet_diagnostic.<id>.severity = <level>`: an existing line for the rule is changed
 * in place; otherwise the line goes under the file's `[*.cs]` section, or a new `[*.cs]` section at the end.
 */
export function withSeverity(text: string, ruleId: string, level: EditorconfigSeverity): string {
  const lineBreak = text.includes('\r\n') ? '\r\n' : '\n';
  const key = `dotnet_diagnostic.${ruleId}.severity`;
  const lines = text.length ? text.split(/\r?\n/) : [];
  const existing = lines.findIndex((l) => new RegExp(`^\\s*dotnet_diagnostic\\.${ruleId}\\.severity\\s*=`, 'i').test(l));
  if (existing >= 0) {
    lines[existing] = `${key} = ${level}`;
    return lines.join(lineBreak);
  }
  const section = lines.findIndex((l) => /^\s*\[\*\.cs\]\s*(?:[#;].*)?$/.test(l));
  if (section >= 0) {
    lines.splice(section + 1, 0, `${key} = ${level}`);
    return lines.join(lineBreak);
  }
  const body = text.length === 0 ? '' : text.endsWith('\n') ? `${text}${lineBreak}` : `${text}${lineBreak}${lineBreak}`;
  return `${body}[*.cs]${lineBreak}${key} = ${level}${lineBreak}`;
}
