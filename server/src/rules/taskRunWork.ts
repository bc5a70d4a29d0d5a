/**
 * Functions that run only as the work of `Task.Run`: a lambda handed to it (`Task.Run(async () => ...)`), or a private
 * method or local function whose name is handed to it (`_loop = Task.Run(ReadLoop)`) and written nowhere else. Task.Run
 * queues its work to the thread pool under the default scheduler, where no SynchronizationContext is installed, so
 * such a function starts without a caller's context, and its awaits capture none to come back to (ASY027). Read from
 * syntax; pure.
 */
import type { MethodBody, Span, TypeDeclaration } from '../model/types';
import { innermostType } from '../model/enclosingTypes';
import { escapeRegExp } from '../model/syntax';
import { typesNamed } from '../workspace/index';
import type { RuleContext } from './types';

/** `Task`, `System.Threading.Tasks.Task`, `global::System.Threading.Tasks.Task`. */
const TASK_TYPE = /^(?:global::)?(?:System\.Threading\.Tasks\.)?Task$/;

/**
 * Why `body` runs only as Task.Run's work, or null when it is not (or not visibly) so. `masked` is the file's text with
 * comments and literals blanked (sourceText.ts maskCommentsAndStrings), which the caller has already.
 */
export function taskRunWorkOf(ctx: RuleContext, body: MethodBody, masked: string): string | null {
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') return isTaskRunDelegate(ctx, body) ? 'it is the work of a Task.Run call' : null;
  // A workspace type named Task is not System.Threading.Tasks.Task.
  if (typesNamed(ctx.index, 'Task').length > 0) return null;
  const scope = nameScopeOf(ctx, body);
  if (!scope) return null;
  const code = masked.slice(scope.start, scope.end);
  const name = escapeRegExp(body.name);
  const runs = code.match(new RegExp(`(?<![\\w.])(?:(?:global::)?System\\.Threading\\.Tasks\\.)?Task\\s*\\.\\s*Run\\s*(?:<[^()]*>\\s*)?\\(\\s*(?:this\\s*\\.\\s*)?${name}\\s*[,)]`, 'g'))?.length ?? 0;
  if (runs === 0) return null;
  // Every other mention of the name is one of its declarations (overloads included): a call, a delegate stored or
  // handed elsewhere, or an overload called directly, would run it on someone else's thread.
  const mentions = code.match(new RegExp(`(?<![\\w@])${name}(?!\\w)`, 'g'))?.length ?? 0;
  const declarations = ctx.model.bodies.filter((b) => b.name === body.name && (b.kind === 'method' || b.kind === 'localFunction') && scope.start <= b.nameSpan.start && b.nameSpan.end <= scope.end).length;
  if (mentions !== runs + declarations) return null;
  return `${body.name} runs only as the work of Task.Run(${body.name})`;
}

/** Whether `body` is a lambda or anonymous method written as the first argument of `Task.Run`, the work it queues. */
export function isTaskRunDelegate(ctx: RuleContext, body: MethodBody): boolean {
  if (body.kind !== 'lambda' && body.kind !== 'anonymousMethod') return false;
  const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
  if (call?.kind !== 'invocation' || call.name !== 'Run' || call.receiver === null || !TASK_TYPE.test(call.receiver.trim()) || call.argumentIndex !== 0) return false;
  // A workspace type named Task is not System.Threading.Tasks.Task.
  return typesNamed(ctx.index, 'Task').length === 0;
}

/**
 * Where the function's name can be used: the body a local function is declared in, or the type a private method is
 * a member of. A partial type's other declarations, in other files, could use it too, so its methods are not judged.
 */
function nameScopeOf(ctx: RuleContext, body: MethodBody): Span | null {
  if (body.kind === 'localFunction') return ctx.model.bodies.find((b) => b.id === body.parentId)?.span ?? null;
  if (body.kind !== 'method' || !isPrivateMember(body)) return null;
  const type: TypeDeclaration | null = innermostType(ctx.model.types, body.span);
  if (!type || type.modifiers.includes('partial')) return null;
  return type.span;
}

/** A method only its own type can call: `private` (not `private protected`), or no access modifier in a class or struct. */
function isPrivateMember(body: MethodBody): boolean {
  if (body.containingTypeKind !== 'class' && body.containingTypeKind !== 'struct' && body.containingTypeKind !== 'record' && body.containingTypeKind !== 'record struct') return false;
  if (body.modifiers.some((m) => m === 'protected' || m === 'override' || m === 'virtual' || m === 'abstract' || m === 'partial')) return false;
  return body.modifiers.includes('private') || !body.modifiers.some((m) => m === 'public' || m === 'internal');
}
