/**
 * The engine's bridge to the cost model (server/src/cost): estimates a file's async bodies once per runtime
 * profile and reduces each MethodCost to the plain ProfileCostView the protocol thread renders.
 */
import { estimateFile, estimateMethod, type MethodCost } from '../../cost';
import type { FileModel, MethodBody } from '../../model/types';
import type { WorkspaceIndex } from '../../workspace/index';
import type { CompletionAnalysis } from '../../workspace/completion';
import type { RuntimeProfile } from '../../config/settings';
import type { ProfileCostView } from '../snapshot';

export interface CostInput {
  file: string;
  model: FileModel;
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
}

/** Costs of every async body of a file, by body id, one entry per profile in the order asked. */
export function fileCosts(input: CostInput, profiles: readonly RuntimeProfile[]): Map<string, ProfileCostView[]> {
  const byBody = new Map<string, ProfileCostView[]>();
  const bodies = new Map(input.model.bodies.map((b) => [b.id, b]));
  for (const runtime of profiles) {
    // One estimateFile per profile shares the callee estimates between the file's methods.
    for (const cost of estimateFile(input, { runtime })) {
      const list = byBody.get(cost.bodyId) ?? [];
      const body = bodies.get(cost.bodyId);
      if (body) list.push(profileCostView(cost, body));
      byBody.set(cost.bodyId, list);
    }
  }
  return byBody;
}

export function methodCosts(body: MethodBody, input: CostInput, profiles: readonly RuntimeProfile[]): ProfileCostView[] {
  return profiles.map((runtime) => profileCostView(estimateMethod(body, input, { runtime }), body));
}

export function profileCostView(cost: MethodCost, body: MethodBody): ProfileCostView {
  return {
    runtime: cost.runtime,
    machinery: cost.machinery,
    layoutKind: cost.layout.kind,
    stateMachineBytes: cost.stateMachineBytes,
    syncBytes: cost.syncBytes,
    syncBytesIfCached: cost.syncBytesIfCached,
    cachedValues: cost.cachedValues,
    syncExplanation: cost.syncExplanation,
    suspendBytes: cost.suspendBytes,
    suspendExplanation: cost.suspendExplanation,
    callees: cost.callees.map((c) => ({ what: c.what, syncBytes: c.syncBytes, suspendBytes: c.suspendBytes })),
    estimate: cost.estimate ? cost.estimateReasons.join('; ') || 'derived, not measured' : false,
    assumptions: cost.assumptions,
    notes: cost.notes,
    fields: cost.layout.fields.map((f) => ({
      name: f.name, type: f.typeText, bytes: f.size, offset: f.offset, holds: f.holds, ...(f.assumption ? { assumption: f.assumption } : {}),
    })),
    awaitNotes: awaitNotesOf(cost, body),
  };
}

/** One note per suspension point of the body (aligned with body.awaits): an `await foreach` both moves and disposes. */
function awaitNotesOf(cost: MethodCost, body: MethodBody): string[] {
  return body.awaits.map((point) => cost.awaits.filter((a) => a.keywordSpan.start === point.keywordSpan.start).map((a) => a.explanation).join(' '));
}
