/**
 * What one analysis of one document version produces, as plain data the engine thread sends to the protocol
 * thread: the diagnostics and, for each async method, the facts hovers, inlay hints, CodeLens and code
 * actions show. **Invariant:** one snapshot per (document version, analysis settings); every request reads
 * the latest snapshot and nothing re-parses or re-analyses to answer a request.
 */
import type { Diagnostic, Position, Range } from 'vscode-languageserver';
import type { RuntimeProfile } from '../config/settings';
import type { AwaitState } from '../workspace/completion';
import type { ReturnKind } from '../model/types';
import type { Severity } from '../rules/types';

/** What a diagnostic's `data` carries, so a code action needs no re-analysis. */
export interface DiagnosticData {
  ruleId: string;
  /** The document version the diagnostic (and its edits) belongs to. */
  version: number;
  /** The rule's fix, already in LSP ranges, or null when it has none. */
  fix: { title: string; safety: 'safe' | 'unsafe' | 'display-only'; edits: { range: Range; newText: string }[] } | null;
  /** Leading whitespace of the diagnostic's first line, for "suppress on this line". */
  indent: string;
}

export interface StateMachineFieldView {
  name: string;
  type: string;
  bytes: number;
  /** Why the field exists ("hoisted parameter", "awaiter for TaskAwaiter<int>", ...), when known. */
  role?: string;
}

/** The bytes of one method on one runtime profile. */
export interface ProfileCostView {
  runtime: RuntimeProfile;
  /** Bytes of the state machine struct (compiler profiles) or of the continuation (runtime async). */
  stateMachineBytes: number;
  syncBytes: number;
  syncBytesIfCached: number;
  suspendBytes: number;
  /** The lines a person reads under the numbers: where each byte comes from, what is assumed. */
  notes: string[];
  /** False when exact; otherwise what was assumed (unknown type sizes, uncalibrated profile). */
  estimate: boolean | string;
  fields: StateMachineFieldView[];
}

export interface AwaitView {
  keywordRange: Range;
  /** 0-based line of the await keyword. */
  line: number;
  /** The awaited expression as written. */
  text: string;
  state: AwaitState;
  reason: string;
  /** Why this await costs what it costs on the selected profile. */
  costNote: string;
}

export interface MethodFindingView {
  ruleId: string;
  message: string;
  severity: Severity;
  range: Range;
}

export interface MethodView {
  bodyId: string;
  name: string;
  kind: string;
  containingType: string | null;
  returnTypeText: string | null;
  returnKind: ReturnKind;
  resultTypeText: string | null;
  nameRange: Range;
  /** Where the signature ends (before the body): the inlay hint's position. */
  signatureEnd: Position;
  range: Range;
  likelySync: boolean | null;
  verdictReason: string | null;
  maySuspend: number;
  awaits: AwaitView[];
  findings: MethodFindingView[];
  /** Costs by profile: the selected one and the one shown beside it (all six in a method detail). */
  costs: ProfileCostView[];
  /** Why there are no costs, when the cost model could not estimate this method. */
  costError?: string;
}

export interface DocumentSnapshot {
  /** The URI as the client sent it. */
  uri: string;
  version: number;
  /** analysisSettingsKey() of the settings the snapshot was computed with. */
  settingsKey: string;
  runtime: RuntimeProfile;
  diagnostics: Diagnostic[];
  methods: MethodView[];
  /** Async bodies left out because their own code has syntax errors. */
  skipped: { name: string; range: Range; reason: string }[];
  syntaxErrors: number;
  parseError?: string;
  /** Milliseconds spent in each phase, for the trace output and the benchmark. */
  timings: { parseAndModel: number; rules: number; costs: number; total: number };
}
