import { describe, expect, it } from 'vitest';
import { SSE_MAX_RETRY_AFTER_MS, SSE_RETRY_INITIAL_DELAY_MS, SSE_RETRY_MAX_DELAY_MS } from './sse-limits.js';
import { retryAfterMs, retryDelayMs } from './sse-retry.js';

describe('retryDelayMs', () => {
  it('doubles from the initial delay up to the cap, and jitters down by at most a fifth', () => {
    expect(retryDelayMs(0, () => 0)).toBe(SSE_RETRY_INITIAL_DELAY_MS);
    expect(retryDelayMs(1, () => 0)).toBe(SSE_RETRY_INITIAL_DELAY_MS * 2);
    expect(retryDelayMs(50, () => 0)).toBe(SSE_RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(50, () => 1)).toBe(SSE_RETRY_MAX_DELAY_MS * 0.8);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and dates, caps them, and ignores garbage', () => {
    expect(retryAfterMs(null)).toBe(0);
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('99999')).toBe(SSE_MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 7_000)).toBe(3000);
    expect(retryAfterMs('soon')).toBe(0);
    expect(retryAfterMs('-5')).toBe(0);
  });
});
