/**
 * The `asynclens.showMethodDetail` command behind each CodeLens: asks the server for the method's detail
 * and shows it in a webview beside the editor that follows the theme.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { LanguageClient } from 'vscode-languageclient/node';
import { METHOD_DETAIL_REQUEST, type MethodDetail, type MethodDetailParams } from './protocol';
import { renderMethodDetail } from './methodDetailHtml';

let panel: vscode.WebviewPanel | undefined;

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
  const params = target(args);
  if (!params) {
    void vscode.window.showInformationMessage('AsyncLens: put the cursor on an async method name in a C# file first.');
    return;
  }
  const detail = await client.sendRequest<MethodDetail>(METHOD_DETAIL_REQUEST, params);
  if (!detail) {
    void vscode.window.showInformationMessage('AsyncLens: there is no async method at this position.');
    return;
  }
  // The first heading names the method; its markdown escapes and emphasis do not belong in a tab title.
  const title = /^#+\s*(.+)$/m.exec(detail.markdown)?.[1]?.replace(/\\(.)/g, '$1').replace(/[`*_]/g, '').trim() ?? 'Async method';
  if (!panel) {
    panel = vscode.window.createWebviewPanel('asynclens.methodDetail', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      // The page's CSP allows no script at all; scripts are still enabled because the VS Code 1.139 workbench
      // (code-server) left a script-less webview blank in our checks.
      enableScripts: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => { panel = undefined; });
  } else {
    panel.reveal(undefined, true);
  }
  panel.title = `Async: ${title}`;
  panel.webview.html = renderMethodDetail({
    markdown: detail.markdown,
    bodyHtml: await markdownToHtml(detail.markdown),
    title,
    nonce: randomBytes(16).toString('base64'),
  });
}
