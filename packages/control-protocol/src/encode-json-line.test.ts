import { describe, expect, it } from 'vitest';
import { encodeJsonLine } from './encode-json-line.js';

describe('encodeJsonLine', () => {
  it('should write one line, escaping newlines inside strings and keeping U+2028 as is', () => {
    const line = encodeJsonLine({ text: 'a\nb\u2028c' });
    expect(line).toBe('{"text":"a\\nb\u2028c"}\n');
    expect(line.indexOf('\n')).toBe(line.length - 1);
  });

  it.each([undefined, () => 1, Symbol('s'), 10n])('should refuse %s with a TypeError', (value) => {
    expect(() => encodeJsonLine(value)).toThrow(TypeError);
  });

  it('should refuse a cycle with the serializer error as cause', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => encodeJsonLine(cyclic)).toThrow(expect.objectContaining({ cause: expect.any(TypeError) }));
  });
});
