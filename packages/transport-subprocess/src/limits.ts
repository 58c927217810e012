/**
 * How long `close()` waits after ending the CLI's stdin before it sends SIGTERM, in ms: 2000.
 *
 * Measured with Claude Code 2.1.332 on a 2-core Linux VM against a local fake Messages API:
 * idle, the CLI exits 62-93 ms after stdin EOF; mid-turn it finishes the turn and exits
 * 66-93 ms after the model's stream ends. Two seconds is about twenty times the idle figure and
 * gives a turn whose reply is already streaming the chance to finish and be written to the
 * session file (cutting it short loses the last assistant message); a turn that needs longer
 * is ended by SIGTERM.
 */
export const DEFAULT_CLOSE_GRACE_MS = 2000;

/** How long after SIGTERM the process group gets SIGKILL, in ms: 5000 (seed 000). */
export const DEFAULT_KILL_AFTER_MS = 5000;

/** How many bytes of the CLI's stderr are kept for error messages: the last 8 KiB. */
export const DEFAULT_STDERR_TAIL_BYTES = 8 * 1024;

/**
 * Longest stderr line handed to the `stderr` callback, in bytes: 1 MiB. A longer line is
 * reported through `onerror` (`LINE_TOO_LONG`) and skipped for the callback; it still enters
 * the stderr tail.
 */
export const MAX_STDERR_LINE_BYTES = 1024 * 1024;

/** How often a process group is checked for survivors while it is being shut down, in ms. */
export const GROUP_POLL_INTERVAL_MS = 25;

/**
 * How long a write that failed (or was refused) because the CLI exited waits for the exit to be
 * known, in ms: 5000, the same as the default `killAfterMs` that bounds how long the pipes stay
 * open after an exit. The CLI may die before it reads its first line; its exit code and stderr
 * arrive a moment after the write fails, and the write then rejects with that
 * `ProcessExitError` instead of a bare `TRANSPORT_CLOSED`.
 */
export const WRITE_FAILURE_EXIT_WAIT_MS = 5000;
