/**
 * Builds the per-method facts a snapshot carries (MethodView): ranges, completion verdict, awaits with what
 * each may cost, findings inside, and the cost of the method on the requested runtime profiles.
 */
import type { FileModel, MethodBody } from '../../model/types';
import type { Finding } from '../../rules/types';
import type { WorkspaceIndex } from '../../workspace/index';
import { verdictKey, type CompletionAnalysis } from '../../workspace/completion';
import type { RuntimeProfile } from '../../config/settings';
import { positionOf, rangeOf, type PositionedText } from '../convert';
import type { AwaitView, MethodView } from '../snapshot';
import { awaitCostNote, costsOf } from './costs';

/** Bodies that get a cost card, an inlay hint and a CodeLens: named async methods and local functions. */
export function isCostedBody(body: MethodBody): boolean {
  return body.isAsync && !body.hasSyntaxErrors && (body.kind === 'method' || body.kind === 'localFunction');
}

export interface ViewInput {
  file: string;
  model: FileModel;
  doc: PositionedText;
  findings: readonly Finding[];
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
}

/** The profile compared beside the selected one: the other async implementation. */
export function comparisonProfile(runtime: RuntimeProfile): RuntimeProfile {
  return runtime === 'net11-runtime-async' ? 'net10' : 'net11-runtime-async';
}

export function methodViewsOf(input: ViewInput, profiles: readonly RuntimeProfile[]): MethodView[] {
  return input.model.bodies.filter(isCostedBody).map((body) => methodViewOf(input, body, profiles));
}

export function methodViewOf(input: ViewInput, body: MethodBody, profiles: readonly RuntimeProfile[]): MethodView {
  const { doc } = input;
  const verdict = input.completion.get(verdictKey(input.file, body.id)) ?? null;
  const { costs, error } = costsOf(body, input.file, input.model, input.index, verdict, profiles);
  const selected = costs[0] ?? null;
  let suspendedBefore = false;
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
      costNote: awaitCostNote(a, state, suspendedBefore, selected),
    };
    if (state !== 'complete') suspendedBefore = true;
    return view;
  });
  const findings = input.findings
    .filter((f) => f.bodyId === body.id || (f.span.start >= body.span.start && f.span.start < body.span.end))
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
