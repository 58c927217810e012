import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isPlainObject } from './json-rpc.js';

/** The `tools/list` fields of one `tool()` tool that the MCP library cannot derive itself. */
export interface ToolListing {
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown> | undefined;
}

const listings = new WeakMap<object, Map<string, ToolListing>>();

/**
 * Records the JSON Schemas of a `tool()` tool registered on `server`. The tool is registered with
 * an open input schema (its arguments are validated by ccsdk against any Standard Schema), so the
 * MCP library would list it as an open object; {@link listRecordedSchemas} puts these schemas in
 * its place. Names stay unique: the MCP library refuses a second tool of the same name.
 */
export function recordToolListing(server: object, name: string, listing: ToolListing): void {
  let byName = listings.get(server);
  if (byName === undefined) {
    byName = new Map();
    listings.set(server, byName);
  }
  byName.set(name, listing);
}

const TOOLS_LIST = 'tools/list';

type RequestHandler = (request: unknown, extra: unknown) => unknown;

/**
 * Makes `mcp` list the recorded schemas of its `tool()` tools ({@link recordToolListing}) on any
 * transport it is connected to: the query's, or one the caller connects `instance` to, as with the
 * official SDK's server. The `tools/list` handler the MCP library installs (on the first tool
 * registered) is wrapped so that its reply carries them. Call before any tool is registered.
 */
export function listRecordedSchemas(mcp: McpServer): void {
  const server = mcp.server as unknown as {
    setRequestHandler(schema: unknown, handler: RequestHandler): void;
  };
  const install = server.setRequestHandler.bind(server);
  const setRequestHandler = (schema: unknown, handler: RequestHandler): void => {
    if (requestMethodOf(schema) !== TOOLS_LIST) install(schema, handler);
    else install(schema, async (request, extra) => withRecordedSchemas(mcp, await handler(request, extra)));
  };
  Object.defineProperty(server, 'setRequestHandler', {
    value: setRequestHandler,
    configurable: true,
    writable: true,
  });
}

/** The method a request schema of the MCP library stands for (its `method` literal; zod 3 or 4). */
function requestMethodOf(schema: unknown): unknown {
  const shape = (schema as { shape?: { method?: { value?: unknown } } } | undefined)?.shape;
  return shape?.method?.value;
}

/** A `tools/list` result of `server` with the recorded schemas of its `tool()` tools put in. */
function withRecordedSchemas(server: object, result: unknown): unknown {
  const byName = listings.get(server);
  if (byName === undefined || !isPlainObject(result) || !Array.isArray(result['tools'])) return result;
  const tools = result['tools'].map((entry: unknown) => {
    if (!isPlainObject(entry) || typeof entry['name'] !== 'string') return entry;
    const listing = byName.get(entry['name']);
    if (listing === undefined) return entry;
    const fixed: Record<string, unknown> = { ...entry, inputSchema: listing.inputSchema };
    if (listing.outputSchema !== undefined) fixed['outputSchema'] = listing.outputSchema;
    return fixed;
  });
  return { ...result, tools };
}
