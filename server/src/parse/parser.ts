/** Loads web-tree-sitter with the C# grammar once, and turns C# text into trees without ever throwing. */
import type * as TreeSitter from 'web-tree-sitter';
import { prepareSource, type PreparedSource } from './prepare';
import { plainBodySpans, withPlainBodiesBlanked } from './generatedBodies';
import { splicedTableOf, syntaxTableOf, walkFunctionsOf, widenedToErrors, type EditedRegion, type SyntaxTable, type TreeWalkFunctions } from './syntaxTable';
import type { Span } from '../model/types';

// A CommonJS require keeps esbuild from wrapping web-tree-sitter's ESM build, which breaks Parser.init
// inside a CJS bundle (parser.md, "Bundling").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TS: typeof TreeSitter = require('web-tree-sitter');

export type Tree = TreeSitter.Tree;
/** The model reads trees through their JavaScript copy (syntaxTable.ts), never through wasm nodes. */
export type { SyntaxNode, SyntaxTable } from './syntaxTable';

/** Paths of the two wasm files; the host (CLI, server, tests) knows where they are. */
export interface WasmLocation {
  runtimeWasm: string;
  grammarWasm: string;
}

let parser: TreeSitter.Parser | null = null;
let loading: Promise<void> | null = null;
/** The runtime's exported functions, for copying trees (syntaxTable.ts); null until loaded or if it lacks them. */
let walkFunctions: TreeWalkFunctions | null = null;

/**
 * Loads the runtime and grammar once; later calls wait for the first. A host that has started compiling the grammar
 * (host/wasm.ts `compileGrammar`) passes it, so it compiles while the runtime starts rather than after it.
 */
export function initParser(location: WasmLocation, grammar?: Promise<WebAssembly.Module>): Promise<void> {
  if (!loading) {
    loading = (async () => {
      // A failed read or compile is reported by the await below; until then it is not an unhandled rejection.
      grammar?.catch(() => undefined);
      // The runtime (an Emscripten module) fills in the options object it is given with its exports.
      const moduleOptions = { locateFile: () => location.runtimeWasm };
      await TS.Parser.init(moduleOptions);
      walkFunctions = walkFunctionsOf(moduleOptions);
      const language = grammar ? TS.Language.loadSync(await grammar) : await TS.Language.load(location.grammarWasm);
      const p = new TS.Parser();
      p.setLanguage(language);
      parser = p;
    })();
  }
  return loading;
}

export function isParserReady(): boolean {
  return parser !== null;
}

/** The JavaScript copy of a tree that the model reads (syntaxTable.ts); `text` is the source the tree's offsets speak of. */
export function tableOf(tree: Tree, text: string): SyntaxTable {
  return syntaxTableOf(tree, text, walkFunctions);
}

/**
 * The table of a tree parsed incrementally from `previous`, spliced from the previous tree's table where the edit left
 * the tree alone (syntaxTable.ts splicedTableOf), else copied whole.
 */
export function tableAfterEdit(outcome: EditedParse, text: string, previous: PreviousParse | null | undefined): SyntaxTable {
  return splicedTable(outcome, text, previous) ?? syntaxTableOf(outcome.tree, text, walkFunctions);
}

/** A successful parse, with the changed ranges when it was incremental. */
type EditedParse = { tree: Tree; prepared: PreparedSource; changed?: readonly ChangedRange[] };

/** The spliced table of tableAfterEdit, or null when it is not spliced (no previous table, or the paths disagree). */
export function splicedTable(outcome: EditedParse, text: string, previous: PreviousParse | null | undefined): SyntaxTable | null {
  const copy = previous?.copy;
  if (!copy || !outcome.changed || copy.parseText.length !== copy.table.text.length || outcome.prepared.parseText.length !== text.length) return null;
  const region = editedRegion(copy.parseText, outcome.prepared.parseText, outcome.changed);
  return splicedTableOf(outcome.tree, text, walkFunctions, copy.table, widenedToErrors(copy.table, region));
}

/**
 * Where a tree parsed from `after` may differ from one parsed from `before`: where the two texts differ, widened to
 * tree-sitter's changed ranges (new coordinates); null when the texts are equal and nothing changed.
 */
function editedRegion(before: string, after: string, changed: readonly ChangedRange[]): EditedRegion | null {
  if (before === after && changed.length === 0) return null;
  let { start, newEnd } = before === after ? { start: after.length, newEnd: 0 } : differingSpan(before, after);
  for (const range of changed) {
    start = Math.min(start, range.startIndex);
    newEnd = Math.max(newEnd, range.endIndex);
  }
  return { start, oldEnd: newEnd - (after.length - before.length), newEnd };
}

/** Where two texts differ: what is left between their common prefix and their common suffix (which never overlap). */
function differingSpan(before: string, after: string): EditedRegion {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start: prefix, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

/** A range of the new tree whose syntax differs from the previous tree's (tree-sitter's changed ranges), in UTF-16 offsets. */
export interface ChangedRange {
  startIndex: number;
  endIndex: number;
}

/**
 * What parse() gives back: a tree or, if tree-sitter failed outright, the reason; and what the pre-parse pass made of
 * the text. `changed`: after an incremental parse, where the new tree's syntax differs from the previous tree's.
 */
export type ParseOutcome = { tree: Tree; prepared: PreparedSource; changed?: readonly ChangedRange[]; error?: undefined } | { tree: null; prepared: PreparedSource | null; error: string };

/**
 * The tree of an earlier parse, already told about every edit since (applyEdit), with the text it was parsed
 * from as those same edits left it (the pre-parse text, spliced with spliceText).
 */
export interface PreviousParse {
  tree: Tree;
  parseText: string;
  /** The previous tree's table and the pre-parse text it was parsed from (before the edits), to splice the next one from. */
  copy?: TableCopy | null;
}

/** A tree's table and the pre-parse text the tree was parsed from: what the next re-parse's table is spliced from. */
export interface TableCopy {
  table: SyntaxTable;
  parseText: string;
}

export interface ParseOptions {
  /** The preprocessing symbols that decide which `#if` branches are compiled (prepare.ts DEFAULT_SYMBOLS otherwise). */
  symbols?: ReadonlySet<string>;
  /** Blank the plain bodies of members before parsing (generated code, parse/generatedBodies.ts). */
  plainBodiesBlanked?: boolean;
}

/**
 * Parses C# text. tree-sitter parses the pre-parse text (prepare.ts: directives and inactive branches blanked,
 * a few valid shapes its grammar rejects rewritten, offsets unchanged), while node.text reads the original text,
 * so the tree speaks of what the user wrote. With `previous` the parse is incremental. The caller owns the
 * returned tree and must delete() it when dropping it: wasm trees are not garbage-collected (parser.md measured
 * 1.67 GB of leaked trees without delete()).
 */
export function parse(text: string, previous?: PreviousParse | null, options: ParseOptions = {}): ParseOutcome {
  if (!parser) return { tree: null, prepared: null, error: 'the C# parser is not initialised (initParser was not awaited)' };
  try {
    const source = prepareSource(text, options.symbols);
    const blanked = options.plainBodiesBlanked ? plainBodySpans(source.parseText) : [];
    const prepared = blanked.length > 0 ? { ...source, parseText: withPlainBodiesBlanked(source.parseText, blanked) } : source;
    // A previous text that no longer lines up with this one (a caller that lost an edit) cannot guide an
    // incremental parse: start afresh rather than reuse nodes of some other text.
    const reusable = previous && previous.parseText.length === prepared.parseText.length ? previous : null;
    if (reusable) editWherePreparedTextChanged(reusable, prepared.parseText);
    // tree-sitter reads through this callback while it parses and whenever node.text is asked later: the
    // pre-parse text first, the original from then on (blanked code and rewritten words read as written).
    let current = prepared.parseText;
    // Blanked bodies are left out of what tree-sitter reads at all: lexing their blanks was most of the parse of an
    // Entity Framework migration's designer (bitwarden/server's: 20x faster), and the tree is the same, node for
    // node. Only for a fresh parse, so that a reused tree never meets ranges other than those it was parsed with.
    const ranges = blanked.length > 0 && !reusable ? { includedRanges: rangesOutside(prepared.parseText, blanked) } : undefined;
    const tree = parser.parse((index: number) => current.slice(index), reusable?.tree ?? null, ranges);
    current = text;
    if (!tree) return { tree: null, prepared, error: 'tree-sitter returned no tree (parsing was cancelled or timed out)' };
    if (!reusable?.copy) return { tree, prepared };
    const changed = tree.getChangedRanges(reusable.tree).map((r) => ({ startIndex: r.startIndex, endIndex: r.endIndex }));
    return { tree, prepared, changed };
  } catch (err) {
    return { tree: null, prepared: null, error: `tree-sitter failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The pre-parse text can change outside an edit (typing `#if` blanks code further down, deleting a `bool`
 * turns `async` back into a keyword): tells the old tree about the span where the two texts differ, so the
 * incremental parse does not reuse nodes of text that tree-sitter would now read differently.
 */
function editWherePreparedTextChanged(previous: PreviousParse, parseText: string): void {
  const old = previous.parseText;
  if (old === parseText) return;
  const span = differingSpan(old, parseText);
  previous.tree.edit(new TS.Edit({
    startIndex: span.start,
    oldEndIndex: span.oldEnd,
    newEndIndex: span.newEnd,
    startPosition: pointAt(old, span.start),
    oldEndPosition: pointAt(old, span.oldEnd),
    newEndPosition: pointAt(parseText, span.newEnd),
  }));
}

/** A text change in UTF-16 offsets, as editors and LSP describe it. */
export interface TextChange {
  start: number;
  oldEnd: number;
  newText: string;
}

/**
 * Tells an old tree about an edit so the next parse(newText, oldTree) can reuse it. web-tree-sitter
 * measures indices in UTF-16 code units when given JS strings, and columns likewise.
 */
export function applyEdit(tree: Tree, oldText: string, change: TextChange): string {
  const newText = spliceText(oldText, change);
  const newEnd = change.start + change.newText.length;
  tree.edit(new TS.Edit({
    startIndex: change.start,
    oldEndIndex: change.oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(oldText, change.start),
    oldEndPosition: pointAt(oldText, change.oldEnd),
    newEndPosition: pointAt(newText, newEnd),
  }));
  return newText;
}

/** The text after a change, without touching any tree: what a kept pre-parse text goes through with each edit. */
export function spliceText(text: string, change: TextChange): string {
  return text.slice(0, change.start) + change.newText + text.slice(change.oldEnd);
}

/**
 * The ranges of the text outside the given spans (sorted, not overlapping), as tree-sitter's included ranges: UTF-16
 * offsets, and rows and columns as web-tree-sitter counts them (lines end at \n), found in one pass over the text.
 */
export function rangesOutside(text: string, excluded: readonly Span[]): TreeSitter.Range[] {
  let row = 0;
  let lineStart = 0;
  let scanned = 0;
  const pointOf = (offset: number): TreeSitter.Point => {
    for (let i = text.indexOf('\n', scanned); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      row++;
      lineStart = i + 1;
    }
    scanned = offset;
    return { row, column: offset - lineStart };
  };
  const ranges: TreeSitter.Range[] = [];
  let from = 0;
  let fromPoint = pointOf(0);
  for (const span of [...excluded, { start: text.length, end: text.length }]) {
    const toPoint = pointOf(span.start);
    if (span.start > from) ranges.push({ startIndex: from, endIndex: span.start, startPosition: fromPoint, endPosition: toPoint });
    from = span.end;
    fromPoint = pointOf(span.end);
  }
  return ranges;
}

function pointAt(text: string, offset: number): TreeSitter.Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}
