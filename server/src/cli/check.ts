/** `asynclens check [paths...]`: analyse C# files and report findings as text, JSON or SARIF. */
import path from 'node:path';
import { analyseProject, type RuleSelection } from '../analysis/project';
import { RULES, ruleById } from '../rules/registry';
import type { SeveritySetting } from '../rules/types';
import { severitiesFor } from '../config/editorconfig';
import { parseArgs, stringFlag } from './args';
import { editorConfigsFor, loadSources, DEFAULT_MAX_FILE_BYTES } from './files';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIO } from './io';
import { renderText } from './render/text';
import { renderJson } from './render/json';
import { renderSarif } from './render/sarif';
import { startProgress } from './progress';
import { ensureParser } from './parser';

export const CHECK_HELP = `usage: asynclens check [paths...] [options]

Analyses C# files (folders are walked; .gitignore, bin/ and obj/ are respected).

options:
  --format text|json|sarif   output format (default text)
  --enable all|ID[,ID...]    run only these rules (default: every rule on by default)
  --disable ID[,ID...]       do not run these rules
  --runtime PROFILE          runtime profile for byte counts in notes (net8, net9, net10, net11-runtime-async)
  --max-file-size KIB        skip files larger than this (default ${DEFAULT_MAX_FILE_BYTES / 1024})
  --no-editorconfig          ignore dotnet_diagnostic.ASYnnn.severity in .editorconfig files
  --no-color                 plain text even on a terminal

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

export async function runCheck(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ['format', 'enable', 'disable', 'runtime', 'max-file-size'], ['no-color', 'no-editorconfig', 'help']);
  if (args.flags.has('help')) {
    io.out(CHECK_HELP + '\n');
    return EXIT_OK;
  }
  const format = stringFlag(args, 'format', 'text', ['text', 'json', 'sarif']);
  stringFlag(args, 'runtime', 'net10', ['net6', 'net7', 'net8', 'net9', 'net10', 'net11-runtime-async']);
  const maxKib = Number(stringFlag(args, 'max-file-size', String(DEFAULT_MAX_FILE_BYTES / 1024)));
  if (!Number.isFinite(maxKib) || maxKib <= 0) throw new UsageError('--max-file-size must be a positive number of KiB');
  const selection: RuleSelection = {
    enabled: args.flags.has('enable') ? parseRuleList(String(args.flags.get('enable')), '--enable') : null,
    disabled: args.flags.has('disable') ? parseRuleList(String(args.flags.get('disable')), '--disable') : new Set(),
  };
  const started = Date.now();
  const progress = startProgress(io);
  try {
    await ensureParser();
    const { sources, problems } = loadSources(args.positionals, io, { maxFileBytes: maxKib * 1024, onProgress: (n) => progress.update(`found ${n} C# files`) });
    progress.update(`analysing ${sources.length} C# files`);
    const configCache = new Map<string, string | null>();
    const useEditorConfig = !args.flags.has('no-editorconfig');
    const severitiesOf = (file: string): Map<string, SeveritySetting> => {
      if (!useEditorConfig) return new Map();
      const abs = path.resolve(io.cwd, file);
      return severitiesFor(abs.split(path.sep).join('/'), editorConfigsFor(abs, configCache));
    };
    const analysis = analyseProject(sources, selection, severitiesOf, (m) => progress.update(m));
    progress.done();
    const rules = RULES.filter((r) => (selection.enabled ? selection.enabled.has(r.meta.id) : true) && !selection.disabled.has(r.meta.id));
    const colour = io.isTTY && !args.flags.has('no-color') && !io.env.NO_COLOR;
    if (format === 'json') io.out(renderJson(analysis, problems));
    else if (format === 'sarif') io.out(renderSarif(analysis, rules, problems));
    else io.out(renderText(analysis, problems, colour, Date.now() - started));
    const errors = analysis.files.some((f) => f.findings.some((x) => x.severity === 'error'));
    return errors ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    progress.done();
  }
}
