/**
 * The engine's bridge to the cost model (server/src/cost): turns its layouts and byte counts into the plain
 * ProfileCostView the protocol thread renders, one per requested runtime profile.
 */
import type { FileModel, MethodBody, SuspensionPoint } from '../../model/types';
import type { WorkspaceIndex } from '../../workspace/index';
import type { AwaitState, CompletionVerdict } from '../../workspace/completion';
import type { RuntimeProfile } from '../../config/settings';
import type { ProfileCostView } from '../snapshot';

export function costsOf(_body: MethodBody, _file: string, _model: FileModel, _index: WorkspaceIndex, _verdict: CompletionVerdict | null,
  _profiles: readonly RuntimeProfile[]): { costs: ProfileCostView[]; error?: string } {
  return { costs: [], error: 'the cost model is not in this build yet' };
}

/** What one await may cost on the selected profile, in one sentence. */
export function awaitCostNote(_await: SuspensionPoint, state: AwaitState, suspendedBefore: boolean, selected: ProfileCostView | null): string {
  if (state === 'complete') return 'completes synchronously here: the method continues without allocating';
  if (suspendedBefore) return 'if an earlier await already suspended, this one reuses that allocation';
  return selected ? `the first suspension of a call allocates ${selected.suspendBytes} B` : 'the first suspension of a call allocates the method\'s state';
}
