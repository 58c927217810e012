import type { CliOptions } from '../cli-options.js';
import { checkBoolean, checkNonEmpty, checkToken } from './validate.js';

/**
 * Switches about what the CLI emits and how it runs: `includePartialMessages`,
 * `includeHookEvents`, `forwardSubagentText`, `promptSuggestions`, `strictMcpConfig`, `bare`,
 * `debug` (any truthy value, as the official SDK reads it; no flag next to `debugFile`, which
 * turns debugging on itself), `debugCategories` (a category filter, sent as `--debug=<filter>`)
 * and `debugFile`.
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
  if (options.debugCategories !== undefined) {
    args.push(`--debug=${checkToken('debugCategories', options.debugCategories)}`);
  } else if (options.debug && options.debugFile === undefined) {
    // --debug-file turns debugging on by itself; the official SDK then sends only it.
    args.push('--debug');
  }
  if (options.debugFile !== undefined)
    args.push('--debug-file', checkNonEmpty('debugFile', options.debugFile));
  return args;
}
