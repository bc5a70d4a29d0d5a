/**
 * Whether a `using` of a stream that writes a last block when it is disposed (a CryptoStream's final block) has had
 * that block written before every normal way out of its scope: the body calls the stream's finalizing member
 * (`cs.FlushFinalBlock()`), or closes or disposes a stream built over it (`bs.Close()` on `new BufferedStream(cs)`,
 * which closes cs), as a statement that runs before the scope's end and before each return inside it. Disposal then
 * finds nothing left to write, and `await using` has nothing to wait for.
 */
import type { MethodBody, UsingResource } from '../model/types';
import { closingBracket, enclosingOpenBrace, escapeRegExp } from '../model/syntax';
import { maskCommentsAndStrings, usingScopeClose } from './sourceText';

/** Where a finalizing statement runs: the block that holds it and its start there. */
interface Finalizer {
  at: number;
  blockOpen: number;
  blockClose: number;
}

export function finalBlockWrittenBeforeEveryExit(text: string, body: MethodBody, using: UsingResource, finalizingMember: string): boolean {
  const name = using.variableName?.replace(/^@/, '');
  if (!name) return false;
  const masked = maskCommentsAndStrings(text);
  const scopeClose = usingScopeClose(masked, using);
  if (scopeClose < 0 || masked[scopeClose] !== '}') return false;
  const scopeOpen = enclosingOpenBrace(masked, scopeClose);
  if (scopeOpen < 0) return false;
  const scope = masked.slice(using.span.start, scopeClose);
  // A jump out of the scope other than a return is not followed: goto, yield, and break or continue where no loop
  // or switch inside the scope can be their target.
  if (/\b(?:goto|yield)\b/.test(scope) || (/\b(?:break|continue)\s*;/.test(scope) && !/\b(?:for|foreach|while|do|switch)\b/.test(scope))) return false;
  // `cs.FlushFinalBlock();`, `await cs.FlushFinalBlockAsync(token);`, `bs.Close();`, `await bs.DisposeAsync();`.
  const closers = [`${escapeRegExp(name)}\\s*\\.\\s*${finalizingMember}`, ...wrappersOver(body, name).map((w) => `${escapeRegExp(w)}\\s*\\.\\s*(?:Close|Dispose)`)];
  const pattern = new RegExp(`(?<![\\w.@])(?:await\\s+)?@?(?:${closers.join('|')})(?:\\s*\\(\\s*\\)|Async\\s*\\([^()]*\\)(?:\\s*\\.\\s*ConfigureAwait\\s*\\([^()]*\\))?)\\s*;`, 'g');
  const finalizers: Finalizer[] = [];
  for (const m of scope.matchAll(pattern)) {
    const finalizer = finalizerAt(masked, using.span.start + m.index!);
    if (finalizer) finalizers.push(finalizer);
  }
  if (finalizers.length === 0) return false;
  // The scope's end is reached through its own block: a finalizing statement of that block runs on the way.
  if (!finalizers.some((f) => f.blockOpen === scopeOpen)) return false;
  const returns = body.returns.filter((r) => scopeOpen < r.span.start && r.span.end <= scopeClose);
  return returns.every((r) => finalizers.some((f) => f.at < r.span.start && f.blockOpen < r.span.start && r.span.end <= f.blockClose));
}

/**
 * The locals holding a stream created over `name` that closes it when closed: `new BufferedStream(cs, ...)`, or a
 * writer over it, with no `true` among the arguments (`leaveOpen: true` keeps it open).
 */
function wrappersOver(body: MethodBody, name: string): string[] {
  const over = new RegExp(`^new\\s+[A-Za-z_][\\w.]*\\s*\\(\\s*@?${escapeRegExp(name)}\\s*[,)]`);
  return body.locals.filter((l) => l.initializerText !== null && over.test(l.initializerText.trim()) && !/\btrue\b/.test(l.initializerText)).map((l) => l.name);
}

/**
 * The statement starting at `at`, if it is one (after `;`, `{` or `}`: not the body of a braceless `if`), with the
 * block that holds it. A statement that opens a `try` block stands for that `try` statement: it runs whenever the
 * `try` does, unless it throws.
 */
function finalizerAt(masked: string, at: number): Finalizer | null {
  let start = at;
  for (let guard = 0; guard < 4; guard++) {
    if (!/[;{}]\s*$/.test(masked.slice(Math.max(0, start - 200), start))) return null;
    const blockOpen = enclosingOpenBrace(masked, start);
    if (blockOpen < 0) return null;
    const before = masked.slice(Math.max(0, blockOpen - 200), blockOpen);
    const tried = /\btry\s*$/.exec(before);
    if (!tried) {
      const blockClose = closingBracket(masked, blockOpen);
      return blockClose < 0 ? null : { at: start, blockOpen, blockClose };
    }
    start = blockOpen - before.length + tried.index;
  }
  return null;
}

