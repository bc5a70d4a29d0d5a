// The .NET knowledge tables: every row cites a source, no duplicates, the minimum coverage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLOCKING_APIS, isKnownSubtype, validateKnowledge } from '../../server/src/knowledge/blockingApis';

test('the knowledge tables validate (sources, duplicates, shapes)', () => {
  assert.deepEqual(validateKnowledge(), []);
});

test('at least 60 blocking APIs with async twins, across the families the issue names', () => {
  const withTwin = BLOCKING_APIS.filter((r) => r.asyncTwin);
  assert.ok(withTwin.length >= 60, `${withTwin.length} rows`);
  const types = new Set(BLOCKING_APIS.map((r) => r.type));
  for (const t of ['Stream', 'FileStream', 'File', 'TextReader', 'TextWriter', 'StreamReader', 'StreamWriter', 'HttpClient', 'HttpContent', 'Socket', 'NetworkStream',
    'DbConnection', 'DbCommand', 'DbDataReader', 'SemaphoreSlim', 'Thread', 'Task', 'Process', 'XmlReader', 'XmlWriter', 'JsonSerializer']) {
    // Subtypes (FileStream, NetworkStream) are covered by their base type's rows through KNOWN_SUBTYPES.
    assert.ok(types.has(t) || [...types].some((base) => isKnownSubtype(t, base)), `a row for ${t}`);
  }
  for (const r of BLOCKING_APIS) assert.match(r.source, /^https:\/\//, `${r.type}.${r.member} cites a source`);
});

test('expiring caches: each row cites a page, names are unique, declared types are read with namespaces and ?', async () => {
  const { EXPIRING_CACHE_TYPES, expiringCacheType } = await import('../../server/src/knowledge/expiringCaches');
  for (const r of EXPIRING_CACHE_TYPES) assert.match(r.source, /^https:\/\/learn\.microsoft\.com\//, `${r.type} cites a source`);
  assert.equal(new Set(EXPIRING_CACHE_TYPES.map((r) => r.type)).size, EXPIRING_CACHE_TYPES.length);
  assert.equal(expiringCacheType('Microsoft.Extensions.Caching.Memory.IMemoryCache?')?.type, 'IMemoryCache');
  assert.equal(expiringCacheType('ConcurrentDictionary<string, Movie>'), undefined);
});

test('remote interfaces: each row cites a page, names are unique, lookups by simple name', async () => {
  const { REMOTE_INTERFACE_BASES, remoteInterfaceBase } = await import('../../server/src/knowledge/remoteInterfaces');
  for (const r of REMOTE_INTERFACE_BASES) assert.match(r.source, /^https:\/\//, `${r.name} cites a source`);
  assert.equal(new Set(REMOTE_INTERFACE_BASES.map((r) => r.name)).size, REMOTE_INTERFACE_BASES.length);
  assert.equal(remoteInterfaceBase('IGrainWithStringKey')?.framework, 'Orleans');
  assert.equal(remoteInterfaceBase('IDisposable'), null);
});

test('activation schedulers: each row cites a page, names are unique, lookups by simple name', async () => {
  const { ACTIVATION_SCHEDULER_BASES, activationSchedulerBase } = await import('../../server/src/knowledge/activationSchedulers');
  for (const r of ACTIVATION_SCHEDULER_BASES) assert.match(r.source, /^https:\/\//, `${r.name} cites a source`);
  assert.equal(new Set(ACTIVATION_SCHEDULER_BASES.map((r) => r.name)).size, ACTIVATION_SCHEDULER_BASES.length);
  assert.equal(activationSchedulerBase('Grain')?.framework, 'Orleans');
  assert.equal(activationSchedulerBase('Controller'), null);
});

test('package interfaces: each row cites a page, lookups by simple name, method name and parameter count', async () => {
  const { PACKAGE_INTERFACES, packageInterfacesNamed, packageInterfaceDeclares } = await import('../../server/src/knowledge/packageInterfaces');
  for (const r of PACKAGE_INTERFACES) assert.match(r.source, /^https:\/\//, `${r.namespace}.${r.name} cites a source`);
  const [job] = packageInterfacesNamed('IJob');
  assert.equal(job?.namespace, 'Quartz');
  assert.equal(packageInterfaceDeclares(job!, 'Execute', 1), true);
  // Another arity of the name is the class's own method, not the interface's.
  assert.equal(packageInterfaceDeclares(job!, 'Execute', 2), false);
  assert.deepEqual(packageInterfacesNamed('IJobStore'), []);
});

test('persisted jobs: each row cites a page, lookups by receiver type and member name', async () => {
  const { PERSISTED_JOB_APIS, persistedJobApi, mayPersistJobs } = await import('../../server/src/knowledge/persistedJobs');
  for (const r of PERSISTED_JOB_APIS) assert.match(r.source, /^https:\/\//, `${r.library} cites a source`);
  assert.equal(persistedJobApi('BackgroundJob', 'Enqueue')?.library, 'Hangfire');
  assert.equal(persistedJobApi('IRecurringJobManager', 'AddOrUpdate')?.namespace, 'Hangfire');
  // A dictionary's AddOrUpdate takes lambdas too, and stores nothing by name.
  assert.equal(persistedJobApi('ConcurrentDictionary', 'AddOrUpdate'), null);
  assert.equal(mayPersistJobs('Enqueue'), true);
  assert.equal(mayPersistJobs('Add'), false);
});

test('task naming precedents: each row cites a page, combinators are static, conversions name the awaitable they return, mock setups are extensions', async () => {
  const { TASK_NAMING_PRECEDENTS, isTaskCombinatorName, isConversionToItsAwaitable, isMockSetupName } = await import('../../server/src/knowledge/taskNaming');
  for (const r of TASK_NAMING_PRECEDENTS) assert.match(r.source, /^https:\/\//, `${r.kind} cites a source`);
  assert.equal(isTaskCombinatorName('WhenAll', true), true);
  assert.equal(isTaskCombinatorName('WhenAll', false), false);
  assert.equal(isTaskCombinatorName('WhenReady', true), false);
  assert.equal(isConversionToItsAwaitable('AsTask', 'TaskOfT'), true);
  assert.equal(isConversionToItsAwaitable('AsVoidValueTask', 'ValueTask'), true);
  assert.equal(isConversionToItsAwaitable('ToTask', 'Task'), true);
  // A ValueTask name on a Task, or a Task name on a ValueTask, is wrong about its type.
  assert.equal(isConversionToItsAwaitable('AsValueTask', 'Task'), false);
  assert.equal(isConversionToItsAwaitable('AsTask', 'ValueTaskOfT'), false);
  // Async, Total, Asset: no conversion prefix followed by a capital.
  assert.equal(isConversionToItsAwaitable('AsyncTask', 'Task'), false);
  assert.equal(isConversionToItsAwaitable('AssetTask', 'Task'), false);
  assert.equal(isConversionToItsAwaitable('AsSnapshot', 'Task'), false);
  assert.equal(isMockSetupName('ReturnsAsync', true), true);
  assert.equal(isMockSetupName('ThrowsAsync', true), true);
  // An instance method of that name is its type's own operation; another name is no setup's.
  assert.equal(isMockSetupName('ReturnsAsync', false), false);
  assert.equal(isMockSetupName('DelayAsync', true), false);
});

test('inert disposals: each row cites a source, lookups by simple or qualified name, HttpClient is no row', async () => {
  const { INERT_DISPOSALS, NOT_INERT_DISPOSALS, inertDisposalFor } = await import('../../server/src/knowledge/inertDisposals');
  for (const r of [...INERT_DISPOSALS, ...NOT_INERT_DISPOSALS]) assert.match(r.source, /^https:\/\//, `${r.type} cites a source`);
  assert.equal(inertDisposalFor('HttpMessageInvoker')?.parameter, 'disposeHandler');
  assert.equal(inertDisposalFor('System.Net.Http.HttpMessageInvoker')?.value, 'false');
  assert.equal(inertDisposalFor('Other.HttpMessageInvoker'), undefined);
  assert.equal(inertDisposalFor('HttpClient'), undefined);
  for (const r of NOT_INERT_DISPOSALS) assert.equal(inertDisposalFor(r.type), undefined);
});

test('the packages that install a SynchronizationContext cite their source and match ids and id prefixes', async () => {
  const { CONTEXT_PACKAGES, contextPackageOf } = await import('../../server/src/knowledge/contextPackages');
  for (const r of CONTEXT_PACKAGES) assert.match(r.source, /^https:\/\//, `${r.id} cites a source`);
  assert.equal(contextPackageOf(['Serilog', 'Avalonia.Desktop'], true), 'Avalonia.Desktop');
  assert.equal(contextPackageOf(['avalonia'], true), 'avalonia');
  assert.equal(contextPackageOf(['Terminal.Gui'], true), 'Terminal.Gui');
  assert.equal(contextPackageOf(['AvaloniaEdit.Extras', 'Terminal.Gui.Extensions', 'Nito.AsyncEx.Coordination'], true), null);
  assert.equal(contextPackageOf(['ppy.osu.Framework.Android'], true), 'ppy.osu.Framework.Android');
  assert.equal(contextPackageOf(['ppy.osu.Game.Resources'], true), null);
  // A message loop the application's own code starts (Nito.AsyncEx's AsyncContext) counts only when asked for.
  assert.equal(contextPackageOf(['Nito.AsyncEx'], true), 'Nito.AsyncEx');
  assert.equal(contextPackageOf(['Nito.AsyncEx', 'Serilog'], false), null);
  const { PLATFORM_CONTEXTS, platformContextOf } = await import('../../server/src/knowledge/contextPackages');
  for (const r of PLATFORM_CONTEXTS) assert.match(r.source, /^https:\/\//, `${r.platform} cites a source`);
  assert.equal(platformContextOf('Android')?.platform, 'android');
  assert.equal(platformContextOf('windows'), null);
  assert.equal(platformContextOf(null), null);
});

test('task handler events: each row cites a page; the SignalR client connection s events take Task-returning handlers where the file imports it', async () => {
  const { TASK_HANDLER_EVENTS, taskHandlerEventType } = await import('../../server/src/knowledge/taskHandlerEvents');
  for (const r of TASK_HANDLER_EVENTS) assert.match(r.source, /^https:\/\/learn\.microsoft\.com\//, `${r.owner} cites a source`);
  const imports = (ns: string) => ns === 'Microsoft.AspNetCore.SignalR.Client';
  assert.equal(taskHandlerEventType('HubConnection', 'Closed', imports), 'Func<Exception?, Task>');
  assert.equal(taskHandlerEventType('HubConnection?', 'Reconnected', imports), 'Func<string?, Task>');
  assert.equal(taskHandlerEventType('Microsoft.AspNetCore.SignalR.Client.HubConnection', 'Closed', () => false), 'Func<Exception?, Task>');
  assert.equal(taskHandlerEventType('HubConnection', 'Closed', () => false), null);
  assert.equal(taskHandlerEventType('HubConnection', 'Disposed', imports), null);
});

test('hub audiences: each row cites a page; every member of a SignalR clients collection but the caller reaches other connections', async () => {
  const { HUB_AUDIENCES, HUB_SEND_TYPES, hubAudienceOf, isHubSendType } = await import('../../server/src/knowledge/hubAudiences');
  for (const r of [...HUB_AUDIENCES, ...HUB_SEND_TYPES]) assert.match(r.source, /^https:\/\/learn\.microsoft\.com\//, 'each row cites a source');
  assert.equal(hubAudienceOf('Clients.All')?.callerOnly, false);
  assert.equal(hubAudienceOf('_hub.Clients.Group(room)')?.callerOnly, false);
  assert.equal(hubAudienceOf('Clients.Users(new[] { "a", "b" })')?.member, 'Users');
  assert.equal(hubAudienceOf('Clients.Caller')?.callerOnly, true);
  assert.equal(hubAudienceOf('Clients.Client(Context.ConnectionId)')?.callerOnly, true);
  assert.equal(hubAudienceOf('Clients.Client(otherId)')?.callerOnly, false);
  // A member written as a property where SignalR has a method (or the other way round) is not SignalR's.
  assert.equal(hubAudienceOf('Clients.Group'), null);
  assert.equal(hubAudienceOf('Clients.All()'), null);
  assert.equal(hubAudienceOf('Connections.All'), null);
  assert.ok(isHubSendType('Microsoft.AspNetCore.SignalR.ClientProxyExtensions'));
  assert.ok(isHubSendType('IClientProxy'));
  assert.ok(!isHubSendType('Microsoft.AspNetCore.SignalR.IGroupManager'));
});

test('ASY021 leaves alone an async lambda subscribed to an event of a package type whose handlers return a task, and reports one of a type it does not know', async () => {
  const { ready } = await import('./support');
  await ready();
  const { analyseProject } = await import('../../server/src/analysis/project');
  const selection = { enabled: new Set(['ASY021']), disabled: new Set<string>() };
  const source = (using: string) => `using ${using};\ninterface ISink { Task FlushAsync(); }\nclass Listener\n{\n    private HubConnection _connection;\n    private ISink _sink;\n    public void Attach()\n    {\n        _connection.Closed += async error =>\n        {\n            await _sink.FlushAsync();\n        };\n    }\n}\n`;
  const findings = (using: string) => analyseProject([{ path: 'Listener.cs', text: source(using) }], selection).files[0].findings.map((f) => f.ruleId);
  assert.deepEqual(findings('Microsoft.AspNetCore.SignalR.Client'), []);
  assert.deepEqual(findings('Acme.Messaging'), ['ASY021']);
});

test("ASY024's note on a dropped ValueTask of Blazor's JS interop says it wraps the interop call's Task, and a look-alike type's keeps the pool", async () => {
  const { ready } = await import('./support');
  await ready();
  const { analyseProject } = await import('../../server/src/analysis/project');
  const { TASK_BACKED_VALUE_TASK_APIS } = await import('../../server/src/knowledge/taskBackedValueTaskApis');
  for (const r of TASK_BACKED_VALUE_TASK_APIS) assert.match(r.source, /^https:\/\//, `${r.type} cites a source`);
  const selection = { enabled: new Set(['ASY024']), disabled: new Set<string>() };
  const source = `using System.Threading.Tasks;\nusing Microsoft.JSInterop;\ninterface IScreen { ValueTask InvokeVoidAsync(string identifier, params object[] args); }\nclass Title\n{\n    private readonly IJSRuntime _js;\n    private readonly IScreen _screen;\n    public Title(IJSRuntime js, IScreen screen) { _js = js; _screen = screen; }\n    public Task SetAsync(string title)\n    {\n        _js.InvokeVoidAsync("setTitle", title);\n        return Task.CompletedTask;\n    }\n    public void Highlight(IJSObjectReference module, string id)\n    {\n        module.InvokeAsync<bool>("highlight", id);\n    }\n    public void Show(string id)\n    {\n        _screen.InvokeVoidAsync("show", id);\n    }\n}\n`;
  const notes = analyseProject([{ path: 'Title.cs', text: source }], selection).files[0].findings.map((f) => f.note ?? '');
  assert.equal(notes.length, 3);
  assert.match(notes[0], /^It wraps the JavaScript interop call's Task \(IJSRuntime\.InvokeVoidAsync builds its ValueTask over it\), so no pooled source is held/);
  assert.match(notes[1], /^It wraps the JavaScript interop call's Task \(IJSObjectReference\.InvokeAsync builds its ValueTask over it\)/);
  assert.match(notes[2], /^A dropped ValueTask loses its exception, and the caller goes on before the operation ends; one backed by a pooled source/);
});

test('component renders: each row cites a source, the render request is read as a method group or a lambda', async () => {
  const { COMPONENT_RENDERS, componentRenderCalled } = await import('../../server/src/knowledge/componentRenders');
  for (const r of COMPONENT_RENDERS) assert.match(r.source, /^https:\/\//, `${r.call} cites a source`);
  assert.equal(componentRenderCalled('InvokeAsync(StateHasChanged)')?.call, 'InvokeAsync');
  assert.equal(componentRenderCalled('this.InvokeAsync(() => StateHasChanged())')?.argument, 'StateHasChanged');
  assert.equal(componentRenderCalled('InvokeAsync(StateHasChanged())'), undefined);
  assert.equal(componentRenderCalled('InvokeAsync(() => StateHasChanged)'), undefined);
  assert.equal(componentRenderCalled('InvokeAsync(Refresh)'), undefined);
  assert.equal(componentRenderCalled('other.InvokeAsync(StateHasChanged)'), undefined);
});

test('inert members: each row cites a source, clock reads and collection clears are read as written', async () => {
  const { INERT_READS, INERT_CLEARS, isInertRead, clearsWithoutThrowing } = await import('../../server/src/knowledge/inertMembers');
  for (const r of [...INERT_READS, ...INERT_CLEARS]) assert.match(r.source, /^https:\/\//, 'each row cites a source');
  assert.equal(isInertRead('DateTimeOffset.UtcNow'), true);
  assert.equal(isInertRead('System.DateTime.UtcNow'), true);
  assert.equal(isInertRead('DateTime.Now'), false);
  assert.equal(clearsWithoutThrowing('List<object>'), true);
  assert.equal(clearsWithoutThrowing('System.Collections.Generic.Dictionary<string, int>'), true);
  assert.equal(clearsWithoutThrowing('ConcurrentBag<int>'), false);
});
