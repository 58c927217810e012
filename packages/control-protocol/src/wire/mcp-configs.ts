/** The permission policy of one tool of an MCP server. */
export type McpServerToolPolicy = {
  name: string;
  permission_policy?: 'always_allow' | 'always_ask' | 'always_deny';
  org_max_permission?: 'allow' | 'ask' | 'blocked';
};

/** An MCP server the CLI spawns and talks to over stdio (the default `type`). */
export type McpStdioServerConfig = {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Per-call timeout, in ms. */
  timeout?: number;
  alwaysLoad?: boolean;
};

/** An MCP server the CLI reaches over server-sent events. */
export type McpSSEServerConfig = {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  alwaysLoad?: boolean;
};

/** An MCP server the CLI reaches over streamable HTTP. */
export type McpHttpServerConfig = {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  timeout?: number;
  alwaysLoad?: boolean;
};

/**
 * An in-process MCP server as the CLI sees it: only its name; the SDK answers its calls over
 * the control channel (`mcp_message`).
 */
export type McpSdkServerConfig = {
  type: 'sdk';
  name: string;
  timeout?: number;
  tools?: McpServerToolPolicy[];
};

/** A claude.ai connector the CLI proxies to; reported by `mcpServerStatus()`, not configurable. */
export type McpClaudeAIProxyServerConfig = {
  type: 'claudeai-proxy';
  url: string;
  id: string;
  timeout?: number;
};

/** An MCP server config in serializable form, as `--mcp-config` and `mcp_set_servers` take it. */
export type McpServerConfigForProcessTransport =
  | McpStdioServerConfig
  | McpSSEServerConfig
  | McpHttpServerConfig
  | McpSdkServerConfig;

/** The `config` of a server in an {@link McpServerStatus}. */
export type McpServerStatusConfig = McpServerConfigForProcessTransport | McpClaudeAIProxyServerConfig;

/** Which MCP server (and from which config source) a tool belongs to. */
export type McpServerProvenance = {
  name: string;
  source: string;
};

/** One MCP server's state, as `mcpServerStatus()` reports it. */
export type McpServerStatus = {
  name: string;
  status: 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';
  serverInfo?: { name: string; version: string };
  error?: string;
  config?: McpServerStatusConfig;
  scope?: string;
  source?: string;
  tools?: {
    name: string;
    description?: string;
    annotations?: { readOnly?: boolean; destructive?: boolean; openWorld?: boolean };
    _meta?: Record<string, unknown>;
  }[];
};

/** What `setMcpServers()` changed: servers added, removed, and the ones that failed by name. */
export type McpSetServersResult = {
  added: string[];
  removed: string[];
  errors: Record<string, string>;
};

/** A plugin loaded from a local folder. */
export type SdkPluginConfig = {
  type: 'local';
  path: string;
  skipMcpDiscovery?: boolean;
};
