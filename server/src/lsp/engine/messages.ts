/**
 * The messages between the protocol thread (lsp/server.ts) and the analysis engine thread (engine/worker.ts).
 * Plain data only: everything here crosses a worker_threads structured clone.
 */
import type { Range } from 'vscode-languageserver';
import type { TextChange } from '../../parse/parser';
import type { AsyncLensSettings, RuntimeSetting } from '../../config/settings';
import type { DocumentSnapshot, MethodView } from '../snapshot';
import type { CostReport, CostReportParams, MethodDetailParams } from '../protocol';
import type { SentMethods } from '../snapshotTransfer';

/**
 * A content change as offsets into the text before it, converted from the LSP change once on the protocol
 * thread (convert.ts `textChangesOf`), so every copy of the document splices exactly the same text.
 */
export type ContentChange = TextChange;

export type FileChangeKind = 'created' | 'changed' | 'deleted';

/**
 * `version` in these messages is the server's revision of a document's text (lsp/textSync.ts), strictly
 * increasing; the client's own version numbers stay on the protocol thread, which publishes with them.
 */
export type EngineCommand =
  | { kind: 'init'; folders: string[]; settings: AsyncLensSettings }
  | { kind: 'open'; uri: string; version: number; text: string; settings: AsyncLensSettings }
  | { kind: 'change'; uri: string; version: number; changes: ContentChange[] }
  | { kind: 'close'; uri: string }
  | { kind: 'settings'; global: AsyncLensSettings; documents: { uri: string; settings: AsyncLensSettings }[] }
  | { kind: 'flush'; uri: string }
  /** The protocol thread could not resolve a snapshot's method views (lsp/snapshotTransfer.ts): send them whole. */
  | { kind: 'resendSnapshot'; uri: string }
  | { kind: 'watched'; changes: { uri: string; type: FileChangeKind }[] }
  | { kind: 'folders'; added: string[]; removed: string[] }
  | { kind: 'cancelIndexing' }
  | { kind: 'request'; id: number; request: EngineRequest };

export type EngineRequest =
  | { method: 'costReport'; params: CostReportParams }
  | { method: 'methodViewAt'; params: MethodDetailParams; runtime: RuntimeSetting }
  | { method: 'ruleFixes'; params: { ruleId: string; safety: 'safe' | 'unsafe' } };

/** Every fix of one rule at one safety in the workspace's files, as LSP edits per file (non-overlapping). */
export interface RuleFixes {
  files: { uri: string; edits: { range: Range; newText: string }[]; count: number }[];
}

export type EngineEvent =
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  /** `snapshot.methods` is empty: its views cross in `methods`, as a difference from the last ones sent (snapshotTransfer.ts). */
  | { kind: 'snapshot'; snapshot: DocumentSnapshot; methods: SentMethods }
  /**
   * A document's diagnostics, sent before its cost estimates are computed (engine.ts `analyse`); the snapshot of the
   * same revision follows with the same diagnostics. `skipped`: the methods skipped for their syntax errors, whose last
   * good diagnostics the protocol thread carries into these, as it does into the snapshot (staleResults.ts).
   * `showAt`: the diagnostics were ready before the edit's debounce ended, and are sent at once so that the copy
   * between threads is made while it runs; the protocol thread publishes them at that time (milliseconds since the
   * epoch, `performance.timeOrigin + performance.now()`), if the document has not changed by then.
   */
  | { kind: 'diagnostics'; uri: string; revision: number; textDigest: string; diagnostics: DocumentSnapshot['diagnostics']; skipped: DocumentSnapshot['skipped']; showAt?: number }
  | { kind: 'indexing'; state: 'begin' | 'report' | 'end'; done: number; total: number; message: string; files: number }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string }
  | { kind: 'response'; id: number; result?: EngineResult; error?: string };

export type EngineResult = CostReport | MethodView | RuleFixes | null;
