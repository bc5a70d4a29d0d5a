/**
 * The analysis engine: open documents with their trees, the workspace index built in the background and kept
 * current by file events, and one snapshot per (document version, analysis settings), sent to the protocol
 * thread as plain data. It runs on its own thread (worker.ts) so that a slow file never stalls a request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkFile, modelFile } from '../../analysis/project';
import { createIndex, removeFile, updateFile } from '../../workspace/index';
import { createCostCache } from './costs';
import { completionState, updateCompletion, type CompletionAnalysis, type CompletionState } from '../../workspace/completion';
import { analysisSettingsKey, DEFAULT_SETTINGS, RUNTIME_PROFILES, type AsyncLensSettings, type RuntimeProfile, type RuntimeSetting } from '../../config/settings';
import { RULES } from '../../rules/registry';
import type { Finding, SeveritySetting } from '../../rules/types';
import type { FileModel } from '../../model/types';
import { kindOf, readSource } from '../../project/host/sourceFiles';
import { isRazorComponent } from '../../parse/razor';
import { createEngineProjects, isProjectFile } from './projects';
import { lspEditOf, positioned, positionOf, rangeContains, rangesOverlap, type PositionedText } from '../convert';
import { analysisStoppedDiagnostic, diagnosticOf, publishable } from '../diagnostics';
import { declarationsDigestOf, verdictsDigestOf, type RuleCache } from '../../analysis/ruleCache';
import { textDigest } from '../textSync';
import { AnalysisStopped, withinBudget, type FileBudget } from '../../model/budget';
import { documentBudget, FILE_TIME_LIMIT_MS } from './budget';
import { ModelPool, defaultThreads, modelHere } from '../../host/modelPool';
import { openModelCache, type FileModelCache, type ModelToKeep } from '../../host/modelCache';
import type { ModelledSource, SourceFile } from '../../analysis/project';
import type { DocumentSnapshot, MethodView } from '../snapshot';
import type { CostReport, CostReportMethod, CostReportParams, MethodDetailParams } from '../protocol';
import { applyChanges, disposeDocument, isModelCurrent, openDocument, remodel, snapshotChanged, type OpenDocument, type SentSnapshot } from './documents';
import { comparisonProfile, isCostedBody, methodViewOf, methodViewsOf, type ViewInput } from './views';
import { Digest } from './digest';
import { methodsToSend } from '../snapshotTransfer';
import { createDebounceModelling } from './debounceModel';
import { createQuietTime } from './quietTime';
import { findSourceFiles, isInSkippedFolder, yieldToEventLoop } from './workspaceFiles';
import type { EngineCommand, EngineEvent, EngineRequest, EngineResult, FileChangeKind, RuleFixes } from './messages';
import { LARGE_DOCUMENT_CHARS, startLargeDocumentModeller, type LargeDocumentModeller } from './largeDocuments';
import { fileApiScopesChanged, provideFileApiScopes } from '../../signatures/provider';
import { fileApiScope } from '../../signatures/scope';

export interface EngineHost {
  post(event: EngineEvent): void;
  /** The server bundle, to start the large-document thread from; without it every document is modelled here. */
  largeDocumentScript?: string;
  /**
   * Where indexing keeps the models of the workspace's files between sessions (host/modelCache.ts), and the
   * fingerprint of the code that builds them (computed when first asked); absent, every session models every file.
   */
  modelCache?: { directory: string; fingerprint(): string };
}

export interface Engine {
  handle(command: EngineCommand): void;
  /** Stops background work and deletes every tree. */
  dispose(): void;
}

/** The canonical key of a URI: file URIs are normalised through their path, so two spellings of one file meet. */
export function documentKey(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return pathToFileURL(fileURLToPath(uri)).href;
  } catch {
    return uri;
  }
}

function fsPathOf(key: string): string | null {
  if (!key.startsWith('file:')) return null;
  try {
    return fileURLToPath(key);
  } catch {
    return null;
  }
}

const now = () => performance.now();
/**
 * A document with more methods than this has its cost estimates made a slice at a time, with a turn of the event
 * loop between slices (estimateInSlices); fewer are estimated at once.
 */
const COST_AT_ONCE = 100;
/**
 * How long one slice of cost estimates may take: an edit or a request that arrives meanwhile waits at most about
 * this long. Slices of a fixed 400 methods took 0.1 to 0.3 s (more while the code is cold, right after a document
 * opens), and a keystroke typed then reached the large-document thread that much later.
 */
const COST_SLICE_MS = 20;

/** The size of the next slice, from how long the last one took: about COST_SLICE_MS of work, within bounds. */
export function nextCostSlice(lastSize: number, lastMs: number): number {
  const perMethod = lastMs / Math.max(1, lastSize);
  const fits = perMethod > 0 ? Math.floor(COST_SLICE_MS / perMethod) : 400;
  return Math.min(400, Math.max(10, fits));
}

/**
 * How long background indexing waits, after its walk of the folders, for the documents already open to get their first
 * diagnostics. Indexing models files on a thread per core; started at once, it takes the cores from the file the
 * person just opened, whose first diagnostics then wait for them (issue 14: more than a second in a 2,000-file
 * workspace on two cores). Bounded so that a huge open document does not hold indexing up for long.
 */
const FIRST_ANALYSIS_WAIT_MS = 2_000;
/**
 * How long a session's first indexing waits for the editor to open a document before it walks the folders. Editors
 * send the documents they show right after `initialized`, within milliseconds; a session that opens none starts
 * indexing this much later.
 */
const STARTUP_OPEN_GRACE_MS = 250;

/** Resolves when one of `waiters` (which whoever fills the list calls, then empties it) is called, or after `limitMs`. */
function calledOrAfter(waiters: (() => void)[], limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The time one file's model, rules or costs may take before it is reported as stopped (model/budget.ts). */
const budget = documentBudget;

export function createEngine(host: EngineHost): Engine {
  const index = createIndex();
  /**
   * Open documents by the URI the client sent. Two URIs can name one file (`x.cs` and `sub/../x.cs`, a symlink,
   * a case variant): each is its own document with its own text, analysis and snapshots, as the editor keeps
   * them; the index (keyed by the canonical `documentKey`) holds the model of the one analysed last.
   */
  const docs = new Map<string, OpenDocument>();
  /** The open documents of one file (canonical key), usually one; the last analysed first. */
  const openOf = (key: string): OpenDocument[] => [...docs.values()].filter((d) => d.key === key).sort((a, b) => b.analysedAt - a.analysedAt);
  const isOpen = (key: string): boolean => openOf(key).length > 0;
  /** Orders the open documents of one file by their last analysis, so the newest text answers for the file. */
  let analysisCounter = 0;
  const projects = createEngineProjects();
  /** Text of files that are not open, read on demand for positions (related locations, the cost report); small LRU. */
  const diskTexts = new Map<string, PositionedText>();
  let completion: CompletionState | null = null;
  /** Files indexed or removed since the verdicts were last brought up to date (updateCompletion re-decides only what they reach). */
  const changedSinceCompletion = new Set<string>();
  /** Per file, which of its bodies are likely synchronous and how surely (by order, see completionNow and ruleCache.ts). */
  const syncDigests = new Map<string, string>();
  /**
   * Bumped when some file's declarations change (types, usings, method headers), or some body's verdict does: what
   * estimates and per-method rules read beyond their own method's text (ruleCache.ts).
   */
  let typesGeneration = 0;
  let completionGeneration = 0;
  const costCache = createCostCache();
  /** Open documents whose first diagnostics are not out yet, and who waits for them to be (background indexing). */
  const awaitingFirstAnalysis = new Set<string>();
  const firstAnalysisWaiters: (() => void)[] = [];
  /** Who waits for the editor's first open document (the first indexing's walk, startupDocumentsAnalysed). */
  const firstOpenWaiters: (() => void)[] = [];
  let globalSettings: AsyncLensSettings = DEFAULT_SETTINGS;
  // Each file's target framework and global usings decide which API signatures its names resolve to.
  provideFileApiScopes((key) => {
    const context = projects.contextOf(key, docs.get(key)?.settings ?? globalSettings);
    return fileApiScope(context.targetFramework, context.project, context.packages, context.references, context.compiledBy);
  });
  let folders: string[] = [];
  /** Bumped to cancel the running background index. */
  let indexGeneration = 0;
  /** Bumped to cancel a running re-check of open documents. */
  let recheckGeneration = 0;
  let disposed = false;
  let modeller: LargeDocumentModeller | null = null;

  const log = (level: 'info' | 'warn' | 'error', message: string) => host.post({ kind: 'log', level, message });
  /** Whether a path lies inside a workspace folder: the engine reads no file from disk anywhere else. */
  const inWorkspace = (file: string): boolean => folders.some((f) => file === f || file.startsWith(f.endsWith(path.sep) ? f : f + path.sep));

  function completionNow(): CompletionAnalysis {
    if (!completion || completion.version !== index.version) {
      // An edit re-decides the bodies it can reach; a changed declaration, or no verdicts yet, decides them all.
      const updated = completion ? updateCompletion(completion, index, changedSinceCompletion) : { state: completionState(index), decided: null };
      completion = updated.state;
      changedSinceCompletion.clear();
      // Which bodies are likely synchronous, by their order in each file rather than by id: ids hold offsets,
      // which every edit above a body shifts without changing anything an estimate reads.
      const analysis = completion.verdicts;
      const files = updated.decided ?? new Set([...index.files.keys(), ...syncDigests.keys()]);
      let changed = false;
      for (const file of files) {
        const model = index.files.get(file);
        const digest = model ? verdictsDigestOf(file, model, analysis) : null;
        if (digest === null) changed = syncDigests.delete(file) || changed;
        else if (syncDigests.get(file) !== digest) {
          syncDigests.set(file, digest);
          changed = true;
        }
      }
      if (changed) completionGeneration++;
    }
    return completion.verdicts;
  }

  /**
   * Bumped when projects change: a method's text then stays the same while its model may not (its `#if` branches
   * follow the new symbols), so estimates and kept findings keyed by the text must not carry over.
   */
  let projectsGeneration = 0;
  const costContext = () => `${typesGeneration}|${completionGeneration}|${projectsGeneration}`;

  /** Puts a file's model into the index, noting whether its declarations (which estimates and per-method rules read) changed. */
  function indexFile(key: string, model: FileModel): void {
    const previous = index.files.get(key);
    updateFile(index, key, model);
    changedSinceCompletion.add(key);
    // A file new to the index brings new declarations; the digests are compared only when a model replaces another
    // (an edit, a file saved), so indexing a workspace computes none (it took 0.5 s of 300,000 lines' indexing).
    if (!previous || declarationsDigestOf(previous) !== declarationsDigestOf(model)) typesGeneration++;
  }

  function unindexFile(key: string): void {
    if (index.files.has(key)) typesGeneration++;
    removeFile(index, key);
    changedSinceCompletion.add(key);
  }

  function fileSeverities(key: string, settings: AsyncLensSettings): Map<string, SeveritySetting> {
    return projects.severitiesOf(key, settings);
  }

  /**
   * Which rules run for a file and at what severity: .editorconfig wins for the files it covers, then the
   * settings, then each rule's default, as Roslyn merges them.
   */
  function selectionFor(settings: AsyncLensSettings, perFile: Map<string, SeveritySetting>) {
    const severities = new Map<string, SeveritySetting>(Object.entries(settings.severity));
    const enabled = new Set<string>();
    for (const rule of RULES) {
      const id = rule.meta.id;
      const severity = perFile.get(id) ?? severities.get(id) ?? perFile.get('*') ?? severities.get('*') ?? rule.meta.defaultSeverity;
      if (severity !== 'off') enabled.add(id);
    }
    return { enabled, disabled: new Set<string>(), severities };
  }

  /** With `kept` (an open document's), per-method rules reuse what they found in methods an edit did not touch. */
  function findingsOf(key: string, text: string, model: FileModel, settings: AsyncLensSettings, kept: RuleCache | null = null): Finding[] {
    const perFile = fileSeverities(key, settings);
    const analysis = completionNow();
    const checkContext = projects.checkContextOf(key, text, model, index, settings);
    // What the kept findings were found against besides their methods' text (ruleCache.ts): the workspace's
    // declarations and verdicts (the generations), and what the file's project says of it.
    const project = projects.contextOf(key, settings);
    const scope = fileApiScope(project.targetFramework, project.project, project.packages, project.references, project.compiledBy);
    const context = `${costContext()}|${JSON.stringify([checkContext.library ?? null, checkContext.testCode?.reason ?? null, checkContext.weaving ?? null, checkContext.nullableWarnings ?? null, checkContext.nullableAnnotations ?? null, scope])}`;
    const checked = checkFile(key, text, model, index, analysis, selectionFor(settings, perFile), perFile, checkContext, budget(text.length), kept ? { cache: kept, context } : null);
    if (checked.stopped) throw new AnalysisStopped(checked.stopped);
    return checked.findings;
  }

  /** Text with line starts of any file the engine knows: the open buffer, else the file on disk. */
  function positionedFile(key: string): { uri: string; doc: PositionedText } | null {
    const open = openOf(key).find((d) => d.modelled);
    if (open?.modelled) return { uri: open.uri, doc: open.modelled };
    const cached = diskTexts.get(key);
    if (cached) return { uri: key, doc: cached };
    // Only files the index holds are read: a related location or a report names nothing else.
    const file = index.files.has(key) ? fsPathOf(key) : null;
    if (!file || !inWorkspace(file)) return null;
    const read = readSource(file, globalSettings.indexing.maxFileSizeKb * 1024);
    if (!('text' in read)) return null;
    const doc = positioned(read.text);
    diskTexts.set(key, doc);
    if (diskTexts.size > 64) diskTexts.delete(diskTexts.keys().next().value!);
    return { uri: key, doc };
  }

  /** A digest of what other files can see of this one: a change means their findings may change too. */
  function surfaceOf(key: string, model: FileModel, analysis: CompletionAnalysis): string {
    // Every list is preceded by its length, so the pieces of one part never pass for another's.
    const d = new Digest().value(model.types.length);
    for (const t of model.types) {
      d.text(t.name).text(t.kind).value(t.baseTypes.length);
      for (const b of t.baseTypes) d.text(b);
      d.value(t.instanceFields.length);
      for (const f of t.instanceFields) d.text(f.typeText);
      d.value(t.members.length);
      for (const m of t.members) d.text(m.name).text(m.kind).value(m.isStatic).value(m.isAsync).text(m.returnKind).value(m.parameterTypes.length);
    }
    d.value(model.bodies.length);
    for (const b of model.bodies) {
      const verdict = analysis.get(`${key}#${b.id}`);
      d.text(b.name).text(b.kind).text(b.returnKind).value(b.parameters.length).value(verdict?.likelySync ?? null).value(b.calls.length);
      // Whether a body reads each parameter: ASY025 leaves alone a call of a method that never reads its token, so
      // an edit that starts reading it there (`if (token.IsCancellationRequested)`) changes findings in other files.
      for (const p of b.parameters) d.value(p.referenced);
      for (const c of b.calls) d.text(c.name).text(c.usage).value(c.argumentTexts.length);
    }
    return d.toString();
  }

  function noteFirstAnalysis(uri: string): void {
    if (!awaitingFirstAnalysis.delete(uri) || awaitingFirstAnalysis.size > 0) return;
    for (const resolve of firstAnalysisWaiters.splice(0)) resolve();
  }

  /**
   * Resolves when the documents the editor opens at start-up have their first diagnostics: at once when it opened
   * none within STARTUP_OPEN_GRACE_MS, else when they are analysed or FIRST_ANALYSIS_WAIT_MS has passed.
   */
  async function startupDocumentsAnalysed(): Promise<void> {
    if (docs.size === 0) await calledOrAfter(firstOpenWaiters, STARTUP_OPEN_GRACE_MS);
    await openDocumentsAnalysed(FIRST_ANALYSIS_WAIT_MS);
  }

  /** Resolves when every open document has had its first diagnostics, or after `limitMs`. */
  function openDocumentsAnalysed(limitMs: number): Promise<void> {
    if (awaitingFirstAnalysis.size === 0) return Promise.resolve();
    return calledOrAfter(firstAnalysisWaiters, limitMs);
  }

  /** Analyses one open document: re-parses only when its text changed, then runs rules and costs and sends the snapshot. */
  function analyse(doc: OpenDocument, options: { force?: boolean; modelBuiltBeforeAsked?: boolean; modelSentBeforeAsked?: boolean } = {}): void {
    if (doc.timer) {
      clearTimeout(doc.timer);
      doc.timer = null;
    }
    let started = now();
    const builtEarly = modelledDuringDebounce.delete(doc);
    if (!isModelCurrent(doc)) {
      if (doc.large && modeller?.available) {
        requestLargeModel(doc);
        return;
      }
      modelOpenDocument(doc);
    } else if (doc.modelStarted) {
      // The model came from the large-document thread: its time counts from the request.
      started = doc.modelStarted;
    }
    doc.modelStarted = 0;
    const modelled = now();
    const model = doc.model!;
    const text = doc.modelled!;
    projects.noteText(doc.key, text.text);
    let findings: Finding[] = [];
    // A model or rules that ran past the per-file budget (model/budget.ts) leave the document with this one note.
    let stopped = doc.parseError?.startsWith('analysis stopped') ? doc.parseError : null;
    try {
      if (!stopped) findings = findingsOf(doc.key, text.text, model, doc.settings, doc.ruleCache);
    } catch (err) {
      if (err instanceof AnalysisStopped) stopped = err.reason;
      else log('error', `analysis of ${doc.uri} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
    const checked = now();
    const analysedDuringDebounce = quietTime.waiting(doc);
    // Only for the analysis of the edit's own version (not a re-check prompted by another file).
    const sinceEdit = doc.editedAt > 0 && doc.modelledVersion === doc.version ? { model: modelled - doc.editedAt, rules: checked - doc.editedAt } : null;
    doc.editedAt = 0;
    const diagnostics = findings.map((f) => diagnosticOf(f, text, doc.modelledVersion, (file) => positionedFile(file)));
    if (stopped) diagnostics.unshift(analysisStoppedDiagnostic(stopped));
    const stoppedBeforeCosts = stopped;
    // The cost estimates change no diagnostic and take from milliseconds (a small file, warm) to seconds (a large
    // document, or the first file, whose awaits are typed through the signature database for the first time): the
    // editor gets the diagnostics first. The methods skipped for a syntax error (most keystrokes leave one for a
    // moment) go with them, so that the protocol thread carries their last good diagnostics in, as into the snapshot:
    // such a keystroke waited for the costs before, 150-300 ms on a 10,000-line file.
    const skipped = model.skipped.map((s) => ({ name: s.name, range: { start: positionOf(text, s.span.start), end: positionOf(text, s.span.end) }, reason: s.reason }));
    // Without their notes (the snapshot that follows carries them for the hover): a smaller copy to post and publish.
    const early: EngineEvent = { kind: 'diagnostics', uri: doc.uri, revision: doc.modelledVersion, textDigest: textDigest(doc.modelledSource ?? text), diagnostics: publishable(diagnostics), skipped };
    // Ready before the debounce ends (the model came early): posted now with the time to show them, so the copy
    // between threads (a thousand diagnostics on a large file) is made while the debounce runs, not after it.
    const showAt = quietTime.endsAt(doc);
    if (showAt !== null && isShown(doc, early.revision)) host.post({ ...early, showAt: performance.timeOrigin + showAt });
    else {
      quietTime.show(doc, () => {
        if (isShown(doc, early.revision)) host.post(early);
      });
    }
    noteFirstAnalysis(doc.uri);
    const analysis = completionNow();
    doc.findings = findings;
    const surface = surfaceOf(doc.key, model, analysis);
    if (surface !== doc.surface) {
      doc.surface = surface;
      recheckOpenDocuments(doc.uri);
    }
    const choice = projects.contextOf(doc.key, doc.settings).runtime;
    const runtime = choice.profile;
    const input: ViewInput = { file: doc.key, model, doc: text, findings, index, completion: analysis, costCache, costContext: costContext() };
    const version = doc.modelledVersion;
    const costBudget = stopped ? null : budget(text.text.length);
    // Still this analysis's document: no newer text and no newer model (an edit starts its own analysis).
    const current = () => !disposed && docs.get(doc.uri) === doc && doc.version === version && doc.modelledVersion === version;
    // After the diagnostics are shown: an analysis that started early would otherwise estimate costs while its
    // diagnostics wait for the end of the debounce, and a slice running then delays them.
    quietTime.show(doc, () => estimateInSlices(input, [runtime, comparisonProfile(runtime)], costBudget, current, (estimated, costFailure) => {
      let methods: MethodView[] = [];
      if (costFailure instanceof AnalysisStopped) stopped = costFailure.reason;
      else if (costFailure !== undefined) log('error', `cost estimates of ${doc.uri} failed: ${costFailure instanceof Error ? costFailure.stack ?? costFailure.message : String(costFailure)}`);
      // The profile shown beside the selected one needs its numbers only, not its layout or its prose (the method
      // detail asks the engine for every profile in full): a smaller snapshot to copy.
      else methods = estimated.map((m) => ({ ...m, runtimeChoice: choice, costs: m.costs.map((c, i) => (i === 0 ? c : { ...c, fields: [], callees: [], notes: [], assumptions: [], awaitNotes: [], syncExplanation: '', suspendExplanation: '' })) }));
      const costed = now();
      if (stopped && !stoppedBeforeCosts) diagnostics.unshift(analysisStoppedDiagnostic(stopped));
      const snapshot: DocumentSnapshot = {
        uri: doc.uri,
        revision: version,
        textDigest: textDigest(doc.modelledSource ?? text),
        settingsKey: analysisSettingsKey(doc.settings),
        runtime,
        runtimeChoice: choice,
        diagnostics,
        methods,
        skipped,
        syntaxErrors: model.syntaxErrors.length,
        ...(doc.parseError ? { parseError: doc.parseError } : {}),
        timings: { parseAndModel: modelled - started, rules: checked - modelled, costs: costed - checked, total: costed - started, ...(options.modelBuiltBeforeAsked || builtEarly ? { modelBuiltBeforeAsked: true } : {}), ...(options.modelSentBeforeAsked ? { modelSentBeforeAsked: true } : {}), ...(analysedDuringDebounce ? { analysedDuringDebounce: true } : {}), ...(sinceEdit ? { sinceEdit } : {}) },
      };
      const shown: SentSnapshot = { head: `${snapshot.revision}|${snapshot.settingsKey}`, diagnostics, methods };
      quietTime.show(doc, () => {
        if (!isShown(doc, version) || !(options.force || snapshotChanged(doc.sent, shown))) return;
        doc.sent = shown;
        postSnapshot(doc, snapshot);
      });
    }));
  }

  /**
   * The cost views of a document's methods, handed to `done`. A file with few methods is estimated at once, before
   * this returns. A large one (a 3 MB file has ten thousand methods and takes seconds) is estimated a slice at a time,
   * giving the event loop a turn between slices: an edit that arrives meanwhile is taken in at once, and the
   * estimates of the text it replaced are abandoned (those already made stay in the cost cache for the next round).
   */
  function estimateInSlices(input: ViewInput, profiles: RuntimeProfile[], costBudget: FileBudget | null, current: () => boolean,
    done: (views: MethodView[], failure?: unknown) => void): void {
    const bodies = input.model.bodies.filter(isCostedBody);
    const views: MethodView[] = [];
    const estimate = (from: number, size: number): boolean => {
      try {
        views.push(...withinBudget(costBudget, () => methodViewsOf(input, profiles, bodies.slice(from, from + size))));
        return true;
      } catch (err) {
        done([], err);
        return false;
      }
    };
    if (bodies.length <= COST_AT_ONCE) {
      if (estimate(0, bodies.length)) done(views);
      return;
    }
    void (async () => {
      // The first slice is small: how long a method takes is not known yet (cold code takes several times longer).
      let size = 25;
      let from = 0;
      while (from < bodies.length) {
        if (from > 0) await yieldToEventLoop();
        if (!current()) return;
        const started = now();
        const count = Math.min(size, bodies.length - from);
        if (!estimate(from, count)) return;
        from += count;
        size = nextCostSlice(count, now() - started);
      }
      done(views);
    })().catch((err: unknown) => log('error', `cost estimates of ${input.file} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`));
  }

  function largeModeller(): LargeDocumentModeller | null {
    if (!modeller && host.largeDocumentScript) {
      try {
        modeller = startLargeDocumentModeller(host.largeDocumentScript, log, analyseEarly);
      } catch (err) {
        log('warn', `cannot start the large-document thread, large files are modelled on the engine thread: ${err instanceof Error ? err.message : String(err)}`);
        host.largeDocumentScript = undefined;
      }
    }
    return modeller?.available ? modeller : null;
  }

  /**
   * Whether results of `version` may still be posted for `doc`: it is open under that URI and has not changed since.
   * An analysis that started during the debounce (`analyseEarly`) posts through `quietTime`, after the debounce.
   */
  function isShown(doc: OpenDocument, version: number): boolean {
    return !disposed && docs.get(doc.uri) === doc && doc.version === version;
  }

  /** Results held until their edit's debounce has passed (quietTime.ts). */
  const quietTime = createQuietTime<OpenDocument>(now);

  /**
   * The large-document thread built and sent the model of `uri`'s current version during its debounce: the
   * analysis starts now instead of when the debounce ends, and its results are shown when it ends (or when ready,
   * if later). On the generated 10,000-line file the model arrives 110-160 ms after the keystroke, and the rules
   * take another 40-50 ms: started at arrival, they are mostly done when the 150 ms debounce ends.
   */
  function analyseEarly(uri: string, version: number): void {
    const doc = docs.get(uri);
    if (disposed || !doc || !doc.large || doc.version !== version || !doc.timer || isModelCurrent(doc)) return;
    try {
      analyse(doc);
    } catch (err) {
      log('error', `analysis of ${doc.uri} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }

  /** Asks the large-document thread for the current version's model and finishes the analysis when it arrives. */
  function requestLargeModel(doc: OpenDocument): void {
    if (doc.modelling === doc.version || !modeller) return;
    const version = doc.version;
    const text = doc.text;
    doc.modelling = version;
    doc.modelStarted = now();
    doc.preprocessorSymbols = projects.contextOf(doc.key, doc.settings).preprocessorSymbols;
    void modeller.model(doc.uri, version, doc.preprocessorSymbols).then((result) => {
      if (disposed || docs.get(doc.uri) !== doc) return;
      if (doc.modelling === version) doc.modelling = -1;
      if (!result) {
        // The thread is gone: model here from now on (a full parse, then incremental again).
        if (!modeller?.available) {
          doc.large = false;
          if (doc.version === version) schedule(doc, 0);
        }
        return;
      }
      // An edit arrived meanwhile: its own debounced analysis asks for the newer version.
      if (doc.version !== version) return;
      const modelled = positioned(text);
      if (result.textDigest !== textDigest(modelled)) {
        // The thread's copy drifted from this one: it gets the whole text again, and the model is asked anew.
        log('warn', `the large-document thread's copy of ${doc.uri} differs from the engine's (${result.textDigest} vs ${textDigest(modelled)}); sending it the whole text`);
        modeller?.open(doc.uri, version, text);
        schedule(doc, 0);
        return;
      }
      doc.model = result.model;
      doc.parseError = result.parseError;
      doc.modelled = modelled;
      doc.modelledVersion = version;
      indexFile(doc.key, result.model);
      doc.analysedAt = ++analysisCounter;
      try {
        analyse(doc, { force: true, modelBuiltBeforeAsked: result.builtBeforeAsked, modelSentBeforeAsked: result.sentBeforeAsked === true });
      } catch (err) {
        log('error', `analysis of ${doc.uri} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    });
  }

  /**
   * Re-checks the other open documents after a change that other files can see (ASY002's twins, ASY010's and
   * ASY012's cross-file verdicts), one document per turn of the event loop, abandoned when a newer change
   * starts another round.
   */
  function recheckOpenDocuments(exceptUri: string | null): void {
    const generation = ++recheckGeneration;
    const uris = [...docs.keys()].filter((uri) => uri !== exceptUri);
    void (async () => {
      for (const uri of uris) {
        await yieldToEventLoop();
        if (disposed || generation !== recheckGeneration) return;
        const doc = docs.get(uri);
        // A document with pending edits gets its own analysis soon; one never analysed is analysed now.
        if (!doc || doc.timer) continue;
        try {
          analyse(doc);
        } catch (err) {
          log('error', `re-check of ${doc.uri} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    })();
  }

  /**
   * The last snapshot posted per document and its views' id: the next snapshot's views cross as a difference from
   * them (lsp/snapshotTransfer.ts). Ids start from the time the engine started, so a restarted engine's never match a
   * list the protocol thread kept from the one before.
   */
  const postedSnapshots = new WeakMap<OpenDocument, { snapshot: DocumentSnapshot; id: number }>();
  let nextSnapshotId = Date.now() * 1000;

  function postSnapshot(doc: OpenDocument, snapshot: DocumentSnapshot, whole = false): void {
    const last = whole ? undefined : postedSnapshots.get(doc);
    const id = ++nextSnapshotId;
    const methods = methodsToSend(last ? { id: last.id, views: last.snapshot.methods } : null, snapshot.methods, id);
    postedSnapshots.set(doc, { snapshot, id });
    host.post({ kind: 'snapshot', snapshot: { ...snapshot, methods: [] }, methods });
  }

  /** Parses and models a document on this thread and indexes the model. */
  function modelOpenDocument(doc: OpenDocument): void {
    debounceModelling.timed(doc, () => {
      doc.preprocessorSymbols = projects.contextOf(doc.key, doc.settings).preprocessorSymbols;
      remodel(doc);
      indexFile(doc.key, doc.model!);
      doc.analysedAt = ++analysisCounter;
    });
  }

  /** Documents whose current model was built during the debounce (for the trace). */
  const modelledDuringDebounce = new WeakSet<OpenDocument>();

  /**
   * The documents this thread models itself are modelled during the edit's debounce, as the large-document thread
   * does for its own (debounceModel.ts): when the debounce ends only the rules and costs are left.
   */
  const debounceModelling = createDebounceModelling({
    // Still open, still waiting for its analysis, and not modelled since.
    wanted: (doc) => !disposed && !doc.large && docs.get(doc.uri) === doc && doc.timer !== null && !isModelCurrent(doc),
    model: (doc) => {
      modelOpenDocument(doc);
      modelledDuringDebounce.add(doc);
    },
    log: (message) => log('error', message),
  });

  function schedule(doc: OpenDocument, delay: number): void {
    if (doc.timer) clearTimeout(doc.timer);
    doc.timer = setTimeout(() => {
      doc.timer = null;
      if (disposed || docs.get(doc.uri) !== doc) return;
      try {
        analyse(doc);
      } catch (err) {
        log('error', `analysis of ${doc.uri} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }, delay);
  }

  /**
   * The model cache of a set of workspace folders, or null without one (no cache folder given, or no folders). A
   * pack that cannot be read is said once in the log; indexing then models every file and writes the pack afresh.
   */
  async function openIndexingCache(roots: string[]): Promise<FileModelCache | null> {
    if (!host.modelCache || roots.length === 0) return null;
    try {
      const { cache, problem } = await openModelCache({ directory: host.modelCache.directory, roots, fingerprint: host.modelCache.fingerprint(), user: 'server' });
      if (problem) log('warn', problem);
      return cache;
    } catch (err) {
      log('warn', `the model cache is not used: ${err instanceof Error ? err.message : String(err)}`);
      host.modelCache = undefined;
      return null;
    }
  }

  /** Puts a file that is not open into the index from disk, or takes it out when it is gone or too large. */
  function indexFromDisk(key: string): boolean {
    const source = sourceFromDisk(key);
    if (source === 'skip') return false;
    if (source === 'gone') {
      unindexFile(key);
      return true;
    }
    const { model, tree } = modelFile(source.text, null, undefined, { preprocessorSymbols: source.preprocessorSymbols, generatedCode: source.generatedCode, budget: budget(source.text.length) });
    tree?.delete();
    indexFile(key, model);
    return true;
  }

  /** A file that is not open, read for indexing: its text and symbols, 'gone' (unreadable, too large) or 'skip' (open). */
  function sourceFromDisk(key: string): SourceFile | 'gone' | 'skip' {
    diskTexts.delete(key);
    if (isOpen(key)) return 'skip';
    const file = fsPathOf(key);
    if (!file || !inWorkspace(file)) return 'skip';
    const read = readSource(file, globalSettings.indexing.maxFileSizeKb * 1024);
    if (!('text' in read)) return 'gone';
    projects.noteText(key, read.text);
    // A generated file is indexed but never checked: its plain bodies need not be parsed (SourceFile.generatedCode).
    const generatedCode = projects.generatedFileOf(key, read.text, globalSettings) !== null;
    return { path: key, text: read.text, preprocessorSymbols: projects.contextOf(key, globalSettings).preprocessorSymbols, ...(generatedCode ? { generatedCode } : {}) };
  }

  /**
   * Indexes files from disk in order, modelling them on worker threads (host/modelPool.ts) when there are enough to
   * pay for starting them, so indexing uses every core and this thread stays free for open documents. Returns how
   * many were done before `cancelled` said stop.
   */
  async function indexFilesFromDisk(keys: string[], cancelled: () => boolean, onFile: (done: number) => void,
    cache: FileModelCache | null = null, kept: ModelToKeep[] = []): Promise<number> {
    const threads = defaultThreads();
    const script = host.largeDocumentScript && keys.length >= 16 && threads > 1 ? host.largeDocumentScript : null;
    // Started by the first file the model cache does not hold: a session whose models all come from the cache starts
    // no thread (each loads the bundle and the parser, about half a second of a core).
    const started: { pool: ModelPool | null } = { pool: null };
    const poolFor = (bundle: string) => (started.pool ??= new ModelPool(bundle, threads, FILE_TIME_LIMIT_MS));
    // Read and hand out a window of files ahead of the one being indexed: enough to keep every worker busy.
    const window = 8 * threads;
    const ahead: (Promise<ModelledSource | 'gone' | 'skip'> | null)[] = new Array(keys.length).fill(null);
    const submit = (i: number) => {
      if (i >= keys.length || ahead[i]) return;
      let source: SourceFile | 'gone' | 'skip';
      try {
        source = sourceFromDisk(keys[i]);
      } catch (err) {
        log('warn', `could not index ${keys[i]}: ${err instanceof Error ? err.message : String(err)}`);
        source = 'skip';
      }
      if (typeof source === 'string') {
        ahead[i] = Promise.resolve(source);
        return;
      }
      const cached = cache?.lookup(source);
      ahead[i] = cached ? Promise.resolve({ ...source, model: cached }) : script ? poolFor(script).model(source) : Promise.resolve(modelHere(source, FILE_TIME_LIMIT_MS));
    };
    try {
      for (let i = 0; i < keys.length; i++) {
        if (cancelled()) return i;
        if (script) for (let k = i; k < Math.min(keys.length, i + window); k++) submit(k);
        else submit(i);
        const result = await ahead[i]!;
        ahead[i] = null;
        // An open document may have taken the file meanwhile: its own model wins.
        if (result === 'gone') unindexFile(keys[i]);
        else if (result !== 'skip' && !isOpen(keys[i])) indexFile(keys[i], result.model);
        // Kept without its text: the cache hashed it when it was looked up.
        if (cache && typeof result !== 'string') kept.push({ path: result.path, preprocessorSymbols: result.preprocessorSymbols, model: result.model, error: result.error });
        onFile(i + 1);
        // Yield after every file so open documents' analyses and requests go first.
        await yieldToEventLoop();
      }
      return keys.length;
    } finally {
      await started.pool?.close();
    }
  }

  async function indexWorkspace(): Promise<void> {
    const generation = ++indexGeneration;
    const cancelled = () => disposed || generation !== indexGeneration;
    const limit = globalSettings.indexing.maxFiles;
    const started = now();
    host.post({ kind: 'indexing', state: 'begin', done: 0, total: 0, message: 'finding C# files', files: index.files.size });
    // A session's first indexing walks the folders once the documents the editor opens at start-up have their first
    // diagnostics: the walk's thousands of directory reads and stats, and reading the model pack, would share the two
    // cores with that analysis (in a 2,288-file workspace it took 50-100 ms longer to its diagnostics).
    if (generation === 1) await startupDocumentsAnalysed();
    // The models an earlier session kept for these folders are read while the folders are walked.
    const cacheOpened = openIndexingCache([...folders]);
    const walk = await findSourceFiles(folders, { maxFiles: limit, isCancelled: cancelled });
    projects.addProjectFiles(walk.projects);
    // Files opened at start-up get their first diagnostics before the model threads take the cores (bounded).
    if (!cancelled()) await openDocumentsAnalysed(FIRST_ANALYSIS_WAIT_MS);
    if (cancelled()) {
      host.post({ kind: 'indexing', state: 'end', done: 0, total: 0, message: 'indexing cancelled', files: index.files.size });
      return;
    }
    const total = walk.files.length;
    let lastReport = 0;
    const keys = walk.files.map((f) => documentKey(pathToFileURL(f).href));
    const cache = await cacheOpened;
    const kept: ModelToKeep[] = [];
    const done = await indexFilesFromDisk(keys, cancelled, (n) => {
      if (now() - lastReport > 200) {
        lastReport = now();
        host.post({ kind: 'indexing', state: 'report', done: n, total, message: `${n} of ${total} files`, files: index.files.size });
      }
    }, cache, kept);
    if (done < total) {
      host.post({ kind: 'indexing', state: 'end', done, total, message: `indexing cancelled after ${done} of ${total} files`, files: index.files.size });
      recheckOpenDocuments(null);
      return;
    }
    // The completion verdicts of the whole workspace are part of being indexed: decided here, once, before the status
    // says ready (2,288 files take about 1.5 s on two cores), not by the first keystroke after it.
    try {
      completionNow();
    } catch (err) {
      log('error', `completion verdicts after indexing failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
    const seconds = ((now() - started) / 1000).toFixed(1);
    if (cache) {
      log('info', `indexing took ${cache.hits} of ${total} models from the model cache (${cache.file})`);
      // Written in the background (a line per file, yielding to edits and requests); only a complete index is kept,
      // so the next session's pack holds every file of this one.
      void cache.save(kept).then((problem) => {
        if (problem) log('warn', problem);
      });
    }
    const note = walk.truncated ? ` (stopped at asynclens.indexing.maxFiles = ${limit})` : '';
    if (walk.truncated) log('warn', `the workspace has more than ${limit} C# files; only the first ${limit} are indexed (asynclens.indexing.maxFiles)`);
    host.post({ kind: 'indexing', state: 'end', done: total, total, message: `indexed ${total} files in ${seconds} s${note}`, files: index.files.size });
    recheckOpenDocuments(null);
  }

  function onWatched(changes: { uri: string; type: FileChangeKind }[]): void {
    let sourcesChanged = false;
    let configChanged = false;
    let projectsChanged = false;
    for (const change of changes) {
      const key = documentKey(change.uri);
      const file = fsPathOf(key);
      if (!file) continue;
      if (path.basename(file) === '.editorconfig') {
        projects.editorConfigChanged();
        configChanged = true;
        continue;
      }
      if (projects.analyzerConfigChanged(file)) {
        configChanged = true;
        continue;
      }
      if (isProjectFile(file) && !isInSkippedFolder(file)) {
        if (change.type !== 'deleted' && /\.csproj$/i.test(file)) projects.addProjectFiles([file]);
        projectsChanged = true;
        continue;
      }
      if (kindOf(file) !== 'source' || isInSkippedFolder(file) || isOpen(key)) continue;
      if (change.type === 'deleted') {
        unindexFile(key);
        projects.forget(key);
        diskTexts.delete(key);
        sourcesChanged = true;
      } else if (index.files.has(key) || index.files.size < globalSettings.indexing.maxFiles) {
        sourcesChanged = indexFromDisk(key) || sourcesChanged;
      }
    }
    if (configChanged || projectsChanged) {
      // Severities may have changed for any open document: re-check them all, even when their findings' digests match.
      for (const doc of docs.values()) doc.sent = null;
    }
    if (projectsChanged) {
      // Targets, symbols and test projects may have changed: every file is modelled again with its new context.
      projects.projectsChanged();
      fileApiScopesChanged();
      projectsGeneration++;
      for (const doc of docs.values()) doc.modelledVersion = -1;
      if (folders.length) {
        void indexWorkspace();
        return;
      }
    }
    if (sourcesChanged || configChanged || projectsChanged) recheckOpenDocuments(null);
  }

  function onFolders(added: string[], removed: string[]): void {
    const removedPaths = removed.map((u) => fsPathOf(documentKey(u))).filter((p): p is string => !!p);
    folders = folders.filter((f) => !removedPaths.includes(f));
    for (const key of [...index.files.keys()]) {
      const file = fsPathOf(key);
      if (file && !isOpen(key) && removedPaths.some((r) => file.startsWith(r + path.sep))) unindexFile(key);
    }
    const addedPaths = added.map((u) => fsPathOf(documentKey(u))).filter((p): p is string => !!p);
    folders.push(...addedPaths);
    projects.setRoots(folders);
    fileApiScopesChanged();
    if (addedPaths.length) void indexWorkspace();
    else recheckOpenDocuments(null);
  }

  /** The model, text and findings of any file: an open document's latest, else the indexed file read from disk. */
  function fileFacts(key: string, uri?: string): { input: ViewInput; uri: string; settings: AsyncLensSettings } | null {
    const open = (uri !== undefined ? docs.get(uri) : undefined) ?? openOf(key)[0];
    if (open) {
      // A large document's newest model may still be on its way; its previous one answers meanwhile.
      if (!isModelCurrent(open) && !open.large) analyse(open);
      if (!open.model || !open.modelled) return null;
      const analysis = completionNow();
      return { input: { file: key, model: open.model!, doc: open.modelled!, findings: open.findings, index, completion: analysis, costCache, costContext: costContext() }, uri: open.uri, settings: open.settings };
    }
    // The index is asked first: a path it does not hold is never read (a report request may name any path).
    const model = index.files.get(key);
    if (!model) return null;
    const text = positionedFile(key);
    if (!text) return null;
    let findings: Finding[] = [];
    try {
      findings = findingsOf(key, text.doc.text, model, globalSettings);
    } catch {
      // Findings only annotate the report; a failing rule leaves them out.
    }
    const analysis = completionNow();
    return { input: { file: key, model, doc: text.doc, findings, index, completion: analysis, costCache, costContext: costContext() }, uri: text.uri, settings: globalSettings };
  }

  function methodViewAt(params: MethodDetailParams, setting: RuntimeSetting): MethodView | null {
    const key = documentKey(params.uri);
    const facts = fileFacts(key, params.uri);
    if (!facts) return null;
    const choice = projects.contextOf(key, { ...facts.settings, runtime: setting }).runtime;
    const profiles = [choice.profile, ...RUNTIME_PROFILES.filter((p) => p !== choice.profile)];
    const position = { line: params.line, character: params.character };
    const bodies = facts.input.model.bodies.filter(isCostedBody);
    // The method whose name is at the position, else the innermost one around it.
    const named = bodies.find((b) => {
      const start = positionOf(facts.input.doc, b.nameSpan.start);
      const end = positionOf(facts.input.doc, b.nameSpan.end);
      return rangeContains({ start, end }, position);
    });
    const around = bodies
      .filter((b) => rangeContains({ start: positionOf(facts.input.doc, b.span.start), end: positionOf(facts.input.doc, b.span.end) }, position))
      .sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start))[0];
    const body = named ?? around;
    return body ? { ...methodViewOf(facts.input, body, profiles), runtimeChoice: choice } : null;
  }

  async function costReport(params: CostReportParams): Promise<CostReport> {
    const keys = params.uri ? [documentKey(params.uri)] : [...new Set([...[...docs.values()].map((d) => d.key), ...index.files.keys()])].sort();
    const setting = params.uri ? ((docs.get(params.uri) ?? openOf(documentKey(params.uri))[0])?.settings.runtime ?? globalSettings.runtime) : globalSettings.runtime;
    const methods: CostReportMethod[] = [];
    const used = new Set<RuntimeProfile>();
    for (const key of keys) {
      const facts = fileFacts(key, params.uri);
      if (!facts) continue;
      // With "auto" each file is costed on its own project's runtime.
      const runtime = projects.contextOf(key, facts.settings).runtime.profile;
      used.add(runtime);
      for (const view of methodViewsOf(facts.input, [runtime])) {
        const cost = view.costs[0];
        methods.push({
          uri: facts.uri,
          line: view.nameRange.start.line,
          character: view.nameRange.start.character,
          name: view.name,
          containingType: view.containingType ?? '',
          returnKind: view.returnKind,
          stateMachineBytes: cost?.stateMachineBytes ?? 0,
          syncBytes: cost?.syncBytes ?? 0,
          syncBytesIfCached: cost?.syncBytesIfCached ?? cost?.syncBytes ?? 0,
          suspendBytes: cost?.suspendBytes ?? 0,
          awaits: view.awaits.length,
          maySuspend: view.maySuspend,
          likelySync: view.likelySync ?? false,
          reason: view.verdictReason ?? view.costError ?? '',
          findings: [...new Set(view.findings.map((f) => f.ruleId))].sort(),
          estimate: cost ? cost.estimate : (view.costError ?? true),
        });
      }
      if (!params.uri) await yieldToEventLoop();
    }
    methods.sort((a, b) => Math.max(b.suspendBytes, b.syncBytes) - Math.max(a.suspendBytes, a.syncBytes) || a.uri.localeCompare(b.uri) || a.line - b.line);
    const runtime = setting === 'auto' ? (used.size === 1 ? `auto (${[...used][0]})` : `auto (${[...used].sort().join(', ') || 'no files'})`) : setting;
    return { runtime, methods };
  }

  /**
   * Every fix of one rule at one safety in the workspace (open documents and indexed files), for "fix all ASYnnn in
   * the workspace". An ASY011 fix over a method with a blocking call that has an async twin is left out: dropping
   * `async` there would hide the call (the twin's fix comes first, codeActions.ts).
   */
  async function ruleFixes(params: { ruleId: string; safety: 'safe' | 'unsafe' }): Promise<RuleFixes> {
    const keys = [...new Set([...[...docs.values()].map((d) => d.key), ...index.files.keys()])].sort();
    const files: RuleFixes['files'] = [];
    for (const key of keys) {
      const facts = fileFacts(key);
      if (!facts) continue;
      const { findings, model, doc } = facts.input;
      const taken: { range: ReturnType<typeof lspEditOf>['range']; newText: string }[] = [];
      let count = 0;
      for (const f of findings) {
        if (f.ruleId !== params.ruleId || !f.fix || f.fix.safety !== params.safety || f.fix.edits.length === 0) continue;
        if (f.ruleId === 'ASY011') {
          const body = model.bodies.find((b) => b.id === f.bodyId);
          if (body && findings.some((g) => g.ruleId === 'ASY002' && g.fix && g.fix.edits.length > 0 && g.span.start >= body.span.start && g.span.end <= body.span.end)) continue;
        }
        const edits = f.fix.edits.map((e) => lspEditOf(doc, e));
        if (edits.some((e) => taken.some((t) => rangesOverlap(t.range, e.range)))) continue;
        taken.push(...edits);
        count++;
      }
      if (count) files.push({ uri: facts.uri, edits: taken, count });
      await yieldToEventLoop();
    }
    return { files };
  }

  async function answer(id: number, request: EngineRequest): Promise<void> {
    let result: EngineResult = null;
    try {
      if (request.method === 'costReport') result = await costReport(request.params);
      else if (request.method === 'methodViewAt') result = methodViewAt(request.params, request.runtime);
      else if (request.method === 'ruleFixes') result = await ruleFixes(request.params);
      host.post({ kind: 'response', id, result });
    } catch (err) {
      host.post({ kind: 'response', id, error: err instanceof Error ? err.message : String(err) });
    }
  }

  function handle(command: EngineCommand): void {
    switch (command.kind) {
      case 'init':
        globalSettings = command.settings;
        folders = command.folders.map((u) => fsPathOf(documentKey(u))).filter((p): p is string => !!p);
        projects.setRoots(folders);
        void indexWorkspace();
        return;
      case 'open': {
        const key = documentKey(command.uri);
        const previous = docs.get(command.uri);
        if (previous) {
          disposeDocument(previous);
          if (previous.large) modeller?.close(previous.uri);
        }
        const twin = openOf(key).find((d) => d.uri !== command.uri);
        if (twin) log('info', `${command.uri} and ${twin.uri} name the same file; each is analysed as its own document, and other files see the one edited last`);
        diskTexts.delete(key);
        const doc = openDocument(key, command.uri, command.version, command.text, command.settings);
        docs.set(command.uri, doc);
        awaitingFirstAnalysis.add(command.uri);
        for (const resolve of firstOpenWaiters.splice(0)) resolve();
        // A Razor component stays here: the large-document thread reads C# files as they are.
        const helper = command.text.length >= LARGE_DOCUMENT_CHARS && !isRazorComponent(key) ? largeModeller() : null;
        if (helper) {
          doc.large = true;
          helper.open(command.uri, command.version, command.text);
        }
        schedule(doc, 0);
        return;
      }
      case 'change': {
        const doc = docs.get(command.uri);
        if (!doc) return;
        applyChanges(doc, command.version, command.changes);
        doc.editedAt = now();
        if (doc.large) modeller?.change(doc.uri, command.version, command.changes);
        quietTime.edited(doc, doc.settings.analysisDelayMs);
        schedule(doc, doc.settings.analysisDelayMs);
        if (!doc.large) debounceModelling.edited(doc);
        return;
      }
      case 'close': {
        const doc = docs.get(command.uri);
        if (!doc) return;
        const key = doc.key;
        quietTime.forget(doc);
        disposeDocument(doc);
        docs.delete(command.uri);
        noteFirstAnalysis(command.uri);
        if (doc.large) modeller?.close(doc.uri);
        const other = openOf(key).find((d) => d.model);
        if (other?.model) {
          // The same file is still open under another URI: its text is what other files see now.
          indexFile(key, other.model);
        } else if (!isOpen(key)) {
          // The index goes back to what is on disk: the buffer may have been closed without saving.
          const file = fsPathOf(key);
          if (file && inWorkspace(file) && fs.existsSync(file) && !isInSkippedFolder(file)) indexFromDisk(key);
          else unindexFile(key);
        }
        recheckOpenDocuments(null);
        return;
      }
      case 'settings': {
        const indexingChanged = JSON.stringify(command.global.indexing) !== JSON.stringify(globalSettings.indexing)
          || JSON.stringify(command.global.project) !== JSON.stringify(globalSettings.project);
        globalSettings = command.global;
        for (const { uri, settings } of command.documents) {
          const doc = docs.get(uri);
          if (!doc) continue;
          const changed = analysisSettingsKey(settings) !== analysisSettingsKey(doc.settings);
          // The configuration and target decide the preprocessing symbols, so the document is modelled again.
          if (JSON.stringify(settings.project) !== JSON.stringify(doc.settings.project)) doc.modelledVersion = -1;
          doc.settings = settings;
          if (changed && !doc.timer) schedule(doc, 0);
        }
        if (indexingChanged && folders.length) void indexWorkspace();
        return;
      }
      case 'flush': {
        const doc = docs.get(command.uri);
        if (!doc) return;
        // Someone waits for this document's snapshot: analyse now rather than at the end of the debounce, and show
        // what an analysis that started early holds.
        quietTime.release(doc);
        if (doc.timer || !isModelCurrent(doc)) analyse(doc, { force: true });
        return;
      }
      case 'resendSnapshot': {
        const doc = docs.get(command.uri);
        const last = doc ? postedSnapshots.get(doc) : undefined;
        if (doc && last) postSnapshot(doc, last.snapshot, true);
        return;
      }
      case 'watched':
        onWatched(command.changes);
        return;
      case 'folders':
        onFolders(command.added, command.removed);
        return;
      case 'cancelIndexing':
        indexGeneration++;
        return;
      case 'request':
        void answer(command.id, command.request);
        return;
    }
  }

  return {
    handle(command: EngineCommand): void {
      if (disposed) return;
      try {
        handle(command);
      } catch (err) {
        // A bad message or an internal error must not end the engine: say what happened and carry on.
        log('error', `engine failed on '${command.kind}': ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
        if (command.kind === 'request') host.post({ kind: 'response', id: command.id, error: err instanceof Error ? err.message : String(err) });
      }
    },
    dispose(): void {
      disposed = true;
      quietTime.dispose();
      indexGeneration++;
      recheckGeneration++;
      for (const doc of docs.values()) disposeDocument(doc);
      docs.clear();
      void modeller?.dispose();
    },
  };
}

