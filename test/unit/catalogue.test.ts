// The rule catalogue: ids and names, docs with their headings, the peers' equivalent ids, each rule's
// Example giving exactly one finding and its Use instead none, and the README's generated rules table.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, repoRoot } from './support';
import { RULES } from '../../server/src/rules/registry';
import { analyseProject } from '../../server/src/analysis/project';
import { rulesTableMarkdown } from '../../server/src/rules/catalogue';

before(ready);

/** The first wave and its peers, as product.md's rule table lists them, with xUnit1031 (xUnit's blocking-wait-in-a-test check) found on real code. */
const FIRST_WAVE: Record<string, { name: string; equivalents: string[] }> = {
  ASY001: { name: 'blocking-wait-in-async', equivalents: ['VSTHRD103', 'CA1849', 'MA0042', 'AsyncFixer02', 'S4462', 'EPC35', 'xUnit1031'] },
  ASY002: { name: 'sync-api-in-async', equivalents: ['VSTHRD103', 'CA1849', 'MA0042', 'S6966', 'AsyncFixer02', 'EPC33'] },
  ASY003: { name: 'sync-over-async', equivalents: ['VSTHRD002', 'MA0045', 'S4462', 'xUnit1031'] },
  ASY004: { name: 'blocking-lock-in-async', equivalents: [] },
  ASY010: { name: 'likely-synchronous-completion', equivalents: [] },
  ASY011: { name: 'async-without-await', equivalents: ['IDE0390', 'CS1998'] },
  ASY012: { name: 'valuetask-candidate', equivalents: [] },
  ASY013: { name: 'unnecessary-async', equivalents: ['AsyncFixer01', 'MA0215', 'RCS1174'] },
};

const HEADINGS = ['What it does', 'Why is this bad?', 'Example', 'Use instead', 'Fix safety', 'Limitations'];

test('every first-wave rule exists with its name and the peers product.md lists', () => {
  for (const [id, want] of Object.entries(FIRST_WAVE)) {
    const rule = RULES.find((r) => r.meta.id === id);
    assert.ok(rule, `${id} is registered`);
    assert.equal(rule!.meta.name, want.name);
    assert.deepEqual([...rule!.meta.equivalents].sort(), [...want.equivalents].sort(), `${id} equivalents`);
  }
});

test('ids are unique, sorted and well-formed; names are kebab-case; metadata is complete', () => {
  const ids = RULES.map((r) => r.meta.id);
  assert.deepEqual(ids, [...new Set(ids)].sort());
  for (const { meta } of RULES) {
    assert.match(meta.id, /^ASY\d{3}$/);
    assert.match(meta.name, /^[a-z]+(-[a-z]+)*$/);
    assert.ok(['blocking', 'completion', 'allocation', 'correctness', 'style'].includes(meta.category));
    assert.ok(['error', 'warning', 'information', 'hint', 'off'].includes(meta.defaultSeverity));
    assert.ok(['none', 'safe', 'unsafe', 'display-only'].includes(meta.fix));
    assert.ok(meta.summary.length > 10 && !meta.summary.includes('\n'));
  }
});

function sections(docs: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of docs.split(/^## /m).slice(1)) {
    const nl = part.indexOf('\n');
    out.set(part.slice(0, nl).trim(), part.slice(nl + 1));
  }
  return out;
}

function csharpBlock(section: string | undefined): string {
  const m = /```(?:csharp|cs)\n([\s\S]*?)```/.exec(section ?? '');
  assert.ok(m, 'a ```csharp block');
  return m![1];
}

for (const rule of RULES) {
  test(`${rule.meta.id} docs have the headings in order`, () => {
    const found = [...rule.meta.docs.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
    assert.deepEqual(found, HEADINGS);
  });

  test(`${rule.meta.id} Example gives exactly one finding; Use instead gives none`, () => {
    const s = sections(rule.meta.docs);
    const only = { enabled: new Set([rule.meta.id]), disabled: new Set<string>() };
    const example = analyseProject([{ path: 'Example.cs', text: csharpBlock(s.get('Example')) }], only);
    assert.equal(example.files[0].findings.length, 1, JSON.stringify(example.files[0].findings.map((f) => f.message)));
    const instead = analyseProject([{ path: 'UseInstead.cs', text: csharpBlock(s.get('Use instead')) }], only);
    assert.deepEqual(instead.files[0].findings.map((f) => f.message), []);
  });
}

test('the README rules table is generated from the metadata and current (UPDATE_SNAPSHOTS=1 rewrites it)', () => {
  const readmePath = path.join(repoRoot, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const start = '<!-- rules:start -->';
  const end = '<!-- rules:end -->';
  assert.ok(readme.includes(start) && readme.includes(end), 'README has the rules table markers');
  const table = `${start}\n${rulesTableMarkdown(RULES)}${end}`;
  const current = readme.slice(readme.indexOf(start), readme.indexOf(end) + end.length);
  if (process.env.UPDATE_SNAPSHOTS === '1' && current !== table) fs.writeFileSync(readmePath, readme.replace(current, table));
  else assert.equal(current, table);
});

test('ASY003 suggests what can really change: DisposeAsync for Dispose, an async counterpart for an override', () => {
  const text = `
namespace Fixtures.Catalogue.Titles;
public class Pipe : System.IDisposable
{
    private readonly System.Threading.Tasks.Task _flush = System.Threading.Tasks.Task.Delay(10);
    public void Dispose() => _flush.Wait();
    public override string ToString() { _flush.Wait(); return "pipe"; }
    public void Drain() => _flush.Wait();
    public static implicit operator bool(Pipe p) { p._flush.Wait(); return true; }
}
public class Probe
{
    public void ExpectNext() => ExpectNextAsync().GetAwaiter().GetResult();
    public System.Threading.Tasks.Task ExpectNextAsync() => System.Threading.Tasks.Task.Delay(10);
}`;
  const only = { enabled: new Set(['ASY003']), disabled: new Set<string>() };
  const titles = analyseProject([{ path: 'Titles.cs', text }], only).files[0].findings.map((f) => `${text.slice(0, f.span.start).split("\n").length}: ${f.fix?.title}`);
  assert.equal(titles.length, 5, titles.join('\n'));
  // The synchronous half of a pair: its async twin is there already.
  assert.match(titles[4], /^13: ExpectNext is the synchronous twin of ExpectNextAsync: callers that can should await ExpectNextAsync instead/);
  // An operator cannot be async, and is not a lambda.
  assert.match(titles[3], /^9: implicit operator bool cannot be async: move the asynchronous work into an async method/);
  assert.match(titles[0], /^6: Implement IAsyncDisposable and await the task in DisposeAsync/);
  assert.match(titles[1], /^7: ToString overrides a synchronous member/);
  assert.match(titles[2], /^8: Make Drain async/);
  // A type that has DisposeAsync already (its own, or a workspace base's), and the Dispose(bool) of the pattern.
  const both = `
namespace Fixtures.Catalogue.Titles;
public class Channel : System.IDisposable, System.IAsyncDisposable
{
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();
    public System.Threading.Tasks.ValueTask DisposeAsync() => new(System.Threading.Tasks.Task.Delay(10));
}
public class Consumer : Channel
{
    private readonly System.Threading.Tasks.Task _pump = System.Threading.Tasks.Task.Delay(10);
    protected virtual void Dispose(bool disposing) => _pump.Wait();
}
public class Plain : System.IDisposable
{
    private readonly System.Threading.Tasks.Task _pump = System.Threading.Tasks.Task.Delay(10);
    protected virtual void Dispose(bool disposing) => _pump.Wait();
    public void Dispose() => Dispose(true);
}`;
  const bothTitles = analyseProject([{ path: 'Both.cs', text: both }], only).files[0].findings.map((f) => `${both.slice(0, f.span.start).split("\n").length}: ${f.fix?.title}`);
  assert.equal(bothTitles.length, 3, bothTitles.join('\n'));
  assert.match(bothTitles[0], /^5: Dispose stays synchronous \(IDisposable's\): callers that can should await the type's DisposeAsync instead/);
  assert.match(bothTitles[1], /^11: Dispose stays synchronous/);
  assert.match(bothTitles[2], /^16: Implement IAsyncDisposable/);
});
