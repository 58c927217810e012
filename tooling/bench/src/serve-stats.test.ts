import { describe, expect, it } from 'vitest';
import {
  FLAT_RSS_GROWTH_MIB_PER_100,
  flatOrGrowing,
  formatKiBAsMiB,
  formatMs,
  growthPer100,
  percentile,
} from './serve-stats.js';

describe('percentile', () => {
  it('should take the nearest rank: p50 of 1..100 is 50, p99 is 99, p100 the largest', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
  });

  it('should make p99 of a small list its largest value, and leave the input unsorted', () => {
    const values = [30, 10, 20];
    expect(percentile(values, 99)).toBe(30);
    expect(percentile(values, 50)).toBe(20);
    expect(values).toEqual([30, 10, 20]);
  });

  it('should give NaN for an empty list and refuse a percentile outside 0-100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('growthPer100 and flatOrGrowing', () => {
  it('should scale the growth between two points to 100 sessions', () => {
    expect(growthPer100(100, 110, 500)).toBe(2);
    expect(growthPer100(100, 95, 50)).toBe(-10);
    expect(growthPer100(1, 2, 0)).toBeNaN();
  });

  it('should call growth at or under the limit flat, above it growing, and NaN n/a', () => {
    expect(flatOrGrowing(FLAT_RSS_GROWTH_MIB_PER_100, FLAT_RSS_GROWTH_MIB_PER_100)).toBe('flat');
    expect(flatOrGrowing(-3, 1)).toBe('flat');
    expect(flatOrGrowing(1.01, 1)).toBe('growing');
    expect(flatOrGrowing(Number.NaN, 1)).toBe('n/a');
  });
});

describe('cell formats', () => {
  it('should print whole milliseconds and MiB with one decimal, n/a for missing figures', () => {
    expect(formatMs(1234.6)).toBe('1235');
    expect(formatMs(Number.NaN)).toBe('n/a');
    expect(formatKiBAsMiB(1536)).toBe('1.5');
    expect(formatKiBAsMiB(Number.POSITIVE_INFINITY)).toBe('n/a');
  });
});
