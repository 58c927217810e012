/**
 * WebSocket close codes of the Direct Connect wire, shared by client and server.
 *
 * - `NORMAL` (1000): the session ended in order (the CLI exited 0, or the client ended it).
 * - `GOING_AWAY` (1001): the server is shutting down.
 * - `MESSAGE_TOO_BIG` (1009): a frame passed the server's message limit.
 * - `INTERNAL_ERROR` (1011): the server failed.
 * - `CLI_EXIT_BASE` (4000) + n for n in 1..255: the CLI exited with code n.
 * - `CLI_SIGNALLED` (4300): the CLI was killed by a signal the server did not send.
 * - `SESSION_DELETED` (4404): `DELETE /sessions/:id` ended the session.
 * - `IDLE_TIMEOUT` (4408): the session was idle past the server's limit.
 * - `OUTPUT_OVERFLOW` (4413): the client read too slowly; the server's output buffer overflowed.
 * - `SESSION_BUSY` (4409): another client took over the session.
 * - `AUTH_FAILED` (4401): the connection carried no valid credential: no `Authorization` header
 *   and a first frame that was not a well-formed `{ type: 'auth', credential }` with the right token.
 * - `AUTH_TIMEOUT` (4402): no header credential, and no first frame within the server's deadline.
 * - `SESSION_NOT_FOUND` (4400): authenticated by its first frame, the connection named no live session.
 * - `TRANSPORT_MISMATCH` (4410): the session is already read over SSE.
 */
export const DIRECT_CONNECT_CLOSE_CODES = {
  /** The session ended in order. */
  NORMAL: 1000,
  /** The server is shutting down. */
  GOING_AWAY: 1001,
  /** A frame passed the server's message limit. */
  MESSAGE_TOO_BIG: 1009,
  /** The server failed. */
  INTERNAL_ERROR: 1011,
  /** Plus n (1..255): the CLI exited with code n. */
  CLI_EXIT_BASE: 4000,
  /** The CLI was killed by a signal the server did not send. */
  CLI_SIGNALLED: 4300,
  /** `DELETE /sessions/:id` ended the session. */
  SESSION_DELETED: 4404,
  /** The session was idle past the server's limit. */
  IDLE_TIMEOUT: 4408,
  /** Another client took over the session. */
  SESSION_BUSY: 4409,
  /** The client read too slowly and the server's output buffer overflowed. */
  OUTPUT_OVERFLOW: 4413,
  /** No valid credential: no header and a first frame that was not the right `auth` message. */
  AUTH_FAILED: 4401,
  /** No header credential and no first frame within the server's deadline. */
  AUTH_TIMEOUT: 4402,
  /** Authenticated by its first frame, the connection named no live session. */
  SESSION_NOT_FOUND: 4400,
  /** The session is already read over SSE. */
  TRANSPORT_MISMATCH: 4410,
} as const;

/** Largest exit code carried as `CLI_EXIT_BASE + code`. */
const MAX_EXIT_CODE = 255;

/** The close code that reports a CLI exit code (1..255) to the client. */
export function closeCodeForExit(exitCode: number): number {
  if (!Number.isInteger(exitCode) || exitCode < 1 || exitCode > MAX_EXIT_CODE) {
    throw new RangeError(`exitCode must be an integer from 1 to ${MAX_EXIT_CODE}, got ${String(exitCode)}`);
  }
  return DIRECT_CONNECT_CLOSE_CODES.CLI_EXIT_BASE + exitCode;
}

/** The CLI exit code a close code reports, or `undefined` when it reports none. */
export function exitCodeFromCloseCode(closeCode: number): number | undefined {
  const exitCode = closeCode - DIRECT_CONNECT_CLOSE_CODES.CLI_EXIT_BASE;
  return Number.isInteger(exitCode) && exitCode >= 1 && exitCode <= MAX_EXIT_CODE ? exitCode : undefined;
}
