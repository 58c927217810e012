const MIRROR_PREFIX = Buffer.from('{"type":"transcript_mirror"', 'utf8');
const RESULT_TYPE = Buffer.from('"type":"result"', 'utf8');

function view(line: Uint8Array): Buffer {
  return Buffer.isBuffer(line) ? line : Buffer.from(line.buffer, line.byteOffset, line.byteLength);
}

/**
 * True when the line starts with `{"type":"transcript_mirror"`: a compare of a few bytes, no
 * decoding, no parsing. Claude Code writes these frames with `type` as the first key and no
 * spaces (seen with 2.1.332). A match is a candidate: parse it before trusting its content.
 */
export function mayBeTranscriptMirror(line: Uint8Array): boolean {
  if (line.length < MIRROR_PREFIX.length) return false;
  return view(line).subarray(0, MIRROR_PREFIX.length).equals(MIRROR_PREFIX);
}

/**
 * True when the line contains the bytes `"type":"result"` anywhere: a native byte search, no
 * decoding, no parsing. Claude Code puts `type` in the middle of a result line (after the result
 * text, seen with 2.1.332), so no prefix check would do. Inside a JSON string every quote is
 * escaped, so text never matches; a nested object with that key and value would, and costs only
 * an early mirror flush. `"type":"tool_result"` does not match.
 */
export function mayBeResult(line: Uint8Array): boolean {
  return view(line).indexOf(RESULT_TYPE) !== -1;
}
