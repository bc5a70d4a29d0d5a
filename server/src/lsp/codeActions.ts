/**
 * Code actions from a snapshot's diagnostics: each finding's own fix (edits read from diagnostic data, never
 * recomputed), "fix all ASYnnn in this file" and "in the workspace" (the fixes of one rule, of the safety the user
 * picked), "configure ASYnnn severity" (.editorconfig), "suppress on this line", "suppress in this file", "open
 * documentation", and the source action that applies every safe fix of the file at once.
 *
 * A fix never hides a problem: where a method's blocking call has an async twin (ASY002), dropping its `async`
 * (ASY011's fix) would take it out of async code and out of sight, so the twin's fix comes first and ASY011's fix is
 * neither preferred nor part of fix-all there.
 */
import {
  CodeActionKind, TextDocumentEdit, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import { ruleDocsLink } from './ruleDocs';
import { isDiagnosticData } from './diagnostics';
import { comparePositions, rangeContains, rangesOverlap } from './convert';
import { CONFIGURE_SEVERITY_COMMAND, FIX_ALL_IN_WORKSPACE_COMMAND, FIX_ALL_KIND, SOURCE } from './protocol';
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

const hasEdits = (d: Diagnostic): boolean => isDiagnosticData(d.data) && !!d.data.fix && d.data.fix.safety !== 'display-only' && d.data.fix.edits.length > 0;

/**
 * The blocking calls with an async twin (ASY002 with a fix) inside the method a method-level finding is on: while
 * there is one, removing the method's `async` would hide it.
 */
export function twinFixesInMethod(diagnostic: Diagnostic, snapshot: DocumentSnapshot | null): Diagnostic[] {
  if (!snapshot) return [];
  const method = snapshot.methods.find((m) => comparePositions(m.nameRange.start, diagnostic.range.start) === 0);
  if (!method) return [];
  return snapshot.diagnostics.filter((d) => d.code === 'ASY002' && hasEdits(d) && rangeContains(method.range, d.range.start));
}

/** Whether a diagnostic's fix would hide another problem (ASY011 over a blocking call with a twin). */
function fixHidesProblem(diagnostic: Diagnostic, snapshot: DocumentSnapshot | null): boolean {
  return diagnostic.code === 'ASY011' && twinFixesInMethod(diagnostic, snapshot).length > 0;
}

/** The fixes of one rule in a document, at one safety, without overlapping edits: what "fix all ASYnnn" applies. */
function ruleFixes(snapshot: DocumentSnapshot, ruleId: string, safety: 'safe' | 'unsafe'): { fixed: Diagnostic[]; edits: TextEdit[] } {
  const taken: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  const candidates = snapshot.diagnostics
    .filter((d) => d.code === ruleId && hasEdits(d) && (d.data as DiagnosticData).fix!.safety === safety && !fixHidesProblem(d, snapshot))
    .sort((a, b) => comparePositions(a.range.start, b.range.start));
  for (const d of candidates) {
    const edits = (d.data as DiagnosticData).fix!.edits;
    if (edits.some((e) => taken.some((t) => rangesOverlap(t.range, e.range)))) continue;
    taken.push(...edits);
    fixed.push(d);
  }
  return { fixed, edits: taken };
}

export function quickFixes(doc: CodeActionDocument, diagnostics: readonly Diagnostic[], snapshot: DocumentSnapshot | null): CodeAction[] {
  const fixes: CodeAction[] = [];
  const fixAlls: CodeAction[] = [];
  const configure: CodeAction[] = [];
  const suppressions: CodeAction[] = [];
  const docsActions: CodeAction[] = [];
  const seenRules = new Set<string>();
  const seenFixAll = new Set<string>();
  const current = snapshot && snapshot.revision === doc.revision ? snapshot : null;
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const data = currentData(diagnostic, doc, snapshot);
    if (!data) continue;
    const id = data.ruleId;
    // Removing `async` from a method that blocks on a call with an async twin would hide that call: the twin first.
    const twins = diagnostic.code === 'ASY011' ? twinFixesInMethod(diagnostic, current) : [];
    for (const twin of twins) {
      const twinData = twin.data as DiagnosticData;
      fixes.push({
        title: `${twinData.fix!.title} (line ${twin.range.start.line + 1}; then the method awaits)`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [twin, diagnostic],
        isPreferred: true,
        edit: workspaceEdit(doc, twinData.fix!.edits),
      });
    }
    if (data.fix && data.fix.safety !== 'display-only' && data.fix.edits.length > 0) {
      fixes.push({
        title: `${data.fix.title}${data.fix.safety === 'unsafe' ? ' (unsafe)' : ''}${twins.length ? ' (hides the blocking call)' : ''}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: data.fix.safety === 'safe' && twins.length === 0,
        edit: workspaceEdit(doc, data.fix.edits),
      });
      const safety = data.fix.safety;
      if (current && !seenFixAll.has(`${id}:${safety}`)) {
        seenFixAll.add(`${id}:${safety}`);
        const all = ruleFixes(current, id, safety);
        const unsafe = safety === 'unsafe' ? ' (unsafe)' : '';
        if (all.fixed.length > 1) {
          fixAlls.push({
            title: `Fix all ${id} in this file (${all.fixed.length})${unsafe}`,
            kind: CodeActionKind.QuickFix,
            diagnostics: all.fixed,
            edit: workspaceEdit(doc, all.edits),
          });
        }
        // The workspace's files are fixed by the server (it reads and edits files that are not open).
        fixAlls.push({
          title: `Fix all ${id} in the workspace${unsafe}`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          command: { title: `Fix all ${id} in the workspace${unsafe}`, command: FIX_ALL_IN_WORKSPACE_COMMAND, arguments: [id, safety] },
        });
      }
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
      configure.push({
        title: `Configure ${id} severity in .editorconfig`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: { title: `Configure ${id} severity in .editorconfig`, command: CONFIGURE_SEVERITY_COMMAND, arguments: [id, doc.uri] },
      });
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
        command: { title: `Open documentation for ${id}`, command: 'vscode.open', arguments: [ruleDocsLink(id)] },
      });
    }
  }
  // Real fixes first, then fix-all, then configuring and silencing, then the docs: the order the light bulb shows them in.
  return [...fixes, ...fixAlls, ...configure, ...suppressions, ...docsActions];
}

/** Every safe fix of the document, skipping any fix whose edits overlap one already taken. */
export function fixAllAction(doc: CodeActionDocument, snapshot: DocumentSnapshot): CodeAction | null {
  if (snapshot.revision !== doc.revision) return null;
  const taken: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  const candidates = snapshot.diagnostics
    .filter((d) => isDiagnosticData(d.data) && d.data.fix?.safety === 'safe' && d.data.fix.edits.length > 0 && !fixHidesProblem(d, snapshot))
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
