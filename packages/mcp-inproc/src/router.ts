import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { quoteValue } from './describe-value.js';
import { SdkMcpError } from './errors.js';
import { classifyJsonRpc, isPlainObject, JSON_RPC_ERROR, jsonRpcError, readRequestId } from './json-rpc.js';
import type { McpSdkServerConfigWithInstance } from './sdk-mcp-server.js';
import { isSdkMcpServerConfig } from './sdk-server-config.js';
import { ServerLink } from './server-link.js';
import { buildServerManifest, type SdkMcpServerManifest } from './server-manifest.js';
import { validateTimeoutMs } from './timeout.js';

/** Options of {@link SdkMcpRouter}. */
export interface SdkMcpRouterOptions {
  /**
   * Limit of one tool call in ms, for tools that set none. Default `DEFAULT_TOOL_TIMEOUT_MS`;
   * `Infinity` disables it. When it passes, the handler's signal aborts and the call answers `isError`.
   */
  toolTimeoutMs?: number;
  /** Receives non-fatal problems: a server that failed to start, a reply it could not send. */
  onError?: (error: Error) => void;
  /**
   * Receives what a server sends the client unasked: notifications such as
   * `notifications/tools/list_changed` (a tool registered while the query runs) or progress of a
   * call. The facade sends each to the CLI as an `mcp_message` control request.
   */
  onServerMessage?: (serverName: string, message: JSONRPCMessage) => void;
}

/** Options of one {@link SdkMcpRouter.handle} call. */
export interface SdkMcpHandleOptions {
  /** Aborting it (the CLI sent `control_cancel_request`) cancels the call: the handler's signal aborts. */
  signal?: AbortSignal;
}

/**
 * Answers the CLI's `mcp_message` control requests from in-process SDK MCP servers. Each server
 * gets one MCP session of its own, opened by its first message, on the config's `McpServer`:
 * one instance serves any number of routers (queries) at once, each message going through JSON
 * as on the wire.
 *
 * @example
 * const router = new SdkMcpRouter({ calc });
 * channel.setHandler('mcp_message', async (req, { signal }) =>
 *   ({ mcp_response: await router.handle(req.server_name, req.message, { signal }) }));
 */
export class SdkMcpRouter {
  readonly #servers = new Map<string, McpSdkServerConfigWithInstance>();
  readonly #links = new Map<string, Promise<ServerLink>>();
  readonly #toolTimeoutMs: number | undefined;
  readonly #onError: (error: Error) => void;
  readonly #onServerMessage: SdkMcpRouterOptions['onServerMessage'];
  #closed = false;

  /**
   * @param servers SDK server configs keyed by the name the CLI uses (the `mcpServers` key).
   * @throws TypeError quoting the bad value, for a config not made by `createSdkMcpServer` or a bad option.
   */
  constructor(servers: Record<string, McpSdkServerConfigWithInstance>, options: SdkMcpRouterOptions = {}) {
    if (!isPlainObject(options as unknown))
      throw new TypeError(`SdkMcpRouter: options must be an object, got ${quoteValue(options)}.`);
    for (const [key, config] of checkedServers(servers)) this.#servers.set(key, config);
    if (options.toolTimeoutMs !== undefined)
      validateTimeoutMs(options.toolTimeoutMs, 'SdkMcpRouter: toolTimeoutMs');
    if (options.onError !== undefined && typeof options.onError !== 'function') {
      throw new TypeError(`SdkMcpRouter: onError must be a function, got ${quoteValue(options.onError)}.`);
    }
    this.#toolTimeoutMs = options.toolTimeoutMs;
    if (options.onServerMessage !== undefined && typeof options.onServerMessage !== 'function') {
      throw new TypeError(
        `SdkMcpRouter: onServerMessage must be a function, got ${quoteValue(options.onServerMessage)}.`,
      );
    }
    this.#onError = options.onError ?? (() => undefined);
    this.#onServerMessage = options.onServerMessage;
  }

  /**
   * Makes `servers` the set this router answers for, as `Query.setMcpServers()` does with the
   * in-process servers: a server kept under the same name with the same config keeps its MCP
   * session; one removed or given another config has its session closed (its running handlers'
   * signals abort). Resolves with the set it replaced, once those sessions are closed.
   *
   * @throws TypeError quoting the bad value, for a config not made by `createSdkMcpServer`.
   */
  async replaceServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfigWithInstance>> {
    const next = new Map(checkedServers(servers));
    const previous = Object.fromEntries(this.#servers);
    const closing: Promise<ServerLink | undefined>[] = [];
    for (const [name, config] of this.#servers) {
      if (next.get(name) === config) continue;
      const link = this.#links.get(name);
      this.#links.delete(name);
      if (link !== undefined) closing.push(link.catch(() => undefined));
    }
    this.#servers.clear();
    for (const [name, config] of next) this.#servers.set(name, config);
    await Promise.all(closing.map(async (pending) => (await pending)?.close()));
    return previous;
  }

  /** The server names this router answers for. */
  get serverNames(): string[] {
    return [...this.#servers.keys()];
  }

  /** The server configs this router answers for, by name (a copy; the configs themselves). */
  get servers(): Record<string, McpSdkServerConfigWithInstance> {
    return Object.fromEntries(this.#servers);
  }

  /**
   * Answers one JSON-RPC message from the CLI; resolves with the JSON-RPC reply (an ack
   * `{ jsonrpc: '2.0', result: {} }` for a notification).
   *
   * Never throws for bad input: an unknown server gets a -32601 error reply, a message that is not
   * JSON-RPC a -32600 reply, a server that fails to start a -32603 reply. Rejects with
   * `SdkMcpError` code `ROUTER_CLOSED` after {@link close}, and `REQUEST_ABORTED` when `signal` aborts.
   */
  async handle(serverName: string, message: unknown, options: SdkMcpHandleOptions = {}): Promise<unknown> {
    if (this.#closed) throw closedError(serverName);
    const { signal } = options;
    if (signal?.aborted) {
      throw new SdkMcpError({
        code: 'REQUEST_ABORTED',
        message: 'The mcp_message was cancelled before it was sent.',
        cause: signal.reason,
        serverName,
      });
    }
    const id = readRequestId(message);
    const config = typeof serverName === 'string' ? this.#servers.get(serverName) : undefined;
    if (config === undefined) {
      return jsonRpcError(id, JSON_RPC_ERROR.methodNotFound, `Server ${quoteValue(serverName)} not found`);
    }
    const kind = classifyJsonRpc(message);
    if (kind === undefined) {
      return jsonRpcError(
        id,
        JSON_RPC_ERROR.invalidRequest,
        `Invalid Request: not a JSON-RPC 2.0 message: ${quoteValue(message)}`,
      );
    }
    let link: ServerLink;
    try {
      link = await this.#linkFor(serverName, config);
    } catch (error) {
      if (this.#closed) throw closedError(serverName);
      return jsonRpcError(
        id,
        JSON_RPC_ERROR.internalError,
        `SDK MCP server ${JSON.stringify(serverName)} failed to start: ${String(error)}`,
      );
    }
    return link.deliver(message as Record<string, unknown>, kind, signal);
  }

  /**
   * Runs each server's MCP handshake here, in this process, and resolves with the results by
   * server name, for the `sdkMcpServerManifests` field of `initialize`: the CLI then counts the
   * servers connected before it answers `initialize`, so a control request made right after
   * (`mcp_status`, `get_context_usage`) sees them, and no `mcp_message` round trip is spent on
   * the handshake. A server whose handshake fails or takes longer than `MANIFEST_TIMEOUT_MS` is
   * left out (the CLI connects to it over `mcp_message`). Keep answering `mcp_message` for every
   * server either way. Never rejects; `{}` after {@link close}.
   */
  async manifests(): Promise<Record<string, SdkMcpServerManifest>> {
    const entries = await Promise.all(
      this.serverNames.map(async (name) => {
        const manifest = await buildServerManifest((message) => this.handle(name, message));
        return [name, manifest] as const;
      }),
    );
    const found: Record<string, SdkMcpServerManifest> = {};
    for (const [name, manifest] of entries) if (manifest !== undefined) found[name] = manifest;
    return found;
  }

  /**
   * Closes every MCP session: running handlers' signals abort, waiting `handle()` calls reject with
   * code `ROUTER_CLOSED`, and no handler starts afterwards. Idempotent.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const links = [...this.#links.values()];
    this.#links.clear();
    await Promise.all(links.map(async (pending) => (await pending.catch(() => undefined))?.close()));
  }

  #linkFor(serverName: string, config: McpSdkServerConfigWithInstance): Promise<ServerLink> {
    let link = this.#links.get(serverName);
    if (link === undefined) {
      const onServerMessage = this.#onServerMessage;
      link = ServerLink.open(serverName, config.instance, {
        toolTimeoutMs: this.#toolTimeoutMs,
        onError: this.#onError,
        onServerMessage:
          onServerMessage === undefined ? undefined : (message) => onServerMessage(serverName, message),
      }).then(async (opened) => {
        if (this.#closed) {
          await opened.close();
          throw closedError(serverName);
        }
        // A session the caller's `instance.close()` ended is replaced on the next message.
        const dropWhenClosed = (): void => {
          if (this.#links.get(serverName) === opening) this.#links.delete(serverName);
        };
        opened.onClosed(dropWhenClosed);
        return opened;
      });
      const opening = link;
      opening.catch((error: unknown) => {
        if (this.#links.get(serverName) === opening) this.#links.delete(serverName);
        if (!this.#closed) this.#onError(error instanceof Error ? error : new Error(String(error)));
      });
      this.#links.set(serverName, link);
    }
    return link;
  }
}

/** The entries of a servers record, each checked to be a `createSdkMcpServer()` config. */
function checkedServers(
  servers: Record<string, McpSdkServerConfigWithInstance>,
): [string, McpSdkServerConfigWithInstance][] {
  if (!isPlainObject(servers as unknown))
    throw new TypeError(`SdkMcpRouter: servers must be an object, got ${quoteValue(servers)}.`);
  return Object.entries(servers).map(([key, config]) => {
    if (!isSdkMcpServerConfig(config)) {
      throw new TypeError(
        `SdkMcpRouter: server ${JSON.stringify(key)} is not an in-process server config ({ type: 'sdk', name, instance: McpServer }), got ${quoteValue(config)}.`,
      );
    }
    return [key, config];
  });
}

function closedError(serverName: string): SdkMcpError {
  return new SdkMcpError({
    code: 'ROUTER_CLOSED',
    message: 'The SDK MCP router is closed; no more mcp_message requests are answered.',
    serverName,
  });
}
