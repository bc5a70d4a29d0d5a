// A real LSP client for tests and the benchmark: spawns the built server (dist/server.js --stdio) and talks to it
// through vscode-languageserver-protocol's connection, answering the server's own requests as an editor would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection, type ClientCapabilities,
  type Diagnostic, type Hover, type CodeAction, type InlayHint, type CodeLens, type Range, type Position,
  type TextDocumentContentChangeEvent, type WorkspaceEdit, type TextEdit, type InitializeResult,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../unit/support';

export { repoRoot };

export const serverScript = path.join(repoRoot, 'dist', 'server.js');

export const FULL_CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceFolders: true,
    inlayHint: { refreshSupport: true },
    codeLens: { refreshSupport: true },
    workspaceEdit: { documentChanges: true },
  },
  window: { workDoneProgress: true },
  textDocument: {
    synchronization: { dynamicRegistration: false },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } }, isPreferredSupport: true, dataSupport: true },
    inlayHint: {},
    codeLens: {},
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true, tagSupport: { valueSet: [1, 2] } },
  },
};

export interface SessionOptions {
  /** Workspace folder to index (absolute path); none means a single-file session. */
  workspace?: string;
  /** Settings under the `asynclens` section, answered to workspace/configuration. */
  settings?: Record<string, unknown>;
  capabilities?: ClientCapabilities;
  /** Extra environment variables for the server process. */
  env?: Record<string, string>;
}

/** Something the server did, in the order the client saw it, for tests about ordering. */
export type SessionEvent = { kind: 'diagnostics'; uri: string; version?: number; count: number } | { kind: 'response'; label: string };

export interface Session {
  connection: ProtocolConnection;
  initializeResult: InitializeResult;
  process: ChildProcess;
  events: SessionEvent[];
  logs: string[];
  statuses: { state: string; files: number; findings: number; runtime: string; message?: string }[];
  refreshes: { inlayHints: number; codeLenses: number };
  progress: unknown[];
  settings: Record<string, unknown>;
  appliedEdits: { label?: string; edit: WorkspaceEdit }[];
  messages: string[];
  messageChoices: string[];
  executeCommand(command: string, args: unknown[]): Promise<unknown>;
  diagnostics(uri: string): Diagnostic[] | undefined;
  /** Waits until the server publishes diagnostics for `uri` that satisfy `accept` (the latest ones if already there). */
  waitForDiagnostics(uri: string, accept?: (d: Diagnostic[], version?: number) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  waitForStatus(accept: (s: Session['statuses'][number]) => boolean, timeoutMs?: number): Promise<void>;
  open(uri: string, text: string, version?: number): void;
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void;
  close(uri: string): void;
  hover(uri: string, position: Position, label?: string): Promise<Hover | null>;
  codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]>;
  inlayHints(uri: string, range: Range): Promise<InlayHint[]>;
  codeLenses(uri: string): Promise<CodeLens[]>;
  request<R>(method: string, params: unknown, label?: string): Promise<R>;
  changeSettings(settings: Record<string, unknown>): void;
  shutdown(): Promise<void>;
}

export function fileUri(file: string): string {
  return pathToFileURL(file).href;
}

export async function startSession(options: SessionOptions = {}): Promise<Session> {
  const child = spawn(process.execPath, [serverScript, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ASYNCLENS_MODEL_CACHE: 'off', ...options.env } });
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr += String(d); });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Map<string, { diagnostics: Diagnostic[]; version?: number }>();
  const listeners = new Set<() => void>();
  const notify = () => { for (const l of [...listeners]) l(); };
  const session: Session = {
    connection,
    initializeResult: { capabilities: {} },
    process: child,
    events: [],
    logs: [],
    statuses: [],
    refreshes: { inlayHints: 0, codeLenses: 0 },
    progress: [],
    settings: options.settings ?? {},
    appliedEdits: [],
    messages: [],
    messageChoices: [],
    executeCommand: (command, args) => connection.sendRequest('workspace/executeCommand', { command, arguments: args }),
    diagnostics: (uri) => published.get(uri)?.diagnostics,
    waitForDiagnostics(uri, accept = () => true, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const p = published.get(uri);
          if (p && accept(p.diagnostics, p.version)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(p.diagnostics);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(published.get(uri)?.diagnostics.map((d) => `${d.code}@${d.range.start.line}`))}\nstderr: ${stderr}\nlogs: ${session.logs.join('\n')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    waitForStatus(accept, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (session.statuses.some(accept)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching status within ${timeoutMs} ms: ${JSON.stringify(session.statuses)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    open(uri, text, version = 1) {
      void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'csharp', version, text } });
    },
    change(uri, version, changes) {
      void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    },
    close(uri) {
      void connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    },
    async hover(uri, position, label = `hover ${uri}`) {
      const r = await connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
      session.events.push({ kind: 'response', label });
      return r;
    },
    async codeActions(uri, range, diagnostics, only) {
      return (await connection.sendRequest<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } })) ?? [];
    },
    async inlayHints(uri, range) {
      return (await connection.sendRequest<InlayHint[] | null>('textDocument/inlayHint', { textDocument: { uri }, range })) ?? [];
    },
    async codeLenses(uri) {
      return (await connection.sendRequest<CodeLens[] | null>('textDocument/codeLens', { textDocument: { uri } })) ?? [];
    },
    async request<R>(method: string, params: unknown, label = method) {
      const r = await connection.sendRequest<R>(method, params);
      session.events.push({ kind: 'response', label });
      return r;
    },
    changeSettings(settings) {
      session.settings = settings;
      void connection.sendNotification('workspace/didChangeConfiguration', { settings: { asynclens: settings } });
    },
    async shutdown() {
      try {
        await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 3000))]);
        void connection.sendNotification('exit');
      } catch {
        // The process may already be gone.
      }
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 3000);
        child.once('exit', () => { clearTimeout(timer); resolve(); });
      });
      connection.dispose();
    },
  };

  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
    published.set(p.uri, { diagnostics: p.diagnostics, version: p.version });
    session.events.push({ kind: 'diagnostics', uri: p.uri, version: p.version, count: p.diagnostics.length });
    notify();
  });
  connection.onNotification('asynclens/status', (s: Session['statuses'][number]) => {
    session.statuses.push(s);
    notify();
  });
  connection.onNotification('window/logMessage', (m: { message: string }) => { session.logs.push(m.message); });
  connection.onNotification('$/progress', (p: unknown) => { session.progress.push(p); });
  connection.onRequest('workspace/configuration', (p: { items: { scopeUri?: string; section?: string }[] }) => p.items.map(() => session.settings));
  connection.onRequest('client/registerCapability', () => null);
  // Edits the server asks the editor to apply (fix all in the workspace, configure severity), kept for the tests.
  connection.onRequest('workspace/applyEdit', (p: { label?: string; edit: WorkspaceEdit }) => { session.appliedEdits.push(p); return { applied: true }; });
  // A question with choices: the first choice named in session.messageChoices, else none.
  connection.onRequest('window/showMessageRequest', (p: { message: string; actions?: { title: string }[] }) => {
    session.messages.push(p.message);
    return p.actions?.find((a) => session.messageChoices.includes(a.title)) ?? null;
  });
  connection.onNotification('window/showMessage', (p: { message: string }) => { session.messages.push(p.message); });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => { session.refreshes.inlayHints++; return null; });
  connection.onRequest('workspace/codeLens/refresh', () => { session.refreshes.codeLenses++; return null; });
  connection.listen();

  const root = options.workspace;
  session.initializeResult = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: root ? fileUri(root) : null,
    workspaceFolders: root ? [{ uri: fileUri(root), name: path.basename(root) }] : null,
    capabilities: options.capabilities ?? FULL_CAPABILITIES,
  });
  void connection.sendNotification('initialized', {});
  return session;
}

/** Applies a workspace edit's changes for one document to its text (what the editor does with a code action). */
export function applyWorkspaceEdit(text: string, uri: string, edit: WorkspaceEdit): string {
  const edits: TextEdit[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) edits.push(...(change.edits as TextEdit[]));
  }
  edits.push(...(edit.changes?.[uri] ?? []));
  const lines = lineStarts(text);
  const offset = (p: Position) => Math.min((lines[p.line] ?? text.length) + p.character, p.line + 1 < lines.length ? lines[p.line + 1] : text.length);
  const sorted = edits.map((e) => ({ start: offset(e.range.start), end: offset(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The 0-based position of the first occurrence of `needle` (after `after`, when given) in `text`. */
export function positionOf(text: string, needle: string, after?: string): Position {
  const from = after ? text.indexOf(after) : 0;
  const offset = text.indexOf(needle, from < 0 ? 0 : from);
  if (offset < 0) throw new Error(`'${needle}' not found`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}
