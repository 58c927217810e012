const MARKER = Symbol.for('@ccsdk/session-jsonl.error');

/** Stable codes of {@link SessionJsonlError}. Branch on these, never on the message text. */
export type SessionJsonlErrorCode =
  /** Neither `CLAUDE_CONFIG_DIR` nor a usable home directory is available. */
  | 'CONFIG_DIR_UNAVAILABLE'
  /** A mutation got a session id that is not a UUID string. */
  | 'INVALID_SESSION_ID'
  /** A fork got an `upToMessageId` that is not a UUID string. */
  | 'INVALID_MESSAGE_ID'
  /** A title that is blank, not a string, or not well-formed UTF-16. */
  | 'INVALID_TITLE'
  /** A tag that is blank after sanitizing, not a string, or not well-formed UTF-16. */
  | 'INVALID_TAG'
  /** No non-empty transcript of the session was found where the call looked. */
  | 'SESSION_NOT_FOUND'
  /** `upToMessageId` names no message of the source transcript. */
  | 'MESSAGE_NOT_FOUND'
  /** The source transcript holds no entry a fork could copy. */
  | 'NOTHING_TO_FORK'
  /** A write would go through a symlink out of the project folder, or to something that is not a file. */
  | 'UNSAFE_PATH'
  /** The fork's staging file could not be published (target exists, or no hard links on this file system). */
  | 'PUBLISH_FAILED'
  /** The transcript was deleted but its sibling folder could not be removed. */
  | 'DELETE_INCOMPLETE';

/**
 * The one error class of `@ccsdk/session-jsonl`. `code` says what went wrong; `cause` keeps the
 * underlying error. Use {@link SessionJsonlError.isInstance} across package copies.
 */
export class SessionJsonlError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: SessionJsonlErrorCode;
  /** The session involved, when there is one. */
  readonly sessionId: string | undefined;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: SessionJsonlErrorCode; message: string; cause?: unknown; sessionId?: string }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SessionJsonlError';
    this.code = init.code;
    this.sessionId = init.sessionId;
  }

  /** True for any `SessionJsonlError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is SessionJsonlError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
