/**
 * Markdown to HTML for the method detail webview, with HTML in the markdown disabled: the detail quotes C#
 * source (method names, awaited expressions, messages), and whatever that text holds must reach the page as
 * text, never as markup. markdown-it (the renderer VS Code itself uses) with `html: false` turns any tag in the
 * input into escaped text; links are kept only when they are https (the rule documentation), so no
 * `javascript:`, `command:` or `file:` link can be planted. Pure, for tests; imports nothing from vscode.
 */
import MarkdownIt from 'markdown-it';

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });
const defaultValidateLink = renderer.validateLink.bind(renderer);
renderer.validateLink = (url: string) => /^https:\/\//i.test(url.trim()) && defaultValidateLink(url);

export function markdownToHtml(markdown: string): string {
  return renderer.render(markdown);
}
