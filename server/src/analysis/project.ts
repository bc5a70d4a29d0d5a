/**
 * Analysis of a set of C# files as one workspace: parse each, model it, index them together, decide
 * likely synchronous completion once, then run the enabled rules and apply configuration. Pure apart from
 * the parser: the CLI and the language server pass text in and get facts and findings out.
 */
import { parse, tableAfterEdit, type PreviousParse, type TableCopy, type Tree } from '../parse/parser';
import { buildFileModel, modelOfTable } from '../model/extract';
import type { ModelCache } from '../model/bodyCache';
import type { FileModel } from '../model/types';
import { createIndex, removeFile, updateFile, type WorkspaceIndex } from '../workspace/index';
import { analyseCompletion, type CompletionAnalysis } from '../workspace/completion';
import { RULES } from '../rules/registry';
import type { Finding, Rule, RuleContext, RuleFinding, Severity, SeveritySetting } from '../rules/types';
import { suppressionsOf, type SuppressionOptions } from '../config/suppressions';
import type { PeerSeverity } from '../config/editorconfig';
import type { Span } from '../model/types';
import type { LibraryCodeVerdict } from '../project/libraryCode';
import type { ProjectWeaving } from '../project/weavers';
import { AnalysisStopped, checkBudget, withinBudget, type FileBudget } from '../model/budget';
import { checkPerMethod, type RuleCache } from './ruleCache';
import { projectView } from '../workspace/projectView';

export interface SourceFile {
  path: string;
  text: string;
  /** The preprocessing symbols of the file's project and configuration (which `#if` branches are compiled). */
  preprocessorSymbols?: readonly string[];
  /**
   * The whole file is generated code (config/generatedCode.ts), which no rule checks: the plain bodies of its members
   * are left out of the parse, and only its declarations and the bodies others can need are modelled
   * (parse/generatedBodies.ts).
   */
  generatedCode?: boolean;
}

export interface ModelOptions {
  /** See SourceFile.preprocessorSymbols; the pre-parse pass's defaults otherwise. */
  preprocessorSymbols?: readonly string[];
  /** The time the model may take (model/budget.ts); past it the file is left out with the reason. None: no limit. */
  budget?: FileBudget | null;
  /**
   * Give back the tree's table (`ModelledFile.copy`), for a caller that re-parses the same document after edits and
   * hands it back in `previous.copy`: the next table is then spliced from it (parse/syntaxTable.ts splicedTableOf).
   */
  keepTable?: boolean;
  /** See SourceFile.generatedCode. */
  generatedCode?: boolean;
}

/** What a file's project and configuration add to checking it: peer suppressions, test code, generated code. */
export interface FileCheckContext {
  /** Peer suppressions (NoWarn, .editorconfig, global SuppressMessage) and the rules' equivalents; absent: only AsyncLens's own. */
  suppression?: SuppressionOptions;
  /** Set when the file is test code: why, and the most severe a blocking rule's finding may be there. */
  testCode?: { reason: string; maxSeverity: SeveritySetting } | null;
  /** Regions marked [GeneratedCode]: findings there are suppressed with the reason. */
  generatedRegions?: readonly { span: Span; reason: string }[];
  /** Set when the whole file is generated code: it is modelled and indexed (others use its types) but not checked. */
  generatedFile?: string | null;
  /** Whether the file is library code (project/libraryCode.ts); absent or null when no project says. */
  library?: LibraryCodeVerdict | null;
  /** What ConfigureAwait.Fody does to the project's awaits (project/weavers.ts); absent or null when nothing says. */
  weaving?: ProjectWeaving | null;
  /** Whether the project's compiler reports nullable warnings (project/nullableWarnings.ts); absent or null when no project says. */
  nullableWarnings?: boolean | null;
  /** Whether the project's code is in a nullable annotation context (project/nullableWarnings.ts); absent or null when no project says. */
  nullableAnnotations?: boolean | null;
}

const SEVERITY_RANK: Record<Severity, number> = { hint: 0, information: 1, warning: 2, error: 3 };

/**
 * The most severe setting among a rule's equivalents that the code base keeps on, or null when it sets none: with two
 * equivalents at different severities, the one the code base shows most prominently says what it wants.
 */
function peerSeverityOf(equivalents: readonly string[], keptOn: ReadonlyMap<string, PeerSeverity> | undefined): (PeerSeverity & { id: string }) | null {
  let best: (PeerSeverity & { id: string }) | null = null;
  for (const id of equivalents) {
    const setting = keptOn?.get(id.toUpperCase());
    if (setting && (!best || SEVERITY_RANK[setting.severity] > SEVERITY_RANK[best.severity])) best = { ...setting, id };
  }
  return best;
}

/**
 * A finding's own cap (RuleFinding.maxSeverity) when it lowers what the rule would show and no severity is configured
 * for the rule: the lower severity and a sentence saying why, for the note.
 */
function ownCapOf(f: RuleFinding, effective: Severity, configured: boolean): { severity: Severity; note: string } | null {
  if (!f.maxSeverity || configured || SEVERITY_RANK[f.maxSeverity.severity] >= SEVERITY_RANK[effective]) return null;
  return { severity: f.maxSeverity.severity, note: `Shown as ${f.maxSeverity.severity}: ${f.maxSeverity.reason}.` };
}

/** The less severe of a finding's severity and a cap. */
export function capSeverity(severity: Severity, cap: Severity): Severity {
  return SEVERITY_RANK[severity] <= SEVERITY_RANK[cap] ? severity : cap;
}

export interface RuleSelection {
  /** Rule ids to run; null means every rule that is not 'off' by default. */
  enabled: Set<string> | null;
  disabled: Set<string>;
  /** Severity overrides by rule id ('*' for all), from settings or .editorconfig. */
  severities?: Map<string, SeveritySetting>;
}

export interface SuppressedFinding {
  finding: Finding;
  by: string;
}

export interface FileAnalysis {
  path: string;
  text: string;
  model: FileModel;
  findings: Finding[];
  suppressed: SuppressedFinding[];
  /** Why the file was left out: tree-sitter could not produce a tree at all, or its analysis stopped (model/budget.ts). */
  parseError?: string;
  /** Why the file is test code, or null. */
  testCode?: string | null;
  /** Why the file is generated code and was not checked, or null. */
  generated?: string | null;
}

export const EMPTY_MODEL: FileModel = { bodies: [], types: [], syntaxErrors: [], skipped: [], usings: [], inactiveCode: [], preprocessorProblems: [] };

export interface ModelledFile {
  model: FileModel;
  /** The caller owns it and must delete() it. */
  tree: Tree | null;
  /** The text tree-sitter parsed (the pre-parse pass's), which an incremental re-parse needs beside the tree. */
  parseText: string | null;
  /** With `keepTable`: the tree's table, which the next re-parse's table is spliced from (`previous.copy`). */
  copy?: TableCopy;
  error?: string;
}

/**
 * Parses and models one file. With `previous` (a tree already edited, and its pre-parse text spliced alike) the
 * parse is incremental; with `cache` (one per document) the bodies of functions an edit did not touch are reused.
 */
export function modelFile(text: string, previous?: PreviousParse | null, cache?: ModelCache, options: ModelOptions = {}): ModelledFile {
  const symbols = options.preprocessorSymbols ? new Set(options.preprocessorSymbols) : undefined;
  const result = parse(text, previous, { symbols, plainBodiesBlanked: options.generatedCode === true });
  if (!result.tree) return { model: EMPTY_MODEL, tree: null, parseText: null, error: result.error };
  try {
    if (options.keepTable) {
      // A document that keeps its table (the language server's open documents) has the next one spliced from it.
      const table = tableAfterEdit(result, text, previous);
      const model = withinBudget(options.budget ?? null, () => modelOfTable(table, cache, result.prepared));
      return { model, tree: result.tree, parseText: result.prepared.parseText, copy: { table, parseText: result.prepared.parseText } };
    }
    return { model: withinBudget(options.budget ?? null, () => buildFileModel(result.tree, text, cache, result.prepared)), tree: result.tree, parseText: result.prepared.parseText };
  } catch (err) {
    // The model must never throw; if it does, or runs out of time, keep the file out of the analysis and say why.
    result.tree.delete();
    if (err instanceof AnalysisStopped) return { model: EMPTY_MODEL, tree: null, parseText: null, error: err.reason };
    return { model: EMPTY_MODEL, tree: null, parseText: null, error: `internal error while modelling: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export function selectedRules(selection: RuleSelection): Rule[] {
  return RULES.filter((r) => {
    if (selection.disabled.has(r.meta.id)) return false;
    if (selection.enabled) return selection.enabled.has(r.meta.id);
    return r.meta.defaultSeverity !== 'off';
  });
}

/**
 * Runs the rules over one indexed file. With `budget`, rules that run past it stop the file's check: it then has no
 * findings and `stopped` says why (model/budget.ts).
 */
export function checkFile(path: string, text: string, model: FileModel, index: WorkspaceIndex, completion: CompletionAnalysis, selection: RuleSelection,
  fileSeverities?: Map<string, SeveritySetting>, context: FileCheckContext = {}, budget: FileBudget | null = null,
  kept: KeptFindings | null = null): { findings: Finding[]; suppressed: SuppressedFinding[]; stopped?: string } {
  try {
    return withinBudget(budget, () => runRules(path, text, model, index, completion, selection, fileSeverities, context, kept));
  } catch (err) {
    if (err instanceof AnalysisStopped) return { findings: [], suppressed: [], stopped: err.reason };
    throw err;
  }
}

/**
 * Findings of per-method rules kept from earlier checks of the same document, and the context they were found in
 * (analysis/ruleCache.ts says what it must stand for). The language server passes one per open document.
 */
export interface KeptFindings {
  cache: RuleCache;
  context: string;
}

/**
 * A rule's finding as reported: `own`, a copy of the rule's finding that nothing else holds, with the rule, the
 * severity and the file (and a note, when one is given) written into it. Built as `{ ...own, ruleId, ... }`, every
 * finding got a hidden class of its own from Node 20's V8 (a spread followed by new members), about 330 bytes more per
 * finding: some 50 MB of a check of a million lines. The members, their order and their values are the same.
 */
/**
 * The same text as one flat string. A message is built from parts (`'${name}' likely completes synchronously: ...`),
 * which V8 keeps as a tree of concatenations, 32 bytes a node, over parts of its own that nothing else holds; kept
 * for the whole check, a flat copy is about half the size (findings of the generated 200,000-line corpus: 19.5 ->
 * 18.5 MB). Notes are left as they are: most of their parts are sentences shared by every note of a rule, and flat
 * copies took more. A round trip through JSON is the one way to ask for a fresh flat string.
 */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

function reportedFinding(own: RuleFinding, rule: Rule, severity: Severity, file: string, note: string | null): Finding {
  const finding = own as Finding;
  finding.message = flat(finding.message);
  finding.ruleId = rule.meta.id;
  finding.ruleName = rule.meta.name;
  finding.severity = severity;
  finding.file = file;
  if (note !== null) finding.note = note;
  return finding;
}

function runRules(path: string, text: string, model: FileModel, index: WorkspaceIndex, completion: CompletionAnalysis, selection: RuleSelection,
  fileSeverities: Map<string, SeveritySetting> | undefined, context: FileCheckContext, kept: KeptFindings | null): { findings: Finding[]; suppressed: SuppressedFinding[] } {
  if (context.generatedFile) return { findings: [], suppressed: [] };
  // The rules see the declarations of the file's own project and those it references (workspace/projectView.ts).
  const ctx: RuleContext = { file: path, text, model, index: projectView(index, path), completion, library: context.library ?? null, testCode: context.testCode?.reason ?? null, weaving: context.weaving ?? null, nullableWarnings: context.nullableWarnings ?? null, nullableAnnotations: context.nullableAnnotations ?? null };
  const suppressions = suppressionsOf(text, model, context.suppression);
  const testCap = context.testCode ?? null;
  const findings: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const rule of selectedRules(selection)) {
    const configured = fileSeverities?.get(rule.meta.id) ?? selection.severities?.get(rule.meta.id) ?? fileSeverities?.get('*') ?? selection.severities?.get('*');
    const severity = configured ?? rule.meta.defaultSeverity;
    // A rule named explicitly with --enable runs even when configuration says 'off' by default.
    const chosen = severity === 'off' && selection.enabled?.has(rule.meta.id) && !fileSeverities?.has(rule.meta.id) ? (rule.meta.defaultSeverity === 'off' ? 'information' : rule.meta.defaultSeverity) : severity;
    if (chosen === 'off') continue;
    // A severity configured for the rule itself stands; otherwise the code base's own setting of an equivalent peer
    // caps it (CS1998 made a suggestion shows ASY011 as information).
    const peer = configured !== undefined ? null : peerSeverityOf(rule.meta.equivalents, context.suppression?.peers?.editorConfigOn);
    const effective = peer ? capSeverity(chosen, peer.severity) : chosen;
    const peerNote = peer && effective !== chosen ? ` Shown as ${effective}: ${peer.where} sets ${peer.id}, an equivalent of ${rule.meta.id}, to ${peer.severity === 'information' ? 'suggestion' : peer.severity}.` : '';
    let raw: ReturnType<Rule["check"]>;
    checkBudget();
    try {
      raw = kept && rule.meta.scope === 'method' ? checkPerMethod(rule, ctx, kept.cache, kept.context) : rule.check(ctx);
      if (rule.checkDeclarations) raw = raw.concat(rule.checkDeclarations(ctx));
    } catch (err) {
      if (err instanceof AnalysisStopped) throw err;
      // One broken rule must not take the others (or the server) down.
      raw = [];
      findings.push({ ruleId: rule.meta.id, ruleName: rule.meta.name, severity: 'error', file: path, span: { start: 0, end: 0 },
        message: `AsyncLens internal error in ${rule.meta.id}: ${err instanceof Error ? err.message : String(err)}` });
    }
    // Test code stays analysed, but the blocking rules' findings there (and those of rules that opt in) are capped,
    // or left out with 'off'.
    const capped = testCap && (rule.meta.category === 'blocking' || rule.meta.cappedInTestCode) ? testCap.maxSeverity : null;
    for (const f of raw) {
      const own = ownCapOf(f, effective, configured !== undefined);
      const shown = own ? own.severity : effective;
      const severity = capped && capped !== 'off' ? capSeverity(shown, capped) : shown;
      const { maxSeverity: _cap, ...reported } = f;
      const added = `${peerNote}${own ? ` ${own.note}` : ''}`;
      const finding = reportedFinding(reported, rule, severity, path, added ? `${f.note ?? ''}${added}`.trim() : null);
      const generated = context.generatedRegions?.find((g) => g.span.start <= f.span.start && f.span.start < g.span.end);
      const by = suppressions.suppressedBy(rule.meta.id, f.span.start)
        ?? generated?.reason
        ?? (capped === 'off' ? `test code (${testCap!.reason}; asynclens.testCode.maxSeverity = off)` : null);
      if (by) suppressed.push({ finding, by });
      else findings.push(finding);
    }
  }
  findings.sort((a, b) => a.span.start - b.span.start || a.ruleId.localeCompare(b.ruleId));
  return { findings, suppressed };
}

/** A modelled file, as `contextOf` sees it. */
export interface FileAnalysisInput {
  path: string;
  text: string;
  model: FileModel;
}

export interface ProjectAnalysis {
  files: FileAnalysis[];
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
}

/**
 * Analyses files as one workspace. `severitiesOf` gives per-file overrides (.editorconfig); `contextOf` what the
 * file's project adds (peer suppressions, test code, generated regions), asked once the file is modelled.
 */
export function analyseProject(sources: SourceFile[], selection: RuleSelection, severitiesOf?: (path: string) => Map<string, SeveritySetting>,
  onProgress?: (message: string) => void, contextOf?: (file: FileAnalysisInput, index: WorkspaceIndex) => FileCheckContext,
  budget?: () => FileBudget | null): ProjectAnalysis {
  const modelled = sources.map((s, i): ModelledSource => {
    if (i % 50 === 0) onProgress?.(`parsed ${i} of ${sources.length} files`);
    const { model, tree, error } = modelFile(s.text, null, undefined, { preprocessorSymbols: s.preprocessorSymbols, budget: budget?.() });
    tree?.delete();
    return { ...s, model, ...(error ? { error } : {}) };
  });
  return analyseModelled(modelled, selection, severitiesOf, onProgress, contextOf, budget);
}

/** A source with its model, and why it was left out if it was (what modelFile said). */
export interface ModelledSource extends SourceFile {
  model: FileModel;
  error?: string;
}

/**
 * analyseProject for files already modelled (the CLI models them on worker threads): index them in the order given,
 * decide the verdicts once, run the rules. The same order gives the same answers as analyseProject.
 */
export function analyseModelled(modelled: readonly ModelledSource[], selection: RuleSelection, severitiesOf?: (path: string) => Map<string, SeveritySetting>,
  onProgress?: (message: string) => void, contextOf?: (file: FileAnalysisInput, index: WorkspaceIndex) => FileCheckContext,
  budget?: () => FileBudget | null): ProjectAnalysis {
  const index = createIndex();
  for (const m of modelled) updateFile(index, m.path, m.model);
  const completion = analyseCompletion(index);
  const files = modelled.map((m, i) => {
    if (i % 50 === 0) onProgress?.(`checked ${i} of ${modelled.length} files`);
    const context = contextOf?.({ path: m.path, text: m.text, model: m.model }, index) ?? {};
    const { findings, suppressed, stopped } = checkFile(m.path, m.text, m.model, index, completion, selection, severitiesOf?.(m.path), context, budget?.() ?? null);
    return { path: m.path, text: m.text, model: m.model, findings, suppressed, parseError: m.error ?? stopped, testCode: context.testCode?.reason ?? null, generated: context.generatedFile ?? null };
  });
  return { files, index, completion };
}

export { createIndex, updateFile, removeFile, analyseCompletion };
