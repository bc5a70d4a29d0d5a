/**
 * The TaskCompletionSources a method creates in a local and only ever gives a result: every mention of the local, in
 * the body and the functions nested in it, is `source.SetResult`, `source.TrySetResult` or `source.Task`. The task of
 * such a source cannot fault or be canceled (only SetException, SetCanceled and their Try forms do that, and no other
 * code holds the source), so a method that returns it (`return tcs.Task;`, a dialog's answer) hands back a task with no
 * exception to lose. ASY022 asks the workspace through it whether a dropped call's task can fault
 * (rules/faultFreeTasks.ts), which another file's text cannot tell it. Whether the source is ever completed at all is
 * not asked: a task that never completes has nothing to lose either.
 */
import type { LocalVariable, ReturnSite, Span } from './types';
import type { IdentifierUse } from './fileSyntax';

/** A TaskCompletionSource created where the local is declared: `new TaskCompletionSource<bool>()`, or `new()` for a typed one. */
const CREATED_SOURCE = /^new\s+(?:global::)?(?:System\.Threading\.Tasks\.)?TaskCompletionSource\b/;
const SOURCE_TYPE = /^(?:global::)?(?:System\.Threading\.Tasks\.)?TaskCompletionSource\b/;
/** `tcs.Task`, as a method returns it. */
const RETURNED_TASK = /^(@?[A-Za-z_]\w*)\s*\.\s*Task$/;
/** What may follow a mention of the local: a member that gives a result, or the task. */
const RESULT_ONLY_USE = /^\s*\.\s*(?:SetResult|TrySetResult|Task)\b/;

/**
 * The names of the locals whose `.Task` a return of the method hands back and that are result-only sources, or an
 * empty list. `usesOf` lists the local's mentions in the body's spans (declaration included); `text` is the file's.
 */
export function resultOnlySourcesOf(returns: readonly ReturnSite[], locals: readonly LocalVariable[], usesOf: (name: string) => readonly IdentifierUse[], text: string): string[] {
  const out: string[] = [];
  for (const site of returns) {
    const name = RETURNED_TASK.exec(site.expressionText?.trim() ?? '')?.[1]?.replace(/^@/, '');
    if (!name || out.includes(name)) continue;
    const declared = locals.filter((l) => l.name === name);
    if (declared.length !== 1 || !createsSource(declared[0])) continue;
    if (usesOf(name).every((use) => within(use, declared[0].span) || RESULT_ONLY_USE.test(text.slice(use.end, use.end + 40)))) out.push(name);
  }
  return out;
}

function createsSource(local: LocalVariable): boolean {
  const init = local.initializerText?.trim() ?? '';
  return CREATED_SOURCE.test(init) || (/^new\s*\(/.test(init) && SOURCE_TYPE.test(local.typeText?.trim() ?? ''));
}

function within(use: IdentifierUse, span: Span): boolean {
  return use.start >= span.start && use.end <= span.end;
}
