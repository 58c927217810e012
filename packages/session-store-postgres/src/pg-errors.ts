import { PostgresSessionStoreError, type PostgresSessionStoreErrorCode } from './errors.js';

/** Node socket error codes meaning the server could not be reached at all. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Node socket error codes meaning an open connection broke. */
const BROKEN_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

function classify(error: unknown): PostgresSessionStoreErrorCode {
  const code = String((error as { code?: unknown })?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (UNREACHABLE_CODES.has(code)) return 'CONNECTION_FAILED';
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) return 'CONNECTION_FAILED';
  if (/query read timeout/i.test(message) || code === '57014') return 'TIMEOUT';
  if (BROKEN_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02') {
    return 'CONNECTION_LOST';
  }
  // 57P03: the server is starting up or shutting down and refuses connections for now.
  if (code === '57P03') return 'CONNECTION_FAILED';
  if (
    /connection terminated|terminating connection|client has encountered a connection error/i.test(message)
  ) {
    return 'CONNECTION_LOST';
  }
  return 'QUERY_FAILED';
}

const ADVICE: Record<PostgresSessionStoreErrorCode, string> = {
  CONNECTION_FAILED: 'check that the server is up and the connection string is right',
  CONNECTION_LOST: 'the connection broke; the next call reconnects',
  TIMEOUT: 'the server did not answer in time; an append may still land',
  ENTRY_TOO_LARGE: '',
  INVALID_ENTRY: '',
  INVALID_KEY: '',
  SCHEMA_TOO_NEW: '',
  CORRUPT_ROW: '',
  QUERY_FAILED: 'the server refused the statement; see cause',
  CLOSED: '',
};

/** Wraps a driver error in a `PostgresSessionStoreError` (an error of this package passes through). */
export function toStoreError(error: unknown, what: string): PostgresSessionStoreError {
  if (PostgresSessionStoreError.isInstance(error)) return error;
  const code = classify(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new PostgresSessionStoreError({
    code,
    cause: error,
    message: `PostgreSQL session store: ${what} failed (${detail}): ${ADVICE[code]}.`,
  });
}

/** True for errors after which the connection must not go back to the pool. */
export function isConnectionError(error: unknown): boolean {
  const code = classify(error);
  return code === 'CONNECTION_LOST' || code === 'CONNECTION_FAILED' || code === 'TIMEOUT';
}
