import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig } from '../test/helpers.js';
import { readLines } from './line-reader.js';

let temp: TempConfig;
beforeAll(() => {
  temp = makeTempConfig();
});
afterAll(() => temp.cleanup());

interface Seen {
  text: string;
  offset: number;
  terminated: boolean;
}

async function collect(
  content: Buffer,
  chunkBytes: number,
  range: { start?: number; end?: number } = {},
): Promise<Seen[]> {
  const path = join(temp.root, 'lines.jsonl');
  await writeFile(path, content);
  const handle = await open(path);
  const seen: Seen[] = [];
  try {
    await readLines(
      handle.fd,
      (bytes, start, end, offset, terminated) => {
        seen.push({ text: bytes.toString('utf8', start, end), offset, terminated });
        return true;
      },
      { chunkBytes, ...range },
    );
  } finally {
    await handle.close();
  }
  return seen;
}

describe('readLines', () => {
  it('should split on newline bytes across chunk boundaries and report offsets', async () => {
    const seen = await collect(Buffer.from('ab\ncdef\n\nghi'), 3);
    expect(seen).toEqual([
      { text: 'ab', offset: 0, terminated: true },
      { text: 'cdef', offset: 3, terminated: true },
      { text: '', offset: 8, terminated: true },
      { text: 'ghi', offset: 9, terminated: false },
    ]);
  });

  it('should not split a multibyte character or treat U+2028 as a break', async () => {
    const text = 'é€\u2028😀\nnext';
    const seen = await collect(Buffer.from(text), 1);
    expect(seen.map((line) => line.text)).toEqual(['é€\u2028😀', 'next']);
  });

  it('should carry a line much longer than a chunk', async () => {
    const long = 'x'.repeat(10_000);
    const seen = await collect(Buffer.from(`a\n${long}\nb\n`), 7);
    expect(seen.map((line) => line.text)).toEqual(['a', long, 'b']);
  });

  it('should stop when the visitor says so and report where', async () => {
    const path = join(temp.root, 'stop.jsonl');
    await writeFile(path, 'one\ntwo\nthree\n');
    const handle = await open(path);
    const seen: string[] = [];
    const result = await readLines(handle.fd, (bytes, start, end) => {
      seen.push(bytes.toString('utf8', start, end));
      return seen.length < 2;
    });
    await handle.close();
    expect(seen).toEqual(['one', 'two']);
    expect(result).toEqual({ endOffset: 8, stopped: true });
  });

  it('should honour start and end offsets', async () => {
    const seen = await collect(Buffer.from('one\ntwo\nthree\n'), 4, { start: 4, end: 10 });
    expect(seen.map((line) => [line.text, line.terminated])).toEqual([
      ['two', true],
      ['th', false],
    ]);
  });

  it('should see the same lines as a whole-buffer split, for any content and chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'é', '\n', '😀', '{', '"', '\u2028'), { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        async (pieces, chunkBytes) => {
          const content = Buffer.from(pieces.join(''));
          const seen = await collect(content, chunkBytes);
          const expected = content.toString('utf8').split('\n');
          if (expected.at(-1) === '') expected.pop();
          expect(seen.map((line) => line.text)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
