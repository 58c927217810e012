import { checkBoolean, checkRecord, invalidOption } from './cli-args/validate.js';
import type { CliOptions } from './cli-options.js';
import { readAsOfficial } from './official-reading.js';

/** Environment variable that turns on file checkpointing for SDK sessions. */
export const FILE_CHECKPOINTING_ENV = 'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING';

/** Environment variable that tells the CLI which format `AskUserQuestion` previews use. */
export const QUESTION_PREVIEW_FORMAT_ENV = 'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT';

/**
 * The environment variables that options set instead of flags (companion of `buildCliArgs`):
 * `enableFileCheckpointing: true` gives `CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true`;
 * `toolConfig.askUserQuestion.previewFormat` gives `CLAUDE_CODE_QUESTION_PREVIEW_FORMAT`.
 */
export function buildCliEnv(given: CliOptions = {}): Record<string, string> {
  const options = readAsOfficial(given);
  const env: Record<string, string> = {};
  if (
    options.enableFileCheckpointing !== undefined &&
    checkBoolean('enableFileCheckpointing', options.enableFileCheckpointing)
  ) {
    env[FILE_CHECKPOINTING_ENV] = 'true';
  }
  const previewFormat = previewFormatOf(options.toolConfig);
  if (previewFormat !== undefined) env[QUESTION_PREVIEW_FORMAT_ENV] = previewFormat;
  return env;
}

function previewFormatOf(toolConfig: unknown): string | undefined {
  if (toolConfig === undefined) return undefined;
  checkRecord('toolConfig', toolConfig);
  const question = (toolConfig as Record<string, unknown>)['askUserQuestion'];
  if (question === undefined) return undefined;
  checkRecord('toolConfig.askUserQuestion', question);
  const format = (question as Record<string, unknown>)['previewFormat'];
  if (format === undefined) return undefined;
  if (format !== 'markdown' && format !== 'html') {
    throw invalidOption('toolConfig.askUserQuestion.previewFormat', "'markdown' or 'html'", format);
  }
  return format;
}
