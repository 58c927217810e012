import type { CliOptions } from '../cli-options.js';
import { checkBoolean, checkNonEmpty, checkToken, invalidOption } from './validate.js';

/**
 * Switches about what the CLI emits and how it runs: `includePartialMessages`,
 * `includeHookEvents`, `forwardSubagentText`, `promptSuggestions`, `strictMcpConfig`, `bare`,
 * `debug` (a string is a category filter, sent as `--debug=<filter>`) and `debugFile`.
 * `false` gives no flag, except `promptSuggestions: false`, which is sent as
 * `--prompt-suggestions=false` so a settings file cannot turn suggestions on.
 */
export function outputArgs(options: CliOptions): string[] {
  const args: string[] = [];
  const switches = [
    ['includePartialMessages', '--include-partial-messages'],
    ['includeHookEvents', '--include-hook-events'],
    ['forwardSubagentText', '--forward-subagent-text'],
    ['strictMcpConfig', '--strict-mcp-config'],
    ['bare', '--bare'],
  ] as const;
  for (const [name, flag] of switches) {
    const value = options[name];
    if (value !== undefined && checkBoolean(name, value)) args.push(flag);
  }
  if (options.promptSuggestions !== undefined) {
    args.push(
      checkBoolean('promptSuggestions', options.promptSuggestions)
        ? '--prompt-suggestions'
        : '--prompt-suggestions=false',
    );
  }
  const { debug } = options;
  if (debug !== undefined) {
    if (debug === true) args.push('--debug');
    else if (typeof debug === 'string') args.push(`--debug=${checkToken('debug', debug)}`);
    else if (debug !== false) throw invalidOption('debug', 'a boolean or a category filter string', debug);
  }
  if (options.debugFile !== undefined)
    args.push('--debug-file', checkNonEmpty('debugFile', options.debugFile));
  return args;
}
