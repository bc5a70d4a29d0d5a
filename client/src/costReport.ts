/**
 * The cost report panel: asks the server for the async methods of a file or the workspace, shows them in a
 * webview, and opens a method when its row or bar is clicked.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COST_REPORT_REQUEST, type CostReport, type CostReportParams } from './protocol';
import { baseName, renderCostReport } from './costReportHtml';

interface ReportScope {
  /** The file to report on; undefined for the whole workspace. */
  uri?: vscode.Uri;
}

/** Messages the page posts; anything else is ignored because the page is the only sender. */
type PageMessage =
  | { type: 'open'; uri: string; line: number; character: number }
  | { type: 'refresh' };

let panel: vscode.WebviewPanel | undefined;
let shownScope: ReportScope = {};
/** The documents the shown report lists: the page may ask to open these and nothing else. */
let shownUris = new Set<string>();

function scopeLabel(scope: ReportScope): string {
  return scope.uri ? vscode.workspace.asRelativePath(scope.uri, false) : 'workspace';
}

function fileLabel(uri: string): string {
  try {
    // The workspace folder's name is prepended only when there are several folders, where it tells them apart.
    return vscode.workspace.asRelativePath(vscode.Uri.parse(uri));
  } catch {
    return baseName(uri);
  }
}

async function render(client: LanguageClient, scope: ReportScope): Promise<void> {
  if (!panel) return;
  const params: CostReportParams = scope.uri ? { uri: client.code2ProtocolConverter.asUri(scope.uri) } : {};
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'AsyncLens: computing async costs' },
    () => client.sendRequest<CostReport>(COST_REPORT_REQUEST, params),
  );
  if (!panel) return;
  shownUris = new Set((report?.methods ?? []).map((m) => m.uri));
  panel.title = scope.uri ? `Async cost: ${baseName(scope.uri.toString())}` : 'Async cost: workspace';
  panel.webview.html = renderCostReport({
    report: report ?? { runtime: '', methods: [] },
    scopeLabel: scopeLabel(scope),
    cspSource: panel.webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    fileLabel,
  });
}

async function openMethod(message: Extract<PageMessage, { type: 'open' }>): Promise<void> {
  const position = new vscode.Position(message.line, message.character);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(message.uri));
  // Select the method's name so the person sees at once which declaration the row meant.
  const word = document.getWordRangeAtPosition(position) ?? new vscode.Range(position, position);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, selection: word, preview: false });
}

/** Shows the report for one file or the workspace, reusing the open panel if there is one. */
export async function showCostReport(client: LanguageClient, scope: ReportScope): Promise<void> {
  shownScope = scope;
  if (panel) {
    panel.reveal(undefined, true);
  } else {
    panel = vscode.window.createWebviewPanel('asynclens.costReport', 'Async cost', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      // The page loads nothing: no local resource roots, so it can read no file.
      localResourceRoots: [],
    });
    panel.onDidDispose(() => { panel = undefined; });
    panel.webview.onDidReceiveMessage((message: PageMessage) => {
      // The page is ours, but what it sends is checked all the same: a listed document at a real position.
      if (message?.type === 'open' && typeof message.uri === 'string' && shownUris.has(message.uri)
        && Number.isInteger(message.line) && message.line >= 0 && Number.isInteger(message.character) && message.character >= 0) {
        openMethod(message).then(undefined, (e) => vscode.window.showErrorMessage(`AsyncLens: cannot open the method: ${e instanceof Error ? e.message : e}`));
      } else if (message?.type === 'refresh' && client) {
        render(client, shownScope).then(undefined, reportFailure);
      }
    });
  }
  await render(client, scope).then(undefined, reportFailure);
}

function reportFailure(e: unknown): void {
  void vscode.window.showErrorMessage(`AsyncLens: the cost report failed: ${e instanceof Error ? e.message : String(e)}`);
}
