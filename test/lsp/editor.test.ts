// What a C# developer sees of AsyncLens in the editor, checked over the protocol (issue 11): severities that match
// the rules' confidence, one cost annotation per method, Problems-panel messages, the hover's shape, results that
// survive a syntax error mid-edit, fix-all and "configure severity". Layout and typing in the real workbench are
// checked by the editor tests (test/e2e).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol/node';
import { fileUri, positionOf, repoRoot, startSession, type Session } from './session';

const workspace = path.join(repoRoot, 'test', 'fixtures', 'workspace');
const read = (rel: string) => fs.readFileSync(path.join(workspace, rel), 'utf8');
const catalogUri = fileUri(path.join(workspace, 'Catalog', 'HttpCatalogClient.cs'));
const catalogText = read('Catalog/HttpCatalogClient.cs');
const priceUri = fileUri(path.join(workspace, 'Pricing', 'PriceCache.cs'));
const priceText = read('Pricing/PriceCache.cs');

let session: Session;

before(async () => {
  // The default settings: what a new user gets.
  session = await startSession({ workspace, settings: {} });
  session.open(catalogUri, catalogText);
  session.open(priceUri, priceText);
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  await session.waitForDiagnostics(catalogUri, (d) => d.some((x) => x.code === 'ASY001') && d.some((x) => x.code === 'ASY010'));
  await session.waitForDiagnostics(priceUri, (d) => d.some((x) => x.code === 'ASY012'));
});

after(async () => {
  await session?.shutdown();
});

const markdown = (h: { contents: unknown } | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
const HINT = 4;
const WARNING = 2;

test('ASY010, ASY012 and ASY013 default to hint (faint dots), blocking rules and ASY011 stay warnings', async () => {
  const all: Diagnostic[] = [...session.diagnostics(catalogUri)!, ...session.diagnostics(priceUri)!];
  const severities = new Map<string, Set<number>>();
  for (const d of all) severities.set(String(d.code), new Set([...(severities.get(String(d.code)) ?? []), d.severity!]));
  for (const id of ['ASY010', 'ASY012', 'ASY013']) assert.deepEqual([...(severities.get(id) ?? [])], [HINT], `${id}: ${[...(severities.get(id) ?? [])]}`);
  for (const id of ['ASY001', 'ASY003']) assert.deepEqual([...(severities.get(id) ?? [])], [WARNING], id);
  const reportUri = fileUri(path.join(workspace, 'Reports', 'ReportBuilder.cs'));
  session.open(reportUri, read('Reports/ReportBuilder.cs'));
  const report = await session.waitForDiagnostics(reportUri, (d) => d.some((x) => x.code === 'ASY011'));
  assert.equal(report.find((d) => d.code === 'ASY011')!.severity, WARNING);
  session.close(reportUri);
});

test('a method-level finding covers only the method name', async () => {
  const methodLevel = [...session.diagnostics(catalogUri)!.map((d) => ({ d, text: catalogText })), ...session.diagnostics(priceUri)!.map((d) => ({ d, text: priceText }))]
    .filter(({ d }) => ['ASY010', 'ASY011', 'ASY012', 'ASY013'].includes(String(d.code)));
  assert.ok(methodLevel.length >= 4, `${methodLevel.length} method-level findings`);
  for (const { d, text } of methodLevel) {
    assert.equal(d.range.start.line, d.range.end.line, `${d.code} spans one line`);
    const line = text.split('\n')[d.range.start.line];
    const covered = line.slice(d.range.start.character, d.range.end.character);
    assert.match(covered, /^\w+$/, `${d.code} covers "${covered}", not just a name`);
    assert.match(line.slice(d.range.end.character), /^\s*(<[^>]*>)?\(/, `${d.code} covers "${covered}", which is not followed by a parameter list`);
  }
});
