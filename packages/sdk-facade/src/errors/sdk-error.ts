import type { SdkErrorCode } from './error-codes.js';

const MARKER = Symbol.for('@ccsdk/sdk.error');

/**
 * The base class of the errors `@ccsdk/sdk` raises itself. Errors of the lower packages (the
 * transport's `CLINotFoundError`, `ProcessExitError`, the control channel's `ControlProtocolError`)
 * reach the caller unchanged, each with its own `code`.
 */
export class SdkError extends Error {
  /** What went wrong, as a stable code: branch on it, not on the message. */
  readonly code: SdkErrorCode;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: { code: SdkErrorCode; message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SdkError';
    this.code = init.code;
  }

  /** True for any `SdkError`, even one from another copy of this package. */
  static isInstance(error: unknown): error is SdkError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

/** The class behind {@link AbortError}: an `SdkError` with code `ABORTED`. */
class AbortErrorClass extends SdkError {
  constructor(message?: string, options?: ErrorOptions) {
    super({ code: 'ABORTED', message: message ?? 'The query was aborted.', cause: options?.cause });
    this.name = 'AbortError';
  }
}

/**
 * The query was cancelled through `options.abortController` or `options.signal`. Always this class,
 * never a timeout or a generic failure; `cause` is the signal's reason.
 *
 * Typed exactly as the official `AbortError` (an `Error`, constructed as `Error` is), so every
 * program written against it compiles unchanged. At run time it is also an {@link SdkError} with
 * code `ABORTED`: `SdkError.isInstance(error) && error.code === 'ABORTED'` holds for it.
 */
export interface AbortError extends Error {}

/** Constructs an {@link AbortError}: `new AbortError(message?, { cause }?)`, as `Error` takes them. */
export const AbortError: {
  /** An abort with `message` (default "The query was aborted.") and `options.cause` (the signal's reason). */
  new (message?: string, options?: ErrorOptions): AbortError;
  /** What every `AbortError` inherits from. */
  readonly prototype: AbortError;
} = AbortErrorClass;

/**
 * The CLI reported an error `result` (e.g. `error_max_turns`) and then exited non-zero. Carries that
 * result message, so callers see why rather than only "exit code 1". The message reads as the
 * official SDK's (`Claude Code returned an error result: Reached maximum number of turns (1)`);
 * the subtype is `result.subtype` and the exit code `exitCode`.
 */
export class ResultError extends SdkError {
  /** The error `result` message the CLI sent before it exited. */
  readonly result: Record<string, unknown>;
  /** The CLI's exit code. */
  readonly exitCode: number | null;

  constructor(init: { result: Record<string, unknown>; exitCode: number | null; cause?: unknown }) {
    super({
      code: 'RESULT_ERROR',
      message: describeErrorResult(init.result),
      cause: init.cause,
    });
    this.name = 'ResultError';
    this.result = init.result;
    this.exitCode = init.exitCode;
  }
}

function describeErrorResult(result: Record<string, unknown>): string {
  const errors = Array.isArray(result['errors']) ? result['errors'].filter((e) => typeof e === 'string') : [];
  const text =
    errors.length > 0
      ? errors.join('; ')
      : typeof result['result'] === 'string' && result['result'] !== ''
        ? result['result']
        : typeof result['api_error_status'] === 'number'
          ? `API error (HTTP ${result['api_error_status']})`
          : String(result['subtype'] ?? 'error');
  return `Claude Code returned an error result: ${text}`;
}
