import type { CliOptions } from '../cli-options.js';
import { checkOneOf } from './validate.js';

/**
 * `--await-initialize` when something the CLI reads at launch is left off the command line for
 * the caller to send in `initialize`: a process MCP server with `mcpServersDelivery: 'initialize'`
 * or a plugin with `pluginDelivery: 'initialize'`. Once, whatever both say; nothing when neither
 * leaves anything off (an empty list waits for nothing, as with the official SDK).
 */
export function awaitInitializeArgs(options: CliOptions): string[] {
  return launchServersLeftOff(options) || launchPluginsLeftOff(options) ? ['--await-initialize'] : [];
}

function launchServersLeftOff(options: CliOptions): boolean {
  if (options.mcpServersDelivery === undefined) return false;
  if (checkOneOf('mcpServersDelivery', options.mcpServersDelivery, ['argv', 'initialize']) === 'argv') {
    return false;
  }
  const servers = options.mcpServers;
  if (typeof servers !== 'object' || servers === null) return false;
  return Object.values(servers).some((config) => (config as { type?: unknown })?.type !== 'sdk');
}

function launchPluginsLeftOff(options: CliOptions): boolean {
  if (options.pluginDelivery === undefined) return false;
  if (checkOneOf('pluginDelivery', options.pluginDelivery, ['argv', 'initialize']) === 'argv') return false;
  return Array.isArray(options.plugins) && options.plugins.length > 0;
}
