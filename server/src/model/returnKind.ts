/** Classifies a return type's text into the builder families the compiler uses (cost-model.md section 5). */
import type { ReturnKind } from './types';
import { splitTopLevel } from './syntax';

export interface ClassifiedReturn {
  kind: ReturnKind;
  /** The T of Task<T>, ValueTask<T>, IAsyncEnumerable<T>, IAsyncEnumerator<T>. */
  resultType: string | null;
}

/** Drops `System.Threading.Tasks.`, `global::` and similar qualifiers, keeping type arguments. */
export function unqualified(typeText: string): string {
  let text = typeText.trim().replace(/^global::/, '');
  const lt = text.indexOf('<');
  const head = lt === -1 ? text : text.slice(0, lt);
  const dot = head.lastIndexOf('.');
  if (dot !== -1) text = text.slice(dot + 1);
  return text;
}

/** Splits `Name<Args>` into name and top-level type arguments. */
export function genericParts(typeText: string): { name: string; args: string[] } {
  const text = unqualified(typeText).replace(/\?$/, '');
  const lt = text.indexOf('<');
  if (lt === -1 || !text.endsWith('>')) return { name: text, args: [] };
  return { name: text.slice(0, lt), args: splitTopLevel(text.slice(lt + 1, -1)) };
}

/**
 * For async bodies, the return type decides the builder. For non-async bodies the same table is used
 * so call sites can see that a method returns a Task, but a non-task type is `NotAsyncReturn`.
 */
export function classifyReturnType(typeText: string | null, isAsync: boolean): ClassifiedReturn {
  if (typeText === null) return { kind: 'Unknown', resultType: null };
  const { name, args } = genericParts(typeText);
  if (name === 'void') return { kind: 'void', resultType: null };
  if (name === 'Task') return args.length === 1 ? { kind: 'TaskOfT', resultType: args[0] } : { kind: 'Task', resultType: null };
  if (name === 'ValueTask') return args.length === 1 ? { kind: 'ValueTaskOfT', resultType: args[0] } : { kind: 'ValueTask', resultType: null };
  if (name === 'IAsyncEnumerable' && args.length === 1) return { kind: 'IAsyncEnumerable', resultType: args[0] };
  if (name === 'IAsyncEnumerator' && args.length === 1) return { kind: 'IAsyncEnumerator', resultType: args[0] };
  if (isAsync) return { kind: 'OtherTaskLike', resultType: args[0] ?? null };
  return { kind: 'NotAsyncReturn', resultType: null };
}

/** Whether a return kind is awaitable (a task-like the caller can await). */
export function isTaskLike(kind: ReturnKind): boolean {
  return kind === 'Task' || kind === 'TaskOfT' || kind === 'ValueTask' || kind === 'ValueTaskOfT' || kind === 'OtherTaskLike';
}
