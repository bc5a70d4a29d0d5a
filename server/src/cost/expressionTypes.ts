/**
 * The type of an expression, read from its text and the declarations around it (locals, parameters, members of
 * workspace types, return types of workspace methods, a few well-known BCL members), so the cost model can size a
 * spilled value, a `var` local or an awaited operand. No compiler: the answer may be null, and callers say so.
 */
import type { MemberSignature, MethodBody } from '../model/types';
import { apiBasesOf, methodsNamed, stripGenerics, typeFamily, typesNamed, type MethodRef, type WorkspaceIndex } from '../workspace/index';
import { BCL_ASYNC_METHODS, winRtAwaitable } from '../knowledge/awaiters';
import { canonicalType, elementTypeOf, formatType, parseType, type TypeExpr } from './typeText';
import { closingBracket, conditionalParts, splitTopLevel, substituteNames } from '../model/syntax';
import { bodyChain, localFunctionIn } from '../model/bodies';
import { apiAwaitOfType, apiExtensionOnWorkspaceType, apiLambdaTargets, apiMemberOfType, apiTypeOfExpression, isStatementExpression, splitArguments, type ExpressionTyping } from '../signatures/expressions';
import { delegateInvokeOf } from '../signatures/members';
import { definitionOf, resolveTypeText, type ApiContext } from '../signatures/resolve';
import { csharpText } from '../signatures/typeText';
import { apiSupertypesOf, type CostApi } from './apiTypes';
// lambdaTargets types the call a lambda is passed to with this module; the cycle is only between function calls.
import { lambdaTargetOf } from './lambdaTargets';

export interface TypingContext {
  body: MethodBody;
  /** All bodies of the body's file, to find the enclosing bodies of a lambda or local function. */
  bodies: readonly MethodBody[];
  index: WorkspaceIndex | null;
  /**
   * The API signature database as the body's file sees it (cost/apiTypes.ts). With it, what the workspace does not
   * declare is typed from the database before the name-based BCL tables are consulted.
   */
  api?: CostApi | null;
}

/** A value's type, or a type used as a receiver of static members (`Task`, `Src`). */
type Typed = { value: string } | { staticType: string };

const MAX_DEPTH = 12;

/** The canonical type text of an expression, or null when it cannot be told from the source. */
export function typeOfExpression(text: string, ctx: TypingContext): string | null {
  const typed = topLevelTypeOf(text, ctx);
  return typed && 'value' in typed ? typed.value : null;
}

/**
 * Answers to questions asked from outside any typing in progress, per body, while the bodies, the index version and
 * the view of the database stay the same: each runtime profile estimates every body again and types its awaits and
 * locals again, with the same answers. A question asked while another is being worked out (through the database,
 * a lambda's body or a lambda's target) may be cut short by the depth guards, so it is neither answered from nor
 * added to this table.
 */
const topLevelAnswers = new WeakMap<MethodBody, { bodies: readonly MethodBody[]; version: number; names: ApiContext | null; answers: Map<string, Typed | null> }>();

function topLevelTypeOf(text: string, ctx: TypingContext): Typed | null {
  if (apiDepth !== 0 || lambdaNesting !== 0 || resolvingLambdas.size !== 0) return typeOf(text, ctx, 0);
  const version = ctx.index?.version ?? -1;
  // Kept per names context, not per CostApi: the runtime profiles a snapshot estimates differ only in struct
  // layouts, which typing never reads (apiTypes.ts shares one names context between them).
  const names = ctx.api?.names ?? null;
  let cache = topLevelAnswers.get(ctx.body);
  if (!cache || cache.bodies !== ctx.bodies || cache.version !== version || cache.names !== names) {
    topLevelAnswers.set(ctx.body, (cache = { bodies: ctx.bodies, version, names, answers: new Map() }));
  }
  const known = cache.answers.get(text);
  if (known !== undefined) return known;
  const typed = typeOf(text, ctx, 0);
  cache.answers.set(text, typed);
  return typed;
}

/** Whether the text names a type (`Src`, `Console`, `string`) rather than a value, as a receiver of static members. */
export function namesType(text: string, ctx: TypingContext): boolean {
  const typed = topLevelTypeOf(text, ctx);
  return !!typed && 'staticType' in typed;
}

/**
 * The type a binary operator's left operand has once converted for the operator: `int * long` computes in long, so
 * a spilled left int is kept as a long; `string + x` in string. Null when an operand's type is not visible.
 */
export function operandTypeOf(left: string, operator: string, right: string, ctx: TypingContext): string | null {
  const l = typeOfExpression(left, ctx);
  if (!l) return null;
  if (!['+', '-', '*', '/', '%', '<', '>', '<=', '>=', '==', '!=', '&', '|', '^'].includes(operator)) return l;
  const r = typeOfExpression(right, ctx);
  if (operator === '+' && (l === 'string' || r === 'string')) return 'string';
  if (!r) return l;
  const rank = (t: string) => NUMERIC_RANK.indexOf(t);
  return rank(l) >= 0 && rank(r) >= 0 ? promote(l, r) : l;
}

/**
 * A static field the compiler reads again after the await instead of copying it (AwaitExpressionSpiller: static
 * readonly fields and constants), or a constant it folds: `Src.Array` when declared `static readonly`, `Limits.Zero`.
 */
export function isRereadableField(text: string, ctx: TypingContext): boolean {
  const m = /^(?:(.+)\.)?@?([A-Za-z_]\w*)$/.exec(text.trim());
  if (!m || !ctx.index) return false;
  const [, qualifier, name] = m;
  let owner: string | null;
  if (qualifier) {
    if (!namesType(qualifier, ctx)) return false;
    owner = parseType(qualifier)?.name ?? null;
  } else {
    if (findVariable(name, ctx)) return false;
    owner = containingTypeOf(ctx);
  }
  if (!owner) return false;
  const member = findMember(ctx.index, owner, name);
  return !!member && member.kind === 'field' && (member.isStatic && !!member.isReadonly);
}

/** The result type of awaiting a value of this type: Task<T> gives T, Task gives void. */
export function awaitResultOf(awaitableType: string): string | null {
  const t = parseType(awaitableType);
  if (!t) return null;
  if (['Task', 'ValueTask', 'ConfiguredTaskAwaitable', 'ConfiguredValueTaskAwaitable'].includes(t.name)) return t.args.length === 1 ? formatType(t.args[0]) : 'void';
  if (t.name === 'YieldAwaitable') return 'void';
  const winRt = winRtAwaitable(t.name, t.args.length);
  if (winRt) return winRt.resultArgument === null ? 'void' : formatType(t.args[winRt.resultArgument]!);
  return null;
}

function typeOf(raw: string, ctx: TypingContext, depth: number): Typed | null {
  if (depth > MAX_DEPTH) return null;
  let text = raw.trim();
  if (!text) return null;
  while (text.endsWith('!') && !text.endsWith('!=')) text = text.slice(0, -1).trim();
  const v = (value: string | null): Typed | null => (value ? { value: canonicalType(value) } : null);

  const literal = literalType(text);
  if (literal !== undefined) return v(literal);

  // `await` binds tighter than any binary operator: `await a + await b` is a sum, not `await (a + await b)`.
  const ternary = splitTernary(text);
  if (ternary) return typeOf(ternary[1], ctx, depth + 1) ?? typeOf(ternary[2], ctx, depth + 1);
  const binary = splitBinary(text);
  if (binary) return binaryType(binary, ctx, depth);
  if (/^await\s/.test(text)) {
    const operand = typeOf(text.slice(5), ctx, depth + 1);
    if (!operand || !('value' in operand)) return null;
    return v(awaitResultOf(operand.value) ?? apiAwaitResultOf(operand.value, ctx));
  }

  if (/^!/.test(text)) return v('bool');
  if (/^(\+\+|--|[-+~])/.test(text)) return typeOf(text.replace(/^(\+\+|--|[-+~])/, ''), ctx, depth + 1);
  if (/^(typeof|nameof|sizeof|default|checked|unchecked)\s*\(/.test(text)) {
    const inner = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    if (text.startsWith('typeof')) return v('Type');
    if (text.startsWith('nameof')) return v('string');
    if (text.startsWith('sizeof')) return v('int');
    if (text.startsWith('default')) return v(inner);
    return typeOf(inner, ctx, depth + 1);
  }
  // An implicitly typed array (`new[] { 7, 42 }`) has the type its elements agree on.
  const implicitArray = /^new\s*\[\s*\]\s*\{/.exec(text);
  if (implicitArray && matchingParen(text, implicitArray[0].length - 1) === text.length - 1) {
    const elements = splitTopLevel(text.slice(implicitArray[0].length, -1)).map((e) => typeOf(e, ctx, depth + 1));
    const types = new Set(elements.map((e) => (e && 'value' in e ? e.value : null)));
    return elements.length > 0 && types.size === 1 && !types.has(null) ? v(`${[...types][0]}[]`) : null;
  }
  const creation = /^new\s+([A-Za-z_][\w.]*(?:<.*?>)?(?:\[[^\]]*\])*)\s*(?:[({[]|$)/.exec(text);
  // `new ServiceCollection().AddHarness()` and `(await find).SingleAsync()`: a created or parenthesized value with a
  // member chain after it is typed through the chain, not as the value itself.
  const head = creation ? creationEnd(text) : text.startsWith('(') ? matchingParen(text, 0) + 1 : 0;
  if (head > 0 && head < text.length && /^\s*(\??\.|!?\.|\?\[|\[)/.test(text.slice(head))) {
    const first = typeOf(text.slice(0, head), ctx, depth + 1);
    const rest = parseChain(`x${text.slice(head).replace(/^\s*!/, '')}`);
    if (!first || !rest || rest.headTypeArguments.length) return null;
    return walkSteps(first, rest.steps, ctx, depth);
  }
  if (creation) {
    const arrayCreation = /^new\s+([A-Za-z_][\w.]*(?:<.*>)?)\s*\[/.exec(text);
    return v(arrayCreation ? `${arrayCreation[1]}[]` : creation[1]);
  }
  const cast = /^\(([A-Za-z_][\w.]*(?:<[^()]*>)?\??(?:\[\])*)\)\s*([\w@"'($].*)$/s.exec(text);
  if (cast && parseType(cast[1]) && !isKnownValueName(cast[1], ctx)) return v(cast[1]);
  if (text.startsWith('(') && matchingParen(text, 0) === text.length - 1) {
    const parts = splitTopLevel(text.slice(1, -1));
    if (parts.length === 1) return typeOf(parts[0], ctx, depth + 1);
    const elements = parts.map((p) => typeOf(p.replace(/^[A-Za-z_]\w*\s*:\s*/, ''), ctx, depth + 1));
    if (elements.some((e) => !e || !('value' in e))) return null;
    return v(`(${elements.map((e) => (e as { value: string }).value).join(', ')})`);
  }
  return postfixChain(text, ctx, depth);
}

function literalType(text: string): string | null | undefined {
  if (/^(true|false)$/.test(text)) return 'bool';
  if (text === 'null' || text === 'default') return null;
  if (/^\$?@?"/.test(text) || /^\$?"""/.test(text) || /^@\$"/.test(text)) return 'string';
  if (/^'(\\.|[^'])+'$/.test(text)) return 'char';
  if (/^(0[xXbB][\da-fA-F_]+|\d[\d_]*)([uU][lL]?|[lL][uU]?)?$/.test(text)) {
    const suffix = /([uU][lL]|[lL][uU]|[lL]|[uU])$/.exec(text)?.[1]?.toLowerCase() ?? '';
    return suffix === 'ul' || suffix === 'lu' ? 'ulong' : suffix === 'l' ? 'long' : suffix === 'u' ? 'uint' : 'int';
  }
  if (/^(\d[\d_]*)?\.?\d[\d_]*([eE][-+]?\d+)?[mMfFdD]?$/.test(text) && /[.eEmMfFdD]/.test(text)) {
    return /[mM]$/.test(text) ? 'decimal' : /[fF]$/.test(text) ? 'float' : 'double';
  }
  return undefined;
}

/** Index of the parenthesis matching the one at `open`, or -1. */
function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = skipString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return text.length;
}

/** Top-level positions of a character sequence, outside brackets and strings. */
function topLevelIndexes(text: string, test: (i: number) => number): { index: number; length: number }[] {
  const out: { index: number; length: number }[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = skipString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) {
      const length = test(i);
      if (length > 0) {
        out.push({ index: i, length });
        i += length - 1;
      }
    }
  }
  return out;
}

/** `c ? a : b` at the top level, by the model's one conditional splitter (model/syntax.ts), or null. */
function splitTernary(text: string): [string, string, string] | null {
  // A native search first: most texts have no `?` at all, and scanning character by character in JavaScript for
  // every nested operand made deeply nested expressions (1,000 awaits) quadratic with a large constant.
  if (!text.includes('?')) return null;
  const masked = maskStrings(text);
  const parts = conditionalParts(masked, 0, masked.length);
  if (!parts || !text.slice(0, parts.whenTrue.start - 1).trim()) return null;
  return [text.slice(0, parts.whenTrue.start - 1), text.slice(parts.whenTrue.start, parts.whenTrue.end), text.slice(parts.whenFalse.start)];
}

/** The text with the inside of its string and character literals blanked, length kept, for the splitters that expect it. */
function maskStrings(text: string): string {
  if (!text.includes('"') && !text.includes("'")) return text;
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"' && text[i] !== "'") continue;
    const end = Math.min(skipString(text, i), text.length - 1);
    out += text.slice(copied, i + 1) + ' '.repeat(Math.max(0, end - i - 1));
    copied = end;
    i = end;
  }
  return out + text.slice(copied);
}

/** Binary operators from the loosest to the tightest; `<` and `>` count only with spaces round them (not generics). */
const BINARY_LEVELS: string[][] = [
  ['??'], ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], [' < ', ' > ', ' <= ', ' >= ', ' is ', ' as '], [' << ', ' >> '], ['+', '-'], ['*', '/', '%'],
];

interface BinarySplit {
  operator: string;
  left: string;
  right: string;
}

/** Characters every binary operator contains (`is` and `as` are matched with spaces round them). */
const ANY_BINARY_OPERATOR = /[?|&^=!<>+\-*\/%]| is | as /;

function splitBinary(text: string): BinarySplit | null {
  // One native scan rules out most operands (`await await ... t`), instead of one per operator level.
  if (!ANY_BINARY_OPERATOR.test(text)) return null;
  for (const level of BINARY_LEVELS) {
    // As in splitTernary: skip a level whose operators do not occur in the text at all.
    if (!level.some((op) => text.includes(op))) continue;
    const hits = topLevelIndexes(text, (i) => {
      for (const op of level) {
        if (!text.startsWith(op, i)) continue;
        if (op === '+' || op === '-') {
          // Not a unary sign, an increment, an exponent or a compound assignment.
          // What precedes, ignoring whitespace (a backward step instead of slicing the whole prefix at every sign).
          let j = i - 1;
          while (j >= 0 && /\s/.test(text[j])) j--;
          if (j < 0 || /[-+*/%&|^!=<>?:(,]/.test(text[j]) || text[i + 1] === op || text[i + 1] === '=' || (/[eE]/.test(text[j]) && j > 0 && /\d/.test(text[j - 1]))) continue;
        }
        if ((op === '|' || op === '&') && (text[i + 1] === op || text[i + 1] === '=' || text[i - 1] === op)) continue;
        if (op === '*' || op === '/' || op === '%' || op === '^') if (text[i + 1] === '=') continue;
        if (op === '==' || op === '!=') if (text[i + 2] === '=') continue;
        return op.length;
      }
      return 0;
    });
    if (hits.length === 0) continue;
    // Left-associative: split at the last operator of the level (?? is right-associative but its type is the same).
    const hit = hits[hits.length - 1];
    const left = text.slice(0, hit.index).trim();
    const right = text.slice(hit.index + hit.length).trim();
    if (!left || !right) continue;
    return { operator: text.slice(hit.index, hit.index + hit.length).trim(), left, right };
  }
  return null;
}

const NUMERIC_RANK = ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'];

function binaryType(split: BinarySplit, ctx: TypingContext, depth: number): Typed | null {
  const { operator, left, right } = split;
  if (['||', '&&', '==', '!=', '<', '>', '<=', '>=', 'is'].includes(operator)) return { value: 'bool' };
  if (operator === 'as') return { value: canonicalType(right) };
  const l = typeOf(left, ctx, depth + 1);
  const r = typeOf(right, ctx, depth + 1);
  const lv = l && 'value' in l ? l.value : null;
  const rv = r && 'value' in r ? r.value : null;
  if (operator === '??') return rv ? { value: rv } : lv ? { value: lv.replace(/\?$/, '') } : null;
  if (operator === '+' && (lv === 'string' || rv === 'string')) return { value: 'string' };
  if (operator === '<<' || operator === '>>') return lv ? { value: promote(lv, 'int') } : null;
  if (!lv || !rv) return lv && /^\d/.test(right) ? { value: promote(lv, 'int') } : rv && /^\d/.test(left) ? { value: promote('int', rv) } : null;
  return { value: promote(lv, rv) };
}

/** C# binary numeric promotion, roughly: the wider of the two, at least int. */
function promote(a: string, b: string): string {
  const rank = (t: string) => NUMERIC_RANK.indexOf(t);
  if (a === b && rank(a) >= 0) return a;
  if (rank(a) < 0 && rank(b) < 0) return ['bool'].includes(a) ? a : 'int';
  return rank(a) >= rank(b) ? (rank(a) < 0 ? 'int' : a) : b;
}

function isKnownValueName(name: string, ctx: TypingContext): boolean {
  return /^[a-z_]/.test(name) && !!findVariable(name, ctx);
}

// ---- member chains: a.b(c)[d].e ----

interface ChainStep {
  kind: 'member' | 'call' | 'index';
  name?: string;
  typeArguments?: string[];
  argumentTexts?: string[];
}

function parseChain(text: string): { head: string; headTypeArguments: string[]; steps: ChainStep[] } | null {
  const headMatch = /^@?([A-Za-z_]\w*)/.exec(text);
  if (!headMatch) return null;
  let i = headMatch[0].length;
  const head = headMatch[1];
  let headTypeArguments: string[] = [];
  const generic = readTypeArguments(text, i);
  if (generic) {
    headTypeArguments = generic.args;
    i = generic.end;
  }
  const steps: ChainStep[] = [];
  while (i < text.length) {
    const c = text[i];
    // A fluent chain is often written one call a line.
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
      continue;
    }
    if (c === '!' && text[i + 1] !== '=') {
      i++;
      continue;
    }
    if (c === '.' || (c === '?' && text[i + 1] === '.')) {
      i += c === '.' ? 1 : 2;
      const m = /^\s*@?([A-Za-z_]\w*)/.exec(text.slice(i));
      if (!m) return null;
      i += m[0].length;
      const step: ChainStep = { kind: 'member', name: m[1] };
      const g = readTypeArguments(text, i);
      if (g && text[g.end] === '(') {
        step.typeArguments = g.args;
        i = g.end;
      }
      steps.push(step);
      continue;
    }
    if (c === '(' || c === '[' || (c === '?' && text[i + 1] === '[')) {
      const open = c === '?' ? i + 1 : i;
      const close = matchingParen(text, open);
      if (close === -1) return null;
      const inner = text.slice(open + 1, close);
      steps.push({ kind: text[open] === '(' ? 'call' : 'index', argumentTexts: splitArguments(inner) });
      i = close + 1;
      continue;
    }
    return null;
  }
  return { head, headTypeArguments, steps };
}

function readTypeArguments(text: string, at: number): { args: string[]; end: number } | null {
  if (text[at] !== '<') return null;
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>') {
      depth--;
      if (depth === 0) {
        const inner = text.slice(at + 1, i);
        if (!/^[\w\s.,<>?[\]()]*$/.test(inner)) return null;
        return { args: splitTopLevel(inner), end: i + 1 };
      }
    } else if (!/[\w\s.,?[\]()]/.test(text[i])) return null;
  }
  return null;
}

function postfixChain(text: string, ctx: TypingContext, depth: number): Typed | null {
  const chain = parseChain(text);
  if (!chain) return null;
  let current: Typed | null;
  let steps = chain.steps;
  if (steps[0]?.kind === 'call') {
    // A call without a receiver: a delegate held in a variable or field (`fetch(1)`), a local function or a method.
    const held = holdsDelegate(chain.head, ctx, depth);
    current = held ? { value: held } : callType(null, chain.head, chain.headTypeArguments, steps[0].argumentTexts ?? [], ctx, depth);
    steps = steps.slice(1);
  } else {
    current = nameType(chain.head, ctx, depth);
    // A generic type named with its arguments (`Cache<T>.Init(...)`) binds its type parameters for the members.
    if (current && 'staticType' in current && chain.headTypeArguments.length) current = { staticType: `${current.staticType}<${chain.headTypeArguments.join(', ')}>` };
  }
  // What the workspace and the tables could not type, the signature database may (`conn.BeginTransaction().RollbackAsync()`).
  return walkSteps(current, steps, ctx, depth) ?? apiExpressionType(text, ctx);
}

/** Where an object creation `new T(...) { ... }` ends in the text, or 0 when it does not read as one. */
function creationEnd(text: string): number {
  const m = /^new\s+[A-Za-z_][\w.]*(?:<[^()]*>)?\s*/.exec(text);
  if (!m) return 0;
  let i = m[0].length;
  if (text[i] === '(') {
    const close = matchingParen(text, i);
    if (close < 0) return 0;
    i = close + 1;
  }
  const afterArguments = i;
  while (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t') i++;
  if (text[i] === '{') {
    const close = matchingParen(text, i);
    return close < 0 ? 0 : close + 1;
  }
  return afterArguments > m[0].length ? afterArguments : 0;
}

/** Types each member access, call, index and invocation of a chain in turn, from the type of its head. */
function walkSteps(start: Typed | null, steps: readonly ChainStep[], ctx: TypingContext, depth: number): Typed | null {
  let current = start;
  for (let s = 0; s < steps.length && current; s++) {
    const step = steps[s];
    if (step.kind === 'member') {
      const next = steps[s + 1];
      // A value of a type parameter has the members of its constraints (`where TConnection : ReplicationConnection`);
      // they come first, since the type parameter itself only reaches the answers by name.
      const receivers = 'value' in current ? [...constraintTypesOf(current.value, ctx).map((c) => ({ value: c })), current] : [current];
      let found: Typed | null = null;
      for (const receiver of receivers) {
        found = next?.kind === 'call'
          ? callType(receiver, step.name!, step.typeArguments ?? [], next.argumentTexts ?? [], ctx, depth)
          : memberType(receiver, step.name!, ctx);
        if (found) break;
      }
      current = found;
      if (next?.kind === 'call') s++;
    } else if (step.kind === 'index') {
      current = 'value' in current ? indexType(current.value) ?? apiIndexerType(current.value, ctx) : null;
    } else if ('value' in current) {
      // Invoking what a member chain gave: a delegate (`handlers[0](x)`, `GetHandler()(x)`).
      const invoked = delegateInvokeResult(current.value, ctx);
      current = invoked ? { value: invoked } : null;
    } else {
      current = null;
    }
  }
  return current;
}

/** A simple name: a local, a parameter, `this`, a member of the containing type, or a type used for static access. */
function nameType(name: string, ctx: TypingContext, depth: number): Typed | null {
  if (name === 'this' || name === 'base') return ctx.body.containingType ? { value: ctx.body.containingType } : null;
  const variable = findVariable(name, ctx);
  if (variable) return variableType(variable, ctx, depth);
  const owner = containingTypeOf(ctx);
  if (owner && ctx.index) {
    const member = findMember(ctx.index, owner, name);
    if (member?.typeText) return { value: canonicalType(member.typeText) };
    const parameter = primaryConstructorParameterType(ctx.index, owner, name);
    if (parameter) return { value: canonicalType(parameter) };
  }
  // A member the containing type inherits from an API base (a controller's `Request`, a DbContext's `Database`).
  const inherited = ctx.api ? apiExpressionType(name, ctx) : null;
  if (inherited) return inherited;
  if (/^[A-Z]/.test(name) || ['string', 'int', 'long', 'double', 'decimal', 'bool', 'char', 'object'].includes(name)) return { staticType: name };
  return null;
}

type Variable = { kind: 'local'; body: MethodBody; local: MethodBody['locals'][number] } | { kind: 'parameter'; body: MethodBody; param: MethodBody['parameters'][number] };

function findVariable(name: string, ctx: TypingContext): Variable | null {
  for (const b of bodyChain(ctx.body, ctx.bodies)) {
    const local = b.locals.find((l) => l.name === name);
    if (local) return { kind: 'local', body: b, local };
    const param = b.parameters.find((p) => p.name === name);
    if (param) return { kind: 'parameter', body: b, param };
  }
  return null;
}

function variableType(variable: Variable, ctx: TypingContext, depth: number): Typed | null {
  if (variable.kind === 'parameter') {
    if (variable.param.typeText) return { value: canonicalType(variable.param.typeText) };
    // An implicitly typed lambda parameter has the type the delegate the lambda converts to gives it.
    const fromTarget = lambdaParameterType(variable.body, variable.body.parameters.indexOf(variable.param), ctx);
    return fromTarget ? { value: canonicalType(fromTarget) } : null;
  }
  const { local, body } = variable;
  if (local.typeText) return { value: canonicalType(local.typeText) };
  if (local.inferredTypeText) return { value: canonicalType(local.inferredTypeText) };
  if (local.kind === 'out') {
    const fromParameter = outArgumentType(local, { ...ctx, body }, depth + 1);
    return fromParameter ? { value: fromParameter } : null;
  }
  if (!local.initializerText) return null;
  const inner: TypingContext = { ...ctx, body };
  const init = typeOf(local.initializerText, inner, depth + 1);
  if (!init || !('value' in init)) return null;
  if (local.kind === 'foreach') {
    const element = elementTypeOf(init.value);
    return element ? { value: element } : null;
  }
  return init;
}

/**
 * The types a type parameter in scope is constrained to (its `where` clause's class and interface types, in order),
 * for a value of that type; empty for anything else. The constraints of the enclosing bodies come first, then those
 * of the containing type.
 */
function constraintTypesOf(typeText: string, ctx: TypingContext): string[] {
  if (!/^[A-Za-z_]\w*$/.test(typeText)) return [];
  let constraints: string[] | undefined;
  for (const b of bodyChain(ctx.body, ctx.bodies)) {
    if (b.typeParameters?.includes(typeText)) {
      constraints = b.typeParameterConstraints?.[typeText];
      break;
    }
  }
  const owner = constraints === undefined ? containingTypeOf(ctx) : null;
  if (owner && ctx.index) {
    const declared = typesNamed(ctx.index, owner).find((r) => r.type.typeParameters.includes(typeText));
    constraints = declared?.type.typeParameterConstraints?.[typeText];
  }
  return (constraints ?? []).filter((c) => !/^(class\??|struct|notnull|unmanaged|new\(\s*\)|default)$/.test(c.trim()) && c.trim() !== typeText);
}

/** Lambda parameter types per lambda body, for one version of the index and one view of the database. */
const lambdaParameters = new WeakMap<MethodBody, { version: number; names: ApiContext | null; types: readonly (string | null)[] }>();
/** Lambdas whose target is being worked out: typing the call they are passed to may lead back to their own parameters. */
const resolvingLambdas = new Set<MethodBody>();

function lambdaParameterType(lambda: MethodBody, at: number, ctx: TypingContext): string | null {
  if ((lambda.kind !== 'lambda' && lambda.kind !== 'anonymousMethod') || at < 0) return null;
  const version = ctx.index?.version ?? -1;
  const api = ctx.api ?? null;
  const names = api?.names ?? null;
  const known = lambdaParameters.get(lambda);
  if (known && known.version === version && known.names === names) return known.types[at] ?? null;
  if (resolvingLambdas.has(lambda)) return null;
  resolvingLambdas.add(lambda);
  try {
    const types = lambdaTargetOf(lambda, ctx.bodies, ctx.index, api)?.parameterTypes ?? [];
    lambdaParameters.set(lambda, { version, names, types });
    return types[at] ?? null;
  } finally {
    resolvingLambdas.delete(lambda);
  }
}

function containingTypeOf(ctx: TypingContext): string | null {
  return bodyChain(ctx.body, ctx.bodies).map((b) => b.containingType).find((t) => t !== null) ?? null;
}

/**
 * A primary constructor parameter of the containing type (`class Repo(ShopContext db)`), which every member sees
 * unless a member of the same name shadows it (members are looked up first, as C# does). Only the type's own
 * declarations count: derived and nested types do not see it. When same-named types disagree, there is no answer.
 */
function primaryConstructorParameterType(index: WorkspaceIndex, typeName: string, name: string): string | null {
  const types = new Set<string>();
  for (const ref of typesNamed(index, typeName)) {
    const parameter = ref.type.primaryConstructorParameters?.find((p) => p.name === name);
    if (parameter?.typeText) types.add(parameter.typeText);
  }
  return types.size === 1 ? [...types][0] : null;
}

const staticUsingsByIndex = new WeakMap<WorkspaceIndex, { version: number; byBodies: WeakMap<readonly MethodBody[], readonly string[]> }>();

/** The types the body's file imports with `using static`, found through the index by the file's list of bodies. */
function staticUsingsOf(ctx: TypingContext): readonly string[] {
  if (!ctx.index) return [];
  let cache = staticUsingsByIndex.get(ctx.index);
  if (!cache || cache.version !== ctx.index.version) {
    const byBodies = new WeakMap<readonly MethodBody[], readonly string[]>();
    for (const model of ctx.index.files.values()) if (model.staticUsings?.length) byBodies.set(model.bodies, model.staticUsings);
    cache = { version: ctx.index.version, byBodies };
    staticUsingsByIndex.set(ctx.index, cache);
  }
  return cache.byBodies.get(ctx.bodies) ?? [];
}

function findMember(index: WorkspaceIndex, typeName: string, name: string) {
  for (const t of typeFamily(index, typeName)) {
    for (const ref of typesNamed(index, t)) {
      const m = ref.type.members.find((x) => x.name === name && x.kind !== 'constructor' && !x.explicitInterface);
      if (m) return m;
    }
  }
  return null;
}

/** Well-known BCL static members, so common spilled values and results get a type. */
const BCL_STATIC_MEMBERS: Record<string, Record<string, string>> = {
  Guid: { Empty: 'Guid' },
  DateTime: { Now: 'DateTime', UtcNow: 'DateTime', Today: 'DateTime', MinValue: 'DateTime', MaxValue: 'DateTime' },
  DateTimeOffset: { Now: 'DateTimeOffset', UtcNow: 'DateTimeOffset', MinValue: 'DateTimeOffset', MaxValue: 'DateTimeOffset' },
  TimeSpan: { Zero: 'TimeSpan', MaxValue: 'TimeSpan', MinValue: 'TimeSpan' },
  CancellationToken: { None: 'CancellationToken' },
  string: { Empty: 'string' },
  String: { Empty: 'string' },
  Task: { CompletedTask: 'Task' },
  ValueTask: { CompletedTask: 'ValueTask' },
  Environment: { NewLine: 'string', ProcessorCount: 'int', TickCount: 'int', TickCount64: 'long' },
  int: { MaxValue: 'int', MinValue: 'int' },
  long: { MaxValue: 'long', MinValue: 'long' },
};

const BCL_STATIC_METHODS: Record<string, Record<string, string>> = {
  Guid: { NewGuid: 'Guid', Parse: 'Guid' },
  TimeSpan: { FromSeconds: 'TimeSpan', FromMilliseconds: 'TimeSpan', FromMinutes: 'TimeSpan', FromHours: 'TimeSpan', FromDays: 'TimeSpan', FromTicks: 'TimeSpan' },
  string: { Join: 'string', Concat: 'string', Format: 'string' },
  String: { Join: 'string', Concat: 'string', Format: 'string' },
  Math: { Max: '', Min: '', Abs: '' },
  int: { Parse: 'int' },
  long: { Parse: 'long' },
  Task: { Run: 'Task', WhenAll: 'Task', Delay: 'Task' },
};

/** Instance members whose type does not depend on the receiver's type arguments. */
const BCL_INSTANCE_MEMBERS: Record<string, string> = {
  Length: 'int', Count: 'int', LongLength: 'long', IsCompleted: 'bool', IsCompletedSuccessfully: 'bool', IsFaulted: 'bool', IsCanceled: 'bool',
  HasValue: 'bool', Ticks: 'long', Message: 'string', Name: 'string', IsCancellationRequested: 'bool', Token: 'CancellationToken',
};

function memberType(receiver: Typed, name: string, ctx: TypingContext): Typed | null {
  const typeName = 'value' in receiver ? receiver.value : receiver.staticType;
  const parsed = parseType(typeName);
  if (ctx.index && parsed) {
    const member = findMember(ctx.index, parsed.name, name);
    if (member?.typeText) return { value: substituteTypeArguments(member.typeText, parsed, ctx.index) };
    if ('staticType' in receiver) {
      // An enum member (`ResultPrimitive.Fault`) is a value of its enum.
      const constant = typesNamed(ctx.index, parsed.name).flatMap((r) => r.type.constants).find((c) => c.name === name);
      if (constant?.typeText) return { value: canonicalType(constant.typeText) };
    }
    if ('staticType' in receiver && typesNamed(ctx.index, receiver.staticType).length > 0) {
      // A nested type used as a qualifier: Outer.Inner.
      const nested = typesNamed(ctx.index, name);
      if (nested.length > 0) return { staticType: name };
    }
  }
  const fromApi = apiMemberType(receiver, name, null, [], ctx);
  if (fromApi) return { value: fromApi };
  if ('staticType' in receiver) {
    const known = BCL_STATIC_MEMBERS[receiver.staticType]?.[name];
    return known ? { value: known } : null;
  }
  if (parsed) {
    if (name === 'Result' && (parsed.name === 'Task' || parsed.name === 'ValueTask') && parsed.args.length === 1) return { value: formatType(parsed.args[0]) };
    if (name === 'Task' && parsed.name === 'TaskCompletionSource') return { value: parsed.args.length ? `Task<${formatType(parsed.args[0])}>` : 'Task' };
    if (name === 'Value' && parsed.nullable) return { value: formatType({ ...parsed, nullable: false }) };
    if ((name === 'Key' || name === 'Value') && parsed.name === 'KeyValuePair' && parsed.args.length === 2) return { value: formatType(parsed.args[name === 'Key' ? 0 : 1]) };
    if (name === 'Current' && parsed.args.length === 1) return { value: formatType(parsed.args[0]) };
  }
  const known = BCL_INSTANCE_MEMBERS[name];
  return known ? { value: known } : null;
}

/** A member declared as `T Value` on `Box<T>` read through `Box<int>` is an int. */
function substituteTypeArguments(memberType: string, receiver: TypeExpr, index: WorkspaceIndex): string {
  if (receiver.args.length === 0) return canonicalType(memberType);
  const decl = typesNamed(index, receiver.name).find((r) => r.type.typeParameters.length === receiver.args.length);
  if (!decl) return canonicalType(memberType);
  const parsed = parseType(memberType);
  if (!parsed) return canonicalType(memberType);
  const bindings = new Map(decl.type.typeParameters.map((p, i) => [p, receiver.args[i]]));
  // `T? Data` read through `Msg<Owner>`, a struct: an Owner, since T? is Nullable<T> only for a struct-constrained T.
  const constraints = decl.type.typeParameterConstraints ?? {};
  const structConstrained = (name: string) => (constraints[name] ?? []).some((c) => c.trim() === 'struct' || c.trim() === 'unmanaged');
  const sub = (t: TypeExpr): TypeExpr => {
    const bound = t.args.length === 0 ? bindings.get(t.name) : undefined;
    if (bound) return { ...bound, nullable: bound.nullable || (t.nullable && structConstrained(t.name)), arrayRank: bound.arrayRank + t.arrayRank };
    return { ...t, args: t.args.map(sub) };
  };
  return formatType(sub(parsed));
}

/**
 * What invoking a delegate of this type returns: Func's last type argument, void for Action, a declared delegate's
 * Invoke return type (with the delegate's type arguments substituted). Null when the type is not a delegate.
 */
export function delegateInvokeResult(typeText: string, ctx: TypingContext): string | null {
  const t = parseType(typeText);
  if (!t) return null;
  if (t.name === 'Func' && t.args.length > 0) return formatType(t.args[t.args.length - 1]);
  if (t.name === 'Action') return 'void';
  if (!ctx.index) return null;
  const declared = typesNamed(ctx.index, t.name).find((r) => r.type.kind === 'delegate' && r.type.typeParameters.length === t.args.length);
  const invoke = declared?.type.members.find((m) => m.name === 'Invoke');
  return invoke?.typeText ? substituteTypeArguments(invoke.typeText, t, ctx.index) : null;
}

/** For `name(...)`: what the delegate held in the local, parameter, field or property `name` returns, or null. */
function holdsDelegate(name: string, ctx: TypingContext, depth: number): string | null {
  const variable = findVariable(name, ctx);
  let typeText: string | null = null;
  if (variable) {
    const typed = variableType(variable, ctx, depth);
    typeText = typed && 'value' in typed ? typed.value : null;
  } else {
    const owner = containingTypeOf(ctx);
    const member = owner && ctx.index ? findMember(ctx.index, owner, name) : null;
    if (member && member.kind !== 'method') typeText = member.typeText;
  }
  return typeText ? delegateInvokeResult(typeText, ctx) : null;
}

function callType(receiver: Typed | null, name: string, typeArguments: string[], args: string[], ctx: TypingContext, depth: number): Typed | null {
  const receiverName = receiver ? ('value' in receiver ? parseType(receiver.value)?.name ?? receiver.value : receiver.staticType) : null;
  // `fetch.Invoke(x)` on a delegate, or `Holder.Fetch(x)` where Fetch is a field or property holding one.
  if (receiver && 'value' in receiver && name === 'Invoke') {
    const invoked = delegateInvokeResult(receiver.value, ctx);
    if (invoked) return { value: invoked };
  }
  const holder = receiver && ctx.index ? parseType('value' in receiver ? receiver.value : receiver.staticType) : null;
  const heldMember = holder ? findMember(ctx.index!, holder.name, name) : null;
  if (heldMember && heldMember.kind !== 'method' && heldMember.typeText) {
    const invoked = delegateInvokeResult(substituteTypeArguments(heldMember.typeText, holder!, ctx.index!), ctx);
    if (invoked) return { value: invoked };
  }
  // Task.FromResult(x) and ValueTask.FromResult(x): the argument's type decides T.
  if (receiverName && (receiverName === 'Task' || receiverName === 'ValueTask') && name === 'FromResult') {
    const t = typeArguments[0] ?? (args[0] ? typeOfExpression(args[0], ctx) : null);
    return t ? { value: `${receiverName}<${canonicalType(t)}>` } : null;
  }
  if (name === 'ToString') return { value: 'string' };
  // Task.WhenAll over Task<T>s returns Task<T[]>, over plain Tasks a Task.
  if (receiverName === 'Task' && name === 'WhenAll') {
    const element = args.length ? whenAllElement(args, ctx) : null;
    return { value: element ? `Task<${element}[]>` : 'Task' };
  }
  if (ctx.index) {
    const workspace = workspaceCallType(receiver, receiverName, name, typeArguments, args, ctx);
    if (workspace) return { value: workspace };
  }
  if (receiver) {
    const fromApi = apiMemberType(receiver, name, args, typeArguments, ctx);
    if (fromApi) return { value: fromApi };
  } else if (ctx.api) {
    // An unqualified call the workspace does not declare: a method the containing type inherits from an API base.
    const inherited = apiExpressionType(`${name}${typeArguments.length ? `<${typeArguments.join(', ')}>` : ''}(${args.join(', ')})`, ctx);
    if (inherited) return inherited;
  }
  const linq = receiver && 'value' in receiver ? linqResultType(receiver.value, name) : null;
  if (linq) return { value: linq };
  if (name === 'GetHashCode' || name === 'CompareTo') return { value: 'int' };
  if (name === 'Equals' || name === 'Contains' || name === 'Any' || name === 'All' || name.startsWith('TryGet') || name === 'TryParse') return { value: 'bool' };
  if (name === 'ConfigureAwait' && receiver && 'value' in receiver) {
    const r = parseType(receiver.value);
    if (r && (r.name === 'Task' || r.name === 'ValueTask')) return { value: `Configured${r.name}Awaitable${r.args.length ? `<${formatType(r.args[0])}>` : ''}` };
    // TaskAsyncEnumerableExtensions: an async sequence gives a configured sequence, anything else (an IAsyncDisposable) a ConfiguredAsyncDisposable.
    const sequence = asyncSequenceElement(receiver.value, ctx);
    if (sequence) return { value: `ConfiguredCancelableAsyncEnumerable<${sequence}>` };
    if (r) return { value: 'ConfiguredAsyncDisposable' };
  }
  if (name === 'WithCancellation' && receiver && 'value' in receiver) {
    const sequence = asyncSequenceElement(receiver.value, ctx);
    if (sequence) return { value: `ConfiguredCancelableAsyncEnumerable<${sequence}>` };
  }
  if (receiver && 'staticType' in receiver) {
    const known = BCL_STATIC_METHODS[receiver.staticType]?.[name];
    if (known) return { value: known };
    if (known === '' && args[0]) return typeOf(args[0], ctx, depth + 1);
  }
  const row = bclAsyncMethod(receiverName, name, args.length);
  if (row) {
    let returns = row.returns;
    const receiverType = receiver && 'value' in receiver ? parseType(receiver.value) : null;
    if (/<T\??>$/.test(returns)) {
      const t = typeArguments[0] ?? (receiverType?.args[0] ? formatType(receiverType.args[0]) : null);
      if (!t) return null;
      returns = returns.replace(/<T(\??)>$/, `<${t}$1>`);
    }
    return { value: canonicalType(returns) };
  }
  return null;
}

/** The element type of an IAsyncEnumerable<T> (or an already configured one), or null for anything else. */
function asyncSequenceElement(typeText: string, _ctx: TypingContext): string | null {
  const t = parseType(typeText);
  if (t && (t.name === 'IAsyncEnumerable' || t.name === 'ConfiguredCancelableAsyncEnumerable') && t.args.length === 1) return formatType(t.args[0]);
  return null;
}

/** The T of Task.WhenAll's Task<T> arguments (or of the one collection of them), or null for plain Tasks. */
function whenAllElement(args: string[], ctx: TypingContext): string | null {
  const types = args.map((a) => typeOfExpression(a, ctx));
  const single = types.length === 1 && types[0] ? elementTypeOf(types[0]) : null;
  const taskTypes = single && /^Task</.test(single) ? [single] : types;
  const results = taskTypes.map((t) => (t ? parseType(t) : null)).map((t) => (t && t.name === 'Task' && t.args.length === 1 ? formatType(t.args[0]) : null));
  return results.length && results.every((r) => r !== null && r === results[0]) ? results[0] : null;
}

/** Element-preserving LINQ operators: enough to type `xs.Where(...).ToList()` for a foreach or a local. */
const LINQ_SEQUENCE = new Set(['Where', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Skip', 'Take', 'SkipWhile', 'TakeWhile', 'Distinct', 'Reverse', 'AsEnumerable', 'Concat', 'Union', 'Intersect', 'Except', 'DistinctBy']);
const LINQ_ELEMENT = new Set(['First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'ElementAt', 'ElementAtOrDefault', 'Min', 'Max']);

function linqResultType(receiverType: string, name: string): string | null {
  const element = elementTypeOf(receiverType);
  if (!element) return null;
  if (LINQ_SEQUENCE.has(name)) return `IEnumerable<${element}>`;
  if (name === 'ToList') return `List<${element}>`;
  if (name === 'ToArray') return `${element}[]`;
  if (name === 'ToHashSet') return `HashSet<${element}>`;
  if (name === 'Count' || name === 'Sum' && element === 'int') return 'int';
  if (name === 'LongCount') return 'long';
  if (LINQ_ELEMENT.has(name)) return element;
  return null;
}

function workspaceCallType(receiver: Typed | null, receiverName: string | null, name: string, typeArguments: string[], args: string[], ctx: TypingContext): string | null {
  if (!receiver) {
    for (const b of bodyChain(ctx.body, ctx.bodies)) {
      const local = localFunctionIn(ctx.bodies, b.id, name);
      if (local?.returnTypeText) return canonicalType(local.returnTypeText);
    }
  }
  const found = workspaceCallCandidates(receiver, receiverName, name, typeArguments, args, ctx);
  if (!found) return null;
  const { candidates, seen } = found;
  // Overloads that agree as declared (`Task<T> AssertType<T>(...)`) but bind T differently still say as much as the
  // declaration does: the awaiter and its size do not depend on T.
  const declared = new Set(candidates.map((m) => canonicalType(m.member!.typeText!)));
  const types = new Set(candidates.map((m) => boundType(m.member!.typeText!, m, seen, typeArguments, args, ctx)));
  if (types.size === 1) return [...types][0]!;
  if (declared.size === 1 && candidates.length > 0) return [...declared][0]!;
  if (candidates.length === 0 && receiver && 'value' in receiver) return workspaceExtensionCallType(receiver.value, name, typeArguments, args, ctx);
  return null;
}

/** A type written in a method's signature, with the receiver's and the call's type arguments put in (`Box<int>.Get()` returns an int). */
function boundType(typeText: string, m: MethodRef, seen: ReadonlyMap<string, TypeExpr> | null, typeArguments: string[], args: string[], ctx: TypingContext): string {
  const bindings = declaringTypeBindings(m, seen, ctx.index!);
  Object.assign(bindings, methodTypeArguments(m.body?.typeParameters ?? m.member?.typeParameters ?? [], m.member!.parameters ?? [], typeText, typeArguments, args, ctx));
  return canonicalType(substituteNames(typeText, bindings));
}

/**
 * The workspace methods a call may bind to (members of the receiver's type and its bases, or of the enclosing types
 * and the `using static` imports for a call without a receiver), narrowed by the arguments. Null when nothing
 * says where to look.
 */
function workspaceCallCandidates(receiver: Typed | null, receiverName: string | null, name: string, typeArguments: string[], args: string[], ctx: TypingContext): { candidates: MethodRef[]; seen: ReadonlyMap<string, TypeExpr> | null } | null {
  const owner = receiver ? receiverName : containingTypeOf(ctx);
  const argumentCount = args.length;
  const receiverType = receiver ? parseType('value' in receiver ? receiver.value : receiver.staticType) : null;
  const seen = receiverType ? workspaceSupertypes(receiverType, ctx.index!) : null;
  // Written type arguments name a method of that generic arity only; a receiver of `Policy` reaches the members of
  // `Policy` and its bases, never those of `Policy<TResult>`, which shares its simple name in the index.
  // An explicit interface implementation is not a member by its simple name: only the interface's declaration is.
  const fits = (m: MethodRef) => !!m.member?.typeText && !m.member.explicitInterface && acceptsArgumentCount(m.member, argumentCount)
    && (typeArguments.length === 0 || m.member.typeParameterCount === typeArguments.length)
    && reachesDeclaringType(m, seen);
  let fitting = owner ? methodsNamed(ctx.index!, name, owner).filter(fits) : [];
  // C# looks members of a class up in the class and its base classes, not in the interfaces it implements (their
  // members are reached through the interface): `Folder.GetNamesAsync` is the class's own method, whatever
  // IFolder.GetNamesAsync returns.
  if (owner && fitting.length > 1 && !isInterfaceName(ctx.index!, owner)) fitting = fitting.filter((m) => m.typeName === null || !isInterfaceName(ctx.index!, m.typeName));
  // Not a member of the enclosing types: a type the file imports with `using static` may declare it (TestUtil.GetTempTableName).
  if (!receiver && fitting.length === 0) {
    for (const imported of staticUsingsOf(ctx)) {
      fitting = methodsNamed(ctx.index!, name, stripGenerics(imported)).filter((m) => fits(m) && m.member!.isStatic);
      if (fitting.length) break;
    }
  }
  if (!owner && fitting.length === 0) return null;
  return { candidates: bestByArguments(fitting, args, 0, ctx), seen };
}

/** Whether every workspace type of this simple name is an interface. */
function isInterfaceName(index: WorkspaceIndex, typeName: string): boolean {
  const refs = typesNamed(index, typeName);
  return refs.length > 0 && refs.every((r) => r.type.kind === 'interface');
}

/**
 * The type of an `out var x` local: the `out` parameter it is passed to (`TryGetTieBreaker(out var key)`), when every
 * workspace method the call may bind to agrees. Null otherwise.
 */
function outArgumentType(local: MethodBody['locals'][number], ctx: TypingContext, depth: number): string | null {
  const site = local.outArgument;
  if (!site || !ctx.index) return null;
  const chain = parseChain(site.invocationText);
  const last = chain?.steps[chain.steps.length - 1];
  if (!chain || last?.kind !== 'call' || chain.headTypeArguments.length) return null;
  const args = last.argumentTexts ?? [];
  let receiver: Typed | null = null;
  let name = chain.head;
  let typeArguments: string[] = [];
  if (chain.steps.length >= 2) {
    const member = chain.steps[chain.steps.length - 2]!;
    if (member.kind !== 'member') return null;
    name = member.name!;
    typeArguments = member.typeArguments ?? [];
    receiver = walkSteps(nameType(chain.head, ctx, depth), chain.steps.slice(0, -2), ctx, depth);
    if (!receiver) return null;
  }
  const receiverName = receiver ? ('value' in receiver ? parseType(receiver.value)?.name ?? receiver.value : receiver.staticType) : null;
  const found = workspaceCallCandidates(receiver, receiverName, name, typeArguments, args, ctx);
  if (!found || found.candidates.length === 0) return null;
  const types = new Set(found.candidates.map((m) => {
    const parameters = m.member!.parameters ?? [];
    const parameter = site.argumentName ? parameters.find((p) => p.name === site.argumentName) : parameters[site.index];
    return parameter?.modifiers.includes('out') ? boundType(parameter.typeText, m, found.seen, typeArguments, args, ctx) : null;
  }));
  return types.size === 1 && !types.has(null) ? [...types][0]! : null;
}

/**
 * Narrows overloads by the arguments whose types are visible, C#-style in the small: a candidate is out when an
 * argument cannot convert to its parameter for a reason the text shows (an array given for a non-array parameter
 * or the reverse, a lambda for a non-delegate), and of the rest those with the most identical parameter types win
 * (`KeyDeleteAsync(RedisKey)` over `KeyDeleteAsync(RedisKey[])` for a RedisKey argument). `skip` is 1 for an
 * extension method called on a receiver. Unknown argument types rule nothing out.
 */
export function bestByArguments<M extends { member: MemberSignature | null; body?: MethodBody | null }>(candidates: readonly M[], args: readonly string[], skip: number, ctx: TypingContext): M[] {
  if (candidates.length < 2 || args.length === 0) return [...candidates];
  const argTypes: (TypeExpr | null | 'lambda' | 'collection')[] = [];
  const argType = (i: number) => {
    if (argTypes[i] === undefined) {
      const text = args[i]!.trim();
      if (/=>|^(?:async\s+)?delegate\b/.test(text) && !/^\(?\s*\w+\s*\)?\s*\?/.test(text)) argTypes[i] = 'lambda';
      else if (text.startsWith('[') && closingBracket(text, 0) === text.length - 1) argTypes[i] = 'collection';
      else {
        const typed = /^[A-Za-z_]\w*\s*:(?!:)/.test(text) ? null : typeOfExpression(text, ctx);
        argTypes[i] = typed ? parseType(typed) : null;
      }
    }
    return argTypes[i]!;
  };
  let best = -1;
  let kept: M[] = [];
  for (const m of candidates) {
    const parameters = m.member?.parameters?.slice(skip);
    if (!parameters) {
      if (best < 0) kept.push(m);
      continue;
    }
    const typeParameters = new Set(m.body?.typeParameters ?? m.member?.typeParameters ?? []);
    let score = 0;
    let fits = true;
    for (let i = 0; i < args.length && fits; i++) {
      const parameter = parameters[Math.min(i, parameters.length - 1)];
      if (!parameter) break;
      const isParams = parameter.modifiers.includes('params');
      let target = parseType(parameter.typeText);
      const actual = argType(i);
      if (!target || actual === null) continue;
      if (actual === 'lambda') {
        if (typeParameters.has(target.name) && target.args.length === 0) continue;
        const fit = lambdaFit(args[i]!, parameter.typeText, typeParameters, ctx);
        fits = fit !== 'no' && isDelegateTypeName(target.name, ctx) !== false;
        if (fit === 'yes') score += 1;
        continue;
      }
      if (actual === 'collection') {
        const fit = collectionExpressionFit(target, ctx);
        fits = fit !== 'no';
        if (fit === 'yes') score += 1;
        continue;
      }
      if (isParams && target.arrayRank > 0 && actual.arrayRank < target.arrayRank) target = { ...target, arrayRank: target.arrayRank - 1 };
      // A bare method type parameter is inferred as the argument's own type: an identity conversion, better than a
      // conversion to object (`ScheduleSend<T>(..., T message)` over `ScheduleSend(..., object message)`).
      if (typeParameters.has(target.name) && target.args.length === 0) {
        if (target.arrayRank === 0) score += 2;
        continue;
      }
      // A number, a string or an enum value never converts to a delegate (`HandleResult(ResultPrimitive.Fault)` is
      // the `TResult result` overload, not the `Func<TResult, bool>` one).
      if (target.arrayRank === 0 && isDelegateTypeName(target.name, ctx) && isNeverDelegate(actual, ctx)) {
        fits = false;
        continue;
      }
      if (formatType(target) === formatType(actual)) {
        score += 2;
        continue;
      }
      const arrayParameter = target.arrayRank > 0;
      const arrayArgument = actual.arrayRank > 0;
      // An array converts to object, to the collection interfaces, or to an array; a non-array to no array.
      if (arrayArgument !== arrayParameter && !(arrayArgument && /^(object|Array|I?(Enumerable|Collection|List|ReadOnlyCollection|ReadOnlyList))$/.test(target.name) && target.arrayRank === 0)) fits = false;
    }
    if (!fits) continue;
    if (score > best) {
      best = score;
      kept = [m];
    } else if (score === best) kept.push(m);
  }
  // On a tie C# prefers the non-generic method (the better function member rules' last tie-breakers).
  const isGeneric = (m: M) => (m.body?.typeParameters ?? m.member?.typeParameters ?? []).length > 0;
  if (kept.length > 1 && kept.some(isGeneric) && kept.some((m) => !isGeneric(m)) && best > 0) kept = kept.filter((m) => !isGeneric(m));
  return kept;
}

/** Collection types and interfaces a collection expression (`[a, b]`) converts to (C# 12, collection expressions). */
const COLLECTION_EXPRESSION_TARGETS = new Set([
  'Span', 'ReadOnlySpan', 'IEnumerable', 'ICollection', 'IList', 'IReadOnlyCollection', 'IReadOnlyList', 'List', 'HashSet',
  'SortedSet', 'Queue', 'Stack', 'LinkedList', 'ImmutableArray', 'ImmutableList', 'ImmutableHashSet', 'FrozenSet',
]);

/**
 * Whether a collection expression can be passed to a parameter of this type: yes for arrays and the collection types
 * above, no for a type that cannot hold one (a keyword type other than object, or a workspace type that does not
 * implement IEnumerable, such as a key struct beside a `Key[]` overload), unknown otherwise.
 */
function collectionExpressionFit(target: TypeExpr, ctx: TypingContext): 'yes' | 'no' | 'unknown' {
  if (target.arrayRank > 0 || COLLECTION_EXPRESSION_TARGETS.has(target.name)) return 'yes';
  if (target.args.length === 0 && KEYWORD_VALUE_TYPES.has(target.name)) return 'no';
  if (ctx.index && typesNamed(ctx.index, target.name).length > 0) {
    const supertypes = workspaceSupertypes(target, ctx.index);
    const enumerable = [...supertypes.values()].some((t) => t.name === 'IEnumerable' || COLLECTION_EXPRESSION_TARGETS.has(t.name)) || apiBasesOf(ctx.index, target.name).length > 0;
    return enumerable ? 'unknown' : 'no';
  }
  return 'unknown';
}

/** What the text of a lambda argument shows: its parameter count, whether it is async, and what its body gives. */
interface LambdaFacts {
  /** Declared parameters; null for `delegate { }`, which fits any delegate. */
  arity: number | null;
  isAsync: boolean;
  /** Whether its body returns a value (an async lambda's `return x;`, a non-void expression body); null when not known. */
  returnsValue: boolean | null;
  /** The type of what it returns (for an async lambda, the T of its task); null when not known. */
  resultType: string | null;
  /** An expression body that may stand as a statement, so the lambda may also drop its value. */
  discardable: boolean;
}

/**
 * Reads a lambda or anonymous method argument (`static async (x, ct) => ...`, `_ => new ValueTask<int>(1)`,
 * `delegate { ... }`). Its body is typed with the lambda's own model body (found by its span among the calling body's
 * lambdas) when that is unique, so a block body's `return` statements count too. Null for anything else.
 */
const lambdaFactsByBody = new WeakMap<MethodBody, Map<string, LambdaFacts | null>>();
/** How deep lambda bodies are being typed to choose overloads: a lambda inside a lambda inside a call is typed, deeper ones are not. */
let lambdaNesting = 0;
const MAX_LAMBDA_NESTING = 2;

function lambdaOf(argument: string, ctx: TypingContext): LambdaFacts | null {
  let known = lambdaFactsByBody.get(ctx.body);
  if (!known) lambdaFactsByBody.set(ctx.body, (known = new Map()));
  const key = `${ctx.index?.version ?? -1}:${argument}`;
  if (known.has(key)) return known.get(key)!;
  if (lambdaNesting >= MAX_LAMBDA_NESTING) return readLambda(argument, ctx, false);
  lambdaNesting++;
  try {
    const facts = readLambda(argument, ctx, true);
    known.set(key, facts);
    return facts;
  } finally {
    lambdaNesting--;
  }
}

function readLambda(argument: string, ctx: TypingContext, typeBody: boolean): LambdaFacts | null {
  const text = argument.trim().replace(/^[A-Za-z_]\w*\s*:(?!:)\s*/, '');
  let rest = text;
  let isAsync = false;
  for (;;) {
    const m = /^(static|async)\b\s*/.exec(rest);
    if (!m) break;
    if (m[1] === 'async') isAsync = true;
    rest = rest.slice(m[0].length);
  }
  let arity: number | null;
  let afterParameters: string;
  if (rest.startsWith('delegate')) {
    rest = rest.slice('delegate'.length).trimStart();
    if (rest.startsWith('(')) {
      const list = parameterList(rest);
      if (!list) return null;
      ({ arity, afterParameters } = list);
    } else {
      arity = null;
      afterParameters = rest;
    }
    if (!afterParameters.startsWith('{')) return null;
  } else {
    if (rest.startsWith('(')) {
      const list = parameterList(rest);
      if (!list) return null;
      ({ arity, afterParameters } = list);
    } else {
      const m = /^[A-Za-z_@]\w*\s*/.exec(rest);
      if (!m) return null;
      arity = 1;
      afterParameters = rest.slice(m[0].length);
    }
    if (!afterParameters.startsWith('=>')) return null;
    afterParameters = afterParameters.slice(2).trimStart();
  }
  if (!typeBody) return { arity, isAsync, returnsValue: null, resultType: null, discardable: false };
  let own = ctx.bodies.filter((b) => (b.kind === 'lambda' || b.kind === 'anonymousMethod') && b.parentId === ctx.body.id && b.span.end - b.span.start === text.length);
  const expressionBody = !afterParameters.startsWith('{');
  // The same lambda text written twice in one method (`list.Select(x => x.Path)` on two lists) is found by length
  // twice; the ones with this very body are typed each, and their answer counts when they agree.
  if (own.length > 1 && expressionBody) own = own.filter((b) => b.returns[0]?.expressionText?.trim() === afterParameters.trim()).slice(0, 4);
  const body = own.length === 1 ? own[0]! : null;
  const typing: TypingContext = body ? { ...ctx, body } : ctx;
  let returnsValue: boolean | null = null;
  let resultType: string | null = null;
  const discardable = expressionBody && isStatementExpression(afterParameters);
  if (expressionBody) {
    // For `async () => await x` this is what the awaited operand gives: void is a lambda that returns nothing.
    const types = new Set((own.length > 1 ? own.map((b) => ({ ...ctx, body: b })) : [typing]).map((t) => typeOfExpression(afterParameters, t)));
    const type = types.size === 1 ? [...types][0]! : null;
    returnsValue = type === null ? null : type !== 'void';
    resultType = type && type !== 'void' ? type : null;
  } else if (body) {
    returnsValue = body.returns.some((r) => r.expressionText !== null);
    const types = new Set(body.returns.filter((r) => r.expressionText !== null).map((r) => typeOfExpression(r.expressionText!, typing)));
    resultType = types.size === 1 && !types.has(null) ? [...types][0]! : null;
  }
  return { arity, isAsync, returnsValue, resultType, discardable };
}

/** A parenthesized parameter list at the start of the text: how many parameters, and the text after it. */
function parameterList(text: string): { arity: number; afterParameters: string } | null {
  const close = matchingParen(text, 0);
  if (close < 0) return null;
  const inside = text.slice(1, close).trim();
  return { arity: inside ? splitTopLevel(inside, ',').length : 0, afterParameters: text.slice(close + 1).trimStart() };
}

/** A delegate type's parameters and return type: Func and Action by their arguments, a workspace delegate by its Invoke, an API delegate by the signatures. */
function delegateShape(typeText: string, ctx: TypingContext): { parameters: string[]; returnText: string } | null {
  const t = parseType(typeText);
  if (!t) return null;
  if (t.name === 'Func' && t.args.length > 0) return { parameters: t.args.slice(0, -1).map(formatType), returnText: formatType(t.args[t.args.length - 1]!) };
  if (t.name === 'Action') return { parameters: t.args.map(formatType), returnText: 'void' };
  if (ctx.index) {
    const declared = typesNamed(ctx.index, t.name).find((r) => r.type.kind === 'delegate' && r.type.typeParameters.length === t.args.length);
    const invoke = declared?.type.members.find((m) => m.name === 'Invoke');
    if (declared && invoke?.typeText) {
      const bindings: Record<string, string> = Object.fromEntries(declared.type.typeParameters.map((p, i) => [p, formatType(t.args[i]!)]));
      return { parameters: (invoke.parameters ?? []).map((p) => substituteNames(p.typeText, bindings)), returnText: substituteNames(invoke.typeText, bindings) };
    }
    if (typesNamed(ctx.index, t.name).length) return null;
  }
  return apiDelegateShapeOf(typeText, ctx);
}

/**
 * Whether a lambda argument converts to a parameter's delegate type, as far as its text shows: 'no' when the
 * parameter counts differ, when an async lambda meets a delegate that returns no task (or a value where the lambda
 * returns none, or the reverse), or when an expression body's task type cannot be the delegate's (`ValueTask<string>`
 * for a `ValueTask`); 'yes' when the return was checked and fits; 'unknown' otherwise. The method's own type
 * parameters in the delegate's return type match any type.
 */
function lambdaFit(argument: string, parameterType: string, typeParameters: ReadonlySet<string>, ctx: TypingContext): 'yes' | 'no' | 'unknown' {
  const lambda = lambdaOf(argument, ctx);
  const shape = lambda ? delegateShape(parameterType, ctx) : null;
  if (!lambda || !shape) return 'unknown';
  if (lambda.arity !== null && lambda.arity !== shape.parameters.length) return 'no';
  const returned = parseType(shape.returnText);
  if (!returned) return 'unknown';
  const family = returned.name === 'void' ? 'void' : (returned.name === 'Task' || returned.name === 'ValueTask') && returned.args.length <= 1 ? `${returned.name}${returned.args.length ? '<>' : ''}` : 'other';
  if (lambda.isAsync) {
    if (family === 'other') return typeParameters.has(returned.name) ? 'unknown' : 'no';
    if (lambda.returnsValue === null) return 'unknown';
    // `async () => await GetAsync()` may drop its value and fit a Func<Task> too, but less well than a Func<Task<T>>.
    if (lambda.returnsValue && !family.endsWith('<>') && lambda.discardable) return 'unknown';
    if (lambda.returnsValue !== family.endsWith('<>')) return 'no';
    // An async lambda converts better to a task-returning delegate than to an Action.
    return family === 'void' ? 'unknown' : 'yes';
  }
  if (lambda.returnsValue === null) return 'unknown';
  if (!lambda.returnsValue) return family === 'void' ? 'yes' : 'unknown';
  if (family === 'void') return 'unknown'; // a call expression may be discarded by an Action
  const produced = lambda.resultType ? parseType(lambda.resultType) : null;
  if (!produced || family === 'other') return 'unknown';
  // A task-typed body fits a task-returning delegate only of its own kind: ValueTask<string> is no ValueTask.
  if ((produced.name === 'Task' || produced.name === 'ValueTask') && produced.args.length <= 1) {
    const producedFamily = `${produced.name}${produced.args.length ? '<>' : ''}`;
    return producedFamily === family ? 'yes' : 'no';
  }
  return 'unknown';
}

const KEYWORD_VALUE_TYPES = new Set(['bool', 'byte', 'sbyte', 'char', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'nint', 'nuint', 'float', 'double', 'decimal', 'string']);

/** A value of this type cannot convert to any delegate: a C# keyword type, an array, or an enum the workspace declares. */
function isNeverDelegate(t: TypeExpr, ctx: TypingContext): boolean {
  if (t.arrayRank > 0 || (KEYWORD_VALUE_TYPES.has(t.name) && t.args.length === 0)) return true;
  const declared = ctx.index ? typesNamed(ctx.index, t.name) : [];
  return declared.length > 0 && declared.every((r) => r.type.kind === 'enum');
}

/** Whether a type name is a delegate (Func, Action, a workspace delegate); null when that is not known. */
function isDelegateTypeName(name: string, ctx: TypingContext): boolean | null {
  if (name === 'Func' || name === 'Action' || name === 'Delegate' || name === 'Expression' || name === 'Predicate') return true;
  if (ctx.index) {
    const declared = typesNamed(ctx.index, name);
    if (declared.length) return declared.some((r) => r.type.kind === 'delegate');
  }
  return null;
}

/** Whether a workspace method can take this many arguments: its required parameters up to all of them, or more with params. */
function acceptsArgumentCount(member: { parameterTypes: string[]; parameters?: { modifiers: string[]; hasDefault: boolean }[] }, count: number): boolean {
  const parameters = member.parameters;
  if (!parameters) return member.parameterTypes.length >= count;
  // Called as a plain method (`Extensions.M(x, y)` included): every parameter is a positional one.
  const own = parameters;
  const required = own.filter((p) => !p.hasDefault && !p.modifiers.includes('params')).length;
  return count >= required && (count <= own.length || own.some((p) => p.modifiers.includes('params')));
}

/** The type parameters of a workspace type bound to the arguments of one instantiation (`Box<T>` as `Box<int>`: T = int). */
function typeParameterBindings(t: TypeExpr, index: WorkspaceIndex): Record<string, string> {
  const decl = typesNamed(index, t.name).find((r) => r.type.typeParameters.length === t.args.length && t.args.length > 0);
  const bindings: Record<string, string> = {};
  decl?.type.typeParameters.forEach((p, i) => (bindings[p] = formatType(t.args[i]!)));
  return bindings;
}

/**
 * Whether a method belongs to a type the receiver really is (`seen`, from workspaceSupertypes): the index keys types
 * by simple name, so `Policy` and `Policy<TResult>` share an entry, but a receiver of one never reaches the other's
 * members. True when the receiver is not known.
 */
export function reachesDeclaringType(m: MethodRef, seen: ReadonlyMap<string, TypeExpr> | null): boolean {
  return !seen || m.typeName === null || m.typeArity === undefined || seen.has(supertypeKey(m.typeName, m.typeArity));
}

/** The declaring type's type parameters as the receiver instantiates them (`AsyncPolicy<int>`: TResult = int). */
export function declaringTypeBindings(m: MethodRef, seen: ReadonlyMap<string, TypeExpr> | null, index: WorkspaceIndex): Record<string, string> {
  const declaring = m.typeName && seen ? seen.get(supertypeKey(m.typeName, m.typeArity ?? 0)) : undefined;
  return declaring ? typeParameterBindings(declaring, index) : {};
}

/**
 * A workspace type and its workspace base types and interfaces as this instantiation sees them, by simple name:
 * `AsyncCircuitBreakerPolicy<int>` gives `AsyncPolicy<int>` for `class AsyncCircuitBreakerPolicy<T> : AsyncPolicy<T>`.
 */
/**
 * The key of a type in workspaceSupertypes: its simple name and generic arity, since a generic and a non-generic type
 * may share a name and derive from each other (MassTransit's `ConsumeContext<out T> : ConsumeContext`).
 */
export function supertypeKey(name: string, arity: number): string {
  return arity ? `${name}\`${arity}` : name;
}

export function workspaceSupertypes(t: TypeExpr, index: WorkspaceIndex): Map<string, TypeExpr> {
  const result = new Map<string, TypeExpr>([[supertypeKey(t.name, t.args.length), t]]);
  const queue = [t];
  while (queue.length && result.size < 64) {
    const current = queue.shift()!;
    const bindings = typeParameterBindings(current, index);
    for (const ref of typesNamed(index, current.name)) {
      if (ref.type.typeParameters.length !== current.args.length) continue;
      for (const base of ref.type.baseTypes) {
        const b = parseType(substituteNames(base, bindings));
        if (!b || result.has(supertypeKey(b.name, b.args.length))) continue;
        result.set(supertypeKey(b.name, b.args.length), b);
        queue.push(b);
      }
    }
  }
  return result;
}

/**
 * A generic method's type arguments: written at the call, else inferred from the arguments the way C# does in the
 * simple cases (a parameter of type T, T[], params T[], or a generic type whose arguments mention T), only when the
 * return type needs them.
 */
/**
 * The method type parameters that `target` (one parameter's type, such as the delegate a lambda goes to) mentions,
 * inferred from the call's other arguments as methodTypeArguments infers them; an empty argument text is skipped.
 */
export function inferredTypeArguments(typeParameters: readonly string[], parameters: readonly { typeText: string; modifiers: string[] }[], target: string, args: readonly string[], ctx: TypingContext): Record<string, string> {
  return methodTypeArguments(typeParameters, parameters, target, [], [...args], ctx);
}

function methodTypeArguments(typeParameters: readonly string[], parameters: readonly { typeText: string; modifiers: string[] }[], returnType: string, written: string[], args: string[], ctx: TypingContext): Record<string, string> {
  const bindings: Record<string, string> = {};
  if (!typeParameters.length) return bindings;
  if (written.length === typeParameters.length) {
    typeParameters.forEach((p, i) => (bindings[p] = canonicalType(written[i]!)));
    return bindings;
  }
  if (!typeParameters.some((p) => new RegExp(`\\b${p}\\b`).test(returnType))) return bindings;
  const names = new Set(typeParameters);
  const ownParameters = parameters[0]?.modifiers.includes('this') ? parameters.slice(1) : parameters;
  args.forEach((arg, i) => {
    if (!arg.trim() || /^[A-Za-z_]\w*\s*:(?!:)/.test(arg)) return;
    const parameter = ownParameters[Math.min(i, ownParameters.length - 1)];
    if (!parameter) return;
    const isParams = parameter.modifiers.includes('params');
    if (i >= ownParameters.length && !isParams) return;
    let target = parseType(parameter.typeText);
    if (!target) return;
    const lambda = lambdaOf(arg, ctx);
    if (lambda) {
      // A lambda binds the type parameters of its delegate's return type from what its body returns.
      const shape = delegateShape(parameter.typeText, ctx);
      const returned = shape ? parseType(shape.returnText) : null;
      const produced = lambda.resultType ? parseType(lambda.resultType) : null;
      if (!returned || !produced) return;
      if (lambda.isAsync) {
        if ((returned.name === 'Task' || returned.name === 'ValueTask') && returned.args.length === 1) unifyWorkspace(returned.args[0]!, produced, names, bindings, ctx);
      } else unifyWorkspace(returned, produced, names, bindings, ctx);
      return;
    }
    const argType = typeOfExpression(arg, ctx);
    const actual = argType ? parseType(argType) : null;
    if (!actual) return;
    if (isParams && target.arrayRank > 0 && actual.arrayRank === 0) target = { ...target, arrayRank: target.arrayRank - 1 };
    unifyWorkspace(target, actual, names, bindings, ctx);
  });
  return bindings;
}

function unifyWorkspace(target: TypeExpr, actual: TypeExpr, names: ReadonlySet<string>, bindings: Record<string, string>, ctx: TypingContext): void {
  if (names.has(target.name) && target.args.length === 0) {
    if (target.arrayRank > 0) {
      if (actual.arrayRank >= target.arrayRank) bindings[target.name] ??= formatType({ ...actual, arrayRank: actual.arrayRank - target.arrayRank, nullable: false });
      return;
    }
    bindings[target.name] ??= formatType({ ...actual, nullable: target.nullable ? false : actual.nullable });
    return;
  }
  let match: TypeExpr | undefined = target.name === actual.name && target.args.length === actual.args.length ? actual : undefined;
  if (!match && ctx.index) {
    const seen = workspaceSupertypes(actual, ctx.index).get(supertypeKey(target.name, target.args.length));
    if (seen) match = seen;
  }
  if (!match && target.args.length === 1) {
    // An IEnumerable<T> parameter given a collection: its element type.
    const element = elementTypeOf(formatType(actual));
    if (element && /^I?(Enumerable|ReadOnlyCollection|ReadOnlyList|Collection|List)$/.test(target.name)) match = { ...target, args: [parseType(element)!] };
  }
  if (!match) return;
  target.args.forEach((a, i) => unifyWorkspace(a, match!.args[i]!, names, bindings, ctx));
}

/**
 * A workspace extension method called on a value (`task.ForAwait()`, `provider.GetTestHarness()`): the candidates
 * whose `this` parameter fits the receiver best (the same generic type, binding its type parameters, before a base
 * type or a bare type parameter), whose argument count fits, and whose return types, with the bindings substituted,
 * agree. Null when none fits or they disagree.
 */
function workspaceExtensionCallType(receiverType: string, name: string, typeArguments: string[], args: string[], ctx: TypingContext): string | null {
  const receiver = parseType(receiverType);
  if (!receiver || !ctx.index) return null;
  const argumentCount = args.length;
  const seen = workspaceSupertypes(receiver, ctx.index);
  let best = 0;
  const ranked: { m: (typeof candidates)[number]; score: number; returns: string }[] = [];
  const candidates = methodsNamed(ctx.index, name, null);
  for (const m of candidates) {
    const parameters = m.member?.parameters;
    if (!m.member?.typeText || !parameters?.length || !parameters[0]!.modifiers.includes('this')) continue;
    const rest = parameters.slice(1);
    const required = rest.filter((p) => !p.hasDefault && !p.modifiers.includes('params')).length;
    if (argumentCount < required || (argumentCount > rest.length && !rest.some((p) => p.modifiers.includes('params')))) continue;
    const typeParameters = m.body?.typeParameters ?? m.member?.typeParameters ?? [];
    const names = new Set(typeParameters);
    const target = parseType(parameters[0]!.typeText);
    if (!target) continue;
    const bindings: Record<string, string> = {};
    let score = 0;
    if (names.has(target.name) && target.args.length === 0) {
      score = 1;
      bindings[target.name] = formatType(receiver);
    } else if (target.name === receiver.name && target.args.length === receiver.args.length && target.arrayRank === receiver.arrayRank) {
      score = 3;
      unifyWorkspace(target, receiver, names, bindings, ctx);
    } else if (seen.has(supertypeKey(target.name, target.args.length))) {
      score = 2;
      unifyWorkspace(target, seen.get(supertypeKey(target.name, target.args.length))!, names, bindings, ctx);
    } else if (isApiSubtype(receiverType, parameters[0]!.typeText, ctx)) {
      score = 2;
    } else continue;
    Object.assign(bindings, methodTypeArguments(typeParameters.filter((p) => !bindings[p]), parameters, m.member.typeText, typeArguments, args, ctx), { ...bindings });
    const returns = canonicalType(substituteNames(m.member.typeText, bindings));
    // An unbound type parameter left in the answer says too little.
    if (typeParameters.some((p) => !bindings[p] && new RegExp(`\\b${p}\\b`).test(returns))) continue;
    best = Math.max(best, score);
    ranked.push({ m, score, returns });
  }
  // The best receiver match first, then the arguments among those.
  const top = ranked.filter((r) => r.score === best);
  const chosen = new Set(bestByArguments(top.map((r) => r.m), args, 1, ctx));
  const answers = new Set(top.filter((r) => chosen.has(r.m)).map((r) => r.returns));
  return answers.size === 1 ? [...answers][0]! : null;
}

/** Whether an API type derives from or implements another (`Task<int>` is a `Task`), by the signature database. */
function isApiSubtype(typeText: string, baseText: string, ctx: TypingContext): boolean {
  const base = parseType(baseText);
  return !!base && apiSupertypeNames(typeText, ctx).includes(base.name);
}

function apiSupertypeNames(typeText: string, ctx: TypingContext): string[] {
  if (!ctx.api) return [];
  const answer = remembered(ctx, `s:${typeText}`, () => apiSupertypesOf(ctx.api!, typeText).join(' '));
  return answer ? answer.split(' ') : [];
}

/** A row of the BCL async-method table: by receiver type when it is known, by name and argument count otherwise. */
export function bclAsyncMethod(receiverType: string | null, name: string, argumentCount: number) {
  const fits = (r: (typeof BCL_ASYNC_METHODS)[number]) => r.name === name && (!r.arguments || (argumentCount >= r.arguments.min && argumentCount <= r.arguments.max));
  const byReceiver = receiverType ? BCL_ASYNC_METHODS.filter((r) => fits(r) && r.receiver !== null && receiverMatches(receiverType, r.receiver)) : [];
  if (byReceiver.length) return byReceiver[0];
  const anyReceiver = BCL_ASYNC_METHODS.filter((r) => fits(r) && r.receiver === null);
  if (anyReceiver.length) return anyReceiver[0];
  // With the receiver's type unknown, the name alone decides when every row of that name agrees.
  const byName = BCL_ASYNC_METHODS.filter(fits);
  const returns = new Set(byName.map((r) => r.returns));
  return returns.size === 1 ? byName[0] : null;
}

function receiverMatches(actual: string, declared: string): boolean {
  if (actual === declared) return true;
  // Derived BCL types keep their base's async methods: FileStream and MemoryStream are Streams, StreamReader a TextReader.
  const families: Record<string, string[]> = {
    Stream: ['FileStream', 'MemoryStream', 'NetworkStream', 'SslStream', 'BufferedStream', 'GZipStream', 'PipeStream'],
    TextReader: ['StreamReader', 'StringReader'],
    TextWriter: ['StreamWriter', 'StringWriter'],
    DbConnection: ['SqlConnection', 'NpgsqlConnection', 'SqliteConnection'],
    DbCommand: ['SqlCommand', 'NpgsqlCommand', 'SqliteCommand'],
    DbDataReader: ['SqlDataReader', 'NpgsqlDataReader', 'SqliteDataReader'],
    HttpClient: ['HttpMessageInvoker'],
  };
  return families[declared]?.includes(actual) ?? false;
}

function indexType(collection: string): Typed | null {
  const t = parseType(collection);
  if (!t) return null;
  if (t.arrayRank > 0) return { value: formatType({ ...t, arrayRank: t.arrayRank - 1 }) };
  if (t.name === 'string') return { value: 'char' };
  if ((t.name === 'Dictionary' || t.name === 'IDictionary' || t.name === 'IReadOnlyDictionary' || t.name === 'ConcurrentDictionary') && t.args.length === 2) return { value: formatType(t.args[1]) };
  if (t.args.length === 1) return { value: formatType(t.args[0]) };
  return null;
}

export { parseChain };

// ---- the API signature database (server/src/signatures), for what the workspace does not declare ----

/** Answers of the database per body and text, while the file's view of the database stays the same. */
const apiAnswers = new WeakMap<MethodBody, { names: ApiContext; answers: Map<string, string | null> }>();
/** How deep API lookups nest (each may type its receiver and arguments again); a guard against runaway chains. */
let apiDepth = 0;
const MAX_API_DEPTH = 16;

function apiTyping(ctx: TypingContext): ExpressionTyping | null {
  if (!ctx.api) return null;
  return {
    api: ctx.api.names,
    typeOf: (sub) => typeOfExpression(sub, ctx),
    isLocalName: (name) => !!findVariable(name, ctx),
    containingBases: containingApiBases(ctx),
    workspaceType: (typeText) => workspaceTypeView(typeText, ctx.index),
    lambdaResultType: (text) => lambdaOf(text, ctx)?.resultType ?? null,
  };
}

function remembered(ctx: TypingContext, key: string, compute: () => string | null): string | null {
  let cache = apiAnswers.get(ctx.body);
  if (!cache || cache.names !== ctx.api!.names) apiAnswers.set(ctx.body, (cache = { names: ctx.api!.names, answers: new Map() }));
  const known = cache.answers.get(key);
  if (known !== undefined) return known;
  if (apiDepth >= MAX_API_DEPTH) return null;
  // A placeholder first, so an expression that leads back to itself ends as unknown.
  cache.answers.set(key, null);
  apiDepth++;
  try {
    const answer = compute();
    cache.answers.set(key, answer);
    return answer;
  } finally {
    apiDepth--;
  }
}

/** The type of a whole expression from the database (unqualified names through the containing type's API bases). */
function apiExpressionType(text: string, ctx: TypingContext): Typed | null {
  if (!ctx.api) return null;
  const answer = remembered(ctx, `e:${text}`, () => {
    const typing = apiTyping(ctx);
    return typing ? apiTypeOfExpression(text, typing)?.typeText ?? null : null;
  });
  return answer ? { value: canonicalType(answer) } : null;
}

/**
 * A member (args null) or call on a receiver whose type is known: the database's answer for an API type, or for the
 * API bases of a workspace type whose own declarations did not answer. Canonical text, or null.
 */
function apiMemberType(receiver: Typed, name: string, args: string[] | null, typeArguments: string[], ctx: TypingContext): string | null {
  if (!ctx.api) return null;
  const isStatic = 'staticType' in receiver;
  const typeText = isStatic ? receiver.staticType : receiver.value;
  const key = `m:${isStatic ? 'static ' : ''}${typeText}|${name}|${typeArguments.join(',')}|${args === null ? '-' : args.join('\u0001')}`;
  const answer = remembered(ctx, key, () => {
    const typing = apiTyping(ctx);
    if (!typing) return null;
    const declared = ctx.index ? typesNamed(ctx.index, parseType(typeText)?.name ?? typeText) : [];
    if (declared.length > 0) {
      // A workspace type: only what it inherits from types outside the workspace (`ShopDb : DbContext`).
      for (const base of apiBasesOf(ctx.index!, parseType(typeText)?.name ?? typeText)) {
        const found = apiMemberOfType(typing, base, isStatic, name, typeArguments, args);
        if (found) return found.typeText;
      }
      // An extension method generic over its receiver (`mock.Received()` returns the mock's own type).
      return args === null || isStatic ? null : apiExtensionOnWorkspaceType(typing, typeText, name, typeArguments, args)?.typeText ?? null;
    }
    return apiMemberOfType(typing, typeText, isStatic, name, typeArguments, args)?.typeText ?? null;
  });
  return answer ? canonicalType(answer) : null;
}

/** What `await` of a value of this type gives, from its GetAwaiter().GetResult() in the database (gRPC's AsyncUnaryCall<T>). */
export function apiAwaitResultOf(typeText: string, ctx: Pick<TypingContext, 'api'>): string | null {
  if (!ctx.api) return null;
  const info = apiAwaitOfType(ctx.api.names, typeText);
  return info ? canonicalType(info.resultText) : null;
}

/** An indexer's type from the database: `IReadOnlyDictionary<string, Foo>`'s `this[string]`, `JsonElement`'s. */
function apiIndexerType(collectionType: string, ctx: TypingContext): Typed | null {
  if (!ctx.api) return null;
  const answer = remembered(ctx, `i:${collectionType}`, () => {
    const typing = apiTyping(ctx);
    return typing ? apiMemberOfType(typing, collectionType, false, 'Item', [], null)?.typeText ?? null : null;
  });
  return answer ? { value: canonicalType(answer) } : null;
}

/** The base types, as written, of the workspace type around the body that the workspace does not declare itself. */
function containingApiBases(ctx: TypingContext): readonly string[] {
  const owner = containingTypeOf(ctx);
  return owner && ctx.index ? apiBasesOf(ctx.index, owner) : [];
}

/** A workspace type's fields and properties (its own and its workspace bases') and its bases outside the workspace. */
function workspaceTypeView(typeText: string, index: WorkspaceIndex | null): { memberType(name: string): string | null; apiBases: readonly string[] } | null {
  const name = parseType(typeText)?.name ?? typeText;
  if (!index || typesNamed(index, name).length === 0) return null;
  return {
    memberType: (member) => {
      const m = findMember(index, name, member);
      return m && m.kind !== 'method' && m.typeText ? m.typeText : null;
    },
    apiBases: apiBasesOf(index, name),
  };
}

/** The delegate types a lambda passed as argument `argIndex` of a call may convert to, from the API signatures. */
export function apiLambdaTargetsOf(ctx: TypingContext, receiver: string | null, name: string, typeArguments: readonly string[], args: readonly string[], argIndex: number): { parameters: string[]; returnText: string }[] {
  const typing = apiTyping(ctx);
  if (!typing) return [];
  try {
    apiDepth++;
    return apiDepth > MAX_API_DEPTH ? [] : apiLambdaTargets(typing, receiver, name, typeArguments, args, argIndex);
  } finally {
    apiDepth--;
  }
}

/** An API delegate type's parameters and return type (`Func<CancellationToken, ValueTask<int>>`, `RequestDelegate`). */
export function apiDelegateShapeOf(typeText: string, ctx: TypingContext): { parameters: string[]; returnText: string } | null {
  if (!ctx.api) return null;
  const type = resolveTypeText(ctx.api.names, typeText);
  if (!type || !definitionOf(ctx.api.names, type)) return null;
  const invoke = delegateInvokeOf(ctx.api.names, type);
  return invoke ? { parameters: invoke.parameters.map((p) => csharpText(p, { qualified: true })), returnText: csharpText(invoke.returnType, { qualified: true }) } : null;
}
