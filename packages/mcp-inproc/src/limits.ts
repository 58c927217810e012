/**
 * Default wall-clock limit of one in-process tool call, in milliseconds (10 minutes).
 *
 * When it passes, the handler's `extra.signal` aborts and the call answers with an `isError`
 * result, so the turn goes on. It is a guard against a handler that never settles, set well above
 * any sane tool run; override it per router (`toolTimeoutMs`) or per tool (`tool(..., { timeoutMs })`),
 * or pass `Infinity` to disable it.
 */
export const DEFAULT_TOOL_TIMEOUT_MS = 600_000;

/**
 * A server's `timeout` below this many milliseconds (1000) is ignored, as the official SDK documents
 * and the CLI does: the call falls through to the query's limit. A value meant in seconds
 * (`timeout: 30`) then cannot cut every call short.
 */
export const MIN_SERVER_TIMEOUT_MS = 1000;

/** The `version` an SDK MCP server reports when `createSdkMcpServer` is given none. */
export const DEFAULT_SERVER_VERSION = '1.0.0';

/**
 * Longest {@link SdkMcpRouter.manifests} waits for one server's local handshake, in ms: 5000.
 * The handshake runs in this process (initialize, then tools/list) and takes about a millisecond;
 * a server that has not answered by then gets no manifest, and the CLI connects to it over
 * `mcp_message` as it would without manifests.
 */
export const MANIFEST_TIMEOUT_MS = 5000;

/**
 * The MCP protocol version the local manifest handshake asks a server for: `2025-11-25`, the
 * latest of the MCP SDK this package is built against (a test keeps the two equal). A constant
 * rather than the SDK's `LATEST_PROTOCOL_VERSION`, whose module holds every MCP schema: the router
 * then loads no MCP SDK code, and bundles small for a browser. A server that speaks an older
 * version answers with it, as the protocol's negotiation says.
 */
export const MANIFEST_PROTOCOL_VERSION = '2025-11-25';
