import type { McpServerConfigForProcessTransport, SdkPluginConfig } from '@ccsdk/control-protocol';
import { SdkError } from '../errors/sdk-error.js';
import type { ExtendedOptions } from './options.js';

/**
 * The process MCP servers (every entry of `options.mcpServers` but the in-process `type: 'sdk'`
 * ones) that travel in `initialize` because `mcpServersDelivery` is `'initialize'`: the CLI, started
 * with `--await-initialize`, reads them at launch as one `--mcp-config` item, so their `env` and
 * `headers` stay off the command line. Undefined when there are none to send that way.
 */
export function launchServersOf(
  options: ExtendedOptions,
): Record<string, McpServerConfigForProcessTransport> | undefined {
  if (options.mcpServersDelivery !== 'initialize') return undefined;
  const servers = processServersOf(options.mcpServers);
  if (typeof servers !== 'object' || servers === null || Object.keys(servers).length === 0) return undefined;
  return servers as Record<string, McpServerConfigForProcessTransport>;
}

/**
 * Every entry of `mcpServers` but the in-process (`type: 'sdk'`) ones, each copied: the servers a
 * CLI runs or connects to itself (on argv, or in `initialize` for launch). A value that is not an
 * object is returned as it is, for the transport to refuse naming the option.
 */
export function processServersOf<T>(servers: Record<string, T> | undefined): Record<string, T> | undefined {
  if (typeof servers !== 'object' || servers === null) return servers;
  return Object.fromEntries(
    Object.entries(servers)
      .filter(([, config]) => (config as { type?: unknown }).type !== 'sdk')
      .map(([name, config]) => [name, { ...config }]),
  );
}

/**
 * The plugins that travel in `initialize` because `pluginDelivery` is `'initialize'` (read at
 * launch under `--await-initialize`, so the command line does not grow with them). Undefined
 * when there are none to send that way.
 */
export function launchPluginsOf(options: ExtendedOptions): SdkPluginConfig[] | undefined {
  if (options.pluginDelivery !== 'initialize') return undefined;
  if (!Array.isArray(options.plugins) || options.plugins.length === 0) return undefined;
  return options.plugins.map((plugin) => ({ ...plugin }));
}

/**
 * The CLI answered an `initialize` that carried launch MCP servers without saying it read them
 * (`mcp_servers_applied` not `true`: a CLI older than the field, or one not started with
 * `--await-initialize`), so it runs without them; the query ends before any prompt is sent.
 */
export function mcpServersNotApplied(): SdkError {
  return new SdkError({
    code: 'MCP_SERVERS_NOT_APPLIED',
    message:
      "options.mcpServersDelivery is 'initialize', but this Claude Code did not read the MCP servers from the initialize request (no mcp_servers_applied), so it would run without them; the query was ended before any prompt was sent. Use a Claude Code that reads them (2.1.332, the one this SDK is tested with, does), or set mcpServersDelivery: 'argv'.",
  });
}
