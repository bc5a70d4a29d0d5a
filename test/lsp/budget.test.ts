// The language server's side of the per-file time budget (issue 10): a document whose analysis runs past the limit
// gets one diagnostic saying the analysis stopped, and the server goes on answering. The limit is set to 0 through
// ASYNCLENS_FILE_TIME_LIMIT_MS, so the stopped path is taken whatever the machine's speed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, type Session } from './session';
import { deepShapes } from '../bench/deepShapes';

let session: Session | null = null;
after(async () => {
  await session?.shutdown();
});

test('a document past the time limit gets one "analysis stopped" diagnostic, and the server keeps answering', async () => {
  session = await startSession({ env: { ASYNCLENS_FILE_TIME_LIMIT_MS: '0' } });
  const uri = 'untitled:Deep.cs';
  const text = Object.entries(deepShapes(300)).find(([name]) => name.includes('lambdas'))![1];
  session.open(uri, text);
  const diagnostics = await session.waitForDiagnostics(uri, (d) => d.length > 0);
  assert.equal(diagnostics.length, 1);
  assert.match(String(diagnostics[0].message), /^AsyncLens: analysis stopped: too deeply nested \(\d+ levels of syntax/);
  assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  const hover = await session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 10 } });
  assert.ok(hover === null || typeof hover === 'object');
});
