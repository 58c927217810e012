const MARKER = Symbol.for('@ccsdk/sdk.error.ExtractError');

/**
 * Stable codes of {@link ExtractError}:
 * - `EMBEDDED_FILE_UNREADABLE`: the embedded file could not be read. Only a program compiled with
 *   `bun build --compile` can read its embedded files; under Node there is no embedded filesystem,
 *   so every embedded path ends here.
 * - `EXTRACT_WRITE_FAILED`: the file was read but could not be written out (no room, no permission
 *   in the temporary folder).
 */
export type ExtractErrorCode = 'EMBEDDED_FILE_UNREADABLE' | 'EXTRACT_WRITE_FAILED';

/** `extractFromBunfs()` could not give back a real file; `embeddedPath` is the path it was given. */
export class ExtractError extends Error {
  /** What went wrong, as a stable code: branch on it, not on the message. */
  readonly code: ExtractErrorCode;
  /** The embedded path that was asked for. */
  readonly embeddedPath: string;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: ExtractErrorCode; message: string; embeddedPath: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ExtractError';
    this.code = init.code;
    this.embeddedPath = init.embeddedPath;
  }

  /** True for any `ExtractError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is ExtractError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
