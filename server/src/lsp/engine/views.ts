/**
 * Builds the per-method facts a snapshot carries (MethodView): ranges, completion verdict, awaits with what
 * each may cost, findings inside, and the cost of the method on the requested runtime profiles.
 */
import { isAnalysedAsyncBody, type FileModel, type MethodBody } from '../../model/types';
import type { Finding } from '../../rules/types';
import type { WorkspaceIndex } from '../../workspace/index';
import { verdictKey, type CompletionAnalysis } from '../../workspace/completion';
import type { RuntimeProfile } from '../../config/settings';
import { positionOf, rangeOf, type PositionedText } from '../convert';
import type { AwaitView, MethodView } from '../snapshot';
import { fileCosts, methodCosts, type CostCache } from './costs';
import type { ProfileCostView } from '../snapshot';

/** Bodies that get a cost card, an inlay hint and a CodeLens: named async methods and local functions. */
export function isCostedBody(body: MethodBody): boolean {
  return isAnalysedAsyncBody(body) && (body.kind === 'method' || body.kind === 'localFunction');
}

export interface ViewInput {
  file: string;
  model: FileModel;
  doc: PositionedText;
  findings: readonly Finding[];
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
  /** Estimates to reuse, valid while `costContext` (the generation of types and verdicts) is unchanged. */
  costCache?: CostCache;
  costContext?: string;
}

function estimateOne(input: ViewInput, body: MethodBody, profiles: readonly RuntimeProfile[]): { costs: ProfileCostView[]; error?: string } {
  try {
    return { costs: methodCosts(body, input, profiles) };
  } catch (err) {
    return { costs: [], error: `the cost model failed on this method: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The profile compared beside the selected one: the other async implementation. */
export function comparisonProfile(runtime: RuntimeProfile): RuntimeProfile {
  return runtime === 'net11-runtime-async' ? 'net10' : 'net11-runtime-async';
}

/** The views of the file's costed bodies, or of `only` (a slice of them, for a large file estimated a part at a time). */
export function methodViewsOf(input: ViewInput, profiles: readonly RuntimeProfile[], only?: readonly MethodBody[]): MethodView[] {
  const sorted = sortedFindings(input.findings);
  const bodies = only ?? input.model.bodies.filter(isCostedBody);
  let costs: Map<string, ProfileCostView[]> | null = null;
  let costError: string | undefined;
  try {
    costs = fileCosts(input, input.doc.text, bodies, profiles, input.costCache, input.costContext);
  } catch (err) {
    costError = `the cost model failed on this file: ${err instanceof Error ? err.message : String(err)}`;
  }
  return bodies.map((body) => methodViewOf(input, body, profiles, sorted, costs ? { costs: costs.get(body.id) ?? [] } : { costs: [], error: costError }));
}

/**
 * The findings in file order, sorted once per findings array: a large document's views are made a slice at a time
 * (engine.ts estimateInSlices, about 20 ms each) and the method detail asks for one view, and each used to copy and
 * sort every finding of the file again (on the generated 3 MB document, 10,676 findings, 0.8 s of one analysis's
 * CPU profile went to it).
 */
function sortedFindings(findings: readonly Finding[]): readonly Finding[] {
  const known = sortedByArray.get(findings);
  if (known) return known;
  let sorted = findings;
  for (let i = 1; i < findings.length; i++) {
    if (findings[i - 1].span.start > findings[i].span.start) {
      sorted = [...findings].sort((a, b) => a.span.start - b.span.start);
      break;
    }
  }
  sortedByArray.set(findings, sorted);
  return sorted;
}

/** Sorted findings by the array they came from; the engine never changes a findings array once it has checked a document. */
const sortedByArray = new WeakMap<readonly Finding[], readonly Finding[]>();

/** Findings that start inside the body (nested lambdas and local functions included), by binary search: files can hold thousands of each. */
function findingsIn(sorted: readonly Finding[], start: number, end: number): Finding[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].span.start < start) lo = mid + 1;
    else hi = mid;
  }
  const out: Finding[] = [];
  for (let i = lo; i < sorted.length && sorted[i].span.start < end; i++) out.push(sorted[i]);
  return out;
}

export function methodViewOf(input: ViewInput, body: MethodBody, profiles: readonly RuntimeProfile[], sorted = sortedFindings(input.findings),
  estimated?: { costs: ProfileCostView[]; error?: string }): MethodView {
  const { doc } = input;
  const verdict = input.completion.get(verdictKey(input.file, body.id)) ?? null;
  const { costs, error } = estimated ?? estimateOne(input, body, profiles);
  const selected = costs[0] ?? null;
  const awaits: AwaitView[] = body.awaits.map((a, i) => {
    const v = verdict?.awaits[i];
    const state = v?.state ?? 'maySuspend';
    const keywordRange = rangeOf(doc, a.keywordSpan);
    const view: AwaitView = {
      keywordRange,
      line: keywordRange.start.line,
      text: a.operand.text,
      state,
      reason: v?.reason ?? a.operand.text,
      costNote: selected?.awaitNotes[i] || (state === 'complete' ? 'it completes synchronously here, so it allocates nothing' : 'no cost estimate for this method'),
    };
    return view;
  });
  const findings = findingsIn(sorted, body.span.start, body.span.end)
    .map((f) => ({ ruleId: f.ruleId, message: f.message, severity: f.severity, range: rangeOf(doc, f.span) }));
  return {
    bodyId: body.id,
    name: body.name,
    kind: body.kind,
    containingType: body.containingType,
    returnTypeText: body.returnTypeText,
    returnKind: body.returnKind,
    resultTypeText: body.resultTypeText,
    nameRange: rangeOf(doc, body.nameSpan),
    signatureEnd: positionOf(doc, body.signatureEnd),
    range: rangeOf(doc, body.span),
    likelySync: verdict ? verdict.likelySync : null,
    verdictReason: verdict ? verdict.reason : null,
    maySuspend: verdict ? verdict.maySuspend : body.awaits.length,
    awaits,
    findings,
    costs,
    ...(error ? { costError: error } : {}),
  };
}
