/** What the browser `query()` refuses or fails with, as a stable code. */
export type BrowserSdkErrorCode =
  | 'NOT_SUPPORTED_IN_BROWSER'
  | 'NO_TRANSPORT'
  | 'CONFLICTING_TRANSPORTS'
  | 'NO_WEBSOCKET'
  | 'WEBSOCKET_FAILED'
  | 'WEBSOCKET_CLOSED'
  | 'NO_FETCH'
  | 'SSE_FAILED'
  | 'SSE_REFUSED'
  | 'SSE_SEND_REFUSED'
  | 'SSE_SESSION_ENDED'
  | 'SSE_CLOSED';

/** Details a {@link BrowserSdkError} may carry besides its code. */
export interface BrowserSdkErrorDetails {
  /** The underlying failure. */
  readonly cause?: unknown;
  /** The HTTP status of a refusal. */
  readonly status?: number;
  /** The server's own code of a refusal (`error.code` of its JSON body, e.g. `invalid_cursor`). */
  readonly serverCode?: string;
  /** The close code a `session_ended` frame carried (`DIRECT_CONNECT_CLOSE_CODES`). */
  readonly closeCode?: number;
}

/** An error of the browser entry, with a string `code` to branch on. */
export class BrowserSdkError extends Error {
  /** What went wrong: branch on it, not on the message. */
  readonly code: BrowserSdkErrorCode;
  /** The HTTP status of a refusal by the server, if this is one. */
  readonly status: number | undefined;
  /** The server's code of a refusal (`unauthorized`, `invalid_cursor`, ...), if it sent one. */
  readonly serverCode: string | undefined;
  /** The close code of the `session_ended` frame that ended the session, if that is what happened. */
  readonly closeCode: number | undefined;

  constructor(code: BrowserSdkErrorCode, message: string, details: BrowserSdkErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'BrowserSdkError';
    this.code = code;
    this.status = details.status;
    this.serverCode = details.serverCode;
    this.closeCode = details.closeCode;
  }
}
