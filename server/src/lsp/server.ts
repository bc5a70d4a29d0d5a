/**
 * The AsyncLens language server's protocol thread: capabilities, document sync, settings, file watching,
 * progress and status, and every request handler, each answered from the latest analysis snapshot that the
 * engine thread sends. **Invariant:** this thread never parses or analyses; it only forwards and renders.
 */
import {
  CodeActionKind, CodeLensRefreshRequest, DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, FileChangeType,
  InlayHintRefreshRequest, MarkupKind, NotificationType, ProposedFeatures, RequestType, TextDocumentSyncKind, WatchKind, createConnection,
  type CancellationToken, type ClientCapabilities, type Connection, type InitializeParams, type InitializeResult,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { DEFAULT_SETTINGS, SETTINGS_SECTION, analysisSettingsKey, validateSettings, type AsyncLensSettings } from '../config/settings';
import { RULES } from '../rules/registry';
import { startEngine, type EarlyEngine, type EngineClient } from './engineClient';
import type { EngineCommand, EngineEvent, FileChangeKind } from './engine/messages';
import type { DocumentSnapshot, MethodView } from './snapshot';
import {
  CONFIGURE_SEVERITY_COMMAND, COST_REPORT_METHOD, DOCUMENT_STATE_METHOD, FIX_ALL_IN_WORKSPACE_COMMAND, FIX_ALL_KIND, METHOD_DETAIL_METHOD, SERVER_COMMANDS,
  STATUS_METHOD, type CostReport, type CostReportParams, type DocumentState, type DocumentStateParams, type MethodDetail, type MethodDetailParams,
  type ServerStatus,
} from './protocol';
import type { RuleFixes } from './engine/messages';
import { EDITORCONFIG_SEVERITIES, editorconfigCandidates, withSeverity, type EditorconfigSeverity } from './editorconfigEdit';
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lineBreakOf, lineTextOf, positionFrom, rangeContains } from './convert';
import { createDocumentStore, textDigest, type SyncedDocument } from './textSync';
import { fixAllAction, kindRequested, quickFixes, type CodeActionDocument } from './codeActions';
import { codeLensesOf, inlayHintsOf } from './costDisplay';
import { staleDiagnosticsOf, withStaleResults } from './staleResults';
import { awaitCard, costCard, findingCard, methodDetail, skippedCard } from './markdown';
import { publishable } from './diagnostics';
import { receivedMethods, type KeptMethods } from './snapshotTransfer';

/** How long a request waits for the snapshot of the document version it was asked about. */
const SNAPSHOT_WAIT_MS = 10_000;
const KNOWN_RULE_IDS = new Set(RULES.map((r) => r.meta.id));

interface SnapshotWaiter {
  /** The server's revision of the text whose snapshot is awaited. */
  revision: number;
  resolve(snapshot: DocumentSnapshot | null): void;
}

// The custom messages of protocol.ts, typed for the connection.
const CostReportRequest = new RequestType<CostReportParams, CostReport, void>(COST_REPORT_METHOD);
const MethodDetailRequest = new RequestType<MethodDetailParams, MethodDetail, void>(METHOD_DETAIL_METHOD);
const StatusNotification = new NotificationType<ServerStatus>(STATUS_METHOD);
const DocumentStateRequest = new RequestType<DocumentStateParams, DocumentState | null, void>(DOCUMENT_STATE_METHOD);

/**
 * Starts the server on the transport named on the command line (--stdio, --node-ipc, --socket=N, --pipe=NAME).
 * `early`: the engine thread, when main.ts started it before this thread loaded (engineClient.ts startEngineEarly).
 */
export function startServer(engineScript: string, early?: EarlyEngine): Connection {
  const connection = createConnection(ProposedFeatures.all);
  const documents = createDocumentStore();
  /** Resyncs in a row per document: a digest that keeps differing after the whole text was sent is a bug, not drift. */
  const resyncs = new Map<string, number>();
  const snapshots = new Map<string, DocumentSnapshot>();
  /** Diagnostics published ahead of their snapshot (acceptEarlyDiagnostics), by URI: the revision and how many. */
  const earlyDiagnostics = new Map<string, { revision: number; count: number }>();
  const waiters = new Map<string, SnapshotWaiter[]>();
  /** The method views of the last snapshot received per document, which the engine's next one may refer to. */
  const receivedViews = new Map<string, KeptMethods>();
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
        if (err instanceof MalformedParams) log('warn', `${name}: ${err.message}; answered empty`);
        else log('error', `${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
        return fallback;
      }
    };
  }

  /** The document URI of a request's params, or a MalformedParams error the guard logs in one line. */
  function uriOf(params: unknown): string {
    const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
    if (typeof uri !== 'string') throw new MalformedParams('params without a textDocument uri');
    return uri;
  }

  // ---- status ------------------------------------------------------------------------------------------
  let statusTimer: NodeJS.Timeout | null = null;
  function sendStatus(changes: Partial<ServerStatus> = {}, immediately = false): void {
    Object.assign(status, changes);
    status.runtime = globalSettings.runtime;
    status.findings = [...snapshots.values()].reduce((n, s) => n + s.diagnostics.length, 0);
    // Hints are findings too, but the Problems panel does not list them: the status says how many there are.
    status.hints = [...snapshots.values()].reduce((n, s) => n + s.diagnostics.filter((d) => d.severity === 4).length, 0);
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
    const uris = documents.all().map((d) => d.uri);
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
      ...documents.all().filter((d) => documentSettings.has(d.uri))
        .map((d): EngineCommand => ({ kind: 'open', uri: d.uri, version: d.revision, text: d.text, settings: settingsFor(d.uri) })),
    ];
  }

  function onEngineEvent(event: EngineEvent): void {
    switch (event.kind) {
      case 'snapshot': {
        // The method views come as a difference from the last list received for the document (snapshotTransfer.ts).
        const uri = event.snapshot.uri;
        const views = receivedMethods(event.methods, receivedViews.get(uri) ?? null);
        if (!views) {
          receivedViews.delete(uri);
          engine?.send({ kind: 'resendSnapshot', uri });
          return;
        }
        receivedViews.set(uri, { id: event.methods.id, views });
        acceptSnapshot({ ...event.snapshot, methods: views });
        return;
      }
      case 'diagnostics':
        acceptEarlyDiagnostics(event);
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
    // Asked of each snapshot twice (as the new one, then as the previous one): every lens and hint of a large file.
    const known = presentations.get(snapshot);
    if (known && known.settings === settings) return known.text;
    const text = computePresentation(snapshot, settings);
    presentations.set(snapshot, { settings, text });
    return text;
  }

  const presentations = new WeakMap<DocumentSnapshot, { settings: AsyncLensSettings; text: string }>();

  function computePresentation(snapshot: DocumentSnapshot, settings: AsyncLensSettings): string {
    const lenses = codeLensesOf(snapshot, settings).map((l) => l.command?.title ?? '');
    const hints = inlayHintsOf(snapshot, { start: { line: 0, character: 0 }, end: { line: Number.MAX_SAFE_INTEGER, character: 0 } }, settings, () => '')
      .map((h) => (typeof h.label === 'string' ? h.label : h.label.map((part) => part.value).join('')));
    return JSON.stringify([lenses, hints]);
  }

  /**
   * Sends the engine the whole text of a document whose copy there differs from this one (the snapshot's text
   * digest says so), under a new revision; the snapshot of the drifted text is never shown.
   */
  function resync(doc: SyncedDocument, engineDigest: string): void {
    const count = (resyncs.get(doc.uri) ?? 0) + 1;
    resyncs.set(doc.uri, count);
    if (count > 3) {
      if (count === 4) log('error', `${doc.uri}: the engine's copy still differs after ${count - 1} resyncs; its findings are not shown (restart the server)`);
      return;
    }
    log('warn', `${doc.uri}: the analysis engine's copy of revision ${doc.revision} differs from the editor's (${engineDigest} vs ${textDigest(documents.positioned(doc))}); sending it the whole text`);
    documents.resync(doc);
    engine?.send({ kind: 'open', uri: doc.uri, version: doc.revision, text: doc.text, settings: settingsFor(doc.uri) });
  }

  /**
   * A large document's diagnostics, ahead of its snapshot (engine.ts sends them before the cost estimates): published
   * when they are of the editor's current text, as a snapshot's would be. The snapshot that follows carries the same
   * diagnostics, so it publishes again only if they differ in number (costs that ran out of time add one).
   */
  function acceptEarlyDiagnostics(event: { uri: string; revision: number; textDigest: string; diagnostics: DocumentSnapshot['diagnostics']; skipped: DocumentSnapshot['skipped']; showAt?: number }): void {
    const doc = documents.get(event.uri);
    if (!doc || !earlyStillShown(doc, event)) return;
    // A drifted copy is resynced when its snapshot arrives; until then nothing of it is shown.
    if (event.textDigest !== textDigest(documents.positioned(doc))) return;
    // Sent before the edit's debounce ended: shown when it ends, unless the text changes first (a person who keeps
    // typing sees no results of text already changed) or the snapshot of this revision came first.
    const wait = event.showAt === undefined ? 0 : event.showAt - (performance.timeOrigin + performance.now());
    if (wait > 1) {
      setTimeout(() => {
        if (earlyStillShown(doc, event)) publishEarlyDiagnostics(doc, event);
      }, wait);
      return;
    }
    publishEarlyDiagnostics(doc, event);
  }

  /** Whether early diagnostics of `event.revision` are still for `doc`'s text: the same open document, that revision, no snapshot of it or later yet. */
  function earlyStillShown(doc: NonNullable<ReturnType<typeof documents.get>>, event: { uri: string; revision: number }): boolean {
    if (documents.get(event.uri) !== doc || doc.revision !== event.revision) return false;
    const shown = snapshots.get(event.uri);
    return !shown || shown.revision < event.revision;
  }

  function publishEarlyDiagnostics(doc: NonNullable<ReturnType<typeof documents.get>>, event: { uri: string; revision: number; diagnostics: DocumentSnapshot['diagnostics']; skipped: DocumentSnapshot['skipped'] }): void {
    const previous = snapshots.get(event.uri);
    // A method with a syntax error mid-edit keeps its last good diagnostics, as in the snapshot that follows.
    // The engine sent its own without notes; the carried ones come from the shown snapshot, which keeps them.
    const stale = staleDiagnosticsOf(previous, event.uri, event.revision, event.skipped, previous ? documents.editsBetween(doc, previous.revision, event.revision) : null);
    const diagnostics = stale.length === 0 ? event.diagnostics : [...event.diagnostics, ...publishable(stale)];
    earlyDiagnostics.set(event.uri, { revision: event.revision, count: diagnostics.length });
    quietly(connection.sendDiagnostics({ uri: event.uri, version: doc.version, diagnostics }));
  }

  function acceptSnapshot(computed: DocumentSnapshot): void {
    const doc = documents.get(computed.uri);
    if (!doc) return;
    const previous = snapshots.get(computed.uri);
    if (previous && previous.revision > computed.revision) return;
    if (computed.revision === doc.revision) {
      if (computed.textDigest !== textDigest(documents.positioned(doc))) {
        resync(doc, computed.textDigest);
        return;
      }
      resyncs.delete(doc.uri);
    }
    // A method with a syntax error mid-edit keeps its last good results, marked stale (staleResults.ts).
    const snapshot = withStaleResults(previous, computed, previous ? documents.editsBetween(doc, previous.revision, computed.revision) : null);
    documents.forgetEditsThrough(doc, computed.revision);
    snapshots.set(snapshot.uri, snapshot);
    // A snapshot of an older text than the editor's would put squiggles in the wrong places: wait for the next.
    const early = earlyDiagnostics.get(snapshot.uri);
    earlyDiagnostics.delete(snapshot.uri);
    const publishedEarly = early !== undefined && early.revision === snapshot.revision && early.count === snapshot.diagnostics.length;
    if (snapshot.revision === doc.revision && !publishedEarly) {
      quietly(connection.sendDiagnostics({ uri: snapshot.uri, version: doc.version, diagnostics: publishable(snapshot.diagnostics) }));
    }
    const list = waiters.get(snapshot.uri);
    if (list) {
      const remaining = list.filter((w) => {
        if (snapshot.revision < w.revision) return true;
        w.resolve(snapshot.revision === w.revision ? snapshot : null);
        return false;
      });
      if (remaining.length) waiters.set(snapshot.uri, remaining);
      else waiters.delete(snapshot.uri);
    }
    // Hints and lenses follow snapshots that change without an edit (settings, other files, the index).
    // Editors re-request lenses and hints after an edit on their own, but some (the VS Code workbench when the
    // editor loses focus) drop that request: ask again whenever what the lenses or hints say has changed.
    if (!previous || previous.revision === snapshot.revision || previous.settingsKey !== snapshot.settingsKey ||
      presentationOf(previous, settingsFor(snapshot.uri)) !== presentationOf(snapshot, settingsFor(snapshot.uri))) requestRefresh();
    if (globalSettings.trace.server === 'verbose') {
      const t = snapshot.timings;
      log('info', `analysed ${snapshot.uri} v${doc.version} (revision ${snapshot.revision}): ${snapshot.diagnostics.length} findings, ${snapshot.methods.length} async methods; parse+model ${t.parseAndModel.toFixed(1)} ms, rules ${t.rules.toFixed(1)} ms, costs ${t.costs.toFixed(1)} ms${t.modelBuiltBeforeAsked ? `; the model was built${t.modelSentBeforeAsked ? ' and sent' : ''} during the debounce` : ''}${t.analysedDuringDebounce ? '; analysed during the debounce, shown when it ended' : ''}${t.sinceEdit ? `; after the edit: model ${t.sinceEdit.model.toFixed(1)} ms, rules done ${t.sinceEdit.rules.toFixed(1)} ms` : ''}${publishedEarly ? '; diagnostics shown before the costs' : ''}`);
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

  /** The snapshot of the document's current text, waiting (briefly) for the engine when it is behind. */
  function snapshotFor(uri: string, token?: CancellationToken): Promise<DocumentSnapshot | null> {
    const doc = documents.get(uri);
    if (!doc) return Promise.resolve(null);
    const current = snapshots.get(uri);
    if (current && current.revision === doc.revision) return Promise.resolve(current);
    if (token?.isCancellationRequested) return Promise.resolve(null);
    engine?.send({ kind: 'flush', uri });
    return new Promise((resolve) => {
      let settled = false;
      const waiter: SnapshotWaiter = {
        revision: doc.revision,
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
        executeCommandProvider: { commands: SERVER_COMMANDS },
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
          { globPattern: '**/*.razor', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          { globPattern: '**/.editorconfig', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          // Global analyzer configs: .globalconfig and the files projects list as EditorConfigFiles or
          // GlobalAnalyzerConfigFiles items, which are named *.globalconfig or *.editorconfig by convention.
          { globPattern: '**/{.globalconfig,*.globalconfig,*.editorconfig}', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          // Project files decide targets, symbols, NoWarn and test projects; a .nuspec, whether a project is a published library.
          { globPattern: '**/*.{csproj,props,targets,sln,slnx,nuspec}', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
          // FodyWeavers.xml configures ConfigureAwait.Fody, which decides whether the project's awaits are configured.
          { globPattern: '**/FodyWeavers.xml', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
        ],
      }));
    }
    if (capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(guarded('didChangeWorkspaceFolders', undefined, (e) => {
        const urisOf = (list: unknown) => (Array.isArray(list) ? list.map((f) => f?.uri).filter((u): u is string => typeof u === 'string') : []);
        const added = urisOf(e?.added);
        const removed = urisOf(e?.removed);
        folders = [...folders.filter((f) => !removed.includes(f)), ...added];
        engine?.send({ kind: 'folders', added, removed });
      }));
    }
    await pullSettings();
    sendStatus({}, true);
    const handlers = {
      onEvent: onEngineEvent,
      replay,
      log,
      onGiveUp: (message: string) => {
        log('error', message);
        sendStatus({ state: 'error', message }, true);
      },
    };
    engine = early ? early.attach(handlers) : startEngine({ script: engineScript, ...handlers });
    early = undefined;
    for (const command of replay()) engine.send(command);
  }));

  connection.onShutdown(async () => {
    const e = engine;
    engine = null;
    await e?.dispose();
    // Shut down before `initialized`: the engine started early was never attached.
    await early?.dispose();
    early = undefined;
  });

  // ---- documents ---------------------------------------------------------------------------------------
  /** Requests waiting for a document's snapshot get nothing: the document closed or was opened anew. */
  function releaseWaiters(uri: string): void {
    for (const w of waiters.get(uri) ?? []) w.resolve(null);
    waiters.delete(uri);
  }

  // Each notification is validated and converted once (textSync.ts); a malformed one changes nothing and says why.
  connection.onDidOpenTextDocument(guarded('didOpen', undefined, async (params) => {
    const opened = documents.open(params);
    if ('error' in opened) throw new MalformedParams(opened.error);
    const uri = opened.uri;
    snapshots.delete(uri);
    receivedViews.delete(uri);
    earlyDiagnostics.delete(uri);
    resyncs.delete(uri);
    releaseWaiters(uri);
    const settings = await settingsForNewDocument(uri);
    // The document may have changed or closed while its settings were fetched.
    const latest = documents.get(uri);
    if (!latest) return;
    documentSettings.set(uri, settings);
    engine?.send({ kind: 'open', uri, version: latest.revision, text: latest.text, settings });
    // The first diagnostics are checked against the text's digest, which needs its line starts (acceptEarlyDiagnostics):
    // on a 3 MB document about 0.1 s, computed now, while the engine analyses, rather than when they arrive.
    setImmediate(() => {
      const current = documents.get(uri);
      if (current) textDigest(documents.positioned(current));
    });
  }));

  connection.onDidChangeTextDocument(guarded('didChange', undefined, (params) => {
    const changed = documents.change(params);
    if (!changed) return;
    if ('error' in changed) throw new MalformedParams(`${changed.error}; the notification was not applied`);
    const { document, changes } = changed;
    // Before its settings arrived the engine does not know the document; didOpen sends the current text then.
    if (documentSettings.has(document.uri)) {
      engine?.send({ kind: 'change', uri: document.uri, version: document.revision, changes });
    }
  }));

  connection.onDidCloseTextDocument(guarded('didClose', undefined, (params) => {
    const uri = uriOf(params);
    if (!documents.close(uri)) return;
    snapshots.delete(uri);
    receivedViews.delete(uri);
    earlyDiagnostics.delete(uri);
    resyncs.delete(uri);
    const known = documentSettings.delete(uri);
    releaseWaiters(uri);
    if (known) engine?.send({ kind: 'close', uri });
    quietly(connection.sendDiagnostics({ uri, diagnostics: [] }));
    sendStatus();
  }));

  connection.onDidChangeConfiguration(guarded('didChangeConfiguration', undefined, async (params) => {
    const before = new Map(documents.all().map((d) => [d.uri, settingsFor(d.uri)]));
    loggedProblems.clear();
    await pullSettings(params.settings);
    engine?.send({ kind: 'settings', global: globalSettings, documents: documents.all().map((d) => ({ uri: d.uri, settings: settingsFor(d.uri) })) });
    // Presentation settings (hints, lenses, threshold) need no analysis; analysis settings bring new snapshots, which refresh too.
    const presentationChanged = [...before].some(([uri, old]) => {
      const now = settingsFor(uri);
      return old.inlayHints !== now.inlayHints || old.codeLens !== now.codeLens || old.costThreshold !== now.costThreshold;
    });
    if (presentationChanged) requestRefresh();
    if ([...before].some(([uri, old]) => analysisSettingsKey(old) !== analysisSettingsKey(settingsFor(uri)))) sendStatus({}, true);
  }));

  connection.onDidChangeWatchedFiles(guarded('didChangeWatchedFiles', undefined, (params) => {
    const type = (t: FileChangeType): FileChangeKind => (t === FileChangeType.Created ? 'created' : t === FileChangeType.Deleted ? 'deleted' : 'changed');
    const changes = Array.isArray(params?.changes) ? params.changes.filter((c) => c && typeof c.uri === 'string') : [];
    engine?.send({ kind: 'watched', changes: changes.map((c) => ({ uri: c.uri, type: type(c.type) })) });
  }));

  // ---- requests ----------------------------------------------------------------------------------------
  connection.onHover(guarded('hover', null, async (params, token) => {
    const uri = uriOf(params);
    const position = positionFrom(params.position);
    if (!position) throw new MalformedParams('hover without a position');
    const snapshot = await snapshotFor(uri, token);
    if (!snapshot) return null;
    const method = snapshot.methods.find((m) => rangeContains(m.nameRange, position));
    // The cost card lists the method's findings itself; elsewhere the findings under the cursor follow the card.
    if (method) return { contents: { kind: MarkupKind.Markdown, value: costCard(method, uri) }, range: method.nameRange };
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

  connection.onCodeAction(guarded('codeAction', [], async (params, token) => {
    const uri = uriOf(params);
    const context = params.context && typeof params.context === 'object' ? params.context : { diagnostics: [] };
    if (!Array.isArray(context.diagnostics)) throw new MalformedParams('codeAction without a list of diagnostics');
    if (context.only !== undefined && !(Array.isArray(context.only) && context.only.every((k) => typeof k === 'string'))) throw new MalformedParams('codeAction with a malformed `only`');
    if (!documents.get(uri)) return [];
    const snapshot = await snapshotFor(uri, token);
    // The document may have changed while the snapshot was awaited: the actions are for the text as it is now.
    const doc = documents.get(uri);
    if (!doc) return [];
    const actionDoc: CodeActionDocument = {
      uri: doc.uri,
      version: doc.version,
      revision: doc.revision,
      lineText: (line) => lineTextOf(documents.positioned(doc), line),
      lineBreak: lineBreakOf(doc.text),
      versionedEdits: supports.versionedEdits(),
    };
    // Diagnostics the client hands back are its own data: those without a readable range are passed over.
    const diagnostics = context.diagnostics.filter((d) => d && typeof d === 'object' && positionFrom(d.range?.start) && positionFrom(d.range?.end));
    const actions = kindRequested(CodeActionKind.QuickFix, context.only) ? quickFixes(actionDoc, diagnostics, snapshot) : [];
    // Source actions only when asked for (Source Action menu, code actions on save), not in every light bulb.
    if (snapshot && context.only && kindRequested(FIX_ALL_KIND, context.only)) {
      const fixAll = fixAllAction(actionDoc, snapshot);
      if (fixAll) actions.push(fixAll);
    }
    return actions;
  }));

  connection.onExecuteCommand(guarded('executeCommand', null, async (params) => {
    const args = Array.isArray(params?.arguments) ? params.arguments : [];
    const ruleId = typeof args[0] === 'string' ? args[0].toUpperCase() : '';
    if (!KNOWN_RULE_IDS.has(ruleId)) throw new MalformedParams(`${params?.command}: ${JSON.stringify(args[0])} is not an AsyncLens rule id`);
    if (params.command === FIX_ALL_IN_WORKSPACE_COMMAND) return fixAllInWorkspace(ruleId, args[1] === 'unsafe' ? 'unsafe' : 'safe');
    if (params.command === CONFIGURE_SEVERITY_COMMAND) return configureSeverity(ruleId, typeof args[1] === 'string' ? args[1] : '', args[2]);
    throw new MalformedParams(`unknown command ${JSON.stringify(params?.command)}`);
  }));

  /** Applies every fix of one rule at one safety in the workspace's files, and says how many it applied where. */
  async function fixAllInWorkspace(ruleId: string, safety: 'safe' | 'unsafe'): Promise<null> {
    if (!engine) return null;
    const fixes = (await engine.request({ method: 'ruleFixes', params: { ruleId, safety } })) as RuleFixes;
    const count = fixes.files.reduce((n, f) => n + f.count, 0);
    if (count === 0) {
      connection.window.showInformationMessage(`AsyncLens: no ${safety} fix of ${ruleId} to apply in the workspace.`);
      return null;
    }
    const changes = Object.fromEntries(fixes.files.map((f) => [f.uri, f.edits]));
    const result = await connection.workspace.applyEdit({ label: `Fix all ${ruleId} in the workspace`, edit: { changes } });
    connection.window.showInformationMessage(result.applied
      ? `AsyncLens: applied ${count} ${safety} fix${count === 1 ? '' : 'es'} of ${ruleId} in ${fixes.files.length} file${fixes.files.length === 1 ? '' : 's'}.`
      : `AsyncLens: the editor did not apply the fixes of ${ruleId}${result.failureReason ? `: ${result.failureReason}` : ''}.`);
    return null;
  }

  /**
   * Writes `dotnet_diagnostic.<ruleId>.severity` into the .editorconfig nearest the document (asking for the level
   * when the command does not carry one), or creates one at the root of the document's workspace folder.
   */
  async function configureSeverity(ruleId: string, uri: string, requested: unknown): Promise<null> {
    const folderPaths = folders.flatMap((f) => { try { return [fileURLToPath(f)]; } catch { return []; } });
    let documentPath: string | null = null;
    try { documentPath = uri.startsWith('file:') ? fileURLToPath(uri) : null; } catch { documentPath = null; }
    const folder = (documentPath ? folderPaths.find((f) => documentPath!.startsWith(f.endsWith('/') ? f : `${f}/`)) : undefined) ?? folderPaths[0];
    if (!folder) {
      connection.window.showWarningMessage(`AsyncLens: open a folder to configure ${ruleId} in an .editorconfig.`);
      return null;
    }
    const dirs = editorconfigCandidates(documentPath && documentPath.startsWith(folder) ? documentPath : `${folder}/x.cs`, folder);
    const existing = dirs.map((d) => `${d}/.editorconfig`).find((p) => { try { return fs.statSync(p).isFile(); } catch { return false; } });
    const target = existing ?? `${folder.replace(/\/+$/, '')}/.editorconfig`;
    let level = typeof requested === 'string' && (EDITORCONFIG_SEVERITIES as readonly string[]).includes(requested) ? requested as EditorconfigSeverity : null;
    if (!level) {
      const picked = await connection.window.showInformationMessage(`Severity of ${ruleId} in ${target}:`, ...EDITORCONFIG_SEVERITIES.map((title) => ({ title })));
      if (!picked || !(EDITORCONFIG_SEVERITIES as readonly string[]).includes(picked.title)) return null;
      level = picked.title as EditorconfigSeverity;
    }
    const targetUri = pathToFileURL(target).href;
    if (existing) {
      const text = fs.readFileSync(existing, 'utf8');
      const lines = text.split(/\r\n|\r|\n/);
      const end = { line: lines.length - 1, character: lines[lines.length - 1].length };
      await connection.workspace.applyEdit({ label: `Configure ${ruleId} severity`, edit: { changes: { [targetUri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: withSeverity(text, ruleId, level) }] } } });
    } else {
      await connection.workspace.applyEdit({
        label: `Configure ${ruleId} severity`,
        edit: { documentChanges: [
          { kind: 'create', uri: targetUri, options: { ignoreIfExists: true } },
          { textDocument: { uri: targetUri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: withSeverity('', ruleId, level) }] },
        ] },
      });
    }
    return null;
  }

  connection.languages.inlayHint.on(guarded('inlayHint', [], async (params, token) => {
    const uri = uriOf(params);
    const start = positionFrom(params.range?.start);
    const end = positionFrom(params.range?.end);
    if (!start || !end) throw new MalformedParams('inlayHint without a range');
    const snapshot = await snapshotFor(uri, token);
    const doc = documents.get(uri);
    if (!snapshot || !doc || snapshot.revision !== doc.revision) return snapshot ? inlayHintsOf(snapshot, { start, end }, settingsFor(uri), () => '') : [];
    const text = documents.positioned(doc);
    return inlayHintsOf(snapshot, { start, end }, settingsFor(uri), (line) => lineTextOf(text, line));
  }));

  connection.onCodeLens(guarded('codeLens', [], async (params, token) => {
    const uri = uriOf(params);
    const snapshot = await snapshotFor(uri, token);
    return snapshot ? codeLensesOf(snapshot, settingsFor(uri)) : [];
  }));

  connection.onRequest(CostReportRequest, guarded('asynclens/costReport', { runtime: globalSettings.runtime, methods: [] } as CostReport, async (params) => {
    if (!engine) return { runtime: globalSettings.runtime, methods: [] };
    const uri = (params as { uri?: unknown } | null)?.uri;
    if (uri !== undefined && uri !== null && typeof uri !== 'string') throw new MalformedParams('costReport with a uri that is not a string');
    return (await engine.request({ method: 'costReport', params: typeof uri === 'string' ? { uri } : {} })) as CostReport;
  }));

  connection.onRequest(MethodDetailRequest, guarded('asynclens/methodDetail', null, async (params, token) => {
    const uri = (params as { uri?: unknown } | null)?.uri;
    const position = positionFrom(params);
    if (typeof uri !== 'string' || !position) throw new MalformedParams('methodDetail without a uri, line and character');
    if (!engine) return null;
    if (documents.get(uri)) await snapshotFor(uri, token);
    const view = (await engine.request({ method: 'methodViewAt', params: { uri, ...position }, runtime: settingsFor(uri).runtime })) as MethodView | null;
    return view ? { markdown: methodDetail(view) } : null;
  }));

  connection.onRequest(DocumentStateRequest, guarded('asynclens/documentState', null, async (params, token): Promise<DocumentState | null> => {
    const uri = (params as { uri?: unknown } | null)?.uri;
    if (typeof uri !== 'string') throw new MalformedParams('documentState without a uri');
    const doc = documents.get(uri);
    if (!doc) return null;
    const { version, revision } = doc;
    const digest = textDigest(documents.positioned(doc));
    const snapshot = await snapshotFor(uri, token);
    return { version, revision, digest, engine: snapshot && snapshot.revision === revision ? { revision: snapshot.revision, digest: snapshot.textDigest } : null };
  }));

  connection.listen();
  return connection;
}

/** A client sent params the server cannot read: answered empty (or the notification refused) with a one-line warning. */
class MalformedParams extends Error {}
