/**
 * Global analyzer config files, which Roslyn applies to every file of a project: a `.globalconfig` in the
 * project's folder or a folder above it (the SDK adds those), `<GlobalAnalyzerConfigFiles>` items, and
 * `<EditorConfigFiles>` items that turn out to be global. Pure: the project host finds and reads the files and
 * passes their texts in; this module says which are global, merges them and answers for one file.
 *
 * The rules follow Roslyn's own code and Microsoft's documentation:
 * - dotnet/roslyn src/Compilers/Core/Portable/CommandLine/AnalyzerConfig.cs: a file is global when it is named
 *   `.globalconfig` or its top section has the key `is_global` (whatever its value); `global_level` is read as an
 *   integer, and without one a file named `.globalconfig` has level 100 and any other 0. Lines are read as in
 *   an .editorconfig: `#` and `;` start comments (inline too), `key = value` or `key: value`, keys lower-cased.
 * - AnalyzerConfigSet.cs (GlobalAnalyzerConfigBuilder): the global configs are merged key by key; the higher
 *   level wins, and two files setting one key at the same level cancel each other (the compiler warns
 *   "Multiple global analyzer config files set the same key ... It has been unset"). `is_global` and
 *   `global_level` are not options. In a global config a section applies to the one file whose absolute path
 *   it names; a section with any other name is ignored (the compiler warns).
 * - https://learn.microsoft.com/dotnet/fundamentals/code-analysis/configuration-files#precedence: an entry in an
 *   EditorConfig file that applies to a source file wins over the same key in a global AnalyzerConfig file, and
 *   between global configs the higher `global_level` wins. So a file's options are the merged global section,
 *   then the global sections naming that file, then its .editorconfig entries (editorconfig.ts) on top.
 */

export interface GlobalConfigText {
  /** The file's absolute path, forward slashes. */
  path: string;
  text: string;
}

export interface ParsedGlobalConfig {
  /** Named `.globalconfig`, or its top section has `is_global`. */
  isGlobal: boolean;
  /** `global_level` when it is a valid integer, else null. */
  level: number | null;
  /** The top section's options, without `is_global` and `global_level`. */
  options: Map<string, string>;
  /** Sections by the absolute path they name (forward slashes); sections that name no absolute path are left out. */
  fileSections: Map<string, Map<string, string>>;
  /** Names of the sections left out. */
  ignoredSections: string[];
}

/** One option of the merged global configs, with the file that set it. */
export interface GlobalOption {
  value: string;
  /** The global config that set it (absolute path). */
  file: string;
  level: number;
}

export interface GlobalConfigSet {
  /** The global configs merged, in the order given (files that are not global are left out). */
  files: string[];
  /** The merged top sections. */
  options: Map<string, GlobalOption>;
  /** The merged sections that name one file, by its path. */
  fileSections: Map<string, Map<string, GlobalOption>>;
  /** Keys two files set at the same level: unset, as the compiler does. */
  conflicts: { key: string; files: string[]; section: string | null }[];
}

export const EMPTY_GLOBAL_CONFIG: GlobalConfigSet = { files: [], options: new Map(), fileSections: new Map(), conflicts: [] };

/**
 * The name of a section header line (`[name]`, an inline comment after it allowed), or null. Scanned once: a
 * regular expression with a blank run before the comment would be quadratic in that run (see editorconfig.ts).
 */
function sectionName(line: string): string | null {
  if (!line.startsWith('[')) return null;
  const comment = /\s[#;]/.exec(line);
  const header = comment ? line.slice(0, comment.index).trimEnd() : line;
  return header.length >= 2 && header.endsWith(']') ? header.slice(1, -1).trim() : null;
}

function baseName(p: string): string {
  return p.replace(/\\/g, '/').split('/').pop() ?? p;
}

/** Whether a section name is an absolute path (`/src/a.cs`, `C:/src/a.cs` or `C:\src\a.cs`). */
function absoluteSectionPath(name: string): string | null {
  // Roslyn unescapes the section name before comparing it with a path; a backslash before a character escapes it.
  const unescaped = name.replace(/\\([\\#;[\]{}*?,!])/g, '$1').replace(/\\/g, '/');
  return unescaped.startsWith('/') || /^[A-Za-z]:\//.test(unescaped) ? unescaped : null;
}

/** An integer as .NET's int.TryParse reads it (optional sign, surrounding blanks, within 32 bits), else null. */
function parseLevel(text: string): number | null {
  const t = text.trim();
  if (!/^[+-]?\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Reads one analyzer config file as Roslyn does, to see whether it is global and what it sets. */
export function parseGlobalConfig(file: GlobalConfigText): ParsedGlobalConfig {
  const top = new Map<string, string>();
  const fileSections = new Map<string, Map<string, string>>();
  const ignoredSections: string[] = [];
  let current: Map<string, string> | null = top;
  for (const raw of file.text.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = sectionName(line);
    if (header !== null) {
      const target = absoluteSectionPath(header);
      if (target === null) {
        ignoredSections.push(header);
        current = null;
      } else {
        current = fileSections.get(target) ?? new Map();
        fileSections.set(target, current);
      }
      continue;
    }
    const eq = line.search(/[=:]/);
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim().toLowerCase();
    if (!key) continue;
    const rest = line.slice(eq + 1);
    const comment = rest.search(/[#;]/);
    const value = (comment >= 0 ? rest.slice(0, comment) : rest).trim();
    current?.set(key, value);
  }
  const isGlobal = baseName(file.path).toLowerCase() === '.globalconfig' || top.has('is_global');
  const level = top.has('global_level') ? parseLevel(top.get('global_level')!) : null;
  top.delete('is_global');
  top.delete('global_level');
  return { isGlobal, level, options: top, fileSections, ignoredSections };
}

/** The level Roslyn gives a global config: its `global_level`, else 100 for a file named `.globalconfig`, else 0. */
export function globalLevelOf(file: GlobalConfigText, parsed: ParsedGlobalConfig): number {
  if (parsed.level !== null) return parsed.level;
  return baseName(file.path).toLowerCase() === '.globalconfig' ? 100 : 0;
}

/**
 * Merges the global configs among `files` (the others are regular .editorconfig files and left out). A file
 * listed twice is read once. Per key the highest level wins; files that set a key at the same, highest level
 * leave it unset and are reported in `conflicts`.
 */
export function mergeGlobalConfigs(files: readonly GlobalConfigText[]): GlobalConfigSet {
  const seen = new Set<string>();
  const used: string[] = [];
  type Candidate = { level: number; entries: { value: string; file: string }[] };
  const top = new Map<string, Candidate>();
  const perFile = new Map<string, Map<string, Candidate>>();
  const offer = (into: Map<string, Candidate>, key: string, value: string, file: string, level: number) => {
    const found = into.get(key);
    if (!found || found.level < level) into.set(key, { level, entries: [{ value, file }] });
    else if (found.level === level) found.entries.push({ value, file });
  };
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    const parsed = parseGlobalConfig(file);
    if (!parsed.isGlobal) continue;
    used.push(file.path);
    const level = globalLevelOf(file, parsed);
    for (const [key, value] of parsed.options) offer(top, key, value, file.path, level);
    for (const [target, options] of parsed.fileSections) {
      let section = perFile.get(target);
      if (!section) perFile.set(target, (section = new Map()));
      for (const [key, value] of options) offer(section, key, value, file.path, level);
    }
  }
  const conflicts: GlobalConfigSet['conflicts'] = [];
  const settle = (candidates: Map<string, Candidate>, section: string | null): Map<string, GlobalOption> => {
    const out = new Map<string, GlobalOption>();
    for (const [key, c] of candidates) {
      if (c.entries.length === 1) out.set(key, { ...c.entries[0], level: c.level });
      else conflicts.push({ key, files: c.entries.map((e) => e.file), section });
    }
    return out;
  };
  const options = settle(top, null);
  const fileSections = new Map<string, Map<string, GlobalOption>>();
  for (const [target, candidates] of perFile) fileSections.set(target, settle(candidates, target));
  return { files: used, options, fileSections, conflicts };
}

/** The global options for one file: the merged top sections, then the sections that name the file. */
export function globalOptionsFor(set: GlobalConfigSet, filePath: string): Map<string, GlobalOption> {
  const out = new Map(set.options);
  const normalized = filePath.replace(/\\/g, '/');
  const section = set.fileSections.get(normalized);
  if (section) for (const [key, option] of section) out.set(key, option);
  return out;
}

/**
 * A file's analyzer options: its global options with its .editorconfig options on top (the EditorConfig entry
 * wins, see the precedence cited above), and for each key that came from a global config, that file's path.
 */
export function withGlobalOptions(editorConfig: Map<string, string>, global: Map<string, GlobalOption>): { values: Map<string, string>; globalSources: Map<string, string> } {
  const values = new Map<string, string>();
  const globalSources = new Map<string, string>();
  for (const [key, option] of global) {
    if (editorConfig.has(key)) continue;
    values.set(key, option.value);
    globalSources.set(key, option.file);
  }
  for (const [key, value] of editorConfig) values.set(key, value);
  return { values, globalSources };
}
