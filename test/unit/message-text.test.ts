// How messages quote code: one line, argument lists elided, and the end of a long chain kept, since the member called
// last says what the finding is about.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoted, withArticle } from '../../server/src/rules/messageText';
import { oneLineCode, shortCode } from '../../server/src/rules/asy001-004-blocking-common';

test('a fluent chain split over lines reads as one line written without spaces before its dots', () => {
  assert.equal(oneLineCode('client\n    .Prepare(url)\n    ?.Send()'), 'client.Prepare(url)?.Send()');
  assert.equal(oneLineCode('a ? .5 : b'), 'a ? .5 : b');
  assert.equal(shortCode('task\n    .GetAwaiter()\n    .GetResult()'), 'task.GetAwaiter().GetResult()');
});

test('a long chain over many lines keeps its last calls when quoted', () => {
  const chain = [
    'http',
    '    .BuildRequest(HttpMethod.Post, endpointAddress)',
    '    .WithHeader("Authorization", credentials)',
    '    .WithBody(new { name = userName, kind = "key" })',
    '    .Execute()',
    '    .EnsureAccepted()',
    '    .ReadJsonBody().GetAwaiter().GetResult()',
  ].join('\n');
  const text = quoted(chain);
  assert.ok(text.endsWith("ReadJsonBody().GetAwaiter().GetResult()'"), text);
  assert.ok(text.startsWith("'…"), text);
  assert.ok(!/\s\./.test(text), text);
});

test('a short call is quoted whole', () => {
  assert.equal(quoted('Load(id, ct).Result'), "'Load(id, ct).Result'");
});

test('a long wait keeps the call it waits on, not only GetAwaiter().GetResult()', () => {
  assert.equal(quoted('newPrimary.UpdateToRepositoryAsync(ItemUpdateType.MetadataEdit, CancellationToken.None).GetAwaiter().GetResult()'),
    "'…UpdateToRepositoryAsync(...).GetAwaiter().GetResult()'");
  assert.equal(quoted('_store.Repository.ReadEverythingAsync(query, token).ConfigureAwait(false).GetAwaiter().GetResult()'),
    "'…ReadEverythingAsync(...).ConfigureAwait(...).GetAwaiter().GetResult()'");
  // No receiver to drop: the whole call stays, however long.
  assert.equal(quoted('RerouteLinkedChildReferencesAsync(video.Id, newPrimary.Id).GetAwaiter().GetResult()'),
    "'RerouteLinkedChildReferencesAsync(...).GetAwaiter().GetResult()'");
  // A receiver chain still loses its head when the call and its wait fit.
  assert.equal(quoted('application.Services.Storage.Documents.LoadAsync(documentId, token).Result'), "'…Services.Storage.Documents.LoadAsync(...).Result'");
});

test('comments inside quoted code are left out, and one in place of the arguments leaves an empty list', () => {
  assert.equal(oneLineCode('db.Orders // the open ones\n    .Where(o => o.Open)\n    .ToList()'), 'db.Orders.Where(o => o.Open).ToList()');
  assert.equal(oneLineCode('Rpc.ListAsync(/*token*/).ConfigureAwait(false)'), 'Rpc.ListAsync().ConfigureAwait(false)');
  assert.equal(oneLineCode('Send("a // b", /* c */ d)'), 'Send("a // b", d)');
});

test('a type name takes the article its first letter asks for', () => {
  assert.equal(withArticle('Action<int>'), 'an Action<int>');
  assert.equal(withArticle('TestDelegate'), 'a TestDelegate');
  assert.equal(withArticle('EventHandler'), 'an EventHandler');
});
