/** Small helpers over tree-sitter C# nodes: spans, modifiers, names and the shapes parser.md documents. */
import { SyntaxNode, isNamedRow, namedChildOfType } from '../parse/syntaxTable';
import type { Span } from './types';
import { exactly, intern, internedList, internedResult, internedSpanOfRow, none } from './compact';

export const FUNCTION_NODE_TYPES = [
  'method_declaration',
  'local_function_statement',
  'lambda_expression',
  'anonymous_method_expression',
  'accessor_declaration',
  'constructor_declaration',
  'operator_declaration',
  'conversion_operator_declaration',
  'destructor_declaration',
  // Only expression-bodied ones (`int Count => _items.Count;`) have a body of their own; the others are
  // dropped where bodies are built, and their accessors are the bodies.
  'property_declaration',
  'indexer_declaration',
] as const;

export const TYPE_NODE_TYPES = [
  'class_declaration',
  'struct_declaration',
  'record_declaration',
  'interface_declaration',
  'enum_declaration',
  'delegate_declaration',
] as const;

export const LOOP_NODE_TYPES = new Set(['for_statement', 'while_statement', 'do_statement', 'foreach_statement']);

const FUNCTION_SET = new Set<string>(FUNCTION_NODE_TYPES);
export function isFunctionNode(node: SyntaxNode): boolean {
  return FUNCTION_SET.has(node.type);
}

export function spanOf(node: SyntaxNode): Span {
  return internedSpanOfRow(node.table, node.index, node.startIndex, node.endIndex);
}

export function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** The `modifier` children's texts: async, static, public, ... */
export function modifiersOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  const { after, typeId, typeNames, start, end, text } = node.table;
  for (let c = node.index + 1, last = after[node.index]; c < last; c = after[c]) {
    if (typeNames[typeId[c]] === 'modifier') out.push(intern(text.slice(start[c], end[c])));
  }
  return internedList(out);
}

/**
 * The texts of the children (named or not) whose type is one of `types`, in order: a parameter's modifiers. Read
 * from the table's rows, since listing `children` made a node for every child of every parameter.
 */
export function childTextsOfTypes(node: SyntaxNode, types: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const { after, typeId, typeNames, start, end, text } = node.table;
  for (let c = node.index + 1, last = after[node.index]; c < last; c = after[c]) {
    if (types.has(typeNames[typeId[c]] || 'ERROR')) out.push(text.slice(start[c], end[c]));
  }
  return exactly(out);
}

/** The attributes as written, read from the table's rows (every body asks, and most have none). */
export function attributesOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  const { table } = node;
  const { after, typeId, typeNames, start, end, text } = table;
  for (let c = node.index + 1, last = after[node.index]; c < last; c = after[c]) {
    if (typeNames[typeId[c]] !== 'attribute_list') continue;
    for (let a = c + 1, listEnd = after[c]; a < listEnd; a = after[a]) {
      if (isNamedRow(table, a) && typeNames[typeId[a]] === 'attribute') out.push(text.slice(start[a], end[a]));
    }
  }
  return exactly(out);
}

/** Whether an anonymous token of this text is a direct child, e.g. the `await` of `await foreach`. */
export function hasToken(node: SyntaxNode, token: string): boolean {
  return tokenIndex(node, token) >= 0;
}

export function firstToken(node: SyntaxNode, token: string): SyntaxNode | null {
  const at = tokenIndex(node, token);
  return at < 0 ? null : new SyntaxNode(node.table, at);
}

/**
 * The table row of the node's first anonymous child of this type, or -1: read from the table's arrays, since
 * listing `children` made a node object for every child of every statement the model asks about.
 */
function tokenIndex(node: SyntaxNode, token: string): number {
  const { after, typeId, typeNames } = node.table;
  for (let c = node.index + 1, end = after[node.index]; c < end; c = after[c]) {
    if (!isNamedRow(node.table, c) && (typeNames[typeId[c]] || 'ERROR') === token) return c;
  }
  return -1;
}

/** The body of a function-like node: a block, an arrow clause's expression, or a lambda's expression. */
export function bodyOf(node: SyntaxNode): SyntaxNode | null {
  const body = node.childForFieldName('body');
  if (body) return body;
  if (node.type === 'property_declaration' || node.type === 'indexer_declaration') {
    // `int Count => _items.Count;` only: an accessor list's accessors are bodies, and an initializer is not one.
    for (const child of node.namedChildren) if (child && child.type === 'arrow_expression_clause') return child;
    return null;
  }
  if (node.type === 'anonymous_method_expression') {
    for (const child of node.namedChildren) if (child && child.type === 'block') return child;
  }
  for (const child of node.namedChildren) if (child && child.type === 'arrow_expression_clause') return child;
  return null;
}

/** One variable a field declaration declares (`private int _a, _b = 1;` declares two): its name, declarator and the declaration's type. */
export interface DeclaredField {
  name: SyntaxNode;
  declarator: SyntaxNode;
  type: SyntaxNode | null;
}

/**
 * The variables a field or event field declaration declares. Several readers of a type's own fields (its layout, the
 * names it declares, the type a target-typed `new` assigned to a field creates, the fields a handler may touch)
 * share this one reading of the grammar's shape: `field_declaration > variable_declaration > variable_declarator`.
 */
export function declaredFieldsOf(member: SyntaxNode): DeclaredField[] {
  if (member.type !== 'field_declaration' && member.type !== 'event_field_declaration') return [];
  const declaration = namedChildOfType(member, 'variable_declaration');
  if (!declaration) return [];
  const type = declaration.childForFieldName('type');
  const fields: DeclaredField[] = [];
  for (const declarator of declaration.namedChildren) {
    if (!declarator || declarator.type !== 'variable_declarator') continue;
    const name = declarator.childForFieldName('name');
    if (name) fields.push({ name, declarator, type });
  }
  return fields;
}

/** Strips whitespace runs so type texts compare well: `Task< int >` -> `Task<int>`. */
export function normaliseTypeText(text: string): string {
  // A file writes the same few types again and again: within a model each is worked out (five regular expressions) and kept once.
  return internedResult('type', text, normalise);
}

function normalise(text: string): string {
  // A type may hold comments and directives (`ValueTask<\n#nullable disable\n T\n#nullable restore\n>`), and a tuple
  // element's name stays apart from its type (`(ArraySegment<char> Chars, byte[]? Bytes)`).
  const code = /[#/]/.test(text) ? text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ').replace(/^[ \t]*#.*$/gm, ' ') : text;
  return code.replace(/\s+/g, ' ').replace(/\s*([<>,\[\]?()])\s*/g, '$1').replace(/([>\]?)])(?=[A-Za-z_@])/g, '$1 ').replace(/,/g, ', ').trim();
}

/**
 * Splits `A, B<C, D>, E` (type arguments, argument lists) at separators outside <>, (), [] and {}; parts are
 * trimmed and empty ones dropped. The one splitter the model, the cost model and the verdicts share.
 *
 * Argument lists also hold `<` and `>` that are no brackets: a lambda's `=>` (`Any(m => m.Ok, ct)` is two arguments),
 * comparisons (`Take(count > 0, ct)`) and shifts. A `<` opens a type argument list only right after a name
 * (`List<int>`, not `a < b`), and a `>` closes one only while one is open, so those do not hide a separator.
 */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let angles = 0;
  let start = 0;
  const push = (part: string) => {
    const trimmed = part.trim();
    if (trimmed) parts.push(trimmed);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '<') {
      if (/\w/.test(text[i - 1] ?? '') && text[i + 1] !== '=' && text[i + 1] !== '<') angles++;
    } else if (c === '>') {
      if (angles > 0 && text[i - 1] !== '=' && text[i - 1] !== '-' && text[i + 1] !== '=') angles--;
    } else if (c === separator && depth === 0 && angles === 0) {
      push(text.slice(start, i));
      start = i + 1;
    }
  }
  push(text.slice(start));
  return parts;
}

/**
 * The type of one element of a tuple type, for a name a deconstruction declares: `(CancellationToken Token, int
 * Count)` at [0] is `CancellationToken`, `ValueTuple<int, (string, bool)>` at [1, 0] is `string`. The element names
 * a tuple type may give are dropped. Null when the text is no tuple type with that element (a type whose own
 * Deconstruct method would decide, such as KeyValuePair, is not read).
 */
export function tupleElementType(typeText: string, element: readonly number[]): string | null {
  let current = typeText.trim();
  for (const index of element) {
    const elements = tupleElementsOf(current);
    if (!elements || index >= elements.length) return null;
    current = elements[index]!;
  }
  return current;
}

/** The element types of a tuple type written `(A a, B b)` or `ValueTuple<A, B>` / `Tuple<A, B>`; null for any other type. */
function tupleElementsOf(typeText: string): string[] | null {
  const generic = /^(?:global::)?(?:System\.)?(?:ValueTuple|Tuple)\s*<([^]*)>$/.exec(typeText);
  const inner = generic ? generic[1]! : typeText.startsWith('(') && typeText.endsWith(')') ? typeText.slice(1, -1) : null;
  if (inner === null) return null;
  const parts = splitTopLevel(inner);
  if (parts.length < 2) return null;
  // `CancellationTokenSource? Source` names its element; the name is an identifier after the type.
  return parts.map((p) => /^([^]*?[\w>\])?])\s+@?[A-Za-z_]\w*$/.exec(p)?.[1] ?? p);
}

/**
 * The argument texts of an invocation's argument_list, without `ref`/`out` noise kept out of the
 * way: the whole argument text is returned as written.
 */
export function argumentTexts(invocation: SyntaxNode): string[] {
  const args = invocation.childForFieldName('arguments');
  if (!args) return none();
  // Read from the table's rows: this runs for every call of a file, and namedChildren made a node per argument.
  const out: string[] = [];
  const { after, typeId, typeNames, start, end, text } = args.table;
  for (let c = args.index + 1, last = after[args.index]; c < last; c = after[c]) {
    if (isNamedRow(args.table, c) && typeNames[typeId[c]] === 'argument') out.push(intern(text.slice(start[c], end[c])));
  }
  return internedList(out);
}

/** Splits an invocation's callee into receiver text and member name (without type arguments). */
export function calleeOf(invocation: SyntaxNode): { name: string; receiver: string | null; nameNode: SyntaxNode; typeArguments: string[] } | null {
  const fn = invocation.childForFieldName('function');
  if (!fn) return null;
  return memberNameOf(fn);
}

export function memberNameOf(fn: SyntaxNode): { name: string; receiver: string | null; nameNode: SyntaxNode; typeArguments: string[] } | null {
  if (fn.type === 'identifier') return { name: intern(fn.text), receiver: null, nameNode: fn, typeArguments: none() };
  if (fn.type === 'generic_name') {
    const id = namedChildOfType(fn, 'identifier') ?? fn;
    return { name: intern(id.text), receiver: null, nameNode: id, typeArguments: typeArgumentsOf(fn) };
  }
  if (fn.type === 'member_access_expression') {
    const nameNode = fn.childForFieldName('name');
    const expr = fn.childForFieldName('expression');
    if (!nameNode) return null;
    const inner = memberNameOf(nameNode);
    return { name: inner?.name ?? intern(nameNode.text), receiver: expr ? intern(expr.text) : null, nameNode: inner?.nameNode ?? nameNode, typeArguments: inner?.typeArguments ?? none() };
  }
  if (fn.type === 'member_binding_expression') {
    const nameNode = fn.childForFieldName('name');
    if (!nameNode) return null;
    const inner = memberNameOf(nameNode);
    // `x?.M()`: the receiver is the conditional access's condition.
    const access = fn.parent?.type === 'conditional_access_expression' ? fn.parent : fn.parent?.parent;
    const cond = access?.type === 'conditional_access_expression' ? access.childForFieldName('condition') : null;
    return { name: inner?.name ?? intern(nameNode.text), receiver: cond ? intern(cond.text) : null, nameNode: inner?.nameNode ?? nameNode, typeArguments: inner?.typeArguments ?? none() };
  }
  if (fn.type === 'conditional_access_expression') {
    // `x?.M()` parses as an invocation whose function is the whole `x?.M`: the member is the binding after `?.`.
    const cond = fn.childForFieldName('condition');
    const binding = fn.namedChildren.find((c) => c?.type === 'member_binding_expression' && c.startIndex !== cond?.startIndex);
    return binding ? memberNameOf(binding) : null;
  }
  return null;
}

function typeArgumentsOf(generic: SyntaxNode): string[] {
  const list = namedChildOfType(generic, 'type_argument_list');
  return list ? exactly(list.namedChildren.filter((c): c is SyntaxNode => !!c).map((c) => normaliseTypeText(c.text))) : none();
}

/** Skips parentheses upward: the node that gives `(x)` its meaning. */
export function unparenthesisedParent(node: SyntaxNode): { parent: SyntaxNode | null; child: SyntaxNode } {
  let child = node;
  let parent = node.parent;
  while (parent && parent.type === 'parenthesized_expression') {
    child = parent;
    parent = parent.parent;
  }
  return { parent, child };
}

/** A call written as text, taken apart: `a.b.M<T>(x, F(y))` -> receiver `a.b`, name `M`, arguments `x, F(y)`. */
export interface CallText {
  /** The text before the last top-level dot, as written (`x?` for `x?.M()`), or null for an unqualified call. */
  receiver: string | null;
  name: string;
  argumentsText: string;
}

/**
 * Splits the text of a call at its own argument list: the parenthesis that closes the text and the one that
 * opens it, found by depth, so a member call among the arguments (`Write(c, Processor.Create(log))`) is never
 * taken for the call itself, as a greedy pattern would. Null for anything that is not `[receiver.]Name[<...>](...)`.
 */
export function splitCallText(text: string): CallText | null {
  const t = text.trim();
  if (!t.endsWith(')')) return null;
  let depth = 0;
  let open = -1;
  for (let i = t.length - 1; i >= 0; i--) {
    if (t[i] === ')') depth++;
    else if (t[i] === '(' && --depth === 0) {
      open = i;
      break;
    }
  }
  if (open <= 0) return null;
  let end = open;
  while (end > 0 && /\s/.test(t[end - 1])) end--;
  if (t[end - 1] === '>') {
    // Type arguments: `M<List<int>>(...)`.
    let angle = 0;
    let i = end - 1;
    for (; i >= 0; i--) {
      if (t[i] === '>') angle++;
      else if (t[i] === '<' && --angle === 0) break;
      else if (t[i] === '(' || t[i] === ')') return null;
    }
    if (i <= 0) return null;
    end = i;
    while (end > 0 && /\s/.test(t[end - 1])) end--;
  }
  const name = trailingIdentifier(t, end);
  if (!name) return null;
  const before = t.slice(0, end - name.length).trimEnd();
  const argumentsText = t.slice(open + 1, -1);
  if (before === '') return { receiver: null, name, argumentsText };
  if (!before.endsWith('.') || before.length < 2) return null;
  return { receiver: before.slice(0, -1).trimEnd(), name, argumentsText };
}

/**
 * The identifier that ends text[0, end), as `/[A-Za-z_]\w*$/` would match it, or null. Read backwards from `end`, so
 * its cost is the identifier's length: a regular expression anchored only at its end tries every position of the
 * text, and a fluent chain of thousands of calls asks this of every receiver (Smartstore's seed data took 12 s).
 */
export function trailingIdentifier(text: string, end = text.length): string | null {
  let start = end;
  while (start > 0 && isWordCode(text.charCodeAt(start - 1))) start--;
  // The match starts at the first letter or underscore of the word run: `2abc` ends in `abc`.
  while (start < end && isDigitCode(text.charCodeAt(start))) start++;
  return start < end ? text.slice(start, end) : null;
}

/** The text without trailing null-forgiving operators and the white space before them (`x !` is `x`), read backwards. */
export function withoutTrailingBangs(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 33 /* ! */) end--;
  if (end === text.length) return text;
  while (end > 0 && isWhiteSpaceCode(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
const isWordCode = (c: number): boolean => isDigitCode(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
// What `\s` matches in a JavaScript regular expression.
const isWhiteSpaceCode = (c: number): boolean => /\s/.test(String.fromCharCode(c));

/**
 * Calls `visit` with each index of text[start, end) outside brackets and generic argument lists (`Task<int?>`);
 * a visit that returns true ends the walk. The text should have its comments and strings masked.
 */
export function topLevel(text: string, start: number, end: number, visit: (i: number) => boolean): void {
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '<' && /\w/.test(text[i - 1] ?? '')) {
      // `Task<int>`: skip a generic argument list (a comparison has spaces or operands that are not types).
      const close = text.indexOf('>', i);
      if (close !== -1 && /^<[\w.,\s<>?[\]]*>$/.test(text.slice(i, close + 1))) {
        i = close;
        continue;
      }
    }
    if (depth === 0 && visit(i)) return;
  }
}

/** Where the bracket at `open` (`(`, `[` or `{`) closes, counting only brackets of its kind; -1 when it does not. */
export function closingBracket(text: string, open: number): number {
  const o = text.charCodeAt(open);
  // ( ) [ ] { } as char codes: the scan compares codes, not one-character strings (it runs over whole files).
  const c = o === 40 ? 41 : o === 91 ? 93 : o === 123 ? 125 : -1;
  if (c === -1) return -1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === o) depth++;
    else if (code === c && --depth === 0) return i;
  }
  return -1;
}

/**
 * The bracket closing the one at `open` (`(` or `{`), scanning no further than `limit`; -1 when it is not closed
 * before it. Bounded where closingBracket is not: a brace the text never closes costs the scan to `limit` (the end of
 * the body being read), not to the end of the file.
 */
export function closingBracketBefore(text: string, open: number, limit: number): number {
  const opener = text[open];
  const closer = opener === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === opener) depth++;
    else if (c === closer && --depth === 0) return i;
  }
  return -1;
}

/** The `{ ... }` block starting at `at` (braces included) that closes before `limit`, or null. */
export function braceBlockAt(text: string, at: number, limit: number): Span | null {
  if (text[at] !== '{') return null;
  const close = closingBracketBefore(text, at, limit);
  return close === -1 ? null : { start: at, end: close + 1 };
}

/** The offset of the first character at or after `at` that is not whitespace. */
export function skipWhitespace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at])) at++;
  return at;
}

/**
 * The `{` of the innermost block around `at` (before it, not closed before it), or -1. `masked` has its comments and
 * literals blanked (rules/sourceText.ts maskCommentsAndStrings), so that braces inside them do not count.
 */
export function enclosingOpenBrace(masked: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = masked[i];
    if (c === '}') depth++;
    else if (c === '{') { if (depth === 0) return i; depth--; }
  }
  return -1;
}

/** The `}` that closes the innermost block around `from` (at or after it, not opened after it) in masked text, or -1. */
export function enclosingCloseBrace(masked: string, from: number): number {
  let depth = 0;
  for (let i = from; i < masked.length; i++) {
    const c = masked[i];
    if (c === '{') depth++;
    else if (c === '}') { if (depth === 0) return i; depth--; }
  }
  return -1;
}

/**
 * Where the brackets of an array or collection expression written at the start of `text` open and close
 * (`new[] { a, b }`, `new Task[] { a, b }`, `[a, ..more]`: the `{` or `[` and its match); null when the text starts
 * with none. A caller whose text may hold comments or strings passes it masked and slices its own text.
 */
export function arrayWrittenInPlace(text: string): { open: number; close: number } | null {
  const head = /^new\s*(?:[A-Za-z_][\w.]*\s*(?:<[^{}()]*>)?\s*)?\[\s*\]\s*\{/.exec(text) ?? /^\[/.exec(text);
  if (!head) return null;
  const open = head[0].length - 1;
  const close = closingBracket(text, open);
  return close === -1 ? null : { open, close };
}

/** `((x))` -> `x`: the text without parentheses that wrap all of it. */
export function withoutOuterParentheses(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && closingBracket(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

/** Whether the `?` at `i` is a conditional operator's: not part of `?.`, `?[` or `??`. */
export function isConditionalQuestion(text: string, i: number): boolean {
  if (text[i] !== '?') return false;
  const next = text[i + 1];
  return next !== '.' && next !== '[' && next !== '?' && text[i - 1] !== '?';
}

/** `c ? a : b` at the top level: the two branches, or null. */
export function conditionalParts(text: string, start: number, end: number): { whenTrue: Span; whenFalse: Span } | null {
  let question = -1;
  let colon = -1;
  let nested = 0;
  topLevel(text, start, end, (i) => {
    const c = text[i];
    if (c === '?') {
      if (!isConditionalQuestion(text, i)) return false;
      if (question === -1) question = i;
      else nested++;
    } else if (c === ':' && question !== -1 && text[i + 1] !== ':' && text[i - 1] !== ':') {
      if (nested > 0) nested--;
      else {
        colon = i;
        return true;
      }
    }
    return false;
  });
  if (question === -1 || colon === -1) return null;
  return { whenTrue: { start: question + 1, end: colon }, whenFalse: { start: colon + 1, end } };
}

/**
 * A constructed generic type named as a receiver (`PagedList<T>`, `Outer.Box<string, int>`): its simple name and its
 * type arguments as written; null for anything else (a non-generic name, a call, an expression).
 */
export function constructedTypeText(text: string): { name: string; typeArguments: string[] } | null {
  const generic = /^(?:[A-Z]\w*\.)*([A-Z]\w*)\s*<([^()]*)>$/.exec(text.trim());
  return generic ? { name: generic[1], typeArguments: splitTopLevel(generic[2]).map((a) => a.trim()) } : null;
}

/** The text with each whole-word name replaced by its binding: `IRequest<R>` with R = bool gives `IRequest<bool>`. */
export function substituteNames(text: string, bindings: Readonly<Record<string, string>>): string {
  const names = Object.keys(bindings);
  if (!names.length) return text;
  return text.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (n) => bindings[n]!);
}

/**
 * A condition split at `||` or `&&` outside parentheses, brackets, braces and string literals, each part trimmed; one
 * part when there is none (`a || b || (c || d)` gives `a`, `b`, `(c || d)`).
 */
export function splitTopLevelOperator(text: string, op: '&&' | '||'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === '\'') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (depth === 0 && text.startsWith(op, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** `text` with every character a regular expression reads as syntax escaped, to match it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a type text names CancellationToken (or, with `nullable`, also its nullable form), spaces ignored. */
export function isCancellationTokenType(typeText: string | null | undefined, nullable = true): boolean {
  if (!typeText) return false;
  const t = typeText.replace(/\s+/g, '');
  return /^(?:global::)?(?:System\.Threading\.)?CancellationToken\??$/.test(t) && (nullable || !t.endsWith('?'));
}
