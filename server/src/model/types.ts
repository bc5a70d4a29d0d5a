/** The facts AsyncLens extracts from one C# file: plain data, no syntax nodes, safe to keep after the tree is deleted. */

/** A range of source text in UTF-16 code units (what JS strings, web-tree-sitter and LSP use). */
export interface Span {
  start: number;
  end: number;
}

/**
 * What an async body returns, which decides its builder and what a synchronous completion costs.
 * `OtherTaskLike` is any other awaitable return type of an async method (custom builders);
 * `NotAsyncReturn` is a non-async body's ordinary return type.
 */
export type ReturnKind =
  | 'void'
  | 'Task'
  | 'TaskOfT'
  | 'ValueTask'
  | 'ValueTaskOfT'
  | 'IAsyncEnumerable'
  | 'IAsyncEnumerator'
  | 'OtherTaskLike'
  | 'NotAsyncReturn'
  | 'Unknown';

export type BodyKind = 'method' | 'localFunction' | 'lambda' | 'anonymousMethod' | 'accessor' | 'constructor' | 'operator' | 'topLevel';

export interface Parameter {
  name: string;
  /** Declared type text, or null for an untyped lambda parameter. */
  typeText: string | null;
  modifiers: string[];
  /** Whether the body mentions the parameter at all (Release builds hoist exactly these). */
  referenced: boolean;
  span: Span;
  /**
   * For a CancellationToken parameter: the body keeps it beyond its run, in a field or property or a token source
   * linked to it that is kept there (model/keptTokens.ts). Absent otherwise.
   */
  kept?: true;
  /**
   * For a parameter of a method or local function that its body mentions: how many times in the body's own code (not
   * in nested functions, whose capturedNames say whether they use it; member names excluded). A rule that reads another file's model accounts for every use of the parameter with it
   * (rules/helperCompletedTasks.ts). Absent otherwise.
   */
  uses?: number;
  /**
   * For a parameter of a method or local function: true when the body, or a function nested in it, assigns it (`=`,
   * a compound assignment, `++`, `ref` or `out`), so it may no longer hold the argument. Absent otherwise. A rule that
   * reads another file's model asks it before taking a returned parameter for the argument (rules/poolWork.ts).
   */
  written?: true;
}

/** How an awaited expression was recognised, from the cheapest to the least known. */
export type AwaitOperandKind =
  | 'completedTask' // Task.CompletedTask, ValueTask.CompletedTask, default(ValueTask)
  | 'fromResult' // Task.FromResult(x), ValueTask.FromResult(x), new ValueTask<T>(x), default(ValueTask<T>)
  | 'yield' // Task.Yield(): always suspends
  | 'delay' // Task.Delay(...): suspends unless the delay is zero
  | 'whenAll'
  | 'whenAny'
  | 'run' // Task.Run(...)
  | 'call' // any other invocation: maybe a workspace method, resolved by the workspace index
  | 'variable' // a local, parameter or field holding a task
  | 'unknown';

export interface Callee {
  /** The invoked member's name without type arguments: GetAsync. */
  name: string;
  /** The receiver's text (`_client`, `this`, `Task`), or null for a plain `Name(...)` call. */
  receiver: string | null;
  argumentCount: number;
  /**
   * How many type arguments the call writes (`Run<object?>(...)`: 1), 0 when it writes none. Written type arguments
   * rule out every overload of another generic arity, as the compiler's lookup does (C# spec, Method invocations).
   */
  typeArgumentCount: number;
}

export interface AwaitOperand {
  kind: AwaitOperandKind;
  /** The operand's text without a trailing .ConfigureAwait(...). */
  text: string;
  /** The ConfigureAwait argument as written, or null when the await has none. */
  configureAwait: string | null;
  callee: Callee | null;
  /** For `fromResult`, the text of the result value. */
  resultText: string | null;
}

export type SuspensionKind = 'await' | 'awaitForeach' | 'awaitUsing';

export type RegionKind = 'try' | 'catch' | 'finally' | 'using' | 'lock' | 'loop' | 'foreach' | 'switch' | 'conditional';

/** A statement around an await that changes what the compiler generates (exception slots, wrap fields, loops). */
export interface EnclosingRegion {
  kind: RegionKind;
  span: Span;
  /** For foreach: the collection expression text; for using: the resource text; for conditional: the condition as seen from this branch (`x is null` for the right operand of `x ?? y` and `x ??= y`). */
  detail?: string;
}

/** A value the compiler must keep in a field because it was computed before an await in the same expression. */
export interface SpilledValue {
  text: string;
  /** `initializedObject`: the object an initializer is filling (`new Point { X = a, Y = await b }`); its text is the type. */
  role: 'leftOperand' | 'argument' | 'receiver' | 'assignmentTarget' | 'initializedObject';
  /** Where the spilled expression is: two awaits of one statement that spill the same value share one field. */
  span?: Span;
  /** For a left operand: the operator (`+`, `<`; `+` for `+=`), which converts the value to the operand type it spills as. */
  operator?: string;
  /** For a left operand: the right operand's text, for that conversion. */
  otherOperandText?: string;
}

export interface SuspensionPoint {
  kind: SuspensionKind;
  span: Span;
  /** Span of the `await` keyword, where a hover or a fix anchors. */
  keywordSpan: Span;
  operand: AwaitOperand;
  /** Innermost first. */
  regions: EnclosingRegion[];
  spills: SpilledValue[];
  /** The statement (or expression body) the await sits in: the compiler's spill fields live that long. */
  statementSpan?: Span;
}

export type LocalKind = 'local' | 'foreach' | 'using' | 'pattern' | 'out' | 'catch' | 'for';

export interface LocalVariable {
  name: string;
  kind: LocalKind;
  /** Declared type text, or null for `var`. */
  typeText: string | null;
  /** The type this model infers when the declaration says `var` (from `new T(...)`, literals, casts); else null. */
  inferredTypeText: string | null;
  initializerText: string | null;
  span: Span;
  /** The block or statement the name is visible in. */
  scope: Span;
  /** Read after some await (or, in an iterator, some `yield return`) before being reassigned: the compiler keeps it in a state-machine field. */
  liveAcrossAwait: boolean;
  /**
   * For `out var x` passed to a call: the invocation as written and which argument the declaration is (its name
   * when the argument is named), so the local can take the type of the `out` parameter.
   */
  outArgument?: { invocationText: string; index: number; argumentName: string | null };
  /**
   * For a name of a deconstruction (`var (token, source) = Make();`): the value deconstructed and where in its tuple
   * the name sits (`[0]` for `token`, `[1, 0]` for `a` of `var (x, (a, b)) = ...`), so the local can take that
   * element's type. Such a local has no initializerText: the initializer is the whole tuple, not its value.
   */
  deconstructs?: { initializerText: string; element: number[] };
  /**
   * For a local declared with a value (`var lease = new Lease(gate) as ILease;`, a deconstructed `var (a, b) = F();`):
   * true when some later statement of the body, or of a function nested in it, writes the name again (`=`, `??=`,
   * `ref`, `out`), so the initializer is not the only value it holds. Absent for other locals.
   */
  assignedAgain?: boolean;
  /**
   * For a name a foreach's deconstruction declares (`foreach (var (key, value) in pairs)`): true. Its
   * initializerText is still the collection walked, but the name holds a part of each element, not the element.
   */
  foreachPart?: true;
}

/** A literal a method returns, which decides whether the runtime's Task cache applies. */
export interface ReturnedLiteral {
  kind: 'int' | 'long' | 'uint' | 'ulong' | 'bool' | 'null' | 'default' | 'string' | 'char' | 'double' | 'float' | 'decimal';
  /** Normalised value: '42', 'true', 'null', '"x"'. */
  value: string;
}

export interface ReturnSite {
  span: Span;
  expressionText: string | null;
  literal: ReturnedLiteral | null;
  /** The expression is itself an await (`return await X();`, `=> await X()`). */
  isAwait: boolean;
  /** No await can run before this return completes: it ends before the first await (so `return await x` is not) and is outside loops that hold one. */
  beforeAnyAwait: boolean;
  regions: EnclosingRegion[];
  /** The condition of the innermost `if` (or `?:`) the return sits in, e.g. `_cache.TryGetValue(id, out var v)`. */
  conditionText: string | null;
  /** The return is all its `if` branch does (`if (c) return x;` or `if (c) { return x; }`), nothing logged or changed first. */
  aloneInBranch: boolean;
}

/** .Result, .Wait(), .GetAwaiter().GetResult(), Task.WaitAll/WaitAny: a thread waiting on a task. */
export interface TaskWait {
  kind: 'result' | 'wait' | 'getResult' | 'waitAll' | 'waitAny';
  /** The waited task's text (`t`, `GetAsync()`), or the argument list for WaitAll/WaitAny. */
  receiverText: string;
  /** The whole expression that blocks, e.g. `t.Result` or `t.GetAwaiter().GetResult()`. */
  span: Span;
  /** The member name's span (`Result`, `Wait`, `GetResult`), where a squiggle goes. */
  nameSpan: Span;
  argumentTexts: string[];
  /** Why the task is already complete here, when the syntax shows it; null when it may still be running. */
  knownCompleted: string | null;
  /** The expression is the operand of nameof(...). */
  inNameof: boolean;
  /** It sits on the synchronous branch of a dual-path method (MethodBody.asyncFlag is false there). */
  onSyncPath: boolean;
  /**
   * It sits on the asynchronous branch of a `bool async` flag (MethodBody.asyncFlag is true there: model/dualPath.ts
   * `isOnAsyncPath`); absent otherwise.
   */
  onAsyncPath?: true;
}

/** How a call's result is used by its caller: what ASY012 asks of every caller. */
export type CallUsage = 'awaited' | 'returned' | 'stored' | 'blocked' | 'discarded' | 'argument' | 'other';

export interface CallSite {
  name: string;
  receiver: string | null;
  argumentTexts: string[];
  span: Span;
  nameSpan: Span;
  usage: CallUsage;
  inNameof: boolean;
  /** Generic arguments written at the call, e.g. ['int'] for Foo<int>(). */
  typeArguments: string[];
  /** It sits on the synchronous branch of a dual-path method (MethodBody.asyncFlag is false there). */
  onSyncPath: boolean;
  /**
   * For a call named as a waiting helper may be (`t.WaitAndUnwrapException()`, `t.Await()`), why its receiver is a
   * task that has completed there, read as for a wait written in place (model/completion.ts guardReason): a
   * ContinueWith callback's antecedent, a completion check around it. Absent for other calls and unguarded ones.
   */
  receiverCompleted?: string;
}

export interface LockStatement {
  span: Span;
  keywordSpan: Span;
  lockedText: string;
}

export interface UsingResource {
  span: Span;
  keywordSpan: Span;
  isAwaitUsing: boolean;
  /** Declared type or null for var / a bare expression. */
  typeText: string | null;
  /** The resource expression: `new FileStream(...)`, `File.OpenRead(p)`. */
  resourceText: string;
  /** Variable name for `using var x = ...`/`using (var x = ...)`. */
  variableName: string | null;
  /** `using var x = ...;` (a declaration) rather than `using (...) { }`. */
  isDeclaration: boolean;
  /** It sits on the synchronous branch of a dual-path method (MethodBody.asyncFlag is false there). */
  onSyncPath: boolean;
}

/** Where a lambda or anonymous method is passed or stored (model/delegateTargets.ts). */
export interface DelegateTarget {
  /**
   * `argument`: passed to a call; `eventSubscription`: the right side of `+=`/`-=`; `assignment`: of `=`;
   * `declaration`: a variable's initializer or a cast's operand; `return`: returned or an expression body.
   */
  kind: 'argument' | 'eventSubscription' | 'assignment' | 'declaration' | 'return' | 'other';
  /** For `argument`: the invocation (`list.ForEach(...)`) or object creation (`new Timer(...)`) it is an argument of. */
  call?: DelegateCall;
  /** The event, member or variable it goes to (`button.Click`, `_onChanged`, `handler`). */
  targetText?: string;
  /** For `eventSubscription` and `assignment`: the operator (`+=`, `=`). */
  operator?: string;
  /** For `declaration`: the declared delegate type (`Action<int>`), or null for `var`. */
  typeText?: string | null;
}

export interface DelegateCall {
  kind: 'invocation' | 'creation';
  /** The method's name, or for a creation the created type as written. */
  name: string;
  receiver: string | null;
  typeArguments: string[];
  argumentTexts: string[];
  /** Which argument the function is (0-based). */
  argumentIndex: number;
  /** `onTick: async () => ...`: the parameter named at the call, or null. */
  argumentName: string | null;
  span: Span;
}

/** Where a `new T(...)` goes. */
export type CreationDestination = 'local' | 'field' | 'assignment' | 'returned' | 'argument' | 'discarded' | 'other';

/** An object a body creates (model/creations.ts). */
export interface ObjectCreation {
  /** The type as written, or the declared type of a target-typed `new()`. */
  typeText: string;
  argumentTexts: string[];
  span: Span;
  destination: CreationDestination;
  /** The local declared or the assignment's left side (`client`, `_client`, `this.client`), when there is one. */
  targetText: string | null;
  /** Created as the resource of a `using` statement or declaration. */
  inUsing: boolean;
}

/** Any function-like body: methods, local functions, lambdas, anonymous methods, accessors, top-level statements. */
export interface MethodBody {
  /** Stable within one version of the file: kind and start offset. */
  id: string;
  kind: BodyKind;
  /** The declared name, or a readable stand-in: `<lambda>`, `<top-level>`, `get_Name`. */
  name: string;
  /** Name of the innermost enclosing type declaration, or null. */
  containingType: string | null;
  containingTypeKind: TypeKind | null;
  /** For lambdas and local functions: the id of the body they sit in. */
  parentId: string | null;
  isAsync: boolean;
  isStatic: boolean;
  modifiers: string[];
  attributes: string[];
  returnTypeText: string | null;
  returnKind: ReturnKind;
  /** The T of Task<T>, ValueTask<T>, IAsyncEnumerable<T>. */
  resultTypeText: string | null;
  /** Contains yield return / yield break. */
  isIterator: boolean;
  /** Spans of the body's own `yield return` statements: an iterator suspends at each, as at an await. */
  yieldReturns?: Span[];
  /** An async iterator's parameter marked [EnumeratorCancellation], which adds the combined-tokens field. */
  enumeratorCancellation?: string | null;
  parameters: Parameter[];
  typeParameters: string[];
  /** Constraints of type parameters that have any (`where T : class, IMessage`), as written, by parameter name. */
  typeParameterConstraints?: Record<string, string[]>;
  usesThis: boolean;
  awaits: SuspensionPoint[];
  locals: LocalVariable[];
  returns: ReturnSite[];
  waits: TaskWait[];
  calls: CallSite[];
  locks: LockStatement[];
  usings: UsingResource[];
  span: Span;
  nameSpan: Span;
  /** Where the signature ends (before the body), for inlay hints. */
  signatureEnd: number;
  bodySpan: Span | null;
  isExpressionBodied: boolean;
  /** The method is the program's entry point (Main) or top-level statements. */
  isEntryPoint: boolean;
  /** Text of the whole body, kept for fixes and readable reasons. */
  hasSyntaxErrors: boolean;
  /** For lambdas and local functions: the enclosing bodies' locals and parameters it mentions (what its closure holds). */
  capturedNames: string[];
  /**
   * The `bool` parameter (`async`, `isAsync`) that selects a dual-path method's synchronous or asynchronous
   * branch (model/dualPath.ts), or null. Such a method serves both paths, so it has no single right way to dispose.
   */
  asyncFlag: string | null;
  /** For lambdas and anonymous methods: the call, event or variable the function is given to (model/delegateTargets.ts). */
  delegateTarget?: DelegateTarget | null;
  /** The objects the body itself creates with `new` (model/creations.ts). */
  creations: ObjectCreation[];
  /**
   * For async bodies: the names it writes by a simple name that are not its own parameters or locals (fields,
   * mostly: `_x = ...`, `_x ??= ...`, `ref _x`), with where; `this.x = ...` is not listed. Absent when there are none.
   */
  writes?: { name: string; span: Span }[];
  /**
   * For a non-static body of a partial type that uses no member of its own declaration (`usesThis` false): the
   * type's full name and the names it reads that neither it nor that declaration declares. The type's other
   * declarations, in other files, may hold them as instance members, which makes the body use `this` after all
   * (cost/thisUse.ts asks the workspace). Absent otherwise.
   */
  otherPartReads?: { typeFullName: string; names: string[] };
  /**
   * For methods, local functions and lambdas whose body is one statement that decides what can leave them (one try
   * that catches everything, one await, one returned expression): that statement (model/soleStatements.ts). Absent
   * otherwise.
   */
  soleStatement?: SoleStatement;
  /**
   * For a body that is not async: the TaskCompletionSource locals whose `.Task` it returns and that it only ever gives a
   * result (`SetResult`, `TrySetResult`), so their tasks cannot fault (model/resultOnlySources.ts). Absent otherwise.
   */
  resultOnlySources?: string[];
  /**
   * For a method with two parameters: it sets the second one's `Handled` to true on every path (`e.Handled = true;` in
   * its body or in the finally of a try that is one; model/handledMarks.ts). Absent otherwise.
   */
  marksEventHandled?: true;
}

/**
 * A statement of a catch-all try's finally that runs only as a bool parameter says (`if (needShutdown) Shutdown();`):
 * the parameter, the value under which it runs, and the parameter's literal default (null when it has none). A call
 * that passes the other literal, or leaves it to a default that is the other value, runs none of its code.
 */
export interface FinallyGuard {
  parameter: string;
  runsWhen: boolean;
  defaultValue: boolean | null;
}

/** A body's one statement, when it decides what can leave the body (model/soleStatements.ts). */
export type SoleStatement =
  /**
   * The whole body is one `try` with an unfiltered catch of every exception, no `finally` but one of statements that
   * cannot throw (fields of the method's type set to literals, knowledge/inertMembers.ts), and no catch that throws
   * except under a guard that only a passed argument can open; such statements may come before it (and `if (_busy)
   * return;`, returning nothing or a literal) and after it (and a last `return` of a literal). The guard that only a
   * passed argument opens: `if (rethrowIf is null || ...) { ... } else throw;`,
   * where `rethrowIf` is a parameter whose default is null. Those parameters are listed. The finally may also hold
   * statements that run only as a bool parameter says (`if (needShutdown) Shutdown();`): `finallyRunsWhen` lists them,
   * and only a call that passes the literal that skips each runs none of their code. It may also hold calls, each a
   * statement of its own or under a null test of a value (`if (Watcher.Current is not null) Safe.Ignore(() => ...);`):
   * `finallyCalls` lists them as written, for the rules to ask whether each can throw (rules/faultFreeCalls.ts), which
   * only the workspace can tell. Before the try, `ArgumentNullException.ThrowIfNull(p)` of a parameter may stand:
   * `nullChecked` lists those parameters, and only a call that passes a value known not to be null for each runs no
   * throw (rules/faultFreeCalls.ts).
   */
  | { kind: 'catchAll'; rethrowsWhenPassed: string[]; finallyRunsWhen?: FinallyGuard[]; finallyCalls?: string[]; nullChecked?: string[] }
  /** The body is `await X;`, `return await X;` or `=> await X`: the awaited expression, as written. */
  | { kind: 'await'; operandText: string }
  /** A body that is not async and is `return X;` or `=> X`: the returned expression, as written. */
  | { kind: 'return'; expressionText: string };

export type AsyncMethod = MethodBody & { isAsync: true };

/** A `delegate` declaration is a type whose one member is its `Invoke` method (return type and parameters). */
export type TypeKind = 'class' | 'struct' | 'record' | 'record struct' | 'interface' | 'enum' | 'delegate';

export interface MemberSignature {
  name: string;
  kind: 'method' | 'property' | 'field' | 'event' | 'constructor';
  isStatic: boolean;
  isAsync: boolean;
  typeText: string | null;
  returnKind: ReturnKind;
  parameterTypes: string[];
  typeParameterCount: number;
  /** For generic methods: the type parameters' names (`TResult`), so a call can bind them without the method's body. */
  typeParameters?: string[];
  span: Span;
  nameSpan: Span;
  /** For methods: the id of the MethodBody (absent for abstract/interface members). */
  bodyId: string | null;
  /** For methods: each parameter with its modifiers and whether it has a default (signatureFacts.ts). */
  parameters?: MemberParameter[];
  /**
   * For fields and constants: the initializer as written (`0`, `TimeSpan.Zero`), or null when there is none; for a
   * property with an initializer (`{ get; } = new();`), that initializer.
   */
  initializerText?: string | null;
  /**
   * For fields: declared `readonly` (or `const`): its initializer is the value it always holds, and the compiler re-reads
   * a static readonly field instead of spilling it. For a property with an initializer: a getter-only auto-property
   * (`{ get; }`), which only its declaration or a constructor sets.
   */
  isReadonly?: boolean;
  /**
   * For a readonly field of tasks that only this file can name (model/collectionFills.ts): the values the file puts
   * into it, or null when a mention may add what the text does not show. Absent for every other field.
   */
  filledWith?: CollectionFill[] | null;
  /** For expression-bodied properties (`bool HasValue => _task.IsCompleted;`): the expression, as written. */
  getterExpression?: string;
  /**
   * For an explicit interface implementation (`int IStorageFolder.GetFilesAsync()`): the interface as written. Such a
   * member is reached only through the interface, never by its simple name on the class.
   */
  explicitInterface?: string;
}

/** A value the file puts into a collection field, as written, and where. */
export interface CollectionFill {
  text: string;
  start: number;
}

/** A declared method parameter, as the twin check compares them: `ref int count`, `CancellationToken ct = default`. */
export interface MemberParameter {
  name: string;
  typeText: string;
  /** ref, out, in, params, this, scoped. */
  modifiers: string[];
  /** Declared with a default value, so callers may leave it out. */
  hasDefault: boolean;
}

/** A named constant: an enum member or a `const` field, with its value as written. */
export interface ConstantDeclaration {
  name: string;
  /** The constant's type: the enum itself for an enum member. */
  typeText: string;
  /**
   * The value expression as written. An enum member without one gets its implicit value: `0` for the first
   * member, `<previous member> + 1` after that.
   */
  valueText: string;
}

/** A parameter of a class or struct primary constructor (`class C(int x)`), which members read as a field of `this`. */
export interface PrimaryConstructorParameter {
  name: string;
  typeText: string;
  /** Some member other than an initializer reads it, so the compiler keeps it in a field (`<x>P`). */
  captured: boolean;
}

export interface FieldDeclaration {
  name: string;
  typeText: string;
  isStatic: boolean;
  isConst: boolean;
}

export interface TypeDeclaration {
  name: string;
  kind: TypeKind;
  /** Namespace-qualified name: N.Outer.Inner. */
  fullName: string;
  modifiers: string[];
  /** Attributes as written, e.g. `AsyncMethodBuilder(typeof(PooledBuilder))`. */
  attributes: string[];
  baseTypes: string[];
  typeParameters: string[];
  /** Constraints of type parameters that have any (`where T : class, IMessage`), as written, by parameter name. */
  typeParameterConstraints?: Record<string, string[]>;
  members: MemberSignature[];
  /** Instance fields in declaration order, including auto-property backing fields and record struct positional parameters: what a struct's size is made of. */
  instanceFields: FieldDeclaration[];
  /** Enum underlying type (`byte`), or 'int' by default. */
  enumUnderlyingType: string | null;
  /** Enum members and `const` fields, in declaration order. */
  constants: ConstantDeclaration[];
  /**
   * Parameters of a class or struct primary constructor (`class Repo(ShopContext db)`), in scope in every member;
   * a record's are properties, in members and instanceFields.
   */
  primaryConstructorParameters: PrimaryConstructorParameter[];
  span: Span;
  nameSpan: Span;
}

export interface SkippedBody {
  name: string;
  span: Span;
  reason: string;
}

/** A preprocessing directive the pre-parse pass could not make sense of (an #endif without #if, a bad condition). */
export interface PreprocessorProblem {
  span: Span;
  message: string;
}

/** Everything known about one file. */
export interface FileModel {
  bodies: MethodBody[];
  types: TypeDeclaration[];
  /** Ranges of ERROR and MISSING nodes. */
  syntaxErrors: Span[];
  /**
   * Async bodies that are not analysed, with the reason: their own subtree has syntax errors, or the parser
   * could not place them at all (an `async` declaration the text shows but the tree does not hold).
   */
  skipped: SkippedBody[];
  /** `using X.Y;` directives. */
  usings: string[];
  /** Types imported with `using static`, at the top or inside namespace blocks (signatureFacts.ts). */
  staticUsings?: string[];
  /** Namespaces imported with `global using`, which apply to every file of the project (signatureFacts.ts). */
  globalUsings?: string[];
  /** Code in `#if` branches not compiled with the file's preprocessing symbols: not parsed, not analysed. */
  inactiveCode: Span[];
  preprocessorProblems: PreprocessorProblem[];
  /**
   * The names the file's code mentions that may name a type (model/fileSyntax.ts mentionedNamesOf), sorted: which
   * files a UI application's code reaches is decided from them (rules/hostReach.ts). Absent in models made
   * without a syntax walk.
   */
  mentionedNames?: string[];
}

/** Whether a body is analysed: async code whose own subtree parsed cleanly. Rules, costs and hovers all ask this one question. */
export function isAnalysedAsyncBody(body: MethodBody): boolean {
  return body.isAsync && !body.hasSyntaxErrors;
}
