/**
 * A digest fed piece by piece: two 32-bit FNV-1a lanes with different primes, each piece followed by a separator no
 * UTF-16 text holds alone, so pieces are told apart by their boundaries as well as their contents (`ab`,`c` is not
 * `a`,`bc`). Used where a digest of many small parts was made by building them into arrays and writing those as
 * JSON (the engine's per-analysis surface of a document: tens of thousands of parts in a 10,000-line file). Pure.
 */
export class Digest {
  private a = 0x811c9dc5;
  private b = 0x3c6ef372;

  /** Adds a piece of text. */
  text(s: string): this {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    // A lone low surrogate cannot start a well-formed piece, and the lanes see it only here.
    this.a = Math.imul(a ^ 0xdfff, 0x01000193);
    this.b = Math.imul(b ^ 0xdfff, 0x5bd1e995);
    return this;
  }

  /** Adds a number, a boolean or null (each distinct from the others and from text). */
  value(v: number | boolean | null | undefined): this {
    return this.text(v === null || v === undefined ? '\u0000null' : typeof v === 'boolean' ? (v ? '\u0000true' : '\u0000false') : `\u0000${v}`);
  }

  /** The digest so far, as text. */
  toString(): string {
    return `${(this.a >>> 0).toString(16)}:${(this.b >>> 0).toString(16)}`;
  }
}
