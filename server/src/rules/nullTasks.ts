/**
 * Whether a workspace method may hand back a null task: the convention of code written before ValueTask, in which a
 * Task-returning method returns null when it finished synchronously and its callers test the task for null before
 * they wait for it (Microsoft.Data.SqlClient's TDS writer: `WriteString` returns null when the string fits in the
 * output buffer). ASY023 reports the null itself; ASY022 leaves alone a caller that drops such a task, since awaiting
 * it, the fix a dropped task asks for, throws a NullReferenceException on the path that returns null.
 */
import type { MethodBody, TypeDeclaration } from '../model/types';
import { callersOf, methodsNamed, type WorkspaceIndex } from '../workspace/index';
import { closingBracket, contains, escapeRegExp, topLevel } from '../model/syntax';
import { maskCommentsAndStrings } from './sourceText';
import { isPrivateMember } from '../model/bodies';
import { ownTypeOf } from '../model/enclosingTypes';
import { quoted } from './messageText';

/** `null`, `default`, `(Task)null`, `default(Task)`, with a null-forgiving `!`: a null task as written (ASY023 reads it too). */
export const NULL_TASK = /^(?:\((?:[\w.]+\.)?Task(?:<.+>)?\)\s*)?(?:null|default(?:\s*\(\s*(?:[\w.]+\.)?Task(?:<.+>)?\s*\))?)\s*!?$/s;
/** A conditional with a null branch: `ready ? null : LoadAsync()`, `ready ? LoadAsync() : null`. */
const NULL_BRANCH = /\?\s*(?:null|default)\s*:|:\s*(?:null|default)\s*!?$/s;
/** A returned call, its receiver and its name before the argument list: `WriteString(s, state)`, `stateObj.WriteBytes(b, 0)`. */
const RETURNED_CALL = /^(?:([\w.]+?)\s*\.\s*)?([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\([^]*\)$/s;

/** How many returned calls deep the question follows a task (`return WriteString(...)` -> `return WriteBytes(...)`). */
const MAX_DEPTH = 4;

/**
 * Whether a non-async Task-returning body may return null: directly (`return null;`, a null branch of `?:`, a local
 * declared null and returned), or by returning a call to workspace methods of that name every one of which may (followed MAX_DEPTH calls deep).
 */
export function mayReturnNullTask(index: WorkspaceIndex, body: MethodBody, depth = 0, seen: Set<MethodBody> = new Set()): boolean {
  if (body.isAsync || (body.returnKind !== 'Task' && body.returnKind !== 'TaskOfT') || seen.has(body)) return false;
  seen.add(body);
  for (const site of body.returns) {
    const text = site.expressionText?.trim();
    if (!text) continue;
    if (site.literal?.kind === 'null' || site.literal?.kind === 'default' || NULL_TASK.test(text) || NULL_BRANCH.test(text)) return true;
    // `Task result = null; ... return result;`: a local that starts null and is set on some paths only.
    if (/^@?[A-Za-z_]\w*$/.test(text) && body.locals.some((l) => l.name === text && l.initializerText !== null && NULL_TASK.test(l.initializerText.trim()))) return true;
    const call = depth < MAX_DEPTH ? RETURNED_CALL.exec(text) : null;
    // A call without a receiver (or on `this`) is the type's own method; another receiver's type is not known here.
    const owner = !call?.[1] || call[1] === 'this' ? body.containingType : null;
    if (call && everyMethodMayReturnNull(index, call[2], owner, depth + 1, seen)) return true;
  }
  return false;
}

/**
 * Whether the workspace declares Task-returning methods of this name (on `owner` and its bases when known) with
 * bodies, and every one of them may return a null task. Methods of the name that return something else cannot be
 * the call whose value a Task-returning method returns.
 */
function everyMethodMayReturnNull(index: WorkspaceIndex, name: string, owner: string | null, depth: number, seen: Set<MethodBody>): boolean {
  const refs = methodsNamed(index, name, owner).filter((ref) => !ref.body || ref.body.returnKind === 'Task' || ref.body.returnKind === 'TaskOfT');
  if (refs.length === 0 || refs.some((ref) => !ref.body)) return false;
  // An overload being asked about already (`WriteString(s)` returning `WriteString(s, s.Length)`) answers through the
  // others: it adds no null of its own.
  const others = refs.map((ref) => ref.body!).filter((b) => !seen.has(b));
  return others.length > 0 && others.every((b) => mayReturnNullTask(index, b, depth, seen));
}

/**
 * Whether an awaited operand, as written, is a conditional access (`x?.SaveAsync()`, `(_cache?.Task)`): a task that
 * is null when its receiver is. Awaiting it throws on that path (ASY023 reports the await); returning it instead of
 * awaiting it hands the null to every caller, so ASY013 does not offer that.
 */
export function isConditionalAccessOperand(text: string): boolean {
  const masked = maskCommentsAndStrings(text).trim();
  let start = 0;
  let end = masked.length;
  while (masked[start] === '(' && closingBracket(masked, start) === end - 1) {
    start++;
    end--;
  }
  let access = false;
  let fallback = false;
  topLevel(masked, start, end, (i) => {
    if (masked[i] === '?' && (masked[i + 1] === '.' || masked[i + 1] === '[')) access = true;
    else if (masked[i] === '?' && masked[i + 1] === '?') fallback = true;
    return fallback;
  });
  return access && !fallback;
}

/** How many returns deep a method that hands the null on is followed to its own callers' tests. */
const MAX_RETURN_DEPTH = 2;

/**
 * Why a private method's null task is its callers' contract, or null: every call of its name in the workspace lies in
 * this file, inside the method's own type, and tests what it returns for null before anything else could await it
 * (`Task write = WriteRow(); if (write != null) ...`, `WriteRow()?.ContinueWith(...)`, a call whose result is dropped,
 * or a `return` from a private method whose own callers do the same). That is the null-task convention of code written
 * before ValueTask (Microsoft.Data.SqlClient's bulk copy: `// Task/Null` beside the call); ASY023 then shows the null as
 * information, since no caller can await it today. A method others can call, or one call of the name elsewhere, keeps
 * the warning: the workspace cannot vouch for callers it does not see.
 */
export function nullTestedByEveryCaller(index: WorkspaceIndex, file: string, masked: string, types: readonly TypeDeclaration[], body: MethodBody, depth = 0, seen: Set<MethodBody> = new Set()): string | null {
  if (body.kind !== 'method' || body.containingType === null || body.containingTypeKind === 'interface' || !isPrivateMember(body) || seen.has(body)) return null;
  seen.add(body);
  // The own type's span holds its nested types' code too, which may call its private members; a partial type's other
  // parts are other declarations, whose calls lie in other files and so keep the warning.
  const own = ownTypeOf(types, body);
  const calls = callersOf(index, body.name).filter((ref) => !ref.call.inNameof);
  if (!own || calls.length === 0 || calls.some((ref) => ref.file !== file || !contains(own.span, ref.call.span))) return null;
  // A method group (`Func<Task> next = WriteRow;`) hands the method to code that may await what it returns: every
  // mention of the name in the file must be a declaration of it or one of the calls.
  const mentions = masked.match(new RegExp(String.raw`(?<![\w@])${escapeRegExp(body.name)}\b`, 'g'))?.length ?? 0;
  const declarations = index.files.get(file)?.bodies.filter((b) => b.name === body.name && b.kind === 'method').length ?? 0;
  if (mentions !== declarations + calls.length) return null;
  for (const ref of calls) {
    const { call, caller } = ref;
    if (call.usage === 'discarded' || /^\s*(?:[!=]=\s*null\b|\?\.|\?\?)/.test(masked.slice(call.span.end, caller.span.end))) continue;
    if (call.usage === 'returned') {
      const passesOn = depth < MAX_RETURN_DEPTH && !caller.isAsync && (caller.returnKind === 'Task' || caller.returnKind === 'TaskOfT');
      if (passesOn && nullTestedByEveryCaller(index, file, masked, types, caller, depth + 1, seen)) continue;
      return null;
    }
    const stored = call.usage === 'stored' ? storedName(masked, call.span.start) : null;
    if (stored === null || !testsForNull(masked.slice(call.span.end, caller.span.end), stored)) return null;
  }
  const each = calls.length === 1 ? 'its one call' : `each of its ${calls.length} calls`;
  return `${quoted(body.name)} is private and ${each} tests the task it returns for null, drops it or returns it to callers that test it (the null-task convention of code written before ValueTask), so no caller awaits the null today; a completed task would spare the next caller that check`;
}

/** The variable a call's value is assigned to or declared with (`Task write = `, `var t = `, `_pending = `), or null. */
function storedName(masked: string, callStart: number): string | null {
  const before = masked.slice(Math.max(0, callStart - 200), callStart);
  return /(?<![=!<>])(@?[A-Za-z_]\w*)\s*=\s*(?:\(\s*[\w.<>]+\s*\)\s*)?$/.exec(before)?.[1] ?? null;
}

/** Whether code tests a variable for null: `x != null`, `null == x`, `x is null`, `x is not null`, `x?.`, `x ??`. */
function testsForNull(code: string, name: string): boolean {
  const n = escapeRegExp(name);
  return new RegExp(String.raw`(?<![\w.])${n}\s*(?:[!=]=\s*null\b|is\s+(?:not\s+)?null\b|\?\.|\?\?)|\bnull\s*[!=]=\s*${n}\b`).test(code);
}
