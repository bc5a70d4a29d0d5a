/**
 * An open document inside the engine: its text, its tree and its latest model. Edits go into the tree as they
 * arrive (cheap), the re-parse is incremental and happens once per analysis, and every tree that is replaced
 * or dropped is deleted. **Invariant:** a document holds at most one live tree, and `dispose` deletes it.
 */
import { applyEdit, spliceText, type TableCopy, type TextChange, type Tree } from '../../parse/parser';
import { documentBudget } from './budget';
import { modelFile } from '../../analysis/project';
import { createModelCache, type ModelCache } from '../../model/bodyCache';
import { createRuleCache, type RuleCache } from '../../analysis/ruleCache';
import type { FileModel } from '../../model/types';
import type { Finding } from '../../rules/types';
import type { AsyncLensSettings } from '../../config/settings';
import { positioned, type PositionedText } from '../convert';
import { componentNameOf, isRazorComponent, projectRazor } from '../../parse/razor';
import type { MethodView } from '../snapshot';

/**
 * What a posted snapshot showed. A snapshot of another revision or other settings is always sent; one of the same
 * revision and settings (a re-check after another file changed) only when its diagnostics or its methods' verdicts
 * and bytes differ. Their JSON (a megabyte for a 10,000-line file) is written only for that comparison, not on
 * every keystroke.
 */
export interface SentSnapshot {
  /** The revision and the analysis settings' key. */
  head: string;
  diagnostics: readonly unknown[];
  methods: readonly MethodView[];
  /** `shownDetail` of the two lists above, once a comparison needed it. */
  detail?: string;
}

/** The diagnostics and what the methods' inlay hints and lenses show, as one string to compare. */
export function shownDetail(shown: Pick<SentSnapshot, 'diagnostics' | 'methods'>): string {
  return `${JSON.stringify(shown.diagnostics)}|${JSON.stringify(shown.methods.map((m) => [m.likelySync, m.maySuspend, m.costs.map((c) => [c.syncBytes, c.suspendBytes])]))}`;
}

/** Whether a snapshot showing `next` needs to be sent after `sent` (both with their heads). */
export function snapshotChanged(sent: SentSnapshot | null, next: SentSnapshot): boolean {
  if (!sent || sent.head !== next.head) return true;
  sent.detail ??= shownDetail(sent);
  return shownDetail(next) !== sent.detail;
}

export interface OpenDocument {
  /** The index key: a canonical form of the URI. */
  key: string;
  /** The URI exactly as the client sent it, for publishing; the engine's documents are keyed by it. */
  uri: string;
  /** The server's revision of the text (lsp/textSync.ts): strictly increasing, unlike the client's versions. */
  version: number;
  text: string;
  /** The tree of the last parse, already told about every edit since (so it is ready for an incremental parse). */
  tree: Tree | null;
  /**
   * The text `tree` was parsed from (the pre-parse pass's: directives and inactive code blanked), with every
   * edit since spliced in alike; the next parse compares it with the new pre-parse text. Null without a tree.
   */
  parseText: string | null;
  /** The tree's table (parse/syntaxTable.ts), which the next re-parse's is spliced from. Kept with the tree, dropped with it. */
  table: TableCopy | null;
  /** The version `model` was built from; -1 before the first parse. */
  modelledVersion: number;
  model: FileModel | null;
  /** Text with line starts, of the modelled version (what snapshot positions refer to): the text the analysis read. */
  modelled: PositionedText | null;
  /**
   * For a Razor component, whose analysis reads the C# of its blocks (parse/razor.ts, same offsets and lines): the
   * component's own text of the modelled version, which the snapshot's digest is of. Null for a C# file.
   */
  modelledSource: PositionedText | null;
  parseError?: string;
  settings: AsyncLensSettings;
  /** A pending debounced analysis. */
  timer: NodeJS.Timeout | null;
  findings: Finding[];
  /** Digest of what other files can see of this one (declarations, calls, verdicts); a change re-checks them. */
  surface: string;
  /** What the last snapshot sent showed, so unchanged re-checks are not re-sent (null: nothing, or send again). */
  sent: SentSnapshot | null;
  /** When the document was last modelled (a counter), so the newest of two URIs of one file answers for it. */
  analysedAt: number;
  /** Modelled on the large-document thread, which holds its tree; this side keeps only the text. */
  large: boolean;
  /** The version whose model was asked of the large-document thread and has not arrived, or -1. */
  modelling: number;
  /** When the current parse and model began (ms, performance.now()), for the snapshot's timings. */
  modelStarted: number;
  /** performance.now() when the engine took the last edit in (0 before the first): the trace's times since the edit. */
  editedAt: number;
  /** Bodies of the last model, reused for functions an edit did not touch. */
  modelCache: ModelCache;
  /** Findings of per-method rules in the methods of earlier versions, reused for methods an edit did not touch. */
  ruleCache: RuleCache;
  /** The preprocessing symbols of the document's project (which `#if` branches count), or undefined for the defaults. */
  preprocessorSymbols?: readonly string[];
}

export function openDocument(key: string, uri: string, version: number, text: string, settings: AsyncLensSettings): OpenDocument {
  return {
    key, uri, version, text, tree: null, parseText: null, table: null, modelledVersion: -1, model: null, modelled: null, modelledSource: null, settings, timer: null, findings: [], surface: '', sent: null,
    large: false, analysedAt: 0, modelling: -1, modelStarted: 0, editedAt: 0, modelCache: createModelCache(), ruleCache: createRuleCache(),
  };
}

/**
 * Applies content changes in order, as offsets the protocol thread converted once from the LSP changes
 * (convert.ts `textChangesOf`): each refers to the text the previous one left. The tree and the pre-parse text
 * are edited alongside, so the next parse can be incremental. `version` is the server's revision of the text.
 */
export function applyChanges(doc: OpenDocument, version: number, changes: readonly TextChange[]): void {
  for (const change of changes) {
    // The offsets come from this server's own conversion; clamping only keeps a bug from throwing here (the
    // text digest in the snapshot then finds the difference and the protocol thread sends the whole text).
    const start = Math.max(0, Math.min(change.start, doc.text.length));
    const edit: TextChange = { start, oldEnd: Math.max(start, Math.min(change.oldEnd, doc.text.length)), newText: change.newText };
    if (edit.start === 0 && edit.oldEnd === doc.text.length) {
      // A whole-text replacement shares nothing with the old tree worth reusing.
      dropTree(doc);
      doc.text = edit.newText;
      continue;
    }
    if (doc.tree) {
      try {
        doc.text = applyEdit(doc.tree, doc.text, edit);
        doc.parseText = doc.parseText === null ? null : spliceText(doc.parseText, edit);
        continue;
      } catch {
        // A tree that cannot take the edit is dropped; the next parse starts from scratch.
        dropTree(doc);
      }
    }
    doc.text = spliceText(doc.text, edit);
  }
  doc.version = version;
}

/** Parses (incrementally when a tree is kept) and models the current text; the replaced tree is deleted. */
export function remodel(doc: OpenDocument): void {
  const old = doc.tree;
  const previous = old && doc.parseText !== null ? { tree: old, parseText: doc.parseText, copy: doc.table } : null;
  // A component is read as the C# of its blocks; one that cannot be (an unclosed block) reads as blank text, and the
  // index and its diagnostics then hold nothing of it until it can.
  const component = isRazorComponent(doc.key);
  const text = component ? projectRazor(doc.text, componentNameOf(doc.key)).text : doc.text;
  const result = modelFile(text, previous, doc.modelCache, { preprocessorSymbols: doc.preprocessorSymbols, budget: documentBudget(text.length), keepTable: true });
  if (old && old !== result.tree) old.delete();
  doc.tree = result.tree;
  doc.parseText = result.parseText;
  doc.table = result.copy ?? null;
  doc.model = result.model;
  doc.parseError = result.error;
  doc.modelled = positioned(text);
  doc.modelledSource = component ? positioned(doc.text) : null;
  doc.modelledVersion = doc.version;
}

export function isModelCurrent(doc: OpenDocument): boolean {
  return doc.model !== null && doc.modelledVersion === doc.version;
}

function dropTree(doc: OpenDocument): void {
  doc.tree?.delete();
  doc.tree = null;
  doc.parseText = null;
  doc.table = null;
}

export function disposeDocument(doc: OpenDocument): void {
  if (doc.timer) clearTimeout(doc.timer);
  doc.timer = null;
  dropTree(doc);
}
