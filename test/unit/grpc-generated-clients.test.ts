// A client generated from a .proto file (Grpc.Tools) exists only in the build's output, so its type is not visible to
// the analysis; its unary `FooAsync` returns an AsyncUnaryCall<TResponse>, an awaitable that is no Task. ASY013 must
// not offer `return client.FooAsync(...)` in a Task method there: it would not compile (CS0029). The generated methods'
// call options (`deadline:`, `headers:`) name such a call (knowledge/grpcClients.ts). The snippets are analysed, not
// compiled: the generated client is deliberately missing, as it is from a real checkout.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from './support';
import { analyseProject } from '../../server/src/analysis/project';
import { passesGrpcCallOption } from '../../server/src/knowledge/grpcClients';

before(ready);

const selection = { enabled: new Set(['ASY013']), disabled: new Set<string>() };
const asy013 = (text: string) => analyseProject([{ path: '/w/Elections.cs', text }], selection).files.flatMap((f) => f.findings.filter((x) => x.ruleId === 'ASY013').map((x) => `${x.message} fix=${x.fix ? x.fix.edits.length : 0}`));

const client = (call: string) => `using System;
using System.Threading.Tasks;

public sealed class ElectionsSender
{
    private readonly Cluster.Elections.ElectionsClient _client;

    public ElectionsSender(Cluster.Elections.ElectionsClient client) => _client = client;

    public async Task SendAsync(int view, DateTime deadline)
    {
        await ${call};
    }
}
`;

test('a generated gRPC client call, named by its deadline or headers option, is no task to return: ASY013 stays quiet', () => {
  assert.deepEqual(asy013(client('_client.ViewChangeAsync(new ViewChangeRequest { View = view }, deadline: deadline.ToUniversalTime())')), []);
  assert.deepEqual(asy013(client('_client.ViewChangeAsync(new ViewChangeRequest { View = view }, headers: null)')), []);
});

test('an unresolved call without gRPC call options in a Task method is still reported with its fix', () => {
  const found = asy013(client('_client.ViewChangeAsync(new ViewChangeRequest { View = view })'));
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /fix=[1-9]/);
});

test('gRPC call options are told by name, not by a look-alike word in an argument', () => {
  assert.equal(passesGrpcCallOption('client.PingAsync(request, deadline: due)'), true);
  assert.equal(passesGrpcCallOption('client.PingAsync(request,headers:metadata)'), true);
  assert.equal(passesGrpcCallOption('client.PingAsync(deadline)'), false);
  assert.equal(passesGrpcCallOption('client.PingAsync(Options.headers)'), false);
  assert.equal(passesGrpcCallOption('Send(x ? deadline : other)'), false);
});

// dapr/dotnet-sdk passes the options as one CallOptions (`client.ShutdownAsync(request, CreateCallOptions(null, ct))`),
// the generated method's other form; returning that call did not compile (test/real-world/fix-build.mjs found it).
const withOptions = (declaration: string, call: string) => `using System;
using System.Threading;
using System.Threading.Tasks;
using Grpc.Core;

public sealed class SidecarClient
{
    private readonly Dapr.DaprClient _client;

    public SidecarClient(Dapr.DaprClient client) => _client = client;

    private static CallOptions CreateCallOptions(Metadata headers, CancellationToken token) => new CallOptions(headers, cancellationToken: token);

    public async Task ShutdownAsync(CancellationToken cancellationToken)
    {
        ${declaration}
        await ${call};
    }
}
`;

test('a generated gRPC client call given a CallOptions is no task to return: ASY013 stays quiet', () => {
  assert.deepEqual(asy013(withOptions('', '_client.ShutdownAsync(new ShutdownRequest(), CreateCallOptions(null, cancellationToken))')), []);
  assert.deepEqual(asy013(withOptions('var options = CreateCallOptions(null, cancellationToken);', '_client.ShutdownAsync(new ShutdownRequest(), options)')), []);
  assert.deepEqual(asy013(withOptions('', '_client.ShutdownAsync(new ShutdownRequest(), new Grpc.Core.CallOptions(cancellationToken: cancellationToken))')), []);
  assert.deepEqual(asy013(withOptions('', '_client.ShutdownAsync(new ShutdownRequest(), options: CreateCallOptions(null, cancellationToken))')), []);
});

test('an unresolved call given an argument of another type is still reported with its fix', () => {
  const found = asy013(withOptions('var request = new ShutdownRequest();', '_client.ShutdownAsync(request, cancellationToken)'));
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /fix=[1-9]/);
});
