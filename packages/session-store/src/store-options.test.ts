import { describe, expect, it } from 'vitest';
import { countOption } from './store-options.js';

describe('countOption', () => {
  it('should read limit and offset as the official SDK does: the text of a number counts as the number', () => {
    expect(countOption({ limit: 2 }, 'limit')).toBe(2);
    expect(countOption({ limit: '2' }, 'limit')).toBe(2);
    expect(countOption({ limit: '1.5' }, 'limit')).toBe(1.5);
    expect(countOption({ limit: '0' }, 'limit')).toBeUndefined();
    expect(countOption({ limit: -1 }, 'limit')).toBeUndefined();
    expect(countOption({ limit: null }, 'limit')).toBeUndefined();
  });

  it('should refuse a value that is neither a number nor the text of one', () => {
    expect(() => countOption({ limit: 'two' }, 'limit')).toThrow(/limit must be a number or the text of one/);
    expect(() => countOption({ offset: true }, 'offset')).toThrow(TypeError);
    expect(() => countOption({ offset: '' }, 'offset')).toThrow(TypeError);
  });
});
