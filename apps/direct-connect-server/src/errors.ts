const MARKER = Symbol.for('@ccsdk/direct-connect-server.error');

/**
 * Stable codes of {@link DirectConnectServerError}.
 *
 * - `INVALID_ROOT`: a configured root does not exist or is not a folder.
 * - `LISTEN_FAILED`: the server could not bind its host and port.
 * - `ALREADY_CLOSED`: the server was already shut down.
 */
export type DirectConnectServerErrorCode = 'INVALID_ROOT' | 'LISTEN_FAILED' | 'ALREADY_CLOSED';

/**
 * The one error class of `@ccsdk/direct-connect-server`. `code` says what went wrong; `cause`
 * keeps the underlying error. Errors of one request are answered as HTTP statuses, not thrown.
 */
export class DirectConnectServerError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: DirectConnectServerErrorCode;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: DirectConnectServerErrorCode; message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'DirectConnectServerError';
    this.code = init.code;
  }

  /** True for any `DirectConnectServerError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is DirectConnectServerError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
