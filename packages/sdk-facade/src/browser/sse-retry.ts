import {
  SSE_MAX_RETRY_AFTER_MS,
  SSE_RETRY_INITIAL_DELAY_MS,
  SSE_RETRY_JITTER,
  SSE_RETRY_MAX_DELAY_MS,
} from './sse-limits.js';

/** The wait before retry number `attempt` (0 for the first), in ms: doubling, capped, with jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(SSE_RETRY_MAX_DELAY_MS, SSE_RETRY_INITIAL_DELAY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (1 - SSE_RETRY_JITTER * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The wait a `Retry-After` header (seconds, or an HTTP date) asks for, in ms, capped; 0 without one. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number {
  if (header === null || header.trim() === '') return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, SSE_MAX_RETRY_AFTER_MS) : 0;
}
