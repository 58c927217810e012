import type { CliOptions } from '../cli-options.js';
import { checkNonEmpty, checkOneOf, checkRecord, invalidOption, toJsonText } from './validate.js';

/**
 * Flags for `mcpServers`: an object becomes one `--mcp-config {"mcpServers":{...}}`, with the
 * `instance` of each `type: 'sdk'` server stripped (the server lives in this process and is
 * reached over the control channel); a string (a path or JSON text) is passed verbatim; an empty
 * object gives no flag. With `mcpServersDelivery: 'initialize'` only `sdk` servers go on the
 * command line; the caller sends the others in `initialize`.
 */
export function mcpArgs(options: CliOptions): string[] {
  const servers = options.mcpServers;
  if (servers === undefined) return [];
  if (typeof servers === 'string') return ['--mcp-config', checkNonEmpty('mcpServers', servers)];
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
  if (Object.keys(onArgv).length === 0) return [];
  return ['--mcp-config', toJsonText('mcpServers', { mcpServers: onArgv })];
}
