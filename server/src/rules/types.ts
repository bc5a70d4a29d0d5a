/** What a rule is (metadata, docs, check) and what it produces (findings with fixes as text edits). */
import { isAnalysedAsyncBody, type FileModel, type MethodBody, type Span } from '../model/types';
import { isTaskLike } from '../model/returnKind';
import { typesNamed } from '../workspace/index';
import { servesOnlySynchronousCallers } from './syncPathOnly';
import type { WorkspaceIndex } from '../workspace/index';
import type { CompletionAnalysis } from '../workspace/completion';
import type { LibraryCodeVerdict } from '../project/libraryCode';
import type { ProjectWeaving } from '../project/weavers';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = Severity | 'off';
export type RuleCategory = 'blocking' | 'completion' | 'allocation' | 'correctness' | 'style';
/** The most a rule's fixes may change: `display-only` fixes are described, never applied. */
export type FixAvailability = 'none' | 'safe' | 'unsafe' | 'display-only';

export interface RuleMeta {
  /** ASY001: stable forever. */
  id: string;
  /** kebab-case, reads as a sentence: blocking-wait-in-async. */
  name: string;
  category: RuleCategory;
  defaultSeverity: SeveritySetting;
  fix: FixAvailability;
  /** Peer rule ids this rule overlaps (VSTHRD103, CA1849, ...). */
  equivalents: string[];
  summary: string;
  /** Markdown with the headings: What it does / Why is this bad? / Example / Use instead / Fix safety / Limitations. */
  docs: string;
  /**
   * Whether findings in test code are capped at `asynclens.testCode.maxSeverity`. The blocking rules' always are
   * (blocking in a test harms nobody); a rule outside that category opts in here.
   */
  cappedInTestCode?: boolean;
  /**
   * 'method': what the rule finds in a method (and the lambdas and local functions inside it) depends only on that
   * method's text, its containing type's name, and the workspace's declarations, verdicts and the file's project,
   * never on other methods' bodies; it never reports outside the method, and says no line numbers. The language
   * server then keeps its findings per method between keystrokes (analysis/ruleCache.ts). Set it only on a rule
   * read for all of that; test/unit/rule-cache.test.ts checks every such rule against whole-file runs.
   */
  scope?: 'method';
}

/** A replacement of [start, end) in the file's text (UTF-16 offsets) by newText. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

export interface Fix {
  /** What applying it does, as a command: "Await the task instead of blocking". */
  title: string;
  safety: 'safe' | 'unsafe' | 'display-only';
  /** Empty for display-only fixes, which only describe the change. */
  edits: TextEdit[];
}

export interface RelatedLocation {
  file: string;
  span: Span;
  message: string;
}

/** A rule's raw output, before configuration decides its severity. */
export interface RuleFinding {
  span: Span;
  /** What is wrong, one sentence. */
  message: string;
  /** Why it matters, with the cost in bytes where it applies. */
  note?: string;
  /** The id of the body the finding is about, so hovers can list findings per method. */
  bodyId?: string;
  fix?: Fix;
  related?: RelatedLocation[];
  /** Diagnostic tags the editor understands. */
  tags?: ('unnecessary' | 'deprecated')[];
  /**
   * The most this finding is shown at when no severity is configured for the rule itself, and why: a rule's default
   * fits its usual finding, and some findings of it are true but chosen on purpose (a blocking synchronous twin kept
   * beside its async one). A severity the person sets for the rule stands, as it does over a peer's.
   */
  maxSeverity?: { severity: Severity; reason: string };
}

export interface Finding extends RuleFinding {
  ruleId: string;
  ruleName: string;
  severity: Severity;
  file: string;
}

export interface RuleContext {
  file: string;
  text: string;
  model: FileModel;
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
  /**
   * Whether the file is library code, from its project (project/libraryCode.ts) and the `asynclens.libraryCode`
   * setting; absent or null when no project is known, where rules decide from the workspace (rules/libraryCode.ts).
   */
  library?: LibraryCodeVerdict | null;
  /** Why the file is test code, or null/absent when it is not. */
  testCode?: string | null;
  /**
   * What ConfigureAwait.Fody does to the awaits of the file's project (project/weavers.ts): its configured default
   * and the assembly's `[ConfigureAwait(x)]`; absent when neither is known. Attributes on types and methods are read
   * from the file itself.
   */
  weaving?: ProjectWeaving | null;
  /**
   * Whether the file's project has the compiler report nullable warnings (`<Nullable>enable</Nullable>` or
   * `warnings`, CS8602 not in NoWarn: project/nullableWarnings.ts); absent or null when no project is known. The
   * file's own `#nullable` directives change it from their line on (nullableWarningsAt).
   */
  nullableWarnings?: boolean | null;
  /**
   * Whether the file's project is in a nullable annotation context (`<Nullable>` enable or annotations), where a
   * reference type written without `?` is declared not null; absent or null when no project is known. `#nullable`
   * directives change it from their line on (nullableAnnotationsAt).
   */
  nullableAnnotations?: boolean | null;
}

export interface Rule {
  meta: RuleMeta;
  /** The rule's findings in the file (for a per-method rule, in the methods of `ctx.model.bodies` only). */
  check(ctx: RuleContext): RuleFinding[];
  /**
   * A per-method rule's findings outside any method (on type declarations), which `check` leaves out so that what
   * it finds stays per method: run on every check of the file, after `check`.
   */
  checkDeclarations?(ctx: RuleContext): RuleFinding[];
}

/** Bodies with an `async` modifier (methods, lambdas, local functions, anonymous methods), whose state machines the completion rules judge. */
export function asyncBodies(ctx: RuleContext): MethodBody[] {
  return ctx.model.bodies.filter(isAnalysedAsyncBody);
}

/**
 * Bodies that are async code to their callers, where blocking is ASY001/ASY002's business: async bodies, and
 * bodies without `async` that return a Task, ValueTask, IAsyncEnumerable/IAsyncEnumerator or a task-like type with
 * [AsyncMethodBuilder] (`Task Save() { File.WriteAllText(...); return Task.CompletedTask; }`: its callers await it
 * and expect it not to hold their thread, as VSTHRD103 and CA1849 see it); less those only a dual-path caller's
 * synchronous branch calls.
 */
export function asyncContextBodies(ctx: RuleContext): MethodBody[] {
  // A helper that returns a task only to fit its dual-path caller, and runs only on that caller's synchronous path,
  // or whose every caller waits on its task at once (rules/syncPathOnly.ts), blocks by design: its callers asked for
  // synchronous work.
  return ctx.model.bodies.filter((b) => !b.hasSyntaxErrors && isAsyncContext(ctx, b) && !servesOnlySynchronousCallers(ctx.index, ctx.file, ctx.text, b, ctx.model.bodies, ctx.model.types));
}

export function isAsyncContext(ctx: RuleContext, body: MethodBody): boolean {
  if (body.isAsync) return true;
  // Top-level statements are a Task-returning Main only when they await.
  if (body.kind === 'topLevel') return false;
  if (isTaskLike(body.returnKind) || body.returnKind === 'IAsyncEnumerable' || body.returnKind === 'IAsyncEnumerator') return true;
  if (body.returnKind !== 'NotAsyncReturn' || body.returnTypeText === null) return false;
  return typesNamed(ctx.index, body.returnTypeText).some((t) => t.type.attributes.some((a) => /^(System\.Runtime\.CompilerServices\.)?AsyncMethodBuilder(Attribute)?\b/.test(a)));
}
