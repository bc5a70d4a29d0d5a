/** Loads web-tree-sitter with the C# grammar once, and turns C# text into trees without ever throwing. */
import type * as TreeSitter from 'web-tree-sitter';

// A CommonJS require keeps esbuild from wrapping web-tree-sitter's ESM build, which breaks Parser.init
// inside a CJS bundle (parser.md, "Bundling").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TS: typeof TreeSitter = require('web-tree-sitter');

export type Tree = TreeSitter.Tree;
export type SyntaxNode = TreeSitter.Node;

/** Paths of the two wasm files; the host (CLI, server, tests) knows where they are. */
export interface WasmLocation {
  runtimeWasm: string;
  grammarWasm: string;
}

let parser: TreeSitter.Parser | null = null;
let loading: Promise<void> | null = null;

/** Loads the runtime and grammar once; later calls wait for the first. */
export function initParser(location: WasmLocation): Promise<void> {
  if (!loading) {
    loading = (async () => {
      await TS.Parser.init({ locateFile: () => location.runtimeWasm });
      const language = await TS.Language.load(location.grammarWasm);
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

/** What parse() gives back: a tree or, if tree-sitter failed outright, the reason. */
export type ParseOutcome = { tree: Tree; error?: undefined } | { tree: null; error: string };

/**
 * Parses C# text. With `oldTree` (already edited with applyEdit) the parse is incremental.
 * The caller owns the returned tree and must delete() it when dropping it: wasm trees are not
 * garbage-collected (parser.md measured 1.67 GB of leaked trees without delete()).
 */
export function parse(text: string, oldTree?: Tree | null): ParseOutcome {
  if (!parser) return { tree: null, error: 'the C# parser is not initialised (initParser was not awaited)' };
  try {
    const tree = parser.parse(text, oldTree ?? null);
    if (!tree) return { tree: null, error: 'tree-sitter returned no tree (parsing was cancelled or timed out)' };
    return { tree };
  } catch (err) {
    return { tree: null, error: `tree-sitter failed: ${err instanceof Error ? err.message : String(err)}` };
  }
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
  const newText = oldText.slice(0, change.start) + change.newText + oldText.slice(change.oldEnd);
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

function pointAt(text: string, offset: number): TreeSitter.Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}
