const utf8Slice = Buffer.prototype.utf8Slice as (this: Uint8Array, start: number, end: number) => string;

/**
 * Decodes `[start, end)` of `bytes` as UTF-8. Invalid sequences become U+FFFD (the WHATWG rule,
 * as `TextDecoder` does), whatever the process locale; a byte order mark is kept as U+FEFF, as
 * the CLI's own reading keeps it. Decodes in place: no view object is made for the range.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  return utf8Slice.call(bytes, start, end);
}
