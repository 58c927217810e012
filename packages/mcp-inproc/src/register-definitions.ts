import {
  type McpServer,
  type ResourceMetadata,
  ResourceTemplate,
} from '@modelcontextprotocol/sdk/server/mcp.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { z } from 'zod';
import { runToolCall } from './call-tool.js';
import { DEFAULT_TOOL_TIMEOUT_MS, MIN_SERVER_TIMEOUT_MS } from './limits.js';
import { hubSessionOptions } from './mcp-server-hub.js';
import type { SdkMcpPromptDefinition } from './prompt.js';
import type { SdkMcpResourceDefinition } from './resource.js';
import type { CompiledTool, UnlistableTool } from './tool.js';
import { recordToolListing } from './tool-listings.js';
import { toolErrorResult } from './tool-result.js';

/**
 * The input schema a `tool()` tool is registered with on the MCP server: any object passes, with
 * every key kept, so the handler ccsdk registers receives the raw arguments and validates them
 * against the tool's own (Standard) schema. Its listing comes from {@link recordToolListing}.
 */
const OPEN_INPUT = z.looseObject({});

/**
 * Registers one compiled `tool()` tool on `mcp`. Each call runs with ccsdk's checks: input
 * validated against the tool's schema (a failure is an `isError` result naming the field), a time
 * limit (the tool's `timeoutMs`, else the server's `timeout` unless below `MIN_SERVER_TIMEOUT_MS`,
 * else the query's `toolTimeoutMs`,
 * else `DEFAULT_TOOL_TIMEOUT_MS`), a throw turned into an `isError` result.
 */
export function registerCompiledTool(
  mcp: McpServer,
  tool: CompiledTool,
  serverTimeoutMs: number | undefined,
): void {
  const { definition, listing } = tool;
  // Below the minimum, ignored, as the official SDK and the CLI ignore it.
  const serverLimitMs =
    serverTimeoutMs !== undefined && serverTimeoutMs >= MIN_SERVER_TIMEOUT_MS ? serverTimeoutMs : undefined;
  if (tool.kind === 'unlistable') {
    registerUnlistableTool(mcp, tool);
    return;
  }
  mcp.registerTool(
    definition.name,
    {
      description: definition.description,
      inputSchema: OPEN_INPUT,
      ...(definition.title === undefined ? {} : { title: definition.title }),
      ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
      ...(listing['_meta'] === undefined ? {} : { _meta: listing['_meta'] as Record<string, unknown> }),
    },
    (args, extra) => {
      const timeoutMs =
        definition.timeoutMs ??
        serverLimitMs ??
        hubSessionOptions(extra.sessionId)?.toolTimeoutMs ??
        DEFAULT_TOOL_TIMEOUT_MS;
      return runToolCall(tool, { args, extra, timeoutMs });
    },
  );
  recordToolListing(mcp, definition.name, {
    inputSchema: listing['inputSchema'] as Record<string, unknown>,
    outputSchema: listing['outputSchema'] as Record<string, unknown> | undefined,
  });
}

/**
 * Registers a tool whose input schema has no JSON Schema form disabled, as the official SDK's server
 * does: the MCP library leaves it out of `tools/list` and refuses a call to it ("Tool <name>
 * disabled"). Should a caller enable it on `instance`, a call still runs nothing and answers why.
 */
function registerUnlistableTool(mcp: McpServer, tool: UnlistableTool): void {
  const { definition, reason } = tool;
  const refusal = toolErrorResult(
    `Tool ${JSON.stringify(definition.name)} cannot run: its input schema has no JSON Schema form (${reason}).`,
  );
  mcp
    .registerTool(
      definition.name,
      { description: definition.description, inputSchema: OPEN_INPUT },
      () => refusal,
    )
    .disable();
}

/** Registers a resource definition on `mcp`, by fixed URI or by URI template. */
export function registerResourceDefinition(mcp: McpServer, resource: SdkMcpResourceDefinition): void {
  const metadata: ResourceMetadata = {};
  if (resource.title !== undefined) metadata.title = resource.title;
  if (resource.description !== undefined) metadata.description = resource.description;
  if (resource.mimeType !== undefined) metadata.mimeType = resource.mimeType;
  if (!UriTemplate.isTemplate(resource.uri)) {
    mcp.registerResource(resource.name, resource.uri, metadata, (uri, extra) =>
      resource.read(uri, {}, extra),
    );
    return;
  }
  const list = resource.list;
  const template = new ResourceTemplate(resource.uri, {
    list: list === undefined ? undefined : (extra) => list.call(resource, extra),
  });
  mcp.registerResource(resource.name, template, metadata, (uri, variables, extra) =>
    resource.read(uri, variables, extra),
  );
}

/** Registers a prompt definition on `mcp`. */
export function registerPromptDefinition(mcp: McpServer, prompt: SdkMcpPromptDefinition): void {
  const config = {
    title: prompt.title,
    description: prompt.description,
    argsSchema: prompt.argsSchema ?? {},
  };
  mcp.registerPrompt(prompt.name, config, (args, extra) => prompt.handler(args, extra));
}
