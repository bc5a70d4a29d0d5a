/**
 * The `asynclens.showMethodDetail` command behind each CodeLens: asks the server for the method's detail
 * and shows it in a webview beside the editor that follows the theme.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { LanguageClient } from 'vscode-languageclient/node';
import { METHOD_DETAIL_REQUEST, type MethodDetail, type MethodDetailParams } from './protocol';
import { renderMethodDetail } from './methodDetailHtml';
import { escapeHtml } from './costReportHtml';

let panel: vscode.WebviewPanel | undefined;
/** Counts requests so a slow render of an earlier method never replaces the detail of a later one. */
let latestRequest = 0;

/** Where the detail is wanted: the CodeLens passes the method's position, the palette uses the cursor. */
function target(args: unknown[]): MethodDetailParams | undefined {
  const [uri, line, character] = args;
  if (typeof uri === 'string' && typeof line === 'number' && typeof character === 'number') return { uri, line, character };
  if (uri instanceof vscode.Uri && typeof line === 'number' && typeof character === 'number') return { uri: uri.toString(), line, character };
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'csharp') return undefined;
  const at = editor.selection.active;
  return { uri: editor.document.uri.toString(), line: at.line, character: at.character };
}

/** VS Code's own markdown renderer keeps the detail looking like a hover; it is absent in some minimal hosts. */
async function markdownToHtml(markdown: string): Promise<string | undefined> {
  try {
    return await vscode.commands.executeCommand<string>('markdown.api.render', markdown);
  } catch {
    return undefined;
  }
}

export async function showMethodDetail(client: LanguageClient, ...args: unknown[]): Promise<void> {
  const request = ++latestRequest;
  const params = target(args);
  if (!params) {
    void vscode.window.showInformationMessage('AsyncLens: put the cursor on an async method name in a C# file first.');
    return;
  }
  const detail = await client.sendRequest<MethodDetail>(METHOD_DETAIL_REQUEST, params);
  if (request !== latestRequest) return;
  if (!detail) {
    void vscode.window.showInformationMessage('AsyncLens: there is no async method at this position.');
    return;
  }
  // The first heading names the method; its markdown escapes and emphasis do not belong in a tab title.
  const title = /^#+\s*(.+)$/m.exec(detail.markdown)?.[1]?.replace(/\\(.)/g, '$1').replace(/[`*_]/g, '').trim() ?? 'Async method';
  if (!panel) {
    panel = vscode.window.createWebviewPanel('asynclens.methodDetail', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: false,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => { panel = undefined; });
  } else {
    panel.reveal(undefined, true);
  }
  panel.title = `Async: ${title}`;
  // VS Code's markdown renderer can take seconds on its first use (it activates the markdown extension), so the
  // panel says what it is doing instead of staying blank.
  panel.webview.html = renderMethodDetail({
    markdown: detail.markdown,
    bodyHtml: `<p class="loading">Rendering the detail of ${escapeHtml(title)}…</p>`,
    title,
    nonce: randomBytes(16).toString('base64'),
  });
  const bodyHtml = await markdownToHtml(detail.markdown);
  if (!panel || request !== latestRequest) return;
  panel.webview.html = renderMethodDetail({
    markdown: detail.markdown,
    bodyHtml,
    title,
    nonce: randomBytes(16).toString('base64'),
  });
}
