// The engine thread the language server starts before its protocol side loads (lsp/engineClient.ts
// startEngineEarly): what the thread says before anyone listens is held, in order, and delivered on attach; a
// thread that dies before attach is restarted and replays nothing until the protocol side sends its commands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEngineEarly, type EarlyEngine, type EngineClient } from '../../server/src/lsp/engineClient';
import type { EngineEvent } from '../../server/src/lsp/engine/messages';

/** A stand-in engine thread: says three things at once, then echoes every command it gets as a log event. */
function fakeEngineScript(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-early-'));
  const file = path.join(dir, 'engine.js');
  fs.writeFileSync(file, `const { parentPort } = require('node:worker_threads');\n${body}\n`);
  return file;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Attaches to the early engine, recording every event and log line it delivers, in order. */
function attachRecording(early: EarlyEngine): { client: EngineClient; seen: string[] } {
  const seen: string[] = [];
  const client = early.attach({
    onEvent: (e: EngineEvent) => seen.push(e.kind === 'log' ? `event log ${e.message}` : `event ${e.kind}`),
    replay: () => [],
    log: (level, message) => seen.push(`${level} ${message}`),
    onGiveUp: (message) => seen.push(`gave up ${message}`),
  });
  return { client, seen };
}

test('events and log lines from before attach arrive after it, in order, then commands reach the thread', async () => {
  const posted = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-early-')), 'posted');
  const script = fakeEngineScript(`
    parentPort.postMessage({ kind: 'log', level: 'info', message: 'first' });
    console.log('a line on stdout');
    parentPort.postMessage({ kind: 'ready' });
    parentPort.on('message', (c) => parentPort.postMessage({ kind: 'log', level: 'info', message: 'echo ' + c.kind }));
    require('node:fs').writeFileSync(${JSON.stringify(posted)}, '');
  `);
  const early = startEngineEarly(script);
  // Attach only once the thread has posted everything (a fixed wait was too short when the machine was busy and the
  // thread started late), and give this thread's event loop a moment to take in what is already queued for it.
  for (let i = 0; i < 500 && !fs.existsSync(posted); i++) await sleep(20);
  assert.ok(fs.existsSync(posted), 'the stand-in engine thread started and posted within 10 s');
  await sleep(200);
  const { client, seen } = attachRecording(early);
  try {
    assert.deepEqual(seen.filter((s) => s.startsWith('event')), ['event log first', 'event ready']);
    assert.ok(seen.includes('info [engine] a line on stdout'), seen.join('\n'));
    client.send({ kind: 'flush', uri: 'file:///x.cs' });
    for (let i = 0; i < 250 && !seen.includes('event log echo flush'); i++) await sleep(20);
    assert.ok(seen.includes('event log echo flush'), seen.join('\n'));
  } finally {
    await client.dispose();
  }
});

test('a thread that dies before attach is restarted; the restart is reported once attached', async () => {
  const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asynclens-early-')), 'started-once');
  // Exits on its first start, stays up on the second.
  const script = fakeEngineScript(`
    const fs = require('node:fs');
    if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3); }
    parentPort.on('message', (c) => parentPort.postMessage({ kind: 'log', level: 'info', message: 'echo ' + c.kind }));
    fs.writeFileSync(${JSON.stringify(marker + '.again')}, '');
  `);
  const early = startEngineEarly(script);
  // Attach once the restarted thread runs (the second start writes its own marker), whatever the machine's load.
  for (let i = 0; i < 500 && !fs.existsSync(`${marker}.again`); i++) await sleep(20);
  assert.ok(fs.existsSync(`${marker}.again`), 'the stand-in engine thread was restarted within 10 s');
  await sleep(200);
  const { client, seen } = attachRecording(early);
  try {
    assert.ok(seen.some((s) => /^warn the analysis engine stopped \(exit code 3\); restarting it/.test(s)), seen.join('\n'));
    client.send({ kind: 'flush', uri: 'file:///x.cs' });
    for (let i = 0; i < 250 && !seen.includes('event log echo flush'); i++) await sleep(20);
    assert.ok(seen.includes('event log echo flush'), seen.join('\n'));
  } finally {
    await client.dispose();
  }
});
