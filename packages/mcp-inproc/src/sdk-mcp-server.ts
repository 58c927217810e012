import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';
import { DEFAULT_SERVER_VERSION, DEFAULT_TOOL_TIMEOUT_MS } from './limits.js';
import { type SdkMcpPromptDefinition, validatePrompt } from './prompt.js';
import { type SdkMcpResourceDefinition, validateResource } from './resource.js';
import {
  buildMcpServer,
  openServerSession,
  type SdkMcpServerSession,
  type ServerBlueprint,
} from './server-session.js';
import { validateTimeoutMs } from './timeout.js';
import { type CompiledTool, compileTool, type SdkMcpToolDefinition, TOOL_NAME_PATTERN } from './tool.js';

const MARKER = Symbol.for('@ccsdk/mcp-inproc.SdkMcpServer');

/** Options of {@link createSdkMcpServer}. */
export interface CreateSdkMcpServerOptions {
  /** The server's name, reported in `initialize`; the CLI names its tools `mcp__<key>__<tool>`. */
  name: string;
  /** The server's version, reported in `initialize`. Default {@link DEFAULT_SERVER_VERSION}. */
  version?: string;
  /** Instructions returned from `initialize`, which the CLI shows the model. */
  instructions?: string;
  /** The tools, usually made with `tool()`. Names must be unique. */
  tools?: readonly SdkMcpToolDefinition[];
  /** Resources, by fixed URI or URI template. URIs must be unique. */
  resources?: readonly SdkMcpResourceDefinition[];
  /** Prompts, usually made with `prompt()`. Names must be unique. */
  prompts?: readonly SdkMcpPromptDefinition[];
  /** Mark every tool `alwaysLoad` (never deferred behind tool search). */
  alwaysLoad?: boolean;
}

/** Options of {@link SdkMcpServer.connect}. */
export interface SdkMcpConnectOptions {
  /** Limit of a tool call in ms when the tool sets none. Default {@link DEFAULT_TOOL_TIMEOUT_MS}. */
  toolTimeoutMs?: number;
  /** Receives non-fatal problems of the session. */
  onError?: (error: Error) => void;
}

/**
 * The definition of an in-process MCP server: its tools, resources and prompts, checked. It is not
 * itself connected; each {@link SdkMcpServer.connect} builds a fresh MCP SDK server for one
 * session, so one definition serves any number of queries at once.
 */
export class SdkMcpServer {
  /** The server's name, reported in `initialize`. */
  readonly name: string;
  /** The server's version, reported in `initialize`. */
  readonly version: string;
  /** The tools, checked. */
  readonly tools: readonly SdkMcpToolDefinition[];
  /** The resources, checked. */
  readonly resources: readonly SdkMcpResourceDefinition[];
  /** The prompts, checked. */
  readonly prompts: readonly SdkMcpPromptDefinition[];
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs.
   * @internal
   */
  readonly [MARKER] = true;
  readonly #blueprint: ServerBlueprint;

  /**
   * Use {@link createSdkMcpServer}; it checks the options first.
   * @internal
   */
  constructor(blueprint: ServerBlueprint) {
    this.#blueprint = blueprint;
    this.name = blueprint.name;
    this.version = blueprint.version;
    this.tools = blueprint.tools.map((tool) => tool.definition);
    this.resources = blueprint.resources;
    this.prompts = blueprint.prompts;
  }

  /**
   * Opens an MCP session on `transport` (any MCP SDK transport: the in-memory pair, stdio, ...).
   * Rejects if the transport fails to start.
   */
  async connect(transport: Transport, options: SdkMcpConnectOptions = {}): Promise<SdkMcpServerSession> {
    const toolTimeoutMs =
      options.toolTimeoutMs === undefined
        ? DEFAULT_TOOL_TIMEOUT_MS
        : validateTimeoutMs(options.toolTimeoutMs, 'toolTimeoutMs');
    return openServerSession(this.#blueprint, transport, { toolTimeoutMs, onError: options.onError });
  }

  /** True for any `SdkMcpServer`, even one from another copy of this package. */
  static isInstance(value: unknown): value is SdkMcpServer {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}

/**
 * The config of an in-process MCP server, for `query({ options: { mcpServers: { key: config } } })`.
 * The CLI receives it without `instance` (as `{ type: 'sdk', name }`) and reaches the server through
 * `mcp_message` control requests.
 */
export interface McpSdkServerConfigWithInstance {
  /** Always `sdk`: the CLI reaches this server over the control channel. */
  type: 'sdk';
  /** The server's name, as given to `createSdkMcpServer`. */
  name: string;
  /** The server definition that answers the CLI's MCP messages. */
  instance: SdkMcpServer;
}

/**
 * Builds an in-process MCP server from tools (and optional resources and prompts). Checks
 * everything at once and throws a `TypeError` quoting the bad value: a bad or duplicate name, a
 * tool schema with no JSON Schema form, a resource or prompt the MCP library refuses.
 *
 * @example
 * const calc = createSdkMcpServer({ name: 'calc', tools: [add] });
 * query({ prompt, options: { mcpServers: { calc } } });
 */
export function createSdkMcpServer(options: CreateSdkMcpServerOptions): McpSdkServerConfigWithInstance {
  if (!isPlainObject(options as unknown))
    throw new TypeError(`createSdkMcpServer options must be an object, got ${quoteValue(options)}.`);
  const { name, version = DEFAULT_SERVER_VERSION, instructions, alwaysLoad } = options;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(`createSdkMcpServer: name must match ${TOOL_NAME_PATTERN}, got ${quoteValue(name)}.`);
  }
  const label = `createSdkMcpServer(${JSON.stringify(name)})`;
  if (typeof version !== 'string' || version === '') {
    throw new TypeError(`${label}: version must be a non-empty string, got ${quoteValue(version)}.`);
  }
  if (instructions !== undefined && typeof instructions !== 'string') {
    throw new TypeError(`${label}: instructions must be a string, got ${quoteValue(instructions)}.`);
  }
  const tools = listOf(options.tools, 'tools', label).map((definition) =>
    withAlwaysLoad(compileTool(definition), alwaysLoad),
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
  const blueprint: ServerBlueprint = { name, version, instructions, tools, resources, prompts };
  try {
    buildMcpServer(blueprint, { toolTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS }, AbortSignal.abort());
  } catch (cause) {
    throw new TypeError(`${label}: the MCP library refused the server: ${String(cause)}`, { cause });
  }
  return { type: 'sdk', name, instance: new SdkMcpServer(blueprint) };
}

/**
 * True for a config made by {@link createSdkMcpServer}: `type: 'sdk'`, a string `name` and an
 * `SdkMcpServer` instance (from any copy of this package).
 */
export function isSdkMcpServerConfig(value: unknown): value is McpSdkServerConfigWithInstance {
  if (!isPlainObject(value)) return false;
  return (
    value['type'] === 'sdk' && typeof value['name'] === 'string' && SdkMcpServer.isInstance(value['instance'])
  );
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
