import { SessionJsonlError } from './errors.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AGENT_ID_PATTERN = /^[A-Za-z0-9._-]+$/;

/** True when `value` is a UUID string (any version, either case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && value.length === 36 && UUID_PATTERN.test(value);
}

/** True when `value` is a usable subagent id: `[A-Za-z0-9._-]+`, and not `.` or `..`. */
export function isAgentId(value: unknown): value is string {
  return typeof value === 'string' && AGENT_ID_PATTERN.test(value) && value !== '.' && value !== '..';
}

/** Throws `INVALID_SESSION_ID` unless `value` is a UUID string. Used by the mutations. */
export function assertSessionId(value: unknown): asserts value is string {
  if (!isUuid(value)) {
    throw new SessionJsonlError({
      code: 'INVALID_SESSION_ID',
      message: `Invalid session id ${quote(value)}: pass the UUID of a session, as listSessions() reports it.`,
    });
  }
}

/** Quotes any value for an error message, shortening long strings. */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  }
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function')
    return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` has no lone UTF-16 surrogate, so it encodes to UTF-8 without loss. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
