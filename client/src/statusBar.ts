/**
 * The AsyncLens status bar item: the server's state, the workspace's findings and the runtime profile;
 * clicking it opens the runtime profile picker.
 */
import * as vscode from 'vscode';
import type { ServerStatus } from './protocol';
import { presentStatus } from './statusText';

export interface StatusBar extends vscode.Disposable {
  update(status: ServerStatus): void;
}

export function createStatusBar(selectRuntimeCommand: string): StatusBar {
  const item = vscode.window.createStatusBarItem('asynclens.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'AsyncLens';
  item.command = selectRuntimeCommand;
  const update = (status: ServerStatus) => {
    const shown = presentStatus(status);
    item.text = shown.text;
    item.tooltip = new vscode.MarkdownString(shown.tooltip, true);
    item.backgroundColor = shown.error ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };
  update({ state: 'starting', files: 0, findings: 0, runtime: vscode.workspace.getConfiguration('asynclens').get<string>('runtime', '') });
  return { update, dispose: () => item.dispose() };
}
