/**
 * The custom messages AsyncLens adds to LSP, as the server defines them; client/src/protocol.ts mirrors these
 * names and shapes for the VS Code client, and other editors can call them by name.
 */
// Plain names and shapes only: the engine thread shares them, and a value import of the protocol library here would
// put that library into the engine's bundle (server.ts makes the message types from these names).

/**
 * Commands the server executes (workspace/executeCommand): `[ruleId, 'safe' | 'unsafe']` applies every fix of one
 * rule at that safety in every file of the workspace; `[ruleId, documentUri, level?]` writes
 * `dotnet_diagnostic.<ruleId>.severity = <level>` into the .editorconfig nearest the document (the VS Code client
 * asks for the level first with its own `asynclens.chooseSeverity`).
 */
export const FIX_ALL_IN_WORKSPACE_COMMAND = 'asynclens.fixAllInWorkspace';
export const CONFIGURE_SEVERITY_COMMAND = 'asynclens.configureSeverity';
export const SERVER_COMMANDS = [FIX_ALL_IN_WORKSPACE_COMMAND, CONFIGURE_SEVERITY_COMMAND];

export interface CostReportParams {
  /** One file; absent means every file of the workspace index. */
  uri?: string;
}

/** One async method in the cost report; `line`/`character` are 0-based and point at the method's name. */
export interface CostReportMethod {
  uri: string;
  line: number;
  character: number;
  name: string;
  /** The declaring type, or '' for top-level local functions. */
  containingType: string;
  returnKind: string;
  stateMachineBytes: number;
  /** Bytes one call allocates when it completes without suspending, for a result the runtime does not cache; 0 when it always suspends. */
  syncBytes: number;
  /** The same when the result is one the runtime caches (0 for true/false, small ints, null...); equals syncBytes when caching does not apply. */
  syncBytesIfCached: number;
  /** Bytes one call allocates when it suspends (once per call, however many awaits suspend); 0 when it never suspends. */
  suspendBytes: number;
  awaits: number;
  maySuspend: number;
  likelySync: boolean;
  reason: string;
  /** Rule ids of the findings inside the method, sorted. */
  findings: string[];
  /** False when every size is known exactly; otherwise what was assumed. */
  estimate: boolean | string;
}

export interface CostReport {
  runtime: string;
  methods: CostReportMethod[];
}

export interface MethodDetailParams {
  uri: string;
  line: number;
  character: number;
}

export type MethodDetail = { markdown: string } | null;

/**
 * What the server holds of one open document: the protocol thread's copy and the text the engine last analysed,
 * each as textSync.ts `textDigest` (length and hash). A client or a test compares them with the digest of its
 * own text to tell that the server's copy is the editor's; no client needs it to work.
 */
export interface DocumentStateParams {
  uri: string;
}

export interface DocumentState {
  /** The client's version of the protocol thread's copy. */
  version: number;
  revision: number;
  digest: string;
  /** The engine's analysed text of the same revision, waited for like any request; null when none arrived in time. */
  engine: { revision: number; digest: string } | null;
}

export type ServerState = 'starting' | 'indexing' | 'ready' | 'error';

export interface ServerStatus {
  state: ServerState;
  /** Files in the workspace index. */
  files: number;
  /** Findings in the open documents. */
  findings: number;
  /** How many of `findings` are hints, which the Problems panel does not list (absent from older servers). */
  hints?: number;
  runtime: string;
  message?: string;
}

export const COST_REPORT_METHOD = 'asynclens/costReport';
export const METHOD_DETAIL_METHOD = 'asynclens/methodDetail';
export const STATUS_METHOD = 'asynclens/status';
export const DOCUMENT_STATE_METHOD = 'asynclens/documentState';
/** The client command each CodeLens runs, with arguments [uri, line, character]. */
export const SHOW_METHOD_DETAIL_COMMAND = 'asynclens.showMethodDetail';
/** The code action kind of "fix all safe AsyncLens issues in this file". */
export const FIX_ALL_KIND = 'source.fixAll.asynclens';
/** Diagnostic source. */
export const SOURCE = 'asynclens';

