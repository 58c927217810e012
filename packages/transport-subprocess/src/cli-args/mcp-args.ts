import type { CliOptions } from '../cli-options.js';
import { checkNonEmpty, checkOneOf, checkRecord, invalidOption, toJsonText } from './validate.js';

/**
 * Flags for `mcpConfig` and `mcpServers`. `mcpConfig` (a path or JSON text) is passed verbatim as
 * one `--mcp-config`. `mcpServers` becomes one more `--mcp-config {"mcpServers":{...}}`, with the
 * `instance` of each `type: 'sdk'` server stripped (the server lives in this process and is
 * reached over the control channel); an empty object gives no flag. With
 * `mcpServersDelivery: 'initialize'` only `sdk` servers go on the command line; the caller sends
 * the others in `initialize` (see `awaitInitializeArgs`).
 */
export function mcpArgs(options: CliOptions): string[] {
  const args =
    options.mcpConfig === undefined ? [] : ['--mcp-config', checkNonEmpty('mcpConfig', options.mcpConfig)];
  const servers = options.mcpServers;
  if (servers === undefined) return args;
  if (typeof servers === 'string') {
    throw invalidOption(
      'mcpServers',
      'an object of server configs (a path or JSON text goes in mcpConfig)',
      servers,
    );
  }
  const delivery =
    options.mcpServersDelivery === undefined
      ? 'argv'
      : checkOneOf('mcpServersDelivery', options.mcpServersDelivery, ['argv', 'initialize']);
  const onArgv: Record<string, unknown> = {};
  for (const [name, config] of Object.entries(checkRecord('mcpServers', servers))) {
    const record = checkRecord(`mcpServers.${name}`, config);
    if (record.type === 'sdk') {
      const { instance: _instance, ...wire } = record;
      if (typeof wire.name !== 'string')
        throw invalidOption(`mcpServers.${name}.name`, 'a string', wire.name);
      onArgv[name] = wire;
    } else if (delivery === 'argv') {
      onArgv[name] = record;
    }
  }
  if (Object.keys(onArgv).length === 0) return args;
  return [...args, '--mcp-config', toJsonText('mcpServers', { mcpServers: onArgv })];
}
