import { SdkError } from '../errors.js';

/**
 * Stable codes of {@link SettingsError}, and what the CLI (2.1.332) does in each case:
 * - `SETTINGS_FILE_NOT_FOUND`: the `settings` option names a file that does not exist. The CLI
 *   refuses to start; `resolveSettings` throws.
 * - `SETTINGS_FILE_UNREADABLE`: a settings file exists but cannot be read (a folder, no
 *   permission). For the `settings` option and the managed file the CLI refuses to start and
 *   `resolveSettings` throws; a user, project or local file is skipped and reported.
 * - `SETTINGS_MALFORMED`: a user, project, local or `settings` file is not JSON, not an object,
 *   or has a field of the wrong type. The CLI skips the whole file and goes on; so does
 *   `resolveSettings`, listing the error in `errors`.
 * - `MANAGED_SETTINGS_MALFORMED`: the managed settings file or a drop-in is not a JSON object.
 *   The CLI refuses to start; `resolveSettings` throws. (A managed field of the wrong type is
 *   only dropped, and reported as `SETTINGS_MALFORMED`.)
 */
export type SettingsErrorCode =
  | 'SETTINGS_FILE_NOT_FOUND'
  | 'SETTINGS_FILE_UNREADABLE'
  | 'SETTINGS_MALFORMED'
  | 'MANAGED_SETTINGS_MALFORMED';

/** A settings file or field the CLI would refuse or skip. `file` and `field` say where. */
export class SettingsError extends SdkError {
  /** The file, when the settings came from one. */
  readonly file: string | undefined;
  /** Dot path of the bad field (`permissions.allow`), or `''` for the whole file. */
  readonly field: string;

  constructor(init: {
    code: SettingsErrorCode;
    message: string;
    file?: string;
    field?: string;
    cause?: unknown;
  }) {
    // The package's code union is owned by errors.ts; these codes extend it.
    super({ code: init.code, message: init.message, cause: init.cause });
    this.name = 'SettingsError';
    this.file = init.file;
    this.field = init.field ?? '';
  }
}
