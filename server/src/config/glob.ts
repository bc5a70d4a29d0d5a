/**
 * EditorConfig section globs, matched in time linear in the path for a given pattern: the glob is compiled to a
 * nondeterministic automaton and run over the path once, keeping the set of states it may be in (Thompson's
 * construction). A regular expression with backtracking took minutes on `[*a*a*a*...*b]` against a long file
 * name and stalled the server; here the work is at most (path length) x (automaton size), and both are bounded.
 *
 * The syntax is EditorConfig's: `*` any characters but `/`, `**` any characters, `?` one character but `/`,
 * `[abc]`, `[a-z]` and `[!abc]` one character of (not of) a set, `{a,b,c}` one of several globs (nested
 * braces allowed), `{n1..n2}` an integer between two integers, `\` takes the next character literally. A `**` before a `/`
 * matches zero or more whole folders. Pure: no I/O.
 */

/** Longer patterns never match: no real .editorconfig section header comes near this. */
export const MAX_GLOB_LENGTH = 1024;
/** Automata larger than this (from wide `{n1..n2}` ranges or deep braces) never match. */
const MAX_STATES = 8192;
/** The widest `{n1..n2}` range expanded; wider ranges never match. */
const MAX_RANGE = 1000;

export interface GlobMatcher {
  test(path: string): boolean;
  /** Why the glob never matches (too long, too large), or undefined when it is usable. */
  readonly problem?: string;
}

type Node =
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; branches: Node[] }
  | { kind: 'char'; test: (c: number) => boolean }
  | { kind: 'star' }
  | { kind: 'globstar' }
  | { kind: 'folders' };

const SLASH = 47;
const literal = (code: number): Node => ({ kind: 'char', test: (c) => c === code });
const literalText = (text: string): Node => ({ kind: 'seq', items: Array.from({ length: text.length }, (_, k) => literal(text.charCodeAt(k))) });

class TooLarge extends Error {}

/** Parses a glob into a tree; unbalanced brackets and braces are literal characters, as in EditorConfig's cores. */
function parse(glob: string): Node {
  let i = 0;
  let nodes = 0;
  const count = () => {
    if (++nodes > MAX_STATES) throw new TooLarge('the pattern is too large');
  };
  // Parses up to a top-level `,` or `}` when inside braces (depth > 0), else to the end.
  const sequence = (depth: number): Node => {
    const items: Node[] = [];
    while (i < glob.length) {
      const c = glob[i];
      if (depth > 0 && (c === ',' || c === '}')) break;
      count();
      if (c === '\\' && i + 1 < glob.length) {
        items.push(literal(glob.charCodeAt(i + 1)));
        i += 2;
      } else if (c === '*') {
        if (glob[i + 1] === '*') {
          i += 2;
          while (glob[i] === '*') i++;
          // `**/` spans whole folders, including none: `**/a.cs` matches `a.cs` and `x/y/a.cs`.
          if (glob[i] === '/') {
            i++;
            items.push({ kind: 'folders' });
          } else items.push({ kind: 'globstar' });
        } else {
          while (glob[i] === '*') i++;
          items.push({ kind: 'star' });
        }
      } else if (c === '?') {
        items.push({ kind: 'char', test: (x) => x !== SLASH });
        i++;
      } else if (c === '[') {
        const set = bracket(i);
        if (set) {
          items.push(set.node);
          i = set.end;
        } else {
          items.push(literal(91));
          i++;
        }
      } else if (c === '{') {
        const braces = brace(depth);
        items.push(braces);
      } else {
        items.push(literal(glob.charCodeAt(i)));
        i++;
      }
    }
    return { kind: 'seq', items };
  };
  // `[...]` from `start`, or null when there is no closing bracket (then `[` is literal).
  const bracket = (start: number): { node: Node; end: number } | null => {
    let j = start + 1;
    const negated = glob[j] === '!' || glob[j] === '^';
    if (negated) j++;
    const ranges: [number, number][] = [];
    let first = true;
    while (j < glob.length && (glob[j] !== ']' || first)) {
      first = false;
      let lo = glob.charCodeAt(j);
      if (glob[j] === '\\' && j + 1 < glob.length) lo = glob.charCodeAt(++j);
      if (glob[j + 1] === '-' && j + 2 < glob.length && glob[j + 2] !== ']') {
        const hi = glob.charCodeAt(j + 2);
        ranges.push([Math.min(lo, hi), Math.max(lo, hi)]);
        j += 3;
      } else {
        ranges.push([lo, lo]);
        j++;
      }
    }
    if (j >= glob.length) return null;
    const inSet = (c: number) => ranges.some(([lo, hi]) => c >= lo && c <= hi);
    return { node: { kind: 'char', test: (c) => c !== SLASH && inSet(c) !== negated }, end: j + 1 };
  };
  // `{...}` at i: a numeric range, alternatives, or (with no comma or no closing brace) literal text.
  const brace = (depth: number): Node => {
    const start = i;
    const range = /^\{([+-]?\d+)\.\.([+-]?\d+)\}/.exec(glob.slice(i, i + 64));
    if (range) {
      i += range[0].length;
      const a = Number(range[1]);
      const b = Number(range[2]);
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      if (hi - lo > MAX_RANGE) throw new TooLarge(`the range {${range[1]}..${range[2]}} is wider than ${MAX_RANGE}`);
      const branches: Node[] = [];
      for (let n = lo; n <= hi; n++) {
        nodes += String(n).length;
        if (nodes > MAX_STATES) throw new TooLarge('the pattern is too large');
        branches.push(literalText(String(n)));
      }
      return { kind: 'alt', branches };
    }
    i++;
    const branches: Node[] = [sequence(depth + 1)];
    while (glob[i] === ',') {
      i++;
      branches.push(sequence(depth + 1));
    }
    if (glob[i] !== '}') {
      // No closing brace: the `{` is an ordinary character and what follows is read again as usual.
      i = start + 1;
      return literal(123);
    }
    i++;
    // A single alternative (`{a}`) is no choice: the braces stand for themselves, as in EditorConfig's cores.
    if (branches.length === 1) return { kind: 'seq', items: [literal(123), branches[0], literal(125)] };
    return { kind: 'alt', branches };
  };
  return sequence(0);
}

/** The automaton: a state either reads one character (`test`, then `next`) or branches without reading (`outs`). */
interface Automaton {
  test: ((c: number) => boolean)[];
  next: Int32Array;
  outs: number[][];
  start: number;
  accept: number;
  /** closureOf's answers, filled as states are reached. */
  closures: (Int32Array | undefined)[];
  /** The sets of states runs have been in, as a deterministic automaton built as paths need it (see run). */
  dfa: LazyDfa;
}

/**
 * Each set of live states a run reaches gets a number, and each (set, character) step its answer, the first time a
 * path needs it: the same few globs are tested against every file of a workspace, so after the first paths a step is
 * one map lookup instead of a walk over the live states. The number of sets is bounded; past the bound a run steps
 * the states one by one as before, so a pattern whose sets multiply still runs in time linear in the path.
 */
interface LazyDfa {
  ids: Map<string, number>;
  sets: Int32Array[];
  accepting: boolean[];
  steps: Map<number, number>[];
}

const MAX_DFA_SETS = 2_000;

function compile(root: Node): Automaton {
  const test: ((c: number) => boolean)[] = [];
  const next: number[] = [];
  const outs: number[][] = [];
  const add = (t: ((c: number) => boolean) | null, n: number, o: number[]): number => {
    if (test.length >= MAX_STATES) throw new TooLarge('the pattern is too large');
    test.push(t ?? (() => false));
    next.push(t ? n : -1);
    outs.push(t ? [] : o);
    return test.length - 1;
  };
  const accept = add(null, -1, []);
  // Built back to front: each node is given the state that follows it.
  const build = (node: Node, follow: number): number => {
    switch (node.kind) {
      case 'seq': {
        let s = follow;
        for (let k = node.items.length - 1; k >= 0; k--) s = build(node.items[k], s);
        return s;
      }
      case 'alt':
        return add(null, -1, node.branches.map((b) => build(b, follow)));
      case 'char':
        return add(node.test, follow, []);
      case 'star':
      case 'globstar': {
        const any = node.kind === 'globstar' ? () => true : (c: number) => c !== SLASH;
        const loop = add(null, -1, []);
        const step = add(any, loop, []);
        outs[loop].push(step, follow);
        return loop;
      }
      case 'folders': {
        // (.*/)? : either nothing, or any characters ending at a slash.
        const slash = add((c) => c === SLASH, follow, []);
        const loop = add(null, -1, []);
        const step = add(() => true, loop, []);
        outs[loop].push(step, slash);
        return add(null, -1, [follow, loop]);
      }
    }
  };
  const start = build(root, accept);
  return { test, next: Int32Array.from(next), outs, start, accept, closures: [], dfa: { ids: new Map(), sets: [], accepting: [], steps: [] } };
}

/**
 * The reading states (and the accept state) reachable from each state without reading, computed once per state
 * and kept with the automaton: each step of the run is then one lookup per live state.
 */
function closureOf(a: Automaton, state: number): Int32Array {
  const cached = a.closures[state];
  if (cached) return cached;
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [state];
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    if (a.next[s] >= 0 || s === a.accept) out.push(s);
    else for (let k = a.outs[s].length - 1; k >= 0; k--) stack.push(a.outs[s][k]);
  }
  return (a.closures[state] = Int32Array.from(out));
}

function run(a: Automaton, path: string): boolean {
  let set = dfaSet(a, Array.from(closureOf(a, a.start)));
  for (let pos = 0; pos < path.length; pos++) {
    if (set < 0) return runStates(a, path);
    const c = path.charCodeAt(pos);
    let known = a.dfa.steps[set].get(c);
    if (known === undefined) {
      const reached: number[] = [];
      for (const s of a.dfa.sets[set]) if (s !== a.accept && a.test[s](c)) for (const t of closureOf(a, a.next[s])) reached.push(t);
      known = dfaSet(a, reached);
      if (known < 0) return runStates(a, path);
      a.dfa.steps[set].set(c, known);
    }
    set = known;
    // The empty set stays empty: no path can match from here.
    if (a.dfa.sets[set].length === 0) return false;
  }
  return a.dfa.accepting[set];
}

/** The number of a set of states (duplicates and order do not matter), or -1 once the bound is reached. */
function dfaSet(a: Automaton, states: number[]): number {
  const unique = Int32Array.from(new Set(states)).sort();
  const key = unique.join(',');
  const known = a.dfa.ids.get(key);
  if (known !== undefined) return known;
  if (a.dfa.sets.length >= MAX_DFA_SETS) return -1;
  const id = a.dfa.sets.length;
  a.dfa.ids.set(key, id);
  a.dfa.sets.push(unique);
  a.dfa.accepting.push(unique.includes(a.accept));
  a.dfa.steps.push(new Map());
  return id;
}

/** The run without the deterministic cache: every live state, one character at a time. */
function runStates(a: Automaton, path: string): boolean {
  const seen = new Int32Array(a.test.length).fill(-1);
  let current: number[] = [];
  let upcoming: number[] = [];
  const add = (from: number, generation: number, into: number[]) => {
    for (const s of closureOf(a, from)) {
      if (seen[s] === generation) continue;
      seen[s] = generation;
      into.push(s);
    }
  };
  add(a.start, 0, current);
  for (let pos = 0; pos < path.length && current.length; pos++) {
    const c = path.charCodeAt(pos);
    upcoming.length = 0;
    for (const s of current) if (s !== a.accept && a.test[s](c)) add(a.next[s], pos + 1, upcoming);
    [current, upcoming] = [upcoming, current];
  }
  return current.includes(a.accept);
}

/**
 * A matcher for one section glob, against paths relative to the .editorconfig's folder with `/` separators. A
 * glob without `/` matches the file name in any folder below; one with a `/` is anchored at the folder.
 */
export function compileGlob(glob: string): GlobMatcher {
  let g = glob.trim();
  if (g.length > MAX_GLOB_LENGTH) return never(`the section glob is longer than ${MAX_GLOB_LENGTH} characters`);
  if (!g.includes('/')) g = `**/${g}`;
  else if (g.startsWith('/')) g = g.slice(1);
  try {
    const automaton = compile(parse(g));
    return { test: (path) => run(automaton, path) };
  } catch (err) {
    if (err instanceof TooLarge) return never(err.message);
    throw err;
  }
}

/**
 * An MSBuild item glob (`**` as a whole segment spans folders, none or more, or everything below when it is last;
 * `*` and `?` stay within a segment; every other character is literal) over absolute paths with `/`, ignoring
 * case as MSBuild does on Windows. The same automaton as section globs, so an Include of `*a*a*a...` in a project
 * file cannot stall the folder walk either.
 */
export function compileItemGlob(pattern: string): GlobMatcher {
  if (pattern.length > MAX_GLOB_LENGTH * 4) return never(`the item glob is longer than ${MAX_GLOB_LENGTH * 4} characters`);
  const segments = pattern.toLowerCase().split('/');
  const items: Node[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      items.push(last ? { kind: 'globstar' } : { kind: 'folders' });
      return;
    }
    for (let k = 0; k < segment.length; k++) {
      const c = segment[k];
      if (c === '*') {
        while (segment[k + 1] === '*') k++;
        items.push({ kind: 'star' });
      } else if (c === '?') items.push({ kind: 'char', test: (x) => x !== SLASH });
      else items.push(literal(segment.charCodeAt(k)));
    }
    if (!last) items.push(literal(SLASH));
  });
  try {
    const automaton = compile({ kind: 'seq', items });
    return { test: (path) => run(automaton, path.toLowerCase()) };
  } catch (err) {
    if (err instanceof TooLarge) return never(err.message);
    throw err;
  }
}

function never(problem: string): GlobMatcher {
  return { test: () => false, problem };
}
