import { checkBoolean } from './cli-args/validate.js';
import type { CliOptions } from './cli-options.js';

/** Environment variable that turns on file checkpointing for SDK sessions. */
export const FILE_CHECKPOINTING_ENV = 'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING';

/**
 * The environment variables that options set instead of flags (companion of `buildCliArgs`).
 * Today: `enableFileCheckpointing: true` gives `CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true`.
 */
export function buildCliEnv(options: CliOptions = {}): Record<string, string> {
  const env: Record<string, string> = {};
  if (
    options.enableFileCheckpointing !== undefined &&
    checkBoolean('enableFileCheckpointing', options.enableFileCheckpointing)
  ) {
    env[FILE_CHECKPOINTING_ENV] = 'true';
  }
  return env;
}
