import type { McpHttpServerConfig, McpSSEServerConfig, McpStdioServerConfig } from '@ccsdk/control-protocol';
import type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';

/**
 * An MCP server of the `mcpServers` option: a process server the CLI reaches (stdio, SSE, HTTP)
 * or an in-process server made with `createSdkMcpServer()`, answered by this process.
 */
export type McpServerConfig =
  | McpStdioServerConfig
  | McpSSEServerConfig
  | McpHttpServerConfig
  | McpSdkServerConfigWithInstance;

/** Which configuration file an MCP server comes from: this project only, the user, or the repo. */
export type ConfigScope = 'local' | 'user' | 'project';
