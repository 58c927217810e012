import { describe, expect, it } from 'vitest';
import type { ControlProtocolError } from './errors.js';
import { LineSplitter } from './line-splitter.js';

const encoder = new TextDecoder();
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function split(chunks: readonly string[], maxLineBytes?: number) {
  const lines: string[] = [];
  const errors: ControlProtocolError[] = [];
  const splitter = new LineSplitter({
    onLine: (line) => lines.push(encoder.decode(line)),
    onError: (error) => errors.push(error),
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
  });
  for (const chunk of chunks) splitter.write(bytes(chunk));
  const rest = encoder.decode(splitter.end());
  return { lines, errors, rest };
}

describe('LineSplitter', () => {
  it('should split on newlines across chunks and strip a trailing \\r', () => {
    const result = split(['ab', 'c\nde\r', '\n\nf']);
    expect(result.lines).toEqual(['abc', 'de', '']);
    expect(result.rest).toBe('f');
  });

  it('should not let the caller reusing a chunk corrupt a held fragment', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter({ onLine: (line) => lines.push(encoder.decode(line)) });
    const chunk = bytes('hello');
    splitter.write(chunk);
    chunk.fill(0x21);
    splitter.write(bytes(' world\n'));
    expect(lines).toEqual(['hello world']);
  });

  it('should return an empty rest after a skipped over-long tail and reset for reuse', () => {
    const result = split(['x'.repeat(30)], 10);
    expect(result.errors.map((e) => e.code)).toEqual(['LINE_TOO_LONG']);
    expect(result.rest).toBe('');
  });

  it('should refuse a maxLineBytes that is not a positive integer, quoting it', () => {
    expect(() => new LineSplitter({ onLine: () => {}, maxLineBytes: -3 })).toThrow(/-3/);
    expect(() => new LineSplitter({ onLine: () => {}, maxLineBytes: Number.NaN })).toThrow(TypeError);
  });
});

describe('LineSplitter limit and CRLF', () => {
  const exact = 'e'.repeat(10);
  it('should not count the \\r of a CRLF against maxLineBytes', () => {
    expect(split([`${exact}\r\n`], 10)).toMatchObject({ lines: [exact], errors: [] });
    expect(split([...`${exact}\r\n`], 10)).toMatchObject({ lines: [exact], errors: [] });
    expect(split([`${exact}\r`, '\n'], 10)).toMatchObject({ lines: [exact], errors: [] });
  });

  it('should still refuse one content byte more, in one chunk, byte by byte, or at end()', () => {
    for (const chunks of [[`${exact}x\n`], [...`${exact}x\n`], [...`${exact}x`], [`${exact}x\r`]]) {
      const result = split(chunks, 10);
      expect(result.errors.map((e) => e.code)).toEqual(['LINE_TOO_LONG']);
      expect(result.lines).toEqual([]);
      expect(result.rest).toBe('');
    }
  });
});
