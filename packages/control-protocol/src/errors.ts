const MARKER = Symbol.for('@ccsdk/control-protocol.error');

/** Stable codes of {@link ControlProtocolError}. Tests and callers branch on these, not on messages. */
export type ControlProtocolErrorCode =
  | 'LINE_TOO_LONG'
  | 'INVALID_JSON_LINE'
  | 'TRUNCATED_LINE'
  | 'REQUEST_TIMEOUT'
  | 'REQUEST_ABORTED'
  | 'CONNECTION_CLOSED'
  | 'CONTROL_ERROR_RESPONSE'
  | 'UNSUPPORTED_SUBTYPE'
  | 'HANDLER_FAILED'
  | 'MALFORMED_MESSAGE'
  | 'STRAY_RESPONSE'
  | 'TRANSPORT_NOT_STARTED'
  | 'TRANSPORT_CLOSED';

/**
 * The one error class of `@ccsdk/control-protocol`. `code` says what went wrong; `cause` keeps
 * the underlying error. Use {@link ControlProtocolError.isInstance} across package copies.
 */
export class ControlProtocolError extends Error {
  /** What went wrong, as a stable code: branch on it, not on the message. */
  readonly code: ControlProtocolErrorCode;
  /** The control subtype involved, when there is one. */
  readonly subtype: string | undefined;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: ControlProtocolErrorCode; message: string; cause?: unknown; subtype?: string }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ControlProtocolError';
    this.code = init.code;
    this.subtype = init.subtype;
  }

  /** True for any `ControlProtocolError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is ControlProtocolError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
