const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` has no lone UTF-16 surrogate, so it encodes to UTF-8 without loss. */
export function isWellFormedTextSafe(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
