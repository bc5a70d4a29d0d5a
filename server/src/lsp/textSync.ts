/**
 * The protocol thread's copy of each open document, and the check that the engine's copy is the same text.
 * Every didOpen and didChange is validated and converted here once (convert.ts `textChangesOf`, the LSP
 * text-document library's semantics); the engine and the large-document thread then splice exactly the same
 * offsets, so the copies cannot drift apart by interpreting a change differently. Each text gets a revision,
 * the server's own counter: client versions identify a text for publishing, but a client may reuse or lower
 * them, and a snapshot must never be taken for a text it was not computed from.
 */
import type { TextChange } from '../parse/parser';
import { positioned, textChangesOf, type PositionEdit, type PositionedText } from './convert';

export interface SyncedDocument {
  readonly uri: string;
  readonly languageId: string;
  /** The client's version of the current text: published with diagnostics and versioned edits, never compared for order. */
  version: number;
  /** The server's counter for the current text, strictly increasing over the whole session (across documents and reopenings). */
  revision: number;
  text: string;
}

export interface DocumentStore {
  /** Opens (or reopens) a document from didOpen params; a malformed message is refused with the reason. */
  open(params: unknown): SyncedDocument | { error: string };
  /**
   * Applies didChange params: the changes as offsets into the previous text (what the engine splices), or why the
   * notification was refused (nothing is applied then), or null for a document that is not open.
   */
  change(params: unknown): { document: SyncedDocument; changes: TextChange[] } | { error: string; uri?: string } | null;
  close(uri: string): SyncedDocument | undefined;
  get(uri: string): SyncedDocument | undefined;
  all(): SyncedDocument[];
  /** The text with its line starts, computed once per revision. */
  positioned(document: SyncedDocument): PositionedText;
  /** Gives the document a new revision without changing its text: the engine gets the whole text again. */
  resync(document: SyncedDocument): void;
  /**
   * The position edits that lead from the text of `from` to the text of `to` (two revisions of the document), for
   * moving results computed for an older text; null when the log does not reach back that far.
   */
  editsBetween(document: SyncedDocument, from: number, to: number): PositionEdit[] | null;
  /** Drops the logged edits up to `revision`: nothing older will be asked for. */
  forgetEditsThrough(document: SyncedDocument, revision: number): void;
}

/** Edits kept per document between two snapshots at most; a longer log (an engine that stopped answering) is dropped. */
const EDIT_LOG_LIMIT = 5000;

const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function createDocumentStore(): DocumentStore {
  const documents = new Map<string, SyncedDocument>();
  const lines = new WeakMap<SyncedDocument, { revision: number; doc: PositionedText }>();
  /** Per document, the edits of each revision since the oldest one a snapshot may still be moved from. */
  const editLogs = new WeakMap<SyncedDocument, { since: number; entries: { revision: number; edits: PositionEdit[] }[] }>();
  let lastRevision = 0;

  const positionedOf = (document: SyncedDocument): PositionedText => {
    const cached = lines.get(document);
    if (cached && cached.revision === document.revision) return cached.doc;
    const doc = positioned(document.text);
    lines.set(document, { revision: document.revision, doc });
    return doc;
  };

  return {
    open(params) {
      const t = (params as { textDocument?: Record<string, unknown> } | null)?.textDocument;
      if (!t || typeof t !== 'object') return { error: 'didOpen without a textDocument' };
      if (typeof t.uri !== 'string' || !t.uri) return { error: 'didOpen without a uri' };
      if (typeof t.text !== 'string') return { error: `didOpen of ${t.uri} without its text` };
      if (!isVersion(t.version)) return { error: `didOpen of ${t.uri} without a numeric version` };
      const document: SyncedDocument = { uri: t.uri, languageId: typeof t.languageId === 'string' ? t.languageId : '', version: t.version, revision: ++lastRevision, text: t.text };
      documents.set(t.uri, document);
      editLogs.set(document, { since: document.revision, entries: [] });
      return document;
    },
    change(params) {
      const p = params as { textDocument?: Record<string, unknown>; contentChanges?: unknown } | null;
      const t = p?.textDocument;
      if (!t || typeof t !== 'object' || typeof t.uri !== 'string') return { error: 'didChange without a textDocument uri' };
      const document = documents.get(t.uri);
      if (!document) return null;
      if (!isVersion(t.version)) return { error: `didChange of ${t.uri} without a numeric version`, uri: t.uri };
      const converted = textChangesOf(positionedOf(document), p!.contentChanges);
      if ('error' in converted) return { error: `didChange of ${t.uri} (version ${t.version}): ${converted.error}`, uri: t.uri };
      document.text = converted.text;
      document.version = t.version;
      document.revision = ++lastRevision;
      const log = editLogs.get(document);
      if (log && log.entries.length < EDIT_LOG_LIMIT) log.entries.push({ revision: document.revision, edits: converted.edits });
      else editLogs.set(document, { since: document.revision, entries: [] });
      // The line starts were carried through the changes (linear in lines, not characters): kept for the next ones.
      lines.set(document, { revision: document.revision, doc: converted.positioned });
      return { document, changes: converted.changes };
    },
    close(uri) {
      const document = documents.get(uri);
      documents.delete(uri);
      return document;
    },
    get: (uri) => documents.get(uri),
    all: () => [...documents.values()],
    positioned: positionedOf,
    resync(document) {
      document.revision = ++lastRevision;
      editLogs.get(document)?.entries.push({ revision: document.revision, edits: [] });
    },
    editsBetween(document, from, to) {
      const log = editLogs.get(document);
      if (!log || from < log.since || to < from) return null;
      return log.entries.filter((e) => e.revision > from && e.revision <= to).flatMap((e) => e.edits);
    },
    forgetEditsThrough(document, revision) {
      const log = editLogs.get(document);
      if (!log || revision < log.since) return;
      log.since = revision;
      log.entries = log.entries.filter((e) => e.revision > revision);
    },
  };
}

const digests = new WeakMap<PositionedText, string>();

/**
 * A cheap fingerprint of a text: its length and a 32-bit FNV-1a hash of its UTF-16 code units (about 3 ms for
 * 3 MB). Both copies of a document compute it for the same revision; a difference means they drifted apart.
 * Cached per PositionedText, which both sides build once per text.
 */
export function textDigest(doc: PositionedText): string {
  let digest = digests.get(doc);
  if (digest === undefined) {
    const text = doc.text;
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    digest = `${text.length}:${(hash >>> 0).toString(16)}`;
    digests.set(doc, digest);
  }
  return digest;
}
