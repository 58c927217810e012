/** How long `initialize` may take before the query fails: 60 s, as the CLI may start slow MCP servers. */
export const INITIALIZE_TIMEOUT_MS = 60_000;

/**
 * How long `close()` of a query waits for the CLI to exit: 2 s. The transport's staged shutdown
 * (stdin EOF, grace, SIGTERM, SIGKILL) goes on in the background past this bound.
 */
export const QUERY_CLOSE_WAIT_MS = 2_000;
