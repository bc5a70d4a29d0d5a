/**
 * What one analysis of one document version produces, as plain data the engine thread sends to the protocol
 * thread: the diagnostics and, for each async method, the facts hovers, inlay hints, CodeLens and code
 * actions show. **Invariant:** one snapshot per (document version, analysis settings); every request reads
 * the latest snapshot and nothing re-parses or re-analyses to answer a request.
 */
import type { Diagnostic, Position, Range } from 'vscode-languageserver';
import type { RuntimeProfile } from '../config/settings';
import type { RuntimeChoice } from '../project/runtime';
import type { AwaitState } from '../workspace/completion';
import type { ReturnKind } from '../model/types';
import type { Severity } from '../rules/types';

/** What a diagnostic's `data` carries, so a code action needs no re-analysis. */
export interface DiagnosticData {
  ruleId: string;
  /**
   * The server's revision of the text the diagnostic (and its edits) belongs to (lsp/textSync.ts): a diagnostic the
   * client hands back for any other text gets no edits. Not the client's version, which a client may reuse.
   */
  revision: number;
  /** The rule's fix, already in LSP ranges, or null when it has none. */
  fix: { title: string; safety: 'safe' | 'unsafe' | 'display-only'; edits: { range: Range; newText: string }[] } | null;
  /** Leading whitespace of the diagnostic's first line, for "suppress on this line". */
  indent: string;
  /**
   * Why the finding matters (the rule's note): the hover shows it, the Problems panel shows only the message. Kept
   * in the server's snapshot only: the hover is made there, and the published copy leaves it out (diagnostics.ts
   * `publishable`), since it was half the bytes of every publish.
   */
  note?: string;
  /** Carried from the last analysis of a method that has a syntax error now (lsp/staleResults.ts). */
  stale?: true;
}

export interface StateMachineFieldView {
  /** Roslyn's field name: `<>1__state`, `<>t__builder`, `<>4__this`, `x`, `<x>5__2`, `<>u__1`. */
  name: string;
  type: string;
  bytes: number;
  offset: number;
  /** What the field holds, in words. */
  holds: string;
  assumption?: string;
}

/** The bytes of one method on one runtime profile (the cost model's MethodCost, reduced to what is shown). */
export interface ProfileCostView {
  runtime: RuntimeProfile;
  machinery: 'compiler' | 'runtime-async';
  layoutKind: 'struct' | 'class' | 'continuation';
  /** Bytes of the state machine struct (or class, or Runtime Async continuation). */
  stateMachineBytes: number;
  /** Bytes a call allocates when it completes without suspending; null when it always suspends. */
  syncBytes: number | null;
  /** The same when the result is one the runtime caches; null when caching does not apply. */
  syncBytesIfCached: number | null;
  cachedValues: string | null;
  syncExplanation: string;
  /** Bytes a call allocates when it suspends, once per call; null when it cannot suspend. */
  suspendBytes: number | null;
  suspendExplanation: string;
  /** What the awaited operations allocate themselves, not counted above. */
  callees: { what: string; syncBytes: number | null; suspendBytes: number | null }[];
  /** False when exact (measured runtime, no assumption); otherwise why it is an estimate. */
  estimate: false | string;
  assumptions: string[];
  notes: string[];
  fields: StateMachineFieldView[];
  /** Per suspension point of the method (in the order of MethodView.awaits): what it may cost on this profile. */
  awaitNotes: string[];
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
  /** Which runtime the selected costs are for, from which target, and why (the project's target under "auto"). */
  runtimeChoice?: RuntimeChoice;
  /**
   * The method has a syntax error now: these are its results from the last text in which it parsed, moved to where
   * it is now (lsp/staleResults.ts), shown marked until it parses again.
   */
  stale?: true;
}

export interface DocumentSnapshot {
  /** The URI as the client sent it. */
  uri: string;
  /** The server's revision of the text analysed (lsp/textSync.ts); the protocol thread publishes with the client's version of it. */
  revision: number;
  /** textSync.ts `textDigest` of that text: the protocol thread compares it with its own copy and resends the text when they differ. */
  textDigest: string;
  /** analysisSettingsKey() of the settings the snapshot was computed with. */
  settingsKey: string;
  runtime: RuntimeProfile;
  /** Why that runtime: the file's project's target framework, the setting, or the fallback outside any project. */
  runtimeChoice?: RuntimeChoice;
  diagnostics: Diagnostic[];
  methods: MethodView[];
  /** Async bodies left out because their own code has syntax errors. */
  skipped: { name: string; range: Range; reason: string }[];
  syntaxErrors: number;
  parseError?: string;
  /**
   * Milliseconds spent in each phase, for the trace output and the benchmark. `modelBuiltBeforeAsked`: the
   * large-document thread had the model ready when the debounce ended (parseAndModel is then only its transfer);
   * `modelSentBeforeAsked`: it had sent it too, and the transfer was done during the debounce. `analysedDuringDebounce`:
   * the rules ran before the debounce ended (the model arrived early) and the results were held until it did.
   * `sinceEdit`: after an edit, how long after the engine took it in the model was in hand and the rules were done
   * (the diagnostics are shown then, or when the debounce ends if that is later).
   */
  timings: { parseAndModel: number; rules: number; costs: number; total: number; modelBuiltBeforeAsked?: boolean; modelSentBeforeAsked?: boolean; analysedDuringDebounce?: boolean; sinceEdit?: { model: number; rules: number } };
}
