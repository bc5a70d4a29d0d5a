/**
 * The workspace's own helper for tasks nobody awaits: an extension method of Task or ValueTask that returns void and
 * does not block (`public static async void CatchAndLog(this Task task)`, `Forget(this Task task)`), the convention
 * a code base keeps for starting work without awaiting it and still seeing its exceptions. ASY022 names it in its fix
 * title where the task cannot be awaited (the second seeded reading of the thirty-eighth session found MudBlazor's
 * dropped EventCallbacks told to "make the method async" beside 43 uses of its `CatchAndLog`).
 */
import { callersOf, indexMemo, stripGenerics, type WorkspaceIndex } from '../workspace/index';

/** Names a waiting helper takes (`Await`, `WaitAndUnwrap`, `RunSync`): it blocks on the task, the opposite of forgetting it. */
const WAITING_NAME = /Wait|Await|Sync|Result|Block/;

/** The most called such helper, when the workspace calls it at least twice; null otherwise. */
export function fireAndForgetHelperOf(index: WorkspaceIndex): string | null {
  return indexMemo(index, 'fireAndForgetHelper', () => {
    let best: { name: string; calls: number } | null = null;
    for (const [name, methods] of index.methodsByName) {
      if (WAITING_NAME.test(name)) continue;
      const helper = methods.some((m) => {
        const self = m.body?.parameters[0];
        if (!m.body || !self?.modifiers.includes('this') || m.body.returnKind !== 'void' || m.body.waits.length > 0) return false;
        const type = stripGenerics(self.typeText ?? '').replace(/^(?:global::)?System\.Threading\.Tasks\./, '');
        return type === 'Task' || type === 'ValueTask';
      });
      if (!helper) continue;
      const calls = callersOf(index, name).length;
      if (calls >= 2 && (!best || calls > best.calls)) best = { name, calls };
    }
    return best?.name ?? null;
  });
}
