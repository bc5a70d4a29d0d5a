/**
 * A wait whose every task is .NET's own I/O, started by the waiting code: `var output =
 * process.StandardOutput.ReadToEndAsync(); var errors = process.StandardError.ReadToEndAsync(); Task.WaitAll([output,
 * errors], timeout)`, the usual way to drain a child process's two pipes at once so that neither fills and blocks it.
 * The .NET libraries configure their awaits (knowledge/contextFreeIo.ts), so such a task never needs the waiting
 * thread: the wait cannot deadlock on a SynchronizationContext, it only holds the thread until the I/O ends (ASY003).
 */
import type { MethodBody, TaskWait } from '../model/types';
import type { RuleContext } from './types';
import { splitCallText } from '../model/syntax';
import { apiTypingFor } from '../workspace/typing';
import { apiTypeOfExpression } from '../signatures/expressions';
import { contextFreeIoTypeOf } from '../knowledge/contextFreeIo';
import { waitedTaskValues } from './waitedTasks';

/** The I/O a wait waits for: the calls that started each task (`StreamReader.ReadToEndAsync`) and what they wait for. */
export interface ContextFreeIoWait {
  calls: string[];
  waitsFor: string[];
}

/**
 * The .NET I/O the wait blocks on, when every task it waits for is the task of a call of a type in
 * CONTEXT_FREE_IO_TYPES, written as the waited expression or as the one value of a local (`initializerOf` gives a
 * local's one value, or null when it has another or more than one); null otherwise.
 */
export function contextFreeIoOf(ctx: RuleContext, body: MethodBody, wait: TaskWait, initializerOf: (name: string) => string | null): ContextFreeIoWait | null {
  const values = waitedTaskValues(wait, initializerOf);
  if (values.length === 0) return null;
  const typing = apiTypingFor(body, ctx.model.bodies, ctx.index);
  if (!typing) return null;
  const calls: string[] = [];
  const waitsFor: string[] = [];
  for (const value of values) {
    if (value === null || !/\)\s*$/.test(value)) return null;
    const typed = apiTypeOfExpression(value, typing);
    const row = typed?.declaringType ? contextFreeIoTypeOf(typed.declaringType) : undefined;
    if (!typed || !row || !/^System\.Threading\.Tasks\.(?:Task|ValueTask)\b/.test(typed.typeText)) return null;
    calls.push(`${row.type.split('.').pop()}.${splitCallText(value.trim())?.name ?? ''}`);
    if (!waitsFor.includes(row.waitsFor)) waitsFor.push(row.waitsFor);
  }
  return { calls: [...new Set(calls)], waitsFor };
}
