/**
 * The HTML of the method detail webview around already-rendered markdown, as a pure function for tests.
 */
import { escapeHtml } from './costReportHtml';

export interface MethodDetailPage {
  /** The detail as HTML (markdownHtml.ts, HTML in the markdown disabled) or, when it could not be rendered, undefined. */
  bodyHtml?: string;
  /** The raw markdown, shown as preformatted text when no HTML rendering is available. */
  markdown: string;
  title: string;
  nonce: string;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 20px; line-height: 1.45; max-width: 980px; }
h1, h2, h3 { font-weight: 600; }
h1 { font-size: 1.3em; } h2 { font-size: 1.15em; } h3 { font-size: 1.05em; }
a { color: var(--vscode-textLink-foreground); }
a:hover { color: var(--vscode-textLink-activeForeground); }
code { font-family: var(--vscode-editor-font-family); font-size: 0.95em; }
pre { background: var(--vscode-textCodeBlock-background); padding: 8px 12px; overflow-x: auto; }
:not(pre) > code { background: var(--vscode-textCodeBlock-background); padding: 1px 4px; border-radius: 3px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid var(--vscode-editorGroup-border, rgba(128,128,128,0.35)); padding: 3px 8px; text-align: left; }
td:not(:first-child) { font-variant-numeric: tabular-nums; }
hr { border: none; border-top: 1px solid var(--vscode-editorGroup-border, rgba(128,128,128,0.35)); }
p.loading { color: var(--vscode-descriptionForeground); }
blockquote { margin: 0; padding: 0 12px; border-left: 3px solid var(--vscode-textBlockQuote-border); background: var(--vscode-textBlockQuote-background); }
`;

export function renderMethodDetail(page: MethodDetailPage): string {
  // No script runs in this page: the detail is static text, and links to rule docs are opened by VS Code itself.
  const csp = ["default-src 'none'", `style-src 'nonce-${page.nonce}'`, "img-src data:"].join('; ');
  const body = page.bodyHtml ?? `<pre>${escapeHtml(page.markdown)}</pre>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(page.title)}</title>
<style nonce="${page.nonce}">${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
