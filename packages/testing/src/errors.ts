const MARKER = Symbol.for('@ccsdk/testing.error');

/** Stable codes of {@link TestingError}. Tests and callers branch on these, not on messages. */
export type TestingErrorCode =
  /** The Claude Code CLI (or its native platform package) could not be found. */
  | 'CLI_NOT_INSTALLED'
  /** `waitForRequest` saw no matching request before its timeout. */
  | 'WAIT_TIMEOUT'
  /** The fake server was closed while something still waited on it. */
  | 'SERVER_CLOSED'
  /** The fake server could not listen on the requested host and port. */
  | 'LISTEN_FAILED'
  /** A heap snapshot given to `heapCensus` could not be read, or is not a V8 heap snapshot. */
  | 'MALFORMED_HEAP_SNAPSHOT';

/**
 * The one error class of `@ccsdk/testing`. `code` says what went wrong; `cause` keeps the
 * underlying error. Use {@link TestingError.isInstance} across package copies.
 */
export class TestingError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: TestingErrorCode;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: TestingErrorCode; message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'TestingError';
    this.code = init.code;
  }

  /** True for any `TestingError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is TestingError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
