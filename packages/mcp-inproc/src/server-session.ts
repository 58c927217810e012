import { McpServer, type ResourceMetadata, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { runToolCall } from './call-tool.js';
import { SdkMcpError } from './errors.js';
import { JSON_RPC_ERROR, JsonRpcWireError } from './json-rpc.js';
import type { SdkMcpPromptDefinition } from './prompt.js';
import type { SdkMcpResourceDefinition } from './resource.js';
import type { CompiledTool } from './tool.js';

/** Everything needed to build the MCP server of one SDK server, already checked. */
export interface ServerBlueprint {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  readonly tools: readonly CompiledTool[];
  readonly resources: readonly SdkMcpResourceDefinition[];
  readonly prompts: readonly SdkMcpPromptDefinition[];
}

/** Settings of one session. */
export interface SessionOptions {
  /** Limit of a tool call in ms when the tool sets none; `Infinity` for none. */
  readonly toolTimeoutMs: number;
  /** Receives non-fatal problems of the MCP server (e.g. a reply it failed to send). */
  readonly onError?: ((error: Error) => void) | undefined;
}

/** One live MCP session of an SDK server: a real `McpServer` connected to a transport. */
export interface SdkMcpServerSession {
  /** The MCP SDK server answering this session. */
  readonly server: McpServer;
  /** True once the session closed, from either side; no handler starts afterwards. */
  readonly closed: boolean;
  /** Closes the session: aborts every running handler's signal and closes the transport. Idempotent. */
  close(): Promise<void>;
}

/**
 * Builds a real MCP SDK server for a blueprint. `tools/list` and `tools/call` are answered by our
 * handlers on the MCP `Server` (schemas from any Standard Schema, errors as `isError` results);
 * resources and prompts are registered through `McpServer`; initialize, ping, capabilities and
 * cancellation are the library's own. No user callback starts once `session` has aborted.
 */
export function buildMcpServer(
  blueprint: ServerBlueprint,
  options: SessionOptions,
  session: AbortSignal,
): McpServer {
  const mcp = new McpServer(
    { name: blueprint.name, version: blueprint.version },
    blueprint.instructions === undefined ? {} : { instructions: blueprint.instructions },
  );
  const tools = new Map(blueprint.tools.map((tool) => [tool.definition.name, tool]));
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: blueprint.tools.map((tool) => tool.listing),
  }));
  mcp.server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = tools.get(request.params.name);
    if (tool === undefined) {
      throw new JsonRpcWireError(
        JSON_RPC_ERROR.invalidParams,
        `Unknown tool ${JSON.stringify(request.params.name)} on server ${JSON.stringify(blueprint.name)}.`,
      );
    }
    const timeoutMs = tool.definition.timeoutMs ?? options.toolTimeoutMs;
    return runToolCall(tool, { args: request.params.arguments, extra, timeoutMs, sessionSignal: session });
  });
  const gate = (): void => {
    if (session.aborted)
      throw new JsonRpcWireError(JSON_RPC_ERROR.connectionClosed, 'The SDK MCP server is closed.');
  };
  for (const resource of blueprint.resources) registerResource(mcp, resource, gate);
  for (const prompt of blueprint.prompts) registerPrompt(mcp, prompt, gate);
  return mcp;
}

/** Builds the MCP server of a blueprint and connects it to `transport`. */
export async function openServerSession(
  blueprint: ServerBlueprint,
  transport: Transport,
  options: SessionOptions,
): Promise<SdkMcpServerSession> {
  const closer = new AbortController();
  const mcp = buildMcpServer(blueprint, options, closer.signal);
  const closedReason = () =>
    new SdkMcpError({
      code: 'TRANSPORT_CLOSED',
      message: 'The SDK MCP session closed.',
      serverName: blueprint.name,
    });
  mcp.server.onclose = () => closer.abort(closedReason());
  mcp.server.onerror = (error) => options.onError?.(error);
  await mcp.connect(transport);
  return {
    server: mcp,
    get closed() {
      return closer.signal.aborted;
    },
    async close() {
      closer.abort(closedReason());
      await mcp.close();
    },
  };
}

function registerResource(mcp: McpServer, resource: SdkMcpResourceDefinition, gate: () => void): void {
  const metadata: ResourceMetadata = {};
  if (resource.title !== undefined) metadata.title = resource.title;
  if (resource.description !== undefined) metadata.description = resource.description;
  if (resource.mimeType !== undefined) metadata.mimeType = resource.mimeType;
  if (!UriTemplate.isTemplate(resource.uri)) {
    mcp.registerResource(resource.name, resource.uri, metadata, (uri, extra) => {
      gate();
      return resource.read(uri, {}, extra);
    });
    return;
  }
  const list = resource.list;
  const template = new ResourceTemplate(resource.uri, {
    list:
      list === undefined
        ? undefined
        : (extra) => {
            gate();
            return list.call(resource, extra);
          },
  });
  mcp.registerResource(resource.name, template, metadata, (uri, variables, extra) => {
    gate();
    return resource.read(uri, variables, extra);
  });
}

function registerPrompt(mcp: McpServer, prompt: SdkMcpPromptDefinition, gate: () => void): void {
  const config = {
    title: prompt.title,
    description: prompt.description,
    argsSchema: prompt.argsSchema ?? {},
  };
  mcp.registerPrompt(prompt.name, config, (args, extra) => {
    gate();
    return prompt.handler(args, extra);
  });
}
