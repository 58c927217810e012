/** What the browser `query()` refuses, as a stable code. */
export type BrowserSdkErrorCode =
  | 'SSE_NOT_SUPPORTED'
  | 'BROWSER_OPTION_NOT_SUPPORTED'
  | 'NO_TRANSPORT'
  | 'NO_WEBSOCKET'
  | 'WEBSOCKET_FAILED'
  | 'WEBSOCKET_CLOSED';

/** An error of the browser entry, with a string `code` to branch on. */
export class BrowserSdkError extends Error {
  /** What went wrong: branch on it, not on the message. */
  readonly code: BrowserSdkErrorCode;

  constructor(code: BrowserSdkErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BrowserSdkError';
    this.code = code;
  }
}
