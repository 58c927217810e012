import type { IncomingMessage } from 'node:http';
import { SSE_MAX_CURSOR_CHARS, type SseRefusalCode } from '@ccsdk/direct-connect';

/** A refusal of one SSE request: the HTTP status and the `error` body. */
export interface SseRefusal {
  /** The HTTP status. */
  readonly status: number;
  /** The `error.code` of the body. */
  readonly code: SseRefusalCode;
  /** The `error.message` of the body; never quotes what the client sent. */
  readonly message: string;
}

/** True for an {@link SseRefusal}. */
export function isSseRefusal(value: unknown): value is SseRefusal {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

const DIGITS = /^\d{1,16}$/;

/**
 * The cursor of a stream request: the `Last-Event-ID` header (`<session id>:<n>`, at most
 * `SSE_MAX_CURSOR_CHARS` characters) when present, else the `from_sequence_num` query
 * parameter, else 0 (from the first event). `n` is decimal digits up to
 * `Number.MAX_SAFE_INTEGER`. Refusals (400): `invalid_cursor` for anything malformed, huge,
 * negative or fractional, `cursor_session_mismatch` for another session's cursor.
 */
export function parseStreamCursor(request: IncomingMessage, sessionId: string): number | SseRefusal {
  const header = request.headers['last-event-id'];
  if (header !== undefined) {
    const text = Array.isArray(header) ? header.join(',') : header;
    if (text.length > SSE_MAX_CURSOR_CHARS)
      return invalid(`Last-Event-ID is longer than ${SSE_MAX_CURSOR_CHARS} characters.`);
    const colon = text.lastIndexOf(':');
    if (colon < 0) return invalid('Last-Event-ID must be <session id>:<sequence_num>.');
    if (text.slice(0, colon) !== sessionId) {
      return {
        status: 400,
        code: 'cursor_session_mismatch',
        message: 'Last-Event-ID names another session.',
      };
    }
    return sequenceNumber(text.slice(colon + 1), 'Last-Event-ID');
  }
  const query = new URL(request.url ?? '/', 'http://server').searchParams.getAll('from_sequence_num');
  if (query.length === 0) return 0;
  if (query.length > 1) return invalid('from_sequence_num is given more than once.');
  return sequenceNumber(query[0] as string, 'from_sequence_num');
}

function sequenceNumber(text: string, what: string): number | SseRefusal {
  if (!DIGITS.test(text)) return invalid(`${what} must end in a sequence number of decimal digits.`);
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : invalid(`${what} is past the largest sequence number.`);
}

function invalid(message: string): SseRefusal {
  return { status: 400, code: 'invalid_cursor', message };
}
