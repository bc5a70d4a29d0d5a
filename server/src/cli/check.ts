/** `asynclens check [paths...]`: analyse C# files and report findings as text, JSON or SARIF. */
import { analyseModelled, type RuleSelection } from '../analysis/project';
import { RULES, ruleById } from '../rules/registry';
import type { SeveritySetting } from '../rules/types';
import { RUNTIME_SETTINGS, SEVERITY_SETTINGS, type RuntimeSetting } from '../config/settings';
import { parseArgs, stringFlag } from './args';
import { loadSources, DEFAULT_MAX_FILE_BYTES } from './files';
import { fileContexts } from './fileContext';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIO } from './io';
import { textChunks } from './render/text';
import { jsonReportChunks } from './render/json';
import { sarifChunks } from './render/sarif';
import { writeChunks } from './render/stream';
import { startProgress } from './progress';
import { ensureParser, installProjectSignatures } from './parser';
import { fileTimeLimit, fileTimeLimitMs, threadCount } from './budget';
import { modelSources } from './modelPool';
import { cliModelCache } from './modelCache';
import { DEFAULT_FILE_BUDGET_MS } from '../model/budget';
import { provideFileApiScopes } from '../signatures/provider';
import { fileApiScope } from '../signatures/scope';
import { LIBRARY_CODE_SETTINGS, type LibraryCodeSetting } from '../project/libraryCode';

export const CHECK_HELP = `usage: asynclens check [paths...] [options]

Analyses C# files (folders are walked; bin/ and obj/ are skipped, .gitignore applies outside project folders; a
.csproj, .sln or .slnx stands for the files its projects own). Each file is read with its project's target and symbols.

options:
  --format text|json|sarif     output format (default text)
  --enable all|ID[,ID...]      run only these rules (default: every rule on by default)
  --disable ID[,ID...]         do not run these rules
  --runtime PROFILE            auto (each project's target, the default), ${RUNTIME_SETTINGS.slice(1).join(', ')}
  --target-framework TFM       the target of multi-targeting projects to analyse (default: the highest)
  --configuration NAME         build configuration for #if symbols (default Release)
  --test-code-severity LEVEL   most severe a blocking finding in test code (benchmarks, build scripts, samples and tools of the tests included) may be: ${SEVERITY_SETTINGS.join(', ')} (default information)
  --library-code auto|all|none which code is library code for ASY027 and ASY030 (default auto: class libraries published as packages)
  --no-peer-suppressions       ignore what silences the peers' equivalent rules (#pragma, SuppressMessage, NoWarn, .editorconfig, .globalconfig)
  --max-file-size KIB          skip files larger than this (default ${DEFAULT_MAX_FILE_BYTES / 1024})
  --file-time-limit SECONDS    stop analysing a file that takes longer than this, and say so (default ${DEFAULT_FILE_BUDGET_MS / 1000})
  --threads N|auto             threads that parse and model files (default auto: every core, one on two cores or fewer)
  --no-editorconfig            ignore .editorconfig and global analyzer config (.globalconfig) files
  --no-cache                   model every file afresh (by default the models of unchanged files are reused from the
                               last run on the same folders, kept in the user's cache folder; ASYNCLENS_CACHE_DIR moves it)
  --no-color                   plain text even on a terminal

exit codes: 0 no error-severity findings, 1 some, 2 usage or I/O error`;

export function parseRuleList(value: string, flag: string): Set<string> {
  const ids = new Set<string>();
  for (const part of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (part.toLowerCase() === 'all') {
      for (const r of RULES) ids.add(r.meta.id);
      continue;
    }
    const rule = ruleById(part);
    if (!rule) throw new UsageError(`${flag}: unknown rule ${part} (known: ${RULES.map((r) => r.meta.id).join(', ')})`);
    ids.add(rule.meta.id);
  }
  return ids;
}

/** A free-form flag checked against a pattern: a bad value is a usage error, not a silent default. */
export function projectFlag(value: string | true | undefined, fallback: string, pattern: RegExp, message: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !pattern.test(value.trim())) throw new UsageError(message);
  return value.trim();
}

export async function runCheck(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ['format', 'enable', 'disable', 'runtime', 'max-file-size', 'target-framework', 'configuration', 'test-code-severity', 'file-time-limit', 'threads', 'library-code'],
    ['no-color', 'no-editorconfig', 'no-peer-suppressions', 'no-cache', 'help']);
  if (args.flags.has('help')) {
    io.out(CHECK_HELP + '\n');
    return EXIT_OK;
  }
  const format = stringFlag(args, 'format', 'text', ['text', 'json', 'sarif']);
  const runtime = stringFlag(args, 'runtime', 'auto', RUNTIME_SETTINGS) as RuntimeSetting;
  const testCodeMaxSeverity = stringFlag(args, 'test-code-severity', 'information', SEVERITY_SETTINGS) as SeveritySetting;
  const libraryCode = stringFlag(args, 'library-code', 'auto', LIBRARY_CODE_SETTINGS) as LibraryCodeSetting;
  const configuration = projectFlag(args.flags.get('configuration'), 'Release', /^[A-Za-z][\w .-]*$/, '--configuration needs a configuration name like Release or Debug');
  const targetFramework = projectFlag(args.flags.get('target-framework'), '', /^[A-Za-z][A-Za-z0-9.-]*$/, '--target-framework needs a target framework moniker like net8.0') || null;
  const maxKib = Number(stringFlag(args, 'max-file-size', String(DEFAULT_MAX_FILE_BYTES / 1024)));
  if (!Number.isFinite(maxKib) || maxKib <= 0) throw new UsageError('--max-file-size must be a positive number of KiB');
  const budget = fileTimeLimit(args);
  const threads = threadCount(args);
  const selection: RuleSelection = {
    enabled: args.flags.has('enable') ? parseRuleList(String(args.flags.get('enable')), '--enable') : null,
    disabled: args.flags.has('disable') ? parseRuleList(String(args.flags.get('disable')), '--disable') : new Set(),
  };
  const started = Date.now();
  const progress = startProgress(io);
  try {
    await ensureParser();
    const loaded = loadSources(args.positionals, io, { maxFileBytes: maxKib * 1024, onProgress: (n) => progress.update(`found ${n} C# files`), runtime, configuration, targetFramework });
    const { sources, problems } = loaded;
    // Each file's target framework and global usings decide which API signatures its names resolve to.
    provideFileApiScopes((file) => {
      const context = loaded.contexts.get(file);
      return context ? fileApiScope(context.targetFramework, context.project, context.packages, context.references, context.compiledBy) : null;
    });
    installProjectSignatures(loaded.contexts, io);
    progress.update(`analysing ${sources.length} C# files`);
    const contexts = fileContexts(loaded, { useEditorConfig: !args.flags.has('no-editorconfig'), peerSuppressions: !args.flags.has('no-peer-suppressions'), testCodeMaxSeverity, libraryCode });
    const cache = await cliModelCache(io, args.positionals, args.flags.has('no-cache'));
    // A generated file is indexed but never checked: its plain bodies need not be parsed (SourceFile.generatedCode).
    const marked = sources.map((s) => (contexts.generatedFileOf(s.path, s.text) ? { ...s, generatedCode: true } : s));
    const modelled = await modelSources(marked, {
      workerScript: io.workerScript ?? null, threads, budgetMs: fileTimeLimitMs(args), cache,
      onProgress: (done, total) => (done % 50 === 0 ? progress.update(`parsed ${done} of ${total} files${cache?.hits ? ` (${cache.hits} unchanged, from the cache)` : ''}`) : undefined),
    });
    if (cache?.hits) progress.update(`${cache.hits} of ${sources.length} files unchanged since the last run: their models come from the cache`);
    const cacheProblem = await cache?.save(modelled);
    if (cacheProblem) io.err(`asynclens: ${cacheProblem}\n`);
    const analysis = analyseModelled(modelled, selection, contexts.severitiesOf, (m) => progress.update(m), contexts.contextOf, budget);
    progress.done();
    const rules = RULES.filter((r) => (selection.enabled ? selection.enabled.has(r.meta.id) : true) && !selection.disabled.has(r.meta.id));
    const colour = io.isTTY && !args.flags.has('no-color') && !io.env.NO_COLOR;
    // Written as a stream: a report is never one string, and a reader that stops early stops the writing.
    if (format === 'json') await writeChunks(io, jsonReportChunks(analysis, problems, loaded, io.cwd));
    else if (format === 'sarif') await writeChunks(io, sarifChunks(analysis, rules, problems));
    else await writeChunks(io, textChunks(analysis, problems, colour, Date.now() - started, loaded));
    const errors = analysis.files.some((f) => f.findings.some((x) => x.severity === 'error'));
    return errors ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    progress.done();
  }
}
