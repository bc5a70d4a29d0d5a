/**
 * The one settings schema of AsyncLens (section `asynclens`): names, defaults and allowed values, and a pure
 * validator that turns whatever an editor sends into complete settings plus a list of problems to log.
 * package.json `contributes.configuration` mirrors SETTINGS_SCHEMA; a test keeps the two in step.
 */
import type { SeveritySetting } from '../rules/types';
import { LIBRARY_CODE_SETTINGS, type LibraryCodeSetting } from '../project/libraryCode';

export const SETTINGS_SECTION = 'asynclens';

/** Runtime profiles the cost model knows (cost-model.md sections 2-7). */
export const RUNTIME_PROFILES = ['net6', 'net7', 'net8', 'net9', 'net10', 'net11-runtime-async'] as const;
export type RuntimeProfile = (typeof RUNTIME_PROFILES)[number];
/** What the runtime setting may say: a profile, or "auto" (each file's project's target framework decides). */
export const RUNTIME_SETTINGS = ['auto', ...RUNTIME_PROFILES] as const;
export type RuntimeSetting = (typeof RUNTIME_SETTINGS)[number];

export const INLAY_HINT_MODES = ['off', 'aboveThreshold', 'all'] as const;
export type InlayHintMode = (typeof INLAY_HINT_MODES)[number];

export const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;
export type TraceLevel = (typeof TRACE_LEVELS)[number];

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export interface AsyncLensSettings {
  runtime: RuntimeSetting;
  /** Severity by rule id (ASY001), overriding each rule's default; .editorconfig wins for the files it covers. */
  severity: Record<string, SeveritySetting>;
  inlayHints: InlayHintMode;
  codeLens: boolean;
  /** Bytes per call from which a method counts as costly (inlay hints in aboveThreshold mode). */
  costThreshold: number;
  /**
   * Milliseconds after the last edit before a document is analysed again. Typing keeps postponing the analysis, so
   * a burst of keystrokes costs one analysis; 0 analyses after every edit.
   */
  analysisDelayMs: number;
  indexing: {
    maxFiles: number;
    maxFileSizeKb: number;
  };
  trace: {
    server: TraceLevel;
  };
  testCode: {
    /** The most severe a blocking rule's finding in test code may be; 'off' leaves them out. */
    maxSeverity: SeveritySetting;
  };
  suppressions: {
    /** Honour what the code base did to silence the peers' equivalent rules (#pragma, SuppressMessage, NoWarn, .editorconfig). */
    peers: boolean;
  };
  /** Which code is library code for ASY027 and ASY030: `auto` decides per project (project/libraryCode.ts). */
  libraryCode: LibraryCodeSetting;
  project: {
    /** The target of multi-targeting projects to analyse when they list it; '' picks the highest. */
    targetFramework: string;
    /** The build configuration whose symbols (DEBUG or RELEASE) decide #if branches. */
    configuration: string;
  };
}

const DEFAULTS: AsyncLensSettings = {
  runtime: 'auto',
  severity: {},
  inlayHints: 'aboveThreshold',
  codeLens: false,
  costThreshold: 100,
  analysisDelayMs: 150,
  indexing: { maxFiles: 5000, maxFileSizeKb: 1024 },
  trace: { server: 'off' },
  testCode: { maxSeverity: 'information' },
  suppressions: { peers: true },
  libraryCode: 'auto',
  project: { targetFramework: '', configuration: 'Release' },
};
export const DEFAULT_SETTINGS: Readonly<AsyncLensSettings> = Object.freeze(DEFAULTS);

/** One setting as package.json declares it: the flat key under the section, its JSON type, default and choices. */
export interface SettingDescriptor {
  key: string;
  type: 'string' | 'boolean' | 'number' | 'object';
  default: unknown;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
}

/** A longer delay than this would leave diagnostics visibly stale; a value above it is reported and clamped. */
export const MAX_ANALYSIS_DELAY_MS = 5000;

/** What package.json `contributes.configuration.properties` must declare, key by key. */
export const SETTINGS_SCHEMA: readonly SettingDescriptor[] = [
  { key: 'asynclens.runtime', type: 'string', default: DEFAULT_SETTINGS.runtime, enum: RUNTIME_SETTINGS },
  { key: 'asynclens.severity', type: 'object', default: {} },
  { key: 'asynclens.inlayHints', type: 'string', default: DEFAULT_SETTINGS.inlayHints, enum: INLAY_HINT_MODES },
  { key: 'asynclens.codeLens', type: 'boolean', default: DEFAULT_SETTINGS.codeLens },
  { key: 'asynclens.costThreshold', type: 'number', default: DEFAULT_SETTINGS.costThreshold, minimum: 0 },
  { key: 'asynclens.analysisDelayMs', type: 'number', default: DEFAULT_SETTINGS.analysisDelayMs, minimum: 0, maximum: MAX_ANALYSIS_DELAY_MS },
  { key: 'asynclens.indexing.maxFiles', type: 'number', default: DEFAULT_SETTINGS.indexing.maxFiles, minimum: 0 },
  { key: 'asynclens.indexing.maxFileSizeKb', type: 'number', default: DEFAULT_SETTINGS.indexing.maxFileSizeKb, minimum: 1 },
  { key: 'asynclens.trace.server', type: 'string', default: DEFAULT_SETTINGS.trace.server, enum: TRACE_LEVELS },
  { key: 'asynclens.testCode.maxSeverity', type: 'string', default: DEFAULT_SETTINGS.testCode.maxSeverity, enum: SEVERITY_SETTINGS },
  { key: 'asynclens.suppressions.peers', type: 'boolean', default: DEFAULT_SETTINGS.suppressions.peers },
  { key: 'asynclens.libraryCode', type: 'string', default: DEFAULT_SETTINGS.libraryCode, enum: LIBRARY_CODE_SETTINGS },
  { key: 'asynclens.project.targetFramework', type: 'string', default: DEFAULT_SETTINGS.project.targetFramework },
  { key: 'asynclens.project.configuration', type: 'string', default: DEFAULT_SETTINGS.project.configuration },
];

const RULE_ID = /^ASY\d{3}$/;

export interface ValidatedSettings {
  settings: AsyncLensSettings;
  /** One sentence per ignored value, naming the setting, the value and what is used instead. */
  problems: string[];
}

/**
 * Validates raw settings from `workspace/configuration` (section `asynclens`). Unknown keys are ignored,
 * bad values are reported and replaced by the default, so the server always has complete settings.
 * Accepts nested objects (what VS Code sends) and flat dotted keys (what some editors send).
 */
export function validateSettings(raw: unknown, knownRuleIds?: ReadonlySet<string>): ValidatedSettings {
  const problems: string[] = [];
  const settings: AsyncLensSettings = {
    ...DEFAULT_SETTINGS,
    severity: {},
    indexing: { ...DEFAULT_SETTINGS.indexing },
    trace: { ...DEFAULT_SETTINGS.trace },
    testCode: { ...DEFAULT_SETTINGS.testCode },
    suppressions: { ...DEFAULT_SETTINGS.suppressions },
    project: { ...DEFAULT_SETTINGS.project },
  };
  if (raw === null || raw === undefined) return { settings, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`asynclens: expected an object of settings but got ${describe(raw)}; using the defaults`);
    return { settings, problems };
  }
  const get = (path: string): unknown => lookup(raw as Record<string, unknown>, path);

  const oneOf = <T extends string>(path: string, allowed: readonly T[], fallback: T): T => {
    const v = get(path);
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    problems.push(`asynclens.${path}: ${describe(v)} is not one of ${allowed.join(', ')}; using ${fallback}`);
    return fallback;
  };
  const number = (path: string, fallback: number, minimum: number, integer: boolean): number => {
    const v = get(path);
    if (v === undefined || v === null) return fallback;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n >= minimum) return integer ? Math.floor(n) : n;
    problems.push(`asynclens.${path}: ${describe(v)} is not a number >= ${minimum}; using ${fallback}`);
    return fallback;
  };

  settings.runtime = oneOf('runtime', RUNTIME_SETTINGS, DEFAULT_SETTINGS.runtime);
  settings.testCode.maxSeverity = oneOf('testCode.maxSeverity', SEVERITY_SETTINGS, DEFAULT_SETTINGS.testCode.maxSeverity);
  settings.libraryCode = oneOf('libraryCode', LIBRARY_CODE_SETTINGS, DEFAULT_SETTINGS.libraryCode);
  const peers = get('suppressions.peers');
  if (typeof peers === 'boolean') settings.suppressions.peers = peers;
  else if (peers !== undefined && peers !== null) problems.push(`asynclens.suppressions.peers: ${describe(peers)} is not true or false; using ${DEFAULT_SETTINGS.suppressions.peers}`);
  const text = (path: string, fallback: string, pattern: RegExp, what: string): string => {
    const v = get(path);
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'string' && (v === '' || pattern.test(v.trim()))) return v.trim();
    problems.push(`asynclens.${path}: ${describe(v)} is not ${what}; using ${JSON.stringify(fallback)}`);
    return fallback;
  };
  settings.project.targetFramework = text('project.targetFramework', DEFAULT_SETTINGS.project.targetFramework, /^[A-Za-z][A-Za-z0-9.-]*$/, 'a target framework moniker like net8.0');
  settings.project.configuration = text('project.configuration', DEFAULT_SETTINGS.project.configuration, /^[A-Za-z][\w .-]*$/, 'a configuration name like Release') || DEFAULT_SETTINGS.project.configuration;
  settings.inlayHints = oneOf('inlayHints', INLAY_HINT_MODES, DEFAULT_SETTINGS.inlayHints);
  settings.trace.server = oneOf('trace.server', TRACE_LEVELS, DEFAULT_SETTINGS.trace.server);
  settings.costThreshold = number('costThreshold', DEFAULT_SETTINGS.costThreshold, 0, false);
  settings.analysisDelayMs = number('analysisDelayMs', DEFAULT_SETTINGS.analysisDelayMs, 0, true);
  if (settings.analysisDelayMs > MAX_ANALYSIS_DELAY_MS) {
    problems.push(`asynclens.analysisDelayMs: ${settings.analysisDelayMs} is more than ${MAX_ANALYSIS_DELAY_MS}; using ${MAX_ANALYSIS_DELAY_MS}`);
    settings.analysisDelayMs = MAX_ANALYSIS_DELAY_MS;
  }
  settings.indexing.maxFiles = number('indexing.maxFiles', DEFAULT_SETTINGS.indexing.maxFiles, 0, true);
  settings.indexing.maxFileSizeKb = number('indexing.maxFileSizeKb', DEFAULT_SETTINGS.indexing.maxFileSizeKb, 1, false);

  const lens = get('codeLens');
  if (typeof lens === 'boolean') settings.codeLens = lens;
  else if (lens !== undefined && lens !== null) problems.push(`asynclens.codeLens: ${describe(lens)} is not true or false; using ${DEFAULT_SETTINGS.codeLens}`);

  const severity = get('severity');
  if (severity !== undefined && severity !== null) {
    if (typeof severity !== 'object' || Array.isArray(severity)) {
      problems.push(`asynclens.severity: expected an object like { "ASY001": "error" } but got ${describe(severity)}; using each rule's default`);
    } else {
      for (const [key, value] of Object.entries(severity as Record<string, unknown>)) {
        const id = key.trim().toUpperCase();
        if (!RULE_ID.test(id) || (knownRuleIds && knownRuleIds.size > 0 && !knownRuleIds.has(id))) {
          problems.push(`asynclens.severity: ${JSON.stringify(key)} is not an AsyncLens rule id (ASY001, ASY002, ...); ignored`);
          continue;
        }
        if (typeof value === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(value)) settings.severity[id] = value as SeveritySetting;
        else problems.push(`asynclens.severity.${id}: ${describe(value)} is not one of ${SEVERITY_SETTINGS.join(', ')}; using the rule's default`);
      }
    }
  }
  return { settings, problems };
}

/** A short, stable string of the settings that change analysis results, to key snapshots by. */
export function analysisSettingsKey(settings: AsyncLensSettings): string {
  const severities = Object.keys(settings.severity).sort().map((k) => `${k}=${settings.severity[k]}`).join(',');
  return `${settings.runtime}|${severities}|${settings.testCode.maxSeverity}|${settings.suppressions.peers}|${settings.project.targetFramework}|${settings.project.configuration}|${settings.libraryCode}`;
}

function lookup(raw: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(raw, path)) return raw[path];
  let current: unknown = raw;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
