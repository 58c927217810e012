/**
 * How long a hook call that passed its own timeout waits for the CLI's `control_cancel_request`
 * before it answers with an error itself, in ms: 5 s. The CLI enforces the same timeout (sent in
 * `initialize`) and applies its own rule when it passes (a `PreToolUse` hook that timed out blocks
 * the tool), while an early error reply would read as "the hook had no opinion" and let the tool
 * run. So the SDK leaves the answer to the CLI and only replies once this grace is over.
 */
export const HOOK_TIMEOUT_REPLY_GRACE_MS = 5_000;
