import { describe, expect, it } from 'vitest';
import { mean, median, megabytesPerSecond } from './stats.js';

describe('median', () => {
  it('should take the middle value of an odd list and the mean of the two middle ones otherwise', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('should refuse an empty list', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('mean', () => {
  it('should average every value, outliers included', () => {
    expect(mean([1, 2, 3, 10])).toBe(4);
    expect(mean([7])).toBe(7);
    expect(() => mean([])).toThrow(RangeError);
  });
});

describe('megabytesPerSecond', () => {
  it('should count decimal megabytes per second', () => {
    expect(megabytesPerSecond(2_000_000, 500)).toBe(4);
  });
});
