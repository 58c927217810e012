const MARKER = Symbol.for('@ccsdk/direct-connect.error');

/**
 * Stable codes of {@link DirectConnectError}. Callers and tests branch on these, never on
 * message text.
 *
 * Fatal (`start()` rejects, or `onclose` carries the error):
 * - `INVALID_URL`: the connect URL is not `cc://host:port/<token>`.
 * - `UNSUPPORTED_TRANSPORT`: a `cc+unix://` URL; Unix sockets are not supported yet.
 * - `SESSION_CREATE_FAILED`: `POST /sessions` could not be sent or its answer not read.
 * - `SESSION_CREATE_TIMEOUT`: `POST /sessions` did not answer in time.
 * - `SESSION_CREATE_REJECTED`: `POST /sessions` answered a non-2xx status (see `status`).
 * - `MALFORMED_SESSION_RESPONSE`: the answer is not JSON, lacks `session_id`/`ws_url`, or names
 *   a WebSocket on another host.
 * - `CONNECT_TIMEOUT`: the WebSocket did not open within the open timeout.
 * - `WEBSOCKET_REJECTED`: the server refused the WebSocket upgrade (see `status`).
 * - `SOCKET_ERROR`: the socket failed (reset, refused, protocol error).
 * - `ABNORMAL_CLOSE`: the server closed the WebSocket with a code other than 1000 (see `closeCode`).
 * - `SESSION_EXITED`: the remote Claude Code process exited non-zero (see `exitCode`).
 *
 * Misuse (a method rejects): `NOT_STARTED`, `ALREADY_STARTED`, `INPUT_ENDED`, `TRANSPORT_CLOSED`.
 *
 * Non-fatal (`onerror`; the transport goes on): `MALFORMED_LINE` (a line that is not JSON,
 * dropped), `LINE_TOO_LONG` (dropped), `TRUNCATED_LINE` (an unterminated fragment discarded at
 * close), `CALLBACK_FAILED` (`onmessage` threw).
 */
export type DirectConnectErrorCode =
  | 'INVALID_URL'
  | 'UNSUPPORTED_TRANSPORT'
  | 'SESSION_CREATE_FAILED'
  | 'SESSION_CREATE_TIMEOUT'
  | 'SESSION_CREATE_REJECTED'
  | 'MALFORMED_SESSION_RESPONSE'
  | 'CONNECT_TIMEOUT'
  | 'WEBSOCKET_REJECTED'
  | 'SOCKET_ERROR'
  | 'ABNORMAL_CLOSE'
  | 'SESSION_EXITED'
  | 'NOT_STARTED'
  | 'ALREADY_STARTED'
  | 'INPUT_ENDED'
  | 'TRANSPORT_CLOSED'
  | 'MALFORMED_LINE'
  | 'LINE_TOO_LONG'
  | 'TRUNCATED_LINE'
  | 'CALLBACK_FAILED';

/** Constructor argument of {@link DirectConnectError}. */
export interface DirectConnectErrorInit {
  /** The error's stable code. */
  code: DirectConnectErrorCode;
  /** What happened and what to do next. */
  message: string;
  /** The underlying error, kept as `cause`. */
  cause?: unknown;
  /** HTTP status of a rejected create or upgrade. */
  status?: number;
  /** WebSocket close code of an abnormal close. */
  closeCode?: number;
  /** Exit code of the remote Claude Code process, when it exited non-zero. */
  exitCode?: number;
}

/**
 * The one error class of `@ccsdk/direct-connect`. `code` says what went wrong; `cause` keeps the
 * underlying error; `status`, `closeCode` and `exitCode` are set when they apply. Use
 * {@link DirectConnectError.isInstance} to recognise one across duplicated package copies.
 */
export class DirectConnectError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: DirectConnectErrorCode;
  /** HTTP status of a rejected create (`SESSION_CREATE_REJECTED`) or upgrade (`WEBSOCKET_REJECTED`). */
  readonly status: number | undefined;
  /** WebSocket close code (`ABNORMAL_CLOSE`, `SESSION_EXITED`). */
  readonly closeCode: number | undefined;
  /** Exit code of the remote CLI (`SESSION_EXITED`); `query()` turns an error result plus this into a `ResultError`. */
  readonly exitCode: number | undefined;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: DirectConnectErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'DirectConnectError';
    this.code = init.code;
    this.status = init.status;
    this.closeCode = init.closeCode;
    this.exitCode = init.exitCode;
  }

  /** True for any `DirectConnectError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is DirectConnectError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
