/**
 * How long a warm spare may wait for a session before it is replaced by a fresh one, in ms:
 * 10 minutes. A parked CLI read its settings, credentials, global config and
 * plugin state when it started; a spare that waits longer serves a session with a view of that
 * state up to this old, and a long-lived process is more likely to hold a stale OAuth token.
 * Ten minutes keeps a spare's view about as fresh as a running session's, and replacing n spares
 * every ten minutes costs a few seconds of (lowered-priority) CPU per spare on an idle server.
 */
export const DEFAULT_WARM_MAX_AGE_MS = 10 * 60_000;

/**
 * Most spares kept per spawn configuration (`--warm`): 32. Each spare is a resident Claude Code
 * process (about 200-400 MB), so a larger pool is far more likely a typo than a plan.
 */
export const MAX_WARM_SPARES = 32;

/**
 * Most spawn configurations the pool keeps spares for: 8. A configuration is a permission mode
 * (from an allow-list) with the server's mirror setting, so a real server uses a handful; the
 * cap bounds the processes a stream of requests naming different modes can make the pool hold.
 * A create whose configuration finds no room starts its CLI cold.
 */
export const MAX_WARM_CONFIGURATIONS = 8;

/**
 * How long a spare may take to start (spawn to its first stdout line), in ms: 120 s. A spare
 * starts at lowered priority, and on a 2-core machine under a load average of 70 one took more
 * than 60 s (measured while the benchmark ran); ending it then throws away nearly finished work.
 * One slower than this is ended and counted as replaced.
 */
export const WARM_SPARE_START_TIMEOUT_MS = 120_000;

/**
 * How long a claim may wait for the spare's `claim_session` answer, in ms: 30 s. A parked CLI
 * answers in well under a second on an idle machine (measured 80-200 ms), but it runs at
 * lowered priority, and on a 2-core machine busy with CLI starts it waits for the CPU; a cold
 * start there takes as long, so the claim gets that long before the spare is ended and the
 * session starts cold.
 */
export const WARM_CLAIM_TIMEOUT_MS = 30_000;

/**
 * Pause before the pool starts another spare after one failed to start, in ms: 5 s. A CLI that
 * cannot start (bad binary, bad flags) would otherwise be respawned in a tight loop.
 */
export const WARM_REFILL_BACKOFF_MS = 5_000;
