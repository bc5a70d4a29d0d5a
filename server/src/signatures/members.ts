/**
 * Members of database types, as a caller sees them: inherited ones included, overloads chosen by argument count
 * and by the argument types that are known, generic method arguments inferred from the arguments, extension
 * methods that apply to a receiver, what `await` of a type gives, and the fields a struct's size comes from.
 */
import type { ApiGenericParameter, ApiLayout, ApiMethod, ApiParameter, SignatureDatabase } from './database';
import { answersAbout, definitionOf, derivesFrom, importedNamespaces, isValueType, supertypes, type ApiContext } from './resolve';
import { csharpText, hasTypeParameters, named, qualifiedText, sameType, substitute, type ApiType } from './typeText';

/** A method found on a type: `owner` is the type (with arguments) that declares it, as seen from the receiver. */
export interface MethodCandidate {
  method: ApiMethod;
  owner: ApiType;
  /** Extension methods are called on a receiver that stands for their first parameter. */
  viaExtension: boolean;
  /** How far up from the receiver's type the method is declared: 0 on the type itself. */
  depth: number;
}

/** What is known of one argument of a call. `type` null means unknown; `isLambda` says nothing of its type. */
export interface ArgumentInfo {
  type: ApiType | null;
  name?: string;
  modifier?: 'ref' | 'out' | 'in';
  isNullLiteral?: boolean;
  isLambda?: boolean;
  /** For a lambda: how many parameters it declares (undefined for `delegate { }`, which fits any). */
  lambdaParameterCount?: number;
  /**
   * For a lambda: whether it is async, and the type of what its body gives when known (an expression body's type, or
   * what a block body returns; for an async lambda the T of its Task<T>).
   */
  lambdaReturnType?: ApiType | null;
  lambdaIsAsync?: boolean;
  /** For a lambda whose return type is known: whether its body may stand as a statement, so it also converts to a void-returning delegate. */
  lambdaDiscardable?: boolean;
  /** An integer literal fits every numeric parameter, as C#'s constant conversions allow. */
  isIntegerLiteral?: boolean;
}

export interface ChosenOverload {
  candidate: MethodCandidate;
  /** The method's type arguments, inferred or given; null where nothing told. */
  typeArguments: (ApiType | null)[];
  /** The return type with every argument that is known substituted. */
  returnType: ApiType;
}

function ownerChain(ctx: ApiContext, type: ApiType): ApiType[] {
  return [type, ...supertypes(ctx, type)];
}

/**
 * Methods named `name` callable on `type`: its own and inherited ones, derived first; overrides are listed once.
 * Kept per context (shared: do not modify): a large file asks for the same type's overloads once per call site
 * (every `Task.Run(...)`), and listing them prints every parameter type of every overload to find overrides.
 */
export function methodsOf(ctx: ApiContext, type: ApiType, name: string, options: { static: boolean }): readonly MethodCandidate[] {
  const known = answersAbout(ctx, type, methodLists, methodListsByScope);
  const key = `${options.static ? 's' : 'i'}|${name}|${qualifiedText(type)}`;
  let list = known.get(key);
  if (!list) known.set(key, (list = listMethods(ctx, type, name, options)));
  return list;
}

const methodLists = new WeakMap<ApiContext, Map<string, readonly MethodCandidate[]>>();
/** The lists of the database's own types, per database and scope mask: the same in every file (resolve.ts isDatabaseType). */
const methodListsByScope = new WeakMap<SignatureDatabase, Map<number, Map<string, readonly MethodCandidate[]>>>();

function listMethods(ctx: ApiContext, type: ApiType, name: string, options: { static: boolean }): MethodCandidate[] {
  const result: MethodCandidate[] = [];
  const seen = new Set<string>();
  for (const [depth, owner] of ownerChain(ctx, type).entries()) {
    const d = definitionOf(ctx, owner);
    if (!d || owner.kind !== 'named') continue;
    for (const method of ctx.db.membersNamed(d, name).methods) {
      if (method.name !== name || method.isStatic !== options.static || (method.mask & ctx.mask) === 0) continue;
      // An override or a `new` method hides the base's with the same parameters.
      const key = method.parameters.map((p) => `${p.modifier ?? ''}${csharpText(substitute(p.type, owner.args), { qualified: true })}`).join(',') + `/${method.genericParameters.length}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ method, owner, viaExtension: false, depth });
    }
    // Static members are not inherited from interfaces in a way C# lets one call them through a derived name.
    if (options.static && d.kind === 'interface') break;
  }
  return result;
}

/**
 * Extension methods named `name` whose `this` parameter accepts `receiver`: declared for its type, a base type,
 * an interface it implements (`IQueryable<T>` for a `DbSet<Order>`), or generic (`this T`) with constraints it
 * meets. Only namespaces the file imports count, as in C#.
 */
export function extensionMethodsFor(ctx: ApiContext, receiver: ApiType, name: string): MethodCandidate[] {
  const result: MethodCandidate[] = [];
  const imported = importedNamespaces(ctx.using);
  for (const holder of ctx.db.extensionHolders(name)) {
    if ((holder.mask & ctx.mask) === 0 || !imported.has(holder.namespace)) continue;
    for (const method of ctx.db.membersNamed(holder, name).methods) {
      if (method.name !== name || !method.isExtension || (method.mask & ctx.mask) === 0) continue;
      const self = method.parameters[0];
      if (!self) continue;
      const bindings = method.genericParameters.map(() => null as ApiType | null);
      if (!fits(ctx, self.type, { type: receiver }, bindings, method.genericParameters, true)) continue;
      result.push({ method, owner: named(holder.fullName), viaExtension: true, depth: 0 });
    }
  }
  return result;
}

/** Whether an extension method with this `this` parameter applies to `receiver`, and the bindings that makes. */
function receiverBindings(ctx: ApiContext, candidate: MethodCandidate, receiver: ApiType | null): (ApiType | null)[] | null {
  const bindings = candidate.method.genericParameters.map(() => null as ApiType | null);
  if (!candidate.viaExtension || !receiver) return bindings;
  return fits(ctx, candidate.method.parameters[0]!.type, { type: receiver }, bindings, candidate.method.genericParameters, true) ? bindings : null;
}

const NUMERIC_WIDENING: Record<string, readonly string[]> = {
  sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal', 'nint'],
  byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'nint', 'nuint'],
  short: ['int', 'long', 'float', 'double', 'decimal', 'nint'],
  ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'nint', 'nuint'],
  int: ['long', 'float', 'double', 'decimal', 'nint'],
  uint: ['long', 'ulong', 'float', 'double', 'decimal', 'nuint'],
  long: ['float', 'double', 'decimal'],
  ulong: ['float', 'double', 'decimal'],
  char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'nint', 'nuint'],
  float: ['double'],
  nint: ['long', 'float', 'double', 'decimal'],
  nuint: ['ulong', 'float', 'double', 'decimal'],
};
const NUMERIC = new Set(['sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'nint', 'nuint']);

const TASK_LIKE = new Set(['System.Threading.Tasks.Task`1', 'System.Threading.Tasks.ValueTask`1']);
const PLAIN_TASK_LIKE = new Set(['System.Threading.Tasks.Task', 'System.Threading.Tasks.ValueTask']);

/**
 * Whether an expression-bodied lambda whose body has type `body` converts to a delegate returning `returned`, binding
 * the method's type parameters the return type mentions (`ValueTask<TResult>` from a body of type ValueTask<int>, or
 * from an async body of type int). An async lambda's body is the T of a Task<T>/ValueTask<T>, or void for a plain
 * Task/ValueTask; a void-returning delegate takes any expression body.
 */
function lambdaBodyFit(ctx: ApiContext, returned: ApiType, body: ApiType, arg: ArgumentInfo, bindings: (ApiType | null)[], generics: readonly ApiGenericParameter[]): Fit {
  const isVoid = (t: ApiType) => t.kind === 'named' && t.name === 'void';
  // C#'s better conversion target (ECMA-334 12.6.4.7): a lambda whose body has a type converts better to a delegate
  // that returns a value than to a void-returning one, and a body that cannot stand as a statement (`() => id + 1`)
  // converts to no void-returning delegate at all. So Task.Run(() => id) is Run<TResult>(Func<TResult>), a Task<int>,
  // not Run(Action). Among value-returning targets, one that names the type (Func<Task<TResult>>) is more specific than
  // a bare type parameter (Func<TResult>), as the better-function rules' "more specific" tie-breaker says.
  const fitted = (target: ApiType, value: ApiType): Fit => {
    const fit = fitOf(ctx, target, { type: value }, bindings, generics);
    if (fit === 'no' || fit === 'unknown') return fit;
    return target.kind === 'typeParameter' ? 'conversion' : fit;
  };
  if (arg.lambdaIsAsync) {
    if (returned.kind !== 'named') return 'unknown';
    // `async () => await t` also converts to a Func<Task> (its body stands as a statement and its value is dropped).
    if (PLAIN_TASK_LIKE.has(returned.name)) return isVoid(body) || arg.lambdaDiscardable !== false ? 'unknown' : 'no';
    if (!TASK_LIKE.has(returned.name) || !returned.args[0]) return 'unknown';
    if (isVoid(body)) return 'no';
    return fitted(returned.args[0], body);
  }
  if (isVoid(returned)) return isVoid(body) || arg.lambdaDiscardable !== false ? 'unknown' : 'no';
  if (isVoid(body)) return 'no';
  return fitted(returned, body);
}

/** How well an argument matches a parameter: exact identity, a conversion, unknown (no evidence either way), or no. */
type Fit = 'exact' | 'conversion' | 'unknown' | 'no';

/**
 * Binds the method's generic parameters that `param` mentions from `arg`: `IQueryable<!!0>` against
 * `DbSet<Order>` binds !!0 to Order through DbSet's interfaces. Returns false when the shapes cannot match.
 */
function unify(ctx: ApiContext, param: ApiType, arg: ApiType, bindings: (ApiType | null)[], generics: readonly ApiGenericParameter[], exactShape: boolean): boolean {
  if (param.kind === 'typeParameter') {
    if (!param.ofMethod) return true;
    const bound = bindings[param.index];
    if (bound) return sameType(bound, arg) || !exactShape;
    if (!meetsConstraints(ctx, arg, generics[param.index])) return false;
    bindings[param.index] = arg;
    return true;
  }
  if (param.kind === 'array') {
    if (arg.kind !== 'array' || arg.rank !== param.rank) return false;
    return unify(ctx, param.element, arg.element, bindings, generics, true);
  }
  if (param.kind === 'pointer') return arg.kind === 'pointer' && unify(ctx, param.element, arg.element, bindings, generics, true);
  if (arg.kind === 'typeParameter') return true;
  // The same generic definition, or (when conversions may apply) a supertype of the argument that is one.
  const shapes = arg.kind === 'named' && arg.name === param.name ? [arg] : exactShape ? [] : supertypes(ctx, arg).filter((s) => s.kind === 'named' && s.name === param.name);
  for (const shape of shapes) {
    if (shape.kind !== 'named' || shape.args.length !== param.args.length) continue;
    const trial = [...bindings];
    if (param.args.every((p, i) => unify(ctx, p, shape.args[i]!, trial, generics, true))) {
      trial.forEach((b, i) => (bindings[i] = b));
      return true;
    }
  }
  return false;
}

function meetsConstraints(ctx: ApiContext, arg: ApiType, generic: ApiGenericParameter | undefined): boolean {
  if (!generic) return true;
  for (const c of generic.constraints) {
    if (c === 'new') continue;
    // A type the database does not know cannot be checked against a constraint; it is not ruled out.
    const known = definitionOf(ctx, arg);
    if (!known) continue;
    if (c === 'class' && isValueType(ctx, arg)) return false;
    if (c === 'struct' && !isValueType(ctx, arg)) return false;
    // A constraint that mentions generic parameters (`where T : IComparable<T>`) is not checked.
    if (typeof c !== 'string' && !hasTypeParameters(c) && !derivesFrom(ctx, arg, c)) return false;
  }
  return true;
}

/** Whether an argument can be passed to a parameter of this type (binding generic parameters on the way). */
function fits(ctx: ApiContext, paramType: ApiType, arg: ArgumentInfo, bindings: (ApiType | null)[], generics: readonly ApiGenericParameter[], isReceiver = false): boolean {
  return fitOf(ctx, paramType, arg, bindings, generics, isReceiver) !== 'no';
}

function fitOf(ctx: ApiContext, paramType: ApiType, arg: ArgumentInfo, bindings: (ApiType | null)[], generics: readonly ApiGenericParameter[], isReceiver = false): Fit {
  const paramDefinition = definitionOf(ctx, paramType);
  if (arg.isLambda) {
    if (paramType.kind === 'typeParameter') return 'unknown';
    if (!paramDefinition) return 'unknown';
    if (paramDefinition.kind !== 'delegate' && paramDefinition.fullName !== 'System.Linq.Expressions.Expression`1') return 'no';
    // A lambda converts only to a delegate with as many parameters (`o => ...` is no Func<T, int, bool>).
    const invoke = arg.lambdaParameterCount !== undefined || arg.lambdaReturnType ? delegateInvokeOf(ctx, paramType) : null;
    if (invoke && arg.lambdaParameterCount !== undefined && invoke.parameters.length !== arg.lambdaParameterCount) return 'no';
    // The body's type binds the generic parameters of the delegate's return type (an async body's to its Task<T>'s T).
    if (invoke && arg.lambdaReturnType) return lambdaBodyFit(ctx, invoke.returnType, arg.lambdaReturnType, arg, bindings, generics);
    return 'unknown';
  }
  if (arg.isNullLiteral) {
    if (paramDefinition && paramDefinition.kind !== 'class' && paramDefinition.kind !== 'interface' && paramDefinition.kind !== 'delegate'
      && paramDefinition.fullName !== 'System.Nullable`1') return 'no';
    return 'conversion';
  }
  const argType = arg.type;
  if (!argType) return 'unknown';
  if (sameType(paramType, argType)) return 'exact';
  if (paramType.kind === 'typeParameter') return unify(ctx, paramType, argType, bindings, generics, true) ? 'exact' : 'no';
  if (paramType.kind === 'named' && argType.kind === 'named' && paramType.name === argType.name) {
    return unify(ctx, paramType, argType, bindings, generics, true) ? 'exact' : 'no';
  }
  const argDefinition = definitionOf(ctx, argType);
  // A type the database does not know (the workspace's own) may derive from anything, so as an argument it rules
  // nothing out; as the receiver of an extension method it rules the method out, since nothing says it applies.
  if (!argDefinition && argType.kind === 'named') {
    // Unless its declared bases say it converts (`CancelOrderCommand : IRequest<bool>` to IRequest<TResponse>).
    if (paramType.kind === 'named' && ctx.using.workspaceBases(argType.name, argType.args.map((a) => csharpText(a, { qualified: true }))).length
      && unify(ctx, paramType, argType, bindings, generics, false)) return 'conversion';
    return isReceiver ? 'no' : 'unknown';
  }
  if (paramType.kind === 'named' && paramType.name === 'object') return 'conversion';
  if (unify(ctx, paramType, argType, bindings, generics, false)) return 'conversion';
  // Extension receivers allow identity, reference and boxing conversions only.
  if (isReceiver) return 'no';
  if (arg.isIntegerLiteral && paramType.kind === 'named' && NUMERIC.has(paramType.name)) return 'conversion';
  if (argType.kind === 'named' && paramType.kind === 'named' && NUMERIC_WIDENING[argType.name]?.includes(paramType.name)) return 'conversion';
  if (paramType.kind === 'named' && paramType.name === 'System.Nullable`1' && paramType.args[0] && fitOf(ctx, paramType.args[0], arg, bindings, generics) !== 'no') return 'conversion';
  if (hasImplicitConversion(ctx, argType, paramType)) return 'conversion';
  return 'no';
}

/**
 * The Invoke method of a delegate type (or of the delegate an `Expression<TDelegate>` wraps), with the delegate's
 * type arguments substituted into its parameters and return type; null for anything else.
 */
export function delegateInvokeOf(ctx: ApiContext, type: ApiType): { parameters: ApiType[]; returnType: ApiType } | null {
  let t = type;
  let d = definitionOf(ctx, t);
  if (d && d.fullName === 'System.Linq.Expressions.Expression`1' && t.kind === 'named' && t.args[0]) {
    t = t.args[0];
    d = definitionOf(ctx, t);
  }
  if (!d || d.kind !== 'delegate' || t.kind !== 'named') return null;
  const invoke = ctx.db.membersNamed(d, 'Invoke').methods.find((m) => m.name === 'Invoke' && !m.isStatic);
  if (!invoke) return null;
  return { parameters: invoke.parameters.map((p) => substitute(p.type, t.kind === 'named' ? t.args : [])), returnType: substitute(invoke.returnType, t.kind === 'named' ? t.args : []) };
}

/** A user-defined implicit conversion (`op_Implicit`) on either type: byte[] to Memory<byte>, string to ReadOnlySpan<char>. */
function hasImplicitConversion(ctx: ApiContext, from: ApiType, to: ApiType): boolean {
  for (const holder of [to, from]) {
    const d = definitionOf(ctx, holder);
    if (!d || holder.kind !== 'named') continue;
    for (const op of ctx.db.membersNamed(d, 'op_Implicit').methods) {
      if (op.name !== 'op_Implicit' || (op.mask & ctx.mask) === 0 || op.parameters.length !== 1) continue;
      // An open generic holder (Memory<T> reached through the argument) takes the other side's arguments.
      const args = holder.args.length ? holder.args : (to.kind === 'named' ? to.args : []);
      const source = substitute(op.parameters[0]!.type, args);
      const target = substitute(op.returnType, args);
      if (sameType(target, to) && (sameType(source, from) || derivesFrom(ctx, from, source))) return true;
    }
  }
  return false;
}

interface Scored {
  candidate: MethodCandidate;
  bindings: (ApiType | null)[];
  score: number;
  expanded: boolean;
  defaulted: number;
  /** The parameter type each argument was matched against (a params argument: the element type when expanded). */
  argumentTargets: ApiType[];
}

/**
 * Which parameter each argument goes to, as C# binds them: by name, else by position, several into a params array
 * (`expanded`); null when they cannot go anywhere (an unknown name, too many, one parameter given twice).
 */
function assignArguments(params: readonly ApiParameter[], args: readonly ArgumentInfo[]): { assigned: (ArgumentInfo[] | null)[]; expanded: boolean } | null {
  const hasParams = params[params.length - 1]?.modifier === 'params';
  const assigned: (ArgumentInfo[] | null)[] = params.map(() => null);
  let expanded = false;
  let positional = 0;
  for (const arg of args) {
    let index: number;
    if (arg.name !== undefined) {
      index = params.findIndex((p) => p.name === arg.name);
      if (index === -1) return null;
    } else {
      index = positional++;
      if (index >= params.length) {
        if (!hasParams) return null;
        index = params.length - 1;
        expanded = true;
      }
    }
    const list = assigned[index];
    if (list && !(hasParams && index === params.length - 1)) return null;
    if (list) { list.push(arg); expanded = true; } else assigned[index] = [arg];
  }
  return { assigned, expanded };
}

/** `ref` and `out` must be written at the call exactly where the parameter has them (`in` may be left out). */
function sameRefKind(param: ApiParameter, arg: ArgumentInfo): boolean {
  const wants = param.modifier === 'ref' || param.modifier === 'out' ? param.modifier : null;
  return (arg.modifier === 'ref' || arg.modifier === 'out' ? arg.modifier : null) === wants;
}

/** Matches the arguments to one candidate's parameters; null when the call cannot bind to it. */
function score(ctx: ApiContext, candidate: MethodCandidate, receiver: ApiType | null, args: readonly ArgumentInfo[], typeArguments: readonly ApiType[]): Scored | null {
  const method = candidate.method;
  if (typeArguments.length && typeArguments.length !== method.genericParameters.length) return null;
  const start = receiverBindings(ctx, candidate, receiver);
  if (!start) return null;
  const bindings = typeArguments.length ? [...typeArguments] as (ApiType | null)[] : start;
  const params = candidate.viaExtension ? method.parameters.slice(1) : method.parameters;
  const ownerArgs = candidate.owner.kind === 'named' && !candidate.viaExtension ? candidate.owner.args : [];
  const assignment = assignArguments(params, args);
  if (!assignment) return null;
  const { assigned } = assignment;
  let expanded = assignment.expanded;
  let total = 0;
  let defaulted = 0;
  const argumentTargets: ApiType[] = [];
  for (let i = 0; i < params.length; i++) {
    const param: ApiParameter = params[i]!;
    const given = assigned[i];
    if (!given) {
      if (param.optional || param.modifier === 'params') { defaulted++; continue; }
      return null;
    }
    const paramType = substitute(param.type, ownerArgs);
    for (const arg of given) {
      if (!sameRefKind(param, arg)) return null;
      // A params parameter binds one array argument as it is, or each of several arguments to its element type.
      const target = param.modifier === 'params' && (given.length > 1 || !arrayLike(ctx, arg)) && paramType.kind === 'array' ? paramType.element : paramType;
      if (target !== paramType) expanded = true;
      const fit = fitOf(ctx, target, arg, bindings, method.genericParameters);
      if (fit === 'no') return null;
      argumentTargets[args.indexOf(arg)] = target;
      total += fit === 'exact' ? 2 : fit === 'conversion' ? 1 : 0;
    }
  }
  return { candidate, bindings, score: total, expanded, defaulted, argumentTargets };
}

function arrayLike(ctx: ApiContext, arg: ArgumentInfo): boolean {
  return arg.isNullLiteral === true || arg.type?.kind === 'array' || (arg.type !== null && arg.type.kind === 'named' && !definitionOf(ctx, arg.type));
}

/**
 * The overload a call binds to, C#-style in the small: candidates the arguments can bind to (count, names,
 * ref/out, known types), of those only the ones declared nearest the receiver's type, then the one whose arguments match best (identity over conversion), then the normal form
 * over a params expansion and fewer defaulted parameters. When candidates still tie the answer is the common return
 * type if they agree, else null.
 */
export function chooseOverload(ctx: ApiContext, candidates: readonly MethodCandidate[], args: readonly ArgumentInfo[], options: { receiver?: ApiType | null; typeArguments?: readonly ApiType[] } = {}): ChosenOverload | null {
  let scored = candidates.map((c) => score(ctx, c, options.receiver ?? null, args, options.typeArguments ?? [])).filter((s): s is Scored => s !== null);
  if (!scored.length) return null;
  // C# drops the methods of a base type when a method of a more derived type applies (NpgsqlCommand's
  // ExecuteReaderAsync(CancellationToken = default) over DbCommand's ExecuteReaderAsync()).
  const nearest = Math.min(...scored.map((s) => s.candidate.depth));
  scored = scored.filter((s) => s.candidate.depth === nearest);
  scored.sort((a, b) => b.score - a.score || Number(a.expanded) - Number(b.expanded) || a.defaulted - b.defaulted);
  const best = scored[0]!;
  const tied = scored.filter((s) => s.score === best.score && s.expanded === best.expanded && s.defaulted === best.defaulted);
  const results = tied.map((s) => ({
    candidate: s.candidate,
    typeArguments: s.bindings,
    returnType: substitute(s.candidate.method.returnType, s.candidate.owner.kind === 'named' && !s.candidate.viaExtension ? s.candidate.owner.args : [], s.bindings),
  }));
  if (results.every((r) => sameType(r.returnType, results[0]!.returnType))) return results[0]!;
  // C#'s better-function rule in the case that decides most ties between extension methods: the one whose `this`
  // parameter is the more specific type wins (Queryable.Where's IQueryable<T> over Enumerable.Where's IEnumerable<T>).
  const receiverOf = (r: (typeof results)[number]) => (r.candidate.viaExtension ? substitute(r.candidate.method.parameters[0]!.type, [], r.typeArguments) : null);
  const specific = results.filter((r) => {
    const mine = receiverOf(r);
    return mine !== null && results.every((o) => o === r || (() => {
      const other = receiverOf(o);
      return other !== null && !sameType(mine, other) && derivesFrom(ctx, mine, other);
    })());
  });
  if (specific.length > 0 && specific.every((r) => sameType(r.returnType, specific[0]!.returnType))) return specific[0]!;
  return null;
}

/**
 * The delegate types a lambda argument may convert to: for each overload the call can bind to (nearest declaring
 * type, best score, as chooseOverload ranks them), the delegate's parameters and return type at the lambda's
 * position, with the owner's and the inferred method type arguments substituted (what stays unbound is left as a
 * type parameter). The caller picks among them by what the lambda's body returns.
 */
export function lambdaTargets(ctx: ApiContext, candidates: readonly MethodCandidate[], args: readonly ArgumentInfo[], argIndex: number, options: { receiver?: ApiType | null; typeArguments?: readonly ApiType[] } = {}): { parameters: ApiType[]; returnType: ApiType }[] {
  let scored = candidates.map((c) => score(ctx, c, options.receiver ?? null, args, options.typeArguments ?? [])).filter((x): x is Scored => x !== null);
  if (!scored.length) return [];
  const nearest = Math.min(...scored.map((x) => x.candidate.depth));
  scored = scored.filter((x) => x.candidate.depth === nearest);
  const best = Math.max(...scored.map((x) => x.score));
  const out: { parameters: ApiType[]; returnType: ApiType }[] = [];
  for (const x of scored.filter((y) => y.score === best)) {
    const target = x.argumentTargets[argIndex];
    if (!target) continue;
    const bound = substitute(target, [], x.bindings);
    const invoke = delegateInvokeOf(ctx, bound);
    if (invoke) out.push(invoke);
  }
  return out;
}

/**
 * The method a call `receiver.name(args)` binds to: instance (or, for a type name, static) methods first, and
 * extension methods only when none applies, as C# does.
 */
export function resolveCall(ctx: ApiContext, receiver: ApiType, name: string, args: readonly ArgumentInfo[], options: { isStatic: boolean; typeArguments?: readonly ApiType[] }): ChosenOverload | null {
  const own = chooseOverload(ctx, methodsOf(ctx, receiver, name, { static: options.isStatic }), args, { typeArguments: options.typeArguments });
  if (own || options.isStatic) return own;
  return chooseOverload(ctx, extensionMethodsFor(ctx, receiver, name), args, { receiver, typeArguments: options.typeArguments });
}

/**
 * What a call `receiver.name(args)` returns, for typing an expression: resolveCall's return type and declaring type,
 * found with less work when the overloads cannot disagree. Typing asks this of every call a rule looks at
 * (`Console.WriteLine(x)`, `builder.Append(y)`), and a name with many overloads that all return the same type
 * (every WriteLine is void, every Append a StringBuilder) would otherwise have each overload scored against the
 * arguments when one that binds is enough. The candidate it names may not be the one C# picks: callers that need
 * the overload itself use resolveCall.
 */
export function resolveCallReturn(ctx: ApiContext, receiver: ApiType, name: string, args: readonly ArgumentInfo[], options: { isStatic: boolean; typeArguments?: readonly ApiType[] }): ChosenOverload | null {
  const ownCandidates = methodsOf(ctx, receiver, name, { static: options.isStatic });
  let extensions: MethodCandidate[] | undefined;
  // Only where no extension method could take the call instead does binding by shape suffice (see below).
  const byShape = () => options.isStatic || (extensions ??= extensionMethodsFor(ctx, receiver, name)).length === 0;
  const agreed = firstBindingIfAllAgree(ctx, ownCandidates, args, options.typeArguments ?? [], byShape);
  const own = agreed !== undefined ? agreed : chooseOverload(ctx, ownCandidates, args, { typeArguments: options.typeArguments });
  if (own || options.isStatic) return own;
  return chooseOverload(ctx, extensions ?? extensionMethodsFor(ctx, receiver, name), args, { receiver, typeArguments: options.typeArguments });
}

/**
 * When every candidate is declared by the same type and all return the same type, one that mentions no type
 * parameter, any one the call binds to gives chooseOverload's return type and declaring type: the first such (null
 * when none binds). Undefined when the candidates do not all agree, so the full choice is needed.
 *
 * Where nothing else could take the call (a static call, or an instance call no imported extension method of the
 * name applies to), the call binds to one of these candidates in code that compiles, so the count, names and
 * ref/out of the arguments decide and their types are never asked: xUnit's `Assert.Equal(expected, actual)` has
 * some fifty overloads, all void, and typing its arguments (often calls themselves) was most of what asking cost.
 * Elsewhere the arguments' types must also fit, since a call they fit no candidate of goes to an extension method.
 */
function firstBindingIfAllAgree(ctx: ApiContext, candidates: readonly MethodCandidate[], args: readonly ArgumentInfo[], typeArguments: readonly ApiType[], byShape: () => boolean): ChosenOverload | null | undefined {
  if (candidates.length < 2 || typeArguments.length) return undefined;
  const first = candidates[0]!;
  const ownerArgs = (c: MethodCandidate) => (c.owner.kind === 'named' && !c.viaExtension ? c.owner.args : []);
  const returnType = substitute(first.method.returnType, ownerArgs(first));
  // A generic method is fine when what it returns does not depend on its type arguments (NUnit's
  // `void That<TActual>(TActual actual, IResolveConstraint expression)` beside its non-generic overloads).
  if (hasTypeParameters(returnType)) return undefined;
  for (const c of candidates) {
    if (c.viaExtension || c.depth !== first.depth || !sameType(c.owner, first.owner)) return undefined;
    if (c !== first && !sameType(substitute(c.method.returnType, ownerArgs(c)), returnType)) return undefined;
  }
  if (byShape()) {
    const shaped = candidates.find((c) => bindsByShape(c, args));
    return shaped ? { candidate: shaped, typeArguments: shaped.method.genericParameters.map(() => null), returnType } : null;
  }
  for (const c of candidates) {
    const scored = score(ctx, c, null, args, typeArguments);
    if (scored) return { candidate: c, typeArguments: scored.bindings, returnType };
  }
  return null;
}

/** Whether the arguments' count, names and ref/out can bind to a (non-extension) candidate's parameters: score without the types. */
function bindsByShape(candidate: MethodCandidate, args: readonly ArgumentInfo[]): boolean {
  const params = candidate.method.parameters;
  const assignment = assignArguments(params, args);
  return !!assignment && params.every((param, i) => {
    const given = assignment.assigned[i];
    return given ? given.every((arg) => sameRefKind(param, arg)) : param.optional || param.modifier === 'params';
  });
}

/** The type of a property or field `name` on `type` (static ones when `isStatic`), inherited ones included. */
export function memberType(ctx: ApiContext, type: ApiType, name: string, options: { isStatic: boolean }): { type: ApiType; kind: 'property' | 'field'; owner: ApiType } | null {
  for (const owner of ownerChain(ctx, type)) {
    const d = definitionOf(ctx, owner);
    if (!d || owner.kind !== 'named') continue;
    const members = ctx.db.membersNamed(d, name);
    const property = members.properties.find((p) => p.name === name && p.isStatic === options.isStatic && !p.parameters.length && (p.mask & ctx.mask) !== 0);
    if (property) return { type: substitute(property.type, owner.args), kind: 'property', owner };
    const field = members.fields.find((f) => f.name === name && f.isStatic === options.isStatic && (f.mask & ctx.mask) !== 0);
    if (field) return { type: substitute(field.type, owner.args), kind: 'field', owner };
  }
  return null;
}

/**
 * Whether `type` or a type it inherits from declares an instance property of the name, an indexer included (its
 * name is `Item`, as metadata names it): what a workspace property or indexer implements when the type lists an outside
 * interface (ICollection<T>.Count, IList<T>'s indexer).
 */
export function declaresInstanceProperty(ctx: ApiContext, type: ApiType, name: string): boolean {
  return ownerChain(ctx, type).some((owner) => {
    const d = definitionOf(ctx, owner);
    return !!d && owner.kind === 'named' && ctx.db.membersNamed(d, name).properties.some((p) => p.name === name && !p.isStatic && (p.mask & ctx.mask) !== 0);
  });
}

export interface AwaitInfo {
  /** The type GetAwaiter() returns: TaskAwaiter<int>, ValueTaskAwaiter<int>, ConfiguredTaskAwaitable<int>.ConfiguredTaskAwaiter. */
  awaiter: ApiType;
  /** What the await expression gives: GetAwaiter().GetResult()'s return type (`void` for Task). */
  result: ApiType;
}

/** What `await` of a value of this type gives, through its GetAwaiter (instance or extension) and GetResult. */
export function awaitInfo(ctx: ApiContext, type: ApiType): AwaitInfo | null {
  const getAwaiter = resolveCall(ctx, type, 'GetAwaiter', [], { isStatic: false });
  if (!getAwaiter) return null;
  const awaiter = getAwaiter.returnType;
  const getResult = chooseOverload(ctx, methodsOf(ctx, awaiter, 'GetResult', { static: false }), []);
  if (!getResult) return null;
  return { awaiter, result: getResult.returnType };
}

export function isStruct(ctx: ApiContext, type: ApiType): boolean {
  return definitionOf(ctx, type)?.kind === 'struct';
}

/**
 * A struct's instance fields in layout order, with the type's arguments substituted, for the scope's framework;
 * null when the type is not a struct the database knows the layout of.
 */
export function instanceFields(ctx: ApiContext, type: ApiType): { name: string; type: ApiType }[] | null {
  const d = definitionOf(ctx, type);
  if (!d || d.kind !== 'struct' || type.kind !== 'named') return null;
  const layout: ApiLayout | undefined = ctx.db.membersOf(d).layouts.find((l) => (l.mask & ctx.mask) !== 0);
  if (!layout) return null;
  return layout.fields.map((f) => ({ name: f.name, type: substitute(f.type, type.args) }));
}
