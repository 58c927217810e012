const MARKER = Symbol.for('@ccsdk/mirror-batcher.error');

/** Stable codes of {@link MirrorBatcherError}. Branch on these, never on the message text. */
export type MirrorBatcherErrorCode =
  /** `SessionStore.append` did not settle within the append timeout (never retried). */
  | 'APPEND_TIMEOUT'
  /** `SessionStore.append` failed on every attempt. */
  | 'APPEND_FAILED'
  /** A frame's file path does not map to a store key (outside the projects dir, or no config dir). */
  | 'UNMAPPABLE_PATH'
  /** A frame that is not `{ filePath: string, entries: array }`. */
  | 'MALFORMED_FRAME'
  /** A frame arrived after `close()`. */
  | 'CLOSED';

/**
 * The one error class of `@ccsdk/mirror-batcher`. The batcher never throws it at callers: it is
 * handed to `onError` beside each `mirror_error` message, so a handler can branch on `code`.
 */
export class MirrorBatcherError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: MirrorBatcherErrorCode;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: MirrorBatcherErrorCode; message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MirrorBatcherError';
    this.code = init.code;
  }

  /** True for any `MirrorBatcherError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is MirrorBatcherError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
