/**
 * The custom messages between the AsyncLens client and its language server, as the client sees them: a mirror
 * of server/src/lsp/protocol.ts that imports nothing, so the pure view modules and the unit tests can share it.
 */

/** Request: the async methods of one file (`uri`) or of the whole workspace (no `uri`) with their costs. */
export const COST_REPORT_REQUEST = 'asynclens/costReport';
/** Request: the hover-like markdown detail of the async method whose name is at a position. */
export const METHOD_DETAIL_REQUEST = 'asynclens/methodDetail';
/** Notification from the server: what it is doing and what it has found so far. */
export const STATUS_NOTIFICATION = 'asynclens/status';

export interface CostReportParams {
  uri?: string;
}

/** One async method as the cost report lists it; positions are 0-based and point at the method's name. */
export interface MethodCost {
  uri: string;
  line: number;
  character: number;
  name: string;
  containingType: string;
  returnKind: string;
  stateMachineBytes: number;
  syncBytes: number;
  syncBytesIfCached: number;
  suspendBytes: number;
  awaits: number;
  maySuspend: number;
  likelySync: boolean;
  reason: string;
  /** The rule ids of the findings inside the method, sorted; the page also copes with a bare count. */
  findings: string[] | number;
  /** False when every size is known exactly; otherwise true or what was assumed. */
  estimate: boolean | string;
}

export interface CostReport {
  runtime: string;
  methods: MethodCost[];
}

export interface MethodDetailParams {
  uri: string;
  line: number;
  character: number;
}

export type MethodDetail = { markdown: string } | null;

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
