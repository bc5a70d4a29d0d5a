/** The `--format json` report: a stable, documented shape (README, "JSON output"). */
import path from 'node:path';
import type { ProjectAnalysis } from '../../analysis/project';
import type { Finding } from '../../rules/types';
import type { FileProblem, LoadedSources } from '../files';
import { lineIndexCache, regionOf } from './location';
import { TOOL_VERSION } from '../version';
import { generatedFiles, projectSummaries } from './summary';
import { jsonChunks, StreamedArray } from './stream';

/** The JSON report as one string (tests, small outputs); `jsonReportChunks` is what the CLI writes. */
export function renderJson(analysis: ProjectAnalysis, problems: FileProblem[], loaded?: LoadedSources, cwd?: string): string {
  return [...jsonReportChunks(analysis, problems, loaded, cwd)].join('');
}

/** The JSON report in chunks: findings are converted and written one at a time. */
export function* jsonReportChunks(analysis: ProjectAnalysis, problems: FileProblem[], loaded?: LoadedSources, cwd?: string): Generator<string> {
  const linesOf = lineIndexCache();
  const textOf = new Map(analysis.files.map((f) => [f.path, f.text]));
  const testOf = new Map(analysis.files.map((f) => [f.path, f.testCode ?? null]));
  const projectOf = (file: string) => {
    const project = loaded?.contexts.get(file)?.project;
    return project ? relative(project.path, cwd) : null;
  };
  const findingOf = (finding: Finding) => {
    const text = textOf.get(finding.file) ?? '';
    const lines = linesOf(finding.file, text);
    return {
      ruleId: finding.ruleId,
      ruleName: finding.ruleName,
      severity: finding.severity,
      file: finding.file,
      ...regionOf(lines, finding.span),
      message: finding.message,
      note: finding.note ?? null,
      testCode: testOf.get(finding.file) !== null,
      project: projectOf(finding.file),
      fix: finding.fix
        ? { title: finding.fix.title, safety: finding.fix.safety, edits: finding.fix.edits.map((e) => ({ ...regionOf(lines, { start: e.start, end: e.end }), newText: e.newText })) }
        : null,
      related: (finding.related ?? []).map((r) => ({ file: r.file, ...regionOf(linesOf(r.file, textOf.get(r.file) ?? ''), r.span), message: r.message })),
    };
  };
  function* findings() {
    for (const file of analysis.files) for (const finding of file.findings) yield findingOf(finding);
  }
  const suppressed = analysis.files.flatMap((f) => f.suppressed.map((s) => ({
    ruleId: s.finding.ruleId,
    file: f.path,
    ...regionOf(linesOf(f.path, f.text), s.finding.span),
    message: s.finding.message,
    by: s.by,
    testCode: f.testCode !== null && f.testCode !== undefined,
  })));
  const skippedMethods = analysis.files.flatMap((f) => f.model.skipped.map((s) => ({ file: f.path, name: s.name, line: regionOf(linesOf(f.path, f.text), s.span).line, reason: s.reason })));
  const total = analysis.files.reduce((n, f) => n + f.findings.length, 0);
  const test = analysis.files.reduce((n, f) => n + (f.testCode !== null && f.testCode !== undefined ? f.findings.length : 0), 0);
  yield* jsonChunks({
    version: 2,
    tool: { name: 'asynclens', version: TOOL_VERSION },
    filesAnalyzed: analysis.files.length,
    counts: { findings: total, production: total - test, test, suppressed: suppressed.length },
    findings: new StreamedArray(findings()),
    suppressed,
    skippedFiles: [...problems, ...generatedFiles(analysis), ...analysis.files.filter((f) => f.parseError).map((f) => ({ file: f.path, reason: f.parseError! }))],
    skippedMethods,
    projects: loaded ? projectSummaries(loaded, cwd) : [],
  });
  yield '\n';
}

function relative(file: string, cwd?: string): string {
  if (!cwd) return file;
  const rel = path.relative(cwd, file);
  return (rel && !rel.startsWith('..') ? rel : file).split(path.sep).join('/');
}
