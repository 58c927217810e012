const decoder = new TextDecoder('utf-8');

/**
 * Decodes `[start, end)` of `bytes` as UTF-8. Invalid sequences become U+FFFD, whatever the
 * process locale; a leading byte order mark is dropped.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  return decoder.decode(bytes.subarray(start, end));
}
