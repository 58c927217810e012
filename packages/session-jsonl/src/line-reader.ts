import { readSync } from 'node:fs';
import { acquireChunk, releaseChunk } from './chunk-pool.js';
import { STREAM_CHUNK_BYTES } from './limits.js';
import { SYNC_SLICE_MS } from './yield-slices.js';

const NEWLINE = 0x0a;

/**
 * Receives one line as a byte range `[start, end)` of `bytes` (without its `\n`), the file
 * offset of `start`, and whether a newline ended it (`false` only for a final fragment). The
 * bytes are only valid during the call. Return `false` to stop reading.
 */
export type LineVisitor = (
  bytes: Buffer,
  start: number,
  end: number,
  offset: number,
  terminated: boolean,
) => boolean | undefined;

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  /** File offset to start at. Default 0. */
  start?: number;
  /** File offset to stop at (exclusive). Default: end of file. */
  end?: number;
  /** Size of one read in bytes. Default {@link STREAM_CHUNK_BYTES}. */
  chunkBytes?: number;
}

/** What {@link readLines} saw. */
export interface ReadLinesResult {
  /** File offset just past the last line visited (past its newline), or past the last byte read. */
  readonly endOffset: number;
  /** True when the visitor asked to stop. */
  readonly stopped: boolean;
}

/** A growable byte buffer holding the line that straddles two reads. */
class Carry {
  bytes = Buffer.allocUnsafe(0);
  length = 0;
  offset = 0;

  append(source: Buffer, start: number, end: number): void {
    const need = this.length + (end - start);
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2, 4096));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    source.copy(this.bytes, this.length, start, end);
    this.length = need;
  }
}

/**
 * Streams a file as lines split on the 0x0A byte, in time and memory linear in the input.
 *
 * Works on bytes, so a multibyte UTF-8 character is never cut and U+2028/U+2029 are not breaks.
 * Reads are synchronous (a page-cache read of one chunk costs less than a thread-pool round trip)
 * and the event loop gets a turn every {@link SYNC_SLICE_MS}. Only a line that straddles two
 * reads is copied (into a buffer that grows geometrically), so each byte is copied a bounded
 * number of times. A final fragment without a newline is visited too, with `terminated: false`
 * (usually the half-written last entry of a killed CLI).
 */
export async function readLines(
  fd: number,
  visit: LineVisitor,
  options: ReadLinesOptions = {},
): Promise<ReadLinesResult> {
  const stop = options.end ?? Number.POSITIVE_INFINITY;
  const chunkBytes = options.chunkBytes ?? STREAM_CHUNK_BYTES;
  const chunk = acquireChunk(chunkBytes);
  try {
    return await readChunks(fd, visit, chunk, chunkBytes, options.start ?? 0, stop);
  } finally {
    releaseChunk(chunk);
  }
}

async function readChunks(
  fd: number,
  visit: LineVisitor,
  chunk: Buffer,
  chunkBytes: number,
  start: number,
  stop: number,
): Promise<ReadLinesResult> {
  let position = start;
  const carry = new Carry();
  let sliceStart = performance.now();
  while (position < stop) {
    const length = readSync(fd, chunk, 0, Math.min(chunkBytes, stop - position), position);
    if (length === 0) break;
    const view = chunk.subarray(0, length);
    const viewOffset = position;
    position += length;
    let lineStart = 0;
    let newline = view.indexOf(NEWLINE, 0);
    if (carry.length > 0) {
      if (newline === -1) {
        carry.append(view, 0, length);
        continue;
      }
      carry.append(view, 0, newline);
      const carried = carry.length;
      carry.length = 0;
      if (visit(carry.bytes, 0, carried, carry.offset, true) === false) {
        return { endOffset: viewOffset + newline + 1, stopped: true };
      }
      lineStart = newline + 1;
      newline = view.indexOf(NEWLINE, lineStart);
    }
    while (newline !== -1) {
      if (visit(view, lineStart, newline, viewOffset + lineStart, true) === false) {
        return { endOffset: viewOffset + newline + 1, stopped: true };
      }
      lineStart = newline + 1;
      newline = view.indexOf(NEWLINE, lineStart);
    }
    if (lineStart < length) {
      carry.offset = viewOffset + lineStart;
      carry.append(view, lineStart, length);
    }
    if (performance.now() - sliceStart >= SYNC_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  if (carry.length > 0 && visit(carry.bytes, 0, carry.length, carry.offset, false) === false) {
    return { endOffset: position, stopped: true };
  }
  return { endOffset: position, stopped: false };
}
