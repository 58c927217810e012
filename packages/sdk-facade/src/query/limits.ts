/** How long `initialize` may take before the query fails: 60 s, as the CLI may start slow MCP servers. */
export const INITIALIZE_TIMEOUT_MS = 60_000;

/**
 * The most time SessionStart and Setup hooks may run before `initialize` is answered without it
 * counting against `INITIALIZE_TIMEOUT_MS`: 10 minutes, as with the official SDK. Only when no
 * `initializeTimeoutMs` is passed; a value that is passed counts throughout.
 */
export const STARTUP_HOOKS_MAX_HOLD_MS = 10 * 60_000;

/**
 * How long `close()` of a query waits for the CLI to exit: 2 s. The transport's staged shutdown
 * (stdin EOF, grace, SIGTERM, SIGKILL) goes on in the background past this bound.
 */
export const QUERY_CLOSE_WAIT_MS = 2_000;

/**
 * How long the query waits, after a result that leaves user messages without a result of their
 * own, for the CLI to start a turn for them (its `system/init`), in ms: 2000. Claude Code 2.1.332
 * runs a message queued behind a finishing turn as a turn of its own, which starts within tens
 * of ms of the result; but it folds a message that arrives while a tool runs into the running
 * turn, which then ends with one result for both. When no turn starts within this time, the
 * messages count as answered, so input can end instead of waiting for a result that never comes.
 */
export const QUEUED_TURN_WAIT_MS = 2000;
