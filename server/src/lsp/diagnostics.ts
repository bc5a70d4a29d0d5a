/**
 * Findings as LSP diagnostics: code and documentation link, severity, the one-line message people read in the
 * Problems panel, related locations, tags, and in `data` the note (the why, which the hover shows) and the fix
 * edits (in LSP ranges), so hovers and code actions need no re-analysis. The server keeps them in its snapshot; what
 * it publishes leaves both out (`publishable`).
 */
// Types only: the engine thread makes diagnostics too, and a value import would put the protocol library into its
// bundle. The numbers are the LSP specification's (DiagnosticSeverity, DiagnosticTag).
import type { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import type { Finding, Severity } from '../rules/types';
import { ruleDocsLink } from './ruleDocs';
import { indentationOf, lspEditOf, rangeOf, type PositionedText } from './convert';
import type { DiagnosticData } from './snapshot';
import { SOURCE } from './protocol';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: 1,
  warning: 2,
  information: 3,
  hint: 4,
};

/** Finds the text of a related location's file (the same document or another file the engine knows). */
export type PositionedTextOf = (file: string) => { uri: string; doc: PositionedText } | null;

export function diagnosticOf(finding: Finding, doc: PositionedText, revision: number, related: PositionedTextOf): Diagnostic {
  const range = rangeOf(doc, finding.span);
  const fix = finding.fix
    ? { title: finding.fix.title, safety: finding.fix.safety, edits: finding.fix.edits.map((e) => lspEditOf(doc, e)) }
    : null;
  const data: DiagnosticData = { ruleId: finding.ruleId, revision, fix, indent: indentationOf(doc, range.start.line), ...(finding.note ? { note: finding.note } : {}) };
  const diagnostic: Diagnostic = {
    range,
    severity: SEVERITY[finding.severity],
    code: finding.ruleId,
    codeDescription: { href: ruleDocsLink(finding.ruleId) },
    source: SOURCE,
    message: finding.message,
    data,
  };
  const relatedInformation: DiagnosticRelatedInformation[] = [];
  for (const r of finding.related ?? []) {
    const target = related(r.file);
    if (target) relatedInformation.push({ location: { uri: target.uri, range: rangeOf(target.doc, r.span) }, message: r.message });
  }
  if (relatedInformation.length) diagnostic.relatedInformation = relatedInformation;
  const tags: DiagnosticTag[] = [];
  if (finding.tags?.includes('unnecessary')) tags.push(1 satisfies DiagnosticTag);
  if (finding.tags?.includes('deprecated')) tags.push(2 satisfies DiagnosticTag);
  if (tags.length) diagnostic.tags = tags;
  return diagnostic;
}

/**
 * The diagnostics as the editor gets them: without the note and the fix edits in their data, which only the server
 * reads from its own snapshot (the hover, and code actions, which wait for the snapshot of the current text and take
 * the diagnostic's data from it). On a 10,000-line file with a thousand findings the note was half of the megabyte
 * published on every keystroke, copied between threads, encoded and decoded on the way, and the edits 41 % of what
 * was left (724 KB per publish, 424 KB without them). `fix` stays, as null, so the data keeps its shape.
 */
export function publishable(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => {
    if (!isDiagnosticData(d.data) || (d.data.note === undefined && d.data.fix === null)) return d;
    const { note: _note, fix: _fix, ...data } = d.data;
    return { ...d, data: { ...data, fix: null } };
  });
}

export function isDiagnosticData(value: unknown): value is DiagnosticData {
  const d = value as DiagnosticData | null;
  return !!d && typeof d === 'object' && typeof d.ruleId === 'string' && typeof d.revision === 'number' && 'fix' in d;
}

/**
 * The one diagnostic of a document whose analysis stopped (model/budget.ts: too deeply nested, or too long to
 * analyse within the per-file time limit): at the top of the file, so the user sees why it has no findings.
 */
export function analysisStoppedDiagnostic(reason: string): Diagnostic {
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: SEVERITY.information, source: SOURCE, message: `AsyncLens: ${reason}` };
}
