import { mayBeResult } from './line-peek.js';

const USER_TYPE = Buffer.from('"type":"user"', 'utf8');
const CONTROL_PREFIX = Buffer.from('{"type":"control_', 'utf8');

function view(line: Uint8Array): Buffer {
  return Buffer.isBuffer(line) ? line : Buffer.from(line.buffer, line.byteOffset, line.byteLength);
}

/**
 * True when a client line looks like a user message for the CLI: it contains the bytes
 * `"type":"user"` (as `JSON.stringify` writes them) and does not start with
 * `{"type":"control_` (a control request or response, whose payload may nest any JSON). A byte
 * search, no decoding: the WebSocket path forwards client bytes unparsed. Inside a JSON string
 * every quote is escaped, so message text never matches; a line written with spaces around the
 * colon is not seen (such a turn is not waited for by a drain).
 */
export function mayBeUserMessage(line: Uint8Array): boolean {
  const bytes = view(line);
  if (bytes.indexOf(USER_TYPE) === -1) return false;
  return !(
    bytes.length >= CONTROL_PREFIX.length && bytes.subarray(0, CONTROL_PREFIX.length).equals(CONTROL_PREFIX)
  );
}

/**
 * True when a CLI line is a turn's `result`: a byte search first ({@link mayBeResult}), then,
 * for the few lines that pass it (one per turn), a parse that checks the top-level `type`, so a
 * nested `"type":"result"` (in a tool's input, say) does not end a turn early.
 */
export function isResultLine(line: Uint8Array): boolean {
  if (!mayBeResult(line)) return false;
  try {
    const value: unknown = JSON.parse(view(line).toString('utf8'));
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'result';
  } catch {
    return false;
  }
}
