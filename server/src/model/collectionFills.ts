/**
 * What a file puts into a collection of tasks that only its own code can reach: for a readonly field whose type holds
 * tasks (`ConcurrentDictionary<Assembly, Task<Scan>>`, `List<Task>`) and that no other file can name (a private field
 * of a type declared in one file, or any field of a private nested type), the values every mention of its name adds
 * (`cache.GetOrAdd(key, k => Task.Run(() => Scan(k)))`, `tasks[id] = job`, `tasks.Add(job)`), or null when some
 * mention may put in or hand out more than the text shows (the collection passed to a method, AddRange, assigned to
 * another variable). ASY003 asks it, through the model, whether such a collection holds only synchronous work started
 * on the thread pool. Read from text with comments and strings masked; pure.
 */
import type { CollectionFill } from './types';
import { closingBracket, escapeRegExp, splitTopLevel } from './syntax';
import { maskCommentsAndStrings } from '../rules/sourceText';

/** Members that read, count, copy or remove, and put nothing in. */
const READING_MEMBERS: ReadonlySet<string> = new Set([
  'TryGetValue', 'ContainsKey', 'ContainsValue', 'Contains', 'Count', 'IsEmpty', 'Length', 'Keys', 'Values', 'GetEnumerator',
  'Select', 'Where', 'ToArray', 'ToList', 'Any', 'All', 'First', 'FirstOrDefault', 'Single', 'SingleOrDefault', 'OfType',
  'Clear', 'TryRemove', 'Remove', 'RemoveAt', 'TryDequeue', 'TryPeek', 'TryPop', 'TryTake',
]);

/** Members that put a value in, by the positions of the arguments that are the value or a factory of it. */
const ADDING_MEMBERS: Readonly<Record<string, (count: number) => number[]>> = {
  Add: (n) => [n - 1],
  TryAdd: (n) => [n - 1],
  GetOrAdd: () => [1],
  AddOrUpdate: () => [1, 2],
  TryUpdate: () => [1],
  Insert: () => [1],
  Enqueue: () => [0],
  Push: () => [0],
};

/** An empty collection as written: `new()`, `new List<Task>()`, `[]`, `new ConcurrentDictionary<int, Task>(comparer)` without an initializer list. */
const EMPTY_COLLECTION = /^(?:new\s*(?:[A-Za-z_][\w.]*\s*(?:<[^;{}]*>)?)?\s*\([^()]*\)|\[\s*\])$/;

/** Whether a field's type text holds tasks: `Task`, `Task<T>`, `ValueTask` among its type arguments or as its element. */
export function holdsTasks(typeText: string): boolean {
  return /[<\[,]\s*(?:[\w.]+\.)?(?:Task|ValueTask)\b/.test(typeText) || /^(?:[\w.]+\.)?Task(?:<[^]*>)?\s*\[\s*\]$/.test(typeText);
}

/**
 * The values the file's code puts into the field `name` (declared at `declaredAt` with `initializer`), or null when
 * a mention may add what the text does not show.
 */
export function collectionFillsOf(text: string, name: string, declaredAt: number, initializer: string | null): CollectionFill[] | null {
  if (initializer !== null && !EMPTY_COLLECTION.test(initializer.trim())) return null;
  const masked = maskCommentsAndStrings(text);
  const fills: CollectionFill[] = [];
  for (const mention of masked.matchAll(new RegExp(`(?<![\\w@])${escapeRegExp(name)}(?!\\w)`, 'g'))) {
    if (mention.index === declaredAt) continue;
    const after = mention.index + name.length;
    const found = fillsAt(text, masked, after);
    if (found === null) return null;
    fills.push(...found);
  }
  return fills;
}

/** What the mention ending at `after` adds: nothing (a read, a removal, an empty collection assigned), values, or null. */
function fillsAt(text: string, masked: string, after: number): CollectionFill[] | null {
  const rest = masked.slice(after);
  const member = /^\s*(?:\?\s*)?\.\s*([A-Za-z_]\w*)/.exec(rest);
  if (member) {
    const opens = /^\s*\(/.exec(rest.slice(member[0].length));
    if (READING_MEMBERS.has(member[1])) return [];
    const positions = ADDING_MEMBERS[member[1]];
    if (!positions || !opens) return null;
    const open = after + member[0].length + opens[0].length - 1;
    const close = closingBracket(masked, open);
    if (close < 0) return null;
    return argumentsOf(text, masked, open, close).filter((_, i, all) => positions(all.length).includes(i));
  }
  const element = /^\s*\[/.exec(rest);
  if (element) {
    const open = after + element[0].length - 1;
    const close = closingBracket(masked, open);
    if (close < 0) return null;
    const assigned = /^\s*(?:\?\?)?=(?![=>])\s*/.exec(masked.slice(close + 1));
    if (!assigned) return /^\s*(?:[+\-*/%&|^]=|\+\+|--)/.test(masked.slice(close + 1)) ? null : [];
    return valueUpToStatementEnd(text, masked, close + 1 + assigned[0].length);
  }
  // The field itself assigned an empty collection (a constructor of the readonly field): it adds nothing.
  const assigned = /^\s*=(?![=>])\s*/.exec(rest);
  if (assigned) {
    const value = valueUpToStatementEnd(text, masked, after + assigned[0].length);
    return value && value.length === 1 && EMPTY_COLLECTION.test(value[0].text) ? [] : null;
  }
  return null;
}

/** The top-level arguments between the brackets at `open` and `close`, with their offsets. */
function argumentsOf(text: string, masked: string, open: number, close: number): CollectionFill[] {
  const out: CollectionFill[] = [];
  let cursor = open + 1;
  // splitTopLevel trims each part: find each in the masked text from where the last ended, then drop an argument's name.
  for (const part of splitTopLevel(masked.slice(open + 1, close))) {
    const at = masked.indexOf(part, cursor);
    cursor = at + part.length;
    const named = /^[A-Za-z_]\w*\s*:(?!:)\s*/.exec(part)?.[0].length ?? 0;
    out.push({ text: text.slice(at + named, cursor), start: at + named });
  }
  return out;
}

/** The expression from `from` to the `;` that ends its statement, at the top level. */
function valueUpToStatementEnd(text: string, masked: string, from: number): CollectionFill[] | null {
  let depth = 0;
  for (let i = from; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return null;
      depth--;
    } else if (c === ';' && depth === 0) {
      const value = text.slice(from, i).trim();
      return value ? [{ text: value, start: from + (text.slice(from, i).length - text.slice(from, i).trimStart().length) }] : null;
    }
  }
  return null;
}
