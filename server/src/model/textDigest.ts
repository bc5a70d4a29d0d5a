/**
 * A short digest of a text for telling versions apart: two 32-bit FNV-1a hashes (different offsets) and the length.
 * Used where a long text was kept only to compare it with a later one (a method header, a file's resolution surface);
 * a collision between two versions of one thing is not a worry at this width. Pure.
 */
export function textDigest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x811c9dc5 | 1);
  }
  return `${text.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}
