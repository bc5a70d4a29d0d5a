/**
 * Whether a parameter of an abstract stream or writer type is an in-memory one at every call the workspace makes: a
 * `TextWriter` parameter that each caller fills with `new StringWriter(...)`, a `Stream` parameter that each caller
 * fills with `new MemoryStream(...)` (or another in-memory stream: knowledge/exemptions.ts), given directly, as a
 * local created so, or as a parameter of the caller's own that is one in turn (a public `Generate(writer)` that hands
 * its writer to protected `WriteSection(writer)` helpers, filled by a controller that renders into a StringBuilder; a
 * sitemap writer whose `XmlWriter` is created over a stream parameter that the one caller creates as a MemoryStream).
 * The declared type is the abstract TextWriter or Stream, so the receiver's type says nothing; the callers do. Memory
 * cannot block: its Write and WriteLine, and a reader or writer over it, never wait on a device
 * (knowledge/exemptions.ts), and ASY002 stays quiet there. The seeded readings of the thirty-fifth and thirty-sixth
 * sessions found the same Smartstore generator reported twice for such a writer, and the thirty-eighth session's
 * round found GrandNode's sitemap writer over such a stream (test/real-world/README.md).
 *
 * Conservative on every doubt: no workspace call of the method's name, a call whose argument is anything else (a
 * StreamWriter, a file, a response body, a field, a local assigned again), a named argument it cannot place and a
 * chain deeper than MAX_DEPTH all answer false. Calls are found by name; one that the workspace's resolution binds only
 * to other methods (an overload of another arity) is not a call of this method and is passed over, and any other
 * same-named call must be handed memory too. A public method of a published library may have callers outside the
 * workspace; when the workspace calls it, and only with memory, the method is taken to be what those calls show (a
 * generator that renders into memory), and a library API nobody in the workspace calls answers false.
 */
import type { MethodBody } from '../model/types';
import { bodyChain } from '../model/bodies';
import { callersOf, indexMemo, type CallRef } from '../workspace/index';
import { resolveCallSite } from '../workspace/completion';
import { EXEMPT_RECEIVER_TYPES } from '../knowledge/exemptions';
import type { RuleContext } from './types';
import { argumentNameOf } from './callTargets';

/** How many methods up a writer or stream is followed through parameters before the answer is "unknown". */
const MAX_DEPTH = 4;

/** An abstract parameter type and the creations of it that write to memory. */
interface InMemoryKind {
  /** For the memo key. */
  name: string;
  parameterType: RegExp;
  creation: RegExp;
}

/** The in-memory types of a base type, as `new` writes them (knowledge/exemptions.ts EXEMPT_RECEIVER_TYPES). */
function creationOf(baseType: string): RegExp {
  const types = EXEMPT_RECEIVER_TYPES.filter((exempt) => exempt.baseType === baseType).map((exempt) => `(?:${exempt.namespace.replace(/\./g, '\\.')}\\.)?${exempt.type}`);
  return new RegExp(`^new\\s+(?:global::)?(?:${types.join('|')})\\s*\\(`);
}

const STRING_WRITER: InMemoryKind = { name: 'stringWriter', parameterType: /^(?:global::)?(?:System\.IO\.)?TextWriter\??$/, creation: creationOf('TextWriter') };
const MEMORY_STREAM: InMemoryKind = { name: 'memoryStream', parameterType: /^(?:global::)?(?:System\.IO\.)?Stream\??$/, creation: creationOf('Stream') };
const IDENTIFIER = /^@?[A-Za-z_]\w*$/;

/** Whether `receiver`, a TextWriter parameter of the body or a method around it, is a StringWriter at every workspace call. */
export function isStringWriterParameter(ctx: RuleContext, body: MethodBody, receiver: string): boolean {
  return isInMemoryParameter(ctx, body, receiver, STRING_WRITER);
}

/** Whether `expression`, a Stream parameter of the body or a method around it, is an in-memory stream at every workspace call. */
export function isMemoryStreamParameter(ctx: RuleContext, body: MethodBody, expression: string): boolean {
  return isInMemoryParameter(ctx, body, expression.trim(), MEMORY_STREAM);
}

function isInMemoryParameter(ctx: RuleContext, body: MethodBody, receiver: string, kind: InMemoryKind): boolean {
  if (!IDENTIFIER.test(receiver)) return false;
  const name = receiver.replace(/^@/, '');
  if (body.locals.some((l) => l.name === name)) return false;
  const owner = bodyChain(body, ctx.model.bodies).find((b) => b.parameters.some((p) => p.name === name));
  if (!owner || owner.kind !== 'method') return false;
  return filledInMemory(ctx, owner, ctx.file, name, kind, 0);
}

/** Whether the parameter `name` of `method` (declared in `file`) is handed memory by every workspace call of it. */
function filledInMemory(ctx: RuleContext, method: MethodBody, file: string, name: string, kind: InMemoryKind, depth: number): boolean {
  const position = method.parameters.findIndex((p) => p.name === name);
  const parameter = method.parameters[position];
  if (!parameter || !kind.parameterType.test(parameter.typeText?.trim() ?? '') || depth > MAX_DEPTH) return false;
  return indexMemo(ctx.index, `asy002:${kind.name}Parameter:${file}:${method.name}:${position}:${name}:${depth}`, () => {
    const calls = callersOf(ctx.index, method.name).filter((ref) => mayCall(ctx, ref, method, file));
    if (calls.length === 0) return false;
    return calls.every((ref) => {
      const argument = argumentFor(ref.call.argumentTexts, name, position);
      return argument !== null && isInMemoryArgument(ctx, ref.caller, ref.file, argument, kind, depth);
    });
  });
}

/**
 * Whether a same-named call may run `method`: false only when the workspace resolves it to other methods alone (an
 * overload with another number of parameters), so a sitemap's `Generate(language, store)` is not read as a call of
 * `Generate(stream, language, store)`. A call resolved to nothing in the workspace is kept, and judged.
 */
function mayCall(ctx: RuleContext, ref: CallRef, method: MethodBody, file: string): boolean {
  const argumentCount = ref.call.argumentTexts.filter((a) => a.trim() !== '').length;
  const targets = resolveCallSite(ref.call.name, ref.call.receiver, argumentCount, ref.file, ref.caller, ctx.index).targets;
  return targets.length === 0 || targets.some((t) => t.file === file && t.body?.id === method.id);
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

function isInMemoryArgument(ctx: RuleContext, caller: MethodBody, file: string, argument: string, kind: InMemoryKind, depth: number): boolean {
  if (kind.creation.test(argument)) return true;
  if (!IDENTIFIER.test(argument)) return false;
  const name = argument.replace(/^@/, '');
  const local = caller.locals.find((l) => l.name === name);
  if (local) return local.initializerText !== null && kind.creation.test(local.initializerText.trim()) && !local.deconstructs && !local.assignedAgain;
  const bodies = ctx.index.files.get(file)?.bodies ?? [];
  const owner = bodyChain(caller, bodies).find((b) => b.parameters.some((p) => p.name === name));
  return owner !== undefined && owner.kind === 'method' && filledInMemory(ctx, owner, file, name, kind, depth + 1);
}
