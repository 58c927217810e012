import { describe, expect, it } from 'vitest';
import { fmt, fmtMs } from './bench-children.js';

describe('fmtMs', () => {
  it('should print ms to one decimal, and to the µs below 0.1 ms so that a µs-scale call is not 0.0', () => {
    expect(fmtMs(56.74)).toBe('56.7');
    expect(fmtMs(0.1)).toBe('0.1');
    expect(fmtMs(0.0121)).toBe('0.012');
    expect(fmtMs(0)).toBe('0.000');
    expect(fmtMs(Number.NaN)).toBe('n/a');
    expect(fmt(Number.POSITIVE_INFINITY, 2)).toBe('n/a');
  });
});
