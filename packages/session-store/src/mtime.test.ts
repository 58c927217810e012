import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMtime } from './mtime.js';

describe('normalizeMtime', () => {
  it('should floor numbers and accept numeric strings, ISO strings and Dates', () => {
    expect(normalizeMtime(1_700_000_000_123.9)).toBe(1_700_000_000_123);
    expect(normalizeMtime('1700000000123')).toBe(1_700_000_000_123);
    expect(normalizeMtime('2026-01-02T03:04:05.678Z')).toBe(Date.parse('2026-01-02T03:04:05.678Z'));
    expect(normalizeMtime(new Date(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('should read anything else as 0', () => {
    for (const bad of [
      undefined,
      null,
      'yesterday',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -5,
      {},
      [],
      true,
      new Date('x'),
    ]) {
      expect(normalizeMtime(bad)).toBe(0);
    }
  });

  it('should always return a non-negative safe integer', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const ms = normalizeMtime(value);
        return Number.isSafeInteger(ms) && ms >= 0;
      }),
    );
  });
});
