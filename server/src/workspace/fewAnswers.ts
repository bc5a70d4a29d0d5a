/**
 * A table of answers kept per body, per list of methods or per call shape, read and written as a Map is (get, set).
 * A check keeps tens of thousands of such tables for an index version (the typing's answers per body, the return
 * types per argument count of a list of overloads, a sentence per call shape), and most hold one or two answers: an
 * empty Map already costs about 180 bytes (its object and a hash table for four entries), and these tables were 4.7 MB
 * of a check of the generated 200,000-line corpus. The first two answers are kept in the object itself (64 bytes),
 * the rest in a Map made when a third comes.
 */
export class FewAnswers<K, V> {
  // Keys are never undefined: an undefined key is an empty slot, and the slots fill in order, the Map last.
  private firstKey: K | undefined = undefined;
  private firstValue: V | undefined = undefined;
  private secondKey: K | undefined = undefined;
  private secondValue: V | undefined = undefined;
  private more: Map<K, V> | null = null;

  get(key: K): V | undefined {
    if (this.firstKey === key) return this.firstValue;
    if (this.secondKey === key) return this.secondValue;
    return this.more === null ? undefined : this.more.get(key);
  }

  set(key: K, value: V): this {
    if (this.firstKey === undefined || this.firstKey === key) {
      this.firstKey = key;
      this.firstValue = value;
    } else if (this.secondKey === undefined || this.secondKey === key) {
      this.secondKey = key;
      this.secondValue = value;
    } else {
      (this.more ??= new Map()).set(key, value);
    }
    return this;
  }
}
