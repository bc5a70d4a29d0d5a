/**
 * SARIF 2.1.0 output for code scanning: every rule in tool.driver.rules with its peers' ids as
 * properties.equivalents, results with 1-based regions in UTF-16 columns, and fixes as replacements.
 */
import type { ProjectAnalysis } from '../../analysis/project';
import type { Finding, Rule, Severity } from '../../rules/types';
import type { FileProblem } from '../files';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lineIndexCache, regionOf } from './location';
import { jsonChunks, StreamedArray } from './stream';
import { TOOL_VERSION } from '../version';
import { ruleDocsUrl, INFORMATION_URI } from '../../rules/docsUrl';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

function driverRule(rule: Rule) {
  const m = rule.meta;
  return {
    id: m.id,
    name: m.name,
    shortDescription: { text: m.summary },
    fullDescription: { text: m.summary },
    help: { text: m.docs, markdown: m.docs },
    helpUri: ruleDocsUrl(m.id),
    defaultConfiguration: { level: m.defaultSeverity === 'off' ? 'none' : LEVEL[m.defaultSeverity], enabled: m.defaultSeverity !== 'off' },
    properties: { category: m.category, equivalents: m.equivalents, fix: m.fix, tags: [m.category, 'async'] },
  };
}

/**
 * A file's artifact location. A relative path is a relative URI reference under %SRCROOT%, each segment
 * percent-encoded (`#` and `?` in a file name would otherwise start a fragment or a query); an absolute path
 * (a file outside the working directory) is a file: URI of its own.
 */
export function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  if (path.isAbsolute(file) || /^[A-Za-z]:[\\/]/.test(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split(/[\\/]/).map((segment) => encodeURIComponent(segment)).join('/'), uriBaseId: '%SRCROOT%' };
}

/** The SARIF log as one string (tests, small outputs); `sarifChunks` is what the CLI writes. */
export function renderSarif(analysis: ProjectAnalysis, rules: readonly Rule[], problems: FileProblem[]): string {
  return [...sarifChunks(analysis, rules, problems)].join('');
}

/** The SARIF log in chunks: results are converted and written one at a time. */
export function* sarifChunks(analysis: ProjectAnalysis, rules: readonly Rule[], problems: FileProblem[]): Generator<string> {
  const linesOf = lineIndexCache();
  const textOf = new Map(analysis.files.map((f) => [f.path, f.text]));
  const ruleIndex = new Map(rules.map((r, i) => [r.meta.id, i]));
  const artifact = artifactLocation;
  const region = (file: string, span: { start: number; end: number }) => {
    const r = regionOf(linesOf(file, textOf.get(file) ?? ''), span);
    return { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn };
  };
  const result = (f: Finding) => ({
    ruleId: f.ruleId,
    ruleIndex: ruleIndex.get(f.ruleId) ?? -1,
    level: LEVEL[f.severity],
    message: { text: f.note ? `${f.message} ${f.note}` : f.message },
    locations: [{ physicalLocation: { artifactLocation: artifact(f.file), region: region(f.file, f.span) } }],
    ...(f.related?.length ? {
      relatedLocations: f.related.map((r, i) => ({ id: i + 1, message: { text: r.message }, physicalLocation: { artifactLocation: artifact(r.file), region: region(r.file, r.span) } })),
    } : {}),
    ...(f.fix && f.fix.edits.length ? {
      fixes: [{
        description: { text: `${f.fix.title}${f.fix.safety === 'unsafe' ? ' (unsafe: may change behaviour)' : ''}` },
        artifactChanges: [{
          artifactLocation: artifact(f.file),
          replacements: f.fix.edits.map((e) => ({ deletedRegion: region(f.file, e), insertedContent: { text: e.newText } })),
        }],
      }],
    } : {}),
    properties: { ruleName: f.ruleName, ...(f.fix ? { fixSafety: f.fix.safety } : {}) },
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'AsyncLens', semanticVersion: TOOL_VERSION, version: TOOL_VERSION, informationUri: INFORMATION_URI, rules: rules.map(driverRule) } },
      columnKind: 'utf16CodeUnits',
      results: new StreamedArray((function* () {
        for (const file of analysis.files) for (const finding of file.findings) yield result(finding);
      })()),
      invocations: [{
        executionSuccessful: true,
        toolExecutionNotifications: problems.map((p) => ({ level: 'warning', message: { text: `${p.file}: ${p.reason}` }, locations: [{ physicalLocation: { artifactLocation: artifact(p.file) } }] })),
      }],
    }],
  };
  yield* jsonChunks(log);
  yield '\n';
}
