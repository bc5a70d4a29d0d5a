// Razor components as the analysis reads them (parse/razor.ts): the C# of their @code blocks at its own offsets, inside
// a class header written into the blank markup before the first block, and nothing of the markup.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { analysisText, componentNameOf, isRazorComponent, projectRazor } from '../../server/src/parse/razor';
import { modelFile } from '../../server/src/analysis/project';
import { createIndex, updateFile, usingsInScope } from '../../server/src/workspace/index';
import { kindOf } from '../../server/src/project/host/sourceFiles';
import { compiles } from '../../server/src/project/ownership';
import type { ProjectModel } from '../../server/src/project/evaluate';
import { compileGlob } from '../../server/src/project/globs';

before(ready);

const component = `@page "/orders"
@using System.Threading
@inject OrderClient Client
@implements IDisposable
@* @code { this is a comment, not a block } *@

<h3>Orders, mail us at orders@code.example</h3>
@if (orders is null) { <p>Loading...</p> }
<button @onclick="async () => await LoadAsync()">Reload</button>

@code {
    private string[]? orders;
    private RenderFragment Empty => @<p>Nothing; "{" here is markup.</p>;

    protected override async Task OnInitializedAsync() => await LoadAsync();

    private async Task LoadAsync()
    {
        var text = $"{{{orders?.Length}}}";
        orders = await Client.ListAsync(text);
    }

    private RenderFragment? Row(string order)
    {
        @if (order.Length > 0)
        {
            return @<li>
                @order
            </li>;
        }
        return null;
    }
}

<footer>between the blocks</footer>

@functions {
    @* A Razor comment in a block, with a { in it. *@
    public void Dispose() { }
}
`;

/** The class header the projection wrote before the first block, with the line breaks it was laid out over read as C# reads them. */
const headerOf = (p: { text: string; codeBlocks: { start: number }[] }) => p.text.slice(0, p.codeBlocks[0].start).replace(/\s+/g, ' ').replace(/\s*([^\w\s])\s*/g, '$1').trim();

/** The projection's lines with content, trimmed, for readable expectations. */
const visible = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);

test('a component reads as its @code blocks inside a class header, at the same offsets and line breaks', () => {
  const p = projectRazor(component, 'Orders');
  assert.equal(p.problem, null);
  assert.equal(p.text.length, component.length);
  assert.deepEqual([...p.text.matchAll(/\r?\n/g)].map((m) => m.index), [...component.matchAll(/\r?\n/g)].map((m) => m.index));
  // Inside the blocks the text is the component's, character for character, but for the markup template.
  const start = component.indexOf('private string[]? orders;');
  const end = component.indexOf('    private RenderFragment? Row');
  const template = component.indexOf('@<p>Nothing');
  assert.equal(p.text.slice(start, template), component.slice(start, template));
  assert.equal(p.text.slice(component.indexOf('protected override'), end), component.slice(component.indexOf('protected override'), end));
  assert.match(p.text.slice(template, component.indexOf('</p>;', template) + 4), /^null\s+$/);
  // The header: usings, the class as Razor generates it, the injected member; no markup, no directives, no comment.
  assert.equal(headerOf(p), 'using System.Threading;public partial class Orders:Microsoft.AspNetCore.Components.ComponentBase,IDisposable{OrderClient Client;');
  assert.ok(!visible(p.text).some((l) => /<h3>|@if|@onclick|footer|orders@code|Razor comment/.test(l)));
  // The first block's braces are blank, the last block's closing brace closes the class.
  assert.equal(p.codeBlocks.length, 2);
  assert.equal(p.text.trimEnd().at(-1), '}');
  assert.equal(p.text.slice(p.codeBlocks[1].end + 1).trim(), '');
});

test('the projection parses without errors into the component class with its members', () => {
  const text = projectRazor(component, 'Orders').text;
  const { model, tree } = modelFile(text);
  tree?.delete();
  assert.deepEqual(model.syntaxErrors, []);
  assert.deepEqual(model.types.map((t) => t.name), ['Orders']);
  assert.deepEqual(model.bodies.filter((b) => b.kind === 'method').map((b) => b.name).sort(), ['Dispose', 'LoadAsync', 'OnInitializedAsync', 'Row']);
  const load = model.bodies.find((b) => b.name === 'LoadAsync')!;
  assert.equal(text.slice(load.nameSpan.start, load.nameSpan.end), 'LoadAsync');
  assert.equal(load.nameSpan.start, component.indexOf('LoadAsync()\n'));
});

test('generic components, @inherits, @namespace, CRLF line breaks and a component without code', () => {
  const generic = '@namespace Shop.Components\r\n@typeparam TItem where TItem : class\r\n@inherits LayoutComponentBase\r\n<ul>@ChildContent</ul>\r\n@code {\r\n    [Parameter] public TItem? Item { get; set; }\r\n}\r\n';
  const p = projectRazor(generic, 'List');
  assert.equal(p.problem, null);
  assert.equal(p.text.length, generic.length);
  assert.equal(p.text.replace(/[^\r\n]/g, ''), generic.replace(/[^\r\n]/g, ''));
  assert.equal(headerOf(p), 'namespace Shop.Components;public partial class List<TItem>:LayoutComponentBase where TItem:class{');
  const { model, tree } = modelFile(p.text);
  tree?.delete();
  assert.deepEqual(model.syntaxErrors, []);
  const markupOnly = '@page "/"\n<h1>Hello</h1>\n';
  assert.deepEqual(projectRazor(markupOnly, 'Index'), { text: ' '.repeat(9) + '\n' + ' '.repeat(14) + '\n', codeBlocks: [], problem: null });
});

test('a component that cannot be read says why, and one with little room gets a smaller class header', () => {
  const unclosed = '<p>x</p>\n@code {\n    void M() { }\n';
  const p = projectRazor(unclosed, 'Broken');
  assert.match(p.problem ?? '', /the @code block that starts on line 2 has no closing brace/);
  assert.equal(p.text.trim(), '');
  assert.deepEqual(analysisText('Pages/Broken.razor', unclosed), { reason: `not analysed: ${p.problem}` });
  // No room at all before the block for even `partial class C {`.
  assert.match(projectRazor('@code {\n void M() { }\n}\n', 'C').problem ?? '', /no room before the first @code block/);
  // The using reads as one where it stands; room for the class but not for the long base type: the class alone.
  const tight = '@using A.Very.Long.Namespace.Name\n<b>x</b>\n@code {\n    void M() { }\n}\n';
  const header = projectRazor(tight, 'C');
  assert.equal(header.problem, null);
  assert.equal(headerOf(header), 'using A.Very.Long.Namespace.Name;class C{');
  assert.equal(header.headerTier, 3);
  // No room after the usings at all: they give their place to the class.
  const crowded = projectRazor('@using Some.Namespace\n@code {\n    void M() { }\n}\n', 'C');
  assert.equal(headerOf(crowded), 'partial class C{');
  assert.equal(crowded.headerTier, 5);
});

test('which files are components, their class names, and which projects build them', () => {
  assert.ok(isRazorComponent('src/Pages/Index.razor'));
  assert.ok(!isRazorComponent('Views/Home/Index.cshtml'));
  assert.equal(kindOf('Counter.razor'), 'source');
  assert.equal(kindOf('_Host.cshtml'), null);
  assert.equal(componentNameOf('src/Pages/Order-List.razor'), 'Order_List');
  assert.equal(componentNameOf('C:\\app\\1Up.razor'), '_1Up');
  assert.deepEqual(analysisText('A.cs', 'class A { }'), { text: 'class A { }' });
  const project = (sdk: string): ProjectModel => ({
    directory: '/r/App', sdks: [sdk],
    compileRules: [{ op: 'include', globs: [compileGlob('**/*.cs', '/r/App')], excludes: [compileGlob('bin/**', '/r/App')], isDefault: true }],
  }) as unknown as ProjectModel;
  assert.ok(compiles(project('Microsoft.NET.Sdk.Razor'), '/r/App/Pages/Index.razor'));
  assert.ok(compiles(project('Microsoft.NET.Sdk.Web'), '/r/App/Pages/Index.razor'));
  assert.ok(!compiles(project('Microsoft.NET.Sdk'), '/r/App/Pages/Index.razor'), 'a plain SDK project does not build components');
  assert.ok(!compiles(project('Microsoft.NET.Sdk.Razor'), '/r/App/bin/Index.razor'), 'what the default items leave out');
});

test('a component sees the namespaces Razor imports for it: the defaults and the _Imports.razor files above it', () => {
  const imports = '@using Shop.Services\r\n@using Microsoft.JSInterop\r\n@attribute [Authorize]\r\n';
  const projected = projectRazor(imports, '_Imports');
  assert.equal(projected.text, `using Shop.Services;\r\nusing Microsoft.JSInterop;\r\n${' '.repeat('@attribute [Authorize]'.length)}\r\n`);
  const index = createIndex();
  const add = (file: string, text: string) => {
    const read = analysisText(file, text);
    assert.ok('text' in read);
    const { model, tree } = modelFile(read.text);
    tree?.delete();
    updateFile(index, file, model);
    return model;
  };
  add('app/_Imports.razor', imports);
  add('app/Pages/_Imports.razor', '@using Shop.Pages.Models\n');
  add('other/_Imports.razor', '@using Elsewhere\n');
  const page = add('app/Pages/Cart.razor', '@using System.Text\n<p>cart</p>\n@code {\n    private int count;\n}\n');
  assert.deepEqual(usingsInScope(page, index, 'app/Pages/Cart.razor').slice(0, 9), [
    'System.Text', 'System', 'System.Collections.Generic', 'System.Linq', 'System.Threading.Tasks', 'Microsoft.AspNetCore.Components',
    'Shop.Services', 'Microsoft.JSInterop', 'Shop.Pages.Models',
  ]);
  assert.ok(!usingsInScope(page, index, 'app/Pages/Cart.razor').includes('Elsewhere'));
  const plain = add('app/Pages/Cart.razor.cs', 'namespace App.Pages;\npublic partial class Cart { }\n');
  assert.ok(!usingsInScope(plain, index, 'app/Pages/Cart.razor.cs').includes('Shop.Services'), 'a C# file imports only what it says');
});

test('hostile components end quickly with a projection or a reason, never an exception', () => {
  const deep = `<p>x</p>\n@code {\n    string s = ${'$"{'.repeat(200_000)}${'}"'.repeat(200_000)};\n}\n`;
  const started = Date.now();
  const p = projectRazor(deep, 'Deep');
  assert.equal(p.text.length, deep.length);
  const shapes = [
    `${'@'.repeat(300_000)}\n@code { }`,
    `${'@using X '.repeat(50_000)}\n@code {\n}\n`,
    `<p>${'<'.repeat(100_000)}</p>\n@code { RenderFragment r = @<${'div>'.repeat(50_000)}; }\n`,
    `@code {${' '.repeat(100_000)}`,
    `${' '.repeat(100_000)}@code {}@code {}@functions{}`,
  ];
  for (const text of shapes) {
    const q = projectRazor(text, 'Hostile');
    assert.equal(q.text.length, text.length);
    assert.ok(q.problem === null || q.problem.length > 0);
  }
  // Generous: it is a guard against a quadratic or a hang, not a timing.
  assert.ok(Date.now() - started < 20_000, `${Date.now() - started} ms`);
});
