/**
 * Code actions from a snapshot's diagnostics: each finding's own fix (edits read from diagnostic data, never
 * recomputed), "suppress on this line", "suppress in this file", "open documentation", and the source action
 * that applies every safe fix of the file at once.
 */
import {
  CodeActionKind, TextDocumentEdit, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import { ruleDocsUrl } from '../rules/docsUrl';
import { isDiagnosticData } from './diagnostics';
import { comparePositions, rangesOverlap } from './convert';
import { FIX_ALL_KIND, SOURCE } from './protocol';
import type { DiagnosticData, DocumentSnapshot } from './snapshot';

export interface CodeActionDocument {
  uri: string;
  /** The client's version, for versioned edits. */
  version: number;
  /** The server's revision of the current text (textSync.ts), which diagnostic data and snapshots are matched against. */
  revision: number;
  /** The text of one 0-based line, for checks on the lines an edit inserts next to. */
  lineText(line: number): string;
  lineBreak: string;
  /** Whether the client applies versioned documentChanges (safer: a stale edit is rejected, not misapplied). */
  versionedEdits: boolean;
}

/** Whether an action of `kind` was asked for: LSP kinds are hierarchical, `source` includes `source.fixAll.x`. */
export function kindRequested(kind: string, only: readonly string[] | undefined): boolean {
  return !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
}

function workspaceEdit(doc: CodeActionDocument, edits: TextEdit[]): WorkspaceEdit {
  if (doc.versionedEdits) return { documentChanges: [TextDocumentEdit.create({ uri: doc.uri, version: doc.version }, edits)] };
  return { changes: { [doc.uri]: edits } };
}

/**
 * The data of a diagnostic as it is now: the client hands back diagnostics it holds, which may be older than
 * the document; the snapshot's own copy (same rule, same range) is preferred when the snapshot is current.
 */
function currentData(diagnostic: Diagnostic, doc: CodeActionDocument, snapshot: DocumentSnapshot | null): DiagnosticData | null {
  if (snapshot && snapshot.revision === doc.revision) {
    const same = snapshot.diagnostics.find((d) => d.code === diagnostic.code && comparePositions(d.range.start, diagnostic.range.start) === 0
      && comparePositions(d.range.end, diagnostic.range.end) === 0);
    if (same && isDiagnosticData(same.data)) return same.data;
  }
  return isDiagnosticData(diagnostic.data) && diagnostic.data.revision === doc.revision ? diagnostic.data : null;
}

export function quickFixes(doc: CodeActionDocument, diagnostics: readonly Diagnostic[], snapshot: DocumentSnapshot | null): CodeAction[] {
  const fixes: CodeAction[] = [];
  const suppressions: CodeAction[] = [];
  const docsActions: CodeAction[] = [];
  const seenRules = new Set<string>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const data = currentData(diagnostic, doc, snapshot);
    if (!data) continue;
    const id = data.ruleId;
    if (data.fix && data.fix.safety !== 'display-only' && data.fix.edits.length > 0) {
      fixes.push({
        title: data.fix.safety === 'unsafe' ? `${data.fix.title} (unsafe)` : data.fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: data.fix.safety === 'safe',
        edit: workspaceEdit(doc, data.fix.edits),
      });
    }
    const line = diagnostic.range.start.line;
    const key = `${id}:${line}`;
    if (!seenRules.has(key)) {
      seenRules.add(key);
      suppressions.push({
        title: `Suppress ${id} on this line`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        edit: workspaceEdit(doc, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${data.indent}// asynclens-disable-next-line ${id}${doc.lineBreak}` }]),
      });
    }
    if (!seenRules.has(id)) {
      seenRules.add(id);
      const pragma = `#pragma warning disable ${id}`;
      if (doc.lineText(0).trim() !== pragma) {
        suppressions.push({
          title: `Suppress ${id} in this file`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          // A #pragma may stand anywhere in C#, also above the usings, so line 0 is always correct.
          edit: workspaceEdit(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `${pragma}${doc.lineBreak}` }]),
        });
      }
      docsActions.push({
        title: `Open documentation for ${id}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: { title: `Open documentation for ${id}`, command: 'vscode.open', arguments: [ruleDocsUrl(id)] },
      });
    }
  }
  // Real fixes first, then the ways to silence, then the docs: the order the light bulb shows them in.
  return [...fixes, ...suppressions, ...docsActions];
}

/** Every safe fix of the document, skipping any fix whose edits overlap one already taken. */
export function fixAllAction(doc: CodeActionDocument, snapshot: DocumentSnapshot): CodeAction | null {
  if (snapshot.revision !== doc.revision) return null;
  const taken: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  const candidates = snapshot.diagnostics
    .filter((d) => isDiagnosticData(d.data) && d.data.fix?.safety === 'safe' && d.data.fix.edits.length > 0)
    .sort((a, b) => comparePositions(a.range.start, b.range.start));
  for (const d of candidates) {
    const edits = (d.data as DiagnosticData).fix!.edits;
    if (edits.some((e) => taken.some((t) => rangesOverlap(t.range, e.range)))) continue;
    taken.push(...edits);
    fixed.push(d);
  }
  if (taken.length === 0) return null;
  return {
    title: `Fix all safe AsyncLens issues (${fixed.length})`,
    kind: FIX_ALL_KIND,
    diagnostics: fixed,
    edit: workspaceEdit(doc, taken),
  };
}
