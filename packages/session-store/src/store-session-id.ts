import { checkTitle, isUuid, SessionJsonlError } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { quote } from './quote.js';

/** Throws `INVALID_SESSION_ID` unless `value` is a UUID string (what the mutations accept). */
export function assertStoreSessionId(value: unknown, name = 'session id'): asserts value is string {
  if (!isUuid(value)) {
    throw new SessionStoreError({
      code: 'INVALID_SESSION_ID',
      message: `Invalid ${name} ${quote(value)}: pass the UUID of a session, as listSessions() reports it.`,
    });
  }
}

/** Validates a title as the disk path does (non-blank, well-formed string); returns it trimmed or throws `INVALID_TITLE`. */
export function checkStoreTitle(title: unknown): string {
  try {
    return checkTitle(title);
  } catch (error) {
    if (SessionJsonlError.isInstance(error)) {
      throw new SessionStoreError({ code: 'INVALID_TITLE', message: error.message, cause: error });
    }
    throw error;
  }
}
