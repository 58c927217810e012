/** Stable codes of {@link CliError}; each maps to one exit code. */
export type CliErrorCode =
  /** A bad flag, a missing or extra argument, a malformed session id: exit 2. */
  | 'USAGE'
  /** The session, message or folder named does not exist: exit 1. */
  | 'NOT_FOUND'
  /** A folder or file could not be read or written: exit 1. */
  | 'IO_FAILED'
  /** The person declined (or could not be asked) to confirm a destructive action: exit 1. */
  | 'NOT_CONFIRMED'
  /** The library refused the operation: exit 1. */
  | 'FAILED';

/** Exit code of a usage error. */
export const EXIT_USAGE = 2;
/** Exit code of any other failure. */
export const EXIT_FAILURE = 1;

/**
 * The one error class of the `ccsdk` command line: its message is the single line printed on
 * stderr, its `code` chooses the exit code (`USAGE` exits 2, everything else 1).
 */
export class CliError extends Error {
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.code = code;
  }

  /** The process exit code for this error. */
  get exitCode(): number {
    return this.code === 'USAGE' ? EXIT_USAGE : EXIT_FAILURE;
  }
}

/** Library error codes that mean the caller passed something malformed (usage, exit 2). */
const LIBRARY_USAGE_CODES = new Set([
  'INVALID_SESSION_ID',
  'INVALID_MESSAGE_ID',
  'INVALID_TITLE',
  'INVALID_TAG',
  'INVALID_OPTION',
]);
/** Library error codes that mean something named does not exist. */
const LIBRARY_NOT_FOUND_CODES = new Set(['SESSION_NOT_FOUND', 'MESSAGE_NOT_FOUND']);

/**
 * Any thrown value as a {@link CliError}: library errors keep their message and map their
 * `code`, file-system errors become `IO_FAILED`, anything else `FAILED`.
 */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = firstLine(error instanceof Error ? error.message : String(error));
  if (typeof code === 'string') {
    if (LIBRARY_USAGE_CODES.has(code)) return new CliError('USAGE', message, { cause: error });
    if (LIBRARY_NOT_FOUND_CODES.has(code)) return new CliError('NOT_FOUND', message, { cause: error });
    if (/^E[A-Z]+$/.test(code)) return new CliError('IO_FAILED', message, { cause: error });
  }
  if (error instanceof TypeError || error instanceof RangeError) {
    return new CliError('USAGE', message, { cause: error });
  }
  return new CliError('FAILED', message, { cause: error });
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() || 'unknown error';
}
