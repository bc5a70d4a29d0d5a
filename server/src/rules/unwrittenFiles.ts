/**
 * ASY002's `using` -> `await using`: a file the `using` opens itself and that nothing writes through. DisposeAsync of a
 * FileStream, or of the StreamWriter File.CreateText and File.AppendText put over one, only flushes what was written
 * (a StreamWriter's encoding there is UTF-8 without a byte order mark, so not even a preamble), then closes the
 * handle, which both disposals do synchronously: with no write there is nothing for `await using` to do
 * asynchronously. `using var _ = File.CreateText(marker);` creates an empty marker file, as `using (File.Create(path))
 * { }` touches one. The seeded reading of Flow.Launcher (thirty-sixth session) found the rule's "flushes its buffered
 * text" false on such a marker (test/real-world/README.md).
 */
import type { UsingResource } from '../model/types';
import { escapeRegExp } from '../model/syntax';
import { maskCommentsAndStrings, usingScopeClose } from './sourceText';

/**
 * Calls that open a file by path and hand back the FileStream, or a StreamWriter over it in UTF-8 without a byte order
 * mark (https://learn.microsoft.com/dotnet/api/system.io.file.createtext,
 * https://learn.microsoft.com/dotnet/api/system.io.file.appendtext, https://learn.microsoft.com/dotnet/api/system.io.file.create,
 * https://learn.microsoft.com/dotnet/api/system.io.file.openwrite). `new FileStream(...)` opens one too; a `new
 * StreamWriter(...)` is left out, since its argument may be a stream others wrote into, which its disposal closes.
 */
const OPENS_FILE_OF_ITS_OWN = /^(?:(?:global::)?System\.IO\.)?(?:File\s*\.\s*(?:Create|CreateText|AppendText|OpenWrite|Open)\s*\(|new\s+(?:(?:global::)?System\.IO\.)?FileStream\s*\()/;

/**
 * Whether the `using` opens a file of its own (OPENS_FILE_OF_ITS_OWN) that no code in its scope can write through: it
 * has no variable, or its variable is never named again before the scope ends.
 */
export function opensFileNothingWritesThrough(text: string, using: UsingResource): boolean {
  if (!OPENS_FILE_OF_ITS_OWN.test(using.resourceText.trim())) return false;
  if (using.variableName === null) return !using.isDeclaration;
  const masked = maskCommentsAndStrings(text);
  const end = usingScopeClose(masked, using);
  if (end < using.span.start) return false;
  const name = new RegExp(`(?<![\\w@.])@?${escapeRegExp(using.variableName.replace(/^@/, ''))}(?!\\w)`, 'g');
  // The declaration names it once; any other mention may write through it or hand it on.
  return (masked.slice(using.span.start, end).match(name) ?? []).length === 1;
}
