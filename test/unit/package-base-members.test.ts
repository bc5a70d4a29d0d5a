// A member a workspace type inherits from a generic base type of a package the signature database lacks
// (knowledge/packageBaseMembers.ts): ReactiveUI's `ViewModel`, typed in the base's type argument, through the
// workspace's own generic bases too. Without it, a task dropped through `ViewModel?.` is not seen (ASY022).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { analyseProject, createIndex, modelFile, updateFile } from '../../server/src/analysis/project';
import { typeOfExpression } from '../../server/src/workspace/typing';
import type { WorkspaceIndex } from '../../server/src/workspace/index';

before(ready);

const VIEW_MODELS = `
using System.Threading.Tasks;

namespace Shop.ViewModels;

public sealed class CartViewModel
{
    public Task CheckoutAsync() => Task.Delay(1);
}

public sealed class OrdersViewModel
{
    public Task RefreshAsync() => Task.Delay(1);
}
`;

const VIEWS = `
using ReactiveUI;
using Shop.ViewModels;

namespace Shop.Views;

public class ShopWindow<TViewModel> : ReactiveWindow<TViewModel> where TViewModel : class
{
}

public sealed class CartWindow : ShopWindow<CartViewModel>
{
    private void OnCheckout(object? sender, System.EventArgs e)
    {
        ViewModel?.CheckoutAsync();
    }
}

public sealed class OrdersView : ReactiveUserControl<OrdersViewModel>
{
    private void OnRefresh(object? sender, System.EventArgs e)
    {
        ViewModel?.RefreshAsync();
    }
}
`;

// The same names from a namespace of no row: a workspace's own look-alike base from elsewhere says nothing.
const ELSEWHERE = `
using Shop.ViewModels;
using Other.Controls;

namespace Shop.Elsewhere;

public sealed class LookAlike : ReactiveUserControl<CartViewModel>
{
    private void OnCheckout(object? sender, System.EventArgs e)
    {
        ViewModel?.CheckoutAsync();
    }
}
`;

function typeIn(files: Record<string, string>, file: string, method: string, expression: string): string | null {
  const index: WorkspaceIndex = createIndex();
  let target = null;
  for (const [name, text] of Object.entries(files)) {
    const { model, tree } = modelFile(text);
    tree?.delete();
    updateFile(index, name, model);
    if (name === file) target = model;
  }
  const body = target!.bodies.find((b) => b.name === method)!;
  return typeOfExpression(expression, body, target!.bodies, index)?.typeText ?? null;
}

test('ViewModel of a ReactiveUI view is its type argument, through a workspace base that passes it on', () => {
  const files = { 'ViewModels.cs': VIEW_MODELS, 'Views.cs': VIEWS };
  assert.equal(typeIn(files, 'Views.cs', 'OnCheckout', 'ViewModel'), 'CartViewModel?');
  assert.equal(typeIn(files, 'Views.cs', 'OnRefresh', 'ViewModel'), 'OrdersViewModel?');
  assert.equal(typeIn(files, 'Views.cs', 'OnRefresh', 'ViewModel?.RefreshAsync()'), 'Task');
});

test('a base of the same name that the file does not import from ReactiveUI gives no type', () => {
  assert.equal(typeIn({ 'ViewModels.cs': VIEW_MODELS, 'Elsewhere.cs': ELSEWHERE }, 'Elsewhere.cs', 'OnCheckout', 'ViewModel'), null);
});

test('ASY022 sees the task a view drops through ViewModel?.', () => {
  const result = analyseProject([{ path: 'ViewModels.cs', text: VIEW_MODELS }, { path: 'Views.cs', text: VIEWS }], { enabled: new Set(['ASY022']), disabled: new Set() });
  const lines = result.files.find((f) => f.path === 'Views.cs')!.findings.filter((f) => f.ruleId === 'ASY022').map((f) => VIEWS.slice(0, f.span.start).split('\n').length);
  assert.deepEqual(lines, [15, 23]);
});
