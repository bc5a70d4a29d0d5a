/**
 * Functions that run with no SynchronizationContext and no caller that could await: the program's entry point (Main,
 * top-level statements), whose waits ASY003 leaves alone, and private methods only it calls (they run once, at
 * start-up, where Main does; the seeded reading of the thirty-first session found such a helper of a console tool's
 * Main reported); and dedicated threads' start functions: a function handed to `new Thread(...)` as the work the thread runs
 * (`new Thread(Run)`, `new Thread(new ThreadStart(Run))`, `new Thread(() => ...)`, `Thread t = new(() => ...)`) or to a
 * task start that creates a thread for it (knowledge/dedicatedThreads.ts: `Task.Factory.StartNew(() => Pump(), token,
 * TaskCreationOptions.LongRunning, TaskScheduler.Default)`), and methods and local functions only such functions call,
 * directly or through other such methods. Such a thread is created to run
 * that one function and may block as long as it likes: it has no SynchronizationContext to deadlock on (a new thread
 * has none until its code installs one) and no caller that could await instead, since ThreadStart returns void. ASY003
 * leaves them alone as it leaves Main. Read from syntax; pure.
 */
import type { FileModel, MethodBody, ObjectCreation, TypeDeclaration } from '../model/types';
import { resolveCallRef } from '../workspace/completion';
import { stripGenerics, typesNamed } from '../workspace/index';
import { signatureDatabase } from '../signatures/provider';
import { conditionalParts, escapeRegExp } from '../model/syntax';
import { maskCommentsAndStrings } from './sourceText';
import { dedicatedThreadStartOf as dedicatedTaskStartOf } from '../knowledge/dedicatedThreads';
import type { RuleContext } from './types';

/** `Thread`, `System.Threading.Thread`, `global::System.Threading.Thread`. */
const THREAD_TYPE = /^(?:global::)?(?:System\.Threading\.)?Thread$/;

/**
 * Why `body` runs only on dedicated threads, or null when it does not (or not visibly): it is a thread's start
 * function, or a method only such start functions call.
 */
export function dedicatedThreadStartOf(ctx: RuleContext, body: MethodBody): string | null {
  return runsOnlyOnThreads(ctx, body, new Set());
}

/** How many private methods deep a chain of calls from a thread's start is followed. */
const MAX_CALL_DEPTH = 6;

/** dedicatedThreadStartOf, with the bodies being asked about already (`asking`: a cycle of calls proves nothing). */
function runsOnlyOnThreads(ctx: RuleContext, body: MethodBody, asking: Set<MethodBody>): string | null {
  if (asking.has(body) || asking.size > MAX_CALL_DEPTH) return null;
  // The entry point is a start of its own: the main thread runs it once, with no context installed before it.
  if (body.isEntryPoint) return `${body.kind === 'topLevel' ? 'the top-level statements are' : `${body.name} is`} the program's entry point`;
  asking.add(body);
  try {
    return threadStartOf(ctx, body) ?? calledOnlyByThreadStarts(ctx, body, asking) ?? localFunctionCalledOnlyByThreadStarts(ctx, body, asking);
  } finally {
    asking.delete(body);
  }
}

/** Why `body` is the start function of a dedicated thread, or null when it is not (or not visibly) one. */
function threadStartOf(ctx: RuleContext, body: MethodBody): string | null {
  if (body.kind === 'lambda' || body.kind === 'anonymousMethod') {
    const call = body.delegateTarget?.kind === 'argument' ? body.delegateTarget.call : undefined;
    if (!call || call.argumentIndex !== 0) return null;
    if (call.kind === 'invocation') {
      const start = dedicatedTaskStartOf(call.receiver, call.name, call.argumentTexts);
      return start && isSystemTask(ctx) ? `it is the start of ${start.receiver}.${start.method}(...), where ${start.why}` : null;
    }
    if (!THREAD_TYPE.test(call.name)) return null;
    return isSystemThread(ctx) ? `it is the start of a thread created with new ${call.name}(...)` : null;
  }
  if (body.kind !== 'method' && body.kind !== 'localFunction') return null;
  // A method others may call runs on their threads too; only a private one the file never calls runs on the thread alone.
  if (body.kind === 'method' && body.modifiers.some((m) => m === 'public' || m === 'protected' || m === 'internal')) return null;
  const { starts, called } = threadUsesOf(ctx.model);
  const start = starts.get(body.name);
  if (!start || called.has(body.name) || !(start.kind === 'thread' ? isSystemThread(ctx) : isSystemTask(ctx))) return null;
  return `${body.name} is the start of ${start.written}, which runs nothing else`;
}

/** A workspace type named Thread is not System.Threading.Thread. */
function isSystemThread(ctx: RuleContext): boolean {
  return typesNamed(ctx.index, 'Thread').length === 0;
}

/**
 * Whether `Task.Factory` is System.Threading.Tasks.Task's: no workspace type named Task declares a `Factory` (a to-do
 * sample's `Task` entity elsewhere in the repository does not make `Task.Factory` its own).
 */
function isSystemTask(ctx: RuleContext): boolean {
  return typesNamed(ctx.index, 'Task').every((r) => !r.type.members.some((m) => m.name === 'Factory'));
}

/** Where a method handed over as a start function goes: a Thread constructor, or a task start that makes a thread. */
interface StartSite {
  kind: 'thread' | 'task';
  /** How the reason names it: `a thread created with new Thread(...)`. */
  written: string;
}

interface ThreadUses {
  /** Method names handed to a Thread constructor or a dedicated-thread task start. */
  starts: Map<string, StartSite>;
  /** Names the file calls directly (`Run()`, `this.Run()`). */
  called: Set<string>;
}

/** Read once per file model: ASY003 asks for every synchronous body that waits. */
const usesByModel = new WeakMap<FileModel, ThreadUses>();

function threadUsesOf(model: FileModel): ThreadUses {
  let uses = usesByModel.get(model);
  if (uses) return uses;
  uses = { starts: new Map(), called: new Set() };
  for (const b of model.bodies) {
    for (const c of b.calls) {
      if (c.receiver === null || c.receiver.trim() === 'this') uses.called.add(c.name);
      const start = dedicatedTaskStartOf(c.receiver, c.name, c.argumentTexts);
      const name = start ? methodGroupName(c.argumentTexts[0] ?? '') : null;
      if (start && name && !uses.starts.has(name)) uses.starts.set(name, { kind: 'task', written: `${start.receiver}.${start.method}(...), where ${start.why}` });
    }
    for (const creation of b.creations ?? []) {
      for (const name of startFunctionNames(creation)) {
        if (!uses.starts.has(name)) uses.starts.set(name, { kind: 'thread', written: `a thread created with new ${creation.typeText}(...)` });
      }
    }
  }
  usesByModel.set(model, uses);
  return uses;
}

/**
 * The methods a Thread creation starts: `new Thread(Run)`, `new Thread(this.Run, stackSize)`, `new Thread(new
 * ThreadStart(Run))`, and both of a choice between two (`new Thread(inProcess ? RunInProcess : RunSpawned)`, as
 * duplicati's service runner starts one or the other on its thread).
 */
function startFunctionNames(creation: ObjectCreation): string[] {
  if (!THREAD_TYPE.test(creation.typeText)) return [];
  let first = creation.argumentTexts[0]?.trim().replace(/^start\s*:\s*/, '') ?? '';
  const wrapped = /^new\s+(?:(?:global::)?System\.Threading\.)?(?:Parameterized)?ThreadStart\s*\(\s*([^()]*?)\s*\)$/.exec(first);
  if (wrapped) first = wrapped[1];
  const choice = conditionalParts(first, 0, first.length);
  const groups = choice ? [first.slice(choice.whenTrue.start, choice.whenTrue.end), first.slice(choice.whenFalse.start, choice.whenFalse.end)] : [first];
  const names = groups.map(methodGroupName);
  return names.every((n): n is string => n !== null) ? names : [];
}

/** The method a method group names (`Run`, `this.Run`), or null for anything else. */
function methodGroupName(text: string): string | null {
  return /^(?:this\s*\.\s*)?([A-Za-z_]\w*)$/.exec(text.trim())?.[1] ?? null;
}

/**
 * A method whose every call is in a dedicated thread's start function: the message pump of a custom
 * SynchronizationContext (`context.Run(task)`) that each `new Thread(() => { ...; context.Run(task); ... })` calls,
 * and nothing else does. It runs only on those threads, which have no caller that could await instead, so it may
 * block as its callers may. Only a method no code outside this file can call is judged: a private method of a type
 * declared in this file alone, or a member of a private nested type whose enclosing type is declared in this file
 * alone. Every call that binds to it must be in a thread's start, none whose receiver's type is unknown may be
 * left, and its name must be written nowhere but in calls and declarations (no method group handed out, no
 * nameof). An override, or a member a listed interface may declare, is called through its base too and is not
 * judged.
 */
function calledOnlyByThreadStarts(ctx: RuleContext, body: MethodBody, asking: Set<MethodBody>): string | null {
  if (body.kind !== 'method' || body.isAsync || body.containingType === null || body.modifiers.includes('override') || !isSystemThread(ctx)) return null;
  const declaring = declaringTypeOf(ctx.model, body);
  if (!declaring || !visibleOnlyInThisFile(ctx, body, declaring) || mayImplementInterface(ctx, body, declaring)) return null;
  if (nameWrittenOtherThanCalled(ctx.text, body.name)) return null;
  let calls = 0;
  for (const caller of ctx.model.bodies) {
    for (const call of caller.calls) {
      if (call.name !== body.name) continue;
      const resolution = resolveCallRef(call, caller, ctx.file, ctx.index);
      if (resolution.targets.length === 0 && !resolution.receiverTypeKnown) return null;
      if (!resolution.targets.some((t) => t.file === ctx.file && t.body?.id === body.id)) continue;
      if (runsOnlyOnThreads(ctx, caller, asking) === null) return null;
      calls++;
    }
  }
  return calls > 0 ? `${body.name} is called only from the program's entry point or the starts of dedicated threads (new Thread(...) or a LongRunning task start), or from methods only they call` : null;
}

/**
 * A local function whose every call is in a dedicated thread's start (`new Thread(() => Worker(id)).Start()` in a
 * loop, with `void Worker(int id) { ... }` below it). A local function is visible only inside the body that declares
 * it, so every call of it is in that body or in the lambdas and local functions nested there, and a call of its name
 * without a receiver there binds to it. It is judged when it is the only local function of its name in that body,
 * its name is written there only in calls and its declaration (no delegate handed out), and every such call is
 * directly in a thread's start.
 */
function localFunctionCalledOnlyByThreadStarts(ctx: RuleContext, body: MethodBody, asking: Set<MethodBody>): string | null {
  if (body.kind !== 'localFunction' || body.isAsync || body.parentId === null || !isSystemThread(ctx)) return null;
  const scope = ctx.model.bodies.find((b) => b.id === body.parentId);
  if (!scope) return null;
  const inScope = ctx.model.bodies.filter((b) => scope.span.start <= b.span.start && b.span.end <= scope.span.end);
  if (inScope.some((b) => b !== body && b.kind === 'localFunction' && b.name === body.name)) return null;
  if (nameWrittenOtherThanCalled(ctx.text.slice(scope.span.start, scope.span.end), body.name)) return null;
  let calls = 0;
  for (const caller of inScope) {
    for (const call of caller.calls) {
      if (call.name !== body.name || call.receiver !== null) continue;
      if (runsOnlyOnThreads(ctx, caller, asking) === null) return null;
      calls++;
    }
  }
  return calls > 0 ? `${body.name} is a local function called only from the program's entry point or the starts of dedicated threads (new Thread(...) or a LongRunning task start), or from functions only they call` : null;
}

/** The innermost type declaration of this file that holds the body. */
function declaringTypeOf(model: FileModel, body: MethodBody): TypeDeclaration | null {
  const holding = model.types.filter((t) => t.name === body.containingType && t.span.start <= body.span.start && body.span.end <= t.span.end);
  return holding.sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start))[0] ?? null;
}

const ACCESSIBILITY = ['public', 'protected', 'internal', 'private'];

/**
 * A private method (by its modifier, or by default in a class or struct), or any member of a private nested type
 * (by its modifier, or by default inside another type), where the type that limits who can call it has every
 * declaration (every part of a partial type) in this file.
 */
function visibleOnlyInThisFile(ctx: RuleContext, body: MethodBody, declaring: TypeDeclaration): boolean {
  const onlyHere = (type: TypeDeclaration) => typesNamed(ctx.index, type.name).filter((r) => r.type.fullName === type.fullName).every((r) => r.file === ctx.file);
  const privateMethod = body.modifiers.includes('private') && !body.modifiers.includes('protected')
    || (!body.modifiers.some((m) => ACCESSIBILITY.includes(m)) && declaring.kind !== 'interface');
  if (privateMethod) return onlyHere(declaring);
  const outerName = declaring.fullName.slice(0, declaring.fullName.lastIndexOf('.'));
  const outer = ctx.model.types.find((t) => t.fullName === outerName && t.span.start <= declaring.span.start && declaring.span.end <= t.span.end);
  if (!outer) return false;
  const privateType = declaring.modifiers.includes('private') && !declaring.modifiers.includes('protected') || !declaring.modifiers.some((m) => ACCESSIBILITY.includes(m));
  return privateType && onlyHere(outer);
}

/**
 * Whether an interface the type lists may declare a member of the method's name, which callers would reach through
 * the interface: a workspace interface that declares it, or one the signatures do not know or know to declare it.
 * A name that starts with I and a capital is taken for an interface; only the listed interface's own members are read.
 */
function mayImplementInterface(ctx: RuleContext, body: MethodBody, declaring: TypeDeclaration): boolean {
  for (const base of declaring.baseTypes.map(stripGenerics)) {
    const simple = base.split('.').pop()!;
    if (!/^I[A-Z]/.test(simple)) continue;
    const workspace = typesNamed(ctx.index, simple);
    if (workspace.length > 0) {
      if (workspace.some((r) => r.type.members.some((m) => m.name === body.name))) return true;
      continue;
    }
    const known = signatureDatabase()?.typesNamed(simple).filter((t) => t.kind === 'interface') ?? [];
    if (known.length === 0) return true;
    const db = signatureDatabase()!;
    if (known.some((t) => db.membersNamed(t, body.name).methods.length > 0)) return true;
  }
  return false;
}

/** Whether the name appears in the file's code other than before `(` or `<` (a call or a declaration): a method group, a nameof. */
function nameWrittenOtherThanCalled(text: string, name: string): boolean {
  const masked = maskCommentsAndStrings(text);
  const uses = masked.matchAll(new RegExp(`(?<![\\w@])${escapeRegExp(name)}(?!\\w)\\s*(.)`, 'g'));
  for (const use of uses) if (use[1] !== '(' && use[1] !== '<') return true;
  return false;
}
