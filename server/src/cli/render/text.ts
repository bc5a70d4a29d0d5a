/**
 * Human output of `asynclens check`: findings grouped by file, each with file:line:col, rule id, message,
 * the source line with the range underlined, the note and the fix; coloured when stdout is a terminal.
 */
import type { ProjectAnalysis } from '../../analysis/project';
import type { Finding, Severity } from '../../rules/types';
import type { FileProblem, LoadedSources } from '../files';
import { generatedFiles } from './summary';
import { positionAt } from '../../parse/lines';
import { lineIndexCache } from './location';
import { terminalSafe, terminalSafeAligned } from './stream';

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

/** The text report as a whole string (tests, small outputs); `textChunks` is what the CLI writes. */
export function renderText(analysis: ProjectAnalysis, problems: FileProblem[], colour: boolean, elapsedMs: number, loaded?: LoadedSources): string {
  return [...textChunks(analysis, problems, colour, elapsedMs, loaded)].join('');
}

/**
 * The text report, one line at a time. Everything that comes from the files (names, source lines, messages
 * quoting code, reasons) goes through terminalSafe: a file name or a string literal with an escape sequence
 * or a carriage return must not rewrite the terminal.
 */
export function* textChunks(analysis: ProjectAnalysis, problems: FileProblem[], colour: boolean, elapsedMs: number, loaded?: LoadedSources): Generator<string> {
  const c = colour ? coloured : plain;
  const linesOf = lineIndexCache();
  const safe = terminalSafe;
  for (const file of analysis.files) {
    if (file.findings.length === 0) continue;
    if (colour) yield `${c.bold(c.accent(safe(file.testCode ? `${file.path} (test code)` : file.path)))}\n`;
    const lines = linesOf(file.path, file.text);
    for (const f of file.findings) yield renderFinding(f, file.text, lines, c, colour, !!file.testCode).map((l) => `${l}\n`).join('');
    yield '\n';
  }
  for (const p of [...problems, ...generatedFiles(analysis)]) yield `${c.dim('skipped')} ${safe(p.file)}: ${safe(p.reason)}\n`;
  const unevaluated = loaded ? loaded.host.projects().reduce((n, p) => n + p.notes.filter((x) => x.kind === 'condition').length, 0) : 0;
  if (unevaluated) yield `${c.dim('note')} ${unevaluated} MSBuild condition${unevaluated === 1 ? '' : 's'} could not be evaluated ('asynclens projects' lists them)\n`;
  for (const file of analysis.files) {
    if (file.parseError) yield `${c.dim('skipped')} ${safe(file.path)}: ${safe(file.parseError)}\n`;
    for (const s of file.model.skipped) {
      const pos = positionAt(linesOf(file.path, file.text), s.span.start);
      yield `${c.dim('not analyzed')} ${safe(file.path)}:${pos.line + 1}: ${safe(s.name)}: ${safe(s.reason)}\n`;
    }
  }
  yield `${summaryLine(analysis, problems, elapsedMs)}\n`;
}

/** How much of a source line is shown above its caret: long lines (minified or generated code) show a window. */
const SOURCE_WINDOW = 160;
const CONTEXT_BEFORE = 40;

/**
 * The part of a source line to show around a finding, read from the text without slicing the whole line (a
 * 91 KB line with 4,000 findings would otherwise be copied 4,000 times), with where the caret goes in it.
 */
export function sourceExcerpt(text: string, lineStart: number, lineEnd: number, startColumn: number, endColumn: number): { shown: string; caretColumn: number; caretWidth: number } {
  const length = lineEnd - lineStart;
  const from = length <= SOURCE_WINDOW ? 0 : Math.max(0, Math.min(startColumn - CONTEXT_BEFORE, length - SOURCE_WINDOW));
  const to = Math.min(length, from + SOURCE_WINDOW);
  const before = from > 0 ? '…' : '';
  const after = to < length ? '…' : '';
  const shown = `${before}${terminalSafeAligned(text.slice(lineStart + from, lineStart + to).replace(/\t/g, ' '))}${after}`;
  const caretColumn = before.length + Math.max(0, Math.min(startColumn, to) - from);
  const caretWidth = Math.max(1, Math.min(endColumn, to) - Math.max(startColumn, from));
  return { shown, caretColumn, caretWidth };
}

function renderFinding(f: Finding, text: string, lines: ReturnType<ReturnType<typeof lineIndexCache>>, c: Palette, grouped: boolean, testCode: boolean): string[] {
  const safe = terminalSafe;
  const start = positionAt(lines, f.span.start);
  const end = positionAt(lines, f.span.end);
  const where = `${safe(f.file)}:${start.line + 1}:${start.column + 1}`;
  const out = [`${grouped ? '  ' : ''}${c.bold(where)}: ${c.severity(f.severity, `${f.ruleId} ${f.severity}`)} ${safe(f.message)} ${c.dim(`[${f.ruleName}]${testCode ? ' (test code)' : ''}`)}`];
  const lineStart = lines.lineStarts[start.line];
  const next = start.line + 1 < lines.lineStarts.length ? lines.lineStarts[start.line + 1] : text.length;
  let lineEnd = next;
  while (lineEnd > lineStart && (text.charCodeAt(lineEnd - 1) === 10 || text.charCodeAt(lineEnd - 1) === 13)) lineEnd--;
  const endColumn = end.line === start.line ? end.column : lineEnd - lineStart;
  const excerpt = sourceExcerpt(text, lineStart, lineEnd, start.column, endColumn);
  const gutter = `${start.line + 1}`;
  out.push(`  ${c.dim(`${gutter} |`)} ${excerpt.shown}`);
  out.push(`  ${' '.repeat(gutter.length)} ${c.dim('|')} ${' '.repeat(excerpt.caretColumn)}${c.severity(f.severity, '^'.repeat(excerpt.caretWidth))}`);
  if (f.note) out.push(`  ${c.dim('note:')} ${safe(f.note)}`);
  // Related locations in the same file with their line (ASY024 says where a ValueTask was first consumed so);
  // those in other files by name, whose text this renderer does not hold.
  for (const r of f.related ?? []) {
    const at = r.file === f.file ? (() => { const p = positionAt(lines, r.span.start); return `line ${p.line + 1}:${p.column + 1}`; })() : safe(r.file);
    out.push(`  ${c.dim('related:')} ${at}: ${safe(r.message)}`);
  }
  if (f.fix) out.push(`  ${c.dim(f.fix.safety === 'safe' ? 'fix:' : f.fix.safety === 'unsafe' ? 'fix (unsafe):' : 'help:')} ${safe(f.fix.title)}`);
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
