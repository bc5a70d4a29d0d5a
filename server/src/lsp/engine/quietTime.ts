/**
 * The end of an edit's debounce as the time a document's results may be shown. The engine may analyse an edited
 * document before its debounce ends, when the model it needs is ready early (the large-document thread builds and
 * sends it during the debounce: engine.ts `analyseEarly`); what that analysis would post (the diagnostics, then the
 * snapshot) is held here until the debounce has passed, so a person who keeps typing sees no results of text they
 * have already changed, exactly as when the analysis starts at the end of the debounce. The caller's posts check
 * that their version is still the document's before they post; an edit drops what older analyses hold.
 */
export interface QuietTime<D extends object> {
  /** `doc` was edited: its results may be shown `delayMs` from now, and what was held for it is dropped. */
  edited(doc: D, delayMs: number): void;
  /** Whether `doc`'s debounce is still running (results would be held). */
  waiting(doc: D): boolean;
  /** When `doc`'s debounce ends (on the clock given), or null when it is not running. */
  endsAt(doc: D): number | null;
  /** Runs `post` now, or when `doc`'s debounce ends if it has not yet (posts held for one document keep their order). */
  show(doc: D, post: () => void): void;
  /** Runs what is held for `doc` now: someone waits for its results (a request that flushes the document). */
  release(doc: D): void;
  /** Drops what is held for `doc` (it was closed). */
  forget(doc: D): void;
  /** Drops everything held (the engine is stopping). */
  dispose(): void;
}

interface Held {
  /** performance.now() at which the debounce ends. */
  at: number;
  timer: NodeJS.Timeout | null;
  posts: (() => void)[];
}

export function createQuietTime<D extends object>(now: () => number = () => performance.now()): QuietTime<D> {
  const byDoc = new Map<D, Held>();
  const drop = (doc: D) => {
    const held = byDoc.get(doc);
    if (held?.timer) clearTimeout(held.timer);
    byDoc.delete(doc);
  };
  const release = (doc: D) => {
    const held = byDoc.get(doc);
    if (!held) return;
    drop(doc);
    for (const post of held.posts) post();
  };
  return {
    edited(doc, delayMs) {
      drop(doc);
      if (delayMs > 0) byDoc.set(doc, { at: now() + delayMs, timer: null, posts: [] });
    },
    waiting(doc) {
      const held = byDoc.get(doc);
      return !!held && now() < held.at;
    },
    endsAt(doc) {
      const held = byDoc.get(doc);
      return held && now() < held.at ? held.at : null;
    },
    show(doc, post) {
      const held = byDoc.get(doc);
      if (!held || (now() >= held.at && held.posts.length === 0)) {
        if (held) drop(doc);
        post();
        return;
      }
      held.posts.push(post);
      if (!held.timer) held.timer = setTimeout(() => release(doc), Math.max(0, held.at - now()));
    },
    release,
    forget: drop,
    dispose() {
      for (const doc of [...byDoc.keys()]) drop(doc);
    },
  };
}
