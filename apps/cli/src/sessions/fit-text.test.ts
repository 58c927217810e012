import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charColumns, fitEnd, fitStart, textColumns, tildePath } from './fit-text.js';

const terminalText = fc.string({
  unit: fc.constantFrom('a', 'é', '日', '🙂', '\u0301', '\n', '\t', ' '),
  maxLength: 60,
});

describe('fitEnd and fitStart', () => {
  it('should never take more columns than given, pad to them exactly, and keep one line', () => {
    fc.assert(
      fc.property(terminalText, fc.integer({ min: 1, max: 40 }), (text, columns) => {
        for (const fitted of [fitEnd(text, columns), fitStart(text, columns)]) {
          expect(textColumns(fitted)).toBeLessThanOrEqual(columns);
          expect(fitted).not.toMatch(/[\n\t]/);
        }
        expect(textColumns(fitEnd(text, columns, true))).toBe(columns);
        expect(textColumns(fitStart(text, columns, true))).toBe(columns);
      }),
    );
  });

  it('should keep text that fits and mark cuts at the right end', () => {
    expect(fitEnd('hello', 5)).toBe('hello');
    expect(fitEnd('hello world', 6)).toBe('hello…');
    expect(fitStart('/home/dev/project', 8)).toBe('…project');
    expect(fitEnd('日本語', 4)).toBe('日…');
  });

  it('should count wide characters as two columns and combining marks as none', () => {
    expect(charColumns('日')).toBe(2);
    expect(charColumns('🙂')).toBe(2);
    expect(charColumns('\u0301')).toBe(0);
    expect(textColumns('café')).toBe(4);
  });
});

describe('tildePath', () => {
  it('should write the home folder as ~ only at a path boundary', () => {
    expect(tildePath('/home/dev/app', '/home/dev')).toBe('~/app');
    expect(tildePath('/home/dev', '/home/dev')).toBe('~');
    expect(tildePath('/home/developer', '/home/dev')).toBe('/home/developer');
    expect(tildePath('/x', undefined)).toBe('/x');
  });
});
