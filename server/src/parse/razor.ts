/**
 * What the analysis reads of a Razor component (`.razor`): the C# of its `@code` and `@functions` blocks, as members
 * of the component's class, in a text of the same length with the same line breaks. Everything else (markup, `@`
 * expressions in it, directives, comments) is blanked, so every offset in the projection is the offset of the same
 * character in the component, and a finding inside a block points where the user wrote it.
 *
 * The Razor compiler generates one partial class per component, named after the file, deriving from
 * `ComponentBase` unless `@inherits` says otherwise, with `@implements` interfaces, `@typeparam` type parameters,
 * `@using` imports and one property per `@inject` (https://learn.microsoft.com/aspnet/core/mvc/views/razor#directives,
 * https://learn.microsoft.com/aspnet/core/blazor/components/#component-classes). The projection writes a class
 * header of that shape, token by token, into the blank space before the first block (C# lets whitespace and line
 * breaks stand between any two tokens), opens the class there and closes it at the last block's closing brace. Its
 * `@using`s read as C# usings where they stand; the typing adds the component defaults and `_Imports.razor`'s.
 *
 * Not projected: the markup's own C# (`@if`, `@foreach`, `@(await ...)`, `@onclick` lambdas, `@{ }` blocks), which
 * the compiler puts in BuildRenderTree; markup templates inside a block
 * (`RenderFragment r = @<p>...</p>;`), which read as `null`, and the `@` of `@if` and its kind in a block. Pure.
 */
import type { Span } from './lexer';
import { isIdentifierPart, isIdentifierStart } from './lexer';

export interface RazorProjection {
  /** The component's C#: the same length and line breaks as the source, everything but the class blanked. */
  text: string;
  /** The `@code`/`@functions` blocks' insides, where the projection is the source. */
  codeBlocks: Span[];
  /** Why the component could not be projected (its text is then all blank), or null. */
  problem: string | null;
  /**
   * Which of the class headers fitted (0: the whole one; headerTiers lists them), when there are blocks; past their
   * number, the component's usings were blanked to make room.
   */
  headerTier?: number;
}

/** Whether a path names a Razor component, whose `@code` blocks the analysis reads (not `.cshtml` pages or views). */
export function isRazorComponent(path: string): boolean {
  return path.toLowerCase().endsWith('.razor');
}

/** The component's class name: its file name without `.razor`, as the Razor compiler names it. */
export function componentNameOf(path: string): string {
  const base = path.replace(/\\/g, '/').split('/').pop() ?? '';
  const name = base.replace(/\.razor$/i, '').replace(/[^\p{L}\p{N}_]/gu, '_');
  return /^[\p{L}_]/u.test(name) ? name : `_${name}`;
}

/** A markup template (`@<p>...</p>`) or a Razor comment inside a block: blanked, a template leaving `null` in its place. */
interface Template extends Span {
  comment?: boolean;
}

interface Directive {
  keyword: string;
  /** The rest of the line after the keyword, trimmed. */
  value: string;
  /** Where the directive's `@` is. */
  start: number;
}

const DIRECTIVES = new Set(['using', 'inject', 'inherits', 'implements', 'typeparam', 'namespace']);
/** The C# statements Razor lets a block write with an `@` in front (`@if`, `@foreach`): the `@` is Razor's. */
const RAZOR_CODE_KEYWORDS = new Set(['if', 'foreach', 'for', 'while', 'do', 'switch', 'using', 'lock', 'try']);
const COMPONENT_BASE = 'Microsoft.AspNetCore.Components.ComponentBase';

/**
 * The text the analysis reads of a source file: a C# file as it is, a Razor component as its projection, or why the
 * component cannot be read.
 */
export function analysisText(path: string, text: string): { text: string } | { reason: string } {
  if (!isRazorComponent(path)) return { text };
  const projected = projectRazor(text, componentNameOf(path));
  return projected.problem ? { reason: `not analysed: ${projected.problem}` } : { text: projected.text };
}

/**
 * The namespaces every component imports without saying so (the Razor compiler's default imports for components:
 * dotnet/razor src/Compiler/Microsoft.CodeAnalysis.Razor.Compiler/src/Language/Components/ComponentImportProjectFeature.cs,
 * `DefaultUsingImportContent`). The typing adds them, and the usings of the `_Imports.razor` files above a component,
 * to the component's own (workspace/index.ts `usingsInScope`).
 */
export const COMPONENT_DEFAULT_USINGS: readonly string[] = ['System', 'System.Collections.Generic', 'System.Linq', 'System.Threading.Tasks', 'Microsoft.AspNetCore.Components'];

/** Whether a path names an `_Imports.razor` file, whose `@using`s apply to the components of its folder and below. */
export function isComponentImports(path: string): boolean {
  return /(^|[\\/])_Imports\.razor$/i.test(path);
}

export function projectRazor(source: string, componentName: string): RazorProjection {
  try {
    return projected(source, componentName);
  } catch (err) {
    // Hostile text (interpolations nested past the stack's depth) must not take the host down: the component is
    // skipped with the reason.
    return failed(source, `the component could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

function projected(source: string, componentName: string): RazorProjection {
  const out = blankedCopy(source);
  const blocks: Span[] = [];
  const templates: Template[] = [];
  const transitions: number[] = [];
  const directives: Directive[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c !== 64 /* @ */) {
      i++;
      continue;
    }
    if (source[i + 1] === '*') {
      const close = source.indexOf('*@', i + 2);
      i = close === -1 ? n : close + 2;
      continue;
    }
    // `name@host` in text is an address, not Razor.
    if (i > 0 && isIdentifierPart(source.charCodeAt(i - 1))) {
      i++;
      continue;
    }
    const word = identifierAt(source, i + 1);
    if (word === 'code' || word === 'functions') {
      let j = i + 1 + word.length;
      while (j < n && /\s/.test(source[j])) j++;
      if (source[j] === '{') {
        const close = blockEnd(source, j, templates, transitions);
        if (close === -1) return failed(source, `the @${word} block that starts on line ${lineOf(source, i)} has no closing brace`);
        blocks.push({ start: j + 1, end: close });
        i = close + 1;
        continue;
      }
    }
    if (word && DIRECTIVES.has(word) && atLineStart(source, i)) {
      const end = lineEnd(source, i);
      directives.push({ keyword: word, value: source.slice(i + 1 + word.length, end).trim(), start: i });
      i = end;
      continue;
    }
    i++;
  }
  // `@using X.Y` reads as `using X.Y;` where it stands: the same length, one character to the left. Only those before
  // the first block, which the class header then follows; a component without blocks (an `_Imports.razor`) keeps
  // all of them, for the components below it.
  const firstBlock = blocks.length ? blocks[0].start : n;
  let headerFrom = 0;
  const usingLines: Span[] = [];
  for (const d of directives) {
    const value = d.value.replace(/;$/, '').trim();
    if (d.keyword !== 'using' || !value || d.start >= firstBlock) continue;
    const line = { start: d.start, end: lineEnd(source, d.start) };
    writeAt(out, line, `using ${value};`);
    usingLines.push(line);
    headerFrom = Math.max(headerFrom, line.end);
  }
  if (!blocks.length) return { text: out.join(''), codeBlocks: [], problem: null };

  for (const b of blocks) for (let k = b.start; k < b.end; k++) out[k] = source[k];
  // A markup template inside a block is a value of a delegate type (RenderFragment): `null` stands in for it, and
  // fits in the shortest one (`@<p>`).
  for (const t of templates) writeAt(out, t, t.comment ? '' : 'null');
  for (const at of transitions) out[at] = ' ';
  const tiers = headerTiers(directives, componentName);
  // The header with the usings, the namespace and the injected members where it fits; else with less of it, down to
  // the class alone, which still lets the members be analysed.
  let tier = 0;
  let laid: [number, string][] | null = null;
  for (; tier < tiers.length && !laid; tier++) laid = layOut(out, headerFrom, blocks[0].start, tiers[tier]);
  if (!laid && usingLines.length) {
    // The room after the usings is too small: the usings go (the typing then knows less), the header takes their place.
    for (const line of usingLines) writeAt(out, line, '');
    for (tier = 0; tier < tiers.length && !laid; tier++) laid = layOut(out, 0, blocks[0].start, tiers[tier]);
    if (laid) tier += tiers.length;
  }
  if (!laid) return failed(source, `there is no room before the first @code block for the class header of ${componentName}`);
  for (const [at, text] of laid) for (let k = 0; k < text.length; k++) out[at + k] = text[k];
  out[blocks[blocks.length - 1].end] = '}';
  return { text: out.join(''), codeBlocks: blocks, problem: null, headerTier: tier - 1 };
}

function failed(source: string, problem: string): RazorProjection {
  return { text: blankedCopy(source).join(''), codeBlocks: [], problem };
}

/** The source with every character but line breaks turned into a space, one array slot per UTF-16 unit. */
function blankedCopy(source: string): string[] {
  const out = new Array<string>(source.length);
  for (let k = 0; k < source.length; k++) {
    const ch = source[k];
    out[k] = ch === '\n' || ch === '\r' ? ch : ' ';
  }
  return out;
}

/** Blanks the span (but its line breaks) and writes `text` at its start; `text` is no longer than the span's first line. */
function writeAt(out: string[], span: Span, text: string): void {
  for (let k = span.start; k < span.end; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  for (let k = 0; k < text.length; k++) out[span.start + k] = text[k];
}

function identifierAt(text: string, at: number): string {
  if (!isIdentifierStart(text.charCodeAt(at))) return '';
  let j = at + 1;
  while (j < text.length && isIdentifierPart(text.charCodeAt(j))) j++;
  return text.slice(at, j);
}

function atLineStart(text: string, at: number): boolean {
  for (let k = at - 1; k >= 0; k--) {
    const ch = text[k];
    if (ch === '\n' || ch === '\r') return true;
    if (ch !== ' ' && ch !== '\t') return false;
  }
  return true;
}

function lineEnd(text: string, from: number): number {
  let k = from;
  while (k < text.length && text[k] !== '\n' && text[k] !== '\r') k++;
  return k;
}

function lineOf(text: string, at: number): number {
  let line = 1;
  for (let k = 0; k < at; k++) if (text[k] === '\n') line++;
  return line;
}

/**
 * The class header the Razor compiler would generate, as C# tokens (namespace, class, injected members), in tiers:
 * the whole header first, then ones with less in it: without the base types and injected members, without the
 * namespace, without `partial`.
 */
function headerTiers(directives: readonly Directive[], name: string): string[][] {
  const of = (keyword: string) => directives.filter((d) => d.keyword === keyword && d.value);
  const ns = of('namespace').slice(-1).flatMap((d) => ['namespace', ...csharpTokens(d.value), ';']);
  const typeParams = of('typeparam').map((d) => /^([\p{L}_][\p{L}\p{N}_]*)\s*(.*)$/u.exec(d.value)).filter((m): m is RegExpExecArray => m !== null);
  const generics = typeParams.length ? ['<', ...typeParams.flatMap((m, k) => (k ? [',', m[1]] : [m[1]])), '>'] : [];
  const constraints = typeParams.flatMap((m) => (/^where\b/.test(m[2]) ? csharpTokens(m[2]) : []));
  const base = of('inherits').slice(-1).map((d) => d.value)[0] ?? COMPONENT_BASE;
  const interfaces = of('implements').flatMap((d) => [',', ...csharpTokens(d.value)]);
  const injected = of('inject').flatMap((d) => {
    const m = /^(.+?)\s+([\p{L}_][\p{L}\p{N}_]*)$/u.exec(d.value);
    return m ? [...csharpTokens(m[1]), m[2], ';'] : [];
  });
  const klass = ['public', 'partial', 'class', name, ...generics, ':', ...csharpTokens(base), ...interfaces, ...constraints, '{'];
  const bare = ['partial', 'class', name, ...generics, ...constraints, '{'];
  // Without `partial` the class still holds the members; a tiny component with a long name may have room for no more.
  return [[...ns, ...klass, ...injected], [...ns, ...bare], bare, bare.slice(1)];
}

/** Splits C# text into tokens small enough to lay out one by one: identifiers, numbers, and each other character. */
function csharpTokens(text: string): string[] {
  return text.match(/[\p{L}_@][\p{L}\p{N}_]*|\d+|\S/gu) ?? [];
}

/**
 * Places the tokens, in order, in the blank room from `from` (past the usings) to `limit` (the first block's inside), a space
 * between two words and none around punctuation: a token never spans a line break, and a line break separates as a
 * space does. The positions and texts, or null when they do not fit.
 */
function layOut(out: readonly string[], from: number, limit: number, tokens: readonly string[]): [number, string][] | null {
  const placed: [number, string][] = [];
  let at = from;
  let previous = '';
  for (const token of tokens) {
    const gap = /\w$/.test(previous) && /^[\p{L}\p{N}_@]/u.test(token) ? 1 : 0;
    let start = at + gap;
    for (;;) {
      // The room from `start` to the next line break (or the limit).
      let end = at;
      while (end < limit && out[end] !== '\n' && out[end] !== '\r') end++;
      if (end - start >= token.length) break;
      if (end >= limit) return null;
      at = end + 1;
      start = at;
    }
    placed.push([start, token]);
    at = start + token.length;
    previous = token;
  }
  return placed;
}

/**
 * The offset of the `}` that closes the C# block whose `{` is at `open`, or -1. Strings (regular, verbatim, raw and
 * interpolated, whose holes are code), character literals and comments are skipped; a markup template (`@<p>...</p>`)
 * is skipped to its closing tag and recorded in `templates`.
 */
function blockEnd(text: string, open: number, templates: Template[], transitions: number[]): number {
  const n = text.length;
  let depth = 0;
  let i = open;
  while (i < n) {
    const c = text[i];
    if (c === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return i;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      i = lineEnd(text, i);
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
    } else if (c === '\'') {
      i = charLiteralEnd(text, i);
    } else if (c === '"' || ((c === '$' || c === '@') && /^[$@]*"/.test(text.slice(i, i + 4)))) {
      i = stringEnd(text, i, templates, transitions);
    } else if (c === '@' && text[i + 1] === '*') {
      // A Razor comment: blanked, as the markup's are.
      const close = text.indexOf('*@', i + 2);
      const end = close === -1 ? n : close + 2;
      templates.push({ start: i, end, comment: true });
      i = end;
    } else if (c === '@' && text[i + 1] === '<') {
      const end = templateEnd(text, i + 1);
      templates.push({ start: i, end });
      i = end;
    } else if (c === '@' && RAZOR_CODE_KEYWORDS.has(identifierAt(text, i + 1))) {
      // `@if (...) { ... }` in a block is Razor's way of writing C#'s own statement: the `@` goes.
      transitions.push(i);
      i++;
    } else {
      i++;
    }
  }
  return -1;
}

function charLiteralEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length && text[i] !== '\'' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The offset after a string literal starting at `at` (with its `$` and `@` prefixes). */
function stringEnd(text: string, at: number, templates: Template[], transitions: number[]): number {
  const n = text.length;
  let i = at;
  let dollars = 0;
  let verbatim = false;
  while (text[i] === '$' || text[i] === '@') {
    if (text[i] === '$') dollars++;
    else verbatim = true;
    i++;
  }
  let quotes = 0;
  while (text[i + quotes] === '"') quotes++;
  if (quotes >= 3) {
    // A raw string: it ends at the first run of as many quotes; its holes cannot hold that run.
    const close = text.indexOf('"'.repeat(quotes), i + quotes);
    return close === -1 ? n : close + quotes;
  }
  i++;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      if (verbatim && text[i + 1] === '"') {
        i += 2;
        continue;
      }
      return i + 1;
    }
    if (c === '\\' && !verbatim) {
      i += 2;
      continue;
    }
    if (c === '\n' && !verbatim) return i;
    if (dollars && c === '{') {
      if (text[i + 1] === '{') {
        i += 2;
        continue;
      }
      // A hole: code up to its matching brace.
      const close = blockEnd(text, i, templates, transitions);
      if (close === -1) return n;
      i = close + 1;
      continue;
    }
    i++;
  }
  return n;
}

/** The offset after a markup element starting at `<` (its closing tag, or the `/>` of an empty one). */
function templateEnd(text: string, lt: number): number {
  const name = /^<([\w:.-]*)/.exec(text.slice(lt, lt + 200))?.[1] ?? '';
  let depth = 0;
  let i = lt;
  const n = text.length;
  while (i < n) {
    if (text[i] !== '<') {
      i++;
      continue;
    }
    const closing = text[i + 1] === '/';
    const tagName = /^<\/?([\w:.-]*)/.exec(text.slice(i, i + 200))?.[1] ?? '';
    const gt = tagEnd(text, i);
    if (gt === -1) return n;
    if (tagName === name) {
      if (closing) depth--;
      else if (text[gt - 1] !== '/') depth++;
      if (depth === 0) return gt + 1;
    }
    i = gt + 1;
  }
  return n;
}

/** The offset of the `>` that ends the tag starting at `<`, past quoted attribute values; -1 when none. */
function tagEnd(text: string, lt: number): number {
  let quote = '';
  for (let i = lt + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === '\'') quote = c;
    else if (c === '>') return i;
  }
  return -1;
}
