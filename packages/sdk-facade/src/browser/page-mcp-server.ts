import {
  type CreateSdkMcpServerOptions,
  DEFAULT_SERVER_VERSION,
  DEFAULT_TOOL_TIMEOUT_MS,
  type ExtendedSdkMcpToolDefinition,
  invalidArgumentsText,
  type McpSdkServerConfigWithInstance,
  MIN_SERVER_TIMEOUT_MS,
  UnconvertibleSchemaError,
  warnUnlistableTool,
} from '@ccsdk/mcp-inproc';
import { BrowserSdkError } from './browser-error.js';
import { checkToolInput, inputJsonSchemaOf } from './page-tool.js';

/** The MCP protocol version the page server answers with when the client asks for none. */
export const PAGE_MCP_PROTOCOL_VERSION = '2025-06-18';

/** JSON-RPC error codes the page server answers with. */
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

type JsonRpcMessage = Record<string, unknown>;

/** The part of an MCP transport (the in-process hub) the page server uses. */
export interface PageMcpTransport {
  /** Set by the server: receives each client message. */
  onmessage?: ((message: never) => void) | undefined;
  /** Set by the server: the transport closed. */
  onclose?: (() => void) | undefined;
  /** Set by the server: a problem the transport saw. */
  onerror?: ((error: Error) => void) | undefined;
  /** Called once the server is connected. */
  start(): Promise<void>;
  /** Sends one server message; `relatedRequestId` ties it to the request it answers or reports on. */
  send(message: never, options?: { relatedRequestId?: string | number }): Promise<void>;
  /** Closes the transport. */
  close(): Promise<void>;
}

/**
 * A tool of the page's server: listed, or disabled (`listing` undefined) because zod has no JSON
 * form for its input schema, as the official SDK's server disables such a tool.
 */
interface PageTool {
  readonly definition: ExtendedSdkMcpToolDefinition;
  readonly listing: Record<string, unknown> | undefined;
}

/**
 * A small MCP server for the page, without the MCP SDK: what the in-process hub needs of a server
 * (`connect(transport)`, `close()`), answering `initialize`, `ping`, `tools/list` and `tools/call`
 * (and `notifications/cancelled`, which aborts the call's signal). Tools are fixed at creation.
 */
export class PageMcpServer {
  readonly #info: { name: string; version: string };
  readonly #instructions: string | undefined;
  readonly #tools = new Map<string, PageTool>();
  readonly #timeoutMs: number | undefined;
  readonly #calls = new Map<string | number, AbortController>();
  #transport: PageMcpTransport | undefined;

  constructor(options: CreateSdkMcpServerOptions, tools: readonly PageTool[]) {
    this.#info = { name: options.name, version: options.version ?? DEFAULT_SERVER_VERSION };
    this.#instructions = options.instructions;
    // Below the minimum, ignored, as the official SDK and the CLI ignore it.
    this.#timeoutMs =
      options.timeout !== undefined && options.timeout >= MIN_SERVER_TIMEOUT_MS ? options.timeout : undefined;
    for (const tool of tools) this.#tools.set(tool.definition.name, tool);
  }

  /** Serves `transport` (one at a time, as an MCP SDK server). */
  async connect(transport: PageMcpTransport): Promise<void> {
    if (this.#transport !== undefined) throw new Error('The page MCP server is already connected.');
    this.#transport = transport;
    transport.onmessage = ((message: JsonRpcMessage) => this.#receive(transport, message)) as never;
    transport.onclose = () => this.#disconnected(transport);
    await transport.start();
  }

  /** Stops serving: calls in flight see their signal abort. */
  async close(): Promise<void> {
    const transport = this.#transport;
    this.#disconnected(transport);
    await transport?.close();
  }

  #disconnected(transport: PageMcpTransport | undefined): void {
    if (transport === undefined || this.#transport !== transport) return;
    this.#transport = undefined;
    for (const call of this.#calls.values()) call.abort(new Error('The MCP server closed.'));
    this.#calls.clear();
  }

  #receive(transport: PageMcpTransport, message: JsonRpcMessage): void {
    const method = message['method'];
    const id = message['id'];
    if (typeof method !== 'string') return;
    if (typeof id !== 'string' && typeof id !== 'number') {
      if (method === 'notifications/cancelled') {
        const requestId = (message['params'] as { requestId?: unknown } | undefined)?.requestId;
        if (typeof requestId === 'string' || typeof requestId === 'number')
          this.#calls.get(requestId)?.abort();
      }
      return;
    }
    void this.#answer(transport, id, method, message['params']).then(
      (reply) => this.#send(transport, replyOf(id, reply), id),
      (error: unknown) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  async #answer(
    transport: PageMcpTransport,
    id: string | number,
    method: string,
    params: unknown,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }> {
    switch (method) {
      case 'initialize': {
        const asked = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        return {
          result: {
            protocolVersion: typeof asked === 'string' ? asked : PAGE_MCP_PROTOCOL_VERSION,
            capabilities: { tools: { listChanged: true } },
            serverInfo: this.#info,
            ...(this.#instructions !== undefined ? { instructions: this.#instructions } : {}),
          },
        };
      }
      case 'ping':
        return { result: {} };
      case 'tools/list':
        return { result: { tools: [...this.#tools.values()].flatMap((tool) => tool.listing ?? []) } };
      case 'tools/call':
        return this.#call(transport, id, params);
      default:
        return { error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
    }
  }

  async #call(
    transport: PageMcpTransport,
    id: string | number,
    params: unknown,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }> {
    const { name, arguments: args = {} } = (params ?? {}) as { name?: unknown; arguments?: unknown };
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (tool === undefined) {
      // The MCP library's words, as the official SDK's page server answers.
      return { result: errorResult(`MCP error ${INVALID_PARAMS}: Tool ${String(name)} not found`) };
    }
    if (tool.listing === undefined) {
      return { result: errorResult(`MCP error ${INVALID_PARAMS}: Tool ${tool.definition.name} disabled`) };
    }
    const label = `Tool ${JSON.stringify(tool.definition.name)}`;
    const checked = checkToolInput(tool.definition.inputSchema, args);
    if (!checked.ok) {
      return {
        result: errorResult(invalidArgumentsText(tool.definition.name, checked.issues, checked.zodIssues)),
      };
    }
    const controller = new AbortController();
    this.#calls.set(id, controller);
    const timeoutMs = tool.definition.timeoutMs ?? this.#timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopped = new Promise<{ result: unknown }>((resolve) => {
      const stop = (text: string): void => resolve({ result: errorResult(text) });
      controller.signal.addEventListener('abort', () => stop(`${label} was cancelled.`), { once: true });
      if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          stop(`${label} timed out after ${timeoutMs} ms.`);
          controller.abort(new Error(`${label} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
      }
    });
    const extra = {
      signal: controller.signal,
      requestId: id,
      sendNotification: (notification: JsonRpcMessage) =>
        this.#send(transport, { jsonrpc: '2.0', ...notification }, id),
      sendRequest: () => Promise.reject(new Error('A page MCP tool cannot send requests to the client.')),
    };
    try {
      const running = Promise.resolve()
        .then(() => tool.definition.handler(checked.value as never, extra as never))
        .then(
          (returned) => {
            const refused = refusedResult(returned);
            return refused ?? { result: checkResult(label, returned, tool.definition) };
          },
          (thrown: unknown) => ({ result: errorResult(thrownMessage(thrown) || `${label} failed.`) }),
        );
      return await Promise.race([running, stopped]);
    } finally {
      clearTimeout(timer);
      this.#calls.delete(id);
    }
  }

  async #send(transport: PageMcpTransport, message: JsonRpcMessage, related: string | number): Promise<void> {
    if (this.#transport !== transport) return;
    await transport.send(message as never, { relatedRequestId: related });
  }
}

/**
 * A JSON-RPC reply in the MCP library's key order, as the official SDK's page server writes it:
 * `{ result, jsonrpc, id }` for a success, `{ jsonrpc, id, error }` for an error.
 */
function replyOf(
  id: string | number,
  reply: { result: unknown } | { error: { code: number; message: string } },
): JsonRpcMessage {
  return 'result' in reply ? { result: reply.result, jsonrpc: '2.0', id } : { jsonrpc: '2.0', id, ...reply };
}

/**
 * A tool's result as the MCP library passes it on: `_meta`, `content` (`[]` when absent),
 * `structuredContent`, `isError` in that order, then any other key as returned.
 */
function inResultOrder(result: Record<string, unknown>): Record<string, unknown> {
  const { _meta, content, structuredContent, isError, ...rest } = result;
  return {
    ...(_meta === undefined ? {} : { _meta }),
    content: Array.isArray(content) ? content : [],
    ...(structuredContent === undefined ? {} : { structuredContent }),
    ...(isError === undefined ? {} : { isError }),
    ...rest,
  };
}

function errorResult(text: string): Record<string, unknown> {
  return { content: [{ type: 'text', text }], isError: true };
}

function thrownMessage(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  try {
    return JSON.stringify(thrown) ?? '';
  } catch {
    return '';
  }
}

/**
 * The MCP library's refusal of a handler's return value that is not a result (`undefined`, a
 * string, `{ content: 'text' }`), as the official SDK's page server answers it: a JSON-RPC error
 * quoting zod's issue; `undefined` for anything shaped like a result.
 */
function refusedResult(returned: unknown): { error: { code: number; message: string } } | undefined {
  const record = returned as { content?: unknown } | null;
  const isObject = typeof returned === 'object' && returned !== null && !Array.isArray(returned);
  let issue: { expected: string; code: string; path: string[]; message: string } | undefined;
  if (!isObject) {
    issue = typeIssue('object', [], returned);
  } else if (record?.content !== undefined && !Array.isArray(record.content)) {
    issue = typeIssue('array', ['content'], record.content);
  }
  if (issue === undefined) return undefined;
  const issues = JSON.stringify([issue], null, 2);
  return {
    error: {
      code: INVALID_PARAMS,
      message: `MCP error ${INVALID_PARAMS}: Invalid tools/call result: ${issues}`,
    },
  };
}

/** zod 4's `invalid_type` issue, its keys in zod's order. */
function typeIssue(expected: string, path: string[], received: unknown) {
  const got = zodTypeName(received);
  return {
    expected,
    code: 'invalid_type',
    path,
    message: `Invalid input: expected ${expected}, received ${got}`,
  };
}

/** The name zod 4 gives a received value's type in its messages. */
function zodTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function checkResult(
  label: string,
  returned: unknown,
  definition: ExtendedSdkMcpToolDefinition,
): Record<string, unknown> {
  const result = returned as { content?: unknown; structuredContent?: unknown; isError?: unknown } | null;
  if (
    typeof result !== 'object' ||
    result === null ||
    (result.content !== undefined && !Array.isArray(result.content))
  ) {
    return errorResult(`${label} returned an invalid result. Return { content: [...] }.`);
  }
  try {
    JSON.stringify(result);
  } catch {
    return errorResult(`${label} returned a result that cannot be serialized as JSON.`);
  }
  const out = inResultOrder(result as Record<string, unknown>);
  if (definition.outputSchema === undefined || result.isError === true) return out;
  if (result.structuredContent === undefined) {
    return errorResult(`${label} has an output schema but returned no structuredContent.`);
  }
  const checked = checkToolInput(definition.outputSchema, result.structuredContent);
  if (!checked.ok)
    return errorResult(`${label} returned invalid structuredContent: ${checked.issues.join('; ')}`);
  return out;
}

/**
 * Builds an in-page MCP server from `tool()` tools, with the signature of the root entry's
 * `createSdkMcpServer()`: `instance` is a {@link PageMcpServer} (typed as the official `McpServer`,
 * which it stands in for) that the query answers the CLI's `mcp_message` requests with. A page
 * server has tools only: `resources` and `prompts` throw a `BrowserSdkError` with code
 * `NOT_SUPPORTED_IN_BROWSER`; a bad or duplicate tool name throws a `TypeError`.
 */
export function createSdkMcpServer(options: CreateSdkMcpServerOptions): McpSdkServerConfigWithInstance {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('createSdkMcpServer options must be an object.');
  const { name, timeout } = options;
  if (typeof name !== 'string') {
    throw new TypeError(`createSdkMcpServer: name must be a string, got ${typeof name}.`);
  }
  if ((options.resources?.length ?? 0) > 0 || (options.prompts?.length ?? 0) > 0) {
    throw new BrowserSdkError(
      'NOT_SUPPORTED_IN_BROWSER',
      'createSdkMcpServer in a browser serves tools only (no resources or prompts).',
    );
  }
  const seen = new Set<string>();
  const tools = (options.tools ?? []).map((definition: ExtendedSdkMcpToolDefinition) => {
    if (seen.has(definition.name)) {
      throw new TypeError(
        `createSdkMcpServer(${JSON.stringify(name)}): duplicate tool name ${JSON.stringify(definition.name)}.`,
      );
    }
    seen.add(definition.name);
    try {
      return { definition, listing: listingOf(definition, options.alwaysLoad === true) };
    } catch (error) {
      if (!(error instanceof UnconvertibleSchemaError)) throw error;
      warnUnlistableTool(name, definition.name, error.reason);
      return { definition, listing: undefined };
    }
  });
  const instance = new PageMcpServer(options, tools);
  return {
    type: 'sdk',
    name,
    ...(timeout === undefined ? {} : { timeout }),
    instance: instance as unknown as McpSdkServerConfigWithInstance['instance'],
  };
}

/**
 * A tool's `tools/list` entry in the MCP library's key order, as the official SDK's page server
 * lists it: `name`, `title`, `description`, `inputSchema`, `annotations`, `execution` (a plain
 * call, never a task), `_meta`, then ccsdk's `outputSchema`. Unset keys are left out.
 */
function listingOf(definition: ExtendedSdkMcpToolDefinition, alwaysLoad: boolean): Record<string, unknown> {
  const meta = alwaysLoad ? { ...definition._meta, 'anthropic/alwaysLoad': true } : definition._meta;
  const listing: Record<string, unknown> = {
    name: definition.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    description: definition.description,
    inputSchema: inputJsonSchemaOf(definition.inputSchema),
    ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
    execution: { taskSupport: 'forbidden' },
    ...(meta === undefined ? {} : { _meta: meta }),
  };
  if (definition.outputSchema !== undefined) {
    let converted: Record<string, unknown>;
    try {
      converted = inputJsonSchemaOf(definition.outputSchema);
    } catch (cause) {
      throw new TypeError(
        `tool ${JSON.stringify(definition.name)}: outputSchema cannot be described as JSON Schema: ${String(cause)}`,
        { cause },
      );
    }
    const { $schema: _dialect, ...output } = converted;
    listing['outputSchema'] = output;
  }
  return listing;
}
