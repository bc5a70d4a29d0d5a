/**
 * When a void-returning async function cannot return Task: an event handler (`(object sender, XEventArgs e)`), an
 * override or interface member whose signature someone else declared, or a method handed over as a callback of a
 * void delegate (`new Timer(OnTick)`, `button.Click += OnClick`). Such functions are `async void` by necessity, so
 * ASY020 and ASY021 report them only when an exception can escape one of their awaits (it is rethrown on the
 * synchronization context and, in most apps, ends the process). ASY027 leaves UI event handlers alone, since their
 * continuations must come back to the UI thread.
 */
import type { MethodBody, Parameter, SuspensionPoint } from '../model/types';
import { bodyChain } from '../model/bodies';
import { splitTopLevel } from '../model/syntax';
import { methodsNamed, stripGenerics, typeFamily, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { apiTypingFor } from '../workspace/typing';
import { descendantsOf } from '../workspace/completion';
import { declaresInstanceProperty, methodsOf } from '../signatures/members';
import { definitionOf, derivesFrom, resolveTypeText } from '../signatures/resolve';
import { named } from '../signatures/typeText';
import { catchesCancellation, catchesEverything, tryClausesOf } from './tryClauses';
import { awaitCannotFault } from './faultFreeCalls';
import type { RuleContext } from './types';
import { constantArgumentTexts, fileImportsNamespace } from './asy001-004-blocking-common';
import { packageInterfaceDeclares, packageInterfacesNamed } from '../knowledge/packageInterfaces';
import { TASK_DELEGATE_STARTS } from '../knowledge/taskDelegateStarts';

export interface CallbackSlot {
  kind: 'eventHandler' | 'override' | 'interfaceMember' | 'partialMethod' | 'callback' | 'synchronousCallers';
  /** Why the signature is fixed, for messages: "it has an event handler's signature (object, RoutedEventArgs)". */
  reason: string;
}

/** The reason a void async method or local function must keep its signature, or null when it could return Task. */
export function callbackSlotOf(ctx: RuleContext, body: MethodBody, masked: string): CallbackSlot | null {
  if (hasEventHandlerSignature(ctx, body)) {
    return { kind: 'eventHandler', reason: `it has an event handler's signature (${body.parameters.map((p) => p.typeText ?? '?').join(', ')})` };
  }
  if (body.modifiers.includes('override')) return { kind: 'override', reason: 'it overrides a base member whose signature it cannot change' };
  // A partial method's other declaration fixes its signature, often in generated code the method cannot change: the
  // `partial void OnNameChanged(string value)` hook CommunityToolkit.Mvvm's [ObservableProperty] generates and calls
  // from the property's setter (learn.microsoft.com/dotnet/communitytoolkit/mvvm/generators/observableproperty).
  if (body.kind === 'method' && body.modifiers.includes('partial')) return { kind: 'partialMethod', reason: 'it implements a partial method, whose other declaration fixes its signature (a source generator\'s hook)' };
  if (body.kind === 'method' && /\.\s*$/.test(masked.slice(body.span.start, body.nameSpan.start))) {
    return { kind: 'interfaceMember', reason: 'it implements an interface member explicitly' };
  }
  if (body.kind === 'method' && implementsInterfaceMember(ctx, body)) {
    return { kind: 'interfaceMember', reason: `it implements ${body.name} of a base type or interface` };
  }
  // A public method of a type that lists an interface neither the workspace nor the signatures declare may implement
  // it (Files' `UpdateTask : IBackgroundTask` and its `async void Run(IBackgroundTaskInstance)`, WinRT's, which the
  // fourth seeded reading found told to return Task, which does not compile against the interface).
  if (body.kind === 'method' && body.modifiers.includes('public') && mayImplementUnknownInterface(ctx, body)) {
    return { kind: 'interfaceMember', reason: `it may implement ${body.name} of an interface its type lists that the analysis cannot see` };
  }
  if (usedAsMethodGroup(body, masked)) return { kind: 'callback', reason: `${body.name} is handed over as a delegate (a callback or event subscription)` };
  return null;
}

/**
 * `(object sender, SomethingEventArgs e)`, the typed-sender form of WinRT and MAUI (`(NavigationView sender,
 * NavigationViewItemInvokedEventArgs args)`), `(object sender, object e)` (DispatcherTimer.Tick), and
 * `(object sender, T e)` with the first parameter named `sender`: EventHandler<TEventArgs> has not required its
 * argument to derive from EventArgs since .NET Framework 4.5 (learn.microsoft.com/dotnet/api/system.eventhandler-1, Remarks), so an `event
 * EventHandler<Transaction>` takes `(object? sender, Transaction tx)`, and the name is the event pattern's own
 * (WalletWasabi's coordinator subscribes one so, read in the thirty-ninth session).
 */
export function hasEventHandlerSignature(ctx: RuleContext, body: MethodBody): boolean {
  if (body.parameters.length !== 2) return false;
  const [sender, args] = body.parameters as [Parameter, Parameter];
  if (!sender.typeText || !args.typeText) return false;
  if (isObject(args.typeText)) return isObject(sender.typeText);
  if (isObject(sender.typeText) && sender.name === 'sender') return true;
  return isEventArgsType(ctx, body, args.typeText);
}

function isObject(typeText: string): boolean {
  return /^(?:System\.)?(?:object|Object)\??$/.test(typeText.trim());
}

/** EventArgs or a type derived from it: by its name, the workspace's declarations or the signatures. */
export function isEventArgsType(ctx: RuleContext, body: MethodBody, typeText: string): boolean {
  const name = stripGenerics(typeText);
  if (/EventArgs$/.test(name)) return true;
  for (const t of typeFamily(ctx.index, name)) if (/EventArgs$/.test(t)) return true;
  if (typesNamed(ctx.index, name).length > 0) return false;
  const typing = apiTypingFor(body, ctx.model.bodies, ctx.index);
  if (!typing) return false;
  const type = resolveTypeText(typing.api, typeText);
  return !!type && !!definitionOf(typing.api, type) && derivesFrom(typing.api, type, named('System.EventArgs'));
}

/**
 * Whether a base type or interface of the containing type (workspace, API, or a package interface the knowledge
 * lists) declares a method of this name.
 */
export function implementsInterfaceMember(ctx: RuleContext, body: MethodBody): boolean {
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return false;
  return declaredByABaseOf(ctx, { owner, name: body.name, parameterCount: body.parameters.length, isStatic: body.modifiers.includes('static') }, body);
}

/** A method as its type's bases would declare it: the type it is declared in, its name, arity and staticness. */
export interface MethodShape {
  owner: string;
  name: string;
  parameterCount: number;
  isStatic: boolean;
  /**
   * Count a workspace declaration only when it takes this many parameters, as an implementation must. A body's check
   * has never asked this, and the rules that read it were tuned without it; a method without a body asks it.
   */
  sameArity?: boolean;
}

/**
 * implementsInterfaceMember for a method that may have no body: an abstract method of an abstract class can be the
 * member that implements its interface's (`abstract class IndexerBase : IIndexer { public abstract Task<...>
 * Fetch(...); }`), and so its name is the interface's as much as a method with code is. `typingBody` is any body of
 * the declaring file, for reading the bases through the API signatures (they see the file's usings, not the body);
 * without one only the workspace's and the known package interfaces are asked.
 */
export function declaredByABaseOf(ctx: RuleContext, shape: MethodShape, typingBody: MethodBody | undefined): boolean {
  return declaredByABaseIn(ctx.index, ctx.model.bodies, shape, typingBody);
}

/**
 * declaredByABaseOf outside a rule's file: `bodies` are the bodies of the file that declares the method, which
 * `typingBody` is one of (ASY028's census of a project reads every file of it).
 */
export function declaredByABaseIn(index: WorkspaceIndex, bodies: readonly MethodBody[], shape: MethodShape, typingBody: MethodBody | undefined): boolean {
  const family = new Set(typeFamily(index, shape.owner));
  family.delete(shape.owner);
  const fits = (m: MethodRef): boolean => !shape.sameArity || arityOf(m) === null || arityOf(m) === shape.parameterCount;
  if (methodsNamed(index, shape.name, null).some((m) => m.typeName !== null && family.has(m.typeName) && fits(m))) return true;
  return declaredOutsideTheWorkspace(index, bodies, shape, typingBody);
}

/**
 * Whether a base type or interface of the owner declared outside the workspace (a package's interface, a .NET type the
 * signatures know) declares a member of the name: the part of declaredByABaseIn that a workspace base's own
 * declaration does not answer.
 */
export function declaredOutsideTheWorkspace(index: WorkspaceIndex, bodies: readonly MethodBody[], shape: MethodShape, typingBody: MethodBody | undefined): boolean {
  if (implementsPackageInterfaceMember(index, shape)) return true;
  const typing = typingBody ? apiTypingFor(typingBody, bodies, index) : null;
  if (!typing) return false;
  for (const name of typeFamily(index, shape.owner)) {
    for (const ref of typesNamed(index, name)) {
      for (const base of ref.type.baseTypes) {
        if (typesNamed(index, base).length > 0) continue;
        const type = resolveTypeText(typing.api, base);
        if (!type || !definitionOf(typing.api, type)) continue;
        if (methodsOf(typing.api, type, shape.name, { static: false }).length > 0) return true;
      }
    }
  }
  return false;
}

/**
 * Whether a base type or interface of the owner declared outside the workspace declares an instance property of the
 * name (an indexer as `Item`): declaredOutsideTheWorkspace for a property's accessors. The outside type may be listed
 * by a workspace interface the owner implements (`IPersistentList<T> : IList<T>`), as the owner's family holds it.
 */
export function declaresPropertyOutsideTheWorkspace(index: WorkspaceIndex, bodies: readonly MethodBody[], owner: string, name: string, typingBody: MethodBody): boolean {
  const typing = apiTypingFor(typingBody, bodies, index);
  if (!typing) return false;
  return [...typeFamily(index, owner)].some((member) => typesNamed(index, member).some((ref) => ref.type.baseTypes.some((base) => {
    if (typesNamed(index, base).length > 0) return false;
    const type = resolveTypeText(typing.api, base);
    return !!type && !!definitionOf(typing.api, type) && declaresInstanceProperty(typing.api, type, name);
  })));
}

/** How many parameters a workspace method declares, or null when its declaration is not at hand. */
function arityOf(m: MethodRef): number | null {
  return (m.body?.parameters ?? m.member?.parameters)?.length ?? null;
}

/**
 * Whether a type of the owner's family lists a package interface that the signature database lacks and the knowledge
 * describes (knowledge/packageInterfaces.ts: Quartz.NET's IJob declares Execute), and that interface declares a method
 * of this name and parameter count. A base list names it as the package's when the name is qualified with the
 * package's namespace or the declaring file imports that namespace; a workspace type of the same name is the
 * workspace's own, which the caller has already asked about.
 */
function implementsPackageInterfaceMember(index: WorkspaceIndex, shape: MethodShape): boolean {
  if (shape.isStatic) return false;
  for (const name of typeFamily(index, shape.owner)) {
    for (const ref of typesNamed(index, name)) {
      for (const base of ref.type.baseTypes) {
        const written = base.trim().replace(/^global::/, '').replace(/<[^]*$/, '');
        const simple = written.split('.').pop() ?? written;
        if (typesNamed(index, simple).length > 0) continue;
        const qualifier = written.includes('.') ? written.slice(0, written.lastIndexOf('.')) : null;
        for (const row of packageInterfacesNamed(simple)) {
          if (!packageInterfaceDeclares(row, shape.name, shape.parameterCount)) continue;
          if (qualifier !== null ? qualifier === row.namespace : importsInDeclaringFile(index, ref.file, row.namespace)) return true;
        }
      }
    }
  }
  return false;
}

/** Whether the workspace file that declares a type imports the namespace (its usings, or its project's global ones). */
function importsInDeclaringFile(index: WorkspaceIndex, file: string, namespace: string): boolean {
  const model = index.files.get(file);
  return !!model && fileImportsNamespace(index, file, model.usings, namespace);
}

/**
 * Whether the function's type lists among its bases an interface that neither the workspace nor the signature
 * database declares (`class GlyphStore : ITextureStore` with ITextureStore from a package the database lacks): such an
 * interface may declare the function, so its signature may be someone else's. Read by name (`I` and a capital), as
 * the compiler's naming guidelines have it; a base the database knows is answered by implementsInterfaceMember.
 */
export function mayImplementUnknownInterface(ctx: RuleContext, body: MethodBody): boolean {
  const owner = bodyChain(body, ctx.model.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
  if (!owner) return false;
  const typing = apiTypingFor(body, ctx.model.bodies, ctx.index);
  for (const name of typeFamily(ctx.index, owner)) {
    for (const ref of typesNamed(ctx.index, name)) {
      for (const base of ref.type.baseTypes) {
        const simple = stripGenerics(base);
        if (!/^I[A-Z]/.test(simple) || typesNamed(ctx.index, simple).length > 0) continue;
        const type = typing ? resolveTypeText(typing.api, base) : null;
        if (!type || !definitionOf(typing!.api, type)) return true;
      }
    }
  }
  return false;
}

/**
 * The function's name written somewhere in the file without a call after it: `+= OnTick`, `new Timer(OnTick)`,
 * `Command = new RelayCommand(Refresh)`. A delegate type someone else declared decides its signature then. A mention
 * that is the first argument of a call that also takes a task-returning function (`Task.Run(Refresh)`,
 * `Task.Factory.StartNew(Refresh)`: knowledge/taskDelegateStarts.ts) does not: the method could return Task and the
 * call would take it as such (the Jackett round of the thirty-third session found an update checker's loop started so).
 */
export function usedAsMethodGroup(body: MethodBody, masked: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(body.name)) return false;
  for (const [at, end] of mentionsWithoutCall(masked, body.name)) {
    if (at >= body.nameSpan.start && at < body.nameSpan.end) continue;
    // `nameof(OnTick)` only names it.
    if (/nameof\s*\(\s*(?:this\.)?$/.test(masked.slice(Math.max(0, at - 20), at))) continue;
    if (TASK_DELEGATE_START_BEFORE.test(masked.slice(Math.max(0, at - 80), at)) && /^\s*[,)]/.test(masked.slice(end))) continue;
    return true;
  }
  return false;
}

/**
 * Where a text mentions a name without a call or type arguments after it: each mention's start (at `this.` when it is
 * written so) and end, what `(?<![\w.])(?:this\.)?NAME\b(?!\s*[(<\w])` finds. Found by indexOf and checked around
 * each hit: compiling that pattern for every function and running it over the whole file was 8 s of a million-line
 * check (test/bench/README.md, forty-third session).
 */
function* mentionsWithoutCall(masked: string, name: string): Generator<[number, number]> {
  for (let start = masked.indexOf(name); start >= 0; start = masked.indexOf(name, start + 1)) {
    const end = start + name.length;
    // The whole word, not a part of a longer one.
    if ((start > 0 && WORD.test(masked[start - 1])) || (end < masked.length && WORD.test(masked[end]))) continue;
    let next = end;
    while (next < masked.length && BLANK.test(masked[next])) next++;
    if (next < masked.length && CALL_OR_WORD.test(masked[next])) continue;
    if (start >= 5 && masked.startsWith('this.', start - 5) && (start === 5 || !WORD_OR_DOT.test(masked[start - 6]))) yield [start - 5, end];
    else if (start === 0 || masked[start - 1] !== '.') yield [start, end];
  }
}

const WORD = /\w/;
const BLANK = /\s/;
const CALL_OR_WORD = /[(<\w]/;
const WORD_OR_DOT = /[\w.]/;

/** The text before a method group that is the first argument of a knowledge/taskDelegateStarts.ts call: `Task.Run(`, `System.Threading.Tasks.Task.Factory.StartNew(this.`. */
const TASK_DELEGATE_START_BEFORE = new RegExp(
  `(?<![\\w.])(?:(?:global::)?System\\.Threading\\.Tasks\\.)?(?:${TASK_DELEGATE_STARTS.map((s) => `${s.receiver.replace('.', '\\s*\\.\\s*')}\\s*\\.\\s*${s.member}`).join('|')})\\s*\\(\\s*(?:this\\s*\\.\\s*)?$`,
);

/**
 * The awaits whose exception leaves the function: no enclosing `try` of the function itself has a catch that takes
 * every exception without throwing it again (an await inside a catch or finally block is outside its try), and the
 * awaited thing can fail at all: not a completed task, a yield or an uncancellable delay, nor a call of a workspace method
 * that cannot fault (rules/faultFreeCalls.ts).
 */
export function escapingAwaits(ctx: RuleContext, body: MethodBody, masked: string): SuspensionPoint[] {
  return body.awaits.filter((a) => !cannotFail(ctx, body, a) && !a.regions.some((r) => {
    if (r.kind !== 'try') return false;
    const clauses = tryClausesOf(masked, r.span);
    return !!clauses && (catchesEverything(masked, clauses) || (failsOnlyWhenCancelled(ctx, body, a) && catchesCancellation(masked, clauses)));
  }) && !awaitCannotFault(ctx.index, ctx.file, body, a));
}

/** A delay no token can cancel: a non-negative whole number of milliseconds, TimeSpan.Zero or TimeSpan.FromX(n). */
const UNCANCELLABLE_DELAY = /^(?:\d+|(?:System\.)?TimeSpan\.Zero|(?:System\.)?TimeSpan\.From(?:Milliseconds|Seconds|Minutes|Hours|Days|Ticks)\(\s*\d+(?:\.\d+)?\s*\))$/;

/**
 * An await that cannot throw: of a completed or FromResult task (not FromException/FromCanceled), of Task.Yield(),
 * or of Task.Delay with one constant, non-negative argument. Task.Delay without a token only fails for a negative
 * delay (other than -1), which it throws at the call, so a delay known to be non-negative never does; with a token
 * it throws TaskCanceledException when the token fires, unless the await suppresses what the task ends with.
 */
function cannotFail(ctx: RuleContext, body: MethodBody, point: SuspensionPoint): boolean {
  if (point.kind !== 'await') return false;
  const operand = point.operand;
  switch (operand.kind) {
    case 'yield':
    case 'fromResult':
      return true;
    case 'completedTask':
      return operand.callee === null || (operand.callee.name !== 'FromException' && operand.callee.name !== 'FromCanceled');
    case 'delay':
      if (suppressesThrowing(operand.configureAwait)) return delaysConstantly(ctx, body, operand.text) || delaysForever(operand.text);
      return operand.callee?.argumentCount === 1 && delaysConstantly(ctx, body, operand.text);
    default:
      return false;
  }
}

/**
 * Whether a ConfigureAwait argument asks for ConfigureAwaitOptions.SuppressThrowing (.NET 8): the await then ends
 * without throwing when the task is faulted or cancelled
 * (https://learn.microsoft.com/dotnet/api/system.threading.tasks.configureawaitoptions), so only what the awaited
 * expression throws before it hands back its task can still escape.
 */
function suppressesThrowing(configureAwait: string | null): boolean {
  return configureAwait !== null && /\bSuppressThrowing\b/.test(configureAwait);
}

/**
 * A Task.Delay call whose first argument is the infinite timeout (`Timeout.InfiniteTimeSpan`, `Timeout.Infinite`,
 * also through `using static System.Threading.Timeout`): -1 milliseconds, which Task.Delay accepts, so the call
 * itself cannot throw and the wait ends only when its token fires.
 */
function delaysForever(callText: string): boolean {
  const argumentList = /\(([^]*)\)\s*$/.exec(callText)?.[1];
  if (argumentList === undefined) return false;
  const first = (splitTopLevel(argumentList, ',')[0] ?? '').replace(/\s+/g, '');
  return /^(?:(?:System\.Threading\.)?Timeout\.)?Infinite(?:TimeSpan)?$/.test(first);
}

/**
 * An await of Task.Delay with a constant, non-negative delay and a token (`Task.Delay(1000, token)`): it fails only
 * with TaskCanceledException when the token fires, so a catch of OperationCanceledException around it catches all it
 * throws. (Reading the Token of a CancellationTokenSource already disposed throws too; a loop whose source is disposed
 * while it waits is a defect of its own, not what ASY020 reports.)
 */
function failsOnlyWhenCancelled(ctx: RuleContext, body: MethodBody, point: SuspensionPoint): boolean {
  if (point.kind !== 'await' || point.operand.kind !== 'delay' || point.operand.callee?.argumentCount !== 2) return false;
  return delaysConstantly(ctx, body, point.operand.text);
}

/** Whether a Task.Delay call's first argument is a constant, non-negative delay (UNCANCELLABLE_DELAY). */
function delaysConstantly(ctx: RuleContext, body: MethodBody, callText: string): boolean {
  const argumentList = /\(([^]*)\)\s*$/.exec(callText)?.[1];
  if (argumentList === undefined) return false;
  const first = splitTopLevel(argumentList, ',')[0] ?? '';
  const value = constantArgumentTexts(ctx, body, [first.trim()])[0].replace(/\s+/g, '');
  return UNCANCELLABLE_DELAY.test(value);
}

/**
 * Whether the method's name is written after an interface's (`void IDisposable.Dispose()`, `Task IRoom.JoinAsync()`): an
 * explicit implementation, whose signature is the interface's.
 */
export function namesInterfaceExplicitly(text: string, body: MethodBody): boolean {
  return /\.\s*$/.test(text.slice(Math.max(0, body.nameSpan.start - 40), body.nameSpan.start));
}

/**
 * The workspace type whose void member this synchronous void method overrides or implements, or null: the method is
 * an `override`, or implements a member of a workspace interface, and every declaration of that member the workspace's
 * bases hold returns void, no base outside the workspace (a framework's class, a package's interface) declares it, and
 * at least two workspace types implement it. Its signature is then fixed by the workspace's own design: a task it drops
 * cannot be awaited without making the base member return Task and changing every override or implementation and
 * every caller with it (Jellyfin's SyncPlay group states, void overrides of an abstract state called under the group's
 * lock, read in three seeded readings).
 */
export function voidWorkspaceBaseOf(ctx: RuleContext, body: MethodBody): string | null {
  if (body.kind !== 'method' || body.isAsync || body.returnKind !== 'void' || body.modifiers.includes('static')) return null;
  const owner = body.containingType;
  if (!owner) return null;
  const family = new Set(typeFamily(ctx.index, owner));
  family.delete(stripGenerics(owner));
  family.delete(owner);
  const overrides = body.modifiers.includes('override');
  // C# implements an interface member implicitly only with a public method, or explicitly (`void IRoom.Join()`, no
  // modifier): a private overload of the name is neither (Jellyfin's TaskManager has one beside its interface's).
  const explicit = namesInterfaceExplicitly(ctx.text, body);
  if (!overrides && !explicit && !body.modifiers.includes('public')) return null;
  const declared = methodsNamed(ctx.index, body.name, null).filter((m) => m.typeName !== null && family.has(m.typeName) && sameParameters(ctx.index, m, body));
  if (declared.length === 0 || !declared.every((m) => (m.member?.returnKind ?? m.body?.returnKind) === 'void')) return null;
  const base = declared.find((m) => overrides || typesNamed(ctx.index, m.typeName!).some((t) => t.type.kind === 'interface'));
  if (!base) return null;
  const shape: MethodShape = { owner, name: body.name, parameterCount: body.parameters.length, isStatic: false };
  if (declaredOutsideTheWorkspace(ctx.index, ctx.model.bodies, shape, body)) return null;
  // A contract several types fulfil (a state machine's states): an interface with one implementation is a seam for
  // injection or tests, and making its member return Task is the same local change as for a method of its own (the
  // seeded reading of this class found Kavita's scheduler dropping a folder scan so, which its maintainers would fix).
  // The types counted are the concrete ones deriving from the base, which run the member whether they override it or
  // inherit an abstract class's body (Jellyfin's group states inherit AbstractGroupState's implementation of IGroupState).
  return concreteDescendants(ctx.index, base.typeName!) >= 2 ? base.typeName : null;
}

/** How many workspace classes and structs that are not abstract derive from the type, directly or through others. */
function concreteDescendants(index: WorkspaceIndex, typeName: string): number {
  let count = 0;
  for (const name of descendantsOf(index, typeName)) {
    if (typesNamed(index, name).some((t) => t.type.kind !== 'interface' && !t.type.modifiers.includes('abstract'))) count++;
  }
  return count;
}

/**
 * Whether a base's declaration takes the method's parameters: as many, each of the same type by its simple name, or of
 * a type parameter of the base's type (`IHandler<T>.Handle(T message)` implemented as `Handle(Order message)`). A
 * parameter whose type either side does not write is taken to match.
 */
function sameParameters(index: WorkspaceIndex, m: MethodRef, body: MethodBody): boolean {
  const theirs = m.member?.parameterTypes ?? m.body?.parameters.map((p) => p.typeText ?? '');
  if (!theirs || theirs.length !== body.parameters.length) return false;
  const typeParameters = new Set(typesNamed(index, m.typeName!).flatMap((t) => t.type.typeParameters));
  return theirs.every((text, i) => {
    const own = body.parameters[i].typeText;
    if (!text || !own) return true;
    return simpleTypeName(text) === simpleTypeName(own) || typeParameters.has(text.trim());
  });
}

/** `System.Collections.Generic.List<int>?` gives `List`: a parameter type compared without its namespace, arguments or `?`. */
function simpleTypeName(text: string): string {
  return stripGenerics(text.trim().replace(/\?$/, '')).split('.').pop()!.trim();
}
