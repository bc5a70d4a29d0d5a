/**
 * Modelling an edited document during the edit's debounce, on whichever thread models it (the engine thread for its
 * own documents, the large-document thread for large ones). The engine analyses an edited document only when the
 * debounce (asynclens.analysisDelayMs, 150 ms by default) has passed, and a keystroke's model of a 10,000-line file
 * takes about as long: built as soon as the thread is idle, the model is usually ready when the analysis starts.
 */
import type { OpenDocument } from './documents';

/**
 * Only for documents whose last model after an edit took at most this long: a request that arrives while an eager
 * model of an older version runs waits for it, so for a slow model (the 3 MB document takes seconds) eagerness could
 * add up to a whole model to the wait. Past twice the default debounce the expected wait is longer with it than without.
 */
export const EAGER_MODEL_MAX_MS = 300;

/** Before a document's first keystroke model is timed (its first model is a cold one), eagerness goes by size. */
const EAGER_MODEL_MAX_CHARS = 1_000_000;

export interface DebounceModelling {
  /** Runs `build` (the document's parse and model), timing it unless it is the document's first model. */
  timed(doc: OpenDocument, build: () => void): void;
  /**
   * An edit was applied to `doc`: its model is built once the thread is idle (after the messages already waiting, a
   * burst of changes or the request itself), if its last model was fast enough and it still wants one then.
   */
  edited(doc: OpenDocument): void;
}

export function createDebounceModelling(options: {
  /** Whether the document still wants its model built now (still open, not modelled since, ...). */
  wanted(doc: OpenDocument): boolean;
  /** Builds the document's model (through `timed`). */
  model(doc: OpenDocument): void;
  log(message: string): void;
}): DebounceModelling {
  /** How long each document's last model after an edit took (ms); a first model, without a body cache, is not counted. */
  const modelTimes = new WeakMap<OpenDocument, number>();
  const edited = new Set<OpenDocument>();
  let scheduled = false;
  const modelEdited = () => {
    scheduled = false;
    for (const doc of [...edited]) {
      edited.delete(doc);
      if (!options.wanted(doc)) continue;
      try {
        options.model(doc);
      } catch (err) {
        // The analysis (or the request) for this version models it again and reports what fails.
        options.log(`model of ${doc.uri} during the debounce failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
  };
  return {
    timed(doc, build) {
      const first = doc.model === null;
      const started = performance.now();
      build();
      if (!first) modelTimes.set(doc, performance.now() - started);
    },
    edited(doc) {
      if (doc.model === null) return;
      const last = modelTimes.get(doc);
      if (last === undefined ? doc.text.length > EAGER_MODEL_MAX_CHARS : last > EAGER_MODEL_MAX_MS) return;
      edited.add(doc);
      if (scheduled) return;
      scheduled = true;
      setImmediate(modelEdited);
    },
  };
}
