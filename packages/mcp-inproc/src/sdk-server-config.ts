import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isPlainObject } from './json-rpc.js';
import type { McpSdkServerConfigWithInstance } from './sdk-mcp-server.js';

// Apart from sdk-mcp-server.ts on purpose: these checks import no MCP SDK code at run time, so a
// router (and the browser entry of @ccsdk/sdk, which has its own server) does not pull it in.

/**
 * True for an in-process server config: `type: 'sdk'`, a string `name` and an `instance` that is an
 * MCP server (an object with `connect` and `close`, as the MCP SDK's `McpServer` of any copy of
 * that package has; no `instanceof`, so two installed copies never disagree).
 */
export function isSdkMcpServerConfig(value: unknown): value is McpSdkServerConfigWithInstance {
  if (!isPlainObject(value)) return false;
  return value['type'] === 'sdk' && typeof value['name'] === 'string' && isMcpServerLike(value['instance']);
}

/** True for an object with the `connect(transport)` and `close()` methods of an MCP SDK server. */
export function isMcpServerLike(value: unknown): value is McpServer {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { connect?: unknown; close?: unknown };
  return typeof candidate.connect === 'function' && typeof candidate.close === 'function';
}
