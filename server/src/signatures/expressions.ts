/**
 * The type of an expression whose receiver or callee the workspace does not declare, from the API signatures:
 * `File.ReadAllTextAsync(path)` is a `Task<string>`, `_http.GetAsync(url)` on an HttpClient field a
 * `Task<HttpResponseMessage>`, `stream.ReadAsync(buffer)` with a Memory<byte> argument a `ValueTask<int>`,
 * `response.Content` an HttpContent. Sub-expressions (receivers, arguments) are typed by the caller's full typing,
 * so workspace declarations and the database combine along a chain.
 */
import { awaitInfo, chooseOverload, extensionMethodsFor, lambdaTargets, memberType, methodsOf, resolveCallReturn, type ArgumentInfo, type ChosenOverload } from './members';
import { definitionOf, resolveSourceType, resolveTypeText, type ApiContext } from './resolve';
import { csharpText, hasTypeParameters, named, parseSourceType, type ApiType } from './typeText';
import { trailingIdentifier } from '../model/syntax';

export interface ExpressionTyping {
  api: ApiContext;
  /** The C# type text of a sub-expression as the caller's whole typing sees it (the workspace, then this module). */
  typeOf(text: string): string | null;
  /** Whether a simple name is a local or parameter (typed or not): such a name is never a type name. */
  isLocalName(name: string): boolean;
  /** The base types, as written, of the workspace type that contains the expression (for `base.X` and unqualified names). */
  containingBases: readonly string[];
  /**
   * For a type the workspace declares: the type of its field or property `name` (its own or a workspace base's),
   * and the base types it has outside the workspace (`DbContext` for `ShopDb : DbContext`), so a chain can go on
   * from a workspace type into an API: `db.Orders.ToListAsync()`, `db.SaveChangesAsync()`. Null when the workspace
   * does not declare the type.
   */
  workspaceType(typeText: string): { memberType(name: string): string | null; apiBases: readonly string[] } | null;
  /**
   * What a lambda argument's body gives, typed with the lambda's own parameters (`item => item.Path` once `item` is
   * known from the delegate it converts to); null when the caller cannot say. Without it the body is typed in the
   * caller's scope, which only works when the body does not use the parameters.
   */
  lambdaResultType?(lambdaText: string): string | null;
}

export interface ApiExpressionType {
  type: ApiType;
  /** The type as qualified C# text, which the resolver reads back without the file's usings. */
  typeText: string;
  /** Where the type came from, for messages: "return type of HttpClient.GetAsync". */
  source: string;
  /**
   * For a method call's result, the type that declares the method, qualified (`System.IO.TextReader`): where the
   * work the call starts comes from (.NET's own libraries or a package's).
   */
  declaringType?: string;
}

/** The type of `text` from the API signatures, or null when they do not say (or the expression is not a member chain). */
export function apiTypeOfExpression(text: string, typing: ExpressionTyping): ApiExpressionType | null {
  let t = text.trim();
  while (t.startsWith('(') && closingOf(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  if (/^await\s/.test(t)) return awaitedType(t.slice(5).trim(), typing);
  const shape = memberChainTail(t);
  if (!shape) return null;
  const receiverText = shape.receiver;
  let receiver: { type: ApiType; isStatic: boolean } | null = null;
  if (receiverText === null) {
    // An unqualified name: a member of the containing type's bases (a DbContext's SaveChangesAsync, a controller's
    // Request) when the workspace does not declare it.
    for (const base of containingBases(typing)) {
      const found = shape.args === null
        ? memberOn(typing, base, false, shape.name) ?? memberOn(typing, base, true, shape.name)
        : callOn(typing, base, false, shape.name, shape.typeArgs, shape.args) ?? callOn(typing, base, true, shape.name, shape.typeArgs, shape.args);
      if (found) return found;
    }
    return null;
  }
  if (receiverText === 'base' || receiverText === 'this') {
    for (const base of containingBases(typing)) {
      const found = shape.args === null ? memberOn(typing, base, false, shape.name) : callOn(typing, base, false, shape.name, shape.typeArgs, shape.args);
      if (found) return found;
    }
    return null;
  }
  const typed = typing.typeOf(receiverText);
  const declared = typed !== null ? typing.workspaceType(typed) : null;
  if (declared) {
    // A workspace type: its own members first (as the workspace declares them), then its bases outside the workspace.
    if (shape.args === null) {
      const own = declared.memberType(shape.name);
      if (own !== null) {
        const type = resolveTypeText(typing.api, own) ?? named(own);
        return { type, typeText: own, source: `member ${shape.name} of ${typed}` };
      }
    }
    for (const baseText of declared.apiBases) {
      const base = resolveTypeText(typing.api, baseText);
      if (!base || !definitionOf(typing.api, base)) continue;
      const found = shape.args === null ? memberOn(typing, base, false, shape.name) : callOn(typing, base, false, shape.name, shape.typeArgs, shape.args);
      if (found) return found;
    }
    return null;
  }
  if (typed !== null) receiver = { type: resolveTypeText(typing.api, typed) ?? named(typed), isStatic: false };
  else if (/^[A-Za-z_][\w.]*(?:<.*>)?$/s.test(receiverText) && !typing.isLocalName(receiverText)) {
    // A type the workspace declares, named for one of its static members (`Job.Started` of a `static readonly
    // ManualResetEventSlim Started`): the member as declared, else a static member of its bases outside the
    // workspace. Never an API type of the same name, which the workspace's declaration hides.
    const workspace = typing.workspaceType(receiverText);
    if (workspace) {
      if (shape.args !== null) return null;
      const own = workspace.memberType(shape.name);
      if (own !== null) return { type: resolveTypeText(typing.api, own) ?? named(own), typeText: own, source: `static member ${shape.name} of ${receiverText}` };
      for (const baseText of workspace.apiBases) {
        const base = resolveTypeText(typing.api, baseText);
        if (!base || !definitionOf(typing.api, base)) continue;
        const found = memberOn(typing, base, true, shape.name);
        if (found) return found;
      }
      return null;
    }
    // Not a value the workspace knows: a type name, for a static member (`File.ReadAllTextAsync`).
    const asType = resolveTypeText(typing.api, receiverText);
    if (asType && definitionOf(typing.api, asType)) receiver = { type: asType, isStatic: true };
  }
  if (!receiver) return null;
  const found = shape.args === null
    ? memberOn(typing, receiver.type, receiver.isStatic, shape.name)
    : callOn(typing, receiver.type, receiver.isStatic, shape.name, shape.typeArgs, shape.args);
  if (!found || !shape.conditional) return found;
  // `a?.B` is `B?` when B is a value type: Nullable<B>.
  const d = definitionOf(typing.api, found.type);
  if (d && (d.kind === 'struct' || d.kind === 'enum') && !(found.type.kind === 'named' && found.type.name === 'System.Nullable`1')) {
    const type = named('System.Nullable`1', [found.type]);
    return { type, typeText: csharpText(type, { qualified: true }), source: found.source };
  }
  return found;
}

/**
 * The type of member `name` (a property or field when `args` is null, else a call with these argument texts) on a
 * receiver whose type the caller already knows as C# text, or of a static member when `isStatic` (the text then
 * names the type). Null when the database does not know the type or the member, or the answer still mentions a
 * generic parameter. The cost model uses it step by step along a member chain it types itself.
 */
export function apiMemberOfType(typing: ExpressionTyping, receiverTypeText: string, isStatic: boolean, name: string, typeArgs: readonly string[], args: readonly string[] | null): ApiExpressionType | null {
  const type = resolveTypeText(typing.api, receiverTypeText);
  if (!type || !definitionOf(typing.api, type)) return null;
  return args === null ? memberOn(typing, type, isStatic, name) : callOn(typing, type, isStatic, name, [...typeArgs], [...args]);
}

/**
 * The type of a call of an API extension method on a value of a type the workspace declares, where the method is
 * generic over its receiver (`this T`): NSubstitute's `mock.Received()` returns the mock's own type, so
 * `mock.Received().CountAsync(k)` goes on into the workspace's interface. The workspace type stays opaque to the
 * database (as written, never bound to an API type of the same name), so only such generic receivers accept it
 * (members.ts: an unknown type rules out every concrete `this` parameter). Null when no such method is imported or
 * the overloads disagree.
 */
export function apiExtensionOnWorkspaceType(typing: ExpressionTyping, receiverTypeText: string, name: string, typeArgTexts: readonly string[], argTexts: readonly string[]): ApiExpressionType | null {
  const source = parseSourceType(receiverTypeText);
  if (!source || source.kind !== 'name') return null;
  const receiver = named(source.segments.map((s) => s.name).join('.'), source.segments.flatMap((s) => s.args.map((a) => resolveSourceType(typing.api, a))));
  const typeArguments: ApiType[] = [];
  for (const a of typeArgTexts) {
    const parsed = parseSourceType(a);
    if (!parsed) return null;
    typeArguments.push(resolveSourceType(typing.api, parsed));
  }
  const candidates = extensionMethodsFor(typing.api, receiver, name);
  if (!candidates.length) return null;
  const chosen = chooseOverload(typing.api, candidates, argTexts.map((a) => argumentInfo(a, typing)), { receiver, typeArguments });
  if (!chosen || hasTypeParameters(chosen.returnType)) return null;
  return {
    type: chosen.returnType,
    typeText: csharpText(chosen.returnType, { qualified: true }),
    source: `return type of ${csharpText(chosen.candidate.owner)}.${name}`,
    declaringType: csharpText(chosen.candidate.owner, { qualified: true }),
  };
}

/** The result and awaiter of awaiting a value of this type (C# text), from its GetAwaiter and GetResult; null when unknown. */
export function apiAwaitOfType(api: ApiContext, typeText: string): { awaiterText: string; resultText: string } | null {
  const type = resolveTypeText(api, typeText);
  if (!type || !definitionOf(api, type)) return null;
  const info = awaitInfo(api, type);
  if (!info || hasTypeParameters(info.awaiter) || hasTypeParameters(info.result)) return null;
  return { awaiterText: csharpText(info.awaiter, { qualified: true }), resultText: csharpText(info.result, { qualified: true }) };
}

/**
 * The delegate types (parameters and return type, as qualified C#; unbound generic parameters by name) a lambda
 * passed as argument `argIndex` of the call `receiver.name<typeArgs>(args)` may convert to, from the overloads the
 * database has for it. `receiverText` null is an unqualified call (the containing type's API bases). Empty when the
 * database does not know the method.
 */
export function apiLambdaTargets(typing: ExpressionTyping, receiverText: string | null, name: string, typeArgTexts: readonly string[], argTexts: readonly string[], argIndex: number): { parameters: string[]; returnText: string }[] {
  const typeArguments: ApiType[] = [];
  for (const a of typeArgTexts) {
    const parsed = parseSourceType(a);
    if (!parsed) return [];
    typeArguments.push(resolveSourceType(typing.api, parsed));
  }
  const args = argTexts.map((a) => argumentInfo(a, typing));
  const receivers: { type: ApiType; isStatic: boolean }[] = [];
  if (receiverText === null || receiverText === 'this' || receiverText === 'base') {
    for (const base of containingBases(typing)) receivers.push({ type: base, isStatic: false }, ...(receiverText === null ? [{ type: base, isStatic: true }] : []));
  } else {
    const typed = typing.typeOf(receiverText);
    const declared = typed !== null ? typing.workspaceType(typed) : null;
    if (declared) {
      for (const baseText of declared.apiBases) {
        const base = resolveTypeText(typing.api, baseText);
        if (base && definitionOf(typing.api, base)) receivers.push({ type: base, isStatic: false });
      }
    } else if (typed !== null) {
      const type = resolveTypeText(typing.api, typed);
      if (type) receivers.push({ type, isStatic: false });
    } else if (/^[A-Za-z_][\w.]*(?:<.*>)?$/s.test(receiverText) && !typing.isLocalName(receiverText)) {
      const asType = resolveTypeText(typing.api, receiverText);
      if (asType && definitionOf(typing.api, asType)) receivers.push({ type: asType, isStatic: true });
    }
  }
  const show = (t: ApiType) => csharpText(t, { qualified: true });
  for (const receiver of receivers) {
    let targets = lambdaTargets(typing.api, methodsOf(typing.api, receiver.type, name, { static: receiver.isStatic }), args, argIndex, { typeArguments });
    if (!targets.length && !receiver.isStatic) targets = lambdaTargets(typing.api, extensionMethodsFor(typing.api, receiver.type, name), args, argIndex, { receiver: receiver.type, typeArguments });
    if (targets.length) return targets.map((t) => ({ parameters: t.parameters.map(show), returnText: show(t.returnType) }));
  }
  return [];
}

function containingBases(typing: ExpressionTyping): ApiType[] {
  const result: ApiType[] = [];
  for (const text of typing.containingBases) {
    const type = resolveTypeText(typing.api, text);
    if (type && definitionOf(typing.api, type)) result.push(type);
  }
  return result;
}

function memberOn(typing: ExpressionTyping, type: ApiType, isStatic: boolean, name: string): ApiExpressionType | null {
  const found = memberType(typing.api, type, name, { isStatic });
  if (!found || hasTypeParameters(found.type)) return null;
  return { type: found.type, typeText: csharpText(found.type, { qualified: true }), source: `${found.kind} ${csharpText(found.owner)}.${name}` };
}

function callOn(typing: ExpressionTyping, type: ApiType, isStatic: boolean, name: string, typeArgTexts: string[], argTexts: string[]): ApiExpressionType | null {
  const typeArguments: ApiType[] = [];
  for (const a of typeArgTexts) {
    const parsed = parseSourceType(a);
    if (!parsed) return null;
    typeArguments.push(resolveSourceType(typing.api, parsed));
  }
  const args = argTexts.map((a) => argumentInfo(a, typing));
  const chosen: ChosenOverload | null = resolveCallReturn(typing.api, type, name, args, { isStatic, typeArguments });
  // A return type that still mentions a generic parameter (Task.Run with a lambda) says too little to be an answer.
  if (!chosen || hasTypeParameters(chosen.returnType)) return null;
  return {
    type: chosen.returnType,
    typeText: csharpText(chosen.returnType, { qualified: true }),
    source: `return type of ${csharpText(chosen.candidate.owner)}.${name}`,
    declaringType: csharpText(chosen.candidate.owner, { qualified: true }),
  };
}

function awaitedType(operand: string, typing: ExpressionTyping): ApiExpressionType | null {
  const typed = typing.typeOf(operand);
  if (typed === null) return null;
  const type = resolveTypeText(typing.api, typed);
  if (!type) return null;
  const info = awaitInfo(typing.api, type);
  if (!info || hasTypeParameters(info.result)) return null;
  return { type: info.result, typeText: csharpText(info.result, { qualified: true }), source: `await of ${csharpText(type)}` };
}

/** What the text of one argument says about its type. */
export function argumentInfo(text: string, typing: ExpressionTyping): ArgumentInfo {
  let t = text.trim();
  let name: string | undefined;
  const namedArg = /^([A-Za-z_]\w*)\s*:(?!:)\s*([^]*)$/.exec(t);
  if (namedArg) {
    name = namedArg[1];
    t = namedArg[2]!;
  }
  let modifier: ArgumentInfo['modifier'];
  const mod = /^(ref|out|in)\s+([^]*)$/.exec(t);
  if (mod) {
    modifier = mod[1] as ArgumentInfo['modifier'];
    t = mod[2]!;
    // `out var x` and `out int x` declare; only the declared type says anything.
    const declaration = /^([^]+?)\s+[A-Za-z_]\w*$/.exec(t);
    if (declaration) {
      const type = declaration[1] === 'var' ? null : resolveTypeText(typing.api, declaration[1]!);
      return { type, name, modifier };
    }
  }
  const literal = literalType(t);
  if (literal) return { ...literal, name, modifier };
  if (isLambda(t)) {
    const count = lambdaParameterCount(t);
    const info: ArgumentInfo = { type: null, name, modifier, isLambda: true, ...(count !== undefined ? { lambdaParameterCount: count } : {}) };
    // What an expression-bodied lambda returns (typed without its parameters, which only matters when the body
    // needs them), so a generic method's type argument can be inferred from it: ExecuteAsync(ct => Src.ValueTaskInt).
    const body = lambdaExpressionBody(t);
    info.lambdaIsAsync = /^(?:static\s+)?async\b/.test(t);
    if (body !== null) {
      // `() => id + 1` converts to no void-returning delegate; `() => Save()` converts to one as well as to a Func.
      info.lambdaDiscardable = isStatementExpression(body);
      const returned = once(() => {
        const typed = typing.lambdaResultType?.(t) ?? typing.typeOf(body);
        return typed !== null ? resolveTypeText(typing.api, typed) : null;
      });
      Object.defineProperty(info, 'lambdaReturnType', { get: returned, enumerable: true });
    } else {
      // A block body that returns a value (`() => { ...; return id; }`) converts only to delegates that return one;
      // what it returns is known when the typer finds the lambda's own body.
      const typed = once(() => typing.lambdaResultType?.(t) ?? null);
      const returned = once(() => {
        const text = typed();
        return text !== null ? resolveTypeText(typing.api, text) : undefined;
      });
      Object.defineProperty(info, 'lambdaReturnType', { get: returned, enumerable: true });
      Object.defineProperty(info, 'lambdaDiscardable', { get: () => (typed() !== null ? false : undefined), enumerable: true });
    }
    return info;
  }
  const type = once(() => {
    const typed = typing.typeOf(t);
    return typed !== null ? resolveTypeText(typing.api, typed) : null;
  });
  return { get type() { return type(); }, name, modifier };
}

/**
 * A value computed the first time it is asked for. An argument's type is read only when an overload with the right
 * count and names needs it to decide (most calls whose result a rule asks about have no candidate in the database
 * at all, or one the count rules out), and typing an argument is most of what resolving a call costs.
 */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value!;
  };
}

function literalType(t: string): Omit<ArgumentInfo, 'name' | 'modifier'> | null {
  if (t === 'null') return { type: null, isNullLiteral: true };
  if (t === 'true' || t === 'false') return { type: named('bool') };
  if (/^(?:\$@|@\$|\$|@)?"/.test(t) || /^"""/.test(t)) return { type: named('string') };
  if (/^'(?:[^'\\]|\\.[^']*)'$/.test(t)) return { type: named('char') };
  if (/^nameof\s*\(/.test(t)) return { type: named('string') };
  if (/^typeof\s*\(/.test(t)) return { type: named('System.Type') };
  const number = /^-?(?:0[xX][\da-fA-F_]+|0[bB][01_]+|[\d_]*\.?[\d_]+(?:[eE][+-]?\d+)?)([uU][lL]?|[lL][uU]?|[fFdDmM])?$/.exec(t);
  if (number) {
    const suffix = (number[1] ?? '').toLowerCase();
    const isReal = /[.eE]/.test(t) && !/^-?0[xX]/.test(t);
    if (suffix === 'f') return { type: named('float') };
    if (suffix === 'd') return { type: named('double') };
    if (suffix === 'm') return { type: named('decimal') };
    if (isReal) return { type: named('double') };
    if (suffix === 'u') return { type: named('uint') };
    if (suffix === 'l') return { type: named('long') };
    if (suffix === 'ul' || suffix === 'lu') return { type: named('ulong') };
    return { type: named('int'), isIntegerLiteral: true };
  }
  return null;
}

/** How many parameters a lambda or anonymous method declares: `x => ...` 1, `(a, b) => ...` 2; undefined for `delegate { }`. */
export function lambdaParameterCount(text: string): number | undefined {
  const t = text.trim().replace(/^(?:static\s+)?(?:async\s+)?(?:static\s+)?/, '');
  if (/^delegate\b/.test(t)) {
    const open = t.indexOf('(');
    const brace = t.indexOf('{');
    if (open === -1 || (brace !== -1 && brace < open)) return undefined;
    const close = closingOf(t, open);
    if (close === -1) return undefined;
    const inner = t.slice(open + 1, close).trim();
    return inner ? splitArguments(inner).length : 0;
  }
  if (/^@?[A-Za-z_]\w*\s*=>/.test(t)) return 1;
  if (t.startsWith('(')) {
    const close = closingOf(t, 0);
    if (close === -1) return undefined;
    const inner = t.slice(1, close).trim();
    return inner ? splitArguments(inner).length : 0;
  }
  return undefined;
}

/** Whether an expression may stand as a statement (an await, a call, an assignment, `new`, `++`/`--`), so its value may be dropped. */
export function isStatementExpression(text: string): boolean {
  const t = text.trim();
  return /^(await|new)\b/.test(t) || /\)$/.test(t) || /(\+\+|--)$|^(\+\+|--)/.test(t) || /^[\w.\[\]]+\s*([-+*\/%&|^]|\?\?|<<|>>)?=(?!=)/.test(t);
}

/** The expression after a lambda's `=>` when it is not a block; null for block bodies and anonymous methods. */
function lambdaExpressionBody(text: string): string | null {
  const arrow = findTopLevel(text, '=>');
  if (arrow === -1) return null;
  const body = text.slice(arrow + 2).trim();
  return body && !body.startsWith('{') ? body : null;
}

function isLambda(t: string): boolean {
  if (/^(?:static\s+)?(?:async\s+)?delegate\b/.test(t)) return true;
  const arrow = findTopLevel(t, '=>');
  return arrow !== -1;
}

export interface MemberChainTail {
  /** The text before the last `.`, or null for an unqualified name. */
  receiver: string | null;
  /** `?.` rather than `.`. */
  conditional: boolean;
  name: string;
  typeArgs: string[];
  /** The argument texts of a call; null for a member access. */
  args: string[] | null;
}

/** Splits `a.b.C<T>(x, y)` into receiver `a.b`, name C, type arguments and arguments, respecting nesting and strings. */
export function memberChainTail(text: string): MemberChainTail | null {
  const t = text.trim();
  let end = t.length;
  let args: string[] | null = null;
  if (t.endsWith(')')) {
    const open = openingOf(t, t.length - 1);
    if (open === -1) return null;
    args = splitArguments(t.slice(open + 1, -1));
    end = open;
  }
  let head = t.slice(0, end).trimEnd();
  let typeArgs: string[] = [];
  if (head.endsWith('>')) {
    const open = genericOpeningOf(head);
    if (open === -1) return null;
    typeArgs = splitArguments(head.slice(open + 1, -1));
    head = head.slice(0, open).trimEnd();
  }
  // Read backwards (model/syntax.ts trailingIdentifier): the receiver before the name can be a chain of thousands of calls.
  const name = trailingIdentifier(head);
  if (!name) return null;
  const nameStart = head.length - name.length;
  let before = head.slice(0, head[nameStart - 1] === '@' ? nameStart - 1 : nameStart).trimEnd();
  if (before === '') return { receiver: null, conditional: false, name, typeArgs, args };
  let conditional = false;
  if (before.endsWith('?.')) {
    conditional = true;
    before = before.slice(0, -2);
  } else if (before.endsWith('.') && !before.endsWith('..')) {
    before = before.slice(0, -1);
  } else return null;
  // The null-forgiving `x!.M()` changes nothing about x's type.
  const receiver = before.trim().replace(/(?<![!=])!$/, '');
  if (!receiver || !isBalanced(receiver)) return null;
  // A receiver that is itself an operator expression (`a + b.C`) parsed the wrong way round; leave it alone.
  if (findTopLevelOperator(receiver)) return null;
  return { receiver, conditional, name, typeArgs, args };
}

/** Top-level argument texts: commas inside brackets, generic argument lists and literals do not split. */
export function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  walk(text, (c, i, depth) => {
    if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  });
  const last = text.slice(start).trim();
  if (last || parts.length) parts.push(last);
  return parts;
}

/**
 * Visits every character outside string and character literals with the bracket depth at it. `<` counts as a
 * bracket only where it opens a generic argument list (`List<int, string>`), not where it compares.
 */
function walk(text: string, visit: (c: string, i: number, depth: number) => void): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '\'') {
      const verbatim = c === '"' && (text[i - 1] === '@' || (text[i - 1] === '$' && text[i - 2] === '@'));
      let j = i + 1;
      while (j < text.length) {
        if (!verbatim && text[j] === '\\') j += 2;
        else if (text[j] === c) {
          if (verbatim && text[j + 1] === '"') j += 2;
          else break;
        } else j++;
      }
      i = j;
      continue;
    }
    if (c === '<' && /\w/.test(text[i - 1] ?? '') ) {
      const close = genericClose(text, i);
      if (close !== -1) {
        visit(c, i, depth);
        i = close;
        continue;
      }
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth < 0) return false;
    visit(c, i, depth);
  }
  return depth === 0;
}

/** The `>` closing a generic argument list opened at `open`, or -1 when the `<` is a comparison. */
function genericClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<') depth++;
    else if (c === '>') {
      depth--;
      if (depth === 0) return i;
    } else if (!/[\w\s.,?[\]()]/.test(c) && c !== ':') return -1;
  }
  return -1;
}

function isBalanced(text: string): boolean {
  return walk(text, () => undefined);
}

function findTopLevel(text: string, token: string): number {
  let found = -1;
  walk(text, (c, i, depth) => {
    if (found === -1 && depth === 0 && text.startsWith(token, i)) found = i;
  });
  return found;
}

/** Whether a binary or conditional operator, a cast or a lambda stands at the top level of a receiver. */
function findTopLevelOperator(text: string): boolean {
  let found = false;
  walk(text, (c, i, depth) => {
    if (depth !== 0 || found) return;
    if ('+-*/%&|^!~=<>'.includes(c)) found = true;
    if (c === '?' && text[i + 1] !== '.' && text[i + 1] !== '[') found = true;
    if (c === ' ' && /^\s*(?:is|as|switch|with)\b/.test(text.slice(i))) found = true;
  });
  if (/^\(/.test(text) && closingOf(text, 0) !== text.length - 1) return true;
  return found;
}

/**
 * Whether an object creation whose argument list or initializer opens at `open` (`new T(...)`, `new T { ... }`,
 * `new T(...) { ... }`) is the whole of `text`, rather than the receiver of a member (`new UriBuilder { ... }.Uri`).
 */
export function creationIsWholeText(text: string, open: number): boolean {
  let end = closingOf(text, open);
  if (end === -1) return false;
  if (text[open] === '(') {
    const next = text.slice(end + 1).search(/\S/);
    if (next !== -1 && text[end + 1 + next] === '{') {
      end = closingOf(text, end + 1 + next);
      if (end === -1) return false;
    }
  }
  return text.slice(end + 1).trim() === '';
}

function closingOf(text: string, open: number): number {
  let result = -1;
  let depth = 0;
  walk(text, (c, i) => {
    if (result !== -1 || i < open) return;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) result = i;
    }
  });
  return result;
}

/** The `(` matching the `)` at `close`. */
function openingOf(text: string, close: number): number {
  const opens: number[] = [];
  let result = -1;
  walk(text, (c, i) => {
    if (c === '(' || c === '[' || c === '{') opens.push(i);
    else if (c === ')' || c === ']' || c === '}') {
      const open = opens.pop();
      if (i === close && open !== undefined && text[open] === '(') result = open;
    }
  });
  return result;
}

/** The `<` that opens the generic argument list ending the text. */
function genericOpeningOf(text: string): number {
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '>') depth++;
    else if (c === '<') {
      depth--;
      if (depth === 0) return /\w/.test(text[i - 1] ?? '') ? i : -1;
    } else if (!/[\w\s.,?[\]()]/.test(c!)) return -1;
  }
  return -1;
}
