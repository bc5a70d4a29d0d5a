/**
 * Likely synchronous completion: for every async method, whether its common path finishes without
 * suspending, and why, propagated over the workspace call graph to a fixed point (ASY010, ASY012, hovers).
 */
import type { MethodBody, SuspensionPoint } from '../model/types';
import { isTaskLike } from '../model/returnKind';
import { methodsNamed, stripGenerics, type MethodRef, type WorkspaceIndex } from './index';
import { typeOfExpression } from './typing';

export type AwaitState = 'complete' | 'suspends' | 'maySuspend';

export interface AwaitVerdict {
  state: AwaitState;
  /** Why, in words: "Task.FromResult", "Task.Yield always suspends", "GetAsync, which itself never suspends". */
  reason: string;
  /** The workspace method this await resolved to, when it did. */
  callee: { file: string; bodyId: string; name: string } | null;
}

export interface CompletionVerdict {
  file: string;
  bodyId: string;
  likelySync: boolean;
  /** A sentence a person can read: "all 2 awaits are of Task.FromResult". */
  reason: string;
  awaits: AwaitVerdict[];
  /** Awaits that may suspend (not known complete). */
  maySuspend: number;
  /** The callee that makes this method synchronous, for related information. */
  becauseOf: { file: string; bodyId: string; name: string } | null;
}

export type CompletionAnalysis = Map<string, CompletionVerdict>;

export const verdictKey = (file: string, bodyId: string) => `${file}#${bodyId}`;

const CACHE_CONDITION = /TryGetValue|TryGet[A-Z]\w*|ContainsKey|[cC]ache|[mM]emo|IsCompleted|(?:^|[^\w.])(?:this\.)?_\w+\s*(?:!=\s*null|is\s+not\s+null|is\s*\{\s*\})/;

interface Target {
  file: string;
  body: MethodBody;
}

/** Computes verdicts for every task-returning body in the workspace. */
export function analyseCompletion(index: WorkspaceIndex): CompletionAnalysis {
  const targets: Target[] = [];
  for (const [file, model] of index.files) {
    for (const body of model.bodies) {
      if (body.hasSyntaxErrors || body.isIterator) continue;
      if (body.isAsync || isTaskLike(body.returnKind)) targets.push({ file, body });
    }
  }
  const verdicts: CompletionAnalysis = new Map();
  // Start pessimistic (nothing is known to complete) and only ever turn verdicts to "synchronous";
  // the iteration is monotone, so it ends, and cycles stay "may suspend" unless something else proves them.
  for (let round = 0; round <= targets.length; round++) {
    let changed = false;
    for (const t of targets) {
      const key = verdictKey(t.file, t.body.id);
      const before = verdicts.get(key);
      if (before?.likelySync) continue;
      const next = verdictFor(t, index, verdicts);
      if (!before || before.likelySync !== next.likelySync || before.reason !== next.reason) changed = true;
      verdicts.set(key, next);
    }
    if (!changed) break;
  }
  return verdicts;
}

function verdictFor(t: Target, index: WorkspaceIndex, verdicts: CompletionAnalysis): CompletionVerdict {
  const { body, file } = t;
  const base = { file, bodyId: body.id };
  if (!body.isAsync) return nonAsyncVerdict(t, index, verdicts);
  const awaits = body.awaits.map((a) => awaitVerdict(a, t, index, verdicts));
  const maySuspend = awaits.filter((a) => a.state !== 'complete').length;
  const becauseOf = awaits.find((a) => a.state === 'complete' && a.callee)?.callee ?? null;
  if (awaits.length === 0) return { ...base, likelySync: true, reason: 'it has no await, so it always completes synchronously', awaits, maySuspend, becauseOf: null };
  if (maySuspend === 0) {
    return { ...base, likelySync: true, reason: `${awaits.length === 1 ? 'its only await is' : `all ${awaits.length} awaits are`} of ${summarise(awaits.map((a) => a.reason))}`, awaits, maySuspend, becauseOf };
  }
  const firstAwait = body.awaits[0].span.start;
  const fastReturn = body.returns.find((r) => r.beforeAnyAwait && r.span.start < firstAwait && r.conditionText && CACHE_CONDITION.test(r.conditionText));
  if (fastReturn) {
    const only = body.awaits.length === 1 ? 'its only await' : 'its first await';
    return { ...base, likelySync: true, reason: `returns from the cache before ${only} (when ${fastReturn.conditionText!.trim()})`, awaits, maySuspend, becauseOf: null };
  }
  const suspending = body.awaits.filter((_, i) => awaits[i].state !== 'complete');
  const onlyOnMiss = missGuard(suspending);
  if (onlyOnMiss) {
    return { ...base, likelySync: true, reason: `awaits only on a cache miss (${onlyOnMiss})`, awaits, maySuspend, becauseOf: null };
  }
  const first = awaits.find((a) => a.state !== 'complete')!;
  return { ...base, likelySync: false, reason: `it may suspend at ${first.reason}`, awaits, maySuspend, becauseOf: null };
}

/** The condition guarding every suspending await, when they share one and it reads like a cache miss. */
function missGuard(suspending: SuspensionPoint[]): string | null {
  const conditions = new Set(suspending.map((a) => a.regions.find((r) => r.kind === 'conditional')?.detail ?? null));
  if (conditions.size !== 1) return null;
  const cond = [...conditions][0];
  return cond && CACHE_CONDITION.test(cond) ? cond.trim() : null;
}

function summarise(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts.keys()].join(' and ');
}

function awaitVerdict(a: SuspensionPoint, t: Target, index: WorkspaceIndex, verdicts: CompletionAnalysis): AwaitVerdict {
  const op = a.operand;
  switch (op.kind) {
    case 'completedTask':
      return { state: 'complete', reason: /ValueTask/.test(op.text) ? 'ValueTask.CompletedTask' : op.text.startsWith('default') ? 'default(ValueTask)' : 'Task.CompletedTask', callee: null };
    case 'fromResult':
      return { state: 'complete', reason: /^new\b/.test(op.text) ? 'new ValueTask<T>(value)' : op.text.startsWith('default') ? 'default(ValueTask<T>)' : /^(System\.Threading\.Tasks\.)?ValueTask/.test(op.text) ? 'ValueTask.FromResult' : 'Task.FromResult', callee: null };
    case 'yield':
      return { state: 'suspends', reason: 'Task.Yield(), which always suspends', callee: null };
    case 'delay':
      return /^\(?\s*(0|TimeSpan\.Zero)\s*\)?$/.test(op.text.slice(op.text.indexOf('('))) ? { state: 'complete', reason: 'Task.Delay(0)', callee: null } : { state: 'suspends', reason: `${op.text}, which suspends`, callee: null };
    case 'call': {
      const resolved = resolveCall(op.callee!.name, op.callee!.receiver, op.callee!.argumentCount, t, index);
      if (resolved.length === 0) return { state: 'maySuspend', reason: `${op.text} (not declared in the workspace)`, callee: null };
      const all = resolved.map((m) => (m.body ? verdicts.get(verdictKey(m.file, m.body.id)) : undefined));
      if (all.every((v) => v?.likelySync)) {
        const m = resolved[0];
        return { state: 'complete', reason: `${op.callee!.name}, which itself completes synchronously`, callee: m.body ? { file: m.file, bodyId: m.body.id, name: m.body.name } : null };
      }
      return { state: 'maySuspend', reason: `${op.text}`, callee: null };
    }
    default:
      return { state: 'maySuspend', reason: a.kind === 'awaitForeach' ? `await foreach over ${op.text}` : a.kind === 'awaitUsing' ? `the await using of ${op.text}` : op.text, callee: null };
  }
}

/** Workspace methods a call may reach: by name, argument count and, when the receiver's type is known, its type. */
export function resolveCall(name: string, receiver: string | null, argumentCount: number, t: Target, index: WorkspaceIndex): MethodRef[] {
  let owner: string | null = null;
  if (receiver === null || receiver === 'this' || receiver === 'base') owner = t.body.containingType;
  else {
    const bodies = index.files.get(t.file)?.bodies ?? [];
    const typed = typeOfExpression(receiver, t.body, bodies, index);
    if (typed) owner = stripGenerics(typed.typeText);
    else if (/^[A-Z]\w*$/.test(receiver)) owner = receiver; // A static call on a type name.
    else return [];
  }
  const local = receiver === null ? (index.files.get(t.file)?.bodies ?? []).filter((b) => b.kind === 'localFunction' && b.name === name && b.parentId === t.body.id) : [];
  if (local.length) return local.map((b) => ({ file: t.file, typeName: null, member: null, body: b }));
  const candidates = owner ? methodsNamed(index, name, owner) : [];
  return candidates.filter((m) => m.body && (m.body.parameters.length === argumentCount || m.body.parameters.some((p) => p.modifiers.includes('params')) || m.body.parameters.length > argumentCount));
}

/** A non-async Task-returning method is synchronous when every return hands back a completed task or a synchronous callee's task. */
function nonAsyncVerdict(t: Target, index: WorkspaceIndex, verdicts: CompletionAnalysis): CompletionVerdict {
  const base = { file: t.file, bodyId: t.body.id, awaits: [], maySuspend: 0 };
  const returns = t.body.returns;
  if (returns.length === 0) return { ...base, likelySync: false, reason: 'it returns no task the syntax shows', becauseOf: null };
  let becauseOf: CompletionVerdict['becauseOf'] = null;
  for (const r of returns) {
    const e = (r.expressionText ?? '').trim();
    if (/^(System\.Threading\.Tasks\.)?(Task|ValueTask)\.(FromResult|CompletedTask|FromException|FromCanceled)\b|^new\s+ValueTask\b|^default\b/.test(e)) continue;
    const call = /^(?:(.+)\.)?([A-Za-z_]\w*)\s*\((.*)\)$/s.exec(e);
    if (call) {
      const argc = call[3].trim() === '' ? 0 : call[3].split(',').length;
      const resolved = resolveCall(call[2], call[1] ?? null, argc, t, index);
      const ok = resolved.length > 0 && resolved.every((m) => m.body && verdicts.get(verdictKey(m.file, m.body.id))?.likelySync);
      if (ok) {
        becauseOf = { file: resolved[0].file, bodyId: resolved[0].body!.id, name: resolved[0].body!.name };
        continue;
      }
    }
    return { ...base, likelySync: false, reason: `it returns ${e || 'a task'}, which may not be complete`, becauseOf: null };
  }
  return { ...base, likelySync: true, reason: becauseOf ? `it returns the task of ${becauseOf.name}, which completes synchronously` : 'every return hands back an already completed task', becauseOf };
}
