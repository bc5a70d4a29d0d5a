/**
 * Dual sync/async code paths, as database drivers write them: one method with a `bool async` parameter serves
 * both `Read()` and `ReadAsync()`, awaiting on one branch and calling the synchronous API on the other. The
 * synchronous branch runs only when the caller asked for synchronous work, so its blocking calls are by design.
 */
import type { SyntaxNode } from '../parse/parser';
import type { Parameter, TypeDeclaration } from './types';
import { ASYNC_FLAG_NAMES } from './completion';
import { calleeOf, isFunctionNode } from './syntax';
import { ASYNC_CAPABILITIES, asyncCapabilityNamed } from '../knowledge/asyncCapabilities';

/** The `bool` parameter that selects the synchronous or asynchronous path, or null when the body has none. */
export function asyncFlagOf(parameters: readonly Pick<Parameter, 'name' | 'typeText'>[]): string | null {
  return parameters.find((p) => (p.typeText === 'bool' || p.typeText === 'Boolean') && ASYNC_FLAG_NAMES.has(p.name))?.name ?? null;
}

/**
 * A `bool` field of the containing type that selects the path for the object's lifetime (Npgsql's `_async` on a
 * reader created for sync or async use), when the body reads it; or null.
 */
export function asyncFlagFieldOf(containing: TypeDeclaration | null, isMentioned: (name: string) => boolean): string | null {
  return flagFieldsOf(containing).find(isMentioned) ?? null;
}

/** The `bool` fields and properties of a type that may select the path (ASYNC_FLAG_NAMES, with or without `_`). */
export function flagFieldsOf(containing: TypeDeclaration | null): readonly string[] {
  if (!containing) return [];
  // The type's candidate fields, found once per type (every body of it asks).
  let candidates = flagFieldsByType.get(containing);
  if (!candidates) {
    candidates = containing.members
      .filter((m) => (m.kind === 'field' || m.kind === 'property') && (m.typeText === 'bool' || m.typeText === 'Boolean') && ASYNC_FLAG_NAMES.has(m.name.replace(/^_/, '')))
      .map((m) => m.name);
    flagFieldsByType.set(containing, candidates);
  }
  return candidates;
}

const flagFieldsByType = new WeakMap<TypeDeclaration, string[]>();

/**
 * A condition that says the caller asked for synchronous work, as libraries spell it on a context object
 * (Polly's `context.IsSynchronous`) or a local: its then branch is the synchronous path.
 */
const SYNC_MODE = /(^|\.)\s*(IsSynchronous|isSynchronous|synchronous|IsSync|isSync|RunSynchronously|runSynchronously)$/;

/**
 * A comparison of a mode with a member of a synchronous/asynchronous mode enum, as MySqlConnector writes
 * `ioBehavior == IOBehavior.Asynchronous ? await ReadAsync(...) : Read(...)`: true when the comparison holds on the
 * synchronous path (`== X.Synchronous`, `!= X.Asynchronous`), false when it holds on the asynchronous one, null for
 * any other condition.
 */
export function modeComparisonIsSync(condition: string): boolean | null {
  const m = /^[\w.]+\s*(==|!=)\s*(?:[\w.]*\.)?(Synchronous|Sync|Asynchronous|Async)$/.exec(condition);
  if (!m) return null;
  const namesSync = m[2] === 'Synchronous' || m[2] === 'Sync';
  return (m[1] === '==') === namesSync;
}

/**
 * Whether a type is a synchronous/asynchronous mode: an enum with both a `Synchronous` and an `Asynchronous`
 * member (MySqlConnector's IOBehavior), or `Sync` and `Async`. A method that takes one serves both APIs.
 */
export function isSyncModeEnum(type: Pick<TypeDeclaration, 'kind' | 'constants'>): boolean {
  if (type.kind !== 'enum') return false;
  const members = type.constants.map((c) => c.name);
  return (members.includes('Synchronous') && members.includes('Asynchronous')) || (members.includes('Sync') && members.includes('Async'));
}

/**
 * A test that an optional asynchronous capability is there: a member or delegate named with the Async suffix compared
 * with null (`adapter.CreateWriterAsync != null`, `CreateWriterAsync is not null`), as provider adapters write it for
 * a driver's API they bind at run time. The branch it guards is the asynchronous path; the code it skips is the
 * synchronous fallback for a driver that lacks it.
 */
const ASYNC_CAPABILITY_PRESENT = /^(?:[\w.]+\.)?[A-Za-z_]\w*Async\s*(?:!=\s*null|is\s+not\s+null)$/;

/** The same test the other way round (`adapter.CreateWriterAsync == null`, `is null`): the branch it guards is the fallback. */
const ASYNC_CAPABILITY_ABSENT = /^(?:[\w.]+\.)?[A-Za-z_]\w*Async\s*(?:==\s*null|is\s+null)$/;

/**
 * A test of an asynchronous mode held in a member (`command.Async`, `options.IsAsync`, `request is { Async: true }`),
 * as a scheduler's stored command says how it was sent: the branch it guards is the asynchronous path, the else arm
 * the synchronous one, chosen by the caller that stored it (Brighter's scheduler handlers replay `Post` or
 * `PostAsync` as the original call was).
 */
const ASYNC_MODE_MEMBER = /^(?:[\w.]+\.)?(?:Is|Use|Run)?Async$|^[\w.]+\s+is\s*\{[^{}]*\b(?:Is)?Async\s*:\s*true\b[^{}]*\}$/;

/**
 * What a condition tests when it asks whether an object has an asynchronous capability by its type
 * (knowledge/asyncCapabilities.ts): `query is IAsyncEnumerable<T>`, `query.Provider is IAsyncQueryProvider`,
 * `resource is IAsyncDisposable disposable` hold on the asynchronous path; `query is not IAsyncEnumerable<T>` and
 * `!(query is IAsyncEnumerable<T>)` on the synchronous one. The subject is the object tested, a query for its
 * provider's test; null for any other condition.
 */
export function capabilityTypeTestOf(condition: string): { subject: string; present: boolean } | null {
  let text = stripParens(condition);
  let negated = false;
  if (text.startsWith('!')) {
    negated = true;
    text = stripParens(text.slice(1));
  }
  const m = /^([A-Za-z_][\w.]*)\s+is\s+(not\s+)?((?:global::)?[A-Za-z_][\w.]*(?:\s*<[^<>]*>)?)(?:\s+[A-Za-z_]\w*)?$/.exec(text);
  if (!m) return null;
  const capability = asyncCapabilityNamed(m[3]);
  if (!capability) return null;
  const subject = capability.type === 'IAsyncQueryProvider' ? m[1].replace(/\.Provider$/, '') : m[1];
  return { subject, present: !m[2] !== negated };
}

/**
 * Whether `call` is the synchronous fallback of a capability type test (capabilityTypeTestOf) on its own receiver:
 * `query.Count()` where `query is IAsyncEnumerable<T>` failed. The asynchronous twin needs what the test found
 * missing (EF Core's CountAsync throws on such a query), so whatever the guarded branch does, the twin is not an
 * alternative here. A call on another object than the one tested is not a fallback.
 */
function isCapabilityTypeFallback(call: SyntaxNode, cond: SyntaxNode | null, whenTestHolds: boolean): boolean {
  if (!cond || call.type !== 'invocation_expression') return false;
  const test = capabilityTypeTestOf(cond.text);
  const receiver = calleeOf(call)?.receiver?.replace(/\s+/g, '');
  if (!test || test.present !== whenTestHolds || !receiver) return false;
  return receiver === test.subject || receiver.startsWith(`${test.subject}.`);
}

/** A type test of an asynchronous capability anywhere in a text, for mentionsSyncMode. */
const CAPABILITY_TYPE_TEST = new RegExp(`\\bis\\s+(?:not\\s+)?(?:[\\w.]+\\.)?(?:${ASYNC_CAPABILITIES.map((c) => c.type).join('|')})\\b`);

/**
 * Whether a body's text mentions a synchronous-mode condition at all: only then is isOnSyncPath worth asking without a
 * flag. `\wAsync` stands for `\w+Async` (a name ending in Async): for a yes or no they agree, and `\w+` would be tried
 * from every letter of every word, each time backtracking through the rest of it.
 */
export function mentionsSyncMode(text: string): boolean {
  return CAPABILITY_TYPE_TEST.test(text) || /\b(IsSynchronous|isSynchronous|synchronous|IsSync|isSync|RunSynchronously|runSynchronously)\b|\.\s*(Synchronous|Asynchronous)\b|\wAsync\s*(?:!=|==|is\s+not|is)\s*null\b|\.(?:Is|Use|Run)?Async\s*\)|\b(?:Is)?Async\s*:\s*true\b/.test(text);
}

/**
 * Whether `call` is the synchronous fallback of a branch guarded by an asynchronous capability (ASYNC_CAPABILITY_PRESENT)
 * that calls its twin: `Copy(...)` where the guarded branch awaits `CopyAsync(...)`. That twin needs what the guard
 * found missing (ClickHouse's Octonica writer without its async factory), so it is not an alternative here. The twin
 * must be the one the guarded branch calls: a sync call of something else after such a guard is not a fallback.
 */
function isCapabilityFallback(call: SyntaxNode, cond: SyntaxNode | null, guarded: SyntaxNode | null, test: RegExp = ASYNC_CAPABILITY_PRESENT): boolean {
  if (!cond || !guarded || call.type !== 'invocation_expression' || !test.test(stripParens(cond.text))) return false;
  const name = calleeOf(call)?.name;
  return !!name && new RegExp(`\\b${name}Async\\s*(?:<[^()]*>)?\\s*\\(`).test(guarded.text);
}

/**
 * Whether `node` runs only on the synchronous path: when `flag` (a `bool async` parameter) is false, in the else
 * arm of `if (flag)`, the then arm of `if (!flag)`, the false arm of `flag ? a : b`, or after an
 * `if (flag) { ...; return; }` earlier in an enclosing block; or in the then arm of `if (context.IsSynchronous)`
 * or of `mode == IOBehavior.Synchronous` (the else arm of `mode == IOBehavior.Asynchronous`); or, for a call `Foo(...)`,
 * where `if (x.FooWriterAsync != null)` guards a branch that calls `FooAsync` (isCapabilityFallback), or in the then
 * arm of `if (x.FooWriterAsync == null)` whose else arm calls `FooAsync`, or in the else arm of `if (command.Async)`
 * (ASYNC_MODE_MEMBER) whose then arm calls `FooAsync`; or, for a call on an object a capability type test failed for
 * (`query.Count()` in the else arm of `query is IAsyncEnumerable<T>`, the then arm of `query is not
 * IAsyncEnumerable<T>`, or after an `if (query is IAsyncEnumerable<T>)` that always returns), whatever that arm
 * calls (isCapabilityTypeFallback). The walk goes on through the lambdas and anonymous methods
 * around the node (one written on the synchronous branch is created only there) and stops at a local function or member.
 */
export function isOnSyncPath(node: SyntaxNode, flag: string | null): boolean {
  const isFlag = (cond: SyntaxNode | null) => !!cond && flag !== null && stripParens(cond.text) === flag;
  const isNotFlag = (cond: SyntaxNode | null) => !!cond && flag !== null && new RegExp(`^!\\s*\\(?\\s*${flag}\\s*\\)?$|^${flag}\\s*==\\s*false$`).test(stripParens(cond.text));
  const isSyncMode = (cond: SyntaxNode | null) => !!cond && (SYNC_MODE.test(stripParens(cond.text)) || modeComparisonIsSync(stripParens(cond.text)) === true);
  const isNotSyncMode = (cond: SyntaxNode | null) => !!cond && ((/^!/.test(stripParens(cond.text)) && SYNC_MODE.test(stripParens(stripParens(cond.text).slice(1)))) || modeComparisonIsSync(stripParens(cond.text)) === false);
  // A capability fallback is judged by the call's own name; once the walk has left the lambda around it, only the
  // flag and mode conditions count, so what a lambda inherits depends on where the lambda is, not on what it calls
  // (the body cache keys a lambda by that: pathKeyOf).
  return someBranchAbove(node, flag, ({ arm, cond, other, crossed }) => {
    const fallback = (guarded: SyntaxNode | null, test?: RegExp) => !crossed && isCapabilityFallback(node, cond, guarded, test);
    const typeFallback = (whenTestHolds: boolean) => !crossed && isCapabilityTypeFallback(node, cond, whenTestHolds);
    if (arm === 'then') return isNotFlag(cond) || isSyncMode(cond) || fallback(other, ASYNC_CAPABILITY_ABSENT) || typeFallback(false);
    if (arm === 'else') return isFlag(cond) || isNotSyncMode(cond) || fallback(other) || fallback(other, ASYNC_MODE_MEMBER) || typeFallback(true);
    return isFlag(cond) || isNotSyncMode(cond) || fallback(other) || typeFallback(true);
  });
}

/**
 * Where a lambda or anonymous method sits on the dual paths around it, for each flag its body may read (`flags`:
 * none, the enclosing body's, the type's flag fields): its calls and waits inherit that position (isOnSyncPath and
 * isOnAsyncPath walk through it), so the body cache must not reuse a lambda moved to another branch. '' for other
 * functions, whose walks stop at their own node.
 */
export function pathKeyOf(fn: SyntaxNode, flags: readonly (string | null)[]): string {
  if (!isAnonymousFunction(fn)) return '';
  return flags.map((f) => `${isOnSyncPath(fn, f) ? 's' : '-'}${f !== null && isOnAsyncPath(fn, f) ? 'a' : '-'}`).join('');
}

/**
 * Whether `node` runs only on the asynchronous path of a `bool async` flag: in the then arm of `if (flag)`, the else
 * arm of `if (!flag)`, the true arm of `flag ? a : b`, or after an `if (!flag) { ...; return; }` earlier in an
 * enclosing block; the mirror of isOnSyncPath for the flag alone. Unlike it, the walk goes on through the lambdas
 * and anonymous methods around the node (`if (async) { act = () => subject.RenameAsync(id).GetAwaiter().GetResult(); }`):
 * a lambda is created where it is written, so one written on that path exists only when the flag is true. It stops
 * at a local function or member, which may be called from anywhere in its scope.
 */
export function isOnAsyncPath(node: SyntaxNode, flag: string): boolean {
  const isFlag = (cond: SyntaxNode | null) => !!cond && new RegExp(`^${flag}(?:\\s*==\\s*true)?$`).test(stripParens(cond.text));
  const isNotFlag = (cond: SyntaxNode | null) => !!cond && new RegExp(`^!\\s*\\(?\\s*${flag}\\s*\\)?$|^${flag}\\s*==\\s*false$`).test(stripParens(cond.text));
  return someBranchAbove(node, flag, ({ arm, cond }) => (arm === 'then' ? isFlag(cond) : isNotFlag(cond)));
}

/**
 * A branch a node sits in, met on the way up from it: the `then` or `else` arm of an `if` or `?:` it is in (`other`
 * is the arm it is not in), or `after` an earlier `if` without `else` in an enclosing block (`other` is that `if`'s
 * consequence, which must always exit for the node to run only when its condition is false). `crossed`: the walk has
 * left a lambda or anonymous method on its way.
 */
interface BranchAbove {
  arm: 'then' | 'else' | 'after';
  cond: SyntaxNode | null;
  other: SyntaxNode | null;
  crossed: boolean;
}

/**
 * Whether `decides` says yes to a branch around `node`: the walk isOnSyncPath and isOnAsyncPath share. It goes on
 * through the lambdas and anonymous methods around the node (one written on a branch is created only there) unless
 * one declares `flag` itself, and stops at a local function or member, which may be called from anywhere in its scope.
 */
function someBranchAbove(node: SyntaxNode, flag: string | null, decides: (branch: BranchAbove) => boolean): boolean {
  let crossed = false;
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'if_statement' || p.type === 'conditional_expression') {
      const cond = p.childForFieldName('condition');
      const consequence = p.childForFieldName('consequence');
      const alternative = p.childForFieldName('alternative');
      if (consequence && child.startIndex === consequence.startIndex && decides({ arm: 'then', cond, other: alternative, crossed })) return true;
      if (alternative && child.startIndex === alternative.startIndex && decides({ arm: 'else', cond, other: consequence, crossed })) return true;
    } else if (p.type === 'block') {
      for (const s of p.namedChildren) {
        if (!s || s.startIndex >= child.startIndex) break;
        if (s.type !== 'if_statement' || s.childForFieldName('alternative')) continue;
        const consequence = s.childForFieldName('consequence');
        if (decides({ arm: 'after', cond: s.childForFieldName('condition'), other: consequence, crossed }) && alwaysExits(consequence)) return true;
      }
    }
    if (isFunctionNode(p) && (!isAnonymousFunction(p) || (flag !== null && declaresName(p, flag)))) break;
    if (isFunctionNode(p)) crossed = true;
  }
  return false;
}

function isAnonymousFunction(node: SyntaxNode): boolean {
  return node.type === 'lambda_expression' || node.type === 'anonymous_method_expression';
}

/** Whether a lambda's or anonymous method's parameters declare `name`, which then hides the flag around it. */
function declaresName(fn: SyntaxNode, name: string): boolean {
  const parameters = fn.childForFieldName('parameters');
  return !!parameters && new RegExp(`\\b${name}\\b`).test(parameters.text);
}

function stripParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return t;
}

/** A statement that always leaves the method: a return or throw, or a block that ends with one. */
function alwaysExits(statement: SyntaxNode | null): boolean {
  if (!statement) return false;
  if (statement.type === 'return_statement' || statement.type === 'throw_statement') return true;
  if (statement.type === 'block') {
    const statements = statement.namedChildren.filter((c) => !!c && c.type !== 'comment');
    return alwaysExits(statements[statements.length - 1] ?? null);
  }
  return false;
}
