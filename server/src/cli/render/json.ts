/** The `--format json` report: a stable, documented shape (README, "JSON output"). */
import type { ProjectAnalysis } from '../../analysis/project';
import type { Finding } from '../../rules/types';
import type { FileProblem } from '../files';
import { lineIndexCache, regionOf } from './location';
import { TOOL_VERSION } from '../version';

export function renderJson(analysis: ProjectAnalysis, problems: FileProblem[]): string {
  const linesOf = lineIndexCache();
  const textOf = new Map(analysis.files.map((f) => [f.path, f.text]));
  const findings = analysis.files.flatMap((f) => f.findings).map((finding: Finding) => {
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
      fix: finding.fix
        ? { title: finding.fix.title, safety: finding.fix.safety, edits: finding.fix.edits.map((e) => ({ ...regionOf(lines, { start: e.start, end: e.end }), newText: e.newText })) }
        : null,
      related: (finding.related ?? []).map((r) => ({ file: r.file, ...regionOf(linesOf(r.file, textOf.get(r.file) ?? ''), r.span), message: r.message })),
    };
  });
  const skippedMethods = analysis.files.flatMap((f) => f.model.skipped.map((s) => ({ file: f.path, name: s.name, line: regionOf(linesOf(f.path, f.text), s.span).line, reason: s.reason })));
  return JSON.stringify({
    version: 1,
    tool: { name: 'asynclens', version: TOOL_VERSION },
    filesAnalyzed: analysis.files.length,
    findings,
    suppressed: analysis.files.reduce((n, f) => n + f.suppressed.length, 0),
    skippedFiles: problems,
    skippedMethods,
  }, null, 2) + '\n';
}
