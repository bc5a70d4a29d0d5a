/**
 * Output as a stream of chunks: reports are written piece by piece, so no report is ever one string (a 91 KB
 * one-line file with 4,000 findings made a text report longer than V8's longest string), and a reader that
 * stops early (`| head`) stops the writing too. Also where terminal output is made safe to print.
 */
import type { CliIO } from '../io';

/** An array `jsonChunks` writes one element at a time, produced lazily. */
export class StreamedArray<T> {
  constructor(readonly items: Iterable<T>) {}
}

/**
 * What `JSON.stringify(value, null, 2)` writes, in chunks: each element of a StreamedArray is stringified on
 * its own when its turn comes. For plain data (objects, arrays, strings, numbers, booleans, null) the text is
 * the same as JSON.stringify's; undefined members are left out and undefined elements become null, as there.
 */
export function* jsonChunks(value: unknown, indent = ''): Generator<string> {
  if (value instanceof StreamedArray) {
    yield* arrayChunks(value.items, indent);
    return;
  }
  if (Array.isArray(value)) {
    yield* arrayChunks(value, indent);
    return;
  }
  if (value !== null && typeof value === 'object' && !hasToJSON(value)) {
    // An object with nothing streamed inside (a finding, a summary) is one JSON.stringify call: walking it member by
    // member through nested generators cost about a second per 30,000 findings.
    if (!holdsStreamedArray(value)) {
      yield indented(JSON.stringify(value, null, 2), indent);
      return;
    }
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
    if (entries.length === 0) {
      yield '{}';
      return;
    }
    const inner = `${indent}  `;
    yield '{\n';
    for (let i = 0; i < entries.length; i++) {
      yield `${inner}${JSON.stringify(entries[i][0])}: `;
      yield* jsonChunks(entries[i][1], inner);
      yield i < entries.length - 1 ? ',\n' : '\n';
    }
    yield `${indent}}`;
    return;
  }
  yield indented(JSON.stringify(value, null, 2) ?? 'null', indent);
}

function indented(json: string, indent: string): string {
  return indent === '' ? json : json.replace(/\n/g, `\n${indent}`);
}

/** Whether a StreamedArray sits anywhere inside a plain object or array (reports put them near the top). */
function holdsStreamedArray(value: object): boolean {
  if (value instanceof StreamedArray) return true;
  if (hasToJSON(value)) return false;
  for (const member of Array.isArray(value) ? value : Object.values(value)) {
    if (member !== null && typeof member === 'object' && holdsStreamedArray(member)) return true;
  }
  return false;
}

function hasToJSON(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function* arrayChunks(items: Iterable<unknown>, indent: string): Generator<string> {
  const inner = `${indent}  `;
  let first = true;
  for (const item of items) {
    yield first ? `[\n${inner}` : `,\n${inner}`;
    first = false;
    yield* jsonChunks(item === undefined || typeof item === 'function' ? null : item, inner);
  }
  yield first ? '[]' : `\n${indent}]`;
}

/**
 * Writes chunks to stdout, batching small ones, waiting when the stream asks to (`drain`), and stopping as
 * soon as the reader has gone (a closed pipe), so `asynclens check | head -1` ends at once and quietly.
 */
export async function writeChunks(io: CliIO, chunks: Iterable<string>): Promise<void> {
  let batch = '';
  const flush = async () => {
    if (!batch) return;
    const text = batch;
    batch = '';
    if (io.out(text) === false && io.drain) await io.drain();
  };
  for (const chunk of chunks) {
    if (io.outClosed?.()) return;
    batch += chunk;
    if (batch.length >= 64 * 1024) await flush();
  }
  if (!io.outClosed?.()) await flush();
}

// C0 controls but tab (a line feed too: every piece is printed on one line), DEL, C1 controls, and the Unicode
// bidirectional controls that can make a printed line read differently from what the file holds.
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from files (names, source lines, messages quoting source) made safe for a terminal: escape sequences,
 * carriage returns, backspaces and bidirectional overrides become visible `\u{..}` escapes instead of acting.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

/**
 * The same for a source line shown above a caret: each unsafe character becomes one replacement character, so
 * the caret line below still points at the right columns.
 */
export function terminalSafeAligned(text: string): string {
  return text.replace(UNSAFE, '\ufffd');
}
