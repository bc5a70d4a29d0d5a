import type { Span } from './types';

/**
 * Helpers that keep a model small in memory and its making light on the garbage collector. A model lives as long as its file is indexed (issue 14 wants a
 * million lines of them in 600 MB), so what each record costs in bytes matters as much as what it says.
 */

/**
 * The same items in an array without spare room. An array filled with push() keeps the capacity it grew to (17
 * slots for the first push on Node 20, 152 bytes), so most of a model's short lists (a call's arguments, a body's
 * calls and returns, an await's regions) were mostly empty slots; a slice holds exactly its items.
 */
export function exactly<T>(items: T[]): T[] {
  return items.length === 0 ? none<T>() : items.slice();
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * The one empty list that every empty list of a model is (frozen, so a mistaken push fails loudly instead of
 * changing every model). Most of a model's lists are empty (a call's type arguments, a body's locks, usings and
 * attributes, an await's spills): 47,000 of them in 20,000 lines of the generated corpus, 32 bytes each.
 */
export function none<T>(): T[] {
  return NONE as unknown as T[];
}

/**
 * Sorts in place, as a stable sort would, but only when the items are out of order. Most lists the model sorts are
 * short and already in document order, and V8's sort allocates its work arrays (over a kilobyte) on every call, a
 * good part of the model's garbage; a stable sort leaves an ordered list as it is, so skipping it changes nothing.
 */
export function inOrder<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1], items[i]) > 0) return items.sort(compare);
  }
  return items;
}

/** The strings of the file being modelled, each kept once (null outside modelOfTable, where nothing is interned). */
let strings: Map<string, string> | null = null;
/** Results of string functions for the file being modelled, by function and input (see internedResult). */
let results: Map<string, Map<string, string>> | null = null;
/** The spans of the file being modelled, by the row of the syntax table they are a node's range of, and that table (see internedSpanOfRow). */
let rowSpans: (Span | undefined)[] | null = null;
let rowTable: object | null = null;
/** The lists of strings of the file being modelled, each kept once, by their items joined (see internedList). */
let lists: Map<string, string[]> | null = null;

/**
 * Runs `build` (one file's model) with a table of its strings: names, receivers, arguments and type texts repeat
 * throughout a file (`ct`, `Task`, `ConfigureAwait`, `Task<string>`), and each slice of the text is a string of its
 * own, so a model kept two thirds of its string bytes in copies. The table goes with the file.
 */
export function withStringTable<T>(build: () => T): T {
  const outerStrings = strings;
  const outerResults = results;
  const outerRowSpans = rowSpans;
  const outerRowTable = rowTable;
  const outerLists = lists;
  strings = new Map();
  results = new Map();
  rowSpans = null;
  rowTable = null;
  lists = new Map();
  try {
    return build();
  } finally {
    strings = outerStrings;
    results = outerResults;
    rowSpans = outerRowSpans;
    rowTable = outerRowTable;
    lists = outerLists;
  }
}

/** The file's one copy of this string (the string itself outside withStringTable). */
export function intern(text: string): string {
  if (!strings) return text;
  const known = strings.get(text);
  if (known !== undefined) return known;
  strings.set(text, text);
  return text;
}

/**
 * The file's one span of a syntax node's range (a new one outside withStringTable), by the node's row in the file's
 * syntax table. A span is the commonest object of a model (every call, await, local, region and body has one or more,
 * about 2.4 a line of the generated corpus, 40 bytes each), and a fifth of them repeated one another record of the file
 * holds for the same node: a type member's span and name and its body's, the block that is the scope of several locals
 * and a body's block. Nothing writes to a model's spans once it is built (model/bodyCache.ts moves a body by copying
 * them), so one object can serve every record. Kept in an array by row rather than a map by offsets: a map lookup per
 * span made syntax.ts spanOf nine times as costly (237 against 26 ms of its own time in a profile of check at 200,000
 * lines).
 */
export function internedSpanOfRow(table: { readonly count: number }, row: number, start: number, end: number): Span {
  if (!strings) return { start, end };
  if (table !== rowTable || !rowSpans) {
    rowTable = table;
    rowSpans = new Array(table.count);
  }
  const known = rowSpans[row];
  if (known !== undefined && known.start === start && known.end === end) return known;
  const span = { start, end };
  if (row < rowSpans.length) rowSpans[row] = span;
  return span;
}

/**
 * The file's one list of these strings, without spare room (frozen, like `none`, so a mistaken push fails loudly
 * instead of changing every record that shares it); a copy of `items` outside withStringTable. A call's arguments, a
 * body's modifiers and a method's parameter types repeat throughout a file (`(ct)`, `(id, ct)`, `public async`,
 * `private static`): in the generated corpus nine lists in ten repeat one the file already holds, each 56 to 72 bytes.
 * The items are the file's interned strings, so two lists with the same key are compared item by item.
 */
export function internedList(items: string[]): string[] {
  if (items.length === 0) return none();
  if (!lists) return items.slice();
  const key = items.length === 1 ? items[0] : items.join('\u0000');
  const known = lists.get(key);
  if (known !== undefined && known.length === items.length && known.every((item, i) => item === items[i])) return known;
  const list = Object.freeze(items.slice()) as string[];
  if (known === undefined) lists.set(key, list);
  return list;
}

/** `compute(input)`, worked out once per file for each input (and interned); computed afresh outside withStringTable. */
export function internedResult(kind: string, input: string, compute: (input: string) => string): string {
  if (!results) return compute(input);
  let byInput = results.get(kind);
  if (!byInput) results.set(kind, (byInput = new Map()));
  const known = byInput.get(input);
  if (known !== undefined) return known;
  const result = intern(compute(input));
  byInput.set(input, result);
  return result;
}
