/**
 * A sleep that waits for a debugger to attach: `while (!Debugger.IsAttached) Thread.Sleep(100);`. The loop runs only
 * while someone who asked for it (an environment variable, a command-line switch) attaches a debugger by hand, before
 * the program does any work, so nothing else waits on the thread it holds, and nobody would make it asynchronous.
 * The thirty-ninth session's seeded reading found one at a provider's start, reported by ASY002 as blocking.
 */
import type { CallSite, MethodBody } from '../model/types';
import { maskCommentsAndStrings } from './sourceText';

/** How far before the call the loop's head is looked for: a head and a short condition fit in it. */
const LOOK_BACK = 300;

/**
 * A `while` head whose condition reads Debugger.IsAttached, followed by nothing but an opening brace before the
 * call: the call is the loop's body or its first statement, so the loop is the wait, not a loop that also sleeps.
 */
const DEBUGGER_LOOP_HEAD = /\bwhile\s*\((?=[^;{}]*\bDebugger\s*\.\s*IsAttached\b)[^;{}]*\)\s*\{?\s*$/;

/** Whether the call is the body of a loop that waits for a debugger to attach. */
export function waitsForDebugger(text: string, body: MethodBody, call: CallSite): boolean {
  const from = Math.max(body.bodySpan?.start ?? body.span.start, call.span.start - LOOK_BACK);
  const before = maskCommentsAndStrings(text.slice(from, call.span.start));
  return DEBUGGER_LOOP_HEAD.test(before);
}
