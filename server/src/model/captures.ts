/**
 * The locals and parameters of enclosing bodies that each lambda or local function mentions: what the compiler
 * moves into a closure (display class) shared with the enclosing body (MethodBody.capturedNames).
 *
 * A body mentions a name when an identifier of that name (not a member name) lies in its own code, nested
 * functions included; it captures the name when some body around it declares it and it does not declare it
 * itself. Asking that of every body separately costs each body its whole subtree, which 2,000 nested lambdas
 * made quadratic in allocation alone. Here each mention is followed up the bodies around it only as far as the
 * outermost of them that declares the name, and a body already reached for that name ends the walk (every body
 * above it was reached then too), so the work is the answer's size plus a step per mention.
 */
import type { MethodBody, Span } from './types';
import { MEMBER_NAME, type Identifiers } from './fileSyntax';
import { bodiesById } from './bodies';
import { checkBudget } from './budget';
import { inOrder } from './compact';

/** What Array.prototype.sort without a comparer does for strings: order by UTF-16 code units. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Above this many declarations of one name, the bodies around a mention are walked instead of the declarations scanned. */
const FEW_DECLARERS = 8;

/**
 * Captured names by body id (sorted, as before), for every body with a parent. `codeOf` gives the spans of a
 * body's own code (its block or expression; a top-level program's statements); `identifiers` the file's identifiers
 * and `which` the indices of those to follow, in order (null: all of them).
 */
export function capturedNamesByBody(bodies: readonly MethodBody[], codeOf: (b: MethodBody) => readonly Span[], identifiers: Identifiers, which: readonly number[] | null): Map<string, string[]> {
  const byId = bodiesById(bodies);
  const parentOf = (b: MethodBody): MethodBody | null => (b.parentId ? byId.get(b.parentId) ?? null : null);
  const result = new Map<string, Set<string>>();
  if (!bodies.some((b) => b.parentId)) return new Map();

  // Preorder numbers of the body tree, for "is D around B" in constant time.
  const children = new Map<MethodBody, MethodBody[]>();
  const roots: MethodBody[] = [];
  for (const b of byId.values()) {
    const p = parentOf(b);
    if (!p) roots.push(b);
    else {
      const list = children.get(p);
      if (list) list.push(b);
      else children.set(p, [b]);
    }
  }
  const enter = new Map<MethodBody, number>();
  const exit = new Map<MethodBody, number>();
  let clock = 0;
  for (const root of roots) {
    const stack: { body: MethodBody; next: number }[] = [{ body: root, next: 0 }];
    enter.set(root, clock++);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const kids = children.get(top.body) ?? [];
      if (top.next < kids.length) {
        const kid = kids[top.next++];
        if (enter.has(kid)) continue;
        enter.set(kid, clock++);
        stack.push({ body: kid, next: 0 });
      } else {
        exit.set(top.body, clock);
        stack.pop();
      }
    }
  }
  const around = (outer: MethodBody, inner: MethodBody) => enter.get(outer)! <= enter.get(inner)! && exit.get(inner)! <= exit.get(outer)!;

  // Who declares each name, and each body's own names.
  const ownNames = new Map<MethodBody, Set<string>>();
  const declarers = new Map<string, MethodBody[]>();
  for (const b of byId.values()) {
    const own = new Set<string>();
    for (const l of b.locals) own.add(l.name);
    for (const p of b.parameters) own.add(p.name);
    ownNames.set(b, own);
    for (const name of own) {
      const list = declarers.get(name);
      if (list) list.push(b);
      else declarers.set(name, [b]);
    }
  }

  // Each body's code spans, outer before inner, for finding the innermost body around an identifier in one sweep.
  const spans: { span: Span; body: MethodBody }[] = [];
  for (const b of byId.values()) for (const span of codeOf(b)) spans.push({ span, body: b });
  spans.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const inCode = (b: MethodBody, start: number, end: number) => codeOf(b).some((s) => s.start <= start && start < s.end && end <= s.end);

  const reached = new Map<string, Set<MethodBody>>();
  const open: { span: Span; body: MethodBody }[] = [];
  let next = 0;
  const close = (at: number) => {
    while (open.length && open[open.length - 1].span.end <= at) open.pop();
  };
  let step = 0;
  // An indexed loop: this one pass over every identifier of the file runs once per model, mostly before the
  // optimising compiler takes it, and a for...of there allocated an iterator result per identifier.
  const { start: starts, end: ends, flags, names: idNames } = identifiers;
  const total = which ? which.length : identifiers.count;
  for (let n = 0; n < total; n++) {
    const k = which ? which[n] : n;
    const idStart = starts[k];
    const idEnd = ends[k];
    if ((++step & 0xfff) === 0) checkBudget();
    while (next < spans.length && spans[next].span.start <= idStart) {
      close(spans[next].span.start);
      open.push(spans[next++]);
    }
    close(idStart);
    if (flags[k] & MEMBER_NAME || open.length === 0) continue;
    const name = idNames[k]!;
    const names = declarers.get(name);
    if (!names) continue;
    // The innermost body whose code holds the identifier (spans are nested, so the top of the stack, if it holds it).
    let innermost: MethodBody | null = null;
    for (let j = open.length - 1; j >= 0; j--) {
      const s = open[j].span;
      if (s.start <= idStart && idStart < s.end && idEnd <= s.end) {
        innermost = open[j].body;
        break;
      }
    }
    if (!innermost || !innermost.parentId) continue;
    // The outermost body around it that declares the name: bodies between the two capture it.
    let outermost: MethodBody | null = null;
    if (names.length <= FEW_DECLARERS) {
      for (const d of names) if (d !== innermost && around(d, innermost) && (!outermost || enter.get(d)! < enter.get(outermost)!)) outermost = d;
    } else {
      for (let b = parentOf(innermost); b; b = parentOf(b)) if (ownNames.get(b)!.has(name)) outermost = b;
    }
    if (!outermost) continue;
    let seen = reached.get(name);
    if (!seen) reached.set(name, (seen = new Set()));
    for (let b: MethodBody | null = innermost; b && b !== outermost; b = parentOf(b)) {
      if (!inCode(b, idStart, idEnd)) continue;
      if (seen.has(b)) break;
      seen.add(b);
      if (!b.parentId || ownNames.get(b)!.has(name)) continue;
      const set = result.get(b.id);
      if (set) set.add(name);
      else result.set(b.id, new Set([name]));
    }
  }
  const out = new Map<string, string[]>();
  for (const [bodyId, names] of result) out.set(bodyId, inOrder([...names], byCodeUnits));
  return out;
}
