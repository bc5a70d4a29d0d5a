/**
 * The AsyncLens extension's entry point: starts the language server, keeps the status bar item current and
 * registers the commands. Views live in their own modules beside this one.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { STATUS_NOTIFICATION, type ServerStatus } from './protocol';
import { createStatusBar } from './statusBar';
import { showCostReport } from './costReport';
import { showMethodDetail } from './methodDetail';
import { selectRuntime } from './runtimePicker';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    // `Attach to Server` in .vscode/launch.json connects to this port.
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'csharp' },
      { scheme: 'untitled', language: 'csharp' },
      // Razor components, whatever extension gives them their language: the server reads the C# of their @code blocks.
      { scheme: 'file', pattern: '**/*.razor' },
    ],
    // The server registers its own file watchers and pulls its settings; nothing else is pushed to it.
    synchronize: {},
    // Hovers quote source text: rendered as markdown with HTML off, and trusted for one command only, the
    // "Details" link that opens the method detail view (source text is always escaped, so it cannot make links).
    markdown: { isTrusted: { enabledCommands: ['asynclens.showMethodDetail'] }, supportHtml: false },
  };
  // The id `asynclens` makes the client read `asynclens.trace.server` for protocol tracing.
  const languageClient = new LanguageClient('asynclens', 'AsyncLens', serverOptions, clientOptions);
  client = languageClient;

  const statusBar = createStatusBar('asynclens.selectRuntime');
  context.subscriptions.push(
    statusBar,
    languageClient.onNotification(STATUS_NOTIFICATION, (status: ServerStatus) => statusBar.update(status)),
    vscode.commands.registerCommand('asynclens.showCostReport', (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (!target) return showCostReport(languageClient, {});
      return showCostReport(languageClient, { uri: target });
    }),
    vscode.commands.registerCommand('asynclens.showWorkspaceCostReport', () => showCostReport(languageClient, {})),
    vscode.commands.registerCommand('asynclens.showMethodDetail', (...args: unknown[]) => showMethodDetail(languageClient, ...args)),
    vscode.commands.registerCommand('asynclens.selectRuntime', () => selectRuntime(context.extension)),
    vscode.commands.registerCommand('asynclens.showOutput', () => languageClient.outputChannel.show(true)),
    vscode.commands.registerCommand('asynclens.restartServer', async () => {
      statusBar.update({ state: 'starting', files: 0, findings: 0, runtime: vscode.workspace.getConfiguration('asynclens').get<string>('runtime', '') });
      await languageClient.restart();
    }),
  );

  try {
    await languageClient.start();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    statusBar.update({ state: 'error', files: 0, findings: 0, runtime: vscode.workspace.getConfiguration('asynclens').get<string>('runtime', ''), message });
    languageClient.outputChannel.appendLine(`AsyncLens could not start its language server: ${message}`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
