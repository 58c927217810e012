import type { SettingsErrorCode } from '../errors/error-codes.js';
import { SdkError } from '../errors/sdk-error.js';

export type { SettingsErrorCode } from '../errors/error-codes.js';

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
    super({ code: init.code, message: init.message, cause: init.cause });
    this.name = 'SettingsError';
    this.file = init.file;
    this.field = init.field ?? '';
  }
}
