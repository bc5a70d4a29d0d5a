/**
 * The `asynclens.showMethodDetail` command behind each CodeLens: asks the server for the method's detail
 * and shows it in a webview beside the editor that follows the theme.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { LanguageClient } from 'vscode-languageclient/node';
import { METHOD_DETAIL_REQUEST, type MethodDetail, type MethodDetailParams } from './protocol';
import { renderMethodDetail } from './methodDetailHtml';
import { markdownToHtml } from './markdownHtml';

let panel: vscode.WebviewPanel | undefined;
/** Counts requests so a slow render of an earlier method never replaces the detail of a later one. */
let latestRequest = 0;

/** Where the detail is wanted: the CodeLens passes the method's position, the palette uses the cursor. */
function target(args: unknown[]): MethodDetailParams | undefined {
  const [uri, line, character] = args;
  if (typeof uri === 'string' && typeof line === 'number' && typeof character === 'number') return { uri, line, character };
  if (uri instanceof vscode.Uri && typeof line === 'number' && typeof character === 'number') return { uri: uri.toString(), line, character };
  const editor = vscode.window.activeTextEditor;
  if (!editor || (editor.document.languageId !== 'csharp' && !editor.document.uri.path.toLowerCase().endsWith('.razor'))) return undefined;
  const at = editor.selection.active;
  return { uri: editor.document.uri.toString(), line: at.line, character: at.character };
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
  // Rendered here with HTML disabled (markdownHtml.ts), not by VS Code's markdown extension, which lets HTML
  // through: the detail quotes source text.
  panel.webview.html = renderMethodDetail({
    markdown: detail.markdown,
    bodyHtml: markdownToHtml(detail.markdown),
    title,
    nonce: randomBytes(16).toString('base64'),
  });
}
