import { quoteValue } from './describe-value.js';

/** Longest delay `setTimeout` honours, in ms; a longer timeout is treated as no timeout. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * Checks a timeout option: a positive number of milliseconds, or `Infinity` for none. Throws a
 * `TypeError` quoting the bad value.
 */
export function validateTimeoutMs(value: unknown, label: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new TypeError(
      `${label} must be a positive number of milliseconds or Infinity, got ${quoteValue(value)}.`,
    );
  }
  return value;
}

/**
 * Calls `onTimeout` after `timeoutMs`, unless the returned function is called first. A timeout past
 * {@link MAX_TIMER_DELAY_MS} (or `Infinity`) never fires. The timer does not keep the process alive.
 */
export function startTimer(timeoutMs: number, onTimeout: () => void): () => void {
  if (!(timeoutMs <= MAX_TIMER_DELAY_MS)) return () => undefined;
  const timer = setTimeout(onTimeout, timeoutMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}
