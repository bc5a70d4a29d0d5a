// A Razor component open in the editor: the server analyses the C# of its @code blocks (parse/razor.ts) and answers at
// the component's own lines; its copy of the component stays the editor's (the digests agree), edits in the markup
// and in the code keep it so, and a quick fix edits the component where the finding is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol/node';
import { applyWorkspaceEdit, fileUri, positionOf, startSession, type Session } from './session';

const component = `@page "/orders"
@inject OrderClient Client

<h3>Orders</h3>
<button @onclick="ReloadAsync">Reload</button>

@code {
    private int count;

    protected override async Task OnInitializedAsync()
    {
        await ReloadAsync();
    }

    private async Task ReloadAsync()
    {
        count = await Client.CountAsync();
        Thread.Sleep(10);
    }
}
`;

const client = `namespace Shop;

public sealed class OrderClient
{
    public async Task<int> CountAsync()
    {
        await Task.Delay(10);
        return 3;
    }
}
`;

let session: Session;
let dir: string;
let uri: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-razor-'));
  fs.writeFileSync(path.join(dir, 'Shop.csproj'), '<Project Sdk="Microsoft.NET.Sdk.Razor">\n  <PropertyGroup>\n    <TargetFramework>net10.0</TargetFramework>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n</Project>\n');
  fs.writeFileSync(path.join(dir, 'OrderClient.cs'), client);
  fs.writeFileSync(path.join(dir, '_Imports.razor'), '@using Shop\n');
  const file = path.join(dir, 'Orders.razor');
  fs.writeFileSync(file, component);
  uri = fileUri(file);
  session = await startSession({ workspace: dir });
  await session.waitForStatus((s) => s.state === 'ready', 30_000);
  session.open(uri, component);
});

after(async () => {
  await session?.shutdown();
  fs.rmSync(dir, { recursive: true, force: true });
});

const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}`).sort();
type State = { version: number; digest: string; engine: { digest: string } | null } | null;

test('a component open in the editor gets the findings of its code blocks at its own lines, and the digests agree', async () => {
  const ds = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'ASY002'), 30_000);
  assert.deepEqual(codes(ds), ['ASY002@18:9', 'ASY013@10:35']);
  const state = await session.request<State>('asynclens/documentState', { uri });
  assert.ok(state?.engine, 'the engine analysed the editor revision');
  assert.equal(state.engine.digest, state.digest, 'the engine holds the editor text of the component, not its projection');
  const hover = await session.hover(uri, positionOf(component, 'ReloadAsync()\n'));
  assert.match((hover?.contents as MarkupContent | undefined)?.value ?? '', /ReloadAsync/);
});

test('edits in the markup and in a block keep the copies equal and the findings where they are; a fix edits the component', async () => {
  let text = component;
  // Markup: a line added above the block moves every finding down one line.
  session.change(uri, 2, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '<p>Total: @count</p>\n' }]);
  text = text.replace('<h3>Orders</h3>\n', '<h3>Orders</h3>\n<p>Total: @count</p>\n');
  let ds = await session.waitForDiagnostics(uri, (d, v) => v === 2 && d.some((x) => x.code === 'ASY002'), 30_000);
  assert.deepEqual(codes(ds), ['ASY002@19:9', 'ASY013@11:35']);
  // Code: the blocking call goes.
  const sleep = positionOf(text, 'Thread.Sleep(10);');
  session.change(uri, 3, [{ range: { start: sleep, end: { line: sleep.line, character: sleep.character + 'Thread.Sleep(10);'.length } }, text: 'count++;' }]);
  text = text.replace('Thread.Sleep(10);', 'count++;');
  ds = await session.waitForDiagnostics(uri, (d, v) => v === 3 && !d.some((x) => x.code === 'ASY002'), 30_000);
  assert.deepEqual(codes(ds), ['ASY013@11:35']);
  const state = await session.request<State>('asynclens/documentState', { uri });
  assert.equal(state?.engine?.digest, state?.digest);
  // The elision fix, applied to the component: its lines, not the projection's.
  const elide = ds.find((d) => d.code === 'ASY013')!;
  const actions = await session.codeActions(uri, elide.range, [elide]);
  const fix = actions.find((a) => a.edit && /return the task|Remove async/i.test(a.title));
  assert.ok(fix?.edit, `a fix among ${actions.map((a) => a.title).join(', ')}`);
  const fixed = applyWorkspaceEdit(text, uri, fix.edit);
  assert.match(fixed, /protected override Task OnInitializedAsync\(\)\n {4}\{\n {8}return ReloadAsync\(\);/);
  assert.ok(fixed.startsWith('@page "/orders"\n@inject OrderClient Client\n'), 'the markup is untouched');
});
