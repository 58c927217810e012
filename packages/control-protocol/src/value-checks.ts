import { MAX_TIMEOUT_MS } from './limits.js';

/** Longest quoted text in an error message; a longer value is cut with an ellipsis. */
const QUOTE_MAX_CHARS = 200;

/** Quotes a bad option value for a TypeError message (at most `QUOTE_MAX_CHARS`). */
export function quote(value: unknown): string {
  if (typeof value === 'function') return `a function`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text;
}

/** Throws a TypeError unless `value` is a timeout in ms a timer can hold (1 .. 2^31-1). */
export function assertTimeoutMs(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) {
    throw new TypeError(
      `${name} must be a number of milliseconds in (0, ${MAX_TIMEOUT_MS}], got ${quote(value)}`,
    );
  }
}
