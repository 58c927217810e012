// The MCP tools: any tool an MCP server provides (`mcp__server__tool`), and the built-in tools that
// list, read and refresh what the connected servers offer.

/** Input of an MCP server's tool: whatever its own input schema says. */
export interface McpInput {
  [k: string]: unknown;
}

/** Result of an MCP server's tool: a text, a list of content blocks, or structured content. */
export type McpOutput = string | { type: string; [k: string]: unknown }[] | { [k: string]: unknown };

/** Input of the `ListMcpResourcesTool` tool: optionally one server to list. */
export interface ListMcpResourcesInput {
  server?: string;
}

/** Result of the `ListMcpResourcesTool` tool: every resource, with the server that has it. */
export type ListMcpResourcesOutput = {
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
  server: string;
}[];

/** Input of the `ReadMcpResourceTool` tool: one resource of one server. */
export interface ReadMcpResourceInput {
  server: string;
  uri: string;
}

/** Result of the `ReadMcpResourceTool` tool: the resource's contents (binary ones saved to a file). */
export interface ReadMcpResourceOutput {
  contents: { uri: string; mimeType?: string; text?: string; blobSavedTo?: string }[];
  error?: string;
}

/** Input of the `ReadMcpResourceDirTool` tool: a directory resource of one server. */
export interface ReadMcpResourceDirInput {
  server: string;
  uri: string;
}

/** Result of the `ReadMcpResourceDirTool` tool: the resources in the directory. */
export interface ReadMcpResourceDirOutput {
  resources: { uri: string; name: string; mimeType?: string }[];
  error?: string;
}

/** Input of the tool that re-reads MCP servers' tool lists: one server, or all connected ones. */
export interface RefreshMcpToolsInput {
  server?: string;
}

/**
 * Result of the MCP tool refresh, one entry per server: `refreshed`, `error` (the previous tools
 * were kept) or `not_connected` (the refresh never connects a server).
 */
export type RefreshMcpToolsOutput = {
  server: string;
  status: 'refreshed' | 'error' | 'not_connected';
  toolCount?: number;
  added?: string[];
  removed?: string[];
  error?: string;
}[];
