import { RedisSessionStoreError, type RedisSessionStoreErrorCode } from './errors.js';

/** Node socket error codes meaning the server could not be reached at all. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function classify(error: unknown): RedisSessionStoreErrorCode {
  const code = String((error as { code?: unknown })?.code ?? '');
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (UNREACHABLE_CODES.has(code)) return 'CONNECTION_FAILED';
  if (name === 'MaxRetriesPerRequestError' || /max retries per request/i.test(message))
    return 'CONNECTION_FAILED';
  if (/command timed out/i.test(message)) return 'TIMEOUT';
  // Not connected right now (reconnecting, offline queue off): nothing was sent.
  if (/stream isn't writeable/i.test(message)) return 'CONNECTION_FAILED';
  if (code === 'ECONNRESET' || code === 'EPIPE' || /connection is closed/i.test(message)) {
    return 'CONNECTION_LOST';
  }
  if (/^LOADING/.test(message)) return 'CONNECTION_LOST';
  return 'COMMAND_FAILED';
}

const ADVICE: Record<RedisSessionStoreErrorCode, string> = {
  CONNECTION_FAILED: 'check that the server is up and the URL is right',
  CONNECTION_LOST: 'the connection broke; the client reconnects and the next call goes through',
  TIMEOUT: 'the server did not answer in time; an append may still land',
  ENTRY_TOO_LARGE: '',
  INVALID_ENTRY: '',
  INVALID_KEY: '',
  SCHEMA_TOO_NEW: '',
  CORRUPT_ROW: '',
  CONFLICT: '',
  COMMAND_FAILED: 'the server refused the command; see cause',
  CLOSED: '',
};

/** Wraps a client error in a `RedisSessionStoreError` (an error of this package passes through). */
export function toStoreError(error: unknown, what: string): RedisSessionStoreError {
  if (RedisSessionStoreError.isInstance(error)) return error;
  const code = classify(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new RedisSessionStoreError({
    code,
    cause: error,
    message: `Redis session store: ${what} failed (${detail}): ${ADVICE[code]}.`,
  });
}
