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
 * MCP library would list it as `{ type: 'object' }`; the hub puts these schemas in its place.
 * Names stay unique: the MCP library refuses a second tool of the same name.
 */
export function recordToolListing(server: object, name: string, listing: ToolListing): void {
  let byName = listings.get(server);
  if (byName === undefined) {
    byName = new Map();
    listings.set(server, byName);
  }
  byName.set(name, listing);
}

/** A `tools/list` reply of `server` with the recorded schemas of its `tool()` tools put in. */
export function applyToolListings(server: object, reply: Record<string, unknown>): Record<string, unknown> {
  const byName = listings.get(server);
  const result = reply['result'];
  if (byName === undefined || !isPlainObject(result) || !Array.isArray(result['tools'])) return reply;
  const tools = result['tools'].map((entry: unknown) => {
    if (!isPlainObject(entry) || typeof entry['name'] !== 'string') return entry;
    const listing = byName.get(entry['name']);
    if (listing === undefined) return entry;
    const fixed: Record<string, unknown> = { ...entry, inputSchema: listing.inputSchema };
    if (listing.outputSchema !== undefined) fixed['outputSchema'] = listing.outputSchema;
    return fixed;
  });
  return { ...reply, result: { ...result, tools } };
}
