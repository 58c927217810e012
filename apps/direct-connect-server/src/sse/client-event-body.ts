import type { SseClientEventBody } from '@ccsdk/direct-connect';
import type { SseRefusal } from './sse-cursor.js';

const EVENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Validates the body of `POST /sessions/:id/events` (already read, bounded): one JSON object
 * with `session_id` (the path's, else 400 `session_mismatch`), an `event_id` of 1 to 128
 * characters of `[A-Za-z0-9_-]`, and either an object `payload` or `end_of_input: true`.
 * Anything else is 400 `invalid_event`; other fields are ignored; messages never quote the body.
 */
export function parseClientEventBody(body: Buffer, sessionId: string): SseClientEventBody | SseRefusal {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return invalidEvent('The body is not JSON.');
  }
  if (!isObject(value)) return invalidEvent('The body must be a JSON object.');
  const { session_id, event_id, payload, end_of_input } = value;
  if (typeof session_id !== 'string') return invalidEvent('session_id must be a string.');
  if (typeof event_id !== 'string' || !EVENT_ID.test(event_id)) {
    return invalidEvent('event_id must be 1 to 128 characters of A-Z, a-z, 0-9, _ and -.');
  }
  if (end_of_input !== undefined && end_of_input !== true)
    return invalidEvent('end_of_input must be true when given.');
  if (end_of_input === true) {
    if (payload !== undefined) return invalidEvent('A body with end_of_input carries no payload.');
  } else if (!isObject(payload)) {
    return invalidEvent('payload must be a JSON object.');
  }
  if (session_id !== sessionId) {
    return { status: 400, code: 'session_mismatch', message: 'session_id is not the session of the path.' };
  }
  return end_of_input === true
    ? { session_id, event_id, end_of_input }
    : { session_id, event_id, payload: payload as Record<string, unknown> };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidEvent(message: string): SseRefusal {
  return { status: 400, code: 'invalid_event', message };
}
