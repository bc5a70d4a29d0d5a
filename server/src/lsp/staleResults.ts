/**
 * Results that survive typing. While a method has a syntax error (a missing semicolon mid-edit) the analysis skips
 * it, and its findings, hint and cost card would vanish until it parses again, then come back: a flicker on every
 * keystroke. Instead the last good results of such a method are carried into each new snapshot, moved through the
 * edits made since and marked stale, until the method parses again. Methods that parse are never touched: their
 * results are always the fresh ones.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { comparePositions, rangeAfterEdits, rangeContains, type PositionEdit } from './convert';
import type { AwaitView, DiagnosticData, DocumentSnapshot, MethodView } from './snapshot';

/** A method view moved through `edits`, or null when its name or body was edited away. */
function movedMethod(m: MethodView, edits: readonly PositionEdit[]): MethodView | null {
  const nameRange = rangeAfterEdits(m.nameRange, edits);
  const range = rangeAfterEdits(m.range, edits);
  const signature = rangeAfterEdits({ start: m.signatureEnd, end: m.signatureEnd }, edits);
  if (!nameRange || !range || !signature) return null;
  const awaits: AwaitView[] = [];
  for (const a of m.awaits) {
    const keywordRange = rangeAfterEdits(a.keywordRange, edits);
    if (keywordRange) awaits.push({ ...a, keywordRange, line: keywordRange.start.line });
  }
  const findings = m.findings.flatMap((f) => {
    const moved = rangeAfterEdits(f.range, edits);
    return moved ? [{ ...f, range: moved }] : [];
  });
  return { ...m, nameRange, range, signatureEnd: signature.start, awaits, findings, stale: true };
}

function movedDiagnostic(d: Diagnostic, uri: string, edits: readonly PositionEdit[], revision: number): Diagnostic | null {
  const range = rangeAfterEdits(d.range, edits);
  if (!range) return null;
  const data = d.data as DiagnosticData | undefined;
  // The fix's edits were computed for the old text: a stale finding offers none, only the suppressions.
  const moved: Diagnostic = { ...d, range, data: data ? { ...data, revision, fix: null, stale: true } : data };
  if (d.relatedInformation) {
    // Related locations in this document move with it; those in other files stay where they are.
    moved.relatedInformation = d.relatedInformation.flatMap((r) => {
      if (r.location.uri !== uri) return [r];
      const at = rangeAfterEdits(r.location.range, edits);
      return at ? [{ ...r, location: { ...r.location, range: at } }] : [];
    });
  }
  return moved;
}

/** A skipped method matched to its last good view: the view moved through the edits, and the view as it was. */
interface CarriedMethod {
  moved: MethodView;
  old: MethodView;
}

/**
 * Each method `skipped` for its syntax errors matched to an earlier method of `previous` of the same name whose name,
 * after `edits`, is where the skipped one's name is; null for one that has no such method.
 */
function carriedMethods(previous: DocumentSnapshot, skipped: DocumentSnapshot['skipped'], edits: readonly PositionEdit[]): (CarriedMethod | null)[] {
  return skipped.map((s) => {
    for (const candidate of previous.methods) {
      if (candidate.name !== s.name) continue;
      const moved = movedMethod(candidate, edits);
      if (moved && comparePositions(moved.nameRange.start, s.range.start) === 0) return { moved, old: candidate };
    }
    return null;
  });
}

/** `previous`'s diagnostics inside the carried method's old range, moved through the edits and marked stale. */
function carriedDiagnostics(previous: DocumentSnapshot, carried: CarriedMethod, uri: string, edits: readonly PositionEdit[], revision: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of previous.diagnostics) {
    if (!rangeContains(carried.old.range, d.range.start)) continue;
    const moved = movedDiagnostic(d, uri, edits, revision);
    if (moved && rangeContains(carried.moved.range, moved.range.start)) out.push(moved);
  }
  return out;
}

/**
 * The stale diagnostics to publish with a new analysis's early diagnostics (the engine's, ahead of its snapshot): the
 * last good diagnostics of each method `skipped` for its syntax errors, as withStaleResults carries them into the
 * snapshot that follows.
 */
export function staleDiagnosticsOf(previous: DocumentSnapshot | undefined, uri: string, revision: number, skipped: DocumentSnapshot['skipped'], edits: readonly PositionEdit[] | null): Diagnostic[] {
  if (!previous || !edits || skipped.length === 0 || previous.uri !== uri) return [];
  return carriedMethods(previous, skipped, edits).flatMap((c) => (c ? carriedDiagnostics(previous, c, uri, edits, revision) : []));
}

/**
 * The snapshot to show for a new analysis: `next` as computed, plus, for each method `next` skipped for its syntax
 * errors, that method's results from `previous` (the snapshot shown before, itself possibly carrying stale ones),
 * moved through `edits` (the edits from `previous`'s text to `next`'s). A skipped method is matched to an earlier
 * method of the same name whose name, after the edits, is where the skipped one's name is.
 */
export function withStaleResults(previous: DocumentSnapshot | undefined, next: DocumentSnapshot, edits: readonly PositionEdit[] | null): DocumentSnapshot {
  if (!previous || !edits || next.skipped.length === 0 || previous.uri !== next.uri) return next;
  const methods: MethodView[] = [];
  const diagnostics: Diagnostic[] = [];
  const stillSkipped: DocumentSnapshot['skipped'] = [];
  const matches = carriedMethods(previous, next.skipped, edits);
  next.skipped.forEach((skipped, i) => {
    const carried = matches[i];
    if (!carried) {
      stillSkipped.push(skipped);
      return;
    }
    // A method the analysis did see (a neighbour) never gets stale results on top of its fresh ones.
    if (next.methods.some((m) => comparePositions(m.nameRange.start, carried.moved.nameRange.start) === 0)) return;
    methods.push(carried.moved);
    diagnostics.push(...carriedDiagnostics(previous, carried, next.uri, edits, next.revision));
  });
  if (methods.length === 0) return next;
  return {
    ...next,
    methods: [...next.methods, ...methods].sort((a, b) => comparePositions(a.range.start, b.range.start)),
    diagnostics: [...next.diagnostics, ...diagnostics],
    skipped: stillSkipped,
  };
}
