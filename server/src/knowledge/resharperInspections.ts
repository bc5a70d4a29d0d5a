/**
 * ReSharper and Rider inspections that report what an AsyncLens rule reports. They are not compiler diagnostics (no
 * #pragma, NoWarn or .editorconfig severity names them), so they are not among the rules' `equivalents`; a code base
 * silences them with `// ReSharper disable once <Inspection>`, `// ReSharper disable <Inspection>` ...
 * `// ReSharper restore <Inspection>`, or `[SuppressMessage("ReSharper", "<Inspection>")]`, and config/suppressions.ts
 * honours those for the rules listed here, as it honours the analyzers' own suppressions.
 * Suppression comments: https://www.jetbrains.com/help/resharper/Code_Analysis__Code_Inspections.html#suppress
 */

export interface ResharperInspection {
  /** The inspection's id, as suppression comments and attributes spell it. */
  id: string;
  /** The AsyncLens rules that report the same thing. */
  rules: readonly string[];
  /**
   * For a rule that reports more than the inspection does: the finding's text, from where its squiggle starts, must
   * match, or the inspection's suppression leaves it alone.
   */
  onlyWhere?: Readonly<Record<string, RegExp>>;
  source: string;
}

/**
 * `.Wait()` or `.Wait(token)`, where a wait's squiggle starts (after the task): the calls with an async overload
 * (`WaitAsync(CancellationToken)`, .NET 6). `.Result` is a property and `GetAwaiter().GetResult()` has no such
 * overload, so the inspection never reports them; nor `Wait(milliseconds)`, whose twin takes a TimeSpan.
 */
const TASK_WAIT_WITH_ASYNC_OVERLOAD = /^\s*\??\.\s*Wait\s*\(\s*(?:[A-Za-z_][\w.]*)?\s*\)/;

export const RESHARPER_INSPECTIONS: readonly ResharperInspection[] = [
  // A synchronous call in an async method where an async overload exists. `task.Wait()` is such a call too (Task has
  // had `WaitAsync(CancellationToken)` since .NET 6), so the inspection also reports what ASY001 reports for a wait;
  // a code base that keeps a deliberate wait says so with this comment above it.
  { id: 'MethodHasAsyncOverload', rules: ['ASY001', 'ASY002'], onlyWhere: { ASY001: TASK_WAIT_WITH_ASYNC_OVERLOAD }, source: 'https://www.jetbrains.com/help/resharper/MethodHasAsyncOverload.html' },
  { id: 'MethodHasAsyncOverloadWithCancellation', rules: ['ASY001', 'ASY002'], onlyWhere: { ASY001: TASK_WAIT_WITH_ASYNC_OVERLOAD }, source: 'https://www.jetbrains.com/help/resharper/MethodHasAsyncOverloadWithCancellation.html' },
  // `using` of an IAsyncDisposable in an async method (ASY002's await-using part).
  { id: 'UseAwaitUsing', rules: ['ASY002'], source: 'https://www.jetbrains.com/help/resharper/UseAwaitUsing.html' },
  // A call with an overload taking the CancellationToken in scope.
  { id: 'MethodSupportsCancellation', rules: ['ASY025'], source: 'https://www.jetbrains.com/help/resharper/MethodSupportsCancellation.html' },
  { id: 'AsyncVoidMethod', rules: ['ASY020'], source: 'https://www.jetbrains.com/help/resharper/AsyncVoidMethod.html' },
  { id: 'AsyncVoidLambda', rules: ['ASY021'], source: 'https://www.jetbrains.com/help/resharper/AsyncVoidLambda.html' },
];

const BY_ID = new Map(RESHARPER_INSPECTIONS.map((i) => [i.id.toLowerCase(), i]));

/** Whether the inspection reports what `ruleId` found at `findingText` (the file's text from the finding's start). */
export function inspectionCovers(inspection: ResharperInspection, ruleId: string, findingText: string): boolean {
  if (!inspection.rules.includes(ruleId)) return false;
  const only = inspection.onlyWhere?.[ruleId];
  return !only || only.test(findingText);
}

/** The inspection of this id (case ignored), or undefined. */
export function resharperInspection(id: string): ResharperInspection | undefined {
  return BY_ID.get(id.trim().toLowerCase());
}
