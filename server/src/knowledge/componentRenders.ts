/**
 * Blazor's re-render request from a component's own code, read by ASY020, ASY021 and ASY022: `await
 * InvokeAsync(StateHasChanged)` on a component cannot fault, so an async void handler that ends with it lets no
 * exception escape there, and a synchronous handler that drops its task loses none.
 */

export interface ComponentRender {
  /** The component base classes, by simple name, whose derived types have the member. */
  bases: readonly string[];
  /** The member the component calls on itself, and the argument that asks for a render. */
  call: string;
  argument: string;
  /** Why the awaited task cannot fault, in a sentence. */
  why: string;
  source: string;
}

export const COMPONENT_RENDERS: readonly ComponentRender[] = [
  {
    bases: ['ComponentBase', 'LayoutComponentBase', 'OwningComponentBase'],
    call: 'InvokeAsync',
    argument: 'StateHasChanged',
    why: 'StateHasChanged only queues a render: the renderer ignores the request of a component already disposed and '
      + 'any request once it is disposed itself, and hands an exception thrown while rendering to its own HandleException '
      + '(which ends a Blazor Server circuit) instead of throwing it back to the caller.',
    source: 'https://github.com/dotnet/aspnetcore/blob/main/src/Components/Components/src/RenderTree/Renderer.cs',
  },
];

/** The row whose call and argument the awaited text is (`InvokeAsync(StateHasChanged)`, `this.InvokeAsync(() => StateHasChanged())`), if any. */
export function componentRenderCalled(text: string): ComponentRender | undefined {
  const m = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)\s*\(\s*(?:\(\s*\)\s*=>\s*)?(?:this\s*\.\s*)?([A-Za-z_]\w*)(\s*\(\s*\))?\s*\)$/.exec(text.trim());
  if (!m) return undefined;
  const lambda = /=>/.test(text);
  // A method group is written without parentheses, a lambda's body with them.
  if (lambda !== (m[3] !== undefined)) return undefined;
  return COMPONENT_RENDERS.find((r) => r.call === m[1] && r.argument === m[2]);
}
