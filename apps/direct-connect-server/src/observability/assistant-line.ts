const ASSISTANT_PREFIX = Buffer.from('{"type":"assistant"', 'utf8');

/**
 * True when a CLI line starts with `{"type":"assistant"`: the first assistant message of a
 * session, for `ccsdk_serve_first_message_seconds`. A compare of a few bytes, no decoding; Claude
 * Code writes `type` first in its assistant lines (seen with 2.1.332).
 */
export function isAssistantLine(line: Uint8Array): boolean {
  if (line.length < ASSISTANT_PREFIX.length) return false;
  const view = Buffer.isBuffer(line) ? line : Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  return view.subarray(0, ASSISTANT_PREFIX.length).equals(ASSISTANT_PREFIX);
}
