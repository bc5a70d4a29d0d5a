/**
 * Writes to one target in one method, taken together. A StreamWriter or XmlWriter keeps what it is given in a buffer
 * and blocks only when that buffer fills or is flushed, so a method that writes a file line by line has one blocking
 * habit, not one per line; a method that appends to one file again and again (`File.AppendAllText(log, ...)` after each
 * step) has one too. ASY002 reports the first write, names the others and awaits them all in one fix
 * (knowledge/blockingApis.ts `buffersWrites` and `appendsToPath` say which members count). The thirty-ninth session's
 * seeded reading found fourteen warnings in one method writing a small configuration file a line at a time, and the
 * fortieth's eleven in one method appending diagnostics to a temporary log.
 */
import type { CallSite } from '../model/types';
import type { BlockingApi } from '../knowledge/blockingApis';
import type { RuleContext } from './types';

/** Where a group of writes goes: a writer's receiver (`writer`) or the path a file call is given (`logPath`). */
export interface WriteTarget {
  /** The target as a key for grouping: `this.` and `?.` left out, no spaces. */
  key: string;
  /** The target as written, for messages. */
  name: string;
  kind: 'writer' | 'file';
}

/**
 * A name that stands for one value wherever it is written: a local, a parameter, a field or a chain of members
 * (`writer`, `_output`, `this.log.Writer`), with nothing called or indexed on the way, which could hand back a
 * different value each time.
 */
const PLAIN_NAME = /^(?:@?[A-Za-z_]\w*)(?:\s*\??\.\s*@?[A-Za-z_]\w*)*$/;

/**
 * The target a write goes to, or null when the row's member is not one that groups (a Flush, a read), or the target
 * is not a plain name (`Create().WriteLine(...)`, `File.AppendAllText(Path.Combine(dir, name), ...)`).
 */
export function writeTargetOf(ctx: RuleContext, call: CallSite, row: BlockingApi): WriteTarget | null {
  if (row.buffersWrites) {
    const name = writerName(ctx.text.slice(call.span.start, call.nameSpan.start));
    return PLAIN_NAME.test(name) ? { key: keyOf(name), name, kind: 'writer' } : null;
  }
  if (row.appendsToPath) {
    const path = call.argumentTexts[0]?.trim() ?? '';
    return PLAIN_NAME.test(path) ? { key: `path:${keyOf(path)}`, name: path, kind: 'file' } : null;
  }
  return null;
}

/** `this.writer` and `writer` are one field; `writer?.` and `writer.` one writer. */
function keyOf(name: string): string {
  return name.replace(/\s+/g, '').replace(/\?\./g, '.').replace(/^this\./, '');
}

/** The receiver as written before the member, without the member access: `writer` for `writer.` or `writer?.`. */
function writerName(receiverSource: string): string {
  return receiverSource.trim().replace(/\s*\??\.$/, '');
}

export function repeatedWritesSentence(writes: number, target: WriteTarget): string {
  return target.kind === 'writer'
    ? `The ${writes} writes to ${target.name} in this method are reported once, here: ${target.name} buffers them, so together they block as often as its buffer fills, and the change is to await every one.`
    : `The ${writes} appends to the file at ${target.name} in this method are reported once, here: each opens, writes and closes the file on this thread, and the change is to await every one, or to gather the text and write it once.`;
}
