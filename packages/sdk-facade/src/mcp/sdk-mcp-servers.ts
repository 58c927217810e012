import type { ControlChannel, ControlRequestHandler } from '@ccsdk/control-protocol';
import { isSdkMcpServerConfig, type McpSdkServerConfigWithInstance, SdkMcpRouter } from '@ccsdk/mcp-inproc';
import type { ExtendedOptions } from '../options/options.js';

/** The in-process (`type: 'sdk'`) servers among `options.mcpServers`, by the name the CLI uses. */
export function sdkMcpServersOf(options: ExtendedOptions): Record<string, McpSdkServerConfigWithInstance> {
  const servers = options.mcpServers;
  if (typeof servers !== 'object' || servers === null) return {};
  const found: Record<string, McpSdkServerConfigWithInstance> = {};
  for (const [name, config] of Object.entries(servers)) {
    if (isSdkMcpServerConfig(config)) found[name] = config;
  }
  return found;
}

/**
 * Answers the CLI's `mcp_message` control requests from the query's in-process MCP servers, and
 * sends the CLI what a server sends unasked (`notifications/tools/list_changed` when a tool is
 * registered on its `McpServer` while the query runs, a call's progress) as `mcp_message`
 * control requests of its own. Returns the router (closed by the query on close), or `undefined`
 * when there are none. A `control_cancel_request` aborts the handler's signal, which cancels the
 * tool call. `wrap` decorates the handler (the query uses it for tracing spans).
 */
export function serveSdkMcpServers(
  channel: ControlChannel,
  servers: Record<string, McpSdkServerConfigWithInstance>,
  routing: SdkMcpRouting,
): SdkMcpRouter | undefined {
  if (Object.keys(servers).length === 0) return undefined;
  return routeSdkMcpServers(channel, servers, routing);
}

/** How a query routes its in-process servers' messages. */
export interface SdkMcpRouting {
  /** Receives non-fatal problems (a server that failed, a message that could not be sent). */
  readonly warn: (error: Error) => void;
  /** Decorates the `mcp_message` handler (the query uses it for tracing spans). */
  readonly wrap?: HandlerWrapper;
  /** The limit of one tool call that sets none, in ms (see {@link mcpToolTimeoutOf}). */
  readonly toolTimeoutMs?: number | undefined;
}

/** The variable the CLI reads its MCP tool-call limit from, in milliseconds. */
export const MCP_TOOL_TIMEOUT_ENV = 'MCP_TOOL_TIMEOUT';

/**
 * The limit of one in-process tool call that `MCP_TOOL_TIMEOUT` sets in the environment the CLI
 * gets (`options.env`, else this process's), in ms; `undefined` when unset or not a positive
 * whole number. The official SDK documents it as the limit of its servers' calls after a server's
 * own `timeout`; ccsdk's in-process limit follows it (its own default applies without it), so a
 * tool given an hour there is not cut short here.
 */
export function mcpToolTimeoutOf(options: ExtendedOptions): number | undefined {
  const env =
    options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const text = env?.[MCP_TOOL_TIMEOUT_ENV]?.trim();
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const ms = Number(text);
  return ms > 0 ? ms : undefined;
}

/** Decorates a control request handler (the query uses it for tracing spans). */
export type HandlerWrapper = (subtype: string, handler: ControlRequestHandler) => ControlRequestHandler;

/**
 * {@link serveSdkMcpServers}, also for an empty set: for a query whose first in-process servers
 * come from `setMcpServers()`.
 */
export function routeSdkMcpServers(
  channel: ControlChannel,
  servers: Record<string, McpSdkServerConfigWithInstance>,
  { warn, wrap = (_subtype, handler) => handler, toolTimeoutMs }: SdkMcpRouting,
): SdkMcpRouter {
  const router = new SdkMcpRouter(servers, {
    ...(toolTimeoutMs === undefined ? {} : { toolTimeoutMs }),
    onError: warn,
    onServerMessage: (serverName, message) => {
      if (channel.isClosed) return;
      channel
        .request('mcp_message', { server_name: serverName, message: message as Record<string, unknown> })
        .catch((error: unknown) => {
          if (!channel.isClosed) warn(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  channel.setHandler(
    'mcp_message',
    wrap('mcp_message', async (request, { signal }) => ({
      mcp_response: await router.handle(String(request['server_name']), request['message'], { signal }),
    })),
  );
  return router;
}
