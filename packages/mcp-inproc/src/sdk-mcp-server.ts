import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';
import { DEFAULT_SERVER_VERSION } from './limits.js';
import { type SdkMcpPromptDefinition, validatePrompt } from './prompt.js';
import {
  registerCompiledTool,
  registerPromptDefinition,
  registerResourceDefinition,
} from './register-definitions.js';
import { type SdkMcpResourceDefinition, validateResource } from './resource.js';
import { validateTimeoutMs } from './timeout.js';
import { type CompiledTool, compileTool, type ExtendedSdkMcpToolDefinition } from './tool.js';
import { listRecordedSchemas } from './tool-listings.js';
import { warnUnlistableTool } from './unlistable-tool-warning.js';

/** Options of {@link createSdkMcpServer}. */
export interface CreateSdkMcpServerOptions {
  /** The server's name, reported in `initialize`; the CLI names its tools `mcp__<key>__<tool>`. */
  name: string;
  /** The server's version, reported in `initialize`. Default {@link DEFAULT_SERVER_VERSION}. */
  version?: string;
  /** Instructions returned from `initialize`, which the CLI shows the model. */
  instructions?: string;
  /** The tools, usually made with `tool()`. Names must be unique. */
  // biome-ignore lint/suspicious/noExplicitAny: the official option type, tools of any schema.
  tools?: Array<ExtendedSdkMcpToolDefinition<any>>;
  /**
   * Resources, by fixed URI or URI template. URIs must be unique. A ccsdk extension. Only a server
   * given `resources` (an empty list too) declares the resources capability, so only then can
   * resources be registered on `instance` while a query runs; a server without it declares none,
   * as the official SDK's does (the CLI gives the model resource-reading tools for a server that
   * declares it).
   */
  resources?: readonly SdkMcpResourceDefinition[];
  /**
   * Prompts, usually made with `prompt()`. Names must be unique. A ccsdk extension. Only a server
   * given `prompts` (an empty list too) declares the prompts capability, as with `resources`.
   */
  prompts?: readonly SdkMcpPromptDefinition[];
  /** Mark every tool `alwaysLoad` (never deferred behind tool search). */
  alwaysLoad?: boolean;
  /**
   * Time limit of one tool call of this server in ms, for tools that set none; also put on the
   * config (`timeout`) as the official SDK does. Below `MIN_SERVER_TIMEOUT_MS` (1000) it is
   * ignored, as the official SDK and the CLI ignore it: calls fall through to the query's limit.
   */
  timeout?: number;
}

/**
 * The config of an in-process MCP server, for `query({ options: { mcpServers: { key: config } } })`:
 * an `McpServer` of `@modelcontextprotocol/sdk` (the caller's copy of it) as `instance`. The CLI
 * receives it without `instance` (as `{ type: 'sdk', name }`) and reaches the server through
 * `mcp_message` control requests. One instance serves any number of queries, at the same time
 * too: each query's CLI gets its own MCP session.
 */
export type McpSdkServerConfigWithInstance = {
  /** Always `sdk`: the CLI reaches this server over the control channel. */
  type: 'sdk';
  /** The server's name. */
  name: string;
  /** Time limit of one tool call in ms, for the server's tools that set none. */
  timeout?: number;
  /**
   * Per-tool permission policies the host declares for this server (the official
   * `McpServerToolPolicy`): `name`, `permission_policy`, `org_max_permission`.
   */
  tools?: {
    /** The tool's name on this server. */
    name: string;
    /** Whether the CLI runs the tool without asking, always asks, or never runs it. */
    permission_policy?: 'always_allow' | 'always_ask' | 'always_deny';
    /** The most permissive policy the organization allows for the tool. */
    org_max_permission?: 'allow' | 'ask' | 'blocked';
  }[];
  /** The MCP server that answers the CLI's messages. */
  instance: McpServer;
};

/**
 * Builds an in-process MCP server from tools (and optional resources and prompts): a real
 * `McpServer` with them registered, as `instance` of the config. Register more on `instance`
 * at any time (`registerTool`, `registerResource`, `registerPrompt`): later queries see them,
 * and running ones are told (`notifications/tools/list_changed` and its siblings).
 *
 * A `tool()` tool keeps ccsdk's checks: its input is validated against its schema (any Standard
 * Schema) before the handler runs, a failure or a throw becomes an `isError` result, and every
 * call has a time limit. Checks everything at once and throws a `TypeError` quoting the bad
 * value: a name that is not a string, a duplicate tool name, a resource or prompt the MCP library
 * refuses. Any string is a name, as with the official SDK (see `TOOL_NAME_PATTERN`). A tool whose input
 * schema has no JSON Schema form (a zod 4 `z.date()` in it) is registered disabled, as the official
 * SDK's server does: left out of `tools/list`, its calls refused, and a process warning with code
 * `UNLISTABLE_TOOL_WARNING_CODE` (the official's) naming the tool, the server and the reason.
 *
 * @example
 * const calc = createSdkMcpServer({ name: 'calc', tools: [add] });
 * query({ prompt, options: { mcpServers: { calc } } });
 */
export function createSdkMcpServer(options: CreateSdkMcpServerOptions): McpSdkServerConfigWithInstance {
  if (!isPlainObject(options as unknown))
    throw new TypeError(`createSdkMcpServer options must be an object, got ${quoteValue(options)}.`);
  const { name, version = DEFAULT_SERVER_VERSION, instructions, alwaysLoad, timeout } = options;
  if (typeof name !== 'string') {
    throw new TypeError(`createSdkMcpServer: name must be a string, got ${quoteValue(name)}.`);
  }
  const label = `createSdkMcpServer(${JSON.stringify(name)})`;
  if (typeof version !== 'string') {
    throw new TypeError(`${label}: version must be a string, got ${quoteValue(version)}.`);
  }
  if (instructions !== undefined && typeof instructions !== 'string') {
    throw new TypeError(`${label}: instructions must be a string, got ${quoteValue(instructions)}.`);
  }
  if (timeout !== undefined) validateTimeoutMs(timeout, `${label}: timeout`);
  const tools = listOf(options.tools, 'tools', label).map((definition) =>
    withAlwaysLoad(compileTool(definition as ExtendedSdkMcpToolDefinition), alwaysLoad),
  );
  const resources = listOf(options.resources, 'resources', label).map(validateResource);
  const prompts = listOf(options.prompts, 'prompts', label).map(validatePrompt);
  rejectDuplicates(
    tools.map((tool) => tool.definition.name),
    'tool name',
    label,
  );
  rejectDuplicates(
    resources.map((resource) => resource.uri),
    'resource uri',
    label,
  );
  rejectDuplicates(
    prompts.map((prompt) => prompt.name),
    'prompt name',
    label,
  );
  const declared: OptionalLists = {
    resources: options.resources !== undefined,
    prompts: options.prompts !== undefined,
  };
  // The tools capability is left to the first registration (ensureListHandlers at the latest):
  // the MCP library installs the `tools/list` handler then, after listRecordedSchemas wrapped it.
  const mcp = new McpServer(
    { name, version },
    {
      ...(instructions === undefined ? {} : { instructions }),
      capabilities: {
        ...(declared.resources ? { resources: { listChanged: true } } : {}),
        ...(declared.prompts ? { prompts: { listChanged: true } } : {}),
      },
    },
  );
  for (const tool of tools) {
    if (tool.kind === 'unlistable') warnUnlistableTool(name, tool.definition.name, tool.reason);
  }
  try {
    listRecordedSchemas(mcp);
    for (const tool of tools) registerCompiledTool(mcp, tool, timeout);
    for (const resource of resources) registerResourceDefinition(mcp, resource);
    for (const prompt of prompts) registerPromptDefinition(mcp, prompt);
    ensureListHandlers(mcp, declared);
  } catch (cause) {
    throw new TypeError(`${label}: the MCP library refused the server: ${String(cause)}`, { cause });
  }
  return { type: 'sdk', name, ...(timeout === undefined ? {} : { timeout }), instance: mcp };
}

export { isMcpServerLike, isSdkMcpServerConfig } from './sdk-server-config.js';

const PROBE_NAME = 'ccsdk_probe';

/** Which lists besides `tools/list` (always declared) a server declares: those it was given. */
interface OptionalLists {
  readonly resources: boolean;
  readonly prompts: boolean;
}

/**
 * Makes sure the declared lists (`tools/list`, and `resources/list` and `prompts/list` when
 * declared) have handlers before the server is ever connected, so the first tool, resource or
 * prompt registered while a query runs needs no new capability (the MCP library refuses that once
 * connected). Newer MCP SDKs install them from the declared capabilities; on older ones one
 * registration made and removed at once does it.
 */
function ensureListHandlers(mcp: McpServer, declared: OptionalLists): void {
  if (canSetHandler(mcp, 'tools/list')) {
    mcp.registerTool(PROBE_NAME, {}, () => ({ content: [] })).remove();
  }
  if (declared.resources && canSetHandler(mcp, 'resources/list')) {
    mcp.registerResource(PROBE_NAME, 'ccsdk-probe://none', {}, () => ({ contents: [] })).remove();
  }
  if (declared.prompts && canSetHandler(mcp, 'prompts/list')) {
    mcp.registerPrompt(PROBE_NAME, {}, () => ({ messages: [] })).remove();
  }
}

function canSetHandler(mcp: McpServer, method: string): boolean {
  try {
    mcp.server.assertCanSetRequestHandler(method);
    return true;
  } catch {
    return false;
  }
}

function listOf<T>(value: readonly T[] | undefined, field: string, label: string): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new TypeError(`${label}: ${field} must be an array, got ${quoteValue(value)}.`);
  return [...value];
}

function rejectDuplicates(values: readonly string[], what: string, label: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new TypeError(`${label}: duplicate ${what} ${JSON.stringify(value)}.`);
    seen.add(value);
  }
}

function withAlwaysLoad(tool: CompiledTool, alwaysLoad: boolean | undefined): CompiledTool {
  if (alwaysLoad !== true) return tool;
  const meta = {
    ...(tool.listing['_meta'] as Record<string, unknown> | undefined),
    'anthropic/alwaysLoad': true,
  };
  return { ...tool, listing: { ...tool.listing, _meta: meta } };
}
