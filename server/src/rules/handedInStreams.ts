/**
 * Whether a `using (stream)` disposes a Stream the method was handed as a parameter and never writes into: the caller
 * opened it, most often for reading (`Receive(file, await storage.OpenReadAsync(file))`), and the method reads it
 * (`Length`, `CopyToAsync(target)`) or hands it on. `await using` is worth its cost where DisposeAsync has buffered
 * writes to flush (a FileStream or a compressor written through); a parameter declared as the abstract Stream says
 * nothing of what the object is, and with no write in view there is nothing to flush. ASY002 stays quiet there.
 * The seeded reading of the thirty-fourth session found the note's "flushes asynchronously" false on Smartstore's
 * media receiver, whose stream is only read and copied from (test/real-world/README.md).
 */
import type { MethodBody, UsingResource } from '../model/types';
import { bodyChain } from '../model/bodies';
import { escapeRegExp } from '../model/syntax';
import { maskCommentsAndStrings } from './sourceText';

/** The declared types of a handed-in stream that say nothing of the object: the abstract base, as written. */
const ABSTRACT_STREAM = /^(?:global::)?(?:System\.IO\.)?Stream\??$/;

export function disposesUnwrittenHandedInStream(text: string, body: MethodBody, bodies: readonly MethodBody[], using: UsingResource): boolean {
  if (using.isDeclaration || using.variableName !== null) return false;
  const name = using.resourceText.trim();
  if (!/^@?[A-Za-z_]\w*$/.test(name)) return false;
  const parameter = bodyChain(body, bodies).flatMap((b) => b.parameters).find((p) => p.name === name);
  if (!parameter || !ABSTRACT_STREAM.test(parameter.typeText ?? '') || declaredAgain(body, name)) return false;
  // The whole file's mask, sliced: sourceText.ts keeps the last text it masked, which the other rules ask for in turn.
  return !writesInto(maskCommentsAndStrings(text).slice(using.span.start, using.span.end), name);
}

/** A local of the same name in the body would be what the using names, not the parameter. */
function declaredAgain(body: MethodBody, name: string): boolean {
  return body.locals.some((l) => l.name === name);
}

/**
 * Evidence that the scope writes into the stream: a Write/Flush/SetLength call on it, a copy into it, a writer, encoder
 * or compressor built over it (any `new ...Writer(` or `new ...Stream(` taking it first, a decompressor included: no
 * answer is safer there), or a call that saves, serializes or writes to it as its first argument
 * (`image.SaveAsync(stream)`, `JsonSerializer.SerializeAsync(stream, value)`, `message.WriteToAsync(stream)`). Handing
 * it to any other call is taken as reading: the method was handed a stream to read from, and the callee's name does
 * not say it writes.
 */
function writesInto(scope: string, name: string): boolean {
  const n = escapeRegExp(name);
  const patterns = [
    new RegExp(`(?<![\\w.])${n}\\s*\\.\\s*(?:Write\\w*|Flush\\w*|SetLength)\\s*\\(`),
    new RegExp(`\\.\\s*CopyTo(?:Async)?\\s*\\(\\s*${n}\\b`),
    new RegExp(`\\bnew\\s+[\\w.]*(?:Writer|Stream)\\s*(?:<[^()]*>)?\\s*\\(\\s*${n}\\b`),
    new RegExp(`\\b(?:\\w*Save\\w*|\\w*Serialize\\w*|\\w*Write\\w*|Compress\\w*|Encrypt\\w*)\\s*(?:<[^()]*>)?\\s*\\(\\s*${n}\\s*[,)]`),
  ];
  return patterns.some((p) => p.test(scope));
}
