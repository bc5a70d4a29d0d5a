/**
 * What type an expression has, as far as declarations in the workspace say: locals, parameters, fields,
 * properties and workspace method return types, then the API signatures for what the workspace does not declare.
 * No compiler, so the answer may be "unknown".
 */
import { FewAnswers } from './fewAnswers';
import type { DelegateCall, LocalVariable, MemberParameter, MethodBody, TypeDeclaration } from '../model/types';
import { bodyChain, declaresLocalOrParameter } from '../model/bodies';
import { conditionalParts, substituteNames, splitCallText, type CallText, splitTopLevel, topLevel, tupleElementType, withoutOuterParentheses, withoutTrailingBangs } from '../model/syntax';
import { classifyReturnType, isTaskLike } from '../model/returnKind';
import { apiBasesOf, indexMemo, visibleByName, type MethodRef, qualifiedNameFits, stripGenerics, typeFamily, typesNamed, fileOfBodies, usingsInScope, workspaceBasesOf, type WorkspaceIndex } from './index';
import { packageBaseTypesNamed } from '../knowledge/packageBaseMembers';
import type { SignatureDatabase } from '../signatures/database';
import { elementTypeOf, formatType, parseType } from '../cost/typeText';
import { methodsNamedFrom, nameViewOf, namesWorkspaceType, typesVisibleFrom, type NameView } from './nestedTypes';
import { apiTypeOfExpression, creationIsWholeText, type ExpressionTyping } from '../signatures/expressions';
import { fileApiScopeOf, signatureDatabase } from '../signatures/provider';
import { apiContext, definitionOf, resolveTypeText, supertypes, type ApiContext } from '../signatures/resolve';
import { methodsOf } from '../signatures/members';
import type { ApiType } from '../signatures/typeText';
import { TASK_CONVERSION_NAMES } from '../knowledge/taskNaming';

export interface ExpressionType {
  typeText: string;
  /** Where the type came from, for messages: "declared as Stream", "field _stream". */
  source: string;
  /**
   * The index key of the file whose source wrote typeText, when known: a simple name there means what that file's
   * code can name (a nested type of its own container, else a top-level type; nestedTypes.ts). Absent for types from
   * the API signatures, from a lambda's target, and from declarations in several files.
   */
  writtenIn?: string;
}


/** The locals whose initializer is being typed: `var db = db.SaveChanges();` (broken code) must not recurse forever. */
const typingLocals = new Set<string>();

function initializerType(initializer: string, key: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  if (typingLocals.has(key)) return null;
  typingLocals.add(key);
  try {
    return typeOfExpression(initializer, body, bodies, index);
  } finally {
    typingLocals.delete(key);
  }
}

/**
 * The type of a name a deconstruction declares (`var (token, source) = Make(ct);`): the element at its place of
 * the tuple type the initializer has.
 */
function deconstructedType(deconstructs: NonNullable<LocalVariable['deconstructs']>, key: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): string | null {
  const whole = initializerType(deconstructs.initializerText, key, body, bodies, index)?.typeText;
  return whole ? tupleElementType(whole, deconstructs.element) : null;
}

/**
 * The type of an implicitly typed foreach variable (`foreach (var entry in archive.Entries)`): an element of the
 * collection it walks, whose type is what the model records as its initializer. The collection's own type is not the
 * variable's, and a name a deconstruction declares (`foreach (var (key, value) in pairs)`) holds only a part of an
 * element; both stay unknown rather than take a type the variable does not have.
 */
function foreachVariableType(local: LocalVariable, name: string, collection: ExpressionType): ExpressionType | null {
  const element = local.foreachPart ? null : elementTypeOf(collection.typeText);
  return element ? { typeText: element, source: `local ${name}, an element of ${collection.source}`, writtenIn: collection.writtenIn } : null;
}

/** How many typeOfExpression questions are being worked out (the outermost one is asked with 0). */
let typingDepth = 0;

/**
 * Answers to questions asked from outside any typing in progress, per body, while the bodies, the index version and
 * the database stay the same: several rules ask about the same waited task or receiver (ASY001 and ASY024 both type
 * `pending` of `pending.Result`), and each asked again went through the locals, initializers and calls anew (only
 * the signature answers were kept). A question asked while another is worked out may meet a placeholder of the
 * recursion guards, so it is neither answered from nor added to this table.
 */
export function typeOfExpression(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  if (typingDepth !== 0) return typeWithin(text, body, bodies, index);
  const topLevelAnswers = generationOf(index, signatureDatabase()).topLevel;
  let cache = topLevelAnswers.get(body);
  if (!cache || cache.bodies !== bodies) topLevelAnswers.set(body, (cache = { bodies, answers: new FewAnswers() }));
  const known = cache.answers.get(text);
  if (known !== undefined) return known;
  const answer = typeWithin(text, body, bodies, index);
  cache.answers.set(text, answer);
  return answer;
}

function typeWithin(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  typingDepth++;
  try {
    return computeTypeOfExpression(text, body, bodies, index);
  } finally {
    typingDepth--;
  }
}

function computeTypeOfExpression(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  let t = text.trim();
  // `_pending!` is `_pending`: the null-forgiving operator changes nothing about the type. Nor does the `?` a
  // conditional access leaves on a call's receiver (`this.Guild?` of `this.Guild?.GetMemberAsync(id)`): its members are
  // looked up on the receiver's type.
  for (;;) {
    const before = t;
    t = withoutTrailingBangs(withoutOuterParentheses(t));
    if (t.endsWith('?') && !t.endsWith('??') && /[\w)\]]$/.test(t.slice(0, -1))) t = t.slice(0, -1).trimEnd();
    if (t === before) break;
  }
  // `c ? a : b` binds loosest: a conditional written at the top level is the whole expression, whatever its
  // condition starts with (`await`, a cast).
  const branches = conditionalBranches(t);
  if (branches) return conditionalType(branches, body, bodies, index);
  // `a ?? b` binds looser than everything but the conditional, assignments and lambdas.
  const coalesced = coalesceOperands(t);
  if (coalesced) return coalesceType(coalesced, body, bodies, index);
  // The value of `await e` is e's result (Task<T> -> T), never e itself.
  const awaited = awaitOperandOf(t);
  if (awaited !== null) {
    const operand = typeOfExpression(withoutConfigureAwait(awaited), body, bodies, index);
    const result = operand ? awaitResultType(operand.typeText) : null;
    if (operand && result) return { typeText: result, source: `the result of awaiting ${operand.source}`, writtenIn: operand.writtenIn };
    // Other awaitables (gRPC's AsyncUnaryCall<T>, a custom awaiter): their GetAwaiter().GetResult(), from the signatures.
    return operand ? typeFromApiSignatures(t, body, bodies, index) : null;
  }
  // The file that wrote a type taken from this body's own text (a cast, a local's or parameter's declaration).
  const here = (): string | undefined => (index ? fileOfBodies(index, bodies) ?? undefined : undefined);
  const cast = /^\(\s*([A-Za-z_][\w.]*(?:<[^()]*>)?\??)\s*\)\s*[\w(@]/.exec(t);
  if (cast && !/^(await|new|this|base|default|typeof|nameof)$/.test(cast[1])) return { typeText: cast[1], source: `cast to ${cast[1]}`, writtenIn: here() };
  // No character of an `as` conversion's match is a parenthesis, so only the text after the last one is searched:
  // anchored at its end alone, the expression would try every position of a long chain.
  const asCast = /\sas\s+([A-Za-z_][\w.]*(?:<[^()]*>)?)\??\s*$/.exec(t.slice(Math.max(t.lastIndexOf('('), t.lastIndexOf(')')) + 1));
  if (asCast) return { typeText: asCast[1], source: `converted with as ${asCast[1]}`, writtenIn: here() };
  const newMatch = /^new\s+([A-Za-z_][\w.]*(?:<[^()]*>)?)\s*[({]/.exec(t);
  // `new UriBuilder { ... }.Uri` is a Uri: only a creation that is the whole expression has the created type.
  if (newMatch && creationIsWholeText(t, newMatch[0].length - 1)) return { typeText: newMatch[1], source: `created with new ${stripGenerics(newMatch[1])}`, writtenIn: here() };
  const thisMember = /^this\.([A-Za-z_]\w*)$/.exec(t);
  const name = thisMember ? thisMember[1] : /^[A-Za-z_]\w*$/.test(t) ? t : null;
  if (name) {
    if (!thisMember) {
      for (const b of bodyChain(body, bodies)) {
        const local = b.locals.find((l) => l.name === name);
        if (local) {
          const written = local.typeText ?? local.inferredTypeText;
          if (written) return { typeText: written, source: `local ${name}`, writtenIn: here() };
          const initialized = local.initializerText ? initializerType(local.initializerText, `${b.id}:${name}`, b, bodies, index) : null;
          if (initialized && local.kind === 'foreach') return foreachVariableType(local, name, initialized);
          if (initialized) return { typeText: initialized.typeText, source: `local ${name}`, writtenIn: initialized.writtenIn };
          const typeText = local.deconstructs ? deconstructedType(local.deconstructs, `${b.id}:${name}`, b, bodies, index) : null;
          return typeText ? { typeText, source: `local ${name}` } : null;
        }
        const param = b.parameters.find((p) => p.name === name);
        if (param?.typeText) return { typeText: param.typeText, source: `parameter ${name}`, writtenIn: here() };
        if (param) {
          const target = index && b.kind === 'lambda' ? lambdaParameterTypeFromTarget(b, b.parameters.indexOf(param), bodies, index) : null;
          return target ? { typeText: target, source: `parameter ${name} of a lambda given to ${b.delegateTarget!.call!.name}` } : null;
        }
      }
    }
    const owner = bodyChain(body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
    if (owner && index) {
      const arity = ownerArity(index, owner, body, bodies);
      // The containing type's own declarations are those its name means here: inside an actor, its nested
      // `Settings`, not the top-level one.
      const file = here();
      const ownerView = file !== undefined ? nameViewOf(index, file) : null;
      for (const typeName of typeFamily(index, owner)) {
        for (const ref of typeName === owner ? typesVisibleFrom(index, owner, ownerView) : typesNamed(index, typeName)) {
          // `Visitor<T>` and `Visitor<T, TState>` are two types: a name inside one is not the other's member.
          if (typeName === owner && arity !== null && ref.type.typeParameters.length !== arity) continue;
          const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
          if (member?.typeText) return { typeText: member.typeText, source: `${member.kind} ${name}`, writtenIn: ref.file };
          // A primary constructor's parameter is in scope in every member of its own type (not through this.).
          const primary = !thisMember && typeName === owner ? ref.type.primaryConstructorParameters.find((p) => p.name === name) : undefined;
          if (primary) return { typeText: primary.typeText, source: `primary constructor parameter ${name}`, writtenIn: ref.file };
        }
      }
      const inherited = packageBaseMemberType(index, owner, name);
      if (inherited) return { typeText: inherited.typeText, source: `property ${name} of ${inherited.base}`, writtenIn: inherited.writtenIn };
    }
    return typeFromApiSignatures(t, body, bodies, index);
  }
  // A call to a workspace method: its declared return type, when every overload agrees. The method must be
  // found where the receiver says: the containing type for a plain call, the receiver's declared type, or the
  // type a capitalised receiver names (a static call). An unknown receiver gives no answer: a same-named method
  // somewhere else in the workspace says nothing about this one.
  const call = splitCallText(t);
  if (call && index) {
    const found = callOwner(call.receiver, body, bodies, index);
    const owner = found?.name ?? null;
    // A receiver of a type outside the workspace whose own methods cannot take the arguments: the workspace's extension.
    const extension = call.receiver && (owner === null || typesNamed(index, owner).length === 0) ? workspaceExtensionCallType(call, body, bodies, index) : null;
    if (extension) return extension;
    // No workspace owner: the signatures may still know it (a static call on an API type: `File.ReadAllTextAsync`).
    if (found === null) return typeFromApiSignatures(t, body, bodies, index);
    const overloads = overloadReturnsOf(methodsOnOwner(found, call.name, body, bodies, index));
    if (overloads.sole) return { typeText: overloads.sole.typeText, source: `return type of ${call.name}`, writtenIn: overloads.sole.file };
    // Overloads that disagree: those that take this many arguments may still agree (a driver's command hides
    // DbCommand's `ExecuteReaderAsync()` with `new Task<MySqlDataReader> ExecuteReaderAsync(CancellationToken = default)`
    // beside an internal overload of three parameters returning a ValueTask), and C# binds the call to one of those.
    const fitting = overloads.disagree ? returnOfOverloadsTaking(overloads, splitTopLevel(call.argumentsText).length) : null;
    if (fitting) return { typeText: fitting.typeText, source: `return type of ${call.name}`, writtenIn: fitting.file };
    if (overloads.typed.length === 0) {
      const invoked = delegateInvocationType(call, body, bodies, index);
      if (invoked) return invoked;
    }
  }
  return typeFromApiSignatures(t, body, bodies, index);
}

/**
 * The return type of a workspace extension method that a call on a value of a type outside the workspace binds to
 * because its receiver's own methods cannot take the arguments: `connection.BeginTransaction(publisher)` with a
 * `BeginTransaction(this IDbConnection, IPublisher, bool = false)` of the workspace is not SqlConnection's
 * `BeginTransaction(string)`. C# looks for extension methods only when no instance method applies, and the signatures
 * alone bind such a call by its argument count, so the extension must be chosen here, where the workspace's types are
 * known. Evidence is demanded at one argument at least: its type is declared by the workspace and the extension's
 * parameter at its place names that type (or a workspace base of it), while no instance method of the receiver's type
 * that takes that many arguments has a parameter there that could take it (object, a type parameter, or a .NET base
 * or interface the workspace type has). A receiver whose type the signatures do not know (a package they lack) has
 * no such method that could name the workspace's type. Every extension that fits must agree on the return type.
 */
function workspaceExtensionCallType(call: CallText, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): ExpressionType | null {
  const fitting = workspaceExtensionsTaking(call, body, bodies, index);
  const types = new Set(fitting.map((m) => m.member!.typeText!));
  return types.size === 1 ? { typeText: [...types][0]!, source: `return type of the workspace extension ${call.name}` } : null;
}

/**
 * The workspace's extension methods a call on a value of a type outside the workspace binds to, by the evidence
 * workspaceExtensionCallType describes; empty when there is none or an instance method could take the call. Where
 * several fit (the same name for an unknown receiver and for EF Core's DatabaseFacade), a rule that would otherwise
 * guess the call's result from its name alone learns that the call may well be the workspace's.
 */
export function workspaceExtensionsTaking(call: CallText, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): MethodRef[] {
  if (!call.receiver) return [];
  // Cheap tests first, on text and declarations alone: most names have no workspace extension, and most extensions
  // name no workspace type among their parameters. Typing the receiver of every call in a long chain again here
  // would type each link twice, once more per link.
  const args = call.argumentsText.trim() === '' ? [] : splitTopLevel(call.argumentsText);
  // Named arguments and out variables would need the parameters' names; such calls keep the signatures' answer.
  if (args.some((a) => /^\s*(?:@?[A-Za-z_]\w*\s*:(?!:)|out\s|ref\s)/.test(a))) return [];
  const extensions = (index.methodsByName.get(call.name) ?? []).filter((m) => m.member?.typeText && m.member.isStatic && m.member.parameters?.[0]?.modifiers.includes('this')
    && countFits(m.member.parameters.slice(1), args.length) && m.member.parameters.slice(1, args.length + 1).some((p) => typesNamed(index, stripGenerics(p.typeText.replace(/\?$/, ''))).length > 0));
  if (extensions.length === 0) return [];
  let memo = extensionAnswers.get(index);
  if (!memo) extensionAnswers.set(index, (memo = new WeakMap()));
  let answers = memo.get(body);
  if (!answers) memo.set(body, (answers = new FewAnswers()));
  const key = `${call.receiver}\0${call.name}\0${call.argumentsText}`;
  const known = answers.get(key);
  if (known) return known;
  answers.set(key, []);
  const found = extensionsTakingUncached(call, args, extensions, body, bodies, index);
  answers.set(key, found);
  return found;
}

/** Answers of workspaceExtensionsTaking per index version and body: a call is asked about once per rule that meets it. */
const extensionAnswers = new WeakMap<WorkspaceIndex, WeakMap<MethodBody, FewAnswers<string, MethodRef[]>>>();

function extensionsTakingUncached(call: CallText, args: readonly string[], extensions: readonly MethodRef[], body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): MethodRef[] {
  // Only the arguments at places some extension gives a workspace type are typed.
  const asked = new Set(extensions.flatMap((m) => m.member!.parameters!.slice(1, args.length + 1).flatMap((p, i) => (typesNamed(index, stripGenerics(p.typeText.replace(/\?$/, ''))).length > 0 ? [i] : []))));
  const workspaceArgs = args.map((a, i) => {
    if (!asked.has(i)) return null;
    const typeText = typeOfExpression(a, body, bodies, index)?.typeText ?? null;
    return typeText && typesNamed(index, stripGenerics(typeText)).length > 0 ? stripGenerics(typeText) : null;
  });
  if (workspaceArgs.every((w) => w === null)) return [];
  const receiverType = typeOfExpression(call.receiver!, body, bodies, index);
  if (!receiverType || typesNamed(index, receiverType.typeText).length > 0) return [];
  const db = signatureDatabase();
  const api = db ? apiContextOf(db, bodies, index) : null;
  const apiReceiver = api ? resolveTypeText(api, receiverType.typeText) : null;
  const knownReceiver = api && apiReceiver && definitionOf(api, apiReceiver) ? apiReceiver : null;
  const receiverNames = knownReceiver && api ? new Set([knownReceiver, ...supertypes(api, knownReceiver)].map(simpleApiName)) : null;
  const fitting = extensions.filter((m) => {
    const params = m.member!.parameters!.slice(1);
    // Its `this` parameter must take the receiver: one of the receiver's .NET supertypes, or a type parameter.
    const self = stripGenerics(m.member!.parameters![0]!.typeText.replace(/\?$/, ''));
    if (receiverNames && !receiverNames.has(self) && !(m.body?.typeParameters ?? []).includes(self)) return false;
    return workspaceArgs.some((w, i) => w !== null && params[i] !== undefined && typeFamily(index, w).has(stripGenerics(params[i]!.typeText.replace(/\?$/, ''))));
  });
  if (fitting.length === 0) return [];
  if (knownReceiver && api) {
    const own = methodsOf(api, knownReceiver, call.name, { static: false }).filter((c) => !c.viaExtension);
    const couldTake = own.some((c) => apiCountFits(c.method.parameters, args.length) && workspaceArgs.every((w, i) => {
      const param = c.method.parameters[i];
      return w === null || !param || apiParameterCouldTake(param.type, apiBasesOf(index, w));
    }));
    if (couldTake) return [];
  }
  return fitting;
}

/** Whether a workspace method with these parameters (its `this` one left out) takes this many arguments. */
function countFits(params: readonly MemberParameter[], count: number): boolean {
  const required = params.filter((p) => !p.hasDefault && !p.modifiers.includes('params')).length;
  return count >= required && (count <= params.length || params.some((p) => p.modifiers.includes('params')));
}

function apiCountFits(params: readonly { optional: boolean; modifier: string | null }[], count: number): boolean {
  const required = params.filter((p) => !p.optional && p.modifier !== 'params').length;
  return count >= required && (count <= params.length || params.some((p) => p.modifier === 'params'));
}

/** Whether a .NET parameter of this type could take a value of a workspace type with these .NET bases. */
function apiParameterCouldTake(type: ApiType, workspaceApiBases: readonly string[]): boolean {
  if (type.kind !== 'named') return type.kind === 'typeParameter';
  const name = simpleApiName(type);
  return name === 'Object' || name === 'object' || workspaceApiBases.some((b) => stripGenerics(b) === name);
}

/** `System.Data.IDbConnection` -> `IDbConnection`, as workspace declarations write a type. */
function simpleApiName(type: ApiType): string {
  return type.kind === 'named' ? stripGenerics(type.name).split('.').pop()! : '';
}

/**
 * The two branches of a conditional written at the top level of an expression (`c ? a : b`), or null. A lambda
 * (`x => c ? a : b`) or an assignment holds its conditional inside, so a top-level `=>` or `=` says it is not one.
 * String and character literals are blanked first, so a `?` or `:` inside them cannot split the text.
 */
function conditionalBranches(text: string): [string, string] | null {
  // A raw string literal (`"""`) is more than the blanking below reads: no answer is safer than a wrong split.
  if (!text.includes('?') || !text.includes(':') || text.includes('"""')) return null;
  const masked = blankedLiterals(text);
  const parts = conditionalParts(masked, 0, masked.length);
  if (!parts || !masked.slice(0, parts.whenTrue.start - 1).trim()) return null;
  let assignsOrLambda = false;
  topLevel(masked, 0, parts.whenTrue.start - 1, (i) => (assignsOrLambda = assignsOrArrowAt(masked, i)));
  if (assignsOrLambda) return null;
  return [text.slice(parts.whenTrue.start, parts.whenTrue.end), text.slice(parts.whenFalse.start, parts.whenFalse.end)];
}

/**
 * The type of `c ? a : b`, as C# gives it: the branch type the other branch converts to. Known here are the same
 * type twice, a `null` or `default` branch (the other's type), and a workspace type beside one of its bases (the
 * base: `flag ? (Writer)new Bounded(...) : new Streaming(...)`, where both derive from Writer). Anything else
 * (a numeric widening, a user conversion, a target-typed conditional) is unknown.
 * https://learn.microsoft.com/dotnet/csharp/language-reference/operators/conditional-operator
 */
function conditionalType(branches: [string, string], body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  const typed = branches.map((b) => (/^(?:null|default)$/.test(b.trim()) ? null : typeOfExpression(b, body, bodies, index)));
  const [whenTrue, whenFalse] = typed;
  const literalBranch = branches.findIndex((b) => /^(?:null|default)$/.test(b.trim()));
  if (literalBranch !== -1) return typed[1 - literalBranch] ?? null;
  if (!whenTrue || !whenFalse) return null;
  if (whenTrue.typeText === whenFalse.typeText) return whenTrue;
  // One generic type with other arguments (`List<int>`, `List<string>`) converts to neither.
  if (!index || stripGenerics(whenTrue.typeText) === stripGenerics(whenFalse.typeText)) return null;
  if (typeFamily(index, whenFalse.typeText).has(stripGenerics(whenTrue.typeText))) return whenTrue;
  if (typeFamily(index, whenTrue.typeText).has(stripGenerics(whenFalse.typeText))) return whenFalse;
  return null;
}

/**
 * Whether the `=` at `i` is an assignment's (`=`, `+=`, `??=`) or a lambda's `=>`, not part of `==`, `!=`, `<=` or
 * `>=`: at the top level of an expression it makes the text an assignment or a lambda.
 */
function assignsOrArrowAt(masked: string, i: number): boolean {
  return masked[i] === '=' && !/[=!<>]/.test(masked[i - 1] ?? '') && masked[i + 1] !== '=';
}

/** The text with its string and character literals blanked, so that operators inside them cannot split it. */
function blankedLiterals(text: string): string {
  return text.replace(/@?\$*"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (literal) => ' '.repeat(literal.length));
}

/**
 * `a ?? b` at the top level: its two operands (the right one holds any further `??`, which associates to the right),
 * or null. Literals are blanked as for the conditional; an assignment (`??=`, `=`) or a lambda at the top level makes
 * the text something else.
 */
function coalesceOperands(text: string): [string, string] | null {
  if (!text.includes('??') || text.includes('"""')) return null;
  const masked = blankedLiterals(text);
  let at = -1;
  let assignsOrLambda = false;
  topLevel(masked, 0, masked.length, (i) => {
    if (assignsOrArrowAt(masked, i)) return (assignsOrLambda = true);
    if (at === -1 && masked[i] === '?' && masked[i + 1] === '?' && masked[i + 2] !== '=') at = i;
    return false;
  });
  if (assignsOrLambda || at <= 0) return null;
  return [text.slice(0, at), text.slice(at + 2)];
}

/**
 * The type of `a ?? b`, as C# gives it where it is plain: the left operand's type (its nullable mark dropped) when the
 * right one has that type too, is `null` or `default`, or throws; the base when one operand's workspace type derives
 * from the other's. Anything else (a conversion only the compiler knows, an operand of unknown type) is unknown.
 * https://learn.microsoft.com/dotnet/csharp/language-reference/operators/null-coalescing-operator
 */
function coalesceType(operands: [string, string], body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  const left = typeOfExpression(operands[0], body, bodies, index);
  if (!left) return null;
  const plain = (e: ExpressionType): ExpressionType => ({ typeText: e.typeText.replace(/\?$/, ''), source: e.source });
  const rightText = operands[1].trim();
  if (/^(?:null|default|throw\b)/.test(rightText)) return /^throw\b/.test(rightText) ? plain(left) : left;
  const right = typeOfExpression(rightText, body, bodies, index);
  if (!right) return null;
  const [l, r] = [plain(left), plain(right)];
  // `int? ?? int` is an int, `string? ?? string?` a string?: the right operand says whether null remains possible.
  if (l.typeText === r.typeText) return right;
  if (!index || stripGenerics(l.typeText) === stripGenerics(r.typeText)) return null;
  if (typeFamily(index, r.typeText).has(stripGenerics(l.typeText))) return l;
  if (typeFamily(index, l.typeText).has(stripGenerics(r.typeText))) return r;
  return null;
}

/** Each body's answer of enclosingDeclaration: a body belongs to one model, whose declarations never change. */
const enclosingDeclarations = new WeakMap<MethodBody, TypeDeclaration | null>();

/**
 * The declaration of the type around the body, found in the model of the file that holds the body (partial parts
 * elsewhere share its type parameters); null when it is not found. The body's file comes from its bodies array, or,
 * for a part of one (the rule cache runs per-method rules over the bodies an edit changed), from the models that
 * declare a type of that name.
 */
function enclosingDeclaration(index: WorkspaceIndex, owner: string, body: MethodBody, bodies: readonly MethodBody[]): TypeDeclaration | null {
  const known = enclosingDeclarations.get(body);
  if (known !== undefined) return known;
  const refs = typesNamed(index, owner);
  const file = fileOfBodies(index, bodies) ?? refs.map((r) => r.file).find((f) => index.files.get(f)?.bodies.includes(body)) ?? null;
  let best: TypeDeclaration | null = null;
  for (const ref of refs) {
    const t = ref.type;
    if (ref.file !== file || t.span.start > body.span.start || body.span.end > t.span.end) continue;
    if (!best || t.span.end - t.span.start < best.span.end - best.span.start) best = t;
  }
  if (file !== null) enclosingDeclarations.set(body, best);
  return best;
}

/** How many type parameters the declaration around the body has; types of one simple name but another arity are other types. */
function ownerArity(index: WorkspaceIndex, owner: string, body: MethodBody, bodies: readonly MethodBody[]): number | null {
  return enclosingDeclaration(index, owner, body, bodies)?.typeParameters.length ?? null;
}

/**
 * The constraints (as written) of a type parameter in scope at the body, a method's or the enclosing type's
 * (`where TFactory : IConnectionFactory`); null when the name is no type parameter there.
 */
function typeParameterConstraintsInScope(name: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): readonly string[] | null {
  const chain = bodyChain(body, bodies);
  for (const b of chain) if (b.typeParameters.includes(name)) return b.typeParameterConstraints?.[name] ?? [];
  const owner = chain.map((b) => b.containingType).find((x) => x !== null) ?? null;
  const declaration = owner ? enclosingDeclaration(index, owner, body, bodies) : null;
  return declaration?.typeParameters.includes(name) ? declaration.typeParameterConstraints?.[name] ?? [] : null;
}

/**
 * The types whose methods a call on a value of the owner's type may bind to: the owner itself, or for a type parameter
 * in scope the constraints the workspace declares, since C# looks a member of a type parameter up in its constraints
 * (`ConnectionFactory.OpenConnectionAsync()` on a `TConnectionFactory` constrained to the workspace's
 * IConnectionFactory is that interface's method). A type parameter without such a constraint gives none.
 */
function lookupOwners(owner: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): readonly string[] {
  const constraints = typeParameterConstraintsInScope(owner, body, bodies, index);
  if (constraints === null) return [owner];
  return constraints.map((c) => stripGenerics(c.trim().replace(/\?$/, ''))).filter((c) => typesNamed(index, c).length > 0);
}

/**
 * The type a call's receiver has or names, with what its name can mean where it was written: `name` is its simple
 * name, `written` the text as written (`SomeActor.Settings` keeps its container) and `view` the names seen by the
 * file that wrote it (null when that is not known: every declaration of the name counts, as before).
 */
interface CallOwner {
  name: string;
  written: string;
  view: NameView | null;
}

/** The owner of a call: the receiver's type, or the type around the body for a call without one (or on this/base). */
function callOwner(receiver: string | null, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): CallOwner | null {
  if (receiver !== null) return receiverOwner(receiver, body, bodies, index);
  const containing = bodyChain(body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
  return containing === null ? null : { name: containing, written: containing, view: viewOfBodies(index, bodies) };
}

/** The view of the file whose model holds these bodies, or null when the index does not hold it. */
function viewOfBodies(index: WorkspaceIndex, bodies: readonly MethodBody[]): NameView | null {
  const file = fileOfBodies(index, bodies);
  return file !== null ? nameViewOf(index, file) : null;
}

/**
 * The methods named `name` a call on the owner may bind to: on the declarations its name means where it was written
 * and their bases, or for a type parameter on its constraints (written in the body's own file).
 */
function methodsOnOwner(owner: CallOwner, name: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): MethodRef[] {
  const owners = lookupOwners(owner.name, body, bodies, index);
  if (owners.length === 1 && owners[0] === owner.name) return methodsNamedFrom(index, name, owner.written, owner.view);
  const view = viewOfBodies(index, bodies);
  return owners.flatMap((o) => methodsNamedFrom(index, name, o, view));
}

/** The one file all these methods are declared in, or undefined when they come from several. */
function soleFileOf(methods: readonly MethodRef[]): string | undefined {
  const files = new Set(methods.map((m) => m.file));
  return files.size === 1 ? [...files][0] : undefined;
}

/** A return type some overloads agree on, and the one file they are all declared in (undefined for several). */
interface AgreedReturn {
  typeText: string;
  file: string | undefined;
}

/**
 * What the methods a call may bind to say about its return type: the ones that declare a return type, the type when
 * they all declare the same one, and per argument count the type the overloads taking that many agree on.
 */
interface OverloadReturns {
  /** The list these answers are for, as long as it was when they were worked out (a list is never written to once shared). */
  readonly length: number;
  readonly typed: readonly MethodRef[];
  readonly sole: AgreedReturn | null;
  /** Whether the typed methods declare more than one return type. */
  readonly disagree: boolean;
  readonly byArgumentCount: FewAnswers<number, AgreedReturn | null>;
}

/**
 * The answers per list of same-named methods. The lists come from methodsNamedFrom, which keeps one per owner and
 * name for an index version; where a thousand files each declare an `IOrderRepository` with a `FindAsync`, every
 * call on one of them got the same list of a thousand methods, and going through it again for each call made the
 * typing grow with the square of the workspace.
 */
const overloadReturns = new WeakMap<readonly MethodRef[], OverloadReturns>();

function overloadReturnsOf(methods: readonly MethodRef[]): OverloadReturns {
  const known = overloadReturns.get(methods);
  if (known && known.length === methods.length) return known;
  const typed = methods.filter((m) => m.member?.typeText);
  const types = new Set(typed.map((m) => m.member!.typeText!));
  const sole = types.size === 1 ? { typeText: [...types][0]!, file: soleFileOf(typed) } : null;
  const answers: OverloadReturns = { length: methods.length, typed, sole, disagree: types.size > 1, byArgumentCount: new FewAnswers() };
  overloadReturns.set(methods, answers);
  return answers;
}

/** The return type the overloads that take this many arguments agree on, or null when they do not (or none does). */
function returnOfOverloadsTaking(overloads: OverloadReturns, argumentCount: number): AgreedReturn | null {
  const known = overloads.byArgumentCount.get(argumentCount);
  if (known !== undefined) return known;
  const fitting = overloads.typed.filter((m) => m.member!.parameters && countFits(m.member!.parameters, argumentCount));
  const types = new Set(fitting.map((m) => m.member!.typeText!));
  const agreed = types.size === 1 ? { typeText: [...types][0]!, file: soleFileOf(fitting) } : null;
  overloads.byArgumentCount.set(argumentCount, agreed);
  return agreed;
}

/**
 * The type of an implicitly typed parameter of a lambda given to a method the workspace declares: the delegate type
 * of the method's parameter the lambda goes to (`WithConnectionAsync(async (c, ct) => ...)`, declared with a
 * `Func<IDbConnection, CancellationToken, Task<T>>` parameter, makes `c` an IDbConnection), as C# infers it. Every
 * overload that takes the call's arguments and a delegate of the lambda's arity must agree, and a type that names a
 * type parameter of the method or of its declaring type is left unknown (the call binds it, which is not read here).
 * Null otherwise, and for a lambda given to a constructor or to a method the workspace does not declare. The answers
 * for all of a lambda's parameters are kept in the typing's generation: every use of a parameter asks.
 */
function lambdaParameterTypeFromTarget(lambda: MethodBody, at: number, bodies: readonly MethodBody[], index: WorkspaceIndex): string | null {
  const kept = generationOf(index, signatureDatabase()).lambdaParameters;
  const known = kept.get(lambda);
  if (known && known.bodies === bodies) return known.types[at] ?? null;
  // Unknown while they are worked out: typing the call's receiver must not lead back here.
  kept.set(lambda, { bodies, types: NO_LAMBDA_PARAMETER_TYPES });
  const types = lambdaParameterTypesOf(lambda, bodies, index);
  kept.set(lambda, { bodies, types });
  return types[at] ?? null;
}

const NO_LAMBDA_PARAMETER_TYPES: readonly (string | null)[] = Object.freeze([]);

function lambdaParameterTypesOf(lambda: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): readonly (string | null)[] {
  const call = lambda.delegateTarget?.kind === 'argument' ? lambda.delegateTarget.call : undefined;
  const parent = lambda.parentId ? bodies.find((b) => b.id === lambda.parentId) : undefined;
  if (!call || call.kind !== 'invocation' || !parent) return NO_LAMBDA_PARAMETER_TYPES;
  // Most lambdas go to LINQ and other .NET methods: the receiver is typed only when some workspace method of the
  // name could take this lambda.
  if (!(index.methodsByName.get(call.name) ?? []).some((m) => delegateParametersFor(m, call, lambda, index) !== null)) return NO_LAMBDA_PARAMETER_TYPES;
  const owner = callOwner(call.receiver, parent, bodies, index);
  if (owner === null) return NO_LAMBDA_PARAMETER_TYPES;
  const candidates: (readonly (string | null)[])[] = [];
  for (const o of lookupOwners(owner.name, parent, bodies, index)) {
    for (const m of o === owner.name ? methodsNamedFrom(index, call.name, owner.written, owner.view) : methodsNamedFrom(index, call.name, o, viewOfBodies(index, bodies))) {
      const delegateParameters = visibleByName(index, m, o) ? delegateParametersFor(m, call, lambda, index) : null;
      if (!delegateParameters) continue;
      const open = [...(m.member!.typeParameters ?? []), ...typesNamed(index, m.typeName!).filter((r) => r.type.typeParameters.length === (m.typeArity ?? 0)).flatMap((r) => r.type.typeParameters)];
      candidates.push(delegateParameters.map((type) => (open.some((p) => new RegExp(`\\b${p}\\b`).test(type)) ? null : type)));
    }
  }
  return lambda.parameters.map((_, i) => {
    const types = new Set(candidates.map((c) => c[i] ?? null));
    return types.size === 1 ? [...types][0]! : null;
  });
}

/**
 * The parameter types of the delegate a workspace method's parameter gives a lambda at the call's place (a named
 * argument's parameter, else the one at its position), when the method takes the call's arguments and the delegate
 * as many parameters as the lambda; null otherwise.
 */
function delegateParametersFor(m: MethodRef, call: DelegateCall, lambda: MethodBody, index: WorkspaceIndex): readonly string[] | null {
  const params = m.member?.parameters;
  if (!params || m.typeName === null || !countFits(params, call.argumentTexts.length)) return null;
  if (call.typeArguments.length > 0 && m.member!.typeParameterCount !== call.typeArguments.length) return null;
  const parameter = call.argumentName ? params.find((p) => p.name === call.argumentName) : params[Math.min(call.argumentIndex, params.length - 1)];
  const delegateParameters = parameter ? delegateParameterTypes(parameter.typeText, index) : null;
  return delegateParameters && delegateParameters.length === lambda.parameters.length ? delegateParameters : null;
}

/**
 * The parameter types of a delegate type: Func's type arguments but the last, Action's, or the Invoke of a
 * non-generic delegate the workspace declares (all its declarations agreeing); null for anything else.
 */
function delegateParameterTypes(typeText: string, index: WorkspaceIndex): readonly string[] | null {
  const t = typeText.trim().replace(/\?$/, '');
  const generic = /^(?:global::)?(?:System\.)?(Func|Action)\s*<([^]*)>$/.exec(t);
  if (generic) {
    const args = splitTopLevel(generic[2]!).map((a) => a.trim());
    return generic[1] === 'Func' ? args.slice(0, -1) : args;
  }
  if (/^(?:global::)?(?:System\.)?Action$/.test(t)) return [];
  if (/[<>]/.test(t)) return null;
  const declared = typesNamed(index, t).filter((ref) => ref.type.kind === 'delegate' && ref.type.typeParameters.length === 0)
    .map((ref) => ref.type.members.find((m) => m.name === 'Invoke')?.parameterTypes ?? null);
  const first = declared[0];
  return first && declared.every((p) => p !== null && p.join(',') === first.join(',')) ? first : null;
}

/**
 * The result of invoking a delegate that a local, parameter, field or property holds: `_next(context)` or
 * `_next.Invoke(context)` where `_next` is a `Func<HttpContext, Task>` is a Task. Func's result is its last type
 * argument; a delegate type the workspace declares returns what its `Invoke` does (a generic one is left unknown:
 * its result may name its type parameters). Null when the name holds no delegate the typing knows.
 */
function delegateInvocationType(call: { receiver: string | null; name: string; argumentsText: string }, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): ExpressionType | null {
  const held = call.name === 'Invoke' && call.receiver ? call.receiver : call.receiver === null || call.receiver === 'this' ? call.name : null;
  if (held === null) return null;
  const holder = typeOfExpression(call.receiver === 'this' ? `this.${held}` : held, body, bodies, index);
  const result = holder ? delegateResultType(holder.typeText, call.argumentsText.trim() === '' ? 0 : splitTopLevel(call.argumentsText).length, index) : null;
  return result ? { typeText: result, source: `the result of invoking ${holder!.source}` } : null;
}

/** What invoking a delegate of this type with `argumentCount` arguments returns; null when that call cannot be it. */
function delegateResultType(typeText: string, argumentCount: number, index: WorkspaceIndex): string | null {
  const t = typeText.trim().replace(/\?$/, '');
  const func = /^(?:global::)?(?:System\.)?Func\s*<([^]*)>$/.exec(t);
  if (func) {
    const args = splitTopLevel(func[1]);
    return args.length === argumentCount + 1 ? args[args.length - 1]!.trim() : null;
  }
  if (/[<>]/.test(t)) return null;
  const declared = typesNamed(index, stripGenerics(t)).filter((ref) => ref.type.kind === 'delegate');
  const invokeOf = (type: TypeDeclaration) => type.members.find((m) => m.name === 'Invoke');
  const results = new Set(declared.map((ref) => {
    const invoke = invokeOf(ref.type);
    return ref.type.typeParameters.length === 0 && invoke?.parameterTypes.length === argumentCount ? invoke.typeText : null;
  }));
  return results.size === 1 ? [...results][0] ?? null : null;
}

/**
 * The lookup step after the workspace's declarations: the API signature database (server/src/signatures) types
 * receivers and calls the workspace does not declare (`File.ReadAllTextAsync(path)` is a Task<string>,
 * `_http.GetAsync(url)` on an HttpClient field a Task<HttpResponseMessage>), resolving names with the file's
 * usings. Answers are qualified C# (`System.Threading.Tasks.Task<string>`). Results are kept per body while the
 * index is unchanged, since rules ask about the same receivers many times and chains re-type their prefixes.
 */
function typeFromApiSignatures(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionType | null {
  const db = signatureDatabase();
  if (!db) return null;
  const apiAnswers = generationOf(index, db).api;
  let answers = apiAnswers.get(body);
  if (!answers) apiAnswers.set(body, (answers = new FewAnswers()));
  const known = answers.get(text);
  if (known !== undefined) return known;
  // A placeholder first, so an expression that leads back to itself ends as unknown.
  answers.set(text, null);
  const found = apiTypeOfExpression(text, apiTypingOver(db, body, bodies, index));
  const answer = found ? { typeText: found.typeText, source: found.source } : null;
  answers.set(text, answer);
  return answer;
}

/**
 * The API signatures as seen from one body: its file's names and scope, and the workspace's typing of
 * sub-expressions. Rules that ask the signatures about a call's overloads (ASY021's delegate parameters, ASY025's
 * CancellationToken overloads) start here; null when no database is loaded.
 */
export function apiTypingFor(body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionTyping | null {
  const db = signatureDatabase();
  return db ? apiTypingOver(db, body, bodies, index) : null;
}

function apiTypingOver(db: SignatureDatabase, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ExpressionTyping {
  return {
    api: apiContextOf(db, bodies, index),
    typeOf: (sub) => typeOfExpression(sub, body, bodies, index)?.typeText ?? null,
    isLocalName: (name) => declaresLocalOrParameter(bodyChain(body, bodies), name),
    containingBases: containingBasesOf(body, bodies, index),
    workspaceType: (typeText) => workspaceTypeOf(typeText, index),
  };
}

/**
 * The typing's caches of one version of an index with one signature database: answers per body, and the database
 * seen from each file. A new version (any file indexed again) or database starts a new generation, and the old one
 * goes with everything in it. Kept per body instead, they lived as long as the bodies: the answers of every body
 * typed once while indexing decided the verdicts, never read again after the next edit (about 20 bytes per line of
 * code in a generated workspace).
 */
interface TypingGeneration {
  version: number;
  db: SignatureDatabase | null;
  topLevel: WeakMap<MethodBody, { bodies: readonly MethodBody[]; answers: FewAnswers<string, ExpressionType | null> }>;
  api: WeakMap<MethodBody, FewAnswers<string, ExpressionType | null>>;
  contexts: WeakMap<readonly MethodBody[], ApiContext>;
  /** The types of lambdas' implicitly typed parameters, from the workspace methods they are given to. */
  lambdaParameters: WeakMap<MethodBody, { bodies: readonly MethodBody[]; types: readonly (string | null)[] }>;
}

const generations = new WeakMap<WorkspaceIndex, TypingGeneration>();
/** The view of code that sees no nested type (a file the index does not hold): only top-level declarations name types. */
const NO_VIEW: NameView = { nested: new Set(), names: new Set(), seen: new Map() };
/** The generation of typing without an index (a file on its own). */
let unindexed: TypingGeneration | null = null;

function generationOf(index: WorkspaceIndex | null, db: SignatureDatabase | null): TypingGeneration {
  const version = index?.version ?? -1;
  const current = index ? generations.get(index) : unindexed;
  if (current && current.version === version && current.db === db) return current;
  const fresh: TypingGeneration = { version, db, topLevel: new WeakMap(), api: new WeakMap(), contexts: new WeakMap(), lambdaParameters: new WeakMap() };
  if (index) generations.set(index, fresh);
  else unindexed = fresh;
  return fresh;
}

/** The database seen from one file: its usings (from the index's model of the file), its project's scope and the workspace's type names. */
function apiContextOf(db: SignatureDatabase, bodies: readonly MethodBody[], index: WorkspaceIndex | null): ApiContext {
  const apiContexts = generationOf(index, db).contexts;
  const cached = apiContexts.get(bodies);
  if (cached) return cached;
  let usings: readonly string[] = [];
  let file: string | null = null;
  let view: NameView | null = null;
  if (index) {
    const key = fileOfBodies(index, bodies);
    const model = key !== null ? index.files.get(key) : undefined;
    if (key !== null && model) {
      usings = usingsInScope(model, index, key);
      view = nameViewOf(index, key);
      file = key;
    }
  }
  // The file's project (when the host has a project model) says its target framework and global usings.
  const project = file !== null ? fileApiScopeOf(file) : null;
  // Files that see the same names share one context, and with it the answers kept per context (resolved type names,
  // overload lists, supertypes): a project's files mostly import the same namespaces, and each file starting with
  // empty caches made resolving the same names in the same namespaces most of what typing cost.
  // A file inside (or derived from) a type with nested types names them simply; most files see none.
  const sharedKey = `${JSON.stringify(project?.scope ?? null)}\u0000${usings.join('\n')}\u0000${project?.globalUsings?.join('\n') ?? '(sdk)'}\u0000${[...(view?.names ?? [])].sort().join('\n')}`;
  const shared = index ? sharedContextsOf(index, db) : null;
  let context = shared?.get(sharedKey);
  if (!context) {
    context = apiContext(db, {
      usings,
      globalUsings: project?.globalUsings,
      scope: project?.scope,
      isWorkspaceType: (name) => index !== null && namesWorkspaceType(index, name, view ?? NO_VIEW),
      workspaceBases: (name, typeArguments) => (index !== null ? workspaceBasesOf(index, name, typeArguments) : []),
    });
    shared?.set(sharedKey, context);
  }
  apiContexts.set(bodies, context);
  return context;
}

/** The contexts of an index's current version by what their files see (scope, usings, global usings). */
function sharedContextsOf(index: WorkspaceIndex, db: SignatureDatabase): Map<string, ApiContext> {
  let entry = sharedContexts.get(index);
  if (!entry || entry.version !== index.version || entry.db !== db) sharedContexts.set(index, (entry = { version: index.version, db, contexts: new Map() }));
  return entry.contexts;
}

const sharedContexts = new WeakMap<WorkspaceIndex, { version: number; db: SignatureDatabase; contexts: Map<string, ApiContext> }>();

/** The base types (as written) of the workspace type around a body that the workspace does not declare itself. */
function containingBasesOf(body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): readonly string[] {
  const owner = bodyChain(body, bodies).map((b) => b.containingType).find((x) => x !== null) ?? null;
  return owner && index ? apiBasesOf(index, owner) : [];
}

/** A workspace type's fields and properties (its own and its workspace bases') and its bases outside the workspace. */
function workspaceTypeOf(typeText: string, index: WorkspaceIndex | null): { memberType(name: string): string | null; apiBases: readonly string[] } | null {
  if (!index || typesNamed(index, typeText).length === 0) return null;
  const family = typeFamily(index, typeText);
  return {
    memberType: (name) => {
      for (const typeName of family) {
        for (const ref of typesNamed(index, typeName)) {
          const member = ref.type.members.find((m) => m.name === name && (m.kind === 'field' || m.kind === 'property'));
          if (member?.typeText) return member.typeText;
        }
      }
      return null;
    },
    apiBases: apiBasesOf(index, typeText),
  };
}

/**
 * The type a member inherited from a generic base type of a package has in a workspace type, when
 * knowledge/packageBaseMembers.ts knows the base and the member is typed in its type parameters: `ViewModel` of
 * `class MainWindow : WindowBase<MainWindowViewModel>` with `class WindowBase<TViewModel> : ReactiveWindow<TViewModel>`
 * is a `MainWindowViewModel?`. The base list is walked through the workspace's own generic bases, putting each one's
 * type arguments in for its type parameters (C# spec, Inheritance: a constructed base's members have their types with
 * the arguments substituted). A base counts only where the file that writes it imports a namespace of the row (or
 * names it qualified), so that a type of the same name from elsewhere is not taken for it.
 */
function packageBaseMemberType(index: WorkspaceIndex, owner: string, member: string): { typeText: string; base: string; writtenIn: string } | null {
  return indexMemo(index, `package base member\0${owner}\0${member}`, () => {
    const queue: { text: string; file: string }[] = typesNamed(index, owner).flatMap((ref) => ref.type.baseTypes.map((text) => ({ text, file: ref.file })));
    const seen = new Set<string>();
    // A base list is a few types deep; the bound keeps a cycle in broken code from walking on.
    while (queue.length > 0 && seen.size < MAX_BASES_WALKED) {
      const { text, file } = queue.shift()!;
      if (seen.has(text)) continue;
      seen.add(text);
      const parsed = parseType(text);
      if (!parsed) continue;
      const simple = parsed.name.slice(parsed.name.lastIndexOf('.') + 1);
      const args = parsed.args.map(formatType);
      const declared = typesNamed(index, simple).filter((ref) => ref.type.typeParameters.length === args.length);
      if (declared.length > 0) {
        for (const ref of declared) {
          const bindings = Object.fromEntries(ref.type.typeParameters.map((p, i) => [p, args[i]!]));
          for (const base of ref.type.baseTypes) queue.push({ text: substituteNames(base, bindings), file: ref.file });
        }
        continue;
      }
      for (const row of packageBaseTypesNamed(simple, args.length)) {
        const known = row.members.find((m) => m.name === member);
        if (!known || !namesPackageNamespace(index, file, parsed.name, row.namespaces)) continue;
        const argument = args[known.typeParameter]!;
        return { typeText: known.nullable && !argument.endsWith('?') ? `${argument}?` : argument, base: `${simple}<${args.join(', ')}>`, writtenIn: file };
      }
    }
    return null;
  });
}

/** How many base types packageBaseMemberType looks at, at most, for one question. */
const MAX_BASES_WALKED = 32;

/** Whether a base written as `name` in `file` is a type of one of these namespaces: qualified with it, or imported. */
function namesPackageNamespace(index: WorkspaceIndex, file: string, name: string, namespaces: readonly string[]): boolean {
  const qualifier = name.includes('.') ? name.slice(0, name.lastIndexOf('.')).replace(/^global::/, '') : null;
  if (qualifier !== null) return namespaces.includes(qualifier);
  const model = index.files.get(file);
  const usings = [...(model ? usingsInScope(model, index, file) : []), ...(fileApiScopeOf(file)?.globalUsings ?? [])].map((u) => u.replace(/\s+/g, ''));
  return namespaces.some((ns) => usings.includes(ns));
}

/** The `using` directives of the file whose model holds these bodies (none when the index does not hold it). */
function usingsOfBodies(index: WorkspaceIndex, bodies: readonly MethodBody[]): readonly string[] {
  const key = fileOfBodies(index, bodies);
  return (key !== null ? index.files.get(key)?.usings : undefined) ?? [];
}

/** The type a call's receiver has or names: `this`, a typed expression, or a workspace type for a static call. */
function receiverOwner(receiver: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): CallOwner | null {
  const r = receiver.trim();
  if (r === 'this' || r === 'base') return callOwner(null, body, bodies, index);
  const typed = typeOfExpression(r, body, bodies, index);
  if (typed) {
    if (!qualifiedNameFits(index, typed.typeText, usingsOfBodies(index, bodies))) return null;
    return { name: stripGenerics(typed.typeText), written: typed.typeText, view: typed.writtenIn !== undefined ? nameViewOf(index, typed.writtenIn) : null };
  }
  if (/^[A-Z]\w*$/.test(r) && typesNamed(index, r).length > 0) return { name: r, written: r, view: viewOfBodies(index, bodies) };
  return null;
}

/** `x.ConfigureAwait(false)` -> `x`: what is awaited, as far as its type goes. */
export function withoutConfigureAwait(text: string): string {
  // What `/\.\s*ConfigureAwait\s*\([^()]*\)\s*$/` removes, found from the end: the argument list opens at the last
  // parenthesis and the dot is the last one before it. The expression itself tried every dot of the text, and typing
  // `await await ... t` asks this of each operand in turn.
  const t = text.trim();
  // Without a closing parenthesis at the end there is no call to remove, and the search for the last opening one
  // would read the whole text (an operand of `await await ... t` has none, and typing asks this of every level).
  if (!t.endsWith(')')) return t;
  const open = t.lastIndexOf('(');
  const dot = open === -1 ? -1 : t.lastIndexOf('.', open);
  return dot !== -1 && /^\.\s*ConfigureAwait\s*\([^()]*\)\s*$/.test(t.slice(dot)) ? t.slice(0, dot) : t;
}

/** The operand of `await x` (as `/^await\s+([^]+)$/` captures it from trimmed text), or null; without a pattern that reads the whole rest. */
function awaitOperandOf(trimmed: string): string | null {
  if (!trimmed.startsWith('await') || !/\s/.test(trimmed.charAt(5))) return null;
  const operand = trimmed.slice(5).trimStart();
  return operand === '' ? null : operand;
}

/**
 * What `await` of a value of this type gives: T for Task<T> and ValueTask<T> (and their configured awaitables),
 * `void` for Task and ValueTask, null when the awaitable's result type is not known from its name.
 */
export function awaitResultType(typeText: string): string | null {
  const kind = classifyReturnType(typeText, false);
  if (kind.kind === 'TaskOfT' || kind.kind === 'ValueTaskOfT') return kind.resultType;
  if (kind.kind === 'Task' || kind.kind === 'ValueTask') return 'void';
  const configured = /^(?:System\.Runtime\.CompilerServices\.)?Configured(?:Value)?TaskAwaitable<(.+)>$/.exec(typeText.trim());
  if (configured) return configured[1];
  if (/^(?:System\.Runtime\.CompilerServices\.)?Configured(?:Value)?TaskAwaitable$/.test(typeText.trim())) return 'void';
  return null;
}

export type TaskEvidence = { verdict: 'task' | 'notTask' | 'unknown'; reason: string };

const TASK_FACTORIES = /^(?:System\.Threading\.Tasks\.)?Task(?:\.Factory)?\.(Run|WhenAll|WhenAny|StartNew|Delay|FromResult)\b/;

/** Whether an expression is a Task/ValueTask, from declarations first, then from naming conventions. */
export function taskEvidence(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): TaskEvidence {
  let t = text.trim();
  for (;;) {
    const before = t;
    t = withoutTrailingBangs(withoutOuterParentheses(t));
    if (t === before) break;
  }
  const typed = typeOfExpression(t, body, bodies, index);
  if (typed) {
    const kind = classifyReturnType(typed.typeText, false).kind;
    // ConfigureAwait's awaitables wrap a task: blocking on their GetAwaiter().GetResult() blocks on it.
    if (isTaskLike(kind) || /^(?:System\.Threading\.Tasks\.)?(Task|ValueTask)\b|^(?:System\.Runtime\.CompilerServices\.)?Configured(?:Value)?TaskAwaitable\b/.test(typed.typeText)) {
      return { verdict: 'task', reason: `${typed.source} is a ${typed.typeText.replace(/\b(?:System|Microsoft)(?:\.\w+)*\./g, '')}` };
    }
    return { verdict: 'notTask', reason: `${typed.source} is a ${typed.typeText}` };
  }
  const branches = conditionalBranches(t);
  if (branches) return conditionalTaskEvidence(branches, body, bodies, index);
  // `await e` is e's result: a task only when e is a task of a task, as Task.WhenAny's is.
  const awaited = awaitOperandOf(t);
  if (awaited !== null) {
    if (/^(?:System\.Threading\.Tasks\.)?Task\.WhenAny\s*\(/.test(withoutConfigureAwait(awaited))) return { verdict: 'task', reason: 'await Task.WhenAny(...) gives the task that finished' };
    return { verdict: 'notTask', reason: `the result of an await is what the task produced, not the task` };
  }
  if (TASK_FACTORIES.test(t)) return { verdict: 'task', reason: 'a Task factory call' };
  // A workspace declaration the typing above could not settle on (overloads returning Task<TResult> and Task) is
  // still better evidence than the name.
  const declared = index ? declaredTaskReturnsOfAsyncCall(t, body, bodies, index) : null;
  if (declared) return { verdict: 'task', reason: declared };
  const call = /([A-Za-z_]\w*)(?:<[^()]*>)?\s*\([^]*\)$/.exec(t);
  if (call && /Async$/.test(call[1])) return { verdict: 'task', reason: `${call[1]} follows the Async naming convention` };
  // The pattern above finds the first call written, which in a chain is not the one whose value this is:
  // `set.Tracking(true).SingleOrDefaultAsync(...)` is the task of its last call, SingleOrDefaultAsync.
  const outer = splitCallText(t);
  if (outer && /Async$/.test(outer.name)) return { verdict: 'task', reason: `${outer.name} follows the Async naming convention` };
  if (outer && TASK_CONVERSION_NAMES.includes(outer.name)) return { verdict: 'task', reason: `${outer.name}() converts an awaitable into a Task, as ValueTask's does` };
  if (/^(this\.)?_?[A-Za-z]*[tT]ask[s]?$|^t\d?$/.test(t)) {
    const sequence = index ? workspaceElementSequenceOf(t, body, bodies, index) : null;
    if (sequence) return { verdict: 'unknown', reason: `${t} is an element of ${sequence.receiver}, a ${sequence.typeText}, whose elements are types the workspace declares` };
    return { verdict: 'task', reason: `the name ${t} suggests a task` };
  }
  return { verdict: 'unknown', reason: `the type of ${t} is not visible without a compiler` };
}

/**
 * Whether `c ? a : b` is a task, from its branches when the typing could not give it a type: both branches have
 * the conditional's type, so a branch that is surely a task (or surely not one) says it for the whole, and a `null`
 * or `default` branch says nothing. Without this, the naming convention read the conditional as its first call:
 * `logger == null ? default : await logger.ExecutingAsync(...)` is the awaited result, not the task. Branches that
 * disagree leave it unknown.
 */
function conditionalTaskEvidence(branches: [string, string], body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex | null): TaskEvidence {
  const said = branches.filter((b) => !/^(?:null|default)$/.test(b.trim())).map((b) => taskEvidence(b, body, bodies, index));
  const tasks = said.filter((e) => e.verdict === 'task');
  const notTasks = said.filter((e) => e.verdict === 'notTask');
  if (tasks.length > 0 && notTasks.length === 0) return { verdict: 'task', reason: `a branch of the conditional is a task: ${tasks[0].reason}` };
  if (notTasks.length > 0 && tasks.length === 0) return { verdict: 'notTask', reason: `a branch of the conditional is not a task: ${notTasks[0].reason}` };
  return { verdict: 'unknown', reason: 'the branches of the conditional do not say whether it is a task' };
}

/**
 * For a call named like a task (`InvokeAsync<JsonNode?>(...)`, `WithinAsync(...)`, maybe configured) of a method
 * the workspace declares: where it is declared and the return types of the overloads that take this many arguments
 * (and, when written, type arguments), as a sentence, when every one of them is a task. A call whose overloads
 * disagree (`Task<TResult> InvokeAsync<TResult>(...)` beside `Task InvokeAsync(...)`) has no single type, but its
 * declarations, not its name, are what say it is a task. Null when the receiver's type is not known, no overload
 * fits, or one of them returns something else.
 */
function declaredTaskReturnsOfAsyncCall(text: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): string | null {
  const call = splitCallText(withoutConfigureAwait(text));
  if (!call || !/Async$/.test(call.name)) return null;
  const found = callOwner(call.receiver, body, bodies, index);
  if (found === null) return null;
  const owner = found.name;
  const bare = withoutConfigureAwait(text);
  const head = bare.slice(0, bare.length - call.argumentsText.length - 2);
  const typeArguments = writtenTypeArguments(head, call.name);
  const typeArgumentCount = typeArguments !== null ? splitTopLevel(typeArguments).length : null;
  const argumentCount = splitTopLevel(call.argumentsText).filter((a) => a.trim() !== '').length;
  const methods = methodsNamedFrom(index, call.name, found.written, found.view);
  return declaredTaskReturnsAmong(methods, index, `${call.name}\0${owner}\0${argumentCount}\0${typeArgumentCount}`, () => {
    // Inside a class, an interface's member of the name is not what the call binds to (visibleByName).
    const fitting = methods.filter((m) => m.member?.typeText && m.member.parameters && countFits(m.member.parameters, argumentCount) && visibleByName(index, m, owner)
      && (typeArgumentCount === null || (m.member.typeParameterCount ?? 0) === typeArgumentCount));
    if (fitting.length === 0 || !fitting.every((m) => isTaskLike(classifyReturnType(m.member!.typeText!, false).kind))) return null;
    const types = [...new Set(fitting.map((m) => m.member!.typeText!))];
    const where = [...new Set(fitting.map((m) => m.typeName).filter((n): n is string => n !== null))];
    return `${call.name} is declared${where.length === 1 ? ` in ${where[0]}` : ''} to return ${types.join(' or ')}`;
  });
}

/**
 * The type arguments written at the end of a call's head (`Order, int` of `_repo.FindAsync<Order, int>`), as
 * `NAME\s*<([^()]*)>\s*$` would capture them (the leftmost NAME that fits), or null. Read with indexOf and a look at
 * the head's last character: a pattern compiled for every awaited call (the names differ from file to file) was about
 * 2 s of a CPU profile of a million-line check (test/bench/README.md, forty-third session).
 */
function writtenTypeArguments(head: string, name: string): string | null {
  let last = head.length - 1;
  while (last >= 0 && BLANK.test(head[last])) last--;
  if (last < 0 || head[last] !== '>') return null;
  for (let at = head.indexOf(name); at >= 0; at = head.indexOf(name, at + 1)) {
    let open = at + name.length;
    while (open < head.length && BLANK.test(head[open])) open++;
    if (head[open] !== '<') continue;
    const written = head.slice(open + 1, last);
    if (!written.includes('(') && !written.includes(')')) return written;
  }
  return null;
}

const BLANK = /\s/;

/**
 * declaredTaskReturnsOfAsyncCall's sentence per list of methods (methodsNamedFrom's, kept per index version) and per
 * call shape (name, owner, argument and type argument counts), which is all it reads of the call. Every await of
 * `_repository.FindAsync(id, ct)` in a workspace of a thousand `IOrderRepository` declarations went through the
 * same thousand methods again.
 */
function declaredTaskReturnsAmong(methods: readonly MethodRef[], index: WorkspaceIndex, shape: string, compute: () => string | null): string | null {
  let kept = declaredTaskReturns.get(methods);
  if (!kept || kept.index !== index || kept.length !== methods.length) declaredTaskReturns.set(methods, (kept = { index, length: methods.length, byShape: new FewAnswers() }));
  const known = kept.byShape.get(shape);
  if (known !== undefined) return known;
  const sentence = compute();
  kept.byShape.set(shape, sentence);
  return sentence;
}

const declaredTaskReturns = new WeakMap<readonly MethodRef[], { index: WorkspaceIndex; length: number; byShape: FewAnswers<string, string | null> }>();

/**
 * `ticks.Where(t => !t.Result.HasResult)` on a `Container<SpinnerTick>`: the name is an implicitly typed parameter of a
 * lambda given to a call on a receiver whose generic type's arguments are all types the workspace declares. The
 * parameter is then an element of that sequence (one of those types, or a pair of them), so its name (`t` for a tick,
 * a tile, a track) says nothing about a task. The receiver and its type, or null when that is not known: a receiver
 * of an unknown or non-generic type, or one with a type parameter or a framework type among its arguments (`List<T>`,
 * `List<Task>`), keeps the name's evidence.
 */
function workspaceElementSequenceOf(name: string, body: MethodBody, bodies: readonly MethodBody[], index: WorkspaceIndex): { receiver: string; typeText: string } | null {
  const declaring = bodyChain(body, bodies).find((b) => b.parameters.some((p) => p.name === name));
  if (!declaring || declaring.kind !== 'lambda' || declaring.parameters.find((p) => p.name === name)?.typeText) return null;
  const receiver = declaring.delegateTarget?.kind === 'argument' && declaring.delegateTarget.call?.kind === 'invocation' ? declaring.delegateTarget.call.receiver : null;
  const parent = declaring.parentId ? bodies.find((b) => b.id === declaring.parentId) : undefined;
  if (!receiver || !parent) return null;
  const typed = typeOfExpression(receiver, parent, bodies, index);
  const generic = typed ? /^[\w.]+<(.+)>\??$/.exec(typed.typeText.trim()) : null;
  if (!typed || !generic) return null;
  const typeArguments = splitTopLevel(generic[1]).map((a) => a.trim().replace(/\?$/, ''));
  const declared = typeArguments.every((a) => /^[A-Za-z_][\w.]*$/.test(a) && typesNamed(index, a.split('.').pop() ?? a).length > 0 && !isTaskLike(classifyReturnType(a, false).kind));
  return declared ? { receiver, typeText: typed.typeText } : null;
}
