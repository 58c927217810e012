import { SdkError } from '../errors/sdk-error.js';
import { optionsOnlyForSpawnedCli } from '../transport/default-transport.js';
import type { ExtendedOptions } from './options.js';

/**
 * With `options.transport` (Direct Connect, a custom transport) this SDK does not start the CLI,
 * so the options that become its flags, environment or spawn settings go nowhere: warns once,
 * naming them, with an `SdkError` of code `OPTIONS_NOT_SENT` to `options.onWarning` (else
 * `process.emitWarning`). Options that travel on the control channel (hooks, `canUseTool`,
 * in-process MCP servers, `title`, ...) still work and are not named.
 */
export function warnUnsentOptions(options: ExtendedOptions): void {
  if (options.transport === undefined) return;
  const names = optionsOnlyForSpawnedCli(options);
  if (names.length === 0) return;
  const warning = new SdkError({
    code: 'OPTIONS_NOT_SENT',
    message: `options.transport is set, so these options do not reach the CLI (they become flags, environment or spawn settings of a CLI this SDK starts): ${names.join(', ')}. Set them where that CLI is started (for Direct Connect, on the server).`,
  });
  if (options.onWarning) options.onWarning(warning);
  else process.emitWarning(warning);
}
