import { LineCursor, type LineCursorOptions } from './line-cursor.js';
import { SYNC_SLICE_MS } from './yield-slices.js';

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

/** Options of {@link readLines}: the range and read size, as for {@link LineCursor}. */
export type ReadLinesOptions = LineCursorOptions;

/** What {@link readLines} saw. */
export interface ReadLinesResult {
  /** File offset just past the last line visited (past its newline), or past the last byte read. */
  readonly endOffset: number;
  /** True when the visitor asked to stop. */
  readonly stopped: boolean;
}

/**
 * Streams a file as lines (see {@link LineCursor} for the splitting rules) to `visit`, giving the
 * event loop a turn every {@link SYNC_SLICE_MS}. A final fragment without a newline is visited
 * too, with `terminated: false`.
 */
export async function readLines(
  fd: number,
  visit: LineVisitor,
  options: ReadLinesOptions = {},
): Promise<ReadLinesResult> {
  const cursor = new LineCursor(fd, options);
  try {
    let sliceStart = performance.now();
    while (cursor.next()) {
      if (visit(cursor.bytes, cursor.start, cursor.end, cursor.offset, cursor.terminated) === false) {
        return { endOffset: cursor.endOffset, stopped: true };
      }
      if (performance.now() - sliceStart >= SYNC_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return { endOffset: cursor.endOffset, stopped: false };
  } finally {
    cursor.close();
  }
}
