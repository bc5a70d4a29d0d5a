// Whether the compiler reports nullable warnings where a rule finds what its nullable analysis finds too
// (project/nullableWarnings.ts): the project's <Nullable> and NoWarn, and the file's #nullable directives. ASY023
// shows an awaited conditional access as information where the compiler already reports it (CS8602), and as a
// warning where it does not.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { nullableWarningsAt, projectNullableAnnotations, projectNullableWarnings } from '../../server/src/project/nullableWarnings';
import { analyseProject } from '../../server/src/analysis/project';

before(ready);

test('the project setting: enable and warnings report, annotations and disable do not, NoWarn CS8602 silences', () => {
  assert.equal(projectNullableWarnings({ nullable: 'enable', noWarn: [] }), true);
  assert.equal(projectNullableWarnings({ nullable: 'Warnings', noWarn: [] }), true);
  assert.equal(projectNullableWarnings({ nullable: 'annotations', noWarn: [] }), false);
  assert.equal(projectNullableWarnings({ nullable: null, noWarn: [] }), false);
  assert.equal(projectNullableWarnings({ nullable: 'enable', noWarn: ['CS8602'] }), false);
  assert.equal(projectNullableWarnings({ nullable: 'enable', noWarn: ['nullable'] }), false);
  assert.equal(projectNullableWarnings(null), null);
});

test('directives change the warning context from their line on; annotations leave it, restore goes back', () => {
  const text = 'a\n#nullable enable\nb\n#nullable disable annotations\nc\n#nullable disable\nd\n#nullable restore\ne\n#nullable enable warnings\nf\n';
  const at = (marker: string, project: boolean | null) => nullableWarningsAt(text, text.indexOf(`\n${marker}\n`) + 1, project);
  assert.equal(at('a', null), null);
  assert.equal(at('a', false), false);
  assert.equal(at('b', false), true);
  assert.equal(at('c', false), true);
  assert.equal(at('d', true), false);
  assert.equal(at('e', false), false);
  assert.equal(at('e', true), true);
  assert.equal(at('f', false), true);
});

test('ASY023 shows an awaited conditional access as information where nullable warnings are on', () => {
  const code = (directive: string) => `using System.Threading.Tasks;
${directive}
public sealed class Pager
{
    private Pager? _next;
    public Task TurnAsync() => Task.CompletedTask;
    public async Task ForwardAsync() { await _next?.TurnAsync(); }
}
`;
  const severityOf = (directive: string, nullableWarnings: boolean | null) => {
    const result = analyseProject([{ path: 'Pager.cs', text: code(directive) }], { enabled: new Set(['ASY023']), disabled: new Set() }, undefined, undefined, () => ({ nullableWarnings }));
    return result.files[0].findings.filter((f) => f.ruleId === 'ASY023').map((f) => f.severity);
  };
  assert.deepEqual(severityOf('', null), ['warning']);
  assert.deepEqual(severityOf('', false), ['warning']);
  assert.deepEqual(severityOf('', true), ['information']);
  assert.deepEqual(severityOf('#nullable enable', false), ['information']);
  assert.deepEqual(severityOf('#nullable disable', true), ['warning']);
});

test('a null-forgiving operator silences the compiler, so ASY023 stays a warning', () => {
  const text = `using System.Threading.Tasks;
public sealed class Pager
{
    private Pager? _next;
    public Task TurnAsync() => Task.CompletedTask;
    public async Task ForwardAsync() { await _next?.TurnAsync()!; }
}
`;
  const result = analyseProject([{ path: 'Pager.cs', text }], { enabled: new Set(['ASY023']), disabled: new Set() }, undefined, undefined, () => ({ nullableWarnings: true }));
  assert.deepEqual(result.files[0].findings.filter((f) => f.ruleId === 'ASY023').map((f) => f.severity), ['warning']);
});

test('a receiver declared without ? in an annotation context makes the finding information; with ? it stays a warning', () => {
  assert.equal(projectNullableAnnotations({ nullable: 'annotations' }), true);
  assert.equal(projectNullableAnnotations({ nullable: 'enable' }), true);
  assert.equal(projectNullableAnnotations({ nullable: 'warnings' }), false);
  assert.equal(projectNullableAnnotations(null), null);
  const text = `using System;
using System.Threading.Tasks;
public sealed class Importer
{
    private readonly Func<string, Task>? _onProgress;
    public Importer(Func<string, Task>? onProgress) { _onProgress = onProgress; }
    public async Task RunAsync(Func<string, Task> report)
    {
        await report?.Invoke("start");
        await _onProgress?.Invoke("start");
    }
}
`;
  const severities = (annotations: boolean | null) => analyseProject([{ path: 'Importer.cs', text }], { enabled: new Set(['ASY023']), disabled: new Set() }, undefined, undefined, () => ({ nullableWarnings: false, nullableAnnotations: annotations }))
    .files[0].findings.filter((f) => f.ruleId === 'ASY023').map((f) => f.severity);
  assert.deepEqual(severities(true), ['information', 'warning']);
  assert.deepEqual(severities(false), ['warning', 'warning']);
  assert.deepEqual(severities(null), ['warning', 'warning']);
});
