/**
 * The engine's bridge to the cost model (server/src/cost): estimates a file's async bodies once per runtime
 * profile and reduces each MethodCost to the plain ProfileCostView the protocol thread renders.
 */
import { estimateMethod, type MethodCost } from '../../cost';
import type { FileModel, MethodBody } from '../../model/types';
import { outermostFamilies } from '../../model/bodies';
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

/**
 * Estimates already made, reused while nothing they read has changed: the text of the body's outermost method
 * and the workspace's type declarations and completion verdicts (the `context` generation). Typing in one
 * method of a large file then re-estimates that method only.
 */
export interface CostCache {
  context: string;
  entries: Map<string, ProfileCostView>;
}

export function createCostCache(): CostCache {
  return { context: '', entries: new Map() };
}

const MAX_CACHED_ESTIMATES = 100_000;

/**
 * Costs of the given bodies of a file, by body id, one entry per profile in the order asked.
 *
 * Each body is estimated against the bodies of its own outermost method (itself, the bodies around it and the
 * lambdas and local functions inside), not the whole file: everything the cost model reads of other bodies is
 * an enclosing or a nested one, and a few of its lookups scan every body of the file per body, which made a
 * 10,000-line file take seconds per profile (see server/ARCHITECTURE.md).
 */
export function fileCosts(input: CostInput, text: string, bodies: readonly MethodBody[], profiles: readonly RuntimeProfile[],
  cache?: CostCache, context = ''): Map<string, ProfileCostView[]> {
  if (cache && cache.context !== context) {
    cache.context = context;
    cache.entries.clear();
  }
  if (cache && cache.entries.size > MAX_CACHED_ESTIMATES) cache.entries.clear();
  const groups = outermostFamilies(input.model.bodies).familyOf;
  const byBody = new Map<string, ProfileCostView[]>();
  for (const body of bodies) {
    const group = groups.get(body.id) ?? { root: body, bodies: input.model.bodies };
    const scoped: CostInput = { ...input, model: { ...input.model, bodies: group.bodies } };
    const place = `${input.file}|${body.containingType ?? ''}|${body.span.start - group.root.span.start}|${text.slice(group.root.span.start, group.root.span.end)}`;
    byBody.set(body.id, profiles.map((runtime) => {
      const key = `${runtime}|${place}`;
      const known = cache?.entries.get(key);
      if (known) return known;
      // What awaited workspace methods allocate depends on their text, which the key does not hold: left out of
      // cached views (the method detail, which lists it, estimates afresh).
      const view = { ...profileCostView(estimateMethod(body, scoped, { runtime }), body), callees: [] };
      cache?.entries.set(key, view);
      return view;
    }));
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
