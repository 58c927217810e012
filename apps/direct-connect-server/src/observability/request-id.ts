import { randomUUID } from 'node:crypto';
import { MAX_REQUEST_ID_CHARS } from './observability-limits.js';

/** The header a request id comes in and is echoed back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `-_.:/+=@`: what ids of proxies, tracers and UUIDs are made of, nothing a log or header could be bent by. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9\-_.:/+=@]+$/;

/**
 * The id of one request: the client's `x-request-id` when it is one well-formed value (1 to
 * {@link MAX_REQUEST_ID_CHARS} safe characters, see above), else a new UUID. A repeated header,
 * control characters, CR/LF, spaces, quotes or an over-long value are never taken: the id goes
 * into every log entry of the request and back into a response header.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  if (typeof header === 'string' && isWellFormedRequestId(header)) return header;
  return randomUUID();
}

/** True for a value {@link requestIdOf} keeps. */
export function isWellFormedRequestId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_REQUEST_ID_CHARS && SAFE_REQUEST_ID.test(value);
}
