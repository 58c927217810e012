/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` encodes to UTF-8 and back unchanged (no lone surrogate). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
