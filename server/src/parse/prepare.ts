/**
 * The pre-parse pass: what tree-sitter is shown of a C# file. The compiler preprocesses before it parses, and
 * tree-sitter-c-sharp does not: it parses directives where they stand and both branches of every `#if`, and a
 * directive in a place its grammar does not expect (inside a switch section, between members) can swallow a
 * whole class into one ERROR node. It also rejects some valid C# (C# 14's extension blocks, `async` or `partial` as an identifier, `allows ref struct`,
 * `ref partial struct`, `a?.B = x`, a variable named like an attribute target right after `[` as in `[method]`, a string literal in an interpolation hole right after a `{{` escape). So this
 * pass gives tree-sitter a text of the same length with the same line breaks, in which directives and the code of branches not taken are blanked and those few shapes are rewritten
 * into ones its grammar accepts (and `Get(x) ??= y`, an assignment to a ref-returning call, which its grammar
 * rejects or misreads as a declaration, a list pattern followed by a designation, `is [..] items`, a slice with a pattern after it, `[.. var rest]`, an interpolation format that starts with a colon,
 * `{date::MM/dd}`, variables named `required` or `with`, `$""`, and a query's `from _ in`, whose lone underscore it reads as a discard). Offsets are unchanged, so every position in the tree is a position in the
 * source, and the parser reads node text from the original (parser.ts), so names are what the user wrote.
 */
import { ConditionalStack, readDirective } from './directives';
import { isAssignmentOperatorAt, isIdentifierPart, isIdentifierStart, scanSource, type Candidate, type Span } from './lexer';
import { LOOKAHEAD_LIMIT, MEMBER_MODIFIERS, matchingClose, nextToken, skipType, type Token } from './tokens';

export type { Span } from './lexer';

/** A change the pass made besides blanking, for tests and for readers of the model who wonder. */
export interface SourceRewrite {
  kind: 'extensionBlock' | 'asyncIdentifier' | 'partialIdentifier' | 'attributeTargetIdentifier' | 'allowsRefStruct' | 'refPartial' | 'nullConditionalAssignment' | 'lambdaParameterModifier' | 'assignedCall' | 'emptyAssignedCall' | 'indirectionOfExpression' | 'verbatimQuoteEscape' | 'braceEscapeBeforeHole' | 'designatedListPattern' | 'sliceSubpattern' | 'leadingSlice' | 'listPatternBeforeWhen' | 'formatColon' | 'requiredIdentifier' | 'withIdentifier' | 'emptyInterpolatedString' | 'underscoreRangeVariable';
  span: Span;
}

/** An `async` modifier found in the text, whether or not the tree holds the function it belongs to. */
export interface AsyncDeclaration {
  kind: 'function' | 'lambda';
  /** Offset of the `async` keyword. */
  asyncStart: number;
  /** For functions: the declared name and where it is. */
  name: string | null;
  nameSpan: Span | null;
}

export interface PreprocessorProblem {
  span: Span;
  message: string;
}

export interface PreparedSource {
  /** What tree-sitter parses: the source's length and line breaks, directives and inactive code blanked. */
  parseText: string;
  /** Code in `#if` branches not taken with these symbols, line by line (merged where adjacent). */
  inactive: Span[];
  /** Directive lines, blanked. */
  directives: Span[];
  rewrites: SourceRewrite[];
  asyncDeclarations: AsyncDeclaration[];
  problems: PreprocessorProblem[];
}

/** The symbols used when nothing says which target or configuration a file is built for. */
export const DEFAULT_SYMBOLS: ReadonlySet<string> = new Set(['RELEASE', 'TRACE']);

interface Replacement {
  start: number;
  end: number;
  /** null: blank every character but line breaks. */
  text: string | null;
}

export function prepareSource(source: string, symbols: ReadonlySet<string> = DEFAULT_SYMBOLS): PreparedSource {
  const conditionals = new ConditionalStack(symbols);
  const directives: Span[] = [];
  const inactive: Span[] = [];
  const candidates: Candidate[] = [];
  const problems: PreprocessorProblem[] = [];
  scanSource(source, {
    onDirective(line) {
      directives.push({ start: line.start, end: line.end });
      const problem = conditionals.apply(readDirective(source.slice(line.start, line.end)));
      if (problem) problems.push({ span: { start: line.start, end: line.end }, message: problem });
      return conditionals.active;
    },
    onSkippedLine(span) {
      const last = inactive[inactive.length - 1];
      // Lines in a row merge into one span; the blanking keeps the line breaks between them.
      if (last && /^[\r\n\u2028\u2029\u0085]*$/.test(source.slice(last.end, span.start))) last.end = span.end;
      else inactive.push({ ...span });
    },
    onCandidate(candidate) {
      candidates.push(candidate);
    },
  });
  if (conditionals.depth > 0) problems.push({ span: { start: source.length, end: source.length }, message: `${conditionals.depth} #if without #endif at the end of the file` });

  const blanks: Replacement[] = [...directives, ...inactive].map((s) => ({ start: s.start, end: s.end, text: null }));
  const blanked = blanks.length ? applyReplacements(source, blanks) : source;
  const { rewrites, asyncDeclarations } = rewritesFor(blanked, candidates);
  const replacements: Replacement[] = rewrites.map((r) => ({ start: r.span.start, end: r.span.end, text: replacementFor(r, blanked) }));
  const parseText = replacements.length ? applyReplacements(blanked, replacements) : blanked;
  return { parseText, inactive, directives, rewrites, asyncDeclarations, problems };
}

function replacementFor(r: SourceRewrite, text: string): string {
  const original = text.slice(r.span.start, r.span.end);
  switch (r.kind) {
    // `extension<T>(IQueryable<T> source) where T : class { ... }` -> `class ext<T>(IQueryable<T> source) where T :
    // class { ... }`: the grammar knows no extension block (it reads one as a constructor named `extension` whose
    // members are local functions, or with a constraint as a broken property), and a class with a primary
    // constructor has the same shape: type parameters, one parameter (the receiver), constraints and members. The
    // model (model/extensionBlocks.ts) knows such a class by the word `extension` at its start in the source, and
    // makes its members what the compiler makes them: static methods of the class around it, the receiver their
    // first parameter (`this IQueryable<T> source`).
    case 'extensionBlock': return 'class ext';
    // Same length, a plain identifier: tree-sitter's grammar treats the word `async` as a keyword everywhere.
    case 'asyncIdentifier': return '_sync';
    // Same length, a plain identifier: the grammar reads a statement that starts with the word `partial` as a
    // declaration's modifiers (`partial.Add(x);`, `partial = null;` fail to parse).
    case 'partialIdentifier': return '_artial';
    // Same length, plain identifiers: a statement that starts with a variable named `required` reads to the grammar as
    // a declaration with the `required` modifier (`required.Add(x);`, `required = false;` fail), and a variable named
    // `with` as a `with` expression (`var with = ...`, `is { } with`).
    case 'requiredIdentifier': return '_equired';
    case 'withIdentifier': return '_ith';
    // `from _ in orders` -> `from v in orders`: the grammar reads a lone `_` as a discard, which its `from` clause does
    // not take (it fails, and with it the method and often the rest of the file); in C# it is an identifier there,
    // which the clause's `join`, `select` and member accesses (`_.Id`) use as the grammar already reads them.
    case 'underscoreRangeVariable': return 'v';
    // `$""` -> ` ""`: the grammar fails on an interpolated string with nothing in it; a plain empty string is the same
    // string, and nothing in it holds code.
    case 'emptyInterpolatedString': return ' '.repeat(original.length);
    // Same length, a plain identifier: right after `[` the grammar reads these words as an attribute's target
    // (`[method: Obsolete]`) and fails on a collection expression that starts with a variable of that name
    // (`Methods = [method]`).
    case 'attributeTargetIdentifier': return `_${original.slice(1)}`;
    // A constraint tree-sitter knows; the constraint itself matters to no analysis.
    case 'allowsRefStruct': return 'new()'.padEnd(original.length, ' ');
    // `ref partial struct` -> `ref         struct`: the grammar accepts partial only before ref.
    case 'refPartial': return ' '.repeat(original.length);
    // `a?.B = x` -> `a .B = x`: the assignment as the grammar knows it, minus the null check.
    case 'nullConditionalAssignment': return ' ';
    // `(out Uri a) =>` -> `(    Uri a) =>`: the grammar rejects modifiers on lambda parameters.
    case 'lambdaParameterModifier': return ' '.repeat(original.length);
    // `Get(x) ??= y` -> `Get[x] ??= y`: the grammar's assignment takes no call on its left, and an element access
    // is the nearest shape it does take (its arguments, `out var d` included, stay arguments). The call is a ref
    // accessor (CollectionsMarshal.GetValueRefOrAddDefault, Unsafe.AsRef): no analysis misses it as a call.
    case 'assignedCall': return original === '(' ? '[' : ']';
    // `Get() = v` -> `Get   = v`: an element access needs an index, so an empty argument list goes, and the name
    // (`span.AsRef<long>`) is what is assigned to; a ref accessor's call is nothing an analysis reads.
    case 'emptyAssignedCall': return ' '.repeat(original.length);
    // `*(p + 1)` -> `~(p + 1)`: the grammar takes a pointer indirection only of a name, member or element access
    // (tree-sitter-c-sharp issue 363), so `*(ulong*)p` and `*(p + 1)` fail and take the method around them. Another
    // prefix operator keeps the operand; `~` joins no neighbour into a longer token (`- -` would read as `--`).
    case 'indirectionOfExpression': return '~';
    // `""` inside $@"..." -> two spaces: string content no analysis reads, and no `"""` for the grammar to misread.
    case 'verbatimQuoteEscape': return '  ';
    // `{{` before a hole's `{` -> two spaces: string content no analysis reads, and a hole the grammar then closes
    // where the compiler does (with the escape in front, it ends the string at a literal inside the hole).
    case 'braceEscapeBeforeHole': return '  ';
    // `is [..] items` -> `is {  } items`: the grammar takes no designation after a list pattern, and fails on the
    // method around it. An empty property pattern with the same designation matches what `[..]` matches (any
    // non-null value) and declares the same variable; what the brackets held is blanked, so a designation inside
    // them (`[var first, ..] all`) is not declared. Patterns hold constants, never calls or awaits. Line breaks inside
    // the brackets stay where they are, as every replacement keeps them (a directive line may sit there).
    case 'designatedListPattern': return `{${original.slice(1, -1).replace(/[^\r\n]/g, ' ')}}`;
    // `[.. var rest]` -> `[   var rest]`: the grammar's list pattern takes `..` only alone, so a slice with a pattern
    // after it (C# 11: `["run", .. var rest] => Run(rest)`) fails and takes the method around it. Without the `..` the
    // pattern is an element of the list: it declares the same variables (with the element's type instead of the
    // slice's, which no analysis reads from a pattern) and matches constants as before.
    case 'sliceSubpattern': return '  ';
    // `is [.., 0]` -> `is [_ , 0]`: a list pattern that starts with a lone `..` is read as a collection expression's
    // spread where a `)` or `?` follows it (`if (v is [.., 0]) F();`), which fails. A discard in its place declares
    // nothing either, and no analysis asks how many elements a pattern matches.
    case 'leadingSlice': return '_ ';
    // `[var c, ..] when` -> `(var c, _ ) when`: the grammar takes no `when` clause after a list pattern (a switch
    // section's `case` or a switch expression's arm fails, with the method around it). A positional pattern of the
    // same elements declares the same variables and takes the clause; a lone `..` becomes a discard, and an empty
    // list pattern an empty property pattern (`()` is no pattern).
    case 'listPatternBeforeWhen': return listAsPositionalPattern(original);
    // `{date::MM/dd}` -> `{date: MM/dd}`: the hole's format starts with a colon, and the grammar reads `::` as an alias
    // qualifier; the format is string content no analysis reads.
    case 'formatColon': return ' ';
  }
}

/** Applies non-overlapping replacements of the same length as what they replace. */
function applyReplacements(text: string, replacements: Replacement[]): string {
  const sorted = [...replacements].sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let last = 0;
  for (const r of sorted) {
    if (r.start < last) continue;
    pieces.push(text.slice(last, r.start));
    pieces.push(r.text ?? text.slice(r.start, r.end).replace(/[^\r\n\u2028\u2029\u0085]/g, ' '));
    last = r.end;
  }
  pieces.push(text.slice(last));
  return pieces.join('');
}

/** Decides, for each candidate, whether it needs a rewrite; and lists the async modifiers met on the way. */
function rewritesFor(text: string, candidates: Candidate[]): { rewrites: SourceRewrite[]; asyncDeclarations: AsyncDeclaration[] } {
  const rewrites: SourceRewrite[] = [];
  const asyncDeclarations: AsyncDeclaration[] = [];
  // A chain `a?.b?.c = x` is decided once, at its first `?.`: later ones in it are already settled.
  let chainEnd = -1;
  let previousAssignedClose = -1;
  for (const c of candidates) {
    switch (c.kind) {
      case 'async': {
        const use = asyncUse(text, c.start);
        if (use === 'identifier') rewrites.push({ kind: 'asyncIdentifier', span: { start: c.start, end: c.start + 5 } });
        else asyncDeclarations.push(use);
        break;
      }
      case 'extension':
        if (isExtensionBlockHeader(text, c.start)) rewrites.push({ kind: 'extensionBlock', span: { start: c.start, end: c.start + 9 } });
        break;
      case 'partial': {
        // The modifier is always followed by a word (`partial class`, `partial void M()`, `partial record`); the
        // identifier (a local named partial) by punctuation: `.`, `=`, `;`, `)`, `[`.
        const next = nextToken(text, c.start + 7);
        if (!next || next.kind !== 'identifier') rewrites.push({ kind: 'partialIdentifier', span: { start: c.start, end: c.start + 7 } });
        break;
      }
      case 'required': {
        // The modifier is followed by a member's type (a word, or `(` of a tuple type); the variable by other
        // punctuation: `.`, `=`, `;`, `)`, `,`, `[`.
        const next = nextToken(text, c.start + 8);
        if (next && next.kind === 'punctuation' && next.text !== '(') rewrites.push({ kind: 'requiredIdentifier', span: { start: c.start, end: c.start + 8 } });
        break;
      }
      case 'with': {
        // The operator is followed by `{` (`order with { Total = 0 }`); the word followed by anything else names a
        // variable.
        const next = nextToken(text, c.start + 4);
        if (next && next.text !== '{') rewrites.push({ kind: 'withIdentifier', span: { start: c.start, end: c.start + 4 } });
        break;
      }
      case 'from': {
        // A query's `from` followed by `_` and then `in`; the word `from` anywhere else (a variable, a parameter)
        // is not followed so.
        const variable = nextToken(text, c.start + 4);
        if (variable?.text === '_' && nextToken(text, variable.end)?.text === 'in') rewrites.push({ kind: 'underscoreRangeVariable', span: { start: variable.start, end: variable.end } });
        break;
      }
      case 'emptyInterpolatedString': {
        let dollars = 0;
        while (text[c.start + dollars] === '$') dollars++;
        rewrites.push({ kind: 'emptyInterpolatedString', span: { start: c.start, end: c.start + dollars } });
        break;
      }
      case 'attributeTargetWord': {
        // An attribute target is followed by a colon; the same word without one is an identifier.
        const word = nextToken(text, c.start);
        if (word && previousCodeChar(text, c.start) === '[' && nextToken(text, word.end)?.text !== ':') {
          rewrites.push({ kind: 'attributeTargetIdentifier', span: { start: word.start, end: word.end } });
        }
        break;
      }
      case 'allows': {
        const ref = nextToken(text, c.start + 6);
        const struct = ref?.text === 'ref' ? nextToken(text, ref.end) : null;
        if (struct?.text === 'struct') rewrites.push({ kind: 'allowsRefStruct', span: { start: c.start, end: struct.end } });
        break;
      }
      case 'ref': {
        const partial = nextToken(text, c.start + 3);
        const kind = partial?.text === 'partial' ? nextToken(text, partial.end) : null;
        if (partial && (kind?.text === 'struct' || kind?.text === 'record')) rewrites.push({ kind: 'refPartial', span: { start: partial.start, end: partial.end } });
        break;
      }
      case 'arrow': {
        for (const span of lambdaParameterModifiers(text, c.start)) rewrites.push({ kind: 'lambdaParameterModifier', span });
        rewrites.push(...listPatternRewrites(text, listPatternOfArm(text, c.start)));
        break;
      }
      case 'assignedCloseParen': {
        const open = assignedCallOpenParen(text, c.start, previousAssignedClose);
        previousAssignedClose = c.start;
        if (open === -1) break;
        if (/^\s*$/.test(text.slice(open + 1, c.start))) rewrites.push({ kind: 'emptyAssignedCall', span: { start: open, end: c.start + 1 } });
        else rewrites.push({ kind: 'assignedCall', span: { start: open, end: open + 1 } }, { kind: 'assignedCall', span: { start: c.start, end: c.start + 1 } });
        break;
      }
      case 'starBeforeParen':
        if (isIndirectionOfExpression(text, c.start)) rewrites.push({ kind: 'indirectionOfExpression', span: { start: c.start, end: c.start + 1 } });
        break;
      case 'formatColon':
        rewrites.push({ kind: 'formatColon', span: { start: c.start, end: c.start + 1 } });
        break;
      case 'verbatimQuoteEscape':
      case 'braceEscapeBeforeHole':
        rewrites.push({ kind: c.kind, span: { start: c.start, end: c.start + 2 } });
        break;
      case 'armWhen':
        rewrites.push(...listPatternRewrites(text, listPatternOfArm(text, c.start)));
        break;
      case 'patternWord':
        rewrites.push(...listPatternRewrites(text, listPatternAfter(text, c.start)));
        break;
      case 'nullConditional': {
        if (c.start < chainEnd) break;
        const chain = nullConditionalChain(text, c.start);
        chainEnd = chain.end;
        if (chain.assigned) for (const q of chain.questionMarks) rewrites.push({ kind: 'nullConditionalAssignment', span: { start: q, end: q + 1 } });
        break;
      }
    }
  }
  return { rewrites, asyncDeclarations };
}

/**
 * Whether the word `extension` at `at` starts a C# 14 extension block: it stands where a member starts (after `{`,
 * `}` or `;`), and a parameter list that is not empty follows it (after type parameters, if any), then `{` or
 * constraints. A call statement `extension(x);`, a method named `extension` (a type or modifier before it) and a
 * field of a type named so (a name after it) are not.
 */
function isExtensionBlockHeader(text: string, at: number): boolean {
  const before = previousCodeChar(text, at);
  if (before !== '{' && before !== '}' && before !== ';') return false;
  let open = nextToken(text, at + 9);
  if (open?.text === '<') {
    const end = matchingClose(text, open);
    open = end === -1 ? null : nextToken(text, end);
  }
  if (open?.text !== '(') return false;
  const close = matchingClose(text, open);
  if (close === -1 || nextToken(text, open.end)?.text === ')') return false;
  const after = nextToken(text, close);
  return after?.text === '{' || after?.text === 'where';
}

/** Words that may follow a pattern (or a list pattern's end) rather than name what it declares. */
const NOT_A_DESIGNATION = new Set(['and', 'or', 'when', 'is', 'as', 'with', 'switch', 'not']);

/** A list pattern (`[` to `]`), whether a designation follows it (`is [..] items`), and whether a `when` clause does. */
interface ListPattern {
  span: Span;
  designated: boolean;
  beforeWhen: boolean;
}

/**
 * What the grammar needs changed in a list pattern: a designation after it, which tree-sitter-c-sharp does not accept,
 * replaces the whole pattern (`designatedListPattern`); otherwise each slice with a pattern after it loses its `..`.
 */
function listPatternRewrites(text: string, pattern: ListPattern | null): SourceRewrite[] {
  if (!pattern) return [];
  if (pattern.designated) return [{ kind: 'designatedListPattern', span: pattern.span }];
  if (pattern.beforeWhen) return [{ kind: 'listPatternBeforeWhen', span: pattern.span }];
  return sliceRewrites(text, pattern.span);
}

/**
 * `[var c, .. var rest]` as a positional pattern of the same length, `(var c,    var rest)`: brackets to parentheses,
 * each top-level slice a discard (`..` alone) or its pattern (`..` blanked), nested patterns as they are (a nested
 * list pattern is one the grammar takes); `[]` becomes `{}`.
 */
function listAsPositionalPattern(original: string): string {
  if (/^\[\s*\]$/.test(original)) return `{${original.slice(1, -1)}}`;
  const out = ['('];
  let copied = 1;
  let depth = 0;
  // Tokens, so a constant string or character is read whole (what it holds is no bracket or slice).
  for (let t = nextToken(original, 1); t && t.end < original.length; t = nextToken(original, t.end)) {
    if (t.text === '[' || t.text === '(' || t.text === '{') depth++;
    else if (t.text === ']' || t.text === ')' || t.text === '}') depth--;
    else if (depth === 0 && t.text === '.' && original[t.end] === '.') {
      const second = nextToken(original, t.end)!;
      const after = nextToken(original, second.end);
      // A lone `..` (before `,` or the closing `]`) becomes a discard; one with a pattern after it is blanked.
      const lone = !after || after.text === ',' || after.end >= original.length;
      out.push(original.slice(copied, t.start), lone ? '_ ' : '  ');
      copied = second.end;
      t = second;
    }
  }
  out.push(original.slice(copied, -1), ')');
  return out.join('');
}

/**
 * The slices inside a list pattern (nested ones too) the grammar cannot read: the `..` of each slice a pattern follows
 * (`.. var rest`, `.. [var a, ..]`, `.. { Length: > 1 }`), and a lone `..` right after a `[`. Patterns hold only
 * constants, so no range expression is mistaken for a slice; strings and comments are single tokens.
 */
function sliceRewrites(text: string, span: Span): SourceRewrite[] {
  const out: SourceRewrite[] = [];
  let previous: Token | null = null;
  let at = nextToken(text, span.start);
  while (at && at.end < span.end) {
    const next = nextToken(text, at.end);
    if (at.text === '.' && next?.text === '.' && next.start === at.end) {
      const dots = { start: at.start, end: next.end };
      const after = nextToken(text, next.end);
      if (after && after.text !== ',' && after.text !== ']') out.push({ kind: 'sliceSubpattern', span: dots });
      else if (previous?.text === '[') out.push({ kind: 'leadingSlice', span: dots });
      previous = next;
      at = after;
      continue;
    }
    previous = at;
    at = next;
  }
  return out;
}

/**
 * The list pattern right after the pattern word at `wordStart` (`is`, `and`, `or`, `case`), past a `not`
 * (`is not [.. var rest]`), and whether a designation follows it (`is [..] items`, `case [var head, ..] all:`); else
 * null.
 */
function listPatternAfter(text: string, wordStart: number): ListPattern | null {
  const word = nextToken(text, wordStart);
  let open = word ? nextToken(text, word.end) : null;
  if (open?.text === 'not') open = nextToken(text, open.end);
  if (!open || open.text !== '[') return null;
  const end = matchingClose(text, open);
  if (end === -1) return null;
  const name = nextToken(text, end);
  const designated = name !== null && name.kind === 'identifier' && !NOT_A_DESIGNATION.has(name.text);
  // A `when` clause ends a switch section's pattern, never an `is` expression's.
  return { span: { start: open.start, end }, designated, beforeWhen: word!.text !== 'is' && name?.text === 'when' };
}

/** Accessor keywords: `{ [MethodImpl(...)] get => x; }` is an attribute before an accessor, not a switch arm. */
const ACCESSOR_WORDS = new Set(['get', 'set', 'init', 'add', 'remove']);

/**
 * The list pattern that is the whole pattern of a switch expression arm, right before the arm's `=>` or `when` at
 * `arrow` (`{ ["run", .. var rest] => Run(rest), ... }`), and whether it ends in a designation
 * (`{ [..] rows => rows.Length, ... }`, `, [var head, ..] rest when rest.Length > 1 => head`); else null. Read
 * backwards: a designation if any, a `]`, its `[` (a quote, brace or semicolon in between gives up), and a `{` or `,`
 * before it, where an arm starts.
 */
function listPatternOfArm(text: string, arrow: number): ListPattern | null {
  let i = arrow - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  const nameEnd = i + 1;
  while (i >= 0 && isIdentifierPart(text.charCodeAt(i))) i--;
  const name = text.slice(i + 1, nameEnd);
  const designated = name !== '';
  if (designated && (!isIdentifierStart(name.charCodeAt(0)) || ACCESSOR_WORDS.has(name) || NOT_A_DESIGNATION.has(name))) return null;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== ']') return null;
  const end = i + 1;
  let depth = 0;
  let braces = 0;
  for (let steps = 0; i >= 0 && steps < LOOKAHEAD_LIMIT; i--, steps++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      // A constant string or character (`["run", ..]`, `['\\'', ..]`): back to its opening quote.
      const open = literalOpeningBefore(text, i);
      if (open === -1) return null;
      steps += i - open;
      i = open;
      continue;
    }
    // A property pattern inside (`[.. { Length: > 1 } tail]`) is balanced; an unbalanced `{` or a `;` is the arm's
    // outside.
    if (ch === '}') braces++;
    else if (ch === '{' && --braces < 0) return null;
    else if (ch === ';') return null;
    else if (ch === ']') depth++;
    else if (ch === '[' && --depth === 0) break;
  }
  if (i < 0 || text[i] !== '[' || braces !== 0) return null;
  const before = previousCodeChar(text, i);
  return before === '{' || before === ',' ? { span: { start: i, end }, designated, beforeWhen: !designated && nextToken(text, end)?.text === 'when' } : null;
}

/**
 * The opening quote of the one-line string or character literal whose closing quote is at `close` (`'\\''`, `"a\\"b"`):
 * the nearest quote before it from which a literal read forward, escapes and all, ends there; -1 when none does
 * within a line (a verbatim or raw string, whose quotes read otherwise, is not found and gives up the caller).
 */
function literalOpeningBefore(text: string, close: number): number {
  const quote = text[close];
  for (let open = text.lastIndexOf(quote, close - 1); open !== -1 && close - open <= 256; open = text.lastIndexOf(quote, open - 1)) {
    if (/[\n\r]/.test(text.slice(open + 1, close))) return -1;
    if (text[open - 1] === '\\' || text[open - 1] === '@') continue;
    // tokens.ts reads a one-line literal forward, escapes and all, as this needs.
    if (nextToken(text, open)?.end === close + 1) return open;
  }
  return -1;
}

/** Words after which an operand starts: a `*` after them is a pointer indirection, after another word a multiplication. */
const OPERAND_AFTER = new Set(['return', 'await', 'throw', 'case', 'in', 'yield', 'else', 'do', 'ref', 'out', 'is', 'when', 'and', 'or', 'not', 'checked', 'unchecked']);

/**
 * Whether the `)` at `close` ends a cast that a `*` after it operates on: `(ulong)*(p + 1)`, `(byte*)*(pp + 1)`. The
 * compiler reads `(x)*y` as a cast only when x is a predefined type or a pointer type; else it multiplies.
 */
function closesCast(text: string, close: number): boolean {
  const open = text.lastIndexOf('(', close);
  if (open === -1 || close - open > 64) return false;
  // `sizeof(short) * (n + 1)`, `M(int) * (x)`: parentheses after a name are an argument list, not a cast.
  const before = lastCodeCharBefore(text, open);
  if (before >= 0 && isIdentifierPart(text.charCodeAt(before))) return false;
  return /^\s*(?:(?:sbyte|byte|short|ushort|int|uint|long|ulong|nint|nuint|char|float|double|decimal|bool|object|string|void)\s*\**|[\w.]+\s*\*+)\s*$/.test(text.slice(open + 1, close));
}

/**
 * Whether the `*` at `at`, followed by `(`, is a pointer indirection of an expression the grammar cannot take:
 * the `*` starts an operand (after an operator, an opening bracket, a separator or a keyword such as `return`; after a
 * name, a literal or a closing bracket it multiplies), and the indirection is not assigned to or incremented
 * (`*(p + 1) = v` fails either way, and `*(p) = v`, which parses, would fail as `~(p) = v`).
 */
function isIndirectionOfExpression(text: string, at: number): boolean {
  const k = lastCodeCharBefore(text, at);
  if (k >= 0) {
    const before = text.charCodeAt(k);
    if (isIdentifierPart(before)) {
      if (!OPERAND_AFTER.has(text.slice(wordStart(text, k), k + 1))) return false;
    } else if (text[k] === ')') {
      if (!closesCast(text, k)) return false;
    } else if (text[k] === '*') {
      // `operator byte**(...)`: the stars of a pointer type written against its name.
      let j = k;
      while (j > 0 && text[j - 1] === '*') j--;
      if (j > 0 && (isIdentifierPart(text.charCodeAt(j - 1)) || text[j - 1] === '>')) return false;
    } else if (']"\''.includes(text[k])) return false;
  }
  const open = nextToken(text, at + 1);
  if (!open || open.text !== '(') return false;
  const close = matchingClose(text, open);
  if (close === -1) return false;
  // `*(int*)p = v`: the parentheses hold a cast, and the operand goes on after them.
  let after = nextToken(text, close);
  if (closesCast(text, close - 1)) {
    for (let steps = 0; after && steps < 64; steps++) {
      if (after.kind === 'identifier' || after.text === '.' || after.text === '->') after = nextToken(text, after.end);
      else if (after.text === '(' || after.text === '[') {
        const end = matchingClose(text, after);
        after = end === -1 ? null : nextToken(text, end);
      } else break;
    }
  }
  return !after || !(isAssignmentOperatorAt(text, after.start) || after.text === '++' || after.text === '--');
}

/** The last character of code before `at` (white space and comments skipped: lastCodeCharBefore), or '' when none is found. */
function previousCodeChar(text: string, at: number): string {
  const k = lastCodeCharBefore(text, at);
  return k >= 0 ? text[k] : '';
}

/**
 * Whether the word `async` at `at` is the modifier (of a method, local function, lambda or anonymous method) or
 * an identifier (`bool async`, `Commit(async: true)`, `if (async)`): it is a modifier exactly when what follows
 * reads as the rest of such a declaration.
 */
export function asyncUse(text: string, at: number): AsyncDeclaration | 'identifier' {
  let t = nextToken(text, at + 5);
  const lambda: AsyncDeclaration = { kind: 'lambda', asyncStart: at, name: null, nameSpan: null };
  while (t && t.kind === 'identifier' && MEMBER_MODIFIERS.has(t.text)) t = nextToken(text, t.end);
  if (!t) return 'identifier';
  if (t.text === 'delegate') return lambda;
  if (t.text === '(') {
    const close = matchingClose(text, t);
    if (close === -1) return 'identifier';
    const after = nextToken(text, close);
    if (after?.text === '=>') return lambda;
    // `async (int, string) Load()`: a tuple return type.
    return functionAfterType(text, t.start, at) ?? 'identifier';
  }
  if (t.kind !== 'identifier') return 'identifier';
  const second = nextToken(text, t.end);
  if (second?.text === '=>') return lambda;
  return functionAfterType(text, t.start, at) ?? 'identifier';
}

/** `Task<int> Load(` or `Task<int> Load<T>(` or a typed lambda `Task<int> () =>` after `async`. */
function functionAfterType(text: string, typeStart: number, asyncStart: number): AsyncDeclaration | null {
  const typeEnd = skipType(text, typeStart);
  if (typeEnd === -1 || typeEnd - typeStart > LOOKAHEAD_LIMIT) return null;
  const name = nextToken(text, typeEnd);
  if (!name) return null;
  if (name.text === '(') {
    const close = matchingClose(text, name);
    return close !== -1 && nextToken(text, close)?.text === '=>' ? { kind: 'lambda', asyncStart, name: null, nameSpan: null } : null;
  }
  if (name.kind !== 'identifier') return null;
  // The name may be an explicit interface member (`IQuoteSource.SpotAsync`) or generic (`Load<T>`): read it as a
  // qualified name, then a parameter list must follow.
  const nameEnd = skipType(text, name.start);
  if (nameEnd === -1) return null;
  const after = nextToken(text, nameEnd);
  if (after?.text !== '(') return null;
  const last = lastIdentifierBefore(text, name, nameEnd);
  return { kind: 'function', asyncStart, name: last.text, nameSpan: { start: last.start, end: last.end } };
}

/** The last identifier of a qualified name that starts with `first` and ends before `end`, ignoring type arguments. */
function lastIdentifierBefore(text: string, first: Token, end: number): Token {
  let last = first;
  let depth = 0;
  for (let t: Token | null = first; t && t.start < end; t = nextToken(text, t.end)) {
    if (t.text === '<') depth++;
    else if (t.text === '>') depth--;
    else if (t.kind === 'identifier' && depth === 0) last = t;
  }
  return last;
}

const PARAMETER_MODIFIERS = new Set(['out', 'in', 'ref', 'scoped']);
/** Words before a `(` that still make it a lambda's parameter list rather than a call's or a method's. */
const BEFORE_LAMBDA = new Set(['async', 'static', 'return', 'await', 'yield', 'in', 'out', 'ref', 'is', 'and', 'or', 'when', 'select', 'where']);

/**
 * The `out`/`in`/`ref`/`scoped` modifiers of a lambda's parameters, for the lambda whose `=>` is at `arrow`
 * (`(out Uri a) =>`, `(ref _) =>`). A method's or local function's parameter list before an expression body
 * (`void M(out int x) =>`) is left alone: a name or type arguments come before its `(`.
 */
function lambdaParameterModifiers(text: string, arrow: number): Span[] {
  let k = arrow - 1;
  while (k >= 0 && /\s/.test(text[k])) k--;
  if (text[k] !== ')') return [];
  let depth = 0;
  let open = -1;
  for (let i = k; i >= 0 && k - i < LOOKAHEAD_LIMIT; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) {
      open = i;
      break;
    }
  }
  if (open === -1) return [];
  let b = open - 1;
  while (b >= 0 && /\s/.test(text[b])) b--;
  if (text[b] === '>') return [];
  let w = b;
  while (w >= 0 && /[A-Za-z0-9_]/.test(text[w])) w--;
  const before = text.slice(w + 1, b + 1);
  if (before !== '' && !BEFORE_LAMBDA.has(before)) return [];
  const spans: Span[] = [];
  let expectParameter = true;
  let nest = 0;
  for (let t = nextToken(text, open + 1); t && t.start < k; t = nextToken(text, t.end)) {
    if (t.text === '(' || t.text === '[' || t.text === '<' || t.text === '{') nest++;
    else if (t.text === ')' || t.text === ']' || t.text === '>' || t.text === '}') nest--;
    else if (t.text === ',' && nest === 0) {
      expectParameter = true;
      continue;
    }
    if (expectParameter && nest === 0 && t.kind === 'identifier' && PARAMETER_MODIFIERS.has(t.text)) {
      spans.push({ start: t.start, end: t.end });
      continue;
    }
    if (t.text !== '[' && t.text !== ']') expectParameter = false;
  }
  return spans;
}

/**
 * Reads the member chain that starts with the `?.` or `?[` at `at` and says whether it is the target of an
 * assignment (`a?.B = x`, `a?.B[i] += 1`, C# 14), with the offsets of the chain's `?`s.
 */
function nullConditionalChain(text: string, at: number): { assigned: boolean; questionMarks: number[]; end: number } {
  const questionMarks: number[] = [];
  let pos = at;
  let last: Token | null = null;
  for (let steps = 0; steps < 1000; steps++) {
    if (text[pos] === '?' && (text[pos + 1] === '.' || text[pos + 1] === '[')) {
      questionMarks.push(pos);
      pos++;
    }
    const t = nextToken(text, pos);
    if (!t) break;
    last = t;
    if (t.text === '.') {
      const name = nextToken(text, t.end);
      if (!name || name.kind !== 'identifier') return { assigned: false, questionMarks, end: t.end };
      pos = name.end;
    } else if (t.text === '[' || t.text === '(') {
      const close = matchingClose(text, t);
      if (close === -1) return { assigned: false, questionMarks, end: t.end };
      pos = close;
    } else if (t.text === '!' && text[t.end] !== '=') {
      pos = t.end;
    } else if (t.text === '?.' || (t.text === '?' && text[t.end] === '[')) {
      pos = t.start;
    } else {
      break;
    }
  }
  const assigned = last !== null && isAssignmentOperatorAt(text, last.start);
  return { assigned, questionMarks, end: pos };
}

/**
 * Words that may stand right before a `(` whose group an assignment follows without that group being a call's
 * arguments: `var (a, b) = t` declares, `return (x) = 1` assigns a parenthesized variable, and the statement and
 * operator keywords take a condition or an operand, not arguments.
 */
const NOT_CALLED = new Set([
  'var', 'if', 'while', 'for', 'foreach', 'switch', 'using', 'lock', 'catch', 'when', 'fixed', 'return', 'await', 'throw', 'yield', 'in', 'is',
  'as', 'case', 'not', 'and', 'or', 'typeof', 'sizeof', 'nameof', 'default', 'checked', 'unchecked', 'new', 'base', 'this', 'operator',
  'where', 'select', 'let', 'on', 'equals', 'by', 'orderby', 'group', 'into', 'stackalloc', 'params', 'ref', 'out', 'delegate', 'else', 'do',
]);

/**
 * For the `)` at `close` that an assignment operator follows, the offset of its `(` when the pair is a call's
 * argument list (`Get(x) = v`, `a.Get<T>(x) ??= v`, `Unsafe.AsRef(in s) = default`), else -1. The `(` is found
 * scanning back, then confirmed by reading forward from it to the same `)`, so parentheses inside string
 * literals cannot pair wrongly. The scan stops at `floor`, the candidate before (so a file of `a) = ` repeated
 * stays linear): a call assigned to inside the arguments of another (`G(F(a) = b) = c`) is not rewritten.
 */
function assignedCallOpenParen(text: string, close: number, floor: number): number {
  let depth = 0;
  let open = -1;
  for (let i = close; i > floor && close - i < LOOKAHEAD_LIMIT; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 41 /* ) */) depth++;
    else if (ch === 40 /* ( */ && --depth === 0) {
      open = i;
      break;
    } else if (ch === 59 /* ; */ || ch === 123 /* { */ || ch === 125 /* } */) {
      // An argument list holds a statement end or a brace only inside a lambda's block; none is worth the risk.
      return -1;
    }
  }
  if (open === -1 || matchingClose(text, { kind: 'punctuation', text: '(', start: open, end: open + 1 }) !== close + 1) return -1;
  let b = lastCodeCharBefore(text, open);
  if (text[b] === '>') b = typeArgumentsStart(text, b) - 1;
  if (b < 0 || !isIdentifierPart(text.charCodeAt(b))) return -1;
  const w = wordStart(text, b);
  if (!isIdentifierStart(text.charCodeAt(w)) || NOT_CALLED.has(text.slice(w, b + 1))) return -1;
  return open;
}

/** The offset where the word whose last character is at `end` starts (identifier characters, read backwards). */
function wordStart(text: string, end: number): number {
  let w = end;
  while (w > 0 && isIdentifierPart(text.charCodeAt(w - 1))) w--;
  return w;
}

/**
 * The offset of the last character before `at` that is code: whitespace and comments skipped (a tuple deconstruction
 * under a comment line, `// swap\n(a, b) = (b, a);`, must not read the comment's last word as a called name). A `//`
 * on the line reached is taken to start a comment; one inside a string literal there only makes the caller give up.
 */
function lastCodeCharBefore(text: string, at: number): number {
  let b = at - 1;
  for (let steps = 0; steps < 64; steps++) {
    let crossedLine = false;
    while (b >= 0 && /\s/.test(text[b])) {
      if (text[b] === '\n' || text[b] === '\r') crossedLine = true;
      b--;
    }
    if (b >= 1 && text[b] === '/' && text[b - 1] === '*') {
      const start = text.lastIndexOf('/*', b - 2);
      if (start === -1) return -1;
      b = start - 1;
      continue;
    }
    if (crossedLine && b >= 0) {
      const lineStart = Math.max(text.lastIndexOf('\n', b), text.lastIndexOf('\r', b)) + 1;
      const comment = text.indexOf('//', lineStart);
      if (comment !== -1 && comment <= b) {
        b = comment - 1;
        continue;
      }
    }
    return b;
  }
  return -1;
}

/** The offset of the `<` that opens the type argument list whose `>` is at `end`, or 0 when that is not one. */
function typeArgumentsStart(text: string, end: number): number {
  let depth = 0;
  for (let i = end; i >= 0 && end - i < LOOKAHEAD_LIMIT; i--) {
    const ch = text[i];
    if (ch === '>') depth++;
    else if (ch === '<') {
      if (--depth === 0) return i;
    } else if (!/[\w\s,.?\[\]()*:]/.test(ch)) {
      // Type arguments hold names, tuples, arrays, pointers, nullables and `::`; anything else (`=` of an arrow,
      // an operator) means the `>` compared or pointed.
      return 0;
    }
  }
  return 0;
}
