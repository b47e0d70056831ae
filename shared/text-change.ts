/**
 * The smallest edit between two texts (the shared script and notes: the textarea's value against the live
 * document's text), found by their common start and end. Used by the browser to turn a textarea's input into
 * one delete and one insert, and by the server to restore a version. Null when the texts are equal.
 */
export function textChange(before: string, after: string): { at: number; removed: number; inserted: string } | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never between the two halves of a surrogate pair (an emoji): Yjs would store each half as U+FFFD.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end--;
  return { at: start, removed: before.length - start - end, inserted: after.slice(start, after.length - end) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
