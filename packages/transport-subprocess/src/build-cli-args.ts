import { awaitInitializeArgs } from './cli-args/await-initialize-args.js';
import { extraArgs } from './cli-args/extra-args.js';
import { mcpArgs } from './cli-args/mcp-args.js';
import { modelArgs } from './cli-args/model-args.js';
import { outputArgs } from './cli-args/output-args.js';
import { permissionArgs } from './cli-args/permission-args.js';
import { sessionArgs } from './cli-args/session-args.js';
import { settingsArgs } from './cli-args/settings-args.js';
import { systemPromptArgs } from './cli-args/system-prompt-args.js';
import { toolArgs } from './cli-args/tool-args.js';
import { checkRecord } from './cli-args/validate.js';
import type { CliOptions } from './cli-options.js';
import { readAsOfficial } from './official-reading.js';

/**
 * Turns options into the CLI's arguments (without the executable itself).
 *
 * Always `--output-format stream-json --verbose … --input-format stream-json`; the prompt is
 * never on argv (it goes over stdin). Ids use the `--flag=value` form. Every option is validated
 * here: a bad value throws a `TypeError` that names the option and quotes the value. Unknown
 * keys are ignored. Values are first read as the official SDK reads them (`readAsOfficial`): a
 * falsy `model`, `resume` or `maxTurns` is unset, a switch is on for any truthy value.
 */
export function buildCliArgs(given: CliOptions = {}): string[] {
  checkRecord('options', given);
  const options = readAsOfficial(given);
  return [
    '--output-format',
    'stream-json',
    '--verbose',
    ...systemPromptArgs(options),
    ...toolArgs(options),
    ...modelArgs(options),
    ...permissionArgs(options),
    ...sessionArgs(options),
    ...settingsArgs(options),
    ...mcpArgs(options),
    ...outputArgs(options),
    ...extraArgs(options.extraArgs),
    ...awaitInitializeArgs(options),
    '--input-format',
    'stream-json',
  ];
}
