/**
 * Dual sync/async code as drivers write it, seen from outside one method: a helper that hands back a task only to
 * fit the shape of its caller (`mode == IOBehavior.Asynchronous ? DoReadAsync(buffer) : DoReadSync(buffer)`), and a
 * method that takes the mode itself. The first serves only the synchronous path, so its blocking calls are the
 * point of it; the second serves both, so `await using` in it would make the synchronous path asynchronous.
 */
import type { MethodBody, Parameter, Span, TypeDeclaration } from '../model/types';
import { isTaskLike } from '../model/returnKind';
import { isSyncModeEnum } from '../model/dualPath';
import { callersOf, typesNamed, type WorkspaceIndex } from '../workspace/index';
import { maskCommentsAndStrings } from './sourceText';
import { innermostType } from '../model/enclosingTypes';

/**
 * Whether one of the parameters is a synchronous/asynchronous mode enum the workspace declares (MySqlConnector's
 * `IOBehavior ioBehavior`, with members Synchronous and Asynchronous): the method serves both the synchronous API,
 * which passes the synchronous member, and the asynchronous one.
 */
export function takesSyncModeParameter(index: WorkspaceIndex, parameters: readonly Pick<Parameter, 'typeText'>[]): boolean {
  return parameters.some((p) => typeof p.typeText === 'string' && typesNamed(index, p.typeText.replace(/\?$/, '').replace(/^.*\./, '')).some((ref) => isSyncModeEnum(ref.type)));
}

/**
 * Whether a body without `async` that returns a task runs only for synchronous callers: a local function, or a
 * private method of a class or struct, that is called at least once, every call of it (in the workspace, by its
 * simple name or through `this`) on the synchronous path of dual-path code (model/dualPath.ts `isOnSyncPath`: the
 * else arm of `mode == IOBehavior.Asynchronous ? ... : ...`, the false arm of a `bool async` flag) or waited on where
 * it is made (`Detect().Result`, `.Wait()`, `.GetAwaiter().GetResult()`: a façade that returns `Task.FromResult` to a
 * property getter that blocks on it), and its name written nowhere else in the file (no method group handed out as a
 * delegate). Its task is complete when it returns, and awaiting inside it would make the synchronous caller wait on
 * asynchronous work (on a UI thread, for a continuation that needs that thread: a deadlock); the caller's wait is
 * what ASY003 reports.
 */
export function servesOnlySynchronousCallers(index: WorkspaceIndex, file: string, text: string, body: MethodBody, bodies: readonly MethodBody[], types: readonly TypeDeclaration[]): boolean {
  if (body.isAsync || !isTaskLike(body.returnKind)) return false;
  if (body.kind !== 'localFunction' && !(body.kind === 'method' && isPrivateMember(body))) return false;
  // Where the name can be called from in this file: the body a local function is declared in, or the type a
  // private method is a member of (other files hold the rest of a partial type).
  const scope = body.kind === 'localFunction' ? bodies.find((b) => b.id === body.parentId)?.span : innermostType(types, body.span)?.span;
  if (!scope) return false;
  const within = (span: Span) => scope.start <= span.start && span.end <= scope.end;
  const calls = callersOf(index, body.name).filter((ref) => ref.call.receiver === null || ref.call.receiver === 'this').filter((ref) =>
    body.kind === 'localFunction' ? ref.file === file && within(ref.call.span) : ref.caller.containingType === body.containingType && (ref.file !== file || within(ref.call.span)));
  if (calls.length === 0 || !calls.every((ref) => ref.call.onSyncPath || ref.call.usage === 'blocked')) return false;
  // Every mention of the name in that scope is a declaration of the name or one of those calls: a method group
  // handed to a delegate, or an overload called from an asynchronous path, keeps the method async code.
  const declarations = bodies.filter((b) => b.name === body.name && (b.kind === 'method' || b.kind === 'localFunction') && within(b.nameSpan)).length;
  const inFile = calls.filter((ref) => ref.file === file).length;
  return mentionsOf(text, body.name, scope) === declarations + inFile;
}

/** A method only its own type can call: `private` (not `private protected`), or no access modifier in a class or struct. */
function isPrivateMember(body: MethodBody): boolean {
  if (body.containingTypeKind !== 'class' && body.containingTypeKind !== 'struct' && body.containingTypeKind !== 'record' && body.containingTypeKind !== 'record struct') return false;
  if (body.modifiers.includes('protected') || body.modifiers.includes('override') || body.modifiers.includes('partial')) return false;
  return body.modifiers.includes('private') || !body.modifiers.some((m) => m === 'public' || m === 'internal');
}

/** How many times the name is written as a whole word in a span of the file's code (comments and literals left out). */
function mentionsOf(text: string, name: string, scope: Span): number {
  return maskCommentsAndStrings(text).slice(scope.start, scope.end).match(new RegExp(`(?<![\\w@])${name}(?!\\w)`, 'g'))?.length ?? 0;
}
