/**
 * Whether a `TextWriter` parameter is a StringWriter at every call the workspace makes: each caller passes
 * `new StringWriter(...)`, a local created so, or a `TextWriter` parameter of its own that is one in turn (a public
 * `Generate(writer)` that hands its writer to protected `WriteSection(writer)` helpers, filled by a controller that
 * renders into a StringBuilder). The declared type is the abstract TextWriter, so the receiver's type says nothing;
 * the callers do. A StringWriter appends to memory: its Write and WriteLine cannot block (knowledge/exemptions.ts),
 * and ASY002 stays quiet there. The seeded readings of the thirty-fifth and thirty-sixth sessions found the same
 * Smartstore generator reported twice for such a writer (test/real-world/README.md).
 *
 * Conservative on every doubt: no workspace call of the method's name, a call whose argument is anything else (a
 * StreamWriter, a response writer, a field, a local assigned again), a named argument it cannot place and a chain
 * deeper than MAX_DEPTH all answer false. Calls are found by name, so a same-named method of another type that is
 * handed a file writer answers false too. A public method of a published library may have callers outside the
 * workspace; when the workspace calls it, and only with StringWriters, the method is taken to be what those calls
 * show (a generator that renders into memory), and a library API nobody in the workspace calls answers false.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { callersOf, indexMemo } from '../workspace/index';
import type { RuleContext } from './types';
import { argumentNameOf } from './callTargets';

/** How many methods up a writer is followed through parameters before the answer is "unknown". */
const MAX_DEPTH = 4;

const TEXT_WRITER = /^(?:global::)?(?:System\.IO\.)?TextWriter\??$/;
const NEW_STRING_WRITER = /^new\s+(?:global::)?(?:System\.IO\.)?StringWriter\s*\(/;
const IDENTIFIER = /^@?[A-Za-z_]\w*$/;

/** Whether `receiver`, a TextWriter parameter of the body or a method around it, is a StringWriter at every workspace call. */
export function isStringWriterParameter(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  if (!IDENTIFIER.test(receiver)) return false;
  const name = receiver.replace(/^@/, '');
  if (body.locals.some((l) => l.name === name)) return false;
  const owner = bodyChain(body, ctx.model.bodies).find((b) => b.parameters.some((p) => p.name === name));
  if (!owner || owner.kind !== 'method') return false;
  return filledWithStringWriter(ctx, owner, name, 0);
}

/** Whether the parameter `name` of `method` is handed a StringWriter by every workspace call of the method's name. */
function filledWithStringWriter(ctx: RuleContext, method: MethodBody, name: string, depth: number): boolean {
  const position = method.parameters.findIndex((p) => p.name === name);
  const parameter = method.parameters[position];
  if (!parameter || !TEXT_WRITER.test(parameter.typeText?.trim() ?? '') || depth > MAX_DEPTH) return false;
  return indexMemo(ctx.index, `asy002:stringWriterParameter:${method.name}:${position}:${name}:${depth}`, () => {
    const calls = callersOf(ctx.index, method.name);
    if (calls.length === 0) return false;
    return calls.every((ref) => {
      const argument = argumentFor(ref.call.argumentTexts, name, position);
      return argument !== null && isStringWriterArgument(ctx, ref.caller, ref.file, argument, depth);
    });
  });
}

/** The argument a call passes for the parameter: by its name when any argument is named, else by position. */
function argumentFor(argumentTexts: readonly string[], name: string, position: number): string | null {
  const names = argumentTexts.map(argumentNameOf);
  const firstNamed = names.findIndex((n) => n !== null);
  if (firstNamed === -1) return argumentTexts[position]?.trim() ?? null;
  const named = names.indexOf(name);
  if (named !== -1) return argumentTexts[named].slice(argumentTexts[named].indexOf(':') + 1).trim();
  // A positional argument before the first named one still sits at its position.
  return position < firstNamed ? argumentTexts[position].trim() : null;
}

function isStringWriterArgument(ctx: RuleContext, caller: MethodBody, file: string, argument: string, depth: number): boolean {
  if (NEW_STRING_WRITER.test(argument)) return true;
  if (!IDENTIFIER.test(argument)) return false;
  const name = argument.replace(/^@/, '');
  const local = caller.locals.find((l) => l.name === name);
  if (local) return local.initializerText !== null && NEW_STRING_WRITER.test(local.initializerText.trim()) && !local.deconstructs && !local.assignedAgain;
  const bodies = ctx.index.files.get(file)?.bodies ?? [];
  const owner = bodyChain(caller, bodies).find((b) => b.parameters.some((p) => p.name === name));
  return owner !== undefined && owner.kind === 'method' && filledWithStringWriter(ctx, owner, name, depth + 1);
}
