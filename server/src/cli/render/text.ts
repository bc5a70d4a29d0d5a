/**
 * Human output of `asynclens check`: findings grouped by file, each with file:line:col, rule id, message,
 * the source line with the range underlined, the note and the fix; coloured when stdout is a terminal.
 */
import type { ProjectAnalysis } from '../../analysis/project';
import type { Finding, Severity } from '../../rules/types';
import type { FileProblem, LoadedSources } from '../files';
import { generatedFiles } from './summary';
import { lineText, positionAt } from '../../parse/lines';
import { lineIndexCache } from './location';

interface Palette {
  bold(s: string): string;
  dim(s: string): string;
  severity(sev: Severity, s: string): string;
  accent(s: string): string;
}

const plain: Palette = { bold: (s) => s, dim: (s) => s, severity: (_, s) => s, accent: (s) => s };
const ansi = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
const coloured: Palette = {
  bold: ansi('1'),
  dim: ansi('2'),
  severity: (sev, s) => (sev === 'error' ? ansi('31;1') : sev === 'warning' ? ansi('33;1') : ansi('36'))(s),
  accent: ansi('35'),
};

export function renderText(analysis: ProjectAnalysis, problems: FileProblem[], colour: boolean, elapsedMs: number, loaded?: LoadedSources): string {
  const c = colour ? coloured : plain;
  const linesOf = lineIndexCache();
  const out: string[] = [];
  for (const file of analysis.files) {
    if (file.findings.length === 0) continue;
    if (colour) out.push(c.bold(c.accent(file.testCode ? `${file.path} (test code)` : file.path)));
    const lines = linesOf(file.path, file.text);
    for (const f of file.findings) out.push(...renderFinding(f, file.text, lines, c, colour, !!file.testCode));
    out.push('');
  }
  for (const p of [...problems, ...generatedFiles(analysis)]) out.push(`${c.dim('skipped')} ${p.file}: ${p.reason}`);
  const unevaluated = loaded ? loaded.host.projects().reduce((n, p) => n + p.notes.filter((x) => x.kind === 'condition').length, 0) : 0;
  if (unevaluated) out.push(`${c.dim('note')} ${unevaluated} MSBuild condition${unevaluated === 1 ? '' : 's'} could not be evaluated ('asynclens projects' lists them)`);
  for (const file of analysis.files) {
    if (file.parseError) out.push(`${c.dim('skipped')} ${file.path}: ${file.parseError}`);
    for (const s of file.model.skipped) {
      const pos = positionAt(linesOf(file.path, file.text), s.span.start);
      out.push(`${c.dim('not analyzed')} ${file.path}:${pos.line + 1}: ${s.name}: ${s.reason}`);
    }
  }
  out.push(summaryLine(analysis, problems, elapsedMs));
  return out.join('\n') + '\n';
}

function renderFinding(f: Finding, text: string, lines: ReturnType<ReturnType<typeof lineIndexCache>>, c: Palette, grouped: boolean, testCode: boolean): string[] {
  const start = positionAt(lines, f.span.start);
  const end = positionAt(lines, f.span.end);
  const where = `${f.file}:${start.line + 1}:${start.column + 1}`;
  const out = [`${grouped ? '  ' : ''}${c.bold(where)}: ${c.severity(f.severity, `${f.ruleId} ${f.severity}`)} ${f.message} ${c.dim(`[${f.ruleName}]${testCode ? ' (test code)' : ''}`)}`];
  const source = lineText(text, lines, start.line);
  const gutter = `${start.line + 1}`;
  const width = Math.max(1, (end.line === start.line ? end.column : source.length) - start.column);
  out.push(`  ${c.dim(`${gutter} |`)} ${source.replace(/\t/g, ' ')}`);
  out.push(`  ${' '.repeat(gutter.length)} ${c.dim('|')} ${' '.repeat(start.column)}${c.severity(f.severity, '^'.repeat(width))}`);
  if (f.note) out.push(`  ${c.dim('note:')} ${f.note}`);
  if (f.fix) out.push(`  ${c.dim(f.fix.safety === 'safe' ? 'fix:' : f.fix.safety === 'unsafe' ? 'fix (unsafe):' : 'help:')} ${f.fix.title}`);
  return out;
}

function summaryLine(analysis: ProjectAnalysis, problems: FileProblem[], elapsedMs: number): string {
  const all = analysis.files.flatMap((f) => f.findings);
  const count = (s: Severity) => all.filter((f) => f.severity === s).length;
  const suppressed = analysis.files.reduce((n, f) => n + f.suppressed.length, 0);
  const test = analysis.files.filter((f) => f.testCode).reduce((n, f) => n + f.findings.length, 0);
  const parts = [`${all.length} finding${all.length === 1 ? '' : 's'} (${count('error')} errors, ${count('warning')} warnings, ${count('information') + count('hint')} info; ${all.length - test} in production code, ${test} in test code)`,
    `in ${analysis.files.length} file${analysis.files.length === 1 ? '' : 's'}`];
  if (suppressed) {
    const peers = analysis.files.reduce((n, f) => n + f.suppressed.filter((s) => s.by.includes('an equivalent of') || s.by.includes('bare #pragma')).length, 0);
    parts.push(`${suppressed} suppressed${peers ? ` (${peers} by the peers' suppressions)` : ''}`);
  }
  if (problems.length) parts.push(`${problems.length} skipped`);
  return `${parts.join(', ')} [${(elapsedMs / 1000).toFixed(2)} s]`;
}
