import type { Transport } from '@ccsdk/control-protocol';
import { SubprocessTransport } from '@ccsdk/transport-subprocess';
import type { Options } from './options.js';

/** The transport `query()` uses when the caller passes none: the CLI as a child process. */
export function createDefaultTransport(options: Options): Transport {
  const {
    abortController: _abortController,
    signal: _signal,
    transport: _transport,
    initializeTimeoutMs: _initializeTimeoutMs,
    onWarning: _onWarning,
    canUseTool,
    hooks: _hooks,
    ...cliOptions
  } = options;
  return new SubprocessTransport({
    ...cliOptions,
    ...(canUseTool === undefined ? {} : { permissionPromptToolName: 'stdio' }),
  });
}
