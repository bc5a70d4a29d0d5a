/**
 * Reads `dotnet_diagnostic.ASYnnn.severity` from .editorconfig text, the convention every .NET analyzer
 * follows. Pure: the host reads the files from the file's folder up to `root = true` and passes them in.
 */
import type { SeveritySetting } from '../rules/types';
import { compileGlob, type GlobMatcher } from './glob';

export interface EditorConfigFile {
  /** The folder the .editorconfig sits in, with forward slashes. */
  dir: string;
  text: string;
}

interface Section {
  glob: GlobMatcher;
  values: Map<string, string>;
}

/**
 * A value without its inline comment (a `#` or `;` after whitespace). Found with a one-character look-behind, in
 * one pass: the expression `\s+[#;].*$` it replaces retried every start in a run of blanks, quadratic in the
 * run's length (a 50,000-blank value took six seconds).
 */
function withoutInlineComment(value: string): string {
  const m = /\s[#;]/.exec(value);
  return m ? value.slice(0, m.index).trimEnd() : value;
}

export function parseEditorConfig(text: string): { root: boolean; sections: Section[] } {
  let root = false;
  const sections: Section[] = [];
  let current: Section | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      current = { glob: compileGlob(header[1]), values: new Map() };
      sections.push(current);
      continue;
    }
    const kv = /^([^=:]+)[=:](.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1].trim().toLowerCase();
    const value = withoutInlineComment(kv[2].trim());
    if (!current) {
      if (key === 'root') root = value.toLowerCase() === 'true';
    } else {
      current.values.set(key, value);
    }
  }
  return { root, sections };
}

const SEVERITY: Record<string, SeveritySetting> = {
  none: 'off',
  silent: 'off',
  suggestion: 'information',
  warning: 'warning',
  error: 'error',
  default: 'warning',
};

/**
 * Every key/value that applies to one file. `files` are ordered from the outermost folder to the innermost;
 * later files and later sections win, as the EditorConfig spec says. Keys are lower-cased.
 */
export function editorConfigOptions(filePath: string, files: EditorConfigFile[]): Map<string, string> {
  const out = new Map<string, string>();
  const normalized = filePath.replace(/\\/g, '/');
  let start = 0;
  const parsed = files.map((f) => ({ file: f, ...parsedOnce(f.text) }));
  for (let i = parsed.length - 1; i >= 0; i--) if (parsed[i].root) { start = i; break; }
  for (const p of parsed.slice(start)) {
    const dir = p.file.dir.replace(/\\/g, '/').replace(/\/$/, '');
    if (!normalized.startsWith(`${dir}/`) && dir !== '') continue;
    const relative = dir === '' ? normalized : normalized.slice(dir.length + 1);
    for (const section of p.sections) {
      if (!section.glob.test(relative)) continue;
      for (const [key, value] of section.values) out.set(key, value);
    }
  }
  return out;
}

/** The same few .editorconfig texts apply to every file of a workspace: parse each once. */
const parsedByText = new Map<string, ReturnType<typeof parseEditorConfig>>();
function parsedOnce(text: string): ReturnType<typeof parseEditorConfig> {
  let found = parsedByText.get(text);
  if (!found) {
    if (parsedByText.size > 64) parsedByText.clear();
    found = parseEditorConfig(text);
    parsedByText.set(text, found);
  }
  return found;
}

/** Severity overrides for AsyncLens rules (`dotnet_diagnostic.ASY001.severity`, the AsyncLens category) from a file's options. */
export function severitiesFromOptions(options: Map<string, string>): Map<string, SeveritySetting> {
  const out = new Map<string, SeveritySetting>();
  for (const [key, value] of options) {
    const severity = SEVERITY[value.toLowerCase()];
    if (!severity) continue;
    const m = /^dotnet_diagnostic\.(asy\d{3})\.severity$/.exec(key);
    if (m) out.set(m[1].toUpperCase(), severity);
    if (key === 'dotnet_analyzer_diagnostic.category-asynclens.severity') out.set('*', severity);
  }
  return out;
}

/** Severity overrides for one file (see editorConfigOptions for the order). */
export function severitiesFor(filePath: string, files: EditorConfigFile[]): Map<string, SeveritySetting> {
  return severitiesFromOptions(editorConfigOptions(filePath, files));
}

/**
 * Ids other than AsyncLens's whose severity is `none` or `silent` for the file: peers a code base has turned off,
 * each with where that is said: `.editorconfig`, or the global analyzer config that set the key (globalConfig.ts).
 */
export function peersTurnedOff(options: Map<string, string>, globalSources: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of options) {
    const m = /^dotnet_diagnostic\.([a-z0-9_]+)\.severity$/.exec(key);
    if (!m || /^asy\d{3}$/.test(m[1]) || !['none', 'silent'].includes(value.toLowerCase())) continue;
    out.set(m[1].toUpperCase(), settingSource(key, globalSources));
  }
  return out;
}

/** Where a key's value comes from, for reasons: `.editorconfig`, or the global analyzer config that set it. */
function settingSource(key: string, globalSources: ReadonlyMap<string, string>): string {
  const global = globalSources.get(key);
  return global ? `the global analyzer config ${global.split('/').pop()}` : '.editorconfig';
}

/** A peer's severity a code base keeps on (`suggestion` reads as information), and the file that sets it. */
export interface PeerSeverity {
  severity: 'information' | 'warning' | 'error';
  where: string;
}

/**
 * Ids other than AsyncLens's whose severity is set to `suggestion`, `warning` or `error` for the file: peers a code
 * base keeps on, with that severity. When one of a rule's equivalents is kept on, another one turned off is a duplicate
 * silenced, not the concern: generated configs that list every rule (Polly's set Sonar's S4462 to none and VSTHRD002,
 * which reports the same blocking calls, to warning) would otherwise hide findings their authors still want. The
 * severity caps the rule's own default (analysis/project.ts): a code base that made the compiler's CS1998 a suggestion
 * has said how much an async method without await matters to it.
 */
export function peersKeptOn(options: Map<string, string>, globalSources: ReadonlyMap<string, string> = new Map()): Map<string, PeerSeverity> {
  const out = new Map<string, PeerSeverity>();
  for (const [key, value] of options) {
    const m = /^dotnet_diagnostic\.([a-z0-9_]+)\.severity$/.exec(key);
    if (!m || /^asy\d{3}$/.test(m[1]) || !['suggestion', 'warning', 'error'].includes(value.toLowerCase())) continue;
    const severity = SEVERITY[value.toLowerCase()] as PeerSeverity['severity'];
    out.set(m[1].toUpperCase(), { severity, where: settingSource(key, globalSources) });
  }
  return out;
}

/** `generated_code = true|false` for the file, which Roslyn lets override its own detection; null when unset. */
export function generatedCodeOption(options: Map<string, string>): boolean | null {
  const v = options.get('generated_code')?.toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : null;
}
