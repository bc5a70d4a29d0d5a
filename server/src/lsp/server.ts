/**
 * The AsyncLens language server's protocol thread: capabilities, document sync, settings, file watching,
 * progress and status, and every request handler, each answered from the latest analysis snapshot that the
 * engine thread sends. **Invariant:** this thread never parses or analyses; it only forwards and renders.
 */
import {
  CodeActionKind, CodeLensRefreshRequest, DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, FileChangeType,
  InlayHintRefreshRequest, MarkupKind, ProposedFeatures, TextDocumentSyncKind, WatchKind, createConnection,
  type CancellationToken, type ClientCapabilities, type Connection, type InitializeParams, type InitializeResult,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, SETTINGS_SECTION, analysisSettingsKey, validateSettings, type AsyncLensSettings } from '../config/settings';
import { RULES } from '../rules/registry';
import { startEngine, type EngineClient } from './engineClient';
import type { EngineCommand, EngineEvent, FileChangeKind } from './engine/messages';
import type { DocumentSnapshot, MethodView } from './snapshot';
import {
  CostReportRequest, FIX_ALL_KIND, MethodDetailRequest, StatusNotification, type CostReport, type ServerStatus,
} from './protocol';
import { lineBreakOf, rangeContains } from './convert';
import { fixAllAction, kindRequested, quickFixes, type CodeActionDocument } from './codeActions';
import { codeLensesOf, inlayHintsOf } from './costDisplay';
import { awaitCard, costCard, findingCard, methodDetail, skippedCard } from './markdown';

/** How long a request waits for the snapshot of the document version it was asked about. */
const SNAPSHOT_WAIT_MS = 10_000;
const KNOWN_RULE_IDS = new Set(RULES.map((r) => r.meta.id));

interface SnapshotWaiter {
  version: number;
  resolve(snapshot: DocumentSnapshot | null): void;
}

/** Starts the server on the transport named on the command line (--stdio, --node-ipc, --socket=N, --pipe=NAME). */
export function startServer(engineScript: string): Connection {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new Map<string, TextDocument>();
  const snapshots = new Map<string, DocumentSnapshot>();
  const waiters = new Map<string, SnapshotWaiter[]>();
  const documentSettings = new Map<string, AsyncLensSettings>();
  let globalSettings: AsyncLensSettings = DEFAULT_SETTINGS;
  let capabilities: ClientCapabilities = {};
  let initializationSettings: unknown;
  let folders: string[] = [];
  let engine: EngineClient | null = null;
  const loggedProblems = new Set<string>();
  const status: ServerStatus = { state: 'starting', files: 0, findings: 0, runtime: DEFAULT_SETTINGS.runtime };
  let indexProgress: Promise<WorkDoneProgressServerReporter | null> | null = null;

  const supports = {
    configuration: () => !!capabilities.workspace?.configuration,
    dynamicConfiguration: () => !!capabilities.workspace?.didChangeConfiguration?.dynamicRegistration,
    dynamicWatchers: () => !!capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    inlayHintRefresh: () => !!capabilities.workspace?.inlayHint?.refreshSupport,
    codeLensRefresh: () => !!capabilities.workspace?.codeLens?.refreshSupport,
    versionedEdits: () => !!capabilities.workspace?.workspaceEdit?.documentChanges,
    workDoneProgress: () => !!capabilities.window?.workDoneProgress,
  };

  const log = (level: 'info' | 'warn' | 'error', message: string) => {
    if (level === 'error') connection.console.error(message);
    else if (level === 'warn') connection.console.warn(message);
    else connection.console.log(message);
  };

  /** Messages to a client that went away (or refused) fail; that is no reason to stop the server. */
  function quietly(promise: Promise<unknown>): void {
    promise.catch((err) => {
      if (!connectionClosed) log('warn', `message to the client failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  let connectionClosed = false;
  connection.onExit(() => {
    connectionClosed = true;
  });
  // A last resort: a promise nobody awaited must not end the server (Node ends the process on unhandled rejections).
  process.on('unhandledRejection', (reason) => log('error', `unhandled rejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`));

  /** Every handler goes through this: a bug answers with an empty result and a log line, never a crash. */
  function guarded<P, R>(name: string, fallback: R, handler: (params: P, token?: CancellationToken) => Promise<R> | R) {
    return async (params: P, token?: CancellationToken): Promise<R> => {
      try {
        return await handler(params, token);
      } catch (err) {
        log('error', `${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
        return fallback;
      }
    };
  }

  // ---- status ------------------------------------------------------------------------------------------
  let statusTimer: NodeJS.Timeout | null = null;
  function sendStatus(changes: Partial<ServerStatus> = {}, immediately = false): void {
    Object.assign(status, changes);
    status.runtime = globalSettings.runtime;
    status.findings = [...snapshots.values()].reduce((n, s) => n + s.diagnostics.length, 0);
    if (immediately) {
      if (statusTimer) clearTimeout(statusTimer);
      statusTimer = null;
      quietly(connection.sendNotification(StatusNotification, { ...status }));
      return;
    }
    statusTimer ??= setTimeout(() => {
      statusTimer = null;
      quietly(connection.sendNotification(StatusNotification, { ...status }));
    }, 200);
  }

  // ---- settings ----------------------------------------------------------------------------------------
  function validated(raw: unknown, where: string): AsyncLensSettings {
    const { settings, problems } = validateSettings(raw, KNOWN_RULE_IDS);
    // A bad value usually comes back for every open document: say it once.
    for (const p of problems) {
      if (!loggedProblems.has(p)) {
        loggedProblems.add(p);
        connection.console.warn(`${p}${where ? ` (settings for ${where})` : ''}`);
      }
    }
    return settings;
  }

  /** Pulls settings for the workspace and each open document (per resource, so folder settings apply). */
  async function pullSettings(pushed?: unknown): Promise<void> {
    const uris = [...documents.keys()];
    if (supports.configuration()) {
      try {
        const raw = await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }, ...uris.map((scopeUri) => ({ scopeUri, section: SETTINGS_SECTION }))]);
        globalSettings = validated(raw[0], '');
        uris.forEach((uri, i) => documentSettings.set(uri, validated(raw[i + 1], uri)));
        return;
      } catch (err) {
        log('warn', `could not read settings from the client: ${err instanceof Error ? err.message : String(err)}; using the previous ones`);
        return;
      }
    }
    // Clients without workspace/configuration push settings (didChangeConfiguration) or pass them at start.
    const source = pushed ?? initializationSettings;
    const section = source && typeof source === 'object' && SETTINGS_SECTION in (source as object) ? (source as Record<string, unknown>)[SETTINGS_SECTION] : source;
    globalSettings = validated(section, '');
    for (const uri of uris) documentSettings.set(uri, globalSettings);
  }

  const settingsFor = (uri: string): AsyncLensSettings => documentSettings.get(uri) ?? globalSettings;

  async function settingsForNewDocument(uri: string): Promise<AsyncLensSettings> {
    if (!supports.configuration()) return globalSettings;
    try {
      const [raw] = await connection.workspace.getConfiguration([{ scopeUri: uri, section: SETTINGS_SECTION }]);
      return validated(raw, uri);
    } catch {
      return globalSettings;
    }
  }

  let refreshTimer: NodeJS.Timeout | null = null;
  /** Asks the client to re-request inlay hints and CodeLens (coalesced: several snapshots may arrive at once). */
  function requestRefresh(): void {
    refreshTimer ??= setTimeout(() => {
      refreshTimer = null;
      if (supports.inlayHintRefresh()) quietly(connection.sendRequest(InlayHintRefreshRequest.type));
      if (supports.codeLensRefresh()) quietly(connection.sendRequest(CodeLensRefreshRequest.type));
    }, 100);
  }

  // ---- engine ------------------------------------------------------------------------------------------
  function replay(): EngineCommand[] {
    return [
      { kind: 'init', folders, settings: globalSettings },
      ...[...documents.values()].map((d): EngineCommand => ({ kind: 'open', uri: d.uri, version: d.version, text: d.getText(), settings: settingsFor(d.uri) })),
    ];
  }

  function onEngineEvent(event: EngineEvent): void {
    switch (event.kind) {
      case 'snapshot':
        acceptSnapshot(event.snapshot);
        return;
      case 'indexing':
        onIndexing(event);
        return;
      case 'log':
        log(event.level, event.message);
        return;
      case 'fatal':
        log('error', event.message);
        sendStatus({ state: 'error', message: event.message }, true);
        return;
      case 'ready':
        return;
      case 'response':
        return;
    }
  }

  /** The texts of a snapshot's lenses and hints, without their positions (edits move those, not the words). */
  function presentationOf(snapshot: DocumentSnapshot, settings: AsyncLensSettings): string {
    const lenses = codeLensesOf(snapshot, settings).map((l) => l.command?.title ?? '');
    const hints = inlayHintsOf(snapshot, { start: { line: 0, character: 0 }, end: { line: Number.MAX_SAFE_INTEGER, character: 0 } }, settings)
      .map((h) => (typeof h.label === 'string' ? h.label : h.label.map((part) => part.value).join('')));
    return JSON.stringify([lenses, hints]);
  }

  function acceptSnapshot(snapshot: DocumentSnapshot): void {
    const doc = documents.get(snapshot.uri);
    if (!doc) return;
    const previous = snapshots.get(snapshot.uri);
    if (previous && previous.version > snapshot.version) return;
    snapshots.set(snapshot.uri, snapshot);
    // A snapshot of an older version than the editor's would put squiggles in the wrong places: wait for the next.
    if (snapshot.version === doc.version) {
      quietly(connection.sendDiagnostics({ uri: snapshot.uri, version: snapshot.version, diagnostics: snapshot.diagnostics }));
    }
    const list = waiters.get(snapshot.uri);
    if (list) {
      const remaining = list.filter((w) => {
        if (snapshot.version < w.version) return true;
        w.resolve(snapshot.version === w.version ? snapshot : null);
        return false;
      });
      if (remaining.length) waiters.set(snapshot.uri, remaining);
      else waiters.delete(snapshot.uri);
    }
    // Hints and lenses follow snapshots that change without an edit (settings, other files, the index).
    // Editors re-request lenses and hints after an edit on their own, but some (the VS Code workbench when the
    // editor loses focus) drop that request: ask again whenever what the lenses or hints say has changed.
    if (!previous || previous.version === snapshot.version || previous.settingsKey !== snapshot.settingsKey ||
      presentationOf(previous, settingsFor(snapshot.uri)) !== presentationOf(snapshot, settingsFor(snapshot.uri))) requestRefresh();
    if (globalSettings.trace.server === 'verbose') {
      const t = snapshot.timings;
      log('info', `analysed ${snapshot.uri} v${snapshot.version}: ${snapshot.diagnostics.length} findings, ${snapshot.methods.length} async methods; parse+model ${t.parseAndModel.toFixed(1)} ms, rules ${t.rules.toFixed(1)} ms, costs ${t.costs.toFixed(1)} ms`);
    }
    sendStatus();
  }

  function onIndexing(event: Extract<EngineEvent, { kind: 'indexing' }>): void {
    if (event.state === 'begin') {
      sendStatus({ state: 'indexing', files: event.files, message: event.message }, true);
      indexProgress = supports.workDoneProgress()
        ? connection.window.createWorkDoneProgress().then((p) => {
          p.begin('AsyncLens: indexing C# files', 0, event.message, true);
          p.token.onCancellationRequested(() => engine?.send({ kind: 'cancelIndexing' }));
          return p;
        }, () => null)
        : Promise.resolve(null);
      return;
    }
    const progress = indexProgress;
    if (event.state === 'report') {
      if (progress) quietly(progress.then((p) => p?.report(event.total ? Math.floor((event.done / event.total) * 100) : 0, event.message)));
      sendStatus({ files: event.files, message: event.message });
      return;
    }
    indexProgress = null;
    log('info', event.message);
    // The status says "ready" once the progress has ended, so a client sees them in that order.
    const finish = () => sendStatus({ state: 'ready', files: event.files, message: event.message }, true);
    if (progress) quietly(progress.then((p) => p?.done()).finally(finish));
    else finish();
  }

  /** The snapshot of the document's current version, waiting (briefly) for the engine when it is behind. */
  function snapshotFor(uri: string, token?: CancellationToken): Promise<DocumentSnapshot | null> {
    const doc = documents.get(uri);
    if (!doc) return Promise.resolve(null);
    const current = snapshots.get(uri);
    if (current && current.version === doc.version) return Promise.resolve(current);
    engine?.send({ kind: 'flush', uri });
    return new Promise((resolve) => {
      let settled = false;
      const waiter: SnapshotWaiter = {
        version: doc.version,
        resolve: (s) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(s);
        },
      };
      const timer = setTimeout(() => waiter.resolve(null), SNAPSHOT_WAIT_MS);
      token?.onCancellationRequested(() => waiter.resolve(null));
      const list = waiters.get(uri) ?? [];
      list.push(waiter);
      waiters.set(uri, list);
    });
  }

  // ---- lifecycle ---------------------------------------------------------------------------------------
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    capabilities = params.capabilities;
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    initializationSettings = options?.settings ?? options;
    folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
        inlayHintProvider: { resolveProvider: false },
        codeLensProvider: { resolveProvider: false },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'asynclens', version: '0.1.0' },
    };
  });

  connection.onInitialized(guarded('initialized', undefined, async () => {
    if (supports.dynamicConfiguration()) quietly(connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }));
    if (supports.dynamicWatchers()) {
      quietly(connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [
          { globPattern: '**/*.cs', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          { globPattern: '**/.editorconfig', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          // Project files decide targets, symbols, NoWarn and test projects.
          { globPattern: '**/*.{csproj,props,targets,sln,slnx}', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
        ],
      }));
    }
    if (capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = e.removed.map((f) => f.uri);
        folders = [...folders.filter((f) => !removed.includes(f)), ...e.added.map((f) => f.uri)];
        engine?.send({ kind: 'folders', added: e.added.map((f) => f.uri), removed });
      });
    }
    await pullSettings();
    sendStatus({}, true);
    engine = startEngine({
      script: engineScript,
      onEvent: onEngineEvent,
      replay,
      log,
      onGiveUp: (message) => {
        log('error', message);
        sendStatus({ state: 'error', message }, true);
      },
    });
    for (const command of replay()) engine.send(command);
  }));

  connection.onShutdown(async () => {
    const e = engine;
    engine = null;
    await e?.dispose();
  });

  // ---- documents ---------------------------------------------------------------------------------------
  connection.onDidOpenTextDocument(guarded('didOpen', undefined, async ({ textDocument: t }) => {
    const doc = TextDocument.create(t.uri, t.languageId, t.version, t.text);
    documents.set(t.uri, doc);
    snapshots.delete(t.uri);
    const settings = await settingsForNewDocument(t.uri);
    // The document may have changed or closed while its settings were fetched.
    const latest = documents.get(t.uri);
    if (!latest) return;
    documentSettings.set(t.uri, settings);
    engine?.send({ kind: 'open', uri: t.uri, version: latest.version, text: latest.getText(), settings });
  }));

  connection.onDidChangeTextDocument(guarded('didChange', undefined, ({ textDocument: t, contentChanges }) => {
    const doc = documents.get(t.uri);
    if (!doc) return;
    documents.set(t.uri, TextDocument.update(doc, contentChanges, t.version));
    // Before its settings arrived the engine does not know the document; didOpen sends the current text then.
    if (documentSettings.has(t.uri)) {
      engine?.send({ kind: 'change', uri: t.uri, version: t.version, changes: contentChanges.map((c) => ('range' in c ? { range: c.range, text: c.text } : { text: c.text })) });
    }
  }));

  connection.onDidCloseTextDocument(guarded('didClose', undefined, ({ textDocument: t }) => {
    documents.delete(t.uri);
    snapshots.delete(t.uri);
    documentSettings.delete(t.uri);
    for (const w of waiters.get(t.uri) ?? []) w.resolve(null);
    waiters.delete(t.uri);
    engine?.send({ kind: 'close', uri: t.uri });
    quietly(connection.sendDiagnostics({ uri: t.uri, diagnostics: [] }));
    sendStatus();
  }));

  connection.onDidChangeConfiguration(guarded('didChangeConfiguration', undefined, async (params) => {
    const before = new Map([...documents.keys()].map((uri) => [uri, settingsFor(uri)]));
    loggedProblems.clear();
    await pullSettings(params.settings);
    engine?.send({ kind: 'settings', global: globalSettings, documents: [...documents.keys()].map((uri) => ({ uri, settings: settingsFor(uri) })) });
    // Presentation settings (hints, lenses, threshold) need no analysis; analysis settings bring new snapshots, which refresh too.
    const presentationChanged = [...before].some(([uri, old]) => {
      const now = settingsFor(uri);
      return old.inlayHints !== now.inlayHints || old.codeLens !== now.codeLens || old.costThreshold !== now.costThreshold;
    });
    if (presentationChanged) requestRefresh();
    if ([...before].some(([uri, old]) => analysisSettingsKey(old) !== analysisSettingsKey(settingsFor(uri)))) sendStatus({}, true);
  }));

  connection.onDidChangeWatchedFiles(guarded('didChangeWatchedFiles', undefined, ({ changes }) => {
    const type = (t: FileChangeType): FileChangeKind => (t === FileChangeType.Created ? 'created' : t === FileChangeType.Deleted ? 'deleted' : 'changed');
    engine?.send({ kind: 'watched', changes: changes.map((c) => ({ uri: c.uri, type: type(c.type) })) });
  }));

  // ---- requests ----------------------------------------------------------------------------------------
  connection.onHover(guarded('hover', null, async ({ textDocument, position }, token) => {
    const snapshot = await snapshotFor(textDocument.uri, token);
    if (!snapshot) return null;
    const method = snapshot.methods.find((m) => rangeContains(m.nameRange, position));
    // The cost card lists the method's findings itself; elsewhere the findings under the cursor follow the card.
    if (method) return { contents: { kind: MarkupKind.Markdown, value: costCard(method) }, range: method.nameRange };
    const skipped = snapshot.skipped.find((s) => rangeContains(s.range, position));
    if (skipped) return { contents: { kind: MarkupKind.Markdown, value: skippedCard(skipped) }, range: skipped.range };
    const flagged = snapshot.diagnostics.filter((d) => rangeContains(d.range, position));
    const findings = flagged.map(findingCard);
    for (const m of snapshot.methods) {
      const a = m.awaits.find((x) => rangeContains(x.keywordRange, position));
      if (a) return { contents: { kind: MarkupKind.Markdown, value: [awaitCard(m, a), ...findings].join('\n\n---\n\n') }, range: a.keywordRange };
    }
    if (flagged.length) return { contents: { kind: MarkupKind.Markdown, value: findings.join('\n\n---\n\n') }, range: flagged[0].range };
    return null;
  }));

  connection.onCodeAction(guarded('codeAction', [], async ({ textDocument, context }, token) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return [];
    const snapshot = await snapshotFor(textDocument.uri, token);
    const text = doc.getText();
    const actionDoc: CodeActionDocument = {
      uri: doc.uri,
      version: doc.version,
      lineText: (line) => doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, ''),
      lineBreak: lineBreakOf(text),
      versionedEdits: supports.versionedEdits(),
    };
    const actions = kindRequested(CodeActionKind.QuickFix, context.only) ? quickFixes(actionDoc, context.diagnostics, snapshot) : [];
    // Source actions only when asked for (Source Action menu, code actions on save), not in every light bulb.
    if (snapshot && context.only && kindRequested(FIX_ALL_KIND, context.only)) {
      const fixAll = fixAllAction(actionDoc, snapshot);
      if (fixAll) actions.push(fixAll);
    }
    return actions;
  }));

  connection.languages.inlayHint.on(guarded('inlayHint', [], async ({ textDocument, range }, token) => {
    const snapshot = await snapshotFor(textDocument.uri, token);
    return snapshot ? inlayHintsOf(snapshot, range, settingsFor(textDocument.uri)) : [];
  }));

  connection.onCodeLens(guarded('codeLens', [], async ({ textDocument }, token) => {
    const snapshot = await snapshotFor(textDocument.uri, token);
    return snapshot ? codeLensesOf(snapshot, settingsFor(textDocument.uri)) : [];
  }));

  connection.onRequest(CostReportRequest, guarded('asynclens/costReport', { runtime: globalSettings.runtime, methods: [] } as CostReport, async (params) => {
    if (!engine) return { runtime: globalSettings.runtime, methods: [] };
    return (await engine.request({ method: 'costReport', params: params ?? {} })) as CostReport;
  }));

  connection.onRequest(MethodDetailRequest, guarded('asynclens/methodDetail', null, async (params) => {
    if (!engine || !params?.uri) return null;
    if (documents.has(params.uri)) await snapshotFor(params.uri);
    const view = (await engine.request({ method: 'methodViewAt', params, runtime: settingsFor(params.uri).runtime })) as MethodView | null;
    return view ? { markdown: methodDetail(view) } : null;
  }));

  connection.listen();
  return connection;
}
