/**
 * How findings quote code in their messages, which people read in the Problems panel: one line, in single quotes as
 * Roslyn's analyzers quote (the panel renders no markdown, so backticks would show as they are), and short enough
 * that the message stays under about a hundred characters.
 */
import { elidedCode } from './asy001-004-blocking-common';

/** Characters a quoted piece of code may take in a message before it is cut with an ellipsis. */
export const QUOTED_CODE_MAX = 50;

/**
 * The members that only hand a task's result over (`.GetAwaiter().GetResult()`, `.Result`, `.Wait()`) or adjust how
 * it is awaited (`.ConfigureAwait(false)`, `.AsTask()`, `.Preserve()`). A quote that keeps only these names no call.
 */
const TASK_PLUMBING = new Set(['GetAwaiter', 'GetResult', 'Result', 'Wait', 'ConfigureAwait', 'AsTask', 'Preserve']);

/**
 * `'File.ReadAllText'`, `'Load(...).GetAwaiter().GetResult()'`: code as a message quotes it. Too long, it loses its
 * argument lists first (innermost out), then its leading receivers: the end of a chain (`.Result`, the member
 * called) says what happens, so that is what stays. When the end is task plumbing only, the member before it stays
 * too, even past `max`: ten rows of `'…GetAwaiter().GetResult()'` in the Problems panel (one file of a media server
 * had them) cannot be told apart, `'…UpdateToRepositoryAsync(...).GetAwaiter().GetResult()'` can.
 */
export function quoted(code: string, max = QUOTED_CODE_MAX): string {
  // Not shortCode: its cut keeps the head of a long chain, and the end is what must stay.
  let text = elidedCode(code);
  for (let i = 0; i < 100 && text.length > max; i++) {
    const next = text.replace(/\((?!\.\.\.\))(?:[^()]|\(\.\.\.\)|\(\))+\)/, '(...)');
    if (next === text) break;
    text = next;
  }
  if (text.length > max) {
    // Cut at a member access (`a.B`), never at a dot of an elided `(...)` or a number, which would leave only dots.
    const dots = memberDots(text);
    let at = dots.findIndex((i) => i >= text.length - max + 1);
    while (at > 0 && namesOnlyPlumbing(text.slice(dots[at] + 1))) at--;
    if (at === 0 && namesOnlyPlumbing(text.slice(dots[0] + 1))) at = -2;
    if (at >= 0) text = `…${text.slice(dots[at] + 1)}`;
    else if (at === -1) text = `${text.slice(0, max - 1).trimEnd()}…`;
  }
  return `'${text}'`;
}

/** The dots of member accesses in `text`, in order: `a.B`, not the dots of `(...)` or of a number. */
function memberDots(text: string): number[] {
  const dots: number[] = [];
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i] === '.' && text[i - 1] !== '.' && /[A-Za-z_@]/.test(text[i + 1]!)) dots.push(i);
  }
  return dots;
}

/** Whether every member of a chain's tail (`GetAwaiter().GetResult()`) is task plumbing. */
function namesOnlyPlumbing(tail: string): boolean {
  const names = tail.split(/\.(?=[A-Za-z_@])/).map((segment) => /^@?([A-Za-z_]\w*)/.exec(segment)?.[1] ?? '');
  return names.every((name) => TASK_PLUMBING.has(name));
}

/** A clause for a message without its trailing parenthetical details (`returns from the cache (when ...)`). */
export function withoutDetails(clause: string): string {
  let text = clause.trim();
  for (let i = 0; i < 3; i++) {
    const next = text.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '');
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Messages stay under this many characters where the code they quote allows it. */
export const MESSAGE_MAX = 100;

/** The message `make` builds with the longest quoted code that keeps it under MESSAGE_MAX characters. */
export function fitted(make: (max: number) => string): string {
  let message = make(QUOTED_CODE_MAX);
  for (const max of [40, 32, 24]) {
    if (message.length <= MESSAGE_MAX) break;
    message = make(max);
  }
  return message;
}

/** A member's name as a sentence says it: `the Count getter` for `get_Count`, `the Name setter` for `set_Name` or `init_Name`, else the name. */
export function memberInSentence(name: string): string {
  const accessor = /^(get|set|init)_(.+)$/.exec(name);
  return accessor ? `the ${accessor[2]} ${accessor[1] === 'get' ? 'getter' : 'setter'}` : name;
}

/** `a`, `a and b`, `a, b and c`: a list in a sentence. */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A type name with its indefinite article, as a sentence reads it: `an Action<int>`, `a TestDelegate`. The article
 * follows the name's first letter, which is how .NET's type names are read aloud in nearly every case.
 */
export function withArticle(typeName: string): string {
  return `${/^[AEIOU]/i.test(typeName.trim()) ? 'an' : 'a'} ${typeName}`;
}
