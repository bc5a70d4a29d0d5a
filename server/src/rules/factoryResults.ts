/**
 * The one workspace type a factory call's value always is. A resource declared as an interface
 * (`using (await Locks.EnterAsync(key))`, typed `ILease`) says nothing about its disposal, but when the factory is a
 * workspace method that cannot be overridden and every return of it creates the same workspace type, that type's
 * DisposeAsync is the one `await using` would run.
 */
import type { MethodBody } from '../model/types';
import { closingBracket, conditionalParts, splitCallText, splitTopLevel, withoutOuterParentheses } from '../model/syntax';
import { resolveCallSite } from '../workspace/completion';
import { stripGenerics, typesNamed, type WorkspaceIndex } from '../workspace/index';
import type { RuleContext } from './types';

/**
 * The workspace class, struct or record that every return of the factory `callText` (as written in `body`, without
 * its `await`) creates with `new`, or null when the call does not bind to exactly one workspace method that cannot be
 * overridden (a virtual, abstract or interface member may run a subclass's version), or when any return is
 * something else (a field, another call, a type the workspace does not declare, two different types).
 */
export function typeEveryReturnCreates(ctx: RuleContext, body: MethodBody, callText: string): string | null {
  const call = splitCallText(callText);
  if (!call) return null;
  const argumentCount = splitTopLevel(call.argumentsText).filter((a) => a.trim() !== '').length;
  const resolution = resolveCallSite(call.name, call.receiver, argumentCount, ctx.file, body, ctx.index);
  if (resolution.dispatched || resolution.targets.length !== 1) return null;
  const factory = resolution.targets[0]!;
  if (!factory.body || canBeOverridden(factory.body) || factory.body.isIterator || factory.body.returns.length === 0) return null;
  const created = new Set<string>();
  const valueOf = localValues(factory.body);
  for (const r of factory.body.returns) {
    const types = typesCreatedBy(ctx.index, r.expressionText ?? '', valueOf);
    if (types === null) return null;
    for (const t of types) created.add(t);
  }
  return created.size === 1 ? [...created][0]! : null;
}

/** A virtual, abstract or override member, or an interface's: what runs may be another type's version of it. */
export function canBeOverridden(body: MethodBody): boolean {
  return body.containingTypeKind === 'interface' || body.modifiers.some((x) => x === 'virtual' || x === 'abstract' || x === 'override');
}

/**
 * The initializer of each local of the body that holds one creation for its whole life: declared once, by that name
 * alone in the body, with `new` (perhaps converted), and never written again (model/extract.ts's assignedAgain).
 */
function localValues(body: MethodBody): (name: string) => string | null {
  return (name) => {
    const declared = body.locals.filter((l) => l.name === name);
    const only = declared.length === 1 ? declared[0]! : null;
    return only && only.kind === 'local' && only.assignedAgain === false && only.initializerText !== null ? only.initializerText : null;
  };
}

/**
 * The workspace types a returned expression creates: `new T(...)`, the same cast or converted with `as`, either
 * branch of a conditional, the value a completed task is made of (`Task.FromResult(new T(...))`), the state a
 * continuation hands back (`wait.ContinueWith((_, state) => (ILease)state, lease, ...)`), and a local that only
 * ever holds one of these (`valueOf`). Null for anything else.
 */
export function typesCreatedBy(index: WorkspaceIndex, expressionText: string, valueOf: (name: string) => string | null = () => null, depth = 0): string[] | null {
  if (depth > 8) return null;
  const again = (inner: string) => typesCreatedBy(index, inner, valueOf, depth + 1);
  let text = withoutOuterParentheses(expressionText.trim());
  // A conditional binds loosest: `ready ? Task.FromResult(lease) : Wait()` is split before anything else is read.
  const branches = conditionalParts(text, 0, text.length);
  if (branches) {
    const whenTrue = again(text.slice(branches.whenTrue.start, branches.whenTrue.end));
    const whenFalse = again(text.slice(branches.whenFalse.start, branches.whenFalse.end));
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  if (/^@?[A-Za-z_]\w*$/.test(text)) {
    const value = valueOf(text.replace(/^@/, ''));
    return value === null ? null : again(value);
  }
  const state = continuationState(text);
  if (state !== null) return again(state);
  // `new T(...) as ILease` and `(ILease)new T(...)` convert the reference, not the object.
  const converted = /^([^]*\S)\s+as\s+[A-Za-z_][\w.]*(?:<[^()]*>)?\??$/.exec(text);
  if (converted) text = withoutOuterParentheses(converted[1]);
  const cast = /^\(\s*[A-Za-z_][\w.]*(?:<[^()]*>)?\??\s*\)\s*(?=new\b|\()/.exec(text);
  if (cast) text = withoutOuterParentheses(text.slice(cast[0].length));
  const completed = /^(?:(?:System\.Threading\.Tasks\.)?(?:Task|ValueTask)\s*\.\s*FromResult\s*(?:<[^()]*>)?\s*\(|new\s+(?:System\.Threading\.Tasks\.)?ValueTask\s*<[^()]*>\s*\()([^]*)\)$/.exec(text);
  if (completed && splitTopLevel(completed[1]).length === 1) return again(completed[1]);
  const creation = /^new\s+([A-Za-z_][\w.]*)\s*(?:<[^()]*>)?\s*(?=[({])/.exec(text);
  if (!creation || !createsOnly(text, creation[0].length)) return null;
  const name = stripGenerics(creation[1]).split('.').pop()!;
  const declared = typesNamed(index, name);
  return declared.length > 0 && declared.every((r) => r.type.kind === 'class' || r.type.kind === 'struct' || r.type.kind === 'record' || r.type.kind === 'record struct') ? [name] : null;
}

/**
 * The state argument of `task.ContinueWith((_, state) => (T)state, value, ...)` when the continuation only hands
 * back its state (cast, converted with `as`, or as it is): the continuation's task then results in that value, once
 * the awaited task has finished. Null for any other call or continuation.
 */
function continuationState(text: string): string | null {
  const call = splitCallText(text);
  if (!call || call.name !== 'ContinueWith' || call.receiver === null) return null;
  const args = splitTopLevel(call.argumentsText).map((a) => a.trim());
  const lambda = /^\(\s*@?\w+\s*,\s*@?(\w+)\s*\)\s*=>\s*([^]*)$/.exec(args[0] ?? '');
  if (!lambda || args.length < 2 || /^\w+\s*:/.test(args[1]!)) return null;
  const handed = withoutOuterParentheses(lambda[2]!.trim()).replace(/^\(\s*[A-Za-z_][\w.<>,\s?]*\)\s*/, '').replace(/\s+as\s+[A-Za-z_][\w.<>,\s?]*$/, '').replace(/!$/, '').trim();
  return handed === lambda[1] ? args[1]! : null;
}

/** Whether the creation's argument list (and its object initializer, if any) ends the text: nothing is called on the new object. */
function createsOnly(text: string, open: number): boolean {
  let end = text[open] === '(' ? closingBracket(text, open) : open - 1;
  if (end === -1) return false;
  const rest = text.slice(end + 1).trimStart();
  if (rest === '') return true;
  if (!rest.startsWith('{')) return false;
  const brace = text.length - rest.length;
  end = closingBracket(text, brace);
  return end === text.length - 1;
}
