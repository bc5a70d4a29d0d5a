/**
 * The method views of a snapshot as they cross from the engine thread to the protocol thread, sent as a difference
 * from the views of the last snapshot sent for the same document. A keystroke changes one method's view; the views of
 * a 10,000-line file's other thousand methods (about 6 MB as JSON, with their cost layouts and prose) were copied
 * between threads on every keystroke, and the copy and the garbage it left cost the protocol thread tens of
 * milliseconds on the way to the next keystroke's diagnostics. A view equal to the last one sent at the same place in
 * the list crosses as `null`; the protocol thread takes its own copy of that view instead.
 *
 * A view's `bodyId` names its method by its kind and start offset (model/extract.ts), so a keystroke changes the id of
 * every method after it although nothing else in their views changed: views are compared without their ids, and the
 * ids of every view cross in a list of their own (short strings, cheap to copy), so a method that only moved still
 * crosses as `null`.
 *
 * Each posted list has an id; a difference names the id of the list it refers to, and the protocol thread takes it
 * only when that is the list it holds for the document. Otherwise (a document opened again, a difference whose base
 * it never kept) it asks the engine to send the whole list again (`resendSnapshot`). Pure; no LSP.
 */
import type { MethodView } from './snapshot';

export interface SentMethods {
  /** This list's id: the next difference for the document refers to it. */
  id: number;
  /** The id of the list the `null`s refer to, or null when every view is whole. */
  base: number | null;
  views: (MethodView | null)[];
  /** Each view's `bodyId`, in order: a `null` stands for the view at its place in the base list with this id. */
  bodyIds: string[];
}

/** A list of views as the receiving side keeps it, to resolve the next difference against. */
export interface KeptMethods {
  id: number;
  views: readonly MethodView[];
}

/**
 * What to send for `views`, given the list last sent for the document (null: none, or one the other side may not
 * hold). Views are compared by value; the cost views an unchanged method shares with the engine's cost cache are
 * the same objects, which makes most comparisons a check of identity.
 */
export function methodsToSend(last: KeptMethods | null, views: readonly MethodView[], id: number): SentMethods {
  const bodyIds = views.map((view) => view.bodyId);
  // Only a list of the same length is compared place by place: a method added or removed sends every view whole once.
  if (!last || last.views.length !== views.length) return { id, base: null, views: views.slice(), bodyIds };
  let same = 0;
  const out = views.map((view, i) => {
    if (!sameView(last.views[i], view)) return view;
    same++;
    return null;
  });
  return same === 0 ? { id, base: null, views: views.slice(), bodyIds } : { id, base: last.id, views: out, bodyIds };
}

/** The whole list a difference stands for, or null when `kept` is not the list it refers to. */
export function receivedMethods(sent: SentMethods, kept: KeptMethods | null): MethodView[] | null {
  if (sent.base === null) return sent.views as MethodView[];
  if (!kept || kept.id !== sent.base || kept.views.length !== sent.views.length || sent.bodyIds.length !== sent.views.length) return null;
  return sent.views.map((view, i) => {
    if (view) return view;
    const before = kept.views[i];
    const bodyId = sent.bodyIds[i];
    // The kept view is shared with the list kept before, so a moved method gets a copy with its new id.
    return before.bodyId === bodyId ? before : { ...before, bodyId };
  });
}

/** Two views are the same but for their `bodyId` (which moves with every edit above the method). */
export function sameView(a: MethodView, b: MethodView): boolean {
  return a === b || sameRecord(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>, 'bodyId');
}

/** Deep equality of plain data (what a structured clone carries), with identity first. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  return sameRecord(a as Record<string, unknown>, b as Record<string, unknown>);
}

/** Two records with the same keys and deeply equal values, but for the value of `skippedKey` (which must be present in both). */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>, skippedKey?: string): boolean {
  let keys = 0;
  for (const key in a) {
    // An absent key and an undefined one cross alike only when both are absent: compare presence too.
    if (!(key in b) || (key !== skippedKey && !sameValue(a[key], b[key]))) return false;
    keys++;
  }
  for (const _ in b) keys--;
  return keys === 0;
}
