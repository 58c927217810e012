import type { FileHandle } from 'node:fs/promises';
import { STREAM_CHUNK_BYTES } from './limits.js';

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
  /** Offset just past the last byte read. */
  readonly endOffset: number;
  /** True when the visitor asked to stop. */
  readonly stopped: boolean;
}

/**
 * Streams a file as lines split on the 0x0A byte, in time and memory linear in the input.
 *
 * Works on bytes, so a multibyte UTF-8 character is never cut and U+2028/U+2029 are not breaks.
 * One buffer is reused; a line longer than half of it doubles it, so each byte is copied a bounded
 * number of times. A final fragment without a newline is visited too (it is usually the
 * half-written last entry of a killed CLI, which the caller then fails to parse).
 */
export async function readLines(
  handle: FileHandle,
  visit: LineVisitor,
  options: ReadLinesOptions = {},
): Promise<ReadLinesResult> {
  let position = options.start ?? 0;
  const stop = options.end ?? Number.POSITIVE_INFINITY;
  let buffer = Buffer.allocUnsafe(options.chunkBytes ?? STREAM_CHUNK_BYTES);
  let filled = 0;
  let filledOffset = position;
  while (position < stop) {
    if (filled > buffer.length >>> 1) {
      const grown = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
    const want = Math.min(buffer.length - filled, stop - position);
    const { bytesRead } = await handle.read(buffer, filled, want, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const scanFrom = filled;
    filled += bytesRead;
    const view = buffer.subarray(0, filled);
    let lineStart = 0;
    let newline = view.indexOf(NEWLINE, scanFrom);
    while (newline !== -1) {
      if (visit(view, lineStart, newline, filledOffset + lineStart, true) === false) {
        return { endOffset: filledOffset + newline + 1, stopped: true };
      }
      lineStart = newline + 1;
      newline = view.indexOf(NEWLINE, lineStart);
    }
    if (lineStart > 0) {
      buffer.copy(buffer, 0, lineStart, filled);
      filled -= lineStart;
      filledOffset += lineStart;
    }
  }
  if (filled > 0 && visit(buffer, 0, filled, filledOffset, false) === false) {
    return { endOffset: position, stopped: true };
  }
  return { endOffset: position, stopped: false };
}
