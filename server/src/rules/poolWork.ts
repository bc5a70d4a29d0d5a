/**
 * Synchronous work started on the thread pool, followed by the models of the workspace's files: `Task.Run(() =>
 * Scan())` or `Task.Factory.StartNew(...)` of a delegate that is not async and hands back no task, a continuation of
 * such work whose callback is synchronous too (`work.ContinueWith(t => Index(t.Result))`,
 * `Task.Factory.ContinueWhenAll(scans, all => Merge(all))`, on the default scheduler), a value of a collection that
 * only such work fills (model/collectionFills.ts: `cache.GetOrAdd(key, k => Task.Run(() => Scan(k)))`), a local
 * declared with one and never written again, a call of workspace methods that are not async and return only such
 * work, a StartNew on a TaskFactory of the body's own with the default scheduler, and a workspace extension method
 * that hands back the task it is given. Waiting for it joins synchronous code running on pool threads: no asynchronous operation is waited for and
 * no continuation needs the waiting thread (ASY003, beside what asy003-sync-over-async.ts reads in its own file).
 */
import type { FileModel, MethodBody } from '../model/types';
import { soleLocal } from '../model/bodies';
import { valueAfterPlaceholder } from './sourceText';
import { innermostItemAt } from '../model/spanForest';
import { arrayWrittenInPlace, closingBracket, conditionalParts, splitCallText, splitTopLevel, withoutOuterParentheses } from '../model/syntax';
import { taskEvidence } from '../workspace/typing';
import { resolveCallSite, workspaceExtensionsOf } from '../workspace/completion';
import { methodsNamed } from '../workspace/index';
import { classifyReturnType, isTaskLike } from '../model/returnKind';
import { canBeOverridden } from './factoryResults';
import type { RuleContext } from './types';

/** How many locals, calls and collections deep the work is followed. */
const MAX_DEPTH = 16;

/** A body of some file of the workspace, with that file's model. */
interface Site {
  file: string;
  model: FileModel;
  body: MethodBody;
}

/** `Task.Run`, `Task.Factory.StartNew` (with type arguments or not), as a callee: a call that starts its delegate on the thread pool. */
const POOL_START = /^(?:System\.Threading\.Tasks\.)?Task\s*\.\s*(?:Run|Factory\s*\.\s*StartNew)\s*(?:<[^<>()]*>)?$/;

/** The same callee at the start of a call's text, up to its opening parenthesis (`Task.Run(() => ...)`). */
export const POOL_START_CALL = new RegExp(`${POOL_START.source.slice(0, -1)}\\s*\\(`);

/** Whether the task `text`, written in `body` of the rule's file, is synchronous work on the pool as above. */
export function isPoolWorkAcross(ctx: RuleContext, body: MethodBody, text: string): boolean {
  return isPoolWork(ctx, { file: ctx.file, model: ctx.model, body }, text, 0);
}

/** Whether every task of the sequence `text` (an array, a list, a projection, a collection's values) is such work. */
export function everyTaskIsPoolWork(ctx: RuleContext, body: MethodBody, text: string): boolean {
  return everyTask(ctx, { file: ctx.file, model: ctx.model, body }, text, 0);
}

function isPoolWork(ctx: RuleContext, site: Site, expression: string, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const text = withoutOuterParentheses(expression.trim().replace(/!$/, '').trim());
  const branches = conditionalParts(text, 0, text.length);
  if (branches) {
    return isPoolWork(ctx, site, text.slice(branches.whenTrue.start, branches.whenTrue.end), depth + 1)
      && isPoolWork(ctx, site, text.slice(branches.whenFalse.start, branches.whenFalse.end), depth + 1);
  }
  if (/^@?[A-Za-z_]\w*$/.test(text)) {
    const value = onlyValueOf(ctx, site, text.replace(/^@/, ''));
    return value !== null && isPoolWork(ctx, value.site, value.text, depth + 1);
  }
  const element = elementAccessReceiver(text);
  if (element !== null) return collectionHoldsOnlyPoolWork(ctx, site, element, depth + 1);
  const call = splitCallText(text);
  if (!call) return false;
  const args = splitTopLevel(call.argumentsText).map((a) => a.trim()).filter((a) => a !== '');
  const callee = call.receiver === null ? call.name : `${call.receiver.trim()}.${call.name}`;
  if (POOL_START.test(callee) || startsOnOwnFactory(ctx, site, call.name, call.receiver)) return synchronousDelegate(ctx, site, call.name, args, 0);
  if (call.name === 'ContinueWith' && call.receiver !== null) {
    return onDefaultScheduler(args) && synchronousDelegate(ctx, site, call.name, args, 0) && isPoolWork(ctx, site, call.receiver, depth + 1);
  }
  if ((call.name === 'ContinueWhenAll' || call.name === 'ContinueWhenAny') && /^(?:System\.Threading\.Tasks\.)?Task\s*\.\s*Factory$/.test(call.receiver?.trim() ?? '')) {
    return args.length >= 2 && onDefaultScheduler(args) && synchronousDelegate(ctx, site, call.name, args, 1) && everyTask(ctx, site, args[0], depth + 1);
  }
  // A GetOrAdd hands back the value the collection holds for the key, or the one its factory adds: a value of it either way.
  if (call.name === 'GetOrAdd' && call.receiver !== null) return collectionHoldsOnlyPoolWork(ctx, site, call.receiver, depth + 1);
  if (call.receiver !== null && handsBackItsReceiver(ctx, call.name, args.length)) return isPoolWork(ctx, site, call.receiver, depth + 1);
  return workspaceMethodsReturnPoolWork(ctx, site, call.name, call.receiver, args.length, depth + 1);
}

/** Whether every task the sequence holds is pool work: an array written in place, a local, a projection, a collection's values. */
function everyTask(ctx: RuleContext, site: Site, expression: string, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const text = withoutOuterParentheses(expression.trim()).replace(/\s*\.\s*(?:ToArray|ToList)\s*\(\s*\)$/, '');
  const array = arrayWrittenInPlace(text);
  if (array && array.close === text.length - 1) return splitTopLevel(text.slice(array.open + 1, -1)).every((e) => isPoolWork(ctx, site, e, depth + 1));
  if (/^@?[A-Za-z_]\w*$/.test(text)) {
    const value = onlyValueOf(ctx, site, text.replace(/^@/, ''));
    if (value !== null) return everyTask(ctx, value.site, value.text, depth + 1);
    return collectionHoldsOnlyPoolWork(ctx, site, text, depth + 1);
  }
  const values = /^([^]*\S)\s*\.\s*Values$/.exec(text);
  if (values) return collectionHoldsOnlyPoolWork(ctx, site, values[1], depth + 1);
  const call = splitCallText(text);
  if (!call || call.name !== 'Select' || call.receiver === null) return collectionHoldsOnlyPoolWork(ctx, site, text, depth + 1);
  const selector = splitTopLevel(call.argumentsText).map((a) => a.trim());
  if (selector.length !== 1) return false;
  // `cache.Select(entry => entry.Value)`: the values of a dictionary.
  const pairValue = /^\(?\s*([A-Za-z_]\w*)\s*\)?\s*=>\s*\1\s*\.\s*Value$/.test(selector[0]);
  if (pairValue) return collectionHoldsOnlyPoolWork(ctx, site, call.receiver, depth + 1);
  // `assemblies.Select(ForAssembly)`: a method group, each element one call of it.
  if (/^(?:this\s*\.\s*)?[A-Za-z_]\w*$/.test(selector[0])) return workspaceMethodsReturnPoolWork(ctx, site, selector[0].replace(/^this\s*\.\s*/, ''), null, 1, depth + 1);
  const lambda = delegatesAt(site, 'Select', selector, 0);
  return lambda.length > 0 && lambda.every((l) => delegateReturnsOnlyPoolWork(ctx, site, l, depth + 1));
}

/**
 * Whether the collection `receiver` names (`Cached.Scans`, `_jobs`, `this._jobs`) is a field of the site's file that
 * only that file can name and whose every value put in is pool work: a factory lambda (GetOrAdd's) whose returns are,
 * or a value that is, read in the body that writes it.
 */
function collectionHoldsOnlyPoolWork(ctx: RuleContext, site: Site, receiver: string, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const name = /(?:^|\.)\s*@?([A-Za-z_]\w*)$/.exec(receiver.trim())?.[1];
  if (!name) return false;
  const fields = site.model.types.flatMap((t) => t.members).filter((m) => m.kind === 'field' && m.name === name);
  const fills = fields.length === 1 ? fields[0].filledWith : null;
  if (!fills) return false;
  return fills.every((fill) => {
    const factory = site.model.bodies.find((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.span.start === fill.start);
    if (factory) return delegateReturnsOnlyPoolWork(ctx, site, factory, depth + 1);
    const writer = innermostItemAt(site.model.bodies, fill.start);
    return writer !== null && isPoolWork(ctx, { ...site, body: writer }, fill.text, depth + 1);
  });
}

/** Whether a lambda or anonymous method of the site's file is not async and every return of it is pool work. */
function delegateReturnsOnlyPoolWork(ctx: RuleContext, site: Site, delegate: MethodBody, depth: number): boolean {
  return !delegate.isAsync && !delegate.hasSyntaxErrors && delegate.returns.length > 0
    && delegate.returns.every((r) => r.expressionText !== null && isPoolWork(ctx, { ...site, body: delegate }, r.expressionText, depth));
}

/**
 * Whether the call binds to workspace methods only (not through an interface or a virtual member), each of which is
 * not async (an async method's own continuations may need the waiting thread's context) and returns only pool work.
 */
function workspaceMethodsReturnPoolWork(ctx: RuleContext, site: Site, name: string, receiver: string | null, argumentCount: number, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const resolution = resolveCallSite(name, receiver, argumentCount, site.file, site.body, ctx.index);
  if (resolution.targets.length === 0 || resolution.dispatched) return false;
  return resolution.targets.every((target) => !!target.body && !canBeOverridden(target.body) && returnsOnlyPoolWork(ctx, target.file, target.body, depth + 1));
}

/** Whether the method is not async and every value it returns is pool work, read in its own file. */
function returnsOnlyPoolWork(ctx: RuleContext, file: string, body: MethodBody, depth: number): boolean {
  const model = file === ctx.file ? ctx.model : ctx.index.files.get(file);
  if (!model || body.isAsync || body.isIterator || body.returns.length === 0) return false;
  return body.returns.every((r) => r.expressionText !== null && isPoolWork(ctx, { file, model, body }, r.expressionText, depth));
}

/**
 * Whether a workspace method, not async, hands back only synchronous work it starts on the pool: every return is such
 * work (`Task DeleteAsync(CancellationToken ct) => Task.Run(() => File.Delete(FullPath), ct);`). Such a FooAsync is
 * asynchronous in name only: awaiting it holds a pool thread for the same blocking call instead of the caller's, so
 * ASY002 does not offer it as Foo's twin (rules/asy002-workspace-twins.ts).
 */
export function handsBackOnlyPoolWork(ctx: RuleContext, file: string, body: MethodBody): boolean {
  return returnsOnlyPoolWork(ctx, file, body, 0);
}

/**
 * Whether `receiver.name(...)` hands back its receiver, a task: every extension method of the workspace of that name
 * whose `this` parameter takes a Task, and that the arguments fit, is not async, never assigns that parameter
 * (Parameter.written) and returns it and nothing else (`return task;` after attaching a continuation that logs its
 * faults). The caller's own task is then what is waited for. Asked only once the receiver is known to be pool work,
 * so a Task: the typing need not give the receiver's type, which it cannot always (a StartNew whose delegate's type
 * decides the overload).
 */
function handsBackItsReceiver(ctx: RuleContext, name: string, argumentCount: number): boolean {
  const candidates = workspaceExtensionsOf(ctx.index, name, 'Task').filter((m) => m.body!.parameters.length === argumentCount + 1);
  return candidates.length > 0 && candidates.every((m) => {
    const method = m.body!;
    const receiver = method.parameters[0];
    return !method.isAsync && !method.isIterator && !method.hasSyntaxErrors && !receiver.written && method.returns.length > 0
      && method.returns.every((r) => r.expressionText?.trim() === receiver.name);
  });
}

/**
 * `factory.StartNew(...)` where `factory` is a local the body keeps from `new TaskFactory(...)` (or
 * `TaskFactory<T>`) given no scheduler but the default one. Such a factory starts its delegates as
 * `Task.Factory.StartNew` does, on the scheduler current when it is called (TaskFactory's constructors: a null
 * scheduler means TaskScheduler.Current, learn.microsoft.com/dotnet/api/system.threading.tasks.taskfactory.-ctor), with
 * the creation options it was made with, such as LongRunning.
 */
function startsOnOwnFactory(ctx: RuleContext, site: Site, name: string, receiver: string | null): boolean {
  if (name !== 'StartNew' || receiver === null || !/^@?[A-Za-z_]\w*$/.test(receiver.trim())) return false;
  const value = onlyValueOf(ctx, site, receiver.trim().replace(/^@/, ''))?.text.trim() ?? '';
  const creation = /^new\s+(?:System\.Threading\.Tasks\.)?TaskFactory\s*(?:<[^<>()]*>)?\s*\(/.exec(value);
  if (!creation || closingBracket(value, creation[0].length - 1) !== value.length - 1) return false;
  return splitTopLevel(value.slice(creation[0].length, -1)).every((a) => a.trim() === '' || DEFAULT_FACTORY_ARGUMENT.test(a.trim()));
}

/**
 * An argument of TaskFactory's constructors that leaves the scheduler as it is: creation or continuation options, a
 * cancellation token (by name, since a lone argument may be either a token or a scheduler) or the default scheduler.
 * Any other argument may be a scheduler that runs the work on the waiting thread's context.
 */
const DEFAULT_FACTORY_ARGUMENT = /^(?:(?:(?:System\.Threading\.Tasks\.)?Task(?:Creation|Continuation)Options\s*\.\s*\w+\s*\|?\s*)+|(?:System\.Threading\.)?CancellationToken\s*\.\s*None|default|(?:this\s*\.\s*)?[\w.]*(?:[Tt]oken|\bct))$|^(?:System\.Threading\.Tasks\.)?TaskScheduler\s*\.\s*Default$/;

/**
 * The value a local of the site's body (or a body around it) is declared with and keeps, with the body it is in; in
 * the rule's own file (whose text is at hand) also the one value a local declared with a placeholder is given later
 * (`Task<T> work = null; try { work = Task.Run(...); work.Wait(token); } catch { ... work ... }`:
 * rules/sourceText.ts valueAfterPlaceholder; Polly's pessimistic timeout, read in the thirty-seventh session).
 */
function onlyValueOf(ctx: RuleContext, site: Site, name: string): { site: Site; text: string } | null {
  const sole = soleLocal(site.body, site.model.bodies, name);
  if (!sole) return null;
  const { local, owner } = sole;
  const text = local.assignedAgain === false ? local.initializerText : site.file === ctx.file ? valueAfterPlaceholder(ctx.text, local) : null;
  return text !== null ? { site: { ...site, body: owner }, text } : null;
}

/**
 * The lambdas or anonymous methods written in the site's body as argument `index` of a call of `name` with these
 * arguments (a body's delegates are told apart by their call and text, since another file's text is not at hand).
 */
function delegatesAt(site: Site, name: string, args: readonly string[], index: number): MethodBody[] {
  const written = args[index]?.trim();
  if (!written) return [];
  return site.model.bodies.filter((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.parentId === site.body.id
    && b.delegateTarget?.kind === 'argument' && b.delegateTarget.call?.name === name && b.delegateTarget.call.argumentIndex === index
    && b.delegateTarget.call.argumentTexts[index]?.trim() === written);
}

/**
 * Whether argument `index` of the call is a lambda that is not async and hands back no task (or nothing), or a method
 * group of the body's own type that is as synchronous (`isSynchronousMethodGroup`).
 */
function synchronousDelegate(ctx: RuleContext, site: Site, name: string, args: readonly string[], index: number): boolean {
  const found = delegatesAt(site, name, args, index);
  if (found.length === 0) return isSynchronousMethodGroup(ctx, site.body.containingType, args[index] ?? '');
  return found.every((d) => !d.isAsync && !d.hasSyntaxErrors
    && d.returns.every((r) => r.expressionText === null || taskEvidence(r.expressionText, d, site.model.bodies, ctx.index).verdict === 'notTask'));
}

/**
 * Whether `written` (`ProcessQueue`, `this.Drain`), an argument given where a delegate is expected, is a method group
 * of the type `owner` names whose every method of that name, on the type or its workspace bases, has a body, is not
 * async and returns no task. Task.Run or Task.Factory.StartNew then runs that method's synchronous code, as a lambda
 * calling it would (`Task.Factory.StartNew(ProcessQueue, this, token, TaskCreationOptions.LongRunning,
 * TaskScheduler.Default)`): C# converts the group to Action or Func<T> of a value that is not a task, so no
 * overload that unwraps a task applies. A name the type does not declare (an inherited package method, another
 * object's method) proves nothing.
 */
export function isSynchronousMethodGroup(ctx: RuleContext, owner: string | null, written: string): boolean {
  const name = /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(written.trim())?.[1];
  const typeName = owner?.split('.').pop();
  if (!name || !typeName) return false;
  const methods = methodsNamed(ctx.index, name, typeName);
  return methods.length > 0 && methods.every((m) => m.body !== null && m.body.kind === 'method' && !m.body.isAsync
    && !m.body.hasSyntaxErrors && m.body.returnTypeText !== null && !isTaskLike(classifyReturnType(m.body.returnTypeText, false).kind));
}

/** A continuation on a scheduler other than the default one (`TaskScheduler.FromCurrentSynchronizationContext()`) may need the waiting thread. */
function onDefaultScheduler(args: readonly string[]): boolean {
  return args.every((a) => !/\bTaskScheduler\b/.test(a) || /^(?:scheduler\s*:\s*)?(?:[\w.]+\.)?TaskScheduler\s*\.\s*Default$/.test(a));
}

/** `cache[key]`, `this._jobs[id]`: the collection an element access reads, or null. */
function elementAccessReceiver(text: string): string | null {
  if (!text.endsWith(']')) return null;
  for (let open = text.lastIndexOf('['); open > 0; open = text.lastIndexOf('[', open - 1)) {
    if (closingBracket(text, open) !== text.length - 1) continue;
    const receiver = text.slice(0, open).trim();
    return /^(?:this\s*\.\s*)?[A-Za-z_][\w.]*$/.test(receiver) ? receiver : null;
  }
  return null;
}
