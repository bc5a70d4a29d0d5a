/**
 * `asynclens cost [paths...]`: what every async method costs per call, as a table, JSON or CSV, or one method's
 * state machine field by field with `--explain file:line`.
 */
import { createIndex, updateFile, analyseCompletion, type ModelledSource, type SourceFile } from '../analysis/project';
import { isAnalysedAsyncBody, type FileModel } from '../model/types';
import { lineIndexOf, positionAt } from '../parse/lines';
import { estimateFile, estimateMethod, isRuntimeProfile, RUNTIME_PROFILES, type BuildConfiguration, type MethodCost } from '../cost';
import type { WorkspaceIndex } from '../workspace/index';
import type { CompletionAnalysis } from '../workspace/completion';
import { parseArgs, stringFlag } from './args';
import { loadSources, DEFAULT_MAX_FILE_BYTES, type FileProblem } from './files';
import { RUNTIME_SETTINGS, type RuntimeSetting } from '../config/settings';
import type { RuntimeChoice } from '../project/runtime';
import { projectFlag } from './check';
import { EXIT_OK, UsageError, type CliIO } from './io';
import { startProgress } from './progress';
import { ensureParser, installProjectSignatures } from './parser';
import { provideFileApiScopes } from '../signatures/provider';
import { fileApiScope } from '../signatures/scope';
import { TOOL_VERSION } from './version';
import { fileTimeLimit, fileTimeLimitMs, threadCount } from './budget';
import { modelSources } from './modelPool';
import { cliModelCache } from './modelCache';
import { AnalysisStopped, DEFAULT_FILE_BUDGET_MS, withinBudget, type FileBudget } from '../model/budget';

export const COST_HELP = `usage: asynclens cost [paths...] [options]

Estimates the heap bytes one call of each async method allocates on x64 (Release, Tier 1), when it completes
synchronously and when it suspends, from the source alone (folders are walked; bin/ and obj/ are skipped, .gitignore
applies outside project folders).

options:
  --format table|json|csv   output format (default table)
  --runtime PROFILE         auto (each file's project's target framework, the default), ${RUNTIME_PROFILES.join(', ')}
  --target-framework TFM    the target of multi-targeting projects to analyse (default: the highest)
  --build release|debug     compiler configuration (default release)
  --sort bytes|name|file    order of the rows (default file: by file and line)
  --explain FILE:LINE       the state machine of the method on that line, field by field, for every profile
  --max-file-size KIB       skip files larger than this (default ${DEFAULT_MAX_FILE_BYTES / 1024})
  --file-time-limit SECONDS stop analysing a file that takes longer than this, and say so (default ${DEFAULT_FILE_BUDGET_MS / 1000})
  --threads N|auto          threads that parse and model files (default auto: every core, one on two cores or fewer)
  --no-cache                model every file afresh (by default the models of unchanged files are reused from the
                            last run on the same folders, as check does)

Numbers marked ~ are estimates (derived, assumed or not measured on that runtime); * marks a computed Task<T> result
that allocates nothing when its value is one the runtime caches.`;

interface Workspace {
  sources: SourceFile[];
  runtimeOf(file: string): RuntimeChoice;
  models: Map<string, FileModel>;
  index: WorkspaceIndex;
  completion: CompletionAnalysis;
  /** A budget per file and phase (model, estimates); files that ran past it are listed in `stopped`. */
  budget: () => FileBudget;
  stopped: FileProblem[];
}

export async function runCost(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ['format', 'runtime', 'build', 'sort', 'explain', 'max-file-size', 'target-framework', 'file-time-limit', 'threads'], ['help', 'no-color', 'no-cache']);
  if (args.flags.has('help')) {
    io.out(COST_HELP + '\n');
    return EXIT_OK;
  }
  const format = stringFlag(args, 'format', 'table', ['table', 'json', 'csv']);
  const runtime = stringFlag(args, 'runtime', 'auto', RUNTIME_SETTINGS) as RuntimeSetting;
  if (runtime !== 'auto' && !isRuntimeProfile(runtime)) throw new UsageError(`--runtime must be one of ${RUNTIME_SETTINGS.join(', ')}`);
  const targetFramework = projectFlag(args.flags.get('target-framework'), '', /^[A-Za-z][A-Za-z0-9.-]*$/, '--target-framework needs a target framework moniker like net8.0') || null;
  const build = stringFlag(args, 'build', 'release', ['release', 'debug']) as BuildConfiguration;
  const sort = stringFlag(args, 'sort', 'file', ['bytes', 'name', 'file']);
  const explain = args.flags.has('explain') ? parseLocation(String(args.flags.get('explain'))) : null;
  const maxKib = Number(stringFlag(args, 'max-file-size', String(DEFAULT_MAX_FILE_BYTES / 1024)));
  if (!Number.isFinite(maxKib) || maxKib <= 0) throw new UsageError('--max-file-size must be a positive number of KiB');
  const budget = fileTimeLimit(args);
  const threads = threadCount(args);

  const progress = startProgress(io);
  try {
    await ensureParser();
    const loaded = loadSources(args.positionals, io, {
      maxFileBytes: maxKib * 1024, onProgress: (n) => progress.update(`found ${n} C# files`), runtime, targetFramework, configuration: build === 'debug' ? 'Debug' : 'Release',
    });
    const { sources, problems } = loaded;
    // Each file's target framework and global usings decide which API signatures its names resolve to.
    provideFileApiScopes((file) => {
      const context = loaded.contexts.get(file);
      return context ? fileApiScope(context.targetFramework, context.project, context.packages, context.references, context.compiledBy) : null;
    });
    installProjectSignatures(loaded.contexts, io);
    progress.update(`modelling ${sources.length} C# files`);
    const runtimeOf = (file: string): RuntimeChoice => loaded.contexts.get(file)!.runtime;
    const cache = await cliModelCache(io, args.positionals, args.flags.has('no-cache'));
    const modelled = await modelSources(sources, { workerScript: io.workerScript ?? null, threads, budgetMs: fileTimeLimitMs(args), cache });
    const cacheProblem = await cache?.save(modelled);
    if (cacheProblem) io.err(`asynclens: ${cacheProblem}\n`);
    const workspace = modelWorkspace(modelled, runtimeOf, budget);
    progress.done();
    if (explain) {
      io.out(renderExplain(workspace, explain, build, format === 'json'));
      return EXIT_OK;
    }
    const rows = costRows(workspace, build);
    sortRows(rows, sort);
    const skipped = skippedMethods(workspace);
    const skippedFiles = [...problems, ...workspace.stopped];
    if (format === 'json') io.out(renderJson(rows, runtime, build, skippedFiles, skipped));
    else if (format === 'csv') io.out(renderCsv(rows));
    else io.out(renderTable(rows, runtime, build, skippedFiles, skipped));
    return EXIT_OK;
  } finally {
    progress.done();
  }
}

function parseLocation(value: string): { file: string; line: number } {
  const m = /^(.+):(\d+)$/.exec(value.trim());
  if (!m || Number(m[2]) < 1) throw new UsageError(`--explain needs FILE:LINE with a line number from 1 (got ${value})`);
  return { file: m[1].split('\\').join('/').replace(/^\.\//, ''), line: Number(m[2]) };
}

function modelWorkspace(modelled: readonly ModelledSource[], runtimeOf: (file: string) => RuntimeChoice, budget: () => FileBudget): Workspace {
  const index = createIndex();
  const models = new Map<string, FileModel>();
  const stopped: FileProblem[] = [];
  for (const { model, error, ...s } of modelled) {
    if (error) stopped.push({ file: s.path, reason: error });
    models.set(s.path, model);
    updateFile(index, s.path, model);
  }
  return { sources: modelled.map(({ model: _model, error: _error, ...s }) => s), runtimeOf, models, index, completion: analyseCompletion(index), budget, stopped };
}

// ---- rows ----

/** Async methods the model lists as not analysed (FileModel.skipped), as `check` lists them: no numbers, a reason. */
interface SkippedMethod {
  file: string;
  name: string;
  line: number;
  reason: string;
}

function skippedMethods(ws: Workspace): SkippedMethod[] {
  const out: SkippedMethod[] = [];
  for (const source of ws.sources) {
    const model = ws.models.get(source.path)!;
    if (model.skipped.length === 0) continue;
    const lines = lineIndexOf(source.text);
    for (const s of model.skipped) out.push({ file: source.path, name: s.name, line: positionAt(lines, s.span.start).line + 1, reason: s.reason });
  }
  return out;
}

interface CostRow {
  cost: MethodCost;
  choice: RuntimeChoice;
  file: string;
  line: number;
  returnType: string;
}

function costRows(ws: Workspace, build: BuildConfiguration): CostRow[] {
  const rows: CostRow[] = [];
  for (const source of ws.sources) {
    const model = ws.models.get(source.path)!;
    const choice = ws.runtimeOf(source.path);
    const runtime = choice.profile;
    const lines = lineIndexOf(source.text);
    const bodies = new Map(model.bodies.map((b) => [b.id, b]));
    let costs: MethodCost[];
    try {
      costs = withinBudget(ws.budget(), () => estimateFile({ file: source.path, model, index: ws.index, completion: ws.completion }, { runtime, build }));
    } catch (err) {
      if (!(err instanceof AnalysisStopped)) throw err;
      ws.stopped.push({ file: source.path, reason: err.reason });
      continue;
    }
    for (const cost of costs) {
      const body = bodies.get(cost.bodyId)!;
      rows.push({ cost, choice, file: source.path, line: positionAt(lines, cost.nameSpan.start).line + 1, returnType: returnTypeOf(body.returnTypeText, cost) });
    }
  }
  return rows;
}

function returnTypeOf(text: string | null, cost: MethodCost): string {
  if (text) return text;
  if (cost.kind === 'topLevel') return 'Task';
  // A lambda whose delegate type is not visible: the model takes it to return a Task.
  if (cost.returnKind === 'Unknown') return cost.resultType ? 'Task<?> (assumed)' : 'Task (assumed)';
  return cost.resultType ? `${cost.returnKind}<${cost.resultType}>` : cost.returnKind;
}

function sortRows(rows: CostRow[], sort: string): void {
  const byFile = (a: CostRow, b: CostRow) => a.file.localeCompare(b.file) || a.line - b.line;
  if (sort === 'name') rows.sort((a, b) => a.cost.qualifiedName.localeCompare(b.cost.qualifiedName) || byFile(a, b));
  else if (sort === 'bytes') rows.sort((a, b) => worst(b.cost) - worst(a.cost) || byFile(a, b));
  else rows.sort(byFile);
}

/** The larger of the two paths' bytes, for sorting the costliest first. */
function worst(c: MethodCost): number {
  return Math.max(c.syncBytes ?? 0, c.suspendBytes ?? 0);
}

// ---- table ----

function bytes(n: number | null, estimate: boolean, computed = false): string {
  if (n === null) return '-';
  return `${estimate ? '~' : ''}${n}${computed ? '*' : ''}`;
}

/** Bytes of the closures and delegates a method creates per call (its lambdas', local functions' and method groups'). */
function createdBytes(c: MethodCost): string {
  return c.allocations.length ? String(c.allocations.reduce((sum, a) => sum + a.bytes, 0)) : '-';
}

function rowCells(r: CostRow): string[] {
  const c = r.cost;
  return [
    `${r.file}:${r.line}`,
    c.qualifiedName,
    r.returnType,
    bytes(c.stateMachineBytes, c.estimate),
    bytes(c.syncBytes, c.estimate, c.syncBytesIfCached !== null),
    bytes(c.suspendBytes, c.estimate),
    createdBytes(c),
    c.awaitCount === 0 ? '0' : `${c.awaitCount} (${c.maySuspend} may suspend)`,
    c.likelySync ? 'yes' : 'no',
  ];
}

/** One row per instantiation of a generic method the workspace uses, under the method's own row. */
function instantiationCells(r: CostRow, perRow: boolean): string[][] {
  const g = r.cost.generic;
  if (!g) return [];
  return g.instantiations.map((i) => {
    const args = g.typeParameters.map((p) => i.typeArguments[p]).join(', ');
    const returns = r.returnType.replace(/\b\w+\b/g, (w) => i.typeArguments[w] ?? w);
    return [`${r.file}:${r.line}`, `  ${r.cost.qualifiedName}<${args}>`, returns, bytes(i.stateMachineBytes, false), bytes(i.syncBytes, false, i.syncBytesIfCached !== null), bytes(i.suspendBytes, false), '', '', '', ...(perRow ? [''] : [])];
  });
}

function renderTable(rows: CostRow[], runtime: RuntimeSetting, build: BuildConfiguration, problems: FileProblem[], skipped: SkippedMethod[]): string {
  const profiles = [...new Set(rows.map((r) => r.cost.runtime))];
  // With several runtimes in play (auto, projects with different targets), each row says its own.
  const perRow = runtime === 'auto' && profiles.length !== 1;
  const header = ['location', 'method', 'returns', 'state machine B', 'sync B', 'suspend B', 'creates B', 'awaits', 'likely sync', ...(perRow ? ['runtime'] : [])];
  const cells = rows.flatMap((r) => [[...rowCells(r), ...(perRow ? [`${r.cost.runtime}${r.choice.approximate ? '~' : ''}`] : [])], ...instantiationCells(r, perRow)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const numeric = new Set([3, 4, 5, 6]);
  const line = (r: string[]) => r.map((v, i) => (numeric.has(i) ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
  out.push('');
  const on = perRow ? 'on each row\'s runtime' : `on ${profiles[0] ?? (runtime === 'auto' ? 'each project\'s runtime' : runtime)}`;
  out.push(`${rows.length} async method${rows.length === 1 ? '' : 's'}; bytes per call ${on} (${build}, x64). state machine: the struct (or class, or continuation) size; sync: when every await completes at once; suspend: when one suspends (paid once per call).`);
  // Which target chose which runtime, once per distinct reason.
  const reasons = new Map<string, number>();
  for (const r of rows) reasons.set(`${r.choice.profile}: ${r.choice.reason}`, (reasons.get(`${r.choice.profile}: ${r.choice.reason}`) ?? 0) + 1);
  if (runtime === 'auto') for (const [reason, n] of [...reasons].sort()) out.push(`runtime ${reason} (${n} method${n === 1 ? '' : 's'})`);
  if (rows.some((r) => r.cost.syncBytesIfCached !== null)) out.push('* a computed Task<T> result: 0 B when its value is one the runtime caches (--explain says which).');
  if (rows.some((r) => r.cost.allocations.length)) out.push('creates: the closures and delegates the method makes per call for its lambdas, local functions and method groups, on both paths (not in sync/suspend).');
  if (rows.some((r) => r.cost.generic?.instantiations.length)) out.push('Method<T...> rows: a generic method for each type argument its call sites use (T sized as a reference in its own row).');
  if (rows.some((r) => r.cost.estimate)) out.push('~ an estimate: derived rather than measured on this runtime, or resting on an assumption (--explain lists it).');
  for (const p of problems) out.push(`skipped ${p.file}: ${p.reason}`);
  for (const m of skipped) out.push(`skipped ${m.file}:${m.line} ${m.name}: ${m.reason}`);
  return out.join('\n') + '\n';
}

// ---- JSON and CSV ----

function jsonRow(r: CostRow) {
  const c = r.cost;
  return {
    file: r.file,
    line: r.line,
    name: c.qualifiedName,
    kind: c.kind,
    returnKind: c.returnKind,
    returnType: r.returnType,
    runtime: c.runtime,
    targetFramework: r.choice.targetFramework,
    runtimeReason: r.choice.reason,
    runtimeApproximate: r.choice.approximate,
    build: c.build,
    machinery: c.machinery,
    stateMachineKind: c.layout.kind,
    stateMachineBytes: c.stateMachineBytes,
    syncBytes: c.syncBytes,
    syncBytesIfCached: c.syncBytesIfCached,
    cachedValues: c.cachedValues,
    suspendBytes: c.suspendBytes,
    calleeBytes: c.callees.length ? { syncBytes: c.withCallees.syncBytes, suspendBytes: c.withCallees.suspendBytes, callees: c.callees.map((x) => ({ what: x.what, syncBytes: x.syncBytes, suspendBytes: x.suspendBytes })) } : null,
    // What the method allocates for its lambdas, local functions and method groups; totalBytes adds them and the callees.
    creates: c.allocations.map((a) => ({ kind: a.kind, what: a.what, bytes: a.bytes, heapBytes: a.heapBytes, stackAllocated: a.stackAllocated })),
    creation: c.creation,
    totalBytes: { syncBytes: c.withCallees.syncBytes, suspendBytes: c.withCallees.suspendBytes },
    generic: c.generic ? { typeParameters: c.generic.typeParameters, typeArguments: c.generic.typeArguments, instantiations: c.generic.instantiations, bySize: c.generic.bySize } : null,
    awaits: c.awaitCount,
    maySuspend: c.maySuspend,
    likelySync: c.likelySync,
    likelySyncReason: c.likelySyncReason,
    estimate: c.estimate,
    estimateReasons: c.estimateReasons,
    assumptions: c.assumptions,
    fields: c.layout.fields.map((f) => ({ name: f.name, role: f.role, type: f.typeText, offset: f.offset, size: f.size, holds: f.holds, ...(f.assumption ? { assumption: f.assumption } : {}) })),
  };
}

function renderJson(rows: CostRow[], runtime: RuntimeSetting, build: BuildConfiguration, problems: FileProblem[], skipped: SkippedMethod[]): string {
  return JSON.stringify({ version: 2, tool: { name: 'asynclens', version: TOOL_VERSION }, runtime, build, methods: rows.map(jsonRow), skippedFiles: problems, skippedMethods: skipped }, null, 2) + '\n';
}

const CSV_COLUMNS = ['file', 'line', 'name', 'returnType', 'runtime', 'stateMachineBytes', 'syncBytes', 'syncBytesIfCached', 'suspendBytes', 'awaits', 'maySuspend', 'likelySync', 'estimate'] as const;

function renderCsv(rows: CostRow[]): string {
  const quote = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const j = jsonRow(r) as Record<string, unknown>;
    lines.push(CSV_COLUMNS.map((k) => quote(j[k])).join(','));
  }
  return lines.join('\n') + '\n';
}

// ---- explain ----

function renderExplain(ws: Workspace, at: { file: string; line: number }, build: BuildConfiguration, json: boolean): string {
  const source = ws.sources.find((s) => s.path === at.file) ?? ws.sources.find((s) => s.path.endsWith(`/${at.file}`) || at.file.endsWith(`/${s.path}`));
  if (!source) throw new UsageError(`--explain: ${at.file} is not among the files analysed`);
  const model = ws.models.get(source.path)!;
  const lines = lineIndexOf(source.text);
  const lineOf = (offset: number) => positionAt(lines, offset).line + 1;
  const candidates = model.bodies.filter((b) => b.isAsync && lineOf(b.span.start) <= at.line && at.line <= lineOf(b.span.end));
  candidates.sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start));
  const body = candidates[0];
  const skipped = model.skipped.find((s) => lineOf(s.span.start) === at.line);
  if (skipped && (!body || !isAnalysedAsyncBody(body))) throw new UsageError(`--explain: ${skipped.name} at ${source.path}:${at.line} is not analysed: ${skipped.reason}`);
  if (!body) throw new UsageError(`--explain: no async method at ${source.path}:${at.line}`);
  if (!isAnalysedAsyncBody(body)) throw new UsageError(`--explain: ${body.name} at ${source.path}:${at.line} is not analysed: its body has syntax errors`);
  const ctx = { file: source.path, model, index: ws.index, completion: ws.completion };
  const profiles = RUNTIME_PROFILES.map((runtime) => estimateMethod(body, ctx, { runtime, build }));
  const choice = ws.runtimeOf(source.path);
  const main = profiles.find((p) => p.runtime === choice.profile)!;
  if (json) return JSON.stringify({ file: source.path, line: lineOf(body.nameSpan.start), runtime: { profile: choice.profile, targetFramework: choice.targetFramework, reason: choice.reason, approximate: choice.approximate }, method: main, profiles: profiles.map((p) => ({ runtime: p.runtime, syncBytes: p.syncBytes, syncBytesIfCached: p.syncBytesIfCached, suspendBytes: p.suspendBytes, stateMachineBytes: p.stateMachineBytes, estimate: p.estimate })) }, null, 2) + '\n';

  const out: string[] = [];
  out.push(`${source.path}:${lineOf(body.nameSpan.start)}  ${main.qualifiedName}  (async ${body.returnTypeText ?? main.returnKind}, ${build} build)`);
  out.push(`runtime: ${choice.profile}${choice.approximate ? ' (an estimate)' : ''}, because ${choice.reason}`);
  out.push('');
  out.push(`state machine on ${main.runtime}: a ${main.machinery === 'runtime-async' ? 'continuation' : main.layout.kind}, ${main.stateMachineBytes} B${main.layout.kind === 'class' ? ' per instance' : ''}`);
  out.push(fieldTable(main));
  out.push('');
  out.push(`synchronous completion: ${main.syncExplanation}`);
  if (main.cachedValues && main.syncBytesIfCached !== null) out.push(`  cached results: ${main.cachedValues}`);
  out.push(`suspension: ${main.suspendExplanation}`);
  for (const c of main.callees) out.push(`  awaited operation: ${c.what}: ${c.syncBytes ?? '-'} B if it completes, ${c.suspendBytes ?? '-'} B if it suspends`);
  if (main.creation) out.push(`creating it: ${main.creation.explanation}`);
  for (const a of main.allocations) out.push(`  creates: ${a.what}: ${a.bytes} B`);
  if (main.generic) {
    const g = main.generic;
    const args = (t: Record<string, string>) => g.typeParameters.map((p) => `${p} = ${t[p]}`).join(', ');
    out.push(`generic over ${g.typeParameters.join(', ')}: one state machine per instantiation (this one sizes ${g.typeParameters.join(', ')} as a reference)`);
    for (const i of g.instantiations) out.push(`  used with ${args(i.typeArguments)}: state machine ${i.stateMachineBytes} B, sync ${i.syncBytes ?? '-'}${i.syncBytesIfCached !== null ? '*' : ''} B, suspend ${i.suspendBytes ?? '-'} B`);
    for (const i of g.bySize) out.push(`  for ${i.label}: state machine ${i.stateMachineBytes} B, sync ${i.syncBytes ?? '-'}${i.syncBytesIfCached !== null ? '*' : ''} B, suspend ${i.suspendBytes ?? '-'} B`);
  }
  out.push(`likely synchronous: ${main.likelySync ? 'yes' : 'no'}, ${main.likelySyncReason}`);
  if (main.awaits.length) {
    out.push('');
    out.push('awaits:');
    for (const a of main.awaits) out.push(`  line ${lineOf(a.span.start)}: ${a.explanation}`);
  }
  out.push('');
  out.push('bytes per call by runtime profile:');
  const rows = profiles.map((p) => [p.runtime, p.machinery === 'runtime-async' ? 'continuation' : p.layout.kind, bytes(p.stateMachineBytes, p.estimate), bytes(p.syncBytes, p.estimate, p.syncBytesIfCached !== null), bytes(p.suspendBytes, p.estimate)]);
  const header = ['profile', 'machinery', 'state machine B', 'sync B', 'suspend B'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => '  ' + r.map((v, i) => (i >= 2 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  out.push(fmt(header), ...rows.map(fmt));
  const reasons = [...new Set(profiles.flatMap((p) => p.estimateReasons))];
  if (reasons.length) out.push('', 'estimates:', ...reasons.map((r) => `  ~ ${r}`));
  if (main.assumptions.length) out.push('', 'assumptions:', ...main.assumptions.map((a) => `  - ${a}`));
  const notes = [...new Set(profiles.flatMap((p) => p.notes))];
  if (notes.length) out.push('', 'notes:', ...notes.map((n) => `  - ${n}`));
  return out.join('\n') + '\n';
}

function fieldTable(cost: MethodCost): string {
  const header = ['offset', 'size', 'field', 'type', 'holds'];
  const rows = cost.layout.fields.map((f) => [String(f.offset), String(f.size), f.name, f.typeText, f.holds + (f.assumption ? ` (assumed: ${f.assumption})` : '')]);
  const widths = header.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => '  ' + r.map((v, i) => (i < 2 ? v.padStart(widths[i]) : i < 4 ? v.padEnd(widths[i]) : v)).join('  ').trimEnd();
  return [fmt(header), ...rows.map(fmt)].join('\n');
}
