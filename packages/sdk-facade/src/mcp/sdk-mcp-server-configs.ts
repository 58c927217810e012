import type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';

/** What the CLI reads of one in-process server from `initialize` (`sdkMcpServerConfigs`). */
export interface SdkMcpServerWireConfig {
  /** The server's tool-call limit in ms (the CLI ignores one below 1000). */
  timeout?: number;
  /** The host's per-tool permission policies for the server's tools. */
  tools?: { name: unknown; permission_policy?: unknown }[];
}

/**
 * The settings of the in-process servers that the CLI reads from `initialize`, as the official SDK
 * sends them: for each server with a `timeout` or tool policies (`tools`), the timeout as given and
 * each policy's `name` and `permission_policy` (the CLI ignores `org_max_permission` on in-process
 * servers, and the official SDK leaves it out); servers with neither are left out. Without it the
 * CLI would apply `MCP_TOOL_TIMEOUT` to the server's calls and none of the host's policies (a tool
 * marked `always_deny` would run).
 */
export function sdkMcpServerConfigsOf(
  servers: Readonly<Record<string, McpSdkServerConfigWithInstance>>,
): Record<string, SdkMcpServerWireConfig> {
  const configs: Record<string, SdkMcpServerWireConfig> = {};
  for (const [name, server] of Object.entries(servers)) {
    const config: SdkMcpServerWireConfig = {};
    if (server.timeout !== undefined) config.timeout = server.timeout;
    if (Array.isArray(server.tools)) config.tools = toolPoliciesOnWire(server.tools);
    if (Object.keys(config).length > 0) configs[name] = config;
  }
  return configs;
}

/**
 * An in-process server's tool policies as the official SDK sends them, in `initialize` and in
 * `mcp_set_servers`: each policy object's `name` and `permission_policy` (the CLI ignores
 * `org_max_permission` on in-process servers); what is not an object is dropped.
 */
export function toolPoliciesOnWire(
  policies: readonly unknown[],
): { name: unknown; permission_policy?: unknown }[] {
  return policies.flatMap(policyOnWire);
}

/** One tool policy as the CLI reads it for an in-process server: its name and permission policy. */
function policyOnWire(policy: unknown): { name: unknown; permission_policy?: unknown }[] {
  if (typeof policy !== 'object' || policy === null) return [];
  const { name, permission_policy } = policy as { name?: unknown; permission_policy?: unknown };
  return [permission_policy === undefined ? { name } : { name, permission_policy }];
}
