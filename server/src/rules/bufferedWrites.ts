/**
 * Writes to one buffered writer in one method, taken together. A StreamWriter or XmlWriter keeps what it is given in
 * a buffer and blocks only when that buffer fills or is flushed, so a method that writes a file line by line has one
 * blocking habit, not one per line: ASY002 reports the first write, names the others and awaits them all in one fix
 * (knowledge/blockingApis.ts `buffersWrites` says which members only append). The thirty-ninth session's seeded
 * reading found fourteen warnings in one method that wrote a small configuration file a line at a time.
 */
import type { CallSite } from '../model/types';
import type { BlockingApi } from '../knowledge/blockingApis';
import type { RuleContext } from './types';

/**
 * A receiver that names one writer wherever it is written: a local, a parameter, a field or a chain of members
 * (`writer`, `_output`, `this.log.Writer`), with nothing called or indexed on the way, which could hand back a
 * different writer each time.
 */
const WRITER_NAME = /^(?:@?[A-Za-z_]\w*)(?:\s*\??\.\s*@?[A-Za-z_]\w*)*$/;

/**
 * The writer a buffered write goes to, as a key for grouping (`writer`, `this._log`), or null when the row's member
 * does not only append to a buffer, or when the receiver is not a plain name (`Create().WriteLine(...)`).
 */
export function bufferedWriterOf(ctx: RuleContext, call: CallSite, row: BlockingApi): string | null {
  if (!row.buffersWrites) return null;
  const name = writerName(ctx.text.slice(call.span.start, call.nameSpan.start));
  if (!WRITER_NAME.test(name)) return null;
  // `this.writer` and `writer` are one field; `writer?.` and `writer.` one writer.
  return name.replace(/\s+/g, '').replace(/\?\./g, '.').replace(/^this\./, '');
}

/** The receiver as written before the member, without the member access: `writer` for `writer.` or `writer?.`. */
export function writerName(receiverSource: string): string {
  return receiverSource.trim().replace(/\s*\??\.$/, '');
}

export function bufferedWritesSentence(writes: number, writer: string): string {
  return `The ${writes} writes to ${writer} in this method are reported once, here: ${writer} buffers them, so together they block as often as its buffer fills, and the change is to await every one.`;
}
