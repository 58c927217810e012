const MARKER = Symbol.for('@ccsdk/session-store.error');

/** Stable codes of {@link SessionStoreError}. Branch on these, never on the message text. */
export type SessionStoreErrorCode =
  /** An adapter method that is deliberately not implemented; the SDK treats the method as absent. */
  | 'NOT_IMPLEMENTED'
  /** The call needs an optional store method the adapter lacks (e.g. listing without `listSessions`). */
  | 'UNSUPPORTED_BY_STORE'
  /** An option that has no meaning with a store (e.g. `includeWorktrees: false`). */
  | 'UNSUPPORTED_OPTION'
  /** A session id that is not a UUID string. */
  | 'INVALID_SESSION_ID'
  /** A tag that is blank after sanitizing or not a string. */
  | 'INVALID_TAG'
  /** A title that is blank or not a string. */
  | 'INVALID_TITLE'
  /** A fork's `upToMessageId` that is not a UUID string. */
  | 'INVALID_MESSAGE_ID'
  /** A fork's `upToMessageId` names no message of the session. */
  | 'MESSAGE_NOT_FOUND'
  /** The session holds no entry a fork could copy. */
  | 'NOTHING_TO_FORK'
  /** A store key that is not a valid {@link SessionKey}. */
  | 'INVALID_KEY'
  /** The session is not in the store (or, for an import, not on disk). */
  | 'SESSION_NOT_FOUND'
  /** A store call made while materializing a resume failed; `cause` holds the adapter's error. */
  | 'STORE_CALL_FAILED'
  /** A store call made while materializing a resume did not settle within `loadTimeoutMs`. */
  | 'STORE_CALL_TIMEOUT'
  /** The private config folder of a store-backed resume could not be written. */
  | 'MATERIALIZE_FAILED'
  /** An adapter broke a contract of the conformance suite; `contract` names it. */
  | 'CONFORMANCE_FAILED';

/** Constructor input of {@link SessionStoreError}. */
export interface SessionStoreErrorInit {
  /** The error's stable code. */
  code: SessionStoreErrorCode;
  /** What happened and what to do next. */
  message: string;
  /** The underlying error, kept as `cause`. */
  cause?: unknown;
  /** The session involved, when there is one. */
  sessionId?: string;
  /** For `CONFORMANCE_FAILED`: the contract that failed. */
  contract?: string;
}

/**
 * The one error class of `@ccsdk/session-store`. `code` says what went wrong; `cause` keeps the
 * adapter's own error. Use {@link SessionStoreError.isInstance} across package copies.
 */
export class SessionStoreError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: SessionStoreErrorCode;
  /** The session involved, when there is one. */
  readonly sessionId: string | undefined;
  /** For `CONFORMANCE_FAILED`: the contract that failed. */
  readonly contract: string | undefined;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: SessionStoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SessionStoreError';
    this.code = init.code;
    this.sessionId = init.sessionId;
    this.contract = init.contract;
  }

  /** True for any `SessionStoreError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is SessionStoreError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
