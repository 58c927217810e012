import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig } from '../test/helpers.js';
import { LineCursor, type LineCursorOptions } from './line-cursor.js';

let temp: TempConfig;
beforeAll(() => {
  temp = makeTempConfig('ccsdk-sj-cursor-');
});
afterAll(() => temp.cleanup());

interface Pulled {
  bytes: number[];
  offset: number;
  terminated: boolean;
  endOffset: number;
}

/** Pulls every line of `content`, with an `await` between lines as an importer between appends. */
async function pullAll(content: Uint8Array, options: LineCursorOptions = {}): Promise<Pulled[]> {
  const path = join(temp.root, 'cursor.jsonl');
  writeFileSync(path, content);
  const fd = openSync(path, 'r');
  const cursor = new LineCursor(fd, options);
  const pulled: Pulled[] = [];
  try {
    while (cursor.next()) {
      pulled.push({
        bytes: [...cursor.bytes.subarray(cursor.start, cursor.end)],
        offset: cursor.offset,
        terminated: cursor.terminated,
        endOffset: cursor.endOffset,
      });
      await Promise.resolve();
    }
    expect(cursor.next()).toBe(false);
  } finally {
    cursor.close();
    closeSync(fd);
  }
  return pulled;
}

/** What splitting `content[start, end)` on 0x0A gives, computed the obvious way. */
function expected(content: Uint8Array, start = 0, end = content.length): Pulled[] {
  const lines: Pulled[] = [];
  let lineStart = start;
  for (let i = start; i < end; i++) {
    if (content[i] === 0x0a) {
      lines.push({
        bytes: [...content.subarray(lineStart, i)],
        offset: lineStart,
        terminated: true,
        endOffset: i + 1,
      });
      lineStart = i + 1;
    }
  }
  if (lineStart < end) {
    lines.push({
      bytes: [...content.subarray(lineStart, end)],
      offset: lineStart,
      terminated: false,
      endOffset: end,
    });
  }
  return lines;
}

describe('LineCursor', () => {
  it('should pull lines across chunk boundaries, carrying long lines, with offsets', async () => {
    const content = Buffer.from('ab\n\ncdefghij\nk\nlast');
    expect(await pullAll(content, { chunkBytes: 3 })).toEqual(expected(content));
  });

  it('should read nothing from an empty file and stop at the range end', async () => {
    expect(await pullAll(Buffer.alloc(0))).toEqual([]);
    const content = Buffer.from('one\ntwo\nthree\n');
    expect(await pullAll(content, { start: 4, end: 10, chunkBytes: 2 })).toEqual(expected(content, 4, 10));
  });

  it('should split any bytes exactly as a plain split on 0x0A, for any chunk size and range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }).map((bytes) => bytes.map((byte) => (byte % 7 === 0 ? 0x0a : byte))),
        fc.integer({ min: 1, max: 64 }),
        fc.nat(),
        fc.nat(),
        async (content, chunkBytes, a, b) => {
          const start = content.length === 0 ? 0 : a % (content.length + 1);
          const end = start + (content.length === 0 ? 0 : b % (content.length - start + 1));
          expect(await pullAll(content, { chunkBytes, start, end })).toEqual(expected(content, start, end));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should hand out nothing after close', async () => {
    const path = join(temp.root, 'closed.jsonl');
    writeFileSync(path, 'a\nb\n');
    const fd = openSync(path, 'r');
    const cursor = new LineCursor(fd);
    expect(cursor.next()).toBe(true);
    cursor.close();
    expect(cursor.next()).toBe(false);
    closeSync(fd);
  });
});
