/**
 * A short hash of a text (two 32-bit FNV-1a rounds, base 36) for cache-busting file names. Not for security: it
 * only has to change when the text changes, and give the server and the page the same name for the same text.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x2c9277b5) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}
