/**
 * Findings of per-method rules kept between analyses of one document, so that a keystroke re-checks the method it
 * changed and not the ten thousand others of a large file. A rule is per-method (`RuleMeta.scope === 'method'`)
 * when what it finds in a method, and in the lambdas and local functions inside it, depends only on that method's
 * text, its containing type's name, and what the `context` string stands for: the workspace's declarations (types,
 * members, every method's signature and `bool async` flag), its completion verdicts, and the file's project (API
 * scope, library or test code). The caller builds the context and must change it whenever any of those change.
 *
 * A method's findings are kept with offsets counted from the method's start and moved to where the method is now.
 * A finding that reaches outside its method (an edit, a related location elsewhere or in another file) keeps its
 * method out of the cache: it is checked afresh every time.
 */
import { outermostFamilies, type BodyFamily } from '../model/bodies';
import { movedId, type BodyProvenance, type CachedBody } from '../model/bodyCache';
import type { FileModel, MethodBody, Span } from '../model/types';
import { textDigest as digestOf } from '../model/textDigest';
import { verdictKey, type CompletionAnalysis } from '../workspace/completion';
import type { Rule, RuleContext, RuleFinding } from '../rules/types';

export interface RuleCache {
  /** What the kept findings were found against (see the module comment); a different one empties the cache. */
  context: string;
  /**
   * Per rule, findings by method (its text and containing type), with offsets counted from the method's start. Only
   * the methods of the last check are kept: typing in one method for an hour leaves one entry for it, not one per
   * keystroke.
   */
  byRule: Map<string, Map<string, RuleFinding[]>>;
}

export function createRuleCache(): RuleCache {
  return { context: '', byRule: new Map() };
}

/**
 * A per-method rule's findings in a file: kept ones for methods whose text is unchanged, and the rule run once
 * over the other methods (each with every body inside it, so the rule sees whole families as it would in the
 * whole file). The order is the file's, as a run over the whole file gives.
 */
export function checkPerMethod(rule: Rule, ctx: RuleContext, cache: RuleCache, context: string): RuleFinding[] {
  if (cache.context !== context) {
    cache.context = context;
    cache.byRule.clear();
  }
  const entries = cache.byRule.get(rule.meta.id) ?? new Map<string, RuleFinding[]>();
  /** What this check keeps for the next: the entries of this version's methods only. */
  const next = new Map<string, RuleFinding[]>();
  cache.byRule.set(rule.meta.id, next);
  const { families } = outermostFamilies(ctx.model.bodies);
  const out: RuleFinding[] = [];
  const missed: { family: BodyFamily; key: string }[] = [];
  for (const family of families) {
    const key = keyOf(ctx.text, family);
    const kept = entries.get(key);
    if (kept) {
      next.set(key, kept);
      for (const f of kept) out.push(moved(f, family.root.span.start));
    } else missed.push({ family, key });
  }
  if (missed.length > 0) {
    const fresh = rule.check({ ...ctx, model: { ...ctx.model, bodies: missed.flatMap((m) => m.family.bodies) } });
    out.push(...fresh);
    missed.sort((a, b) => a.family.root.span.start - b.family.root.span.start);
    const spans = missed.map((m) => m.family.root.span);
    const byFamily = missed.map((): RuleFinding[] | null => []);
    // Methods that overlap (never in a tree tree-sitter gives, but cheap to rule out) could not say whose a finding is.
    let attributable = spans.every((s, i) => i === 0 || spans[i - 1].end <= s.start);
    for (const f of fresh) {
      const at = attributable ? familyIndexAt(spans, f.span.start) : -1;
      // A finding outside every method it was given: the rule is not per-method for it, and keeping the others
      // would lose it the next time. Nothing is kept until a run finds none.
      if (at < 0) {
        attributable = false;
        break;
      }
      const list = byFamily[at];
      if (list && within(f, ctx.file, spans[at])) list.push(moved(f, -spans[at].start));
      else byFamily[at] = null;
    }
    if (attributable) {
      missed.forEach((m, i) => {
        const list = byFamily[i];
        if (list) next.set(m.key, list);
      });
    } else next.clear();
  }
  out.sort((a, b) => a.span.start - b.span.start);
  return out;
}

function keyOf(text: string, family: BodyFamily): string {
  // Every per-method rule of a check asks for the same families' keys (families are built once per bodies array):
  // each key, a copy of its method's text, is made once per check, not once per rule.
  const known = familyKeys.get(family);
  if (known && known.text === text) return known.key;
  const root = family.root;
  const key = `${root.kind}\u0001${root.containingType ?? ''}\u0001${text.slice(root.span.start, root.span.end)}`;
  familyKeys.set(family, { text, key });
  return key;
}

const familyKeys = new WeakMap<BodyFamily, { text: string; key: string }>();

/** The family (by index into `spans`, which are in file order and do not overlap) whose root span holds `offset`, or -1. */
function familyIndexAt(spans: readonly Span[], offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end < offset) lo = mid + 1;
    else if (spans[mid].start > offset) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Whether every offset the finding holds lies in the span (a related location in another file never does). */
function within(f: RuleFinding, file: string, span: Span): boolean {
  const inside = (s: Span) => span.start <= s.start && s.end <= span.end;
  if (!inside(f.span)) return false;
  if (f.fix && !f.fix.edits.every(inside)) return false;
  if (f.related && !f.related.every((r) => r.file === file && inside(r.span))) return false;
  return true;
}

/** A finding with every offset it holds moved by `delta`. */
function moved(f: RuleFinding, delta: number): RuleFinding {
  const shift = (s: Span): Span => ({ start: s.start + delta, end: s.end + delta });
  const out: RuleFinding = { ...f, span: shift(f.span) };
  if (f.bodyId !== undefined) out.bodyId = movedId(f.bodyId, delta);
  if (f.fix) out.fix = { ...f.fix, edits: f.fix.edits.map((e) => ({ ...e, start: e.start + delta, end: e.end + delta })) };
  if (f.related) out.related = f.related.map((r) => ({ ...r, span: shift(r.span) }));
  return out;
}

/** Parts of a body that are its insides: what per-method rules may read of their own method only. */
const INSIDES = new Set(['awaits', 'locals', 'returns', 'waits', 'calls', 'locks', 'usings', 'creations', 'writes', 'capturedNames', 'yieldReturns', 'delegateTarget']);
/** Offsets, which every edit above a declaration moves without changing what it declares. */
const POSITIONS = new Set(['span', 'nameSpan', 'bodySpan', 'signatureEnd', 'id', 'parentId', 'bodyId']);
const HEADER_LEFT_OUT = new Set([...INSIDES, ...POSITIONS]);

/**
 * What other methods see of a file: its usings, its type declarations and the headers of its methods (name,
 * modifiers, parameters, return type, `bool async` flag...), without offsets. The insides of its bodies are left
 * out. Only what is known to be an offset or an inside is left out (by key, at the levels where the model has
 * them), so a field added to the model later can only make the digest change more often, never hide a change.
 * The language server compares it per file to know when the per-method findings it keeps are still good (with
 * the verdicts' digest below).
 */
export function declarationsDigestOf(model: FileModel, provenance?: BodyProvenance): string {
  const known = declarationsDigests.get(model);
  if (known !== undefined) return known;
  const digest = computeDeclarationsDigest(model, provenance);
  declarationsDigests.set(model, digest);
  return digest;
}

/**
 * Digests by model: a model is plain data nothing writes to once built, so its digest never changes. The
 * large-document thread computes it with the model (during the edit's debounce) and the engine takes it with the
 * model it received (`rememberDeclarationsDigest`) instead of computing it again on its own thread.
 */
const declarationsDigests = new WeakMap<FileModel, string>();

/** `digest` is declarationsDigestOf of a model equal to `model` (the same model before it crossed threads). */
export function rememberDeclarationsDigest(model: FileModel, digest: string): void {
  declarationsDigests.set(model, digest);
}

function computeDeclarationsDigest(model: FileModel, provenance?: BodyProvenance): string {
  const types = model.types.map((t) => ({ ...without(t, POSITIONS), members: t.members.map((m) => without(m, POSITIONS)) }));
  // Copies made by hand and one plain JSON.stringify: a replacer function, called for every key, took 1.4-1.9 times
  // as long (10.2 against 5.5 ms on an 11,500-line generated file).
  const json = JSON.stringify([model.usings, model.staticUsings ?? [], model.globalUsings ?? [], types]);
  // Each method header is hashed on its own, and a body the body cache reused (its entry in `provenance`) has the
  // header of the body its entry was built as (the entry's key holds the function's text, name, return type and
  // containing type): its hash is kept with the entry, so a keystroke hashes the headers of the methods it changed.
  const entries = provenance && provenance.entries.length === model.bodies.length ? provenance.entries : null;
  const headers: string[] = [];
  model.bodies.forEach((b, i) => {
    if (b.parentId !== null) return;
    const entry = entries?.[i];
    let digest = entry ? headerDigests.get(entry) : undefined;
    if (digest === undefined) {
      digest = headerDigestOf(b);
      if (entry) headerDigests.set(entry, digest);
    }
    headers.push(digest);
  });
  // A hash, not the text: the server keeps one per indexed file, and the text can be larger than the source.
  return digestOf(`${json}\u0000${headers.join(',')}`);
}

/** A method header's hash: the body without its insides and offsets, its parameters without offsets. */
function headerDigestOf(b: MethodBody): string {
  return digestOf(JSON.stringify({ ...without(b, HEADER_LEFT_OUT), parameters: b.parameters.map((p) => without(p, POSITIONS)) }));
}

const headerDigests = new WeakMap<CachedBody, string>();

/** A shallow copy of an object without the given keys. */
function without(value: object, left: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) if (!left.has(key)) out[key] = (value as Record<string, unknown>)[key];
  return out;
}

/**
 * What per-method rules may read of a file's completion verdicts: for each body (by its order in the file, since
 * ids hold offsets), whether it likely completes synchronously, whether that is certain, and on what basis.
 */
export function verdictsDigestOf(file: string, model: FileModel, completion: CompletionAnalysis): string {
  const parts: string[] = [];
  model.bodies.forEach((b, i) => {
    const v = completion.get(verdictKey(file, b.id));
    if (v) parts.push(`${i}:${v.likelySync ? 1 : 0}${v.certain ? 1 : 0}${v.basis}`);
  });
  return parts.join(',');
}
