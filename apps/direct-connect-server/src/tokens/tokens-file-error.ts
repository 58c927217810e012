/**
 * Stable codes of {@link TokensFileError}.
 *
 * - `TOKENS_FILE_UNREADABLE`: the file could not be read (missing, a folder, no permission).
 * - `TOKENS_FILE_TOO_LARGE`: the file passed `MAX_TOKENS_FILE_BYTES`.
 * - `TOKENS_FILE_INVALID`: not JSON, or an entry or field that breaks the format.
 * - `NO_TOKENS_FILE`: `reloadTokens()` on a server started without a tokens file.
 */
export type TokensFileErrorCode =
  | 'TOKENS_FILE_UNREADABLE'
  | 'TOKENS_FILE_TOO_LARGE'
  | 'TOKENS_FILE_INVALID'
  | 'NO_TOKENS_FILE';

/**
 * Why a tokens file was refused. The message names the entry (by index and, when it has one, its
 * name) and the field; it never holds a token, nor any other text of the file.
 */
export class TokensFileError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: TokensFileErrorCode;
  /** Index of the entry at fault in `tokens`, when one is. */
  readonly entryIndex: number | undefined;
  /** The field at fault (`name`, `token`, `maxSessions`, ...), when one is. */
  readonly field: string | undefined;

  constructor(init: {
    code: TokensFileErrorCode;
    message: string;
    entryIndex?: number;
    field?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'TokensFileError';
    this.code = init.code;
    this.entryIndex = init.entryIndex;
    this.field = init.field;
  }
}
